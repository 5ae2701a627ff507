//! Exciting Chess (rules/exciting.md II.2): every move of the five games and the attack test.
//!
//! * Orthodox king, queen, rook, bishop, knight; the pawn promotes on the square whose forward
//!   neighbour is off the board, to a menu that depends on the game and the square's colour.
//! * Tiger (T): bishop slides to empty squares, captures only by a knight's leap.
//! * Cannon (C): rook slides to empty squares, captures by jumping exactly one screen.
//! * Soldiers (S, promoted V): orthogonal steps to empty squares (S not backwards); arriving, a
//!   soldier captures every enemy it encloses with a friendly piece (custodian capture; the twelve
//!   corner squares need both their neighbours); S may promote to V in the last three ranks.
//! * Checkers (man M, king D): diagonal steps (M forward only) and jumps over enemies, chained,
//!   stopping after any jump; a man crowns on its last rank.
//! * Captured soldiers re-enter from the captor's hand on any empty square.
//! * A legal move that lets a piece other than the king take a checker obliges the player to take
//!   a checker or give check (II.2.12).
//!
//! Moves are entries of their effect; legality is tested on the made move.

use crate::board::geometry::ORTHOGONAL;
use crate::board::moves::removal_tag;
use crate::board::{Bits, Color, Move, MoveEntry, MoveKind, MoveList, PieceKind, Square};
use crate::position::Position;

/// The kinds, in the order `variants/exciting.rs` lists them.
pub(crate) const QUEEN: PieceKind = PieceKind(1);
pub(crate) const ROOK: PieceKind = PieceKind(2);
pub(crate) const BISHOP: PieceKind = PieceKind(3);
pub(crate) const KNIGHT: PieceKind = PieceKind(4);
pub(crate) const PAWN: PieceKind = PieceKind(5);
pub(crate) const SOLDIER: PieceKind = PieceKind(6);
pub(crate) const VETERAN: PieceKind = PieceKind(7);
pub(crate) const MAN: PieceKind = PieceKind(8);
pub(crate) const DRAUGHTS_KING: PieceKind = PieceKind(9);
pub(crate) const TIGER: PieceKind = PieceKind(10);
pub(crate) const CANNON: PieceKind = PieceKind(11);

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn forward(c: Color) -> i8 {
    if c == Color::White { 1 } else { -1 }
}

/// A square is black when (file + rank) is odd, a1 = (1, 1) (II.1).
fn is_black<B: Bits>(pos: &Position<B>, sq: Square) -> bool {
    let g = &pos.variant().geometry;
    (g.file(sq) + g.rank(sq)) % 2 == 1
}

/// The pieces of `by` that attack `target` (II.2.11).
pub(crate) fn attackers<B: Bits>(pos: &Position<B>, target: Square, by: Color) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let g = &v.geometry;
    let i = target.raw() as usize;
    let occupied = pos.occupied();
    let mut result = (t.wazir[i] | t.ferz[i]) & pos.pieces(by, v.king);
    result |= t.knight[i] & (pos.pieces(by, KNIGHT) | pos.pieces(by, TIGER));
    result |= t.leapers_to[by.index()][PAWN.index()][i] & pos.pieces(by, PAWN);
    result |=
        g.orthogonal_attacks(target, occupied) & (pos.pieces(by, QUEEN) | pos.pieces(by, ROOK));
    result |=
        g.diagonal_attacks(target, occupied) & (pos.pieces(by, QUEEN) | pos.pieces(by, BISHOP));
    let cannons = pos.pieces(by, CANNON);
    if cannons.any() {
        for d in ORTHOGONAL {
            if let Some(beyond) = beyond_screen(pos, d, target, occupied) {
                result |= B::bit(beyond) & cannons;
            }
        }
    }
    result | checker_attackers(pos, target, by) | enclosers(pos, target, by)
}

