//! Weighted reader target: raw bytes read as a weighted graph in every format (and detected;
//! DIMACS assignment files through their p line, dense matrices named).
//! Errors are fine (with line and column ≥ 1); panics are not. A graph that reads has one
//! weight per edge — in the narrow range each within ±MAX_WEIGHT with at most MAX_DECIMALS
//! decimals, else wide — the same graph as the unweighted reader gives where that one reads it
//! (Matrix Market), and written back canonically — each weight as `MeE` for its `(m, e)`, in
//! the same format — reads again to the same graph and the same weights.
#![no_main]

use gridmatch::graph::weighted::MAX_WEIGHT;
use gridmatch::read::{
    Format, GraphInput, Limits, MAX_DECIMALS, Shape, Weights, read_graph, read_weighted_graph,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_vertices: 64,
        max_edges: 256,
    };
    for format in [
        None,
        Some(Format::Dimacs),
        Some(Format::MatrixMarket),
        Some(Format::EdgeList),
        Some(Format::Metis),
        Some(Format::Dense),
    ] {
        let g = match read_weighted_graph(data, "fuzz", format, limits) {
            Ok(g) => g,
            Err(e) => {
                assert!(e.line >= 1 && e.col >= 1, "{e}");
                continue;
            }
        };
        let (graph, w) = (&g.graph, &g.weights);
        assert_eq!(w.parts().len(), graph.edges.len(), "{g:?}");
        if w.wide.is_none() {
            assert_eq!(w.values.len(), graph.edges.len(), "{g:?}");
            assert!(w.decimals <= MAX_DECIMALS, "{g:?}");
            assert!(w.values.iter().all(|v| v.abs() <= MAX_WEIGHT), "{g:?}");
            // The decimals are the fewest that write every weight.
            if w.decimals > 0 {
                assert!(w.values.iter().any(|v| v % 10 != 0), "{g:?}");
            }
        }
        if graph.format == Format::MatrixMarket {
            let plain = read_graph(data, "fuzz", format, limits).expect("read without weights");
            assert_eq!(&plain, graph);
        }
        let text = canonical(graph, w);
        let again = read_weighted_graph(text.as_bytes(), "again", Some(graph.format), limits)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The same weights, held the same way; where the largest weight stands is the file's
        // own.
        assert_eq!(
            (
                &again.weights.values,
                again.weights.decimals,
                &again.weights.wide
            ),
            (&w.values, w.decimals, &w.wide),
            "{text}"
        );
        assert_eq!(again.graph.edges, graph.edges, "{text}");
        assert_eq!(again.graph.shape, graph.shape, "{text}");
    }
});

/// The graph written in its format with each weight as `MeE` for its `(m, e)`; a Matrix Market
/// file as a `general` matrix with every edge (mirrors included) an entry.
fn canonical(g: &GraphInput, w: &Weights) -> String {
    let weight = |(m, e): (i128, i32)| format!("{m}e{e}");
    let values = w.parts();
    let mut out = String::new();
    match (g.format, g.shape) {
        (Format::Dimacs, Shape::General { vertices }) => {
            out += &format!("p edge {vertices} {}\n", g.edges.len());
            for (&(u, v), x) in g.edges.iter().zip(values.iter().copied()) {
                out += &format!("e {} {} {}\n", u + 1, v + 1, weight(x));
            }
        }
        (Format::MatrixMarket, Shape::Bipartite { rows, cols }) => {
            out += "%%MatrixMarket matrix coordinate real general\n";
            out += &format!("{rows} {cols} {}\n", g.edges.len());
            for (&(u, v), x) in g.edges.iter().zip(values.iter().copied()) {
                out += &format!("{} {} {}\n", u + 1, v + 1, weight(x));
            }
        }
        (Format::EdgeList, _) => {
            let id = |v: u32| {
                if g.ids.is_empty() {
                    v
                } else {
                    g.ids[v as usize]
                }
            };
            for (&(u, v), x) in g.edges.iter().zip(values.iter().copied()) {
                out += &format!("{} {} {}\n", id(u), id(v), weight(x));
            }
        }
        (Format::Metis, Shape::General { vertices }) => {
            // Each edge in the lines of both ends (a loop once), with its weight.
            let mut lists = vec![String::new(); vertices];
            for (&(u, v), x) in g.edges.iter().zip(values.iter().copied()) {
                lists[u as usize] += &format!(" {} {}", v + 1, weight(x));
                if u != v {
                    lists[v as usize] += &format!(" {} {}", u + 1, weight(x));
                }
            }
            out += &format!("{vertices} {} 1\n", g.edges.len());
            for list in lists {
                out += &list;
                out += "\n";
            }
        }
        (Format::Assignment, Shape::Bipartite { rows, cols }) => {
            // The file's node numbers: the sources' (the `n` lines), then the sinks'.
            out += &format!("p asn {} {}\n", rows + cols, g.edges.len());
            for id in &g.ids[..rows] {
                out += &format!("n {id}\n");
            }
            for (&(r, c), x) in g.edges.iter().zip(values.iter().copied()) {
                let (a, b) = (g.ids[r as usize], g.ids[rows + c as usize]);
                out += &format!("a {a} {b} {}\n", weight(x));
            }
        }
        (Format::Dense, Shape::Bipartite { rows, cols }) => {
            // Every entry, row after row, after the size line.
            out += &format!("{rows} {cols}\n");
            for &x in &values {
                out += &weight(x);
                out += "\n";
            }
        }
        _ => panic!("a shape its format does not make: {g:?}"),
    }
    out
}
