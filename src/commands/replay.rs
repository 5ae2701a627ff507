//! `menagerie replay FILE.pgn`: replays every game of a PGN with our rules, as `menagerie match`
//! writes it (our canonical strings, rules/README.md §4, a pass as `0000`) or as other tools do
//! (SAN, and the forms XBoard 4.9.1 saves: `--` for a pass, drops, kill legs; PROTOCOL.md 4.8).
//! The reader is [`menagerie::notation::pgn`], shared with the opening books; it bounds what it
//! reads (64 MiB, UTF-8 text). Each move must be legal where it is played; a game whose
//! `Termination` is `normal` must end in a position where the rules end it with the PGN's result.
//! Then it counts, per game, the special moves that happened (drops, pushes, passes, promotions,
//! kills off the destination, multi-kills, the checker obligation, moves of each kind) so a match
//! can show which rules its games exercised.

use std::collections::BTreeMap;
use std::path::Path;

use menagerie::board::{Bits, MoveEntry, MoveKind, MoveList};
use menagerie::game::Game;
use menagerie::movegen::generate_legal;
use menagerie::notation::parse_pgn_move;
use menagerie::notation::pgn::{self, PgnGame};
use menagerie::position::Position;
use menagerie::rules::exciting::checker_capture_obliged;
use menagerie::variants::{self, Variant};

/// The special moves of one ply, as counted labels.
fn features<B: Bits>(
    pos: &Position<B>,
    legal: &MoveList<B>,
    entry: &MoveEntry<B>,
    after: &Position<B>,
) -> Vec<String> {
    let v = pos.variant();
    let mv = entry.mv;
    let us = pos.side_to_move();
    let mut out = Vec::new();
    if checker_capture_obliged(pos, legal) {
        out.push("checker capture obliged (II.2.12)".to_string());
    }
    match mv.kind() {
        MoveKind::Pass => {
            out.push("pass".to_string());
            return out;
        }
        MoveKind::Drop => {
            let letter = v.letter(mv.piece());
            let zone = v.drop_zones[us.index()][mv.piece().index()];
            if v.drop_push[mv.piece().index()] == 0 || zone.has(mv.to()) {
                out.push(format!("drop {letter}"));
            } else {
                out.push(format!("drop {letter} with push"));
            }
            return out;
        }
        MoveKind::Castle => out.push("castling".to_string()),
        MoveKind::EnPassant => out.push("en passant".to_string()),
        MoveKind::Promotion | MoveKind::Normal => {}
    }
    let mover = v.letter(pos.piece_at(mv.from()).kind());
    out.push(format!("moves of {mover}"));
    if mv.kind() == MoveKind::Promotion {
        out.push(format!("{mover} promotes to {}", v.letter(mv.piece())));
    }
    let victims = entry.removed.count();
    if victims > 0 {
        out.push("captures".to_string());
    }
    if entry.off_destination().any() {
        out.push(format!("{mover} kills off its destination"));
        if entry.off_destination().several() {
            // XBoard 4.9.1 cannot show these (PROTOCOL.md 5.3).
            out.push(format!("{mover} kills 2+ off its destination"));
        }
        if mv.from() == mv.to() {
            out.push(format!("{mover} kills without moving (shot)"));
        }
    }
    if victims >= 2 {
        out.push(format!("{mover} kills {victims} at once"));
        out.push("multi-kills (2+ victims)".to_string());
    }
    if after.is_frozen() {
        out.push("freeze (the opponent must pass)".to_string());
    }
    out
}

/// What happened in one game.
struct Replayed {
    /// Label -> count in this game.
    features: BTreeMap<String, usize>,
    /// `Some(reason)` when the final position ends the game by rule with the PGN's result.
    by_rule: Option<&'static str>,
}

