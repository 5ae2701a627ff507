//! Placeholder while the xboard front end is written (not committed).
use std::sync::mpsc::Receiver;

use super::Output;

pub fn run(input: Receiver<String>, _out: Output, _first: Option<String>) {
    while let Ok(line) = input.recv() {
        if line.trim() == "quit" {
            return;
        }
    }
}
