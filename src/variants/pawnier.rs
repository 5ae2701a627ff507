//! Pawnier Chess (rules/pawnier.md): a 9x11 board with holes at c5, e6 and g7; kings, sergeants
//! (one step forward straight or diagonally, moving or capturing, promoting to a pawn or a knight
//! on the own 9th rank), knights (only by promotion) and pawns whose moves are borrowed from their
//! neighbours; six pawns in each reserve, dropped on the own first four ranks.

use super::orthodox::{KING_STEPS, KNIGHT_LEAPS, kind};
use super::{FamilySpec, InsufficientRule, Role, Variant, VariantSpec};
use crate::board::Bits;
use crate::board::boards::PAWNIER_HOLES;

/// The sergeant's three forward steps (`fK`).
const SERGEANT: &[(i8, i8)] = &[(-1, 1), (0, 1), (1, 1)];

pub fn build<B: Bits>(name: &'static str) -> Variant<B> {
    let mut sergeant = kind("Sergeant", 'S', Role::Piece, SERGEANT, false, false);
    sergeant.promotes = true;
    Variant::build(VariantSpec {
        name,
        files: 9,
        ranks: 11,
        holes: PAWNIER_HOLES.to_vec(),
        kinds: vec![
            kind("King", 'K', Role::King, KING_STEPS, false, false),
            sergeant,
            kind("Knight", 'N', Role::Piece, KNIGHT_LEAPS, false, false),
            kind("Pawn", 'P', Role::PowerPawn, &[], false, false),
        ],
        start_fen: "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1",
        // I.2.3: the choice on the 9th rank, and on any rank beyond it for odd FENs.
        promotion_letters: "PN",
        promotion_rank: 8,
        double_step_rank: None,
        castles: vec![],
        hand_letters: "P",
        // I.2.6: reserve pawns go to any empty square of the own first four ranks.
        drop_ranks: (0..4).map(|r| ('P', r)).collect(),
        drop_pushes: vec![],
        family: FamilySpec::Standard,
        clock_rules: Vec::new(),
        promote_at_edge: false,
        castle_partners: vec![],
        captures_to_hand: vec![],
        // A node costs several chess nodes (powers are worked out afresh).
        bench_depth_cut: 1,
        letter_aliases: vec![],
        promoted_letters: vec![],
        absent_letters: "",
        barred: vec![],
        insufficient: InsufficientRule::BareKings,
        bench_fens: vec![
            "9/1kpp1pp2/ss1sss3/p1p1s4/1p4*2/4*1P2/2*3S2/3P2PPP/2SS1SSS1/3PPP1K1/9[PPPPpppp] w - - 0 8",
            "9/1k7/2p1s4/1p2p4/6*2/4*4/2*3P2/4SP3/3P5/6K2/9[PPpp] b - - 0 30",
        ],
    })
}
