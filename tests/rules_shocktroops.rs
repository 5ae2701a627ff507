//! The hand-checked Shock Troops oracles of `rules/shocktroops.md` §1.8 (ST-T1a..ST-T6c), each as
//! the exact set of canonical move strings the engine generates in the variant the entry names,
//! and the rules around them that a move list does not show: the 50-move reset events (§1.4),
//! no e.p. right from a Ninja Pawn's double step or drop-push (ST-5), drop checks and mates
//! (ST-2), the two-leg drop alias, hands in the key and in repetition, insufficient material.
//!
//! Run with `cargo test --release --test rules_shocktroops`.

use menagerie::board::Color;
use menagerie::game::{Game, Outcome};
use menagerie::notation::parse_move;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

#[path = "support/oracle.rs"]
mod oracle;
use oracle::{moves, play, set};

fn variant(name: &str) -> &'static Variant<u64> {
    match lookup(name) {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("{name} is an 8x8 variant"),
    }
}

fn pos(name: &str, fen: &str) -> Position<u64> {
    Position::from_fen(variant(name), fen).unwrap_or_else(|e| panic!("'{fen}' refused: {e}"))
}

/// Checks the moves of `fen` in variant `name` against the oracle's list (and its count).
fn check(name: &str, fen: &str, count: usize, expected: &str) -> Position<u64> {
    let p = pos(name, fen);
    let want = set(expected);
    assert_eq!(want.len(), count, "the oracle's own count for '{fen}'");
    assert_eq!(moves(&p), want, "moves of '{fen}' in {name}");
    p
}

#[test]
fn st_t1a_war_knight_jumps() {
    check(
        "shocktroops",
        "8/8/8/3P4/3W4/8/8/K6k[] w - - 0 1",
        19,
        "a1a2 a1b1 a1b2 d4b3 d4b4 d4b5 d4c2 d4c4 d4c6 d4d2 d4d3 d4d6 d4e2 d4e4 d4e6 d4f3 d4f4 \
         d4f5 d5d6",
    );
}

#[test]
fn st_t1b_elephant_knight() {
    let p = check(
        "shocktroops",
        "8/8/8/8/3E4/4p3/8/K6k[] w - - 0 1",
        19,
        "a1a2 a1b1 a1b2 d4b2 d4b3 d4b5 d4b6 d4c2 d4c3 d4c5 d4c6 d4e2 d4e3 d4e5 d4e6 d4f2 d4f3 \
         d4f5 d4f6",
    );
    assert!(play(&p, "d4f2").in_check(), "d4f2 gives a knight check");
    let mate = play(&p, "d4f3");
    assert_eq!(
        Game::new(mate).outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        }),
        "d4f3 mates"
    );
}

#[test]
fn st_t1c_drone_pieces() {
    check(
        "shocktroopsdrone",
        "8/8/8/3P4/3W4/8/8/K6k[] w - - 0 1",
        11,
        "a1a2 a1b1 a1b2 d4b4 d4c4 d4d2 d4d3 d4d6 d4e4 d4f4 d5d6",
    );
    check(
        "shocktroopsdrone",
        "8/8/8/8/3E4/4p3/8/K6k[] w - - 0 1",
        11,
        "a1a2 a1b1 a1b2 d4b2 d4b6 d4c3 d4c5 d4e3 d4e5 d4f2 d4f6",
    );
}

#[test]
fn st_t2a_ninja_moves_and_captures() {
    check(
        "shocktroops",
        "7k/8/2p1p3/2pJp3/8/3p1p2/4J3/K7[] w - - 0 1",
        14,
        "a1a2 a1b1 a1b2 d5c5 d5c6 d5d6 d5e5 d5e6 e2d2 e2d3 e2e3 e2e4 e2f2 e2f3",
    );
}

#[test]
fn st_t2b_double_step_tied_to_the_rank() {
    check(
        "shocktroops",
        "4k3/8/8/8/8/8/2J5/4K3[] w - - 0 1",
        9,
        "c2b2 c2c3 c2c4 c2d2 e1d1 e1d2 e1e2 e1f1 e1f2",
    );
}

