//! Reference move generator, used only by the test suite.
//!
//! This is a deliberately slow, simple, independent implementation of the rules of
//! `chess` (FIDE), `shockchess` (see `shared/rules/shockchess.md`) and the six Shock Troops
//! variants (`shocktroops`, `shocktroopsnoninja`, `shocktroopsdrone`,
//! `shocktroopsdronenoninja`, `shocktroopsca`, `shocktroopscanoninja`; see
//! `shared/rules/shocktroops.md`), written from the rules text alone. It exists to
//! cross-check the real engine's perft counts and move lists. It shares no code with the
//! engine under `src/`.
//!
//! Board: a plain 64-entry array, square index = rank * 8 + file (a1 = 0, h1 = 7, a8 = 56).
//! Pieces move by stepping (file, rank) deltas with an explicit bounds check.
//! Legality: make the move on a copy of the position, then ask whether the mover's king is
//! attacked (scanning outward from the king square). Shock Chess exception: a move that
//! captures a General is legal regardless of the mover's king (decision SC-3 (b)).
//!
//! Shock Troops: each side has a hand of up to one of each of the two reserve pieces (War
//! Knight `WDN` / Elephant Knight `FAN`, War Drone `WD` / Elephant `FA`, or Chancellor `RN` /
//! Archbishop `BN`) and, in the variants with them, up to two Ninja Pawns. A drop is a whole
//! move: a reserve piece onto an empty square of the own back rank, a Ninja Pawn onto an
//! empty square of the own 2nd rank and optionally pushed one or two squares straight
//! forward over empty squares (written on its final square, `J@e4`).

#![allow(dead_code)]

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
}

/// `Queen` is the orthodox Queen in `chess` and the General (same moves) in `shockchess`.
/// The Shock Troops pieces: `WarKnight` (W, `WDN`), `ElephantKnight` (E, `FAN`), `WarDrone`
/// (W in the drone variants, `WD`), `Elephant` (E in the drone variants, `FA`), `Chancellor`
/// (C, `RN`), `Archbishop` (A, `BN`) and `Ninja` (J, the Ninja Pawn).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    WarKnight,
    ElephantKnight,
    WarDrone,
    Elephant,
    Chancellor,
    Archbishop,
    Ninja,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
struct Piece {
    color: Color,
    kind: Kind,
}

/// The two reserve piece types of a Shock Troops variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Reserve {
    /// War Knight (W) and Elephant Knight (E).
    Knights,
    /// War Drone (W) and Elephant (E).
    Drones,
    /// Chancellor (C) and Archbishop (A).
    Ca,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
enum Variant {
    Chess,
    ShockChess,
    /// Shock Troops with the given reserve pieces; `ninja` says whether the hands hold
    /// Ninja Pawns.
    ShockTroops {
        reserve: Reserve,
        ninja: bool,
    },
}

/// Hand slots: the first reserve piece (W or C), the second (E or A), the Ninja Pawn (J).
const HAND_SLOTS: usize = 3;
const SLOT_NINJA: usize = 2;
/// The most pieces a hand may hold in each slot (one of each reserve piece, two Ninja Pawns).
const HAND_MAX: [u8; HAND_SLOTS] = [1, 1, 2];

impl Variant {
    fn from_name(name: &str) -> Option<Variant> {
        let st = |reserve, ninja| Some(Variant::ShockTroops { reserve, ninja });
        match name {
            "chess" => Some(Variant::Chess),
            "shockchess" => Some(Variant::ShockChess),
            "shocktroops" => st(Reserve::Knights, true),
            "shocktroopsnoninja" => st(Reserve::Knights, false),
            "shocktroopsdrone" => st(Reserve::Drones, true),
            "shocktroopsdronenoninja" => st(Reserve::Drones, false),
            "shocktroopsca" => st(Reserve::Ca, true),
            "shocktroopscanoninja" => st(Reserve::Ca, false),
            _ => None,
        }
    }

    fn has_hands(self) -> bool {
        matches!(self, Variant::ShockTroops { .. })
    }

    fn has_ninja(self) -> bool {
        matches!(self, Variant::ShockTroops { ninja: true, .. })
    }

    /// The piece kind held in a hand slot (`None` if the variant has no such slot).
    fn slot_kind(self, slot: usize) -> Option<Kind> {
        let Variant::ShockTroops { reserve, ninja } = self else {
            return None;
        };
        match (slot, reserve) {
            (0, Reserve::Knights) => Some(Kind::WarKnight),
            (1, Reserve::Knights) => Some(Kind::ElephantKnight),
            (0, Reserve::Drones) => Some(Kind::WarDrone),
            (1, Reserve::Drones) => Some(Kind::Elephant),
            (0, Reserve::Ca) => Some(Kind::Chancellor),
            (1, Reserve::Ca) => Some(Kind::Archbishop),
            (SLOT_NINJA, _) if ninja => Some(Kind::Ninja),
            _ => None,
        }
    }

