//! `menagerie epd`: a test-suite runner. Reads EPD records (`bm`, `am`, `dm`, `bm #N`, `id`, and
//! our own `variant`), searches each position to a fixed budget, and prints which were solved,
//! what was played where not, and when each solution was first found and kept. Every record is
//! read and checked before the first search, so a bad line stops the run at once; an unsolved
//! position is a result, not an error.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use menagerie::engine::Engine;
use menagerie::game::AnyGame;
use menagerie::search::{Info, Limits, Score, SearchSink};
use menagerie::text::quoted;
use menagerie::variants::lookup;

pub struct EpdArgs {
    pub file: std::path::PathBuf,
    pub variant: String,
    pub time: Option<f64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub threads: usize,
    pub hash: usize,
    /// Engine options, `NAME=VALUE`.
    pub options: Vec<String>,
}

/// What a record asks of the search.
#[derive(Clone, Debug, PartialEq)]
enum Goal {
    /// Play one of `best` (canonical strings) and none of `avoid`; either may be empty.
    Moves {
        best: Vec<String>,
        avoid: Vec<String>,
    },
    /// Announce a mate in `n` moves (`n < 0`: the side to move is mated in `-n`).
    Mate(i32),
}

/// One EPD line, read and checked against the rules.
#[derive(Debug)]
struct Record {
    line: usize,
    id: String,
    variant: String,
    fen: String,
    goal: Goal,
    /// The expected moves as the file writes them, for the report.
    written: String,
}

/// A record's fields before the moves are checked: the FEN and the operations.
#[derive(Debug, PartialEq)]
struct RawRecord {
    fen: String,
    ops: Vec<(String, Vec<String>)>,
}

/// Splits an EPD line into its position (board, side, castling, e.p., and the two clocks when
/// the line gives them as plain numbers) and its `opcode operand...;` operations. Quoted operands
/// keep their blanks and semicolons. `None` for a blank line or a `#` comment.
fn split_record(line: &str) -> Result<Option<RawRecord>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut rest = line;
    let mut fields = Vec::new();
    while fields.len() < 4 {
        let t = rest.trim_start();
        let end = t
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(t.len());
        if end == 0 {
            return Err("fewer than four position fields".to_string());
        }
        fields.push(&t[..end]);
        rest = &t[end..];
    }
    // Some files write the clocks as plain numbers after the four EPD fields.
    let mut words = rest.split_whitespace();
    let clocks: Vec<&str> = words
        .by_ref()
        .take(2)
        .take_while(|w| w.parse::<u32>().is_ok())
        .collect();
    if clocks.len() == 2 {
        fields.extend(&clocks);
        let t = rest.trim_start();
        let after_first = t[clocks[0].len()..].trim_start();
        rest = &after_first[clocks[1].len()..];
    }
    let mut ops = Vec::new();
    for op in split_operations(rest)? {
        let mut parts = op.into_iter();
        if let Some(code) = parts.next() {
            ops.push((code, parts.collect()));
        }
    }
    Ok(Some(RawRecord {
        fen: fields.join(" "),
        ops,
    }))
}

/// `a b "c d"; e;` into `[[a, b, c d], [e]]`.
fn split_operations(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut ops = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_quotes = false;
    let mut quoted_word = false;
    for c in text.chars() {
        match c {
            // A quote opens a string operand only at the start of a word (`id "WAC 1"`), and
            // closes it anywhere; inside a word it is a character (`00'40"`, as matetrack
            // writes a time).
            '"' if in_quotes || word.is_empty() => {
                in_quotes = !in_quotes;
                quoted_word = true;
            }
            ';' if !in_quotes => {
                if !word.is_empty() || quoted_word {
                    words.push(std::mem::take(&mut word));
                }
                quoted_word = false;
                if !words.is_empty() {
                    ops.push(std::mem::take(&mut words));
                }
            }
            c if c.is_whitespace() && !in_quotes => {
                if !word.is_empty() || quoted_word {
                    words.push(std::mem::take(&mut word));
                }
                quoted_word = false;
            }
            c => word.push(c),
        }
    }
    if in_quotes {
        return Err("an unclosed quote".to_string());
    }
    if !word.is_empty() || quoted_word {
        words.push(word);
    }
    if !words.is_empty() {
        ops.push(words);
    }
    Ok(ops)
}

