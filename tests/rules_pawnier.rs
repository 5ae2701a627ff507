//! The hand-checked Pawnier oracles of `rules/pawnier.md` §I.5 (P-1..P-6), each as the exact
//! set of canonical move strings the engine generates, with the checks the file marks with `+`;
//! and the rules around them: the start position, drops that give power checks, the 50-move
//! reset events (A-P13), bare kings, ranks 10 and 11 in FENs and move strings.
//!
//! Run with `cargo test --release --test rules_pawnier`.

use menagerie::board::Color;
use menagerie::game::{Game, Outcome};
use menagerie::notation::parse_move;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

#[path = "support/oracle.rs"]
mod oracle;
use oracle::{moves, play};

fn pawnier() -> &'static Variant<u128> {
    match lookup("pawnier") {
        Some(AnyVariant::Wide(v)) => v,
        _ => panic!("pawnier is a wide-board variant"),
    }
}

fn pos(fen: &str) -> Position<u128> {
    Position::from_fen(pawnier(), fen).unwrap_or_else(|e| panic!("'{fen}' refused: {e}"))
}

/// Checks `fen` against an oracle list written as in the rules file: `+` marks a check.
fn check(fen: &str, count: usize, expected: &str) -> Position<u128> {
    let p = pos(fen);
    let mut want: Vec<String> = expected
        .split_whitespace()
        .map(|m| m.trim_end_matches('+').to_string())
        .collect();
    want.sort();
    assert_eq!(want.len(), count, "the oracle's own count for '{fen}'");
    assert_eq!(moves(&p), want, "moves of '{fen}'");
    for m in expected.split_whitespace() {
        let gives = m.ends_with('+');
        let after = play(&p, m.trim_end_matches('+'));
        assert_eq!(after.in_check(), gives, "{m} in '{fen}': check");
    }
    p
}

#[test]
fn p1_bishop_powers_and_holes() {
    check(
        "8k/9/9/9/2s3*2/4*4/2*1P4/3P5/9/9/K8[] w - - 0 1",
        15,
        "a1a2 a1b1 a1b2 d4b2 d4c3 d4e3 d4f2 d4g1 e5c7 e5d6 e5f4 e5f6 e5g3 e5h2 e5i1",
    );
}

#[test]
fn p2_capturing_the_power_source_ends_a_check() {
    let p = check(
        "9/9/1P2k4/1P7/6*2/n3*4/2*6/9/9/9/K8[] b - - 0 1",
        4,
        "a6b8 e9d10 e9e10 e9f10",
    );
    assert!(p.in_check());
}

#[test]
fn p3_knight_relay_without_the_powerless_step() {
    check(
        "k8/9/9/9/6*2/4*4/2*P5/9/4N4/9/8K[] w - - 0 1",
        17,
        "d5b4 d5b6 d5c3 d5c7 d5e7 d5f4 d5f6 e3c2 e3c4 e3d1 e3f1 e3f5 e3g2 e3g4 i1h1 i1h2 i1i2",
    );
}

#[test]
fn p4_blocking_a_check_with_a_drop() {
    check(
        "8k/9/9/9/6*2/4*4/2*6/p8/p3K4/9/9[P] w - - 0 1",
        6,
        "P@b3 P@c3 P@d3 e3d2 e3e2 e3f2",
    );
}

#[test]
fn p5_discovered_power_check_and_powerless_pawns() {
    check(
        "7k1/9/9/9/6*Ps/4*4/2*4P1/9/9/9/K8[] w - - 0 1",
        9,
        "a1a2 a1b1 a1b2 h5g5 h5h4 h5h6+ h5i5 h7h6+ h7h8",
    );
}

#[test]
fn p6_sergeant_promotion() {
    let p = check(
        "k8/9/3n5/4S4/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1",
        9,
        "a1a2 a1b1 a1b2 e8d9n e8d9p e8e9n e8e9p e8f9n e8f9p",
    );
    assert_eq!(
        play(&p, "e8d9n").to_fen(),
        "k8/9/3N5/9/6*2/4*4/2*6/9/9/9/K8[] b - - 0 1"
    );
}

