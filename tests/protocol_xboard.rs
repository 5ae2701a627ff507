//! CECP transcripts of PROTOCOL.md §9 against the built binary, and a fuzz test. Transcripts for
//! variants not built yet (4, 7-11, 18-21, 24, 26, 27) test the same mechanism in chess or Shock
//! Chess where there is one, or are left for when the variant exists (noted at each test).

#[path = "support/engine_process.rs"]
mod engine_process;
#[path = "support/rng.rs"]
mod rng;

use std::time::Duration;

use engine_process::{EngineProcess, Pred, exact, secs};
use menagerie::engine::Engine;

const SHOCK_SETUP: &str =
    "setup (PNBRGKpnbrgk) 8x8+0_lion rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1";

/// A process after `xboard`, `protover 2` and the features.
fn start() -> EngineProcess {
    let mut e = EngineProcess::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect_line(exact("feature done=1"), secs(5));
    e
}

/// Sends `ping N` and returns every line before `pong N`.
fn sync(e: &mut EngineProcess) -> Vec<String> {
    e.send("ping 99");
    let mut lines = e.lines_until(&exact("pong 99"), secs(10));
    assert_eq!(lines.pop().as_deref(), Some("pong 99"), "{}", e.dump());
    lines
}

fn send_all(e: &mut EngineProcess, lines: &[&str]) {
    for l in lines {
        e.send(l);
    }
}

/// `~^\d+\S* -?\d+ \d+ \d+\s.*$`
fn is_thinking(line: &str) -> bool {
    let w: Vec<&str> = line.split_whitespace().collect();
    w.len() >= 5
        && w[0].starts_with(|c: char| c.is_ascii_digit())
        && w[1].trim_start_matches('-').parse::<u64>().is_ok()
        && w[2].parse::<u64>().is_ok()
        && w[3].parse::<u64>().is_ok()
}

fn chess_legal(fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut engine = Engine::new();
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    engine.set_position(fen, &moves).unwrap();
    engine.legal_moves()
}

fn move_pred() -> Pred {
    Pred::Fn(Box::new(|l: &str| l.starts_with("move ")))
}

/// The XBoard plugin file lists what `feature variants` announces (engine-configs/README.md).
#[test]
fn plugin_file_lists_the_playable_variants() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-configs/menagerie.eng");
    let text = std::fs::read_to_string(path).expect("engine-configs/menagerie.eng");
    let mut names = vec!["normal"];
    names.extend(menagerie::variants::playable().filter(|&v| v != "chess"));
    assert_eq!(text.lines().nth(2), Some(names.join(",").as_str()));
}

#[test]
fn t01_handshake() {
    let mut e = EngineProcess::start(&[]);
    e.send("xboard");
    assert!(e.no_output_for(200), "{}", e.dump());
    e.send("protover 2");
    let mut names = vec!["normal"];
    names.extend(menagerie::variants::playable().filter(|&v| v != "chess"));
    let expected = [
        "feature done=0".to_string(),
        format!(
            "feature myname=\"menagerie {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ),
        "feature setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 playother=1 san=0 name=1 memory=1 smp=1 exclude=1 highlight=1 debug=1 nps=0".to_string(),
        "feature option=\"XBoardLegs -combo *compat /// full\"".to_string(),
        "feature option=\"MultiPV -spin 1 1 64\"".to_string(),
        "feature done=1".to_string(),
    ];
    for want in &expected {
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some(want.as_str()),
            "{}",
            e.dump()
        );
    }
    assert!(e.no_output_for(200));
}

#[test]
fn t02_accepted_rejected() {
    let mut e = start();
    send_all(&mut e, &["accepted setboard", "accepted done"]);
    assert!(e.no_output_for(200), "{}", e.dump());
    send_all(&mut e, &["rejected highlight", "lift e2"]);
    assert!(e.no_output_for(200), "{}", e.dump());
    e.send("ping 7");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("pong 7"));
}

