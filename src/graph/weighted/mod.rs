//! Weighted matching with proofs: maximum-weight matchings of general graphs, and assignments
//! (minimum-cost matchings covering one side of a bipartite graph), each with the LP dual
//! solution that proves it optimal.
//!
//! **Guarantee:** every engine here returns an optimal matching together with [`Duals`] that
//! [`verify`] (which shares no code with the engines) accepts; accepted duals prove by weak LP
//! duality that no matching weighs more. No floating point anywhere: weights are `i64` (the
//! plain entry points) or `i128` (the `_wide` ones, [`Weight`]), with `n · max|w|` below
//! [`WIDE_LIMIT`] = 2¹¹⁹ (which argues every bound); duals are stored doubled (so they stay
//! integers). The engines compute in `i64` when the weights allow it ([`MAX_WEIGHT`], and the
//! perfect mode's bound in [`general`]) and in `i128` otherwise, chosen from the values.
//!
//! **The proof.** For the maximum-weight matching LP of a graph with weights `w`
//! (maximise Σ w_e x_e subject to x(δ(v)) ≤ 1 for each vertex v, x(E\[B\]) ≤ (|B| − 1)/2 for each
//! odd set B, x ≥ 0), a dual solution is a value y_v ≥ 0 per vertex and z_B ≥ 0 per odd set
//! with y_u + y_v + Σ_{B ∋ u, v} z_B ≥ w_uv for every edge uv. For any matching M,
//! w(M) ≤ Σ_v y_v + Σ_B z_B (|B| − 1)/2; so a matching whose weight equals that sum is a
//! maximum-weight matching. On a bipartite graph no odd set is needed.
//!
//! For the **perfect-matching LP** (x(δ(v)) = 1 instead of ≤ 1) the vertex duals y_v are free
//! (any sign) and the same sum bounds the weight of every *perfect* matching; a perfect
//! matching whose weight equals it is a maximum-weight perfect matching
//! ([`verify::Lp::Perfect`]).
//!
//! **The questions** are these, on transformed weights `w' = sign·w + shift` (see
//! [`Duals`]): the largest weight (sign +1, shift 0), the smallest (sign −1), among
//! maximum-cardinality matchings (the cardinality proved separately by a König cover or a
//! Tutte–Berge barrier), or among perfect matchings: the perfect-matching LP with no shift on
//! the general engine, else (the assignment engines) the maximum-weight LP with a shift (every
//! perfect or maximum matching has the same number of edges, so the shift adds the same
//! amount to each).
//!
//! **Maximum cardinality without a shift.** On the general engine the maximum-cardinality
//! question is a perfect-matching question on a slightly larger graph G*, with no weight
//! multiplier (so no input is refused for its weights, and the duals stay as small as the
//! weights). Let A be a Tutte–Berge barrier of G that is *tight*:
//! `odd(G − A) − |A| = n − 2ν(G)` (the cardinality engine's Gallai–Edmonds set A is one), and
//! C_0, …, C_{c−1} the odd components of G − A, numbered by their smallest vertex. G* is G
//! plus a vertex `k_i = n + i` per odd component, joined to every vertex of C_i, plus a vertex
//! `a'_j = n + c + j` per barrier vertex `a_j` (increasing), joined to `k_i` for each odd
//! component C_i that `a_j` has a neighbour in (once); every added edge weighs 0. It has
//! `n + c + |A| ≤ 2n` vertices and at most `m + n + Σ_{a∈A} deg(a) ≤ 3m + n` edges.
//!
//! *Claim: the restrictions to G of the perfect matchings of G\* are exactly the
//! maximum-cardinality matchings of G,* each of the same weight in both (added edges weigh
//! 0); so a maximum-weight perfect matching of G* restricts to a maximum-weight
//! maximum-cardinality matching of G, and the perfect-matching LP duals of G* prove it.
//! - ⇒: let N be a perfect matching of G* and M its edges in G. Each `a'_j` is matched to a
//!   `k`, so |A| of the c vertices `k_i` are matched to `a'` vertices and the other `c − |A|`
//!   into G. So M covers `n − (c − |A|) = n − (n − 2ν) = 2ν` vertices of G: |M| = ν.
//! - ⇐: let M be a maximum matching of G. Each odd component keeps at least one vertex not
//!   matched inside it, which is exposed or matched to A; at most |A| components have one
//!   matched to A, so at least `c − |A| = n − 2ν` vertices are exposed, and as exactly
//!   `n − 2ν` are, equality holds throughout: every `a_j` is matched into an odd component
//!   of its own, C_{i(j)}; each other odd component has exactly one exposed vertex and no
//!   other vertex leaves it; nothing else is exposed. Add `a'_j k_{i(j)}` (an edge of G*, as
//!   `a_j` has a neighbour in C_{i(j)}) for each j and `k_i x` for the exposed vertex x of each
//!   other odd component: a perfect matching of G*.
//!
//! When the cardinality engine's maximum matching is perfect, A and the odd components are
//! empty and G* is G itself: the engine then runs on the caller's edges as they are (no
//! component search, no copy of the edges; the same run and answer as on the built G*;
//! G(10⁵, 5·10⁵): about 30 ms less, docs/BENCHMARKS.md, "card8").
//!
//! The verifier rebuilds G* from the file and the barrier alone, derives the added pairs from
//! the matching as in ⇐, and checks the duals on G* with [`verify::Lp::Perfect`]; any
//! perfect matching of G* of optimal weight satisfies complementary slackness with optimal
//! duals, so the derived pairs need not be the engine's. Matrices keep the shift (their
//! records name rows and columns, and have no names for G*'s added vertices).
//!
//! - `general.rs`: [`general::max_weight_matching`], Edmonds' primal–dual blossom algorithm.
//! - `assignment/` (`mod.rs`, `dense.rs`, `sparse.rs`): [`assignment::dense`] and
//!   [`assignment::sparse`], shortest augmenting paths with potentials.
//! - `question.rs`: [`solve`], which turns a [`Question`] (largest or smallest, among all,
//!   maximum-cardinality or perfect matchings) into one engine run and its proof; the
//!   question's words by name ([`Sense`] and [`Cardinality`]: `Display`, `FromStr`, serde).
//! - `verify/`: [`verify::verify`], the independent check of a matching and its duals
//!   (`mod.rs`: the conditions in order; `forest.rs`: the odd sets' forest and laminarity,
//!   binary lifting; `error.rs`: [`verify::DualError`] and its words; `sum.rs`: the exact
//!   two-limb accumulator).

