//! The perft suites of `tests/perft/*.perft` (and `../shared/anchors/*.perft`) against the move
//! generator. Counts up to `QUICK_LIMIT` nodes run in every `cargo test`; the deep ones run with
//! `cargo test --release --test perft_suites -- --ignored` (the README's test script does both).
//! Variants this build does not play yet are skipped and named.

#[path = "perft/common.rs"]
mod common;

use menagerie::board::{Bits, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::{parse_move_in, render};
use menagerie::perft::{perft, perft_parallel};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

const QUICK_LIMIT: u64 = 3_000_000;

fn run(range: impl Fn(u64) -> bool) {
    let mut failures = Vec::new();
    let mut skipped = std::collections::BTreeSet::new();
    let mut ran = 0;
    for case in common::all_cases() {
        let Some(v) = lookup(&case.variant) else {
            skipped.insert(case.variant.clone());
            continue;
        };
        for &(depth, expected) in case.counts.iter().filter(|c| range(c.1)) {
            let got = match v {
                AnyVariant::Narrow(v) => count(v, &case.fen, depth),
                AnyVariant::Wide(v) => count(v, &case.fen, depth),
            };
            ran += 1;
            if got != expected {
                failures.push(format!(
                    "{} {} '{}' depth {depth}: expected {expected}, got {got}",
                    case.file, case.variant, case.fen
                ));
            }
        }
    }
    if !skipped.is_empty() {
        eprintln!("skipped (variant not built yet): {skipped:?}");
    }
    assert!(ran > 0, "no perft count was run");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

fn count<B: Bits>(v: &'static Variant<B>, fen: &str, depth: u32) -> u64 {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    if depth >= 5 {
        perft_parallel(&pos, depth)
    } else {
        perft(&pos, depth)
    }
}

#[test]
fn perft_quick() {
    run(|n| n <= QUICK_LIMIT);
}

#[test]
#[ignore = "deep counts: run in release mode (scripts/test.sh does)"]
fn perft_deep() {
    run(|n| n > QUICK_LIMIT);
}

/// rules/README.md §4: for every legal move m of every suite position and of every position one
/// ply from it, parse(render(m)) == m.
#[test]
fn notation_round_trip_on_suite_positions() {
    let mut checked = 0;
    for case in common::all_cases() {
        match lookup(&case.variant) {
            Some(AnyVariant::Narrow(v)) => checked += round_trip(v, &case.fen),
            Some(AnyVariant::Wide(v)) => checked += round_trip(v, &case.fen),
            None => {}
        }
    }
    assert!(checked > 1000, "only {checked} moves checked");
}

fn round_trip<B: Bits>(v: &'static Variant<B>, fen: &str) -> usize {
    let root = Position::from_fen(v, fen).expect("suite FEN");
    let mut list = MoveList::new();
    generate_legal(&root, &mut list);
    let mut positions = vec![root];
    positions.extend(list.iter().map(|e| root.make_move(e)));
    let mut checked = 0;
    for pos in &positions {
        let mut legal = MoveList::new();
        generate_legal(pos, &mut legal);
        for e in legal.iter() {
            let s = render(pos, e);
            let back = parse_move_in(pos, &legal, &s)
                .unwrap_or_else(|err| panic!("{}: {s}: {err}", pos.to_fen()));
            assert_eq!(back, *e, "{}: {s}", pos.to_fen());
            checked += 1;
        }
    }
    checked
}
