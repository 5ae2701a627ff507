//! `menagerie datagen`: self-play games at a fixed node budget from the variant's opening book,
//! recording quiet positions with the game's result and the search's score: the data the
//! evaluation tuner (`menagerie tune`) fits the weights to.
//!
//! Game `i` starts from an opening of the built-in book (the book shuffled by the seed, taken in
//! turn) and is played by one engine thread, its table and histories cleared first; each move's
//! node budget varies by up to a fifth around `--nodes`, drawn from a generator seeded by the
//! seed, the variant and `i`, so games from the same opening part ways. A game depends only on
//! the seed, the variant, the budget and `i`, never on the number of threads, and games are
//! written in order: the file is the same however it was made.
//!
//! A position is kept when the side to move is not in check (nor frozen), the search's best move
//! neither captures nor promotes (no winning capture, so the static evaluation can judge it) and
//! the score is no mate. Games end by the rules, or are adjudicated: won once the scores of
//! [`WIN_PLIES`] plies in a row reach [`WIN_SCORE`] for the same side, drawn after
//! [`DRAW_PLIES`] plies in a row within [`DRAW_SCORE`] past ply [`DRAW_FROM`], and drawn at the
//! variant's ply limit.
//!
//! With `--random-plies N`, N legal moves drawn at random (from the game's own generator)
//! follow the book's opening before the engines play, for positions no book reaches. With
//! `--soft-nodes`, each move's budget is soft: no iteration starts past it (the hard limit is
//! eight times it), so every move ends on a finished iteration.
//!
//! Output (`--format text`, for `tune`), one line per position: `FEN | SCORE | RESULT`, the
//! score in centipawns and the result (1, 0.5 or 0) both from White's view; after each game's
//! positions a line `# game N RESULT PLIES REASON`. `--format bin` (for `train`) writes the
//! packed records of `eval::nnue::data`, a game end after each game. An existing file is
//! continued: whatever follows its last complete game is cut off and the next game is played.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use menagerie::board::Color;
use menagerie::by_width;
use menagerie::engine::Engine;
use menagerie::eval::nnue::data;
use menagerie::matchplay::book::{self, BookEntry, BookFormat};
use menagerie::search::{Limits, NullSink, Score};
use menagerie::variants::{self, AnyVariant};

/// The command line of `menagerie datagen`.
pub struct DatagenArgs {
    pub variant: String,
    pub games: u64,
    pub threads: usize,
    pub out: PathBuf,
    pub nodes: u64,
    pub seed: u64,
    pub hash_mb: usize,
    /// A parameter table over the variant's built-in weights (the EvalParams option).
    pub eval_params: Option<PathBuf>,
    pub format: DataFormat,
    /// Random legal moves played after the book's opening.
    pub random_plies: u32,
    /// `nodes` is a soft budget (no iteration starts past it) rather than a hard one.
    pub soft_nodes: bool,
    /// A network the engines play with (the EvalFile option): the next round's data from the
    /// last round's network.
    pub eval_file: Option<PathBuf>,
    /// The hand-written evaluation even where a network is built in (the UseNetwork option off).
    pub hand_written: bool,
}

/// How `datagen` writes positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DataFormat {
    /// `FEN | SCORE | RESULT` lines, for `tune`.
    Text,
    /// Packed binary records (`eval::nnue::data`), for `train`.
    Bin,
}

/// A side whose search scores at least this for [`WIN_PLIES`] plies in a row has won.
pub const WIN_SCORE: i32 = 1000;
pub const WIN_PLIES: usize = 8;
/// Past ply [`DRAW_FROM`], [`DRAW_PLIES`] plies in a row within [`DRAW_SCORE`] are a draw.
pub const DRAW_SCORE: i32 = 10;
pub const DRAW_PLIES: usize = 16;
pub const DRAW_FROM: usize = 80;

/// The longest game per variant: the Exciting games, whose soldiers come back from the hand,
/// run longer than the others.
fn max_plies(variant: &str) -> usize {
    if variant.starts_with("exciting") {
        800
    } else {
        500
    }
}

