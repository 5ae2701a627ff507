//! A CECP (XBoard protocol 2) engine as a player (PROTOCOL.md §3, §8.2).
//!
//! The engine is kept in force mode except while it thinks: each turn sends `force` (after its
//! previous move), the moves it has not seen (`usermove M`, or bare when it rejected `usermove`;
//! a pass as `@@@@`), `time`/`otim` in centiseconds, and `go`; the answer is `move M`. A game
//! starts with `new`, `variant V` (not for chess), `force`, `post` (thinking output, whose last
//! score and depth go with the move), `easy` (no pondering), `level 0 BASE INC`, `setboard` for a
//! custom start (edit mode for an engine without `setboard`, on 8x8 boards without hands), and a
//! `ping`/`pong` round trip that also drops late lines of the last game. Options given with
//! `--engine-option` are sent as `option NAME=VALUE` after the handshake. Result claims are logged
//! and otherwise ignored: the referee decides.

use crate::notation::xboard_spelling;
use std::time::{Duration, Instant};

use super::player::{
    CommonOptions, Eval, GameSetup, HANDSHAKE, MoveRequest, Player, PlayerError, Reply, SYNC,
    StartError,
};
use super::process::{EngineProcess, ReadError};
use crate::search::Score;

/// After a result claim arrives instead of a move, how long the engine still has to move.
const AFTER_CLAIM: Duration = Duration::from_secs(1);

/// The features this referee honours, and so accepts (§3.1); every other one is rejected.
const HONOURED: &[&str] = &[
    "ping", "setboard", "usermove", "time", "reuse", "myname", "variants", "name", "memory", "smp",
    "done", "debug", "option",
];

#[derive(Clone, Debug)]
struct Features {
    ping: bool,
    setboard: bool,
    usermove: bool,
    memory: bool,
    smp: bool,
    myname: Option<String>,
    variants: Option<Vec<String>>,
    /// The names of the options the engine declared (`feature option="NAME -TYPE ..."`).
    options: Vec<String>,
}

impl Default for Features {
    /// Protocol-version-1 defaults [spec §9].
    fn default() -> Self {
        Features {
            ping: false,
            setboard: false,
            usermove: false,
            memory: false,
            smp: false,
            myname: None,
            variants: None,
            options: Vec::new(),
        }
    }
}

pub struct CecpPlayer {
    process: EngineProcess,
    label: String,
    features: Features,
    common: CommonOptions,
    /// How many moves of the current game the engine has been told or has played.
    known: usize,
    /// False between `go` and the next `force`/`result`: the engine plays a side.
    in_force: bool,
    next_ping: u32,
    healthy: bool,
}

/// Splits `feature a=1 b="x y"` into (name, value) pairs.
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line
        .trim()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let name = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        out.push((name, value.to_string()));
        rest = tail.trim_start();
    }
    out
}

/// `level` arguments: BASE as minutes or `MIN:SS` (whole seconds, rounded up), INC in seconds,
/// fractional when needed (§3.5).
pub fn level_command(base: Duration, increment: Duration) -> String {
    let seconds = base.as_millis().div_ceil(1000) as u64;
    let base_text = if seconds.is_multiple_of(60) {
        format!("{}", seconds / 60)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    };
    let inc = increment.as_secs_f64();
    let inc_text = if inc.fract() == 0.0 {
        format!("{}", inc as u64)
    } else {
        let s = format!("{inc:.3}");
        s.trim_end_matches('0').to_string()
    };
    format!("level 0 {base_text} {inc_text}")
}

/// The name of an option declared as `NAME -TYPE ...` (§3.1 `feature option`).
fn option_name(declaration: &str) -> &str {
    declaration
        .find(" -")
        .map_or(declaration, |i| &declaration[..i])
        .trim()
}

/// The depth and score of a thinking-output line `PLY SCORE TIME NODES PV` (§3.6): the ply may
/// carry a non-digit suffix, a score of 100000+N is a mate in N moves and -100000-N being mated
/// in N. `None` for any other line.
pub fn parse_thinking(line: &str) -> Option<Eval> {
    let mut words = line.split_whitespace();
    let ply = words.next()?;
    let digits = ply.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || ply[digits..].chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let depth: u32 = ply[..digits].parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    // TIME and NODES must follow as numbers, or it is not a thinking line.
    for _ in 0..2 {
        words.next()?.parse::<u64>().ok()?;
    }
    let score = match score {
        100_000..=100_999 => Score::Mate((score - 100_000) as i32),
        -100_999..=-100_000 => Score::Mate((score + 100_000) as i32),
        _ => Score::Cp(score.clamp(-1_000_000, 1_000_000) as i32),
    };
    Some(Eval { score, depth })
}

