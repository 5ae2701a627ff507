//! The mate suites of the five seed families (`benches/suites/mates-*.epd`): positions of our own
//! self-play games with a forced mate in one to three moves, each proved by the independent
//! solver of `tests/support/mate_solver.rs` (plain minimax, not the search), and each found by
//! the engine at a fixed node budget, at the shortest distance: a change that loses a mate fails
//! here. Depth 1 stays cheap on every position (the quiescence search's checks are bounded).
//!
//! The suites were harvested from self-play PGNs by the ignored test `harvest` (README, "Test
//! suites"): every position of the last plies of a decisive game where the winner is to move is
//! given to the solver (full width up to two moves, checking attacks for the third), and the
//! proved ones are kept with a spread of mating mechanics.

#[path = "support/mate_solver.rs"]
mod mate_solver;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use menagerie::game::AnyGame;
use menagerie::notation::pgn;
use menagerie::variants::lookup;

/// The suites, one per seed family.
const SUITES: [&str; 5] = [
    "mates-shocktroops.epd",
    "mates-shockchess.epd",
    "mates-combinedarms.epd",
    "mates-pawnier.epd",
    "mates-exciting.epd",
];

/// Nodes a position in CI: several times what the slowest mate of the suites needs today.
const NODE_BUDGET: &str = "400000";

/// The most nodes depth 1 may cost on a suite position.
const DEPTH_ONE_NODES: u64 = 5_000;

fn suite_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/suites")
        .join(name)
}

/// One suite record: FEN, variant, mate distance in moves, id.
struct MateRecord {
    fen: String,
    variant: String,
    moves: u32,
    id: String,
}

/// Reads the records (`FEN bm #N; variant V; id "X"; ...`) of a suite.
fn read_suite(name: &str) -> Vec<MateRecord> {
    let text = std::fs::read_to_string(suite_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (fen, ops) = line.split_once(" bm #").unwrap_or_else(|| panic!("{line}"));
        let (n, rest) = ops.split_once(';').unwrap();
        let op = |code: &str| {
            rest.split(';')
                .map(str::trim)
                .find_map(|o| o.strip_prefix(code))
                .map(|v| v.trim().trim_matches('"').to_string())
        };
        out.push(MateRecord {
            fen: fen.to_string(),
            variant: op("variant ").unwrap_or_else(|| panic!("no variant: {line}")),
            moves: n.parse().unwrap(),
            id: op("id ").unwrap_or_default(),
        });
    }
    out
}

#[test]
fn every_suite_holds_fifty_mates_of_one_to_three_moves() {
    for name in SUITES {
        let records = read_suite(name);
        assert!(records.len() >= 50, "{name}: {} records", records.len());
        let fens: BTreeSet<&str> = records.iter().map(|r| r.fen.as_str()).collect();
        assert_eq!(fens.len(), records.len(), "{name}: a position twice");
        assert!(records.iter().all(|r| (1..=3).contains(&r.moves)), "{name}");
    }
}

/// The proof: the solver finds no shorter mate and a mate at the stated distance.
#[test]
fn every_suite_mate_is_proved_by_the_solver() {
    for name in SUITES {
        for r in read_suite(name) {
            let v = lookup(&r.variant).unwrap_or_else(|| panic!("{}: {}", r.id, r.variant));
            let mut game = AnyGame::new(v, Some(&r.fen)).unwrap();
            let plies = 2 * r.moves - 1;
            let found = mate_solver::shortest_win(&mut game, plies, 3);
            assert_eq!(
                found.map(|(p, _)| p),
                Some(plies),
                "{name} {}: {} is not a shortest mate in {}",
                r.id,
                r.fen,
                r.moves
            );
        }
    }
}

