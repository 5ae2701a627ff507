//! Reference move generator for Exciting Chess (`exciting`) and its sub-variants
//! (`excitingnotigers`, `excitingnoreentry`, `excitingcannon`, `exciting9`), used only by the
//! test suite.
//!
//! A deliberately slow, simple, independent implementation of `shared/rules/exciting.md`
//! (II.1 board and colours, II.2 moves, II.2.11 attack, II.2.12 the checker-capture filter,
//! II.4 sub-variants) and of `shared/rules/README.md` (FEN with holes and holdings, kill-chain
//! move strings), written from the rules text alone. It shares no code with the engine under
//! `src/` and exists to cross-check the engine's move lists and perft counts.
//!
//! Board: a plain mailbox of `size * size` `Option<Piece>` (size 11, or 9 for `exciting9`),
//! squares as (file, rank) pairs, both 0-based (a1 = (0, 0)). The tuple order of (file, rank)
//! is exactly the rules' ascending square order "by file, then by rank as a number", so sorting
//! squares sorts them canonically. Removed squares are inside the array but never on the board.
//!
//! Moves are *effects* (README §4): from, to, the set of off-destination removed squares
//! (checker jumps, custodian captures), promotion, castling, e.p. (the e.p. victim is implied),
//! drop. Every rule is generated route by route, in the most literal way, and the routes are
//! collapsed into effects by a `BTreeSet`. Legality: make the move on a copy and ask II.2.11
//! whether the mover's King is attacked; then apply the II.2.12 filter literally.
//!
//! Decisions taken where the rules file leaves room (each marked "REF-DECISION" below):
//! * FEN reading is lenient about placements the rules cannot reach but can play through
//!   (a checker on a white square, a man on its crowning rank, a pawn on its promotion square):
//!   they are accepted and simply move by the rules. Rejected: a piece on a removed square, a
//!   `*` on a board square, a piece letter the sub-variant never has (T without Tigers, C
//!   outside the cannon layout, S/V without Soldiers), a hand letter other than S, any hand in a
//!   variant without re-entry, not exactly one King per side, the side not to move in check,
//!   an e.p. square on the wrong rank.
//! * An empty-run digit may also cover removed squares on input (`**7**` or `11` on rank 11);
//!   output always writes `*`.
//! * Castling rights that the placement cannot support (King or Rook/Cannon not on its square)
//!   are dropped silently when the FEN is read.
//! * Castling: each of the King's three squares is tested with the King placed on it (its own
//!   square emptied, the Rook/Cannon still on its corner square), and then the position after
//!   castling must also leave the King unattacked (the ordinary legality test).
//! * "T if the army has Tigers", "V if it has Soldiers": read per sub-variant (the layout), not
//!   per the pieces left on the board.
//! * Move input: `+` stands for `v` only on a soldier's move and for `d` only on a man's
//!   crowning (README §4 names exactly those two); a pawn's promotion always needs its letter.
//! * Checkers never jump the enemy King in a *move* (that would mean the side not to move is in
//!   check, which a legal position never has); in the attack test (II.2.11) they do.
//! * The e.p. square is written after every double step (README §3); on input it must be on the
//!   rank the opponent's double step skips, and a capture needs an enemy pawn behind it.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Start positions (II.1, II.4). One place, so a reconstructed layout is one line to change.
pub const EXCITING_START: &str = "**rbqkbnr**/*ppppppppp*/ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR**[] w KQkq - 0 1";
pub const EXCITING_NOTIGERS_START: &str = "**rbqkbnr**/*ppppppppp*/sssssssssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSSSSSSSSS/*PPPPPPPPP*/**RBQKBNR**[] w KQkq - 0 1";
pub const EXCITING_NOREENTRY_START: &str = "**rbqkbnr**/*ppppppppp*/ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR** w KQkq - 0 1";
pub const EXCITING_CANNON_START: &str = "**cbqkbnr**/*ppppppppp*/snrts1tssss/msmsmsmsmsm/11/11/11/MSMSMSMSMSM/SNRTS1TSSSS/*PPPPPPPPP*/**CBQKBNR**[] w KQkq - 0 1";
pub const EXCITING9_START: &str =
    "*rbqkbnr*/ppppppppp/1m1m1m1m1/9/9/9/1M1M1M1M1/PPPPPPPPP/*RBQKBNR* w KQkq - 0 1";

/// Every variant this module plays.
pub const VARIANTS: [&str; 5] = [
    "exciting",
    "excitingnotigers",
    "excitingnoreentry",
    "excitingcannon",
    "exciting9",
];

/// The start FEN of a variant.
pub fn start_fen(variant: &str) -> Option<&'static str> {
    rules(variant).map(|r| r.start)
}

/// A square: (file, rank), 0-based. Tuple order = the rules' ascending square order.
type Sq = (i32, i32);

const ORTH4: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG4: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
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
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn add((f, r): Sq, (df, dr): Sq) -> Sq {
    (f + df, r + dr)
}

fn step((f, r): Sq, (df, dr): Sq, k: i32) -> Sq {
    (f + k * df, r + k * dr)
}

// ---------------------------------------------------------------------------------- variants

/// The switches of one variant (II.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
struct Rules {
    name: &'static str,
    start: &'static str,
    /// 11 (files a–k, ranks 1–11) or 9 (`exciting9`).
    size: i32,
    tigers: bool,
    soldiers: bool,
    /// Captured soldiers go to the captor's hand and may be dropped; the FEN has holdings.
    reentry: bool,
    cannon: bool,
}

const RULES: [Rules; 5] = [
    Rules {
        name: "exciting",
        start: EXCITING_START,
        size: 11,
        tigers: true,
        soldiers: true,
        reentry: true,
        cannon: false,
    },
    Rules {
        name: "excitingnotigers",
        start: EXCITING_NOTIGERS_START,
        size: 11,
        tigers: false,
        soldiers: true,
        reentry: true,
        cannon: false,
    },
    Rules {
        name: "excitingnoreentry",
        start: EXCITING_NOREENTRY_START,
        size: 11,
        tigers: true,
        soldiers: true,
        reentry: false,
        cannon: false,
    },
    Rules {
        name: "excitingcannon",
        start: EXCITING_CANNON_START,
        size: 11,
        tigers: true,
        soldiers: true,
        reentry: true,
        cannon: true,
    },
    Rules {
        name: "exciting9",
        start: EXCITING9_START,
        size: 9,
        tigers: false,
        soldiers: false,
        reentry: false,
        cannon: false,
    },
];

fn rules(variant: &str) -> Option<Rules> {
    RULES.iter().copied().find(|r| r.name == variant)
}

impl Rules {
    /// Inside the size x size array (removed squares included).
    fn inside(self, (f, r): Sq) -> bool {
        (0..self.size).contains(&f) && (0..self.size).contains(&r)
    }

