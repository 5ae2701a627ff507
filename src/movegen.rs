//! Legal move generation. Chess-like mechanics (leapers, sliders, pawns, castling) are generated
//! legal directly, with check and pin masks, so no move is made and taken back to test it. The
//! mechanics of `rules/` plug in here; `generate_legal` is the one entry point.

use crate::board::{Bits, Color, Move, MoveKind, MoveList, Square};
use crate::position::Position;
use crate::rules::{castling, combined_arms, drops, exciting, pawns, powers, shock};

/// What every generator of one node needs: who moves, occupancy, check and pin masks.
pub(crate) struct Ctx<B: Bits> {
    pub us: Color,
    pub them: Color,
    pub occupied: B,
    pub own: B,
    pub enemy: B,
    pub king: Square,
    /// Squares a non-king move may end on: not our own pieces, and, in single check, only the
    /// checker or a square between it and the king.
    pub target: B,
    /// Squares that resolve a single check (the checker and the squares between it and the
    /// king), or every square when not in check.
    pub check_mask: B,
    /// False when only captures and promotions are wanted (quiescence outside check).
    pub quiets: bool,
    /// Enemy squares no ordinary move may capture on (Shock Chess generates those captures
    /// separately, exempt from the self-check rule).
    pub exempt: B,
    pub pinned: B,
    pins: [(Square, B); 8],
    pin_count: usize,
}

impl<B: Bits> Ctx<B> {
    fn new(pos: &Position<B>, king: Square, quiets: bool) -> Ctx<B> {
        let v = pos.variant();
        let us = pos.side_to_move();
        let them = us.flip();
        let own = pos.color_bb(us);
        let enemy = pos.color_bb(them);
        let checkers = pos.checkers();
        let mut check_mask = v.geometry.valid;
        if checkers.any() {
            let c = checkers.lsb();
            // A check by a leap (a War Knight's two-square jump on the king's file included)
            // cannot be blocked: only the checker's square resolves it.
            let kind = pos.piece_at(c).kind();
            let by_leap =
                v.tables.leapers_to[them.index()][kind.index()][king.raw() as usize].has(c);
            let block = if by_leap {
                B::ZERO
            } else {
                v.geometry.between(king, c)
            };
            check_mask &= block | B::bit(c);
        }
        let target = check_mask & if quiets { !own } else { enemy };
        let exempt = if v.flags.shock {
            shock::shock_pieces(pos, them)
        } else {
            B::ZERO
        };
        let mut ctx = Ctx {
            us,
            them,
            occupied: own | enemy,
            own,
            enemy,
            king,
            target: target & !exempt,
            check_mask,
            quiets,
            exempt,
            pinned: B::ZERO,
            pins: [(Square::new(0), B::ZERO); 8],
            pin_count: 0,
        };
        ctx.find_pins(pos);
        ctx
    }

    /// A context for pseudo-legal generation: no check mask, no pins, nothing exempt.
    fn pseudo(pos: &Position<B>, king: Square, quiets: bool) -> Ctx<B> {
        let us = pos.side_to_move();
        let own = pos.color_bb(us);
        let enemy = pos.color_bb(us.flip());
        Ctx {
            us,
            them: us.flip(),
            occupied: own | enemy,
            own,
            enemy,
            king,
            target: if quiets { !own } else { enemy },
            check_mask: pos.variant().geometry.valid,
            quiets,
            exempt: B::ZERO,
            pinned: B::ZERO,
            pins: [(Square::new(0), B::ZERO); 8],
            pin_count: 0,
        }
    }

