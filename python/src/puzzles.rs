//! The three puzzles on a board given as text, answered with the command line's `--json`
//! record (the same certificate `gridmatch verify` checks), and the record verifier.

use pyo3::prelude::*;

use gridmatch::InputError;
use gridmatch::formats::json::Record;
use gridmatch::formats::judge::{MAX_CELLS, read_bare_board};
use gridmatch::grid::{Cell, Grid};
use gridmatch::puzzles::king::{Moves, StartError, Strategy};
use gridmatch::puzzles::{Answer, AnswerError, KingAnswer, Puzzle, Request};

use crate::convert::{Result, check_memory, value};

/// The name of a board in error messages (`board:LINE:COL: found …, expected …`).
const FILE: &str = "board";

/// A board read from `text` (rows separated by newlines; blank lines before and after, CRLF
/// and trailing blanks ignored: [`read_bare_board`]), with the line of its first row, once the
/// solve's peak of `bytes_per_cell` is known to fit in memory.
///
/// # Errors
/// The reader's (the command line's messages, at the line and column of the text), or more
/// cells than fit in memory.
fn board(text: &str, puzzle: Puzzle, bytes_per_cell: u64) -> Result<(Grid, u64)> {
    // The board itself takes a byte a cell, no more than the text: the solve is what may not fit.
    let (grid, first_line) = read_bare_board(text, FILE, puzzle, MAX_CELLS)?;
    let cells = grid.cells().len() as u64;
    check_memory(cells.saturating_mul(bytes_per_cell), || {
        format!("a {puzzle} board of {cells} cells")
    })?;
    Ok((grid, first_line))
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
        other => return value(other.to_string()),
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
