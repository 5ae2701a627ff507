//! A network through the engine and the protocols (issue 57): a game plays its family's built-in
//! network; `EvalFile` loads another for the games it fits and refuses a file that is not one,
//! changing nothing; `UseNetwork false` goes back to the hand-written evaluation; the search plays
//! with it (the test profile keeps debug assertions, so every evaluation also checks its
//! accumulator against a refresh).

#[path = "support/engine_process.rs"]
mod engine_process;

use std::path::PathBuf;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use engine_process::{EngineProcess, secs};
use menagerie::engine::Engine;
use menagerie::eval::nnue::{Layout, Network, builtin, file};
use menagerie::search::{Info, Limits, SearchSink};
use menagerie::variants::{AnyVariant, lookup};

/// A random network for `game`'s layout, written to a temporary file.
fn random_network(dir: &std::path::Path, game: &str) -> PathBuf {
    let Some(AnyVariant::Narrow(v)) = lookup(game) else {
        panic!("{game} is 8x8")
    };
    let layout = Layout::of_variant(v);
    let hidden = 32;
    let mut rng = StdRng::seed_from_u64(57);
    let inputs = layout.inputs();
    let net = Network::new(
        layout,
        hidden,
        (0..inputs * hidden)
            .map(|_| rng.random_range(-300..=300))
            .collect(),
        (0..hidden).map(|_| rng.random_range(-500..=500)).collect(),
        (0..2 * hidden)
            .map(|_| rng.random_range(-400..=400))
            .collect(),
        0,
    )
    .unwrap();
    let path = dir.join(format!("{game}.nnue"));
    std::fs::write(&path, file::write(&net)).unwrap();
    path
}

/// A random network for chess's layout, written to a temporary file.
fn chess_network(dir: &std::path::Path) -> PathBuf {
    random_network(dir, "chess")
}

