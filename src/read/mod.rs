//! Readers for users' own graph and 2-SAT formula files, one file per concern: the tokenizer
//! (`tokens.rs`), its fast path (`fast.rs`), format detection (`detect.rs`), one file per format
//! (`dimacs.rs`, `asn.rs`, `mtx.rs`, `edges.rs`, `metis.rs`, `dense.rs`, `cnf.rs`) and the
//! weights (`weights.rs`). The graph core takes what they read as parts ([`GraphInput::parts`]).
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
//! - DIMACS assignment (`asn`; the first DIMACS challenge's assignment problems, `asn.rs`):
//!   `c` comments, `p asn NODES ARCS`, one `n ID` line per source node, then ARCS lines
//!   `a SRC DST COST` from a source to a sink (a node no `n` line names); read by the DIMACS
//!   reader, which its p line sends there. Sources are the rows, sinks the columns, the file's
//!   node numbers kept in [`GraphInput::ids`]; the costs are the weights.
//! - Dense matrix (`dense`, `dense.rs`): a size line `N` or `R C` and the entries in any
//!   whitespace layout, or one row per line; every entry is an edge, its value the weight.
//!   Named, or detected when its first line is one whole number N > 0 (which METIS and an edge
//!   list both refuse) and it reads as exactly N × N entries.
//! - DIMACS CNF ([`read_cnf`] only): `c` comment lines, `p cnf VARIABLES CLAUSES`, then the
//!   clauses, each a list of nonzero literals ended by `0` (a clause may span lines); each
//!   clause must have one or two literals. SATLIB's trailer (a `%` line, then `0`) ends the input.
//!
//! **Weights** ([`read_weighted_graph`]): the third number of an edge list line (`U V W`) or
//! of a DIMACS edge line (`e U V W`), a Matrix Market entry's value (`integer` or `real` files
//! only), a METIS graph's edge weights (FMT `1` or `11`), an assignment arc's cost, a dense
//! matrix's entries; a decimal number `[+-]digits[.digits][e[+-]digits]` read exactly, as an
//! integer mantissa times a power of ten (no floating point). All weights of a file are scaled
//! to one common number of decimals, the most any of them needs, as `i64` while every weight
//! fits the narrow range (at most [`MAX_DECIMALS`] decimals and
//! [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) once scaled; when a weight needs more
//! decimals than the ones before it, those are rescaled, at most [`MAX_DECIMALS`] times in
//! all, and the largest weight read so far is kept so that a rescale beyond the range is seen
//! before it starts). The first weight beyond it moves every weight to its own `(m, e)` (the
//! value `m·10^e`, at most [`MAX_DIGITS`] digits, below 10^[`MAX_EXPONENT`] with at most
//! [`MAX_EXPONENT`] decimals), and at the end they are put on one common scale as `i128`
//! ([`Wide::Exact`]) or, when no scale holds them all, kept so ([`Wide::Parts`]): every Python
//! float repr (`0.1`, `1e-05`, `2.5E3`, `-0.0`, `5e-324`, `1.7976931348623157e308`) reads
//! exactly. [`read_graph`] reads the same files as before, a third column refused as it always
//! was.
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
//! ends is refused or skipped without being held. Weights add one `i64` per edge and at most
//! [`MAX_DECIMALS`] rescales of those read so far, O(edges) each (wide weights: an `i128` and
//! an `i32` per edge, and one move of those read before, O(edges)). Nothing recurses.
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
//! buffers; the weight parser against a table of numbers and non-numbers (narrow and wide);
//! wide weights (Python float reprs, beyond 18 decimals or 2^59) read alike on every path;
//! every weight error
//! with its line, column and message (the same through a 1-byte buffer), and
//! docs/ERRORS.md's table of them checked against the reader. Assignment files and dense
//! matrices: random square and rectangular ones read back (also through 1–5 byte buffers) and
//! solved to a brute force's minimum, every error at its place (`asn_tests.rs`,
//! `dense_tests.rs`); `tests/peers/check_assignment.py` against scipy. The fuzz target
//! `parse_weighted` checks that whatever reads has one weight per edge within range and reads
//! again the same after a canonical rewrite.

#[cfg(test)]
mod array_tests;
mod asn;
mod cnf;
mod dense;
mod detect;
#[cfg(test)]
mod detect_tests;
mod dimacs;
mod edges;
mod fast;
mod metis;
#[cfg(test)]
mod metis_tests;
mod mtx;
#[cfg(test)]
mod tests;
mod tokens;
mod weights;

use std::borrow::Cow;
use std::collections::TryReserveError;
use std::io::BufRead;

use crate::graph::MAX_VERTICES;
use crate::graph::certified::{Parts, compact};
use crate::{InputError, Remedy};

