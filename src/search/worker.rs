//! One search thread: iterative deepening at the root, the principal variation search below it,
//! and the quiescence search at the leaves. Every thread of a lazy-SMP search runs this; thread 0
//! (the main thread) also checks the clock and reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::history::{History, PieceTo};
use super::movepick::{MovePicker, MoveScores, PickerBuffers};
use super::params::{P, SearchParams};
use super::see::see;
use super::timeman::TimeBudget;
use super::tt::{Bound, TranspositionTable, TtHit};
use super::{INFINITE, Info, Limits, MATE, MATE_BOUND, MAX_PLY, Score, SearchSink};
use crate::board::{Bits, Move, MoveEntry, MoveList};
use crate::eval::nnue::Accumulator;
use crate::eval::{EvalCache, Evaluator};
use crate::movegen::{Legality, Stage, generate_legal, generate_stage, proven_no_check};
use crate::notation::render;
use crate::position::Position;
use crate::variants::Role;

/// Everything the threads of one search share.
pub struct Shared {
    pub tt: Arc<TranspositionTable>,
    pub stop: Arc<AtomicBool>,
    /// Nodes per thread, flushed every few thousand nodes.
    pub nodes: Vec<AtomicU64>,
    pub start: Instant,
    /// Milliseconds after `start` at which the clock began to run (set by `ponderhit`).
    pub clock_offset_ms: AtomicU64,
    /// A ponder search not yet converted by `ponderhit`: no time limit applies.
    pub pondering: AtomicBool,
    pub budget: TimeBudget,
    pub limits: Limits,
    /// Turns for helper threads when the threads are more than the cores.
    pub gate: Option<Arc<crate::search::threads::Gate>>,
}

impl Shared {
    /// Time on the clock for this move: since `go`, or since `ponderhit` for a ponder search.
    pub fn clock_elapsed(&self) -> Duration {
        self.start.elapsed().saturating_sub(Duration::from_millis(
            self.clock_offset_ms.load(Ordering::Relaxed),
        ))
    }

    /// Turns a ponder search into a normal one whose clock starts now.
    pub fn ponderhit(&self) {
        self.clock_offset_ms
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search must go on until told to stop (infinite, or pondering).
    fn unbounded(&self) -> bool {
        self.limits.infinite || self.pondering.load(Ordering::Relaxed)
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// The position to search and what goes with it.
pub struct SearchJob<B: Bits> {
    pub root: Position<B>,
    /// Keys of the game's earlier positions, oldest first (the root's own key not included).
    pub history: Vec<u64>,
    pub eval: Arc<Evaluator<B>>,
    pub multipv: usize,
    /// Root moves to search (UCI `searchmoves`, XBoard `exclude`); `None` for all.
    pub root_filter: Option<Vec<Move>>,
    /// The margins, reductions and divisors (the `SearchParams` option).
    pub params: SearchParams,
}

/// What a thread found: the root moves in order (best first) with scores and PVs.
pub struct RootResult<B: Bits> {
    pub lines: Vec<RootMove<B>>,
    pub depth: u32,
}

#[derive(Clone)]
pub struct RootMove<B: Bits> {
    pub entry: MoveEntry<B>,
    pub score: i32,
    pub pv: Vec<MoveEntry<B>>,
    /// Nodes searched below this move in the last iteration (time management).
    pub nodes: u64,
}

/// One ply of the search path: what a node keeps for itself and for its children.
struct Frame<B: Bits> {
    killers: [Option<Move>; 2],
    /// The static evaluation here (`-INFINITE` in check or not yet known).
    static_eval: i32,
    /// The piece-to of the move being searched from this ply (`None`: the null move or a pass).
    moved: Option<PieceTo>,
    /// The move a singular-extension search leaves out here.
    excluded: Option<Move>,
    /// Double extensions on the path from the root to this ply (they are capped).
    double_extensions: u8,
    /// The principal variation found from this ply.
    pv: Vec<MoveEntry<B>>,
    /// The picker's reusable buffers.
    buffers: PickerBuffers<B>,
    /// The quiet and tactical moves searched here without a cut-off (reused buffers).
    quiets_tried: Vec<(MoveEntry<B>, PieceTo)>,
    tacticals_tried: Vec<(MoveEntry<B>, PieceTo)>,
    /// The quiet moves of a first quiescence ply, for its checks (a reused buffer).
    quiet_checks: MoveList<B>,
}

/// A node of the search: where it stands and what it is asked.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
    pv: bool,
    /// Expected to fail high (a zero-window child of a move expected to fail low).
    cut: bool,
    in_check: bool,
    /// The static evaluation, corrected by the TT score where its bound allows (`-INFINITE` in
    /// check).
    eval: i32,
    /// The static evaluation is above the one two plies up (the side's last turn).
    improving: bool,
    tt: Option<TtHit>,
    /// The extension (or reduction, when negative) of the TT move from the singular search.
    tt_extension: i32,
}

struct Worker<'a, B: Bits> {
    id: usize,
    job: &'a SearchJob<B>,
    shared: &'a Shared,
    sink: Option<&'a dyn SearchSink>,
    nodes: u64,
    flushed: u64,
    /// Keys of the positions above the current node (game history, then the search path).
    keys: Vec<u64>,
    /// The search stack, one frame per ply.
    stack: Vec<Frame<B>>,
    history: &'a mut History,
    seldepth: usize,
    stopped: bool,
    lmr: Box<[[u8; 64]; 64]>,
    eval_cache: EvalCache<B>,
    /// Changes of the best root move, halved after each iteration (time management).
    best_changes: f64,
    /// Depth of the current iteration (singular extensions stop at twice it).
    root_depth: i32,
    /// Null moves are not tried below this ply while a null-move fail-high is verified.
    null_min_ply: usize,
    /// The first iteration is complete: until then the main thread stops for its limits (time,
    /// nodes) only at an emergency bound far past them, so that it has a finished iteration to
    /// answer with. A stop from outside (`stop`, `?`, `quit`, a new position) and the emergency
    /// bound end it at once: the answer is then the best of the moves searched so far, without
    /// a mate score.
    first_done: bool,
    /// A root move other than the first that beat it in the current iteration, with a search
    /// of its own that finished at the iteration's depth (one line only): the answer if the
    /// iteration is cut off.
    proven_better: Option<RootMove<B>>,
    /// With a network: per ply, the position entered there and its accumulator (empty without
    /// one).
    nn: Vec<NnFrame<B>>,
}

/// The network's view of one ply of the path. A node records its position on entry
/// ([`Worker::enter`]); the accumulator is brought up to date only when the node is evaluated,
/// from the nearest ply above whose accumulator is (see [`Worker::network_eval`]).
struct NnFrame<B: Bits> {
    pos: Option<Position<B>>,
    acc: Accumulator,
    ready: bool,
}

/// Double extensions allowed on one path from the root.
const MAX_DOUBLE_EXTENSIONS: u8 = 6;

/// Runs one thread of a search with the thread's `history` (kept between the moves of a game).
/// Thread 0 returns the result; helpers return `None`.
pub fn run_search<B: Bits>(
    job: &SearchJob<B>,
    shared: &Shared,
    id: usize,
    sink: Option<&dyn SearchSink>,
    history: &mut History,
) -> Option<RootResult<B>> {
    history.prepare(job.root.variant().kinds.len(), B::BITS as usize);
    let eval_cache = history.take_eval_cache::<B>();
    let mut lmr = Box::new([[0u8; 64]; 64]);
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = job.params.lmr(d, m) as u8;
        }
    }
    let mut w = Worker {
        id,
        job,
        shared,
        sink,
        nodes: 0,
        flushed: 0,
        keys: job.history.clone(),
        stack: (0..MAX_PLY + 2)
            .map(|_| Frame {
                killers: [None; 2],
                static_eval: -INFINITE,
                moved: None,
                excluded: None,
                double_extensions: 0,
                pv: Vec::new(),
                buffers: PickerBuffers::default(),
                quiets_tried: Vec::new(),
                tacticals_tried: Vec::new(),
                quiet_checks: MoveList::default(),
            })
            .collect(),
        history,
        seldepth: 0,
        stopped: false,
        lmr,
        eval_cache,
        best_changes: 0.0,
        root_depth: 1,
        null_min_ply: 0,
        first_done: id > 0,
        proven_better: None,
        nn: match &job.eval.network {
            Some(loaded) => (0..MAX_PLY + 2)
                .map(|_| NnFrame {
                    pos: None,
                    acc: loaded.net.accumulator(),
                    ready: false,
                })
                .collect(),
            None => Vec::new(),
        },
    };
    let result = w.iterate();
    w.flush_nodes();
    let cache = std::mem::replace(&mut w.eval_cache, EvalCache::new(0));
    w.history.keep_eval_cache(cache);
    (id == 0).then_some(result)
}

