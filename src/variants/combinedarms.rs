//! Combined Arms Brigade Chess (rules/combinedarms.md): the orthodox set and start position, but
//! each piece is a military arm that moves and kills in its own way. The kinds keep their orthodox
//! letters and carry no leaps or slides here: `rules/combined_arms.rs` generates their moves and
//! decides every attack.

use super::orthodox::{kind, orthodox_spec};
use super::{Barred, FamilySpec, InsufficientRule, Role, Variant};
use crate::board::Bits;

pub fn build<B: Bits>(name: &'static str) -> Variant<B> {
    let mut spec = orthodox_spec(name);
    // King, aviation, heavy artillery, light artillery, armor, infantry (the rules find each by
    // its letter). Values in centipawns (middlegame, endgame).
    // Measured so far: material-odds self-play (16 games per pairing and side, 1 s + 0.01 s,
    // each pairing played with either side short, which cancels White's large edge) orders them
    // aviation >> armor + heavy artillery (White's score short of the queen 0.28, short of R+N
    // 0.94), armor > light artillery (0.31 / 0.91), heavy artillery ~ armor (0.53 / 0.63),
    // armor >> two infantry (0.00 / 0.81). Scaled up to match those gaps (Q 1600, R 650, N 620,
    // B 420) the values lost head-to-head to these (25-47-8 over 80 games at 2 s + 0.02 s), and a
    // middle set (Q 1250, R 560, N 560, B 380) went 16-22-2, so these stay until more games say
    // otherwise.
    let arm = |name, letter, value| {
        let mut k = kind(name, letter, Role::Piece, &[], false, false);
        k.value = Some(value);
        k
    };
    spec.kinds = vec![
        kind("Headquarters", 'K', Role::King, &[], false, false),
        arm("Aviation", 'Q', (1100, 1100)),
        arm("Heavy artillery", 'R', (520, 560)),
        arm("Light artillery", 'B', (400, 400)),
        arm("Armor", 'N', (450, 420)),
        arm("Infantry", 'P', (120, 150)),
    ];
    spec.family = FamilySpec::CombinedArms;
    // 3.4.1: infantry arriving on its last rank must promote; on its own first rank it may stand.
    spec.barred = vec![('P', Barred::PromotionZone)];
    // 3.4.1: infantry has its own double step; there is no e.p. (rules/combined_arms.rs).
    spec.double_step_rank = None;
    spec.insufficient = InsufficientRule::NoCheckers;
    // A node costs about fifty chess nodes (aviation alone has thousands of routes).
    spec.bench_depth_cut = 5;
    spec.bench_fens = vec![
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "2b1k3/3p4/8/8/3N4/8/3P4/R3K2R w KQ - 0 1",
    ];
    Variant::build(spec)
}
