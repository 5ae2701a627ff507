//! The evaluation tuner: Texel's method over every weight at once.
//!
//! Each sample is a quiet position (from `menagerie datagen`) reduced to the counts of the
//! evaluation's terms ([`crate::eval::Evaluator::trace`]), its phase, the game's result
//! and the search's score. The static evaluation `e` is linear in the weights, and the predicted
//! result is `sigmoid(e) = 1 / (1 + 10^(-K e / 400))`; the tuner first fits `K` to the current
//! weights, then lowers the mean squared error between the prediction and the target (the result,
//! or a blend of the result and the search score's `sigmoid`) by full-batch gradient descent with
//! Adam and a step-decayed learning rate. A held-out share of the samples is never trained on;
//! its error says whether the fit generalises.

use rayon::prelude::*;

use crate::board::Bits;
use crate::eval::{Evaluator, Pair, Trace};
use crate::position::Position;

/// The samples, packed: every sample's terms in one array.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Where each sample's terms start in `terms` (one more entry than samples).
    starts: Vec<u32>,
    /// (term, count), the tapered terms; flat terms have their own flag in `flat`.
    terms: Vec<(u32, i16)>,
    flat: Vec<bool>,
    /// Per sample: the middlegame share, the result (White's view, 0..1), the search score
    /// (White's view, centipawns).
    mg: Vec<f32>,
    /// Per sample: the share of the tapered score kept when it favours White, and Black.
    scale: Vec<[f32; 2]>,
    result: Vec<f32>,
    score: Vec<f32>,
    /// Per sample: the game it comes from (positions of one game are held out together).
    game: Vec<u32>,
}

impl Samples {
    pub fn new() -> Samples {
        Samples {
            starts: vec![0],
            ..Default::default()
        }
    }

    pub fn len(&self) -> usize {
        self.mg.len()
    }

    pub fn is_empty(&self) -> bool {
        self.mg.is_empty()
    }

    /// Adds a sample: a position's trace, the result, the search score and the game it is from.
    pub fn push(&mut self, trace: &Trace, result: f64, score: f64, game: u32) {
        let mut merged: Vec<(u32, i32, bool)> = Vec::with_capacity(trace.terms.len() + 1);
        for &(t, n) in &trace.terms {
            merged.push((t, n, false));
        }
        for &(t, n) in &trace.flat {
            merged.push((t, n, true));
        }
        merged.sort_unstable_by_key(|m| (m.0, m.2));
        let mut out: Vec<(u32, i32, bool)> = Vec::with_capacity(merged.len());
        for m in merged {
            match out.last_mut() {
                Some(last) if last.0 == m.0 && last.2 == m.2 => last.1 += m.1,
                _ => out.push(m),
            }
        }
        for (t, n, flat) in out {
            if n != 0 {
                self.terms
                    .push((t, n.clamp(i16::MIN as i32, i16::MAX as i32) as i16));
                self.flat.push(flat);
            }
        }
        self.starts.push(self.terms.len() as u32);
        self.mg.push(trace.mg as f32);
        self.scale.push(trace.scale.map(|f| f as f32));
        self.result.push(result as f32);
        self.score.push(score as f32);
        self.game.push(game);
    }

    /// Appends every sample of `other`.
    pub fn extend(&mut self, other: &Samples) {
        let base = self.terms.len() as u32;
        self.terms.extend_from_slice(&other.terms);
        self.flat.extend_from_slice(&other.flat);
        self.starts
            .extend(other.starts[1..].iter().map(|s| s + base));
        self.mg.extend_from_slice(&other.mg);
        self.scale.extend_from_slice(&other.scale);
        self.result.extend_from_slice(&other.result);
        self.score.extend_from_slice(&other.score);
        self.game.extend_from_slice(&other.game);
    }

    /// The evaluation of sample `i` (White's view) under `w` (one (mg, eg) per term), with
    /// the share of the tapered part that counts (its derivative by the tapered weights).
    #[inline]
    fn eval(&self, i: usize, w: &[[f64; 2]]) -> (f64, f64) {
        let mg = f64::from(self.mg[i]);
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        let (mut tapered, mut flat) = (0.0, 0.0);
        for j in a..b {
            let (t, n) = self.terms[j];
            let n = f64::from(n);
            let wt = w[t as usize];
            if self.flat[j] {
                flat += wt[0] * n;
            } else {
                tapered += n * (wt[0] * mg + wt[1] * (1.0 - mg));
            }
        }
        let share = f64::from(self.scale[i][usize::from(tapered <= 0.0)]);
        (tapered * share + flat, share)
    }

