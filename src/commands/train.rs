//! `menagerie train`: fits a network to `datagen --format bin` data (`eval::nnue::train`) and
//! writes it quantised. After every superbatch a checkpoint (OUT with the extension `.ckpt`:
//! weights, Adam's state, the superbatch reached, the least held-out loss) is written, and the
//! network (`OUT`) when its held-out loss is the least so far (past that the data are
//! overfitted); `--resume` continues from the checkpoint with the same data and settings.

use std::path::{Path, PathBuf};
use std::time::Instant;

use menagerie::board::Bits;
use menagerie::by_width;
use menagerie::eval::Evaluator;
use menagerie::eval::nnue::data;
use menagerie::eval::nnue::train::{self, Config, Example, State};
use menagerie::eval::nnue::{InputMap, Layout, SCALE, file, terms_share};
use menagerie::variants::{self, AnyVariant, Variant};
use rayon::prelude::*;

/// The command line of `menagerie train`.
pub struct TrainArgs {
    /// The game whose layout the network takes, or (with `family`) empty.
    pub variant: Option<String>,
    /// The network family (the registry's `network` field): one network for its games.
    pub family: Option<String>,
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub config: Config,
    pub threads: usize,
    pub resume: bool,
    /// Train the network on what the hand-written evaluation leaves: its output is added to the
    /// terms' score times the factor that fits the held-out targets best.
    pub over_terms: bool,
}

/// Writes `bytes` to `path` through a temporary file, so that a stop never leaves half a file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The hand-written evaluation's static score of each of `samples` (of `variant`), or `None`
/// for a sample that is no position of the variant (a file written by another build).
fn hand_written_scores<B: Bits>(
    variant: &'static Variant<B>,
    samples: &[&data::Sample],
) -> Vec<Option<i32>> {
    let eval = Evaluator::new(variant);
    samples
        .par_iter()
        .map(|s| s.position(variant).ok().map(|pos| eval.evaluate(&pos)))
        .collect()
}

/// The bar a network has to pass: the hand-written evaluation's mean loss on the held-out
/// positions as it is (`score_loss` of its static score against the target), and the least
/// mean loss its scores reach when stretched or shrunk by one factor (0.25 to 4), with that
/// factor: its centipawns need not be on the scale the targets use.
fn hand_written_bar(scored: &[(i32, f32)]) -> (f64, f64, f64) {
    let mean = |factor: f64| {
        let sum: f64 = scored
            .iter()
            .map(|&(cp, t)| f64::from(train::score_loss((f64::from(cp) * factor) as i32, t)))
            .sum();
        sum / scored.len().max(1) as f64
    };
    let (best, factor) = (0..=80)
        .map(|i| 0.25 * 16f64.powf(f64::from(i) / 80.0))
        .map(|f| (mean(f), f))
        .fold((f64::INFINITY, 1.0), |a, b| if b.0 < a.0 { b } else { a });
    (mean(1.0), best, factor)
}

/// The examples of every file, with every tenth game of each file apart (held out), and the
/// hand-written evaluation's score of each: every held-out one (`None` where the sample is no
/// position of its game), the training ones only for a network over the terms (0 there).
struct Examples {
    fit: Vec<Example>,
    held: Vec<Example>,
    fit_terms: Vec<i32>,
    held_terms: Vec<Option<i32>>,
}

/// The examples of every file, each checked to hold a game of `games`. The terms' scores of
/// the training positions are only worked out when `all_terms` (a network over the terms).
fn load(
    paths: &[PathBuf],
    games: &[AnyVariant],
    layout: &Layout,
    wdl: f32,
    all_terms: bool,
) -> Result<Examples, String> {
    let mut out = Examples {
        fit: Vec::new(),
        held: Vec::new(),
        fit_terms: Vec::new(),
        held_terms: Vec::new(),
    };
    for path in paths {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let game = |name: &str| games.iter().copied().find(|v| v.name() == name);
        let contents = data::read(&bytes, |name| {
            let v = game(name)
                .ok_or_else(|| format!("it holds {name}, which this network does not play"))?;
            Ok(by_width!(v, v => data::width_of(v)))
        })
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let variant = game(&contents.variant).expect("the header was read");
        let map = by_width!(variant, v => InputMap::new(layout, v))?;
        menagerie::console::note(&format!(
            "train: {}: {}, {} games, {} positions",
            path.display(),
            variant.name(),
            contents.games,
            contents.samples.len()
        ));
        let (held, fit): (Vec<&data::Sample>, Vec<&data::Sample>) =
            contents.samples.iter().partition(|s| s.game % 10 == 9);
        out.held
            .extend(held.iter().map(|s| Example::of(s, &map, wdl)));
        out.fit
            .extend(fit.iter().map(|s| Example::of(s, &map, wdl)));
        out.held_terms
            .extend(by_width!(variant, v => hand_written_scores(v, &held)));
        if all_terms {
            let terms = by_width!(variant, v => hand_written_scores(v, &fit));
            out.fit_terms
                .extend(terms.into_iter().map(|t| t.unwrap_or(0)));
        }
    }
    Ok(out)
}

