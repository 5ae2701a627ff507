//! Whether an external program the real-client tests drive is installed.
//!
//! Use from a test file with `#[path = "support/tools.rs"] mod tools;`.

#![allow(dead_code)]

use std::process::Command;

/// `tool` is on the PATH or in Debian's `/usr/games`.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args([
            "-c",
            &format!("command -v {tool} || test -x /usr/games/{tool}"),
        ])
        .output()
        .is_ok_and(|o| o.status.success())
}
