//! The UCI front end (PROTOCOL.md §7), with Fairy-Stockfish's `UCI_Variant` conventions.
//!
//! The command loop runs on the protocol thread and never blocks on a search: `isready`, `stop`,
//! `ponderhit` and `quit` are answered while one runs. Search output reaches stdout through
//! [`UciSink`] from the search thread. In an `infinite` or `ponder` search the `bestmove` line is
//! held back until `stop` (or `ponderhit`), as UCI requires, even if the search ends by itself.
//! A command that changes the engine's state while a search runs (`position`, `go`, `setoption`,
//! `ucinewgame`) first stops it; a well-behaved GUI never does that.

use crate::board::Move;
use crate::notation::{MoveError, is_pass_word};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{Input, MAX_LINE_BYTES, Output, printable};
use crate::engine::{Engine, MAX_HASH_MB, MAX_THREADS, hash_mb_allowed, threads_warning};
use crate::fault::{inject_command, panic_message};
use crate::game::Outcome;
use crate::protocol::xboard::look::uci_pocket_and_template;
use crate::search::{Info, Limits, SearchReport, SearchSink};
use crate::variants::{AnyVariant, lookup, playable};

/// Limits read from `go` are capped here, so that absurd values cannot overflow time arithmetic.
const MAX_MS: u64 = 1_000_000_000;

/// Speaks UCI on `input` / `out` until `quit` or end of input. `first` is the line that chose
/// the protocol (normally `uci`), still to be answered.
pub fn run(input: Receiver<Input>, out: Output, first: Option<String>) {
    let mut uci = Uci::new(out);
    if let Some(line) = first
        && !uci.handle(&line)
    {
        return;
    }
    while let Ok(input) = input.recv() {
        match input {
            Input::Line(line) => {
                if !uci.handle(&line) {
                    return;
                }
            }
            Input::TooLong(_) => uci.say(&format!(
                "info string error: an input line longer than {MAX_LINE_BYTES} bytes was ignored"
            )),
        }
    }
    // End of input: a running search is told to stop and left to end by itself (dropping the
    // engine does that).
}

/// What the search thread prints through.
struct UciSink {
    out: Output,
    hold: Mutex<Hold>,
    /// Whether an `info … score …` line went out.
    scored: AtomicBool,
}

#[derive(Default)]
struct Hold {
    /// The search is `infinite` or pondering and neither `stop` nor `ponderhit` has come yet.
    holding: bool,
    /// A `bestmove` line held back.
    held: Option<String>,
}

impl UciSink {
    fn new(out: Output, holding: bool) -> UciSink {
        UciSink {
            out,
            hold: Mutex::new(Hold {
                holding,
                held: None,
            }),
            scored: AtomicBool::new(false),
        }
    }

    /// `stop` or `ponderhit` came: a held `bestmove` goes out now, a later one at once.
    fn release(&self) {
        let mut hold = self.hold.lock().unwrap_or_else(|e| e.into_inner());
        hold.holding = false;
        if let Some(line) = hold.held.take() {
            self.out.line(&line);
        }
    }
}

impl SearchSink for UciSink {
    fn on_info(&self, info: &Info) {
        self.out.line(&info_line(info));
        self.scored.store(true, Ordering::Relaxed);
    }

    fn on_error(&self, message: &str) {
        log::error!("{message}");
        self.out.line(&format!("info string error: {message}"));
    }

    fn on_bestmove(&self, report: &SearchReport) {
        // A search stopped before its first iteration still gives a score (§7.5: tools such
        // as variantfishtest stop on a `bestmove` without one). No one-move PV: with `cp 0`
        // that would read as a draw by rule.
        if !self.scored.load(Ordering::Relaxed) && report.best.is_some() {
            let ms = report.time.as_millis().max(1);
            let mut line = format!(
                "info depth {} score {} nodes {} nps {} time {}",
                report.depth,
                report.score,
                report.nodes,
                report.nodes as u128 * 1000 / ms,
                report.time.as_millis()
            );
            if let (Some(best), Some(ponder)) = (&report.best, &report.ponder) {
                line.push_str(&format!(" pv {best} {ponder}"));
            }
            self.out.line(&line);
        }
        let line = bestmove_line(report);
        let mut hold = self.hold.lock().unwrap_or_else(|e| e.into_inner());
        if hold.holding {
            hold.held = Some(line);
        } else {
            self.out.line(&line);
        }
    }
}