#[test]
fn start_position() {
    let v = pawnier();
    let p = pos(v.start_fen);
    assert_eq!(p.to_fen(), v.start_fen);
    // rules/pawnier.md I.1: perft(1) = 79 for either side to move.
    assert_eq!(moves(&p).len(), 79);
    let black = pos(&v.start_fen.replace(" w ", " b "));
    assert_eq!(moves(&black).len(), 79);
    assert_eq!(
        p.hand_count(Color::White, v.kind_of_letter('P').unwrap()),
        6
    );
}

/// I.2.6: a drop can give check by lending a power (here R-power up the h-file).
#[test]
fn drop_gives_a_power_check() {
    let p = pos("7k1/9/9/9/6*2/4*4/2*6/7P1/9/9/K8[P] w - - 0 1");
    assert!(!p.in_check());
    let after = play(&p, "P@h3");
    assert!(after.in_check(), "h3 lends h4 the rook power up to h11");
    assert_eq!(
        after.to_fen(),
        "7k1/9/9/9/6*2/4*4/2*6/7P1/7P1/9/K8[] b - - 0 1"
    );
}

/// A-P13: captures, drops and sergeant moves reset the clock; pawn and king moves do not.
#[test]
fn fifty_move_reset_events() {
    let p = pos("8k/9/9/9/6*2/4*4/2*6/3s5/2S6/P8/K8[P] w - - 40 60");
    let clock = |m: &str| play(&p, m).halfmove_clock();
    assert_eq!(clock("a2b2"), 41, "a powerless pawn step");
    assert_eq!(clock("a1b1"), 41, "a king step");
    assert_eq!(clock("c3c4"), 0, "a sergeant step");
    assert_eq!(clock("c3d4"), 0, "a sergeant capture");
    assert_eq!(clock("P@e1"), 0, "a drop");
}

/// I.2.8: bare kings draw only with both reserves empty.
#[test]
fn bare_kings() {
    let dead = |fen: &str| pos(fen).insufficient_material();
    assert!(dead("8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1"));
    assert!(!dead("8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[p] w - - 0 1"));
    assert!(!dead("8k/9/9/9/6*2/4*4/2*6/9/9/9/KN7[] w - - 0 1"));
    let g = Game::new(pos("8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1"));
    assert_eq!(g.outcome(), Some(Outcome::InsufficientMaterial));
}

/// Pawns may stand on ranks 1 and 11; squares of ranks 10 and 11 read and write.
#[test]
fn ranks_ten_and_eleven() {
    let p = pos("P7k/9/9/9/6*2/4*4/2*6/9/9/9/K7p[] w - - 0 1");
    assert!(moves(&p).contains(&"a11a10".to_string()));
    let after = play(&p, "a11a10");
    assert_eq!(
        after.to_fen(),
        "8k/P8/9/9/6*2/4*4/2*6/9/9/9/K7p[] b - - 1 1"
    );
    assert!(parse_move(&p, "a11a12").is_err());
    assert!(parse_move(&p, "c5c6").is_err(), "c5 is a hole");
}

/// Holes are refused as squares of a FEN and as drop targets.
#[test]
fn holes_in_fens() {
    // A piece on a hole is refused; an empty run over a hole is read leniently.
    assert!(Position::from_fen(pawnier(), "8k/9/9/9/6*2/4P4/2*6/9/9/9/K8[] w - - 0 1").is_err());
    assert_eq!(
        pos("8k/9/9/9/9/4*4/2*6/9/9/9/K8[] w - - 0 1").to_fen(),
        "8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[] w - - 0 1"
    );
    let p = pos("8k/9/9/9/6*2/4*4/2*6/9/9/9/K8[P] w - - 0 1");
    assert!(parse_move(&p, "P@c5").is_err());
    assert!(parse_move(&p, "P@c4").is_ok());
    assert!(
        parse_move(&p, "P@a5").is_err(),
        "rank 5 is beyond the drop zone"
    );
}
