//! The SPSA tuner and the search parameters it sets: on a made-up match whose best values are
//! known, the tuner moves towards them; its state file reads back; parameter sets parse, print
//! and refuse what they should.

use menagerie::matchplay::spsa::Spsa;
use menagerie::search::params::{P, SPECS, SearchParams};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn index(name: &str) -> usize {
    SPECS.iter().position(|s| s.name == name).unwrap()
}

/// A made-up strength: best at rfp_margin 120 and lmr_div 160, falling off quadratically.
fn strength(p: &SearchParams) -> f64 {
    let rfp = f64::from(p.get(P::RfpMargin));
    let div = f64::from(p.get(P::LmrDiv));
    -((rfp - 120.0) / 25.0).powi(2) - ((div - 160.0) / 40.0).powi(2)
}

#[test]
fn spsa_finds_the_best_values_of_a_made_up_match() {
    let tuned = vec![index("rfp_margin"), index("lmr_div")];
    let iterations = 3000;
    let mut spsa = Spsa::new(tuned, SearchParams::default(), iterations, 0.002);
    let start = SearchParams::default();
    let distance = |p: &SearchParams| {
        let rfp = f64::from(p.get(P::RfpMargin)) - 120.0;
        let div = f64::from(p.get(P::LmrDiv)) - 160.0;
        (rfp / 25.0).hypot(div / 40.0)
    };
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..iterations {
        let trial = spsa.trial(&mut rng);
        // Two games; the stronger side wins each with a probability growing with the gap.
        let edge = (strength(&trial.plus) - strength(&trial.minus)).tanh() / 2.0;
        let mut result = 0.0;
        for _ in 0..2 {
            let x: f64 = rng.random();
            if x < 0.25 + edge / 2.0 {
                result += 1.0;
            } else if x > 0.75 + edge / 2.0 {
                result -= 1.0;
            }
        }
        spsa.update(&trial, result);
    }
    let end = spsa.current();
    assert!(
        distance(&end) < distance(&start) / 3.0,
        "from {} to {}: {}",
        distance(&start),
        distance(&end),
        end
    );
    // The parameters not tuned stay as they were.
    assert_eq!(end.get(P::LmpBase), start.get(P::LmpBase));
}

#[test]
fn the_spsa_state_reads_back() {
    let mut spsa = Spsa::new(
        vec![index("aspiration"), index("see_quiet")],
        SearchParams::parse("null_base=3").unwrap(),
        100,
        0.002,
    );
    let mut rng = StdRng::seed_from_u64(1);
    for result in [2.0, -1.0, 0.0, 1.0] {
        let trial = spsa.trial(&mut rng);
        spsa.update(&trial, result);
    }
    let back = Spsa::from_text(&spsa.to_text(), 100, 0.002).unwrap();
    assert_eq!(back.done, 4);
    assert_eq!(back.tuned, spsa.tuned);
    assert_eq!(back.base, spsa.base);
    for (a, b) in back.theta.iter().zip(&spsa.theta) {
        assert!((a - b).abs() < 1e-3);
    }
    assert!(Spsa::from_text("iterations 3 of 9\nnot_a_param 4\n", 9, 0.002).is_err());
    assert!(Spsa::from_text("", 9, 0.002).is_err());
}

#[test]
fn values_stay_within_their_ranges() {
    // A long run pushed one way ends at the range's edge, never past it.
    let i = index("null_base");
    let mut spsa = Spsa::new(vec![i], SearchParams::default(), 50, 0.5);
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..50 {
        let trial = spsa.trial(&mut rng);
        let result = 2.0 * trial.signs[0];
        spsa.update(&trial, result);
        assert!(trial.plus.values()[i] <= SPECS[i].max && trial.minus.values()[i] >= SPECS[i].min);
    }
    assert_eq!(spsa.current().values()[i], SPECS[i].max);
}

#[test]
fn search_parameter_sets_parse_print_and_refuse() {
    let d = SearchParams::default();
    assert_eq!(d.to_string(), "");
    for s in SPECS {
        assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
        assert!(s.step > 0.0, "{}", s.name);
    }
    let p = SearchParams::parse("rfp_margin=70, LMR_DIV=210").unwrap();
    assert_eq!(p.get(P::RfpMargin), 70);
    assert_eq!(p.get(P::LmrDiv), 210);
    assert_eq!(p.to_string(), "lmr_div=210,rfp_margin=70");
    assert_eq!(SearchParams::parse(&p.to_string()).unwrap(), p);
    assert!(SearchParams::parse("rfp_margin=999").is_err());
    assert!(SearchParams::parse("rfp_margin=7.5").is_err());
    assert!(SearchParams::parse("no_such=1").is_err());
    assert!(SearchParams::parse("rfp_margin").is_err());
    // The defaults give the reduction table the search used before it had parameters.
    for d in 1..64 {
        for m in 1..64 {
            let old = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            assert_eq!(SearchParams::default().lmr(d, m) as u8, old, "{d} {m}");
        }
    }
}

/// The SearchParams option changes the search, refuses what it should (changing nothing), and
/// `<builtin>` goes back to the defaults.
#[test]
fn the_search_params_option_changes_the_search() {
    use menagerie::engine::Engine;
    use menagerie::search::{Limits, NullSink};
    use std::sync::Arc;
    let mut engine = Engine::new();
    let nodes = |engine: &mut Engine| {
        engine.new_game();
        engine
            .set_position(
                Some("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
                &[],
            )
            .unwrap();
        let limits = Limits {
            depth: Some(9),
            ..Default::default()
        };
        engine.search_sync(limits, Arc::new(NullSink)).nodes
    };
    let builtin = nodes(&mut engine);
    assert_eq!(
        nodes(&mut engine),
        builtin,
        "one thread at a fixed depth repeats itself"
    );
    engine
        .set_option("SearchParams", "lmr_div=120,rfp_margin=40,lmp_base=0")
        .unwrap();
    let pruned = nodes(&mut engine);
    assert!(pruned < builtin, "{builtin} -> {pruned}");
    for bad in ["lmr_div=20", "lmr_div", "shallow=1"] {
        assert!(engine.set_option("SearchParams", bad).is_err(), "{bad}");
    }
    assert_eq!(
        nodes(&mut engine),
        pruned,
        "a refused value changes nothing"
    );
    engine.set_option("SearchParams", "<builtin>").unwrap();
    assert_eq!(nodes(&mut engine), builtin);
}
