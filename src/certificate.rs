//! Files of certificates checked line by line (`gridmatch verify`): each `--json` line read
//! and checked by its puzzle's independent verifier ([`verify_records`]), or as a maximum
//! matching of a graph file read on its own ([`verify_matchings`]).
//!
//! ```
//! use gridmatch::certificate::verify_records;
//! let line = r#"{"puzzle":"rooks","case":1,"board":["X.",".."],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[0,1,1],[1,0,1]],"cols":[]}}"#;
//! let mut out = Vec::new();
//! let summary = verify_records(line.as_bytes(), "certs.jsonl", &mut out, 1 << 20, None)?;
//! assert_eq!((summary.checked, summary.failed), (1, 0));
//! assert_eq!(out, b"certs.jsonl:1: rooks case 1: ok\n");
//! # Ok::<(), gridmatch::RunError>(())
//! ```

use std::io::{BufRead, Write};

use crate::InputError;
use crate::decimal::decimal;
use crate::error::RunError as Error;
use crate::error::{CertificateFound, RAISE_LIMIT, Remedy};

/// The remedy of a line that is not a certificate.
const INVALID: Remedy = Remedy::Certificates(CertificateFound::Invalid);
use crate::formats::json::{DmRecord, MatchingRecord, Record, WeightedRecord};
use crate::formats::judge::read_line_bounded;
use crate::read::{Format, GraphInput, Limits, Weights, read_graph, read_weighted_graph};

/// Totals of a `verify` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Certificates read.
    pub checked: usize,
    /// Certificates rejected.
    pub failed: usize,
    /// The format named by a matching certificate that failed while the graph was read in
    /// another (the command line says how to read it in that one).
    pub other_format: Option<Format>,
}

/// What every refusal of a certificate file expected, but those of a line that is no JSON
/// object (`NOT_JSON`) or a certificate of the other kind. The words name no command: a front
/// end says in its own how its certificates are written ([`Remedy::Certificates`],
/// [`Remedy::LineLimit`]).
pub const CERTIFICATE_LINE: &str = "a JSON certificate line";

/// What the refusal of a line that is no JSON object expected.
const NOT_JSON: &str = "a certificate line (a JSON object, starting with '{')";

/// Checks every JSON line of `input` and prints one line per certificate:
/// `FILE:LINE: PUZZLE case N: ok` or `… FAIL: the first broken rule`.
///
/// A line that is not a certificate at all is an input error, and so is a line longer than
/// `max_line` bytes (memory stays O(`max_line`) whatever the input; reading a certificate takes
/// up to ~10 bytes per byte of it); `limit_hint` is the hint shown then.
pub fn verify_records<R: BufRead, W: Write>(
    input: R,
    file: &str,
    out: &mut W,
    max_line: usize,
    limit_hint: Option<&str>,
) -> Result<Summary, Error> {
    check_lines(input, file, out, max_line, limit_hint, |line| {
        if line.contains("\"certificate\"") && !line.contains("\"puzzle\"") {
            return Err(Rejected::Other(
                "a matching certificate",
                "a puzzle certificate line",
                "this is a matching certificate: it is checked against its graph file",
                CertificateFound::Matching,
            ));
        }
        let record = Record::from_json(line)?;
        let label = format!("{} case {}", record.puzzle(), record.case());
        Ok((label, record.verify().map_err(|e| e.to_string())))
    })
}

/// A graph file that `gridmatch match --json` certificates are checked against: read as a
/// plain graph and, for weighted certificates, with its weights.
#[derive(Clone, Debug)]
pub struct GraphFile {
    /// The graph.
    pub graph: GraphInput,
    /// One weight per edge of `graph`, or why the file has none.
    pub weights: Result<Weights, InputError>,
}

impl GraphFile {
    /// Reads `bytes` (the file `name`) both ways; fails only if neither reader takes it
    /// (with the plain reader's error).
    pub fn read(
        bytes: &[u8],
        name: &str,
        format: Option<Format>,
        limits: Limits,
    ) -> Result<GraphFile, InputError> {
        match read_weighted_graph(bytes, name, format, limits) {
            Ok(w) => Ok(GraphFile {
                graph: w.graph,
                weights: Ok(w.weights),
            }),
            Err(why) => Ok(GraphFile {
                graph: read_graph(bytes, name, format, limits)?,
                weights: Err(why),
            }),
        }
    }
}

