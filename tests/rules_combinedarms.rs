//! The hand-checked Combined Arms oracles of `rules/combinedarms.md` §3.9 (CA-T1a..CA-T6), each
//! as the exact set of canonical (kill-chain) move strings, with the check states they imply; and
//! the rules around them: castling rights from the placement, the 50-move reset events (3.6),
//! dead positions (CA-18), stalemate, and every accepted input form of a move (kill chains in any
//! order, route aliases, prefixes) read back as the same move.
//!
//! Run with `cargo test --release --test rules_combinedarms`.

use menagerie::board::{Color, MoveList};
use menagerie::game::{Game, Outcome};
use menagerie::movegen::generate_legal;
use menagerie::notation::{parse_move, render};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

#[path = "support/oracle.rs"]
mod oracle;
use oracle::{moves, play, set};

fn arms() -> &'static Variant<u64> {
    match lookup("combinedarms") {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("combinedarms is an 8x8 variant"),
    }
}

fn pos(fen: &str) -> Position<u64> {
    Position::from_fen(arms(), fen).unwrap_or_else(|e| panic!("'{fen}' refused: {e}"))
}

fn check(fen: &str, count: usize, expected: &str) -> Position<u64> {
    let p = pos(fen);
    let want = set(expected);
    assert_eq!(want.len(), count, "the oracle's own count for '{fen}'");
    assert_eq!(moves(&p), want, "moves of '{fen}'");
    p
}

#[test]
fn ca_t1a_armor_footprint() {
    check(
        "7k/8/8/8/3N4/8/8/K7 w - - 0 1",
        19,
        "a1a2 a1b1 a1b2 d4a4 d4b3 d4b5 d4c2 d4c4 d4c6 d4d1 d4d3 d4d5 d4d7 d4e2 d4e4 d4e6 d4f3 \
         d4f5 d4g4",
    );
}

#[test]
fn ca_t1b_armor_drives_through_the_enemy_king() {
    check(
        "8/8/8/8/8/3k4/8/K2N4 w - - 0 1",
        12,
        "a1a2 a1b1 a1b2 d1b2 d1c1 d1c3 d1d2 d1d4 d1e1 d1e3 d1f2 d1g1",
    );
}

#[test]
fn ca_t2_armor_multi_kill() {
    let p = check(
        "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1",
        28,
        "a1a2 a1b1 a1b2 c3a2 c3a4 c3b1 c3b3 c3b5 c3c2 c3d1 c3d3 c3d3,d3b3 c3d3,d3c2 c3d3,d3d1 \
         c3d3,d3d4,d4d5 c3d3,d3d4,d4e4 c3d3,d3e2 c3d3,d3e4 c3d3,d3f3 c3d4,d4d3 c3e2 c4b3 c4b4 \
         c4b5 c4c5 c4d3 c4d4 c4d5",
    );
    let after = play(&p, "c3d3,d3d4,d4e4");
    assert_eq!(after.to_fen(), "7k/8/8/8/2P1N3/8/8/K7 b - - 0 1");
}

#[test]
fn ca_t3a_light_artillery() {
    let p = check(
        "7k/8/8/8/3p4/n7/8/B6K w - - 0 1",
        10,
        "a1a3,a3a1 a1a3,a3b2 a1a3,a3c3 a1b2 a1c3 a1d4,d4b2 a1d4,d4c3 h1g1 h1g2 h1h2",
    );
    // The shot leaves the bishop where it is.
    assert_eq!(
        play(&p, "a1a3,a3a1").to_fen(),
        "7k/8/8/8/3p4/8/8/B6K b - - 0 1"
    );
}

#[test]
fn ca_t3b_heavy_artillery() {
    check(
        "3n3k/3p2b1/3p4/8/r2R3p/8/8/K7 w - - 0 1",
        17,
        "a1a2 a1b1 a1b2 d4a4,a4d4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4d7,d7d4 d4d8,d8d4 d4e4 d4f4 \
         d4g4 d4g7,g7d4 d4h4,h4d4",
    );
}

