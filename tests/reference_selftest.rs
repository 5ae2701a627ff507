//! Self-test of the reference move generator (`tests/reference/mod.rs`) against sources that
//! are independent of the engine: published chess perft counts (chessprogramming wiki,
//! "Perft Results"), the hand-checked Shock Chess oracles of `rules/shockchess.md` §2.8, the
//! hand-checked Shock Troops oracles of `rules/shocktroops.md` §1.8, and the Shock Troops
//! (no Ninja Pawn) perft counts of `../shared/anchors/shocktroops-noninja.perft`, on which
//! Fairy-Stockfish and Sjaak II agree.
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

// ---------------------------------------------------------------------------------------
// Shock Troops: the oracles of rules/shocktroops.md §1.8, the anchor perft counts of
// ../shared/anchors/shocktroops-noninja.perft, and the FEN and move-string conventions of
// rules/README.md.

const ST_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1";

/// Every Shock Troops variant with its start FEN (rules/shocktroops.md §1.5).
const ST_VARIANTS: [(&str, &str); 6] = [
    ("shocktroops", ST_START),
    (
        "shocktroopsnoninja",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
    ),
    ("shocktroopsdrone", ST_START),
    (
        "shocktroopsdronenoninja",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
    ),
    (
        "shocktroopsca",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAJJcajj] w KQkq - 0 1",
    ),
    (
        "shocktroopscanoninja",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAca] w KQkq - 0 1",
    ),
];

fn assert_moves(variant: &str, fen: &str, expected: &str) {
    let p = pos(variant, fen);
    let want = set(expected);
    assert_eq!(
        p.legal_moves(),
        want,
        "{variant} '{fen}': left reference, right oracle"
    );
}

#[test]
fn st_t1a_war_knight_jumps() {
    assert_moves(
        "shocktroops",
        "8/8/8/3P4/3W4/8/8/K6k[] w - - 0 1",
        "a1a2 a1b1 a1b2 d4b3 d4b4 d4b5 d4c2 d4c4 d4c6 d4d2 d4d3 d4d6 d4e2 d4e4 d4e6 d4f3 d4f4 d4f5 d5d6",
    );
}

#[test]
fn st_t1b_elephant_knight() {
    let fen = "8/8/8/8/3E4/4p3/8/K6k[] w - - 0 1";
    assert_moves(
        "shocktroops",
        fen,
        "a1a2 a1b1 a1b2 d4b2 d4b3 d4b5 d4b6 d4c2 d4c3 d4c5 d4c6 d4e2 d4e3 d4e5 d4e6 d4f2 d4f3 d4f5 d4f6",
    );
    let p = pos("shocktroops", fen);
    // d4f2 leaps over e3 and gives check; d4f3 is checkmate.
    let q = play(&p, "d4f2");
    assert!(q.in_check());
    assert!(!q.legal_moves().is_empty());
    let q = play(&p, "d4f3");
    assert!(q.in_check());
    assert!(q.legal_moves().is_empty(), "{:?}", q.legal_moves());
    let q = play(&p, "d4e3");
    assert_eq!(q.to_fen(), "8/8/8/8/8/4E3/8/K6k[] b - - 0 1");
}

#[test]
fn st_t1c_drone_pieces() {
    assert_moves(
        "shocktroopsdrone",
        "8/8/8/3P4/3W4/8/8/K6k[] w - - 0 1",
        "a1a2 a1b1 a1b2 d4b4 d4c4 d4d2 d4d3 d4d6 d4e4 d4f4 d5d6",
    );
    assert_moves(
        "shocktroopsdrone",
        "8/8/8/8/3E4/4p3/8/K6k[] w - - 0 1",
        "a1a2 a1b1 a1b2 d4b2 d4b6 d4c3 d4c5 d4e3 d4e5 d4f2 d4f6",
    );
    // The no-ninja drone variant has the same pieces.
    assert_moves(
        "shocktroopsdronenoninja",
        "8/8/8/3P4/3W4/8/8/K6k[] w - - 0 1",
        "a1a2 a1b1 a1b2 d4b4 d4c4 d4d2 d4d3 d4d6 d4e4 d4f4 d5d6",
    );
}

#[test]
fn st_t2a_ninja_moves_and_captures() {
    assert_moves(
        "shocktroops",
        "7k/8/2p1p3/2pJp3/8/3p1p2/4J3/K7[] w - - 0 1",
        "a1a2 a1b1 a1b2 d5c5 d5c6 d5d6 d5e5 d5e6 e2d2 e2d3 e2e3 e2e4 e2f2 e2f3",
    );
}

