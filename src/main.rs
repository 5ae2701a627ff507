//! The `menagerie` command line: the protocols (no subcommand, `uci`, `xboard`), perft, bench,
//! analyze, match, replay, book and the variant list. Output goes to stdout; logs go to stderr
//! (`RUST_LOG=debug`).

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use menagerie::board::Bits;
use menagerie::notation::render;
use menagerie::perft::{PerftCache, divide, perft, perft_cached, perft_parallel};
use menagerie::position::Position;
use menagerie::variants::{self, GAMES, Variant};

#[derive(Parser)]
#[command(
    name = "menagerie",
    version,
    about = "A chess-variant engine: XBoard/CECP and UCI on stdin without a subcommand; perft, bench, analyze, epd, match, replay, book, datagen, train, tune, variants"
)]
struct Cli {
    /// Without a subcommand the engine speaks the protocol the first input line asks for (`uci`
    /// or `xboard`), as GUIs expect.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (move-generator test and benchmark).
    Perft {
        /// Variant name (see `menagerie variants`).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start FEN; the variant's start position if left out.
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Threads for the root split (1 = no split; at most 256).
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// Share the counts of transposed subtrees in a cache of this many MB (0 = none). Faster
        /// for deep counts; a cache hit trusts the 64-bit position key.
        #[arg(long, default_value_t = 0)]
        cache_mb: usize,
    },
    /// List the variants with one line each.
    Variants,
    /// Speak UCI on stdin/stdout.
    Uci,
    /// Speak CECP (the XBoard protocol) on stdin/stdout.
    Xboard,
    /// Search fixed positions of every variant to a fixed depth (one thread, 16 MB hash) and
    /// print the node count and speed.
    Bench {
        #[arg(long, default_value_t = 11)]
        depth: u32,
        /// A network the games it fits evaluate with (the EvalFile option).
        #[arg(long)]
        eval_file: Option<String>,
        /// Every game on the hand-written evaluation (the UseNetwork option off): the nodes per
        /// second to compare the networks' with.
        #[arg(long, conflicts_with = "eval_file")]
        hand_written: bool,
    },
    /// Play two engines against each other with menagerie as referee; writes PGN.
    Match(Box<menagerie::matchplay::MatchArgs>),
    /// Tune the search parameters (the SearchParams option) by SPSA: each iteration plays
    /// `--games` games (default 2) between the engine with the values nudged one way and the
    /// engine with them nudged the other, and moves them towards the winner. Give the same
    /// engine twice; the state file is rewritten every iteration and continued when it exists.
    Spsa(Box<menagerie::matchplay::spsa::SpsaArgs>),
    /// Replay the games of a PGN (written by `match`, by XBoard, or in SAN by other tools) with
    /// our rules: every move legal, each game that ended normally ended by rule; prints which
    /// special moves the games contain.
    Replay {
        /// The PGN file.
        pgn: String,
        /// Also print the position and move of every ply whose label contains this text (for
        /// example `2+` or `drop`).
        #[arg(long)]
        show: Option<String>,
    },
    /// Analyse a position: the board, one line per depth, the best move.
    Analyze {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start FEN; the variant's start position if left out.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the FEN before the analysis.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Search to this depth (instead of for a time).
        #[arg(long)]
        depth: Option<u32>,
        /// Seconds to think (default 5 when no depth is given).
        #[arg(long, value_parser = seconds_arg)]
        time: Option<f64>,
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        #[arg(long, default_value_t = 1)]
        multipv: usize,
    },
    /// Run a test suite: search each EPD record (`bm`, `am`, `dm N`, `bm #N`, `id`, and
    /// `variant V` for a record of another game) and print solved/total, what was played where
    /// the solution was missed, and the depth and time at which each solution was first found
    /// and kept. Moves in SAN or the engine's coordinates. Progress goes to stderr; the exit
    /// status is non-zero only for bad input (unsolved positions are results).
    Epd {
        /// The EPD file.
        file: std::path::PathBuf,
        /// The variant of records that name none.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Seconds a position (default 1 when no other limit is given).
        #[arg(long, value_parser = seconds_arg, conflicts_with_all = ["nodes", "depth"])]
        time: Option<f64>,
        /// Nodes a position.
        #[arg(long, conflicts_with = "depth")]
        nodes: Option<u64>,
        /// Depth a position.
        #[arg(long)]
        depth: Option<u32>,
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// Transposition table size in MB (cleared before each position).
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// An engine option, `NAME=VALUE` as the protocols name it (`SearchParams=...`,
        /// `EvalFile=...`, `UseNetwork=false`); repeatable.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Write an EPD of balanced openings: sane random lines from the start position, kept when a
    /// short fixed-node search scores the final position within the margin.
    Book {
        #[arg(long)]
        variant: String,
        /// Positions to write.
        #[arg(long)]
        count: usize,
        /// Random plies before the position is judged, `A-B` or `A` (default per variant: 6-9 on
        /// 8x8 boards, 8-11 for Pawnier and exciting9, 10-13 for the 11x11 Exciting games).
        #[arg(long)]
        plies: Option<String>,
        /// Keep a position when the search scores it within this many centipawns.
        #[arg(long, default_value_t = 80)]
        margin: i32,
        /// Nodes of the judging search (default per variant).
        #[arg(long)]
        nodes: Option<u64>,
        /// Seed of the random lines; the book depends on it alone, not on the threads.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// Write the EPD to this file instead of stdout.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Self-play from the variant's opening book at a fixed node budget, writing quiet positions
    /// with the game's result and the search's score (`FEN | SCORE | RESULT`, White's view) for
    /// `tune`, or packed records for a network's trainer (`--format bin`). Deterministic for a
    /// seed; an existing file is continued.
    Datagen {
        #[arg(long)]
        variant: String,
        /// Games in the file when done (those it holds count).
        #[arg(long)]
        games: u64,
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// The data file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Nodes a move (each move's budget varies by up to a fifth around it).
        #[arg(long, default_value_t = 8000)]
        nodes: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Transposition table of each game's engine, in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// A parameter table the engines play with (as the EvalParams option): data from a
        /// candidate evaluation's own games, for the next fit.
        #[arg(long)]
        eval_params: Option<std::path::PathBuf>,
        /// `text` (`FEN | SCORE | RESULT` lines, for `tune`) or `bin` (packed records, for
        /// `train`).
        #[arg(long, value_enum, default_value_t = commands::datagen::DataFormat::Text)]
        format: commands::datagen::DataFormat,
        /// Random legal moves played after the book's opening, before the engines play.
        #[arg(long, default_value_t = 0)]
        random_plies: u32,
        /// Make `--nodes` a soft budget: no iteration starts past it, so each move ends on a
        /// finished iteration (the hard limit is eight times it).
        #[arg(long)]
        soft_nodes: bool,
        /// A network the engines play with (the EvalFile option), for the next round's data;
        /// without it a game with a built-in network plays that.
        #[arg(long)]
        eval_file: Option<std::path::PathBuf>,
        /// The engines play the hand-written evaluation even where a network is built in (the
        /// UseNetwork option off).
        #[arg(long, conflicts_with = "eval_file")]
        hand_written: bool,
    },
    /// Train a network for the variant on `datagen --format bin` data (sparse passes, Adam, a
    /// stepped learning rate, every tenth game held out) and write it quantised. A checkpoint
    /// (OUT with the extension `.ckpt`) is written after every superbatch, and the network
    /// whenever its held-out loss is the least so far; `--resume` continues from the
    /// checkpoint. Progress goes to stderr.
    Train {
        /// The game the network is for (its inputs are the game's kinds)...
        #[arg(long, required_unless_present = "family", conflicts_with = "family")]
        variant: Option<String>,
        /// ...or a network family (`menagerie variants` games sharing one: chess, shockchess,
        /// shocktroops, combinedarms, pawnier, exciting, exciting9), trained on its games' data.
        #[arg(long)]
        family: Option<String>,
        /// Data files written by `datagen --format bin`.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// The network file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Hidden units a perspective.
        #[arg(long, default_value_t = 256)]
        hidden: usize,
        /// Superbatches to train in all (a checkpoint after each).
        #[arg(long, default_value_t = 40)]
        superbatches: usize,
        /// Batches a superbatch.
        #[arg(long, default_value_t = 100)]
        batches: usize,
        /// Positions a batch.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// Adam's learning rate at the start.
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// The learning rate is multiplied by `--lr-gamma` every `--lr-step` superbatches.
        #[arg(long, default_value_t = 0.3)]
        lr_gamma: f32,
        #[arg(long, default_value_t = 15)]
        lr_step: usize,
        /// The game result's share of the target; the rest is the sigmoid of the search score.
        #[arg(long, default_value_t = 0.3)]
        wdl: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = threads_arg)]
        threads: usize,
        /// Continue from the checkpoint (OUT with the extension `.ckpt`; same data and settings).
        #[arg(long)]
        resume: bool,
        /// Learn what the hand-written evaluation leaves: the network's output is added to the
        /// terms' score (times the factor that fits the held-out targets), in training and play.
        #[arg(long)]
        over_terms: bool,
    },
    /// Fit the variant's evaluation weights to `datagen` data (Texel's method: a logistic fit of
    /// the static evaluation of quiet positions to the results, gradient descent over all weights)
    /// and write them as its parameter table.
    Tune {
        #[arg(long)]
        variant: String,
        /// Data files written by `datagen`.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Where the table goes (default: src/eval/tables/VARIANT.txt, from the
        /// repository's root; rebuild to use it, or load it with the engine option EvalParams).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Hold out the positions of every N-th game (not trained on; their error is reported);
        /// 0 for none.
        #[arg(long, default_value_t = 10)]
        hold_out: usize,
        /// The result's share of the target; the rest is the sigmoid of the search score.
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        #[arg(long, default_value_t = 1000)]
        epochs: usize,
        /// Adam's step at the start, in centipawns.
        #[arg(long, default_value_t = 2.0)]
        learning_rate: f64,
        /// The step is multiplied by DECAY every DECAY_EVERY epochs.
        #[arg(long, default_value_t = 0.5)]
        decay: f64,
        #[arg(long, default_value_t = 250)]
        decay_every: usize,
        /// Start from the hand-set defaults rather than the variant's current table.
        #[arg(long)]
        from_defaults: bool,
        /// A table applied over the start first, passing over terms this variant lacks (another
        /// game's tuned weights, for a game with less data).
        #[arg(long)]
        start: Option<std::path::PathBuf>,
        /// Use this K (the logistic curve's scale) instead of fitting it: keeps the weights in
        /// centipawns where the hand-set start is far from the data (the chess and Combined Arms
        /// fits: 0.99 and 0.80).
        #[arg(long)]
        k: Option<f64>,
        /// Keep the terms whose names begin with PREFIX at their starting values (repeatable;
        /// `--keep value. --keep hand.` fits everything but the piece values).
        #[arg(long, value_name = "PREFIX")]
        keep: Vec<String>,
        /// Write every term, not only those that differ from the family's weights: a table that
        /// plays the same as EvalParams whatever the engine's built-in one (`--from-defaults
        /// --epochs 0 --every-term` writes the hand-set weights, to play a tuned build against).
        #[arg(long)]
        every_term: bool,
    },
}

