//! CECP transcripts of PROTOCOL.md §9 against the built binary, each in the variant it names;
//! the state-machine checks of the XBoard compatibility layer (transcripts 18 and 21) call the
//! library's `menagerie::protocol::xboard::moves` directly, with the engine's parser. Then a fuzz
//! test.
//!
//! "Accepted as M" (§9) is checked twice: the process answers nothing (and a later move shows the
//! position it reached where one can tell), and `Engine::parse`, which the state machine plays
//! from, names M in the same position.

#[path = "support/engine_process.rs"]
mod engine_process;
#[path = "support/rng.rs"]
mod rng;

use std::time::Duration;

use engine_process::{EngineProcess, Pred, exact, secs};
use menagerie::engine::Engine;
use menagerie::protocol::xboard::moves;

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

/// The next line is exactly `expected` (within 5 s).
fn next_is(e: &mut EngineProcess, expected: &str) {
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some(expected),
        "{}",
        e.dump()
    );
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

/// Test positions of the rules files.
const CA_T2: &str = "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1";
const CA_T3A: &str = "7k/8/8/8/3p4/n7/8/B6K w - - 0 1";
const E_1: &str = "**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1";
const E_2: &str = "**2b4**/*2P6*/11/4S6/11/10k/11/11/10K/*9*/**7** w - - 0 1";
const E_3: &str = "**7**/*9*/11/10k/5m5/11/3m7/2M8/3m7/*6R2*/**3K3** w - - 0 1";
/// Transcript 20: White in check from f7, whose only legal move is `c4d5,d5f7,f7g8`.
const ONLY_UNREPRESENTABLE: &str =
    "**3k3**/*9*/11/11/5r5/11/3p7/2M8/11/*3P1P3*/**2SKS2**[] w - - 0 1";

/// `new`, `variant V` (its `setup` line is read), `force`, `setboard FEN`; nothing else may be
/// answered.
fn set_up(e: &mut EngineProcess, variant: &str, fen: &str) {
    send_all(e, &["new", &format!("variant {variant}")]);
    if variant != "chess" && variant != "normal" {
        e.expect_line("setup ", secs(5));
    }
    send_all(e, &["force", &format!("setboard {fen}")]);
    assert!(sync(e).is_empty(), "{}", e.dump());
}

/// A library engine in `variant` at `fen`: the parser the state machine plays from.
fn library(variant: &str, fen: &str) -> Engine {
    let mut engine = Engine::new();
    engine.set_variant(variant).unwrap();
    engine.set_position(Some(fen), &[]).unwrap();
    engine
}

/// §9 "accepted as `canonical`": after a fresh `setboard fen`, `usermove input` gets no answer,
/// and the engine's parser names `canonical` for `input` in that position.
fn accepted_as(e: &mut EngineProcess, variant: &str, fen: &str, input: &str, canonical: &str) {
    set_up(e, variant, fen);
    e.send(&format!("usermove {input}"));
    assert!(sync(e).is_empty(), "{input}: {}", e.dump());
    assert_eq!(
        library(variant, fen).parse(input).as_deref(),
        Ok(canonical),
        "{input} in {fen}"
    );
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
        assert!(library("shocktroops", TROOPS_START).parse(input).is_err());
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

/// (file, rank) of a square name, both from 0: `d11` is (3, 10).
fn square_coords(square: &str) -> Option<(usize, usize)> {
    let mut chars = square.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    Some((file as usize - 'a' as usize, rank.checked_sub(1)?))
}

/// The from- and to-square of one leg (`b10b8q` gives `b10`, `b8`).
fn leg_squares(leg: &str) -> Option<(&str, &str)> {
    let split = |s: &str| -> Option<usize> {
        let digits = s.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then_some(1 + digits)
    };
    let a = split(leg)?;
    let b = split(&leg[a..])?;
    Some((&leg[..a], &leg[a..a + b]))
}

/// The letter on `square` in a FEN's board field (`None`: empty, a hole, or off the board).
fn piece_at(fen: &str, square: &str) -> Option<char> {
    let board = fen.split_whitespace().next()?.split('[').next()?;
    let (file, rank) = square_coords(square)?;
    let rows: Vec<&str> = board.split('/').collect();
    let row = rows.get(rows.len().checked_sub(rank + 1)?)?;
    let (mut f, mut count) = (0, 0);
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
            continue;
        }
        f += count;
        count = 0;
        if f > file {
            return None;
        }
        if f == file {
            return c.is_ascii_alphabetic().then_some(c);
        }
        f += 1;
    }
    None
}

