//! CECP, the XBoard protocol version 2 (PROTOCOL.md §3-§6): the command state machine. Lines from
//! the stdin thread and search results from the search threads arrive on one channel, so the
//! loop answers `ping`, `?`, `.`, `lift` and the rest while a search runs.
//!
//! Submodules: [`moves`] (move strings, the XBoard compatibility layer of §5), [`phantoms`] (the
//! victims a lossy form leaves on XBoard's board, §5.3), [`markers`] (`lift`/`put` →
//! `highlight`/`choice`), [`time`] (`level`, `st`, `sd`, `time`, `otim`).

pub mod look;
pub mod markers;
pub mod moves;
pub mod phantoms;
pub mod time;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Input, MAX_LINE_BYTES, Output, printable};
use crate::board::Color;
use crate::board::Move;
use crate::engine::{Engine, hash_mb_allowed, threads_warning};
use crate::fault::{inject_command, panic_message};
use crate::game::{AnyGame, Outcome};
use crate::notation::{MoveError, PASS, XBOARD_PASS, is_pass_word, xboard_spelling};
use crate::search::{Info, Limits, Score, SearchReport, SearchSink};
use crate::variants;

enum Event {
    Line(String),
    /// An input line longer than the reader takes, dropped; its beginning.
    TooLong(String),
    /// The search with this id has ended.
    Done(u64),
    Eof,
}

/// What the search threads are doing for us.
enum Search {
    Idle,
    /// On the engine's own move: the result is played.
    Thinking(u64),
    /// On the opponent's time after playing the expected reply `mv` on the engine's board;
    /// `finished` once the search ended by itself.
    Pondering {
        id: u64,
        mv: String,
        finished: bool,
    },
    Analyzing(u64),
}

/// Formats thinking output and reports the end of a search to the command loop.
struct Sink {
    out: Output,
    post: Arc<AtomicBool>,
    last: Arc<Mutex<Option<Info>>>,
    events: Sender<Event>,
    id: u64,
    /// The move a ponder search assumes until `ponderhit`: its lines start with it, so that they
    /// read from the position XBoard shows (the person to move).
    pondered: Arc<Mutex<Option<String>>>,
}

/// `PLY SCORE TIME NODES PV` (§3.6); `pondered`, the move a ponder search assumes, starts the PV.
fn thinking_line(info: &Info, pondered: Option<&str>) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        moves::pv_text(
            pondered
                .into_iter()
                .chain(info.pv.iter().map(String::as_str))
        )
    )
}

impl SearchSink for Sink {
    fn on_info(&self, info: &Info) {
        if info.multipv <= 1 {
            *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(info.clone());
        }
        if self.post.load(Ordering::Relaxed) && !info.pv.is_empty() {
            let pondered = self.pondered.lock().unwrap_or_else(|e| e.into_inner());
            self.out.line(&thinking_line(info, pondered.as_deref()));
        }
    }
    fn on_bestmove(&self, _report: &SearchReport) {
        let _ = self.events.send(Event::Done(self.id));
    }
    fn on_error(&self, message: &str) {
        log::error!("{message}");
        self.out.line(&format!("telluser menagerie: {message}"));
    }
}

/// Speaks CECP until `quit` or end of input. `first` is the line that chose the protocol.
pub fn run(input: Receiver<Input>, out: Output, first: Option<String>) {
    let (tx, rx) = channel();
    let forward = tx.clone();
    let _ = std::thread::Builder::new()
        .name("xboard-input".into())
        .spawn(move || {
            while let Ok(input) = input.recv() {
                let event = match input {
                    Input::Line(line) => Event::Line(line),
                    Input::TooLong(head) => Event::TooLong(head),
                };
                if forward.send(event).is_err() {
                    return;
                }
            }
            let _ = forward.send(Event::Eof);
        });
    let mut xb = Xboard::new(out, tx);
    // A panic while handling a line is reported (stderr has the panic message too) and the game
    // goes on from the state the command left.
    let handle = |xb: &mut Xboard, line: &str| -> bool {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            inject_command(line);
            xb.command(line)
        })) {
            Ok(go_on) => go_on,
            Err(payload) => {
                log::error!(
                    "internal error on input line {line:?}: {}",
                    panic_message(&*payload)
                );
                xb.line(&format!(
                    "Error (internal error): {}",
                    printable(line.trim())
                ));
                true
            }
        }
    };
    if let Some(line) = first
        && !handle(&mut xb, &line)
    {
        return;
    }
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if !handle(&mut xb, &line) {
                    break;
                }
            }
            Event::TooLong(head) => {
                xb.line(&format!(
                    "Error (line longer than {MAX_LINE_BYTES} bytes): {head}"
                ));
            }
            Event::Done(id) => {
                if let Err(payload) =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| xb.done(id)))
                {
                    log::error!(
                        "internal error after a search: {}",
                        panic_message(&*payload)
                    );
                }
            }
            Event::Eof => break,
        }
    }
    // `quit` or end of input: a running search is told to stop and left to end by itself.
    xb.engine.stop();
}

/// Told to a person (not to an engine: `computer`) once per freeze, when the engine's move
/// has frozen their army.
const FROZEN_NOTICE: &str = "telluser Your General was captured, so your army is frozen for one \
     turn: pass by clicking my clock (or type @@@@ as your move), and I move again.";

