//! `menagerie spsa`: tunes the search parameters (`search::params`) by simultaneous
//! perturbation stochastic approximation through games. Each iteration draws a random sign per
//! parameter, gives the first engine the values moved one step that way and the second the
//! values moved the other way (the `SearchParams` option), plays a few games between them and
//! moves every parameter towards the side that scored, in proportion to its sign. The step `c`
//! and the gain `a` shrink over the run as in Spall's schedule (`c_k = c / k^0.101`,
//! `a_k = a / (A + k)^0.602`, `A` a tenth of the run), with `a` set from the learning rate at
//! the end, `r_end = a_end / c_end^2`, the way Fishtest does. The state (iteration and values)
//! is written after every iteration, and a run given the same state file goes on from it.

use std::fs;
use std::path::PathBuf;

use clap::Args;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::MatchArgs;
use crate::search::params::{SPECS, SearchParams};

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// The `spsa` subcommand's arguments: a match's (engines, variant, time control, openings,
/// adjudication; `--games` per iteration, default 2) and the run's.
#[derive(Args, Debug, Clone)]
pub struct SpsaArgs {
    #[command(flatten)]
    pub games: MatchArgs,
    /// Iterations in the whole run (the schedule is spread over them).
    #[arg(long, default_value_t = 2000)]
    pub iterations: usize,
    /// The parameters to tune, comma-separated (default: all, as the README lists them).
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// Values to start from (`name=value` pairs over the defaults).
    #[arg(long)]
    pub start: Option<String>,
    /// The learning rate at the end of the run (`a_end / c_end^2`).
    #[arg(long, default_value_t = 0.002)]
    pub r_end: f64,
    /// The state file: rewritten after every iteration, continued when it exists.
    #[arg(long)]
    pub state: PathBuf,
}

/// The tuner's state: the values (unrounded) of the tuned parameters and the iterations done.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// Indices into [`SPECS`] of the tuned parameters.
    pub tuned: Vec<usize>,
    pub theta: Vec<f64>,
    /// The other parameters' values (kept).
    pub base: SearchParams,
    /// Iterations done.
    pub done: usize,
    pub iterations: usize,
    r_end: f64,
}

/// One iteration's perturbation: the signs and the two parameter sets.
pub struct Trial {
    pub signs: Vec<f64>,
    pub plus: SearchParams,
    pub minus: SearchParams,
}

impl Spsa {
    pub fn new(tuned: Vec<usize>, base: SearchParams, iterations: usize, r_end: f64) -> Spsa {
        let theta = tuned.iter().map(|&i| f64::from(base.values()[i])).collect();
        Spsa {
            tuned,
            theta,
            base,
            done: 0,
            iterations: iterations.max(1),
            r_end,
        }
    }

    /// The step of parameter `j` at iteration `k` (from 1): its spec's step at the end of the run.
    fn c(&self, j: usize, k: usize) -> f64 {
        let n = self.iterations as f64;
        SPECS[self.tuned[j]].step * n.powf(GAMMA) / (k as f64).powf(GAMMA)
    }

    /// The gain of parameter `j` at iteration `k`.
    fn a(&self, j: usize, k: usize) -> f64 {
        let n = self.iterations as f64;
        let big_a = 0.1 * n;
        let c_end = SPECS[self.tuned[j]].step;
        self.r_end * c_end * c_end * (big_a + n).powf(ALPHA) / (big_a + k as f64).powf(ALPHA)
    }

    /// The parameter set with the tuned values `values` (rounded, within their ranges).
    fn params_with(&self, values: impl Iterator<Item = f64>) -> SearchParams {
        let mut p = self.base;
        for (&i, v) in self.tuned.iter().zip(values) {
            let s = &SPECS[i];
            p.set(i, (v.round() as i32).clamp(s.min, s.max));
        }
        p
    }

    /// The current values as a parameter set.
    pub fn current(&self) -> SearchParams {
        self.params_with(self.theta.iter().copied())
    }

    /// The next iteration's perturbation, from `rng`.
    pub fn trial(&self, rng: &mut impl Rng) -> Trial {
        let k = self.done + 1;
        let signs: Vec<f64> = self
            .tuned
            .iter()
            .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let moved = |dir: f64| {
            self.params_with(
                (0..self.tuned.len()).map(|j| self.theta[j] + dir * self.c(j, k) * signs[j]),
            )
        };
        Trial {
            plus: moved(1.0),
            minus: moved(-1.0),
            signs,
        }
    }

    /// Moves the values after `trial`, whose plus side scored `result` points more than its
    /// minus side.
    pub fn update(&mut self, trial: &Trial, result: f64) {
        let k = self.done + 1;
        for j in 0..self.tuned.len() {
            let s = &SPECS[self.tuned[j]];
            let step = self.a(j, k) * result * trial.signs[j] / self.c(j, k);
            self.theta[j] = (self.theta[j] + step).clamp(f64::from(s.min), f64::from(s.max));
        }
        self.done = k;
    }

