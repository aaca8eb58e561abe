//! Readers for users' own graph and 2-SAT formula files.
//!
//! **Guarantee:** [`read_graph`] and [`read_cnf`] either return exactly what the file says
//! (edges and clauses in file order, every number checked against the header that announced
//! it) or an [`InputError`] naming file, line and column (1-based, columns in bytes) of the first
//! thing wrong, what was found there and what was expected. They never panic on any input,
//! never buffer more than one short token of it (but for telling METIS from an edge list by
//! content, below), and refuse a header announcing more than the [`Limits`] before allocating
//! anything for it.
//!
//! **Formats** (each [`Format::name`] in brackets):
//! - DIMACS graph (`dimacs`): `c` comment lines anywhere, one problem line `p edge N M` (or
//!   `p col N M`), then M lines `e U V` with vertices `1..=N`.
//! - Matrix Market (`mtx`): the banner `%%MatrixMarket matrix coordinate FIELD SYMMETRY`
//!   (FIELD `pattern`, `real`, `integer` or `complex`; SYMMETRY `general`, `symmetric`,
//!   `skew-symmetric` or `hermitian`; words in any case), `%` comment lines, the size line
//!   `ROWS COLS ENTRIES`, then the entries `I J` followed by no value (pattern), one (real,
//!   integer) or two (complex); rows `1..=ROWS` on the left, columns `1..=COLS` on the right.
//!   A symmetric matrix (any but `general`) must be square and also gets the mirrored edge of
//!   each off-diagonal entry. The dense form `%%MatrixMarket matrix array FIELD SYMMETRY`
//!   (what `scipy.io.mmwrite` writes for a NumPy array; FIELD `real`, `integer` or `complex`)
//!   has the size line `ROWS COLS`, then every value, one per line, column after column (a
//!   symmetric or hermitian matrix: its lower triangle, diagonal included; skew-symmetric: below
//!   the diagonal); every entry, zero or not, is an edge, as in the coordinate file listing
//!   the same entries in that order.
//! - Edge list (`edges`): one edge `U V` per line, vertices numbered from 0; `#` starts a
//!   comment (a whole line, or after the two numbers); the vertices are the ids that appear
//!   (renumbered `0..n` in increasing order when some ids below the largest are missing, the
//!   file's ids kept in [`GraphInput::ids`]), so memory and time follow the file's size.
//! - METIS graph (`metis`; METIS, KaHIP, the DIMACS10 graphs): `%` comment lines, the header
//!   `N M [FMT [NCON]]`, then one line per vertex (an empty one for a vertex without
//!   neighbours) listing its neighbours `1..=N`; FMT's digits announce vertex sizes, vertex
//!   weights (NCON per vertex) and edge weights, written before the neighbours (sizes,
//!   weights) or after each (edge weight). Each edge is listed in the lines of both its ends
//!   (with the same weight), and M counts it once; a self-loop is listed once. Edges are kept
//!   where the smaller end lists the larger, in file order. Vertex sizes and weights are
//!   read and ignored.
//! - DIMACS CNF ([`read_cnf`] only): `c` comment lines, `p cnf VARIABLES CLAUSES`, then the
//!   clauses, each a list of nonzero literals ended by `0` (a clause may span lines); each
//!   clause must have one or two literals. SATLIB's trailer (a `%` line, then `0`) ends the input.
//!
//! **Weights** ([`read_weighted_graph`]): the third number of an edge list line (`U V W`) or
//! of a DIMACS edge line (`e U V W`), a Matrix Market entry's value (`integer` or `real`
//! files only), a METIS graph's edge weights (FMT `1` or `11`); a decimal number `[+-]digits[.digits][e[+-]digits]` read exactly, as an integer
//! mantissa times a power of ten (no floating point). All weights of a file are scaled to one
//! common number of decimals, the most any of them needs (at most [`MAX_DECIMALS`]): when a
//! weight needs more than the ones before it, those are rescaled (at most [`MAX_DECIMALS`]
//! times in all), and each scaled weight must stay within
//! [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT); the largest weight read so far is kept
//! so that a rescale is refused before it starts, naming that weight. [`read_graph`] reads
//! the same files as before, a third column refused as it always was.
//!
//! Everywhere: numbers are separated by spaces or tabs; blank lines, CRLF line ends, trailing
//! blanks and a UTF-8 byte order mark are accepted; `+` may precede a number. [`read_graph`]
//! detects the format from the first token ([`detect`]) unless it is given one; a first line
//! of numbers in a file not named `*.graph` or `*.metis` is a METIS header or an edge, told by
//! what follows (see `detect.rs`): METIS when only that reading holds or when the edge list's
//! first line would be a self-loop (`N N`), an edge list when only that one holds or the METIS
//! graph would have no edges, refused ([`AMBIGUOUS`]) when both hold otherwise. The bytes read while that is undecided are kept, at most
//! the input.
//!
//! **Algorithm:** one tokenizer (`Tokens`) reads every format from a [`BufRead`], token by
//! token, and reports every error. The plain edge lines that make up almost all of a large
//! file (`e U V`, `U V`, a pattern matrix's `I J`) take a fast path first: the buffered bytes
//! are scanned a line at a time with no copy and no allocation, digits eight at a time (one
//! 64-bit word), straight into the edge vector, until a line is not exactly such a line (a
//! comment, a sign, a value, a number out of range, a line cut by the buffer's end); that line
//! goes to the tokenizer, which reads it or says what is wrong with it at its line and column,
//! so errors are the same whichever path saw the line first. A METIS graph's symmetry is
//! checked as its lines come (see `metis.rs`).
//!
//! **Complexity:** O(bytes of input) time (METIS: plus O(log m) for each listing of a vertex
//! beyond the table of pending listings, which grows with the input read); memory O(edges or
//! clauses read), growing with what is actually read (at most 2^20 entries are reserved up
//! front, whatever a header announces; METIS adds a count and a line number per vertex line
//! read and a link per edge), plus one token of at most 64 bytes: a line or token that never
//! ends is refused or skipped without being held. Weights add one `i64` per edge and at most [`MAX_DECIMALS`] rescales of
//! those read so far, O(edges) each. Nothing recurses.
//!
//! **Status:** `tests.rs` writes seeded random graphs and formulas in every format with
//! spacing, comment, CRLF, BOM and sign variants and reads them back identically, also through
//! buffers of 1–5 bytes; every error kind is asserted with its exact line, column and message
//! (the same through a 1-byte buffer); the fast path's digit scanning against a
//! one-digit-at-a-time reference on every byte value after runs of 0–20 digits and on random
//! bytes (`fast_tests.rs`); METIS files against their DIMACS twins (plain and weighted, all
//! FMT variants, through 1–5 byte buffers) and every METIS error at its place
//! (`metis_tests.rs`); headers announcing 10^15
//! vertices, edges or clauses are refused under small and default limits; endless lines and
//! tokens (100 MB of `1`, endless comments) end in an error or in end of input with bounded
//! memory; detection and forced formats are tested on every format; METIS told from an edge
//! list by content on 3000 random small files of both kinds and their mutations, through 1–5
//! byte buffers: the detected reading is always the forced one the rule names, or the
//! refusal when both hold (`detect_tests.rs`); Matrix Market array files read exactly as their
//! coordinate twins, plain and weighted, and their errors (`array_tests.rs`). Weights: seeded random
//! weighted graphs in every format, each weight written one of seven ways (trailing zeros,
//! exponents, signs, `.5`, `5.`), read back to the exact scaled values, also through 1–5 byte
//! buffers; the weight parser against a table of numbers and non-numbers; every weight error
//! with its line, column and message (the same through a 1-byte buffer), and
//! docs/ERRORS.md's table of them checked against the reader. The fuzz target
//! `parse_weighted` checks that whatever reads has one weight per edge within range and reads
//! again the same after a canonical rewrite.

