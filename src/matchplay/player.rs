//! What the referee needs from a player, whichever way it is reached: an external engine over UCI
//! or CECP, or this program's own engine in-process. Also the `--engine` argument syntax.

use std::time::{Duration, Instant};

use crate::board::Color;
use crate::search::Score;

/// Everything fixed for one game.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Our variant name (`chess`, `shockchess`, ...).
    pub variant: String,
    /// The start FEN, or `None` for the variant's start position.
    pub fen: Option<String>,
    /// Time at the start and increment per move.
    pub base: Duration,
    pub increment: Duration,
}

/// A request for a move: the whole game so far and both clocks.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The side the player moves for.
    pub side: Color,
    /// The start FEN, or `None` for the variant's start position.
    pub fen: Option<&'a str>,
    /// The canonical strings of every move since the start position (the opening included).
    pub moves: &'a [String],
    pub white_time: Duration,
    pub black_time: Duration,
    pub increment: Duration,
}

impl MoveRequest<'_> {
    pub fn own_time(&self) -> Duration {
        match self.side {
            Color::White => self.white_time,
            Color::Black => self.black_time,
        }
    }
    pub fn other_time(&self) -> Duration {
        match self.side {
            Color::White => self.black_time,
            Color::Black => self.white_time,
        }
    }
}

/// What an engine last said about the position while it chose its move: the score from its own
/// point of view and the depth (UCI `info`, CECP thinking output, our own search's report).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    pub depth: u32,
}

/// A player's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move string as the engine wrote it (to be checked by the referee), and the engine's last
    /// score and depth when it reported one.
    Move(String, Option<Eval>),
    /// The engine resigned (CECP `resign`).
    Resign,
    /// The engine said it has no move (UCI `bestmove (none)`), or claimed a result instead of
    /// moving; the text says which.
    NoMove(String),
}

/// A failure that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// No answer before the deadline.
    Timeout,
    /// The engine exited or its pipe broke.
    Disconnected(String),
    /// The engine refused a move we relayed (CECP `Illegal move`): a bug on one side or the other,
    /// so the game is aborted, not scored.
    Refused(String),
    /// Anything else (a failed handshake, an unsupported variant, ...).
    Protocol(String),
}

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerError::Timeout => write!(f, "no answer in time"),
            PlayerError::Disconnected(s) => write!(f, "engine disconnected: {s}"),
            PlayerError::Refused(s) => write!(f, "engine refused a relayed move: {s}"),
            PlayerError::Protocol(s) => write!(f, "{s}"),
        }
    }
}

/// One side of a match. A player lives for many games; the referee calls `new_game`, then `go`
/// for each of the player's moves, then `game_over`.
pub trait Player: Send {
    /// The name for the PGN (`id name`, `myname` or the command).
    fn name(&self) -> String;
    /// Prepares a new game. The player is told the moves through the requests of `go`.
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), PlayerError>;
    /// Asks for a move; the player gives up waiting at `deadline`.
    fn go(&mut self, request: &MoveRequest, deadline: Instant) -> Result<Reply, PlayerError>;
    /// The game is over (result string and reason); the player may tell its engine.
    fn game_over(&mut self, result: &str, reason: &str);
    /// Whether the player can play another game (false after its engine died); the match starts
    /// a fresh one when not.
    fn is_healthy(&self) -> bool;
}

/// How to reach an engine: the parsed `--engine` argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// `uci:CMD`.
    Uci(String),
    /// `xboard:CMD` (also `cecp:CMD`).
    Cecp(String),
    /// A bare command: try UCI, then CECP.
    Detect(String),
    /// `self` or `self:NAME=VALUE,...`: this program's engine, with options.
    SelfEngine(Vec<(String, String)>),
}

impl EngineSpec {
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("empty --engine".to_string());
        }
        if text == "self" {
            return Ok(EngineSpec::SelfEngine(Vec::new()));
        }
        if let Some(opts) = text.strip_prefix("self:") {
            let mut options = Vec::new();
            for item in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (name, value) = item
                    .split_once('=')
                    .ok_or_else(|| format!("option '{item}' in '{text}' is not NAME=VALUE"))?;
                options.push((name.trim().to_string(), value.trim().to_string()));
            }
            return Ok(EngineSpec::SelfEngine(options));
        }
        let command = |rest: &str| -> Result<String, String> {
            let rest = rest.trim();
            if rest.is_empty() {
                Err(format!("no command in --engine '{text}'"))
            } else {
                Ok(rest.to_string())
            }
        };
        if let Some(rest) = text.strip_prefix("uci:") {
            return Ok(EngineSpec::Uci(command(rest)?));
        }
        if let Some(rest) = text
            .strip_prefix("xboard:")
            .or_else(|| text.strip_prefix("cecp:"))
        {
            return Ok(EngineSpec::Cecp(command(rest)?));
        }
        Ok(EngineSpec::Detect(text.to_string()))
    }

    /// A name to show before the engine has told its own.
    pub fn label(&self) -> String {
        match self {
            EngineSpec::Uci(c) | EngineSpec::Cecp(c) | EngineSpec::Detect(c) => {
                let program = c.split_whitespace().next().unwrap_or(c);
                program.rsplit('/').next().unwrap_or(program).to_string()
            }
            EngineSpec::SelfEngine(_) => "menagerie".to_string(),
        }
    }
}

/// Options every engine of the match gets (from `--threads`, `--hash`); an engine's own options
/// (`self:Threads=2`) take precedence.
#[derive(Clone, Debug, Default)]
pub struct CommonOptions {
    pub threads: Option<u32>,
    pub hash_mb: Option<u32>,
}

/// How long the handshakes may take: [`HANDSHAKE`] for `uciok` / `feature done=1`
/// (PROTOCOL.md §3.1: XBoard waits 2 s), [`SYNC`] for `readyok` / `pong`.
pub const HANDSHAKE: Duration = Duration::from_secs(2);
pub const SYNC: Duration = Duration::from_secs(10);

/// `--engine-option N:NAME=VALUE`: an option for the engine in place N (1 or 2) of the command
/// line, sent after the handshake and before its first game (UCI `setoption`, CECP `option`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// 0 for the first engine, 1 for the second.
    pub slot: usize,
    pub name: String,
    pub value: String,
}

impl EngineOption {
    pub fn parse(text: &str) -> Result<EngineOption, String> {
        let bad = || format!("--engine-option '{text}': write N:NAME=VALUE with N 1 or 2");
        let (slot, rest) = text.split_once(':').ok_or_else(bad)?;
        let slot = match slot.trim() {
            "1" => 0,
            "2" => 1,
            _ => return Err(bad()),
        };
        let (name, value) = rest.split_once('=').ok_or_else(bad)?;
        let name = name.trim();
        if name.is_empty() {
            return Err(bad());
        }
        Ok(EngineOption {
            slot,
            name: name.to_string(),
            value: value.trim().to_string(),
        })
    }
}

/// Why an engine could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The handshake failed: the engine does not speak this protocol (or not at all).
    Handshake(String),
    /// The engine speaks the protocol but the match cannot use it as asked (an option it lacks).
    Setup(String),
}

impl From<StartError> for String {
    fn from(e: StartError) -> String {
        match e {
            StartError::Handshake(e) | StartError::Setup(e) => e,
        }
    }
}
