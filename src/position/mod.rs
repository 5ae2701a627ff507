//! A position of any variant: placement (per-colour and per-kind bitboards plus a mailbox), hands,
//! side to move, castling, e.p., clocks, variant state and the Zobrist key. Positions are values:
//! make-move returns a new one (copy-make), so there is no undo.

pub mod attacks;
pub mod fen;
mod make;

use crate::board::{Bits, Color, MAX_KINDS, Piece, PieceKind, Square};
use crate::variants::{Insufficient, Variant};

#[derive(Clone, Copy, Debug)]
pub struct Position<B: Bits> {
    variant: &'static Variant<B>,
    by_color: [B; 2],
    by_kind: [B; MAX_KINDS],
    board: B::Mailbox,
    hands: [[u8; MAX_KINDS]; 2],
    side: Color,
    /// Bit i: right `variant.castles[i]` is still available.
    castling: u8,
    /// The square a pawn just skipped over, as written in the FEN (set after every double step).
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    /// Shock Chess: the side to move must pass (rules/shockchess.md 2.3.1).
    frozen: bool,
    key: u64,
    /// The part of `key` that the pawn structure makes (see `Zobrist::structure`).
    structure_key: u64,
    /// Enemy pieces attacking the side to move's king.
    checkers: B,
}

impl<B: Bits> Position<B> {
    /// An empty board of the variant, White to move; used by the FEN reader.
    pub(crate) fn empty(variant: &'static Variant<B>) -> Self {
        Position {
            variant,
            by_color: [B::ZERO; 2],
            by_kind: [B::ZERO; MAX_KINDS],
            board: B::mailbox(Piece::NONE.raw()),
            hands: [[0; MAX_KINDS]; 2],
            side: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            frozen: false,
            key: 0,
            structure_key: 0,
            checkers: B::ZERO,
        }
    }

    /// The variant's start position.
    pub fn start(variant: &'static Variant<B>) -> Self {
        Self::from_fen(variant, variant.start_fen).expect("a variant's start FEN is valid")
    }

