//! menagerie: a chess-variant playing engine.
//!
//! Layers, bottom up (see README.md and DESIGN.md): `board` (bitboards, geometry, moves),
//! `variants` (games as data), `position` (state, FEN, make-move), `rules` (one module per
//! mechanic), `movegen`, `notation`, `perft`, `game` (history and game end), `eval` (static
//! evaluation and its tables), `search`.

pub mod board;
pub mod console;
pub mod display;
pub mod engine;
pub mod eval;
pub mod fault;
pub mod game;
pub mod matchplay;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod text;
pub mod tune;
pub mod variants;
