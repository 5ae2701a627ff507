//! Move generation, one module per mechanic and one generator per rules family (DESIGN.md §9).
//! `movegen.rs` chooses the family's generator; who attacks what lives one floor down, in
//! `position::attacks`.

pub mod castling;
pub mod combined_arms;
pub mod ctx;
pub mod drops;
pub mod exciting;
pub mod pawns;
pub mod powers;
pub mod shock;
pub mod standard;

use crate::board::moves::removal_tag;
use crate::board::{Bits, Move, MoveKind, MoveList, Square};

/// A plain move identified by its effect: from, to and the pieces it removes (the tag tells
/// apart moves whose victims away from `to` differ).
#[inline(always)]
pub(crate) fn effect<B: Bits>(from: Square, to: Square, removed: B) -> (Move, B) {
    let tag = removal_tag(removed & !B::bit(to));
    (Move::new(from, to, MoveKind::Normal, 0, tag), removed)
}

/// The end of every generator that reaches one effect by several routes (Combined Arms' drives
/// and follow-ups, Exciting's chains): one entry per (move, removed set), pushed to `list`.
pub(crate) fn push_effects<B: Bits>(mut moves: Vec<(Move, B)>, list: &mut MoveList<B>) {
    dedup_from(&mut moves, 0);
    for (mv, removed) in moves {
        list.push(mv, removed);
    }
}

/// Leaves one entry per effect in `moves[start..]` (sorted by value there); a generator calls it
/// on the part one piece produced when only that piece's routes can meet.
pub(crate) fn dedup_from<B: Bits>(moves: &mut Vec<(Move, B)>, start: usize) {
    let tail = &mut moves[start..];
    if tail.len() < 2 {
        return;
    }
    tail.sort_unstable_by_key(|&(m, r)| (m.raw(), r));
    let mut kept = start + 1;
    for i in start + 1..moves.len() {
        if moves[i] != moves[kept - 1] {
            moves[kept] = moves[i];
            kept += 1;
        }
    }
    moves.truncate(kept);
}
