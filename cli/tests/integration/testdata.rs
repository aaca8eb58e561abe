//! The shared weighted cases of `testdata/weighted/*.json` (format and readers:
//! testdata/README.md; their answers are checked against the subset DP by the library's
//! `tests/integration/testdata.rs`) through the binary: each case written as a DIMACS file,
//! every question asked with `match --weights` (total and size), and its `--json` certificate
//! through `verify --graph`. Weights beyond ±2⁵⁹ are read as wide ones and answered on the
//! library's `i128` path, exactly as the others.

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
