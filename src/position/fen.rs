//! FEN reading and writing exactly as `rules/README.md` §3: holes as `*`, two-digit empty counts,
//! the hand in brackets after the board, and Shock Chess's `frozen` field. Reading parses, then
//! validates against the variant's rules; every refusal says what is wrong.

use crate::text::quoted;
use std::fmt;

use super::Position;
use crate::board::{Bits, Color, Piece, PieceKind, Square};
use crate::variants::{Barred, Variant};

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

impl<B: Bits> Position<B> {
    /// Reads a FEN of `variant`. Fields after the board may be missing (side `w`, no castling,
    /// no e.p., clocks 0 and 1).
    pub fn from_fen(variant: &'static Variant<B>, fen: &str) -> Result<Self, FenError> {
        let mut pos = Position::empty(variant);
        let mut fields = fen.split_whitespace();
        let board_field = match fields.next() {
            Some(f) => f,
            None => return err("empty FEN"),
        };
        let (board, hand) = split_hand(board_field)?;
        pos.read_board(board)?;
        if let Some(hand) = hand {
            pos.read_hand(hand)?;
        }
        pos.side = match fields.next() {
            None | Some("w") | Some("W") => Color::White,
            Some("b") | Some("B") => Color::Black,
            Some(s) => {
                return err(format!(
                    "side to move must be 'w' or 'b', not '{}'",
                    quoted(s)
                ));
            }
        };
        pos.read_castling(fields.next().unwrap_or("-"))?;
        pos.read_ep(fields.next().unwrap_or("-"))?;
        pos.halfmove = parse_number(fields.next(), 0, "halfmove clock")?;
        pos.fullmove = parse_number(fields.next(), 1, "fullmove number")?.max(1);
        match fields.next() {
            None => {}
            Some("frozen") if variant.flags.shock => pos.frozen = true,
            Some(s) => {
                return err(format!(
                    "unexpected field '{}' after the move number",
                    quoted(s)
                ));
            }
        }
        if let Some(s) = fields.next() {
            return err(format!("unexpected field '{}' at the end", quoted(s)));
        }
        pos.finish()
    }

    /// A position whose placement, hands and side are set: checked, then its checkers and key
    /// computed.
    fn finish(mut self) -> Result<Self, FenError> {
        self.validate()?;
        self.checkers = self.compute_checkers(self.side);
        self.key = self.compute_key();
        Ok(self)
    }

    /// The position of a packed training record: its pieces, the hands (per colour, the
    /// variant's hand kinds in order) and the side to move, with no castling or en-passant
    /// right and the clocks at their start; checked as a FEN's placement is.
    pub fn from_placement(
        variant: &'static Variant<B>,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        hands: [&[u8]; 2],
        side: Color,
    ) -> Result<Self, FenError> {
        let mut pos = Position::empty(variant);
        for (sq, p) in pieces {
            if sq.index() >= B::BITS as usize || !pos.piece_at(sq).is_none() {
                return err(format!(
                    "square {} is off the board or taken twice",
                    sq.index()
                ));
            }
            pos.put_piece(sq, p);
        }
        for (c, counts) in Color::BOTH.into_iter().zip(hands) {
            for (&k, &n) in variant.hand_kinds.iter().zip(counts) {
                pos.set_hand(c, k, n);
            }
        }
        pos.side = side;
        pos.finish()
    }

