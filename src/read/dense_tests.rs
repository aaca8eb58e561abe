//! Dense matrices: random ones in both layouts (a size line and entries broken across lines at
//! random; one row per line), read back (also through 1–5 byte buffers) to their entries,
//! solved to a brute force's minimum; every error at its place.

use std::io::BufReader;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::tests::check;
use super::super::{Format, Limits, Shape, read_graph, read_weighted_graph};
use crate::graph::certified::weighted::{WeightedOutcome, verify_weighted, weighted_matching};
use crate::graph::weighted::{Cardinality, Question, Sense};
use gridmatch_oracles::weighted as oracle;

/// A random matrix as text: with a size line (entries broken anywhere) or one row per line.
fn random_matrix(rng: &mut ChaCha8Rng) -> (String, usize, usize, Vec<i64>) {
    let sized = rng.random_bool(0.5);
    let rows = rng.random_range(1..=4usize);
    // Without a size line, a first row of one or two whole numbers would read as one.
    let cols = rng.random_range(if sized { 1 } else { 3 }..=5usize);
    let values: Vec<i64> = (0..rows * cols)
        .map(|_| rng.random_range(-9..=30i64))
        .collect();
    let mut text = String::new();
    if sized {
        if rows == cols && rng.random_bool(0.5) {
            text.push_str(&format!("{rows}\n"));
        } else {
            text.push_str(&format!("{rows} {cols}\n"));
        }
        for v in &values {
            text.push_str(&v.to_string());
            text.push_str(match rng.random_range(0..4) {
                0 => "\n",
                1 => "\t",
                2 => "  ",
                _ => " ",
            });
        }
        text.push('\n');
    } else {
        for r in 0..rows {
            let row: Vec<String> = values[r * cols..(r + 1) * cols]
                .iter()
                .map(i64::to_string)
                .collect();
            text.push_str(&row.join(" "));
            text.push_str(if rng.random_bool(0.2) { " \r\n" } else { "\n" });
        }
    }
    (text, rows, cols, values)
}

#[test]
fn random_matrices_read_back_and_solve_to_the_brute_force_minimum() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    for case in 0..1500 {
        let (text, rows, cols, values) = random_matrix(&mut rng);
        let read = |cap: usize| {
            read_weighted_graph(
                BufReader::with_capacity(cap, text.as_bytes()),
                "t",
                Some(Format::Dense),
                Limits::default(),
            )
            .unwrap_or_else(|e| panic!("{text}\n{e}"))
        };
        let g = read(1 << 16);
        assert_eq!(g, read(1 + case % 5), "{text}");
        assert_eq!(g.graph.format, Format::Dense);
        assert_eq!(g.graph.shape, Shape::Bipartite { rows, cols }, "{text}");
        let want: Vec<(u32, u32)> = (0..rows * cols)
            .map(|k| ((k / cols) as u32, (k % cols) as u32))
            .collect();
        assert_eq!(g.graph.edges, want);
        assert_eq!(g.weights.values, values);
        let plain =
            read_graph(text.as_bytes(), "t", Some(Format::Dense), Limits::default()).unwrap();
        assert_eq!(plain, g.graph);

        let square = rows == cols;
        let q = Question {
            sense: Sense::Min,
            cardinality: if square {
                Cardinality::Perfect
            } else {
                Cardinality::Maximum
            },
        };
        let cost: Vec<Vec<Option<i64>>> = if rows <= cols {
            (0..rows)
                .map(|r| (0..cols).map(|c| Some(values[r * cols + c])).collect())
                .collect()
        } else {
            (0..cols)
                .map(|c| (0..rows).map(|r| Some(values[r * cols + c])).collect())
                .collect()
        };
        let expected = oracle::min_cost_assignment(&cost);
        let cert = weighted_matching(&g.graph, &g.weights.values, q).unwrap();
        let total = match cert.outcome {
            WeightedOutcome::Optimum { total, .. } => Some(total),
            WeightedOutcome::NoPerfectMatching { .. } => None,
        };
        assert_eq!(total, expected, "{text}");
        assert_eq!(
            verify_weighted(&g.graph, &g.weights.values, &cert),
            Ok(expected)
        );
    }
}

fn dense_err(text: &str) -> crate::InputError {
    let e = read_weighted_graph(text.as_bytes(), "t", Some(Format::Dense), Limits::default())
        .expect_err("an error");
    let one = read_weighted_graph(
        BufReader::with_capacity(1, text.as_bytes()),
        "t",
        Some(Format::Dense),
        Limits::default(),
    )
    .expect_err("an error");
    assert_eq!(e, one);
    e
}

#[test]
fn dense_errors_have_line_and_column() {
    let e = dense_err("1 2 3\n4 5\n");
    check(
        &e,
        2,
        4,
        "end of line",
        "entry 3 of row 2",
        "as many entries as the first (3): this one has 2",
    );
    let e = dense_err("1 2 3\n4 5");
    check(
        &e,
        2,
        4,
        "end of input",
        "entry 3 of row 2",
        "this one has 2",
    );
    let e = dense_err("1 2 3\n4 5 6 7\n");
    check(&e, 2, 7, "'7'", "end of line", "this one has more");
    let e = dense_err("2\n1 2\n3\n");
    check(
        &e,
        4,
        1,
        "end of input",
        "1 more entry",
        "the size line (line 1) announced 2 × 2 = 4 entries; the file has 3",
    );
    let e = dense_err("2 1\n1 2\n3\n");
    check(
        &e,
        3,
        1,
        "'3'",
        "end of input",
        "announced 2 × 1 = 2 entries",
    );
    let e = dense_err("2\n1 x\n3 4\n");
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 3, "'x'"), "{e}");
    let e = dense_err("");
    assert_eq!(
        (e.line, e.col, e.found.as_str()),
        (1, 1, "end of input"),
        "{e}"
    );
    let e = dense_err("1000000000000 1000000000000\n");
    assert_eq!((e.line, e.col), (1, 1), "{e}");
}
