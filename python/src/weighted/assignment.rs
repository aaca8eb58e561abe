//! [`assign`] (the assignment problem, dense and sparse) and [`check_grid`] (the check of a
//! rounded answer's grid); see the [module docs](super).

use super::{BYTES_PER_EDGE, BYTES_PER_VERTEX, fit_or_grid, settled};
use crate::arrays::{Arr1, vec1};
use crate::convert::{self, Column, MAX_VERTICES, Result, check_memory, id_values, value};
use crate::exact::{self, Floats, Scaled};
use crate::graphs::input2;
use gridmatch::graph::weighted::WeightError;
use gridmatch::graph::weighted::assignment::{self, Assignment};
use numpy::{
    PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Estimated peak bytes per entry of an assignment call (the matrix, its copy, the result).
const BYTES_PER_ENTRY: u64 = 24;

/// The same for a float matrix: its shortest decimals (12 bytes an entry), the scaled costs
/// (up to 16), the guess's rounded costs (8) and the arrays handed back.
const BYTES_PER_FLOAT_ENTRY: u64 = 56;

/// The least side of a square `float64` matrix whose guess ([`guess`]) is solved while its
/// shortest decimals are made, on rayon's threads (below it, one thread does all).
const GUESS_MIN_SIDE: u64 = 128;

/// An answer of a square float matrix rounded to a binary grid: its assignment and column
/// potentials in the floats' own units.
struct Guess {
    col_of_row: Vec<u32>,
    col: Vec<f64>,
}

/// The optimal assignment of the `n × n` float matrix `values` (negated with `maximize`)
/// rounded to the grid 2^-t on which its largest magnitude is about 2⁵⁷, on the `i64` engine:
/// the guess the exact `i128` costs start from ([`assignment::dense_wide_started`], which
/// takes any guess). `None` when there is nothing to guess (all zeros, a non-finite value, a
/// grid beyond f64's exponents).
fn guess(n: usize, values: &[f64], maximize: bool) -> Option<Guess> {
    let top = values.iter().fold(0f64, |m, x| m.max(x.abs()));
    if !top.is_finite() || top == 0.0 {
        return None;
    }
    let t = 57 - top.log2().ceil() as i32;
    if !(-1000..=1000).contains(&t) {
        return None;
    }
    // A power of two: exact, and |x·scale| <= 2⁵⁷.
    let scale = 2f64.powi(t);
    let sign = if maximize { -scale } else { scale };
    let rounded: Vec<i64> = values.iter().map(|&x| (x * sign).round() as i64).collect();
    let a = assignment::dense(n, n, &rounded).ok()?;
    drop(rounded);
    Some(Guess {
        col_of_row: a.col_of_row,
        col: a.col.iter().map(|&v| v as f64 / scale).collect(),
    })
}

/// Where a dense float matrix's [`Floats`] come from: made already, or from a contiguous
/// square `float64` matrix (then made in parallel chunks while its [`guess`] is solved, on
/// rayon's threads).
enum Source<'a> {
    Made(Floats),
    Square(&'a [f64], Vec<usize>),
}

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
/// cost's shortest decimal `digits[i]·10**exponents[i]` (else `None` and empty arrays). A
/// float matrix whose costs at the common scale pass ±2**59 but fit the wide engine is solved
/// exactly in `i128`: its potentials are then lists of Python `int`, the costs array empty,
/// `grid` `None`, and `digits`, `exponents` and `decimals` give every cost (settled from its
/// guess by [`settled::settle`]: `digits` a copy of the floats, whose shortest decimals are
/// the costs, `exponents` empty).
type Assigned = (
    Arr1<i64>,
    Py<PyAny>,
    Py<PyAny>,
    Py<PyAny>,
    Option<u32>,
    Option<i32>,
    Py<PyAny>,
    Arr1<i32>,
);

/// A dense float matrix's answer: on `i64` costs (exact, or rounded to the grid `Some(k)`),
/// or on the exact `i128` costs.
enum Solved {
    Narrow(Assignment, Vec<i64>, Option<i32>),
    Wide(Assignment<i128>),
}

/// What [`dense_floats`] found: an answer on the floats' [`Floats`], or (a square matrix
/// beyond ±2**59 at its common scale) its guess made exact by [`settled::settle`] at the
/// scale `10**-decimals`, with the floats as solved (a copy: the proof's costs).
enum Dense {
    Made(Solved, Floats),
    Settled(Assignment<i128>, u32, Vec<f64>),
}

/// The side of a square `float64` matrix being prepared while its guess is solved: scanned
/// for [`settled::settle`] (with the copy the proof keeps), or made into [`Floats`].
enum Prepared {
    Scanned(settled::Scan, Vec<f64>),
    Made(Result<Floats>),
}

/// The cheapest (dearest) assignment of a whole float matrix: its shortest decimals at one
/// common scale, on the `i64` engine when they fit ±2**59, else on the `i128` engine when
/// (rows + cols)·max |cost| < 2**119 (a square `float64` matrix: first its guess made exact
/// by [`settled::settle`], with no `i128` matrix), else rounded to the finest grid that fits
/// `i64` (the proven-gap answer).
fn dense_floats(
    py: Python<'_>,
    rows: u64,
    cols: u64,
    source: Source<'_>,
    maximize: bool,
) -> PyResult<Assigned> {
    let dense = py.detach(|| -> Result<Dense> {
        let (r, c) = assignment_shape(rows, cols)?;
        let cells = rows.saturating_mul(cols);
        check_memory(cells.saturating_mul(BYTES_PER_FLOAT_ENTRY), || {
            format!("a {rows} × {cols} cost matrix")
        })?;
        let (floats, guess) = match source {
            Source::Made(floats) => (Ok(floats), None),
            Source::Square(values, shape) => {
                // The guess reads the live array (any guess will do); everything exact is
                // made from the copy (scanned and settled, or its decimals), kept in the proof.
                let (guessed, prepared) = rayon::join(
                    || guess(r, values, maximize),
                    || {
                        let copy = values.to_vec();
                        match settled::scan(&copy) {
                            Some(s)
                                if settled::wide_within(r, &s)
                                    && !settled::mostly_tiny(r, &copy, &s) =>
                            {
                                Prepared::Scanned(s, copy)
                            }
                            _ => Prepared::Made(exact::floats_of(&copy, &shape, "cost")),
                        }
                    },
                );
                match prepared {
                    Prepared::Scanned(s, copy) => {
                        if let Some(g) = &guessed
                            && let Some(a) =
                                settled::settle(r, &copy, maximize, &s, &g.col_of_row, &g.col)
                        {
                            return Ok(Dense::Settled(a, s.decimals, copy));
                        }
                        (exact::floats_of(&copy, &shape, "cost"), guessed)
                    }
                    Prepared::Made(floats) => (floats, guessed),
                }
            }
        };
        let floats = floats?;
        matrix_cells(floats.digits.len(), rows, cols)?;
        let solved = solve_floats(r, c, &floats, guess, maximize)?;
        Ok(Dense::Made(solved, floats))
    })?;
    let (solved, floats) = match dense {
        Dense::Made(solved, floats) => (solved, floats),
        Dense::Settled(a, decimals, copy) => {
            // The costs are the copy's floats' shortest decimals (the package makes them
            // when it needs them): the floats in the place of the digits, no exponents.
            return Ok((
                vec1(py, id_values(&a.col_of_row))?,
                PyList::new(py, a.row)?.into_any().unbind(),
                PyList::new(py, a.col)?.into_any().unbind(),
                vec1(py, Vec::<i64>::new())?.into_any(),
                Some(decimals),
                None,
                vec1(py, copy)?.into_any(),
                vec1(py, Vec::new())?,
            ));
        }
    };
    let decimals = Some(floats.decimals);
    let (digits, exponents) = (floats.digits, floats.exponents);
    Ok(match solved {
        Solved::Narrow(a, costs, None) => (
            vec1(py, id_values(&a.col_of_row))?,
            vec1(py, a.row)?.into_any(),
            vec1(py, a.col)?.into_any(),
            vec1(py, costs)?.into_any(),
            decimals,
            None,
            vec1(py, Vec::<i64>::new())?.into_any(),
            vec1(py, Vec::new())?,
        ),
        Solved::Narrow(a, costs, grid) => (
            vec1(py, id_values(&a.col_of_row))?,
            vec1(py, a.row)?.into_any(),
            vec1(py, a.col)?.into_any(),
            vec1(py, costs)?.into_any(),
            None,
            grid,
            vec1(py, digits)?.into_any(),
            vec1(py, exponents)?,
        ),
        Solved::Wide(a) => (
            vec1(py, id_values(&a.col_of_row))?,
            PyList::new(py, a.row)?.into_any().unbind(),
            PyList::new(py, a.col)?.into_any().unbind(),
            vec1(py, Vec::<i64>::new())?.into_any(),
            decimals,
            None,
            vec1(py, digits)?.into_any(),
            vec1(py, exponents)?,
        ),
    })
}

/// The assignment of [`Floats`] (see [`dense_floats`]), the `i128` one started from `guess`.
fn solve_floats(
    r: usize,
    c: usize,
    floats: &Floats,
    guess: Option<Guess>,
    maximize: bool,
) -> Result<Solved> {
    let narrow = |mut v: Vec<i64>, grid| -> Result<Solved> {
        // Negated in place for the maximum, and back (no copy).
        if maximize {
            v.iter_mut().for_each(|x| *x = -*x);
        }
        let a = assignment::dense(r, c, &v).map_err(|e| value(e.to_string()));
        if maximize {
            v.iter_mut().for_each(|x| *x = -*x);
        }
        Ok(Solved::Narrow(a?, v, grid))
    };
    match floats.scaled() {
        Scaled::Narrow(v) => narrow(v, None),
        Scaled::Wide(mut v) => {
            if maximize {
                v.iter_mut().for_each(|x| *x = -*x);
            }
            let solved = match guess {
                Some(g) if r == c => {
                    // The guess's potentials in units of 10**-decimals (approximate:
                    // any guess is a valid start).
                    let unit = 10f64.powi(floats.decimals as i32);
                    let col: Vec<i128> = g.col.iter().map(|&x| (x * unit) as i128).collect();
                    assignment::dense_wide_started(r, &v, &g.col_of_row, &col)
                }
                _ => assignment::dense_wide(r, c, &v),
            };
            match solved {
                Ok(a) => Ok(Solved::Wide(a)),
                Err(WeightError::TooWide { .. }) => {
                    drop(v);
                    let (v, k) = floats.grid();
                    narrow(v, Some(k))
                }
                Err(e) => Err(value(e.to_string())),
            }
        }
        Scaled::Beyond => {
            let (v, k) = floats.grid();
            narrow(v, Some(k))
        }
    }
}

/// A whole matrix of integers (or values scaled to integers by the package: decimals at
/// `10**-decimals`, fractions at their least common denominator) beyond ±2**59: solved
/// exactly on the `i128` engine ([`assignment::dense_wide`], which refuses (rows + cols)·|cost|
/// from 2**119 on). Returned as a float matrix's wide answer: the potentials and the costs
/// (`digits`, each with the exponent `-decimals`) as lists of `int`.
fn dense_wide_integers(
    py: Python<'_>,
    rows: u64,
    cols: u64,
    exact: exact::Exact,
    maximize: bool,
) -> PyResult<Assigned> {
    let (values, shape) = (exact.values, exact.shape);
    let a = py.detach(|| -> Result<Assignment<i128>> {
        let (r, c) = assignment_shape(rows, cols)?;
        let cells = matrix_cells(values.len(), rows, cols)?;
        check_memory(cells.saturating_mul(BYTES_PER_FLOAT_ENTRY), || {
            format!("a {rows} × {cols} cost matrix")
        })?;
        let signed: Vec<i128> = if maximize {
            values.iter().map(|&v| v.saturating_neg()).collect()
        } else {
            values.clone()
        };
        let solved = [r, c];
        assignment::dense_wide(r, c, &signed).map_err(|e| match e {
            WeightError::TooWide { edge, .. } => value(format!(
                "cost{}: found {} (as an integer at the costs' common scale), beyond the exact \
                 engines: (rows + cols)·|cost| must stay below 2**119",
                // (A list comes flat: its place in the matrix as solved.)
                exact::index(if shape.len() == 2 { &shape } else { &solved }, edge),
                values[edge]
            )),
            e => value(format!("cost: {e}")),
        })
    })?;
    // Each cost is its value at the scale: digits·10**-decimals at 10**-decimals.
    let exponent = -(exact.decimals.unwrap_or(0) as i32);
    let exponents = vec![exponent; values.len()];
    Ok((
        vec1(py, id_values(&a.col_of_row))?,
        PyList::new(py, a.row)?.into_any().unbind(),
        PyList::new(py, a.col)?.into_any().unbind(),
        vec1(py, Vec::<i64>::new())?.into_any(),
        exact.decimals,
        None,
        PyList::new(py, values)?.into_any().unbind(),
        vec1(py, exponents)?,
    ))
}

/// Listed entries whose costs (at their common scale) pass ±2**59: exactly on the `i128`
/// sparse engine ([`assignment::sparse_wide`]). `Ok(None)` when they pass its span and are
/// floats (the caller then takes the proven-gap path); `Ok(Some(None))` when no assignment
/// covers every row. The costs come back as a list of `int` (one per entry), the potentials
/// as lists of `int`, no digits (the package checks them entry by entry in Python integers).
fn entries_wide(
    py: Python<'_>,
    rows: u64,
    cols: u64,
    exact: &exact::Exact,
    entries: &[i64],
    maximize: bool,
) -> PyResult<Option<Option<Assigned>>> {
    let values = &exact.values;
    let found = py.detach(
        || -> Result<std::result::Result<Option<Assignment<i128>>, WeightError>> {
            let (r, c) = assignment_shape(rows, cols)?;
            let k = entries.len() as u64 / 2;
            check_memory(
                (rows + cols)
                    .saturating_mul(BYTES_PER_VERTEX)
                    .saturating_add(k.saturating_mul(BYTES_PER_EDGE + 32)),
                || format!("a {rows} × {cols} matrix of {k} entries"),
            )?;
            let pairs = listed_entries(entries, rows, cols, values.len())?;
            let signed: Vec<i128> = if maximize {
                values.iter().map(|&v| v.saturating_neg()).collect()
            } else {
                values.clone()
            };
            Ok(assignment::sparse_wide(r, c, &pairs, &signed))
        },
    )?;
    let found = match found {
        Ok(found) => found,
        Err(WeightError::TooWide { .. }) if !exact.parts.is_empty() => return Ok(None),
        Err(WeightError::TooWide { edge, .. }) => {
            return Err(value(format!(
                "costs[{edge}]: found {} (as an integer at the costs' common scale), beyond \
                 the exact engines: (rows + cols)·|cost| must stay below 2**119",
                values[edge]
            ))
            .into());
        }
        Err(e) => return Err(value(format!("cost: {e}")).into()),
    };
    let Some(a) = found else {
        return Ok(Some(None));
    };
    Ok(Some(Some((
        vec1(py, id_values(&a.col_of_row))?,
        PyList::new(py, a.row)?.into_any().unbind(),
        PyList::new(py, a.col)?.into_any().unbind(),
        PyList::new(py, values)?.into_any().unbind(),
        exact.decimals,
        None,
        vec1(py, Vec::<i64>::new())?.into_any(),
        vec1(py, Vec::new())?,
    ))))
}

/// The first entry of a whole matrix, given as shortest decimals `digits·10**exponents` at
/// the common scale `10**-decimals` (an exact wide answer's costs), where the potentials `row`
/// and `col` break feasibility (`row[i] + col[j] <= sign·cost`) or, on the assigned entries
/// `col_of_row`, tightness; as a message, or `None`. Exact `i128` arithmetic, checked; shares
/// nothing with the engines (the package checks the rest: the columns' signs and the sums).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn check_potentials(
    rows: usize,
    cols: usize,
    digits: &Bound<'_, PyAny>,
    exponents: PyReadonlyArray1<'_, i32>,
    decimals: u32,
    row: Vec<i128>,
    col: Vec<i128>,
    col_of_row: Vec<usize>,
    maximize: bool,
) -> PyResult<Option<String>> {
    let d = wide_list(digits)?;
    Ok(broken(
        rows,
        cols,
        &d,
        exponents.as_array().as_slice().unwrap_or(&[]),
        decimals,
        &row,
        &col,
        &col_of_row,
        maximize,
    ))
}

