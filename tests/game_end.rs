//! The end-of-game rules of rules/README.md §5 through `Game::outcome`: checkmate, stalemate,
//! the 50-move rule (and mate on its 100th ply is still mate), threefold repetition and
//! insufficient material (orthodox: K v K, K+minor v K, kings and bishops on one colour).
//!
//! Run with `cargo test --release --test game_end`.

use menagerie::board::Color;
use menagerie::game::{Game, Outcome};
use menagerie::notation::parse_move;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

fn variant(name: &str) -> &'static Variant<u64> {
    match lookup(name) {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("{name} is an 8x8 variant"),
    }
}

fn game(variant_name: &str, fen: &str) -> Game<u64> {
    let p = Position::from_fen(variant(variant_name), fen)
        .unwrap_or_else(|e| panic!("'{fen}' refused: {e}"));
    Game::new(p)
}

/// Plays space-separated moves, checking that the game is not over before each one.
fn play(g: &mut Game<u64>, moves: &str) {
    for mv in moves.split_whitespace() {
        assert_eq!(
            g.outcome(),
            None,
            "game over before {mv} in '{}'",
            g.position().to_fen()
        );
        let entry = parse_move(g.position(), mv)
            .unwrap_or_else(|e| panic!("'{mv}' in '{}': {e}", g.position().to_fen()));
        g.play(entry);
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn fools_mate() {
    let mut g = game("chess", START);
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    let o = g.outcome();
    assert_eq!(
        o,
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(o.map(|o| o.result()), Some("0-1"));
    assert_eq!(o.map(|o| o.reason()), Some("Black mates"));
}

#[test]
fn scholars_mate_for_white() {
    let mut g = game("chess", START);
    play(&mut g, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn stalemate() {
    let g = game("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!g.position().in_check());
    assert_eq!(g.outcome(), Some(Outcome::Stalemate));
    assert_eq!(g.outcome().map(|o| o.result()), Some("1/2-1/2"));
    // Reached by play: Qf1-f7 stalemates.
    let mut g = game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    play(&mut g, "f1f6");
    assert_eq!(g.outcome(), None, "Qf6 leaves g8 free");
    let mut g = game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    play(&mut g, "f1f7");
    assert_eq!(g.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn fifty_move_rule() {
    // Halfmove clock 99, then a quiet move: 100 plies without a reset.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut g = game("chess", fen);
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1a2");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.outcome(), Some(Outcome::FiftyMoves));
    // A pawn move or a capture on the 100th ply resets the clock instead.
    let mut g = game("chess", "4k3/8/8/8/8/8/P7/4K3 w - - 99 80");
    play(&mut g, "a2a3");
    assert_eq!(g.outcome(), None);
    let mut g = game("chess", "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    play(&mut g, "a1a2");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.outcome(), None);
    // A FEN read with the clock at 100 is already drawn.
    let g = game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(g.outcome(), Some(Outcome::FiftyMoves));
}

#[test]
fn mate_on_the_hundredth_ply_is_mate() {
    let mut g = game("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(&mut g, "a1a8");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // A stalemate on the 100th ply is a stalemate.
    let mut g = game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80");
    play(&mut g, "f1f7");
    assert_eq!(g.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn threefold_repetition() {
    let mut g = game("chess", START);
    let cycle = "g1f3 g8f6 f3g1 f6g8";
    play(&mut g, cycle);
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None, "twice is not enough");
    play(&mut g, "g1f3 g8f6 f3g1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f6g8");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));

    // Shock Chess: the same shuffle repeats too.
    let mut g = game(
        "shockchess",
        "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
    );
    play(&mut g, cycle);
    play(&mut g, cycle);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    let walk = "e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8";
    // The kings' walk loses the castling rights, so the start does not count.
    let mut g = game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, walk);
    assert_eq!(g.occurrences(), 2, "the start had castling rights");
    assert_eq!(g.outcome(), None);
    // Without rights at the start, the same walk repeats the start a third time.
    let mut g = game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    play(&mut g, walk);
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

/// The shuffle after Black's d7-d5 next to White's e5 pawn: the position right after the
/// double step comes back twice without the e.p. right.
const SHUFFLE: &str = "d7d5 g1f3 h8g8 f3g1 g8h8 g1f3 h8g8 f3g1 g8h8";

#[test]
fn repetition_counts_a_usable_en_passant_right() {
    // e5xd6 is legal after d7-d5: the first position differs from its returns, twice is not
    // thrice.
    let mut g = game("chess", "r6k/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(&mut g, SHUFFLE);
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None);
}

/// rules/README.md §5: the position includes "castling and e.p. rights when they can be used"
/// (FIDE 9.2.2: the same possible moves). Here e5xd6 is pseudo-legal but illegal, because the
/// e5 pawn is pinned on the e-file by the e8 rook, so the position after d7-d5 is the same
/// position as its two returns, and the last move completes a threefold repetition.
///
/// Fails at the time of writing: `Position::usable_ep` (src/position/mod.rs) puts the e.p.
/// square into the key whenever a pawn could capture there pseudo-legally, so the engine
/// counts 2 occurrences.
#[test]
fn repetition_ignores_an_en_passant_right_that_cannot_be_used() {
    let mut g = game("chess", "4r2k/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    let entry = parse_move(g.position(), "d7d5").expect("d7d5");
    g.play(entry);
    assert_eq!(
        g.position().to_fen(),
        "4r2k/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2"
    );
    assert!(
        parse_move(g.position(), "e5d6").is_err(),
        "e5d6 exposes the king"
    );
    play(&mut g, &SHUFFLE[5..]);
    assert_eq!(
        g.occurrences(),
        3,
        "the e.p. right after d7-d5 cannot be used"
    );
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

#[test]
fn insufficient_material() {
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/4K1n1 w - - 0 1",
        "2b5/8/8/4k3/8/8/8/4K3 w - - 0 1",
        // Bishops all on dark squares (c1 and f8; also a second one on a3 for White).
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "5b2/8/8/4k3/8/B7/8/2B1K3 w - - 0 1",
        // ... and all on light squares (f1, c8).
        "2b5/8/8/4k3/8/8/8/4KB2 w - - 0 1",
    ] {
        let g = game("chess", fen);
        assert_eq!(
            g.outcome(),
            Some(Outcome::InsufficientMaterial),
            "'{fen}' is a dead draw"
        );
    }
    for fen in [
        // Bishops on opposite colours: c1 dark, c8 light.
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K1n1 w - - 0 1",
        "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "8/8/8/4k3/8/8/P7/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
    ] {
        let g = game("chess", fen);
        assert_eq!(g.outcome(), None, "'{fen}' can still be won");
    }
    // Shock Chess has the orthodox rule; a General is mating material.
    let g = game("shockchess", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(g.outcome(), Some(Outcome::InsufficientMaterial));
    let g = game("shockchess", "8/8/8/4k3/8/8/8/3GK3 w - - 0 1");
    assert_eq!(g.outcome(), None);
}

#[test]
fn capture_into_a_dead_position() {
    // The capture leaves K v K, K+B v K, or bishops on one colour: drawn at once.
    for (fen, mv) in [
        ("4k3/8/8/8/8/8/1p6/K7 w - - 0 1", "a1b2"),
        ("4k3/8/8/8/8/8/1n6/B3K3 w - - 0 1", "a1b2"),
        ("4k3/8/8/8/8/8/1n5b/B3K3 w - - 0 1", "a1b2"),
    ] {
        let mut g = game("chess", fen);
        play(&mut g, mv);
        assert_eq!(
            g.outcome(),
            Some(Outcome::InsufficientMaterial),
            "{mv} in '{fen}'"
        );
    }
    // Bishops of opposite colours after the capture (b2 dark, h1 light): play on.
    let mut g = game("chess", "4k3/8/8/8/8/8/1n6/B3K2b w - - 0 1");
    play(&mut g, "a1b2");
    assert_eq!(g.outcome(), None);
}

/// The move number the clock counts `level` moves by comes from the position (Black's move
/// raises it), not from a FEN string.
#[test]
fn the_move_number_follows_the_game() {
    let chess = lookup("chess").expect("chess");
    let mut g = menagerie::game::AnyGame::new(chess, Some("8/8/8/4k3/8/8/8/4K2R b K - 3 41"))
        .expect("a legal position");
    assert_eq!(g.fullmove_number(), 41);
    let mv = g.parse("e5e4").expect("a legal move");
    assert!(g.play(mv));
    assert_eq!(g.fullmove_number(), 42);
}