/// Checks every line of `input` as a `gridmatch match --json`, `gridmatch match --weights
/// --json` or `gridmatch match --dm --json` certificate of `graph` (read from its own file: nothing the certificate says about
/// the graph is trusted), printing `FILE:LINE: matching of size K: ok` or `… FAIL: why`.
pub fn verify_matchings<R: BufRead, W: Write>(
    input: R,
    file: &str,
    graph: &GraphFile,
    out: &mut W,
    max_line: usize,
    limit_hint: Option<&str>,
) -> Result<Summary, Error> {
    /// Just the kind of certificate a line holds, and the graph format it names.
    #[derive(serde::Deserialize)]
    struct Kind {
        certificate: Option<String>,
        format: Option<String>,
    }
    let mut other_format = None;
    let mut summary = check_lines(input, file, out, max_line, limit_hint, |line| {
        let kind: Kind = serde_json::from_str(line)?;
        let Some(certificate) = kind.certificate else {
            if line.contains("\"puzzle\"") {
                return Err(Rejected::Other(
                    "a puzzle certificate",
                    "a matching certificate line",
                    "a puzzle certificate holds its board: it is checked on its own, without a \
                     graph file",
                    CertificateFound::Puzzle,
                ));
            }
            // Says which field is missing.
            let _: MatchingRecord = serde_json::from_str(line)?;
            unreachable!("a matching record has a certificate field");
        };
        let (label, verdict) = check_matching(line, &certificate, graph)?;
        if verdict.is_err()
            && let Some(f) = kind.format.as_deref().and_then(Format::from_name)
            && f != graph.graph.format
        {
            other_format = Some(f);
        }
        Ok((label, verdict))
    })?;
    summary.other_format = other_format;
    Ok(summary)
}

/// The label and verdict of the matching certificate `line` (of kind `certificate`).
fn check_matching(
    line: &str,
    certificate: &str,
    graph: &GraphFile,
) -> Result<(String, Result<(), String>), Rejected> {
    if certificate == "weighted_matching" {
        let record: WeightedRecord = serde_json::from_str(line)?;
        let label = match (&record.total, record.grid, &record.gap) {
            (Some(t), Some(grid), Some(gap)) => format!(
                "weighted matching of size {} and rounded weight {} (on the grid 10^{}), \
                 within {gap} of the best",
                record.size,
                crate::decimal::scale::exact_sum(&[(*t, -grid)]),
                -i64::from(grid)
            ),
            (Some(t), _, _) => format!(
                "weighted matching of size {} and weight {}",
                record.size,
                decimal(*t, record.decimals)
            ),
            (None, _, _) => "no perfect matching".to_string(),
        };
        let verdict = match &graph.weights {
            Ok(w) => record
                .verify_weights(&graph.graph, w)
                .map_err(|e| e.to_string()),
            Err(why) => Err(format!(
                "the graph file has no weights to check it against: {why}"
            )),
        };
        return Ok((label, verdict));
    }
    if certificate == "dulmage_mendelsohn" {
        let record: DmRecord = serde_json::from_str(line)?;
        let label = format!(
            "Dulmage–Mendelsohn decomposition of structural rank {} with {} square block{}",
            record.structural_rank,
            record.square_blocks,
            if record.square_blocks == 1 { "" } else { "s" }
        );
        return Ok((
            label,
            record.verify(&graph.graph).map_err(|e| e.to_string()),
        ));
    }
    let record: MatchingRecord = serde_json::from_str(line)?;
    let label = format!("matching of size {}", record.size);
    Ok((
        label,
        record.verify(&graph.graph).map_err(|e| e.to_string()),
    ))
}

