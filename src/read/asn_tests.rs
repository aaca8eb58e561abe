//! DIMACS assignment files: random square and rectangular problems written with comments and
//! the `n` lines in any order, read back (also through 1–5 byte buffers) to their arcs and
//! costs, solved to a brute force's minimum, certificates verified; every error at its place.

use std::io::BufReader;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::tests::check;
use super::super::{Format, GraphInput, Limits, Shape, read_graph, read_weighted_graph};
use crate::graph::certified::weighted::{WeightedOutcome, verify_weighted, weighted_matching};
use crate::graph::weighted::{Cardinality, Question, Sense};
use gridmatch_oracles::weighted as oracle;

/// A problem: its text, its sources and sinks (node numbers), and its arcs (src, dst, cost).
type Problem = (String, Vec<u64>, Vec<u64>, Vec<(u64, u64, i64)>);

/// A random problem.
fn random_problem(rng: &mut ChaCha8Rng) -> Problem {
    let (s, t) = (rng.random_range(0..=4usize), rng.random_range(0..=4usize));
    let mut nodes: Vec<u64> = (1..=(s + t) as u64).collect();
    for i in (1..nodes.len()).rev() {
        nodes.swap(i, rng.random_range(0..=i));
    }
    let (sources, sinks) = (nodes[..s].to_vec(), nodes[s..].to_vec());
    let mut arcs = Vec::new();
    for &a in &sources {
        for &b in &sinks {
            for _ in 0..rng.random_range(0..=2usize) {
                if rng.random_bool(0.6) {
                    arcs.push((a, b, rng.random_range(-9..=20i64)));
                }
            }
        }
    }
    let mut text = String::new();
    if rng.random_bool(0.5) {
        text.push_str("c an assignment problem\n");
    }
    text.push_str(&format!("p asn {} {}\n", s + t, arcs.len()));
    for &v in &sources {
        text.push_str(&format!("n {v}\n"));
        if rng.random_bool(0.2) {
            text.push_str("c between\n");
        }
    }
    for &(a, b, c) in &arcs {
        let sep = if rng.random_bool(0.3) { "\t" } else { " " };
        text.push_str(&format!("a {a}{sep}{b} {c}\n"));
    }
    (text, sources, sinks, arcs)
}

#[test]
fn random_problems_read_back_and_solve_to_the_brute_force_minimum() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    for case in 0..1500 {
        let (text, sources, sinks, arcs) = random_problem(&mut rng);
        let g = read_weighted_graph(text.as_bytes(), "t.asn", None, Limits::default())
            .unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert_eq!(g.graph.format, Format::Assignment);
        let (s, t) = (sources.len(), sinks.len());
        assert_eq!(g.graph.shape, Shape::Bipartite { rows: s, cols: t });
        let v = crate::graph::certified::Vertices::of(&g.graph);
        let back: Vec<(u64, u64)> = g
            .graph
            .edges
            .iter()
            .map(|&(r, c)| (v.number(r), v.number(s as u32 + c)))
            .collect();
        let want: Vec<(u64, u64)> = arcs.iter().map(|&(a, b, _)| (a, b)).collect();
        assert_eq!(back, want, "{text}");
        let costs: Vec<i64> = arcs.iter().map(|a| a.2).collect();
        assert_eq!((g.weights.values.clone(), g.weights.decimals), (costs, 0));
        // The same through small buffers, and without weights.
        let cap = 1 + case % 5;
        let small = read_weighted_graph(
            BufReader::with_capacity(cap, text.as_bytes()),
            "t.asn",
            None,
            Limits::default(),
        )
        .unwrap();
        assert_eq!(small, g);
        let plain = read_graph(text.as_bytes(), "t.asn", None, Limits::default()).unwrap();
        assert_eq!(plain, g.graph);

        // The format's question: minimum cost, perfect when square.
        let cardinality = if s == t {
            Cardinality::Perfect
        } else {
            Cardinality::Maximum
        };
        let q = Question {
            sense: Sense::Min,
            cardinality,
        };
        let edges: Vec<(usize, usize, i64)> = g
            .graph
            .edges
            .iter()
            .zip(&g.weights.values)
            .map(|(&(r, c), &w)| (r as usize, s + c as usize, w))
            .collect();
        let expected = if s == t {
            oracle::min_weight_perfect(s + t, &edges)
        } else {
            let negated: Vec<_> = edges.iter().map(|&(a, b, w)| (a, b, -w)).collect();
            Some(-oracle::max_weight_max_cardinality(s + t, &negated).1)
        };
        let cert = weighted_matching(&g.graph, &g.weights.values, q).unwrap();
        let total = match cert.outcome {
            WeightedOutcome::Optimum { total, .. } => Some(total),
            WeightedOutcome::NoPerfectMatching { .. } => None,
        };
        assert_eq!(total, expected, "{text}");
        assert_eq!(
            verify_weighted(&g.graph, &g.weights.values, &cert),
            Ok(expected),
            "{text}"
        );
    }
}

fn asn_err(text: &str) -> crate::InputError {
    let e =
        read_weighted_graph(text.as_bytes(), "t", None, Limits::default()).expect_err("an error");
    // The same error through a 1-byte buffer.
    let one = read_weighted_graph(
        BufReader::with_capacity(1, text.as_bytes()),
        "t",
        None,
        Limits::default(),
    )
    .expect_err("an error");
    assert_eq!(e, one);
    e
}

