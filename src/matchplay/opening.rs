//! Random openings: K random legal plies from the start position, chosen by a seeded generator,
//! so that a match can be replayed exactly and both games of a pair start alike.

use super::rules::Referee;

/// A small deterministic generator (SplitMix64). Openings need reproducibility, not
/// cryptographic quality, so the project carries no dependency for this.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0). The modulo bias is below 2^-50 for the list sizes used here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

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
    let mut rng = SplitMix64::new(seed ^ pair.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut best: Vec<String> = Vec::new();
    for _ in 0..ATTEMPTS {
        let mut game = fresh();
        let mut line = Vec::new();
        while line.len() < plies as usize && game.outcome().is_none() {
            let legal = game.legal_moves();
            let choice = legal[rng.below(legal.len())].clone();
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
