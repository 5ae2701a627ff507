//! Issue 5: menagerie's legal moves equal Fairy-Stockfish's (`pyffish`, with
//! `../shared/anchors/variants.ini`) on 1,020 positions of random games of the three Shock Troops
//! sub-variants without Ninja Pawns (`scripts/pyffish-diff.py`). `.ci/run` installs pyffish;
//! without it the test says so and passes, except under CI.

use std::path::Path;
use std::process::Command;

#[test]
fn legal_moves_agree_with_fairy_stockfish() {
    let has_pyffish = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    let anchors = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/anchors/variants.ini");
    if !has_pyffish || !anchors.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have pyffish and ../shared/anchors (see .ci/run)"
        );
        eprintln!("pyffish or the anchors are missing: skipped (pip install pyffish)");
        return;
    }
    let out = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pyffish-diff.py"))
        .args([env!("CARGO_BIN_EXE_menagerie"), "340", "2026"])
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1020 positions agree"), "{text}");
}
