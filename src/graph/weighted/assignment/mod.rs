//! The assignment problem: each row of a cost matrix to a column of its own, at least total
//! cost, with the potentials (LP duals) that prove it cheapest.
//!
//! **Guarantee:** [`dense`] and [`sparse`] return an assignment of every row to a distinct
//! column of least total cost (for [`sparse`], using only the listed entries, or `None` when no
//! assignment covers every row), together with potentials such that `row[i] + col[j] <=
//! cost(i, j)` for every existing entry, with equality on the assigned ones, `col[j] <= 0` for
//! every column and `col[j] == 0` for every column no row takes. These are a feasible solution
//! of the dual of the assignment LP (minimise Σ c·x with every row covered once and every column
//! at most once) whose objective Σ row + Σ col equals the assignment's cost, which proves by weak
//! duality that no assignment is cheaper. No floating point; costs are `i64` within
//! ±[`MAX_WEIGHT`], or for [`dense_wide`], [`dense_wide_started`] and [`sparse_wide`] `i128`
//! with (rows + cols)·|cost| < [`WIDE_LIMIT`].
//!
//! **Algorithm.** Both engines keep column potentials `v` (only ever lowered) and row
//! potentials `u` with every reduced cost `c(i, j) − u[i] − v[j] >= 0` on the rows already
//! assigned, zero on their assigned entries, and then add the free rows by shortest augmenting
//! paths over reduced costs (Jonker and Volgenant 1987, "A shortest augmenting path algorithm
//! for dense and sparse linear assignment problems").
//! - [`dense`], square: LAPJV. Column reduction (each column's potential is its minimum, the
//!   column goes to that row if the row has none yet), reduction transfer (a row that got a
//!   single column passes its slack to that column), two passes of augmenting row reduction
//!   (a free row takes its cheapest column, lowering that column's potential to its second
//!   cheapest so that the row it displaces, now free, is tried again), then for every row left
//!   free a Dijkstra search over the dense matrix in O(n) arrays: each settled column's row
//!   relaxes the columns still to do and finds the next nearest in the same pass (a free one
//!   among equals), the search stops at the first free column reached, and only the settled
//!   columns' potentials move. Row reduction is cut short at 8 rounds per free row taken
//!   (JV allow n): on costs without ties (floats at a common scale) a displaced row is
//!   nearly always retried at once and the rounds grow towards n per row — on a 2000² random
//!   matrix of costs near 10¹⁷, 193 455 rounds of 2000 columns each (0.65 s) where the cut
//!   leaves 43 rows to searches that take 0.2 s in all; with ties (costs in 1..10⁶) the
//!   rounds stay short and nothing changes.
//! - [`dense`], rectangular (`rows < cols`): column reduction would give a column that ends
//!   up free a potential other than 0, which can make the answer wrong; instead every column
//!   starts at potential 0 and each row takes its cheapest column if it is still free (each
//!   row's potential is its row minimum), then the same augmenting row reduction and shortest
//!   path searches. Columns are lowered only when they get (or keep) a row, so the free ones
//!   stay at 0, which is what the rectangular LP's duals need (the same argument as Crouse
//!   2016, "On implementing 2D rectangular assignment algorithms", scipy's method).
//! - [`dense_wide`] (`i128` costs): the same engine in `i128`; a square matrix is first solved
//!   in `i64` on its costs rounded to multiples of 2^s (within ±2⁵⁸), then that answer is the
//!   start ([`dense_wide_started`] takes any such guess, e.g. the package's optimum of the
//!   floats rounded to a binary grid): the guessed assignment is kept and column potentials
//!   (from the guess's, shifted to a maximum of 0 and raised to −2C) are only lowered until
//!   every row's column is its least reduced cost — the constraints `v[j] <= v[a] + c(i, j) −
//!   c(i, a)` (row i on column a) are shortest path constraints, settled Bellman–Ford style by
//!   a queue of columns whose potential fell (every column queued once at first), solvable
//!   exactly when the guessed assignment is optimal, as it nearly always is when the rounding
//!   is fine. If that takes more than 4 row scans per row or a potential would fall below −6C
//!   (the guess was not optimal), the guess's potentials are taken back, each row keeps its
//!   column where that is still its least reduced cost, the others are freed and added by the
//!   shortest path searches (about a third of the rows on random costs, each search short). A
//!   rectangular one runs in `i128` from the rectangular start (freeing rows there would leave
//!   free columns with potentials below 0).
//! - [`sparse`]: the entries in compressed rows (parallel entries merged to the cheapest), the
//!   rectangular start above (potentials 0, each row's cheapest column if free; on square
//!   inputs each column starts at its least entry instead, as column reduction does), sixteen
//!   passes of augmenting row reduction over each row's entries (with a budget of 32 visits per
//!   free row), then for each row s still free a bidirectional Dijkstra search over reduced
//!   costs. Forward from s (its potential its least reduced cost), each settled column
//!   scanning its row's entries; a free column reached gives a path. Once the forward work
//!   exceeds 32 times the number of free columns (short searches, the great majority, never
//!   get there), also backward from every free column at once (all settled at distance 0 in
//!   one sweep over their entries, then a heap of the taken columns, each scanning its
//!   column's entries through the transposed matrix: a row r with an entry in a settled
//!   column j puts r's column at j's distance plus the entry's reduced cost), taking turns so
//!   that the backward half does about twice the forward half's work. Every time an entry or a
//!   column joins a forward-settled row to a backward-settled column the length of that path
//!   is a candidate D; the search stops once the least forward and backward keys `tf`, `tb`
//!   add up to D or more (then no shorter path exists), or once one side runs out without a
//!   path: then no free column is reachable from s, the rows reached have fewer columns than
//!   themselves (Hall) and there is no assignment. Potentials: with F = min(tf, D) and B =
//!   D − F, every column j gets the label L(j) = min(df(j), F) + B − min(db(j), B) (df, db its
//!   forward and backward distances, exact wherever below F and B, since every column nearer
//!   than `tf` forward or `tb` backward is settled), each row its column's; columns move down
//!   and rows up by D − L. L is the sum of two functions that can each rise along an entry by
//!   at most its reduced cost, and both rise only when df(row) < F and db(column) < B, where
//!   their rises add up to at most D − df(row) − db(column) <= the reduced cost (D is the
//!   shortest length, at most the path through that entry); so every reduced cost stays >= 0,
//!   assigned entries stay tight, and on the path found L = df, making it tight. Free columns
//!   have L = D and do not move. Columns and rows never reached move by B: that is kept as one
//!   offset added to every taken column and row (a free column is stored without it and gets
//!   it when taken), so a search costs only what it touches. A column on both halves of the
//!   path found is impossible (it would have been met first at no greater length, and a
//!   meeting is replaced only by a shorter one), so augmenting along it is as usual.
//!   Measured on random 10⁵ + 10⁵ with 5·10⁵ entries: the forward-only search settled 9.2 M
//!   columns in all (the last tenth of the searches nearly the whole graph each), this one
//!   1.3 M, forward and backward together.
//!
//! Finally the column potentials are shifted by their maximum (which only matters for square
//! inputs: a rectangular one keeps a free column at 0) so that `max col == 0`.
//!
//! **No overflow.** Write C = max |cost| <= 2⁵⁹, so that i64 holds ±16·C.
//! - [`dense`] computes in i64 without checks; every value stays within ±11·C. Let I be the
//!   invariant kept by every step (as in the paper): every assigned row's reduced cost is least
//!   on its own column, `c(i, x_i) − v[x_i] <= c(i, k) − v[k]` for all k. So for an assigned
//!   column j and any column k, `v[k] − v[j] <= c(i, k) − c(i, j) <= 2C` (spread). Potentials
//!   only decrease, from at most C (square: a column minimum; rectangular: 0). A free column's
//!   potential never changes (only assigned or newly assigned columns are lowered), so it stays
//!   within ±C. Hence while a column is free every potential is within [−3C, C] (rectangular:
//!   [−2C, 0]); the last step of a square run changes either one column (row reduction) or only
//!   columns other than the one that was free, so afterwards some column is still within [−3C,
//!   C] and by the spread all are within [−5C, C]. Then a row's reduced cost c − v is within
//!   [−2C, 6C], the second-minus-first gap of a row reduction within [0, 8C], a search's
//!   distances at most the direct distance to a free column (≤ 2C) and at least the start row's
//!   least reduced cost (≥ −2C), its `h = c(i, j) − v[j] − d[j]` within [−4C, 8C], and a
//!   relaxed distance `c − v − h` within [−10C, 10C]. The output is within [−2C, 0] (columns,
//!   by the spread after the shift) and [−C, 3C] (rows).
//! - [`dense_wide`]: the same bound in `i128` ((rows + cols)·C < 2¹¹⁹, so ±11·C < 2¹²³); the
//!   warm start's potentials are the `i64` run's (within [−2C, 0] after its shift) times 2^s,
//!   or a guess's shifted and raised into [−2C, 0], so within ±3C; the settling keeps them
//!   within [−6C, 0] (lowering only; the candidates `c − own` within [−8C, 2C]) and when it
//!   succeeds invariant I holds for every row (so the spread bound); when it does not, the
//!   start is taken back and the invariant I the argument needs holds for every row kept.
//! - [`sparse`] cannot use such a bound: a chain of rows each forced onto its own column next
//!   to a cheaper entry needs potentials spreading over (rows − 1)·2C. It computes in i64 with
//!   checked arithmetic and, if anything overflows, starts again in i128 (also checked; the
//!   potentials of augmenting-path algorithms stay within a few times rows·C, far inside i128).
//!   If the final potentials do not fit i64 it refuses the input with [`WeightError::Shape`]
//!   saying so (only possible when rows·max |cost| is around 2⁶² or more).
//!
//! **Complexity.** [`dense`]: O(rows·cols) memory-light passes for the start (row reduction
//! at most 8·cols per free row), and O(cols) to O(rows·cols) per shortest path search,
//! O(rows²·cols) in the worst case, far less in practice (random 2000² and 5000² matrices of
//! distinct costs near 10¹⁷: about 0.2 s and 2.3 s on the development machine, where lap's
//! `lapjv` takes 0.9 s and 6–7 s on the same floats). Memory: O(cols) besides the
//! matrix. [`sparse`]: O(m) to build (rows and columns), O(m log m + free columns' entries)
//! per search in the worst case (so O(rows·m log m)), typically a small fraction of the graph
//! per search; random 10⁵, 2·10⁵, 4·10⁵ rows and columns with 5 entries per row: about
//! 1.3 M, 3.6 M, 9.5 M columns settled in all (growth about n^1.45), 0.5 s, 2.4 s, 7.8 s on
//! the development machine (the forward-only search: 2.6 s, 13.9 s, 58 s; time grows faster
//! than the count as the graph leaves the cache). Memory O(rows + cols + m).
//!
//! **Status:** compared with the brute force `gridmatch_oracles::weighted::min_cost_assignment`
//! on thousands of random small matrices (square and rectangular, negative, zero and tied
//! costs, costs near ±2⁵⁹, missing entries, infeasible inputs, parallel entries), checking the
//! cost, that the assignment is valid and uses existing entries, and every property of the
//! potentials above; [`dense`] and [`sparse`] agree on full matrices; [`sparse`] with its
//! searches forward only, both ways from the start and as shipped gives answers whose
//! potentials prove them on hundreds of medium inputs (ties, zero-cost cycles, forced
//! chains, i128); see `tests.rs`, and `benches/weighted.rs` for the measurements.
//! [`dense_wide`] is compared with a subset-DP brute force in `i128` on thousands of small
//! matrices (costs near 2¹⁰⁰, tied in their high bits, signed, at the 2¹¹⁹ limit, and `i64`
//! costs where it must equal [`dense`]), and its potentials prove its answers on medium
//! matrices of costs below 10²¹ (equal to [`sparse`]'s totals where those fit `i64`).
//! [`sparse_wide`] (the sparse engine over `i128` costs, its potentials checked in `i64`, then
//! `i128`) is compared with the same brute force on thousands of small matrices with missing
//! and parallel entries (and equals [`sparse`] on `i64` costs).
//! [`dense_wide_started`] is compared with the same brute force on thousands of small square
//! matrices from every kind of guess (optimal, nudged, optimal for rounded costs, random
//! permutations with random or wild potentials, not permutations), and on medium ones from
//! the optimum of costs rounded to 2¹⁷ steps against [`dense_wide`] from scratch. Measured on
//! 2000² costs near 10²² (random floats' decimals): 0.31 s before the settling, 0.20 s with
//! it (the `i64` solve of the rounded costs 0.07–0.14 s of that, on a busy machine).

