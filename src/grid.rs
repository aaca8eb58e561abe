//! [`Grid`]: a rectangular board of ASCII cells, the one board type every puzzle takes.
//!
//! A grid knows its shape and its cells, not what they mean: each puzzle names its own alphabet
//! ([`crate::puzzles::Puzzle::alphabet`]). Build one from text with [`str::parse`] (rows
//! separated by newlines), from rows with [`Grid::from_lines`], or from row-major cells with
//! [`Grid::from_cells`]; the judges' formats are read by [`crate::formats::judge`].
//!
//! ```
//! use gridmatch::Grid;
//! let g: Grid = "X..\n.X.\n".parse()?;
//! assert_eq!((g.rows(), g.cols()), (2, 3));
//! assert_eq!(g.get(1, 1), b'X');
//! assert_eq!(g.neighbours((0, 0), &[(0, 1), (1, 0), (-1, 0)]).count(), 2);
//! assert!("X.\n.".parse::<Grid>().is_err());
//! # Ok::<(), gridmatch::grid::GridError>(())
//! ```

use std::str::FromStr;

/// A cell `(row, col)`, both from 0.
pub type Cell = (usize, usize);

/// A rectangular board of ASCII cells, stored row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

/// Why rows do not make a grid. The messages are the ones `gridmatch verify` prints.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// No rows, or an empty first row.
    #[error("the board is empty")]
    Empty,
    /// A row of another length than the first.
    #[error("board row {row} has {len} {}, row 0 has {expected}", if *len == 1 { "cell" } else { "cells" })]
    Ragged {
        /// The row, from 0.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A cell outside the puzzle's alphabet.
    #[error(
        "board cell ({row},{col}) is not one of {:?}",
        String::from_utf8_lossy(alphabet)
    )]
    Cell {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The characters allowed.
        alphabet: &'static [u8],
    },
}

impl Grid {
    /// Builds a grid from row-major cells.
    ///
    /// # Panics
    /// If `cells.len() != rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Grid {
        assert_eq!(
            Some(cells.len()),
            rows.checked_mul(cols),
            "grid size mismatch"
        );
        Grid { rows, cols, cells }
    }

    /// Builds a grid from equal-length, non-empty rows. Every row is measured before anything
    /// is allocated, so the memory is the input's own size.
    ///
    /// # Complexity
    /// O(cells).
    pub fn from_lines<S: AsRef<str>>(lines: &[S]) -> Result<Grid, GridError> {
        let cols = lines.first().map_or(0, |l| l.as_ref().len());
        if cols == 0 {
            return Err(GridError::Empty);
        }
        if let Some((row, line)) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.as_ref().len() != cols)
        {
            return Err(GridError::Ragged {
                row,
                len: line.as_ref().len(),
                expected: cols,
            });
        }
        let mut cells = Vec::with_capacity(lines.len() * cols);
        for line in lines {
            cells.extend_from_slice(line.as_ref().as_bytes());
        }
        Ok(Grid::from_cells(lines.len(), cols, cells))
    }

    /// Builds a grid from equal-length rows (tests, examples, built-in samples).
    ///
    /// # Panics
    /// If the rows are empty or differ in length; [`Grid::from_lines`] is the fallible form.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Grid {
        match Grid::from_lines(rows) {
            Ok(g) => g,
            Err(e) => panic!("Grid::from_rows: {e}"),
        }
    }

    /// Checks that every cell is one of `alphabet`; the first one that is not, row-major.
    ///
    /// # Complexity
    /// O(cells).
    pub fn check_alphabet(&self, alphabet: &'static [u8]) -> Result<(), GridError> {
        match self.cells.iter().position(|b| !alphabet.contains(b)) {
            None => Ok(()),
            Some(i) => Err(GridError::Cell {
                row: i / self.cols,
                col: i % self.cols,
                alphabet,
            }),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// If out of bounds.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        assert!(r < self.rows && c < self.cols, "cell out of bounds");
        self.cells[r * self.cols + c]
    }

    /// Whether `(r, c)` is on the board.
    pub fn contains(&self, (r, c): Cell) -> bool {
        r < self.rows && c < self.cols
    }

    /// The row-major index of a cell on the board.
    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.cols + c
    }

    /// The cell of a row-major index.
    pub fn cell(&self, i: usize) -> Cell {
        (i / self.cols, i % self.cols)
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Row `r` as a byte slice.
    pub fn row(&self, r: usize) -> &[u8] {
        &self.cells[r * self.cols..(r + 1) * self.cols]
    }

    /// The cell `offset` away from `at`, if on the board.
    pub fn step(&self, at: Cell, (dr, dc): (i64, i64)) -> Option<Cell> {
        let r = at.0.checked_add_signed(isize::try_from(dr).ok()?)?;
        let c = at.1.checked_add_signed(isize::try_from(dc).ok()?)?;
        self.contains((r, c)).then_some((r, c))
    }

    /// The cells one of `offsets` away from `at` that are on the board, in the order of
    /// `offsets`.
    pub fn neighbours<'a>(
        &'a self,
        at: Cell,
        offsets: &'a [(i64, i64)],
    ) -> impl Iterator<Item = Cell> + 'a {
        offsets.iter().filter_map(move |&d| self.step(at, d))
    }

    /// The rows as strings (for JSON and pictures).
    pub fn to_lines(&self) -> Vec<String> {
        (0..self.rows)
            .map(|r| String::from_utf8_lossy(self.row(r)).into_owned())
            .collect()
    }
}

/// Rows separated by `\n` (a final line end, and a `\r` before each, are allowed).
impl FromStr for Grid {
    type Err = GridError;

    fn from_str(text: &str) -> Result<Grid, GridError> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        let lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        Grid::from_lines(&lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_errors() -> Result<(), GridError> {
        let g: Grid = "ab\r\ncd\n".parse()?;
        assert_eq!(g.to_lines(), vec!["ab", "cd"]);
        assert_eq!("".parse::<Grid>(), Err(GridError::Empty));
        assert_eq!(
            "ab\nc".parse::<Grid>().map_err(|e| e.to_string()),
            Err("board row 1 has 1 cell, row 0 has 2".into())
        );
        assert_eq!(
            g.check_alphabet(b"abc").map_err(|e| e.to_string()),
            Err("board cell (1,1) is not one of \"abc\"".into())
        );
        assert_eq!(g.step((0, 0), (-1, 0)), None);
        assert_eq!(g.step((0, 0), (1, 1)), Some((1, 1)));
        assert_eq!(g.step((1, 1), (0, 1)), None);
        Ok(())
    }
}