#[test]
fn st_t2b_ninja_double_step_tied_to_rank() {
    assert_moves(
        "shocktroops",
        "4k3/8/8/8/8/8/2J5/4K3[] w - - 0 1",
        "c2b2 c2c3 c2c4 c2d2 e1d1 e1d2 e1e2 e1f1 e1f2",
    );
    // The same position reached by a drop on d2 and a sideways step to c2.
    let p = pos("shocktroops", "4k3/8/8/8/8/8/8/4K3[Jj] w - - 0 1");
    let p = play(&play(&p, "J@d2"), "e8d8");
    let p = play(&play(&p, "d2c2"), "d8e8");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/2J5/4K3[j] w - - 3 3");
    assert!(p.legal_moves().contains(&"c2c4".to_string()));
    // The Ninja Pawn's double step creates no e.p. square.
    assert_eq!(
        play(&p, "c2c4").to_fen(),
        "4k3/8/8/8/2J5/8/8/4K3[j] b - - 0 3"
    );
}

#[test]
fn st_t3_drops_block_a_check() {
    let fen = "7k/8/8/8/8/8/8/r3K3[WEJ] w - - 0 1";
    assert!(pos("shocktroops", fen).in_check());
    assert_moves(
        "shocktroops",
        fen,
        "E@b1 E@c1 E@d1 W@b1 W@c1 W@d1 e1d2 e1e2 e1f2",
    );
    assert_moves(
        "shocktroopsdrone",
        fen,
        "E@b1 E@c1 E@d1 W@b1 W@c1 W@d1 e1d2 e1e2 e1f2",
    );
    assert_moves(
        "shocktroopsca",
        "7k/8/8/8/8/8/8/r3K3[CAJ] w - - 0 1",
        "A@b1 A@c1 A@d1 C@b1 C@c1 C@d1 e1d2 e1e2 e1f2",
    );
}

#[test]
fn st_t4a_ninja_drop_and_push_white() {
    let fen = "8/8/8/4k3/2p5/1p6/P7/K7[J] w - - 0 1";
    assert_moves(
        "shocktroops",
        fen,
        "J@b2 J@c2 J@c3 J@d2 J@d3 J@d4 J@e2 J@e3 J@e4 J@f2 J@f3 J@f4 J@g2 J@g3 J@g4 J@h2 J@h3 J@h4 a1b1 a1b2 a2a3 a2a4 a2b3",
    );
    let p = pos("shocktroops", fen);
    for mv in ["J@d4", "J@f4"] {
        assert!(play(&p, mv).in_check(), "{mv} gives check");
    }
    for mv in ["J@e4", "J@d3", "J@c3"] {
        assert!(!play(&p, mv).in_check(), "{mv} gives no check");
    }
    // The drop is written on its final square, creates no e.p. square and empties the hand.
    assert_eq!(
        play(&p, "J@e4").to_fen(),
        "8/8/8/4k3/2p1J3/1p6/P7/K7[] b - - 0 1"
    );
    // The two-leg input is an alias.
    assert_eq!(play(&p, "J@e2,e2e4"), play(&p, "J@e4"));
}

#[test]
fn st_t4b_ninja_drop_and_push_black() {
    let fen = "k7/pp6/4P3/8/8/8/8/7K[j] b - - 0 1";
    assert_moves(
        "shocktroops",
        fen,
        "J@c5 J@c6 J@c7 J@d5 J@d6 J@d7 J@e7 J@f5 J@f6 J@f7 J@g5 J@g6 J@g7 J@h5 J@h6 J@h7 a7a5 a7a6 a8b8 b7b5 b7b6",
    );
    assert_eq!(
        play(&pos("shocktroops", fen), "J@d5").to_fen(),
        "k7/pp6/4P3/3j4/8/8/8/7K[] w - - 0 2"
    );
}

