//! Real-GUI test (issue 4): a short headless XBoard 4.9.1 match of menagerie against itself in
//! chess and in Shock Chess through `scripts/xboard-match.sh`. Every game must end by rule or by
//! the engines' claim: no forfeit, no illegal move, no loss on time. Needs Debian's `xboard` and
//! `xvfb` (`.ci/run` installs them); without them the test says so and passes, except under CI.

use std::path::Path;
use std::process::Command;

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args([
            "-c",
            &format!("command -v {tool} || test -x /usr/games/{tool}"),
        ])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run_match(variant: &str, games: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out =
        std::env::temp_dir().join(format!("menagerie-xboard-{variant}-{}", std::process::id()));
    let status = Command::new(root.join("scripts/xboard-match.sh"))
        .args([
            variant,
            &games.to_string(),
            "0:10+0.1",
            out.to_str().expect("utf-8 path"),
        ])
        .env("MENAGERIE_BIN", env!("CARGO_BIN_EXE_menagerie"))
        .output()
        .expect("scripts/xboard-match.sh runs");
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert!(
        stdout.contains("final score"),
        "{variant}: no final score\n{stdout}"
    );
    let pgn = std::fs::read_to_string(out.join("games.pgn")).expect("the PGN");
    let debug = std::fs::read_to_string(out.join("xboard.debug")).unwrap_or_default();
    assert_eq!(
        pgn.matches("[Event ").count(),
        games,
        "{variant}: games in the PGN\n{pgn}"
    );
    for bad in ["Forfeit", "forfeit", "on time", "llegal move", "Illegal"] {
        assert!(!pgn.contains(bad), "{variant}: '{bad}' in the PGN\n{pgn}");
    }
    assert!(
        !debug.contains("Forfeit"),
        "{variant}: a forfeit in the debug log"
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn xboard_plays_chess_and_shockchess_with_menagerie() {
    if !(have("xboard") && have("xvfb-run")) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have xboard and xvfb (see .ci/run)"
        );
        eprintln!("xboard or xvfb-run missing: skipped (apt-get install -y xboard xvfb)");
        return;
    }
    run_match("chess", 2);
    run_match("shockchess", 2);
}
