//! The questions a user asks of a weighted graph, each answered by one run of an engine on
//! transformed weights `w' = sign·w + shift` (see the [module docs](super)); the perfect
//! question on the general engine by its perfect mode, with no shift, and the
//! maximum-cardinality question by perfect mode on the gadget graph G*, with no shift.

use super::assignment::{self, Assignment};
use super::general;
use super::{Duals, MAX_WEIGHT, WIDE_LIMIT, Weight, WeightError};
use crate::graph::general::{Decomposition, Graph, maximum_matching_and_decomposition};
use std::borrow::Cow;

/// Largest or smallest total weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Sense {
    /// The largest total weight.
    #[default]
    Max,
    /// The smallest total weight.
    Min,
}

impl Sense {
    /// +1 or −1: the factor of the weights in the maximised objective.
    pub fn sign(self) -> i64 {
        match self {
            Sense::Max => 1,
            Sense::Min => -1,
        }
    }

    /// `max` or `min`.
    pub fn name(self) -> &'static str {
        match self {
            Sense::Max => "max",
            Sense::Min => "min",
        }
    }
}

/// Which matchings compete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cardinality {
    /// Every matching (the empty one too).
    #[default]
    Any,
    /// Only the matchings with the most edges.
    Maximum,
    /// Only perfect matchings (every vertex matched).
    Perfect,
}

impl Cardinality {
    /// `any`, `maximum` or `perfect`.
    pub fn name(self) -> &'static str {
        match self {
            Cardinality::Any => "any",
            Cardinality::Maximum => "maximum",
            Cardinality::Perfect => "perfect",
        }
    }
}

/// A name that is not one of a question's words: `what` (`objective`, `cardinality`) was
/// `found`, one of `expected` was wanted. The message reads `objective "mux": expected max or
/// min`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {found:?}: expected {expected}")]
pub struct UnknownName {
    /// Which word: `objective` or `cardinality`.
    pub what: &'static str,
    /// The name given.
    pub found: String,
    /// The names allowed, in words.
    pub expected: &'static str,
}

// The question's words by name, once: `Display` and `FromStr` (what the JSON records, the
// command line and the Python binding read and write) and serde (as the name) all go through
// `name()`.
macro_rules! by_name {
    ($t:ty, $what:literal, $expected:literal, [$($v:expr),+]) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<Self, UnknownName> {
                [$($v),+].into_iter().find(|v| v.name() == s).ok_or_else(|| UnknownName {
                    what: $what,
                    found: s.to_string(),
                    expected: $expected,
                })
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
by_name!(Sense, "objective", "max or min", [Sense::Max, Sense::Min]);
by_name!(
    Cardinality,
    "cardinality",
    "any, maximum or perfect",
    [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect]
);

/// A question: the best total weight in which sense, among which matchings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Question {
    /// Largest or smallest.
    pub sense: Sense,
    /// Among which matchings.
    pub cardinality: Cardinality,
}

/// An optimal matching and its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The matched edges, as indices into the edge list, in increasing order.
    pub edges: Vec<usize>,
    /// Their total weight (the original weights).
    pub total: i128,
    /// The transformed weights the duals are for: `w' = sense.sign()·w + shift` (0 when every
    /// matching competes, and on the general engine).
    pub shift: i128,
    /// Duals proving the matching has the largest total of `w'` among all matchings; with a
    /// [`barrier`](Self::barrier), duals of the perfect-matching LP of the gadget graph G*
    /// (see the [module docs](super), maximum cardinality), on its `n + c + |A|` vertices.
    pub duals: Duals,
    /// For the maximum-cardinality question answered by the reduction to perfect matching:
    /// the tight Tutte–Berge barrier A (increasing) that G* is built from.
    pub barrier: Option<Vec<u32>>,
}

/// The answer to a [`Question`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The best matching.
    Optimum(Optimum),
    /// A perfect matching was asked for and the graph has none.
    NoPerfectMatching,
}

/// The two sides of a bipartite graph, when the caller knows them: `side[v]` is `false` for the
/// left side. The assignment engine answers the maximum-cardinality and perfect questions when
/// the smaller side can be matched entirely.
#[derive(Clone, Copy, Debug)]
pub struct Sides<'a> {
    /// Each vertex's side.
    pub side: &'a [bool],
}

