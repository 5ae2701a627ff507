//! The match referee against a real CECP engine: Fairy-Max (Debian package `fairymax`), which plays
//! chess over XBoard protocol 2 without `usermove` or `setboard`, against this program's engine.
//! Without fairymax the test prints a notice and passes, except under CI (`CI` set), where the
//! package is installed and its absence is a failure.

use std::path::{Path, PathBuf};

use clap::Parser;
use menagerie::matchplay::referee::Termination;
use menagerie::matchplay::{MatchArgs, play_match};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

/// fairymax on PATH, or where Debian puts it (/usr/games is not always on PATH).
fn fairymax() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("fairymax"))
        .find(|p| Path::new(p).is_file())
}

#[test]
fn self_against_fairymax_over_cecp() {
    let Some(engine) = fairymax() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "fairymax is missing under CI: .ci/run should install the Debian package"
        );
        eprintln!("NOTICE: fairymax not installed; skipping the CECP match test");
        return;
    };
    let pgn = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match_fairymax.pgn");
    let _ = std::fs::remove_file(&pgn);
    let argv = [
        "match",
        "--engine",
        "self",
        "--engine",
        engine.to_str().unwrap(),
        "--games",
        "2",
        "--tc",
        "1+0.03",
        "--openings-plies",
        "4",
        "--seed",
        "1",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    let summary = play_match(&Cli::try_parse_from(argv).unwrap().args).unwrap();
    assert!(
        summary.names[1].starts_with("Fairy-Max"),
        "{:?}",
        summary.names
    );
    assert_eq!(summary.records.len(), 2);
    assert_eq!(summary.aborted(), 0);
    for r in &summary.records {
        // Both engines play legal moves, so only a rule, the move limit or (on a loaded machine)
        // a clock can end a game.
        assert!(
            matches!(
                r.termination,
                Termination::Normal | Termination::Adjudication | Termination::TimeForfeit
            ),
            "game {}: {:?} {}",
            r.round,
            r.termination,
            r.reason
        );
        assert!(
            r.moves.len() > 8,
            "game {} is too short: {}",
            r.round,
            r.reason
        );
    }
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"chess\"]").count(), 2);
}
