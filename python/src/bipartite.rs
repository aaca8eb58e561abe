//! [`BipartiteMatching`]: a maximum matching of a bipartite graph with its König [`Cover`],
//! the class of every edge and the Dulmage–Mendelsohn decomposition; and
//! [`bipartite_matching`], which makes it.

use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::graph::NONE;
use gridmatch::graph::bipartite::EdgeClass;
use gridmatch::graph::certified::{self, MatchingCertificate, Proof};

use crate::CertificateError;
use crate::arrays::{Arr1, Arr2, rows2, take1, take2, values1, values2, vec1, vec2};
use crate::convert::{self, Result, id_values, pair_values, value};
use crate::dm::Dmperm;
use crate::graphs::{bipartite_input, edges_arg, input2, sides};

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
