//! Reference move generator for Pawnier Chess, used only by the test suite.
//!
//! This is a deliberately slow, simple, independent implementation of the rules of
//! `pawnier` (see `shared/rules/pawnier.md`, decisions A-P1..A-P15, and
//! `shared/rules/README.md` for the FEN and move notation), written from the rules text
//! alone. It exists to cross-check the real engine's perft counts and move lists. It
//! shares no code with the engine under `src/`.
//!
//! Board: a plain mailbox of 9 files (a–i) × 11 ranks (1–11), square index
//! = rank * 9 + file (0-based, a1 = 0, i1 = 8, a11 = 90). The three holes c5, e6 and g7
//! are not squares: nothing stands on them, steps and slides cannot enter or pass them,
//! leaps ignore them on the way but cannot land on them.
//!
//! Pawn powers are never cached: every question ("what may this pawn do", "is this
//! square attacked") looks at the friendly pawns and knights around the pawn in the
//! position at hand. Legality: make the move on a copy, then ask whether the mover's king
//! is attacked by any enemy piece (powers worked out again in the new position).

#![allow(dead_code)]

use std::fmt::Write as _;

pub const FILES: i32 = 9;
pub const RANKS: i32 = 11;
const NSQ: usize = (FILES * RANKS) as usize;

/// Start position (rules file §I.1).
pub const PAWNIER_START: &str =
    "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1";

/// The holes as (file, rank), both 0-based: c5, e6, g7.
const HOLES: [(i32, i32); 3] = [(2, 4), (4, 5), (6, 6)];

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// Rank direction of "forward": +1 for White, -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Kind {
    King,
    Sergeant,
    Knight,
    Pawn,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Sergeant => 'S',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'S' => Some(Kind::Sergeant),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
struct Piece {
    color: Color,
    kind: Kind,
}

impl Piece {
    fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// A move: a piece moving (with an optional promotion of a sergeant) or a reserve pawn drop.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Mv {
    Normal {
        from: (i32, i32),
        to: (i32, i32),
        promo: Option<Kind>,
    },
    Drop {
        to: (i32, i32),
    },
}

fn is_hole(f: i32, r: i32) -> bool {
    HOLES.contains(&(f, r))
}

/// A real square: on the board and not a hole.
fn is_square(f: i32, r: i32) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r) && !is_hole(f, r)
}

fn idx(f: i32, r: i32) -> usize {
    debug_assert!((0..FILES).contains(&f) && (0..RANKS).contains(&r));
    (r * FILES + f) as usize
}

fn square_name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct PawnierPos {
    board: [Option<Piece>; NSQ],
    side: Color,
    /// Reserve pawns: `hand[0]` White, `hand[1]` Black.
    hand: [u32; 2],
    halfmove: u32,
    fullmove: u32,
}

