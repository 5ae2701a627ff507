//! Mates the search must not hide (issue 59): a mate found at the root is preferred to any
//! ordinary score, in one line and in several; no mate is printed before one is proven; and the
//! first iteration, which always completes, stays small where checks and promotions abound.
//! Mates are checked against a brute-force solver written here that uses only the move
//! generator and the game-end rules.

use std::sync::{Arc, Mutex};

use menagerie::board::{Bits, MoveList};
use menagerie::engine::Engine;
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::position::Position;
use menagerie::search::{Info, Limits, SearchReport, SearchSink};
use menagerie::variants::{AnyVariant, lookup};

/// White mates in eight; Black mates at once after 1.Ka5 (a2a1q), and in two after most
/// other moves. One ply of it followed every checking under-promotion and every evasion to the
/// end of the material: 408,557 nodes, and a 100 ms search played 1.Ka5 from an unfinished
/// first iteration, printing `score mate -1`.
const PROMOTIONS: &str = "N7/PPPPPPPP/K1k3rB/b1pnnb1p/8/1r6/pp3p2/7q w - - 0 1";

/// Whether the side to move can force mate within `moves` of its own moves (brute force).
fn mates_within<B: Bits>(pos: &Position<B>, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list.iter().any(|e| {
        let child = pos.make_move(e);
        let mut replies = MoveList::new();
        generate_legal(&child, &mut replies);
        if replies.is_empty() {
            return child.in_check();
        }
        replies
            .iter()
            .all(|r| mates_within(&child.make_move(r), moves - 1))
    })
}

/// Whether playing `mv` (a canonical string) in the chess position `fen` lets the opponent
/// mate within `moves` of its moves.
fn allows_mate(fen: &str, mv: &str, moves: u32) -> bool {
    let Some(AnyVariant::Narrow(v)) = lookup("chess") else {
        panic!("chess")
    };
    let pos = Position::from_fen(v, fen).expect("FEN");
    let mut list = MoveList::new();
    generate_legal(&pos, &mut list);
    let e = list
        .iter()
        .find(|e| render(&pos, e) == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    mates_within(&pos.make_move(e), moves)
}

/// A sink that keeps every progress report.
#[derive(Default)]
struct Collect(Mutex<Vec<Info>>);

impl SearchSink for Collect {
    fn on_info(&self, info: &Info) {
        self.0.lock().unwrap().push(info.clone());
    }
}

/// A chess search of `fen` after `moves` with `multipv` lines: the report and every line
/// printed on the way.
fn search(
    fen: Option<&str>,
    moves: &[&str],
    multipv: u32,
    limits: Limits,
) -> (SearchReport, Vec<Info>) {
    let mut e = Engine::new();
    e.set_variant("chess").expect("variant");
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    e.set_position(fen, &moves).expect("position");
    e.set_option("MultiPV", &multipv.to_string())
        .expect("MultiPV");
    let sink = Arc::new(Collect::default());
    let report = e.search_sync(limits, sink.clone());
    let infos = std::mem::take(&mut *sink.0.lock().unwrap());
    (report, infos)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Default::default()
    }
}

#[test]
fn one_ply_of_checking_promotions_costs_a_few_thousand_nodes() {
    // Stockfish finishes this ply in about a hundred nodes.
    let (report, _) = search(Some(PROMOTIONS), &[], 1, depth(1));
    assert_eq!(report.depth, 1);
    assert!(report.nodes <= 5_000, "{} nodes", report.nodes);
    let best = report.best.expect("a move");
    assert!(!allows_mate(PROMOTIONS, &best, 1), "{best}");
}
