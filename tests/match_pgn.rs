//! PGN output of the match referee (`matchplay::pgn`) and the small parsers of the `match`
//! command line: time control, `--engine` syntax, CECP `feature` lines and `level`.

use std::time::Duration;

use menagerie::matchplay::cecp::{edit_commands, level_command, parse_features};
use menagerie::matchplay::parse_time_control;
use menagerie::matchplay::pgn::{
    PgnContext, civil_from_days, game_pgn, move_comment, score_text, time_control_tag,
};
use menagerie::matchplay::player::{EngineOption, EngineSpec, Eval};
use menagerie::matchplay::referee::{GameRecord, GameResult, Termination};
use menagerie::search::Score;

fn context() -> PgnContext {
    PgnContext {
        event: "menagerie match".to_string(),
        site: "?".to_string(),
        date: "2024.02.29".to_string(),
        variant: "shockchess".to_string(),
        time_control: time_control_tag(Duration::from_secs(10), Duration::from_millis(100)),
    }
}

fn record(moves: &[&str], opening_plies: usize) -> GameRecord {
    let thought = moves.len() - opening_plies;
    GameRecord {
        round: 3,
        white: "menagerie 0.1.0".to_string(),
        black: "Fairy \"Max\"".to_string(),
        first_is_white: true,
        result: GameResult::BlackWins,
        termination: Termination::RulesInfraction,
        reason: "White plays an illegal move 'a1a8' (illegal move: a1a8)".to_string(),
        start_fen: None,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        opening_plies,
        times: vec![Duration::from_millis(250); thought],
        evals: vec![None; thought],
    }
}

#[test]
fn tags_in_order_and_movetext() {
    let text = game_pgn(&context(), &record(&["e2e4", "e7e5", "d1h5", "0000"], 2));
    let tags: Vec<&str> = text.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags,
        [
            "[Event \"menagerie match\"]",
            "[Site \"?\"]",
            "[Date \"2024.02.29\"]",
            "[Round \"3\"]",
            "[White \"menagerie 0.1.0\"]",
            "[Black \"Fairy \\\"Max\\\"\"]",
            "[Result \"0-1\"]",
            "[Variant \"shockchess\"]",
            "[TimeControl \"10+0.1\"]",
            "[Termination \"rules infraction\"]",
            "[PlyCount \"4\"]",
        ]
    );
    let body: String = text
        .lines()
        .skip(tags.len() + 1)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        body,
        "1. e2e4 e7e5 {opening, 2 plies} 2. d1h5 {0.25s} 0000 {0.25s} \
         {White plays an illegal move 'a1a8' (illegal move: a1a8)} 0-1"
    );
    assert!(text.ends_with("0-1\n\n"), "a game ends with an empty line");
    assert!(text.lines().all(|l| l.len() < 80), "lines stay below 80");
}

#[test]
fn custom_start_with_black_to_move() {
    let fen = "k3r3/8/8/7B/8/8/8/4K3 b - - 0 7";
    let mut game = record(&["e8e1", "e1e1"], 0);
    game.start_fen = Some(fen.to_string());
    let text = game_pgn(&context(), &game);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"k3r3/8/8/7B/8/8/8/4K3 b - - 0 7\"]\n"));
    assert!(
        text.contains("\n7... e8e1 {0.25s} 8. e1e1 {0.25s}"),
        "{text}"
    );
}

#[test]
fn long_games_wrap() {
    let moves: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .cycle()
        .take(120)
        .copied()
        .collect();
    let text = game_pgn(&context(), &record(&moves, 0));
    assert!(text.lines().all(|l| l.len() < 80));
    assert!(text.contains(" 60. "));
}

#[test]
fn move_comments_carry_score_depth_and_time_as_cutechess_writes_them() {
    let eval = |score, depth| Some(Eval { score, depth });
    let ms = Duration::from_millis;
    // Pawns with two decimals and a sign; zero without one; mates in moves.
    assert_eq!(score_text(Score::Cp(35)), "+0.35");
    assert_eq!(score_text(Score::Cp(-120)), "-1.20");
    assert_eq!(score_text(Score::Cp(-5)), "-0.05");
    assert_eq!(score_text(Score::Cp(1234)), "+12.34");
    assert_eq!(score_text(Score::Cp(0)), "0.00");
    assert_eq!(score_text(Score::Mate(5)), "+M5");
    assert_eq!(score_text(Score::Mate(-3)), "-M3");
    assert_eq!(
        move_comment(eval(Score::Cp(35), 12), ms(510)),
        "+0.35/12 0.51s"
    );
    assert_eq!(
        move_comment(eval(Score::Mate(5), 20), ms(1234)),
        "+M5/20 1.23s"
    );
    assert_eq!(move_comment(None, ms(70)), "0.07s");

    let mut game = record(&["e2e4", "e7e5", "g1f3", "b8c6"], 1);
    game.evals = vec![
        eval(Score::Cp(-12), 9),
        eval(Score::Cp(0), 10),
        eval(Score::Mate(-3), 11),
    ];
    game.times = vec![ms(500), ms(1_000), ms(20)];
    let text = game_pgn(&context(), &game);
    let body = text.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert!(
        body.starts_with(
            "1. e2e4 {opening, 1 plies} e7e5 {-0.12/9 0.50s} 2. g1f3 {0.00/10 1.00s} b8c6 \
             {-M3/11 0.02s}"
        ),
        "{body}"
    );
}