pub mod assignment;
pub mod general;
mod question;
pub mod verify;

pub(crate) use question::solve_reducing;
pub use question::{
    Cardinality, Optimum, Question, Sense, Sides, Solution, UnknownName, solve, solve_wide,
};

/// The largest absolute edge weight for which the maximum-weight run of
/// [`general::max_weight_matching`] and the assignment engines compute in `i64`: 2⁵⁹, so
/// that doubled duals and their sums of a few terms stay within `i64`. Larger weights (up to
/// [`WIDE_LIMIT`]) are answered too, in `i128`; the library chooses.
pub const MAX_WEIGHT: i64 = 1 << 59;

/// The limit on weights: every question is answered when `n · max|w| < WIDE_LIMIT = 2¹¹⁹`
/// (`n` vertices, the largest absolute weight of any edge), and refused
/// ([`WeightError::TooWide`]) otherwise. So every `i64` weight is taken on up to 2⁵⁵
/// vertices, and weights up to 2⁸⁷ on 2³² vertices.
///
/// **Why it is enough.** Every sum the engines and [`verify`] form then fits in `i128`:
/// with `n* ≤ 2n` the vertices of the graph an engine runs on (the gadget graph G* of the
/// maximum-cardinality question has at most 2n, see above) and `W = max|w|`, the perfect
/// mode's clock bound is `L = n*·(2W + 1) ≤ 6·n·W < 3·2¹²⁰`, every value the engine keeps
/// is below `13·L < 2¹²⁶` ([`general`], overflow), doubled vertex duals below
/// `2L < 2¹²³` and doubled odd-set duals and their sums along a chain of nested sets
/// below `2W + 1 + L < 2¹²³`; a matching's total is below `n·W/2 < 2¹¹⁸`. The verifier takes
/// duals up to [`verify::MAX_DUAL`] = 2¹²⁴, sums along a chain up to 2¹²⁵ (checked), and
/// adds the dual objective's up to 2³² + k terms in a two-limb accumulator, so no sum of a
/// certificate, tampered or not, overflows.
pub const WIDE_LIMIT: u128 = 1 << 119;

