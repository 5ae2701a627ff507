//! Reference move generator for Combined Arms Brigade Chess (`combinedarms`), used only by
//! the test suite.
//!
//! A deliberately slow, simple, independent implementation of `shared/rules/combinedarms.md`
//! (§3.3 geometry, §3.4 movement, §3.5 attack and legality, §3.6 clock, §3.7 notation,
//! decisions CA-1..CA-19) and of `shared/rules/README.md` (FEN, kill-chain move strings),
//! written from the rules text alone. It shares no code with the engine under `src/` and
//! exists to cross-check the engine's move lists and perft counts.
//!
//! Board: a plain mailbox of 64 `Option<Piece>`, squares as (file, rank) pairs, both 0-based
//! (a1 = (0, 0), h8 = (7, 7)). The tuple order of (file, rank) is exactly the rules' ascending
//! square order "by file, then by rank as a number", so sorting squares sorts them canonically.
//!
//! Moves are *effects* (§3.7): moving piece (implied by the from-square), from, final square,
//! the set of killed squares, promotion, castling. Every rule is generated route by route, in
//! the most literal way, and the routes are collapsed into effects by a `BTreeSet`. Legality:
//! make the move on a copy and ask §3.5 whether the mover's King is attacked.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Start position (§3.2).
pub const CA_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A square: (file, rank), 0-based. Tuple order = the rules' ascending square order.
type Sq = (i32, i32);

/// `DIR8`: the 4 orthogonal and the 4 diagonal unit directions.
const DIR8: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// `ORTH4`.
const ORTH4: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG4: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
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

    /// Rank step of "forward".
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The own 1st rank (0-based).
    fn first_rank(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// The own 2nd rank (0-based): the double step starts here.
    fn second_rank(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The last rank (0-based): pawns promote on arrival.
    fn last_rank(self) -> i32 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

/// Promotion choices (§3.4.1, CA-14).
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

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

/// The effect of a move (§3.7).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
struct Mv {
    from: Sq,
    to: Sq,
    /// Every killed square, ascending, without repeats; contains `to` when the piece on `to`
    /// is killed.
    kills: Vec<Sq>,
    promo: Option<Kind>,
    castle: bool,
}

impl Mv {
    fn new(from: Sq, to: Sq, mut kills: Vec<Sq>) -> Mv {
        kills.sort();
        kills.dedup();
        Mv {
            from,
            to,
            kills,
            promo: None,
            castle: false,
        }
    }

    /// The killed squares other than `to`, ascending: the kill chain's intermediate squares.
    fn intermediates(&self) -> Vec<Sq> {
        self.kills
            .iter()
            .copied()
            .filter(|&k| k != self.to)
            .collect()
    }

    /// The canonical kill-chain string (§3.7).
    fn text(&self) -> String {
        let mut s = name(self.from);
        for k in self.intermediates() {
            s += &name(k);
            s.push(',');
            s += &name(k);
        }
        s += &name(self.to);
        if let Some(k) = self.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }
}

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn idx((f, r): Sq) -> usize {
    assert!(on_board((f, r)), "reference: square off the board");
    (r * 8 + f) as usize
}

fn step((f, r): Sq, (df, dr): Sq, k: i32) -> Sq {
    (f + k * df, r + k * dr)
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Parses a square name such as `e4`.
fn parse_square(s: &str) -> Option<Sq> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0] as i32 - b'a' as i32;
    let r = b[1] as i32 - b'1' as i32;
    on_board((f, r)).then_some((f, r))
}

/// Every square, in ascending order.
fn all_squares() -> Vec<Sq> {
    let mut v = Vec::with_capacity(64);
    for f in 0..8 {
        for r in 0..8 {
            v.push((f, r));
        }
    }
    v
}

/// `BRANGE(s)` (§3.3): distance 1 or 2 along the 8 directions, occupancy ignored.
fn brange(s: Sq) -> Vec<Sq> {
    let mut v = Vec::new();
    for d in DIR8 {
        for k in [1, 2] {
            let t = step(s, d, k);
            if on_board(t) {
                v.push(t);
            }
        }
    }
    v
}

/// `RRANGE(s)` (§3.3): distance 3 or 4 along the 8 directions, occupancy ignored.
fn rrange(s: Sq) -> Vec<Sq> {
    let mut v = Vec::new();
    for d in DIR8 {
        for k in [3, 4] {
            let t = step(s, d, k);
            if on_board(t) {
                v.push(t);
            }
        }
    }
    v
}

/// True if `a` and `b` are different squares one king step apart.
fn neighbours(a: Sq, b: Sq) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

/// Every armor path (§3.3) from `s0`: three single orthogonal steps, all on the board, turns,
/// reversals and revisits allowed. Returns [s1, s2, s3].
fn armor_paths(s0: Sq) -> Vec<[Sq; 3]> {
    let mut v = Vec::new();
    for d1 in ORTH4 {
        let s1 = step(s0, d1, 1);
        if !on_board(s1) {
            continue;
        }
        for d2 in ORTH4 {
            let s2 = step(s1, d2, 1);
            if !on_board(s2) {
                continue;
            }
            for d3 in ORTH4 {
                let s3 = step(s2, d3, 1);
                if on_board(s3) {
                    v.push([s1, s2, s3]);
                }
            }
        }
    }
    v
}

#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct CaPos {
    board: [Option<Piece>; 64],
    side: Color,
    halfmove: u32,
    fullmove: u32,
}

