//! Issue 33's input fixes end to end: a METIS graph told from an edge list by content (or
//! refused, naming `--format`), from a file and from stdin; the hints that name a flag
//! (`--weights`, `--max-cardinality`, `--format`, no `--graph`); a CSV edge list's hint; Matrix
//! Market array files answering every weighted question like their coordinate twins, with
//! certificates that verify.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{on_file, run, temp_file};

const HEXAGON: &str = "6 6\n2 6\n1 3\n2 4\n3 5\n4 6\n5 1\n";
/// A triangle and an isolated vertex as METIS, or four edges as an edge list.
const BOTH: &str = "4 3\n2 3\n1 3\n1 2\n\n";

#[test]
fn the_metis_hexagon_answers_3_from_a_file_and_from_stdin() {
    assert_eq!(on_file(&["match"], "hex.txt", HEXAGON).ok(), "3\n");
    assert_eq!(run(&["match"], HEXAGON).ok(), "3\n");
    assert_eq!(run(&["match", "-"], HEXAGON).ok(), "3\n");
    // Named an edge list, it is one: a self-loop and two triangles (what it answered before).
    assert_eq!(
        on_file(&["match", "--format", "edges"], "hex.txt", HEXAGON).ok(),
        "2\n"
    );
    let cert = on_file(&["match", "--json"], "hex.txt", HEXAGON).ok();
    assert!(cert.contains(r#""format":"metis""#), "{cert}");
}

#[test]
fn a_file_both_readings_hold_is_refused_naming_format() {
    for r in [on_file(&["match"], "both.txt", BOTH), run(&["match"], BOTH)] {
        assert_eq!(r.code, Some(2), "{r:?}");
        assert!(r.stdout.is_empty());
        assert!(
            r.stderr.contains(":1:1: found a file that reads both as a METIS graph (4 vertices, 3 edges) and as an edge list (4 edges)"),
            "{}",
            r.stderr
        );
        assert!(
            r.stderr
                .contains("hint: its first line is a METIS header or an edge, and every line after it fits either reading; choose with --format metis or --format edges\n"),
            "{}",
            r.stderr
        );
    }
    assert_eq!(run(&["match", "--format", "metis"], BOTH).ok(), "1\n");
    assert_eq!(run(&["match", "--format", "edges"], BOTH).ok(), "2\n");
    // geography and verify --graph name the flag too.
    let r = run(&["geography", "--all"], BOTH);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("--format metis or --format edges"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_weight_column_read_without_weights_names_the_flag() {
    for (name, text) in [
        ("w.txt", "0 1 5\n1 2 3\n"),
        ("w.col", "p edge 2 1\ne 1 2 5\n"),
    ] {
        let r = on_file(&["match"], name, text);
        assert_eq!(r.code, Some(2));
        assert!(
            r.stderr.ends_with(
                "holds two vertex numbers; add --weights to read the third number as a weight\n"
            ),
            "{}",
            r.stderr
        );
        // geography has no --weights: it says weights are not read.
        let r = on_file(&["geography", "--all"], name, text);
        assert_eq!(r.code, Some(2));
        assert!(
            r.stderr.ends_with("(weights are not read)\n"),
            "{}",
            r.stderr
        );
        assert!(on_file(&["match", "--weights"], name, text).code == Some(0));
    }
    // A third word that is no number is not called a weight.
    let r = run(&["match"], "0 1 x\n");
    assert!(
        r.stderr
            .ends_with("hint: an edge list line holds two vertex numbers\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_csv_edge_list_gets_a_hint() {
    for text in ["0,1\n1,2\n", "source,target\n0,1\n", "0, 1\n"] {
        let r = run(&["match"], text);
        assert_eq!(r.code, Some(2));
        assert!(r.stderr.contains("hint: an edge list separates its numbers with spaces or tabs, not commas: is this CSV?"), "{}", r.stderr);
    }
}

#[test]
fn perfect_on_a_non_square_matrix_points_to_max_cardinality() {
    let text = "%%MatrixMarket matrix coordinate real general\n2 3 3\n1 1 1\n2 2 4\n1 3 2\n";
    let r = on_file(&["match", "--weights", "--min", "--perfect"], "c.mtx", text);
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "no perfect matching\n");
    assert_eq!(
        r.stderr,
        "hint: a 2 × 3 matrix has no perfect matching (it would match every row and every \
         column); the rectangular assignment (scipy's linear_sum_assignment), which matches \
         all of the smaller side, is --max-cardinality, not --perfect\n"
    );
    // --json: the certificate proves it, and a script reads it; no hint.
    let r = on_file(
        &["match", "--weights", "--min", "--perfect", "--json"],
        "c.mtx",
        text,
    );
    assert!(r.ok().contains("\"certificate\":\"weighted_matching\""));
    let r = on_file(
        &["match", "--weights", "--min", "--max-cardinality"],
        "c.mtx",
        text,
    );
    assert_eq!(r.ok(), "5 2\n");
    // A square matrix without a perfect matching gets no such hint.
    let square = "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n";
    let r = on_file(&["match", "--weights", "--perfect"], "s.mtx", square);
    assert_eq!(r.ok(), "no perfect matching\n");
}

#[test]
fn verify_hints_name_format_and_graph() {
    // A METIS certificate checked against the file read as an edge list.
    let g = temp_file("both.txt", BOTH.as_bytes());
    let g = g.to_str().unwrap();
    let cert = run(&["match", "--json", "--format", "metis", g], "").ok();
    let c = temp_file("c.jsonl", cert.as_bytes());
    let c = c.to_str().unwrap();
    let r = run(&["verify", "--graph", g, "--format", "edges", c], "");
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stdout
            .contains("FAIL: the certificate is for a metis file, the graph is edges")
    );
    assert!(
        r.stderr.ends_with(
            "hint: a failed certificate is for a graph in the metis format: read the graph as \
             one with --format metis\n"
        ),
        "{}",
        r.stderr
    );
    assert!(
        run(&["verify", "--graph", g, "--format", "metis", c], "")
            .ok()
            .ends_with(": ok\n")
    );
    // Without --format the graph is refused first, naming the flag.
    let r = run(&["verify", "--graph", g, c], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("choose with --format metis or --format edges"),
        "{}",
        r.stderr
    );
    // A DIMACS graph the METIS certificate does not fit: no --format hint (it would not read).
    let d = temp_file("g.col", b"p edge 4 3\ne 1 2\ne 1 3\ne 2 3\n");
    let r = run(&["verify", "--graph", d.to_str().unwrap(), c], "");
    assert_eq!(r.code, Some(1));
    assert!(!r.stderr.contains("hint"), "{}", r.stderr);
    // A puzzle certificate given with --graph.
    let puzzle = run(&["rooks", "--json"], "2\nX.\n..\n").ok();
    let p = temp_file("p.jsonl", puzzle.as_bytes());
    let p = p.to_str().unwrap();
    let r = run(&["verify", "--graph", g, "--format", "metis", p], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains(
            ":1:1: found a puzzle certificate, expected a matching certificate line written by \
             `gridmatch match --json`\nhint: a puzzle certificate (`gridmatch rooks|king|lpuzzle \
             --json`) holds its board: it is checked on its own, without a graph file: check it \
             with `gridmatch verify FILE`, without --graph\n"
        ),
        "{}",
        r.stderr
    );
    assert!(run(&["verify", p], "").ok().ends_with(": ok\n"));
}

/// A random `rows × cols` real matrix (zeros too) as an array file and its coordinate twin.
fn twins(rng: &mut ChaCha8Rng) -> (String, String) {
    let rows = rng.random_range(1..=6usize);
    let cols = rng.random_range(1..=6usize);
    let mut array = format!("%%MatrixMarket matrix array real general\n% scipy\n{rows} {cols}\n");
    let mut coord = format!(
        "%%MatrixMarket matrix coordinate real general\n{rows} {cols} {}\n",
        rows * cols
    );
    for j in 1..=cols {
        for i in 1..=rows {
            let v = if rng.random_bool(0.2) {
                0.0
            } else {
                f64::from(rng.random_range(-40..=90i32)) / 4.0
            };
            array += &format!("{v:e}\n");
            coord += &format!("{i} {j} {v}\n");
        }
    }
    (array, coord)
}

#[test]
fn array_matrix_market_files_answer_as_their_coordinate_twins() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    for _ in 0..12 {
        let (array, coord) = twins(&mut rng);
        let a = temp_file("a.mtx", array.as_bytes());
        let a = a.to_str().unwrap();
        let c = temp_file("c.mtx", coord.as_bytes());
        let c = c.to_str().unwrap();
        assert_eq!(run(&["match", a], "").ok(), run(&["match", c], "").ok());
        for question in [
            &[][..],
            &["--min"],
            &["--perfect"],
            &["--min", "--perfect"],
            &["--max-cardinality"],
            &["--min", "--max-cardinality"],
        ] {
            let mut args = vec!["match", "--weights"];
            args.extend(question);
            let answer = |file: &str| {
                let mut x = args.clone();
                x.push(file);
                let r = run(&x, "");
                assert_eq!(r.code, Some(0), "{r:?}");
                r.stdout
            };
            assert_eq!(answer(a), answer(c), "{args:?}\n{array}");
            args.push("--json");
            let mut x = args.clone();
            x.push(a);
            let cert = run(&x, "").stdout;
            let certs = temp_file("cert.jsonl", cert.as_bytes());
            for g in [a, c] {
                let out = run(&["verify", "--graph", g, certs.to_str().unwrap()], "").ok();
                assert!(out.ends_with(": ok\n"), "{out}");
            }
        }
    }
}
