//! The shared 2-SAT and cardinality-matching cases of `testdata/twosat/*.json` and
//! `testdata/matching/*.json` (format: testdata/README.md), read by the library here, by the
//! CLI (`cli/tests/integration/testdata.rs`) and by the Python binding
//! (`python/tests/test_testdata.py`).
//!
//! Here every expected answer is first checked against the oracles crate's brute forces (all
//! assignments; the largest matched vertex set), so a wrong value in a file fails, whoever
//! wrote it; then the library answers each case and its answer is checked by the verifiers
//! (`graph::twosat::verify` for a model or a refutation, `certified::verify` for a matching's
//! certificate), which share none of the solvers' code.

use gridmatch::graph::certified::{self, Parts, Shape};
use gridmatch::graph::twosat::verify::{check_model, check_refutation};
use gridmatch::graph::twosat::{Formula, Lit, Outcome, chain_clauses};
use gridmatch_oracles::testdata;
use gridmatch_oracles::{matching as match_oracle, twosat as sat_oracle};
use serde_json::Value;

/// A case's clauses as pairs of DIMACS literals (a unit clause `[a]` as `(a, a)`).
fn clauses(at: &str, c: &Value) -> (usize, Vec<(i32, i32)>) {
    let vars = c["vars"].as_u64().unwrap() as usize;
    let clauses = c["clauses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cl| {
            let lits: Vec<i32> = cl
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_i64().unwrap() as i32)
                .collect();
            for &l in &lits {
                assert!(
                    l != 0 && l.unsigned_abs() as usize <= vars,
                    "{at}: literal {l}"
                );
            }
            match lits[..] {
                [a] => (a, a),
                [a, b] => (a, b),
                _ => panic!("{at}: a clause has one or two literals: {cl}"),
            }
        })
        .collect();
    (vars, clauses)
}

#[test]
fn twosat_cases_against_all_assignments_and_the_verifier() {
    let (mut sat, mut unsat) = (0, 0);
    for (at, c) in testdata::cases("twosat") {
        let (vars, cls) = clauses(&at, &c);
        let want = c["satisfiable"].as_bool().unwrap();
        assert!(
            vars <= 16,
            "{at}: keep cases within the brute force's reach"
        );
        assert_eq!(
            sat_oracle::satisfiable(vars, &cls),
            want,
            "{at}: the expected answer"
        );
        let mut f = Formula::new(vars);
        let lit = |l: i32| Lit::from_dimacs(i64::from(l)).unwrap();
        for &(a, b) in &cls {
            f.add_clause(lit(a), lit(b));
        }
        let dimacs: Vec<[i64; 2]> = cls
            .iter()
            .map(|&(a, b)| [i64::from(a), i64::from(b)])
            .collect();
        match f.solve() {
            Outcome::Satisfiable(model) => {
                assert!(want, "{at}: a model of an unsatisfiable formula");
                check_model(vars as u64, &dimacs, &model)
                    .unwrap_or_else(|e| panic!("{at}: the model fails: {e}"));
                sat += 1;
            }
            Outcome::Unsatisfiable(conflict) => {
                assert!(!want, "{at}: a refutation of a satisfiable formula");
                let chain: Vec<i64> = conflict.chain.iter().map(|l| l.to_dimacs()).collect();
                let steps: Vec<i64> = chain_clauses(&f, &conflict.chain)
                    .into_iter()
                    .map(|k| k as i64)
                    .collect();
                check_refutation(&dimacs, &chain, &steps)
                    .unwrap_or_else(|e| panic!("{at}: the refutation fails: {e}"));
                unsat += 1;
            }
        }
    }
    assert!(sat >= 5 && unsat >= 5, "{sat} {unsat}");
}

/// A matching case: `n`, its edges, the two sides when it is given as bipartite, the size.
type MatchingCase = (usize, Vec<(u32, u32)>, Option<(usize, usize)>, usize);

/// Reads a matching case ([`MatchingCase`]).
fn matching_case(at: &str, c: &Value) -> MatchingCase {
    let n = c["n"].as_u64().unwrap() as usize;
    let edges: Vec<(u32, u32)> = c["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let (u, v) = (e[0].as_u64().unwrap() as u32, e[1].as_u64().unwrap() as u32);
            assert!(
                (u as usize) < n && (v as usize) < n,
                "{at}: edge ({u}, {v})"
            );
            (u, v)
        })
        .collect();
    let parts = c.get("parts").map(|p| {
        let (l, r) = (
            p[0].as_u64().unwrap() as usize,
            p[1].as_u64().unwrap() as usize,
        );
        assert_eq!(l + r, n, "{at}: the parts hold every vertex");
        for &(u, v) in &edges {
            assert!(
                (u as usize) < l && v as usize >= l,
                "{at}: edge ({u}, {v}) is row, column"
            );
        }
        (l, r)
    });
    (n, edges, parts, c["size"].as_u64().unwrap() as usize)
}

#[test]
fn matching_cases_against_the_brute_force_and_the_verifier() {
    let (mut general, mut bipartite) = (0, 0);
    for (at, c) in testdata::cases("matching") {
        let (n, edges, parts, size) = matching_case(&at, &c);
        assert!(n <= 16, "{at}: keep cases within the brute force's reach");
        let plain: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(u, v)| (u as usize, v as usize))
            .collect();
        assert_eq!(
            match_oracle::max_matching(n, &plain),
            size,
            "{at}: the expected size"
        );
        let mut shapes = vec![(Shape::General { vertices: n }, edges.clone())];
        if let Some((l, r)) = parts {
            let sides: Vec<(usize, usize)> = plain.iter().map(|&(u, v)| (u, v - l)).collect();
            assert_eq!(match_oracle::kuhn(l, r, &sides), size, "{at}: Kuhn's size");
            let matrix = edges.iter().map(|&(u, v)| (u, v - l as u32)).collect();
            shapes.push((Shape::Bipartite { rows: l, cols: r }, matrix));
            bipartite += 1;
        }
        for (shape, edges) in shapes {
            let parts = Parts::new(shape, &edges);
            let cert = certified::maximum_matching(parts);
            assert_eq!(cert.pairs.len(), size, "{at} {shape:?}: the size");
            assert_eq!(certified::matching_size(parts), size, "{at} {shape:?}");
            certified::verify(parts, &cert)
                .unwrap_or_else(|e| panic!("{at} {shape:?}: certificate refused: {e}"));
            general += 1;
        }
    }
    assert!(general >= 10 && bipartite >= 3, "{general} {bipartite}");
}
