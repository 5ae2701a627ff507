//! Self-test of the Pawnier reference move generator (`tests/reference_pawnier/mod.rs`)
//! against sources that are independent of the engine: the hand-checked test positions
//! P-1..P-6 of `shared/rules/pawnier.md` §I.5, the start position's perft(1) = 79 given
//! there, hand-worked extra rule positions, and the 180° rotation symmetry of the rules
//! (White and Black are mirror images; the holes c5, e6, g7 map onto themselves).
//!
//! Run with `cargo test --release --test reference_pawnier_selftest`; the start-position
//! perft figures with timings are printed by the ignored test `start_perft_timings`
//! (`-- --ignored --nocapture`; depth 3 by default, `PAWNIER_PERFT_DEPTH=4` for more).

mod reference_pawnier;

use reference_pawnier::{PAWNIER_START, PawnierPos};

const START_BLACK: &str =
    "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] b - - 0 1";

const P1: &str = "8k/9/9/9/2s3*2/4*4/2*1P4/3P5/9/9/K8[] w - - 0 1";
const P2: &str = "9/9/1P2k4/1P7/6*2/n3*4/2*6/9/9/9/K8[] b - - 0 1";
const P3: &str = "k8/9/9/9/6*2/4*4/2*P5/9/4N4/9/8K[] w - - 0 1";
const P4: &str = "8k/9/9/9/6*2/4*4/2*6/p8/p3K4/9/9[P] w - - 0 1";
const P5: &str = "7k1/9/9/9/6*Ps/4*4/2*4P1/9/9/9/K8[] w - - 0 1";
const P6: &str = "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1";

fn pos(fen: &str) -> PawnierPos {
    match PawnierPos::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("reference rejected a valid FEN: {e}"),
    }
}

fn play(p: &PawnierPos, mv: &str) -> PawnierPos {
    match p.play(mv) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    }
}

/// A space-separated move list as a sorted vector, with the rules file's `+` marks removed.
fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list
        .split_whitespace()
        .map(|s| s.trim_end_matches('+').to_string())
        .collect();
    v.sort();
    v
}

/// Checks the exact legal-move set of `fen` against a rules-file list, and that exactly the
/// moves marked `+` give check.
fn check_oracle(fen: &str, list: &str) {
    let p = pos(fen);
    let want = set(list);
    let count = list.split_whitespace().count();
    assert_eq!(want.len(), count);
    assert_eq!(p.legal_moves(), want, "legal moves of '{fen}'");
    for tok in list.split_whitespace() {
        let mv = tok.trim_end_matches('+');
        let checks = tok.ends_with('+');
        let q = play(&p, mv);
        assert_eq!(
            q.in_check(),
            checks,
            "'{mv}' in '{fen}' should {}give check",
            if checks { "" } else { "not " }
        );
    }
}

// ---------------------------------------------------------------------------------------
// Rules file §I.5 test positions.

#[test]
fn p1_bishop_powers_and_holes() {
    check_oracle(
        P1,
        "a1a2 a1b1 a1b2 d4b2 d4c3 d4e3 d4f2 d4g1 e5c7 e5d6 e5f4 e5f6 e5g3 e5h2 e5i1",
    );
}

#[test]
fn p2_capturing_the_power_source_ends_check() {
    assert!(pos(P2).in_check());
    check_oracle(P2, "a6b8 e9d10 e9e10 e9f10");
}

#[test]
fn p3_knight_relay() {
    check_oracle(
        P3,
        "d5b4 d5b6 d5c3 d5c7 d5e7 d5f4 d5f6 e3c2 e3c4 e3d1 e3f1 e3f5 e3g2 e3g4 i1h1 i1h2 i1i2",
    );
    // Reading A-P8(a) is not the one chosen: no orthogonal step for a pawn with N-power.
    let moves = pos(P3).legal_moves();
    for m in ["d5d4", "d5d6", "d5e5"] {
        assert!(
            !moves.contains(&m.to_string()),
            "{m} must not be legal (A-P8 (b))"
        );
    }
}

