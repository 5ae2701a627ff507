//! Self-test of the reference move generator (`tests/reference/mod.rs`) against sources that
//! are independent of the engine: published chess perft counts (chessprogramming wiki,
//! "Perft Results") and the hand-checked Shock Chess oracles of `rules/shockchess.md` §2.8.
//!
//! Run with `cargo test --release --test reference_selftest`.

mod reference;

use reference::RefPos;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Positions 3, 4 and 6 are the published FENs. Beware of three easy transcription slips,
// which give different (unpublished) counts: position 3 without the g2 pawn
// (`.../8/4P3/8`: 12 moves, not 14), position 4 with a black knight on h6 (`1b3nbn`:
// perft(2) = 277, not 264), position 6 without Black's g4 bishop and White's a3 pawn
// (`.../2B1P3/2NP1N2/PPP1QPPP/...`: 45 moves, not 46).
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

const SHOCK_START: &str = "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1";

fn pos(variant: &str, fen: &str) -> RefPos {
    match RefPos::from_fen(variant, fen) {
        Ok(p) => p,
        Err(e) => panic!("reference rejected a valid FEN: {e}"),
    }
}

fn play(p: &RefPos, mv: &str) -> RefPos {
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

fn check_perft(variant: &str, fen: &str, expected: &[u64]) {
    let p = pos(variant, fen);
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        let got = p.perft(depth);
        assert_eq!(got, want, "{variant} perft({depth}) of '{fen}'");
    }
}

// ---------------------------------------------------------------------------------------
// Chess: published perft counts (chessprogramming wiki, "Perft Results").

#[test]
fn chess_perft_start() {
    check_perft("chess", START, &[20, 400, 8902, 197_281]);
}

#[test]
fn chess_perft_kiwipete() {
    check_perft("chess", KIWIPETE, &[48, 2039, 97_862]);
}

#[test]
fn chess_perft_position3() {
    check_perft("chess", POS3, &[14, 191, 2812, 43_238]);
}

#[test]
fn chess_perft_position4() {
    check_perft("chess", POS4, &[6, 264, 9467]);
}

#[test]
fn chess_perft_position4_mirrored() {
    check_perft("chess", POS4_MIRRORED, &[6, 264, 9467]);
}

#[test]
fn chess_perft_position5() {
    check_perft("chess", POS5, &[44, 1486, 62_379]);
}

#[test]
fn chess_perft_position6() {
    check_perft("chess", POS6, &[46, 2079, 89_890]);
}

/// One ply deeper on every position (also published). Slower (about 20 million leaves in
/// total); run with `cargo test --release --test reference_selftest -- --ignored`.
#[test]
#[ignore]
fn chess_perft_deeper() {
    check_perft("chess", START, &[20, 400, 8902, 197_281, 4_865_609]);
    check_perft("chess", KIWIPETE, &[48, 2039, 97_862, 4_085_603]);
    check_perft("chess", POS3, &[14, 191, 2812, 43_238, 674_624]);
    check_perft("chess", POS4, &[6, 264, 9467, 422_333]);
    check_perft("chess", POS5, &[44, 1486, 62_379, 2_103_487]);
    check_perft("chess", POS6, &[46, 2079, 89_890, 3_894_594]);
}

#[test]
fn chess_move_strings() {
    let p = pos("chess", START);
    assert_eq!(
        p.legal_moves(),
        set(
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4"
        )
    );
    // Castling is written as the king's move; promotions with q r b n.
    let k = pos("chess", KIWIPETE);
    let km = k.legal_moves();
    assert!(km.contains(&"e1g1".to_string()) && km.contains(&"e1c1".to_string()));
    let p4 = pos("chess", POS4);
    let m4 = p4.legal_moves();
    for s in ["b2a1q", "b2a1r", "b2a1b", "b2a1n", "b2b1q", "b2b1n"] {
        assert!(
            !m4.contains(&s.to_string()),
            "{s}: White is to move in position 4"
        );
    }
    let p4b = play(&p4, "c4c5");
    let m4b = p4b.legal_moves();
    for s in [
        "b2a1q", "b2a1r", "b2a1b", "b2a1n", "b2b1q", "b2b1r", "b2b1b", "b2b1n",
    ] {
        assert!(m4b.contains(&s.to_string()), "{s} missing from {m4b:?}");
    }
}

