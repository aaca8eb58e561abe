//! The checker of a 2-SAT answer, from the clauses alone: a model must make every clause true;
//! a refutation is a cycle of implications `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`, each step `p ⇒ q` by a clause
//! `(¬p ∨ q)` named by its index.
//!
//! **Guarantee:** [`check_model`], [`check_refutation`] and [`check_steps`] return `Ok` exactly when the answer
//! holds; otherwise a [`TwoSatError`] names the first clause or step that fails. They read
//! literals as DIMACS writes them (`v` or `-v`, 1-based; any other value is a literal of no
//! variable, false under every model and the complement of no literal but its negation), so the
//! same check serves the library's [`Lit`]s, the command line's output and the Python binding's
//! arrays, whatever their values.
//!
//! **Complexity:** O(clauses + variables) for a model, O(chain length) for a refutation; no
//! allocation.
//!
//! **Algorithm:** none of the solver's: a clause is true if one of its literals is, by the
//! model's value of its variable; a step is checked against the one clause it names.
//!
//! **Status:** called on every answer of the randomized solver tests (`twosat/tests.rs`,
//! `twosat/backbone_tests.rs`), by `gridmatch twosat` before it prints, and by the Python
//! binding's `TwoSat.verify()`; tampered models and chains are rejected in `verify_tests.rs`.

use std::fmt;

use super::Lit;

/// A clause as the checker reads it: two DIMACS literals (a unit clause repeats its literal).
pub trait DimacsClause {
    /// The two literals, `v` or `-v` (1-based).
    fn dimacs(&self) -> [i64; 2];
}

impl DimacsClause for [i64; 2] {
    fn dimacs(&self) -> [i64; 2] {
        *self
    }
}

impl DimacsClause for (Lit, Lit) {
    fn dimacs(&self) -> [i64; 2] {
        [self.0.to_dimacs(), self.1.to_dimacs()]
    }
}

/// Why a 2-SAT answer does not hold. Literals are written as DIMACS writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwoSatError {
    /// The model has `values` values for `vars` variables.
    ModelLength {
        /// Values in the model.
        values: usize,
        /// Variables of the formula.
        vars: u64,
    },
    /// The clause `index`, `clause`, is false under the model.
    FalseClause {
        /// The clause's index.
        index: usize,
        /// Its two literals.
        clause: [i64; 2],
    },
    /// The chain does not start at some `x`, pass `-x` and come back to `x`.
    NotACycle,
    /// The number of clause indices is not the number of steps.
    StepCount,
    /// Step `step` names a clause `clause` that does not exist.
    NoClause {
        /// The step (0-based).
        step: usize,
        /// The index named.
        clause: i64,
    },
    /// Step `step` (`from ⇒ to`) names clause `index`, `clause`, which does not give it.
    WrongClause {
        /// The step (0-based).
        step: usize,
        /// The index named.
        index: i64,
        /// That clause's two literals.
        clause: [i64; 2],
        /// The step's first literal.
        from: i64,
        /// The step's second literal.
        to: i64,
    },
}

impl fmt::Display for TwoSatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoSatError::ModelLength { values, vars } => {
                write!(
                    f,
                    "the model has {} for {}",
                    crate::error::count(*values, "value", "values"),
                    crate::error::count(*vars, "variable", "variables")
                )
            }
            TwoSatError::FalseClause { index, clause } => {
                write!(f, "clause {index} ({}, {}) is false", clause[0], clause[1])
            }
            TwoSatError::NotACycle => {
                f.write_str("the chain does not go from x to -x and back to x")
            }
            TwoSatError::StepCount => f.write_str("one clause per step is needed"),
            TwoSatError::NoClause { step, clause } => write!(f, "step {step}: no clause {clause}"),
            TwoSatError::WrongClause {
                step,
                index,
                clause: [a, b],
                from,
                to,
            } => write!(
                f,
                "step {step}: clause {index} ({a}, {b}) does not give {from} ⇒ {to}"
            ),
        }
    }
}