/// Hand letters (upper case White) with their counts.
fn hand_counts(letters: &[char]) -> std::collections::BTreeMap<char, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for &c in letters {
        *counts.entry(c).or_insert(0) += 1;
    }
    counts
}

/// What a person is told when a capture puts a piece in a hand that XBoard does not show
/// (Exciting Chess's soldiers under the `bughouse` parent, PROTOCOL.md §5.3): whose hand, and how
/// to drop one by typing. `gains`: the letters that came into the hand (upper case: White's).
fn hand_notice(gains: &[char], person_is_white: bool, name_of: impl Fn(char) -> String) -> String {
    let white_gained = gains[0].is_ascii_uppercase();
    let letter = gains[0].to_ascii_uppercase();
    let what = if gains.len() == 1 {
        format!("a {}", name_of(letter))
    } else {
        format!("{} {}s", gains.len(), name_of(letter))
    };
    // Short: XBoard shows a `telluser` note on one line.
    if white_gained == person_is_white {
        format!(
            "telluser Your capture put {what} in your hand (XBoard does not show it). To drop: \
             type {letter}@ and a square, e.g. {letter}@e4."
        )
    } else {
        format!(
            "telluser I captured {what}; it is in my hand (XBoard does not show it). You drop \
             yours by typing {letter}@ and a square."
        )
    }
}

/// The result line of §3.8.
fn claim(outcome: &Outcome) -> String {
    let reason = match outcome {
        Outcome::FiftyMoves => "Draw by 50-move rule",
        o => o.reason(),
    };
    format!("{} {{{reason}}}", outcome.result())
}

/// Board, sorted hand and side to move of a FEN XBoard sent: what §3.3 compares.
fn fen_key(fen: &str) -> Option<(String, String, String)> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next()?;
    let side = fields.next().unwrap_or("w").to_string();
    let (board, hand) = match placement.find('[') {
        Some(i) => (&placement[..i], &placement[i..]),
        None => (placement, ""),
    };
    let mut expanded = String::new();
    let mut count = 0usize;
    for c in board.chars() {
        if let Some(d) = c.to_digit(10) {
            count = (count * 10 + d as usize).min(64);
        } else {
            expanded.extend(std::iter::repeat_n('1', count));
            count = 0;
            expanded.push(c);
        }
    }
    expanded.extend(std::iter::repeat_n('1', count));
    let mut hand: Vec<char> = hand.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    hand.sort_unstable();
    Some((expanded, hand.into_iter().collect(), side))
}

/// The same key for `game`'s current position, from the typed board.
fn setup_key(game: &AnyGame) -> (String, String, String) {
    let rows: Vec<String> = game
        .cells()
        .iter()
        .rev()
        .map(|rank| rank.iter().map(|c| c.unwrap_or('1')).collect())
        .collect();
    let mut hand = game.hand_letters();
    hand.sort_unstable();
    let side = if game.side_to_move() == Color::White {
        "w"
    } else {
        "b"
    };
    (rows.join("/"), hand.into_iter().collect(), side.to_string())
}

/// What the GUI set for the session: the side the engine plays, the mode, the clock and the
/// `option`/`feature` answers. Survives positions and games (`new` resets part of it).
struct Session {
    /// The side the engine plays; `None` in force mode.
    side: Option<Color>,
    analyzing: bool,
    post: Arc<AtomicBool>,
    ponder: bool,
    /// The opponent is an engine (`computer`): no notes for a person.
    computer: bool,
    full_legs: bool,
    highlight: bool,
    clock: time::Clock,
}

/// XBoard's board as we mirror it: the real position (without a ponder move) as a typed game,
/// and what XBoard's display holds that our board does not (phantom victims, untold hand
/// gains, the squares a `lift` marked). Moves are written out as text only where the protocol
/// speaks.
struct Mirror {
    real: AnyGame,
    /// False after an invalid `setboard`, until `new` or a valid one.
    valid: bool,
    /// Moves `exclude`d from the search (§3.7), of this position only.
    excluded: Vec<Move>,
    /// Hand gains of the last move, made in force mode, that the person has not been told of:
    /// XBoard relays a person's move in force mode and sends `go` after it.
    untold: Vec<char>,
    markers: markers::Markers,
    /// The kind letter of each XBoard holdings slot (for `lift` from the holdings).
    holdings: Vec<char>,
    /// XBoard's phantom squares before each ply since the last position set from outside, and
    /// now (the last): one entry more than there are plies to take back; `undo` restores.
    phantoms: Vec<phantoms::Phantoms>,
}

/// The search state machine: what the search threads do for us, and what a search leaves.
struct Searching {
    now: Search,
    next_id: u64,
    /// `ping`s answered when the engine's move is sent.
    pongs: Vec<String>,
    /// The last thinking line of the search, for `.` (stat01).
    last: Arc<Mutex<Option<Info>>>,
    started: Instant,
    hint: Option<String>,
    /// The move the ponder search assumes, shared with its sink; `None` for other searches and
    /// after `ponderhit`.
    pondered: Arc<Mutex<Option<String>>>,
    /// Engine options (name, value) received while the engine thought or pondered: XBoard sends
    /// `memory`, `cores` and `option` mid-think when a person changes a setting. The search runs
    /// on and they take effect once it has stopped, for the next search.
    deferred: Vec<(String, String)>,
}