#[test]
fn ca_t4a_aviation_and_the_no_fly_zone() {
    let fen = "7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1";
    let p = pos(fen);
    let mut want = set("a1a2 a1b1 a1b2 d1c4");
    let no_fly = ["e5", "e7", "f6", "f7", "f8", "g5", "g6", "g8", "h6", "h7"];
    let occupied = ["a1", "d1", "c4", "g7", "h8"];
    for file in 'a'..='h' {
        for rank in 1..=8 {
            let sq = format!("{file}{rank}");
            if !no_fly.contains(&sq.as_str()) && !occupied.contains(&sq.as_str()) {
                want.push(format!("d1{sq}"));
            }
        }
    }
    for x in [
        "a2", "a4", "a6", "b3", "b4", "b5", "c2", "c3", "c5", "c6", "d3", "d4", "d5", "e2", "e4",
        "e6",
    ] {
        want.push(format!("d1c4,c4{x}"));
    }
    want.sort();
    assert_eq!(want.len(), 69);
    assert_eq!(moves(&p), want, "moves of '{fen}'");
}

#[test]
fn ca_t4b_the_artillery_umbrella() {
    let p = check("2b1k3/8/8/8/8/8/8/Q6K b - - 0 1", 4, "c8d7 c8e6 e8d7 e8d8");
    assert!(!p.in_check(), "e8 is under its own bishop's umbrella");
    check(
        "2b1k3/8/8/8/8/8/8/7K b - - 0 1",
        12,
        "c8a6 c8b7 c8d7 c8e6 c8f5 c8g4 c8h3 e8d7 e8d8 e8e7 e8f7 e8f8",
    );
}

#[test]
fn ca_t5a_castling_at_any_time() {
    let p = check(
        "4k3/8/8/8/8/5p2/1p6/R3K2R w - - 0 1",
        23,
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1f1 e1g1 h1f1 h1g1 h1h2 \
         h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // The field was '-' and is ignored: the placement implies both white rights.
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/5p2/1p6/R3K2R w KQ - 0 1");
    assert_eq!(
        play(&p, "e1g1").to_fen(),
        "4k3/8/8/8/8/5p2/1p6/R4RK1 b - - 1 1"
    );
}

#[test]
fn ca_t5b_the_king_is_immune_to_artillery() {
    let p = check(
        "7k/3r4/8/3b4/4K1p1/8/8/8 w - - 0 1",
        5,
        "e4d3 e4d4 e4d5 e4e3 e4e5",
    );
    assert!(!p.in_check());
}

#[test]
fn ca_t5c_infantry() {
    check(
        "3n3k/4P3/8/8/8/8/2P5/K7 w - - 0 1",
        29,
        "a1a2 a1b1 a1b2 c2b1 c2b2 c2b3 c2c1 c2c3 c2c4 c2d1 c2d2 c2d3 e7d6 e7d7 e7d8b e7d8n e7d8q \
         e7d8r e7e6 e7e8b e7e8n e7e8q e7e8r e7f6 e7f7 e7f8b e7f8n e7f8q e7f8r",
    );
}

#[test]
fn ca_t6_getting_out_of_an_armor_check() {
    let p = check(
        "2b1k3/8/8/4N3/8/8/7r/K7 b - - 0 1",
        6,
        "c8e5,e5e6 c8e5,e5f5 e8d8 e8e7 e8f8 h2e5,e5h2",
    );
    assert!(p.in_check());
}

/// Every accepted form of a move reads back as the same move: the canonical string, kill
/// chains in any order, route aliases and the GUI wrappers.
#[test]
fn accepted_forms() {
    let p = pos("7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1");
    let same = |a: &str, b: &str| {
        assert_eq!(
            parse_move(&p, a).unwrap_or_else(|e| panic!("{a}: {e}")),
            parse_move(&p, b).unwrap_or_else(|e| panic!("{b}: {e}")),
            "{a} vs {b}"
        );
    };
    same("c3d3,d3d4,d4e4", "c3d4,d4d3,d3e4");
    same("c3d3,d3d4,d4e4", "usermove c3d3,d3d4,d4e4;");
    // Full armor routes: d3-c3-b3 kills d3; c2-c1-d1 kills nothing.
    same("c3d3,d3c3,c3b3", "c3d3,d3b3");
    same("c3c2,c2c1,c1d1", "c3d1");
    // The queen's flight leg: fly to b3, step onto c4.
    let q = pos("7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1");
    assert_eq!(
        parse_move(&q, "d1b3,b3c4").ok(),
        parse_move(&q, "d1c4").ok(),
        "a flight leg is a route"
    );
    assert!(parse_move(&q, "d1g7").is_err(), "the bishop's umbrella");
    // Every legal move's canonical string reads back as itself.
    for fen in [
        "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1",
        "7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1",
        "3n3k/3p2b1/3p4/8/r2R3p/8/8/K7 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let p = pos(fen);
        let mut list = MoveList::new();
        generate_legal(&p, &mut list);
        for e in list.iter() {
            let text = render(&p, e);
            assert_eq!(parse_move(&p, &text).ok(), Some(*e), "{text} in '{fen}'");
        }
    }
}

/// 3.6: kills and promotions reset the clock; pawn moves and other quiet moves do not.
#[test]
fn fifty_move_reset_events() {
    let p = pos("7k/4P3/8/3p4/8/8/2P5/K2R4 w - - 30 50");
    let clock = |m: &str| play(&p, m).halfmove_clock();
    assert_eq!(clock("c2c3"), 31, "a pawn step");
    assert_eq!(clock("c2c4"), 31, "a pawn double step");
    assert_eq!(clock("e7e8q"), 0, "a promotion");
    assert_eq!(clock("d1d5,d5d1"), 0, "a shot at distance 4");
    assert_eq!(clock("d1d2"), 31, "a slide");
}

/// CA-18: without pawns, knights and queens nobody can give check: a dead draw.
#[test]
fn dead_position() {
    assert!(pos("4k3/8/8/8/8/8/8/RB2K2R w - - 0 1").insufficient_material());
    assert!(!pos("4k3/8/8/8/8/8/8/RB2K1NR w - - 0 1").insufficient_material());
    let g = Game::new(pos("r3k3/8/8/8/8/8/8/1B2K3 w - - 0 1"));
    assert_eq!(g.outcome(), Some(Outcome::InsufficientMaterial));
}

/// CA-16: stalemate is a draw; checkmate by the queen ends the game.
#[test]
fn stalemate_and_mate() {
    // The black king on a8 boxed in by white pawns it may not take (each is defended).
    let stalemate = pos("k7/2P5/1PP5/8/8/8/8/7K b - - 0 1");
    assert_eq!(
        Game::new(stalemate).outcome(),
        Some(Outcome::Stalemate),
        "{:?}",
        moves(&stalemate)
    );
    let mated = pos("k7/8/8/8/8/8/8/Q6K b - - 0 1");
    assert_eq!(
        Game::new(mated).outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        }),
        "{:?}",
        moves(&mated)
    );
}

