//! The UCI front end as a GUI sees it: the built binary on pipes, with the transcripts 31-37 of
//! PROTOCOL.md §9, each in the variant it names, searches that must answer `isready`, `stop` and
//! `ponderhit`, and a fuzz run of malformed input.

#[path = "support/engine_process.rs"]
mod engine_process;
#[path = "support/rng.rs"]
mod rng;

use std::time::{Duration, Instant};

use engine_process::{EngineProcess, exact, field, secs};
use menagerie::engine::{Engine, MAX_HASH_MB};
use menagerie::variants::playable;

/// A process that has done the handshake.
fn uci() -> EngineProcess {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_line(exact("uciok"), secs(5));
    e
}

/// The legal moves after `setup` (`None`: start position) and `moves` in `variant`.
fn legal(variant: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut engine = Engine::new();
    engine.set_variant(variant).unwrap();
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    engine.set_position(fen, &moves).unwrap();
    engine.game().legal_strings()
}

fn is_bestmove(l: &str) -> bool {
    l.starts_with("bestmove ")
}

/// The move of a `bestmove` line.
fn best(line: &str) -> &str {
    field(line, "bestmove").unwrap_or("")
}

/// An `info` line with a score.
fn is_scored_info(l: &str) -> bool {
    l.starts_with("info ") && (field(l, "score") == Some("cp") || field(l, "score") == Some("mate"))
}

/// Transcript 31.
#[test]
fn handshake() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    let lines = e.lines_until(&exact("uciok"), secs(5));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("uciok"),
        "{}",
        e.dump()
    );
    assert_eq!(
        lines[0],
        format!("id name menagerie {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("id author "), "{}", e.dump());
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .expect("a UCI_Variant option");
    let rest = combo
        .strip_prefix("option name UCI_Variant type combo default chess")
        .expect("combo with default chess");
    let words: Vec<&str> = rest.split_whitespace().collect();
    assert_eq!(words.len() % 2, 0, "{combo}");
    let vars: Vec<&str> = words.chunks(2).map(|c| c[1]).collect();
    assert!(words.chunks(2).all(|c| c[0] == "var"), "{combo}");
    // The 15 of §7.1, in its order.
    assert_eq!(
        vars,
        [
            "chess",
            "shocktroops",
            "shocktroopsnoninja",
            "shocktroopsdrone",
            "shocktroopsdronenoninja",
            "shocktroopsca",
            "shocktroopscanoninja",
            "shockchess",
            "combinedarms",
            "pawnier",
            "exciting",
            "excitingnotigers",
            "excitingnoreentry",
            "excitingcannon",
            "exciting9",
        ]
    );
    assert_eq!(vars, playable().collect::<Vec<_>>());
    for option in [
        &format!("option name Hash type spin default 64 min 1 max {MAX_HASH_MB}"),
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}:\n{}", e.dump());
    }
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("id ") || l.starts_with("option name ") || l == "uciok"),
        "{}",
        e.dump()
    );
    e.send("isready");
    e.expect_line(exact("readyok"), secs(2));
    e.send("quit");
    assert!(e.wait_exit(secs(1)));
}

/// `menagerie uci` speaks UCI without waiting for the `uci` line to choose.
#[test]
fn forced_protocol() {
    let mut e = EngineProcess::start(&["uci"]);
    e.send("isready");
    e.expect_line(exact("readyok"), secs(2));
    e.send("uci");
    e.expect_line(exact("uciok"), secs(2));
}

