//! The engine facade between the front ends (protocols, command line, match referee) and the
//! search: it owns the variant, the game, the options, the transposition table and the search
//! threads. Front ends read the game as an [`AnyGame`] (typed moves and state) and turn moves
//! into text only at their edge; the bitboard width never shows above this file.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::board::{Bits, ByWidth, Move, MoveEntry, MoveList, Widths};
use crate::by_width;
use crate::eval::Evaluator;
use crate::eval::nnue::Network;
use crate::fault::{inject, panic_message};
use crate::game::{AnyGame, Live};
use crate::movegen::generate_legal;
use crate::notation::render;
use crate::search::history::History;
use crate::search::params::SearchParams;
use crate::search::threads::ThreadPool;
use crate::search::timeman::budget;
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, Score, SearchJob, SearchReport, SearchSink, run_search};
use crate::text::quoted;
use crate::variants::{AnyVariant, Variant, lookup};

/// Largest `Hash` in MB: the table is allocated and zeroed at once, so it must fit in memory
/// (these machines have 24 GB).
pub const MAX_HASH_MB: usize = 8192;
/// Largest `Threads`.
pub const MAX_THREADS: usize = 256;

/// Megabytes of memory the machine can still give, when the system says (Linux).
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// The one rule both protocols apply to a requested table size: at least 1 MB, at most
/// [`MAX_HASH_MB`] and at most half the memory the machine can still give (but 64 MB is always
/// allowed). Returns the size to use and, when it differs from the request, why.
pub fn hash_mb_allowed(requested: u64) -> (usize, Option<String>) {
    let spare = available_mb().map_or(MAX_HASH_MB, |free| (free / 2).max(64));
    let limit = spare.min(MAX_HASH_MB);
    let mb = requested.clamp(1, limit as u64) as usize;
    let why = (mb as u64 != requested).then(|| {
        if requested == 0 {
            "Hash: 0 MB is too small; using 1 MB".to_string()
        } else if limit < MAX_HASH_MB {
            format!(
                "Hash: {requested} MB is more than this machine can spare; using {mb} MB \
                 (half of the memory available)"
            )
        } else {
            format!("Hash: {requested} MB is more than the largest table; using {mb} MB")
        }
    });
    (mb, why)
}

/// The cores this machine offers.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A warning when `threads` search threads are more than the cores: they take turns, so the
/// search gets no faster and answers `stop` later.
pub fn threads_warning(threads: usize) -> Option<String> {
    let cores = cores();
    (threads > cores).then(|| {
        format!("{threads} threads on {cores} cores: threads beyond the cores take turns and add no speed")
    })
}

/// Options every front end can set.
#[derive(Clone, Debug)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead: Duration,
    pub multipv: usize,
    /// A parameter table (path and text) applied over each variant's built-in weights.
    pub eval_params: Option<(String, String)>,
    /// A network (path and weights) the games it fits evaluate with (`EvalFile`).
    pub eval_file: Option<(String, Arc<Network>)>,
    /// Whether a network plays where one fits (`UseNetwork`; off: the terms, for comparison).
    pub use_network: bool,
    /// The search's margins and reductions (`SearchParams`: `name=value` pairs).
    pub search_params: SearchParams,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 64,
            threads: 1,
            move_overhead: Duration::from_millis(30),
            multipv: 1,
            eval_params: None,
            eval_file: None,
            use_network: true,
            search_params: SearchParams::default(),
        }
    }
}

/// The evaluators of one width, shared by the search threads: `Arc<Evaluator<B>>`.
struct Evaluators;

impl Widths for Evaluators {
    type Of<B: Bits> = Arc<Evaluator<B>>;
}

/// The evaluator of the engine's variant, of the variant's width. Built by [`evaluator_of`] with
/// the game's variant, read back by [`evaluator_for`].
type AnyEvaluator = ByWidth<Evaluators>;

