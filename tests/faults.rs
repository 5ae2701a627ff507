//! Faults and bad input (issue 13): a panicking search or command, a closed or full stdout,
//! numbers out of range on the command line and in `go`, thread counts past the cores, table
//! sizes past the memory, endless and oversized input lines, and control bytes. The engine must
//! answer, keep its game, and never hang, abort or write a line the protocol does not allow.
//!
//! Panics are injected with `MENAGERIE_FAULT` (src/fault.rs). Memory and scheduling figures come
//! from Linux's /proc, as the reports that opened the issue did.

#[path = "support/engine_process.rs"]
mod engine_process;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use engine_process::{EngineProcess, exact, field, secs};
use menagerie::engine::Engine;

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

fn start_moves() -> Vec<String> {
    Engine::new().game().legal_strings()
}

fn uci_with(env: &[(&str, &str)]) -> EngineProcess {
    let mut e = EngineProcess::start_with_env(&["uci"], env);
    e.send("uci");
    e.expect_line(exact("uciok"), secs(5));
    e
}

fn xboard_with(env: &[(&str, &str)]) -> EngineProcess {
    let mut e = EngineProcess::start_with_env(&["xboard"], env);
    e.send("xboard");
    e.send("protover 2");
    e.expect_line("feature done=1", secs(5));
    e
}

fn ready(e: &mut EngineProcess) {
    e.send("isready");
    e.expect_line(exact("readyok"), secs(10));
}

fn ping(e: &mut EngineProcess, n: u32) {
    e.send(&format!("ping {n}"));
    e.expect_line(exact(&format!("pong {n}")), secs(10));
}

// ---- 1. A panicking search thread or command ----

#[test]
fn uci_answers_with_a_legal_move_when_the_search_panics() {
    let mut e = uci_with(&[("MENAGERIE_FAULT", "search")]);
    e.send("position startpos");
    e.send("go depth 6");
    let err = e.expect_line("info string error:", secs(10));
    assert!(err.contains("search failed"), "{}", e.dump());
    let line = e.expect_line("bestmove ", secs(10));
    let mv = field(&line, "bestmove").unwrap_or("");
    assert!(start_moves().iter().any(|m| m == mv), "{}", e.dump());
    ready(&mut e);
    // The game goes on: the move is played and the next search answers too.
    e.send(&format!("position startpos moves {mv}"));
    e.send("go depth 3");
    e.expect_line("bestmove ", secs(10));
    ready(&mut e);
    e.send("quit");
    assert!(e.wait_exit(secs(5)), "{}", e.dump());
}

