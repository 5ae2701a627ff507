//! The orthodox pawn: a push to an empty square, a double step from the double-step zone over an
//! empty square, captures with its capture leaps, promotion with a choice in the promotion zone,
//! en passant.

use crate::board::{Bits, Color, Move, MoveKind, MoveList, Square};
use crate::movegen::Ctx;
use crate::position::Position;

pub(crate) fn generate<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return };
    let pawns = pos.pieces(ctx.us, pawn);
    if pawns.is_empty() {
        return;
    }
    let empty = v.geometry.valid & !ctx.occupied;
    let stride = B::STRIDE;
    let forward = |b: B| {
        if ctx.us == Color::White {
            b << stride
        } else {
            b >> stride
        }
    };
    let origin = |to: Square, steps: u32| {
        let d = (steps * stride) as u8;
        Square::new(if ctx.us == Color::White {
            to.raw() - d
        } else {
            to.raw() + d
        })
    };
    let single = forward(pawns) & empty;
    let double = forward(single & forward(pawns & v.double_step_zone[ctx.us.index()])) & empty;
    for to in (single & ctx.target).iter() {
        let from = origin(to, 1);
        if ctx.pin_mask(from).has(to) {
            push_pawn_move(pos, ctx, list, from, to);
        }
    }
    for to in (double & ctx.target).iter() {
        let from = origin(to, 2);
        if ctx.pin_mask(from).has(to) {
            list.push(Move::new(from, to, MoveKind::Normal, 0, 0), B::ZERO);
        }
    }
    let captures = &v.tables.leaps[ctx.us.index()][pawn.index()];
    for from in pawns.iter() {
        let targets = captures[from.raw() as usize] & ctx.enemy & ctx.target & ctx.pin_mask(from);
        for to in targets.iter() {
            push_pawn_move(pos, ctx, list, from, to);
        }
    }
    if let Some(ep) = pos.ep_square() {
        generate_en_passant(pos, ctx, list, ep);
    }
}

/// A pawn move or capture to `to`, as one move per promotion choice in the promotion zone.
#[inline(always)]
pub(crate) fn push_pawn_move<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    from: Square,
    to: Square,
) {
    let v = pos.variant();
    let removed = ctx.victim(to);
    if v.promotion_zone[ctx.us.index()].has(to) {
        for &k in &v.promotion_kinds {
            list.push(Move::new(from, to, MoveKind::Promotion, k.0, 0), removed);
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal, 0, 0), removed);
    }
}

/// En passant, tested by occupancy after the capture (two pieces leave one line at once, which
/// pin masks cannot see).
fn generate_en_passant<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    ep: Square,
) {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return };
    let stride = B::STRIDE as u8;
    let victim = Square::new(if ctx.us == Color::White {
        ep.raw() - stride
    } else {
        ep.raw() + stride
    });
    if !pos.pieces(ctx.them, pawn).has(victim) {
        return;
    }
    let capturers = v.tables.leapers_to[ctx.us.index()][pawn.index()][ep.raw() as usize]
        & pos.pieces(ctx.us, pawn);
    for from in capturers.iter() {
        let occupied = (ctx.occupied ^ B::bit(from) ^ B::bit(victim)) | B::bit(ep);
        let attackers = pos.attackers_to(ctx.king, ctx.them, occupied) & !B::bit(victim);
        if attackers.is_empty() {
            list.push(
                Move::new(from, ep, MoveKind::EnPassant, 0, 0),
                B::bit(victim),
            );
        }
    }
}
