//! `menagerie match`: two engines play each other with this program as referee.
//!
//! Each `--engine` is an external command speaking UCI or CECP (detected, or forced with `uci:` /
//! `xboard:`), or `self[:NAME=VALUE,...]` for this engine in-process. Colours alternate; games
//! 2k and 2k+1 start from the same random opening of `--openings-plies` plies (seeded, so a match
//! can be replayed). Every move is checked by our rules; games end by rule, by the move limit (a
//! draw), or by forfeit: an illegal move, a loss on time or a crash scores the game to the
//! opponent. Progress goes to stdout, the games to `--pgn`, logs (every protocol line at
//! `RUST_LOG=debug`) to stderr.
//!
//! Files: `player.rs` (the `Player` trait and the `--engine` syntax), `uci.rs`, `cecp.rs`,
//! `selfplay.rs` (the players), `process.rs` (engine processes), `referee.rs` (one game),
//! `rules.rs` (our rules without the bitboard type), `opening.rs`, `pgn.rs`, `elo.rs`.

pub mod book;
pub mod cecp;
pub mod elo;
pub mod opening;
pub mod pgn;
pub mod player;
pub mod process;
pub mod referee;
pub mod rules;
pub mod selfplay;
pub mod sprt;
pub mod uci;

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;

use crate::variants::{self, AnyVariant};
use elo::Tally;
use pgn::PgnContext;
use player::{CommonOptions, EngineSpec, GameSetup, Player, start_player};
use referee::{GameRecord, GameRules};

/// The `match` subcommand's arguments.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Variant name (see `menagerie variants`).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// An engine, given twice: `CMD` (UCI or CECP, detected), `uci:CMD`, `xboard:CMD`, or
    /// `self` / `self:Hash=64,Threads=1` for this engine in-process. The first is the one the
    /// score is counted for.
    #[arg(long = "engine", required = true, allow_hyphen_values = true)]
    pub engines: Vec<String>,
    /// Number of games.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control per side: SECONDS+INCREMENT (`10+0.1`) or SECONDS.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Search threads for each engine (UCI `Threads`, CECP `cores`).
    #[arg(long)]
    pub threads: Option<u32>,
    /// Hash table size in MB for each engine (UCI `Hash`, CECP `memory`).
    #[arg(long)]
    pub hash: Option<u32>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Random plies played before the engines take over (the same for both games of a pair).
    #[arg(long, default_value_t = 0)]
    pub openings_plies: u32,
    /// Seed of the random openings (default: from the clock; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Adjudicate a draw after this many plies (0: never).
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Fixed part of the time grace in ms (a move may overrun the clock by this plus 10% of the
    /// time left).
    #[arg(long, default_value_t = 100)]
    pub grace_ms: u64,
    /// Start FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
}

/// Reads `SECONDS+INC` or `SECONDS` (fractions allowed).
pub fn parse_time_control(text: &str) -> Result<(Duration, Duration), String> {
    let seconds = |s: &str| -> Result<Duration, String> {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("time control '{text}': '{s}' is not a number of seconds"))?;
        if !(0.0..=1e7).contains(&v) {
            return Err(format!("time control '{text}': {v} is out of range"));
        }
        Ok(Duration::from_secs_f64(v))
    };
    let (base, inc) = match text.split_once('+') {
        Some((b, i)) => (seconds(b)?, seconds(i)?),
        None => (seconds(text)?, Duration::ZERO),
    };
    if base.is_zero() && inc.is_zero() {
        return Err(format!("time control '{text}' gives no time"));
    }
    Ok((base, inc))
}

/// Everything a worker needs, shared by all of them.
struct Plan {
    variant: AnyVariant,
    specs: [EngineSpec; 2],
    common: CommonOptions,
    rules: GameRules,
    games: usize,
    openings_plies: u32,
    seed: u64,
}

enum Event {
    Game(Box<GameRecord>),
    Fatal(String),
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    /// The engines' names, the first (the one scored for) first.
    pub names: [String; 2],
    pub tally: Tally,
    /// Games aborted by an error and not scored.
    pub aborted: usize,
    /// Every game, in the order they finished.
    pub records: Vec<GameRecord>,
}

/// Runs the match, printing progress and the final score; Err for a setup failure or an engine
/// that cannot play at all.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    play_match(args).map(|_| ())
}

