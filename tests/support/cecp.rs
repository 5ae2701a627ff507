//! The CECP side of the protocol tests: an engine process after the handshake, synchronisation
//! by `ping`, and the rules files' test positions set up through `setboard`. Shared by
//! tests/protocol_xboard.rs and tests/xboard_compat.rs (each uses part of it).
#![allow(dead_code)]

use menagerie::engine::Engine;

use crate::engine_process::{EngineProcess, Pred, exact, secs};

/// A process after `xboard`, `protover 2` and the features.
pub fn start() -> EngineProcess {
    let mut e = EngineProcess::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect_line(exact("feature done=1"), secs(5));
    e
}

/// Sends `ping N` and returns every line before `pong N`.
pub fn sync(e: &mut EngineProcess) -> Vec<String> {
    e.send("ping 99");
    let mut lines = e.lines_until(&exact("pong 99"), secs(10));
    assert_eq!(lines.pop().as_deref(), Some("pong 99"), "{}", e.dump());
    lines
}

/// The next line is exactly `expected` (within 5 s).
pub fn next_is(e: &mut EngineProcess, expected: &str) {
    assert_eq!(
        e.next_line(secs(5)).as_deref(),
        Some(expected),
        "{}",
        e.dump()
    );
}

pub fn send_all(e: &mut EngineProcess, lines: &[&str]) {
    for l in lines {
        e.send(l);
    }
}

/// `~^\d+\S* -?\d+ \d+ \d+\s.*$`
pub fn is_thinking(line: &str) -> bool {
    let w: Vec<&str> = line.split_whitespace().collect();
    w.len() >= 5
        && w[0].starts_with(|c: char| c.is_ascii_digit())
        && w[1].trim_start_matches('-').parse::<u64>().is_ok()
        && w[2].parse::<u64>().is_ok()
        && w[3].parse::<u64>().is_ok()
}

pub fn chess_legal(fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut engine = Engine::new();
    let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    engine.set_position(fen, &moves).unwrap();
    engine.game().legal_strings()
}

pub fn move_pred() -> Pred {
    Pred::Fn(Box::new(|l: &str| l.starts_with("move ")))
}

/// Test positions of the rules files.
pub const CA_T2: &str = "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1";
pub const CA_T3A: &str = "7k/8/8/8/3p4/n7/8/B6K w - - 0 1";
pub const E_1: &str = "**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1";
pub const E_2: &str = "**2b4**/*2P6*/11/4S6/11/10k/11/11/10K/*9*/**7** w - - 0 1";
pub const E_3: &str = "**7**/*9*/11/10k/5m5/11/3m7/2M8/3m7/*6R2*/**3K3** w - - 0 1";
/// Transcript 20: White in check from f7, whose only legal move is `c4d5,d5f7,f7g8`.
pub const ONLY_UNREPRESENTABLE: &str =
    "**3k3**/*9*/11/11/5r5/11/3p7/2M8/11/*3P1P3*/**2SKS2**[] w - - 0 1";

/// `new`, `variant V` (its `setup` line is read), `force`, `setboard FEN`; nothing else may be
/// answered but the `setup` pair of [`expect_position_setups`].
pub fn set_up(e: &mut EngineProcess, variant: &str, fen: &str) {
    send_all(e, &["new", &format!("variant {variant}")]);
    let setup =
        (variant != "chess" && variant != "normal").then(|| e.expect_line("setup ", secs(5)));
    send_all(e, &["force", &format!("setboard {fen}")]);
    let lines = sync(e);
    match setup {
        Some(setup) => expect_position_setups(&lines, variant, &setup, fen, e),
        None => assert!(lines.is_empty(), "{}", e.dump()),
    }
}

/// PROTOCOL.md §4.2 as XBoard 4.9.1 behaves: after `setboard FEN` of a position other than the
/// start, the engine answers with two `setup` lines carrying that position, the first with
/// another parent (a format change makes XBoard reinitialise its board from the line's FEN) and
/// the second with the variant's own, both with the table and size of `variant_setup` (the reply
/// to `variant`). `lines`: everything the engine answered to the `setboard`.
pub fn expect_position_setups(
    lines: &[String],
    variant: &str,
    variant_setup: &str,
    fen: &str,
    e: &EngineProcess,
) {
    // `setup (TABLE) WxH+S_PARENT FEN...`
    let mut parts = variant_setup.splitn(4, ' ');
    let (table, format) = (parts.nth(1).unwrap(), parts.next().unwrap());
    let start: String = parts.next().unwrap().to_string();
    // Compared as positions: XBoard's letters (a Shock Chess `Q` for the General) are accepted.
    let board = |f: &str| {
        let full = if f.split_whitespace().count() == 1 {
            format!("{f} w - - 0 1")
        } else {
            f.to_string()
        };
        let fen = library(variant, &full).game().fen();
        fen.split(['[', ' ']).next().unwrap_or("").to_string()
    };
    if board(&start) == board(fen) {
        assert!(lines.is_empty(), "the start position: {}", e.dump());
        return;
    }
    let (size, parent) = format.split_once('_').unwrap();
    assert_eq!(lines.len(), 2, "{}", e.dump());
    for (i, line) in lines.iter().enumerate() {
        let mut p = line.splitn(4, ' ');
        assert_eq!(p.next(), Some("setup"), "{}", e.dump());
        assert_eq!(p.next(), Some(table), "{}", e.dump());
        let (s, par) = p.next().unwrap().split_once('_').unwrap();
        assert_eq!(s, size, "{}", e.dump());
        assert_eq!(par == parent, i == 1, "parents: {}", e.dump());
        assert_eq!(board(p.next().unwrap()), board(fen), "{}", e.dump());
    }
}

/// A library engine in `variant` at `fen`: the parser the state machine plays from.
pub fn library(variant: &str, fen: &str) -> Engine {
    let mut engine = Engine::new();
    engine.set_variant(variant).unwrap();
    engine.set_position(Some(fen), &[]).unwrap();
    engine
}

/// §9 "accepted as `canonical`": after a fresh `setboard fen`, `usermove input` gets no answer,
/// and the engine's parser names `canonical` for `input` in that position.
pub fn accepted_as(e: &mut EngineProcess, variant: &str, fen: &str, input: &str, canonical: &str) {
    set_up(e, variant, fen);
    e.send(&format!("usermove {input}"));
    assert!(sync(e).is_empty(), "{input}: {}", e.dump());
    let engine = library(variant, fen);
    let game = engine.game();
    let named = game.parse(input).map(|m| game.render(m));
    assert_eq!(named, Ok(Some(canonical.to_string())), "{input} in {fen}");
}
