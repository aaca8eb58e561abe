//! The `gridmatch` command: parse the arguments, run, turn the outcome into an exit code.
//!
//! A thin layer over the `gridmatch` library, laid out as ripgrep's binary crate is:
//! - [`flags`]: clap's definitions of every command, the man pages and completions;
//! - [`input`]: opening a FILE or standard input, within the limits of [`limits`] (derived from
//!   the machine's memory);
//! - [`error`]: what a run fails on, the exit codes, the flags named in the library's hints;
//! - [`batch`]: the one driver that answers every board of a puzzle's input;
//! - [`cmd`]: one module per command (`cmd/puzzle.rs`, `cmd/match.rs`, `cmd/geography.rs`,
//!   `cmd/twosat.rs`, `cmd/verify.rs`, `cmd/gen.rs`, `cmd/demo.rs`, `cmd/play.rs`);
//!   [`stress`] tests a program against gridmatch and [`serve`] is the local web playground.
//!
//! None of them is public: the library is the API.
#![deny(unsafe_code)]

mod batch;
mod cmd;
mod error;
mod flags;
mod input;
mod limits;
// The global allocator that reports memory running out (exit 2) instead of aborting.
#[allow(unsafe_code)]
mod oom;
#[cfg(feature = "serve")]
mod serve;
mod signals;
mod stress;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use flags::Cli;

#[global_allocator]
static ALLOCATOR: oom::Reporting = oom::Reporting;

fn main() -> ExitCode {
    let args = Cli::parse_args();
    oom::set_hint(error::memory_hint(&args));
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = cmd::run(args, &mut out);
    // Answers before an error are written before the error is printed.
    let flushed = out.flush();
    error::exit_code(result, flushed)
}