mod dense;
mod sparse;
#[cfg(test)]
mod tests;

use super::{MAX_WEIGHT, WIDE_LIMIT, WeightError, beyond_limit};
use std::fmt::Debug;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An assignment of every row and the potentials that prove it cheapest: `row[i] + col[j] <=
/// cost(i, j)` for every entry, with equality on the assigned ones, every `col[j] <= 0`, and
/// `col[j] == 0` on the columns no row takes. The potentials are in the costs' integer: `i64`,
/// or `i128` from [`dense_wide`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment<W = i64> {
    /// Each row's column.
    pub col_of_row: Vec<u32>,
    /// Each row's potential.
    pub row: Vec<W>,
    /// Each column's potential.
    pub col: Vec<W>,
}

/// The integers the dense engine computes in: `i64` and `i128` (see the module docs for why
/// nothing overflows).
pub(crate) trait Cost:
    Copy + Ord + Default + Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    /// The largest value, "no distance yet".
    const MAX: Self;
}

impl Cost for i64 {
    const MAX: Self = i64::MAX;
}

impl Cost for i128 {
    const MAX: Self = i128::MAX;
}

/// "No row" / "no column".
const NONE: u32 = u32::MAX;

/// Refuses a cost beyond ±[`MAX_WEIGHT`].
fn check_costs(costs: &[i64]) -> Result<(), WeightError> {
    match costs
        .iter()
        .position(|&c| !(-MAX_WEIGHT..=MAX_WEIGHT).contains(&c))
    {
        Some(edge) => Err(WeightError::TooLarge {
            edge,
            weight: costs[edge],
        }),
        None => Ok(()),
    }
}