#[cfg(test)]
mod array_tests;
mod cnf;
mod detect;
#[cfg(test)]
mod detect_tests;
mod dimacs;
mod edges;
#[cfg(test)]
mod fast_tests;
mod metis;
#[cfg(test)]
mod metis_tests;
mod mtx;
#[cfg(test)]
mod tests;
mod weights;

use std::io::{BufRead, Read};

use crate::InputError;
use crate::error::describe_at;

pub use cnf::{Cnf, read_cnf, read_cnf_within};
pub use detect::AMBIGUOUS;
pub use weights::MAX_DECIMALS;

/// A graph file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// DIMACS graph: `p edge N M`, then `e U V` lines, vertices from 1.
    Dimacs,
    /// Matrix Market matrix (coordinate or array): rows and columns are the two sides of a
    /// bipartite graph.
    MatrixMarket,
    /// One `U V` pair per line, vertices from 0.
    EdgeList,
    /// METIS graph (METIS, KaHIP, DIMACS10): `N M [FMT [NCON]]`, then one adjacency line per
    /// vertex, vertices from 1.
    Metis,
}

impl Format {
    /// Every format, in the order of their names in messages.
    pub const ALL: [Format; 4] = [
        Format::Dimacs,
        Format::MatrixMarket,
        Format::EdgeList,
        Format::Metis,
    ];

    /// Its short name: `dimacs`, `mtx`, `edges` or `metis`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Dimacs => "dimacs",
            Format::MatrixMarket => "mtx",
            Format::EdgeList => "edges",
            Format::Metis => "metis",
        }
    }

    /// The format called `s` (see [`name`](Self::name)); `None` for any other string.
    pub fn from_name(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == s)
    }

    /// "a DIMACS graph", "a Matrix Market file", "an edge list", "a METIS graph".
    fn described(self) -> &'static str {
        match self {
            Format::Dimacs => "a DIMACS graph",
            Format::MatrixMarket => "a Matrix Market file",
            Format::EdgeList => "an edge list",
            Format::Metis => "a METIS graph",
        }
    }

    /// The number of the first vertex in files of this format: 1, 1, 0 or 1.
    pub fn base(self) -> u64 {
        match self {
            Format::Dimacs | Format::MatrixMarket | Format::Metis => 1,
            Format::EdgeList => 0,
        }
    }
}

/// The vertex sets of a graph read from a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One vertex set 0..vertices (DIMACS, edge list).
    General {
        /// Number of vertices.
        vertices: usize,
    },
    /// Matrix Market: rows 0..rows on the left, columns 0..cols on the right.
    Bipartite {
        /// Number of rows (left vertices).
        rows: usize,
        /// Number of columns (right vertices).
        cols: usize,
    },
}

/// A graph as read: edges 0-based, in file order; self-loops and repeated edges kept as written
/// (the engines ignore them for matching). Matrix Market edges are (row, col); a `symmetric`,
/// `skew-symmetric` or `hermitian` matrix also gets the mirrored (col, row) entry for each
/// off-diagonal entry, right after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphInput {
    /// The format it was read in.
    pub format: Format,
    /// Its vertex sets; every edge's endpoints are in range.
    pub shape: Shape,
    /// The edges, 0-based.
    pub edges: Vec<(u32, u32)>,
    /// The file's own number of each vertex, in increasing order, when the vertices are not
    /// numbered `0..n` from the format's [`base`](Format::base): an edge list's vertices are the
    /// ids its edges name, so sparse ids (`0 296202815`) make two vertices, not 296202816.
    /// Empty otherwise (DIMACS and Matrix Market keep their declared counts), except in the
    /// smaller input [`without_isolated`](crate::graph::certified::compact::without_isolated)
    /// makes (a matrix's rows' numbers, then its columns'). See
    /// [`Vertices`](crate::graph::certified::Vertices), which converts both ways.
    pub ids: Vec<u32>,
}

/// Most vertices and edges a reader accepts, checked before allocating: a header announcing
/// more is refused at its line and column, with a hint naming the limit.
///
/// For Matrix Market, `max_vertices` bounds the rows and the columns each; for an edge list,
/// the number of distinct vertex numbers (the numbers themselves only have to be below
/// 2^32 − 2). A `max_vertices` above the default is taken as the default
/// (vertex ids must stay below [`crate::graph::NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most vertices (rows, columns).
    pub max_vertices: u64,
    /// Most edges (for Matrix Market, mirrored edges included).
    pub max_edges: u64,
}

