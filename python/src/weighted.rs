//! Weighted matching: the best matching of a general graph (largest or smallest total, among
//! all, maximum-cardinality or perfect matchings) with its LP duals, their independent check,
//! the command line's JSON record, and the assignment problem (dense and sparse).
//!
//! Weights cross as `bytes` of native `i64`: the package has already turned the caller's
//! numbers into integers (times a common power of ten for decimals). A certificate crosses back
//! and forth as the tuple of [`CertOut`] (all `bytes` and integers, so the Python object holding
//! it pickles as it is); [`verify_weighted`] and [`weighted_json`] rebuild the library's
//! [`WeightedCertificate`] from it.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use gridmatch::formats::json::WeightedRecord;
use gridmatch::graph::certified::weighted::{
    WeightedCertificate, WeightedOutcome, verify_weighted as verify_certificate, weighted_matching,
};
use gridmatch::graph::certified::{MatchingCertificate, Proof, Vertices};
use gridmatch::graph::read::{Format, GraphInput, Shape};
use gridmatch::graph::weighted::assignment::{self, Assignment};
use gridmatch::graph::weighted::{Cardinality, Duals, OddSet, Question, Sense};

use crate::convert::{
    self, Column, MAX_VERTICES, Result, check_memory, i64_bytes, id_bytes, pair_bytes, value,
};

/// Estimated peak bytes per vertex and per edge of a weighted call: the graph, the engine's
/// state (duals, blossoms, queues), the cardinality engine's run, and the arrays handed back.
const BYTES_PER_VERTEX: u64 = 256;
const BYTES_PER_EDGE: u64 = 96;

/// The `i64` values of `bytes`.
fn values(bytes: &[u8], what: &str) -> Result<Vec<i64>> {
    let (words, []) = bytes.as_chunks::<8>() else {
        return Err(value(format!(
            "{what}: {} bytes are not whole 64-bit integers",
            bytes.len()
        )));
    };
    Ok(words.iter().map(|w| i64::from_ne_bytes(*w)).collect())
}

/// The graph on `0..n` (`n` from the ids if `None`) and its weights, one per edge.
fn weighted_input(edges: &[u8], weights: &[u8], n: Option<u64>) -> Result<(GraphInput, Vec<i64>)> {
    let n = n
        .map(|n| convert::count(n, "n", MAX_VERTICES, "vertices", "vertex"))
        .transpose()?;
    let need = |n: u64, m: u64| {
        n.saturating_mul(BYTES_PER_VERTEX)
            .saturating_add(m.saturating_mul(BYTES_PER_EDGE))
    };
    let m = edges.len() as u64 / 16;
    check_memory(need(n.unwrap_or(0), m), || {
        format!("a weighted graph of {m} edges")
    })?;
    let (edges, ends) = convert::pairs(edges, "edges", [Column::vertex(n); 2])?;
    let weights = values(weights, "weights")?;
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
    let sense = match objective {
        "max" => Sense::Max,
        "min" => Sense::Min,
        other => return Err(value(format!("objective {other:?}: expected max or min"))),
    };
    let cardinality = match cardinality {
        "any" => Cardinality::Any,
        "maximum" => Cardinality::Maximum,
        "perfect" => Cardinality::Perfect,
        other => {
            return Err(value(format!(
                "cardinality {other:?}: expected any, maximum or perfect"
            )));
        }
    };
    Ok(Question { sense, cardinality })
}

/// A certificate as Python holds it: `(optimum, pairs, pair_weights, total, shift, vertex,
/// blossom_offsets, blossom_vertices, blossom_duals, proof_kind, proof)`: `optimum` is false
/// for "no perfect matching" (then only `pairs` and the proof count); `vertex` the doubled
/// vertex duals; blossom `b` is `blossom_vertices[offsets[b]..offsets[b + 1]]` with doubled
/// dual `blossom_duals[b]`; `proof_kind` 0 none, 1 a König cover, 2 a Tutte–Berge barrier.
type CertOut<'py> = (
    bool,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    i128,
    i64,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    u8,
    Bound<'py, PyBytes>,
);

fn proof_parts(proof: Option<&Proof>) -> (u8, &[u32]) {
    match proof {
        None => (0, &[]),
        Some(Proof::Cover(c)) => (1, c),
        Some(Proof::Barrier(b)) => (2, b),
    }
}

