//! [`PyOddSet`] and [`PyDuals`]: a weighted matching's LP duals as Python sees them (see the
//! [module docs](super)).

use crate::arrays::{Arr1, take1, values1, vec1};
use crate::convert::value;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

/// An odd set of vertices (a blossom) with its dual value times the denominator, one node of
/// the forest :attr:`Duals.blossoms`: the set is its own `vertices` together with those of
/// its `children` (positions in :attr:`Duals.blossoms`, each before this set);
/// :meth:`Duals.all_vertices` lists them all.
///
/// Public as `gridmatch.OddSet`.
#[pyclass(frozen, name = "OddSet", module = "gridmatch._core")]
pub struct PyOddSet {
    /// The vertices directly in it (in no child set), in increasing order.
    #[pyo3(get)]
    pub(super) vertices: Arr1<i64>,
    /// Its dual value times the denominator.
    #[pyo3(get)]
    pub(super) dual: i128,
    /// Its largest proper sub-sets, as positions in :attr:`Duals.blossoms` (each smaller
    /// than this set's own), in increasing order.
    #[pyo3(get)]
    pub(super) children: Arr1<i64>,
}

#[pymethods]
impl PyOddSet {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[pyo3(signature = (vertices, dual, children=None))]
    fn new(
        py: Python<'_>,
        vertices: &Bound<'_, PyAny>,
        dual: i128,
        children: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyOddSet> {
        Ok(PyOddSet {
            vertices: take1(vertices, "vertices")?,
            dual,
            children: match children {
                Some(c) => take1(c, "children")?,
                None => vec1(py, Vec::new())?,
            },
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "OddSet(vertices={}, dual={}, children={})",
            self.vertices.bind(py).repr()?,
            self.dual,
            self.children.bind(py).repr()?
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let o = slf.get();
        let args = (o.vertices.clone_ref(py), o.dual, o.children.clone_ref(py));
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}

/// The LP dual solution proving a :class:`WeightedMatching` optimal, in integers.
///
/// The duals are for the transformed weights `w' = sign·w + shift` (`sign` is `+1` for
/// the largest total, `-1` for the smallest; `shift` is `0` but on the assignment
/// engine's answers to the maximum-cardinality and perfect questions, where it makes every
/// best `w'`-matching a maximum-cardinality one). With `D = denominator`
/// (`2·10**decimals`: the duals are doubled, and decimal weights scaled), the vertex dual
/// `y_v = vertex[v] / D` and the dual of an odd set `z_B = B.dual / D`, and:
///
/// - every `y_v >= 0` and `z_B > 0`; the sets are laminar (disjoint or nested), listed as
///   a forest: each :class:`OddSet` names its own vertices and its children, children first
///   (:meth:`all_vertices` gives a set's vertices in full);
/// - every edge `uv`: `y_u + y_v + Σ_{B ∋ u, v} z_B >= w'_uv`, with equality on the
///   matched edges;
/// - every vertex with `y_v > 0` is matched; every set `B` has `(|B| - 1) / 2` of its
///   edges matched.
///
/// So the matching's `w'`-weight equals `Σ y_v + Σ z_B (|B| - 1) / 2`, which bounds every
/// matching's `w'`-weight (weak LP duality): it is the best. `Fraction(vertex[v],
/// denominator)` is a dual exactly; `shift` is in the weights' own units.
///
/// A *perfect* matching of a non-bipartite graph comes with duals of the perfect-matching
/// LP instead: the `y_v` may be negative, and every vertex is matched; the sum then bounds
/// the `w'`-weight of every perfect matching. The *maximum-cardinality* question of a
/// non-bipartite graph (`reduction` true) is answered as a perfect matching of the gadget
/// graph G*: G plus a vertex `k_i = n + i` per odd component of G − A (A the Tutte–Berge
/// barrier :attr:`WeightedMatching.cardinality_proof`; components numbered by their smallest
/// vertex) joined to each of its vertices, plus a vertex `a'_j = n + c + j` per barrier
/// vertex (in increasing order) joined to the `k_i` of each odd component it has a
/// neighbour in, every added edge of weight 0. `vertex` then has `n + c + |A|` entries,
/// the duals are those of G*'s perfect-matching LP, and the pairs extend to a perfect
/// matching of G* of the same weight: every perfect matching of G* restricts to a maximum
/// matching of G and every maximum matching extends to one, so the pairs are best among the
/// maximum matchings, with no weight shift.
///
/// Public as `gridmatch.Duals`.
#[pyclass(frozen, name = "Duals", module = "gridmatch._core")]
pub struct PyDuals {
    /// `vertex[v] / denominator` is the dual `y_v`: an `int64` array, or a list of `int` for
    /// an answer on weights beyond it (the wide path).
    #[pyo3(get)]
    pub(super) vertex: Py<PyAny>,
    /// The odd sets with a positive dual, as a forest (children first).
    #[pyo3(get)]
    pub(super) blossoms: Vec<Py<PyOddSet>>,
    /// `+1` for the largest total, `-1` for the smallest.
    #[pyo3(get)]
    pub(super) sign: i64,
    /// In the weights' own units: an `int`, or a `Decimal` for decimal weights.
    #[pyo3(get)]
    pub(super) shift: Py<PyAny>,
    /// `2·10**decimals` (an `int`; for a proven-gap answer `2·10**grid`, a `Fraction` when
    /// the grid is coarser than 1).
    #[pyo3(get)]
    pub(super) denominator: Py<PyAny>,
    /// The duals are for the gadget graph G* of the maximum-cardinality question, whose
    /// vertices `n..` are added (see above), not for the graph itself.
    #[pyo3(get)]
    pub(super) reduction: bool,
}

#[pymethods]
impl PyDuals {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[pyo3(signature = (vertex, blossoms, sign, shift, denominator, reduction=false))]
    fn new(
        vertex: &Bound<'_, PyAny>,
        blossoms: Vec<Py<PyOddSet>>,
        sign: i64,
        shift: Py<PyAny>,
        denominator: Py<PyAny>,
        reduction: bool,
    ) -> PyResult<PyDuals> {
        let vertex = match vertex.cast::<pyo3::types::PyList>() {
            Ok(list) => {
                list.extract::<Vec<i128>>()
                    .map_err(|_| value("vertex: expected an int64 array or a list of int"))?;
                list.clone().into_any().unbind()
            }
            Err(_) => take1::<i64>(vertex, "vertex")?.into_any(),
        };
        Ok(PyDuals {
            vertex,
            blossoms,
            sign,
            shift,
            denominator,
            reduction,
        })
    }

    /// Every vertex of set `b` of :attr:`blossoms` (its own and its descendants'), sorted.
    /// Raises `ValueError` if `b` or a child below it is out of range or not before its
    /// parent.
    fn all_vertices<'py>(&self, py: Python<'py>, b: usize) -> PyResult<Bound<'py, PyAny>> {
        let k = self.blossoms.len();
        if b >= k {
            return Err(value(format!("set {b}: there are {k} sets")).into());
        }
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            let set = self.blossoms[x].get();
            out.extend(values1(py, &set.vertices));
            for c in values1(py, &set.children) {
                if c < 0 || c as usize >= x {
                    return Err(value(format!(
                        "set {x} names child {c}: a set's children come before it"
                    ))
                    .into());
                }
                stack.push(c as usize);
            }
        }
        out.sort_unstable();
        Ok(vec1(py, out)?.into_bound(py).into_any())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Duals(vertex={}, blossoms={}, sign={}, shift={}, denominator={}, reduction={})",
            self.vertex.bind(py).repr()?,
            self.blossoms.len(),
            self.sign,
            self.shift.bind(py).repr()?,
            self.denominator.bind(py).repr()?,
            if self.reduction { "True" } else { "False" }
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let d = slf.get();
        let blossoms: Vec<Py<PyOddSet>> = d.blossoms.iter().map(|b| b.clone_ref(py)).collect();
        let args = (
            d.vertex.clone_ref(py),
            blossoms,
            d.sign,
            d.shift.clone_ref(py),
            d.denominator.clone_ref(py),
            d.reduction,
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}
