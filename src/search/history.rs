//! What one search thread learns about move order and keeps between the moves of a game: the
//! quiet-move history by (piece, destination). A new game (`ucinewgame`, `new`) clears it.

/// Bonus and malus stay within this bound (the update's gravity term pulls values back).
const LIMIT: i32 = 16_384;

pub struct History {
    quiet: Box<[[i32; 256]; 32]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            quiet: Box::new([[0; 256]; 32]),
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// The score of a quiet move of the piece `piece` (its raw value) to `to`.
    #[inline(always)]
    pub fn quiet(&self, piece: u8, to: usize) -> i32 {
        self.quiet[piece as usize & 31][to]
    }

    /// Moves the score towards `delta`'s sign, less so the nearer it already is to the bound.
    #[inline(always)]
    pub fn update_quiet(&mut self, piece: u8, to: usize, delta: i32) {
        let h = &mut self.quiet[piece as usize & 31][to];
        *h += delta - *h * delta.abs() / LIMIT;
    }
}