#[test]
fn p4_blocking_a_check_with_a_drop() {
    assert!(pos(P4).in_check());
    check_oracle(P4, "P@b3 P@c3 P@d3 e3d2 e3e2 e3f2");
}

#[test]
fn p5_discovered_power_check_and_powerless_pawns() {
    check_oracle(P5, "a1a2 a1b1 a1b2 h5g5 h5h4 h5h6+ h5i5 h7h6+ h7h8");
}

#[test]
fn p6_sergeant_promotion() {
    check_oracle(P6, "a1a2 a1b1 a1b2 e8d9n e8d9p e8e9n e8e9p e8f9n e8f9p");
    // The promoted piece stands on the arrival square.
    let q = play(&pos(P6), "e8d9n");
    assert_eq!(q.to_fen(), "k8/9/3N5/9/6*2/4*4/2*6/9/9/9/K8[] b - - 0 1");
    let q = play(&pos(P6), "e8e9p");
    assert_eq!(q.to_fen(), "k8/9/3nP4/9/6*2/4*4/2*6/9/9/9/K8[] b - - 0 1");
}

// ---------------------------------------------------------------------------------------
// Start position.

#[test]
fn start_perft1_is_79_for_either_side() {
    assert_eq!(pos(PAWNIER_START).perft(1), 79);
    assert_eq!(pos(START_BLACK).perft(1), 79);
}

#[test]
fn start_move_list_by_hand() {
    // Worked out by hand from the rules: King 4, sergeants 12, pawns 43, drops 20.
    let want = set("h2g1 h2h1 h2i1 h2i2 \
         c3b4 c3c4 c3d4 d3c4 d3d4 d3e4 e3d4 e3e4 e3f4 f3e4 f3f4 g3f4 \
         c2a2 c2b2 c2c1 d2d1 e2e1 f2d1 f2e4 f2f1 f2h1 g2e1 g2f4 g2g1 g2i1 \
         g4a4 g4b4 g4c4 g4d4 g4e4 g4f4 g4g5 g4g6 g4e5 g4f6 g4h6 g4i5 \
         h4h5 h4h6 h4h7 h4h8 h4h9 h4h10 h4h11 h4f5 h4g6 h4i2 h4i6 \
         i4i5 i4i6 i4i7 i4i8 i4i9 i4i10 i4i11 \
         P@a1 P@b1 P@c1 P@d1 P@e1 P@f1 P@g1 P@h1 P@i1 P@a2 P@b2 P@i2 P@a3 P@b3 \
         P@a4 P@b4 P@c4 P@d4 P@e4 P@f4");
    assert_eq!(want.len(), 79);
    assert_eq!(pos(PAWNIER_START).legal_moves(), want);
}

#[test]
fn start_is_rotation_symmetric() {
    let w = pos(PAWNIER_START);
    let b = pos(START_BLACK);
    let mut mapped: Vec<String> = w.legal_moves().iter().map(|m| rotate_move(m)).collect();
    mapped.sort();
    assert_eq!(b.legal_moves(), mapped);
    assert_eq!(w.perft(2), b.perft(2));
}

// ---------------------------------------------------------------------------------------
// FEN.

#[test]
fn fen_round_trips() {
    for fen in [PAWNIER_START, START_BLACK, P1, P2, P3, P4, P5, P6] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Holdings are always written, `[]` when empty; a missing bracket or `[-]` reads as empty.
    let bare = "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8 w - - 0 1";
    assert_eq!(pos(bare).to_fen(), P6);
    let dash = "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[-] w - - 0 1";
    assert_eq!(pos(dash).to_fen(), P6);
    // Hand letters in any order are written White first.
    let mixed =
        "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[pPpPpPpPpPpP] w - - 0 1";
    assert_eq!(pos(mixed).to_fen(), PAWNIER_START);
    // Two-digit counters.
    let clocks = "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[] w - - 37 112";
    assert_eq!(pos(clocks).to_fen(), clocks);
}

