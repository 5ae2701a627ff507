//! The SPRT arithmetic against figures from outside this code: the LLRs that fastchess's own test
//! suite publishes for its trinomial and pentanomial models (tests/sprt_test.cpp there, quoted to
//! two decimals), Wald's bounds, and pentanomial Elo margins worked out by hand.

use menagerie::matchplay::sprt::{EloModel, Pentanomial, SprtParams, Verdict};

fn params(elo0: f64, elo1: f64, model: EloModel) -> SprtParams {
    SprtParams {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        model,
    }
}

/// fastchess writes pentanomial stats as (LL, LD, WL, DD, WD, WW); ours are the five classes
/// by pair points: LL, LD, WL + DD, WD, WW.
fn penta(ll: u64, ld: u64, wl: u64, dd: u64, wd: u64, ww: u64) -> [u64; 5] {
    [ll, ld, wl + dd, wd, ww]
}

/// fastchess writes trinomial stats as (W, L, D); ours are losses, draws, wins.
fn tri(w: u64, l: u64, d: u64) -> [u64; 3] {
    [l, d, w]
}

/// Within the published figure's rounding, and within fastchess's own 1% tolerance for the
/// one-sided extremes where the regularisation of empty classes moves the third digit.
fn assert_llr(got: f64, published: f64) {
    let tolerance = (published.abs() * 0.01).max(0.006);
    assert!(
        (got - published).abs() <= tolerance,
        "LLR {got:.4}, published {published}"
    );
}

#[test]
fn logistic_pentanomial_llr_matches_published_figures() {
    let p = params(0.5, 2.5, EloModel::Logistic);
    assert_llr(p.llr(&penta(223, 9863, 20279, 1000, 10037, 246)), -3.07);
    let p = params(0.0, 2.0, EloModel::Logistic);
    assert_llr(p.llr(&penta(871, 26175, 55003, 980, 26678, 821)), -4.98);
}

#[test]
fn normalized_pentanomial_llr_matches_published_figures() {
    let p = params(0.0, 2.0, EloModel::Normalized);
    assert_llr(p.llr(&penta(365, 16618, 36029, 200, 16974, 390)), 2.25);
    let p = params(-1.75, 0.25, EloModel::Normalized);
    assert_llr(p.llr(&penta(127, 4883, 10311, 401, 5150, 104)), 3.01);
    let p = params(0.0, 5.0, EloModel::Normalized);
    assert_llr(p.llr(&penta(0, 0, 0, 0, 0, 5550)), 111.82);
}

#[test]
fn trinomial_llr_matches_published_figures() {
    let p = params(0.5, 2.5, EloModel::Logistic);
    assert_llr(p.llr(&tri(21404, 21184, 40708)), -1.57);
    let p = params(0.0, 2.0, EloModel::Logistic);
    assert_llr(p.llr(&tri(57433, 57030, 106593)), -2.59);
    let p = params(0.0, 2.0, EloModel::Normalized);
    assert_llr(p.llr(&tri(36433, 36027, 68692)), 0.92);
    let p = params(-1.75, 0.25, EloModel::Normalized);
    assert_llr(p.llr(&tri(10871, 10650, 20431)), 2.30);
    let p = params(0.0, 10.0, EloModel::Normalized);
    assert_llr(p.llr(&tri(4250, 0, 0)), 120.56);
}

#[test]
fn wald_bounds_and_verdicts() {
    // ln(0.05 / 0.95) = -2.944439, by hand.
    let p = params(0.0, 5.0, EloModel::Logistic);
    let (lower, upper) = p.bounds();
    assert!((lower + 2.944_439).abs() < 1e-6 && (upper - 2.944_439).abs() < 1e-6);
    let asymmetric = SprtParams { beta: 0.1, ..p };
    // ln(0.1 / 0.95) = -2.251292 and ln(0.9 / 0.05) = 2.890372.
    let (lower, upper) = asymmetric.bounds();
    assert!((lower + 2.251_292).abs() < 1e-6, "{lower}");
    assert!((upper - 2.890_372).abs() < 1e-6, "{upper}");
    assert_eq!(p.verdict(2.95), Verdict::AcceptH1);
    assert_eq!(p.verdict(-2.95), Verdict::AcceptH0);
    assert_eq!(p.verdict(0.0), Verdict::Continue);
    assert_eq!(p.llr(&[0; 5]), 0.0);
}

#[test]
fn evidence_points_the_right_way() {
    // A balanced result favours H0 = 0 over H1 = 5; a clearly better one favours H1.
    let p = params(0.0, 5.0, EloModel::Logistic);
    assert!(p.llr(&[10, 100, 300, 100, 10]) < 0.0);
    assert!(p.llr(&[10, 100, 300, 160, 20]) > 0.0);
    // Mirrored results with mirrored hypotheses give the same LLR.
    let mirrored = params(-5.0, 0.0, EloModel::Logistic);
    let a = p.llr(&[3, 40, 90, 60, 7]);
    let b = mirrored.llr(&[7, 60, 90, 40, 3]);
    assert!((a + b).abs() < 1e-9, "{a} {b}");
}

#[test]
fn parse_reads_the_command_line_form() {
    let p = SprtParams::parse("elo0=0,elo1=5,alpha=0.05,beta=0.1").unwrap();
    assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (0.0, 5.0, 0.05, 0.1));
    assert_eq!(p.model, EloModel::Logistic);
    let p = SprtParams::parse("elo0=-5 elo1=0 model=normalized").unwrap();
    assert_eq!(
        (p.elo0, p.elo1, p.alpha, p.model),
        (-5.0, 0.0, 0.05, EloModel::Normalized)
    );
    for bad in [
        "elo0=5,elo1=0",
        "elo1=5",
        "elo0=0,elo1=5,alpha=0",
        "elo0=0,elo1=5,beta=0.7",
        "elo0=0,elo1=x",
        "elo0=0,elo1=5,model=bayes",
        "elo0=0,elo1=5,gamma=1",
        "elo0=0 elo1",
    ] {
        assert!(SprtParams::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn pentanomial_counts_and_margins_worked_by_hand() {
    let mut t = Pentanomial::default();
    for (a, b) in [
        (1.0, 0.0),
        (0.5, 0.5),
        (1.0, 0.5),
        (0.0, 0.0),
        (1.0, 1.0),
        (0.5, 0.0),
    ] {
        t.add_pair(a, b);
    }
    assert_eq!(t.counts, [1, 1, 2, 1, 1]);
    assert_eq!(t.to_string(), "[1, 1, 2, 1, 1]");
    // Pairs [1, 0, 2, 0, 1]: pair scores 0, ½, ½, 1; mean ½, variance 1/8, standard error
    // √(1/32) = 0.176777; 0.5 + 1.96 · 0.176777 = 0.846476 → 296.58 Elo, so the margin is 296.58.
    let t = Pentanomial {
        counts: [1, 0, 2, 0, 1],
    };
    let e = t.elo();
    assert!(e.diff.abs() < 1e-9);
    assert!((e.margin - 296.575).abs() < 0.01, "{}", e.margin);
    // Pairs [0, 1, 2, 3, 0]: scores ¼, ½, ½, ¾, ¾, ¾; mean 7/12 → +58.45 Elo, margin 110.45.
    let t = Pentanomial {
        counts: [0, 1, 2, 3, 0],
    };
    let e = t.elo();
    assert!((e.diff - 58.451).abs() < 0.01, "{}", e.diff);
    assert!((e.margin - 110.450).abs() < 0.01, "{}", e.margin);
}
