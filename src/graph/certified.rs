//! Certified answers for a graph of the user's own, given by its parts ([`Parts`]: vertex
//! counts, edges and the numbers naming its vertices, as [`crate::read`] fills them): a maximum
//! matching with the proof that it is maximum, the class of every edge (in every, some or no
//! maximum matching), and vertex geography — each from the engine that fits the graph.
//!
//! **Guarantee:** [`maximum_matching`] returns a maximum matching of the input graph (self-loops
//! and repeated edges ignored) and a [`Proof`] of the same size that [`verify`] checks against the
//! graph alone: a König vertex cover when the graph is bipartite (a Matrix Market matrix always
//! is; a DIMACS file or an edge list is 2-coloured first, in linear time), otherwise a
//! Tutte–Berge barrier. [`classify`] is exact on bipartite graphs (Dulmage–Mendelsohn), and so
//! is [`dm::dulmage_mendelsohn`], the decomposition itself, which [`dm::verify_dm`] checks
//! against the graph alone; [`geography`] is exact on any graph.
//!
//! **Vertices** are numbered 0.. in one set: a general graph's own vertices, or a matrix's rows
//! `0..rows` followed by its columns `rows..rows + cols` ([`Vertices`] converts both ways to the
//! file's own numbering, including an edge list's sparse ids).
//!
//! **Complexity:** reading aside, O(n + m) to build, renumber a general-shape graph whose
//! numbering is far from local (breadth-first, [`general::order`]: the shuffled 10⁶-vertex path
//! otherwise costs many times its in-order twin) and 2-colour, then the engine:
//! [`bipartite::maximum_matching`] (push–relabel) or [`general::maximum_matching`] (blossom)
//! and, for the proof, a König cover (O(n + m)) or one Gallai–Edmonds decomposition in the same
//! search. [`verify`] is O(n + m) expected (a hash set of the edges) and shares no code with the
//! engines.
//!
//! **Status:** sizes compared with exhaustive search on thousands of small random graphs of
//! both shapes (self-loops and parallel edges included), every proof checked by [`verify`], and
//! a matching with one pair dropped, a cover or a barrier with one vertex dropped, rejected (the
//! tests of this module); `tests/peers/check_graphs.py` compares sizes with networkx and igraph
//! through the command line.

pub mod compact;
pub mod dm;
mod verify;
pub mod weighted;

pub use verify::{MatchingError, verify, verify_edges};

use super::barrier;
use super::bipartite::{self, BipartiteGraph, EdgeClass};
use super::general::order::{self, Renumbering};
use super::general::{self, Graph};
use super::geography::Geography;

/// The vertex sets of a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One vertex set 0..vertices (DIMACS, edge list).
    General {
        /// Number of vertices.
        vertices: usize,
    },
    /// A matrix: rows 0..rows on the left, columns 0..cols on the right.
    Bipartite {
        /// Number of rows (left vertices).
        rows: usize,
        /// Number of columns (right vertices).
        cols: usize,
    },
}

/// A graph as the certified answers take it: vertex counts, edges, and the numbers that name
/// the vertices in messages — no file format. Every function here takes anything that gives
/// one (`&GraphInput` from [`crate::read`] does, and [`PartsBuf`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    /// Its vertex sets; every edge's endpoints are in range.
    pub shape: Shape,
    /// The edges, 0-based (a matrix's as `(row, column)`), self-loops and repeats kept.
    pub edges: &'a [(u32, u32)],
    /// The number naming the first vertex (of the first row, of the first column).
    pub base: u64,
    /// The number naming each vertex when not `base + index` (see [`Vertices`]); empty
    /// otherwise.
    pub ids: &'a [u32],
}

impl<'a> Parts<'a> {
    /// `shape` and `edges`, vertices named from 0.
    pub fn new(shape: Shape, edges: &'a [(u32, u32)]) -> Parts<'a> {
        Parts {
            shape,
            edges,
            base: 0,
            ids: &[],
        }
    }
}

/// [`Parts`] that own their edges and ids ([`compact::without_isolated`] makes them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartsBuf {
    /// As [`Parts::shape`].
    pub shape: Shape,
    /// As [`Parts::edges`].
    pub edges: Vec<(u32, u32)>,
    /// As [`Parts::base`].
    pub base: u64,
    /// As [`Parts::ids`].
    pub ids: Vec<u32>,
}

impl PartsBuf {
    /// Borrowed.
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            shape: self.shape,
            edges: &self.edges,
            base: self.base,
            ids: &self.ids,
        }
    }
}

impl<'a> From<&'a PartsBuf> for Parts<'a> {
    fn from(p: &'a PartsBuf) -> Parts<'a> {
        p.parts()
    }
}

