//! Reading PGN: the one reader behind `menagerie replay` and the PGN opening books
//! (`matchplay::book`).
//!
//! It takes PGN as `menagerie match` writes it (canonical move strings, rules/README.md §4, with
//! `0000` for a pass) and as other tools write it: XBoard 4.9.1 (SAN, `O-O`, drops `S@f6`, a pass
//! as `--`, `[Variant "shockchess"]`, PROTOCOL.md 4.1, 4.6, 4.9), cutechess-cli and the PGN
//! standard. Tags, comments (`{...}` and `;` to the end of the line), `%` escape lines, NAGs
//! (`$14`), annotation suffixes (`!?`), variations (`(...)`, nested, skipped), move numbers
//! (`12.`, `12...`, glued or not) and results are taken apart here; the moves are handed on as
//! written, for [`super::parse_pgn_move`] to match against the legal moves.
//!
//! Input is bounded: a file of more than [`MAX_PGN_BYTES`] is refused before it is read to the
//! end, and so are a word of movetext longer than [`MAX_WORD_BYTES`], a tag longer than
//! [`MAX_TAG_BYTES`], a game with more than [`MAX_GAME_PLIES`] moves or [`MAX_GAME_TAGS`] tags,
//! text that is not UTF-8 and control characters (a binary file). Games are read one at a time
//! ([`games`]), so a reader holds one game, not the whole file taken apart.

use std::io::Read;
use std::path::Path;

/// The largest PGN (or book) file read: 64 MiB, far more than a long match writes (a game of
/// a few hundred plies takes a few kilobytes).
pub const MAX_PGN_BYTES: usize = 64 * 1024 * 1024;

/// The longest word of movetext: a move with its number and annotations, or a result. The
/// longest move strings of our variants (checker multi-jumps, kill chains) stay below 100.
pub const MAX_WORD_BYTES: usize = 1024;

/// The longest tag pair, `[Name "value"]` (a FEN of an 11x11 board takes about 150).
pub const MAX_TAG_BYTES: usize = 16 * 1024;

/// The most moves one game may hold; far beyond any game played (the 50-move rule ends chess
/// games well before 18,000 plies).
pub const MAX_GAME_PLIES: usize = 100_000;

/// The most tags one game may hold.
pub const MAX_GAME_TAGS: usize = 1_000;

/// Reads a PGN or book file as text: at most [`MAX_PGN_BYTES`], UTF-8, without a byte-order
/// mark. The error says why, without the path (the caller names the file).
pub fn read_file(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let too_large = || {
        format!(
            "larger than {} MiB, the most a PGN or book file may hold; refused",
            MAX_PGN_BYTES / (1024 * 1024)
        )
    };
    // A regular file says its size; devices and pipes (`/dev/zero`) are read up to one byte past
    // the limit.
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && meta.len() > MAX_PGN_BYTES as u64
    {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_PGN_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > MAX_PGN_BYTES {
        return Err(too_large());
    }
    decode(bytes)
}

/// Bytes as text: UTF-8 (which includes ASCII), a leading byte-order mark dropped. A PGN saved in
/// another encoding (the PGN standard's Latin-1, say) is refused with the line of the first byte
/// that is not UTF-8.
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            Ok(text)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
            Err(format!(
                "line {line}: byte 0x{:02X} is not UTF-8; the file must be UTF-8 text (convert a \
                 Latin-1 PGN first, e.g. with iconv -f latin1 -t utf-8)",
                bytes[at]
            ))
        }
    }
}

/// What the reader sees in PGN text: comments, NAGs, variations, escape lines and move numbers
/// already dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `[Name "value"]`, the value with `\"` and `\\` unescaped.
    Tag(String, String),
    /// A move as written, without its move number and `!`/`?` annotations.
    Move(&'a str),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
}

