//! The engine against the independent Combined Arms generator of `tests/reference_ca/`: random
//! playouts from the start and from oracle positions of rules/combinedarms.md §3.9, comparing at
//! every position the sorted move set, the FEN and whether the side to move is in check; then
//! perft(2) on positions sampled from those games (`tests/support/playout.rs`).
//!
//! Run with `cargo test --release --test cross_reference_ca`.

#[path = "support/playout.rs"]
mod playout;
mod reference_ca;
#[path = "support/rng.rs"]
mod rng;

use menagerie::variants::{AnyVariant, lookup};
use playout::{Plan, Reference, playouts};
use reference_ca::CaPos;

impl Reference for CaPos {
    fn read(fen: &str) -> Result<Self, String> {
        CaPos::from_fen(fen)
    }
    fn legal_moves(&self) -> Vec<String> {
        CaPos::legal_moves(self)
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        CaPos::play(self, mv)
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn in_check(&self) -> bool {
        CaPos::in_check(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        CaPos::perft(self, depth)
    }
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1",
    "7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1",
    "2b1k3/8/8/4N3/8/8/7r/K7 b - - 0 1",
    "r3k2r/ppp2ppp/2nb1n2/3qp3/3PP3/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/5p2/1p6/R3K2R w - - 0 1",
];

#[test]
fn combinedarms_playouts_and_perft() {
    let Some(AnyVariant::Narrow(v)) = lookup("combinedarms") else {
        panic!("combinedarms is an 8x8 variant");
    };
    let plan = Plan {
        starts: STARTS,
        games: 60,
        max_plies: 120,
        seed: 0x2f6b_3c1d_9a47_e805,
        samples: 12,
        perft_depth: 2,
    };
    let seen = playouts::<u64, CaPos>(v, &plan);
    eprintln!("combinedarms: {seen:?}");
    assert!(seen.positions > plan.games * 10, "{seen:?}");
    assert!(
        seen.promotions > 0 && seen.checks > 0 && seen.mates > 0 && seen.multi_kills > 0,
        "{seen:?}"
    );
    assert!(seen.samples >= 8, "{seen:?}");
}
