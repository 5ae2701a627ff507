//! The shock rule of Shock Chess (rules/shockchess.md 2.3): capturing a shock piece (the General)
//! freezes its owner for one turn, and such a capture is exempt from the self-check rule.

use crate::board::{Bits, Move, MoveList};
use crate::position::Position;
use crate::rules::ctx::Ctx;
use crate::rules::pawns::push_pawn_move;

/// A frozen side's moves (2.3.1-2): the pass, unless its king is attacked, in which case it has
/// none and is checkmated.
pub(crate) fn generate_frozen<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    if !pos.in_check() {
        list.push(Move::pass(), B::ZERO);
    }
}

/// Every pseudo-legal capture of an enemy shock piece, whatever it does to our own king
/// (decision SC-3 (b): pins, unresolved checks and a king taking a defended General included).
pub(crate) fn generate_exempt_captures<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
) {
    let pawn = pos.variant().pawn;
    for to in ctx.exempt.iter() {
        for from in (pos.attackers_to(to, ctx.us, ctx.occupied) & ctx.movers).iter() {
            if pawn == Some(pos.piece_at(from).kind()) {
                push_pawn_move(pos, ctx, list, from, to);
            } else {
                list.push(
                    Move::new(from, to, crate::board::MoveKind::Normal, 0, 0),
                    B::bit(to),
                );
            }
        }
    }
}