#[test]
fn t03_setup_lines() {
    let mut e = start();
    for v in menagerie::variants::playable().chain(["normal"]) {
        send_all(&mut e, &["new", &format!("variant {v}"), "ping 1"]);
        let expected = menagerie::variants::xboard::setup_line(v);
        if let Some(line) = &expected {
            assert_eq!(
                e.next_line(secs(5)).as_deref(),
                Some(line.as_str()),
                "{}",
                e.dump()
            );
        }
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some("pong 1"),
            "{v}: {}",
            e.dump()
        );
    }
    // The §6 line for Shock Chess, exactly, computed from the variant's description.
    assert_eq!(
        menagerie::variants::xboard::setup_line("shockchess").as_deref(),
        Some(SHOCK_SETUP)
    );
    assert_eq!(menagerie::variants::xboard::setup_line("chess"), None);
}

/// Transcript 4 needs pawnier; the mechanism (`new` returns to chess) is tested with Shock Chess:
/// a FEN with Generals is refused after `new`.
#[test]
fn t04_new_returns_to_chess() {
    let mut e = start();
    send_all(
        &mut e,
        &["new", "variant shockchess", "new", "force", "usermove e2e4"],
    );
    assert_eq!(sync(&mut e), vec![SHOCK_SETUP.to_string()], "{}", e.dump());
    e.send("setboard 1g6/7k/8/8/8/8/1G6/r6K w - - 0 1");
    e.expect_line("tellusererror Illegal position", secs(5));
    e.send("usermove h1g2");
    e.expect_line(exact("Illegal move (no valid position): h1g2"), secs(5));
}

#[test]
fn t05_unsupported_variant() {
    let mut e = start();
    send_all(&mut e, &["new", "variant shockchess"]);
    e.expect_line(exact(SHOCK_SETUP), secs(5));
    e.send("variant nosuchvariant");
    e.expect_line(
        exact("Error (unsupported variant): variant nosuchvariant"),
        secs(5),
    );
    // Still Shock Chess: a General FEN is fine.
    send_all(
        &mut e,
        &["force", "setboard 1g6/7k/8/8/8/8/1G6/r6K w - - 0 1"],
    );
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
}

#[test]
fn t06_force_mode_moves() {
    let mut e = start();
    send_all(&mut e, &["new", "force", "usermove e2e4", "usermove e7e5"]);
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    e.send("usermove e2e4");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("Illegal move: e2e4"));
    e.send("usermove @@@@");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("Illegal move: @@@@"));
    // The moves were applied: White's g1f3 is legal, e7e5 is not.
    send_all(&mut e, &["usermove g1f3", "usermove e7e5"]);
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("Illegal move: e7e5"));
}

#[test]
fn t12_go_plays_a_legal_move() {
    let mut e = start();
    send_all(&mut e, &["new", "post", "time 12000", "otim 12000", "go"]);
    let lines = e.lines_until(&move_pred(), secs(20));
    let (last, before) = lines.split_last().expect("a move");
    assert!(last.starts_with("move "), "{}", e.dump());
    assert!(before.iter().all(|l| is_thinking(l)), "{}", e.dump());
    let mv = last.strip_prefix("move ").unwrap();
    assert!(
        chess_legal(None, &[]).iter().any(|m| m == mv),
        "{}",
        e.dump()
    );
}

#[test]
fn t13_move_now_and_result() {
    let mut e = start();
    send_all(&mut e, &["new", "level 0 60 0", "go"]);
    std::thread::sleep(Duration::from_millis(300));
    e.send("?");
    e.expect_line(move_pred(), secs(3));
    send_all(&mut e, &["new", "level 0 60 0", "go"]);
    std::thread::sleep(Duration::from_millis(300));
    e.send("result 1-0 {abort}");
    let lines = sync(&mut e);
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{}", e.dump());
    assert!(e.no_output_for(500));
}

fn shock(e: &mut EngineProcess, fen: &str) {
    send_all(e, &["new", "variant shockchess"]);
    e.expect_line(exact(SHOCK_SETUP), secs(5));
    send_all(e, &["force", &format!("setboard {fen}")]);
}

