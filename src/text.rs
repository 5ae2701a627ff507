//! Quoting input back in messages: an error names what it refuses, but a line of a megabyte
//! (XBoard shows some errors as a popup) helps nobody, so only a prefix is quoted.

/// How many characters of an input a message quotes.
pub const QUOTED_CHARS: usize = 60;

/// `input` as a message quotes it: the whole when short, else its first [`QUOTED_CHARS`]
/// characters and `...`; control characters become `?`, so the message stays one line.
pub fn quoted(input: &str) -> String {
    let mut out: String = input
        .chars()
        .take(QUOTED_CHARS)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if input.chars().nth(QUOTED_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_input_is_quoted_whole_and_long_input_cut() {
        assert_eq!(quoted("e2e4"), "e2e4");
        assert_eq!(quoted("a\tb"), "a?b");
        let long = "x".repeat(1000);
        assert_eq!(quoted(&long), format!("{}...", "x".repeat(QUOTED_CHARS)));
        assert_eq!(quoted(&"é".repeat(QUOTED_CHARS)), "é".repeat(QUOTED_CHARS));
    }
}
