//! `menagerie replay FILE.pgn`: games written by hand in the PGN form `menagerie match` writes,
//! replayed by the built binary. A legal game that ends in mate is confirmed by rule and its
//! special moves are counted; an illegal move, a move after the end and a "normal" ending the
//! rules do not confirm are reported and make the command fail.

use std::process::Command;

fn replay(pgn: &str, name: &str) -> (bool, String) {
    let path = std::env::temp_dir().join(format!(
        "menagerie-replay-{}-{name}.pgn",
        std::process::id()
    ));
    std::fs::write(&path, pgn).expect("write the PGN");
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("replay")
        .arg(&path)
        .output()
        .expect("run menagerie replay");
    let _ = std::fs::remove_file(&path);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn game(variant: &str, result: &str, termination: &str, moves: &str) -> String {
    format!(
        "[Event \"test\"]\n[Site \"?\"]\n[Date \"2026.11.23\"]\n[Round \"1\"]\n[White \"a\"]\n\
         [Black \"b\"]\n[Result \"{result}\"]\n[Variant \"{variant}\"]\n[TimeControl \"2+0.02\"]\n\
         [Termination \"{termination}\"]\n\n{moves} {{a comment, with 1. e2e4 inside}} {result}\n\n"
    )
}

#[test]
fn fools_mate_ends_by_rule() {
    let pgn = game(
        "chess",
        "0-1",
        "normal",
        "1. f2f3 {0.10s} e7e5 {0.10s} 2. g2g4 {0.10s} d8h4",
    );
    let (ok, out) = replay(&pgn, "fool");
    assert!(ok, "{out}");
    assert!(out.contains("ended by rule: Black mates: 1"), "{out}");
    assert!(
        out.contains("moves of Q: in 1 of 1 games, 1 in all"),
        "{out}"
    );
}

#[test]
fn shock_troops_drops_with_and_without_push() {
    // After the e- and d-pawns leave, White drops a Ninja Pawn on e2 and pushes it to e3 in the
    // same move (written on e3); Black drops one on d7 without a push.
    let pgn = game(
        "shocktroops",
        "*",
        "unterminated",
        "1. e2e4 d7d5 2. J@e3 J@d7",
    );
    let (ok, out) = replay(&pgn, "drops");
    assert!(ok, "{out}");
    assert!(
        out.contains("drop J with push: in 1 of 1 games, 1 in all"),
        "{out}"
    );
    assert!(out.contains("drop J: in 1 of 1 games, 1 in all"), "{out}");
    assert!(out.contains("ended unterminated: 1"), "{out}");
}

#[test]
fn illegal_move_and_unconfirmed_end_are_reported() {
    let illegal = game("chess", "1-0", "normal", "1. e2e5 e7e5");
    let (ok, out) = replay(&illegal, "illegal");
    assert!(!ok, "{out}");
    assert!(out.contains("problem: game 1: ply 1:"), "{out}");

    let unconfirmed = game("chess", "1-0", "normal", "1. e2e4 e7e5");
    let (ok, out) = replay(&unconfirmed, "unconfirmed");
    assert!(!ok, "{out}");
    assert!(out.contains("termination 'normal' but"), "{out}");

    let after_end = game(
        "chess",
        "0-1",
        "normal",
        "1. f2f3 e7e5 2. g2g4 d8h4 3. e1f2",
    );
    let (ok, out) = replay(&after_end, "after-end");
    assert!(!ok, "{out}");
    assert!(out.contains("after the game had ended"), "{out}");
}
