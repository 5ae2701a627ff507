//! Random playouts of the engine beside an independent reference generator (`tests/reference_*`):
//! at every position the sorted move sets, the FENs and the check states must agree; positions
//! sampled from the games then get a perft comparison. The games follow a fixed xorshift, so a
//! failure repeats; it prints the start and the moves that lead to the position.

use menagerie::board::{Bits, MoveKind, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::Variant;

use super::rng::Rng;

/// What a reference generator offers (each implements it in its test file).
pub trait Reference: Clone + Sized {
    fn read(fen: &str) -> Result<Self, String>;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&self, mv: &str) -> Result<Self, String>;
    fn fen(&self) -> String;
    fn in_check(&self) -> bool;
    fn perft(&self, depth: u32) -> u64;
}

/// What the playouts met, so that a test can insist the interesting cases happened.
#[derive(Default, Debug)]
pub struct Seen {
    pub positions: usize,
    pub checks: usize,
    pub mates: usize,
    pub drops: usize,
    pub promotions: usize,
    pub captures: usize,
    pub multi_kills: usize,
    pub samples: usize,
}

pub struct Plan<'a> {
    pub starts: &'a [&'a str],
    pub games: usize,
    pub max_plies: usize,
    pub seed: u64,
    /// Positions to compare by perft, and the depth.
    pub samples: usize,
    pub perft_depth: u32,
}

/// Plays the games of `plan` in `v`, comparing engine and reference everywhere.
pub fn playouts<B: Bits, R: Reference>(v: &'static Variant<B>, plan: &Plan) -> Seen {
    let mut rng = Rng(plan.seed);
    let mut seen = Seen::default();
    let mut samples = Vec::new();
    for game in 0..plan.games {
        let start = plan.starts[game % plan.starts.len()];
        let mut engine = Position::from_fen(v, start).expect("start FEN");
        let mut reference = R::read(start).expect("start FEN");
        let mut history: Vec<String> = Vec::new();
        let sample_ply = rng.below(plan.max_plies / 2);
        for ply in 0..plan.max_plies {
            let path = || format!("start '{start}' moves [{}]", history.join(" "));
            let mut list = MoveList::new();
            generate_legal(&engine, &mut list);
            let mut strings: Vec<String> = list.iter().map(|e| render(&engine, e)).collect();
            strings.sort();
            assert_eq!(
                strings,
                reference.legal_moves(),
                "move sets differ (left engine, right reference) in '{}'\n{}",
                engine.to_fen(),
                path()
            );
            assert_eq!(engine.to_fen(), reference.fen(), "FENs differ\n{}", path());
            assert_eq!(engine.in_check(), reference.in_check(), "{}", path());
            seen.positions += 1;
            seen.checks += engine.in_check() as usize;
            if list.is_empty() {
                seen.mates += engine.in_check() as usize;
                break;
            }
            if ply == sample_ply && samples.len() < plan.samples && game % 2 == 0 {
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
            seen.multi_kills += entry.removed.several() as usize;
            let text = render(&engine, &entry);
            reference = reference
                .play(&text)
                .unwrap_or_else(|e| panic!("{e}\n{}", path()));
            engine = engine.make_move(&entry);
            history.push(text);
        }
    }
    seen.samples = samples.len();
    for (engine, reference, path) in &samples {
        let depth = plan.perft_depth;
        assert_eq!(
            perft(engine, depth),
            reference.perft(depth),
            "perft({depth}) of '{}' (left engine, right reference)\n{path}",
            engine.to_fen()
        );
    }
    seen
}
