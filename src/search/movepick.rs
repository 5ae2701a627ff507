//! The staged move picker, an explicit state machine over one node's moves: the TT move (looked
//! up alone, before anything is generated), then the tactical moves (generated, then ordered good
//! by static exchange, by most valuable victim / least valuable attacker and capture history),
//! then the quiet moves and drops (generated only when that stage is reached; killers and the
//! counter move first, then by history), then the losing captures. A cut-off by the TT move or a
//! capture never pays for the quiet moves.
//!
//! The moves handed out may be pseudo-legal (Combined Arms, Exciting): the caller makes each and
//! keeps it if [`MovePicker::legality`] says so.

use crate::board::{Bits, Move, MoveEntry, MoveList};
use crate::movegen::{Legality, Stage, find_move, generate_stage};
use crate::position::Position;

use super::see::see;
use crate::eval::Evaluator;

/// Above this many quiet moves left, the second quiet pick sorts them (below, selection is as
/// cheap).
const SORT_FROM: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    TtMove,
    GenerateTactical,
    GoodCaptures,
    GenerateQuiets,
    Killers,
    Quiets,
    BadCaptures,
    Done,
}

/// How the caller ranks moves within a stage: quiet moves (by their histories) and tactical
/// moves (added to their material order). A closure ranks quiet moves only.
pub trait MoveScores<B: Bits> {
    fn quiet(&self, e: &MoveEntry<B>) -> i32;
    fn tactical(&self, _e: &MoveEntry<B>) -> i32 {
        0
    }
}

impl<B: Bits, F: Fn(&MoveEntry<B>) -> i32> MoveScores<B> for F {
    fn quiet(&self, e: &MoveEntry<B>) -> i32 {
        self(e)
    }
}

/// What a picker reuses from node to node of one ply: the scored moves and a generation list.
#[derive(Default)]
pub struct PickerBuffers<B: Bits> {
    moves: Vec<(MoveEntry<B>, i32)>,
    list: MoveList<B>,
    /// For looking up the TT move while `list` holds a stage.
    scratch: MoveList<B>,
}

pub struct MovePicker<B: Bits> {
    /// The generated moves, as good tactical, quiet, then losing captures: `[0, good_end)`,
    /// `[good_end, quiet_end)`, `[quiet_end, ..)`.
    moves: Vec<(MoveEntry<B>, i32)>,
    list: MoveList<B>,
    scratch: MoveList<B>,
    step: Step,
    /// Moves of the current stage still to hand out live in `moves[cursor..stage_end]`.
    cursor: usize,
    stage_end: usize,
    good_end: usize,
    quiet_end: usize,
    tt_move: Option<Move>,
    /// Killers, then the counter move: quiet moves tried before the others.
    refutations: [Option<Move>; 3],
    tactical_only: bool,
    legality: Legality,
    /// `list` already holds the tactical stage.
    tactical_ready: bool,
    /// Quiet moves handed out so far; from the second on, the rest are sorted once and handed
    /// out in order (a selection pass per move costs the square of a drop game's hundreds of
    /// quiet moves).
    quiets_picked: usize,
    /// `moves[cursor..stage_end]` is sorted best first.
    in_order: bool,
}

impl<B: Bits> MovePicker<B> {
    /// A picker over the moves of `pos`, using `buffers`' allocations (get them back with
    /// `into_buffers`). `refutations` (killers, counter move) come first among the quiet moves.
    /// With `tactical_only` (quiescence outside check) quiet moves, refutations and losing
    /// captures are skipped.
    pub fn new(
        pos: &Position<B>,
        buffers: PickerBuffers<B>,
        tt_move: Option<Move>,
        refutations: [Option<Move>; 3],
        tactical_only: bool,
    ) -> Self {
        let PickerBuffers {
            mut moves,
            mut list,
            scratch,
        } = buffers;
        moves.clear();
        // Where the legality test needs the captures, the tactical stage is generated first, once.
        let early = Legality::needs_captures(pos);
        if early {
            generate_stage(pos, Stage::Tactical, &mut list);
        }
        let legality = Legality::new(pos, &list);
        MovePicker {
            moves,
            list,
            scratch,
            step: Step::TtMove,
            cursor: 0,
            stage_end: 0,
            good_end: 0,
            quiet_end: 0,
            tt_move,
            refutations,
            tactical_only,
            legality,
            tactical_ready: early,
            quiets_picked: 0,
            in_order: false,
        }
    }

    /// Gives the buffers back for reuse.
    pub fn into_buffers(self) -> PickerBuffers<B> {
        PickerBuffers {
            moves: self.moves,
            list: self.list,
            scratch: self.scratch,
        }
    }

