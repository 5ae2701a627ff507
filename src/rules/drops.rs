//! Drops from the hand: a piece of a kind held in hand goes to an empty square of its drop zone.
//! A drop never captures and is never pinned; in single check it must land between the king and
//! the checker (the check mask), and in double check there is none.

use crate::board::{Bits, Move, MoveKind, MoveList};
use crate::movegen::Ctx;
use crate::position::Position;

pub(crate) fn generate<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    let empty = v.geometry.valid & !ctx.occupied & ctx.check_mask;
    for &kind in &v.hand_kinds {
        if pos.hand_count(ctx.us, kind) == 0 {
            continue;
        }
        let targets = empty & v.drop_zones[ctx.us.index()][kind.index()];
        for to in targets.iter() {
            list.push(Move::new(to, to, MoveKind::Drop, kind.0, 0), B::ZERO);
        }
    }
}
