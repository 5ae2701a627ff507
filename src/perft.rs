//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth. Counts at the last
//! ply are the length of the generated list (no make-move at the leaves). The root can be split
//! over rayon's thread pool.

use rayon::prelude::*;

use crate::board::{Bits, MoveEntry, MoveList};
use crate::movegen::generate_legal;
use crate::position::Position;

/// Perft of `pos` to `depth` on the calling thread.
pub fn perft<B: Bits>(pos: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList<B>> = (0..depth).map(|_| MoveList::new()).collect();
    count(pos, depth, &mut lists)
}

fn count<B: Bits>(pos: &Position<B>, depth: u32, lists: &mut [MoveList<B>]) -> u64 {
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    generate_legal(pos, list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for e in list.iter() {
        nodes += count(&pos.make_move(e), depth - 1, deeper);
    }
    nodes
}

/// The count below each root move, in generation order. With `parallel`, the root moves are
/// shared out over rayon's pool (its size is set by the caller).
pub fn divide<B: Bits>(pos: &Position<B>, depth: u32, parallel: bool) -> Vec<(MoveEntry<B>, u64)> {
    let mut root = MoveList::new();
    generate_legal(pos, &mut root);
    let below = |e: &MoveEntry<B>| (*e, perft(&pos.make_move(e), depth.saturating_sub(1)));
    if parallel {
        root.as_slice().par_iter().map(below).collect()
    } else {
        root.iter().map(below).collect()
    }
}

/// Perft with the root split over rayon's pool.
pub fn perft_parallel<B: Bits>(pos: &Position<B>, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, true).iter().map(|d| d.1).sum()
}