#[test]
fn st_t5_promotion_and_sideways_capture_on_rank_7() {
    let fen = "r1n4k/rJb5/8/8/8/8/8/7K[] w - - 0 1";
    assert_moves(
        "shocktroops",
        fen,
        "b7a7 b7a8b b7a8e b7a8n b7a8q b7a8r b7a8w b7b8b b7b8e b7b8n b7b8q b7b8r b7b8w b7c7 b7c8b b7c8e b7c8n b7c8q b7c8r b7c8w h1g1 h1g2",
    );
    let p = pos("shocktroops", fen);
    for mv in ["b7c8q", "b7c8r"] {
        assert!(play(&p, mv).in_check(), "{mv} gives check");
    }
    for mv in ["b7c8b", "b7c8n", "b7c8w", "b7c8e", "b7b8q", "b7a8q"] {
        assert!(!play(&p, mv).in_check(), "{mv} gives no check");
    }
    assert_eq!(
        play(&p, "b7a8w").to_fen(),
        "W1n4k/r1b5/8/8/8/8/8/7K[] b - - 0 1"
    );
    // The promotion set follows the variant's reserve pieces.
    let ca = pos("shocktroopsca", fen);
    let m = ca.legal_moves();
    for s in ["b7a8c", "b7a8a", "b7b8c", "b7c8a"] {
        assert!(m.contains(&s.to_string()), "{s} missing from {m:?}");
    }
    assert!(!m.iter().any(|s| s.ends_with('w') || s.ends_with('e')));
    // Regular pawns promote to the same six (ST-9).
    let pawn = pos("shocktroopsnoninja", "7k/1P6/8/8/8/8/8/K7[] w - - 0 1");
    assert_eq!(
        pawn.legal_moves(),
        set("a1a2 a1b1 a1b2 b7b8b b7b8e b7b8n b7b8q b7b8r b7b8w")
    );
}

#[test]
fn st_t6_en_passant_exclusions() {
    assert_moves(
        "shocktroops",
        "4k3/8/8/3jP3/8/8/8/4K3[] w - - 0 1",
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6",
    );
    assert_moves(
        "shocktroops",
        "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1",
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6",
    );
    assert_moves(
        "shocktroops",
        "4k3/8/8/3pJ3/8/8/8/4K3[] w - d6 0 1",
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5d5 e5e6 e5f5",
    );
    // T6a reached by play: the Ninja Pawn's double step leaves the e.p. field empty.
    let p = pos("shocktroops", "4k3/3j4/8/4P3/8/8/8/4K3[] b - - 0 1");
    let q = play(&p, "d7d5");
    assert_eq!(q.to_fen(), "4k3/8/8/3jP3/8/8/8/4K3[] w - - 0 2");
    // T6b reached by play: a regular pawn's double step writes d6.
    let p = pos("shocktroops", "4k3/3p4/8/4P3/8/8/8/4K3[] b - - 0 1");
    let q = play(&p, "d7d5");
    assert_eq!(q.to_fen(), "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2");
    // A FEN e.p. square behind a Ninja Pawn is not an e.p. right.
    assert!(RefPos::from_fen("shocktroops", "4k3/8/8/3jP3/8/8/8/4K3[] w - d6 0 1").is_err());
}