    fn read_board(&mut self, board: &str) -> Result<(), FenError> {
        let v = self.variant;
        let g = &v.geometry;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != g.ranks as usize {
            return err(format!(
                "the board needs {} ranks, the FEN has {}",
                g.ranks,
                rows.len()
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks as i32 - 1 - i as i32;
            let mut file: i32 = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap_or(0) as i32;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as i32);
                        chars.next();
                    }
                    if n == 0 {
                        return err(format!("rank {}: an empty count of 0", rank + 1));
                    }
                    file = file.saturating_add(n);
                } else if c == '*' {
                    if g.square(file, rank).is_some() {
                        return err(format!(
                            "'*' on {}, which is a square of the board",
                            name(file, rank)
                        ));
                    }
                    file += 1;
                } else {
                    let promoted = c == '+';
                    let letter = if promoted {
                        chars
                            .next()
                            .ok_or_else(|| FenError(format!("rank {}: '+' at the end", rank + 1)))?
                    } else {
                        c
                    };
                    let kind = self.letter_kind(letter, promoted)?;
                    if file >= g.files as i32 {
                        return err(format!("rank {} has more than {} files", rank + 1, g.files));
                    }
                    let sq = match g.square(file, rank) {
                        Some(sq) => sq,
                        None => {
                            return err(format!(
                                "a piece on {}, which is not part of the board",
                                name(file, rank)
                            ));
                        }
                    };
                    let color = if letter.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    self.put_piece(sq, Piece::new(color, kind));
                    file += 1;
                }
                if file > g.files as i32 {
                    return err(format!("rank {} has more than {} files", rank + 1, g.files));
                }
            }
            if file != g.files as i32 {
                return err(format!(
                    "rank {} has {} files, not {}",
                    rank + 1,
                    file,
                    g.files
                ));
            }
        }
        Ok(())
    }

    /// The kind of a board or hand letter. `+X` is the promoted form of X where the variant
    /// names one (Exciting's `+S` and `+M`, rules/README.md §3). A kind of the family's table that
    /// this member does not have is not one of its pieces.
    fn letter_kind(&self, letter: char, promoted: bool) -> Result<PieceKind, FenError> {
        let v = self.variant;
        let plus = if promoted { "+" } else { "" };
        if !letter.is_ascii_alphabetic() {
            return err(format!("'{plus}{letter}' is not a piece letter"));
        }
        let kind = if promoted {
            let up = letter.to_ascii_uppercase();
            v.promoted_letters.iter().find(|p| p.0 == up).map(|p| p.1)
        } else {
            v.kind_of_letter(letter)
        };
        match kind {
            Some(k) if !v.absent_kinds.contains(&k) => Ok(k),
            _ => err(format!("'{plus}{letter}' is not a piece of {}", v.name)),
        }
    }

    fn read_hand(&mut self, hand: &str) -> Result<(), FenError> {
        if hand.is_empty() || hand == "-" {
            return Ok(());
        }
        if !self.variant.flags.hands {
            return err(format!(
                "{} has no pieces in hand, but the FEN gives '[{hand}]'",
                self.variant.name
            ));
        }
        for c in hand.chars() {
            let kind = self.letter_kind(c, false)?;
            if !self.variant.hand_kinds.contains(&kind) {
                return err(format!("'{c}' cannot be in hand in {}", self.variant.name));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let n = self.hand_count(color, kind);
            if n as usize >= crate::board::zobrist::MAX_HAND_KEYED {
                return err("too many pieces in hand");
            }
            self.set_hand(color, kind, n + 1);
        }
        Ok(())
    }

    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        if self.variant.flags.castling_by_placement {
            // 3.2: the field carries no history; the placement decides.
            self.castling = self.implied_castling();
            return Ok(());
        }
        if field == "-" {
            return Ok(());
        }
        let v = self.variant;
        for c in field.chars() {
            let index = v
                .castles
                .iter()
                .position(|cs| cs.letter == c)
                .ok_or_else(|| {
                    FenError(format!(
                        "castling field: '{c}' is not a right of {}",
                        v.name
                    ))
                })?;
            let cs = &v.castles[index];
            // A right is lost when its king or rook leaves home, so it cannot stand without them.
            if self.piece_at(cs.king_from) != Piece::new(cs.color, v.king)
                || self.piece_at(cs.rook_from) != Piece::new(cs.color, cs.rook)
            {
                let color = cs.color.name().to_lowercase();
                return err(format!(
                    "castling right '{c}' needs the {color} king on {} and a {color} {} on {}",
                    v.geometry.square_name(cs.king_from),
                    v.kinds[cs.rook.index()].name.to_lowercase(),
                    v.geometry.square_name(cs.rook_from)
                ));
            }
            self.castling |= 1 << index;
        }
        Ok(())
    }

    fn read_ep(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let v = self.variant;
        let g = &v.geometry;
        let sq = g.parse_square(field).ok_or_else(|| {
            FenError(format!(
                "e.p. field '{}' is not a square of the board",
                quoted(field)
            ))
        })?;
        // Games without e.p. (Combined Arms, Pawnier) ignore the field: XBoard writes one after
        // their pawns' double steps all the same (PROTOCOL.md 1.3).
        let Some(pawn) = v.pawn.filter(|_| v.flags.en_passant) else {
            return Ok(());
        };
        // The square a pawn of the side that just moved has skipped with a double step from its
        // double-step zone: that start square and the skipped one are empty, the pawn stands
        // beyond. Whether a capture is possible does not matter (§3: both habits are read).
        let mover = self.side.flip();
        let who = mover.name().to_lowercase();
        let bad = |why: String| err(format!("e.p. square {}: {why}", g.square_name(sq)));
        let dr = if mover == Color::White { 1 } else { -1 };
        let from = g
            .offset(sq, 0, -dr)
            .filter(|&s| v.double_step_zone[mover.index()].has(s));
        let Some(from) = from else {
            return bad(format!(
                "with {} to move it must be a square a {who} pawn's double step skips",
                self.side.name()
            ));
        };
        if !self.piece_at(sq).is_none() {
            return bad("the square is occupied".into());
        }
        if !self.piece_at(from).is_none() {
            return bad(format!(
                "{} is occupied, so no pawn has just left it",
                g.square_name(from)
            ));
        }
        let beyond = g.offset(sq, 0, dr);
        let there = beyond.map(|to| self.piece_at(to));
        if there != Some(Piece::new(mover, pawn)) {
            // Shock Troops 1.3.3: the Ninja Pawn's double step gives no e.p. right.
            if let Some(j) = v
                .sidestep_pawn
                .filter(|&j| there == Some(Piece::new(mover, j)))
            {
                return bad(format!(
                    "a {}'s double step gives no e.p. right",
                    v.kinds[j.index()].name.to_lowercase()
                ));
            }
            return bad(match beyond {
                Some(to) => format!(
                    "no {who} pawn on {} that could just have double-stepped past it",
                    g.square_name(to)
                ),
                None => format!("no {who} pawn can have double-stepped past it"),
            });
        }
        self.ep = Some(sq);
        Ok(())
    }

    /// The variant's rules on a whole position (rules/README.md §3, last paragraph).
    fn validate(&self) -> Result<(), FenError> {
        let v = self.variant;
        let g = &v.geometry;
        for c in Color::BOTH {
            match self.pieces(c, v.king).count() {
                1 => {}
                0 => return err(format!("{} has no king", c.name())),
                n => return err(format!("{} has {n} kings", c.name())),
            }
        }
        for &(kind, zone) in &v.barred {
            for c in Color::BOTH {
                let on = self.pieces(c, kind) & v.barred_squares(c, zone);
                if let Some(sq) = on.iter().next() {
                    return err(format!(
                        "a {} {} on {}: {}",
                        c.name().to_lowercase(),
                        v.kinds[kind.index()].name.to_lowercase(),
                        g.square_name(sq),
                        match zone {
                            Barred::FirstRank => "it never stands on its first rank",
                            Barred::PromotionZone => "it must promote on arriving there",
                            Barred::LastRank => "it must promote on reaching its last rank",
                            Barred::LightSquares => "it only ever stands on dark squares",
                        }
                    ));
                }
            }
        }
        self.validate_hands()?;
        let them = self.side.flip();
        if let Some(k) = self.king_square(them)
            && self.is_attacked(k, self.side)
            && !self.frozen
        {
            return err(format!(
                "{} is to move and can capture the {} king",
                self.side.name(),
                them.name().to_lowercase()
            ));
        }
        if self.frozen && !v.flags.shock {
            return err("'frozen' is only a field of Shock Chess");
        }
        // Shock Chess 2.3.1: a frozen side moves after a General capture, not after a double step.
        if self.frozen
            && let Some(sq) = self.ep
        {
            return err(format!(
                "e.p. square {}: the side to move is frozen, so the last move captured a \
                 General and was no double step",
                g.square_name(sq)
            ));
        }
        Ok(())
    }

    /// Pieces in hand come from a supply (rules/README.md §3: a FEN that breaks the rules is
    /// refused). Without re-entry nothing ever joins a hand, so a hand never holds more of a kind
    /// than it starts with (Shock Troops 1.1 and ST-10, Pawnier A-P11). With re-entry (Exciting
    /// II.2.8) every captured piece of the kinds that join a hand as it (S and V) goes to the
    /// captor's hand, so the hands hold at most those of the start and those made by promotion
    /// (one per promoting piece gone) that are not on the board. Pieces on the board are not
    /// counted for their own sake, as in every variant.
    fn validate_hands(&self) -> Result<(), FenError> {
        let v = self.variant;
        let name = |k: PieceKind| v.kinds[k.index()].name.to_lowercase();
        let count = |c: Color, k: PieceKind| {
            self.pieces(c, k).count() as i32 + i32::from(self.hand_count(c, k))
        };
        let at_start = |c: Color, k: PieceKind| {
            i32::from(v.start_board[c.index()][k.index()] + v.start_hand[c.index()][k.index()])
        };
        for &k in &v.hand_kinds {
            let mut pool: Vec<PieceKind> = (0..v.kinds.len())
                .map(|i| PieceKind(i as u8))
                .filter(|&j| v.to_hand[j.index()] == Some(k))
                .collect();
            if pool.is_empty() {
                for c in Color::BOTH {
                    let (n, start) = (self.hand_count(c, k), v.start_hand[c.index()][k.index()]);
                    if n > start {
                        return err(format!(
                            "{} has {n} {}s in hand, more than the {start} of the start \
                             position (nothing ever joins a hand in {})",
                            c.name(),
                            name(k),
                            v.name
                        ));
                    }
                }
                continue;
            }
            if !pool.contains(&k) {
                pool.push(k);
            }
            let in_hands: i32 = Color::BOTH
                .iter()
                .map(|&c| i32::from(self.hand_count(c, k)))
                .sum();
            if in_hands == 0 {
                continue;
            }
            let (mut on_board, mut start, mut promoted) = (0, 0, 0);
            for c in Color::BOTH {
                for &p in &pool {
                    on_board += self.pieces(c, p).count() as i32;
                    start += at_start(c, p);
                }
                if pool.iter().any(|p| v.promotion_kinds.contains(p)) {
                    for p in v.promoting_kinds() {
                        promoted += (at_start(c, p) - count(c, p)).max(0);
                    }
                }
            }
            if in_hands + on_board > start + promoted {
                let names = pool
                    .iter()
                    .map(|&p| format!("{}s", name(p)))
                    .collect::<Vec<_>>()
                    .join(" and ");
                return err(format!(
                    "the hands hold {in_hands} {}s, but at most {} can be off the board: the \
                     game has {start} {names} at the start and {promoted} made by promotion, and \
                     {on_board} are on the board",
                    name(k),
                    (start + promoted - on_board).max(0)
                ));
            }
        }
        Ok(())
    }

    /// The position as a FEN.
    pub fn to_fen(&self) -> String {
        let v = self.variant;
        let g = &v.geometry;
        let mut s = String::new();
        for rank in (0..g.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..g.files as i32 {
                match g.square(file, rank) {
                    None => {
                        flush(&mut s, &mut empty);
                        s.push('*');
                    }
                    Some(sq) => {
                        let p = self.piece_at(sq);
                        if p.is_none() {
                            empty += 1;
                        } else {
                            flush(&mut s, &mut empty);
                            s.push(self.piece_char(p));
                        }
                    }
                }
            }
            flush(&mut s, &mut empty);
            if rank > 0 {
                s.push('/');
            }
        }
        if v.flags.hands {
            s.push('[');
            for c in Color::BOTH {
                for &k in &v.hand_kinds {
                    for _ in 0..self.hand_count(c, k) {
                        s.push(self.piece_char(Piece::new(c, k)));
                    }
                }
            }
            s.push(']');
        }
        s.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            s.push('-');
        }
        for (i, cs) in v.castles.iter().enumerate() {
            if self.castling & (1 << i) != 0 {
                s.push(cs.letter);
            }
        }
        match self.ep {
            Some(sq) => s.push_str(&format!(" {}", g.square_name(sq))),
            None => s.push_str(" -"),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if self.frozen {
            s.push_str(" frozen");
        }
        s
    }

    /// The board as letters, rank by rank from the first (White's) rank, file by file: a
    /// piece's FEN letter (upper case White), `'*'` for a hole, `None` for an empty square.
    pub fn cells(&self) -> Vec<Vec<Option<char>>> {
        let g = &self.variant.geometry;
        (0..g.ranks as i32)
            .map(|rank| {
                (0..g.files as i32)
                    .map(|file| match g.square(file, rank) {
                        None => Some('*'),
                        Some(sq) => {
                            let p = self.piece_at(sq);
                            (!p.is_none()).then(|| self.piece_char(p))
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The pieces in both hands as FEN letters (upper case White), White's first, each kind in
    /// the variant's hand order: the FEN's `[...]` field.
    pub fn hand_letters(&self) -> Vec<char> {
        let mut out = Vec::new();
        for c in Color::BOTH {
            for &k in &self.variant.hand_kinds {
                let letter = self.piece_char(Piece::new(c, k));
                out.extend(std::iter::repeat_n(
                    letter,
                    usize::from(self.hand_count(c, k)),
                ));
            }
        }
        out
    }

    /// The FEN letter of a piece.
    pub fn piece_char(&self, p: Piece) -> char {
        let c = self.variant.letter(p.kind());
        match p.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The name of a square of this position's board.
    pub fn square_name(&self, sq: Square) -> String {
        self.variant.geometry.square_name(sq)
    }
}

fn flush(s: &mut String, empty: &mut u32) {
    if *empty > 0 {
        s.push_str(&empty.to_string());
        *empty = 0;
    }
}

/// A square's name from its coordinates, also for coordinates that are not a square.
fn name(file: i32, rank: i32) -> String {
    match u8::try_from(file) {
        Ok(f) if f < 26 => format!("{}{}", (b'a' + f) as char, rank + 1),
        _ => format!("file {} rank {}", file + 1, rank + 1),
    }
}

/// Splits `board[hand]` into its two parts.
fn split_hand(field: &str) -> Result<(&str, Option<&str>), FenError> {
    match field.find('[') {
        None => {
            if field.contains(']') {
                return err("']' without '['");
            }
            Ok((field, None))
        }
        Some(open) => {
            let rest = &field[open + 1..];
            match rest.find(']') {
                Some(close) if close + 1 == rest.len() => {
                    Ok((&field[..open], Some(&rest[..close])))
                }
                Some(_) => err("text after the hand's ']'"),
                None => err("the hand's '[' is not closed"),
            }
        }
    }
}

fn parse_number(field: Option<&str>, default: u16, what: &str) -> Result<u16, FenError> {
    match field {
        None | Some("-") => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| FenError(format!("{what} '{}' is not a number", quoted(s)))),
    }
}
