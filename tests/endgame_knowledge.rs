//! What the evaluation knows of won endings (issue 59): the bare or nearly bare king is driven
//! to the edge, and against a bishop and a knight to a corner of the bishop's colour; a queen
//! drives a king that keeps only a rook. Compared through the static evaluation of positions
//! that differ only in where the weak king stands (White strong, White to move).

use menagerie::position::Position;
use menagerie::search::eval::Evaluator;
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
