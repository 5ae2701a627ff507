//! The engine against the independent Exciting Chess generator of `tests/reference_exciting/`:
//! the II.5 test positions and every start position as exact move sets, perft of the starts, and
//! random playouts of each game comparing move sets, FENs and check states at every ply, with
//! perft samples (`tests/support/playout.rs`). The games are not yet offered by the protocols
//! (`variants::lookup_any`).
//!
//! Run with `cargo test --release --test cross_reference_exciting`.

#[path = "support/playout.rs"]
mod playout;
mod reference_exciting;
#[path = "support/rng.rs"]
mod rng;

use menagerie::board::MoveList;
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup_any};
use playout::{Plan, Reference, playouts};
use reference_exciting::ExcitingPos;

const NAMES: [&str; 5] = [
    "exciting",
    "excitingnotigers",
    "excitingnoreentry",
    "excitingcannon",
    "exciting9",
];

/// The reference position of game `V` of `NAMES`.
#[derive(Clone)]
struct Ex<const V: usize>(ExcitingPos);

impl<const V: usize> Reference for Ex<V> {
    fn read(fen: &str) -> Result<Self, String> {
        ExcitingPos::from_fen(NAMES[V], fen).map(Ex)
    }
    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves()
    }
    fn play(&self, mv: &str) -> Result<Self, String> {
        self.0.play(mv).map(Ex)
    }
    fn fen(&self) -> String {
        self.0.to_fen()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn perft(&self, depth: u32) -> u64 {
        self.0.perft(depth)
    }
}

fn variant(name: &str) -> &'static Variant<u128> {
    match lookup_any(name) {
        Some(AnyVariant::Wide(v)) => v,
        _ => panic!("{name} is a wide-board variant"),
    }
}

fn moves(p: &Position<u128>) -> Vec<String> {
    let mut list = MoveList::new();
    generate_legal(p, &mut list);
    let mut v: Vec<String> = list.iter().map(|e| render(p, e)).collect();
    v.sort();
    v
}

/// The test positions of rules/exciting.md II.5 (and its King-exemption example).
const ORACLES: &[&str] = &[
    "**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1",
    "**2b4**/*2P6*/11/4S6/11/10k/11/11/10K/*9*/**7** w - - 0 1",
    "**7**/*9*/11/10k/5m5/11/3m7/2M8/3m7/*6R2*/**3K3** w - - 0 1",
    "**2SkS2**/*9*/5S5/11/11/11/11/11/11/*9*/**3K3**[s] b - - 0 1",
    "**7**/*9*/11/10k/3r7/6m4/4T6/11/10K/*9*/**7** w - - 0 1",
    "**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**R2K2R** w KQ - 0 1",
    "**7**/*9*/11/10k/11/11/11/11/11/*3m5*/**3K3** w - - 0 1",
];

#[test]
fn oracles_and_starts_agree_with_the_reference() {
    for fen in ORACLES {
        let p =
            Position::from_fen(variant("exciting"), fen).unwrap_or_else(|e| panic!("'{fen}': {e}"));
        let r = ExcitingPos::from_fen("exciting", fen).expect("reference reads it");
        assert_eq!(moves(&p), r.legal_moves(), "'{fen}'");
        assert_eq!(p.in_check(), r.in_check(), "'{fen}'");
    }
    for name in NAMES {
        let v = variant(name);
        let p = Position::from_fen(v, v.start_fen).expect("start FEN");
        let r = ExcitingPos::from_fen(name, v.start_fen).expect("reference start");
        assert_eq!(p.to_fen(), r.to_fen(), "{name}");
        for depth in 1..=3 {
            assert_eq!(perft(&p, depth), r.perft(depth), "{name} perft({depth})");
        }
    }
}

fn run<const V: usize>(seed: u64) {
    let v = variant(NAMES[V]);
    let starts: Vec<&str> = if V == 0 {
        let mut s = vec![v.start_fen];
        s.extend(ORACLES);
        s
    } else {
        vec![v.start_fen]
    };
    let plan = Plan {
        starts: &starts,
        games: 24,
        max_plies: 120,
        seed,
        samples: 6,
        perft_depth: 2,
    };
    let seen = playouts::<u128, Ex<V>>(v, &plan);
    eprintln!("{}: {seen:?}", NAMES[V]);
    assert!(seen.positions > plan.games * 20, "{seen:?}");
    assert!(seen.samples >= 4, "{seen:?}");
}

#[test]
fn playouts_exciting() {
    run::<0>(0x51ed_270b_27f4_03a1);
}

#[test]
fn playouts_excitingnotigers() {
    run::<1>(0x1d8e_4e27_c47d_124f);
}

#[test]
fn playouts_excitingnoreentry() {
    run::<2>(0x9e37_79b9_7f4a_7c15);
}

#[test]
fn playouts_excitingcannon() {
    run::<3>(0x2545_f491_4f6c_dd1d);
}

#[test]
fn playouts_exciting9() {
    run::<4>(0x853c_49e6_748f_ea9b);
}
