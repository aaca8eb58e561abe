//! The `gridmatch` command: parse the arguments, run, turn the outcome into an exit code.
//! Everything else lives in the library's `cli` module.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;
use gridmatch::cli::{self, Cli, Error};

fn main() -> ExitCode {
    let args = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = cli::run(args, &mut out);
    // Answers before an error are written before the error is printed.
    let flushed = out.flush();
    let code = match result {
        Ok(code) => code,
        // A reader that stops early (`| head`) is not an error.
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    };
    match flushed {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            ExitCode::from(2)
        }
        Ok(()) => code,
    }
}
