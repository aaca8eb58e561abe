//! End-to-end tests of `gridmatch match`, `geography`, `twosat` and `verify --graph` on the
//! user's own files: outputs in the file's numbering, certificates that verify (and mutants that
//! do not), exit codes, and bad input refused with its line and column.

use serde_json::Value;

use crate::common::{Run, on_file, run, temp_file};

/// A triangle with a pendant vertex on each corner (DIMACS, 1-based): ν = 3, not bipartite.
const SUN: &str = "c a sun\np edge 6 6\ne 1 2\ne 2 3\ne 3 1\ne 1 4\ne 2 5\ne 3 6\n";

fn refused(run: &Run, line: u64, col: u64) {
    assert_eq!(run.code, Some(2), "{run:?}");
    let at = format!(":{line}:{col}: found ");
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.contains(&at),
        "expected {at} in {:?}",
        run.stderr
    );
}

/// `(u, v)` pairs of `--pairs` output after the size line.
fn pairs(out: &str) -> (usize, Vec<(u64, u64)>) {
    let mut lines = out.lines();
    let size = lines.next().unwrap().parse().unwrap();
    let pairs = lines
        .map(|l| {
            let mut it = l.split(' ').map(|x| x.parse::<u64>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect();
    (size, pairs)
}

#[test]
fn match_prints_the_size_and_pairs_in_the_files_numbering() {
    assert_eq!(on_file(&["match"], "sun.col", SUN).ok(), "3\n");
    let (size, ps) = pairs(&on_file(&["match", "--pairs"], "sun.col", SUN).ok());
    assert_eq!((size, ps.len()), (3, 3));
    let edges = [(1, 2), (2, 3), (3, 1), (1, 4), (2, 5), (3, 6)];
    let mut seen = std::collections::HashSet::new();
    for (u, v) in ps {
        assert!(
            edges.contains(&(u, v)) || edges.contains(&(v, u)),
            "{u} {v}"
        );
        assert!(seen.insert(u) && seen.insert(v), "disjoint");
    }
    // The same graph as a 0-based edge list, and as stdin.
    let list = "# sun\n0 1\n1 2\n2 0\n0 3\n1 4\n2 5\n";
    assert_eq!(run(&["match"], list).ok(), "3\n");
    assert_eq!(run(&["match", "--format", "edges", "-"], list).ok(), "3\n");
    // A matrix: rows × columns; pairs are (row, column), 1-based.
    let mtx =
        "%%MatrixMarket matrix coordinate pattern general\n% 3 x 2\n3 2 4\n1 1\n2 1\n3 1\n3 2\n";
    let (size, ps) = pairs(&on_file(&["match", "--pairs"], "a.mtx", mtx).ok());
    assert_eq!(size, 2);
    assert!(ps.contains(&(3, 2)), "{ps:?}");
}

#[test]
fn json_certificates_verify_against_the_file_and_mutants_fail() {
    let graphs = [
        ("sun.col", SUN),
        ("path.txt", "0 1\n1 2\n2 3\n3 4\n"),
        ("loops.txt", "0 0\n0 1\n0 1\n1 2\n2 2\n"),
        (
            "a.mtx",
            "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 1.0\n2 1 -2\n3 2 4e1\n",
        ),
        ("empty.col", "p edge 3 0\n"),
        // A star with three leaves plus a triangle: the barrier is the star's centre.
        ("star.txt", "0 1\n0 2\n0 3\n4 5\n5 6\n6 4\n"),
    ];
    for (name, text) in graphs {
        let graph = temp_file(name, text.as_bytes());
        let g = graph.to_str().unwrap();
        let cert = run(&["match", "--json", g], "").ok();
        let record: Value = serde_json::from_str(cert.trim()).unwrap();
        assert_eq!(record["certificate"], "matching");
        let certs = temp_file("cert.json", cert.as_bytes());
        let c = certs.to_str().unwrap();
        let out = run(&["verify", "--graph", g, c], "").ok();
        assert!(out.ends_with(": ok\n"), "{out}");
        // Drop one pair; drop one proof vertex.
        let mut mutants = Vec::new();
        if let Some(m) = record["matching"].as_array().filter(|m| !m.is_empty()) {
            let mut r = record.clone();
            r["matching"] = Value::Array(m[1..].to_vec());
            r["size"] = Value::from(m.len() - 1);
            mutants.push(r);
        }
        let proof = record["proof"].as_object().unwrap();
        let (kind, body) = proof.iter().next().unwrap();
        let lists: Vec<&str> = if kind == "matrix_cover" {
            vec!["rows", "cols"]
        } else {
            vec![""]
        };
        for list in lists {
            let xs = if list.is_empty() { body } else { &body[list] };
            if let Some(xs) = xs.as_array().filter(|x| !x.is_empty()) {
                let mut r = record.clone();
                let target = if list.is_empty() {
                    &mut r["proof"][kind]
                } else {
                    &mut r["proof"][kind][list]
                };
                *target = Value::Array(xs[1..].to_vec());
                mutants.push(r);
            }
        }
        for m in mutants {
            let bad = temp_file("bad.json", format!("{m}\n").as_bytes());
            let out = run(&["verify", "--graph", g, bad.to_str().unwrap()], "");
            assert_eq!(out.code, Some(1), "{name}: {m} should fail: {out:?}");
            assert!(out.stdout.contains("FAIL"), "{out:?}");
        }
    }
    // Reasons name vertices in the file's own numbering.
    let graph = temp_file("g.col", b"p edge 3 2\ne 1 2\ne 2 3\n");
    let bad = r#"{"certificate":"matching","format":"dimacs","size":1,"matching":[[1,3]],"proof":{"cover":[2]}}"#;
    let out = run(&["verify", "--graph", graph.to_str().unwrap(), "-"], bad);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout.contains("the pair 1 3 is not an edge"),
        "{}",
        out.stdout
    );
    let mtx = temp_file(
        "m.mtx",
        b"%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n2 2\n",
    );
    let bad = r#"{"certificate":"matching","format":"mtx","size":1,"matching":[[1,1]],"proof":{"matrix_cover":{"rows":[1],"cols":[]}}}"#;
    let out = run(&["verify", "--graph", mtx.to_str().unwrap(), "-"], bad);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout
            .contains("the edge row 2 column 2 has neither end in the cover"),
        "{}",
        out.stdout
    );
    // A puzzle verify of a matching certificate points to --graph.
    let cert = on_file(&["match", "--json"], "sun.col", SUN).ok();
    let out = run(&["verify", "-"], &cert);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("--graph"), "{}", out.stderr);
}

