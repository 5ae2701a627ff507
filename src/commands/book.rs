//! `menagerie book`: writes an EPD of balanced opening positions for one variant, the books
//! strength tests start their game pairs from (DESIGN.md §10).
//!
//! Candidate `i` is a short line of sane random moves from the start position, drawn with its own
//! generator seeded by the seed, the variant and `i`. Each ply picks, at random, a move whose
//! short search (two plies and quiescence; one in Combined Arms) scores it close to the best,
//! favouring the better ones, so no line hangs material for nothing ([`choose_move`]). A
//! candidate is kept when its final position is still a game, the side to move is not in check,
//! and a fixed-node search of it (one thread, the table cleared first) scores within the margin,
//! without a mate. Positions already kept (same FEN without the move counters, e.p. only when it
//! can be taken) are dropped. Candidates run in parallel on `--threads` workers, each with its
//! own engine, and are kept in candidate order: the book depends on the seed alone, never on the
//! thread count. Stdout (or `--out`) gets only the EPD; progress and the summary go to stderr.
//!
//! Each line is the position's FEN (all six fields), then EPD opcodes: `ce` the final search's
//! score in centipawns for the side to move, `acd` its depth, and `c0` the moves from the start
//! position that led there.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rand::Rng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use menagerie::engine::Engine;
use menagerie::game::AnyGame;
use menagerie::position::Position;
use menagerie::search::{Limits, NullSink, Score};
use menagerie::variants::{self, AnyVariant};

/// The command line of `menagerie book`.
pub struct BookArgs {
    pub variant: String,
    pub count: usize,
    /// `A-B` or `A`; the variant's default when `None`.
    pub plies: Option<String>,
    pub margin: i32,
    /// The variant's default when `None`.
    pub nodes: Option<u64>,
    pub seed: u64,
    pub threads: usize,
    pub out: Option<PathBuf>,
}

/// Moves scored within this many centipawns of the best are candidates for the random pick. The
/// evaluation spreads the twenty moves of the chess start position over about 45 cp at one ply:
/// a window of 50 let a move like a3, h4 or Na3 into about every second line; 30 keeps lines like
/// real openings and still offers three to six moves a ply, variety enough for a thousand
/// positions.
const PICK_WINDOW: i32 = 30;

/// A line whose best move scores beyond this (for either side) is dropped at once: no sane move
/// brings it back within the margin, and searching on would waste the time of the final search.
const DRIFT_LIMIT: i32 = 300;

/// Transposition table of each worker's engine, in MB: ample for the short searches here.
const HASH_MB: &str = "8";

/// How a variant's books are made unless the command line says otherwise.
struct Defaults {
    /// Random plies, the least and the most.
    plies: (u32, u32),
    /// Nodes of the search that judges the final position.
    nodes: u64,
    /// Plies of the search that scores each move of a line.
    select_depth: u32,
}

/// The defaults by variant.
///
/// Plies: on 8x8 boards six to nine plies leave the start position behind (each side has made
/// three or four moves: centre pawns, a piece or two out) while the armies are still whole; fewer
/// plies repeat the same few positions, more drift into middlegames whose balance a short search
/// misjudges. The larger boards need more plies for the same effect, since the armies start
/// further apart and have more men to bring out: Pawnier (9x11) and the 9x9 Exciting Chess 8-11,
/// the 11x11 Exciting Chess games 10-13. Odd and even counts are both drawn, so either side may
/// be to move.
///
/// Nodes: a search of depth 9 or so on 8x8 boards and in Exciting Chess (depth 6 to 7 in Combined
/// Arms and Pawnier, whose quiescence searches are long) judges an opening's balance well within
/// the margin, and a book of a thousand positions takes minutes on two threads.
///
/// Move scoring: two plies and quiescence. One ply sees a piece left hanging but not a fork or a
/// checker's double jump: in Exciting Chess five candidates in six then failed the final search,
/// against one in six with two plies (and two plies cost less in all, since fewer lines are
/// wasted). Combined Arms is the exception: its quiescence searches among shots and armor run to
/// thousands of nodes below every ply, and two plies made a book five times slower for the same
/// rate of balanced positions.
fn defaults(variant: &str) -> Defaults {
    match variant {
        "combinedarms" => Defaults {
            plies: (6, 9),
            nodes: 150_000,
            select_depth: 1,
        },
        "pawnier" | "exciting9" => Defaults {
            plies: (8, 11),
            nodes: if variant == "pawnier" {
                150_000
            } else {
                80_000
            },
            select_depth: 2,
        },
        v if v.starts_with("exciting") => Defaults {
            plies: (10, 13),
            nodes: 80_000,
            select_depth: 2,
        },
        _ => Defaults {
            plies: (6, 9),
            nodes: 150_000,
            select_depth: 2,
        },
    }
}

