//! End-to-end tests of `gridmatch match --weights` and `verify --graph` on weighted
//! certificates: every question on small files of every format, exact decimals, certificates
//! that verify and tampered ones that do not, and bad weights refused with line and column.

use std::fmt::Write as _;

use gridmatch::decimal::scale::exact_sum;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::common::{on_file, verify_graph};

/// A triangle 0-1-2 with a pendant 3 on 0 (edge list): weights make the heaviest edge lose.
const TRIANGLE: &str = "# u v w\n0 1 4\n1 2 5\n0 2 3\n0 3 2\n";

#[test]
fn every_question_on_an_edge_list() {
    let m = |extra: &[&str]| {
        let mut args = vec!["match", "--weights"];
        args.extend_from_slice(extra);
        on_file(&args, "t.txt", TRIANGLE).ok()
    };
    // Best: 1-2 (5) + 0-3 (2) = 7.
    assert_eq!(m(&[]), "7 2\n");
    assert_eq!(m(&["--max"]), "7 2\n");
    // Pairs in the order of the file's edges.
    assert_eq!(m(&["--pairs"]), "7 2\n1 2 5\n0 3 2\n");
    // Smallest: the empty matching; the only maximum-cardinality one is 1-2 + 0-3.
    assert_eq!(m(&["--min"]), "0 0\n");
    assert_eq!(m(&["--min", "--max-cardinality"]), "7 2\n");
    assert_eq!(m(&["--perfect"]), "7 2\n");
    // A negative edge taken only when a perfect matching needs it.
    let neg = "0 1 -3\n";
    assert_eq!(on_file(&["match", "--weights"], "n.txt", neg).ok(), "0 0\n");
    assert_eq!(
        on_file(&["match", "--weights", "--perfect"], "n.txt", neg).ok(),
        "-3 1\n"
    );
    // No perfect matching on a path of three vertices.
    let path = "0 1 1\n1 2 1\n";
    assert_eq!(
        on_file(&["match", "--weights", "--perfect"], "p.txt", path).ok(),
        "no perfect matching\n"
    );
}

#[test]
fn decimals_are_exact() {
    // 0.1 + 0.2 is 0.3 exactly, not 0.30000000000000004.
    let g = "0 1 0.1\n2 3 0.2\n1 2 0.25\n";
    assert_eq!(on_file(&["match", "--weights"], "d.txt", g).ok(), "0.3 2\n");
    assert_eq!(
        on_file(&["match", "--weights", "--pairs"], "d.txt", g).ok(),
        "0.3 2\n0 1 0.1\n2 3 0.2\n"
    );
    // Exponents, in a DIMACS file.
    let d = "p edge 4 3\ne 1 2 1e3\ne 3 4 2.5E-1\ne 2 3 1000.5\n";
    assert_eq!(
        on_file(&["match", "--weights"], "d.col", d).ok(),
        "1000.5 1\n"
    );
}

#[test]
fn matrices_are_assignments() {
    // 3 × 3, the diagonal is not the cheapest: 1 + 2 + 2 = 5.
    let mtx = "%%MatrixMarket matrix coordinate integer general\n3 3 9\n\
               1 1 4\n1 2 1\n1 3 3\n2 1 2\n2 2 0\n2 3 5\n3 1 3\n3 2 2\n3 3 2\n";
    assert_eq!(
        on_file(
            &["match", "--weights", "--min", "--perfect", "--pairs"],
            "a.mtx",
            mtx
        )
        .ok(),
        "5 3\n1 2 1\n2 1 2\n3 3 2\n"
    );
    assert_eq!(
        on_file(&["match", "--weights", "--perfect"], "a.mtx", mtx).ok(),
        "11 3\n"
    );
    // Rectangular 2 × 3, row 1 has no entry in column 1.
    let rect = "%%MatrixMarket matrix coordinate real general\n2 3 4\n1 2 5\n1 3 9\n2 1 1\n2 2 1\n";
    assert_eq!(
        on_file(
            &["match", "--weights", "--min", "--max-cardinality"],
            "r.mtx",
            rect
        )
        .ok(),
        "6 2\n"
    );
}