#[test]
fn engine_option_arguments() {
    assert_eq!(
        EngineOption::parse("2:UCI_Elo=2600"),
        Ok(EngineOption {
            slot: 1,
            name: "UCI_Elo".to_string(),
            value: "2600".to_string()
        })
    );
    // The value may hold anything after the first `=`, blanks included.
    let path = EngineOption::parse("1:VariantPath=/tmp/my variants.ini").unwrap();
    assert_eq!(
        (path.slot, path.value.as_str()),
        (0, "/tmp/my variants.ini")
    );
    assert_eq!(EngineOption::parse("1:Clear Hash=").unwrap().value, "");
    for bad in ["3:Hash=1", "Hash=1", "1:Hash", "1:=5", "x:Hash=1"] {
        assert!(EngineOption::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn time_control_tags() {
    let s = Duration::from_secs;
    assert_eq!(
        time_control_tag(s(60), Duration::from_millis(500)),
        "60+0.5"
    );
    assert_eq!(time_control_tag(s(300), Duration::ZERO), "300");
    assert_eq!(time_control_tag(Duration::from_millis(2500), s(1)), "2.5+1");
}

#[test]
fn dates() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(-1), (1969, 12, 31));
    assert_eq!(civil_from_days(11_017), (2000, 3, 1));
    assert_eq!(civil_from_days(19_782), (2024, 2, 29));
}

#[test]
fn time_control_argument() {
    let ms = Duration::from_millis;
    assert_eq!(parse_time_control("10+0.1"), Ok((ms(10_000), ms(100))));
    assert_eq!(parse_time_control("2.5"), Ok((ms(2_500), ms(0))));
    assert_eq!(parse_time_control("0+1"), Ok((ms(0), ms(1_000))));
    assert!(parse_time_control("0").is_err());
    assert!(parse_time_control("40/60").is_err());
    assert!(parse_time_control("-5+1").is_err());
    // Out of range: the message quotes the field as given, not a 301-digit number.
    let e = parse_time_control("1e300+0").unwrap_err();
    assert!(e.contains("'1e300'") && e.len() < 100, "{e}");
    assert!(parse_time_control("1+nan").is_err());
}

#[test]
fn engine_arguments() {
    let opts = |v: &[(&str, &str)]| {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        EngineSpec::parse("self"),
        Ok(EngineSpec::SelfEngine(vec![]))
    );
    assert_eq!(
        EngineSpec::parse("self:Hash=64,Threads=1"),
        Ok(EngineSpec::SelfEngine(opts(&[
            ("Hash", "64"),
            ("Threads", "1")
        ])))
    );
    assert!(EngineSpec::parse("self:Hash").is_err());
    assert_eq!(
        EngineSpec::parse("uci:stockfish -x"),
        Ok(EngineSpec::Uci("stockfish -x".to_string()))
    );
    assert_eq!(
        EngineSpec::parse("xboard:/usr/games/fairymax"),
        Ok(EngineSpec::Cecp("/usr/games/fairymax".to_string()))
    );
    assert_eq!(
        EngineSpec::parse("fairymax"),
        Ok(EngineSpec::Detect("fairymax".to_string()))
    );
    assert!(EngineSpec::parse("uci:").is_err());
    assert_eq!(
        EngineSpec::parse("xboard:/usr/games/fairymax")
            .unwrap()
            .label(),
        "fairymax"
    );
}

#[test]
fn cecp_features_and_level() {
    assert_eq!(
        parse_features(
            "feature myname=\"Fairy-Max 5.0b\" ping=1 variants=\"normal,shatranj\" done=0"
        ),
        [
            ("myname", "Fairy-Max 5.0b"),
            ("ping", "1"),
            ("variants", "normal,shatranj"),
            ("done", "0")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let s = Duration::from_secs;
    assert_eq!(level_command(s(120), s(2)), "level 0 2 2");
    assert_eq!(
        level_command(s(10), Duration::from_millis(100)),
        "level 0 0:10 0.1"
    );
    assert_eq!(
        level_command(Duration::from_millis(90_500), Duration::ZERO),
        "level 0 1:31 0"
    );
}

#[test]
fn edit_mode_for_engines_without_setboard() {
    // Black to move: a2a3 first (edit mode keeps the side to move); castling rights as edit mode
    // assumes them from kings and rooks at home.
    let e = edit_commands("r3k2r/8/8/8/8/8/6P1/4K2R b Kkq - 0 20").unwrap();
    assert!(e.black_to_move);
    assert_eq!(
        e.lines,
        [
            "edit", "#", "Pg2", "Ke1", "Rh1", "c", "Ra8", "Ke8", "Rh8", "."
        ]
    );
    let e = edit_commands("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(!e.black_to_move);
    // What edit mode cannot say is refused with the reason.
    for (fen, reason) in [
        ("r3k2r/8/8/8/8/8/8/4K2R b k - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", "holdings"),
        ("4k4/9/9/9/9/9/9/9/4K4 w - - 0 1", "8x8"),
        ("4k3/8/8/8 w - -", "8x8"),
        ("4k3", "FEN needs"),
    ] {
        let e = edit_commands(fen).unwrap_err();
        assert!(e.contains(reason), "{fen}: {e}");
    }
}