/// [`run`], returning the games and the score.
pub fn play_match(args: &MatchArgs) -> Result<MatchSummary, String> {
    let plan = Arc::new(make_plan(args)?);
    let concurrency = args.concurrency.clamp(1, plan.games);
    println!(
        "Match: {} games of {} at {}, openings of {} plies, seed {}, concurrency {}",
        plan.games,
        plan.variant.name(),
        pgn::time_control_tag(plan.rules.setup.base, plan.rules.setup.increment),
        plan.openings_plies,
        plan.seed,
        concurrency
    );
    let ctx = PgnContext {
        event: "menagerie match".to_string(),
        site: "?".to_string(),
        date: pgn::today(),
        variant: plan.variant.name().to_string(),
        fen: plan.rules.setup.fen.clone(),
        time_control: pgn::time_control_tag(plan.rules.setup.base, plan.rules.setup.increment),
    };
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };

    let next_game = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (events, inbox) = channel();
    let mut workers = Vec::new();
    for w in 0..concurrency {
        let (plan, next_game, stop, events) = (
            Arc::clone(&plan),
            Arc::clone(&next_game),
            Arc::clone(&stop),
            events.clone(),
        );
        let handle = thread::Builder::new()
            .name(format!("match worker {w}"))
            .stack_size(64 << 20)
            .spawn(move || worker(&plan, &next_game, &stop, &events))
            .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        workers.push(handle);
    }
    drop(events);

    let mut summary = MatchSummary {
        names: [plan.specs[0].label(), plan.specs[1].label()],
        tally: Tally::default(),
        aborted: 0,
        records: Vec::new(),
    };
    let mut fatal = None;
    for event in inbox {
        let record = match event {
            Event::Game(record) => *record,
            Event::Fatal(e) => {
                stop.store(true, Ordering::Relaxed);
                fatal.get_or_insert(e);
                continue;
            }
        };
        summary.names = if record.first_is_white {
            [record.white.clone(), record.black.clone()]
        } else {
            [record.black.clone(), record.white.clone()]
        };
        match record.first_points() {
            Some(points) => summary.tally.add(points),
            None => summary.aborted += 1,
        }
        println!(
            "Game {}/{} ({} vs {}): {} {{{}}} after {} plies",
            record.round,
            plan.games,
            record.white,
            record.black,
            record.result.pgn(),
            record.reason,
            record.moves.len()
        );
        summary.records.push(record);
        println!("{}", score_line(&summary));
        if let Some(file) = pgn_file.as_mut() {
            let text = pgn::game_pgn(&ctx, summary.records.last().expect("just pushed"));
            file.write_all(text.as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write the PGN: {e}"))?;
        }
    }
    for handle in workers {
        let _ = handle.join();
    }
    if let Some(e) = fatal {
        return Err(e);
    }
    println!("Finished match");
    println!("{}", score_line(&summary));
    println!("Elo difference: {} (95%)", summary.tally.elo());
    Ok(summary)
}

/// `Score of A vs B: W-L-D [0.625] 8 games`.
fn score_line(summary: &MatchSummary) -> String {
    let [first, second] = &summary.names;
    let t = &summary.tally;
    let mut line = format!(
        "Score of {first} vs {second}: {}-{}-{} [{:.3}] {} games",
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        summary.records.len()
    );
    if summary.aborted > 0 {
        line.push_str(&format!(" ({} aborted, not scored)", summary.aborted));
    }
    line
}

fn make_plan(args: &MatchArgs) -> Result<Plan, String> {
    let [first, second] = args.engines.as_slice() else {
        return Err(format!(
            "give --engine exactly twice (got {})",
            args.engines.len()
        ));
    };
    let specs = [EngineSpec::parse(first)?, EngineSpec::parse(second)?];
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    let fen = match &args.fen {
        Some(f) => {
            rules::new_game(variant, Some(f))?;
            Some(f.trim().to_string())
        }
        None => None,
    };
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let (base, increment) = parse_time_control(&args.tc)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    Ok(Plan {
        variant,
        specs,
        common: CommonOptions {
            threads: args.threads,
            hash_mb: args.hash,
        },
        rules: GameRules {
            setup: GameSetup {
                variant: variant.name().to_string(),
                fen,
                base,
                increment,
            },
            max_plies: args.max_plies,
            grace: Duration::from_millis(args.grace_ms),
        },
        games: args.games,
        openings_plies: args.openings_plies,
        seed,
    })
}

/// Plays games until none are left: takes the next game number, starts (or restarts) its two
/// engines when needed, and sends each record to the main thread.
fn worker(plan: &Plan, next_game: &AtomicUsize, stop: &AtomicBool, events: &Sender<Event>) {
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    // Openings are computed once per pair; a worker usually plays both games of a pair.
    let mut cached_opening: Option<(u64, Vec<String>)> = None;
    while !stop.load(Ordering::Relaxed) {
        let index = next_game.fetch_add(1, Ordering::Relaxed);
        if index >= plan.games {
            break;
        }
        for (slot, player) in players.iter_mut().enumerate() {
            if player.as_ref().is_some_and(|p| p.is_healthy()) {
                continue;
            }
            *player = None; // the old process goes before its replacement starts
            match start_player(&plan.specs[slot], &plan.common, slot) {
                Ok(p) => *player = Some(p),
                Err(e) => {
                    let _ = events.send(Event::Fatal(format!("engine {}: {e}", slot + 1)));
                    return;
                }
            }
        }
        let pair = (index / 2) as u64;
        let opening = match &cached_opening {
            Some((p, line)) if *p == pair => line.clone(),
            _ => {
                let fen = plan.rules.setup.fen.as_deref();
                let fresh = || rules::new_game(plan.variant, fen).expect("checked FEN");
                let line = opening::random_opening(&fresh, plan.seed, pair, plan.openings_plies);
                cached_opening = Some((pair, line.clone()));
                line
            }
        };
        let first_is_white = index.is_multiple_of(2);
        let [a, b] = &mut players;
        let (a, b) = (
            a.as_deref_mut().expect("started"),
            b.as_deref_mut().expect("started"),
        );
        let mut names = [a.name(), b.name()];
        if names[0] == names[1] {
            names = [format!("{} #1", names[0]), format!("{} #2", names[1])];
        }
        let (seats, names): ([&mut dyn Player; 2], _) = if first_is_white {
            ([a, b], names)
        } else {
            let [n1, n2] = names;
            ([b, a], [n2, n1])
        };
        let game = match rules::new_game(plan.variant, plan.rules.setup.fen.as_deref()) {
            Ok(g) => g,
            Err(e) => {
                let _ = events.send(Event::Fatal(e));
                return;
            }
        };
        let outcome = referee::play_game(
            &plan.rules,
            game,
            &opening,
            seats,
            names,
            index + 1,
            first_is_white,
        );
        let event = match outcome {
            Ok(record) => Event::Game(Box::new(record)),
            Err(e) => Event::Fatal(e),
        };
        let fatal = matches!(event, Event::Fatal(_));
        if events.send(event).is_err() || fatal {
            return;
        }
    }
}