#[test]
fn certificates_verify_and_tampered_ones_fail() {
    let files = [
        ("t.txt", TRIANGLE),
        ("d.txt", "0 1 0.1\n2 3 0.2\n1 2 0.25\n"),
        // Two triangles joined by an edge: blossoms with positive duals.
        (
            "b.txt",
            "0 1 6\n1 2 6\n2 0 6\n3 4 6\n4 5 6\n5 3 6\n2 3 1\n0 6 2\n",
        ),
        ("p.txt", "0 1 1\n1 2 1\n"),
        (
            "a.mtx",
            "%%MatrixMarket matrix coordinate integer general\n2 3 4\n1 2 5\n1 3 9\n2 1 1\n2 2 1\n",
        ),
    ];
    let questions: [&[&str]; 5] = [
        &[],
        &["--min"],
        &["--max-cardinality"],
        &["--min", "--perfect"],
        &["--perfect"],
    ];
    let mut tampered = 0;
    for (name, contents) in files {
        for q in questions {
            let mut args = vec!["match", "--weights", "--json"];
            args.extend_from_slice(q);
            let line = on_file(&args, name, contents).ok();
            let ok = verify_graph(name, contents, &line);
            assert_eq!(ok.code, Some(0), "{name} {q:?}: {ok:?}\n{line}");
            assert!(ok.stdout.ends_with(": ok\n"), "{ok:?}");
            // Raise the total, lower a dual: each must fail.
            let v: Value = serde_json::from_str(&line).unwrap();
            let mut bad = Vec::new();
            if let Some(t) = v["total"].as_i64() {
                let mut w = v.clone();
                w["total"] = (t + 1).into();
                bad.push(w);
            }
            for list in ["vertex", "rows", "cols"] {
                if let Some(first) = v["duals"][list].as_array().and_then(|a| a.first()) {
                    let mut w = v.clone();
                    w["duals"][list][0][1] = (first[1].as_i64().unwrap() - 1).into();
                    bad.push(w);
                }
            }
            if let Some(b) = v["duals"]["blossoms"].as_array().filter(|b| !b.is_empty()) {
                let mut w = v.clone();
                w["duals"]["blossoms"] = b[1..].to_vec().into();
                bad.push(w);
            }
            for w in bad {
                let r = verify_graph(name, contents, &w.to_string());
                assert_eq!(
                    r.code,
                    Some(1),
                    "{name} {q:?} tampered accepted: {w}\n{r:?}"
                );
                assert!(r.stdout.contains("FAIL: "), "{r:?}");
                tampered += 1;
            }
        }
    }
    assert!(tampered > 30, "{tampered}");
}

#[test]
fn bad_weights_name_line_and_column() {
    let refused = |contents: &str, line: u64, col: u64| {
        let r = on_file(&["match", "--weights"], "bad.txt", contents);
        assert_eq!(r.code, Some(2), "{r:?}");
        let at = format!("bad.txt:{line}:{col}: ");
        assert!(r.stderr.contains(&at), "expected {at} in {:?}", r.stderr);
    };
    refused("0 1 3\n1 2\n", 2, 4);
    refused("0 1 3\n1 2 abc\n", 2, 5);
    refused("0 1 nan\n", 1, 5);
    refused("0 1 inf\n", 1, 5);
    refused("0 1 1e1000\n", 1, 5);
    refused(
        "0 1 3\n1 2 0.123456789012345678901234567890123456789\n",
        2,
        5,
    );
    // A pattern matrix has no values.
    let r = on_file(
        &["match", "--weights"],
        "p.mtx",
        "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1\n",
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    // Flags that need --weights.
    let r = on_file(&["match", "--min"], "t.txt", TRIANGLE);
    assert_eq!(r.code, Some(2), "{r:?}");
    // A certificate checked against a file without weights fails, naming why.
    let line = on_file(&["match", "--weights", "--json"], "t.txt", TRIANGLE).ok();
    let r = verify_graph("plain.txt", "0 1\n1 2\n", &line);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("no weights"), "{r:?}");
}

/// Two triangles of triangles' worth of nesting: three triangles joined in a ring, a pendant.
const NESTED: &str = "0 1 6\n1 2 6\n2 0 6\n3 4 6\n4 5 6\n5 3 6\n6 7 6\n7 8 6\n8 6 6\n\
                      2 3 5\n5 6 5\n8 0 5\n0 9 1\n";

