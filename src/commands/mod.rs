//! The subcommands that print for a person: `bench` and `analyze`.

pub mod analyze;
pub mod bench;
