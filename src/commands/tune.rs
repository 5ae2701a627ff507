//! `menagerie tune`: fits a variant's evaluation weights to `menagerie datagen` data (Texel's
//! method, `menagerie::tune`) and writes them as the variant's parameter table.

use std::path::PathBuf;
use std::time::Instant;

use menagerie::board::Bits;
use menagerie::eval::{Evaluator, table};
use menagerie::tune::{self, Settings};
use menagerie::variants::{self, Variant};

/// The command line of `menagerie tune`.
pub struct TuneArgs {
    pub variant: String,
    pub data: Vec<PathBuf>,
    pub out: Option<PathBuf>,
    /// The positions of every n-th game are held out (0: none).
    pub hold_out: usize,
    /// Start from the hand-set defaults instead of the variant's current table.
    pub from_defaults: bool,
    /// A table applied over the starting weights first (terms the variant lacks are passed over):
    /// another game's tuned weights as a start for a game with less data.
    pub start: Option<PathBuf>,
    /// The logistic curve's scale, given rather than fitted: it fixes the centipawn size of the
    /// weights (a fit starting from a hand-set evaluation far from the data finds a K that
    /// inflates them, and every search margin with them).
    pub k: Option<f64>,
    /// Name prefixes of terms kept at their starting values.
    pub keep: Vec<String>,
    /// Write every term rather than those that differ from the family's weights.
    pub every_term: bool,
    pub settings: Settings,
}

pub fn run(args: &TuneArgs) -> Result<(), String> {
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    if args.data.is_empty() {
        return Err("give at least one --data file (written by `menagerie datagen`)".to_string());
    }
    if !(0.0..=1.0).contains(&args.settings.lambda) {
        return Err("--lambda must be within 0..1".to_string());
    }
    menagerie::by_width!(variant, v => tune_variant(v, args))
}

fn tune_variant<B: Bits>(v: &'static Variant<B>, args: &TuneArgs) -> Result<(), String> {
    let started = Instant::now();
    let mut ev = if args.from_defaults {
        Evaluator::with_defaults(v)
    } else {
        Evaluator::new(v)
    };
    if let Some(path) = &args.start {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut w = ev.weights().to_vec();
        let set = table::apply_shared(&text, ev.layout(), &mut w)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        ev.set_weights(w);
        menagerie::console::note(&format!(
            "tune: {set} terms of {} set as the start",
            path.display()
        ));
    }
    let mut fixed = ev.layout().fixed();
    for prefix in &args.keep {
        let mut matched = 0;
        for (f, name) in fixed.iter_mut().zip(&ev.layout().names) {
            if name.starts_with(prefix.as_str()) {
                *f = true;
                matched += 1;
            }
        }
        if matched == 0 {
            return Err(format!("--keep {prefix}: no term of {} begins so", v.name));
        }
    }
    let mut samples = tune::Samples::new();
    let mut games = 0;
    for path in &args.data {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (s, next) =
            tune::load(&ev, &text, games).map_err(|e| format!("{}: {e}", path.display()))?;
        games = next;
        menagerie::console::note(&format!(
            "tune: {} positions from {}",
            s.len(),
            path.display()
        ));
        samples.extend(&s);
    }
    if samples.len() < 100 {
        return Err(format!(
            "{} positions are too few to tune on (at least 100)",
            samples.len()
        ));
    }
    let (train, held) = samples.split(args.hold_out);
    let lambda = args.settings.lambda;
    let start = tune::to_float(ev.weights());
    let k = match args.k {
        Some(k) if k.is_finite() && k > 0.0 => k,
        Some(k) => return Err(format!("--k {k}: K must be a positive number")),
        None => tune::fit_k(&train, &start, lambda),
    };
    let how = if args.k.is_some() { "given" } else { "fitted" };
    let before = (
        tune::error(&train, &start, k, lambda),
        tune::error(&held, &start, k, lambda),
    );
    menagerie::console::note(&format!(
        "tune: {} training and {} held-out positions, {} terms; K = {k:.4} ({how}); error before: \
         training {:.6}, held out {:.6} ({:.1} s)",
        train.len(),
        held.len(),
        start.len(),
        before.0,
        before.1,
        started.elapsed().as_secs_f64()
    ));
    let tuned = tune::train(&train, &start, &fixed, k, &args.settings, 50, |p| {
        menagerie::console::note(&format!(
            "tune: epoch {}/{}, training error {:.6}, learning rate {:.3} ({:.0} s)",
            p.epoch,
            args.settings.epochs,
            p.train_error,
            p.learning_rate,
            started.elapsed().as_secs_f64()
        ));
    });
    let after = (
        tune::error(&train, &tuned, k, lambda),
        tune::error(&held, &tuned, k, lambda),
    );
    let weights = tune::to_pairs(&tuned);
    let header = vec![
        format!(
            "{}: evaluation weights tuned by `menagerie tune` (Texel's method).",
            v.name
        ),
        format!(
            "Data: {} positions ({} held out); K {k:.4}; lambda {lambda}; {} epochs, \
             learning rate {} times {} every {} epochs.",
            samples.len(),
            held.len(),
            args.settings.epochs,
            args.settings.learning_rate,
            args.settings.decay,
            args.settings.decay_every
        ),
        format!(
            "Mean squared error, training {:.6} -> {:.6}, held out {:.6} -> {:.6}.",
            before.0, after.0, before.1, after.1
        ),
    ];
    // The variant's table holds what differs from its family's weights (or, asked, everything).
    let family = Evaluator::with_family(v);
    let base = (!args.every_term).then(|| family.weights());
    let text = table::write(ev.layout(), &weights, base, &header);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("src/eval/tables/{}.txt", v.name)));
    std::fs::write(&out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    menagerie::console::note(&format!(
        "tune: error training {:.6} -> {:.6}, held out {:.6} -> {:.6}; wrote {} ({:.0} s)",
        before.0,
        after.0,
        before.1,
        after.1,
        out.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}