/// Transcript 32: the pawnier line of §7.1, exactly (`pocket 1`: the UCI line keeps §6's
/// holdings size; only XBoard's own `setup` line moves the pawns off the Pawn slot). Then Shock
/// Chess and chess, and an unknown variant, which changes nothing.
#[test]
fn variant_switch() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value pawnier");
    assert_eq!(
        e.expect_line("info", secs(2)),
        "info string variant pawnier files 9 ranks 11 pocket 1 template bughouse startpos \
         9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1"
    );
    e.send("setoption name UCI_Variant value shockchess");
    assert_eq!(
        e.expect_line("info", secs(2)),
        "info string variant shockchess files 8 ranks 8 pocket 0 template lion startpos \
         rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1"
    );
    e.send("setoption name UCI_Variant value nosuchvariant");
    assert_eq!(
        e.expect_line("info", secs(2)),
        "info string error: unknown variant nosuchvariant"
    );
    // Still Shock Chess: a General in a FEN is accepted.
    e.send("position fen 1g6/7k/8/8/8/8/1G6/r6K w - - 0 1");
    assert!(e.no_output_for(200), "{}", e.dump());
    e.send("setoption name UCI_Variant value chess");
    assert_eq!(
        e.expect_line("info", secs(2)),
        "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("position fen 1g6/7k/8/8/8/8/1G6/r6K w - - 0 1");
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string error: ")
    );
}

/// A GUI (cutechess, our `match`) sends its options right after `uciok`, while chess is the
/// variant, and names the variant per game: a Shock Troops table given through EvalParams is
/// kept for Shock Troops and said to leave chess its own weights; one that fits no game is an
/// error.
#[test]
fn eval_params_before_the_variant() {
    let dir = std::env::temp_dir().join(format!("menagerie-uci-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let troops = dir.join("troops.txt");
    std::fs::write(&troops, "hand.W 700 700\n").unwrap();
    let nowhere = dir.join("nowhere.txt");
    std::fs::write(&nowhere, "no.such.term 1 1\n").unwrap();
    let mut e = uci();
    e.send(&format!(
        "setoption name EvalParams value {}",
        troops.display()
    ));
    let said = e.expect_line("info", secs(2));
    assert!(
        said.starts_with("info string EvalParams ")
            && said.contains("does not fit chess")
            && said.ends_with("the table is kept for the game it fits"),
        "{said}"
    );
    e.send("setoption name UCI_Variant value shocktroops");
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string variant shocktroops")
    );
    e.send("isready");
    assert_eq!(
        e.expect_line("readyok", secs(2)),
        "readyok",
        "no warning: {}",
        e.dump()
    );
    e.send("setoption name UCI_Variant value chess");
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string variant chess")
    );
    let warning = e.expect_line("info", secs(2));
    assert!(
        warning.starts_with("info string warning: EvalParams ")
            && warning.contains("built-in weights"),
        "{warning}"
    );
    e.send(&format!(
        "setoption name EvalParams value {}",
        nowhere.display()
    ));
    let error = e.expect_line("info", secs(2));
    assert!(
        error.starts_with("info string error: EvalParams: ") && error.contains("fits no variant"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Transcript 33: a pawnier drop from the start position, then a search that reports a score
/// with `time` and plays a legal move.
#[test]
fn search_reports_and_bestmove() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value pawnier");
    e.expect_line("info string variant pawnier", secs(2));
    e.send("ucinewgame");
    e.send("position startpos moves P@a3");
    e.send("go movetime 100");
    let lines = e.lines_until(&is_bestmove.into(), secs(5));
    let last = lines.last().expect("output");
    assert!(is_bestmove(last), "{}", e.dump());
    assert!(
        lines
            .iter()
            .any(|l| is_scored_info(l) && field(l, "time").is_some() && field(l, "pv").is_some()),
        "{}",
        e.dump()
    );
    assert!(
        legal("pawnier", None, &["P@a3"]).contains(&best(last).to_string()),
        "{}",
        e.dump()
    );
    // Every info line has the fields of §7.3 in order.
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        let keys: Vec<&str> = l
            .split_whitespace()
            .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()) && *w != "cp" && *w != "mate")
            .take(10)
            .collect();
        assert_eq!(
            keys,
            [
                "info", "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull",
                "time", "pv"
            ],
            "{l}"
        );
    }
    // The ponder move, when given, is legal after the best move.
    if let Some(p) = field(last, "ponder") {
        assert!(legal("pawnier", None, &["P@a3", best(last)]).contains(&p.to_string()));
    }
}

