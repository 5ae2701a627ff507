//! `--engine-option N:NAME=VALUE` reaches the engine it names: scripted UCI and CECP engines
//! (tests/fixtures/uci_options.sh, cecp_options.sh) log what they receive, and the options must
//! arrive after the handshake and before the first game, in the engine's own spelling; an option
//! the engine does not list stops the match with a message naming it.

#[path = "support/matches.rs"]
mod matches;

use matches::{fixture_path, run, temp_path, try_run};

fn logged(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn position(lines: &[String], line: &str) -> usize {
    lines
        .iter()
        .position(|l| l == line)
        .unwrap_or_else(|| panic!("no '{line}' in {lines:#?}"))
}

#[test]
fn uci_options_are_set_after_uciok_and_before_the_first_game() {
    let log = temp_path("uci_options.log");
    let engine = format!(
        "uci:bash {} {}",
        fixture_path("uci_options.sh").display(),
        log.display()
    );
    let s = run(&[
        "--engine",
        &engine,
        "--engine",
        "self",
        "--engine-option",
        "1:uci_limitstrength=true",
        "--engine-option",
        "1:UCI_Elo=2600",
        "--engine-option",
        "1:VariantPath=/tmp/some dir/variants.ini",
        "--engine-option",
        "1:clear hash=",
        "--engine-option",
        "2:Hash=8",
        "--openings",
        "none",
        "--games",
        "1",
        "--tc",
        "1+0.01",
    ]);
    assert_eq!(s.records.len(), 1);
    let lines = logged(&log);
    let uci = position(&lines, "uci");
    let first = [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 2600",
        "setoption name VariantPath value /tmp/some dir/variants.ini",
        "setoption name Clear Hash",
    ]
    .map(|l| position(&lines, l));
    let new_game = position(&lines, "ucinewgame");
    assert!(uci < first[0], "{lines:#?}");
    assert!(
        first.windows(2).all(|w| w[0] < w[1]),
        "in the order given: {lines:#?}"
    );
    assert!(first[3] < new_game, "{lines:#?}");
    // The second engine's option went to the second engine only.
    assert!(
        !lines.iter().any(|l| l.contains("Hash value 8")),
        "{lines:#?}"
    );
}

#[test]
fn cecp_options_are_sent_after_the_features() {
    let log = temp_path("cecp_options.log");
    let engine = format!(
        "xboard:bash {} {}",
        fixture_path("cecp_options.sh").display(),
        log.display()
    );
    let s = run(&[
        "--engine",
        "self",
        "--engine",
        &engine,
        "--engine-option",
        "2:skill level=5",
        "--engine-option",
        "2:Reset=",
        "--games",
        "1",
        "--tc",
        "1+0.01",
    ]);
    assert_eq!(s.names[1], "OptionsCecp");
    let lines = logged(&log);
    let accepted = position(&lines, "accepted option");
    let skill = position(&lines, "option Skill Level=5");
    let reset = position(&lines, "option Reset");
    let new_game = position(&lines, "new");
    assert!(
        accepted < skill && skill < reset && reset < new_game,
        "{lines:#?}"
    );
}

#[test]
fn an_option_the_engine_does_not_list_stops_the_match() {
    let log = temp_path("uci_options_unknown.log");
    let engine = format!(
        "uci:bash {} {}",
        fixture_path("uci_options.sh").display(),
        log.display()
    );
    let e = try_run(&[
        "--engine",
        &engine,
        "--engine",
        "self",
        "--engine-option",
        "1:UCI_Elox=2600",
    ])
    .unwrap_err();
    assert!(e.contains("engine 1") && e.contains("UCI_Elox"), "{e}");
    assert!(
        e.contains("UCI_Elo,"),
        "the message lists what the engine offers: {e}"
    );

    let log = temp_path("cecp_options_unknown.log");
    let engine = format!(
        "bash {} {}",
        fixture_path("cecp_options.sh").display(),
        log.display()
    );
    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        &engine,
        "--engine-option",
        "2:Skill=5",
    ])
    .unwrap_err();
    assert!(e.contains("engine 2") && e.contains("'Skill'"), "{e}");

    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--engine-option",
        "2:Nonsense=1",
    ])
    .unwrap_err();
    assert!(e.contains("Nonsense"), "{e}");
    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--engine-option",
        "3:Hash=1",
    ])
    .unwrap_err();
    assert!(e.contains("N:NAME=VALUE"), "{e}");
}

/// The scripted UCI engine of tests/fixtures/uci_variant_path.py, which lists
/// shocktroopsnoninja only after `VariantPath` is set; `mode` says how it tells the referee
/// (`relist`: when asked again, `announce`: by printing its options anew).
fn variant_path_engine(mode: &str) -> String {
    format!(
        "uci:python3 {} {} {mode}",
        fixture_path("uci_variant_path.py").display(),
        env!("CARGO_BIN_EXE_menagerie")
    )
}

/// Issue 54: an engine that knows the variant only from its definitions file lists it after
/// `--engine-option N:VariantPath=FILE`; the match sends the options first, then checks the
/// variant against the list as it stands (asked for again, or as the engine printed it anew).
#[test]
fn a_variant_listed_only_after_variant_path_is_played() {
    for mode in ["relist", "announce"] {
        let engine = variant_path_engine(mode);
        let s = run(&[
            "--variant",
            "shocktroopsnoninja",
            "--engine",
            "self",
            "--engine",
            &engine,
            "--engine-option",
            "2:VariantPath=/tmp/variants.ini",
            "--games",
            "2",
            "--tc",
            "1+0.02",
        ]);
        assert_eq!(s.aborted(), 0, "{mode}");
        assert_eq!(s.records.len(), 2, "{mode}");
        assert!(
            s.records.iter().all(|r| r.moves.len() >= 4),
            "{mode}: {:?}",
            s.records.iter().map(|r| &r.reason).collect::<Vec<_>>()
        );
    }
}

/// Without the option the variant is not listed, and the match says so.
#[test]
fn a_variant_the_engine_does_not_list_is_refused() {
    let engine = variant_path_engine("relist");
    let result = try_run(&[
        "--variant",
        "shocktroopsnoninja",
        "--engine",
        "self",
        "--engine",
        &engine,
        "--games",
        "2",
        "--tc",
        "1+0.02",
    ]);
    let message = match result {
        Err(e) => e,
        Ok(s) => format!(
            "{:?}",
            s.records.iter().map(|r| &r.reason).collect::<Vec<_>>()
        ),
    };
    assert!(
        message.contains("does not list variant shocktroopsnoninja"),
        "{message}"
    );
}
