//! Self-test of the Exciting Chess reference move generator (`tests/reference_exciting/mod.rs`)
//! against sources that are independent of the engine: the hand-checked test positions E-1..E-6
//! of `shared/rules/exciting.md` §II.5 and its King-exemption example (exact move sets, and the
//! check states they imply), each sub-variant's start position (reading, FEN round trip, the
//! perft(1) the rules file states), hand-worked extra rule positions (custodian partners and
//! the King's immunity, passive safety, the checker obligation met by custodian capture and by
//! a checking drop, a promoted checker's chain back to its square, crowning, e.p., the hand,
//! the cannon and cannon castling, 9x9 castling and promotion menus, enclosure mate and
//! stalemate, the clock, FEN errors, move aliases), and internal consistency on random
//! playouts (the colour-mirror symmetry, FEN and move-string round trips).
//!
//! Run with `cargo test --release --test reference_exciting_selftest`; the start-position
//! perft figures with timings are printed by the ignored test `start_perft_timings`
//! (`-- --ignored --nocapture`; depth 3 by default, `EXCITING_PERFT_DEPTH=4` for more).

mod reference_exciting;

use reference_exciting::{
    EXCITING_CANNON_START, EXCITING_NOREENTRY_START, EXCITING_NOTIGERS_START, EXCITING_START,
    EXCITING9_START, ExcitingPos, VARIANTS, start_fen,
};
use std::time::Instant;

const E1: &str = "**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1";
const E2: &str = "**2b4**/*2P6*/11/4S6/11/10k/11/11/10K/*9*/**7** w - - 0 1";
const E3: &str = "**7**/*9*/11/10k/5m5/11/3m7/2M8/3m7/*6R2*/**3K3** w - - 0 1";
const E4: &str = "**2SkS2**/*9*/5S5/11/11/11/11/11/11/*9*/**3K3**[s] b - - 0 1";
const E5: &str = "**7**/*9*/11/10k/3r7/6m4/4T6/11/10K/*9*/**7** w - - 0 1";
const E6: &str = "**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**R2K2R** w KQ - 0 1";
const KING_EXEMPT: &str = "**7**/*9*/11/10k/11/11/11/11/11/*3m5*/**3K3** w - - 0 1";

fn pos_in(variant: &str, fen: &str) -> ExcitingPos {
    match ExcitingPos::from_fen(variant, fen) {
        Ok(p) => p,
        Err(e) => panic!("reference rejected a valid FEN: {e}"),
    }
}

fn pos(fen: &str) -> ExcitingPos {
    pos_in("exciting", fen)
}

fn play(p: &ExcitingPos, mv: &str) -> ExcitingPos {
    match p.play(mv) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    }
}

/// A space-separated move list as a sorted vector.
fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Checks the exact legal-move set of a position against a list of `count` moves, and its
/// check state.
fn check_exact(p: &ExcitingPos, count: usize, list: &str, in_check: bool) {
    let want = set(list);
    assert_eq!(want.len(), count, "the oracle list itself");
    let mut dedup = want.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), count, "the oracle list has repeats");
    assert_eq!(p.legal_moves(), want, "legal moves of '{}'", p.to_fen());
    assert_eq!(p.perft(1), count as u64);
    assert_eq!(p.in_check(), in_check, "check state of '{}'", p.to_fen());
    if let Err(e) = p.consistency_check() {
        panic!("{e}");
    }
}

// ---------------------------------------------------------------------------------------
// §II.5 test positions.

