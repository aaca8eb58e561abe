//! The `gridmatch` command: parse the arguments, run, turn the outcome into an exit code.
//!
//! A thin layer over the `gridmatch` library: [`cli`] parses the arguments and renders what the
//! library's puzzle interface answers, [`stress`] tests a program against it, [`serve`] is the
//! local web playground. None of them is public: the library is the API.
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
