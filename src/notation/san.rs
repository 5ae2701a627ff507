//! Standard algebraic notation as input, for every variant, read as leniently as XBoard reads it:
//! `O-O`/`O-O-O` (or with zeros) for castling, and
//! `[PIECE][from file][from rank][x|:]to[promotion]` for every other board move, where PIECE is
//! the upper-case letter of the moving kind (none for the kind lettered `P`), and the promotion is
//! `=Q`, `Q`, `(Q)` or `/Q`. Trailing `+`, `#`, `!` and `?` are ignored, and so is the capture
//! mark: the input is matched by what it says about the mover, its squares and its promotion,
//! and it must fit exactly one legal move. Where several legal moves share mover, from and to but
//! differ in what they remove (Combined Arms shots, checker chains, custodian captures), SAN cannot
//! tell them apart, and the input is refused as ambiguous with the candidates named. Castling is
//! the king's move (rules/README.md §4), so `Kg1` for the king on e1 reads as `O-O` too.
//!
//! Only strings that are not coordinate forms come here (see [`super::parse_move_in`]).

use super::MoveError;
use crate::board::{Bits, MoveEntry, MoveKind, MoveList, PieceKind, Square};
use crate::position::Position;
use crate::variants::Variant;

/// What a SAN string says, before it is matched against the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum San {
    /// `O-O` (`high`: the king goes toward the higher file) or `O-O-O`.
    Castle {
        high: bool,
    },
    Move(PieceMove),
}

/// A piece or pawn move: the mover's kind, the disambiguation, the destination and the promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PieceMove {
    kind: PieceKind,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<PieceKind>,
}

/// Reads `text` as SAN and returns the legal move it names, or why it names none; `None` when the
/// text is not SAN at all.
pub(super) fn parse<B: Bits>(
    pos: &Position<B>,
    legal: &MoveList<B>,
    text: &str,
) -> Option<Result<MoveEntry<B>, MoveError>> {
    let illegal = |reason: String| MoveError::Illegal {
        input: text.to_string(),
        reason: Some(reason),
    };
    let san = match read(pos.variant(), text)? {
        Ok(san) => san,
        Err(reason) => return Some(Err(illegal(reason))),
    };
    let found: Vec<&MoveEntry<B>> = match san {
        San::Castle { high } => castlings(pos, legal, high),
        San::Move(m) => piece_moves(pos, legal, &m),
    };
    Some(match found.len() {
        1 => Ok(*found[0]),
        0 => Err(illegal(match san {
            San::Castle { high } => castling_refusal(pos, high),
            San::Move(m) => {
                let v = pos.variant();
                format!(
                    "no legal {} move to {}",
                    v.kinds[m.kind.index()].name.to_lowercase(),
                    v.geometry.square_name(m.to)
                )
            }
        })),
        _ => Err(MoveError::ambiguous(pos, text, &found)),
    })
}

/// The legal castlings whose king goes toward the higher file (`high`) or the lower one.
fn castlings<'a, B: Bits>(
    pos: &Position<B>,
    legal: &'a MoveList<B>,
    high: bool,
) -> Vec<&'a MoveEntry<B>> {
    let g = &pos.variant().geometry;
    legal
        .iter()
        .filter(|e| {
            e.mv.kind() == MoveKind::Castle && (g.file(e.mv.to()) > g.file(e.mv.from())) == high
        })
        .collect()
}

/// Why no castling of that side is legal: the variant has none, the right is gone, or it is
/// barred now (check, a piece in the way, an attacked square on the king's path).
fn castling_refusal<B: Bits>(pos: &Position<B>, high: bool) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let name = if high { "O-O" } else { "O-O-O" };
    let us = pos.side_to_move();
    let rights: Vec<usize> = (0..v.castles.len())
        .filter(|&i| {
            let c = &v.castles[i];
            c.color == us && (g.file(c.king_to) > g.file(c.king_from)) == high
        })
        .collect();
    if rights.is_empty() {
        format!("{} has no {name} castling", v.name)
    } else if rights
        .iter()
        .all(|&i| pos.castling_rights() & (1 << i) == 0)
    {
        format!("no {name} castling right")
    } else {
        format!("{name} is not legal now")
    }
}