/// PROTOCOL.md §5.3 with the real parser: a move with two victims off its destination travels to
/// XBoard 4.9.1 as a lossy two-leg form that reads back as the same move, and has no form when
/// both two-leg strings are other moves' canonical strings.
#[test]
fn xboard_lossy_forms() {
    use menagerie::protocol::xboard::moves::{emission, lossy_form, representable};
    let parse_in = |fen: &'static str| {
        move |s: &str| {
            let p = pos(fen);
            parse_move(&p, s).ok().map(|e| render(&p, &e))
        }
    };
    let t2 = "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1";
    assert!(!representable("c3d3,d3d4,d4e4"));
    assert!(representable("c3d3,d3b3"));
    assert_eq!(
        lossy_form("c3d3,d3d4,d4e4", parse_in(t2)).as_deref(),
        Some("c3d4,d4e4")
    );
    assert_eq!(
        lossy_form("c3d3,d3d4,d4d5", parse_in(t2)).as_deref(),
        Some("c3d3,d3d5")
    );
    assert_eq!(emission("c3d3,d3b3", false, parse_in(t2)), "c3d3,d3b3");
    assert_eq!(
        emission("c3d3,d3d4,d4e4", true, parse_in(t2)),
        "c3d3,d3d4,d4e4"
    );
    let blocked = "7k/8/8/8/3p4/2Np4/8/K7 w - - 0 1";
    assert_eq!(lossy_form("c3d3,d3d4,d4e4", parse_in(blocked)), None);
}