#[test]
fn st_t3_drops_that_block_a_check() {
    check(
        "shocktroops",
        "7k/8/8/8/8/8/8/r3K3[WEJ] w - - 0 1",
        9,
        "E@b1 E@c1 E@d1 W@b1 W@c1 W@d1 e1d2 e1e2 e1f2",
    );
    check(
        "shocktroopsca",
        "7k/8/8/8/8/8/8/r3K3[CAJ] w - - 0 1",
        9,
        "A@b1 A@c1 A@d1 C@b1 C@c1 C@d1 e1d2 e1e2 e1f2",
    );
}

#[test]
fn st_t4a_ninja_drop_and_push_white() {
    let p = check(
        "shocktroops",
        "8/8/8/4k3/2p5/1p6/P7/K7[J] w - - 0 1",
        23,
        "J@b2 J@c2 J@c3 J@d2 J@d3 J@d4 J@e2 J@e3 J@e4 J@f2 J@f3 J@f4 J@g2 J@g3 J@g4 J@h2 J@h3 \
         J@h4 a1b1 a1b2 a2a3 a2a4 a2b3",
    );
    for (mv, checks) in [
        ("J@d4", true),
        ("J@f4", true),
        ("J@e4", false),
        ("J@d3", false),
    ] {
        assert_eq!(play(&p, mv).in_check(), checks, "{mv} gives check");
    }
    // The push is written on its final square; the two-leg form and a lower-case letter are
    // read as the same move, and the drop leaves no e.p. right.
    let pushed = play(&p, "J@e4");
    assert_eq!(pushed.to_fen(), "8/8/8/4k3/2p1J3/1p6/P7/K7[] b - - 0 1");
    assert_eq!(play(&p, "J@e2,e2e4").key(), pushed.key());
    assert_eq!(play(&p, "j@e4").key(), pushed.key());
    // A push through an occupied square, a sideways push and a drop off the 2nd rank are refused.
    for bad in ["J@b4", "J@c4", "J@e2,e2f3", "J@e5", "J@a1"] {
        assert!(parse_move(&p, bad).is_err(), "{bad} must be refused");
    }
}

#[test]
fn st_t4b_ninja_drop_and_push_black() {
    check(
        "shocktroops",
        "k7/pp6/4P3/8/8/8/8/7K[j] b - - 0 1",
        21,
        "J@c5 J@c6 J@c7 J@d5 J@d6 J@d7 J@e7 J@f5 J@f6 J@f7 J@g5 J@g6 J@g7 J@h5 J@h6 J@h7 a7a5 \
         a7a6 a8b8 b7b5 b7b6",
    );
}

#[test]
fn st_t5_six_promotions_and_sideways_capture_on_rank_7() {
    let p = check(
        "shocktroops",
        "r1n4k/rJb5/8/8/8/8/8/7K[] w - - 0 1",
        22,
        "b7a7 b7a8b b7a8e b7a8n b7a8q b7a8r b7a8w b7b8b b7b8e b7b8n b7b8q b7b8r b7b8w b7c7 b7c8b \
         b7c8e b7c8n b7c8q b7c8r b7c8w h1g1 h1g2",
    );
    for (mv, checks) in [("b7c8q", true), ("b7c8r", true), ("b7c8w", false)] {
        assert_eq!(play(&p, mv).in_check(), checks, "{mv} gives check");
    }
    assert_eq!(
        play(&p, "b7b8w").to_fen(),
        "rWn4k/r1b5/8/8/8/8/8/7K[] b - - 0 1"
    );
}

#[test]
fn st_t6_en_passant_exclusions() {
    check(
        "shocktroops",
        "4k3/8/8/3jP3/8/8/8/4K3[] w - - 0 1",
        6,
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6",
    );
    check(
        "shocktroops",
        "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1",
        7,
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6",
    );
    check(
        "shocktroops",
        "4k3/8/8/3pJ3/8/8/8/4K3[] w - d6 0 1",
        8,
        "e1d1 e1d2 e1e2 e1f1 e1f2 e5d5 e5e6 e5f5",
    );
}

/// ST-5: a Ninja Pawn's double step makes no e.p. right, even with an enemy pawn beside it.
#[test]
fn ninja_double_step_gives_no_en_passant() {
    let p = pos("shocktroops", "4k3/8/8/8/3p4/8/4J3/4K3[] w - - 0 1");
    let q = play(&p, "e2e4");
    assert_eq!(q.ep_square(), None);
    assert!(!moves(&q).contains(&"d4e3".to_string()));
    // The same with a regular pawn gives the right.
    let p = pos("shocktroops", "4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1");
    assert!(moves(&play(&p, "e2e4")).contains(&"d4e3".to_string()));
}

