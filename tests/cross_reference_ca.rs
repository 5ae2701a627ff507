//! The engine against the independent Combined Arms generator of `tests/reference_ca/`: random
//! playouts from the start and from oracle positions of rules/combinedarms.md §3.9, comparing at
//! every position the sorted move set, the FEN and whether the side to move is in check; then
//! perft(2) on positions sampled from those games. The PRNG is a fixed xorshift, so every run
//! plays the same games; a failure prints the start and the moves that lead to the position.
//!
//! Run with `cargo test --release --test cross_reference_ca`.

mod reference_ca;

use menagerie::board::{Bits, MoveKind, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};
use reference_ca::CaPos;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const GAMES: usize = 60;
const MAX_PLIES: usize = 120;
const PERFT_SAMPLES: usize = 12;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1",
    "7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1",
    "2b1k3/8/8/4N3/8/8/7r/K7 b - - 0 1",
    "r3k2r/ppp2ppp/2nb1n2/3qp3/3PP3/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/5p2/1p6/R3K2R w - - 0 1",
];

fn arms() -> &'static Variant<u64> {
    match lookup("combinedarms") {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("combinedarms is an 8x8 variant"),
    }
}

fn engine_moves(p: &Position<u64>) -> (MoveList<u64>, Vec<String>) {
    let mut list = MoveList::new();
    generate_legal(p, &mut list);
    let mut strings: Vec<String> = list.iter().map(|e| render(p, e)).collect();
    strings.sort();
    (list, strings)
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    mates: usize,
    multi_kills: usize,
    promotions: usize,
    captures: usize,
}

#[test]
fn combinedarms_playouts_and_perft() {
    let v = arms();
    let mut rng = Rng(0x2f6b_3c1d_9a47_e805);
    let mut seen = Seen::default();
    let mut samples = Vec::new();
    for game in 0..GAMES {
        let start = STARTS[game % STARTS.len()];
        let mut engine = Position::from_fen(v, start).expect("start FEN");
        let mut reference = CaPos::from_fen(start).expect("start FEN");
        let mut history: Vec<String> = Vec::new();
        let sample_ply = rng.below(MAX_PLIES / 2);
        for ply in 0..MAX_PLIES {
            let path = || format!("start '{start}' moves [{}]", history.join(" "));
            let (list, strings) = engine_moves(&engine);
            assert_eq!(
                strings,
                reference.legal_moves(),
                "move sets differ (left engine, right reference) in '{}'\n{}",
                engine.to_fen(),
                path()
            );
            assert_eq!(
                engine.to_fen(),
                reference.to_fen(),
                "FENs differ\n{}",
                path()
            );
            assert_eq!(engine.in_check(), reference.in_check(), "{}", path());
            seen.positions += 1;
            seen.checks += engine.in_check() as usize;
            if list.is_empty() {
                seen.mates += engine.in_check() as usize;
                break;
            }
            if ply == sample_ply && samples.len() < PERFT_SAMPLES && game % 2 == 0 {
                samples.push((engine, reference.clone(), path()));
            }
            // Captures and promotions a third of the time, so that games reach endings.
            let entries = list.as_slice();
            let forcing: Vec<usize> = (0..entries.len())
                .filter(|&i| entries[i].is_capture() || entries[i].mv.kind() == MoveKind::Promotion)
                .collect();
            let i = if !forcing.is_empty() && rng.chance(3) {
                forcing[rng.below(forcing.len())]
            } else {
                rng.below(entries.len())
            };
            let entry = entries[i];
            if entry.mv.kind() == MoveKind::Promotion {
                seen.promotions += 1;
            }
            seen.captures += entry.is_capture() as usize;
            seen.multi_kills += entry.removed.several() as usize;
            let text = render(&engine, &entry);
            reference = reference
                .play(&text)
                .unwrap_or_else(|e| panic!("{e}\n{}", path()));
            engine = engine.make_move(&entry);
            history.push(text);
        }
    }
    eprintln!("combinedarms: {seen:?}, {} perft samples", samples.len());
    assert!(seen.positions > GAMES * 10, "{seen:?}");
    assert!(
        seen.promotions > 0 && seen.checks > 0 && seen.mates > 0 && seen.multi_kills > 0,
        "{seen:?}"
    );
    assert!(samples.len() >= 8, "only {} perft samples", samples.len());
    for (engine, reference, path) in &samples {
        assert_eq!(
            perft(engine, 2),
            reference.perft(2),
            "perft(2) of '{}' (left engine, right reference)\n{path}",
            engine.to_fen()
        );
    }
}