    /// The state file's text: the iteration count, then one `name value` line per tuned
    /// parameter (unrounded), then the kept ones as `name=value` pairs.
    pub fn to_text(&self) -> String {
        let mut text = format!("iterations {} of {}\n", self.done, self.iterations);
        for (&i, v) in self.tuned.iter().zip(&self.theta) {
            text.push_str(&format!("{} {v:.4}\n", SPECS[i].name));
        }
        text.push_str(&format!("base {}\n", self.base));
        text
    }

    /// Reads `to_text`'s output back, for a run of `iterations` with `r_end`.
    pub fn from_text(text: &str, iterations: usize, r_end: f64) -> Result<Spsa, String> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let first = lines.next().ok_or("the state file is empty")?;
        let done: usize = first
            .strip_prefix("iterations ")
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("'{first}' is not 'iterations N of M'"))?;
        let (mut tuned, mut theta, mut base) = (Vec::new(), Vec::new(), SearchParams::default());
        for line in lines {
            let (name, value) = line
                .split_once(' ')
                .ok_or_else(|| format!("'{line}' is not 'name value'"))?;
            if name == "base" {
                base = SearchParams::parse(value)?;
                continue;
            }
            let i = SPECS
                .iter()
                .position(|s| s.name == name)
                .ok_or_else(|| format!("no search parameter is called '{name}'"))?;
            tuned.push(i);
            theta.push(
                value
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| format!("{name}: '{value}' is not a number"))?,
            );
        }
        if tuned.is_empty() {
            return Err("the state file tunes no parameter".to_string());
        }
        let mut spsa = Spsa::new(tuned, base, iterations, r_end);
        spsa.theta = theta;
        spsa.done = done;
        Ok(spsa)
    }
}

/// The random stream of iteration `k` of a run seeded `seed`.
fn iteration_rng(seed: u64, k: usize) -> StdRng {
    StdRng::seed_from_u64(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Runs (or continues) an SPSA run; progress to stdout, one line per iteration.
pub fn run(args: &SpsaArgs) -> Result<(), String> {
    let r_end = args.r_end;
    let mut spsa = if args.state.exists() {
        let text = fs::read_to_string(&args.state)
            .map_err(|e| format!("cannot read {}: {e}", args.state.display()))?;
        Spsa::from_text(&text, args.iterations, r_end)
            .map_err(|e| format!("{}: {e}", args.state.display()))?
    } else {
        let base = match &args.start {
            Some(text) => SearchParams::parse(text)?,
            None => SearchParams::default(),
        };
        let tuned = if args.params.is_empty() {
            (0..SPECS.len()).collect()
        } else {
            args.params
                .iter()
                .map(|name| {
                    SPECS
                        .iter()
                        .position(|s| s.name == name.trim())
                        .ok_or_else(|| format!("no search parameter is called '{name}'"))
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        Spsa::new(tuned, base, args.iterations, r_end)
    };
    let seed = args.games.seed.unwrap_or(1);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    while spsa.done < spsa.iterations {
        let k = spsa.done + 1;
        let trial = spsa.trial(&mut iteration_rng(seed, k));
        let mut m = args.games.clone();
        m.quiet = true;
        m.games = Some(m.games.unwrap_or(2));
        m.seed = Some(seed.wrapping_add(k as u64));
        m.sprt = None;
        m.resume = false;
        m.engine_options
            .push(format!("1:SearchParams={}", or_builtin(&trial.plus)));
        m.engine_options
            .push(format!("2:SearchParams={}", or_builtin(&trial.minus)));
        let summary = super::play_match(&m)?;
        let t = summary.tally();
        if summary.aborted() > 0 {
            log::warn!("iteration {k}: {} games aborted", summary.aborted());
        }
        wins += t.wins;
        losses += t.losses;
        draws += t.draws;
        spsa.update(&trial, t.wins as f64 - t.losses as f64);
        fs::write(&args.state, spsa.to_text())
            .map_err(|e| format!("cannot write {}: {e}", args.state.display()))?;
        crate::outln!(
            "Iteration {k}/{}: {}-{}-{} for the plus side ({wins}-{losses}-{draws} since this start); {}",
            spsa.iterations,
            t.wins,
            t.losses,
            t.draws,
            values_line(&spsa)
        );
    }
    crate::outln!(
        "Finished: SearchParams value {}",
        or_builtin(&spsa.current())
    );
    Ok(())
}

/// The option value of `p`: its `name=value` pairs, or `<builtin>` for the defaults.
fn or_builtin(p: &SearchParams) -> String {
    let text = p.to_string();
    if text.is_empty() {
        "<builtin>".to_string()
    } else {
        text
    }
}

/// `name=value` for every tuned parameter, one decimal.
fn values_line(spsa: &Spsa) -> String {
    spsa.tuned
        .iter()
        .zip(&spsa.theta)
        .map(|(&i, v)| format!("{}={v:.1}", SPECS[i].name))
        .collect::<Vec<_>>()
        .join(" ")
}