/// §1.4: the clock is reset by captures, drops, regular pawn moves and every Ninja Pawn move
/// but the quiet sideways step.
#[test]
fn fifty_move_reset_events() {
    let p = pos("shocktroops", "4k3/8/8/3p4/8/8/2J1P3/4K2R[WJ] w - - 30 40");
    let clock = |mv: &str| play(&p, mv).halfmove_clock();
    assert_eq!(clock("c2b2"), 31, "a quiet sideways step keeps counting");
    assert_eq!(clock("c2c3"), 0, "a ninja step forward resets");
    assert_eq!(clock("c2c4"), 0, "a ninja double step resets");
    assert_eq!(clock("e2e3"), 0, "a pawn move resets");
    assert_eq!(clock("W@f1"), 0, "a drop resets");
    assert_eq!(clock("J@g4"), 0, "a ninja drop resets");
    assert_eq!(clock("h1h2"), 31, "a rook move counts");
    let q = pos("shocktroops", "4k3/8/8/2pJ4/8/8/8/4K3[] w - - 30 40");
    assert_eq!(
        play(&q, "d5c5").halfmove_clock(),
        0,
        "a sideways capture resets"
    );
}

/// Hands are part of the key and of the FEN, so a repetition needs the same hands.
#[test]
fn hands_in_key_and_fen() {
    let a = pos("shocktroops", "4k3/8/8/8/8/8/8/4K3[WJj] w - - 0 1");
    let b = pos("shocktroops", "4k3/8/8/8/8/8/8/4K3[WJJj] w - - 0 1");
    let c = pos("shocktroops", "4k3/8/8/8/8/8/8/4K3[Jjw] w - - 0 1");
    assert_ne!(a.key(), b.key());
    assert_ne!(a.key(), c.key());
    assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/4K3[WJJj] w - - 0 1");
    let start = pos("shocktroops", variant("shocktroops").start_fen);
    assert_eq!(start.to_fen(), variant("shocktroops").start_fen);
    assert_eq!(start.hand_count(Color::White, kind("shocktroops", 'J')), 2);
}

fn kind(name: &str, letter: char) -> menagerie::board::PieceKind {
    variant(name).kind_of_letter(letter).expect("a kind")
}

/// §1.4: dead material needs empty hands and no pawn of either kind.
#[test]
fn insufficient_material() {
    let dead = |fen: &str| pos("shocktroops", fen).insufficient_material();
    assert!(dead("4k3/8/8/8/8/8/8/4KN2[] w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/4KN2[J] w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/3J4/4KN2[] w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/4KW2[] w - - 0 1"));
}

/// A Ninja Pawn never stands on its last rank (it must promote there).
#[test]
fn ninja_on_its_last_rank_is_refused() {
    assert!(
        Position::from_fen(variant("shocktroops"), "3Jk3/8/8/8/8/8/8/4K3[] w - - 0 1").is_err()
    );
    assert!(
        Position::from_fen(variant("shocktroops"), "4k3/8/8/8/8/8/8/3jK3[] w - - 0 1").is_err()
    );
}

/// ST-2: a drop may mate. A War Knight dropped on f1 checks the king on h2 with its knight leap
/// (which cannot be blocked) and covers g1; the knight covers h1; nothing can take on f1.
#[test]
fn drop_mate() {
    let p = pos("shocktroopsnoninja", "K7/8/8/8/8/6pp/5Nrk/8[W] w - - 0 1");
    let mated = play(&p, "W@f1");
    assert_eq!(
        Game::new(mated).outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

/// Every sub-variant reads its own start position, and the ninja-less ones refuse a J.
#[test]
fn sub_variant_starts() {
    for name in [
        "shocktroops",
        "shocktroopsnoninja",
        "shocktroopsdrone",
        "shocktroopsdronenoninja",
        "shocktroopsca",
        "shocktroopscanoninja",
    ] {
        let v = variant(name);
        let p = pos(name, v.start_fen);
        assert_eq!(p.to_fen(), v.start_fen);
        let n = moves(&p).len();
        let ninjas = !name.contains("noninja");
        // The back rank and the 2nd rank are full, so the start has no drop.
        assert_eq!(n, 20, "{name}");
        assert_eq!(v.kind_of_letter('J').is_some(), ninjas, "{name}");
    }
}
