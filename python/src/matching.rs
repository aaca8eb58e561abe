//! [`Matching`]: a maximum matching of a general graph with its proof (a König cover or a
//! Tutte–Berge barrier), and [`max_matching`], which makes it.

use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::graph::certified::{self, MatchingCertificate, Proof};
use gridmatch::graph::general::{Class as GeClass, gallai_edmonds};

use crate::CertificateError;
use crate::arrays::{self, Arr1, Arr2, rows2, take1, take2, values1, values2, vec1, vec2};
use crate::convert::{self, Column, Result, id_values, pair_values};
use crate::graphs::{edges_arg, general_input, input2, mates};

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
