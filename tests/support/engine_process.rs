//! The built engine as a child process, for the protocol tests: lines go to its stdin, a reader
//! thread collects its stdout, and every wait has a timeout so that a silent engine fails the test
//! instead of hanging it. stderr is discarded (logs).
//!
//! Use from a test file with `#[path = "support/engine_process.rs"] mod engine_process;`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far, for failure messages.
    pub transcript: Vec<String>,
}

impl EngineProcess {
    /// Starts `menagerie` with these arguments.
    pub fn start(args: &[&str]) -> EngineProcess {
        Self::start_with_env(args, &[])
    }

    /// Starts `menagerie` with these arguments and environment variables.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting menagerie");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line (a newline is added). A closed pipe is ignored: the next expectation fails.
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "{line}");
            let _ = stdin.flush();
        }
        self.transcript.push(format!("GUI> {line}"));
    }

    /// Sends raw bytes (no newline added), for malformed input.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
    }

    /// Closes the engine's stdin (end of file).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout` or at end of output.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("ENG> {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred` and returns it; panics with the transcript after
    /// `timeout`. Lines before it are skipped (they stay in the transcript).
    pub fn expect_line(&mut self, pred: impl Into<Pred>, timeout: Duration) -> String {
        let pred = pred.into();
        let lines = self.lines_until(&pred, timeout);
        match lines.last() {
            Some(l) if pred.matches(l) => l.clone(),
            _ => panic!(
                "no line matching {pred:?} within {timeout:?}; transcript:\n{}",
                self.transcript.join("\n")
            ),
        }
    }

    /// Every line up to and including the first that satisfies `pred`; on timeout, the lines
    /// read so far (the last one then does not satisfy `pred`).
    pub fn lines_until(&mut self, pred: &Pred, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return out;
            }
            let Some(line) = self.next_line(left) else {
                return out;
            };
            let done = pred.matches(&line);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// True if nothing is written within `ms` milliseconds.
    pub fn no_output_for(&mut self, ms: u64) -> bool {
        self.next_line(Duration::from_millis(ms)).is_none()
    }

    /// True if the process exits within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The process id, for reading /proc.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// True while the process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The transcript so far, one line per entry, for assertion messages.
    pub fn dump(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        if !self.wait_exit(Duration::from_millis(500)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A line predicate without regexes: a prefix, an exact line, all words present, or a closure.
pub enum Pred {
    Prefix(String),
    Exact(String),
    /// Every one of these whitespace-separated tokens occurs in the line as a token.
    Tokens(Vec<String>),
    Fn(Box<dyn Fn(&str) -> bool>),
}

impl Pred {
    pub fn matches(&self, line: &str) -> bool {
        match self {
            Pred::Prefix(p) => line.starts_with(p.as_str()),
            Pred::Exact(e) => line == e,
            Pred::Tokens(ts) => {
                let words: Vec<&str> = line.split_whitespace().collect();
                ts.iter().all(|t| words.contains(&t.as_str()))
            }
            Pred::Fn(f) => f(line),
        }
    }
}

impl std::fmt::Debug for Pred {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pred::Prefix(p) => write!(f, "prefix {p:?}"),
            Pred::Exact(e) => write!(f, "exact {e:?}"),
            Pred::Tokens(t) => write!(f, "tokens {t:?}"),
            Pred::Fn(_) => write!(f, "a predicate"),
        }
    }
}

/// A `&str` is a prefix.
impl From<&str> for Pred {
    fn from(p: &str) -> Pred {
        Pred::Prefix(p.to_string())
    }
}

impl<F: Fn(&str) -> bool + 'static> From<F> for Pred {
    fn from(f: F) -> Pred {
        Pred::Fn(Box::new(f))
    }
}

/// An exact line.
pub fn exact(line: &str) -> Pred {
    Pred::Exact(line.to_string())
}

/// A line holding every token of `tokens` (split on blanks) as a whole token.
pub fn tokens(tokens: &str) -> Pred {
    Pred::Tokens(tokens.split_whitespace().map(str::to_string).collect())
}

/// The token after `key` in `line` (`field("info depth 3 score cp 5", "depth") == Some("3")`).
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == key {
            return words.next();
        }
    }
    None
}

/// Seconds, for timeouts.
pub fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}
