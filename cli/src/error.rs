//! What a run fails on ([`Error`]), how it is reported ([`exit_code`]: the message on stderr,
//! exit code 2), and the command line's own words added to the library's messages: the flags
//! that help ([`name_the_flag`], [`name_graph_flags`], [`memory_hint`]), which the library's
//! messages do not name.

use std::io;
use std::process::ExitCode;

use crate::flags::{Cli, Command};
use gridmatch::InputError;

/// What a run failed on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input (exit code 2), with the command line's flags named ([`name_flags`]).
    #[error(transparent)]
    Input(InputError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The command cannot run as given: a file that cannot be opened, a path that cannot be
    /// used, flags that do not go together (exit code 2).
    #[error("{0}")]
    Usage(String),
    /// A board the puzzle interface cannot answer (a King board without its single `K`; the
    /// reader refuses those first, with their position).
    #[error(transparent)]
    Answer(#[from] gridmatch::puzzles::AnswerError),
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Error {
        Error::Input(name_flags(e))
    }
}

/// The library's error with this command line's flag for its remedy (the library names none):
/// every bad input the command line prints comes through here.
pub fn name_flags(mut e: InputError) -> InputError {
    use gridmatch::Remedy;
    let flag = match e.remedy {
        Some(Remedy::Weights) => "--weights",
        Some(Remedy::CellLimit) => "--max-cells",
        Some(Remedy::LineLimit) => {
            e.expected = CERTIFICATE_LINE.into();
            "--max-line-bytes"
        }
        Some(Remedy::Format) => "--format",
        Some(Remedy::Certificates(found)) => return certificate_words(e, found),
        _ => return e,
    };
    e.name_flag(flag)
}

/// What `verify` expects of a certificate file, in the command line's words.
const CERTIFICATE_LINE: &str = "a certificate line written by --json";

/// A refused certificate file in the command line's words: how its certificates are written
/// (`--json`) and checked (`verify`, with `--graph` or without).
fn certificate_words(mut e: InputError, found: gridmatch::CertificateFound) -> InputError {
    use gridmatch::CertificateFound as F;
    let not_json = "a certificate line written by --json (a JSON object, starting with '{')";
    let (expected, hint) = match found {
        F::Invalid => (CERTIFICATE_LINE, None),
        F::Board => (
            not_json,
            Some(
                "this looks like a board file (the judge's format), not a certificate: solve it \
                 with `gridmatch rooks|king|lpuzzle FILE`; to check answers, write certificates \
                 with `gridmatch PUZZLE --json FILE > certs.jsonl`, then \
                 `gridmatch verify certs.jsonl`",
            ),
        ),
        F::GraphFile => (
            not_json,
            Some(
                "this looks like a graph or CNF file, not a certificate: give a graph to verify \
                 with `--graph GRAPH` and the certificates of `gridmatch match --json GRAPH` as \
                 the file",
            ),
        ),
        F::NotJson => (
            not_json,
            Some("certificates are the JSON lines `gridmatch PUZZLE --json` writes"),
        ),
        F::Matching => (
            "a puzzle certificate line written by --json",
            Some(
                "this is a `gridmatch match --json` certificate: check it with \
                 `gridmatch verify --graph GRAPH FILE`",
            ),
        ),
        F::Puzzle => (
            "a matching certificate line written by `gridmatch match --json`",
            Some(
                "a puzzle certificate (`gridmatch rooks|king|lpuzzle --json`) holds its board: \
                 it is checked on its own, without a graph file: check it with \
                 `gridmatch verify FILE`, without --graph",
            ),
        ),
        F::Empty => (
            CERTIFICATE_LINE,
            Some("the file holds no certificates; write some with `gridmatch PUZZLE --json`"),
        ),
        // CertificateFound is non-exhaustive: the library's words for a kind added later.
        _ => return e,
    };
    e.expected = expected.into();
    if let Some(hint) = hint {
        e.hint = Some(hint.into());
    }
    e.remedy = None;
    e
}

impl From<gridmatch::RunError> for Error {
    fn from(e: gridmatch::RunError) -> Error {
        match e {
            gridmatch::RunError::Input(e) => e.into(),
            gridmatch::RunError::Io(e) => Error::Io(e),
            // RunError is non-exhaustive; every kind it has today is above.
            other => Error::Io(io::Error::other(other)),
        }
    }
}

/// A file that cannot be opened, a path that cannot be used, flags that do not go together:
/// reported like bad input (exit 2).
pub(crate) fn usage(msg: String) -> Error {
    Error::Usage(msg)
}

/// An I/O error's reason without its `(os error N)` tail, for messages that name the path.
pub(crate) fn io_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A reader's refusal of a size over its limit, with the flag that raises it (and, for a
/// default limit, where the default comes from) added to the hint; for input that ran out of
/// memory below the limit, the flag that was raised past it.
pub fn name_the_flag(
    mut e: gridmatch::InputError,
    flag: &str,
    default: bool,
) -> gridmatch::InputError {
    if let Some(hint) = &mut e.hint
        && hint.starts_with(gridmatch::read::OUT_OF_MEMORY)
    {
        if !default {
            hint.push_str(&format!(
                "; {flag} was raised past what this machine can hold"
            ));
        }
    } else if let Some(hint) = &mut e.hint
        && default
        && hint.starts_with("the vertex limit is ")
    {
        // By default vertices are limited only by their numbering (32 bits).
        hint.push_str(" (the most vertices gridmatch can number)");
    } else if let Some(hint) = &mut e.hint
        && hint.contains(" limit is ")
    {
        if default {
            hint.push_str(" (the default keeps this within 3/4 of the machine's memory)");
        }
        hint.push_str(&format!("; raise it with {flag} N"));
    }
    e
}

/// The command line's own words on a graph the reader refused: the flag that helps, which the
/// library's messages do not name. `weights`: the command has `--weights` (`match`).
pub fn name_graph_flags(mut e: InputError, weights: bool) -> InputError {
    if e.expected == gridmatch::read::AMBIGUOUS {
        let hint = e.hint.get_or_insert_with(String::new);
        if !hint.is_empty() {
            hint.push_str("; ");
        }
        hint.push_str("choose with --format metis or --format edges");
    }
    if weights
        && let Some(hint) = &mut e.hint
        && let Some(line) = hint.strip_suffix(gridmatch::read::WEIGHTS_NOT_READ)
    {
        *hint = format!(
            "{}; add --weights to read the third number as a weight",
            line.trim_end()
        );
    }
    e
}

/// What the out-of-memory line adds after the amount ([`crate::oom`]): the flag that bounds
/// this command's input.
pub fn memory_hint(cli: &Cli) -> &'static str {
    match &cli.command {
        Some(Command::Match { .. } | Command::Geography { .. }) => {
            "; lower --max-edges or give a smaller graph"
        }
        Some(Command::Twosat { .. }) => "; lower --max-clauses or give a smaller formula",
        Some(Command::Verify { .. }) => "; lower --max-line-bytes or give smaller certificates",
        Some(Command::Rooks { .. } | Command::Lpuzzle { .. } | Command::King { .. }) => {
            "; lower --max-cells or give smaller boards"
        }
        _ => "; give a smaller input",
    }
}

/// The exit code of a run that ended with `result`, its output flushed with `flushed`: the
/// command's own code, or 2 after the error is printed on stderr. A reader that stops early
/// (`| head`) is not an error: a broken pipe exits 0.
pub fn exit_code(result: Result<ExitCode, Error>, flushed: io::Result<()>) -> ExitCode {
    let code = match result {
        Ok(code) => code,
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
