//! End-to-end tests of `gridmatch match --dm`: the plain output, the `--json` certificate
//! against the oracles crate's decomposition, through `verify --graph` (passes) and tampered
//! (fails with exit 1), graphs that are not bipartite refused (exit 2).

use gridmatch_oracles::dm::{Part, decompose};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::common::{on_file, verify_graph};

/// A 4 × 4 matrix with all three coarse parts: row 1 alone wants columns 1 and 2 (one of them
/// stays unmatched), rows 2 and 3 share column 3, row 4 has column 4 and an entry in column 3.
const THREE_PARTS: &str = "%%MatrixMarket matrix coordinate pattern general\n4 4 6\n\
                           1 1\n1 2\n2 3\n3 3\n4 4\n4 3\n";

fn json(name: &str, contents: &str) -> Value {
    let out = on_file(&["match", "--dm", "--json"], name, contents).ok();
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn plain_output_names_blocks_in_the_files_numbering() {
    assert_eq!(
        on_file(&["match", "--dm"], "a.mtx", THREE_PARTS).ok(),
        "structural rank 3 (4 rows, 4 columns)\n\
         coarse: under-determined 1 x 2, square 1 x 1, over-determined 2 x 1\n\
         square blocks: 1\n\
         block 1 (under-determined 1 x 2): rows 1; columns 2 1\n\
         block 2 (square 1 x 1): rows 4; columns 4\n\
         block 3 (over-determined 2 x 1): rows 2 3; columns 3\n"
    );
    // A graph: rows are the side of each component's smallest vertex; isolated vertex 5 is an
    // unmatched row.
    assert_eq!(
        on_file(
            &["match", "--dm"],
            "c.dimacs",
            "p edge 5 4\ne 1 2\ne 2 3\ne 3 4\ne 1 4\n"
        )
        .ok(),
        "structural rank 2 (3 rows, 2 columns)\n\
         coarse: under-determined 0 x 0, square 2 x 2, over-determined 1 x 0\n\
         square blocks: 1\n\
         block 1 (square 2 x 2): rows 1 3; columns 2 4\n\
         block 2 (over-determined 1 x 0): rows 5; columns\n"
    );
}

#[test]
fn json_is_matlab_dmperm_and_verifies() {
    let v = json("a.mtx", THREE_PARTS);
    assert_eq!(v["certificate"], "dulmage_mendelsohn");
    assert_eq!(v["shape"], serde_json::json!([4, 4]));
    assert_eq!(v["structural_rank"], 3);
    assert_eq!(
        v["coarse"],
        serde_json::json!({"under": [1, 2], "square": [1, 1], "over": [2, 1]})
    );
    assert_eq!(v["square_blocks"], 1);
    assert_eq!(v["cc"], serde_json::json!([0, 1, 2, 3, 4]));
    assert_eq!(v["rr"], serde_json::json!([0, 1, 2, 3, 4]));
    assert_eq!(v["r"], serde_json::json!([0, 1, 2, 4]));
    assert_eq!(v["s"], serde_json::json!([0, 2, 3, 4]));
    assert!(v.get("row_vertices").is_none());
    let r = verify_graph("a.mtx", THREE_PARTS, &v.to_string());
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.ends_with(
        ": Dulmage–Mendelsohn decomposition of structural rank 3 with 1 square block: ok\n"
    ));
    // Every format, empty and one-sided files included.
    for (name, contents) in [
        ("e.txt", "10 20\n20 30\n30 10\n40 50\n"),
        ("e.dimacs", "p edge 6 4\ne 1 2\ne 2 3\ne 3 4\ne 4 5\n"),
        (
            "z.mtx",
            "%%MatrixMarket matrix coordinate pattern general\n3 2 0\n",
        ),
        ("z.dimacs", "p edge 0 0\n"),
        (
            "w.mtx",
            "%%MatrixMarket matrix coordinate pattern general\n0 3 0\n",
        ),
        (
            "sym.mtx",
            "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n3 2\n1 1\n",
        ),
    ] {
        if name == "e.txt" {
            // An odd cycle: not bipartite.
            let r = on_file(&["match", "--dm"], name, contents);
            assert_eq!(r.code, Some(2), "{r:?}");
            continue;
        }
        let v = json(name, contents);
        let r = verify_graph(name, contents, &v.to_string());
        assert_eq!(r.code, Some(0), "{name}: {r:?}");
    }
}