fn info_line(info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            s.push(' ');
            s.push_str(m);
        }
    }
    s
}

fn bestmove_line(report: &SearchReport) -> String {
    match (&report.best, &report.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// `info string variant V files F ranks R pocket S template PARENT startpos FEN` (§7.1).
fn variant_line(v: AnyVariant) -> String {
    let ((files, ranks), fen) = (v.size(), v.start_fen());
    let name = v.name();
    let (pocket, parent) = uci_pocket_and_template(name).unwrap_or((0, "fairy"));
    format!(
        "info string variant {name} files {files} ranks {ranks} pocket {pocket} template {parent} startpos {fen}"
    )
}

struct Uci {
    engine: Engine,
    out: Output,
    /// The sink of the running (or last) search.
    sink: Option<Arc<UciSink>>,
    /// The last `position` command the engine's game holds in full (its FEN, `None` for the
    /// start position, and its moves as given): a GUI repeats the whole move list before every
    /// `go`, and a command that only adds moves to it plays just those (replaying 500 plies of
    /// Exciting Chess costs about 10 ms, taken from the clock). Cleared by anything else that
    /// sets the game.
    held: Option<(Option<String>, Vec<String>)>,
}

impl Uci {
    fn new(out: Output) -> Uci {
        Uci {
            engine: Engine::new(),
            out,
            sink: None,
            held: None,
        }
    }

    fn say(&self, text: &str) {
        self.out.line(text);
    }

    /// Stops the running search, if any, lets its `bestmove` out and waits for it.
    fn finish_search(&mut self) {
        if self.engine.searching() {
            self.engine.stop();
            if let Some(sink) = &self.sink {
                sink.release();
            }
            self.engine.wait();
        }
    }

    /// Handles one line; false on `quit`. A panic while handling it is reported (stderr has
    /// the panic message too) and the engine goes on from the state the command left.
    fn handle(&mut self, line: &str) -> bool {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            inject_command(line);
            self.command(line)
        }));
        match run {
            Ok(go_on) => go_on,
            Err(payload) => {
                let msg = panic_message(&*payload);
                log::error!("internal error on input line {line:?}: {msg}");
                self.say(&format!(
                    "info string error: internal error while handling '{}': {msg}",
                    printable(line.trim())
                ));
                true
            }
        }
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, args)) = tokens.split_first() else {
            return true;
        };
        match word {
            "uci" => self.handshake(),
            "isready" => self.say("readyok"),
            "debug" | "register" => {}
            "setoption" => {
                self.finish_search();
                self.held = None;
                self.setoption(args);
            }
            "ucinewgame" => {
                self.finish_search();
                self.held = None;
                self.engine.new_game();
            }
            "position" => {
                self.finish_search();
                self.position(args);
            }
            "go" => {
                self.finish_search();
                self.go(args);
            }
            "stop" => {
                if self.engine.searching() {
                    self.engine.stop();
                    if let Some(sink) = &self.sink {
                        sink.release();
                    }
                }
            }
            "ponderhit" => {
                if self.engine.searching() {
                    self.engine.ponderhit();
                    if let Some(sink) = &self.sink {
                        sink.release();
                    }
                }
            }
            "quit" => return false,
            _ => {
                log::warn!("unknown command: {}", printable(line));
                self.say(&format!("info string unknown command: {}", printable(word)));
            }
        }
        true
    }

    fn handshake(&self) {
        self.say(&format!("id name menagerie {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the menagerie developers");
        let mut combo = String::from("option name UCI_Variant type combo default chess");
        for name in playable() {
            combo.push_str(" var ");
            combo.push_str(name);
        }
        self.say(&combo);
        self.say(&format!(
            "option name Hash type spin default 64 min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say("option name MultiPV type spin default 1 min 1 max 64");
        self.say("option name Move Overhead type spin default 30 min 0 max 5000");
        self.say("option name Ponder type check default false");
        self.say("option name Clear Hash type button");
        self.say("option name EvalParams type string default <builtin>");
        self.say("option name EvalFile type string default <none>");
        self.say("option name UseNetwork type check default true");
        self.say("option name SearchParams type string default <builtin>");
        self.say("uciok");
    }

    /// `setoption name NAME [value VALUE]`; names and values may contain blanks.
    fn setoption(&mut self, args: &[&str]) {
        let value_at = args.iter().position(|t| t.eq_ignore_ascii_case("value"));
        let name_end = value_at.unwrap_or(args.len());
        let name_start = match args.first() {
            Some(t) if t.eq_ignore_ascii_case("name") => 1,
            _ => 0,
        };
        let name = args[name_start.min(name_end)..name_end].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        let key = name.to_ascii_lowercase();
        let checked = |max: usize| -> Result<(), String> {
            match value.trim().parse::<usize>() {
                Ok(n) if n > max => Err(format!("{name}: {n} is outside the range")),
                _ => Ok(()),
            }
        };
        let result = match key.as_str() {
            "uci_variant" => {
                self.set_variant(&value);
                return;
            }
            "ponder" | "uci_analysemode" | "uci_chess960" | "uci_showwdl" => Ok(()),
            "hash" => match saturating(value.trim()) {
                Some(n) => {
                    let (mb, why) = hash_mb_allowed(n.max(0) as u64);
                    if let Some(why) = why {
                        self.say(&format!("info string {why}"));
                    }
                    self.engine.set_option("Hash", &mb.to_string())
                }
                None => Err(format!("Hash: '{}' is not a number", printable(&value))),
            },
            "threads" => checked(MAX_THREADS).and_then(|_| {
                let n = value.trim().parse::<usize>().unwrap_or(1);
                if let Some(w) = threads_warning(n) {
                    self.say(&format!("info string warning: {w}"));
                }
                self.engine.set_option("Threads", &value)
            }),
            "multipv" => checked(64).and_then(|_| self.engine.set_option("MultiPV", &value)),
            "move overhead" => {
                checked(5000).and_then(|_| self.engine.set_option("Move Overhead", &value))
            }
            "clear hash" => self.engine.set_option("Clear Hash", ""),
            "evalparams" => self.engine.set_option("EvalParams", &value).map(|()| {
                // Set before the variant is named, a table for another game is no fault.
                if let Some(m) = self.engine.eval_params_misfit() {
                    let line = format!("info string {m}; the table is kept for the game it fits");
                    self.say(&line);
                }
            }),
            "evalfile" => self.engine.set_option("EvalFile", &value).map(|()| {
                if let Some(m) = self.engine.eval_params_misfit() {
                    let line =
                        format!("info string {m}; the network is kept for the games it fits");
                    self.say(&line);
                }
            }),
            "usenetwork" => self.engine.set_option("UseNetwork", &value),
            "searchparams" => self.engine.set_option("SearchParams", &value),
            _ => {
                // §7.1: unknown options are ignored (variantfishtest may send `VariantPath`).
                log::info!("ignored option '{}'", printable(&name));
                Ok(())
            }
        };
        if let Err(e) = result {
            self.say(&format!("info string error: {e}"));
        }
    }

    /// Says when the EvalParams table does not fit the variant being played: the table is kept
    /// for the variant it was made for, and this one plays with its built-in weights.
    fn warn_eval_misfit(&mut self) {
        if let Some(m) = self.engine.eval_params_misfit() {
            let line = format!("info string warning: {m}");
            self.say(&line);
        }
    }

    fn set_variant(&mut self, value: &str) {
        let value = value.trim();
        let found = lookup(value).or_else(|| lookup(&value.to_ascii_lowercase()));
        match found {
            Some(v) if self.engine.set_variant(v.name()).is_ok() => {
                self.say(&variant_line(v));
                self.warn_eval_misfit();
            }
            _ => self.say(&format!(
                "info string error: unknown variant {}",
                printable(value)
            )),
        }
    }

    /// `position startpos | fen FEN [moves M1 M2 …]`. A bad FEN changes nothing; after a bad
    /// move, the moves before it stay applied.
    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|t| *t == "moves");
        let setup = &args[..moves_at.unwrap_or(args.len())];
        let moves = moves_at.map_or(&[][..], |i| &args[i + 1..]);
        let fen = match setup.first() {
            Some(&"startpos") => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            Some(&"fen") => {
                self.say("info string error: position fen without a FEN");
                return;
            }
            _ => {
                self.say("info string error: position needs startpos or fen");
                return;
            }
        };
        // The game already holds this FEN and a first part of these moves: play the rest.
        let held = self.held.take();
        let start = match held {
            Some((held_fen, held_moves))
                if held_fen == fen
                    && held_moves.len() <= moves.len()
                    && held_moves.iter().zip(moves).all(|(a, b)| a == b) =>
            {
                held_moves.len()
            }
            _ => {
                if let Err(e) = self.engine.set_position(fen.as_deref(), &[]) {
                    self.say(&format!("info string error: {e}"));
                    return;
                }
                0
            }
        };
        for &m in &moves[start..] {
            if let Err(e) = self.play_text(m) {
                self.say(&format!("info string error: {e}"));
                return;
            }
        }
        self.held = Some((fen, moves.iter().map(|m| m.to_string()).collect()));
    }

    /// Reads and plays one move of `position ... moves`; on error nothing changes.
    fn play_text(&mut self, m: &str) -> Result<(), MoveError> {
        let game = self.engine.game();
        let error = match game.parse(m) {
            Ok(mv) => {
                self.engine.play(mv);
                return Ok(());
            }
            Err(e) => e,
        };
        // Shock Chess leniency (shockchess.md §2.4): after a General capture the capturing
        // side's next move implies the frozen side's pass.
        if !is_pass_word(m) && game.forced_pass() {
            self.engine.play(Move::pass());
            if let Ok(mv) = self.engine.game().parse(m) {
                self.engine.play(mv);
                return Ok(());
            }
            self.engine.undo(); // not a move after the pass either
        }
        Err(error)
    }

    fn go(&mut self, args: &[&str]) {
        if let Some(outcome) = self.engine.game().outcome() {
            // §7.5: the game is over by rule; no search.
            let score = match outcome {
                Outcome::Checkmate { .. } => "mate 0",
                _ => "cp 0",
            };
            self.say(&format!("info depth 0 score {score}"));
            self.say("bestmove (none)");
            return;
        }
        let game = self.engine.game();
        let limits = parse_go(args, |m| game.parse(m).ok());
        let sink = Arc::new(UciSink::new(
            self.out.clone(),
            limits.infinite || limits.ponder,
        ));
        self.sink = Some(Arc::clone(&sink));
        self.engine.go(limits, sink);
    }
}