fn cert_out<'py>(py: Python<'py>, cert: &WeightedCertificate) -> PyResult<CertOut<'py>> {
    let empty = || PyBytes::new(py, &[]);
    match &cert.outcome {
        WeightedOutcome::NoPerfectMatching(m) => {
            let (kind, proof) = proof_parts(Some(&m.proof));
            Ok((
                false,
                pair_bytes(py, &m.pairs)?,
                empty(),
                0,
                0,
                empty(),
                empty(),
                empty(),
                empty(),
                kind,
                id_bytes(py, proof)?,
            ))
        }
        WeightedOutcome::Optimum {
            pairs,
            total,
            shift,
            duals,
            cardinality,
        } => {
            let plain: Vec<(u32, u32)> = pairs.iter().map(|&(u, v, _)| (u, v)).collect();
            let mut offsets = Vec::with_capacity(duals.blossoms.len() + 1);
            offsets.push(0i64);
            let mut members = Vec::new();
            for b in &duals.blossoms {
                members.extend_from_slice(&b.vertices);
                offsets.push(members.len() as i64);
            }
            let (kind, proof) = proof_parts(cardinality.as_ref());
            Ok((
                true,
                pair_bytes(py, &plain)?,
                i64_bytes(py, pairs.iter().map(|p| p.2))?,
                *total,
                *shift,
                i64_bytes(py, duals.vertex.iter().copied())?,
                i64_bytes(py, offsets.into_iter())?,
                id_bytes(py, &members)?,
                i64_bytes(py, duals.blossoms.iter().map(|b| b.dual))?,
                kind,
                id_bytes(py, proof)?,
            ))
        }
    }
}

/// The best matching of the graph on `0..n` with edges `edges` (`(m, 2)` `i64`) weighing
/// `weights` (`m` `i64`) for the question `objective` / `cardinality`: `(n, certificate)`, the
/// certificate as [`CertOut`].
#[pyfunction]
#[pyo3(signature = (edges, weights, n=None, objective="max", cardinality="any"))]
pub fn max_weight_matching<'py>(
    py: Python<'py>,
    edges: &[u8],
    weights: &[u8],
    n: Option<u64>,
    objective: &str,
    cardinality: &str,
) -> PyResult<(u64, CertOut<'py>)> {
    let q = question(objective, cardinality)?;
    let (n, cert) = py.detach(|| -> Result<_> {
        let (input, weights) = weighted_input(edges, weights, n)?;
        let n = Vertices::of(&input).n;
        let cert = weighted_matching(&input, &weights, q).map_err(|e| value(e.to_string()))?;
        Ok((n, cert))
    })?;
    Ok((n as u64, cert_out(py, &cert)?))
}

/// The library's certificate from the pieces of [`CertOut`], checked for shape and range.
#[allow(clippy::too_many_arguments)]
fn certificate(
    n: usize,
    q: Question,
    optimum: bool,
    pairs: &[u8],
    pair_weights: &[u8],
    total: i128,
    shift: i64,
    vertex: &[u8],
    blossom_offsets: &[u8],
    blossom_vertices: &[u8],
    blossom_duals: &[u8],
    proof_kind: u8,
    proof: &[u8],
) -> Result<WeightedCertificate> {
    let col = Column::vertex(Some(n as u64));
    let (pairs, _) = convert::pairs(pairs, "pairs", [col; 2])?;
    let proof_ids = convert::ids(proof, "proof", col)?;
    let proof = match proof_kind {
        0 if proof_ids.is_empty() => None,
        0 => return Err(value("proof: given, but no kind (cover or barrier) for it")),
        1 => Some(Proof::Cover(proof_ids)),
        2 => Some(Proof::Barrier(proof_ids)),
        k => return Err(value(format!("proof kind {k}: expected 0, 1 or 2"))),
    };
    if !optimum {
        let proof = proof.ok_or_else(|| value("no perfect matching: the proof is missing"))?;
        return Ok(WeightedCertificate {
            question: q,
            outcome: WeightedOutcome::NoPerfectMatching(MatchingCertificate { pairs, proof }),
        });
    }
    let pair_weights = values(pair_weights, "pair_weights")?;
    if pair_weights.len() != pairs.len() {
        return Err(value(format!(
            "pair_weights: {} weights for {} pairs",
            pair_weights.len(),
            pairs.len()
        )));
    }
    let vertex = values(vertex, "vertex duals")?;
    if vertex.len() != n {
        return Err(value(format!(
            "vertex duals: {} values for {n} vertices",
            vertex.len()
        )));
    }
    let offsets = values(blossom_offsets, "blossom offsets")?;
    let members = convert::ids(blossom_vertices, "blossom vertices", col)?;
    let duals = values(blossom_duals, "blossom duals")?;
    let bad_offsets = || value("blossom offsets: not increasing from 0 to the number of members");
    if offsets.len() != duals.len() + 1
        || offsets.first() != Some(&0)
        || offsets.last().map(|&o| o as u64) != Some(members.len() as u64)
        || offsets.windows(2).any(|w| w[0] > w[1])
    {
        return Err(bad_offsets());
    }
    let blossoms = offsets
        .windows(2)
        .zip(&duals)
        .map(|(w, &dual)| OddSet {
            vertices: members[w[0] as usize..w[1] as usize].to_vec(),
            dual,
        })
        .collect();
    Ok(WeightedCertificate {
        question: q,
        outcome: WeightedOutcome::Optimum {
            pairs: pairs
                .into_iter()
                .zip(pair_weights)
                .map(|((u, v), w)| (u, v, w))
                .collect(),
            total,
            shift,
            duals: Duals { vertex, blossoms },
            cardinality: proof,
        },
    })
}

