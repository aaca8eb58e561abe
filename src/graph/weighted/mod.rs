//! Weighted matching with proofs: maximum-weight matchings of general graphs, and assignments
//! (minimum-cost matchings covering one side of a bipartite graph), each with the LP dual
//! solution that proves it optimal.
//!
//! **Guarantee:** every engine here returns an optimal matching together with [`Duals`] that
//! [`verify`] (which shares no code with the engines) accepts; accepted duals prove by weak LP
//! duality that no matching weighs more. No floating point anywhere: weights are `i64`, at most
//! [`MAX_WEIGHT`] in absolute value, duals are stored doubled (so they stay integers), and sums
//! are taken in `i128`.
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
//! maximum-cardinality matchings (any shift, with the cardinality proved separately by a König
//! cover or a Tutte–Berge barrier), or among perfect matchings: the perfect-matching LP with
//! no shift on the general engine (when `i64` suffices: see [`general`]), else the
//! maximum-weight LP with a shift (every perfect matching has the same number of edges, so the
//! shift adds the same amount to each).
//!
//! - `general.rs`: [`general::max_weight_matching`], Edmonds' primal–dual blossom algorithm.
//! - `assignment.rs`: [`assignment::dense`] and [`assignment::sparse`], shortest augmenting
//!   paths with potentials.
//! - `question.rs`: [`solve`], which turns a [`Question`] (largest or smallest, among all,
//!   maximum-cardinality or perfect matchings) into one engine run and its proof.
//! - `verify.rs`: [`verify::verify`], the independent check of a matching and its duals.

pub mod assignment;
pub mod general;
mod question;
pub mod verify;

pub use question::{Cardinality, Optimum, Question, Sense, Sides, Solution, solve};

/// The largest absolute edge weight the engines take: 2⁵⁹, so that doubled duals and their
/// sums of a few terms stay within `i64`.
pub const MAX_WEIGHT: i64 = 1 << 59;

/// A set of an odd number of vertices with a positive dual (a blossom of the blossom
/// algorithm).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OddSet {
    /// Its vertices, in increasing order (at least three, an odd number of them).
    pub vertices: Vec<u32>,
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
    /// The odd sets with a positive dual; a laminar family (any two are disjoint or nested).
    pub blossoms: Vec<OddSet>,
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
    /// An edge's weight is beyond [`MAX_WEIGHT`] in absolute value.
    #[error("edge {edge} weighs {weight}, beyond ±2^59 (the most the engines take)")]
    TooLarge {
        /// Its index in the edge list.
        edge: usize,
        /// Its weight.
        weight: i64,
    },
    /// The shift that makes a maximum-weight matching a maximum-cardinality one,
    /// `(n − 1)·max|w| + 1`, would pass [`MAX_WEIGHT`].
    #[error(
        "weights up to {largest} on {vertices} vertices are too large to ask for a \
         maximum-cardinality or perfect matching: (vertices − 1) × the largest |weight| must \
         stay below 2^59"
    )]
    ShiftTooLarge {
        /// Vertices of the graph.
        vertices: usize,
        /// The largest absolute weight.
        largest: u64,
    },
    /// The edge list and the weights differ in length, or an edge names a vertex `>= n`.
    #[error("{0}")]
    Shape(String),
}
