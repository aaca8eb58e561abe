//! The graph engines: maximum matching with its proof (general and bipartite), the
//! Dulmage–Mendelsohn class of each edge, vertex geography, 2-SAT, and the verifiers.
//!
//! Each function decodes and checks its arrays, then runs the library's engine through
//! [`gridmatch::graph::certified`] or [`gridmatch::graph::twosat`] with the GIL released.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use gridmatch::graph::NONE;
use gridmatch::graph::bipartite::EdgeClass;
use gridmatch::graph::certified::{self, MatchingCertificate, Proof};
use gridmatch::graph::geography::Player;
use gridmatch::graph::read::{Format, GraphInput, Shape};
use gridmatch::graph::twosat::{self, Formula, Lit, Outcome};

use crate::convert::{
    self, Column, Error, MAX_VERTICES, Result, check_memory, i64_bytes, id_bytes, pair_bytes, value,
};

/// Estimated peak bytes per vertex and per edge of a matching or geography call: the engine's
/// graph and search state, the decoded edges, and the arrays handed back.
const BYTES_PER_VERTEX: u64 = 96;
const BYTES_PER_EDGE: u64 = 40;

/// Most variables the 2-SAT solver takes.
const MAX_VARS: u64 = (1 << 31) - 2;
/// Most clauses: the implication graph has two edges per clause, counted in a `u32`.
const MAX_CLAUSES: u64 = (1 << 31) - 1;
/// Estimated peak bytes per variable and per clause of a 2-SAT call.
const BYTES_PER_VAR: u64 = 64;
const BYTES_PER_CLAUSE: u64 = 40;

fn check_graph_memory(n: u64, m: u64) -> Result<()> {
    let need = n
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(m.saturating_mul(BYTES_PER_EDGE));
    check_memory(need, || format!("a graph of {n} vertices and {m} edges"))
}

/// A graph on the vertices `0..n` (`n` found from the ids if `None`).
fn general_input(edges: &[u8], n: Option<u64>) -> Result<GraphInput> {
    let n = n
        .map(|n| convert::count(n, "n", MAX_VERTICES, "vertices", "vertex"))
        .transpose()?;
    check_graph_memory(n.unwrap_or(0), edges.len() as u64 / 16)?;
    let (edges, ends) = convert::pairs(edges, "edges", [Column::vertex(n); 2])?;
    let n = n.unwrap_or(ends[0].max(ends[1]));
    check_graph_memory(n, edges.len() as u64)?;
    Ok(GraphInput {
        format: Format::EdgeList,
        shape: Shape::General {
            vertices: n as usize,
        },
        edges,
        ids: Vec::new(),
    })
}

/// The left and right columns of a bipartite graph's edges.
fn sides(n_left: u64, n_right: u64) -> [Column; 2] {
    [
        Column {
            noun: "left vertex number",
            count: Some(n_left),
            count_name: "n_left",
            unit: "left vertices",
        },
        Column {
            noun: "right vertex number",
            count: Some(n_right),
            count_name: "n_right",
            unit: "right vertices",
        },
    ]
}

/// A bipartite graph: left vertices `0..n_left`, right vertices `0..n_right`, edges `(l, r)`.
fn bipartite_input(edges: &[u8], n_left: u64, n_right: u64) -> Result<GraphInput> {
    convert::count(n_left, "n_left", MAX_VERTICES, "vertices", "vertex")?;
    convert::count(n_right, "n_right", MAX_VERTICES, "vertices", "vertex")?;
    convert::count(
        n_left + n_right,
        "n_left + n_right",
        MAX_VERTICES,
        "vertices",
        "vertex",
    )?;
    check_graph_memory(n_left + n_right, edges.len() as u64 / 16)?;
    let (edges, _) = convert::pairs(edges, "edges", sides(n_left, n_right))?;
    Ok(GraphInput {
        format: Format::MatrixMarket,
        shape: Shape::Bipartite {
            rows: n_left as usize,
            cols: n_right as usize,
        },
        edges,
        ids: Vec::new(),
    })
}

/// The mate of every vertex of `0..n` ([`NONE`] if exposed).
fn mates(n: usize, pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut mate = vec![NONE; n];
    for &(u, v) in pairs {
        mate[u as usize] = v;
        mate[v as usize] = u;
    }
    mate
}