#[test]
fn fen_rejections() {
    // (FEN, a word the error message must contain)
    let bad = [
        // a piece on the hole c5
        ("8k/9/9/9/6*2/4*4/2P6/9/9/9/K8[] w - - 0 1", "hole c5"),
        // a '*' where there is no hole
        ("8k/9/9/9/6*2/4*4/2*5*/9/9/9/K8[] w - - 0 1", "not a hole"),
        // the hole e6 written as an empty square
        ("8k/9/9/9/6*2/9/2*6/9/9/9/K8[] w - - 0 1", "e6 is a hole"),
        // no Black king
        (
            "9/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1",
            "Black has no king",
        ),
        // two White kings
        (
            "8k/9/9/9/6*2/4*4/2*6/9/9/9/K7K[] w - - 0 1",
            "White has 2 kings",
        ),
        // the side not to move (Black) in check from the R-powered pawns h3/h4
        (
            "7k1/9/9/9/6*2/4*4/2*6/7P1/7P1/9/K8[] w - - 0 1",
            "not to move is in check",
        ),
        // a hand letter Pawnier does not have
        (
            "8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[N] w - - 0 1",
            "hand letter 'N'",
        ),
        // ten ranks
        ("8k/9/9/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1", "needs 11 ranks"),
        // a rank too long
        ("8k/9/9/9/6*2/4*4/2*6/10/9/9/K8[] w - - 0 1", "too long"),
        // a rank too short
        ("8k/9/9/9/6*2/4*4/2*6/8/9/9/K8[] w - - 0 1", "has 8 files"),
        // an unknown piece letter
        (
            "8k/9/9/9/6*2/4*4/2*6/4Q4/9/9/K8[] w - - 0 1",
            "unknown piece letter 'Q'",
        ),
        // bad side
        (
            "8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] x - - 0 1",
            "side to move 'x'",
        ),
        // castling rights (Pawnier has no castling)
        ("8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w KQ - 0 1", "no castling"),
    ];
    for (fen, why) in bad {
        let err = PawnierPos::from_fen(fen).err();
        assert!(
            err.as_deref().is_some_and(|e| e.contains(why)),
            "FEN '{fen}': expected an error mentioning '{why}', got {err:?}"
        );
    }
}

#[test]
fn pawns_on_ranks_1_and_11() {
    // White pawns on a11 and e10, a Black pawn on c1; all powerless.
    let fen = "P7k/4P4/9/9/6*2/4*4/2*6/9/9/9/K1p6[] w - - 0 1";
    let p = pos(fen);
    assert_eq!(p.to_fen(), fen);
    // The White king may stand next to the powerless c1 pawn (b1, b2), A-P9.
    assert_eq!(
        p.legal_moves(),
        set("a1a2 a1b1 a1b2 a11a10 a11b11 e10d10 e10e11 e10e9 e10f10")
    );
    // No promotion for a pawn reaching rank 11.
    let q = play(&p, "e10e11");
    assert_eq!(q.to_fen(), "P3P3k/9/9/9/6*2/4*4/2*6/9/9/9/K1p6[] b - - 1 1");
    // The Black pawn on c1 steps along rank 1 or up, and captures nothing.
    assert_eq!(q.legal_moves(), set("c1b1 c1c2 c1d1 i11h10 i11h11 i11i10"));
}

// ---------------------------------------------------------------------------------------
// Extra rule positions, worked out by hand.

#[test]
fn drop_gives_discovered_power_check() {
    // The White pawn h5 is powerless; a pawn dropped on h4 gives it R-power up the open h-file.
    let fen = "7k1/9/9/9/6*2/4*4/2*4P1/9/9/9/K8[P] w - - 0 1";
    let p = pos(fen);
    let checking: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| play(&p, m).in_check())
        .collect();
    assert_eq!(checking, vec!["P@h4".to_string()]);
    // 3 king moves + 4 pawn steps + 36 drops (ranks 1-4 empty except a1).
    assert_eq!(p.legal_moves().len(), 3 + 4 + 35);
    let q = play(&p, "P@h4");
    assert_eq!(q.to_fen(), "7k1/9/9/9/6*2/4*4/2*4P1/7P1/9/9/K8[] b - - 0 1");
    // Black escapes: g11, i11, g10, i10 (h10 is on the line).
    assert_eq!(q.legal_moves(), set("h11g10 h11g11 h11i10 h11i11"));
}

