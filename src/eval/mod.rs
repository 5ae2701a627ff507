//! Static evaluation: a sum of weighted terms (material on the board and in hand, piece-square
//! terms, mobility, pawn structure, king safety, threats, drops, the shock rule, Pawnier's powers),
//! tapered between middlegame and endgame by the material left. Scores are from the side to
//! move's view.
//!
//! The weights are data (`terms.rs`): each variant starts from hand-set defaults derived from its
//! kinds (orthodox values for the orthodox signatures, a value from the average number of moves on
//! an empty board for the new kinds, square bonuses from each kind's role) and its table under
//! `tables/` overrides them term by term. The evaluation is linear in the weights: the feature
//! code runs once for both uses, summing weights for the search ([`Sum`]) or recording the counts
//! for the tuner ([`Evaluator::trace`]).

pub mod nnue;
pub mod table;
pub mod terms;

use std::sync::Arc;

use crate::board::{Bits, Color, MAX_KINDS, PieceKind, Square};
use crate::position::Position;
use crate::position::attacks::powers::{power_targets, powers_of};
use crate::variants::{Family, KNIGHT_LEAPS, Role, Variant};

use terms::{
    KING_ATTACK_MAX, Layout, MOBILITY_MAX, PASSED_BUCKETS, SAFE_CHECK_MAX, centre_distance,
};

/// A (middlegame, endgame) pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::Add for Pair {
    type Output = Pair;
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

/// `CacheEntry::full` before the full evaluation is known.
const NOT_YET: i32 = i32::MIN;

#[derive(Clone, Copy, Debug, Default)]
struct CacheEntry {
    key: u64,
    cheap: i32,
    full: i32,
    material: Pair,
    phase: i32,
}

/// What the pawns alone decide: their terms and the sets the other terms read. Kept per pawn
/// structure (the position's structure key).
#[derive(Clone, Copy, Debug, Default)]
struct PawnEntry<B: Bits> {
    key: u64,
    /// The pawn-structure terms, White's view.
    score: Pair,
    info: PawnInfo<B>,
}

/// One search thread's memory of recent evaluations, indexed by position key (a position met
/// again in the next iteration, or by transposition, is not evaluated again), and of recent pawn
/// structures. Entries are overwritten freely: a key that does not match is a miss.
#[derive(Debug)]
pub struct EvalCache<B: Bits> {
    entries: Vec<CacheEntry>,
    pawns: Vec<PawnEntry<B>>,
}

impl<B: Bits> EvalCache<B> {
    /// A cache of `2^bits` entries (and a pawn cache of a sixteenth of that).
    pub fn new(bits: u32) -> EvalCache<B> {
        let empty = CacheEntry {
            key: 0,
            cheap: 0,
            full: NOT_YET,
            material: Pair::default(),
            phase: 0,
        };
        // Key 0 with an empty pawn set is what it says: no pawns, no score.
        EvalCache {
            entries: vec![empty; 1 << bits],
            pawns: vec![PawnEntry::default(); 1 << bits.saturating_sub(4)],
        }
    }

    #[inline(always)]
    fn slot(&mut self, key: u64) -> &mut CacheEntry {
        let mask = self.entries.len() - 1;
        &mut self.entries[(key as usize) & mask]
    }
}

/// The counts of one position's terms, White's minus Black's, for the tuner.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// (term, count) of the tapered terms; a term may appear more than once (counts add up).
    pub terms: Vec<(u32, i32)>,
    /// (term, count) of the flat terms (the tempo), from White's view.
    pub flat: Vec<(u32, i32)>,
    /// The middlegame share of the blend: the phase over its total, in [0, 1].
    pub mg: f64,
    /// The share of the tapered score kept when it favours White, and when it favours Black
    /// (1 but for a side that cannot mate).
    pub scale: [f64; 2],
}

impl Trace {
    /// The evaluation from White's view that `weights` give this trace (as the evaluator
    /// computes it, without integer rounding).
    pub fn score(&self, weights: &[Pair]) -> f64 {
        let mut mg = 0.0;
        let mut eg = 0.0;
        for &(t, n) in &self.terms {
            mg += f64::from(weights[t as usize].0 * n);
            eg += f64::from(weights[t as usize].1 * n);
        }
        let flat: i32 = self
            .flat
            .iter()
            .map(|&(t, n)| weights[t as usize].0 * n)
            .sum();
        let tapered = mg * self.mg + eg * (1.0 - self.mg);
        tapered * self.scale[usize::from(tapered <= 0.0)] + f64::from(flat)
    }
}

/// Where the feature code sends each term.
trait Sink<B: Bits> {
    /// `n` more of term `t` (White's count minus Black's).
    fn add(&mut self, t: usize, n: i32);
    /// A piece of `color` and `kind` on `sq`: its value and its square term.
    fn piece(&mut self, ev: &Evaluator<B>, color: Color, kind: PieceKind, sq: Square);
    /// Whether terms whose weights are all zero must still be counted (the tuner's counts).
    const COUNTS: bool;
}

/// The search's sink: the weighted sum.
struct Sum<'a> {
    weights: &'a [Pair],
    total: Pair,
}

impl<B: Bits> Sink<B> for Sum<'_> {
    const COUNTS: bool = false;
    #[inline(always)]
    fn add(&mut self, t: usize, n: i32) {
        self.total += self.weights[t] * n;
    }
    #[inline(always)]
    fn piece(&mut self, ev: &Evaluator<B>, color: Color, kind: PieceKind, sq: Square) {
        let p = ev.psq[color.index()][kind.index()][sq.index()];
        match color {
            Color::White => self.total += p,
            Color::Black => self.total -= p,
        }
    }
}

/// The tuner's sink: the counts.
struct Tracer {
    terms: Vec<(u32, i32)>,
}

impl<B: Bits> Sink<B> for Tracer {
    const COUNTS: bool = true;
    fn add(&mut self, t: usize, n: i32) {
        if n != 0 {
            self.terms.push((t as u32, n));
        }
    }
    fn piece(&mut self, ev: &Evaluator<B>, color: Color, kind: PieceKind, sq: Square) {
        let sign = sign(color);
        let g = &ev.variant.geometry;
        self.terms
            .push(((ev.layout.value + kind.index()) as u32, sign));
        let t = ev.layout.psq_term(g, kind, color, sq);
        self.terms.push((t as u32, sign));
    }
}

#[inline(always)]
fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Evaluation tables of one variant, built once when the variant is chosen.
#[derive(Debug)]
pub struct Evaluator<B: Bits> {
    variant: &'static Variant<B>,
    /// Hand-set piece values: the exchange values of SEE and the pruning margins, and the phase
    /// weights. The evaluation's own material weights are in `weights`.
    pub values: Vec<Pair>,
    layout: Layout,
    weights: Vec<Pair>,
    /// `psq[color][kind][sq]`: value plus square term for a piece there.
    psq: [Vec<[Pair; 256]>; 2],
    /// Material of the start position, board and hand, without pawns and kings: the phase scale.
    phase_total: i32,
    /// King ring per square: the squares a king there could step to.
    king_ring: Box<[B; 256]>,
    /// Per square: the files next to it (for isolated pawns) and, per colour, the span ahead
    /// on the same and adjacent files (for passed pawns).
    adjacent_files: Box<[B; 256]>,
    passed_span: [Box<[B; 256]>; 2],
    /// Per square: its neighbours on the same rank; per colour, the square ahead (empty set at
    /// the edge).
    beside: Box<[B; 256]>,
    ahead: [Box<[B; 256]>; 2],
    /// The eight [`STEPS`] as shifts of a whole set, each with the squares it may start from.
    steps: [(i32, B); 8],
    /// Per square: the squares within two king steps (Combined Arms' king pressure).
    king_zone: Box<[B; 256]>,
    /// Per colour: the orthodox pawn's captures as shifts of the whole set, each with the
    /// squares it may start from (so that no shift wraps around an edge).
    pawn_shifts: [Vec<(i32, B)>; 2],
    /// The kinds whose mobility counts, each with whether it is still (no leaps, no slides).
    mobile: Vec<(PieceKind, bool)>,
    /// Per mobile kind with any: the mobile kinds worth at least a hundred more (hand-set
    /// middlegame values), which its attacks threaten as a lesser piece's.
    lesser_threats: Vec<(PieceKind, Vec<PieceKind>)>,
    /// Whether the kinds' leaps and slides are all their attacks (the Standard and Powers
    /// families), so that attack maps built from them are exact: the threat terms need them.
    plain_attacks: bool,
    /// Whether any weight of the safe checks, the weak squares by the king or the threats by
    /// a lesser piece is not zero (else the search skips working them out).
    king_danger_weighed: bool,
    /// Per colour: the ranks of the enemy's half short of its last two, where a piece that a
    /// pawn guards and no enemy pawn can ever attack stands on an outpost.
    outposts: [B; 2],
    /// The network the search evaluates with instead of the terms, when one is loaded (the
    /// terms still give SEE's values, the margins and the draw rules).
    pub network: Option<Arc<nnue::Loaded>>,
}