#[test]
fn e1_custodian_captures_and_corner_squares() {
    let p = pos(E1);
    check_exact(
        &p,
        14,
        "b3a3 b3b4 c4b4 c4c5 c4d4 d1e1 d2b2,b2c1,c1c3,c3c2 d2c3,c3d3 d2e2 k6j5 k6j6 k6j7 k6k5 k6k7",
        false,
    );
    // Three pieces at once; the two bishops/knights on corner squares and c3 go.
    let q = play(&p, "d2b2,b2c1,c1c3,c3c2");
    assert_eq!(
        q.to_fen(),
        "**3k3**/*9*/11/11/11/10K/11/2S8/1S9/*1S7*/**1S5**[] b - - 0 1"
    );
    let q = play(&p, "d2c3,c3d3");
    assert_eq!(
        q.to_fen(),
        "**3k3**/*9*/11/11/11/10K/11/2S8/1S1S7/*n8*/**bS5**[] b - - 0 1"
    );
    // Short forms name exactly one legal move; soldiers never displace.
    assert_eq!(play(&p, "d2c2"), play(&p, "d2b2,b2c1,c1c3,c3c2"));
    assert_eq!(play(&p, "d2d3"), play(&p, "d2c3,c3d3"));
    assert_eq!(play(&p, "d2c3,c3b2,b2c1,c1c2"), play(&p, "d2c2"));
    assert!(p.play("d1c1").is_err());
    assert!(p.play("b3c3").is_err());
}

#[test]
fn e2_promotion_menu_and_optional_soldier_promotion() {
    let p = pos(E2);
    check_exact(
        &p,
        21,
        "d10d11b d10d11d d10d11n d10d11q d10d11r d10d11t d10d11v d10e11b d10e11n d10e11q \
         d10e11r d10e11t d10e11v e8d8 e8e9 e8e9v e8f8 k3j2 k3j3 k3j4 k3k4",
        false,
    );
    assert_eq!(play(&p, "e8e9+"), play(&p, "e8e9v"));
    assert_ne!(play(&p, "e8e9"), play(&p, "e8e9v"));
    assert!(play(&p, "e8e9v").to_fen().contains("/4V6/"));
    assert!(play(&p, "e8e9").to_fen().contains("/4S6/"));
    // A pawn promotion needs its letter.
    assert!(p.play("d10d11").is_err());
    assert!(p.is_black_square("d11").unwrap());
    assert!(!p.is_black_square("e11").unwrap());
}

#[test]
fn e3_multi_jump_stop_early_obligation_and_check_exception() {
    let p = pos(E3);
    check_exact(&p, 3, "c4d5,d5e6 c4d5,d5f7,f7g8 h2h8", false);
    assert_eq!(play(&p, "c4e6"), play(&p, "c4d5,d5e6"));
    assert_eq!(play(&p, "c4e6,e6g8"), play(&p, "c4d5,d5f7,f7g8"));
    assert_eq!(play(&p, "c4g8"), play(&p, "c4d5,d5f7,f7g8"));
    assert!(play(&p, "h2h8").in_check());
    assert_eq!(
        play(&p, "c4d5,d5f7,f7g8").to_fen(),
        "**7**/*9*/11/6M3k/11/11/11/11/3m7/*6R2*/**3K3**[] b - - 0 1"
    );
}

#[test]
fn e4_soldier_check_and_blocking_drop() {
    let p = pos(E4);
    check_exact(&p, 6, "S@f10 f11e10 f11e11 f11f10 f11g10 f11g11", true);
    let q = play(&p, "S@f10");
    assert_eq!(
        q.to_fen(),
        "**2SkS2**/*4s4*/5S5/11/11/11/11/11/11/*9*/**3K3**[] w - - 0 2"
    );
    assert_eq!(play(&p, "s@f10"), q);
    assert_eq!(play(&p, "S*f10"), q);
    // Taking a soldier puts it in Black's hand.
    let q = play(&p, "f11e11");
    assert_eq!(q.hands(), (0, 2));
    // The same position with White to move is illegal (Black, not to move, is in check).
    let illegal = E4.replace(" b ", " w ");
    assert!(ExcitingPos::from_fen("exciting", &illegal).is_err());
}

#[test]
fn e5_tiger_and_obligation_against_check_exception() {
    let p = pos(E5);
    check_exact(&p, 3, "e5g6 e5i9 e5j10", false);
    assert!(play(&p, "e5i9").in_check());
    assert!(play(&p, "e5j10").in_check());
    assert!(!play(&p, "e5g6").in_check());
}

