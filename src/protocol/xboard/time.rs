//! `level`, `st`, `sd`, `time`, `otim` (PROTOCOL.md §3.5) and the search limits they give.

use std::time::Duration;

use crate::board::Color;
use crate::search::Limits;

/// The time control and the clocks as the GUI last stated them.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Moves per session; 0 for the whole game.
    pub mps: u32,
    pub base: Duration,
    pub inc: Duration,
    /// `st`: fixed time per move.
    pub per_move: Option<Duration>,
    /// `sd`: depth limit.
    pub depth: Option<u32>,
    pub own: Option<Duration>,
    pub opponent: Option<Duration>,
}

impl Default for Clock {
    /// XBoard's default, `level 40 5 0`.
    fn default() -> Self {
        Clock {
            mps: 40,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            per_move: None,
            depth: None,
            own: None,
            opponent: None,
        }
    }
}

/// The leading number of `s` (digits and at most one point), ignoring what follows.
fn leading_number(s: &str) -> Option<f64> {
    let end = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (c == '.' && !s[..i].contains('.'))))
        .map_or(s.len(), |(i, _)| i);
    let n: f64 = s[..end].parse().ok()?;
    n.is_finite().then_some(n.max(0.0))
}

fn seconds(s: f64) -> Duration {
    Duration::from_secs_f64(s.min(1e9))
}

impl Clock {
    /// `level MPS BASE INC`: BASE `MIN` or `MIN:SS`, INC in (possibly fractional) seconds.
    pub fn level(&mut self, arg: &str) {
        let words: Vec<&str> = arg.split_whitespace().collect();
        let [mps, base, inc, ..] = words[..] else {
            return;
        };
        let Some(mps) = leading_number(mps) else {
            return;
        };
        let (min, sec) = base.split_once(':').unwrap_or((base, "0"));
        let (Some(min), Some(sec)) = (leading_number(min), leading_number(sec).or(Some(0.0)))
        else {
            return;
        };
        let inc = leading_number(inc).unwrap_or(0.0);
        self.mps = mps.min(10_000.0) as u32;
        self.base = seconds(min * 60.0 + sec);
        self.inc = seconds(inc);
        self.per_move = None;
        self.own = None;
        self.opponent = None;
    }

    pub fn st(&mut self, arg: &str) {
        if let Some(s) = leading_number(arg) {
            self.per_move = Some(seconds(s));
        }
    }

    pub fn sd(&mut self, arg: &str) {
        if let Ok(d) = arg.trim().parse::<u32>() {
            self.depth = Some(d.clamp(1, 127));
        }
    }

    /// `time CS` (own) or `otim CS`, centiseconds; a negative clock counts as zero.
    pub fn time(&mut self, arg: &str, own: bool) {
        let Ok(cs) = arg.trim().parse::<i64>() else {
            return;
        };
        let d = Duration::from_millis((cs.clamp(0, 1 << 40) as u64) * 10);
        if own {
            self.own = Some(d);
        } else {
            self.opponent = Some(d);
        }
    }

    /// The limits for a move of `side` at move number `fullmove` (FEN's sixth field).
    pub fn limits(&self, side: Color, fullmove: u32) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            l.movetime = Some(t);
            return l;
        }
        let own = self.own.unwrap_or(self.base);
        let opp = self.opponent.unwrap_or(self.base);
        let (w, b) = match side {
            Color::White => (own, opp),
            Color::Black => (opp, own),
        };
        l.wtime = Some(w);
        l.btime = Some(b);
        l.winc = Some(self.inc);
        l.binc = Some(self.inc);
        if self.mps > 0 {
            l.movestogo = Some(self.mps - (fullmove.saturating_sub(1) % self.mps));
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let mut c = Clock::default();
        c.level("0 0:30 0.5");
        assert_eq!((c.mps, c.base, c.inc), (0, seconds(30.0), seconds(0.5)));
        c.level("40 5 0");
        assert_eq!((c.mps, c.base), (40, seconds(300.0)));
        c.level("0 2x 12");
        assert_eq!((c.base, c.inc), (seconds(120.0), seconds(12.0)));
        c.time("-5", true);
        assert_eq!(c.own, Some(Duration::ZERO));
        let l = c.limits(Color::Black, 41);
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.movestogo, None);
    }
}