    /// The hand slot of a piece kind that can be dropped.
    fn slot_of(self, kind: Kind) -> Option<usize> {
        (0..HAND_SLOTS).find(|&s| self.slot_kind(s) == Some(kind))
    }

    /// What a regular pawn or a Ninja Pawn may promote to.
    fn promo_kinds(self) -> &'static [Kind] {
        use Kind::*;
        match self {
            Variant::Chess | Variant::ShockChess => &[Queen, Rook, Bishop, Knight],
            Variant::ShockTroops { reserve, .. } => match reserve {
                Reserve::Knights => &[Queen, Rook, Bishop, Knight, WarKnight, ElephantKnight],
                Reserve::Drones => &[Queen, Rook, Bishop, Knight, WarDrone, Elephant],
                Reserve::Ca => &[Queen, Rook, Bishop, Knight, Chancellor, Archbishop],
            },
        }
    }

    /// Upper-case letter of a piece kind (FEN, White; drops).
    fn letter(self, kind: Kind) -> char {
        match kind {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => match self {
                Variant::ShockChess => 'G',
                _ => 'Q',
            },
            Kind::King => 'K',
            Kind::WarKnight | Kind::WarDrone => 'W',
            Kind::ElephantKnight | Kind::Elephant => 'E',
            Kind::Chancellor => 'C',
            Kind::Archbishop => 'A',
            Kind::Ninja => 'J',
        }
    }

    /// Piece kind of an upper-case FEN letter. Shock Chess accepts `Q` as an alias of `G`.
    fn kind_of_letter(self, upper: char) -> Option<Kind> {
        match (self, upper) {
            (_, 'P') => Some(Kind::Pawn),
            (_, 'N') => Some(Kind::Knight),
            (_, 'B') => Some(Kind::Bishop),
            (_, 'R') => Some(Kind::Rook),
            (_, 'K') => Some(Kind::King),
            (Variant::Chess, 'Q') | (Variant::ShockTroops { .. }, 'Q') => Some(Kind::Queen),
            (Variant::ShockChess, 'G') | (Variant::ShockChess, 'Q') => Some(Kind::Queen),
            (Variant::ShockTroops { .. }, _) => {
                // The reserve letters and J (board pieces of these kinds may also come
                // from promotion, so every slot kind is a board piece).
                (0..HAND_SLOTS)
                    .filter_map(|s| self.slot_kind(s))
                    .find(|&k| self.letter(k) == upper)
            }
            _ => None,
        }
    }
}

/// A move in internal form. En passant, castling and the double step are recognised from
/// the board when the move is made (a regular pawn moving diagonally to an empty square, a
/// king moving two files, a regular pawn moving two ranks), so they need no flags here.
/// A drop has `drop = Some(kind)`, `to` = the square the piece ends on (for a Ninja Pawn
/// drop with push, the square after the push), and `from` unused (0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<Kind>,
    drop: Option<Kind>,
    pass: bool,
}

impl Mv {
    fn board(from: usize, to: usize, promo: Option<Kind>) -> Mv {
        Mv {
            from,
            to,
            promo,
            drop: None,
            pass: false,
        }
    }

    fn drop(kind: Kind, to: usize) -> Mv {
        Mv {
            from: 0,
            to,
            promo: None,
            drop: Some(kind),
            pass: false,
        }
    }

    fn pass() -> Mv {
        Mv {
            from: 0,
            to: 0,
            promo: None,
            drop: None,
            pass: true,
        }
    }
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const QUEEN_DIRS: [(i32, i32); 8] = KING_STEPS;
const DABBABA_LEAPS: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const ALFIL_LEAPS: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];

/// The leaper atoms (Betza): each is a symmetric set of (file, rank) offsets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Leap {
    /// W: one orthogonal step.
    Wazir,
    /// F: one diagonal step.
    Ferz,
    /// D: two orthogonal squares, jumping.
    Dabbaba,
    /// A: two diagonal squares, jumping.
    Alfil,
    /// N: the knight leap.
    Knight,
}

const ALL_LEAPS: [Leap; 5] = [
    Leap::Wazir,
    Leap::Ferz,
    Leap::Dabbaba,
    Leap::Alfil,
    Leap::Knight,
];