/// Why a line was not checked.
enum Rejected {
    Json(serde_json::Error),
    /// What the line is, what was expected, a hint, and the remedy.
    Other(&'static str, &'static str, &'static str, CertificateFound),
}

impl From<serde_json::Error> for Rejected {
    fn from(e: serde_json::Error) -> Rejected {
        Rejected::Json(e)
    }
}

/// The line loop of both checks: `check` turns one non-blank line into its label and verdict.
fn check_lines<R: BufRead, W: Write>(
    mut input: R,
    file: &str,
    out: &mut W,
    max_line: usize,
    limit_hint: Option<&str>,
    mut check: impl FnMut(&str) -> Result<(String, Result<(), String>), Rejected>,
) -> Result<Summary, Error> {
    let mut summary = Summary::default();
    let mut bytes = Vec::new();
    let mut line_no = 0u64;
    let keep = max_line.saturating_add(1);
    crate::encoding::skip_byte_order_mark(&mut input, file)?;
    while let Some(ended) = read_line_bounded(&mut input, &mut bytes, keep)? {
        line_no += 1;
        if !ended && bytes.len() == keep {
            let e = InputError::at(
                file,
                line_no,
                keep as u64,
                format!("a line longer than {max_line} bytes"),
                CERTIFICATE_LINE,
            )
            .with_remedy(Remedy::LineLimit);
            return Err(e.with_hint(limit_hint.unwrap_or(RAISE_LIMIT)).into());
        }
        let line = std::str::from_utf8(&bytes).map_err(|e| {
            let at = e.valid_up_to();
            InputError::at(
                file,
                line_no,
                at as u64 + 1,
                format!("byte 0x{:02x} (not UTF-8)", bytes[at]),
                CERTIFICATE_LINE,
            )
            .with_remedy(INVALID)
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let start = line.len() - line.trim_start().len();
        if !line[start..].starts_with('{') {
            return Err(not_json(file, line_no, line, start).into());
        }
        let (label, verdict) = check(line).map_err(|e| match e {
            // serde_json reports column 0 for errors found after parsing (a missing field).
            Rejected::Json(e) => InputError::at(
                file,
                line_no,
                (e.column() as u64).max(1),
                format!("invalid JSON ({})", json_reason(&e)),
                CERTIFICATE_LINE,
            )
            .with_remedy(INVALID),
            Rejected::Other(found, expected, hint, remedy) => {
                InputError::at(file, line_no, 1, found, expected)
                    .with_hint(hint)
                    .with_remedy(Remedy::Certificates(remedy))
            }
        })?;
        summary.checked += 1;
        match verdict {
            Ok(()) => writeln!(out, "{file}:{line_no}: {label}: ok")?,
            Err(why) => {
                summary.failed += 1;
                writeln!(out, "{file}:{line_no}: {label}: FAIL: {why}")?;
            }
        }
    }
    if summary.checked == 0 {
        return Err(
            InputError::end_of_input(file, line_no + 1, 1, CERTIFICATE_LINE)
                .with_hint("the file holds no certificates")
                .with_remedy(Remedy::Certificates(CertificateFound::Empty))
                .into(),
        );
    }
    Ok(summary)
}

/// The error for a line that is not a JSON object at all, with what the file looks like.
fn not_json(file: &str, line_no: u64, line: &str, start: usize) -> InputError {
    let e = InputError::at(
        file,
        line_no,
        start as u64 + 1,
        crate::error::describe_at(line.as_bytes(), start),
        NOT_JSON,
    );
    let first = line.as_bytes()[start];
    let board = |b: u8| b" \t.#XKBWRr0123456789".contains(&b);
    let (hint, found) = if first.is_ascii_digit() && line.bytes().all(board) {
        (
            "this looks like a board file (the judge's format), not a certificate: solve it, \
             write its answers' certificates as JSON lines and check those",
            CertificateFound::Board,
        )
    } else if matches!(first, b'p' | b'c' | b'e' | b'%') {
        (
            "this looks like a graph or CNF file, not a certificate: matching certificates are \
             checked against the graph file they answer",
            CertificateFound::GraphFile,
        )
    } else {
        (
            "certificates are JSON lines, one per answer",
            CertificateFound::NotJson,
        )
    };
    e.with_hint(hint).with_remedy(Remedy::Certificates(found))
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

#[cfg(test)]
#[path = "certificate_tests.rs"]
mod tests;
