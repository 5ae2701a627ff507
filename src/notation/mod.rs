//! Move strings (rules/README.md §4): the canonical form the engine writes, and a parser that
//! reads every accepted form by generating the legal moves and matching the input against them.
//!
//! The coordinate forms are read here. What does not read as one is offered to [`san`], which
//! reads standard algebraic notation (`Nf3`, `exd5`, `e8=Q`) and `O-O` castling as XBoard
//! accepts them, so no coordinate string changes meaning. [`parse_pgn_move`] also reads the forms
//! XBoard saves in PGN, and [`pgn`] reads PGN files for `menagerie replay` and the opening books.

pub mod pgn;
mod san;

use crate::text::quoted;
use std::fmt;

use crate::board::{Bits, MoveEntry, MoveKind, MoveList, PieceKind, Square};
use crate::movegen::generate_legal;
use crate::position::Position;

/// The canonical string of the pass (a frozen army's one move, Shock Chess): UCI's null move.
pub const PASS: &str = "0000";

/// XBoard's spelling of the pass (PROTOCOL.md §4.9).
pub const XBOARD_PASS: &str = "@@@@";

/// Every accepted way of writing a pass (PROTOCOL.md §2.2; `Z0` is read by the PGN reader).
pub fn is_pass_word(s: &str) -> bool {
    matches!(s, PASS | XBOARD_PASS | "--" | "pass" | "null")
}

/// A canonical move string as XBoard writes it: the pass is `@@@@`, every other move unchanged.
pub fn xboard_spelling(canonical: &str) -> &str {
    if canonical == PASS {
        XBOARD_PASS
    } else {
        canonical
    }
}

/// The canonical string of a legal move: `e2e4`, `e7e8q`, `W@d1`, `0000`, kill chains
/// `a1a4,a4a1` with the off-destination victims in ascending square order (file, then rank).
pub fn render<B: Bits>(pos: &Position<B>, entry: &MoveEntry<B>) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mv = entry.mv;
    match mv.kind() {
        MoveKind::Pass => PASS.to_string(),
        MoveKind::Drop => format!("{}@{}", v.letter(mv.piece()), g.square_name(mv.to())),
        kind => {
            let mut s = g.square_name(mv.from());
            for victim in ascending(pos, entry.off_destination()) {
                let name = g.square_name(victim);
                s.push_str(&name);
                s.push(',');
                s.push_str(&name);
            }
            s.push_str(&g.square_name(mv.to()));
            if kind == MoveKind::Promotion {
                s.push(v.letter(mv.piece()).to_ascii_lowercase());
            }
            s
        }
    }
}

/// Squares in the order of rules/README.md §2: by file, then by rank.
pub fn ascending<B: Bits>(pos: &Position<B>, set: B) -> Vec<Square> {
    let g = &pos.variant().geometry;
    let mut v: Vec<Square> = set.iter().collect();
    v.sort_by_key(|&sq| (g.file(sq), g.rank(sq)));
    v
}

/// Why an input string is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// It matches no legal move; the reason, when one is known (`you must pass`).
    Illegal {
        input: String,
        reason: Option<String>,
    },
    /// It matches several legal moves: their canonical strings (`b1d2`, `f3d2`), in ascending
    /// order of their squares.
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
}

impl MoveError {
    /// The input as it was matched (without `usermove `, `move ` or a trailing `;`).
    pub fn input(&self) -> &str {
        match self {
            MoveError::Illegal { input, .. } | MoveError::Ambiguous { input, .. } => input,
        }
    }