#[test]
fn chess_en_passant_and_fen_writing() {
    // The e.p. square is written after every double step, whether or not a capture is possible.
    let p = play(&pos("chess", START), "e2e4");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let p = play(&play(&play(&p, "a7a6"), "e4e5"), "d7d5");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    assert!(p.legal_moves().contains(&"e5d6".to_string()));
    let q = play(&p, "e5d6");
    assert_eq!(
        q.to_fen(),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The right lapses after one ply.
    let r = play(&p, "g1f3");
    assert_eq!(
        r.to_fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3"
    );
    // An e.p. capture that would expose the king along the rank is illegal.
    let pin = pos("chess", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!pin.legal_moves().contains(&"e5d6".to_string()));
}

#[test]
fn chess_castling_rights_tracking() {
    // Capturing a rook on its corner removes the right; moving a rook or the king too.
    let p = pos("chess", "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
    let q = play(&p, "g2a8");
    assert_eq!(q.to_fen(), "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    let q = play(&p, "h1h8");
    assert_eq!(q.to_fen(), "r3k2R/8/8/8/8/8/6B1/R3K3 b Qq - 0 1");
    assert!(!q.legal_moves().contains(&"e8g8".to_string()));
    let q = play(&p, "e1e2");
    assert_eq!(q.to_fen(), "r3k2r/8/8/8/8/8/4K1B1/R6R b kq - 1 1");
    let q = play(&p, "e1c1");
    assert_eq!(q.to_fen(), "r3k2r/8/8/8/8/8/6B1/2KR3R b kq - 1 1");
    // Castling through an attacked square is illegal, queen side with b1 attacked is fine.
    let p = pos("chess", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = p.legal_moves();
    assert!(m.contains(&"e1c1".to_string()) && m.contains(&"e1g1".to_string()));
    let p = pos("chess", "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = p.legal_moves();
    assert!(!m.contains(&"e1c1".to_string()) && m.contains(&"e1g1".to_string()));
    let p = pos("chess", "4k3/8/8/8/8/8/8/R3K1rR w KQ - 0 1");
    assert!(p.in_check());
    assert!(!p.legal_moves().contains(&"e1c1".to_string()));
}

#[test]
fn fen_round_trip_over_perft_tree() {
    // from_fen(to_fen(p)) == p for every position two plies deep in several suites.
    for (variant, fen) in [
        ("chess", START),
        ("chess", KIWIPETE),
        ("chess", POS3),
        ("chess", POS4),
        ("chess", POS5),
        ("shockchess", SHOCK_START),
        ("shockchess", "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1"),
    ] {
        let root = pos(variant, fen);
        assert_eq!(root.to_fen(), fen);
        for m1 in root.legal_moves() {
            let p1 = play(&root, &m1);
            assert_eq!(pos(variant, &p1.to_fen()), p1, "{}", p1.to_fen());
            for m2 in p1.legal_moves() {
                let p2 = play(&p1, &m2);
                assert_eq!(pos(variant, &p2.to_fen()), p2, "{}", p2.to_fen());
            }
        }
    }
}

#[test]
fn bad_fens_are_rejected_without_panicking() {
    let bad = [
        ("chess", ""),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
        (
            "chess",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 frozen",
        ),
        (
            "chess",
            "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/*NBQKBNR w - - 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1",
        ),
        ("chess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), // side not to move in check
        ("shockchess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
        ("shockchess", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 thawed"),
        ("shockchess", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 frozen extra"),
        (
            "shockchess",
            "rnbgkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBGKBNR b KQkq e3 0 1 frozen",
        ),
        ("shockchess", "4k3/8/8/8/8/8/8/4K2W w - - 0 1"),
        ("variantx", START),
    ];
    for (variant, fen) in bad {
        assert!(
            RefPos::from_fen(variant, fen).is_err(),
            "'{fen}' ({variant}) should be rejected"
        );
    }
    // Accepted leniencies: missing counters, an empty hand, castling letters in any order,
    // Q as an alias of G in Shock Chess (always written back as G).
    let p = pos(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w qkQK -",
    );
    assert_eq!(p.to_fen(), START);
    let p = pos("shockchess", START);
    assert_eq!(p.to_fen(), SHOCK_START);
    // A frozen side-not-to-move-in-check position is fine in Shock Chess.
    assert!(RefPos::from_fen("shockchess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 frozen").is_ok());
    // Illegal moves are refused.
    let s = pos("chess", START);
    assert!(s.play("e2e5").is_err());
    assert!(s.play("0000").is_err());
    assert!(s.play("").is_err());
}

// ---------------------------------------------------------------------------------------
// Shock Chess: the oracles of rules/shockchess.md §2.8.

/// No General capture can happen in the first three plies (the earliest is on ply 4:
/// 1.e3 Nf6 2.Gh5 Nxh5), and the General moves like a Queen, so these counts equal
/// the chess ones.
#[test]
fn shock_start_matches_chess_for_three_plies() {
    check_perft("shockchess", SHOCK_START, &[20, 400, 8902]);
    let p = pos("shockchess", SHOCK_START);
    let p = play(&play(&play(&p, "e2e3"), "g8f6"), "d1h5");
    assert!(p.legal_moves().contains(&"f6h5".to_string()));
    let q = play(&p, "f6h5");
    assert_eq!(
        q.to_fen(),
        "rnbgkb1r/pppppppp/8/7n/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3 frozen"
    );
    assert_eq!(q.legal_moves(), set("0000"));
    assert_eq!(q.perft(1), 1);
    let r = play(&q, "0000");
    assert_eq!(
        r.to_fen(),
        "rnbgkb1r/pppppppp/8/7n/8/4P3/PPPP1PPP/RNB1KBNR b KQkq - 1 3"
    );
}

#[test]
fn sc_t1_general_capture_in_check() {
    let p = pos("shockchess", "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), set("b2a1 b2b1 b2b8 b2c1 h1g2"));

    let q = play(&p, "b2b8");
    assert_eq!(q.to_fen(), "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen");
    assert!(!q.in_check());
    assert_eq!(q.legal_moves(), set("0000"));
    assert_eq!(
        pos("shockchess", "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen").legal_moves(),
        set("0000")
    );

    let r = play(&q, "0000");
    assert_eq!(r.to_fen(), "1G6/7k/8/8/8/8/8/r6K w - - 1 2");
    assert!(r.in_check());
    assert_eq!(r.legal_moves(), set("b8b1 h1g2 h1h2"));
    assert_eq!(
        pos("shockchess", "1G6/7k/8/8/8/8/8/r6K w - - 1 2").legal_moves(),
        set("b8b1 h1g2 h1h2")
    );
}

#[test]
fn sc_t2_general_capture_with_check_wins() {
    let p = pos("shockchess", "3gk3/8/8/8/8/8/8/3GK3 w - - 0 1");
    assert_eq!(
        p.legal_moves(),
        set(
            "d1a1 d1a4 d1b1 d1b3 d1c1 d1c2 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e2 d1f3 d1g4 d1h5 e1e2 e1f1 e1f2"
        )
    );
    let q = play(&p, "d1d8");
    assert_eq!(q.to_fen(), "3Gk3/8/8/8/8/8/8/4K3 b - - 0 1 frozen");
    // Frozen and in check: no legal move at all (checkmate), not even the pass.
    assert!(q.in_check());
    assert_eq!(q.legal_moves(), Vec::<String>::new());
    assert_eq!(q.perft(1), 0);
    assert!(q.play("0000").is_err());
    let f = pos("shockchess", "3Gk3/8/8/8/8/8/8/4K3 b - - 0 1 frozen");
    assert!(f.in_check());
    assert!(f.legal_moves().is_empty());
}

#[test]
fn sc_t3_pinned_piece_captures_general() {
    let p = pos("shockchess", "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(p.legal_moves(), set("e1d1 e1d2 e1f1 e1f2 e2h5"));
    let q = play(&p, "e2h5");
    assert_eq!(q.to_fen(), "k3r3/8/8/7B/8/8/8/4K3 b - - 0 1 frozen");
    assert_eq!(q.legal_moves(), set("0000"));
    let r = play(&q, "0000");
    assert_eq!(r.to_fen(), "k3r3/8/8/7B/8/8/8/4K3 w - - 1 2");
    assert!(r.in_check());
    assert_eq!(r.legal_moves(), set("e1d1 e1d2 e1f1 e1f2 h5e2 h5e8"));
    assert_eq!(
        pos("shockchess", "k3r3/8/8/7B/8/8/8/4K3 w - - 1 2").legal_moves(),
        set("e1d1 e1d2 e1f1 e1f2 h5e2 h5e8")
    );
}

#[test]
fn sc_t4_king_captures_defended_general() {
    let p = pos("shockchess", "4r2k/8/8/8/8/8/4g3/4K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), set("e1e2"));
    let q = play(&p, "e1e2");
    assert_eq!(q.to_fen(), "4r2k/8/8/8/8/8/4K3/8 b - - 0 1 frozen");
    assert_eq!(q.legal_moves(), set("0000"));
    let r = play(&q, "0000");
    assert_eq!(r.to_fen(), "4r2k/8/8/8/8/8/4K3/8 w - - 1 2");
    assert!(r.in_check());
    assert_eq!(r.legal_moves(), set("e2d1 e2d2 e2d3 e2f1 e2f2 e2f3"));
    assert_eq!(
        pos("shockchess", "4r2k/8/8/8/8/8/4K3/8 w - - 1 2").legal_moves(),
        set("e2d1 e2d2 e2d3 e2f1 e2f2 e2f3")
    );
    // Under orthodox chess rules the same position (with a Queen) is checkmate.
    let c = pos("chess", "4r2k/8/8/8/8/8/4q3/4K3 w - - 0 1");
    assert!(c.in_check() && c.legal_moves().is_empty());
}

#[test]
fn sc_t5_promotion_to_general_and_promotion_capture() {
    let p = pos("shockchess", "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1");
    assert_eq!(
        p.legal_moves(),
        set(
            "b7a8b b7a8g b7a8n b7a8r b7b8b b7b8g b7b8n b7b8r b7c8b b7c8g b7c8n b7c8r c1c2 c1d1 c1d2"
        )
    );
    // Capturing the General with check (down the a-file) wins at once.
    for mv in ["b7a8g", "b7a8r"] {
        let q = play(&p, mv);
        assert!(q.to_fen().ends_with(" b - - 0 1 frozen"), "{}", q.to_fen());
        assert!(q.in_check(), "{mv}");
        assert!(q.legal_moves().is_empty(), "{mv}");
    }
    // Without check, Black must pass.
    for mv in ["b7a8b", "b7a8n"] {
        let q = play(&p, mv);
        assert!(q.to_fen().ends_with(" b - - 0 1 frozen"), "{}", q.to_fen());
        assert!(!q.in_check(), "{mv}");
        assert_eq!(q.legal_moves(), set("0000"), "{mv}");
    }
    assert_eq!(
        play(&p, "b7a8b").to_fen(),
        "B1n5/8/8/8/8/8/8/k1K5 b - - 0 1 frozen"
    );
    assert_eq!(
        play(&p, "b7a8g").to_fen(),
        "G1n5/8/8/8/8/8/8/k1K5 b - - 0 1 frozen"
    );
    // Promotions that capture the knight or do not capture do not freeze.
    assert_eq!(
        play(&p, "b7c8g").to_fen(),
        "g1G5/8/8/8/8/8/8/k1K5 b - - 0 1"
    );
    assert_eq!(
        play(&p, "b7b8g").to_fen(),
        "gGn5/8/8/8/8/8/8/k1K5 b - - 0 1"
    );
    // `q` is read as `g` (SC-8), and the result is the same.
    assert_eq!(play(&p, "b7a8q"), play(&p, "b7a8g"));
    // A promoted General is a shock piece: capturing it freezes White.
    let q = play(&play(&p, "b7b8g"), "a8b8");
    assert_eq!(q.to_fen(), "1gn5/8/8/8/8/8/8/k1K5 w - - 0 2 frozen");
    assert_eq!(q.legal_moves(), set("0000"));
    assert_eq!(play(&q, "0000").to_fen(), "1gn5/8/8/8/8/8/8/k1K5 b - - 1 2");
}
