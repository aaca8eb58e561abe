//! [`WeightedMatching`] and [`max_weight_matching`]: the best matching of a general graph,
//! its certificate as arrays, its check and its JSON record (see the [module docs](super)).

use super::certificate::{certificate, first_shape, forest_arrays, narrow};
use super::{PyDuals, PyOddSet, gap_of, number, question, weighted_input};
use crate::CertificateError;
use crate::arrays::{Arr1, Arr2, rows2, take1, take2, values1, values2, vec1, vec2};
use crate::convert::{self, MAX_VERTICES, Result, id_values, pair_values, value};
use crate::exact;
use crate::graphs::{Matching, input2};
use gridmatch::formats::json::WeightedRecord;
use gridmatch::formats::json::gap;
use gridmatch::graph::certified::weighted::{
    WeightedCertificate, WeightedOutcome, verify_weighted as verify_certificate,
    verify_weighted_wide, weighted_matching, weighted_matching_wide,
};
use gridmatch::graph::certified::{Proof, Vertices};
use gridmatch::graph::weighted::{MAX_WEIGHT, Question, WeightError};
use gridmatch::read::{Format, GraphInput, Shape};
use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};
use std::sync::OnceLock;

/// An optimal weighted matching of a graph on the vertices `0..n-1` and the LP duals that
/// prove it.
///
/// `len(m)` pairs; `m.pairs` (`(k, 2)` array, each row an edge `(u, v)`), `m.mate`
/// (`-1` for exposed), `m.total` (`int` for integer weights, an exact `Decimal` for
/// floats and decimals), `m.duals()`, `m.verify()`, `m.to_json()`. Arrays are
/// read-only; the object is immutable and picklable.
///
/// Public as `gridmatch.WeightedMatching`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct WeightedMatching {
    /// The number of vertices.
    #[pyo3(get)]
    n: u64,
    /// The graph's edges, `(m, 2)`.
    #[pyo3(get)]
    edges: Arr2,
    /// The edges' weights, in units of `10**-decimals` (empty for a wide answer: see `wide`).
    weights: Arr1<i64>,
    /// `None` for integer weights; else the weights were read as integers times
    /// `10**-decimals`.
    #[pyo3(get)]
    decimals: Option<u32>,
    /// `"max"` or `"min"`.
    #[pyo3(get)]
    objective: String,
    /// Which matchings competed: `"any"`, `"maximum"` or `"perfect"`.
    #[pyo3(get)]
    cardinality: String,
    /// The matched pairs, one row `(u, v)` each.
    #[pyo3(get)]
    pairs: Arr2,
    /// Each pair's weight, in units of `10**-decimals` (empty for a wide answer).
    pair_weights: Arr1<i64>,
    total: i128,
    shift: i64,
    vertex: Arr1<i64>,
    /// The odd sets' own vertices, set `i`'s at `blossom_vertices[offsets[i]..offsets[i+1]]`.
    blossom_offsets: Arr1<i64>,
    blossom_vertices: Arr1<i64>,
    blossom_duals: Arr1<i64>,
    /// The odd sets' children, in the same layout.
    blossom_child_offsets: Arr1<i64>,
    blossom_children: Arr1<i64>,
    proof_kind: u8,
    proof: Arr1<i64>,
    /// `mate[v]`: the vertex matched to `v`, or `-1`.
    #[pyo3(get)]
    mate: Arr1<i64>,
    /// The duals are for the gadget graph G* of the maximum-cardinality question (on
    /// `n + c + |A|` vertices, see :class:`Duals`), not for the graph itself.
    reduction: bool,
    /// The weights were `Fraction`s: the total is one too.
    fraction: bool,
    /// For `Fraction` weights with no finite decimal (1/3): the weights are integers times
    /// `1/denominator` (their least common denominator, a Python `int`), else `None`.
    denominator: Option<Py<PyAny>>,
    /// For a proven-gap answer (weights beyond the exact span): the grid `10**-grid` the
    /// weights were rounded to (`weights` are the rounded ones), else `None`.
    #[pyo3(get)]
    grid: Option<i32>,
    /// For a proven-gap answer, each weight as given: `original_digits[i]·10**original_exponents[i]`.
    #[pyo3(get)]
    original_digits: Arr1<i64>,
    #[pyo3(get)]
    original_exponents: Arr1<i32>,
    /// The gap the answer claims (a `Fraction`; unset for an exact answer), stated once when
    /// the answer is made.
    stated_gap: OnceLock<Py<PyAny>>,
    /// For an exact answer on weights beyond the `int64` arrays (scaled beyond ±2**59, solved
    /// on the library's `i128` path): `(weights, pair_weights, vertex, blossom_duals, shift)`
    /// as lists of Python `int` (and an `int`); the `int64` arrays of those are then empty.
    wide: Option<Py<PyTuple>>,
}

