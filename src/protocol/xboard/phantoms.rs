//! XBoard's phantom pieces (PROTOCOL.md §5.3). A move that removes two or more pieces away from
//! its destination crosses the CECP boundary in a lossy two-leg form (or, from a person or
//! another engine, in any shorter form our parser accepts); XBoard removes only the squares the
//! string lists, so the other victims stay on its board. We keep those squares for the game, forget
//! one when XBoard clears it (a leg ends on it, a drop lands on it), and leave out at the root the
//! moves XBoard would then apply wrongly: a drop onto a phantom (XBoard forfeits a drop onto a
//! square occupied on its board, §4.6), castling across one (XBoard moves the first piece
//! beside the king as the rook, §4.7) and a king step onto a phantom rook of its own side (XBoard
//! takes a king landing on its own rook for a Chess960 castling).

use crate::notation::PASS;
use std::collections::BTreeMap;

use super::markers::Board;
use super::moves::{coords, shape};

/// The squares where XBoard's board shows a piece that is gone from ours, each with the FEN
/// letter of that piece when our board named it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Phantoms {
    squares: BTreeMap<String, Option<char>>,
}

impl Phantoms {
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    pub fn contains(&self, square: &str) -> bool {
        self.squares.contains_key(square)
    }

    /// After XBoard applied `sent` (the string it carried, without `usermove` or `;`) for the
    /// move whose canonical string is `canonical`, played on `before` (which names the victims'
    /// pieces; without it they are recorded unnamed).
    pub fn record(&mut self, sent: &str, canonical: &str, before: Option<&Board>) {
        if canonical == PASS {
            return;
        }
        if let Some((_, square)) = sent.split_once('@') {
            // A drop lands on its square (a drop with push is written on its final square).
            self.squares
                .remove(square.split(',').next_back().unwrap_or(square));
            return;
        }
        let (Some(carried), Some(full)) = (shape(sent), shape(canonical)) else {
            return;
        };
        for cleared in carried.victims.iter().chain([&carried.to]) {
            self.squares.remove(cleared);
        }
        for victim in full.victims {
            if !carried.victims.contains(&victim) && victim != carried.to {
                let piece = before.and_then(|b| b.at(&victim));
                self.squares.insert(victim, piece);
            }
        }
    }

    /// Whether XBoard would apply `canonical` wrongly because of a phantom, on the board of our
    /// `fen` before the move: a drop onto a phantom, a king move onto a phantom rook of its own
    /// side (XBoard's Chess960 castling), or a king move of two or more files along its rank
    /// (XBoard's castling) with a phantom between the king and the first piece of ours it would
    /// reach going that way.
    pub fn trips(&self, canonical: &str, board: &Board) -> bool {
        if self.is_empty() {
            return false;
        }
        if let Some((_, square)) = canonical.split_once('@') {
            return self.contains(square);
        }
        let Some(s) = shape(canonical) else {
            return false;
        };
        let (Some((from_file, from_rank)), Some((to_file, to_rank))) =
            (coords(&s.from), coords(&s.to))
        else {
            return false;
        };
        let king = board.at(&s.from).filter(|k| matches!(k, 'K' | 'k'));
        let own_rook = king.map(|k| if k == 'K' { 'R' } else { 'r' });
        if own_rook.is_some() && self.squares.get(&s.to) == Some(&own_rook) {
            return true;
        }
        if king.is_none() || from_rank != to_rank || from_file.abs_diff(to_file) < 2 {
            return false;
        }
        let step: isize = if to_file > from_file { 1 } else { -1 };
        let mut file = from_file as isize + step;
        while file >= 0 {
            let square = square_name(file as usize, from_rank);
            if self.contains(&square) {
                return true;
            }
            if !board.on_board(&square) || board.at(&square).is_some() {
                return false;
            }
            file += step;
        }
        false
    }
}

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::AnyGame;
    use crate::variants::lookup;

    /// The board of a position of `variant`.
    fn board_of(variant: &str, fen: &str) -> Board {
        Board::of(&AnyGame::new(lookup(variant).unwrap(), Some(fen)).unwrap())
    }

    #[test]
    fn lossy_forms_leave_phantoms_and_landings_clear_them() {
        let mut p = Phantoms::default();
        // CA-T2's armor killing d3 and d4 sent as `c3d4,d4e4`: d3 stays on XBoard's board.
        p.record("c3d4,d4e4", "c3d3,d3d4,d4e4", None);
        assert!(p.contains("d3") && !p.contains("d4"));
        // A checker chain written by its landing squares leaves both jumped pieces.
        p.record("c4e6,e6g8", "c4d5,d5f7,f7g8", None);
        assert!(p.contains("d5") && p.contains("f7"));
        // A move ending on a phantom, a leg through one and a drop onto one clear it.
        p.record("e2d3", "e2d3", None);
        p.record("g8f7,f7f6", "g8f7,f7f6", None);
        p.record("S@d5", "S@d5", None);
        assert!(p.is_empty(), "{p:?}");
        // The canonical string itself leaves nothing behind; a pass changes nothing.
        p.record("a1a4,a4a1", "a1a4,a4a1", None);
        p.record("@@@@", "0000", None);
        assert!(p.is_empty());
    }

    #[test]
    fn drops_and_castling_across_phantoms_are_tripped() {
        let mut p = Phantoms::default();
        let board = board_of("chess", "4k3/8/8/8/3N4/8/8/R3K2R w KQ - 0 1");
        p.record("b1c3,c3d4", "b1b2,b2c3,c3d4", Some(&board));
        assert!(p.contains("b2"));
        assert!(p.trips("P@b2", &board));
        assert!(!p.trips("P@b3", &board));
        assert!(!p.trips("e1c1", &board), "b2 is not on the king's rank");
        // A phantom between the king and its rook on the king's rank.
        let mut r = Phantoms::default();
        r.squares.insert("c1".to_string(), Some('n'));
        assert!(
            r.trips("e1c1", &board),
            "XBoard would move c1's phantom as the rook"
        );
        assert!(!r.trips("e1g1", &board));
        assert!(
            !r.trips("e1d1", &board),
            "a one-square king move is no castling"
        );
    }

    #[test]
    fn a_king_step_onto_its_own_phantom_rook_is_tripped() {
        // White's armor drove h6-h7-h8-g8 through Black's rook and pawn; XBoard was told h8.
        let before = board_of("combinedarms", "7p/6kr/7N/8/8/8/8/K7 w - - 0 1");
        let mut p = Phantoms::default();
        p.record("h6h8,h8g8", "h6h7,h7h8,h8g8", Some(&before));
        assert_eq!(p.squares.get("h7"), Some(&Some('r')));
        let after = board_of("combinedarms", "6N1/6k1/8/8/8/8/8/K7 b - - 0 1");
        assert!(
            p.trips("g7h7", &after),
            "XBoard would castle with the phantom"
        );
        assert!(!p.trips("g7h6", &after));
        // A phantom of the other side is a capture on XBoard's board, which clears it.
        let mut q = Phantoms::default();
        q.squares.insert("h7".to_string(), Some('R'));
        assert!(!q.trips("g7h7", &after));
    }
}
