//! Adjudication by the engines' own scores, as cutechess-cli offers it: `--resign` ends a game
//! that one side's engine has given up on, `--draw` one that both engines call level. Only moves
//! an engine searched count; the opening's moves do not, and a move reported without a score
//! breaks every run of agreement (nothing was agreed).
//!
//! * `--resign movecount=N,score=CP[,twosided=true|false]`: a side loses when its engine scored
//!   its last N moves at or below -CP. With `twosided=true` (the default here, DESIGN.md §10: the
//!   engines must agree) the opponent's engine must also have scored its last N moves at or above
//!   +CP; `twosided=false` is cutechess's default, the loser's word alone.
//! * `--draw movenumber=M,movecount=N,score=CP`: a draw once at least M full moves have been
//!   played in the game and the last 2N engine moves (N of each side, taken in turn) were all
//!   scored within CP of zero.

use super::player::Eval;
use crate::board::Color;
use crate::search::Score;

/// The centipawn value a mate score stands for here: beyond any threshold.
const MATE_CP: i32 = 100_000;

/// `--resign`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i32,
    pub two_sided: bool,
}

/// `--draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// Splits `a=1,b=2` (commas or blanks) into pairs; `what` names the option in errors.
fn items<'a>(text: &'a str, what: &str) -> Result<Vec<(&'a str, &'a str)>, String> {
    text.split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            item.split_once('=')
                .map(|(n, v)| (n.trim(), v.trim()))
                .ok_or_else(|| format!("{what}: '{item}' is not NAME=VALUE"))
        })
        .collect()
}

fn number<T: std::str::FromStr>(what: &str, name: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{what}: {name}={value} is not a whole number in range"))
}

impl ResignRule {
    /// Reads `movecount=N,score=CP[,twosided=true|false]`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let what = "--resign";
        let (mut move_count, mut score, mut two_sided) = (None, None, true);
        for (name, value) in items(text, what)? {
            match name {
                "movecount" => move_count = Some(number::<u32>(what, name, value)?),
                "score" => score = Some(number::<i32>(what, name, value)?),
                "twosided" => {
                    two_sided = match value {
                        "true" | "1" => true,
                        "false" | "0" => false,
                        _ => return Err(format!("{what}: twosided={value} is not true or false")),
                    }
                }
                _ => return Err(format!("{what}: unknown parameter '{name}'")),
            }
        }
        let (Some(move_count), Some(score)) = (move_count, score) else {
            return Err(format!("{what} needs movecount=N,score=CP"));
        };
        if move_count == 0 || score <= 0 {
            return Err(format!("{what}: movecount and score must be positive"));
        }
        Ok(ResignRule {
            move_count,
            score,
            two_sided,
        })
    }
}

impl DrawRule {
    /// Reads `movenumber=M,movecount=N,score=CP`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let what = "--draw";
        let (mut move_number, mut move_count, mut score) = (None, None, None);
        for (name, value) in items(text, what)? {
            match name {
                "movenumber" => move_number = Some(number::<u32>(what, name, value)?),
                "movecount" => move_count = Some(number::<u32>(what, name, value)?),
                "score" => score = Some(number::<i32>(what, name, value)?),
                _ => return Err(format!("{what}: unknown parameter '{name}'")),
            }
        }
        let (Some(move_number), Some(move_count), Some(score)) = (move_number, move_count, score)
        else {
            return Err(format!("{what} needs movenumber=M,movecount=N,score=CP"));
        };
        if move_count == 0 || score < 0 {
            return Err(format!(
                "{what}: movecount must be positive and score not negative"
            ));
        }
        Ok(DrawRule {
            move_number,
            move_count,
            score,
        })
    }
}

/// A score in centipawns from the mover's view, mates beyond every threshold.
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// What the adjudicator decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The side loses; the text says why.
    Loss(Color, String),
    Draw(String),
}

