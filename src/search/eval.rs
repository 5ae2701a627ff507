//! Static evaluation from the variant's data: material (board and hand), piece-square terms
//! derived from each kind's role and movement, mobility, pawn structure and king safety, tapered
//! between middlegame and endgame by the material left. Scores are from the side to move's view.
//!
//! Piece values: the orthodox kinds take the usual centipawn values (pawn 100, knight 320,
//! bishop 330, rook 500, queen 950, with small endgame shifts). A kind no other engine knows gets
//! a value derived from its average number of moves on an empty board of its variant, scaled so
//! that this formula gives the knight and the rook their orthodox values (see `derived_value`);
//! the variant issues that add such kinds measure and correct these by self-play.

use crate::board::{Bits, Color, Geometry, PieceKind, Square};
use crate::position::Position;
use crate::position::attacks::powers::{power_targets, powers_of};
use crate::variants::{Family, KNIGHT_LEAPS, KindSpec, Role, Variant};

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

/// One search thread's memory of recent evaluations, indexed by position key (a position met
/// again in the next iteration, or by transposition, is not evaluated again). Entries are
/// overwritten freely: a key that does not match is a miss.
#[derive(Debug)]
pub struct EvalCache {
    entries: Vec<CacheEntry>,
}

impl EvalCache {
    /// A cache of `2^bits` entries.
    pub fn new(bits: u32) -> EvalCache {
        let empty = CacheEntry {
            key: 0,
            cheap: 0,
            full: NOT_YET,
            material: Pair::default(),
            phase: 0,
        };
        EvalCache {
            entries: vec![empty; 1 << bits],
        }
    }

    #[inline(always)]
    fn slot(&mut self, key: u64) -> &mut CacheEntry {
        let mask = self.entries.len() - 1;
        &mut self.entries[(key as usize) & mask]
    }
}

/// Evaluation tables of one variant, built once when the variant is chosen.
#[derive(Debug)]
pub struct Evaluator<B: Bits> {
    pub values: Vec<Pair>,
    /// `psq[color][kind][sq]`: value plus square bonus for a piece there.
    psq: [Vec<[Pair; 256]>; 2],
    /// Material of the start position without pawns and kings: the phase scale.
    phase_total: i32,
    /// King ring per square: the squares a king there could step to.
    king_ring: Box<[B; 256]>,
    /// Per colour, per square: the files next to it (for isolated pawns) and the span ahead on
    /// the same and adjacent files (for passed pawns).
    adjacent_files: Box<[B; 256]>,
    passed_span: [Box<[B; 256]>; 2],
    /// The kinds whose mobility counts, each with whether it is still (no leaps, no slides).
    mobile: Vec<(PieceKind, bool)>,
}

/// Value of a kind: orthodox signatures get their usual values; anything else is derived.
fn kind_value<B: Bits>(v: &Variant<B>, kind: PieceKind) -> Pair {
    let k = &v.kinds[kind.index()];
    if let Some((mg, eg)) = k.value {
        return Pair(mg, eg);
    }
    match k.role {
        Role::King => return Pair(0, 0),
        Role::Pawn => return Pair(90, 120),
        // The Ninja Pawn: a pawn that also steps sideways (it slips past blockers) and captures
        // sideways on the enemy half; a starting guess above the pawn, to be measured.
        Role::SidestepPawn => return Pair(110, 140),
        // Pawnier's pawn: its worth lies in its links (see `power_pawns`); alone it only steps.
        Role::PowerPawn => return Pair(85, 100),
        // Pawnier's sergeant: a forward-only stepper that promotes (to a knight at best).
        Role::Piece if k.promotes => return Pair(100, 130),
        Role::Piece => {}
    }
    let plain_leaper = !k.slides_orthogonal && !k.slides_diagonal;
    match (k.slides_orthogonal, k.slides_diagonal, k.leaps.is_empty()) {
        (true, true, true) => Pair(950, 950),
        (true, false, true) => Pair(480, 520),
        (false, true, true) => Pair(330, 340),
        _ if plain_leaper && k.leaps == KNIGHT_LEAPS => Pair(320, 300),
        _ => {
            let d = derived_value(v, kind);
            Pair(d, d)
        }
    }
}

