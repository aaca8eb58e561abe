//! The shared weighted cases of `testdata/weighted/*.json` (format: testdata/README.md), read
//! by the library here, by the CLI (`cli/tests/integration/testdata.rs`) and by the Python
//! binding (`python/tests/test_testdata.py`).
//!
//! Here every expected answer is first checked against the subset DP of the oracles crate
//! (so a wrong value in a file fails, whoever wrote it), then every case and question is
//! answered by [`solve`] (and [`solve_wide`], the only entry for weights beyond `i64`), the
//! matching checked against the graph, and the certified layer's certificate checked by
//! [`verify_weighted`] (code that shares none of the engines').

use gridmatch::graph::certified::weighted::{
    verify_weighted, verify_weighted_wide, weighted_matching, weighted_matching_wide,
};
use gridmatch::graph::certified::{Parts, Shape};
use gridmatch::graph::weighted::{Cardinality, Question, Sense, Solution, solve, solve_wide};
use gridmatch_oracles::testdata::weighted_cases;
use gridmatch_oracles::weighted as oracle;
use serde_json::Value;

/// One case of a file (read by the oracles crate's [`weighted_cases`]), its questions in
/// gridmatch's types.
struct Case {
    at: String,
    n: usize,
    edges: Vec<(usize, usize, i128)>,
    answers: Vec<(Question, Expected)>,
}

/// An expected answer: `None` for "no perfect matching", else the total and, when every
/// optimum has the same number of pairs, that number.
type Expected = Option<(i128, Option<usize>)>;

/// Every case of every file, in file-name order.
fn cases() -> Vec<Case> {
    weighted_cases()
        .into_iter()
        .map(|c| {
            let answers = c
                .answers
                .iter()
                .map(|a| {
                    let q = Question {
                        sense: serde_json::from_value(Value::from(a.objective.as_str())).unwrap(),
                        cardinality: serde_json::from_value(Value::from(a.cardinality.as_str()))
                            .unwrap(),
                    };
                    (q, a.expected)
                })
                .collect();
            Case {
                at: c.at,
                n: c.n,
                edges: c.edges,
                answers,
            }
        })
        .collect()
}

/// The subset DP's answer to `q`: the total, and the size when all optima share it.
fn dp(n: usize, edges: &[(usize, usize, i128)], q: Question) -> Expected {
    let sign = match q.sense {
        Sense::Max => 1,
        Sense::Min => -1,
    };
    let signed: Vec<(usize, usize, i128)> =
        edges.iter().map(|&(u, v, w)| (u, v, sign * w)).collect();
    let (nu, _) = oracle::max_weight_max_cardinality(n, &signed);
    match q.cardinality {
        Cardinality::Any => {
            // Weights scaled by s > n/2 and nudged by ±1 per pair: the best total first, then
            // the most (or, nudged down, the fewest) pairs among the optima.
            let s = n as i128 / 2 + 1;
            let nudged =
                |d: i128| -> Vec<_> { signed.iter().map(|&(u, v, w)| (u, v, w * s + d)).collect() };
            let most = oracle::max_weight(n, &nudged(1));
            let fewest = oracle::max_weight(n, &nudged(-1));
            let best = oracle::max_weight(n, &signed);
            let (hi, lo) = (most - best * s, best * s - fewest);
            assert!(0 <= lo && lo <= hi && hi <= nu as i128);
            Some((sign * best, (lo == hi).then_some(hi as usize)))
        }
        Cardinality::Maximum => {
            let (_, t) = oracle::max_weight_max_cardinality(n, &signed);
            Some((sign * t, Some(nu)))
        }
        Cardinality::Perfect => {
            let negated: Vec<_> = signed.iter().map(|&(u, v, w)| (u, v, -w)).collect();
            oracle::min_weight_perfect(n, &negated).map(|t| (-sign * t, Some(n / 2)))
        }
    }
}

#[test]
fn expected_answers_are_the_subset_dps() {
    let mut checked = 0;
    for c in cases() {
        let at = &c.at;
        assert!(c.n <= 16, "{at}: keep cases within the subset DP's reach");
        assert_eq!(c.answers.len(), 6, "{at}: one answer per question");
        for (q, want) in &c.answers {
            assert_eq!(
                dp(c.n, &c.edges, *q),
                *want,
                "{at} {} {}",
                q.sense,
                q.cardinality
            );
            checked += 1;
        }
    }
    assert!(checked >= 6 * 15, "{checked}");
}

#[test]
fn solve_and_certificates_agree_with_every_file() {
    for c in cases() {
        let edges: Vec<(u32, u32)> = c
            .edges
            .iter()
            .map(|&(u, v, _)| (u as u32, v as u32))
            .collect();
        let wide: Vec<i128> = c.edges.iter().map(|e| e.2).collect();
        let narrow: Option<Vec<i64>> = wide.iter().map(|&w| i64::try_from(w).ok()).collect();
        let parts = Parts::new(Shape::General { vertices: c.n }, &edges);
        for &(q, want) in &c.answers {
            let at = format!("{} {} {}", c.at, q.sense, q.cardinality);
            let mut solutions = vec![solve_wide(c.n, &edges, &wide, q, None).unwrap()];
            if let Some(w) = &narrow {
                solutions.push(solve(c.n, &edges, w, q, None).unwrap());
            }
            for s in solutions {
                let got = match s {
                    Solution::NoPerfectMatching => None,
                    Solution::Optimum(o) => {
                        let mut seen = vec![false; c.n];
                        let mut total = 0;
                        for &e in &o.edges {
                            let (u, v) = (edges[e].0 as usize, edges[e].1 as usize);
                            assert!(u != v && !seen[u] && !seen[v], "{at}: not a matching");
                            seen[u] = true;
                            seen[v] = true;
                            total += wide[e];
                        }
                        assert_eq!(total, o.total, "{at}: the pairs' weights");
                        Some((o.total, o.edges.len()))
                    }
                };
                match (got, want) {
                    (None, None) => {}
                    (Some((t, k)), Some((t2, k2))) => {
                        assert_eq!(t, t2, "{at}: total");
                        assert!(k2.is_none_or(|k2| k == k2), "{at}: {k} pairs, want {k2:?}");
                    }
                    _ => panic!("{at}: {got:?}, want {want:?}"),
                }
            }
            let proved = match &narrow {
                Some(w) => {
                    let cert = weighted_matching(parts, w, q).unwrap();
                    verify_weighted(parts, w, &cert)
                }
                None => {
                    let cert = weighted_matching_wide(parts, &wide, q).unwrap();
                    verify_weighted_wide(parts, &wide, &cert)
                }
            };
            let proved = proved.unwrap_or_else(|e| panic!("{at}: certificate refused: {e}"));
            assert_eq!(proved, want.map(|w| w.0), "{at}: the certificate proves");
        }
    }
}
