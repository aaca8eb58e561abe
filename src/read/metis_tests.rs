//! METIS graphs: random graphs read the same as their DIMACS twins (plain and weighted, also
//! through tiny buffers, detected or named), and every error with its line, column and message.

use super::tests::check;
use super::*;
use crate::graph::certified;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn metis(text: &str, format: Option<Format>) -> Result<GraphInput, InputError> {
    read_graph(text.as_bytes(), "t", format, Limits::default())
}

/// The error reading `text` as METIS; the same through a one-byte buffer (no fast path).
fn metis_err(text: &str) -> InputError {
    match metis(text, Some(Format::Metis)) {
        Ok(g) => panic!("accepted {text:?} as {g:?}"),
        Err(e) => {
            let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
            let slow = read_graph(tiny, "t", Some(Format::Metis), Limits::default());
            assert_eq!(slow.as_ref(), Err(&e), "{text:?}");
            e
        }
    }
}

fn weighted_err(text: &str) -> InputError {
    match read_weighted_graph(text.as_bytes(), "t", Some(Format::Metis), Limits::default()) {
        Ok(g) => panic!("accepted {text:?} as {g:?}"),
        Err(e) => e,
    }
}

/// A random multigraph with self-loops (each loop once, other edges once per pair listing),
/// and a weight for each edge (a decimal string and its value in tenths).
fn random_graph(rng: &mut ChaCha8Rng) -> (u32, Vec<(u32, u32)>, Vec<i64>) {
    let n = rng.random_range(1..=25u32);
    let m = rng.random_range(0..=40usize);
    let mut edges = Vec::new();
    for _ in 0..m {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        edges.push((a.min(b), a.max(b)));
    }
    let w = (0..m).map(|_| rng.random_range(-50..=50i64)).collect();
    (n, edges, w)
}

fn tenths(w: i64) -> String {
    let sign = if w < 0 { "-" } else { "" };
    format!("{sign}{}.{}", w.abs() / 10, w.abs() % 10)
}

/// The graph in METIS format with FMT `fmt`, random blanks, comments and line ends.
fn write_metis(rng: &mut ChaCha8Rng, n: u32, edges: &[(u32, u32)], w: &[i64], fmt: &str) -> String {
    let crlf = rng.random_bool(0.3);
    let end = if crlf { "\r\n" } else { "\n" };
    let sep = |rng: &mut ChaCha8Rng| [" ", "\t", "  ", " \t "][rng.random_range(0..4)];
    let digits: Vec<bool> = {
        let padded = format!("{fmt:0>3}");
        padded.bytes().map(|b| b == b'1').collect()
    };
    let (sizes, vweights, eweights) = (digits[0], digits[1], digits[2]);
    let ncon = if vweights {
        rng.random_range(1..=3u32)
    } else {
        1
    };
    // Each vertex's listings, in a random order per line.
    let mut lists: Vec<Vec<(u32, i64)>> = vec![Vec::new(); n as usize];
    for (k, &(a, b)) in edges.iter().enumerate() {
        lists[a as usize].push((b, w[k]));
        if a != b {
            lists[b as usize].push((a, w[k]));
        }
    }
    let mut out = String::new();
    if rng.random_bool(0.3) {
        out += &format!("% a METIS graph{end}");
    }
    let mut header = format!("{}{}{}", n, sep(rng), edges.len());
    if fmt != "0" || rng.random_bool(0.2) {
        header += &format!("{}{fmt}", sep(rng));
        if vweights && (ncon > 1 || rng.random_bool(0.3)) {
            header += &format!("{}{ncon}", sep(rng));
        }
    }
    out += &header;
    out += end;
    for list in &mut lists {
        // Keep the order of edges with the same ends: the weights of parallel edges pair up.
        if rng.random_bool(0.1) {
            out += &format!("%comment 1 2 3{end}");
        }
        let mut words: Vec<String> = Vec::new();
        if sizes {
            words.push(rng.random_range(0..9u32).to_string());
        }
        if vweights {
            for _ in 0..ncon {
                words.push(rng.random_range(0..9u32).to_string());
            }
        }
        for &(v, x) in list.iter() {
            words.push(if rng.random_bool(0.1) {
                format!("+{}", v + 1)
            } else {
                (v + 1).to_string()
            });
            if eweights {
                words.push(tenths(x));
            }
        }
        if rng.random_bool(0.1) {
            out += sep(rng);
        }
        out += &words
            .iter()
            .map(|w| w.as_str())
            .collect::<Vec<_>>()
            .join(sep(rng));
        if rng.random_bool(0.1) {
            out += sep(rng);
        }
        out += end;
    }
    if rng.random_bool(0.2) {
        out += &format!("% the end{end}{end}");
    }
    out
}

