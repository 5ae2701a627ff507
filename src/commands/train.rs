//! `menagerie train`: fits a network to `datagen --format bin` data (`eval::nnue::train`) and
//! writes it quantised. After every superbatch a checkpoint (`OUT.ckpt`: weights, Adam's state,
//! the superbatch reached) and the network so far (`OUT`) are written; `--resume` continues from
//! the checkpoint with the same data and settings.

use std::path::{Path, PathBuf};
use std::time::Instant;

use menagerie::by_width;
use menagerie::eval::nnue::data::{self, Sample};
use menagerie::eval::nnue::train::{self, Config, Example, State};
use menagerie::eval::nnue::{InputMap, Layout, file};
use menagerie::variants::{self, AnyVariant};

/// The command line of `menagerie train`.
pub struct TrainArgs {
    pub variant: String,
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub config: Config,
    pub threads: usize,
    pub resume: bool,
}

/// Writes `bytes` to `path` through a temporary file, so that a stop never leaves half a file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The samples of every file, each checked to hold `variant`.
fn load(paths: &[PathBuf], variant: AnyVariant) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let contents = data::read(&bytes, |name| {
            if name != variant.name() {
                return Err(format!("it holds {name}, not {}", variant.name()));
            }
            Ok(by_width!(variant, v => data::width_of(v)))
        })
        .map_err(|e| format!("{}: {e}", path.display()))?;
        menagerie::console::note(&format!(
            "train: {}: {} games, {} positions",
            path.display(),
            contents.games,
            contents.samples.len()
        ));
        samples.extend(contents.samples);
    }
    Ok(samples)
}

pub fn run(args: &TrainArgs) -> Result<(), String> {
    let variant = variants::lookup(&args.variant).ok_or_else(|| {
        format!(
            "unknown or not yet playable variant '{}' (see `menagerie variants`)",
            args.variant
        )
    })?;
    let c = &args.config;
    if c.hidden == 0 || c.hidden > 4096 || c.batch == 0 || c.batches == 0 {
        return Err("--hidden (1 to 4096), --batch and --batches must be positive".to_string());
    }
    if !(0.0..=1.0).contains(&c.wdl) {
        return Err("--wdl must lie between 0 and 1".to_string());
    }
    let layout = by_width!(variant, v => Layout::of_variant(v));
    let map = by_width!(variant, v => InputMap::new(&layout, v))?;
    let samples = load(&args.data, variant)?;
    if samples.is_empty() {
        return Err("the data hold no positions".to_string());
    }
    // Every tenth game of each file is held out.
    let (held, kept): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| s.game % 10 == 9);
    let train_set: Vec<Example> = kept.iter().map(|s| Example::of(s, &map, c.wdl)).collect();
    let held_out: Vec<Example> = held.iter().map(|s| Example::of(s, &map, c.wdl)).collect();
    drop(samples);
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
         superbatch {} of {}",
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
                 {secs:.0} s elapsed, about {left:.0} s left",
                report.superbatch,
                c.superbatches,
                report.train_loss,
                report.held_out_loss,
                report.lr,
                report.positions as f64 * done / secs.max(1e-9),
            ));
            let written = write_whole(&ckpt, &train::checkpoint(state)).and_then(|()| {
                let net = state.net.quantise(&layout)?;
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
    menagerie::console::note(&format!("train: wrote {}", args.out.display()));
    Ok(())
}
