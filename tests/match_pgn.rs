//! PGN output of the match referee (`matchplay::pgn`) and the small parsers of the `match`
//! command line: time control, `--engine` syntax, CECP `feature` lines and `level`.

use std::time::Duration;

use menagerie::matchplay::cecp::{level_command, parse_features};
use menagerie::matchplay::parse_time_control;
use menagerie::matchplay::pgn::{PgnContext, civil_from_days, game_pgn, time_control_tag};
use menagerie::matchplay::player::EngineSpec;
use menagerie::matchplay::referee::{GameRecord, GameResult, Termination};

fn context(fen: Option<&str>) -> PgnContext {
    PgnContext {
        event: "menagerie match".to_string(),
        site: "?".to_string(),
        date: "2024.02.29".to_string(),
        variant: "shockchess".to_string(),
        fen: fen.map(str::to_string),
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
        moves: moves.iter().map(|m| m.to_string()).collect(),
        opening_plies,
        times: vec![Duration::from_millis(250); thought],
    }
}

#[test]
fn tags_in_order_and_movetext() {
    let text = game_pgn(
        &context(None),
        &record(&["e2e4", "e7e5", "d1h5", "0000"], 2),
    );
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
        "1. e2e4 e7e5 {random opening, 2 plies} 2. d1h5 {0.25s} 0000 {0.25s} \
         {White plays an illegal move 'a1a8' (illegal move: a1a8)} 0-1"
    );
    assert!(text.ends_with("0-1\n\n"), "a game ends with an empty line");
    assert!(text.lines().all(|l| l.len() < 80), "lines stay below 80");
}

#[test]
fn custom_start_with_black_to_move() {
    let fen = "k3r3/8/8/7B/8/8/8/4K3 b - - 0 7";
    let text = game_pgn(&context(Some(fen)), &record(&["e8e1", "e1e1"], 0));
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
    let text = game_pgn(&context(None), &record(&moves, 0));
    assert!(text.lines().all(|l| l.len() < 80));
    assert!(text.contains(" 60. "));
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
