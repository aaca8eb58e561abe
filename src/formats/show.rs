//! Terminal pictures of boards and answers.

use crate::board::Grid;
use crate::puzzles::rooks;

/// The board with `R` on every rook.
pub fn rooks_picture(grid: &Grid, sol: &rooks::Solution) -> String {
    let mut cells = grid.cells().to_vec();
    for &(r, c) in &sol.rooks {
        cells[r * grid.cols() + c] = b'R';
    }
    let mut out = String::with_capacity(cells.len() + grid.rows());
    for row in cells.chunks(grid.cols().max(1)) {
        out.push_str(&String::from_utf8_lossy(row));
        out.push('\n');
    }
    out
}