/// A word of movetext as a token: a result, a move (with any move number glued to its front and
/// `!`/`?` annotations removed), or nothing (a move number or an annotation alone).
pub fn movetext_token(word: &str) -> Option<Token<'_>> {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return Some(Token::Result(word));
    }
    // `12.`, `12...` and `12.e2e4` are move numbers; a word of digits alone is a move: `0000`,
    // the pass (rules/README.md §4).
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = match word[digits..].strip_prefix('.') {
        Some(after) => after.trim_start_matches('.'),
        None => word,
    };
    let mv = rest.trim_end_matches(['!', '?']);
    // `Z0` is the null move of ChessBase and of XBoard's reader (PROTOCOL.md 4.9); it names no
    // square of any board, so it can only be a pass.
    let mv = if mv == "Z0" { "--" } else { mv };
    (!mv.is_empty()).then_some(Token::Move(mv))
}

/// The tokens of PGN text with the line each starts on; see [`tokens`].
#[derive(Debug)]
pub struct Tokens<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    /// The line each open variation starts on.
    variations: Vec<usize>,
    /// Whether `at` is at the start of a line (where `%` starts an escape line).
    line_start: bool,
    /// An error found before reading (a control character), given first.
    pending: Option<String>,
    done: bool,
}

/// Splits PGN text into tokens, each with its line number. Comments (`{...}`, `;` to the end of
/// the line), NAGs (`$n`), `%` escape lines and variations (`(...)`, nested, with their own
/// comments) are skipped. After an error the iterator ends.
pub fn tokens(text: &str) -> Tokens<'_> {
    let pending = text
        .bytes()
        .position(|b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r')) || b == 0x7f)
        .map(|at| {
            let line = 1 + text.as_bytes()[..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            format!(
                "line {line}: control character 0x{:02X}; this is not PGN text",
                text.as_bytes()[at]
            )
        });
    Tokens {
        text,
        at: 0,
        line: 1,
        variations: Vec::new(),
        line_start: true,
        pending,
        done: false,
    }
}

/// ASCII bytes that end a word of movetext (outside ASCII, Unicode white space does).
fn ends_word(b: u8) -> bool {
    b.is_ascii_whitespace()
        || matches!(
            b,
            0x0b | b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$'
        )
}

impl<'a> Tokens<'a> {
    fn fail(&mut self, message: String) -> Option<Result<(usize, Token<'a>), String>> {
        self.done = true;
        Some(Err(message))
    }

    /// Moves `at` to the next `\n` (not past it), or to the end.
    fn skip_to_line_end(&mut self) {
        let rest = &self.text.as_bytes()[self.at..];
        self.at += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    }

    /// The end of the word starting at `at`.
    fn word_end(&self) -> usize {
        let bytes = self.text.as_bytes();
        let mut i = self.at;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii() {
                if ends_word(b) {
                    break;
                }
                i += 1;
            } else {
                let c = self.text[i..].chars().next().unwrap_or(' ');
                if c.is_whitespace() {
                    break;
                }
                i += c.len_utf8();
            }
        }
        i
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<(usize, Token<'a>), String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if let Some(e) = self.pending.take() {
            return self.fail(e);
        }
        let bytes = self.text.as_bytes();
        loop {
            let Some(&b) = bytes.get(self.at) else {
                self.done = true;
                return self.variations.last().map(|opened| {
                    Err(format!(
                        "line {opened}: the variation opened here is never closed"
                    ))
                });
            };
            let line_start = std::mem::replace(&mut self.line_start, b == b'\n');
            match b {
                b'\n' => {
                    self.line += 1;
                    self.at += 1;
                }
                b'%' if line_start => self.skip_to_line_end(),
                b';' => self.skip_to_line_end(),
                b'{' => {
                    let opened = self.line;
                    let rest = &bytes[self.at + 1..];
                    let Some(len) = rest.iter().position(|&b| b == b'}') else {
                        return self.fail(format!(
                            "line {opened}: the comment opened here is never closed"
                        ));
                    };
                    self.line += rest[..len].iter().filter(|&&b| b == b'\n').count();
                    self.at += len + 2;
                }
                b'(' => {
                    self.variations.push(self.line);
                    self.at += 1;
                }
                b')' => {
                    if self.variations.pop().is_none() {
                        let line = self.line;
                        return self.fail(format!("line {line}: ')' closes no variation"));
                    }
                    self.at += 1;
                }
                b'$' => {
                    self.at += 1;
                    while bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                        self.at += 1;
                    }
                }
                b'[' if self.variations.is_empty() => {
                    let line = self.line;
                    return match read_tag(self.text, self.at) {
                        Ok((name, value, end)) => {
                            self.at = end;
                            Some(Ok((line, Token::Tag(name, value))))
                        }
                        Err(e) => self.fail(format!("line {line}: {e}")),
                    };
                }
                b if b.is_ascii_whitespace() || b == 0x0b => self.at += 1,
                _ => {
                    let end = self.word_end();
                    let line = self.line;
                    if end == self.at {
                        let c = self.text[self.at..].chars().next().unwrap_or(' ');
                        if c.is_whitespace() {
                            self.at += c.len_utf8();
                            continue;
                        }
                        return self.fail(format!("line {line}: unexpected '{c}'"));
                    }
                    let word = &self.text[self.at..end];
                    if word.len() > MAX_WORD_BYTES {
                        let head: String = word.chars().take(20).collect();
                        return self.fail(format!(
                            "line {line}: a word of {} bytes ('{head}...'); no move, move \
                             number or result is longer than {MAX_WORD_BYTES}",
                            word.len()
                        ));
                    }
                    self.at = end;
                    if self.variations.is_empty()
                        && let Some(token) = movetext_token(word)
                    {
                        return Some(Ok((line, token)));
                    }
                }
            }
        }
    }
}

