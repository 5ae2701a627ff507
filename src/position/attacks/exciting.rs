//! Who attacks a square in Exciting Chess (rules/exciting.md II.2.11): the orthodox pieces, the
//! tiger's knight leap, the cannon over one screen, a checker chain that jumps the square, and the
//! soldiers that would complete an enclosure of it (II.2.7).

use crate::board::geometry::ORTHOGONAL;
use crate::board::{Bits, Color, Move, MoveKind, Square};
use crate::position::Position;
use crate::variants::{ExcitingKinds, Family};

pub(crate) const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub(crate) fn forward(c: Color) -> i8 {
    if c == Color::White { 1 } else { -1 }
}

/// The pieces of `by` that attack `target` (II.2.11) when the board holds `occupied` and the
/// pieces on `removed` are gone.
pub(crate) fn attackers<B: Bits>(
    pos: &Position<B>,
    target: Square,
    by: Color,
    occupied: B,
    removed: B,
    k: &ExcitingKinds,
) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let g = &v.geometry;
    let i = target.raw() as usize;
    let theirs = pos.color_bb(by) & occupied & !removed;
    let mut result = (t.wazir[i] | t.ferz[i]) & pos.pieces(by, v.king);
    result |= t.knight[i] & (pos.pieces(by, k.knight) | pos.pieces(by, k.tiger));
    result |= t.leapers_to[by.index()][k.pawn.index()][i] & pos.pieces(by, k.pawn);
    result |=
        g.orthogonal_attacks(target, occupied) & (pos.pieces(by, k.queen) | pos.pieces(by, k.rook));
    result |=
        g.diagonal_attacks(target, occupied) & (pos.pieces(by, k.queen) | pos.pieces(by, k.bishop));
    let cannons = pos.pieces(by, k.cannon);
    if cannons.any() {
        for d in ORTHOGONAL {
            if let Some(beyond) = beyond_screen(pos, d, target, occupied) {
                result |= B::bit(beyond) & cannons;
            }
        }
    }
    result &= theirs;
    result
        | checker_attackers(pos, target, by, theirs, occupied, k)
        | enclosers(pos, target, by, theirs, occupied, k)
}

/// The checkers among `theirs` (pieces of `by`) with a jump chain over `target`. A jump over
/// `target` lands on the square diagonally beyond it, which must be empty or the jumping
/// checker's own start: without such a square no walk is needed. A man only jumps forward, so it
/// cannot reach a target on or behind its own rank. The walk of a checker stops at its first
/// chain over `target`.
fn checker_attackers<B: Bits>(
    pos: &Position<B>,
    target: Square,
    by: Color,
    theirs: B,
    occupied: B,
    k: &ExcitingKinds,
) -> B {
    let g = &pos.variant().geometry;
    let men = pos.pieces(by, k.man) & theirs;
    let checkers = men | (pos.pieces(by, k.draughts_king) & theirs);
    let landings = pos.variant().tables.ferz[target.raw() as usize] & g.valid;
    if checkers.is_empty() || (landings & (!occupied | checkers)).is_empty() {
        return B::ZERO;
    }
    let ahead = |c: Square| match by {
        Color::White => g.rank(target) > g.rank(c),
        Color::Black => g.rank(target) < g.rank(c),
    };
    let mut result = B::ZERO;
    for c in checkers.iter() {
        if men.has(c) && !ahead(c) {
            continue;
        }
        let mut hit = false;
        let chains = Chains::new(pos, c, by, true, occupied, k);
        chains.walk(c, B::ZERO, &mut |_, jumped| {
            hit |= jumped.has(target);
            hit
        });
        if hit {
            result |= B::bit(c);
        }
    }
    result
}

/// The first piece beyond the first piece on ray `d` from `sq` (a cannon's target or, seen
/// from a target, the cannon that could take it).
pub(crate) fn beyond_screen<B: Bits>(
    pos: &Position<B>,
    d: usize,
    sq: Square,
    occupied: B,
) -> Option<Square> {
    let g = &pos.variant().geometry;
    let first = |from: Square| {
        let blockers = g.rays[d][from.raw() as usize] & occupied;
        blockers.any().then(|| {
            if d < 4 {
                blockers.lsb()
            } else {
                blockers.msb()
            }
        })
    };
    first(first(sq)?)
}

/// II.2.7: soldiers among `theirs` that would complete the enclosure of `target` by a step.
fn enclosers<B: Bits>(
    pos: &Position<B>,
    target: Square,
    by: Color,
    theirs: B,
    occupied: B,
    k: &ExcitingKinds,
) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let around = t.wazir[target.raw() as usize];
    let open = around & !occupied;
    if open.is_empty() || open.several() || (around & !open & !theirs).any() {
        return B::ZERO;
    }
    let gap = open.lsb();
    let mut result = B::ZERO;
    for s in (t.wazir[gap.raw() as usize] & soldiers(pos, by, k) & theirs).iter() {
        if soldier_steps(pos, s, by, k).has(gap) {
            result |= B::bit(s);
        }
    }
    result
}

