//! `lift`, `put`, `hover` → `highlight`, `choice` (PROTOCOL.md §3.9), computed from the board
//! of the current position and its legal moves as the canonical text XBoard speaks.

use super::moves::{Shape, coords, shape};
use crate::board::Color;
use crate::game::AnyGame;

/// A board as XBoard's squares show it: `grid[rank][file]` holds a piece's letter (upper case
/// White), rank 0 at the bottom; `Some('*')` is a hole.
pub struct Board {
    grid: Vec<Vec<Option<char>>>,
    white_to_move: bool,
}

impl Board {
    /// The board of `game`'s current position.
    pub fn of(game: &AnyGame) -> Board {
        Board {
            grid: game.cells(),
            white_to_move: game.side_to_move() == Color::White,
        }
    }

    fn files(&self) -> usize {
        self.grid.iter().map(Vec::len).max().unwrap_or(0)
    }

    pub fn at(&self, square: &str) -> Option<char> {
        let (f, r) = coords(square)?;
        *self.grid.get(r)?.get(f)?
    }

    pub fn on_board(&self, square: &str) -> bool {
        coords(square).is_some_and(|(f, r)| r < self.grid.len() && f < self.files())
    }

    /// The side and kind letter of a holdings pseudo-square (§3.9): White's column lies past
    /// the board's last file (XBoard names it `j` on 8 files, after a gap column) with rank
    /// slot+1; Black's is `` ` `` or `_` with rank H-slot.
    fn holding(&self, square: &str, holdings: &[char]) -> Option<(bool, char)> {
        let mut chars = square.chars();
        let file = chars.next()?;
        let rank: usize = chars.as_str().parse().ok()?;
        let height = self.grid.len();
        if rank == 0 || rank > height {
            return None;
        }
        let (white, slot) = match file {
            '`' | '_' => (false, height - rank),
            f if f.is_ascii_lowercase() && (f as usize - 'a' as usize) >= self.files() => {
                (true, rank - 1)
            }
            _ => return None,
        };
        holdings.get(slot).map(|&c| (white, c))
    }

    fn enemy_at(&self, square: &str) -> bool {
        self.at(square).is_some_and(|c| {
            c != '*' && c.is_ascii_alphabetic() && c.is_ascii_uppercase() != self.white_to_move
        })
    }

