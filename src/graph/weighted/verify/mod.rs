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
//! lifting table, then O(log k) per edge for the common ancestor. A record checked against a
//! file is given only the vertices its edges and the record name
//! ([`WeightedRecord::verify`](crate::formats::json::WeightedRecord::verify)), so n there is
//! not the file's declared count.
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

mod error;
mod forest;
mod sum;

pub use error::DualError;
use forest::{Forest, NO_SET};
use sum::{Sum, twice};

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

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