/// A position set up in edit mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditSetup {
    /// Edit mode keeps the side to move: with Black to move, a white move from the start position
    /// (a2a3) goes first.
    pub black_to_move: bool,
    /// `edit`, `#`, White's pieces, `c`, Black's pieces, `.`.
    pub lines: Vec<String>,
}

/// The commands that set up `fen` for an engine without `setboard` (spec §8 `edit`, as XBoard
/// and cutechess send them): `edit`, `#` (clear), White's pieces as `Pe2`, `c`, Black's pieces,
/// `.`, after a2a3 when Black is to move. Edit mode has no
/// holdings, side-to-move field, castling rights or e.p. square: an engine assumes castling
/// wherever king and rook stand at home, so a FEN whose rights say otherwise is refused, as is
/// one with holdings, holes or a board other than 8x8. The counters are lost.
pub fn edit_commands(fen: &str) -> Result<EditSetup, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [board, side, castling, ..] = fields[..] else {
        return Err("a FEN needs a board, a side to move and castling rights".to_string());
    };
    if board.contains('[') || board.contains('*') {
        return Err("it has holdings or holes".to_string());
    }
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err("the board is not 8x8".to_string());
    }
    // (letter, file 0-7, rank 0-7) of every piece.
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else if c.is_ascii_alphabetic() {
                pieces.push((c, file, rank));
                file += 1;
            } else {
                return Err(format!("'{c}' is not a piece edit mode knows"));
            }
        }
        if file != 8 {
            return Err("the board is not 8x8".to_string());
        }
    }
    let at = |file: usize, rank: usize| {
        pieces
            .iter()
            .find(|p| p.1 == file && p.2 == rank)
            .map(|p| p.0)
    };
    let mut implied = String::new();
    for (king, rook, rank, short, long) in [('K', 'R', 0, 'K', 'Q'), ('k', 'r', 7, 'k', 'q')] {
        if at(4, rank) == Some(king) {
            if at(7, rank) == Some(rook) {
                implied.push(short);
            }
            if at(0, rank) == Some(rook) {
                implied.push(long);
            }
        }
    }
    let mut stated: Vec<char> = castling.chars().filter(|c| *c != '-').collect();
    let mut implied: Vec<char> = implied.chars().collect();
    stated.sort_unstable();
    implied.sort_unstable();
    if stated != implied {
        return Err(format!(
            "its castling rights '{castling}' are not the ones edit mode assumes from the pieces"
        ));
    }
    let mut lines = vec!["edit".to_string(), "#".to_string()];
    let square = |file: usize, rank: usize| format!("{}{}", (b'a' + file as u8) as char, rank + 1);
    for white in [true, false] {
        if !white {
            lines.push("c".to_string());
        }
        for &(c, file, rank) in &pieces {
            if c.is_ascii_uppercase() == white {
                lines.push(format!("{}{}", c.to_ascii_uppercase(), square(file, rank)));
            }
        }
    }
    lines.push(".".to_string());
    Ok(EditSetup {
        black_to_move: side == "b",
        lines,
    })
}

fn centis(d: Duration) -> u128 {
    (d.as_millis() / 10).max(1)
}

/// Whether `line` is an `Error (...): COMMAND` answer to one of the move lines just relayed.
fn refuses_relayed(line: &str, relayed: &[String]) -> bool {
    line.starts_with("Error")
        && line
            .split_once("):")
            .is_some_and(|(_, command)| relayed.iter().any(|r| command.trim() == r))
}

fn is_result_claim(line: &str) -> bool {
    line.starts_with("1-0") || line.starts_with("0-1") || line.starts_with("1/2-1/2")
}