#[test]
fn e6_castling() {
    let p = pos(E6);
    check_exact(
        &p,
        14,
        "c1d1 c1e1 c2c3 c2c4 f1d1 f1e1 f1e2 f1f2 f1g1 f1g2 i1g1 i1h1 i2i3 i2i4",
        false,
    );
    assert_eq!(
        play(&p, "f1d1").to_fen(),
        "**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**1KR3R**[] b - - 1 1"
    );
    // The double step writes its e.p. square.
    assert_eq!(
        play(&p, "c2c4").to_fen(),
        "**3k3**/*9*/11/11/11/11/11/2P8/11/*7Pn*/**R2K2R**[] b KQ c3 0 1"
    );
    // A rook move loses its side's right; a king step loses both.
    assert!(play(&p, "c1d1").to_fen().contains(" b K - "));
    assert!(play(&p, "f1f2").to_fen().contains(" b - - "));
}

#[test]
fn king_exemption_from_the_obligation() {
    check_exact(&pos(KING_EXEMPT), 5, "f1e1 f1e2 f1f2 f1g1 f1g2", false);
}

// ---------------------------------------------------------------------------------------
// Start positions, board geometry.

#[test]
fn start_positions_read_round_trip_and_perft1() {
    let expected = [
        ("exciting", EXCITING_START, 23),
        ("excitingnotigers", EXCITING_NOTIGERS_START, 15),
        ("excitingnoreentry", EXCITING_NOREENTRY_START, 23),
        ("excitingcannon", EXCITING_CANNON_START, 19),
        ("exciting9", EXCITING9_START, 18),
    ];
    assert_eq!(VARIANTS.len(), expected.len());
    for (variant, fen, n) in expected {
        assert_eq!(start_fen(variant), Some(fen));
        let p = pos_in(variant, fen);
        assert_eq!(p.to_fen(), fen, "{variant}");
        assert_eq!(p.variant(), variant);
        assert_eq!(p.perft(1), n, "{variant} perft(1)");
        assert!(!p.in_check());
        // The rules file: perft(1) is the same for either side (Black mirrors White).
        let black = pos_in(variant, &fen.replace(" w ", " b "));
        assert_eq!(black.perft(1), n, "{variant} perft(1) for Black");
        if let Err(e) = p.consistency_check() {
            panic!("{e}");
        }
    }
    // Holdings: written `[]` where the variant has them, absent otherwise, `[-]` read as
    // empty.
    let p = pos_in("exciting", &EXCITING_START.replace("[]", "[-]"));
    assert_eq!(p.to_fen(), EXCITING_START);
    let p = pos_in("exciting", &EXCITING_START.replace("[]", ""));
    assert_eq!(p.to_fen(), EXCITING_START);
    let p = pos_in("excitingnoreentry", EXCITING_START);
    assert_eq!(p.to_fen(), EXCITING_NOREENTRY_START);
}

#[test]
fn start_position_move_lists() {
    check_exact(
        &pos(EXCITING_START),
        23,
        "a4b5 b3b4 c4b5 c4d5 e4d5 e4f5 f3f4 g3b8 g3c7 g3d6 g3e5 g3f4 g3h4 g3i5 g3j6 g3k7 g4f5 \
         g4h5 h3h4 i4h5 i4j5 j3j4 k4j5",
        false,
    );
    check_exact(
        &pos_in("excitingcannon", EXCITING_CANNON_START),
        19,
        "a4b5 b3a5 b3c5 b4b5 c4b5 c4d5 d4d5 e3f3 e4d5 e4f5 f2f3 f4f5 g4f5 g4h5 h4h5 i4h5 i4j5 \
         j4j5 k4j5",
        false,
    );
    check_exact(
        &pos_in("exciting9", EXCITING9_START),
        18,
        "a2a3 a2a4 b3a4 b3c4 c2c3 c2c4 d3c4 d3e4 e2e3 e2e4 f3e4 f3g4 g2g3 g2g4 h3g4 h3i4 i2i3 \
         i2i4",
        false,
    );
}