/// The FEN reader of transcript 18, on E-1: holes, multi-digit runs, both colours.
#[test]
fn t18_fen_reader() {
    assert_eq!(piece_at(E_1, "k6"), Some('K'));
    assert_eq!(piece_at(E_1, "b2"), Some('n'));
    assert_eq!(piece_at(E_1, "a2"), None);
    assert_eq!(piece_at(E_1, "c2"), None);
    assert_eq!(piece_at(E_1, "d2"), Some('S'));
    assert_eq!(piece_at(E_1, "c3"), Some('n'));
    assert_eq!(piece_at(E_1, "c1"), Some('b'));
    assert_eq!(piece_at(E_1, "f11"), Some('k'));
    assert_eq!(piece_at(E_1, "j6"), None);
    assert_eq!(leg_squares("b10b8q"), Some(("b10", "b8")));
    assert_eq!(square_coords("d11"), Some((3, 10)));
}

/// The properties of transcript 18 for a move string `text` sent in `fen`: at most two legs; the
/// middle square of a two-leg move holds an enemy; a promotion or crowning carries its letter;
/// a drop is `X@sq` with an upper-case letter; a pass is `@@@@`. Returns the legal move (its
/// canonical string) that the engine's parser reads from `text`.
fn check_emission(engine: &Engine, fen: &str, text: &str) -> String {
    let ctx = || format!("'{text}' in {fen}");
    let named = engine
        .parse(text)
        .unwrap_or_else(|err| panic!("{err}: {}", ctx()));
    if named == "0000" {
        assert_eq!(text, "@@@@", "{}", ctx());
        return named;
    }
    if let Some((letter, square)) = text.split_once('@') {
        assert!(
            letter.len() == 1 && letter.chars().all(|c| c.is_ascii_uppercase()),
            "{}",
            ctx()
        );
        assert!(square_coords(square).is_some(), "{}", ctx());
        assert!(named.contains('@'), "{}", ctx());
        return named;
    }
    let legs: Vec<&str> = text.split(',').collect();
    assert!(legs.len() <= 2, "more than two legs: {}", ctx());
    let squares: Vec<(&str, &str)> = legs
        .iter()
        .map(|l| leg_squares(l).unwrap_or_else(|| panic!("bad leg {l}: {}", ctx())))
        .collect();
    if let [(_, middle), (again, _)] = squares[..] {
        assert_eq!(middle, again, "{}", ctx());
        let white = fen.split_whitespace().nth(1) == Some("w");
        let piece = piece_at(fen, middle);
        assert!(
            piece.is_some_and(|p| p.is_ascii_uppercase() != white),
            "the middle square {middle} holds {piece:?}, not an enemy: {}",
            ctx()
        );
    }
    // A canonical string ends in a letter exactly when the move promotes (rules/README.md §4).
    let letter = |s: &str| s.chars().last().filter(char::is_ascii_alphabetic);
    if let Some(l) = letter(&named) {
        assert_eq!(letter(text), Some(l), "promotion letter: {}", ctx());
    }
    named
}

/// The root moves of the state machine (§5.3) in `engine`'s position.
fn root(engine: &Engine, computer: bool) -> Vec<String> {
    let legal = engine.legal_moves();
    moves::playable_at_root(&legal, computer, false, |s| engine.parse(s).ok())
}

/// Whether a position with these legal moves shows what `want` asks for (see `random_positions`).
fn wanted(want: usize, legal: &[String]) -> bool {
    match want {
        0 | 1 => legal.iter().any(|m| !moves::representable(m)),
        2 => legal
            .iter()
            .any(|m| m == "0000" || m.ends_with(|c: char| c.is_ascii_alphabetic())),
        _ => true,
    }
}

