//! The parameter tables, compiled in from `src/eval/tables/`: one for a rules family whose games
//! share their weights (`family-exciting.txt`, played by the five Exciting games), and one per
//! variant with weights of its own (the variant's registry entry names its table, or another
//! game's it plays: `variants::registry`). A variant's weights are the hand-set defaults of
//! [`super::terms::defaults`], then its family's table if there is one (terms the variant lacks
//! are passed over: exciting9 has no soldiers), then its own table (every term must be its own).
//! The other families have no table: Pawnier and Combined Arms are one game each, and the
//! standard family's six fitted tables agree on no weight (of the 242 terms all six have, none
//! has the same weight in all six; one term in one pair of them). `menagerie tune` writes a
//! variant's table with the terms that differ from its family's (every term with
//! `--every-term`).
//!
//! Format: one term per line, `NAME MG EG` (centipawns); `#` starts a comment; blank lines are
//! ignored. Names are those of [`super::terms::Layout`]: `value.N`, `psq.N.d4` (the folded square
//! named from White's side; the right half mirrors the left), `mobility.B`, `passed.3`, `tempo`...

use super::Pair;
use super::terms::Layout;
use crate::variants::{Weights, registry};

/// The text of the table a game with `weights` plays (its registry entry's), and whether it is
/// another game's; `None` for a game on its family's table.
pub fn builtin(weights: Weights) -> Option<(&'static str, bool)> {
    match weights {
        Weights::Family => None,
        Weights::Own(text) => Some((text, false)),
        Weights::Of(other) => match registry::game(other)?.weights {
            Weights::Own(text) => Some((text, true)),
            _ => None,
        },
    }
}

/// Applies the table a game with `weights` plays to `layout`'s `weights_out`: its own, every
/// term its own; or another game's, its weights for the terms the two games share (terms only
/// the other game has are passed over, terms only this one has keep the family's weights).
/// `None` when it plays none.
pub fn apply_builtin(
    weights: Weights,
    layout: &Layout,
    weights_out: &mut [Pair],
) -> Option<Result<usize, String>> {
    let (text, borrowed) = builtin(weights)?;
    Some(if borrowed {
        apply_shared(text, layout, weights_out)
    } else {
        apply(text, layout, weights_out)
    })
}

/// The family table of a variant's family (`Family::name`), if there is one.
pub fn builtin_family(family: &str) -> Option<&'static str> {
    match family {
        "exciting" => Some(include_str!("tables/family-exciting.txt")),
        _ => None,
    }
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
