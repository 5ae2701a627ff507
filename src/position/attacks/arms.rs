//! Who attacks a square in Combined Arms Brigade Chess (rules/combinedarms.md 3.3, 3.5): only a
//! piece with a move that would end on the square (infantry, the king, armor and aviation; the
//! artillery shoots from afar and never ends a move on its victim's square).

use crate::board::{Bits, Color, Square};
use crate::position::Position;
use crate::variants::ArmsKinds;

/// NOFLY of `side` (3.3): the squares at distance 1-2 of its light and 3-4 of its heavy
/// artillery, counting only the pieces on `present`.
#[inline]
pub fn no_fly<B: Bits>(pos: &Position<B>, side: Color, k: &ArmsKinds, present: B) -> B {
    let t = &pos.variant().tables;
    let mut zone = B::ZERO;
    for s in (pos.pieces(side, k.light) & present).iter() {
        zone |= t.near_range[s.raw() as usize];
    }
    for s in (pos.pieces(side, k.heavy) & present).iter() {
        zone |= t.far_range[s.raw() as usize];
    }
    zone
}

/// The eight squares next to `sq`.
#[inline(always)]
pub fn king_steps<B: Bits>(pos: &Position<B>, sq: Square) -> B {
    let t = &pos.variant().tables;
    t.wazir[sq.raw() as usize] | t.ferz[sq.raw() as usize]
}

/// The pieces of `by` that attack `target` (3.5) when the board holds `occupied` and the pieces
/// on `removed` are gone.
pub(crate) fn attackers<B: Bits>(
    pos: &Position<B>,
    target: Square,
    by: Color,
    occupied: B,
    removed: B,
    k: &ArmsKinds,
) -> B {
    let v = pos.variant();
    let t = &v.tables;
    let present = occupied & !removed;
    let own = pos.color_bb(by) & present;
    let near = king_steps(pos, target);
    let mut result = near & (pos.pieces(by, k.infantry) | pos.pieces(by, v.king)) & present;
    let knights = pos.pieces(by, k.armor) & present & t.three_steps[target.raw() as usize];
    if knights.any() {
        // Paths s0 -> s1 -> s2 -> target walked backwards; s1 and s2 must not hold one of the
        // attacker's own pieces other than the moving knight (whose square counts as empty).
        for s2 in t.wazir[target.raw() as usize].iter() {
            for s1 in t.wazir[s2.raw() as usize].iter() {
                for s0 in (t.wazir[s1.raw() as usize] & knights).iter() {
                    let blockers = own & !B::bit(s0);
                    if !blockers.has(s1) && !blockers.has(s2) {
                        result |= B::bit(s0);
                    }
                }
            }
        }
    }
    let queens = pos.pieces(by, k.aviation) & present;
    if queens.any() {
        let shelter = no_fly(pos, by.flip(), k, present);
        if !shelter.has(target) {
            let empty = v.geometry.valid & !occupied;
            for q in queens.iter() {
                if queen_reaches(pos, q, target, own, empty & !shelter, shelter) {
                    result |= B::bit(q);
                }
            }
        }
    }
    result
}

/// Whether the queen on `q` can end a move on `target`: a flight to a square of `flights`, then a
/// step onto the target or an armor path onto it whose squares avoid `shelter` and `own` (her
/// own square excepted).
fn queen_reaches<B: Bits>(
    pos: &Position<B>,
    q: Square,
    target: Square,
    own: B,
    flights: B,
    shelter: B,
) -> bool {
    let t = &pos.variant().tables;
    if (king_steps(pos, target) & flights).any() {
        return true;
    }
    let open = !(own & !B::bit(q)) & !shelter;
    for s2 in (t.wazir[target.raw() as usize] & open).iter() {
        for s1 in (t.wazir[s2.raw() as usize] & open).iter() {
            if (t.wazir[s1.raw() as usize] & flights).any() {
                return true;
            }
        }
    }
    false
}
