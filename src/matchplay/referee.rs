//! One game between two players with this program as referee: the clocks, every move checked by
//! our rules, and the end of the game by rule, adjudication, forfeit or error.
//!
//! Clocks are wall-clock time measured around each request, so protocol overhead counts against
//! the mover, as it does with a GUI. A move is on time when the time used is at most the time left
//! plus a grace of `grace + 10%` of the time left (the fixed part covers process scheduling on a
//! loaded machine, the proportional part keeps slow starts on long clocks from being flagged for
//! milliseconds). A move inside the grace leaves the clock at zero, before the increment.

use std::time::{Duration, Instant};

use super::adjudicate::{Adjudicator, Decision, DrawRule, ResignRule};
use super::player::{Eval, GameSetup, MoveRequest, Player, PlayerError, Reply};
use crate::board::Color;
use crate::game::AnyGame;

/// What the referee decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Not scored: an error that is neither side's fault by the rules (a refused relay).
    Aborted,
}

impl GameResult {
    pub fn pgn(&self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Aborted => "*",
        }
    }

    fn win_for(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// The PGN `Termination` values used (PGN standard §9.8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Mate, stalemate, a draw by rule, or a resignation.
    Normal,
    /// The move limit, or the engines' scores (`--resign`, `--draw`).
    Adjudication,
    TimeForfeit,
    /// An illegal move, or no move where one was due.
    RulesInfraction,
    /// An engine exited or stopped answering the protocol; scored to its opponent.
    Abandoned,
    /// The game could not go on for a reason that is no side's fault; not scored.
    Emergency,
}

impl Termination {
    pub fn pgn(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Emergency => "emergency",
        }
    }
}

/// Fixed for every game of a match.
#[derive(Clone, Debug, Default)]
pub struct GameRules {
    /// 0: no limit. Counted in plies from the start position, the opening included.
    pub max_plies: usize,
    /// The fixed part of the time grace.
    pub grace: Duration,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// One game to play: where it starts and who plays it.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The variant, the start FEN of this game and the clocks.
    pub setup: GameSetup,
    /// Moves played from the start before the engines take over (canonical strings).
    pub opening: Vec<String>,
    /// 1-based number in the match.
    pub round: usize,
    /// Whether the match's first engine has White.
    pub first_is_white: bool,
    /// `[white, black]`.
    pub names: [String; 2],
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based number in the match.
    pub round: usize,
    pub white: String,
    pub black: String,
    /// Whether the match's first engine had White.
    pub first_is_white: bool,
    pub result: GameResult,
    pub termination: Termination,
    /// A sentence for the PGN and the progress line (`White mates`, `Black loses on time`).
    pub reason: String,
    /// The start FEN when the game did not start from the variant's start position.
    pub start_fen: Option<String>,
    /// Canonical strings of every move, the opening first.
    pub moves: Vec<String>,
    pub opening_plies: usize,
    /// Thinking time of each move after the opening.
    pub times: Vec<Duration>,
    /// The engine's last score and depth for each move after the opening, when it gave them.
    pub evals: Vec<Option<Eval>>,
}

impl GameRecord {
    /// The first engine's points: 1, 0.5 or 0 (`None` when not scored).
    pub fn first_points(&self) -> Option<f64> {
        let white = match self.result {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Aborted => return None,
        };
        Some(if self.first_is_white {
            white
        } else {
            1.0 - white
        })
    }
}

/// The grace allowed beyond the time left (see the module comment).
pub fn grace_for(left: Duration, fixed: Duration) -> Duration {
    fixed + left / 10
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Plays one game. `players` are `[white, black]`; `game` is the referee's game at the fixture's
/// start position with nothing played. Err only for a failure that ends the match (an engine that
/// cannot play the variant or the start position).
pub fn play_game(
    rules: &GameRules,
    fixture: &Fixture,
    mut game: AnyGame,
    mut players: [&mut dyn Player; 2],
) -> Result<GameRecord, String> {
    let [white, black] = fixture.names.clone();
    let mut record = GameRecord {
        round: fixture.round,
        white,
        black,
        first_is_white: fixture.first_is_white,
        result: GameResult::Aborted,
        termination: Termination::Emergency,
        reason: String::new(),
        start_fen: fixture.setup.fen.clone(),
        moves: Vec::new(),
        opening_plies: fixture.opening.len(),
        times: Vec::new(),
        evals: Vec::new(),
    };
    for mv in &fixture.opening {
        let canonical = game
            .apply(mv)
            .map_err(|e| format!("opening move {mv}: {e}"))?;
        record.moves.push(canonical);
    }
    for (i, player) in players.iter_mut().enumerate() {
        match player.new_game(&fixture.setup) {
            Ok(()) => {}
            Err(PlayerError::Protocol(e)) => return Err(e),
            Err(e) => {
                record.reason = format!("{} could not start the game: {e}", record_name(i));
                finish(&mut players, &record);
                return Ok(record);
            }
        }
    }
    let (result, termination, reason) =
        run_moves(rules, &fixture.setup, &mut game, &mut players, &mut record);
    record.result = result;
    record.termination = termination;
    record.reason = reason;
    finish(&mut players, &record);
    Ok(record)
}

fn record_name(index: usize) -> &'static str {
    if index == 0 { "White" } else { "Black" }
}