/// What `max_matching` hands back: `(n, pairs, mate, bipartite, proof)`.
type MatchingOut<'py> = (
    u64,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    bool,
    Bound<'py, PyBytes>,
);

/// A maximum matching of the graph on `0..n` with edges `edges` (`(m, 2)` `i64`): `(n, pairs,
/// mate, bipartite, proof)`, the proof a König cover if `bipartite`, else a Tutte–Berge barrier.
#[pyfunction]
#[pyo3(signature = (edges, n=None))]
pub fn max_matching<'py>(
    py: Python<'py>,
    edges: &[u8],
    n: Option<u64>,
) -> PyResult<MatchingOut<'py>> {
    let (n, cert, mate) = py.detach(|| -> Result<_> {
        let input = general_input(edges, n)?;
        let n = certified::Vertices::of(&input).n;
        let cert = certified::maximum_matching(&input);
        let mate = mates(n, &cert.pairs);
        Ok((n, cert, mate))
    })?;
    let (bipartite, proof) = match &cert.proof {
        Proof::Cover(c) => (true, c),
        Proof::Barrier(b) => (false, b),
    };
    Ok((
        n as u64,
        pair_bytes(py, &cert.pairs)?,
        id_bytes(py, &mate)?,
        bipartite,
        id_bytes(py, proof)?,
    ))
}

/// What `bipartite_matching` hands back: `(pairs, mate_left, mate_right, cover_left,
/// cover_right)`.
type BipartiteOut<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

/// A maximum matching of the bipartite graph with edges `(left, right)`: `(pairs, mate_left,
/// mate_right, cover_left, cover_right)`, each side in its own numbering.
#[pyfunction]
pub fn bipartite_matching<'py>(
    py: Python<'py>,
    edges: &[u8],
    n_left: u64,
    n_right: u64,
) -> PyResult<BipartiteOut<'py>> {
    type Sides = (Vec<(u32, u32)>, Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>);
    let out = py.detach(|| -> Result<Sides> {
        let input = bipartite_input(edges, n_left, n_right)?;
        let cert = certified::maximum_matching(&input);
        let rows = n_left as u32;
        let pairs: Vec<(u32, u32)> = cert.pairs.iter().map(|&(l, r)| (l, r - rows)).collect();
        let mut mate_left = vec![NONE; n_left as usize];
        let mut mate_right = vec![NONE; n_right as usize];
        for &(l, r) in &pairs {
            mate_left[l as usize] = r;
            mate_right[r as usize] = l;
        }
        // A bipartite input is proved by a cover.
        let (Proof::Cover(cover) | Proof::Barrier(cover)) = cert.proof;
        let (left, right): (Vec<u32>, Vec<u32>) = cover.iter().partition(|&&v| v < rows);
        let right = right.into_iter().map(|v| v - rows).collect();
        Ok((pairs, mate_left, mate_right, left, right))
    })?;
    let (pairs, mate_left, mate_right, cover_left, cover_right) = out;
    Ok((
        pair_bytes(py, &pairs)?,
        id_bytes(py, &mate_left)?,
        id_bytes(py, &mate_right)?,
        id_bytes(py, &cover_left)?,
        id_bytes(py, &cover_right)?,
    ))
}

/// The class of every edge of the bipartite graph, in input order, one byte each: 0 in no
/// maximum matching, 1 in some, 2 in every.
#[pyfunction]
pub fn classify<'py>(
    py: Python<'py>,
    edges: &[u8],
    n_left: u64,
    n_right: u64,
) -> PyResult<Bound<'py, PyBytes>> {
    let codes = py.detach(|| -> Result<Vec<u8>> {
        let input = bipartite_input(edges, n_left, n_right)?;
        let classes = certified::classify(&input).map_err(|e| value(e.to_string()))?;
        Ok(classes
            .into_iter()
            .map(|c| match c {
                EdgeClass::None => 0,
                EdgeClass::Some => 1,
                EdgeClass::Every => 2,
            })
            .collect())
    })?;
    Ok(PyBytes::new(py, &codes))
}

