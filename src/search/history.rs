//! What one search thread learns about move order and keeps between the moves of a game (a new
//! game, `ucinewgame` or `new`, clears it). Every table is indexed by *piece-to*: the moving
//! piece (its colour and kind; for a drop, the dropped kind) and its destination, so that a drop
//! has its own slots, apart from a board move of the same kind to the same square.
//!
//! * quiet history: piece-to of a quiet move;
//! * capture history: piece-to and the kind of the first victim (or none, for a promotion);
//! * continuation history: the piece-to of a move one, two or four plies back and the piece-to
//!   of this quiet move (what answers what);
//! * counter moves: the quiet move that last refuted a piece-to;
//! * correction history: by side to move and pawn structure, how far searches found the value
//!   from the static evaluation (what the evaluation misjudges about that structure).
//!
//! Updates use gravity (`v += bonus - v * |bonus| / LIMIT`): a value moves toward the bonus's
//! sign and less so the nearer it already is to the bound, so no value ever leaves ±`LIMIT`.

use crate::board::{Bits, ByWidth, Color, MAX_KINDS, Move, MoveEntry, MoveKind, Piece, Widths};
use crate::eval::EvalCache;
use crate::position::Position;

/// The evaluation caches of one width.
struct EvalCaches;

impl Widths for EvalCaches {
    type Of<B: Bits> = EvalCache<B>;
}

/// The bound of every history value.
pub const LIMIT: i32 = 16_384;

/// The index of a piece-to pair in the tables of a [`History`] prepared for a variant.
pub type PieceTo = u32;

/// One thread's move-ordering statistics.
#[derive(Default)]
pub struct History {
    /// Piece kinds and squares the tables are sized for (0 until `prepare`).
    kinds: usize,
    squares: usize,
    quiet: Vec<i16>,
    capture: Vec<i16>,
    /// One row per piece-to of the earlier move, allocated when first written: the full table
    /// is megabytes on the wide boards, of which a short search touches a few rows, and a new
    /// game or a new thread count should not have to write zeros over all of it.
    cont: Vec<Box<[i16]>>,
    counter: Vec<Option<Move>>,
    /// `CORRECTION_ENTRIES` per side, in 1/`CORRECTION_GRAIN` centipawn.
    correction: Vec<i16>,
    /// The thread's evaluation cache (of the variant's width), kept between the searches of a
    /// game so that a position met again is not evaluated again.
    eval_cache: Option<ByWidth<EvalCaches>>,
}

/// Correction-history entries per side (indexed by the low bits of the structure key).
const CORRECTION_ENTRIES: usize = 1 << 14;
/// Corrections are kept in this fraction of a centipawn, so that the largest is
/// `LIMIT / CORRECTION_GRAIN` = 128 cp.
const CORRECTION_GRAIN: i32 = 128;

/// The evaluation cache holds `2^EVAL_CACHE_BITS` positions.
const EVAL_CACHE_BITS: u32 = 16;

/// A victim slot for tactical moves that remove nothing (promotions).
const NO_VICTIM: usize = MAX_KINDS;

