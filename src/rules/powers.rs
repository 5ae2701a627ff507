//! Pawnier's pawns (rules/pawnier.md I.2.5, I.2.7). A pawn's powers come from the position it
//! stands in: rook slides when a friendly pawn is orthogonally next to it, bishop slides when one
//! is diagonally next to it, knight leaps when a friendly pawn or knight is a knight's leap away.
//! It moves and captures with every power it has; a pawn without powers steps one square
//! orthogonally to an empty square and attacks nothing. Because a move can add or take away the
//! powers of other pawns, Pawnier's moves are kept only when the king is safe after them
//! ([`crate::variants::Flags::legal_by_make`]).

use crate::board::{Bits, Color, Move, MoveKind, MoveList, PieceKind, Square};
use crate::movegen::Ctx;
use crate::position::Position;

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
pub fn powers_of<B: Bits>(pos: &Position<B>, color: Color, sq: Square) -> Powers {
    let v = pos.variant();
    let Some(pawn) = v.power_pawn else {
        return Powers::default();
    };
    let t = &v.tables;
    let pawns = pos.pieces(color, pawn);
    let relays = pawns | relay_knights(pos, color);
    let i = sq.raw() as usize;
    Powers {
        rook: (t.wazir[i] & pawns).any(),
        bishop: (t.ferz[i] & pawns).any(),
        knight: (t.knight[i] & relays).any(),
    }
}

#[inline(always)]
fn relay_knights<B: Bits>(pos: &Position<B>, color: Color) -> B {
    match pos.variant().power_relay {
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

/// The moves of the side to move's pawns (pseudo-legal: the caller keeps those after which the
/// king is safe).
pub(crate) fn generate<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    pawn: PieceKind,
) {
    let v = pos.variant();
    let empty = v.geometry.valid & !ctx.occupied;
    for from in pos.pieces(ctx.us, pawn).iter() {
        let powers = powers_of(pos, ctx.us, from);
        let targets = if powers.any() {
            power_targets(pos, from, powers, ctx.occupied) & ctx.target
        } else if ctx.quiets {
            // I.2.5: the powerless step, never a capture.
            v.tables.wazir[from.raw() as usize] & empty
        } else {
            B::ZERO
        };
        for to in targets.iter() {
            list.push(Move::new(from, to, MoveKind::Normal, 0, 0), ctx.victim(to));
        }
    }
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
    pawn: PieceKind,
) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let g = &v.geometry;
    let pawns = pos.pieces(by, pawn) & !removed;
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
        let relays = pawns | (relay_knights(pos, by) & !removed);
        for c in leapers.iter() {
            if (t.knight[c.raw() as usize] & relays).any() {
                result |= B::bit(c);
            }
        }
    }
    result
}
