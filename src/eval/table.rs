//! The parameter tables, compiled in from `src/eval/tables/`: one per rules family
//! (`family-standard.txt` for chess, Shock Chess and the Shock Troops games, `family-powers.txt`,
//! `family-combinedarms.txt`, `family-exciting.txt`), shared by its members, and one per variant,
//! which overrides it. A variant's weights are the hand-set defaults of
//! [`super::terms::defaults`], then its family's table (terms the variant lacks, such as a hand
//! piece chess does not have, are passed over), then its own table (every term must be its own).
//! `menagerie tune` writes a variant's table with the terms that differ from its family's (every
//! term with `--every-term`).
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
        "shocktroopsdrone" => include_str!("tables/shocktroopsdrone.txt"),
        "shocktroopsca" => include_str!("tables/shocktroopsca.txt"),
        "shocktroopscanoninja" => include_str!("tables/shocktroopscanoninja.txt"),
        "combinedarms" => include_str!("tables/combinedarms.txt"),
        "pawnier" => include_str!("tables/pawnier.txt"),
        "exciting" => include_str!("tables/exciting.txt"),
        _ => return builtin(plays_table_of(variant)?),
    })
}

/// The game whose table `variant` plays, for a game without a table of its own: its weights
/// for the terms the two games share (terms only the other game has are passed over, terms
/// only this one has keep the family's weights).
pub fn plays_table_of(variant: &str) -> Option<&'static str> {
    match variant {
        // Exciting's sub-variants without tigers, without re-entry, with cannons and on 9x9:
        // no fit of their own.
        "excitingnotigers" | "excitingnoreentry" | "excitingcannon" | "exciting9" => {
            Some("exciting")
        }
        // The Shock Troops games without Ninja Pawns play their parent's weights.
        "shocktroopsnoninja" => Some("shocktroops"),
        "shocktroopsdronenoninja" => Some("shocktroopsdrone"),
        _ => None,
    }
}

/// Applies the table `variant` plays (its own, every term its own; or the one it names with
/// [`plays_table_of`]) to `weights`; None when it plays none.
pub fn apply_builtin(
    variant: &str,
    layout: &Layout,
    weights: &mut [Pair],
) -> Option<Result<usize, String>> {
    let text = builtin(variant)?;
    Some(if plays_table_of(variant).is_some() {
        apply_shared(text, layout, weights)
    } else {
        apply(text, layout, weights)
    })
}

/// The family table of a variant's family (`Family::name`), if there is one.
pub fn builtin_family(family: &str) -> Option<&'static str> {
    Some(match family {
        "standard" => include_str!("tables/family-standard.txt"),
        "powers" => include_str!("tables/family-powers.txt"),
        "combinedarms" => include_str!("tables/family-combinedarms.txt"),
        "exciting" => include_str!("tables/family-exciting.txt"),
        _ => return None,
    })
}

/// Applies `text` to `weights`: each line sets one term. Errors name the line.
pub fn apply(text: &str, layout: &Layout, weights: &mut [Pair]) -> Result<usize, String> {
    apply_with(text, layout, weights, false)
}

/// As [`apply`], but lines naming a term the layout lacks are passed over (a family table
/// applied to one of its members).
pub fn apply_shared(text: &str, layout: &Layout, weights: &mut [Pair]) -> Result<usize, String> {
    apply_with(text, layout, weights, true)
}

fn apply_with(
    text: &str,
    layout: &Layout,
    weights: &mut [Pair],
    shared: bool,
) -> Result<usize, String> {
    let mut set = 0;
    for (line, name, weight) in entries(text)? {
        let Some(t) = layout.index_of(name) else {
            if shared {
                continue;
            }
            return Err(format!("line {line}: no term named `{name}`"));
        };
        weights[t] = weight;
        set += 1;
    }
    Ok(set)
}

/// The table's lines as (line number, term name, weight), whatever variant they are for; the
/// first line that is not `NAME MG EG` with whole numbers is an error.
pub fn entries(text: &str) -> Result<Vec<(usize, &str, Pair)>, String> {
    let mut out = Vec::new();
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
        let number = |s: &str| {
            s.parse::<i32>()
                .map_err(|_| format!("line {}: `{s}` is not a whole number", n + 1))
        };
        out.push((n + 1, name, Pair(number(mg)?, number(eg)?)));
    }
    Ok(out)
}

/// Writes the terms of `weights` that differ from `base` (every term when `base` is `None`) as a
/// table, after the `header` comment lines.
pub fn write(
    layout: &Layout,
    weights: &[Pair],
    base: Option<&[Pair]>,
    header: &[String],
) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    let width = layout.names.iter().map(|n| n.len()).max().unwrap_or(0);
    for (i, (name, w)) in layout.names.iter().zip(weights).enumerate() {
        if base.is_some_and(|b| b[i] == *w) {
            continue;
        }
        out.push_str(&format!("{name:<width$} {:>5} {:>5}\n", w.0, w.1));
    }
    out
}