#[test]
fn not_bipartite_is_an_input_error() {
    let r = on_file(
        &["match", "--dm"],
        "t.dimacs",
        "p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("t.dimacs:1:1"), "{}", r.stderr);
    assert!(r.stderr.contains("odd cycle"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    // --dm does not combine with --pairs, --classify or --weights.
    for flag in ["--pairs", "--classify", "--weights"] {
        let r = on_file(&["match", "--dm", flag], "a.mtx", THREE_PARTS);
        assert_eq!(r.code, Some(2), "{flag}: {r:?}");
    }
}

/// A random m × n Matrix Market pattern and its entries (0-based).
fn random_mtx(rng: &mut ChaCha8Rng) -> (String, usize, usize, Vec<(usize, usize)>) {
    let (m, n) = (rng.random_range(0..=40), rng.random_range(0..=40));
    let per_row = [0.3, 1.0, 1.5, 2.5, 4.0][rng.random_range(0..5)];
    let mut entries = Vec::new();
    for i in 0..m {
        for j in 0..n {
            if rng.random_bool((per_row / n as f64).min(1.0)) {
                entries.push((i, j));
            }
        }
    }
    // A band so that square parts have several blocks.
    if rng.random_bool(0.5) {
        entries.extend((0..m.min(n)).map(|i| (i, i)));
        entries.extend((1..m.min(n)).map(|i| (i - 1, i)));
    }
    let mut text = format!(
        "%%MatrixMarket matrix coordinate pattern general\n{m} {n} {}\n",
        entries.len()
    );
    for &(i, j) in &entries {
        text.push_str(&format!("{} {}\n", i + 1, j + 1));
    }
    (text, m, n, entries)
}

fn usizes(v: &Value) -> Vec<usize> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

#[test]
fn random_matrices_agree_with_the_oracle_verify_and_tampering_fails() {
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    let mut tampered = 0;
    for case in 0..40 {
        let (text, m, n, entries) = random_mtx(&mut rng);
        let name = format!("r{case}.mtx");
        let v = json(&name, &text);
        let o = decompose(m, n, &entries);
        let pair = |x: (usize, usize)| serde_json::json!([x.0, x.1]);
        assert_eq!(v["coarse"]["under"], pair(o.shape(Part::Under)), "{text}");
        assert_eq!(v["coarse"]["square"], pair(o.shape(Part::Square)), "{text}");
        assert_eq!(v["coarse"]["over"], pair(o.shape(Part::Over)), "{text}");
        assert_eq!(v["structural_rank"], o.rank());
        assert_eq!(v["square_blocks"], o.block_sizes.len());
        // The square blocks' sizes, as multisets.
        let (r, rr) = (usizes(&v["r"]), usizes(&v["rr"]));
        let mut sizes: Vec<usize> = r
            .windows(2)
            .filter(|w| w[0] >= rr[1] && w[1] <= rr[2] && w[1] > w[0])
            .map(|w| w[1] - w[0])
            .collect();
        let mut want = o.block_sizes.clone();
        sizes.sort_unstable();
        want.sort_unstable();
        assert_eq!(sizes, want, "{text}");
        let ok = verify_graph(&name, &text, &v.to_string());
        assert_eq!(ok.code, Some(0), "{ok:?}");

        // Tampering: the summary, the boundaries, and rows or columns moved between blocks.
        let mut bad: Vec<Value> = Vec::new();
        let mut t = v.clone();
        t["square_blocks"] = (o.block_sizes.len() + 1).into();
        bad.push(t);
        let mut t = v.clone();
        t["coarse"]["over"][0] = (o.shape(Part::Over).0 + 1).into();
        bad.push(t);
        if r.len() > 2 {
            let mut t = v.clone();
            t["r"][1] = (r[1] + 1).into();
            bad.push(t);
        }
        for key in ["p", "q"] {
            let bounds = usizes(&v[if key == "p" { "r" } else { "s" }]);
            let block = |k: usize| bounds.windows(2).position(|w| w[0] <= k && k < w[1]);
            let len = v[key].as_array().unwrap().len();
            if len >= 2 {
                let (a, b) = (rng.random_range(0..len), rng.random_range(0..len));
                if block(a) != block(b) {
                    let mut t = v.clone();
                    let (x, y) = (t[key][a].clone(), t[key][b].clone());
                    t[key][a] = y;
                    t[key][b] = x;
                    bad.push(t);
                }
            }
        }
        for t in bad {
            let r = verify_graph(&name, &text, &t.to_string());
            assert_eq!(r.code, Some(1), "accepted {t}\nfor {text}\n{r:?}");
            assert!(r.stdout.contains(": FAIL: "), "{r:?}");
            assert!(r.stderr.contains("1 of 1 certificate failed"), "{r:?}");
            tampered += 1;
        }
    }
    assert!(tampered > 100, "only {tampered} tampered certificates");
}

#[test]
fn tampered_certificates_say_why() {
    let v = json("a.mtx", THREE_PARTS);
    let fail = |edit: &dyn Fn(&mut Value)| {
        let mut t = v.clone();
        edit(&mut t);
        let r = verify_graph("a.mtx", THREE_PARTS, &t.to_string());
        assert_eq!(r.code, Some(1), "{r:?}");
        r.stdout
    };
    // Row 4 (the square part) swapped with row 1 (the under-determined part).
    let out = fail(&|t| {
        t["p"][0] = 3.into();
        t["p"][1] = 0.into();
    });
    assert!(
        out.contains("FAIL: row 4 and column 1 are on the diagonal"),
        "{out}"
    );
    // Not a permutation.
    let out = fail(&|t| t["q"][0] = 0.into());
    assert!(
        out.contains("FAIL: q is not a permutation of 0..4"),
        "{out}"
    );
    // The square block claimed as part of the over-determined one.
    let out = fail(&|t| {
        t["r"] = serde_json::json!([0, 1, 4]);
        t["s"] = serde_json::json!([0, 2, 4]);
    });
    assert!(out.contains("FAIL: block boundary"), "{out}");
    let out = fail(&|t| t["structural_rank"] = 4.into());
    assert!(
        out.contains("FAIL: structural_rank 4 but rr[3] = 3"),
        "{out}"
    );
    // A matrix certificate checked against a graph file: the format differs.
    let r = verify_graph("a.dimacs", "p edge 2 1\ne 1 2\n", &v.to_string());
    assert_eq!(r.code, Some(1));
    assert!(
        r.stdout.contains("the certificate is for a mtx file"),
        "{r:?}"
    );
}