impl CecpPlayer {
    /// Starts the engine, reads its features and sets `options` (each must be one it declared).
    pub fn start(
        command: &str,
        label: &str,
        common: &CommonOptions,
        options: &[(String, String)],
    ) -> Result<CecpPlayer, StartError> {
        let handshake = StartError::Handshake;
        let mut process = EngineProcess::spawn(command, label).map_err(StartError::Setup)?;
        process.send("xboard").map_err(handshake)?;
        process.send("protover 2").map_err(handshake)?;
        let mut features = Features::default();
        let mut deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = match process.read_line(deadline) {
                Ok(line) => line,
                // A version-1 engine sends no features: go on with the defaults.
                Err(ReadError::Timeout) => break,
                Err(ReadError::Closed) => {
                    return Err(StartError::Handshake("the engine exited".to_string()));
                }
            };
            if !line.starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (name, value) in parse_features(&line) {
                let on = value == "1";
                match name.as_str() {
                    "ping" => features.ping = on,
                    "setboard" => features.setboard = on,
                    "usermove" => features.usermove = on,
                    "memory" => features.memory = on,
                    "smp" => features.smp = on,
                    "myname" => features.myname = Some(value.clone()),
                    "variants" => {
                        features.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "option" => features.options.push(option_name(&value).to_string()),
                    "done" if value == "0" => deadline = Instant::now() + SYNC,
                    "done" => done = true,
                    _ => {}
                }
                // `san=1` asks for SAN, which these variants cannot carry: rejected.
                let accept = HONOURED.contains(&name.as_str()) || (name == "san" && value == "0");
                let verdict = if accept { "accepted" } else { "rejected" };
                process
                    .send(&format!("{verdict} {name}"))
                    .map_err(handshake)?;
            }
            if done {
                break;
            }
        }
        for (name, value) in options {
            let Some(declared) = features
                .options
                .iter()
                .find(|o| o.eq_ignore_ascii_case(name))
            else {
                let name_shown = features.myname.as_deref().unwrap_or(label);
                return Err(StartError::Setup(format!(
                    "{name_shown} declares no option '{name}' (it declares: {})",
                    features.options.join(", ")
                )));
            };
            // A button has no value (`option NAME`).
            let line = if value.is_empty() {
                format!("option {declared}")
            } else {
                format!("option {declared}={value}")
            };
            process.send(&line).map_err(StartError::Setup)?;
        }
        Ok(CecpPlayer {
            process,
            label: label.to_string(),
            features,
            common: common.clone(),
            known: 0,
            in_force: true,
            next_ping: 1,
            healthy: true,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        self.process.send(line).map_err(|e| {
            self.healthy = false;
            PlayerError::Disconnected(e)
        })
    }

    fn disconnected(&mut self, what: &str) -> PlayerError {
        self.healthy = false;
        PlayerError::Disconnected(format!("{}: {what}", self.label))
    }

    /// `ping N` and wait for `pong N`, dropping earlier lines; without `ping`, drain for 100 ms.
    fn sync(&mut self) -> Result<(), PlayerError> {
        if !self.features.ping {
            let until = Instant::now() + Duration::from_millis(100);
            return loop {
                match self.process.read_line(until) {
                    Ok(_) => {}
                    Err(ReadError::Timeout) => break Ok(()),
                    Err(ReadError::Closed) => break Err(self.disconnected("exited")),
                }
            };
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.send(&format!("ping {n}"))?;
        let pong = format!("pong {n}");
        match self
            .process
            .read_until(Instant::now() + SYNC, |l| l.trim() == pong, |_| {})
        {
            Ok(_) => Ok(()),
            Err(ReadError::Timeout) => {
                self.healthy = false;
                Err(PlayerError::Protocol(format!(
                    "{}: no '{pong}' within {} s",
                    self.label,
                    SYNC.as_secs()
                )))
            }
            Err(ReadError::Closed) => Err(self.disconnected("exited")),
        }
    }

    /// A canonical move as this engine should receive it.
    fn relay_line(&self, mv: &str) -> String {
        let mv = xboard_spelling(mv);
        if self.features.usermove {
            format!("usermove {mv}")
        } else {
            mv.to_string()
        }
    }
}

impl Player for CecpPlayer {
    fn name(&self) -> String {
        self.features
            .myname
            .clone()
            .unwrap_or_else(|| self.label.clone())
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), PlayerError> {
        let xboard_name = if setup.variant == "chess" {
            "normal"
        } else {
            &setup.variant
        };
        if let Some(list) = &self.features.variants
            && !list.iter().any(|v| v == xboard_name)
        {
            return Err(PlayerError::Protocol(format!(
                "{} does not list variant {xboard_name}",
                self.name()
            )));
        }
        // Without setboard a start FEN goes through edit mode, which only 8x8 boards without
        // hands can take.
        let edit = match (&setup.fen, self.features.setboard) {
            (Some(fen), false) => Some(edit_commands(fen).map_err(|e| {
                PlayerError::Protocol(format!(
                    "{} lacks setboard, and edit mode cannot set up '{fen}': {e} (a PGN book of \
                     games from the start position, or `--openings none`, needs neither)",
                    self.name()
                ))
            })?),
            _ => None,
        };
        if let (true, Some(mb)) = (self.features.memory, self.common.hash_mb) {
            self.send(&format!("memory {mb}"))?;
        }
        if let (true, Some(n)) = (self.features.smp, self.common.threads) {
            self.send(&format!("cores {n}"))?;
        }
        self.send("new")?;
        if setup.variant != "chess" {
            self.send(&format!("variant {}", setup.variant))?;
        }
        self.send("force")?;
        self.send("post")?;
        self.send("easy")?;
        self.send(&level_command(setup.base, setup.increment))?;
        match (&setup.fen, edit) {
            (_, Some(edit)) => {
                if edit.black_to_move {
                    let line = self.relay_line("a2a3");
                    self.send(&line)?;
                }
                for line in &edit.lines {
                    self.send(line)?;
                }
            }
            (Some(fen), None) => self.send(&format!("setboard {fen}"))?,
            (None, None) => {}
        }
        self.known = 0;
        self.in_force = true;
        self.sync()
    }

    fn go(&mut self, request: &MoveRequest, deadline: Instant) -> Result<Reply, PlayerError> {
        if !self.in_force {
            self.send("force")?;
            self.in_force = true;
        }
        let mut relayed = Vec::new();
        for i in self.known..request.moves.len() {
            let line = self.relay_line(&request.moves[i]);
            self.send(&line)?;
            relayed.push(line);
        }
        self.known = request.moves.len();
        self.send(&format!("time {}", centis(request.own_time())))?;
        self.send(&format!("otim {}", centis(request.other_time())))?;
        self.send("go")?;
        self.in_force = false;
        let mut deadline = deadline;
        let mut claim: Option<String> = None;
        let mut eval = None;
        loop {
            let line = match self.process.read_line(deadline) {
                Ok(line) => line,
                Err(ReadError::Timeout) => {
                    // Stop it; its late `move` is dropped by the next sync.
                    self.send("force")?;
                    self.in_force = true;
                    return match claim {
                        Some(c) => Ok(Reply::NoMove(c)),
                        None => Err(PlayerError::Timeout),
                    };
                }
                Err(ReadError::Closed) => return Err(self.disconnected("exited during its move")),
            };
            let line = line.trim();
            if let Some(mv) = line.strip_prefix("move ") {
                self.known += 1;
                return Ok(Reply::Move(mv.trim().to_string(), eval));
            }
            if let Some(e) = parse_thinking(line) {
                eval = Some(e);
                continue;
            }
            if line == "resign" {
                return Ok(Reply::Resign);
            }
            // Some engines refuse a move as an unknown command (Sjaak II: `Error (Illegal move or
            // unknown command): g2g1w`); either way the engine is no longer in step.
            if line.starts_with("Illegal move") || refuses_relayed(line, &relayed) {
                return Err(PlayerError::Refused(line.to_string()));
            }
            if is_result_claim(line) {
                // The referee decides; a claim only shortens the wait for a move.
                log::info!("{}: claims '{line}' (ignored)", self.label);
                claim = Some(format!("claimed '{line}' instead of moving"));
                deadline = deadline.min(Instant::now() + AFTER_CLAIM);
            } else if line.starts_with("Error") || line.starts_with("tellusererror") {
                log::warn!("{}: {line}", self.label);
            }
        }
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        let _ = self.send(&format!("result {result} {{{reason}}}"));
        let _ = self.send("force");
        self.in_force = true;
    }

    fn is_healthy(&self) -> bool {
        self.healthy
    }
}

impl Drop for CecpPlayer {
    fn drop(&mut self) {
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}