/// Everything a worker needs to build candidates.
struct Settings {
    variant: AnyVariant,
    plies: (u32, u32),
    margin: i32,
    nodes: u64,
    seed: u64,
    /// Plies of the search that scores each move of a line.
    select_depth: u32,
}

/// A position that passed every test.
struct Found {
    fen: String,
    /// The FEN without move counters and with e.p. only when it can be taken: equal for the same
    /// position.
    key: String,
    cp: i32,
    depth: u32,
    moves: Vec<String>,
}

/// What became of one candidate.
enum Verdict {
    Kept(Found),
    /// The random line ended the game, or no move was left that does not end it.
    Ended,
    /// The line went out of balance on the way.
    Drifted,
    /// The side to move is in check (or must pass, in Shock Chess).
    Check,
    /// The final search scored beyond the margin.
    Unbalanced,
    /// The final search found a mate.
    Mate,
}

/// Counts of the verdicts, for the progress lines and the summary.
#[derive(Default)]
struct Tally {
    candidates: u64,
    kept: u64,
    duplicates: u64,
    ended: u64,
    drifted: u64,
    check: u64,
    unbalanced: u64,
    mate: u64,
}

impl Tally {
    fn add(&mut self, verdict: &Verdict) {
        self.candidates += 1;
        match verdict {
            Verdict::Kept(_) => {} // counted by the caller: a duplicate is not kept
            Verdict::Ended => self.ended += 1,
            Verdict::Drifted => self.drifted += 1,
            Verdict::Check => self.check += 1,
            Verdict::Unbalanced => self.unbalanced += 1,
            Verdict::Mate => self.mate += 1,
        }
    }

    fn summary(&self) -> String {
        format!(
            "{} candidates: {} kept, {} duplicates, {} unbalanced, {} drifted, {} in check, {} \
             mates, {} ended",
            self.candidates,
            self.kept,
            self.duplicates,
            self.unbalanced,
            self.drifted,
            self.check,
            self.mate,
            self.ended
        )
    }
}