/// [`check_potentials`] on the digits as read.
#[allow(clippy::too_many_arguments)]
fn broken(
    rows: usize,
    cols: usize,
    d: &[i128],
    e: &[i32],
    decimals: u32,
    row: &[i128],
    col: &[i128],
    col_of_row: &[usize],
    maximize: bool,
) -> Option<String> {
    if d.len() != e.len() || Some(d.len()) != rows.checked_mul(cols) {
        return Some(format!(
            "{} digits and {} exponents for a {rows} × {cols} matrix",
            d.len(),
            e.len()
        ));
    }
    if row.len() != rows || col.len() != cols || col_of_row.len() != rows {
        return Some(format!(
            "{} row and {} column potentials, {} assigned rows for a {rows} × {cols} matrix",
            row.len(),
            col.len(),
            col_of_row.len()
        ));
    }
    let sign: i128 = if maximize { -1 } else { 1 };
    for (i, &u) in row.iter().enumerate() {
        for (j, &v) in col.iter().enumerate() {
            let k = i * cols + j;
            let cost = if d[k] == 0 {
                Some(0)
            } else {
                (i64::from(e[k]) + i64::from(decimals))
                    .try_into()
                    .ok()
                    .and_then(|p: u32| 10i128.checked_pow(p))
                    .and_then(|t| t.checked_mul(d[k]))
            };
            let Some(cost) = cost.map(|c| sign * c) else {
                return Some(format!(
                    "entry ({i}, {j}): not an integer at 10**-{decimals}"
                ));
            };
            let Some(sum) = u.checked_add(v) else {
                return Some(format!("entry ({i}, {j}): potentials beyond 2**127"));
            };
            if sum > cost {
                return Some(format!(
                    "entry ({i}, {j}): potentials {u} + {v} exceed its cost {cost}"
                ));
            }
            if col_of_row[i] == j && sum != cost {
                return Some(format!("assigned entry ({i}, {j}) is not tight"));
            }
        }
    }
    None
}

