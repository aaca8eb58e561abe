//! Matrix Market array (dense) files read as their coordinate twins (every entry, zeros
//! included, column after column), plain and weighted, through tiny buffers; their errors;
//! and the hints of issue 33 (a weight column read without weights, a CSV edge list).

use super::tests::check;
use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The array file and its coordinate twin of a `rows × cols` matrix (values in tenths) whose
/// kind is `symmetry`: general lists every entry, symmetric its lower triangle, skew-symmetric
/// the triangle below the diagonal.
fn twins(rows: usize, cols: usize, symmetry: &str, field: &str, v: &[i64]) -> (String, String) {
    let mut positions = Vec::new();
    for j in 0..cols {
        let from = match symmetry {
            "general" => 0,
            "symmetric" => j,
            _ => j + 1,
        };
        for i in from..rows {
            positions.push((i, j));
        }
    }
    let show = |x: i64| {
        if field == "integer" {
            format!("{}", x / 10)
        } else {
            format!("{}.{}", x / 10, (x % 10).abs()).replace("0.-", "-0.")
        }
    };
    let mut array =
        format!("%%MatrixMarket matrix array {field} {symmetry}\n% a comment\n{rows} {cols}\n");
    let mut coord = format!(
        "%%MatrixMarket matrix coordinate {field} {symmetry}\n{rows} {cols} {}\n",
        positions.len()
    );
    for (k, &(i, j)) in positions.iter().enumerate() {
        let x = if field == "integer" {
            v[k] / 10 * 10
        } else {
            v[k]
        };
        array.push_str(&format!("{}\n", show(x)));
        coord.push_str(&format!("{} {} {}\n", i + 1, j + 1, show(x)));
    }
    (array, coord)
}

#[test]
fn array_files_read_as_their_coordinate_twins() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for case in 0..400 {
        let symmetry = ["general", "symmetric", "skew-symmetric"][case % 3];
        let field = ["real", "integer"][case / 3 % 2];
        let rows = rng.random_range(0..=6usize);
        let cols = if symmetry == "general" {
            rng.random_range(0..=6usize)
        } else {
            rows
        };
        // Zeros often: they are entries, and edges, too.
        let v: Vec<i64> = (0..rows * cols)
            .map(|_| {
                if rng.random_bool(0.3) {
                    0
                } else {
                    rng.random_range(-99..=99)
                }
            })
            .collect();
        let (array, coord) = twins(rows, cols, symmetry, field, &v);
        let buffer = 1 + case % 5;
        let tiny = |t: &str| {
            std::io::BufReader::with_capacity(buffer, std::io::Cursor::new(t.as_bytes().to_vec()))
        };
        let a = read_graph(tiny(&array), "a", None, Limits::default()).unwrap();
        let c = read_graph(coord.as_bytes(), "c", None, Limits::default()).unwrap();
        assert_eq!(a, c, "{array}");
        let n_edges = match symmetry {
            "skew-symmetric" => rows * rows - rows,
            _ => rows * cols,
        };
        assert_eq!(a.edges.len(), n_edges, "{array}");
        let a = read_weighted_graph(tiny(&array), "a", None, Limits::default()).unwrap();
        let c = read_weighted_graph(coord.as_bytes(), "c", None, Limits::default()).unwrap();
        // The same graph and weights; where the largest weight stands differs by file.
        assert_eq!(a.graph, c.graph, "{array}");
        assert_eq!(
            (a.weights.values, a.weights.decimals),
            (c.weights.values, c.weights.decimals),
            "{array}"
        );
    }
    // What scipy.io.mmwrite writes for np.array([[1, 0], [2.5, 3]]), Fortran exponents too.
    let text = "%%MatrixMarket matrix array real general\n%\n2 2\n1.0e+00\n2.5D0\n0\n3\n";
    let g = read_weighted_graph(text.as_bytes(), "s.mtx", None, Limits::default()).unwrap();
    assert_eq!(g.graph.shape, Shape::Bipartite { rows: 2, cols: 2 });
    assert_eq!(g.graph.edges, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
    assert_eq!(
        (g.weights.values, g.weights.decimals),
        (vec![10, 25, 0, 30], 1)
    );
    // Complex values: two per line, read without weights.
    let text = "%%MatrixMarket matrix array complex hermitian\n2 2\n1 0\n2 -1\n3 0\n";
    assert_eq!(
        read_graph(text.as_bytes(), "h", None, Limits::default())
            .unwrap()
            .edges,
        vec![(0, 0), (1, 0), (0, 1), (1, 1)]
    );
}

