//! The hand-checked Shock Chess oracles of `rules/shockchess.md` §2.8 (SC-T1..SC-T5), each as
//! the exact set of canonical move strings the engine generates, with the follow-up positions the
//! rules file prints (after the General capture, after the pass), the shock mates and the
//! parser's handling of a frozen position (§2.3.1, §2.4).
//!
//! Run with `cargo test --release --test rules_shockchess`.

use menagerie::board::Color;
use menagerie::game::{Game, Outcome};
use menagerie::notation::{MoveError, parse_move, render};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

#[path = "support/oracle.rs"]
mod oracle;
use oracle::{moves, play, set};

fn shock() -> &'static Variant<u64> {
    match lookup("shockchess") {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("shockchess is an 8x8 variant"),
    }
}

fn pos(fen: &str) -> Position<u64> {
    Position::from_fen(shock(), fen).unwrap_or_else(|e| panic!("'{fen}' refused: {e}"))
}

/// The outcome of a game started at `p`.
fn outcome(p: &Position<u64>) -> Option<Outcome> {
    Game::new(*p).outcome()
}

/// Checks the moves of `fen`, and that reading the FEN gives back the same FEN.
fn check(fen: &str, expected: &str) -> Position<u64> {
    let p = pos(fen);
    assert_eq!(p.to_fen(), fen, "FEN round trip");
    assert_eq!(moves(&p), set(expected), "moves of '{fen}'");
    p
}

/// A position reached by play must print `fen`, and `fen` read afresh must give the same
/// position (key included) and the same moves.
fn check_reached(p: &Position<u64>, fen: &str, expected: &str) {
    assert_eq!(p.to_fen(), fen);
    assert_eq!(moves(p), set(expected), "moves of '{fen}' reached by play");
    let read = check(fen, expected);
    assert_eq!(read.key(), p.key(), "key of '{fen}' read vs reached");
}

#[test]
fn sc_t1_general_capture_while_in_check() {
    let p = check(
        "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
        "b2a1 b2b1 b2b8 b2c1 h1g2",
    );
    assert!(p.in_check());
    assert_eq!(outcome(&p), None);

    let frozen = play(&p, "b2b8");
    check_reached(&frozen, "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen", "0000");
    assert!(frozen.is_frozen());
    assert!(!frozen.in_check(), "Black is not in check");
    assert_eq!(outcome(&frozen), None, "the game goes on");

    let after = play(&frozen, "0000");
    check_reached(&after, "1G6/7k/8/8/8/8/8/r6K w - - 1 2", "b8b1 h1g2 h1h2");
    assert!(!after.is_frozen());
    assert!(after.in_check(), "White is still in check");
    assert_eq!(outcome(&after), None);
}

#[test]
fn sc_t2_general_capture_with_check_wins() {
    let p = check(
        "3gk3/8/8/8/8/8/8/3GK3 w - - 0 1",
        "d1a1 d1a4 d1b1 d1b3 d1c1 d1c2 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e2 d1f3 d1g4 d1h5 \
         e1e2 e1f1 e1f2",
    );
    let mate = play(&p, "d1d8");
    check_reached(&mate, "3Gk3/8/8/8/8/8/8/4K3 b - - 0 1 frozen", "");
    assert!(mate.is_frozen() && mate.in_check());
    let white_wins = Some(Outcome::Checkmate {
        winner: Color::White,
    });
    assert_eq!(outcome(&mate), white_wins, "frozen in check is mate");

    // The same through a game played from the start of the oracle.
    let mut game = Game::new(p);
    game.play(parse_move(&p, "d1d8").expect("d1d8 is legal"));
    assert_eq!(game.outcome(), white_wins);
    assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
    // No pass is recorded: the parser refuses it, and any other move too.
    assert!(parse_move(&mate, "0000").is_err());
    assert!(parse_move(&mate, "e8e7").is_err());
}

#[test]
fn sc_t3_pinned_piece_captures_general() {
    let p = check(
        "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
        "e1d1 e1d2 e1f1 e1f2 e2h5",
    );
    let frozen = play(&p, "e2h5");
    check_reached(&frozen, "k3r3/8/8/7B/8/8/8/4K3 b - - 0 1 frozen", "0000");
    assert!(!frozen.in_check());
    let after = play(&frozen, "0000");
    check_reached(
        &after,
        "k3r3/8/8/7B/8/8/8/4K3 w - - 1 2",
        "e1d1 e1d2 e1f1 e1f2 h5e2 h5e8",
    );
    assert!(after.in_check());
}