/// 40 cp per average move on an empty board, plus 110. Anchored on the knight (5.25 moves on
/// 8x8: 320 cp); it is meant for the short-range leapers the variants add, whose values then land
/// among the orthodox minor pieces. Long-range sliders never use it (they have table values).
fn derived_value<B: Bits>(v: &Variant<B>, kind: PieceKind) -> i32 {
    let g = &v.geometry;
    let k = &v.kinds[kind.index()];
    let leaps = &v.tables.leaps[0][kind.index()];
    let mut total = 0u32;
    let mut n = 0u32;
    for sq in g.squares() {
        let mut t = leaps[sq.index()];
        if k.slides_orthogonal {
            t |= g.orthogonal_attacks(sq, B::ZERO);
        }
        if k.slides_diagonal {
            t |= g.diagonal_attacks(sq, B::ZERO);
        }
        total += t.count();
        n += 1;
    }
    (40 * total / n.max(1)) as i32 + 110
}

/// Mobility weight per square reached (middlegame, endgame): less for the long-range kinds.
fn mobility_weights(spec: &KindSpec) -> (i32, i32) {
    match (spec.slides_orthogonal, spec.slides_diagonal) {
        (true, true) => (1, 2),
        (true, false) => (2, 4),
        (false, true) => (4, 4),
        _ => (4, 3),
    }
}

/// Distance from the board's centre in half-squares (0 in the middle of an odd board).
fn centre_distance<B: Bits>(g: &Geometry<B>, sq: Square) -> i32 {
    let df = (2 * g.file(sq) as i32 - (g.files as i32 - 1)).abs();
    let dr = (2 * g.rank(sq) as i32 - (g.ranks as i32 - 1)).abs();
    df.max(dr) + (df + dr) / 4
}

fn square_bonus<B: Bits>(v: &Variant<B>, kind: PieceKind, color: Color, sq: Square) -> Pair {
    let g = &v.geometry;
    let k = &v.kinds[kind.index()];
    let centre = centre_distance(g, sq);
    let rr = g.relative_rank(sq, color) as i32;
    let last = g.ranks as i32 - 1;
    match k.role {
        Role::Pawn | Role::SidestepPawn => pawn_advance(g, sq, rr, last),
        Role::Piece if k.promotes => pawn_advance(g, sq, rr, last),
        Role::PowerPawn => Pair(-3 * centre, -2 * centre),
        Role::King => {
            // Middlegame: stay home, away from the centre files; endgame: come to the centre.
            Pair(-25 * rr.min(3) + 2 * centre - 10, -8 * centre)
        }
        Role::Piece => {
            let scale = if k.slides_orthogonal && !k.slides_diagonal {
                1
            } else {
                4
            };
            Pair(-scale * centre, -scale * centre / 2)
        }
    }
}

/// Advancement, more in the centre files; worth more in the endgame.
fn pawn_advance<B: Bits>(g: &Geometry<B>, sq: Square, rr: i32, last: i32) -> Pair {
    let central = (g.files as i32 - 1 - (2 * g.file(sq) as i32 - (g.files as i32 - 1)).abs()) / 2;
    let adv = rr * rr * 40 / (last * last).max(1);
    Pair(adv / 2 + central * (rr.min(4)) * 2, adv)
}

impl<B: Bits> Evaluator<B> {
    pub fn new(v: &'static Variant<B>) -> Evaluator<B> {
        let values: Vec<Pair> = (0..v.kinds.len())
            .map(|i| kind_value(v, PieceKind(i as u8)))
            .collect();
        let mut psq: [Vec<[Pair; 256]>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            for i in 0..v.kinds.len() {
                let kind = PieceKind(i as u8);
                let mut t = [Pair::default(); 256];
                for sq in v.geometry.squares() {
                    t[sq.index()] = values[i] + square_bonus(v, kind, color, sq);
                }
                psq[color.index()].push(t);
            }
        }
        let g = &v.geometry;
        let mut king_ring = Box::new([B::ZERO; 256]);
        let mut adjacent_files = Box::new([B::ZERO; 256]);
        let mut passed_span = [Box::new([B::ZERO; 256]), Box::new([B::ZERO; 256])];
        for sq in g.squares() {
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
        let mut phase_total = 0;
        for sq in start.occupied().iter() {
            let k = start.piece_at(sq).kind();
            if v.kinds[k.index()].role == Role::Piece {
                phase_total += values[k.index()].0;
            }
        }
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
            .collect();
        Evaluator {
            values,
            mobile,
            psq,
            phase_total: phase_total.max(1),
            king_ring,
            adjacent_files,
            passed_span,
        }
    }

    /// The static evaluation of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        self.evaluate_lazy(pos, -i32::MAX, i32::MAX)
    }

