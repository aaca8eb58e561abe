//! JSON certificates: one object per board and line, tagged by `"puzzle"`.
//!
//! Rooks: `{"puzzle":"rooks","case":1,"board":["X....",…],"answer":7,"rooks":[[r,c],…],
//! "cover":{"rows":[[row,first_col,last_col],…],"cols":[[col,first_row,last_row],…]}}`
//! (0-based, ends inclusive).

use serde::{Deserialize, Serialize};

use crate::board::Grid;
use crate::puzzles::rooks;

/// One line of `--json` output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
pub enum Record {
    /// A rooks board.
    Rooks(RooksRecord),
}

/// A rooks answer with its placement and König cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RooksRecord {
    /// 1-based case number.
    pub case: u64,
    /// The board rows.
    pub board: Vec<String>,
    /// The most non-attacking rooks.
    pub answer: usize,
    /// Rook cells `[row, col]`.
    pub rooks: Vec<[usize; 2]>,
    /// The cover proving optimality.
    pub cover: RooksCover,
}

/// Cover runs as `[line, first, last]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RooksCover {
    /// Row runs `[row, first_col, last_col]`.
    pub rows: Vec<[usize; 3]>,
    /// Column runs `[col, first_row, last_row]`.
    pub cols: Vec<[usize; 3]>,
}

fn seg_out(s: &rooks::Segment) -> [usize; 3] {
    [s.line, s.start, s.end]
}

fn seg_in(s: &[usize; 3]) -> rooks::Segment {
    rooks::Segment {
        line: s[0],
        start: s[1],
        end: s[2],
    }
}

impl RooksRecord {
    /// Builds the record of a solved board.
    pub fn new(case: u64, grid: &Grid, sol: &rooks::Solution) -> Self {
        RooksRecord {
            case,
            board: grid.to_lines(),
            answer: sol.rooks.len(),
            rooks: sol.rooks.iter().map(|&(r, c)| [r, c]).collect(),
            cover: RooksCover {
                rows: sol.row_cover.iter().map(seg_out).collect(),
                cols: sol.col_cover.iter().map(seg_out).collect(),
            },
        }
    }

    /// The certificate part as the puzzle's own type.
    pub fn solution(&self) -> rooks::Solution {
        rooks::Solution {
            rooks: self.rooks.iter().map(|&[r, c]| (r, c)).collect(),
            row_cover: self.cover.rows.iter().map(seg_in).collect(),
            col_cover: self.cover.cols.iter().map(seg_in).collect(),
        }
    }
}

/// Checks that JSON board rows form a rectangle over `alphabet`; returns the grid.
pub fn board_from_lines(lines: &[String], alphabet: &[u8]) -> Result<Grid, String> {
    let cols = lines.first().map_or(0, String::len);
    if lines.is_empty() || cols == 0 {
        return Err("the board is empty".into());
    }
    let mut cells = Vec::with_capacity(lines.len() * cols);
    for (r, line) in lines.iter().enumerate() {
        if line.len() != cols {
            return Err(format!(
                "board row {r} has {} cells, row 0 has {cols}",
                line.len()
            ));
        }
        if let Some(c) = line.bytes().position(|b| !alphabet.contains(&b)) {
            return Err(format!(
                "board cell ({r},{c}) is not one of {:?}",
                String::from_utf8_lossy(alphabet)
            ));
        }
        cells.extend_from_slice(line.as_bytes());
    }
    Ok(Grid::from_cells(lines.len(), cols, cells))
}