#[test]
fn odd_sets_are_a_forest_and_records_of_the_first_shape_still_verify() {
    let line = on_file(&["match", "--weights", "--json"], "n.txt", NESTED).ok();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["version"], 2, "{line}");
    // The outer set holds the three triangles as children and no vertex of its own.
    let sets = v["duals"]["blossoms"].as_array().unwrap();
    assert_eq!(sets.len(), 4, "{line}");
    assert_eq!(sets[3]["children"], serde_json::json!([0, 1, 2]), "{line}");
    assert_eq!(sets[3]["vertices"], serde_json::json!([]), "{line}");
    assert!(
        verify_graph("n.txt", NESTED, &line)
            .stdout
            .ends_with(": ok\n")
    );
    // The README's example record is this one.
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"),
    )
    .unwrap();
    let example = readme
        .split("```json\n")
        .find_map(|block| {
            let json = block.split("```").next()?;
            json.contains("\"weighted_matching\"").then_some(json)
        })
        .expect("README shows a weighted record");
    let shown: Value = serde_json::from_str(example).unwrap();
    assert_eq!(shown, v, "README's record differs from the binary's");
    // Each child dropped, or a triangle's vertex listed in the outer set too: refused.
    for tamper in 0..4 {
        let mut w = v.clone();
        match tamper {
            0..3 => {
                let kids = w["duals"]["blossoms"][3]["children"]
                    .as_array_mut()
                    .unwrap();
                kids.remove(tamper);
            }
            _ => w["duals"]["blossoms"][3]["vertices"] = serde_json::json!([0]),
        }
        let r = verify_graph("n.txt", NESTED, &w.to_string());
        assert_eq!(r.code, Some(1), "{w}\n{r:?}");
    }
    // The same proof as written before version 2: no version, every set listing all its
    // vertices (largest first here), no children.
    let old = r#"{"certificate":"weighted_matching","format":"edges","objective":"max","cardinality":"any","decimals":0,"result":"optimum","total":24,"size":5,"matching":[[1,2,6],[3,4,6],[7,8,6],[5,6,5],[0,9,1]],"shift":0,"duals":{"vertex":[[0,1],[1,1],[2,1],[3,1],[4,1],[5,1],[6,1],[7,1],[8,1],[9,1]],"blossoms":[{"dual":8,"vertices":[0,1,2,3,4,5,6,7,8]},{"dual":2,"vertices":[3,4,5]},{"dual":2,"vertices":[6,7,8]},{"dual":2,"vertices":[0,1,2]}]}}"#;
    let r = verify_graph("n.txt", NESTED, old);
    assert_eq!(r.code, Some(0), "{r:?}");
    // Tampered copies of it fail: a crossing set, a dual lowered, children without a version.
    for (from, to) in [
        ("[3,4,5]", "[2,3,4]"),
        (r#""dual":8"#, r#""dual":7"#),
        ("[3,4,5]", r#"[3,4,5],"children":[0]"#),
    ] {
        let bad = old.replacen(from, to, 1);
        let r = verify_graph("n.txt", NESTED, &bad);
        assert_eq!(r.code, Some(1), "{bad}\n{r:?}");
    }
    // An unknown version is refused.
    let bad = line.replacen(r#""version":2"#, r#""version":3"#, 1);
    let r = verify_graph("n.txt", NESTED, &bad);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("version 3"), "{r:?}");
}

#[test]
fn no_perfect_matching_pairs_carry_the_files_weights() {
    let path = "0 1 5\n1 2 3\n";
    let line = on_file(
        &["match", "--weights", "--perfect", "--json"],
        "p.txt",
        path,
    )
    .ok();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["result"], "no perfect matching");
    let pair = &v["matching"][0];
    let w = pair[2].as_i64().unwrap();
    assert_eq!(
        w,
        if pair[0] == 1 && pair[1] == 2 { 3 } else { 5 },
        "{line}"
    );
    assert_eq!(verify_graph("p.txt", path, &line).code, Some(0));
    // A weight that is not the file's fails; all zeros (records written before) still pass.
    for (weight, code) in [(12345, 1), (w + 1, 1), (0, 0)] {
        let mut t = v.clone();
        t["matching"][0][2] = weight.into();
        let r = verify_graph("p.txt", path, &t.to_string());
        assert_eq!(r.code, Some(code), "{t}\n{r:?}");
    }
}