/// Answers `question` on the graph with vertices `0..n` and `edges[i]` weighing `weights[i]`.
/// Self-loops never match.
///
/// With `sides`, a bipartite graph is answered by the assignment engines
/// ([`assignment::dense`] when every (row, column) entry is present, else
/// [`assignment::sparse`]): every question over all matchings, and the maximum-cardinality and
/// perfect questions when some matching covers the smaller side; every other question by
/// [`general::max_weight_matching`].
///
/// On the general engine the maximum-cardinality question is answered by the reduction to a
/// perfect matching of the gadget graph G* (see the [module docs](super)): the answer's
/// [`Optimum::barrier`] is set and its duals are G*'s. The perfect question is answered by
/// [`general::max_weight_perfect_matching`]. Neither has a shift, so every weight within
/// [`WIDE_LIMIT`] is answered.
///
/// Weights are `i64` or `i128` ([`Weight`]); the engines compute in `i64` when the weights
/// and every sum of the run fit (see [`general`]), in `i128` otherwise, chosen here from the
/// values. The assignment engines take weights within [`MAX_WEIGHT`]; beyond it the general
/// engine answers bipartite graphs too.
///
/// # Errors
/// [`WeightError::TooWide`] when `n · max|w|` reaches [`WIDE_LIMIT`]; an edge or weight list
/// of the wrong shape.
///
/// # Complexity
/// O(n + m) plus the engine's run.
pub fn solve(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    question: Question,
    sides: Option<Sides<'_>>,
) -> Result<Solution, WeightError> {
    solve_reducing(n, edges, weights, question, sides, true)
}

/// [`solve`] for `i128` weights (up to [`WIDE_LIMIT`]): the same engines, in `i64` where
/// the values allow it, else in `i128`.
///
/// # Errors
/// As [`solve`].
pub fn solve_wide(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
    question: Question,
    sides: Option<Sides<'_>>,
) -> Result<Solution, WeightError> {
    solve_reducing(n, edges, weights, question, sides, true)
}

/// [`solve`]; with `reduce` false, the maximum-cardinality question on the general engine is
/// answered with the shift instead of the reduction (for matrices, whose records name rows
/// and columns and have no names for the gadget graph's added vertices).
pub(crate) fn solve_reducing<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    question: Question,
    sides: Option<Sides<'_>>,
    reduce: bool,
) -> Result<Solution, WeightError> {
    if edges.len() != weights.len() {
        return Err(WeightError::Shape(format!(
            "{} but {}",
            crate::error::count(edges.len(), "edge", "edges"),
            crate::error::count(weights.len(), "weight", "weights")
        )));
    }
    if let Some(edge) = super::beyond_limit(WIDE_LIMIT, n, weights) {
        return Err(WeightError::TooWide {
            edge,
            weight: weights[edge].into(),
            vertices: n,
        });
    }
    let sign = i128::from(question.sense.sign());
    if let Some(sides) = sides {
        // The assignment engines compute in i64 and take weights within MAX_WEIGHT.
        let narrow: Option<Vec<i64>> = weights
            .iter()
            .map(|&w| {
                i64::try_from(w.into())
                    .ok()
                    .filter(|w| w.unsigned_abs() <= MAX_WEIGHT as u64)
            })
            .collect();
        if let Some(narrow) = &narrow
            && let Some(optimum) = by_assignment(n, edges, narrow, question, sides)?
        {
            if question.cardinality == Cardinality::Perfect && 2 * optimum.edges.len() != n {
                return Ok(Solution::NoPerfectMatching);
            }
            return Ok(Solution::Optimum(optimum));
        }
    }
    if question.cardinality == Cardinality::Perfect {
        // (Perfect mode settles whether a perfect matching exists with the cardinality engine
        // before its search: see `general`'s module docs, perfect mode.)
        if n % 2 == 1 {
            return Ok(Solution::NoPerfectMatching);
        }
        let Some(found) = with_weights(weights, sign, 0, 0, |w| match w {
            Signed::Narrow(w) => general::max_weight_perfect_matching(n, edges, w),
            Signed::Wide(w) => general::max_weight_perfect_matching_wide(n, edges, w),
        })?
        else {
            return Ok(Solution::NoPerfectMatching);
        };
        let total = found.edges.iter().map(|&e| weights[e].into()).sum();
        return Ok(Solution::Optimum(Optimum {
            edges: found.edges,
            total,
            shift: 0,
            duals: found.duals,
            barrier: None,
        }));
    }
    if question.cardinality == Cardinality::Maximum && reduce {
        return max_cardinality(n, edges, weights, sign).map(Solution::Optimum);
    }
    let shift = match question.cardinality {
        Cardinality::Any => 0,
        // An augmenting path gains one edge and changes the weight by at least −(n − 1)·max|w|
        // (at most n − 1 edges change), so with a larger shift every maximum-weight matching
        // has the most edges.
        Cardinality::Maximum | Cardinality::Perfect => {
            // The first edge of the largest |weight|, self-loops aside.
            let (largest, heaviest) = weights
                .iter()
                .zip(edges)
                .enumerate()
                .filter(|(_, (_, (u, v)))| u != v)
                .map(|(e, (&w, _))| (w.into().unsigned_abs(), e))
                .fold(
                    (0, 0),
                    |best, (w, e)| if w > best.0 { (w, e) } else { best },
                );
            let shift = largest.saturating_mul(n.saturating_sub(1) as u128) + 1;
            if (n.max(1) as u128).saturating_mul(shift.saturating_add(largest)) >= 2 * WIDE_LIMIT {
                return Err(WeightError::ShiftTooLarge {
                    vertices: n,
                    largest,
                    edge: heaviest,
                });
            }
            shift as i128
        }
    };
    let found = with_weights(weights, sign, shift, 0, |w| match w {
        Signed::Narrow(w) => general::max_weight_matching(n, edges, w),
        Signed::Wide(w) => general::max_weight_matching_wide(n, edges, w),
    })?;
    if question.cardinality == Cardinality::Perfect && 2 * found.edges.len() != n {
        return Ok(Solution::NoPerfectMatching);
    }
    let total = found.edges.iter().map(|&e| weights[e].into()).sum();
    Ok(Solution::Optimum(Optimum {
        edges: found.edges,
        total,
        shift,
        duals: found.duals,
        barrier: None,
    }))
}

