//! What the generators of the standard families share about one node: who moves, occupancy,
//! check and pin masks, and which moves are wanted.

use crate::board::{Bits, Color, Square};
use crate::position::Position;

/// Which moves a generator is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Scope<B: Bits> {
    /// Moves that remove nothing and promote nothing are wanted.
    pub quiets: bool,
    /// Captures and promotions are wanted. A generator may skip work for the kinds of move not
    /// wanted, or emit them anyway: the caller filters.
    pub tactical: bool,
    /// Only moves of the pieces on these squares, and drops onto them.
    pub movers: B,
}

impl<B: Bits> Scope<B> {
    pub fn all() -> Self {
        Scope {
            quiets: true,
            tactical: true,
            movers: B::ALL,
        }
    }
    pub fn tactical() -> Self {
        Scope {
            quiets: false,
            tactical: true,
            movers: B::ALL,
        }
    }
    pub fn quiet() -> Self {
        Scope {
            quiets: true,
            tactical: false,
            movers: B::ALL,
        }
    }
    /// Every move that starts on (or drops onto) `sq`.
    pub fn on(sq: Square) -> Self {
        Scope {
            quiets: true,
            tactical: true,
            movers: B::bit(sq),
        }
    }
}

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
    /// The pieces whose moves are wanted (every square but when one move is looked up); drops
    /// are wanted onto these squares.
    pub movers: B,
    /// Enemy squares no ordinary move may capture on (Shock Chess generates those captures
    /// separately, exempt from the self-check rule).
    pub exempt: B,
    pub pinned: B,
    pins: [(Square, B); 8],
    pin_count: usize,
}

impl<B: Bits> Ctx<B> {
    pub fn new(pos: &Position<B>, king: Square, scope: Scope<B>) -> Ctx<B> {
        let quiets = scope.quiets;
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
            pos.shock_pieces(them)
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
            movers: scope.movers,
            exempt,
            pinned: B::ZERO,
            pins: [(Square::new(0), B::ZERO); 8],
            pin_count: 0,
        };
        ctx.find_pins(pos);
        ctx
    }

    /// A context for pseudo-legal generation: no check mask, no pins, nothing exempt.
    pub fn pseudo(pos: &Position<B>, king: Square, scope: Scope<B>) -> Ctx<B> {
        let quiets = scope.quiets;
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
            movers: scope.movers,
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
