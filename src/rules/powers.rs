//! Pawnier's pawns (rules/pawnier.md I.2.5, I.2.7). A pawn's powers come from the position it
//! stands in: rook slides when a friendly pawn is orthogonally next to it, bishop slides when one
//! is diagonally next to it, knight leaps when a friendly pawn or knight is a knight's leap away.
//! It moves and captures with every power it has; a pawn without powers steps one square
//! orthogonally to an empty square and attacks nothing. Because a move can add or take away the
//! powers of other pawns, Pawnier's moves are kept only when the king is safe after them
//! (the Powers family of [`crate::variants::Family`]). Who attacks what with these powers is
//! `position::attacks::powers`.

use crate::board::{Bits, Move, MoveKind, MoveList};
use crate::position::Position;
use crate::position::attacks::powers::{power_targets, powers_of};
use crate::rules::ctx::Ctx;
use crate::variants::PowerKinds;

/// The moves of the side to move's pawns (pseudo-legal: the caller keeps those after which the
/// king is safe).
pub(crate) fn generate<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    k: &PowerKinds,
) {
    let v = pos.variant();
    let empty = v.geometry.valid & !ctx.occupied;
    for from in (pos.pieces(ctx.us, k.pawn) & ctx.movers).iter() {
        let powers = powers_of(pos, ctx.us, from, k);
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
