//! How a variant shows in XBoard 4.9.1 (PROTOCOL.md §4.3, §6): the parent variant whose GUI logic
//! it inherits and the XBoard piece image of each kind. The `setup` line is computed from this
//! and the variant's own description (kinds, board size, hand kinds, start FEN): the piece table
//! lists each kind's letter at its image's slot, the holdings size is one more than the highest
//! slot of a droppable kind.

use crate::board::Bits;
use crate::by_width;
use crate::variants::{Image, KNIGHT_LEAPS, KindSpec, Look, Role, Variant, lookup};

/// XBoard's piece slots (common.h:294-305), the ones our variants use.
pub mod slot {
    pub const PAWN: usize = 0;
    pub const KNIGHT: usize = 1;
    pub const BISHOP: usize = 2;
    pub const ROOK: usize = 3;
    pub const QUEEN: usize = 4;
    pub const FERZ: usize = 5;
    pub const ALFIL: usize = 6;
    pub const ANGEL: usize = 7;
    pub const MARSHALL: usize = 8;
    pub const WAZIR: usize = 9;
    pub const MAN: usize = 10;
}

/// The slot of each of XBoard's images.
fn slot_of(image: Image) -> usize {
    match image {
        Image::Pawn => slot::PAWN,
        Image::Knight => slot::KNIGHT,
        Image::Bishop => slot::BISHOP,
        Image::Rook => slot::ROOK,
        Image::Queen => slot::QUEEN,
        Image::Ferz => slot::FERZ,
        Image::Alfil => slot::ALFIL,
        Image::Angel => slot::ANGEL,
        Image::Marshall => slot::MARSHALL,
        Image::Wazir => slot::WAZIR,
        Image::Man => slot::MAN,
    }
}

/// The presentation of a playable variant by name (its registry entry's); `None` for other names.
fn look(name: &str) -> Option<Look> {
    lookup(name).map(|any| by_width!(any, v => v.look))
}

/// Whose piece table: XBoard's own, or the one a UCI GUI is told about (its pocket size), where
/// XBoard's Pawn-slot hazard does not exist.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gui {
    Xboard,
    Uci,
}

/// The slot of each kind (`None` for the King, which is always last), from the explicit images
/// or, for orthodox movers, from the movement.
fn slots<B: Bits>(v: &Variant<B>, look: &Look, gui: Gui) -> Vec<Option<usize>> {
    let natural = |k: &KindSpec| -> usize {
        if let Some(&(_, image)) = look.images.iter().find(|i| i.0 == k.letter) {
            return slot_of(image);
        }
        match (k.role, k.slides_orthogonal, k.slides_diagonal) {
            (Role::Pawn | Role::SidestepPawn | Role::PowerPawn, _, _) => slot::PAWN,
            (_, true, true) => slot::QUEEN,
            (_, true, false) => slot::ROOK,
            (_, false, true) => slot::BISHOP,
            _ if k.leaps == KNIGHT_LEAPS => slot::KNIGHT,
            // An image the table forgot: the Man slot, free in every variant whose pawns keep the
            // Pawn slot; in pawnier and combinedarms every other kind has a slot of its own.
            _ => slot::MAN,
        }
    };
    v.kinds
        .iter()
        .map(|k| {
            if k.role == Role::King {
                return None;
            }
            match natural(k) {
                slot::PAWN if gui == Gui::Xboard && look.pawn_off_slot_0 => Some(slot::MAN),
                s => Some(s),
            }
        })
        .collect()
}

/// White's letters by piece slot, `.` for an unused slot, the King not included.
fn white_table<B: Bits>(v: &Variant<B>, slots: &[Option<usize>]) -> Vec<char> {
    let top = slots.iter().flatten().max().map_or(0, |m| m + 1);
    let mut white = vec!['.'; top];
    for (k, s) in v.kinds.iter().zip(slots) {
        if let Some(s) = s {
            white[*s] = k.letter;
        }
    }
    white
}

