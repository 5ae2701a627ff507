//! `menagerie bench`: a fixed-depth search of fixed positions of every playable variant, one
//! thread, a fixed hash size, the table cleared before each position. The node count depends
//! only on search behaviour, so a commit that changes it says `Bench: N`. Each line says which
//! evaluation the game played: `hand-written`, its built-in network, or `network FILE` with
//! `--eval-file`; `--hand-written` plays the terms everywhere, for the nodes per second to compare.

use std::sync::Arc;
use std::time::Instant;

use menagerie::engine::Engine;
use menagerie::search::{Limits, NullSink};
use menagerie::variants;

pub fn run(depth: u32, eval_file: Option<&str>, hand_written: bool) -> Result<(), String> {
    let mut engine = Engine::new();
    engine.set_option("Hash", "16")?;
    engine.set_option("Threads", "1")?;
    if let Some(path) = eval_file {
        engine.set_option("EvalFile", path)?;
    }
    if hand_written {
        engine.set_option("UseNetwork", "false")?;
    }
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for name in variants::playable() {
        let Some(variant) = variants::lookup(name) else {
            continue;
        };
        let (fens, cut) =
            menagerie::by_width!(variant, v => (v.bench_fens.clone(), v.bench_depth_cut));
        let began = Instant::now();
        engine.set_variant(name)?;
        let mut nodes = 0;
        for fen in std::iter::once(None).chain(fens.iter().map(|f| Some(*f))) {
            engine.new_game();
            engine.set_position(fen, &[])?;
            let limits = Limits {
                depth: Some(depth.saturating_sub(cut).max(1)),
                ..Default::default()
            };
            nodes += engine.search_sync(limits, Arc::new(NullSink)).nodes;
        }
        menagerie::outln!(
            "{name:<24} {nodes:>12} nodes {:>8} ms  {}",
            began.elapsed().as_millis(),
            engine.evaluation()
        );
        total_nodes += nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    menagerie::outln!("===========================");
    menagerie::outln!("Total time (ms) : {}", (secs * 1000.0) as u64);
    menagerie::outln!("Nodes searched  : {total_nodes}");
    menagerie::outln!(
        "Nodes/second    : {}",
        (total_nodes as f64 / secs.max(1e-9)) as u64
    );
    Ok(())
}
