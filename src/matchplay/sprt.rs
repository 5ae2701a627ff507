//! The sequential probability ratio test on game pairs, as strength tests use it (DESIGN.md §10).
//!
//! A match plays each opening twice with colours swapped; the two games form a *pair*, and the
//! pair's points for the first engine (0, ½, 1, 1½ or 2) fall into one of five classes: the
//! **pentanomial** counts. Pairs are independent where single games are not (both games of a pair
//! share an opening, so their results are correlated), which is why the pentanomial model gives
//! honest error bars and a shorter test than counting wins, losses and draws.
//!
//! The test is the generalised SPRT: for each hypothesis (Elo = elo0 and Elo = elo1) the
//! distribution over the five classes that best explains the observed frequencies while having
//! the hypothesis' expected score is found by maximum likelihood, and the log-likelihood ratio of
//! the observations under the two is the sum over pairs of log(p1 / p0). The test stops when it
//! leaves Wald's bounds `ln(β / (1 − α))` and `ln((1 − β) / α)`.
//!
//! Two meanings of "Elo" are offered. **Logistic** (the default, the Elo of the score line): the
//! expected score of one game is `1 / (1 + 10^(−elo/400))`. **Normalized** (fishtest's nElo): the
//! hypothesis fixes `(mean − ½) / σ`, the score's distance from even in units of its own standard
//! deviation per game, with `nElo = 800 / ln 10 · t`; its bounds mean the same number of games
//! whatever the draw rate.
//!
//! The maximum-likelihood step. Maximising `Σ pᵢ ln qᵢ` over distributions q on the scores aᵢ with
//! `Σ qᵢ aᵢ = s` gives, by a Lagrange multiplier, `qᵢ = pᵢ / (1 + x (aᵢ − s))` where x solves
//! `Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0` (the left side falls strictly in x on the interval
//! where every denominator is positive, so bisection finds it). With the constraint
//! `μ(q) − ½ = t σ(q)` the same derivation gives `qᵢ = pᵢ / (1 + x φᵢ)` with
//! `φᵢ = aᵢ − ½ − t σ − t ((aᵢ − μ)² − σ²) / (2σ)`, where μ and σ are q's own; it is solved by
//! iterating from q = p. Empty classes get a small count (10⁻³) so that every ratio is finite.

use super::elo::{EloEstimate, Z_95, elo_of_score};

/// The count given to a class nobody has scored, so that the likelihoods stay finite.
const EMPTY_CLASS: f64 = 1e-3;

/// `nElo = NELO_PER_T · t` where t is the score's distance from ½ in standard deviations per game.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Which scale elo0 and elo1 are measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    Logistic,
    Normalized,
}

/// The test's parameters: `--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=logistic]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
}

/// What the test says after the pairs so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: the change is not elo1 better (H0, Elo = elo0).
    AcceptH0,
    /// The LLR rose to the upper bound: the change gains (H1, Elo = elo1).
    AcceptH1,
    /// Neither bound reached yet.
    Continue,
}

impl SprtParams {
    /// Reads `elo0=A,elo1=B,alpha=X,beta=Y[,model=logistic|normalized]` (commas or blanks
    /// between the items; alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<SprtParams, String> {
        let mut elo0 = None;
        let mut elo1 = None;
        let mut alpha = 0.05;
        let mut beta = 0.05;
        let mut model = EloModel::Logistic;
        for item in text
            .split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{item}' is not NAME=VALUE"))?;
            let number = || -> Result<f64, String> {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("--sprt: {name}={value} is not a number"))
            };
            match name.trim() {
                "elo0" => elo0 = Some(number()?),
                "elo1" => elo1 = Some(number()?),
                "alpha" => alpha = number()?,
                "beta" => beta = number()?,
                "model" => {
                    model = match value.trim() {
                        "logistic" => EloModel::Logistic,
                        "normalized" => EloModel::Normalized,
                        other => {
                            return Err(format!(
                                "--sprt: model '{other}' is not logistic or normalized"
                            ));
                        }
                    }
                }
                other => return Err(format!("--sprt: unknown parameter '{other}'")),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("--sprt needs elo0=A,elo1=B".to_string());
        };
        if elo0 >= elo1 {
            return Err(format!("--sprt: elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        if !(elo0.abs() < 1000.0 && elo1.abs() < 1000.0) {
            return Err("--sprt: elo0 and elo1 must lie within ±1000".to_string());
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("--sprt: {name}={v} must lie between 0 and 0.5"));
            }
        }
        Ok(SprtParams {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// Wald's bounds on the LLR: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of `counts`: 5 pentanomial classes (pairs scoring 0, ½, 1, 1½, 2) or 3 trinomial
    /// ones (losses, draws, wins). 0 when nothing has been played.
    pub fn llr(&self, counts: &[u64]) -> f64 {
        let n: u64 = counts.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let observed = regularised_pdf(counts);
        let (q0, q1) = match self.model {
            EloModel::Logistic => (
                mle_with_mean(&observed, logistic_score(self.elo0)),
                mle_with_mean(&observed, logistic_score(self.elo1)),
            ),
            EloModel::Normalized => {
                // A pair's score is the mean of two games: its deviation is the per-game one
                // divided by √2, so the same nElo is √2 times as many pair deviations.
                let per_unit = if counts.len() == 5 {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                (
                    mle_with_t(&observed, self.elo0 / NELO_PER_T * per_unit),
                    mle_with_t(&observed, self.elo1 / NELO_PER_T * per_unit),
                )
            }
        };
        let per_unit: f64 = observed
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(&(_, p), (&(_, a), &(_, b)))| p * (b / a).ln())
            .sum();
        n as f64 * per_unit
    }

    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// The expected score of one game at a logistic Elo difference.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Frequencies as (score in [0, 1], probability) pairs, empty classes given [`EMPTY_CLASS`].
fn regularised_pdf(counts: &[u64]) -> Vec<(f64, f64)> {
    let weights: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_CLASS } else { c as f64 })
        .collect();
    let total: f64 = weights.iter().sum();
    let last = (counts.len() - 1) as f64;
    weights
        .iter()
        .enumerate()
        .map(|(i, w)| (i as f64 / last, w / total))
        .collect()
}