/// perft(2) of each start position. Only `exciting` (and `excitingnoreentry`, the same game
/// here) differs from perft(1)^2, by four White moves worked out by hand:
/// * `b3b4` (22): the soldier on b4 stops Black's g9 Tiger one square short (b4 lost);
/// * `g3c7` (24): Black's d9 Tiger can take the Tiger on c7 by a knight leap;
/// * `g3d6` (20): Black's g9 Tiger loses d6, c5 and b4;
/// * `g3j6` (21): Black's g9 Tiger loses j6 and k5;
/// * `g3b8` (23): b9b8 is blocked, but Black's d9 Tiger can take on b8.
///
/// 23 * 23 - 1 + 1 - 3 - 2 = 524. The other layouts keep the armies apart for one move each.
#[test]
fn start_perft2() {
    let expected = [
        ("exciting", 524),
        ("excitingnotigers", 15 * 15),
        ("excitingnoreentry", 524),
        ("excitingcannon", 19 * 19),
        ("exciting9", 18 * 18),
    ];
    for (variant, n) in expected {
        let p = pos_in(variant, start_fen(variant).unwrap());
        assert_eq!(p.perft(2), n, "{variant} perft(2)");
    }
    let p = pos(EXCITING_START);
    let odd: Vec<(String, u64)> = p.divide(2).into_iter().filter(|&(_, n)| n != 23).collect();
    assert_eq!(
        odd,
        [
            ("b3b4".to_string(), 22),
            ("g3c7".to_string(), 24),
            ("g3d6".to_string(), 20),
            ("g3j6".to_string(), 21)
        ]
    );
    assert!(play(&p, "g3b8").legal_moves().contains(&"d9b8".to_string()));
    assert!(!play(&p, "g3b8").legal_moves().contains(&"b9b8".to_string()));
}

#[test]
fn board_geometry() {
    let p = pos(EXCITING_START);
    assert_eq!(p.board_squares(), 109);
    // Ascending square order: by file, then by rank as a number.
    assert_eq!(
        p.corner_squares(),
        [
            "a3", "a9", "b2", "b10", "c1", "c11", "i1", "i11", "j2", "j10", "k3", "k9"
        ]
    );
    for s in [
        "a4", "c4", "e4", "g4", "i4", "k4", "d1", "d3", "d11", "f11", "h11",
    ] {
        assert_eq!(p.is_black_square(s), Some(true), "{s}");
    }
    for s in ["c1", "g1", "g3", "e11", "a9", "k9", "b10", "j10"] {
        assert_eq!(p.is_black_square(s), Some(false), "{s}");
    }
    for s in [
        "a1", "b1", "a2", "j1", "k1", "k2", "a10", "a11", "b11", "j11", "k11", "k10",
    ] {
        assert_eq!(p.is_black_square(s), None, "{s} is removed");
    }
    let p9 = pos_in("exciting9", EXCITING9_START);
    assert_eq!(p9.board_squares(), 77);
    for s in ["a1", "i1", "a9", "i9"] {
        assert_eq!(p9.is_black_square(s), None, "{s} is removed");
    }
}

// ---------------------------------------------------------------------------------------
// Extra rule positions (worked out by hand).

#[test]
fn custodian_partner_may_be_the_king_and_the_enemy_king_is_immune() {
    // S e7 -> f7: f6 is flanked by the White King on f5 (taken); g7 holds the Black King,
    // flanked by the pawn on h7 (never taken).
    let p = pos("**7**/*9*/11/11/4S1kP3/5n5/5K5/11/11/*9*/**7**[] w - - 0 1");
    let moves = p.legal_moves();
    assert!(moves.contains(&"e7f6,f6f7".to_string()), "{moves:?}");
    assert!(moves.contains(&"e7e8".to_string()));
    assert!(moves.contains(&"e7d7".to_string()));
    assert!(
        !moves.contains(&"e7e6".to_string()),
        "an S never steps back"
    );
    assert!(!moves.contains(&"e7f7".to_string()));
    assert_eq!(
        play(&p, "e7f6,f6f7").to_fen(),
        "**7**/*9*/11/11/5SkP3/11/5K5/11/11/*9*/**7**[] b - - 0 1"
    );
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let p = pos("**3k3**/*9*/11/3r7/11/11/2S1S6/11/11/*9*/**3K3**[] b - - 0 1");
    assert_eq!(
        play(&p, "d8d5").to_fen(),
        "**3k3**/*9*/11/11/11/11/2SrS6/11/11/*9*/**3K3**[] w - - 1 2"
    );
}

