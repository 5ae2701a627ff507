//! Board geometry as runtime data: size, the mask of valid squares (holes and cut corners are not
//! valid), file and rank masks, square names, and the ray, between and leaper tables every attack
//! computation uses. Built once per variant.

use super::bits::Bits;
use super::square::{Color, Square};

/// A per-square table indexed by a square's raw byte. 256 entries so that indexing with a `u8`
/// can never go out of bounds and the compiler drops the bounds check on the hot path.
pub type SqTable<B> = Box<[B; 256]>;

pub fn sq_table<B: Bits>() -> SqTable<B> {
    Box::new([B::ZERO; 256])
}

/// The eight ray directions as (file step, rank step). The first four increase the square index
/// (their first blocker is the lowest set bit); the last four decrease it (highest set bit).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
pub const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
pub const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

#[derive(Debug)]
pub struct Geometry<B: Bits> {
    pub files: u8,
    pub ranks: u8,
    /// Squares that are part of the board.
    pub valid: B,
    pub file_masks: Vec<B>,
    pub rank_masks: Vec<B>,
    /// `rays[d][sq]`: the squares a slider on `sq` sees in direction `d` on an empty board. A ray
    /// ends before the first hole or the edge: a hole stops a slider.
    pub rays: [SqTable<B>; 8],
    /// `between[a * BITS + b]`: squares strictly between two squares on one open ray, else empty.
    between: Vec<B>,
}

impl<B: Bits> Geometry<B> {
    /// A rectangular board of `files` x `ranks` without the squares named in `holes` (as (file, rank)
    /// pairs, 0-based).
    pub fn new(files: u8, ranks: u8, holes: &[(u8, u8)]) -> Geometry<B> {
        assert!(
            files as u32 <= B::STRIDE,
            "board wider than the storage stride"
        );
        assert!(
            (ranks as u32 - 1) * B::STRIDE + files as u32 <= B::BITS,
            "board too large"
        );
        let mut valid = B::ZERO;
        let mut file_masks = vec![B::ZERO; files as usize];
        let mut rank_masks = vec![B::ZERO; ranks as usize];
        for r in 0..ranks {
            for f in 0..files {
                if holes.contains(&(f, r)) {
                    continue;
                }
                let b = B::bit(Self::make(f, r));
                valid |= b;
                file_masks[f as usize] |= b;
                rank_masks[r as usize] |= b;
            }
        }
        let mut g = Geometry {
            files,
            ranks,
            valid,
            file_masks,
            rank_masks,
            rays: std::array::from_fn(|_| sq_table()),
            between: vec![B::ZERO; (B::BITS * B::BITS) as usize],
        };
        g.build_rays();
        g
    }

