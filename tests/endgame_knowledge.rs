//! What the evaluation knows of won endings (issue 59): the bare or nearly bare king is driven
//! to the edge, and against a bishop and a knight to a corner of the bishop's colour; a queen
//! drives a king that keeps only a rook. Compared through the static evaluation of positions
//! that differ only in where the weak king stands (White strong, White to move); and in play,
//! the longest won ending of four signatures mated at a fixed budget a move.

use std::sync::Arc;

use menagerie::board::Color;
use menagerie::engine::Engine;
use menagerie::eval::Evaluator;
use menagerie::game::Outcome;
use menagerie::position::Position;
use menagerie::search::{Limits, NullSink};
use menagerie::variants::{AnyVariant, lookup};

fn chess_eval(fen: &str) -> i32 {
    let Some(AnyVariant::Narrow(v)) = lookup("chess") else {
        panic!("chess")
    };
    let pos = Position::from_fen(v, fen).expect("FEN");
    Evaluator::new(v).evaluate(&pos)
}

#[test]
fn bishop_and_knight_drive_to_the_bishops_corner() {
    // A dark-squared bishop (c1... here e3 is dark): h8 and a1 are dark corners, a8 and h1 light.
    let right = chess_eval("7k/8/5K2/8/8/4BN2/8/8 w - - 0 1");
    let wrong = chess_eval("k7/8/2K5/8/8/4BN2/8/8 w - - 0 1");
    assert!(
        right > wrong + 40,
        "king on the bishop's corner {right}, on the other {wrong}"
    );
    // With a light-squared bishop the preference turns round.
    let right = chess_eval("k7/8/2K5/8/8/3B1N2/8/8 w - - 0 1");
    let wrong = chess_eval("7k/8/5K2/8/8/3B1N2/8/8 w - - 0 1");
    assert!(right > wrong + 40, "{right} against {wrong}");
}

#[test]
fn bishop_and_knight_bring_the_knight_to_the_king() {
    // A light-squared bishop, the weak king in its corner: the knight next to it or far off.
    let near = chess_eval("k7/8/1KN5/8/8/3B4/8/8 w - - 0 1");
    let far = chess_eval("k7/8/1K6/8/8/3B4/8/7N w - - 0 1");
    assert!(near > far + 20, "knight on c6 {near}, on h1 {far}");
}

#[test]
fn a_queen_drives_a_king_with_a_rook_to_the_edge() {
    // The same material and kings' distance; the weak king on the edge or in the middle.
    let edge = chess_eval("7Q/8/8/8/8/3K4/5r2/3k4 w - - 0 1");
    let middle = chess_eval("7Q/8/8/3k4/8/3K4/5r2/8 w - - 0 1");
    assert!(edge > middle + 40, "edge {edge}, middle {middle}");
}

#[test]
fn a_rook_drives_the_bare_king_to_the_edge() {
    let edge = chess_eval("3k4/8/3K4/8/8/8/8/7R w - - 0 1");
    let middle = chess_eval("8/8/8/3k4/8/3K4/8/7R w - - 0 1");
    assert!(edge > middle + 40, "edge {edge}, middle {middle}");
}

#[test]
fn a_rook_pens_the_bare_king_into_a_smaller_box() {
    // The same edge, the same kings' distance, the same free squares round the weak king; the
    // rook on the first rank cuts it off on the f-file (g2 to h8 left to it, 14 squares) or on
    // the d-file (e2 to h8, 28).
    let pen = chess_eval("8/8/8/7k/8/8/8/K4R2 w - - 0 1");
    let open = chess_eval("8/8/8/7k/8/8/8/K2R4 w - - 0 1");
    assert!(pen > open + 40, "box of 14 {pen}, of 28 {open}");
}

/// Plays `fen` out with the engine on both sides at `nodes` a move (one thread, its table and
/// histories kept from move to move as in a game): the game's end, or None after `max_plies`.
fn play_out(fen: &str, nodes: u64, max_plies: usize) -> (Option<Outcome>, usize) {
    let mut e = Engine::new();
    e.set_variant("chess").expect("variant");
    e.set_position(Some(fen), &[]).expect("FEN");
    for ply in 0..max_plies {
        if let Some(outcome) = e.game().outcome() {
            return (Some(outcome), ply);
        }
        let report = e.search_sync(
            Limits {
                nodes: Some(nodes),
                ..Default::default()
            },
            Arc::new(NullSink),
        );
        let best = report
            .best
            .unwrap_or_else(|| panic!("{fen}: no move at ply {ply}"));
        e.apply(&best)
            .unwrap_or_else(|err| panic!("{fen}: {best}: {err}"));
    }
    (e.game().outcome(), max_plies)
}

#[test]
fn won_endings_are_mated_within_the_fifty_move_rule() {
    // The longest mate of each signature in classic280.epd (benches/suites), the engine against
    // itself at a fixed budget: the side to move must mate before the fifty-move rule (the clock
    // starts at 0; only K+Q v K+R has a capture to reset it).
    let cases = [
        ("1K6/7R/8/8/3k4/8/8/8 w - - 0 1", "K+R v K, #14"),
        ("1B1K4/8/8/5B2/8/8/4k3/8 w - - 0 1", "K+B+B v K, #15"),
        ("1K6/8/1B6/5N2/8/2k5/8/8 w - - 0 1", "K+B+N v K, #21"),
        // Drawn by the fifty-move rule against Stockfish at 10+0.1 before the knight's term.
        ("5N2/8/3k1K2/8/8/8/B7/8 w - - 0 1", "K+B+N v K, #21"),
        // kqvk.epd's first.
        ("7K/8/8/8/5k2/Q7/8/8 w - - 0 1", "K+Q v K"),
        ("2Q5/3K4/7r/8/8/8/3k4/8 w - - 0 1", "K+Q v K+R, #15"),
    ];
    for (fen, name) in cases {
        let (outcome, plies) = play_out(fen, ENDING_NODES, 300);
        assert_eq!(
            outcome,
            Some(Outcome::Checkmate {
                winner: Color::White
            }),
            "{name}: {fen} after {plies} plies"
        );
    }
}

/// Nodes a move in the play-out test.
const ENDING_NODES: u64 = 100_000;
