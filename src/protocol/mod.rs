//! The protocol front ends: CECP (XBoard) and UCI. stdin is read on its own thread, so that
//! commands such as `stop`, `isready`, `ping` and `?` are answered while a search runs; every line
//! written to stdout goes through [`Output`], which writes whole lines and flushes them.

pub mod uci;
pub mod xboard;

use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};

/// Which protocol to speak.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// stdout, shared by the command loop and the search threads' sinks. One call writes one line.
#[derive(Clone)]
pub struct Output {
    out: Arc<Mutex<std::io::Stdout>>,
}

impl Default for Output {
    fn default() -> Self {
        Self::new()
    }
}

impl Output {
    pub fn new() -> Output {
        Output {
            out: Arc::new(Mutex::new(std::io::stdout())),
        }
    }

    /// Writes `text` and a newline, then flushes. A closed stdout is ignored (the GUI has gone;
    /// the input side will see end of file).
    pub fn line(&self, text: &str) {
        log::debug!("> {text}");
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// Reads stdin line by line on a thread of its own. The channel closes at end of file.
pub fn spawn_reader() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut stdin = stdin.lock();
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                // Invalid UTF-8 is replaced, not fatal: the line is then an unknown command.
                let line = String::from_utf8_lossy(&bytes)
                    .trim_end_matches(['\n', '\r'])
                    .to_string();
                log::debug!("< {line}");
                if tx.send(line).is_err() {
                    break;
                }
            }
        })
        .expect("spawning the stdin reader");
    rx
}

/// Speaks `forced`, or the protocol the first meaningful line asks for (`uci`, or `xboard` /
/// `protover`), until `quit` or end of input.
pub fn run(forced: Option<Protocol>) {
    let input = spawn_reader();
    let out = Output::new();
    let (protocol, first) = match forced {
        Some(p) => (p, None),
        None => loop {
            let Ok(line) = input.recv() else { return };
            let word = line.split_whitespace().next().unwrap_or("");
            match word {
                "uci" => break (Protocol::Uci, Some(line)),
                "xboard" | "protover" => break (Protocol::Xboard, Some(line)),
                "quit" => return,
                "" => continue,
                // Before a protocol is chosen there is no way to answer in its form.
                _ => log::warn!("ignored before the protocol is chosen: {line}"),
            }
        },
    };
    log::info!("speaking {protocol:?}");
    match protocol {
        Protocol::Uci => uci::run(input, out, first),
        Protocol::Xboard => xboard::run(input, out, first),
    }
}