/// Transcript 37: a fresh process plays chess by default.
#[test]
fn default_variant_is_chess() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.send("isready");
    e.expect_line(exact("readyok"), secs(5));
    e.send("position startpos moves e2e4");
    e.send("go movetime 100");
    let line = e.expect_line(is_bestmove, secs(5));
    assert!(legal("chess", None, &["e2e4"]).contains(&best(&line).to_string()));
}

const SC_T1: &str = "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1";

/// Transcript 34: the forced pass, the pass given, the pass implied.
#[test]
fn shock_chess_pass() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value shockchess");
    e.expect_line("info string variant shockchess", secs(2));

    e.send(&format!("position fen {SC_T1} moves b2b8"));
    e.send("go movetime 100");
    let lines = e.lines_until(&is_bestmove.into(), secs(5));
    assert!(lines.iter().any(|l| is_scored_info(l)), "{}", e.dump());
    assert_eq!(best(lines.last().unwrap()), "0000", "{}", e.dump());

    e.send(&format!("position fen {SC_T1} moves b2b8 0000"));
    e.send("go movetime 100");
    let line = e.expect_line(is_bestmove, secs(5));
    assert!(
        ["b8b1", "h1g2", "h1h2"].contains(&best(&line)),
        "{}",
        e.dump()
    );

    // The pass is inserted: Black is to move after White's h1g2.
    e.send(&format!("position fen {SC_T1} moves b2b8 h1g2"));
    assert!(e.no_output_for(200), "{}", e.dump());
    e.send("go movetime 100");
    let line = e.expect_line(is_bestmove, secs(5));
    let after = legal("shockchess", Some(SC_T1), &["b2b8", "0000", "h1g2"]);
    assert!(after.contains(&best(&line).to_string()), "{}", e.dump());

    // A move that is illegal even after the pass: an error, and the position stays frozen.
    e.send(&format!("position fen {SC_T1} moves b2b8 h1h5"));
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string error: ")
    );
    e.send("go movetime 50");
    let line = e.expect_line(is_bestmove, secs(5));
    assert_eq!(best(&line), "0000", "{}", e.dump());
}

/// Transcript 36: UCI sends the full kill chain, whatever XBoard could show (the FEN of
/// transcript 20, whose only legal move removes two pieces off its destination).
#[test]
fn exciting_full_kill_chain() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value exciting");
    e.expect_line("info string variant exciting", secs(2));
    e.send("position fen **3k3**/*9*/11/11/5r5/11/3p7/2M8/11/*3P1P3*/**2SKS2**[] w - - 0 1");
    e.send("go movetime 100");
    let line = e.expect_line(is_bestmove, secs(5));
    // (A `ponder` move may follow, §7.3.)
    assert_eq!(best(&line), "c4d5,d5f7,f7g8", "{}", e.dump());
}

/// Shock Chess (SC-T2): capturing the General with check mates, the engine finds it and scores
/// it `mate 1` (§7.5).
#[test]
fn shock_mate_found() {
    let mut e = uci();
    e.send("setoption name UCI_Variant value shockchess");
    e.send("position fen 3gk3/8/8/8/8/8/8/3GK3 w - - 0 1");
    e.send("go movetime 100");
    let lines = e.lines_until(&is_bestmove.into(), secs(5));
    assert_eq!(best(lines.last().unwrap()), "d1d8", "{}", e.dump());
    let info = lines.iter().rev().find(|l| is_scored_info(l)).unwrap();
    assert!(info.contains("score mate 1 "), "{}", e.dump());
}

