//! Adjudication by the engines' scores (`--resign`, `--draw`) and the scores in the PGN: two
//! copies of a scripted CECP engine (tests/fixtures/cecp_scored.sh) play a fixed game and report
//! scores in thinking output; the referee ends the game when the rule says so, records it as
//! `adjudication`, and writes each move's score, depth and time as cutechess does. Also the
//! readers of UCI `info` and CECP thinking lines.

#[path = "support/matches.rs"]
mod matches;

use matches::{fixture_path, pgn_comments, pgn_games, pgn_path, pgn_tag, run};
use menagerie::matchplay::cecp::parse_thinking;
use menagerie::matchplay::player::Eval;
use menagerie::matchplay::referee::{GameResult, Termination};
use menagerie::matchplay::uci::parse_info;
use menagerie::search::Score;

fn scored(mode: &str) -> String {
    format!(
        "xboard:bash {} {mode}",
        fixture_path("cecp_scored.sh").display()
    )
}

/// Two copies of the scored engine from the start position with `extra` arguments; returns the
/// summary and the PGN text.
fn play(mode: &str, name: &str, extra: &[&str]) -> (menagerie::matchplay::MatchSummary, String) {
    let pgn = pgn_path(name);
    let engine = scored(mode);
    let mut args = vec![
        "--engine",
        &engine,
        "--engine",
        &engine,
        "--openings",
        "none",
        "--games",
        "2",
        "--tc",
        "5+0.1",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let s = run(&args);
    let text = std::fs::read_to_string(&pgn).unwrap();
    (s, text)
}

#[test]
fn resignation_when_both_engines_agree() {
    let (s, text) = play("white", "resign", &["--resign", "movecount=3,score=600"]);
    assert_eq!(s.records.len(), 2);
    for r in &s.records {
        // White +7.00 and Black -7.00 on every move: Black's third move completes both runs.
        assert_eq!(r.termination, Termination::Adjudication, "{}", r.reason);
        assert_eq!(r.result, GameResult::WhiteWins);
        assert_eq!(r.moves.len(), 6);
        assert!(
            r.reason.contains("Black loses by adjudication"),
            "{}",
            r.reason
        );
    }
    // Each game's first engine played White in one game and Black in the other.
    assert_eq!(s.tally().wins + s.tally().losses, 2);
    for game in pgn_games(&text) {
        assert_eq!(pgn_tag(game, "Termination"), Some("adjudication"));
        assert_eq!(pgn_tag(game, "Result"), Some("1-0"));
        let comments = pgn_comments(game);
        assert_eq!(comments.len(), 7, "{comments:?}"); // six moves and the reason
        for (i, c) in comments[..6].iter().enumerate() {
            let expected = if i % 2 == 0 { "+7.00/7 " } else { "-7.00/7 " };
            assert!(c.starts_with(expected) && c.ends_with('s'), "{c}");
        }
        assert!(comments[6].contains("adjudication"), "{}", comments[6]);
    }
}

#[test]
fn a_higher_threshold_or_longer_count_lets_the_game_go_on() {
    let (s, _) = play(
        "white",
        "no_resign",
        &["--resign", "movecount=3,score=800", "--max-plies", "10"],
    );
    for r in &s.records {
        assert_eq!(r.moves.len(), 10);
        assert_eq!(
            r.result,
            GameResult::Draw,
            "the move limit, not a resignation"
        );
    }
}

#[test]
fn mates_count_as_resignations_and_are_written_as_mates() {
    let (s, text) = play("mate", "mate", &["--resign", "movecount=1,score=5000"]);
    for r in &s.records {
        assert_eq!(r.termination, Termination::Adjudication, "{}", r.reason);
        assert_eq!(r.result, GameResult::WhiteWins);
        assert_eq!(r.moves.len(), 2);
        assert_eq!(
            r.evals,
            [Score::Mate(3), Score::Mate(-3)].map(|score| Some(Eval { score, depth: 7 }))
        );
    }
    let comments = pgn_comments(pgn_games(&text)[0]);
    assert!(comments[0].starts_with("+M3/7 "), "{comments:?}");
    assert!(comments[1].starts_with("-M3/7 "), "{comments:?}");
}

#[test]
fn a_draw_when_both_engines_see_a_level_game_long_enough() {
    let (s, text) = play(
        "level",
        "draw",
        &["--draw", "movenumber=3,movecount=2,score=10"],
    );
    for r in &s.records {
        assert_eq!(r.termination, Termination::Adjudication, "{}", r.reason);
        assert_eq!(r.result, GameResult::Draw);
        // Four level moves in a row are there after ply 4, but move 3 is reached only at ply 6.
        assert_eq!(r.moves.len(), 6);
        assert!(r.reason.starts_with("Draw by adjudication"), "{}", r.reason);
    }
    let comments = pgn_comments(pgn_games(&text)[0]);
    assert!(comments[0].starts_with("0.00/7 "), "{comments:?}");
    // A level game without `--draw` goes on.
    let (s, _) = play("level", "no_draw", &["--max-plies", "12"]);
    assert!(s.records.iter().all(|r| r.moves.len() == 12));
}

#[test]
fn uci_info_lines() {
    let eval = |score, depth| Some(Eval { score, depth });
    assert_eq!(
        parse_info(
            "info depth 12 seldepth 20 multipv 1 score cp -35 nodes 1000 nps 5 pv e2e4 e7e5"
        ),
        eval(Score::Cp(-35), 12)
    );
    assert_eq!(
        parse_info("info depth 30 score mate -4 upperbound time 5 pv a1a2"),
        eval(Score::Mate(-4), 30)
    );
    // Other multipv lines, lines without a score, and free text are not the engine's score.
    assert_eq!(
        parse_info("info depth 9 multipv 2 score cp 10 pv a2a3"),
        None
    );
    assert_eq!(
        parse_info("info depth 9 currmove e2e4 currmovenumber 1"),
        None
    );
    assert_eq!(parse_info("info string score cp 500"), None);
    assert_eq!(parse_info("bestmove e2e4"), None);
}

#[test]
fn cecp_thinking_lines() {
    let eval = |score, depth| Some(Eval { score, depth });
    assert_eq!(
        parse_thinking("9 -35 120 45000 e2e4 e7e5"),
        eval(Score::Cp(-35), 9)
    );
    assert_eq!(parse_thinking("12. 156 7 2 Nf3"), eval(Score::Cp(156), 12));
    assert_eq!(
        parse_thinking("15 100005 7 2 Qh7"),
        eval(Score::Mate(5), 15)
    );
    assert_eq!(
        parse_thinking("15 -100002 7 2 Kh8"),
        eval(Score::Mate(-2), 15)
    );
    assert_eq!(parse_thinking("4 0 1 50\te2e4"), eval(Score::Cp(0), 4));
    for other in [
        "move e2e4",
        "pong 3",
        "# 12 3 4 5",
        "1-0 {White mates}",
        "12 x 1 1 e2e4",
        "3 4",
    ] {
        assert_eq!(parse_thinking(other), None, "{other}");
    }
}