impl<B: Bits> Evaluator<B> {
    /// The evaluator with the variant's table (or its defaults where the table is silent).
    pub fn new(v: &'static Variant<B>) -> Evaluator<B> {
        let mut ev = Self::with_family(v);
        let mut w = ev.weights.clone();
        match table::apply_builtin(v.weights, &ev.layout, &mut w) {
            Some(Ok(_)) => ev.set_weights(w),
            Some(Err(e)) => log::error!("the parameter table of {} is not used: {e}", v.name),
            None => {}
        }
        ev
    }

    /// The evaluator with the defaults and the family's table, without the variant's own.
    pub fn with_family(v: &'static Variant<B>) -> Evaluator<B> {
        let mut ev = Self::with_defaults(v);
        if let Some(text) = table::builtin_family(v.family.name()) {
            let mut w = ev.weights.clone();
            match table::apply_shared(text, &ev.layout, &mut w) {
                Ok(_) => ev.set_weights(w),
                Err(e) => log::error!("the {} family table is not used: {e}", v.family.name()),
            }
        }
        ev
    }

    /// The evaluator with the variant's built-in table and then `text` (a parameter table,
    /// `table.rs`) over it; an error names the line that does not fit the variant.
    pub fn with_table(v: &'static Variant<B>, text: &str) -> Result<Evaluator<B>, String> {
        let mut ev = Self::new(v);
        let mut w = ev.weights.clone();
        table::apply(text, &ev.layout, &mut w)?;
        ev.set_weights(w);
        Ok(ev)
    }

    /// The evaluator with the hand-set defaults only.
    pub fn with_defaults(v: &'static Variant<B>) -> Evaluator<B> {
        let values: Vec<Pair> = (0..v.kinds.len())
            .map(|i| terms::kind_value(v, PieceKind(i as u8)))
            .collect();
        let layout = Layout::build(v);
        let weights = terms::defaults(v, &layout, &values);
        let g = &v.geometry;
        let mut king_ring = Box::new([B::ZERO; 256]);
        let mut adjacent_files = Box::new([B::ZERO; 256]);
        let mut passed_span = [Box::new([B::ZERO; 256]), Box::new([B::ZERO; 256])];
        let mut beside = Box::new([B::ZERO; 256]);
        let mut ahead = [Box::new([B::ZERO; 256]), Box::new([B::ZERO; 256])];
        for sq in g.squares() {
            for df in [-1, 1] {
                if let Some(b) = g.offset(sq, df, 0) {
                    beside[sq.index()] |= B::bit(b);
                }
            }
            for (color, dr) in [(Color::White, 1), (Color::Black, -1)] {
                if let Some(a) = g.offset(sq, 0, dr) {
                    ahead[color.index()][sq.index()] = B::bit(a);
                }
            }
            king_ring[sq.index()] = v.tables.leaps[0][v.king.index()][sq.index()];
            let f = g.file(sq) as i32;
            for df in [-1, 1] {
                if f + df >= 0 && f + df < g.files as i32 {
                    adjacent_files[sq.index()] |= g.file_masks[(f + df) as usize];
                }
            }
            for color in Color::BOTH {
                let mut span = B::ZERO;
                for other in g.squares() {
                    let ahead = g.relative_rank(other, color) > g.relative_rank(sq, color);
                    if ahead && (g.file(other) as i32 - f).abs() <= 1 {
                        span |= B::bit(other);
                    }
                }
                passed_span[color.index()][sq.index()] = span;
            }
        }
        let start = Position::start(v);
        // Counted as the phase is (board and hand): the pieces a game starts with in hand
        // (Shock Troops' War and Elephant Knights) are in the scale too.
        let phase_total = piece_phase(&start, &values);
        let mobile = v
            .tables
            .piece_kinds
            .iter()
            .map(|&k| {
                let spec = &v.kinds[k.index()];
                let leaps = |c: Color| {
                    v.tables.leaps[c.index()][k.index()]
                        .iter()
                        .all(|b| b.is_empty())
                };
                let still = !spec.slides_orthogonal
                    && !spec.slides_diagonal
                    && leaps(Color::White)
                    && leaps(Color::Black);
                (k, still)
            })
            .collect::<Vec<_>>();
        let lesser_threats = mobile
            .iter()
            .filter_map(|&(kind, _)| {
                let worth = values[kind.index()].0;
                let victims: Vec<PieceKind> = mobile
                    .iter()
                    .map(|&(victim, _)| victim)
                    .filter(|victim| values[victim.index()].0 >= worth + 100)
                    .collect();
                (!victims.is_empty()).then_some((kind, victims))
            })
            .collect();
        let shift_of = |df: i8, dr: i8| {
            let from = g
                .squares()
                .filter(|&sq| g.offset(sq, df, dr).is_some())
                .fold(B::ZERO, |m, sq| m | B::bit(sq));
            (i32::from(dr) * B::STRIDE as i32 + i32::from(df), from)
        };
        let steps = STEPS.map(|(df, dr)| shift_of(df, dr));
        let mut pawn_shifts = [Vec::new(), Vec::new()];
        if let Some(p) = v.pawn {
            for color in Color::BOTH {
                for &(df, dr) in v.kinds[p.index()].leaps {
                    let dr = if color == Color::White { dr } else { -dr };
                    pawn_shifts[color.index()].push(shift_of(df, dr));
                }
            }
        }
        let mut king_zone = Box::new([B::ZERO; 256]);
        for sq in g.squares() {
            for df in -2..=2 {
                for dr in -2..=2 {
                    if let Some(t) = g.offset(sq, df, dr) {
                        king_zone[sq.index()] |= B::bit(t);
                    }
                }
            }
        }
        let mut ev = Evaluator {
            variant: v,
            steps,
            king_zone,
            pawn_shifts,
            values,
            layout,
            weights: Vec::new(),
            psq: [Vec::new(), Vec::new()],
            mobile,
            lesser_threats,
            phase_total: phase_total.max(1),
            king_ring,
            adjacent_files,
            passed_span,
            beside,
            ahead,
            plain_attacks: matches!(v.family, Family::Standard | Family::Powers(_)),
            king_danger_weighed: false,
            outposts: Color::BOTH.map(|c| {
                (g.ranks / 2 - 1..g.ranks.saturating_sub(2))
                    .fold(B::ZERO, |m, r| m | g.relative_rank_mask(c, r))
            }),
            network: None,
        };
        ev.set_weights(weights);
        ev
    }

    /// Evaluates with `network` instead of the terms, if it fits the variant (else nothing
    /// changes and the error says why).
    pub fn set_network(&mut self, network: Arc<nnue::Network>) -> Result<(), String> {
        let map = nnue::InputMap::new(&network.layout, self.variant)?;
        self.network = Some(Arc::new(nnue::Loaded { net: network, map }));
        Ok(())
    }