/// Transcript 35: the game is over, so no search: one info line without a PV, `bestmove (none)`.
#[test]
fn game_end() {
    let mut e = uci();
    let cases = [
        (
            "shockchess",
            "position fen 3Gk3/8/8/8/8/8/8/4K3 b - - 0 1 frozen",
            "info depth 0 score mate 0",
        ),
        (
            "chess",
            "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "info depth 0 score cp 0",
        ),
        (
            "chess",
            "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
            "info depth 0 score cp 0",
        ),
        (
            "chess",
            "position startpos moves f2f3 e7e5 g2g4 d8h4",
            "info depth 0 score mate 0",
        ),
    ];
    for (variant, position, info) in cases {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.expect_line("info string variant", secs(2));
        e.send(position);
        e.send("go movetime 100");
        let lines = e.lines_until(&is_bestmove.into(), secs(5));
        assert_eq!(lines, [info, "bestmove (none)"], "{}", e.dump());
    }
}

/// `position` errors: a bad FEN, and a bad move after good ones (which stay applied).
#[test]
fn position_errors() {
    let mut e = uci();
    for bad in [
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "position fen",
        "position",
        "position sideways",
    ] {
        e.send(bad);
        let l = e.expect_line("info", secs(2));
        assert!(l.starts_with("info string error: "), "{bad}: {l}");
    }
    e.send("position startpos moves e2e4 e7e5 e2e4 d7d5");
    let l = e.expect_line("info", secs(2));
    assert!(l.starts_with("info string error: "), "{l}");
    assert!(l.contains("e2e4"), "{l}");
    // White to move after e2e4 e7e5.
    e.send("go depth 3");
    let line = e.expect_line(is_bestmove, secs(5));
    let after = legal("chess", None, &["e2e4", "e7e5"]);
    assert!(after.contains(&best(&line).to_string()), "{}", e.dump());
    // A CECP prefix is no UCI move.
    e.send("position startpos moves e2e4 usermove e7e5");
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string error")
    );
}

/// A `position` that repeats the last one and adds moves (what a GUI sends before every `go`)
/// plays only the new moves, with the same game: history (repetition) included. One that does not
/// extend it, or follows an error, starts again from its own FEN.
#[test]
fn position_extends_the_last_one() {
    let mut e = uci();
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    // Seven plies, then the eighth as an extension: the third occurrence is a draw by rule.
    e.send(&format!(
        "position startpos moves {}",
        shuffle[..7].join(" ")
    ));
    e.send(&format!("position startpos moves {}", shuffle.join(" ")));
    e.send("go movetime 100");
    let lines = e.lines_until(&is_bestmove.into(), secs(5));
    assert_eq!(
        lines,
        ["info depth 0 score cp 0", "bestmove (none)"],
        "{}",
        e.dump()
    );
    // A shorter list is not an extension: its own position, where the game goes on.
    e.send("position startpos moves g1f3 g8f6");
    e.send("go depth 3");
    let line = e.expect_line(is_bestmove, secs(5));
    let after = legal("chess", None, &["g1f3", "g8f6"]);
    assert!(after.contains(&best(&line).to_string()), "{}", e.dump());
    // The same moves from another FEN are another game.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    e.send(&format!("position fen {fen} moves a1a7"));
    e.send("go depth 3");
    let line = e.expect_line(is_bestmove, secs(5));
    let after = legal("chess", Some(fen), &["a1a7"]);
    assert!(after.contains(&best(&line).to_string()), "{}", e.dump());
    // An error in an extension: the next command is replayed whole.
    e.send("position startpos moves e2e4 e7e5");
    e.send("position startpos moves e2e4 e7e5 e7e5");
    assert!(
        e.expect_line("info", secs(2))
            .starts_with("info string error")
    );
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 3");
    let line = e.expect_line(is_bestmove, secs(5));
    let after = legal("chess", None, &["e2e4", "e7e5", "g1f3"]);
    assert!(after.contains(&best(&line).to_string()), "{}", e.dump());
}

