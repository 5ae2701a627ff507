//! The evaluation's terms: where each weight sits in a variant's parameter vector, its name in
//! the parameter tables, and its hand-set default.
//!
//! Every term is a (middlegame, endgame) weight multiplied by a count taken from the position
//! (White's count minus Black's), so the evaluation is linear in its weights: the tuner
//! (`menagerie tune`) fits them all at once from the counts that [`super::Evaluator::trace`]
//! records. Tapered terms are blended by the phase; flat terms (the tempo) are not.

use crate::board::{Bits, Color, Geometry, PieceKind, Square};
use crate::variants::{KNIGHT_LEAPS, KindSpec, Role, Variant};

use super::Pair;

/// Relative-rank buckets of passed pawns (0 = just off the own side, 6 = about to promote).
pub const PASSED_BUCKETS: usize = 7;
/// Conversion weights: per half-square the weak king stands from the centre, and per step the
/// kings are closer than the board's span.
const CONVERT_EDGE: i32 = 10;
const CONVERT_NEAR: i32 = 8;
/// ...and per square the weak king can step to (fewer squares, nearer the mate).
const CONVERT_ROOM: i32 = -25;
/// ...and per soldier of the converting side on the board (there the weak king may take it
/// and block checks with it; from the hand it can still be dropped when that helps the mate).
const CONVERT_SOLDIER: i32 = -60;
/// ...and per square of the board outside the box the weak king is penned in (the squares it
/// could reach step by step without stepping onto an attacked one): K+R v K is won by shrinking
/// the box. Counted as the squares denied, so that the term only adds where a conversion starts.
const CONVERT_BOX: i32 = 5;
/// A piece's safe squares (not its own side's, not guarded by an enemy pawn) are looked up in
/// its kind's mobility table up to this many.
pub const MOBILITY_MAX: usize = 27;
/// Safe checks are counted up to this many per kind.
pub const SAFE_CHECK_MAX: i32 = 3;
/// Attacks on the king's ring are counted up to this many.
pub const KING_ATTACK_MAX: usize = 12;

/// The position of each term block in the parameter vector of one variant.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Squares per kind in the piece-square block: ranks times half the files (files folded).
    pub psq_squares: usize,
    pub value: usize,
    pub psq: usize,
    pub hand: usize,
    pub mobility: usize,
    /// Per kind: how far a piece's reach falls short of three squares (a trapped piece).
    pub trapped: usize,
    pub pair: usize,
    pub open_file: usize,
    pub half_open_file: usize,
    pub doubled: usize,
    pub isolated: usize,
    pub supported: usize,
    pub phalanx: usize,
    pub passed: usize,
    pub passed_free: usize,
    pub passed_own_king: usize,
    pub passed_enemy_king: usize,
    pub shelter: usize,
    pub king_open_file: usize,
    pub king_attack: usize,
    /// Per kind: the squares a piece of that kind could give check from, safely (no enemy
    /// piece, pawn or king guards it), counted up to [`SAFE_CHECK_MAX`].
    pub safe_check: usize,
    /// Per kind, [`MOBILITY_MAX`] + 1 weights: one for each count of safe squares.
    pub mobility_table: usize,
    /// Enemy pieces attacked by a piece worth less (pawns aside: `threat_by_pawn`).
    pub threat_by_lesser: usize,
    /// Per kind: a piece on an outpost (in the enemy's half, guarded by a pawn, out of reach of
    /// the enemy's pawns for good).
    pub outpost: usize,
    /// The squares next to the king the enemy attacks and only the king guards.
    pub weak_ring: usize,
    /// Threats come in pairs: the first when the attacker is to move (it can take now), the
    /// second when it is not (the other side can answer).
    pub threat_by_pawn: usize,
    pub hanging: usize,
    pub mop_edge: usize,
    pub mop_near: usize,
    /// Conversion against a (nearly) bare king: the weak king's distance from the centre and the
    /// kings' closeness, hand-set and kept out of the fit (see [`Layout::fixed`]).
    pub convert_edge: usize,
    pub convert_near: usize,
    /// The squares the weak king can step to in that conversion, hand-set too.
    pub convert_room: usize,
    /// A soldier of the converting side standing on the board rather than in its hand.
    pub convert_soldier: usize,
    /// The squares of the board the weak king could not reach step by step without stepping
    /// onto an attacked one (outside the box the mating side has penned it in).
    pub convert_box: usize,
    pub drop_ring: usize,
    pub drop_room: usize,
    pub shock_attacked: usize,
    pub power_rook: usize,
    pub power_bishop: usize,
    pub power_knight: usize,
    pub power_mobility: usize,
    pub arms_shots: usize,
    pub arms_armor_targets: usize,
    pub arms_light_slides: usize,
    pub arms_heavy_slides: usize,
    pub arms_air_room: usize,
    pub arms_king_guards: usize,
    pub arms_king_pressure: usize,
    pub soldier_wall: usize,
    pub custodian: usize,
    pub checker_jumps: usize,
    /// Exciting: by how many of the enemy king's orthogonal neighbours are not this side's
    /// pieces (0 to 4); a soldier step that fills the last one encloses it.
    pub enclosure: usize,
    pub tempo: usize,
    pub frozen: usize,
    /// Name of every term, in order.
    pub names: Vec<String>,
    /// Terms added after the blend (not tapered).
    pub flat: Vec<bool>,
}

