//! Weighted matching: the best matching of a general graph (largest or smallest total, among
//! all, maximum-cardinality or perfect matchings) with its LP duals, their independent check,
//! the command line's JSON record, and the assignment problem (dense and sparse).
//!
//! Weights cross as `int64` arrays: the package has already turned the caller's numbers into
//! integers (times a common power of ten for decimals). The result, [`WeightedMatching`],
//! holds its certificate as read-only arrays (pairs, weights, vertex duals, the blossoms as
//! offsets into one array of members, the cardinality proof), which is what it pickles as;
//! `verify()` and `to_json()` rebuild the library's [`WeightedCertificate`] from them.
//!
//! Files: `mod.rs` (this: the shared conversion of the caller's graph, weights and question),
//! `matching.rs` ([`WeightedMatching`], [`max_weight_matching`]), `duals.rs` ([`PyDuals`],
//! [`PyOddSet`]), `assignment.rs` ([`assign`], [`check_grid`], [`check_potentials`],
//! [`float_decimals`]), `settled.rs` (a square float matrix's guess made exact on its floats).

use crate::convert::{self, Column, MAX_VERTICES, Result, check_memory, value};
use crate::exact;
use gridmatch::decimal::decimal;
#[cfg(doc)]
use gridmatch::graph::certified::weighted::WeightedCertificate;
use gridmatch::graph::weighted::{Cardinality, Question, Sense};
use gridmatch::read::{Format, GraphInput, Shape};
use pyo3::prelude::*;

mod assignment;
mod certificate;
mod duals;
mod matching;
mod settled;

pub use assignment::{assign, check_grid, check_potentials, float_decimals};
pub use duals::{PyDuals, PyOddSet};
pub use matching::{WeightedMatching, max_weight_matching};

/// Estimated peak bytes per vertex and per edge of a weighted call: the graph, the engine's
/// state (duals, blossoms, queues), the cardinality engine's run, and the arrays handed back.
const BYTES_PER_VERTEX: u64 = 256;
const BYTES_PER_EDGE: u64 = 96;

/// The graph on `0..n` (`n` from the ids if `None`) and its weights, one per edge.
fn weighted_input<T: Copy>(
    edges: &[i64],
    weights: &[T],
    n: Option<u64>,
) -> Result<(GraphInput, Vec<T>)> {
    let n = n
        .map(|n| convert::count(n, "n", MAX_VERTICES, "vertices", "vertex"))
        .transpose()?;
    let need = |n: u64, m: u64| {
        n.saturating_mul(BYTES_PER_VERTEX)
            .saturating_add(m.saturating_mul(BYTES_PER_EDGE))
    };
    let m = edges.len() as u64 / 2;
    check_memory(need(n.unwrap_or(0), m), || {
        format!("a weighted graph of {m} edges")
    })?;
    let (edges, ends) = convert::pairs(edges, "edges", [Column::vertex(n); 2])?;
    let weights = weights.to_vec();
    if weights.len() != edges.len() {
        return Err(value(format!(
            "weights: found {} weights for {} edges, expected one per edge",
            weights.len(),
            edges.len()
        )));
    }
    let n = n.unwrap_or(ends[0].max(ends[1]));
    check_memory(need(n, m), || {
        format!("a weighted graph of {n} vertices and {m} edges")
    })?;
    let input = GraphInput {
        format: Format::EdgeList,
        shape: Shape::General {
            vertices: n as usize,
        },
        edges,
        ids: Vec::new(),
    };
    Ok((input, weights))
}

/// The question named by `objective` (`max`, `min`) and `cardinality` (`any`, `maximum`,
/// `perfect`).
fn question(objective: &str, cardinality: &str) -> Result<Question> {
    // The library's words (`Sense` and `Cardinality` by name), with its messages.
    let sense = objective
        .parse::<Sense>()
        .map_err(|e| value(e.to_string()))?;
    let cardinality = cardinality
        .parse::<Cardinality>()
        .map_err(|e| value(e.to_string()))?;
    Ok(Question { sense, cardinality })
}

/// A count of `10**-decimals` as the caller's kind of number: `int` for integer weights
/// (`decimals` is `None`), an exact `decimal.Decimal` otherwise, or a `fractions.Fraction`
/// when `fraction` (the weights were `Fraction`s).
fn number<'py>(
    py: Python<'py>,
    value: i128,
    decimals: Option<u32>,
    fraction: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let d = match decimals {
        None if !fraction => return Ok(value.into_pyobject(py)?.into_any()),
        d => d.unwrap_or(0),
    };
    let text = decimal(value, d);
    let class = if fraction {
        py.import("fractions")?.getattr("Fraction")?
    } else {
        py.import("decimal")?.getattr("Decimal")?
    };
    class.call1((text,))
}

/// The gap a proven-gap answer proves and its pairs' total as given (both `Fraction`s),
/// computed by the package from the answer's pieces (`gridmatch._weighted._gap`).
fn gap_of<'py>(
    slf: &Bound<'py, WeightedMatching>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    slf.py()
        .import("gridmatch._weighted")?
        .getattr("_gap")?
        .call1((slf,))?
        .extract()
}

/// The costs or weights of `exact` in the engines' range: exactly, or rounded to the finest
/// grid that fits when they are floats beyond the exact span (`Some(grid)`).
fn fit_or_grid(exact: &exact::Exact, what: &str) -> Result<(Vec<i64>, Option<i32>)> {
    match exact::fit(exact, what) {
        Ok(v) => Ok((v, None)),
        Err(_) if !exact.parts.is_empty() => {
            let (v, k) = exact::grid(
                &exact.parts,
                i128::from(gridmatch::graph::weighted::MAX_WEIGHT),
            );
            Ok((v.into_iter().map(|x| x as i64).collect(), Some(k)))
        }
        Err(e) => Err(e),
    }
}
