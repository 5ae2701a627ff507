//! `menagerie analyze`: the position drawn as a board, one line per completed depth (score,
//! depth, nodes, speed, time, principal variation), then the best move.

use std::sync::Arc;
use std::time::Duration;

use menagerie::engine::Engine;
use menagerie::search::{Info, Limits, Score, SearchSink};

pub struct AnalyzeArgs {
    pub variant: String,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub depth: Option<u32>,
    pub time: Option<f64>,
    pub threads: usize,
    pub hash: usize,
    pub multipv: usize,
}

struct Printer;

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(m) if m > 0 => format!("#{m}"),
        Score::Mate(m) => format!("#-{}", -m),
    }
}

impl SearchSink for Printer {
    fn on_info(&self, i: &Info) {
        let line = if i.multipv > 1 {
            format!("[{}] ", i.multipv)
        } else {
            String::new()
        };
        menagerie::outln!(
            "{line}depth {:>2}/{:<2} score {:>7}  nodes {:>10}  {:>6.2} Mn/s  {:>6.2}s  {}",
            i.depth,
            i.seldepth,
            score_text(i.score),
            i.nodes,
            i.nps as f64 / 1e6,
            i.time.as_secs_f64(),
            i.pv.join(" ")
        );
    }
}

pub fn run(a: &AnalyzeArgs) -> Result<(), String> {
    let mut engine = Engine::new();
    engine.set_variant(&a.variant)?;
    engine.set_option("Hash", &a.hash.to_string())?;
    engine.set_option("Threads", &a.threads.to_string())?;
    engine.set_option("MultiPV", &a.multipv.to_string())?;
    engine.set_position(a.fen.as_deref(), &a.moves)?;
    menagerie::outln!("{}", engine.game().board_text());
    if let Some(o) = engine.game().outcome() {
        menagerie::outln!("game over: {} {{{}}}", o.result(), o.reason());
        return Ok(());
    }
    let limits = match (a.depth, a.time) {
        (Some(d), _) => Limits {
            depth: Some(d),
            ..Default::default()
        },
        (None, Some(t)) => Limits {
            movetime: Some(Duration::from_secs_f64(t.max(0.01))),
            ..Default::default()
        },
        (None, None) => Limits {
            movetime: Some(Duration::from_secs(5)),
            ..Default::default()
        },
    };
    let report = engine.search_sync(limits, Arc::new(Printer));
    match report.best {
        Some(best) => menagerie::outln!(
            "best move: {best}{}  (score {}, depth {}, {} nodes, {:.2}s)",
            report
                .ponder
                .map(|p| format!(" ponder {p}"))
                .unwrap_or_default(),
            score_text(report.score),
            report.depth,
            report.nodes,
            report.time.as_secs_f64()
        ),
        None => menagerie::outln!("no legal move"),
    }
    Ok(())
}