/// The legal moves a piece move fits. Without a promotion in the input, moves that do not promote
/// are preferred; only when there are none do the promotions count (a checker's crowning, or a
/// promotion without a choice), so that a pawn's `e8` is ambiguous among its promotions.
fn piece_moves<'a, B: Bits>(
    pos: &Position<B>,
    legal: &'a MoveList<B>,
    m: &PieceMove,
) -> Vec<&'a MoveEntry<B>> {
    let g = &pos.variant().geometry;
    let fits: Vec<&MoveEntry<B>> = legal
        .iter()
        .filter(|e| {
            let mv = e.mv;
            !matches!(mv.kind(), MoveKind::Drop | MoveKind::Pass)
                && mv.to() == m.to
                && pos.piece_at(mv.from()).kind() == m.kind
                && m.from_file.is_none_or(|f| g.file(mv.from()) == f)
                && m.from_rank.is_none_or(|r| g.rank(mv.from()) == r)
        })
        .collect();
    let promotes = |e: &&&MoveEntry<B>| e.mv.kind() == MoveKind::Promotion;
    match m.promotion {
        Some(k) => fits
            .iter()
            .filter(promotes)
            .filter(|e| e.mv.piece() == k)
            .copied()
            .collect(),
        None => {
            let plain: Vec<&MoveEntry<B>> = fits.iter().filter(|e| !promotes(e)).copied().collect();
            if plain.is_empty() { fits } else { plain }
        }
    }
}

/// Reads the text: `None` if it is not SAN, `Err` with a reason if it is SAN with a letter the
/// variant does not have.
fn read<B: Bits>(v: &Variant<B>, text: &str) -> Option<Result<San, String>> {
    let s = text.trim_end_matches(['+', '#', '!', '?']);
    if !s.is_ascii() {
        return None;
    }
    match s {
        "O-O" | "0-0" => return Some(Ok(San::Castle { high: true })),
        "O-O-O" | "0-0-0" => return Some(Ok(San::Castle { high: false })),
        _ => {}
    }
    let g = &v.geometry;
    // The mover: an upper-case letter, or none for the pawn.
    let (letter, rest) = match s.as_bytes().first()? {
        c if c.is_ascii_uppercase() => (Some(*c as char), &s[1..]),
        _ => (None, s),
    };
    let (body, promotion) = split_promotion(rest);
    // The destination: a file letter and the rank's digits at the end.
    let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
    let to_at = body.len().checked_sub(digits + 1)?;
    let to = g.parse_square(&body[to_at..])?;
    let mut prefix = &body[..to_at];
    prefix = prefix.strip_suffix(['x', ':']).unwrap_or(prefix);
    // The disambiguation: a file letter, rank digits, both or neither.
    let (from_file, rank_digits) = match prefix.as_bytes().first() {
        Some(c @ b'a'..=b'z') => {
            let file = c - b'a';
            if file >= g.files {
                return None;
            }
            (Some(file), &prefix[1..])
        }
        _ => (None, prefix),
    };
    let from_rank = match rank_digits {
        "" => None,
        d if d.len() <= 2 && d.bytes().all(|c| c.is_ascii_digit()) && !d.starts_with('0') => {
            let rank: u8 = d.parse().ok()?;
            if rank > g.ranks {
                return None;
            }
            Some(rank - 1)
        }
        _ => return None,
    };
    // The letters, now that the text has the shape of SAN.
    let kind = match letter {
        Some(c) => match v.kind_of_letter(c) {
            Some(k) => k,
            None => return Some(Err(format!("{} has no piece '{c}'", v.name))),
        },
        None => match v.kinds.iter().position(|k| k.letter == 'P') {
            Some(i) => PieceKind(i as u8),
            None => return Some(Err(format!("{} has no pawn", v.name))),
        },
    };
    let promotion = match promotion {
        Some(c) => match v.kind_of_letter(c) {
            Some(k) => Some(k),
            None => return Some(Err(format!("{} has no piece '{c}'", v.name))),
        },
        None => None,
    };
    Some(Ok(San::Move(PieceMove {
        kind,
        from_file,
        from_rank,
        to,
        promotion,
    })))
}