impl<B: Bits> Worker<'_, B> {
    fn iterate(&mut self) -> RootResult<B> {
        let root = self.job.root;
        let mut list = MoveList::new();
        generate_legal(&root, &mut list);
        let mut lines: Vec<RootMove<B>> = list
            .iter()
            .filter(|e| {
                self.job
                    .root_filter
                    .as_ref()
                    .is_none_or(|f| f.contains(&e.mv))
            })
            .map(|e| RootMove {
                entry: *e,
                score: -INFINITE,
                pv: vec![*e],
                nodes: 0,
            })
            .collect();
        let mut completed = 0;
        if lines.is_empty() {
            return RootResult { lines, depth: 0 };
        }
        let max_depth = self
            .shared
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        let multipv = self.job.multipv.clamp(1, lines.len());
        self.enter(0, &root);
        self.stack[0].static_eval = if root.in_check() {
            -INFINITE
        } else {
            self.static_eval(&root, 0, -i32::MAX, i32::MAX)
        };
        let mut scores: Vec<i32> = Vec::new();
        // The lines of the last completed iteration: the answer when the next one is cut off
        // (a move that beat the old best in an unfinished iteration is not played).
        let mut finished: Vec<RootMove<B>> = Vec::new();
        let mut depth = 1;
        while depth <= max_depth {
            self.best_changes /= 2.0;
            self.proven_better = None;
            self.root_depth = depth as i32;
            // Helper threads skip some depths so that they fill the table ahead of the main thread.
            let search_depth = if self.id > 0 && depth > 2 {
                depth + (self.id as u32 % 2)
            } else {
                depth
            };
            for pv_index in 0..multipv {
                let previous = lines[pv_index].score;
                // Aspiration window. Mate assumption: none around a mate score (its distance
                // changes by more than any delta), and a window that fails twice more than
                // 1,000 away opens fully, so a mate outside it is always searched for.
                let mut delta = self.job.params.get(P::Aspiration);
                let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
                    (previous - delta, previous + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let score = self.root_search(
                        &root,
                        &mut lines,
                        search_depth as i32,
                        alpha,
                        beta,
                        pv_index,
                    );
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta += delta;
                    if delta > 1000 {
                        alpha = -INFINITE;
                        beta = INFINITE;
                    }
                }
                lines[pv_index..].sort_by_key(|l| std::cmp::Reverse(l.score));
                // A line can score above the lines found before it (it was searched without
                // their moves, and a mate can show there that a zero-window search of the
                // same move missed): the lines found so far are kept best first, mates first,
                // so that the best line gives the move and the report is in order.
                lines[..=pv_index].sort_by_key(|l| std::cmp::Reverse(l.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            self.first_done = true;
            finished.clone_from(&lines);
            scores.push(lines[0].score);
            if self.id == 0 {
                self.report(&lines, depth, multipv);
                if self.should_stop_after_iteration(&lines, &scores) {
                    break;
                }
            }
            depth += 1;
        }
        if self.id == 0 {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        // The answer is the last completed iteration's, with one exception: when an iteration
        // is cut off after a move other than its first beat the first at the new depth (its own
        // search finished, so its score is a proven bound above the first move's), that move
        // is played, as it is the better one at the deeper depth. Nothing of the unfinished
        // iteration is printed.
        let lines = match self.proven_better.take() {
            Some(better) if completed > 0 && self.stopped => {
                let mut answer = finished;
                answer.retain(|l| l.entry.mv != better.entry.mv);
                answer.insert(0, better);
                answer
            }
            _ if completed > 0 => finished,
            _ => lines,
        };
        RootResult {
            lines,
            depth: completed,
        }
    }

    /// Whether the main thread should not start another iteration. `scores` holds the best
    /// score of each iteration so far.
    fn should_stop_after_iteration(&self, lines: &[RootMove<B>], scores: &[i32]) -> bool {
        if self.shared.unbounded() {
            return false;
        }
        let timed = self.shared.budget.soft.is_some();
        if timed && lines.len() == 1 {
            return true; // A forced move (a frozen side's pass included) needs no thought.
        }
        if let Some(soft) = self.shared.budget.soft
            && self.shared.clock_elapsed() >= soft.mul_f64(0.6 * self.time_scale(lines, scores))
        {
            return true;
        }
        if let Some(soft) = self.shared.limits.soft_nodes
            && self.shared.total_nodes() + (self.nodes - self.flushed) >= soft
        {
            return true;
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// How much of its usual share of the soft limit this move deserves: more while the best
    /// move keeps changing, while it draws few of the nodes, or while the score falls; less when
    /// it is settled. Bounded, and the hard limit still cuts any iteration off.
    fn time_scale(&self, lines: &[RootMove<B>], scores: &[i32]) -> f64 {
        if scores.len() < 5 {
            return 1.0;
        }
        let instability = 1.0 + 1.5 * self.best_changes;
        let total: u64 = lines.iter().map(|l| l.nodes).sum();
        let share = lines[0].nodes as f64 / total.max(1) as f64;
        let effort = 0.55 + 1.1 * (1.0 - share);
        let last = scores[scores.len() - 1];
        let before = scores[scores.len() - 3];
        let falling = if last.abs() < MATE_BOUND && before.abs() < MATE_BOUND {
            (1.0 + (before - last) as f64 / 200.0).clamp(0.85, 1.5)
        } else {
            1.0
        };
        (instability * effort * falling).clamp(0.4, 2.5)
    }

    fn report(&self, lines: &[RootMove<B>], depth: u32, multipv: usize) {
        let Some(sink) = self.sink else { return };
        let elapsed = self.shared.start.elapsed();
        let nodes = self.shared.total_nodes() + self.nodes - self.flushed;
        for (i, line) in lines.iter().take(multipv).enumerate() {
            let mut pos = self.job.root;
            let mut pv = Vec::new();
            for e in &line.pv {
                pv.push(render(&pos, e));
                pos = pos.make_move(e);
            }
            sink.on_info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                multipv: i as u32 + 1,
                score: Score::from_internal(line.score),
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                time: elapsed,
                hashfull: self.shared.tt.hashfull(),
                pv,
            });
        }
    }

    /// The root node, one aspiration window of one iteration: the root moves from `pv_index`
    /// on (the MultiPV lines before it are settled), in the order the last iteration left
    /// them; the first at the full window, the rest at a zero window, searched again at the
    /// full window when they beat alpha. Each move's score, PV and node count go to its line.
    ///
    /// It is a loop of its own rather than a node type of `negamax` because its moves are not
    /// the picker's: they are `lines`, which the iteration sorts, MultiPV searches in slices,
    /// `searchmoves` filters, the time manager weighs by nodes and the report prints (a move
    /// that fails low scores `-INFINITE`, below every line searched in full). It does not
    /// reduce late moves nor reward a fail-high as `negamax`'s PV nodes do: both together were
    /// tried against this loop (issue 56) and lost, 251-287-462 in 1,000 games of chess at
    /// 5+0.05, -12.5 +/- 15.9 Elo.
    fn root_search(
        &mut self,
        root: &Position<B>,
        lines: &mut [RootMove<B>],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_index: usize,
    ) -> i32 {
        let mut best = -INFINITE;
        self.keys.push(root.key());
        for i in pv_index..lines.len() {
            let e = lines[i].entry;
            let child = root.make_move(&e);
            let extension = i32::from(child.in_check() || lines.len() == 1);
            let new_depth = depth - 1 + extension;
            self.stack[0].moved = self.history.piece_to(root, &e);
            self.stack[1].double_extensions = 0;
            let before = self.nodes;
            let score = if i == pv_index {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, true, false)
            } else {
                let s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, false, true);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, new_depth, -beta, -alpha, 1, true, false)
                } else {
                    s
                }
            };
            lines[i].nodes = self.nodes - before;
            if self.stopped {
                break;
            }
            let new_best = i != pv_index && score > alpha && pv_index == 0;
            if new_best {
                self.best_changes += 1.0;
            }
            if score > best {
                best = score;
            }
            if score > alpha || i == pv_index {
                let mut pv = vec![e];
                pv.extend_from_slice(&self.stack[1].pv);
                lines[i].score = score;
                lines[i].pv = pv;
                // The new best goes to the front of this line's range.
                lines[pv_index..=i].rotate_right(1);
                if new_best && self.job.multipv <= 1 {
                    self.proven_better = Some(lines[pv_index].clone());
                }
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            } else {
                lines[i].score = -INFINITE;
            }
        }
        self.keys.pop();
        best
    }

    /// Counts a node; every 1024 nodes flushes the count and (main thread) checks the limits.
    /// The main thread's first iteration runs to its end whatever the limits say, short of an
    /// emergency bound: it is small (the quiescence search's checks are bounded), and a move
    /// from a cut-off first iteration could be one that loses at once.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            if self.id > 0
                && self.nodes & 4095 == 0
                && let Some(gate) = &self.shared.gate
            {
                gate.take_turns();
            }
            if self.id == 0 {
                // Until the first iteration is done the limits wait, up to an emergency bound
                // that only a pathological position reaches (a fuzzed board of queens): twice
                // the hard limit (itself at most half the clock left) or a second past it, four
                // times the nodes and 100,000 more. (A first iteration of a few thousand nodes
                // can take a tenth of a second in a test build on a busy machine.)
                let first = !self.first_done;
                let over_time = self.shared.budget.hard.is_some_and(|h| {
                    let h = if first {
                        (h * 2).max(h + Duration::from_secs(1))
                    } else {
                        h
                    };
                    !self.shared.unbounded() && self.shared.clock_elapsed() >= h
                });
                let over_nodes = self.shared.limits.nodes.is_some_and(|n| {
                    let n = if first {
                        n.saturating_mul(4).saturating_add(100_000)
                    } else {
                        n
                    };
                    self.shared.total_nodes() >= n
                });
                if over_time || over_nodes {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(n) = self.shared.limits.nodes
            && self.id == 0
            && self.first_done
            && self.shared.nodes.len() == 1
            && self.nodes >= n
        {
            // With one thread the node limit is exact, which keeps `bench` deterministic.
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        // Before the first iteration is done only a stop from outside is set (the limits above
        // wait for it): a GUI's `stop` or `quit` is never held up by a large first iteration.
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    fn flush_nodes(&mut self) {
        self.shared.nodes[self.id].fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Whether `pos`, at `ply`, is scored a draw by repetition: it stood earlier in the
    /// search, since the root (a draw at once: either side could have repeated), or twice in
    /// the game before the root (then this is the threefold repetition). Once in the game's
    /// history is not enough: the opponent repeated a move, not the position's outcome, and
    /// may go another way now.
    fn is_repetition(&self, pos: &Position<B>, ply: usize) -> bool {
        let window = pos.halfmove_clock() as usize;
        let key = pos.key();
        let mut in_game = 0;
        // `keys` ends with the parent: entry `i` from the end stood `i + 1` plies back.
        for (i, &k) in self
            .keys
            .iter()
            .rev()
            .enumerate()
            .take(window)
            .skip(1)
            .step_by(2)
        {
            if k == key {
                if i + 1 < ply {
                    return true;
                }
                in_game += 1;
                if in_game == 2 {
                    return true;
                }
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.stack[ply].pv.clear();
        if self.visit() {
            return 0;
        }
        self.enter(ply, pos);
        self.seldepth = self.seldepth.max(ply);
        if self.is_repetition(pos, ply) {
            return 0;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        // Mate assumption: exact (mated here is the worst, mating next ply the best there is).
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 2 {
            return self.static_eval(pos, ply, -i32::MAX, i32::MAX);
        }
        let in_check = pos.in_check();
        // A mate on the move that reaches the 50-move limit stands (found by the move loop).
        if !in_check
            && (pos.halfmove_clock() >= 100
                || (pos.occupied().count() <= 5 && pos.insufficient_material()))
        {
            return 0;
        }
        // A singular-extension search (a move left out) neither reads nor writes the table,
        // nor does a node within reach of the 50-move limit (see `near_fifty`).
        let excluded = self.stack[ply].excluded;
        let table = excluded.is_none() && !near_fifty(pos, depth);
        let tt = if table {
            self.shared.tt.probe(pos.key())
        } else {
            None
        };
        if let Some(hit) = tt
            && !pv_node
            && hit.depth >= depth
            && let Some(score) = tt_cutoff(hit, ply, alpha, beta)
        {
            return score;
        }
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.corrected_eval(pos, ply, -i32::MAX, i32::MAX)
        };
        self.stack[ply].static_eval = static_eval;
        // The TT score bounds the value better than the static evaluation where its bound says
        // which side of it the value lies. Not a mate score: the cuts that read the evaluation
        // measure margins. (So a null move or ProbCut may still be tried where the table holds
        // a mate bound too shallow to cut with.)
        let mut eval = static_eval;
        if let Some(hit) = tt
            && !in_check
        {
            let s = score_from_tt(hit.score, ply);
            let closer = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => s > eval,
                Bound::Upper => s < eval,
            };
            if closer && s.abs() < MATE_BOUND {
                eval = s;
            }
        }
        let mut node = Node {
            depth,
            ply,
            alpha,
            beta,
            pv: pv_node,
            cut: cut_node,
            in_check,
            eval,
            improving: !in_check && self.improving(ply, static_eval),
            tt,
            tt_extension: 0,
        };
        if excluded.is_none() {
            if let Some(score) = self.prune(pos, &node) {
                return score;
            }
            // Internal iterative reduction: without a TT move the node was never searched (or
            // its entry was lost), so a shallower search orders it first and costs little.
            if depth >= 4 && tt.and_then(|h| h.mv).is_none() && (pv_node || cut_node) {
                node.depth -= 1;
            }
            match self.singular(pos, &node) {
                Ok(extension) => node.tt_extension = extension,
                Err(score) => return score,
            }
        }
        let refutations = [
            self.stack[ply].killers[0],
            self.stack[ply].killers[1],
            self.history.counter(self.stack[ply - 1].moved),
        ];
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let mut picker = MovePicker::new(pos, buffers, tt.and_then(|h| h.mv), refutations, false);
        let score = self.move_loop(pos, &mut picker, node);
        self.stack[ply].buffers = picker.into_buffers();
        score
    }

    /// Whether the side to move at `ply` stands better than on its previous turn (two plies
    /// up, or four when it was in check then); true when neither is known.
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        let earlier = |back: usize| {
            (ply >= back)
                .then(|| self.stack[ply - back].static_eval)
                .filter(|&e| e != -INFINITE)
        };
        match earlier(2).or_else(|| earlier(4)) {
            Some(e) => static_eval > e,
            None => true,
        }
    }

    /// Cut-offs decided before any move is searched: razoring, reverse futility and the null
    /// move.
    fn prune(&mut self, pos: &Position<B>, node: &Node) -> Option<i32> {
        let Node {
            depth,
            ply,
            alpha,
            beta,
            eval,
            improving,
            ..
        } = *node;
        if node.pv || node.in_check || pos.is_frozen() {
            return None;
        }
        // Razoring: so far below alpha that only a capture sequence could save the node;
        // the quiescence search says whether one does. Mate assumption: it returns the
        // quiescence score, which proves no mate it did not see through checks, and against an
        // alpha that is a mate it may cut a faster mate (a quiet one): a mate is found later,
        // not invented. Keeping it there found more mates (issue 59: ae57006 reverted).
        let job = self.job;
        let p = &job.params;
        if depth <= 3 && eval + p.get(P::RazorBase) + p.get(P::RazorDepth) * depth * depth <= alpha
        {
            let score = self.qsearch(pos, alpha, alpha + 1, ply, 0);
            if self.stopped {
                return Some(0);
            }
            if score <= alpha {
                return Some(score);
            }
        }
        // Reverse futility: far enough above beta that one move cannot lose it all. Assumes the
        // static evaluation is within a few pawns of the truth in quiet positions; a frozen side
        // (the opponent moves twice) and positions in check are excluded. Mate assumption: an
        // evaluation that is a mate bound is not trusted; against a beta below a mated bound it
        // may hide the opponent's faster mate, never give a false one (ae57006 reverted).
        // Zugzwang assumption: like the null move it trusts the side to move to keep its score
        // with some move, so it asks the null move's material (`null_move_material`): after
        // 1.Ra6 in `kbK5/pp6/1P6/8/8/8/8/R7 w` every Black move loses, and once a network
        // scored the rook as good as won it cut the mate in two here.
        if depth <= 8
            && eval - p.get(P::RfpMargin) * (depth - i32::from(improving)) >= beta
            && eval.abs() < MATE_BOUND
            && self.null_move_material(pos)
        {
            return Some(eval);
        }
        // Null move. Assumes zugzwang is rare while the side has two pieces besides its king
        // and pawns, or one with a king free to step, or something in hand to drop (see
        // `null_move_material`); a frozen side
        // (whose only move is the pass) is excluded above, and the null move is not that pass
        // (DESIGN.md §3). Never two in a row, nor right after a pass. At high depth a
        // fail-high is verified by a search without null moves near it, where a zugzwang
        // would show. Mate assumption: a side in zugzwang can be mated where passing would
        // hold, so a fail-high here may hide a mate; the material rule keeps that to
        // positions rich enough in moves. The null move proves no mate: it is not tried
        // against a mate bound, and a mate it finds is returned as beta.
        if depth >= 3
            && eval >= beta
            && ply >= self.null_min_ply
            && self.stack[ply - 1].moved.is_some()
            && self.null_move_material(pos)
            && beta.abs() < MATE_BOUND
        {
            let r = p.get(P::NullBase)
                + depth / p.get(P::NullDepthDiv)
                + ((eval - beta) / p.get(P::NullEvalDiv)).min(3);
            let child = pos.make_null();
            self.stack[ply].moved = None;
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            self.keys.push(pos.key());
            let score = -self.negamax(
                &child,
                depth - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                !node.cut,
            );
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                let score = if score >= MATE_BOUND { beta } else { score };
                if self.null_min_ply > 0 || depth < 14 {
                    return Some(score);
                }
                self.null_min_ply = ply + (3 * (depth - r) / 4) as usize;
                let verified = self.negamax(pos, depth - r, beta - 1, beta, ply, false, false);
                self.null_min_ply = 0;
                if verified >= beta {
                    return Some(score);
                }
            }
        }
        self.probcut(pos, node)
    }

    /// ProbCut: a tactical move that beats beta by a margin in a search four plies shallower
    /// very likely beats beta at full depth, so the node is cut. Only moves whose exchange
    /// alone could reach the margin are tried, each first in the quiescence search; a TT entry
    /// deep enough that scores below the margin saves the trial. Mate assumption: not tried
    /// against a mate bound; a mate the shallow search finds is real, and is returned less the
    /// margin like any score (still a true lower bound: a mate no later than that).
    fn probcut(&mut self, pos: &Position<B>, node: &Node) -> Option<i32> {
        let Node {
            depth,
            ply,
            beta,
            eval,
            improving,
            ..
        } = *node;
        let job = self.job;
        let p = &job.params;
        let probcut_beta =
            beta + p.get(P::ProbcutMargin) - p.get(P::ProbcutImproving) * i32::from(improving);
        if depth < 5
            || beta.abs() >= MATE_BOUND
            || node
                .tt
                .is_some_and(|h| h.depth >= depth - 3 && score_from_tt(h.score, ply) < probcut_beta)
        {
            return None;
        }
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let tt_move = node.tt.and_then(|h| h.mv);
        let mut picker = MovePicker::new(pos, buffers, tt_move, [None; 3], true);
        let prevs = self.prevs(ply);
        let job = self.job;
        let mut result = None;
        self.keys.push(pos.key());
        while let Some(e) = self.pick(&mut picker, pos, prevs) {
            if see(pos, &job.eval, &e) < probcut_beta - eval {
                continue;
            }
            let child = pos.make_move(&e);
            if !picker.legality().keeps(pos, &e, &child) {
                continue;
            }
            self.stack[ply].moved = self.history.piece_to(pos, &e);
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            let window = (-probcut_beta, -probcut_beta + 1);
            let mut score = -self.qsearch(&child, window.0, window.1, ply + 1, 0);
            if score >= probcut_beta && !self.stopped {
                score = -self.negamax(
                    &child,
                    depth - 4,
                    window.0,
                    window.1,
                    ply + 1,
                    false,
                    !node.cut,
                );
            }
            if self.stopped {
                result = Some(0);
                break;
            }
            if score >= probcut_beta {
                if !near_fifty(pos, depth) {
                    self.shared.tt.store(
                        pos.key(),
                        Some(e.mv),
                        score_to_tt(score, ply),
                        depth - 3,
                        Bound::Lower,
                    );
                }
                result = Some(score - (probcut_beta - beta));
                break;
            }
        }
        self.keys.pop();
        self.stack[ply].buffers = picker.into_buffers();
        result
    }

    /// Singular extension: when the TT move holds a lower bound deep enough, every other move
    /// is searched at half depth against a bound a little below its score. If all fail low the
    /// TT move is singular and is extended (`Ok(1)`); if one reaches even the reduced bound and
    /// that bound is at least beta, several moves beat beta and the node is cut (`Err`); if the
    /// TT score alone is at least beta, the TT move is reduced (`Ok(-1)`). Mate assumption: not
    /// tried when the TT score is a mate; the cut returns the reduced bound even when the
    /// search without the TT move found a mate (a true lower bound, weaker than the mate).
    fn singular(&mut self, pos: &Position<B>, node: &Node) -> Result<i32, i32> {
        let Some(hit) = node.tt else { return Ok(0) };
        let Some(mv) = hit.mv else { return Ok(0) };
        let tt_score = score_from_tt(hit.score, node.ply);
        if node.depth < 7
            || hit.depth < node.depth - 3
            || hit.bound == Bound::Upper
            || tt_score.abs() >= MATE_BOUND
            || node.ply as i32 >= 2 * self.root_depth
        {
            return Ok(0);
        }
        let singular_beta = tt_score - 2 * node.depth;
        self.stack[node.ply].excluded = Some(mv);
        let score = self.negamax(
            pos,
            (node.depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            node.ply,
            false,
            node.cut,
        );
        self.stack[node.ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if score < singular_beta {
            // Far below: the TT move is the only move, so it gets two plies, a few times per
            // line at most (every double extension deepens the whole line).
            let double = !node.pv
                && score < singular_beta - self.job.params.get(P::SingularDouble)
                && self.stack[node.ply].double_extensions < MAX_DOUBLE_EXTENSIONS;
            Ok(if double { 2 } else { 1 })
        } else if singular_beta >= node.beta {
            Err(singular_beta)
        } else if tt_score >= node.beta || node.cut {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Whether a quiet move that gives no check is pruned: late-move pruning (past a number
    /// of quiet moves growing with depth, the rest are unlikely to matter), history pruning (a
    /// move that keeps failing here), futility and exchange pruning. Mate assumption (the
    /// caller's): only once a move of the node is known not to be mated, and never a check, so
    /// a mated score is proven over every move; the pruned move may still have been a faster
    /// mate of the side to move (futility, a margin, holds back when alpha is a mate; the
    /// others go by the move's order, history and exchange, and do not).
    fn prune_quiet(&self, pos: &Position<B>, e: &MoveEntry<B>, q: &QuietPrune) -> bool {
        let params = &self.job.params;
        if q.tried >= lmp_limit(params, q.depth, q.improving) {
            return true;
        }
        let reduced = self.lmr[(q.depth as usize).min(63)][(q.searched + 1).min(63)] as i32;
        let lmr_depth = (q.depth - 1 - reduced).max(0);
        if lmr_depth <= 4 && q.history < -params.get(P::HistoryPrune) * q.depth {
            return true;
        }
        // Futility: a move that removes nothing, promotes nothing and gives no check changes
        // the material balance by nothing (true of every variant's quiet moves, drops and
        // pushes included), so it cannot lift a score this far below alpha. Mate assumption:
        // the caller's (see above); against an alpha that is a mate a quiet faster mate may be
        // pruned, so the mate found is longer, not false (ae57006 reverted).
        if !q.in_check
            && lmr_depth <= 8
            && q.eval
                + params.get(P::FutilityBase)
                + params.get(P::FutilityDepth) * lmr_depth
                + q.history / 256
                <= q.alpha
        {
            return true;
        }
        // Exchange pruning: the piece goes where it is lost.
        lmr_depth <= 8
            && see(pos, &self.job.eval, e) < -params.get(P::SeeQuiet) * lmr_depth * lmr_depth
    }

    /// The picker's next move, ranked by this thread's histories with the continuation keys
    /// `prevs`.
    fn pick(
        &self,
        picker: &mut MovePicker<B>,
        pos: &Position<B>,
        prevs: [Option<PieceTo>; 3],
    ) -> Option<MoveEntry<B>> {
        let scorer = Scorer {
            history: &*self.history,
            pos,
            prevs,
        };
        picker.next(pos, &self.job.eval, &scorer)
    }

    /// The continuation-history keys of a node at `ply`: the piece-to of the moves one, two and
    /// four plies up.
    fn prevs(&self, ply: usize) -> [Option<PieceTo>; 3] {
        let back = |n: usize| (ply >= n).then(|| self.stack[ply - n].moved).flatten();
        [back(1), back(2), back(4)]
    }

    /// The move loop of `negamax`: each legal move in the picker's order, with late-move,
    /// futility, history and exchange pruning, extensions and reductions.
    fn move_loop(&mut self, pos: &Position<B>, picker: &mut MovePicker<B>, node: Node) -> i32 {
        let Node {
            depth,
            ply,
            mut alpha,
            beta,
            pv: pv_node,
            cut: cut_node,
            in_check,
            eval,
            improving,
            tt,
            tt_extension,
        } = node;
        let tt_move = tt.and_then(|h| h.mv);
        let excluded = self.stack[ply].excluded;
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<MoveEntry<B>> = None;
        let mut searched = 0;
        let mut legal = 0;
        let mut quiets_tried = std::mem::take(&mut self.stack[ply].quiets_tried);
        let mut tacticals_tried = std::mem::take(&mut self.stack[ply].tacticals_tried);
        quiets_tried.clear();
        tacticals_tried.clear();
        let prevs = self.prevs(ply);
        let may_prune = self.has_pieces(pos);
        self.keys.push(pos.key());
        let job = self.job;
        let params = &job.params;
        while let Some(e) = self.pick(picker, pos, prevs) {
            if Some(e.mv) == excluded {
                continue;
            }
            let tactical = e.is_tactical();
            let pt = self.history.piece_to(pos, &e);
            let history = pt.map_or(0, |pt| scorer_score(&*self.history, pos, prevs, &e, pt));
            let may_cut = best > -MATE_BOUND && may_prune;
            let quiet = QuietPrune {
                depth,
                searched,
                history,
                eval,
                alpha,
                in_check,
                improving,
                tried: quiets_tried.len(),
            };
            // A quiet move proven to give no check is pruned before it is made: in the drop
            // games most moves are drops, and most drops are cut here.
            let no_check = !tactical && proven_no_check(pos, &e);
            if may_cut && no_check && self.prune_quiet(pos, &e, &quiet) {
                continue;
            }
            let child = pos.make_move(&e);
            if !picker.legality().keeps(pos, &e, &child) {
                continue;
            }
            legal += 1;
            let gives_check = child.in_check();
            if may_cut {
                if !tactical && !gives_check {
                    if !no_check && self.prune_quiet(pos, &e, &quiet) {
                        continue;
                    }
                } else if tactical
                    // Exchange pruning of a tactical move: the same mate assumption.
                    && depth <= 8
                    && !gives_check
                    && see(pos, &job.eval, &e) < -params.get(P::SeeTactical) * depth
                {
                    continue;
                }
            }
            // A TT move the singular search reduces (-1) loses its check extension with it: a
            // check searched two plies short. Left so: keeping the extension cost 4% of the
            // bench and found no mate sooner among 400 random mates in two and three.
            let extension = if Some(e.mv) == tt_move && tt_extension != 0 {
                tt_extension
            } else {
                i32::from(gives_check)
            };
            let new_depth = depth - 1 + extension;
            self.stack[ply].moved = pt;
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + u8::from(extension >= 2);
            let score = if searched == 0 {
                if pv_node {
                    -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, false)
                } else {
                    -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false, !cut_node)
                }
            } else {
                // Late-move reductions: assumes the move picker put the likely best moves first
                // (TT move, captures, killers, history); a reduced move that beats alpha is
                // searched again at full depth. Mate assumption: checks and tactical moves are
                // not reduced; a reduction can delay a mate, not invent one (a mate found at a
                // reduced depth is still a mate).
                let reduction = if depth >= 3 && !tactical && !gives_check && searched >= 2 {
                    let mut r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                    r += i32::from(!improving) + i32::from(cut_node) - i32::from(pv_node);
                    r -= history / params.get(P::LmrHistory);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let reduced = (reduction > 0).then(|| {
                    -self.negamax(
                        &child,
                        new_depth - reduction,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        true,
                    )
                });
                // Unreduced, or the reduced search beat alpha: the full-depth zero window.
                let mut s = match reduced {
                    Some(s) if s <= alpha || self.stopped => s,
                    _ => -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        !cut_node,
                    ),
                };
                if s > alpha && s < beta && pv_node && !self.stopped {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, false);
                }
                s
            };
            searched += 1;
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(e);
                    alpha = score;
                    self.update_pv(ply, e);
                    if score >= beta {
                        if let Some(pt) = pt {
                            self.reward(pos, ply, depth, &e, pt, &quiets_tried, &tacticals_tried);
                        }
                        break;
                    }
                }
            }
            if let Some(pt) = pt {
                if tactical {
                    tacticals_tried.push((e, pt));
                } else {
                    quiets_tried.push((e, pt));
                }
            }
        }
        self.keys.pop();
        self.stack[ply].quiets_tried = quiets_tried;
        self.stack[ply].tacticals_tried = tacticals_tried;
        if self.stopped {
            return 0;
        }
        if legal == 0 {
            if excluded.is_some() {
                return alpha; // Only the left-out move is legal: it is singular.
            }
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if pos.halfmove_clock() >= 100 {
            return 0; // In check at the limit, and not mated.
        }
        if excluded.is_none() {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // The correction history learns from a quiet best move (a capture's gain is not the
            // evaluation's error), and only from a bound on the side that says something.
            let static_eval = self.stack[ply].static_eval;
            if !in_check
                && best_move.is_none_or(|e| !e.is_tactical())
                && best.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.history.update_correction(
                    pos.side_to_move(),
                    pos.structure_key(),
                    depth,
                    best - static_eval,
                );
            }
            if !near_fifty(pos, depth) {
                self.shared.tt.store(
                    pos.key(),
                    best_move.map(|e| e.mv),
                    score_to_tt(best, ply),
                    depth,
                    bound,
                );
            }
        }
        best
    }

    /// The PV of `ply` becomes `e` followed by the PV of the next ply.
    fn update_pv(&mut self, ply: usize, e: MoveEntry<B>) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(e);
        pv.extend_from_slice(&tail[0].pv);
    }

    /// A move caused a cut-off. A quiet one becomes a killer and the counter move of the move
    /// before, and gains history (its own and its continuations) while the quiet moves tried
    /// before it lose some; a tactical one gains capture history. Tactical moves tried before
    /// it lose capture history either way.
    #[allow(clippy::too_many_arguments)]
    fn reward(
        &mut self,
        pos: &Position<B>,
        ply: usize,
        depth: i32,
        e: &MoveEntry<B>,
        pt: PieceTo,
        quiets: &[(MoveEntry<B>, PieceTo)],
        tacticals: &[(MoveEntry<B>, PieceTo)],
    ) {
        let bonus = (170 * depth - 100).min(1700);
        let prevs = self.prevs(ply);
        if e.is_tactical() {
            self.history.update_capture(pos, e, pt, bonus);
        } else {
            let k = &mut self.stack[ply].killers;
            if k[0] != Some(e.mv) {
                k[1] = k[0];
                k[0] = Some(e.mv);
            }
            self.history.set_counter(prevs[0], e.mv);
            self.history.update_quiet(pt, &prevs, bonus);
            for &(_, q) in quiets {
                self.history.update_quiet(q, &prevs, -bonus);
            }
        }
        for (m, q) in tacticals {
            self.history.update_capture(pos, m, *q, -bonus);
        }
    }

    fn has_pieces(&self, pos: &Position<B>) -> bool {
        let v = pos.variant();
        let us = pos.side_to_move();
        v.kinds.iter().enumerate().any(|(i, k)| {
            k.role == Role::Piece && pos.pieces(us, crate::board::PieceKind(i as u8)).any()
        })
    }

    /// Whether the side to move has what the null move assumes keeps zugzwang rare: two pieces
    /// besides its king and pawns on the board, or anything in hand (a drop is always a move), or
    /// one piece while its king has a neighbouring square its own men leave free. A king walled
    /// in by its own men with one piece beside it is where every move can lose and a pass would
    /// not: kbK5/pp6/1P6/8/8/8/8/R7 w, 1.Ra6 mates in two (the bishop must move), and Black's
    /// null move hid it at every depth. Without that exception the null move was lost in every
    /// rook and minor-piece ending: 25% more nodes to depth 10 in chess positions at ply 100.
    fn null_move_material(&self, pos: &Position<B>) -> bool {
        let us = pos.side_to_move();
        let mut pieces = 0;
        for (i, k) in pos.variant().kinds.iter().enumerate() {
            let kind = crate::board::PieceKind(i as u8);
            if pos.hand_count(us, kind) > 0 {
                return true;
            }
            if k.role == Role::Piece {
                pieces += pos.pieces(us, kind).count();
            }
        }
        match pieces {
            0 => false,
            1 => pos.king_square(us).is_some_and(|k| {
                (crate::position::attacks::arms::king_steps(pos, k) & !pos.color_bb(us)).any()
            }),
            _ => true,
        }
    }

    /// The static evaluation of `pos`, the node at `ply`: the network's when one is loaded,
    /// else the terms' through this thread's cache (see `Evaluator::evaluate_lazy`). Against a
    /// bare king the terms alone, with their conversion knowledge (drive the king to the edge,
    /// or to the bishop's corner, and bring the pieces up), as engines keep specialised endgame
    /// evaluations beside a network: the network, trained on games that seldom reach such an
    /// ending, blurred the way to a mate (K+B+N v K drawn by the fifty-move rule).
    fn static_eval(&mut self, pos: &Position<B>, ply: usize, alpha: i32, beta: i32) -> i32 {
        if !self.nn.is_empty() && self.job.eval.converting(pos).is_none() {
            return self.network_eval(pos, ply);
        }
        self.job
            .eval
            .evaluate_cached(pos, alpha, beta, &mut self.eval_cache)
    }

    /// Records that the node at `ply` searches `pos` (for the network's accumulators).
    #[inline(always)]
    fn enter(&mut self, ply: usize, pos: &Position<B>) {
        if let Some(frame) = self.nn.get_mut(ply) {
            frame.pos = Some(*pos);
            frame.ready = false;
        }
    }

    /// The network's evaluation of `pos` at `ply`: the accumulators from the nearest ply above
    /// whose are up to date (or refreshed at the root), updated ply by ply down the path; plus
    /// the terms' share when the network was trained over them.
    fn network_eval(&mut self, pos: &Position<B>, ply: usize) -> i32 {
        let loaded = self
            .job
            .eval
            .network
            .as_deref()
            .expect("a network while nn frames exist");
        let mut top = ply;
        while top > 0 && !self.nn[top].ready {
            top -= 1;
        }
        if !self.nn[top].ready {
            let frame = &mut self.nn[top];
            let at = frame.pos.as_ref().expect("the root's position");
            loaded.net.refresh(&loaded.map, at, &mut frame.acc);
            frame.ready = true;
        }
        for q in top + 1..=ply {
            let (above, below) = self.nn.split_at_mut(q);
            let (parent, child) = (&above[q - 1], &mut below[0]);
            let (from, to) = (
                parent.pos.as_ref().expect("a parent position"),
                child.pos.as_ref().expect("a child position"),
            );
            loaded
                .net
                .update(&loaded.map, from, to, &parent.acc, &mut child.acc);
            child.ready = true;
        }
        #[cfg(debug_assertions)]
        {
            // The updates down the path give what a refresh gives.
            let mut fresh = loaded.net.accumulator();
            loaded.net.refresh(&loaded.map, pos, &mut fresh);
            assert_eq!(
                fresh,
                self.nn[ply].acc,
                "accumulator at ply {ply}: {}",
                pos.to_fen()
            );
        }
        let mut score = loaded.net.evaluate(&self.nn[ply].acc, pos.side_to_move());
        if loaded.net.base != 0 {
            // A network over the terms: its output corrects a share of the terms' score.
            let terms =
                self.job
                    .eval
                    .evaluate_cached(pos, -i32::MAX, i32::MAX, &mut self.eval_cache);
            score += loaded.net.terms_share(terms);
        }
        score.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation plus the correction history's correction for the position's pawn
    /// structure; the window is for the lazy evaluation, in the corrected scale.
    fn corrected_eval(&mut self, pos: &Position<B>, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.job.eval.dead_draw(pos) {
            return 0; // Nothing to correct: scored as the draw it is.
        }
        let c = self
            .history
            .correction(pos.side_to_move(), pos.structure_key());
        let raw = self.static_eval(pos, ply, alpha.saturating_sub(c), beta.saturating_sub(c));
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    fn qsearch(
        &mut self,
        pos: &Position<B>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: i32,
    ) -> i32 {
        self.stack[ply].pv.clear();
        if self.visit() {
            return 0;
        }
        self.enter(ply, pos);
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.in_check();
        if pos.is_frozen() {
            // The frozen side's only move is the pass; its opponent then moves again.
            if in_check {
                return -MATE + ply as i32;
            }
            let mut list = MoveList::new();
            generate_legal(pos, &mut list);
            let Some(pass) = list.iter().next().copied() else {
                return 0;
            };
            return -self.qsearch(&pos.make_move(&pass), -beta, -alpha, ply + 1, depth - 1);
        }
        if ply >= MAX_PLY - 2 {
            return self.static_eval(pos, ply, -i32::MAX, i32::MAX);
        }
        // The 50-move limit, as in `negamax` (which hands its depth-0 nodes straight here):
        // the game is drawn unless the side to move is mated, since a mate on the move that
        // reaches the limit stands. No mate is scored past it.
        if pos.halfmove_clock() >= 100 {
            if in_check {
                let mut list = MoveList::new();
                generate_legal(pos, &mut list);
                if list.is_empty() {
                    return -MATE + ply as i32;
                }
            }
            return 0;
        }
        let table = !near_fifty(pos, 0);
        let tt = table.then(|| self.shared.tt.probe(pos.key())).flatten();
        if let Some(score) = tt.and_then(|hit| tt_cutoff(hit, ply, alpha, beta)) {
            return score;
        }
        let original_alpha = alpha;
        let mut stand_pat = -INFINITE;
        if !in_check {
            stand_pat = self.corrected_eval(pos, ply, alpha, beta);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let node = Node {
            depth,
            ply,
            alpha,
            beta,
            pv: false,
            cut: false,
            in_check,
            eval: stand_pat,
            improving: false,
            tt,
            tt_extension: 0,
        };
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let tt_move = tt.and_then(|h| h.mv);
        let mut picker = MovePicker::new(pos, buffers, tt_move, [None; 3], !in_check);
        let (score, best_move) = self.qsearch_loop(pos, &mut picker, node);
        self.stack[ply].buffers = picker.into_buffers();
        if !self.stopped && table {
            let bound = if score >= beta {
                Bound::Lower
            } else if score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(pos.key(), best_move, score_to_tt(score, ply), 0, bound);
        }
        score
    }

    /// The move loop of `qsearch`, starting from the stand-pat score (`-INFINITE` in check):
    /// the score and the best move, if one beat alpha.
    fn qsearch_loop(
        &mut self,
        pos: &Position<B>,
        picker: &mut MovePicker<B>,
        node: Node,
    ) -> (i32, Option<Move>) {
        let Node {
            depth,
            ply,
            mut alpha,
            beta,
            in_check,
            eval: stand_pat,
            ..
        } = node;
        // Checks are followed in the first plies only (see `QS_CHECK_PLIES`).
        let checking_plies = depth > -QS_CHECK_PLIES;
        let every_evasion = depth >= -QS_CHECK_PLIES;
        let mut best = stand_pat;
        let mut best_move = None;
        // Outside check, each capture is tried one way only: a piece that can kill the same
        // pieces and end on several squares (Combined Arms' aviation, armor, artillery) is
        // searched from the first of them the picker offers.
        let mut tried: [(u8, B); 16] = [(0, B::ZERO); 16];
        let mut n_tried = 0;
        let mut legal = 0;
        let mut quiet_evasions = 0;
        while let Some(e) = self.pick(picker, pos, [None; 3]) {
            // A move left out here cannot make a mate claim false: the node is not in check,
            // or an evasion already holds off the mate (while every evasion tried is mated, all
            // of them are tried, so `legal` counts them all).
            let may_skip = !in_check || best > -MATE_BOUND;
            // Of the quiet evasions of a check given deeper than the first plies, the first
            // `QS_QUIET_EVASIONS` are tried (the king's step when the capture of the checker
            // loses material); the rest are left out.
            if may_skip
                && in_check
                && !every_evasion
                && !e.is_tactical()
                && quiet_evasions >= QS_QUIET_EVASIONS
            {
                continue;
            }
            // An under-promotion wins less than the promotion to the most valuable kind on the
            // same move: it is tried only in the first plies, and only when it gives check (a
            // knight's fork). (Not where it may be the only evasion: in Exciting a move that
            // gives check can be legal when the same move to another kind is not, II.2.12.)
            let under = may_skip && self.under_promotion(pos, &e);
            if under && !checking_plies {
                continue;
            }
            let mut short = false;
            if !in_check && e.mv.kind() != crate::board::MoveKind::Promotion {
                let key = (e.mv.from().raw(), e.removed);
                if tried[..n_tried].contains(&key) {
                    continue;
                }
                // Delta pruning: even winning the victims outright would not reach alpha. In the
                // first plies such a capture is still tried when it gives check (it may mate).
                let gain: i32 = e
                    .removed
                    .iter()
                    .map(|sq| self.job.eval.values[pos.piece_at(sq).kind().index()].1)
                    .sum();
                if stand_pat + gain + 200 <= alpha {
                    if !checking_plies {
                        continue;
                    }
                    short = true;
                }
            }
            let child = pos.make_move(&e);
            if !picker.legality().keeps(pos, &e, &child) {
                continue;
            }
            if (under || short) && !child.in_check() {
                continue;
            }
            legal += 1;
            if in_check && !e.is_tactical() {
                quiet_evasions += 1;
            }
            if !in_check
                && e.mv.kind() != crate::board::MoveKind::Promotion
                && n_tried < tried.len()
            {
                tried[n_tried] = (e.mv.from().raw(), e.removed);
                n_tried += 1;
            }
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, depth - 1);
            if self.stopped {
                return (0, None);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(e.mv);
                    self.update_pv(ply, e);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return (-MATE + ply as i32, None);
        }
        if !in_check && depth == 0 && best < beta && self.job.params.get(P::QsQuietChecks) > 0 {
            let legality = *picker.legality();
            let window = (alpha, beta);
            (best, best_move) = self.quiet_checks(pos, legality, ply, window, (best, best_move));
        }
        (best, best_move)
    }

    /// The quiet moves that give check, searched at the quiescence search's first ply once its
    /// captures have not reached beta (as Stockfish 15 does), `qs_quiet_checks` of them at most
    /// (0, the default until its match is played: none): a mate by a quiet check just past the
    /// horizon is seen; a check that only loses the piece (exchange below zero) is left out. Takes
    /// and returns the node's best score and its move (the move changes when a check beats
    /// alpha). Mate assumption: more moves searched can find a mate, not invent one (each check's
    /// answers are all searched, as at every node in check of the first plies); in the drop games
    /// most drops are proven to give no check before they are made. With every check tried it
    /// found 267 mates of 894 matetrack problems at 100,000 nodes, 241 without (issue 59).
    fn quiet_checks(
        &mut self,
        pos: &Position<B>,
        legality: Legality,
        ply: usize,
        (mut alpha, beta): (i32, i32),
        (mut best, mut best_move): (i32, Option<Move>),
    ) -> (i32, Option<Move>) {
        let mut list = std::mem::take(&mut self.stack[ply].quiet_checks);
        generate_stage(pos, Stage::Quiet, &mut list);
        let mut left = self.job.params.get(P::QsQuietChecks);
        for e in list.iter() {
            if left == 0 {
                break;
            }
            if proven_no_check(pos, e) || see(pos, &self.job.eval, e) < 0 {
                continue;
            }
            let child = pos.make_move(e);
            if !legality.keeps(pos, e, &child) || !child.in_check() {
                continue;
            }
            left -= 1;
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, -1);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(e.mv);
                    self.update_pv(ply, *e);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].quiet_checks = list;
        (best, best_move)
    }

    /// Whether `e` promotes to a kind worth less than the most valuable kind the variant's
    /// pawns promote to.
    fn under_promotion(&self, pos: &Position<B>, e: &MoveEntry<B>) -> bool {
        if e.mv.kind() != crate::board::MoveKind::Promotion {
            return false;
        }
        let value = |k: crate::board::PieceKind| self.job.eval.values[k.index()].1;
        let top = pos
            .variant()
            .promotion_kinds
            .iter()
            .map(|&k| value(k))
            .max();
        top.is_some_and(|top| value(e.mv.piece()) < top)
    }
}

/// Plies at the start of the quiescence search in which checks are followed: a move there that
/// gives check is searched even when it is an under-promotion or a capture delta pruning would
/// drop, and a check given there is answered with every evasion. Deeper, a node in check tries
/// its tactical evasions and a few quiet ones (`QS_QUIET_EVASIONS`; all while every evasion is
/// mated); under-promotions are tried only as evasions while none holds. Without the bound, checking promotions and the
/// evasions of each checked side followed each other to the end of the board's material:
/// 408,557 nodes for one ply of a position with pawns on the seventh rank
/// (tests/search_mates.rs). Mate assumption: the quiescence search proves a mate only through
/// nodes in check, where no evasion is left out while all are mated; it is free to miss mates
/// (checks are not generated outside check), never to invent one.
const QS_CHECK_PLIES: i32 = 1;

/// Quiet evasions tried at a node in check deeper than the first plies, once an evasion holds
/// off the mate (Stockfish's quiescence search tries two; one keeps the first iteration of
/// tests/search_mates.rs's promotions position under 5,000 nodes, two would not).
const QS_QUIET_EVASIONS: usize = 1;

/// Whether the 50-move limit may be reached below a node of `pos` searched to `depth` (with a
/// margin for extensions and the quiescence search). The table's key leaves the clock out, so
/// a score found there (where lines end in draws by the limit) would be taken later for the
/// same position with the clock reset, and the other way round: such nodes neither read nor
/// write the table. Without this, the side winning an ending whose clock ran high before it
/// reset it met draw scores on the squares it had reached, and went round in circles (an
/// Exciting K+R against a bare king, 500 plies without a mate).
fn near_fifty<B: Bits>(pos: &Position<B>, depth: i32) -> bool {
    const MARGIN: i32 = 10;
    i32::from(pos.halfmove_clock()) + depth.max(0) + MARGIN >= 100
}

/// The score of a TT hit at `ply` if its bound decides a node searched with `(alpha, beta)`.
fn tt_cutoff(hit: TtHit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = score_from_tt(hit.score, ply);
    let decides = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    decides.then_some(score)
}

/// Past this many quiet moves at `depth` the rest are pruned (late-move pruning).
fn lmp_limit(params: &SearchParams, depth: i32, improving: bool) -> usize {
    ((params.get(P::LmpBase) + depth * depth) / (2 - i32::from(improving))) as usize
}

/// What [`Worker::prune_quiet`] looks at for one move of a node.
struct QuietPrune {
    depth: i32,
    /// Moves searched so far at the node.
    searched: usize,
    history: i32,
    eval: i32,
    alpha: i32,
    in_check: bool,
    improving: bool,
    /// Quiet moves searched so far at the node.
    tried: usize,
}

/// Ranks moves from one thread's histories for the picker.
struct Scorer<'a, B: Bits> {
    history: &'a History,
    pos: &'a Position<B>,
    prevs: [Option<PieceTo>; 3],
}

/// A move's history score: quiet and continuation history for a quiet move, capture history
/// for a tactical one.
#[inline(always)]
fn scorer_score<B: Bits>(
    history: &History,
    pos: &Position<B>,
    prevs: [Option<PieceTo>; 3],
    e: &MoveEntry<B>,
    pt: PieceTo,
) -> i32 {
    if e.is_tactical() {
        history.capture(pos, e, pt)
    } else {
        history.quiet(pt)
            + history.cont(prevs[0], pt)
            + history.cont(prevs[1], pt)
            + history.cont(prevs[2], pt) / 2
    }
}

impl<B: Bits> Scorer<'_, B> {
    fn score(&self, e: &MoveEntry<B>) -> i32 {
        self.history.piece_to(self.pos, e).map_or(0, |pt| {
            scorer_score(self.history, self.pos, self.prevs, e, pt)
        })
    }
}

impl<B: Bits> MoveScores<B> for Scorer<'_, B> {
    fn quiet(&self, e: &MoveEntry<B>) -> i32 {
        self.score(e)
    }
    fn tactical(&self, e: &MoveEntry<B>) -> i32 {
        self.score(e)
    }
}

/// Mate scores are stored relative to the node, not the root: a mate in n plies from a node is
/// the same whatever path reaches it, and `score_from_tt` makes it relative to the root again
/// at the ply it is read. Mate assumption: a mate the search returns is proven (every move of
/// the mated side was searched), so the table's mates cut like any score at the depth stored;
/// the key leaves out the 50-move clock and the path, so nodes within reach of the limit do
/// not use the table (`near_fifty`), and a repetition's draw can still be taken for a
/// position reached another way (as in every engine).
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