/// The largest vertex count any graph of the core takes.
const MAX_VERTICES: u64 = crate::graph::NONE as u64 - 1;

impl Default for Limits {
    /// `max_vertices` = 2^32 − 2, `max_edges` = 2^32 − 1.
    fn default() -> Self {
        Limits {
            max_vertices: MAX_VERTICES,
            max_edges: u32::MAX as u64,
        }
    }
}

impl Limits {
    /// `max_vertices`, at most [`MAX_VERTICES`].
    fn vertices(self) -> u64 {
        self.max_vertices.min(MAX_VERTICES)
    }
}

/// Reads a graph in `format`, or in the format [`detect`]ed from its first token if `None`.
/// `file` names the input in error messages.
///
/// # Errors
/// Any departure from the format (see the [module docs](self)), sizes over `limits`, an
/// undetectable format, and I/O errors (as `unreadable input`).
///
/// # Complexity
/// O(bytes read) time, O(edges) memory.
///
/// # Examples
/// ```
/// use gridmatch::read::{Format, Limits, Shape, read_graph};
///
/// let g = read_graph(&b"c a path\np edge 3 2\ne 1 2\ne 2 3\n"[..], "path.col", None, Limits::default())?;
/// assert_eq!(g.format, Format::Dimacs);
/// assert_eq!(g.shape, Shape::General { vertices: 3 });
/// assert_eq!(g.edges, vec![(0, 1), (1, 2)]);
/// # Ok::<(), gridmatch::InputError>(())
/// ```
pub fn read_graph<R: BufRead>(
    input: R,
    file: &str,
    format: Option<Format>,
    limits: Limits,
) -> Result<GraphInput, InputError> {
    read_any(input, file, format, limits, None)
}

/// A graph's edge weights as read: one per edge of [`GraphInput::edges`], in the same order;
/// the weight of edge `i` is exactly `values[i] / 10^decimals`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    /// The weights, all scaled to `decimals`; each at most
    /// [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) in absolute value.
    pub values: Vec<i64>,
    /// The common number of decimals: the most any weight of the file needs (trailing zeros
    /// dropped), at most [`MAX_DECIMALS`].
    pub decimals: u32,
    /// Where the weight of the largest absolute value (the first of them) was read: line
    /// and column, counting from 1; `None` without weights.
    pub largest_at: Option<(u64, u64)>,
}

impl Weights {
    /// `value` (a weight, or a sum of them, in units of 10^-[`decimals`](Self::decimals))
    /// written exactly as a decimal number without trailing zeros: with 2 decimals, 150 is
    /// `1.5` and -7 is `-0.07`.
    ///
    /// # Examples
    /// ```
    /// use gridmatch::read::Weights;
    ///
    /// let w = Weights { values: vec![150, -7], decimals: 2, largest_at: None };
    /// assert_eq!(w.show(150), "1.5");
    /// assert_eq!(w.show(-7), "-0.07");
    /// assert_eq!(w.show(143), "1.43");
    /// ```
    pub fn show(&self, value: i128) -> String {
        weights::show(value, self.decimals)
    }
}

/// A graph read with its edge weights ([`read_weighted_graph`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedGraphInput {
    /// The graph, exactly as [`read_graph`] reads it.
    pub graph: GraphInput,
    /// One weight per edge of `graph.edges`.
    pub weights: Weights,
}

/// Reads a graph with a weight on every edge, in `format` or the one [`detect`]ed: the third
/// number of an edge list line (`U V WEIGHT`), of a DIMACS edge line (`e U V WEIGHT`), or a
/// Matrix Market entry's value (`integer` or `real` field; `pattern` and `complex` files are
/// refused at their field word). A symmetric or hermitian matrix's mirrored edge gets the
/// entry's weight, a skew-symmetric one's the weight negated (the matrix's entry there).
///
/// Weights are `[+-]digits[.digits][e[+-]digits]` with at least one digit before the
/// exponent (`.5` and `5.` are numbers; Matrix Market also takes `d` or `D` for `e`), read
/// exactly, as an integer times a power of ten: no floating point. All weights are scaled to
/// the most decimals any of them needs (at most [`MAX_DECIMALS`]), and each scaled weight
/// must be at most [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) in absolute value.
///
/// # Errors
/// Those of [`read_graph`], and at the weight's line and column: a missing weight, one that is
/// not a decimal number (`abc`, `1/2`, `0x10`) or not finite (`nan`, `inf`), with more than
/// [`MAX_DECIMALS`] decimals, too large, or one whose decimals would scale an earlier weight
/// beyond the range (the message names that weight).
///
/// # Complexity
/// O(bytes read) time (each of at most [`MAX_DECIMALS`] rescales of the weights read so far
/// is O(edges)), O(edges) memory.
///
/// # Examples
/// ```
/// use gridmatch::read::{Limits, read_weighted_graph};
///
/// let g = read_weighted_graph(&b"0 1 2.5\n1 2 -3\n"[..], "w.txt", None, Limits::default())?;
/// assert_eq!(g.graph.edges, vec![(0, 1), (1, 2)]);
/// assert_eq!((g.weights.values, g.weights.decimals), (vec![25, -30], 1));
/// # Ok::<(), gridmatch::InputError>(())
/// ```
pub fn read_weighted_graph<R: BufRead>(
    input: R,
    file: &str,
    format: Option<Format>,
    limits: Limits,
) -> Result<WeightedGraphInput, InputError> {
    let mut acc = weights::Acc::default();
    let graph = read_any(input, file, format, limits, Some(&mut acc))?;
    debug_assert_eq!(acc.values.len(), graph.edges.len());
    Ok(WeightedGraphInput {
        graph,
        weights: Weights {
            largest_at: acc.largest_at(),
            values: acc.values,
            decimals: acc.decimals,
        },
    })
}

