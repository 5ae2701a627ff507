//! The transposition table: a fixed array of 64-byte clusters of four entries, shared by every
//! search thread without locks.
//!
//! Each entry is two atomic words: `check = key ^ data` and `data`. A reader accepts an entry only
//! when `check ^ data` equals its key, so a torn write (one word from one thread, the other from
//! another) fails verification and reads as a miss instead of as garbage. Relaxed ordering is
//! enough for that: the table is a cache whose every hit is re-validated, and a move from it is
//! looked up in the legal-move list before it is played (DESIGN.md §5).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::Move;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    /// The true score is at least this (fail-high).
    Lower = 2,
    /// The true score is at most this (fail-low).
    Upper = 3,
}

/// A verified hit.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub mv: Option<Move>,
    /// Score as stored (mate scores relative to the stored node: adjust with `score_from_tt`).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

const ENTRIES_PER_CLUSTER: usize = 4;
/// Words of a cluster: a check word and a data word per entry, 64 bytes, one cache line.
const CLUSTER_WORDS: usize = 2 * ENTRIES_PER_CLUSTER;
const CLUSTER_BYTES: usize = CLUSTER_WORDS * 8;

pub struct TranspositionTable {
    /// The clusters, one after another from word `first` on (where a cache line begins), and
    /// a few spare words before that.
    words: Box<[AtomicU64]>,
    first: usize,
    clusters: usize,
    /// Search generation (6 bits), so that entries of old searches are replaced first.
    age: AtomicU64,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} clusters)", self.clusters)
    }
}

/// `n` atomic words, all zero, from zeroed memory: the system maps such memory on first use, so
/// a table of gigabytes is had at once instead of after seconds of writing zeros, and only the
/// parts a search reaches ever become resident.
#[allow(unsafe_code)]
fn zeroed_words(n: usize) -> Box<[AtomicU64]> {
    let zeroed: Box<[std::mem::MaybeUninit<AtomicU64>]> = Box::new_zeroed_slice(n);
    // SAFETY: `new_zeroed_slice` gives `n` elements whose bytes are all zero, and all-zero bytes
    // are a valid `AtomicU64` (the value 0), so every element is initialised.
    unsafe { zeroed.assume_init() }
}

// data layout: move 32 | score 16 | depth 8 | bound 2 | age 6
fn pack(mv: Option<Move>, score: i32, depth: i32, bound: Bound, age: u64) -> u64 {
    let m = mv.map_or(0, |m| m.raw()) as u64;
    let s = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let d = depth.clamp(-1, 254) as i16 as u8 as u64;
    m | (s << 32) | (d << 48) | ((bound as u64) << 56) | ((age & 63) << 58)
}

/// The depth field of a packed entry.
fn depth_of(data: u64) -> i32 {
    ((data >> 48) as u8 as i8) as i32
}

/// The age (search generation) field of a packed entry.
fn age_of(data: u64) -> u64 {
    (data >> 58) & 63
}

impl TranspositionTable {
    /// A table of at most `mb` mebibytes of clusters (at least one cluster). Allocating it
    /// takes no time whatever its size (see [`zeroed_words`]).
    pub fn new(mb: usize) -> TranspositionTable {
        let clusters = ((mb.max(1) << 20) / CLUSTER_BYTES).max(1);
        // Seven words more, so that the first cluster can start on a cache line.
        let words = zeroed_words(clusters * CLUSTER_WORDS + CLUSTER_WORDS - 1);
        let misalignment = words.as_ptr() as usize % CLUSTER_BYTES;
        let first = (CLUSTER_BYTES - misalignment) % CLUSTER_BYTES / 8;
        TranspositionTable {
            words,
            first,
            clusters,
            age: AtomicU64::new(0),
        }
    }

    /// Bytes the table's clusters occupy.
    pub fn size_bytes(&self) -> usize {
        self.clusters * CLUSTER_BYTES
    }

    /// Starts a new search generation.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> &[AtomicU64] {
        let i = ((key as u128 * self.clusters as u128) >> 64) as usize;
        let start = self.first + i * CLUSTER_WORDS;
        &self.words[start..start + CLUSTER_WORDS]
    }

    pub fn probe(&self, key: u64) -> Option<TtHit> {
        let c = self.cluster(key);
        for i in 0..ENTRIES_PER_CLUSTER {
            let check = c[2 * i].load(Ordering::Relaxed);
            let data = c[2 * i + 1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    3 => Bound::Upper,
                    _ => continue,
                };
                return Some(TtHit {
                    mv: Move::from_raw(data as u32),
                    score: ((data >> 32) as u16 as i16) as i32,
                    depth: depth_of(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. The slot is the entry with the same key, else the one that is least
    /// valuable: oldest generation first, then shallowest. A store without a move keeps the move
    /// already stored for the same position; an inexact store much shallower than the entry of
    /// this search for the same position is dropped.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let c = self.cluster(key);
        let mut slot = 0;
        let mut worst = i32::MAX;
        for i in 0..ENTRIES_PER_CLUSTER {
            let check = c[2 * i].load(Ordering::Relaxed);
            let data = c[2 * i + 1].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                slot = i;
                // A much shallower result of this search (a quiescence one) does not replace a
                // deep one, unless it is exact.
                if data != 0
                    && age_of(data) == age
                    && depth + 4 <= depth_of(data)
                    && bound != Bound::Exact
                {
                    return;
                }
                if data != 0 && mv.is_none() {
                    let old = pack(Move::from_raw(data as u32), score, depth, bound, age);
                    c[2 * i].store(key ^ old, Ordering::Relaxed);
                    c[2 * i + 1].store(old, Ordering::Relaxed);
                    return;
                }
                break;
            }
            let stale = ((age + 64 - age_of(data)) & 63) as i32;
            let value = depth_of(data) - 8 * stale;
            if value < worst {
                worst = value;
                slot = i;
            }
        }
        let data = pack(mv, score, depth, bound, age);
        c[2 * slot].store(key ^ data, Ordering::Relaxed);
        c[2 * slot + 1].store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries that belong to the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let sample = self.clusters.min(250);
        let mut used = 0;
        for k in 0..sample {
            let c = &self.words[self.first + k * CLUSTER_WORDS..][..CLUSTER_WORDS];
            for i in 0..ENTRIES_PER_CLUSTER {
                let data = c[2 * i + 1].load(Ordering::Relaxed);
                if data != 0 && age_of(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_CLUSTER).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};

    #[test]
    fn size_never_exceeds_the_limit() {
        for mb in [1, 2, 3, 16, 100] {
            let tt = TranspositionTable::new(mb);
            assert!(tt.size_bytes() <= mb << 20, "{mb} MB");
            assert!(tt.size_bytes() > (mb << 20) - CLUSTER_BYTES);
            let line = tt.words[tt.first..].as_ptr() as usize;
            assert_eq!(line % CLUSTER_BYTES, 0, "clusters start on a cache line");
        }
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::new(12), Square::new(28), MoveKind::Normal, 0, 0);
        tt.store(0xdead_beef_1234_5678, Some(mv), -31_990, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef_1234_5678).expect("hit");
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (Some(mv), -31_990, 7, Bound::Lower)
        );
        assert!(tt.probe(0xdead_beef_1234_5679).is_none());
        // A store without a move keeps the old move.
        tt.store(0xdead_beef_1234_5678, None, 5, 9, Bound::Exact);
        let hit = tt.probe(0xdead_beef_1234_5678).expect("hit");
        assert_eq!((hit.mv, hit.score, hit.depth), (Some(mv), 5, 9));
    }
}
