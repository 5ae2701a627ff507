//! The match score as an Elo difference with a 95% error margin.
//!
//! The score of N games is the mean of per-game results x_i in {1, 1/2, 0}. Its standard error is
//! the sample standard deviation of those results over sqrt(N), computed from the W/L/D counts
//! (a drawish match has a smaller spread than a decisive one with the same score). The margin is
//! the half-width of the Elo interval obtained by mapping score ± 1.96 standard errors through the
//! logistic Elo curve `elo(p) = -400 log10(1/p - 1)`.

/// Wins, losses and draws from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// The two-sided 95% quantile of the normal distribution.
pub const Z_95: f64 = 1.959_963_984_540_054;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Counts one game by the first engine's points (1, 0.5 or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The fraction of the points scored (0.5 for an empty tally).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The variance of one game's result around the mean score.
    pub fn result_variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let p = self.score();
        let w = self.wins as f64 * (1.0 - p).powi(2);
        let l = self.losses as f64 * p.powi(2);
        let d = self.draws as f64 * (0.5 - p).powi(2);
        (w + l + d) / n as f64
    }

    /// Elo difference and 95% margin; see [`EloEstimate`].
    pub fn elo(&self) -> EloEstimate {
        let n = self.games();
        if n == 0 {
            return EloEstimate {
                diff: 0.0,
                margin: f64::INFINITY,
            };
        }
        let p = self.score();
        let std_error = (self.result_variance() / n as f64).sqrt();
        let low = elo_of_score(p - Z_95 * std_error);
        let high = elo_of_score(p + Z_95 * std_error);
        let margin = if low.is_finite() && high.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY // the interval reaches a score of 0% or 100%
        };
        EloEstimate {
            diff: elo_of_score(p),
            margin,
        }
    }
}

/// An Elo difference (positive: the first engine is stronger) and the half-width of its 95%
/// confidence interval. Either may be infinite (a score of 0% or 100%, or an interval that reaches
/// them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub diff: f64,
    pub margin: f64,
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let number = |x: f64, signed: bool| {
            if x.is_infinite() {
                match (signed, x > 0.0) {
                    (false, _) => "inf",
                    (true, true) => "+inf",
                    (true, false) => "-inf",
                }
                .to_string()
            } else if signed {
                format!("{:+.1}", x + 0.0) // + 0.0 turns -0.0 into 0.0
            } else {
                format!("{x:.1}")
            }
        };
        write!(
            f,
            "{} +/- {}",
            number(self.diff, true),
            number(self.margin, false)
        )
    }
}

/// The Elo difference that predicts the expected score `p` (clamped to [0, 1]; infinite at the
/// ends).
pub fn elo_of_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}
