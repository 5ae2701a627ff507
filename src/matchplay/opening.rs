//! Where the games of a match start: an opening book's entries in sequence or shuffled, each
//! played by a pair of games with colours swapped, optionally followed by K random legal plies
//! chosen by a seeded generator, so that a match can be replayed exactly and both games of a pair
//! start alike.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

use super::book::BookEntry;
use crate::game::AnyGame;
use crate::variants::AnyVariant;

/// How many times an opening is redrawn when the random moves end the game early.
const ATTEMPTS: usize = 64;

/// The opening of pair `pair`: `plies` random legal moves (canonical strings) from the position of
/// `fresh()`, depending only on `seed` and `pair`. A line that ends the game before the last ply
/// is redrawn; after [`ATTEMPTS`] failures the longest line that leaves the game open is used.
pub fn random_opening(
    fresh: &dyn Fn() -> AnyGame,
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
            let legal = game.legal_strings();
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

/// The order in which a book's openings are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OpeningOrder {
    /// Line after line from `--openings-start`, round again at the end.
    Sequential,
    /// Shuffled once by the match seed, then played in that order.
    Random,
}

/// Where each pair of games starts: a book entry (or the start position when there is no book),
/// then `random_plies` random moves, the same for both games of the pair.
#[derive(Clone, Debug)]
pub struct OpeningPlan {
    variant: AnyVariant,
    /// Never empty: without a book, one entry for the start position (or `--fen`).
    entries: Vec<BookEntry>,
    /// Indices into `entries` in playing order.
    order: Vec<usize>,
    random_plies: u32,
    seed: u64,
}

/// One pair's start: the start FEN (`None` for the variant's start position) and the moves played
/// from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairStart {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl OpeningPlan {
    /// `entries` may be empty (no book: every pair starts at `fen`, or the variant's start);
    /// `start` is the 0-based entry the sequence begins with.
    pub fn new(
        variant: AnyVariant,
        entries: Vec<BookEntry>,
        fen: Option<String>,
        order: OpeningOrder,
        start: usize,
        random_plies: u32,
        seed: u64,
    ) -> OpeningPlan {
        let entries = if entries.is_empty() {
            vec![BookEntry {
                fen,
                moves: Vec::new(),
            }]
        } else {
            entries
        };
        let n = entries.len();
        let mut indices: Vec<usize> = (0..n).collect();
        if order == OpeningOrder::Random {
            // Its own stream, so the shuffle does not depend on how the random plies are drawn.
            let mut rng = StdRng::seed_from_u64(seed ^ 0x0BE1_1A5E_5EED_0001);
            indices.shuffle(&mut rng);
        }
        indices.rotate_left(start % n);
        OpeningPlan {
            variant,
            entries,
            order: indices,
            random_plies,
            seed,
        }
    }

    /// How many different openings the plan holds (1 without a book).
    pub fn openings(&self) -> usize {
        self.entries.len()
    }

    /// The start of pair `pair` (games 2·pair and 2·pair + 1).
    pub fn pair(&self, pair: u64) -> PairStart {
        let entry = &self.entries[self.order[(pair % self.order.len() as u64) as usize]];
        let fen = entry.fen.clone();
        let fresh = || -> AnyGame {
            let mut game =
                AnyGame::new(self.variant, fen.as_deref()).expect("a checked book entry");
            for mv in &entry.moves {
                game.apply(mv).expect("a checked book move");
            }
            game
        };
        let mut moves = entry.moves.clone();
        if self.random_plies > 0 {
            moves.extend(random_opening(&fresh, self.seed, pair, self.random_plies));
        }
        PairStart { fen, moves }
    }
}