/// Refuses more rows than columns, or more columns than `u32` numbers.
fn check_shape(rows: usize, cols: usize) -> Result<(), WeightError> {
    if rows > cols {
        return Err(WeightError::Shape(format!(
            "{rows} rows but only {cols} columns: an assignment needs rows <= columns"
        )));
    }
    if cols >= NONE as usize {
        return Err(WeightError::Shape(format!(
            "{cols} columns, more than an assignment takes (2^32 - 1)"
        )));
    }
    Ok(())
}

/// The cheapest assignment of a dense `rows × cols` matrix (row-major, `rows <= cols`).
///
/// Errors: [`WeightError::Shape`] if `rows > cols` or `cost.len() != rows * cols`,
/// [`WeightError::TooLarge`] (with the entry's row-major index) for a cost beyond
/// ±[`MAX_WEIGHT`].
pub fn dense(rows: usize, cols: usize, cost: &[i64]) -> Result<Assignment, WeightError> {
    check_shape(rows, cols)?;
    if rows.checked_mul(cols) != Some(cost.len()) {
        return Err(WeightError::Shape(format!(
            "a {rows} × {cols} matrix needs {}, got {}",
            crate::formats::count(rows as u128 * cols as u128, "cost", "costs"),
            cost.len()
        )));
    }
    check_costs(cost)?;
    Ok(dense::solve(rows, cols, cost))
}

