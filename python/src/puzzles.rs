//! The three puzzles on a board given as text, answered with the command line's `--json`
//! record (the same certificate `gridmatch verify` checks), and the record verifier.

use pyo3::prelude::*;

use gridmatch::InputError;
use gridmatch::formats::json::Record;
use gridmatch::formats::judge::{BoardReader, MAX_CELLS};
use gridmatch::grid::{Cell, Grid};
use gridmatch::puzzles::king::{Moves, StartError, Strategy};
use gridmatch::puzzles::{Answer, AnswerError, KingAnswer, Puzzle, Request};

use crate::convert::{Result, check_memory, value};

/// The name of a board in error messages (`board:LINE:COL: found …, expected …`).
const FILE: &str = "board";

/// A board read from `text` (rows separated by newlines; blank lines before and after, CRLF
/// and trailing blanks ignored), with the line of its first row.
///
/// # Errors
/// An empty board, rows of unequal length, a cell outside the puzzle's alphabet (the command
/// line's messages, at the line and column of the text), more cells than the solvers take or
/// than fit in memory at the puzzle's peak of `bytes_per_cell`.
fn board(text: &str, puzzle: Puzzle, bytes_per_cell: u64) -> Result<(Grid, u64)> {
    let blank = |l: &str| l.trim_matches([' ', '\t', '\r']).is_empty();
    let mut body = text;
    let mut skipped = 0u64;
    while let Some((first, rest)) = body.split_once('\n')
        && blank(first)
    {
        body = rest;
        skipped += 1;
    }
    let trim = |l: &str| l.trim_end_matches(['\r', ' ', '\t']).len();
    let mut lines: Vec<usize> = body.split('\n').map(trim).collect();
    while lines.last() == Some(&0) {
        lines.pop();
    }
    let (rows, cols) = (lines.len(), lines.first().copied().unwrap_or(0));
    if cols == 0 {
        return Err(value("the board is empty"));
    }
    let cells = (rows as u64).saturating_mul(cols as u64);
    if cells > MAX_CELLS {
        return Err(value(format!(
            "{FILE}: {rows} rows of {cols} cells, expected at most {MAX_CELLS} cells\nhint: the \
             solvers number cells with 32-bit integers"
        )));
    }
    check_memory(cells.saturating_mul(bytes_per_cell), || {
        format!("a {puzzle} board of {cells} cells")
    })?;
    let mut reader = BoardReader::new(body.as_bytes(), FILE).with_max_cells(MAX_CELLS);
    match reader.read_grid(rows, cols, puzzle.alphabet()) {
        Ok((grid, first)) => Ok((grid, first + skipped)),
        Err(mut e) => {
            e.line += skipped;
            // No header here: the rows are measured against the first one.
            if let Some(h) = &e.hint
                && let Some(head) = h.strip_suffix(&format!(", the header said {cols}"))
            {
                e.hint = Some(format!("{head}, row 1 has {cols}"));
            }
            Err(e.into())
        }
    }
}

/// The `--json` record of `request`'s answer about `board` (with `request`'s extras), and the
/// answer itself.
fn record(text: &str, puzzle: Puzzle, request: &Request) -> Result<(String, Answer)> {
    let (grid, first_line) = board(text, puzzle, puzzle.peak_bytes_per_request_cell(request))?;
    let answer = puzzle
        .answer(&grid, request)
        .map_err(|e| start_error(e, &grid, first_line))?;
    let rec = Record::of_answer(1, &grid, &answer, request)
        .ok_or_else(|| value("the answer has no certificate"))?;
    let line =
        serde_json::to_string(&rec).map_err(|e| value(format!("cannot write the record: {e}")))?;
    Ok((line, answer))
}

/// Rooks: the most non-attacking rooks on a board of `.` (empty) and `X` (pawns), as the
/// `--json` record (with `--roles` if `roles`).
#[pyfunction(name = "rooks")]
#[pyo3(signature = (board, roles=false))]
pub fn rooks_board(py: Python<'_>, board: &str, roles: bool) -> PyResult<String> {
    let request = Request {
        certificate: true,
        roles,
        ..Request::judge()
    };
    Ok(py.detach(|| record(board, Puzzle::Rooks, &request).map(|(line, _)| line))?)
}

