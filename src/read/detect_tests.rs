//! Telling METIS from an edge list by content (`detect.rs`): the issue's hexagon, and on random
//! small files of both kinds (and mutations of them) the detected reading is always one of the
//! two forced readings, as the rule says, through buffers of every small size.

use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn read(text: &str, format: Option<Format>, buffer: usize) -> Result<GraphInput, InputError> {
    let r = std::io::BufReader::with_capacity(buffer, text.as_bytes());
    read_graph(r, "t", format, Limits::default())
}

fn read_w(
    text: &str,
    format: Option<Format>,
    buffer: usize,
) -> Result<WeightedGraphInput, InputError> {
    let r = std::io::BufReader::with_capacity(buffer, text.as_bytes());
    read_weighted_graph(r, "t", format, Limits::default())
}

const HEXAGON: &str = "6 6\n2 6\n1 3\n2 4\n3 5\n4 6\n5 1\n";

#[test]
fn the_hexagon_of_issue_33_is_metis() {
    for buffer in [1, 2, 3, 5, 8, 1 << 16] {
        let g = read(HEXAGON, None, buffer).unwrap();
        assert_eq!(g, read(HEXAGON, Some(Format::Metis), buffer).unwrap());
        assert_eq!(g.format, Format::Metis);
        assert_eq!(g.shape, Shape::General { vertices: 6 });
        assert_eq!(crate::graph::certified::matching_size(&g), 3);
    }
    // Named, it is still an edge list (a self-loop and six edges).
    let e = read(HEXAGON, Some(Format::EdgeList), 1 << 16).unwrap();
    assert_eq!(e.edges.len(), 7);
}

#[test]
fn a_file_both_readings_hold_is_refused() {
    // A triangle and an isolated vertex: METIS `4 3`, or an edge list of 4 edges.
    let text = "4 3\n2 3\n1 3\n1 2\n\n";
    for buffer in [1, 4, 1 << 16] {
        let e = read(text, None, buffer).unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert_eq!(e.expected, AMBIGUOUS);
        assert_eq!(
            e.found,
            "a file that reads both as a METIS graph (4 vertices, 3 edges) and as an edge list \
             (4 edges)"
        );
        assert!(e.hint.unwrap().contains("METIS header or an edge"));
    }
    assert!(read(text, Some(Format::Metis), 7).is_ok());
    assert!(read(text, Some(Format::EdgeList), 7).is_ok());
    // Weighted: with vertex weights (FMT 11) a vertex line `VW N W` is an edge list's `U V W`.
    let w = "2 1 11\n7 2 5\n7 1 5\n";
    let e = read_w(w, None, 3).unwrap_err();
    assert_eq!(e.expected, AMBIGUOUS);
    assert!(read_w(w, Some(Format::Metis), 3).is_ok());
    assert!(read_w(w, Some(Format::EdgeList), 3).is_ok());
    // A loop `1 1 1` as the header: METIS.
    let g = read_w("1 1 1\n1 5\n", None, 2).unwrap();
    assert_eq!(g.graph.format, Format::Metis);
}

#[test]
fn an_edgeless_metis_reading_leaves_the_edge_list() {
    // `1 0` alone: one vertex (its line may be left out at the end) or one edge.
    for text in ["1 0\n", "0 0\n", "2 0\n\n\n"] {
        let g = read(text, None, 1).unwrap();
        assert_eq!(g.format, Format::EdgeList, "{text:?}");
        assert_eq!(g.edges.len(), 1);
    }
    // Without edges but with vertex weights (lines of one number): no edge list, METIS.
    let g = read("2 0 10\n5\n7\n", None, 2).unwrap();
    assert_eq!(g.format, Format::Metis);
}

#[test]
fn a_metis_graph_no_edge_list_holds_is_metis() {
    let k4 = "4 6\n2 3 4\n1 3 4\n1 2 4\n1 2 3\n";
    for buffer in [1, 2, 5, 1 << 16] {
        let g = read(k4, None, buffer).unwrap();
        assert_eq!(g.format, Format::Metis);
        assert_eq!(g.edges.len(), 6);
    }
    // Weighted METIS whose header has three numbers: an edge list's weighted line, but the
    // vertex lines have four numbers.
    let w = "3 2 1\n2 10\n1 10 3 2.5\n2 2.5\n";
    let g = read_w(w, None, 2).unwrap();
    assert_eq!(g.graph.format, Format::Metis);
    assert_eq!((g.weights.values, g.weights.decimals), (vec![100, 25], 1));
}

#[test]
fn edge_lists_read_as_before() {
    for text in [
        "0 1\n1 2\n",
        "1 2\n2 3\n3 1\n",
        "3 3\n2 3\n1 3\n1 5\n",
        "5 3\n0 1\n",
        "# c\n0 1\n",
    ] {
        for buffer in [1, 3, 1 << 16] {
            assert_eq!(
                read(text, None, buffer),
                read(text, Some(Format::EdgeList), buffer),
                "{text:?}"
            );
        }
    }
    // Errors are the edge list's, at their place.
    for text in [
        "0 1\n1 2 3\n",
        "2 2\n1 2\n2 x\n",
        "1 2\n2\n",
        "3 3\n2\n1 2 x\n",
    ] {
        let e = read(text, None, 2).unwrap_err();
        assert_eq!(Err(e), read(text, Some(Format::EdgeList), 2), "{text:?}");
    }
}

