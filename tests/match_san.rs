//! The match referee reads engines' moves in SAN (src/notation/san.rs), as XBoard does: two copies
//! of a scripted CECP engine (tests/fixtures/cecp_san.sh) play a chess game in SAN with `O-O` and
//! `0-0-0`, and the game and its PGN hold our canonical moves; an engine that plays an ambiguous
//! SAN (tests/fixtures/cecp_san_ambiguous.sh) loses by rules infraction, the reason naming its
//! input and the moves it could be.

#[path = "support/matches.rs"]
mod matches;

use matches::{pgn_moves, pgn_path};
use menagerie::matchplay::MatchSummary;
use menagerie::matchplay::referee::{GameResult, Termination};

fn fixture(name: &str) -> String {
    format!("xboard:{}", matches::fixture(name))
}

/// A match from the start position: the scripts play fixed games from there.
fn run(args: &[&str]) -> MatchSummary {
    let mut argv = vec!["--openings", "none"];
    argv.extend_from_slice(args);
    matches::run(&argv)
}

/// The game tests/fixtures/cecp_san.sh plays, in canonical strings.
const GAME: &str = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 d7d6 d2d4 e5d4 b1d2 c8g4 d2b3 d8d7 b3c5 \
                    d6c5 d1d3 e8c8 c1g5 f7f6 g5f4 g7g5 f4g3 h7h5";

#[test]
fn a_game_in_san_with_castling_is_played_and_recorded_in_canonical_moves() {
    let pgn = pgn_path("san");
    let san = fixture("cecp_san.sh");
    let expected: Vec<String> = GAME.split_whitespace().map(str::to_string).collect();
    // The script has 24 plies: the move limit ends the game just after its last move.
    let s = run(&[
        "--engine",
        &san,
        "--engine",
        &san,
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--max-plies",
        "24",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(s.records.len(), 2);
    for r in &s.records {
        assert_eq!(r.termination, Termination::Adjudication, "{}", r.reason);
        assert_eq!(r.result, GameResult::Draw);
        assert_eq!(r.moves, expected);
    }
    let text = std::fs::read_to_string(&pgn).unwrap();
    // Each game after its `[Event` line.
    let games: Vec<&str> = text
        .split("[Event ")
        .filter_map(|g| g.split_once('\n').map(|(_, rest)| rest))
        .collect();
    assert_eq!(games.len(), 2, "{text}");
    for game in games {
        assert_eq!(pgn_moves(game), expected, "{game}");
    }
    assert!(!text.contains("O-O") && !text.contains("0-0-0") && !text.contains("Nbd2"));
}

#[test]
fn an_ambiguous_san_loses_by_rules_infraction() {
    let pgn = pgn_path("san_ambiguous");
    let ambiguous = fixture("cecp_san_ambiguous.sh");
    let s = run(&[
        "--engine",
        &ambiguous,
        "--engine",
        &ambiguous,
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(s.records.len(), 2);
    for r in &s.records {
        assert_eq!(r.termination, Termination::RulesInfraction);
        // White played the ambiguous `Nd2` at ply 5.
        assert_eq!(r.result, GameResult::BlackWins);
        assert_eq!(r.moves, ["d2d4", "d7d5", "g1f3", "g8f6"]);
        assert!(r.reason.contains("'Nd2'"), "{}", r.reason);
        assert!(
            r.reason.contains("ambiguous move: Nd2 (b1d2, f3d2)"),
            "{}",
            r.reason
        );
    }
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"rules infraction\"]").count(),
        2
    );
    // The PGN writer breaks long comments across lines.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("illegal move 'Nd2' (ambiguous move: Nd2 (b1d2, f3d2))"),
        "{text}"
    );
}
