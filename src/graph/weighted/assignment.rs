//! The assignment problem: each row of a cost matrix to a column of its own, at least total
//! cost (shortest augmenting paths with potentials).

use super::WeightError;

/// An assignment of every row and the potentials that prove it cheapest: `row[i] + col[j] <=
/// cost(i, j)` for every entry, with equality on the assigned ones, every `col[j] <= 0`, and
/// `col[j] == 0` on the columns no row takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// Each row's column.
    pub col_of_row: Vec<u32>,
    /// Each row's potential.
    pub row: Vec<i64>,
    /// Each column's potential.
    pub col: Vec<i64>,
}

/// The cheapest assignment of a dense `rows × cols` matrix (row-major, `rows <= cols`).
pub fn dense(rows: usize, cols: usize, cost: &[i64]) -> Result<Assignment, WeightError> {
    let _ = (rows, cols, cost);
    unimplemented!("being written")
}

/// The cheapest assignment of every row using only the given entries (`edges[i] = (row,
/// col)` costing `costs[i]`); `None` if no assignment covers every row.
pub fn sparse(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i64],
) -> Result<Option<Assignment>, WeightError> {
    let _ = (rows, cols, edges, costs);
    unimplemented!("being written")
}
