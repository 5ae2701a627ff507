//! CECP transcripts of PROTOCOL.md §9 against the built binary, each in the variant it names
//! (those of the XBoard compatibility layer, 18-21, are in tests/xboard_compat.rs), then a fuzz
//! test.
//!
//! "Accepted as M" (§9) is checked twice: the process answers nothing (and a later move shows the
//! position it reached where one can tell), and `Engine::parse`, which the state machine plays
//! from, names M in the same position.

#[path = "support/cecp.rs"]
mod cecp;
#[path = "support/engine_process.rs"]
mod engine_process;
#[path = "support/rng.rs"]
mod rng;

use std::time::Duration;

use cecp::*;
use engine_process::{EngineProcess, Pred, exact, secs};

const SHOCK_SETUP: &str =
    "setup (PNBRGKpnbrgk) 8x8+0_lion rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1";

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

/// The `setup` line of every engine-defined variant, as PROTOCOL.md §6 gives it, except two
/// deliberate deviations for XBoard's Pawn-slot hazard (§4.7): `combinedarms` and `pawnier` put
/// their pawns on the Man slot (a real XBoard match lost a king when a Pawnier pawn on the Pawn
/// slot slid like a bishop), which gives `pawnier` 3 holdings slots.
const SETUP_LINES: &[(&str, &str)] = &[
    (
        "shocktroops",
        "setup (PNBRQJEWKpnbrqjewk) 8x8+8_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1",
    ),
    (
        "shocktroopsnoninja",
        "setup (PNBRQ.EWKpnbrq.ewk) 8x8+7_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
    ),
    (
        "shocktroopsdrone",
        "setup (PNBRQJEWKpnbrqjewk) 8x8+8_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1",
    ),
    (
        "shocktroopsdronenoninja",
        "setup (PNBRQ.EWKpnbrq.ewk) 8x8+7_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
    ),
    (
        "shocktroopsca",
        "setup (PNBRQJ.ACKpnbrqj.ack) 8x8+8_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAJJcajj] w KQkq - 0 1",
    ),
    (
        "shocktroopscanoninja",
        "setup (PNBRQ..ACKpnbrq..ack) 8x8+7_bughouse \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CAca] w KQkq - 0 1",
    ),
    ("shockchess", SHOCK_SETUP),
    (
        "combinedarms",
        "setup (.NBRQ.....PK.nbrq.....pk) 8x8+0_fairy \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "pawnier",
        "setup (.N...S....PK.n...s....pk) 9x11+3_bughouse \
         9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1",
    ),
    (
        "exciting",
        "setup (PNBRQSTMCDVKpnbrqstmcdvk) 11x11+6_bughouse **rbqkbnr**/*ppppppppp*/\
         ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR**[] \
         w KQkq - 0 1",
    ),
    (
        "excitingnotigers",
        "setup (PNBRQSTMCDVKpnbrqstmcdvk) 11x11+6_bughouse **rbqkbnr**/*ppppppppp*/\
         sssssssssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSSSSSSSSS/*PPPPPPPPP*/**RBQKBNR**[] \
         w KQkq - 0 1",
    ),
    (
        "excitingnoreentry",
        "setup (PNBRQSTMCDVKpnbrqstmcdvk) 11x11+0_bughouse **rbqkbnr**/*ppppppppp*/\
         ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR** \
         w KQkq - 0 1",
    ),
    (
        "excitingcannon",
        "setup (PNBRQSTMCDVKpnbrqstmcdvk) 11x11+6_bughouse **cbqkbnr**/*ppppppppp*/\
         snrts1tssss/msmsmsmsmsm/11/11/11/MSMSMSMSMSM/SNRTS1TSSSS/*PPPPPPPPP*/**CBQKBNR**[] \
         w KQkq - 0 1",
    ),
    (
        "exciting9",
        "setup (PNBRQSTMCDVKpnbrqstmcdvk) 9x9+0_bughouse \
         *rbqkbnr*/ppppppppp/1m1m1m1m1/9/9/9/1M1M1M1M1/PPPPPPPPP/*RBQKBNR* w KQkq - 0 1",
    ),
];