impl Layout {
    /// The terms the tuner leaves alone: the conversion terms, whose positions (a king against
    /// a side with mating material) are too rare in self-play data to be fitted, and which
    /// matter for making progress rather than for predicting results.
    pub fn fixed(&self) -> Vec<bool> {
        let mut fixed = vec![false; self.len()];
        fixed[self.convert_edge] = true;
        fixed[self.convert_near] = true;
        fixed[self.convert_room] = true;
        fixed[self.convert_soldier] = true;
        fixed[self.convert_box] = true;
        fixed
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The index of the term named `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The piece-square term of `kind` on `sq` for a piece of `color`.
    #[inline(always)]
    pub fn psq_term<B: Bits>(
        &self,
        g: &Geometry<B>,
        kind: PieceKind,
        color: Color,
        sq: Square,
    ) -> usize {
        self.psq + kind.index() * self.psq_squares + fold(g, sq, color)
    }

    pub fn build<B: Bits>(v: &Variant<B>) -> Layout {
        let g = &v.geometry;
        let half = g.files.div_ceil(2) as usize;
        let psq_squares = g.ranks as usize * half;
        let mut b = Builder::default();
        let letters: Vec<char> = v.kinds.iter().map(|k| k.letter).collect();
        let per_kind = |b: &mut Builder, prefix: &str| {
            let at = b.names.len();
            for l in &letters {
                b.push(format!("{prefix}.{l}"));
            }
            at
        };
        let value = per_kind(&mut b, "value");
        let psq = b.names.len();
        for l in &letters {
            for r in 0..g.ranks {
                for f in 0..half {
                    let file = (b'a' + f as u8) as char;
                    b.push(format!("psq.{l}.{file}{}", r + 1));
                }
            }
        }
        let hand = per_kind(&mut b, "hand");
        let mobility = per_kind(&mut b, "mobility");
        let trapped = per_kind(&mut b, "trapped");
        let pair = per_kind(&mut b, "pair");
        let open_file = per_kind(&mut b, "open_file");
        let half_open_file = per_kind(&mut b, "half_open_file");
        let doubled = b.one("pawn.doubled");
        let isolated = b.one("pawn.isolated");
        let supported = b.one("pawn.supported");
        let phalanx = b.one("pawn.phalanx");
        let passed = b.names.len();
        for r in 0..PASSED_BUCKETS {
            b.push(format!("passed.{r}"));
        }
        let passed_free = b.one("passed.free");
        let passed_own_king = b.one("passed.own_king");
        let passed_enemy_king = b.one("passed.enemy_king");
        let shelter = b.one("king.shelter");
        let king_open_file = b.one("king.open_file");
        let king_attack = b.names.len();
        for n in 0..=KING_ATTACK_MAX {
            b.push(format!("king.attack.{n}"));
        }
        let safe_check = per_kind(&mut b, "check");
        let mobility_table = b.names.len();
        for l in &letters {
            for n in 0..=MOBILITY_MAX {
                b.push(format!("mobility.{l}.{n}"));
            }
        }
        let threat_by_lesser = b.pair("threat.by_lesser");
        let outpost = per_kind(&mut b, "outpost");
        let weak_ring = b.one("king.weak_ring");
        let threat_by_pawn = b.pair("threat.by_pawn");
        let hanging = b.pair("threat.hanging");
        let mop_edge = b.one("mopup.edge");
        let mop_near = b.one("mopup.near");
        let convert_edge = b.one("convert.edge");
        let convert_near = b.one("convert.near");
        let convert_room = b.one("convert.room");
        let convert_soldier = b.one("convert.soldier");
        let convert_box = b.one("convert.box");
        let drop_ring = b.one("drop.king_ring");
        let drop_room = b.one("drop.room");
        let shock_attacked = b.pair("shock.attacked");
        let power_rook = b.one("power.rook");
        let power_bishop = b.one("power.bishop");
        let power_knight = b.one("power.knight");
        let power_mobility = b.one("power.mobility");
        let arms_shots = b.pair("arms.shots");
        let arms_armor_targets = b.pair("arms.armor_targets");
        let arms_light_slides = b.one("arms.light_slides");
        let arms_heavy_slides = b.one("arms.heavy_slides");
        let arms_air_room = b.one("arms.air_room");
        let arms_king_guards = b.one("arms.king_guards");
        let arms_king_pressure = b.one("arms.king_pressure");
        let soldier_wall = b.one("soldier.wall");
        let custodian = b.pair("soldier.custodian");
        let checker_jumps = b.pair("checker.jumps");
        let enclosure = b.names.len();
        for n in 0..=4 {
            b.push(format!("king.enclosure.{n}"));
        }
        let tempo = b.one("tempo");
        let frozen = b.one("frozen");
        let mut flat = vec![false; b.names.len()];
        flat[tempo] = true;
        flat[frozen] = true;
        Layout {
            psq_squares,
            value,
            psq,
            hand,
            mobility,
            trapped,
            pair,
            open_file,
            half_open_file,
            doubled,
            isolated,
            supported,
            phalanx,
            passed,
            passed_free,
            passed_own_king,
            passed_enemy_king,
            shelter,
            king_open_file,
            king_attack,
            safe_check,
            mobility_table,
            threat_by_lesser,
            outpost,
            weak_ring,
            threat_by_pawn,
            hanging,
            mop_edge,
            mop_near,
            convert_edge,
            convert_near,
            convert_room,
            convert_soldier,
            convert_box,
            drop_ring,
            drop_room,
            shock_attacked,
            power_rook,
            power_bishop,
            power_knight,
            power_mobility,
            arms_shots,
            arms_armor_targets,
            arms_light_slides,
            arms_heavy_slides,
            arms_air_room,
            arms_king_guards,
            arms_king_pressure,
            soldier_wall,
            custodian,
            checker_jumps,
            enclosure,
            tempo,
            frozen,
            names: b.names,
            flat,
        }
    }
}

#[derive(Default)]
struct Builder {
    names: Vec<String>,
}

impl Builder {
    fn push(&mut self, name: String) {
        self.names.push(name);
    }
    fn one(&mut self, name: &str) -> usize {
        self.names.push(name.to_string());
        self.names.len() - 1
    }
    /// Two terms, `NAME.to_move` and `NAME.waiting`; returns the first.
    fn pair(&mut self, name: &str) -> usize {
        self.names.push(format!("{name}.to_move"));
        self.names.push(format!("{name}.waiting"));
        self.names.len() - 2
    }
}

/// The folded square index of `sq` for a piece of `color`: its rank counted from its own side,
/// and its file counted from the nearer edge (the tables are symmetric left to right).
#[inline(always)]
pub fn fold<B: Bits>(g: &Geometry<B>, sq: Square, color: Color) -> usize {
    let f = g.file(sq) as usize;
    let f = f.min(g.files as usize - 1 - f);
    g.relative_rank(sq, color) as usize * g.files.div_ceil(2) as usize + f
}

/// The hand-set weights: every term's default before a variant's table overrides it.
pub fn defaults<B: Bits>(v: &Variant<B>, layout: &Layout, values: &[Pair]) -> Vec<Pair> {
    let g = &v.geometry;
    let mut w = vec![Pair::default(); layout.len()];
    for (i, spec) in v.kinds.iter().enumerate() {
        let kind = PieceKind(i as u8);
        w[layout.value + i] = values[i];
        // A piece in hand can go anywhere its drop zone allows and cannot be taken.
        w[layout.hand + i] = Pair(values[i].0 * 11 / 10, values[i].1);
        let (m, e) = mobility_weights(spec);
        w[layout.mobility + i] = Pair(m, e);
        // The piece-square block holds the square bonus of each folded square; the squares of
        // the left half stand for their mirror images.
        let half = g.files.div_ceil(2) as i32;
        for r in 0..g.ranks as i32 {
            for f in 0..half {
                let Some(sq) = g
                    .square(f, r)
                    .or_else(|| g.square(g.files as i32 - 1 - f, r))
                else {
                    continue;
                };
                let t = layout.psq_term(g, kind, Color::White, sq);
                w[t] = square_bonus(v, kind, Color::White, sq);
            }
        }
    }
    w[layout.doubled] = Pair(-6, -12);
    w[layout.isolated] = Pair(-10, -12);
    for r in 0..PASSED_BUCKETS as i32 {
        w[layout.passed + r as usize] = Pair(5 + 4 * r * r, 10 + 9 * r * r);
    }
    w[layout.shelter] = Pair(8, 0);
    for n in 0..=KING_ATTACK_MAX as i32 {
        w[layout.king_attack + n as usize] = Pair(2 * n * n, 0);
    }
    w[layout.power_rook] = Pair(25, 20);
    w[layout.power_bishop] = Pair(20, 15);
    w[layout.power_knight] = Pair(15, 10);
    w[layout.power_mobility] = Pair(2, 2);
    // The same in both phases: soldiers and pieces in hand keep the phase up in the drop games.
    w[layout.convert_edge] = Pair(CONVERT_EDGE, CONVERT_EDGE);
    w[layout.convert_near] = Pair(CONVERT_NEAR, CONVERT_NEAR);
    w[layout.convert_room] = Pair(CONVERT_ROOM, CONVERT_ROOM);
    w[layout.convert_soldier] = Pair(CONVERT_SOLDIER, CONVERT_SOLDIER);
    w[layout.convert_box] = Pair(CONVERT_BOX, CONVERT_BOX);
    w[layout.tempo] = Pair(12, 0);
    w[layout.frozen] = Pair(-40, 0);
    w
}

/// Value of a kind: orthodox signatures get their usual values; anything else is derived.
pub fn kind_value<B: Bits>(v: &Variant<B>, kind: PieceKind) -> Pair {
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
        // Pawnier's pawn: its worth lies in its links (the power terms); alone it only steps.
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
pub fn centre_distance<B: Bits>(g: &Geometry<B>, sq: Square) -> i32 {
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