    /// A removed square (II.1: the three squares at each corner of 11x11; II.4: the single
    /// corner square of 9x9).
    fn removed(self, (f, r): Sq) -> bool {
        if !self.inside((f, r)) {
            return false;
        }
        let n = self.size - 1;
        let df = f.min(n - f);
        let dr = r.min(n - r);
        if self.size == 11 {
            df + dr <= 1
        } else {
            df + dr == 0
        }
    }

    fn on_board(self, s: Sq) -> bool {
        self.inside(s) && !self.removed(s)
    }

    /// Orthogonal neighbours on the board (`Nb` of II.2.7).
    fn orth_neighbours(self, s: Sq) -> Vec<Sq> {
        ORTH4
            .iter()
            .map(|&d| add(s, d))
            .filter(|&t| self.on_board(t))
            .collect()
    }

    /// The corner squares of the soldier rules (II.1): exactly two board neighbours, not
    /// opposite each other.
    fn corner(self, s: Sq) -> bool {
        if !self.on_board(s) {
            return false;
        }
        let nb = self.orth_neighbours(s);
        nb.len() == 2 && (nb[0].0 + nb[1].0, nb[0].1 + nb[1].1) != (2 * s.0, 2 * s.1)
    }

    /// Black when (file number + rank) is odd with a = 1 and rank 1 = 1 (II.1); the same
    /// parity as the 0-based f + r.
    fn black(self, (f, r): Sq) -> bool {
        (f + r) % 2 == 1
    }

