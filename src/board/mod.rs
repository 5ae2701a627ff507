//! Board primitives: the bitboard trait, squares and pieces, geometry and attack tables, moves,
//! Zobrist keys.

pub mod bits;
pub mod boards;
pub mod geometry;
pub mod moves;
pub mod square;
pub mod zobrist;

pub use bits::{Bits, ByWidth, Widths};
pub use geometry::{Geometry, SqTable};
pub use moves::{Move, MoveEntry, MoveKind, MoveList};
pub use square::{Color, MAX_KINDS, Piece, PieceKind, Square};