/// Random positions of `variant` that are not over, alternately White and Black to move. The
/// games favour kill chains; half of them go on (a little) until an unrepresentable move (§5.3)
/// is legal, a quarter until a pass or a promotion is, looking one ply ahead for it.
fn random_positions(variant: &str, count: usize, rng: &mut rng::Rng) -> Vec<String> {
    let mut engine = Engine::new();
    engine.set_variant(variant).unwrap();
    let mut out = Vec::new();
    while out.len() < count {
        engine.set_position(None, &[]).unwrap();
        let side = if out.len() % 2 == 0 { "w" } else { "b" };
        let target = 4 + rng.below(60);
        let want = rng.below(4);
        for ply in 0.. {
            let legal = engine.legal_moves();
            if legal.is_empty() || engine.outcome().is_some() || ply > target + 30 {
                break;
            }
            let our_turn = engine.fen().split_whitespace().nth(1) == Some(side);
            if ply >= target && our_turn && (wanted(want, &legal) || ply > target + 20) {
                out.push(engine.fen());
                break;
            }
            let ahead = (want == 2 && ply >= target && !our_turn)
                .then(|| {
                    legal.iter().find(|m| {
                        engine.play(m).unwrap();
                        let found =
                            engine.outcome().is_none() && wanted(want, &engine.legal_moves());
                        engine.undo();
                        found
                    })
                })
                .flatten();
            let multi: Vec<&String> = legal.iter().filter(|m| m.contains(',')).collect();
            let mv = match ahead {
                Some(m) => m,
                None if !multi.is_empty() && rng.chance(3) => multi[rng.below(multi.len())],
                None => &legal[rng.below(legal.len())],
            };
            engine.play(mv).unwrap();
        }
    }
    out
}