#[test]
fn min_certificates_are_explained_in_the_files_weights() {
    let line = on_file(
        &["match", "--weights", "--min", "--max-cardinality", "--json"],
        "t.txt",
        TRIANGLE,
    )
    .ok();
    let v: Value = serde_json::from_str(&line).unwrap();
    // On a graph the maximum-cardinality question has no shift: its duals are for the gadget
    // graph of the barrier, with the file's weights negated for `--min`.
    let shift = v["shift"].as_i64().unwrap();
    assert_eq!(shift, 0, "{line}");
    assert_eq!(v["reduction"], "gallai-edmonds", "{line}");
    // Every vertex dual lowered a lot: some edge is no longer covered.
    let mut t = v.clone();
    for entry in t["duals"]["vertex"].as_array_mut().unwrap() {
        entry[1] = 0.into();
    }
    let r = verify_graph("t.txt", TRIANGLE, &t.to_string());
    assert_eq!(r.code, Some(1), "{r:?}");
    let file_weight = [
        "of weight 4 ",
        "of weight 5 ",
        "of weight 3 ",
        "of weight 2 ",
    ]
    .iter()
    .any(|w| r.stdout.contains(w));
    assert!(file_weight, "{r:?}");
    assert!(r.stdout.contains(&format!(" + {shift} = ")), "{r:?}");
    // A matched edge's end raised: not tight, said with the file's weight of that pair.
    let mut t = v.clone();
    t["duals"]["vertex"][0][1] = (t["duals"]["vertex"][0][1].as_i64().unwrap() + 2).into();
    let r = verify_graph("t.txt", TRIANGLE, &t.to_string());
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("is not tight"), "{r:?}");
    let pair = v["matching"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p[0] == 0 || p[1] == 0)
        .unwrap();
    let w = pair[2].as_i64().unwrap();
    assert!(
        r.stdout
            .contains(&format!("of weight {w} is not tight: for this question its weight counts as -({w}) + {shift} = {}", shift - w)),
        "{r:?}"
    );
}

#[test]
fn large_weights_are_answered_for_every_question() {
    // On a graph, n·max|w| = 4 · 2·10^17 ≥ 2^59 is answered with no shift, and proved.
    let big = "# big\n0 1 1\n1 2 2\n2 0   200000000000000000\n0 3 5\n";
    let r = on_file(&["match", "--weights", "--max-cardinality"], "big.txt", big);
    assert_eq!(r.ok(), "7 2\n");
    let line = on_file(
        &["match", "--weights", "--max-cardinality", "--json"],
        "big.txt",
        big,
    )
    .ok();
    assert_eq!(verify_graph("big.txt", big, &line).code, Some(0), "{line}");
    // A matrix the assignment engine cannot answer: answered too (the shift's arithmetic is
    // wide), and proved.
    let big = "%%MatrixMarket matrix coordinate integer general\n3 3 5\n1 1 1\n2 1 2\n\
               3 1 200000000000000000\n1 2 5\n1 3 4\n";
    let r = on_file(&["match", "--weights", "--max-cardinality"], "big.mtx", big);
    assert_eq!(r.ok(), "200000000000000005 2\n");
    let line = on_file(
        &["match", "--weights", "--max-cardinality", "--json"],
        "big.mtx",
        big,
    )
    .ok();
    assert_eq!(verify_graph("big.mtx", big, &line).code, Some(0), "{line}");
    // 4 · (2^57 − 1) < 2^59: answered.
    let fits = "0 1 1\n1 2 2\n2 0 144115188075855871\n0 3 5\n";
    let r = on_file(&["match", "--weights", "--max-cardinality"], "f.txt", fits);
    assert_eq!(r.ok(), "7 2\n");
}

/// A small linear congruential generator (the tests here take no random crate).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

const QUESTIONS: [&[&str]; 6] = [
    &[],
    &["--min"],
    &["--max-cardinality"],
    &["--min", "--max-cardinality"],
    &["--perfect"],
    &["--min", "--perfect"],
];