#[test]
fn assignment_errors_have_line_and_column() {
    let e = asn_err("p asn 4 1\nn 1\nn 2\na 3 4 5\n");
    check(
        &e,
        4,
        3,
        "'3'",
        "a source node (one an 'n' line names)",
        "no 'n' line names node 3",
    );
    let e = asn_err("p asn 4 1\nn 1\nn 2\na 1 2 5\n");
    check(
        &e,
        4,
        5,
        "'2'",
        "a sink node (one no 'n' line names)",
        "node 2 is a source (its 'n' line is line 3)",
    );
    let e = asn_err("p asn 4 1\nn 1\na 1 5 5\n");
    check(
        &e,
        3,
        5,
        "'5'",
        "a node number from 1 to 4",
        "announced 4 nodes",
    );
    let e = asn_err("p asn 4 1\nn 1\na 1 2 5\nn 3\n");
    check(
        &e,
        4,
        1,
        "'n'",
        "an 'a' line or a 'c' comment",
        "every 'n' line comes before the first 'a' line",
    );
    let e = asn_err("p asn 4 1\nn 1\nn 1\na 1 2 5\n");
    check(
        &e,
        3,
        3,
        "node 1 again",
        "a node no 'n' line named before",
        "line 2 names it already",
    );
    let e = asn_err("p asn 4 2\nn 1\na 1 2 5\n");
    check(
        &e,
        4,
        1,
        "end of input",
        "1 more 'a' line",
        "announced 2 arcs, the file has 1",
    );
    let e = asn_err("p asn 4 1\nn 1\na 1 2 5\na 1 3 5\n");
    check(&e, 4, 1, "arc 2", "at most 1 arc", "announced 1 arc");
    let e = asn_err("p asn 4 1\nn 1\na 1 2\n");
    check(
        &e,
        3,
        6,
        "end of line",
        "a weight (a decimal number such as 3, -2.5 or 1e6)",
        "'a SRC DST COST'",
    );
    let e = asn_err("p asn 4 1\nn 1\na 1 2 x\n");
    assert_eq!((e.line, e.col, e.found.as_str()), (3, 7, "'x'"), "{e}");
    let e = asn_err("p asn 4 1\nx 1\n");
    check(
        &e,
        2,
        1,
        "'x'",
        "an 'n' line, an 'a' line or a 'c' comment",
        "",
    );
    let e = asn_err("p asn 4 1 7\n");
    assert_eq!((e.line, e.col, e.found.as_str()), (1, 11, "'7'"), "{e}");
}

/// Comments, CRLF and blank lines, and a file without arcs: every node a source or a sink.
#[test]
fn assignment_edge_cases() {
    let g = read_weighted_graph(
        &b"c x\r\np asn 3 0\r\n\r\nn 2\r\nc y\r\n"[..],
        "t",
        None,
        Limits::default(),
    )
    .unwrap();
    let want = GraphInput {
        format: Format::Assignment,
        shape: Shape::Bipartite { rows: 1, cols: 2 },
        edges: Vec::new(),
        ids: vec![2, 1, 3],
    };
    assert_eq!(g.graph, want);
    // Forced as `asn` or as `dimacs`: the same reading.
    for f in [Format::Assignment, Format::Dimacs] {
        let h = read_graph(
            &b"p asn 2 1\nn 2\na 2 1 -1.5\n"[..],
            "t",
            Some(f),
            Limits::default(),
        )
        .unwrap();
        assert_eq!(h.edges, vec![(0, 0)]);
        assert_eq!(h.ids, vec![2, 1]);
    }
}

/// A sink without arcs is left out of the smaller input the engines see; the nodes kept keep
/// the file's numbers.
#[test]
fn nodes_keep_their_numbers_without_the_isolated_ones() {
    let g = read_graph(
        &b"p asn 3 1
n 3
a 3 2 7
"[..],
        "t",
        None,
        Limits::default(),
    )
    .unwrap();
    assert_eq!(g.ids, vec![3, 1, 2]);
    let small = g.without_isolated().unwrap();
    assert_eq!(small.shape, Shape::Bipartite { rows: 1, cols: 1 });
    assert_eq!(small.ids, vec![3, 2]);
    let v = crate::graph::certified::Vertices::of(&*small);
    assert_eq!((v.number(0), v.number(1)), (3, 2));
}

/// Every node's number is kept, so the nodes count against the edge limit too (the vertex
/// limit is only the numbering's, by default on the command line); a matrix's rows and
/// columns, numbered together, fit 32 bits.
#[test]
fn kept_nodes_count_as_edges_and_matrices_number_rows_and_columns_together() {
    let limits = Limits {
        max_vertices: 1000,
        max_edges: 10,
    };
    let e = read_graph(&b"p asn 20 1\nn 1\na 1 2 3\n"[..], "t.asn", None, limits).unwrap_err();
    assert_eq!((e.line, e.col), (1, 7), "{e}");
    assert_eq!(e.found, "20 nodes");
    assert_eq!(e.expected, "at most 10 nodes");
    assert!(
        e.hint
            .as_deref()
            .unwrap_or("")
            .contains("the edge limit is 10"),
        "{e:?}"
    );
    assert!(read_graph(&b"p asn 10 1\nn 1\na 1 2 3\n"[..], "t.asn", None, limits).is_ok());
    let mtx = |rows: u64, cols: u64| {
        format!("%%MatrixMarket matrix coordinate pattern general\n{rows} {cols} 1\n1 1\n")
    };
    let most = crate::graph::MAX_VERTICES;
    let ok = read_graph(
        mtx(3, most - 3).as_bytes(),
        "m.mtx",
        None,
        Limits::default(),
    );
    assert!(ok.is_ok(), "{ok:?}");
    let e = read_graph(
        mtx(3, most - 2).as_bytes(),
        "m.mtx",
        None,
        Limits::default(),
    )
    .unwrap_err();
    assert_eq!((e.line, e.col), (2, 3), "{e}");
    assert_eq!(e.expected, format!("at most {} columns", most - 3));
}