#[test]
fn t14_frozen_pass_at_once() {
    let mut e = start();
    shock(&mut e, "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1");
    send_all(&mut e, &["post", "playother", "usermove b2b8"]);
    assert_eq!(
        e.next_line(secs(2)).as_deref(),
        Some("move @@@@"),
        "{}",
        e.dump()
    );
}

#[test]
fn t15a_pass_by_usermove() {
    let mut e = start();
    shock(&mut e, "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1");
    send_all(
        &mut e,
        &["usermove e2h5", "playother", "st 0.3", "usermove @@@@"],
    );
    let l = e.expect_line(move_pred(), secs(5));
    let ok = ["e1d1", "e1d2", "e1f1", "e1f2", "h5e2", "h5e8"];
    assert!(ok.iter().any(|m| l == format!("move {m}")), "{}", e.dump());
}

#[test]
fn t15b_pass_by_setboard() {
    let mut e = start();
    shock(&mut e, "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1");
    send_all(
        &mut e,
        &[
            "usermove e2h5",
            "playother",
            "st 0.3",
            "time 11939",
            "otim 11919",
        ],
    );
    e.send("setboard k3r3/8/8/7B/8/8/8/4K3 w - - 0 2");
    let l = e.expect_line(move_pred(), secs(5));
    let ok = ["e1d1", "e1d2", "e1f1", "e1f2", "h5e2", "h5e8"];
    assert!(ok.iter().any(|m| l == format!("move {m}")), "{}", e.dump());
    // The history is e2h5 @@@@ <move>: two plies back Black is frozen.
    send_all(&mut e, &["force", "remove", "usermove a8b8"]);
    e.expect_line(exact("Illegal move (you must pass): a8b8"), secs(5));
}

#[test]
fn t16_you_must_pass() {
    let mut e = start();
    shock(&mut e, "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1");
    send_all(&mut e, &["usermove e2h5", "usermove a8b8"]);
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("Illegal move (you must pass): a8b8"),
        "{}",
        e.dump()
    );
}

#[test]
fn t17_claims() {
    let mut e = start();
    shock(&mut e, "3gk3/8/8/8/8/8/8/3GK3 w - - 0 1");
    send_all(&mut e, &["st 1", "go"]);
    assert_eq!(e.expect_line(move_pred(), secs(10)), "move d1d8");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("1-0 {White mates}"));
    send_all(
        &mut e,
        &[
            "new",
            "force",
            "usermove f2f3",
            "usermove e7e5",
            "usermove g2g4",
            "playother",
            "usermove d8h4",
        ],
    );
    let lines = sync(&mut e);
    assert_eq!(lines, vec!["0-1 {Black mates}".to_string()], "{}", e.dump());
    // No claim in force mode.
    send_all(
        &mut e,
        &[
            "new",
            "force",
            "usermove f2f3",
            "usermove e7e5",
            "usermove g2g4",
            "usermove d8h4",
        ],
    );
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
}

#[test]
fn t22_settings_are_silent() {
    let mut e = start();
    send_all(
        &mut e,
        &[
            "level 40 5 0",
            "level 0 2 12",
            "level 0 0:30 0.5",
            "st 30",
            "sd 8",
            "time 100",
            "otim 100",
            "memory 256",
            "cores 4",
            "option MultiPV=3",
            "option XBoardLegs=full",
            "hard",
            "easy",
            "post",
            "nopost",
            "random",
            "computer",
            "name Someone",
            "rating 2000 2100",
        ],
    );
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
}

#[test]
fn t23_analyze() {
    let mut e = start();
    send_all(&mut e, &["new", "force", "post", "analyze"]);
    e.expect_line(is_thinking, secs(5));
    e.send("usermove e2e4");
    // Restarted: a depth-1 line for the position after e2e4 comes again.
    e.expect_line(|l: &str| l.starts_with("1 "), secs(5));
    std::thread::sleep(Duration::from_millis(200));
    e.send(".");
    let stat = e.expect_line("stat01:", secs(5));
    let w: Vec<&str> = stat.split_whitespace().collect();
    assert!(
        w.len() >= 6 && w[1..6].iter().all(|x| x.parse::<u64>().is_ok()),
        "{stat}"
    );
    e.send("exit");
    let lines = sync(&mut e);
    assert!(e.no_output_for(500), "thinking after exit: {}", e.dump());
    assert!(
        lines
            .iter()
            .chain(&e.transcript)
            .all(|l| !l.starts_with("ENG> move"))
    );
}

