//! The subcommands that print for a person: `bench`, `analyze` and `replay`; `book`, which
//! writes the opening books; `datagen` and `tune`, which make the evaluation's data and fit its
//! weights.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod replay;
pub mod tune;