/// The wide parts of a [`WeightedMatching`] as `i128`.
struct Wide {
    weights: Vec<i128>,
    pair_weights: Vec<i128>,
    vertex: Vec<i128>,
    blossom_duals: Vec<i128>,
    shift: i128,
}

impl Wide {
    fn of(t: &Bound<'_, PyTuple>) -> PyResult<Wide> {
        let (weights, pair_weights, vertex, blossom_duals, shift) = t.extract()?;
        Ok(Wide {
            weights,
            pair_weights,
            vertex,
            blossom_duals,
            shift,
        })
    }
}

impl WeightedMatching {
    /// The question asked.
    fn question(&self) -> Result<Question> {
        question(&self.objective, &self.cardinality)
    }

    /// The library's certificate.
    fn certificate(&self, py: Python<'_>) -> PyResult<WeightedCertificate> {
        let q = self.question()?;
        let pairs = values2(py, &self.pairs);
        let wide = |v: Vec<i64>| -> Vec<i128> { v.into_iter().map(i128::from).collect() };
        let (pw, vertex, duals, shift) = match &self.wide {
            Some(t) => {
                let w = Wide::of(t.bind(py))?;
                (w.pair_weights, w.vertex, w.blossom_duals, w.shift)
            }
            None => (
                wide(values1(py, &self.pair_weights)),
                wide(values1(py, &self.vertex)),
                wide(values1(py, &self.blossom_duals)),
                i128::from(self.shift),
            ),
        };
        let offsets = values1(py, &self.blossom_offsets);
        let members = values1(py, &self.blossom_vertices);
        let child_offsets = values1(py, &self.blossom_child_offsets);
        let children = values1(py, &self.blossom_children);
        let proof = values1(py, &self.proof);
        Ok(certificate(
            self.n as usize,
            self.reduction,
            q,
            &pairs,
            &pw,
            self.total,
            shift,
            &vertex,
            &offsets,
            &members,
            &duals,
            Some((&child_offsets, &children)),
            self.proof_kind,
            &proof,
        )?)
    }
}

/// The mate of every vertex of `0..n` as ids (`-1` if exposed), from flat pairs (ids checked
/// against `n`, others left out).
fn mate_values(n: u64, pairs: &[i64]) -> Vec<i64> {
    let mut mate = vec![-1i64; n as usize];
    for p in pairs.chunks_exact(2) {
        let (u, v) = (p[0], p[1]);
        if (0..n as i64).contains(&u) && (0..n as i64).contains(&v) {
            mate[u as usize] = v;
            mate[v as usize] = u;
        }
    }
    mate
}