#[test]
fn obligation_by_custodian_capture_of_a_checker() {
    // S d5 -> e5 takes the man on e6 (partner: the pawn on e7). Nothing checks.
    let p = pos("**3k3**/*9*/11/11/4P6/4m6/3S7/11/11/*9*/**3K3**[] w - - 0 1");
    check_exact(&p, 1, "d5e6,e6e5", false);
    // With a soldier in hand and the Black King between two White soldiers, the three drops
    // that threaten enclosure (check) also meet the obligation; the drop on f10 encloses the
    // King completely, which is no check.
    let p = pos("**2SkS2**/*9*/11/11/4P6/4m6/3S7/11/11/*9*/**3K3**[S] w - - 0 1");
    check_exact(&p, 4, "S@e10 S@f9 S@g10 d5e6,e6e5", false);
    assert!(play(&p, "S@f9").in_check());
    // Complete enclosure is no check (A-E15).
    let q = pos("**2SkS2**/*4S4*/11/11/11/11/11/11/11/*9*/**3K3**[] b - - 0 1");
    assert!(!q.in_check());
}

#[test]
fn promoted_checker_chain_back_to_its_square() {
    let p = pos("**3k3**/*9*/11/11/3p1p5/11/3p1p5/4D6/11/*9*/**3K3**[] w - - 0 1");
    let moves = p.legal_moves();
    for m in [
        "e4d5,d5d7,d7f5,f5f7,f7e4",
        "e4d5,d5c6",
        "e4d5,d5d7,d7e8",
        "e4f5,f5g6",
        "e4d3",
        "e4f3",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing: {moves:?}");
    }
    // Pawns stand on d5/f5: no quiet step there, and no D jump backward over nothing.
    assert!(!moves.contains(&"e4d5".to_string()));
    assert_eq!(
        play(&p, "e4d5,d5d7,d7f5,f5f7,f7e4").to_fen(),
        "**3k3**/*9*/11/11/11/11/11/4D6/11/*9*/**3K3**[] b - - 0 1"
    );
    // Both directions round the square are the same effect, listed once.
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.starts_with("e4") && m.ends_with("e4"))
            .count(),
        1
    );
    assert_eq!(
        play(&p, "e4c6,c6e8,e8g6,g6e4"),
        play(&p, "e4d5,d5d7,d7f5,f5f7,f7e4")
    );
}

#[test]
fn checker_crowning() {
    let p = pos("**3k3**/*1M7*/11/11/11/11/11/11/11/*9*/**3K3**[] w - - 0 1");
    let moves = p.legal_moves();
    assert!(moves.contains(&"c10d11d".to_string()), "{moves:?}");
    let q = play(&p, "c10d11d");
    assert_eq!(
        q.to_fen(),
        "**1D1k3**/*9*/11/11/11/11/11/11/11/*9*/**3K3**[] b - - 0 1"
    );
    assert_eq!(play(&p, "c10d11"), q);
    assert_eq!(play(&p, "c10d11+"), q);
    // Crowning by a jump.
    let p = pos("**k6**/*5p3*/5M5/11/11/11/11/11/11/*9*/**3K3**[] w - - 0 1");
    let moves = p.legal_moves();
    assert!(moves.contains(&"f9g10,g10h11d".to_string()), "{moves:?}");
    assert!(moves.contains(&"f9e10".to_string()));
    assert_eq!(play(&p, "f9h11"), play(&p, "f9g10,g10h11d"));
}