    /// The variant evaluated.
    pub fn variant(&self) -> &'static Variant<B> {
        self.variant
    }

    /// The terms' layout (names and places).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The weights in use.
    pub fn weights(&self) -> &[Pair] {
        &self.weights
    }

    /// Uses `weights` (one per term of the layout) from now on.
    pub fn set_weights(&mut self, weights: Vec<Pair>) {
        assert_eq!(weights.len(), self.layout.len());
        let v = self.variant;
        let g = &v.geometry;
        let mut psq: [Vec<[Pair; 256]>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            for i in 0..v.kinds.len() {
                let kind = PieceKind(i as u8);
                let mut t = [Pair::default(); 256];
                for sq in g.squares() {
                    t[sq.index()] = weights[self.layout.value + i]
                        + weights[self.layout.psq_term(g, kind, color, sq)];
                }
                psq[color.index()].push(t);
            }
        }
        self.psq = psq;
        let l = &self.layout;
        let zero = |at: usize, n: usize| weights[at..at + n].iter().all(|&w| w == Pair::default());
        self.king_danger_weighed = !(zero(l.safe_check, v.kinds.len())
            && zero(l.weak_ring, 1)
            && zero(l.threat_by_lesser, 2));
        self.weights = weights;
    }

    /// The static evaluation of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        self.evaluate_lazy(pos, -i32::MAX, i32::MAX)
    }

    /// As `evaluate`, but when material, squares and pawns alone are further than `LAZY_MARGIN`
    /// outside (alpha, beta), the mobility and king terms are skipped: they cannot bring the
    /// score back into the window (they stay well under the margin in practice).
    pub fn evaluate_lazy(&self, pos: &Position<B>, alpha: i32, beta: i32) -> i32 {
        let pawns = self.pawn_entry(pos);
        let (score, phase, complete) = self.material(pos, &pawns);
        let cheap = self.blend(pos, score, phase);
        if complete || Self::lazy_cut(cheap, alpha, beta) {
            return cheap;
        }
        self.blend(pos, score + self.activity(pos, &pawns.info), phase)
    }

    /// As `evaluate_lazy`, remembering both parts of each evaluation and the pawn terms in
    /// `cache` (the thread's own) so that a position or pawn structure met again costs a lookup.
    /// Gives exactly what `evaluate_lazy` gives.
    pub fn evaluate_cached(
        &self,
        pos: &Position<B>,
        alpha: i32,
        beta: i32,
        cache: &mut EvalCache<B>,
    ) -> i32 {
        let key = pos.key();
        let slot = cache.slot(key);
        let entry = if slot.key == key {
            *slot
        } else {
            let pawns = self.cached_pawns(pos, cache);
            let (score, phase, complete) = self.material(pos, &pawns);
            let cheap = self.blend(pos, score, phase);
            let entry = CacheEntry {
                key,
                cheap,
                full: if complete { cheap } else { NOT_YET },
                material: score,
                phase,
            };
            *cache.slot(key) = entry;
            entry
        };
        if Self::lazy_cut(entry.cheap, alpha, beta) {
            return entry.cheap;
        }
        if entry.full != NOT_YET {
            return entry.full;
        }
        let pawns = self.cached_pawns(pos, cache);
        let full = self.blend(
            pos,
            entry.material + self.activity(pos, &pawns.info),
            entry.phase,
        );
        cache.slot(key).full = full;
        full
    }

    /// The pawn entry of `pos`, from `cache` or computed and stored there.
    #[inline(always)]
    fn cached_pawns(&self, pos: &Position<B>, cache: &mut EvalCache<B>) -> PawnEntry<B> {
        let key = pos.structure_key();
        let mask = cache.pawns.len() - 1;
        let slot = &mut cache.pawns[(key as usize) & mask];
        if slot.key != key {
            *slot = self.pawn_entry(pos);
        }
        *slot
    }

    /// The pawn terms and sets of `pos`.
    fn pawn_entry(&self, pos: &Position<B>) -> PawnEntry<B> {
        let info = self.pawn_info(pos);
        let mut sum = Sum {
            weights: &self.weights,
            total: Pair::default(),
        };
        self.pawn_structures(pos, &info, &mut sum);
        PawnEntry {
            key: pos.structure_key(),
            score: sum.total,
            info,
        }
    }

    /// The counts of every term of `pos` (the full evaluation, no lazy cut), White's view.
    pub fn trace(&self, pos: &Position<B>) -> Trace {
        let mut t = Tracer { terms: Vec::new() };
        let phase = if let Some(strong) = self.converting(pos) {
            if Self::convert_pawns(pos) {
                self.pawn_structures(pos, &self.pawn_info(pos), &mut t);
            }
            self.features_convert(pos, strong, &mut t)
        } else {
            let info = self.pawn_info(pos);
            let phase = self.features_material(pos, &info, &mut t);
            self.pawn_structures(pos, &info, &mut t);
            self.features_activity(pos, &info, &mut t);
            phase
        };
        let phase = phase.min(self.phase_total);
        let stm = sign(pos.side_to_move());
        let flat_term = if pos.is_frozen() {
            self.layout.frozen
        } else {
            self.layout.tempo
        };
        let mut flat = vec![(flat_term as u32, stm)];
        if self.dead_draw(pos) {
            t.terms.clear();
            flat.clear();
        }
        let scale = Color::BOTH.map(|c| self.share(pos, c));
        Trace {
            terms: t.terms,
            flat,
            mg: f64::from(phase) / f64::from(self.phase_total),
            scale: scale.map(|f| f64::from(f) / f64::from(SCALE_FULL)),
        }
    }

    #[inline(always)]
    fn lazy_cut(cheap: i32, alpha: i32, beta: i32) -> bool {
        const LAZY_MARGIN: i32 = 350;
        cheap - LAZY_MARGIN >= beta || cheap.saturating_add(LAZY_MARGIN) <= alpha
    }

    /// Material and squares (board and hand) and pawn structure, White's view, with the phase.
    /// `complete` when nothing else counts (a conversion: [`Self::converting`]).
    fn material(&self, pos: &Position<B>, pawns: &PawnEntry<B>) -> (Pair, i32, bool) {
        if let Some(strong) = self.converting(pos) {
            let mut sum = Sum {
                weights: &self.weights,
                total: if Self::convert_pawns(pos) {
                    pawns.score
                } else {
                    Pair::default()
                },
            };
            let phase = self.features_convert(pos, strong, &mut sum);
            return (sum.total, phase.min(self.phase_total), true);
        }
        let mut sum = Sum {
            weights: &self.weights,
            total: pawns.score,
        };
        let phase = self.features_material(pos, &pawns.info, &mut sum);
        (sum.total, phase.min(self.phase_total), false)
    }

    /// Mobility, threats, king safety and the rest, White's view.
    fn activity(&self, pos: &Position<B>, pawns: &PawnInfo<B>) -> Pair {
        let mut sum = Sum {
            weights: &self.weights,
            total: Pair::default(),
        };
        self.features_activity(pos, pawns, &mut sum);
        sum.total
    }

    /// The tapered score for the side to move, with the tempo.
    fn blend(&self, pos: &Position<B>, p: Pair, phase: i32) -> i32 {
        if self.dead_draw(pos) {
            return 0; // A dead draw (see `dead_draw`).
        }
        // A frozen side must pass: the opponent in effect moves twice (rules/shockchess.md 2.3).
        let tempo = if pos.is_frozen() {
            self.weights[self.layout.frozen].0
        } else {
            self.weights[self.layout.tempo].0
        };
        let t = p.0 * phase + p.1 * (self.phase_total - phase);
        let favoured = if t > 0 { Color::White } else { Color::Black };
        let f = self.share(pos, favoured);
        let b = if f == SCALE_FULL {
            t / self.phase_total
        } else {
            (i64::from(t) * i64::from(f) / i64::from(self.phase_total * SCALE_FULL)) as i32
        };
        (if pos.side_to_move() == Color::White {
            b
        } else {
            -b
        }) + tempo
    }

    /// The share of the tapered score, in [`SCALE_FULL`]ths, kept when it favours `color`: a
    /// side that cannot mate keeps little of its lead, so that the search looks for a win
    /// elsewhere and its scores of dead endings say draw.
    #[inline(always)]
    fn share(&self, pos: &Position<B>, color: Color) -> i32 {
        match pos.variant().family {
            Family::Powers(k) if powers_cannot_mate(pos, color, &k) => SCALE_CANNOT_MATE,
            _ => SCALE_FULL,
        }
    }

    /// Exciting Chess: neither side has anything but its king, its soldiers (board and hand)
    /// and at most one minor piece (knight, bishop or tiger). Soldiers attack no square, so a
    /// king with a friend beside it cannot be enclosed, and a side with soldiers in hand can
    /// always drop one there; a lone minor piece guards too little to force an enclosure. Such
    /// endings are drawn in practice: in self-play (50 games from the book, 2+0.02) every game
    /// that reached one was drawn, most at the move limit, and a knight with four soldiers in
    /// hand never mated a bare king. The evaluation says so, leaving a win to the search (an
    /// enclosure it finds). The evaluation is exactly 0, without the tempo, so that a repetition
    /// is as good as any move and the game ends by rule instead of at the move limit; the
    /// tapered terms are not counted (the trace agrees), nor the search's correction.
    pub fn dead_draw(&self, pos: &Position<B>) -> bool {
        let v = pos.variant();
        let Family::Exciting(k) = v.family else {
            return false;
        };
        let spare = pos.kind_bb(k.soldier) | pos.kind_bb(k.veteran) | pos.kind_bb(v.king);
        let rest = pos.occupied() & !spare;
        let minors = pos.kind_bb(k.knight) | pos.kind_bb(k.bishop) | pos.kind_bb(k.tiger);
        if (rest & !minors).any()
            || Color::BOTH
                .iter()
                .any(|&c| (rest & pos.color_bb(c)).count() > 1)
        {
            return false;
        }
        (0..v.kinds.len()).all(|i| {
            let kind = PieceKind(i as u8);
            kind == k.soldier || Color::BOTH.iter().all(|&c| pos.hand_count(c, kind) == 0)
        })
    }

    /// The cheap terms beside the pawn structure (board and hand material, squares, passed
    /// pawns' path and kings); returns the phase (not yet capped).
    fn features_material<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        pawns: &PawnInfo<B>,
        s: &mut S,
    ) -> i32 {
        let v = pos.variant();
        let l = &self.layout;
        let mut phase = 0;
        for color in Color::BOTH {
            let sg = sign(color);
            for (i, spec) in v.kinds.iter().enumerate() {
                let kind = PieceKind(i as u8);
                let bb = pos.pieces(color, kind);
                for sq in bb.iter() {
                    s.piece(self, color, kind, sq);
                }
                if spec.role == Role::Piece {
                    phase += self.values[i].0 * bb.count() as i32;
                }
                let held = pos.hand_count(color, kind) as i32;
                if held > 0 {
                    s.add(l.hand + i, sg * held);
                    if spec.role == Role::Piece {
                        phase += held * self.values[i].0;
                    }
                }
            }
            self.passed_path(pos, color, pawns.passed[color.index()], s);
        }
        phase
    }

    /// The activity terms for both sides.
    fn features_activity<S: Sink<B>>(&self, pos: &Position<B>, pawns: &PawnInfo<B>, s: &mut S) {
        let l = &self.layout;
        let mut attacks = [B::ZERO; 2];
        let mut by_kind = [[B::ZERO; MAX_KINDS]; 2];
        for color in Color::BOTH {
            let sg = sign(color);
            let (reach, mut ring_attacks) =
                self.mobility(pos, color, pawns, &mut by_kind[color.index()], s);
            attacks[color.index()] = reach;
            if let Family::Powers(k) = pos.variant().family {
                let (reach, ring) = self.power_pawns(pos, color, &k, s);
                attacks[color.index()] |= reach;
                ring_attacks = (ring_attacks + ring).min(KING_ATTACK_MAX as i32);
            }
            self.king_shelter(pos, color, pawns.all[color.index()], s);
            // Pressure on the enemy king ring grows faster than linearly: a weight per count.
            s.add(l.king_attack + ring_attacks as usize, sg);
            self.drops(pos, color, s);
        }
        if self.plain_attacks {
            // What guards a square besides the king, then with it.
            let guards = Color::BOTH.map(|c| attacks[c.index()] | pawns.attacks[c.index()]);
            for color in Color::BOTH {
                attacks[color.index()] = guards[color.index()] | self.king_reach(pos, color);
            }
            for color in Color::BOTH {
                self.threats(pos, color, &attacks, pawns, &by_kind[color.index()], s);
                if S::COUNTS || self.king_danger_weighed {
                    self.king_danger(pos, color, &attacks, &guards, &by_kind[color.index()], s);
                }
            }
        }
        match pos.variant().family {
            Family::CombinedArms(k) => {
                for color in Color::BOTH {
                    self.arms(pos, color, &k, s);
                }
            }
            Family::Exciting(k) => {
                for color in Color::BOTH {
                    self.exciting(pos, color, &k, s);
                }
            }
            _ => {}
        }
        self.mop_up(pos, s);
    }

    /// `x` moved one step in direction `d` (an index of `STEPS`), squares off the board dropped.
    #[inline(always)]
    fn step(&self, x: B, d: usize) -> B {
        let (shift, from) = self.steps[d];
        let x = x & from;
        if shift > 0 {
            x << shift as u32
        } else {
            x >> (-shift) as u32
        }
    }

    /// Combined Arms: what the artillery can shoot (shots pass over everything), what armor
    /// can reach, the artillery's slides, the room aviation has outside the enemy's no-fly zone,
    /// own pieces next to the headquarters and enemy troops near it.
    fn arms<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        k: &crate::variants::ArmsKinds,
        s: &mut S,
    ) {
        let v = pos.variant();
        let t = &v.tables;
        let g = &v.geometry;
        let l = &self.layout;
        let sg = sign(color);
        let them = color.flip();
        let waits = usize::from(pos.side_to_move() != color);
        let occupied = pos.occupied();
        let empty = !occupied & g.valid;
        let own = pos.color_bb(color);
        let targets = pos.color_bb(them) & !pos.kind_bb(v.king);
        let mut shots = B::ZERO;
        let mut light_slides = 0;
        for sq in pos.pieces(color, k.light).iter() {
            shots |= t.near_range[sq.index()];
            light_slides += (g.diagonal_attacks(sq, occupied) & empty).count() as i32;
        }
        let mut heavy_slides = 0;
        for sq in pos.pieces(color, k.heavy).iter() {
            shots |= t.far_range[sq.index()];
            heavy_slides += (g.orthogonal_attacks(sq, occupied) & empty).count() as i32;
        }
        s.add(l.arms_shots + waits, sg * (shots & targets).count() as i32);
        s.add(l.arms_light_slides, sg * light_slides);
        s.add(l.arms_heavy_slides, sg * heavy_slides);
        let mut armor = B::ZERO;
        for sq in pos.pieces(color, k.armor).iter() {
            armor |= t.three_steps[sq.index()] & !own;
        }
        s.add(
            l.arms_armor_targets + waits,
            sg * (armor & targets).count() as i32,
        );
        let queens = pos.pieces(color, k.aviation).count() as i32;
        if queens > 0 {
            let zone = crate::position::attacks::arms::no_fly(pos, them, k, occupied);
            s.add(
                l.arms_air_room,
                sg * queens * (empty & !zone).count() as i32,
            );
        }
        if let Some(king) = pos.king_square(color) {
            let ring = t.wazir[king.index()] | t.ferz[king.index()];
            s.add(l.arms_king_guards, sg * (ring & own).count() as i32);
            let near = self.king_zone[king.index()];
            let troops = pos.pieces(them, k.infantry)
                | pos.pieces(them, k.armor)
                | pos.pieces(them, k.aviation);
            // Pressure on this side's own king: counted against it.
            s.add(l.arms_king_pressure, -sg * (near & troops).count() as i32);
        }
    }

    /// Exciting Chess: soldiers side by side with a friend (hard to enclose), enemy pieces one
    /// soldier step from a custodian capture, and enemy pieces a checker can jump now.
    fn exciting<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        k: &crate::variants::ExcitingKinds,
        s: &mut S,
    ) {
        let v = pos.variant();
        let g = &v.geometry;
        let l = &self.layout;
        let sg = sign(color);
        let them = color.flip();
        let waits = usize::from(pos.side_to_move() != color);
        let empty = !pos.occupied() & g.valid;
        let own = pos.color_bb(color);
        let targets = pos.color_bb(them) & !pos.kind_bb(v.king);
        let soldiers = pos.pieces(color, k.soldier);
        let veterans = pos.pieces(color, k.veteran);
        let all_soldiers = soldiers | veterans;
        if all_soldiers.any() {
            let (east, west) = (0, 1);
            let beside = self.step(own, east) | self.step(own, west);
            s.add(l.soldier_wall, sg * (all_soldiers & beside).count() as i32);
            // Empty squares a soldier of this side can step onto: forward and sideways for a
            // soldier, every orthogonal step for a promoted one.
            let forward = if color == Color::White { 2 } else { 3 };
            let back = if color == Color::White { 3 } else { 2 };
            let reach = (self.step(soldiers | veterans, forward)
                | self.step(all_soldiers, east)
                | self.step(all_soldiers, west)
                | self.step(veterans, back))
                & empty;
            // An enemy piece with a friend of ours on one side and, on the other, a square one
            // of our soldiers can step onto.
            let mut threatened = B::ZERO;
            for (d, opposite) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
                threatened |= targets & self.step(own, opposite) & self.step(reach, d);
            }
            s.add(l.custodian + waits, sg * threatened.count() as i32);
        }
        let men = pos.pieces(color, k.man);
        let crowned = pos.pieces(color, k.draughts_king);
        if (men | crowned).any() {
            let forward = if color == Color::White {
                [4, 5]
            } else {
                [6, 7]
            };
            let mut jumpable = B::ZERO;
            for d in 4..8 {
                let jumpers = if forward.contains(&d) {
                    men | crowned
                } else {
                    crowned
                };
                // A piece one diagonal step from a checker with the square beyond it empty.
                jumpable |= self.step(jumpers, d) & targets & self.step(empty, opposite(d));
            }
            s.add(l.checker_jumps + waits, sg * jumpable.count() as i32);
        }
        // The enemy king's orthogonal neighbours this side does not hold yet: the fewer, the
        // nearer a soldier step that encloses it (II.2.7).
        if let Some(king) = pos.king_square(them) {
            let around = v.tables.wazir[king.index()];
            let missing = (around & !own).count().min(4) as usize;
            s.add(l.enclosure + missing, sg);
        }
    }

    /// Squares each plain piece reaches that are not its own side's, weighted by kind; pairs and
    /// files for the sliders. Returns every square the pieces attack and how many of those
    /// attacks land next to the enemy king.
    fn mobility<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        info: &PawnInfo<B>,
        by_kind: &mut [B; MAX_KINDS],
        s: &mut S,
    ) -> (B, i32) {
        let v = pos.variant();
        let g = &v.geometry;
        let l = &self.layout;
        let sg = sign(color);
        let own = pos.color_bb(color);
        let occupied = pos.occupied();
        let ring = pos
            .king_square(color.flip())
            .map_or(B::ZERO, |k| self.king_ring[k.index()]);
        let pawns = info.all[0] | info.all[1];
        let own_pawns = info.all[color.index()];
        let them = color.flip().index();
        // Outposts: the enemy's half, guarded by a pawn, out of the enemy pawns' reach for good.
        let outposts =
            self.outposts[color.index()] & info.attacks[color.index()] & !info.span[them];
        let mut ring_attacks = 0;
        let mut reach = B::ZERO;
        for &(kind, still) in &self.mobile {
            let bb = pos.pieces(color, kind);
            let count = bb.count() as i32;
            if count == 0 {
                continue;
            }
            let i = kind.index();
            if count >= 2 {
                s.add(l.pair + i, sg);
            }
            if still {
                // A piece that neither leaps nor slides reaches nothing.
                s.add(l.mobility + i, sg * count * -4);
                continue;
            }
            let spec = &v.kinds[i];
            let leaps = &v.tables.leaps[color.index()][i];
            for sq in bb.iter() {
                let mut t = leaps[sq.index()];
                if spec.slides_orthogonal {
                    t |= g.orthogonal_attacks(sq, occupied);
                    let file = g.file_masks[g.file(sq) as usize];
                    if (file & pawns).is_empty() {
                        s.add(l.open_file + i, sg);
                    } else if (file & own_pawns).is_empty() {
                        s.add(l.half_open_file + i, sg);
                    }
                }
                if spec.slides_diagonal {
                    t |= g.diagonal_attacks(sq, occupied);
                }
                reach |= t;
                by_kind[i] |= t;
                let n = (t & !own).count() as i32;
                s.add(l.mobility + i, sg * (n - 4));
                if (B::bit(sq) & outposts).any() {
                    s.add(l.outpost + i, sg);
                }
                let free = (t & !own & !info.attacks[them]).count() as usize;
                s.add(
                    l.mobility_table + i * (MOBILITY_MAX + 1) + free.min(MOBILITY_MAX),
                    sg,
                );
                if n < 3 {
                    s.add(l.trapped + i, sg * (3 - n));
                }
                ring_attacks += (t & ring).count() as i32;
            }
        }
        (reach, ring_attacks.min(KING_ATTACK_MAX as i32))
    }

    /// Pawnier's pawns: each power held is worth something (linked pawns are what the army is
    /// made of; a lone pawn only steps), powered pawns count their moves like pieces, and their
    /// attacks next to the enemy king count as pressure on it. Returns what they attack and the
    /// count of attacks next to the enemy king.
    fn power_pawns<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        k: &crate::variants::PowerKinds,
        s: &mut S,
    ) -> (B, i32) {
        let l = &self.layout;
        let sg = sign(color);
        let ring = pos
            .king_square(color.flip())
            .map_or(B::ZERO, |k| self.king_ring[k.index()]);
        let occupied = pos.occupied();
        let own = pos.color_bb(color);
        let mut ring_attacks = 0;
        let mut reach = B::ZERO;
        for sq in pos.pieces(color, k.pawn).iter() {
            let p = powers_of(pos, color, sq, k);
            if !p.any() {
                continue;
            }
            s.add(l.power_rook, sg * p.rook as i32);
            s.add(l.power_bishop, sg * p.bishop as i32);
            s.add(l.power_knight, sg * p.knight as i32);
            let targets = power_targets(pos, sq, p, occupied);
            reach |= targets;
            s.add(l.power_mobility, sg * (targets & !own).count() as i32);
            ring_attacks += (targets & ring).count() as i32;
        }
        (reach, ring_attacks)
    }

    /// The pawns of both kinds of each side and the squares they capture on.
    fn pawn_info(&self, pos: &Position<B>) -> PawnInfo<B> {
        let all = [all_pawns(pos, Color::White), all_pawns(pos, Color::Black)];
        let attacks = [
            self.pawn_attacks(pos, Color::White),
            self.pawn_attacks(pos, Color::Black),
        ];
        let passed = |c: Color| {
            let theirs = all[c.flip().index()];
            all[c.index()]
                .iter()
                .filter(|sq| (theirs & self.passed_span[c.index()][sq.index()]).is_empty())
                .fold(B::ZERO, |m, sq| m | B::bit(sq))
        };
        let passed = [passed(Color::White), passed(Color::Black)];
        // Every square a pawn may attack as it advances: its captures, filled forward.
        let span = |c: Color| {
            let forward = if c == Color::White { 2 } else { 3 };
            let mut x = attacks[c.index()];
            for _ in 0..pos.variant().geometry.ranks {
                let next = x | self.step(x, forward);
                if next == x {
                    break;
                }
                x = next;
            }
            x
        };
        PawnInfo {
            all,
            attacks,
            passed,
            span: [span(Color::White), span(Color::Black)],
        }
    }

    /// The squares the pawns of both pawn kinds of `color` capture on.
    fn pawn_attacks(&self, pos: &Position<B>, color: Color) -> B {
        let v = pos.variant();
        let mut t = B::ZERO;
        if let Some(k) = v.pawn {
            let pawns = pos.pieces(color, k);
            for &(shift, from) in &self.pawn_shifts[color.index()] {
                let p = pawns & from;
                t |= if shift > 0 {
                    p << shift as u32
                } else {
                    p >> (-shift) as u32
                };
            }
        }
        if let Some(k) = v.sidestep_pawn {
            let leaps = &v.tables.leaps[color.index()][k.index()];
            for sq in pos.pieces(color, k).iter() {
                t |= leaps[sq.index()];
            }
        }
        t
    }

    fn king_reach(&self, pos: &Position<B>, color: Color) -> B {
        pos.king_square(color)
            .map_or(B::ZERO, |k| self.king_ring[k.index()])
    }

    /// Enemy pieces attacked by `color`'s pawns, enemy pieces attacked and not defended, enemy
    /// pieces attacked by a lesser piece (when those terms weigh anything), and the enemy's
    /// shock pieces (the General) under attack.
    fn threats<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        attacks: &[B; 2],
        pawns: &PawnInfo<B>,
        by_kind: &[B; MAX_KINDS],
        s: &mut S,
    ) {
        let v = pos.variant();
        let l = &self.layout;
        let sg = sign(color);
        let them = color.flip();
        let waits = usize::from(pos.side_to_move() != color);
        let kings = pos.kind_bb(v.king);
        let targets = pos.color_bb(them) & !kings;
        let by_pawn = targets & !pawns.all[them.index()] & pawns.attacks[color.index()];
        s.add(l.threat_by_pawn + waits, sg * by_pawn.count() as i32);
        let hanging = targets & attacks[color.index()] & !attacks[them.index()];
        s.add(l.hanging + waits, sg * hanging.count() as i32);
        if S::COUNTS || self.king_danger_weighed {
            let by_lesser = self.attacked_by_lesser(pos, them, by_kind);
            s.add(l.threat_by_lesser + waits, sg * by_lesser.count() as i32);
        }
        if v.flags.shock {
            // The enemy General under attack: taking it freezes their army for a turn.
            let attacked = pos.shock_pieces(them) & attacks[color.index()];
            s.add(l.shock_attacked + waits, sg * attacked.count() as i32);
        }
    }

    /// The pieces of `them` attacked by a piece worth less (by a hundred at least), defended
    /// or not; `by_kind`: what each of the other side's kinds reaches.
    fn attacked_by_lesser(&self, pos: &Position<B>, them: Color, by_kind: &[B; MAX_KINDS]) -> B {
        let mut attacked = B::ZERO;
        for (kind, victims) in &self.lesser_threats {
            let reach = by_kind[kind.index()];
            if reach.any() {
                for &victim in victims {
                    attacked |= reach & pos.pieces(them, victim);
                }
            }
        }
        attacked
    }

    /// `color`'s threats to the enemy king: per kind, the squares a piece of that kind reaches
    /// and could check from where nothing of the enemy's guards it (`by_kind`: what each of
    /// `color`'s kinds reaches); and the squares next to the enemy king that `color` attacks
    /// and only that king guards (`guards`: each side's attacks without its king's).
    fn king_danger<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        attacks: &[B; 2],
        guards: &[B; 2],
        by_kind: &[B; MAX_KINDS],
        s: &mut S,
    ) {
        let them = color.flip();
        let Some(king) = pos.king_square(them) else {
            return;
        };
        let v = pos.variant();
        let g = &v.geometry;
        let l = &self.layout;
        let sg = sign(color);
        let occupied = pos.occupied();
        let safe = !attacks[them.index()] & !pos.color_bb(color);
        let (mut orthogonal, mut diagonal) = (None, None);
        for &(kind, still) in &self.mobile {
            let i = kind.index();
            let from = by_kind[i] & safe;
            if still || from.is_empty() {
                continue;
            }
            let spec = &v.kinds[i];
            // The squares a piece of this kind checks from: its moves from the king's square,
            // mirrored (the enemy's leaps, for pieces that move by colour).
            let mut checks = v.tables.leaps[them.index()][i][king.index()];
            if spec.slides_orthogonal {
                checks |= *orthogonal.get_or_insert_with(|| g.orthogonal_attacks(king, occupied));
            }
            if spec.slides_diagonal {
                checks |= *diagonal.get_or_insert_with(|| g.diagonal_attacks(king, occupied));
            }
            let n = (from & checks).count() as i32;
            if n > 0 {
                s.add(l.safe_check + i, sg * n.min(SAFE_CHECK_MAX));
            }
        }
        let weak = self.king_ring[king.index()] & attacks[color.index()] & !guards[them.index()];
        if weak.any() {
            s.add(l.weak_ring, sg * weak.count() as i32);
        }
    }

    /// The pawn-structure terms of both sides.
    fn pawn_structures<S: Sink<B>>(&self, pos: &Position<B>, info: &PawnInfo<B>, s: &mut S) {
        for color in Color::BOTH {
            self.pawn_structure(pos, color, info, s);
        }
    }

    /// Doubled, isolated, supported, side-by-side and passed pawns (of every pawn kind): the
    /// terms of the pawns alone.
    fn pawn_structure<S: Sink<B>>(
        &self,
        pos: &Position<B>,
        color: Color,
        info: &PawnInfo<B>,
        s: &mut S,
    ) {
        let g = &pos.variant().geometry;
        let l = &self.layout;
        let sg = sign(color);
        let ours = info.all[color.index()];
        let defended = info.attacks[color.index()];
        let passed = info.passed[color.index()];
        for sq in ours.iter() {
            let file = g.file_masks[g.file(sq) as usize];
            if (ours & file).several() {
                s.add(l.doubled, sg);
            }
            if (ours & self.adjacent_files[sq.index()]).is_empty() {
                s.add(l.isolated, sg);
            }
            if defended.has(sq) {
                s.add(l.supported, sg);
            }
            if (ours & self.beside[sq.index()]).any() {
                s.add(l.phalanx, sg);
            }
            if passed.has(sq) {
                s.add(l.passed + self.passed_bucket(pos, sq, color), sg);
            }
        }
    }

    #[inline(always)]
    fn passed_bucket(&self, pos: &Position<B>, sq: Square, color: Color) -> usize {
        let g = &pos.variant().geometry;
        let last = g.ranks as i32 - 1;
        let rr = g.relative_rank(sq, color) as i32;
        (rr * (PASSED_BUCKETS as i32 - 1) / last.max(1)) as usize
    }

    /// Passed pawns whose next square is empty, and the kings' distances to it, weighted by
    /// the pawn's advancement.
    fn passed_path<S: Sink<B>>(&self, pos: &Position<B>, color: Color, passed: B, s: &mut S) {
        let g = &pos.variant().geometry;
        let l = &self.layout;
        let sg = sign(color);
        let kings = [pos.king_square(color), pos.king_square(color.flip())];
        for sq in passed.iter() {
            let step = self.ahead[color.index()][sq.index()];
            if step.is_empty() {
                continue;
            }
            let ahead = step.lsb();
            if !pos.occupied().has(ahead) {
                s.add(l.passed_free, sg);
            }
            if let [Some(own), Some(enemy)] = kings {
                let r = self.passed_bucket(pos, sq, color) as i32;
                s.add(l.passed_own_king, sg * r * distance(g, own, ahead));
                s.add(l.passed_enemy_king, sg * r * distance(g, enemy, ahead));
            }
        }
    }

    /// Own pawns in the squares in front of the king, and a king on a file without own pawns
    /// (middlegame terms).
    fn king_shelter<S: Sink<B>>(&self, pos: &Position<B>, color: Color, own_pawns: B, s: &mut S) {
        let v = pos.variant();
        let Some(king) = pos.king_square(color) else {
            return;
        };
        let g = &v.geometry;
        let l = &self.layout;
        let sg = sign(color);
        let front = self.king_ring[king.index()]
            & !g.relative_rank_mask(color, g.relative_rank(king, color));
        s.add(l.shelter, sg * (own_pawns & front).count() as i32);
        if v.pawn.is_some() && (own_pawns & g.file_masks[g.file(king) as usize]).is_empty() {
            s.add(l.king_open_file, sg);
        }
    }

    /// Pieces in hand against the room to drop them: empty squares of the enemy king's ring a
    /// held piece may be dropped on, and the drop squares left for each piece held (up to 8).
    fn drops<S: Sink<B>>(&self, pos: &Position<B>, color: Color, s: &mut S) {
        let v = pos.variant();
        if !v.flags.hands {
            return;
        }
        let l = &self.layout;
        let sg = sign(color);
        let empty = !pos.occupied();
        let ring = pos
            .king_square(color.flip())
            .map_or(B::ZERO, |k| self.king_ring[k.index()]);
        let mut near_king = B::ZERO;
        let mut room = 0;
        for &kind in &v.hand_kinds {
            let held = pos.hand_count(color, kind) as i32;
            if held == 0 {
                continue;
            }
            let zone = v.drop_zones[color.index()][kind.index()] & empty;
            near_king |= zone & ring;
            room += held * (zone.count() as i32).min(8);
        }
        s.add(l.drop_ring, sg * near_king.count() as i32);
        s.add(l.drop_room, sg * room);
    }

    /// A side ahead by at least a minor piece (hand-set values, board and hand) drives the
    /// enemy king to the edge and brings its own king close: how a won ending is converted.
    /// Hand-set terms when the other side has next to nothing that attacks (the conversion),
    /// fitted ones otherwise.
    fn mop_up<S: Sink<B>>(&self, pos: &Position<B>, s: &mut S) {
        let l = &self.layout;
        let (Some(wk), Some(bk)) = (pos.king_square(Color::White), pos.king_square(Color::Black))
        else {
            return;
        };
        // Against a king left with less than a minor piece (soldiers aside), by a rook's worth
        // or more: drive it to the edge and bring the king up, whatever the phase (soldiers and
        // pieces in hand keep it high in the drop games long after the game is won).
        // So too against a lone piece without pawns (a queen against a rook), by a little less.
        let attackers = Color::BOTH.map(|c| self.material_of(pos, c, false));
        for strong in Color::BOTH {
            let (ours, theirs) = (attackers[strong.index()], attackers[strong.flip().index()]);
            let lead = ours - theirs;
            if (theirs <= CONVERT_WEAK_MAX && lead >= CONVERT_LEAD_MIN)
                || (lead >= LONE_PIECE_LEAD_MIN && Self::lone_piece(pos, strong.flip()))
            {
                self.convert_terms(pos, strong, s);
                return;
            }
        }
        // Otherwise the fitted terms of a material lead (soldiers counted).
        let diff =
            self.material_of(pos, Color::White, true) - self.material_of(pos, Color::Black, true);
        if diff.abs() >= 300 {
            let strong = if diff > 0 { Color::White } else { Color::Black };
            let (edge, near) = self.edge_near(pos, strong, wk, bk);
            s.add(l.mop_edge, edge);
            s.add(l.mop_near, near);
        }
    }

    /// `color`'s material, board and hand, at the hand-set endgame values; Exciting's soldiers
    /// left out unless `soldiers` (they attack no square: they neither check nor guard one).
    fn material_of(&self, pos: &Position<B>, color: Color, soldiers: bool) -> i32 {
        let v = pos.variant();
        let kinds = soldier_kinds(v);
        (0..v.kinds.len())
            .map(|i| PieceKind(i as u8))
            .filter(|&k| soldiers || kinds.is_none_or(|(s, vet)| k != s && k != vet))
            .map(|k| {
                self.values[k.index()].1
                    * (pos.pieces(color, k).count() as i32 + pos.hand_count(color, k) as i32)
            })
            .sum()
    }

    /// Whether `color` has exactly one piece besides its king, no pawn and nothing in hand
    /// (a bare king is the other rule's, which asks a larger lead).
    fn lone_piece(pos: &Position<B>, color: Color) -> bool {
        let v = pos.variant();
        let rest = pos.color_bb(color) & !pos.kind_bb(v.king);
        let pawns = all_pawns(pos, color);
        rest.count() == 1 && (rest & pawns).is_empty() && !Self::holds_any(pos, color)
    }

    /// Whether `color` has anything in hand.
    fn holds_any(pos: &Position<B>, color: Color) -> bool {
        pos.variant()
            .hand_kinds
            .iter()
            .any(|&k| pos.hand_count(color, k) > 0)
    }

    /// The weak king's distance from the centre and the kings' closeness, signed for `strong`.
    /// Against a bishop and a knight, which mate only in a corner of the bishop's colour, the
    /// weak king's nearness to such a corner counts besides, four times a step, and the
    /// knight's closeness to it as the strong king's does.
    fn edge_near(&self, pos: &Position<B>, strong: Color, wk: Square, bk: Square) -> (i32, i32) {
        let g = &pos.variant().geometry;
        let span = g.files.max(g.ranks) as i32;
        let weak_king = if strong == Color::White { bk } else { wk };
        let sg = sign(strong);
        let mut edge = centre_distance(g, weak_king);
        let mut near = span - distance(g, wk, bk);
        if let Some((colour, knight)) = Self::bishop_knight(pos, strong) {
            // The knight close to the weak king too: it takes the squares of the other
            // colour, and a knight far off leaves the king a way out of the corner.
            near += span - distance(g, knight, weak_king);
            let (f, r) = (i32::from(g.files) - 1, i32::from(g.ranks) - 1);
            // The weak king's steps (files plus ranks) from the nearest corner of the bishop's
            // colour, at four half-squares each: it must be driven out of the wrong corner
            // along the edge, where the centre term does not change. (The 40 K+B+N v K endings
            // of classic280.epd played out against Stockfish, 300,000 nodes a move: 6 drawn by
            // the fifty-move rule with the king-step distance at two a step and the room term
            // below, none with this and without it.)
            let nearest = [(0, 0), (f, 0), (0, r), (f, r)]
                .into_iter()
                .filter_map(|(file, rank)| g.square(file, rank))
                .filter(|&c| g.colour(c) == colour)
                .map(|c| {
                    let df = (g.file(weak_king) as i32 - g.file(c) as i32).abs();
                    let dr = (g.rank(weak_king) as i32 - g.rank(c) as i32).abs();
                    df + dr
                })
                .min();
            if let Some(d) = nearest {
                edge += 4 * (2 * (span - 1) - d);
            }
        }
        (sg * edge, sg * near)
    }

    /// The square colour of `strong`'s bishop, and its knight's square, when all it has
    /// besides its king is one bishop (a piece that slides diagonally only, so keeps to one
    /// colour) and one knight, on the board: the mate with them needs a corner of that colour.
    fn bishop_knight(pos: &Position<B>, strong: Color) -> Option<(u8, Square)> {
        let v = pos.variant();
        let rest = pos.color_bb(strong) & !pos.kind_bb(v.king);
        if rest.count() != 2 {
            return None;
        }
        let (mut bishop, mut knight) = (None, None);
        for sq in rest.iter() {
            let k = &v.kinds[pos.piece_at(sq).kind().index()];
            if k.slides_diagonal && !k.slides_orthogonal && k.leaps.is_empty() {
                bishop = Some(v.geometry.colour(sq));
            } else if !k.slides_diagonal && !k.slides_orthogonal && k.leaps == KNIGHT_LEAPS {
                knight = Some(sq);
            }
        }
        bishop.zip(knight)
    }

    /// The hand-set conversion terms for `strong`: the weak king to the edge, the kings
    /// together, and the weak king's squares taken away.
    fn convert_terms<S: Sink<B>>(&self, pos: &Position<B>, strong: Color, s: &mut S) {
        let l = &self.layout;
        let (Some(wk), Some(bk)) = (pos.king_square(Color::White), pos.king_square(Color::Black))
        else {
            return;
        };
        let (edge, near) = self.edge_near(pos, strong, wk, bk);
        s.add(l.convert_edge, edge);
        s.add(l.convert_near, near);
        let weak = strong.flip();
        let weak_king = if weak == Color::White { wk } else { bk };
        // Against a bishop and a knight only the pull to the right corner and the kings'
        // closeness: the bishop's diagonals leave holes a king slips through, and the squares
        // it may step to or reach say little of a mate made in one corner.
        if Self::bishop_knight(pos, strong).is_some() {
            return;
        }
        s.add(
            l.convert_room,
            sign(strong) * self.king_room(pos, weak, weak_king),
        );
        // Not with pieces in hand: a drop can wall the king in or open a square at once, and
        // the walk sees none of it.
        if !Color::BOTH.iter().any(|&c| Self::holds_any(pos, c)) {
            let board = pos.variant().geometry.valid.count() as i32;
            let denied = board - self.king_box(pos, weak, weak_king);
            s.add(l.convert_box, sign(strong) * denied);
        }
    }

    /// The side that is mating a bare king: the other side has nothing but its king (and, in
    /// Exciting, soldiers, board and hand, which attack nothing, pawns, and at most one piece
    /// worth a minor), and this one has at least a rook's worth that attacks (soldiers aside)
    /// and leads by as much, counted with the soldiers or without.
    pub fn converting(&self, pos: &Position<B>) -> Option<Color> {
        let v = pos.variant();
        let mut spare = pos.kind_bb(v.king);
        let kinds = soldier_kinds(v);
        if let Some((s, vet)) = kinds {
            // Exciting: the weak side's pawns too (their structure still counts, see
            // `material`): a lone pawn must not hide a conversion.
            spare |= pos.kind_bb(s) | pos.kind_bb(vet);
            if let Some(pawn) = v.pawn {
                spare |= pos.kind_bb(pawn);
            }
        }
        let soldier = kinds.map(|(s, _)| s);
        for weak in Color::BOTH {
            let rest = pos.color_bb(weak) & !spare;
            // Exciting: also a single piece worth at most a minor (the lead below decides).
            let minor = kinds.is_some()
                && !rest.several()
                && rest
                    .iter()
                    .all(|sq| self.values[pos.piece_at(sq).kind().index()].1 <= CONVERT_WEAK_MAX);
            if rest.any() && !minor {
                continue;
            }
            let holds = (0..v.kinds.len()).any(|i| {
                let kind = PieceKind(i as u8);
                Some(kind) != soldier && pos.hand_count(weak, kind) > 0
            });
            let strong = weak.flip();
            // Enough to mate (soldiers aside), and well ahead with or without the soldiers.
            let mating = self.material_of(pos, strong, false);
            let lead = (mating - self.material_of(pos, weak, false))
                .max(self.material_of(pos, strong, true) - self.material_of(pos, weak, true));
            if !holds && mating >= CONVERT_LEAD_MIN && lead >= CONVERT_LEAD_MIN {
                return Some(strong);
            }
        }
        None
    }

    /// Whether a conversion keeps the pawn structure terms: in Exciting, where the weak side
    /// may keep its pawns ([`Self::converting`]) and a passed one must still be watched.
    fn convert_pawns(pos: &Position<B>) -> bool {
        soldier_kinds(pos.variant()).is_some()
    }

    /// The terms of a conversion ([`Self::converting`]), which replace all others: material
    /// (an Exciting promoted soldier counted as a soldier: promoting one makes no progress) and
    /// the conversion terms. Returns the phase (not yet capped).
    fn features_convert<S: Sink<B>>(&self, pos: &Position<B>, strong: Color, s: &mut S) -> i32 {
        let v = pos.variant();
        let l = &self.layout;
        let kinds = soldier_kinds(v);
        for color in Color::BOTH {
            let sg = sign(color);
            for i in 0..v.kinds.len() {
                let kind = PieceKind(i as u8);
                if kind == v.king {
                    continue;
                }
                let counted = match kinds {
                    Some((sol, vet)) if kind == vet => sol,
                    _ => kind,
                };
                let n = pos.pieces(color, kind).count() as i32;
                if n > 0 {
                    s.add(l.value + counted.index(), sg * n);
                    if color == strong && kinds.is_some_and(|(sol, _)| counted == sol) {
                        s.add(l.convert_soldier, sg * n);
                    }
                }
                let held = pos.hand_count(color, kind) as i32;
                if held > 0 {
                    s.add(l.hand + i, sg * held);
                }
            }
        }
        self.convert_terms(pos, strong, s);
        piece_phase(pos, &self.values)
    }

    /// The empty squares `color`'s king on `king` could reach by steps over empty squares the
    /// other side does not attack (the king's own square counted): the box the other side's
    /// pieces pen it in, which shrinks as a mate nears. A piece it could take ends the walk
    /// there (what follows a capture is the search's to see).
    fn king_box(&self, pos: &Position<B>, color: Color, king: Square) -> i32 {
        let them = color.flip();
        let occupied = pos.occupied() & !B::bit(king);
        let mut seen = pos.occupied();
        let mut frontier = B::bit(king);
        let mut region = 1;
        while frontier.any() {
            let mut next = B::ZERO;
            for sq in frontier.iter() {
                next |= self.king_ring[sq.index()];
            }
            next &= !seen;
            seen |= next;
            frontier = B::ZERO;
            for sq in next.iter() {
                if pos.attackers_to(sq, them, occupied).is_empty() {
                    frontier |= B::bit(sq);
                    region += 1;
                }
            }
        }
        region
    }

    /// The squares `color`'s king on `king` can step to: on the board, not holding its own
    /// piece, and not attacked by the other side once the king has left (a piece standing there
    /// is taken). Castling left out.
    fn king_room(&self, pos: &Position<B>, color: Color, king: Square) -> i32 {
        let them = color.flip();
        let occupied = pos.occupied() & !B::bit(king);
        let mut room = 0;
        for sq in (self.king_ring[king.index()] & !pos.color_bb(color)).iter() {
            let taken = B::bit(sq) & pos.color_bb(them);
            if pos.attackers_without(sq, them, occupied, taken).is_empty() {
                room += 1;
            }
        }
        room
    }
}