fn write_dimacs(n: u32, edges: &[(u32, u32)], w: Option<&[i64]>) -> String {
    let mut out = format!("p edge {n} {}\n", edges.len());
    for (k, &(a, b)) in edges.iter().enumerate() {
        match w {
            Some(w) => out += &format!("e {} {} {}\n", a + 1, b + 1, tenths(w[k])),
            None => out += &format!("e {} {}\n", a + 1, b + 1),
        }
    }
    out
}

/// The edges as sorted (smaller end, larger end) pairs, with their weights if any.
fn normal(edges: &[(u32, u32)], w: Option<&[i64]>) -> Vec<(u32, u32, i64)> {
    let mut v: Vec<_> = edges
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| (a.min(b), a.max(b), w.map_or(0, |w| w[k])))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn random_metis_graphs_read_as_their_dimacs_twins() -> Result<(), Box<dyn std::error::Error>> {
    for seed in 0..400u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (n, edges, w) = random_graph(&mut rng);
        let fmt = ["0", "1", "10", "11", "100", "110", "111", "011", "001"][seed as usize % 9];
        let text = write_metis(&mut rng, n, &edges, &w, fmt);
        let twin = metis(&write_dimacs(n, &edges, None), None)?;
        let detected = text.starts_with('%');
        let mut reads = vec![
            metis(&text, Some(Format::Metis)).map_err(|e| format!("{e}\n{text:?}"))?,
            read_graph(text.as_bytes(), "x.graph", None, Limits::default())?,
        ];
        if detected {
            reads.push(metis(&text, None)?);
        }
        let tiny = std::io::BufReader::with_capacity(1 + seed as usize % 5, text.as_bytes());
        reads.push(read_graph(
            tiny,
            "t",
            Some(Format::Metis),
            Limits::default(),
        )?);
        for g in &reads {
            assert_eq!(g.format, Format::Metis);
            assert_eq!(g.shape, twin.shape, "{text:?}");
            assert!(g.ids.is_empty());
            assert_eq!(
                normal(&g.edges, None),
                normal(&twin.edges, None),
                "{text:?}"
            );
            // The smaller end first, in file order (by the smaller end).
            assert!(g.edges.iter().all(|&(a, b)| a <= b));
            assert!(g.edges.windows(2).all(|p| p[0].0 <= p[1].0));
            assert_eq!(
                certified::matching_size(g),
                certified::matching_size(&twin),
                "{text:?}"
            );
        }
        if fmt.ends_with('1') {
            let twin = read_weighted_graph(
                write_dimacs(n, &edges, Some(&w)).as_bytes(),
                "t",
                None,
                Limits::default(),
            )?;
            let tiny = std::io::BufReader::with_capacity(1 + seed as usize % 3, text.as_bytes());
            for g in [
                read_weighted_graph(text.as_bytes(), "t", Some(Format::Metis), Limits::default())
                    .map_err(|e| format!("{e}\n{text:?}"))?,
                read_weighted_graph(tiny, "t.graph", None, Limits::default())?,
            ] {
                assert_eq!(g.weights.decimals, twin.weights.decimals, "{text:?}");
                assert_eq!(
                    normal(&g.graph.edges, Some(&g.weights.values)),
                    normal(&twin.graph.edges, Some(&twin.weights.values)),
                    "{text:?}"
                );
            }
        } else {
            let e =
                read_weighted_graph(text.as_bytes(), "t", Some(Format::Metis), Limits::default())
                    .expect_err("no edge weights");
            assert_eq!(e.expected, "a METIS graph with edge weights (FMT 1 or 11)");
            assert_eq!(e.remedy, Some(crate::Remedy::Weights));
            assert_eq!(
                e.name_flag("--weights").expected,
                "a METIS graph with edge weights (FMT 1 or 11) — --weights needs them"
            );
        }
    }
    Ok(())
}

