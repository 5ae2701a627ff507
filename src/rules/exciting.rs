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
//! Moves are entries of their effect, pseudo-legal: legality (the king's safety and the checker
//! obligation) is tested on the made move (`movegen::Legality`). Who attacks what is
//! `position::attacks::exciting`.

use crate::board::geometry::ORTHOGONAL;
use crate::board::moves::removal_tag;
use crate::board::{Bits, Color, Move, MoveEntry, MoveKind, MoveList, Square};
use crate::position::Position;
use crate::position::attacks::en_passant_capturers;
use crate::position::attacks::exciting::{
    Chains, DIAGONALS, attackers, beyond_screen, forward, soldier_steps, soldiers,
};
use crate::rules::Effects;
use crate::rules::ctx::Scope;
use crate::variants::ExcitingKinds;

/// A square is black when (file + rank) is odd, a1 = (1, 1) (II.1).
fn is_black<B: Bits>(pos: &Position<B>, sq: Square) -> bool {
    pos.variant().geometry.colour(sq) == 1
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

/// Fills `list` with the pseudo-legal moves of `pos` in `scope` (kills and promotions only when
/// it wants no quiet moves), one entry per effect; the checker obligation is applied by
/// `movegen::Legality`.
pub(crate) fn generate<B: Bits>(
    pos: &Position<B>,
    king: Square,
    list: &mut MoveList<B>,
    scope: Scope<B>,
    k: &ExcitingKinds,
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
    let mine = |kind| pos.pieces(us, kind) & scope.movers;
    let mut out = Effects::new(list, &scope);
    let i = |s: Square| s.raw() as usize;
    if scope.movers.has(king) {
        for to in ((t.wazir[i(king)] | t.ferz[i(king)]) & (empty | prey)).iter() {
            out.add(king, to, B::bit(to) & prey);
        }
        if scope.quiets {
            castling(pos, king, k, &mut out);
        }
        out.done();
    }
    for s in mine(k.knight).iter() {
        for to in (t.knight[i(s)] & (empty | prey)).iter() {
            out.add(s, to, B::bit(to) & prey);
        }
        out.done();
    }
    for (kind, orth, diag) in [
        (k.queen, true, true),
        (k.rook, true, false),
        (k.bishop, false, true),
    ] {
        for s in mine(kind).iter() {
            let mut to_set = B::ZERO;
            if orth {
                to_set |= g.orthogonal_attacks(s, occupied);
            }
            if diag {
                to_set |= g.diagonal_attacks(s, occupied);
            }
            for to in (to_set & (empty | prey)).iter() {
                out.add(s, to, B::bit(to) & prey);
            }
            out.done();
        }
    }
    for s in mine(k.tiger).iter() {
        if scope.quiets {
            for to in (g.diagonal_attacks(s, occupied) & empty).iter() {
                out.add(s, to, B::ZERO);
            }
        }
        for to in (t.knight[i(s)] & prey).iter() {
            out.add(s, to, B::bit(to));
        }
        out.done();
    }
    for s in mine(k.cannon).iter() {
        if scope.quiets {
            for to in (g.orthogonal_attacks(s, occupied) & empty).iter() {
                out.add(s, to, B::ZERO);
            }
        }
        for d in ORTHOGONAL {
            if let Some(to) = beyond_screen(pos, d, s, occupied)
                && prey.has(to)
            {
                out.add(s, to, B::bit(to));
            }
        }
        out.done();
    }
    pawns(pos, &mut out, prey, empty, scope, k);
    let corners = t.corners;
    let zone = soldier_zone(pos, us);
    let veterans = v.promotion_kinds.contains(&k.veteran);
    for s in (soldiers(pos, us, k) & scope.movers).iter() {
        for to in (soldier_steps(pos, s, us, k) & empty).iter() {
            // Nothing is enclosed unless an enemy stands next to the arrival square.
            let removed = if (t.wazir[i(to)] & prey).is_empty() {
                B::ZERO
            } else {
                custodian(pos, to, (own & !B::bit(s)) | B::bit(to), us, corners)
            };
            out.add(s, to, removed);
            if veterans && pos.piece_at(s).kind() == k.soldier && zone.has(to) {
                let promotion = MoveKind::Promotion;
                let tag = removal_tag(removed);
                out.push(Move::new(s, to, promotion, k.veteran.0, tag), removed);
            }
        }
        out.done();
    }
    let last = g.relative_rank_mask(us, g.ranks - 1);
    for c in (mine(k.man) | mine(k.draughts_king)).iter() {
        let is_man = pos.piece_at(c).kind() == k.man;
        let land = |out: &mut Effects<'_, B>, to: Square, removed: B| {
            if is_man && last.has(to) {
                let tag = removal_tag(removed);
                out.push(
                    Move::new(c, to, MoveKind::Promotion, k.draughts_king.0, tag),
                    removed,
                );
            } else {
                out.add(c, to, removed);
            }
        };
        for (df, dr) in DIAGONALS {
            if is_man && dr != forward(us) {
                continue;
            }
            if let Some(to) = g.offset(c, df, dr)
                && empty.has(to)
            {
                land(&mut out, to, B::ZERO);
            }
        }
        if scope.tactical {
            Chains::new(pos, c, us, false, occupied, k).walk(c, B::ZERO, &mut |to, jumped| {
                land(&mut out, to, jumped);
                false
            });
        }
        // Chains can meet: a crowning jump reached by two routes is one move.
        out.done_all();
    }
    // Re-entry drops: never a capture.
    if scope.quiets && v.flags.hands && pos.hand_count(us, k.soldier) > 0 {
        for to in (empty & scope.movers).iter() {
            out.push(Move::new(to, to, MoveKind::Drop, k.soldier.0, 0), B::ZERO);
        }
    }
}