fn leap_offsets(l: Leap) -> &'static [(i32, i32)] {
    match l {
        Leap::Wazir => &ROOK_DIRS,
        Leap::Ferz => &BISHOP_DIRS,
        Leap::Dabbaba => &DABBABA_LEAPS,
        Leap::Alfil => &ALFIL_LEAPS,
        Leap::Knight => &KNIGHT_STEPS,
    }
}

/// The leaps of a piece kind (pawns and Ninja Pawns are handled separately).
fn leaps_of(kind: Kind) -> &'static [Leap] {
    match kind {
        Kind::Knight | Kind::Chancellor | Kind::Archbishop => &[Leap::Knight],
        Kind::King => &[Leap::Wazir, Leap::Ferz],
        Kind::WarKnight => &[Leap::Wazir, Leap::Dabbaba, Leap::Knight],
        Kind::ElephantKnight => &[Leap::Ferz, Leap::Alfil, Leap::Knight],
        Kind::WarDrone => &[Leap::Wazir, Leap::Dabbaba],
        Kind::Elephant => &[Leap::Ferz, Leap::Alfil],
        Kind::Pawn | Kind::Ninja | Kind::Bishop | Kind::Rook | Kind::Queen => &[],
    }
}

/// The slide directions of a piece kind (symmetric sets).
fn slides_of(kind: Kind) -> &'static [(i32, i32)] {
    match kind {
        Kind::Bishop | Kind::Archbishop => &BISHOP_DIRS,
        Kind::Rook | Kind::Chancellor => &ROOK_DIRS,
        Kind::Queen => &QUEEN_DIRS,
        _ => &[],
    }
}

fn file_of(sq: usize) -> i32 {
    (sq % 8) as i32
}

fn rank_of(sq: usize) -> i32 {
    (sq / 8) as i32
}

fn square(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    square(file_of(sq) + df, rank_of(sq) + dr)
}

fn square_name(sq: usize) -> String {
    let f = (b'a' + (sq % 8) as u8) as char;
    let r = (b'1' + (sq / 8) as u8) as char;
    format!("{f}{r}")
}

fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0] as i32 - b'a' as i32;
    let r = b[1] as i32 - b'1' as i32;
    square(f, r)
}