struct Xboard {
    out: Output,
    events: Sender<Event>,
    engine: Engine,
    session: Session,
    board: Mirror,
    searching: Searching,
}

impl Mirror {
    fn new(real: AnyGame) -> Mirror {
        Mirror {
            real,
            valid: true,
            excluded: Vec::new(),
            untold: Vec::new(),
            markers: markers::Markers::default(),
            holdings: Vec::new(),
            phantoms: vec![phantoms::Phantoms::default()],
        }
    }

    /// Takes `game` as the real position (never a position with a ponder move on it).
    fn show(&mut self, game: AnyGame) {
        self.real = game;
        self.markers.clear();
    }

    /// The legal moves with their canonical text, in generation order.
    fn legal_texts(&self) -> Vec<(Move, String)> {
        self.real
            .legal()
            .into_iter()
            .zip(self.real.legal_strings())
            .collect()
    }

    /// XBoard's board as the markers and phantoms read it.
    fn markers_board(&self) -> markers::Board {
        markers::Board::of(&self.real)
    }

    fn side_to_move(&self) -> Color {
        self.real.side_to_move()
    }

    /// The canonical text of the legal move `mv` names in the real position.
    fn parse(&self, mv: &str) -> Option<String> {
        self.real.parse(mv).ok().and_then(|m| self.real.render(m))
    }

    /// The root moves for a search: the exclusions and, under CECP, the compatibility layer
    /// (empty: every move).
    fn root_moves(&self, session: &Session) -> Vec<Move> {
        let legal = self.legal_texts();
        let allowed: Vec<String> = legal
            .iter()
            .filter(|(m, _)| !self.excluded.contains(m))
            .map(|(_, text)| text.clone())
            .collect();
        // The compatibility layer reasons on the text XBoard would receive.
        let keep = moves::playable_at_root(&allowed, session.computer, session.full_legs, |s| {
            self.parse(s)
        });
        let keep = self.avoid_phantoms(keep);
        if keep.len() == legal.len() {
            Vec::new()
        } else {
            legal
                .into_iter()
                .filter(|(_, text)| keep.contains(text))
                .map(|(m, _)| m)
                .collect()
        }
    }

    /// Leaves out the moves XBoard would apply wrongly because of a phantom (§5.3), unless that
    /// leaves nothing.
    fn avoid_phantoms(&self, moves: Vec<String>) -> Vec<String> {
        let now = self.phantoms();
        if now.is_empty() {
            return moves;
        }
        let board = self.markers_board();
        let safe: Vec<String> = moves
            .iter()
            .filter(|m| !now.trips(m, &board))
            .cloned()
            .collect();
        if safe.is_empty() { moves } else { safe }
    }

    fn phantoms(&self) -> &phantoms::Phantoms {
        self.phantoms.last().expect("the current phantoms")
    }

    /// Counts a ply that crossed the boundary as `sent` (the string XBoard carried) for the move
    /// `canonical`, played in the position still shown (`real`).
    fn count_ply(&mut self, sent: &str, canonical: &str) {
        let mut now = self.phantoms().clone();
        let before = self.markers_board();
        now.record(sent, canonical, Some(&before));
        self.phantoms.push(now);
    }

    /// Plies since the last position set from outside.
    fn plies(&self) -> usize {
        self.phantoms.len() - 1
    }

    /// Forgets the last `plies` plies (they were taken back).
    fn forget(&mut self, plies: usize) {
        self.phantoms.truncate(self.plies() + 1 - plies);
    }

    /// A position set from outside: no plies to take back, and XBoard's board is ours.
    fn reset_plies(&mut self) {
        self.phantoms = vec![phantoms::Phantoms::default()];
        self.untold.clear();
    }

    /// The hand letters that came into a hand since the position whose hands held `before`.
    fn hand_gains(&self, before: &[char]) -> Vec<char> {
        let (old, new) = (hand_counts(before), hand_counts(&self.real.hand_letters()));
        new.iter()
            .flat_map(|(&c, &n)| {
                std::iter::repeat_n(c, n.saturating_sub(old.get(&c).copied().unwrap_or(0)))
            })
            .collect()
    }
}

impl Searching {
    /// A new search: its id, and the thinking of the last one forgotten.
    fn begin(&mut self) -> u64 {
        self.next_id += 1;
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.started = Instant::now();
        self.next_id
    }
}

impl Xboard {
    fn new(out: Output, events: Sender<Event>) -> Xboard {
        let engine = Engine::new();
        let board = Mirror::new(engine.game().clone());
        Xboard {
            out,
            events,
            engine,
            session: Session {
                side: Some(Color::Black),
                analyzing: false,
                post: Arc::new(AtomicBool::new(false)),
                ponder: false,
                computer: false,
                full_legs: false,
                highlight: true,
                clock: time::Clock::default(),
            },
            board,
            searching: Searching {
                now: Search::Idle,
                next_id: 0,
                pongs: Vec::new(),
                last: Arc::new(Mutex::new(None)),
                started: Instant::now(),
                hint: None,
                pondered: Arc::new(Mutex::new(None)),
                deferred: Vec::new(),
            },
        }
    }