impl PawnierPos {
    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        if is_square(f, r) {
            self.board[idx(f, r)]
        } else {
            None
        }
    }

    fn set(&mut self, (f, r): (i32, i32), p: Option<Piece>) {
        assert!(is_square(f, r), "reference: writing to a non-square");
        self.board[idx(f, r)] = p;
    }

    /// True if a piece of colour `c` and kind `k` stands on (f, r).
    fn has(&self, f: i32, r: i32, c: Color, k: Kind) -> bool {
        self.at(f, r) == Some(Piece { color: c, kind: k })
    }

    // ------------------------------------------------------------------ FEN in

    pub fn from_fen(fen: &str) -> Result<PawnierPos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!(
                "FEN '{fen}': needs at least a board and a side to move, found {} field(s)",
                fields.len()
            ));
        }
        if fields.len() > 6 {
            return Err(format!("FEN '{fen}': too many fields ({})", fields.len()));
        }

        // Board and holdings.
        let (board_txt, hand_txt) = match fields[0].find('[') {
            Some(i) => {
                let rest = &fields[0][i + 1..];
                let Some(inner) = rest.strip_suffix(']') else {
                    return Err(format!("FEN '{fen}': holdings '[' without a closing ']'"));
                };
                (&fields[0][..i], inner)
            }
            None => (fields[0], ""),
        };
        let rows: Vec<&str> = board_txt.split('/').collect();
        if rows.len() != RANKS as usize {
            return Err(format!(
                "FEN '{fen}': the board needs {RANKS} ranks, found {}",
                rows.len()
            ));
        }
        let mut board = [None; NSQ];
        for (i, row) in rows.iter().enumerate() {
            let r = RANKS - 1 - i as i32;
            let mut f = 0i32;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let mut n = 0i32;
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        n = n * 10 + chars[j].to_digit(10).unwrap() as i32;
                        j += 1;
                    }
                    if n == 0 {
                        return Err(format!("FEN '{fen}': empty count 0 in rank {}", r + 1));
                    }
                    for _ in 0..n {
                        if f >= FILES {
                            return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                        }
                        if is_hole(f, r) {
                            return Err(format!(
                                "FEN '{fen}': {} is a hole and must be written '*'",
                                square_name((f, r))
                            ));
                        }
                        f += 1;
                    }
                    continue;
                }
                if f >= FILES {
                    return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                }
                if c == '*' {
                    if !is_hole(f, r) {
                        return Err(format!(
                            "FEN '{fen}': '*' on {}, which is not a hole of Pawnier",
                            square_name((f, r))
                        ));
                    }
                } else {
                    let Some(kind) = Kind::from_letter(c) else {
                        return Err(format!("FEN '{fen}': unknown piece letter '{c}'"));
                    };
                    if is_hole(f, r) {
                        return Err(format!(
                            "FEN '{fen}': a piece on the hole {}",
                            square_name((f, r))
                        ));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[idx(f, r)] = Some(Piece { color, kind });
                }
                f += 1;
                j += 1;
            }
            if f != FILES {
                return Err(format!(
                    "FEN '{fen}': rank {} has {f} files, needs {FILES}",
                    r + 1
                ));
            }
        }

        let mut hand = [0u32; 2];
        if hand_txt != "-" {
            for c in hand_txt.chars() {
                match c {
                    'P' => hand[0] += 1,
                    'p' => hand[1] += 1,
                    _ => {
                        return Err(format!(
                            "FEN '{fen}': hand letter '{c}' (Pawnier hands hold only pawns)"
                        ));
                    }
                }
            }
        }

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("FEN '{fen}': side to move '{s}' (need 'w' or 'b')")),
        };
        // Castling and e.p.: Pawnier has neither; accept only '-'.
        if let Some(&c) = fields.get(2)
            && c != "-"
        {
            return Err(format!(
                "FEN '{fen}': castling '{c}', Pawnier has no castling"
            ));
        }
        if let Some(&e) = fields.get(3)
            && e != "-"
        {
            return Err(format!(
                "FEN '{fen}': e.p. '{e}', Pawnier has no en passant"
            ));
        }
        let halfmove = match fields.get(4) {
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| format!("FEN '{fen}': bad halfmove clock '{s}'"))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| format!("FEN '{fen}': bad fullmove number '{s}'"))?,
            None => 1,
        };
        if fullmove == 0 {
            return Err(format!("FEN '{fen}': fullmove number 0"));
        }

        let pos = PawnierPos {
            board,
            side,
            hand,
            halfmove,
            fullmove,
        };
        for c in [Color::White, Color::Black] {
            let kings = (0..NSQ)
                .filter(|&i| {
                    pos.board[i]
                        == Some(Piece {
                            color: c,
                            kind: Kind::King,
                        })
                })
                .count();
            let who = if c == Color::White { "White" } else { "Black" };
            if kings == 0 {
                return Err(format!("FEN '{fen}': {who} has no king"));
            }
            if kings > 1 {
                return Err(format!("FEN '{fen}': {who} has {kings} kings"));
            }
        }
        if pos.king_attacked(side.other()) {
            return Err(format!("FEN '{fen}': the side not to move is in check"));
        }
        Ok(pos)
    }

    // ------------------------------------------------------------------ FEN out

    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for r in (0..RANKS).rev() {
            let mut empty = 0;
            for f in 0..FILES {
                if is_hole(f, r) {
                    if empty > 0 {
                        write!(s, "{empty}").unwrap();
                        empty = 0;
                    }
                    s.push('*');
                    continue;
                }
                match self.board[idx(f, r)] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(s, "{empty}").unwrap();
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                write!(s, "{empty}").unwrap();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push('[');
        for _ in 0..self.hand[0] {
            s.push('P');
        }
        for _ in 0..self.hand[1] {
            s.push('p');
        }
        s.push(']');
        let side = if self.side == Color::White { 'w' } else { 'b' };
        write!(s, " {side} - - {} {}", self.halfmove, self.fullmove).unwrap();
        s
    }

    // ------------------------------------------------------------------ pawn powers

    /// The powers (R, B, N) of the pawn of colour `c` on (f, r), from the position as it is.
    fn powers(&self, f: i32, r: i32, c: Color) -> (bool, bool, bool) {
        let rook = ORTHO
            .iter()
            .any(|&(df, dr)| self.has(f + df, r + dr, c, Kind::Pawn));
        let bishop = DIAG
            .iter()
            .any(|&(df, dr)| self.has(f + df, r + dr, c, Kind::Pawn));
        let knight = KNIGHT_LEAPS.iter().any(|&(df, dr)| {
            self.has(f + df, r + dr, c, Kind::Pawn) || self.has(f + df, r + dr, c, Kind::Knight)
        });
        (rook, bishop, knight)
    }

    // ------------------------------------------------------------------ targets

    /// Squares a slider from (f, r) along the given directions can reach (empty squares and
    /// the first occupied square of each line, of either colour; the caller filters).
    fn slide_targets(&self, f: i32, r: i32, dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>) {
        for &(df, dr) in dirs {
            let (mut tf, mut tr) = (f + df, r + dr);
            while is_square(tf, tr) {
                out.push((tf, tr));
                if self.at(tf, tr).is_some() {
                    break;
                }
                tf += df;
                tr += dr;
            }
        }
    }

    fn step_targets(f: i32, r: i32, deltas: &[(i32, i32)], out: &mut Vec<(i32, i32)>) {
        for &(df, dr) in deltas {
            if is_square(f + df, r + dr) {
                out.push((f + df, r + dr));
            }
        }
    }

    /// Squares the piece on (f, r) could capture on if an enemy stood there (its attack set).
    /// Powerless pawns attack nothing.
    fn attack_targets(&self, f: i32, r: i32, p: Piece) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        match p.kind {
            Kind::King => Self::step_targets(f, r, &KING_STEPS, &mut out),
            Kind::Knight => Self::step_targets(f, r, &KNIGHT_LEAPS, &mut out),
            Kind::Sergeant => {
                let d = p.color.forward();
                Self::step_targets(f, r, &[(-1, d), (0, d), (1, d)], &mut out);
            }
            Kind::Pawn => {
                let (rook, bishop, knight) = self.powers(f, r, p.color);
                if rook {
                    self.slide_targets(f, r, &ORTHO, &mut out);
                }
                if bishop {
                    self.slide_targets(f, r, &DIAG, &mut out);
                }
                if knight {
                    Self::step_targets(f, r, &KNIGHT_LEAPS, &mut out);
                }
            }
        }
        out
    }

    /// True if side `by` attacks square (f, r) in this position.
    fn attacked(&self, f: i32, r: i32, by: Color) -> bool {
        for pf in 0..FILES {
            for pr in 0..RANKS {
                if let Some(p) = self.at(pf, pr)
                    && p.color == by
                    && self.attack_targets(pf, pr, p).contains(&(f, r))
                {
                    return true;
                }
            }
        }
        false
    }

    fn king_square(&self, c: Color) -> Option<(i32, i32)> {
        for f in 0..FILES {
            for r in 0..RANKS {
                if self.has(f, r, c, Kind::King) {
                    return Some((f, r));
                }
            }
        }
        None
    }

    /// True if the king of colour `c` is attacked by the other side.
    fn king_attacked(&self, c: Color) -> bool {
        match self.king_square(c) {
            Some((f, r)) => self.attacked(f, r, c.other()),
            None => false,
        }
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    // ------------------------------------------------------------------ move generation

    /// Pseudo-legal moves of the side to move (the mover's king may be left attacked).
    fn pseudo(&self) -> Vec<Mv> {
        let us = self.side;
        let mut moves = Vec::new();
        for f in 0..FILES {
            for r in 0..RANKS {
                let Some(p) = self.at(f, r) else { continue };
                if p.color != us {
                    continue;
                }
                let from = (f, r);
                // Destination squares; each is a move unless it holds a friendly piece.
                let mut dests = Vec::new();
                match p.kind {
                    Kind::King | Kind::Knight | Kind::Sergeant => {
                        dests = self.attack_targets(f, r, p);
                    }
                    Kind::Pawn => {
                        let (rook, bishop, knight) = self.powers(f, r, us);
                        if rook || bishop || knight {
                            dests = self.attack_targets(f, r, p);
                        } else {
                            // Powerless: one orthogonal step to an empty square, no capture.
                            for &(df, dr) in &ORTHO {
                                if is_square(f + df, r + dr) && self.at(f + df, r + dr).is_none() {
                                    dests.push((f + df, r + dr));
                                }
                            }
                        }
                    }
                }
                dests.sort();
                dests.dedup();
                for to in dests {
                    if let Some(q) = self.at(to.0, to.1)
                        && q.color == us
                    {
                        continue;
                    }
                    let promotes = p.kind == Kind::Sergeant
                        && match us {
                            Color::White => to.1 >= 8, // rank 9 or higher
                            Color::Black => to.1 <= 2, // rank 3 or lower
                        };
                    if promotes {
                        for k in [Kind::Knight, Kind::Pawn] {
                            moves.push(Mv::Normal {
                                from,
                                to,
                                promo: Some(k),
                            });
                        }
                    } else {
                        moves.push(Mv::Normal {
                            from,
                            to,
                            promo: None,
                        });
                    }
                }
            }
        }
        // Drops of reserve pawns on empty squares of the own first four ranks.
        if self.hand[us.index()] > 0 {
            let ranks = match us {
                Color::White => 0..4,
                Color::Black => 7..11,
            };
            for r in ranks {
                for f in 0..FILES {
                    if is_square(f, r) && self.at(f, r).is_none() {
                        moves.push(Mv::Drop { to: (f, r) });
                    }
                }
            }
        }
        moves
    }

    fn make(&self, m: Mv) -> PawnierPos {
        let us = self.side;
        let mut next = self.clone();
        match m {
            Mv::Normal { from, to, promo } => {
                let p = self
                    .at(from.0, from.1)
                    .expect("reference: moving from an empty square");
                let captured = self.at(to.0, to.1).is_some();
                let placed = match promo {
                    Some(k) => Piece { color: us, kind: k },
                    None => p,
                };
                next.set(from, None);
                next.set(to, Some(placed));
                if captured || p.kind == Kind::Sergeant {
                    next.halfmove = 0;
                } else {
                    next.halfmove += 1;
                }
            }
            Mv::Drop { to } => {
                next.hand[us.index()] -= 1;
                next.set(
                    to,
                    Some(Piece {
                        color: us,
                        kind: Kind::Pawn,
                    }),
                );
                next.halfmove = 0;
            }
        }
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = us.other();
        next
    }

    fn legal(&self) -> Vec<Mv> {
        self.pseudo()
            .into_iter()
            .filter(|&m| !self.make(m).king_attacked(self.side))
            .collect()
    }

    fn move_string(m: Mv) -> String {
        match m {
            Mv::Normal { from, to, promo } => {
                let mut s = square_name(from) + &square_name(to);
                if let Some(k) = promo {
                    s.push(k.letter().to_ascii_lowercase());
                }
                s
            }
            Mv::Drop { to } => format!("P@{}", square_name(to)),
        }
    }

    // ------------------------------------------------------------------ public API

    /// The legal moves as canonical strings, sorted (plain string order).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().into_iter().map(Self::move_string).collect();
        v.sort();
        v
    }

    /// Plays a move given as a canonical string.
    pub fn play(&self, mv: &str) -> Result<PawnierPos, String> {
        let wanted = mv.trim();
        for m in self.legal() {
            if Self::move_string(m) == wanted {
                return Ok(self.make(m));
            }
        }
        Err(format!(
            "reference: '{mv}' is not a legal move in '{}' (legal: {})",
            self.to_fen(),
            self.legal_moves().join(" ")
        ))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
    }

    /// perft split by first move (move string, count), sorted by move string.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1);
        let mut v: Vec<(String, u64)> = self
            .legal()
            .into_iter()
            .map(|m| (Self::move_string(m), self.make(m).perft(depth - 1)))
            .collect();
        v.sort();
        v
    }

    /// True if the side to move is White.
    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// Reserve pawns of (White, Black).
    pub fn hands(&self) -> (u32, u32) {
        (self.hand[0], self.hand[1])
    }
}
