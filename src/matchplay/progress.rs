//! The score of a match as its games finish: the first engine's wins, losses and draws, the game
//! pairs (games 2k and 2k+1 share an opening) as pentanomial counts, and the SPRT on those pairs.
//! Games finish in any order when several run at once; a pair is counted when its second game
//! arrives, and a pair with an aborted game is left out of the pair counts.

use std::collections::HashMap;

use super::elo::{EloEstimate, Tally};
use super::sprt::{Pentanomial, SprtParams, Verdict};

/// What the SPRT has decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    pub llr: f64,
    pub verdict: Verdict,
}

#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub tally: Tally,
    pub pentanomial: Pentanomial,
    /// Games finished, scored or not.
    pub games: usize,
    /// Games aborted by an error and not scored.
    pub aborted: usize,
    /// Pairs with one game finished: the first engine's points in it (`None`: aborted).
    pending: HashMap<usize, Option<f64>>,
    sprt: Option<SprtParams>,
    /// The test's state; frozen once it has decided.
    pub state: Option<SprtState>,
    /// [`Progress::pair_line`] and the number of games when the test decided.
    decision: Option<(String, usize)>,
}

impl Progress {
    pub fn new(sprt: Option<SprtParams>) -> Progress {
        Progress {
            sprt,
            state: sprt.map(|_| SprtState {
                llr: 0.0,
                verdict: Verdict::Continue,
            }),
            ..Progress::default()
        }
    }

    /// Counts game `index` (0-based; its pair is index / 2) with the first engine's points
    /// (`None`: aborted). Returns true when this game completed a pair.
    pub fn add(&mut self, index: usize, points: Option<f64>) -> bool {
        self.games += 1;
        match points {
            Some(p) => self.tally.add(p),
            None => self.aborted += 1,
        }
        let pair = index / 2;
        let Some(other) = self.pending.remove(&pair) else {
            self.pending.insert(pair, points);
            return false;
        };
        if let (Some(a), Some(b)) = (other, points) {
            self.pentanomial.add_pair(a, b);
            if let (Some(params), Some(state)) = (&self.sprt, &mut self.state)
                && state.verdict == Verdict::Continue
            {
                let llr = params.llr(&self.pentanomial.counts);
                *state = SprtState {
                    llr,
                    verdict: params.verdict(llr),
                };
                if state.verdict != Verdict::Continue {
                    self.decision = Some((self.pair_line(), self.games));
                }
            }
        }
        true
    }

    /// Whether the SPRT has decided.
    pub fn decided(&self) -> bool {
        self.state.is_some_and(|s| s.verdict != Verdict::Continue)
    }

    /// The Elo estimate: from the pairs when there are any (they are the independent unit), else
    /// from the games.
    pub fn elo(&self) -> EloEstimate {
        if self.pentanomial.pairs() > 0 {
            self.pentanomial.elo()
        } else {
            self.tally.elo()
        }
    }

    /// `Games: 24, W-L-D: 8-6-10 [0.542], Ptnml(0-2): [1, 2, 5, 3, 1], Elo: +29.0 +/- 40.1`,
    /// and with a test `, LLR: 0.12 (-2.94, 2.94) [0, 5]`.
    pub fn pair_line(&self) -> String {
        let t = &self.tally;
        let mut line = format!(
            "Games: {}, W-L-D: {}-{}-{} [{:.3}], Ptnml(0-2): {}, Elo: {}",
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            self.pentanomial,
            self.elo()
        );
        if let (Some(params), Some(state)) = (&self.sprt, &self.state) {
            let (lower, upper) = params.bounds();
            line.push_str(&format!(
                ", LLR: {:.2} ({:.2}, {:.2}) [{}, {}]",
                state.llr, lower, upper, params.elo0, params.elo1
            ));
        }
        line
    }

    /// `SPRT: H0 accepted` / `H1 accepted` / `inconclusive`, when there is a test.
    pub fn sprt_line(&self) -> Option<String> {
        let state = self.state?;
        Some(
            match state.verdict {
                Verdict::AcceptH0 => "SPRT: H0 accepted",
                Verdict::AcceptH1 => "SPRT: H1 accepted",
                Verdict::Continue => "SPRT: inconclusive",
            }
            .to_string(),
        )
    }

    /// The lines that end a match: the score at the decision (when the test decided; games
    /// under way then finish but are not part of the test), or now.
    pub fn final_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match &self.decision {
            Some((line, games)) => {
                lines.push(line.clone());
                if self.games > *games {
                    lines.push(format!(
                        "({} game(s) under way when the test decided finished afterwards; \
                         they are in the score line and the PGN, not in the test)",
                        self.games - games
                    ));
                }
            }
            None => lines.push(self.pair_line()),
        }
        lines.push(format!("Elo difference: {} (95%)", self.elo()));
        lines.extend(self.sprt_line());
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_counted_when_both_games_are_in_whatever_the_order() {
        let mut p = Progress::new(None);
        assert!(!p.add(1, Some(1.0)));
        assert!(!p.add(2, Some(0.5)));
        assert!(p.add(0, Some(0.5))); // pair 0: 1.5 points
        assert!(!p.add(4, None));
        assert!(p.add(5, Some(1.0))); // pair 2: aborted, not a pair
        assert!(p.add(3, Some(0.0))); // pair 1: 0.5 points
        assert_eq!(p.pentanomial.counts, [0, 1, 0, 1, 0]);
        assert_eq!((p.tally.wins, p.tally.losses, p.tally.draws), (2, 1, 2));
        assert_eq!((p.games, p.aborted), (6, 1));
    }

    #[test]
    fn the_test_freezes_once_it_decides() {
        let params = SprtParams::parse("elo0=0,elo1=200").unwrap();
        let mut p = Progress::new(Some(params));
        assert_eq!(p.sprt_line().as_deref(), Some("SPRT: inconclusive"));
        let mut index = 0;
        while !p.decided() {
            p.add(index, Some(0.0));
            p.add(index + 1, Some(0.0));
            index += 2;
            assert!(index < 200, "two losses a pair must reject a 200 Elo gain");
        }
        let frozen = p.state;
        let at_decision = p.pair_line();
        p.add(index, Some(1.0));
        p.add(index + 1, Some(1.0));
        assert_eq!(p.state, frozen);
        let last = p.final_lines();
        assert_eq!(last[0], at_decision);
        assert!(last[1].contains("2 game(s)"), "{last:?}");
        assert_eq!(p.sprt_line().as_deref(), Some("SPRT: H0 accepted"));
        assert!(p.pair_line().contains("LLR: -"), "{}", p.pair_line());
    }
}
