//! Time management: from the protocol's limits to a soft limit (do not start another iteration
//! after it) and a hard limit (abort the iteration), both well inside the clock.

use std::time::Duration;

use super::Limits;
use crate::board::Color;

#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The budget for one move of `side` under `limits`, keeping `overhead` in reserve for the
/// transmission of the move (the Move Overhead option).
pub fn budget(limits: &Limits, side: Color, overhead: Duration) -> TimeBudget {
    if limits.infinite {
        return TimeBudget {
            soft: None,
            hard: None,
        };
    }
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return TimeBudget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let (time, inc) = match side {
        Color::White => (limits.wtime, limits.winc),
        Color::Black => (limits.btime, limits.binc),
    };
    let Some(time) = time else {
        return TimeBudget {
            soft: None,
            hard: None,
        };
    };
    let inc = inc.unwrap_or_default();
    // What may be spent at most: the clock minus the overhead, minus a safety share.
    let usable = time.saturating_sub(overhead).mul_f64(0.95);
    let moves_left = limits.movestogo.map(|m| m.clamp(1, 50)).unwrap_or(30) as f64;
    // The increment is spent only while the clock holds at least 20 increments: below that the
    // share shrinks, so that a short clock grows back instead of draining by the GUI's latency.
    let inc_share = if inc.is_zero() {
        0.0
    } else {
        (usable.as_secs_f64() / (20.0 * inc.as_secs_f64())).min(1.0)
    };
    let base = usable.div_f64(moves_left) + inc.mul_f64(0.75 * inc_share);
    // `soft`: the target for this move; no iteration starts past 60% of it, since the next one
    // usually takes longer than all before it. `hard`: where a running iteration is cut off.
    let soft = base.min(usable.mul_f64(0.4));
    let hard = (base * 3).min(usable.mul_f64(0.5)).max(soft);
    TimeBudget {
        soft: Some(soft.max(Duration::from_millis(1))),
        hard: Some(hard.max(Duration::from_millis(1))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        let limits = Limits {
            wtime: ms(1000),
            winc: ms(10),
            ..Default::default()
        };
        let b = budget(&limits, Color::White, Duration::from_millis(30));
        assert!(b.hard.unwrap() <= Duration::from_millis(500));
        assert!(b.soft.unwrap() <= b.hard.unwrap());
        let limits = Limits {
            btime: ms(20),
            ..Default::default()
        };
        let b = budget(&limits, Color::Black, Duration::from_millis(30));
        assert!(b.hard.unwrap() <= Duration::from_millis(1));
        let limits = Limits {
            movetime: ms(100),
            ..Default::default()
        };
        assert_eq!(
            budget(&limits, Color::White, Duration::from_millis(10)).hard,
            ms(90)
        );
        assert!(
            budget(
                &Limits {
                    infinite: true,
                    ..Default::default()
                },
                Color::White,
                Duration::ZERO
            )
            .hard
            .is_none()
        );
    }
}