/// [`dense`] for `i128` costs: the same engine in `i128`, for costs beyond ±[`MAX_WEIGHT`]
/// (floats at one common scale need up to about 10²¹ for 17 significant digits beside
/// magnitudes 10⁴ apart). Every value stays within ±11·max |cost| (the module docs), far
/// inside `i128` under the library's limit.
///
/// Errors: [`WeightError::Shape`] as [`dense`]; [`WeightError::TooWide`] (with the entry's
/// row-major index, `vertices` = rows + cols) for a cost with (rows + cols)·|cost| ≥
/// [`WIDE_LIMIT`], the rule of every wide entry point.
pub fn dense_wide(
    rows: usize,
    cols: usize,
    cost: &[i128],
) -> Result<Assignment<i128>, WeightError> {
    check_shape(rows, cols)?;
    if rows.checked_mul(cols) != Some(cost.len()) {
        return Err(WeightError::Shape(format!(
            "a {rows} × {cols} matrix needs {}, got {}",
            crate::formats::count(rows as u128 * cols as u128, "cost", "costs"),
            cost.len()
        )));
    }
    if let Some(edge) = beyond_limit(WIDE_LIMIT, rows + cols, cost) {
        return Err(WeightError::TooWide {
            edge,
            weight: cost[edge],
            vertices: rows + cols,
        });
    }
    if rows == cols && rows > 1 {
        return Ok(dense::solve_wide_square(rows, cost));
    }
    Ok(dense::solve(rows, cols, cost))
}

