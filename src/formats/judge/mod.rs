//! The judges' formats, read and written byte for byte.
//!
//! | puzzle | input | output line |
//! |---|---|---|
//! | rooks (UVa 12668) | boards until end of input: `N`, then N rows of `.`/`X` | the most rooks |
//! | rooks `--rect` | boards until end of input: `R C`, then R rows | the most rooks |
//! | lpuzzle (NWERC 2011) | `T`, then per board `n m` and n rows of `B`/`W`/`.` | `YES` or `NO` |
//! | king (GCJ 2008) | `N`, then per board `R C` and R rows of `.`/`#`/`K` (one `K`) | `Case #x: A` or `B` |
//!
//! [`BoardStream`] reads the boards of one input as an [`Iterator`]; [`read`] holds the line
//! reader under it; [`write`](mod@write) writes boards and answers.
//!
//! ```
//! use gridmatch::formats::judge::{BoardReader, BoardStream, Header};
//! use gridmatch::puzzles::Puzzle;
//! let mut reader = BoardReader::new(&b"2\n1 2\nK.\n1 1\nK\n"[..], "<example>");
//! let boards: Vec<_> = BoardStream::new(&mut reader, Puzzle::King, Header::Rect)
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(boards.len(), 2);
//! assert_eq!(boards[0].1.start, Some((0, 0)));
//! # Ok::<(), gridmatch::InputError>(())
//! ```

pub mod read;
pub mod write;

use std::io::BufRead;

pub use read::{BoardReader, DEFAULT_MAX_CELLS, MAX_CELLS, Number, read_line_bounded};
pub use write::{JudgeAnswer, write_board, write_count, write_verdict};

use crate::error::InputError;
use crate::grid::{Cell, Grid};
use crate::puzzles::Puzzle;
use crate::puzzles::king::{self, StartError};

/// How a board's size is written in its header line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// One number `N`: an N × N board.
    Square,
    /// Two numbers `R C`: R rows of C cells.
    Rect,
}

impl Header {
    /// The judge's header of `puzzle`: rooks boards are square (`rect`: `R C` headers instead),
    /// the others are always `R C`.
    pub fn of(puzzle: Puzzle, rect: bool) -> Header {
        match puzzle {
            Puzzle::Rooks if !rect => Header::Square,
            _ => Header::Rect,
        }
    }
}

/// Whether the input starts with a count `T` of boards (lpuzzle, king) or runs to its end
/// (rooks).
pub fn is_counted(puzzle: Puzzle) -> bool {
    match puzzle {
        Puzzle::Rooks => false,
        Puzzle::Lpuzzle | Puzzle::King => true,
    }
}

/// A board read from a judge file, with the lines it was on.
#[derive(Clone, Debug)]
pub struct Board {
    /// The cells.
    pub grid: Grid,
    /// 1-based line of the first row (row r is on line `first_line + r`).
    pub first_line: u64,
    /// 1-based line of the board's size header.
    pub header_line: u64,
    /// King: the square of its single `K`.
    pub start: Option<Cell>,
}

/// Reads one board (header and rows); `Ok(None)` at end of input if `optional`.
fn read_board<R: BufRead>(
    reader: &mut BoardReader<R>,
    puzzle: Puzzle,
    header: Header,
    optional: bool,
) -> Result<Option<Board>, InputError> {
    let (count, what) = match header {
        Header::Square => (1, "the board size N"),
        Header::Rect => (2, "the board size R C"),
    };
    let nums = if optional {
        reader.header(count, what)
    } else {
        reader.required_header(count, what).map(Some)
    };
    let nums =
        match nums.map_err(|e| hint_wrong_file(reader, puzzle, header, Expected::Header, e))? {
            Some(n) => n,
            None => return Ok(None),
        };
    // `header` returned exactly `count` numbers.
    let cols = if header == Header::Rect {
        nums[1]
    } else {
        nums[0]
    };
    let (rows, cols) = reader.check_size(nums[0], cols)?;
    let header_line = nums[0].line;
    let (grid, first_line) = reader
        .read_grid(rows, cols, puzzle.alphabet())
        .map_err(|e| hint_wrong_file(reader, puzzle, header, Expected::Row, e))?;
    Ok(Some(Board {
        grid,
        first_line,
        header_line,
        start: None,
    }))
}

/// What the reader expected on the line that broke a rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expected {
    Header,
    Row,
}