fn finish(players: &mut [&mut dyn Player; 2], record: &GameRecord) {
    for p in players.iter_mut() {
        p.game_over(record.result.pgn(), &record.reason);
    }
}

/// The move loop; returns how the game ended.
fn run_moves(
    rules: &GameRules,
    setup: &GameSetup,
    game: &mut AnyGame,
    players: &mut [&mut dyn Player; 2],
    record: &mut GameRecord,
) -> (GameResult, Termination, String) {
    let mut clocks = [setup.base, setup.base];
    let mut adjudicator = Adjudicator::new(rules.resign, rules.draw);
    let mut decision = None;
    loop {
        // The rules come first: a move that mates is not a resignation.
        if let Some(outcome) = game.outcome() {
            let result = match outcome.result() {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                _ => GameResult::Draw,
            };
            return (result, Termination::Normal, outcome.reason().to_string());
        }
        match decision.take() {
            Some(Decision::Loss(side, reason)) => {
                let result = GameResult::win_for(side.flip());
                return (result, Termination::Adjudication, reason);
            }
            Some(Decision::Draw(reason)) => {
                return (GameResult::Draw, Termination::Adjudication, reason);
            }
            None => {}
        }
        if rules.max_plies > 0 && record.moves.len() >= rules.max_plies {
            let reason = format!("Draw by the move limit of {} plies", rules.max_plies);
            return (GameResult::Draw, Termination::Adjudication, reason);
        }
        let side = game.side_to_move();
        let who = side_name(side);
        let loss = GameResult::win_for(side.flip());
        let request = MoveRequest {
            side,
            fen: setup.fen.as_deref(),
            moves: &record.moves,
            white_time: clocks[0],
            black_time: clocks[1],
            increment: setup.increment,
        };
        let left = clocks[side.index()];
        let allowed = left + grace_for(left, rules.grace);
        let started = Instant::now();
        let reply = players[side.index()].go(&request, started + allowed);
        let used = started.elapsed();
        let (mv, eval) = match reply {
            Ok(Reply::Move(mv, eval)) => (mv, eval),
            Ok(Reply::Resign) => return (loss, Termination::Normal, format!("{who} resigns")),
            Ok(Reply::NoMove(what)) => {
                let reason = format!("{who} makes no move: {what}");
                return (loss, Termination::RulesInfraction, reason);
            }
            Err(PlayerError::Timeout) => {
                let reason = format!("{who} loses on time (no move within {allowed:.2?})");
                return (loss, Termination::TimeForfeit, reason);
            }
            Err(PlayerError::Disconnected(e)) => {
                let reason = format!("{who}'s engine disconnected ({e})");
                return (loss, Termination::Abandoned, reason);
            }
            Err(PlayerError::Refused(e)) => {
                let last = record.moves.last().map_or("(none)", String::as_str);
                let reason = format!("{who}'s engine refused a relayed move, last {last}: {e}");
                return (GameResult::Aborted, Termination::Emergency, reason);
            }
            Err(PlayerError::Protocol(e)) => {
                let reason = format!("{who}'s engine failed: {e}");
                return (GameResult::Aborted, Termination::Emergency, reason);
            }
        };
        if used > allowed {
            let reason = format!("{who} loses on time ({used:.2?} used, {left:.2?} left)");
            return (loss, Termination::TimeForfeit, reason);
        }
        match game.apply(&mv) {
            Ok(canonical) => record.moves.push(canonical),
            Err(e) => {
                let reason = format!("{who} plays an illegal move '{mv}' ({e})");
                return (loss, Termination::RulesInfraction, reason);
            }
        }
        record.times.push(used);
        record.evals.push(eval);
        decision = adjudicator.after_move(side, eval, record.moves.len());
        clocks[side.index()] = left.saturating_sub(used) + setup.increment;
    }
}
