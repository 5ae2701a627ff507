//! Move strings at the CECP boundary: the squares of a canonical string, and the XBoard
//! compatibility layer of PROTOCOL.md §5 (what is sent for a move, which moves are left out at
//! the root).

use crate::notation::{PASS, xboard_spelling};

/// The squares of a board move and its promotion letter: `c3d3,d3d4,d4e4` gives from `c3`,
/// victims `d3 d4`, to `e4`. `None` for drops, passes and anything unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub from: String,
    pub victims: Vec<String>,
    pub to: String,
    pub promotion: Option<char>,
}

/// Reads a square name at the start of `s`: a file letter and one or more digits.
pub fn square_prefix(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    Some(s.split_at(1 + digits))
}

/// The (file, rank) of a square name, both from 0.
pub fn coords(square: &str) -> Option<(usize, usize)> {
    let (sq, rest) = square_prefix(square)?;
    if !rest.is_empty() {
        return None;
    }
    let file = (sq.as_bytes()[0] - b'a') as usize;
    let rank: usize = sq[1..].parse().ok()?;
    Some((file, rank.checked_sub(1)?))
}

pub fn shape(canonical: &str) -> Option<Shape> {
    let mut squares = Vec::new();
    let mut promotion = None;
    for (i, leg) in canonical.split(',').enumerate() {
        let (a, rest) = square_prefix(leg)?;
        let (b, rest) = square_prefix(rest)?;
        if i == 0 {
            squares.push(a.to_string());
        }
        squares.push(b.to_string());
        let mut tail = rest.chars();
        match (tail.next(), tail.next()) {
            (None, _) => {}
            (Some(c), None) => promotion = Some(c),
            _ => return None,
        }
    }
    let to = squares.pop()?;
    let from = squares.remove(0);
    Some(Shape {
        from,
        victims: squares,
        to,
        promotion,
    })
}

/// Whether XBoard 4.9.1 carries the move exactly: at most one victim away from the destination.
pub fn representable(canonical: &str) -> bool {
    canonical.split(',').count() <= 2
}

/// The lossy two-leg form of an unrepresentable move (§5.3): `fromV,Vto[promo]` with V the first
/// victim for which `parse` maps the string back to the move.
pub fn lossy_form(canonical: &str, parse: impl Fn(&str) -> Option<String>) -> Option<String> {
    let s = shape(canonical)?;
    let promo = s.promotion.map(String::from).unwrap_or_default();
    s.victims.iter().find_map(|v| {
        let candidate = format!("{}{v},{v}{}{promo}", s.from, s.to);
        (parse(&candidate).as_deref() == Some(canonical)).then_some(candidate)
    })
}

/// What goes after `move `: `@@@@` for a pass; the canonical string when representable (or
/// when `full` legs are asked for); otherwise the lossy form, or the full chain if it has none.
pub fn emission(canonical: &str, full: bool, parse: impl Fn(&str) -> Option<String>) -> String {
    if canonical == PASS {
        return "@@@@".to_string();
    }
    if full || representable(canonical) {
        return canonical.to_string();
    }
    lossy_form(canonical, parse).unwrap_or_else(|| canonical.to_string())
}

/// A PV for thinking output: canonical strings with the pass as `@@@@`.
pub fn pv_text<'a>(pv: impl IntoIterator<Item = &'a str>) -> String {
    pv.into_iter()
        .map(xboard_spelling)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The root moves the engine may play (§5.3): everything representable; against a computer
/// with `compat` legs also moves with a lossy form; with `full` legs everything. If that leaves
/// nothing, every move.
pub fn playable_at_root(
    legal: &[String],
    computer: bool,
    full: bool,
    parse: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let keep: Vec<String> = legal
        .iter()
        .filter(|m| representable(m) || (computer && (full || lossy_form(m, &parse).is_some())))
        .cloned()
        .collect();
    if keep.is_empty() {
        legal.to_vec()
    } else {
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let s = shape("c3d3,d3d4,d4e4").unwrap();
        assert_eq!((s.from.as_str(), s.to.as_str()), ("c3", "e4"));
        assert_eq!(s.victims, vec!["d3", "d4"]);
        assert_eq!(shape("e7e8q").unwrap().promotion, Some('q'));
        assert_eq!(shape("b10b8").unwrap().from, "b10");
        assert!(shape("P@e4").is_none());
        assert_eq!(coords("d11"), Some((3, 10)));
        assert_eq!(coords("j0"), None);
    }

    #[test]
    fn emissions() {
        let none = |_: &str| None;
        assert_eq!(emission("0000", false, none), "@@@@");
        assert_eq!(emission("a1a4,a4a1", false, none), "a1a4,a4a1");
        // CA-T2: c3d3,d3e4 is another move, so V = d4.
        let parse = |s: &str| match s {
            "c3d4,d4e4" => Some("c3d3,d3d4,d4e4".to_string()),
            "c3d3,d3e4" => Some("c3d3,d3e4".to_string()),
            _ => None,
        };
        assert_eq!(emission("c3d3,d3d4,d4e4", false, parse), "c3d4,d4e4");
        assert_eq!(emission("c3d3,d3d4,d4e4", true, parse), "c3d3,d3d4,d4e4");
        let legal = vec!["c3d3,d3d4,d4e4".to_string(), "a1a2".to_string()];
        assert_eq!(playable_at_root(&legal, false, false, parse), vec!["a1a2"]);
        assert_eq!(playable_at_root(&legal, true, false, parse).len(), 2);
    }
}