    fn build_rays(&mut self) {
        for sq in self.squares() {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let mut ray = B::ZERO;
                let mut cur = sq;
                while let Some(next) = self.offset(cur, df, dr) {
                    let idx = next.index() + (B::BITS as usize) * sq.index();
                    self.between[idx] = ray;
                    ray |= B::bit(next);
                    cur = next;
                }
                self.rays[d][sq.index()] = ray;
            }
        }
    }

    #[inline(always)]
    const fn make(file: u8, rank: u8) -> Square {
        Square::new(rank * B::STRIDE as u8 + file)
    }

    /// The square at (file, rank), if it is on the board.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        let sq = Self::make(file as u8, rank as u8);
        self.valid.has(sq).then_some(sq)
    }

    #[inline(always)]
    pub fn file(&self, sq: Square) -> u8 {
        sq.raw() % B::STRIDE as u8
    }
    #[inline(always)]
    pub fn rank(&self, sq: Square) -> u8 {
        sq.raw() / B::STRIDE as u8
    }
    /// The square's colour, 0 or 1 (file plus rank, odd or even): squares a diagonal step
    /// apart share it; a1 is 0.
    #[inline(always)]
    pub fn colour(&self, sq: Square) -> u8 {
        (self.file(sq) + self.rank(sq)) % 2
    }
    /// Rank counted from `color`'s own side (0 = its first rank).
    #[inline(always)]
    pub fn relative_rank(&self, sq: Square, color: Color) -> u8 {
        match color {
            Color::White => self.rank(sq),
            Color::Black => self.ranks - 1 - self.rank(sq),
        }
    }
    /// The rank mask of `color`'s `n`-th rank (0-based, from its own side).
    pub fn relative_rank_mask(&self, color: Color, n: u8) -> B {
        match color {
            Color::White => self.rank_masks[n as usize],
            Color::Black => self.rank_masks[(self.ranks - 1 - n) as usize],
        }
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        self.square(
            self.file(sq) as i32 + df as i32,
            self.rank(sq) as i32 + dr as i32,
        )
    }

    /// Every valid square, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<B> {
        self.valid.iter()
    }

    /// Squares strictly between `a` and `b` when they share an open ray; empty otherwise.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index() * B::BITS as usize + b.index()]
    }

    /// The squares a slider on `sq` attacks along direction `d` with the given occupancy.
    #[inline(always)]
    pub fn ray_attacks(&self, d: usize, sq: Square, occupied: B) -> B {
        let ray = self.rays[d][sq.raw() as usize];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if d < 4 {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ self.rays[d][first.raw() as usize]
    }

    /// Rook-like attacks (the four orthogonal rays).
    #[inline(always)]
    pub fn orthogonal_attacks(&self, sq: Square, occupied: B) -> B {
        self.ray_attacks(0, sq, occupied)
            | self.ray_attacks(1, sq, occupied)
            | self.ray_attacks(4, sq, occupied)
            | self.ray_attacks(5, sq, occupied)
    }

    /// Bishop-like attacks (the four diagonal rays).
    #[inline(always)]
    pub fn diagonal_attacks(&self, sq: Square, occupied: B) -> B {
        self.ray_attacks(2, sq, occupied)
            | self.ray_attacks(3, sq, occupied)
            | self.ray_attacks(6, sq, occupied)
            | self.ray_attacks(7, sq, occupied)
    }

    /// A leaper table: for every valid square, the valid squares reached by the given (file, rank)
    /// offsets, seen from `color` (Black's rank offsets are mirrored). Holes are jumped over.
    pub fn leaper(&self, offsets: &[(i8, i8)], color: Color) -> SqTable<B> {
        let mut t = sq_table();
        let sign = if color == Color::White { 1 } else { -1 };
        for sq in self.squares() {
            for &(df, dr) in offsets {
                if let Some(to) = self.offset(sq, df, dr * sign) {
                    t[sq.index()] |= B::bit(to);
                }
            }
        }
        t
    }

    /// The name of a square: file letter and decimal rank (`e4`, `b10`).
    pub fn square_name(&self, sq: Square) -> String {
        format!("{}{}", (b'a' + self.file(sq)) as char, self.rank(sq) + 1)
    }

    /// Reads a square name at the start of `s`; returns the square and the bytes used. Accepts
    /// one- or two-digit ranks and takes the longest rank that names a square on this board.
    pub fn parse_square_prefix(&self, s: &str) -> Option<(Square, usize)> {
        let bytes = s.as_bytes();
        let file = bytes.first()?.checked_sub(b'a')? as i32;
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|c| c.is_ascii_digit())
            .count();
        for len in (1..=digits).rev() {
            let rank: i32 = s[1..1 + len].parse().ok()?;
            if s.as_bytes()[1] == b'0' {
                return None;
            }
            if let Some(sq) = self.square(file, rank - 1) {
                return Some((sq, 1 + len));
            }
        }
        None
    }

    /// Reads a whole string as one square name.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        match self.parse_square_prefix(s) {
            Some((sq, n)) if n == s.len() => Some(sq),
            _ => None,
        }
    }
}
