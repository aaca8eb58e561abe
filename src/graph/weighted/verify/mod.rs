//! The independent check of a weighted matching and its LP duals.
//!
//! **Guarantee:** [`verify`] returns `Ok(total)` only if the matched edges form a matching of
//! the graph whose weight is `total` and the [`Duals`] are a feasible solution of the dual of
//! the maximum-weight matching LP (see the [module docs](super)) with the same objective —
//! which proves, by weak duality, that no matching of the graph weighs more. Anything else is
//! refused with a [`DualError`] naming the first condition that fails, with the vertices,
//! edges and numbers involved; [`DualError::describe`] says it in words. It shares no code with
//! the engines, and never panics: every index is checked before use, nothing is allocated
//! beyond the sizes of the inputs themselves, and every sum is taken in `i128` (the bounds are
//! argued in the code) but the dual objective's, which is exact in a two-limb accumulator.
//! Weights may be `i64` or `i128` ([`Weight`]), with `n · max|w|` below twice
//! [`WIDE_LIMIT`] (room for the gadget graph; [`DualError::WeightTooLarge`] otherwise).
//!
//! **Algorithm.** All values are doubled, as [`Duals`] stores them (2y_v, 2z_B), so the
//! conditions compare them with twice the weights. In order, each failure its own variant:
//! 1. shapes: at most 2³² − 1 vertices, one dual per vertex, one weight per edge, endpoints in
//!    range; the matched indices in range, distinct, no self-loop, no vertex matched twice;
//! 2. signs and the family, a forest ([`Duals::blossoms`]): every vertex dual ≥ 0 (for [`Lp::Perfect`] instead:
//!    every vertex matched, vertex duals of any sign); each
//!    set's own vertices in range, strictly increasing, and no vertex listed in two sets; each
//!    set's children strictly increasing, each smaller than the set's own number (so children
//!    come first and the child relation has no cycle) and each the child of one set only —
//!    so the sets form a forest in which a set is its own vertices plus its descendants', and
//!    the family is laminar. Sizes are summed children first; each set's size is odd and
//!    ≥ 3, its dual > 0, and no set equals its only child (no own vertex, one child). Fewer
//!    sets than vertices;
//! 3. feasibility: for every edge uv other than a self-loop,
//!    2y_u + 2y_v + Σ_{B ∋ u, v} 2z_B ≥ 2w_uv. The sets holding both ends are the common
//!    ancestors in the forest of the innermost sets of u and of v: the sum is the prefix sum
//!    of duals from the root down to their lowest common ancestor, found by binary lifting;
//! 4. complementary slackness: every matched edge is tight (equality above), every vertex
//!    with a positive dual is matched
//!    (under [`Lp::Perfect`] none is exposed), every odd set holds exactly (|B| − 1)/2
//!    matched edges (counted at the lowest common ancestor of each matched edge's ends, then summed up
//!    the forest);
//! 5. the objective: Σ_v 2y_v + Σ_B 2z_B (|B| − 1)/2 = 2 Σ_{e ∈ M} w_e (implied by 1–4, and
//!    checked anyway).
//!
//! **Complexity:** O(n + k + m log k) time for k odd sets (the forest's size is O(n + k)
//! however deep the sets nest), and O(n + k log k) memory besides the input: the binary
//! lifting table, then O(log k) per edge for the common ancestor.
//!
//! **Status:** the tests (`verify_tests.rs`) accept hand-built certificates (a single edge, a
//! path, a triangle needing its blossom, a 5-cycle with a pendant edge, nested blossoms,
//! a bipartite graph, negative and zero weights, parallel edges, weights shifted by a large
//! constant), check every accepted total against the exhaustive oracle, and refuse a set of
//! tampered copies of each with the expected variant; on thousands of random tiny
//! certificates (many valid, many slightly wrong) [`verify`] agrees with a plain
//! O(m · k) re-implementation of the same conditions, and every certificate it accepts has
//! the optimal total. A chain of 2000 nested sets under 10⁵ chords is checked exactly. Time
//! (the ignored test `timing`, one run on the 2-core development machine): G(n, 5n) with
//! n = 10⁶ and 444 444 sets on two levels, 0.36 s.

