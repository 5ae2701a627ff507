//! The cached perft (`perft --cache-mb`) counts what the plain one counts: the chess start
//! position against its published depth-5 count, and every variant's start position against the
//! uncached count, with a cache large enough to hit and with one too small to store anything.

use menagerie::board::Bits;
use menagerie::perft::{PerftCache, perft, perft_cached};
use menagerie::position::Position;
use menagerie::variants::{self, AnyVariant, Variant};

fn agree<B: Bits>(v: &'static Variant<B>, depth: u32) {
    let pos = Position::start(v);
    let plain = perft(&pos, depth);
    let cache = PerftCache::new(64);
    assert_eq!(perft_cached(&pos, depth, &cache), plain, "{}", v.name);
    assert!(!cache.is_empty(), "{}: nothing cached", v.name);
    // A second run answers from the cache.
    assert_eq!(perft_cached(&pos, depth, &cache), plain, "{}", v.name);
    assert_eq!(
        perft_cached(&pos, depth, &PerftCache::new(0)),
        plain,
        "{}",
        v.name
    );
}

#[test]
fn chess_published_count() {
    let Some(AnyVariant::Narrow(v)) = variants::lookup("chess") else {
        panic!("chess");
    };
    // Chess Programming Wiki, perft results of the start position.
    assert_eq!(
        perft_cached(&Position::start(v), 5, &PerftCache::new(64)),
        4_865_609
    );
}

#[test]
fn every_variant_agrees_with_the_plain_count() {
    for name in variants::playable() {
        match variants::lookup(name) {
            Some(AnyVariant::Narrow(v)) => agree(v, 3),
            Some(AnyVariant::Wide(v)) => agree(v, 3),
            None => unreachable!(),
        }
    }
}
