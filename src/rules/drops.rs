//! Drops from the hand: a piece of a kind held in hand goes to an empty square of its drop zone.
//! A drop never captures and is never pinned; in single check it must land between the king and
//! the checker (the check mask), and in double check there is none. A kind with a drop push (the
//! Ninja Pawn) may instead end one or more squares straight forward of its drop square, over
//! empty squares; the move is written on, and checked on, its final square.

use crate::board::{Bits, Color, Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::ctx::Ctx;

pub(crate) fn generate<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    let empty = v.geometry.valid & !ctx.occupied;
    for &kind in &v.hand_kinds {
        if pos.hand_count(ctx.us, kind) == 0 {
            continue;
        }
        let mut reach = empty & v.drop_zones[ctx.us.index()][kind.index()];
        let mut pushed = reach;
        for _ in 0..v.drop_push[kind.index()] {
            pushed = if ctx.us == Color::White {
                pushed << B::STRIDE
            } else {
                pushed >> B::STRIDE
            } & empty;
            reach |= pushed;
        }
        for to in (reach & ctx.check_mask & ctx.movers).iter() {
            list.push(Move::new(to, to, MoveKind::Drop, kind.0, 0), B::ZERO);
        }
    }
}
