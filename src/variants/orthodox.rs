//! The orthodox family: FIDE chess and Shock Chess (`rules/shockchess.md`), which is chess with
//! the Queen renamed General and the shock rule switched on.

use super::{FamilySpec, InsufficientRule, KindSpec, Role, Variant, VariantSpec};
use crate::board::Bits;

pub const KING_STEPS: &[(i8, i8)] = &[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const KNIGHT_LEAPS: &[(i8, i8)] = &KNIGHT;
pub const PAWN_CAPTURES: &[(i8, i8)] = &[(-1, 1), (1, 1)];

pub(super) fn kind(
    name: &'static str,
    letter: char,
    role: Role,
    leaps: &'static [(i8, i8)],
    o: bool,
    d: bool,
) -> KindSpec {
    KindSpec {
        name,
        letter,
        role,
        leaps,
        enemy_half_leaps: &[],
        slides_orthogonal: o,
        slides_diagonal: d,
        shock: false,
        promotes: false,
        value: None,
    }
}

/// The six orthodox kinds with the queen's name and letter given.
pub(super) fn orthodox_kinds(
    queen: &'static str,
    queen_letter: char,
    queen_shocks: bool,
) -> Vec<KindSpec> {
    let mut q = kind(queen, queen_letter, Role::Piece, &[], true, true);
    q.shock = queen_shocks;
    vec![
        kind("King", 'K', Role::King, KING_STEPS, false, false),
        q,
        kind("Rook", 'R', Role::Piece, &[], true, false),
        kind("Bishop", 'B', Role::Piece, &[], false, true),
        kind("Knight", 'N', Role::Piece, KNIGHT_LEAPS, false, false),
        kind("Pawn", 'P', Role::Pawn, PAWN_CAPTURES, false, false),
    ]
}

pub(super) fn orthodox_spec(name: &'static str) -> VariantSpec {
    VariantSpec {
        name,
        files: 8,
        ranks: 8,
        holes: vec![],
        kinds: orthodox_kinds("Queen", 'Q', false),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        promotion_letters: "QRBN",
        promotion_rank: 7,
        double_step_rank: Some(1),
        castles: vec![('K', "e1", "g1", "h1", "f1"), ('Q', "e1", "c1", "a1", "d1")],
        hand_letters: "",
        drop_ranks: vec![],
        drop_pushes: vec![],
        family: FamilySpec::Standard,
        clock_rules: Vec::new(),
        promote_at_edge: false,
        castle_partners: vec![],
        captures_to_hand: vec![],
        bench_depth_cut: 0,
        letter_aliases: vec![],
        promoted_letters: vec![],
        absent_letters: "",
        barred: vec![],
        insufficient: InsufficientRule::Orthodox,
        bench_fens: vec![
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2Q1RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        ],
    }
}

pub fn chess<B: Bits>(name: &'static str) -> Variant<B> {
    Variant::build(orthodox_spec(name))
}

/// Shock Chess: the General (G, a queen mover) is a shock piece; promotion to G R B N
/// (rules/shockchess.md 2.2); `Q` is read as an alias of `G` (SC-8).
pub fn shockchess<B: Bits>(name: &'static str) -> Variant<B> {
    let mut spec = orthodox_spec(name);
    spec.kinds = orthodox_kinds("General", 'G', true);
    spec.start_fen = "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1";
    spec.promotion_letters = "GRBN";
    spec.letter_aliases = vec![('Q', 'G')];
    spec.bench_fens = vec![
        "r1b1kbnr/pppp1ppp/2n5/4p1g1/4P1G1/2N5/PPPP1PPP/R1B1KBNR w KQkq - 4 4",
        "r3k2r/p1ppgpb1/bn2pnp1/3PN3/1p2P3/2N2G1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
    ];
    Variant::build(spec)
}

/// The orthodox pieces (no castling) on another board, with the pawns' double step from their
/// second rank and promotion on their last rank. Not a game of the catalogue: benchmarks and
/// tests use it to run chess-like trees on the wide boards.
pub fn chess_on_board<B: Bits>(
    name: &'static str,
    files: u8,
    ranks: u8,
    holes: &[(u8, u8)],
    start_fen: &'static str,
) -> Variant<B> {
    let mut spec = orthodox_spec(name);
    spec.files = files;
    spec.ranks = ranks;
    spec.holes = holes.to_vec();
    spec.start_fen = start_fen;
    spec.promotion_rank = ranks - 1;
    spec.castles.clear();
    let mut v = Variant::build(spec);
    v.summary = "orthodox pieces on another board";
    v
}