/// A METIS graph of `n` vertices with these edges (u < v, or loops), each listing in order.
fn write_metis(n: u32, edges: &[(u32, u32)], weights: Option<&[i64]>) -> String {
    let mut lines = vec![Vec::new(); n as usize];
    for (k, &(u, v)) in edges.iter().enumerate() {
        let w = weights.map(|w| w[k]);
        lines[u as usize].push((v, w));
        if u != v {
            lines[v as usize].push((u, w));
        }
    }
    let fmt = if weights.is_some() { " 1" } else { "" };
    let mut s = format!("{n} {}{fmt}\n", edges.len());
    for l in lines {
        let words: Vec<String> = l
            .iter()
            .map(|&(v, w)| match w {
                Some(w) => format!("{} {w}", v + 1),
                None => format!("{}", v + 1),
            })
            .collect();
        s.push_str(&words.join(" "));
        s.push('\n');
    }
    s
}

/// A small random file: a METIS graph of degree at most 2 (often an edge list too), an edge
/// list, or either mutated (a line dropped, doubled or cut, a number changed).
fn random_file(rng: &mut ChaCha8Rng, weighted: bool) -> String {
    let n = rng.random_range(0..=7u32);
    let mut s = if rng.random_bool(0.6) && n > 0 {
        // Degree at most 2: a set of paths and cycles, and sometimes a loop.
        let mut deg = vec![0u32; n as usize];
        let mut edges = Vec::new();
        for _ in 0..rng.random_range(0..=n + 2) {
            let u = rng.random_range(0..n);
            let v = rng.random_range(0..n);
            let (u, v) = (u.min(v), u.max(v));
            if deg[u as usize] < 2 && deg[v as usize] < 2 && !edges.contains(&(u, v)) {
                deg[u as usize] += 1;
                if u != v {
                    deg[v as usize] += 1;
                }
                edges.push((u, v));
            }
        }
        let w: Vec<i64> = edges.iter().map(|_| rng.random_range(-3..=9)).collect();
        write_metis(n, &edges, weighted.then_some(&w[..]))
    } else {
        let mut s = String::new();
        for _ in 0..rng.random_range(0..=8) {
            let (u, v) = (rng.random_range(0..=n), rng.random_range(0..=n));
            if weighted {
                s.push_str(&format!("{u} {v} {}\n", rng.random_range(-3..=9)));
            } else {
                s.push_str(&format!("{u} {v}\n"));
            }
        }
        s
    };
    if rng.random_bool(0.3) {
        let mut lines: Vec<String> = s.lines().map(str::to_string).collect();
        if !lines.is_empty() {
            let k = rng.random_range(0..lines.len());
            match rng.random_range(0..4) {
                0 => {
                    lines.remove(k);
                }
                1 => lines.insert(k, lines[k].clone()),
                2 => {
                    let cut = lines[k].rfind(' ').unwrap_or(0);
                    lines[k].truncate(cut);
                }
                _ => lines[k] = format!("{} {}", rng.random_range(0..=n + 1), lines[k]),
            }
        }
        s = lines.join("\n");
        if rng.random_bool(0.8) {
            s.push('\n');
        }
    }
    s
}

#[test]
fn detection_follows_the_rule_on_random_files() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let (mut as_metis, mut as_edges, mut refused) = (0, 0, 0);
    for case in 0..3000 {
        let weighted = case % 3 == 2;
        let text = random_file(&mut rng, weighted);
        if text.trim().is_empty() {
            continue;
        }
        let buffer = [1, 2, 3, 5, 7, 1 << 16][case % 6];
        let strip = |r: Result<WeightedGraphInput, InputError>| {
            r.map(|w| (w.graph, if weighted { w.weights.values } else { vec![] }))
        };
        let get = |format| {
            if weighted {
                strip(read_w(&text, format, buffer))
            } else {
                read(&text, format, buffer).map(|g| (g, vec![]))
            }
        };
        let (m, e, d) = (
            get(Some(Format::Metis)),
            get(Some(Format::EdgeList)),
            get(None),
        );
        match (&m, &e) {
            // Neither: a dense matrix where it reads as one with a size line (see below).
            (Err(_), Err(_))
                if get(Some(Format::Dense)).is_ok()
                    && detect::one_number_first_line(text.as_bytes()) =>
            {
                assert_eq!(d, get(Some(Format::Dense)), "{text:?}");
            }
            (Err(_), _) => {
                assert_eq!(d, e, "{text:?}");
                as_edges += 1;
            }
            (Ok(_), Err(_)) => {
                assert_eq!(d, m, "{text:?}");
                as_metis += 1;
            }
            (Ok((g, _)), Ok(_)) if g.edges.is_empty() => {
                assert_eq!(d, e, "{text:?}");
                as_edges += 1;
            }
            (Ok((g, _)), Ok(_))
                if g.shape
                    == (Shape::General {
                        vertices: g.edges.len(),
                    }) =>
            {
                assert_eq!(d, m, "{text:?}");
                as_metis += 1;
            }
            (Ok(_), Ok(_)) => {
                let err = d.expect_err(&text);
                assert_eq!(err.expected, AMBIGUOUS, "{text:?}");
                refused += 1;
            }
        }
    }
    // Every branch is met often.
    assert!(
        as_metis > 200 && as_edges > 200 && refused > 20,
        "{as_metis} {as_edges} {refused}"
    );
}