fn temp_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("menagerie-net-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A sink that keeps the search's errors (a panic in a search thread is caught and reported
/// there, and the search still answers).
#[derive(Default)]
struct Errors(std::sync::Mutex<Vec<String>>);

impl SearchSink for Errors {
    fn on_info(&self, _info: &Info) {}
    fn on_error(&self, message: &str) {
        self.0.lock().unwrap().push(message.to_string());
    }
}

/// The nodes of a search of the start position to `depth`, which must end without an error.
fn nodes_to_depth(engine: &mut Engine, depth: u32) -> u64 {
    engine.new_game();
    let errors = std::sync::Arc::new(Errors::default());
    let report = engine.search_sync(
        Limits {
            depth: Some(depth),
            ..Default::default()
        },
        errors.clone(),
    );
    let errors = errors.0.lock().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    report.nodes
}

/// How `Engine::evaluation` names chess's built-in network.
fn chess_builtin() -> String {
    let (name, net) = builtin::of_game("chess").expect("chess has a built-in network");
    let over = if net.base == 0 {
        ""
    } else {
        " over the hand-written terms"
    };
    format!("network {name} (built in){over}")
}

#[test]
fn eval_file_loads_for_the_games_it_fits_and_refuses_the_rest() {
    let dir = temp_dir("engine");
    let net = chess_network(&dir);
    let mut engine = Engine::new();
    engine.set_option("Hash", "8").unwrap();
    assert_eq!(engine.evaluation(), chess_builtin());
    let builtin_nodes = nodes_to_depth(&mut engine, 5);
    engine.set_option("UseNetwork", "false").unwrap();
    assert_eq!(engine.evaluation(), "hand-written");
    let hand_nodes = nodes_to_depth(&mut engine, 5);
    assert_ne!(hand_nodes, builtin_nodes, "the built-in network plays");
    engine.set_option("UseNetwork", "true").unwrap();
    engine
        .set_option("EvalFile", net.to_str().unwrap())
        .unwrap();
    assert_eq!(engine.evaluation(), format!("network {}", net.display()));
    let net_nodes = nodes_to_depth(&mut engine, 5);
    assert_ne!(
        hand_nodes, net_nodes,
        "the search evaluates with the network"
    );
    assert_ne!(
        builtin_nodes, net_nodes,
        "the file's network, not the built-in"
    );
    // Not a network: refused, and the loaded one stays.
    let junk = dir.join("junk.nnue");
    std::fs::write(&junk, b"MNNUE\0 not really").unwrap();
    let error = engine
        .set_option("EvalFile", junk.to_str().unwrap())
        .unwrap_err();
    assert!(error.starts_with("EvalFile: "), "{error}");
    assert_eq!(engine.evaluation(), format!("network {}", net.display()));
    // A game the network does not fit, without a built-in network of its own, plays the
    // hand-written evaluation, and says why.
    engine.set_variant("exciting9").unwrap();
    assert_eq!(engine.evaluation(), "hand-written");
    let why = engine.eval_params_misfit().unwrap().to_string();
    assert!(why.contains("does not fit exciting9"), "{why}");
    assert!(why.ends_with("the hand-written evaluation"), "{why}");
    engine.set_variant("chess").unwrap();
    assert!(engine.evaluation().starts_with("network"));
    // The switch back to the terms, for comparison with the same binary.
    engine.set_option("UseNetwork", "false").unwrap();
    assert_eq!(engine.evaluation(), "hand-written");
    assert_eq!(nodes_to_depth(&mut engine, 5), hand_nodes);
    engine.set_option("UseNetwork", "true").unwrap();
    assert_eq!(nodes_to_depth(&mut engine, 5), net_nodes);
    assert!(engine.set_option("UseNetwork", "maybe").is_err());
    // No file: the built-in network again.
    engine.set_option("EvalFile", "<none>").unwrap();
    assert_eq!(engine.evaluation(), chess_builtin());
    assert_eq!(nodes_to_depth(&mut engine, 5), builtin_nodes);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file for another family is kept for its games; chess meanwhile plays its built-in network
/// and says so.
#[test]
fn a_file_for_another_family_leaves_the_builtin_network_playing() {
    let dir = temp_dir("family");
    let troops = random_network(&dir, "shocktroops");
    let mut engine = Engine::new();
    engine
        .set_option("EvalFile", troops.to_str().unwrap())
        .unwrap();
    assert_eq!(engine.evaluation(), chess_builtin());
    let why = engine.eval_params_misfit().unwrap().to_string();
    assert!(why.contains("does not fit chess"), "{why}");
    let (name, _) = builtin::of_game("chess").unwrap();
    assert!(
        why.ends_with(&format!("its built-in network {name}")),
        "{why}"
    );
    engine.set_variant("shocktroops").unwrap();
    assert_eq!(engine.evaluation(), format!("network {}", troops.display()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn uci_eval_file_plays_and_reports_errors_in_its_own_form() {
    let dir = temp_dir("uci");
    let net = chess_network(&dir);
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.expect_line("uciok", secs(5));
    e.send(&format!("setoption name EvalFile value {}", net.display()));
    e.send("setoption name EvalFile value /no/such/file.nnue");
    let error = e.expect_line("info string", secs(5));
    assert!(
        error.starts_with("info string error: EvalFile: cannot read"),
        "{error}"
    );
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 6");
    let best = e.expect_line("bestmove", secs(60));
    assert!(best.starts_with("bestmove "), "{best}");
    e.send("quit");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// CECP takes the same options through `option NAME=VALUE` (a person's Engine Settings, or a
/// tester): a file that cannot be read is told with `tellusererror`, a good one is loaded
/// quietly and the engine plays with it.
#[test]
fn cecp_option_eval_file() {
    let dir = temp_dir("cecp");
    let net = chess_network(&dir);
    let mut e = EngineProcess::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect_line("feature done=1", secs(5));
    e.send("option EvalFile=/no/such/file.nnue");
    let told = e.expect_line("tellusererror", secs(5));
    assert!(
        told.starts_with("tellusererror EvalFile: cannot read"),
        "{told}"
    );
    e.send(&format!("option EvalFile={}", net.display()));
    e.send("new");
    e.send("sd 4");
    e.send("usermove e2e4");
    let reply = e.expect_line("move ", secs(60));
    assert!(reply.starts_with("move "), "{reply}");
    e.send("quit");
    std::fs::remove_dir_all(&dir).unwrap();
}
