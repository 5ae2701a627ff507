//! `match --resume`: a match that was stopped (a closed terminal, a reboot) goes on from the games
//! its `--pgn` file holds. Each game there is known by its `Round` tag (game N of the match); its
//! result is counted again (score, pairs, SPRT) and the game is not played again, while every
//! game missing from the file (and every aborted one) is played as it would have been. A game is
//! only taken when it belongs to this match: the same variant and time control, and the start
//! and opening moves this match's `--openings`, `--openings-order`, `--openings-start`,
//! `--openings-plies` and `--seed` give its pair, so the resumed test is the test that was begun.

use std::collections::BTreeMap;
use std::path::Path;

use super::opening::OpeningPlan;
use super::progress::Progress;
use crate::notation::pgn;

/// The games found in the file: the first engine's points by 0-based game number.
#[derive(Clone, Debug, Default)]
pub struct Resumed {
    pub points: BTreeMap<usize, f64>,
    /// Aborted games found (they are played again).
    pub aborted: usize,
}

/// What a game must match to be part of this match.
pub struct Expected<'a> {
    pub variant: &'a str,
    pub time_control: &'a str,
    pub games: usize,
    pub openings: &'a OpeningPlan,
}

impl Resumed {
    /// Reads `path` (a missing or empty file is a match not yet begun).
    pub fn load(path: &Path, expected: &Expected) -> Result<Resumed, String> {
        if !path.exists() {
            return Ok(Resumed::default());
        }
        let text = pgn::read_file(path)?;
        Resumed::parse(&text, expected)
            .map_err(|e| format!("--resume from {}: {e}", path.display()))
    }