pub fn run(args: &TrainArgs) -> Result<(), String> {
    let (layout, games) = match (&args.variant, &args.family) {
        (Some(name), None) => {
            let v = variants::lookup(name).ok_or_else(|| {
                format!("unknown or not yet playable variant '{name}' (see `menagerie variants`)")
            })?;
            (by_width!(v, v => Layout::of_variant(v)), vec![v])
        }
        (None, Some(family)) => (
            Layout::of_family(family)?,
            variants::network_games(family).collect(),
        ),
        _ => return Err("give --variant or --family (one of them)".to_string()),
    };
    let c = &args.config;
    if c.hidden == 0 || c.hidden > 4096 || c.batch == 0 || c.batches == 0 {
        return Err("--hidden (1 to 4096), --batch and --batches must be positive".to_string());
    }
    if !(0.0..=1.0).contains(&c.wdl) {
        return Err("--wdl must lie between 0 and 1".to_string());
    }
    let Examples {
        fit: mut train_set,
        held: mut held_out,
        fit_terms,
        held_terms,
    } = load(&args.data, &games, &layout, c.wdl, args.over_terms)?;
    let bar: Vec<(i32, f32)> = held_terms
        .iter()
        .zip(&held_out)
        .filter_map(|(t, ex)| t.map(|t| (t, ex.target)))
        .collect();
    let (as_is, best, factor) = hand_written_bar(&bar);
    // Over the terms: the share of their score the output is added to, in whole per mille as
    // the search adds it.
    let base = if args.over_terms {
        (factor * 1000.0).round() as u16
    } else {
        0
    };
    if base != 0 {
        let held = held_terms.iter().map(|t| t.unwrap_or(0));
        for (ex, t) in held_out
            .iter_mut()
            .zip(held)
            .chain(train_set.iter_mut().zip(fit_terms))
        {
            ex.base = terms_share(t, base) as f32 / SCALE as f32;
        }
        menagerie::console::note(&format!(
            "train: the network learns what {base} per mille of the terms' score leaves"
        ));
    }
    if train_set.is_empty() {
        return Err("the data hold no positions to train on".to_string());
    }
    let ckpt = args.out.with_extension("ckpt");
    let mut state = if args.resume {
        let bytes =
            std::fs::read(&ckpt).map_err(|e| format!("cannot read {}: {e}", ckpt.display()))?;
        train::restore(&bytes, layout.inputs()).map_err(|e| format!("{}: {e}", ckpt.display()))?
    } else {
        State::new(layout.inputs(), c)
    };
    if state.net.hidden != c.hidden {
        return Err(format!(
            "the checkpoint has {} hidden units, not {}",
            state.net.hidden, c.hidden
        ));
    }
    menagerie::console::note(&format!(
        "train: {} inputs -> {} x 2 -> 1, {} training and {} held-out positions, {} threads, \
         superbatch {} of {}; the hand-written evaluation's held-out loss {as_is:.6} \
         ({best:.6} with its scores times {factor:.2})",
        layout.inputs(),
        c.hidden,
        train_set.len(),
        held_out.len(),
        args.threads,
        state.superbatches_done,
        c.superbatches
    ));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let started = Instant::now();
    let first = state.superbatches_done;
    let mut failure = None;
    pool.install(|| {
        train::run(&mut state, &train_set, &held_out, c, |report, state| {
            let secs = started.elapsed().as_secs_f64();
            let done = (report.superbatch - first) as f64;
            let left = (c.superbatches - report.superbatch) as f64 * secs / done.max(1.0);
            menagerie::console::note(&format!(
                "train: superbatch {}/{}: loss {:.6}, held out {:.6}, lr {:.2e}, {:.0} positions/s, \
                 {secs:.0} s elapsed, about {left:.0} s left{}",
                report.superbatch,
                c.superbatches,
                report.train_loss,
                report.held_out_loss,
                report.lr,
                report.positions as f64 * done / secs.max(1e-9),
                if report.best { ", the best so far: written" } else { "" },
            ));
            let written = write_whole(&ckpt, &train::checkpoint(state)).and_then(|()| {
                if !report.best {
                    return Ok(());
                }
                let net = state.net.quantise(&layout)?.over_terms(base);
                write_whole(&args.out, &file::write(&net))
            });
            match written {
                Ok(()) => true,
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        });
    });
    if let Some(e) = failure {
        return Err(e);
    }
    menagerie::console::note(&format!(
        "train: {} holds the network of the least held-out loss ({:.6})",
        args.out.display(),
        state.best_held_out
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_finds_the_scale_the_targets_use() {
        // Targets made from twice the scores: as they are the scores lose, doubled they fit.
        let scored: Vec<(i32, f32)> = (-20..=20)
            .map(|i| {
                let cp = 40 * i;
                let p = 1.0 / (1.0 + (-2.0 * cp as f32 / 400.0).exp());
                (cp, p)
            })
            .collect();
        let (as_is, best, factor) = hand_written_bar(&scored);
        assert!(as_is > 0.001, "{as_is}");
        assert!(best < 1e-5, "{best}");
        assert!((factor - 2.0).abs() < 0.05, "{factor}");
    }
}
