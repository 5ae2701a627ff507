//! PGN output: the Seven Tag Roster, then `Variant`, `SetUp`/`FEN` for a start position other than
//! the variant's own, `TimeControl`, `Termination` and `PlyCount`; the moves in our canonical
//! strings (a pass is `0000`), each engine move with a comment as cutechess writes it (the
//! engine's score from its own side in pawns or `+M5`/`-M3` for mates, a slash and the depth, then
//! the time: `{+0.35/12 0.51s}`; only the time when the engine gave no score), a comment where the
//! opening ends, and the reason of the result as the last comment.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::player::Eval;
use super::referee::GameRecord;
use crate::search::Score;

/// What is the same for every game of a match.
#[derive(Clone, Debug)]
pub struct PgnContext {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub variant: String,
    /// PGN `TimeControl`: `SECONDS+INC`.
    pub time_control: String,
}

/// `base+inc` in seconds, as PGN's `TimeControl` writes it (`60+0.5`, `300`).
pub fn time_control_tag(base: Duration, increment: Duration) -> String {
    let secs = |d: Duration| {
        let s = format!("{:.3}", d.as_secs_f64());
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if increment.is_zero() {
        secs(base)
    } else {
        format!("{}+{}", secs(base), secs(increment))
    }
}

/// Today's date (UTC) as `YYYY.MM.DD`.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01, by splitting the time
/// line into 400-year eras of 146,097 days that start on 1 March (so the leap day ends a year).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468; // days from 0000-03-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // 0 = March
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Side to move and move number of a FEN (White and 1 when it says nothing usable).
fn fen_start(fen: Option<&str>) -> (bool, u32) {
    let Some(fen) = fen else { return (true, 1) };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let white = fields.get(1).is_none_or(|s| *s != "b");
    let number = fields
        .get(5)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    (white, number)
}

/// A score as cutechess writes it: pawns with two decimals and a sign (`+0.35`, `-1.20`, `0.00`), or
/// a mate in moves (`+M5`, `-M3`).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(0) => "0.00".to_string(),
        Score::Cp(cp) => {
            let sign = if cp > 0 { '+' } else { '-' };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(n) if n > 0 => format!("+M{n}"),
        Score::Mate(n) => format!("-M{}", n.unsigned_abs()),
    }
}

/// The comment of an engine move: `+0.35/12 0.51s`, or `0.51s` without a score.
pub fn move_comment(eval: Option<Eval>, time: Duration) -> String {
    let time = format!("{:.2}s", time.as_secs_f64());
    match eval {
        Some(e) => format!("{}/{} {time}", score_text(e.score), e.depth),
        None => time,
    }
}

/// A comment's text, which may not contain `}`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The PGN of one game, ending with an empty line.
pub fn game_pgn(ctx: &PgnContext, record: &GameRecord) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", &ctx.event);
    tag(&mut out, "Site", &ctx.site);
    tag(&mut out, "Date", &ctx.date);
    tag(&mut out, "Round", &record.round.to_string());
    tag(&mut out, "White", &record.white);
    tag(&mut out, "Black", &record.black);
    tag(&mut out, "Result", record.result.pgn());
    tag(&mut out, "Variant", &ctx.variant);
    if let Some(fen) = &record.start_fen {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", fen);
    }
    tag(&mut out, "TimeControl", &ctx.time_control);
    tag(&mut out, "Termination", record.termination.pgn());
    tag(&mut out, "PlyCount", &record.moves.len().to_string());
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let (mut white_to_move, mut number) = fen_start(record.start_fen.as_deref());
    for (i, mv) in record.moves.iter().enumerate() {
        if white_to_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(mv.clone());
        if i + 1 == record.opening_plies {
            tokens.push(comment(&format!("opening, {} plies", i + 1)));
        }
        if let Some(k) = i.checked_sub(record.opening_plies)
            && let Some(t) = record.times.get(k)
        {
            let eval = record.evals.get(k).copied().flatten();
            tokens.push(comment(&move_comment(eval, *t)));
        }
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    if !record.reason.is_empty() {
        tokens.push(comment(&record.reason));
    }
    tokens.push(record.result.pgn().to_string());
    out.push_str(&wrap(&tokens, 79));
    out.push_str("\n\n");
    out
}

/// Joins tokens with blanks into lines of at most `width` characters where possible (PGN export
/// format keeps lines below 80). Comments may be broken across lines, which PGN allows.
fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}
