//! The search: iterative deepening alpha-beta (PVS, aspiration windows, quiescence, history-driven
//! move ordering, a corrected static evaluation, null move, razoring, ProbCut, futility and
//! late-move pruning, singular extensions, late-move reductions) over any variant, a lock-free transposition table shared by lazy-SMP
//! threads and time management; it scores positions with `crate::eval`. Nothing here prints:
//! results go to a [`SearchSink`].

pub mod history;
pub mod movepick;
pub mod params;
pub mod see;
pub mod threads;
pub mod timeman;
pub mod tt;
mod worker;

use std::time::Duration;

pub use worker::{RootResult, SearchJob, Shared, run_search};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use crate::board::{Bits, Move};
use crate::notation::render;
use crate::position::Position;

/// Mate scores: `MATE - ply` for a mate delivered `ply` plies from the root.
pub const MATE: i32 = 32_000;
pub const INFINITE: i32 = 32_001;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const MAX_PLY: usize = 128;

/// What the GUI or the command line allows the search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    /// Ponder search: no time limit until `ponderhit`, then the clock limits apply from then on.
    pub ponder: bool,
    /// No iteration starts once this many nodes are searched (a soft budget: the iteration
    /// under way finishes; `nodes` is the hard one).
    pub soft_nodes: Option<u64>,
    /// Root moves to search (UCI `searchmoves`, XBoard's exclusions); empty for all.
    pub searchmoves: Vec<Move>,
}

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// One progress report: a completed iteration (or an aspiration re-search) of one PV line.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub hashfull: u32,
    /// Canonical move strings.
    pub pv: Vec<String>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// Canonical string of the move to play; `None` when there is no legal move.
    pub best: Option<String>,
    pub ponder: Option<String>,
    /// The same moves typed, for the caller to play without reading its own strings again:
    /// `best_move` a legal move of the root, `ponder_move` one of the position after it.
    pub best_move: Option<Move>,
    pub ponder_move: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// Where the search reports. Implementations format for a protocol or the command line.
pub trait SearchSink: Send + Sync {
    fn on_info(&self, info: &Info);
    /// Called once when the search ends, before `wait` returns.
    fn on_bestmove(&self, _report: &SearchReport) {}
    /// The search failed (a panic on the main search thread); `on_bestmove` follows with a
    /// fallback move. The default says so on stderr.
    fn on_error(&self, message: &str) {
        log::error!("{message}");
    }
}

/// A sink that drops everything.
pub struct NullSink;

impl SearchSink for NullSink {
    fn on_info(&self, _info: &Info) {}
}

/// The state the threads of one search share.
pub fn worker_shared(
    tt: Arc<tt::TranspositionTable>,
    stop: Arc<AtomicBool>,
    threads: usize,
    start: Instant,
    budget: timeman::TimeBudget,
    limits: Limits,
    gate: Option<Arc<threads::Gate>>,
) -> Shared {
    let pondering = AtomicBool::new(limits.ponder);
    Shared {
        tt,
        stop,
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        start,
        clock_offset_ms: AtomicU64::new(0),
        pondering,
        budget,
        limits,
        gate,
    }
}

/// The report of a finished search from the main thread's result.
pub fn make_report<B: Bits>(
    root: &Position<B>,
    result: &RootResult<B>,
    shared: &Shared,
) -> SearchReport {
    let best_line = result.lines.first();
    let best = best_line.map(|l| render(root, &l.entry));
    let ponder = best_line.and_then(|l| {
        let e = l.pv.get(1)?;
        Some(render(&root.make_move(&l.entry), e))
    });
    let score = match best_line {
        // A search stopped from outside in its first iteration: the best move so far is no
        // proof of a mate either way.
        Some(l) if result.depth == 0 && l.score.abs() >= MATE_BOUND => Score::Cp(0),
        Some(l) if l.score > -INFINITE => Score::from_internal(l.score),
        Some(_) => Score::Cp(0),
        None if root.in_check() => Score::Mate(0),
        None => Score::Cp(0),
    };
    SearchReport {
        best,
        ponder,
        best_move: best_line.map(|l| l.entry.mv),
        ponder_move: best_line.and_then(|l| l.pv.get(1)).map(|e| e.mv),
        score,
        depth: result.depth,
        nodes: shared.total_nodes(),
        time: shared.start.elapsed(),
    }
}