/// One position of a game, before the result is known: its FEN line's start or its packed
/// record (the search's score from White's view included).
enum Record {
    Text { fen: String, score: i32 },
    Bin(Vec<u8>),
}

/// A finished game.
struct Played {
    records: Vec<Record>,
    /// 1, 0.5 or 0 for White.
    result: f64,
    plies: usize,
    reason: String,
}

impl Played {
    /// The game as a file of `format` holds it.
    fn bytes(&self, index: u64, format: DataFormat) -> Vec<u8> {
        let mut out = Vec::new();
        for r in &self.records {
            match r {
                Record::Text { fen, score } => {
                    out.extend_from_slice(format!("{fen} | {score} | {}\n", self.result).as_bytes())
                }
                Record::Bin(packed) => out.extend_from_slice(packed),
            }
        }
        match format {
            DataFormat::Bin => data::end_game(
                index as u32,
                self.result,
                self.plies.min(u16::MAX as usize) as u16,
                &mut out,
            ),
            DataFormat::Text => out.extend_from_slice(
                format!(
                    "# game {index} {} {} {}\n",
                    self.result, self.plies, self.reason
                )
                .as_bytes(),
            ),
        }
        out
    }
}

/// Plays the games and appends them to the file.
pub fn run(args: &DatagenArgs) -> Result<(), String> {
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.nodes < 100 {
        return Err("--nodes must be at least 100".to_string());
    }
    let text = book::builtin(variant.name()).ok_or("no built-in book for this variant")?;
    let mut openings = book::parse(text, BookFormat::Epd, variant)?;
    openings.shuffle(&mut StdRng::seed_from_u64(args.seed));
    let (done, positions_before) = match args.format {
        DataFormat::Text => resume(&args.out)?,
        DataFormat::Bin => resume_bin(&args.out, variant)?,
    };
    if done >= args.games {
        menagerie::console::note(&format!(
            "datagen: {} already holds {done} games; nothing to do",
            args.out.display()
        ));
        return Ok(());
    }
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&args.out)
        .map_err(|e| format!("cannot open {}: {e}", args.out.display()))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let mut engines = Vec::new();
    for _ in 0..args.threads {
        let mut engine = Engine::new();
        engine.set_option("Hash", &args.hash_mb.to_string())?;
        engine.set_option("Threads", "1")?;
        engine.set_variant(variant.name())?;
        if let Some(path) = &args.eval_params {
            engine.set_option("EvalParams", &path.to_string_lossy())?;
            if let Some(why) = engine.eval_params_misfit() {
                return Err(why.to_string());
            }
        }
        if let Some(path) = &args.eval_file {
            engine.set_option("EvalFile", &path.to_string_lossy())?;
            if let Some(why) = engine.eval_params_misfit() {
                return Err(why.to_string());
            }
        }
        if args.hand_written {
            engine.set_option("UseNetwork", "false")?;
        }
        engines.push(Mutex::new(engine));
    }
    menagerie::console::note(&format!(
        "datagen: {} games of {} ({} done), {} nodes a move, seed {}, {} threads, evaluation: {} \
         -> {}",
        args.games,
        variant.name(),
        done,
        args.nodes,
        args.seed,
        args.threads,
        engines[0]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .evaluation(),
        args.out.display()
    ));
    let started = Instant::now();
    let failed = AtomicBool::new(false);
    let mut next = done;
    let mut positions = 0u64;
    let mut last_report = Instant::now();
    let mut decisive = 0u64;
    let mut games_run = 0u64;
    while next < args.games && !failed.load(Ordering::Relaxed) {
        // A batch of a few games per thread, written in order when all are done.
        let batch = (4 * args.threads as u64).min(args.games - next);
        let range = next..next + batch;
        let played: Vec<Result<Played, String>> = pool.install(|| {
            range
                .clone()
                .into_par_iter()
                .map(|index| {
                    let worker = rayon::current_thread_index().unwrap_or(0) % args.threads;
                    let mut engine = engines[worker].lock().unwrap_or_else(|e| e.into_inner());
                    let opening = &openings[(index % openings.len() as u64) as usize];
                    let result = play_game(&mut engine, variant, opening, args, index);
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    result
                })
                .collect()
        });
        let mut bytes = Vec::new();
        for (index, game) in range.zip(played) {
            let game = game?;
            positions += game.records.len() as u64;
            games_run += 1;
            if game.result != 0.5 {
                decisive += 1;
            }
            bytes.extend(game.bytes(index, args.format));
        }
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
        next += batch;
        if last_report.elapsed().as_secs() >= 10 || next == args.games {
            last_report = Instant::now();
            let secs = started.elapsed().as_secs_f64();
            let left = (args.games - next) as f64 * secs / games_run.max(1) as f64;
            menagerie::console::note(&format!(
                "datagen: games {next}/{}, positions {} (+{positions} this run), {:.0} positions/s, \
                 {:.0}% decisive, {:.0} s elapsed, about {left:.0} s left",
                args.games,
                positions_before + positions,
                positions as f64 / secs.max(1e-9),
                100.0 * decisive as f64 / games_run.max(1) as f64,
                secs
            ));
        }
    }
    Ok(())
}