impl WeightedMatching {
    /// `v` in the weights' units as the caller's kind of number: `v/denominator` (a
    /// `Fraction`) for weights with no finite decimal, else as [`number`] gives it.
    fn value<'py>(&self, py: Python<'py>, v: i128) -> PyResult<Bound<'py, PyAny>> {
        match &self.denominator {
            Some(d) => py
                .import("fractions")?
                .getattr("Fraction")?
                .call1((v, d.bind(py))),
            None => number(py, v, self.decimals, self.fraction),
        }
    }

    /// The library's check of the certificate on the weights it holds (rounded ones for a
    /// proven-gap answer).
    fn verify_rounded(&self, py: Python<'_>) -> PyResult<bool> {
        let cert = self.certificate(py)?;
        let e = values2(py, &self.edges);
        let n = self.n;
        let describe = |e: gridmatch::graph::certified::weighted::WeightedError| {
            e.describe(&|v| format!("vertex {v}"))
        };
        let why = match &self.wide {
            Some(t) => {
                let w = Wide::of(t.bind(py))?.weights;
                py.detach(|| -> Result<Option<String>> {
                    let (input, weights) = weighted_input(&e, &w, Some(n))?;
                    Ok(verify_weighted_wide(&input, &weights, &cert)
                        .err()
                        .map(describe))
                })?
            }
            None => {
                let w = values1(py, &self.weights);
                py.detach(|| -> Result<Option<String>> {
                    let (input, weights) = weighted_input(&e, &w, Some(n))?;
                    Ok(verify_certificate(&input, &weights, &cert)
                        .err()
                        .map(describe))
                })?
            }
        };
        match why {
            Some(why) => Err(CertificateError::new_err(why)),
            None => Ok(true),
        }
    }

    fn json(&self, py: Python<'_>) -> PyResult<String> {
        let cert = self.certificate(py)?;
        let input = GraphInput {
            format: Format::EdgeList,
            shape: Shape::General {
                vertices: self.n as usize,
            },
            edges: Vec::new(),
            ids: Vec::new(),
        };
        let record = WeightedRecord::new(&input, self.decimals.unwrap_or(0), &cert);
        serde_json::to_string(&record).map_err(|e| value(e.to_string()).into())
    }
}