fn err(text: &str) -> InputError {
    let e = read_graph(text.as_bytes(), "t", None, Limits::default()).unwrap_err();
    let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
    assert_eq!(
        read_graph(tiny, "t", None, Limits::default()),
        Err(e.clone())
    );
    e
}

#[test]
fn array_errors() {
    let head = "%%MatrixMarket matrix array real general\n";
    let e = err(&format!("{head}2 2\n1\n2\n3\n"));
    check(
        &e,
        6,
        1,
        "end of input",
        "1 more entry",
        "a 2 × 2 matrix: 4 entries listed",
    );
    let e = err(&format!("{head}1 2\n1\n2\n3\n"));
    check(
        &e,
        5,
        1,
        "'3'",
        "the end of the file",
        "1 × 2 matrix: 2 entries",
    );
    let e = err(&format!("{head}1 2 2\n1\n2\n"));
    check(&e, 2, 5, "'2'", "end of line", "size line is 'ROWS COLS'");
    let e = err(&format!("{head}2 1\n1 2\n2\n"));
    check(&e, 3, 3, "'2'", "end of line", "one value per line");
    let e = err(&format!("{head}2 1\nx\n2\n"));
    check(&e, 3, 1, "'x'", "a value (a number)", "one value per line");
    let e = err("%%MatrixMarket matrix array real symmetric\n2 3\n");
    check(&e, 2, 1, "a 2 × 3 matrix", "a square matrix", "symmetric");
    let e = read_graph(
        format!("{head}100000 100000\n").as_bytes(),
        "t",
        None,
        Limits {
            max_vertices: 1 << 20,
            max_edges: 1 << 30,
        },
    )
    .unwrap_err();
    check(
        &e,
        2,
        1,
        "a 100000 × 100000 array matrix: 10000000000 edges, one per entry",
        "at most 1073741824 edges",
        "the edge limit is 1073741824",
    );
    // Weighted: a bad value at its place.
    let e = read_weighted_graph(
        format!("{head}2 1\n1\n1/2\n").as_bytes(),
        "t",
        None,
        Limits::default(),
    )
    .unwrap_err();
    check(&e, 4, 1, "'1/2'", weights::WEIGHT, "fractions are not read");
}

#[test]
fn a_third_number_read_without_weights_is_named_a_weight() {
    let e = err("0 1 2\n");
    assert_eq!(
        e.hint.as_deref(),
        Some(format!("an edge list line holds two vertex numbers {WEIGHTS_NOT_READ}").as_str())
    );
    let e = err("p edge 2 1\ne 1 2 0.5\n");
    check(&e, 2, 7, "'0.5'", "end of line", WEIGHTS_NOT_READ);
    // Not a number: not a weight.
    let e = err("0 1 x\n");
    assert_eq!(
        e.hint.as_deref(),
        Some("an edge list line holds two vertex numbers")
    );
    let e = err("p edge 2 1\ne 1 2 x\n");
    assert_eq!(
        e.hint.as_deref(),
        Some("an 'e' line holds two vertex numbers")
    );
}

#[test]
fn a_csv_edge_list_gets_a_hint() {
    for (text, line, col, found) in [
        ("0,1\n1,2\n", 1, 1, "'0,1'"),
        ("0, 1\n", 1, 1, "'0,'"),
        ("0 1\n1,2\n", 2, 1, "'1,2'"),
        ("0 1,\n", 1, 3, "'1,'"),
        ("source,target\n0,1\n", 1, 1, "'source,target'"),
    ] {
        let e = err(text);
        assert_eq!((e.line, e.col, e.found.as_str()), (line, col, found), "{e}");
        assert!(
            e.hint
                .as_deref()
                .unwrap()
                .contains("not commas: is this CSV?"),
            "{e}"
        );
    }
}