/// Adds a hint to an error on a line that suggests the input was meant for another command:
/// an `R C` header without `--rect`, a size line where `rooks` expects the first row (the
/// files that start with a count), or a row of another puzzle's characters. Errors that
/// are not about the last line read are returned as they are; a hint already there is kept
/// first.
fn hint_wrong_file<R: BufRead>(
    reader: &BoardReader<R>,
    puzzle: Puzzle,
    header: Header,
    expected: Expected,
    e: InputError,
) -> InputError {
    let (line_no, line) = reader.last_line();
    if e.at_end || e.line != line_no {
        return e;
    }
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let numbers = line
        .split(|b| blank(b))
        .filter(|t| !t.is_empty())
        .map(|t| t.iter().all(u8::is_ascii_digit).then_some(()))
        .collect::<Option<Vec<()>>>()
        .map(|n| n.len());
    let hint = match (expected, numbers) {
        (Expected::Header, Some(2)) if puzzle == Puzzle::Rooks && header == Header::Square => {
            Some("boards given as `R C` then R rows are read with `gridmatch rooks --rect`".to_string())
        }
        (Expected::Header, Some(1)) if puzzle == Puzzle::Rooks && header == Header::Rect => Some(
            "square boards given as `N` are read without --rect (King and L-puzzle files start \
             with their number of boards: `gridmatch king`, `gridmatch lpuzzle`)"
                .to_string(),
        ),
        (Expected::Row, Some(1..)) if puzzle == Puzzle::Rooks && line_no == 2 => Some(
            "this looks like a size line: files that start with their number of boards are \
             King or L-puzzle files (`gridmatch king`, `gridmatch lpuzzle`)"
                .to_string(),
        ),
        (Expected::Row, Some(1..)) => Some(
            "this looks like a size line: does this board have fewer rows than its header says?"
                .to_string(),
        ),
        (Expected::Header, None)
            if !line.is_empty()
                && line
                    .iter()
                    .all(|b| blank(b) || puzzle.alphabet().contains(b)) =>
        {
            Some(
                "this looks like a board row: does the board above have more rows than its header says?"
                    .to_string(),
            )
        }
        _ => other_puzzle(puzzle, line).map(|(other, byte)| {
            format!(
                "'{}' is a square of `{other}` boards: is this a file for `gridmatch {other}`?",
                byte as char
            )
        }),
    };
    match (&e.hint, hint) {
        (_, None) => e,
        (None, Some(hint)) => e.with_hint(hint),
        (Some(old), Some(hint)) => {
            let both = format!("{old}; {hint}");
            e.with_hint(both)
        }
    }
}

/// The other puzzle whose own characters (not shared with `puzzle`'s) the line holds, with the
/// first such character; `None` if the line holds characters of no single other puzzle.
fn other_puzzle(puzzle: Puzzle, line: &[u8]) -> Option<(Puzzle, u8)> {
    let mine = puzzle.alphabet();
    let &byte = line
        .iter()
        .find(|b| !mine.contains(b) && !b.is_ascii_whitespace())?;
    let mut owners = Puzzle::ALL
        .into_iter()
        .filter(|p| *p != puzzle && p.alphabet().contains(&byte));
    let other = owners.next()?;
    let fits = line
        .iter()
        .all(|b| b.is_ascii_whitespace() || other.alphabet().contains(b));
    (owners.next().is_none() && fits).then_some((other, byte))
}

/// "1 board", "2 boards".
fn boards(n: u64) -> String {
    super::count(n, "board", "boards")
}

/// One board of `puzzle` given as its rows alone, without a size header (as typed in a text box
/// or passed as a string): blank lines before and after it, and blanks and CRs at the ends of
/// rows, are ignored, as the reader ignores them; the rows are measured against the first one.
/// Returns the board and the line of its first row; errors are named `file:LINE:COL`.
///
/// # Errors
/// An empty board, rows of unequal length, a cell outside the puzzle's alphabet, more than
/// `max_cells` cells (at most [`MAX_CELLS`]).
/// # Complexity
/// O(text length); allocates the board once.
pub fn read_bare_board(
    text: &str,
    file: &str,
    puzzle: Puzzle,
    max_cells: u64,
) -> Result<(Grid, u64), InputError> {
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
        return Err(InputError::end_of_input(
            file,
            skipped + 1,
            1,
            format!("the rows of a {puzzle} board"),
        )
        .with_hint("the board is empty"));
    }
    let max_cells = max_cells.min(MAX_CELLS);
    let cells = (rows as u64).saturating_mul(cols as u64);
    if cells > max_cells {
        let e = InputError::at(
            file,
            skipped + 1,
            1,
            format!(
                "{} of {}",
                super::count(rows, "row", "rows"),
                super::count(cols, "cell", "cells")
            ),
            format!("at most {}", super::count(max_cells, "cell", "cells")),
        );
        return Err(if max_cells == MAX_CELLS {
            e.with_hint("the solvers number cells with 32-bit integers")
        } else {
            e
        });
    }
    let mut reader = BoardReader::new(body.as_bytes(), file).with_max_cells(max_cells);
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
            Err(e)
        }
    }
}

/// The boards of one input, pulled one at a time with their case numbers (from 1): either until
/// end of input (rooks), or a count `T` on the first line followed by exactly T boards and
/// nothing else (lpuzzle, king). A King board without exactly one `K` is bad input here.
///
/// After an error the stream ends.
pub struct BoardStream<'a, R> {
    reader: &'a mut BoardReader<R>,
    puzzle: Puzzle,
    header: Header,
    /// The `T` line, once read.
    total: Option<Number>,
    case: u64,
    done: bool,
}