/// Reads `[Name "value"]` starting at `text[start] == '['`; returns the name, the value (`\"`
/// and `\\` unescaped) and the index after `]`. A tag stays on one line and within
/// [`MAX_TAG_BYTES`]; nothing past that is looked at.
fn read_tag(text: &str, start: usize) -> Result<(String, String, usize), String> {
    let mut window = (start + MAX_TAG_BYTES).min(text.len());
    while !text.is_char_boundary(window) {
        window -= 1;
    }
    let (line_end, cut) = match text[start..window].find('\n') {
        Some(n) => (start + n, false),
        None => (window, window < text.len()),
    };
    tag_pair(&text[start + 1..line_end])
        .map(|(name, value, used)| (name, value, start + 1 + used))
        .map_err(|e| {
            if cut {
                format!("a tag of more than {MAX_TAG_BYTES} bytes; refused")
            } else {
                e
            }
        })
}

/// A tag pair after its `[`: the name, the value and the bytes used up to and with the `]`.
fn tag_pair(tag: &str) -> Result<(String, String, usize), String> {
    let rest = tag.trim_start_matches(is_tag_blank);
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    if name.is_empty() {
        return Err("a tag without a name".to_string());
    }
    let rest = rest[name_len..].trim_start_matches(is_tag_blank);
    let Some(quoted) = rest.strip_prefix('"') else {
        return Err(format!("tag {name}: the value must be a quoted string"));
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices().peekable();
    let after_value = loop {
        let Some((i, c)) = chars.next() else {
            return Err(format!("tag {name}: the value is never closed"));
        };
        match c {
            '"' => break i + 1,
            // `\"` and `\\` stand for the character; any other backslash is itself.
            '\\' => match chars.next_if(|&(_, e)| e == '"' || e == '\\') {
                Some((_, escaped)) => value.push(escaped),
                None => value.push('\\'),
            },
            c => value.push(c),
        }
    };
    let after = quoted[after_value..].trim_start_matches(is_tag_blank);
    if !after.starts_with(']') {
        return Err(format!("tag {name}: ']' expected after the value"));
    }
    Ok((name.to_string(), value, tag.len() - after.len() + 1))
}

/// Blanks inside a tag pair (the tag never crosses a line).
fn is_tag_blank(c: char) -> bool {
    c != '\n' && c.is_whitespace()
}

/// One game as read: the line it starts on, its tags in order, its moves as written with their
/// lines, and the result token that ends its movetext, if one does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub line: usize,
    pub tags: Vec<(String, String)>,
    pub moves: Vec<(usize, String)>,
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag (the name in any case; the first one when a name is repeated).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The game's variant, by our names: the `Variant` tag, lower case, with `Standard`,
    /// `orthodox` and XBoard's `normal` (and no tag, or an empty one) meaning chess. Whether
    /// the name is known is for the caller to find out.
    pub fn variant_name(&self) -> String {
        variant_name(self.tag("Variant").unwrap_or(""))
    }

    /// The result: the `Result` tag, else the token that ends the movetext, else `*`.
    pub fn result(&self) -> &str {
        self.tag("Result").or(self.result.as_deref()).unwrap_or("*")
    }
}

