//! `menagerie epd` as a user runs it: a small suite in SAN and coordinates, the summary and the
//! failure lines, and the exit status (non-zero for bad input only).

use std::process::Command;

fn epd(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .arg("epd")
        .args(args)
        .output()
        .expect("menagerie runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Mates in one (found by any search) in SAN and coordinates, and a position whose `bm` is a
/// move no engine plays (a rook left to be taken).
#[test]
fn solved_and_failed_positions_are_reported() {
    let file = write(
        "epd_small.epd",
        "\
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"back rank\";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm d1d8; id \"coordinates\";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 1; id \"dm\";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm #1; id \"matetrack style\";
4k3/3r4/8/8/8/8/8/3RK3 w - - bm Rd6; id \"wrong on purpose\";
",
    );
    let (ok, out, err) = epd(&[&file, "--nodes", "20000"]);
    assert!(ok, "{out}{err}");
    for id in ["back rank", "coordinates", "dm", "matetrack style"] {
        assert!(
            out.lines().any(|l| l.contains(id) && l.contains("solved")),
            "{id}: {out}"
        );
    }
    assert!(
        out.lines().any(|l| l.contains("wrong on purpose")
            && l.contains("FAILED  played")
            && l.ends_with("expected Rd6")),
        "{out}"
    );
    assert!(out.contains("Solved 4/5 (20000 nodes a position"), "{out}");
    assert!(
        out.contains("Mates found 2/2, at the shortest distance 2/2"),
        "{out}"
    );
    assert!(err.contains("epd: 5/5 done"), "{err}");
}

#[test]
fn bad_input_is_an_error_naming_the_line() {
    for (text, says) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd9;", "line 1"),
        ("\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8# Qh5;", "line 2"),
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - -;", "no bm"),
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K9 w - - bm Rd8;", "bad position"),
    ] {
        let file = write("epd_bad.epd", text);
        let (ok, out, err) = epd(&[&file, "--nodes", "1000"]);
        assert!(!ok, "{text}: accepted: {out}");
        assert!(err.contains(says), "{text}: {err}");
        assert!(out.is_empty(), "{text}: nothing searched: {out}");
    }
    let (ok, _, err) = epd(&["/nonexistent/suite.epd"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
}

/// Records of other games name their variant; `--variant` sets the rest. In Shock Chess the
/// General that takes the General (SAN `Gxb8`) freezes Black and moves again.
#[test]
fn variants_per_record_and_by_option() {
    let file = write(
        "epd_variant.epd",
        "1g6/7k/8/8/8/8/1G6/r6K w - - bm Gxb8; variant shockchess; id \"shock\";\n",
    );
    let (ok, out, err) = epd(&[&file, "--depth", "3"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("Solved 1/1"), "{out}");
    let file = write(
        "epd_variant2.epd",
        "1g6/7k/8/8/8/8/1G6/r6K w - - bm Gxb8;\n",
    );
    let (ok, _, err) = epd(&[&file, "--depth", "3"]);
    assert!(
        !ok && err.contains("line 1"),
        "in chess 'g' is no piece: {err}"
    );
    let (ok, out, _) = epd(&[&file, "--depth", "3", "--variant", "shockchess"]);
    assert!(ok && out.contains("Solved 1/1"), "{out}");
}

/// `--option NAME=VALUE` sets an engine option as the protocols do; a bad one is an error and
/// nothing is searched.
#[test]
fn engine_options_are_set_or_refused() {
    let file = write(
        "epd_options.epd",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;\n",
    );
    let (ok, out, err) = epd(&[
        &file,
        "--nodes",
        "5000",
        "--option",
        "SearchParams=qs_quiet_checks=8",
        "--option",
        "UseNetwork=false",
    ]);
    assert!(ok && out.contains("Solved 1/1"), "{out}{err}");
    for (option, says) in [
        ("Bogus=1", "unknown option"),
        ("Hash", "NAME=VALUE"),
        ("SearchParams=qs_quiet_checks=99", "outside"),
    ] {
        let (ok, out, err) = epd(&[&file, "--nodes", "5000", "--option", option]);
        assert!(!ok && err.contains(says), "{option}: {err}");
        assert!(out.is_empty(), "{option}: nothing searched: {out}");
    }
}

/// The mate in two of issue 59 (1.Ra6 bxa6 2.b7#) ends on a quiet check: at depth 2 it is seen
/// only when the quiescence search tries quiet checks (`qs_quiet_checks`), so the option reaches
/// the search.
#[test]
fn quiet_checks_in_the_quiescence_search_see_a_mate_sooner() {
    let file = write(
        "epd_quiet_check.epd",
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - bm #2;\n",
    );
    for (checks, solved) in [("0", false), ("4", true)] {
        let option = format!("SearchParams=qs_quiet_checks={checks}");
        let (ok, out, err) = epd(&[&file, "--depth", "2", "--option", &option]);
        assert!(ok, "{out}{err}");
        assert_eq!(out.contains("Solved 1/1"), solved, "{checks}: {out}");
    }
}
