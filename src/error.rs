//! [`InputError`]: bad input, said the way every gridmatch reader says it; [`RunError`]: a run
//! over a whole input stopped by bad input or by its reader or writer.

use std::fmt;
use std::io;

/// Why a run over a whole input ([`formats::output::answer_all`], [`verify`]) stopped: bad
/// input (the answers before it are written), or reading or writing failed.
///
/// [`formats::output::answer_all`]: crate::formats::output::answer_all
/// [`verify`]: crate::certificate
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// Bad input.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The hint of a size over a limit the caller set ([`Remedy::CellLimit`],
/// [`Remedy::LineLimit`]), which [`InputError::name_flag`] completes.
pub(crate) const RAISE_LIMIT: &str = "raise the limit if the machine has the memory";

/// The end of a hint that [`Remedy::Format`] completes with the front end's setting.
pub(crate) const NAME_THE_FORMAT: &str = "or name the format";

/// A refusal of bad input: where, what was found, what was expected, and an optional hint.
///
/// Displays as `FILE:LINE:COL: found X, expected Y` followed by `hint: …` on its own line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// Name of the input (a path, or `<stdin>`).
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// 1-based column (bytes).
    pub col: u64,
    /// What was there, already quoted or described (`'Y'`, `end of input`).
    pub found: String,
    /// What should have been there.
    pub expected: String,
    /// Extra advice, if any.
    pub hint: Option<String>,
    /// True when the input ended where more was expected (`found` is then `end of input`).
    pub at_end: bool,
    /// What the caller can change to get past this error, when that is a setting of its own
    /// (a front end's flag): the library's words name no flag, and
    /// [`name_flag`](Self::name_flag) adds the front end's where the words leave room for it.
    pub remedy: Option<Remedy>,
}

/// A remedy an [`InputError`] leaves to the caller's own settings (for the command line, a
/// flag it names with [`InputError::name_flag`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Remedy {
    /// Weights were asked of a file that has none (a METIS graph without edge weights, a
    /// pattern or complex Matrix Market file): the setting that asked for them needs them.
    Weights,
    /// A board over the cell limit the caller set: raising it reads the board.
    CellLimit,
    /// A certificate line over the line limit the caller set: raising it reads the line (what
    /// was expected is a certificate line, as for [`Remedy::Certificates`]'s
    /// [`Invalid`](CertificateFound::Invalid)).
    LineLimit,
    /// A graph file whose format its first line does not tell: naming the format reads it
    /// (the hint ends `or name the format`, which [`InputError::name_flag`] completes).
    Format,
    /// A certificate file held something else where a certificate was expected: the front end
    /// says in its own words how its certificates are written and checked (the library's words
    /// name no command).
    Certificates(CertificateFound),
}

/// What a certificate file held where a certificate was expected ([`Remedy::Certificates`]),
/// for a front end to say how its certificates are written and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CertificateFound {
    /// A line that is not a certificate: invalid JSON, a missing field, bytes that are not
    /// UTF-8.
    Invalid,
    /// A line that is no JSON object and looks like a board file.
    Board,
    /// A line that is no JSON object and looks like a graph or CNF file.
    GraphFile,
    /// Another line that is no JSON object.
    NotJson,
    /// A matching certificate where puzzle certificates are checked: it is checked against
    /// its graph file.
    Matching,
    /// A puzzle certificate where matching certificates are checked against a graph file: it
    /// is checked on its own.
    Puzzle,
    /// A file without certificates.
    Empty,
}

impl InputError {
    /// An error at `file:line:col` without a hint.
    pub fn at(
        file: &str,
        line: u64,
        col: u64,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> InputError {
        InputError {
            file: file.to_string(),
            line,
            col,
            found: found.into(),
            expected: expected.into(),
            hint: None,
            at_end: false,
            remedy: None,
        }
    }

    /// The input ended at `file:line:col` where `expected` should have been.
    pub fn end_of_input(
        file: &str,
        line: u64,
        col: u64,
        expected: impl Into<String>,
    ) -> InputError {
        InputError {
            at_end: true,
            ..InputError::at(file, line, col, "end of input", expected)
        }
    }

    /// The same error with the remedy the caller's own settings give (see [`Remedy`]).
    pub fn with_remedy(mut self, remedy: Remedy) -> InputError {
        self.remedy = Some(remedy);
        self
    }

    /// The error in a front end's words: `flag`, the front end's name for the setting its
    /// [`remedy`](Self::remedy) names, added where the library's words leave room for it
    /// ([`Remedy::Weights`]: after what was expected, `… — FLAG needs them`; the limits: in
    /// the hint, `raise the limit with FLAG if …`; [`Remedy::Format`]: after the hint's
    /// `or name the format`, ` (FLAG)`). Unchanged without a remedy, and for
    /// [`Remedy::Certificates`] (whose words a front end writes whole).
    pub fn name_flag(mut self, flag: &str) -> InputError {
        if matches!(self.remedy, Some(Remedy::Certificates(_))) {
            return self;
        }
        match self.remedy.take() {
            Some(Remedy::Weights) => {
                self.expected = format!("{} — {flag} needs them", self.expected)
            }
            Some(Remedy::CellLimit | Remedy::LineLimit)
                if self.hint.as_deref() == Some(RAISE_LIMIT) =>
            {
                self.hint = Some(format!(
                    "raise the limit with {flag} if the machine has the memory"
                ));
            }
            Some(Remedy::Format) => {
                if let Some(hint) = &mut self.hint
                    && hint.ends_with(NAME_THE_FORMAT)
                {
                    hint.push_str(&format!(" ({flag})"));
                }
            }
            _ => {}
        }
        self
    }

    /// The same error with a hint line.
    pub fn with_hint(mut self, hint: impl Into<String>) -> InputError {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: found {}, expected {}",
            self.file, self.line, self.col, self.found, self.expected
        )?;
        if let Some(h) = &self.hint {
            write!(f, "\nhint: {h}")?;
        }
        Ok(())
    }
}

/// Describes `bytes[i]` for an error message, the one way every reader names a byte: `'x'`,
/// `a tab`, `a space`, the non-ASCII character it starts, or `byte 0xNN` (control bytes, bytes
/// that are not UTF-8).
pub(crate) fn describe_at(bytes: &[u8], i: usize) -> String {
    let b = bytes[i];
    match b {
        b'\t' => "a tab".to_string(),
        b' ' => "a space".to_string(),
        0x21..=0x7e => format!("'{}'", b as char),
        0x80.. => {
            let end = (i + 4).min(bytes.len());
            match String::from_utf8_lossy(&bytes[i..end]).chars().next() {
                // Invisible: named (a second mark; at most one is skipped at the start).
                Some('\u{feff}') => "a byte-order mark (U+FEFF)".to_string(),
                Some(ch) if ch != char::REPLACEMENT_CHARACTER => format!("'{ch}'"),
                _ => format!("byte 0x{b:02x}"),
            }
        }
        _ => format!("byte 0x{b:02x}"),
    }
}

/// A count and its noun for messages and human-readable outputs, in every layer (re-exported
/// as `formats::count`): `1 cell`, `0 cells`, `5 cells` (`one` is the singular, `many` the
/// plural: `vertex`, `vertices`). Judge outputs hold numbers only and never go through this.
pub fn count<N>(n: N, one: &str, many: &str) -> String
where
    N: std::fmt::Display + PartialEq + From<u8>,
{
    let noun = if n == N::from(1) { one } else { many };
    format!("{n} {noun}")
}