    fn line(&self, text: &str) {
        self.out.line(text);
    }

    /// Mirrors the engine's position as the real one after a change.
    fn refresh(&mut self) {
        self.board.show(self.engine.game().clone());
    }

    /// Stops whatever the search threads do and waits for them; takes back a ponder move.
    fn halt(&mut self) {
        match std::mem::replace(&mut self.searching.now, Search::Idle) {
            Search::Idle => {}
            Search::Thinking(_) | Search::Analyzing(_) => {
                self.engine.stop();
                self.engine.wait();
            }
            Search::Pondering { .. } => {
                self.engine.stop();
                self.engine.wait();
                self.engine.undo();
            }
        }
        self.apply_deferred();
        self.flush_pongs();
    }

    /// Applies the options that arrived while the engine thought or pondered; the search threads
    /// must be idle.
    fn apply_deferred(&mut self) {
        for (name, value) in std::mem::take(&mut self.searching.deferred) {
            match self.engine.set_option(&name, &value) {
                // A person chose it in XBoard's Engine Settings: say what is wrong.
                Err(e) => self.line(&format!("tellusererror {}", printable(&e))),
                Ok(()) if name == "EvalFile" => {
                    if let Some(m) = self.engine.eval_params_misfit() {
                        let m = format!("telluser {}", printable(m));
                        self.line(&m);
                    }
                }
                Ok(()) => {}
            }
        }
    }

    fn flush_pongs(&mut self) {
        for p in std::mem::take(&mut self.searching.pongs) {
            self.line(&format!("pong {p}"));
        }
    }

    /// Starts a search; `pondered` is the move a ponder search assumes.
    fn start(&mut self, limits: Limits, pondered: Option<String>) -> u64 {
        *self
            .searching
            .pondered
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = pondered;
        let id = self.searching.begin();
        let sink = Arc::new(Sink {
            out: self.out.clone(),
            post: Arc::clone(&self.session.post),
            last: Arc::clone(&self.searching.last),
            events: self.events.clone(),
            id,
            pondered: Arc::clone(&self.searching.pondered),
        });
        self.engine.go(limits, sink);
        id
    }

    fn start_analysis(&mut self) {
        if !self.session.analyzing || !self.board.valid || self.board.real.legal().is_empty() {
            return;
        }
        let limits = Limits {
            infinite: true,
            searchmoves: self.board.root_moves(&self.session),
            ..Limits::default()
        };
        let id = self.start(limits, None);
        self.searching.now = Search::Analyzing(id);
    }

    /// After a position change: analyze, claim, or think if it is the engine's turn.
    fn position_changed(&mut self, claim_allowed: bool) {
        if self.session.analyzing {
            self.start_analysis();
            return;
        }
        if self.session.side.is_none() || !self.board.valid {
            return;
        }
        if let Some(o) = self.engine.game().outcome() {
            if claim_allowed {
                self.line(&claim(&o));
                self.session.side = None;
            }
            return;
        }
        if self.session.side == Some(self.board.side_to_move()) {
            self.think();
        }
    }

    /// The engine's turn: a forced pass at once, otherwise a search.
    fn think(&mut self) {
        if self.board.real.forced_pass() {
            self.play_own(Move::pass(), None);
            return;
        }
        let mut limits = self
            .session
            .clock
            .limits(self.board.side_to_move(), self.board.real.fullmove_number());
        let root = self.board.root_moves(&self.session);
        let root = if root.is_empty() && !self.board.excluded.is_empty() {
            self.board.real.legal()
        } else {
            root
        };
        limits.searchmoves = root;
        let id = self.start(limits, None);
        self.searching.now = Search::Thinking(id);
    }

    /// After a move was played (`sent` as XBoard carried it, `canonical` ours): the ply counted,
    /// exclusions dropped, the position refreshed, and a person told of hand gains.
    fn moved(&mut self, sent: &str, canonical: &str) {
        self.board.count_ply(sent, canonical);
        let before = self.board.real.hand_letters();
        self.board.excluded.clear();
        self.refresh();
        self.tell_hand_gains(&before);
    }

    /// After a move against a person (no `computer`): when it put pieces in a hand that XBoard
    /// keeps no count of (its `bughouse` parent credits no capture), say so, and how to drop
    /// them. `before`: the hand letters before the move.
    fn tell_hand_gains(&mut self, before: &[char]) {
        self.board.untold.clear();
        if self.session.computer || self.board.holdings.is_empty() {
            return;
        }
        let gains = self.board.hand_gains(before);
        match self.session.side {
            // Force mode: XBoard replaying a loaded game, or relaying a person's move before
            // `go`; told at `go`, for the last move only.
            None => self.board.untold = gains,
            Some(engine_side) => self.tell_gains(&gains, engine_side),
        }
    }

    fn tell_gains(&mut self, gains: &[char], engine_side: Color) {
        if gains.is_empty() || self.session.computer {
            return;
        }
        let variant = self.engine.game().variant_name().to_string();
        let name_of = |letter: char| {
            variants::kind_name(&variant, letter)
                .unwrap_or("piece")
                .to_lowercase()
        };
        self.line(&hand_notice(gains, engine_side == Color::Black, name_of));
    }

