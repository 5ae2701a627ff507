//! How a variant shows in XBoard 4.9.1 (PROTOCOL.md §4.3, §6): the parent variant whose GUI logic
//! it inherits and the XBoard piece image of each kind. The `setup` line is computed from this
//! and the variant's own description (kinds, board size, hand kinds, start FEN): the piece table
//! lists each kind's letter at its image's slot, the holdings size is one more than the highest
//! slot of a droppable kind.

use super::{AnyVariant, KNIGHT_LEAPS, Role, Variant, lookup};
use crate::board::Bits;

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

/// A variant's XBoard presentation.
#[derive(Clone, Copy, Debug)]
pub struct XboardLook {
    /// `None`: XBoard's built-in `normal`, no `setup` line.
    pub parent: Option<&'static str>,
    /// Images of kinds whose slot the movement does not decide, by upper-case letter.
    pub images: &'static [(char, usize)],
}

/// The presentation of a variant by name; `None` for names this table does not describe.
pub fn look(name: &str) -> Option<XboardLook> {
    let l = |parent, images| {
        Some(XboardLook {
            parent: Some(parent),
            images,
        })
    };
    use slot::*;
    match name {
        "chess" | "normal" => Some(XboardLook {
            parent: None,
            images: &[],
        }),
        "shockchess" => l("lion", &[('G', QUEEN)]),
        // The arms move by rules of their own; they keep the orthodox images.
        "combinedarms" => l(
            "fairy",
            &[
                ('P', PAWN),
                ('N', KNIGHT),
                ('B', BISHOP),
                ('R', ROOK),
                ('Q', QUEEN),
            ],
        ),
        "shocktroops" | "shocktroopsdrone" => {
            l("bughouse", &[('J', FERZ), ('E', ALFIL), ('W', ANGEL)])
        }
        "shocktroopsnoninja" | "shocktroopsdronenoninja" => {
            l("bughouse", &[('E', ALFIL), ('W', ANGEL)])
        }
        "shocktroopsca" => l("bughouse", &[('J', FERZ), ('A', ANGEL), ('C', MARSHALL)]),
        "shocktroopscanoninja" => l("bughouse", &[('A', ANGEL), ('C', MARSHALL)]),
        "pawnier" => l("bughouse", &[('S', FERZ)]),
        _ if name.starts_with("exciting") => l(
            "bughouse",
            &[
                ('S', FERZ),
                ('T', ALFIL),
                ('M', ANGEL),
                ('C', MARSHALL),
                ('D', WAZIR),
                ('V', MAN),
            ],
        ),
        _ => None,
    }
}

/// The slot of each kind (`None` for the King, which is always last), from the explicit images
/// or, for orthodox movers, from the movement.
fn slots<B: Bits>(v: &Variant<B>, look: &XboardLook) -> Vec<Option<usize>> {
    v.kinds
        .iter()
        .map(|k| {
            if k.role == Role::King {
                return None;
            }
            if let Some(&(_, s)) = look.images.iter().find(|i| i.0 == k.letter) {
                return Some(s);
            }
            Some(match (k.role, k.slides_orthogonal, k.slides_diagonal) {
                (Role::Pawn | Role::SidestepPawn | Role::PowerPawn, _, _) => slot::PAWN,
                (_, true, true) => slot::QUEEN,
                (_, true, false) => slot::ROOK,
                (_, false, true) => slot::BISHOP,
                _ if k.leaps == KNIGHT_LEAPS => slot::KNIGHT,
                // An image the table forgot: the Man slot is free in every variant.
                _ => slot::MAN,
            })
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

fn setup_of<B: Bits>(v: &Variant<B>, look: &XboardLook) -> Option<String> {
    let parent = look.parent?;
    let slots = slots(v, look);
    let mut white = white_table(v, &slots);
    white.push(v.letter(v.king));
    let table: String = white
        .iter()
        .copied()
        .chain(white.iter().map(|c| c.to_ascii_lowercase()))
        .collect();
    // Holdings: a droppable kind's slot is the number of used slots before it (PieceToNumber).
    let holdings = v
        .hand_kinds
        .iter()
        .filter_map(|k| slots[k.index()])
        .map(|s| white[..s].iter().filter(|&&c| c != '.').count() + 1)
        .max()
        .unwrap_or(0);
    Some(format!(
        "setup ({table}) {}x{}+{holdings}_{parent} {}",
        v.geometry.files, v.geometry.ranks, v.start_fen
    ))
}

/// The reply to `variant NAME` (PROTOCOL.md §6): `None` for chess and for unknown names.
pub fn setup_line(name: &str) -> Option<String> {
    let look = look(name)?;
    match lookup(name)? {
        AnyVariant::Narrow(v) => setup_of(v, &look),
        AnyVariant::Wide(v) => setup_of(v, &look),
    }
}

/// The kind letter (upper case) in each slot of XBoard's holdings: the used slots of the piece
/// table in order (PieceToNumber counts only used slots), for reading the pseudo-squares of a
/// `lift` from the holdings (PROTOCOL.md §3.9). Empty for variants without `setup`.
pub fn holdings_letters(name: &str) -> Vec<char> {
    let Some(look) = look(name).filter(|l| l.parent.is_some()) else {
        return Vec::new();
    };
    let table = match lookup(name) {
        Some(AnyVariant::Narrow(v)) => white_table(v, &slots(v, &look)),
        Some(AnyVariant::Wide(v)) => white_table(v, &slots(v, &look)),
        None => return Vec::new(),
    };
    table.into_iter().filter(|&c| c != '.').collect()
}