/// Transcript 3, with the lines written out above.
#[test]
fn t03_setup_lines() {
    // The table covers every engine-defined variant the engine offers.
    let mut listed: Vec<&str> = SETUP_LINES.iter().map(|l| l.0).collect();
    let mut offered: Vec<&str> = menagerie::variants::playable()
        .filter(|&v| v != "chess")
        .collect();
    listed.sort_unstable();
    offered.sort_unstable();
    assert_eq!(listed, offered);
    let mut e = start();
    for (v, line) in SETUP_LINES {
        send_all(&mut e, &["new", &format!("variant {v}"), "ping 1"]);
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some(*line),
            "{v}: {}",
            e.dump()
        );
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some("pong 1"),
            "{v}: {}",
            e.dump()
        );
    }
    for v in ["normal", "chess"] {
        send_all(&mut e, &["new", &format!("variant {v}"), "ping 1"]);
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some("pong 1"),
            "{v}: {}",
            e.dump()
        );
    }
}

/// Transcript 4: `new` returns to chess after a variant.
#[test]
fn t04_new_returns_to_chess() {
    let mut e = start();
    send_all(&mut e, &["new", "variant pawnier"]);
    e.expect_line("setup ", secs(5));
    send_all(&mut e, &["new", "force", "usermove e2e4"]);
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    e.send("usermove P@a3");
    next_is(&mut e, "Illegal move: P@a3");
    // e2e4 was played in chess: Black is to move.
    e.send("usermove e7e5");
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
}

