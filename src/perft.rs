//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth. Counts at the last
//! ply are the length of the generated list (no make-move at the leaves). The root can be split
//! over rayon's thread pool, and a cached perft shares the counts of transposed subtrees between
//! those threads in a concurrent map.

use dashmap::DashMap;
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

/// Subtree counts shared by the threads of a cached perft: (position key, depth) -> nodes. A
/// hit trusts the 64-bit key (placement, hands, side, rights, variant state), so two positions
/// with one key would share a count: with n entries the chance is about n^2 / 2^65. The perft
/// suites never use it; it is a speed option of the `perft` command.
pub struct PerftCache {
    counts: DashMap<(u64, u32), u64>,
    /// Entries kept at most; beyond it counts are computed but no longer stored.
    capacity: usize,
}

impl PerftCache {
    /// A cache of about `megabytes` MB.
    pub fn new(megabytes: usize) -> PerftCache {
        // A map entry (key, depth, count) with its share of the table: about 40 bytes.
        PerftCache {
            counts: DashMap::new(),
            capacity: megabytes * 1_000_000 / 40,
        }
    }

    pub fn len(&self) -> usize {
        self.counts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

/// Perft with transposed subtrees counted once (subtrees of depth 2 and more), the root moves
/// shared out over rayon's pool.
pub fn perft_cached<B: Bits>(pos: &Position<B>, depth: u32, cache: &PerftCache) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let mut root = MoveList::new();
    generate_legal(pos, &mut root);
    root.as_slice()
        .par_iter()
        .map(|e| {
            let mut lists: Vec<MoveList<B>> = (0..depth).map(|_| MoveList::new()).collect();
            count_cached(&pos.make_move(e), depth - 1, &mut lists, cache)
        })
        .sum()
}

fn count_cached<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    lists: &mut [MoveList<B>],
    cache: &PerftCache,
) -> u64 {
    if depth == 1 {
        return count(pos, 1, lists);
    }
    let key = (pos.key(), depth);
    if let Some(n) = cache.counts.get(&key) {
        return *n;
    }
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    generate_legal(pos, list);
    let mut nodes = 0;
    for e in list.iter() {
        nodes += count_cached(&pos.make_move(e), depth - 1, deeper, cache);
    }
    if cache.counts.len() < cache.capacity {
        cache.counts.insert(key, nodes);
    }
    nodes
}