impl std::error::Error for TwoSatError {}

/// Checks that `model` (one value per variable, index `i` for variable `i + 1`) makes every
/// clause of the formula over `num_vars` variables true.
///
/// # Errors
/// [`TwoSatError::ModelLength`] if `model.len() != num_vars`, else
/// [`TwoSatError::FalseClause`] for the first false clause.
///
/// # Complexity
/// O(`clauses.len()`).
pub fn check_model<C: DimacsClause>(
    num_vars: u64,
    clauses: &[C],
    model: &[bool],
) -> Result<(), TwoSatError> {
    if model.len() as u64 != num_vars {
        return Err(TwoSatError::ModelLength {
            values: model.len(),
            vars: num_vars,
        });
    }
    let holds = |l: i64| {
        let v = l.unsigned_abs();
        v >= 1 && v <= model.len() as u64 && model[(v - 1) as usize] == (l > 0)
    };
    for (index, c) in clauses.iter().enumerate() {
        let clause = c.dimacs();
        if !holds(clause[0]) && !holds(clause[1]) {
            return Err(TwoSatError::FalseClause { index, clause });
        }
    }
    Ok(())
}

/// Checks a refutation: `chain` goes from some literal `x` through `-x` back to `x` (at least
/// three literals), and step `k`, `chain[k] ⇒ chain[k + 1]`, is given by the clause
/// `clauses[steps[k]]`, which is `(-chain[k] ∨ chain[k + 1])` in either order.
///
/// # Errors
/// [`TwoSatError::NotACycle`], [`TwoSatError::StepCount`] (not one index per step), or the
/// first step whose index names no clause ([`TwoSatError::NoClause`]) or the wrong one
/// ([`TwoSatError::WrongClause`]).
///
/// # Complexity
/// O(`chain.len()`).
pub fn check_refutation<C: DimacsClause>(
    clauses: &[C],
    chain: &[i64],
    steps: &[i64],
) -> Result<(), TwoSatError> {
    let Some(&x) = chain.first() else {
        return Err(TwoSatError::NotACycle);
    };
    if chain.len() < 3 || chain.last() != Some(&x) || x == i64::MIN || !chain.contains(&-x) {
        return Err(TwoSatError::NotACycle);
    }
    check_steps(clauses, chain, steps)
}

/// Checks that step `k` of the walk `chain`, `chain[k] ⇒ chain[k + 1]`, is given by the clause
/// `clauses[steps[k]]`, `(-chain[k] ∨ chain[k + 1])` in either order; the part of
/// [`check_refutation`] that does not ask for a cycle (an empty walk has no step).
///
/// # Errors
/// [`TwoSatError::StepCount`] (not one index per step), or the first step whose index names no
/// clause ([`TwoSatError::NoClause`]) or the wrong one ([`TwoSatError::WrongClause`]).
///
/// # Complexity
/// O(`chain.len()`).
pub fn check_steps<C: DimacsClause>(
    clauses: &[C],
    chain: &[i64],
    steps: &[i64],
) -> Result<(), TwoSatError> {
    if steps.len() != chain.len().saturating_sub(1) {
        return Err(TwoSatError::StepCount);
    }
    for (step, (pq, &index)) in chain.windows(2).zip(steps).enumerate() {
        let (p, q) = (pq[0], pq[1]);
        let Some(clause) = usize::try_from(index)
            .ok()
            .and_then(|k| clauses.get(k))
            .map(DimacsClause::dimacs)
        else {
            return Err(TwoSatError::NoClause {
                step,
                clause: index,
            });
        };
        let [a, b] = clause;
        let not_p = p.checked_neg();
        if (Some(a), b) != (not_p, q) && (Some(b), a) != (not_p, q) {
            return Err(TwoSatError::WrongClause {
                step,
                index,
                clause,
                from: p,
                to: q,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
