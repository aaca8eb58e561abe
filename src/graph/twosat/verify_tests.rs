//! Tests of the 2-SAT checker: hand-made answers, every single-value tampering of a model,
//! and every tampering of a refutation's literals and clause indices.

use super::*;
use crate::graph::twosat::{Formula, Outcome, chain_clauses};

/// `(x1 ∨ x2)`, `(-x1 ∨ x2)`, `(x1 ∨ -x2)`, `(-x1 ∨ -x2)` less the last: model x1 = x2 = true.
const SAT: [[i64; 2]; 3] = [[1, 2], [-1, 2], [1, -2]];

#[test]
fn models() {
    assert_eq!(check_model(2, &SAT, &[true, true]), Ok(()));
    assert_eq!(
        check_model(2, &SAT, &[true, false]),
        Err(TwoSatError::FalseClause {
            index: 1,
            clause: [-1, 2]
        })
    );
    assert_eq!(
        check_model(3, &SAT, &[true, true]),
        Err(TwoSatError::ModelLength { values: 2, vars: 3 })
    );
    // A literal of no variable is false under every model.
    assert!(check_model(2, &[[5, 0]], &[true, true]).is_err());
    assert_eq!(check_model(2, &[[5, -1]], &[false, true]), Ok(()));
    assert_eq!(check_model(0, &[] as &[[i64; 2]], &[]), Ok(()));
    assert_eq!(
        TwoSatError::FalseClause {
            index: 1,
            clause: [-1, 2]
        }
        .to_string(),
        "clause 1 (-1, 2) is false"
    );
}

#[test]
fn refutations() {
    // x1 ⇒ x2 ⇒ -x1 ⇒ x1.
    let clauses = [[-1, 2], [-2, -1], [1, 1]];
    let chain = [1, 2, -1, 1];
    assert_eq!(check_refutation(&clauses, &chain, &[0, 1, 2]), Ok(()));
    // Either order of the clause's literals.
    assert_eq!(
        check_refutation(&[[2, -1], [-1, -2], [1, 1]], &chain, &[0, 1, 2]),
        Ok(())
    );
    let not_cycles: [&[i64]; 5] = [&[], &[1, 1], &[1, 2, 1], &[1, -1, 2], &[2, -1, 2]];
    for c in not_cycles {
        let steps = vec![0; c.len().saturating_sub(1)];
        assert_eq!(
            check_refutation(&clauses, c, &steps),
            Err(TwoSatError::NotACycle),
            "{c:?}"
        );
    }
    assert_eq!(
        check_refutation(&clauses, &[i64::MIN, i64::MIN, i64::MIN], &[0, 0]),
        Err(TwoSatError::NotACycle)
    );
    assert_eq!(
        check_refutation(&clauses, &chain, &[0, 1]),
        Err(TwoSatError::StepCount)
    );
    assert_eq!(
        check_refutation(&clauses, &chain, &[0, 3, 2]),
        Err(TwoSatError::NoClause { step: 1, clause: 3 })
    );
    assert_eq!(
        check_refutation(&clauses, &chain, &[0, -1, 2]),
        Err(TwoSatError::NoClause {
            step: 1,
            clause: -1
        })
    );
    let e = check_refutation(&clauses, &chain, &[0, 2, 2]);
    assert_eq!(
        e,
        Err(TwoSatError::WrongClause {
            step: 1,
            index: 2,
            clause: [1, 1],
            from: 2,
            to: -1
        })
    );
    assert_eq!(
        e.map_err(|e| e.to_string()),
        Err("step 1: clause 2 (1, 1) does not give 2 ⇒ -1".to_string())
    );
}

/// Solver answers pass; every model with one value flipped that breaks a clause, and every
/// chain with one literal or one clause index changed, fails — checked against a plain
/// re-evaluation written here.
#[test]
fn tampered_answers_fail() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % k
    };
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..2_000 {
        let n = 1 + next(6) as usize;
        let mut f = Formula::new(n);
        for _ in 0..next(4 * n as u64 + 1) {
            let a = Lit::new(next(n as u64) as u32, next(2) == 1);
            let b = Lit::new(next(n as u64) as u32, next(2) == 1);
            f.add_clause(a, b);
        }
        let clauses: Vec<[i64; 2]> = f.clauses().iter().map(DimacsClause::dimacs).collect();
        match f.solve() {
            Outcome::Satisfiable(model) => {
                sat += 1;
                assert_eq!(check_model(n as u64, f.clauses(), &model), Ok(()));
                for i in 0..n {
                    let mut bad = model.clone();
                    bad[i] = !bad[i];
                    let truth = clauses.iter().all(|c| {
                        c.iter()
                            .any(|&l| bad[l.unsigned_abs() as usize - 1] == (l > 0))
                    });
                    assert_eq!(check_model(n as u64, &clauses, &bad).is_ok(), truth);
                }
            }
            Outcome::Unsatisfiable(conflict) => {
                unsat += 1;
                let chain: Vec<i64> = conflict.chain.iter().map(|l| l.to_dimacs()).collect();
                let steps: Vec<i64> = chain_clauses(&f, &conflict.chain)
                    .into_iter()
                    .map(|k| k as i64)
                    .collect();
                assert_eq!(check_refutation(&clauses, &chain, &steps), Ok(()));
                assert_eq!(check_refutation(f.clauses(), &chain, &steps), Ok(()));
                for k in 0..steps.len() {
                    let mut bad = steps.clone();
                    bad[k] = (bad[k] + 1) % (clauses.len() as i64 + 1);
                    let [a, b] = clauses.get(bad[k] as usize).copied().unwrap_or([0, 0]);
                    let (p, q) = (-chain[k], chain[k + 1]);
                    let gives = (a, b) == (p, q) || (b, a) == (p, q);
                    assert_eq!(check_refutation(&clauses, &chain, &bad).is_ok(), gives);
                }
                for k in 1..chain.len() - 1 {
                    let mut bad = chain.clone();
                    bad[k] = -bad[k];
                    assert!(check_refutation(&clauses, &bad, &steps).is_err());
                }
            }
        }
    }
    assert!(sat > 100 && unsat > 100, "{sat} satisfiable, {unsat} not");
}