use super::{Duals, WIDE_LIMIT, Weight};

/// The largest doubled dual taken, in absolute value: 2¹²⁴. The engines' duals stay below
/// 2¹²³ for weights within [`WIDE_LIMIT`] (see [`WIDE_LIMIT`]), and with this bound every sum
/// the checks form stays within `i128` (argued where they are formed).
pub const MAX_DUAL: i128 = 1 << 124;

/// The largest sum of doubled odd-set duals along a chain of nested sets taken: 2¹²⁵ (the
/// engines' stay below 2¹²³).
pub const MAX_CHAIN: i128 = 1 << 125;

/// No edge (a vertex's matched edge when it is exposed).
const NONE: usize = usize::MAX;

/// The most vertices [`verify`] takes: vertex numbers are `u32`, and so are set numbers, with
/// `u32::MAX` kept for "no set".
const MAX_VERTICES: usize = u32::MAX as usize;

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
    #[error("{len} vertex duals for {n} vertices")]
    VertexDualsLength {
        /// The number of vertices.
        n: usize,
        /// The number of vertex duals.
        len: usize,
    },
    /// The edges and the weights differ in number.
    #[error("{edges} edges but {weights} weights")]
    WeightsLength {
        /// The number of edges.
        edges: usize,
        /// The number of weights.
        weights: usize,
    },
    /// An edge names a vertex `>= n`.
    #[error("edge {edge} names vertex {vertex}, but there are {n} vertices")]
    EdgeOutOfRange {
        /// The edge.
        edge: usize,
        /// Its endpoint out of range.
        vertex: u32,
        /// The number of vertices.
        n: usize,
    },
    /// A matched index is not an edge.
    #[error("matched entry {position} is edge {edge}, but there are {edges} edges")]
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
        "edge {edge} weighs {weight}: on {n} vertices every |weight| must stay below 2^120 / {n}"
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
    #[error("odd set {blossom} names vertex {vertex}, but there are {n} vertices")]
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
    #[error("odd set {blossom} has {size} vertices, fewer than 3")]
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
    #[error("{sets} odd sets on {n} vertices: a laminar family of distinct sets has fewer than n")]
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
    #[error("odd set {blossom} holds {inside} matched edges, not {needed}")]
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

/// Twice a weight, exactly (weights are checked below 2¹²⁰ first).
fn twice(w: i128) -> i128 {
    2 * w
}

/// An exact sum of `i128` terms and of `i128 × u32` products, as `hi·2⁶⁴ + lo` with
/// `0 ≤ lo < 2⁶⁴` after each step: `hi` gains at most 2⁶³·2³² per step, over fewer than 2³³
/// steps, so it stays below 2¹²⁸ in size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sum {
    hi: i128,
    lo: u128,
}

impl Sum {
    /// Adds `x · k`.
    fn add(&mut self, x: i128, k: u32) {
        // x = h·2⁶⁴ + l with 0 ≤ l < 2⁶⁴ and |h| ≤ 2⁶³.
        let (h, l) = (x >> 64, (x as u128) & u128::from(u64::MAX));
        self.hi += h * i128::from(k);
        self.lo += l * u128::from(k);
        self.hi += (self.lo >> 64) as i128;
        self.lo &= u128::from(u64::MAX);
    }

    /// The sum if it fits in `i128`.
    fn value(self) -> Option<i128> {
        self.hi
            .checked_mul(1 << 64)
            .and_then(|h| h.checked_add(self.lo as i128))
    }
}

