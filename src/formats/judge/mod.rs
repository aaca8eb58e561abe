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
pub use write::{Verdict, write_board, write_count, write_verdict};

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
    header: Header,
    alphabet: &[u8],
    optional: bool,
) -> Result<Option<Board>, InputError> {
    let (count, what) = match header {
        Header::Square => (1, "the board size N"),
        Header::Rect => (2, "the board size R C"),
    };
    let nums = if optional {
        match reader.header(count, what)? {
            Some(n) => n,
            None => return Ok(None),
        }
    } else {
        reader.required_header(count, what)?
    };
    // `header` returned exactly `count` numbers.
    let cols = if header == Header::Rect {
        nums[1]
    } else {
        nums[0]
    };
    let (rows, cols) = reader.check_size(nums[0], cols)?;
    let header_line = nums[0].line;
    let (grid, first_line) = reader.read_grid(rows, cols, alphabet)?;
    Ok(Some(Board {
        grid,
        first_line,
        header_line,
        start: None,
    }))
}

/// "1 board", "2 boards".
fn boards(n: u64) -> String {
    if n == 1 {
        "1 board".into()
    } else {
        format!("{n} boards")
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
        let alphabet = self.puzzle.alphabet();
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
            read_board(self.reader, self.header, alphabet, false).map_err(|e| {
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
            read_board(self.reader, self.header, alphabet, true)?
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