/// The maximum-cardinality question on the general engine, by the reduction to perfect
/// matching on the gadget graph G* (see the [module docs](super)): no shift.
fn max_cardinality<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    sign: i128,
) -> Result<Optimum, WeightError> {
    let g = Graph::from_edges(n, edges);
    let (maximum, decomposition) = maximum_matching_and_decomposition(&g);
    // With a perfect matching, D, A and the odd components are empty and G* is G: the engine
    // runs on the caller's edges (no component search, no copy).
    let (all, total_vertices, barrier) = if 2 * maximum.len() == n {
        (Cow::Borrowed(edges), n, Vec::new())
    } else {
        let gadget = gadget_graph(n, edges, &g, &decomposition)?;
        (Cow::Owned(gadget.edges), gadget.vertices, gadget.barrier)
    };
    drop((g, maximum, decomposition));
    // (G* has a perfect matching: the run skips perfect mode's existence check.)
    let found = with_weights(weights, sign, 0, all.len(), |w| match w {
        Signed::Narrow(w) => {
            general::max_weight_perfect_matching_of_perfect(total_vertices, &all, w)
        }
        Signed::Wide(w) => general::max_weight_perfect_matching_of_perfect(total_vertices, &all, w),
    })?
    .expect("G* has a perfect matching: a maximum matching of G extends to one");
    let matched: Vec<usize> = found
        .edges
        .into_iter()
        .filter(|&e| e < edges.len())
        .collect();
    let total = matched.iter().map(|&e| weights[e].into()).sum();
    Ok(Optimum {
        edges: matched,
        total,
        shift: 0,
        duals: found.duals,
        barrier: Some(barrier),
    })
}