#[pymethods]
impl WeightedMatching {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (
        n, edges, weights, decimals, objective, cardinality, pairs, pair_weights, total, shift,
        vertex, blossom_offsets, blossom_vertices, blossom_duals, proof_kind, proof,
        blossom_child_offsets=None, blossom_children=None, reduction=false, fraction=false,
        grid=None, original_digits=None, original_exponents=None, stated_gap=None, wide=None,
        denominator=None
    ))]
    fn new(
        py: Python<'_>,
        n: u64,
        edges: &Bound<'_, PyAny>,
        weights: &Bound<'_, PyAny>,
        decimals: Option<u32>,
        objective: String,
        cardinality: String,
        pairs: &Bound<'_, PyAny>,
        pair_weights: &Bound<'_, PyAny>,
        total: i128,
        shift: i64,
        vertex: &Bound<'_, PyAny>,
        blossom_offsets: &Bound<'_, PyAny>,
        blossom_vertices: &Bound<'_, PyAny>,
        blossom_duals: &Bound<'_, PyAny>,
        proof_kind: u8,
        proof: &Bound<'_, PyAny>,
        blossom_child_offsets: Option<&Bound<'_, PyAny>>,
        blossom_children: Option<&Bound<'_, PyAny>>,
        reduction: bool,
        fraction: bool,
        grid: Option<i32>,
        original_digits: Option<&Bound<'_, PyAny>>,
        original_exponents: Option<&Bound<'_, PyAny>>,
        stated_gap: Option<Py<PyAny>>,
        wide: Option<Bound<'_, PyTuple>>,
        denominator: Option<Py<PyAny>>,
    ) -> PyResult<WeightedMatching> {
        if let Some(t) = &wide {
            Wide::of(t).map_err(|_| {
                value(
                    "wide: expected (weights, pair_weights, vertex, blossom_duals, shift) as ints",
                )
            })?;
        }
        question(&objective, &cardinality)?;
        convert::count(n, "n", MAX_VERTICES, "vertices", "vertex")?;
        let pairs = take2(pairs, "pairs", 2)?;
        let mut blossom_offsets = take1(blossom_offsets, "blossom_offsets")?;
        let mut blossom_vertices = take1(blossom_vertices, "blossom_vertices")?;
        let mut blossom_duals = take1(blossom_duals, "blossom_duals")?;
        let (blossom_child_offsets, blossom_children) =
            match (blossom_child_offsets, blossom_children) {
                (Some(o), Some(c)) => (
                    take1(o, "blossom_child_offsets")?,
                    take1(c, "blossom_children")?,
                ),
                (None, None) => {
                    // Pickled before the odd sets were a forest: each set lists all its
                    // vertices. As the forest when they form one; else as they are, with no
                    // children (and `verify` says what is wrong).
                    let offsets = values1(py, &blossom_offsets);
                    let members = values1(py, &blossom_vertices);
                    let duals = values1(py, &blossom_duals);
                    match first_shape(n, &offsets, &members, &duals) {
                        Some(forest) => {
                            let (o, v, d, co, c) = forest_arrays(&forest);
                            blossom_offsets = vec1(py, o)?;
                            blossom_vertices = vec1(py, v)?;
                            blossom_duals = vec1(py, narrow(d)?)?;
                            (vec1(py, co)?, vec1(py, c)?)
                        }
                        None => (vec1(py, vec![0; duals.len() + 1])?, vec1(py, Vec::new())?),
                    }
                }
                _ => {
                    return Err(value(
                        "blossom_child_offsets and blossom_children: give both or neither",
                    )
                    .into());
                }
            };
        let mate = vec1(py, mate_values(n, &values2(py, &pairs)))?;
        Ok(WeightedMatching {
            n,
            edges: take2(edges, "edges", 2)?,
            weights: take1(weights, "weights")?,
            decimals,
            objective,
            cardinality,
            pairs,
            pair_weights: take1(pair_weights, "pair_weights")?,
            total,
            shift,
            vertex: take1(vertex, "vertex")?,
            blossom_offsets,
            blossom_vertices,
            blossom_duals,
            blossom_child_offsets,
            blossom_children,
            proof_kind,
            proof: take1(proof, "proof")?,
            mate,
            reduction,
            fraction,
            grid,
            original_digits: match original_digits {
                Some(d) => take1(d, "original_digits")?,
                None => vec1(py, Vec::new())?,
            },
            original_exponents: match original_exponents {
                Some(e) => take1(e, "original_exponents")?,
                None => vec1(py, Vec::new())?,
            },
            stated_gap: match stated_gap {
                Some(g) => OnceLock::from(g),
                None => OnceLock::new(),
            },
            wide: wide.map(Bound::unbind),
            denominator,
        })
    }

    /// The total weight of the pairs, exactly, in the weights' own kind: an `int` for integer
    /// weights, a `Fraction` for `Fraction` weights, an exact `Decimal` for float or decimal
    /// weights.
    #[getter]
    fn total<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (py, m) = (slf.py(), slf.get());
        if m.grid.is_some() {
            // The pairs' weights as given (the Python side's exact sum, as a Decimal).
            let (_, total) = gap_of(slf)?;
            return py
                .import("gridmatch._weighted")?
                .getattr("_decimal")?
                .call1((total,));
        }
        m.value(py, m.total)
    }

    /// The edges' weights, in units of `10**-decimals`: an `int64` array, or a list of `int`
    /// for weights beyond it (scaled beyond ±2**59).
    #[getter]
    fn weights<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.wide {
            Some(t) => t.bind(py).get_item(0),
            None => Ok(self.weights.bind(py).clone().into_any()),
        }
    }

    /// Each pair's weight, in units of `10**-decimals` (an array, or a list of `int` as
    /// :attr:`weights`).
    #[getter]
    fn pair_weights<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.wide {
            Some(t) => t.bind(py).get_item(1),
            None => Ok(self.pair_weights.bind(py).clone().into_any()),
        }
    }

    /// Whether the answer is proved optimal; else it is a proven-gap answer (see `gap`).
    #[getter]
    fn exact(&self) -> bool {
        self.grid.is_none()
    }

    /// How far from the best the total may be, proved (a `Fraction`; 0 for an exact answer).
    #[getter]
    fn gap<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.stated_gap.get() {
            Some(g) => Ok(g.bind(py).clone()),
            None => py.import("fractions")?.getattr("Fraction")?.call1((0,)),
        }
    }

    /// Why no matching has more pairs, for the maximum-cardinality question: `("cover",
    /// vertices)` (a König cover) or `("barrier", vertices)` (a Tutte–Berge barrier, from
    /// which :meth:`duals` builds the gadget graph when :attr:`Duals.reduction`); else `None`.
    #[getter]
    fn cardinality_proof<'py>(&self, py: Python<'py>) -> Option<(&'static str, Arr1<i64>)> {
        match self.proof_kind {
            1 => Some(("cover", self.proof.clone_ref(py))),
            2 => Some(("barrier", self.proof.clone_ref(py))),
            _ => None,
        }
    }

    /// The total as the nearest `float`.
    #[getter]
    fn total_float(slf: &Bound<'_, Self>) -> PyResult<f64> {
        let m = slf.get();
        if m.grid.is_some() {
            return gap_of(slf)?.1.call_method0("__float__")?.extract();
        }
        match &m.denominator {
            Some(_) => m.value(slf.py(), m.total)?,
            None => number(slf.py(), m.total, m.decimals, false)?,
        }
        .call_method0("__float__")?
        .extract()
    }

    /// The dual solution that proves the matching optimal.
    fn duals(&self, py: Python<'_>) -> PyResult<PyDuals> {
        let offsets = values1(py, &self.blossom_offsets);
        let members = values1(py, &self.blossom_vertices);
        let wide = self
            .wide
            .as_ref()
            .map(|t| Wide::of(t.bind(py)))
            .transpose()?;
        let (duals, shift): (Vec<i128>, i128) = match &wide {
            Some(w) => (w.blossom_duals.clone(), w.shift),
            None => (
                values1(py, &self.blossom_duals)
                    .into_iter()
                    .map(i128::from)
                    .collect(),
                i128::from(self.shift),
            ),
        };
        let child_offsets = values1(py, &self.blossom_child_offsets);
        let children = values1(py, &self.blossom_children);
        let mut blossoms = Vec::with_capacity(duals.len());
        for (i, (w, &dual)) in offsets.windows(2).zip(&duals).enumerate() {
            let (a, b) = (w[0].max(0) as usize, w[1].max(0) as usize);
            let vertices = members.get(a..b).unwrap_or_default().to_vec();
            let (ca, cb) = (
                child_offsets.get(i).map_or(0, |&x| x.max(0) as usize),
                child_offsets.get(i + 1).map_or(0, |&x| x.max(0) as usize),
            );
            let kids = children.get(ca..cb).unwrap_or_default().to_vec();
            blossoms.push(Py::new(
                py,
                PyOddSet {
                    vertices: vec1(py, vertices)?,
                    dual,
                    children: vec1(py, kids)?,
                },
            )?);
        }
        let sign = self.question()?.sense.sign();
        // 2·10**decimals, a Python int (decimals can pass 18); for a proven-gap answer
        // 2·10**grid, a Fraction if the grid is coarser than 1.
        let exponent = self.grid.unwrap_or(self.decimals.unwrap_or(0) as i32);
        let ten = if exponent < 0 {
            py.import("fractions")?.getattr("Fraction")?.call1((10,))?
        } else {
            10u8.into_pyobject(py)?.into_any()
        };
        let denominator = match &self.denominator {
            // Weights at 1/d: duals at 1/(2d).
            Some(d) => d.bind(py).mul(2u8)?.unbind(),
            None => ten.pow(exponent, py.None())?.mul(2u8)?.unbind(),
        };
        Ok(PyDuals {
            vertex: match wide {
                Some(w) => PyList::new(py, w.vertex)?.into_any().unbind(),
                None => self.vertex.clone_ref(py).into_any(),
            },
            blossoms,
            sign,
            shift: self.value(py, shift)?.unbind(),
            denominator,
            reduction: self.reduction,
        })
    }

    /// Checks the matching and its duals against the graph and weights it was computed on
    /// with the library's independent verifier. Returns `True`.
    fn verify(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (py, this) = (slf.py(), slf.get());
        if this.grid.is_some() {
            // The rounding and the gap, then the duals on the rounded weights below.
            py.import("gridmatch._weighted")?
                .getattr("_verify_gap")?
                .call1((slf,))?;
        }
        this.verify_rounded(py)
    }

    /// The certificate as one JSON line, as `gridmatch match --weights --json` writes it.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        if self.grid.is_some() {
            return Err(value(
                "a proven-gap answer (weights beyond the exact span) has no command-line record",
            )
            .into());
        }
        if self.denominator.is_some() {
            return Err(value(
                "weights with no finite decimal (Fractions such as 1/3) have no command-line \
                 record (it writes decimals)",
            )
            .into());
        }
        self.json(py)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        rows2(py, &self.pairs)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let (py, m) = (slf.py(), slf.get());
        Ok(format!(
            "WeightedMatching(n={}, size={}, total={}, objective='{}', cardinality='{}'{})",
            m.n,
            rows2(py, &m.pairs),
            Self::total(slf)?.str()?,
            m.objective,
            m.cardinality,
            match m.stated_gap.get() {
                Some(g) => format!(", gap={}", g.bind(py).str()?),
                None => String::new(),
            }
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let m = slf.get();
        let args: Vec<Bound<'py, PyAny>> = vec![
            m.n.into_pyobject(py)?.into_any(),
            m.edges.bind(py).clone().into_any(),
            m.weights.bind(py).clone().into_any(),
            m.decimals.into_pyobject(py)?.into_any(),
            m.objective.clone().into_pyobject(py)?.into_any(),
            m.cardinality.clone().into_pyobject(py)?.into_any(),
            m.pairs.bind(py).clone().into_any(),
            m.pair_weights.bind(py).clone().into_any(),
            m.total.into_pyobject(py)?.into_any(),
            m.shift.into_pyobject(py)?.into_any(),
            m.vertex.bind(py).clone().into_any(),
            m.blossom_offsets.bind(py).clone().into_any(),
            m.blossom_vertices.bind(py).clone().into_any(),
            m.blossom_duals.bind(py).clone().into_any(),
            m.proof_kind.into_pyobject(py)?.into_any(),
            m.proof.bind(py).clone().into_any(),
            m.blossom_child_offsets.bind(py).clone().into_any(),
            m.blossom_children.bind(py).clone().into_any(),
            m.reduction.into_pyobject(py)?.to_owned().into_any(),
            m.fraction.into_pyobject(py)?.to_owned().into_any(),
            m.grid.into_pyobject(py)?.into_any(),
            m.original_digits.bind(py).clone().into_any(),
            m.original_exponents.bind(py).clone().into_any(),
            match m.stated_gap.get() {
                Some(g) => g.bind(py).clone(),
                None => py.None().into_bound(py),
            },
            match &m.wide {
                Some(t) => t.bind(py).clone().into_any(),
                None => py.None().into_bound(py),
            },
            match &m.denominator {
                Some(d) => d.bind(py).clone(),
                None => py.None().into_bound(py),
            },
        ];
        Ok((slf.get_type(), PyTuple::new(py, args)?))
    }
}