    /// Splits off the positions of every `every`-th game as a held-out set (none for 0): the
    /// positions of one game are alike, so holding out single positions would flatter the fit.
    pub fn split(&self, every: usize) -> (Samples, Samples) {
        let mut train = Samples::new();
        let mut held = Samples::new();
        for i in 0..self.len() {
            let target = if every > 0 && self.game[i] as usize % every == every - 1 {
                &mut held
            } else {
                &mut train
            };
            let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            target.terms.extend_from_slice(&self.terms[a..b]);
            target.flat.extend_from_slice(&self.flat[a..b]);
            target.starts.push(target.terms.len() as u32);
            target.mg.push(self.mg[i]);
            target.scale.push(self.scale[i]);
            target.result.push(self.result[i]);
            target.score.push(self.score[i]);
            target.game.push(self.game[i]);
        }
        (train, held)
    }
}

/// How the targets are made and the descent runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The result's share of the target; the rest is the search score's sigmoid.
    pub lambda: f64,
    pub epochs: usize,
    /// Adam's step size at the start, in centipawns per step.
    pub learning_rate: f64,
    /// The step size is multiplied by `decay` every `decay_every` epochs.
    pub decay: f64,
    pub decay_every: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lambda: 1.0,
            epochs: 1000,
            learning_rate: 2.0,
            decay: 0.5,
            decay_every: 250,
        }
    }
}

#[inline]
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The target of sample `i`: the result blended with the search score's sigmoid.
#[inline]
fn target(s: &Samples, i: usize, k: f64, lambda: f64) -> f64 {
    let r = f64::from(s.result[i]);
    if lambda >= 1.0 {
        r
    } else {
        lambda * r + (1.0 - lambda) * sigmoid(k, f64::from(s.score[i]))
    }
}

/// The mean squared error of the predictions under `w` with scale `k`.
pub fn error(s: &Samples, w: &[[f64; 2]], k: f64, lambda: f64) -> f64 {
    if s.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..s.len())
        .into_par_iter()
        .map(|i| {
            let d = sigmoid(k, s.eval(i, w).0) - target(s, i, k, lambda);
            d * d
        })
        .sum();
    sum / s.len() as f64
}