#[test]
fn drop_gives_checkmate() {
    // White pawn i5 is powerless; P@i4 gives it R-power up the open i-file to the Black king
    // on i11. The knights f10 and g8 cover h11 and h10, i10 is on the line, Black has no
    // reserve and nothing that can capture or block: mate by a drop (A-P10 allows it).
    let fen = "8k/5N3/9/6N2/6*2/4*4/2*5P/9/9/9/K8[P] w - - 0 1";
    let p = pos(fen);
    let q = play(&p, "P@i4");
    assert!(q.in_check());
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.perft(1), 0);
}

#[test]
fn hole_blocks_slides_and_king() {
    // White pawns d6 and d7 (R-power). d6's eastward line is stopped at once by the hole e6,
    // d7's by the hole g7. The Black king on f6 is therefore not attacked.
    let fen = "9/9/9/9/3P2*2/3P*k3/2*6/9/9/9/K8[] w - - 0 1";
    let p = pos(fen);
    assert_eq!(
        p.legal_moves(),
        set("a1a2 a1b1 a1b2 \
             d6a6 d6b6 d6c6 d6d5 d6d4 d6d3 d6d2 d6d1 \
             d7d8 d7d9 d7d10 d7d11 d7a7 d7b7 d7c7 d7e7 d7f7")
    );
    // d7e7 makes a diagonal pair d6-e7: e7's B-power reaches f6.
    assert!(play(&p, "d7e7").in_check());
    let b = pos("9/9/9/9/3P2*2/3P*k3/2*6/9/9/9/K8[] b - - 0 1");
    assert!(!b.in_check());
    // The king cannot step onto the holes e6 and g7; e7 and f7 are on d7's line.
    assert_eq!(b.legal_moves(), set("f6e5 f6f5 f6g5 f6g6"));
}

#[test]
fn knight_leaps_over_holes_but_not_onto_them() {
    // Knights e4 and f5 leap over the holes (e4-d6 passes c5/e6, f5-e7 passes e6) but may
    // not land on one: e4c5 and f5g7 are not moves.
    let fen = "8k/9/9/9/6*2/4*4/2*2N3/4N4/9/9/K8[] w - - 0 1";
    let p = pos(fen);
    let moves = p.legal_moves();
    for m in ["e4c3", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"] {
        assert!(moves.contains(&m.to_string()), "{m} missing");
    }
    assert!(!moves.contains(&"e4c5".to_string()));
    for m in ["f5d4", "f5d6", "f5e3", "f5e7", "f5g3", "f5h4", "f5h6"] {
        assert!(moves.contains(&m.to_string()), "{m} missing");
    }
    assert!(!moves.contains(&"f5g7".to_string()));
}

#[test]
fn sergeant_promotion_with_capture() {
    // White sergeant e8 facing Black pieces on d9, e9 and f9: every move captures and
    // promotes (straight-ahead captures allowed, A-P14).
    let fen = "k8/9/3npn3/4S4/6*2/4*4/2*6/9/9/9/K8[] w - - 5 9";
    let p = pos(fen);
    assert_eq!(
        p.legal_moves(),
        set("a1a2 a1b1 a1b2 e8d9n e8d9p e8e9n e8e9p e8f9n e8f9p")
    );
    let q = play(&p, "e8e9n");
    assert_eq!(q.to_fen(), "k8/9/3nNn3/9/6*2/4*4/2*6/9/9/9/K8[] b - - 0 9");
    // Black sergeant d4 promotes on rank 3, capturing on c3.
    let fen = "k8/9/9/9/6*2/4*4/2*6/3s5/2P6/9/8K[] b - - 3 20";
    let p = pos(fen);
    assert_eq!(
        p.legal_moves(),
        set("a11a10 a11b10 a11b11 d4c3n d4c3p d4d3n d4d3p d4e3n d4e3p")
    );
    let q = play(&p, "d4c3p");
    assert_eq!(q.to_fen(), "k8/9/9/9/6*2/4*4/2*6/9/2p6/9/8K[] w - - 0 21");
}

