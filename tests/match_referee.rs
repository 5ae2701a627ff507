//! The match referee against scripted engines (tests/fixtures/*.sh, bash) and this program's own
//! engine in-process: an illegal move, a loss on time and a crash score the game to the opponent,
//! a refused relay aborts it unscored, pairs of games share their random opening, and the PGN
//! says why each game ended.

#[path = "support/matches.rs"]
mod matches;

use matches::{fixture, pgn_path, run, try_run};
use menagerie::matchplay::referee::{GameResult, Termination};

#[test]
fn an_illegal_move_from_a_uci_engine_scores_the_game_to_its_opponent() {
    let pgn = pgn_path("illegal_uci");
    let illegal = fixture("uci_illegal.sh");
    let s = run(&[
        "--engine",
        &illegal,
        "--engine",
        "self",
        "--games",
        "2",
        "--tc",
        "1+0.01",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(
        (s.tally().wins, s.tally().losses, s.tally().draws),
        (0, 2, 0)
    );
    assert_eq!(s.aborted(), 0);
    for r in &s.records {
        assert_eq!(r.termination, Termination::RulesInfraction);
        assert!(r.reason.contains("illegal move 'a1a8'"), "{}", r.reason);
        let expected = if r.first_is_white {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        assert_eq!(r.result, expected);
    }
    // The game where the fake engine is Black: our engine's first move was played.
    let black_game = s.records.iter().find(|r| !r.first_is_white).unwrap();
    assert_eq!(black_game.moves.len(), 1);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"rules infraction\"]").count(),
        2
    );
    assert!(text.contains("[White \"IllegalUci\"]\n[Black \"menagerie"));
    assert!(text.contains("[Result \"0-1\"]") && text.contains("[Result \"1-0\"]"));
    assert!(text.contains("illegal move 'a1a8'"));
}

#[test]
fn an_illegal_move_from_a_cecp_engine_scores_the_game_to_its_opponent() {
    let illegal = fixture("cecp_illegal.sh");
    // Detected as CECP: it answers `uci` with an error.
    let s = run(&[
        "--engine", "self", "--engine", &illegal, "--games", "2", "--tc", "1+0.01",
    ]);
    assert_eq!(
        (s.tally().wins, s.tally().losses, s.tally().draws),
        (2, 0, 0)
    );
    assert_eq!(s.names[1], "IllegalCecp");
    assert!(
        s.records
            .iter()
            .all(|r| r.termination == Termination::RulesInfraction)
    );
}

#[test]
fn a_refused_relay_aborts_the_game_unscored() {
    // "Illegal move: M", and Sjaak II's "Error (Illegal move or unknown command): M".
    for (style, said) in [
        ("illegal", "Illegal move: "),
        ("error", "Error (Illegal move or unknown command): "),
    ] {
        let refuser = format!("{} {style}", fixture("cecp_refuser.sh"));
        let s = run(&[
            "--engine",
            &format!("xboard:{refuser}"),
            "--engine",
            "self",
            "--openings",
            "none",
            "--games",
            "2",
            "--tc",
            "1+0.01",
        ]);
        assert_eq!(s.aborted(), 2, "{style}");
        assert_eq!(s.tally().games(), 0);
        for r in &s.records {
            assert_eq!(r.result, GameResult::Aborted);
            assert_eq!(r.termination, Termination::Emergency);
            assert!(r.reason.contains(said), "{}", r.reason);
        }
    }
}

#[test]
fn a_silent_engine_loses_on_time_and_a_crashed_one_is_restarted() {
    let silent = fixture("uci_silent.sh");
    let crash = fixture("uci_crash.sh");
    // Four games with two workers: the silent engine's late `bestmove` must not leak into its next
    // game.
    let s = run(&[
        "--engine",
        &format!("uci:{silent}"),
        "--engine",
        "self:Hash=4,Threads=1",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc",
        "0.3",
        "--grace-ms",
        "50",
    ]);
    assert_eq!(
        (s.tally().wins, s.tally().losses, s.tally().draws),
        (0, 4, 0)
    );
    assert!(
        s.records
            .iter()
            .all(|r| r.termination == Termination::TimeForfeit)
    );
    assert!(s.records[0].reason.contains("loses on time"));

    let s = run(&[
        "--engine", &crash, "--engine", "self", "--games", "2", "--tc", "1+0.01",
    ]);
    assert_eq!(
        (s.tally().wins, s.tally().losses, s.tally().draws),
        (0, 2, 0)
    );
    assert!(
        s.records
            .iter()
            .all(|r| r.termination == Termination::Abandoned)
    );
}

#[test]
fn pairs_share_their_opening_and_the_move_limit_adjudicates() {
    let s = run(&[
        "--variant",
        "shockchess",
        "--engine",
        "self",
        "--engine",
        "self:Hash=8",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc",
        "2+0.02",
        "--openings-plies",
        "6",
        "--seed",
        "11",
        "--max-plies",
        "16",
    ]);
    assert_eq!(s.records.len(), 4);
    assert_eq!(
        s.names,
        ["menagerie 0.1.0 #1", "menagerie 0.1.0 #2"].map(String::from)
    );
    let mut by_round = s.records.clone();
    by_round.sort_by_key(|r| r.round);
    for pair in by_round.chunks(2) {
        assert_eq!(pair[0].opening_plies, 6);
        assert_eq!(pair[0].moves[..6], pair[1].moves[..6]);
        assert!(pair[0].first_is_white && !pair[1].first_is_white);
    }
    assert_ne!(
        by_round[0].moves[..6],
        by_round[2].moves[..6],
        "pairs differ"
    );
    for r in &by_round {
        assert!(r.moves.len() <= 16);
        if r.moves.len() == 16 {
            assert_eq!(r.termination, Termination::Adjudication);
            assert_eq!(r.result, GameResult::Draw);
        }
    }
}

#[test]
fn setup_errors_are_reported() {
    let parse = try_run;
    let e = parse(&["--engine", "self"]).unwrap_err();
    assert!(e.contains("exactly twice"), "{e}");
    let e = parse(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--variant",
        "nosuch",
    ])
    .unwrap_err();
    assert!(e.contains("nosuch"), "{e}");
    let e = parse(&["--engine", "self", "--engine", "self", "--tc", "fast"]).unwrap_err();
    assert!(e.contains("time control"), "{e}");
    // A UCI engine without UCI_Variant cannot play Shock Chess.
    let illegal = fixture("uci_illegal.sh");
    let e = parse(&[
        "--engine",
        &illegal,
        "--engine",
        "self",
        "--variant",
        "shockchess",
    ])
    .unwrap_err();
    assert!(e.contains("UCI_Variant"), "{e}");
}
