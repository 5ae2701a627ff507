//! A command's results on stdout. `println!` panics when stdout fails (a full disk, a pipe whose
//! reader has gone: `menagerie analyze | head -1`), and a panic on a search thread used to hang
//! the engine. [`outln!`](crate::outln) and [`out!`](crate::out) write and flush, and on failure
//! print one line on stderr and end the process with status 1, from whichever thread noticed.
//! (The protocols write through `protocol::Output`, which ignores a closed stdout instead: the
//! GUI has gone, and end of input follows.)

use std::io::Write;

/// Writes `args` to stdout and flushes; exits with status 1 if stdout refuses.
pub fn write(args: std::fmt::Arguments<'_>) {
    let result = {
        let mut out = std::io::stdout().lock();
        out.write_fmt(args).and_then(|()| out.flush())
    };
    if let Err(e) = result {
        error(&format!("cannot write to stdout: {e}"));
        std::process::exit(1);
    }
}

/// Writes `error: MESSAGE` on stderr; a failing stderr is ignored (there is nowhere left to
/// say so).
pub fn error(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "error: {message}");
}

/// Writes a progress line on stderr; a failing stderr is ignored.
pub fn note(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// Like `println!`, for a command's results: see the module.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::console::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::console::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Like `print!`, for a command's results: see the module.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::write(format_args!($($arg)*))
    };
}
