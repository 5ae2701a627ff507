//! Move generation, one module per mechanic and one generator per rules family (DESIGN.md §9).
//! `movegen.rs` chooses the family's generator; who attacks what lives one floor down, in
//! `position::attacks`.

pub mod castling;
pub mod combined_arms;
pub mod ctx;
pub mod drops;
pub mod exciting;
pub mod pawns;
pub mod powers;
pub mod shock;
pub mod standard;

use crate::board::moves::removal_tag;
use crate::board::{Bits, Move, MoveKind, MoveList, Square};
use ctx::Scope;

/// A plain move identified by its effect: from, to and the pieces it removes (the tag tells
/// apart moves whose victims away from `to` differ).
#[inline(always)]
pub(crate) fn effect<B: Bits>(from: Square, to: Square, removed: B) -> (Move, B) {
    let tag = removal_tag(removed & !B::bit(to));
    (Move::new(from, to, MoveKind::Normal, 0, tag), removed)
}

/// Where the generators that reach one effect by several routes (Combined Arms' drives and
/// follow-ups, Exciting's chains) write their moves, one piece after another: each effect once.
/// A quiet move, and a move that takes only the piece on its destination, is kept once per
/// destination of its piece; the piece's other killing moves are deduplicated when it is `done`
/// (routes of different pieces never meet, since the origin is part of the effect).
pub(crate) struct Effects<'l, B: Bits> {
    list: &'l mut MoveList<B>,
    quiets: bool,
    tactical: bool,
    /// The current piece's first entry in `list`, the destinations of its quiet moves and of its
    /// plain captures so far, and whether it has killed otherwise.
    start: usize,
    seen: B,
    taken: B,
    killed: bool,
}

impl<'l, B: Bits> Effects<'l, B> {
    /// Moves wanted by `scope` are kept (quiet ones, killing ones or both).
    pub fn new(list: &'l mut MoveList<B>, scope: &Scope<B>) -> Self {
        Effects {
            start: list.len(),
            list,
            quiets: scope.quiets,
            tactical: scope.tactical,
            seen: B::ZERO,
            taken: B::ZERO,
            killed: false,
        }
    }

    /// A plain move of the current piece, by its effect.
    #[inline(always)]
    pub fn add(&mut self, from: Square, to: Square, removed: B) {
        if removed.is_empty() {
            if !self.quiets || self.seen.has(to) {
                return;
            }
            self.seen |= B::bit(to);
        } else if !self.tactical {
            return;
        } else if removed == B::bit(to) {
            // Taking what stands on the destination, and nothing else.
            if self.taken.has(to) {
                return;
            }
            self.taken |= B::bit(to);
        } else {
            self.killed = true;
        }
        let (mv, removed) = effect(from, to, removed);
        self.list.push(mv, removed);
    }

    /// A move that no other route produces (a promotion, castling, a drop), kept as it is.
    #[inline(always)]
    pub fn push(&mut self, mv: Move, removed: B) {
        self.list.push(mv, removed);
    }

    /// The current piece is finished: its killing moves are made unique.
    #[inline(always)]
    pub fn done(&mut self) {
        if self.killed {
            self.list.dedup_from(self.start);
        }
        self.start = self.list.len();
        self.seen = B::ZERO;
        self.taken = B::ZERO;
        self.killed = false;
    }

    /// As `done`, for a piece whose routes can also meet in moves pushed as they are.
    pub fn done_all(&mut self) {
        self.killed = true;
        self.done();
    }
}