#[test]
fn st_ninja_attacks_sideways_only_on_enemy_half() {
    // White Ninja Pawn on e5 (enemy half) beside the black king: check.
    assert!(pos("shocktroops", "8/8/8/3kJ3/8/8/8/4K3[] b - - 0 1").in_check());
    // On e4 (own half) it does not attack d4.
    assert!(!pos("shocktroops", "8/8/8/8/3kJ3/8/8/4K3[] b - - 0 1").in_check());
    // Black Ninja Pawn on d4 (Black's enemy half) beside the white king: check; on d5 not.
    assert!(pos("shocktroops", "4k3/8/8/8/3jK3/8/8/8[] w - - 0 1").in_check());
    assert!(!pos("shocktroops", "4k3/8/8/3jK3/8/8/8/8[] w - - 0 1").in_check());
    // A black Ninja Pawn on c3 (Black's enemy half) attacks b2/d2 (diagonally forward) and
    // b3/d3 (sideways), so the white king cannot go to d2.
    let p = pos("shocktroops", "4k3/8/8/8/8/2j5/8/4K3[] w - - 0 1");
    assert_eq!(p.legal_moves(), set("e1d1 e1e2 e1f1 e1f2"));
    // A black Ninja Pawn on d4 gives check to e3 diagonally; the king may take it but may
    // not step to e4, which the Ninja Pawn attacks sideways.
    let p = pos("shocktroops", "4k3/8/8/8/3j4/4K3/8/8[] w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), set("e3d2 e3d3 e3d4 e3e2 e3f2 e3f3 e3f4"));
    // A black Ninja Pawn on d5 (Black's own half) does not attack e5 sideways.
    let p = pos("shocktroops", "4k3/8/4K3/3j4/8/8/8/8[] w - - 0 1");
    assert_eq!(p.legal_moves(), set("e6d5 e6d6 e6e5 e6f5 e6f6"));
}

#[test]
fn st_ninja_promotion_is_mandatory_and_gives_checks() {
    // Forward step to the last rank: six promotions, no plain move.
    let p = pos("shocktroops", "k7/4J3/8/8/8/8/8/K7[] w - - 0 1");
    assert_eq!(
        p.legal_moves(),
        set("a1a2 a1b1 a1b2 e7d7 e7e8b e7e8e e7e8n e7e8q e7e8r e7e8w e7f7")
    );
    // Black Ninja Pawn promotes on rank 1.
    let p = pos("shocktroopsdrone", "k7/8/8/8/8/8/4j3/7K[] b - - 0 1");
    assert_eq!(
        p.legal_moves(),
        set("a8a7 a8b7 a8b8 e2d2 e2e1b e2e1e e2e1n e2e1q e2e1r e2e1w e2f2")
    );
    assert_eq!(
        play(&p, "e2e1w").to_fen(),
        "k7/8/8/8/8/8/8/4w2K[] w - - 0 2"
    );
}

#[test]
fn st_drops_and_castling() {
    let p = pos(
        "shocktroopsnoninja",
        "r3k2r/8/8/8/8/8/8/R3K2R[WEwe] w KQkq - 0 1",
    );
    let m = p.legal_moves();
    for s in [
        "W@b1", "W@c1", "W@d1", "W@f1", "W@g1", "E@b1", "E@g1", "e1g1", "e1c1",
    ] {
        assert!(m.contains(&s.to_string()), "{s} missing from {m:?}");
    }
    assert!(!m.iter().any(|s| s.starts_with("J@")));
    // A drop between king and rook blocks castling but keeps the rights.
    let q = play(&p, "W@b1");
    assert_eq!(q.to_fen(), "r3k2r/8/8/8/8/8/8/RW2K2R[Ewe] b KQkq - 0 1");
    let r = play(&q, "a8a7");
    let m = r.legal_moves();
    assert!(!m.contains(&"e1c1".to_string()) && m.contains(&"e1g1".to_string()));
    assert!(!m.iter().any(|s| s.starts_with("W@")));
    // Black drops on rank 8; a drop that checks.
    let p = pos("shocktroopsnoninja", "4k3/8/8/8/8/8/8/4K3[we] b - - 5 9");
    assert_eq!(
        p.legal_moves(),
        set(
            "E@a8 E@b8 E@c8 E@d8 E@f8 E@g8 E@h8 W@a8 W@b8 W@c8 W@d8 W@f8 W@g8 W@h8 e8d7 e8d8 e8e7 e8f7 e8f8"
        )
    );
    // A drop resets the 50-move counter.
    assert_eq!(
        play(&p, "W@d8").to_fen(),
        "3wk3/8/8/8/8/8/8/4K3[e] w - - 0 10"
    );
    // A drop may give check: a War Knight dropped on e1 checks e3 by its two-square leap.
    let p = pos("shocktroopsnoninja", "8/8/8/8/8/4k3/8/K7[W] w - - 0 1");
    assert!(play(&p, "W@e1").in_check());
    // A drop may mate: W@f1 attacks h1 (two-square leap) and g1 (one step); Black's own
    // drops cannot help.
    let p = pos("shocktroopsnoninja", "8/8/8/8/8/6K1/8/7k[We] w - - 0 1");
    let q = play(&p, "W@f1");
    assert_eq!(q.to_fen(), "8/8/8/8/8/6K1/8/5W1k[e] b - - 0 1");
    assert!(q.in_check() && q.legal_moves().is_empty());
    // With the king in check from a knight no drop helps.
    let p = pos("shocktroopsnoninja", "4k3/8/8/8/8/5n2/8/4K3[WE] w - - 0 1");
    assert_eq!(p.legal_moves(), set("e1d1 e1e2 e1f1 e1f2"));
    // A side with a legal drop is not stalemated.
    let p = pos("shocktroopsnoninja", "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1");
    assert!(!p.in_check() && p.legal_moves().is_empty());
    let p = pos("shocktroopsnoninja", "7k/5Q2/6K1/8/8/8/8/8[e] b - - 0 1");
    assert_eq!(p.legal_moves(), set("E@a8 E@b8 E@c8 E@d8 E@e8 E@f8 E@g8"));
}

#[test]
fn st_halfmove_clock() {
    let p = pos("shocktroops", "4k3/8/8/8/8/8/4J3/4K3[] w - - 7 20");
    // A non-capturing sideways step does not reset the counter; a forward step does.
    assert_eq!(
        play(&p, "e2d2").to_fen(),
        "4k3/8/8/8/8/8/3J4/4K3[] b - - 8 20"
    );
    assert_eq!(
        play(&p, "e2e3").to_fen(),
        "4k3/8/8/8/8/4J3/8/4K3[] b - - 0 20"
    );
    // A sideways capture resets it.
    let p = pos("shocktroops", "4k3/8/8/3nJ3/8/8/8/4K3[] w - - 7 20");
    assert_eq!(
        play(&p, "e5d5").to_fen(),
        "4k3/8/8/3J4/8/8/8/4K3[] b - - 0 20"
    );
}

#[test]
fn st_fen_hands() {
    // Letters in any order on input, canonical order on output; counts as repeated letters.
    for (variant, start) in ST_VARIANTS {
        assert_eq!(pos(variant, start).to_fen(), start, "{variant}");
    }
    let p = pos(
        "shocktroops",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[jJeWwjEJ] w KQkq - 0 1",
    );
    assert_eq!(p.to_fen(), ST_START);
    let p = pos(
        "shocktroopsca",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[jaJcAJCj] w KQkq - 0 1",
    );
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAJJcajj] w KQkq - 0 1"
    );
    // `[]`, `[-]` and no bracket are an empty hand, written `[]`.
    for board in [
        "4k3/8/8/8/8/8/8/4K3",
        "4k3/8/8/8/8/8/8/4K3[]",
        "4k3/8/8/8/8/8/8/4K3[-]",
    ] {
        assert_eq!(
            pos("shocktroops", &format!("{board} w - - 0 1")).to_fen(),
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
        );
    }
    // One side's hand only.
    assert_eq!(
        pos("shocktroops", "4k3/8/8/8/8/8/8/4K3[ej] w - - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/4K3[ej] w - - 0 1"
    );
    let bad = [
        ("shocktroopsnoninja", "4k3/8/8/8/8/8/8/4K3[J] w - - 0 1"),
        ("shocktroopsnoninja", "4k3/8/8/8/8/8/4J3/4K3[] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4K3[C] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4K3[WW] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4K3[jjj] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4K3[W w - - 0 1"),
        ("shocktroops", "4J3/8/8/8/8/8/8/k3K3[] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/4Kj2[] w - - 0 1"),
        ("shocktroopsca", "4k3/8/8/8/8/8/8/4K3[W] w - - 0 1"),
        ("shocktroopsca", "4k3/8/8/8/8/8/4W3/4K3[] w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/4C3/4K3[] w - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/8/4K3[W] w - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/4J3/4K3 w - - 0 1"),
        ("shocktroops", "4k3/8/8/8/8/8/8/3JK3[] b - - 0 1"),
    ];
    for (variant, fen) in bad {
        match RefPos::from_fen(variant, fen) {
            Ok(_) => panic!("'{fen}' ({variant}) should be rejected"),
            Err(e) => println!("rejected as expected: {e}"),
        }
    }
    // The side not to move may not be in check, also by a Ninja Pawn's sideways attack.
    assert!(RefPos::from_fen("shocktroops", "8/8/8/3kJ3/8/8/8/4K3[] w - - 0 1").is_err());
}

