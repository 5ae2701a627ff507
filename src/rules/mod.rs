//! Mechanics, one module each. A variant switches them on through its data and flags; the move
//! generator (`movegen.rs`) calls them.

pub mod castling;
pub mod combined_arms;
pub mod drops;
pub mod exciting;
pub mod pawns;
pub mod powers;
pub mod shock;