/// The first edge whose weight `w` has `max(n, 1) · |w| ≥ limit`.
pub(crate) fn beyond_limit<W: Weight>(limit: u128, n: usize, weights: &[W]) -> Option<usize> {
    let n = n.max(1) as u128;
    weights
        .iter()
        .position(|&w| n.saturating_mul(w.into().unsigned_abs()) >= limit)
}

/// An edge weight the weighted entry points take: `i64` (the plain functions), or `i128`
/// for weights beyond it, up to [`WIDE_LIMIT`] (the `_wide` functions). Which integer the
/// engines compute in is chosen from the values, never from this type.
pub trait Weight: Copy + Ord + Default + Into<i128> + std::fmt::Debug + sealed::Sealed {}
impl Weight for i64 {}
impl Weight for i128 {}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for i128 {}
}

/// A set of an odd number of vertices with a positive dual (a blossom of the blossom
/// algorithm), one node of the forest [`Duals::blossoms`].
///
/// The set is its own `vertices` together with every vertex of its `children`, which are
/// listed in full elsewhere in the same forest: so the forest takes O(n + k) space for `k`
/// sets however deeply they nest (see [`Duals::blossoms`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OddSet {
    /// The vertices directly in this set (in no child set), in increasing order.
    pub vertices: Vec<u32>,
    /// Its maximal proper sub-sets (with a positive dual), as indices into
    /// [`Duals::blossoms`], in increasing order, each smaller than this set's own index.
    pub children: Vec<u32>,
    /// Twice its dual value z_B (> 0).
    pub dual: i128,
}

/// A dual solution of the maximum-weight matching LP (see the module docs), every value
/// doubled so that integer weights give integer duals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Duals {
    /// Twice each vertex's dual y_v, indexed by vertex: ≥ 0 for the maximum-weight LP, of
    /// any sign for the perfect-matching LP. `i128`, as the perfect-matching duals of large
    /// weights on many vertices can pass `i64` (see [`general`]).
    pub vertex: Vec<i128>,
    /// The odd sets with a positive dual, a laminar family (any two are disjoint or nested)
    /// written as a forest: each set lists the vertices directly in it and its children (the
    /// largest sets of the family strictly inside it), children before parents. Every vertex is
    /// directly in at most one set, every set is a child of at most one other, and a set's
    /// vertices are its own and, recursively, its children's: an odd number, at least 3.
    pub blossoms: Vec<OddSet>,
}