/// L-puzzle: a tiling of a pattern of `B`, `W` and `.` by L pieces, or why there is none, as the
/// `--json` record (with `--unique` and `--forced` as asked).
#[pyfunction(name = "lpuzzle")]
#[pyo3(signature = (board, unique=false, forced=false))]
pub fn lpuzzle_board(py: Python<'_>, board: &str, unique: bool, forced: bool) -> PyResult<String> {
    let request = Request {
        certificate: true,
        unique,
        forced,
        ..Request::judge()
    };
    Ok(py.detach(|| record(board, Puzzle::Lpuzzle, &request).map(|(line, _)| line))?)
}

/// The command line's error for a King board without its single `K`, whose first row is line
/// `first_line`.
fn start_error(e: AnswerError, grid: &Grid, first_line: u64) -> crate::convert::Error {
    let AnswerError::Start(e) = e else {
        return value(e.to_string());
    };
    let err = match e {
        StartError::Several { first, second, .. } => InputError::at(
            FILE,
            first_line + second.0 as u64,
            second.1 as u64 + 1,
            "a second 'K'",
            "'.' or '#'",
        )
        .with_hint(format!(
            "the king already starts at line {}, column {}; a board has exactly one K",
            first_line + first.0 as u64,
            first.1 + 1
        )),
        StartError::Missing => {
            let last = first_line + grid.rows() as u64 - 1;
            let found = if last == first_line {
                format!("a board without 'K' (its row is line {last})")
            } else {
                format!("a board without 'K' (its rows are lines {first_line}-{last})")
            };
            InputError::at(
                FILE,
                first_line,
                1,
                found,
                "exactly one 'K' (the king's start)",
            )
            .with_hint("mark the square the king starts on with K")
        }
    };
    err.into()
}

/// The winner's plan: Alice's first move, or Bob's reply to each first move of Alice.
type Plan = (Option<Cell>, Vec<(Cell, Cell)>);

/// King: who wins the game from the board's `K` moving as `moves` (`king`, `wazir`, `ferz`,
/// `knight`): the `--json --all` record (certificate and the winner from every square) and the
/// winner's plan.
#[pyfunction(name = "king")]
#[pyo3(signature = (board, moves="king"))]
pub fn king_board(py: Python<'_>, board: &str, moves: &str) -> PyResult<(String, Plan)> {
    Ok(py.detach(|| -> Result<(String, Plan)> {
        let moves = Moves::from_name(moves).ok_or_else(|| {
            let names: Vec<&str> = Moves::ALL.iter().map(|m| m.name()).collect();
            value(format!(
                "moves: found '{moves}', expected one of {}",
                names.join(", ")
            ))
        })?;
        let request = Request {
            certificate: true,
            map: true,
            strategy: true,
            moves,
            ..Request::judge()
        };
        let (line, answer) = record(board, Puzzle::King, &request)?;
        let Answer::King(KingAnswer {
            strategy: Some(strategy),
            ..
        }) = answer
        else {
            return Err(value("the king's start is not a free square"));
        };
        let plan = match strategy {
            Strategy::Alice { first } => (Some(first), Vec::new()),
            Strategy::Bob { replies } => (None, replies),
        };
        Ok((line, plan))
    })?)
}

/// Checks a `--json` record (one line, as the command line or this module writes it) against
/// its board with the puzzle's independent verifier: `None` if it holds, else the first rule it
/// breaks.
///
/// # Errors
/// `ValueError` if the line is not a record.
#[pyfunction]
pub fn verify_record(py: Python<'_>, record: &str) -> PyResult<Option<String>> {
    Ok(py.detach(|| -> Result<Option<String>> {
        let rec = Record::from_json(record).map_err(|e| value(format!("record: {e}")))?;
        Ok(rec.verify().err().map(|e| e.to_string()))
    })?)
}
