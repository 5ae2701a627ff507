//! The parameter tables: one text file per variant under `src/search/eval/tables/`, compiled in,
//! that overrides the hand-set defaults of [`super::terms::defaults`] term by term. `menagerie
//! tune` writes them; a term a table leaves out keeps its default.
//!
//! Format: one term per line, `NAME MG EG` (centipawns); `#` starts a comment; blank lines are
//! ignored. Names are those of [`super::terms::Layout`]: `value.N`, `psq.N.d4` (the folded square
//! named from White's side; the right half mirrors the left), `mobility.B`, `passed.3`, `tempo`...

use super::Pair;
use super::terms::Layout;

/// The table compiled in for `variant`, if it has one.
pub fn builtin(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "chess" => include_str!("tables/chess.txt"),
        "shockchess" => include_str!("tables/shockchess.txt"),
        "shocktroops" => include_str!("tables/shocktroops.txt"),
        "shocktroopsnoninja" => include_str!("tables/shocktroopsnoninja.txt"),
        "shocktroopsdrone" => include_str!("tables/shocktroopsdrone.txt"),
        "shocktroopsdronenoninja" => include_str!("tables/shocktroopsdronenoninja.txt"),
        "shocktroopsca" => include_str!("tables/shocktroopsca.txt"),
        "shocktroopscanoninja" => include_str!("tables/shocktroopscanoninja.txt"),
        "combinedarms" => include_str!("tables/combinedarms.txt"),
        "pawnier" => include_str!("tables/pawnier.txt"),
        "exciting" => include_str!("tables/exciting.txt"),
        "excitingnotigers" => include_str!("tables/excitingnotigers.txt"),
        "excitingnoreentry" => include_str!("tables/excitingnoreentry.txt"),
        "excitingcannon" => include_str!("tables/excitingcannon.txt"),
        "exciting9" => include_str!("tables/exciting9.txt"),
        _ => return None,
    })
}

/// Applies `text` to `weights`: each line sets one term. Errors name the line.
pub fn apply(text: &str, layout: &Layout, weights: &mut [Pair]) -> Result<usize, String> {
    let mut set = 0;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(name), Some(mg), Some(eg), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!(
                "line {}: expected `NAME MG EG`, got `{raw}`",
                n + 1
            ));
        };
        let Some(t) = layout.index_of(name) else {
            return Err(format!("line {}: no term named `{name}`", n + 1));
        };
        let number = |s: &str| {
            s.parse::<i32>()
                .map_err(|_| format!("line {}: `{s}` is not a whole number", n + 1))
        };
        weights[t] = Pair(number(mg)?, number(eg)?);
        set += 1;
    }
    Ok(set)
}

/// Writes every term of `weights` as a table, after the `header` comment lines.
pub fn write(layout: &Layout, weights: &[Pair], header: &[String]) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    let width = layout.names.iter().map(|n| n.len()).max().unwrap_or(0);
    for (name, w) in layout.names.iter().zip(weights) {
        out.push_str(&format!("{name:<width$} {:>5} {:>5}\n", w.0, w.1));
    }
    out
}
