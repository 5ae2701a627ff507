//! Static exchange evaluation: the material balance of the capture sequence on one square when
//! both sides always recapture with their least valuable attacker and may stop at any time.
//! Attackers come from `attackers_to` with the occupancy of the moment, so sliders behind a
//! capturer join in. Valid for variants whose captures are displacement by leaps and slides;
//! moves removing several pieces count only the victims' values, without recaptures.

use crate::board::{Bits, MoveEntry, MoveKind};
use crate::position::Position;

use crate::eval::Evaluator;

/// The exchange value of a capture for the side making it, in centipawns.
pub fn see<B: Bits>(pos: &Position<B>, eval: &Evaluator<B>, e: &MoveEntry<B>) -> i32 {
    let value = |sq| eval.values[pos.piece_at(sq).kind().index()].0;
    let first: i32 = e.removed.iter().map(value).sum();
    if e.mv.kind() != MoveKind::Normal || e.removed.several() || e.mv.from() == e.mv.to() {
        return first;
    }
    let v = pos.variant();
    let to = e.mv.to();
    let mut occupied = pos.occupied() ^ B::bit(e.mv.from());
    let mut gains = [0i32; 40];
    gains[0] = first;
    let mut on_square = value(e.mv.from());
    let mut side = pos.side_to_move().flip();
    let mut n = 1;
    while n < gains.len() {
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        // Least valuable attacker; the king only if nothing of the other side can recapture.
        let mut best = None;
        let mut best_value = i32::MAX;
        for sq in attackers.iter() {
            let k = pos.piece_at(sq).kind();
            let val = if k == v.king {
                100_000
            } else {
                eval.values[k.index()].0
            };
            if val < best_value {
                best_value = val;
                best = Some(sq);
            }
        }
        let Some(from) = best else { break };
        if best_value == 100_000
            && (pos.attackers_to(to, side.flip(), occupied ^ B::bit(from)) & occupied).any()
        {
            break;
        }
        gains[n] = on_square - gains[n - 1];
        on_square = best_value;
        occupied ^= B::bit(from);
        side = side.flip();
        n += 1;
    }
    while n > 1 {
        n -= 1;
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
    }
    gains[0]
}