/// `isready` is answered during a search, and an infinite search gives its move only on `stop`.
#[test]
fn infinite_search_isready_and_stop() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    e.send("isready");
    let lines = e.lines_until(&exact("readyok"), secs(2));
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert!(sent.elapsed() < Duration::from_secs(1));
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{}", e.dump());
    let lines = e.lines_until(&is_bestmove.into(), Duration::from_millis(700));
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{}", e.dump());
    e.send("stop");
    let line = e.expect_line(is_bestmove, secs(2));
    assert!(legal("chess", None, &[]).contains(&best(&line).to_string()));
    // Exactly one bestmove.
    let lines = e.lines_until(&is_bestmove.into(), Duration::from_millis(300));
    assert!(lines.is_empty(), "{}", e.dump());
}

/// A search stopped at once, or given almost no time, still prints a score before its move.
#[test]
fn score_before_every_bestmove() {
    let mut e = uci();
    for go in [
        "go infinite",
        "go movetime 1",
        "go nodes 1",
        "go wtime 1 btime 1",
    ] {
        e.send("position startpos moves e2e4");
        e.send(go);
        e.send("stop");
        let lines = e.lines_until(&is_bestmove.into(), secs(5));
        assert!(
            lines.iter().any(|l| is_scored_info(l)),
            "{go}: {}",
            e.dump()
        );
        let line = lines.last().unwrap();
        assert!(
            legal("chess", None, &["e2e4"]).contains(&best(line).to_string()),
            "{go}: {}",
            e.dump()
        );
    }
}

/// A board of queens and rooks whose first iteration alone takes minutes (the quiescence search
/// over every exchange): `stop` and the clock still end it, with a move searched so far and no
/// mate score. The fuzzer's sessions hung on such boards, `stop` waiting for the first
/// iteration to finish.
#[test]
fn a_huge_first_iteration_is_ended_by_stop_and_by_the_clock() {
    const QUEENS: &str = "rrrrkrrr/qqqqqqqq/QQQQQQQQ/8/8/qqqqqqqq/QQQQQQQQ/RRRRKRRR w - - 0 1";
    let mut e = uci();
    let legal = legal("chess", Some(QUEENS), &[]);
    for (go, stop) in [("go infinite", true), ("go movetime 100", false)] {
        e.send(&format!("position fen {QUEENS}"));
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        let sent = Instant::now();
        if stop {
            e.send("stop");
        }
        let lines = e.lines_until(&is_bestmove.into(), secs(10));
        assert!(
            sent.elapsed() < Duration::from_secs(3),
            "{go}: {}",
            e.dump()
        );
        let line = lines.last().expect("a bestmove");
        assert!(
            legal.contains(&best(line).to_string()),
            "{go}: {}",
            e.dump()
        );
        assert!(
            !lines.iter().any(|l| l.contains(" score mate ")),
            "{go}: {}",
            e.dump()
        );
    }
}

/// An infinite search that runs out of depth by itself still waits for `stop`.
#[test]
fn infinite_search_that_ends_waits_for_stop() {
    let mut e = uci();
    e.send("position fen 7k/8/8/8/8/8/8/KR6 w - - 0 1");
    e.send("go infinite depth 2");
    let lines = e.lines_until(&is_bestmove.into(), Duration::from_millis(500));
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{}", e.dump());
    e.send("stop");
    e.expect_line(is_bestmove, secs(2));
}

/// `go ponder`: no `bestmove` while pondering; `ponderhit` turns it into a timed search.
#[test]
fn ponder_and_ponderhit() {
    let mut e = uci();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    let lines = e.lines_until(&is_bestmove.into(), Duration::from_millis(800));
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{}", e.dump());
    e.send("ponderhit");
    let line = e.expect_line(is_bestmove, secs(3));
    assert!(legal("chess", None, &["e2e4", "e7e5"]).contains(&best(&line).to_string()));

    // `stop` during a ponder search (the opponent played something else) gives a bestmove too.
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go ponder wtime 2000 btime 2000");
    let lines = e.lines_until(&is_bestmove.into(), Duration::from_millis(300));
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{}", e.dump());
    e.send("stop");
    e.expect_line(is_bestmove, secs(2));
}

