//! Combined Arms Brigade Chess (rules/combinedarms.md 3.3-3.6): every move of the game and the
//! attack test its check rule is built on.
//!
//! * Infantry (P) steps one square in any direction, killing by displacement, double-steps
//!   straight ahead from its 2nd rank, promotes on its last rank.
//! * Armor (N) drives exactly three orthogonal steps; own pieces block, every enemy on the way is
//!   killed once, an enemy king is passed unharmed.
//! * Light artillery (B) slides without capturing and shoots at distance 1-2 on the eight rays,
//!   also slide-then-shot and shot-then-slide; heavy artillery (R) slides or shoots at 3-4.
//! * Aviation (Q) flies to any empty square outside the enemy artillery's range (NOFLY), then may
//!   act as infantry, armor or light artillery without entering NOFLY.
//! * The king steps (killing by displacement) and castles whenever king and rook stand at home.
//!
//! Moves are entries of their effect (from, to, removed set, promotion): routes that reach the
//! same effect give one entry. They are pseudo-legal: a move changes the enemy queen's reach
//! through our NOFLY, so legality is tested on the made move (`movegen::Legality`). Only a piece
//! that would end on the king's square attacks it (3.5, `position::attacks::arms`).

use crate::board::{Bits, Color, Move, MoveEntry, MoveKind, MoveList, Square};
use crate::position::Position;
use crate::position::attacks::arms::{attackers, king_steps, no_fly};
use crate::rules::Effects;
use crate::rules::ctx::Scope;
use crate::variants::ArmsKinds;

/// Everything one move generation needs about the side to move.
struct Side<'k, B: Bits> {
    us: Color,
    own: B,
    occupied: B,
    /// Enemy pieces that may be killed (the king never is).
    prey: B,
    enemy_king: B,
    kinds: &'k ArmsKinds,
    /// Kills and promotions are wanted (else their work is skipped where it can be).
    tactical: bool,
}

/// Fills `list` with the pseudo-legal moves of `pos` in `scope` (kills and promotions only when
/// it wants no quiet moves), one entry per effect.
pub(crate) fn generate<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    scope: Scope<B>,
    k: &ArmsKinds,
) {
    let v = pos.variant();
    let us = pos.side_to_move();
    let them = us.flip();
    let own = pos.color_bb(us);
    let side = Side {
        us,
        own,
        occupied: pos.occupied(),
        prey: pos.color_bb(them) & !pos.pieces(them, v.king),
        enemy_king: pos.pieces(them, v.king),
        kinds: k,
        tactical: scope.tactical,
    };
    let mut out = Effects::new(list, &scope);
    let mine = |kind| pos.pieces(us, kind) & scope.movers;
    if scope.movers.has(king) {
        for to in (king_steps(pos, king) & !own).iter() {
            if !side.enemy_king.has(to) {
                out.add(king, to, B::bit(to) & side.prey);
            }
        }
        out.done();
    }
    for s in mine(k.armor).iter() {
        armor(pos, &side, s, s, B::ZERO, false, &mut out);
        out.done();
    }
    for s in mine(k.light).iter() {
        light_artillery(pos, &side, s, &mut out);
        out.done();
    }
    for s in mine(k.heavy).iter() {
        heavy_artillery(pos, &side, s, &mut out);
        out.done();
    }
    for q in mine(k.aviation).iter() {
        aviation(pos, &side, q, &mut out);
        out.done();
    }
    for s in mine(k.infantry).iter() {
        infantry(pos, &side, s, &mut out);
        out.done();
    }
    if scope.quiets && scope.movers.has(king) {
        castling(pos, &side, king, &mut out);
    }
}

/// Armor paths from `start` (the piece's square, which counts as empty): three orthogonal steps,
/// none onto an own piece or into `forbidden`; every enemy on the way but the king is killed.
fn armor<B: Bits>(
    pos: &Position<B>,
    side: &Side<'_, B>,
    piece: Square,
    start: Square,
    forbidden: B,
    kills_only: bool,
    out: &mut Effects<'_, B>,
) {
    let t = &pos.variant().tables;
    let open = !(side.own & !B::bit(piece)) & !forbidden;
    for s1 in (t.wazir[start.raw() as usize] & open).iter() {
        for s2 in (t.wazir[s1.raw() as usize] & open).iter() {
            for s3 in (t.wazir[s2.raw() as usize] & open).iter() {
                if side.enemy_king.has(s3) {
                    continue;
                }
                let kills = (B::bit(s1) | B::bit(s2) | B::bit(s3)) & side.prey;
                if kills.is_empty() && (kills_only || s3 == piece) {
                    continue;
                }
                out.add(piece, s3, kills);
            }
        }
    }
}

