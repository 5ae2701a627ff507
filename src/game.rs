//! A game: the positions played so far, for repetition, and the end-of-game rules of
//! rules/README.md §5 (mate, stalemate, 50-move rule, threefold repetition, dead positions).

use crate::board::{Bits, Color, MoveEntry, MoveList};
use crate::movegen::generate_legal;
use crate::position::Position;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move is checkmated (in Shock Chess also: frozen while in check).
    Checkmate {
        winner: Color,
    },
    Stalemate,
    FiftyMoves,
    Repetition,
    InsufficientMaterial,
}

impl Outcome {
    /// The PGN result string.
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "1-0",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }
    /// A short reason, as XBoard's result comments put it.
    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "White mates",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            Outcome::Stalemate => "Stalemate",
            Outcome::FiftyMoves => "50-move rule",
            Outcome::Repetition => "Draw by repetition",
            Outcome::InsufficientMaterial => "Insufficient material",
        }
    }
}

/// A start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game<B: Bits> {
    positions: Vec<Position<B>>,
    moves: Vec<MoveEntry<B>>,
}

impl<B: Bits> Game<B> {
    pub fn new(start: Position<B>) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }
    pub fn position(&self) -> &Position<B> {
        self.positions.last().expect("a game has a position")
    }
    pub fn start(&self) -> &Position<B> {
        &self.positions[0]
    }
    pub fn moves(&self) -> &[MoveEntry<B>] {
        &self.moves
    }
    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }
    /// Plays a move, which must be legal in the current position.
    pub fn play(&mut self, entry: MoveEntry<B>) {
        let next = self.position().make_move(&entry);
        self.positions.push(next);
        self.moves.push(entry);
    }
    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// How often the current position has occurred (itself included). Positions are compared by
    /// key, which covers placement, hands, side to move, usable castling and e.p. rights and the
    /// variant state; only positions since the last irreversible move can match.
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        let window = now.halfmove_clock() as usize;
        self.positions
            .iter()
            .rev()
            .take(window + 1)
            .step_by(2)
            .filter(|p| p.key() == now.key())
            .count()
    }

    /// The result if the game is over in the current position.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let mut list = MoveList::new();
        generate_legal(pos, &mut list);
        if list.is_empty() {
            return Some(if pos.in_check() {
                Outcome::Checkmate {
                    winner: pos.side_to_move().flip(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if pos.halfmove_clock() >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Repetition);
        }
        if pos.insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }
}
