//! DESIGN.md §7 and §9: the staged move picker (TT move looked up alone, tactical moves, quiet
//! moves and drops generated when reached) yields, once its legality test is applied to each
//! made move, exactly the legal moves, each once, in every mode (full search with TT move and
//! killers, quiescence), on random playouts of every game: passes and freezes (Shock Chess),
//! compulsory checker captures (Exciting) and every family's own moves included.

#[path = "support/rng.rs"]
mod rng;

use menagerie::board::{Bits, MoveList};
use menagerie::eval::Evaluator;
use menagerie::movegen::{generate_legal, generate_tactical};
use menagerie::position::Position;
use menagerie::search::movepick::{MovePicker, PickerBuffers};
use menagerie::variants::{AnyVariant, Variant, lookup};
use rng::Rng;

fn check<B: Bits>(v: &'static Variant<B>, seed: u64) -> usize {
    let eval = Evaluator::new(v);
    let mut rng = Rng(seed);
    let mut checked = 0;
    for _game in 0..20 {
        let mut pos = Position::start(v);
        let mut previous: Vec<menagerie::board::Move> = Vec::new();
        for _ply in 0..80 {
            let mut list = MoveList::new();
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let moves: Vec<_> = list.iter().map(|e| e.mv).collect();
            // Half the time the TT move comes from the position before (a stale or colliding
            // entry): the picker must find it illegal here or hand it out once.
            let tt = if rng.below(2) == 0 && !previous.is_empty() {
                Some(previous[rng.below(previous.len())])
            } else {
                Some(moves[rng.below(moves.len())])
            };
            let killers = [
                Some(moves[rng.below(moves.len())]),
                Some(moves[rng.below(moves.len())]),
                Some(moves[rng.below(moves.len())]),
            ];
            // Full mode: every legal move exactly once.
            let mut picker = MovePicker::new(&pos, PickerBuffers::default(), tt, killers, false);
            let history = |e: &menagerie::board::MoveEntry<B>| (e.mv.raw() % 97) as i32;
            let mut seen = Vec::new();
            while let Some(e) = picker.next(&pos, &eval, &history) {
                if picker.legality().keeps(&pos, &e, &pos.make_move(&e)) {
                    seen.push(e.mv.raw());
                }
            }
            if tt.is_some_and(|m| moves.contains(&m)) {
                assert_eq!(
                    seen.first().copied(),
                    tt.map(|m| m.raw()),
                    "the TT move comes first"
                );
            }
            let mut expected: Vec<u32> = moves.iter().map(|m| m.raw()).collect();
            seen.sort_unstable();
            expected.sort_unstable();
            assert_eq!(seen, expected, "{}", pos.to_fen());
            // Quiescence mode: only tactical moves, each at most once, none lost but losing captures.
            let mut picker = MovePicker::new(&pos, PickerBuffers::default(), None, [None; 3], true);
            let mut q = Vec::new();
            while let Some(e) = picker.next(&pos, &eval, &history) {
                assert!(e.is_tactical());
                if picker.legality().keeps(&pos, &e, &pos.make_move(&e)) {
                    q.push(e.mv.raw());
                }
            }
            let n = q.len();
            q.sort_unstable();
            q.dedup();
            assert_eq!(n, q.len());
            // The quiescence generator: the tactical subset, or everything in check.
            let mut tactical = MoveList::new();
            generate_tactical(&pos, &mut tactical);
            let mut got: Vec<u32> = tactical.iter().map(|e| e.mv.raw()).collect();
            let mut want: Vec<u32> = list
                .iter()
                .filter(|e| pos.in_check() || pos.is_frozen() || e.is_tactical())
                .map(|e| e.mv.raw())
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "generate_tactical in {}", pos.to_fen());
            checked += 1;
            previous = moves.clone();
            let e = list.as_slice()[rng.below(list.len())];
            pos = pos.make_move(&e);
        }
    }
    checked
}

#[test]
fn picker_yields_exactly_the_generated_moves() {
    // Every game: the quiescence generators of the variants with rules of their own (Pawnier,
    // Combined Arms, Exciting Chess) skip work for quiet moves, which this cross-checks.
    for name in menagerie::variants::playable() {
        let n = match lookup(name) {
            Some(AnyVariant::Narrow(v)) => check(v, 0x5eed),
            Some(AnyVariant::Wide(v)) => check(v, 0x5eed),
            None => unreachable!(),
        };
        assert!(n > 500, "{name}: {n}");
    }
}

/// The two stages together are the legal moves, in positions where a random playout once found
/// them apart: a Pawnier piece that moves into the promotion zone without capturing makes a
/// promotion, which belongs to the tactical stage although its target square is empty.
#[test]
fn stages_cover_quiet_promotions() {
    use menagerie::movegen::{Stage, generate_stage};
    let cases = [(
        "pawnier",
        "p1k2pppp/p1p2p3/1ps1s4/sps2PS2/3s2*1p/1P2*4/P1*1p1PpP/2SSS2S1/3PS1S2/1PP2PPK1/P2P2PP1[p] w - - 1 35",
    )];
    fn union<B: Bits>(v: &'static Variant<B>, fen: &str) -> (Vec<u32>, Vec<u32>) {
        let pos = Position::from_fen(v, fen).expect("valid FEN");
        let mut legal = MoveList::new();
        generate_legal(&pos, &mut legal);
        let mut staged = Vec::new();
        for stage in [Stage::Tactical, Stage::Quiet] {
            let mut list = MoveList::new();
            generate_stage(&pos, stage, &mut list);
            staged.extend(list.iter().map(|e| e.mv.raw()));
        }
        let mut want: Vec<u32> = legal.iter().map(|e| e.mv.raw()).collect();
        staged.sort_unstable();
        want.sort_unstable();
        (staged, want)
    }
    for (name, fen) in cases {
        let (staged, want) = match lookup(name) {
            Some(AnyVariant::Narrow(v)) => union(v, fen),
            Some(AnyVariant::Wide(v)) => union(v, fen),
            None => unreachable!(),
        };
        assert_eq!(staged, want, "{name} {fen}");
    }
}