/// Mean and variance of a distribution.
fn mean_and_variance(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let variance = pdf.iter().map(|&(a, p)| p * (a - mean).powi(2)).sum();
    (mean, variance)
}

/// The x with `Σ pᵢ cᵢ / (1 + x cᵢ) = 0`, for weights p over values c that take both signs. The
/// sum falls strictly on the interval where every `1 + x cᵢ` is positive and runs from +∞ to −∞
/// across it, so bisection converges to the one root.
fn secular_root(terms: &[(f64, f64)]) -> f64 {
    let high_c = terms.iter().map(|t| t.0).fold(f64::NEG_INFINITY, f64::max);
    let low_c = terms.iter().map(|t| t.0).fold(f64::INFINITY, f64::min);
    debug_assert!(high_c > 0.0 && low_c < 0.0, "values on both sides of zero");
    let (mut lo, mut hi) = (-1.0 / high_c, -1.0 / low_c);
    let sum = |x: f64| -> f64 { terms.iter().map(|&(c, p)| p * c / (1.0 + x * c)).sum() };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break; // the interval is down to adjacent floats
        }
        if sum(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum-likelihood distribution on `observed`'s scores with expected score `mean`.
fn mle_with_mean(observed: &[(f64, f64)], mean: f64) -> Vec<(f64, f64)> {
    let terms: Vec<(f64, f64)> = observed.iter().map(|&(a, p)| (a - mean, p)).collect();
    let x = secular_root(&terms);
    observed
        .iter()
        .map(|&(a, p)| (a, p / (1.0 + x * (a - mean))))
        .collect()
}

/// The maximum-likelihood distribution on `observed`'s scores with `(μ − ½) / σ = t`.
fn mle_with_t(observed: &[(f64, f64)], t: f64) -> Vec<(f64, f64)> {
    let mut q = observed.to_vec();
    for _ in 0..1000 {
        let (mu, var) = mean_and_variance(&q);
        let sigma = var.sqrt();
        let phi: Vec<f64> = observed
            .iter()
            .map(|&(a, _)| a - 0.5 - t * sigma - t * ((a - mu).powi(2) - var) / (2.0 * sigma))
            .collect();
        let terms: Vec<(f64, f64)> = phi
            .iter()
            .zip(observed)
            .map(|(&f, &(_, p))| (f, p))
            .collect();
        let x = secular_root(&terms);
        let next: Vec<(f64, f64)> = observed
            .iter()
            .zip(&phi)
            .map(|(&(a, p), &f)| (a, p / (1.0 + x * f)))
            .collect();
        let change = next
            .iter()
            .zip(&q)
            .map(|(a, b)| (a.1 - b.1).abs())
            .fold(0.0, f64::max);
        q = next;
        if change < 1e-13 {
            break;
        }
    }
    q
}

/// Pair results from the first engine's point of view: `counts[k]` pairs scored k half-points
/// (0 = two losses, 2 = two draws or a win and a loss, 4 = two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts a pair from the first engine's points in its two games (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[half_points] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean score per game and the Elo difference with its 95% margin, from the spread of
    /// the pair scores (the pair is the independent unit).
    pub fn elo(&self) -> EloEstimate {
        let n = self.pairs();
        if n == 0 {
            return EloEstimate {
                diff: 0.0,
                margin: f64::INFINITY,
            };
        }
        let pdf: Vec<(f64, f64)> = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 / 4.0, c as f64 / n as f64))
            .collect();
        let (mean, variance) = mean_and_variance(&pdf);
        let std_error = (variance / n as f64).sqrt();
        let low = elo_of_score(mean - Z_95 * std_error);
        let high = elo_of_score(mean + Z_95 * std_error);
        let margin = if low.is_finite() && high.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY
        };
        EloEstimate {
            diff: elo_of_score(mean),
            margin,
        }
    }
}

impl std::fmt::Display for Pentanomial {
    /// `[LL, LD, WL+DD, WD, WW]` as fastchess prints it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}