    /// The test each handed-out move must pass once made.
    pub fn legality(&self) -> &Legality {
        &self.legality
    }

    /// The next move, or `None` when all have been handed out. `scores` ranks the moves.
    pub fn next(
        &mut self,
        pos: &Position<B>,
        eval: &Evaluator<B>,
        scores: &dyn MoveScores<B>,
    ) -> Option<MoveEntry<B>> {
        loop {
            match self.step {
                Step::TtMove => {
                    self.step = Step::GenerateTactical;
                    // A TT move is used only if the generator makes it here (DESIGN.md §3).
                    // The scratch list keeps a tactical stage generated early in `list`.
                    if let Some(e) = self
                        .tt_move
                        .and_then(|m| find_move(pos, m, &mut self.scratch))
                    {
                        let evasions = pos.in_check() || pos.is_frozen();
                        if !self.tactical_only || evasions || e.is_tactical() {
                            return Some(e);
                        }
                    }
                }
                Step::GenerateTactical => {
                    if !self.tactical_ready {
                        generate_stage(pos, Stage::Tactical, &mut self.list);
                    }
                    self.take_list();
                    self.partition(pos, eval, scores);
                    self.step = Step::GoodCaptures;
                }
                Step::GoodCaptures => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.step = if self.tactical_only {
                        Step::Done
                    } else {
                        Step::GenerateQuiets
                    };
                }
                Step::GenerateQuiets => {
                    generate_stage(pos, Stage::Quiet, &mut self.list);
                    if !self.list.is_empty() {
                        let bad = self.moves.split_off(self.quiet_end);
                        self.take_list();
                        self.quiet_end = self.moves.len();
                        self.moves.extend(bad);
                    }
                    self.cursor = self.good_end;
                    self.stage_end = self.quiet_end;
                    self.step = Step::Killers;
                }
                Step::Killers => {
                    while let Some(km) = self.refutations.iter_mut().find_map(|k| k.take()) {
                        if Some(km) == self.tt_move {
                            continue;
                        }
                        if let Some(i) = self.moves[self.cursor..self.stage_end]
                            .iter()
                            .position(|m| m.0.mv == km)
                        {
                            self.moves.swap(self.cursor, self.cursor + i);
                            self.cursor += 1;
                            return Some(self.moves[self.cursor - 1].0);
                        }
                    }
                    self.step = Step::Quiets;
                    for m in &mut self.moves[self.cursor..self.stage_end] {
                        m.1 = scores.quiet(&m.0);
                    }
                }
                Step::Quiets => {
                    if self.quiets_picked == 1 && self.stage_end - self.cursor > SORT_FROM {
                        self.moves[self.cursor..self.stage_end]
                            .sort_by_key(|m| std::cmp::Reverse(m.1));
                        self.in_order = true;
                    }
                    self.quiets_picked += 1;
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.in_order = false;
                    self.step = Step::BadCaptures;
                    self.cursor = self.quiet_end;
                    self.stage_end = self.moves.len();
                }
                Step::BadCaptures => {
                    if let Some(e) = self.pick_best() {
                        return Some(e);
                    }
                    self.step = Step::Done;
                }
                Step::Done => return None,
            }
        }
    }

    /// Appends the generated stage in `list` to `moves`, without the TT move (handed out first).
    fn take_list(&mut self) {
        let tt = self.tt_move;
        let fresh = self.list.iter().filter(|e| Some(e.mv) != tt);
        self.moves.extend(fresh.map(|e| (*e, 0)));
    }

    /// Scores the tactical moves and orders the list as good tactical, quiet (in check only),
    /// losing captures.
    fn partition(&mut self, pos: &Position<B>, eval: &Evaluator<B>, scores: &dyn MoveScores<B>) {
        let value = |k: crate::board::PieceKind| eval.values[k.index()].0;
        // Class 0: good tactical, 1: quiet, 2: losing capture.
        let class = |m: &mut (MoveEntry<B>, i32)| -> u8 {
            let e = &m.0;
            if !e.is_tactical() {
                return 1;
            }
            let victims: i32 = e
                .removed
                .iter()
                .map(|sq| value(pos.piece_at(sq).kind()))
                .sum();
            let attacker = value(pos.piece_at(e.mv.from()).kind());
            let promo = if e.mv.kind() == crate::board::MoveKind::Promotion {
                value(e.mv.piece())
            } else {
                0
            };
            m.1 = 16 * (victims + promo) - attacker / 8 + scores.tactical(e) / 8;
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
        if self.in_order {
            self.cursor += 1;
            return Some(self.moves[self.cursor - 1].0);
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