impl CaPos {
    // ------------------------------------------------------------------ board access

    fn at(&self, s: Sq) -> Option<Piece> {
        if on_board(s) {
            self.board[idx(s)]
        } else {
            None
        }
    }

    fn set(&mut self, s: Sq, p: Option<Piece>) {
        self.board[idx(s)] = p;
    }

    fn is_empty(&self, s: Sq) -> bool {
        self.at(s).is_none()
    }

    fn holds(&self, s: Sq, c: Color) -> bool {
        matches!(self.at(s), Some(p) if p.color == c)
    }

    fn holds_kind(&self, s: Sq, c: Color, k: Kind) -> bool {
        self.at(s) == Some(Piece { color: c, kind: k })
    }

    /// A piece of the enemy of `us` that is not its King (a legal shot / pass-kill victim).
    fn enemy_non_king(&self, s: Sq, us: Color) -> bool {
        matches!(self.at(s), Some(p) if p.color != us && p.kind != Kind::King)
    }

    fn enemy_king(&self, s: Sq, us: Color) -> bool {
        self.holds_kind(s, us.other(), Kind::King)
    }

    /// A copy with the square `s` emptied: the board as the moving piece sees it once it has
    /// left its start square ("the start square counts as empty").
    fn without(&self, s: Sq) -> CaPos {
        let mut b = self.clone();
        b.set(s, None);
        b
    }

    fn pieces(&self, c: Color) -> Vec<(Sq, Kind)> {
        all_squares()
            .into_iter()
            .filter_map(|s| match self.at(s) {
                Some(p) if p.color == c => Some((s, p.kind)),
                _ => None,
            })
            .collect()
    }

    fn king_square(&self, c: Color) -> Option<Sq> {
        all_squares()
            .into_iter()
            .find(|&s| self.holds_kind(s, c, Kind::King))
    }

    // ------------------------------------------------------------------ FEN in

