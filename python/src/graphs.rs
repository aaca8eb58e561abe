//! The graph engines: maximum matching with its proof (general and bipartite), the
//! Dulmage–Mendelsohn class of each edge, vertex geography, 2-SAT, and the verifiers; and
//! their results, [`Matching`], [`BipartiteMatching`] (with its [`Cover`]) and [`TwoSat`].
//!
//! Each function checks its arrays, then runs the library's engine through
//! [`gridmatch::graph::certified`] or [`gridmatch::graph::twosat`] with the GIL released. A
//! result holds read-only NumPy arrays (`arrays.rs`) and the input it was computed from (for
//! `verify()`); it pickles as its constructor's arguments (`__reduce__`).

use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::graph::NONE;
use gridmatch::graph::bipartite::EdgeClass;
use gridmatch::graph::certified::{self, MatchingCertificate, Proof};
use gridmatch::graph::general::{Class as GeClass, gallai_edmonds};
use gridmatch::graph::geography::Player;
use gridmatch::graph::twosat::{self, Formula, Lit, Outcome};
use gridmatch::read::{Format, GraphInput, Shape};

use crate::CertificateError;
use crate::arrays::{self, Arr1, Arr2, rows2, take1, take2, values1, values2, vec1, vec2};
use crate::convert::{
    self, Column, Error, MAX_VERTICES, Result, check_memory, id_values, pair_values, value,
};
use crate::dm::Dmperm;

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
fn mates(n: usize, pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut mate = vec![NONE; n];
    for &(u, v) in pairs {
        mate[u as usize] = v;
        mate[v as usize] = u;
    }
    mate
}

/// The values of the caller's edges for `verify(edges)`: anything the package takes as edges
/// (a sequence of pairs, an array, a labelled graph), through `gridmatch._labels.edge_array`.
fn edges_arg(py: Python<'_>, edges: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
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

/// A maximum matching of a graph on the vertices `0..n-1`, with the proof that no
/// matching is larger.
///
/// `len(m)` is its size; `m.pairs` the matched pairs (a `(k, 2)` array); `m.mate[v]`
/// the vertex matched to `v` (`-1` if `v` is exposed); `m.barrier()` the Tutte–Berge
/// certificate; `m.verify()` checks it all against the graph without the solver's code.
/// Arrays are read-only.
///
/// Public as `gridmatch.Matching`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct Matching {
    /// The number of vertices.
    #[pyo3(get)]
    n: u64,
    /// The graph's edges, `(m, 2)`.
    #[pyo3(get)]
    edges: Arr2,
    /// The matched pairs, one row `(u, v)` each.
    #[pyo3(get)]
    pairs: Arr2,
    /// `mate[v]`: the vertex matched to `v`, or `-1`.
    #[pyo3(get)]
    mate: Arr1<i64>,
    /// Whether the graph is bipartite; then the barrier is a König vertex cover.
    #[pyo3(get)]
    is_bipartite: bool,
    proof: Arr1<i64>,
}

impl Matching {
    /// The matching of `pairs` on `0..n` with its proof, over `edges` (flat values).
    pub fn build(
        py: Python<'_>,
        n: u64,
        edges: Vec<i64>,
        pairs: &[(u32, u32)],
        is_bipartite: bool,
        proof: &[u32],
    ) -> PyResult<Matching> {
        let mate = mates(n as usize, pairs);
        Ok(Matching {
            n,
            edges: vec2(py, edges, 2)?,
            pairs: vec2(py, pair_values(pairs), 2)?,
            mate: vec1(py, id_values(&mate))?,
            is_bipartite,
            proof: vec1(py, id_values(proof))?,
        })
    }
}

#[pymethods]
impl Matching {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    fn new(
        n: u64,
        edges: &Bound<'_, PyAny>,
        pairs: &Bound<'_, PyAny>,
        mate: &Bound<'_, PyAny>,
        is_bipartite: bool,
        barrier: &Bound<'_, PyAny>,
    ) -> PyResult<Matching> {
        Ok(Matching {
            n,
            edges: take2(edges, "edges", 2)?,
            pairs: take2(pairs, "pairs", 2)?,
            mate: take1(mate, "mate")?,
            is_bipartite,
            proof: take1(barrier, "barrier")?,
        })
    }

    /// A Tutte–Berge barrier `X`: `n - 2·len(m) = odd(G - X) - |X|`.
    fn barrier(&self, py: Python<'_>) -> Arr1<i64> {
        self.proof.clone_ref(py)
    }