/// [`read_graph`], and with `weights` the weights too.
fn read_any<R: BufRead>(
    input: R,
    file: &str,
    format: Option<Format>,
    limits: Limits,
    weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    if let Some(f) = format {
        return read_as(f, &mut Tokens::new(input, file), limits, weights);
    }
    let mut tee = detect::Tee::new(input, weights.is_some());
    let mut t = Tokens::new(&mut tee, file);
    let format = loop {
        match t.next()? {
            Item::LineEnd { .. } => {}
            Item::End { line, col } => {
                return Err(
                    InputError::end_of_input(file, line, col, "a graph").with_hint(DETECT_HINT)
                );
            }
            Item::Token => match detect(&t.tok) {
                Some(Format::EdgeList) if metis_name(file) && t.tok[0] != b'#' => {
                    break Format::Metis;
                }
                // A first line of numbers: a METIS header, or an edge (see `detect.rs`).
                Some(Format::EdgeList) if t.tok[0] != b'#' => {
                    t.unread();
                    return metis_or_edges(t, limits, weights);
                }
                Some(f) => break f,
                None => {
                    let hint = edges::csv_hint(&t.tok).unwrap_or(DETECT_HINT.to_string());
                    return Err(t.bad_token("a graph in a known format").with_hint(hint));
                }
            },
        }
    };
    t.unread();
    t.input.keep.stop();
    t.input.keep.kept = Vec::new();
    read_as(format, &mut t, limits, weights)
}

/// Reads the graph in `format` from `t`.
fn read_as<R: BufRead>(
    format: Format,
    t: &mut Tokens<R>,
    limits: Limits,
    weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    match format {
        Format::Dimacs => dimacs::read(t, limits, weights),
        Format::MatrixMarket => mtx::read(t, limits, weights),
        Format::EdgeList => edges::read(t, limits, weights),
        Format::Metis => metis::read(t, limits, weights),
    }
}

/// A file whose first line starts with a number, read through `t` (that number unread): METIS
/// or an edge list, told by the rule of `detect.rs`.
fn metis_or_edges<R: BufRead>(
    mut t: Tokens<&mut detect::Tee<R>>,
    limits: Limits,
    weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let file = t.file.clone();
    let weighted = weights.is_some();
    let mut metis_acc = weights::Acc::default();
    let metis = metis::read(&mut t, limits, weighted.then_some(&mut metis_acc));
    let tee = t.input;
    tee.keep.stop();
    let kept = std::mem::take(&mut tee.keep.kept);
    if tee.keep.lost {
        return Err(InputError::at(
            &file,
            1,
            1,
            "a file too large to keep while its format is told",
            detect::AMBIGUOUS,
        )
        .with_hint(format!(
            "{OUT_OF_MEMORY} keeping its first {} bytes, to read them again as an edge list if \
             they are not a METIS graph",
            kept.len()
        )));
    }
    let shaped_out = tee.keep.shaped_out;
    let metis = match metis {
        Err(metis_error) => {
            // Read again from the start as an edge list; after a line no edge list holds, its
            // reading stops there with an error.
            let rest = if shaped_out { 0 } else { u64::MAX };
            let replay = std::io::Cursor::new(kept).chain((&mut *tee).take(rest));
            let read = edges::read(&mut Tokens::new(replay, &file), limits, weights);
            return match read {
                Ok(_) if shaped_out => Err(metis_error),
                read => read,
            };
        }
        Ok(g) => g,
    };
    let put = |weights: Option<&mut weights::Acc>, acc: weights::Acc| {
        if let Some(w) = weights {
            *w = acc;
        }
    };
    if shaped_out {
        put(weights, metis_acc);
        return Ok(metis);
    }
    // The whole input was kept: does it read as an edge list too?
    let mut edge_acc = weights::Acc::default();
    let edges = edges::read(
        &mut Tokens::new(&kept[..], &file),
        limits,
        weighted.then_some(&mut edge_acc),
    );
    let vertices = match metis.shape {
        Shape::General { vertices } => vertices,
        Shape::Bipartite { .. } => unreachable!("a METIS graph has one vertex set"),
    };
    match edges {
        // Only METIS reads it, or the edge list would start with the self-loop `N N`.
        Err(_) => {}
        // A METIS graph without edges (`1 0`, `0 0`, blank vertex lines) is no more than an
        // edge list's first edge: read as the edge list it also is.
        Ok(e) if metis.edges.is_empty() => {
            put(weights, edge_acc);
            return Ok(e);
        }
        Ok(_) if vertices == metis.edges.len() => {}
        Ok(e) => {
            return Err(InputError::at(
                &file,
                1,
                1,
                format!(
                    "a file that reads both as a METIS graph ({}, {}) and as an edge list ({})",
                    count(vertices as u64, "vertex", "vertices"),
                    count(metis.edges.len() as u64, "edge", "edges"),
                    count(e.edges.len() as u64, "edge", "edges"),
                ),
                detect::AMBIGUOUS,
            )
            .with_hint(
                "its first line is a METIS header or an edge, and every line after it fits \
                 either reading",
            ));
        }
    }
    put(weights, metis_acc);
    Ok(metis)
}

/// Whether `file` is named like a METIS graph: `*.graph` or `*.metis` (any case).
fn metis_name(file: &str) -> bool {
    let lower = file.to_ascii_lowercase();
    lower.ends_with(".graph") || lower.ends_with(".metis")
}

const DETECT_HINT: &str = "the format is told by the first line: '%%MatrixMarket' (mtx), \
     'c', 'p' or 'e' (dimacs), a number or '#' (edges, or metis: told by the lines that follow \
     or a *.graph name), \
     another '%' comment (metis); or name the format (--format)";