/// Reads `A-B` or `A`.
fn parse_plies(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| -> Result<u32, String> {
        s.trim()
            .parse()
            .map_err(|_| format!("--plies '{text}': '{s}' is not a number of plies"))
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if low > high || high > 200 {
        return Err(format!(
            "--plies '{text}': give A-B with A <= B <= 200 (or one number)"
        ));
    }
    Ok((low, high))
}

/// Writes the book; an error for bad arguments, or when fewer positions than asked passed (the
/// ones found are written all the same).
pub fn run(args: &BookArgs) -> Result<(), String> {
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    if args.count == 0 {
        return Err("--count must be at least 1".to_string());
    }
    if args.margin < 0 {
        return Err("--margin must not be negative".to_string());
    }
    let defaults = defaults(variant.name());
    let settings = Settings {
        variant,
        plies: match &args.plies {
            Some(p) => parse_plies(p)?,
            None => defaults.plies,
        },
        margin: args.margin,
        nodes: args.nodes.unwrap_or(defaults.nodes).max(1),
        seed: args.seed,
        select_depth: defaults.select_depth,
    };
    let threads = args.threads.max(1);
    menagerie::console::note(&format!(
        "book: {} positions of {}, plies {}-{}, margin {} cp, {} nodes, seed {}, {} threads",
        args.count,
        variant.name(),
        settings.plies.0,
        settings.plies.1,
        settings.margin,
        settings.nodes,
        settings.seed,
        threads
    ));
    let started = Instant::now();
    let (found, tally) = generate(&settings, args.count, threads)?;

    let mut text = String::new();
    for f in &found {
        let _ = writeln!(
            text,
            "{} ; ce {}; acd {}; c0 \"{}\";",
            f.fen,
            f.cp,
            f.depth,
            f.moves.join(" ")
        );
    }
    match &args.out {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => menagerie::out!("{text}"),
    }
    let secs = started.elapsed().as_secs_f64();
    let kept = found.len().max(1) as f64;
    let mean_abs = found.iter().map(|f| f64::from(f.cp.abs())).sum::<f64>() / kept;
    let mean_depth = found.iter().map(|f| f64::from(f.depth)).sum::<f64>() / kept;
    menagerie::console::note(&format!("book: {}", tally.summary()));
    menagerie::console::note(&format!(
        "book: {} positions in {secs:.1} s, {:.1}% of candidates kept, mean |score| {mean_abs:.1} \
         cp, mean depth {mean_depth:.1}",
        found.len(),
        100.0 * found.len() as f64 / tally.candidates.max(1) as f64
    ));
    if found.len() < args.count {
        return Err(format!(
            "only {} of {} positions found before giving up; widen --margin or --plies",
            found.len(),
            args.count
        ));
    }
    Ok(())
}

/// Runs candidates in batches until `count` positions are kept (or too many candidates failed).
fn generate(
    settings: &Settings,
    count: usize,
    threads: usize,
) -> Result<(Vec<Found>, Tally), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let mut engines = Vec::with_capacity(threads);
    for _ in 0..threads {
        let mut engine = Engine::new();
        engine.set_option("Hash", HASH_MB)?;
        engine.set_option("Threads", "1")?;
        engine.set_variant(settings.variant.name())?;
        engines.push(Mutex::new(engine));
    }
    // A margin so tight (or lines so long) that almost nothing passes must end some time.
    let max_candidates = 200 * count as u64 + 1_000;
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut found: Vec<Found> = Vec::with_capacity(count);
    let mut seen: HashSet<String> = HashSet::new();
    let mut next: u64 = 0;
    let mut last_report = Instant::now();
    while found.len() < count && next < max_candidates {
        // Enough candidates for what is missing at the rate seen so far, in chunks that keep
        // every thread busy without running far past the last position needed.
        let rate = (tally.kept as f64 + 1.0) / (tally.candidates as f64 + 2.0);
        let wanted = ((count - found.len()) as f64 / rate).ceil() as u64;
        let batch = wanted.clamp(threads as u64, 16 * threads as u64);
        let range = next..(next + batch).min(max_candidates);
        next = range.end;
        let verdicts: Vec<Result<Verdict, String>> = pool.install(|| {
            range
                .into_par_iter()
                .map(|index| {
                    let worker = rayon::current_thread_index().unwrap_or(0) % threads;
                    let mut engine = engines[worker].lock().unwrap_or_else(|e| e.into_inner());
                    candidate(&mut engine, settings, index)
                })
                .collect()
        });
        for verdict in verdicts {
            let verdict = verdict?;
            if found.len() == count {
                break; // later candidates of the last batch are not needed
            }
            tally.add(&verdict);
            if let Verdict::Kept(f) = verdict {
                if seen.insert(f.key.clone()) {
                    tally.kept += 1;
                    found.push(f);
                } else {
                    tally.duplicates += 1;
                }
            }
        }
        if last_report.elapsed().as_secs() >= 10 || found.len() == count {
            last_report = Instant::now();
            menagerie::console::note(&format!(
                "book: {}/{count} after {:.0} s; {}",
                found.len(),
                started.elapsed().as_secs_f64(),
                tally.summary()
            ));
        }
    }
    Ok((found, tally))
}

