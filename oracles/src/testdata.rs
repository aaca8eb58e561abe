//! The shared case files of `testdata/` (format: testdata/README.md), read once for every
//! Rust suite: the library's (`tests/integration/testdata.rs`, `testdata_cases.rs`) and the
//! command line's (`cli/tests/integration/testdata.rs`). Each checks the cases its own way; this
//! module only reads them, panicking with the file and case on a malformed one.
//!
//! Like the rest of the crate it knows nothing of gridmatch's types: a weighted answer names its
//! question by the files' own words (`"max"`, `"perfect"`), and the other kinds of case are
//! handed over as JSON.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The files `testdata/<dir>/*.json`, in file-name order.
fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", dir.display());
    files
}

/// Every case of the files `testdata/<dir>/*.json` (`"weighted"`, `"twosat"`, `"matching"`),
/// in file-name order, each with its label (`"basic.json triangle-pendant"`). Every file and
/// case must say what it is `"about"`.
pub fn cases(dir: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for path in files(dir) {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(doc["about"].is_string(), "{file}: no \"about\"");
        for c in doc["cases"].as_array().unwrap() {
            let at = format!("{file} {}", c["name"].as_str().unwrap());
            assert!(c["about"].is_string(), "{at}: no \"about\"");
            out.push((at, c.clone()));
        }
    }
    out
}

/// A case of `testdata/weighted/*.json`.
#[derive(Clone, Debug)]
pub struct WeightedCase {
    /// File and case name, for messages.
    pub at: String,
    /// Vertices `0..n`.
    pub n: usize,
    /// `(u, v, weight)`, each end below `n`.
    pub edges: Vec<(usize, usize, i128)>,
    /// One per question, in the file's order.
    pub answers: Vec<WeightedAnswer>,
}

/// The expected answer to one question of a [`WeightedCase`].
#[derive(Clone, Debug)]
pub struct WeightedAnswer {
    /// `"max"` or `"min"`.
    pub objective: String,
    /// `"any"`, `"maximum"` or `"perfect"`.
    pub cardinality: String,
    /// `None` for "no perfect matching", else the optimal total and, when every optimum has
    /// the same number of pairs, that number.
    pub expected: Option<(i128, Option<usize>)>,
}

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

/// Every case of `testdata/weighted/*.json` (at least four files), in file-name order.
pub fn weighted_cases() -> Vec<WeightedCase> {
    assert!(files("weighted").len() >= 4, "{:?}", files("weighted"));
    cases("weighted")
        .into_iter()
        .map(|(at, c)| {
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
                    let word = |key: &str| {
                        a[key]
                            .as_str()
                            .unwrap_or_else(|| panic!("{at}: {key} of {a}"))
                            .to_string()
                    };
                    let expected = if a["no_perfect_matching"] == Value::Bool(true) {
                        assert!(a.get("total").is_none(), "{at}: {a}");
                        None
                    } else {
                        Some((
                            int(&a["total"], &at),
                            a.get("size").map(|s| s.as_u64().unwrap() as usize),
                        ))
                    };
                    WeightedAnswer {
                        objective: word("objective"),
                        cardinality: word("cardinality"),
                        expected,
                    }
                })
                .collect();
            WeightedCase {
                at,
                n,
                edges,
                answers,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_case_is_read() {
        let weighted = weighted_cases();
        assert!(weighted.len() >= 15, "{}", weighted.len());
        for c in &weighted {
            for a in &c.answers {
                assert!(["max", "min"].contains(&a.objective.as_str()), "{}", c.at);
                let cards = ["any", "maximum", "perfect"];
                assert!(cards.contains(&a.cardinality.as_str()), "{}", c.at);
            }
        }
        // Integers beyond ±2⁵³ come as decimal strings.
        assert!(
            weighted
                .iter()
                .flat_map(|c| &c.edges)
                .any(|e| e.2.abs() > 1 << 100)
        );
        assert!(cases("twosat").len() >= 10 && cases("matching").len() >= 10);
    }
}