/// The format a graph file's first non-blank line tells: `%%` (the `%%MatrixMarket` banner) →
/// Matrix Market, another `%` (a comment) → METIS, `c`, `p` or `e` → DIMACS, a digit, `+` or
/// `#` → edge list; `None` otherwise (and for a blank line). A leading byte order mark and
/// blanks are skipped. ([`read_graph`] also reads a file whose name ends in `.graph` or
/// `.metis` and whose first line starts with a number as METIS, and tells METIS from an edge
/// list by what follows in any other such file: see the [module docs](self).)
///
/// # Examples
/// ```
/// use gridmatch::read::{Format, detect};
///
/// assert_eq!(detect(b"%%MatrixMarket matrix coordinate pattern general"), Some(Format::MatrixMarket));
/// assert_eq!(detect(b"p edge 5 4"), Some(Format::Dimacs));
/// assert_eq!(detect(b"0 1"), Some(Format::EdgeList));
/// assert_eq!(detect(b"% a METIS graph"), Some(Format::Metis));
/// assert_eq!(detect(b"graph {"), None);
/// ```
pub fn detect(first_line: &[u8]) -> Option<Format> {
    let line = first_line
        .strip_prefix(crate::encoding::UTF8_BOM)
        .unwrap_or(first_line);
    let at = line.iter().position(|&b| !matches!(b, b' ' | b'\t'))?;
    match line[at] {
        b'%' if line.get(at + 1) == Some(&b'%') => Some(Format::MatrixMarket),
        b'%' => Some(Format::Metis),
        b'c' | b'p' | b'e' => Some(Format::Dimacs),
        b'0'..=b'9' | b'+' | b'#' => Some(Format::EdgeList),
        _ => None,
    }
}

/// The hint for a file read as `this` format whose first token `tok` starts another format.
fn looks_like(tok: &[u8], this: Format) -> Option<String> {
    match detect(tok) {
        Some(f) if f != this => Some(format!(
            "this looks like {}, not {}: name its format ({}), or let it be detected",
            f.described(),
            this.described(),
            f.name()
        )),
        _ => None,
    }
}

/// The hint for a file that starts like a board file (one number on its first line).
const BOARD_FILE_HINT: &str = "a first line of one number starts a board file (rooks, king, \
     lpuzzle): is this one? Boards are solved by `gridmatch rooks FILE`, `gridmatch king FILE` \
     or `gridmatch lpuzzle FILE`";

/// The error for an edge, entry or clause that no longer fits in memory (a limit raised past
/// it): at the current token, with a hint the command line extends with its flag.
fn out_of_memory<R: BufRead>(t: &Tokens<R>, held: usize, what: &str) -> InputError {
    t.error(
        t.tok_line,
        t.tok_col,
        format!("{what} {}", held + 1),
        format!("no more {what}s than fit in memory"),
    )
    .with_hint(format!("{OUT_OF_MEMORY} holding {held} {what}s"))
}

/// How the hint of an edge line (edge list, DIMACS) read without weights ends when a third
/// number follows its two vertices: a weight; the command line says how to read it.
pub const WEIGHTS_NOT_READ: &str = "(weights are not read)";

/// How the hint starts when a reader runs out of memory below its limit (a limit raised past
/// the memory); the command line adds the flag.
pub const OUT_OF_MEMORY: &str = "memory ran out";

/// Appends `item`, refusing (with [`out_of_memory`]) rather than aborting when growing `items`
/// fails.
fn push<R: BufRead, T>(
    t: &Tokens<R>,
    items: &mut Vec<T>,
    item: T,
    what: &str,
) -> Result<(), InputError> {
    if items.len() == items.capacity() && items.try_reserve(1).is_err() {
        return Err(out_of_memory(t, items.len(), what));
    }
    items.push(item);
    Ok(())
}

/// Bytes of a token kept; a longer one is cut (no number or keyword is that long).
const MAX_TOKEN: usize = 64;

/// Initial capacity at most, whatever a header announces.
const MAX_RESERVE: u64 = 1 << 20;

/// What [`Tokens::next`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    /// A token, in [`Tokens::tok`] (at [`Tokens::tok_line`], [`Tokens::tok_col`]).
    Token,
    /// A line end; `col` is just past the line's last non-blank byte.
    LineEnd { line: u64, col: u64 },
    /// The end of input, at `line:col`.
    End { line: u64, col: u64 },
}

/// What [`Tokens::next_nonblank`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A token, in [`Tokens::tok`].
    Token,
    /// The end of input, at `line:col`.
    End { line: u64, col: u64 },
}

/// A number together with where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Number {
    value: u64,
    line: u64,
    col: u64,
}

/// The one tokenizer of the four formats: whitespace-separated tokens and line ends, read from
/// a [`BufRead`] with at most [`MAX_TOKEN`] bytes held.
struct Tokens<R> {
    input: R,
    file: String,
    /// 1-based line of the next byte.
    line: u64,
    /// Bytes of the current line already read.
    col: u64,
    /// Column just past the last non-blank byte read on the current line (1 if none).
    content_end: u64,
    /// The current token (its first [`MAX_TOKEN`] bytes).
    tok: Vec<u8>,
    tok_line: u64,
    tok_col: u64,
    /// The current token goes on past what `tok` holds (the rest is unread).
    cut: bool,
    /// Column of a CR just read, not yet known to be followed by LF.
    cr: Option<u64>,
    /// The byte order mark has been looked for.
    started: bool,
    /// [`unread`](Self::unread) was called: the next [`next`](Self::next) returns the token again.
    again: bool,
}

impl<R: BufRead> Tokens<R> {
    fn new(input: R, file: &str) -> Self {
        Tokens {
            input,
            file: file.to_string(),
            line: 1,
            col: 0,
            content_end: 1,
            tok: Vec::with_capacity(MAX_TOKEN),
            tok_line: 0,
            tok_col: 0,
            cut: false,
            cr: None,
            started: false,
            again: false,
        }
    }

    /// The next chunk of input (empty at its end).
    fn fill(&mut self) -> Result<&[u8], InputError> {
        fill(&mut self.input, &self.file, self.line, self.col)
    }

    fn consume(&mut self, n: usize) {
        self.input.consume(n);
        self.col += n as u64;
    }

    /// Skips a byte order mark at the start of input (refuses a UTF-16 one).
    fn start(&mut self) -> Result<(), InputError> {
        if !self.started {
            self.started = true;
            crate::encoding::skip_byte_order_mark(&mut self.input, &self.file)?;
        }
        Ok(())
    }

    /// The error for a CR that does not end a line.
    fn lone_cr(&self, col: u64) -> InputError {
        InputError::at(
            &self.file,
            self.line,
            col,
            "byte 0x0d",
            "a line end (LF) after a CR",
        )
        .with_hint("a CR without LF after it: convert the old Mac line ends to LF")
    }

