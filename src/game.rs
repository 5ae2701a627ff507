//! A game: the positions played so far, for repetition, and the end-of-game rules of
//! rules/README.md §5 (mate, stalemate, 50-move rule, threefold repetition, dead positions).

use crate::board::{Bits, ByWidth, Color, Move, MoveEntry, MoveList, Widths};
use crate::by_width;
use crate::movegen::generate_legal;
use crate::notation::{MoveError, parse_move_in, parse_pgn_move, render};
use crate::position::Position;
use crate::variants::AnyVariant;

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
        let mut list = MoveList::new();
        generate_legal(self.position(), &mut list);
        self.outcome_given(&list)
    }

    /// As [`Game::outcome`] with the legal moves of the current position already generated.
    pub fn outcome_given(&self, legal: &MoveList<B>) -> Option<Outcome> {
        let pos = self.position();
        if legal.is_empty() {
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

/// A game of one width and the legal moves of its current position, generated once per
/// position: every question above the engine (parse, play, outcome, the list) reads them.
#[derive(Clone, Debug)]
pub struct Live<B: Bits> {
    game: Game<B>,
    legal: MoveList<B>,
}

impl<B: Bits> Live<B> {
    pub fn new(game: Game<B>) -> Self {
        let mut legal = MoveList::new();
        generate_legal(game.position(), &mut legal);
        Live { game, legal }
    }
    pub fn game(&self) -> &Game<B> {
        &self.game
    }
    pub fn position(&self) -> &Position<B> {
        self.game.position()
    }
    /// The legal moves of the current position, in generation order.
    pub fn legal(&self) -> &MoveList<B> {
        &self.legal
    }
    /// The legal move `mv` names, with what it does (`None` if it is not legal here).
    pub fn entry(&self, mv: Move) -> Option<MoveEntry<B>> {
        self.legal.find(mv).copied()
    }
    fn play(&mut self, entry: MoveEntry<B>) {
        self.game.play(entry);
        generate_legal(self.game.position(), &mut self.legal);
    }
    fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            generate_legal(self.game.position(), &mut self.legal);
        }
        undone
    }
}

/// The live games of one width: `Box<Live<B>>`.
#[derive(Clone, Debug)]
pub struct Games;

impl Widths for Games {
    type Of<B: Bits> = Box<Live<B>>;
}

/// A game of any variant. Moves cross it as compact [`Move`]s (width-free; each names one legal
/// move of the current position); strings are for the protocol edge, which uses
/// [`AnyGame::parse`] and [`AnyGame::render`].
pub type AnyGame = ByWidth<Games>;

impl AnyGame {
    /// A new game of `variant` from `fen` (its start position when `None`).
    pub fn new(variant: AnyVariant, fen: Option<&str>) -> Result<AnyGame, String> {
        fn start<B: Bits>(
            v: &'static crate::variants::Variant<B>,
            fen: Option<&str>,
        ) -> Result<Box<Live<B>>, String> {
            let pos = match fen {
                Some(f) => Position::from_fen(v, f)
                    .map_err(|e| format!("bad FEN '{}': {e}", crate::text::quoted(f)))?,
                None => Position::start(v),
            };
            Ok(Box::new(Live::new(Game::new(pos))))
        }
        Ok(match variant {
            AnyVariant::Narrow(v) => AnyGame::Narrow(start(v, fen)?),
            AnyVariant::Wide(v) => AnyGame::Wide(start(v, fen)?),
        })
    }