/// The weights an answer was solved on, exact or rounded to the grid `Some(k)`: `i64`, or
/// `i128` on the library's wide path.
enum Solved {
    Narrow(Vec<i64>, Option<i32>),
    Wide(Vec<i128>, Option<i32>),
}

fn proof_parts(proof: Option<&Proof>) -> (u8, &[u32]) {
    match proof {
        None => (0, &[]),
        Some(Proof::Cover(c)) => (1, c),
        Some(Proof::Barrier(b)) => (2, b),
    }
}

/// The best matching of the graph on `0..n` with edges `edges` (`(m, 2)` `int64`) weighing
/// `weights` (a `float64`/`float32` array, read as their shortest decimals, or an `int64`
/// array or a list of `int`s in units of `10**-decimals`; see `exact.rs`) for the question
/// `objective` / `cardinality`: a [`WeightedMatching`], or, when a perfect matching was asked
/// for and there is none, a maximum [`Matching`] whose proof shows it. `fraction`: the
/// caller's weights were `Fraction`s (the total is given as one); `denominator`: the weights
/// are integers times `1/denominator` (Fractions with no finite decimal; `decimals` `None`).
#[pyfunction]
#[pyo3(signature = (
    edges, weights, n=None, objective="max", cardinality="any", decimals=None, fraction=false,
    denominator=None
))]
#[allow(clippy::too_many_arguments)]
pub fn max_weight_matching<'py>(
    py: Python<'py>,
    edges: PyReadonlyArray2<'py, i64>,
    weights: &Bound<'py, PyAny>,
    n: Option<u64>,
    objective: &str,
    cardinality: &str,
    decimals: Option<u32>,
    fraction: bool,
    denominator: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let q = question(objective, cardinality)?;
    let e = input2(&edges);
    let exact = exact::extract(weights, decimals, "weights")?;
    // Within ±2**59: the int64 arrays; beyond, exact integers on the library's wide path
    // while n·max|w| < 2**119; beyond that (or beyond i128 at one scale) the proven gap.
    let whole = exact.parts.is_empty() || exact.values.len() == exact.parts.len();
    let narrow_fit = exact::fit(&exact, "weights");
    let solved = py.detach(|| -> Result<_> {
        if let Ok(w) = narrow_fit {
            let (input, weights) = weighted_input(&e, &w, n)?;
            let cert = weighted_matching(&input, &weights, q).map_err(|e| value(e.to_string()))?;
            return Ok((Vertices::of(&input).n, cert, Solved::Narrow(w, None)));
        }
        if whole {
            let (input, weights) = weighted_input(&e, &exact.values, n)?;
            match weighted_matching_wide(&input, &weights, q) {
                Ok(cert) => {
                    return Ok((Vertices::of(&input).n, cert, Solved::Wide(weights, None)));
                }
                Err(WeightError::TooWide { .. }) if !exact.parts.is_empty() => {}
                Err(e) => return Err(value(e.to_string())),
            }
        }
        if exact.parts.is_empty() {
            // Integers beyond what the wide path holds.
            return Err(exact::fit(&exact, "weights")
                .err()
                .unwrap_or_else(|| value("weights")));
        }
        // The proven gap: rounded to the finest grid within the library's limit for this
        // graph and question (the shell's `gap::limit`, so both state the same grid).
        let (input, parts) = weighted_input(&e, &exact.parts, n)?;
        let (v, k) = exact::grid(&parts, gap::limit(&input, q.cardinality));
        let n = Vertices::of(&input).n;
        match v
            .iter()
            .map(|&x| {
                i64::try_from(x)
                    .ok()
                    .filter(|x| x.unsigned_abs() <= MAX_WEIGHT as u64)
            })
            .collect::<Option<Vec<i64>>>()
        {
            // Then the greedy pass of the shell's gap answers (`gap::greedy`).
            Some(w) => {
                let mut cert =
                    weighted_matching(&input, &w, q).map_err(|e| value(e.to_string()))?;
                gap::greedy(&input, &mut cert, &parts, &v);
                Ok((n, cert, Solved::Narrow(w, Some(k))))
            }
            None => {
                let mut cert =
                    weighted_matching_wide(&input, &v, q).map_err(|e| value(e.to_string()))?;
                gap::greedy(&input, &mut cert, &parts, &v);
                Ok((n, cert, Solved::Wide(v, Some(k))))
            }
        }
    })?;
    let (n, cert, solved) = solved;
    let grid = match &solved {
        Solved::Narrow(_, g) | Solved::Wide(_, g) => *g,
    };
    let decimals = if grid.is_some() { None } else { exact.decimals };
    let (digits, exponents): (Vec<i64>, Vec<i32>) = if grid.is_some() {
        exact.parts.iter().map(|&(m, e)| (m as i64, e)).unzip()
    } else {
        (Vec::new(), Vec::new())
    };
    let n = n as u64;
    match cert.outcome {
        WeightedOutcome::NoPerfectMatching { matching: m, .. } => {
            let (kind, proof) = proof_parts(Some(&m.proof));
            Ok(Bound::new(py, Matching::build(py, n, e, &m.pairs, kind == 1, proof)?)?.into_any())
        }
        WeightedOutcome::Optimum {
            pairs,
            total,
            shift,
            duals,
            cardinality: proof,
            reduction,
        } => {
            let plain: Vec<(u32, u32)> = pairs.iter().map(|&(u, v, _)| (u, v)).collect();
            let (offsets, members, set_duals, child_offsets, children) =
                forest_arrays(&duals.blossoms);
            let (kind, proof) = proof_parts(proof.as_ref());
            let pair_values = pair_values(&plain);
            let mate = vec1(py, mate_values(n, &pair_values))?;
            let pw: Vec<i128> = pairs.iter().map(|p| p.2).collect();
            let (w, pw, shift, vertex, set_duals, wide) = match solved {
                Solved::Narrow(w, _) => (
                    w,
                    narrow(pw)?,
                    narrow(vec![shift])?[0],
                    narrow(duals.vertex)?,
                    narrow(set_duals)?,
                    None,
                ),
                Solved::Wide(w, _) => {
                    let t = PyTuple::new(
                        py,
                        [
                            PyList::new(py, w)?.into_any(),
                            PyList::new(py, pw)?.into_any(),
                            PyList::new(py, duals.vertex)?.into_any(),
                            PyList::new(py, set_duals)?.into_any(),
                            shift.into_pyobject(py)?.into_any(),
                        ],
                    )?;
                    (
                        Vec::new(),
                        Vec::new(),
                        0,
                        Vec::new(),
                        Vec::new(),
                        Some(t.unbind()),
                    )
                }
            };
            let m = WeightedMatching {
                n,
                edges: vec2(py, e, 2)?,
                weights: vec1(py, w)?,
                decimals,
                objective: objective.to_string(),
                cardinality: cardinality.to_string(),
                pairs: vec2(py, pair_values, 2)?,
                pair_weights: vec1(py, pw)?,
                total,
                shift,
                vertex: vec1(py, vertex)?,
                blossom_offsets: vec1(py, offsets)?,
                blossom_vertices: vec1(py, members)?,
                blossom_duals: vec1(py, set_duals)?,
                blossom_child_offsets: vec1(py, child_offsets)?,
                blossom_children: vec1(py, children)?,
                proof_kind: kind,
                proof: vec1(py, id_values(proof))?,
                mate,
                reduction: reduction.is_some(),
                fraction,
                grid,
                original_digits: vec1(py, digits)?,
                original_exponents: vec1(py, exponents)?,
                stated_gap: OnceLock::new(),
                wide,
                denominator,
            };
            let m = Bound::new(py, m)?;
            if grid.is_some() {
                // The gap is stated once, from the answer as solved; `verify` recomputes it.
                let (gap, _) = gap_of(&m)?;
                let _ = m.get().stated_gap.set(gap.unbind());
            }
            Ok(m.into_any())
        }
    }
}