    /// Checks the matching and its barrier against `edges` (by default the graph it was
    /// computed on) with the library's independent verifier.
    #[pyo3(signature = (edges=None))]
    fn verify(&self, py: Python<'_>, edges: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let e = match edges {
            Some(e) => edges_arg(py, e)?,
            None => values2(py, &self.edges),
        };
        let pairs = values2(py, &self.pairs);
        let proof = values1(py, &self.proof);
        let (n, cover) = (self.n, self.is_bipartite);
        let why = py.detach(|| -> Result<Option<String>> {
            let input = general_input(&e, Some(n))?;
            let col = Column::vertex(Some(n));
            let (pairs, _) = convert::pairs(&pairs, "pairs", [col; 2])?;
            let proof = convert::ids(&proof, "proof", col)?;
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
        })?;
        match why {
            Some(why) => Err(CertificateError::new_err(why)),
            None => Ok(()),
        }
    }

    /// The Gallai–Edmonds class of every vertex: `"D"` (missed by some maximum matching),
    /// `"A"` (a neighbour of D outside D: matched into D by every maximum matching) or `"C"`
    /// (the rest, matched among themselves). A is a Tutte–Berge barrier. Computed from the
    /// graph (a matching of the engine's own), so it holds whatever the result was built from.
    fn gallai_edmonds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let e = values2(py, &self.edges);
        let n = self.n;
        let codes = py.detach(|| -> Result<Vec<u8>> {
            let input = general_input(&e, Some(n))?;
            let geo = certified::geography(&input);
            let d = gallai_edmonds(geo.graph(), geo.matching());
            Ok(d.classes()
                .iter()
                .map(|c| match c {
                    GeClass::D => 0,
                    GeClass::A => 1,
                    GeClass::C => 2,
                })
                .collect())
        })?;
        let codes = vec1(py, codes)?;
        let names = py
            .import("numpy")?
            .getattr("array")?
            .call1((["D", "A", "C"],))?;
        let out = names.get_item(codes)?;
        out.getattr("flags")?.setattr("writeable", false)?;
        Ok(out)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        rows2(py, &self.pairs)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let proof = if self.is_bipartite {
            "König cover"
        } else {
            "Tutte–Berge barrier"
        };
        format!(
            "Matching(n={}, size={}, {proof} of {} vertices)",
            self.n,
            rows2(py, &self.pairs),
            arrays::len1(py, &self.proof)
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let m = slf.get();
        let args = (
            m.n,
            m.edges.clone_ref(py),
            m.pairs.clone_ref(py),
            m.mate.clone_ref(py),
            m.is_bipartite,
            m.proof.clone_ref(py),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}

/// A maximum-cardinality matching of the graph on `0..n` with edges `edges` (`(m, 2)`
/// `int64`), with its proof: a König cover if the graph is bipartite, else a Tutte–Berge
/// barrier.
#[pyfunction]
#[pyo3(signature = (edges, n=None))]
pub fn max_matching(
    py: Python<'_>,
    edges: PyReadonlyArray2<'_, i64>,
    n: Option<u64>,
) -> PyResult<Matching> {
    let e = input2(&edges);
    let (n, cert) = py.detach(|| -> Result<_> {
        let input = general_input(&e, n)?;
        let n = certified::Vertices::of(&input).n;
        Ok((n, certified::maximum_matching(&input)))
    })?;
    let (bipartite, proof) = match &cert.proof {
        Proof::Cover(c) => (true, c),
        Proof::Barrier(b) => (false, b),
    };
    Matching::build(py, n as u64, e, &cert.pairs, bipartite, proof)
}

/// A König vertex cover: left and right vertices touching every edge, as many as the
/// matching has pairs. Unpacks as `left, right = cover`.
///
/// Public as `gridmatch.Cover`.
#[pyclass(frozen, sequence, module = "gridmatch._core")]
pub struct Cover {
    /// The left vertices of the cover.
    #[pyo3(get)]
    left: Arr1<i64>,
    /// The right vertices of the cover.
    #[pyo3(get)]
    right: Arr1<i64>,
}

#[pymethods]
impl Cover {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    fn new(left: &Bound<'_, PyAny>, right: &Bound<'_, PyAny>) -> PyResult<Cover> {
        Ok(Cover {
            left: take1(left, "left")?,
            right: take1(right, "right")?,
        })
    }

    fn __len__(&self) -> usize {
        2
    }

    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Arr1<i64>> {
        match i {
            0 | -2 => Ok(self.left.clone_ref(py)),
            1 | -1 => Ok(self.right.clone_ref(py)),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "Cover index out of range",
            )),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Cover(left={}, right={})",
            self.left.bind(py).repr()?,
            self.right.bind(py).repr()?
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let c = slf.get();
        let args = (c.left.clone_ref(py), c.right.clone_ref(py));
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}

/// A maximum matching of a bipartite graph (left vertices `0..n_left-1`, right vertices
/// `0..n_right-1`, each side numbered on its own), with its König cover.
///
/// `len(m)`, `m.pairs` (rows `(left, right)`), `m.mate_left` / `m.mate_right`
/// (`-1` for exposed), `m.cover()`, `m.classify()`, `m.verify()`. Arrays are read-only.
///
/// Public as `gridmatch.BipartiteMatching`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct BipartiteMatching {
    /// Left vertices.
    #[pyo3(get)]
    n_left: u64,
    /// Right vertices.
    #[pyo3(get)]
    n_right: u64,
    /// The graph's edges, `(left, right)` rows.
    #[pyo3(get)]
    edges: Arr2,
    /// The matched pairs, one row `(left, right)` each.
    #[pyo3(get)]
    pairs: Arr2,
    /// `mate_left[l]`: the right vertex matched to `l`, or `-1`.
    #[pyo3(get)]
    mate_left: Arr1<i64>,
    /// `mate_right[r]`: the left vertex matched to `r`, or `-1`.
    #[pyo3(get)]
    mate_right: Arr1<i64>,
    cover: Py<Cover>,
}

