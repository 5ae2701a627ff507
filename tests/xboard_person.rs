//! Real-GUI test as a person plays: headless XBoard 4.9.1 under Xvfb, mouse and keyboard from
//! xdotool, through `scripts/xboard-person.py` (issue 13, items 10 to 13):
//!
//! * `loadposition`: XBoard started with `-loadPositionFile` shows the loaded position, not the
//!   start position the engine's first `setup` describes (a move of a piece only the loaded
//!   position has is relayed, and the engine's answer is accepted);
//! * `promotion`: in Shock Chess, Combined Arms, Pawnier and Exciting Chess a person picks a piece
//!   other than the default by XBoard's sweep selection, with clicks and, where XBoard sweeps
//!   while dragging, with a drag; XBoard sends that piece;
//! * `holdings`: in Exciting Chess a person's custodian capture (release on the victim, click the
//!   destination) gets the engine's word that the soldier is in the person's hand, and the drop
//!   typed in XBoard's type-in box is relayed and accepted;
//! * `freeze`: in Shock Chess the engine takes the person's General, says once how to pass, and
//!   the person's click on the engine's clock is relayed as the pass `@@@@`;
//! * `settings`: in chess a person sets MultiPV to 2 in Engine #1 Settings while the engine
//!   thinks (XBoard sends `option MultiPV=2` mid-think); the engine still moves, thinks with two
//!   lines a depth from then on, and moves at once on Move Now (issue 54).
//!
//! Needs Debian's `xboard`, `xvfb`, `xdotool` and `x11-utils` (`.ci/run` installs them); without
//! them the test says so and passes, except under CI.

use std::path::Path;
use std::process::Command;

#[path = "support/tools.rs"]
mod tools;
use tools::have;

fn scenario(name: &str) {
    let missing: Vec<&str> = ["xboard", "Xvfb", "xdotool", "xwininfo"]
        .into_iter()
        .filter(|t| !have(t))
        .collect();
    if !missing.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have {missing:?} (see .ci/run)"
        );
        eprintln!(
            "{missing:?} missing: skipped (apt-get install -y xboard xvfb xdotool x11-utils)"
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("scripts/xboard-person.py"))
        .args([name, "--engine", env!("CARGO_BIN_EXE_menagerie")])
        .output()
        .expect("python3 runs scripts/xboard-person.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}:\n{stdout}\n{stderr}");
    eprintln!("{stdout}");
}

// One XBoard at a time: each scenario has its own X display, but three GUIs and their engines
// at once on two cores make the mouse timing unreliable.
#[test]
fn a_person_in_xboard() {
    for name in [
        "loadposition",
        "promotion",
        "holdings",
        "freeze",
        "settings",
    ] {
        scenario(name);
    }
}