/// Runs `menagerie epd` on a suite; its stdout.
fn run_epd(name: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("epd")
        .arg(suite_path(name))
        .args(args)
        .output()
        .expect("menagerie runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The gate: at the CI budget the engine announces every mate, at its shortest distance.
#[test]
fn the_engine_finds_every_suite_mate_at_the_shortest_distance() {
    for name in SUITES {
        let n = read_suite(name).len();
        let out = run_epd(name, &["--nodes", NODE_BUDGET]);
        let want = format!("Mates found {n}/{n}, at the shortest distance {n}/{n}");
        assert!(out.contains(&want), "{name}: {out}");
    }
}

/// Depth 1 costs at most a few thousand nodes on every suite position.
#[test]
fn depth_one_is_cheap_on_every_suite_position() {
    for name in SUITES {
        let out = run_epd(name, &["--depth", "1"]);
        for line in out.lines().filter(|l| l.contains(" nodes")) {
            let nodes: u64 = line
                .split(" nodes")
                .next()
                .and_then(|head| head.rsplit(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{line}"));
            assert!(nodes <= DEPTH_ONE_NODES, "{name}: {line}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Harvest: how the suites were made (run by hand, not in CI).

/// The pieces of a FEN's board by square name (`e4` -> 'P'), on any board size; holes (`*`)
/// take a square and hold nothing.
fn board_map(fen: &str) -> BTreeMap<String, char> {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let ranks: Vec<&str> = board.split('/').collect();
    let mut map = BTreeMap::new();
    for (i, rank) in ranks.iter().enumerate() {
        let r = ranks.len() - i;
        let (mut file, mut digits) = (0u32, String::new());
        for c in rank.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<u32>().unwrap();
                digits.clear();
            }
            match c {
                '*' => file += 1,
                '+' | '~' => {}
                c if c.is_ascii_alphabetic() => {
                    let name = format!("{}{r}", (b'a' + file as u8) as char);
                    map.insert(name, c);
                    file += 1;
                }
                _ => {}
            }
        }
    }
    map
}

/// The square names a canonical move string mentions, in order (`c4d5,d5f7` -> c4 d5 d5 f7).
fn squares_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push(text[i..j].to_string());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// What a move does, in words: its mechanics for the suite's spread and its comment.
fn mechanics(game: &mut AnyGame, mv: menagerie::board::Move) -> Vec<String> {
    use menagerie::board::MoveKind;
    let text = game.render(mv).unwrap();
    let before = board_map(&game.fen());
    let mover = squares_of(&text)
        .first()
        .and_then(|s| before.get(s))
        .copied()
        .unwrap_or('?');
    let mut out = Vec::new();
    match mv.kind() {
        MoveKind::Pass => out.push("pass".to_string()),
        MoveKind::Drop => out.push(format!("drop {}", text.chars().next().unwrap())),
        MoveKind::Promotion => out.push("promotion".to_string()),
        MoveKind::Castle => out.push("castling".to_string()),
        _ => {}
    }
    game.play(mv);
    let after = board_map(&game.fen());
    let check = game.in_check();
    game.undo();
    let added = usize::from(mv.kind() == MoveKind::Drop);
    let victims = (before.len() + added).saturating_sub(after.len());
    if mv.tag() != 0 && mv.from() == mv.to() && mv.kind() != MoveKind::Drop {
        out.push(format!("shot by {mover}"));
    } else if mv.tag() != 0 {
        out.push(format!("capture off the destination by {mover}"));
    } else if victims > 0 {
        out.push("capture".to_string());
    }
    if victims >= 2 {
        out.push(format!("{victims} victims"));
    }
    if check {
        out.push("check".to_string());
    }
    out
}

/// One line of a proved mate: the attacker's winning moves against the defender's first reply
/// at each turn (a line, for the comment; the proof covers every reply).
fn mating_line(game: &mut AnyGame, plies: u32, full_width: u32) -> Vec<menagerie::board::Move> {
    let mut line = Vec::new();
    let mut left = plies;
    let mut played = 0;
    while left >= 1 {
        let Some(mv) = mate_solver::winning_move(game, left, left > full_width) else {
            break;
        };
        line.push(mv);
        game.play(mv);
        played += 1;
        if game.outcome().is_some() || left < 3 {
            break;
        }
        let reply = game.legal()[0];
        line.push(reply);
        game.play(reply);
        played += 1;
        left -= 2;
    }
    for _ in 0..played {
        game.undo();
    }
    line
}

/// Whether some legal move of the side to move strikes in the way `kind` names: `freeze` leaves
/// the other side frozen (Shock Chess: takes its General), `drop` is a drop that gives check,
/// `remote` captures off its destination (a shot, a custodian capture, a checker jump) and
/// gives check.
fn can_strike(game: &mut AnyGame, kind: &str) -> bool {
    use menagerie::board::MoveKind;
    game.legal().into_iter().any(|mv| {
        let shape = match kind {
            "freeze" => true,
            "drop" => mv.kind() == MoveKind::Drop,
            "remote" => mv.tag() != 0,
            _ => panic!("MATE_HARVEST_SCAN: freeze, drop or remote"),
        };
        if !shape {
            return false;
        }
        game.play(mv);
        let hit = if kind == "freeze" {
            game.forced_pass()
        } else {
            game.in_check()
        };
        game.undo();
        hit
    })
}

/// A proved position and what its mating line does.
struct Found {
    fen: String,
    variant: String,
    moves: u32,
    line: String,
    labels: Vec<String>,
}

/// The most positions taken from one game (its last positions are much alike).
const PER_GAME: usize = 4;

/// Harvests one PGN: the last `tail` plies of every decisive game, where the winner is to move.
/// With `scan`, also every position of the game where the side to move has a move of that kind
/// that checks or freezes ([`can_strike`]), for mates by the rarer mechanics.
fn harvest_pgn(
    path: &str,
    tail: usize,
    scan: Option<&str>,
    found: &mut Vec<Found>,
    seen: &mut BTreeSet<String>,
) {
    let text = pgn::read_file(Path::new(path)).unwrap();
    for game in pgn::games(&text) {
        let game = game.unwrap();
        let winner = match game.result() {
            "1-0" => menagerie::board::Color::White,
            "0-1" => menagerie::board::Color::Black,
            _ => continue,
        };
        let variant = game.variant_name();
        let Some(v) = lookup(&variant) else { continue };
        let mut g = AnyGame::new(v, game.tag("FEN")).unwrap();
        let mut fens = Vec::new();
        let mut struck = Vec::new();
        for (_, mv) in &game.moves {
            if g.side_to_move() == winner {
                fens.push(g.fen());
            }
            if scan.is_some_and(|kind| can_strike(&mut g, kind)) {
                struck.push(g.fen());
            }
            if g.apply_pgn(mv).is_err() {
                break;
            }
        }
        let mut kept = 0;
        let tail_fens = fens.iter().rev().take(tail.div_ceil(2));
        for fen in struck.iter().chain(tail_fens) {
            if kept == PER_GAME {
                break;
            }
            // The clocks do not matter to a mate in three; the board, hand and rights do.
            let key: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
            if !seen.insert(key) {
                continue;
            }
            let mut p = AnyGame::new(v, Some(fen)).unwrap();
            let Some((plies, _)) = mate_solver::shortest_win(&mut p, 5, 3) else {
                continue;
            };
            let line = mating_line(&mut p, plies, 3);
            let mut labels = BTreeSet::new();
            let mut texts = Vec::new();
            let mut q = AnyGame::new(v, Some(fen)).unwrap();
            for (i, &mv) in line.iter().enumerate() {
                texts.push(q.render(mv).unwrap());
                if i + 1 == line.len() {
                    // The mating move: every one that mates here, for the spread.
                    for m in mate_solver::winning_moves(&mut q, 1, false) {
                        labels.extend(mechanics(&mut q, m));
                    }
                } else if i % 2 == 0 {
                    labels.extend(mechanics(&mut q, mv));
                } else if mv.kind() == menagerie::board::MoveKind::Pass {
                    // Shock Chess: the frozen defender's pass, and the attacker moves again.
                    labels.insert("pass".to_string());
                }
                q.play(mv);
            }
            kept += 1;
            found.push(Found {
                fen: fen.clone(),
                variant: variant.clone(),
                moves: mate_solver::moves_of(plies),
                line: texts.join(" "),
                labels: labels.into_iter().collect(),
            });
        }
    }
}

/// Picks up to `want` positions: about a third of each distance, the rarest mechanics first.
fn pick(found: Vec<Found>, want: usize) -> Vec<Found> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for f in &found {
        for l in &f.labels {
            *count.entry(l.clone()).or_insert(0) += 1;
        }
    }
    let rarity = |f: &Found| {
        f.labels
            .iter()
            .map(|l| count[l])
            .min()
            .unwrap_or(usize::MAX)
    };
    let mut by_moves: BTreeMap<u32, Vec<Found>> = BTreeMap::new();
    for f in found {
        by_moves.entry(f.moves).or_default().push(f);
    }
    for list in by_moves.values_mut() {
        list.sort_by_key(|f| (rarity(f), f.fen.clone()));
    }
    let mut out = Vec::new();
    // Round robin over the distances, so that a distance with few positions leaves its share
    // to the others.
    let mut lists: Vec<std::vec::IntoIter<Found>> =
        by_moves.into_values().map(Vec::into_iter).collect();
    while out.len() < want {
        let before = out.len();
        for l in lists.iter_mut() {
            if out.len() < want
                && let Some(f) = l.next()
            {
                out.push(f);
            }
        }
        if out.len() == before {
            break;
        }
    }
    out
}

/// `MATE_HARVEST_PGN=a.pgn,b.pgn MATE_HARVEST_OUT=benches/suites/mates-X.epd
/// [MATE_HARVEST_TAIL=12] [MATE_HARVEST_COUNT=60] [MATE_HARVEST_PREFIX=X] [MATE_HARVEST_SCAN=freeze|drop|remote]
/// cargo test --release
/// --test mate_suites -- --ignored harvest`: writes a suite of proved mates from the games.
#[test]
#[ignore = "makes a suite from self-play PGNs; run by hand"]
fn harvest() {
    let env = |k: &str| std::env::var(k).ok();
    let pgns = env("MATE_HARVEST_PGN").expect("MATE_HARVEST_PGN");
    let out = env("MATE_HARVEST_OUT").expect("MATE_HARVEST_OUT");
    let tail: usize = env("MATE_HARVEST_TAIL").map_or(12, |t| t.parse().unwrap());
    let want: usize = env("MATE_HARVEST_COUNT").map_or(60, |t| t.parse().unwrap());
    let prefix = env("MATE_HARVEST_PREFIX").unwrap_or_else(|| "mate".to_string());
    let scan = env("MATE_HARVEST_SCAN");
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for path in pgns.split(',') {
        harvest_pgn(path, tail, scan.as_deref(), &mut found, &mut seen);
        eprintln!("{path}: {} proved so far", found.len());
    }
    let picked = pick(found, want);
    let mut text = String::new();
    for (i, f) in picked.iter().enumerate() {
        text.push_str(&format!(
            "{} bm #{}; variant {}; id \"{prefix}.{:03}\"; c0 \"{}: {}\";\n",
            f.fen,
            f.moves,
            f.variant,
            i + 1,
            f.labels.join(", "),
            f.line
        ));
    }
    std::fs::write(&out, text).unwrap();
    eprintln!("{out}: {} positions", picked.len());
}
