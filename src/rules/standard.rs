//! The Standard and Powers families' generators: leapers, sliders, pawns, drops, castling and the
//! shock rule. Standard moves are generated legal directly, with check and pin masks, so no move
//! is made and taken back to test it; Pawnier's borrowed powers change what other pieces attack,
//! so its moves are kept when the king is safe for the occupancy after them.

use crate::board::{Bits, Move, MoveKind, MoveList, Square};
use crate::position::Position;
use crate::rules::ctx::{Ctx, Scope};
use crate::rules::{castling, drops, pawns, powers, shock};
use crate::variants::PowerKinds;

/// The Standard family: every move legal as generated, by check and pin masks.
pub(crate) fn generate_standard<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    scope: Scope<B>,
) {
    let quiets = scope.quiets;
    let ctx = Ctx::new(pos, king, scope);
    generate_king(pos, &ctx, list);
    if !pos.checkers().several() {
        generate_pieces(pos, &ctx, list);
        pawns::generate(pos, &ctx, list);
        if quiets && pos.variant().flags.hands {
            drops::generate(pos, &ctx, list);
        }
        if pos.checkers().is_empty() && quiets {
            castling::generate(pos, &ctx, list);
        }
    }
    if ctx.exempt.any() {
        shock::generate_exempt_captures(pos, &ctx, list);
    }
}

/// The Powers family: pseudo-legal generation, then only the moves after which the mover's king is not attacked,
/// every attack worked out afresh for the new position. The enemy's attacks after our move
/// depend only on the new occupancy and on which of its pieces we removed (our pieces lend them
/// nothing), so no move needs to be made for the test.
pub(crate) fn generate_powers<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    scope: Scope<B>,
    k: &PowerKinds,
) {
    let v = pos.variant();
    let ctx = Ctx::pseudo(pos, king, scope);
    if ctx.movers.has(king) {
        let steps =
            v.tables.leaps[ctx.us.index()][v.king.index()][king.raw() as usize] & ctx.target;
        for to in steps.iter() {
            list.push(Move::new(king, to, MoveKind::Normal, 0, 0), ctx.victim(to));
        }
    }
    generate_pieces(pos, &ctx, list);
    pawns::generate(pos, &ctx, list);
    powers::generate(pos, &ctx, list, k);
    if ctx.quiets && v.flags.hands {
        drops::generate(pos, &ctx, list);
    }
    let them = ctx.them;
    let occupied = ctx.occupied;
    list.retain(|e| {
        let (from, to) = (e.mv.from(), e.mv.to());
        let (occupied, k) = if e.mv.kind() == MoveKind::Drop {
            (occupied | B::bit(to), king)
        } else {
            let k = if from == king { to } else { king };
            ((occupied & !e.removed & !B::bit(from)) | B::bit(to), k)
        };
        pos.attackers_without(k, them, occupied, e.removed)
            .is_empty()
    });
}

/// King steps to squares the enemy does not attack once the king has left its square.
fn generate_king<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    let from = ctx.king;
    if !ctx.movers.has(from) {
        return;
    }
    let mut targets = v.tables.leaps[ctx.us.index()][v.king.index()][from.raw() as usize]
        & !ctx.own
        & !ctx.exempt;
    if !ctx.quiets {
        targets &= ctx.enemy;
    }
    let occupied = ctx.occupied ^ B::bit(from);
    for to in targets.iter() {
        if pos.attackers_to(to, ctx.them, occupied).is_empty() {
            list.push(Move::new(from, to, MoveKind::Normal, 0, 0), ctx.victim(to));
        }
    }
}

/// Every plain leaper/slider kind: targets from the leap table and the rays.
fn generate_pieces<B: Bits>(pos: &Position<B>, ctx: &Ctx<B>, list: &mut MoveList<B>) {
    let v = pos.variant();
    let g = &v.geometry;
    for &kind in &v.tables.piece_kinds {
        let spec = &v.kinds[kind.index()];
        let leaps = &v.tables.leaps[ctx.us.index()][kind.index()];
        let promotion_zone = if spec.promotes {
            v.promotion_zone[ctx.us.index()]
        } else {
            B::ZERO
        };
        for from in (pos.pieces(ctx.us, kind) & ctx.movers).iter() {
            let mut targets = leaps[from.raw() as usize];
            if spec.slides_orthogonal {
                targets |= g.orthogonal_attacks(from, ctx.occupied);
            }
            if spec.slides_diagonal {
                targets |= g.diagonal_attacks(from, ctx.occupied);
            }
            // A move into the promotion zone is tactical even when it captures nothing, so
            // the tactical stage (whose target is the enemy) takes those too.
            let promotions = if ctx.quiets {
                B::ZERO
            } else {
                promotion_zone & ctx.check_mask & !ctx.occupied
            };
            targets &= (ctx.target | promotions) & ctx.pin_mask(from);
            for to in (targets & !promotion_zone).iter() {
                list.push(Move::new(from, to, MoveKind::Normal, 0, 0), ctx.victim(to));
            }
            for to in (targets & promotion_zone).iter() {
                for &k in &v.promotion_kinds {
                    list.push(
                        Move::new(from, to, MoveKind::Promotion, k.0, 0),
                        ctx.victim(to),
                    );
                }
            }
        }
    }
}