/// A whole matrix with a size line `N` and exactly N × N entries is detected as dense (METIS
/// and an edge list both refuse a first line of one number), the same as `--format dense`,
/// weighted or not, through buffers of 1–5 bytes; files that are not exactly such a matrix
/// (board files, too few or too many entries, a size line with a comment or two numbers) keep
/// the error they had, the edge list's.
#[test]
fn whole_matrices_with_a_size_line_are_dense() {
    use crate::read::{Format, read_weighted_graph};
    let dense = [
        "3\n1 2 3\n4 5 6\n7 8 9\n",
        "2\n1 2 3 4",
        "\u{feff}2\r\n0.5 1e-05\r\n-0.0 2.5E3\r\n",
        "1\n7\n",
        "2\n1\n2\n3\n4\n",
    ];
    for text in dense {
        for weighted in [false, true] {
            let read = |r: &mut dyn BufRead, format: Option<Format>| {
                if weighted {
                    read_weighted_graph(r, "m.txt", format, Limits::default())
                        .map(|g| (g.graph, Some(g.weights)))
                } else {
                    read_graph(r, "m.txt", format, Limits::default()).map(|g| (g, None))
                }
            };
            let forced = read(&mut text.as_bytes(), Some(Format::Dense)).unwrap();
            assert_eq!(forced.0.format, Format::Dense);
            for cap in [1, 2, 3, 5, 8192] {
                let mut r = std::io::BufReader::with_capacity(cap, text.as_bytes());
                let got = read(&mut r, None).unwrap_or_else(|e| panic!("{text:?} {cap}: {e}"));
                assert_eq!(got, forced, "{text:?} {cap}");
            }
        }
    }
    let not_dense = [
        "3\n.X.\n...\nX..\n",
        "2\n2 2\nK.\n.#\n",
        "2\n1 2 3\n",
        "2\n1 2\n3 4\n5\n",
        "3 # size\n1 2 3\n4 5 6\n7 8 9\n",
        "2\n1 2\n3 x\n",
        "# a comment first: an edge list by the rule\n2\n1 2\n3 4\n",
        "0\n",
        "5\n",
    ];
    for text in not_dense {
        for cap in [1, 3, 8192] {
            let r = std::io::BufReader::with_capacity(cap, text.as_bytes());
            let got = read_graph(r, "m.txt", None, Limits::default()).unwrap_err();
            let edges = read_graph(
                text.as_bytes(),
                "m.txt",
                Some(Format::EdgeList),
                Limits::default(),
            )
            .unwrap_err();
            assert_eq!(got, edges, "{text:?} {cap}");
        }
    }
}

/// A byte order mark, then blank lines, then the lines of numbers: detected as without the
/// mark (the mark is no token of the first line; it was counted as one, and an edge list
/// behind a BOM-only line was read as METIS and refused). Through buffers of every small size.
#[test]
fn a_byte_order_mark_and_blank_lines_before_the_numbers() {
    let bom = "\u{feff}";
    for body in [
        "0 1\n1 2\n",
        "# c\n0 1\n1 2\n",
        "6 6\n2 6\n1 3\n2 4\n3 5\n4 6\n5 1\n",
        "2\n1 2\n3 4\n",
    ] {
        for lead in ["", "\n", "\r\n", "\n\n", " \t\n", "\n \n"] {
            let plain = format!("{lead}{body}");
            let marked = format!("{bom}{lead}{body}");
            for buffer in [1, 2, 3, 4, 5, 1 << 16] {
                let want = read(&plain, None, buffer).map_err(|e| e.to_string());
                let got = read(&marked, None, buffer).map_err(|e| e.to_string());
                assert_eq!(got, want, "{marked:?} through {buffer}-byte buffers");
                assert!(got.is_ok(), "{marked:?}: {got:?}");
                let weighted = format!("{bom}{lead}0 1 5\n1 2 7\n");
                let w = read_w(&weighted, None, buffer).unwrap();
                assert_eq!(w.weights.values, vec![5, 7], "{weighted:?}");
            }
        }
    }
    // The mark alone, or half of one, is still no graph.
    assert!(read(bom, None, 1).is_err());
    assert!(read("\u{feff}\n\n", None, 2).is_err());
}
