//! Make-move, in the fixed order of DESIGN.md §3: remove the capture set; move the piece; place
//! drops and promotions; apply the mechanic's after-effects (castling rook, freeze); update
//! counters; pass the turn. Each step is a small function; the key is updated along the way.

use super::Position;
use crate::board::{Bits, Color, MoveEntry, MoveKind, Piece, PieceKind, Square};
use crate::variants::ClockRule;

impl<B: Bits> Position<B> {
    /// The position after `entry` (which must be a legal move of this position).
    #[inline]
    pub fn make_move(&self, entry: &MoveEntry<B>) -> Self {
        let mut next = *self;
        next.play(entry);
        next
    }

    /// The search's null move: the turn passes with nothing else changed but the e.p. right.
    /// Only for positions not in check and not frozen; it is not Shock Chess's pass.
    pub fn make_null(&self) -> Self {
        debug_assert!(!self.in_check() && !self.frozen);
        let mut next = *self;
        next.toggle_state_keys();
        next.ep = None;
        next.pass_turn(false);
        next.toggle_state_keys();
        next.checkers = next.compute_checkers(next.side);
        next
    }

    fn play(&mut self, entry: &MoveEntry<B>) {
        let mv = entry.mv;
        let us = self.side;
        self.toggle_state_keys();
        let mut reset_clock = false;
        let mut freezes = false;
        match mv.kind() {
            MoveKind::Pass => {
                // rules/shockchess.md 2.3.1: the pass changes nothing but the turn and the clocks.
                self.ep = None;
            }
            MoveKind::Drop => {
                self.drop_from_hand(us, mv.piece(), mv.to());
                self.ep = None;
                reset_clock = true;
            }
            kind => {
                let (captured_shock, reset) = self.remove_captured(entry.removed);
                freezes = captured_shock;
                let moved = self.move_piece(mv.from(), mv.to());
                if kind == MoveKind::Promotion {
                    self.remove_piece(mv.to());
                    self.put_piece(mv.to(), Piece::new(us, mv.piece()));
                }
                if kind == MoveKind::Castle {
                    self.move_castling_rook(us, mv.to());
                }
                self.castling &= self.variant.castle_keep[mv.from().index()]
                    & self.variant.castle_keep[mv.to().index()];
                if self.variant.flags.castling_by_placement {
                    self.castling = self.implied_castling();
                }
                let is_pawn = Some(moved.kind()) == self.variant.pawn;
                self.ep = if is_pawn {
                    self.skipped_square(mv.from(), mv.to())
                } else {
                    None
                };
                // The kind's clock rule: a Ninja Pawn's or soldier's step sideways can be undone
                // (rules/shocktroops.md 1.4, exciting.md II.2.13); a step to another rank cannot.
                let irreversible = kind == MoveKind::Promotion
                    || match self.variant.clock_rules[moved.kind().index()] {
                        ClockRule::Reversible => false,
                        ClockRule::Always => true,
                        ClockRule::Advance => {
                            mv.to().raw().abs_diff(mv.from().raw()) >= B::STRIDE as u8
                        }
                    };
                reset_clock = reset || irreversible;
            }
        }
        self.update_clocks(reset_clock);
        self.pass_turn(freezes);
        self.toggle_state_keys();
        self.checkers = if self.drop_gives_no_check(us, entry) {
            debug_assert!(self.compute_checkers(self.side).is_empty());
            B::ZERO
        } else {
            self.compute_checkers(self.side)
        };
        #[cfg(debug_assertions)]
        if let Err(e) = self.check_validity() {
            panic!(
                "invalid position after {:?}: {e}\n{}",
                entry.mv,
                self.to_fen()
            );
        }
    }

    /// Exciting Chess: a soldier drop by `us` that cannot check, settled without the full
    /// attack test (a drop game's hundreds of drops a node). The enemy king was safe before the
    /// move (the position was legal), so only what the soldier adds can attack it. The test
    /// reads only the squares and `us`'s cannons, so it holds asked before the drop as after.
    #[inline(always)]
    pub(crate) fn drop_gives_no_check(&self, us: Color, entry: &MoveEntry<B>) -> bool {
        use super::attacks::exciting::{drop_may_attack, soldier_drop};
        let to = entry.mv.to();
        soldier_drop(self, entry.mv).is_some_and(|k| {
            self.king_square(us.flip())
                .is_some_and(|king| !drop_may_attack(self, to, king, us, k))
        })
    }

    /// Toggles the castling and e.p. contributions of the key: called once before the move
    /// (taking the old ones out) and once after the turn has passed (putting the new ones in).
    #[inline(always)]
    fn toggle_state_keys(&mut self) {
        let z = &self.variant.zobrist;
        self.key ^= z.castling[self.castling as usize & 15];
        if let Some(ep) = self.usable_ep() {
            self.key ^= z.en_passant[ep.index()];
        }
    }

    /// Step 1: removes every piece of the capture set. Returns whether a shock piece was among
    /// them and whether anything was removed (which resets the 50-move clock).
    #[inline(always)]
    fn remove_captured(&mut self, removed: B) -> (bool, bool) {
        let mut shock = false;
        for sq in removed.iter() {
            let victim = self.remove_piece(sq);
            // Exciting Chess: captured soldiers re-enter from the captor's hand (II.2.8).
            if let Some(k) = self.variant.to_hand[victim.kind().index()] {
                let captor = victim.color().flip();
                let n = self.hand_count(captor, k);
                self.set_hand(captor, k, n.saturating_add(1));
            }
            shock |= self.variant.is_shock(victim.kind());
            self.castling &= self.variant.castle_keep[sq.index()];
        }
        (shock, removed.any())
    }

    /// Step 2: moves the piece on `from` to `to` (the same square for a piece that stays).
    #[inline(always)]
    fn move_piece(&mut self, from: Square, to: Square) -> Piece {
        let p = self.remove_piece(from);
        self.put_piece(to, p);
        p
    }

    /// Step 3 for drops: takes one piece of `kind` from the hand and puts it on `to`.
    fn drop_from_hand(&mut self, us: Color, kind: PieceKind, to: Square) {
        let n = self.hand_count(us, kind);
        debug_assert!(n > 0, "dropping a piece not in hand");
        self.set_hand(us, kind, n.saturating_sub(1));
        self.put_piece(to, Piece::new(us, kind));
    }

    /// Step 4 for castling: the rook of the right whose king lands on `king_to`.
    fn move_castling_rook(&mut self, us: Color, king_to: Square) {
        let spec = self
            .variant
            .castles
            .iter()
            .find(|c| c.color == us && c.king_to == king_to)
            .expect("castling move of a known right");
        let rook = self.remove_piece(spec.rook_from);
        self.put_piece(spec.rook_to, rook);
    }

    /// The square a pawn skipped with a double step, if it made one.
    #[inline(always)]
    fn skipped_square(&self, from: Square, to: Square) -> Option<Square> {
        let (a, b) = (from.raw().min(to.raw()), from.raw().max(to.raw()));
        (b - a == 2 * B::STRIDE as u8).then(|| Square::new(a + B::STRIDE as u8))
    }

    fn update_clocks(&mut self, reset: bool) {
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    /// Last step: the other side is to move; a shock capture freezes it (rules/shockchess.md
    /// 2.3.1), and a pass clears the flag.
    fn pass_turn(&mut self, freezes: bool) {
        let z = &self.variant.zobrist;
        self.side = self.side.flip();
        self.key ^= z.black_to_move;
        if self.frozen != freezes {
            self.key ^= z.frozen;
        }
        self.frozen = freezes;
    }
}
