//! `gridmatch verify`: checks `--json` certificates with the puzzles' independent verifiers.

use std::io::{BufRead, Write};

use super::Error;
use crate::InputError;
use crate::formats::json::Record;
use crate::formats::judge::read_line_bounded;

/// Totals of a `verify` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Certificates read.
    pub checked: usize,
    /// Certificates rejected.
    pub failed: usize,
}

/// Checks every JSON line of `input` and prints one line per certificate:
/// `FILE:LINE: PUZZLE case N: ok` or `… FAIL: the first broken rule`.
///
/// A line that is not a certificate at all is an input error, and so is a line longer than
/// `max_line` bytes (memory stays O(`max_line`) whatever the input; reading a certificate takes
/// up to ~10 bytes per byte of it); `limit_hint` is the hint shown then.
pub fn verify<R: BufRead, W: Write>(
    mut input: R,
    file: &str,
    out: &mut W,
    max_line: usize,
    limit_hint: Option<&str>,
) -> Result<Summary, Error> {
    let mut summary = Summary::default();
    let mut bytes = Vec::new();
    let mut line_no = 0u64;
    let keep = max_line.saturating_add(1);
    while let Some(ended) = read_line_bounded(&mut input, &mut bytes, keep)? {
        line_no += 1;
        if !ended && bytes.len() == keep {
            let hint = limit_hint.map_or_else(
                || "raise the limit with --max-line-bytes if the machine has the memory".into(),
                str::to_string,
            );
            return Err(InputError::at(
                file,
                line_no,
                keep as u64,
                format!("a line longer than {max_line} bytes"),
                "a certificate line written by --json",
            )
            .with_hint(hint)
            .into());
        }
        let line = std::str::from_utf8(&bytes).map_err(|e| {
            let at = e.valid_up_to();
            InputError::at(
                file,
                line_no,
                at as u64 + 1,
                format!("byte 0x{:02x} (not UTF-8)", bytes[at]),
                "a certificate line written by --json",
            )
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let record = Record::from_json(line).map_err(|e| {
            // serde_json reports column 0 for errors found after parsing (a missing field).
            InputError::at(
                file,
                line_no,
                (e.column() as u64).max(1),
                format!("invalid JSON ({})", json_reason(&e)),
                "a certificate line written by --json",
            )
        })?;
        let (name, case, verdict) = (record.puzzle(), record.case(), record.verify());
        summary.checked += 1;
        match verdict {
            Ok(()) => writeln!(out, "{file}:{line_no}: {name} case {case}: ok")?,
            Err(why) => {
                summary.failed += 1;
                writeln!(out, "{file}:{line_no}: {name} case {case}: FAIL: {why}")?;
            }
        }
    }
    if summary.checked == 0 {
        return Err(InputError::end_of_input(
            file,
            line_no + 1,
            1,
            "a certificate line written by --json",
        )
        .with_hint("the file holds no certificates; write some with `gridmatch PUZZLE --json`")
        .into());
    }
    Ok(summary)
}

/// serde_json's message without its own " at line L column C" suffix: the error names the
/// position once, in front.
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(reason) => reason.to_string(),
        None => text,
    }
}
