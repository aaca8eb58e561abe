//! [`TwoSat`]: the answer to a 2-SAT formula (a model, or the implication chain that rules
//! every assignment out, checked by `gridmatch::graph::twosat::verify`); and [`two_sat`],
//! which makes it.

use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::graph::twosat::{self, Formula, Lit, Outcome};

use crate::CertificateError;
use crate::arrays::{Arr1, Arr2, take1, take2, values1, values2, vec1, vec2};
use crate::convert::{self, Error, Result, check_memory, value};
use crate::graphs::input2;

/// Most variables the 2-SAT solver takes.
const MAX_VARS: u64 = (1 << 31) - 2;
/// Most clauses: the implication graph has two edges per clause, counted in a `u32`.
const MAX_CLAUSES: u64 = (1 << 31) - 1;
/// Estimated peak bytes per variable and per clause of a 2-SAT call.
const BYTES_PER_VAR: u64 = 64;
const BYTES_PER_CLAUSE: u64 = 40;

/// A DIMACS literal (`v` or `-v`, 1-based) as the solver's.
fn dimacs_lit(l: i64, n: u64, at: impl FnOnce() -> String) -> Result<Lit> {
    match Lit::from_dimacs(l) {
        Some(lit) if u64::from(lit.var()) < n => Ok(lit),
        _ => {
            let hint = if l == 0 {
                "0 is not a literal (DIMACS ends a clause with it); write a unit clause a as (a, a)"
                    .to_string()
            } else {
                format!("n = {n} variables")
            };
            Err(value(format!(
                "{}: found {l}, expected a literal from -{n} to {n}\nhint: {hint}",
                at()
            )))
        }
    }
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
            Ok(twosat::backbone(&f).map(|b| b.into_iter().map(Lit::to_dimacs).collect()))
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
        let (clauses, _) = clauses.as_chunks::<2>();
        let checked = match model {
            Some(model) => twosat::verify::check_model(self.n, clauses, &model),
            None => twosat::verify::check_refutation(clauses, &chain, &steps),
        };
        checked.map_err(|e| CertificateError::new_err(e.to_string()))
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
                    conflict.chain.iter().map(|l| l.to_dimacs()).collect(),
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