/// Weights beyond 18 decimals or 2^59 are answered on the library's wide path exactly as the
/// same integers are on the 64-bit one: on random small graphs, every question's total for the
/// weights `W·10^-25` and `W·10^20` is the total for `W` moved by as many places, and each
/// `--json` certificate verifies against its file.
#[test]
fn wide_weights_answer_as_the_same_integers() {
    let mut rng = Lcg(36);
    let mut checked = 0;
    for case in 0..25 {
        let n = 2 + rng.below(6);
        let m = 1 + rng.below(12);
        let edges: Vec<(u64, u64, i64)> = (0..m)
            .map(|_| {
                (
                    rng.below(n),
                    rng.below(n),
                    rng.below(2_000_001) as i64 - 1_000_000,
                )
            })
            .collect();
        let file = |w: &dyn Fn(i64) -> String| -> String {
            edges
                .iter()
                .map(|&(u, v, x)| format!("{u} {v} {}\n", w(x)))
                .collect()
        };
        let plain = file(&|x| x.to_string());
        let tiny = file(&|x| format!("{x}e-25"));
        let huge = file(&|x| {
            if x == 0 {
                "0".into()
            } else {
                format!("{x}00000000000000000000")
            }
        });
        for q in QUESTIONS {
            let ask = |name: &str, contents: &str| {
                let mut args = vec!["match", "--weights"];
                args.extend_from_slice(q);
                let r = on_file(&args, name, contents);
                assert!(r.stderr.is_empty(), "{case} {q:?}: {r:?}");
                let out = r.ok();
                args.push("--json");
                let line = on_file(&args, name, contents).ok();
                let v = verify_graph(name, contents, &line);
                assert!(
                    v.stdout.ends_with(": ok\n"),
                    "{case} {q:?} {name}: {v:?}\n{line}"
                );
                out
            };
            let want = ask("plain.txt", &plain);
            let got_tiny = ask("tiny.txt", &tiny);
            let got_huge = ask("huge.txt", &huge);
            if want == "no perfect matching\n" {
                assert_eq!((&got_tiny, &got_huge), (&want, &want), "{case} {q:?}");
                continue;
            }
            let (total, size) = want.trim_end().split_once(' ').unwrap();
            let t: i128 = total.parse().unwrap();
            let moved = gridmatch::decimal::decimal(t, 25);
            assert_eq!(
                got_tiny,
                format!("{moved} {size}\n"),
                "{case} {q:?}\n{tiny}"
            );
            let moved = gridmatch::decimal::decimal(t * 10i128.pow(20), 0);
            assert_eq!(
                got_huge,
                format!("{moved} {size}\n"),
                "{case} {q:?}\n{huge}"
            );
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked}");
}

/// Every Python float repr is read exactly (`0.1`, `1e-05`, `2.5E3`, `-0.0`,
/// `0.30000000000000004`); weights too far apart for exact integers (`5e-324` beside
/// `1.7976931348623157e308`) get a proven-gap answer, said on stderr and in the record, which
/// `verify --graph` checks; a tampered gap or grid fails.
#[test]
fn float_reprs_are_exact_and_far_apart_ones_get_a_proven_gap() {
    let exact = "0 1 0.1\n1 2 0.30000000000000004\n2 3 2.5E3\n3 0 -0.0\n0 2 1e-05\n\
                 1 3 2500.1000000000000000000000001\n";
    let r = on_file(&["match", "--weights", "--pairs"], "f.txt", exact);
    assert!(r.stderr.is_empty(), "{r:?}");
    assert_eq!(
        r.ok(),
        "2500.1000100000000000000000001 2\n0 2 0.00001\n1 3 2500.1000000000000000000000001\n"
    );
    let r = on_file(
        &["match", "--weights", "--min", "--perfect"],
        "f.txt",
        exact,
    );
    assert_eq!(r.ok(), "0.30000000000000004 2\n");

    let far = "0 1 0.1\n1 2 2.5E3\n2 3 -0.0\n3 4 5e-324\n4 5 1.7976931348623157e308\n\
               0 5 1e-05\n";
    let r = on_file(&["match", "--weights"], "far.txt", far);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stderr.contains("too far apart") && r.stderr.contains("10^274"),
        "{r:?}"
    );
    // 4-5 on the grid; 1-2 (2.5E3, which rounds to 0) by the greedy pass, then 0-1 no more.
    assert!(
        r.stdout.starts_with("17976931348623157") && r.stdout.ends_with("0002500 2\n"),
        "{r:?}"
    );
    for q in QUESTIONS {
        let mut args = vec!["match", "--weights", "--json"];
        args.extend_from_slice(q);
        let r = on_file(&args, "far.txt", far);
        assert_eq!(r.code, Some(0), "{r:?}");
        let line = r.stdout;
        let v: Value = serde_json::from_str(&line).unwrap();
        if v["result"] == "no perfect matching" {
            continue;
        }
        assert_eq!(v["optimality"], "gap", "{line}");
        assert_eq!(v["grid"], -274, "{line}");
        let ok = verify_graph("far.txt", far, &line);
        assert!(ok.stdout.ends_with(": ok\n"), "{q:?} {ok:?}\n{line}");
        assert!(
            ok.stdout.contains("(on the grid 10^274), within 1"),
            "{ok:?}"
        );
        // Tampered as text (the record's integers are beyond what a JSON number as f64 holds).
        let gap = format!("\"gap\":\"{}\",", v["gap"].as_str().unwrap());
        let bad = [
            line.replace(&gap, "\"gap\":\"1\","),
            line.replace("\"grid\":-274", "\"grid\":-273"),
            line.replace("\"optimality\":\"gap\"", "\"optimality\":\"exact\""),
            // Without the gap fields: an exact record, of a file that has none.
            line.replace(&gap, "")
                .replace("\"grid\":-274,", "")
                .replace("\"optimality\":\"gap\",", ""),
        ];
        for w in bad {
            let r = verify_graph("far.txt", far, &w.to_string());
            assert_eq!(r.code, Some(1), "tampered accepted: {w}\n{r:?}");
            assert!(r.stdout.contains("FAIL: "), "{r:?}");
        }
    }
}

