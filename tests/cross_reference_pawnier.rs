//! The engine against the independent Pawnier generator of `tests/reference_pawnier/`: random
//! playouts from the start and from the oracle positions of rules/pawnier.md §I.5, comparing at
//! every position the sorted move set, the FEN and whether the side to move is in check; then
//! perft(3) on positions sampled from those games (`tests/support/playout.rs`).
//!
//! Run with `cargo test --release --test cross_reference_pawnier`.

#[path = "support/playout.rs"]
mod playout;
mod reference_pawnier;
#[path = "support/rng.rs"]
mod rng;

use menagerie::variants::{AnyVariant, lookup};
use playout::{Plan, Reference, playouts};
use reference_pawnier::PawnierPos;

impl Reference for PawnierPos {
    fn read(fen: &str) -> Result<Self, String> {
        PawnierPos::from_fen(fen)
    }
    fn legal_moves(&self) -> Vec<String> {
        PawnierPos::legal_moves(self)
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        PawnierPos::play(self, mv)
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn in_check(&self) -> bool {
        PawnierPos::in_check(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        PawnierPos::perft(self, depth)
    }
}

const STARTS: &[&str] = &[
    "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1",
    "8k/9/9/9/2s3*2/4*4/2*1P4/3P5/9/9/K8[Pp] w - - 0 1",
    "9/9/1P2k4/1P7/6*2/n3*4/2*6/9/9/9/K8[PPpp] b - - 0 1",
    "k8/9/9/9/6*2/4*4/2*P5/9/4N4/9/8K[PPp] w - - 0 1",
    "7k1/9/9/9/6*Ps/4*4/2*4P1/9/9/9/K8[Pppp] w - - 0 1",
    "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[PPpp] w - - 0 1",
];

#[test]
fn pawnier_playouts_and_perft() {
    let Some(AnyVariant::Wide(v)) = lookup("pawnier") else {
        panic!("pawnier is a wide-board variant");
    };
    let plan = Plan {
        starts: STARTS,
        games: 120,
        max_plies: 160,
        seed: 0x2f6b_3c1d_9a47_e805,
        samples: 12,
        perft_depth: 3,
    };
    let seen = playouts::<u128, PawnierPos>(v, &plan);
    eprintln!("pawnier: {seen:?}");
    assert!(seen.positions > plan.games * 30, "{seen:?}");
    assert!(
        seen.drops > 0 && seen.promotions > 0 && seen.checks > 0 && seen.mates > 0,
        "{seen:?}"
    );
    assert!(seen.samples >= 8, "{seen:?}");
}