#[pymethods]
impl BipartiteMatching {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n_left: u64,
        n_right: u64,
        edges: &Bound<'_, PyAny>,
        pairs: &Bound<'_, PyAny>,
        mate_left: &Bound<'_, PyAny>,
        mate_right: &Bound<'_, PyAny>,
        cover: &Bound<'_, PyAny>,
    ) -> PyResult<BipartiteMatching> {
        let cover = match cover.extract::<Py<Cover>>() {
            Ok(c) => c,
            Err(_) => {
                let left = cover.get_item(0)?;
                let right = cover.get_item(1)?;
                Py::new(py, Cover::new(&left, &right)?)?
            }
        };
        Ok(BipartiteMatching {
            n_left,
            n_right,
            edges: take2(edges, "edges", 2)?,
            pairs: take2(pairs, "pairs", 2)?,
            mate_left: take1(mate_left, "mate_left")?,
            mate_right: take1(mate_right, "mate_right")?,
            cover,
        })
    }

    /// The König cover: a set of vertices touching every edge with exactly `len(m)` vertices.
    fn cover(&self, py: Python<'_>) -> Py<Cover> {
        self.cover.clone_ref(py)
    }

    /// The class of every input edge (`"every"`, `"some"`, `"none"`), in input order.
    fn classify<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let codes = self.edge_classes(py)?;
        let np = py.import("numpy")?;
        let names = np.getattr("array")?.call1((["none", "some", "every"],))?;
        let out = names.get_item(codes)?;
        out.getattr("flags")?.setattr("writeable", false)?;
        Ok(out)
    }

    /// The class of every input edge as a code: 0 in no maximum matching, 1 in some, 2 in
    /// every.
    fn edge_classes(&self, py: Python<'_>) -> PyResult<Arr1<u8>> {
        let e = values2(py, &self.edges);
        let (nl, nr) = (self.n_left, self.n_right);
        let codes = py.detach(|| -> Result<Vec<u8>> {
            let input = bipartite_input(&e, nl, nr)?;
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
        vec1(py, codes)
    }

    /// The Dulmage–Mendelsohn decomposition of the graph (rows = left vertices, columns =
    /// right vertices), as MATLAB's `dmperm` and `gridmatch match --dm --json` give it.
    fn dmperm(&self, py: Python<'_>) -> PyResult<Dmperm> {
        let e = values2(py, &self.edges);
        // The edges are checked as for any bipartite call (an unpickled result may hold any).
        bipartite_input(&e, self.n_left, self.n_right)?;
        Dmperm::compute(py, self.n_left as usize, self.n_right as usize, &e)
    }

    /// Checks the matching and its cover against `edges` (by default the graph it was
    /// computed on) with the library's independent verifier.
    #[pyo3(signature = (edges=None))]
    fn verify(&self, py: Python<'_>, edges: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let e = match edges {
            Some(e) => edges_arg(py, e)?,
            None => values2(py, &self.edges),
        };
        let pairs = values2(py, &self.pairs);
        let cover = self.cover.get();
        let cl = values1(py, &cover.left);
        let cr = values1(py, &cover.right);
        let (n_left, n_right) = (self.n_left, self.n_right);
        let why = py.detach(|| -> Result<Option<String>> {
            let input = bipartite_input(&e, n_left, n_right)?;
            let cols = sides(n_left, n_right);
            let (pairs, _) = convert::pairs(&pairs, "pairs", cols)?;
            let rows = n_left as u32;
            let left = convert::ids(&cl, "cover_left", cols[0])?;
            let right = convert::ids(&cr, "cover_right", cols[1])?;
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
        })?;
        match why {
            Some(why) => Err(CertificateError::new_err(why)),
            None => Ok(()),
        }
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        rows2(py, &self.pairs)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "BipartiteMatching(n_left={}, n_right={}, size={})",
            self.n_left,
            self.n_right,
            rows2(py, &self.pairs)
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let m = slf.get();
        let args = (
            m.n_left,
            m.n_right,
            m.edges.clone_ref(py),
            m.pairs.clone_ref(py),
            m.mate_left.clone_ref(py),
            m.mate_right.clone_ref(py),
            m.cover.clone_ref(py),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}

/// A maximum matching of the bipartite graph with edges `(left, right)` (`(m, 2)` `int64`),
/// left vertices `0..n_left`, right vertices `0..n_right`, with its König cover.
#[pyfunction]
pub fn bipartite_matching(
    py: Python<'_>,
    edges: PyReadonlyArray2<'_, i64>,
    n_left: u64,
    n_right: u64,
) -> PyResult<BipartiteMatching> {
    type Sides = (Vec<(u32, u32)>, Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>);
    let e = input2(&edges);
    let out = py.detach(|| -> Result<Sides> {
        let input = bipartite_input(&e, n_left, n_right)?;
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
    let cover = Cover {
        left: vec1(py, id_values(&cover_left))?,
        right: vec1(py, id_values(&cover_right))?,
    };
    Ok(BipartiteMatching {
        n_left,
        n_right,
        edges: vec2(py, e, 2)?,
        pairs: vec2(py, pair_values(&pairs), 2)?,
        mate_left: vec1(py, id_values(&mate_left))?,
        mate_right: vec1(py, id_values(&mate_right))?,
        cover: Py::new(py, cover)?,
    })
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
fn formula(n: u64, clauses: &[i64]) -> Result<Formula> {
    convert::count(n, "n", MAX_VARS, "variables", "variable")?;
    let (rows, []) = clauses.as_chunks::<2>() else {
        return Err(value("clauses: an odd number of integers, not pairs"));
    };
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
        let lit = |j: usize| dimacs_lit(row[j], n, || format!("clauses[{i}][{j}]"));
        f.add_clause(lit(0)?, lit(1)?);
    }
    Ok(f)
}

/// The answer to a 2-SAT formula: a model, or the implication chain that rules every
/// assignment out.
///
/// `bool(r)` / `r.satisfiable`; `r.model[i]` is the value of variable `i + 1`;
/// `r.chain` is `x ⇒ … ⇒ -x ⇒ … ⇒ x` as DIMACS literals and `r.chain_clauses[k]` the
/// index of the clause behind step `k`; `r.explain()` says it in words. Arrays are
/// read-only.
///
/// Public as `gridmatch.TwoSat`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct TwoSat {
    /// The number of variables.
    #[pyo3(get)]
    n: u64,
    /// The clauses, `(m, 2)` DIMACS literals (a unit clause `(a, a)`).
    #[pyo3(get)]
    clauses: Arr2,
    /// Whether the formula has a model.
    #[pyo3(get)]
    satisfiable: bool,
    /// One value per variable (index `i` is variable `i + 1`), or `None` if unsatisfiable.
    #[pyo3(get)]
    model: Option<Arr1<bool>>,
    /// For an unsatisfiable formula, the cycle of implications `x ⇒ … ⇒ -x ⇒ … ⇒ x`.
    #[pyo3(get)]
    chain: Option<Arr1<i64>>,
    /// For each step `p ⇒ q` of the chain, the index of a clause `(-p ∨ q)` behind it.
    #[pyo3(get)]
    chain_clauses: Option<Arr1<i64>>,
}

impl TwoSat {
    /// A model of the formula, or `None`.
    fn model_values(&self, py: Python<'_>) -> Option<Vec<bool>> {
        self.model.as_ref().map(|m| values1(py, m))
    }
}

/// Why a 2-SAT answer does not hold, checked from the clauses alone (no solver code): a
/// model must satisfy every clause; a chain must go from `x` to `-x` and back, each step
/// `p ⇒ q` by a clause `(-p ∨ q)`.
fn check_two_sat(
    n: u64,
    clauses: &[i64],
    model: Option<&[bool]>,
    chain: &[i64],
    steps: &[i64],
) -> Option<String> {
    let (clauses, _) = clauses.as_chunks::<2>();
    if let Some(model) = model {
        if model.len() as u64 != n {
            return Some(format!(
                "the model has {} values for {n} variables",
                model.len()
            ));
        }
        let holds = |l: i64| {
            let v = l.unsigned_abs() as usize;
            v >= 1 && v <= model.len() && model[v - 1] == (l > 0)
        };
        return clauses
            .iter()
            .enumerate()
            .find(|(_, c)| !holds(c[0]) && !holds(c[1]))
            .map(|(k, c)| format!("clause {k} ({}, {}) is false", c[0], c[1]));
    }
    let Some(&x) = chain.first() else {
        return Some("the chain does not go from x to -x and back to x".into());
    };
    if chain.len() < 3 || chain.last() != Some(&x) || !chain.contains(&-x) {
        return Some("the chain does not go from x to -x and back to x".into());
    }
    if steps.len() != chain.len() - 1 {
        return Some("one clause per step is needed".into());
    }
    for (k, (pq, &c)) in chain.windows(2).zip(steps).enumerate() {
        let (p, q) = (pq[0], pq[1]);
        let Some(&[a, b]) = usize::try_from(c).ok().and_then(|c| clauses.get(c)) else {
            return Some(format!("step {k}: no clause {c}"));
        };
        if (a, b) != (-p, q) && (b, a) != (-p, q) {
            return Some(format!(
                "step {k}: clause {c} ({a}, {b}) does not give {p} ⇒ {q}"
            ));
        }
    }
    None
}

#[pymethods]
impl TwoSat {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[pyo3(signature = (n, clauses, satisfiable, model=None, chain=None, chain_clauses=None))]
    fn new(
        n: u64,
        clauses: &Bound<'_, PyAny>,
        satisfiable: bool,
        model: Option<&Bound<'_, PyAny>>,
        chain: Option<&Bound<'_, PyAny>>,
        chain_clauses: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<TwoSat> {
        let missing = |what: &str| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{what}: needed for {} formula",
                if satisfiable {
                    "a satisfiable"
                } else {
                    "an unsatisfiable"
                }
            ))
        };
        let (model, chain, chain_clauses) = if satisfiable {
            (
                Some(take1(model.ok_or_else(|| missing("model"))?, "model")?),
                None,
                None,
            )
        } else {
            (
                None,
                Some(take1(chain.ok_or_else(|| missing("chain"))?, "chain")?),
                Some(take1(
                    chain_clauses.ok_or_else(|| missing("chain_clauses"))?,
                    "chain_clauses",
                )?),
            )
        };
        Ok(TwoSat {
            n,
            clauses: take2(clauses, "clauses", 2)?,
            satisfiable,
            model,
            chain,
            chain_clauses,
        })
    }

    fn __bool__(&self) -> bool {
        self.satisfiable
    }

    /// The literals true in every model (the backbone), as DIMACS literals; `None` if
    /// unsatisfiable.
    fn forced(&self, py: Python<'_>) -> PyResult<Option<Arr1<i64>>> {
        if !self.satisfiable {
            return Ok(None);
        }
        let (n, c) = (self.n, values2(py, &self.clauses));
        let lits = py.detach(|| -> Result<Option<Vec<i64>>> {
            let f = formula(n, &c)?;
            Ok(twosat::backbone(&f).map(|b| b.into_iter().map(dimacs).collect()))
        })?;
        lits.map(|l| vec1(py, l)).transpose()
    }

    /// A model different from `model`, or `None` if it is the only one (or there is none).
    fn second_model(&self, py: Python<'_>) -> PyResult<Option<Arr1<bool>>> {
        let Some(model) = self.model_values(py) else {
            return Ok(None);
        };
        let (n, c) = (self.n, values2(py, &self.clauses));
        let other = py.detach(|| -> Result<Option<Vec<bool>>> {
            let f = formula(n, &c)?;
            if model.len() as u64 != n {
                return Err(value(format!(
                    "model: expected {n} values, one per variable"
                )));
            }
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
            Ok(twosat::second_model(&f, &model))
        })?;
        other.map(|m| vec1(py, m)).transpose()
    }

    /// The answer in words: the model, or the chain with the clause behind each step.
    fn explain(&self, py: Python<'_>) -> String {
        if let Some(model) = self.model_values(py) {
            let lits: Vec<String> = model
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    if v {
                        format!("{}", i + 1)
                    } else {
                        format!("-{}", i + 1)
                    }
                })
                .collect();
            return format!("satisfiable: {}", lits.join(" "));
        }
        let chain = self
            .chain
            .as_ref()
            .map(|c| values1(py, c))
            .unwrap_or_default();
        let steps = self
            .chain_clauses
            .as_ref()
            .map(|c| values1(py, c))
            .unwrap_or_default();
        let clauses = values2(py, &self.clauses);
        let (clauses, _) = clauses.as_chunks::<2>();
        let words: Vec<String> = chain.iter().map(i64::to_string).collect();
        let mut lines = vec![format!(
            "unsatisfiable: {} (each step by the clause shown)",
            words.join(" ⇒ ")
        )];
        for (pq, &k) in chain.windows(2).zip(&steps) {
            let clause = match usize::try_from(k).ok().and_then(|k| clauses.get(k)) {
                Some(&[a, b]) if a == b => format!("({a})"),
                Some(&[a, b]) => format!("({a} ∨ {b})"),
                None => "(none)".to_string(),
            };
            lines.push(format!("  {} ⇒ {}   by clause {k}: {clause}", pq[0], pq[1]));
        }
        lines.join("\n")
    }

    /// Checks the answer against the clauses without the solver: every clause holds under
    /// the model, or every step of the chain is a clause's implication and the chain goes from
    /// `x` to `-x` and back.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let clauses = values2(py, &self.clauses);
        let model = self.model_values(py);
        let chain = self
            .chain
            .as_ref()
            .map(|c| values1(py, c))
            .unwrap_or_default();
        let steps = self
            .chain_clauses
            .as_ref()
            .map(|c| values1(py, c))
            .unwrap_or_default();
        match check_two_sat(self.n, &clauses, model.as_deref(), &chain, &steps) {
            Some(why) => Err(CertificateError::new_err(why)),
            None => Ok(()),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match &self.chain {
            None => format!("TwoSat(n={}, satisfiable)", self.n),
            Some(c) => {
                let words: Vec<String> = values1(py, c).iter().map(i64::to_string).collect();
                format!(
                    "TwoSat(n={}, unsatisfiable: {})",
                    self.n,
                    words.join(" => ")
                )
            }
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let r = slf.get();
        let opt = |a: &Option<Arr1<i64>>| a.as_ref().map(|a| a.clone_ref(py));
        let args = (
            r.n,
            r.clauses.clone_ref(py),
            r.satisfiable,
            r.model.as_ref().map(|a| a.clone_ref(py)),
            opt(&r.chain),
            opt(&r.chain_clauses),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}

/// Decides the 2-SAT formula over `1..n` with clauses `(m, 2)` of DIMACS literals: a model,
/// or the implication chain `x ⇒ … ⇒ ¬x ⇒ … ⇒ x` with the clause behind each step.
#[pyfunction]
pub fn two_sat(py: Python<'_>, n: u64, clauses: PyReadonlyArray2<'_, i64>) -> PyResult<TwoSat> {
    enum Answer {
        Model(Vec<bool>),
        Chain(Vec<i64>, Vec<i64>),
    }
    let c = input2(&clauses);
    let answer = py.detach(|| -> Result<Answer> {
        let f = formula(n, &c)?;
        Ok(match f.solve() {
            Outcome::Satisfiable(model) => Answer::Model(model),
            Outcome::Unsatisfiable(conflict) => {
                let steps = twosat::chain_clauses(&f, &conflict.chain);
                Answer::Chain(
                    conflict.chain.iter().map(|&l| dimacs(l)).collect(),
                    steps.into_iter().map(|k| k as i64).collect(),
                )
            }
        })
    })?;
    let clauses = vec2(py, c, 2)?;
    Ok(match answer {
        Answer::Model(model) => TwoSat {
            n,
            clauses,
            satisfiable: true,
            model: Some(vec1(py, model)?),
            chain: None,
            chain_clauses: None,
        },
        Answer::Chain(chain, steps) => TwoSat {
            n,
            clauses,
            satisfiable: false,
            model: None,
            chain: Some(vec1(py, chain)?),
            chain_clauses: Some(vec1(py, steps)?),
        },
    })
}