#[test]
fn classify_names_every_edge_once() {
    // Rows 1, 2; columns 1, 2: row 1 – col 1 is forced (row 2 has only col 2); the repeat of
    // 1 1 is printed once; 1 2 is in no maximum matching.
    let mtx = "%%MatrixMarket matrix coordinate pattern general\n2 2 4\n1 1\n1 2\n2 2\n1 1\n";
    let f = temp_file("c.mtx", mtx.as_bytes());
    let path = f.to_str().unwrap();
    // The repeated entry is one edge of the matrix; --classify lists it once.
    let out = run(&["match", "--classify", path], "").ok();
    assert_eq!(out, "2\n1 1 every\n1 2 none\n2 2 every\n");
    // An even cycle: every edge in some maximum matching.
    let out = run(&["match", "--classify"], "0 1\n1 2\n2 3\n3 0\n").ok();
    assert_eq!(out, "2\n0 1 some\n1 2 some\n2 3 some\n3 0 some\n");
    // An odd cycle cannot be classified.
    let out = run(&["match", "--classify"], "0 1\n1 2\n2 0\n");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("bipartite"), "{}", out.stderr);
}

#[test]
fn geography_answers_one_start_every_start_and_shows_the_strategy() {
    // A path 1-2-3 (DIMACS): {1,2} and {2,3} are its maximum matchings. One misses 1, so Bob
    // wins from 1 (and 3); both cover 2, so Alice wins from 2.
    let path = "p edge 3 2\ne 1 2\ne 2 3\n";
    assert_eq!(
        on_file(&["geography", "--start", "1"], "p.col", path).ok(),
        "B\n"
    );
    assert_eq!(
        on_file(&["geography", "--start", "2"], "p.col", path).ok(),
        "A\n"
    );
    assert_eq!(
        on_file(&["geography", "--all"], "p.col", path).ok(),
        "1 B\n2 A\n3 B\n"
    );
    let shown = on_file(&["geography", "--start", "2", "--show"], "p.col", path).ok();
    assert!(
        shown.starts_with("A\nAlice wins from 2: move to "),
        "{shown}"
    );
    let shown = on_file(&["geography", "--start", "1", "--show"], "p.col", path).ok();
    assert!(shown.starts_with("B\nBob wins from 1"), "{shown}");
    assert!(shown.contains("2 -> 3"), "{shown}");
    let out = on_file(&["geography", "--start", "4"], "p.col", path);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("vertices 1 to 3"), "{}", out.stderr);
    // 0-based edge lists answer in their own numbering.
    assert_eq!(run(&["geography", "--all"], "0 1\n").ok(), "0 A\n1 A\n");
}

