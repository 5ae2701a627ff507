//! The engine against the independent Pawnier generator of `tests/reference_pawnier/`: random
//! playouts from the start and from the oracle positions of rules/pawnier.md §I.5, comparing at
//! every position the sorted move set, the FEN and whether the side to move is in check; then
//! perft(3) on positions sampled from those games. The PRNG is a fixed xorshift, so every run
//! plays the same games; a failure prints the start and the moves that lead to the position.
//!
//! Run with `cargo test --release --test cross_reference_pawnier`.

mod reference_pawnier;

use menagerie::board::{MoveKind, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};
use reference_pawnier::PawnierPos;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const GAMES: usize = 120;
const MAX_PLIES: usize = 160;
const PERFT_SAMPLES: usize = 12;

const STARTS: &[&str] = &[
    "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1",
    "8k/9/9/9/2s3*2/4*4/2*1P4/3P5/9/9/K8[Pp] w - - 0 1",
    "9/9/1P2k4/1P7/6*2/n3*4/2*6/9/9/9/K8[PPpp] b - - 0 1",
    "k8/9/9/9/6*2/4*4/2*P5/9/4N4/9/8K[PPp] w - - 0 1",
    "7k1/9/9/9/6*Ps/4*4/2*4P1/9/9/9/K8[Pppp] w - - 0 1",
    "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[PPpp] w - - 0 1",
];

fn pawnier() -> &'static Variant<u128> {
    match lookup("pawnier") {
        Some(AnyVariant::Wide(v)) => v,
        _ => panic!("pawnier is a wide-board variant"),
    }
}

fn engine_moves(p: &Position<u128>) -> (MoveList<u128>, Vec<String>) {
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
    drops: usize,
    promotions: usize,
    captures: usize,
}

#[test]
fn pawnier_playouts_and_perft() {
    let v = pawnier();
    let mut rng = Rng(0x2f6b_3c1d_9a47_e805);
    let mut seen = Seen::default();
    let mut samples = Vec::new();
    for game in 0..GAMES {
        let start = STARTS[game % STARTS.len()];
        let mut engine = Position::from_fen(v, start).expect("start FEN");
        let mut reference = PawnierPos::from_fen(start).expect("start FEN");
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
            match entry.mv.kind() {
                MoveKind::Drop => seen.drops += 1,
                MoveKind::Promotion => seen.promotions += 1,
                _ => {}
            }
            seen.captures += entry.is_capture() as usize;
            let text = render(&engine, &entry);
            reference = reference
                .play(&text)
                .unwrap_or_else(|e| panic!("{e}\n{}", path()));
            engine = engine.make_move(&entry);
            history.push(text);
        }
    }
    eprintln!("pawnier: {seen:?}, {} perft samples", samples.len());
    assert!(seen.positions > GAMES * 30, "{seen:?}");
    assert!(
        seen.drops > 0 && seen.promotions > 0 && seen.checks > 0 && seen.mates > 0,
        "{seen:?}"
    );
    assert!(samples.len() >= 8, "only {} perft samples", samples.len());
    for (engine, reference, path) in &samples {
        assert_eq!(
            perft(engine, 3),
            reference.perft(3),
            "perft(3) of '{}' (left engine, right reference)\n{path}",
            engine.to_fen()
        );
    }
}
