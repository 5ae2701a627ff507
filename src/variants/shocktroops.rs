//! The Shock Troops family (rules/shocktroops.md): orthodox chess plus a reserve in hand (two
//! kinds dropped on the own back rank, and in the full game two Ninja Pawns). One function builds
//! every member from its options.

use super::orthodox::{KNIGHT, KNIGHT_LEAPS, PAWN_CAPTURES, kind, orthodox_kinds, orthodox_spec};
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

/// The Ninja Pawn's sideways captures, which it has only on the enemy half (1.3.3).
const SIDEWAYS: &[(i8, i8)] = &[(1, 0), (-1, 0)];

/// A Shock Troops variant: the reserve's two kinds, with or without the two Ninja Pawns.
pub fn build<B: Bits>(name: &'static str, reserve: Reserve, ninjas: bool) -> Variant<B> {
    let pieces = match reserve {
        Reserve::Knights => [
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
        Reserve::Drones => [
            kind("War Drone", 'W', Role::Piece, &WAR_DRONE, false, false),
            kind("Elephant", 'E', Role::Piece, &ELEPHANT, false, false),
        ],
        Reserve::ChancellorArchbishop => [
            kind("Chancellor", 'C', Role::Piece, KNIGHT_LEAPS, true, false),
            kind("Archbishop", 'A', Role::Piece, KNIGHT_LEAPS, false, true),
        ],
    };
    let mut spec = orthodox_spec(name);
    spec.kinds = orthodox_kinds("Queen", 'Q', false);
    spec.kinds.extend(pieces.clone());
    let (hand, start_fen, promotions, bench) = match (reserve, ninjas) {
        (Reserve::ChancellorArchbishop, true) => (
            "CAJ",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAJJcajj] w KQkq - 0 1",
            "QRBNCA",
            &BENCH_CA_NINJA[..],
        ),
        (Reserve::ChancellorArchbishop, false) => (
            "CA",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAca] w KQkq - 0 1",
            "QRBNCA",
            &BENCH_CA[..],
        ),
        (_, true) => (
            "WEJ",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1",
            "QRBNWE",
            &BENCH_NINJA[..],
        ),
        (_, false) => (
            "WE",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
            "QRBNWE",
            &BENCH[..],
        ),
    };
    if ninjas {
        let mut ninja = kind(
            "Ninja Pawn",
            'J',
            Role::SidestepPawn,
            PAWN_CAPTURES,
            false,
            false,
        );
        ninja.enemy_half_leaps = SIDEWAYS;
        spec.kinds.push(ninja);
        // 1.3.5: dropped on the own 2nd rank, optionally pushed one or two squares.
        spec.drop_ranks.push(('J', 1));
        spec.drop_pushes.push(('J', 2));
    }
    spec.start_fen = start_fen;
    spec.promotion_letters = promotions;
    spec.hand_letters = hand;
    // 1.3.5: the reserve pieces are dropped on the own back rank.
    spec.drop_ranks.extend(pieces.iter().map(|k| (k.letter, 0)));
    spec.bench_fens = bench.to_vec();
    Variant::build(spec)
}

const BENCH: [&str; 2] = [
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[WEwe] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[WEwe] w KQkq - 4 4",
];
const BENCH_CA: [&str; 1] =
    ["r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[CAca] w KQkq - 0 1"];
const BENCH_NINJA: [&str; 2] = [
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[WEJJwejj] w KQkq - 0 1",
    "r1bqk2r/pp1p1ppp/2n1jn2/2b1p3/2B1P3/2NJ1N2/PP1P1PPP/R1BQK2R[WEJwej] w KQkq - 0 6",
];
const BENCH_CA_NINJA: [&str; 1] =
    ["r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[CAJJcajj] w KQkq - 0 1"];