/// `show`: print the position and move of every ply with a label containing this text.
fn replay_game<B: Bits>(
    v: &'static Variant<B>,
    game: &PgnGame,
    number: usize,
    show: Option<&str>,
) -> Result<Replayed, String> {
    let start = match game.tag("FEN").map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => Position::from_fen(v, fen).map_err(|e| format!("bad FEN tag: {e}"))?,
        None => Position::start(v),
    };
    let mut history = Game::new(start);
    let mut counts = BTreeMap::new();
    let mut legal = MoveList::new();
    for (ply, (line, text)) in game.moves.iter().enumerate() {
        let pos = *history.position();
        if history.outcome().is_some() {
            return Err(format!(
                "ply {}: '{text}' after the game had ended (line {line})",
                ply + 1
            ));
        }
        generate_legal(&pos, &mut legal);
        let entry = parse_pgn_move(&pos, &legal, text)
            .map_err(|e| format!("ply {}: {e} in '{}' (line {line})", ply + 1, pos.to_fen()))?;
        let after = pos.make_move(&entry);
        let labels = features(&pos, &legal, &entry, &after);
        if let Some(wanted) = show
            && let Some(label) = labels.iter().find(|l| l.contains(wanted))
        {
            menagerie::outln!(
                "game {number} ply {}: {text} ({label}) in {}",
                ply + 1,
                pos.to_fen()
            );
        }
        for label in labels {
            *counts.entry(label).or_insert(0) += 1;
        }
        history.play(entry);
    }
    let result = game.result();
    let by_rule = history
        .outcome()
        .filter(|o| o.result() == result)
        .map(|o| o.reason());
    Ok(Replayed {
        features: counts,
        by_rule,
    })
}

pub fn run(path: &str, show: Option<&str>) -> Result<(), String> {
    let text = pgn::read_file(Path::new(path)).map_err(|e| format!("{path}: {e}"))?;
    let mut games_with: BTreeMap<String, usize> = BTreeMap::new();
    let mut totals: BTreeMap<String, usize> = BTreeMap::new();
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut plies = Vec::new();
    let mut n = 0;
    for (i, game) in pgn::games(&text).enumerate() {
        let game: PgnGame = game.map_err(|e| format!("{path}: {e}"))?;
        n += 1;
        let name = game.variant_name();
        let replayed = match variants::lookup(&name) {
            Some(variant) => {
                menagerie::by_width!(variant, v => replay_game(v, &game, i + 1, show))
            }
            None => Err(format!("unknown variant '{name}'")),
        };
        let replayed = match replayed {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("game {}: {e}", i + 1));
                continue;
            }
        };
        plies.push(game.moves.len());
        let termination = game.tag("Termination").unwrap_or("?");
        let ending = match (termination, replayed.by_rule) {
            (_, Some(reason)) => format!("by rule: {reason}"),
            ("normal", None) => {
                problems.push(format!(
                    "game {}: termination 'normal' but the final position does not end the game with {}",
                    i + 1,
                    game.result()
                ));
                "normal, not confirmed by the rules".to_string()
            }
            (other, None) => other.to_string(),
        };
        *endings.entry(ending).or_insert(0) += 1;
        for (label, n) in replayed.features {
            *games_with.entry(label.clone()).or_insert(0) += 1;
            *totals.entry(label).or_insert(0) += n;
        }
    }
    if n == 0 {
        return Err(format!("{path}: no games"));
    }
    menagerie::outln!("games: {n}, replayed: {}", plies.len());
    if let (Some(min), Some(max)) = (plies.iter().min(), plies.iter().max()) {
        let mean = plies.iter().sum::<usize>() as f64 / plies.len() as f64;
        menagerie::outln!("plies: min {min}, mean {mean:.0}, max {max}");
    }
    for (ending, count) in &endings {
        menagerie::outln!("ended {ending}: {count}");
    }
    for (label, with) in &games_with {
        menagerie::outln!("{label}: in {with} of {n} games, {} in all", totals[label]);
    }
    for p in &problems {
        menagerie::outln!("problem: {p}");
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{} problem(s) in {path}", problems.len()))
    }
}