#[test]
fn metis_small_graphs_and_edge_cases() -> Result<(), Box<dyn std::error::Error>> {
    // A triangle and an isolated vertex (its empty line), a self-loop listed once.
    let g = metis("% triangle\n4 4\n2 3\n1 3\n1 2 3\n\n", None)?;
    assert_eq!(g.format, Format::Metis);
    assert_eq!(g.shape, Shape::General { vertices: 4 });
    assert_eq!(g.edges, vec![(0, 1), (0, 2), (1, 2), (2, 2)]);
    // The last vertex's empty line may be cut by the end of input.
    for text in ["2 0\n\n\n", "2 0\n\n", "2 0\n\n%c\n\n\n"] {
        let g = metis(text, Some(Format::Metis))?;
        assert_eq!(
            (g.shape, g.edges.len()),
            (Shape::General { vertices: 2 }, 0),
            "{text:?}"
        );
    }
    let g = metis("0 0\n", Some(Format::Metis))?;
    assert_eq!(g.shape, Shape::General { vertices: 0 });
    // Parallel edges, weights, CRLF, a file without a final line end.
    let g = read_weighted_graph(
        &b"3 3 1\r\n2 1.5 2 2\r\n1 1.5 1 2 3 7\r\n2 7"[..],
        "t",
        Some(Format::Metis),
        Limits::default(),
    )?;
    assert_eq!(g.graph.edges, vec![(0, 1), (0, 1), (1, 2)]);
    assert_eq!(
        (g.weights.values, g.weights.decimals),
        (vec![15, 20, 70], 1)
    );
    // Vertex sizes and weights ignored (ncon = 2).
    let g = metis(
        "3 2 111 2\n9 1 2 2 5\n9 1 2 1 5 3 6\n0 0 0 2 6\n",
        Some(Format::Metis),
    )?;
    assert_eq!(g.edges, vec![(0, 1), (1, 2)]);
    // Named .graph or .metis: detected from a leading number.
    for name in ["a.graph", "B.METIS"] {
        let g = read_graph(&b"2 1\n2\n1\n"[..], name, None, Limits::default())?;
        assert_eq!(g.format, Format::Metis);
    }
    assert_eq!(detect(b"% c"), Some(Format::Metis));
    assert_eq!(detect(b"%%MatrixMarket"), Some(Format::MatrixMarket));
    assert_eq!(Format::from_name("metis"), Some(Format::Metis));
    assert_eq!(Format::Metis.base(), 1);
    Ok(())
}

