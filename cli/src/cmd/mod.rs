//! The commands, one module each: [`run`] dispatches a parsed command line to the one its
//! subcommand names (`stress` and `serve` are modules of the crate's own, [`crate::stress`]
//! and [`crate::serve`]; `--generate` is [`crate::flags::generate`]).

pub mod demo;
pub mod r#gen;
pub mod geography;
pub mod r#match;
pub mod play;
pub mod puzzle;
pub mod twosat;
pub mod verify;

use std::io::Write;
use std::process::ExitCode;

use crate::error::Error;
#[cfg(feature = "serve")]
use crate::flags::ServeArgs;
use crate::flags::generate::generate_file;
use crate::flags::{Cli, Command, KingAction, KingArgs};
use crate::stress;

/// Runs the command; `Ok(code)` is the exit code, `Err` an error worth printing (exit 2).
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<ExitCode, Error> {
    let Some(command) = cli.command else {
        // clap asks for a subcommand unless --generate is given.
        if !cli.generate.is_empty() {
            generate_file(&cli.generate, out)?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match command {
        Command::Rooks(args) => puzzle::rooks(args, out)?,
        Command::Lpuzzle(args) => puzzle::lpuzzle(args, out)?,
        Command::King(KingArgs {
            action: Some(KingAction::Play(args)),
            ..
        }) => play::run(args, out)?,
        Command::King(args) => puzzle::king(args, out)?,
        Command::Match(args) => r#match::run(args, out)?,
        Command::Geography(args) => geography::run(args, out)?,
        Command::Twosat(args) => return twosat::run(args, out),
        Command::Verify(args) => return verify::run(args, out),
        Command::Demo => demo::run(&mut { out })?,
        Command::Gen(args) => r#gen::run(&args, out)?,
        Command::Stress(args) => return stress::stress(args, out),
        #[cfg(feature = "serve")]
        Command::Serve(ServeArgs { port, quiet }) => {
            out.flush()?;
            crate::serve::run_with(&crate::serve::ServeConfig {
                port,
                access_log: !quiet,
                ..Default::default()
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