/// Checks a certificate (the pieces of [`CertOut`]) for `objective` / `cardinality` against
/// the graph on `0..n` and its weights with the library's independent verifier. `None` if it
/// holds, else why not.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn verify_weighted(
    py: Python<'_>,
    n: u64,
    edges: &[u8],
    weights: &[u8],
    objective: &str,
    cardinality: &str,
    optimum: bool,
    pairs: &[u8],
    pair_weights: &[u8],
    total: i128,
    shift: i64,
    vertex: &[u8],
    blossom_offsets: &[u8],
    blossom_vertices: &[u8],
    blossom_duals: &[u8],
    proof_kind: u8,
    proof: &[u8],
) -> PyResult<Option<String>> {
    let q = question(objective, cardinality)?;
    Ok(py.detach(|| -> Result<Option<String>> {
        let (input, weights) = weighted_input(edges, weights, Some(n))?;
        let cert = certificate(
            n as usize,
            q,
            optimum,
            pairs,
            pair_weights,
            total,
            shift,
            vertex,
            blossom_offsets,
            blossom_vertices,
            blossom_duals,
            proof_kind,
            proof,
        )?;
        Ok(verify_certificate(&input, &weights, &cert)
            .err()
            .map(|e| e.describe(&|v| format!("vertex {v}"))))
    })?)
}

/// The certificate as `gridmatch match --weights --json` writes it for an edge list on
/// `0..n` whose weights have `decimals` decimals (one JSON line).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn weighted_json(
    py: Python<'_>,
    n: u64,
    decimals: u32,
    objective: &str,
    cardinality: &str,
    optimum: bool,
    pairs: &[u8],
    pair_weights: &[u8],
    total: i128,
    shift: i64,
    vertex: &[u8],
    blossom_offsets: &[u8],
    blossom_vertices: &[u8],
    blossom_duals: &[u8],
    proof_kind: u8,
    proof: &[u8],
) -> PyResult<String> {
    let q = question(objective, cardinality)?;
    Ok(py.detach(|| -> Result<String> {
        let n = convert::count(n, "n", MAX_VERTICES, "vertices", "vertex")?;
        let input = GraphInput {
            format: Format::EdgeList,
            shape: Shape::General {
                vertices: n as usize,
            },
            edges: Vec::new(),
            ids: Vec::new(),
        };
        let cert = certificate(
            n as usize,
            q,
            optimum,
            pairs,
            pair_weights,
            total,
            shift,
            vertex,
            blossom_offsets,
            blossom_vertices,
            blossom_duals,
            proof_kind,
            proof,
        )?;
        let record = WeightedRecord::new(&input, decimals, &cert);
        serde_json::to_string(&record).map_err(|e| value(e.to_string()))
    })?)
}

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

/// The cheapest assignment of every row of the dense `rows × cols` cost matrix (row-major
/// `i64`, `rows <= cols`): each row's column, as `i64` bytes.
#[pyfunction]
pub fn assign_dense<'py>(
    py: Python<'py>,
    cost: &[u8],
    rows: u64,
    cols: u64,
) -> PyResult<Bound<'py, PyBytes>> {
    let found = py.detach(|| -> Result<Assignment> {
        let (r, c) = assignment_shape(rows, cols)?;
        let entries = rows.saturating_mul(cols);
        check_memory(entries.saturating_mul(BYTES_PER_ENTRY), || {
            format!("a {rows} × {cols} cost matrix")
        })?;
        let cost = values(cost, "cost")?;
        if cost.len() as u64 != entries {
            return Err(value(format!(
                "cost: {} values for a {rows} × {cols} matrix",
                cost.len()
            )));
        }
        assignment::dense(r, c, &cost).map_err(|e| value(e.to_string()))
    })?;
    id_bytes(py, &found.col_of_row)
}

/// The cheapest assignment of every row using only the entries `entries` (`(k, 2)` `i64` of
/// `(row, col)`) costing `costs`, `rows <= cols`: each row's column as `i64` bytes, or `None`
/// if no assignment covers every row.
#[pyfunction]
pub fn assign_sparse<'py>(
    py: Python<'py>,
    rows: u64,
    cols: u64,
    entries: &[u8],
    costs: &[u8],
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let found = py.detach(|| -> Result<Option<Assignment>> {
        let (r, c) = assignment_shape(rows, cols)?;
        let k = entries.len() as u64 / 16;
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
            entries,
            "entries",
            [
                col("row number", rows, "rows", "rows"),
                col("column number", cols, "cols", "columns"),
            ],
        )?;
        let costs = values(costs, "costs")?;
        if costs.len() != entries.len() {
            return Err(value(format!(
                "costs: {} costs for {} entries",
                costs.len(),
                entries.len()
            )));
        }
        assignment::sparse(r, c, &entries, &costs).map_err(|e| value(e.to_string()))
    })?;
    found.map(|a| id_bytes(py, &a.col_of_row)).transpose()
}
