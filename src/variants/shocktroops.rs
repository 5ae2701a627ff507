//! The Shock Troops family (rules/shocktroops.md): orthodox chess plus a reserve in hand (two
//! kinds dropped on the own back rank, and in the full game two Ninja Pawns). One function builds
//! every member from its options.

use super::orthodox::{KNIGHT, KNIGHT_LEAPS, kind, orthodox_kinds, orthodox_spec};
use super::{Role, Variant};
use crate::board::Bits;

/// Which two pieces the reserve holds (rules/shocktroops.md 1.2, 1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reserve {
    /// War Knight `WDN` and Elephant Knight `FAN`.
    Knights,
    /// War Drone `WD` and Elephant `FA` (the knights without the knight move).
    Drones,
    /// Chancellor `RN` and Archbishop `BN`.
    ChancellorArchbishop,
}

/// War Drone `WD`: one orthogonal step or a two-square orthogonal leap.
const WAR_DRONE: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
];
/// Elephant `FA`: one diagonal step or a two-square diagonal leap.
const ELEPHANT: [(i8, i8); 8] = [
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
    (2, 2),
    (-2, 2),
    (2, -2),
    (-2, -2),
];
/// The knight versions add the knight's leap.
const WAR_KNIGHT: [(i8, i8); 16] = with_knight(WAR_DRONE);
const ELEPHANT_KNIGHT: [(i8, i8); 16] = with_knight(ELEPHANT);

const fn with_knight(steps: [(i8, i8); 8]) -> [(i8, i8); 16] {
    let mut all = [(0, 0); 16];
    let mut i = 0;
    while i < 8 {
        all[i] = steps[i];
        all[8 + i] = KNIGHT[i];
        i += 1;
    }
    all
}

/// A Shock Troops variant. `ninjas`: the full game with two Ninja Pawns in hand (not built yet:
/// the Ninja Pawn's moves and the drop with push come with their own mechanic).
pub fn build<B: Bits>(reserve: Reserve, ninjas: bool) -> Variant<B> {
    assert!(!ninjas, "Ninja Pawns are not built yet");
    let (name, summary, pieces, start_fen, promotions) = match reserve {
        Reserve::Knights => (
            "shocktroopsnoninja",
            "Shock Troops without Ninja Pawns",
            [
                kind("War Knight", 'W', Role::Piece, &WAR_KNIGHT, false, false),
                kind(
                    "Elephant Knight",
                    'E',
                    Role::Piece,
                    &ELEPHANT_KNIGHT,
                    false,
                    false,
                ),
            ],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
            "QRBNWE",
        ),
        Reserve::Drones => (
            "shocktroopsdronenoninja",
            "Shock Troops with War Drone and Elephant, without Ninja Pawns",
            [
                kind("War Drone", 'W', Role::Piece, &WAR_DRONE, false, false),
                kind("Elephant", 'E', Role::Piece, &ELEPHANT, false, false),
            ],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
            "QRBNWE",
        ),
        Reserve::ChancellorArchbishop => (
            "shocktroopscanoninja",
            "Shock Troops with Chancellor and Archbishop, without Ninja Pawns",
            [
                kind("Chancellor", 'C', Role::Piece, KNIGHT_LEAPS, true, false),
                kind("Archbishop", 'A', Role::Piece, KNIGHT_LEAPS, false, true),
            ],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAca] w KQkq - 0 1",
            "QRBNCA",
        ),
    };
    let letters: String = pieces.iter().map(|k| k.letter).collect();
    let mut spec = orthodox_spec(name, summary);
    spec.kinds = orthodox_kinds("Queen", 'Q', false);
    spec.kinds.extend(pieces);
    spec.start_fen = start_fen;
    spec.promotion_letters = promotions;
    spec.hand_letters = if letters == "WE" { "WE" } else { "CA" };
    // rules/shocktroops.md 1.3.5: the reserve pieces are dropped on the own back rank.
    spec.drop_ranks = letters.chars().map(|c| (c, 0)).collect();
    spec.bench_fens = vec![
        "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[WEwe] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[WEwe] w KQkq - 4 4",
    ];
    if reserve == Reserve::ChancellorArchbishop {
        spec.bench_fens =
            vec!["r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[CAca] w KQkq - 0 1"];
    }
    Variant::build(spec)
}