/// `searchmoves` restricts the root.
#[test]
fn searchmoves() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go depth 5 searchmoves a2a3 h2h3");
    let lines = e.lines_until(&is_bestmove.into(), secs(10));
    let bm = best(lines.last().unwrap());
    assert!(["a2a3", "h2h3"].contains(&bm), "{}", e.dump());
    for l in lines.iter().filter(|l| field(l, "pv").is_some()) {
        assert!(
            ["a2a3", "h2h3"].contains(&field(l, "pv").unwrap()),
            "{}",
            e.dump()
        );
    }
}

/// Options: valid ones are silent, bad values give `info string error`, unknown names are
/// ignored, MultiPV gives several lines.
#[test]
fn options() {
    let mut e = uci();
    for ok in [
        "setoption name Hash value 16",
        "setoption name Threads value 2",
        "setoption name Move Overhead value 100",
        "setoption name Clear Hash",
        "setoption name Ponder value false",
        "setoption name VariantPath value /nonexistent/variants.ini",
        "setoption name Some Unknown Option value 3",
        "debug on",
        "register later",
    ] {
        e.send(ok);
    }
    assert!(e.no_output_for(300), "{}", e.dump());
    for bad in [
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name MultiPV value 65",
    ] {
        e.send(bad);
        let l = e.expect_line("info", secs(2));
        assert!(l.starts_with("info string error: "), "{bad}: {l}");
    }
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.lines_until(&is_bestmove.into(), secs(10));
    for k in ["1", "2", "3"] {
        assert!(
            lines
                .iter()
                .any(|l| field(l, "depth") == Some("4") && field(l, "multipv") == Some(k)),
            "multipv {k}: {}",
            e.dump()
        );
    }
}

/// Unknown commands get at most an `info string`; `quit` ends a search and the process promptly;
/// end of input ends it too.
#[test]
fn unknown_commands_and_quit() {
    let mut e = uci();
    e.send("foo bar");
    e.send("");
    e.send("   ");
    e.send("usermove e2e4");
    let lines = e.lines_until(&exact("never"), Duration::from_millis(300));
    assert!(
        lines.iter().all(|l| l.starts_with("info string ")),
        "{}",
        e.dump()
    );
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.wait_exit(secs(1)), "{}", e.dump());

    let mut e = uci();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close_stdin();
    assert!(e.wait_exit(secs(1)), "{}", e.dump());
}

