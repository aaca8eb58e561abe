use super::*;
use crate::graph::twosat::Lit;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Read;

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn graph(text: &str, format: Option<Format>) -> Result<GraphInput, InputError> {
    read_graph(text.as_bytes(), "t", format, Limits::default())
}

fn graph_err(text: &str, format: Option<Format>) -> InputError {
    match graph(text, format) {
        Ok(g) => panic!("accepted {text:?} as {g:?}"),
        Err(e) => e,
    }
}

/// Reads through a one-byte buffer: every token split across reads.
fn tiny_graph(text: &str, format: Option<Format>) -> Result<GraphInput, InputError> {
    let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
    read_graph(tiny, "t", format, Limits::default())
}

fn cnf_err(text: &str) -> InputError {
    match read_cnf(text.as_bytes(), "t", u64::MAX) {
        Ok(c) => panic!("accepted {text:?} as {c:?}"),
        Err(e) => e,
    }
}

/// Asserts line, column, found and expected, and that the hint contains `hint` ("" : no hint).
#[track_caller]
pub(super) fn check(e: &InputError, line: u64, col: u64, found: &str, expected: &str, hint: &str) {
    assert_eq!(
        (e.line, e.col, e.found.as_str(), e.expected.as_str()),
        (line, col, found, expected),
        "{e}"
    );
    match &e.hint {
        None => assert!(hint.is_empty(), "no hint in {e}, expected {hint:?}"),
        Some(h) => assert!(
            !hint.is_empty() && h.contains(hint),
            "{e}\nwanted hint {hint:?}"
        ),
    }
}

// ---- writers with random spacing, comments and line ends ----

struct Style {
    rng: ChaCha8Rng,
    crlf: bool,
}

impl Style {
    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let crlf = rng.random_bool(0.3);
        Style { rng, crlf }
    }

    fn sep(&mut self) -> &'static str {
        [" ", "\t", "  ", " \t "][self.rng.random_range(0..4)]
    }

    fn num(&mut self, n: u64) -> String {
        if self.rng.random_bool(0.1) {
            format!("+{n}")
        } else if self.rng.random_bool(0.05) {
            format!("00{n}")
        } else {
            n.to_string()
        }
    }

    /// A line of `words` with random blanks around and between them.
    fn line(&mut self, out: &mut String, words: &[String]) {
        if self.rng.random_bool(0.1) {
            out.push_str(self.sep());
        }
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.push_str(self.sep());
            }
            out.push_str(w);
        }
        if self.rng.random_bool(0.1) {
            out.push_str(self.sep());
        }
        self.end(out);
    }

    fn end(&mut self, out: &mut String) {
        out.push_str(if self.crlf { "\r\n" } else { "\n" });
    }

    /// Maybe a comment line starting with `mark`, maybe a blank line.
    fn noise(&mut self, out: &mut String, mark: &str) {
        if self.rng.random_bool(0.1) {
            out.push_str(mark);
            out.push_str(" a comment, e 1 2 p edge 0 0");
            self.end(out);
        }
        if self.rng.random_bool(0.05) {
            self.end(out);
        }
    }
}

fn random_edges(rng: &mut ChaCha8Rng, n: u32, m: usize) -> Vec<(u32, u32)> {
    (0..m)
        .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
        .collect()
}

fn write_dimacs(s: &mut Style, n: u32, edges: &[(u32, u32)]) -> String {
    let mut out = String::new();
    if s.rng.random_bool(0.2) {
        out.push('\u{feff}');
    }
    s.noise(&mut out, "c");
    let word = if s.rng.random_bool(0.5) {
        "edge"
    } else {
        "col"
    };
    let p = vec![
        "p".into(),
        word.into(),
        s.num(n.into()),
        s.num(edges.len() as u64),
    ];
    s.line(&mut out, &p);
    for &(u, v) in edges {
        s.noise(&mut out, "c");
        let words = vec!["e".into(), s.num(u64::from(u) + 1), s.num(u64::from(v) + 1)];
        s.line(&mut out, &words);
    }
    s.noise(&mut out, "c");
    out
}

const FIELDS: [(&str, &str); 4] = [
    ("pattern", ""),
    ("real", " -1.5e3"),
    ("Integer", " 7"),
    ("complex", " 1.0D+00 -2"),
];

fn write_mtx(
    s: &mut Style,
    rows: u32,
    cols: u32,
    entries: &[(u32, u32)],
    symmetry: &str,
) -> String {
    let mut out = String::new();
    let (field, values) = FIELDS[s.rng.random_range(0..4)];
    let banner = if s.rng.random_bool(0.5) {
        "%%MatrixMarket"
    } else {
        "%%matrixmarket"
    };
    let words = vec![
        banner.into(),
        "matrix".into(),
        "COORDINATE".into(),
        field.into(),
        symmetry.into(),
    ];
    s.line(&mut out, &words);
    s.noise(&mut out, "%");
    let size = vec![
        s.num(rows.into()),
        s.num(cols.into()),
        s.num(entries.len() as u64),
    ];
    s.line(&mut out, &size);
    for &(i, j) in entries {
        s.noise(&mut out, "%");
        let mut words = vec![s.num(u64::from(i) + 1), s.num(u64::from(j) + 1)];
        words.extend(values.split_whitespace().map(String::from));
        s.line(&mut out, &words);
    }
    out
}

fn write_edges(s: &mut Style, edges: &[(u32, u32)]) -> String {
    let mut out = String::new();
    s.noise(&mut out, "#");
    for &(u, v) in edges {
        s.noise(&mut out, "#");
        let mut words = vec![s.num(u.into()), s.num(v.into())];
        if s.rng.random_bool(0.1) {
            words.push("# weight 3".into());
        }
        s.line(&mut out, &words);
    }
    out
}

#[test]
fn random_graphs_round_trip() -> TestResult {
    for seed in 0..300u64 {
        let mut s = Style::new(seed);
        let n = s.rng.random_range(1..=30u32);
        let m = s.rng.random_range(0..=40);
        let edges = random_edges(&mut s.rng, n, m);

        let text = write_dimacs(&mut s, n, &edges);
        for format in [None, Some(Format::Dimacs)] {
            let g = graph(&text, format).map_err(|e| format!("{e}\n{text}"))?;
            let want = GraphInput {
                format: Format::Dimacs,
                shape: Shape::General {
                    vertices: n as usize,
                },
                edges: edges.clone(),
                ids: Vec::new(),
            };
            assert_eq!(g, want, "{text}");
        }
        // Tokens, CRLF and the byte order mark split across tiny buffers.
        let tiny = std::io::BufReader::with_capacity(1 + seed as usize % 5, text.as_bytes());
        let g = read_graph(tiny, "t", None, Limits::default())?;
        assert_eq!(g.edges, edges, "{text}");

        let text = write_edges(&mut s, &edges);
        // An empty file has no format to detect.
        let format = text.is_empty().then_some(Format::EdgeList);
        let g = graph(&text, format).map_err(|e| format!("{e}\n{text}"))?;
        // The vertices are the ids that appear, renamed 0.. in increasing order.
        let mut ids: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        ids.sort_unstable();
        ids.dedup();
        let dense = ids.last().is_none_or(|&max| max as usize + 1 == ids.len());
        assert_eq!(g.format, Format::EdgeList);
        assert_eq!(
            g.shape,
            Shape::General {
                vertices: ids.len()
            }
        );
        assert_eq!(g.ids, if dense { Vec::new() } else { ids.clone() });
        let named: Vec<(u32, u32)> = g
            .edges
            .iter()
            .map(|&(u, v)| (ids[u as usize], ids[v as usize]))
            .collect();
        assert_eq!(named, edges, "{text}");

        let rows = s.rng.random_range(1..=20u32);
        let cols = s.rng.random_range(1..=20u32);
        let entries: Vec<_> = (0..m)
            .map(|_| (s.rng.random_range(0..rows), s.rng.random_range(0..cols)))
            .collect();
        let text = write_mtx(&mut s, rows, cols, &entries, "general");
        let g = graph(&text, None).map_err(|e| format!("{e}\n{text}"))?;
        let want = GraphInput {
            format: Format::MatrixMarket,
            shape: Shape::Bipartite {
                rows: rows as usize,
                cols: cols as usize,
            },
            edges: entries,
            ids: Vec::new(),
        };
        assert_eq!(g, want, "{text}");

        let symmetry = ["symmetric", "Skew-Symmetric", "hermitian"][s.rng.random_range(0..3)];
        let text = write_mtx(&mut s, n, n, &edges, symmetry);
        let g = graph(&text, Some(Format::MatrixMarket)).map_err(|e| format!("{e}\n{text}"))?;
        let mirrored: Vec<_> = edges
            .iter()
            .flat_map(|&(u, v)| {
                let back = (u != v).then_some((v, u));
                std::iter::once((u, v)).chain(back)
            })
            .collect();
        assert_eq!(g.edges, mirrored, "{text}");
        assert_eq!(
            g.shape,
            Shape::Bipartite {
                rows: n as usize,
                cols: n as usize
            }
        );
    }
    Ok(())
}

