//! `menagerie replay FILE.pgn`: games written by hand in the PGN form `menagerie match` writes and
//! in the forms XBoard 4.9.1 saves (SAN, `--` for a pass, drops, kill legs; PROTOCOL.md 4.8, 4.9),
//! replayed by the built binary. A legal game that ends in mate is confirmed by rule and its
//! special moves are counted; an illegal move, a move after the end and a "normal" ending the
//! rules do not confirm are reported and make the command fail. Input that is no PGN text (too
//! large, endless, not UTF-8, binary) is refused at once with one line on stderr. The expected
//! counts and legality are worked out by hand from the rules.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "menagerie-replay-{}-{name}.pgn",
        std::process::id()
    ))
}

/// Runs `menagerie replay PATH` with a deadline; returns success, stdout and stderr.
fn replay_path(path: &Path, deadline: Duration) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("replay")
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run menagerie replay");
    let start = Instant::now();
    while child.try_wait().expect("wait for replay").is_none() {
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("replay {} still running after {deadline:?}", path.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("replay output");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn replay_bytes(bytes: &[u8], name: &str) -> (bool, String, String) {
    let path = temp_path(name);
    std::fs::write(&path, bytes).expect("write the PGN");
    let out = replay_path(&path, Duration::from_secs(60));
    let _ = std::fs::remove_file(&path);
    out
}

fn replay(pgn: &str, name: &str) -> (bool, String) {
    let (ok, out, _) = replay_bytes(pgn.as_bytes(), name);
    (ok, out)
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

// ---- passes --------------------------------------------------------------------------------

/// Issue 13: `0000` was taken for a move number. White's General (Q is its alias, shockchess.md
/// SC-8) takes Black's on d2; Black, frozen, passes; White moves again.
#[test]
fn shock_chess_pass_is_a_move() {
    let pgn = "[Variant \"shockchess\"] [FEN \"4k3/8/8/8/8/8/3g4/3QK3 w - - 0 1\"] \
               1. d1d2 0000 2. d2d3 *\n";
    let (ok, out) = replay(pgn, "shock-pass");
    assert!(ok, "{out}");
    assert!(out.contains("games: 1, replayed: 1"), "{out}");
    assert!(out.contains("plies: min 3, mean 3, max 3"), "{out}");
    assert!(out.contains("pass: in 1 of 1 games, 1 in all"), "{out}");
    assert!(
        out.contains("freeze (the opponent must pass): in 1 of 1 games, 1 in all"),
        "{out}"
    );
    assert!(
        out.contains("moves of G: in 1 of 1 games, 2 in all"),
        "{out}"
    );
}

/// SC-T3 as XBoard saves it (SAN, a pass as `--`, PROTOCOL.md 4.9): the pinned bishop takes the
/// General, Black passes, White, now in check from e8, takes the rook: K+B v K is a dead position
/// (shockchess.md 2.3.7), so the `normal` draw is confirmed by rule.
#[test]
fn shock_chess_xboard_pass_and_san() {
    let pgn = game_with_fen(
        "shockchess",
        "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
        "1/2-1/2",
        "normal",
        "1. Bxh5 {+9.00/12} -- 2. Bxe8 {White can't win}",
    );
    let (ok, out) = replay(&pgn, "shock-xboard");
    assert!(ok, "{out}");
    assert!(
        out.contains("ended by rule: Insufficient material: 1"),
        "{out}"
    );
    assert!(out.contains("pass: in 1 of 1 games, 1 in all"), "{out}");
    assert!(out.contains("captures: in 1 of 1 games, 2 in all"), "{out}");
    // `@@@@`, the CECP spelling, is a pass too.
    let pgn = game_with_fen(
        "shockchess",
        "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
        "*",
        "unterminated",
        "1. e2h5 @@@@ 2. h5e8",
    );
    let (ok, out) = replay(&pgn, "shock-cecp");
    assert!(ok, "{out}");
    assert!(out.contains("pass: in 1 of 1 games, 1 in all"), "{out}");
}

/// A pass where none is legal is refused: in chess, and in Shock Chess by the side that is not
/// frozen (after SC-T3's pass White is in check and must move).
#[test]
fn a_pass_where_none_is_legal_is_refused() {
    let chess = game("chess", "*", "unterminated", "1. e4 0000");
    let (ok, out) = replay(&chess, "chess-pass");
    assert!(!ok, "{out}");
    assert!(
        out.contains("problem: game 1: ply 2: illegal move"),
        "{out}"
    );
    let shock = game_with_fen(
        "shockchess",
        "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
        "*",
        "unterminated",
        "1. Bxh5 -- 2. --",
    );
    let (ok, out) = replay(&shock, "shock-second-pass");
    assert!(!ok, "{out}");
    assert!(
        out.contains("problem: game 1: ply 3: illegal move"),
        "{out}"
    );
}

// ---- PGN as other tools write it -------------------------------------------------------------

fn game_with_fen(variant: &str, fen: &str, result: &str, termination: &str, moves: &str) -> String {
    format!(
        "[Event \"test\"]\n[Site \"?\"]\n[Date \"2026.11.24\"]\n[Round \"1\"]\n[White \"a\"]\n\
         [Black \"b\"]\n[Result \"{result}\"]\n[Variant \"{variant}\"]\n[SetUp \"1\"]\n\
         [FEN \"{fen}\"]\n[Termination \"{termination}\"]\n\n{moves} {result}\n\n"
    )
}

/// A chess game in SAN with everything PGN allows around the moves. By hand: 1. e4 d5 2. exd5 c6
/// 3. dxc6 Nf6 4. cxb7 Bf5 (d7 and e6 are empty) 5. bxa8=Q (b8 blocks the check) e6 6. Nf3 Bb4
/// (d2 blocks) 7. Bb5+ Nbd7 (both knights reach d7) 8. O-O (f1, g1 empty and not attacked)
/// Qxa8 (c8 and b8 are empty now). Then Fool's Mate in SAN, which ends by rule.
#[test]
fn chess_in_san_with_annotations() {
    let pgn = format!(
        "{}{}",
        game(
            "Standard",
            "*",
            "unterminated",
            "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 {4. c7 is for another day} Bf5 5. bxa8=Q \
             $1 e6 6. Nf3 Bb4 7. Bb5+ Nbd7!? (7... Ke7 8. Qxd8+ Kxd8 ; a line\n) 8. O-O \
             (8. Qxd8+ Kxd8 (8... Nxd8) 9. O-O) 8... Qxa8 $2"
        ),
        game("chess", "0-1", "normal", "1. f3 e5 2. g4 Qh4#")
    );
    let (ok, out) = replay(&pgn, "san");
    assert!(ok, "{out}");
    assert!(out.contains("games: 2, replayed: 2"), "{out}");
    assert!(out.contains("plies: min 4, mean 10, max 16"), "{out}");
    assert!(out.contains("ended unterminated: 1"), "{out}");
    assert!(out.contains("ended by rule: Black mates: 1"), "{out}");
    for (label, games, count) in [
        ("castling", 1, 1),
        ("P promotes to Q", 1, 1),
        // exd5 dxc6 cxb7 bxa8=Q Qxa8
        ("captures", 1, 5),
        // e4 d5 exd5 c6 dxc6 cxb7 bxa8=Q e6, and f3 e5 g4
        ("moves of P", 2, 11),
        ("moves of N", 1, 3),
        ("moves of B", 1, 3),
        ("moves of K", 1, 1),
        // Qxa8, and Qh4#
        ("moves of Q", 2, 2),
    ] {
        let line = format!("{label}: in {games} of 2 games, {count} in all");
        assert!(out.contains(&line), "{line}\n{out}");
    }
}

/// Shock Troops as XBoard saves it: SAN, drops with the letter in upper case for both colours
/// (PROTOCOL.md 4.6), the hands in XBoard's order. By hand (shocktroops.md 1.3.5): J@e3 drops on
/// e2 (empty after e4) and pushes to e3; Black's J@d7 stays on d7 (empty after d5); W@f1 lands on
/// White's back rank, empty once the bishop has gone. Then a Ninja Pawn drop that checks (ST-T4a:
/// dropped on d2, pushed to d4, it attacks e5), check mark and all.
#[test]
fn drop_variant_in_xboard_san() {
    let pgn = format!(
        "{}{}",
        game_with_fen(
            "shocktroops",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[JJEWjjew] w KQkq - 0 1",
            "*",
            "unterminated",
            "1. e4 d5 2. J@e3 J@d7 3. Bc4 dxc4 4. W@f1 Nf6",
        ),
        game_with_fen(
            "shocktroops",
            "8/8/8/4k3/2p5/1p6/P7/K7[J] w - - 0 1",
            "*",
            "unterminated",
            "1. J@d4+",
        )
    );
    let (ok, out) = replay(&pgn, "xboard-drops");
    assert!(ok, "{out}");
    for (label, games, count) in [
        ("drop J with push", 2, 2),
        ("drop J", 1, 1),
        ("drop W", 1, 1),
        ("captures", 1, 1),
        ("moves of P", 1, 3),
    ] {
        let line = format!("{label}: in {games} of 2 games, {count} in all");
        assert!(out.contains(&line), "{line}\n{out}");
    }
}

/// Combined Arms as XBoard saves it (PROTOCOL.md 4.8): a shot is SAN to the victim, then `-` and
/// the square the piece ends on; a plain move is plain SAN even where a shot ends on the same
/// square. CA-T3a (combinedarms.md): the bishop on a1 may shoot a3 and return (`Bxa3-a1`); the
/// knight on a3 is gone and Black's king steps; then `Bb2` is the plain move (the rules also have
/// a shot of d4 ending on b2); then the pawn on d4 is shot from b2 (`Bxd4-b2`).
#[test]
fn combined_arms_kill_legs_in_xboard_san() {
    let pgn = game_with_fen(
        "combinedarms",
        "7k/8/8/8/3p4/n7/8/B6K w - - 0 1",
        "*",
        "unterminated",
        "1. Bxa3-a1 Kg8 2. Bb2 Kf8 3. Bxd4-b2",
    );
    let (ok, out) = replay(&pgn, "ca-legs");
    assert!(ok, "{out}");
    assert!(
        out.contains("B kills without moving (shot): in 1 of 1 games, 2 in all"),
        "{out}"
    );
    assert!(out.contains("captures: in 1 of 1 games, 2 in all"), "{out}");
    assert!(
        out.contains("moves of B: in 1 of 1 games, 3 in all"),
        "{out}"
    );
}

// ---- input that is no PGN -------------------------------------------------------------------

/// Issue 13 item 6: `/dev/zero` never ends; replay stops at the size limit at once.
#[test]
fn endless_input_is_refused_promptly() {
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        return;
    }
    let (ok, out, err) = replay_path(zero, Duration::from_secs(30));
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/dev/zero") && err.contains("64 MiB"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A file over the limit is refused by its size, before it is read (a sparse file: no disk used).
#[test]
fn oversized_file_is_refused() {
    let path = temp_path("oversized");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(64 * 1024 * 1024 + 1).expect("set_len");
    drop(file);
    let (ok, out, err) = replay_path(&path, Duration::from_secs(30));
    let _ = std::fs::remove_file(&path);
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("larger than 64 MiB"), "{err}");
}

#[test]
fn text_that_is_not_utf8_or_binary_is_refused() {
    // Latin-1, as old PGN files are: ö is the byte 0xF6.
    let (ok, out, err) = replay_bytes(b"[Event \"x\"]\n[White \"J\xf6rg\"]\n\n1. e4 *\n", "latin1");
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 2: byte 0xF6 is not UTF-8"), "{err}");

    let (ok, out, err) = replay_bytes(&[0u8; 4096], "zeros");
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("control character 0x00"), "{err}");

    // One word of a megabyte is no move.
    let mut long = b"1. ".to_vec();
    long.extend(std::iter::repeat_n(b'e', 1 << 20));
    let (ok, out, err) = replay_bytes(&long, "long-word");
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("a word of 1048576 bytes"), "{err}");
}