    /// A COLORFEN with the given marks, ranks top-down, holes counted as squares.
    fn colorfen(&self, marks: &[(String, char)]) -> String {
        let files = self.files();
        let mut rows = Vec::new();
        for r in (0..self.grid.len()).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..files {
                match marks
                    .iter()
                    .find(|(sq, _)| coords(sq) == Some((f, r)))
                    .map(|m| m.1)
                {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

/// The marker state: the lifted square and the kill squares the user released on.
#[derive(Default, Debug)]
pub struct Markers {
    from: Option<String>,
    kills: Vec<String>,
}

fn rank_of(mark: char) -> u8 {
    match mark {
        'C' => 5,
        'M' => 4,
        'B' => 3,
        'R' => 2,
        _ => 1,
    }
}

/// A promotion the person chooses (`M`), not one the engine decides (`B`): more than one move of
/// the piece lands on its square with the same victims.
fn has_choice(moves: &[Shape], s: &Shape) -> bool {
    moves
        .iter()
        .filter(|o| o.to == s.to && o.victims == s.victims)
        .count()
        > 1
}

impl Markers {
    pub fn clear(&mut self) {
        *self = Markers::default();
    }

    /// The moves of the lifted piece that remove every kill square so far.
    fn candidates(&self, legal: &[String]) -> Vec<Shape> {
        let Some(from) = &self.from else {
            return Vec::new();
        };
        legal
            .iter()
            .filter_map(|m| shape(m))
            .filter(|s| &s.from == from && self.kills.iter().all(|k| s.victims.contains(k)))
            .collect()
    }

    /// The answer to `lift SQ`, if any. `holdings`: the kind letter of each holdings slot.
    pub fn lift(
        &mut self,
        square: &str,
        board: &Board,
        legal: &[String],
        holdings: &[char],
    ) -> Option<String> {
        if !board.on_board(square) {
            // A piece picked up from the holdings: its legal drop squares (an empty slot, or
            // the other side's holdings, get no answer).
            self.clear();
            let (white, letter) = board.holding(square, holdings)?;
            if white != board.white_to_move {
                return None;
            }
            let marks: Vec<(String, char)> = legal
                .iter()
                .filter_map(|m| m.strip_prefix(letter)?.strip_prefix('@'))
                .map(|to| (to.to_string(), 'Y'))
                .collect();
            return Some(format!("highlight {}", board.colorfen(&marks)));
        }
        if self.kills.last().map(String::as_str) != Some(square) {
            self.from = Some(square.to_string());
            self.kills.clear();
        }
        let moves = self.candidates(legal);
        let mut marks: Vec<(String, char)> = Vec::new();
        let mut mark = |sq: &str, c: char| {
            if let Some(m) = marks.iter_mut().find(|m| m.0 == sq) {
                if rank_of(c) > rank_of(m.1) {
                    m.1 = c;
                }
            } else {
                marks.push((sq.to_string(), c));
            }
        };
        for s in &moves {
            for v in &s.victims {
                if !self.kills.contains(v) {
                    mark(v, 'C');
                }
            }
            if s.victims.len() != self.kills.len() {
                // Not complete yet: only its next victims are marked.
                continue;
            }
            let dest = if s.promotion.is_some() {
                if has_choice(&moves, s) { 'M' } else { 'B' }
            } else if board.enemy_at(&s.to) {
                'R'
            } else {
                'Y'
            };
            mark(&s.to, dest);
        }
        Some(format!("highlight {}", board.colorfen(&marks)))
    }

    /// The answer to `put SQ`, if any: `choice` for a promotion; a release on a victim square
    /// becomes a kill square.
    pub fn put(&mut self, square: &str, board: &Board, legal: &[String]) -> Option<String> {
        self.from.as_ref()?;
        let moves = self.candidates(legal);
        if moves.iter().any(|s| {
            s.victims.iter().any(|v| v == square) && !self.kills.iter().any(|k| k == square)
        }) {
            self.kills.push(square.to_string());
            return None;
        }
        let to_here: Vec<&Shape> = moves
            .iter()
            .filter(|s| s.to == square && s.victims.len() == self.kills.len())
            .collect();
        let choice = self.choice(&to_here, board);
        self.clear();
        choice
    }

    /// The `choice` that goes with the `highlight` answer to `lift` when the lifted piece can
    /// promote: XBoard's sweep selection (on in Debian's xboard.conf) cycles through these
    /// letters while the person pulls the piece back, and a `choice` sent only after `put`
    /// arrives when a dragged move is already made (PROTOCOL.md §3.9). With a choice to make
    /// (`M` squares) the letters of every such promotion of the piece, default first; otherwise
    /// the letter of its engine-decided promotion (`B`), which XBoard then takes at once.
    pub fn choice_after_lift(&self, board: &Board, legal: &[String]) -> Option<String> {
        let moves = self.candidates(legal);
        let complete: Vec<&Shape> = moves
            .iter()
            .filter(|s| s.victims.len() == self.kills.len())
            .collect();
        let with_choice: Vec<&Shape> = complete
            .iter()
            .copied()
            .filter(|s| s.promotion.is_some() && has_choice(&moves, s))
            .collect();
        if !with_choice.is_empty() {
            // Also the declining moves to those squares (an optional promotion).
            let to_them: Vec<&Shape> = complete
                .iter()
                .copied()
                .filter(|s| {
                    with_choice
                        .iter()
                        .any(|c| c.to == s.to && c.victims == s.victims)
                })
                .collect();
            return self.choice(&to_them, board);
        }
        let promotions: Vec<&Shape> = complete
            .into_iter()
            .filter(|s| s.promotion.is_some())
            .collect();
        self.choice(&promotions, board)
    }

    /// `choice LETTERS` for these moves: their promotion letters upper case in order, each once,
    /// then the mover's own letter if one of them declines an optional promotion; `None`
    /// without a promotion.
    fn choice(&self, moves: &[&Shape], board: &Board) -> Option<String> {
        let mut letters = String::new();
        for c in moves.iter().filter_map(|s| s.promotion) {
            let c = c.to_ascii_uppercase();
            if !letters.contains(c) {
                letters.push(c);
            }
        }
        if letters.is_empty() {
            return None;
        }
        if moves.iter().any(|s| s.promotion.is_none()) {
            // The optional promotion: the mover's own letter declines it.
            let from = self.from.as_deref().unwrap_or_default();
            if let Some(c) = board.at(from) {
                let c = c.to_ascii_uppercase();
                if !letters.contains(c) {
                    letters.push(c);
                }
            }
        }
        Some(format!("choice {letters}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::lookup;

    /// The board of a position of `variant`.
    fn board_of(variant: &str, fen: &str) -> Board {
        Board::of(&AnyGame::new(lookup(variant).unwrap(), Some(fen)).unwrap())
    }

    #[test]
    fn chess_start_lift() {
        let board = &board_of(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let legal = vec!["e2e3".to_string(), "e2e4".to_string(), "g1f3".to_string()];
        let mut m = Markers::default();
        assert_eq!(
            m.lift("e2", board, &legal, &[]).unwrap(),
            "highlight 8/8/8/8/4Y3/4Y3/8/8"
        );
        assert_eq!(m.lift("j1", board, &legal, &[]), None);
    }

    #[test]
    fn kill_squares() {
        // CA-T3a-like: a1 shoots a4 and returns, or goes on.
        let board = &board_of("chess", "7k/8/8/8/p7/8/8/R6K w - - 0 1");
        let legal: Vec<String> = ["a1a4,a4a1", "a1a2", "a1a3", "a1a4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut m = Markers::default();
        let h = m.lift("a1", board, &legal, &[]).unwrap();
        assert_eq!(h, "highlight 8/8/8/8/C7/Y7/Y7/8");
        assert_eq!(m.put("a4", board, &legal), None);
        assert_eq!(
            m.lift("a4", board, &legal, &[]).unwrap(),
            "highlight 8/8/8/8/8/8/8/Y7"
        );
    }

    #[test]
    fn a_promoting_piece_gets_its_choice_with_the_highlight() {
        // Shock Chess: a7 promotes with a choice; the king has none.
        let board = &board_of("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let legal: Vec<String> = ["a7a8g", "a7a8r", "a7a8b", "a7a8n", "e1d1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut m = Markers::default();
        assert_eq!(
            m.lift("a7", board, &legal, &[]).unwrap(),
            "highlight M7/8/8/8/8/8/8/8"
        );
        assert_eq!(
            m.choice_after_lift(board, &legal).as_deref(),
            Some("choice GRBN")
        );
        m.lift("e1", board, &legal, &[]);
        assert_eq!(m.choice_after_lift(board, &legal), None);
        // An optional promotion (an Exciting soldier): the mover's own letter declines it, last.
        let board = &board_of(
            "exciting",
            "**3k3**/*9*/11/11/11/4S6/11/11/11/*9*/**3K3** w - - 0 1",
        );
        let legal: Vec<String> = ["e6e7v", "e6e7", "e6d6", "e6f6"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        m.lift("e6", board, &legal, &[]);
        assert_eq!(
            m.choice_after_lift(board, &legal).as_deref(),
            Some("choice VS")
        );
        // Only an engine-decided promotion (`B`): its letter, which XBoard takes at once.
        let legal: Vec<String> = ["e6e7v", "e6d6"].iter().map(|s| s.to_string()).collect();
        m.lift("e6", board, &legal, &[]);
        assert_eq!(
            m.choice_after_lift(board, &legal).as_deref(),
            Some("choice V")
        );
    }

    #[test]
    fn holdings_lift() {
        // Shock Troops: holdings slots P N B R Q J E W; J is slot 5 (White `j6`, Black `_3`).
        let slots = ['P', 'N', 'B', 'R', 'Q', 'J', 'E', 'W'];
        let board = &board_of("shocktroops", "4k3/8/8/8/8/8/4P3/4K3[Jj] w - - 0 1");
        let legal: Vec<String> = ["J@d2", "J@d3", "J@d4", "e1d1", "e2e3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut m = Markers::default();
        assert_eq!(
            m.lift("j6", board, &legal, &slots).unwrap(),
            "highlight 8/8/8/8/3Y4/3Y4/3Y4/8"
        );
        assert_eq!(
            m.lift("i6", board, &legal, &slots).unwrap(),
            "highlight 8/8/8/8/3Y4/3Y4/3Y4/8"
        );
        // Black's holdings while White is to move, an empty slot, a slot past the table.
        assert_eq!(m.lift("_3", board, &legal, &slots), None);
        assert_eq!(
            m.lift("j1", board, &legal, &slots).unwrap(),
            "highlight 8/8/8/8/8/8/8/8"
        );
        assert_eq!(m.lift("j9", board, &legal, &slots), None);
    }
}
