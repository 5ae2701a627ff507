//! The engine facade between the front ends (protocols, command line, match referee) and the
//! search: it owns the variant, the game, the options, the transposition table and the search
//! threads. Front ends speak in variant names, FENs and canonical move strings; the bitboard
//! width never shows above this file.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::board::{Bits, MoveList};
use crate::game::{Game, Outcome};
use crate::movegen::generate_legal;
use crate::notation::{parse_move, render};
use crate::position::Position;
use crate::search::eval::Evaluator;
use crate::search::threads::ThreadPool;
use crate::search::timeman::budget;
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, Score, SearchJob, SearchReport, SearchSink, run_search};
use crate::variants::{AnyVariant, Variant, lookup};

/// Largest `Hash` in MB: the table is allocated and zeroed at once, so it must fit in memory
/// (these machines have 24 GB).
pub const MAX_HASH_MB: usize = 8192;

/// Options every front end can set.
#[derive(Clone, Debug)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead: Duration,
    pub multipv: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 64,
            threads: 1,
            move_overhead: Duration::from_millis(30),
            multipv: 1,
        }
    }
}

/// A game of one width with its evaluator.
struct State<B: Bits> {
    variant: &'static Variant<B>,
    game: Game<B>,
    eval: Arc<Evaluator<B>>,
}

impl<B: Bits> State<B> {
    fn new(variant: &'static Variant<B>) -> Self {
        State {
            variant,
            game: Game::new(Position::start(variant)),
            eval: Arc::new(Evaluator::new(variant)),
        }
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let start = match fen {
            Some(f) => Position::from_fen(self.variant, f).map_err(|e| format!("bad FEN: {e}"))?,
            None => Position::start(self.variant),
        };
        let mut game = Game::new(start);
        for m in moves {
            let e = parse_move(game.position(), m).map_err(|e| e.to_string())?;
            game.play(e);
        }
        self.game = game;
        Ok(())
    }

    fn job(&self, multipv: usize, searchmoves: &[String]) -> SearchJob<B> {
        let positions = self.game.positions();
        let root = *self.game.position();
        // Unparsable `searchmoves` entries are ignored; if none is left, every move is searched.
        let filter: Vec<_> = searchmoves
            .iter()
            .filter_map(|m| parse_move(&root, m).ok().map(|e| e.mv))
            .collect();
        SearchJob {
            root,
            history: positions[..positions.len() - 1]
                .iter()
                .map(|p| p.key())
                .collect(),
            eval: Arc::clone(&self.eval),
            multipv,
            root_filter: (!filter.is_empty()).then_some(filter),
        }
    }
}

enum AnyState {
    Narrow(Box<State<u64>>),
    Wide(Box<State<u128>>),
}

/// Calls `$body` with `$s` bound to the state of whichever width is active.
macro_rules! with_state {
    ($self:expr, $s:ident => $body:expr) => {
        match &$self.state {
            AnyState::Narrow($s) => $body,
            AnyState::Wide($s) => $body,
        }
    };
    (mut $self:expr, $s:ident => $body:expr) => {
        match &mut $self.state {
            AnyState::Narrow($s) => $body,
            AnyState::Wide($s) => $body,
        }
    };
}