/// 10,000 random and malformed lines, then the engine still answers and still searches.
#[test]
fn fuzz() {
    const VOCABULARY: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "stop",
        "ponderhit",
        "setoption",
        "name",
        "value",
        "UCI_Variant",
        "Hash",
        "Threads",
        "MultiPV",
        "Move",
        "Overhead",
        "Clear",
        "Ponder",
        "chess",
        "shockchess",
        "pawnier",
        "debug",
        "on",
        "register",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "movetime",
        "depth",
        "nodes",
        "mate",
        "infinite",
        "ponder",
        "searchmoves",
        "e2e4",
        "e7e5",
        "g1f3",
        "d1d8",
        "0000",
        "@@@@",
        "--",
        "e7e8q",
        "e1g1",
        "P@e4",
        "a1a4,a4a1",
        "b10b8",
        "z9z9",
        "e2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR",
        "1g6/7k/8/8/8/8/1G6/r6K",
        "8/8/8/8",
        "99999999/8/8/8/8/8/8/8",
        "[]",
        "[-]",
        "w",
        "b",
        "KQkq",
        "-",
        "frozen",
        "0",
        "1",
        "2",
        "3",
        "5",
        "64",
        "100",
        "-1",
        "-100",
        "99999999999999999999999",
        "1e5",
        "NaN",
        "(none)",
    ];
    const COMMANDS: &[&str] = &[
        "position startpos moves",
        "position fen",
        "go",
        "go movetime",
        "go depth",
        "go wtime",
        "go infinite",
        "go ponder",
        "setoption name",
        "setoption name UCI_Variant value",
        "stop",
        "ponderhit",
        "isready",
        "ucinewgame",
    ];
    let mut rng = rng::Rng(0x05ee_d0c1_f022);
    let mut lines: Vec<Vec<u8>> = Vec::with_capacity(10_000);
    for _ in 0..10_000 {
        let mut line: Vec<u8> = Vec::new();
        if rng.chance(3) {
            line.extend_from_slice(COMMANDS[rng.below(COMMANDS.len())].as_bytes());
        }
        let n = rng.below(12);
        for _ in 0..n {
            if !line.is_empty() {
                line.push(if rng.chance(10) { b'\t' } else { b' ' });
            }
            if rng.chance(8) {
                // Garbage bytes (never a line break).
                for _ in 0..1 + rng.below(6) {
                    let b = (rng.next() >> 56) as u8;
                    if b != b'\n' && b != b'\r' {
                        line.push(b);
                    }
                }
            } else {
                line.extend_from_slice(VOCABULARY[rng.below(VOCABULARY.len())].as_bytes());
            }
        }
        if rng.chance(50) {
            line.push(b'\r');
        }
        lines.push(line);
    }
    let first_word = |line: &[u8]| {
        String::from_utf8_lossy(line)
            .split_whitespace()
            .next()
            .map(str::to_string)
    };
    // `quit` is not in the vocabulary, and no line may become one by chance.
    assert!(
        lines
            .iter()
            .all(|l| first_word(l).as_deref() != Some("quit"))
    );
    let readyoks = lines
        .iter()
        .filter(|l| first_word(l).as_deref() == Some("isready"))
        .count();

    let started = Instant::now();
    let mut e = uci();
    for line in &lines {
        e.send_bytes(line);
        e.send_bytes(b"\n");
    }
    // Let any search end and its bestmove out, then count the readyoks.
    e.send("stop");
    e.send("ucinewgame");
    e.send("isready");
    for i in 0..=readyoks {
        let left = Duration::from_secs(25).saturating_sub(started.elapsed());
        let got = e.lines_until(&exact("readyok"), left);
        assert!(
            got.last().is_some_and(|l| l == "readyok"),
            "readyok {i} of {}: the engine stopped answering",
            readyoks + 1
        );
    }
    assert!(e.alive(), "the engine exited");
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let line = e.expect_line(is_bestmove, secs(5));
    assert!(legal("chess", None, &["e2e4"]).contains(&best(&line).to_string()));
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Issue 54: an `info string` answer quotes at most a short prefix of the input it answers.
#[test]
fn answers_quote_at_most_a_short_prefix_of_the_input() {
    let junk = "qz".repeat(250_000);
    let commands = [
        junk.clone(),
        format!("{junk} x"),
        format!("position fen {junk}"),
        format!("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN{junk} w - - 0 1"),
        format!("position startpos moves e2e4 {junk}"),
        format!("position startpos moves e2{junk}"),
        format!("setoption name UCI_Variant value {junk}"),
        format!("setoption name Hash value {junk}"),
        format!("setoption name Threads value {junk}"),
        format!("setoption name MultiPV value {junk}"),
        format!("setoption name EvalParams value {junk}"),
        format!("setoption name SearchParams value {junk}"),
        format!("setoption name {junk} value 1"),
        format!("go depth {junk}"),
        format!("go searchmoves {junk}"),
    ];
    let mut e = uci();
    for c in &commands {
        e.send(c);
        e.send("isready");
        let lines = e.lines_until(&exact("readyok"), secs(10));
        for line in lines {
            assert!(
                !line.contains(&junk[..200]),
                "'{}...' answered with {} bytes: '{}...'",
                &c[..40],
                line.len(),
                &line[..120.min(line.len())]
            );
        }
        e.send("stop");
        e.send("position startpos");
    }
}