/// Forward rank direction of a colour's pawns.
fn forward(c: Color) -> i32 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Rank index (0-based) a colour's pawns start on.
fn pawn_start_rank(c: Color) -> i32 {
    match c {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// Rank index (0-based) of a colour's back rank (where reserve pieces are dropped).
fn back_rank(c: Color) -> i32 {
    match c {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// Is the 0-based rank on `c`'s enemy half, where a Ninja Pawn may capture sideways?
/// White: ranks 5-7 (indices 4..=6, rank 8 cannot hold a White Ninja Pawn); Black: ranks
/// 4-2 (indices 3..=1).
fn enemy_half(c: Color, rank: i32) -> bool {
    match c {
        Color::White => rank >= 4,
        Color::Black => rank <= 3,
    }
}

fn color_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Rank index (0-based) a colour's pawns promote on.
fn last_rank(c: Color) -> i32 {
    match c {
        Color::White => 7,
        Color::Black => 0,
    }
}

// Corner and king squares used by castling.
const A1: usize = 0;
const C1: usize = 2;
const D1: usize = 3;
const E1: usize = 4;
const F1: usize = 5;
const G1: usize = 6;
const H1: usize = 7;
const B1: usize = 1;
const A8: usize = 56;
const B8: usize = 57;
const C8: usize = 58;
const D8: usize = 59;
const E8: usize = 60;
const F8: usize = 61;
const G8: usize = 62;
const H8: usize = 63;

#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct RefPos {
    variant: Variant,
    board: [Option<Piece>; 64],
    side: Color,
    /// Castling rights: White king side, White queen side, Black king side, Black queen side.
    wk: bool,
    wq: bool,
    bk: bool,
    bq: bool,
    /// The square a pawn passed over in a double step on the last ply.
    ep: Option<usize>,
    halfmove: u32,
    fullmove: u32,
    /// Shock Chess: the side to move is frozen and must pass.
    frozen: bool,
    /// Shock Troops: pieces in hand, `hand[color_index][slot]` (all zero elsewhere).
    hand: [[u8; HAND_SLOTS]; 2],
}

impl RefPos {
    // ------------------------------------------------------------------ FEN in

    pub fn from_fen(variant: &str, fen: &str) -> Result<RefPos, String> {
        let v = Variant::from_name(variant)
            .ok_or_else(|| format!("reference: unknown variant '{variant}'"))?;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!(
                "FEN '{fen}': needs at least 4 fields (board, side, castling, e.p.), found {}",
                fields.len()
            ));
        }
        if fields.len() > 7 {
            return Err(format!("FEN '{fen}': too many fields ({})", fields.len()));
        }

        // Board, with an optional hand in brackets. `[]`, `[-]` and no bracket are an empty
        // hand; the letters may come in any order.
        let mut board_text = fields[0];
        let mut hand = [[0u8; HAND_SLOTS]; 2];
        if let Some(open) = board_text.find('[') {
            if !board_text.ends_with(']') {
                return Err(format!("FEN '{fen}': unterminated hand bracket"));
            }
            let hand_text = &board_text[open + 1..board_text.len() - 1];
            if !hand_text.is_empty() && hand_text != "-" {
                if !v.has_hands() {
                    return Err(format!(
                        "FEN '{fen}': variant '{variant}' has no hand, but the FEN holds '{hand_text}'"
                    ));
                }
                for ch in hand_text.chars() {
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let slot = v
                        .kind_of_letter(ch.to_ascii_uppercase())
                        .and_then(|k| v.slot_of(k))
                        .ok_or_else(|| {
                            format!("FEN '{fen}': '{ch}' is not a hand letter of '{variant}'")
                        })?;
                    let count = &mut hand[color_index(color)][slot];
                    *count += 1;
                    if *count > HAND_MAX[slot] {
                        return Err(format!(
                            "FEN '{fen}': the hand holds more than {} '{ch}'",
                            HAND_MAX[slot]
                        ));
                    }
                }
            }
            board_text = &board_text[..open];
        }
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != 8 {
            return Err(format!(
                "FEN '{fen}': board has {} ranks, expected 8",
                rows.len()
            ));
        }
        let mut board: [Option<Piece>; 64] = [None; 64];
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as i32;
            let mut file: i32 = 0;
            let mut run: u32 = 0;
            let mut in_run = false;
            for ch in row.chars().chain(std::iter::once('/')) {
                if let Some(d) = ch.to_digit(10) {
                    run = run.saturating_mul(10).saturating_add(d);
                    in_run = true;
                    continue;
                }
                if in_run {
                    if run == 0 {
                        return Err(format!(
                            "FEN '{fen}': empty-square count 0 on rank {}",
                            rank + 1
                        ));
                    }
                    if run > 8 || file + run as i32 > 8 {
                        return Err(format!(
                            "FEN '{fen}': rank {} is longer than 8 files",
                            rank + 1
                        ));
                    }
                    file += run as i32;
                    run = 0;
                    in_run = false;
                }
                if ch == '/' {
                    break; // the end marker chained above
                }
                if ch == '*' {
                    return Err(format!(
                        "FEN '{fen}': '*' (a hole) is not allowed on the 8x8 board of '{variant}'"
                    ));
                }
                let kind = v.kind_of_letter(ch.to_ascii_uppercase()).ok_or_else(|| {
                    format!("FEN '{fen}': '{ch}' is not a piece letter of '{variant}'")
                })?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let sq = square(file, rank).ok_or_else(|| {
                    format!("FEN '{fen}': rank {} is longer than 8 files", rank + 1)
                })?;
                board[sq] = Some(Piece { color, kind });
                file += 1;
            }
            if file != 8 {
                return Err(format!(
                    "FEN '{fen}': rank {} has {file} files, expected 8",
                    rank + 1
                ));
            }
        }

        for color in [Color::White, Color::Black] {
            let kings = (0..64)
                .filter(|&s| {
                    board[s]
                        == Some(Piece {
                            color,
                            kind: Kind::King,
                        })
                })
                .count();
            if kings != 1 {
                return Err(format!(
                    "FEN '{fen}': {:?} has {kings} kings, expected exactly 1",
                    color
                ));
            }
        }
        for (s, occupant) in board.iter().enumerate() {
            if let Some(p) = occupant
                && (p.kind == Kind::Pawn || p.kind == Kind::Ninja)
                && (rank_of(s) == 0 || rank_of(s) == 7)
            {
                return Err(format!(
                    "FEN '{fen}': pawn on {}, a pawn (or Ninja Pawn) cannot stand on the first or last rank",
                    square_name(s)
                ));
            }
        }

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(format!(
                    "FEN '{fen}': side to move '{other}' is not 'w' or 'b'"
                ));
            }
        };

        let (mut wk, mut wq, mut bk, mut bq) = (false, false, false, false);
        if fields[2] != "-" {
            for ch in fields[2].chars() {
                let flag = match ch {
                    'K' => &mut wk,
                    'Q' => &mut wq,
                    'k' => &mut bk,
                    'q' => &mut bq,
                    _ => {
                        return Err(format!(
                            "FEN '{fen}': castling field '{}' has an invalid letter '{ch}'",
                            fields[2]
                        ));
                    }
                };
                if *flag {
                    return Err(format!(
                        "FEN '{fen}': castling field '{}' repeats '{ch}'",
                        fields[2]
                    ));
                }
                *flag = true;
            }
        }
        let need = |sq: usize, color: Color, kind: Kind| board[sq] == Some(Piece { color, kind });
        let rights = [
            (wk, 'K', E1, H1, Color::White),
            (wq, 'Q', E1, A1, Color::White),
            (bk, 'k', E8, H8, Color::Black),
            (bq, 'q', E8, A8, Color::Black),
        ];
        for (has, letter, ksq, rsq, color) in rights {
            if has && !(need(ksq, color, Kind::King) && need(rsq, color, Kind::Rook)) {
                return Err(format!(
                    "FEN '{fen}': castling right '{letter}' needs the king on {} and a rook on {}",
                    square_name(ksq),
                    square_name(rsq)
                ));
            }
        }

        let ep = if fields[3] == "-" {
            None
        } else {
            let sq = parse_square(fields[3]).ok_or_else(|| {
                format!("FEN '{fen}': e.p. field '{}' is not a square", fields[3])
            })?;
            // The pawn that just double-stepped belongs to the side not to move.
            let mover = side.other();
            let expected_rank = pawn_start_rank(mover) + forward(mover);
            let pawn_sq = step(sq, 0, forward(mover));
            let origin = step(sq, 0, -forward(mover));
            let ok = rank_of(sq) == expected_rank
                && board[sq].is_none()
                && origin.is_some_and(|o| board[o].is_none())
                && pawn_sq.is_some_and(|p| {
                    board[p]
                        == Some(Piece {
                            color: mover,
                            kind: Kind::Pawn,
                        })
                });
            if !ok {
                return Err(format!(
                    "FEN '{fen}': e.p. square {} does not follow a double step of a {:?} pawn",
                    fields[3], mover
                ));
            }
            Some(sq)
        };

        let halfmove = match fields.get(4) {
            None => 0,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("FEN '{fen}': halfmove clock '{t}' is not a number"))?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("FEN '{fen}': fullmove number '{t}' is not a number"))?,
        };
        let frozen = match fields.get(6) {
            None => false,
            Some(&"frozen") if v == Variant::ShockChess => true,
            Some(t) => {
                return Err(format!(
                    "FEN '{fen}': unexpected 7th field '{t}' (only Shock Chess has one: 'frozen')"
                ));
            }
        };
        if frozen && ep.is_some() {
            return Err(format!(
                "FEN '{fen}': a frozen position follows a capture, so it cannot have an e.p. square"
            ));
        }

        let pos = RefPos {
            variant: v,
            board,
            side,
            wk,
            wq,
            bk,
            bq,
            ep,
            halfmove,
            fullmove,
            frozen,
            hand,
        };
        if !frozen && pos.king_attacked(side.other()) {
            return Err(format!(
                "FEN '{fen}': the side not to move ({:?}) is in check",
                side.other()
            ));
        }
        Ok(pos)
    }

    // ------------------------------------------------------------------ FEN out

    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[(rank * 8 + file) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = self.variant.letter(p.kind);
                        s.push(match p.color {
                            Color::White => c,
                            Color::Black => c.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if self.variant.has_hands() {
            // Holdings order of the rules: W E J then w e j (C A J / c a j in `-ca`).
            s.push('[');
            for color in [Color::White, Color::Black] {
                for slot in 0..HAND_SLOTS {
                    if let Some(k) = self.variant.slot_kind(slot) {
                        let c = self.variant.letter(k);
                        let c = match color {
                            Color::White => c,
                            Color::Black => c.to_ascii_lowercase(),
                        };
                        for _ in 0..self.hand[color_index(color)][slot] {
                            s.push(c);
                        }
                    }
                }
            }
            s.push(']');
        }
        s.push(' ');
        s.push(match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        });
        s.push(' ');
        let mut c = String::new();
        if self.wk {
            c.push('K');
        }
        if self.wq {
            c.push('Q');
        }
        if self.bk {
            c.push('k');
        }
        if self.bq {
            c.push('q');
        }
        if c.is_empty() {
            c.push('-');
        }
        s.push_str(&c);
        s.push(' ');
        match self.ep {
            Some(sq) => s.push_str(&square_name(sq)),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if self.frozen {
            s.push_str(" frozen");
        }
        s
    }

    // ------------------------------------------------------------------ attacks

    fn king_square(&self, color: Color) -> Option<usize> {
        (0..64).find(|&s| {
            self.board[s]
                == Some(Piece {
                    color,
                    kind: Kind::King,
                })
        })
    }

    fn has(&self, sq: Option<usize>, color: Color, kind: Kind) -> bool {
        match sq {
            Some(s) => self.board[s] == Some(Piece { color, kind }),
            None => false,
        }
    }

    /// Is `target` attacked by any piece of colour `by`? Scans outward from `target`.
    /// Every leap and slide set is symmetric, so a piece of `by` attacks `target` with a leap
    /// (or slide direction) `d` exactly when it stands on `target + d` and has `d`.
    fn attacked(&self, target: usize, by: Color) -> bool {
        // Pawns and Ninja Pawns of `by` capture diagonally forward, so look one rank
        // backward (from their view).
        for df in [-1, 1] {
            if let Some(s) = step(target, df, -forward(by))
                && let Some(p) = self.board[s]
                && p.color == by
                && (p.kind == Kind::Pawn || p.kind == Kind::Ninja)
            {
                return true;
            }
        }
        // A Ninja Pawn on its enemy half also captures sideways (ST 1.3.3).
        if enemy_half(by, rank_of(target)) {
            for df in [-1, 1] {
                if self.has(step(target, df, 0), by, Kind::Ninja) {
                    return true;
                }
            }
        }
        for leap in ALL_LEAPS {
            for &(df, dr) in leap_offsets(leap) {
                if let Some(s) = step(target, df, dr)
                    && let Some(p) = self.board[s]
                    && p.color == by
                    && leaps_of(p.kind).contains(&leap)
                {
                    return true;
                }
            }
        }
        for (df, dr) in QUEEN_DIRS {
            let mut cur = target;
            while let Some(next) = step(cur, df, dr) {
                cur = next;
                if let Some(p) = self.board[cur] {
                    if p.color == by && slides_of(p.kind).contains(&(df, dr)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    fn king_attacked(&self, color: Color) -> bool {
        match self.king_square(color) {
            Some(k) => self.attacked(k, color.other()),
            None => false,
        }
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    // ------------------------------------------------------------------ move generation

    /// All moves of the side to move that obey the piece movement rules, before the
    /// "own king not attacked" test. Castling's own conditions (not in check, path empty
    /// and not attacked) are checked here.
    fn pseudo_moves(&self) -> Vec<Mv> {
        let us = self.side;
        let them = us.other();
        let promos = self.variant.promo_kinds();
        let mut out = Vec::new();
        // A pawn or Ninja Pawn move: on the last rank it must promote (one move per choice).
        let push_pawn = |out: &mut Vec<Mv>, from: usize, to: usize| {
            if rank_of(to) == last_rank(us) {
                for &k in promos {
                    out.push(Mv::board(from, to, Some(k)));
                }
            } else {
                out.push(Mv::board(from, to, None));
            }
        };
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.color != us {
                continue;
            }
            match p.kind {
                Kind::Pawn => {
                    if let Some(one) = step(from, 0, forward(us))
                        && self.board[one].is_none()
                    {
                        push_pawn(&mut out, from, one);
                        if rank_of(from) == pawn_start_rank(us)
                            && let Some(two) = step(from, 0, 2 * forward(us))
                            && self.board[two].is_none()
                        {
                            push_pawn(&mut out, from, two);
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = step(from, df, forward(us)) {
                            match self.board[to] {
                                Some(q) if q.color == them => push_pawn(&mut out, from, to),
                                None if self.ep == Some(to) => push_pawn(&mut out, from, to),
                                _ => {}
                            }
                        }
                    }
                }
                Kind::Ninja => {
                    // Forward step, and the double step from the own 2nd rank (ST-4: tied
                    // to the rank, not to whether it has moved), both to empty squares.
                    if let Some(one) = step(from, 0, forward(us))
                        && self.board[one].is_none()
                    {
                        push_pawn(&mut out, from, one);
                        if rank_of(from) == pawn_start_rank(us)
                            && let Some(two) = step(from, 0, 2 * forward(us))
                            && self.board[two].is_none()
                        {
                            push_pawn(&mut out, from, two);
                        }
                    }
                    // Sideways: a move to an empty square anywhere; a capture only on the
                    // enemy half. It stays on its rank, so it never reaches the last rank.
                    for df in [-1, 1] {
                        if let Some(to) = step(from, df, 0) {
                            match self.board[to] {
                                None => out.push(Mv::board(from, to, None)),
                                Some(q) if q.color == them && enemy_half(us, rank_of(from)) => {
                                    out.push(Mv::board(from, to, None))
                                }
                                _ => {}
                            }
                        }
                    }
                    // Diagonal forward captures everywhere; never en passant.
                    for df in [-1, 1] {
                        if let Some(to) = step(from, df, forward(us))
                            && self.board[to].is_some_and(|q| q.color == them)
                        {
                            push_pawn(&mut out, from, to);
                        }
                    }
                }
                kind => {
                    for &leap in leaps_of(kind) {
                        for &(df, dr) in leap_offsets(leap) {
                            if let Some(to) = step(from, df, dr) {
                                match self.board[to] {
                                    Some(q) if q.color == us => {}
                                    _ => out.push(Mv::board(from, to, None)),
                                }
                            }
                        }
                    }
                    for &(df, dr) in slides_of(kind) {
                        let mut cur = from;
                        while let Some(to) = step(cur, df, dr) {
                            cur = to;
                            match self.board[to] {
                                None => out.push(Mv::board(from, to, None)),
                                Some(q) => {
                                    if q.color == them {
                                        out.push(Mv::board(from, to, None));
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }

        // Castling: (right, king from, king to, rook from, squares that must be empty,
        // squares the king stands on / passes / lands on that must not be attacked).
        let king = Piece {
            color: us,
            kind: Kind::King,
        };
        let rook = Piece {
            color: us,
            kind: Kind::Rook,
        };
        type Castle = (bool, usize, usize, usize, Vec<usize>, Vec<usize>);
        let options: [Castle; 2] = match us {
            Color::White => [
                (self.wk, E1, G1, H1, vec![F1, G1], vec![E1, F1, G1]),
                (self.wq, E1, C1, A1, vec![B1, C1, D1], vec![E1, D1, C1]),
            ],
            Color::Black => [
                (self.bk, E8, G8, H8, vec![F8, G8], vec![E8, F8, G8]),
                (self.bq, E8, C8, A8, vec![B8, C8, D8], vec![E8, D8, C8]),
            ],
        };
        for (right, kfrom, kto, rfrom, empty, safe) in options {
            if right
                && self.board[kfrom] == Some(king)
                && self.board[rfrom] == Some(rook)
                && empty.iter().all(|&s| self.board[s].is_none())
                && safe.iter().all(|&s| !self.attacked(s, them))
            {
                out.push(Mv::board(kfrom, kto, None));
            }
        }

        // Drops (Shock Troops): one piece from the hand, as the whole move, never a capture.
        let hand = self.hand[color_index(us)];
        for slot in 0..HAND_SLOTS {
            let Some(kind) = self.variant.slot_kind(slot) else {
                continue;
            };
            if hand[slot] == 0 {
                continue;
            }
            for file in 0..8 {
                if kind == Kind::Ninja {
                    // Onto an empty square of the own 2nd rank, then optionally pushed one
                    // or two squares straight forward; every square reached must be empty.
                    let mut cur = square(file, pawn_start_rank(us));
                    for _ in 0..3 {
                        match cur {
                            Some(sq) if self.board[sq].is_none() => {
                                out.push(Mv::drop(kind, sq));
                                cur = step(sq, 0, forward(us));
                            }
                            _ => break,
                        }
                    }
                } else if let Some(sq) = square(file, back_rank(us))
                    && self.board[sq].is_none()
                {
                    out.push(Mv::drop(kind, sq));
                }
            }
        }
        out
    }

    /// Legal moves in internal form.
    fn legal(&self) -> Vec<Mv> {
        if self.frozen {
            // Shock Chess: the frozen side must pass; frozen and in check is checkmate.
            if self.in_check() {
                return Vec::new();
            }
            return vec![Mv::pass()];
        }
        let us = self.side;
        let mut out = Vec::new();
        for m in self.pseudo_moves() {
            let captures_general = self.variant == Variant::ShockChess
                && m.drop.is_none()
                && self.board[m.to].is_some_and(|p| p.kind == Kind::Queen);
            let after = self.make(m);
            if captures_general || !after.king_attacked(us) {
                out.push(m);
            }
        }
        out
    }

    /// Play a move (assumed to come from `pseudo_moves` or be the pass) on a copy.
    fn make(&self, m: Mv) -> RefPos {
        let mut p = self.clone();
        let us = self.side;
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.side = us.other();
        p.frozen = false;
        if m.pass {
            p.ep = None;
            p.halfmove += 1;
            return p;
        }
        if let Some(kind) = m.drop {
            // A drop: the piece leaves the hand and lands on `to` (already pushed, for a
            // Ninja Pawn). It creates no e.p. right, changes no castling right, and resets
            // the 50-move counter.
            let slot = self
                .variant
                .slot_of(kind)
                .expect("reference: drop of a piece that is not a hand piece");
            p.hand[color_index(us)][slot] -= 1;
            p.board[m.to] = Some(Piece { color: us, kind });
            p.ep = None;
            p.halfmove = 0;
            return p;
        }
        let piece = self.board[m.from].expect("reference: internal move from an empty square");
        let captured = self.board[m.to];
        let en_passant =
            piece.kind == Kind::Pawn && file_of(m.from) != file_of(m.to) && captured.is_none();
        if en_passant {
            // The captured pawn stands beside the mover: destination file, origin rank.
            if let Some(victim) = square(file_of(m.to), rank_of(m.from)) {
                p.board[victim] = None;
            }
        }
        p.board[m.from] = None;
        p.board[m.to] = Some(match m.promo {
            Some(k) => Piece { color: us, kind: k },
            None => piece,
        });
        if piece.kind == Kind::King && (file_of(m.to) - file_of(m.from)).abs() == 2 {
            let rank = rank_of(m.from);
            let (rook_from, rook_to) = if file_of(m.to) == 6 { (7, 5) } else { (0, 3) };
            if let (Some(rf), Some(rt)) = (square(rook_from, rank), square(rook_to, rank)) {
                p.board[rt] = p.board[rf];
                p.board[rf] = None;
            }
        }
        // A right is lost when anything leaves or arrives on the king's or the rook's square.
        for sq in [m.from, m.to] {
            match sq {
                E1 => {
                    p.wk = false;
                    p.wq = false;
                }
                H1 => p.wk = false,
                A1 => p.wq = false,
                E8 => {
                    p.bk = false;
                    p.bq = false;
                }
                H8 => p.bk = false,
                A8 => p.bq = false,
                _ => {}
            }
        }
        // Only a regular pawn's double step creates an e.p. right (ST-5).
        p.ep = if piece.kind == Kind::Pawn && (rank_of(m.to) - rank_of(m.from)).abs() == 2 {
            square(file_of(m.from), (rank_of(m.from) + rank_of(m.to)) / 2)
        } else {
            None
        };
        // 50-move counter: reset by a capture, a regular pawn move, and a Ninja Pawn move
        // other than a non-capturing sideways step (ST-12).
        let ninja_sideways_step =
            piece.kind == Kind::Ninja && rank_of(m.from) == rank_of(m.to) && captured.is_none();
        if piece.kind == Kind::Pawn
            || captured.is_some()
            || (piece.kind == Kind::Ninja && !ninja_sideways_step)
        {
            p.halfmove = 0;
        } else {
            p.halfmove += 1;
        }
        p.frozen =
            self.variant == Variant::ShockChess && captured.is_some_and(|c| c.kind == Kind::Queen);
        p
    }

    fn move_string(&self, m: Mv) -> String {
        if m.pass {
            return "0000".to_string();
        }
        if let Some(k) = m.drop {
            // Upper-case letter for both colours; a Ninja Pawn drop on its final square.
            return format!("{}@{}", self.variant.letter(k), square_name(m.to));
        }
        let mut s = square_name(m.from) + &square_name(m.to);
        if let Some(k) = m.promo {
            s.push(self.variant.letter(k).to_ascii_lowercase());
        }
        s
    }

    // ------------------------------------------------------------------ public API

    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal()
            .into_iter()
            .map(|m| self.move_string(m))
            .collect();
        v.sort();
        v
    }

    pub fn play(&self, mv: &str) -> Result<RefPos, String> {
        // Shock Chess reads a `q` promotion suffix as `g` (decision SC-8).
        let mut wanted = mv.to_string();
        if self.variant == Variant::ShockChess && wanted.len() == 5 && wanted.ends_with('q') {
            wanted.pop();
            wanted.push('g');
        }
        // Shock Troops: the two-leg input `J@e2,e2e4` of a drop with push means `J@e4`.
        if let Some((drop, push)) = wanted.split_once(',')
            && drop.len() == 4
            && drop.as_bytes()[1] == b'@'
            && push.len() == 4
            && push.starts_with(&drop[2..])
        {
            wanted = format!("{}{}", &drop[..2], &push[2..]);
        }
        for m in self.legal() {
            if self.move_string(m) == wanted {
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
}
