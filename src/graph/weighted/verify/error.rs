//! [`DualError`]: why a certificate is refused, and [`DualError::describe`], the reason in
//! words.

use super::sum::twice;
#[cfg(doc)]
use super::{MAX_CHAIN, MAX_DUAL};
#[cfg(doc)]
use crate::graph::weighted::{Duals, WIDE_LIMIT};

/// Why a matching and its duals do not prove optimality. Vertex duals and odd-set duals are
/// quoted doubled, as [`Duals`] stores them; `blossom` is an index into [`Duals::blossoms`],
/// `edge` into the edge list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DualError {
    /// More than 2³² − 1 vertices.
    #[error("{n} vertices, more than 2^32 - 1")]
    TooManyVertices {
        /// The number of vertices given.
        n: usize,
    },
    /// The vertex duals are not one per vertex.
    #[error("{} for {}", crate::error::count(*.len, "vertex dual", "vertex duals"), crate::error::count(*.n, "vertex", "vertices"))]
    VertexDualsLength {
        /// The number of vertices.
        n: usize,
        /// The number of vertex duals.
        len: usize,
    },
    /// The edges and the weights differ in number.
    #[error("{} but {}", crate::error::count(*.edges, "edge", "edges"), crate::error::count(*.weights, "weight", "weights"))]
    WeightsLength {
        /// The number of edges.
        edges: usize,
        /// The number of weights.
        weights: usize,
    },
    /// An edge names a vertex `>= n`.
    #[error("edge {edge} names vertex {vertex}, but there {} {}", if *.n == 1 { "is" } else { "are" }, crate::error::count(*.n, "vertex", "vertices"))]
    EdgeOutOfRange {
        /// The edge.
        edge: usize,
        /// Its endpoint out of range.
        vertex: u32,
        /// The number of vertices.
        n: usize,
    },
    /// A matched index is not an edge.
    #[error("matched entry {position} is edge {edge}, but there {} {}", if *.edges == 1 { "is" } else { "are" }, crate::error::count(*.edges, "edge", "edges"))]
    MatchedOutOfRange {
        /// Its position in the matched list.
        position: usize,
        /// The index given.
        edge: usize,
        /// The number of edges.
        edges: usize,
    },
    /// A matched edge is a self-loop.
    #[error("matched edge {edge} is a self-loop at vertex {vertex}")]
    MatchedLoop {
        /// The edge.
        edge: usize,
        /// Its vertex.
        vertex: u32,
    },
    /// An edge is listed twice in the matching.
    #[error("edge {edge} is listed twice in the matching")]
    MatchedRepeated {
        /// The edge.
        edge: usize,
    },
    /// Two matched edges share a vertex.
    #[error("vertex {vertex} is matched twice, by edges {first} and {second}")]
    MatchedTwice {
        /// The shared vertex.
        vertex: u32,
        /// The matched edge listed first.
        first: usize,
        /// The matched edge listed second.
        second: usize,
    },
    /// A vertex dual is negative.
    #[error("vertex {vertex} has a negative dual (doubled: {dual})")]
    NegativeVertexDual {
        /// The vertex.
        vertex: u32,
        /// Its doubled dual.
        dual: i128,
    },
    /// A dual is beyond ±[`MAX_DUAL`] (doubled): no engine writes one, and the bounds of the
    /// sums below rely on it.
    #[error("{what} has the dual {dual} (doubled), beyond ±2^124")]
    DualTooLarge {
        /// `vertex V` or `odd set B`.
        what: String,
        /// Its doubled dual.
        dual: i128,
    },
    /// The odd sets holding a vertex have doubled duals summing beyond [`MAX_CHAIN`]: no
    /// engine writes them.
    #[error("the odd sets holding odd set {blossom} have doubled duals summing beyond 2^125")]
    ChainTooLarge {
        /// The innermost set of the chain.
        blossom: usize,
    },
    /// A weight `w` with `n·|w|` at least twice [`WIDE_LIMIT`].
    #[error(
        "edge {edge} weighs {weight}: on {} every |weight| must stay below 2^120 / {n}",
        crate::error::count(*.n, "vertex", "vertices")
    )]
    WeightTooLarge {
        /// The edge.
        edge: usize,
        /// Its weight.
        weight: i128,
        /// The number of vertices.
        n: usize,
    },
    /// The duals are for perfect matchings, and a vertex is not matched.
    #[error("vertex {vertex} is not matched, but the duals are for perfect matchings")]
    NotPerfect {
        /// The vertex.
        vertex: u32,
    },
    /// An odd set names a vertex `>= n`.
    #[error("odd set {blossom} names vertex {vertex}, but there {} {}", if *.n == 1 { "is" } else { "are" }, crate::error::count(*.n, "vertex", "vertices"))]
    BlossomVertexOutOfRange {
        /// The set.
        blossom: usize,
        /// The vertex out of range.
        vertex: u32,
        /// The number of vertices.
        n: usize,
    },
    /// An odd set lists a vertex twice.
    #[error("odd set {blossom} lists vertex {vertex} twice")]
    BlossomRepeat {
        /// The set.
        blossom: usize,
        /// The repeated vertex.
        vertex: u32,
    },
    /// An odd set's vertices are not in increasing order.
    #[error("odd set {blossom} lists vertex {vertex} after {previous}")]
    BlossomUnsorted {
        /// The set.
        blossom: usize,
        /// The vertex out of order.
        vertex: u32,
        /// The larger vertex listed just before it.
        previous: u32,
    },
    /// An odd set has fewer than three vertices (its own and its children's).
    #[error("odd set {blossom} has {}, fewer than 3", crate::error::count(*.size, "vertex", "vertices"))]
    BlossomTooSmall {
        /// The set.
        blossom: usize,
        /// Its size.
        size: usize,
    },
    /// An odd set has an even number of vertices (its own and its children's).
    #[error("odd set {blossom} has an even number of vertices, {size}")]
    BlossomEven {
        /// The set.
        blossom: usize,
        /// Its size.
        size: usize,
    },
    /// An odd set's dual is not positive.
    #[error("odd set {blossom} has dual {dual} (doubled), not positive")]
    BlossomDualNotPositive {
        /// The set.
        blossom: usize,
        /// Its doubled dual.
        dual: i128,
    },
    /// More odd sets than a laminar family of distinct sets can have (n − 1).
    #[error("{} on {}: a laminar family of distinct sets has fewer than n", crate::error::count(*.sets, "odd set", "odd sets"), crate::error::count(*.n, "vertex", "vertices"))]
    TooManySets {
        /// The number of odd sets.
        sets: usize,
        /// The number of vertices.
        n: usize,
    },
    /// A vertex is listed directly in two odd sets.
    #[error("vertex {vertex} is listed in odd sets {first} and {second}")]
    VertexInTwoSets {
        /// The vertex.
        vertex: u32,
        /// The set listing it first.
        first: usize,
        /// The other set listing it.
        second: usize,
    },
    /// A child index is not a set listed before its parent.
    #[error("odd set {blossom} names child {child}, not a set listed before it")]
    ChildNotBefore {
        /// The parent set.
        blossom: usize,
        /// The child index given.
        child: u32,
    },
    /// A set's children are not in increasing order (or one is named twice).
    #[error("odd set {blossom} lists child {child} after {previous}")]
    ChildrenUnsorted {
        /// The parent set.
        blossom: usize,
        /// The child out of order.
        child: u32,
        /// The child listed just before it (no smaller).
        previous: u32,
    },
    /// A set is named as a child by two sets.
    #[error("odd set {child} is a child of both {first} and {second}")]
    ChildTwice {
        /// The child.
        child: u32,
        /// One parent.
        first: usize,
        /// The other.
        second: usize,
    },
    /// Two odd sets have the same vertices: `second` lists no vertex and `first` as its only
    /// child.
    #[error("odd sets {first} and {second} have the same vertices")]
    DuplicateBlossom {
        /// One set.
        first: usize,
        /// The other.
        second: usize,
    },
    /// An edge is not covered: its ends' duals and those of the sets holding both ends sum to
    /// less than its weight.
    #[error("edge {edge} ({u}, {v}) of weight {weight}: doubled duals sum to {dual_sum}, less than {}", twice(*.weight))]
    EdgeNotCovered {
        /// The edge.
        edge: usize,
        /// One end.
        u: u32,
        /// The other end.
        v: u32,
        /// Its weight.
        weight: i128,
        /// 2y_u + 2y_v + Σ 2z_B over the sets holding both ends.
        dual_sum: i128,
    },
    /// A matched edge is not tight: its duals sum to more than its weight.
    #[error("matched edge {edge} ({u}, {v}) of weight {weight}: doubled duals sum to {dual_sum}, not {}", twice(*.weight))]
    NotTight {
        /// The edge.
        edge: usize,
        /// One end.
        u: u32,
        /// The other end.
        v: u32,
        /// Its weight.
        weight: i128,
        /// 2y_u + 2y_v + Σ 2z_B over the sets holding both ends.
        dual_sum: i128,
    },
    /// A vertex with a positive dual is not matched.
    #[error("vertex {vertex} is not matched but has dual {dual} (doubled)")]
    ExposedWithDual {
        /// The vertex.
        vertex: u32,
        /// Its doubled dual.
        dual: i128,
    },
    /// An odd set holds fewer than (|B| − 1)/2 matched edges.
    #[error("odd set {blossom} holds {}, not {needed}", crate::error::count(*.inside, "matched edge", "matched edges"))]
    BlossomNotFull {
        /// The set.
        blossom: usize,
        /// Matched edges with both ends in it.
        inside: usize,
        /// (|B| − 1)/2.
        needed: usize,
    },
    /// The dual objective differs from the matching's weight.
    #[error("doubled dual objective {dual} differs from twice the matching's weight, {primal}")]
    ObjectiveMismatch {
        /// Σ 2y_v + Σ 2z_B (|B| − 1)/2.
        dual: i128,
        /// 2 Σ w over the matched edges.
        primal: i128,
    },
}