#[test]
fn st_fen_round_trip_over_perft_tree() {
    let starts = [
        ("shocktroops", ST_START),
        ("shocktroops", "8/8/8/4k3/2p5/1p6/P7/K7[J] w - - 0 1"),
        ("shocktroops", "r1n4k/rJb5/8/8/8/8/8/7K[] w - - 0 1"),
        (
            "shocktroops",
            "7k/8/2p1p3/2pJp3/8/3p1p2/4J3/K7[jj] w - - 0 1",
        ),
        (
            "shocktroopsdrone",
            "r3k2r/pp3ppp/8/3pP3/8/8/PPP2PPP/R3K2R[WEJJwejj] w KQkq d6 0 1",
        ),
        (
            "shocktroopsca",
            "r3k2r/8/8/8/8/8/8/R3K2R[CAJcaj] b KQkq - 0 1",
        ),
        (
            "shocktroopscanoninja",
            "4k3/1P6/8/8/8/8/6p1/4K3[CAca] w - - 0 1",
        ),
    ];
    for (variant, fen) in starts {
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

/// From the start, no piece leaves the hand before ply 3, so the first two plies match chess
/// in every variant; at ply 3 White's drops add to the count.
#[test]
fn st_start_first_plies() {
    for (variant, start) in ST_VARIANTS {
        let p = pos(variant, start);
        assert_eq!(p.perft(1), 20, "{variant}");
        assert_eq!(p.perft(2), 400, "{variant}");
    }
    // Ninja drops at the start need an empty 2nd-rank square; after 1.e4 J@e2 is possible
    // (and J@e3, but not J@e4, which is occupied).
    let p = play(&play(&pos("shocktroops", ST_START), "e2e4"), "e7e5");
    let m = p.legal_moves();
    assert!(m.contains(&"J@e2".to_string()) && m.contains(&"J@e3".to_string()));
    assert!(!m.contains(&"J@e4".to_string()));
    assert!(m.iter().filter(|s| s.starts_with("J@")).count() == 2);
    // Reserve pieces need an empty back-rank square; f1 was emptied by nothing yet.
    assert!(!m.iter().any(|s| s.starts_with("W@") || s.starts_with("E@")));
}

// ---------------------------------------------------------------------------------------
// Shock Troops without Ninja Pawns: the anchor perft counts (two other engines agree).

/// Counts above this many nodes are skipped, so that the self-test stays fast.
const ANCHOR_NODE_LIMIT: u64 = 8_000_000;

/// One entry of an anchor perft file: variant, FEN, and (depth, nodes) pairs.
struct AnchorEntry {
    variant: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads `../shared/anchors/<file>` (format: `variant NAME`, `fen FEN`, `perft DEPTH NODES`
/// lines, a blank line between entries, `#` comments). `None` if the file is missing.
fn read_anchor_file(file: &str) -> Option<Vec<AnchorEntry>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/anchors")
        .join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            println!("skipped: cannot read {}: {e}", path.display());
            return None;
        }
    };
    let mut entries: Vec<AnchorEntry> = Vec::new();
    let mut current: Option<AnchorEntry> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            entries.extend(current.take());
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "variant" => {
                entries.extend(current.take());
                current = Some(AnchorEntry {
                    variant: rest.to_string(),
                    fen: String::new(),
                    counts: Vec::new(),
                });
            }
            "fen" => {
                current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{file}:{}: fen before variant", n + 1))
                    .fen = rest.to_string();
            }
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth: u32 = it
                    .next()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or_else(|| panic!("{file}:{}: bad perft line '{line}'", n + 1));
                let nodes: u64 = it
                    .next()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or_else(|| panic!("{file}:{}: bad perft line '{line}'", n + 1));
                current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{file}:{}: perft before variant", n + 1))
                    .counts
                    .push((depth, nodes));
            }
            _ => panic!("{file}:{}: unknown line '{line}'", n + 1),
        }
    }
    entries.extend(current.take());
    Some(entries)
}

