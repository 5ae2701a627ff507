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

use crate::board::{Bits, Move, MoveList};

/// The end of every generator that reaches one effect by several routes (Combined Arms' flights
/// and drives, Exciting's chains and enclosures): one entry per (move, removed set), in the
/// order of their values, pushed to `list`.
pub(crate) fn push_effects<B: Bits>(mut moves: Vec<(Move, B)>, list: &mut MoveList<B>) {
    moves.sort_unstable_by_key(|&(m, r)| (m.raw(), r));
    moves.dedup();
    for (mv, removed) in moves {
        list.push(mv, removed);
    }
}