impl History {
    /// Sizes the tables for a variant of `kinds` piece kinds on `squares` square indices,
    /// clearing them if the size changes.
    pub fn prepare(&mut self, kinds: usize, squares: usize) {
        if self.kinds != kinds || self.squares != squares {
            self.kinds = kinds;
            self.squares = squares;
            self.allocate();
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.capture.fill(0);
        self.cont.fill(Box::default());
        self.counter.fill(None);
        self.correction.fill(0);
        self.eval_cache = None;
    }

    /// The evaluation cache kept from the last search, if it is of this width; a new one else.
    pub fn take_eval_cache<B: Bits>(&mut self) -> EvalCache<B> {
        self.eval_cache
            .take()
            .and_then(B::into_width)
            .unwrap_or_else(|| EvalCache::new(EVAL_CACHE_BITS))
    }

    /// Keeps `cache` for the next search.
    pub fn keep_eval_cache<B: Bits>(&mut self, cache: EvalCache<B>) {
        self.eval_cache = Some(B::by_width(cache));
    }

    fn allocate(&mut self) {
        let n = 2 * self.kinds * self.squares;
        self.quiet = vec![0; n];
        self.capture = vec![0; n * (MAX_KINDS + 1)];
        self.cont = vec![Box::default(); n];
        self.counter = vec![None; n];
        self.correction = vec![0; 2 * CORRECTION_ENTRIES];
    }

    #[inline(always)]
    fn correction_slot(side: Color, structure_key: u64) -> usize {
        side.index() * CORRECTION_ENTRIES + (structure_key as usize & (CORRECTION_ENTRIES - 1))
    }

    /// What to add to the static evaluation (centipawns) of a position with `side` to move and
    /// the pawn structure `structure_key`.
    #[inline(always)]
    pub fn correction(&self, side: Color, structure_key: u64) -> i32 {
        self.correction[Self::correction_slot(side, structure_key)] as i32 / CORRECTION_GRAIN
    }

    /// A search of `depth` found the value `residual` centipawns away from the corrected static
    /// evaluation: the correction moves that way, more after a deeper search.
    pub fn update_correction(
        &mut self,
        side: Color,
        structure_key: u64,
        depth: i32,
        residual: i32,
    ) {
        let bonus = (residual * CORRECTION_GRAIN * depth.min(16) / 16).clamp(-LIMIT / 4, LIMIT / 4);
        gravity(
            &mut self.correction[Self::correction_slot(side, structure_key)],
            bonus,
        );
    }

    /// The piece-to index of `piece` arriving on the square with index `to`.
    #[inline(always)]
    fn index(&self, piece: Piece, to: usize) -> PieceTo {
        let p = piece.color() as usize * self.kinds + piece.kind().index();
        (p * self.squares + to) as PieceTo
    }

    /// The piece-to of a move in `pos` (`None` for a pass).
    #[inline(always)]
    pub fn piece_to<B: Bits>(&self, pos: &Position<B>, e: &MoveEntry<B>) -> Option<PieceTo> {
        let piece = match e.mv.kind() {
            MoveKind::Pass => return None,
            MoveKind::Drop => Piece::new(pos.side_to_move(), e.mv.piece()),
            _ => pos.piece_at(e.mv.from()),
        };
        Some(self.index(piece, e.mv.to().index()))
    }

    /// The quiet history of a piece-to.
    #[inline(always)]
    pub fn quiet(&self, pt: PieceTo) -> i32 {
        self.quiet[pt as usize] as i32
    }

    /// The continuation history of `pt` after the move `prev` (`0` without one).
    #[inline(always)]
    pub fn cont(&self, prev: Option<PieceTo>, pt: PieceTo) -> i32 {
        prev.map_or(0, |p| {
            // An unwritten row is empty and reads as zeros.
            self.cont[p as usize]
                .get(pt as usize)
                .map_or(0, |&v| v as i32)
        })
    }

    /// The capture-history slot of a tactical move.
    #[inline(always)]
    fn capture_slot<B: Bits>(pos: &Position<B>, e: &MoveEntry<B>, pt: PieceTo) -> usize {
        let victim = if e.removed.has(e.mv.to()) {
            pos.piece_at(e.mv.to()).kind().index()
        } else if e.removed.any() {
            pos.piece_at(e.removed.lsb()).kind().index()
        } else {
            NO_VICTIM
        };
        pt as usize * (MAX_KINDS + 1) + victim
    }

    /// The capture history of a tactical move of piece-to `pt`.
    #[inline(always)]
    pub fn capture<B: Bits>(&self, pos: &Position<B>, e: &MoveEntry<B>, pt: PieceTo) -> i32 {
        self.capture[Self::capture_slot(pos, e, pt)] as i32
    }

    /// The quiet move that last refuted `prev`.
    #[inline(always)]
    pub fn counter(&self, prev: Option<PieceTo>) -> Option<Move> {
        prev.and_then(|p| self.counter[p as usize])
    }

    pub fn set_counter(&mut self, prev: Option<PieceTo>, mv: Move) {
        if let Some(p) = prev {
            self.counter[p as usize] = Some(mv);
        }
    }

    /// Adds `delta` to the quiet history of `pt` and to its continuation histories after each
    /// move of `prevs`.
    pub fn update_quiet(&mut self, pt: PieceTo, prevs: &[Option<PieceTo>], delta: i32) {
        gravity(&mut self.quiet[pt as usize], delta);
        let n = self.quiet.len();
        for p in prevs.iter().flatten() {
            let row = &mut self.cont[*p as usize];
            if row.is_empty() {
                *row = vec![0; n].into_boxed_slice();
            }
            gravity(&mut row[pt as usize], delta);
        }
    }

    /// Adds `delta` to the capture history of a tactical move.
    pub fn update_capture<B: Bits>(
        &mut self,
        pos: &Position<B>,
        e: &MoveEntry<B>,
        pt: PieceTo,
        delta: i32,
    ) {
        gravity(&mut self.capture[Self::capture_slot(pos, e, pt)], delta);
    }
}

#[inline(always)]
fn gravity(v: &mut i16, delta: i32) {
    let delta = delta.clamp(-LIMIT, LIMIT);
    let x = *v as i32;
    *v = (x + delta - x * delta.abs() / LIMIT) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_values_bounded() {
        let mut v = 0i16;
        for _ in 0..10_000 {
            gravity(&mut v, 2_000);
        }
        assert!((v as i32) <= LIMIT && v > 15_000, "{v}");
        for _ in 0..10_000 {
            gravity(&mut v, -LIMIT * 4);
        }
        assert!((v as i32) >= -LIMIT, "{v}");
    }
}