/// The `K` in (0.05, 10) that gives the smallest error for `w` (golden-section search; the
/// error is unimodal in `K` for any sensible data).
pub fn fit_k(s: &Samples, w: &[[f64; 2]], lambda: f64) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = hi - g * (hi - lo);
    let mut d = lo + g * (hi - lo);
    let mut fc = error(s, w, c, lambda);
    let mut fd = error(s, w, d, lambda);
    for _ in 0..40 {
        if fc < fd {
            hi = d;
            d = c;
            fd = fc;
            c = hi - g * (hi - lo);
            fc = error(s, w, c, lambda);
        } else {
            lo = c;
            c = d;
            fc = fd;
            d = lo + g * (hi - lo);
            fd = error(s, w, d, lambda);
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the error with respect to every (mg, eg) weight.
fn gradient(s: &Samples, w: &[[f64; 2]], k: f64, lambda: f64) -> Vec<[f64; 2]> {
    let n = w.len();
    let chunk = (s.len() / (4 * rayon::current_num_threads().max(1))).max(1024);
    let scale = 2.0 * k * std::f64::consts::LN_10 / 400.0 / s.len().max(1) as f64;
    (0..s.len())
        .into_par_iter()
        .with_min_len(chunk)
        .fold(
            || vec![[0.0f64; 2]; n],
            |mut g, i| {
                let (e, share) = s.eval(i, w);
                let p = sigmoid(k, e);
                let common = (p - target(s, i, k, lambda)) * p * (1.0 - p) * scale;
                let mg = f64::from(s.mg[i]);
                let (a, b) = (s.starts[i] as usize, s.starts[i + 1] as usize);
                for j in a..b {
                    let (t, c) = s.terms[j];
                    let c = f64::from(c) * common;
                    let gt = &mut g[t as usize];
                    if s.flat[j] {
                        gt[0] += c;
                    } else {
                        gt[0] += c * share * mg;
                        gt[1] += c * share * (1.0 - mg);
                    }
                }
                g
            },
        )
        .reduce(
            || vec![[0.0f64; 2]; n],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                a
            },
        )
}

/// What a run reports after each epoch it is asked about.
pub struct Progress {
    pub epoch: usize,
    pub train_error: f64,
    pub learning_rate: f64,
}

/// Runs the descent from `start` and returns the tuned weights. `fixed` terms keep their
/// values. `report` is called every `report_every` epochs and after the last.
pub fn train(
    s: &Samples,
    start: &[[f64; 2]],
    fixed: &[bool],
    k: f64,
    settings: &Settings,
    report_every: usize,
    mut report: impl FnMut(&Progress),
) -> Vec<[f64; 2]> {
    let mut w = start.to_vec();
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m = vec![[0.0f64; 2]; w.len()];
    let mut v = vec![[0.0f64; 2]; w.len()];
    for epoch in 1..=settings.epochs {
        let lr = settings.learning_rate
            * settings
                .decay
                .powi((epoch.saturating_sub(1) / settings.decay_every.max(1)) as i32);
        let g = gradient(s, &w, k, settings.lambda);
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for t in 0..w.len() {
            if fixed[t] {
                continue;
            }
            for p in 0..2 {
                m[t][p] = b1 * m[t][p] + (1.0 - b1) * g[t][p];
                v[t][p] = b2 * v[t][p] + (1.0 - b2) * g[t][p] * g[t][p];
                let mh = m[t][p] / c1;
                let vh = v[t][p] / c2;
                w[t][p] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % report_every.max(1) == 0 || epoch == settings.epochs {
            report(&Progress {
                epoch,
                train_error: error(s, &w, k, settings.lambda),
                learning_rate: lr,
            });
        }
    }
    w
}

/// The weights as floats.
pub fn to_float(w: &[Pair]) -> Vec<[f64; 2]> {
    w.iter().map(|p| [f64::from(p.0), f64::from(p.1)]).collect()
}

/// The weights rounded to whole centipawns.
pub fn to_pairs(w: &[[f64; 2]]) -> Vec<Pair> {
    w.iter()
        .map(|p| Pair(p[0].round() as i32, p[1].round() as i32))
        .collect()
}

/// One data line, `FEN | SCORE | RESULT`: the FEN, the score and the result (both White's view).
pub fn parse_line(line: &str) -> Result<(&str, f64, f64), String> {
    let mut parts = line.split('|');
    let (Some(fen), Some(score), Some(result)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("expected `FEN | SCORE | RESULT`".to_string());
    };
    let score: f64 = score
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a score", score.trim()))?;
    let result: f64 = result
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a result", result.trim()))?;
    if !(0.0..=1.0).contains(&result) {
        return Err(format!("result {result} is outside 0..1"));
    }
    Ok((fen.trim(), score, result))
}

/// The samples of data lines (blank lines skipped), traced by `ev`; each `# game` line closes a
/// game, and games are numbered from `first_game`. Returns the samples and the number of the next
/// game. An error names the line (counted from 1 within `text`).
pub fn load<B: Bits>(
    ev: &Evaluator<B>,
    text: &str,
    first_game: u32,
) -> Result<(Samples, u32), String> {
    let v = ev.variant();
    let mut game = first_game;
    let mut lines: Vec<(usize, &str, u32)> = Vec::new();
    let mut open = false;
    for (n, l) in text.lines().enumerate() {
        let t = l.trim();
        if t.starts_with('#') {
            if t.starts_with("# game") {
                game += 1;
                open = false;
            }
        } else if !t.is_empty() {
            lines.push((n, l, game));
            open = true;
        }
    }
    if open {
        game += 1; // positions after the last game line (a file written by hand) make a game
    }
    let parts: Vec<Result<Samples, String>> = lines
        .par_chunks(4096)
        .map(|chunk| {
            let mut s = Samples::new();
            for &(n, line, g) in chunk {
                let (fen, score, result) =
                    parse_line(line).map_err(|e| format!("line {}: {e}", n + 1))?;
                let pos = Position::from_fen(v, fen)
                    .map_err(|e| format!("line {}: bad FEN: {e}", n + 1))?;
                s.push(&ev.trace(&pos), result, score, g);
            }
            Ok(s)
        })
        .collect();
    let mut all = Samples::new();
    for p in parts {
        all.extend(&p?);
    }
    Ok((all, game))
}