/// Light artillery: slide, shot, slide then shot, shot then slide (3.4.3).
fn light_artillery<B: Bits>(
    pos: &Position<B>,
    side: &Side<'_, B>,
    s: Square,
    out: &mut Effects<'_, B>,
) {
    let v = pos.variant();
    let g = &v.geometry;
    let near = &v.tables.near_range;
    let empty = g.valid & !side.occupied;
    let slides = g.diagonal_attacks(s, side.occupied) & empty;
    // Every shot kills: none is wanted without the tactical moves.
    let prey = if side.tactical { side.prey } else { B::ZERO };
    for d in slides.iter() {
        out.add(s, d, B::ZERO);
        for victim in (near[d.raw() as usize] & prey).iter() {
            out.add(s, d, B::bit(victim));
        }
    }
    for victim in (near[s.raw() as usize] & prey).iter() {
        out.add(s, s, B::bit(victim));
        let cleared = side.occupied & !B::bit(victim);
        for d in (g.diagonal_attacks(s, cleared) & !cleared & g.valid).iter() {
            out.add(s, d, B::bit(victim));
        }
    }
}

/// Heavy artillery: slide or shot at distance 3-4 (3.4.4).
fn heavy_artillery<B: Bits>(
    pos: &Position<B>,
    side: &Side<'_, B>,
    s: Square,
    out: &mut Effects<'_, B>,
) {
    let v = pos.variant();
    let g = &v.geometry;
    for d in (g.orthogonal_attacks(s, side.occupied) & g.valid & !side.occupied).iter() {
        out.add(s, d, B::ZERO);
    }
    if side.tactical {
        for victim in (v.tables.far_range[s.raw() as usize] & side.prey).iter() {
            out.add(s, s, B::bit(victim));
        }
    }
}

/// Aviation: a flight outside the enemy's NOFLY, then optionally a step, an armor drive or a
/// bishop slide that never enters NOFLY, or a bishop shot (3.4.5).
fn aviation<B: Bits>(pos: &Position<B>, side: &Side<'_, B>, q: Square, out: &mut Effects<'_, B>) {
    let v = pos.variant();
    let g = &v.geometry;
    let t = &v.tables;
    let zone = no_fly(pos, side.us.flip(), side.kinds, side.occupied);
    let flights = g.valid & !side.occupied & !zone;
    // A follow-up that kills nothing ends on an empty square outside NOFLY other than her own:
    // a square she could have flown to. So only the flights and the killing follow-ups are
    // generated.
    for f in flights.iter() {
        out.add(q, f, B::ZERO);
        if !side.tactical {
            continue;
        }
        // Armor action with kills; bishop action: a shot.
        armor(pos, side, q, f, zone, true, out);
        for victim in (t.near_range[f.raw() as usize] & side.prey).iter() {
            out.add(q, f, B::bit(victim));
        }
    }
    // Infantry action onto prey next to some flight square.
    if !side.tactical {
        return;
    }
    for prey in (side.prey & !zone).iter() {
        if (king_steps(pos, prey) & flights).any() {
            out.add(q, prey, B::bit(prey));
        }
    }
}

/// Infantry: steps in eight directions (killing by displacement), the double step, promotion.
fn infantry<B: Bits>(pos: &Position<B>, side: &Side<'_, B>, s: Square, out: &mut Effects<'_, B>) {
    let v = pos.variant();
    let g = &v.geometry;
    let empty = g.valid & !side.occupied;
    let last = g.relative_rank_mask(side.us, g.ranks - 1);
    for to in (king_steps(pos, s) & (empty | side.prey)).iter() {
        let removed = B::bit(to) & side.prey;
        if last.has(to) {
            for &k in &v.promotion_kinds {
                if side.tactical {
                    out.push(Move::new(s, to, MoveKind::Promotion, k.0, 0), removed);
                }
            }
        } else {
            out.add(s, to, removed);
        }
    }
    if g.relative_rank(s, side.us) == 1 {
        let dr = if side.us == Color::White { 1 } else { -1 };
        if let (Some(a), Some(b)) = (g.offset(s, 0, dr), g.offset(s, 0, 2 * dr))
            && empty.has(a)
            && empty.has(b)
        {
            out.add(s, b, B::ZERO);
        }
    }
}

/// Castling at any time (3.4.7): king and rook at home, the squares between empty, the king not
/// in check and not crossing an attacked square (tested with the king on it); the final square is
/// tested with the other moves, after castling.
fn castling<B: Bits>(
    pos: &Position<B>,
    side: &Side<'_, B>,
    king: Square,
    out: &mut Effects<'_, B>,
) {
    let v = pos.variant();
    let them = side.us.flip();
    let rights = pos.implied_castling();
    if rights == 0 || pos.in_check() {
        return;
    }
    for (i, cs) in v.castles.iter().enumerate() {
        if cs.color != side.us || rights & (1 << i) == 0 || (cs.must_be_empty & side.occupied).any()
        {
            continue;
        }
        let crossed = cs.king_path & !B::bit(cs.king_from) & !B::bit(cs.king_to);
        let safe = crossed.iter().all(|sq| {
            let step = Move::new(king, sq, MoveKind::Normal, 0, 0);
            let there = pos.make_move(&MoveEntry {
                mv: step,
                removed: B::ZERO,
            });
            attackers(&there, sq, them, there.occupied(), B::ZERO, side.kinds).is_empty()
        });
        if safe {
            out.push(
                Move::new(cs.king_from, cs.king_to, MoveKind::Castle, 0, 0),
                B::ZERO,
            );
        }
    }
}