    /// Sends and plays the engine's move, claims a result, then ponders if asked to.
    fn play_own(&mut self, best: Move, ponder: Option<Move>) {
        let Some(canonical) = self.engine.game().render(best) else {
            log::error!("the search returned an illegal move {best:?}");
            return;
        };
        let text = moves::emission(&canonical, self.session.full_legs, |s| self.board.parse(s));
        self.engine.play(best);
        self.line(&format!("move {text}"));
        self.moved(&text, &canonical);
        self.searching.hint = None;
        if !self.session.computer && self.board.real.forced_pass() {
            // Shock Chess: this move took the person's General. XBoard has no word for a forced
            // pass, and the pass is a click nobody would guess (PROTOCOL.md §4.9).
            self.line(FROZEN_NOTICE);
        }
        if let Some(o) = self.engine.game().outcome() {
            self.line(&claim(&o));
            self.session.side = None;
            self.flush_pongs();
            return;
        }
        self.flush_pongs();
        if self.session.ponder
            && let Some(p) = ponder
        {
            self.start_ponder(p);
        }
    }

    /// Ponders on `mv`, a move of the position after the engine's move (`None` when the
    /// search's line ended there).
    fn start_ponder(&mut self, mv: Move) {
        let Some(mv_text) = self.engine.game().render(mv) else {
            return;
        };
        if !self.engine.play(mv) {
            return;
        }
        if self.engine.game().outcome().is_some() {
            self.engine.undo();
            return;
        }
        let mv = mv_text;
        self.searching.hint = Some(mv.clone());
        let us = self.board.side_to_move().flip();
        let mut limits = self
            .session
            .clock
            .limits(us, self.engine.game().fullmove_number());
        limits.ponder = true;
        let id = self.start(limits, Some(mv.clone()));
        self.searching.now = Search::Pondering {
            id,
            mv,
            finished: false,
        };
    }

    /// A search has ended by itself (or after `stop`/`?`).
    fn done(&mut self, id: u64) {
        match &mut self.searching.now {
            Search::Thinking(i) if *i == id => {
                self.searching.now = Search::Idle;
                let report = self.engine.wait();
                self.apply_deferred();
                match report.and_then(|r| r.best_move.map(|b| (b, r.ponder_move))) {
                    Some((best, ponder)) => self.play_own(best, ponder),
                    None => {
                        self.flush_pongs();
                        self.position_changed(true);
                    }
                }
            }
            Search::Pondering {
                id: i, finished, ..
            } if *i == id => *finished = true,
            Search::Analyzing(i) if *i == id => {
                self.searching.now = Search::Idle;
                self.engine.wait();
                self.apply_deferred();
            }
            _ => {}
        }
    }

    fn refuse(&self, input: &str, error: &MoveError) {
        let input = printable(input);
        let line = match error {
            MoveError::Illegal {
                reason: Some(r), ..
            } => format!("Illegal move ({}): {input}", printable(r)),
            MoveError::Illegal { reason: None, .. } => format!("Illegal move: {input}"),
            MoveError::Ambiguous { .. } => format!("Illegal move (ambiguous): {input}"),
        };
        self.line(&line);
    }

