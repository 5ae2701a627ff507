//! Opening books: start positions for a match, read from EPD (one position a line) or PGN (the
//! moves of each game), checked with our rules, plus the books built into the binary
//! (`benches/openings/<variant>.epd`, written by `menagerie book`).
//!
//! A book entry is a start FEN (or the variant's start position) and the canonical move strings
//! played from it. Every position and move is checked here, so a match never starts from a
//! position our rules refuse, and every error names the line it comes from.

use std::path::Path;

use crate::game::AnyGame;
use crate::notation::pgn::{self, PgnGame};
use crate::variants::{AnyVariant, lookup};

/// One opening: where it starts and the moves played from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The start FEN as our rules write it; `None` for the variant's start position.
    pub fen: Option<String>,
    /// Canonical move strings (rules/README.md §4) played from the start.
    pub moves: Vec<String>,
}

/// How a book is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// One position a line: a FEN, then EPD opcodes (ignored).
    Epd,
    /// Games; each game's moves up to its end make one entry.
    Pgn,
}

impl BookFormat {
    /// The format a file name says (`.epd`, `.pgn`, any case), if it says one.
    pub fn from_extension(path: &Path) -> Option<BookFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "epd" => Some(BookFormat::Epd),
            "pgn" => Some(BookFormat::Pgn),
            _ => None,
        }
    }

    /// The format of a text: PGN when a line starts with a tag (`[`) or the first line that says
    /// anything starts with a move number (`1.`), EPD otherwise.
    pub fn detect(text: &str) -> BookFormat {
        let mut lines = text
            .lines()
            .map(str::trim_start)
            .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'));
        let starts_with_move_number = |l: &str| {
            let digits = l.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && l[digits..].starts_with('.')
        };
        match lines.next() {
            Some(first) if starts_with_move_number(first) => BookFormat::Pgn,
            Some(first) if first.starts_with('[') => BookFormat::Pgn,
            _ if lines.any(|l| l.starts_with('[')) => BookFormat::Pgn,
            _ => BookFormat::Epd,
        }
    }
}

/// Reads a book file: the format by extension, else by content ([`BookFormat::detect`]). Errors
/// name the file and, for a bad position or move, the line.
pub fn load(path: &Path, variant: AnyVariant) -> Result<Vec<BookEntry>, String> {
    let text = pgn::read_file(path)
        .map_err(|e| format!("cannot read the book {}: {e}", path.display()))?;
    let format = BookFormat::from_extension(path).unwrap_or_else(|| BookFormat::detect(&text));
    parse(&text, format, variant).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a book from text. An error says which line is wrong and why; a book without a single
/// position is an error too.
pub fn parse(
    text: &str,
    format: BookFormat,
    variant: AnyVariant,
) -> Result<Vec<BookEntry>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let entries = match format {
        BookFormat::Epd => parse_epd(text, variant)?,
        BookFormat::Pgn => parse_pgn(text, variant)?,
    };
    if entries.is_empty() {
        return Err(format!(
            "the book holds no {} position",
            match format {
                BookFormat::Epd => "EPD",
                BookFormat::Pgn => "PGN",
            }
        ));
    }
    Ok(entries)
}

/// The book built into the binary for a variant (EPD text, from its registry entry), `None` for
/// an unknown name or a game without one.
pub fn builtin(variant_name: &str) -> Option<&'static str> {
    Some(crate::variants::registry::game(variant_name)?.book).filter(|b| !b.is_empty())
}

/// The FEN part of an EPD line: the four EPD fields, the two move counters when both follow as
/// numbers, and Shock Chess's `frozen` word when it follows; everything after that (opcodes such
/// as `bm Nf3; id "x";` or `c0 "..."`) is not part of the position.
fn epd_fen(line: &str) -> Result<String, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!(
            "an EPD position needs 4 fields (board, side to move, castling, en passant), this \
             line has {}",
            fields.len()
        ));
    }
    let mut used = 4;
    let is_number = |s: &&str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if fields.get(4).is_some_and(is_number) && fields.get(5).is_some_and(is_number) {
        used = 6;
    }
    if fields.get(used) == Some(&"frozen") {
        // The frozen word comes after the counters; a FEN without them gets the defaults.
        let mut fen = fields[..used].join(" ");
        if used == 4 {
            fen.push_str(" 0 1");
        }
        fen.push_str(" frozen");
        return Ok(fen);
    }
    Ok(fields[..used].join(" "))
}

