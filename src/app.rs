//! Drivers behind the command-line tool: read a whole input, solve each board, write each answer.
//!
//! Every driver writes the answer of a board before reading the next one, so when a bad board
//! stops the run, the answers before it are already out (the binary flushes before it prints the
//! error).

use std::io::{self, BufRead, Write};

use crate::board::{BoardReader, InputError};
use crate::formats::json::{LpuzzleRecord, Record, RooksRecord};
use crate::formats::judge::{Header, read_board, read_counted};
use crate::formats::show;
use crate::puzzles::{lpuzzle, rooks};

/// What a run failed on.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad input (exit code 2).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// The judge's answer followed by a picture.
    Show,
    /// One JSON certificate per line.
    Json,
}

/// Options of `gridmatch rooks`.
#[derive(Clone, Copy, Debug, Default)]
pub struct RooksOptions {
    /// Output mode.
    pub mode: Mode,
    /// Boards have `R C` headers instead of `N`.
    pub rect: bool,
}

/// Solves every rooks board of the input (UVa 12668 format, or `R C` headers with `rect`).
pub fn rooks<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    opts: &RooksOptions,
) -> Result<(), AppError> {
    let header = if opts.rect {
        Header::Rect
    } else {
        Header::Square
    };
    let mut case = 0;
    while let Some(board) = read_board(reader, header, rooks::ALPHABET, true)? {
        case += 1;
        let grid = &board.grid;
        match opts.mode {
            Mode::Judge => writeln!(out, "{}", rooks::max_rooks(grid))?,
            Mode::Show => {
                let sol = rooks::solve(grid);
                writeln!(out, "{}", sol.rooks.len())?;
                writeln!(out, "{}", show::rooks_picture(grid, &sol))?;
            }
            Mode::Json => {
                let sol = rooks::solve(grid);
                write_json(out, &Record::Rooks(RooksRecord::new(case, grid, &sol)))?;
            }
        }
    }
    Ok(())
}

/// Solves every pattern of an NWERC 2011 input (`T`, then `n m` and n rows per board).
pub fn lpuzzle<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    mode: Mode,
) -> Result<(), AppError> {
    read_counted(reader, lpuzzle::ALPHABET, |case, board| {
        let grid = &board.grid;
        let answer = lpuzzle::solve(grid);
        let written: io::Result<()> = match mode {
            Mode::Judge => writeln!(out, "{}", if answer.is_yes() { "YES" } else { "NO" }),
            Mode::Show => {
                writeln!(out, "{}", if answer.is_yes() { "YES" } else { "NO" })?;
                writeln!(out, "{}", show::lpuzzle_picture(grid, &answer))
            }
            Mode::Json => write_json(
                out,
                &Record::Lpuzzle(LpuzzleRecord::new(case, grid, &answer)),
            ),
        };
        Ok::<(), AppError>(written?)
    })
}

fn write_json<W: Write>(out: &mut W, record: &Record) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Totals of a `verify` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifySummary {
    /// Certificates read.
    pub checked: usize,
    /// Certificates rejected.
    pub failed: usize,
}

/// Checks every JSON line of `input` with the puzzles' independent verifiers and prints one line
/// per certificate: `FILE:LINE: PUZZLE case N: ok` or `… FAIL: the first broken rule`.
///
/// A line that is not a certificate at all is an input error.
pub fn verify<R: BufRead, W: Write>(
    input: R,
    file: &str,
    out: &mut W,
) -> Result<VerifySummary, AppError> {
    let mut summary = VerifySummary::default();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let line_no = i as u64 + 1;
        if line.trim().is_empty() {
            continue;
        }
        let record: Record = serde_json::from_str(&line).map_err(|e| InputError {
            file: file.to_string(),
            line: line_no,
            col: e.column() as u64,
            found: format!("invalid JSON ({e})"),
            expected: "a certificate line written by --json".into(),
            hint: None,
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
    Ok(summary)
}

/// The samples from the original problem statements, built into the binary.
pub mod samples {
    /// UVa 12668 sample input.
    pub const ROOKS: &str =
        "5\nX....\nX....\n..X..\n.X...\n....X\n4\n....\n....\n....\n....\n1\nX\n";
    /// NWERC 2011 "Piece it together" sample input.
    pub const LPUZZLE: &str = "2\n3 4\nBWW.\nWWBW\n..WB\n3 3\nW..\nBW.\nWBW\n";
}

/// `gridmatch demo`: solves the built-in samples of every puzzle and draws the answers.
pub fn demo<W: Write>(out: &mut W) -> Result<(), AppError> {
    writeln!(
        out,
        "== Rooks (UVa 12668): most non-attacking rooks, R marks a rook ==\n"
    )?;
    let mut reader = BoardReader::new(samples::ROOKS.as_bytes(), "<rooks sample>");
    let opts = RooksOptions {
        mode: Mode::Show,
        rect: false,
    };
    rooks(&mut reader, out, &opts)?;
    writeln!(
        out,
        "== L-puzzle (NWERC 2011): tile with L pieces; a piece is one letter, its black corner upper-case ==\n"
    )?;
    let mut reader = BoardReader::new(samples::LPUZZLE.as_bytes(), "<lpuzzle sample>");
    lpuzzle(&mut reader, out, Mode::Show)?;
    Ok(())
}
