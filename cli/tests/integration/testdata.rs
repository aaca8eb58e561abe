//! The shared cases of `testdata/` (format and readers: testdata/README.md; their answers are
//! checked against brute forces by the library's `tests/integration/testdata.rs` and
//! `testdata_cases.rs`) through the binary. Weighted (`testdata/weighted/*.json`): each case
//! written as a DIMACS file, every question asked with `match --weights` (total and size), and
//! its `--json` certificate through `verify --graph`; weights beyond ±2⁵⁹ are read as wide ones
//! and answered on the library's `i128` path, exactly as the others. 2-SAT (`testdata/twosat/`)
//! through `twosat`, cardinality matching (`testdata/matching/`) through `match` and
//! `verify --graph`.

use std::fmt::Write as _;

use gridmatch_oracles::testdata::{cases, weighted_cases};

use crate::common::{on_file, verify_graph};

#[test]
fn every_case_and_question_through_match_and_verify() {
    let (mut asked, mut wide_asked) = (0, 0);
    for c in weighted_cases() {
        let at = &c.at;
        let mut dimacs = format!("c {at}\np edge {} {}\n", c.n, c.edges.len());
        let mut wide = false;
        for &(u, v, w) in &c.edges {
            wide |= w.abs() > 1 << 59;
            writeln!(dimacs, "e {} {} {w}", u + 1, v + 1).unwrap();
        }
        for a in &c.answers {
            let mut args = vec!["match", "--weights"];
            if a.objective == "min" {
                args.push("--min");
            }
            match a.cardinality.as_str() {
                "any" => {}
                "maximum" => args.push("--max-cardinality"),
                "perfect" => args.push("--perfect"),
                other => panic!("{at}: cardinality {other}"),
            }
            let at = format!("{at} {args:?}");
            let r = on_file(&args, "case.col", &dimacs);
            assert!(r.stderr.is_empty(), "{at}: {r:?}");
            let out = r.ok();
            match a.expected {
                None => assert_eq!(out, "no perfect matching\n", "{at}"),
                Some((total, k)) => {
                    let (got, size) = out.trim_end().split_once(' ').unwrap();
                    assert_eq!(got, total.to_string(), "{at}: total");
                    if let Some(k) = k {
                        assert_eq!(size, k.to_string(), "{at}: size");
                    }
                }
            }
            args.push("--json");
            let line = on_file(&args, "case.col", &dimacs).ok();
            let v = verify_graph("case.col", &dimacs, &line);
            assert_eq!(v.code, Some(0), "{at}: {v:?}\n{line}");
            assert!(v.stdout.ends_with(": ok\n"), "{at}: {v:?}");
            asked += 1;
            wide_asked += usize::from(wide);
        }
    }
    assert!(asked >= 6 * 15 && wide_asked >= 6, "{asked} {wide_asked}");
}

/// The shared 2-SAT cases of `testdata/twosat/*.json` (checked against all assignments by the
/// library's `tests/integration/testdata_cases.rs`) as DIMACS CNF files through `twosat`:
/// exit 10 with a model that makes every clause true (checked here, clause by clause), or exit
/// 20 with `--proof`'s chain from a literal through its negation back to it.
#[test]
fn twosat_cases_through_the_twosat_command() {
    let (mut sat, mut unsat) = (0, 0);
    for (at, c) in cases("twosat") {
        let clauses: Vec<Vec<i64>> = c["clauses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|cl| {
                cl.as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_i64().unwrap())
                    .collect()
            })
            .collect();
        let mut cnf = format!("c {at}\np cnf {} {}\n", c["vars"], clauses.len());
        for cl in &clauses {
            for l in cl {
                write!(cnf, "{l} ").unwrap();
            }
            cnf.push_str("0\n");
        }
        let r = on_file(&["twosat", "--proof"], "case.cnf", &cnf);
        if c["satisfiable"] == true {
            assert_eq!(r.code, Some(10), "{at}: {r:?}");
            let v = r.stdout.strip_prefix("s SATISFIABLE\nv ").expect(&at);
            let model: Vec<i64> = v.split_whitespace().map(|t| t.parse().unwrap()).collect();
            assert_eq!(model.last(), Some(&0), "{at}: {r:?}");
            let vars = c["vars"].as_u64().unwrap() as i64;
            assert_eq!(model.len() as i64, vars + 1, "{at}: one value per variable");
            for (i, &l) in model[..model.len() - 1].iter().enumerate() {
                assert_eq!(l.abs(), i as i64 + 1, "{at}: {r:?}");
            }
            for cl in &clauses {
                assert!(
                    cl.iter().any(|&l| model[(l.abs() - 1) as usize] == l),
                    "{at}: clause {cl:?} is false under {model:?}"
                );
            }
            sat += 1;
        } else {
            assert_eq!(r.code, Some(20), "{at}: {r:?}");
            assert!(
                r.stdout.starts_with("s UNSATISFIABLE\nc proof: "),
                "{at}: {r:?}"
            );
            unsat += 1;
        }
    }
    assert!(sat >= 5 && unsat >= 5, "{sat} {unsat}");
}

/// The shared cardinality-matching cases of `testdata/matching/*.json` (checked against a brute
/// force by the library's suite) through `match`: as a DIMACS graph, and for the bipartite ones
/// also as a Matrix Market pattern (rows, columns); the size printed, and the `--json`
/// certificate through `verify --graph`.
#[test]
fn matching_cases_through_match_and_verify() {
    let mut asked = 0;
    for (at, c) in cases("matching") {
        let n = c["n"].as_u64().unwrap();
        let edges: Vec<(u64, u64)> = c["edges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e[0].as_u64().unwrap(), e[1].as_u64().unwrap()))
            .collect();
        let mut files = Vec::new();
        let mut dimacs = format!("c {at}\np edge {n} {}\n", edges.len());
        for &(u, v) in &edges {
            writeln!(dimacs, "e {} {}", u + 1, v + 1).unwrap();
        }
        files.push(("case.col", dimacs));
        if let Some(p) = c.get("parts") {
            let (rows, cols) = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
            let mut mtx = format!(
                "%%MatrixMarket matrix coordinate pattern general\n% {at}\n{rows} {cols} {}\n",
                edges.len()
            );
            for &(u, v) in &edges {
                writeln!(mtx, "{} {}", u + 1, v - rows + 1).unwrap();
            }
            files.push(("case.mtx", mtx));
        }
        for (name, text) in files {
            let at = format!("{at} {name}");
            assert_eq!(
                on_file(&["match"], name, &text).ok(),
                format!("{}\n", c["size"]),
                "{at}"
            );
            let line = on_file(&["match", "--json"], name, &text).ok();
            let v = verify_graph(name, &text, &line);
            assert_eq!(v.code, Some(0), "{at}: {v:?}\n{line}");
            assert_eq!(v.stdout.matches(": ok\n").count(), 1, "{at}: {v:?}");
            asked += 1;
        }
    }
    assert!(asked >= 13, "{asked}");
}