/// The phase of `pos` (not yet capped): the middlegame values of its pieces ([`Role::Piece`]:
/// neither the pawns nor the kings), board and hand, both sides.
fn piece_phase<B: Bits>(pos: &Position<B>, values: &[Pair]) -> i32 {
    let v = pos.variant();
    let mut phase = 0;
    for (i, spec) in v.kinds.iter().enumerate() {
        if spec.role == Role::Piece {
            let kind = PieceKind(i as u8);
            for color in Color::BOTH {
                let n = pos.pieces(color, kind).count() as i32 + pos.hand_count(color, kind) as i32;
                phase += n * values[i].0;
            }
        }
    }
    phase
}

/// Exciting's soldier and promoted soldier: pieces that attack no square (they neither check
/// nor guard one); `None` in the other families.
fn soldier_kinds<B: Bits>(v: &Variant<B>) -> Option<(PieceKind, PieceKind)> {
    match v.family {
        Family::Exciting(k) => Some((k.soldier, k.veteran)),
        _ => None,
    }
}

/// The tapered score's full share, and the share of a side that cannot mate.
const SCALE_FULL: i32 = 16;
const SCALE_CANNOT_MATE: i32 = 2;

/// Pawnier: whether `color` has too little to mate, board and hand counted: nothing but pawns
/// and knights, at most one pawn, at most two of them in all. A knight gives a pawn only its
/// own leap, so a knight and a pawn mate no better than two knights, and a lone pawn only steps;
/// two pawns side by side are two rooks.
fn powers_cannot_mate<B: Bits>(
    pos: &Position<B>,
    color: Color,
    k: &crate::variants::PowerKinds,
) -> bool {
    let v = pos.variant();
    let (mut pawns, mut knights) = (0, 0);
    for i in 0..v.kinds.len() {
        let kind = PieceKind(i as u8);
        if kind == v.king {
            continue;
        }
        let n = pos.pieces(color, kind).count() + pos.hand_count(color, kind) as u32;
        if kind == k.pawn {
            pawns += n;
        } else if Some(kind) == k.relay {
            knights += n;
        } else if n > 0 {
            return false;
        }
    }
    pawns <= 1 && pawns + knights <= 2
}

