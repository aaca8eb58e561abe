//! 2-SAT by enumeration: every one of the 2ⁿ assignments of `n` variables is tried against every
//! clause. Literals are DIMACS-style: `v + 1` is variable `v` true, `-(v + 1)` false (a unit
//! clause is a clause with the literal twice). At most [`MAX_VARS`] variables.
//!
//! **Status:** hand-solved formulas in its tests; gridmatch's 2-SAT solver (satisfiability,
//! models, conflict chains), its backbone and second model against it on tens of thousands of
//! random formulas of up to 10 variables.

/// The most variables the enumeration takes.
pub const MAX_VARS: usize = 20;

/// Whether `lit` holds under the assignment `mask` (bit `v`: variable `v` true).
fn holds(lit: i32, mask: u32) -> bool {
    let v = lit.unsigned_abs() - 1;
    (mask >> v & 1 == 1) == (lit > 0)
}

fn check(num_vars: usize, clauses: &[(i32, i32)]) {
    assert!(
        num_vars <= MAX_VARS,
        "2-SAT oracle: {num_vars} variables, at most {MAX_VARS}"
    );
    for &(a, b) in clauses {
        for l in [a, b] {
            assert!(
                l != 0 && l.unsigned_abs() as usize <= num_vars,
                "2-SAT oracle: literal {l} with {num_vars} variables"
            );
        }
    }
}

/// The assignments (as bitmasks) that satisfy every clause, in increasing order.
fn model_masks(num_vars: usize, clauses: &[(i32, i32)]) -> impl Iterator<Item = u32> + '_ {
    check(num_vars, clauses);
    (0u32..1 << num_vars).filter(|&mask| {
        clauses
            .iter()
            .all(|&(a, b)| holds(a, mask) || holds(b, mask))
    })
}

/// Whether some assignment satisfies every clause.
///
/// Panics if there are more than [`MAX_VARS`] variables or a literal is 0 or out of range.
pub fn satisfiable(num_vars: usize, clauses: &[(i32, i32)]) -> bool {
    model_masks(num_vars, clauses).next().is_some()
}

/// Every model, each as the value of every variable, in the order of their bits (variable 0
/// lowest).
///
/// Panics as [`satisfiable`] does.
pub fn models(num_vars: usize, clauses: &[(i32, i32)]) -> Vec<Vec<bool>> {
    model_masks(num_vars, clauses)
        .map(|mask| (0..num_vars).map(|v| mask >> v & 1 == 1).collect())
        .collect()
}

/// The backbone: the literals true in every model, by variable; `None` if there is no model.
///
/// Panics as [`satisfiable`] does.
pub fn backbone(num_vars: usize, clauses: &[(i32, i32)]) -> Option<Vec<i32>> {
    let all = models(num_vars, clauses);
    let first = all.first()?;
    Some(
        (0..num_vars)
            .filter(|&v| all.iter().all(|m| m[v] == first[v]))
            .map(|v| {
                if first[v] {
                    v as i32 + 1
                } else {
                    -(v as i32 + 1)
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_solved_formulas() {
        assert!(satisfiable(0, &[]));
        assert_eq!(models(0, &[]), vec![Vec::<bool>::new()]);
        assert!(!satisfiable(1, &[(1, 1), (-1, -1)]));
        assert_eq!(backbone(1, &[(1, 1), (-1, -1)]), None);
        // x0 ∨ x1, ¬x0 ∨ x1: x1 in every model.
        assert_eq!(
            models(2, &[(1, 2), (-1, 2)]),
            vec![vec![false, true], vec![true, true]]
        );
        assert_eq!(backbone(2, &[(1, 2), (-1, 2)]), Some(vec![2]));
        // x0 ⇒ x1 ⇒ x2 ⇒ ¬x0: x0 false.
        assert_eq!(backbone(3, &[(-1, 2), (-2, 3), (-3, -1)]), Some(vec![-1]));
        // A tautology forces nothing.
        assert_eq!(models(1, &[(1, -1)]).len(), 2);
    }
}
