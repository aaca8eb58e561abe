//! The shared weighted cases of `testdata/weighted/*.json` (format: testdata/README.md), read
//! by the library here, by the CLI (`cli/tests/integration/testdata.rs`) and by the Python
//! binding (`python/tests/test_testdata.py`).
//!
//! Here every expected answer is first checked against the subset DP of the oracles crate
//! (so a wrong value in a file fails, whoever wrote it), then every case and question is
//! answered by [`solve`] (and [`solve_wide`], the only entry for weights beyond `i64`), the
//! matching checked against the graph, and the certified layer's certificate checked by
//! [`verify_weighted`] (code that shares none of the engines').

use std::path::{Path, PathBuf};

use gridmatch::graph::certified::weighted::{
    verify_weighted, verify_weighted_wide, weighted_matching, weighted_matching_wide,
};
use gridmatch::graph::certified::{Parts, Shape};
use gridmatch::graph::weighted::{Cardinality, Question, Sense, Solution, solve, solve_wide};
use gridmatch_oracles::weighted as oracle;
use serde_json::Value;

/// One case of a file.
struct Case {
    file: String,
    name: String,
    n: usize,
    edges: Vec<(usize, usize, i128)>,
    answers: Vec<(Question, Expected)>,
}

/// An expected answer: `None` for "no perfect matching", else the total and, when every
/// optimum has the same number of pairs, that number.
type Expected = Option<(i128, Option<usize>)>;

/// An integer given as a JSON number or as a decimal string (beyond ±2⁵³).
fn int(v: &Value, what: &str) -> i128 {
    match v {
        Value::Number(x) => x
            .as_i64()
            .map(i128::from)
            .unwrap_or_else(|| panic!("{what}: {x} is not an integer")),
        Value::String(s) => s.parse().unwrap_or_else(|e| panic!("{what}: {s:?}: {e}")),
        other => panic!("{what}: expected an integer, found {other}"),
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/weighted")
}

/// Every case of every file, in file-name order.
fn cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut out = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(doc["about"].is_string(), "{file}: no \"about\"");
        for c in doc["cases"].as_array().unwrap() {
            let name = c["name"].as_str().unwrap().to_string();
            let at = format!("{file} {name}");
            assert!(c["about"].is_string(), "{at}: no \"about\"");
            let n = c["n"].as_u64().unwrap() as usize;
            let edges = c["edges"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    let e = e.as_array().unwrap();
                    assert_eq!(e.len(), 3, "{at}: an edge is [u, v, weight]");
                    let (u, v) = (int(&e[0], &at) as usize, int(&e[1], &at) as usize);
                    assert!(u < n && v < n, "{at}: edge ({u}, {v}) on {n} vertices");
                    (u, v, int(&e[2], &at))
                })
                .collect();
            let answers = c["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    let q = Question {
                        sense: serde_json::from_value(a["objective"].clone()).unwrap(),
                        cardinality: serde_json::from_value(a["cardinality"].clone()).unwrap(),
                    };
                    let e = if a["no_perfect_matching"] == Value::Bool(true) {
                        assert!(a.get("total").is_none(), "{at}: {a}");
                        None
                    } else {
                        Some((
                            int(&a["total"], &at),
                            a.get("size").map(|s| s.as_u64().unwrap() as usize),
                        ))
                    };
                    (q, e)
                })
                .collect();
            out.push(Case {
                file: file.clone(),
                name,
                n,
                edges,
                answers,
            });
        }
    }
    out
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
        let at = format!("{} {}", c.file, c.name);
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
            let at = format!("{} {} {} {}", c.file, c.name, q.sense, q.cardinality);
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