/// The evaluator of `variant`: its built-in weights, with `params` (the EvalParams option's
/// table) over them when given and when it fits the variant (else an error).
fn evaluator_of(variant: AnyVariant, params: Option<&str>) -> Result<AnyEvaluator, String> {
    fn wrap<B: Bits>(e: Evaluator<B>) -> AnyEvaluator {
        B::by_width(Arc::new(e))
    }
    by_width!(variant, v => match params {
        Some(text) => Evaluator::with_table(v, text).map(wrap),
        None => Ok(wrap(Evaluator::new(v))),
    })
}

/// What [`evaluator_with`] built: the evaluator, why an option's table or network was left out
/// (when one was), and the network it plays (`None`: the hand-written evaluation).
struct Built {
    eval: AnyEvaluator,
    misfit: Option<String>,
    network: Option<String>,
}

/// The evaluator of `variant` with the engine's options: the EvalParams table over the built-in
/// weights, and with `UseNetwork` on, the EvalFile network where it fits the variant, else the
/// built-in network that lists the game where one does. A table or file that does not fit is
/// left out and `misfit` says why: it stays set, for the variant it is for (a GUI sends the
/// options before it names the variant).
fn evaluator_with(variant: AnyVariant, options: &Options) -> Built {
    fn build<B: Bits>(v: &'static Variant<B>, options: &Options) -> Built {
        let mut misfit = None;
        let mut eval = match &options.eval_params {
            None => Evaluator::new(v),
            Some((path, text)) => Evaluator::with_table(v, text).unwrap_or_else(|e| {
                misfit = Some(format!(
                    "EvalParams {} does not fit {} ({e}): it plays with its built-in weights",
                    quoted(path),
                    v.name
                ));
                Evaluator::new(v)
            }),
        };
        let mut network = None;
        if options.use_network {
            let builtin = crate::eval::nnue::builtin::of_game(v.name);
            if let Some((path, net)) = &options.eval_file {
                match eval.set_network(Arc::clone(net)) {
                    Ok(()) => network = Some(path.clone()),
                    Err(e) => {
                        misfit = Some(format!(
                            "EvalFile {} does not fit {} ({e}): it plays with {}",
                            quoted(path),
                            v.name,
                            match &builtin {
                                Some((name, _)) => format!("its built-in network {name}"),
                                None => "the hand-written evaluation".to_string(),
                            }
                        ))
                    }
                }
            }
            if network.is_none()
                && let Some((name, net)) = builtin
            {
                match eval.set_network(net) {
                    Ok(()) => network = Some(format!("{name} (built in)")),
                    Err(e) => {
                        log::error!("the built-in network {name} does not fit {}: {e}", v.name)
                    }
                }
            }
        }
        Built {
            eval: B::by_width(Arc::new(eval)),
            misfit,
            network,
        }
    }
    by_width!(variant, v => build(v, options))
}

/// The evaluator for `live`'s width; `set_variant` builds both from one variant.
fn evaluator_for<B: Bits>(_live: &Live<B>, eval: &AnyEvaluator) -> Arc<Evaluator<B>> {
    B::of_width(eval)
        .cloned()
        .unwrap_or_else(|| unreachable!("the evaluator is built with the game's variant"))
}

/// A search job on the current position of `live`.
fn job<B: Bits>(
    live: &Live<B>,
    eval: Arc<Evaluator<B>>,
    multipv: usize,
    searchmoves: &[Move],
    params: SearchParams,
) -> SearchJob<B> {
    let positions = live.game().positions();
    let root = *live.position();
    // Moves that are not legal here are ignored; if none is left, every move is searched.
    let filter: Vec<Move> = searchmoves
        .iter()
        .copied()
        .filter(|&m| live.entry(m).is_some())
        .collect();
    SearchJob {
        root,
        history: positions[..positions.len() - 1]
            .iter()
            .map(|p| p.key())
            .collect(),
        eval,
        multipv,
        root_filter: (!filter.is_empty()).then_some(filter),
        params,
    }
}

