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
    /// The moves, partitioned once the captures are scored: good tactical moves, then quiet
    /// moves, then losing captures (`[0, good_end)`, `[good_end, quiet_end)`, `[quiet_end, ..)`).
    moves: Vec<(MoveEntry<B>, i32)>,
    stage: Stage,
    /// Moves of the current stage still to hand out live in `moves[cursor..stage_end]`.
    cursor: usize,
    stage_end: usize,
    good_end: usize,
    quiet_end: usize,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    tactical_only: bool,
}

impl<B: Bits> MovePicker<B> {
    /// A picker over `list`, using `buffer`'s allocation (get it back with `into_buffer`). With
    /// `tactical_only` (quiescence), quiet moves, killers and losing captures are skipped.
    pub fn new(
        list: &MoveList<B>,
        mut buffer: Vec<(MoveEntry<B>, i32)>,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        tactical_only: bool,
    ) -> Self {
        buffer.clear();
        buffer.extend(list.iter().map(|e| (*e, 0)));
        MovePicker {
            moves: buffer,
            stage: Stage::TtMove,
            cursor: 0,
            stage_end: 0,
            good_end: 0,
            quiet_end: 0,
            tt_move,
            killers,
            tactical_only,
        }
    }

    /// Gives the move buffer back for reuse.
    pub fn into_buffer(self) -> Vec<(MoveEntry<B>, i32)> {
        self.moves
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
                        if !self.tactical_only || is_tactical(&e) {
                            self.partition(pos, eval);
                            return Some(e);
                        }
                    }
                    self.partition(pos, eval);
                }
                Stage::GoodCaptures => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.stage = if self.tactical_only {
                        Stage::Done
                    } else {
                        Stage::Killers
                    };
                    self.cursor = self.good_end;
                    self.stage_end = self.quiet_end;
                }
                Stage::Killers => {
                    while let Some(km) = self.killers.iter_mut().find_map(|k| k.take()) {
                        if let Some(i) = self.moves[self.cursor..self.stage_end]
                            .iter()
                            .position(|m| m.0.mv == km)
                        {
                            self.moves.swap(self.cursor, self.cursor + i);
                            self.cursor += 1;
                            return Some(self.moves[self.cursor - 1].0);
                        }
                    }
                    self.stage = Stage::Quiets;
                    for m in &mut self.moves[self.cursor..self.stage_end] {
                        m.1 = history(&m.0);
                    }
                }
                Stage::Quiets => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.stage = Stage::BadCaptures;
                    self.cursor = self.quiet_end;
                    self.stage_end = self.moves.len();
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

    /// Scores the tactical moves and orders the list as good tactical, quiet, losing captures.
    fn partition(&mut self, pos: &Position<B>, eval: &Evaluator<B>) {
        let value = |k: crate::board::PieceKind| eval.values[k.index()].0;
        // Class 0: good tactical, 1: quiet, 2: losing capture.
        let class = |m: &mut (MoveEntry<B>, i32)| -> u8 {
            let e = &m.0;
            if !is_tactical(e) {
                return 1;
            }
            let victims: i32 = e
                .removed
                .iter()
                .map(|sq| value(pos.piece_at(sq).kind()))
                .sum();
            let attacker = value(pos.piece_at(e.mv.from()).kind());
            let promo = if e.mv.kind() == MoveKind::Promotion {
                value(e.mv.piece())
            } else {
                0
            };
            m.1 = 16 * (victims + promo) - attacker / 8;
            if victims > 0 && victims < attacker && see(pos, eval, e) < 0 {
                2
            } else {
                0
            }
        };
        // Three-way partition in place (Dutch flag): each move is classified exactly once.
        let (mut low, mut mid, mut high) = (0, 0, self.moves.len());
        while mid < high {
            match class(&mut self.moves[mid]) {
                0 => {
                    self.moves.swap(low, mid);
                    low += 1;
                    mid += 1;
                }
                1 => mid += 1,
                _ => {
                    high -= 1;
                    self.moves.swap(mid, high);
                }
            }
        }
        self.good_end = low;
        self.quiet_end = high;
        self.cursor = 0;
        self.stage_end = self.good_end;
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