    pub fn variant(&self) -> AnyVariant {
        match self {
            AnyGame::Narrow(g) => AnyVariant::Narrow(g.position().variant()),
            AnyGame::Wide(g) => AnyVariant::Wide(g.position().variant()),
        }
    }
    pub fn variant_name(&self) -> &'static str {
        by_width!(self, g => g.position().variant().name)
    }
    pub fn side_to_move(&self) -> Color {
        by_width!(self, g => g.position().side_to_move())
    }
    pub fn fen(&self) -> String {
        by_width!(self, g => g.position().to_fen())
    }
    /// The board as letters (see [`Position::cells`]): ranks from the first, files from a.
    pub fn cells(&self) -> Vec<Vec<Option<char>>> {
        by_width!(self, g => g.position().cells())
    }
    /// The pieces in both hands as letters (see [`Position::hand_letters`]).
    pub fn hand_letters(&self) -> Vec<char> {
        by_width!(self, g => g.position().hand_letters())
    }
    /// Whether `other` shows the same board, hands and side to move (clocks, castling and
    /// en passant rights aside): what XBoard's `setboard` of a relayed position compares.
    pub fn same_setup(&self, other: &AnyGame) -> bool {
        let sorted = |g: &AnyGame| {
            let mut hand = g.hand_letters();
            hand.sort_unstable();
            hand
        };
        self.variant_name() == other.variant_name()
            && self.side_to_move() == other.side_to_move()
            && self.cells() == other.cells()
            && sorted(self) == sorted(other)
    }
    /// The move number of the position (FEN's sixth field): 1 at the start, one more after
    /// each of Black's moves.
    pub fn fullmove_number(&self) -> u32 {
        by_width!(self, g => u32::from(g.position().fullmove_number()))
    }
    /// The legal moves, in generation order.
    pub fn legal(&self) -> Vec<Move> {
        by_width!(self, g => g.legal.iter().map(|e| e.mv).collect())
    }
    /// Whether the only legal move is the pass (Shock Chess: the side to move is frozen).
    pub fn forced_pass(&self) -> bool {
        by_width!(self, g => g.legal.len() == 1 && g.legal.iter().all(|e| e.mv == Move::pass()))
    }
    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        by_width!(self, g => g.position().in_check())
    }
    /// Whether a legal move of the current position captures or promotes (`None` if `mv` is not
    /// legal here).
    pub fn is_tactical(&self, mv: Move) -> Option<bool> {
        by_width!(self, g => g.entry(mv).map(|e| e.is_tactical()))
    }
    /// The legal moves as canonical strings, in generation order.
    pub fn legal_strings(&self) -> Vec<String> {
        by_width!(self, g => g.legal.iter().map(|e| render(g.position(), e)).collect())
    }
    /// The legal move `input` names (any notation `notation::parse_move` reads).
    pub fn parse(&self, input: &str) -> Result<Move, MoveError> {
        by_width!(self, g => parse_move_in(g.position(), &g.legal, input).map(|e| e.mv))
    }
    /// As [`AnyGame::parse`] for a move read from a PGN (also the forms XBoard saves).
    pub fn parse_pgn(&self, input: &str) -> Result<Move, MoveError> {
        by_width!(self, g => parse_pgn_move(g.position(), &g.legal, input).map(|e| e.mv))
    }
    /// The canonical string of a legal move of the current position (`None` if it is not one).
    pub fn render(&self, mv: Move) -> Option<String> {
        by_width!(self, g => g.entry(mv).map(|e| render(g.position(), &e)))
    }
    /// Plays a legal move; false (and nothing changes) when `mv` is not one.
    pub fn play(&mut self, mv: Move) -> bool {
        by_width!(self, g => match g.entry(mv) {
            Some(e) => {
                g.play(e);
                true
            }
            None => false,
        })
    }
    /// Reads, plays and returns the canonical string of a move (see [`AnyGame::parse`]).
    pub fn apply(&mut self, input: &str) -> Result<String, String> {
        let mv = self.parse(input).map_err(|e| e.to_string())?;
        self.play_rendered(mv)
    }
    /// As [`AnyGame::apply`] for a move read from a PGN.
    pub fn apply_pgn(&mut self, input: &str) -> Result<String, String> {
        let mv = self.parse_pgn(input).map_err(|e| e.to_string())?;
        self.play_rendered(mv)
    }
    fn play_rendered(&mut self, mv: Move) -> Result<String, String> {
        let text = self.render(mv).ok_or("not a legal move")?;
        self.play(mv);
        Ok(text)
    }
    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        by_width!(self, g => g.undo())
    }
    /// The result if the game is over in the current position.
    pub fn outcome(&self) -> Option<Outcome> {
        by_width!(self, g => g.game.outcome_given(&g.legal))
    }
    /// A human-readable board of the current position (holes, hands, side to move).
    pub fn board_text(&self) -> String {
        by_width!(self, g => crate::display::board_text(g.position()))
    }
}
