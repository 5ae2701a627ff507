//! The move representation shared by every variant.
//!
//! Two levels. A compact [`Move`] (32 bits) identifies a move inside its position: it is what the
//! transposition table, killer slots and history store. A [`MoveEntry`] is what the generator emits
//! and what make-move consumes: the `Move` plus the set of squares whose pieces the move removes.
//! That one set covers displacement captures (the destination), en passant (the square behind),
//! shots (the shooter stays), armor driving through enemies, checker chains and custodian captures.

use std::num::NonZeroU32;

use super::bits::Bits;
use super::square::{PieceKind, Square};

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MoveKind {
    /// A piece goes from `from` to `to` (possibly the same square, for a shot) and the entry's
    /// removed set is taken off the board first.
    Normal = 0,
    /// As `Normal`, and the piece becomes `piece` on arrival.
    Promotion = 1,
    /// The king goes from `from` to `to`; the variant's castling rule moves the rook.
    Castle = 2,
    /// `piece` comes from the hand to `to` (for a drop with push, `to` is the final square).
    Drop = 3,
    /// The side to move passes (Shock Chess's frozen side). Not the search's null move.
    Pass = 4,
    /// A pawn captures en passant: a plain move whose removed square is not the destination.
    EnPassant = 5,
}

/// A move identified by its effect, packed in 32 bits:
///
/// ```text
///  31 | 30 ........ 21 | 20 .. 17 | 16 .. 14 | 13 ..... 7 | 6 ...... 0
///   1 | removal tag    | piece    | kind     | to         | from
/// ```
///
/// * `from`, `to`: square indices (7 bits cover 11x11 with stride 11). A drop's `from` is its `to`;
///   a pass has both 0.
/// * `kind`: [`MoveKind`]. `piece`: the promotion kind or the dropped kind.
/// * `tag`: a fingerprint of the removed squares *other than* `to` (0 when there are none), so
///   that two moves with the same from, to and promotion but different victims (a queen flight
///   shooting c4 or d5, two checker chains) get different values. Debug builds assert that every
///   legal move of a position has a distinct `Move`.
/// * bit 31 is always set, which keeps the value non-zero (so `Option<Move>` is 32 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(NonZeroU32);

impl Move {
    const MARK: u32 = 1 << 31;

    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind, piece: u8, tag: u32) -> Move {
        let raw = Self::MARK
            | (from.raw() as u32)
            | ((to.raw() as u32) << 7)
            | ((kind as u32) << 14)
            | (((piece & 0xf) as u32) << 17)
            | ((tag & 0x3ff) << 21);
        Move(NonZeroU32::new(raw).expect("bit 31 is set"))
    }
    pub fn pass() -> Move {
        Move::new(Square::new(0), Square::new(0), MoveKind::Pass, 0, 0)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new((self.0.get() & 0x7f) as u8)
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(((self.0.get() >> 7) & 0x7f) as u8)
    }
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match (self.0.get() >> 14) & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::Castle,
            3 => MoveKind::Drop,
            4 => MoveKind::Pass,
            _ => MoveKind::EnPassant,
        }
    }
    /// The promotion or dropped kind (meaningful for `Promotion` and `Drop` only).
    #[inline(always)]
    pub fn piece(self) -> PieceKind {
        PieceKind(((self.0.get() >> 17) & 0xf) as u8)
    }
    #[inline(always)]
    pub fn tag(self) -> u32 {
        (self.0.get() >> 21) & 0x3ff
    }
    #[inline(always)]
    pub fn raw(self) -> u32 {
        self.0.get()
    }
    pub fn from_raw(raw: u32) -> Option<Move> {
        NonZeroU32::new(raw)
            .filter(|r| r.get() & Self::MARK != 0)
            .map(Move)
    }
}

/// The removal tag of a set of off-destination squares: 0 for none, else a 10-bit fingerprint
/// that never is 0.
pub fn removal_tag<B: Bits>(off_destination: B) -> u32 {
    if off_destination.is_empty() {
        return 0;
    }
    let mut h: u32 = 0;
    for sq in off_destination.iter() {
        h = h.wrapping_mul(131).wrapping_add(sq.raw() as u32 + 1);
    }
    (h % 1023) + 1
}

/// A generated move: its identity plus what make-move needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveEntry<B: Bits> {
    pub mv: Move,
    /// Squares whose pieces this move removes (for a capture, the destination is in it).
    pub removed: B,
}

impl<B: Bits> MoveEntry<B> {
    /// Removed squares other than the destination (the victims a kill chain lists).
    #[inline(always)]
    pub fn off_destination(&self) -> B {
        if self.mv.kind() == MoveKind::EnPassant {
            return B::ZERO;
        }
        self.removed & !B::bit(self.mv.to())
    }
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.removed.any()
    }
    /// Captures and promotions: the moves of the tactical stage and of quiescence.
    #[inline(always)]
    pub fn is_tactical(&self) -> bool {
        self.removed.any() || self.mv.kind() == MoveKind::Promotion
    }
}

/// A reusable list of generated moves.
#[derive(Clone, Debug, Default)]
pub struct MoveList<B: Bits> {
    entries: Vec<MoveEntry<B>>,
}

impl<B: Bits> MoveList<B> {
    pub fn new() -> Self {
        MoveList {
            entries: Vec::with_capacity(256),
        }
    }
    #[inline(always)]
    pub fn push(&mut self, mv: Move, removed: B) {
        self.entries.push(MoveEntry { mv, removed });
    }
    #[inline(always)]
    pub fn clear(&mut self) {
        self.entries.clear();
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, MoveEntry<B>> {
        self.entries.iter()
    }
    pub fn as_slice(&self) -> &[MoveEntry<B>] {
        &self.entries
    }
    pub fn retain(&mut self, f: impl FnMut(&MoveEntry<B>) -> bool) {
        self.entries.retain(f);
    }
    /// Leaves one entry per (move, removed set) in the entries from `start` on, in the order of
    /// their compact moves.
    pub fn dedup_from(&mut self, start: usize) {
        let tail = &mut self.entries[start..];
        if tail.len() < 2 {
            return;
        }
        tail.sort_unstable_by_key(|e| (e.mv.raw(), e.removed));
        let mut kept = start + 1;
        for i in start + 1..self.entries.len() {
            if self.entries[i] != self.entries[kept - 1] {
                self.entries[kept] = self.entries[i];
                kept += 1;
            }
        }
        self.entries.truncate(kept);
    }
    /// Finds the entry of a compact move.
    pub fn find(&self, mv: Move) -> Option<&MoveEntry<B>> {
        self.entries.iter().find(|e| e.mv == mv)
    }
}

impl<'a, B: Bits> IntoIterator for &'a MoveList<B> {
    type Item = &'a MoveEntry<B>;
    type IntoIter = std::slice::Iter<'a, MoveEntry<B>>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}
