//! Exciting Chess (rules/exciting.md) and its four sub-variants: one description with options.
//! The start positions (the Tiger squares, the Cannon layout and the 9x9 game are
//! reconstructions) are one line of data each so that they can be corrected. The rules find each
//! kind by its letter; `rules/exciting.rs` generates every move.

use super::orthodox::{KING_STEPS, KNIGHT_LEAPS, PAWN_CAPTURES, kind, orthodox_spec};
use super::{Barred, ClockRule, FamilySpec, InsufficientRule, KindSpec, Role, Variant};
use crate::board::Bits;
use crate::board::boards::{EXCITING_HOLES, EXCITING9_HOLES};

/// Which member of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The main game: Tigers on d3/g3 (a guess, II.1), re-entry of captured soldiers.
    Main,
    /// Soldiers in place of the Tigers.
    NoTigers,
    /// The main game without re-entry.
    NoReentry,
    /// The Cannon layout (a reconstruction, II.4.3).
    Cannon,
    /// The 9x9 game without soldiers (a reconstruction, II.4.4).
    Nine,
}

const START_MAIN: &str = "**rbqkbnr**/*ppppppppp*/ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR**[] w KQkq - 0 1";
const START_NO_TIGERS: &str = "**rbqkbnr**/*ppppppppp*/sssssssssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSSSSSSSSS/*PPPPPPPPP*/**RBQKBNR**[] w KQkq - 0 1";
const START_NO_REENTRY: &str = "**rbqkbnr**/*ppppppppp*/ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR** w KQkq - 0 1";
const START_CANNON: &str = "**cbqkbnr**/*ppppppppp*/snrts1tssss/msmsmsmsmsm/11/11/11/MSMSMSMSMSM/SNRTS1TSSSS/*PPPPPPPPP*/**CBQKBNR**[] w KQkq - 0 1";
const START_NINE: &str =
    "*rbqkbnr*/ppppppppp/1m1m1m1m1/9/9/9/1M1M1M1M1/PPPPPPPPP/*RBQKBNR* w KQkq - 0 1";

fn valued(mut k: KindSpec, value: (i32, i32)) -> KindSpec {
    k.value = Some(value);
    k
}

pub fn build<B: Bits>(name: &'static str, layout: Layout) -> Variant<B> {
    let mut spec = orthodox_spec(name);
    // Values: first estimates (soldiers capture only by enclosure but re-enter; checkers jump).
    spec.kinds = vec![
        kind("King", 'K', Role::King, KING_STEPS, false, false),
        kind("Queen", 'Q', Role::Piece, &[], true, true),
        kind("Rook", 'R', Role::Piece, &[], true, false),
        kind("Bishop", 'B', Role::Piece, &[], false, true),
        kind("Knight", 'N', Role::Piece, KNIGHT_LEAPS, false, false),
        kind("Pawn", 'P', Role::Pawn, PAWN_CAPTURES, false, false),
        valued(
            kind("Soldier", 'S', Role::Piece, &[], false, false),
            (110, 120),
        ),
        valued(
            kind("Promoted Soldier", 'V', Role::Piece, &[], false, false),
            (170, 180),
        ),
        valued(
            kind("Checker", 'M', Role::Piece, &[], false, false),
            (130, 160),
        ),
        valued(
            kind("Promoted Checker", 'D', Role::Piece, &[], false, false),
            (300, 320),
        ),
        valued(
            kind("Tiger", 'T', Role::Piece, KNIGHT_LEAPS, false, true),
            (330, 330),
        ),
        valued(
            kind("Cannon", 'C', Role::Piece, &[], true, false),
            (450, 420),
        ),
    ];
    spec.family = FamilySpec::Exciting;
    // II.2.13: every move of a man, and a forward move of an unpromoted soldier, reset the clock.
    spec.clock_rules = vec![('M', ClockRule::Always), ('S', ClockRule::Advance)];
    spec.promote_at_edge = true;
    spec.insufficient = InsufficientRule::BareKings;
    spec.bench_fens = vec![];
    // A node costs about a hundred chess nodes (every move is made to test it).
    spec.bench_depth_cut = 2;
    // rules/README.md 3: `+S` is read as V and `+M` as D.
    spec.promoted_letters = vec![('S', 'V'), ('M', 'D')];
    // II.1, II.2.4, II.2.9: checkers stay on the dark squares (a pawn becomes D only on one), and
    // a man ending a move on its last rank is crowned.
    spec.barred = vec![
        ('M', Barred::LastRank),
        ('M', Barred::LightSquares),
        ('D', Barred::LightSquares),
    ];
    // The Cannon belongs to the cannon layout only; II.4 takes the Tigers out of `notigers`, and
    // the soldiers and Tigers out of the 9x9 game.
    spec.absent_letters = match layout {
        Layout::Main | Layout::NoReentry => "C",
        Layout::NoTigers => "TC",
        Layout::Cannon => "",
        Layout::Nine => "SVTC",
    };
    if layout == Layout::Nine {
        spec.files = 9;
        spec.ranks = 9;
        spec.holes = EXCITING9_HOLES.to_vec();
        spec.start_fen = START_NINE;
        spec.promotion_rank = 8;
        spec.promotion_letters = "QRBN";
        spec.castles = vec![('K', "e1", "g1", "h1", "f1"), ('Q', "e1", "c1", "b1", "d1")];
        return Variant::build(spec);
    }
    spec.files = 11;
    spec.ranks = 11;
    spec.holes = EXCITING_HOLES.to_vec();
    spec.promotion_rank = 10;
    // II.2.10: the king goes two squares, the partner jumps to the square it crossed.
    spec.castles = vec![('K', "f1", "h1", "i1", "g1"), ('Q', "f1", "d1", "c1", "e1")];
    let (start, promotions) = match layout {
        Layout::Main => (START_MAIN, "QRBNTV"),
        Layout::NoTigers => (START_NO_TIGERS, "QRBNV"),
        Layout::NoReentry => (START_NO_REENTRY, "QRBNTV"),
        Layout::Cannon => (START_CANNON, "QRBNTVC"),
        Layout::Nine => unreachable!("handled above"),
    };
    spec.start_fen = start;
    spec.promotion_letters = promotions;
    if layout == Layout::Cannon {
        spec.castle_partners = vec![('Q', 'C')];
    }
    if layout != Layout::NoReentry {
        // II.2.8: captured soldiers (promoted or not) join the captor's hand as S.
        spec.hand_letters = "S";
        spec.captures_to_hand = vec![('S', 'S'), ('V', 'S')];
    }
    Variant::build(spec)
}
