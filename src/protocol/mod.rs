//! The protocol front ends: CECP (XBoard) and UCI. stdin is read on its own thread, so that
//! commands such as `stop`, `isready`, `ping` and `?` are answered while a search runs; every line
//! written to stdout goes through [`Output`], which writes whole lines and flushes them.
//!
//! An input line may be at most [`MAX_LINE_BYTES`] long: a longer one is read to its end and
//! dropped, and the protocol says so, so that endless input (`< /dev/zero`) cannot exhaust memory.

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

    /// Writes `text` and a newline, then flushes. Control characters (which could only come
    /// from echoed input) are written as `?`, so a line stays one line. A closed stdout is
    /// ignored (the GUI has gone; the input side will see end of file).
    pub fn line(&self, text: &str) {
        let cleaned;
        let text = if text.chars().any(char::is_control) {
            cleaned = text
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect::<String>();
            &cleaned
        } else {
            text
        };
        log::debug!("> {text}");
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// Input as an answer quotes it: one printable line, and only its beginning when it is long
/// (a protocol line carries at most a short prefix of what it answers).
pub fn printable(s: &str) -> String {
    crate::text::quoted(s)
}

/// The longest input line read: far more than any real command (a FEN, a `position … moves`
/// line of a long game), far less than memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input as the reader delivers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`], dropped; its beginning, to name it.
    TooLong(String),
}

/// Reads lines from `reader` into `tx` until end of input or until the receiver has gone. Bytes
/// that are not UTF-8 are replaced, not fatal: the line is then an unknown command.
pub fn read_lines(mut reader: impl BufRead, tx: &std::sync::mpsc::Sender<Input>) {
    let mut line: Vec<u8> = Vec::new();
    let mut overflow = false;
    let text = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .trim_end_matches(['\n', '\r'])
            .to_string()
    };
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if buf.is_empty() {
            if !line.is_empty() && !overflow {
                let _ = tx.send(Input::Line(text(&line)));
            }
            return;
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.map_or(buf.len(), |i| i + 1)];
        if !overflow {
            if line.len() + chunk.len() > MAX_LINE_BYTES + 1 {
                overflow = true;
                let room = MAX_LINE_BYTES.saturating_sub(line.len()).min(chunk.len());
                line.extend_from_slice(&chunk[..room]);
                let mut head = text(&line[..line.len().min(40)]);
                head.push_str("...");
                log::warn!("input line longer than {MAX_LINE_BYTES} bytes dropped");
                if tx.send(Input::TooLong(head)).is_err() {
                    return;
                }
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len();
        reader.consume(used);
        if newline.is_some() {
            if !overflow {
                let l = text(&line);
                log::debug!("< {l}");
                if tx.send(Input::Line(l)).is_err() {
                    return;
                }
            }
            line.clear();
            overflow = false;
        }
    }
}

/// Reads stdin line by line on a thread of its own. The channel closes at end of file.
pub fn spawn_reader() -> Receiver<Input> {
    let (tx, rx) = channel();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(std::io::stdin().lock(), &tx));
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
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
            let line = match input.recv() {
                Ok(Input::Line(line)) => line,
                Ok(Input::TooLong(_)) => continue,
                Err(_) => return,
            };
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
