//! `menagerie match --sprt` end to end: a scripted engine that loses every game
//! (tests/fixtures/cecp_illegal.sh) against our engine. With the loser counted first the test
//! must accept H0, with our engine first H1, each after whole pairs and long before the game cap;
//! a match whose `--games` run out first is inconclusive.

#[path = "support/matches.rs"]
mod matches;

use matches::{fixture, run};
use menagerie::matchplay::sprt::Verdict;

fn sprt(first: &str, second: &str, games: Option<&str>) -> menagerie::matchplay::MatchSummary {
    let mut args = vec![
        "--engine",
        first,
        "--engine",
        second,
        "--tc",
        "1+0.01",
        // Every pair is one-sided, so its spread is nearly nil: the generalised SPRT gains little
        // per pair between close hypotheses (about 200 pairs for [0, 5]); wide ones decide soon.
        "--sprt",
        "elo0=0,elo1=200,alpha=0.05,beta=0.05",
    ];
    if let Some(n) = games {
        args.extend_from_slice(&["--games", n]);
    }
    run(&args)
}

#[test]
fn a_losing_engine_is_rejected_and_a_winning_one_accepted() {
    let loser = fixture("cecp_illegal.sh");
    let s = sprt(&loser, "self", None);
    let state = s.progress.state.unwrap();
    assert_eq!(state.verdict, Verdict::AcceptH0);
    assert!(state.llr <= -2.94, "{}", state.llr);
    let pairs = s.progress.pentanomial.pairs();
    assert!(pairs > 0 && pairs < 100, "{pairs} pairs");
    assert_eq!(s.progress.pentanomial.counts, [pairs, 0, 0, 0, 0]);
    assert_eq!(
        s.records.len() as u64,
        2 * pairs,
        "it stops at a pair's end"
    );
    assert_eq!(s.progress.sprt_line().as_deref(), Some("SPRT: H0 accepted"));

    let s = sprt("self", &loser, None);
    assert_eq!(s.progress.state.unwrap().verdict, Verdict::AcceptH1);
    assert_eq!(s.progress.sprt_line().as_deref(), Some("SPRT: H1 accepted"));
    assert!(s.progress.state.unwrap().llr >= 2.94);
    let line = s.progress.pair_line();
    assert!(line.contains("(-2.94, 2.94) [0, 200]"), "{line}");
    assert!(
        line.contains(&format!(
            "Ptnml(0-2): [0, 0, 0, 0, {}]",
            s.progress.pentanomial.pairs()
        )),
        "{line}"
    );
}

#[test]
fn running_out_of_games_is_inconclusive() {
    let loser = fixture("cecp_illegal.sh");
    let s = sprt(&loser, "self", Some("4"));
    assert_eq!(s.records.len(), 4);
    assert_eq!(s.progress.state.unwrap().verdict, Verdict::Continue);
    assert_eq!(
        s.progress.sprt_line().as_deref(),
        Some("SPRT: inconclusive")
    );
    assert_eq!(s.progress.pentanomial.counts, [2, 0, 0, 0, 0]);
}