#[test]
fn en_passant() {
    let p = pos("**3k3**/*3p5*/11/3P7/11/11/11/11/11/*9*/**3K3**[] b - - 0 1");
    let q = play(&p, "e10e8");
    assert_eq!(
        q.to_fen(),
        "**3k3**/*9*/11/3Pp6/11/11/11/11/11/*9*/**3K3**[] w - e9 0 2"
    );
    assert!(q.legal_moves().contains(&"d8e9".to_string()));
    assert_eq!(
        play(&q, "d8e9").to_fen(),
        "**3k3**/*9*/4P6/11/11/11/11/11/11/*9*/**3K3**[] b - - 0 2"
    );
    // Without the e.p. square there is no such capture.
    let r = pos("**3k3**/*9*/11/3Pp6/11/11/11/11/11/*9*/**3K3**[] w - - 0 2");
    assert!(!r.legal_moves().contains(&"d8e9".to_string()));
}

#[test]
fn captured_promoted_soldier_goes_to_hand_as_soldier() {
    let fen = "**3k3**/*9*/11/11/11/11/11/11/11/*4v4*/**3K3**[] w - - 0 1";
    let q = play(&pos(fen), "f1f2");
    assert_eq!(
        q.to_fen(),
        "**3k3**/*9*/11/11/11/11/11/11/11/*4K4*/**7**[S] b - - 0 1"
    );
    assert_eq!(q.hands(), (1, 0));
    // No re-entry: the soldier leaves the game; no holdings in the FEN.
    let fen = "**3k3**/*9*/11/11/11/11/11/11/11/*4v4*/**3K3** w - - 0 1";
    let q = play(&pos_in("excitingnoreentry", fen), "f1f2");
    assert_eq!(
        q.to_fen(),
        "**3k3**/*9*/11/11/11/11/11/11/11/*4K4*/**7** b - - 0 1"
    );
    assert_eq!(q.hands(), (0, 0));
}

#[test]
fn pawn_promotion_on_an_edge_file() {
    // a9 is White's promotion square on the a-file; it is a white square, so no D.
    let p = pos("**3k3**/*9*/11/P10/11/11/11/11/11/*9*/**3K3**[] w - - 0 1");
    check_exact(
        &p,
        11,
        "a8a9b a8a9n a8a9q a8a9r a8a9t a8a9v f1e1 f1e2 f1f2 f1g1 f1g2",
        false,
    );
    // Without Tigers there is no T.
    let p = pos_in(
        "excitingnotigers",
        "**3k3**/*9*/11/P10/11/11/11/11/11/*9*/**3K3**[] w - - 0 1",
    );
    check_exact(
        &p,
        10,
        "a8a9b a8a9n a8a9q a8a9r a8a9v f1e1 f1e2 f1f2 f1g1 f1g2",
        false,
    );
}

#[test]
fn cannon_castling_and_capture() {
    let p = pos_in(
        "excitingcannon",
        "**3k3**/*9*/11/11/11/11/11/11/11/*9*/**C2K2R**[] w KQ - 0 1",
    );
    assert_eq!(p.perft(1), 31);
    let moves = p.legal_moves();
    assert!(moves.contains(&"f1d1".to_string()));
    assert!(moves.contains(&"f1h1".to_string()));
    assert_eq!(
        play(&p, "f1d1").to_fen(),
        "**3k3**/*9*/11/11/11/11/11/11/11/*9*/**1KC3R**[] b - - 1 1"
    );
    assert_eq!(
        play(&p, "f1h1").to_fen(),
        "**3k3**/*9*/11/11/11/11/11/11/11/*9*/**C3RK1**[] b - - 1 1"
    );
    // Capture over one screen; the slide stops at the screen.
    let p = pos_in(
        "excitingcannon",
        "**3k3**/*9*/11/4r6/11/11/4P6/11/4C6/*9*/**3K3**[] w - - 0 1",
    );
    let moves = p.legal_moves();
    assert!(moves.contains(&"e3e8".to_string()), "{moves:?}");
    assert!(moves.contains(&"e3e4".to_string()));
    assert!(!moves.contains(&"e3e5".to_string()));
    assert!(!moves.contains(&"e3e6".to_string()));
    // A cannon checks through one screen; moving the screen along the file does not help.
    let p = pos_in(
        "excitingcannon",
        "**3k3**/*9*/5c5/11/11/11/11/11/11/*4P4*/**3K3**[] w - - 0 1",
    );
    check_exact(&p, 4, "f1e1 f1e2 f1g1 f1g2", true);
}