/// How the graph's vertices map to one set `0..n` and back to the file's own numbering (see
/// the module docs): a matrix's rows then columns, each numbered from the format's base; a
/// general graph's vertices numbered from the base, or by the ids an edge list names
/// ([`Parts::ids`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertices<'a> {
    /// Rows of a matrix (`None` for a general graph).
    pub rows: Option<usize>,
    /// All vertices.
    pub n: usize,
    /// The number of the first vertex (of the first row, of the first column) in the file.
    pub base: u64,
    /// The file's number of each vertex, if not `base + index` (for a matrix, as
    /// [`compact::without_isolated`] leaves it: its rows' numbers, then its columns').
    pub ids: &'a [u32],
}

impl<'a> Vertices<'a> {
    /// The vertex set of `input`.
    pub fn of(input: impl Into<Parts<'a>>) -> Vertices<'a> {
        let input = input.into();
        let (rows, n) = match input.shape {
            Shape::General { vertices } => (None, vertices),
            Shape::Bipartite { rows, cols } => (Some(rows), rows + cols),
        };
        Vertices {
            rows,
            n,
            base: input.base,
            ids: input.ids,
        }
    }

    /// Is `v` a column of a matrix? Then its index among the columns.
    pub fn column(&self, v: u32) -> Option<u32> {
        let rows = self.rows? as u32;
        (v >= rows).then(|| v - rows)
    }

    /// `v`'s number in the file: for a matrix, its row or column number (which one,
    /// [`column`](Self::column) tells).
    pub fn number(&self, v: u32) -> u64 {
        match self.ids.get(v as usize) {
            Some(&id) => u64::from(id),
            None => u64::from(self.column(v).unwrap_or(v)) + self.base,
        }
    }

    /// The vertex the file numbers `number` (for a matrix: the row numbered so, or the column
    /// if `column`); `None` if there is none.
    pub fn vertex(&self, number: u64, column: bool) -> Option<u32> {
        if !self.ids.is_empty() {
            let id = u32::try_from(number).ok()?;
            // A matrix's ids: its rows' numbers, then its columns' (each in increasing order).
            let (ids, shift) = match (self.rows, column) {
                (Some(rows), false) => (&self.ids[..rows], 0),
                (Some(rows), true) => (&self.ids[rows..], rows),
                (None, _) => (self.ids, 0),
            };
            return ids.binary_search(&id).ok().map(|i| (i + shift) as u32);
        }
        let (count, shift) = match (self.rows, column) {
            (Some(rows), false) => (rows, 0),
            (Some(rows), true) => (self.n - rows, rows),
            (None, _) => (self.n, 0),
        };
        let index = number
            .checked_sub(self.base)
            .filter(|&i| i < count as u64)?;
        Some((index + shift as u64) as u32)
    }

    /// `v` named in the file's numbering: `7`, or `row 2` / `column 3` for a matrix.
    pub fn name(&self, v: u32) -> String {
        match (self.rows, self.column(v)) {
            (Some(_), Some(_)) => format!("column {}", self.number(v)),
            (Some(_), None) => format!("row {}", self.number(v)),
            (None, _) => self.number(v).to_string(),
        }
    }

    /// What numbers name vertices, for messages: `vertices 1 to 6`, `4 vertices (the numbers its edges
    /// name, from 0 to 296202815)`, `no vertices`.
    pub fn numbering(&self) -> String {
        match (self.n, self.ids) {
            (0, _) => "no vertices".into(),
            (1, []) => format!("the one vertex {}", self.base),
            (n, []) => format!("vertices {} to {}", self.base, self.base + n as u64 - 1),
            (1, ids) => format!("one vertex, {} (the number its edges name)", ids[0]),
            (n, ids) => format!(
                "{n} vertices (the numbers its edges name, from {} to {})",
                ids[0],
                ids[n - 1]
            ),
        }
    }
}

/// The input's edges in the one vertex set `0..n` (columns shifted past the rows).
pub fn edges<'a>(input: impl Into<Parts<'a>>) -> Vec<(u32, u32)> {
    let input = input.into();
    match input.shape {
        Shape::General { .. } => input.edges.to_vec(),
        Shape::Bipartite { rows, .. } => {
            let rows = rows as u32;
            input.edges.iter().map(|&(r, c)| (r, rows + c)).collect()
        }
    }
}

/// What proves a matching maximum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A vertex cover with as many vertices as the matching has edges (König): no matching is
    /// larger, since each of its edges needs a cover vertex of its own.
    Cover(Vec<u32>),
    /// A set X with `n − 2|M| = odd(G − X) − |X|` (Tutte–Berge): every matching leaves at least
    /// `odd(G − X) − |X|` vertices exposed. [`maximum_matching`] gives an inclusion-minimal one
    /// (no vertex can be dropped).
    Barrier(Vec<u32>),
}