/// A doubled value `x` halved, in words: `7` → "3.5".
pub(super) fn half(x: i128) -> String {
    let sign = if x < 0 { "-" } else { "" };
    let a = x.unsigned_abs();
    if a.is_multiple_of(2) {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

impl DualError {
    /// The reason in words, with the vertices named by `name` (vertex numbers out of range
    /// are quoted as they are, never passed to `name`).
    pub fn describe(&self, name: &dyn Fn(u32) -> String) -> String {
        match self {
            DualError::EdgeOutOfRange { edge, vertex, n } => {
                format!(
                    "edge {edge} names vertex number {vertex}, but the graph has {}",
                    crate::error::count(*n, "vertex", "vertices")
                )
            }
            DualError::MatchedOutOfRange { edge, edges, .. } => {
                format!(
                    "the matching names edge {edge}, but the graph has {}",
                    crate::error::count(*edges, "edge", "edges")
                )
            }
            DualError::MatchedLoop { vertex, .. } => format!(
                "the matching uses the self-loop at {}, which matches nothing",
                name(*vertex)
            ),
            DualError::MatchedRepeated { edge } => {
                format!("the matching lists edge {edge} twice")
            }
            DualError::MatchedTwice { vertex, .. } => {
                format!("{} is matched twice", name(*vertex))
            }
            DualError::NegativeVertexDual { vertex, dual } => {
                format!("the dual of {} is {}, negative", name(*vertex), half(*dual))
            }
            DualError::NotPerfect { vertex } => format!(
                "{} is not matched, but the duals only prove an optimum among perfect \
                 matchings",
                name(*vertex)
            ),
            DualError::BlossomVertexOutOfRange { blossom, vertex, n } => format!(
                "odd set {blossom} (counting from 0) names vertex number {vertex}, but the graph \
                 has {}",
                crate::error::count(*n, "vertex", "vertices")
            ),
            DualError::BlossomRepeat { blossom, vertex } => format!(
                "odd set {blossom} (counting from 0) lists {} twice",
                name(*vertex)
            ),
            DualError::BlossomUnsorted {
                blossom,
                vertex,
                previous,
            } => format!(
                "odd set {blossom} (counting from 0) lists {} after {}: its vertices must be \
                 in increasing order",
                name(*vertex),
                name(*previous)
            ),
            DualError::BlossomTooSmall { blossom, size } => format!(
                "odd set {blossom} (counting from 0) has {}; an odd set needs at least 3",
                crate::error::count(*size, "vertex", "vertices")
            ),
            DualError::BlossomEven { blossom, size } => {
                format!("odd set {blossom} (counting from 0) has {size} vertices, an even number")
            }
            DualError::BlossomDualNotPositive { blossom, dual } => format!(
                "odd set {blossom} (counting from 0) has dual {}; only sets with a positive \
                 dual belong in the proof",
                half(*dual)
            ),
            DualError::VertexInTwoSets {
                vertex,
                first,
                second,
            } => format!(
                "{} is listed in odd sets {first} and {second} (counting from 0); a vertex is \
                 listed in the innermost set holding it only",
                name(*vertex)
            ),
            DualError::ChildNotBefore { blossom, child } => format!(
                "odd set {blossom} (counting from 0) names set {child} as a child, but a \
                 set's children are sets listed before it"
            ),
            DualError::ChildrenUnsorted {
                blossom,
                child,
                previous,
            } => format!(
                "odd set {blossom} (counting from 0) lists child {child} after {previous}: its \
                 children must be in increasing order, each once"
            ),
            DualError::ChildTwice {
                child,
                first,
                second,
            } => format!(
                "odd set {child} (counting from 0) is a child of both set {first} and set \
                 {second}; the sets form a forest"
            ),
            DualError::DuplicateBlossom { first, second } => {
                format!("odd sets {first} and {second} (counting from 0) have the same vertices")
            }
            DualError::EdgeNotCovered {
                u,
                v,
                weight,
                dual_sum,
                ..
            } => format!(
                "the edge {} {} of weight {weight} is not covered: the duals of its ends and \
                 of the odd sets holding both sum to {}, less than its weight, so the duals \
                 prove no bound",
                name(*u),
                name(*v),
                half(*dual_sum)
            ),
            DualError::NotTight {
                u,
                v,
                weight,
                dual_sum,
                ..
            } => format!(
                "the matched edge {} {} of weight {weight} is not tight: the duals of its ends \
                 and of the odd sets holding both sum to {}, more than its weight",
                name(*u),
                name(*v),
                half(*dual_sum)
            ),
            DualError::ExposedWithDual { vertex, dual } => format!(
                "{} is not matched but its dual is {}, positive",
                name(*vertex),
                half(*dual)
            ),
            DualError::BlossomNotFull {
                blossom,
                inside,
                needed,
            } => format!(
                "odd set {blossom} (counting from 0) has a positive dual but holds {}, not \
                 {needed} (half of its size, rounded down)",
                crate::error::count(*inside, "matched edge", "matched edges")
            ),
            DualError::ObjectiveMismatch { dual, primal } => format!(
                "the duals add up to {}, but the matching weighs {}",
                half(*dual),
                half(*primal)
            ),
            other => other.to_string(),
        }
    }
}