    /// The games of a PGN text written by `match --pgn`.
    pub fn parse(text: &str, expected: &Expected) -> Result<Resumed, String> {
        let mut resumed = Resumed::default();
        for game in pgn::games(text) {
            let game = game?;
            let at = format!("the game at line {}", game.line);
            let round: usize = game
                .tag("Round")
                .and_then(|r| r.trim().parse().ok())
                .filter(|&r| r >= 1)
                .ok_or_else(|| format!("{at} has no Round tag giving its number in the match"))?;
            let index = round - 1;
            if index >= expected.games {
                return Err(format!(
                    "{at} is game {round} but this match has {} games",
                    expected.games
                ));
            }
            let variant = game.variant_name();
            if variant != expected.variant {
                return Err(format!(
                    "{at} is {variant}, this match is {}",
                    expected.variant
                ));
            }
            let tc = game.tag("TimeControl").unwrap_or("?");
            if tc != expected.time_control {
                return Err(format!(
                    "{at} was played at {tc}, this match at {}",
                    expected.time_control
                ));
            }
            let start = expected.openings.pair((index / 2) as u64);
            let fen = game.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
            let moves = game.moves.iter().map(|(_, m)| m.as_str());
            if fen != start.fen.as_deref()
                || !moves
                    .take(start.moves.len())
                    .eq(start.moves.iter().map(String::as_str))
            {
                return Err(format!(
                    "{at} (game {round}) did not begin where this match begins it: resume with the \
                     same --openings, --openings-order, --openings-start, --openings-plies and --seed"
                ));
            }
            let white = match game.result() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                "1/2-1/2" => 0.5,
                _ => {
                    resumed.aborted += 1;
                    continue;
                }
            };
            // Game 2k has the first engine as White, game 2k+1 as Black (the worker's rule).
            let first = if index.is_multiple_of(2) {
                white
            } else {
                1.0 - white
            };
            if resumed.points.insert(index, first).is_some() {
                return Err(format!("{at}: game {round} is in the file twice"));
            }
        }
        Ok(resumed)
    }

    /// The score of the games found, as if they had just been played in order.
    pub fn progress(&self, progress: &mut Progress) {
        for (&index, &points) in &self.points {
            progress.add(index, Some(points));
        }
    }

    /// Whether game `index` is already played.
    pub fn has(&self, index: usize) -> bool {
        self.points.contains_key(&index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::opening::OpeningOrder;
    use crate::variants;

    fn game(round: usize, result: &str, fen: Option<&str>, moves: &str) -> String {
        let fen = fen.map_or(String::new(), |f| format!("[SetUp \"1\"]\n[FEN \"{f}\"]\n"));
        format!(
            "[Round \"{round}\"]\n[Result \"{result}\"]\n[Variant \"chess\"]\n{fen}\
             [TimeControl \"8+0.08\"]\n\n{moves} {result}\n\n"
        )
    }

    fn plan(random_plies: u32) -> OpeningPlan {
        let chess = variants::lookup("chess").unwrap();
        OpeningPlan::new(
            chess,
            Vec::new(),
            None,
            OpeningOrder::Sequential,
            0,
            random_plies,
            7,
        )
    }

    /// Ten games of chess at 8+0.08 from `openings`.
    fn chess_at_8(openings: &OpeningPlan) -> Expected<'_> {
        Expected {
            variant: "chess",
            time_control: "8+0.08",
            games: 10,
            openings,
        }
    }

    #[test]
    fn counts_games_from_the_first_engine_side_and_skips_aborted_ones() {
        let openings = plan(0);
        let expected = chess_at_8(&openings);
        let text = [
            game(1, "1-0", None, "1. e2e4"),
            game(2, "1-0", None, "1. d2d4"),
            game(4, "1/2-1/2", None, "1. c2c4"),
            game(3, "*", None, "1. g1f3"),
        ]
        .concat();
        let resumed = Resumed::parse(&text, &expected).unwrap();
        assert_eq!(resumed.points.len(), 3);
        assert_eq!(resumed.points[&0], 1.0); // first engine White, won
        assert_eq!(resumed.points[&1], 0.0); // first engine Black, lost
        assert_eq!(resumed.points[&3], 0.5);
        assert_eq!(resumed.aborted, 1);
        assert!(resumed.has(0) && !resumed.has(2));
        let mut progress = Progress::new(None);
        resumed.progress(&mut progress);
        assert_eq!(progress.games, 3);
        assert_eq!(progress.pentanomial.counts, [0, 0, 1, 0, 0]);
    }

    #[test]
    fn refuses_games_of_another_match() {
        let openings = plan(0);
        let expected = chess_at_8(&openings);
        let other_tc = game(1, "1-0", None, "1. e2e4").replace("8+0.08", "10+0.1");
        assert!(
            Resumed::parse(&other_tc, &expected)
                .unwrap_err()
                .contains("10+0.1")
        );
        let other_start = game(1, "1-0", Some("8/8/8/8/8/8/8/K6k w - - 0 1"), "1. a1a2");
        assert!(
            Resumed::parse(&other_start, &expected)
                .unwrap_err()
                .contains("--seed")
        );
        let too_far = game(11, "1-0", None, "1. e2e4");
        assert!(
            Resumed::parse(&too_far, &expected)
                .unwrap_err()
                .contains("10 games")
        );
        let twice = [
            game(1, "1-0", None, "1. e2e4"),
            game(1, "0-1", None, "1. e2e4"),
        ]
        .concat();
        assert!(
            Resumed::parse(&twice, &expected)
                .unwrap_err()
                .contains("twice")
        );
        let no_round = game(1, "1-0", None, "1. e2e4").replace("[Round \"1\"]\n", "");
        assert!(
            Resumed::parse(&no_round, &expected)
                .unwrap_err()
                .contains("Round")
        );
    }

    #[test]
    fn random_plies_must_be_the_same() {
        let openings = plan(4);
        let expected = chess_at_8(&openings);
        let start = openings.pair(0).moves.join(" ");
        assert!(Resumed::parse(&game(1, "1-0", None, &start), &expected).is_ok());
        // A random line never plays the same move twice from the start square.
        let other = game(1, "1-0", None, "1. a2a3 a2a3 2. a2a3 a2a3");
        assert!(Resumed::parse(&other, &expected).is_err());
    }
}
