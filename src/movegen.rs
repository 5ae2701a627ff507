//! The family seam (DESIGN.md §9): every question about the moves of a position goes through here,
//! and here alone the variant's rules family ([`Family`], chosen when the variant was built) picks
//! its generator. Generation comes in stages for the search's picker (the TT move looked up
//! alone, then tactical moves, then quiet moves and drops), and [`Legality`] is the one test that
//! families whose moves are pseudo-legal (Combined Arms, Exciting) apply to a made move. The
//! exact legal list, for everyone else, is the same pipeline run to the end.

use crate::board::{Bits, Move, MoveEntry, MoveKind, MoveList};
use crate::position::Position;
use crate::position::attacks::exciting as exciting_attacks;
use crate::rules::ctx::Scope;
use crate::rules::{combined_arms, exciting, shock, standard};
use crate::variants::{ExcitingKinds, Family};

/// A stage of generation. Tactical moves remove something or promote
/// ([`MoveEntry::is_tactical`]); in check, and for a frozen side, every move is in the tactical
/// stage (every move is an evasion) and the quiet stage is empty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    Tactical,
    Quiet,
}

/// Fills `list` with every legal move of `pos`.
pub fn generate_legal<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    generate_scope(pos, list, Scope::all());
    keep_legal(pos, list);
}

/// Fills `list` with the legal captures and promotions of `pos` (for quiescence), or with every
/// legal move when the side to move is in check or frozen (then every move is an evasion).
pub fn generate_tactical<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    generate_stage(pos, Stage::Tactical, list);
    keep_legal(pos, list);
}

/// Fills `list` with the moves of one stage. They may be pseudo-legal: the caller keeps those
/// that [`Legality::keeps`] once made.
pub fn generate_stage<B: Bits>(pos: &Position<B>, stage: Stage, list: &mut MoveList<B>) {
    let evasions = pos.in_check() || pos.is_frozen();
    match stage {
        Stage::Tactical if evasions => generate_scope(pos, list, Scope::all()),
        Stage::Tactical => generate_scope(pos, list, Scope::tactical()),
        Stage::Quiet if evasions => list.clear(),
        Stage::Quiet => {
            generate_scope(pos, list, Scope::quiet());
            list.retain(|e| !e.is_tactical());
        }
    }
}

/// The entry of `mv` if the family generates it in `pos` (found among the moves of its one
/// piece, so a TT move costs no full generation; `list` is scratch space). Pseudo-legal as
/// [`generate_stage`]'s moves.
pub fn find_move<B: Bits>(
    pos: &Position<B>,
    mv: Move,
    list: &mut MoveList<B>,
) -> Option<MoveEntry<B>> {
    if mv.kind() == MoveKind::Pass {
        generate_scope(pos, list, Scope::all());
    } else {
        generate_scope(pos, list, Scope::on(mv.from()));
    }
    list.find(mv).copied()
}

/// One node's generation by the family's generator.
fn generate_scope<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>, scope: Scope<B>) {
    list.clear();
    if pos.is_frozen() {
        shock::generate_frozen(pos, list);
        return;
    }
    let Some(king) = pos.king_square(pos.side_to_move()) else {
        return;
    };
    match &pos.variant().family {
        Family::Standard => standard::generate_standard(pos, king, list, scope),
        Family::Powers(k) => standard::generate_powers(pos, king, list, scope, k),
        Family::CombinedArms(k) => combined_arms::generate(pos, king, list, scope, k),
        Family::Exciting(k) => exciting::generate(pos, king, list, scope, k),
    }
    #[cfg(debug_assertions)]
    assert_distinct(list);
}

/// Keeps the moves of `list` that are legal (a no-op for families that generate legal moves).
fn keep_legal<B: Bits>(pos: &Position<B>, list: &mut MoveList<B>) {
    let legality = Legality::new(pos, list);
    if legality.test != Test::None {
        list.retain(|e| legality.keeps(pos, e, &pos.make_move(e)));
    }
}