fn write_cnf(s: &mut Style, n: u32, clauses: &[(i64, i64)], trailer: bool) -> (String, Vec<u64>) {
    let mut out = String::new();
    let mut lines = Vec::new();
    let mut line = 1u64;
    if s.rng.random_bool(0.5) {
        out.push_str("c a 2-SAT formula");
        s.end(&mut out);
        line += 1;
    }
    let p = vec![
        "p".into(),
        "cnf".into(),
        s.num(n.into()),
        s.num(clauses.len() as u64),
    ];
    s.line(&mut out, &p);
    line += 1;
    let mut fresh = true;
    for &(a, b) in clauses {
        if fresh && s.rng.random_bool(0.1) {
            out.push_str("c between clauses");
            s.end(&mut out);
            line += 1;
        }
        if !fresh {
            out.push_str(s.sep());
        }
        lines.push(line);
        let words: Vec<String> = if a == b && s.rng.random_bool(0.5) {
            vec![a.to_string(), "0".into()]
        } else {
            vec![a.to_string(), b.to_string(), "0".into()]
        };
        for (k, w) in words.iter().enumerate() {
            if k > 0 {
                if s.rng.random_bool(0.1) {
                    s.end(&mut out);
                    line += 1;
                } else {
                    out.push_str(s.sep());
                }
            }
            out.push_str(w);
        }
        fresh = s.rng.random_bool(0.7);
        if fresh {
            s.end(&mut out);
            line += 1;
        }
    }
    if !fresh {
        s.end(&mut out);
    }
    if trailer {
        out.push_str("%\n0\n\n");
    }
    (out, lines)
}

#[test]
fn random_formulas_round_trip() -> TestResult {
    for seed in 0..300u64 {
        let mut s = Style::new(seed);
        let n = s.rng.random_range(1..=20u32);
        let m = s.rng.random_range(0..=30);
        let lit = |rng: &mut ChaCha8Rng| {
            let v = rng.random_range(1..=i64::from(n));
            if rng.random_bool(0.5) { -v } else { v }
        };
        let clauses: Vec<(i64, i64)> = (0..m)
            .map(|_| {
                let a = lit(&mut s.rng);
                let b = if s.rng.random_bool(0.2) {
                    a
                } else {
                    lit(&mut s.rng)
                };
                (a, b)
            })
            .collect();
        let trailer = s.rng.random_bool(0.3);
        let (text, lines) = write_cnf(&mut s, n, &clauses, trailer);
        let cnf = read_cnf(text.as_bytes(), "t", 1000).map_err(|e| format!("{e}\n{text}"))?;
        let to_lit = |l: i64| Lit::new(l.unsigned_abs() as u32 - 1, l < 0);
        let want: Vec<_> = clauses
            .iter()
            .map(|&(a, b)| (to_lit(a), to_lit(b)))
            .collect();
        assert_eq!(cnf.formula.clauses(), &want[..], "{text}");
        assert_eq!(cnf.formula.num_vars(), n as usize);
        assert_eq!(cnf.lines, lines, "{text}");
        let tiny = std::io::BufReader::with_capacity(1 + seed as usize % 5, text.as_bytes());
        assert_eq!(read_cnf(tiny, "t", 1000)?, cnf);
    }
    Ok(())
}

#[test]
fn small_files_read_as_written() -> TestResult {
    let g = graph("p edge 0 0\n", None)?;
    assert_eq!(g.shape, Shape::General { vertices: 0 });
    let g = graph("# nothing\n\n", None)?;
    assert_eq!(
        (g.shape, g.edges.len()),
        (Shape::General { vertices: 0 }, 0)
    );
    let g = graph("", Some(Format::EdgeList))?;
    assert_eq!(g.shape, Shape::General { vertices: 0 });
    // No line end at the end, self-loops and repeated edges kept, a comment without a blank.
    // Vertex 0 is named by no edge: not a vertex.
    let g = graph("3 3\n1 2 #x\n1 2", None)?;
    assert_eq!(g.edges, vec![(2, 2), (0, 1), (0, 1)]);
    assert_eq!(g.ids, vec![1, 2, 3]);
    assert_eq!(g.shape, Shape::General { vertices: 3 });
    let g = graph("\u{feff}\r\n  p edge 2 1\r\ne 2 2\r\n", None)?;
    assert_eq!(g.edges, vec![(1, 1)]);
    // Symmetric diagonal entries are not doubled.
    let g = graph(
        "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n",
        None,
    )?;
    assert_eq!(g.edges, vec![(0, 0), (1, 0), (0, 1)]);
    // A value token longer than a kept token.
    let text = format!(
        "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 {}\n",
        "1".repeat(200)
    );
    assert_eq!(graph(&text, None)?.edges, vec![(0, 0)]);
    // A long comment line.
    let text = format!("c {}\np edge 1 0\n", "x".repeat(3 << 20));
    assert_eq!(graph(&text, None)?.shape, Shape::General { vertices: 1 });
    let cnf = read_cnf(&b"p cnf 0 0\n"[..], "t", 0)?;
    assert_eq!(cnf.formula.num_vars(), 0);
    let cnf = read_cnf(&b"p cnf 3 3\n1 -2 0 3 0\n-1\n\n  2 0\n%\n0\n"[..], "t", 10)?;
    assert_eq!(cnf.lines, vec![2, 2, 3]);
    assert_eq!(cnf.formula.clauses()[1], (Lit::pos(2), Lit::pos(2)));
    assert_eq!(cnf.formula.clauses()[2], (Lit::neg(0), Lit::pos(1)));
    Ok(())
}

#[test]
fn format_names_and_detection() {
    for f in Format::ALL {
        assert_eq!(Format::from_name(f.name()), Some(f));
    }
    assert_eq!(Format::from_name("DIMACS"), None);
    assert_eq!(
        Format::ALL.map(Format::base),
        [1, 1, 0, 1, 1, 1],
        "dimacs, mtx, edges, metis, asn, dense"
    );
    assert_eq!(
        detect(b"\xef\xbb\xbf %%MatrixMarket"),
        Some(Format::MatrixMarket)
    );
    assert_eq!(detect(b"c comment"), Some(Format::Dimacs));
    assert_eq!(detect(b"p edge 1 1"), Some(Format::Dimacs));
    assert_eq!(detect(b"\t12 3"), Some(Format::EdgeList));
    assert_eq!(detect(b"# comment"), Some(Format::EdgeList));
    assert_eq!(detect(b""), None);
    assert_eq!(detect(b"  "), None);
    assert_eq!(detect(b"e 1 2"), Some(Format::Dimacs)); // edges before the p line
    for (text, format) in [
        (
            "\n\n%%MatrixMarket matrix coordinate pattern general\n1 1 0\n",
            Format::MatrixMarket,
        ),
        ("c\np edge 1 0\n", Format::Dimacs),
        ("# c\n0 0\n", Format::EdgeList),
        ("7 8\n", Format::EdgeList),
    ] {
        assert_eq!(graph(text, None).map(|g| g.format), Ok(format), "{text}");
    }
}

#[test]
fn detection_errors() {
    let e = graph_err("\n  \n", None);
    check(
        &e,
        3,
        1,
        "end of input",
        "a graph",
        "the format is told by the first line",
    );
    assert!(e.at_end);
    let e = graph_err("\n  graph {\n", None);
    check(
        &e,
        2,
        3,
        "'graph'",
        "a graph in a known format",
        "or name the format",
    );
    let e = graph_err("é", None);
    check(
        &e,
        1,
        1,
        "'é'",
        "a graph in a known format",
        "or name the format",
    );
}

/// The detection hint names no flag: it ends `or name the format`, which a front end completes
/// with its own setting through [`Remedy::Format`](crate::Remedy::Format); other hints are left
/// alone.
#[test]
fn detection_hint_leaves_the_flag_to_the_front_end() {
    for text in ["\n  \n", "\n  graph {\n", "é"] {
        let e = graph_err(text, None);
        let hint = e.hint.clone().unwrap();
        assert!(hint.ends_with("or name the format"), "{hint}");
        assert!(!hint.contains("--"), "{hint}");
        assert_eq!(e.remedy, Some(crate::Remedy::Format));
        let named = e.name_flag("--format");
        assert_eq!(named.hint.unwrap(), format!("{hint} (--format)"));
        assert_eq!(named.remedy, None);
    }
    // A CSV line's hint is its own, without the remedy.
    let e = graph_err("a,b\n", None);
    assert_eq!(e.remedy, None, "{e}");
}