    /// `usermove M` or a bare move.
    fn usermove(&mut self, mv: &str) {
        if !self.board.valid {
            self.line(&format!(
                "Illegal move (no valid position): {}",
                printable(mv)
            ));
            return;
        }
        if let Search::Pondering {
            mv: expected,
            finished,
            ..
        } = &self.searching.now
        {
            let m = mv.trim().trim_end_matches(';');
            let hit = m == expected.as_str() || (expected == PASS && is_pass_word(m));
            if hit {
                let finished = *finished;
                let Search::Pondering { id, .. } = self.searching.now else {
                    return;
                };
                let expected = expected.clone();
                self.moved(m, &expected);
                self.searching.now = Search::Thinking(id);
                *self
                    .searching
                    .pondered
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()) = None;
                self.engine.ponderhit();
                if finished {
                    self.done(id);
                }
                return;
            }
        }
        self.halt();
        // Read once, against the legal moves generated when the position was reached; playing
        // generates the next position's moves, which the mirror then reads.
        let read = self.engine.game().parse(mv);
        match read.map(|m| (m, self.engine.game().render(m))) {
            Ok((m, Some(canonical))) => {
                if !self.engine.play(m) {
                    return;
                }
                let sent = mv.trim().trim_start_matches("usermove").trim();
                self.moved(sent.trim_end_matches(';'), &canonical);
                self.position_changed(true);
            }
            Ok((_, None)) => {}
            Err(e) => self.refuse(mv, &e),
        }
    }

    fn features(&self) {
        let mut names = vec!["normal"];
        names.extend(variants::playable().filter(|&v| v != "chess"));
        self.line("feature done=0");
        self.line(&format!(
            "feature myname=\"menagerie {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.line(
            "feature setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 playother=1 san=0 name=1 memory=1 smp=1 exclude=1 highlight=1 \
             debug=1 nps=0",
        );
        self.line("feature option=\"XBoardLegs -combo *compat /// full\"");
        self.line("feature option=\"MultiPV -spin 1 1 64\"");
        self.line("feature done=1");
    }

    fn new_game(&mut self) {
        self.halt();
        let _ = self.engine.set_variant("chess");
        self.engine.new_game();
        self.session.side = Some(Color::Black);
        self.session.clock.depth = None;
        self.session.computer = false;
        self.board.excluded.clear();
        self.board.valid = true;
        self.board.reset_plies();
        self.searching.hint = None;
        self.refresh();
        self.start_analysis();
    }

    fn variant(&mut self, name: &str) {
        let known = variants::lookup(name).is_some();
        if !known {
            self.line(&format!(
                "Error (unsupported variant): variant {}",
                printable(name)
            ));
            return;
        }
        self.halt();
        let _ = self.engine.set_variant(name);
        self.board.valid = true;
        self.board.reset_plies();
        self.board.excluded.clear();
        self.board.holdings = look::holdings_letters(name);
        self.refresh();
        if let Some(setup) = look::setup_line(name) {
            self.line(&setup);
        }
        self.start_analysis();
    }

    fn setboard(&mut self, fen: &str) {
        self.halt();
        self.board.excluded.clear();
        let Some(key) = fen_key(fen) else {
            self.line("tellusererror Illegal position: empty FEN");
            self.board.valid = false;
            return;
        };
        // A relayed pass (§3.3 step 2).
        if self.board.valid
            && self.board.real.legal().contains(&Move::pass())
            && self.engine.play(Move::pass())
        {
            if setup_key(self.engine.game()) == key {
                self.board.count_ply(XBOARD_PASS, PASS);
                self.refresh();
                self.position_changed(true);
                return;
            }
            self.engine.undo();
        }
        let start = self.engine.game().variant().start_fen();
        let is_start = fen_key(start) == Some(key);
        let result = if is_start {
            self.engine.set_position(None, &[])
        } else {
            self.engine.set_position(Some(fen), &[])
        };
        match result {
            Ok(()) => {
                self.board.valid = true;
                self.board.reset_plies();
                // XBoard sends `setboard` for a loaded position without waiting for the `setup`
                // that answers `variant`, and resets its board to the start when it reads that
                // `setup`: two more lines put this position back (PROTOCOL.md §4.2).
                if !is_start {
                    let fen = self.engine.game().fen();
                    for line in
                        look::setup_lines_for_position(self.engine.game().variant_name(), &fen)
                    {
                        self.line(&line);
                    }
                }
                self.refresh();
                self.position_changed(false);
            }
            Err(e) => {
                self.board.valid = false;
                self.line(&format!(
                    "tellusererror Illegal position: {}",
                    printable(&e)
                ));
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.halt();
        self.board.untold.clear();
        if self.board.plies() < plies || !self.board.valid {
            self.start_analysis();
            return;
        }
        for _ in 0..plies {
            self.engine.undo();
        }
        self.board.forget(plies);
        self.board.excluded.clear();
        self.refresh();
        self.start_analysis();
    }

    /// `exclude`/`include` (§3.7): a move, `all`, or ranks written as `:` (10) and `;` (11).
    fn exclusion(&mut self, arg: &str, exclude: bool) {
        let targets: Vec<Move> = if arg == "all" {
            self.board.real.legal()
        } else {
            let text = arg.replace(':', "10").replace(';', "11");
            match self.board.real.parse(&text) {
                Ok(m) => vec![m],
                Err(_) => {
                    // Kill squares dropped: every move with that from, to and promotion.
                    let Some(want) = moves::shape(&text) else {
                        return;
                    };
                    self.board
                        .legal_texts()
                        .into_iter()
                        .filter(|(_, text)| {
                            moves::shape(text).is_some_and(|s| {
                                s.from == want.from
                                    && s.to == want.to
                                    && s.promotion == want.promotion
                            })
                        })
                        .map(|(m, _)| m)
                        .collect()
                }
            }
        };
        if targets.is_empty() {
            return;
        }
        let restart = matches!(self.searching.now, Search::Analyzing(_));
        if restart {
            self.halt();
        }
        for t in targets {
            if exclude {
                if !self.board.excluded.contains(&t) {
                    self.board.excluded.push(t);
                }
            } else {
                self.board.excluded.retain(|m| m != &t);
            }
        }
        if restart {
            self.start_analysis();
        }
    }

    fn stat01(&self) {
        let last = self
            .searching
            .last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let (nodes, depth, mv) = match &last {
            Some(i) => (i.nodes, i.depth, i.pv.first().cloned()),
            None => (0, 0, None),
        };
        let cs = self.searching.started.elapsed().as_millis() / 10;
        let total = self.board.real.legal().len();
        let mut text = format!("stat01: {cs} {nodes} {depth} 0 {total}");
        if let Some(m) = mv {
            text.push(' ');
            text.push_str(xboard_spelling(&m));
        }
        self.line(&text);
    }

    /// Sets an engine option. The engine's own think and a ponder search run on, and the option
    /// waits for them to stop (a person may change a setting in XBoard while the engine thinks;
    /// stopping would leave the game without a move); an analysis restarts with it at once.
    fn set_option(&mut self, name: &str, value: &str) {
        self.searching
            .deferred
            .push((name.to_string(), value.to_string()));
        match self.searching.now {
            Search::Thinking(_) | Search::Pondering { .. } => {}
            Search::Idle | Search::Analyzing(_) => {
                self.halt();
                self.start_analysis();
            }
        }
    }

    /// One input line; false on `quit`.
    fn command(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "quit" => return false,
            "xboard" | "random" | "name" | "rating" | "ics" | "draw" | "egtpath" | "accepted"
            | "otherboard" | "hover" | "nps" => {}
            "protover" => self.features(),
            "rejected" => {
                if arg == "highlight" {
                    self.session.highlight = false;
                }
            }
            "new" => self.new_game(),
            "variant" => self.variant(arg),
            "computer" => self.session.computer = true,
            "force" => {
                self.halt();
                self.session.side = None;
            }
            "go" => {
                self.halt();
                self.session.analyzing = false;
                let engine_side = self.board.side_to_move();
                self.session.side = Some(engine_side);
                let untold = std::mem::take(&mut self.board.untold);
                self.tell_gains(&untold, engine_side);
                if self.board.valid {
                    self.position_changed(true);
                }
            }
            "playother" => {
                self.halt();
                self.session.side = Some(self.board.side_to_move().flip());
            }
            "usermove" => self.usermove(arg),
            "?" => {
                if matches!(self.searching.now, Search::Thinking(_)) {
                    self.engine.stop();
                }
            }
            "ping" => {
                if matches!(self.searching.now, Search::Thinking(_)) {
                    self.searching.pongs.push(printable(arg));
                } else {
                    self.line(&format!("pong {}", printable(arg)));
                }
            }
            "result" => {
                self.halt();
                self.session.side = None;
            }
            "setboard" => self.setboard(arg),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "level" => self.session.clock.level(arg),
            "st" => self.session.clock.st(arg),
            "sd" => self.session.clock.sd(arg),
            "time" => self.session.clock.time(arg, true),
            "otim" => self.session.clock.time(arg, false),
            "post" => self.session.post.store(true, Ordering::Relaxed),
            "nopost" => self.session.post.store(false, Ordering::Relaxed),
            "hard" => self.session.ponder = true,
            "easy" => {
                self.session.ponder = false;
                if matches!(self.searching.now, Search::Pondering { .. }) {
                    self.halt();
                }
            }
            "analyze" => {
                self.halt();
                self.session.analyzing = true;
                self.session.side = None;
                self.start_analysis();
            }
            "exit" => {
                self.halt();
                self.session.analyzing = false;
            }
            "." => {
                if self.session.analyzing {
                    self.stat01();
                }
            }
            "hint" => {
                if let Some(h) = &self.searching.hint {
                    let h = xboard_spelling(h);
                    self.line(&format!("Hint: {h}"));
                }
            }
            "bk" => {
                self.line(" no book");
                self.line("");
            }
            "memory" => match arg.parse::<u64>() {
                Ok(mb) => {
                    let (mb, why) = hash_mb_allowed(mb);
                    // Settings are silent (PROTOCOL.md, CECP transcript 22): stderr only.
                    if let Some(why) = why {
                        log::warn!("{why}");
                    }
                    self.set_option("Hash", &mb.to_string());
                }
                Err(_) => self.line(&format!("Error (bad number): {}", printable(line))),
            },
            "cores" => match arg.parse::<u64>() {
                Ok(n) => {
                    let n = n.clamp(1, crate::engine::MAX_THREADS as u64) as usize;
                    if let Some(w) = threads_warning(n) {
                        log::warn!("{w}");
                    }
                    self.set_option("Threads", &n.to_string());
                }
                Err(_) => self.line(&format!("Error (bad number): {}", printable(line))),
            },
            "option" => {
                let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
                match name.trim() {
                    "XBoardLegs" => self.session.full_legs = value.trim() == "full",
                    "MultiPV" => self.set_option("MultiPV", value),
                    "EvalFile" => self.set_option("EvalFile", value),
                    "UseNetwork" => self.set_option("UseNetwork", value),
                    other => log::warn!("unknown option {other:?}"),
                }
            }
            "exclude" => self.exclusion(arg, true),
            "include" => self.exclusion(arg, false),
            "lift" => {
                let board = self.board.markers_board();
                let legal = self.board.real.legal_strings();
                if self.session.highlight
                    && let Some(h) =
                        self.board
                            .markers
                            .lift(arg, &board, &legal, &self.board.holdings)
                {
                    self.line(&h);
                    if let Some(c) = self.board.markers.choice_after_lift(&board, &legal) {
                        self.line(&c);
                    }
                }
            }
            "put" => {
                let board = self.board.markers_board();
                let legal = self.board.real.legal_strings();
                if self.session.highlight
                    && let Some(c) = self.board.markers.put(arg, &board, &legal)
                {
                    self.line(&c);
                }
            }
            _ => {
                // A bare move (cutechess, §3.2) when it is legal; otherwise unknown.
                let ours = matches!(self.searching.now, Search::Thinking(_));
                if !ours && self.board.valid && arg.is_empty() && self.bare_move_ok(cmd) {
                    self.usermove(cmd);
                } else {
                    self.line(&format!("Error (unknown command): {}", printable(line)));
                }
            }
        }
        true
    }

    /// Whether a bare word is a legal move now (on the real position).
    fn bare_move_ok(&self, word: &str) -> bool {
        match &self.searching.now {
            Search::Pondering { mv, .. } => {
                mv == word || self.board.real.legal_strings().iter().any(|m| m == word)
            }
            _ => self.board.parse(word).is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §5.3 phantoms through the state machine: a custodian capture received without its victims
    /// (E-1, `d2c2` takes b2, c1 and c3) leaves them on XBoard's board, so the engine's soldier
    /// drops onto those squares are left out at the root; `undo` forgets them again.
    #[test]
    fn phantoms_keep_drops_off_squares_xboard_shows_occupied() {
        let (events, _unused) = channel();
        let mut xb = Xboard::new(Output::new(), events);
        for line in [
            "new",
            "variant exciting",
            "force",
            "setboard **3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5**[ss] w - - 0 1",
            "usermove d2c2",
        ] {
            xb.command(line);
        }
        assert_eq!(xb.board.plies(), 1, "the capture was played");
        let root: Vec<String> = (xb.board.root_moves(&xb.session).into_iter())
            .filter_map(|m| xb.board.real.render(m))
            .collect();
        let legal = xb.board.real.legal_strings();
        for square in ["b2", "c1", "c3"] {
            let drop = format!("S@{square}");
            assert!(legal.contains(&drop), "{drop} is legal on our board");
            assert!(!root.contains(&drop), "{drop} would land on a phantom");
        }
        assert!(root.iter().any(|m| m == "S@e5"));
        xb.command("undo");
        assert!(xb.board.phantoms().is_empty());
    }

    /// An armor move received in its lossy form (`h6h8,h8g8` kills h7 and h8) leaves XBoard's
    /// board with the black rook on h7; the black king's step there would reach XBoard as a king
    /// landing on its own rook, which it plays as a Chess960 castling, so it is left out.
    #[test]
    fn phantoms_keep_the_king_off_its_own_phantom_rook() {
        let (events, _unused) = channel();
        let mut xb = Xboard::new(Output::new(), events);
        for line in [
            "new",
            "variant combinedarms",
            "force",
            "setboard 7p/6kr/7N/8/8/8/8/K7 w - - 0 1",
            "usermove h6h8,h8g8",
        ] {
            xb.command(line);
        }
        assert_eq!(xb.board.plies(), 1, "the armor move was played");
        assert!(xb.board.phantoms().contains("h7"));
        let root: Vec<String> = (xb.board.root_moves(&xb.session).into_iter())
            .filter_map(|m| xb.board.real.render(m))
            .collect();
        assert!(xb.board.real.legal_strings().iter().any(|m| m == "g7h7"));
        assert!(!root.iter().any(|m| m == "g7h7"), "{root:?}");
        assert!(root.iter().any(|m| m == "g7g8"));
    }

    #[test]
    fn hand_notices_name_the_hand_and_the_drop() {
        let name = |_| "soldier".to_string();
        let gains = hand_counts(&['S', 's', 'S']);
        assert_eq!(gains.get(&'S'), Some(&2));
        assert_eq!(gains.get(&'s'), Some(&1));
        // White's hand grew; the person plays White.
        let told = hand_notice(&['S'], true, name);
        assert!(told.starts_with("telluser Your capture put a soldier in your hand"));
        assert!(told.contains("S@e4"));
        // Black's hand grew by two; the person plays White: the engine captured.
        let told = hand_notice(&['s', 's'], true, name);
        assert!(told.starts_with("telluser I captured 2 soldiers"), "{told}");
        assert!(told.contains("S@"));
        // XBoard shows a note on one line: keep it short.
        assert!(told.len() < 120);
    }

    #[test]
    fn fen_keys_ignore_hand_order_and_clocks() {
        assert_eq!(
            fen_key("8/8/8/8/8/8/8/K6k[WEjj] w - - 0 1"),
            fen_key("8/8/8/8/8/8/8/K6k[jEjW] w KQ - 5 9")
        );
        assert_ne!(
            fen_key("8/8/8/8/8/8/8/K6k w - - 0 1"),
            fen_key("8/8/8/8/8/8/8/K6k b - - 0 1")
        );
    }

    #[test]
    fn the_typed_setup_key_is_the_key_of_our_own_fen() {
        for (name, fen) in [
            ("chess", None),
            (
                "shocktroops",
                Some("4k3/8/8/8/8/8/4P3/4K3[WEjjJ] b - - 3 20"),
            ),
            ("pawnier", None),
            (
                "exciting",
                Some("**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5**[sSs] w - - 0 1"),
            ),
        ] {
            let game = AnyGame::new(variants::lookup(name).unwrap(), fen).unwrap();
            assert_eq!(Some(setup_key(&game)), fen_key(&game.fen()), "{name}");
        }
    }

    #[test]
    fn thinking_format() {
        let info = Info {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: Score::Mate(-2),
            nodes: 1234,
            nps: 0,
            time: std::time::Duration::from_millis(250),
            hashfull: 0,
            pv: vec!["e2e4".into(), "0000".into()],
        };
        assert_eq!(thinking_line(&info, None), "3 -100002 25 1234 e2e4 @@@@");
        assert_eq!(
            thinking_line(&info, Some("d2d4")),
            "3 -100002 25 1234 d2d4 e2e4 @@@@"
        );
    }
}