#[test]
fn sc_t4_king_captures_defended_general() {
    let p = check("4r2k/8/8/8/8/8/4g3/4K3 w - - 0 1", "e1e2");
    assert!(p.in_check());
    assert_eq!(outcome(&p), None, "decision SC-3 (b): not checkmate");
    let frozen = play(&p, "e1e2");
    check_reached(&frozen, "4r2k/8/8/8/8/8/4K3/8 b - - 0 1 frozen", "0000");
    let after = play(&frozen, "0000");
    check_reached(
        &after,
        "4r2k/8/8/8/8/8/4K3/8 w - - 1 2",
        "e2d1 e2d2 e2d3 e2f1 e2f2 e2f3",
    );
    assert!(after.in_check());
}

#[test]
fn sc_t5_promotion_to_general_and_promotion_capture() {
    let fen = "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1";
    let p = check(
        fen,
        "b7a8b b7a8g b7a8n b7a8r b7b8b b7b8g b7b8n b7b8r b7c8b b7c8g b7c8n b7c8r c1c2 c1d1 c1d2",
    );
    let white_wins = Some(Outcome::Checkmate {
        winner: Color::White,
    });
    // Capturing the General with check down the a-file wins at once.
    for (mv, letter) in [("b7a8g", 'G'), ("b7a8r", 'R')] {
        let q = play(&p, mv);
        check_reached(
            &q,
            &format!("{letter}1n5/8/8/8/8/8/8/k1K5 b - - 0 1 frozen"),
            "",
        );
        assert!(q.in_check());
        assert_eq!(outcome(&q), white_wins, "{mv}");
    }
    // Without check Black is frozen and must pass; then White moves again.
    for (mv, letter) in [("b7a8b", 'B'), ("b7a8n", 'N')] {
        let q = play(&p, mv);
        check_reached(
            &q,
            &format!("{letter}1n5/8/8/8/8/8/8/k1K5 b - - 0 1 frozen"),
            "0000",
        );
        assert!(!q.in_check());
        assert_eq!(outcome(&q), None, "{mv}");
        let r = play(&q, "0000");
        assert_eq!(
            r.to_fen(),
            format!("{letter}1n5/8/8/8/8/8/8/k1K5 w - - 1 2")
        );
        assert_eq!(r.side_to_move(), Color::White);
    }
    // Promotions elsewhere do not freeze; the knight capture on c8 neither.
    for mv in ["b7b8g", "b7b8n", "b7c8g", "b7c8r"] {
        let q = play(&p, mv);
        assert!(!q.is_frozen(), "{mv} freezes");
        assert!(!moves(&q).contains(&"0000".to_string()), "{mv}");
    }
    // The promoted General is a General: it freezes when captured (decision SC-2).
    let q = play(&p, "b7b8g");
    assert_eq!(q.to_fen(), "gGn5/8/8/8/8/8/8/k1K5 b - - 0 1");
    let r = play(&q, "a8b8");
    assert_eq!(r.to_fen(), "1gn5/8/8/8/8/8/8/k1K5 w - - 0 2 frozen");
    assert_eq!(moves(&r), set("0000"));
    // The Queen letter is read as the General (decision SC-8).
    assert_eq!(parse_move(&p, "b7a8q"), parse_move(&p, "b7a8g"));
    assert_eq!(parse_move(&p, "b7b8Q"), parse_move(&p, "b7b8g"));
    assert_eq!(pos("q1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1").to_fen(), fen);
}

#[test]
fn frozen_side_must_pass() {
    let frozen = pos("1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen");
    let pass = frozen.make_move(&parse_move(&frozen, "0000").expect("the pass"));
    for input in [
        "0000",
        "@@@@",
        "--",
        "pass",
        "null",
        "usermove @@@@",
        "0000;",
    ] {
        let entry = parse_move(&frozen, input).unwrap_or_else(|e| panic!("'{input}': {e}"));
        assert_eq!(render(&frozen, &entry), "0000", "{input}");
        assert_eq!(frozen.make_move(&entry).to_fen(), pass.to_fen(), "{input}");
    }
    // Any other move, legal-looking or not, is refused with the reason.
    for input in ["h7h6", "h7g7", "a1a2", "b8b1", "e2e4", "a1h1"] {
        match parse_move(&frozen, input) {
            Err(MoveError::Illegal {
                reason: Some(reason),
                ..
            }) => assert_eq!(reason, "you must pass", "{input}"),
            other => panic!("'{input}' in a frozen position gave {other:?}"),
        }
    }
    // A pass is refused where the side to move is not frozen.
    let start = Position::start(shock());
    for input in ["0000", "@@@@", "--", "pass", "null"] {
        assert!(parse_move(&start, input).is_err(), "{input}");
    }
}

#[test]
fn start_position() {
    let p = Position::start(shock());
    assert_eq!(
        p.to_fen(),
        "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1"
    );
    assert_eq!(
        moves(&p),
        set(
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 \
             g2g3 g2g4 h2h3 h2h4"
        )
    );
}