#[test]
fn forced_formats_are_honoured() {
    let e = graph_err("0 1\n", Some(Format::Dimacs));
    check(
        &e,
        1,
        1,
        "'0'",
        "the p line ('p edge VERTICES EDGES') or a 'c' comment",
        "this looks like an edge list, not a DIMACS graph: name its format (edges)",
    );
    let e = graph_err("p edge 2 1\ne 1 2\n", Some(Format::EdgeList));
    check(
        &e,
        1,
        1,
        "'p'",
        "a vertex number (a whole number)",
        "looks like a DIMACS graph",
    );
    let e = graph_err("p edge 2 1\ne 1 2\n", Some(Format::MatrixMarket));
    check(
        &e,
        1,
        1,
        "'p'",
        "the banner '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY'",
        "looks like a DIMACS graph",
    );
    let e = graph_err(
        "%%MatrixMarket matrix coordinate pattern general\n",
        Some(Format::EdgeList),
    );
    check(
        &e,
        1,
        1,
        "'%%MatrixMarket'",
        "a vertex number (a whole number)",
        "looks like a Matrix Market file",
    );
    // A '%' comment first, not the banner: a METIS graph.
    let e = graph_err("% comment\n1 1 0\n", None);
    check(
        &e,
        2,
        3,
        "1 edge",
        "the number of edges the lines list, 0",
        "counts each edge once",
    );
    let e = graph_err("% comment\n1 1 0\n", Some(Format::MatrixMarket));
    check(
        &e,
        1,
        1,
        "'%'",
        "the banner '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY'",
        "looks like a METIS graph",
    );
}

#[test]
fn dimacs_errors() {
    let d = Some(Format::Dimacs);
    let cases: &[(&str, u64, u64, &str, &str, &str)] = &[
        (
            "c only\n",
            2,
            1,
            "end of input",
            "the p line ('p edge VERTICES EDGES')",
            "",
        ),
        (
            "e 1 2\np edge 2 1\n",
            1,
            1,
            "'e'",
            "the p line ('p edge VERTICES EDGES') or a 'c' comment",
            "the p line must come before the edges",
        ),
        ("p\n", 1, 2, "end of line", "'edge'", ""),
        ("p edges 1 1\n", 1, 3, "'edges'", "'edge'", ""),
        (
            "p cnf 1 1\n1 0\n",
            1,
            3,
            "'cnf'",
            "'edge'",
            "this is a CNF formula: use `gridmatch twosat`",
        ),
        (
            "p edge x 1\n",
            1,
            8,
            "'x'",
            "the number of vertices (a whole number)",
            "",
        ),
        (
            "p edge 3 -1\n",
            1,
            10,
            "'-1'",
            "the number of edges (a whole number)",
            "cannot be negative",
        ),
        (
            "p edge 99999999999999999999 1\n",
            1,
            8,
            "'99999999999999999999'",
            "the number of vertices (a whole number)",
            "too large",
        ),
        (
            "p edge 3\n",
            1,
            9,
            "end of line",
            "the number of edges (a whole number)",
            "",
        ),
        (
            "p edge 3 1 1\n",
            1,
            12,
            "'1'",
            "end of line",
            "'p edge VERTICES EDGES'",
        ),
        (
            "p edge 1000000000000000 1\n",
            1,
            8,
            "1000000000000000 vertices",
            "at most 4294967294 vertices",
            "the vertex limit is 4294967294",
        ),
        (
            "p edge 5 1000000000000000\n",
            1,
            10,
            "1000000000000000 edges",
            "at most 4294967295 edges",
            "the edge limit is 4294967295",
        ),
        (
            "p edge 2 1\nc\np edge 2 1\n",
            3,
            1,
            "a second p line",
            "an 'e' line or a 'c' comment",
            "the p line is line 1",
        ),
        (
            "p edge 2 1\nn 1 5\n",
            2,
            1,
            "'n'",
            "an 'e' line or a 'c' comment",
            "",
        ),
        (
            "p edge 2 1\ne1 2\n",
            2,
            1,
            "'e1'",
            "an 'e' line or a 'c' comment",
            "",
        ),
        (
            "p edge 2 1\ne 0 1\n",
            2,
            3,
            "'0'",
            "a vertex number from 1 to 2",
            "DIMACS vertices are numbered from 1",
        ),
        (
            "p edge 2 1\ne 1   3\n",
            2,
            7,
            "'3'",
            "a vertex number from 1 to 2",
            "the p line (line 1) announced 2 vertices",
        ),
        (
            "p edge 2 1\ne 1 2.0\n",
            2,
            5,
            "'2.0'",
            "a vertex number (a whole number)",
            "",
        ),
        (
            "p edge 2 1\ne 1\n",
            2,
            4,
            "end of line",
            "a vertex number (a whole number)",
            "",
        ),
        (
            "p edge 2 1\ne 1 2 1\n",
            2,
            7,
            "'1'",
            "end of line",
            "an 'e' line holds two",
        ),
        (
            "p edge 2 1\ne 1 2\n\ne 2 1\n",
            4,
            1,
            "edge 2",
            "at most 1 edge",
            "the p line (line 1) announced 1 edge",
        ),
        (
            "p edge 2 3\ne 1 2\n",
            3,
            1,
            "end of input",
            "2 more 'e' lines",
            "the p line (line 1) announced 3 edges, the file has 1",
        ),
        (
            "p edge 2 2\ne 1 2",
            2,
            6,
            "end of input",
            "1 more 'e' line",
            "announced 2 edges, the file has 1",
        ),
        (
            "p edge 2 1\ne 1 \u{e9}\n",
            2,
            5,
            "'\u{e9}'",
            "a vertex number (a whole number)",
            "",
        ),
        (
            "p edge 2 1\ne 1 \x01\n",
            2,
            5,
            "byte 0x01",
            "a vertex number (a whole number)",
            "",
        ),
        (
            "p edge 2 1\ne 1 2\r3\n",
            2,
            6,
            "byte 0x0d",
            "a line end (LF) after a CR",
            "old Mac line ends",
        ),
    ];
    for &(text, line, col, found, expected, hint) in cases {
        let e = graph_err(text, d);
        check(&e, line, col, found, expected, hint);
        assert_eq!(tiny_graph(text, d).err(), Some(e.clone()));
        assert_eq!(e.file, "t");
        assert_eq!(e.at_end, found == "end of input", "{e}");
    }
    // Bytes that are not UTF-8.
    let e = read_graph(&b"p edge 2 1\ne 1 \xff\n"[..], "t", d, Limits::default()).unwrap_err();
    check(
        &e,
        2,
        5,
        "byte 0xff",
        "a vertex number (a whole number)",
        "",
    );
    // The whole message.
    let e = graph_err("p edge 2 1\ne 1 3\n", d);
    assert_eq!(
        e.to_string(),
        "t:2:5: found '3', expected a vertex number from 1 to 2\n\
         hint: the p line (line 1) announced 2 vertices"
    );
}

#[test]
fn mtx_errors() {
    const B: &str = "%%MatrixMarket matrix coordinate";
    let cases: &[(&str, u64, u64, &str, &str, &str)] = &[
        (
            "",
            1,
            1,
            "end of input",
            "the banner '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY'",
            "",
        ),
        (
            "%%MatrixMarket vector",
            1,
            16,
            "'vector'",
            "'matrix'",
            "only matrices are graphs",
        ),
        (
            "%%MatrixMarket matrix array pattern general\n",
            1,
            29,
            "'pattern'",
            "'real', 'integer' or 'complex'",
            "an array matrix lists every value: it cannot be a pattern",
        ),
        (
            "%%MatrixMarket matrix coord",
            1,
            23,
            "'coord'",
            "'coordinate' or 'array'",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate\n",
            1,
            33,
            "end of line",
            "'pattern', 'real', 'integer' or 'complex'",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate double general\n",
            1,
            34,
            "'double'",
            "'pattern', 'real', 'integer' or 'complex'",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate real upper\n",
            1,
            39,
            "'upper'",
            "'general', 'symmetric', 'skew-symmetric' or 'hermitian'",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate real general extra\n",
            1,
            47,
            "'extra'",
            "end of line",
            "the banner is",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n% c\n",
            3,
            1,
            "end of input",
            "the size line 'ROWS COLS ENTRIES'",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 2\n",
            2,
            4,
            "end of line",
            "the number of entries (a whole number)",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 2 1 1\n",
            2,
            7,
            "'1'",
            "end of line",
            "the size line is 'ROWS COLS ENTRIES'",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 x 1\n",
            2,
            3,
            "'x'",
            "the number of columns (a whole number)",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n4294967295 1 0\n",
            2,
            1,
            "4294967295 rows",
            "at most 4294967294 rows",
            "the vertex limit is 4294967294",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n1 1000000000000000 0\n",
            2,
            3,
            "1000000000000000 columns",
            "at most 4294967294 columns",
            "the vertex limit",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n1 1 1000000000000000\n",
            2,
            5,
            "1000000000000000 entries",
            "at most 4294967295 entries",
            "the edge limit is 4294967295",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern symmetric\n2 3 0\n",
            2,
            1,
            "a 2 × 3 matrix",
            "a square matrix",
            "only a square matrix can be symmetric",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n0 1\n",
            3,
            1,
            "'0'",
            "a row number from 1 to 2",
            "the size line (line 2) announced 2 rows",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 4\n",
            3,
            3,
            "'4'",
            "a column number from 1 to 3",
            "announced 3 columns",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1\n",
            3,
            2,
            "end of line",
            "a column number (a whole number)",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 1 1.0\n",
            3,
            5,
            "'1.0'",
            "end of line",
            "a pattern matrix entry is 'I J' (no value)",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 3 1\n1 1\n",
            3,
            4,
            "end of line",
            "a value (a number)",
            "",
        ),
        (
            "%%MatrixMarket matrix coordinate integer general\n2 3 1\n1 1 one\n",
            3,
            5,
            "'one'",
            "a value (a number)",
            "an integer matrix entry is 'I J VALUE'",
        ),
        (
            "%%MatrixMarket matrix coordinate complex general\n2 3 1\n1 1 1 1 1\n",
            3,
            9,
            "'1'",
            "end of line",
            "a complex matrix entry is 'I J REAL IMAGINARY'",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 1\n% c\n2 2\n",
            5,
            1,
            "entry 2",
            "at most 1 entry",
            "the size line (line 2) announced 1 entry",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n2 3 3\n1 1\n",
            4,
            1,
            "end of input",
            "2 more entries",
            "the size line (line 2) announced 3 entries, the file has 1",
        ),
    ];
    for &(text, line, col, found, expected, hint) in cases {
        let e = graph_err(text, Some(Format::MatrixMarket));
        check(&e, line, col, found, expected, hint);
        assert_eq!(tiny_graph(text, Some(Format::MatrixMarket)).err(), Some(e));
    }
    // Mirrored edges count against the edge limit.
    let limits = Limits {
        max_vertices: 10,
        max_edges: 3,
    };
    let text = format!("{B} pattern symmetric\n2 2 2\n1 2\n2 1\n");
    let e = read_graph(text.as_bytes(), "t", None, limits).unwrap_err();
    check(
        &e,
        4,
        1,
        "more than 3 edges",
        "at most 3 edges",
        "two edges for each",
    );
    let text = format!("{B} pattern symmetric\n2 2 2\n1 2\n2 2\n");
    assert_eq!(
        read_graph(text.as_bytes(), "t", None, limits).map(|g| g.edges.len()),
        Ok(3)
    );
}