/// The sign of `Σ terms` (`m·10^e` each), exactly.
fn sign_of(terms: &[(i128, i32)]) -> i32 {
    let s = exact_sum(terms);
    if s == "0" {
        0
    } else if s.starts_with('-') {
        -1
    } else {
        1
    }
}

/// A decimal as printed (`-12.5`, `0.000003`, digits without end) as terms `m·10^e`.
fn decimal_terms(text: &str) -> Vec<(i128, i32)> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
    let mut e = -(frac.len() as i32);
    let mut out = Vec::new();
    for chunk in all.rchunks(18) {
        let m: i128 = std::str::from_utf8(chunk).unwrap().parse().unwrap();
        out.push((neg * m, e));
        e += chunk.len() as i32;
    }
    out
}

/// Proven-gap answers to the question over all matchings (both ways), on small random edge
/// lists whose weights (`m·10^e`, `e` from −40 to 60) span far beyond `i128` at one scale: no
/// edge that rounds to 0 on the record's grid yet helps (at the worst of its parallel edges of
/// rounded weight 0) is left between two exposed vertices (the greedy pass), the total is its
/// pairs' weights, no matching beats it by more than the gap (all matchings enumerated, sums
/// compared exactly), `verify --graph` accepts the record, and refuses it with the gap of the
/// answer before its last pair.
#[test]
fn gap_answers_add_helpful_edges_rounded_to_zero() {
    let mut rng = ChaCha8Rng::seed_from_u64(3602);
    let (mut checked, mut greedy) = (0, 0);
    for _ in 0..80 {
        let n = rng.random_range(2..=7u32);
        let edges: Vec<(u32, u32)> = (0..rng.random_range(2..=10))
            .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
            .collect();
        let given: Vec<(i128, i32)> = (0..edges.len())
            .map(|i| {
                let exps = [60, -40, -40, -30, -20, 0, 25];
                let m: i128 = rng.random_range(-999..=999);
                if i < 2 {
                    // One weight near 10^60 and one near 10^-40: beyond i128 at one scale.
                    (if m == 0 { 7 } else { m }, exps[i])
                } else {
                    (m, exps[rng.random_range(0..exps.len())])
                }
            })
            .collect();
        let mut file = String::new();
        for (&(u, v), &(m, e)) in edges.iter().zip(&given) {
            writeln!(file, "{u} {v} {m}e{e}").unwrap();
        }
        let vertices = edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap() as usize;
        for (sense, flags) in [(1, &["--max"][..]), (-1, &["--min"][..])] {
            let mut args = vec!["match", "--weights", "--pairs"];
            args.extend_from_slice(flags);
            let r = on_file(&args, "g.txt", &file);
            assert!(
                r.code == Some(0) && r.stderr.contains("too far apart"),
                "{r:?}"
            );
            let out = r.stdout;
            let mut lines = out.lines();
            let (total, _) = lines.next().unwrap().split_once(' ').unwrap();
            let pairs: Vec<(usize, usize, String)> = lines
                .map(|l| {
                    let f: Vec<&str> = l.split(' ').collect();
                    (
                        f[0].parse().unwrap(),
                        f[1].parse().unwrap(),
                        f[2].to_string(),
                    )
                })
                .collect();
            let weights: Vec<(i128, i32)> =
                pairs.iter().flat_map(|p| decimal_terms(&p.2)).collect();
            assert_eq!(exact_sum(&weights), total, "{file}");
            args[2] = "--json";
            let line = on_file(&args, "g.txt", &file).stdout;
            let v: Value = serde_json::from_str(&line).unwrap();
            let (k, gap) = (
                v["grid"].as_i64().unwrap() as i32,
                v["gap"].as_str().unwrap(),
            );
            let ok = verify_graph("g.txt", &file, &line);
            assert!(ok.stdout.ends_with(": ok\n"), "{ok:?}\n{file}{line}");
            // The gap of the answer without its last pair: refused.
            if let Some(last) = pairs.last().filter(|p| p.2 != "0") {
                let mut more: Vec<(i128, i32)> = decimal_terms(gap);
                more.extend(decimal_terms(&last.2).iter().map(|&(m, e)| (sense * m, e)));
                let bad = line.replace(
                    &format!("\"gap\":\"{gap}\""),
                    &format!("\"gap\":\"{}\"", exact_sum(&more)),
                );
                let r = verify_graph("g.txt", &file, &bad);
                assert_eq!(r.code, Some(1), "tampered accepted: {bad}\n{r:?}");
            }
            // The greedy pass: nothing helpful and rounded to 0 left between exposed vertices
            // (|w| < step/2 = 5·10^(−k−1)).
            let mut matched = vec![false; vertices];
            for p in &pairs {
                matched[p.0] = true;
                matched[p.1] = true;
            }
            let zero = |&(m, e): &(i128, i32)| sign_of(&[(m.abs(), e), (-5, -k - 1)]) < 0;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if u == v || matched[u as usize] || matched[v as usize] || !zero(&given[i]) {
                    continue;
                }
                let worst = edges
                    .iter()
                    .zip(&given)
                    .filter(|&(&(a, b), w)| (a.min(b), a.max(b)) == (u.min(v), u.max(v)) && zero(w))
                    .map(|(_, &(m, e))| sign_of(&[(sense * m, e)]))
                    .min()
                    .unwrap();
                assert!(worst <= 0, "{u}-{v} left out: {file}{out}");
            }
            greedy += usize::from(pairs.iter().any(|p| {
                let i = edges.iter().position(|&(a, b)| {
                    (a.min(b) as usize, a.max(b) as usize) == (p.0.min(p.1), p.0.max(p.1))
                });
                i.is_some_and(|i| zero(&given[i]))
            }));
            // Within the gap of every matching (sign·(c − total) ≤ gap).
            let mut stack = vec![(0usize, vec![false; vertices], Vec::<(i128, i32)>::new())];
            while let Some((from, used, sum)) = stack.pop() {
                let mut terms: Vec<(i128, i32)> =
                    sum.iter().map(|&(m, e)| (sense * m, e)).collect();
                terms.extend(weights.iter().map(|&(m, e)| (-sense * m, e)));
                terms.extend(decimal_terms(gap).iter().map(|&(m, e)| (-m, e)));
                assert!(sign_of(&terms) <= 0, "{file}{out}beaten by {sum:?}");
                for (i, &(u, v)) in edges.iter().enumerate().skip(from) {
                    let (u, v) = (u as usize, v as usize);
                    if u != v && !used[u] && !used[v] {
                        let mut used = used.clone();
                        used[u] = true;
                        used[v] = true;
                        let mut sum = sum.clone();
                        sum.push(given[i]);
                        stack.push((i + 1, used, sum));
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked == 160 && greedy > 20, "{checked} {greedy}");
}

/// A 2 + 2 DIMACS assignment problem: sources 1, 2, sinks 3, 4. The cheapest assignment is
/// 1-4 + 2-3 = 3, the dearest 1-3 + 2-4 = 12.
const ASN_SQUARE: &str = "p asn 4 4\nn 1\nn 2\na 1 3 5\na 1 4 2\na 2 3 1\na 2 4 7\n";

/// A 2 + 3 one: sources 1, 2, sinks 3, 4, 5; the cheapest assignment of both sources is
/// 1-4 + 2-5 = 3 (no perfect matching: 5 nodes).
const ASN_RECT: &str = "p asn 5 5\nn 1\nn 2\na 1 3 5\na 1 4 2\na 2 3 1\na 2 5 1\na 2 4 7\n";

#[test]
fn an_assignment_file_asks_its_own_question() {
    let m = |extra: &[&str], name: &str, file: &str| {
        let mut args = vec!["match", "--weights"];
        args.extend_from_slice(extra);
        on_file(&args, name, file).ok()
    };
    // Square: a minimum-cost perfect matching, as --min --perfect.
    assert_eq!(m(&[], "s.asn", ASN_SQUARE), "3 2\n");
    assert_eq!(m(&["--min", "--perfect"], "s.asn", ASN_SQUARE), "3 2\n");
    assert_eq!(m(&["--pairs"], "s.asn", ASN_SQUARE), "3 2\n1 4 2\n2 3 1\n");
    // Rectangular: the cheapest among maximum-cardinality matchings.
    assert_eq!(m(&[], "r.asn", ASN_RECT), "3 2\n");
    assert_eq!(
        m(&["--min", "--max-cardinality"], "r.asn", ASN_RECT),
        "3 2\n"
    );
    // A flag names its own part of the question; the file fills in the rest.
    assert_eq!(m(&["--max"], "s.asn", ASN_SQUARE), "12 2\n");
    assert_eq!(m(&["--min"], "s.asn", ASN_SQUARE), "3 2\n");
    assert_eq!(m(&["--perfect"], "s.asn", ASN_SQUARE), "3 2\n");
    assert_eq!(m(&["--max-cardinality"], "s.asn", ASN_SQUARE), "3 2\n");
    let none = on_file(&["match", "--weights", "--perfect"], "r.asn", ASN_RECT);
    assert_eq!(
        (none.code, none.stdout.as_str()),
        (Some(0), "no perfect matching\n")
    );
    assert!(
        none.stderr.contains("2 sources and 3 sinks") && none.stderr.contains("without --perfect"),
        "{none:?}"
    );
    // The dearest among maximum-cardinality: 1-3 + 2-4 = 12.
    assert_eq!(m(&["--max"], "r.asn", ASN_RECT), "12 2\n");
    // The same arcs in an edge list ask the plain maximum-weight question.
    assert_eq!(
        on_file(
            &["match", "--weights"],
            "s.txt",
            "0 2 5\n0 3 2\n1 2 1\n1 3 7\n"
        )
        .ok(),
        "12 2\n"
    );
    // A dense matrix states no question: the largest total, as for a Matrix Market file.
    let dense = |extra: &[&str]| {
        let mut args = vec!["match", "--format", "dense", "--weights"];
        args.extend_from_slice(extra);
        on_file(&args, "d.txt", "2\n5 2\n1 7\n").ok()
    };
    assert_eq!(dense(&[]), "12 2\n");
    assert_eq!(dense(&["--min", "--max-cardinality"]), "3 2\n");
    // The certificate names the question answered and verifies against the file.
    for (name, file) in [("s.asn", ASN_SQUARE), ("r.asn", ASN_RECT)] {
        let cert = m(&["--json"], name, file);
        let v: Value = serde_json::from_str(&cert).unwrap();
        assert_eq!(v["objective"], "min", "{cert}");
        let c = if file == ASN_SQUARE {
            "perfect"
        } else {
            "maximum"
        };
        assert_eq!(v["cardinality"], c, "{cert}");
        assert_eq!(v["total"], 3, "{cert}");
        let ok = verify_graph(name, file, &cert);
        assert_eq!(ok.code, Some(0), "{ok:?}");
    }
}