/// [`dense_wide`] for a square `n × n` matrix, started from a guess of its answer (an
/// assignment `col_of_row` and column potentials `col`, in the costs' units), such as an
/// optimal answer for the costs rounded coarser, solved in `i64` while the exact costs were
/// being made: the same guarantee as [`dense_wide`] whatever the guess, and when the guessed
/// assignment is optimal only the potentials are adjusted (one pass over the matrix). A guess
/// that is not a permutation of the columns, or of the wrong length, is ignored; the
/// potentials are shifted to a maximum of 0 and those below −2·max |cost| raised to it (any
/// potentials are a valid start).
///
/// Errors: those of [`dense_wide`].
pub fn dense_wide_started(
    n: usize,
    cost: &[i128],
    col_of_row: &[u32],
    col: &[i128],
) -> Result<Assignment<i128>, WeightError> {
    check_shape(n, n)?;
    if n.checked_mul(n) != Some(cost.len()) {
        return Err(WeightError::Shape(format!(
            "a {n} × {n} matrix needs {}, got {}",
            crate::formats::count(n as u128 * n as u128, "cost", "costs"),
            cost.len()
        )));
    }
    // One pass for the largest magnitude; the entry beyond the limit only if there is one.
    let largest = cost.iter().map(|c| c.unsigned_abs()).max().unwrap_or(0);
    if (2 * n as u128).saturating_mul(largest) >= WIDE_LIMIT
        && let Some(edge) = beyond_limit(WIDE_LIMIT, 2 * n, cost)
    {
        return Err(WeightError::TooWide {
            edge,
            weight: cost[edge],
            vertices: 2 * n,
        });
    }
    let mut seen = vec![false; n];
    let permutation = col_of_row.len() == n
        && col.len() == n
        && col_of_row
            .iter()
            .all(|&j| (j as usize) < n && !std::mem::replace(&mut seen[j as usize], true));
    if n < 2 || !permutation {
        return dense_wide(n, n, cost);
    }
    // Below 2**119 (the limit).
    let largest = largest as i128;
    let top = col.iter().copied().max().unwrap_or(0);
    // |col - top| may pass i128 for a wild guess: saturate, then raise to −2C.
    let v = col
        .iter()
        .map(|&c| c.saturating_sub(top).max(-2 * largest))
        .collect();
    Ok(dense::solve_started(
        n,
        cost,
        largest,
        col_of_row.to_vec(),
        v,
    ))
}