    /// Reads the next token or line end; skips blanks.
    fn next(&mut self) -> Result<Item, InputError> {
        if std::mem::take(&mut self.again) {
            return Ok(Item::Token);
        }
        if self.cut {
            self.skip_token()?;
        }
        self.start()?;
        self.tok.clear();
        loop {
            let chunk = fill(&mut self.input, &self.file, self.line, self.col)?;
            if chunk.is_empty() {
                self.cr = None;
                if !self.tok.is_empty() {
                    return Ok(self.token_read());
                }
                return Ok(Item::End {
                    line: self.line,
                    col: self.content_end,
                });
            }
            let len = chunk.len();
            let mut i = 0;
            while i < len {
                let b = chunk[i];
                if let Some(col) = self.cr
                    && b != b'\n'
                {
                    self.consume(i);
                    return Err(self.lone_cr(col));
                }
                match b {
                    b'\n' | b' ' | b'\t' | b'\r' if !self.tok.is_empty() => {
                        self.consume(i);
                        return Ok(self.token_read());
                    }
                    b'\n' => {
                        self.input.consume(i + 1);
                        let item = Item::LineEnd {
                            line: self.line,
                            col: self.content_end,
                        };
                        self.line += 1;
                        self.col = 0;
                        self.content_end = 1;
                        self.cr = None;
                        return Ok(item);
                    }
                    b'\r' => self.cr = Some(self.col + i as u64 + 1),
                    b' ' | b'\t' => {}
                    _ => {
                        // The token's bytes in this chunk, all at once.
                        let rest = &chunk[i..];
                        let n = rest.iter().position(|&c| is_blank(c)).unwrap_or(rest.len());
                        if self.tok.is_empty() {
                            self.tok_line = self.line;
                            self.tok_col = self.col + i as u64 + 1;
                        }
                        let room = MAX_TOKEN - self.tok.len();
                        if n > room {
                            self.tok.extend_from_slice(&rest[..room]);
                            self.consume(i + room);
                            self.cut = true;
                            return Ok(Item::Token);
                        }
                        self.tok.extend_from_slice(&rest[..n]);
                        i += n;
                        continue;
                    }
                }
                i += 1;
            }
            self.consume(len);
        }
    }

    /// Ends the token just read (all of it in `tok`).
    fn token_read(&mut self) -> Item {
        self.content_end = self.tok_col + self.tok.len() as u64;
        Item::Token
    }

    /// Reads past the rest of a cut token.
    fn skip_token(&mut self) -> Result<(), InputError> {
        self.cut = false;
        loop {
            let chunk = self.fill()?;
            if chunk.is_empty() {
                break;
            }
            let end = chunk.iter().position(|&b| is_blank(b));
            let n = end.unwrap_or(chunk.len());
            self.consume(n);
            if end.is_some() {
                break;
            }
        }
        self.content_end = self.col + 1;
        Ok(())
    }

    /// Reads past the rest of the current line, its line end included (a comment).
    fn skip_line(&mut self) -> Result<(), InputError> {
        self.cut = false;
        self.again = false;
        self.cr = None;
        loop {
            let chunk = self.fill()?;
            if chunk.is_empty() {
                self.content_end = self.col + 1;
                return Ok(());
            }
            if let Some(i) = memchr::memchr(b'\n', chunk) {
                self.input.consume(i + 1);
                self.line += 1;
                self.col = 0;
                self.content_end = 1;
                return Ok(());
            }
            let n = chunk.len();
            self.consume(n);
        }
    }

    /// Pushes the current token back: the next [`next`](Self::next) returns it again.
    fn unread(&mut self) {
        self.again = true;
    }

    /// The fast path of plain edge lines, a buffer at a time: while the buffered input at the
    /// start of a line reads `[LEAD] A B` and a line end (with `lead`, that byte and at least
    /// one blank first; A and B runs of 1 to 18 digits separated by spaces or tabs; then
    /// blanks, an optional CR and LF), with `lo <= A <= hi.0` and `lo <= B <= hi.1`, appends
    /// `(A − lo, B − lo)` to `out` (and with `mirror` also `(B − lo, A − lo)` when A ≠ B) and
    /// consumes the line; at most `most` lines. Returns the lines taken and the largest number
    /// read. The first other line (a comment, a value, a `+`, a number out of range, a line that
    /// runs past the buffer), and every line when `out` cannot grow, is left to the general
    /// path, which reads it and reports what is wrong with it. No allocation but `out`'s,
    /// whose spare room bounds the lines taken.
    fn fast_pairs(
        &mut self,
        lead: Option<u8>,
        lo: u64,
        hi: (u64, u64),
        most: u64,
        mirror: bool,
        out: &mut Vec<(u32, u32)>,
    ) -> (u64, u64) {
        if self.again || self.cut || !self.started || self.cr.is_some() || self.col != 0 {
            return (0, 0);
        }
        let per = 1 + usize::from(mirror);
        if out.capacity() - out.len() < per * 1024 && out.try_reserve(per * 4096).is_err() {
            return (0, 0);
        }
        let most = most.min(((out.capacity() - out.len()) / per) as u64);
        let Ok(buf) = self.input.fill_buf() else {
            return (0, 0);
        };
        let (mut at, mut taken, mut top) = (0, 0, 0);
        while taken < most {
            let Some((a, b, len)) = pair_line(&buf[at..], lead) else {
                break;
            };
            if a < lo || a > hi.0 || b < lo || b > hi.1 {
                break;
            }
            // lo ≤ a, b ≤ hi < u32::MAX (the callers' ranges).
            let (x, y) = ((a - lo) as u32, (b - lo) as u32);
            out.push((x, y));
            if mirror && x != y {
                out.push((y, x));
            }
            top = top.max(a.max(b));
            at += len;
            taken += 1;
        }
        self.input.consume(at);
        self.line += taken;
        (taken, top)
    }