/// After `new` a Shock Chess FEN is refused (the variant is chess again), and moves are then
/// refused until a valid position arrives (§3.3 step 1).
#[test]
fn setboard_refused_after_new() {
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
    let lines = sync(&mut e);
    expect_position_setups(
        &lines,
        "shockchess",
        SHOCK_SETUP,
        "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
        &e,
    );
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

/// The Shock Troops start position.
const TROOPS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1";

/// Transcript 7 as §9 states it cannot pass: at the Shock Troops start e2 holds White's pawn, and
/// a Ninja Pawn is dropped only on an *empty* square of the own 2nd rank and pushed only through
/// empty squares (rules/shocktroops.md §1.3, ST-3), so there is no `J@e4` to accept. Where the
/// rules file and PROTOCOL.md disagree about a rule the rules file wins (PROTOCOL.md, preamble),
/// so at the start every form is refused; the forms are then accepted as §9 says in the start
/// position without White's e-pawn, the nearest position where `J@e4` is legal.
#[test]
fn t07_ninja_drop_forms() {
    const FORMS: [&str; 4] = ["J@e2,e2e4", "j@e4", "J*e4", "J@e4;"];
    let mut e = start();
    for input in FORMS {
        set_up(&mut e, "shocktroops", TROOPS_START);
        e.send(&format!("usermove {input}"));
        assert_eq!(
            e.next_line(secs(5)),
            Some(format!("Illegal move: {input}")),
            "{}",
            e.dump()
        );
        assert!(
            library("shocktroops", TROOPS_START)
                .game()
                .parse(input)
                .is_err()
        );
    }
    let no_e_pawn = "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1";
    for input in FORMS {
        accepted_as(&mut e, "shocktroops", no_e_pawn, input, "J@e4");
        // The Ninja Pawn stands on e4 (not on e2 or e3): after a Black move it steps to e5.
        send_all(&mut e, &["usermove a7a6", "usermove e4e5"]);
        assert!(sync(&mut e).is_empty(), "{input}: {}", e.dump());
    }
}

/// Transcript 8 (CA-T2): kill chains in any order, a subset of the victims, the one-kill move,
/// an ambiguous and an illegal string.
#[test]
fn t08_ca_t2_kill_chains() {
    let mut e = start();
    for input in ["c3d3,d3d4,d4e4;", "c3d4,d4d3,d3e4", "c3d4,d4e4"] {
        accepted_as(&mut e, "combinedarms", CA_T2, input, "c3d3,d3d4,d4e4");
        // d4 is gone, so Black's infantry cannot step d4d3.
        e.send("usermove d4d3");
        assert_eq!(
            e.next_line(secs(5)).as_deref(),
            Some("Illegal move: d4d3"),
            "{input}: {}",
            e.dump()
        );
    }
    accepted_as(&mut e, "combinedarms", CA_T2, "c3d3,d3e4", "c3d3,d3e4");
    // Only d3 was killed: the d4 infantry steps onto the emptied d3.
    e.send("usermove d4d3");
    assert!(sync(&mut e).is_empty(), "{}", e.dump());
    set_up(&mut e, "combinedarms", CA_T2);
    e.send("usermove c3e4");
    next_is(&mut e, "Illegal move (ambiguous): c3e4");
    e.send("usermove c3c5");
    next_is(&mut e, "Illegal move: c3c5");
    assert!(e.no_output_for(200), "{}", e.dump());
}

/// Transcript 9 (E-1): the custodian move that takes three pieces, named by its destination
/// alone or with one of its victims.
#[test]
fn t09_e1_partial_forms() {
    let mut e = start();
    for input in ["d2c2", "d2b2,b2c2"] {
        accepted_as(&mut e, "exciting", E_1, input, "d2b2,b2c1,c1c3,c3c2");
    }
}

/// Transcript 10 (E-3): checker jumps written by their landing squares.
#[test]
fn t10_e3_landing_squares() {
    let mut e = start();
    accepted_as(&mut e, "exciting", E_3, "c4e6", "c4d5,d5e6");
    accepted_as(&mut e, "exciting", E_3, "c4e6,e6g8", "c4d5,d5f7,f7g8");
}

/// Transcript 11: a crowning without its letter, with `d`, with `+`.
#[test]
fn t11_crowning_forms() {
    let fen = "**6k**/*1M7*/11/11/11/11/11/11/11/*9*/**3K3**[] w - - 0 1";
    let mut e = start();
    for input in ["c10d11", "c10d11d", "c10d11+"] {
        accepted_as(&mut e, "exciting", fen, input, "c10d11d");
    }
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
    let lines = vec![
        e.expect_line("setup ", secs(5)),
        e.expect_line("setup ", secs(5)),
    ];
    expect_position_setups(&lines, "shockchess", SHOCK_SETUP, fen, e);
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

/// Issue 13 item 11: when the engine's move freezes a person's army, the person is told once
/// what happened and how to pass; an engine opponent (`computer`) is not.
#[test]
fn t14b_a_frozen_person_is_told_how_to_pass() {
    for computer in [false, true] {
        let mut e = start();
        shock(&mut e, "4k3/8/8/8/8/8/3g4/3QK3 w - - 0 1");
        if computer {
            e.send("computer");
        }
        send_all(&mut e, &["sd 3", "go"]);
        let l = e.expect_line(move_pred(), secs(10));
        assert!(
            l == "move d1d2" || l == "move e1d2",
            "the General is taken: {}",
            e.dump()
        );
        let after = sync(&mut e);
        let told: Vec<&String> = after.iter().filter(|l| l.starts_with("telluser")).collect();
        if computer {
            assert!(told.is_empty(), "{}", e.dump());
        } else {
            assert_eq!(told.len(), 1, "{}", e.dump());
            assert!(
                told[0].contains("frozen") && told[0].contains("clock"),
                "{}",
                told[0]
            );
            assert!(told[0].contains("@@@@"), "{}", told[0]);
        }
        // The person passes; the engine moves again and says nothing more.
        e.send("usermove @@@@");
        e.expect_line(move_pred(), secs(10));
        let after = sync(&mut e);
        assert!(
            !after.iter().any(|l| l.starts_with("telluser")),
            "{}",
            e.dump()
        );
    }
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
    next_is(&mut e, "Illegal move (you must pass): a8b8");
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

/// Lines after `pong N` up to the next `pong M`, keeping only thinking lines; panics on any other.
fn thinking_until_pong(e: &mut EngineProcess, ping: u32) -> Vec<String> {
    e.send(&format!("ping {ping}"));
    let pong = format!("pong {ping}");
    let mut lines = e.lines_until(&exact(&pong), secs(10));
    assert_eq!(lines.pop(), Some(pong), "{}", e.dump());
    assert!(lines.iter().all(|l| is_thinking(l)), "{}", e.dump());
    lines
}

/// The first move of a thinking line's PV.
fn pv_head(line: &str) -> Option<&str> {
    line.split_whitespace().nth(4)
}

/// Transcript 24 (E-2): `exclude d:d;q` (XBoard 4.9.1's spelling of `d10d11q`) is silent and
/// keeps `d10d11q` out of the analysis; after `include all` it may come back. Then the other way
/// round, to see that it does: with every move excluded and `d:d;q` included, every PV starts
/// with it.
#[test]
fn t24_exclude_include() {
    let mut e = start();
    set_up(&mut e, "exciting", E_2);
    send_all(&mut e, &["post", "analyze"]);
    e.expect_line(is_thinking, secs(5));
    e.send("exclude d:d;q");
    // `ping` is answered at once while analyzing, after the exclusion has restarted the search:
    // everything after `pong` comes from the restricted search.
    thinking_until_pong(&mut e, 1);
    std::thread::sleep(Duration::from_millis(300));
    let later = thinking_until_pong(&mut e, 2);
    assert!(!later.is_empty(), "{}", e.dump());
    assert!(
        later.iter().all(|l| pv_head(l) != Some("d10d11q")),
        "{}",
        e.dump()
    );
    e.send("include all");
    thinking_until_pong(&mut e, 3);
    send_all(&mut e, &["exclude all", "include d:d;q"]);
    thinking_until_pong(&mut e, 4);
    std::thread::sleep(Duration::from_millis(300));
    let only = thinking_until_pong(&mut e, 5);
    assert!(!only.is_empty(), "{}", e.dump());
    assert!(
        only.iter().all(|l| pv_head(l) == Some("d10d11q")),
        "{}",
        e.dump()
    );
    e.send("exit");
    let _ = sync(&mut e);
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
    // The choice comes with the highlight (XBoard's sweep selection uses it while the piece is
    // held) and again after `put` (click-click: XBoard's extra `put` asks for it).
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("choice QRBN"));
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
    assert_eq!(e.next_line(secs(5)).as_deref(), Some("choice GRBN"));
    // A piece without a promotion gets no choice.
    e.send("lift e1");
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some("highlight 8/8/8/8/8/8/3YYY2/3Y1Y2")
    );
    assert!(e.no_output_for(200), "{}", e.dump());
}

/// Transcript 26 (CA-T3a): the bishop's kill squares are cyan; after `put` on one, the moves
/// that remove it.
#[test]
fn t26_kill_square_markers() {
    let mut e = start();
    set_up(&mut e, "combinedarms", CA_T3A);
    e.send("lift a1");
    next_is(&mut e, "highlight 8/8/8/8/3C4/C1Y5/1Y6/8");
    send_all(&mut e, &["put a3", "lift a3"]);
    next_is(&mut e, "highlight 8/8/8/8/8/2Y5/1Y6/Y7");
    assert!(e.no_output_for(200), "{}", e.dump());
}

/// Transcript 27 (E-2): the soldier's optional promotion is magenta, and the choice offers the
/// promotion first and the soldier's own letter to decline it.
#[test]
fn t27_optional_promotion_markers() {
    let mut e = start();
    set_up(&mut e, "exciting", E_2);
    e.send("lift e8");
    next_is(&mut e, "highlight 11/11/4M6/3Y1Y5/11/11/11/11/11/11/11");
    next_is(&mut e, "choice VS");
    e.send("put e9");
    next_is(&mut e, "choice VS");
    assert!(e.no_output_for(200), "{}", e.dump());
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

/// Transcript 30: cutechess's dummy `b2b3` before `setboard`, and the same bare word where it is
/// no legal move (pawnier's b2 is empty), which is an unknown command and never `Illegal`. Also
/// a bare move that is illegal only because of the side to move.
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
    send_all(&mut e, &["new", "variant pawnier"]);
    e.expect_line("setup ", secs(5));
    send_all(&mut e, &["force", "b2b3"]);
    assert_eq!(
        sync(&mut e),
        vec!["Error (unknown command): b2b3".to_string()],
        "{}",
        e.dump()
    );
    send_all(&mut e, &["new", "force", "b2b3", "b2b3"]);
    let lines = sync(&mut e);
    assert_eq!(
        lines,
        vec!["Error (unknown command): b2b3".to_string()],
        "{}",
        e.dump()
    );
    assert!(
        e.transcript.iter().all(|l| !l.starts_with("ENG> Illegal")),
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

/// Issue 13 item 10: XBoard's `bughouse` parent credits no capture to its holdings, so a person
/// playing Exciting Chess is told when a capture put a soldier in a hand and how to drop it; an
/// engine opponent (`computer`) is not. The person's move comes in force mode followed by `go`
/// (as XBoard relays it) or while the engine plays a side.
#[test]
fn t31_captured_soldiers_are_told_to_a_person() {
    const FEN: &str = "**k6**/*9*/11/11/11/11/11/11/1Ss8/*2S6*/**3K3**[] w - - 0 1";
    for (computer, force) in [(false, true), (false, false), (true, true)] {
        let mut e = start();
        set_up(&mut e, "exciting", FEN);
        if computer {
            e.send("computer");
        }
        if !force {
            e.send("playother");
        }
        send_all(&mut e, &["sd 2", "usermove d2c3,c3d3"]);
        if force {
            e.send("go");
        }
        e.expect_line(move_pred(), secs(10));
        let told: Vec<String> = e
            .transcript
            .iter()
            .filter(|l| l.starts_with("ENG> telluser"))
            .cloned()
            .collect();
        if computer {
            assert!(told.is_empty(), "{}", e.dump());
        } else {
            assert_eq!(told.len(), 1, "{}", e.dump());
            assert!(
                told[0].contains("soldier in your hand") && told[0].contains("S@"),
                "{}",
                told[0]
            );
        }
        // The drop the person was told to type is taken.
        e.send("usermove S@e4");
        let answer = e.lines_until(&move_pred(), secs(10));
        assert!(
            answer.last().is_some_and(|l| l.starts_with("move "))
                && answer.iter().all(|l| !l.starts_with("Illegal")),
            "{}",
            e.dump()
        );
    }
}

/// Settings XBoard sends while a search runs (issue 54): a person changing MultiPV, hash or cores
/// in Engine Settings, or toggling pondering and thinking output.
const MID_SEARCH_SETTINGS: [&str; 7] = [
    "option MultiPV=2",
    "memory 32",
    "cores 2",
    "easy",
    "hard",
    "post",
    "nopost",
];

/// A thinking line's depth (its first field).
fn depth_of(line: &str) -> Option<u32> {
    line.split_whitespace().next()?.parse().ok()
}

/// During the engine's own think each setting leaves the search running: the move comes by
/// itself when the time is used, and at once on `?`.
#[test]
fn settings_during_the_engines_think_keep_the_move_coming() {
    for setting in MID_SEARCH_SETTINGS {
        let mut e = start();
        send_all(&mut e, &["new", "st 1", "usermove e2e4"]);
        std::thread::sleep(Duration::from_millis(150));
        e.send(setting);
        let reply = e.expect_line(move_pred(), secs(6));
        let reply = reply.strip_prefix("move ").unwrap().to_string();
        assert!(
            chess_legal(None, &["e2e4"]).contains(&reply),
            "{setting}: {}",
            e.dump()
        );
        // Now a long think, the same setting, and Move Now.
        send_all(&mut e, &["st 60", "usermove g1f3"]);
        std::thread::sleep(Duration::from_millis(150));
        e.send(setting);
        e.send("?");
        let second = e.expect_line(move_pred(), secs(3));
        let second = second.strip_prefix("move ").unwrap();
        assert!(
            chess_legal(None, &["e2e4", &reply, "g1f3"])
                .iter()
                .any(|m| m == second),
            "{setting}: {}",
            e.dump()
        );
    }
}

/// An option received mid-think applies from the next search: MultiPV 2 sent during Black's
/// first think gives two lines a depth in its second.
#[test]
fn an_option_received_mid_think_applies_to_the_next_search() {
    let mut e = start();
    send_all(&mut e, &["new", "post", "st 60", "usermove e2e4"]);
    std::thread::sleep(Duration::from_millis(150));
    send_all(&mut e, &["option MultiPV=2", "?"]);
    let first = e.lines_until(&move_pred(), secs(3));
    let reply = first
        .last()
        .unwrap()
        .strip_prefix("move ")
        .unwrap()
        .to_string();
    let white = chess_legal(None, &["e2e4", &reply])[0].clone();
    e.send(&format!("usermove {white}"));
    std::thread::sleep(Duration::from_millis(400));
    e.send("?");
    let second = e.lines_until(&move_pred(), secs(3));
    let ones = second.iter().filter(|l| depth_of(l) == Some(1)).count();
    assert_eq!(ones, 2, "two depth-1 lines after MultiPV=2: {}", e.dump());
}

/// While pondering each setting is taken without losing the ponder search's game: the person's
/// move is answered, and `?` (not the engine's turn) plays nothing.
#[test]
fn settings_while_pondering_keep_the_game() {
    for setting in MID_SEARCH_SETTINGS {
        let mut e = start();
        send_all(&mut e, &["new", "hard", "st 0.5", "usermove e2e4"]);
        let reply = e.expect_line(move_pred(), secs(5));
        let reply = reply.strip_prefix("move ").unwrap().to_string();
        std::thread::sleep(Duration::from_millis(100));
        send_all(&mut e, &[setting, "?"]);
        assert!(sync(&mut e).is_empty(), "{setting}: {}", e.dump());
        let white = chess_legal(None, &["e2e4", &reply])[0].clone();
        e.send(&format!("usermove {white}"));
        let second = e.expect_line(move_pred(), secs(5));
        let second = second.strip_prefix("move ").unwrap();
        assert!(
            chess_legal(None, &["e2e4", &reply, &white])
                .iter()
                .any(|m| m == second),
            "{setting}: {}",
            e.dump()
        );
    }
}

/// During analysis each setting keeps the analysis going (an engine option restarts it with the
/// new value): thinking lines still come after it.
#[test]
fn settings_during_analysis_keep_analysing() {
    for setting in MID_SEARCH_SETTINGS {
        let mut e = start();
        send_all(&mut e, &["new", "force", "post", "analyze"]);
        e.expect_line(is_thinking, secs(5));
        e.send(setting);
        // Thinking output may have been switched off by the setting; switch it back on.
        e.send("post");
        sync(&mut e);
        e.expect_line(is_thinking, secs(10));
        e.send("exit");
        sync(&mut e);
        assert!(e.no_output_for(300), "{setting}: {}", e.dump());
    }
}

/// A long run of one character that no answer of ours contains by itself.
fn long_input(bytes: usize) -> String {
    "qz".repeat(bytes / 2)
}

/// Whether `line` carries more than 200 bytes of `input` (a run of it 200 bytes long).
fn carries_input(line: &str, input: &str) -> bool {
    line.contains(&input[..200])
}

/// Issue 54: a protocol line quotes at most a short prefix of the input it answers (XBoard shows
/// `tellusererror` as a popup, and a megabyte in it is a window nobody can close).
#[test]
fn answers_quote_at_most_a_short_prefix_of_the_input() {
    let junk = long_input(500_000);
    let commands = [
        format!("usermove e2{junk}"),
        junk.clone(),
        format!("e2e4{junk}"),
        format!("setboard {junk}"),
        format!("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {junk}"),
        format!("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN{junk} w - - 0 1"),
        format!("variant {junk}"),
        format!("memory {junk}"),
        format!("cores {junk}"),
        format!("option MultiPV={junk}"),
        format!("option {junk}=1"),
        format!("ping {junk}"),
        format!("level {junk}"),
        format!("time {junk}"),
        format!("st {junk}"),
        format!("sd {junk}"),
        format!("exclude {junk}"),
        format!("lift {junk}"),
        format!("put {junk}"),
    ];
    let mut e = start();
    send_all(&mut e, &["new", "force"]);
    for c in &commands {
        e.send(c);
        // A bad position is forgotten by `new`; every command meets a valid one.
        for line in sync(&mut e) {
            assert!(
                !carries_input(&line, &junk),
                "'{}...' answered with {} bytes: '{}...'",
                &c[..40],
                line.len(),
                &line[..120.min(line.len())]
            );
        }
        send_all(&mut e, &["new", "force"]);
    }
}

/// Issue 54: while pondering, thinking lines start with the move the engine assumes (the one
/// `hint` names), so that they read from the position XBoard shows, with the person to move.
#[test]
fn ponder_lines_start_with_the_pondered_move() {
    let mut e = start();
    send_all(&mut e, &["new", "post", "hard", "st 0.5", "usermove e2e4"]);
    let reply = e.expect_line(move_pred(), secs(5));
    let reply = reply.strip_prefix("move ").unwrap().to_string();
    std::thread::sleep(Duration::from_millis(300));
    e.send("hint");
    let mut lines = e.lines_until(
        &Pred::Fn(Box::new(|l: &str| l.starts_with("Hint: "))),
        secs(5),
    );
    let hint = lines.pop().unwrap();
    let pondered = hint.strip_prefix("Hint: ").unwrap().to_string();
    lines.extend(thinking_until_pong(&mut e, 7));
    let lines: Vec<&String> = lines.iter().filter(|l| is_thinking(l)).collect();
    assert!(!lines.is_empty(), "{}", e.dump());
    let after = chess_legal(None, &["e2e4", &reply, &pondered]);
    for line in lines {
        assert_eq!(pv_head(line), Some(pondered.as_str()), "{}", e.dump());
        let second = line.split_whitespace().nth(5);
        assert!(
            second.is_none_or(|m| after.iter().any(|a| a == m)),
            "{line}: {}",
            e.dump()
        );
    }
}