/// A doubled value `x` halved, in words: `7` → "3.5".
fn half(x: i128) -> String {
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
                format!("edge {edge} names vertex number {vertex}, but the graph has {n} vertices")
            }
            DualError::MatchedOutOfRange { edge, edges, .. } => {
                format!("the matching names edge {edge}, but the graph has {edges} edges")
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
                 has {n} vertices"
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
                "odd set {blossom} (counting from 0) has {size} vertices; an odd set needs at \
                 least 3"
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
                "odd set {blossom} (counting from 0) has a positive dual but holds {inside} \
                 matched edges, not {needed} (half of its size, rounded down)"
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

/// Checks that `matched` (indices into `edges`) is a matching and that `duals` prove it has
/// the largest total of `weights` (see the module docs); returns that total.
///
/// Self-loops are allowed in `edges` (they constrain nothing) but not in `matched`; parallel
/// edges are allowed.
///
/// # Complexity
/// O(n + k + m log k) for k odd sets.
pub fn verify(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    matched: &[usize],
    duals: &Duals,
) -> Result<i128, DualError> {
    verify_lp_of(n, edges, weights, matched, duals, Lp::Matching)
}

/// [`verify`] for `i128` weights (`n · max|w|` below twice [`WIDE_LIMIT`]).
///
/// # Complexity
/// As [`verify`].
pub fn verify_wide(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
    matched: &[usize],
    duals: &Duals,
) -> Result<i128, DualError> {
    verify_lp_of(n, edges, weights, matched, duals, Lp::Matching)
}

/// Which linear program the duals are for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lp {
    /// The maximum-weight matching LP (`x(δ(v)) ≤ 1`): vertex duals ≥ 0, and 0 at every
    /// exposed vertex. Accepted duals prove that no matching weighs more.
    #[default]
    Matching,
    /// The perfect-matching LP (`x(δ(v)) = 1`): vertex duals of any sign, and the matching
    /// must be perfect. Accepted duals prove that no perfect matching weighs more.
    Perfect,
}

/// [`verify`] for the LP `lp`: under [`Lp::Perfect`] the matching must cover every vertex
/// and the vertex duals may have any sign; everything else is checked alike (feasibility
/// with the odd sets, tightness, full odd sets, equal objectives).
///
/// # Complexity
/// As [`verify`].
pub fn verify_lp(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    matched: &[usize],
    duals: &Duals,
    lp: Lp,
) -> Result<i128, DualError> {
    verify_lp_of(n, edges, weights, matched, duals, lp)
}

/// [`verify_lp`] for `i128` weights (`n · max|w|` below twice [`WIDE_LIMIT`]).
///
/// # Complexity
/// As [`verify`].
pub fn verify_lp_wide(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
    matched: &[usize],
    duals: &Duals,
    lp: Lp,
) -> Result<i128, DualError> {
    verify_lp_of(n, edges, weights, matched, duals, lp)
}