#[test]
fn uci_searches_on_when_helper_threads_panic() {
    let mut e = uci_with(&[("MENAGERIE_FAULT", "helper")]);
    e.send("setoption name Threads value 3");
    ready(&mut e);
    e.send("position startpos");
    e.send("go depth 6");
    let lines = e.lines_until(&"bestmove ".into(), secs(30));
    assert!(
        lines.iter().any(|l| field(l, "depth") == Some("6")),
        "{}",
        e.dump()
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{}", e.dump());
    ready(&mut e);
}

#[test]
fn cecp_answers_with_a_legal_move_when_the_search_panics() {
    let mut e = xboard_with(&[("MENAGERIE_FAULT", "search")]);
    e.send("new");
    e.send("sd 6");
    e.send("go");
    let told = e.expect_line("telluser ", secs(10));
    assert!(told.contains("search failed"), "{}", e.dump());
    let line = e.expect_line("move ", secs(10));
    let mv = line.trim_start_matches("move ");
    assert!(start_moves().iter().any(|m| m == mv), "{}", e.dump());
    ping(&mut e, 1);
    // The engine's move was played: a reply is accepted and the engine moves again.
    e.send("usermove e7e5");
    e.expect_line("move ", secs(10));
    ping(&mut e, 2);
}

#[test]
fn uci_reports_a_panicking_command_and_keeps_its_state() {
    let mut e = uci_with(&[("MENAGERIE_FAULT", "command:position")]);
    e.send("position startpos moves e2e4");
    let err = e.expect_line("info string error: internal error", secs(5));
    assert!(err.contains("position startpos moves e2e4"), "{err}");
    ready(&mut e);
    e.send("go depth 2");
    let line = e.expect_line("bestmove ", secs(10));
    let mv = field(&line, "bestmove").unwrap_or("");
    assert!(start_moves().iter().any(|m| m == mv), "{}", e.dump());
}

#[test]
fn cecp_reports_a_panicking_command_and_keeps_its_state() {
    let mut e = xboard_with(&[("MENAGERIE_FAULT", "command:setboard")]);
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    e.expect_line(
        exact("Error (internal error): setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        secs(5),
    );
    ping(&mut e, 3);
    // Still the game after 1. e4: Black's e7e5 is legal, and then White's d2d4.
    e.send("usermove e7e5");
    e.send("usermove d2d4");
    ping(&mut e, 4);
    assert!(
        !e.transcript.iter().any(|l| l.starts_with("ENG> Illegal")),
        "{}",
        e.dump()
    );
}

/// `menagerie analyze --time 2 | head -1`: the search thread's write fails on the closed pipe.
/// It used to panic there and leave the process waiting for ever.
#[test]
fn analyze_into_a_closed_pipe_ends() {
    let mut child = Command::new(BIN)
        .args(["analyze", "--time", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    drop(out);
    let deadline = Instant::now() + secs(15);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("analyze did not end after its stdout closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(1));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("error: cannot write to stdout"), "{err}");
}

// ---- 3. The command line checks its numbers and its writes ----

/// Runs the binary with `args` and stdout to `stdout`; returns the exit code and stderr.
fn run_cli(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Non-zero, one `error:` line, no panic.
fn refused_in_one_line(args: &[&str], stdout: Stdio) {
    let (code, err) = run_cli(args, stdout);
    assert!(code.is_some_and(|c| c != 0), "{args:?}: exit {code:?}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {err}");
    assert!(lines[0].starts_with("error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn analyze_refuses_times_it_cannot_keep() {
    for t in ["inf", "1e300", "-1", "NaN", "soon", "1e9"] {
        refused_in_one_line(&["analyze", "--time", t], Stdio::null());
    }
    refused_in_one_line(&["analyze", "--threads", "0"], Stdio::null());
}

#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    for args in [
        &["variants"][..],
        &["perft", "--depth", "2", "--divide"],
        &["bench", "--depth", "1"],
        &["analyze", "--depth", "1"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        refused_in_one_line(args, Stdio::from(full));
    }
}

// ---- 4. Thread counts ----

#[test]
fn perft_caps_its_threads() {
    let t0 = Instant::now();
    refused_in_one_line(
        &["perft", "--threads", "100000", "--depth", "1"],
        Stdio::null(),
    );
    assert!(t0.elapsed() < secs(5));
    // Past the cores: counted all the same, with a warning.
    let cores = menagerie::engine::cores();
    let n = (cores + 1).to_string();
    let out = Command::new(BIN)
        .args(["perft", "--threads", &n, "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("nodes 8902"));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("on {cores} cores")));
}

/// Search threads of the process in state R (running or ready to run).
fn running_search_threads(pid: u32) -> usize {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("stat")).ok())
        .filter(|stat| {
            let Some((name, rest)) = stat.split_once(") ") else {
                return false;
            };
            name.contains("(search-") && rest.starts_with('R')
        })
        .count()
}

/// `Threads 64` on a small machine: dozens of busy threads kept the protocol thread from its turn
/// (`stop` took up to 201 ms, `quit` 611 ms). Helpers beyond the cores now take turns, so the
/// threads ready to run stay within the cores (plus one in the middle of a hand-over).
#[test]
fn many_threads_take_turns_and_answer_stop_and_quit() {
    let cores = menagerie::engine::cores();
    let mut e = uci_with(&[]);
    e.send("setoption name Threads value 64");
    let warning = e.expect_line("info string warning:", secs(5));
    assert!(warning.contains("64 threads"), "{warning}");
    ready(&mut e);
    e.send("position startpos");
    e.send("go infinite");
    e.expect_line("info depth 3", secs(10));
    std::thread::sleep(Duration::from_millis(200));
    let mut samples: Vec<usize> = (0..21)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(10));
            running_search_threads(e.pid())
        })
        .collect();
    samples.sort();
    // The median: a thread just handed a turn, or one just woken by the scheduler, may show R
    // for a moment beside the others.
    let median = samples[samples.len() / 2];
    assert!(
        median <= cores + 1,
        "{samples:?} search threads ready to run on {cores} cores"
    );
    let t0 = Instant::now();
    e.send("stop");
    e.expect_line("bestmove ", secs(5));
    let stop_ms = t0.elapsed().as_millis();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t0 = Instant::now();
    e.send("quit");
    assert!(e.wait_exit(secs(5)), "{}", e.dump());
    let quit_ms = t0.elapsed().as_millis();
    // Reported, not asserted: timings belong to benchmarks (see the closing note).
    eprintln!("Threads 64 on {cores} cores: stop {stop_ms} ms, quit {quit_ms} ms");
}

// ---- 5. Memory ----

/// A field of /proc/PID/status in MB.
fn status_mb(pid: u32, key: &str) -> usize {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = text.lines().find(|l| l.starts_with(key)).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<usize>()
        .unwrap()
        / 1024
}

/// The old table was kept alive by the last search while the new one was allocated: 256 MB then
/// 300 MB made room for both together. Now the old one goes first. Tables are mapped as the
/// search reaches them, so the address space (`VmPeak`) is what shows two tables at once.
#[test]
fn a_new_table_replaces_the_old_one_in_memory() {
    let mut e = uci_with(&[]);
    e.send("position startpos");
    e.send("go depth 3");
    e.expect_line("bestmove ", secs(20));
    let before = status_mb(e.pid(), "VmPeak:");
    e.send("setoption name Hash value 256");
    ready(&mut e);
    e.send("go depth 5");
    e.expect_line("bestmove ", secs(20));
    e.send("setoption name Hash value 300");
    e.send("go depth 1");
    e.expect_line("bestmove ", secs(20));
    let grown = status_mb(e.pid(), "VmPeak:") - before;
    // One table: 300 - 64 = 236 MB more than the default's. Two: 256 + 300 - 64 = 492 MB.
    assert!(
        grown < 400,
        "the address space grew by {grown} MB: two tables at once"
    );
    eprintln!("VmPeak grew by {grown} MB");
}

/// One rule for both protocols: a table larger than the machine can spare is cut to half of the
/// memory available (at most 8192 MB), said on the UCI side, and allocated without keeping
/// `ping`/`isready` waiting.
#[test]
fn huge_tables_are_cut_to_what_the_machine_can_spare() {
    let mut e = uci_with(&[]);
    e.send("setoption name Hash value 99999999999999999999");
    let note = e.expect_line("info string Hash:", secs(5));
    assert!(note.contains("using"), "{note}");
    let t0 = Instant::now();
    ready(&mut e);
    assert!(t0.elapsed() < secs(2), "isready took {:?}", t0.elapsed());
    e.send("quit");
    assert!(e.wait_exit(secs(5)));

    let mut x = xboard_with(&[]);
    x.send("memory 999999999");
    let t0 = Instant::now();
    ping(&mut x, 5);
    assert!(t0.elapsed() < secs(2), "ping took {:?}", t0.elapsed());
    x.send("quit");
    assert!(x.wait_exit(secs(5)));
}

// ---- 6. Input lines have a length limit ----

#[test]
fn oversized_lines_are_dropped_with_a_message() {
    let long = vec![b'x'; 3 << 20];
    let mut e = uci_with(&[]);
    e.send_bytes(&long);
    e.send("");
    let err = e.expect_line("info string error:", secs(10));
    assert!(err.contains("longer than"), "{err}");
    ready(&mut e);

    let mut x = xboard_with(&[]);
    x.send_bytes(&long);
    x.send("");
    let err = x.expect_line("Error (line longer than", secs(10));
    assert!(err.ends_with("xxx..."), "{err}");
    ping(&mut x, 6);
}

/// `menagerie uci < /dev/zero` under a 1 GiB address-space limit aborted; the endless line is now
/// read and dropped in bounded memory.
#[test]
fn endless_input_does_not_exhaust_memory() {
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let mut child = Command::new("sh")
        .args(["-c", &format!("ulimit -v 1048576; exec {BIN} uci")])
        .stdin(Stdio::from(zero))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let alive = child.try_wait().unwrap().is_none();
    let resident = alive.then(|| status_mb(child.id(), "VmRSS:"));
    let _ = child.kill();
    let _ = child.wait();
    assert!(alive, "the engine died reading /dev/zero");
    assert!(resident.unwrap() < 200, "{resident:?} MB resident");
}

// ---- 7. Control bytes are never echoed ----

#[test]
fn control_bytes_are_not_echoed() {
    let mut e = uci_with(&[]);
    e.send_bytes(b"\x1b[2Jfoo\x00bar\n");
    let line = e.expect_line("info string unknown command:", secs(5));
    assert_eq!(line, "info string unknown command: ?[2Jfoo?bar");
    e.send_bytes(b"setoption name UCI_Variant value \x07bell\n");
    let line = e.expect_line("info string error:", secs(5));
    assert!(!line.chars().any(char::is_control), "{line:?}");
    ready(&mut e);
    assert!(
        !e.transcript.iter().any(|l| l.chars().any(char::is_control)),
        "{:?}",
        e.transcript
    );
}

// ---- 9. Clocks ----

#[test]
fn a_clock_too_long_to_read_still_limits_the_search() {
    let mut e = uci_with(&[]);
    // Black to move with 1 ms; White's number saturates instead of being dropped.
    e.send("position startpos moves e2e4");
    e.send("go wtime 99999999999999999999 btime 1");
    e.expect_line("bestmove ", secs(5));
    ready(&mut e);
}