#[test]
fn promotion_relays_power() {
    // White pawn c10 is powerless. A sergeant promoting on e9 lands a knight's leap from c10,
    // and both a promoted knight and a promoted pawn give c10 N-power: c10 then attacks a11,
    // a discovered power check. Promotions on d9 and f9 do not.
    let fen = "k8/2P6/9/4S4/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1";
    let p = pos(fen);
    let checking: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| play(&p, m).in_check())
        .collect();
    assert_eq!(checking, set("e8e9n e8e9p"));
    for mv in ["e8e9n", "e8e9p"] {
        let q = play(&p, mv);
        assert_eq!(q.legal_moves(), set("a11a10 a11b10 a11b11"), "after {mv}");
    }
}

#[test]
fn powerless_pawn_gives_no_check_and_no_pin() {
    // White king f9 beside a lone (powerless) Black pawn e9: not in check, and the king may
    // take it or move along beside it (A-P9).
    let fen = "k8/9/4pK3/9/6*2/4*4/2*6/9/9/9/9[] w - - 0 1";
    let p = pos(fen);
    assert!(!p.in_check());
    let moves = p.legal_moves();
    for m in [
        "f9e9", "f9e10", "f9e8", "f9f10", "f9f8", "f9g10", "f9g8", "f9g9",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing");
    }
}

#[test]
fn clocks_and_hands() {
    let p = pos(PAWNIER_START);
    // A pawn move does not reset the halfmove clock.
    let p = play(&p, "h4h5");
    assert_eq!(
        p.to_fen(),
        "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*4P1/6P1P/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] b - - 1 1"
    );
    let p = play(&p, "a8a7");
    assert_eq!(
        p.to_fen(),
        "9/1kppppp2/sssssss2/1pp6/p5*2/4*4/2*4P1/6P1P/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 2 2"
    );
    // A drop resets it and leaves the reserve one pawn short.
    let p = play(&p, "P@a1");
    assert_eq!(
        p.to_fen(),
        "9/1kppppp2/sssssss2/1pp6/p5*2/4*4/2*4P1/6P1P/2SSSSSSS/2PPPPPK1/P8[PPPPPpppppp] b - - 0 2"
    );
    // A king move increments it; a sergeant move resets it.
    let p = play(&p, "b10a11");
    assert!(p.to_fen().ends_with(" w - - 1 3"));
    let p = play(&p, "c3c4");
    assert!(p.to_fen().ends_with(" b - - 0 3"));
}

#[test]
fn drops_only_on_own_first_four_ranks() {
    let p = pos(START_BLACK);
    let drops: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    // Black: ranks 8-11, the mirror image of White's 20 squares.
    assert_eq!(drops.len(), 20);
    for d in &drops {
        let rank: u32 = d[3..].parse().unwrap();
        assert!((8..=11).contains(&rank), "{d}");
    }
    // No drops with an empty reserve.
    let p = pos(P1);
    assert!(p.legal_moves().iter().all(|m| !m.starts_with("P@")));
}

// ---------------------------------------------------------------------------------------
// Rotation symmetry: turning the board 180° and swapping colours must map legal moves onto
// legal moves. Checked on the oracle positions and along pseudo-random games.

fn rotate_square(sq: &str) -> String {
    let f = sq.as_bytes()[0] - b'a';
    let r: u32 = sq[1..].parse().unwrap();
    format!("{}{}", (b'a' + 8 - f) as char, 12 - r)
}