/// The games a data file already holds and its positions; whatever follows the last complete
/// game (a run stopped while writing) is cut off.
fn resume(path: &PathBuf) -> Result<(u64, u64), String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((0, 0)),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut games = 0u64;
    let mut positions = 0u64;
    let mut pending = 0u64;
    let mut complete_len = 0usize;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        offset += line.len();
        if !line.ends_with('\n') {
            break;
        }
        if let Some(rest) = line.strip_prefix("# game ") {
            let index: u64 = rest
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("{}: a bad game line: {line}", path.display()))?;
            if index != games {
                return Err(format!(
                    "{}: game {index} follows {games} games; is this a datagen file?",
                    path.display()
                ));
            }
            games += 1;
            positions += pending;
            pending = 0;
            complete_len = offset;
        } else if !line.trim().is_empty() {
            pending += 1;
        }
    }
    cut_after(path, complete_len, text.len())?;
    Ok((games, positions))
}

/// Cuts the file at `path` (`len` bytes) back to its first `complete_len` bytes, the end of its
/// last complete game, when a stopped run left more.
fn cut_after(path: &PathBuf, complete_len: usize, len: usize) -> Result<(), String> {
    if complete_len >= len {
        return Ok(());
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    file.set_len(complete_len as u64)
        .map_err(|e| format!("cannot cut {}: {e}", path.display()))?;
    menagerie::console::note(&format!(
        "datagen: cut an unfinished game ({} bytes) off {}",
        len - complete_len,
        path.display()
    ));
    Ok(())
}

/// The games a binary data file already holds and its positions; a new file gets its header,
/// and whatever follows the last complete game is cut off.
fn resume_bin(path: &PathBuf, variant: AnyVariant) -> Result<(u64, u64), String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::write(path, data::header(variant.name()))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            return Ok((0, 0));
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let contents = data::read(&bytes, |name| {
        if name != variant.name() {
            return Err(format!("it holds {name}, not {}", variant.name()));
        }
        Ok(by_width!(variant, v => data::width_of(v)))
    })
    .map_err(|e| format!("{}: {e}", path.display()))?;
    cut_after(path, contents.complete_len, bytes.len())?;
    Ok((u64::from(contents.games), contents.samples.len() as u64))
}

