//! `menagerie match`: two engines play each other with this program as referee.
//!
//! Each `--engine` is an external command speaking UCI or CECP (detected, or forced with `uci:` /
//! `xboard:`), or `self[:NAME=VALUE,...]` for this engine in-process; `--engine-option N:NAME=VALUE`
//! sets an option of engine N. Games are played in pairs from the same opening with colours
//! swapped: the variant's built-in book (benches/openings/), `--openings FILE` (EPD or PGN) or
//! none, in sequence or shuffled, plus optional random plies (seeded, so a match can be replayed).
//! Every move is checked by our rules; games end by rule, by adjudication (the move limit, or the
//! engines' scores with `--resign` / `--draw`), or by forfeit: an illegal move, a loss on time or a
//! crash scores the game to the opponent. With `--sprt` the match is a sequential test on the pairs
//! (pentanomial) and stops when it decides. Progress goes to stdout, the games to `--pgn`, logs
//! (every protocol line at `RUST_LOG=debug`) to stderr.
//!
//! Files: `player.rs` (the `Player` trait, the `--engine` and `--engine-option` syntax), `uci.rs`,
//! `cecp.rs`, `selfplay.rs` (the players), `process.rs` (engine processes), `referee.rs` (one
//! game), `adjudicate.rs`, `book.rs` and
//! `opening.rs` (where games start), `resume.rs` (going on from a stopped match's PGN), `pgn.rs`, `elo.rs`, `sprt.rs`, `progress.rs` (the score as
//! games finish); `spsa.rs` (the `spsa` command, which plays many small matches).

pub mod adjudicate;
pub mod book;
pub mod cecp;
pub mod elo;
pub mod opening;
pub mod pgn;
pub mod player;
pub mod process;
pub mod progress;
pub mod referee;
pub mod resume;
pub mod selfplay;
pub mod sprt;
pub mod spsa;
pub mod start;
pub mod uci;

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;

use crate::game::AnyGame;
use crate::variants::{self, AnyVariant};
use adjudicate::{DrawRule, ResignRule};
use opening::{OpeningOrder, OpeningPlan, PairStart};
use pgn::PgnContext;
use player::{CommonOptions, EngineOption, EngineSpec, GameSetup, Player};
use progress::Progress;
use referee::{Fixture, GameRecord, GameRules};
use resume::{Expected, Resumed};
use sprt::SprtParams;
use start::start_player;

/// Games played under `--sprt` when `--games` does not say: far more than any test needs.
const SPRT_GAMES: usize = 1_000_000;

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
    /// An option for engine N (1 or 2, its place among the `--engine`s), sent after the handshake
    /// (UCI `setoption name NAME value VALUE`, CECP `option NAME=VALUE`); repeatable. The engine
    /// must list the option. Example: `--engine-option 2:UCI_LimitStrength=true`.
    #[arg(long = "engine-option", value_name = "N:NAME=VALUE")]
    pub engine_options: Vec<String>,
    /// Number of games (default 2; with `--sprt`, until the test decides).
    #[arg(long)]
    pub games: Option<usize>,
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
    /// Where games start: `book` (the variant's built-in book, the default unless `--fen` is
    /// given), an EPD or PGN file, or `none` (the start position or `--fen`). Each opening is
    /// played twice, colours swapped.
    #[arg(long)]
    pub openings: Option<String>,
    /// The order of the book's openings.
    #[arg(long, value_enum, default_value_t = OpeningOrder::Sequential)]
    pub openings_order: OpeningOrder,
    /// The opening to begin with (1 = the book's first; in random order, the first of the
    /// shuffled sequence).
    #[arg(long, default_value_t = 1)]
    pub openings_start: usize,
    /// Random plies played after the opening before the engines take over (the same for both
    /// games of a pair).
    #[arg(long, default_value_t = 0)]
    pub openings_plies: u32,
    /// Seed of the random order and plies (default: from the clock; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Adjudicate a draw after this many plies (0: never).
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Resign adjudication: a side loses when its engine scored its last N moves at or below -CP
    /// (and, with twosided=true, the default, its opponent's engine its last N at or above +CP).
    #[arg(long, value_name = "movecount=N,score=CP[,twosided=BOOL]")]
    pub resign: Option<String>,
    /// Draw adjudication: after move M, when both engines scored their last N moves within CP of 0.
    #[arg(long, value_name = "movenumber=M,movecount=N,score=CP")]
    pub draw: Option<String>,
    /// Sequential probability ratio test on game pairs (pentanomial): stop when the log-likelihood
    /// ratio leaves Wald's bounds.
    #[arg(
        long,
        value_name = "elo0=A,elo1=B,alpha=X,beta=Y[,model=logistic|normalized]"
    )]
    pub sprt: Option<String>,
    /// Fixed part of the time grace in ms (a move may overrun the clock by this plus 10% of the
    /// time left).
    #[arg(long, default_value_t = 100)]
    pub grace_ms: u64,
    /// Go on with the match recorded in `--pgn` (stopped before it ended): the games there are
    /// counted, not played again, and the missing ones are played. Give the same arguments as
    /// the first run (the seed above all: it was printed).
    #[arg(long, requires = "pgn")]
    pub resume: bool,
    /// Start FEN instead of the variant's start position (no book unless `--openings` names one).
    #[arg(long)]
    pub fen: Option<String>,
    /// Print nothing (a caller that plays many small matches, `spsa`, reports for itself).
    #[arg(skip)]
    pub quiet: bool,
}