#[test]
fn twosat_speaks_the_sat_competition_format() {
    // (x1 ∨ x2) ∧ ¬x1: x2 is forced, the model unique.
    let sat = "c example\np cnf 2 2\n1 2 0\n-1 0\n";
    let out = on_file(&["twosat", "--forced", "--unique"], "s.cnf", sat);
    assert_eq!(out.code, Some(10), "{out:?}");
    assert_eq!(
        out.stdout,
        "s SATISFIABLE\nv -1 2 0\nc forced -1 2 0\nc unique\n"
    );
    // One clause, three models: nothing forced, a second model.
    let out = on_file(
        &["twosat", "--forced", "--unique"],
        "t.cnf",
        "p cnf 2 1\n1 2 0\n",
    );
    assert_eq!(out.code, Some(10));
    let lines = out.lines();
    assert_eq!(lines[0], "s SATISFIABLE");
    assert_eq!(lines[2], "c forced 0");
    assert_eq!(lines[3], "c not unique");
    assert_ne!(lines[1], lines[4]);
    // x1 ⇒ x2 ⇒ ¬x1 and ¬x1 ⇒ x2... : (¬x1 ∨ x2) (¬x1 ∨ ¬x2) (x1 ∨ x2) (x1 ∨ ¬x2).
    let unsat = "p cnf 2 4\n-1 2 0\n-1 -2 0\nc a comment line\n1 2 0\n1 -2 0\n";
    let out = on_file(&["twosat", "--proof"], "u.cnf", unsat);
    assert_eq!(out.code, Some(20), "{out:?}");
    let lines = out.lines();
    assert_eq!(lines[0], "s UNSATISFIABLE");
    assert!(lines[1].starts_with("c proof: "), "{}", out.stdout);
    let steps = &lines[2..];
    assert!(!steps.is_empty());
    for step in steps {
        assert!(
            step.starts_with("c   ") && step.contains("by clause"),
            "{step}"
        );
        let line: u64 = step
            .rsplit("(line ")
            .next()
            .unwrap()
            .trim_end_matches(')')
            .parse()
            .unwrap();
        assert!([2, 3, 5, 6].contains(&line), "{step}");
    }
    assert_eq!(run(&["twosat"], unsat).code, Some(20));
}

#[test]
fn malformed_files_are_refused_with_their_place() {
    // Bad header, vertex out of range, wrong edge count, absurd sizes.
    refused(&on_file(&["match"], "a.col", "p edge x 1\n"), 1, 8);
    refused(&on_file(&["match"], "b.col", "p edge 2 1\ne 1 3\n"), 2, 5);
    refused(&on_file(&["match"], "c.col", "p edge 3 2\ne 1 2\n"), 3, 1);
    refused(
        &on_file(
            &["match", "--max-edges", "1000"],
            "d.col",
            "p edge 1000000000000000 1\n",
        ),
        1,
        8,
    );
    refused(&on_file(&["match"], "e.txt", "0 1\n1 x\n"), 2, 3);
    refused(
        &on_file(
            &["match"],
            "f.mtx",
            "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n3 1\n",
        ),
        3,
        1,
    );
    // A 3-literal clause, a missing 0, a CNF given to match.
    let out = on_file(&["twosat"], "g.cnf", "p cnf 3 1\n1 2 3 0\n");
    refused(&out, 2, 5);
    assert!(out.stderr.contains("2-SAT"), "{}", out.stderr);
    let out = on_file(&["twosat"], "h.cnf", "p cnf 2 1\n1 2\n");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("end of input"), "{}", out.stderr);
    let out = on_file(&["match"], "i.cnf", "p cnf 2 1\n1 2 0\n");
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("twosat"), "{}", out.stderr);
}
