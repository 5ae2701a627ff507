//! Micro-benchmarks of the move generator and make-move on the narrow (`u64`) and wide (`u128`)
//! bitboards: chess on both widths, and chess-like trees on the Pawnier (9x11 with holes) and
//! Exciting (11x11, cut corners) geometries. Run with `cargo bench`; before criterion's own
//! report, a one-shot table prints perft nodes per second for each case.

use std::time::Instant;

use criterion::{Criterion, black_box};
use menagerie::board::boards::{EXCITING_HOLES, PAWNIER_HOLES};
use menagerie::board::{Bits, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, chess_on_board, lookup};

const PAWNIER_LIKE: &str = "rnbqkqbnr/ppppppppp/9/9/6*2/4*4/2*6/9/9/PPPPPPPPP/RNBQKQBNR w - - 0 1";
const EXCITING_LIKE: &str =
    "**rnbqkbr**/*ppppppppp*/11/11/11/11/11/11/11/*PPPPPPPPP*/**RNBQKBR** w - - 0 1";

fn leak<B: Bits>(v: Variant<B>) -> &'static Variant<B> {
    Box::leak(Box::new(v))
}

struct Case {
    name: &'static str,
    depth: u32,
    run: Box<dyn Fn(u32) -> u64>,
    movegen: Box<dyn Fn() -> usize>,
}

fn case<B: Bits>(name: &'static str, v: &'static Variant<B>, depth: u32) -> Case {
    let pos = Position::start(v);
    Case {
        name,
        depth,
        run: Box::new(move |d| perft(&pos, d)),
        movegen: Box::new(move || {
            let mut list = MoveList::new();
            generate_legal(black_box(&pos), &mut list);
            list.len()
        }),
    }
}

fn cases() -> Vec<Case> {
    let Some(AnyVariant::Narrow(chess)) = lookup("chess") else {
        panic!("chess is built")
    };
    let wide_chess = leak(menagerie::variants::chess_on_board::<u128>(
        "chess-u128",
        8,
        8,
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ));
    let narrow_nocastle = leak(chess_on_board::<u64>(
        "chess-u64-nocastle",
        8,
        8,
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ));
    let pawnier = leak(chess_on_board::<u128>(
        "pawnier-board",
        9,
        11,
        PAWNIER_HOLES,
        PAWNIER_LIKE,
    ));
    let exciting = leak(chess_on_board::<u128>(
        "exciting-board",
        11,
        11,
        EXCITING_HOLES,
        EXCITING_LIKE,
    ));
    vec![
        case("chess u64", chess, 5),
        case("chess u64 (no castling)", narrow_nocastle, 5),
        case("chess u128 (8x8, stride 11)", wide_chess, 5),
        case("chess-like u128 on the Pawnier board", pawnier, 4),
        case("chess-like u128 on the Exciting board", exciting, 4),
    ]
}

fn nps_table(cases: &[Case]) {
    println!(
        "{:<40} {:>6} {:>12} {:>10}",
        "perft (one thread)", "depth", "nodes", "M nodes/s"
    );
    for c in cases {
        let start = Instant::now();
        let nodes = (c.run)(c.depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<40} {:>6} {:>12} {:>10.1}",
            c.name,
            c.depth,
            nodes,
            nodes as f64 / secs / 1e6
        );
    }
}

fn main() {
    let cases = cases();
    nps_table(&cases);
    let mut c = Criterion::default().configure_from_args().sample_size(20);
    for case in &cases {
        c.bench_function(&format!("perft 3, {}", case.name), |b| {
            b.iter(|| (case.run)(3))
        });
        c.bench_function(&format!("movegen start, {}", case.name), |b| {
            b.iter(|| (case.movegen)())
        });
    }
    c.final_summary();
}