/// A maximum matching and its proof, vertices in the one set `0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchingCertificate {
    /// Matched pairs; for a matrix `(row, column)` (the column shifted past the rows).
    pub pairs: Vec<(u32, u32)>,
    /// Why no matching is larger.
    pub proof: Proof,
}

/// The graph split into two sides, if it is bipartite: `side[v]` (`false` = left) and each
/// vertex's index within its side.
struct Sides {
    side: Vec<bool>,
    index: Vec<u32>,
    members: [Vec<u32>; 2],
}

impl Sides {
    fn new(side: Vec<bool>) -> Sides {
        let mut members = [Vec::new(), Vec::new()];
        let index = side
            .iter()
            .enumerate()
            .map(|(v, &s)| {
                let m = &mut members[usize::from(s)];
                m.push(v as u32);
                m.len() as u32 - 1
            })
            .collect();
        Sides {
            side,
            index,
            members,
        }
    }

    /// An edge as `(left index, right index)`.
    fn orient(&self, (u, v): (u32, u32)) -> (u32, u32) {
        let (l, r) = if self.side[u as usize] {
            (v, u)
        } else {
            (u, v)
        };
        (self.index[l as usize], self.index[r as usize])
    }

    /// The bipartite graph of `g`, each left vertex listing its neighbours as `g` does: read
    /// off `g`'s adjacency one left vertex at a time (about twice as fast on 4·10⁶ random edges
    /// as placing the input's edges again), but not in input order — see [`Sides::graph`].
    fn graph_of(&self, g: &Graph) -> BipartiteGraph {
        let mut offsets = Vec::with_capacity(self.members[0].len() + 1);
        let mut targets = Vec::with_capacity(g.num_edges());
        offsets.push(0);
        for &l in &self.members[0] {
            targets.extend(g.neighbors(l).iter().map(|&r| self.index[r as usize]));
            offsets.push(targets.len());
        }
        BipartiteGraph::from_csr(self.members[1].len(), offsets, targets)
    }

    /// The bipartite graph of `edges` (self-loops cannot occur: a 2-colouring exists only
    /// without them), each left vertex listing its edges in input order, as [`classify`] needs.
    /// The oriented edges are collected first, so that the graph is built from a slice in order
    /// rather than by looking every edge's sides up twice.
    fn graph(&self, edges: &[(u32, u32)]) -> BipartiteGraph {
        let oriented: Vec<(u32, u32)> = edges
            .iter()
            .filter(|&&(u, v)| u != v)
            .map(|&e| self.orient(e))
            .collect();
        BipartiteGraph::from_edges(self.members[0].len(), self.members[1].len(), &oriented)
    }
}

/// The engine's view of the input: a bipartite graph (with how its sides map back to the
/// input's vertices), or a general one. A general-shape input whose numbering is far from local
/// is renumbered first ([`order`]): its sides, or the general graph, are then in the new
/// numbers, and the [`Renumbering`] maps them back.
enum Built {
    /// A matrix: left = rows, right = columns, as in the file.
    Matrix(BipartiteGraph),
    /// A general-shape input that is bipartite.
    Split(Sides, BipartiteGraph, Option<Renumbering>),
    /// A general graph with an odd cycle.
    General(Graph, Option<Renumbering>),
}

impl Built {
    /// The engine's graph; `in_order`: a bipartite graph lists each left vertex's edges in
    /// input order (slower to build).
    fn of(input: Parts<'_>, in_order: bool) -> Built {
        match input.shape {
            Shape::Bipartite { rows, cols } => {
                Built::Matrix(BipartiteGraph::from_edges(rows, cols, input.edges))
            }
            Shape::General { vertices } => {
                let mut g = Graph::from_edges(vertices, input.edges);
                // (Not `in_order`: its sides must be in the input's numbers.)
                let mut renumbering = None;
                if !in_order && order::should_renumber(&g) {
                    let (r, local) = Renumbering::breadth_first(&g);
                    g = local;
                    renumbering = Some(r);
                }
                match g.bipartition() {
                    Some(side) => {
                        let sides = Sides::new(side);
                        let b = if in_order {
                            drop(g);
                            sides.graph(input.edges)
                        } else {
                            sides.graph_of(&g)
                        };
                        Built::Split(sides, b, renumbering)
                    }
                    None => Built::General(g, renumbering),
                }
            }
        }
    }

    /// The input vertex of a left (`right = false`) or right vertex of the bipartite graph.
    fn vertex(&self, right: bool, x: u32) -> u32 {
        match self {
            Built::Matrix(g) if right => g.n_left() as u32 + x,
            Built::Split(sides, _, r) => {
                let v = sides.members[usize::from(right)][x as usize];
                r.as_ref().map_or(v, |r| r.old(v))
            }
            _ => x,
        }
    }
}

