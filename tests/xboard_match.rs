//! Real-GUI test: short headless XBoard 4.9.1 matches of menagerie against itself through
//! `scripts/xboard-match.sh` in chess, Shock Chess, Shock Troops, Pawnier, Combined Arms and
//! Exciting Chess. Every game must end by rule or by the engines' claim (or, in Exciting Chess, at
//! XBoard's 500-move limit): no forfeit, no illegal move, no loss on time; and XBoard's board must
//! stay in step with ours: the engine moves of each game (from XBoard's debug log), replayed by
//! our rules from the game's start FEN, must reach the final position XBoard saved
//! (`-savePositionFile`), where the only allowed difference is the victims a lossy two-leg form
//! left on XBoard's board (PROTOCOL.md 5.3 phantoms), modelled by the engine's own tracker.
//! Needs Debian's `xboard` and `xvfb` (`.ci/run` installs them); without them the test says so
//! and passes, except under CI. `XBOARD_MATCH_DIR=DIR VARIANT=V cargo test --release --test
//! xboard_match -- --ignored in_step` checks the output folder of a match run by hand.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

#[path = "support/tools.rs"]
mod tools;
use tools::have;

use menagerie::board::Bits;
use menagerie::game::AnyGame;
use menagerie::notation::{parse_move, render};
use menagerie::position::Position;
use menagerie::protocol::xboard::markers::Board;
use menagerie::protocol::xboard::phantoms::Phantoms;
use menagerie::variants::{AnyVariant, Variant, lookup};

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
    check_in_step(variant, &out);
    let _ = std::fs::remove_dir_all(&out);
}

/// The engine moves of each game in XBoard's debug log (`<first : move X`), split where a game
/// ends (`GameEnds(` with a reason).
fn games_in_debug_log(debug: &str) -> Vec<Vec<String>> {
    let mut games = vec![Vec::new()];
    for line in debug.lines() {
        if line.starts_with("GameEnds(") && !line.starts_with("GameEnds(0,") {
            games.push(Vec::new());
        } else if let Some((_, rest)) = line
            .split_once("<first : move ")
            .or_else(|| line.split_once("<second: move "))
        {
            games
                .last_mut()
                .expect("a game")
                .push(rest.trim().to_string());
        }
    }
    games.retain(|g| !g.is_empty());
    games
}

/// Board field, side to move and sorted hand letters of a FEN: what both boards must agree on
/// (XBoard rewrites hands in its own order and recomputes castling and clocks).
fn essentials(fen: &str) -> (String, String, String) {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or_default().to_string();
    let (placement, hand) = match board.split_once('[') {
        Some((p, h)) => (p, h.trim_end_matches(']')),
        None => (board, ""),
    };
    let mut hand: Vec<char> = hand.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    hand.sort_unstable();
    (placement.to_string(), side, hand.into_iter().collect())
}

/// A FEN's placement as `grid[rank][file]` (rank 0 at the bottom), `None` for an empty square.
fn grid(placement: &str) -> Vec<Vec<Option<char>>> {
    let mut rows: Vec<Vec<Option<char>>> = placement
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut count = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    count = count * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n(None, count));
                count = 0;
                cells.push(Some(c));
            }
            cells.extend(std::iter::repeat_n(None, count));
            cells
        })
        .collect();
    rows.reverse();
    rows
}

