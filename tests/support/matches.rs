//! Running `menagerie match` from the tests: the command line parsed as the binary parses it, the
//! scripted engines of tests/fixtures, PGN files under the target directory, and the movetext of
//! a PGN. Shared by the tests/match_*.rs files (each uses part of it).
#![allow(dead_code)]

use std::path::PathBuf;

use clap::Parser;
use menagerie::matchplay::{MatchArgs, MatchSummary, play_match};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

/// The path of a scripted engine.
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The command that runs a scripted engine (protocol detected).
pub fn fixture(name: &str) -> String {
    format!("bash {}", fixture_path(name).display())
}

/// A fresh file path under the target directory (removed if it exists).
pub fn temp_path(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A fresh PGN path under the target directory.
pub fn pgn_path(name: &str) -> PathBuf {
    temp_path(&format!("match_{name}.pgn"))
}

/// `menagerie match ARGS`, parsed and played; Err for a setup error.
pub fn try_run(args: &[&str]) -> Result<MatchSummary, String> {
    let mut argv = vec!["match"];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
    play_match(&cli.args)
}

/// `menagerie match ARGS`, which must play.
pub fn run(args: &[&str]) -> MatchSummary {
    try_run(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The games of a PGN file, each without its `[Event` line.
pub fn pgn_games(text: &str) -> Vec<&str> {
    text.split("[Event ")
        .filter_map(|g| g.split_once('\n').map(|(_, rest)| rest))
        .collect()
}

/// The value of a tag of one game's PGN.
pub fn pgn_tag<'a>(game: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    game.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|rest| rest.strip_suffix("\"]"))
}

/// A PGN's movetext on one line: the tag lines left out, line breaks turned into blanks.
fn movetext(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The comments of a PGN's movetext, in order.
pub fn pgn_comments(text: &str) -> Vec<String> {
    let movetext = movetext(text);
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for c in movetext.chars() {
        match (c, current.as_mut()) {
            ('{', None) => current = Some(String::new()),
            ('}', Some(_)) => out.push(current.take().expect("open")),
            (c, Some(text)) => text.push(c),
            _ => {}
        }
    }
    out
}

/// The moves of a PGN's movetext: comments, move numbers and the result left out.
pub fn pgn_moves(text: &str) -> Vec<String> {
    let movetext = movetext(text);
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .map(str::to_string)
        .collect()
}