/// Splits `e10e11n` into ("e10", "e11", "n"); a drop `P@e3` into ("P@", "e3", "").
fn split_move(m: &str) -> (String, String, String) {
    if let Some(sq) = m.strip_prefix("P@") {
        return ("P@".to_string(), sq.to_string(), String::new());
    }
    let b = m.as_bytes();
    let mut i = 1;
    while b[i].is_ascii_digit() {
        i += 1;
    }
    let from = &m[..i];
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    (from.to_string(), m[i..j].to_string(), m[j..].to_string())
}

fn rotate_move(m: &str) -> String {
    let (from, to, promo) = split_move(m);
    if from == "P@" {
        format!("P@{}", rotate_square(&to))
    } else {
        format!("{}{}{}", rotate_square(&from), rotate_square(&to), promo)
    }
}

fn rotate_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (board, hand) = fields[0].split_once('[').unwrap();
    let hand = hand.trim_end_matches(']');
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    // Expand each rank into single cells, reverse the cells and the rank order.
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|row| {
            let mut cells: Vec<char> = Vec::new();
            let mut n = 0u32;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    n = n * 10 + d;
                } else {
                    cells.extend(std::iter::repeat_n('.', n as usize));
                    n = 0;
                    cells.push(swap(c));
                }
            }
            cells.extend(std::iter::repeat_n('.', n as usize));
            cells.reverse();
            let mut out = String::new();
            let mut run = 0;
            for c in cells {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out += &run.to_string();
                        run = 0;
                    }
                    out.push(if c == '*' { '*' } else { c });
                }
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    let mut new_hand: Vec<char> = hand.chars().map(swap).collect();
    new_hand.sort(); // upper case (White) sorts before lower case
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!(
        "{}[{}] {} - - {} {}",
        ranks.join("/"),
        new_hand.into_iter().collect::<String>(),
        side,
        fields[4],
        fields[5]
    )
}

fn check_rotation(fen: &str) {
    let p = pos(fen);
    let rfen = rotate_fen(fen);
    let q = pos(&rfen);
    let mut mapped: Vec<String> = p.legal_moves().iter().map(|m| rotate_move(m)).collect();
    mapped.sort();
    assert_eq!(q.legal_moves(), mapped, "rotation of '{fen}' = '{rfen}'");
    assert_eq!(
        p.in_check(),
        q.in_check(),
        "in_check of '{fen}' vs '{rfen}'"
    );
}

#[test]
fn rotation_symmetry_of_oracles() {
    assert_eq!(rotate_fen(PAWNIER_START), START_BLACK);
    for fen in [P1, P2, P3, P4, P5, P6] {
        check_rotation(fen);
        assert_eq!(pos(fen).perft(2), pos(&rotate_fen(fen)).perft(2), "{fen}");
    }
}

#[test]
fn random_games_rotation_and_round_trip() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = 0;
    for _game in 0..12 {
        let mut p = pos(PAWNIER_START);
        for _ply in 0..60 {
            let fen = p.to_fen();
            assert_eq!(pos(&fen), p, "round trip of '{fen}'");
            check_rotation(&fen);
            positions += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = &moves[(next() % moves.len() as u64) as usize];
            p = play(&p, m);
            // The side that just moved is never left in check (from_fen would reject it).
            assert!(PawnierPos::from_fen(&p.to_fen()).is_ok());
        }
    }
    assert!(positions > 300);
}

// ---------------------------------------------------------------------------------------
// Figures for the cross-check of the engine (not asserted: printed only).

#[test]
#[ignore]
fn start_perft_timings() {
    // PAWNIER_PERFT_DEPTH=4 for one more ply (about a minute per side).
    let max: u32 = std::env::var("PAWNIER_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    for fen in [PAWNIER_START, START_BLACK] {
        let p = pos(fen);
        println!("{fen}");
        for depth in 1..=max {
            let t = std::time::Instant::now();
            let n = p.perft(depth);
            println!(
                "  perft({depth}) = {n}  ({:.3} s)",
                t.elapsed().as_secs_f64()
            );
        }
    }
}