/// The shortest decimals `digits[i]·10**exponents[i]` of a `float64` array's values (the costs
/// of an answer settled from its floats, made when its proof needs them); NaN and infinities
/// refused.
#[pyfunction]
pub fn float_decimals(
    py: Python<'_>,
    values: PyReadonlyArray1<'_, f64>,
) -> PyResult<(Arr1<i64>, Arr1<i32>)> {
    let v = values.as_array().to_vec();
    let floats = py.detach(|| exact::floats_of(&v, &[v.len()], "cost"))?;
    Ok((vec1(py, floats.digits)?, vec1(py, floats.exponents)?))
}

/// An `int64` array or a list of `int` (values beyond `int64`) as `i128`s.
fn wide_list(values: &Bound<'_, PyAny>) -> PyResult<Vec<i128>> {
    match values.cast::<PyList>() {
        Ok(list) => list.extract(),
        Err(_) => {
            let a: PyReadonlyArray1<'_, i64> = values.extract()?;
            Ok(a.as_array().iter().map(|&x| i128::from(x)).collect())
        }
    }
}

/// The first position `i` where `rounded[i]` is not `digits[i]·10**exponents[i]` rounded to
/// the grid `10**-grid` (within half a step, exactly), or `None`: the check of a proven-gap
/// answer's rounding, sharing nothing with how it was rounded. `rounded`: an `int64` array,
/// or a list of `int` (a matching's weights rounded beyond ±2**59, on the wide path).
#[pyfunction]
pub fn check_grid(
    digits: PyReadonlyArray1<'_, i64>,
    exponents: PyReadonlyArray1<'_, i32>,
    rounded: &Bound<'_, PyAny>,
    grid: i32,
) -> PyResult<Option<usize>> {
    let (d, e) = (digits.as_array(), exponents.as_array());
    let r = wide_list(rounded)?;
    if d.len() != e.len() || d.len() != r.len() {
        return Ok(Some(d.len().min(e.len()).min(r.len())));
    }
    Ok((0..d.len()).find(|&i| !exact::rounds_to(i128::from(d[i]), e[i], grid, r[i])))
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
    if entries.is_none()
        && rows == cols
        && rows >= GUESS_MIN_SIDE
        && let Ok(a) = costs.cast::<PyArrayDyn<f64>>()
    {
        let ro = a.readonly();
        if let Ok(values) = ro.as_slice() {
            let shape = ro.shape().to_vec();
            return dense_floats(py, rows, cols, Source::Square(values, shape), maximize).map(Some);
        }
    }
    if entries.is_none()
        && let Some(floats) = exact::floats(costs, "cost")?
    {
        return dense_floats(py, rows, cols, Source::Made(floats), maximize).map(Some);
    }
    let exact = exact::extract(costs, decimals, "cost")?;
    if entries.is_none() && exact.parts.is_empty() && exact::fit(&exact, "cost").is_err() {
        return dense_wide_integers(py, rows, cols, exact, maximize).map(Some);
    }
    if let Some(e) = &entries
        && exact::fit(&exact, "cost").is_err()
        && (exact.parts.is_empty() || exact.values.len() == exact.parts.len())
        && let Some(found) = entries_wide(py, rows, cols, &exact, &input2(e), maximize)?
    {
        return Ok(found);
    }
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
            let cells = matrix_cells(signed.len(), rows, cols)?;
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
        let entries = listed_entries(&entries, rows, cols, signed.len())?;
        assignment::solve(r, c, &entries, &signed).map_err(|e| value(e.to_string()))
    })?;
    let Some(found) = found else {
        return Ok(None);
    };
    Ok(Some((
        vec1(py, id_values(&found.col_of_row))?,
        vec1(py, found.row)?.into_any(),
        vec1(py, found.col)?.into_any(),
        vec1(py, given)?.into_any(),
        decimals,
        grid,
        vec1(py, digits)?.into_any(),
        vec1(py, exponents)?,
    )))
}