fn parse_epd(text: &str, variant: AnyVariant) -> Result<Vec<BookEntry>, String> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", index + 1);
        let fen = epd_fen(line).map_err(at)?;
        let game = AnyGame::new(variant, Some(&fen)).map_err(at)?;
        if let Some(outcome) = game.outcome() {
            return Err(at(format!(
                "the game is already over in '{fen}' ({}), nothing is left to play",
                outcome.reason()
            )));
        }
        entries.push(BookEntry {
            fen: Some(game.fen()),
            moves: Vec::new(),
        });
    }
    Ok(entries)
}

/// Reads the games of a PGN with the shared reader ([`crate::notation::pgn`]) and plays each one.
fn parse_pgn(text: &str, variant: AnyVariant) -> Result<Vec<BookEntry>, String> {
    pgn::games(text)
        .enumerate()
        .map(|(i, game)| play_pgn_game(&game?, i + 1, variant))
        .collect()
}

/// Whether a PGN `Variant` tag names `variant` (our names in any case; `Standard` and XBoard's
/// `normal` for chess, [`pgn::variant_name`]).
fn variant_tag_matches(tag: &str, variant: AnyVariant) -> bool {
    lookup(&pgn::variant_name(tag)).is_some_and(|v| v.name() == variant.name())
}

/// Plays one game's moves with our rules; the entry holds the canonical strings.
fn play_pgn_game(game: &PgnGame, number: usize, variant: AnyVariant) -> Result<BookEntry, String> {
    let which = format!("game {number} (line {})", game.line);
    if let Some(tag) = game.tag("Variant")
        && !variant_tag_matches(tag, variant)
    {
        return Err(format!(
            "{which}: its Variant tag '{tag}' is not {}",
            variant.name()
        ));
    }
    let fen = game.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
    let mut referee = AnyGame::new(variant, fen).map_err(|e| format!("{which}: FEN tag: {e}"))?;
    let start_fen = fen.map(|_| referee.fen());
    let mut moves = Vec::with_capacity(game.moves.len());
    for (ply, (line, mv)) in game.moves.iter().enumerate() {
        let at = format!(
            "line {line}: move '{mv}' (ply {} of game {number})",
            ply + 1
        );
        if let Some(outcome) = referee.outcome() {
            return Err(format!(
                "{at}: the game is already over ({})",
                outcome.reason()
            ));
        }
        moves.push(referee.apply_pgn(mv).map_err(|e| format!("{at}: {e}"))?);
    }
    if let Some(outcome) = referee.outcome() {
        return Err(format!(
            "{which}: its moves end the game ({}), so it leaves nothing to play",
            outcome.reason()
        ));
    }
    Ok(BookEntry {
        fen: start_fen,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_fen_fields() {
        assert_eq!(epd_fen("8/8 w - - bm e4;").unwrap(), "8/8 w - -");
        assert_eq!(
            epd_fen("8/8 w - - 3 20 ; c0 \"x\"").unwrap(),
            "8/8 w - - 3 20"
        );
        // One number alone may be an opcode's operand; it is not taken for the counters.
        assert_eq!(epd_fen("8/8 w - - 3 x").unwrap(), "8/8 w - -");
        assert_eq!(epd_fen("8/8 w - - frozen").unwrap(), "8/8 w - - 0 1 frozen");
        assert_eq!(
            epd_fen("8/8 b - - 0 7 frozen").unwrap(),
            "8/8 b - - 0 7 frozen"
        );
        assert!(epd_fen("8/8 w -").is_err());
    }

    #[test]
    fn format_detection() {
        assert_eq!(
            BookFormat::detect("# c\n\n[Event \"x\"]\n"),
            BookFormat::Pgn
        );
        assert_eq!(BookFormat::detect("1. e2e4 e7e5 *\n"), BookFormat::Pgn);
        assert_eq!(BookFormat::detect("8/8/8 w - -\n"), BookFormat::Epd);
        assert_eq!(
            BookFormat::from_extension(Path::new("a/b.PGN")),
            Some(BookFormat::Pgn)
        );
        assert_eq!(BookFormat::from_extension(Path::new("b.txt")), None);
    }
}
