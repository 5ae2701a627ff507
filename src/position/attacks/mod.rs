//! Who attacks a square: the attack test of every rules family, for any occupancy and any set of
//! removed pieces, as check detection, legality tests and static exchange need it. The family is
//! chosen once, when the variant is built ([`Family`]); each has its own module here, and the move
//! generators of `rules/` build on them.

pub mod arms;
pub mod exciting;
pub mod powers;

use super::Position;
use crate::board::{Bits, Color, MoveEntry, MoveKind, PieceKind, Square};
use crate::variants::Family;

impl<B: Bits> Position<B> {
    /// Pieces of `by` that attack `target` given the occupancy `occupied` (captures by leaps and
    /// slides; the pawn's capture leaps included).
    #[inline(always)]
    pub fn attackers_to(&self, target: Square, by: Color, occupied: B) -> B {
        self.attackers_without(target, by, occupied, B::ZERO)
    }

    /// As [`Self::attackers_to`] with the pieces on `removed` taken off first (they neither
    /// attack nor, in Pawnier, lend powers): the attacks after a move that captures them.
    #[inline]
    pub fn attackers_without(&self, target: Square, by: Color, occupied: B, removed: B) -> B {
        match &self.variant.family {
            Family::Standard => self.leapers_and_sliders(target, by, occupied, removed),
            Family::Powers(k) => {
                self.leapers_and_sliders(target, by, occupied, removed)
                    | powers::attackers(self, target, by, occupied, removed, k)
            }
            Family::CombinedArms(k) => arms::attackers(self, target, by, occupied, removed, k),
            Family::Exciting(k) => exciting::attackers(self, target, by, occupied, removed, k),
        }
    }

    /// Attacks by the kinds' leaps and slides (pawn captures included).
    #[inline(always)]
    fn leapers_and_sliders(&self, target: Square, by: Color, occupied: B, removed: B) -> B {
        let v = self.variant;
        let t = &v.tables;
        let g = &v.geometry;
        let theirs = self.by_color[by.index()] & !removed;
        let mut result = B::ZERO;
        for &k in &t.leaper_kinds {
            result |= t.leapers_to[by.index()][k.index()][target.raw() as usize]
                & self.by_kind[k.index()];
        }
        let mut orth = B::ZERO;
        for &k in &t.orthogonal_kinds {
            orth |= self.by_kind[k.index()];
        }
        if (orth & theirs & t.orthogonal_lines[target.raw() as usize]).any() {
            result |= g.orthogonal_attacks(target, occupied) & orth;
        }
        let mut diag = B::ZERO;
        for &k in &t.diagonal_kinds {
            diag |= self.by_kind[k.index()];
        }
        if (diag & theirs & t.diagonal_lines[target.raw() as usize]).any() {
            result |= g.diagonal_attacks(target, occupied) & diag;
        }
        result & theirs
    }

