//! Pawns. The orthodox pawn: a push to an empty square, a double step from the double-step zone
//! over an empty square, captures with its capture leaps, promotion with a choice in the promotion
//! zone, en passant. The sidestepping pawn (Shock Troops' Ninja Pawn) adds a step sideways to an
//! empty square and neither takes nor gives e.p.

use crate::board::{Bits, Color, Move, MoveKind, MoveList, PieceKind, Square};
use crate::position::Position;
use crate::position::attacks::{en_passant_capturers, passed_pawn};
use crate::rules::ctx::Ctx;

pub(crate) fn generate<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    if let Some(pawn) = v.pawn {
        generate_kind(pos, ctx, list, pawn);
        if let Some(ep) = pos.ep_square() {
            generate_en_passant(pos, ctx, list, ep);
        }
    }
    if let Some(ninja) = v.sidestep_pawn {
        generate_kind(pos, ctx, list, ninja);
        if ctx.quiets {
            generate_sidesteps(pos, ctx, list, ninja);
        }
    }
}

/// Pushes, double steps and captures (with promotion) of the pawns of one kind.
fn generate_kind<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    pawn: PieceKind,
) {
    let v = pos.variant();
    let pawns = pos.pieces(ctx.us, pawn) & ctx.movers;
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
    let mut single = forward(pawns) & empty;
    let mut double = forward(single & forward(pawns & v.double_step_zone[ctx.us.index()])) & empty;
    if !ctx.quiets {
        // Quiescence: of the pushes, only promotions.
        single &= v.promotion_zone[ctx.us.index()];
        double = B::ZERO;
    }
    // Pushes never capture: they answer to the check mask only.
    let push_target = ctx.check_mask;
    for to in (single & push_target).iter() {
        let from = origin(to, 1);
        if ctx.pin_mask(from).has(to) {
            push_pawn_move(pos, ctx, list, from, to);
        }
    }
    for to in (double & push_target).iter() {
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
}

/// One step left or right to an empty square. It never captures, never promotes (the pawn is
/// not on its last rank) and answers a check only by blocking.
fn generate_sidesteps<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    pawn: PieceKind,
) {
    let g = &pos.variant().geometry;
    let pawns = pos.pieces(ctx.us, pawn) & ctx.movers;
    let empty = g.valid & !ctx.occupied & ctx.check_mask;
    let east = ((pawns & !g.file_masks[g.files as usize - 1]) << 1) & empty;
    let west = ((pawns & !g.file_masks[0]) >> 1) & empty;
    for to in east.iter() {
        let from = Square::new(to.raw() - 1);
        if ctx.pin_mask(from).has(to) {
            list.push(Move::new(from, to, MoveKind::Normal, 0, 0), B::ZERO);
        }
    }
    for to in west.iter() {
        let from = Square::new(to.raw() + 1);
        if ctx.pin_mask(from).has(to) {
            list.push(Move::new(from, to, MoveKind::Normal, 0, 0), B::ZERO);
        }
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

/// En passant onto `ep`: one move per legal capturer.
fn generate_en_passant<B: Bits>(
    pos: &Position<B>,
    ctx: &Ctx<B>,
    list: &mut MoveList<B>,
    ep: Square,
) {
    let victim = passed_pawn::<B>(ep, ctx.us);
    for from in (en_passant_capturers(pos, ep) & ctx.movers).iter() {
        list.push(
            Move::new(from, ep, MoveKind::EnPassant, 0, 0),
            B::bit(victim),
        );
    }
}