/// Who wins undirected vertex geography from each vertex, one byte each: 0 Alice (the first
/// player), 1 Bob. Returns `(n, winners)`.
#[pyfunction]
#[pyo3(signature = (edges, n=None))]
pub fn geography<'py>(
    py: Python<'py>,
    edges: &[u8],
    n: Option<u64>,
) -> PyResult<(u64, Bound<'py, PyBytes>)> {
    let codes = py.detach(|| -> Result<Vec<u8>> {
        let input = general_input(edges, n)?;
        Ok(certified::geography(&input)
            .winners()
            .into_iter()
            .map(|w| u8::from(w == Player::Bob))
            .collect())
    })?;
    Ok((codes.len() as u64, PyBytes::new(py, &codes)))
}

/// Checks a matching of the graph on `0..n` and its proof (a cover if `cover`, else a barrier)
/// against `edges`, with the library's verifier (no engine code). `None` if it holds, else why
/// not.
#[pyfunction]
pub fn verify_matching(
    py: Python<'_>,
    n: u64,
    edges: &[u8],
    pairs: &[u8],
    cover: bool,
    proof: &[u8],
) -> PyResult<Option<String>> {
    Ok(py.detach(|| -> Result<Option<String>> {
        let input = general_input(edges, Some(n))?;
        let col = Column::vertex(Some(n));
        let (pairs, _) = convert::pairs(pairs, "pairs", [col; 2])?;
        let proof = convert::ids(proof, "proof", col)?;
        let cert = MatchingCertificate {
            pairs,
            proof: if cover {
                Proof::Cover(proof)
            } else {
                Proof::Barrier(proof)
            },
        };
        Ok(certified::verify(&input, &cert)
            .err()
            .map(|e| e.to_string()))
    })?)
}

/// Checks a bipartite matching (pairs `(left, right)`) and its König cover against `edges`.
/// `None` if it holds, else why not (vertices named `left 3`, `right 0`).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn verify_bipartite(
    py: Python<'_>,
    n_left: u64,
    n_right: u64,
    edges: &[u8],
    pairs: &[u8],
    cover_left: &[u8],
    cover_right: &[u8],
) -> PyResult<Option<String>> {
    Ok(py.detach(|| -> Result<Option<String>> {
        let input = bipartite_input(edges, n_left, n_right)?;
        let cols = sides(n_left, n_right);
        let (pairs, _) = convert::pairs(pairs, "pairs", cols)?;
        let rows = n_left as u32;
        let left = convert::ids(cover_left, "cover_left", cols[0])?;
        let right = convert::ids(cover_right, "cover_right", cols[1])?;
        let cert = MatchingCertificate {
            pairs: pairs.into_iter().map(|(l, r)| (l, r + rows)).collect(),
            proof: Proof::Cover(
                left.into_iter()
                    .chain(right.into_iter().map(|r| r + rows))
                    .collect(),
            ),
        };
        let name = |v: u32| {
            if v < rows {
                format!("left {v}")
            } else {
                format!("right {}", v - rows)
            }
        };
        Ok(certified::verify(&input, &cert)
            .err()
            .map(|e| e.describe(&name)))
    })?)
}

/// A DIMACS literal (`v` or `-v`, 1-based) as the solver's.
fn dimacs_lit(l: i64, n: u64, at: impl FnOnce() -> String) -> Result<Lit> {
    let var = l.unsigned_abs();
    if l == 0 || var > n {
        let hint = if l == 0 {
            "0 is not a literal (DIMACS ends a clause with it); write a unit clause a as (a, a)"
                .to_string()
        } else {
            format!("n = {n} variables")
        };
        return Err(value(format!(
            "{}: found {l}, expected a literal from -{n} to {n}\nhint: {hint}",
            at()
        )));
    }
    // 1 <= var <= n <= MAX_VARS < 2^31.
    Ok(Lit::new((var - 1) as u32, l < 0))
}

/// A literal as DIMACS writes it.
fn dimacs(l: Lit) -> i64 {
    let v = i64::from(l.var()) + 1;
    if l.is_neg() { -v } else { v }
}

