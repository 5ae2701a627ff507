//! The referee's view of a game, without the bitboard type parameter: the match code above this
//! file works on move strings, and this is the one place that picks `u64` or `u128`.

use crate::board::{Bits, Color, MoveList};
use crate::game::{Game, Outcome};
use crate::movegen::generate_legal;
use crate::notation::{parse_move, parse_pgn_move, render};
use crate::position::Position;
use crate::variants::{AnyVariant, Variant};

/// A game in progress as the referee sees it.
pub trait Referee: Send {
    fn side_to_move(&self) -> Color;
    /// Checks `input` with our parser and plays it; returns the canonical string.
    fn apply(&mut self, input: &str) -> Result<String, String>;
    /// As [`Referee::apply`] for a move read from a PGN, which may be in a form XBoard saves
    /// ([`parse_pgn_move`]).
    fn apply_pgn(&mut self, input: &str) -> Result<String, String>;
    /// The result if the game is over by rule.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal move, canonical strings in generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// The FEN of the current position.
    fn fen(&self) -> String;
}

impl<B: Bits> Referee for Game<B>
where
    Game<B>: Send,
{
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    fn apply(&mut self, input: &str) -> Result<String, String> {
        let pos = self.position();
        let entry = parse_move(pos, input).map_err(|e| e.to_string())?;
        let canonical = render(pos, &entry);
        self.play(entry);
        Ok(canonical)
    }

    fn apply_pgn(&mut self, input: &str) -> Result<String, String> {
        let pos = self.position();
        let mut legal = MoveList::new();
        generate_legal(pos, &mut legal);
        let entry = parse_pgn_move(pos, &legal, input).map_err(|e| e.to_string())?;
        let canonical = render(pos, &entry);
        self.play(entry);
        Ok(canonical)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        list.iter().map(|e| render(pos, e)).collect()
    }

    fn fen(&self) -> String {
        self.position().to_fen()
    }
}

fn game_of<B: Bits>(v: &'static Variant<B>, fen: Option<&str>) -> Result<Box<dyn Referee>, String>
where
    Game<B>: Send,
{
    let pos = match fen {
        Some(f) => Position::from_fen(v, f).map_err(|e| format!("bad FEN '{f}': {e}"))?,
        None => Position::start(v),
    };
    Ok(Box::new(Game::new(pos)))
}

/// A new game of `variant` from `fen` (the variant's start position when `None`).
pub fn new_game(variant: AnyVariant, fen: Option<&str>) -> Result<Box<dyn Referee>, String> {
    match variant {
        AnyVariant::Narrow(v) => game_of(v, fen),
        AnyVariant::Wide(v) => game_of(v, fen),
    }
}

/// The variant's start FEN.
pub fn start_fen(variant: AnyVariant) -> &'static str {
    match variant {
        AnyVariant::Narrow(v) => v.start_fen,
        AnyVariant::Wide(v) => v.start_fen,
    }
}