    /// True when `by` attacks `target` with the current occupancy.
    #[inline(always)]
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.attackers_to(target, by, self.occupied()).any()
    }

    /// Whether `e`, a quiet move of the side to move (no capture, no castling), is proven to
    /// give no check without making it; false asks for the made move. In the Standard family a
    /// check is a leap or a slide onto the king, and the enemy king is safe before the move (the
    /// position is legal), so only the moved piece from its new square (as what it promotes to)
    /// or a slider behind its old square can attack it: the test is exact there. The other
    /// families' attacks (powers lent by neighbours, shots, custodians) are not modelled here:
    /// their moves are made, but for an Exciting soldier's drop (`drop_gives_no_check`).
    #[inline]
    pub fn quiet_gives_no_check(&self, e: &MoveEntry<B>) -> bool {
        let us = self.side;
        if !matches!(self.variant.family, Family::Standard) {
            return self.drop_gives_no_check(us, e);
        }
        let mv = e.mv;
        let (kind, vacated) = match mv.kind() {
            MoveKind::Normal => (self.piece_at(mv.from()).kind(), B::bit(mv.from())),
            MoveKind::Promotion => (mv.piece(), B::bit(mv.from())),
            MoveKind::Drop => (mv.piece(), B::ZERO),
            _ => return false,
        };
        if e.removed.any() {
            return false;
        }
        let Some(king) = self.king_square(us.flip()) else {
            return true;
        };
        let t = &self.variant.tables;
        let ks = king.index();
        let to = mv.to();
        // (A kind without leaps has an empty table.)
        if t.leapers_to[us.index()][kind.index()][ks].has(to) {
            return false;
        }
        let g = &self.variant.geometry;
        let occupied = (self.occupied() & !vacated) | B::bit(to);
        let ours = self.by_color[us.index()] & !vacated;
        // A slide onto the king after the move: the moved piece's from `to`, or one of the
        // pieces that stayed, through the vacated square.
        let slides = |kinds: &[PieceKind], lines: B, attacks: &dyn Fn() -> B| {
            let moved = kinds.contains(&kind) && lines.has(to);
            let opened = (lines & vacated).any();
            if !moved && !opened {
                return false;
            }
            let reach = attacks();
            let sliders = kinds
                .iter()
                .fold(B::ZERO, |acc, k| acc | self.by_kind[k.index()]);
            (moved && reach.has(to)) || (opened && (reach & sliders & ours).any())
        };
        !(slides(&t.orthogonal_kinds, t.orthogonal_lines[ks], &|| {
            g.orthogonal_attacks(king, occupied)
        }) || slides(&t.diagonal_kinds, t.diagonal_lines[ks], &|| {
            g.diagonal_attacks(king, occupied)
        }))
    }

    /// Enemy pieces giving check to `c`'s king.
    pub(crate) fn compute_checkers(&self, c: Color) -> B {
        match self.king_square(c) {
            Some(k) => self.attackers_to(k, c.flip(), self.occupied()),
            None => B::ZERO,
        }
    }

    /// The e.p. square if the side to move has a legal e.p. capture there. Only then does it
    /// belong to the key and to repetition (rules/README.md §5: rights "when they can be used").
    pub(crate) fn usable_ep(&self) -> Option<Square> {
        let ep = self.ep?;
        (!self.frozen && en_passant_capturers(self, ep).any()).then_some(ep)
    }
}

/// The square of the pawn that skipped `ep`, seen from the capturing side `us`.
#[inline(always)]
pub fn passed_pawn<B: Bits>(ep: Square, us: Color) -> Square {
    let stride = B::STRIDE as u8;
    Square::new(if us == Color::White {
        ep.raw() - stride
    } else {
        ep.raw() + stride
    })
}

/// The side to move's pawns that can legally capture en passant on `ep`. Legality is tested by
/// occupancy after the capture, since two pieces leave one line at once, which pin masks cannot
/// see; the key uses this too, so that an e.p. right counts only when it can be used.
pub fn en_passant_capturers<B: Bits>(pos: &Position<B>, ep: Square) -> B {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return B::ZERO };
    let us = pos.side_to_move();
    let them = us.flip();
    let victim = passed_pawn::<B>(ep, us);
    if !pos.pieces(them, pawn).has(victim) || !pos.piece_at(ep).is_none() {
        return B::ZERO;
    }
    let Some(king) = pos.king_square(us) else {
        return B::ZERO;
    };
    let candidates =
        v.tables.leapers_to[us.index()][pawn.index()][ep.raw() as usize] & pos.pieces(us, pawn);
    let mut legal = B::ZERO;
    for from in candidates.iter() {
        let occupied = (pos.occupied() ^ B::bit(from) ^ B::bit(victim)) | B::bit(ep);
        if (pos.attackers_to(king, them, occupied) & !B::bit(victim)).is_empty() {
            legal |= B::bit(from);
        }
    }
    legal
}
