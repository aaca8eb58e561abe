//! The judges' input formats.
//!
//! | puzzle | input | output line |
//! |---|---|---|
//! | rooks (UVa 12668) | boards until end of input: `N`, then N rows of `.`/`X` | the most rooks |
//! | rooks `--rect` | boards until end of input: `R C`, then R rows | the most rooks |
//! | lpuzzle (NWERC 2011) | `T`, then per board `n m` and n rows of `B`/`W`/`.` | `YES` or `NO` |
//! | king (GCJ 2008) | `N`, then per board `R C` and R rows of `.`/`#`/`K` (one `K`) | `Case #x: A` or `B` |

use std::io::BufRead;

use crate::board::{BoardReader, Grid, InputError, Number};

/// How a board's size is written in its header line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// One number `N`: an N × N board.
    Square,
    /// Two numbers `R C`: R rows of C cells.
    Rect,
}

/// A board read from a judge file, with the line its first row was on.
#[derive(Clone, Debug)]
pub struct Board {
    /// The cells.
    pub grid: Grid,
    /// 1-based line of the first row (row r is on line `first_line + r`).
    pub first_line: u64,
    /// 1-based line of the board's size header.
    pub header_line: u64,
}

/// Reads one board (header and rows); `Ok(None)` at end of input if `optional`.
pub fn read_board<R: BufRead>(
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

/// The boards of one input, pulled one at a time: either until end of input (rooks), or a
/// count `T` on the first line followed by exactly T boards and nothing else (lpuzzle, king).
pub struct BoardStream<'a, R> {
    reader: &'a mut BoardReader<R>,
    header: Header,
    alphabet: &'static [u8],
    counted: bool,
    /// The `T` line, once read.
    total: Option<Number>,
    case: u64,
    done: bool,
}

impl<'a, R: BufRead> BoardStream<'a, R> {
    /// Boards until end of input.
    pub fn until_end(
        reader: &'a mut BoardReader<R>,
        header: Header,
        alphabet: &'static [u8],
    ) -> Self {
        BoardStream {
            reader,
            header,
            alphabet,
            counted: false,
            total: None,
            case: 0,
            done: false,
        }
    }

    /// `T`, then T boards with `R C` headers, then only blank lines.
    pub fn counted(reader: &'a mut BoardReader<R>, alphabet: &'static [u8]) -> Self {
        BoardStream {
            counted: true,
            ..BoardStream::until_end(reader, Header::Rect, alphabet)
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

    /// The next board with its case number (from 1), `Ok(None)` after the last one.
    pub fn next_board(&mut self) -> Result<Option<(u64, Board)>, InputError> {
        if self.done {
            return Ok(None);
        }
        let board = if self.counted {
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
            read_board(self.reader, self.header, self.alphabet, false).map_err(|e| {
                if e.found == "end of input" {
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
            read_board(self.reader, self.header, self.alphabet, true)?
        };
        match board {
            Some(b) => {
                self.case += 1;
                Ok(Some((self.case, b)))
            }
            None => {
                self.done = true;
                Ok(None)
            }
        }
    }
}

/// Finds the single `K` of a King board (read from `file`), or says where the board breaks
/// that rule. (A `K` is free by definition: a cell cannot be both `K` and `#`.)
pub fn king_start(file: &str, board: &Board) -> Result<(usize, usize), InputError> {
    let grid = &board.grid;
    let last_line = board.first_line + grid.rows() as u64 - 1;
    let mut found: Option<(usize, usize)> = None;
    for (i, &c) in grid.cells().iter().enumerate() {
        if c == b'K' {
            let (r, col) = (i / grid.cols(), i % grid.cols());
            if let Some((r0, c0)) = found {
                let line = board.first_line + r as u64;
                return Err(InputError::at(
                    file,
                    line,
                    col as u64 + 1,
                    "a second 'K'",
                    "'.' or '#'",
                )
                .with_hint(format!(
                    "the king already starts at line {}, column {}; a board has exactly one K",
                    board.first_line + r0 as u64,
                    c0 + 1
                )));
            }
            found = Some((r, col));
        }
    }
    found.ok_or_else(|| {
        InputError::at(
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
        .with_hint("mark the square the king starts on with K")
    })
}