/// The runs of agreement in one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Per side: its engine's last moves in a row scored at or below -CP.
    losing: [u32; 2],
    /// Per side: its engine's last moves in a row scored at or above +CP.
    winning: [u32; 2],
    /// Engine moves in a row (both sides) scored within the draw margin.
    level: u32,
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Adjudicator {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator {
            resign,
            draw,
            losing: [0; 2],
            winning: [0; 2],
            level: 0,
        }
    }

    /// Counts a move `side` played after a search (`eval` as its engine reported it, `None` when
    /// it reported none); `plies` is the number of plies played in the game so far, this one
    /// included. Returns a decision when a rule ends the game.
    pub fn after_move(
        &mut self,
        side: Color,
        eval: Option<Eval>,
        plies: usize,
    ) -> Option<Decision> {
        let me = side.index();
        let Some(eval) = eval else {
            self.losing[me] = 0;
            self.winning[me] = 0;
            self.level = 0;
            return None;
        };
        let cp = centipawns(eval.score);
        if let Some(rule) = self.draw {
            self.level = if cp.abs() <= rule.score {
                self.level + 1
            } else {
                0
            };
            if plies / 2 >= rule.move_number as usize && self.level >= 2 * rule.move_count {
                return Some(Decision::Draw(format!(
                    "Draw by adjudication: both engines scored {} moves each within {} cp",
                    rule.move_count, rule.score
                )));
            }
        }
        let rule = self.resign?;
        self.losing[me] = if cp <= -rule.score {
            self.losing[me] + 1
        } else {
            0
        };
        self.winning[me] = if cp >= rule.score {
            self.winning[me] + 1
        } else {
            0
        };
        for loser in [side, side.flip()] {
            let (l, w) = (loser.index(), loser.flip().index());
            let gave_up = self.losing[l] >= rule.move_count;
            let agreed = !rule.two_sided || self.winning[w] >= rule.move_count;
            if gave_up && agreed {
                let mut reason = format!(
                    "{} loses by adjudication: its engine scored {} moves at or below -{} cp",
                    side_name(loser),
                    rule.move_count,
                    rule.score
                );
                if rule.two_sided {
                    reason.push_str(&format!(", its opponent's at or above +{} cp", rule.score));
                }
                return Some(Decision::Loss(loser, reason));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(score: i32) -> Option<Eval> {
        Some(Eval {
            score: Score::Cp(score),
            depth: 10,
        })
    }

    #[test]
    fn parsing() {
        assert_eq!(
            ResignRule::parse("movecount=3,score=600"),
            Ok(ResignRule {
                move_count: 3,
                score: 600,
                two_sided: true
            })
        );
        assert!(
            !ResignRule::parse("movecount=3 score=600 twosided=false")
                .unwrap()
                .two_sided
        );
        assert!(ResignRule::parse("movecount=3").is_err());
        assert!(ResignRule::parse("movecount=0,score=600").is_err());
        assert!(ResignRule::parse("movecount=3,score=x").is_err());
        assert!(ResignRule::parse("count=3,score=5").is_err());
        assert_eq!(
            DrawRule::parse("movenumber=40,movecount=8,score=10"),
            Ok(DrawRule {
                move_number: 40,
                move_count: 8,
                score: 10
            })
        );
        assert!(DrawRule::parse("movenumber=40,movecount=8").is_err());
        assert!(DrawRule::parse("movenumber=40,movecount=8,score=-1").is_err());
    }

    #[test]
    fn one_sided_resignation_needs_only_the_losers_word() {
        let rule = ResignRule::parse("movecount=2,score=500,twosided=false").unwrap();
        let mut a = Adjudicator::new(Some(rule), None);
        assert_eq!(a.after_move(Color::White, cp(-600), 1), None);
        assert_eq!(a.after_move(Color::Black, cp(0), 2), None);
        let d = a.after_move(Color::White, cp(-500), 3);
        assert!(matches!(d, Some(Decision::Loss(Color::White, _))), "{d:?}");
    }

    #[test]
    fn two_sided_resignation_needs_both_engines() {
        let rule = ResignRule::parse("movecount=2,score=500").unwrap();
        let mut a = Adjudicator::new(Some(rule), None);
        // White's engine says it is lost twice, Black's engine does not agree at first.
        assert_eq!(a.after_move(Color::White, cp(-600), 1), None);
        assert_eq!(a.after_move(Color::Black, cp(300), 2), None);
        assert_eq!(a.after_move(Color::White, cp(-700), 3), None);
        assert_eq!(a.after_move(Color::Black, cp(650), 4), None);
        // Now both agree for two moves each: the decision comes on Black's second high score.
        assert_eq!(a.after_move(Color::White, cp(-800), 5), None);
        let d = a.after_move(Color::Black, cp(900), 6);
        assert!(matches!(d, Some(Decision::Loss(Color::White, _))), "{d:?}");
        // A move without a score breaks the run.
        let mut a = Adjudicator::new(Some(rule), None);
        a.after_move(Color::White, cp(-600), 1);
        a.after_move(Color::Black, cp(600), 2);
        a.after_move(Color::White, None, 3);
        a.after_move(Color::Black, cp(600), 4);
        assert_eq!(a.after_move(Color::White, cp(-600), 5), None);
    }

    #[test]
    fn mate_scores_count_beyond_every_threshold() {
        let rule = ResignRule::parse("movecount=1,score=5000").unwrap();
        let mut a = Adjudicator::new(Some(rule), None);
        let mate = |n| {
            Some(Eval {
                score: Score::Mate(n),
                depth: 3,
            })
        };
        assert_eq!(a.after_move(Color::Black, mate(4), 1), None);
        let d = a.after_move(Color::White, mate(-3), 2);
        assert!(matches!(d, Some(Decision::Loss(Color::White, _))), "{d:?}");
    }

    #[test]
    fn draws_need_the_move_number_and_both_sides_level() {
        let rule = DrawRule::parse("movenumber=3,movecount=2,score=20").unwrap();
        let mut a = Adjudicator::new(None, Some(rule));
        // Four level moves in a row, but only two full moves played: too early.
        assert_eq!(a.after_move(Color::White, cp(5), 1), None);
        assert_eq!(a.after_move(Color::Black, cp(-20), 2), None);
        assert_eq!(a.after_move(Color::White, cp(0), 3), None);
        assert_eq!(a.after_move(Color::Black, cp(10), 4), None);
        assert_eq!(a.after_move(Color::White, cp(21), 5), None); // the run breaks
        assert_eq!(a.after_move(Color::Black, cp(0), 6), None);
        assert_eq!(a.after_move(Color::White, cp(0), 7), None);
        assert_eq!(a.after_move(Color::Black, cp(0), 8), None);
        let d = a.after_move(Color::White, cp(0), 9);
        assert!(matches!(d, Some(Decision::Draw(_))), "{d:?}");
    }
}
