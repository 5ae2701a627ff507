//! `menagerie datagen` and `menagerie tune` end to end (issue 16): the data depend on the seed
//! alone (not on the threads, nor on a stop and a restart), every line is a quiet position with
//! its game's result, and the tuner reads them and writes a table the variant accepts.
//!
//! Run with `cargo test --release --test datagen`.

use std::path::{Path, PathBuf};
use std::process::Command;

use menagerie::eval::{Evaluator, table};
use menagerie::position::Position;
use menagerie::tune::parse_line;
use menagerie::variants::{AnyVariant, lookup};

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("menagerie-datagen-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `menagerie tune --variant chess --data DATA --out OUT` with more arguments.
fn tune(data: &Path, out: &Path, more: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "tune",
        "--variant",
        "chess",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    run(&args)
}

fn datagen(variant: &str, games: u32, threads: u32, out: &Path) -> String {
    datagen_with(variant, games, threads, out, &[])
}

/// As [`datagen`] with more arguments.
fn datagen_with(variant: &str, games: u32, threads: u32, out: &Path, more: &[&str]) -> String {
    let (games, threads) = (games.to_string(), threads.to_string());
    let mut args = vec![
        "datagen",
        "--variant",
        variant,
        "--games",
        &games,
        "--threads",
        &threads,
        "--nodes",
        "600",
        "--seed",
        "9",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    let (ok, stdout, stderr) = run(&args);
    assert!(ok, "datagen failed: {stderr}");
    assert!(
        stdout.is_empty(),
        "datagen writes nothing on stdout: {stdout}"
    );
    stderr
}

#[test]
fn data_depend_on_the_seed_alone_and_every_line_is_a_quiet_position() {
    let d = dir("seed");
    let whole = d.join("whole.txt");
    let parts = d.join("parts.txt");
    let progress = datagen("chess", 6, 2, &whole);
    assert!(progress.contains("positions/s"), "{progress}");
    datagen("chess", 2, 1, &parts);
    // A run stopped in the middle of writing a game: the rest is cut off and played again.
    let mut text = std::fs::read_to_string(&parts).unwrap();
    text.push_str("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 3 | 0.5\n# gam");
    std::fs::write(&parts, text).unwrap();
    datagen("chess", 6, 1, &parts);
    let a = std::fs::read_to_string(&whole).unwrap();
    let b = std::fs::read_to_string(&parts).unwrap();
    assert_eq!(
        a, b,
        "two threads at once, or one thread in two runs, make the same data"
    );

    let Some(AnyVariant::Narrow(v)) = lookup("chess") else {
        panic!("chess is 8x8")
    };
    let mut games = 0;
    let mut positions = 0;
    let mut results = Vec::new();
    for line in a.lines() {
        if let Some(rest) = line.strip_prefix("# game ") {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            assert_eq!(fields[0], games.to_string());
            let result: f64 = fields[1].parse().unwrap();
            assert!(results.iter().all(|&r| r == result), "{line}: {results:?}");
            results.clear();
            games += 1;
            continue;
        }
        let (fen, score, result) = parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!([0.0, 0.5, 1.0].contains(&result), "{line}");
        assert!(score.abs() < 20_000.0, "no mate score: {line}");
        let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!pos.in_check(), "not in check: {line}");
        results.push(result);
        positions += 1;
    }
    assert_eq!(games, 6);
    assert!(positions > 100, "{positions} positions");

    // The tuner reads the data and writes a table that the variant takes.
    let tuned = d.join("chess.txt");
    let (ok, stdout, stderr) = tune(&whole, &tuned, &["--epochs", "20", "--hold-out", "3"]);
    assert!(ok, "tune failed: {stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("K = ") && stderr.contains("held out"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&tuned).unwrap();
    let ev = Evaluator::with_defaults(v);
    let mut w = ev.weights().to_vec();
    let set = table::apply(&text, ev.layout(), &mut w).unwrap();
    assert!(set > 50, "the tuned table sets {set} terms");

    // `--start` begins from a given table: with no epochs the table written is that one.
    let again = d.join("again.txt");
    let start = [
        "--from-defaults",
        "--start",
        tuned.to_str().unwrap(),
        "--epochs",
        "0",
    ];
    let (ok, _, stderr) = tune(&whole, &again, &start);
    assert!(ok, "tune --start failed: {stderr}");
    assert!(stderr.contains("set as the start"), "{stderr}");
    let terms = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let again_text = std::fs::read_to_string(&again).unwrap();
    assert_eq!(terms(&again_text), terms(&text));

    // `--k` is used as given (and written in the table's header); a K that is no positive
    // number is refused.
    let given = d.join("given.txt");
    let (ok, _, stderr) = tune(&whole, &given, &["--epochs", "2", "--k", "0.5"]);
    assert!(ok, "tune --k failed: {stderr}");
    assert!(stderr.contains("K = 0.5000 (given)"), "{stderr}");
    assert!(
        std::fs::read_to_string(&given)
            .unwrap()
            .contains("K 0.5000")
    );
    for bad in ["--k=0", "--k=-1", "--k=NaN"] {
        let (ok, _, stderr) = tune(&whole, &given, &["--epochs", "2", bad]);
        assert!(
            !ok && stderr.contains("K must be a positive number"),
            "{bad}: {stderr}"
        );
    }

    // `--keep` holds the named terms at their start: from the defaults, the piece values stay
    // the defaults (so the table, which lists what differs from them, has none) while the
    // rest moves. A prefix that names no term is refused before any data is read.
    let kept = d.join("kept.txt");
    let keep = [
        "--from-defaults",
        "--epochs",
        "20",
        "--keep",
        "value.",
        "--keep",
        "hand.",
    ];
    let (ok, _, stderr) = tune(&whole, &kept, &keep);
    assert!(ok, "tune --keep failed: {stderr}");
    let kept_text = std::fs::read_to_string(&kept).unwrap();
    let kept_terms = terms(&kept_text);
    assert!(
        !kept_terms.iter().any(|l| l.starts_with("value.")),
        "{kept_text}"
    );
    assert!(
        kept_terms.iter().any(|l| l.starts_with("psq.")),
        "{kept_text}"
    );
    // The control: the same fit without `--keep` moves the values, so the check above can fail.
    let free = d.join("free.txt");
    let (ok, _, stderr) = tune(&whole, &free, &keep[..3]);
    assert!(ok, "tune failed: {stderr}");
    let free_text = std::fs::read_to_string(&free).unwrap();
    assert!(
        terms(&free_text).iter().any(|l| l.starts_with("value.")),
        "{free_text}"
    );

    // `--every-term` writes the whole table: from the defaults with no epochs, the hand-set
    // weights, which as EvalParams override chess's tuned built-in table term by term. The
    // control: without it the same command writes no term (nothing differs from the defaults).
    let hand = d.join("hand.txt");
    let hand_args = ["--from-defaults", "--epochs", "0", "--every-term"];
    let (ok, _, stderr) = tune(&whole, &hand, &hand_args);
    assert!(ok, "tune --every-term failed: {stderr}");
    let hand_text = std::fs::read_to_string(&hand).unwrap();
    let defaults = Evaluator::with_defaults(v);
    assert_eq!(terms(&hand_text).len(), defaults.weights().len());
    let played = Evaluator::with_table(v, &hand_text).unwrap();
    assert!(played.weights() == defaults.weights());
    assert!(Evaluator::new(v).weights() != defaults.weights());
    let (ok, _, stderr) = tune(&whole, &hand, &hand_args[..3]);
    assert!(ok, "tune failed: {stderr}");
    assert!(terms(&std::fs::read_to_string(&hand).unwrap()).is_empty());

    let (ok, _, stderr) = tune(&whole, &kept, &["--keep", "nosuch."]);
    assert!(
        !ok && stderr.contains("--keep nosuch.") && !stderr.contains("positions from"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    let d = dir("refusals");
    let out = d.join("x.txt");
    let (ok, _, stderr) = run(&[
        "datagen",
        "--variant",
        "nosuch",
        "--games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok && stderr.contains("unknown"), "{stderr}");
    std::fs::write(&out, "this is not data\n").unwrap();
    let (ok, _, stderr) = run(&[
        "tune",
        "--variant",
        "chess",
        "--data",
        out.to_str().unwrap(),
    ]);
    assert!(!ok && stderr.contains("line 1"), "{stderr}");
    let (ok, _, stderr) = run(&[
        "tune",
        "--variant",
        "chess",
        "--data",
        out.to_str().unwrap(),
        "--start",
        d.join("missing.txt").to_str().unwrap(),
    ]);
    assert!(!ok && stderr.contains("cannot read"), "{stderr}");
    for cmd in ["datagen", "tune"] {
        let (ok, stdout, _) = run(&[cmd, "--help"]);
        assert!(ok && stdout.contains("--variant"), "{cmd} --help: {stdout}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// `--format bin` with random plies and a soft budget (issue 57): the same file from two threads
/// at once or from one thread in two runs (one stopped inside a game), records that read back
/// as quiet positions of the variant, each game's result on its positions.
#[test]
fn binary_data_are_deterministic_resumable_and_read_back() {
    use menagerie::eval::nnue::data;
    let d = dir("bin");
    let (whole, parts) = (d.join("whole.bin"), d.join("parts.bin"));
    let more = ["--format", "bin", "--random-plies", "4", "--soft-nodes"];
    datagen_with("shocktroops", 6, 2, &whole, &more);
    datagen_with("shocktroops", 2, 1, &parts, &more);
    let mut bytes = std::fs::read(&parts).unwrap();
    bytes.extend_from_slice(&[0, 10, 0, 1, 2, 3]); // a record cut short
    std::fs::write(&parts, bytes).unwrap();
    datagen_with("shocktroops", 6, 1, &parts, &more);
    let a = std::fs::read(&whole).unwrap();
    assert_eq!(
        a,
        std::fs::read(&parts).unwrap(),
        "the same data either way"
    );
    let Some(AnyVariant::Narrow(v)) = lookup("shocktroops") else {
        panic!("Shock Troops is 8x8")
    };
    let contents = data::read(&a, |name| {
        assert_eq!(name, "shocktroops");
        Ok(data::width_of(v))
    })
    .unwrap();
    assert_eq!(contents.games, 6);
    assert_eq!(contents.complete_len, a.len());
    assert!(
        contents.samples.len() > 20,
        "{} positions",
        contents.samples.len()
    );
    // Played out from a book opening and four random moves: no start position among them.
    let start = Position::start(v);
    let start_pieces = start.mailbox().iter().filter(|&&r| r != 0xff).count();
    for s in &contents.samples {
        assert!(s.result <= 2);
        assert!(s.pieces.len() <= start_pieces + 8, "{s:?}");
    }
    // A text file is not a binary one.
    let text = d.join("text.txt");
    datagen("chess", 1, 1, &text);
    let (ok, _, stderr) = run(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "2",
        "--format",
        "bin",
        "--out",
        text.to_str().unwrap(),
    ]);
    assert!(
        !ok && stderr.contains("not a menagerie data file"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}