#[test]
fn metis_errors_have_line_and_column() {
    // Asymmetric: 2 lists 3, 3 does not list 2 (at the end of 3's line).
    let e = metis_err("3 2\n2\n1 3\n\n");
    check(
        &e,
        4,
        1,
        "end of line",
        "vertex 2 in vertex 3's line",
        "vertex 2's line (line 3) lists vertex 3",
    );
    // Asymmetric the other way: 3 lists 1, which did not list it.
    let e = metis_err("3 1\n2\n1\n1\n");
    check(
        &e,
        4,
        1,
        "'1'",
        "a vertex whose line lists vertex 3",
        "vertex 1's line (line 2) lists vertex 3 fewer times than this line lists vertex 1",
    );
    // Listed twice at one end, once at the other.
    let e = metis_err("2 2\n2 2\n1\n");
    check(
        &e,
        3,
        2,
        "end of line",
        "vertex 1 in vertex 2's line",
        "lists vertex 2 more often than this line lists vertex 1",
    );
    // Wrong m: too many edges listed, too few.
    let e = metis_err("3 1\n2 3\n1\n1\n");
    check(
        &e,
        2,
        3,
        "edge 2",
        "at most 1 edge",
        "the header (line 1) announced 1 edge",
    );
    let e = metis_err("% c\n3 3\n2 3\n1\n1\n");
    check(
        &e,
        2,
        3,
        "3 edges",
        "the number of edges the lines list, 2",
        "counts each edge once",
    );
    // Vertex numbers out of range.
    let e = metis_err("2 1\n0\n1\n");
    check(
        &e,
        2,
        1,
        "'0'",
        "a vertex number from 1 to 2",
        "numbered from 1",
    );
    let e = metis_err("2 1\n3\n1\n");
    check(
        &e,
        2,
        1,
        "'3'",
        "a vertex number from 1 to 2",
        "announced 2 vertices",
    );
    let e = metis_err("2 1\n2\nx\n");
    check(&e, 3, 1, "'x'", "a vertex number (a whole number)", "");
    // Lines missing, a line too many.
    let e = metis_err("3 1\n2\n");
    check(
        &e,
        3,
        1,
        "end of input",
        "2 more vertex lines",
        "the file has 1",
    );
    let e = metis_err("4 0\n\n");
    check(
        &e,
        3,
        1,
        "end of input",
        "3 more vertex lines",
        "one line each",
    );
    let e = metis_err("3 1\n2\n1");
    check(
        &e,
        3,
        2,
        "end of input",
        "1 more vertex line",
        "the file has 2",
    );
    let e = metis_err("2 1\n2\n1\n\n 5\n");
    check(
        &e,
        5,
        2,
        "'5'",
        "the end of the file or a '%' comment",
        "vertex 3",
    );
    // The header.
    let e = metis_err("");
    check(&e, 1, 1, "end of input", HEADER_EXPECTED, "");
    let e = metis_err("3\n");
    check(
        &e,
        1,
        2,
        "end of line",
        "the number of edges (a whole number)",
        "",
    );
    let e = metis_err("3 1 12\n");
    assert_eq!((e.line, e.col, e.found.as_str()), (1, 5, "'12'"), "{e}");
    let e = metis_err("3 1 1011\n");
    assert_eq!((e.line, e.col), (1, 5), "{e}");
    let e = metis_err("3 1 10 0\n");
    check(
        &e,
        1,
        8,
        "'0'",
        "NCON, the number of weights per vertex (at least 1)",
        "leave NCON out",
    );
    let e = metis_err("3 1 10 1 7\n");
    check(&e, 1, 10, "'7'", "end of line", "at most four numbers");
    let e = metis_err("p edge 1 0\n");
    check(
        &e,
        1,
        1,
        "'p'",
        "the number of vertices (a whole number)",
        "looks like a DIMACS graph",
    );
    let limits = Limits {
        max_vertices: 5,
        max_edges: 5,
    };
    let e = read_graph(&b"6 1\n"[..], "t", Some(Format::Metis), limits).unwrap_err();
    check(
        &e,
        1,
        1,
        "6 vertices",
        "at most 5 vertices",
        "vertex limit is 5",
    );
    let e = read_graph(
        &b"1000000000000000 1\n"[..],
        "t",
        Some(Format::Metis),
        Limits::default(),
    )
    .unwrap_err();
    assert_eq!((e.line, e.col), (1, 1), "{e}");
    let e = read_graph(&b"5 6\n"[..], "t", Some(Format::Metis), limits).unwrap_err();
    check(&e, 1, 3, "6 edges", "at most 5 edges", "edge limit is 5");
    // Vertex weights and edge weights missing or wrong.
    let e = metis_err("2 1 10\n1 2\n\n");
    check(
        &e,
        3,
        1,
        "end of line",
        "vertex 2's size or weight (a whole number)",
        "FMT (10) announces 1 number",
    );
    let e = metis_err("2 1 11\n1 2\n1 1\n");
    check(
        &e,
        2,
        4,
        "end of line",
        weights::WEIGHT,
        "and a weight after each",
    );
    let e = metis_err("2 1 1\n2 x\n1 1\n");
    check(&e, 2, 3, "'x'", weights::WEIGHT, "EDGE_WEIGHT");
    let e = metis_err("2 1 10\n-1 2\n1 1\n");
    check(
        &e,
        2,
        1,
        "'-1'",
        "vertex 1's size or weight (a whole number)",
        "cannot be negative",
    );
    let e = weighted_err("2 1 1\n2 1.5\n1 2\n");
    check(
        &e,
        3,
        3,
        "'2'",
        "the weight 1.5 (as in vertex 1's line)",
        "another weight",
    );
    let e = weighted_err("2 1 10\n1 2\n1 1\n");
    check(
        &e,
        1,
        1,
        "a METIS graph without edge weights",
        "a METIS graph with edge weights (FMT 1 or 11)",
        "FMT",
    );
    // Memory follows the input: a far neighbour of a huge graph waits in the heap.
    let e = metis_err("4000000000 1\n4000000000\n");
    check(
        &e,
        3,
        1,
        "end of input",
        "3999999999 more vertex lines",
        "the file has 1",
    );
    // Through a one-byte buffer, the same error.
    let tiny = std::io::BufReader::with_capacity(1, &b"3 2\n2\n1 3\n\n"[..]);
    let e = read_graph(tiny, "t", Some(Format::Metis), Limits::default()).unwrap_err();
    check(
        &e,
        4,
        1,
        "end of line",
        "vertex 2 in vertex 3's line",
        "lists vertex 3",
    );
}