fn placement_of(grid: &[Vec<Option<char>>]) -> String {
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(*c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    rows.join("/")
}

fn square_cell(square: &str) -> (usize, usize) {
    let file = (square.as_bytes()[0] - b'a') as usize;
    let rank: usize = square[1..].parse().expect("a rank");
    (rank - 1, file)
}

/// What XBoard's board should show after the moves: our position, plus the pieces a lossy
/// two-leg form left on its board (PROTOCOL.md 5.3 phantoms, `menagerie::protocol::xboard::
/// phantoms`), each as it stood when it was killed. Returns the FENs after the last move and
/// before it (XBoard cuts a game at move 500 without playing the move it was sent last), the
/// number of moves that left phantoms and the number of phantoms at the end.
fn replay<B: Bits>(
    v: &'static Variant<B>,
    start: Option<&str>,
    moves: &[String],
) -> ([String; 2], usize, usize) {
    let start = start.unwrap_or(v.start_fen);
    let mut pos =
        Position::from_fen(v, start).unwrap_or_else(|e| panic!("start FEN '{start}' refused: {e}"));
    let mut phantoms = Phantoms::default();
    let mut pieces: BTreeMap<String, char> = BTreeMap::new();
    let shown = |pos: &Position<B>, phantoms: &Phantoms, pieces: &BTreeMap<String, char>| {
        let fen = pos.to_fen();
        let (board, rest) = fen.split_once(' ').expect("a FEN");
        let (placement, hand) = match board.split_once('[') {
            Some((p, h)) => (p, format!("[{h}")),
            None => (board, String::new()),
        };
        let mut cells = grid(placement);
        for (square, piece) in pieces {
            if phantoms.contains(square) {
                let (r, f) = square_cell(square);
                cells[r][f] = Some(*piece);
            }
        }
        format!("{}{hand} {rest}", placement_of(&cells))
    };
    let mut before = shown(&pos, &phantoms, &pieces);
    let mut lossy = 0;
    for (i, m) in moves.iter().enumerate() {
        let entry = parse_move(&pos, m)
            .unwrap_or_else(|e| panic!("ply {}: '{m}' refused in '{}': {e}", i + 1, pos.to_fen()));
        let canonical = render(&pos, &entry);
        let cells = grid(pos.to_fen().split(['[', ' ']).next().expect("placement"));
        let was = phantoms.clone();
        let shown_game = AnyGame::new(lookup(v.name).expect("our variant"), Some(&pos.to_fen()))
            .expect("our FEN reads");
        let shown_board = Board::of(&shown_game);
        phantoms.record(m, &canonical, Some(&shown_board));
        lossy += usize::from(*m != canonical && m.contains(','));
        for sq in entry.removed.iter() {
            let name = v.geometry.square_name(sq);
            if phantoms.contains(&name) && !was.contains(&name) {
                let (r, f) = square_cell(&name);
                pieces.insert(name, cells[r][f].expect("a victim"));
            }
        }
        before = shown(&pos, &was, &pieces);
        pos = pos.make_move(&entry);
    }
    let after = shown(&pos, &phantoms, &pieces);
    let left = pieces.keys().filter(|s| phantoms.contains(s)).count();
    ([after, before], lossy, left)
}

/// Replays every game of a match folder and compares the final positions with XBoard's.
fn check_in_step(variant: &str, out: &Path) {
    let debug = std::fs::read_to_string(out.join("xboard.debug")).expect("the debug log");
    let finals = std::fs::read_to_string(out.join("final.fen")).expect("XBoard's final positions");
    let finals: Vec<&str> = finals.lines().filter(|l| l.contains('/')).collect();
    let games = games_in_debug_log(&debug);
    // The start position of each game: the PGN's FEN tag (XBoard writes one for every game of an
    // engine-defined variant, and for a game from a loaded position), else the variant's.
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap_or_default();
    let starts: Vec<Option<String>> = pgn
        .split("[Event ")
        .skip(1)
        .map(|game| {
            game.lines()
                .find_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
                .map(str::to_string)
        })
        .collect();
    assert_eq!(
        games.len(),
        finals.len(),
        "{variant}: games in the log vs final positions"
    );
    for (i, (moves, xboard)) in games.iter().zip(&finals).enumerate() {
        let ([ours, before], lossy, phantoms) = match lookup(variant).expect("a playable variant") {
            AnyVariant::Narrow(v) => replay(v, starts.get(i).cloned().flatten().as_deref(), moves),
            AnyVariant::Wide(v) => replay(v, starts.get(i).cloned().flatten().as_deref(), moves),
        };
        if lossy > 0 {
            eprintln!(
                "{variant} game {}: {lossy} lossy two-leg form(s), {phantoms} phantom(s) on \
                 XBoard's board at the end",
                i + 1
            );
        }
        // Under the bughouse parent XBoard never credits captured soldiers to a hand
        // (PROTOCOL.md 5.3, 6): in the Exciting games only the board and the side to move are
        // compared.
        let seen = |fen: &str| {
            let (board, side, hand) = essentials(fen);
            if variant.starts_with("exciting") {
                (board, side, String::new())
            } else {
                (board, side, hand)
            }
        };
        let cut = xboard.contains(" 500");
        assert!(
            seen(&ours) == seen(xboard) || (cut && seen(&before) == seen(xboard)),
            "{variant} game {}: ours '{ours}' vs XBoard's '{xboard}' after {} plies",
            i + 1,
            moves.len()
        );
    }
    eprintln!("{variant}: {} games in step with XBoard", games.len());
}

#[test]
#[ignore = "checks a match folder given by XBOARD_MATCH_DIR and VARIANT"]
fn in_step() {
    let dir = std::env::var("XBOARD_MATCH_DIR").expect("XBOARD_MATCH_DIR");
    let variant = std::env::var("VARIANT").expect("VARIANT");
    check_in_step(&variant, Path::new(&dir));
}

#[test]
fn xboard_plays_every_variant_with_menagerie() {
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
    run_match("shocktroops", 2);
    run_match("pawnier", 2);
    run_match("combinedarms", 2);
    run_match("exciting", 2);
}