impl<'a, R: BufRead> BoardStream<'a, R> {
    /// The boards of `puzzle` with size headers `header` (see [`Header::of`]).
    pub fn new(reader: &'a mut BoardReader<R>, puzzle: Puzzle, header: Header) -> Self {
        BoardStream {
            reader,
            puzzle,
            header,
            total: None,
            case: 0,
            done: false,
        }
    }

    /// The name of the input, for messages.
    pub fn file(&self) -> &str {
        self.reader.file()
    }

    /// The number of boards announced, once known.
    pub fn announced(&self) -> Option<u64> {
        self.total.map(|t| t.value)
    }

    fn next_board(&mut self) -> Result<Option<(u64, Board)>, InputError> {
        let board = if is_counted(self.puzzle) {
            let t = match self.total {
                Some(t) => t,
                None => {
                    let t = self.reader.required_header(1, "the number of boards")?[0];
                    self.total = Some(t);
                    t
                }
            };
            if self.case == t.value {
                self.done = true;
                self.reader.expect_end(&format!(
                    "line {} announced {}",
                    t.line,
                    boards(t.value)
                ))?;
                return Ok(None);
            }
            let case = self.case + 1;
            read_board(self.reader, self.puzzle, self.header, false).map_err(|e| {
                if e.at_end {
                    e.with_hint(format!(
                        "line {} announced {}, the input ends in board {case}",
                        t.line,
                        boards(t.value)
                    ))
                } else {
                    e
                }
            })?
        } else {
            read_board(self.reader, self.puzzle, self.header, true)?
        };
        let Some(mut board) = board else {
            self.done = true;
            return Ok(None);
        };
        if self.puzzle == Puzzle::King {
            board.start = Some(king_start(self.reader.file(), &board)?);
        }
        self.case += 1;
        Ok(Some((self.case, board)))
    }
}

impl<R: BufRead> Iterator for BoardStream<'_, R> {
    type Item = Result<(u64, Board), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_board();
        if next.is_err() {
            self.done = true;
        }
        next.transpose()
    }
}

/// The single `K` of a King board read from `file` ([`king::start_of`]), or where the board
/// breaks that rule.
fn king_start(file: &str, board: &Board) -> Result<Cell, InputError> {
    let grid = &board.grid;
    match king::start_of(grid) {
        Ok(start) => Ok(start),
        Err(StartError::Several { first, second, .. }) => Err(InputError::at(
            file,
            board.first_line + second.0 as u64,
            second.1 as u64 + 1,
            "a second 'K'",
            "'.' or '#'",
        )
        .with_hint(format!(
            "the king already starts at line {}, column {}; a board has exactly one K",
            board.first_line + first.0 as u64,
            first.1 + 1
        ))),
        Err(StartError::Missing) => {
            let last_line = board.first_line + grid.rows() as u64 - 1;
            Err(InputError::at(
                file,
                board.header_line,
                1,
                if last_line == board.first_line {
                    format!("a board without 'K' (its row is line {last_line})")
                } else {
                    format!(
                        "a board without 'K' (its rows are lines {}-{last_line})",
                        board.first_line
                    )
                },
                "exactly one 'K' (the king's start)",
            )
            .with_hint("mark the square the king starts on with K"))
        }
    }
}

#[cfg(test)]
mod bare_board_tests {
    use super::*;

    #[test]
    fn blank_lines_and_blanks_at_row_ends_are_ignored() {
        let (grid, first) =
            read_bare_board("\n  \r\nX. \r\n..\t\n\n \n", "b", Puzzle::Rooks, MAX_CELLS).unwrap();
        assert_eq!(grid.to_lines(), ["X.", ".."]);
        assert_eq!(first, 3);
    }

    #[test]
    fn errors_are_at_the_text_s_line_and_column() {
        let e = read_bare_board("\nX.\n.Q\n", "b", Puzzle::Rooks, MAX_CELLS).unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.col), ("b", 3, 2));
        let e = read_bare_board("X.\n...\n", "b", Puzzle::Rooks, MAX_CELLS).unwrap_err();
        assert_eq!(e.line, 2);
        let hint = e.hint.unwrap_or_default();
        assert!(hint.ends_with("row 1 has 2"), "{hint}");
    }

    #[test]
    fn empty_and_oversized_boards_are_refused() {
        for text in ["", "\n \n"] {
            let e = read_bare_board(text, "b", Puzzle::King, MAX_CELLS).unwrap_err();
            assert!(e.to_string().contains("the board is empty"), "{e}");
        }
        let e = read_bare_board("...\n...\n", "b", Puzzle::Rooks, 5).unwrap_err();
        assert_eq!(e.expected, "at most 5 cells");
    }
}
