//! Fault injection, so that the tests can prove the engine survives a panic where one can happen.
//! `MENAGERIE_FAULT` names the point: `search` (the main search thread, at the start of every
//! search), `helper` (every helper search thread), or `command:WORD` (the protocol loop, while
//! it handles a line whose first word is WORD). Unset in normal use; the variable is read once.

use std::sync::OnceLock;

fn configured() -> Option<&'static str> {
    static FAULT: OnceLock<Option<String>> = OnceLock::new();
    FAULT
        .get_or_init(|| std::env::var("MENAGERIE_FAULT").ok())
        .as_deref()
}

/// Panics when `MENAGERIE_FAULT` names `point`.
pub fn inject(point: &str) {
    if configured() == Some(point) {
        panic!("injected fault at {point} (MENAGERIE_FAULT)");
    }
}

/// Panics when `MENAGERIE_FAULT` is `command:WORD` and `line`'s first word is WORD.
pub fn inject_command(line: &str) {
    if let Some(word) = configured().and_then(|f| f.strip_prefix("command:"))
        && line.split_whitespace().next() == Some(word)
    {
        panic!("injected fault in command {word} (MENAGERIE_FAULT)");
    }
}

/// The text of a panic's payload (`panic!` with a literal or a formatted message).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
