//! An engine process: its stdin for our lines, a reader thread that turns its stdout into a
//! channel of lines (so every read can have a deadline), and a kill on drop.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::Instant;

/// Why no line arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

pub struct EngineProcess {
    /// A short name for log lines.
    label: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl std::fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EngineProcess({}, pid {})", self.label, self.child.id())
    }
}

impl EngineProcess {
    /// Starts `command` through `sh -c 'exec COMMAND'`, so that it may carry arguments, quotes
    /// and a path search, while the child's pid is the engine's own. The search path ends with
    /// Debian's games folders, where fairymax, sjaakii and stockfish are installed but which a
    /// root shell's PATH lacks.
    pub fn spawn(command: &str, label: &str) -> Result<EngineProcess, String> {
        let path = std::env::var("PATH").unwrap_or_default();
        let mut child = Command::new("sh")
            .env("PATH", format!("{path}:/usr/games:/usr/local/games"))
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        let reader_label = label.to_string();
        thread::Builder::new()
            .name(format!("read {label}"))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let line = line.trim_end().to_string();
                    log::debug!("{reader_label} < {line}");
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        log::debug!("{label}: started '{command}' as pid {}", child.id());
        Ok(EngineProcess {
            label: label.to_string(),
            child,
            stdin,
            lines,
        })
    }

    /// Sends one line; an error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        log::debug!("{} > {line}", self.label);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.label))
    }

    /// The next line, waiting at most until `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Reads lines until one satisfies `done` (returned) or the deadline passes; every other line
    /// goes to `other`.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
        mut other: impl FnMut(&str),
    ) -> Result<String, ReadError> {
        loop {
            let line = self.read_line(deadline)?;
            if done(&line) {
                return Ok(line);
            }
            other(&line);
        }
    }

    /// Asks the engine to quit, gives it `grace` to do so, then kills it.
    pub fn shutdown(&mut self, quit_line: &str, grace: std::time::Duration) {
        let _ = self.send(quit_line);
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(std::time::Duration::from_millis(10));
        }
        self.kill();
    }

    fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            log::debug!("{}: killing pid {}", self.label, self.child.id());
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