/// Splits a promotion off the end: `=Q`, `(Q)`, `/Q` (any case), or a bare upper-case `Q`.
fn split_promotion(s: &str) -> (&str, Option<char>) {
    let b = s.as_bytes();
    let n = b.len();
    if n >= 3 && b[n - 3] == b'(' && b[n - 2].is_ascii_alphabetic() && b[n - 1] == b')' {
        return (&s[..n - 3], Some(b[n - 2] as char));
    }
    if n >= 2 && matches!(b[n - 2], b'=' | b'/') && b[n - 1].is_ascii_alphabetic() {
        return (&s[..n - 2], Some(b[n - 1] as char));
    }
    if n >= 1 && b[n - 1].is_ascii_uppercase() {
        return (&s[..n - 1], Some(b[n - 1] as char));
    }
    (s, None)
}

/// A move as XBoard 4.9.1 saves it in PGN (PROTOCOL.md 4.8): SAN for the first leg, then each
/// further leg's square after `-` or `x` (`exd5-e4`, `Qxd1-b3`, `Nf3xe5xe6-e7`, `Qd2-d3`), the
/// from square written out where XBoard does not know the move (`Pe2e4`, `Se3xe5-e4`,
/// `b2xb7xa8q`), a promotion as `=Q` or a letter at the end. Every square between the first and
/// the last is where a leg ends: a victim when it holds an enemy piece, a point of the route when
/// it is empty. Without legs this is plain SAN, which in such a PGN names the move that removes
/// nothing off its destination: XBoard writes a kill square whenever there is one, so `Bf4` is
/// the bishop's plain move even where a shot also ends on f4 (which [`parse`] refuses as
/// ambiguous).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Legs {
    kind: PieceKind,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    squares: Vec<Square>,
    promotion: Option<char>,
}