/// [`verify_lp`] for either weight type.
pub(crate) fn verify_lp_of<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    matched: &[usize],
    duals: &Duals,
    lp: Lp,
) -> Result<i128, DualError> {
    let mate = shapes(n, edges, weights.len(), matched, duals)?;
    if let Some(edge) = super::beyond_limit(2 * WIDE_LIMIT, n, weights) {
        return Err(DualError::WeightTooLarge {
            edge,
            weight: weights[edge].into(),
            n,
        });
    }
    // From here every |w| < 2¹²⁰.
    let weight = |e: usize| -> i128 { weights[e].into() };
    if let Some(v) = duals.vertex.iter().position(|d| d.abs() > MAX_DUAL) {
        return Err(DualError::DualTooLarge {
            what: format!("vertex {v}"),
            dual: duals.vertex[v],
        });
    }
    if let Some(b) = duals.blossoms.iter().position(|s| s.dual.abs() > MAX_DUAL) {
        return Err(DualError::DualTooLarge {
            what: format!("odd set {b}"),
            dual: duals.blossoms[b].dual,
        });
    }
    match lp {
        Lp::Matching => {
            for (v, &d) in duals.vertex.iter().enumerate() {
                if d < 0 {
                    return Err(DualError::NegativeVertexDual {
                        vertex: v as u32,
                        dual: d,
                    });
                }
            }
        }
        Lp::Perfect => {
            if let Some(v) = mate.iter().position(|&e| e == NONE) {
                return Err(DualError::NotPerfect { vertex: v as u32 });
            }
        }
    }
    let forest = Forest::new(n, duals)?;

    // 3. Feasibility.
    for (e, &(u, v)) in edges.iter().enumerate() {
        if u == v {
            continue;
        }
        let s = forest.cover(u, v);
        if s < twice(weight(e)) {
            return Err(DualError::EdgeNotCovered {
                edge: e,
                u,
                v,
                weight: weight(e),
                dual_sum: s,
            });
        }
    }

    // 4. Complementary slackness.
    for &e in matched {
        let (u, v) = edges[e];
        let s = forest.cover(u, v);
        if s != twice(weight(e)) {
            return Err(DualError::NotTight {
                edge: e,
                u,
                v,
                weight: weight(e),
                dual_sum: s,
            });
        }
    }
    // (Under `Lp::Perfect` every vertex is matched.)
    for (v, &d) in duals.vertex.iter().enumerate() {
        if d > 0 && mate[v] == NONE {
            return Err(DualError::ExposedWithDual {
                vertex: v as u32,
                dual: d,
            });
        }
    }
    let k = duals.blossoms.len();
    let mut inside = vec![0usize; k];
    for &e in matched {
        let (u, v) = edges[e];
        let l = forest.common(u, v);
        if l != NO_SET {
            inside[l as usize] += 1;
        }
    }
    // Children come after their parents in `order`: sum the counts up the forest.
    for &b in forest.order.iter().rev() {
        let p = forest.parent(b);
        if p != NO_SET {
            inside[p as usize] += inside[b as usize];
        }
    }
    for (b, &size) in forest.size.iter().enumerate() {
        let needed = (size - 1) / 2;
        if inside[b] != needed {
            return Err(DualError::BlossomNotFull {
                blossom: b,
                inside: inside[b],
                needed,
            });
        }
    }

    // 5. The objective, exact: n < 2³² vertex duals and k < n odd-set terms 2z_B·(|B| − 1)/2
    // (each factor below 2³¹) in the two-limb `Sum`. The total: at most n/2 ≤ 2³¹ matched
    // weights below 2¹²⁰/n each, so below 2¹¹⁹ in size.
    let mut sum = Sum::default();
    for &d in &duals.vertex {
        sum.add(d, 1);
    }
    for (set, &size) in duals.blossoms.iter().zip(&forest.size) {
        sum.add(set.dual, ((size - 1) / 2) as u32);
    }
    let total: i128 = matched.iter().map(|&e| weight(e)).sum();
    let dual = sum.value().unwrap_or(i128::MAX);
    if sum.value() != Some(2 * total) {
        return Err(DualError::ObjectiveMismatch {
            dual,
            primal: 2 * total,
        });
    }
    Ok(total)
}

/// Condition 1: the shapes. Returns each vertex's matched edge (`NONE` if exposed).
fn shapes(
    n: usize,
    edges: &[(u32, u32)],
    weights: usize,
    matched: &[usize],
    duals: &Duals,
) -> Result<Vec<usize>, DualError> {
    if n > MAX_VERTICES {
        return Err(DualError::TooManyVertices { n });
    }
    if duals.vertex.len() != n {
        return Err(DualError::VertexDualsLength {
            n,
            len: duals.vertex.len(),
        });
    }
    if weights != edges.len() {
        return Err(DualError::WeightsLength {
            edges: edges.len(),
            weights,
        });
    }
    for (e, &(u, v)) in edges.iter().enumerate() {
        for x in [u, v] {
            if x as usize >= n {
                return Err(DualError::EdgeOutOfRange {
                    edge: e,
                    vertex: x,
                    n,
                });
            }
        }
    }
    // `n` is backed by `duals.vertex` itself: this allocation is no larger than the input.
    let mut mate = vec![NONE; n];
    for (position, &e) in matched.iter().enumerate() {
        if e >= edges.len() {
            return Err(DualError::MatchedOutOfRange {
                position,
                edge: e,
                edges: edges.len(),
            });
        }
        let (u, v) = edges[e];
        if u == v {
            return Err(DualError::MatchedLoop { edge: e, vertex: u });
        }
        for x in [u, v] {
            let m = mate[x as usize];
            if m == e {
                return Err(DualError::MatchedRepeated { edge: e });
            }
            if m != NONE {
                return Err(DualError::MatchedTwice {
                    vertex: x,
                    first: m,
                    second: e,
                });
            }
            mate[x as usize] = e;
        }
    }
    Ok(mate)
}