/// Our name for the value of a PGN `Variant` tag: lower case, blanks trimmed; `standard`,
/// `orthodox`, `normal` (XBoard) and an empty value mean `chess`. XBoard writes an engine-defined
/// variant under the engine's name (`[Variant "shockchess"]`, PROTOCOL.md 4.1) and no tag for
/// chess.
pub fn variant_name(tag: &str) -> String {
    let tag = tag.trim().to_ascii_lowercase();
    match tag.as_str() {
        "" | "standard" | "orthodox" | "normal" | "chess" => "chess".to_string(),
        _ => tag,
    }
}

/// The games of a PGN text, one at a time; see [`games`].
#[derive(Debug)]
pub struct Games<'a> {
    tokens: Tokens<'a>,
    current: Option<PgnGame>,
    done: bool,
}

/// Reads the games of a PGN text. A game is its tags and the moves after them, up to a result
/// token or the next game's tags; moves without tags before them make a game too. An error (a
/// syntax error with its line, or a game over the limits) ends the iteration.
pub fn games(text: &str) -> Games<'_> {
    Games {
        tokens: tokens(text),
        current: None,
        done: false,
    }
}

impl Games<'_> {
    fn fail(&mut self, message: String) -> Option<Result<PgnGame, String>> {
        self.done = true;
        Some(Err(message))
    }
}