/// Reads `text` as a move XBoard saved ([`Legs`]) and returns the legal move it names, or why it
/// names none; `None` when the text does not have that shape.
pub(super) fn parse_saved<B: Bits>(
    pos: &Position<B>,
    legal: &MoveList<B>,
    text: &str,
) -> Option<Result<MoveEntry<B>, MoveError>> {
    let v = pos.variant();
    let g = &v.geometry;
    let legs = read_legs(v, text)?;
    let (&to, written) = legs.squares.split_last()?;
    // Where the move may start, with the leg squares between it and `to`. When the text writes
    // the from square out (a square before the legs, no file or rank alone), that reading comes
    // first: XBoard writes it so for a move it does not know (`Se3xe5-e4`). Otherwise the move
    // starts where a legal move of that kind to `to` starts, and the written squares are all
    // legs; a leg never ends on another piece of the mover's side.
    let ours = pos.color_bb(pos.side_to_move());
    let mut readings: Vec<Vec<(Square, &[Square])>> = Vec::new();
    if let Some((&first, between)) = written.split_first()
        && legs.from_file.is_none()
        && legs.from_rank.is_none()
    {
        readings.push(vec![(first, between)]);
    }
    let mut starts: Vec<(Square, &[Square])> = Vec::new();
    for e in legal.iter() {
        let from = e.mv.from();
        if !matches!(e.mv.kind(), MoveKind::Drop | MoveKind::Pass)
            && e.mv.to() == to
            && pos.piece_at(from).kind() == legs.kind
            && legs.from_file.is_none_or(|f| g.file(from) == f)
            && legs.from_rank.is_none_or(|r| g.rank(from) == r)
            && written.iter().all(|&sq| sq == from || !ours.has(sq))
            && !starts.contains(&(from, written))
        {
            starts.push((from, written));
        }
    }
    readings.push(starts);
    // Each route as a coordinate chain, read by the coordinate parser (exact forms first, then
    // route aliases and chains that name only some victims, rules/README.md §4).
    let mut found: Vec<MoveEntry<B>> = Vec::new();
    let mut ambiguous = None;
    for routes in readings {
        for (from, between) in routes {
            if !ours.has(from) || pos.piece_at(from).kind() != legs.kind {
                continue;
            }
            let mut chain = g.square_name(from);
            for &sq in between {
                let name = g.square_name(sq);
                chain.push_str(&name);
                chain.push(',');
                chain.push_str(&name);
            }
            chain.push_str(&g.square_name(to));
            if let Some(p) = legs.promotion {
                chain.push(p.to_ascii_lowercase());
            }
            match super::parse_move_in(pos, legal, &chain) {
                Ok(entry) if !found.contains(&entry) => found.push(entry),
                Ok(_) => {}
                Err(e @ MoveError::Ambiguous { .. }) => ambiguous = Some(e),
                Err(_) => {}
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    Some(match found.len() {
        1 => Ok(found[0]),
        0 => Err(ambiguous.unwrap_or_else(|| MoveError::Illegal {
            input: text.to_string(),
            reason: None,
        })),
        _ => Err(MoveError::ambiguous(
            pos,
            text,
            &found.iter().collect::<Vec<_>>(),
        )),
    })
}

/// The shape of [`Legs`]: `[PIECE][file or rank][x]SQUARE([x-:]SQUARE)*[promotion]`, check and
/// annotation marks ignored; `None` for anything else.
fn read_legs<B: Bits>(v: &Variant<B>, text: &str) -> Option<Legs> {
    let g = &v.geometry;
    let s = text.trim_end_matches(['+', '#', '!', '?']);
    if !s.is_ascii() || s.is_empty() {
        return None;
    }
    let (letter, mut rest) = match s.as_bytes()[0] {
        c if c.is_ascii_uppercase() => (Some(c as char), &s[1..]),
        _ => (None, s),
    };
    // A promotion: `=Q`, `/Q`, `(Q)`, or a letter right after the last square (`a8q`, `a8Q`).
    let mut promotion = None;
    let b = rest.as_bytes();
    let n = b.len();
    if n >= 3 && b[n - 3] == b'(' && b[n - 2].is_ascii_alphabetic() && b[n - 1] == b')' {
        promotion = Some(b[n - 2] as char);
        rest = &rest[..n - 3];
    } else if n >= 1 && b[n - 1].is_ascii_alphabetic() {
        promotion = Some(b[n - 1] as char);
        rest = &rest[..n - 1];
        rest = rest.strip_suffix(['=', '/']).unwrap_or(rest);
    }
    // The capture mark right after the piece (`Qxd1-b3`), or a file or a rank alone before the
    // first square (`exd5-e4`, `R1b2`).
    let mut from_file = None;
    let mut from_rank = None;
    if let Some(after) = rest.strip_prefix(['x', ':'])
        && g.parse_square_prefix(after).is_some()
    {
        rest = after;
    } else if g.parse_square_prefix(rest).is_none() {
        let b = rest.as_bytes();
        match b.first()? {
            c @ b'a'..=b'z' if c - b'a' < g.files => {
                from_file = Some(c - b'a');
                rest = &rest[1..];
            }
            b'1'..=b'9' => {
                let digits = b.iter().take(2).take_while(|c| c.is_ascii_digit()).count();
                let rank: u8 = rest[..digits].parse().ok()?;
                if rank == 0 || rank > g.ranks {
                    return None;
                }
                from_rank = Some(rank - 1);
                rest = &rest[digits..];
            }
            _ => return None,
        }
        rest = rest.strip_prefix(['x', ':']).unwrap_or(rest);
    }
    let mut squares = Vec::new();
    loop {
        let (sq, used) = g.parse_square_prefix(rest)?;
        squares.push(sq);
        rest = &rest[used..];
        if rest.is_empty() {
            break;
        }
        rest = rest.strip_prefix(['x', '-', ':']).unwrap_or(rest);
    }
    let kind = match letter {
        Some(c) => v.kind_of_letter(c)?,
        None => PieceKind(v.kinds.iter().position(|k| k.letter == 'P')? as u8),
    };
    Some(Legs {
        kind,
        from_file,
        from_rank,
        squares,
        promotion,
    })
}
