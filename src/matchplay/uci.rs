//! A UCI engine as a player (PROTOCOL.md §7, §8.3): `uci`/`uciok` with the option list,
//! `UCI_Variant` for variants other than chess, `ucinewgame` and `isready` per game, and per move
//! `position ... moves ...` plus `go wtime btime winc binc`, answered by `bestmove`.

use std::time::{Duration, Instant};

use super::player::{
    CommonOptions, GameSetup, HANDSHAKE, MoveRequest, Player, PlayerError, Reply, SYNC,
};
use super::process::{EngineProcess, ReadError};

/// One `option name ... type ...` line.
#[derive(Clone, Debug)]
struct UciOption {
    name: String,
    /// The `var` values of a combo.
    vars: Vec<String>,
}

pub struct UciPlayer {
    process: EngineProcess,
    label: String,
    name: String,
    options: Vec<UciOption>,
    /// A `go` was sent whose `bestmove` has not been read (after a timeout).
    searching: bool,
    healthy: bool,
}

impl UciPlayer {
    /// Starts the engine and runs the handshake; fails (and kills it) unless `uciok` arrives
    /// within [`HANDSHAKE`] or the engine's first answers show it speaks something else.
    pub fn start(command: &str, label: &str, common: &CommonOptions) -> Result<UciPlayer, String> {
        let mut process = EngineProcess::spawn(command, label)?;
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut name = None;
        let mut options = Vec::new();
        loop {
            let line = match process.read_line(deadline) {
                Ok(line) => line,
                Err(ReadError::Timeout) => return Err("no uciok within 2 s".to_string()),
                Err(ReadError::Closed) => return Err("the engine exited".to_string()),
            };
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("id name ") {
                name = Some(rest.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("option ") {
                if let Some(option) = parse_option(rest) {
                    options.push(option);
                }
            } else if line.starts_with("Error") || line.starts_with("feature ") {
                // A CECP engine answering `uci` as an unknown command: no need to wait longer.
                return Err(format!("answered '{line}'"));
            }
        }
        let mut player = UciPlayer {
            process,
            label: label.to_string(),
            name: name.unwrap_or_else(|| label.to_string()),
            options,
            searching: false,
            healthy: true,
        };
        if let Some(threads) = common.threads {
            player.set_option_if_listed("Threads", &threads.to_string())?;
        }
        if let Some(hash) = common.hash_mb {
            player.set_option_if_listed("Hash", &hash.to_string())?;
        }
        Ok(player)
    }

    fn option(&self, name: &str) -> Option<&UciOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn set_option_if_listed(&mut self, name: &str, value: &str) -> Result<(), String> {
        if let Some(option) = self.option(name) {
            let line = format!("setoption name {} value {value}", option.name);
            self.process.send(&line)?;
        } else {
            log::info!("{}: has no option {name}; not set", self.label);
        }
        Ok(())
    }

    fn disconnected(&mut self, what: &str) -> PlayerError {
        self.healthy = false;
        PlayerError::Disconnected(format!("{}: {what}", self.label))
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        self.process.send(line).map_err(|e| {
            self.healthy = false;
            PlayerError::Disconnected(e)
        })
    }

    /// `isready`, then waits for `readyok`, dropping what comes before it (a late `bestmove`).
    fn sync(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        let label = self.label.clone();
        match self.process.read_until(
            Instant::now() + SYNC,
            |l| l.trim() == "readyok",
            |l| {
                if l.starts_with("bestmove") {
                    log::debug!("{label}: dropping a late '{l}'");
                }
            },
        ) {
            Ok(_) => Ok(()),
            Err(ReadError::Timeout) => {
                // An engine that cannot answer `isready` is unusable from here on.
                self.healthy = false;
                Err(PlayerError::Protocol(format!(
                    "{}: no readyok within {} s",
                    self.label,
                    SYNC.as_secs()
                )))
            }
            Err(ReadError::Closed) => Err(self.disconnected("exited")),
        }
    }
}

/// Reads `name NAME type TYPE ... [var V]...` (NAME may contain blanks).
fn parse_option(rest: &str) -> Option<UciOption> {
    let rest = rest.trim().strip_prefix("name ")?;
    let (name, tail) = match rest.find(" type ") {
        Some(i) => (&rest[..i], &rest[i + 6..]),
        None => (rest, ""),
    };
    let mut vars = Vec::new();
    let mut words = tail.split_whitespace();
    while let Some(word) = words.next() {
        if word == "var"
            && let Some(value) = words.next()
        {
            vars.push(value.to_string());
        }
    }
    Some(UciOption {
        name: name.trim().to_string(),
        vars,
    })
}

/// Milliseconds for `go`, at least 1 (some engines treat 0 as "no clock").
fn millis(d: Duration) -> u128 {
    d.as_millis().max(1)
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), PlayerError> {
        if self.searching {
            self.send("stop")?;
            self.searching = false;
        }
        if setup.variant != "chess" {
            let supported = self
                .option("UCI_Variant")
                .is_some_and(|o| o.vars.iter().any(|v| v == &setup.variant));
            if !supported {
                return Err(PlayerError::Protocol(format!(
                    "{} does not list variant {} in UCI_Variant",
                    self.name, setup.variant
                )));
            }
            self.send(&format!(
                "setoption name UCI_Variant value {}",
                setup.variant
            ))?;
        }
        self.send("ucinewgame")?;
        self.sync()
    }

    fn go(&mut self, request: &MoveRequest, deadline: Instant) -> Result<Reply, PlayerError> {
        let mut position = match &request.fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        self.send(&position)?;
        let inc = millis(request.increment);
        self.send(&format!(
            "go wtime {} btime {} winc {inc} binc {inc}",
            millis(request.white_time),
            millis(request.black_time)
        ))?;
        self.searching = true;
        match self
            .process
            .read_until(deadline, |l| l.starts_with("bestmove"), |_| {})
        {
            Ok(line) => {
                self.searching = false;
                match line.split_whitespace().nth(1) {
                    None => Ok(Reply::NoMove(line.clone())),
                    Some("(none)") => Ok(Reply::NoMove(line.clone())),
                    Some(mv) => Ok(Reply::Move(mv.to_string())),
                }
            }
            Err(ReadError::Timeout) => {
                // Ask for the move now; its late `bestmove` is dropped by the next sync.
                self.send("stop")?;
                Err(PlayerError::Timeout)
            }
            Err(ReadError::Closed) => Err(self.disconnected("exited during its move")),
        }
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {
        if self.searching {
            let _ = self.send("stop");
        }
    }

    fn is_healthy(&self) -> bool {
        self.healthy
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}