    /// As `evaluate`, but when material, squares and pawns alone are further than `LAZY_MARGIN`
    /// outside (alpha, beta), the mobility and king terms are skipped: they cannot bring the
    /// score back into the window (they stay well under the margin in practice).
    pub fn evaluate_lazy(&self, pos: &Position<B>, alpha: i32, beta: i32) -> i32 {
        let (score, phase) = self.material(pos);
        let cheap = self.blend(pos, score, phase);
        if Self::lazy_cut(cheap, alpha, beta) {
            return cheap;
        }
        self.blend(pos, score + self.activity(pos), phase)
    }

    /// As `evaluate_lazy`, remembering both parts of each evaluation in `cache` (the thread's own)
    /// so that a position met again costs a lookup. Gives exactly what `evaluate_lazy` gives.
    pub fn evaluate_cached(
        &self,
        pos: &Position<B>,
        alpha: i32,
        beta: i32,
        cache: &mut EvalCache,
    ) -> i32 {
        let key = pos.key();
        let slot = cache.slot(key);
        let entry = if slot.key == key {
            *slot
        } else {
            let (score, phase) = self.material(pos);
            let cheap = self.blend(pos, score, phase);
            *slot = CacheEntry {
                key,
                cheap,
                full: NOT_YET,
                material: score,
                phase,
            };
            *slot
        };
        if Self::lazy_cut(entry.cheap, alpha, beta) {
            return entry.cheap;
        }
        if entry.full != NOT_YET {
            return entry.full;
        }
        let full = self.blend(pos, entry.material + self.activity(pos), entry.phase);
        slot.full = full;
        full
    }

    #[inline(always)]
    fn lazy_cut(cheap: i32, alpha: i32, beta: i32) -> bool {
        const LAZY_MARGIN: i32 = 350;
        cheap - LAZY_MARGIN >= beta || cheap.saturating_add(LAZY_MARGIN) <= alpha
    }

    /// Material and squares (board and hand) and pawn structure, White's view, with the phase.
    fn material(&self, pos: &Position<B>) -> (Pair, i32) {
        let v = pos.variant();
        let mut score = Pair::default();
        let mut phase = 0;
        for color in Color::BOTH {
            let mut side = Pair::default();
            for (i, spec) in v.kinds.iter().enumerate() {
                let kind = PieceKind(i as u8);
                let bb = pos.pieces(color, kind);
                for sq in bb.iter() {
                    side += self.psq[color.index()][i][sq.index()];
                }
                if spec.role == Role::Piece {
                    phase += self.values[i].0 * bb.count() as i32;
                }
                let held = pos.hand_count(color, kind) as i32;
                if held > 0 {
                    // A piece in hand can go anywhere its drop zone allows and cannot be taken.
                    let value = self.values[i];
                    side += Pair(held * value.0 * 11 / 10, held * value.1);
                    if spec.role == Role::Piece {
                        phase += held * value.0;
                    }
                }
            }
            side += self.pawns(pos, color);
            if color == Color::White {
                score += side;
            } else {
                score -= side;
            }
        }
        (score, phase.min(self.phase_total))
    }

    /// Mobility, power links, king shelter and pressure on the enemy king, White's view.
    fn activity(&self, pos: &Position<B>) -> Pair {
        let mut score = Pair::default();
        for color in Color::BOTH {
            let (mut mobility, mut ring_attacks) = self.mobility(pos, color);
            if pos.variant().power_pawn.is_some() {
                let (powers, ring) = self.power_pawns(pos, color);
                mobility += powers;
                ring_attacks = (ring_attacks + ring).min(12);
            }
            // Pressure on the enemy king ring grows faster than linearly (middlegame only).
            let side =
                mobility + self.king_shelter(pos, color) + Pair(ring_attacks * ring_attacks * 2, 0);
            if color == Color::White {
                score += side;
            } else {
                score -= side;
            }
        }
        score
    }

    /// The tapered score for the side to move, with the tempo.
    fn blend(&self, pos: &Position<B>, p: Pair, phase: i32) -> i32 {
        // A frozen side must pass: the opponent in effect moves twice (rules/shockchess.md 2.3).
        let tempo = if pos.is_frozen() { -40 } else { 12 };
        let b = (p.0 * phase + p.1 * (self.phase_total - phase)) / self.phase_total;
        (if pos.side_to_move() == Color::White {
            b
        } else {
            -b
        }) + tempo
    }