/// Builds candidate `index` and judges it. The engine's table is cleared first, so the result
/// depends on the candidate alone, not on what the worker did before.
fn candidate(engine: &mut Engine, s: &Settings, index: u64) -> Result<Verdict, String> {
    let mut rng = super::stream_rng(s.seed, s.variant.name(), index);
    let plies = rng.random_range(s.plies.0..=s.plies.1);
    // Each candidate starts from nothing learned (table and histories), so that what it
    // yields depends on its index and seed, never on which worker took it.
    engine.new_game();
    let mut line = Vec::with_capacity(plies as usize);
    for _ in 0..plies {
        let choice = match choose_move(engine, s.select_depth, &mut rng)? {
            Choice::Move(mv) => mv,
            Choice::Drifted => return Ok(Verdict::Drifted),
            Choice::Ended => return Ok(Verdict::Ended),
        };
        engine.apply(&choice)?;
        line.push(choice);
    }
    if engine.game().outcome().is_some() {
        return Ok(Verdict::Ended);
    }
    let fen = engine.game().fen();
    if must_answer(s.variant, &fen)? {
        return Ok(Verdict::Check);
    }
    engine.set_option("Clear Hash", "")?;
    let limits = Limits {
        nodes: Some(s.nodes),
        ..Default::default()
    };
    let report = engine.search_sync(limits, Arc::new(NullSink));
    let cp = match report.score {
        Score::Mate(_) => return Ok(Verdict::Mate),
        Score::Cp(cp) if cp.abs() > s.margin => return Ok(Verdict::Unbalanced),
        Score::Cp(cp) => cp,
    };
    Ok(Verdict::Kept(Found {
        key: position_key(s.variant, &fen)?,
        fen,
        cp,
        depth: report.depth,
        moves: line,
    }))
}

/// The next move of a random line.
enum Choice {
    Move(String),
    /// The side to move is already far ahead or behind.
    Drifted,
    /// Every legal move ends the game (or there is none).
    Ended,
}

/// A search that has not finished its depth after this many nodes is cut short. In Combined Arms
/// a quiescence search among shots and armor can run to a quarter of a million nodes below a
/// single ply; a move that stirs that up is no quiet opening move.
const SCORE_NODE_CAP: u64 = 40_000;

/// Picks the next move of a line: a legal move scoring within [`PICK_WINDOW`] of the best, at
/// random with [`weight`], where a move's score is that of a search of `depth` plies (quiescence
/// at the leaves, so a piece left hanging is seen) after it, and the best is what a search of
/// `depth + 1` plies of the position says.
///
/// Scoring every legal move costs a search each (a hundred of them in Combined Arms or Pawnier),
/// so the pick is rejection sampling: draw a legal move uniformly, score it (once), keep it with
/// probability `weight / weight(0)`, else draw again. That chooses each move with probability
/// proportional to its weight, like scoring them all would, after scoring a few. Once every move
/// is scored the pick is direct; if the search's best is then above every move's own score (a
/// deeper search sees more), the best of the scored moves stands in for it.
fn choose_move(engine: &mut Engine, depth: u32, rng: &mut StdRng) -> Result<Choice, String> {
    let legal = engine.game().legal_strings();
    if legal.is_empty() {
        return Ok(Choice::Ended);
    }
    // A search cut short still says roughly how good the position is.
    let (best, _) = search(engine, depth + 1);
    if best.abs() > DRIFT_LIMIT {
        return Ok(Choice::Drifted);
    }
    // The score of each legal move once drawn; `None` for a move that ends the game or whose
    // search was cut short (neither is ever played).
    let mut scores: Vec<Option<Option<i32>>> = vec![None; legal.len()];
    let mut unscored = legal.len();
    let full = weight(0);
    while unscored > 0 {
        let i = rng.random_range(0..legal.len());
        let score = match scores[i] {
            Some(score) => score,
            None => {
                let score = score_after(engine, &legal[i], depth)?;
                scores[i] = Some(score);
                unscored -= 1;
                score
            }
        };
        if let Some(score) = score
            && rng.random_range(0..full) < weight(best - score)
        {
            return Ok(Choice::Move(legal[i].clone()));
        }
    }
    let scored: Vec<(String, i32)> = legal
        .into_iter()
        .zip(scores)
        .filter_map(|(mv, score)| Some((mv, score.flatten()?)))
        .collect();
    let Some(top) = scored.iter().map(|m| m.1).max() else {
        return Ok(Choice::Ended);
    };
    let reference = if weight(best - top) > 0 { best } else { top };
    Ok(Choice::Move(pick(&scored, reference, rng)))
}

/// The score of a search of `depth` plies of the current position, from the side to move
/// (mates beyond every centipawn score, the nearer the further), and whether the search finished
/// its depth before [`SCORE_NODE_CAP`] stopped it.
fn search(engine: &mut Engine, depth: u32) -> (i32, bool) {
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(SCORE_NODE_CAP),
        ..Default::default()
    };
    let report = engine.search_sync(limits, Arc::new(NullSink));
    let score = match report.score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 30_000 - m,
        Score::Mate(m) => -30_000 - m,
    };
    (score, report.depth >= depth)
}