/// `#N` or `#-N` (matetrack's `bm #N`), or a plain number (`dm N`).
fn mate_distance(text: &str) -> Option<i32> {
    let n: i32 = text.strip_prefix('#').unwrap_or(text).parse().ok()?;
    (n != 0).then_some(n)
}

/// Reads the records of `text`; `default_variant` where a record names none. Every move is
/// matched against the legal moves of its position.
fn read_records(text: &str, default_variant: &str) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let at = |e: String| format!("line {n}: {e}");
        let Some(raw) = split_record(line).map_err(at)? else {
            continue;
        };
        let op = |code: &str| raw.ops.iter().find(|(c, _)| c == code).map(|(_, v)| v);
        let variant = op("variant")
            .and_then(|v| v.first().cloned())
            .unwrap_or_else(|| default_variant.to_string());
        let v = lookup(&variant).ok_or_else(|| {
            at(format!(
                "unknown or not yet playable variant '{}'",
                quoted(&variant)
            ))
        })?;
        let game = AnyGame::new(v, Some(&raw.fen)).map_err(|e| at(format!("bad position: {e}")))?;
        let canonical = |moves: &[String]| -> Result<Vec<String>, String> {
            moves
                .iter()
                .map(|m| {
                    let mv = game
                        .parse_pgn(m)
                        .map_err(|e| at(format!("'{}': {e}", quoted(m))))?;
                    game.render(mv)
                        .ok_or_else(|| at(format!("'{}' cannot be written", quoted(m))))
                })
                .collect()
        };
        let bm = op("bm").cloned().unwrap_or_default();
        let am = op("am").cloned().unwrap_or_default();
        let mate = match (op("dm"), bm.first()) {
            (Some(d), _) => Some(
                d.first()
                    .and_then(|t| mate_distance(t))
                    .ok_or_else(|| at("dm needs a mate distance".to_string()))?,
            ),
            (None, Some(first)) if first.starts_with('#') => Some(
                mate_distance(first).ok_or_else(|| at(format!("bad mate '{}'", quoted(first))))?,
            ),
            _ => None,
        };
        let (goal, written) = match mate {
            Some(m) => (Goal::Mate(m), format!("#{m}")),
            None if bm.is_empty() && am.is_empty() => {
                return Err(at("no bm, am or dm operation".to_string()));
            }
            None => {
                let mut written = bm.join(" ");
                if !am.is_empty() {
                    written = format!("{written} (not {})", am.join(" "))
                        .trim()
                        .to_string();
                }
                (
                    Goal::Moves {
                        best: canonical(&bm)?,
                        avoid: canonical(&am)?,
                    },
                    written,
                )
            }
        };
        if game.outcome().is_some() {
            return Err(at("the game is already over in this position".to_string()));
        }
        let id = op("id")
            .and_then(|v| v.first().cloned())
            .unwrap_or_else(|| format!("line {n}"));
        records.push(Record {
            line: n,
            id,
            variant,
            fen: raw.fen,
            goal,
            written,
        });
    }
    if records.is_empty() {
        return Err("no EPD record in the file".to_string());
    }
    Ok(records)
}

/// Whether one search state (the best move, the score) meets the goal.
fn meets(goal: &Goal, best: Option<&str>, score: Score) -> bool {
    match goal {
        Goal::Moves { best: b, avoid } => best.is_some_and(|m| {
            (b.is_empty() || b.iter().any(|x| x == m)) && !avoid.iter().any(|x| x == m)
        }),
        Goal::Mate(n) => matches!(score, Score::Mate(m) if m.signum() == n.signum()),
    }
}

/// Follows a search's lines: when the solution was first seen and kept since.
struct Watch {
    goal: Goal,
    /// Depth and time of the first line of the current unbroken run of solving lines.
    since: Mutex<Option<(u32, Duration)>>,
}