    /// What the fast paths read: the buffered input after `prefix`, when at the start of a line
    /// with nothing pushed back, cut or half-read (a CR) — `None` otherwise.
    fn fast_line(&mut self, prefix: &[u8]) -> Option<&[u8]> {
        if self.again || self.cut || !self.started || self.cr.is_some() || self.col != 0 {
            return None;
        }
        self.input.fill_buf().ok()?.strip_prefix(prefix)
    }

    /// The fast path of weighted edge lines: like [`fast_pair`](Self::fast_pair), for a line
    /// `PREFIX A B W` and LF, W a weight of at most [`MAX_TOKEN`] bytes that
    /// [`weights::parse`] reads. Returns A, B, W, W's column and the line's length, with nothing
    /// consumed: [`commit_line`](Self::commit_line) consumes it once W is taken.
    fn fast_weighted(
        &mut self,
        prefix: &[u8],
        lo: u64,
        hi: (u64, u64),
    ) -> Option<(u64, u64, weights::Decimal, u64, usize)> {
        let rest = self.fast_line(prefix)?;
        let (a, b, at) = leading_pair(rest)?;
        let g2 = spaces(&rest[at..]);
        if g2 == 0 {
            return None;
        }
        let w_at = at + g2;
        let w_len = rest[w_at..]
            .iter()
            .take(MAX_TOKEN + 1)
            .take_while(|&&c| !is_blank(c))
            .count();
        let end = w_at + w_len;
        if w_len > MAX_TOKEN
            || rest.get(end) != Some(&b'\n')
            || !(lo..=hi.0).contains(&a)
            || !(lo..=hi.1).contains(&b)
        {
            return None;
        }
        let w = weights::parse(&rest[w_at..end], false).ok()?;
        Some((
            a,
            b,
            w,
            (prefix.len() + w_at + 1) as u64,
            prefix.len() + end + 1,
        ))
    }

    /// The fast paths' whole line: at the start of a line (as [`fast_line`](Self::fast_line)),
    /// copies the current line's bytes, without its LF, into `into` (reused: no allocation once
    /// it holds the longest line) and returns `true`; `false` when the line's end is not
    /// buffered. Nothing is consumed: [`commit_line`](Self::commit_line) does it.
    fn fast_whole_line(&mut self, into: &mut Vec<u8>) -> bool {
        let Some(buf) = self.fast_line(b"") else {
            return false;
        };
        let Some(end) = memchr::memchr(b'\n', buf) else {
            return false;
        };
        into.clear();
        if into.try_reserve(end).is_err() {
            return false;
        }
        into.extend_from_slice(&buf[..end]);
        true
    }

    /// Makes `bytes`, at `line:col`, the current token (for an error found on a line the fast
    /// path read).
    fn as_token(&mut self, bytes: &[u8], line: u64, col: u64) {
        self.tok.clear();
        self.tok
            .extend_from_slice(&bytes[..bytes.len().min(MAX_TOKEN)]);
        self.cut = false;
        self.tok_line = line;
        self.tok_col = col;
    }

    /// Consumes the `len` bytes of a line [`fast_weighted`](Self::fast_weighted) read.
    fn commit_line(&mut self, len: usize) {
        self.input.consume(len);
        self.line += 1;
    }

    /// Skips blank lines: the next token, or the end of input.
    fn next_nonblank(&mut self) -> Result<Next, InputError> {
        loop {
            match self.next()? {
                Item::LineEnd { .. } => {}
                Item::Token => return Ok(Next::Token),
                Item::End { line, col } => return Ok(Next::End { line, col }),
            }
        }
    }

    fn error(
        &self,
        line: u64,
        col: u64,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> InputError {
        InputError::at(&self.file, line, col, found, expected)
    }

    /// The error of finding the current token where `expected` should be: at the token, or at
    /// its first control or non-ASCII byte (named by itself).
    fn bad_token(&self, expected: impl Into<String>) -> InputError {
        let (col, found) = match self.tok.iter().position(|c| !c.is_ascii_graphic()) {
            Some(k) => (self.tok_col + k as u64, describe_at(&self.tok, k)),
            None => {
                let shown = String::from_utf8_lossy(&self.tok);
                if self.cut || shown.chars().count() > 24 {
                    let head: String = shown.chars().take(24).collect();
                    (self.tok_col, format!("'{head}…'"))
                } else {
                    (self.tok_col, format!("'{shown}'"))
                }
            }
        };
        self.error(self.tok_line, col, found, expected)
    }

    /// The current token is `word` (ASCII case ignored).
    fn is(&self, word: &str) -> bool {
        !self.cut && self.tok.eq_ignore_ascii_case(word.as_bytes())
    }

    /// The current token as an unsigned number (an optional `+`, then digits); `what` names it
    /// for the error.
    fn number(&self, what: &str) -> Result<Number, InputError> {
        let value = if self.cut {
            None
        } else {
            parse_number(&self.tok)
        };
        match value {
            Some(value) => Ok(Number {
                value,
                line: self.tok_line,
                col: self.tok_col,
            }),
            None => {
                let mut e = self.bad_token(format!("{what} (a whole number)"));
                if self.tok.first() == Some(&b'-') {
                    e.hint = Some("this number cannot be negative".into());
                } else if self.tok.iter().all(u8::is_ascii_digit) {
                    e.hint = Some("the number is too large".into());
                }
                Err(e)
            }
        }
    }

    /// Reads the next token on the current line; `expected` names it if the line ends first.
    fn token_on_line(&mut self, expected: &str) -> Result<(), InputError> {
        self.token_or(|| expected.to_string())
    }

    /// Reads the next token on the current line; `expected()` names it if the line ends first.
    fn token_or(&mut self, expected: impl FnOnce() -> String) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => Ok(()),
            Item::LineEnd { line, col } => Err(self.error(line, col, "end of line", expected())),
            Item::End { line, col } => {
                Err(InputError::end_of_input(&self.file, line, col, expected()))
            }
        }
    }

    /// Reads the next number on the current line.
    fn number_on_line(&mut self, what: &str) -> Result<Number, InputError> {
        self.token_or(|| format!("{what} (a whole number)"))?;
        self.number(what)
    }

    /// Reads the end of the current line (or of input); `hint` explains a token found instead.
    fn line_end(&mut self, hint: &str) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => Err(self.bad_token("end of line").with_hint(hint)),
            _ => Ok(()),
        }
    }

    /// Reads the end of an edge line read without weights; `hint` explains a token found
    /// instead, and says that weights are not read ([`WEIGHTS_NOT_READ`]) when it is a number.
    fn edge_line_end(&mut self, hint: &str) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => {
                let weight = !self.cut && weights::parse(&self.tok, false).is_ok();
                let hint = if weight {
                    format!("{hint} {WEIGHTS_NOT_READ}")
                } else {
                    hint.to_string()
                };
                Err(self.bad_token("end of line").with_hint(hint))
            }
            _ => Ok(()),
        }
    }

    /// Refuses `n` over `limit` (`what`: "vertices", "edges", …); `set` names the limit.
    fn check_limit(&self, n: Number, limit: u64, what: &str, set: &str) -> Result<(), InputError> {
        if n.value <= limit {
            return Ok(());
        }
        Err(self
            .error(
                n.line,
                n.col,
                format!("{} {what}", n.value),
                format!("at most {limit} {what}"),
            )
            .with_hint(format!("the {set} limit is {limit}")))
    }
}