/// An integer, saturated at the ends of `i64` when it has too many digits; `None` when the
/// token is not an integer at all.
fn saturating(t: &str) -> Option<i64> {
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(
        t.parse()
            .unwrap_or(if negative { i64::MIN } else { i64::MAX }),
    )
}

/// The limits of a `go` command, reading `searchmoves` with `parse` (a move that does not read
/// is left out). Unknown tokens and unreadable numbers are skipped; numbers too large to read
/// are taken as the largest allowed.
fn parse_go(args: &[&str], parse: impl Fn(&str) -> Option<Move>) -> Limits {
    let mut limits = Limits::default();
    let mut i = 0;
    let ms = |t: Option<&&str>| -> Option<Duration> {
        let n = saturating(t?)?;
        Some(Duration::from_millis(n.clamp(0, MAX_MS as i64) as u64))
    };
    let count = |t: Option<&&str>| -> Option<u64> {
        let n = saturating(t?)?;
        (n >= 0).then_some(n as u64)
    };
    while i < args.len() {
        let next = args.get(i + 1);
        let mut takes_value = true;
        match args[i] {
            "wtime" => limits.wtime = ms(next),
            "btime" => limits.btime = ms(next),
            "winc" => limits.winc = ms(next),
            "binc" => limits.binc = ms(next),
            "movetime" => limits.movetime = ms(next),
            "movestogo" => {
                limits.movestogo = count(next).map(|n| n.clamp(1, 10_000) as u32);
            }
            "depth" => limits.depth = count(next).map(|n| n.clamp(1, 1_000) as u32),
            "nodes" => limits.nodes = count(next).map(|n| n.max(1)),
            "mate" => {
                // Mate in N moves: searching 2N plies is enough to find one.
                limits.depth = count(next).map(|n| (2 * n.clamp(1, 500)) as u32);
            }
            "infinite" => {
                limits.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                limits.ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                limits.searchmoves = args[i + 1..].iter().filter_map(|s| parse(s)).collect();
                break;
            }
            _ => takes_value = false,
        }
        // A keyword followed by something that is not a number keeps that token for parsing.
        if takes_value && next.is_some_and(|t| saturating(t).is_some()) {
            i += 1;
        }
        i += 1;
    }
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parsing() {
        let go = "wtime 1000 btime -20 winc 5 movestogo 0 depth x ponder searchmoves e2e4 d2d4";
        let chess =
            crate::game::AnyGame::new(crate::variants::lookup("chess").unwrap(), None).unwrap();
        let parse = |m: &str| chess.parse(m).ok();
        let l = parse_go(&go.split(' ').collect::<Vec<_>>(), parse);
        assert_eq!(l.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.winc, Some(Duration::from_millis(5)));
        assert_eq!(l.movestogo, Some(1));
        assert_eq!(l.depth, None);
        assert!(l.ponder && !l.infinite);
        assert_eq!(
            l.searchmoves,
            [parse("e2e4").unwrap(), parse("d2d4").unwrap()]
        );
        let l = parse_go(&["searchmoves", "e2e5", "g1f3"], parse);
        assert_eq!(l.searchmoves, [parse("g1f3").unwrap()]);
        let l = parse_go(
            &["movetime", "99999999999999999999999", "infinite", "nodes"],
            parse,
        );
        assert_eq!(l.movetime, Some(Duration::from_millis(MAX_MS)));
        assert!(l.infinite);
        assert_eq!(l.nodes, None);
    }

    /// Issue 13: `go wtime 99999999999999999999 btime 1` dropped the number, so White searched
    /// for ever; numbers past `i64` saturate instead.
    #[test]
    fn numbers_too_long_saturate() {
        let l = parse_go(
            &[
                "wtime",
                "99999999999999999999",
                "btime",
                "1",
                "nodes",
                "1e5",
            ],
            |_| None,
        );
        assert_eq!(l.wtime, Some(Duration::from_millis(MAX_MS)));
        assert_eq!(l.btime, Some(Duration::from_millis(1)));
        assert_eq!(l.nodes, None);
        let l = parse_go(
            &[
                "btime",
                "-99999999999999999999",
                "depth",
                "+99999999999999999999",
            ],
            |_| None,
        );
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.depth, Some(1_000));
        assert_eq!(saturating("12a"), None);
        assert_eq!(saturating("-"), None);
    }

    #[test]
    fn variant_lines() {
        let line = variant_line(lookup("shockchess").unwrap());
        assert_eq!(
            line,
            "info string variant shockchess files 8 ranks 8 pocket 0 template lion startpos \
             rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1"
        );
        assert!(variant_line(lookup("chess").unwrap()).starts_with(
            "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos"
        ));
    }
}
