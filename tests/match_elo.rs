//! The match score as Elo with a 95% error margin (`matchplay::elo`), on inputs worked out by
//! hand: elo(p) = -400 log10(1/p - 1); margin = half the Elo width of p ± 1.96 · sd/sqrt(N), where
//! sd² is the mean squared deviation of the per-game results (1, 1/2, 0) from p.

use menagerie::matchplay::elo::{Tally, elo_of_score};

fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
    Tally {
        wins,
        losses,
        draws,
    }
}

fn close(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 0.05,
        "{what}: {actual} is not {expected}"
    );
}

#[test]
fn elo_of_known_scores() {
    close(elo_of_score(0.5), 0.0, "50%");
    // 75%: 1/p - 1 = 1/3, so 400 log10 3 = 190.85.
    close(elo_of_score(0.75), 190.85, "75%");
    close(elo_of_score(0.25), -190.85, "25%");
    // 10/11: 1/p - 1 = 0.1, exactly 400.
    close(elo_of_score(10.0 / 11.0), 400.0, "10/11");
    assert_eq!(elo_of_score(1.0), f64::INFINITY);
    assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
}

#[test]
fn seventy_five_percent_over_a_hundred_games() {
    // 75 wins, 25 losses: sd² = 0.75·0.25 = 0.1875, se = 0.0433, p in [0.665, 0.835].
    let e = tally(75, 25, 0).elo();
    close(e.diff, 190.85, "diff");
    close(e.margin, 81.15, "margin");
    // The same score with half the games drawn spreads less: every result is 0.25 from p.
    let e = tally(50, 0, 50).elo();
    close(e.diff, 190.85, "diff with draws");
    close(e.margin, 45.86, "margin with draws");
}

#[test]
fn other_known_tallies() {
    let e = tally(60, 20, 20).elo();
    close(e.diff, 147.19, "60-20-20 diff");
    close(e.margin, 66.01, "60-20-20 margin");
    let e = tally(30, 30, 40).elo();
    close(e.diff, 0.0, "30-30-40 diff");
    close(e.margin, 53.16, "30-30-40 margin");
}

#[test]
fn score_and_variance() {
    let t = tally(3, 1, 2);
    assert_eq!(t.games(), 6);
    close(t.score(), 4.0 / 6.0, "score");
    // Deviations: wins 1/3, losses -2/3, draws -1/6.
    let expected = (3.0 / 9.0 + 4.0 / 9.0 + 2.0 / 36.0) / 6.0;
    assert!((t.result_variance() - expected).abs() < 1e-12);
    let mut counted = Tally::default();
    for points in [1.0, 1.0, 1.0, 0.0, 0.5, 0.5] {
        counted.add(points);
    }
    assert_eq!(counted, t);
}

#[test]
fn edge_cases() {
    // All draws: no spread at all.
    let e = tally(0, 0, 10).elo();
    assert_eq!(e.diff, 0.0);
    assert_eq!(e.margin, 0.0);
    // A clean sweep: infinite difference and margin, printed as such.
    let e = tally(4, 0, 0).elo();
    assert_eq!(e.diff, f64::INFINITY);
    assert_eq!(e.margin, f64::INFINITY);
    assert_eq!(e.to_string(), "+inf +/- inf");
    // No games: no information.
    assert_eq!(Tally::default().score(), 0.5);
    assert!(Tally::default().elo().margin.is_infinite());
    assert_eq!(tally(75, 25, 0).elo().to_string(), "+190.8 +/- 81.2");
    assert_eq!(tally(25, 75, 0).elo().to_string(), "-190.8 +/- 81.2");
}