pub(crate) fn soldiers<B: Bits>(pos: &Position<B>, c: Color, k: &ExcitingKinds) -> B {
    pos.pieces(c, k.soldier) | pos.pieces(c, k.veteran)
}

/// The squares a soldier on `s` steps to on an empty board: S forward and sideways, V also back.
pub(crate) fn soldier_steps<B: Bits>(
    pos: &Position<B>,
    s: Square,
    c: Color,
    k: &ExcitingKinds,
) -> B {
    let v = pos.variant();
    let around = v.tables.wazir[s.raw() as usize];
    if pos.piece_at(s).kind() == k.veteran {
        return around;
    }
    match v.geometry.offset(s, 0, -forward(c)) {
        Some(behind) => around & !B::bit(behind),
        None => around,
    }
}

/// The jump chains of one checker: what it may jump and where it may land.
pub(crate) struct Chains<'a, B: Bits> {
    pos: &'a Position<B>,
    is_man: bool,
    by: Color,
    victims: B,
    empty: B,
}

impl<'a, B: Bits> Chains<'a, B> {
    /// The chains of the checker on `from` (owned by `by`) on the board `occupied`.
    /// `over_king`: the enemy king may be jumped (attack test only).
    pub(crate) fn new(
        pos: &'a Position<B>,
        from: Square,
        by: Color,
        over_king: bool,
        occupied: B,
        k: &ExcitingKinds,
    ) -> Self {
        let v = pos.variant();
        let mut victims = pos.color_bb(by.flip()) & occupied;
        if !over_king {
            victims &= !pos.pieces(by.flip(), v.king);
        }
        Chains {
            pos,
            is_man: pos.piece_at(from).kind() == k.man,
            by,
            victims,
            empty: (v.geometry.valid & !occupied) | B::bit(from),
        }
    }

    /// Every chain continuing from `at` after jumping `jumped`, each prefix reported once as
    /// (landing square, jumped set), until `report` answers true (enough seen); returns whether
    /// it did.
    pub(crate) fn walk(
        &self,
        at: Square,
        jumped: B,
        report: &mut impl FnMut(Square, B) -> bool,
    ) -> bool {
        let g = &self.pos.variant().geometry;
        for (df, dr) in DIAGONALS {
            if self.is_man && dr != forward(self.by) {
                continue;
            }
            let (Some(over), Some(land)) = (g.offset(at, df, dr), g.offset(at, 2 * df, 2 * dr))
            else {
                continue;
            };
            if !self.victims.has(over) || jumped.has(over) || !self.empty.has(land) {
                continue;
            }
            let now = jumped | B::bit(over);
            if report(land, now) || self.walk(land, now, report) {
                return true;
            }
        }
        false
    }
}

/// The game's kinds when `mv` drops an Exciting soldier (the only piece Exciting drops), the case
/// [`drop_may_attack`] and [`drop_may_expose`] settle; `None` for every other move and game.
#[inline(always)]
pub(crate) fn soldier_drop<B: Bits>(pos: &Position<B>, mv: Move) -> Option<&'static ExcitingKinds> {
    if mv.kind() != MoveKind::Drop {
        return None;
    }
    match &pos.variant().family {
        Family::Exciting(k) if mv.piece() == k.soldier => Some(k),
        _ => None,
    }
}

/// Whether a soldier that `dropper` dropped on `s` (nothing else changed) can have given it an
/// attack on `target` it lacked before. The dropped soldier attacks nothing by itself, but it
/// may complete or step into an enclosure of `target` (II.2.7: it is then within two orthogonal
/// steps of it) and it may be a cannon's screen on `target`'s file or rank; for every other
/// piece it is only one more blocker. False is a proof; true asks for the full test.
pub(crate) fn drop_may_attack<B: Bits>(
    pos: &Position<B>,
    s: Square,
    target: Square,
    dropper: Color,
    k: &ExcitingKinds,
) -> bool {
    let g = &pos.variant().geometry;
    let df = (g.file(s) as i32 - g.file(target) as i32).abs();
    let dr = (g.rank(s) as i32 - g.rank(target) as i32).abs();
    df + dr <= 2 || ((df == 0 || dr == 0) && pos.pieces(dropper, k.cannon).any())
}

/// Whether a soldier that `dropper` dropped on `s` can have opened an attack on its own king on
/// `king` by the other side: as a screen for an enemy cannon on the king's file or rank, or as a
/// piece an enemy checker can now jump on its way. It cannot help an enemy enclosure (it is not
/// theirs) and only blocks the rest. False is a proof; true asks for the full test.
pub(crate) fn drop_may_expose<B: Bits>(
    pos: &Position<B>,
    s: Square,
    king: Square,
    dropper: Color,
    k: &ExcitingKinds,
) -> bool {
    let g = &pos.variant().geometry;
    let them = dropper.flip();
    if (pos.pieces(them, k.man) | pos.pieces(them, k.draughts_king)).any() {
        return true;
    }
    (g.file(s) == g.file(king) || g.rank(s) == g.rank(king)) && pos.pieces(them, k.cannon).any()
}