/// The conversion terms apply when the weaker side's material (board and hand, endgame values,
/// Exciting's soldiers left out) is at most this, about a minor piece...
const CONVERT_WEAK_MAX: i32 = 350;
/// ...and the stronger side's (counted alike) exceeds it by at least this, about a rook.
const CONVERT_LEAD_MIN: i32 = 450;

/// The lead (hand-set endgame values) at which the conversion terms drive a king that has one
/// piece left and no pawns (a queen against a rook: 430).
const LONE_PIECE_LEAD_MIN: i32 = 400;

/// The eight steps of [`Evaluator::step`], as (file, rank) offsets: east, west, north, south,
/// then north-east, north-west, south-east, south-west.
const STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The index in [`STEPS`] of the step back.
#[inline(always)]
fn opposite(d: usize) -> usize {
    [1, 0, 3, 2, 7, 6, 5, 4][d]
}

/// The pawns of both kinds of each side, and the squares each side's pawns capture on.
#[derive(Clone, Copy, Debug, Default)]
struct PawnInfo<B: Bits> {
    all: [B; 2],
    attacks: [B; 2],
    /// The passed pawns (no enemy pawn ahead on their own or an adjacent file).
    passed: [B; 2],
    /// The squares the pawns attack now or may attack as they advance.
    span: [B; 2],
}

/// The king's distance between two squares (the larger of the file and rank distances).
#[inline(always)]
fn distance<B: Bits>(g: &crate::board::Geometry<B>, a: Square, b: Square) -> i32 {
    let df = (g.file(a) as i32 - g.file(b) as i32).abs();
    let dr = (g.rank(a) as i32 - g.rank(b) as i32).abs();
    df.max(dr)
}

/// The pawns of both pawn kinds (orthodox and sidestepping) of one side.
#[inline(always)]
fn all_pawns<B: Bits>(pos: &Position<B>, color: Color) -> B {
    let v = pos.variant();
    let mut b = B::ZERO;
    for k in [v.pawn, v.sidestep_pawn].into_iter().flatten() {
        b |= pos.pieces(color, k);
    }
    b
}