#[test]
fn exciting9_castling_and_promotion() {
    let p = pos_in("exciting9", "*3k3*/9/9/9/9/9/9/9/*R2K2R* w KQ - 0 1");
    assert_eq!(p.perft(1), 27);
    assert_eq!(
        play(&p, "e1g1").to_fen(),
        "*3k3*/9/9/9/9/9/9/9/*R3RK1* b - - 1 1"
    );
    assert_eq!(
        play(&p, "e1c1").to_fen(),
        "*3k3*/9/9/9/9/9/9/9/*1KR3R* b - - 1 1"
    );
    let p = pos_in("exciting9", "*5k1*/3P5/9/9/9/9/9/9/*3K3* w - - 0 1");
    check_exact(
        &p,
        10,
        "d8d9b d8d9d d8d9n d8d9q d8d9r e1d1 e1d2 e1e2 e1f1 e1f2",
        false,
    );
    // a8 is the a-file pawn's last square on 9x9, and a black square.
    let p = pos_in("exciting9", "*5k1*/9/P8/9/9/9/9/9/*3K3* w - - 0 1");
    let moves = p.legal_moves();
    for m in ["a7a8b", "a7a8d", "a7a8n", "a7a8q", "a7a8r"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.ends_with('t') || m.ends_with('v')));
}

#[test]
fn enclosure_mate_and_stalemate() {
    // Black King on the corner square c11: d11 is White, and the soldier on c9 threatens to
    // step to c10. Every flight square is covered by the rooks.
    let p = pos("**kS4R**/*8R*/2S8/11/11/11/11/11/11/*9*/**3K3**[] b - - 0 1");
    assert!(p.in_check());
    assert!(p.is_checkmate());
    assert!(p.legal_moves().is_empty());
    // Without the c9 soldier: no check, no move.
    let p = pos("**kS4R**/*8R*/11/11/11/11/11/11/11/*9*/**3K3**[] b - - 0 1");
    assert!(!p.in_check());
    assert!(p.is_stalemate());
    // A soldier in hand: 104 drops, one on each empty square.
    let p = pos("**kS4R**/*8R*/11/11/11/11/11/11/11/*9*/**3K3**[s] b - - 0 1");
    assert_eq!(p.perft(1), 104);
    assert!(p.legal_moves().iter().all(|m| m.starts_with("S@")));
}

#[test]
fn halfmove_clock() {
    let p = pos("**3k3**/*9*/11/11/11/11/11/2M1D1S4/11/*9*/**3K3**[S] w - - 5 10");
    let clock = |mv: &str| play(&p, mv).halfmove();
    assert_eq!(clock("g4f4"), 6, "soldier sideways");
    assert_eq!(clock("g4g5"), 0, "soldier forward");
    assert_eq!(clock("e4f5"), 6, "promoted checker");
    assert_eq!(clock("c4d5"), 0, "checker man");
    assert_eq!(clock("f1e1"), 6, "king");
    assert_eq!(clock("S@e10"), 0, "drop");
    let q = pos("**3k3**/*9*/11/11/11/11/11/11/11/*9*/**3K3**[] w - - 5 10");
    assert_eq!(play(&q, "f1e1").fullmove(), 10);
    assert_eq!(play(&play(&q, "f1e1"), "f11e11").fullmove(), 11);
}

