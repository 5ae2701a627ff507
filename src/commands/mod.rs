//! The subcommands that print for a person: `bench`, `analyze` and `replay`; and `book`, which
//! writes the opening books.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod replay;