    /// Squares each plain piece reaches that are not its own side's, weighted by kind; and how
    /// many of those attacks land next to the enemy king.
    fn mobility(&self, pos: &Position<B>, color: Color) -> (Pair, i32) {
        let v = pos.variant();
        let g = &v.geometry;
        let own = pos.color_bb(color);
        let occupied = pos.occupied();
        let mut total = Pair::default();
        let ring = pos
            .king_square(color.flip())
            .map_or(B::ZERO, |k| self.king_ring[k.index()]);
        let mut ring_attacks = 0;
        for &(kind, still) in &self.mobile {
            let count = pos.pieces(color, kind).count() as i32;
            if count == 0 {
                continue;
            }
            let spec = &v.kinds[kind.index()];
            let (w_mg, w_eg) = mobility_weights(spec);
            if still {
                // A piece that neither leaps nor slides reaches nothing.
                total += Pair(count * w_mg * -4, count * w_eg * -4);
                continue;
            }
            let leaps = &v.tables.leaps[color.index()][kind.index()];
            for sq in pos.pieces(color, kind).iter() {
                let mut t = leaps[sq.index()];
                if spec.slides_orthogonal {
                    t |= g.orthogonal_attacks(sq, occupied);
                }
                if spec.slides_diagonal {
                    t |= g.diagonal_attacks(sq, occupied);
                }
                let n = (t & !own).count() as i32;
                total += Pair(w_mg * (n - 4), w_eg * (n - 4));
                ring_attacks += (t & ring).count() as i32;
            }
        }
        (total, ring_attacks.min(12))
    }

    /// Pawnier's pawns: each power held is worth something (linked pawns are what the army is
    /// made of; a lone pawn only steps), powered pawns count their moves like pieces, and their
    /// attacks next to the enemy king count as pressure on it.
    fn power_pawns(&self, pos: &Position<B>, color: Color) -> (Pair, i32) {
        let Family::Powers(k) = &pos.variant().family else {
            return (Pair::default(), 0);
        };
        let pawn = k.pawn;
        let ring = pos
            .king_square(color.flip())
            .map_or(B::ZERO, |k| self.king_ring[k.index()]);
        let occupied = pos.occupied();
        let own = pos.color_bb(color);
        let mut total = Pair::default();
        let mut ring_attacks = 0;
        for sq in pos.pieces(color, pawn).iter() {
            let p = powers_of(pos, color, sq, k);
            if !p.any() {
                continue;
            }
            let (r, b, n) = (p.rook as i32, p.bishop as i32, p.knight as i32);
            total += Pair(25 * r + 20 * b + 15 * n, 20 * r + 15 * b + 10 * n);
            let targets = power_targets(pos, sq, p, occupied);
            let moves = (targets & !own).count() as i32;
            total += Pair(2 * moves, 2 * moves);
            ring_attacks += (targets & ring).count() as i32;
        }
        (total, ring_attacks)
    }

    /// Doubled, isolated and passed pawns (of every pawn kind).
    fn pawns(&self, pos: &Position<B>, color: Color) -> Pair {
        let v = pos.variant();
        let g = &v.geometry;
        let ours = all_pawns(pos, color);
        if ours.is_empty() {
            return Pair::default();
        }
        let theirs = all_pawns(pos, color.flip());
        let mut total = Pair::default();
        for sq in ours.iter() {
            let file = g.file_masks[g.file(sq) as usize];
            if (ours & file).several() {
                total += Pair(-6, -12);
            }
            if (ours & self.adjacent_files[sq.index()]).is_empty() {
                total += Pair(-10, -12);
            }
            if (theirs & self.passed_span[color.index()][sq.index()]).is_empty() {
                let rr = g.relative_rank(sq, color) as i32;
                let last = g.ranks as i32 - 1;
                let r = rr * 6 / last.max(1);
                total += Pair(5 + 4 * r * r, 10 + 9 * r * r);
            }
        }
        total
    }

    /// Own pawns in the squares in front of the king (middlegame only).
    fn king_shelter(&self, pos: &Position<B>, color: Color) -> Pair {
        let v = pos.variant();
        let Some(king) = pos.king_square(color) else {
            return Pair::default();
        };
        let g = &v.geometry;
        let front = self.king_ring[king.index()]
            & !g.relative_rank_mask(color, g.relative_rank(king, color));
        Pair(8 * (all_pawns(pos, color) & front).count() as i32, 0)
    }
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