/// Transcript 18: random positions of every variant, both colours, with and without `computer`.
/// The library check covers every move the state machine may play at the root; the process
/// check covers what it plays (depth 1, to stay fast).
#[test]
fn t18_emission_property() {
    const PER_VARIANT: usize = 20;
    let mut rng = rng::Rng(0x18e1_5510);
    let mut e = start();
    let mut engine = Engine::new();
    let (mut seen, mut colours) = ([0usize; 5], [0usize; 2]);
    for variant in menagerie::variants::playable() {
        let positions = random_positions(variant, PER_VARIANT, &mut rng);
        engine.set_variant(variant).unwrap();
        for computer in [false, true] {
            send_all(&mut e, &["new", &format!("variant {variant}")]);
            if variant != "chess" {
                e.expect_line("setup ", secs(5));
            }
            if computer {
                e.send("computer");
            }
            e.send("sd 1");
            for fen in &positions {
                engine.set_position(Some(fen), &[]).unwrap();
                let root = root(&engine, computer);
                // Every move the engine may play here.
                for m in &root {
                    let text = moves::emission(m, false, |s| engine.parse(s).ok());
                    assert_eq!(&check_emission(&engine, fen, &text), m, "{variant}");
                    // What was met: lossy forms, passes, drops, promotions, two legs.
                    seen[0] += (text != *m && m != "0000") as usize;
                    seen[1] += (text == "@@@@") as usize;
                    seen[2] += (text.contains('@') && text != "@@@@") as usize;
                    seen[3] += text.ends_with(|c: char| c.is_ascii_alphabetic()) as usize;
                    seen[4] += text.contains(',') as usize;
                }
                // What it plays.
                send_all(&mut e, &["force", &format!("setboard {fen}"), "go"]);
                let line = e.next_line(secs(10)).unwrap_or_default();
                let Some(text) = line.strip_prefix("move ") else {
                    panic!("{variant} {fen}: expected a move\n{}", e.dump());
                };
                let played = check_emission(&engine, fen, text);
                assert!(
                    root.contains(&played),
                    "{variant} {fen}: {played} is not a root move (computer: {computer})"
                );
                colours[fen.contains(" b ") as usize] += 1;
                // Nothing else but a result claim after the move.
                let rest = sync(&mut e);
                assert!(
                    rest.iter().all(|l| l.starts_with("1-0 ")
                        || l.starts_with("0-1 ")
                        || l.starts_with("1/2-1/2 ")),
                    "{}",
                    e.dump()
                );
            }
        }
    }
    // Both colours played, and every kind of string came up.
    assert!(colours[0] > 0 && colours[1] > 0, "{colours:?}");
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Transcript 19 (E-3), human opponent: the unrepresentable `c4d5,d5f7,f7g8` is left out.
#[test]
fn t19_root_filter_human() {
    let mut e = start();
    set_up(&mut e, "exciting", E_3);
    send_all(&mut e, &["st 0.3", "go"]);
    let line = e.expect_line(move_pred(), secs(10));
    assert!(
        line == "move c4d5,d5e6" || line == "move h2h8",
        "{}",
        e.dump()
    );
}

/// Transcript 20: the only legal move is unrepresentable, so it is played in its lossy form,
/// against a human and against a computer; with `XBoardLegs=full` as the full chain.
#[test]
fn t20_only_move_unrepresentable() {
    let mut e = start();
    for (setting, expected) in [
        (None, "move c4d5,d5g8"),
        (Some("computer"), "move c4d5,d5g8"),
        (Some("option XBoardLegs=full"), "move c4d5,d5f7,f7g8"),
    ] {
        send_all(&mut e, &["new", "variant exciting"]);
        e.expect_line("setup ", secs(5));
        if setting.is_some() {
            e.send("computer");
        }
        if let Some(option) = setting.filter(|s| s.starts_with("option")) {
            e.send(option);
        }
        send_all(
            &mut e,
            &[
                "force",
                &format!("setboard {ONLY_UNREPRESENTABLE}"),
                "st 0.2",
                "go",
            ],
        );
        assert_eq!(
            e.expect_line(move_pred(), secs(10)),
            expected,
            "{setting:?}: {}",
            e.dump()
        );
    }
}

/// Transcript 21: the XBoard forms of the compatibility layer, through the state machine's own
/// functions and the engine's parser.
#[test]
fn t21_xboard_forms() {
    let form = |engine: &Engine, m: &str| moves::emission(m, false, |s| engine.parse(s).ok());
    // CA-T2: the 28 moves of rules/combinedarms.md.
    let engine = library("combinedarms", CA_T2);
    let mut legal = engine.legal_moves();
    legal.sort();
    let mut expected: Vec<&str> = "a1a2 a1b1 a1b2 c3a2 c3a4 c3b1 c3b3 c3b5 c3c2 c3d1 c3d3 \
         c3d3,d3b3 c3d3,d3c2 c3d3,d3d1 c3d3,d3d4,d4d5 c3d3,d3d4,d4e4 c3d3,d3e2 c3d3,d3e4 \
         c3d3,d3f3 c3d4,d4d3 c3e2 c4b3 c4b4 c4b5 c4c5 c4d3 c4d4 c4d5"
        .split_whitespace()
        .collect();
    expected.sort_unstable();
    assert_eq!(legal, expected);
    for m in &legal {
        let want = match m.as_str() {
            "c3d3,d3d4,d4e4" => "c3d4,d4e4",
            "c3d3,d3d4,d4d5" => "c3d3,d3d5",
            other => other,
        };
        assert_eq!(form(&engine, m), want, "{m}");
    }
    // Against a computer every move has a form and stays at the root; against a human the two
    // unrepresentable ones are left out.
    assert_eq!(root(&engine, true), engine.legal_moves());
    let human = root(&engine, false);
    assert_eq!(human.len(), 26);
    assert!(human.iter().all(|m| moves::representable(m)));
    // E-1.
    let engine = library("exciting", E_1);
    assert_eq!(form(&engine, "d2b2,b2c1,c1c3,c3c2"), "d2b2,b2c2");
    // No form: both two-leg strings to e4 name other moves, so the move is left out at the root,
    // also against a computer.
    let engine = library("combinedarms", "7k/8/8/8/3p4/2Np4/8/K7 w - - 0 1");
    let legal = engine.legal_moves();
    assert!(legal.iter().any(|m| m == "c3d3,d3d4,d4e4"));
    assert_eq!(
        moves::lossy_form("c3d3,d3d4,d4e4", |s| engine.parse(s).ok()),
        None
    );
    for computer in [false, true] {
        let root = root(&engine, computer);
        assert!(!root.iter().any(|m| m == "c3d3,d3d4,d4e4"), "{computer}");
        // Every representable move stays.
        for m in legal.iter().filter(|m| moves::representable(m)) {
            assert!(root.contains(m), "{m} {computer}");
        }
    }
    // (`c3d3,d3d4,d4d5` keeps its form `c3d3,d3d5` against a computer.)
    assert!(root(&engine, true).iter().any(|m| m == "c3d3,d3d4,d4d5"));
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
    e.send("put e9");
    next_is(&mut e, "choice VS");
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