/// The `(row, column)` pairs of a flat `entries` list on a `rows` × `cols` matrix, checked
/// against the matrix and against the number of costs given with them.
fn listed_entries(entries: &[i64], rows: u64, cols: u64, costs: usize) -> Result<convert::Pairs> {
    let col = |noun, count, count_name, unit| Column {
        noun,
        count: Some(count),
        count_name,
        unit,
    };
    let (pairs, _) = convert::pairs(
        entries,
        "entries",
        [
            col("row number", rows, "rows", "rows"),
            col("column number", cols, "cols", "columns"),
        ],
    )?;
    if costs != pairs.len() {
        return Err(value(format!(
            "costs: {} for {}",
            gridmatch::formats::count(costs, "cost", "costs"),
            gridmatch::formats::count(pairs.len(), "entry", "entries")
        )));
    }
    Ok(pairs)
}

/// The cells of a whole `rows` × `cols` cost matrix, checked against the `values` given for it.
fn matrix_cells(values: usize, rows: u64, cols: u64) -> Result<u64> {
    let cells = rows.saturating_mul(cols);
    if values as u64 != cells {
        return Err(value(format!(
            "cost: {} for a {rows} × {cols} matrix",
            gridmatch::formats::count(values, "value", "values")
        )));
    }
    Ok(cells)
}