const HEADER_EXPECTED: &str = "the header 'VERTICES EDGES [FMT [NCON]]'";

#[test]
fn metis_graphs_over_many_blocks_read_as_their_twins() -> Result<(), Box<dyn std::error::Error>> {
    for seed in 0..4u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed);
        let n = 20_000u32;
        let mut edges = Vec::new();
        for k in 0..60_000u32 {
            let a = rng.random_range(0..n);
            // Near, far and self-loop ends; some edges repeated.
            let b = match k % 4 {
                0 => (a + rng.random_range(0..40)).min(n - 1),
                1 | 2 => rng.random_range(0..n),
                _ => a,
            };
            edges.push((a.min(b), a.max(b)));
            if k % 97 == 0 {
                edges.push((a.min(b), a.max(b)));
            }
        }
        let w: Vec<i64> = (0..edges.len()).map(|_| rng.random_range(-9..=9)).collect();
        let text = write_metis(&mut rng, n, &edges, &w, "1");
        let g = read_weighted_graph(text.as_bytes(), "t", Some(Format::Metis), Limits::default())?;
        let twin = read_weighted_graph(
            write_dimacs(n, &edges, Some(&w)).as_bytes(),
            "t",
            None,
            Limits::default(),
        )?;
        assert_eq!(
            normal(&g.graph.edges, Some(&g.weights.values)),
            normal(&twin.graph.edges, Some(&twin.weights.values))
        );
        let plain = metis(&text, Some(Format::Metis))?;
        assert_eq!(normal(&plain.edges, None), normal(&twin.graph.edges, None));
        // A mirror dropped far down: refused at the end of that vertex's line, as through a
        // one-byte buffer.
        let (a, b) = *edges.iter().rev().find(|&&(a, b)| b > a + 5000).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let first = lines.iter().position(|l| !l.starts_with('%')).unwrap() + 1;
        let vertex_lines: Vec<usize> = (first..lines.len())
            .filter(|&k| !lines[k].starts_with('%'))
            .collect();
        let row = vertex_lines[b as usize];
        let mut words: Vec<&str> = lines[row].split_whitespace().collect();
        let at = (0..words.len())
            .step_by(2)
            .find(|&k| words[k].trim_start_matches('+') == (a + 1).to_string())
            .unwrap();
        words.drain(at..at + 2);
        lines[row] = words.join(" ");
        let bad = lines.join("\n") + "\n";
        let e = read_weighted_graph(bad.as_bytes(), "t", Some(Format::Metis), Limits::default())
            .unwrap_err();
        assert_eq!(e.line, row as u64 + 1, "{e}");
        let tiny = std::io::BufReader::with_capacity(3, bad.as_bytes());
        let slow = read_weighted_graph(tiny, "t", Some(Format::Metis), Limits::default());
        assert_eq!(slow.map(|_| ()), Err(e));
    }
    Ok(())
}

/// Wide weights in a METIS graph: both ends of an edge giving the same wide weight read
/// exactly; a mirror giving another is refused at its weight, on every path.
#[test]
fn wide_metis_weights_are_checked_at_both_ends() {
    use crate::read::{Wide, read_weighted_graph};
    let ok = "% wide\n3 2 1\n2 1e-30 3 5\n1 1e-30\n1 5\n";
    let g = read_weighted_graph(ok.as_bytes(), "w.graph", None, Limits::default()).unwrap();
    assert_eq!(
        g.weights.wide,
        Some(Wide::Exact(vec![1, 5 * 10i128.pow(30)]))
    );
    assert_eq!(g.weights.decimals, 30);
    for bad in [
        "% wide\n3 2 1\n2 1e-30 3 5\n1 2e-30\n1 5\n",
        "% wide\n3 2 1\n2 1e-30 3 5\n1 1e-30\n1 5.0000000000000000000000001\n",
    ] {
        for cap in [1, 4096] {
            let r = std::io::BufReader::with_capacity(cap, bad.as_bytes());
            let e = read_weighted_graph(r, "w.graph", None, Limits::default()).unwrap_err();
            assert_eq!(
                e.line,
                bad.lines().count() as u64 - u64::from(bad.contains("2e-30")),
                "{e}"
            );
            assert!(
                e.hint.as_deref().unwrap_or("").contains("another weight"),
                "{e}"
            );
        }
    }
}
