//! The evaluation as data (issue 16): the evaluation is the weighted sum of its trace in every
//! variant (what the tuner relies on), every shipped table fits its variant, tables round-trip,
//! and the tuner finds known weights again on a synthetic set.
//!
//! Run with `cargo test --release --test eval_params`.

use menagerie::board::{Bits, Color, MoveList};
use menagerie::eval::{EvalCache, Evaluator, Pair, table};
use menagerie::movegen::generate_legal;
use menagerie::position::Position;
use menagerie::tune::{self, Samples, Settings};
use menagerie::variants::{GAMES, Variant, Weights, lookup, playable, registry};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// Positions of random games from the start (and with hands, drops and captures on the way).
fn random_positions<B: Bits>(
    v: &'static Variant<B>,
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<Position<B>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(v);
        for _ in 0..plies {
            let mut list = MoveList::new();
            generate_legal(&pos, &mut list);
            let moves: Vec<_> = list.iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            pos = pos.make_move(&moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out
}

fn white_view<B: Bits>(pos: &Position<B>, score: i32) -> i32 {
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

fn check_trace<B: Bits>(v: &'static Variant<B>) {
    // Every term gets a weight of its own (not the defaults, where the new terms are zero), so
    // a count the search's sum and the trace disagree on shows.
    let mut rng = Rng(0x77 + v.name.len() as u64);
    let ev = Evaluator::new(v);
    let random: Vec<Pair> = ev
        .weights()
        .iter()
        .map(|_| Pair(rng.below(41) as i32 - 20, rng.below(41) as i32 - 20))
        .collect();
    check_trace_with(v, random.clone());
    // The search skips the king-danger terms when they weigh nothing: the rest must not change.
    let names = &ev.layout().names;
    let mut without = random;
    for (w, name) in without.iter_mut().zip(names) {
        if name.starts_with("check.")
            || name == "king.weak_ring"
            || name.starts_with("threat.by_lesser")
        {
            *w = Pair(0, 0);
        }
    }
    check_trace_with(v, without);
}

fn check_trace_with<B: Bits>(v: &'static Variant<B>, weights: Vec<Pair>) {
    let mut ev = Evaluator::new(v);
    ev.set_weights(weights);
    let mut checked = 0;
    // A small cache, shared by all the positions: hits, misses and overwrites all happen.
    let mut cache = EvalCache::new(6);
    for pos in random_positions(v, 12, 120, 0x5eed ^ v.name.len() as u64) {
        let direct = ev.evaluate(&pos);
        for _ in 0..2 {
            let cached = ev.evaluate_cached(&pos, -i32::MAX, i32::MAX, &mut cache);
            assert_eq!(
                cached,
                direct,
                "{}: {} through the cache",
                v.name,
                pos.to_fen()
            );
        }
        let eval = white_view(&pos, direct);
        let traced = ev.trace(&pos).score(ev.weights());
        // The evaluator blends in integers: one centipawn of rounding at most.
        assert!(
            (f64::from(eval) - traced).abs() <= 1.0,
            "{}: {} evaluates to {eval} but its trace to {traced:.2}",
            v.name,
            pos.to_fen()
        );
        checked += 1;
    }
    assert!(checked > 200, "{}: only {checked} positions", v.name);
}

#[test]
fn the_evaluation_is_its_trace_in_every_variant() {
    for name in playable() {
        menagerie::by_width!(lookup(name).unwrap(), v => check_trace(v));
    }
}

#[test]
fn every_shipped_table_fits_its_variant() {
    // Families with a table, and whether some member has every term it names (no line of it
    // is a misspelt term that every member passes over).
    let mut family_fits: Vec<(&str, bool)> = Vec::new();
    for name in playable() {
        menagerie::by_width!(lookup(name).unwrap(), v => {
            let ev = Evaluator::with_defaults(v);
            let mut w = ev.weights().to_vec();
            let family = v.family.name();
            let from_family = table::builtin_family(family).map(|shared| {
                let whole = table::apply(shared, ev.layout(), &mut w.clone()).is_ok();
                match family_fits.iter_mut().find(|(f, _)| *f == family) {
                    Some((_, fits)) => *fits |= whole,
                    None => family_fits.push((family, whole)),
                }
                table::apply_shared(shared, ev.layout(), &mut w)
                    .unwrap_or_else(|e| panic!("the {family} family's table in {name}: {e}"))
            });
            let applied = match table::apply_builtin(v.weights, ev.layout(), &mut w) {
                Some(own) => own.unwrap_or_else(|e| panic!("{name}'s table: {e}")),
                None => from_family.unwrap_or_else(|| panic!("{name} plays no table")),
            };
            // A game playing another's table, or its family's, shares most of its terms.
            assert!(applied > 100, "{name}: {applied} terms");
        });
    }
    for (family, fits) in family_fits {
        assert!(
            fits,
            "the {family} family's table names a term none of its games has"
        );
    }
}

/// No shipped table is a copy of another (comments aside): a game that plays another's weights
/// names that game in its registry entry (`Weights::Of`), and games that share one fit play
/// their family's table (`Weights::Family`), instead of carrying copies.
#[test]
fn no_shipped_table_is_a_copy_of_another() {
    let terms = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    };
    let mut tables: Vec<(String, Vec<String>)> = Vec::new();
    let mut families: Vec<&str> = Vec::new();
    for game in GAMES.iter().filter(|g| g.playable) {
        let name = game.name;
        let family = menagerie::by_width!(lookup(name).unwrap(), v => v.family.name());
        if !families.contains(&family) {
            families.push(family);
        }
        match game.weights {
            Weights::Of(source) => {
                let played = registry::game(source).map(|g| g.weights);
                assert!(
                    matches!(played, Some(Weights::Own(_))),
                    "{name} plays {source}'s table, which has none of its own"
                );
            }
            Weights::Own(text) => tables.push((name.to_string(), terms(text))),
            Weights::Family => {
                assert!(
                    table::builtin_family(family).is_some(),
                    "{name} plays the {family} family's table, which it has not"
                );
            }
        }
    }
    for family in families {
        if let Some(text) = table::builtin_family(family) {
            tables.push((format!("the {family} family"), terms(text)));
        }
    }
    for (i, (a, ta)) in tables.iter().enumerate() {
        for (b, tb) in &tables[i + 1..] {
            assert!(ta != tb, "{a}'s table is a copy of {b}'s");
        }
    }
}

#[test]
fn tables_round_trip_and_refuse_what_does_not_fit() {
    let Some(menagerie::variants::AnyVariant::Narrow(v)) = lookup("shocktroops") else {
        panic!("shocktroops is 8x8");
    };
    let ev = Evaluator::with_defaults(v);
    let mut w = ev.weights().to_vec();
    for (i, p) in w.iter_mut().enumerate() {
        *p = Pair(i as i32 - 300, 7 - i as i32);
    }
    let text = table::write(ev.layout(), &w, None, &["a header".to_string()]);
    let mut back = ev.weights().to_vec();
    assert_eq!(table::apply(&text, ev.layout(), &mut back), Ok(w.len()));
    assert_eq!(back, w);
    let mut same = w.clone();
    for bad in ["value.Z 1 2", "value.N 1", "value.N one 2", "value.N 1 2 3"] {
        assert!(table::apply(bad, ev.layout(), &mut same).is_err(), "{bad}");
    }
    assert_eq!(same, w, "a refused table changes nothing it did not read");
    // A term of one variant is not a term of another.
    let Some(menagerie::variants::AnyVariant::Narrow(chess)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    let ce = Evaluator::with_defaults(chess);
    let mut cw = ce.weights().to_vec();
    assert!(table::apply("hand.W 10 10", ce.layout(), &mut cw).is_err());
    // A family's shared table passes over the terms a member lacks, and sets the others.
    let before = cw.clone();
    assert_eq!(
        table::apply_shared("hand.W 10 10\nvalue.N 400 400", ce.layout(), &mut cw),
        Ok(1)
    );
    let n = ce.layout().index_of("value.N").unwrap();
    assert_eq!(cw[n], Pair(400, 400));
    cw[n] = before[n];
    assert_eq!(cw, before);
}

/// Weights the tuner must find again: the defaults with knight, rook, mobility, passed pawn and
/// king-safety terms moved by known amounts.
fn truth<B: Bits>(ev: &Evaluator<B>) -> Vec<Pair> {
    let l = ev.layout();
    let mut w = ev.weights().to_vec();
    let set = |w: &mut Vec<Pair>, name: &str, d: Pair| {
        let i = l.index_of(name).unwrap_or_else(|| panic!("{name}"));
        w[i] = Pair(w[i].0 + d.0, w[i].1 + d.1);
    };
    set(&mut w, "value.N", Pair(80, 40));
    set(&mut w, "value.R", Pair(-60, 30));
    set(&mut w, "mobility.B", Pair(6, 3));
    set(&mut w, "passed.4", Pair(30, 60));
    set(&mut w, "threat.hanging.to_move", Pair(40, 20));
    set(&mut w, "tempo", Pair(25, 0));
    w
}

/// The tuner's fit of every weight, from `start`, to four games in five of `samples` (600
/// epochs, the step halved every 200); the error on the fifth must fall twentyfold.
fn fit_checked(samples: &Samples, start: &[Pair], k: f64) -> Vec<[f64; 2]> {
    let (train, held) = samples.split(5);
    assert!(train.len() > 3000 && held.len() > 500);
    let start = tune::to_float(start);
    let settings = Settings {
        epochs: 600,
        learning_rate: 4.0,
        decay_every: 200,
        ..Settings::default()
    };
    let fixed = vec![false; start.len()];
    let tuned = tune::train(&train, &start, &fixed, k, &settings, 600, |_| {});
    let before = tune::error(&held, &start, k, 1.0);
    let after = tune::error(&held, &tuned, k, 1.0);
    assert!(
        after < before / 20.0,
        "held-out error {before:.6} -> {after:.6}"
    );
    tuned
}

#[test]
fn the_tuner_finds_known_weights_again() {
    let Some(menagerie::variants::AnyVariant::Narrow(v)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    let ev = Evaluator::with_defaults(v);
    let true_w = truth(&ev);
    let true_f = tune::to_float(&true_w);
    let k = 1.2;
    let positions = random_positions(v, 200, 100, 42);
    // Soft results: the probability the true weights give (a result of infinitely many games).
    let mut samples = Samples::new();
    for (i, pos) in positions.iter().enumerate() {
        let trace = ev.trace(pos);
        let e = trace.score(&true_w);
        let p = 1.0 / (1.0 + 10f64.powf(-k * e / 400.0));
        samples.push(&trace, p, e, (i / 50) as u32);
    }
    let (train, _) = samples.split(5);
    let fitted_k = tune::fit_k(&train, &true_f, 1.0);
    assert!((fitted_k - k).abs() < 0.01, "K {fitted_k} for {k}");
    let tuned = fit_checked(&samples, ev.weights(), k);
    // The evaluations (what the weights are for) come out close to the truth on positions the
    // tuner never saw, wherever the result is still open (a score of a few pawns saturates the
    // sigmoid, and there the data say little).
    let tuned_pairs = tune::to_pairs(&tuned);
    let unseen = random_positions(v, 10, 80, 7);
    let (mut before_sum, mut after_sum, mut worst, mut open) = (0.0, 0.0, 0.0f64, 0);
    for pos in &unseen {
        let trace = ev.trace(pos);
        let truth = trace.score(&true_w);
        let miss = (trace.score(&tuned_pairs) - truth).abs();
        before_sum += (trace.score(ev.weights()) - truth).abs();
        after_sum += miss;
        if truth.abs() <= 500.0 {
            worst = worst.max(miss);
            open += 1;
        }
    }
    let n = unseen.len() as f64;
    let (mean_before, mean_after) = (before_sum / n, after_sum / n);
    assert!(open > 100, "{open} open positions");
    assert!(
        mean_before > 20.0,
        "the truth differs from the start by {mean_before:.1} cp"
    );
    assert!(
        mean_after < 5.0 && worst < 15.0,
        "the tuned evaluation misses the truth by {mean_after:.1} cp on average (from \
         {mean_before:.1}), by up to {worst:.1} cp where the result is open"
    );
}

/// The EvalParams option loads a table over the built-in weights; a table for another game is
/// kept until that game is chosen (GUIs set options before they name the variant), one that fits
/// no game or cannot be read is refused (changing nothing), and `<builtin>` goes back.
#[test]
fn the_eval_params_option_loads_a_table() {
    use menagerie::engine::Engine;
    use menagerie::search::{Limits, NullSink, Score};
    use std::sync::Arc;
    let dir = std::env::temp_dir().join(format!("menagerie-evalparams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = write("good.txt", "# a precious knight\nvalue.N 1200 1200\n");
    // A War Knight in hand worth nothing: Shock Troops has it, chess does not.
    let troops = write("troops.txt", "value.N 1200 1200\nhand.W -900 -900\n");
    let nowhere = write("nowhere.txt", "value.N 1200 1200\nno.such.term 1 1\n");
    let malformed = write("malformed.txt", "value.N 1200\n");
    let mut engine = Engine::new();
    // White has a knight more.
    let score = |engine: &mut Engine, fen: &str| {
        engine.new_game();
        engine.set_position(Some(fen), &[]).unwrap();
        let limits = Limits {
            depth: Some(1),
            ..Default::default()
        };
        match engine.search_sync(limits, Arc::new(NullSink)).score {
            Score::Cp(cp) => cp,
            Score::Mate(_) => panic!("no mate at the start"),
        }
    };
    let knight = "4k3/8/8/8/8/8/8/4KN2 w - - 0 1";
    let builtin = score(&mut engine, knight);
    assert!((200..600).contains(&builtin), "{builtin}");
    engine.set_option("EvalParams", &good).unwrap();
    let big = score(&mut engine, knight);
    assert!(big > builtin + 300, "{builtin} -> {big}");
    assert_eq!(engine.eval_params_misfit(), None);
    for (path, why) in [
        (&nowhere, "fits no variant"),
        (&malformed, "expected `NAME MG EG`"),
        (
            &dir.join("none.txt").to_str().unwrap().to_string(),
            "cannot read",
        ),
    ] {
        let e = engine.set_option("EvalParams", path).unwrap_err();
        assert!(e.contains(why), "{e}");
        assert_eq!(
            score(&mut engine, knight),
            big,
            "a refused table changes nothing"
        );
    }
    // Set while chess is played, the Shock Troops table leaves chess its built-in weights...
    engine.set_option("EvalParams", &troops).unwrap();
    let misfit = engine.eval_params_misfit().expect("chess has no hand.W");
    assert!(misfit.contains("no term named `hand.W`"), "{misfit}");
    assert_eq!(score(&mut engine, knight), builtin);
    // ...and applies once Shock Troops is chosen: the knight, and White's War Knight in hand.
    engine.set_variant("shocktroops").unwrap();
    assert_eq!(engine.eval_params_misfit(), None);
    // Black to move, so that White's War Knight stays in hand: Black is worse off by about
    // 1200 - 900 than by the 1200 of the knight alone (the piece in hand also raises the phase,
    // which moves the other terms of Shock Troops's tuned table by up to a few hundred; left
    // out, the table's hand.W would make the War Knight count some +1000 instead).
    let with_hand = -score(&mut engine, "4k3/8/8/8/8/8/8/4KN2[W] b - - 0 1");
    let knight_only = -score(&mut engine, "4k3/8/8/8/8/8/8/4KN2 b - - 0 1");
    assert!(knight_only > builtin + 600, "{knight_only}");
    assert!(
        (knight_only - 1300..knight_only - 600).contains(&with_hand),
        "the War Knight in hand counts -900: {with_hand} against {knight_only}"
    );
    engine.set_option("EvalParams", &good).unwrap();
    engine.set_variant("shockchess").unwrap();
    assert!(score(&mut engine, knight) > builtin + 600);
    engine.set_option("EvalParams", "<builtin>").unwrap();
    engine.set_variant("chess").unwrap();
    assert_eq!(score(&mut engine, knight), builtin);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The count of term `name` in the trace of `fen` (White's count minus Black's).
fn count_of(variant: &str, fen: &str, name: &str) -> i32 {
    menagerie::by_width!(lookup(variant).unwrap(), v => {
        let ev = Evaluator::with_defaults(v);
        let t = ev.layout().index_of(name).unwrap_or_else(|| panic!("{name}")) as u32;
        let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        ev.trace(&pos)
            .terms
            .iter()
            .filter(|(i, _)| *i == t)
            .map(|(_, n)| n)
            .sum()
    })
}

/// The family terms count what their names say, on positions made by hand.
#[test]
fn family_terms_count_what_they_say() {
    // Exciting: the soldier on d4 steps to d5 and encloses the knight on e5 against the rook
    // on f5; with White to move that is a threat it can carry out now.
    let custodian = "**1k5**/*9*/11/11/11/11/4nR5/3S7/11/*9*/**3K3**[] w - - 0 1";
    assert_eq!(
        count_of("exciting", custodian, "soldier.custodian.to_move"),
        1
    );
    assert_eq!(
        count_of("exciting", custodian, "soldier.custodian.waiting"),
        0
    );
    let black_to_move = custodian.replace(" w ", " b ");
    assert_eq!(
        count_of("exciting", &black_to_move, "soldier.custodian.waiting"),
        1
    );
    // Without the rook there is no partner: no threat.
    let alone = "**1k5**/*9*/11/11/11/11/4n6/3S7/11/*9*/**3K3**[] w - - 0 1";
    assert_eq!(count_of("exciting", alone, "soldier.custodian.to_move"), 0);
    // The man on c4 jumps the knight on d5 (e6 is empty); a piece behind it stops the jump.
    let jump = "**1k5**/*9*/11/11/11/11/3n7/2M8/11/*9*/**3K3**[] w - - 0 1";
    assert_eq!(count_of("exciting", jump, "checker.jumps.to_move"), 1);
    let blocked = "**1k5**/*9*/11/11/11/4r6/3n7/2M8/11/*9*/**3K3**[] w - - 0 1";
    assert_eq!(count_of("exciting", blocked, "checker.jumps.to_move"), 0);
    // The black king on f6 has White soldiers on e6, g6 and f7: one neighbour missing (the
    // black pawn on a9 keeps it from being a dead ending, which scores no terms).
    let enclosed = "**7**/*9*/p10/11/5S5/4SkS4/11/11/11/*9*/**3K1N1**[] w - - 0 1";
    assert_eq!(count_of("exciting", enclosed, "king.enclosure.1"), 1);
    // Combined Arms: the light artillery on c1 shoots the armor on e3 (distance 2), the heavy
    // artillery on a1 the infantry on a5 (distance 4); the black armor can drive onto d1.
    let shots = "4k3/8/8/p7/8/4n3/8/R1BPK3 w - - 0 1";
    assert_eq!(count_of("combinedarms", shots, "arms.shots.to_move"), 2);
    assert_eq!(
        count_of("combinedarms", shots, "arms.armor_targets.waiting"),
        -1
    );
    // Chess: the knight on c6 hangs to the bishop on b5, and the pawn on d5 attacks it too.
    let hanging = "4k3/8/2n5/1B1P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(count_of("chess", hanging, "threat.hanging.to_move"), 1);
    assert_eq!(count_of("chess", hanging, "threat.by_pawn.to_move"), 1);
}

/// White's view of the built-in evaluation of a FEN, and the same through the trace under
/// random weights (the conversion terms included).
fn scored<B: Bits>(v: &'static Variant<B>, fen: &str) -> i32 {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let mut random = Evaluator::new(v);
    let mut rng = Rng(0xc0 + fen.len() as u64);
    let w = random
        .weights()
        .iter()
        .map(|_| Pair(rng.below(41) as i32 - 20, rng.below(41) as i32 - 20))
        .collect();
    random.set_weights(w);
    let eval = white_view(&pos, random.evaluate(&pos));
    let traced = random.trace(&pos).score(random.weights());
    assert!(
        (f64::from(eval) - traced).abs() <= 1.0,
        "{fen}: {eval} against {traced:.2}"
    );
    white_view(&pos, Evaluator::new(v).evaluate(&pos))
}

/// Whether the conversion terms count in a position (the kings' closeness, never zero: the
/// kings cannot stand a whole span apart).
fn converts<B: Bits>(v: &'static Variant<B>, fen: &str) -> bool {
    traced_count(v, fen, "convert.near") != 0
}

#[test]
fn a_bare_king_is_driven_to_the_edge_and_the_kings_brought_together() {
    // Against a bare king (or one left with less than a minor piece) the strong side wants the
    // weak king on the edge and its own king near: the conversion terms, hand-set and kept out
    // of the fit, whatever a variant's table says of its material-lead terms.
    let Some(menagerie::variants::AnyVariant::Narrow(chess)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    let centre = scored(chess, "8/8/8/3k4/8/2K5/8/7R w - - 0 1");
    let edge = scored(chess, "3k4/8/8/8/8/2K5/8/7R w - - 0 1");
    let near = scored(chess, "3k4/8/3K4/8/8/8/8/7R w - - 0 1");
    assert!(edge > centre + 30, "KR v K: edge {edge}, centre {centre}");
    assert!(near > edge + 20, "KR v K: kings near {near}, apart {edge}");
    // Black strong: the signs turn.
    let black_edge = scored(chess, "3K4/8/8/8/8/2k5/8/7r b - - 0 1");
    let black_centre = scored(chess, "8/8/8/3K4/8/2k5/8/7r b - - 0 1");
    assert!(
        black_edge < black_centre - 30,
        "{black_edge} {black_centre}"
    );
    // The box: the squares the weak king reaches step by step over empty unattacked squares;
    // the term counts the other squares of the board. The rook on g2 leaves it h3 to h8 (6,
    // itself counted: 58 denied); on f2, the g- and h-files above rank 2 (12: 52 denied); a
    // black rook on g7 leaves the white king on a8 the squares a8 to f8 (6: -58, for Black).
    assert_eq!(
        traced_count(chess, "7k/8/8/8/8/8/6R1/K7 w - - 0 1", "convert.box"),
        58
    );
    assert_eq!(
        traced_count(chess, "7k/8/8/8/8/8/5R2/K7 w - - 0 1", "convert.box"),
        52
    );
    assert_eq!(
        traced_count(chess, "K7/6r1/8/8/8/8/8/7k w - - 0 1", "convert.box"),
        -58
    );
    // Exciting: a queen and a soldier in hand against a bare king, whatever the phase.
    menagerie::by_width!(lookup("exciting").unwrap(), v => {
        let centre = scored(v, "**7**/*9*/11/11/11/5k5/11/11/11/*4K4*/**3Q3**[S] w - - 0 1");
        let edge = scored(v, "**3k3**/*9*/11/11/11/11/11/11/11/*4K4*/**3Q3**[S] w - - 0 1");
        assert!(edge > centre + 30, "Exciting KQ v K: edge {edge}, centre {centre}");
        // Soldiers attack nothing: against a king with soldiers (board and hand) the
        // conversion terms count too. Against a lone rook they count when the lead is a
        // queen's over it, not when it is a soldier's.
        assert!(converts(v, "**7**/*9*/11/3s7/11/5k5/11/11/11/*4K4*/**3Q3**[sss] w - - 0 1"));
        assert!(converts(v, "**3k3**/*9*/11/11/11/11/11/11/11/*4K4*/**3Q3**[S] w - - 0 1"));
        assert!(converts(v, "**3k3**/*9*/11/3r7/11/11/11/11/11/*4K4*/**3Q3**[S] w - - 0 1"));
        assert!(!converts(v, "**3k3**/*9*/11/3r7/11/11/11/11/11/*4K4*/**3R3**[S] w - - 0 1"));
        // Pawns and one minor piece do not hide a conversion either (the lead still decides),
        // and the pawns' structure still counts (a passed pawn may queen); two minors do.
        let pawn = "**3k3**/*9*/11/11/11/11/5p5/11/11/*4K4*/**3Q3**[S] w - - 0 1";
        assert!(converts(v, pawn));
        assert!(traced_terms(v, pawn).iter().any(|n| n.starts_with("passed.")));
        let minor = "**3k3**/*9*/11/3b7/11/11/5p5/11/11/*4K4*/**3Q3**[S] w - - 0 1";
        assert!(converts(v, minor));
        assert!(!converts(v, "**3k3**/*9*/11/3b7/11/11/5n5/11/11/*4K4*/**3Q3**[S] w - - 0 1"));
        // A rook against a pawn: too little lead, unless the soldiers make it up.
        assert!(!converts(v, "**3k3**/*9*/11/11/11/11/5p5/11/11/*4K4*/**3R3**[] w - - 0 1"));
        assert!(converts(v, "**3k3**/*9*/11/11/11/11/5p5/11/11/*4K4*/**3R3**[SSSS] w - - 0 1"));
        // The converting side's soldiers are better kept in hand than dropped where the king
        // can take them: one on the board counts against it, the weak side's do not.
        let dropped = "**3k3**/*9*/11/11/11/5S5/11/11/11/*4K4*/**3Q3**[S] w - - 0 1";
        assert_eq!(traced_count(v, dropped, "convert.soldier"), 1);
        let held = "**3k3**/*9*/11/11/11/11/11/11/11/*4K4*/**3Q3**[SS] w - - 0 1";
        assert!(scored(v, held) > scored(v, dropped), "a soldier kept in hand");
        let theirs = "**3k3**/*9*/11/11/11/5s5/11/11/11/*4K4*/**3Q3**[S] w - - 0 1";
        assert_eq!(traced_count(v, theirs, "convert.soldier"), 0);
    });
    // In chess pawns count (they may queen): a bishop alone is not enough to escape the
    // conversion, a bishop and a pawn are.
    assert!(converts(chess, "3k4/8/8/2b5/8/2K5/8/Q3R3 w - - 0 1"));
    assert!(!converts(chess, "3k4/3p4/8/2b5/8/2K5/8/Q3R3 w - - 0 1"));
    // The tuner leaves the conversion terms alone.
    let ev = Evaluator::new(chess);
    let fixed = ev.layout().fixed();
    let names = [
        "convert.edge",
        "convert.near",
        "convert.room",
        "convert.soldier",
        "convert.box",
    ];
    for name in names {
        assert!(fixed[ev.layout().index_of(name).unwrap()], "{name}");
    }
    assert_eq!(fixed.iter().filter(|&&f| f).count(), names.len());
}

/// The count the trace of `fen` gives the term `name` (0 when it does not count it).
fn traced_count<B: Bits>(v: &'static Variant<B>, fen: &str, name: &str) -> i32 {
    let ev = Evaluator::new(v);
    let pos = Position::from_fen(v, fen).unwrap();
    let t = ev.layout().index_of(name).unwrap() as u32;
    ev.trace(&pos)
        .terms
        .iter()
        .filter(|&&(term, _)| term == t)
        .map(|&(_, n)| n)
        .sum()
}

#[test]
fn king_danger_mobility_and_threats_count_what_they_say() {
    // Every count worked out by hand. A pawn each keeps the positions out of the bare-king
    // evaluation (which counts none of these terms).
    let Some(menagerie::variants::AnyVariant::Narrow(chess)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    let count = |fen: &str, name: &str| traced_count(chess, fen, name);
    // The rook on a1 could check from a8 (safe) and from nowhere else it reaches; a knight on
    // b6 guards a8.
    let rook = "4k3/7p/8/8/8/8/7P/R3K3 w - - 0 1";
    assert_eq!(count(rook, "check.R"), 1);
    assert_eq!(count("4k3/7p/1n6/8/8/8/7P/R3K3 w - - 0 1", "check.R"), 0);
    // On a7 it could check from a8 and e7, but the king guards e7; it attacks d7, e7 and f7,
    // which only the king guards. Black's count is negative.
    let seventh = "4k3/R6p/8/8/8/8/7P/4K3 w - - 0 1";
    assert_eq!(count(seventh, "check.R"), 1);
    assert_eq!(count(seventh, "king.weak_ring"), 3);
    assert_eq!(
        count("4K3/r6P/8/8/8/8/7p/4k3 w - - 0 1", "king.weak_ring"),
        -3
    );
    assert_eq!(count(rook, "king.weak_ring"), 0);
    // The rook on a1 reaches a2-a8 and b1-d1: 10 squares; a pawn on b3 guards a2: 9.
    assert_eq!(count(rook, "mobility.R.10"), 1);
    let guarded = "4k3/7p/8/8/8/1p6/7P/R3K3 w - - 0 1";
    assert_eq!(count(guarded, "mobility.R.9"), 1);
    assert_eq!(count(guarded, "mobility.R.10"), 0);
    // A knight attacking a rook threatens it (the side to move's term, then the waiting
    // side's); a rook attacking a knight does not.
    let knight = "r3k3/7p/1N6/8/8/8/7P/4K3 w - - 0 1";
    assert_eq!(count(knight, "threat.by_lesser.to_move"), 1);
    let black = "R3K3/7P/1n6/8/8/8/7p/4k3 w - - 0 1";
    assert_eq!(count(black, "threat.by_lesser.waiting"), -1);
    let larger = "4k3/7p/8/8/8/8/4K2P/n6R w - - 0 1";
    assert_eq!(count(larger, "threat.by_lesser.to_move"), 0);
    // The knight on d5, guarded by the pawn on c4, on an outpost; a pawn on e7 could still
    // drive it away (from e6), and a knight on d3 stands in its own half.
    assert_eq!(count("4k3/7p/8/3N4/2P5/8/7P/4K3 w - - 0 1", "outpost.N"), 1);
    assert_eq!(
        count("4k3/4p2p/8/3N4/2P5/8/7P/4K3 w - - 0 1", "outpost.N"),
        0
    );
    assert_eq!(count("4k3/7p/8/8/8/3N4/2P4P/4K3 w - - 0 1", "outpost.N"), 0);
    assert_eq!(
        count("4k3/7p/2p5/3n4/8/8/7P/4K3 w - - 0 1", "outpost.N"),
        -1
    );
}

/// The names of the terms the trace of `fen` counts.
fn traced_terms<B: Bits>(v: &'static Variant<B>, fen: &str) -> Vec<String> {
    let ev = Evaluator::new(v);
    let pos = Position::from_fen(v, fen).unwrap();
    let names = &ev.layout().names;
    ev.trace(&pos)
        .terms
        .iter()
        .map(|&(t, _)| names[t as usize].clone())
        .collect()
}

#[test]
fn against_a_bare_king_only_material_and_the_mate_count() {
    let Some(menagerie::variants::AnyVariant::Narrow(chess)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    // The same edge and kings: the rook on the seventh leaves the king c8 and e8 (2 squares),
    // on the first rank c7, d7, e7 too (5).
    let boxed = scored(chess, "3k4/7R/8/3K4/8/8/8/8 b - - 0 1");
    let open = scored(chess, "3k4/8/8/3K4/8/8/8/7R b - - 0 1");
    assert!(boxed > open + 50, "KR v K: boxed {boxed}, open {open}");
    // Nothing but material and the conversion terms: no squares, no mobility, no king safety.
    for name in traced_terms(chess, "3k4/8/8/3K4/8/8/2P5/7R b - - 0 1") {
        assert!(
            name.starts_with("value.") || name.starts_with("convert."),
            "KRP v K counts {name}"
        );
    }
    // A pawn is not enough to mate (the pawn terms decide), a bishop or a pawn against the
    // king is not a bare king.
    assert!(
        traced_terms(chess, "3k4/8/8/3K4/8/8/2P5/8 b - - 0 1")
            .iter()
            .any(|n| n.starts_with("passed"))
    );
    assert!(
        traced_terms(chess, "3k4/3p4/8/3K4/8/8/8/7R b - - 0 1")
            .iter()
            .any(|n| n.starts_with("psq"))
    );
    menagerie::by_width!(lookup("exciting").unwrap(), v => {
        // Soldiers on both sides and in hand, and a rook: promoting a soldier (S to V) or
        // moving one gains nothing; the weak king's soldiers are counted as material.
        let soldier = "**3k3**/*4s4*/11/11/11/11/5S5/11/11/*4K4*/**3R3**[SSs] w - - 0 1";
        let veteran = "**3k3**/*4s4*/11/11/11/11/5V5/11/11/*4K4*/**3R3**[SSs] w - - 0 1";
        let moved = "**3k3**/*4s4*/11/11/11/5S5/11/11/11/*4K4*/**3R3**[SSs] w - - 0 1";
        assert_eq!(scored(v, soldier), scored(v, veteran));
        assert_eq!(scored(v, soldier), scored(v, moved));
        for name in traced_terms(v, soldier) {
            assert!(
                name.starts_with("value.") || name.starts_with("hand.") || name.starts_with("convert."),
                "Exciting KR v K counts {name}"
            );
        }
        // A checker is no soldier: it attacks (a minor piece: a rook and one soldier more do
        // not lead by enough to convert).
        let checker = "**3k3**/*4s4*/11/11/11/4m6/5S5/11/11/*4K4*/**3R3**[s] w - - 0 1";
        assert!(traced_terms(v, checker).iter().any(|n| n.starts_with("psq")));
    });
}

#[test]
fn exciting_soldier_endings_are_scored_as_drawn() {
    // Kings and soldiers only (board and hand), and at most one minor piece a side: a dead
    // draw, scored exactly 0 for either side to move (no term and no tempo, so that a
    // repetition is as good as any move); more brings the terms and the tempo back.
    menagerie::by_width!(lookup("exciting").unwrap(), v => {
        let soldiers = "**7**/*9*/9V1/7k3/11/11/4K6/11/5v2v2/*9*/**7**[SSSSSSsssssssss] w - - 1 1";
        let pos = Position::from_fen(v, soldiers).unwrap();
        let ev = Evaluator::new(v);
        assert!(ev.dead_draw(&pos));
        assert_eq!(ev.evaluate(&pos), 0);
        let trace = ev.trace(&pos);
        assert!(trace.terms.is_empty() && trace.flat.is_empty());
        scored(v, soldiers);
        let black = soldiers.replace(" w ", " b ");
        assert_eq!(ev.evaluate(&Position::from_fen(v, &black).unwrap()), 0);
        // At most one minor piece a side (knight, bishop, tiger) beside them: still dead.
        for minors in ["2N8/11", "2B8/t10", "11/3t7"] {
            let fen = soldiers.replace("11/11/4K6", &format!("{minors}/4K6"));
            let pos = Position::from_fen(v, &fen).unwrap();
            assert!(ev.dead_draw(&pos), "{fen}");
            assert_eq!(ev.evaluate(&pos), 0, "{fen}");
            scored(v, &fen);
        }
        // Two minor pieces on one side, or a pawn, and the terms count again.
        for live in ["2N1B6/11", "2N8/3p7"] {
            let fen = soldiers.replace("11/11/4K6", &format!("{live}/4K6"));
            let pos = Position::from_fen(v, &fen).unwrap();
            assert!(!ev.dead_draw(&pos), "{fen}");
            assert!(!ev.trace(&pos).terms.is_empty(), "{fen}");
        }
        // A rook on the board, or in a sub-variant's hand, and the soldiers count again.
        let rook = "**7**/*9*/9V1/7k3/11/11/4K6/11/2R2v2v2/*9*/**7**[SSSSSSsssssssss] w - - 1 1";
        let with_rook = Position::from_fen(v, rook).unwrap();
        assert!(!ev.dead_draw(&with_rook));
        assert!(!ev.trace(&with_rook).terms.is_empty());
        assert_ne!(ev.evaluate(&with_rook), 0);
        scored(v, rook);
    });
}

#[test]
fn pawnier_sides_that_cannot_mate_keep_little_of_their_lead() {
    // Nothing but at most one pawn and two pieces of pawn or knight, board and hand: no mate
    // can be forced, so such a side keeps an eighth of its lead. Two pawns (two rooks when
    // side by side) or a sergeant (it promotes) keep it all.
    menagerie::by_width!(lookup("pawnier").unwrap(), v => {
        let ev = Evaluator::new(v);
        let board = |white: &str, black: &str, hand: &str| {
            format!("9/4k4/9/9/6*2/4*4/2*6/{black}/{white}/4K4/9[{hand}] w - - 0 1")
        };
        let cases = [
            (board("3N5", "9", ""), [0.125, 0.125]),
            (board("3NN4", "9", ""), [0.125, 0.125]),
            (board("3N5", "9", "P"), [0.125, 0.125]),
            (board("3NP4", "9", ""), [0.125, 0.125]),
            (board("3PP4", "9", ""), [1.0, 0.125]),
            (board("3N5", "9", "PP"), [1.0, 0.125]),
            (board("3NNN3", "9", ""), [1.0, 0.125]),
            (board("3NS4", "9", ""), [1.0, 0.125]),
            (board("3N5", "3s5", ""), [0.125, 1.0]),
            (board("9", "3n5", "pp"), [0.125, 1.0]),
            (board("3PPP3", "3n5", "p"), [1.0, 0.125]),
        ];
        for (fen, scale) in cases {
            let pos = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            assert_eq!(ev.trace(&pos).scale, scale, "{fen}");
            scored(v, &fen);
        }
        // A knight's lead is worth little; a sergeant beside it brings the lead back.
        let white = |fen: &str| {
            let pos = Position::from_fen(v, fen).unwrap();
            white_view(&pos, ev.evaluate(&pos))
        };
        let knight = white(&board("3N5", "9", ""));
        let sergeant = white(&board("3NS4", "9", ""));
        assert!(knight < 60, "KN v K: {knight}");
        assert!(sergeant > 8 * knight.max(25), "KNS v K: {sergeant}, KN v K: {knight}");
    });
}

/// Positions whose lead counts only in part (a side that cannot mate) are fitted through that
/// share: with every other position's tapered score scaled, the tuner still finds the weights.
#[test]
fn the_tuner_fits_through_the_scale_of_unwinnable_leads() {
    let Some(menagerie::variants::AnyVariant::Narrow(v)) = lookup("chess") else {
        panic!("chess is 8x8");
    };
    let ev = Evaluator::with_defaults(v);
    let true_w = truth(&ev);
    let k = 1.2;
    let mut samples = Samples::new();
    let mut traces = Vec::new();
    for (i, pos) in random_positions(v, 200, 100, 43).iter().enumerate() {
        let mut trace = ev.trace(pos);
        if i % 2 == 0 {
            trace.scale = [0.125, 0.5];
        }
        let e = trace.score(&true_w);
        samples.push(
            &trace,
            1.0 / (1.0 + 10f64.powf(-k * e / 400.0)),
            e,
            (i / 50) as u32,
        );
        traces.push(trace);
    }
    let tuned = fit_checked(&samples, ev.weights(), k);
    // The scaled positions' evaluations come out as the truth gives them.
    let tuned_pairs = tune::to_pairs(&tuned);
    let scaled: Vec<_> = traces.iter().step_by(2).take(2000).collect();
    let miss: f64 = scaled
        .iter()
        .map(|t| (t.score(&tuned_pairs) - t.score(&true_w)).abs())
        .sum::<f64>()
        / scaled.len() as f64;
    assert!(
        miss < 5.0,
        "scaled positions missed by {miss:.1} cp on average"
    );
}

#[test]
fn pieces_in_hand_at_the_start_count_in_the_phase_scale() {
    // Shock Troops starts with its War and Elephant Knights in hand: the start is all middlegame,
    // a knight held or dropped weighs the same, and trading the queens lowers the phase even
    // while both sides still hold their knights (they once kept it at the middlegame).
    menagerie::by_width!(lookup("shocktroops").unwrap(), v => {
        let ev = Evaluator::new(v);
        let mg = |fen: &str| {
            let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            ev.trace(&pos).mg
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1";
        assert_eq!(mg(start), 1.0);
        let dropped = "rnbqkbnr/pppppppp/8/8/4W3/2e5/PPPPPPPP/RNBQKBNR[EJJwjj] w KQkq - 0 1";
        assert_eq!(mg(dropped), 1.0);
        let queenless = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[WEJJwejj] w KQkq - 0 1";
        let queenless_dropped = "rnb1kbnr/pppppppp/8/8/4W3/2e5/PPPPPPPP/RNB1KBNR[EJJwjj] w KQkq - 0 1";
        assert!(mg(queenless) < 0.9, "{}", mg(queenless));
        assert_eq!(mg(queenless), mg(queenless_dropped));
    });
}