/// Transcript 24 needs exciting; exclusion is tested in chess: with every move but one excluded,
/// the analysis PV starts with that one.
#[test]
fn t24_exclude_include_in_chess() {
    let mut e = start();
    send_all(
        &mut e,
        &[
            "new",
            "force",
            "post",
            "analyze",
            "exclude all",
            "include h2h3",
        ],
    );
    std::thread::sleep(Duration::from_millis(500));
    e.send("exit");
    let _ = sync(&mut e);
    // Lines of the search started before `include` arrived may still be in the transcript after
    // it (they race with the command); from the first h2h3 line on, every PV must start h2h3.
    let tail: Vec<&String> = e
        .transcript
        .iter()
        .skip_while(|l| *l != "GUI> include h2h3")
        .filter(|l| l.starts_with("ENG> ") && is_thinking(&l[5..]))
        .skip_while(|l| l.split_whitespace().nth(5) != Some("h2h3"))
        .collect();
    assert!(!tail.is_empty(), "{}", e.dump());
    assert!(
        tail.iter()
            .all(|l| l.split_whitespace().nth(5) == Some("h2h3")),
        "{}",
        e.dump()
    );
}

#[test]
fn t25_28_markers() {
    let mut e = start();
    send_all(&mut e, &["new", "lift e2"]);
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("highlight 8/8/8/8/4Y3/4Y3/8/8")
    );
    send_all(
        &mut e,
        &["force", "setboard 8/4P3/8/8/8/8/k7/7K w - - 0 1", "lift e7"],
    );
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("highlight 4M3/8/8/8/8/8/8/8")
    );
    e.send("put e8");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("choice QRBN"));
    // Captures are red; hover gets no reply.
    send_all(
        &mut e,
        &[
            "setboard 4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
            "lift e1",
            "hover d2",
        ],
    );
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("highlight 8/8/8/8/8/8/3RYY2/3Y1Y2")
    );
    assert!(e.no_output_for(200));
    // Shock Chess promotion letters.
    shock(&mut e, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    send_all(&mut e, &["lift a7", "put a8"]);
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("highlight M7/8/8/8/8/8/8/8")
    );
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("choice GRBN"));
}

#[test]
fn t29_undo_remove_unknown_quit() {
    let mut e = start();
    send_all(
        &mut e,
        &[
            "new",
            "force",
            "usermove e2e4",
            "usermove e7e5",
            "usermove g1f3",
            "undo",
        ],
    );
    // One ply back: White to move, g1f3 legal again.
    e.send("usermove g1f3");
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    send_all(&mut e, &["remove", "usermove e2e4"]);
    // Two plies back from e4 e5 Nf3: after e2e4, Black to move.
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("Illegal move: e2e4"));
    send_all(&mut e, &["usermove e7e5"]);
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    e.send("foo");
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("Error (unknown command): foo")
    );
    e.send("quit");
    assert!(e.wait_exit(secs(1)));
}