/// The shape checks of [`sparse`] and [`sparse_wide`]: the matrix's shape, one cost per
/// entry, every entry inside the matrix.
fn check_entries(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: usize,
) -> Result<(), WeightError> {
    check_shape(rows, cols)?;
    if edges.len() != costs {
        return Err(WeightError::Shape(format!(
            "{} but {}",
            crate::formats::count(edges.len() as u64, "entry", "entries"),
            crate::formats::count(costs as u64, "cost", "costs")
        )));
    }
    if let Some(e) = edges
        .iter()
        .position(|&(r, c)| r as usize >= rows || c as usize >= cols)
    {
        let (r, c) = edges[e];
        return Err(WeightError::Shape(format!(
            "entry {e} is ({r}, {c}), outside the {rows} × {cols} matrix"
        )));
    }
    Ok(())
}

/// The cheapest assignment of every row using only the given entries (`edges[i] = (row,
/// col)` costing `costs[i]`; parallel entries are allowed, the cheapest counts); `None` if no
/// assignment covers every row.
///
/// Errors: [`WeightError::Shape`] if `rows > cols`, the lists differ in length, an entry names
/// a row `>= rows` or a column `>= cols`, or the potentials proving the answer do not fit `i64`
/// (see the module docs); [`WeightError::TooLarge`] for a cost beyond ±[`MAX_WEIGHT`].
pub fn sparse(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i64],
) -> Result<Option<Assignment>, WeightError> {
    check_entries(rows, cols, edges, costs.len())?;
    check_costs(costs)?;
    sparse::solve(rows, cols, edges, costs)
}

/// [`sparse`] for `i128` costs, for listed entries beyond ±[`MAX_WEIGHT`] (floats at one
/// common scale, large integers): the same engine with the costs in `i128` and the potentials
/// in `i64` while they fit, else in `i128`, checked.
///
/// Errors: as [`sparse`], but [`WeightError::TooWide`] (with the entry's index, `vertices` =
/// rows + cols) for a cost with (rows + cols)·|cost| >= [`WIDE_LIMIT`], and
/// [`WeightError::Shape`] if the potentials pass the 128-bit range.
pub fn sparse_wide(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i128],
) -> Result<Option<Assignment<i128>>, WeightError> {
    check_entries(rows, cols, edges, costs.len())?;
    if let Some(edge) = beyond_limit(WIDE_LIMIT, rows + cols, costs) {
        return Err(WeightError::TooWide {
            edge,
            weight: costs[edge],
            vertices: rows + cols,
        });
    }
    sparse::solve_wide(rows, cols, edges, costs)
}

/// The cheapest assignment of every row using only the listed entries (as [`sparse`]), by the
/// engine that fits them: [`dense`] when every (row, column) entry is present (the cheapest of
/// parallel entries counts), else [`sparse`]; `None` if no assignment covers every row.
///
/// Errors: as [`sparse`].
pub fn solve(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i64],
) -> Result<Option<Assignment>, WeightError> {
    check_shape(rows, cols)?;
    if edges.len() == costs.len()
        && edges
            .iter()
            .all(|&(r, c)| (r as usize) < rows && (c as usize) < cols)
        && let Some(matrix) = dense_matrix(rows, cols, edges, costs)
    {
        return dense(rows, cols, &matrix).map(Some);
    }
    sparse(rows, cols, edges, costs)
}

/// The full `rows × cols` cost matrix (row-major, the cheapest of parallel entries) when every
/// entry is present, for the dense engine; `None` otherwise.
fn dense_matrix(
    rows: usize,
    cols: usize,
    entries: &[(u32, u32)],
    costs: &[i64],
) -> Option<Vec<i64>> {
    let cells = rows.checked_mul(cols)?;
    if cells == 0 || entries.len() < cells {
        return None;
    }
    let mut matrix: Vec<Option<i64>> = vec![None; cells];
    for (&(r, c), &cost) in entries.iter().zip(costs) {
        let cell = &mut matrix[r as usize * cols + c as usize];
        *cell = Some(cell.map_or(cost, |old: i64| old.min(cost)));
    }
    matrix.into_iter().collect()
}
