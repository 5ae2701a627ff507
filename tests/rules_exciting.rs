//! The hand-checked Exciting Chess oracles of `rules/exciting.md` §II.5 (E-1..E-6 and the King
//! exemption example) as exact move sets, with the input forms the file says are accepted.
//!
//! Run with `cargo test --release --test rules_exciting`.

use menagerie::notation::parse_move;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup_any};

#[path = "support/oracle.rs"]
mod oracle;
use oracle::{moves, play, set};

fn exciting() -> &'static Variant<u128> {
    match lookup_any("exciting") {
        Some(AnyVariant::Wide(v)) => v,
        _ => panic!("exciting is a wide-board variant"),
    }
}

fn check(fen: &str, count: usize, expected: &str) -> Position<u128> {
    let p = Position::from_fen(exciting(), fen).unwrap_or_else(|e| panic!("'{fen}': {e}"));
    let want = set(expected);
    assert_eq!(want.len(), count, "the oracle's own count for '{fen}'");
    assert_eq!(moves(&p), want, "moves of '{fen}'");
    p
}

/// `alias` reads as the same move as `canonical`.
fn same(p: &Position<u128>, alias: &str, canonical: &str) {
    assert_eq!(
        parse_move(p, alias).unwrap_or_else(|e| panic!("{alias}: {e}")),
        parse_move(p, canonical).unwrap_or_else(|e| panic!("{canonical}: {e}")),
        "{alias} vs {canonical}"
    );
}

#[test]
fn e1_custodian_captures_with_corner_squares() {
    let p = check(
        "**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1",
        14,
        "b3a3 b3b4 c4b4 c4c5 c4d4 d1e1 d2b2,b2c1,c1c3,c3c2 d2c3,c3d3 d2e2 k6j5 k6j6 k6j7 k6k5 k6k7",
    );
    same(&p, "d2c2", "d2b2,b2c1,c1c3,c3c2");
    same(&p, "d2d3", "d2c3,c3d3");
    for bad in ["d1c1", "b3c3"] {
        assert!(
            parse_move(&p, bad).is_err(),
            "{bad}: soldiers never displace"
        );
    }
    // Captured soldiers are not among the victims here; the hand stays empty.
    assert_eq!(
        play(&p, "d2c2").to_fen(),
        "**3k3**/*9*/11/11/11/10K/11/2S8/1S9/*1S7*/**1S5**[] b - - 0 1"
    );
}

#[test]
fn e2_promotion_menu_and_optional_soldier_promotion() {
    let p = check(
        "**2b4**/*2P6*/11/4S6/11/10k/11/11/10K/*9*/**7** w - - 0 1",
        21,
        "d10d11b d10d11d d10d11n d10d11q d10d11r d10d11t d10d11v d10e11b d10e11n d10e11q \
         d10e11r d10e11t d10e11v e8d8 e8e9 e8e9v e8f8 k3j2 k3j3 k3j4 k3k4",
    );
    same(&p, "e8e9+", "e8e9v");
    assert!(
        parse_move(&p, "d10d11+").is_err(),
        "a pawn's menu needs its letter"
    );
}

#[test]
fn e3_multi_jump_and_the_checker_obligation() {
    let p = check(
        "**7**/*9*/11/10k/5m5/11/3m7/2M8/3m7/*6R2*/**3K3** w - - 0 1",
        3,
        "c4d5,d5e6 c4d5,d5f7,f7g8 h2h8",
    );
    same(&p, "c4e6", "c4d5,d5e6");
    same(&p, "c4e6,e6g8", "c4d5,d5f7,f7g8");
}

#[test]
fn e4_soldier_check_blocked_by_a_drop() {
    let p = check(
        "**2SkS2**/*9*/5S5/11/11/11/11/11/11/*9*/**3K3**[s] b - - 0 1",
        6,
        "S@f10 f11e10 f11e11 f11f10 f11g10 f11g11",
    );
    assert!(p.in_check(), "the enclosure threat is a check (II.2.7)");
}

#[test]
fn e5_tiger_and_the_check_exception() {
    check(
        "**7**/*9*/11/10k/3r7/6m4/4T6/11/10K/*9*/**7** w - - 0 1",
        3,
        "e5g6 e5i9 e5j10",
    );
}

#[test]
fn e6_castling() {
    check(
        "**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**R2K2R** w KQ - 0 1",
        14,
        "c1d1 c1e1 c2c3 c2c4 f1d1 f1e1 f1e2 f1f2 f1g1 f1g2 i1g1 i1h1 i2i3 i2i4",
    );
}

#[test]
fn the_king_does_not_trigger_the_obligation() {
    check(
        "**7**/*9*/11/10k/11/11/11/11/11/*3m5*/**3K3** w - - 0 1",
        5,
        "f1e1 f1e2 f1f2 f1g1 f1g2",
    );
}

#[test]
fn crowning_without_its_letter() {
    let p = Position::from_fen(
        exciting(),
        "**7**/*1M7*/11/10k/11/11/11/11/10K/*9*/**7** w - - 0 1",
    )
    .expect("valid");
    same(&p, "c10d11", "c10d11d");
    same(&p, "c10d11+", "c10d11d");
}