#[test]
fn edge_list_errors() {
    let cases: &[(&str, u64, u64, &str, &str, &str)] = &[
        (
            "0 1 2\n",
            1,
            5,
            "'2'",
            "end of line",
            "an edge list line holds two vertex numbers (weights are not read)",
        ),
        (
            "0 1 1.5 # w\n",
            1,
            5,
            "'1.5'",
            "end of line",
            "weights are not read",
        ),
        (
            "0 1\n5\n",
            2,
            2,
            "end of line",
            "a second vertex number (a whole number)",
            "",
        ),
        (
            "0 1\n5",
            2,
            2,
            "end of input",
            "a second vertex number (a whole number)",
            "",
        ),
        (
            "0 1\n-5 1\n",
            2,
            1,
            "'-5'",
            "a vertex number (a whole number)",
            "cannot be negative",
        ),
        (
            "0 1\n1 x\n",
            2,
            3,
            "'x'",
            "a second vertex number (a whole number)",
            "",
        ),
        (
            "0 1\n1 2#c\n",
            2,
            3,
            "'2#c'",
            "a second vertex number (a whole number)",
            "",
        ),
        (
            "0 4294967294\n",
            1,
            3,
            "'4294967294'",
            "a vertex number from 0 to 4294967293",
            "vertex numbers are below 4294967294",
        ),
        (
            "1000000000000000 0\n",
            1,
            1,
            "'1000000000000000'",
            "a vertex number from 0 to 4294967293",
            "vertex numbers are below",
        ),
    ];
    for &(text, line, col, found, expected, hint) in cases {
        let e = graph_err(text, Some(Format::EdgeList));
        check(&e, line, col, found, expected, hint);
        assert_eq!(tiny_graph(text, Some(Format::EdgeList)).err(), Some(e));
    }
    let limits = Limits {
        max_vertices: 3,
        max_edges: 2,
    };
    let read = |text: &str| read_graph(text.as_bytes(), "t", None, limits);
    assert!(read("0 2\n2 0\n").is_ok());
    // The limit counts the vertices the ids name, not the ids.
    assert!(read("0 3000\n3000 7\n").is_ok());
    let e = read("0 1\n2 3\n").unwrap_err();
    check(
        &e,
        3,
        1,
        "edges naming 4 vertices",
        "at most 3 vertices",
        "the vertex limit is 3",
    );
    let e = read("0 1\n1 2\n# c\n 2 0\n").unwrap_err();
    check(&e, 4, 2, "edge 3", "at most 2 edges", "the edge limit is 2");
    let none = Limits {
        max_vertices: 0,
        max_edges: 2,
    };
    // Named: detected, `0 0` alone is an empty METIS graph (an edge list's self-loop header).
    let e = read_graph(&b"0 0\n"[..], "t", Some(Format::EdgeList), none).unwrap_err();
    check(
        &e,
        2,
        1,
        "edges naming 1 vertex",
        "at most 0 vertices",
        "the vertex limit is 0",
    );
}

#[test]
fn cnf_errors() {
    let cases: &[(&str, u64, u64, &str, &str, &str)] = &[
        (
            "c x\n",
            2,
            1,
            "end of input",
            "the p line ('p cnf VARIABLES CLAUSES')",
            "",
        ),
        (
            "1 2 0\n",
            1,
            1,
            "'1'",
            "the p line ('p cnf VARIABLES CLAUSES') or a 'c' comment",
            "a DIMACS CNF file starts with 'p cnf VARIABLES CLAUSES'",
        ),
        (
            "p edge 3 2\n",
            1,
            3,
            "'edge'",
            "'cnf'",
            "this is a graph: use `gridmatch match` / `geography`",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n",
            1,
            1,
            "'%%MatrixMarket'",
            "the p line ('p cnf VARIABLES CLAUSES') or a 'c' comment",
            "this is a graph",
        ),
        ("p sat 3 2\n", 1, 3, "'sat'", "'cnf'", ""),
        (
            "p cnf 2147483647 1\n",
            1,
            7,
            "2147483647 variables",
            "at most 2147483646 variables",
            "the variable limit is 2147483646",
        ),
        (
            "p cnf 3 1000000000000000\n",
            1,
            9,
            "1000000000000000 clauses",
            "at most 100 clauses",
            "the clause limit is 100",
        ),
        (
            "p cnf 3 1 0\n",
            1,
            11,
            "'0'",
            "end of line",
            "the p line holds the format's two counts, 'p cnf VARIABLES CLAUSES'",
        ),
        (
            "p cnf 3 1\n1 2 3 0\n",
            2,
            5,
            "'3'",
            "0 ending the clause",
            "gridmatch decides 2-SAT only: every clause must have one or two literals",
        ),
        (
            "p cnf 3 1\n1\n-2\n  3 0\n",
            4,
            3,
            "'3'",
            "0 ending the clause",
            "2-SAT only",
        ),
        (
            "p cnf 3 2\n1 0\n0\n",
            3,
            1,
            "'0'",
            "a literal from -3 to 3",
            "an empty clause can never be satisfied",
        ),
        (
            "p cnf 3 1\n1 -4 0\n",
            2,
            3,
            "'-4'",
            "a literal from -3 to 3, or 0 ending the clause",
            "the p line (line 1) announced 3 variables",
        ),
        (
            "p cnf 3 1\n1 x 0\n",
            2,
            3,
            "'x'",
            "a literal (a whole number from -3 to 3) or 0 ending the clause",
            "",
        ),
        (
            "p cnf 3 1\n1 -+2 0\n",
            2,
            3,
            "'-+2'",
            "a literal (a whole number from -3 to 3) or 0 ending the clause",
            "",
        ),
        (
            "p cnf 3 1\n1 --2 0\n",
            2,
            3,
            "'--2'",
            "a literal (a whole number from -3 to 3) or 0 ending the clause",
            "",
        ),
        (
            "p cnf 3 1\n1 -99999999999999999999 0\n",
            2,
            3,
            "'-99999999999999999999'",
            "a literal (a whole number from -3 to 3) or 0 ending the clause",
            "too large",
        ),
        (
            "p cnf 3 1\n1 2\n",
            3,
            1,
            "end of input",
            "0 ending the clause begun at line 2",
            "",
        ),
        (
            "p cnf 3 2\n1 2 0\n",
            3,
            1,
            "end of input",
            "1 more clause",
            "the p line (line 1) announced 2 clauses, the file has 1",
        ),
        (
            "p cnf 3 1\n1 2 0\nc\n2 3 0\n",
            4,
            1,
            "clause 2",
            "at most 1 clause",
            "the p line (line 1) announced 1 clause",
        ),
        (
            "p cnf 3 1\np cnf 3 1\n",
            2,
            1,
            "a second p line",
            "a clause or a 'c' comment",
            "the p line is line 1",
        ),
        (
            "p cnf 3 1\n1\n%\n0\n",
            3,
            1,
            "'%'",
            "0 ending the clause begun at line 2",
            "",
        ),
        (
            "p cnf 3 1\n1 0\n%\n0\n1 0\n",
            5,
            1,
            "'1'",
            "end of input",
            "SATLIB's trailer",
        ),
        (
            "p cnf 3 2\n1 0\n%\n0\n",
            5,
            1,
            "end of input",
            "1 more clause",
            "the file has 1",
        ),
        // `c` starts a comment only at the start of a line.
        (
            "p cnf 3 1\n1 c 0\n",
            2,
            3,
            "'c'",
            "a literal (a whole number from -3 to 3) or 0 ending the clause",
            "",
        ),
    ];
    for &(text, line, col, found, expected, hint) in cases {
        let e = match read_cnf(text.as_bytes(), "t", 100) {
            Ok(c) => panic!("accepted {text:?} as {c:?}"),
            Err(e) => e,
        };
        check(&e, line, col, found, expected, hint);
        let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
        assert_eq!(read_cnf(tiny, "t", 100).err(), Some(e));
    }
    let e = cnf_err("p cnf 1 1\n1 0 1 0\n");
    check(
        &e,
        2,
        5,
        "clause 2",
        "at most 1 clause",
        "announced 1 clause",
    );
}