mod commands;

/// The longest think `analyze --time` takes: a year.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// `--time`: seconds, a finite number from 0 to a year.
fn seconds_arg(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) {
        Ok(s)
    } else {
        Err(format!(
            "'{text}' is outside 0..{MAX_SECONDS} seconds (a year)"
        ))
    }
}

/// `--threads`: 1 to 256, as the protocols' `Threads` option; a warning on stderr when they are
/// more than the cores.
fn threads_arg(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a thread count"))?;
    if !(1..=menagerie::engine::MAX_THREADS).contains(&n) {
        return Err(format!(
            "{n} is outside 1..{}",
            menagerie::engine::MAX_THREADS
        ));
    }
    if let Some(w) = menagerie::engine::threads_warning(n) {
        log::warn!("{w}");
    }
    Ok(n)
}

fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            menagerie::console::error(&e);
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                menagerie::out!("{}", e.render());
                return ExitCode::SUCCESS;
            }
            // One line: clap's own message without its usage and hint lines.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            menagerie::console::error(first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let Some(command) = cli.command else {
        menagerie::protocol::run(None);
        return ExitCode::SUCCESS;
    };
    match command {
        Command::Uci => {
            menagerie::protocol::run(Some(menagerie::protocol::Protocol::Uci));
            ExitCode::SUCCESS
        }
        Command::Xboard => {
            menagerie::protocol::run(Some(menagerie::protocol::Protocol::Xboard));
            ExitCode::SUCCESS
        }
        Command::Variants => {
            for game in GAMES {
                let mark = if game.playable {
                    ""
                } else {
                    "  [not built yet]"
                };
                menagerie::outln!("{:<24} {}{mark}", game.name, game.summary);
            }
            ExitCode::SUCCESS
        }
        Command::Bench {
            depth,
            eval_file,
            hand_written,
        } => finish(commands::bench::run(
            depth,
            eval_file.as_deref(),
            hand_written,
        )),
        Command::Match(args) => finish(menagerie::matchplay::run(&args)),
        Command::Spsa(args) => finish(menagerie::matchplay::spsa::run(&args)),
        Command::Replay { pgn, show } => finish(commands::replay::run(&pgn, show.as_deref())),
        Command::Analyze {
            variant,
            fen,
            moves,
            depth,
            time,
            threads,
            hash,
            multipv,
        } => finish(commands::analyze::run(&commands::analyze::AnalyzeArgs {
            variant,
            fen,
            moves,
            depth,
            time,
            threads,
            hash,
            multipv,
        })),
        Command::Epd {
            file,
            variant,
            time,
            nodes,
            depth,
            threads,
            hash,
            options,
        } => finish(commands::epd::run(&commands::epd::EpdArgs {
            file,
            variant,
            time,
            nodes,
            depth,
            threads,
            hash,
            options,
        })),
        Command::Book {
            variant,
            count,
            plies,
            margin,
            nodes,
            seed,
            threads,
            out,
        } => finish(commands::book::run(&commands::book::BookArgs {
            variant,
            count,
            plies,
            margin,
            nodes,
            seed,
            threads,
            out,
        })),
        Command::Datagen {
            variant,
            games,
            threads,
            out,
            nodes,
            seed,
            hash,
            eval_params,
            format,
            random_plies,
            soft_nodes,
            eval_file,
            hand_written,
        } => finish(commands::datagen::run(&commands::datagen::DatagenArgs {
            variant,
            games,
            threads,
            out,
            nodes,
            seed,
            hash_mb: hash,
            eval_params,
            format,
            random_plies,
            soft_nodes,
            eval_file,
            hand_written,
        })),
        Command::Train {
            variant,
            family,
            data,
            out,
            hidden,
            superbatches,
            batches,
            batch,
            lr,
            lr_gamma,
            lr_step,
            wdl,
            seed,
            threads,
            resume,
            over_terms,
        } => finish(commands::train::run(&commands::train::TrainArgs {
            variant,
            family,
            data,
            out,
            threads,
            resume,
            over_terms,
            config: menagerie::eval::nnue::train::Config {
                hidden,
                batch,
                batches,
                superbatches,
                lr,
                lr_gamma,
                lr_step,
                wdl,
                seed,
            },
        })),
        Command::Tune {
            variant,
            data,
            out,
            hold_out,
            lambda,
            epochs,
            learning_rate,
            decay,
            decay_every,
            from_defaults,
            start,
            k,
            keep,
            every_term,
        } => finish(commands::tune::run(&commands::tune::TuneArgs {
            variant,
            data,
            out,
            hold_out,
            from_defaults,
            start,
            k,
            keep,
            every_term,
            settings: menagerie::tune::Settings {
                lambda,
                epochs,
                learning_rate,
                decay,
                decay_every,
            },
        })),
        Command::Perft {
            variant,
            fen,
            depth,
            divide,
            threads,
            cache_mb,
        } => {
            let Some(v) = variants::lookup(&variant) else {
                menagerie::console::error(&format!(
                    "unknown or not yet playable variant '{variant}' (see `menagerie variants`)"
                ));
                return ExitCode::FAILURE;
            };
            let args = PerftArgs {
                fen,
                depth,
                divide,
                threads,
                cache_mb,
            };
            let result = menagerie::by_width!(v, v => run_perft(v, &args));
            finish(result)
        }
    }
}

