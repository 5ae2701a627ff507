//! The search's tunable numbers (margins, reduction formula, history divisors) as one value the
//! engine hands to each search, so that a tuner can set them through the `SearchParams` option
//! without a rebuild. The defaults are the hand-set values; a parameter set is written as
//! `name=value` pairs separated by commas or blanks (`rfp_margin=70, lmr_div=210`), unnamed
//! parameters keeping their defaults.

use std::fmt;

/// One tunable: its name, hand-set value, the range a tuner may explore and its SPSA step (the
/// perturbation `c` at the end of a run, about a twentieth of the range).
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: f64,
    pub doc: &'static str,
}

macro_rules! params {
    ($($id:ident $name:literal $default:literal $min:literal $max:literal $step:literal $doc:literal;)*) => {
        /// The tunables, by index into [`SearchParams`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(usize)]
        pub enum P { $($id),* }

        /// Every tunable, in the order of [`P`].
        pub const SPECS: &[Spec] = &[$(Spec {
            name: $name,
            default: $default,
            min: $min,
            max: $max,
            step: $step,
            doc: $doc,
        }),*];
    };
}

params! {
    LmrBase "lmr_base" 75 0 200 10.0 "late-move reduction: the table's constant, in hundredths of a ply";
    LmrDiv "lmr_div" 225 100 400 15.0 "late-move reduction: ln(depth) ln(moves) is divided by this over 100";
    LmrHistory "lmr_history" 8192 2048 32768 1000.0 "late-move reduction: one ply less per this much history";
    LmpBase "lmp_base" 3 0 12 1.0 "late-move pruning: quiet moves kept are (this + depth^2), halved when not improving";
    HistoryPrune "history_prune" 3000 500 8000 300.0 "history pruning: a quiet move below -this x depth is dropped";
    FutilityBase "futility_base" 100 0 300 15.0 "futility pruning of quiet moves: the margin at depth 0";
    FutilityDepth "futility_depth" 100 30 250 10.0 "futility pruning of quiet moves: the margin per ply";
    SeeQuiet "see_quiet" 25 5 80 4.0 "exchange pruning of quiet moves: exchange below -this x depth^2";
    SeeTactical "see_tactical" 100 30 250 10.0 "exchange pruning of captures: exchange below -this x depth";
    RazorBase "razor_base" 250 50 600 30.0 "razoring: the margin at depth 0";
    RazorDepth "razor_depth" 150 50 400 20.0 "razoring: the margin per depth squared";
    RfpMargin "rfp_margin" 80 30 200 8.0 "reverse futility: the margin per ply";
    NullBase "null_base" 4 2 6 0.5 "null move: the reduction's constant";
    NullDepthDiv "null_depth_div" 3 2 6 0.5 "null move: one ply more reduction per this many plies of depth";
    NullEvalDiv "null_eval_div" 200 80 400 20.0 "null move: one ply more reduction per this much eval above beta (three at most)";
    ProbcutMargin "probcut_margin" 200 80 400 20.0 "ProbCut: how far above beta the shallow search must score";
    ProbcutImproving "probcut_improving" 50 0 150 10.0 "ProbCut: the margin is this much smaller when improving";
    SingularDouble "singular_double" 20 0 80 5.0 "singular extension: two plies when the rest fall this far below";
    Aspiration "aspiration" 30 8 80 4.0 "the aspiration window's first half-width";
    QsQuietChecks "qs_quiet_checks" 0 0 64 4.0 "quiescence search: quiet checks tried at its first ply, at most (0: none)";
}

/// A value for every tunable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    values: [i32; SPECS.len()],
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        let mut values = [0; SPECS.len()];
        for (v, s) in values.iter_mut().zip(SPECS) {
            *v = s.default;
        }
        SearchParams { values }
    }
}

impl SearchParams {
    #[inline(always)]
    pub fn get(&self, p: P) -> i32 {
        self.values[p as usize]
    }

    /// Every value, in the order of [`SPECS`].
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Sets the value of `SPECS[i]` (a tuner keeps it within the spec's range).
    pub fn set(&mut self, i: usize, value: i32) {
        self.values[i] = value;
    }

    /// The defaults with `text`'s `name=value` pairs over them. An unknown name, a value that
    /// is not a whole number or one outside the tunable's range is an error naming it.
    pub fn parse(text: &str) -> Result<SearchParams, String> {
        let mut params = SearchParams::default();
        for item in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
        {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not name=value", crate::text::quoted(item)))?;
            let i = SPECS
                .iter()
                .position(|s| s.name.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    format!(
                        "no search parameter is called '{}'",
                        crate::text::quoted(name)
                    )
                })?;
            let spec = &SPECS[i];
            let v: i32 = value.trim().parse().map_err(|_| {
                format!(
                    "{}: '{}' is not a whole number",
                    spec.name,
                    crate::text::quoted(value)
                )
            })?;
            if !(spec.min..=spec.max).contains(&v) {
                return Err(format!(
                    "{}: {v} is outside {}..{}",
                    spec.name, spec.min, spec.max
                ));
            }
            params.values[i] = v;
        }
        Ok(params)
    }

    /// The late-move reduction in plies at `depth` for the `moves`-th move (both from 1).
    pub fn lmr(&self, depth: usize, moves: usize) -> f64 {
        let base = f64::from(self.get(P::LmrBase)) / 100.0;
        let div = f64::from(self.get(P::LmrDiv)) / 100.0;
        base + (depth as f64).ln() * (moves as f64).ln() / div
    }
}

/// Only the parameters that differ from their defaults, `name=value` comma-separated (empty
/// for the defaults): what `parse` reads back.
impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (v, s) in self.values.iter().zip(SPECS) {
            if *v != s.default {
                write!(f, "{}{}={v}", if first { "" } else { "," }, s.name)?;
                first = false;
            }
        }
        Ok(())
    }
}
