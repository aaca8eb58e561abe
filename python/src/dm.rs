//! The Dulmage–Mendelsohn decomposition of a bipartite matching's graph, as
//! [`BipartiteMatching.dmperm()`](crate::graphs::BipartiteMatching) returns it: [`Dmperm`], the
//! arrays of MATLAB's `[p, q, r, s, cc, rr] = dmperm(A)` (0-based), the same as `gridmatch match
//! --dm --json` prints for the same pattern, with the sizes a reader wants at a glance.

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::graph::bipartite::{BipartiteGraph, Dmperm as Decomposition};
use gridmatch::graph::certified::dm::{check_blocks, check_coarse};

use crate::arrays::{Arr1, take1, values1, vec1};
use crate::convert::{Result, value};

/// The Dulmage–Mendelsohn decomposition of an `n_left × n_right` pattern (rows are left
/// vertices, columns right vertices), as MATLAB's `dmperm` gives it, 0-based: `A[p][:, q]` is
/// block upper triangular with fine blocks `r[b]..r[b+1]` × `s[b]..s[b+1]`; `cc` and `rr` are the
/// coarse column and row boundaries. Arrays are read-only.
///
/// Public as `gridmatch.Dmperm`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct Dmperm {
    /// Row permutation: row `p[k]` is row `k` of the permuted pattern.
    #[pyo3(get)]
    p: Arr1<i64>,
    /// Column permutation: column `q[k]` is column `k` of the permuted pattern.
    #[pyo3(get)]
    q: Arr1<i64>,
    /// Fine block boundaries on the permuted rows (one more entry than blocks).
    #[pyo3(get)]
    r: Arr1<i64>,
    /// Fine block boundaries on the permuted columns.
    #[pyo3(get)]
    s: Arr1<i64>,
    /// Coarse column boundaries `[0, |C0|, |C0|+|C1|, |C0|+|C1|+|C2|, n]`.
    #[pyo3(get)]
    cc: Arr1<i64>,
    /// Coarse row boundaries `[0, |R1|, |R1|+|R2|, |R1|+|R2|+|R3|, m]`.
    #[pyo3(get)]
    rr: Arr1<i64>,
    /// The library's value, for the derived sizes.
    dm: Decomposition,
}

/// `xs` as `usize` indices, or an error naming `what`.
fn indices(xs: &[i64], what: &str) -> Result<Vec<usize>> {
    xs.iter()
        .map(|&x| usize::try_from(x).map_err(|_| value(format!("{what}: {x} is negative"))))
        .collect()
}

/// `xs` as five `usize` boundaries.
fn five(xs: &[i64], what: &str) -> Result<[usize; 5]> {
    let v = indices(xs, what)?;
    v.try_into()
        .map_err(|v: Vec<usize>| value(format!("{what}: expected 5 entries, got {}", v.len())))
}

impl Dmperm {
    /// The decomposition of the bipartite graph with `edges` (`(left, right)` pairs, checked
    /// by the caller) on `n_left + n_right` vertices.
    pub fn compute(
        py: Python<'_>,
        n_left: usize,
        n_right: usize,
        edges: &[i64],
    ) -> PyResult<Dmperm> {
        let dm = py.detach(|| {
            let g = BipartiteGraph::from_edges(
                n_left,
                n_right,
                edges.chunks_exact(2).map(|e| (e[0] as u32, e[1] as u32)),
            );
            Decomposition::new(&g)
        });
        Dmperm::wrap(py, dm)
    }

    fn wrap(py: Python<'_>, dm: Decomposition) -> PyResult<Dmperm> {
        let wide = |xs: &[usize]| xs.iter().map(|&x| x as i64).collect::<Vec<i64>>();
        Ok(Dmperm {
            p: vec1(py, dm.p.iter().map(|&x| i64::from(x)).collect())?,
            q: vec1(py, dm.q.iter().map(|&x| i64::from(x)).collect())?,
            r: vec1(py, wide(&dm.r))?,
            s: vec1(py, wide(&dm.s))?,
            cc: vec1(py, wide(&dm.cc))?,
            rr: vec1(py, wide(&dm.rr))?,
            dm,
        })
    }
}

#[pymethods]
impl Dmperm {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    fn new(
        py: Python<'_>,
        p: &Bound<'_, PyAny>,
        q: &Bound<'_, PyAny>,
        r: &Bound<'_, PyAny>,
        s: &Bound<'_, PyAny>,
        cc: &Bound<'_, PyAny>,
        rr: &Bound<'_, PyAny>,
    ) -> PyResult<Dmperm> {
        let arrays = [
            take1::<i64>(p, "p")?,
            take1::<i64>(q, "q")?,
            take1::<i64>(r, "r")?,
            take1::<i64>(s, "s")?,
            take1::<i64>(cc, "cc")?,
            take1::<i64>(rr, "rr")?,
        ];
        let [p, q, r, s, cc, rr] = arrays.each_ref().map(|a| values1(py, a));
        let perm = |xs: &[i64], what: &str| -> Result<Vec<u32>> {
            xs.iter()
                .map(|&x| u32::try_from(x).map_err(|_| value(format!("{what}: {x} out of range"))))
                .collect()
        };
        let dm = Decomposition {
            p: perm(&p, "p")?,
            q: perm(&q, "q")?,
            r: indices(&r, "r")?,
            s: indices(&s, "s")?,
            cc: five(&cc, "cc")?,
            rr: five(&rr, "rr")?,
        };
        // What the arrays must satisfy whatever the pattern (the verifier's rules 2 and 4).
        check_coarse(&dm, dm.p.len(), dm.q.len())
            .and_then(|()| check_blocks(&dm))
            .map_err(|e| value(format!("not a Dulmage–Mendelsohn decomposition: {e}")))?;
        let [p, q, r, s, cc, rr] = arrays;
        Ok(Dmperm {
            p,
            q,
            r,
            s,
            cc,
            rr,
            dm,
        })
    }

    /// The structural rank: the size of a maximum matching (`rr[3]`).
    #[getter]
    fn structural_rank(&self) -> usize {
        self.dm.structural_rank()
    }

    /// The under-determined part's `(rows, columns)`: more columns than rows, or `(0, 0)`.
    #[getter]
    fn under(&self) -> (usize, usize) {
        self.dm.under()
    }

    /// The square part's size (rows = columns).
    #[getter]
    fn square(&self) -> usize {
        self.dm.square()
    }

    /// The over-determined part's `(rows, columns)`: more rows than columns, or `(0, 0)`.
    #[getter]
    fn over(&self) -> (usize, usize) {
        self.dm.over()
    }

    /// The number of fine blocks of the square part (its irreducible diagonal blocks).
    #[getter]
    fn square_blocks(&self) -> usize {
        self.dm.square_blocks()
    }

    fn __repr__(&self) -> String {
        format!(
            "Dmperm(under={:?}, square={}, over={:?}, square_blocks={})",
            self.dm.under(),
            self.dm.square(),
            self.dm.over(),
            self.dm.square_blocks()
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let d = slf.get();
        let args = (
            d.p.clone_ref(py),
            d.q.clone_ref(py),
            d.r.clone_ref(py),
            d.s.clone_ref(py),
            d.cc.clone_ref(py),
            d.rr.clone_ref(py),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }
}