/// Plays game `index` from `opening`.
fn play_game(
    engine: &mut Engine,
    variant: AnyVariant,
    opening: &BookEntry,
    args: &DatagenArgs,
    index: u64,
) -> Result<Played, String> {
    let mut rng = super::stream_rng(args.seed, variant.name(), index);
    engine.new_game();
    engine.set_position(opening.fen.as_deref(), &opening.moves)?;
    for _ in 0..args.random_plies {
        if engine.game().outcome().is_some() {
            break;
        }
        let legal = engine.game().legal();
        engine.play(legal[rng.random_range(0..legal.len())]);
    }
    let mut records = Vec::new();
    // Scores from White's view, one per ply searched.
    let mut scores: Vec<i32> = Vec::new();
    let limit = max_plies(variant.name());
    let mut plies = 0;
    let (result, reason) = loop {
        if let Some(outcome) = engine.game().outcome() {
            let result = match outcome.result() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                _ => 0.5,
            };
            break (result, outcome.reason().to_string());
        }
        if plies >= limit {
            break (0.5, "ply limit".to_string());
        }
        let budget = args.nodes * rng.random_range(80..=120) / 100;
        let limits = if args.soft_nodes {
            Limits {
                soft_nodes: Some(budget),
                nodes: Some(8 * budget),
                ..Default::default()
            }
        } else {
            Limits {
                nodes: Some(budget),
                ..Default::default()
            }
        };
        let report = engine.search_sync(limits, std::sync::Arc::new(NullSink));
        let Some(mv) = report.best_move else {
            return Err(format!("game {index}: the search found no move"));
        };
        let game = engine.game();
        let white = game.side_to_move() == Color::White;
        let (score, mate) = match report.score {
            Score::Cp(cp) => (cp, false),
            Score::Mate(m) if m > 0 => (30_000, true),
            Score::Mate(_) => (-30_000, true),
        };
        let score = if white { score } else { -score };
        if !mate && !game.in_check() && !game.forced_pass() && game.is_tactical(mv) == Some(false) {
            records.push(match args.format {
                DataFormat::Text => Record::Text {
                    fen: game.fen(),
                    score,
                },
                DataFormat::Bin => {
                    let mut packed = Vec::new();
                    by_width!(game, g => data::pack(g.position(), score, &mut packed));
                    Record::Bin(packed)
                }
            });
        }
        scores.push(score);
        if let Some(result) = adjudicate(&scores) {
            break (result, "adjudication".to_string());
        }
        if !engine.play(mv) {
            return Err(format!(
                "game {index}: the engine's move {} is not legal",
                report.best.unwrap_or_default()
            ));
        }
        plies += 1;
    };
    Ok(Played {
        records,
        result,
        plies,
        reason,
    })
}

/// The result the scores so far (White's view, one per ply) decide, if they decide one.
fn adjudicate(scores: &[i32]) -> Option<f64> {
    let n = scores.len();
    if n >= WIN_PLIES {
        let last = &scores[n - WIN_PLIES..];
        if last.iter().all(|&s| s >= WIN_SCORE) {
            return Some(1.0);
        }
        if last.iter().all(|&s| s <= -WIN_SCORE) {
            return Some(0.0);
        }
    }
    if n >= DRAW_FROM.max(DRAW_PLIES)
        && scores[n - DRAW_PLIES..]
            .iter()
            .all(|s| s.abs() <= DRAW_SCORE)
    {
        return Some(0.5);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_agreeing_runs() {
        let mut s = vec![0; 10];
        s.extend([1200; WIN_PLIES - 1]);
        assert_eq!(adjudicate(&s), None);
        s.push(1500);
        assert_eq!(adjudicate(&s), Some(1.0));
        let mut s = vec![50; DRAW_FROM];
        assert_eq!(adjudicate(&s), None);
        s.extend([3; DRAW_PLIES]);
        assert_eq!(adjudicate(&s), Some(0.5));
        let early = vec![0; DRAW_PLIES];
        assert_eq!(adjudicate(&early), None);
        let mut lost = vec![0; 3];
        lost.extend([-1000; WIN_PLIES]);
        assert_eq!(adjudicate(&lost), Some(0.0));
    }

    #[test]
    fn resume_counts_complete_games_and_cuts_the_rest() {
        let dir = std::env::temp_dir().join(format!("menagerie-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("d.txt");
        let good = "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5\n# game 0 0.5 10 x\n\
                    8/8/8/8/8/8/8/K6k w - - 0 1 | 3 | 1\nK7/8/8/8/8/8/8/7k b - - 0 1 | 5 | 1\n\
                    # game 1 1 20 y\n";
        std::fs::write(
            &path,
            format!("{good}8/8/8/8/8/8/8/K6k w - - 0 1 | 1 | 0.5\n# gam"),
        )
        .unwrap();
        assert_eq!(resume(&path).unwrap(), (2, 3));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
        std::fs::write(&path, "# game 1 1 20 y\n").unwrap();
        assert!(resume(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
