//! The protocol and FEN fuzzer (scripts/fuzz.py) in a CI-sized run against the test build:
//! 20,000 lines over UCI and CECP sessions (commands mid-search, garbage, binary and
//! multi-megabyte lines) and 3,000 mutated FENs of all 15 games. No panic, no hang, every
//! `ping`/`isready` answered, no control byte on stdout. The full run (500,000 lines, 50,000
//! FENs) is `scripts/fuzz.py` with its defaults.

use std::process::Command;

#[test]
fn fuzz_script_finds_no_failure() {
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fuzz.py"))
        .args(["--lines", "20000", "--fens", "3000", "--seed", "7"])
        .args(["--binary", env!("CARGO_BIN_EXE_menagerie")])
        .output()
        .expect("running python3 scripts/fuzz.py");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" 0 failures"), "{text}");
}