pub struct Engine {
    state: AnyState,
    options: Options,
    tt: Arc<TranspositionTable>,
    pool: ThreadPool,
    stop: Arc<AtomicBool>,
    pending: Option<Receiver<SearchReport>>,
    /// The running (or last) search's shared state, for `ponderhit`.
    current: Option<Arc<crate::search::Shared>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Engine({}, {:?})", self.variant_name(), self.options)
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
        let Some(AnyVariant::Narrow(chess)) = lookup("chess") else {
            unreachable!("chess is always built")
        };
        Engine {
            state: AnyState::Narrow(Box::new(State::new(chess))),
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            pool: ThreadPool::new(options.threads),
            options,
            stop: Arc::new(AtomicBool::new(false)),
            pending: None,
            current: None,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Bytes the transposition table occupies (never more than the Hash option).
    pub fn hash_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    /// Sets `Hash` (MB), `Threads`, `Move Overhead` (ms), `MultiPV`, or presses `Clear Hash`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.wait();
        let number = |lo: usize, hi: usize| -> Result<usize, String> {
            let n: usize = value
                .trim()
                .parse()
                .map_err(|_| format!("{name}: '{value}' is not a number"))?;
            if (lo..=hi).contains(&n) {
                Ok(n)
            } else {
                Err(format!("{name}: {n} is outside {lo}..{hi}"))
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.options.hash_mb = number(1, MAX_HASH_MB)?;
                self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb));
            }
            "threads" => {
                self.options.threads = number(1, 256)?;
                self.pool = ThreadPool::new(self.options.threads);
            }
            "move overhead" => {
                self.options.move_overhead = Duration::from_millis(number(0, 10_000)? as u64)
            }
            "multipv" => self.options.multipv = number(1, 256)?,
            "clear hash" => self.tt.clear(),
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    pub fn variant_name(&self) -> &'static str {
        with_state!(self, s => s.variant.name)
    }

    /// Switches to a variant and its start position; an unknown name changes nothing.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let v =
            lookup(name).ok_or_else(|| format!("unknown or not yet playable variant '{name}'"))?;
        self.wait();
        self.state = match v {
            AnyVariant::Narrow(v) => AnyState::Narrow(Box::new(State::new(v))),
            AnyVariant::Wide(v) => AnyState::Wide(Box::new(State::new(v))),
        };
        Ok(())
    }

    /// Forgets what earlier games taught the table.
    pub fn new_game(&mut self) {
        self.wait();
        self.tt.clear();
        with_state!(mut self, s => s.game = Game::new(Position::start(s.variant)));
    }

    /// Sets the position: a FEN (or the start position) and moves from it. On error nothing
    /// changes.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        self.wait();
        with_state!(mut self, s => s.set_position(fen, moves))
    }

    /// Plays one move on the current position; on error nothing changes.
    pub fn play(&mut self, mv: &str) -> Result<String, String> {
        self.wait();
        with_state!(mut self, s => {
            let e = parse_move(s.game.position(), mv).map_err(|e| e.to_string())?;
            let text = render(s.game.position(), &e);
            s.game.play(e);
            Ok(text)
        })
    }

    /// Takes back the last move played (by `play` or `set_position`); false when there is none.
    pub fn undo(&mut self) -> bool {
        self.wait();
        with_state!(mut self, s => s.game.undo())
    }

    /// The canonical string of the legal move `mv` names in the current position, without
    /// playing it. Reads only, so it may be called while a search runs.
    pub fn parse(&self, mv: &str) -> Result<String, crate::notation::MoveError> {
        with_state!(self, s => {
            let pos = s.game.position();
            parse_move(pos, mv).map(|e| render(pos, &e))
        })
    }

    pub fn fen(&self) -> String {
        with_state!(self, s => s.game.position().to_fen())
    }

    /// The legal moves of the current position as canonical strings.
    pub fn legal_moves(&self) -> Vec<String> {
        with_state!(self, s => {
            let pos = s.game.position();
            let mut list = MoveList::new();
            generate_legal(pos, &mut list);
            list.iter().map(|e| render(pos, e)).collect()
        })
    }

    /// The result if the game is over in the current position.
    pub fn outcome(&self) -> Option<Outcome> {
        with_state!(self, s => s.game.outcome())
    }

    /// A human-readable board of the current position (holes, hands, side to move).
    pub fn board_text(&self) -> String {
        with_state!(self, s => crate::display::board_text(s.game.position()))
    }

    /// Starts a search on the search threads and returns at once. The sink receives progress and,
    /// at the end, the best move; `wait` returns the report.
    pub fn go(&mut self, limits: Limits, sink: Arc<dyn SearchSink>) {
        self.wait();
        self.stop.store(false, Ordering::Relaxed);
        self.tt.new_search();
        let (tx, rx) = channel();
        self.pending = Some(rx);
        let threads = self.pool.size();
        let multipv = self.options.multipv;
        let overhead = self.options.move_overhead;
        let tx = Arc::new(Mutex::new(Some(tx)));
        with_state!(self, s => {
            let job = Arc::new(s.job(multipv, &limits.searchmoves));
            let side = job.root.side_to_move();
            let shared = Arc::new(crate::search::worker_shared(
                Arc::clone(&self.tt),
                Arc::clone(&self.stop),
                threads,
                Instant::now(),
                budget(&limits, side, overhead),
                limits.clone(),
            ));
            self.current = Some(Arc::clone(&shared));
            for i in (0..threads).rev() {
                let job = Arc::clone(&job);
                let shared = Arc::clone(&shared);
                let sink = Arc::clone(&sink);
                let tx = Arc::clone(&tx);
                self.pool.execute(i, move || {
                    let result = run_search(&job, &shared, i, Some(&*sink));
                    if let Some(result) = result {
                        let report = crate::search::make_report(&job.root, &result, &shared);
                        sink.on_bestmove(&report);
                        if let Some(tx) = tx.lock().unwrap_or_else(|e| e.into_inner()).take() {
                            let _ = tx.send(report);
                        }
                    }
                });
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

    /// Waits for the running search (if any) and returns its report.
    pub fn wait(&mut self) -> Option<SearchReport> {
        let rx = self.pending.take()?;
        let report = rx.recv().ok();
        self.pool.wait_idle();
        report
    }

    /// Searches and blocks until done.
    pub fn search_sync(&mut self, limits: Limits, sink: Arc<dyn SearchSink>) -> SearchReport {
        self.go(limits, sink);
        self.wait().unwrap_or(SearchReport {
            best: None,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        })
    }
}
