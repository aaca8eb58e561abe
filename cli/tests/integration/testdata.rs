//! The shared cases of `testdata/` (format and readers: testdata/README.md; their answers are
//! checked against brute forces by the library's `tests/integration/testdata.rs` and
//! `testdata_cases.rs`) through the binary. Weighted (`testdata/weighted/*.json`): each case
//! written as a DIMACS file, every question asked with `match --weights` (total and size), and
//! its `--json` certificate through `verify --graph`; weights beyond ±2⁵⁹ are read as wide ones
//! and answered on the library's `i128` path, exactly as the others. 2-SAT (`testdata/twosat/`)
//! through `twosat`, cardinality matching (`testdata/matching/`) through `match` and
//! `verify --graph`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{on_file, verify_graph};

/// An integer given as a JSON number or as a decimal string, as text.
fn int(v: &Value) -> String {
    match v {
        Value::Number(x) => x.to_string(),
        Value::String(s) => s.clone(),
        other => panic!("expected an integer, found {other}"),
    }
}

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/weighted");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    files
}

#[test]
fn every_case_and_question_through_match_and_verify() {
    let (mut asked, mut wide_asked) = (0, 0);
    for path in files() {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for c in doc["cases"].as_array().unwrap() {
            let at = format!("{} {}", path.display(), c["name"].as_str().unwrap());
            let edges = c["edges"].as_array().unwrap();
            let mut dimacs = format!("c {at}\np edge {} {}\n", c["n"], edges.len());
            let mut wide = false;
            for e in edges {
                let w = int(&e[2]);
                wide |= w.parse::<i128>().unwrap().abs() > 1 << 59;
                let (u, v) = (e[0].as_u64().unwrap(), e[1].as_u64().unwrap());
                writeln!(dimacs, "e {} {} {w}", u + 1, v + 1).unwrap();
            }
            for a in c["answers"].as_array().unwrap() {
                let mut args = vec!["match", "--weights"];
                if a["objective"] == "min" {
                    args.push("--min");
                }
                match a["cardinality"].as_str().unwrap() {
                    "any" => {}
                    "maximum" => args.push("--max-cardinality"),
                    "perfect" => args.push("--perfect"),
                    other => panic!("{at}: cardinality {other}"),
                }
                let at = format!("{at} {args:?}");
                let r = on_file(&args, "case.col", &dimacs);
                assert!(r.stderr.is_empty(), "{at}: {r:?}");
                let out = r.ok();
                if a["no_perfect_matching"] == true {
                    assert_eq!(out, "no perfect matching\n", "{at}");
                } else {
                    let (total, size) = out.trim_end().split_once(' ').unwrap();
                    assert_eq!(total, int(&a["total"]), "{at}: total");
                    if let Some(k) = a.get("size") {
                        assert_eq!(size, k.to_string(), "{at}: size");
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
    }
    assert!(asked >= 6 * 15 && wide_asked >= 6, "{asked} {wide_asked}");
}

/// Every case of the files `testdata/<dir>/*.json`, with its label.
fn cases(dir: &str) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", dir.display());
    let mut out = Vec::new();
    for path in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for c in doc["cases"].as_array().unwrap() {
            let at = format!("{} {}", path.display(), c["name"].as_str().unwrap());
            out.push((at, c.clone()));
        }
    }
    out
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