/// The gadget graph G* of the maximum-cardinality reduction (see the [module docs](super))
/// from G's Gallai–Edmonds `decomposition`: G's edges first (their numbers kept), then each
/// vertex of an odd component of G − A joined to its component's vertex `k_i = n + i`, and
/// each barrier vertex's copy `a'_j = n + c + j` to the `k_i` of the odd components it
/// touches.
fn gadget_graph(
    n: usize,
    edges: &[(u32, u32)],
    g: &Graph,
    decomposition: &Decomposition,
) -> Result<Gadget, WeightError> {
    let barrier = decomposition.barrier();
    let mut in_barrier = vec![false; n];
    for &a in &barrier {
        in_barrier[a as usize] = true;
    }
    // Components of G − A, numbered by their smallest vertex.
    const NO: u32 = u32::MAX;
    let mut comp = vec![NO; n];
    let mut sizes: Vec<usize> = Vec::new();
    let mut stack = Vec::new();
    for s in 0..n as u32 {
        if in_barrier[s as usize] || comp[s as usize] != NO {
            continue;
        }
        let id = sizes.len() as u32;
        comp[s as usize] = id;
        stack.push(s);
        let mut size = 0;
        while let Some(x) = stack.pop() {
            size += 1;
            for &y in g.neighbors(x) {
                if !in_barrier[y as usize] && comp[y as usize] == NO {
                    comp[y as usize] = id;
                    stack.push(y);
                }
            }
        }
        sizes.push(size);
    }
    // k_i = n + i for the i-th odd component, a'_j = n + c + j.
    let mut odd_index = vec![NO; sizes.len()];
    let mut c = 0u32;
    for (i, &size) in sizes.iter().enumerate() {
        if size % 2 == 1 {
            odd_index[i] = c;
            c += 1;
        }
    }
    let total_vertices = n as u64 + u64::from(c) + barrier.len() as u64;
    if total_vertices > u64::from(u32::MAX) {
        return Err(WeightError::Shape(format!(
            "{n} vertices are too many for the maximum-cardinality reduction"
        )));
    }
    let base = n as u32;
    let mut all: Vec<(u32, u32)> = Vec::new();
    all.try_reserve_exact(edges.len() + n + g.num_edges())
        .map_err(|_| WeightError::Shape(format!("{n} vertices: out of memory")))?;
    all.extend_from_slice(edges);
    for v in 0..n {
        if comp[v] != NO && odd_index[comp[v] as usize] != NO {
            all.push((v as u32, base + odd_index[comp[v] as usize]));
        }
    }
    let mut seen = vec![NO; c as usize];
    for (j, &a) in barrier.iter().enumerate() {
        for &u in g.neighbors(a) {
            if in_barrier[u as usize] {
                continue;
            }
            let k = odd_index[comp[u as usize] as usize];
            if k != NO && seen[k as usize] != j as u32 {
                seen[k as usize] = j as u32;
                all.push((base + c + j as u32, base + k));
            }
        }
    }
    Ok(Gadget {
        edges: all,
        vertices: total_vertices as usize,
        barrier,
    })
}

/// The gadget graph G* ([`gadget_graph`]).
struct Gadget {
    /// G's edges (their numbers kept), then the gadget's.
    edges: Vec<(u32, u32)>,
    /// G's vertices, then the gadget's.
    vertices: usize,
    /// G's Gallai–Edmonds barrier A.
    barrier: Vec<u32>,
}