impl Duals {
    /// Every vertex of set `b` of [`blossoms`](Self::blossoms), in increasing order; `None`
    /// if `b` or a set below it names a set out of range or not smaller than its parent.
    ///
    /// # Complexity
    /// O(|B| log |B| + number of sets below `b`), no recursion.
    pub fn all_vertices(&self, b: usize) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        if b >= self.blossoms.len() {
            return None;
        }
        while let Some(x) = stack.pop() {
            let set = &self.blossoms[x];
            out.extend_from_slice(&set.vertices);
            for &c in &set.children {
                // Children are smaller than their parent: the walk ends, each set once per path.
                if c as usize >= x {
                    return None;
                }
                stack.push(c as usize);
            }
        }
        out.sort_unstable();
        Some(out)
    }

    /// The forest of [`blossoms`](Self::blossoms) from a list of sets that each name all their
    /// vertices (the shape of proofs written before the forest), or why they make none: a set
    /// empty, not strictly increasing or naming a vertex `>= n`, two sets crossing or equal.
    /// Sizes and duals are kept as they are (the verifier judges them); the order of the sets
    /// changes (largest first becomes children first).
    ///
    /// # Errors
    /// The reason in words, sets numbered from 0 in the order given.
    ///
    /// # Complexity
    /// O(n + Σ|B| + k log k) for k sets.
    pub fn from_full_sets(n: usize, sets: &[(Vec<u32>, i128)]) -> Result<Vec<OddSet>, String> {
        const NO: u32 = u32::MAX;
        let k = sets.len();
        if k >= NO as usize || n > NO as usize {
            return Err(format!(
                "{} on {} are too many",
                crate::error::count(k, "odd set", "odd sets"),
                crate::error::count(n, "vertex", "vertices")
            ));
        }
        for (b, (s, _)) in sets.iter().enumerate() {
            if s.is_empty() {
                return Err(format!("odd set {b} is empty"));
            }
            if let Some(&x) = s.iter().find(|&&x| x as usize >= n) {
                return Err(format!(
                    "odd set {b} names vertex number {x}, beyond the graph"
                ));
            }
            if let Some(w) = s.windows(2).find(|w| w[0] >= w[1]) {
                return Err(format!(
                    "odd set {b} lists {} after {}: its vertices must be in increasing order",
                    w[1], w[0]
                ));
            }
        }
        // Largest first; each vertex remembers the innermost set taken so far that holds it,
        // and a set is consistent with the sets before it when all its vertices remember the
        // same one, its parent.
        let mut order: Vec<u32> = (0..k as u32).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(sets[b as usize].0.len()));
        let mut parent = vec![NO; k];
        let mut inner = vec![NO; n];
        for &b in &order {
            let s = &sets[b as usize].0;
            let p = inner[s[0] as usize];
            if s.iter().any(|&x| inner[x as usize] != p) {
                return Err(format!(
                    "odd set {b} crosses a set at least as large (they meet and neither holds \
                     the other)"
                ));
            }
            if p != NO && sets[p as usize].0.len() == s.len() {
                return Err(format!("odd sets {p} and {b} have the same vertices"));
            }
            parent[b as usize] = p;
            for &x in s {
                inner[x as usize] = b;
            }
        }
        // Children first: the reverse of largest first. `index[b]`: b's place in the forest.
        let mut index = vec![NO; k];
        for (i, &b) in order.iter().rev().enumerate() {
            index[b as usize] = i as u32;
        }
        let mut forest: Vec<OddSet> = order
            .iter()
            .rev()
            .map(|&b| OddSet {
                vertices: Vec::new(),
                children: Vec::new(),
                dual: sets[b as usize].1,
            })
            .collect();
        for (x, &b) in inner.iter().enumerate() {
            if b != NO {
                forest[index[b as usize] as usize].vertices.push(x as u32);
            }
        }
        for i in 0..k {
            let b = order[k - 1 - i];
            let p = parent[b as usize];
            if p != NO {
                forest[index[p as usize] as usize].children.push(i as u32);
            }
        }
        Ok(forest)
    }
}

/// A maximum-weight matching and the duals that prove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedMatching {
    /// The matched edges, as indices into the engine's edge list, in increasing order.
    pub edges: Vec<usize>,
    /// The proof of optimality for the weights the engine was given.
    pub duals: Duals,
}

/// Why an engine refused its input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightError {
    /// A cost given to an assignment engine directly is beyond [`MAX_WEIGHT`] in absolute
    /// value.
    #[error("edge {edge} weighs {weight}, beyond ±2^59 (the most the engines take)")]
    TooLarge {
        /// Its index in the edge list.
        edge: usize,
        /// Its weight.
        weight: i64,
    },
    /// The shift that makes a maximum-weight matching a maximum-cardinality one,
    /// `(n − 1)·max|w| + 1`, plus the largest weight, would pass [`MAX_WEIGHT`]: the rule is
    /// `n·max|w| < 2⁵⁹` (self-loops aside). Only where the maximum-cardinality question keeps
    /// the shift: a matrix the assignment engine cannot answer, and the Python binding.
    #[error(
        "weights up to {largest} on {vertices} vertices are too large to ask for a \
         maximum-cardinality or perfect matching: vertices × the largest |weight| must stay \
         below 2^59"
    )]
    ShiftTooLarge {
        /// Vertices of the graph.
        vertices: usize,
        /// The largest absolute weight of an edge other than a self-loop.
        largest: u128,
        /// The first edge of that weight.
        edge: usize,
    },
    /// An edge's weight `w` on `n` vertices has `n·|w| ≥ 2¹¹⁹` ([`WIDE_LIMIT`]).
    #[error(
        "edge {edge} weighs {weight}: on {vertices} vertices every |weight| must stay below \
         2^119 / {vertices}"
    )]
    TooWide {
        /// Its index in the edge list.
        edge: usize,
        /// Its weight.
        weight: i128,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// The edge list and the weights differ in length, an edge names a vertex `>= n`, or (the
    /// general graphs' engine) more than 2³¹ − 1 edges are left once self-loops and parallel
    /// copies are dropped.
    #[error("{0}")]
    Shape(String),
}
