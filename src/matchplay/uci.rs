//! A UCI engine as a player (PROTOCOL.md §7, §8.3): `uci`/`uciok` with the option list,
//! `UCI_Variant` for variants other than chess, `ucinewgame` and `isready` per game, and per move
//! `position ... moves ...` plus `go wtime btime winc binc`, answered by `bestmove` (the last
//! `info` score and depth go with the move). Options given with `--engine-option` are sent as
//! `setoption` after `uciok`, and must be ones the engine lists; the variant is checked against
//! the `UCI_Variant` list after them, asked for again if the options may have changed it.

use std::time::{Duration, Instant};

use super::player::{
    CommonOptions, Eval, GameSetup, HANDSHAKE, MoveRequest, Player, PlayerError, Reply, SYNC,
    StartError,
};
use super::process::{EngineProcess, ReadError};
use crate::search::Score;

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
    /// The option list is the one that holds after our `setoption`s: none were sent, or the
    /// engine was asked for its list again (`uci`) after them.
    relisted: bool,
    /// A `go` was sent whose `bestmove` has not been read (after a timeout).
    searching: bool,
    healthy: bool,
}

impl UciPlayer {
    /// Starts the engine and runs the handshake; fails (and kills it) unless `uciok` arrives
    /// within [`HANDSHAKE`] or the engine's first answers show it speaks something else. Then
    /// sets the common options the engine lists and every one of `settings`, which it must list.
    pub fn start(
        command: &str,
        label: &str,
        common: &CommonOptions,
        settings: &[(String, String)],
    ) -> Result<UciPlayer, StartError> {
        let mut process = EngineProcess::spawn(command, label).map_err(StartError::Setup)?;
        let (name, options) = read_option_list(&mut process, Instant::now() + HANDSHAKE)
            .map_err(StartError::Handshake)?;
        let mut player = UciPlayer {
            process,
            label: label.to_string(),
            name: name.unwrap_or_else(|| label.to_string()),
            options,
            relisted: settings.is_empty(),
            searching: false,
            healthy: true,
        };
        let setup = StartError::Setup;
        if let Some(threads) = common.threads {
            player
                .set_option_if_listed("Threads", &threads.to_string())
                .map_err(setup)?;
        }
        if let Some(hash) = common.hash_mb {
            player
                .set_option_if_listed("Hash", &hash.to_string())
                .map_err(setup)?;
        }
        for (name, value) in settings {
            player.set_listed_option(name, value).map_err(setup)?;
        }
        Ok(player)
    }

    /// `setoption` for an option the engine must list (by name, any case; sent in the engine's
    /// own spelling). A button takes no value.
    fn set_listed_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(option) = self.option(name) else {
            let listed: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
            return Err(format!(
                "{} has no UCI option '{name}' (it lists: {})",
                self.name,
                listed.join(", ")
            ));
        };
        let line = if value.is_empty() {
            format!("setoption name {}", option.name)
        } else {
            format!("setoption name {} value {value}", option.name)
        };
        self.process.send(&line)
    }

    fn option(&self, name: &str) -> Option<&UciOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn lists_variant(&self, variant: &str) -> bool {
        self.option("UCI_Variant")
            .is_some_and(|o| o.vars.iter().any(|v| v == variant))
    }

    /// Asks the engine for its option list again: a setting may have changed it (Fairy-Stockfish
    /// lists the variants of a `VariantPath` file only when asked after the file was loaded).
    fn relist(&mut self) -> Result<(), PlayerError> {
        self.relisted = true;
        self.sync()?;
        match read_option_list(&mut self.process, Instant::now() + HANDSHAKE) {
            Ok((_, options)) => {
                self.options = options;
                Ok(())
            }
            Err(e) => Err(PlayerError::Protocol(format!(
                "{}: asked for its options again: {e}",
                self.label
            ))),
        }
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
    /// What the engine says about the options and the variant before it (an `info string`
    /// with an error or a warning: a table it refused, a variant it does not fit) goes to stderr,
    /// since it can change what the match measures.
    /// An `option` line there (an engine that lists an option anew after a setting changed it)
    /// replaces the one of that name.
    fn sync(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        let label = self.label.clone();
        let mut relisted = Vec::new();
        let read = self.process.read_until(
            Instant::now() + SYNC,
            |l| l.trim() == "readyok",
            |l| {
                if l.starts_with("bestmove") {
                    log::debug!("{label}: dropping a late '{l}'");
                } else if let Some(rest) = l.trim().strip_prefix("option ") {
                    relisted.extend(parse_option(rest));
                } else if let Some(text) = l.trim().strip_prefix("info string ")
                    && (text.starts_with("error") || text.starts_with("warning"))
                {
                    log::warn!("{label}: {text}");
                }
            },
        );
        for option in relisted {
            self.options
                .retain(|o| !o.name.eq_ignore_ascii_case(&option.name));
            self.options.push(option);
        }
        match read {
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

/// Sends `uci` and reads the answer up to `uciok`: the engine's name and its options. Fails when
/// `uciok` does not come by `deadline` or the engine's first answers show it speaks something else.
fn read_option_list(
    process: &mut EngineProcess,
    deadline: Instant,
) -> Result<(Option<String>, Vec<UciOption>), String> {
    process.send("uci")?;
    let mut name = None;
    let mut options = Vec::new();
    loop {
        let line = match process.read_line(deadline) {
            Ok(line) => line,
            Err(ReadError::Timeout) => {
                return Err(format!("no uciok within {} s", HANDSHAKE.as_secs()));
            }
            Err(ReadError::Closed) => return Err("the engine exited".to_string()),
        };
        let line = line.trim();
        if line == "uciok" {
            return Ok((name, options));
        }
        if let Some(rest) = line.strip_prefix("id name ") {
            name = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("option ") {
            options.extend(parse_option(rest));
        } else if line.starts_with("Error") || line.starts_with("feature ") {
            // A CECP engine answering `uci` as an unknown command: no need to wait longer.
            return Err(format!("answered '{line}'"));
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

/// The depth and score of an `info` line of the principal variation (`None` for a line without
/// a score, or one of another `multipv` line).
pub fn parse_info(line: &str) -> Option<Eval> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut score) = (0, None);
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next()?.parse().ok()?,
            "multipv" if words.next()? != "1" => return None,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                score = match kind {
                    "cp" => Some(Score::Cp(value)),
                    "mate" => Some(Score::Mate(value)),
                    _ => return None,
                };
            }
            // The rest of the line is moves or free text.
            "pv" | "string" => break,
            _ => {}
        }
    }
    Some(Eval {
        score: score?,
        depth,
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
            if !self.lists_variant(&setup.variant) && !self.relisted {
                self.relist()?;
            }
            if !self.lists_variant(&setup.variant) {
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
        let mut last_eval = None;
        let read = self.process.read_until(
            deadline,
            |l| l.starts_with("bestmove"),
            |l| {
                if let Some(eval) = parse_info(l) {
                    last_eval = Some(eval);
                }
            },
        );
        match read {
            Ok(line) => {
                self.searching = false;
                match line.split_whitespace().nth(1) {
                    None => Ok(Reply::NoMove(line.clone())),
                    Some("(none)") => Ok(Reply::NoMove(line.clone())),
                    Some(mv) => Ok(Reply::Move(mv.to_string(), last_eval)),
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