/// Is the input bipartite? Self-loops are ignored here as they are for matching.
///
/// # Complexity
/// O(n + m).
pub fn is_bipartite<'a>(input: impl Into<Parts<'a>>) -> bool {
    let input = input.into();
    match input.shape {
        Shape::Bipartite { .. } => true,
        Shape::General { vertices } => Graph::from_edges(vertices, input.edges)
            .bipartition()
            .is_some(),
    }
}

/// A maximum matching of the input and the proof that it is maximum (see the module docs).
///
/// # Complexity
/// O(n + m) plus the engine's time.
pub fn maximum_matching<'a>(input: impl Into<Parts<'a>>) -> MatchingCertificate {
    let input = input.into();
    let built = Built::of(input, false);
    match &built {
        Built::Matrix(g) | Built::Split(_, g, _) => {
            let m = bipartite::maximum_matching(g);
            let cover = bipartite::konig_cover(g, &m);
            let mut pairs: Vec<(u32, u32)> = m
                .pairs()
                .map(|(l, r)| (built.vertex(false, l), built.vertex(true, r)))
                .collect();
            if let Built::Split(_, _, Some(_)) = built {
                // In the order of the input's numbers, as without renumbering.
                pairs.sort_unstable();
            }
            let mut cover: Vec<u32> = cover
                .left
                .iter()
                .map(|&l| built.vertex(false, l))
                .chain(cover.right.iter().map(|&r| built.vertex(true, r)))
                .collect();
            cover.sort_unstable();
            MatchingCertificate {
                pairs,
                proof: Proof::Cover(cover),
            }
        }
        Built::General(g, renumbering) => {
            // (In `g`'s numbering: `Built::of` renumbered it already if that pays.)
            let (m, decomposition) = general::matching_and_decomposition(g);
            // Inclusion-minimal: every vertex of the proof is needed.
            let barrier = barrier::minimize(g, &decomposition.barrier());
            match renumbering {
                None => MatchingCertificate {
                    pairs: m.edges().collect(),
                    proof: Proof::Barrier(barrier),
                },
                Some(r) => MatchingCertificate {
                    pairs: r.matching_back(&m).edges().collect(),
                    proof: Proof::Barrier(r.set_back(&barrier)),
                },
            }
        }
    }
}

/// The size of a maximum matching of the input — [`maximum_matching`] without the proof.
///
/// # Complexity
/// O(n + m) plus the engine's time.
pub fn matching_size<'a>(input: impl Into<Parts<'a>>) -> usize {
    let input = input.into();
    match Built::of(input, false) {
        Built::Matrix(g) | Built::Split(_, g, _) => bipartite::maximum_matching(&g).len(),
        Built::General(g, _) => {
            let empty = general::Matching::empty(g.num_vertices());
            general::maximum_matching_from(&g, empty).len()
        }
    }
}

/// The input is not bipartite, so edges cannot be classified by Dulmage–Mendelsohn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the graph is not bipartite (it has an odd cycle)")]
pub struct NotBipartite;

/// The class of each input edge, in input order: in every, some or no maximum matching. A
/// self-loop is in none; repeated edges get the class of the pair.
///
/// # Complexity
/// O(n + m) plus one maximum matching.
pub fn classify<'a>(input: impl Into<Parts<'a>>) -> Result<Vec<EdgeClass>, NotBipartite> {
    let input = input.into();
    let built = Built::of(input, true);
    let (sides, g) = match &built {
        Built::Matrix(g) => (None, g),
        Built::Split(sides, g, _) => (Some(sides), g),
        Built::General(..) => return Err(NotBipartite),
    };
    let m = bipartite::maximum_matching(g);
    let classes = bipartite::classify(g, &m);
    // The CSR lists each left vertex's edges in input order: walk the input again and take
    // the next slot of the edge's left end.
    let mut next: Vec<usize> = Vec::with_capacity(g.n_left());
    let mut at = 0;
    for l in 0..g.n_left() as u32 {
        next.push(at);
        at += g.neighbors(l).len();
    }
    Ok(input
        .edges
        .iter()
        .map(|&(u, v)| {
            let left = match sides {
                None => u,
                Some(_) if u == v => return EdgeClass::None,
                Some(sides) => sides.orient((u, v)).0,
            };
            let slot = &mut next[left as usize];
            *slot += 1;
            classes[*slot - 1]
        })
        .collect())
}

/// Vertex geography on the input graph (a matrix's rows and columns are its vertices).
///
/// # Complexity
/// O(n + m) plus one maximum matching and its decomposition.
pub fn geography<'a>(input: impl Into<Parts<'a>>) -> Geography {
    let input = input.into();
    Geography::new(Graph::from_edges(Vertices::of(input).n, edges(input)))
}

#[cfg(test)]
mod dm_tests;
#[cfg(test)]
mod tests;