pub use cnf::{Cnf, read_cnf, read_cnf_within};
pub use detect::{AMBIGUOUS, detect};
use detect::{DETECT_HINT, looks_like, metis_name, metis_or_edges};
pub(crate) use tokens::parse_number;
use tokens::{
    Item, MAX_RESERVE, Next, Number, Tokens, count, is_blank, out_of_memory, push, reserve,
    to_usize,
};
pub use weights::{MAX_DECIMALS, MAX_DIGITS, MAX_EXPONENT};

/// The vertex sets of a graph (the graph core's type, which the readers fill).
pub use crate::graph::certified::Shape;

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
    /// DIMACS assignment problem: `p asn NODES ARCS`, `n SOURCE` lines, then `a SRC DST COST`
    /// arcs, nodes from 1 (read by the DIMACS reader, which its p line sends there).
    Assignment,
    /// A dense matrix as text: an optional size line (`N` or `R C`), then every entry, each
    /// an edge of the rows × columns bipartite graph.
    Dense,
}

impl Format {
    /// Every format, in the order of their names in messages.
    pub const ALL: [Format; 6] = [
        Format::Dimacs,
        Format::MatrixMarket,
        Format::EdgeList,
        Format::Metis,
        Format::Assignment,
        Format::Dense,
    ];

    /// Its short name: `dimacs`, `mtx`, `edges`, `metis`, `asn` or `dense`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Dimacs => "dimacs",
            Format::MatrixMarket => "mtx",
            Format::EdgeList => "edges",
            Format::Metis => "metis",
            Format::Assignment => "asn",
            Format::Dense => "dense",
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
            Format::Assignment => "a DIMACS assignment problem",
            Format::Dense => "a dense matrix",
        }
    }

    /// The number of the first vertex in files of this format: 0 for an edge list, 1 for the
    /// others.
    pub fn base(self) -> u64 {
        match self {
            Format::Dimacs
            | Format::MatrixMarket
            | Format::Metis
            | Format::Assignment
            | Format::Dense => 1,
            Format::EdgeList => 0,
        }
    }
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
    /// smaller input [`without_isolated`](GraphInput::without_isolated)
    /// makes (a matrix's rows' numbers, then its columns'). See
    /// [`Vertices`](crate::graph::certified::Vertices), which converts both ways.
    pub ids: Vec<u32>,
}

impl GraphInput {
    /// What the graph core takes of it ([`certified`](crate::graph::certified)): its vertex
    /// sets, its edges, and the numbers naming its vertices (the format's first number, or the
    /// file's ids) — not the file's format.
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            shape: self.shape,
            edges: &self.edges,
            base: self.format.base(),
            ids: &self.ids,
        }
    }

    /// The input without the vertices no edge names, as
    /// [`compact::without_isolated`] makes
    /// it, in the same format; borrowed when every vertex has an edge.
    ///
    /// # Errors
    /// The smaller input's tables could not be allocated.
    pub fn without_isolated(&self) -> Result<Cow<'_, GraphInput>, TryReserveError> {
        Ok(match compact::without_isolated(self)? {
            None => Cow::Borrowed(self),
            Some(small) => Cow::Owned(GraphInput {
                format: self.format,
                shape: small.shape,
                edges: small.edges,
                ids: small.ids,
            }),
        })
    }
}

impl<'a> From<&'a GraphInput> for Parts<'a> {
    fn from(input: &'a GraphInput) -> Parts<'a> {
        input.parts()
    }
}

/// Most vertices and edges a reader accepts, checked before allocating: a header announcing
/// more is refused at its line and column, with a hint naming the limit.
///
/// For Matrix Market, `max_vertices` bounds the rows and the columns each (and rows plus
/// columns, numbered together, are at most 2^32 − 2 whatever the limit); for an edge list,
/// the number of distinct vertex numbers (the numbers themselves only have to be below
/// 2^32 − 2); for a DIMACS assignment file, whose reader keeps every node's number, `max_edges`
/// bounds the nodes too. A `max_vertices` above the default is taken as the default
/// (vertex ids must stay below [`crate::graph::NONE`]). No reader allocates per declared
/// vertex otherwise (but the assignment file's 4 bytes per node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most vertices (rows, columns).
    pub max_vertices: u64,
    /// Most edges (for Matrix Market, mirrored edges included).
    pub max_edges: u64,
}

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
    /// `max_vertices`, at most [`MAX_VERTICES`](crate::graph::MAX_VERTICES).
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
/// the weight of edge `i` is exactly `values[i] / 10^decimals` — or, for weights beyond that
/// range, as [`wide`](Self::wide) holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    /// The weights, all scaled to `decimals`; each at most
    /// [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) in absolute value. Empty when
    /// [`wide`](Self::wide) holds them.
    pub values: Vec<i64>,
    /// The common number of decimals: the most any weight of the file needs (trailing zeros
    /// dropped): at most [`MAX_DECIMALS`] for `values`, any for [`Wide::Exact`], 0 for
    /// [`Wide::Parts`].
    pub decimals: u32,
    /// Where the weight of the largest absolute value (the first of them) was read: line
    /// and column, counting from 1; `None` without weights or when they are wide.
    pub largest_at: Option<(u64, u64)>,
    /// The weights of a file with a weight beyond the range of `values` (more than
    /// [`MAX_DECIMALS`] decimals, or beyond `MAX_WEIGHT` at the common scale); `None` for
    /// every other file.
    pub wide: Option<Wide>,
}