/// No set, in the forest's `u32` numbering of the sets.
const NO_SET: u32 = u32::MAX;

/// What the edge loop needs of a vertex, in one place (one cache line read per endpoint).
#[derive(Clone, Copy)]
struct Vertex {
    /// Its doubled dual.
    dual: i128,
    /// Its innermost set (`NO_SET` if none holds it).
    inner: u32,
    /// The root of the tree of its innermost set (`NO_SET` if none).
    root: u32,
}

/// The laminar family as a forest: each set's parent is the smallest set holding it. Sets are
/// numbered as in [`Duals::blossoms`]; there are fewer than n ≤ 2³² − 1 of them, so `u32`.
struct Forest {
    /// The sets, parents before children.
    order: Vec<u32>,
    /// Each set's number of vertices, its own and its children's.
    size: Vec<usize>,
    /// Each set's depth (0 for a root).
    depth: Vec<u32>,
    /// Each set's doubled dual plus those of its ancestors.
    prefix: Vec<i128>,
    /// `up[j][b]`: the 2^j-th ancestor of `b` (`NO_SET` above the root); `up[0]` is the parent.
    up: Vec<Vec<u32>>,
    /// Each vertex's dual, innermost set and root.
    vertices: Vec<Vertex>,
}

impl Forest {
    /// Condition 2 on the odd sets (the vertex duals are checked by the caller), and the
    /// forest of the family.
    fn new(n: usize, duals: &Duals) -> Result<Forest, DualError> {
        let sets = &duals.blossoms;
        // A laminar family of distinct sets of two or more vertices has at most n − 1 sets.
        let k = sets.len();
        if k > 0 && k >= n {
            return Err(DualError::TooManySets { sets: k, n });
        }
        // From here k < n ≤ 2³² − 1: every set number fits a `u32` below `NO_SET`.
        let mut inner = vec![NO_SET; n];
        let mut parent = vec![NO_SET; k];
        let mut size = vec![0usize; k];
        for (b, set) in sets.iter().enumerate() {
            let mut previous: Option<u32> = None;
            for &x in &set.vertices {
                if x as usize >= n {
                    return Err(DualError::BlossomVertexOutOfRange {
                        blossom: b,
                        vertex: x,
                        n,
                    });
                }
                if let Some(p) = previous {
                    if x == p {
                        return Err(DualError::BlossomRepeat {
                            blossom: b,
                            vertex: x,
                        });
                    }
                    if x < p {
                        return Err(DualError::BlossomUnsorted {
                            blossom: b,
                            vertex: x,
                            previous: p,
                        });
                    }
                }
                previous = Some(x);
                let was = inner[x as usize];
                if was != NO_SET {
                    return Err(DualError::VertexInTwoSets {
                        vertex: x,
                        first: was as usize,
                        second: b,
                    });
                }
                inner[x as usize] = b as u32;
            }
            // Children are earlier sets, so their sizes are known; each has one parent, so the
            // sets form a forest (a cycle would need a child after its parent) and the sizes
            // count every vertex at most once: at most n.
            let mut total = set.vertices.len();
            let mut previous: Option<u32> = None;
            for &c in &set.children {
                if c as usize >= b {
                    return Err(DualError::ChildNotBefore {
                        blossom: b,
                        child: c,
                    });
                }
                if let Some(p) = previous
                    && c <= p
                {
                    return Err(DualError::ChildrenUnsorted {
                        blossom: b,
                        child: c,
                        previous: p,
                    });
                }
                previous = Some(c);
                let was = parent[c as usize];
                if was != NO_SET {
                    return Err(DualError::ChildTwice {
                        child: c,
                        first: was as usize,
                        second: b,
                    });
                }
                parent[c as usize] = b as u32;
                total += size[c as usize];
            }
            if set.vertices.is_empty() && set.children.len() == 1 {
                return Err(DualError::DuplicateBlossom {
                    first: set.children[0] as usize,
                    second: b,
                });
            }
            size[b] = total;
            if total < 3 {
                return Err(DualError::BlossomTooSmall {
                    blossom: b,
                    size: total,
                });
            }
            if total.is_multiple_of(2) {
                return Err(DualError::BlossomEven {
                    blossom: b,
                    size: total,
                });
            }
            if set.dual <= 0 {
                return Err(DualError::BlossomDualNotPositive {
                    blossom: b,
                    dual: set.dual,
                });
            }
        }

        // Parents come after their children: the reverse order has parents first.
        let order: Vec<u32> = (0..k as u32).rev().collect();
        let mut depth = vec![0u32; k];
        let mut prefix = vec![0i128; k];
        let mut root = vec![NO_SET; k];
        let mut max_depth = 0;
        for &b in &order {
            let (b, p) = (b as usize, parent[b as usize]);
            // Prefix sums: each checked at most MAX_CHAIN = 2¹²⁵, so one more dual of at most
            // 2¹²⁴ stays within i128; a cover adds two vertex duals: below 2¹²⁶.
            let dual = sets[b].dual;
            if p == NO_SET {
                prefix[b] = dual;
                root[b] = b as u32;
            } else {
                let p = p as usize;
                depth[b] = depth[p] + 1;
                prefix[b] = prefix[p] + dual;
                root[b] = root[p];
            }
            if prefix[b] > MAX_CHAIN {
                return Err(DualError::ChainTooLarge { blossom: b });
            }
            max_depth = max_depth.max(depth[b]);
        }
        let mut up = vec![parent];
        while (1u64 << up.len()) <= u64::from(max_depth) {
            let last = &up[up.len() - 1];
            let next: Vec<u32> = last
                .iter()
                .map(|&a| {
                    if a == NO_SET {
                        NO_SET
                    } else {
                        last[a as usize]
                    }
                })
                .collect();
            up.push(next);
        }
        let vertices = duals
            .vertex
            .iter()
            .zip(&inner)
            .map(|(&dual, &b)| Vertex {
                dual,
                inner: b,
                root: if b == NO_SET {
                    NO_SET
                } else {
                    root[b as usize]
                },
            })
            .collect();
        Ok(Forest {
            order,
            size,
            depth,
            prefix,
            up,
            vertices,
        })
    }