    pub fn from_fen(fen: &str) -> Result<CaPos, String> {
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
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!(
                "FEN '{fen}': the board needs 8 ranks, found {}",
                rows.len()
            ));
        }
        let mut board = [None; 64];
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i as i32;
            let mut f = 0i32;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    if n == 0 || n > 8 {
                        return Err(format!(
                            "FEN '{fen}': bad empty count '{c}' in rank {}",
                            r + 1
                        ));
                    }
                    f += n as i32;
                } else {
                    let Some(kind) = Kind::from_letter(c) else {
                        return Err(format!("FEN '{fen}': unknown piece letter '{c}'"));
                    };
                    if f >= 8 {
                        return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[idx((f, r))] = Some(Piece { color, kind });
                    f += 1;
                }
                if f > 8 {
                    return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                }
            }
            if f != 8 {
                return Err(format!(
                    "FEN '{fen}': rank {} has {f} files, needs 8",
                    r + 1
                ));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("FEN '{fen}': side to move '{s}' (need 'w' or 'b')")),
        };
        // Castling: read and ignored (§3.2), but it must look like a castling field.
        if let Some(&c) = fields.get(2)
            && c != "-"
            && !c.chars().all(|ch| "KQkq".contains(ch))
        {
            return Err(format!("FEN '{fen}': castling field '{c}'"));
        }
        // E.p.: there is none; accept '-' or a square and ignore it.
        if let Some(&e) = fields.get(3)
            && e != "-"
            && parse_square(e).is_none()
        {
            return Err(format!("FEN '{fen}': e.p. field '{e}'"));
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
        let pos = CaPos {
            board,
            side,
            halfmove,
            fullmove,
        };
        for c in [Color::White, Color::Black] {
            let kings = pos
                .pieces(c)
                .iter()
                .filter(|&&(_, k)| k == Kind::King)
                .count();
            let who = if c == Color::White { "White" } else { "Black" };
            if kings != 1 {
                return Err(format!("FEN '{fen}': {who} has {kings} kings, needs 1"));
            }
        }
        if pos.king_attacked(side.other()) {
            return Err(format!("FEN '{fen}': the side not to move is in check"));
        }
        Ok(pos)
    }

    // ------------------------------------------------------------------ FEN out

    /// The castling field implied by the placement (§3.2).
    fn castling_field(&self) -> String {
        let mut s = String::new();
        let w = Color::White;
        let b = Color::Black;
        if self.holds_kind((4, 0), w, Kind::King) && self.holds_kind((7, 0), w, Kind::Rook) {
            s.push('K');
        }
        if self.holds_kind((4, 0), w, Kind::King) && self.holds_kind((0, 0), w, Kind::Rook) {
            s.push('Q');
        }
        if self.holds_kind((4, 7), b, Kind::King) && self.holds_kind((7, 7), b, Kind::Rook) {
            s.push('k');
        }
        if self.holds_kind((4, 7), b, Kind::King) && self.holds_kind((0, 7), b, Kind::Rook) {
            s.push('q');
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.at((f, r)) {
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
        let side = if self.side == Color::White { 'w' } else { 'b' };
        write!(
            s,
            " {side} {} - {} {}",
            self.castling_field(),
            self.halfmove,
            self.fullmove
        )
        .unwrap();
        s
    }

    // ------------------------------------------------------------------ §3.3 NOFLY

    /// `NOFLY(c)`: the union of `BRANGE` over c's bishops and `RRANGE` over c's rooks, at their
    /// current squares, occupancy ignored. Queens do not count.
    fn nofly(&self, c: Color) -> [bool; 64] {
        let mut z = [false; 64];
        for (s, k) in self.pieces(c) {
            let range = match k {
                Kind::Bishop => brange(s),
                Kind::Rook => rrange(s),
                _ => continue,
            };
            for t in range {
                z[idx(t)] = true;
            }
        }
        z
    }

    // ------------------------------------------------------------------ §3.5 attack

    /// Does side `y` attack square `t` (a square holding the other side's King)? §3.5, item by
    /// item.
    fn attacks(&self, y: Color, t: Sq) -> bool {
        let x = y.other();
        let nofly_x = self.nofly(x);
        for (p, kind) in self.pieces(y) {
            match kind {
                // A Y pawn or the Y King on one of t's 8 neighbours.
                Kind::Pawn | Kind::King => {
                    if neighbours(p, t) {
                        return true;
                    }
                }
                // A Y knight with an armor path open for Y whose s3 = t. The knight's own
                // square counts as empty; X pieces on s1, s2 do not block.
                Kind::Knight => {
                    let b = self.without(p);
                    for [s1, s2, s3] in armor_paths(p) {
                        if s3 == t && ![s1, s2, s3].iter().any(|&s| b.holds(s, y)) {
                            return true;
                        }
                    }
                }
                // A Y queen: a flight square F (empty, not her square, outside NOFLY(X)),
                // t outside NOFLY(X), and either F next to t or an open armor path from F with
                // s1, s2 outside NOFLY(X) ending on t.
                Kind::Queen => {
                    if nofly_x[idx(t)] {
                        continue;
                    }
                    let b = self.without(p);
                    for fsq in all_squares() {
                        if fsq == p || !b.is_empty(fsq) || nofly_x[idx(fsq)] {
                            continue;
                        }
                        if neighbours(fsq, t) {
                            return true;
                        }
                        // An armor path ends at Manhattan distance 1 or 3 (§3.3); skip the
                        // 64 paths when t is not such a square (speed only).
                        let manhattan = (fsq.0 - t.0).abs() + (fsq.1 - t.1).abs();
                        if manhattan != 1 && manhattan != 3 {
                            continue;
                        }
                        for [s1, s2, s3] in armor_paths(fsq) {
                            if s3 == t
                                && !nofly_x[idx(s1)]
                                && !nofly_x[idx(s2)]
                                && ![s1, s2, s3].iter().any(|&s| b.holds(s, y))
                            {
                                return true;
                            }
                        }
                    }
                }
                // Artillery never attacks a King (CA-1, CA-4).
                Kind::Bishop | Kind::Rook => {}
            }
        }
        false
    }

    /// True if the King of colour `c` is attacked by the other side.
    fn king_attacked(&self, c: Color) -> bool {
        match self.king_square(c) {
            Some(k) => self.attacks(c.other(), k),
            None => false,
        }
    }

    /// Is the side to move in check (§3.5)?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// A second reading of "attack" (§3.5: Y "has a move that would end with a Y piece on t"):
    /// generate the opponent's moves with King landings allowed and see whether one ends on the
    /// King of the side to move. Must always agree with `in_check`.
    pub fn in_check_by_generation(&self) -> bool {
        self.king_attacked_by_generation(self.side == Color::White)
    }

    /// The same reading for either King (`white` picks White's King), whoever is to move.
    pub fn king_attacked_by_generation(&self, white: bool) -> bool {
        let c = if white { Color::White } else { Color::Black };
        let Some(k) = self.king_square(c) else {
            return false;
        };
        self.pseudo(c.other(), true).iter().any(|m| m.to == k)
    }

    // ------------------------------------------------------------------ §3.4 moves

    /// Where a displacing piece of `us` may end on `s`: `None` if it may not (own piece, or the
    /// enemy King unless `king_landing`), `Some(kill)` otherwise.
    fn landing(&self, s: Sq, us: Color, king_landing: bool) -> Option<bool> {
        match self.at(s) {
            None => Some(false),
            Some(p) if p.color == us => None,
            Some(p) if p.kind == Kind::King => king_landing.then_some(true),
            Some(_) => Some(true),
        }
    }

    /// §3.4.1 infantry.
    fn pawn_moves(&self, from: Sq, us: Color, king_landing: bool, out: &mut BTreeSet<Mv>) {
        let mut plain = Vec::new();
        for d in DIR8 {
            let t = step(from, d, 1);
            if !on_board(t) {
                continue;
            }
            if let Some(kill) = self.landing(t, us, king_landing) {
                plain.push(Mv::new(from, t, if kill { vec![t] } else { vec![] }));
            }
        }
        // Double step: straight forward from the own 2nd rank, both squares empty, no kill.
        if from.1 == us.second_rank() {
            let t1 = step(from, (0, us.forward()), 1);
            let t2 = step(from, (0, us.forward()), 2);
            if self.is_empty(t1) && self.is_empty(t2) {
                plain.push(Mv::new(from, t2, vec![]));
            }
        }
        for m in plain {
            if m.to.1 == us.last_rank() {
                for k in PROMOTIONS {
                    let mut p = m.clone();
                    p.promo = Some(k);
                    out.insert(p);
                }
            } else {
                out.insert(m);
            }
        }
    }

    /// §3.4.2 armor: every open armor path, the kill set removed, ending on s3.
    fn knight_moves(&self, from: Sq, us: Color, king_landing: bool, out: &mut BTreeSet<Mv>) {
        let b = self.without(from);
        for [s1, s2, s3] in armor_paths(from) {
            if [s1, s2, s3].iter().any(|&s| b.holds(s, us)) {
                continue; // not open
            }
            if b.enemy_king(s3, us) && !king_landing {
                continue; // landing on the King: not a move
            }
            let mut kills: Vec<Sq> = [s1, s2, s3]
                .into_iter()
                .filter(|&s| b.enemy_non_king(s, us))
                .collect();
            if b.enemy_king(s3, us) {
                kills.push(s3);
            }
            out.insert(Mv::new(from, s3, kills));
        }
    }

    /// Squares an orthodox slider from `from` reaches along `dirs` through empty squares
    /// (non-capturing slides).
    fn slide_squares(&self, from: Sq, dirs: &[Sq]) -> Vec<Sq> {
        let mut v = Vec::new();
        for &d in dirs {
            let mut t = step(from, d, 1);
            while on_board(t) && self.is_empty(t) {
                v.push(t);
                t = step(t, d, 1);
            }
        }
        v
    }

    /// §3.4.3 light artillery: (a) slide, (b) shot, (c) slide then shot, (d) shot then slide.
    fn bishop_moves(&self, from: Sq, us: Color, out: &mut BTreeSet<Mv>) {
        let piece = self.at(from);
        // (a)
        for t in self.slide_squares(from, &DIAG4) {
            out.insert(Mv::new(from, t, vec![]));
        }
        // (b)
        for v in brange(from) {
            if self.enemy_non_king(v, us) {
                out.insert(Mv::new(from, from, vec![v]));
            }
        }
        // (c) the shot is measured from the square where the slide ended.
        for t in self.slide_squares(from, &DIAG4) {
            let mut after = self.without(from);
            after.set(t, piece);
            for v in brange(t) {
                if after.enemy_non_king(v, us) {
                    out.insert(Mv::new(from, t, vec![v]));
                }
            }
        }
        // (d) the slide is worked out with the victim gone; it may pass over or stop on it.
        for v in brange(from) {
            if self.enemy_non_king(v, us) {
                let after = {
                    let mut a = self.clone();
                    a.set(v, None);
                    a
                };
                for t in after.slide_squares(from, &DIAG4) {
                    out.insert(Mv::new(from, t, vec![v]));
                }
            }
        }
    }

    /// §3.4.4 heavy artillery: a slide or a shot at distance 3–4.
    fn rook_moves(&self, from: Sq, us: Color, out: &mut BTreeSet<Mv>) {
        for t in self.slide_squares(from, &ORTH4) {
            out.insert(Mv::new(from, t, vec![]));
        }
        for v in rrange(from) {
            if self.enemy_non_king(v, us) {
                out.insert(Mv::new(from, from, vec![v]));
            }
        }
    }

    /// §3.4.5 aviation: a compulsory flight, then an optional pawn, armor or bishop action,
    /// every square entered outside NOFLY(enemy) (start-of-turn NOFLY, as §3.4.5 allows).
    fn queen_moves(&self, from: Sq, us: Color, king_landing: bool, out: &mut BTreeSet<Mv>) {
        let nofly = self.nofly(us.other());
        let free = |s: Sq| !nofly[idx(s)];
        // The board as the queen sees it once she has left her square.
        let b = self.without(from);
        let mut routes: Vec<Mv> = Vec::new();
        for fsq in all_squares() {
            // Flight: to an empty square other than her own, outside NOFLY.
            if fsq == from || !b.is_empty(fsq) || !free(fsq) {
                continue;
            }
            routes.push(Mv::new(from, fsq, vec![]));
            // (a) pawn action: one step in DIR8 to an empty square or onto an enemy.
            for d in DIR8 {
                let g = step(fsq, d, 1);
                if !on_board(g) || !free(g) {
                    continue;
                }
                if let Some(kill) = b.landing(g, us, king_landing) {
                    routes.push(Mv::new(from, g, if kill { vec![g] } else { vec![] }));
                }
            }
            // (b) armor action: an open armor path from F, every square outside NOFLY.
            for [s1, s2, s3] in armor_paths(fsq) {
                if [s1, s2, s3].iter().any(|&s| b.holds(s, us) || !free(s)) {
                    continue;
                }
                if b.enemy_king(s3, us) && !king_landing {
                    continue;
                }
                let mut kills: Vec<Sq> = [s1, s2, s3]
                    .into_iter()
                    .filter(|&s| b.enemy_non_king(s, us))
                    .collect();
                if b.enemy_king(s3, us) {
                    kills.push(s3);
                }
                routes.push(Mv::new(from, s3, kills));
            }
            // (c) bishop action: a slide from F (every square outside NOFLY) ...
            for d in DIAG4 {
                let mut g = step(fsq, d, 1);
                while on_board(g) && b.is_empty(g) && free(g) {
                    routes.push(Mv::new(from, g, vec![]));
                    g = step(g, d, 1);
                }
            }
            // ... or a shot at an enemy non-King piece in BRANGE(F); the target square does
            // not count for NOFLY.
            for v in brange(fsq) {
                if b.enemy_non_king(v, us) {
                    routes.push(Mv::new(from, fsq, vec![v]));
                }
            }
        }
        for m in routes {
            // A turn that changes nothing (back on the start square, no kill) is not a move.
            if m.to == from && m.kills.is_empty() {
                continue;
            }
            out.insert(m);
        }
    }

    /// §3.4.6 the King's step.
    fn king_moves(&self, from: Sq, us: Color, king_landing: bool, out: &mut BTreeSet<Mv>) {
        for d in DIR8 {
            let t = step(from, d, 1);
            if !on_board(t) {
                continue;
            }
            if let Some(kill) = self.landing(t, us, king_landing) {
                out.insert(Mv::new(from, t, if kill { vec![t] } else { vec![] }));
            }
        }
    }

    /// Every move effect of side `us` except castling, ignoring the safety of its own King.
    /// `king_landing` also lets pieces end on the enemy King (only for the attack cross-check).
    fn pseudo(&self, us: Color, king_landing: bool) -> BTreeSet<Mv> {
        let mut out = BTreeSet::new();
        for (s, kind) in self.pieces(us) {
            match kind {
                Kind::Pawn => self.pawn_moves(s, us, king_landing, &mut out),
                Kind::Knight => self.knight_moves(s, us, king_landing, &mut out),
                Kind::Bishop => self.bishop_moves(s, us, &mut out),
                Kind::Rook => self.rook_moves(s, us, &mut out),
                Kind::Queen => self.queen_moves(s, us, king_landing, &mut out),
                Kind::King => self.king_moves(s, us, king_landing, &mut out),
            }
        }
        out
    }

    /// §3.4.7 castling at any time, by placement only. Returns the castling moves that meet the
    /// placement, empty-square, not-in-check and not-passing-an-attacked-square conditions;
    /// the end square is tested by the ordinary legality test on the position after castling.
    fn castling_moves(&self) -> Vec<Mv> {
        let us = self.side;
        let r = us.first_rank();
        let king = (4, r);
        let mut v = Vec::new();
        if !self.holds_kind(king, us, Kind::King) || self.king_attacked(us) {
            return v;
        }
        // (rook square, squares between, square passed, king's end square)
        let sides: [(Sq, Vec<Sq>, Sq, Sq); 2] = [
            ((7, r), vec![(5, r), (6, r)], (5, r), (6, r)),
            ((0, r), vec![(1, r), (2, r), (3, r)], (3, r), (2, r)),
        ];
        for (rook, between, passed, end) in sides {
            if !self.holds_kind(rook, us, Kind::Rook) {
                continue;
            }
            if !between.iter().all(|&s| self.is_empty(s)) {
                continue;
            }
            // The square passed is tested with the King placed on it.
            let mut test = self.without(king);
            test.set(
                passed,
                Some(Piece {
                    color: us,
                    kind: Kind::King,
                }),
            );
            if test.attacks(us.other(), passed) {
                continue;
            }
            v.push(Mv {
                from: king,
                to: end,
                kills: vec![],
                promo: None,
                castle: true,
            });
        }
        v
    }

    fn make(&self, m: &Mv) -> CaPos {
        let us = self.side;
        let p = self
            .at(m.from)
            .expect("reference: moving from an empty square");
        assert_eq!(p.color, us, "reference: moving an enemy piece");
        let mut next = self.clone();
        for &k in &m.kills {
            let victim = self.at(k).expect("reference: killing an empty square");
            assert_ne!(victim.color, us, "reference: killing an own piece");
            next.set(k, None);
        }
        next.set(m.from, None);
        let placed = match m.promo {
            Some(k) => Piece { color: us, kind: k },
            None => p,
        };
        next.set(m.to, Some(placed));
        if m.castle {
            let r = us.first_rank();
            let (rook_from, rook_to) = if m.to.0 == 6 {
                ((7, r), (5, r))
            } else {
                ((0, r), (3, r))
            };
            let rook = next.at(rook_from);
            next.set(rook_from, None);
            next.set(rook_to, rook);
        }
        if !m.kills.is_empty() || m.promo.is_some() {
            next.halfmove = 0;
        } else {
            next.halfmove += 1;
        }
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = us.other();
        next
    }

    /// Legal moves: pseudo moves and castlings that leave the mover's King unattacked.
    fn legal(&self) -> Vec<Mv> {
        let us = self.side;
        let mut v: Vec<Mv> = self.pseudo(us, false).into_iter().collect();
        v.extend(self.castling_moves());
        v.into_iter()
            .filter(|m| !self.make(m).king_attacked(us))
            .collect()
    }

    // ------------------------------------------------------------------ move strings in

    /// Decodes a kill-chain string into (from, to, intermediate squares sorted, promotion).
    fn decode(text: &str) -> Option<(Sq, Sq, Vec<Sq>, Option<Kind>)> {
        let parts: Vec<&str> = text.split(',').collect();
        let mut legs: Vec<(Sq, Sq)> = Vec::new();
        let mut promo = None;
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let (squares, suffix) = if last && part.len() == 5 {
                (&part[..4], Some(&part[4..]))
            } else {
                (*part, None)
            };
            if squares.len() != 4 || !squares.is_ascii() {
                return None;
            }
            let a = parse_square(&squares[..2])?;
            let b = parse_square(&squares[2..])?;
            legs.push((a, b));
            if let Some(sfx) = suffix {
                let k = Kind::from_letter(sfx.chars().next()?)?;
                if !sfx.chars().next()?.is_ascii_lowercase() || !PROMOTIONS.contains(&k) {
                    return None;
                }
                promo = Some(k);
            }
        }
        for w in legs.windows(2) {
            if w[0].1 != w[1].0 {
                return None;
            }
        }
        let from = legs.first()?.0;
        let to = legs.last()?.1;
        let mut inter: Vec<Sq> = legs[..legs.len() - 1].iter().map(|l| l.1).collect();
        inter.sort();
        Some((from, to, inter, promo))
    }

    fn find(&self, mv: &str) -> Result<Mv, String> {
        let wanted = mv.trim();
        let err = || {
            format!(
                "reference: '{mv}' is not a legal move in '{}' (legal: {})",
                self.to_fen(),
                self.legal_moves().join(" ")
            )
        };
        let Some((from, to, inter, promo)) = Self::decode(wanted) else {
            return Err(err());
        };
        // Kill-chain decoding (§3.7): the intermediate squares in any order; the effect must
        // be in the legal list.
        self.legal()
            .into_iter()
            .find(|m| {
                m.from == from && m.to == to && m.promo == promo && m.intermediates() == inter
            })
            .ok_or_else(err)
    }

    // ------------------------------------------------------------------ public API

    /// The legal moves as canonical strings, sorted (plain string order).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(Mv::text).collect();
        v.sort();
        v
    }

    /// Plays a move given as a kill-chain string (canonical, or with the intermediate
    /// squares in any order).
    pub fn play(&self, mv: &str) -> Result<CaPos, String> {
        let m = self.find(mv)?;
        Ok(self.make(&m))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    /// perft split by first move (move string, count), sorted by move string.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1);
        let mut v: Vec<(String, u64)> = self
            .legal()
            .iter()
            .map(|m| (m.text(), self.make(m).perft(depth - 1)))
            .collect();
        v.sort();
        v
    }

    /// True if White is to move.
    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// The halfmove clock (§3.6).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Checkmate: in check with no legal move (§3.5).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal().is_empty()
    }

    /// Stalemate: not in check, no legal move (§3.5, CA-16: a draw).
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.legal().is_empty()
    }

    /// Dead position (§3.5, CA-18): neither side has a pawn, knight or queen.
    pub fn is_dead_position(&self) -> bool {
        !all_squares().into_iter().any(|s| {
            matches!(self.at(s), Some(p) if matches!(p.kind, Kind::Pawn | Kind::Knight | Kind::Queen))
        })
    }
}