/// Weights beyond the range of [`Weights::values`] (see [`Weights::wide`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wide {
    /// Each weight in units of 10^-[`decimals`](Weights::decimals), as an `i128`.
    Exact(Vec<i128>),
    /// No common power of ten makes every weight an `i128` (`1e-300` beside `1e300`): each
    /// weight as `(m, e)`, the value `m·10^e`, `m` without trailing zeros (`(0, 0)` for 0).
    Parts(Vec<(i128, i32)>),
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
    /// let w = Weights { values: vec![150, -7], decimals: 2, ..Weights::default() };
    /// assert_eq!(w.show(150), "1.5");
    /// assert_eq!(w.show(-7), "-0.07");
    /// assert_eq!(w.show(143), "1.43");
    /// ```
    pub fn show(&self, value: i128) -> String {
        weights::show(value, self.decimals)
    }

    /// Every weight as `(m, e)`, the value `m·10^e` exactly, `m` without trailing zeros
    /// (`(0, 0)` for 0), whichever way they are held.
    pub fn parts(&self) -> Vec<(i128, i32)> {
        let e = -(self.decimals as i32);
        match &self.wide {
            None => self
                .values
                .iter()
                .map(|&v| weights::normal(i128::from(v), e))
                .collect(),
            Some(Wide::Exact(v)) => v.iter().map(|&v| weights::normal(v, e)).collect(),
            Some(Wide::Parts(p)) => p.clone(),
        }
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
/// the most decimals any of them needs: in [`Weights::values`] while each has at most
/// [`MAX_DECIMALS`] and is at most [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) in
/// absolute value once scaled, else as [`Weights::wide`] (see the [module docs](self)).
///
/// # Errors
/// Those of [`read_graph`], and at the weight's line and column: a missing weight, one that is
/// not a decimal number (`abc`, `1/2`, `0x10`) or not finite (`nan`, `inf`), with more than
/// [`MAX_DIGITS`] significant digits, or beyond the span of [`MAX_EXPONENT`].
///
/// # Complexity
/// O(bytes read) time (each of at most [`MAX_DECIMALS`] rescales of the weights read so far,
/// and the move to wide weights, is O(edges)), O(edges) memory.
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
    debug_assert_eq!(acc.len(), graph.edges.len());
    let largest_at = acc.largest_at();
    let weights = match acc.wide.take() {
        None => Weights {
            largest_at,
            values: acc.values,
            decimals: acc.decimals,
            wide: None,
        },
        Some(parts) => {
            let (wide, decimals) = match crate::decimal::scale::common(&parts) {
                Ok((values, decimals)) => (Wide::Exact(values), decimals),
                Err(_) => (Wide::Parts(parts), 0),
            };
            Weights {
                largest_at,
                values: Vec::new(),
                decimals,
                wide: Some(wide),
            }
        }
    };
    Ok(WeightedGraphInput { graph, weights })
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
                return Err(InputError::end_of_input(file, line, col, "a graph")
                    .with_hint(DETECT_HINT)
                    .with_remedy(Remedy::Format));
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
                    let e = t.bad_token("a graph in a known format");
                    return Err(match edges::csv_hint(&t.tok) {
                        Some(hint) => e.with_hint(hint),
                        None => e.with_hint(DETECT_HINT).with_remedy(Remedy::Format),
                    });
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
        Format::Dimacs | Format::Assignment => dimacs::read(t, limits, weights),
        Format::Dense => dense::read(t, limits, weights),
        Format::MatrixMarket => mtx::read(t, limits, weights),
        Format::EdgeList => edges::read(t, limits, weights),
        Format::Metis => metis::read(t, limits, weights),
    }
}

/// The hint for a file that starts like a board file (one number on its first line).
const BOARD_FILE_HINT: &str = "a first line of one number starts a board file (rooks, king, \
     lpuzzle): is this one? Boards are solved by `gridmatch rooks FILE`, `gridmatch king FILE` \
     or `gridmatch lpuzzle FILE`";

/// The error for an edge, entry or clause that no longer fits in memory (a limit raised past
/// How the hint of an edge line (edge list, DIMACS) read without weights ends when a third
/// number follows its two vertices: a weight; the command line says how to read it.
pub const WEIGHTS_NOT_READ: &str = "(weights are not read)";

/// How the hint starts when a reader runs out of memory below its limit (a limit raised past
/// the memory); the command line adds the flag.
pub const OUT_OF_MEMORY: &str = "memory ran out";