/// The longest base time or increment `--tc` takes (over 115 days).
const MAX_TC_SECONDS: f64 = 1e7;

/// Reads `SECONDS+INC` or `SECONDS` (fractions allowed).
pub fn parse_time_control(text: &str) -> Result<(Duration, Duration), String> {
    let seconds = |s: &str| -> Result<Duration, String> {
        let v: f64 = s.trim().parse().map_err(|_| {
            format!(
                "time control '{}': '{}' is not a number of seconds",
                crate::text::quoted(text),
                crate::text::quoted(s)
            )
        })?;
        if !(0.0..=MAX_TC_SECONDS).contains(&v) {
            return Err(format!(
                "time control '{}': '{}' is not between 0 and {MAX_TC_SECONDS} seconds",
                crate::text::quoted(text),
                crate::text::quoted(s.trim())
            ));
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
    /// `--engine-option`s of each engine, in the order given.
    options: [Vec<(String, String)>; 2],
    common: CommonOptions,
    rules: GameRules,
    base: Duration,
    increment: Duration,
    games: usize,
    openings: OpeningPlan,
    /// Where the openings come from, for the first line of the output.
    openings_label: String,
    seed: u64,
    sprt: Option<SprtParams>,
}

enum Event {
    /// A finished game, and the score after it.
    Game(Box<GameRecord>, Box<Scored>),
    Fatal(String),
}

/// The score as a worker left it after counting its game (workers count under a lock, so that a
/// decided test stops the next game before it starts).
struct Scored {
    progress: Progress,
    pair_done: bool,
    decided_now: bool,
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    /// The engines' names, the first (the one scored for) first.
    pub names: [String; 2],
    pub progress: Progress,
    /// Every game, in the order they finished.
    pub records: Vec<GameRecord>,
}

impl MatchSummary {
    /// Wins, losses and draws of the first engine.
    pub fn tally(&self) -> elo::Tally {
        self.progress.tally
    }

    /// Games aborted by an error and not scored.
    pub fn aborted(&self) -> usize {
        self.progress.aborted
    }
}

/// Runs the match, printing progress and the final score; Err for a setup failure or an engine
/// that cannot play at all.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    play_match(args).map(|_| ())
}

/// [`run`], returning the games and the score.
pub fn play_match(args: &MatchArgs) -> Result<MatchSummary, String> {
    macro_rules! say {
        ($($t:tt)*) => {
            if !args.quiet {
                crate::outln!($($t)*);
            }
        };
    }
    let plan = Arc::new(make_plan(args)?);
    let concurrency = args.concurrency.clamp(1, plan.games);
    say!(
        "Match: {} games of {} at {}, openings: {}, seed {}, concurrency {}",
        plan.games,
        plan.variant.name(),
        pgn::time_control_tag(plan.base, plan.increment),
        plan.openings_label,
        plan.seed,
        concurrency
    );
    if let Some(params) = &plan.sprt {
        let (lower, upper) = params.bounds();
        say!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {} ({:?} Elo), LLR bounds ({lower:.2}, {upper:.2})",
            params.elo0,
            params.elo1,
            params.alpha,
            params.beta,
            params.model
        );
    }
    let ctx = PgnContext {
        event: "menagerie match".to_string(),
        site: "?".to_string(),
        date: pgn::today(),
        variant: plan.variant.name().to_string(),
        time_control: pgn::time_control_tag(plan.base, plan.increment),
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

    let mut start = Progress::new(plan.sprt);
    let resumed = match (&args.pgn, args.resume) {
        (Some(path), true) => {
            let expected = Expected {
                variant: plan.variant.name(),
                time_control: &ctx.time_control,
                games: plan.games,
                openings: &plan.openings,
            };
            let resumed = Resumed::load(path, &expected)?;
            resumed.progress(&mut start);
            say!(
                "Resumed: {} games from {}{}",
                resumed.points.len(),
                path.display(),
                if resumed.aborted > 0 {
                    format!(" ({} aborted, to be played again)", resumed.aborted)
                } else {
                    String::new()
                }
            );
            if start.games > 0 {
                say!("{}", start.pair_line());
            }
            resumed
        }
        _ => Resumed::default(),
    };
    let shared = Arc::new(Shared {
        next_game: AtomicUsize::new(0),
        stop: AtomicBool::new(start.decided()),
        progress: Mutex::new(start.clone()),
        resumed,
    });
    let (events, inbox) = channel();
    let mut workers = Vec::new();
    for w in 0..concurrency {
        let (plan, shared, events) = (Arc::clone(&plan), Arc::clone(&shared), events.clone());
        let handle = thread::Builder::new()
            .name(format!("match worker {w}"))
            .stack_size(64 << 20)
            .spawn(move || worker(&plan, &shared, &events))
            .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        workers.push(handle);
    }
    drop(events);

    let mut summary = MatchSummary {
        names: [plan.specs[0].label(), plan.specs[1].label()],
        progress: start,
        records: Vec::new(),
    };
    let mut fatal = None;
    for event in inbox {
        let (record, scored) = match event {
            Event::Game(record, scored) => (*record, *scored),
            Event::Fatal(e) => {
                shared.stop.store(true, Ordering::Relaxed);
                fatal.get_or_insert(e);
                continue;
            }
        };
        summary.names = if record.first_is_white {
            [record.white.clone(), record.black.clone()]
        } else {
            [record.black.clone(), record.white.clone()]
        };
        summary.progress = scored.progress;
        say!(
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
        say!("{}", score_line(&summary));
        if scored.pair_done
            && plan.sprt.is_some()
            && (scored.decided_now || !summary.progress.decided())
        {
            say!("{}", summary.progress.pair_line());
        }
        if scored.decided_now {
            // Games under way finish and are recorded; no new one starts.
            say!("{}", summary.progress.sprt_line().unwrap_or_default());
        }
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
    say!("Finished match");
    say!("{}", score_line(&summary));
    for line in summary.progress.final_lines() {
        say!("{line}");
    }
    Ok(summary)
}

/// `Score of A vs B: W-L-D [0.625] 8 games`.
fn score_line(summary: &MatchSummary) -> String {
    let [first, second] = &summary.names;
    let p = &summary.progress;
    let t = &p.tally;
    let mut line = format!(
        "Score of {first} vs {second}: {}-{}-{} [{:.3}] {} games",
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        p.games
    );
    if p.aborted > 0 {
        line.push_str(&format!(" ({} aborted, not scored)", p.aborted));
    }
    line
}

/// The openings of a match and a label for them: `--openings` (a file, `book` or `none`), else the
/// variant's built-in book, or no book at all when `--fen` gives the start.
fn load_openings(
    args: &MatchArgs,
    variant: AnyVariant,
) -> Result<(Vec<book::BookEntry>, String), String> {
    let builtin = || -> Result<(Vec<book::BookEntry>, String), String> {
        let text = book::builtin(variant.name())
            .ok_or_else(|| format!("no built-in book for {}", variant.name()))?;
        let entries = book::parse(text, book::BookFormat::Epd, variant)
            .map_err(|e| format!("the built-in book of {}: {e}", variant.name()))?;
        let label = format!(
            "built-in book benches/openings/{}.epd ({} positions)",
            variant.name(),
            entries.len()
        );
        Ok((entries, label))
    };
    match (args.openings.as_deref(), &args.fen) {
        (Some("none"), Some(fen)) | (None, Some(fen)) => Ok((Vec::new(), format!("FEN {fen}"))),
        (Some("none"), None) => Ok((Vec::new(), "the start position".to_string())),
        (Some("book"), None) | (None, None) => builtin(),
        (Some(_), Some(_)) => Err(
            "--fen and --openings both give the start position: give one (or --openings none)"
                .to_string(),
        ),
        (Some(file), None) => {
            let entries = book::load(Path::new(file), variant)?;
            let label = format!("{file} ({} positions)", entries.len());
            Ok((entries, label))
        }
    }
}

fn make_plan(args: &MatchArgs) -> Result<Plan, String> {
    let [first, second] = args.engines.as_slice() else {
        return Err(format!(
            "give --engine exactly twice (got {})",
            args.engines.len()
        ));
    };
    let specs = [EngineSpec::parse(first)?, EngineSpec::parse(second)?];
    let mut options: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    for text in &args.engine_options {
        let option = EngineOption::parse(text)?;
        options[option.slot].push((option.name, option.value));
    }
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    let fen = match &args.fen {
        Some(f) => {
            AnyGame::new(variant, Some(f))?;
            Some(f.trim().to_string())
        }
        None => None,
    };
    let sprt = args.sprt.as_deref().map(SprtParams::parse).transpose()?;
    let games = match (args.games, sprt) {
        (Some(0), _) => return Err("--games must be at least 1".to_string()),
        (Some(n), _) => n,
        (None, Some(_)) => SPRT_GAMES,
        (None, None) => 2,
    };
    let (base, increment) = parse_time_control(&args.tc)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let (entries, mut openings_label) = load_openings(args, variant)?;
    if args.openings_start == 0 {
        return Err("--openings-start counts from 1".to_string());
    }
    if !entries.is_empty() {
        openings_label.push_str(&format!(
            ", {} from {}",
            match args.openings_order {
                OpeningOrder::Sequential => "sequential",
                OpeningOrder::Random => "random",
            },
            args.openings_start
        ));
    }
    if args.openings_plies > 0 {
        openings_label.push_str(&format!(", then {} random plies", args.openings_plies));
    }
    let openings = OpeningPlan::new(
        variant,
        entries,
        fen,
        args.openings_order,
        args.openings_start - 1,
        args.openings_plies,
        seed,
    );
    Ok(Plan {
        variant,
        specs,
        options,
        common: CommonOptions {
            threads: args.threads,
            hash_mb: args.hash,
        },
        rules: GameRules {
            max_plies: args.max_plies,
            grace: Duration::from_millis(args.grace_ms),
            resign: args.resign.as_deref().map(ResignRule::parse).transpose()?,
            draw: args.draw.as_deref().map(DrawRule::parse).transpose()?,
        },
        base,
        increment,
        games,
        openings,
        openings_label,
        seed,
        sprt,
    })
}

/// What the workers share.
struct Shared {
    next_game: AtomicUsize,
    /// Set on a fatal error or when the SPRT decides: no new game starts.
    stop: AtomicBool,
    progress: Mutex<Progress>,
    /// Games already played in an earlier run (`--resume`).
    resumed: Resumed,
}

/// Counts a finished game (index 0-based) and sends it to the main thread with the score after it;
/// false when the main thread is gone.
fn report(shared: &Shared, index: usize, record: GameRecord, events: &Sender<Event>) -> bool {
    let mut progress = shared.progress.lock().unwrap_or_else(|e| e.into_inner());
    let was_decided = progress.decided();
    let pair_done = progress.add(index, record.first_points());
    let decided_now = progress.decided() && !was_decided;
    if decided_now {
        shared.stop.store(true, Ordering::Relaxed);
    }
    let scored = Scored {
        progress: progress.clone(),
        pair_done,
        decided_now,
    };
    // Sent under the lock, so the main thread sees the games in the order they were counted.
    events
        .send(Event::Game(Box::new(record), Box::new(scored)))
        .is_ok()
}

/// Plays games until none are left: takes the next game number, starts (or restarts) its two
/// engines when needed, and sends each record to the main thread.
fn worker(plan: &Plan, shared: &Shared, events: &Sender<Event>) {
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    // Openings are computed once per pair; a worker usually plays both games of a pair.
    let mut cached: Option<(u64, PairStart)> = None;
    while !shared.stop.load(Ordering::Relaxed) {
        let index = shared.next_game.fetch_add(1, Ordering::Relaxed);
        if index >= plan.games {
            break;
        }
        if shared.resumed.has(index) {
            continue;
        }
        for (slot, player) in players.iter_mut().enumerate() {
            if player.as_ref().is_some_and(|p| p.is_healthy()) {
                continue;
            }
            *player = None; // the old process goes before its replacement starts
            match start_player(&plan.specs[slot], &plan.common, &plan.options[slot], slot) {
                Ok(p) => *player = Some(p),
                Err(e) => {
                    let _ = events.send(Event::Fatal(format!("engine {}: {e}", slot + 1)));
                    return;
                }
            }
        }
        let pair = (index / 2) as u64;
        let start = match &cached {
            Some((p, start)) if *p == pair => start.clone(),
            _ => {
                let start = plan.openings.pair(pair);
                cached = Some((pair, start.clone()));
                start
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
        let game = match AnyGame::new(plan.variant, start.fen.as_deref()) {
            Ok(g) => g,
            Err(e) => {
                let _ = events.send(Event::Fatal(e));
                return;
            }
        };
        let fixture = Fixture {
            setup: GameSetup {
                variant: plan.variant.name().to_string(),
                fen: start.fen,
                base: plan.base,
                increment: plan.increment,
            },
            opening: start.moves,
            round: index + 1,
            first_is_white,
            names,
        };
        match referee::play_game(&plan.rules, &fixture, game, seats) {
            Ok(record) => {
                if !report(shared, index, record, events) {
                    return;
                }
            }
            Err(e) => {
                let _ = events.send(Event::Fatal(e));
                return;
            }
        }
    }
}