#[test]
fn absurd_headers_are_refused_before_allocating() {
    let small = Limits {
        max_vertices: 100,
        max_edges: 1000,
    };
    for (text, col, found) in [
        ("p edge 101 1\n", 8, "101 vertices"),
        ("p edge 10 1001\n", 11, "1001 edges"),
    ] {
        let e = read_graph(text.as_bytes(), "t", None, small).unwrap_err();
        assert_eq!((e.line, e.col, e.found.as_str()), (1, col, found), "{e}");
    }
    let text = "%%MatrixMarket matrix coordinate pattern general\n100 101 5\n";
    let e = read_graph(text.as_bytes(), "t", None, small).unwrap_err();
    check(
        &e,
        2,
        5,
        "101 columns",
        "at most 100 columns",
        "the vertex limit is 100",
    );
    // Within the default limits a huge announced count reserves little and fails at the end.
    let text = "p edge 4000000000 4000000000\ne 1 2\n";
    let start = std::time::Instant::now();
    let e = graph_err(text, None);
    check(
        &e,
        3,
        1,
        "end of input",
        "3999999999 more 'e' lines",
        "announced 4000000000 edges",
    );
    let text = "%%MatrixMarket matrix coordinate pattern general\n1 4000000000 4000000000\n";
    let e = graph_err(text, None);
    check(
        &e,
        3,
        1,
        "end of input",
        "4000000000 more entries",
        "the file has 0",
    );
    let e = read_cnf(&b"p cnf 2000000000 4000000000\n"[..], "t", u64::MAX).unwrap_err();
    check(
        &e,
        2,
        1,
        "end of input",
        "4000000000 more clauses",
        "the file has 0",
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    // Limits above what the graphs take are the default.
    let big = Limits {
        max_vertices: u64::MAX,
        max_edges: 10,
    };
    let e = read_graph(&b"p edge 4294967295 0\n"[..], "t", None, big).unwrap_err();
    check(
        &e,
        1,
        8,
        "4294967295 vertices",
        "at most 4294967294 vertices",
        "the vertex limit is 4294967294",
    );
}

/// A reader that fails after `ok` bytes.
struct Failing {
    data: &'static [u8],
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.data.is_empty() {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.data.len()).min(3);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn io_errors_are_unreadable_input() {
    let input = std::io::BufReader::new(Failing {
        data: b"p edge 2 1\ne 1",
    });
    let e = read_graph(input, "t", None, Limits::default()).unwrap_err();
    check(&e, 2, 4, "unreadable input", "text", "disk on fire");
    let input = std::io::BufReader::new(Failing { data: b"c x" });
    let e = read_cnf(input, "t", 10).unwrap_err();
    check(&e, 1, 4, "unreadable input", "text", "disk on fire");
}

/// Counts the bytes read, to check that a reader stops early.
struct Counted<R> {
    inner: R,
    read: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

#[test]
fn endless_lines_are_not_buffered() -> TestResult {
    const HUGE: u64 = 100 << 20;
    let ones = || std::io::BufReader::new(std::io::repeat(b'1').take(HUGE));
    // One endless token: refused after its first bytes, for every format.
    for format in [None, Some(Format::EdgeList)] {
        let e = read_graph(ones(), "t", format, Limits::default()).unwrap_err();
        check(
            &e,
            1,
            1,
            &format!("'{}…'", "1".repeat(24)),
            "a vertex number (a whole number)",
            "too large",
        );
    }
    let mut counted = Counted {
        inner: std::io::repeat(b'1'),
        read: 0,
    };
    let e = read_cnf(std::io::BufReader::new(&mut counted), "t", 10).unwrap_err();
    assert_eq!((e.line, e.col), (1, 1));
    assert!(counted.read < 1 << 20, "read {} bytes", counted.read);
    let endless = std::io::BufReader::new(std::io::Read::chain(
        &b"p edge 2 1\ne 1 "[..],
        std::io::repeat(b'2'),
    ));
    let e = read_graph(endless, "t", None, Limits::default()).unwrap_err();
    check(
        &e,
        2,
        5,
        &format!("'{}…'", "2".repeat(24)),
        "a vertex number (a whole number)",
        "too large",
    );
    // A long line of short tokens: refused at its third token.
    const SPACES: u64 = 8 << 20;
    let endless = std::io::BufReader::new(std::io::repeat(b' ').take(SPACES).chain(
        std::io::Read::chain(&b"1"[..], std::io::repeat(b' ').take(SPACES)).chain(&b"1 1"[..]),
    ));
    let e = read_graph(endless, "t", None, Limits::default()).unwrap_err();
    assert_eq!((e.line, e.found.as_str()), (1, "'1'"), "{e}");
    assert_eq!(e.col, 2 * SPACES + 4);
    // An endless comment is skipped with bounded memory.
    let comment = std::io::BufReader::new(
        std::io::Read::chain(&b"c "[..], std::io::repeat(b'x').take(HUGE))
            .chain(&b"\np edge 1 0"[..]),
    );
    let g = read_graph(comment, "t", None, Limits::default())?;
    assert_eq!(g.shape, Shape::General { vertices: 1 });
    let clause = std::io::BufReader::new(
        std::io::Read::chain(&b"p cnf 1 1\n"[..], std::io::repeat(b' ').take(SPACES))
            .chain(&b"-1 0"[..]),
    );
    assert_eq!(read_cnf(clause, "t", 1)?.lines, vec![2]);
    Ok(())
}

#[test]
fn sparse_edge_list_ids_are_the_vertices() -> TestResult {
    // Before: 296202816 vertices (seconds and gigabytes); now the two ids that appear.
    let g = graph("0 296202815\n", None)?;
    assert_eq!(g.shape, Shape::General { vertices: 2 });
    assert_eq!((g.edges, g.ids), (vec![(0, 1)], vec![0, 296202815]));
    // Ids compacted in increasing order whatever the edge order, dense or not, repeated or not.
    let g = graph("9 4\n4 4000000000\n9 4\n", None)?;
    assert_eq!(g.edges, vec![(1, 0), (0, 2), (1, 0)]);
    assert_eq!(g.ids, vec![4, 9, 4000000000]);
    let g = graph("1 3\n3 0\n", None)?;
    assert_eq!(g.edges, vec![(1, 2), (2, 0)]);
    assert_eq!(g.ids, vec![0, 1, 3]);
    // Every id of 0..=max: the ids are the indices, nothing kept.
    let g = graph("2 1\n0 1\n", None)?;
    assert_eq!((g.edges, g.ids), (vec![(2, 1), (0, 1)], vec![]));
    // Through a 1-byte buffer the same.
    let tiny = std::io::BufReader::with_capacity(1, &b"7 5\n"[..]);
    let g = read_graph(tiny, "t", None, Limits::default())?;
    assert_eq!((g.edges, g.ids), (vec![(1, 0)], vec![5, 7]));
    Ok(())
}

#[test]
fn a_plus_sign_is_accepted_on_literals_as_on_every_number() -> TestResult {
    // Before: "found '+1', expected a literal", while `+` was taken on the p line.
    let cnf = read_cnf(&b"p cnf +2 +2\n+1 -2 +0\n+2 0\n"[..], "t", 10)?;
    assert_eq!(cnf.formula.clauses()[0], (Lit::pos(0), Lit::neg(1)));
    assert_eq!(cnf.formula.clauses()[1], (Lit::pos(1), Lit::pos(1)));
    Ok(())
}

#[test]
fn wrong_files_get_hints_naming_the_format() {
    // A third number on the p line: the format's two counts named.
    let e = graph_err("p edge 496 11654 65\n", None);
    check(
        &e,
        1,
        18,
        "'65'",
        "end of line",
        "two counts, 'p edge VERTICES EDGES' (here 496 vertices and 11654 edges)",
    );
    let e = cnf_err("p cnf 3 2 1\n");
    check(
        &e,
        1,
        11,
        "'1'",
        "end of line",
        "two counts, 'p cnf VARIABLES CLAUSES' (here 3 variables and 2 clauses)",
    );
    // A board file (its first line one number) given as a graph or a formula.
    let board = "5\nX....\n.....\n";
    let e = graph_err(board, None);
    check(
        &e,
        1,
        2,
        "end of line",
        "a second vertex number (a whole number)",
        "starts a board file",
    );
    assert!(
        e.hint
            .as_deref()
            .is_some_and(|h| h.ends_with("name its format (dense)")),
        "{e}"
    );
    let e = cnf_err(board);
    check(
        &e,
        1,
        1,
        "'5'",
        "the p line ('p cnf VARIABLES CLAUSES') or a 'c' comment",
        "`gridmatch rooks FILE`",
    );
}

// ---- weights ----

fn weighted(text: &str, format: Option<Format>) -> Result<WeightedGraphInput, InputError> {
    read_weighted_graph(text.as_bytes(), "t", format, Limits::default())
}

fn weighted_err(text: &str, format: Option<Format>) -> InputError {
    match weighted(text, format) {
        Ok(g) => panic!("accepted {text:?} as {g:?}"),
        Err(e) => e,
    }
}

/// The values and decimals read from `text`.
#[track_caller]
fn weights_of(text: &str, format: Option<Format>) -> (Vec<i64>, u32) {
    match weighted(text, format) {
        Ok(g) => (g.weights.values, g.weights.decimals),
        Err(e) => panic!("{e}\n{text}"),
    }
}

#[test]
fn weights_parse_exactly() {
    use weights::{Bad, Decimal, parse};
    let ok = |m: i64, d: u32| {
        Ok(Decimal {
            mantissa: m,
            decimals: d,
        })
    };
    let cases: &[(&str, Result<Decimal, Bad>)] = &[
        ("0", ok(0, 0)),
        ("-0", ok(0, 0)),
        ("+0.000", ok(0, 0)),
        ("0e999999999999999999999", ok(0, 0)),
        ("7", ok(7, 0)),
        ("+7", ok(7, 0)),
        ("-7", ok(-7, 0)),
        ("007", ok(7, 0)),
        (".5", ok(5, 1)),
        ("-.5", ok(-5, 1)),
        ("5.", ok(5, 0)),
        ("1.50", ok(15, 1)),
        ("100e-2", ok(1, 0)),
        ("1e3", ok(1000, 0)),
        ("1E+3", ok(1000, 0)),
        ("2.5E-2", ok(25, 3)),
        ("0.1", ok(1, 1)),
        ("-0.000001", ok(-1, 6)),
        ("1e-18", ok(1, 18)),
        ("123.456e-15", ok(123456, 18)),
        ("576460752303423488", ok(MAX, 0)),
        ("-576460752303423488", ok(-MAX, 0)),
        ("5764607523034234.88e2", ok(MAX, 0)),
        ("0.576460752303423488", ok(MAX, 18)),
        ("1e-19", Err(Bad::TooManyDecimals)),
        ("0.0000000000000000001", Err(Bad::TooManyDecimals)),
        ("1e-99999999999999999999", Err(Bad::TooManyDecimals)),
        ("576460752303423489", Err(Bad::TooLarge)),
        ("1e18", Err(Bad::TooLarge)),
        ("1e99999999999999999999", Err(Bad::TooLarge)),
        ("1234567890123456789", Err(Bad::TooLarge)),
        ("0.1234567890123456789", Err(Bad::TooManyDecimals)),
        ("nan", Err(Bad::NotFinite)),
        ("NaN", Err(Bad::NotFinite)),
        ("-inf", Err(Bad::NotFinite)),
        ("+Infinity", Err(Bad::NotFinite)),
        ("INF", Err(Bad::NotFinite)),
        ("abc", Err(Bad::NotANumber)),
        ("1/2", Err(Bad::NotANumber)),
        ("0x10", Err(Bad::NotANumber)),
        ("1,5", Err(Bad::NotANumber)),
        ("1e", Err(Bad::NotANumber)),
        ("1e+", Err(Bad::NotANumber)),
        ("e5", Err(Bad::NotANumber)),
        (".", Err(Bad::NotANumber)),
        ("-", Err(Bad::NotANumber)),
        ("+-1", Err(Bad::NotANumber)),
        ("1.2.3", Err(Bad::NotANumber)),
        ("1e2.5", Err(Bad::NotANumber)),
        ("1d3", Err(Bad::NotANumber)),
        ("infinite", Err(Bad::NotANumber)),
        ("5#", Err(Bad::NotANumber)),
    ];
    for (tok, want) in cases {
        assert_eq!(parse(tok.as_bytes(), false), *want, "{tok}");
    }
    // Beyond the narrow range: exact `(m, e)` within 38 digits and 10^±1000.
    type Parts = Result<(i128, i32), Bad>;
    let wide: &[(&str, Parts)] = &[
        ("1e-19", Ok((1, -19))),
        ("-0.0000000000000000001", Ok((-1, -19))),
        ("1e18", Ok((1, 18))),
        ("1234567890123456789", Ok((1234567890123456789, 0))),
        ("0.1234567890123456789", Ok((1234567890123456789, -19))),
        ("5e-324", Ok((5, -324))),
        ("1.7976931348623157e308", Ok((17976931348623157, 292))),
        ("2.5E3", Ok((25, 2))),
        ("-0.0", Ok((0, 0))),
        ("1e999", Ok((1, 999))),
        ("9.9e998", Ok((99, 997))),
        ("1e1000", Err(Bad::OutOfSpan)),
        ("10e999", Err(Bad::OutOfSpan)),
        ("1e-1000", Ok((1, -1000))),
        ("0.1e-1000", Err(Bad::OutOfSpan)),
        ("1e-99999999999999999999", Err(Bad::OutOfSpan)),
        ("1e99999999999999999999", Err(Bad::OutOfSpan)),
        (
            "99999999999999999999999999999999999999",
            Ok((10i128.pow(38) - 1, 0)),
        ),
        (
            "999999999999999999999999999999999999999",
            Err(Bad::TooManyDigits),
        ),
        ("1000000000000000000000000000000000000000", Ok((1, 39))),
        ("nan", Err(Bad::NotFinite)),
        ("1/2", Err(Bad::NotANumber)),
    ];
    for (tok, want) in wide {
        assert_eq!(weights::parse_wide(tok.as_bytes(), false), *want, "{tok}");
    }
    assert_eq!(parse(b"1d3", true), ok(1000, 0));
    assert_eq!(parse(b"-2.5D-1", true), ok(-25, 2));
}

const MAX: i64 = crate::graph::weighted::MAX_WEIGHT;

/// `m / 10^d` written one of several ways: plain, trailing zeros, exponent, signs, `.5`, `5.`.
fn write_weight(rng: &mut ChaCha8Rng, m: i64, d: u32) -> String {
    let plain = weights::show(i128::from(m), d);
    match rng.random_range(0..7) {
        0 => plain,
        1 if plain.contains('.') => format!("{plain}00"),
        1 => format!("{plain}.0"),
        2 => format!("{m}e-{d}"),
        // The point moved k places left, and an exponent of k.
        3 => {
            let k = rng.random_range(0..4u32);
            let e = ["e", "E"][rng.random_range(0..2)];
            format!("{}{e}+{k}", weights::show(i128::from(m), d + k))
        }
        4 if m >= 0 => format!("+{plain}"),
        5 if plain.starts_with("0.") => plain[1..].to_string(),
        5 if plain.starts_with("-0.") => format!("-{}", &plain[2..]),
        6 if !plain.contains('.') => format!("{plain}."),
        _ => format!("{}e{}", weights::show(i128::from(m) * 1000, d), -3),
    }
}

/// Random weights (mantissa, decimals) without trailing zeros, and their values scaled to the
/// most decimals among them.
fn random_weights(rng: &mut ChaCha8Rng, m: usize) -> (Vec<(i64, u32)>, Vec<i64>, u32) {
    let most = rng.random_range(0..=4u32);
    let raw: Vec<(i64, u32)> = (0..m)
        .map(|_| {
            let d = rng.random_range(0..=most);
            let mut v: i64 = rng.random_range(-1_000_000..=1_000_000);
            if rng.random_bool(0.2) {
                v = rng.random_range(-3..=3);
            }
            // Normalise: no trailing zeros at d > 0.
            let (mut v, mut d) = (v, d);
            while d > 0 && v % 10 == 0 {
                v /= 10;
                d -= 1;
            }
            (v, d)
        })
        .collect();
    let decimals = raw.iter().map(|&(_, d)| d).max().unwrap_or(0);
    let scaled = raw
        .iter()
        .map(|&(v, d)| v * 10i64.pow(decimals - d))
        .collect();
    (raw, scaled, decimals)
}

#[test]
fn random_weighted_graphs_round_trip() -> TestResult {
    for seed in 0..300u64 {
        let mut s = Style::new(1000 + seed);
        let n = s.rng.random_range(1..=30u32);
        let m = s.rng.random_range(0..=40);
        let edges = random_edges(&mut s.rng, n, m);
        let (raw, values, decimals) = random_weights(&mut s.rng, m);
        let mut w: Vec<String> = Vec::new();
        for &(v, d) in &raw {
            w.push(write_weight(&mut s.rng, v, d));
        }
        let buffer = 1 + seed as usize % 5;
        let read_all = |text: &str, format: Option<Format>| -> TestResult {
            let g = weighted(text, format).map_err(|e| format!("{e}\n{text}"))?;
            assert_eq!(
                g.graph,
                graph(text, format).or_else(|_| {
                    // An unweighted read refuses the third column of DIMACS and edge lists.
                    weighted(text, format).map(|g| g.graph)
                })?
            );
            assert_eq!(
                (&g.weights.values, g.weights.decimals),
                (&values, decimals),
                "{text}"
            );
            let tiny = std::io::BufReader::with_capacity(buffer, text.as_bytes());
            let t = read_weighted_graph(tiny, "t", format, Limits::default())?;
            assert_eq!(t, g, "{text}");
            Ok(())
        };

        // DIMACS.
        let mut text = String::new();
        if s.rng.random_bool(0.2) {
            text.push('\u{feff}');
        }
        s.noise(&mut text, "c");
        let p = vec!["p".into(), "edge".into(), s.num(n.into()), s.num(m as u64)];
        s.line(&mut text, &p);
        for (&(u, v), w) in edges.iter().zip(&w) {
            s.noise(&mut text, "c");
            let words = vec![
                "e".into(),
                s.num(u64::from(u) + 1),
                s.num(u64::from(v) + 1),
                w.clone(),
            ];
            s.line(&mut text, &words);
        }
        read_all(&text, None)?;
        let g = weighted(&text, Some(Format::Dimacs))?;
        assert_eq!(g.graph.edges, edges);

        // Edge list, with comments after the weight.
        let mut text = String::new();
        s.noise(&mut text, "#");
        for (&(u, v), w) in edges.iter().zip(&w) {
            s.noise(&mut text, "#");
            let mut words = vec![s.num(u.into()), s.num(v.into()), w.clone()];
            if s.rng.random_bool(0.1) {
                words.push("# a comment 3".into());
            }
            s.line(&mut text, &words);
        }
        let format = text.is_empty().then_some(Format::EdgeList);
        read_all(&text, format)?;
        let g = weighted(&text, format)?;
        let ids = if g.graph.ids.is_empty() {
            (0..n).collect()
        } else {
            g.graph.ids.clone()
        };
        let named: Vec<(u32, u32)> = g
            .graph
            .edges
            .iter()
            .map(|&(u, v)| (ids[u as usize], ids[v as usize]))
            .collect();
        assert_eq!(named, edges);

        // Matrix Market, general and mirrored.
        let symmetry =
            ["general", "symmetric", "skew-symmetric", "Hermitian"][s.rng.random_range(0..4)];
        let field = ["real", "integer", "REAL"][s.rng.random_range(0..3)];
        let mut text = String::new();
        let banner = vec![
            "%%MatrixMarket".into(),
            "matrix".into(),
            "coordinate".into(),
            field.into(),
            symmetry.into(),
        ];
        s.line(&mut text, &banner);
        s.noise(&mut text, "%");
        let size = vec![s.num(n.into()), s.num(n.into()), s.num(m as u64)];
        s.line(&mut text, &size);
        let mut mirrored_values = Vec::new();
        for ((&(u, v), w), &value) in edges.iter().zip(&w).zip(&values) {
            s.noise(&mut text, "%");
            let words = vec![s.num(u64::from(u) + 1), s.num(u64::from(v) + 1), w.clone()];
            s.line(&mut text, &words);
            mirrored_values.push(value);
            if symmetry != "general" && u != v {
                mirrored_values.push(if symmetry == "skew-symmetric" {
                    -value
                } else {
                    value
                });
            }
        }
        let g = weighted(&text, None).map_err(|e| format!("{e}\n{text}"))?;
        assert_eq!(g.graph, graph(&text, None)?, "{text}");
        assert_eq!(
            (&g.weights.values, g.weights.decimals),
            (&mirrored_values, decimals),
            "{text}"
        );
        let tiny = std::io::BufReader::with_capacity(buffer, text.as_bytes());
        assert_eq!(read_weighted_graph(tiny, "t", None, Limits::default())?, g);
    }
    Ok(())
}

#[test]
fn weights_are_scaled_exactly() {
    assert_eq!(weights_of("0 1 0.1\n1 2 0.2\n", None), (vec![1, 2], 1));
    assert_eq!(weights_of("0 1 1.50\n", None), (vec![15], 1));
    assert_eq!(weights_of("0 1 1e3\n", None), (vec![1000], 0));
    assert_eq!(weights_of("0 1 2.5E-2\n", None), (vec![25], 3));
    // Later weights with more decimals rescale the earlier ones.
    assert_eq!(
        weights_of("0 1 3\n1 2 -0.5\n2 3 0.25\n3 4 7\n4 5 1e-3\n", None),
        (vec![3000, -500, 250, 7000, 1], 3)
    );
    // Trailing zeros do not count.
    assert_eq!(weights_of("0 1 2.000\n0 1 0.10\n", None), (vec![20, 1], 1));
    assert_eq!(weights_of("0 1 0\n", None), (vec![0], 0));
    // The extremes.
    assert_eq!(
        weights_of("0 1 576460752303423488\n0 1 -576460752303423488\n", None),
        (vec![MAX, -MAX], 0)
    );
    assert_eq!(
        weights_of("0 1 0.576460752303423488\n0 1 1e-18\n", None),
        (vec![MAX, 1], 18)
    );
    // Every format, CRLF, a byte order mark, comments.
    assert_eq!(
        weights_of(
            "\u{feff}c w\r\np edge 3 2\r\ne 1 2 -1.5\r\nc x\r\ne 2 3 +2e1\r\n",
            None
        ),
        (vec![-15, 200], 1)
    );
    assert_eq!(
        weights_of("# c\r\n0 1 .5 # half\r\n\r\n1 2\t5.\t\r\n", None),
        (vec![5, 50], 1)
    );
    let mtx = "%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 3\n1 1 1.0D+00\n2 1 \
               -2.5\n3 2 4e-1\n";
    let g = weighted(mtx, None).unwrap();
    assert_eq!(g.graph.edges, vec![(0, 0), (1, 0), (0, 1), (2, 1), (1, 2)]);
    assert_eq!(
        (g.weights.values, g.weights.decimals),
        (vec![10, -25, -25, 4, 4], 1)
    );
    let skew = "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 3\n";
    assert_eq!(weights_of(skew, None), (vec![3, -3], 0));
    // Through 1-byte buffers.
    for text in ["0 1 0.1\n1 2 0.2\n", mtx, skew] {
        let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
        let g = read_weighted_graph(tiny, "t", None, Limits::default()).unwrap();
        assert_eq!(g, weighted(text, None).unwrap());
    }
    // Empty files have no weights.
    assert_eq!(weights_of("p edge 2 0\n", None), (vec![], 0));
    assert_eq!(weights_of("", Some(Format::EdgeList)), (vec![], 0));
}

#[test]
fn unweighted_reading_is_unchanged() {
    // A third column is refused as before, a real matrix's values are still only checked.
    let e = graph_err("0 1 2\n", None);
    check(&e, 1, 5, "'2'", "end of line", "weights are not read");
    let e = graph_err("p edge 2 1\ne 1 2 5\n", None);
    check(
        &e,
        2,
        7,
        "'5'",
        "end of line",
        "an 'e' line holds two vertex numbers (weights are not read)",
    );
    let text = "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 nan inf\n";
    assert_eq!(graph(text, None).unwrap().edges, vec![(0, 0)]);
    let text = "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1e400\n";
    assert_eq!(graph(text, None).unwrap().edges, vec![(0, 0)]);
}

/// Weight errors: (text, line, col, found, expected, hint).
type Case<'a> = (&'a str, u64, u64, &'a str, &'a str, &'a str);

fn weight_cases() -> Vec<Case<'static>> {
    const W: &str = "a weight (a decimal number such as 3, -2.5 or 1e6)";
    vec![
        (
            "0 1\n",
            1,
            4,
            "end of line",
            W,
            "a weighted edge list line is 'U V WEIGHT'",
        ),
        ("0 1", 1, 4, "end of input", W, "'U V WEIGHT'"),
        (
            "0 1 # 5\n",
            1,
            5,
            "'#'",
            W,
            "the weight is missing: a comment starts here",
        ),
        ("0 1 5 6\n", 1, 7, "'6'", "end of line", "'U V WEIGHT'"),
        ("0 1 abc\n", 1, 5, "'abc'", W, "'U V WEIGHT'"),
        ("0 1 1/2\n", 1, 5, "'1/2'", W, "fractions are not read"),
        (
            "0 1 0x10\n",
            1,
            5,
            "'0x10'",
            W,
            "hexadecimal numbers are not read",
        ),
        ("0 1 2,5\n", 1, 5, "'2,5'", W, "with a point (2.5)"),
        (
            "0 1 nan\n",
            1,
            5,
            "'nan'",
            W,
            "weights must be finite decimal numbers",
        ),
        ("0 1 -Infinity\n", 1, 5, "'-Infinity'", W, "must be finite"),
        ("0 1 inf\n", 1, 5, "'inf'", W, "must be finite"),
        ("0 1 NaN\n", 1, 5, "'NaN'", W, "must be finite"),
        ("0 1 5é\n", 1, 6, "'é'", W, "'U V WEIGHT'"),
        (
            "0 1 0.123456789012345678901234567890123456789\n",
            1,
            5,
            "'0.1234567890123456789012…'",
            "a weight with at most 38 significant digits",
            "their digits as a 128-bit integer (at most 38): round this one",
        ),
        (
            "0 1 1e1000\n",
            1,
            5,
            "'1e1000'",
            "a weight below 1e1000 in magnitude, with at most 1000 decimals",
            "from 10^-1000 to 10^1000",
        ),
        (
            "0 1 3\n1 2 -2.5e-1001\n",
            2,
            5,
            "'-2.5e-1001'",
            "a weight below 1e1000 in magnitude, with at most 1000 decimals",
            "every 64-bit float is within 10^±324",
        ),
        (
            "0 1 1.000000000000000000000000000000000000000000000000000000000000000000\n",
            1,
            5,
            "'1.0000000000000000000000…'",
            W,
            "at most 64 characters",
        ),
        (
            "p edge 2 1\ne 1 2\n",
            2,
            6,
            "end of line",
            W,
            "a weighted edge line is 'e U V WEIGHT'",
        ),
        ("p edge 2 1\ne 1 2 x\n", 2, 7, "'x'", W, "'e U V WEIGHT'"),
        (
            "p edge 2 1\ne 1 2 3 4\n",
            2,
            9,
            "'4'",
            "end of line",
            "'e U V WEIGHT'",
        ),
        (
            "p edge 2 1\ne 1 2 1e-2000\n",
            2,
            7,
            "'1e-2000'",
            "a weight below 1e1000 in magnitude, with at most 1000 decimals",
            "from 10^-1000 to 10^1000",
        ),
        (
            "p edge 2 1\r\ne 1 2 inf\r\n",
            2,
            7,
            "'inf'",
            W,
            "must be finite",
        ),
        (
            "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n",
            1,
            34,
            "'pattern'",
            "a Matrix Market file with values (integer or real)",
            "a pattern matrix gives no weights",
        ),
        (
            "%%MatrixMarket matrix coordinate Complex general\n1 1 1\n1 1 1 2\n",
            1,
            34,
            "'Complex'",
            "a Matrix Market file with values (integer or real)",
            "two values each",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n",
            3,
            4,
            "end of line",
            W,
            "a real matrix entry is 'I J VALUE'",
        ),
        (
            "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 nan\n",
            3,
            5,
            "'nan'",
            W,
            "must be finite",
        ),
        (
            "%%MatrixMarket matrix coordinate integer symmetric\n2 2 2\n1 1 1\n2 1 2 3\n",
            4,
            7,
            "'3'",
            "end of line",
            "an integer matrix entry is 'I J VALUE'",
        ),
    ]
}

#[test]
fn weight_errors() {
    for (text, line, col, found, expected, hint) in weight_cases() {
        let e = weighted_err(text, None);
        check(&e, line, col, found, expected, hint);
        let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
        let t = read_weighted_graph(tiny, "t", None, Limits::default()).err();
        assert_eq!(t, Some(e), "{text}");
    }
    // The graph's own errors come first, as without weights.
    let e = weighted_err("p edge 2 1\ne 1 3 5\n", None);
    check(
        &e,
        2,
        5,
        "'3'",
        "a vertex number from 1 to 2",
        "announced 2 vertices",
    );
    // Limits hold with weights too.
    let limits = Limits {
        max_vertices: 10,
        max_edges: 1,
    };
    let e = read_weighted_graph(&b"0 1 1\n1 2 2\n"[..], "t", None, limits).unwrap_err();
    check(&e, 2, 1, "edge 2", "at most 1 edge", "the edge limit is 1");
    let text = "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 1.5\n";
    let e = read_weighted_graph(text.as_bytes(), "t", None, limits).unwrap_err();
    check(
        &e,
        3,
        1,
        "more than 1 edge",
        "at most 1 edge",
        "two edges for each entry",
    );
}

/// docs/ERRORS.md's table of weight errors is what the reader says: each row's input, read as
/// weighted (file `NN.in`), gives the row's message.
#[test]
fn errors_md_weights_table_is_what_the_reader_says() {
    let doc = include_str!("../../docs/ERRORS.md");
    let section = doc
        .split("## Weights")
        .nth(1)
        .expect("a '## Weights' section in docs/ERRORS.md");
    let mut rows = 0;
    for row in section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| #"))
    {
        let cells: Vec<&str> = row.split(" | ").collect();
        // | # | case | format | input | message |
        let (name, format, input, message) = (
            format!("{}.in", cells[0].trim_start_matches("| ")),
            cells[2].trim_matches('`'),
            cells[3].trim_matches('`'),
            cells[4].trim_end_matches(" |"),
        );
        let bytes = unescape(input);
        let format = Format::from_name(format);
        let e = read_weighted_graph(&bytes[..], &name, format, Limits::default()).expect_err(input);
        // The table shows what the command line prints: its flag named where the library
        // leaves room for it.
        let e = match e.remedy {
            Some(crate::Remedy::Weights) => e.name_flag("--weights"),
            _ => e,
        };
        let shown = format!("error: {e}")
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('|', "\\|")
            .replace('\n', "<br>");
        assert_eq!(shown, message, "row {name}");
        rows += 1;
    }
    assert!(rows >= 10, "{rows} rows");
}

/// `printf '%b'` of the escapes the table uses: `\n`, `\r`, `\t`, `\xNN`.
fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'\\' => out.push(b'\\'),
                b'x' => {
                    let hex = std::str::from_utf8(&b[i + 2..i + 4]).expect("hex");
                    out.push(u8::from_str_radix(hex, 16).expect("hex"));
                    i += 2;
                }
                c => panic!("unknown escape \\{}", c as char),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// Weights beyond the narrow range (more than 18 decimals, beyond 2^59 once scaled) are read
/// exactly as wide ones, the same on every path: the fast one (whole lines in the buffer) and,
/// through a 1-byte buffer, the general one.
#[test]
fn wide_weights_read_alike_on_every_path() {
    use crate::read::Wide;
    let exact = |v: &[i128], d: u32| (Some(Wide::Exact(v.to_vec())), d);
    let cases: Vec<(&str, (Option<Wide>, u32))> = vec![
        ("0 1 1e-19\n", exact(&[1], 19)),
        ("0 1 576460752303423489\n", exact(&[576460752303423489], 0)),
        ("0 1 -1e18\n", exact(&[-10i128.pow(18)], 0)),
        (
            "0 1 1.5\n1 2 576460752303423488\n",
            exact(&[15, 5764607523034234880], 1),
        ),
        (
            "\u{feff}0 1 123456789012345.5\n1 2 0.001\n1 2 0.0001\n",
            exact(&[1234567890123455000, 10, 1], 4),
        ),
        (
            "p edge 3 3\ne 1 2 123456789012345.5\ne 2 3 .001\ne 2 3 1e-4\n",
            exact(&[1234567890123455000, 10, 1], 4),
        ),
        (
            "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 -1.5\n3 2 1e-30\n",
            exact(&[-15 * 10i128.pow(29), 15 * 10i128.pow(29), 1, -1], 30),
        ),
        (
            "0 1 0.1\n1 2 2.5E3\n2 3 -0.0\n3 4 5e-324\n4 5 1.7976931348623157e308\n",
            (
                Some(Wide::Parts(vec![
                    (1, -1),
                    (25, 2),
                    (0, 0),
                    (5, -324),
                    (17976931348623157, 292),
                ])),
                0,
            ),
        ),
        (
            "0 1 0.12345678901234567890123456789012345678\n",
            exact(&[12345678901234567890123456789012345678], 38),
        ),
    ];
    for (text, (wide, decimals)) in cases {
        let g = weighted(text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            (&g.weights.wide, g.weights.decimals),
            (&wide, decimals),
            "{text}"
        );
        assert!(g.weights.values.is_empty() && g.weights.largest_at.is_none());
        assert_eq!(g.weights.parts().len(), g.graph.edges.len());
        let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
        let t = read_weighted_graph(tiny, "t", None, Limits::default()).unwrap();
        assert_eq!(t, g, "{text}");
    }
}
