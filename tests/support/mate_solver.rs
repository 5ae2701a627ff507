//! An independent proof of short forced mates, for the mate suites: plain minimax over the legal
//! moves and the game-end rules of `game`, with no evaluation, no pruning, no table and no move
//! ordering; written apart from the search, which it judges. The side to move (the attacker)
//! wins when some move leads to a position where every reply loses within the remaining plies;
//! a win is any end of game that the attacker wins (checkmate, and in Shock Chess a frozen side
//! in check). Distances are in plies: a mate in N moves takes 2N - 1 plies, a pass counted as a
//! ply (Shock Chess: the attacker who takes the General moves again after the frozen side's pass).
//!
//! Cost: every attacking move is tried, and every reply of the defender is answered; a search
//! stops early only where the result is already decided (a move that wins, a reply that escapes),
//! which is what minimax means, not a pruning. Above `full_width_plies` the attacker's moves are
//! limited to checks (and a forced pass): a mate found so is still proved, since every reply of
//! the defender is tried; and a shorter mate was already ruled out at full width.

#![allow(dead_code)]

use menagerie::board::{Color, Move};
use menagerie::game::{AnyGame, Outcome};

/// Whether `outcome` is a win for `attacker`.
fn won_by(outcome: Option<Outcome>, attacker: Color) -> Option<bool> {
    match outcome {
        Some(Outcome::Checkmate { winner }) => Some(winner == attacker),
        Some(_) => Some(false),
        None => None,
    }
}

/// A move of the attacker that forces a win within `plies` (odd), or `None`. With
/// `checks_only`, a move that does not end the game must give check (or be the forced pass).
pub fn winning_move(game: &mut AnyGame, plies: u32, checks_only: bool) -> Option<Move> {
    game.legal()
        .into_iter()
        .find(|&mv| wins_with(game, mv, plies, checks_only))
}

/// Every move of the attacker that forces a win within `plies`.
pub fn winning_moves(game: &mut AnyGame, plies: u32, checks_only: bool) -> Vec<Move> {
    game.legal()
        .into_iter()
        .filter(|&mv| wins_with(game, mv, plies, checks_only))
        .collect()
}

/// Whether the attacker's move `mv` forces a win within `plies`.
fn wins_with(game: &mut AnyGame, mv: Move, plies: u32, checks_only: bool) -> bool {
    let attacker = game.side_to_move();
    let forced = game.forced_pass();
    assert!(game.play(mv), "a legal move plays");
    let wins = match won_by(game.outcome(), attacker) {
        Some(w) => w,
        None if plies < 3 => false,
        None if checks_only && !forced && !game.in_check() => false,
        None => every_reply_loses(game, plies - 1, checks_only, attacker),
    };
    game.undo();
    wins
}

/// Whether every move of the defender (to move) loses within `plies` (even).
fn every_reply_loses(game: &mut AnyGame, plies: u32, checks_only: bool, attacker: Color) -> bool {
    for reply in game.legal() {
        assert!(game.play(reply), "a legal move plays");
        let loses = match won_by(game.outcome(), attacker) {
            Some(w) => w,
            None => winning_move(game, plies - 1, checks_only).is_some(),
        };
        game.undo();
        if !loses {
            return false;
        }
    }
    true
}

/// The shortest forced win of the side to move within `max_plies`, searched at full width up to
/// `full_width_plies` and with checking attacks beyond: its length in plies and its first move.
pub fn shortest_win(
    game: &mut AnyGame,
    max_plies: u32,
    full_width_plies: u32,
) -> Option<(u32, Move)> {
    (1..=max_plies)
        .step_by(2)
        .find_map(|plies| winning_move(game, plies, plies > full_width_plies).map(|mv| (plies, mv)))
}

/// Mate in N moves for a win in `plies` plies.
pub fn moves_of(plies: u32) -> u32 {
    plies.div_ceil(2)
}
