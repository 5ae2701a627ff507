//! Who attacks a square with Pawnier's borrowed powers (rules/pawnier.md I.2.5): a pawn has the
//! rook's slides with a friendly pawn orthogonally next to it, the bishop's with one diagonally
//! next to it, the knight's leaps with a friendly pawn or relaying knight a knight's leap away.

use crate::board::{Bits, Color, Square};
use crate::position::Position;
use crate::variants::PowerKinds;

/// The powers of the pawn on `sq`, given its side's pawns and relaying knights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Powers {
    pub rook: bool,
    pub bishop: bool,
    pub knight: bool,
}

impl Powers {
    pub fn any(self) -> bool {
        self.rook || self.bishop || self.knight
    }
}

/// The powers of a pawn of `color` on `sq` in `pos`.
#[inline]
pub fn powers_of<B: Bits>(pos: &Position<B>, color: Color, sq: Square, k: &PowerKinds) -> Powers {
    let t = &pos.variant().tables;
    let pawns = pos.pieces(color, k.pawn);
    let relays = pawns | relay_knights(pos, color, k);
    let i = sq.raw() as usize;
    Powers {
        rook: (t.wazir[i] & pawns).any(),
        bishop: (t.ferz[i] & pawns).any(),
        knight: (t.knight[i] & relays).any(),
    }
}

#[inline(always)]
fn relay_knights<B: Bits>(pos: &Position<B>, color: Color, k: &PowerKinds) -> B {
    match k.relay {
        Some(k) => pos.pieces(color, k),
        None => B::ZERO,
    }
}

/// The squares a pawn with `powers` on `sq` attacks (and may move or capture to).
#[inline]
pub fn power_targets<B: Bits>(pos: &Position<B>, sq: Square, powers: Powers, occupied: B) -> B {
    let v = pos.variant();
    let g = &v.geometry;
    let mut t = B::ZERO;
    if powers.rook {
        t |= g.orthogonal_attacks(sq, occupied);
    }
    if powers.bishop {
        t |= g.diagonal_attacks(sq, occupied);
    }
    if powers.knight {
        t |= v.tables.knight[sq.raw() as usize];
    }
    t
}

/// The pawns of `by` that attack `target` with the powers they have in `pos` once the pieces on
/// `removed` are gone (powers come from the remaining pieces; `occupied` decides what blocks the
/// slides).
#[inline]
pub(crate) fn attackers<B: Bits>(
    pos: &Position<B>,
    target: Square,
    by: Color,
    occupied: B,
    removed: B,
    k: &PowerKinds,
) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let g = &v.geometry;
    let pawns = pos.pieces(by, k.pawn) & !removed;
    let i = target.raw() as usize;
    let mut result = B::ZERO;
    if (pawns & t.orthogonal_lines[i]).any() {
        for c in (g.orthogonal_attacks(target, occupied) & pawns).iter() {
            if (t.wazir[c.raw() as usize] & pawns).any() {
                result |= B::bit(c);
            }
        }
    }
    if (pawns & t.diagonal_lines[i]).any() {
        for c in (g.diagonal_attacks(target, occupied) & pawns).iter() {
            if (t.ferz[c.raw() as usize] & pawns).any() {
                result |= B::bit(c);
            }
        }
    }
    let leapers = t.knight[i] & pawns;
    if leapers.any() {
        let relays = pawns | (relay_knights(pos, by, k) & !removed);
        for c in leapers.iter() {
            if (t.knight[c.raw() as usize] & relays).any() {
                result |= B::bit(c);
            }
        }
    }
    result
}