/// The formula over `n` variables with clauses `(m, 2)` of DIMACS literals.
fn formula(n: u64, clauses: &[u8]) -> Result<Formula> {
    convert::count(n, "n", MAX_VARS, "variables", "variable")?;
    let rows = convert::signed_pairs(clauses, "clauses")?;
    convert::count(
        rows.len() as u64,
        "len(clauses)",
        MAX_CLAUSES,
        "clauses",
        "clause",
    )?;
    let need = n
        .saturating_mul(BYTES_PER_VAR)
        .saturating_add((rows.len() as u64).saturating_mul(BYTES_PER_CLAUSE));
    check_memory(need, || {
        format!("a formula of {n} variables and {} clauses", rows.len())
    })?;
    let mut f = Formula::new(n as usize);
    for (i, row) in rows.iter().enumerate() {
        let lit = |j: usize| {
            dimacs_lit(i64::from_ne_bytes(row[j]), n, || {
                format!("clauses[{i}][{j}]")
            })
        };
        f.add_clause(lit(0)?, lit(1)?);
    }
    Ok(f)
}

/// What `two_sat` hands back: `(satisfiable, model or chain, chain clauses)`.
type TwoSatOut<'py> = (bool, Bound<'py, PyBytes>, Bound<'py, PyBytes>);

/// Decides the 2-SAT formula: `(True, model, b"")` with one byte (0/1) per variable, or
/// `(False, chain, steps)`: the implication chain `x ⇒ … ⇒ ¬x ⇒ … ⇒ x` as DIMACS literals
/// (`i64`) and, per step, the index of the clause behind it.
#[pyfunction]
pub fn two_sat<'py>(py: Python<'py>, n: u64, clauses: &[u8]) -> PyResult<TwoSatOut<'py>> {
    enum Answer {
        Model(Vec<u8>),
        Chain(Vec<i64>, Vec<i64>),
    }
    let answer = py.detach(|| -> Result<Answer> {
        let f = formula(n, clauses)?;
        Ok(match f.solve() {
            Outcome::Satisfiable(model) => Answer::Model(model.into_iter().map(u8::from).collect()),
            Outcome::Unsatisfiable(conflict) => {
                let steps = twosat::chain_clauses(&f, &conflict.chain);
                Answer::Chain(
                    conflict.chain.iter().map(|&l| dimacs(l)).collect(),
                    steps.into_iter().map(|k| k as i64).collect(),
                )
            }
        })
    })?;
    Ok(match answer {
        Answer::Model(model) => (true, PyBytes::new(py, &model), PyBytes::new(py, &[])),
        Answer::Chain(chain, steps) => (
            false,
            i64_bytes(py, chain.into_iter())?,
            i64_bytes(py, steps.into_iter())?,
        ),
    })
}

/// The literals true in every model (DIMACS, `i64`), or `None` if there is no model.
#[pyfunction]
pub fn two_sat_backbone<'py>(
    py: Python<'py>,
    n: u64,
    clauses: &[u8],
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let lits = py.detach(|| -> Result<Option<Vec<i64>>> {
        let f = formula(n, clauses)?;
        Ok(twosat::backbone(&f).map(|b| b.into_iter().map(dimacs).collect()))
    })?;
    lits.map(|l| i64_bytes(py, l.into_iter())).transpose()
}

/// A model other than `model` (one byte per variable), or `None` if `model` is the only one.
///
/// # Errors
/// `ValueError` if `model` is not a model of the formula.
#[pyfunction]
pub fn two_sat_second_model<'py>(
    py: Python<'py>,
    n: u64,
    clauses: &[u8],
    model: &[u8],
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let other = py.detach(|| -> Result<Option<Vec<u8>>> {
        let f = formula(n, clauses)?;
        if model.len() as u64 != n || model.iter().any(|&b| b > 1) {
            return Err(value(format!(
                "model: expected {n} values 0 or 1, one per variable"
            )));
        }
        let model: Vec<bool> = model.iter().map(|&b| b == 1).collect();
        let holds = |l: Lit| model[l.var() as usize] != l.is_neg();
        if let Some((i, _)) = f
            .clauses()
            .iter()
            .enumerate()
            .find(|&(_, &(a, b))| !holds(a) && !holds(b))
        {
            return Err(Error::Value(format!(
                "model: clause {i} is not satisfied, so this is no model"
            )));
        }
        Ok(twosat::second_model(&f, &model).map(|m| m.into_iter().map(u8::from).collect()))
    })?;
    Ok(other.map(|m| PyBytes::new(py, &m)))
}