#[test]
fn fen_errors() {
    let bad = [
        ("exciting", "R*RBQKBNR**", "piece on a removed square"),
        ("exciting", "*SSTSSTSSSS", "'*' on a board square"),
        ("exciting", "CC", "cannon outside the cannon layout"),
        ("excitingnotigers", "TT", "tiger without tigers"),
        ("exciting", "NOKING", "no king"),
        ("exciting", "HAND", "hand letter other than S"),
        (
            "excitingnoreentry",
            "NOREENTRYHAND",
            "holdings without re-entry",
        ),
        ("exciting", "SHORT", "too few ranks"),
    ];
    for (variant, what, why) in bad {
        let fen = match what {
            "R*RBQKBNR**" => EXCITING_START.replace("**RBQKBNR**[]", "R*RBQKBNR**[]"),
            "*SSTSSTSSSS" => EXCITING_START.replace("SSSTSSTSSSS", "*SSTSSTSSSS"),
            "CC" => EXCITING_START.replace("**RBQKBNR**[]", "**CBQKBNR**[]"),
            "TT" => EXCITING_NOTIGERS_START.replace("SSSSSSSSSSS", "SSSTSSTSSSS"),
            "NOKING" => EXCITING_START.replace("**RBQKBNR**[]", "**RBQ1BNR**[]"),
            "HAND" => EXCITING_START.replace("[]", "[Q]"),
            "NOREENTRYHAND" => {
                EXCITING_NOREENTRY_START.replace("**RBQKBNR** w", "**RBQKBNR**[S] w")
            }
            "SHORT" => EXCITING_START.replace("11/11/11/", "11/11/"),
            _ => unreachable!(),
        };
        match ExcitingPos::from_fen(variant, &fen) {
            Ok(_) => panic!("{why}: '{fen}' was accepted"),
            Err(e) => eprintln!("{why}: {e}"),
        }
    }
    assert!(ExcitingPos::from_fen("exciting9", EXCITING_START).is_err());
    assert!(ExcitingPos::from_fen("nosuchvariant", EXCITING_START).is_err());
    // Empty holdings are fine without re-entry.
    assert!(
        ExcitingPos::from_fen(
            "excitingnoreentry",
            &EXCITING_NOREENTRY_START.replace("**RBQKBNR** w", "**RBQKBNR**[] w")
        )
        .is_ok()
    );
    // `+S` and `+M` read as V and D.
    let p = pos("**3k3**/*9*/11/11/11/11/11/2+M1+S6/11/*9*/**3K3**[] w - - 0 1");
    assert!(p.to_fen().contains("/2D1V6/"), "{}", p.to_fen());
}

// ---------------------------------------------------------------------------------------
// Random playouts: internal consistency.

/// A tiny xorshift PRNG, so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_playouts_are_consistent() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    let mut seen_drop = false;
    let mut seen_multi = false;
    for variant in VARIANTS {
        for _ in 0..8 {
            let mut p = pos_in(variant, start_fen(variant).unwrap());
            for _ in 0..120 {
                if let Err(e) = p.consistency_check() {
                    panic!("{variant}: {e}");
                }
                if let Err(e) = p.attack_cross_check() {
                    panic!("{variant}: {e}");
                }
                positions += 1;
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let forcing = p.forcing_moves();
                let mv = if !forcing.is_empty() && rng.below(3) != 0 {
                    forcing[rng.below(forcing.len())].clone()
                } else {
                    moves[rng.below(moves.len())].clone()
                };
                seen_drop |= mv.contains('@');
                seen_multi |= mv.matches(',').count() >= 2;
                p = play(&p, &mv);
            }
        }
    }
    eprintln!(
        "checked {positions} positions (drop seen: {seen_drop}, multi-kill seen: {seen_multi})"
    );
    assert!(seen_drop, "the playouts should reach a drop");
}

// ---------------------------------------------------------------------------------------
// Timings.

#[test]
#[ignore]
fn start_perft_timings() {
    let depth: u32 = std::env::var("EXCITING_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    for variant in VARIANTS {
        let p = pos_in(variant, start_fen(variant).unwrap());
        for d in 1..=depth {
            let t = Instant::now();
            let n = p.perft(d);
            println!(
                "{variant:18} perft({d}) = {n:>10}  {:>8.3} s",
                t.elapsed().as_secs_f64()
            );
        }
    }
}