struct PerftArgs {
    fen: Option<String>,
    depth: u32,
    divide: bool,
    threads: usize,
    cache_mb: usize,
}

fn run_perft<B: Bits>(v: &'static Variant<B>, args: &PerftArgs) -> Result<(), String> {
    let pos = match &args.fen {
        Some(f) => Position::from_fen(v, f).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::start(v),
    };
    let threads = args.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = pool.install(|| {
        if args.divide {
            let mut rows: Vec<(String, u64)> = divide(&pos, args.depth, threads > 1)
                .iter()
                .map(|(e, n)| (render(&pos, e), *n))
                .collect();
            rows.sort();
            for (m, n) in &rows {
                menagerie::outln!("{m}: {n}");
            }
            rows.iter().map(|r| r.1).sum()
        } else if args.cache_mb > 0 {
            perft_cached(&pos, args.depth, &PerftCache::new(args.cache_mb))
        } else if threads > 1 {
            perft_parallel(&pos, args.depth)
        } else {
            perft(&pos, args.depth)
        }
    });
    let secs = start.elapsed().as_secs_f64();
    menagerie::outln!("perft {} {} nodes {}", v.name, args.depth, nodes);
    menagerie::outln!(
        "time {:.3} s, {:.1} M nodes/s, threads {}",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        threads
    );
    Ok(())
}