/// Whether the checker obligation of II.2.12 binds the side to move: a legal move lets a piece
/// other than the king take a checker. `moves` are generated moves of `pos` that include every
/// capture; only those that take a checker are made.
pub(crate) fn obliged<B: Bits>(pos: &Position<B>, moves: &MoveList<B>, k: &ExcitingKinds) -> bool {
    let us = pos.side_to_move();
    let them = us.flip();
    let checkers = pos.pieces(them, k.man) | pos.pieces(them, k.draughts_king);
    let Some(king) = pos.king_square(us) else {
        return false;
    };
    moves.iter().any(|e| {
        (e.removed & checkers).any() && e.mv.from() != king && e.mv.kind() != MoveKind::Drop && {
            let after = pos.make_move(e);
            attackers(&after, king, them, after.occupied(), B::ZERO, k).is_empty()
        }
    })
}

/// Whether a king-safe move satisfies the obligation once it binds: it takes a checker (with any
/// piece) or gives check.
pub(crate) fn satisfies<B: Bits>(
    pos: &Position<B>,
    e: &MoveEntry<B>,
    after: &Position<B>,
    k: &ExcitingKinds,
) -> bool {
    let them = pos.side_to_move().flip();
    let checkers = pos.pieces(them, k.man) | pos.pieces(them, k.draughts_king);
    (e.removed & checkers).any() || after.in_check()
}

/// Whether the checker obligation of II.2.12 binds the side to move: some legal move lets a piece
/// other than the king take a checker. The filter keeps those moves, so they are still in the
/// legal list when it binds (for game statistics and tests; the generator decides on its own).
pub fn checker_capture_obliged<B: Bits>(pos: &Position<B>, legal: &MoveList<B>) -> bool {
    let crate::variants::Family::Exciting(k) = &pos.variant().family else {
        return false;
    };
    let them = pos.side_to_move().flip();
    let checkers = pos.pieces(them, k.man) | pos.pieces(them, k.draughts_king);
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
fn pawns<B: Bits>(
    pos: &Position<B>,
    out: &mut Effects<'_, B>,
    prey: B,
    empty: B,
    scope: Scope<B>,
    k: &ExcitingKinds,
) {
    let v = pos.variant();
    let g = &v.geometry;
    let us = pos.side_to_move();
    let f = forward(us);
    let captures = &v.tables.leaps[us.index()][k.pawn.index()];
    for s in (pos.pieces(us, k.pawn) & scope.movers).iter() {
        let mut target = |to: Square, removed: B| {
            if v.promotion_zone[us.index()].has(to) {
                for &k in &v.promotion_kinds {
                    out.push(Move::new(s, to, MoveKind::Promotion, k.0, 0), removed);
                }
                if is_black(pos, to) {
                    let crowned = k.draughts_king.0;
                    out.push(Move::new(s, to, MoveKind::Promotion, crowned, 0), removed);
                }
            } else if scope.quiets || removed.any() {
                out.push(Move::new(s, to, MoveKind::Normal, 0, 0), removed);
            }
        };
        if let Some(one) = g.offset(s, 0, f)
            && empty.has(one)
        {
            target(one, B::ZERO);
            if v.double_step_zone[us.index()].has(s)
                && let Some(two) = g.offset(s, 0, 2 * f)
                && empty.has(two)
            {
                target(two, B::ZERO);
            }
        }
        for to in (captures[s.raw() as usize] & prey).iter() {
            target(to, B::bit(to));
        }
    }
    if let Some(ep) = pos.ep_square() {
        let victim = g.offset(ep, 0, -f).expect("the passed pawn's square");
        for from in (en_passant_capturers(pos, ep) & scope.movers).iter() {
            out.push(
                Move::new(from, ep, MoveKind::EnPassant, 0, 0),
                B::bit(victim),
            );
        }
    }
}

/// Castling (II.2.10): rights, empty squares between, and the king not attacked on its square,
/// the square it crosses or (tested with the other moves) where it lands, each with the king on it.
fn castling<B: Bits>(pos: &Position<B>, king: Square, k: &ExcitingKinds, out: &mut Effects<'_, B>) {
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
            attackers(&there, sq, them, there.occupied(), B::ZERO, k).is_empty()
        });
        if safe {
            out.push(
                Move::new(cs.king_from, cs.king_to, MoveKind::Castle, 0, 0),
                B::ZERO,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::generate_legal;
    use crate::variants::{AnyVariant, lookup};

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
        let mut list = MoveList::new();
        generate_legal(&pos, &mut list);
        let drops: Vec<String> = list
            .iter()
            .filter(|e| e.mv.kind() == MoveKind::Drop)
            .map(|e| g.square_name(e.mv.to()))
            .collect();
        assert!(!drops.contains(&"f3".to_string()));
        assert!(drops.contains(&"f7".to_string()) && drops.contains(&"e3".to_string()));
    }
}