    fn squares(self) -> Vec<Sq> {
        let mut v = Vec::new();
        for f in 0..self.size {
            for r in 0..self.size {
                if self.on_board((f, r)) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    fn idx(self, (f, r): Sq) -> usize {
        assert!(self.inside((f, r)), "reference: square outside the array");
        (r * self.size + f) as usize
    }

    fn name(self, (f, r): Sq) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    fn parse_square(self, s: &str) -> Option<Sq> {
        let mut ch = s.chars();
        let c = ch.next()?;
        if !c.is_ascii_lowercase() {
            return None;
        }
        let digits: String = ch.collect();
        if digits.is_empty() || !digits.chars().all(|d| d.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let f = c as i32 - 'a' as i32;
        let r = digits.parse::<i32>().ok()? - 1;
        self.on_board((f, r)).then_some((f, r))
    }

    /// Pawn promotion square for colour `c`: the forward neighbour is not on the board
    /// (II.2.4, A-E21).
    fn pawn_promotes(self, s: Sq, c: Color) -> bool {
        !self.on_board(add(s, (0, c.forward())))
    }

    /// The pawn's starting rank (double step): rank 2 for White, the second rank from the top
    /// for Black (rank 10, or 8 on 9x9).
    fn pawn_start_rank(self, c: Color) -> i32 {
        match c {
            Color::White => 1,
            Color::Black => self.size - 2,
        }
    }

    /// The checker's crowning rank (A-E5): the mover's last rank.
    fn last_rank(self, c: Color) -> i32 {
        match c {
            Color::White => self.size - 1,
            Color::Black => 0,
        }
    }

    /// Soldier promotion zone: the last three ranks, absolute (A-E19).
    fn soldier_zone(self, s: Sq, c: Color) -> bool {
        match c {
            Color::White => s.1 >= self.size - 3,
            Color::Black => s.1 <= 2,
        }
    }

    /// Pawn promotion choices on `s` (II.2.4, A-E20).
    fn pawn_promotions(self, s: Sq) -> Vec<Kind> {
        let mut v = vec![Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
        if self.tigers {
            v.push(Kind::Tiger);
        }
        if self.soldiers {
            v.push(Kind::PSoldier);
        }
        if self.black(s) {
            v.push(Kind::Dame);
        }
        if self.cannon {
            v.push(Kind::Cannon);
        }
        v
    }

    /// May a piece of this kind stand on this variant's board at all?
    fn has_kind(self, k: Kind) -> bool {
        match k {
            Kind::Tiger => self.tigers,
            Kind::Cannon => self.cannon,
            Kind::Soldier | Kind::PSoldier => self.soldiers,
            _ => true,
        }
    }

    /// The castlings (II.2.10, II.4): (right index, king from, king to, rook from, rook to,
    /// squares that must be empty, the King's three squares that must not be attacked, the
    /// piece kind on the rook square).
    fn castlings(self, c: Color) -> Vec<Castling> {
        let r = match c {
            Color::White => 0,
            Color::Black => self.size - 1,
        };
        let (kf, rk, rq) = if self.size == 11 {
            (5, 8, 2)
        } else {
            (4, 7, 1)
        };
        let base = if c == Color::White { 0 } else { 2 };
        let king_side = Castling {
            right: base,
            king_from: (kf, r),
            king_to: (kf + 2, r),
            rook_from: (rk, r),
            rook_to: (kf + 1, r),
            empty: ((kf + 1)..rk).map(|f| (f, r)).collect(),
            path: vec![(kf, r), (kf + 1, r), (kf + 2, r)],
            rook_kind: Kind::Rook,
        };
        let queen_side = Castling {
            right: base + 1,
            king_from: (kf, r),
            king_to: (kf - 2, r),
            rook_from: (rq, r),
            rook_to: (kf - 1, r),
            empty: ((rq + 1)..kf).map(|f| (f, r)).collect(),
            path: vec![(kf, r), (kf - 1, r), (kf - 2, r)],
            rook_kind: if self.cannon {
                Kind::Cannon
            } else {
                Kind::Rook
            },
        };
        vec![king_side, queen_side]
    }
}

struct Castling {
    right: usize,
    king_from: Sq,
    king_to: Sq,
    rook_from: Sq,
    rook_to: Sq,
    empty: Vec<Sq>,
    path: Vec<Sq>,
    rook_kind: Kind,
}

// ---------------------------------------------------------------------------------- pieces

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

    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
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
    Tiger,
    Cannon,
    /// S
    Soldier,
    /// V, the promoted soldier
    PSoldier,
    /// M, the checker man
    Man,
    /// D, the promoted checker
    Dame,
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
            Kind::Tiger => 'T',
            Kind::Cannon => 'C',
            Kind::Soldier => 'S',
            Kind::PSoldier => 'V',
            Kind::Man => 'M',
            Kind::Dame => 'D',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            'T' => Kind::Tiger,
            'C' => Kind::Cannon,
            'S' => Kind::Soldier,
            'V' => Kind::PSoldier,
            'M' => Kind::Man,
            'D' => Kind::Dame,
            _ => return None,
        })
    }

    fn is_soldier(self) -> bool {
        matches!(self, Kind::Soldier | Kind::PSoldier)
    }

    fn is_checker(self) -> bool {
        matches!(self, Kind::Man | Kind::Dame)
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

// ---------------------------------------------------------------------------------- moves

/// The effect of a move (README §4).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
struct Mv {
    drop: bool,
    /// For a drop: equal to `to`.
    from: Sq,
    to: Sq,
    /// Removed squares other than `to` (checker jumps, custodian captures), ascending, no
    /// repeats. Not the e.p. victim, which is implied.
    kills: Vec<Sq>,
    promo: Option<Kind>,
    castle: bool,
    ep: bool,
}

impl Mv {
    fn new(from: Sq, to: Sq) -> Mv {
        Mv {
            drop: false,
            from,
            to,
            kills: vec![],
            promo: None,
            castle: false,
            ep: false,
        }
    }

    fn with_kills(from: Sq, to: Sq, mut kills: Vec<Sq>) -> Mv {
        kills.sort();
        kills.dedup();
        Mv {
            kills,
            ..Mv::new(from, to)
        }
    }

    fn promoting(mut self, k: Option<Kind>) -> Mv {
        self.promo = k;
        self
    }
}

// ---------------------------------------------------------------------------------- position

#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct ExcitingPos {
    rules: Rules,
    board: Vec<Option<Piece>>,
    side: Color,
    /// Soldiers in hand: [White, Black].
    hand: [u32; 2],
    /// K Q k q.
    castling: [bool; 4],
    ep: Option<Sq>,
    halfmove: u32,
    fullmove: u32,
}

impl ExcitingPos {
    // ------------------------------------------------------------------ board access

    fn at(&self, s: Sq) -> Option<Piece> {
        if self.rules.on_board(s) {
            self.board[self.rules.idx(s)]
        } else {
            None
        }
    }

    fn set(&mut self, s: Sq, p: Option<Piece>) {
        assert!(self.rules.on_board(s), "reference: writing off the board");
        let i = self.rules.idx(s);
        self.board[i] = p;
    }

    fn on_board(&self, s: Sq) -> bool {
        self.rules.on_board(s)
    }

    /// On the board and empty.
    fn is_empty(&self, s: Sq) -> bool {
        self.on_board(s) && self.at(s).is_none()
    }

    fn holds(&self, s: Sq, c: Color) -> bool {
        matches!(self.at(s), Some(p) if p.color == c)
    }

    fn holds_kind(&self, s: Sq, c: Color, k: Kind) -> bool {
        self.at(s) == Some(Piece { color: c, kind: k })
    }

    /// An enemy of `us` other than its King.
    fn enemy_non_king(&self, s: Sq, us: Color) -> bool {
        matches!(self.at(s), Some(p) if p.color != us && p.kind != Kind::King)
    }

    fn pieces(&self, c: Color) -> Vec<(Sq, Kind)> {
        self.rules
            .squares()
            .into_iter()
            .filter_map(|s| match self.at(s) {
                Some(p) if p.color == c => Some((s, p.kind)),
                _ => None,
            })
            .collect()
    }

    fn king_square(&self, c: Color) -> Option<Sq> {
        self.rules
            .squares()
            .into_iter()
            .find(|&s| self.holds_kind(s, c, Kind::King))
    }

    // ------------------------------------------------------------------ FEN in

    pub fn from_fen(variant: &str, fen: &str) -> Result<ExcitingPos, String> {
        let Some(rules) = rules(variant) else {
            return Err(format!("unknown variant '{variant}'"));
        };
        let size = rules.size;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!(
                "FEN '{fen}': needs at least a board and a side to move"
            ));
        }
        if fields.len() > 6 {
            return Err(format!("FEN '{fen}': too many fields ({})", fields.len()));
        }
        // Board and holdings.
        let (board_text, hand_text) = match fields[0].find('[') {
            Some(i) => {
                let rest = &fields[0][i..];
                if !rest.ends_with(']') {
                    return Err(format!("FEN '{fen}': holdings need a closing ']'"));
                }
                (&fields[0][..i], Some(&rest[1..rest.len() - 1]))
            }
            None => (fields[0], None),
        };
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != size as usize {
            return Err(format!(
                "FEN '{fen}': the board needs {size} ranks, found {}",
                rows.len()
            ));
        }
        let mut board = vec![None; (size * size) as usize];
        for (i, row) in rows.iter().enumerate() {
            let r = size - 1 - i as i32;
            let chars: Vec<char> = row.chars().collect();
            let mut f = 0i32;
            let mut j = 0usize;
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
                    f += n;
                    if f > size {
                        return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                    }
                    continue;
                }
                if f >= size {
                    return Err(format!("FEN '{fen}': rank {} is too long", r + 1));
                }
                let s = (f, r);
                if c == '*' {
                    if !rules.removed(s) {
                        return Err(format!(
                            "FEN '{fen}': '*' on {}, which is a board square",
                            rules.name(s)
                        ));
                    }
                    f += 1;
                    j += 1;
                    continue;
                }
                let (letter, promoted) = if c == '+' {
                    j += 1;
                    match chars.get(j) {
                        Some(&l) => (l, true),
                        None => return Err(format!("FEN '{fen}': '+' at the end of a rank")),
                    }
                } else {
                    (c, false)
                };
                let Some(mut kind) = Kind::from_letter(letter) else {
                    return Err(format!("FEN '{fen}': unknown piece letter '{letter}'"));
                };
                if promoted {
                    kind = match kind {
                        Kind::Soldier => Kind::PSoldier,
                        Kind::Man => Kind::Dame,
                        _ => {
                            return Err(format!("FEN '{fen}': '+{letter}' (only +S and +M exist)"));
                        }
                    };
                }
                if !rules.has_kind(kind) {
                    return Err(format!(
                        "FEN '{fen}': '{letter}' is not a piece of {variant}"
                    ));
                }
                if rules.removed(s) {
                    return Err(format!(
                        "FEN '{fen}': a piece on the removed square {}",
                        rules.name(s)
                    ));
                }
                let color = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board[rules.idx(s)] = Some(Piece { color, kind });
                f += 1;
                j += 1;
            }
            if f != size {
                return Err(format!(
                    "FEN '{fen}': rank {} has {f} files, needs {size}",
                    r + 1
                ));
            }
        }
        let mut hand = [0u32; 2];
        if let Some(h) = hand_text {
            for c in h.chars() {
                match c {
                    '-' => {}
                    'S' => hand[0] += 1,
                    's' => hand[1] += 1,
                    _ => {
                        return Err(format!(
                            "FEN '{fen}': hand letter '{c}' (only S and s can be held)"
                        ));
                    }
                }
            }
            if !rules.reentry && hand != [0, 0] {
                return Err(format!(
                    "FEN '{fen}': {variant} has no re-entry, so no holdings"
                ));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("FEN '{fen}': side to move '{s}' (need 'w' or 'b')")),
        };
        let mut castling = [false; 4];
        if let Some(&c) = fields.get(2)
            && c != "-"
        {
            for ch in c.chars() {
                let i = match ch {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    _ => return Err(format!("FEN '{fen}': castling field '{c}'")),
                };
                castling[i] = true;
            }
        }
        let mut ep = None;
        if let Some(&e) = fields.get(3)
            && e != "-"
        {
            let Some(s) = rules.parse_square(e) else {
                return Err(format!("FEN '{fen}': e.p. field '{e}'"));
            };
            // The square skipped by the opponent's double step.
            let want_rank = match side {
                Color::White => size - 3,
                Color::Black => 2,
            };
            if s.1 != want_rank {
                return Err(format!("FEN '{fen}': e.p. square '{e}' on the wrong rank"));
            }
            ep = Some(s);
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
        let mut pos = ExcitingPos {
            rules,
            board,
            side,
            hand,
            castling,
            ep,
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
        // REF-DECISION: rights the placement cannot support are dropped.
        for c in [Color::White, Color::Black] {
            for k in rules.castlings(c) {
                if !pos.holds_kind(k.king_from, c, Kind::King)
                    || !pos.holds_kind(k.rook_from, c, k.rook_kind)
                {
                    pos.castling[k.right] = false;
                }
            }
        }
        if pos.king_attacked(side.other()) {
            return Err(format!("FEN '{fen}': the side not to move is in check"));
        }
        Ok(pos)
    }

    // ------------------------------------------------------------------ FEN out

    pub fn to_fen(&self) -> String {
        let rules = self.rules;
        let mut s = String::new();
        for r in (0..rules.size).rev() {
            let mut empty = 0;
            for f in 0..rules.size {
                let sq = (f, r);
                let c = if rules.removed(sq) {
                    Some('*')
                } else {
                    self.at(sq).map(Piece::fen_char)
                };
                match c {
                    None => empty += 1,
                    Some(ch) => {
                        if empty > 0 {
                            write!(s, "{empty}").unwrap();
                            empty = 0;
                        }
                        s.push(ch);
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
        if rules.reentry {
            s.push('[');
            for _ in 0..self.hand[0] {
                s.push('S');
            }
            for _ in 0..self.hand[1] {
                s.push('s');
            }
            s.push(']');
        }
        let side = if self.side == Color::White { 'w' } else { 'b' };
        let mut cast = String::new();
        for (i, ch) in ['K', 'Q', 'k', 'q'].iter().enumerate() {
            if self.castling[i] {
                cast.push(*ch);
            }
        }
        if cast.is_empty() {
            cast.push('-');
        }
        let ep = match self.ep {
            Some(e) => rules.name(e),
            None => "-".to_string(),
        };
        write!(s, " {side} {cast} {ep} {} {}", self.halfmove, self.fullmove).unwrap();
        s
    }

    // ------------------------------------------------------------------ II.2.11 attack

    /// Is every square strictly between `a` and `b` (on one line along `d`) empty?
    fn line_clear(&self, a: Sq, b: Sq, d: Sq) -> bool {
        let mut t = add(a, d);
        while t != b {
            if !self.is_empty(t) {
                return false;
            }
            t = add(t, d);
        }
        true
    }

    /// The unit direction from `a` to `b` if they are on one rank, file or diagonal.
    fn direction(a: Sq, b: Sq) -> Option<Sq> {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        if (dx, dy) == (0, 0) {
            return None;
        }
        if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
            Some((dx.signum(), dy.signum()))
        } else {
            None
        }
    }

    /// Does a checker of side `e` on `from` have a jump sequence (II.2.9: enemy pieces jumped,
    /// landing squares empty, nothing jumped twice, jumped pieces stay until the end, the
    /// start square empty) that jumps `target` at some step?
    fn checker_hits(&self, from: Sq, kind: Kind, e: Color, target: Sq) -> bool {
        let dirs = self.checker_dirs(kind, e);
        let mut jumped = Vec::new();
        self.checker_hits_from(from, from, &dirs, e, target, &mut jumped)
    }

    fn checker_hits_from(
        &self,
        start: Sq,
        cur: Sq,
        dirs: &[Sq],
        e: Color,
        target: Sq,
        jumped: &mut Vec<Sq>,
    ) -> bool {
        for &d in dirs {
            let mid = add(cur, d);
            let land = add(mid, d);
            if !self.holds(mid, e.other()) || jumped.contains(&mid) {
                continue;
            }
            if !(land == start || self.is_empty(land)) {
                continue;
            }
            if mid == target {
                return true;
            }
            jumped.push(mid);
            if self.checker_hits_from(start, land, dirs, e, target, jumped) {
                return true;
            }
            jumped.pop();
        }
        false
    }

    fn checker_dirs(&self, kind: Kind, c: Color) -> Vec<Sq> {
        match kind {
            Kind::Man => vec![(-1, c.forward()), (1, c.forward())],
            _ => DIAG4.to_vec(),
        }
    }

    /// II.2.7: soldiers of side `e` threaten to enclose the King on `x`.
    fn enclosure(&self, x: Sq, e: Color) -> bool {
        if !self.rules.soldiers {
            return false;
        }
        let nb = self.rules.orth_neighbours(x);
        for &y in &nb {
            if !self.is_empty(y) {
                continue;
            }
            for d in ORTH4 {
                // A soldier of e on s steps by d onto y.
                let s = (y.0 - d.0, y.1 - d.1);
                let Some(p) = self.at(s) else { continue };
                if p.color != e || !p.kind.is_soldier() {
                    continue;
                }
                if p.kind == Kind::Soldier && d == (0, -e.forward()) {
                    continue; // an S never steps backward
                }
                let mut after = self.clone();
                after.set(s, None);
                after.set(y, Some(p));
                if nb.iter().all(|&q| after.holds(q, e)) {
                    return true;
                }
            }
        }
        false
    }

    /// Does side `e` attack the square `x` (which holds, or is tested as holding, the other
    /// side's King)? II.2.11 item by item.
    fn attacked(&self, x: Sq, e: Color) -> bool {
        for (s, kind) in self.pieces(e) {
            let hit = match kind {
                Kind::King => (s.0 - x.0).abs() <= 1 && (s.1 - x.1).abs() <= 1 && s != x,
                Kind::Queen | Kind::Rook | Kind::Bishop => match Self::direction(s, x) {
                    Some(d) => {
                        let orth = d.0 == 0 || d.1 == 0;
                        let ok = match kind {
                            Kind::Queen => true,
                            Kind::Rook => orth,
                            _ => !orth,
                        };
                        ok && self.line_clear(s, x, d)
                    }
                    None => false,
                },
                Kind::Knight | Kind::Tiger => KNIGHT.iter().any(|&d| add(s, d) == x),
                Kind::Pawn => x == add(s, (-1, e.forward())) || x == add(s, (1, e.forward())),
                Kind::Cannon => match Self::direction(s, x) {
                    Some(d) if d.0 == 0 || d.1 == 0 => {
                        let mut screens = 0;
                        let mut t = add(s, d);
                        while t != x {
                            if !self.on_board(t) {
                                screens = 99; // never happens: holes are at the line ends
                            } else if self.at(t).is_some() {
                                screens += 1;
                            }
                            t = add(t, d);
                        }
                        screens == 1
                    }
                    _ => false,
                },
                Kind::Man | Kind::Dame => self.checker_hits(s, kind, e, x),
                Kind::Soldier | Kind::PSoldier => false, // enclosure below
            };
            if hit {
                return true;
            }
        }
        self.enclosure(x, e)
    }

    /// `attacked` without the soldier enclosure rule (for the cross-check only).
    fn attacked_without_soldiers(&self, x: Sq, e: Color) -> bool {
        let mut b = self.clone();
        b.rules.soldiers = false;
        b.attacked(x, e)
    }

    fn king_attacked(&self, c: Color) -> bool {
        match self.king_square(c) {
            Some(k) => self.attacked(k, c.other()),
            None => false,
        }
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    // ------------------------------------------------------------------ move generation

    /// Orthodox slides along `dirs`: empty squares, and the first enemy non-King piece when
    /// `capture` (II.2.1).
    fn slides(&self, from: Sq, dirs: &[Sq], capture: bool, us: Color, out: &mut BTreeSet<Mv>) {
        for &d in dirs {
            let mut t = add(from, d);
            while self.on_board(t) {
                if self.at(t).is_none() {
                    out.insert(Mv::new(from, t));
                    t = add(t, d);
                    continue;
                }
                if capture && self.enemy_non_king(t, us) {
                    out.insert(Mv::new(from, t));
                }
                break;
            }
        }
    }

    /// Leaps by `offsets`: to an empty square when `quiet`, onto an enemy non-King when
    /// `capture`.
    fn leaps(
        &self,
        from: Sq,
        offsets: &[Sq],
        quiet: bool,
        capture: bool,
        us: Color,
        out: &mut BTreeSet<Mv>,
    ) {
        for &d in offsets {
            let t = add(from, d);
            if !self.on_board(t) {
                continue;
            }
            if (quiet && self.at(t).is_none()) || (capture && self.enemy_non_king(t, us)) {
                out.insert(Mv::new(from, t));
            }
        }
    }

    /// II.2.4 pawns.
    fn pawn_moves(&self, from: Sq, us: Color, out: &mut BTreeSet<Mv>) {
        let rules = self.rules;
        let fwd = us.forward();
        let with_promos = |m: Mv, out: &mut BTreeSet<Mv>| {
            if rules.pawn_promotes(m.to, us) {
                for k in rules.pawn_promotions(m.to) {
                    out.insert(m.clone().promoting(Some(k)));
                }
            } else {
                out.insert(m);
            }
        };
        let t1 = add(from, (0, fwd));
        if self.is_empty(t1) {
            with_promos(Mv::new(from, t1), out);
            let t2 = add(t1, (0, fwd));
            if from.1 == rules.pawn_start_rank(us) && self.is_empty(t2) {
                with_promos(Mv::new(from, t2), out);
            }
        }
        for df in [-1, 1] {
            let t = add(from, (df, fwd));
            if !self.on_board(t) {
                continue;
            }
            if self.enemy_non_king(t, us) {
                with_promos(Mv::new(from, t), out);
            } else if self.ep == Some(t) && self.at(t).is_none() {
                let victim = (t.0, from.1);
                if self.holds_kind(victim, us.other(), Kind::Pawn) {
                    let mut m = Mv::new(from, t);
                    m.ep = true;
                    with_promos(m, out);
                }
            }
        }
    }

    /// II.2.3 cannon: rook slides to empty squares; capture over exactly one screen.
    fn cannon_moves(&self, from: Sq, us: Color, out: &mut BTreeSet<Mv>) {
        self.slides(from, &ORTH4, false, us, out);
        for d in ORTH4 {
            let mut t = add(from, d);
            while self.is_empty(t) {
                t = add(t, d);
            }
            if !self.on_board(t) {
                continue; // no screen
            }
            t = add(t, d);
            while self.is_empty(t) {
                t = add(t, d);
            }
            if self.on_board(t) && self.enemy_non_king(t, us) {
                out.insert(Mv::new(from, t));
            }
        }
    }

    /// II.2.6: the pieces a soldier of `us` captures by arriving on `y`, on the board `b`
    /// after its step.
    fn custodian(&self, b: &ExcitingPos, y: Sq, us: Color) -> Vec<Sq> {
        let mut kills = Vec::new();
        for d in ORTH4 {
            let e = add(y, d);
            if !b.enemy_non_king(e, us) {
                continue;
            }
            let taken = if self.rules.corner(e) {
                self.rules
                    .orth_neighbours(e)
                    .iter()
                    .all(|&q| b.holds(q, us))
            } else {
                let partner = step(y, d, 2);
                b.on_board(partner) && b.holds(partner, us)
            };
            if taken {
                kills.push(e);
            }
        }
        kills
    }

    /// II.2.5 soldiers: S forward / left / right, V also backward, onto empty squares;
    /// custodian captures; optional promotion of S in the zone.
    fn soldier_moves(&self, from: Sq, p: Piece, out: &mut BTreeSet<Mv>) {
        let us = p.color;
        for d in ORTH4 {
            if p.kind == Kind::Soldier && d == (0, -us.forward()) {
                continue;
            }
            let y = add(from, d);
            if !self.is_empty(y) {
                continue;
            }
            let mut after = self.clone();
            after.set(from, None);
            after.set(y, Some(p));
            let kills = self.custodian(&after, y, us);
            let m = Mv::with_kills(from, y, kills);
            if p.kind == Kind::Soldier && self.rules.soldier_zone(y, us) {
                out.insert(m.clone().promoting(Some(Kind::PSoldier)));
            }
            out.insert(m);
        }
    }

    /// II.2.9 checkers: diagonal steps, and every prefix of every jump sequence.
    fn checker_moves(&self, from: Sq, p: Piece, out: &mut BTreeSet<Mv>) {
        let us = p.color;
        let dirs = self.checker_dirs(p.kind, us);
        let crown =
            |t: Sq| (p.kind == Kind::Man && t.1 == self.rules.last_rank(us)).then_some(Kind::Dame);
        for &d in &dirs {
            let t = add(from, d);
            if self.is_empty(t) {
                out.insert(Mv::new(from, t).promoting(crown(t)));
            }
        }
        // Jumps: the board with the start square emptied.
        let mut b = self.clone();
        b.set(from, None);
        let mut jumped = Vec::new();
        b.jumps(from, from, p, &dirs, &mut jumped, &crown, out);
    }

    // The slow reference walker keeps its state in arguments, one per term of the rules text.
    #[allow(clippy::too_many_arguments)]
    fn jumps(
        &self,
        start: Sq,
        cur: Sq,
        p: Piece,
        dirs: &[Sq],
        jumped: &mut Vec<Sq>,
        crown: &dyn Fn(Sq) -> Option<Kind>,
        out: &mut BTreeSet<Mv>,
    ) {
        for &d in dirs {
            let mid = add(cur, d);
            let land = add(mid, d);
            if !self.enemy_non_king(mid, p.color) || jumped.contains(&mid) {
                continue;
            }
            if !self.is_empty(land) {
                continue; // jumped pieces are still on the board here
            }
            jumped.push(mid);
            let promo = crown(land);
            out.insert(Mv::with_kills(start, land, jumped.clone()).promoting(promo));
            if promo.is_none() {
                self.jumps(start, land, p, dirs, jumped, crown, out);
            }
            jumped.pop();
        }
    }

    fn castling_moves(&self, out: &mut BTreeSet<Mv>) {
        let us = self.side;
        for c in self.rules.castlings(us) {
            if !self.castling[c.right]
                || !self.holds_kind(c.king_from, us, Kind::King)
                || !self.holds_kind(c.rook_from, us, c.rook_kind)
                || !c.empty.iter().all(|&s| self.is_empty(s))
            {
                continue;
            }
            let attacked_on = |s: Sq| {
                let mut b = self.clone();
                b.set(c.king_from, None);
                b.set(
                    s,
                    Some(Piece {
                        color: us,
                        kind: Kind::King,
                    }),
                );
                b.attacked(s, us.other())
            };
            if c.path.iter().any(|&s| attacked_on(s)) {
                continue;
            }
            let mut m = Mv::new(c.king_from, c.king_to);
            m.castle = true;
            out.insert(m);
        }
    }

    /// Every move of the side to move, drops and castling included, ignoring its King's
    /// safety.
    fn pseudo(&self) -> BTreeSet<Mv> {
        let us = self.side;
        let mut out = BTreeSet::new();
        for (s, kind) in self.pieces(us) {
            let p = Piece { color: us, kind };
            match kind {
                Kind::King => self.leaps(s, &DIR8, true, true, us, &mut out),
                Kind::Queen => self.slides(s, &DIR8, true, us, &mut out),
                Kind::Rook => self.slides(s, &ORTH4, true, us, &mut out),
                Kind::Bishop => self.slides(s, &DIAG4, true, us, &mut out),
                Kind::Knight => self.leaps(s, &KNIGHT, true, true, us, &mut out),
                Kind::Tiger => {
                    self.slides(s, &DIAG4, false, us, &mut out);
                    self.leaps(s, &KNIGHT, false, true, us, &mut out);
                }
                Kind::Cannon => self.cannon_moves(s, us, &mut out),
                Kind::Pawn => self.pawn_moves(s, us, &mut out),
                Kind::Soldier | Kind::PSoldier => self.soldier_moves(s, p, &mut out),
                Kind::Man | Kind::Dame => self.checker_moves(s, p, &mut out),
            }
        }
        if self.rules.reentry && self.hand[us.index()] > 0 {
            for s in self.rules.squares() {
                if self.at(s).is_none() {
                    let mut m = Mv::new(s, s);
                    m.drop = true;
                    out.insert(m);
                }
            }
        }
        self.castling_moves(&mut out);
        out
    }

    /// The pieces a move removes: (square, piece).
    fn removed_by(&self, m: &Mv) -> Vec<(Sq, Piece)> {
        let mut v = Vec::new();
        if m.drop {
            return v;
        }
        for &k in &m.kills {
            v.push((k, self.at(k).expect("reference: killing an empty square")));
        }
        if m.ep {
            let victim = (m.to.0, m.from.1);
            v.push((
                victim,
                self.at(victim).expect("reference: e.p. without a pawn"),
            ));
        } else if !m.castle
            && let Some(q) = self.at(m.to)
            && m.to != m.from
        {
            v.push((m.to, q));
        }
        v
    }

    fn make(&self, m: &Mv) -> ExcitingPos {
        let us = self.side;
        let them = us.other();
        let mut n = self.clone();
        let removed = self.removed_by(m);
        for &(s, q) in &removed {
            assert_eq!(q.color, them, "reference: removing an own piece");
            assert_ne!(q.kind, Kind::King, "reference: removing a King");
            n.set(s, None);
            if q.kind.is_soldier() && self.rules.reentry {
                n.hand[us.index()] += 1;
            }
        }
        let reset;
        if m.drop {
            assert!(
                n.hand[us.index()] > 0,
                "reference: dropping from an empty hand"
            );
            n.hand[us.index()] -= 1;
            assert!(self.at(m.to).is_none(), "reference: dropping on a piece");
            n.set(
                m.to,
                Some(Piece {
                    color: us,
                    kind: Kind::Soldier,
                }),
            );
            n.ep = None;
            reset = true;
        } else {
            let p = self
                .at(m.from)
                .expect("reference: moving from an empty square");
            assert_eq!(p.color, us, "reference: moving an enemy piece");
            n.set(m.from, None);
            let placed = match m.promo {
                Some(k) => Piece { color: us, kind: k },
                None => p,
            };
            n.set(m.to, Some(placed));
            if m.castle {
                let c = self
                    .rules
                    .castlings(us)
                    .into_iter()
                    .find(|c| c.king_to == m.to)
                    .expect("reference: castling square");
                let rook = n.at(c.rook_from);
                n.set(c.rook_from, None);
                n.set(c.rook_to, rook);
            }
            let double = p.kind == Kind::Pawn && (m.to.1 - m.from.1).abs() == 2;
            n.ep = double.then_some((m.from.0, m.from.1 + us.forward()));
            reset = !removed.is_empty()
                || p.kind == Kind::Pawn
                || m.promo.is_some()
                || p.kind == Kind::Man
                || (p.kind == Kind::Soldier && m.to.1 - m.from.1 == us.forward());
        }
        // Castling rights: any right whose King or Rook square the move touched is gone.
        let mut touched = vec![m.from, m.to];
        touched.extend(removed.iter().map(|&(s, _)| s));
        for c in [Color::White, Color::Black] {
            for k in self.rules.castlings(c) {
                if touched.contains(&k.king_from) || touched.contains(&k.rook_from) {
                    n.castling[k.right] = false;
                }
            }
        }
        n.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            n.fullmove += 1;
        }
        n.side = them;
        n
    }

    /// CC(m) of II.2.12: m removes at least one enemy M or D.
    fn captures_checker(&self, m: &Mv) -> bool {
        self.removed_by(m)
            .iter()
            .any(|&(_, q)| q.color != self.side && q.kind.is_checker())
    }

    fn is_king_move(&self, m: &Mv) -> bool {
        !m.drop && self.at(m.from).map(|p| p.kind) == Some(Kind::King)
    }

    /// The legal moves with the positions they lead to: L of II.2.12, then the filter.
    fn legal(&self) -> Vec<(Mv, ExcitingPos)> {
        let us = self.side;
        let them = us.other();
        let l: Vec<(Mv, ExcitingPos)> = self
            .pseudo()
            .into_iter()
            .map(|m| {
                let n = self.make(&m);
                (m, n)
            })
            .filter(|(_, n)| !n.king_attacked(us))
            .collect();
        let obliged = l
            .iter()
            .any(|(m, _)| !m.drop && !self.is_king_move(m) && self.captures_checker(m));
        if !obliged {
            return l;
        }
        l.into_iter()
            .filter(|(m, n)| self.captures_checker(m) || n.king_attacked(them))
            .collect()
    }

    // ------------------------------------------------------------------ move strings

    /// The canonical string of a move (README §4).
    fn text(&self, m: &Mv) -> String {
        let r = self.rules;
        if m.drop {
            return format!("S@{}", r.name(m.to));
        }
        let mut s = r.name(m.from);
        for &k in &m.kills {
            s += &r.name(k);
            s.push(',');
            s += &r.name(k);
        }
        s += &r.name(m.to);
        if let Some(k) = m.promo {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }

    /// Splits "e10d11d" into (e10, d11, "d").
    fn parse_leg(&self, part: &str) -> Option<(Sq, Sq, String)> {
        let chars: Vec<char> = part.chars().collect();
        let mut i = 0;
        let mut squares = Vec::new();
        for _ in 0..2 {
            let start = i;
            if i >= chars.len() || !chars[i].is_ascii_lowercase() {
                return None;
            }
            i += 1;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            squares.push(self.rules.parse_square(&name)?);
        }
        let rest: String = chars[i..].iter().collect();
        Some((squares[0], squares[1], rest))
    }

    fn find(&self, text: &str) -> Result<Mv, String> {
        let legal: Vec<Mv> = self.legal().into_iter().map(|(m, _)| m).collect();
        self.find_in(text, &legal)
    }

    /// `find` against a given legal-move list.
    fn find_in(&self, text: &str, legal: &[Mv]) -> Result<Mv, String> {
        let mut s = text.trim();
        for prefix in ["usermove ", "move "] {
            if let Some(r) = s.strip_prefix(prefix) {
                s = r.trim();
            }
        }
        let s = s.trim_end_matches(';').trim();
        let err = |why: &str| {
            format!(
                "reference: '{text}' {why} in '{}' (legal: {})",
                self.to_fen(),
                self.legal_moves().join(" ")
            )
        };
        // Drops: S@e5, s@e5, S*e5.
        if let Some(i) = s.find(['@', '*']) {
            if !s[..i].eq_ignore_ascii_case("s") {
                return Err(err("is not a drop of a soldier"));
            }
            let Some(to) = self.rules.parse_square(&s[i + 1..]) else {
                return Err(err("names no board square"));
            };
            return legal
                .iter()
                .find(|m| m.drop && m.to == to)
                .cloned()
                .ok_or_else(|| err("is not a legal move"));
        }
        let parts: Vec<&str> = s.split(',').collect();
        let mut legs = Vec::new();
        let mut suffix = String::new();
        for (i, part) in parts.iter().enumerate() {
            let Some((a, b, rest)) = self.parse_leg(part) else {
                return Err(err("cannot be read"));
            };
            if !rest.is_empty() {
                if i + 1 != parts.len() || rest.chars().count() != 1 {
                    return Err(err("cannot be read"));
                }
                suffix = rest;
            }
            legs.push((a, b));
        }
        for w in legs.windows(2) {
            if w[0].1 != w[1].0 {
                return Err(err("has legs that do not connect"));
            }
        }
        let from = legs[0].0;
        let to = legs[legs.len() - 1].1;
        let mut inter: Vec<Sq> = legs[..legs.len() - 1].iter().map(|l| l.1).collect();
        inter.sort();
        // Landing-square form of a checker jump: every leg a diagonal 2-step.
        let route_kills: Option<Vec<Sq>> = legs
            .iter()
            .all(|&(a, b)| (b.0 - a.0).abs() == 2 && (b.1 - a.1).abs() == 2)
            .then(|| {
                let mut v: Vec<Sq> = legs
                    .iter()
                    .map(|&(a, b)| ((a.0 + b.0) / 2, (a.1 + b.1) / 2))
                    .collect();
                v.sort();
                v
            });
        let promo_ok = |m: &Mv| {
            let kind = self.at(m.from).map(|p| p.kind);
            match suffix.as_str() {
                "" => m.promo.is_none() || (m.promo == Some(Kind::Dame) && kind == Some(Kind::Man)),
                "+" => {
                    (m.promo == Some(Kind::PSoldier) && kind == Some(Kind::Soldier))
                        || (m.promo == Some(Kind::Dame) && kind == Some(Kind::Man))
                }
                l => {
                    let c = l.chars().next().unwrap();
                    c.is_ascii_lowercase() && m.promo == Kind::from_letter(c)
                }
            }
        };
        let candidates: Vec<&Mv> = legal
            .iter()
            .filter(|m| !m.drop && m.from == from && m.to == to && promo_ok(m))
            .collect();
        let exact: Vec<&Mv> = candidates
            .iter()
            .copied()
            .filter(|m| m.kills == inter)
            .collect();
        if exact.len() == 1 {
            return Ok(exact[0].clone());
        }
        let loose: BTreeSet<Mv> = candidates
            .iter()
            .filter(|m| {
                let by_route = route_kills.as_ref() == Some(&m.kills)
                    && self.at(m.from).is_some_and(|p| p.kind.is_checker());
                by_route || inter.iter().all(|k| m.kills.contains(k))
            })
            .map(|m| (*m).clone())
            .collect();
        match loose.len() {
            1 => Ok(loose.into_iter().next().unwrap()),
            0 => Err(err("is not a legal move")),
            _ => Err(err("matches more than one legal move")),
        }
    }

    // ------------------------------------------------------------------ public API

    /// The variant name.
    pub fn variant(&self) -> &'static str {
        self.rules.name
    }

    /// The legal moves as canonical strings, sorted (plain string order).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(|(m, _)| self.text(m)).collect();
        v.sort();
        v
    }

    /// Plays a move: canonical strings, and the input aliases of README §4 (kill-chain squares
    /// in any order or left out when that names one move, checker landing squares, `+` for `v`
    /// and for crowning, crowning without its letter, `s@e5`, `S*e5`).
    pub fn play(&self, mv: &str) -> Result<ExcitingPos, String> {
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
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }

    /// perft split by first move (move string, count), sorted by move string.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1);
        let mut v: Vec<(String, u64)> = self
            .legal()
            .iter()
            .map(|(m, n)| (self.text(m), n.perft(depth - 1)))
            .collect();
        v.sort();
        v
    }

    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// Soldiers in hand: (White, Black).
    pub fn hands(&self) -> (u32, u32) {
        (self.hand[0], self.hand[1])
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// In check and no legal move (II.2.13).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal().is_empty()
    }

    /// Not in check and no legal move: a draw (A-E27).
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.legal().is_empty()
    }

    /// The twelve (or four, on 9x9) corner squares of the soldier rules, ascending.
    pub fn corner_squares(&self) -> Vec<String> {
        self.rules
            .squares()
            .into_iter()
            .filter(|&s| self.rules.corner(s))
            .map(|s| self.rules.name(s))
            .collect()
    }

    /// Number of squares on the board.
    pub fn board_squares(&self) -> usize {
        self.rules.squares().len()
    }

    /// Is the named square black (II.1)?
    pub fn is_black_square(&self, name: &str) -> Option<bool> {
        self.rules.parse_square(name).map(|s| self.rules.black(s))
    }

    fn mirror_sq(&self, (f, r): Sq) -> Sq {
        (f, self.rules.size - 1 - r)
    }

    /// The position mirrored across the middle rank with the colours swapped (the array is
    /// "as in conventional Chess", A-E4: a symmetry of every rule here).
    pub fn mirror(&self) -> ExcitingPos {
        let mut n = self.clone();
        for s in self.rules.squares() {
            let p = self.at(s).map(|p| Piece {
                color: p.color.other(),
                kind: p.kind,
            });
            n.set(self.mirror_sq(s), p);
        }
        n.side = self.side.other();
        n.hand = [self.hand[1], self.hand[0]];
        n.castling = [
            self.castling[2],
            self.castling[3],
            self.castling[0],
            self.castling[1],
        ];
        n.ep = self.ep.map(|e| self.mirror_sq(e));
        n
    }

    fn mirror_mv(&self, m: &Mv) -> Mv {
        let mut kills: Vec<Sq> = m.kills.iter().map(|&k| self.mirror_sq(k)).collect();
        kills.sort();
        Mv {
            from: self.mirror_sq(m.from),
            to: self.mirror_sq(m.to),
            kills,
            ..m.clone()
        }
    }

    /// The canonical string, in the mirrored position, of the legal move `mv` of this one.
    pub fn mirror_move(&self, mv: &str) -> Result<String, String> {
        let m = self.find(mv)?;
        Ok(self.mirror().text(&self.mirror_mv(&m)))
    }

    /// The legal moves that remove at least one piece, or promote, or drop (canonical).
    pub fn forcing_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal()
            .iter()
            .filter(|(m, _)| m.drop || m.promo.is_some() || !self.removed_by(m).is_empty())
            .map(|(m, _)| self.text(m))
            .collect();
        v.sort();
        v
    }

    /// II.2.11 against the move generator: for each King, every attack other than the soldier
    /// enclosure must be exactly "the other side has a move that removes that square", with
    /// the King replaced by a knight of its colour (so that it may be taken or jumped).
    pub fn attack_cross_check(&self) -> Result<(), String> {
        for x in [Color::White, Color::Black] {
            let e = x.other();
            let Some(k) = self.king_square(x) else {
                return Err("reference: no King".to_string());
            };
            // Soldiers attack only by enclosure, a separate rule, so it is left out on both
            // sides: `attacked` without `enclosure`, and no soldier moves in the probe.
            let attacked = self.attacked_without_soldiers(k, e);
            let mut probe = self.clone();
            probe.set(
                k,
                Some(Piece {
                    color: x,
                    kind: Kind::Knight,
                }),
            );
            probe.side = e;
            probe.ep = None;
            probe.castling = [false; 4];
            probe.hand = [0, 0];
            // The probe has no King of colour x; only removals matter, not legality.
            let removes = probe.pseudo().iter().any(|m| {
                !m.drop
                    && !probe.at(m.from).is_some_and(|p| p.kind.is_soldier())
                    && probe.removed_by(m).iter().any(|&(s, _)| s == k)
            });
            if attacked != removes {
                return Err(format!(
                    "'{}': the {:?} King on {} attacked = {attacked}, but a capturing move \
                     exists = {removes}",
                    self.to_fen(),
                    x,
                    self.rules.name(k)
                ));
            }
        }
        Ok(())
    }

    /// Internal consistency of one position, for random-playout tests:
    /// * the legal list holds each effect once and each canonical string once;
    /// * every canonical string reads back as its own effect (README §4 round trip);
    /// * the FEN reads back to the same position and writes the same text;
    /// * the colour mirror (A-E4) has exactly the mirrored legal moves and check state;
    /// * II.2.12: when the filter removes moves, every kept move captures a checker or checks.
    pub fn consistency_check(&self) -> Result<(), String> {
        let fen = self.to_fen();
        let legal: Vec<Mv> = self.legal().into_iter().map(|(m, _)| m).collect();
        let mut texts: Vec<String> = legal.iter().map(|m| self.text(m)).collect();
        texts.sort();
        let n = texts.len();
        texts.dedup();
        if texts.len() != n {
            return Err(format!("'{fen}': two effects share a string"));
        }
        for m in &legal {
            let t = self.text(m);
            let back = self.find_in(&t, &legal)?;
            if &back != m {
                return Err(format!("'{fen}': '{t}' reads back as another move"));
            }
        }
        let again = ExcitingPos::from_fen(self.rules.name, &fen)?;
        if &again != self || again.to_fen() != fen {
            return Err(format!("'{fen}': FEN round trip fails"));
        }
        let mirror = self.mirror();
        let mut want: Vec<String> = legal
            .iter()
            .map(|m| mirror.text(&self.mirror_mv(m)))
            .collect();
        want.sort();
        let got = mirror.legal_moves();
        if got != want {
            return Err(format!(
                "'{fen}': the mirror '{}' has moves {got:?}, expected {want:?}",
                mirror.to_fen()
            ));
        }
        if mirror.in_check() != self.in_check() {
            return Err(format!("'{fen}': the mirror disagrees about check"));
        }
        let mirror_fen = mirror.to_fen();
        let m2 = ExcitingPos::from_fen(self.rules.name, &mirror_fen)?;
        if m2 != mirror {
            return Err(format!("'{fen}': mirror FEN round trip fails"));
        }
        Ok(())
    }
}
