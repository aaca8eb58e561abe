//! [`assign`] (the assignment problem, dense and sparse) and [`check_grid`] (the check of a
//! rounded answer's grid); see the [module docs](super).

use super::{BYTES_PER_EDGE, BYTES_PER_VERTEX, fit_or_grid};
use crate::arrays::{Arr1, vec1};
use crate::convert::{self, Column, MAX_VERTICES, Result, check_memory, id_values, value};
use crate::exact;
use crate::graphs::input2;
use gridmatch::graph::weighted::assignment::{self, Assignment};
use numpy::{PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

/// Estimated peak bytes per entry of an assignment call (the matrix, its copy, the result).
const BYTES_PER_ENTRY: u64 = 24;

/// The checked `rows × cols` of an assignment (`rows <= cols`: the package transposes).
fn assignment_shape(rows: u64, cols: u64) -> Result<(usize, usize)> {
    convert::count(rows, "rows", MAX_VERTICES, "rows", "row")?;
    convert::count(cols, "cols", MAX_VERTICES, "columns", "column")?;
    if rows > cols {
        return Err(value(format!(
            "a {rows} × {cols} matrix: expected no more rows than columns (transpose it)"
        )));
    }
    Ok((rows as usize, cols as usize))
}

/// What [`assign`] returns: each row's column, the row and column potentials (for the costs
/// negated when maximising), the costs as integers times `10**-decimals` (as given, one per
/// entry), `decimals`; and for costs beyond the exact span, solved rounded to the grid
/// `10**-grid` (the costs then are the rounded ones, `decimals` is `None`), `grid` and each
/// cost's shortest decimal `digits[i]·10**exponents[i]` (else `None` and empty arrays).
type Assigned = (
    Arr1<i64>,
    Arr1<i64>,
    Arr1<i64>,
    Arr1<i64>,
    Option<u32>,
    Option<i32>,
    Arr1<i64>,
    Arr1<i32>,
);

/// The first position `i` where `rounded[i]` is not `digits[i]·10**exponents[i]` rounded to
/// the grid `10**-grid` (within half a step, exactly), or `None`: the check of a proven-gap
/// answer's rounding, sharing nothing with how it was rounded.
#[pyfunction]
pub fn check_grid(
    digits: PyReadonlyArray1<'_, i64>,
    exponents: PyReadonlyArray1<'_, i32>,
    rounded: PyReadonlyArray1<'_, i64>,
    grid: i32,
) -> Option<usize> {
    let (d, e, r) = (digits.as_array(), exponents.as_array(), rounded.as_array());
    if d.len() != e.len() || d.len() != r.len() {
        return Some(d.len().min(e.len()).min(r.len()));
    }
    (0..d.len()).find(|&i| !exact::rounds_to(i128::from(d[i]), e[i], grid, i128::from(r[i])))
}

/// The cheapest (with `maximize`, dearest) assignment of every row of a `rows × cols` matrix
/// (`rows <= cols`: the package transposes): `costs` holds every entry row by row (`entries`
/// `None`) or one cost per entry of `entries` (`(k, 2)` `int64` of `(row, col)`, the only
/// allowed ones). Costs as `max_weight_matching`'s weights. `None` if no assignment covers
/// every row. The engine is the library's choice ([`assignment::solve`]) for listed entries,
/// the dense engine for a whole matrix.
#[pyfunction]
#[pyo3(signature = (rows, cols, costs, entries=None, decimals=None, maximize=false))]
pub fn assign(
    py: Python<'_>,
    rows: u64,
    cols: u64,
    costs: &Bound<'_, PyAny>,
    entries: Option<PyReadonlyArray2<'_, i64>>,
    decimals: Option<u32>,
    maximize: bool,
) -> PyResult<Option<Assigned>> {
    let exact = exact::extract(costs, decimals, "cost")?;
    let (given, grid) = fit_or_grid(&exact, "cost")?;
    let decimals = if grid.is_some() { None } else { exact.decimals };
    let (digits, exponents): (Vec<i64>, Vec<i32>) = if grid.is_some() {
        exact.parts.iter().map(|&(m, e)| (m as i64, e)).unzip()
    } else {
        (Vec::new(), Vec::new())
    };
    let entries = entries.map(|e| input2(&e));
    let signed: Vec<i64> = if maximize {
        given.iter().map(|&c| -c).collect()
    } else {
        given.clone()
    };
    let found = py.detach(|| -> Result<Option<Assignment>> {
        let (r, c) = assignment_shape(rows, cols)?;
        let Some(entries) = entries else {
            let cells = rows.saturating_mul(cols);
            if signed.len() as u64 != cells {
                return Err(value(format!(
                    "cost: {} values for a {rows} × {cols} matrix",
                    signed.len()
                )));
            }
            check_memory(cells.saturating_mul(BYTES_PER_ENTRY), || {
                format!("a {rows} × {cols} cost matrix")
            })?;
            return assignment::dense(r, c, &signed)
                .map(Some)
                .map_err(|e| value(e.to_string()));
        };
        let k = entries.len() as u64 / 2;
        check_memory(
            (rows + cols)
                .saturating_mul(BYTES_PER_VERTEX)
                .saturating_add(k.saturating_mul(BYTES_PER_EDGE)),
            || format!("a {rows} × {cols} matrix of {k} entries"),
        )?;
        let col = |noun, count, count_name, unit| Column {
            noun,
            count: Some(count),
            count_name,
            unit,
        };
        let (entries, _) = convert::pairs(
            &entries,
            "entries",
            [
                col("row number", rows, "rows", "rows"),
                col("column number", cols, "cols", "columns"),
            ],
        )?;
        if signed.len() != entries.len() {
            return Err(value(format!(
                "costs: {} costs for {} entries",
                signed.len(),
                entries.len()
            )));
        }
        assignment::solve(r, c, &entries, &signed).map_err(|e| value(e.to_string()))
    })?;
    let Some(found) = found else {
        return Ok(None);
    };
    Ok(Some((
        vec1(py, id_values(&found.col_of_row))?,
        vec1(py, found.row)?,
        vec1(py, found.col)?,
        vec1(py, given)?,
        decimals,
        grid,
        vec1(py, digits)?,
        vec1(py, exponents)?,
    )))
}
