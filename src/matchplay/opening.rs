//! Random openings: K random legal plies from the start position, chosen by a seeded generator,
//! so that a match can be replayed exactly and both games of a pair start alike.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::rules::Referee;

/// How many times an opening is redrawn when the random moves end the game early.
const ATTEMPTS: usize = 64;

/// The opening of pair `pair`: `plies` random legal moves (canonical strings) from the position of
/// `fresh()`, depending only on `seed` and `pair`. A line that ends the game before the last ply
/// is redrawn; after [`ATTEMPTS`] failures the longest line that leaves the game open is used.
pub fn random_opening(
    fresh: &dyn Fn() -> Box<dyn Referee>,
    seed: u64,
    pair: u64,
    plies: u32,
) -> Vec<String> {
    // Mix the pair number into the seed so that pairs are independent of the order games run in.
    // `StdRng` is deterministic for one `rand` release, which Cargo.lock pins: the same seed gives
    // the same openings from the same build.
    let mut rng = StdRng::seed_from_u64(seed ^ pair.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut best: Vec<String> = Vec::new();
    for _ in 0..ATTEMPTS {
        let mut game = fresh();
        let mut line = Vec::new();
        while line.len() < plies as usize && game.outcome().is_none() {
            let legal = game.legal_moves();
            let Some(choice) = legal.choose(&mut rng).cloned() else {
                break; // no legal move: the game is over, which the outcome says
            };
            game.apply(&choice).expect("a generated move is legal");
            line.push(choice);
        }
        if game.outcome().is_none() {
            return line; // the loop only stops early when a move ends the game
        }
        line.pop(); // keep the line without its game-ending move as a fallback
        if line.len() > best.len() {
            best = line;
        }
    }
    best
}