pub struct Engine {
    game: AnyGame,
    eval: AnyEvaluator,
    options: Options,
    tt: Arc<TranspositionTable>,
    pool: ThreadPool,
    /// The stop flag of the running (or last) search. Each search has its own, so that a new
    /// search can start while the helper threads of a stopped one are still winding down.
    stop: Arc<AtomicBool>,
    pending: Option<Receiver<SearchReport>>,
    /// The running search's shared state, for `ponderhit`; dropped when the search is collected,
    /// so that it does not keep an old table alive.
    current: Option<Arc<crate::search::Shared>>,
    /// Each search thread's move-ordering history, kept between the moves of a game.
    histories: Vec<Arc<Mutex<History>>>,
    /// Why the EvalParams table or the EvalFile network is not applied to the current variant,
    /// when one is not.
    eval_misfit: Option<String>,
    /// The network the current variant plays (a path, or a built-in file's name), if any.
    eval_network: Option<String>,
}

/// One fresh history per search thread.
fn fresh_histories(threads: usize) -> Vec<Arc<Mutex<History>>> {
    (0..threads.max(1)).map(|_| Arc::default()).collect()
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Engine({}, {:?})",
            self.game.variant_name(),
            self.options
        )
    }
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine playing chess from the start position with default options.
    pub fn new() -> Engine {
        let options = Options::default();
        let threads = options.threads;
        let chess = lookup("chess").expect("chess is always built");
        let built = evaluator_with(chess, &options);
        Engine {
            game: AnyGame::new(chess, None).expect("the start position"),
            eval: built.eval,
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            pool: ThreadPool::new(options.threads),
            options,
            stop: Arc::new(AtomicBool::new(false)),
            pending: None,
            current: None,
            histories: fresh_histories(threads),
            eval_misfit: built.misfit,
            eval_network: built.network,
        }
    }

    /// Why the EvalParams table or the EvalFile network does not apply to the current variant
    /// (the built-in weights or the hand-written evaluation play), if it does not.
    pub fn eval_params_misfit(&self) -> Option<&str> {
        self.eval_misfit.as_deref()
    }

    /// Which evaluation the current variant plays: `network NAME`, `network NAME over the
    /// hand-written terms` (NAME: the EvalFile path, or a built-in file's name followed by
    /// `(built in)`) or `hand-written`.
    pub fn evaluation(&self) -> String {
        let base = by_width!(&self.eval, e => e.network.as_ref().map(|n| n.net.base));
        match (&self.eval_network, base) {
            (Some(name), Some(0)) => format!("network {name}"),
            (Some(name), Some(_)) => format!("network {name} over the hand-written terms"),
            _ => "hand-written".to_string(),
        }
    }

    /// `Ok` when `fits` accepts the current game or some playable one (a GUI sets options
    /// before it names the variant, so a table or network for another game is kept); else the
    /// current game's refusal.
    fn fits_some_game(
        &self,
        fits: impl Fn(AnyVariant) -> Result<(), String>,
    ) -> Result<(), String> {
        match fits(self.game.variant()) {
            Err(e)
                if !crate::variants::playable()
                    .filter_map(lookup)
                    .any(|v| fits(v).is_ok()) =>
            {
                Err(e)
            }
            _ => Ok(()),
        }
    }

    /// After an evaluation option changed: the evaluator rebuilt, and the threads' evaluation
    /// caches, which hold the old evaluation's scores, fresh.
    fn evaluation_changed(&mut self) {
        self.rebuild_eval();
        self.histories = fresh_histories(self.pool.size());
    }

    /// The current variant's evaluator from the options, and whether the table fits it.
    fn rebuild_eval(&mut self) {
        let built = evaluator_with(self.game.variant(), &self.options);
        self.eval = built.eval;
        self.eval_misfit = built.misfit;
        self.eval_network = built.network;
        if let Some(m) = &self.eval_misfit {
            log::info!("{m}");
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Bytes the transposition table occupies (never more than the Hash option).
    pub fn hash_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    /// A new empty table of `mb` MB in place of the old one. The old one is freed first (every
    /// search that used it has ended), so the two never occupy memory together. A fresh table
    /// costs nothing to allocate (its pages are mapped as the search reaches them), so this is
    /// also how the table is cleared: writing zeros over gigabytes took seconds.
    fn replace_table(&mut self, mb: usize) {
        self.wait_idle();
        self.current = None;
        self.tt = Arc::new(TranspositionTable::new(1));
        self.tt = Arc::new(TranspositionTable::new(mb));
    }

    /// Sets `Hash` (MB), `Threads`, `Move Overhead` (ms), `MultiPV`, `EvalParams` (a parameter
    /// table's path, `<builtin>` or empty for none), `SearchParams` (`name=value` pairs over
    /// the defaults, `<builtin>` or empty for none), or presses `Clear Hash`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.wait_idle();
        let number = |lo: usize, hi: usize| -> Result<usize, String> {
            let n: usize = value
                .trim()
                .parse()
                .map_err(|_| format!("{name}: '{}' is not a number", quoted(value)))?;
            if (lo..=hi).contains(&n) {
                Ok(n)
            } else {
                Err(format!("{name}: {n} is outside {lo}..{hi}"))
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb = number(1, MAX_HASH_MB)?;
                if mb != self.options.hash_mb {
                    self.options.hash_mb = mb;
                    self.replace_table(mb);
                }
            }
            "threads" => {
                let n = number(1, MAX_THREADS)?;
                if n != self.pool.size() {
                    self.pool = ThreadPool::new(n);
                    self.histories = fresh_histories(self.pool.size());
                }
                self.options.threads = self.pool.size().max(1);
                if self.pool.size() < n {
                    return Err(format!(
                        "Threads: the system gave only {} of {n} threads",
                        self.pool.size()
                    ));
                }
            }
            "move overhead" => {
                self.options.move_overhead = Duration::from_millis(number(0, 10_000)? as u64)
            }
            "multipv" => self.options.multipv = number(1, 256)?,
            "clear hash" => self.replace_table(self.options.hash_mb),
            "evalparams" => {
                let path = value.trim();
                if path.is_empty() || path == "<builtin>" {
                    self.options.eval_params = None;
                } else {
                    let text = std::fs::read_to_string(path)
                        .map_err(|e| format!("EvalParams: cannot read {}: {e}", quoted(path)))?;
                    crate::eval::table::entries(&text)
                        .map_err(|e| format!("EvalParams: {}: {e}", quoted(path)))?;
                    self.fits_some_game(|v| evaluator_of(v, Some(&text)).map(drop))
                        .map_err(|e| {
                            format!("EvalParams: {} fits no variant ({e})", quoted(path))
                        })?;
                    self.options.eval_params = Some((path.to_string(), text));
                }
                self.evaluation_changed();
            }
            "evalfile" => {
                let path = value.trim();
                if path.is_empty() || path == "<none>" {
                    self.options.eval_file = None;
                } else {
                    let bytes = std::fs::read(path)
                        .map_err(|e| format!("EvalFile: cannot read {}: {e}", quoted(path)))?;
                    let net = crate::eval::nnue::file::read(&bytes)
                        .map_err(|e| format!("EvalFile: {}: {e}", quoted(path)))?;
                    self.fits_some_game(|v| by_width!(v, v => net.layout.fits(v)))
                        .map_err(|e| format!("EvalFile: {} fits no variant ({e})", quoted(path)))?;
                    self.options.eval_file = Some((path.to_string(), Arc::new(net)));
                }
                self.evaluation_changed();
            }
            "usenetwork" => {
                self.options.use_network = match value.trim().to_ascii_lowercase().as_str() {
                    "true" | "1" | "on" => true,
                    "false" | "0" | "off" => false,
                    other => {
                        return Err(format!(
                            "UseNetwork: '{}' is not true or false",
                            quoted(other)
                        ));
                    }
                };
                self.evaluation_changed();
            }
            "searchparams" => {
                let text = value.trim();
                self.options.search_params = if text == "<builtin>" {
                    SearchParams::default()
                } else {
                    SearchParams::parse(text).map_err(|e| format!("SearchParams: {e}"))?
                };
            }
            _ => return Err(format!("unknown option '{}'", quoted(name))),
        }
        Ok(())
    }

    /// The game: its variant, position, legal moves and result, typed. Reads only, so it may be
    /// asked while a search runs (the search has its own copy of the root).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Switches to a variant and its start position; an unknown name changes nothing.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let v = lookup(name)
            .ok_or_else(|| format!("unknown or not yet playable variant '{}'", quoted(name)))?;
        self.wait();
        self.game = AnyGame::new(v, None)?;
        self.rebuild_eval();
        self.histories = fresh_histories(self.pool.size());
        Ok(())
    }

    /// Forgets what earlier games taught the table.
    pub fn new_game(&mut self) {
        self.replace_table(self.options.hash_mb);
        for h in &self.histories {
            h.lock().unwrap_or_else(|e| e.into_inner()).clear();
        }
        self.game = AnyGame::new(self.game.variant(), None).expect("the start position");
    }

    /// Sets the position: a FEN (or the start position) and moves from it. On error nothing
    /// changes.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        self.wait();
        let mut game = AnyGame::new(self.game.variant(), fen)?;
        for m in moves {
            game.apply(m)?;
        }
        self.game = game;
        Ok(())
    }

    /// Plays a legal move of the current position; false (and nothing changes) when it is not.
    pub fn play(&mut self, mv: Move) -> bool {
        self.wait();
        self.game.play(mv)
    }

    /// Reads and plays a move given as text, returning its canonical string; on error nothing
    /// changes. For the edges that hold moves as text (a protocol's move list, the command line).
    pub fn apply(&mut self, mv: &str) -> Result<String, String> {
        self.wait();
        self.game.apply(mv)
    }

    /// Takes back the last move played (by `play` or `set_position`); false when there is none.
    pub fn undo(&mut self) -> bool {
        self.wait();
        self.game.undo()
    }

    /// Starts a search on the search threads and returns at once. The sink receives progress and,
    /// at the end, the best move; `wait` returns the report.
    ///
    /// If the main search thread panics (or no search thread could be started), the sink hears
    /// of it through `on_error` and still gets a `bestmove`: the table's move for the root if it
    /// is legal, else the first legal move. The game goes on.
    pub fn go(&mut self, limits: Limits, sink: Arc<dyn SearchSink>) {
        self.wait();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Arc::clone(&stop);
        let tt = Arc::clone(&self.tt);
        tt.new_search();
        let (tx, rx) = channel();
        self.pending = Some(rx);
        let threads = self.pool.size();
        let multipv = self.options.multipv;
        let overhead = self.options.move_overhead;
        let tx = Arc::new(Mutex::new(Some(tx)));
        by_width!(&self.game, g => {
            let eval = evaluator_for(g, &self.eval);
            let job = Arc::new(job(
                g,
                eval,
                multipv,
                &limits.searchmoves,
                self.options.search_params,
            ));
            let side = job.root.side_to_move();
            let shared = Arc::new(crate::search::worker_shared(
                tt,
                stop,
                threads.max(1),
                Instant::now(),
                budget(&limits, side, overhead),
                limits.clone(),
                self.pool.gate(),
            ));
            self.current = Some(Arc::clone(&shared));
            let mut main_started = false;
            for i in (0..threads).rev() {
                let job = Arc::clone(&job);
                let shared = Arc::clone(&shared);
                let sink = Arc::clone(&sink);
                let tx = Arc::clone(&tx);
                let history = Arc::clone(&self.histories[i % self.histories.len()]);
                main_started = self.pool.execute(i, move || {
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        inject(if i == 0 { "search" } else { "helper" });
                        // A thread that panicked left its history half-updated: still usable.
                        let mut history = history.lock().unwrap_or_else(|e| e.into_inner());
                        run_search(&job, &shared, i, Some(&*sink), &mut history)
                    }));
                    let report = match run {
                        Ok(Some(result)) => crate::search::make_report(&job.root, &result, &shared),
                        Ok(None) => return,
                        Err(payload) => {
                            let msg = panic_message(&*payload);
                            log::error!("search thread {i} panicked: {msg}");
                            if i > 0 {
                                return; // The main thread searches on without this helper.
                            }
                            shared.stop.store(true, Ordering::Relaxed);
                            sink.on_error(&format!("the search failed ({msg}); playing a fallback move"));
                            fallback_report(&job, &shared)
                        }
                    };
                    deliver(&*sink, &tx, report);
                });
            }
            if !main_started {
                shared.stop.store(true, Ordering::Relaxed);
                sink.on_error("no search thread could be started; playing a fallback move");
                deliver(&*sink, &tx, fallback_report(&job, &shared));
            }
        });
    }

    /// The opponent played the expected move: a ponder search becomes a normal timed search whose
    /// clock starts now.
    pub fn ponderhit(&self) {
        if let Some(shared) = &self.current {
            shared.ponderhit();
        }
    }

    /// Asks a running search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a search was started and its report not yet collected.
    pub fn searching(&self) -> bool {
        self.pending.is_some()
    }

    /// Waits for the running search's main thread (if a search runs) and returns its report.
    /// Helper threads may still be winding down; the next search queues behind them.
    pub fn wait(&mut self) -> Option<SearchReport> {
        let rx = self.pending.take()?;
        let report = rx.recv().ok();
        self.current = None;
        report
    }

    /// Waits for the running search and for every search thread to be idle.
    fn wait_idle(&mut self) -> Option<SearchReport> {
        let report = self.wait();
        self.pool.wait_idle();
        report
    }

    /// Searches and blocks until done.
    pub fn search_sync(&mut self, limits: Limits, sink: Arc<dyn SearchSink>) -> SearchReport {
        self.go(limits, sink);
        self.wait().unwrap_or(SearchReport {
            best: None,
            ponder: None,
            best_move: None,
            ponder_move: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        })
    }
}