    /// The error for an input that several legal moves fit.
    fn ambiguous<B: Bits>(pos: &Position<B>, input: &str, found: &[&MoveEntry<B>]) -> MoveError {
        let g = &pos.variant().geometry;
        let mut sorted = found.to_vec();
        // By from, to, the victims off the destination (fewest first), then the promotion kind.
        sorted.sort_by_key(|e| {
            let (from, to) = (e.mv.from(), e.mv.to());
            let victims: Vec<(u8, u8)> = ascending(pos, e.off_destination())
                .into_iter()
                .map(|sq| (g.file(sq), g.rank(sq)))
                .collect();
            let promotion = (e.mv.kind() == MoveKind::Promotion).then_some(e.mv.piece());
            (
                g.file(from),
                g.rank(from),
                g.file(to),
                g.rank(to),
                victims,
                promotion,
            )
        });
        MoveError::Ambiguous {
            input: input.to_string(),
            candidates: sorted.iter().map(|e| render(pos, e)).collect(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = quoted(self.input());
        match self {
            MoveError::Illegal {
                reason: Some(r), ..
            } => write!(f, "illegal move ({r}): {input}"),
            MoveError::Illegal { reason: None, .. } => write!(f, "illegal move: {input}"),
            MoveError::Ambiguous { candidates, .. } if candidates.is_empty() => {
                write!(f, "ambiguous move: {input}")
            }
            MoveError::Ambiguous { candidates, .. } => {
                write!(f, "ambiguous move: {input} ({})", candidates.join(", "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// What an input string says, before it is matched against the legal moves.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Parsed<B: Bits> {
    Pass,
    Drop {
        kind: PieceKind,
        to: Square,
    },
    Board {
        from: Square,
        to: Square,
        via: B,
        promotion: Option<Promotion>,
    },
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Promotion {
    To(PieceKind),
    /// `+`: the variant's single or optional promotion.
    Plus,
}

/// Reads a move string in any accepted form (rules/README.md §4, then SAN and `O-O`) and returns
/// the legal move it names.
pub fn parse_move<B: Bits>(pos: &Position<B>, input: &str) -> Result<MoveEntry<B>, MoveError> {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    parse_move_in(pos, &list, input)
}

/// As [`parse_move`] with the legal moves already generated.
pub fn parse_move_in<B: Bits>(
    pos: &Position<B>,
    legal: &MoveList<B>,
    input: &str,
) -> Result<MoveEntry<B>, MoveError> {
    let text = normalise(input);
    let illegal = |reason: Option<&str>| MoveError::Illegal {
        input: text.to_string(),
        reason: reason.map(str::to_string),
    };
    let Some(parsed) = read(pos, text) else {
        // Not a coordinate form: perhaps SAN or `O-O`.
        return match san::parse(pos, legal, text) {
            Some(_) if pos.is_frozen() => Err(illegal(Some("you must pass"))),
            Some(result) => result,
            None => Err(illegal(None)),
        };
    };
    if pos.is_frozen() && parsed != Parsed::Pass {
        return Err(illegal(Some("you must pass")));
    }
    let exact: Vec<&MoveEntry<B>> = legal
        .iter()
        .filter(|e| matches(pos, e, &parsed, false))
        .collect();
    let found = match exact.len() {
        1 => return Ok(*exact[0]),
        0 => {
            // A route alias (rules/combinedarms.md 3.7, checker jumps by landing squares): squares
            // of the chain that hold no enemy are the way the piece went, not victims.
            let route = without_route(pos, &parsed);
            if let Some(route) = &route {
                let routed: Vec<&MoveEntry<B>> = legal
                    .iter()
                    .filter(|e| matches(pos, e, route, false))
                    .collect();
                if routed.len() == 1 {
                    return Ok(*routed[0]);
                }
            }
            // A promotion written without its letter where it is the only way to make the move
            // (a checker's crowning).
            if let Parsed::Board {
                promotion: None, ..
            } = parsed
            {
                let bare: Vec<&MoveEntry<B>> = legal
                    .iter()
                    .filter(|e| {
                        e.mv.kind() == MoveKind::Promotion
                            && matches(pos, e, &with_plus(&parsed), false)
                    })
                    .collect();
                if bare.len() == 1 {
                    return Ok(*bare[0]);
                }
            }
            let loose = route.unwrap_or(parsed);
            legal
                .iter()
                .filter(|e| matches(pos, e, &loose, true))
                .collect()
        }
        _ => exact,
    };
    match found.len() {
        1 => Ok(*found[0]),
        0 => Err(illegal(None)),
        _ => Err(MoveError::ambiguous(pos, text, &found)),
    }
}

/// As [`parse_move_in`] for a move read from a PGN: it also takes the forms XBoard 4.9.1 saves
/// (PROTOCOL.md 4.8): each further leg after `-` or `x` (`exd5-e4`, `Qxd1-b3`, `Nf3xe5xe6-e7`),
/// the from square written out (`Pe2e4`, `b2xb7xa8q`), and SAN without legs as the move that
/// removes nothing off its destination (`Bf4` in Combined Arms, where a shot also ends on f4 and
/// [`parse_move_in`] finds the SAN ambiguous; XBoard writes the kill square of a shot).
pub fn parse_pgn_move<B: Bits>(
    pos: &Position<B>,
    legal: &MoveList<B>,
    input: &str,
) -> Result<MoveEntry<B>, MoveError> {
    // SAN puts a check mark after a drop too (`S@e10+`); it never means anything there.
    let input = if input.contains('@') {
        input.trim_end_matches(['+', '#', '!', '?'])
    } else {
        input
    };
    let first = parse_move_in(pos, legal, input);
    if first.is_ok() || pos.is_frozen() {
        return first;
    }
    match (san::parse_saved(pos, legal, normalise(input)), first) {
        (Some(Ok(entry)), _) => Ok(entry),
        // The reader of saved forms names the candidates where the other found none.
        (
            Some(Err(e @ MoveError::Ambiguous { .. })),
            Err(MoveError::Illegal { reason: None, .. }),
        ) => Err(e),
        (_, first) => first,
    }
}

/// Strips what GUIs add around a move: `usermove `/`move ` and a trailing `;`.
fn normalise(input: &str) -> &str {
    let mut s = input.trim();
    for prefix in ["usermove ", "move "] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.trim();
        }
    }
    s.strip_suffix(';').unwrap_or(s).trim_end()
}

fn read<B: Bits>(pos: &Position<B>, s: &str) -> Option<Parsed<B>> {
    if is_pass_word(s) {
        return Some(Parsed::Pass);
    }
    let v = pos.variant();
    let g = &v.geometry;
    let bytes = s.as_bytes();
    if bytes.len() > 2 && (bytes[1] == b'@' || bytes[1] == b'*') {
        // A drop, possibly followed by push legs (`J@e2,e2e4`): the final square counts.
        let kind = v.kind_of_letter(bytes[0] as char)?;
        let (origin, used) = g.parse_square_prefix(&s[2..])?;
        let mut to = origin;
        let mut rest = &s[2 + used..];
        while let Some(leg) = rest.strip_prefix(',') {
            let (from, n) = g.parse_square_prefix(leg)?;
            let (next, m) = g.parse_square_prefix(&leg[n..])?;
            if from != to || g.file(next) != g.file(origin) {
                return None;
            }
            to = next;
            rest = &leg[n + m..];
        }
        // Push legs go straight forward from a square the piece may be dropped on.
        let us = pos.side_to_move();
        if to != origin
            && (!v.drop_zones[us.index()][kind.index()].has(origin)
                || g.relative_rank(to, us) <= g.relative_rank(origin, us))
        {
            return None;
        }
        return rest.is_empty().then_some(Parsed::Drop { kind, to });
    }
    let mut squares = Vec::new();
    let mut rest = s;
    let mut promotion = None;
    loop {
        let (a, n) = g.parse_square_prefix(rest)?;
        let (b, m) = g.parse_square_prefix(&rest[n..])?;
        squares.push(a);
        squares.push(b);
        rest = &rest[n + m..];
        if let Some(r) = rest.strip_prefix(',') {
            rest = r;
            continue;
        }
        if !rest.is_empty() {
            let mut chars = rest.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            promotion = Some(if c == '+' {
                Promotion::Plus
            } else {
                Promotion::To(v.kind_of_letter(c)?)
            });
        }
        break;
    }
    let from = squares[0];
    let to = squares[squares.len() - 1];
    let mut via = B::ZERO;
    for &sq in &squares[1..squares.len() - 1] {
        if sq != from && sq != to {
            via |= B::bit(sq);
        }
    }
    Some(Parsed::Board {
        from,
        to,
        via,
        promotion,
    })
}

/// The parsed move with `+` as its promotion.
fn with_plus<B: Bits>(p: &Parsed<B>) -> Parsed<B> {
    match *p {
        Parsed::Board { from, to, via, .. } => Parsed::Board {
            from,
            to,
            via,
            promotion: Some(Promotion::Plus),
        },
        other => other,
    }
}

/// The parsed chain with its squares that hold no enemy piece left out, if it has any.
fn without_route<B: Bits>(pos: &Position<B>, p: &Parsed<B>) -> Option<Parsed<B>> {
    let Parsed::Board {
        from,
        to,
        via,
        promotion,
    } = *p
    else {
        return None;
    };
    let enemy = pos.color_bb(pos.side_to_move().flip());
    (via & !enemy).any().then_some(Parsed::Board {
        from,
        to,
        via: via & enemy,
        promotion,
    })
}

/// Whether a legal move fits the parsed input: exactly, or (`partial`) with the input naming
/// only some of the move's off-destination victims.
fn matches<B: Bits>(pos: &Position<B>, e: &MoveEntry<B>, p: &Parsed<B>, partial: bool) -> bool {
    let mv = e.mv;
    match *p {
        Parsed::Pass => mv.kind() == MoveKind::Pass,
        Parsed::Drop { kind, to } => {
            mv.kind() == MoveKind::Drop && mv.piece() == kind && mv.to() == to
        }
        Parsed::Board {
            from,
            to,
            via,
            promotion,
        } => {
            if matches!(mv.kind(), MoveKind::Drop | MoveKind::Pass)
                || mv.from() != from
                || mv.to() != to
            {
                return false;
            }
            let promotion_fits = match (mv.kind() == MoveKind::Promotion, promotion) {
                (false, None) => true,
                (true, Some(Promotion::To(k))) => mv.piece() == k,
                // `+`: the promotion when it is the only one (ambiguity is caught by the caller).
                (true, Some(Promotion::Plus)) => true,
                // No letter: accepted only where the promotion has no choice.
                (true, None) => pos.variant().promotion_kinds.len() == 1,
                (false, Some(_)) => false,
            };
            let off = e.off_destination();
            let victims_fit = if partial {
                (via & !off).is_empty() && via != off
            } else {
                via == off
            };
            promotion_fits && victims_fit
        }
    }
}