    /// Our pieces that shield the king from an enemy slider, each with the line it may move on.
    fn find_pins(&mut self, pos: &Position<B>) {
        let v = pos.variant();
        let t = &v.tables;
        let g = &v.geometry;
        let k = self.king.raw() as usize;
        let mut snipers = B::ZERO;
        for &kind in &t.orthogonal_kinds {
            snipers |= pos.pieces(self.them, kind) & t.orthogonal_lines[k];
        }
        for &kind in &t.diagonal_kinds {
            snipers |= pos.pieces(self.them, kind) & t.diagonal_lines[k];
        }
        for s in snipers.iter() {
            let between = g.between(self.king, s);
            let blockers = between & self.occupied;
            if blockers.any() && !blockers.several() && (blockers & self.own).any() {
                self.pinned |= blockers;
                self.pins[self.pin_count] = (blockers.lsb(), between | B::bit(s));
                self.pin_count += 1;
            }
        }
    }

    /// The squares a piece on `from` may move to under the pin rule.
    #[inline(always)]
    pub fn pin_mask(&self, from: Square) -> B {
        if !self.pinned.has(from) {
            return B::ALL;
        }
        self.pins[..self.pin_count]
            .iter()
            .find(|p| p.0 == from)
            .map(|p| p.1)
            .unwrap_or(B::ALL)
    }

    /// The removed set of a move ending on `to` by displacement.
    #[inline(always)]
    pub fn victim(&self, to: Square) -> B {
        B::bit(to) & self.enemy
    }
}

/// Fills `list` with every legal move of `pos`.
pub fn generate_legal<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    generate(pos, list, true);
}

/// Fills `list` with the legal captures and promotions of `pos` (for quiescence), or with every
/// legal move when the side to move is in check or frozen (then every move is an evasion).
pub fn generate_tactical<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    generate(pos, list, pos.in_check() || pos.is_frozen());
}

fn generate<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>, quiets: bool) {
    list.clear();
    if pos.is_frozen() {
        shock::generate_frozen(pos, list);
        return;
    }
    let Some(king) = pos.king_square(pos.side_to_move()) else {
        return;
    };
    if pos.variant().flags.combined_arms {
        combined_arms::generate(pos, king, list, quiets);
        return;
    }
    if pos.variant().flags.exciting {
        exciting::generate(pos, king, list, quiets);
        return;
    }
    if pos.variant().flags.legal_by_make {
        generate_by_make(pos, king, list, quiets);
        return;
    }
    let ctx = Ctx::new(pos, king, quiets);
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
    #[cfg(debug_assertions)]
    assert_distinct(list);
}

/// Pseudo-legal generation, then only the moves after which the mover's king is not attacked,
/// every attack worked out afresh for the new position. The enemy's attacks after our move
/// depend only on the new occupancy and on which of its pieces we removed (our pieces lend them
/// nothing), so no move needs to be made for the test.
fn generate_by_make<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    quiets: bool,
) {
    let v = pos.variant();
    let ctx = Ctx::pseudo(pos, king, quiets);
    let steps = v.tables.leaps[ctx.us.index()][v.king.index()][king.raw() as usize] & ctx.target;
    for to in steps.iter() {
        list.push(Move::new(king, to, MoveKind::Normal, 0, 0), ctx.victim(to));
    }
    generate_pieces(pos, &ctx, list);
    pawns::generate(pos, &ctx, list);
    if let Some(pawn) = v.power_pawn {
        powers::generate(pos, &ctx, list, pawn);
    }
    if quiets && v.flags.hands {
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
        for from in pos.pieces(ctx.us, kind).iter() {
            let mut targets = leaps[from.raw() as usize];
            if spec.slides_orthogonal {
                targets |= g.orthogonal_attacks(from, ctx.occupied);
            }
            if spec.slides_diagonal {
                targets |= g.diagonal_attacks(from, ctx.occupied);
            }
            targets &= ctx.target & ctx.pin_mask(from);
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

/// Debug check of DESIGN.md §3: every legal move has its own `Move` value.
#[cfg(debug_assertions)]
fn assert_distinct<B: Bits>(list: &MoveList<B>) {
    let mut seen: Vec<u32> = list.iter().map(|e| e.mv.raw()).collect();
    seen.sort_unstable();
    let n = seen.len();
    seen.dedup();
    assert_eq!(n, seen.len(), "two legal moves share a Move value");
}