/// The checkers of `by` with a jump chain over `target`. A jump over `target` lands on the
/// square diagonally beyond it, which must be empty or the jumping checker's own start: without
/// such a square no walk is needed. A man only jumps forward, so it cannot reach a target on or
/// behind its own rank. The walk of a checker stops at its first chain over `target`.
fn checker_attackers<B: Bits>(pos: &Position<B>, target: Square, by: Color) -> B {
    let g = &pos.variant().geometry;
    let men = pos.pieces(by, MAN);
    let checkers = men | pos.pieces(by, DRAUGHTS_KING);
    let landings = pos.variant().tables.ferz[target.raw() as usize] & g.valid;
    if checkers.is_empty() || (landings & (!pos.occupied() | checkers)).is_empty() {
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
        jumps(pos, c, by, true, &mut |_, jumped| {
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
fn beyond_screen<B: Bits>(pos: &Position<B>, d: usize, sq: Square, occupied: B) -> Option<Square> {
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

/// II.2.7: soldiers of `by` that would complete the enclosure of `target` by a step.
fn enclosers<B: Bits>(pos: &Position<B>, target: Square, by: Color) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let around = t.wazir[target.raw() as usize];
    let open = around & !pos.occupied();
    if open.is_empty() || open.several() || (around & !open & !pos.color_bb(by)).any() {
        return B::ZERO;
    }
    let gap = open.lsb();
    let mut result = B::ZERO;
    for s in (t.wazir[gap.raw() as usize] & soldiers(pos, by)).iter() {
        if soldier_steps(pos, s, by).has(gap) {
            result |= B::bit(s);
        }
    }
    result
}

fn soldiers<B: Bits>(pos: &Position<B>, c: Color) -> B {
    pos.pieces(c, SOLDIER) | pos.pieces(c, VETERAN)
}

/// The squares a soldier on `s` steps to on an empty board: S forward and sideways, V also back.
fn soldier_steps<B: Bits>(pos: &Position<B>, s: Square, c: Color) -> B {
    let g = &pos.variant().geometry;
    let back = pos.piece_at(s).kind() == VETERAN;
    let mut b = B::ZERO;
    for (df, dr) in [(1, 0), (-1, 0), (0, forward(c)), (0, -forward(c))] {
        if dr == -forward(c) && !back {
            continue;
        }
        if let Some(to) = g.offset(s, df, dr) {
            b |= B::bit(to);
        }
    }
    b
}

/// Every jump chain of the checker on `from` (owned by `by`), each prefix reported once as
/// (landing square, jumped set), until `report` answers true (enough seen). `over_king`: the
/// enemy king may be jumped (attack test only).
fn jumps<B: Bits>(
    pos: &Position<B>,
    from: Square,
    by: Color,
    over_king: bool,
    report: &mut impl FnMut(Square, B) -> bool,
) {
    let v = pos.variant();
    let is_man = pos.piece_at(from).kind() == MAN;
    let mut victims = pos.color_bb(by.flip());
    if !over_king {
        victims &= !pos.pieces(by.flip(), v.king);
    }
    let empty = (v.geometry.valid & !pos.occupied()) | B::bit(from);
    fn walk<B: Bits>(
        pos: &Position<B>,
        at: Square,
        jumped: B,
        is_man: bool,
        by: Color,
        victims: B,
        empty: B,
        report: &mut impl FnMut(Square, B) -> bool,
    ) -> bool {
        let g = &pos.variant().geometry;
        for (df, dr) in DIAGONALS {
            if is_man && dr != forward(by) {
                continue;
            }
            let (Some(over), Some(land)) = (g.offset(at, df, dr), g.offset(at, 2 * df, 2 * dr))
            else {
                continue;
            };
            if !victims.has(over) || jumped.has(over) || !empty.has(land) {
                continue;
            }
            let now = jumped | B::bit(over);
            if report(land, now) || walk(pos, land, now, is_man, by, victims, empty, report) {
                return true;
            }
        }
        false
    }
    walk(pos, from, B::ZERO, is_man, by, victims, empty, report);
}

/// The enemies a soldier arriving on `y` captures (II.2.6); `own` is the mover's pieces after
/// the move.
fn custodian<B: Bits>(pos: &Position<B>, y: Square, own: B, us: Color, corners: B) -> B {
    let v = pos.variant();
    let g = &v.geometry;
    let prey = pos.color_bb(us.flip()) & !pos.pieces(us.flip(), v.king);
    let mut taken = B::ZERO;
    for (df, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
        let Some(e) = g.offset(y, df, dr) else {
            continue;
        };
        if !prey.has(e) {
            continue;
        }
        let caught = if corners.has(e) {
            let around = v.tables.wazir[e.raw() as usize];
            (around & own) == around
        } else {
            g.offset(y, 2 * df, 2 * dr).is_some_and(|p| own.has(p))
        };
        if caught {
            taken |= B::bit(e);
        }
    }
    taken
}

/// The twelve corner squares: on the board, with exactly two neighbours, not opposite.
fn corner_squares<B: Bits>(pos: &Position<B>) -> B {
    let v = pos.variant();
    let g = &v.geometry;
    let mut b = B::ZERO;
    for sq in g.squares() {
        let around = v.tables.wazir[sq.raw() as usize];
        if around.count() == 2 {
            let [a, c] = [around.lsb(), around.msb()];
            if g.file(a) != g.file(c) && g.rank(a) != g.rank(c) {
                b |= B::bit(sq);
            }
        }
    }
    b
}

/// Fills `list` with the legal moves of `pos` (kills and promotions only when `quiets` is
/// false), after the checker-capture filter.
pub(crate) fn generate<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    quiets: bool,
) {
    let v = pos.variant();
    let g = &v.geometry;
    let t = &v.tables;
    let us = pos.side_to_move();
    let them = us.flip();
    let own = pos.color_bb(us);
    let enemy = pos.color_bb(them);
    let occupied = own | enemy;
    let empty = g.valid & !occupied;
    let prey = enemy & !pos.pieces(them, v.king);
    let mut moves: Vec<(Move, B)> = Vec::with_capacity(128);
    let push = |moves: &mut Vec<(Move, B)>, from: Square, to: Square, removed: B| {
        moves.push((
            Move::new(
                from,
                to,
                MoveKind::Normal,
                0,
                removal_tag(removed & !B::bit(to)),
            ),
            removed,
        ));
    };
    let i = |s: Square| s.raw() as usize;
    // King steps and castling.
    for to in ((t.wazir[i(king)] | t.ferz[i(king)]) & (empty | prey)).iter() {
        push(&mut moves, king, to, B::bit(to) & prey);
    }
    castling(pos, king, &mut moves);
    for s in pos.pieces(us, KNIGHT).iter() {
        for to in (t.knight[i(s)] & (empty | prey)).iter() {
            push(&mut moves, s, to, B::bit(to) & prey);
        }
    }
    for (kind, orth, diag) in [
        (QUEEN, true, true),
        (ROOK, true, false),
        (BISHOP, false, true),
    ] {
        for s in pos.pieces(us, kind).iter() {
            let mut to_set = B::ZERO;
            if orth {
                to_set |= g.orthogonal_attacks(s, occupied);
            }
            if diag {
                to_set |= g.diagonal_attacks(s, occupied);
            }
            for to in (to_set & (empty | prey)).iter() {
                push(&mut moves, s, to, B::bit(to) & prey);
            }
        }
    }
    for s in pos.pieces(us, TIGER).iter() {
        for to in (g.diagonal_attacks(s, occupied) & empty).iter() {
            push(&mut moves, s, to, B::ZERO);
        }
        for to in (t.knight[i(s)] & prey).iter() {
            push(&mut moves, s, to, B::bit(to));
        }
    }
    for s in pos.pieces(us, CANNON).iter() {
        for to in (g.orthogonal_attacks(s, occupied) & empty).iter() {
            push(&mut moves, s, to, B::ZERO);
        }
        for d in ORTHOGONAL {
            if let Some(to) = beyond_screen(pos, d, s, occupied)
                && prey.has(to)
            {
                push(&mut moves, s, to, B::bit(to));
            }
        }
    }
    pawns(pos, &mut moves, prey, empty);
    let corners = corner_squares(pos);
    let zone = soldier_zone(pos, us);
    for s in soldiers(pos, us).iter() {
        for to in (soldier_steps(pos, s, us) & empty).iter() {
            let after = (own & !B::bit(s)) | B::bit(to);
            let removed = custodian(pos, to, after, us, corners);
            push(&mut moves, s, to, removed);
            if pos.piece_at(s).kind() == SOLDIER
                && zone.has(to)
                && v.promotion_kinds.contains(&VETERAN)
            {
                moves.push((
                    Move::new(s, to, MoveKind::Promotion, VETERAN.0, removal_tag(removed)),
                    removed,
                ));
            }
        }
    }
    let last = g.relative_rank_mask(us, g.ranks - 1);
    for c in (pos.pieces(us, MAN) | pos.pieces(us, DRAUGHTS_KING)).iter() {
        let is_man = pos.piece_at(c).kind() == MAN;
        let mut landings: Vec<(Square, B)> = Vec::new();
        for (df, dr) in DIAGONALS {
            if is_man && dr != forward(us) {
                continue;
            }
            if let Some(to) = g.offset(c, df, dr)
                && empty.has(to)
            {
                landings.push((to, B::ZERO));
            }
        }
        jumps(pos, c, us, false, &mut |land, jumped| {
            landings.push((land, jumped));
            false
        });
        for (to, removed) in landings {
            if is_man && last.has(to) {
                moves.push((
                    Move::new(
                        c,
                        to,
                        MoveKind::Promotion,
                        DRAUGHTS_KING.0,
                        removal_tag(removed),
                    ),
                    removed,
                ));
            } else {
                push(&mut moves, c, to, removed);
            }
        }
    }
    moves.sort_unstable_by_key(|&(m, r)| (m.raw(), r));
    moves.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    // Legal moves, with what the checker obligation needs to know about each.
    let checkers = pos.pieces(them, MAN) | pos.pieces(them, DRAUGHTS_KING);
    let mut legal: Vec<(Move, B, bool)> = Vec::with_capacity(moves.len());
    let mut obliged = false;
    for (mv, removed) in moves {
        // Without quiet moves (quiescence) only captures and promotions are listed, and the
        // obligation depends only on captures: a quiet move need not be made at all.
        if !quiets && removed.is_empty() && mv.kind() != MoveKind::Promotion {
            continue;
        }
        let after = pos.make_move(&MoveEntry { mv, removed });
        let k = after.king_square(us).expect("the mover keeps its king");
        if attackers(&after, k, them).any() {
            continue;
        }
        let takes_checker = (removed & checkers).any();
        if takes_checker && mv.from() != king && mv.kind() != MoveKind::Drop {
            obliged = true;
        }
        legal.push((mv, removed, takes_checker || after.in_check()));
    }
    // Re-entry drops (never a capture, so they do not change the obligation).
    if quiets && v.flags.hands && pos.hand_count(us, SOLDIER) > 0 {
        let cheap = !obliged && !pos.in_check();
        for to in empty.iter() {
            let mv = Move::new(to, to, MoveKind::Drop, SOLDIER.0, 0);
            if cheap && drop_keeps_king_safe(pos, king, to) {
                legal.push((mv, B::ZERO, false));
                continue;
            }
            let after = pos.make_move(&MoveEntry {
                mv,
                removed: B::ZERO,
            });
            if attackers(&after, king, them).is_empty() {
                legal.push((mv, B::ZERO, after.in_check()));
            }
        }
        // The order of the list: as the other moves, by value.
        legal.sort_unstable_by_key(|&(m, r, _)| (m.raw(), r));
    }
    list.clear();
    for (mv, removed, satisfies) in legal {
        if obliged && !satisfies {
            continue;
        }
        list.push(mv, removed);
    }
}

/// Whether a piece dropped on `x` leaves the mover's king (not in check, on `king`) unattacked,
/// decided without making the drop; false when this cheap test cannot tell. An added piece of
/// ours only blocks lines and fills squares that a step, a leap, a landing or an enclosure needs
/// (II.2.7 wants every other neighbour of the king an enemy), so it can open an attack in two
/// ways only: as the one screen between an enemy cannon and the king, or as one more piece for an
/// enemy checker chain to jump, which needs a landing beside the king and one beyond `x`.
fn drop_keeps_king_safe<B: Bits>(pos: &Position<B>, king: Square, x: Square) -> bool {
    let v = pos.variant();
    let g = &v.geometry;
    let them = pos.side_to_move().flip();
    let occupied = pos.occupied() | B::bit(x);
    let cannons = pos.pieces(them, CANNON);
    if cannons.any() {
        for d in ORTHOGONAL {
            if g.rays[d][king.raw() as usize].has(x)
                && beyond_screen(pos, d, king, occupied).is_some_and(|c| cannons.has(c))
            {
                return false;
            }
        }
    }
    let checkers = pos.pieces(them, MAN) | pos.pieces(them, DRAUGHTS_KING);
    if checkers.any() {
        let landable = (g.valid & !occupied) | checkers;
        let king_open = (v.tables.ferz[king.raw() as usize] & landable).any();
        let x_jumpable = DIAGONALS.iter().any(|&(df, dr)| {
            g.offset(x, -df, -dr).is_some()
                && g.offset(x, df, dr).is_some_and(|land| landable.has(land))
        });
        if king_open && x_jumpable {
            return false;
        }
    }
    true
}

/// Whether the checker obligation of II.2.12 binds the side to move: some legal move lets a piece
/// other than the king take a checker. The filter keeps those moves, so they are still in the
/// legal list when it binds (for game statistics and tests; the generator decides on its own).
pub fn checker_capture_obliged<B: Bits>(pos: &Position<B>, legal: &MoveList<B>) -> bool {
    let them = pos.side_to_move().flip();
    let checkers = pos.pieces(them, MAN) | pos.pieces(them, DRAUGHTS_KING);
    let king = pos.king_square(pos.side_to_move());
    legal.iter().any(|e| {
        (e.removed & checkers).any() && Some(e.mv.from()) != king && e.mv.kind() != MoveKind::Drop
    })
}

/// The soldiers' promotion zone: the last three absolute ranks for the side (A-E19).
fn soldier_zone<B: Bits>(pos: &Position<B>, us: Color) -> B {
    let g = &pos.variant().geometry;
    (0..3).fold(B::ZERO, |z, r| {
        z | g.relative_rank_mask(us, g.ranks - 1 - r)
    })
}

/// Pawn steps, double steps, captures, e.p. and promotion with the square's menu (II.2.4).
fn pawns<B: Bits>(pos: &Position<B>, moves: &mut Vec<(Move, B)>, prey: B, empty: B) {
    let v = pos.variant();
    let g = &v.geometry;
    let us = pos.side_to_move();
    let f = forward(us);
    let captures = &v.tables.leaps[us.index()][PAWN.index()];
    for s in pos.pieces(us, PAWN).iter() {
        let mut targets: Vec<(Square, B)> = Vec::new();
        if let Some(one) = g.offset(s, 0, f)
            && empty.has(one)
        {
            targets.push((one, B::ZERO));
            if v.double_step_zone[us.index()].has(s)
                && let Some(two) = g.offset(s, 0, 2 * f)
                && empty.has(two)
            {
                targets.push((two, B::ZERO));
            }
        }
        for to in (captures[s.raw() as usize] & prey).iter() {
            targets.push((to, B::bit(to)));
        }
        for (to, removed) in targets {
            if v.promotion_zone[us.index()].has(to) {
                for &k in &v.promotion_kinds {
                    moves.push((Move::new(s, to, MoveKind::Promotion, k.0, 0), removed));
                }
                if is_black(pos, to) {
                    moves.push((
                        Move::new(s, to, MoveKind::Promotion, DRAUGHTS_KING.0, 0),
                        removed,
                    ));
                }
            } else {
                moves.push((Move::new(s, to, MoveKind::Normal, 0, 0), removed));
            }
        }
    }
    if let Some(ep) = pos.ep_square() {
        let victim = g.offset(ep, 0, -f).expect("the passed pawn's square");
        for from in crate::rules::pawns::en_passant_capturers(pos, ep).iter() {
            moves.push((
                Move::new(from, ep, MoveKind::EnPassant, 0, 0),
                B::bit(victim),
            ));
        }
    }
}

/// Castling (II.2.10): rights, empty squares between, and the king not attacked on its square,
/// the square it crosses or (tested with the other moves) where it lands, each with the king on it.
fn castling<B: Bits>(pos: &Position<B>, king: Square, moves: &mut Vec<(Move, B)>) {
    let v = pos.variant();
    let us = pos.side_to_move();
    let them = us.flip();
    for (n, cs) in v.castles.iter().enumerate() {
        if cs.color != us
            || pos.castling_rights() & (1 << n) == 0
            || cs.king_from != king
            || (cs.must_be_empty & pos.occupied()).any()
        {
            continue;
        }
        let safe = (cs.king_path & !B::bit(cs.king_to)).iter().all(|sq| {
            let there = if sq == king {
                *pos
            } else {
                pos.make_move(&MoveEntry {
                    mv: Move::new(king, sq, MoveKind::Normal, 0, 0),
                    removed: B::ZERO,
                })
            };
            attackers(&there, sq, them).is_empty()
        });
        if safe {
            moves.push((
                Move::new(cs.king_from, cs.king_to, MoveKind::Castle, 0, 0),
                B::ZERO,
            ));
        }
    }
}

/// Whether a move of `kind` from `from` to `to` resets the 50-move clock beyond captures, drops
/// and promotions (II.2.13): any move of a man, a forward move of an unpromoted soldier.
pub(crate) fn resets_clock(kind: PieceKind, rank_changed: bool) -> bool {
    kind == MAN || (kind == SOLDIER && rank_changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::generate_legal;
    use crate::variants::{AnyVariant, lookup};

    /// The cheap drop test never calls a drop safe that exposes the king: on random games of the
    /// Exciting games with hands, every drop it passes is checked by making it.
    #[test]
    fn cheap_drop_test_agrees_with_making_the_drop() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut passed = 0;
        for name in ["exciting", "excitingnotigers", "excitingcannon"] {
            let Some(AnyVariant::Wide(v)) = lookup(name) else {
                panic!("{name}");
            };
            for _game in 0..30 {
                let mut pos = Position::start(v);
                for _ply in 0..160 {
                    let us = pos.side_to_move();
                    let king = pos.king_square(us).expect("a king");
                    if !pos.in_check() && pos.hand_count(us, SOLDIER) > 0 {
                        let empty = v.geometry.valid & !pos.occupied();
                        for x in empty.iter() {
                            if drop_keeps_king_safe(&pos, king, x) {
                                let mv = Move::new(x, x, MoveKind::Drop, SOLDIER.0, 0);
                                let after = pos.make_move(&MoveEntry {
                                    mv,
                                    removed: B128::ZERO,
                                });
                                assert!(
                                    attackers(&after, king, us.flip()).is_empty(),
                                    "S@{} in {}",
                                    v.geometry.square_name(x),
                                    pos.to_fen()
                                );
                                passed += 1;
                            }
                        }
                    }
                    let mut list = MoveList::new();
                    generate_legal(&pos, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    let pick = list.as_slice()[next(list.len())];
                    pos = pos.make_move(&pick);
                }
            }
        }
        assert!(passed > 10_000, "{passed}");
    }

    /// A soldier dropped between an enemy cannon and the king is the cannon's screen.
    #[test]
    fn a_drop_can_be_a_cannon_screen() {
        let Some(AnyVariant::Wide(v)) = lookup("excitingcannon") else {
            panic!("excitingcannon");
        };
        let pos = Position::from_fen(
            v,
            "**3k3**/*9*/11/11/11/5c5/11/11/11/*9*/**3K3**[S] w - - 0 1",
        )
        .expect("FEN");
        let g = &v.geometry;
        let sq = |name: &str| g.squares().find(|&s| g.square_name(s) == name).expect(name);
        let king = sq("f1");
        assert!(!drop_keeps_king_safe(&pos, king, sq("f3")));
        assert!(drop_keeps_king_safe(&pos, king, sq("f7")));
        assert!(drop_keeps_king_safe(&pos, king, sq("e3")));
        let mut list = MoveList::new();
        generate_legal(&pos, &mut list);
        let drops: Vec<String> = list
            .iter()
            .filter(|e| e.mv.kind() == MoveKind::Drop)
            .map(|e| g.square_name(e.mv.to()))
            .collect();
        assert!(!drops.contains(&"f3".to_string()) && drops.contains(&"f7".to_string()));
    }

    type B128 = u128;
}