/// Checks every anchor count of `variant` up to `ANCHOR_NODE_LIMIT` nodes.
fn check_anchor_perft(variant: &str) {
    let Some(entries) = read_anchor_file("shocktroops-noninja.perft") else {
        return;
    };
    let mut checked = 0;
    for e in entries.iter().filter(|e| e.variant == variant) {
        let p = pos(variant, &e.fen);
        for &(depth, nodes) in &e.counts {
            if nodes > ANCHOR_NODE_LIMIT {
                println!(
                    "{variant} '{}': perft({depth}) = {nodes} skipped (too slow)",
                    e.fen
                );
                continue;
            }
            let start = std::time::Instant::now();
            let got = p.perft(depth);
            println!(
                "{variant} '{}': perft({depth}) = {got} in {:.2?}",
                e.fen,
                start.elapsed()
            );
            assert_eq!(
                got, nodes,
                "{variant} perft({depth}) of '{}' (left reference, right anchor)",
                e.fen
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no anchor count of {variant} was checked");
}

#[test]
fn st_anchor_perft_noninja() {
    check_anchor_perft("shocktroopsnoninja");
}

#[test]
fn st_anchor_perft_dronenoninja() {
    check_anchor_perft("shocktroopsdronenoninja");
}

#[test]
fn st_anchor_perft_canoninja() {
    check_anchor_perft("shocktroopscanoninja");
}