/// Holdings size: a droppable kind's holdings slot is the number of used table slots before it
/// (XBoard's PieceToNumber), and the size is one more than the highest.
fn holdings_size<B: Bits>(v: &Variant<B>, slots: &[Option<usize>], white: &[char]) -> usize {
    v.hand_kinds
        .iter()
        .filter_map(|k| slots[k.index()])
        .map(|s| white[..s].iter().filter(|&&c| c != '.').count() + 1)
        .max()
        .unwrap_or(0)
}

/// The `setup` line of `v` with `parent` and `fen` (its start position if `None`).
fn setup_of<B: Bits>(v: &Variant<B>, look: &Look, parent: &str, fen: Option<&str>) -> String {
    let slots = slots(v, look, Gui::Xboard);
    let mut white = white_table(v, &slots);
    let holdings = holdings_size(v, &slots, &white);
    white.push(v.letter(v.king));
    let table: String = white
        .iter()
        .copied()
        .chain(white.iter().map(|c| c.to_ascii_lowercase()))
        .collect();
    format!(
        "setup ({table}) {}x{}+{holdings}_{parent} {}",
        v.geometry.files,
        v.geometry.ranks,
        fen.unwrap_or(v.start_fen)
    )
}

/// The reply to `variant NAME` (PROTOCOL.md §6): `None` for chess and for unknown names.
pub fn setup_line(name: &str) -> Option<String> {
    by_width!(lookup(name)?, v => setup_line_of(v))
}

/// The `setup` line of a built variant, from its registry entry's look: `None` for XBoard's
/// `normal`.
pub fn setup_line_of<B: Bits>(v: &Variant<B>) -> Option<String> {
    let parent = v.look.parent?;
    Some(setup_of(v, &v.look, parent, None))
}

/// The two `setup` lines that put `fen` on XBoard's board at move 0 after a `setboard` (PROTOCOL.md
/// §4.2): XBoard sends `setboard` for a loaded position without waiting for the `setup` that
/// answers `variant`, and that `setup`, read later, resets its board to the start. A `setup` with
/// the same format as the last is ignored once a position is set up; one whose parent differs
/// makes XBoard reinitialise its board from the line's FEN. So the first line names another parent
/// and the second the variant's own, both with `fen`. Empty for chess and for unknown names.
pub fn setup_lines_for_position(name: &str, fen: &str) -> Vec<String> {
    let Some(look) = look(name) else {
        return Vec::new();
    };
    let (Some(own), Some(variant)) = (look.parent, lookup(name)) else {
        return Vec::new();
    };
    let other = match own {
        "bughouse" => "crazyhouse",
        "lion" => "fairy",
        _ => "lion",
    };
    [other, own]
        .into_iter()
        .map(|parent| by_width!(variant, v => setup_of(v, &look, parent, Some(fen))))
        .collect()
}

/// The `pocket` size and `template` of the UCI variant line (PROTOCOL.md §7.1): the holdings
/// size and parent of §6's table, without the XBoard-only move of pawns off the Pawn slot.
/// `chess` (no `setup` line) is `pocket 0 template fairy`; `None` for unknown names.
pub fn uci_pocket_and_template(name: &str) -> Option<(usize, &'static str)> {
    let look = look(name)?;
    let Some(parent) = look.parent else {
        return Some((0, "fairy"));
    };
    fn pocket<B: Bits>(v: &Variant<B>, look: &Look) -> usize {
        let slots = slots(v, look, Gui::Uci);
        holdings_size(v, &slots, &white_table(v, &slots))
    }
    let variant = lookup(name)?;
    let size = by_width!(variant, v => pocket(v, &look));
    Some((size, parent))
}

/// The kind letter (upper case) in each slot of XBoard's holdings: the used slots of the piece
/// table in order (PieceToNumber counts only used slots), for reading the pseudo-squares of a
/// `lift` from the holdings (PROTOCOL.md §3.9). Empty for variants without `setup`.
pub fn holdings_letters(name: &str) -> Vec<char> {
    let Some(look) = look(name).filter(|l| l.parent.is_some()) else {
        return Vec::new();
    };
    let Some(variant) = lookup(name) else {
        return Vec::new();
    };
    let table = by_width!(variant, v => white_table(v, &slots(v, &look, Gui::Xboard)));
    table.into_iter().filter(|&c| c != '.').collect()
}
