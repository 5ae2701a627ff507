//! One search thread: iterative deepening at the root, the principal variation search below it,
//! and the quiescence search at the leaves. Every thread of a lazy-SMP search runs this; thread 0
//! (the main thread) also checks the clock and reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::eval::{EvalCache, Evaluator};
use super::history::History;
use super::movepick::{MovePicker, PickerBuffers};
use super::timeman::TimeBudget;
use super::tt::{Bound, TranspositionTable};
use super::{INFINITE, Info, Limits, MATE, MATE_BOUND, MAX_PLY, Score, SearchSink};
use crate::board::{Bits, Move, MoveEntry, MoveList};
use crate::movegen::generate_legal;
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
    pub fn clock_elapsed(&self) -> std::time::Duration {
        self.start
            .elapsed()
            .saturating_sub(std::time::Duration::from_millis(
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
}

/// One ply of the search path: what a node keeps for itself and for its children.
struct Frame<B: Bits> {
    killers: [Option<Move>; 2],
    /// The principal variation found from this ply.
    pv: Vec<MoveEntry<B>>,
    /// The picker's reusable buffers.
    buffers: PickerBuffers<B>,
}

/// A node of the search: where it stands and what it is asked.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
    pv: bool,
    in_check: bool,
    /// The static evaluation (`-INFINITE` in check).
    eval: i32,
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
    eval_cache: EvalCache,
}

/// Runs one thread of a search with the thread's `history` (kept between the moves of a game).
/// Thread 0 returns the result; helpers return `None`.
pub fn run_search<B: Bits>(
    job: &SearchJob<B>,
    shared: &Shared,
    id: usize,
    sink: Option<&dyn SearchSink>,
    history: &mut History,
) -> Option<RootResult<B>> {
    let mut lmr = Box::new([[0u8; 64]; 64]);
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
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
                pv: Vec::new(),
                buffers: PickerBuffers::default(),
            })
            .collect(),
        history,
        seldepth: 0,
        stopped: false,
        lmr,
        eval_cache: EvalCache::new(16),
    };
    let result = w.iterate();
    w.flush_nodes();
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
        let mut depth = 1;
        while depth <= max_depth {
            // Helper threads skip some depths so that they fill the table ahead of the main thread.
            let search_depth = if self.id > 0 && depth > 2 {
                depth + (self.id as u32 % 2)
            } else {
                depth
            };
            for pv_index in 0..multipv {
                let previous = lines[pv_index].score;
                let mut delta = 30;
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
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            if self.id == 0 {
                self.report(&lines, depth, multipv);
                if self.should_stop_after_iteration(&lines) {
                    break;
                }
            }
            depth += 1;
        }
        if self.id == 0 {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        RootResult {
            lines,
            depth: completed,
        }
    }

    /// Whether the main thread should not start another iteration.
    fn should_stop_after_iteration(&self, lines: &[RootMove<B>]) -> bool {
        if self.shared.unbounded() {
            return false;
        }
        let timed = self.shared.budget.soft.is_some();
        if timed && lines.len() == 1 {
            return true; // A forced move (a frozen side's pass included) needs no thought.
        }
        if let Some(soft) = self.shared.budget.soft
            && self.shared.clock_elapsed() >= soft.mul_f64(0.6)
        {
            return true;
        }
        self.shared.stop.load(Ordering::Relaxed)
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
            let score = if i == pv_index {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, new_depth, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
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
                let over_time =
                    self.shared.budget.hard.is_some_and(|h| {
                        !self.shared.unbounded() && self.shared.clock_elapsed() >= h
                    });
                let over_nodes = self
                    .shared
                    .limits
                    .nodes
                    .is_some_and(|n| self.shared.total_nodes() >= n);
                if over_time || over_nodes {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(n) = self.shared.limits.nodes
            && self.id == 0
            && self.shared.nodes.len() == 1
            && self.nodes >= n
        {
            // With one thread the node limit is exact, which keeps `bench` deterministic.
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    fn flush_nodes(&mut self) {
        self.shared.nodes[self.id].fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Repetition of a position since the last irreversible move (counted as a draw at once
    /// inside the search).
    fn is_repetition(&self, pos: &Position<B>) -> bool {
        let window = pos.halfmove_clock() as usize;
        let key = pos.key();
        self.keys
            .iter()
            .rev()
            .take(window)
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.stack[ply].pv.clear();
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_repetition(pos) {
            return 0;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 2 {
            return self.static_eval(pos, -i32::MAX, i32::MAX);
        }
        let in_check = pos.in_check();
        // A mate on the move that reaches the 50-move limit stands (found by the move loop).
        if !in_check
            && (pos.halfmove_clock() >= 100
                || (pos.occupied().count() <= 5 && pos.insufficient_material()))
        {
            return 0;
        }
        let tt = self.shared.tt.probe(pos.key());
        if let Some(hit) = tt
            && !pv_node
            && hit.depth >= depth
        {
            let score = score_from_tt(hit.score, ply);
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let node = Node {
            depth,
            ply,
            alpha,
            beta,
            pv: pv_node,
            in_check,
            eval: if in_check {
                -INFINITE
            } else {
                self.static_eval(pos, -i32::MAX, i32::MAX)
            },
        };
        if let Some(score) = self.prune(pos, &node) {
            return score;
        }
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let mut picker = MovePicker::new(
            pos,
            buffers,
            tt.and_then(|h| h.mv),
            self.stack[ply].killers,
            false,
        );
        let score = self.move_loop(pos, &mut picker, node);
        self.stack[ply].buffers = picker.into_buffers();
        score
    }

    /// Cut-offs decided before any move is searched: reverse futility and the null move.
    fn prune(&mut self, pos: &Position<B>, node: &Node) -> Option<i32> {
        let (depth, beta, eval) = (node.depth, node.beta, node.eval);
        if node.pv || node.in_check || pos.is_frozen() {
            return None;
        }
        // Reverse futility: far enough above beta that one move cannot lose it all. Assumes the
        // static evaluation is within a few pawns of the truth in quiet positions; a frozen side
        // (the opponent moves twice) and positions in check are excluded.
        if depth <= 6 && eval - 90 * depth >= beta && eval.abs() < MATE_BOUND {
            return Some(eval);
        }
        // Null move. Assumes zugzwang is rare while the side has pieces besides pawns; a frozen
        // side (whose only move is the pass) is excluded above, and the null move is not that
        // pass (DESIGN.md §3).
        if depth >= 3 && eval >= beta && self.has_pieces(pos) && beta.abs() < MATE_BOUND {
            let r = 3 + depth / 4;
            let child = pos.make_null();
            self.keys.push(pos.key());
            let score = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, node.ply + 1, false);
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// The move loop of `negamax`: each legal move in the picker's order, with late-move
    /// pruning, futility and reductions.
    fn move_loop(&mut self, pos: &Position<B>, picker: &mut MovePicker<B>, node: Node) -> i32 {
        let Node {
            depth,
            ply,
            mut alpha,
            beta,
            pv: pv_node,
            in_check,
            eval: static_eval,
        } = node;
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<MoveEntry<B>> = None;
        let mut searched = 0;
        let mut legal = 0;
        let mut quiets_tried: Vec<MoveEntry<B>> = Vec::new();
        self.keys.push(pos.key());
        let job = self.job;
        loop {
            let history = &*self.history;
            let quiet_score = |m: &MoveEntry<B>| {
                history.quiet(pos.piece_at(m.mv.from()).raw(), m.mv.to().index())
            };
            let Some(e) = picker.next(pos, &job.eval, &quiet_score) else {
                break;
            };
            let child = pos.make_move(&e);
            if !picker.legality().keeps(pos, &e, &child) {
                continue;
            }
            legal += 1;
            let tactical = e.is_tactical();
            let gives_check = child.in_check();
            if !pv_node
                && !in_check
                && !tactical
                && !gives_check
                && searched > 0
                && best > -MATE_BOUND
            {
                // Futility and late-move pruning of quiet moves near the leaves. Assumes a move
                // that removes nothing, promotes nothing and gives no check changes the material
                // balance by nothing: true of every variant's quiet moves (drops and pushes
                // included), since any removal puts the move among the tactical ones.
                if depth <= 3 && static_eval + 100 + 120 * depth <= alpha {
                    continue;
                }
                if depth <= 4 && quiets_tried.len() as i32 > 3 + depth * depth * 2 {
                    continue;
                }
            }
            let new_depth = depth - 1 + i32::from(gives_check);
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node)
            } else {
                // Late-move reductions: assumes the move picker put the likely best moves first
                // (TT move, captures, killers, history); a reduced move that beats alpha is
                // searched again at full depth.
                let reduction =
                    if depth >= 3 && !tactical && !in_check && !gives_check && searched >= 3 {
                        let r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                        (r - i32::from(pv_node)).clamp(0, new_depth - 1)
                    } else {
                        0
                    };
                let mut s = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && pv_node && !self.stopped {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            searched += 1;
            if self.stopped {
                self.keys.pop();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(e);
                    alpha = score;
                    self.update_pv(ply, e);
                    if score >= beta {
                        if !tactical {
                            self.reward_quiet(pos, &e, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(e);
            }
        }
        self.keys.pop();
        if legal == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if pos.halfmove_clock() >= 100 {
            return 0; // In check at the limit, and not mated.
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            pos.key(),
            best_move.map(|e| e.mv),
            score_to_tt(best, ply),
            depth,
            bound,
        );
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

    /// A quiet move caused a cut-off: it becomes a killer and gains history; the quiet moves
    /// tried before it lose some.
    fn reward_quiet(
        &mut self,
        pos: &Position<B>,
        e: &MoveEntry<B>,
        tried: &[MoveEntry<B>],
        depth: i32,
        ply: usize,
    ) {
        let k = &mut self.stack[ply].killers;
        if k[0] != Some(e.mv) {
            k[1] = k[0];
            k[0] = Some(e.mv);
        }
        let bonus = (depth * depth).min(400);
        let piece = |m: &MoveEntry<B>| pos.piece_at(m.mv.from()).raw();
        self.history
            .update_quiet(piece(e), e.mv.to().index(), bonus);
        for m in tried {
            self.history
                .update_quiet(piece(m), m.mv.to().index(), -bonus);
        }
    }

    fn has_pieces(&self, pos: &Position<B>) -> bool {
        let v = pos.variant();
        let us = pos.side_to_move();
        v.kinds.iter().enumerate().any(|(i, k)| {
            k.role == Role::Piece && pos.pieces(us, crate::board::PieceKind(i as u8)).any()
        })
    }

    /// The static evaluation through this thread's cache (see `Evaluator::evaluate_lazy`).
    fn static_eval(&mut self, pos: &Position<B>, alpha: i32, beta: i32) -> i32 {
        self.job
            .eval
            .evaluate_cached(pos, alpha, beta, &mut self.eval_cache)
    }

    fn qsearch(&mut self, pos: &Position<B>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.stack[ply].pv.clear();
        if self.visit() {
            return 0;
        }
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
            return -self.qsearch(&pos.make_move(&pass), -beta, -alpha, ply + 1);
        }
        if ply >= MAX_PLY - 2 {
            return self.static_eval(pos, -i32::MAX, i32::MAX);
        }
        let mut stand_pat = -INFINITE;
        if !in_check {
            stand_pat = self.static_eval(pos, alpha, beta);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let node = Node {
            depth: 0,
            ply,
            alpha,
            beta,
            pv: false,
            in_check,
            eval: stand_pat,
        };
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let mut picker = MovePicker::new(pos, buffers, None, [None; 2], !in_check);
        let score = self.qsearch_loop(pos, &mut picker, node);
        self.stack[ply].buffers = picker.into_buffers();
        score
    }

    /// The move loop of `qsearch`, starting from the stand-pat score (`-INFINITE` in check).
    fn qsearch_loop(&mut self, pos: &Position<B>, picker: &mut MovePicker<B>, node: Node) -> i32 {
        let Node {
            ply,
            mut alpha,
            beta,
            in_check,
            eval: stand_pat,
            ..
        } = node;
        let mut best = stand_pat;
        let none = |_: &MoveEntry<B>| 0;
        // Outside check, each capture is tried one way only: a piece that can kill the same
        // pieces and end on several squares (Combined Arms' aviation, armor, artillery) is
        // searched from the first of them the picker offers.
        let mut tried: [(u8, B); 16] = [(0, B::ZERO); 16];
        let mut n_tried = 0;
        let mut legal = 0;
        while let Some(e) = picker.next(pos, &self.job.eval, &none) {
            if !in_check && e.mv.kind() != crate::board::MoveKind::Promotion {
                let key = (e.mv.from().raw(), e.removed);
                if tried[..n_tried].contains(&key) {
                    continue;
                }
                // Delta pruning: even winning the victims outright would not reach alpha.
                let gain: i32 = e
                    .removed
                    .iter()
                    .map(|sq| self.job.eval.values[pos.piece_at(sq).kind().index()].1)
                    .sum();
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            let child = pos.make_move(&e);
            if !picker.legality().keeps(pos, &e, &child) {
                continue;
            }
            legal += 1;
            if !in_check
                && e.mv.kind() != crate::board::MoveKind::Promotion
                && n_tried < tried.len()
            {
                tried[n_tried] = (e.mv.from().raw(), e.removed);
                n_tried += 1;
            }
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, e);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return -MATE + ply as i32;
        }
        best
    }
}

/// Mate scores are stored relative to the node, not the root.
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
