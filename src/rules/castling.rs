//! Castling by the variant's castling specs: the right is held, the squares between king and
//! rook are empty, and no square of the king's path is attacked. Called only when not in check.

use crate::board::{Bits, Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::ctx::Ctx;

pub(crate) fn generate<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let rights = pos.castling_rights();
    if rights == 0 {
        return;
    }
    for (i, spec) in pos.variant().castles.iter().enumerate() {
        if rights & (1 << i) == 0
            || spec.color != ctx.us
            || !ctx.movers.has(spec.king_from)
            || (spec.must_be_empty & ctx.occupied).any()
        {
            continue;
        }
        let path = spec.king_path & !B::bit(spec.king_from);
        if path.iter().all(|sq| !pos.is_attacked(sq, ctx.them)) {
            list.push(
                Move::new(spec.king_from, spec.king_to, MoveKind::Castle, 0, 0),
                B::ZERO,
            );
        }
    }
}
