//! The staged move picker, an explicit state machine over one node's legal moves: the TT move,
//! good captures (by static exchange, then most valuable victim / least valuable attacker),
//! killers, quiet moves by history (drops among them), bad captures. Quiet moves are scored only
//! when their stage is reached, so a cut-off by a capture costs no history look-ups.

use crate::board::{Bits, Move, MoveEntry, MoveKind, MoveList};
use crate::position::Position;

use super::eval::Evaluator;
use super::see::see;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    GoodCaptures,
    Killers,
    Quiets,
    BadCaptures,
    Done,
}

/// Whether a move is searched as "tactical" (captures and promotions).
#[inline(always)]
pub fn is_tactical<B: Bits>(e: &MoveEntry<B>) -> bool {
    e.removed.any() || e.mv.kind() == MoveKind::Promotion
}

pub struct MovePicker<B: Bits> {
    moves: Vec<(MoveEntry<B>, i32)>,
    stage: Stage,
    /// Moves of the current stage still to hand out live in `moves[cursor..stage_end]`.
    cursor: usize,
    stage_end: usize,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    bad: Vec<(MoveEntry<B>, i32)>,
    quiets_only_tactical: bool,
}

impl<B: Bits> MovePicker<B> {
    /// A picker over `list`. With `tactical_only` (quiescence), quiet moves and killers are skipped.
    pub fn new(
        list: &MoveList<B>,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        tactical_only: bool,
    ) -> Self {
        MovePicker {
            moves: list.iter().map(|e| (*e, 0)).collect(),
            stage: Stage::TtMove,
            cursor: 0,
            stage_end: 0,
            tt_move,
            killers,
            bad: Vec::new(),
            quiets_only_tactical: tactical_only,
        }
    }

    /// The next move, or `None` when all have been handed out. `history` scores quiet moves.
    pub fn next(
        &mut self,
        pos: &Position<B>,
        eval: &Evaluator<B>,
        history: &dyn Fn(&MoveEntry<B>) -> i32,
    ) -> Option<MoveEntry<B>> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GoodCaptures;
                    if let Some(tt) = self.tt_move
                        && let Some(i) = self.moves.iter().position(|m| m.0.mv == tt)
                    {
                        // A TT move is used only because it is in the legal list (DESIGN.md §3).
                        let e = self.moves.swap_remove(i).0;
                        if !self.quiets_only_tactical || is_tactical(&e) {
                            return Some(e);
                        }
                    }
                    self.begin_captures(pos, eval);
                }
                Stage::GoodCaptures => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.stage = if self.quiets_only_tactical {
                        Stage::BadCaptures
                    } else {
                        Stage::Killers
                    };
                    if self.stage == Stage::BadCaptures {
                        self.begin_bad();
                    }
                }
                Stage::Killers => {
                    for k in self.killers.iter_mut() {
                        if let Some(km) = k.take()
                            && let Some(i) = self.moves[self.stage_end..]
                                .iter()
                                .position(|m| m.0.mv == km)
                        {
                            let e = self.moves.swap_remove(self.stage_end + i).0;
                            return Some(e);
                        }
                    }
                    self.stage = Stage::Quiets;
                    self.cursor = self.stage_end;
                    self.stage_end = self.moves.len();
                    for m in &mut self.moves[self.cursor..] {
                        m.1 = history(&m.0);
                    }
                }
                Stage::Quiets => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.stage = Stage::BadCaptures;
                    self.begin_bad();
                }
                Stage::BadCaptures => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Moves the tactical moves to the front and scores them; losing captures go to `bad`.
    fn begin_captures(&mut self, pos: &Position<B>, eval: &Evaluator<B>) {
        let mut tactical = Vec::new();
        let mut quiet = Vec::new();
        for &(e, _) in &self.moves {
            if is_tactical(&e) {
                let victims: i32 = e
                    .removed
                    .iter()
                    .map(|sq| eval.values[pos.piece_at(sq).kind().index()].0)
                    .sum();
                let attacker = eval.values[pos.piece_at(e.mv.from()).kind().index()].0;
                let promo = if e.mv.kind() == MoveKind::Promotion {
                    eval.values[e.mv.piece().index()].0
                } else {
                    0
                };
                let score = 16 * (victims + promo) - attacker / 8;
                if victims > 0 && see(pos, eval, &e) < 0 {
                    self.bad.push((e, score));
                } else {
                    tactical.push((e, score));
                }
            } else {
                quiet.push((e, 0));
            }
        }
        self.cursor = 0;
        self.stage_end = tactical.len();
        tactical.extend(quiet);
        self.moves = tactical;
    }

    fn begin_bad(&mut self) {
        self.moves = std::mem::take(&mut self.bad);
        if self.quiets_only_tactical {
            // Quiescence searches no losing captures.
            self.moves.clear();
        }
        self.cursor = 0;
        self.stage_end = self.moves.len();
    }

    /// Selection sort step over `moves[cursor..stage_end]`.
    fn pick_best(&mut self) -> Option<MoveEntry<B>> {
        if self.cursor >= self.stage_end {
            return None;
        }
        let mut best = self.cursor;
        for i in self.cursor + 1..self.stage_end {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.cursor, best);
        let e = self.moves[self.cursor].0;
        self.cursor += 1;
        Some(e)
    }
}