/// The legality test of one node's generated moves, applied to each made move.
#[derive(Clone, Copy, Debug)]
pub struct Legality {
    test: Test,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    /// Generated legal: nothing to test.
    None,
    /// The mover's king must not be attacked after the move.
    KingSafe,
    /// As `KingSafe`, and the move must take a checker or give check (Exciting II.2.12).
    Obliged(ExcitingKinds),
}

impl Legality {
    /// Whether settling the test needs the captures of `pos` (Exciting, with enemy checkers on the
    /// board: the obligation binds when a legal capture takes one).
    pub fn needs_captures<B: Bits>(pos: &Position<B>) -> bool {
        match &pos.variant().family {
            Family::Exciting(k) if !pos.is_frozen() => {
                let them = pos.side_to_move().flip();
                (pos.pieces(them, k.man) | pos.pieces(them, k.draughts_king)).any()
            }
            _ => false,
        }
    }

    /// The test for the moves of `pos`. `moves` holds generated moves of `pos` that include every
    /// capture (its tactical stage, or all its moves) when [`Legality::needs_captures`]; it is
    /// not read otherwise.
    pub fn new<B: Bits>(pos: &Position<B>, moves: &MoveList<B>) -> Legality {
        let test = match &pos.variant().family {
            Family::Standard | Family::Powers(_) => Test::None,
            _ if pos.is_frozen() => Test::None,
            Family::CombinedArms(_) => Test::KingSafe,
            Family::Exciting(k) => {
                if Self::needs_captures(pos) && exciting::obliged(pos, moves, k) {
                    Test::Obliged(*k)
                } else {
                    Test::KingSafe
                }
            }
        };
        Legality { test }
    }

    /// Whether `e`, a generated move of `pos` that led to `after`, is legal.
    #[inline]
    pub fn keeps<B: Bits>(&self, pos: &Position<B>, e: &MoveEntry<B>, after: &Position<B>) -> bool {
        let king_safe = || {
            let us = pos.side_to_move();
            let Some(king) = after.king_square(us) else {
                return false;
            };
            if let Some(k) = exciting_attacks::soldier_drop(pos, e.mv)
                && !pos.in_check()
                && !exciting_attacks::drop_may_expose(after, e.mv.to(), king, us, k)
            {
                // A soldier dropped out of check that opens no line to the king.
                debug_assert!(!after.is_attacked(king, us.flip()));
                return true;
            }
            !after.is_attacked(king, us.flip())
        };
        match &self.test {
            Test::None => true,
            Test::KingSafe => king_safe(),
            Test::Obliged(k) => king_safe() && exciting::satisfies(pos, e, after, k),
        }
    }
}

/// Whether `e`, a quiet move of `pos`, is proven to give no check without making it: a move of
/// the Standard family whose piece does not attack the enemy king from its new square and
/// whose old square opens no line of its side's sliders onto it, or an Exciting soldier dropped
/// where it can neither help enclose the enemy king nor screen a cannon on it
/// ([`Position::quiet_gives_no_check`]). False asks for the made move. The search prunes such
/// moves before making them.
pub fn proven_no_check<B: Bits>(pos: &Position<B>, e: &MoveEntry<B>) -> bool {
    let proven = pos.quiet_gives_no_check(e);
    debug_assert!(!proven || !pos.make_move(e).in_check(), "{:?} checks", e.mv);
    proven
}

/// Debug check of DESIGN.md §3: every generated move has its own `Move` value.
#[cfg(debug_assertions)]
fn assert_distinct<B: Bits>(list: &MoveList<B>) {
    let mut seen: Vec<u32> = list.iter().map(|e| e.mv.raw()).collect();
    seen.sort_unstable();
    let n = seen.len();
    seen.dedup();
    assert_eq!(n, seen.len(), "two generated moves share a Move value");
}