impl Iterator for Games<'_> {
    type Item = Result<PgnGame, String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let (line, token) = match self.tokens.next() {
                None => {
                    self.done = true;
                    return self.current.take().map(Ok);
                }
                Some(Err(e)) => return self.fail(e),
                Some(Ok(t)) => t,
            };
            let new_game = || PgnGame {
                line,
                ..PgnGame::default()
            };
            match token {
                Token::Tag(name, value) => {
                    // Tags after moves begin the next game (the last one had no result).
                    let finished = self.current.take_if(|g| !g.moves.is_empty());
                    let game = self.current.get_or_insert_with(new_game);
                    if game.tags.len() == MAX_GAME_TAGS {
                        let start = game.line;
                        return self.fail(format!(
                            "line {line}: the game of line {start} has more than \
                             {MAX_GAME_TAGS} tags; refused"
                        ));
                    }
                    game.tags.push((name, value));
                    if finished.is_some() {
                        return finished.map(Ok);
                    }
                }
                Token::Move(mv) => {
                    let game = self.current.get_or_insert_with(new_game);
                    if game.moves.len() == MAX_GAME_PLIES {
                        let start = game.line;
                        return self.fail(format!(
                            "line {line}: the game of line {start} has more than \
                             {MAX_GAME_PLIES} moves; refused"
                        ));
                    }
                    game.moves.push((line, mv.to_string()));
                }
                Token::Result(result) => {
                    let mut game = self.current.take().unwrap_or_else(new_game);
                    game.result = Some(result.to_string());
                    return Some(Ok(game));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        tokens(text)
            .filter_map(|t| match t.unwrap().1 {
                Token::Move(m) => Some(m.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn movetext_words() {
        fn mv(w: &str) -> Option<&str> {
            match movetext_token(w) {
                Some(Token::Move(m)) => Some(m),
                _ => None,
            }
        }
        assert_eq!(mv("12.e2e4"), Some("e2e4"));
        assert_eq!(mv("12...Nf6!?"), Some("Nf6"));
        assert_eq!(mv("0000"), Some("0000"));
        assert_eq!(mv("--"), Some("--"));
        assert_eq!(mv("Z0"), Some("--"));
        assert_eq!(mv("@@@@"), Some("@@@@"));
        assert_eq!(mv("e8e9+"), Some("e8e9+"));
        assert_eq!(mv("7."), None);
        assert_eq!(mv("7..."), None);
        assert_eq!(mv("!!"), None);
        assert_eq!(movetext_token("1/2-1/2"), Some(Token::Result("1/2-1/2")));
    }

    #[test]
    fn passes_are_moves_and_numbers_are_not() {
        assert_eq!(
            moves("1. d1d2 0000 2. d2d3 -- 3.@@@@ 3... e1e2 *"),
            ["d1d2", "0000", "d2d3", "--", "@@@@", "e1e2"]
        );
    }

    #[test]
    fn comments_variations_nags_and_escapes() {
        let text = "% escape\n[A \"x\\\"y\"]\n1. e4 {a (b} $1 (1. d4 {c} (1. c4) d5) e5 ; rest\n\
                    2. Nf3 *";
        let all: Vec<(usize, Token)> = tokens(text).map(Result::unwrap).collect();
        assert_eq!(
            all,
            [
                (2, Token::Tag("A".into(), "x\"y".into())),
                (3, Token::Move("e4")),
                (3, Token::Move("e5")),
                (4, Token::Move("Nf3")),
                (4, Token::Result("*")),
            ]
        );
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let err = |text: &str| tokens(text).find_map(Result::err).unwrap();
        assert!(err("1. e4\n{open").starts_with("line 2:"));
        assert!(err("1. e4\n(1. d4").starts_with("line 2:"));
        assert!(err("1. e4 )").starts_with("line 1:"));
        assert!(err("\n[Event x]").starts_with("line 2:"));
        assert!(err("[Event \"x]\n").contains("never closed"));
        assert!(err("1. e4\n\n\0").starts_with("line 3: control character 0x00"));
        let long = "e".repeat(MAX_WORD_BYTES + 1);
        assert!(err(&long).contains("a word of"));
        let tag = format!("[Event \"{}\"]", "x".repeat(MAX_TAG_BYTES));
        assert!(err(&tag).contains("more than"), "{}", err(&tag));
    }

    #[test]
    fn games_split_at_results_and_tags() {
        let text = "1. e4 *\n[A \"1\"]\n1. d4\n[B \"2\"]\n[C \"3\"]\n1. c4 1-0\n";
        let all: Vec<PgnGame> = games(text).map(Result::unwrap).collect();
        assert_eq!(all.len(), 3);
        assert_eq!(all[0].moves, [(1, "e4".to_string())]);
        assert_eq!(all[0].result(), "*");
        assert_eq!(all[1].tag("a"), Some("1"));
        assert_eq!(all[1].result, None);
        assert_eq!(all[2].line, 4);
        assert_eq!(all[2].tags.len(), 2);
        assert_eq!(all[2].result(), "1-0");
    }

    #[test]
    fn variant_names() {
        assert_eq!(variant_name(" Normal "), "chess");
        assert_eq!(variant_name("Standard"), "chess");
        assert_eq!(variant_name(""), "chess");
        assert_eq!(variant_name("ShockChess"), "shockchess");
    }

    #[test]
    fn decoding() {
        assert_eq!(decode(b"\xef\xbb\xbf1. e4".to_vec()).unwrap(), "1. e4");
        let err = decode(b"[Event \"x\"]\n[White \"J\xf6rg\"]".to_vec()).unwrap_err();
        assert!(err.starts_with("line 2: byte 0xF6 is not UTF-8"), "{err}");
    }
}