impl Drop for Engine {
    /// A search still running is told to stop; its threads end by themselves (the pool does
    /// not wait for them), so dropping an engine, and `quit`, take no time.
    fn drop(&mut self) {
        self.stop();
    }
}

/// Hands a finished search's report to its sink and to `wait` (once: the sender is taken).
fn deliver(
    sink: &dyn SearchSink,
    tx: &Mutex<Option<std::sync::mpsc::Sender<SearchReport>>>,
    report: SearchReport,
) {
    sink.on_bestmove(&report);
    if let Some(tx) = tx.lock().unwrap_or_else(|e| e.into_inner()).take() {
        let _ = tx.send(report);
    }
}

/// The report of a search whose main thread failed: the table's move for the root when it is
/// legal (and among the moves searched), else the first legal move.
fn fallback_report<B: Bits>(job: &SearchJob<B>, shared: &crate::search::Shared) -> SearchReport {
    let mut list = MoveList::new();
    generate_legal(&job.root, &mut list);
    let allowed: Vec<MoveEntry<B>> = list
        .iter()
        .copied()
        .filter(|e| job.root_filter.as_ref().is_none_or(|f| f.contains(&e.mv)))
        .collect();
    let table_move = shared
        .tt
        .probe(job.root.key())
        .and_then(|hit| hit.mv)
        .and_then(|mv| allowed.iter().find(|e| e.mv == mv));
    let best = table_move.or(allowed.first());
    SearchReport {
        best: best.map(|e| render(&job.root, e)),
        ponder: None,
        best_move: best.map(|e| e.mv),
        ponder_move: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: shared.total_nodes(),
        time: shared.start.elapsed(),
    }
}