impl SearchSink for Watch {
    fn on_info(&self, info: &Info) {
        if info.multipv > 1 {
            return;
        }
        let ok = meets(&self.goal, info.pv.first().map(String::as_str), info.score);
        let mut since = self.since.lock().unwrap_or_else(|e| e.into_inner());
        match (ok, *since) {
            (true, None) => *since = Some((info.depth, info.time)),
            (false, _) => *since = None,
            _ => {}
        }
    }
}

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

pub fn run(a: &EpdArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| format!("cannot read {}: {e}", a.file.display()))?;
    let records = read_records(&text, &a.variant)?;
    let limits = Limits {
        depth: a.depth,
        nodes: a.nodes,
        movetime: match (a.depth, a.nodes, a.time) {
            (_, _, Some(t)) => Some(Duration::from_secs_f64(t)),
            (None, None, None) => Some(Duration::from_secs(1)),
            _ => None,
        },
        ..Default::default()
    };
    let budget = match (a.depth, a.nodes, limits.movetime) {
        (Some(d), _, _) => format!("depth {d}"),
        (_, Some(n), _) => format!("{n} nodes"),
        (_, _, Some(t)) => format!("{} s", t.as_secs_f64()),
        _ => unreachable!("a limit is always set"),
    };
    let mut engine = Engine::new();
    engine.set_option("Hash", &a.hash.to_string())?;
    engine.set_option("Threads", &a.threads.to_string())?;
    engine.set_variant(&a.variant)?;
    for option in &a.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| format!("--option {option}: not NAME=VALUE"))?;
        engine.set_option(name.trim(), value.trim())?;
    }
    let total = records.len();
    let (mut solved, mut mates, mut shortest, mut mate_goals) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let began = Instant::now();
    for (i, r) in records.iter().enumerate() {
        if engine.game().variant_name() != r.variant {
            engine.set_variant(&r.variant)?;
        }
        engine.new_game();
        engine.set_position(Some(&r.fen), &[])?;
        let watch = Arc::new(Watch {
            goal: r.goal.clone(),
            since: Mutex::new(None),
        });
        let report = engine.search_sync(limits.clone(), watch.clone());
        let best = report.best.clone().unwrap_or_else(|| "(none)".to_string());
        let ok = meets(&r.goal, report.best.as_deref(), report.score);
        let since = *watch.since.lock().unwrap_or_else(|e| e.into_inner());
        if let Goal::Mate(n) = r.goal {
            mate_goals += 1;
            if ok {
                mates += 1;
                shortest += usize::from(report.score == Score::Mate(n));
            }
        }
        let head = format!("{:>5}/{total} {:<16}", i + 1, r.id);
        if ok {
            solved += 1;
            let (depth, time) = since.unwrap_or((report.depth, report.time));
            menagerie::outln!(
                "{head} solved  {best} {}  found at depth {depth}, {:.3} s; {} nodes",
                score_text(report.score),
                time.as_secs_f64(),
                report.nodes
            );
        } else {
            let line = format!(
                "{head} FAILED  played {best} {} (depth {}, {} nodes), expected {}",
                score_text(report.score),
                report.depth,
                report.nodes,
                r.written
            );
            menagerie::outln!("{line}");
            failures.push(format!("{line}  [line {}]", r.line));
        }
        if (i + 1) % 10 == 0 || i + 1 == total {
            let per = began.elapsed().as_secs_f64() / (i + 1) as f64;
            menagerie::console::note(&format!(
                "epd: {}/{total} done, {solved} solved, about {:.0} s left",
                i + 1,
                per * (total - i - 1) as f64
            ));
        }
    }
    menagerie::outln!("");
    if !failures.is_empty() {
        menagerie::outln!("Failures:");
        for f in &failures {
            menagerie::outln!("{f}");
        }
    }
    menagerie::outln!(
        "Solved {solved}/{total} ({budget} a position, {} thread{}, {} MB)",
        a.threads,
        if a.threads == 1 { "" } else { "s" },
        a.hash
    );
    if mate_goals > 0 {
        menagerie::outln!(
            "Mates found {mates}/{mate_goals}, at the shortest distance {shortest}/{mate_goals}"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_fields_clocks_and_quoted_operations() {
        let r = split_record(r#"8/8 w - - bm Qg6 Rxb2+; id "WAC 1; x";"#)
            .unwrap()
            .unwrap();
        assert_eq!(r.fen, "8/8 w - -");
        assert_eq!(
            r.ops,
            vec![
                (
                    "bm".to_string(),
                    vec!["Qg6".to_string(), "Rxb2+".to_string()]
                ),
                ("id".to_string(), vec!["WAC 1; x".to_string()]),
            ]
        );
        let r = split_record("8/8 b KQ e3 12 40 dm 3;").unwrap().unwrap();
        assert_eq!(r.fen, "8/8 b KQ e3 12 40");
        assert_eq!(r.ops, vec![("dm".to_string(), vec!["3".to_string()])]);
        assert!(split_record("   ").unwrap().is_none());
        assert!(split_record("# a comment").unwrap().is_none());
        assert!(split_record("8/8 w -").is_err());
        assert!(split_record(r#"8/8 w - - id "open"#).is_err());
        let r = split_record(r#"8/8 w - - bm #11; 00'40" (Gustav);"#)
            .unwrap()
            .unwrap();
        assert_eq!(r.ops[1].0, "00'40\"");
    }

    #[test]
    fn reads_moves_in_san_or_coordinates_and_mates() {
        let text = "\
kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; id \"m2\";
kbK5/pp6/1P6/8/8/8/8/R7 w - - bm a1a6; am b6a7;
kbK5/pp6/1P6/8/8/8/8/R7 w - - bm #2; ep; 00:00;
kbK5/pp6/1P6/8/8/8/8/R7 w - - dm 2;
";
        let r = read_records(text, "chess").unwrap();
        assert_eq!(r.len(), 4);
        let ra6 = Goal::Moves {
            best: vec!["a1a6".to_string()],
            avoid: vec![],
        };
        assert_eq!(r[0].goal, ra6);
        assert_eq!(r[0].id, "m2");
        assert_eq!(
            r[1].goal,
            Goal::Moves {
                best: vec!["a1a6".to_string()],
                avoid: vec!["b6a7".to_string()],
            }
        );
        assert_eq!(r[2].goal, Goal::Mate(2));
        assert_eq!(r[3].goal, Goal::Mate(2));
        assert_eq!(r[3].id, "line 4");
    }

    #[test]
    fn bad_records_name_their_line() {
        for (text, says) in [
            ("kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Qa6;", "line 1"),
            ("\nkbK5/pp6/1P6/8/8/8/8/R9 w - - bm Ra6;", "line 2"),
            ("kbK5/pp6/1P6/8/8/8/8/R7 w - - id \"x\";", "no bm"),
            (
                "kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; variant nosuch;",
                "line 1",
            ),
            ("", "no EPD record"),
        ] {
            let e = read_records(text, "chess").unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn goals_are_met_by_the_right_move_or_mate() {
        let moves = Goal::Moves {
            best: vec!["a1a6".to_string()],
            avoid: vec![],
        };
        assert!(meets(&moves, Some("a1a6"), Score::Cp(0)));
        assert!(!meets(&moves, Some("a1a5"), Score::Mate(3)));
        let avoid = Goal::Moves {
            best: vec![],
            avoid: vec!["b6a7".to_string()],
        };
        assert!(meets(&avoid, Some("a1a6"), Score::Cp(0)));
        assert!(!meets(&avoid, Some("b6a7"), Score::Cp(0)));
        assert!(meets(&Goal::Mate(2), None, Score::Mate(3)));
        assert!(!meets(&Goal::Mate(2), None, Score::Mate(-3)));
        assert!(meets(&Goal::Mate(-4), None, Score::Mate(-4)));
        assert!(!meets(&Goal::Mate(-4), None, Score::Cp(-900)));
    }
}