    #[inline(always)]
    pub fn variant(&self) -> &'static Variant<B> {
        self.variant
    }
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }
    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> B {
        self.by_color[c.index()]
    }
    #[inline(always)]
    pub fn kind_bb(&self, k: PieceKind) -> B {
        self.by_kind[k.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, c: Color, k: PieceKind) -> B {
        self.by_kind[k.index()] & self.by_color[c.index()]
    }
    #[inline(always)]
    /// The board as one byte a square index (a [`Piece`]'s raw value; [`Piece::NONE`] empty).
    pub fn mailbox(&self) -> &[u8] {
        self.board.as_ref()
    }
    pub fn piece_at(&self, sq: Square) -> Piece {
        Piece::from_raw(self.board.as_ref()[sq.index()])
    }
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let k = self.pieces(c, self.variant.king);
        k.any().then(|| k.lsb())
    }
    pub fn hand_count(&self, c: Color, k: PieceKind) -> u8 {
        self.hands[c.index()][k.index()]
    }
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    #[inline(always)]
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// A key of the pawn structure alone: the pieces of the variant's pawn kinds on their
    /// squares.
    #[inline(always)]
    pub fn structure_key(&self) -> u64 {
        self.structure_key
    }
    #[inline(always)]
    pub fn checkers(&self) -> B {
        self.checkers
    }
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }
    /// `c`'s pieces whose capture freezes `c` (Shock Chess's General).
    pub fn shock_pieces(&self, c: Color) -> B {
        let v = self.variant;
        (0..v.kinds.len())
            .map(|i| PieceKind(i as u8))
            .filter(|&k| v.is_shock(k))
            .fold(B::ZERO, |bb, k| bb | self.pieces(c, k))
    }

    // ---- edits (used by make-move and the FEN reader; they keep the key up to date) ----

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, sq: Square, p: Piece) {
        let b = B::bit(sq);
        self.by_color[p.color().index()] |= b;
        self.by_kind[p.kind().index()] |= b;
        self.board.as_mut()[sq.index()] = p.raw();
        self.toggle_key(p, sq);
    }

    #[inline(always)]
    fn toggle_key(&mut self, p: Piece, sq: Square) {
        let z = &self.variant.zobrist;
        let k = z.piece_square[p.raw() as usize & 31][sq.index()];
        self.key ^= k;
        self.structure_key ^= k & z.structure[p.raw() as usize & 31];
    }

    #[inline(always)]
    pub(crate) fn remove_piece(&mut self, sq: Square) -> Piece {
        let p = self.piece_at(sq);
        debug_assert!(!p.is_none(), "removing from an empty square");
        let b = B::bit(sq);
        self.by_color[p.color().index()] ^= b;
        self.by_kind[p.kind().index()] ^= b;
        self.board.as_mut()[sq.index()] = Piece::NONE.raw();
        self.toggle_key(p, sq);
        p
    }

    pub(crate) fn set_hand(&mut self, c: Color, k: PieceKind, count: u8) {
        let z = &self.variant.zobrist;
        let old = self.hands[c.index()][k.index()];
        self.key ^= z.hand_key(c.index(), k.index(), old) ^ z.hand_key(c.index(), k.index(), count);
        self.hands[c.index()][k.index()] = count;
    }

    /// Combined Arms (3.2, CA-15): the castling rights a placement implies, a king on its home
    /// square with an own rook on the corner.
    pub(crate) fn implied_castling(&self) -> u8 {
        let v = self.variant;
        let mut rights = 0;
        for (i, cs) in v.castles.iter().enumerate() {
            if self.piece_at(cs.king_from) == Piece::new(cs.color, v.king)
                && self.piece_at(cs.rook_from) == Piece::new(cs.color, cs.rook)
            {
                rights |= 1 << i;
            }
        }
        rights
    }

    /// The key recomputed from scratch (the incremental one must always equal it).
    pub fn compute_key(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut key = 0;
        for sq in self.occupied().iter() {
            key ^= z.piece_square[self.piece_at(sq).raw() as usize & 31][sq.index()];
        }
        for c in Color::BOTH {
            for &k in &self.variant.hand_kinds {
                key ^= z.hand_key(c.index(), k.index(), self.hand_count(c, k));
            }
        }
        key ^= z.castling[self.castling as usize & 15];
        if let Some(ep) = self.usable_ep() {
            key ^= z.en_passant[ep.index()];
        }
        if self.side == Color::Black {
            key ^= z.black_to_move;
        }
        if self.frozen {
            key ^= z.frozen;
        }
        key
    }

    /// Consistency check run after every make-move in debug builds: bitboards agree with the
    /// mailbox, no piece off the board, the key equals a fresh computation, checkers are right.
    pub fn check_validity(&self) -> Result<(), String> {
        let g = &self.variant.geometry;
        if (self.by_color[0] & self.by_color[1]).any() {
            return Err("a square holds pieces of both colours".into());
        }
        if (self.occupied() & !g.valid).any() {
            return Err("a piece stands off the board".into());
        }
        let mut union = B::ZERO;
        for (k, bb) in self.by_kind.iter().enumerate() {
            if (union & *bb).any() {
                return Err("a square holds two kinds".into());
            }
            union |= *bb;
            if k >= self.variant.kinds.len() && bb.any() {
                return Err("a piece of a kind the variant lacks".into());
            }
        }
        if union != self.occupied() {
            return Err("kind and colour bitboards disagree".into());
        }
        for sq in g.squares() {
            let p = self.piece_at(sq);
            let expect = !p.is_none()
                && self.by_color[p.color().index()].has(sq)
                && self.by_kind[p.kind().index()].has(sq);
            if p.is_none() == self.occupied().has(sq) || (!p.is_none() && !expect) {
                return Err(format!("mailbox disagrees on {}", g.square_name(sq)));
            }
        }
        if self.key != self.compute_key() {
            return Err("incremental key differs from the recomputed key".into());
        }
        let z = &self.variant.zobrist;
        let structure = self.occupied().iter().fold(0, |k, sq| {
            let raw = self.piece_at(sq).raw() as usize & 31;
            k ^ (z.piece_square[raw][sq.index()] & z.structure[raw])
        });
        if self.structure_key != structure {
            return Err("incremental structure key differs from the recomputed one".into());
        }
        if self.checkers != self.compute_checkers(self.side) {
            return Err("checkers are stale".into());
        }
        Ok(())
    }

    /// Dead position for lack of material (per variant, rules/README.md §5).
    pub fn insufficient_material(&self) -> bool {
        let v = self.variant;
        if v.insufficient == Insufficient::Never
            || v.hand_kinds
                .iter()
                .any(|&k| self.hands[0][k.index()] + self.hands[1][k.index()] > 0)
        {
            return false;
        }
        let (knight, bishop) = match v.insufficient {
            Insufficient::Orthodox { knight, bishop } => (knight, bishop),
            Insufficient::BareKings => return self.occupied() == self.by_kind[v.king.index()],
            Insufficient::NoCheckers => {
                return "PNQ"
                    .chars()
                    .filter_map(|c| v.kind_of_letter(c))
                    .all(|k| self.by_kind[k.index()].is_empty());
            }
            Insufficient::Never => return false,
        };
        let kings = self.by_kind[v.king.index()];
        let minors = self.by_kind[knight.index()] | self.by_kind[bishop.index()];
        if (self.occupied() & !kings & !minors).any() {
            return false;
        }
        if minors.count() <= 1 {
            return true;
        }
        // Several minors: a draw only when all are bishops on one square colour.
        let bishops = self.by_kind[bishop.index()];
        if minors != bishops {
            return false;
        }
        let g = &v.geometry;
        let first = g.colour(bishops.lsb());
        bishops.iter().all(|sq| g.colour(sq) == first)
    }
}