/// Transformed weights `sign·w + shift`, padded with zeros to `len` entries, as `i64` when
/// they all fit (the engine then chooses `i64` arithmetic where its bounds allow) or `i128`.
enum Signed<'a> {
    Narrow(&'a [i64]),
    Wide(&'a [i128]),
}

/// Runs `run` on the transformed weights `sign·w + shift` (see [`Signed`]), padded with 0 up
/// to `len` entries. Within the limit checked by the caller: no overflow.
fn with_weights<W: Weight, T>(
    weights: &[W],
    sign: i128,
    shift: i128,
    len: usize,
    run: impl FnOnce(Signed<'_>) -> Result<T, WeightError>,
) -> Result<T, WeightError> {
    let len = len.max(weights.len());
    let narrow: Option<Vec<i64>> = weights
        .iter()
        .map(|&w| i64::try_from(sign * w.into() + shift).ok())
        .chain(std::iter::repeat_n(Some(0), len - weights.len()))
        .collect();
    match narrow {
        Some(w) => run(Signed::Narrow(&w)),
        None => {
            let wide: Vec<i128> = weights
                .iter()
                .map(|&w| sign * w.into() + shift)
                .chain(std::iter::repeat_n(0, len - weights.len()))
                .collect();
            run(Signed::Wide(&wide))
        }
    }
}

/// A bipartite question answered by the assignment engine, with its duals in the
/// maximum-weight form; `None` if the engine cannot answer it (no matching covers the smaller
/// side, for the cardinality questions; duals beyond `i64`), and the general engine must.
///
/// Costs are `c = −sign·w`; the assignment's potentials `u` (rows: the smaller side) and `v`
/// (columns, `v ≤ 0`, 0 where unmatched) satisfy `u_i + v_j ≤ c_ij`, with equality on the
/// assigned entries and equal LP objectives.
/// - **Maximum-cardinality and perfect questions:** every row is assigned. With
///   `K = max(0, max u)`, `y_i = K − u_i ≥ 0` and `y_j = −v_j ≥ 0` satisfy
///   `y_i + y_j ≥ K − c_ij = sign·w_ij + K`, and their sum equals the matching's total of
///   `sign·w + K`: the duals of the maximum-weight LP for the shift `K`.
/// - **Every matching competes:** each row also gets a column of its own at cost 0 (taking it
///   leaves the row exposed), and only edges with `c < 0` are offered (the others never
///   help). With `d(i)` row i's own column, `y_i = −u_i − v_d(i) ≥ 0` and `y_j = −v_j ≥ 0`
///   satisfy `y_i + y_j ≥ −c_ij − v_d(i) ≥ sign·w_ij` (edges not offered: `y ≥ 0 ≥ sign·w`),
///   and their sum is `−(Σu + Σv)`, minus the assignment's cost: the matching's total of
///   `sign·w`, with no shift.
fn by_assignment(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    question: Question,
    sides: Sides<'_>,
) -> Result<Option<Optimum>, WeightError> {
    let sign = question.sense.sign();
    let any = question.cardinality == Cardinality::Any;
    if sides.side.len() != n {
        return Err(WeightError::Shape(format!(
            "{} for {}",
            crate::error::count(sides.side.len(), "side", "sides"),
            crate::error::count(n, "vertex", "vertices")
        )));
    }
    // Index of each vertex within its side.
    let mut index = vec![0u32; n];
    let mut members: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for (v, &s) in sides.side.iter().enumerate() {
        let m = &mut members[usize::from(s)];
        index[v] = m.len() as u32;
        m.push(v as u32);
    }
    // Rows: the smaller side.
    let rows_side = usize::from(members[1].len() < members[0].len());
    let (rows, cols) = (members[rows_side].len(), members[1 - rows_side].len());
    let mut oriented = Vec::with_capacity(edges.len());
    let mut costs = Vec::with_capacity(edges.len());
    let mut original = Vec::with_capacity(edges.len());
    for (e, (&(a, b), &w)) in edges.iter().zip(weights).enumerate() {
        if a == b {
            continue;
        }
        if sides.side[a as usize] == sides.side[b as usize] {
            return Err(WeightError::Shape(format!(
                "edge {e} joins two vertices of one side"
            )));
        }
        let (r, c) = if usize::from(sides.side[a as usize]) == rows_side {
            (a, b)
        } else {
            (b, a)
        };
        if any && -sign * w >= 0 {
            continue;
        }
        oriented.push((index[r as usize], index[c as usize]));
        costs.push(-sign * w);
        original.push(e);
    }
    let real = oriented.len();
    let all_cols = if any {
        // Row i's own column, cols + i, at cost 0.
        oriented.extend((0..rows as u32).map(|i| (i, cols as u32 + i)));
        costs.resize(oriented.len(), 0);
        cols + rows
    } else {
        cols
    };
    let found = if any {
        assignment::sparse(rows, all_cols, &oriented, &costs)?
    } else {
        assignment::solve(rows, cols, &oriented, &costs)?
    };
    let Some(Assignment {
        col_of_row,
        row,
        col,
    }) = found
    else {
        return Ok(None);
    };
    // The matched edge of each row: the cheapest entry to its column (the engine's choice
    // among parallel entries is not reported, and any cheapest one is tight).
    let mut best: Vec<Option<usize>> = vec![None; rows];
    for (k, &(r, c)) in oriented[..real].iter().enumerate() {
        if col_of_row[r as usize] == c && best[r as usize].is_none_or(|b| costs[k] < costs[b]) {
            best[r as usize] = Some(k);
        }
    }
    let shift = if any {
        0
    } else {
        i128::from(row.iter().copied().max().unwrap_or(0).max(0))
    };
    // Doubled duals, computed wide (potentials are i64, so no overflow).
    let doubled = |y: i128| Some(2 * y);
    let mut vertex = vec![0i128; n];
    for (i, &u) in row.iter().enumerate() {
        let y = if any {
            -i128::from(u) - i128::from(col[cols + i])
        } else {
            shift - i128::from(u)
        };
        let Some(y) = doubled(y) else {
            return Ok(None);
        };
        vertex[members[rows_side][i] as usize] = y;
    }
    for (j, &v) in col[..cols].iter().enumerate() {
        let Some(y) = doubled(-i128::from(v)) else {
            return Ok(None);
        };
        vertex[members[1 - rows_side][j] as usize] = y;
    }
    // Rows on their own columns stay exposed.
    let mut matched: Vec<usize> = best
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| (col_of_row[i] as usize) < cols)
        .map(|(_, k)| original[k.expect("an assigned row has an entry to its column")])
        .collect();
    matched.sort_unstable();
    let total = matched.iter().map(|&e| i128::from(weights[e])).sum();
    Ok(Some(Optimum {
        edges: matched,
        total,
        shift,
        duals: Duals {
            vertex,
            blossoms: Vec::new(),
        },
        barrier: None,
    }))
}

#[cfg(test)]
#[path = "question_tests.rs"]
mod tests;
