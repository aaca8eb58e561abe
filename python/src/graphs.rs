//! The graph engines' shared inputs: a general or bipartite graph from the caller's edge
//! arrays (ids checked, the memory check), the mates of a matching, the caller's edges for
//! `verify(edges)`; and vertex geography. The results live beside: [`Matching`](crate::matching)
//! (`matching.rs`), [`BipartiteMatching`](crate::bipartite) with its `Cover` (`bipartite.rs`),
//! `TwoSat` (`twosat.rs`).
//!
//! Each function checks its arrays, then runs the library's engine through
//! [`gridmatch::graph::certified`] or [`gridmatch::graph::twosat`] with the GIL released. A
//! result holds read-only NumPy arrays (`arrays.rs`) and the input it was computed from (for
//! `verify()`); it pickles as its constructor's arguments (`__reduce__`).

use numpy::PyReadonlyArray2;
use pyo3::prelude::*;

use gridmatch::graph::NONE;
use gridmatch::graph::certified;
use gridmatch::graph::geography::Player;
use gridmatch::read::{Format, GraphInput, Shape};

use crate::arrays::{Arr1, vec1};
// `weighted/` takes the result class from here.
use crate::convert::{self, Column, MAX_VERTICES, Result, check_memory};
pub use crate::matching::Matching;

/// Estimated peak bytes per vertex and per edge of a matching or geography call: the engine's
/// graph and search state, the decoded edges, and the arrays handed back.
const BYTES_PER_VERTEX: u64 = 96;
const BYTES_PER_EDGE: u64 = 40;

fn check_graph_memory(n: u64, m: u64) -> Result<()> {
    let need = n
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(m.saturating_mul(BYTES_PER_EDGE));
    check_memory(need, || format!("a graph of {n} vertices and {m} edges"))
}

/// A graph on the vertices `0..n` (`n` found from the ids if `None`).
pub fn general_input(edges: &[i64], n: Option<u64>) -> Result<GraphInput> {
    let n = n
        .map(|n| convert::count(n, "n", MAX_VERTICES, "vertices", "vertex"))
        .transpose()?;
    check_graph_memory(n.unwrap_or(0), edges.len() as u64 / 2)?;
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
pub fn sides(n_left: u64, n_right: u64) -> [Column; 2] {
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
pub fn bipartite_input(edges: &[i64], n_left: u64, n_right: u64) -> Result<GraphInput> {
    convert::count(n_left, "n_left", MAX_VERTICES, "vertices", "vertex")?;
    convert::count(n_right, "n_right", MAX_VERTICES, "vertices", "vertex")?;
    convert::count(
        n_left + n_right,
        "n_left + n_right",
        MAX_VERTICES,
        "vertices",
        "vertex",
    )?;
    check_graph_memory(n_left + n_right, edges.len() as u64 / 2)?;
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
pub fn mates(n: usize, pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut mate = vec![NONE; n];
    for &(u, v) in pairs {
        mate[u as usize] = v;
        mate[v as usize] = u;
    }
    mate
}

/// The values of the caller's edges for `verify(edges)`: anything the package takes as edges
/// (a sequence of pairs, an array, a labelled graph), through `gridmatch._labels.edge_array`.
pub fn edges_arg(py: Python<'_>, edges: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let a = py
        .import("gridmatch._labels")?
        .getattr("edge_array")?
        .call1((edges,))?;
    let a: PyReadonlyArray2<'_, i64> = a.extract()?;
    Ok(a.as_array().iter().copied().collect())
}

/// The values of an input array (a copy: the result keeps it, and the caller's may change).
pub fn input2(a: &PyReadonlyArray2<'_, i64>) -> Vec<i64> {
    match a.as_slice() {
        Ok(s) => s.to_vec(),
        Err(_) => a.as_array().iter().copied().collect(),
    }
}

/// Who wins undirected vertex geography from each vertex of `0..n`, one code each: 0 Alice
/// (the first player), 1 Bob.
#[pyfunction]
#[pyo3(signature = (edges, n=None))]
pub fn geography(
    py: Python<'_>,
    edges: PyReadonlyArray2<'_, i64>,
    n: Option<u64>,
) -> PyResult<Arr1<u8>> {
    let e = edges.as_slice()?;
    let codes = py.detach(|| -> Result<Vec<u8>> {
        let input = general_input(e, n)?;
        Ok(certified::geography(&input)
            .winners()
            .into_iter()
            .map(|w| u8::from(w == Player::Bob))
            .collect())
    })?;
    vec1(py, codes)
}
