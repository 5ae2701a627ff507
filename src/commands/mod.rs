//! The subcommands that print for a person: `bench`, `analyze` and `replay`.

pub mod analyze;
pub mod bench;
pub mod replay;