/// The next chunk of `input` (empty at its end), retrying interrupted reads; an I/O error is
/// reported at `line`, just past the `col` bytes of it already read.
fn fill<'a, R: BufRead>(
    input: &'a mut R,
    file: &str,
    line: u64,
    col: u64,
) -> Result<&'a [u8], InputError> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(
                    InputError::at(file, line, col + 1, "unreadable input", "text")
                        .with_hint(e.to_string()),
                );
            }
        }
    }
    // Data is buffered: this returns it without reading again.
    input.fill_buf().map_err(|e| {
        InputError::at(file, line, col + 1, "unreadable input", "text").with_hint(e.to_string())
    })
}

/// A byte that ends a token: a blank, CR or LF.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// `n` as a `usize` (limits keep it small enough on any 64-bit target).
fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Capacity to reserve for `announced` items.
fn reserve(announced: u64) -> usize {
    to_usize(announced.min(MAX_RESERVE))
}

/// Parses an unsigned decimal with an optional leading `+`; `None` on anything else or overflow.
fn parse_number(token: &[u8]) -> Option<u64> {
    let digits = token.strip_prefix(b"+").unwrap_or(token);
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        if d.is_ascii_digit() {
            acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        } else {
            None
        }
    })
}

/// "1 edge", "5 edges".
fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The fast paths' `A B` at the start of `rest`: two runs of 1 to 18 digits separated by spaces
/// or tabs; returns A, B and the bytes read (up to the end of B).
fn leading_pair(rest: &[u8]) -> Option<(u64, u64, usize)> {
    let digits = |b: &[u8]| {
        let n = b.iter().take(19).take_while(|c| c.is_ascii_digit()).count();
        (n > 0 && n <= 18).then(|| {
            let v = b[..n]
                .iter()
                .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
            (v, n)
        })
    };
    let (a, na) = digits(rest)?;
    let gap = spaces(&rest[na..]);
    if gap == 0 {
        return None;
    }
    let (b, nb) = digits(&rest[na + gap..])?;
    Some((a, b, na + gap + nb))
}

/// The fast path's line `[LEAD] A B` at the start of `b` (see [`Tokens::fast_pairs`]): A, B
/// and the line's length, line end included.
#[inline(always)]
fn pair_line(b: &[u8], lead: Option<u8>) -> Option<(u64, u64, usize)> {
    let mut j = 0;
    if let Some(c) = lead {
        if b.first() != Some(&c) {
            return None;
        }
        j = blanks(b, 1);
        if j == 1 {
            return None;
        }
    }
    let (a, k) = digit_run(b, j)?;
    j = blanks(b, k);
    if j == k {
        return None;
    }
    let (v, k) = digit_run(b, j)?;
    j = blanks(b, k);
    if b.get(j) == Some(&b'\r') {
        j += 1;
    }
    (b.get(j) == Some(&b'\n')).then_some((a, v, j + 1))
}

/// The number written by the 1 to 18 digits at `b[j..]`, and the index past them.
#[inline(always)]
fn digit_run(b: &[u8], j: usize) -> Option<(u64, usize)> {
    let (mut v, mut k) = (0u64, j);
    // Eight bytes at once where the buffer holds them: the digits before the first other byte.
    if let Some(&eight) = b.get(j..).and_then(|r| r.first_chunk::<8>()) {
        let x = u64::from_le_bytes(eight);
        let d = x.wrapping_sub(0x3030_3030_3030_3030);
        // A byte's high bit is set in `d` below '0' (and above 0xAF), in `d + 0x76` above '9';
        // borrows and carries only move up, from a byte that is not a digit, so the lowest
        // flagged byte is the first that is not a digit.
        let other = (d | d.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
        let len = (other.trailing_zeros() / 8) as usize;
        if len == 0 {
            return None;
        }
        v = eight_digits(d << (8 * (8 - len)));
        k = j + len;
        if len < 8 {
            return Some((v, k));
        }
    }
    while let Some(&c) = b.get(k) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        // Wrapping past 18 digits: such a run is refused below.
        v = v.wrapping_mul(10).wrapping_add(u64::from(d));
        k += 1;
    }
    (k > j && k - j <= 18).then_some((v, k))
}

/// The number of eight digit values (0 to 9), one per byte, the first in the lowest byte.
#[inline(always)]
fn eight_digits(d: u64) -> u64 {
    // Pairs, then quadruples, then all eight, each step a multiply-add of neighbours.
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00ff_00ff_00ff_00ff;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_ffff_0000_ffff;
    (d.wrapping_mul(10_000) + (d >> 32)) & 0xffff_ffff
}

/// The index past the spaces and tabs at `b[j..]`.
#[inline(always)]
fn blanks(b: &[u8], mut j: usize) -> usize {
    while let Some(b' ' | b'\t') = b.get(j) {
        j += 1;
    }
    j
}

/// The spaces and tabs at the start of `b`.
fn spaces(b: &[u8]) -> usize {
    b.iter().take_while(|&&c| c == b' ' || c == b'\t').count()
}