    /// Set `b`'s parent (`NO_SET` for a root).
    fn parent(&self, b: u32) -> u32 {
        self.up[0][b as usize]
    }

    /// The lowest common ancestor of sets `a` and `b` of the same tree.
    fn lca(&self, mut a: u32, mut b: u32) -> u32 {
        if self.depth[a as usize] < self.depth[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        let mut diff = self.depth[a as usize] - self.depth[b as usize];
        let mut j = 0;
        while diff > 0 {
            if diff & 1 == 1 {
                a = self.up[j][a as usize];
            }
            diff >>= 1;
            j += 1;
        }
        if a == b {
            return a;
        }
        for level in self.up.iter().rev() {
            if level[a as usize] != level[b as usize] {
                a = level[a as usize];
                b = level[b as usize];
            }
        }
        self.parent(a)
    }

    /// The innermost set holding both `u` and `v`, or `NO_SET`.
    fn common(&self, u: u32, v: u32) -> u32 {
        let (a, b) = (self.vertices[u as usize], self.vertices[v as usize]);
        if a.root == NO_SET || a.root != b.root {
            NO_SET
        } else {
            self.lca(a.inner, b.inner)
        }
    }

    /// 2y_u + 2y_v + Σ 2z_B over the sets holding both `u` and `v`: below 2¹²⁵ + 2¹²⁵ in size
    /// (every dual at most [`MAX_DUAL`], checked first).
    fn cover(&self, u: u32, v: u32) -> i128 {
        let ends = self.vertices[u as usize].dual + self.vertices[v as usize].dual;
        match self.common(u, v) {
            NO_SET => ends,
            l => ends + self.prefix[l as usize],
        }
    }
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
