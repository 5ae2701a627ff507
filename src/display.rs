//! A position drawn for a person: the board with rank numbers and file letters, holes as blanks,
//! the hands, the side to move and the FEN. Used by `analyze`.

use crate::board::{Bits, Color};
use crate::position::Position;

pub fn board_text<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mut s = String::new();
    for rank in (0..g.ranks as i32).rev() {
        s.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..g.files as i32 {
            let cell = match g.square(file, rank) {
                None => ' ',
                Some(sq) => {
                    let p = pos.piece_at(sq);
                    if p.is_none() { '.' } else { pos.piece_char(p) }
                }
            };
            s.push(' ');
            s.push(cell);
        }
        s.push('\n');
    }
    s.push_str("    ");
    for file in 0..g.files {
        s.push(' ');
        s.push((b'a' + file) as char);
    }
    s.push('\n');
    if v.flags.hands {
        for c in Color::BOTH {
            let held: String = v
                .hand_kinds
                .iter()
                .flat_map(|&k| {
                    std::iter::repeat_n(
                        pos.piece_char(crate::board::Piece::new(c, k)),
                        pos.hand_count(c, k) as usize,
                    )
                })
                .collect();
            s.push_str(&format!(
                "{} in hand: {}\n",
                c.name(),
                if held.is_empty() { "-".into() } else { held }
            ));
        }
    }
    let frozen = if pos.is_frozen() {
        " (frozen: must pass)"
    } else {
        ""
    };
    let check = if pos.in_check() { ", in check" } else { "" };
    s.push_str(&format!(
        "{} to move{frozen}{check}\nFEN: {}\n",
        pos.side_to_move().name(),
        pos.to_fen()
    ));
    s
}
