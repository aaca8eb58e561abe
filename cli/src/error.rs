//! What a run fails on ([`Error`]) and how it is reported.

use std::io;

use gridmatch::InputError;

/// What a run failed on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input (exit code 2).
    #[error(transparent)]
    Input(#[from] InputError),
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

impl From<gridmatch::RunError> for Error {
    fn from(e: gridmatch::RunError) -> Error {
        match e {
            gridmatch::RunError::Input(e) => Error::Input(e),
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
