//! `gridmatch --generate`: the man pages and shell completions, generated from the flags.

use std::io::Write;

use super::{Cli, man};
use crate::error::{Error, usage};

/// What `--generate` prints (ripgrep's convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Generated {
    /// The man page (roff), for `man -l -` or a `man1` folder.
    Man,
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// Completions for PowerShell.
    CompletePowershell,
}

/// Writes the man page or a completion script for the whole command line (`--generate KIND`),
/// or every man page into a directory (`--generate man DIR`).
pub fn generate_file(args: &[std::ffi::OsString], out: &mut dyn Write) -> Result<(), Error> {
    use clap::{CommandFactory, ValueEnum};
    use clap_complete::Shell;
    let mut cmd = Cli::command();
    let kinds = || {
        Generated::value_variants()
            .iter()
            .filter_map(|k| k.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind = args[0]
        .to_str()
        .and_then(|k| Generated::from_str(k, false).ok())
        .ok_or_else(|| {
            usage(format!(
                "--generate: `{}` is not one of {}",
                args[0].to_string_lossy(),
                kinds()
            ))
        })?;
    if let Some(dir) = args.get(1) {
        if kind != Generated::Man {
            return Err(usage(format!(
                "--generate {}: a directory is only taken by `--generate man DIR`",
                args[0].to_string_lossy()
            )));
        }
        let dir = std::path::Path::new(dir);
        if !dir.exists()
            && man::subcommand_names(&cmd)
                .iter()
                .any(|n| dir.as_os_str() == n.as_str())
        {
            return Err(usage(format!(
                "--generate man {0}: `{0}` would be a new directory; every page, \
                 gridmatch-{0}.1 among them, is written by `gridmatch --generate man DIR` \
                 (`gridmatch --generate man ./{0}` makes the directory)",
                dir.display()
            )));
        }
        man::write_all_pages(cmd, dir).map_err(|e| {
            usage(format!(
                "cannot write man pages into {}: {e}",
                dir.display()
            ))
        })?;
        return Ok(());
    }
    let shell = match kind {
        Generated::Man => return Ok(man::write_main_page(cmd, out)?),
        Generated::CompleteBash => Shell::Bash,
        Generated::CompleteZsh => Shell::Zsh,
        Generated::CompleteFish => Shell::Fish,
        Generated::CompletePowershell => Shell::PowerShell,
    };
    clap_complete::generate(shell, &mut cmd, "gridmatch", out);
    Ok(())
}