/// The second half of transcript 30 needs pawnier: the same refusal is tested with an illegal
/// bare move in chess.
#[test]
fn t30_cutechess_start() {
    let mut e = start();
    send_all(
        &mut e,
        &[
            "new",
            "force",
            "b2b3",
            "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ],
    );
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    send_all(&mut e, &["new", "force", "b2b3", "b2b3"]);
    let lines = sync(&mut e);
    assert_eq!(
        lines,
        vec!["Error (unknown command): b2b3".to_string()],
        "{}",
        e.dump()
    );
}

#[test]
fn hint_bk_and_ping_after_move() {
    let mut e = start();
    send_all(&mut e, &["new", "st 0.3", "go", "ping 5"]);
    let lines = e.lines_until(&exact("pong 5"), secs(5));
    let mv = lines.iter().position(|l| l.starts_with("move "));
    assert!(
        mv.is_some() && mv.unwrap() + 1 == lines.len() - 1,
        "{}",
        e.dump()
    );
    e.send("bk");
    assert_eq!(e.next_line(secs(5)).as_deref(), Some(" no book"));
    assert_eq!(e.next_line(secs(5)).as_deref(), Some(""));
}

#[test]
fn pondering_answers_the_reply() {
    let mut e = start();
    send_all(&mut e, &["new", "hard", "st 0.3", "usermove e2e4"]);
    let reply = e.expect_line(move_pred(), secs(5));
    let reply = reply.strip_prefix("move ").unwrap().to_string();
    // Whatever White plays next, a legal Black move follows and pings stay prompt.
    e.send("ping 3");
    assert_eq!(e.next_line(secs(2)).as_deref(), Some("pong 3"));
    let legal = chess_legal(None, &["e2e4", &reply]);
    e.send(&format!("usermove {}", legal[0]));
    let second = e.expect_line(move_pred(), secs(5));
    let after = chess_legal(None, &["e2e4", &reply, &legal[0]]);
    assert!(
        after.iter().any(|m| second == format!("move {m}")),
        "{}",
        e.dump()
    );
}

#[test]
fn fuzz_ten_thousand_lines() {
    let words = [
        "new",
        "force",
        "go",
        "playother",
        "usermove",
        "?",
        "ping",
        "result",
        "setboard",
        "undo",
        "remove",
        "level",
        "st",
        "sd",
        "time",
        "otim",
        "post",
        "nopost",
        "hard",
        "easy",
        "analyze",
        "exit",
        ".",
        "hint",
        "bk",
        "memory",
        "cores",
        "option",
        "exclude",
        "include",
        "lift",
        "put",
        "hover",
        "accepted",
        "rejected",
        "variant",
        "computer",
        "name",
        "edit",
        "protover",
        "xboard",
        "draw",
        "random",
        "white",
        "black",
        "Illegal",
    ];
    let atoms = [
        "e2e4",
        "e7e5",
        "g1f3",
        "@@@@",
        "0000",
        "e7e8q",
        "a1a4,a4a1",
        "P@e4",
        "J@e2,e2e4;",
        "shockchess",
        "chess",
        "normal",
        "pawnier",
        "all",
        "1",
        "-3",
        "0:30",
        "0.5",
        "2",
        "4",
        "MultiPV=2",
        "XBoardLegs=full",
        "Hash=3",
        "d:d;q",
        "z9",
        "a",
        "",
        "rnbqkbnr/pppp",
        "1g6/7k/8/8/8/8/1G6/r6K",
        "w",
        "b",
        "KQkq",
        "-",
        "frozen",
        "[WEJJwejj]",
        "**",
        "999999",
        "e2",
        "e8",
        "j1",
        "`8",
        "{abort}",
        "1-0",
        "\u{1}",
        "é",
        "9x9",
    ];
    let fens = [
        "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
        "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
        "8/4P3/8/8/8/8/k7/7K w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 99 200",
    ];
    let mut rng = rng::Rng(0x5eed_0c0e);
    let mut e = start();
    send_all(&mut e, &["memory 2", "st 0.01"]);
    for _ in 0..10_000 {
        let line = match rng.below(10) {
            0 => format!("setboard {}", fens[rng.below(fens.len())]),
            1 => {
                let n = rng.below(30) + 1;
                (0..n).map(|_| (rng.below(95) as u8 + 32) as char).collect()
            }
            _ => {
                let mut l = words[rng.below(words.len())].to_string();
                for _ in 0..rng.below(4) {
                    l.push(' ');
                    l.push_str(atoms[rng.below(atoms.len())]);
                }
                l
            }
        };
        if line.trim_start().starts_with("quit") || line.starts_with("memory 9") {
            continue;
        }
        e.send(&line);
    }
    e.send("ping 9");
    e.expect_line(exact("pong 9"), secs(30));
    assert!(e.alive());
    let bad: Vec<&String> = e
        .transcript
        .iter()
        .filter(|l| l.starts_with("ENG> Illegal") && !l.starts_with("ENG> Illegal move"))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}