/// The score of `mv` for the side playing it: a search of `depth` plies after it. `None` when
/// the move ends the game (a line that ends the game makes no opening) or the search was cut
/// short.
fn score_after(engine: &mut Engine, mv: &str, depth: u32) -> Result<Option<i32>, String> {
    engine.apply(mv)?;
    let score = match engine.game().outcome() {
        None => match search(engine, depth) {
            (score, true) => Some(-score),
            (_, false) => None,
        },
        Some(_) => None,
    };
    engine.undo();
    Ok(score)
}

/// The weight of a move `short` centipawns worse than the best: `(PICK_WINDOW + 1 - short)²`
/// inside the window, so the best moves are played most and a move near the edge now and then;
/// nothing outside it. Integer weights keep the choice the same on every machine.
fn weight(short: i32) -> u64 {
    let short = i64::from(short.max(0));
    let window = i64::from(PICK_WINDOW);
    if short > window {
        0
    } else {
        (window + 1 - short).pow(2) as u64
    }
}

/// A move of `scored` at random with [`weight`] of how far it is below `best`.
fn pick(scored: &[(String, i32)], best: i32, rng: &mut StdRng) -> String {
    let total: u64 = scored.iter().map(|m| weight(best - m.1)).sum();
    let mut ticket = rng.random_range(0..total.max(1));
    for (mv, score) in scored {
        let w = weight(best - *score);
        if ticket < w {
            return mv.clone();
        }
        ticket -= w;
    }
    scored[0].0.clone()
}

/// Whether the side to move is in check or, in Shock Chess, frozen (it must pass). Such a
/// position is not kept: its first move is forced or nearly so, both games of a pair would start
/// alike, and a short search judges it less reliably than a quiet one.
fn must_answer(variant: AnyVariant, fen: &str) -> Result<bool, String> {
    menagerie::by_width!(variant, v => {
        let pos = Position::from_fen(v, fen).map_err(|e| e.to_string())?;
        Ok(pos.in_check() || pos.is_frozen())
    })
}

/// The FEN's position fields (board with hand, side, castling, e.p., and `frozen`), without the
/// move counters. Our FEN writes an e.p. square after every double step; it is kept only when it
/// changes the legal moves, so that the same position reached with and without a double step
/// last counts once.
fn position_key(variant: AnyVariant, fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut key: Vec<&str> = fields.iter().take(4).copied().collect();
    key.extend(fields.iter().skip(6).copied());
    if key.len() >= 4 && key[3] != "-" {
        let mut without = fields.clone();
        without[3] = "-";
        let moves_with = AnyGame::new(variant, Some(fen))?.legal_strings();
        let moves_without = AnyGame::new(variant, Some(&without.join(" ")))?.legal_strings();
        if moves_with == moves_without {
            key[3] = "-";
        }
    }
    Ok(key.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_ranges() {
        assert_eq!(parse_plies("6-9"), Ok((6, 9)));
        assert_eq!(parse_plies("8"), Ok((8, 8)));
        assert!(parse_plies("9-6").is_err());
        assert!(parse_plies("x").is_err());
    }

    #[test]
    fn picks_stay_in_the_window() {
        let scored: Vec<(String, i32)> = [("a", 40), ("b", 35), ("c", 9), ("d", -200)]
            .iter()
            .map(|(m, s)| (m.to_string(), *s))
            .collect();
        let mut rng = crate::commands::stream_rng(7, "chess", 3);
        let mut counts = [0; 4];
        for _ in 0..2000 {
            let m = pick(&scored, 40, &mut rng);
            counts[(m.as_bytes()[0] - b'a') as usize] += 1;
        }
        // a: 31², b: 26² (41% of the picks), c (31 short): none, d: none.
        assert_eq!(counts[2] + counts[3], 0);
        assert!(counts[0] > counts[1] && counts[1] > 600, "{counts:?}");
    }

    #[test]
    fn e_p_counts_in_the_key_only_when_it_can_be_taken() {
        let chess = variants::lookup("chess").unwrap();
        let key = |fen| position_key(chess, fen).unwrap();
        assert_eq!(
            key("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"
        );
        assert_eq!(
            key("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6"
        );
    }
}
