//! Maximum-weight matching of a general graph (Edmonds' primal–dual blossom algorithm).
//!
//! **Guarantee:** [`max_weight_matching`] returns a matching of the largest total weight
//! together with an optimal dual solution of the matching LP (see the [module docs](super)):
//! doubled vertex duals `2·y_v ≥ 0` and the laminar family of blossoms with a positive doubled
//! dual `2·z_B`, such that every edge `uv` of weight `w` (self-loops aside, every sign of `w`)
//! has `2y_u + 2y_v + Σ_{B ∋ u, v} 2z_B ≥ 2w`, matched edges are tight, every vertex with a
//! positive dual is matched, and every blossom with a positive dual holds `(|B| − 1)/2` matched
//! edges. Hence `Σ 2y_v + Σ 2z_B·(|B| − 1)/2 = 2·w(M)`, which proves `M` optimal by weak LP
//! duality. Self-loops never match; of parallel edges at most the heaviest copy matches.
//!
//! [`max_weight_perfect_matching`] (perfect mode) returns a perfect matching of the largest
//! total weight, every weight sign allowed, with duals of the *perfect-matching* LP (every
//! vertex covered exactly once): the same conditions without `y ≥ 0` and without the rule on
//! exposed vertices (there are none), which prove by weak duality that no perfect matching
//! weighs more; or `None` when the graph has no perfect matching.
//!
//! **Algorithm.** Edmonds' primal–dual method as set out in Galil's survey (1986), with the
//! blossom bookkeeping of van Rantwijk's well-known implementation (labels S/T, blossoms as
//! cycles of sub-blossoms with a base, δ1..δ4) and the forest handling of LEMON's
//! `MaxWeightedMatching` and Blossom V (read, not copied). Every vertex starts with the dual
//! `max w`; all duals are kept doubled, so integer weights give integer duals and steps.
//! 1. One alternating forest is grown from all exposed vertices at once over tight edges,
//!    top-level blossoms labelled S (outer) or T (inner). A tight S–S edge inside a tree
//!    closes a new blossom; between two trees it is an augmenting path: the matching is
//!    flipped along it (through nested blossoms with an explicit stack), and only those two
//!    trees are dissolved — their zero-dual S-blossoms expanded, their edges' tightness
//!    forgotten, and each of their edges to an S-vertex of another tree looked at again. The
//!    other trees keep their labels (no O(n) restart per augmentation).
//! 2. With no tight edge left the duals move by the least of δ1 (the dual of the exposed
//!    vertices, all equal: then every exposed vertex has dual 0 and the matching is optimal),
//!    δ2 (slack of an S-vertex's edge to an unlabelled vertex), δ3 (half the slack of an edge
//!    between S-blossoms) and δ4 (dual of a T-blossom, which is then expanded and its
//!    sub-blossoms relabelled along the even path). A dual step costs O(1): labelled duals are
//!    stored relative to a clock (the sum of the steps), and the δ2, δ3, δ4 candidates sit in
//!    4-ary heaps keyed in clock units, deleted lazily (checked and re-keyed when they reach
//!    the top) and rebuilt from their live entries once they pass 2(n + m) entries.
//!
//! **Perfect mode** is Edmonds' algorithm as he stated it for perfect matchings: the vertex
//! duals are free, so there is no δ1 and every exposed vertex stays a tree root until it is
//! matched; the search ends when every vertex is matched. Every edge (of any weight) is kept,
//! self-loops aside. The duals start at a feasible point that makes many edges tight: each
//! vertex at its heaviest edge (`2y_v = max_{e ∋ v} w_e`), plus 1 where needed so that all
//! start with the parity of the heaviest weight overall — then, as with equal starts, every
//! S-vertex (joined to its root by tight edges) has the parity of `max w − clock` and every
//! S–S slack is even, so δ3 stays an integer. The heap cutoffs at δ1 do not apply: every
//! candidate is kept. If no dual step is possible while vertices are exposed (no candidate
//! at all), the forest's duals could grow without bound, so the perfect-matching LP's dual is
//! unbounded and no perfect matching exists; the run says so (it never loops). The same
//! answer is given when the clock passes `n·(2W + 1)` (`W = max |w|`), which it cannot do
//! when a perfect matching `M` exists: the doubled dual objective `D = Σ 2y_v + Σ 2z_B(|B|−1)/2`
//! starts at most at `n·(W + 1)`, each dual step of `δ` lowers it by `δ` per tree (a tree's
//! S-blossoms lose `δ` net each, its T-blossoms gain as much, and it has one more S than T),
//! and `D ≥ 2w(M) ≥ −n·W` by weak duality.
//!
//! Before the search (maximum weight), self-loops and edges of weight ≤ 0 are dropped (neither can improve a
//! matching, and with `y ≥ 0` they stay covered), and of parallel edges only the heaviest copy
//! is kept; a vertex left without edges gets the dual 0 and stays out of the forest. The odd
//! sets of the answer are the forest of [`Duals::blossoms`] (each set's own vertices and its
//! children), built from the blossoms' parent pointers in O(n + number of blossoms) by
//! `odd_set_forest`: blossoms with a zero dual are flattened into their nearest positive
//! ancestor. Nothing recurses: blossom leaves, augmentation and expansion of nested blossoms use
//! explicit stacks, so blossoms nested O(n) deep are fine on any thread stack.
//!
//! **Complexity:** O(n + m) memory. Time: at most n/2 augmentations; between two of them
//! every vertex is scanned at most once as an S-vertex (an S label lasts until its tree is
//! dissolved), so O(m) heap pushes of O(log m) each,
//! while blossom creations and expansions cost O(n) each with O(n) of them, so the
//! worst case is O(n·(m log n + n²)) — the O(n³)-class bound of the textbook method, not the
//! O(nm log n) of Galil–Micali–Gabow (blossom operations are not yet done with mergeable
//! queues). Measured (release build, shared 2-core machine, ignored test `timing`, every
//! answer's proof checked): G(n, 5n) with weights 1..10⁶: 0.07–0.1 s at n = 10⁴, 1.7–2.5 s at
//! 10⁵ (up to 4.7 s when the machine was busy); 2-D grids with the same weights: 0.014 s at
//! 100×100, 0.35–0.5 s at 316×316. Most of the time on G(10⁵, 5·10⁵) is in the heaps
//! and in rescanning the edges of vertices that are labelled again after their tree was
//! dissolved. The same graphs with every weight shifted by `K = (n − 1)·10⁶ + 1` (the
//! maximum-cardinality question): 0.3 s at 10⁴, 11–14 s of search at 10⁵, plus the answer
//! itself: the few exposed vertices left make the clock run to about `K`, their trees' S-blossoms
//! nest ever deeper with positive duals: written as explicit vertex lists the odd sets held
//! Σ|B| ≈ 1.8·10⁹ vertices (about 7 GB) on the first 10⁵-vertex instance of `timing`; as the
//! forest of [`OddSet`]s they hold each vertex at most once (9 928 sets listing 58 429
//! vertices there, and `verify` checks them with the rest in the same test).
//!
//! **Status:** compared on thousands of random small graphs (up to 11 vertices; every weight
//! sign, ties, zero weights, parallel edges, self-loops, disconnected and dense graphs, odd
//! cycles of odd cycles nesting blossoms several levels deep) against the exhaustive oracle
//! `gridmatch_oracles::weighted`, for maximum weight and, with weights shifted by
//! `1 + 2n·max|w|`, maximum cardinality; every answer's duals are checked by the independent
//! verifier ([`verify`](super::verify::verify): edge feasibility with blossom sums, tightness,
//! nonnegativity, laminar odd sets, full blossoms, equal objectives), including the 10⁵-vertex timing instances; debug
//! assertions (parity of S–S slacks, label invariants) pass on all of them; a chain of 2000
//! triangles runs on a 256 KiB stack. Perfect mode: about 10 000 random small graphs (planted
//! perfect matchings with noise, graphs with none, nested odd cycles; weights of every sign up
//! to ±2⁵⁹, so both the `i64` and the `i128` engine) against the oracle's best perfect
//! matching, every answer checked under [`Lp::Perfect`](super::verify::Lp::Perfect), tampered
//! duals refused (a vertex dual lowered or raised, an odd set's dual lowered, a pair dropped).
//! On G(10⁵, 5·10⁵) (a planted perfect matching, weights 1..10⁶) the minimum-cost perfect
//! question takes about as long as the plain maximum-weight one (6.3 s against 5.9 s whole
//! process, one run each on the busy shared machine, where the plain one takes 1.5 s when
//! quiet; the shift design took 7.7 s there), and its certificate is 2.5 MB against the
//! shift design's 8.1 MB. Whether a perfect matching exists at all is settled by the
//! cardinality engine before perfect mode runs ([`solve`](super::solve)): on the same graph
//! with two pendant vertices on one vertex, 0.75 s (perfect mode alone took 44 s to stall,
//! the shift design 90 s and 7 GB).
//!
//! **Overflow.** Weights are at most [`MAX_WEIGHT`] = 2⁵⁹ in absolute value
//! and only positive ones take part, `W = max w ≤ 2⁵⁹`. Vertex duals start at `W` and stay in
//! `[0, 2W]`: an exposed vertex's dual only decreases, and a matched vertex `v` with partner `u`
//! has `d_v ≤ 2w_uv − d_u ≤ 2W` since its matched edge is tight and every dual is ≥ 0. A
//! blossom holds a tight matched edge `xy`, and every blossom containing it contains `x, y`, so
//! the blossom duals along any chain of nested blossoms sum to at most `2W`. A slack
//! `d_u + d_v + Σ d_B − 2w` is therefore at most `2W + 2W + 2W ≤ 3·2⁶⁰ < 2⁶³`, and at least
//! `−2W`: all `i64`. The clock (the sum of the dual steps) never passes `W` (δ1 ends the
//! search when the exposed vertices' dual reaches 0), so the clock-relative stored duals stay
//! within `[−W, 3W]` and the heap keys (slack + 2·clock ≤ 6W = 3·2⁶⁰) within `i64` too.
//! Totals are summed in `i128`.
//!
//! In perfect mode the vertex duals are free and the clock is bounded by
//! `L = n·(2W + 1)` instead (see perfect mode above; `W = max |w| ≤ 2⁵⁹`), and a step that
//! would take it past `L` is never taken (the run ends first). Every vertex dual starts within
//! `W + 1` of 0 and moves by at most the clock, so `|d_v| ≤ W + 1 + L`; a blossom's dual grows
//! only while it is a top-level S-blossom, by at most the clock, and a chain of nested
//! blossoms holds a tight matched edge `xy`, so its duals sum to at most
//! `(2W + |d_x| + |d_y|)/2 ≤ 2W + 1 + L`. Stored (clock-relative) duals are within `2L + W + 1`,
//! slacks within `|d_u| + |d_v| + 2·Σ d_B + 2W ≤ 4L + 8W + 4`, heap keys (slack + 2·clock)
//! within `6L + 8W + 4 ≤ 10L`, and a step (a slack, or a T-blossom's dual) within that too:
//! all below `12·L`. The engine is generic over its integer type (the private trait `Num`)
//! and runs on `i64` when `L ≤ 2⁵⁸` ([`perfect_fits_i64`]: then `12·L < 2⁶³`), on `i128`
//! otherwise, where `L < 2³²·(2⁶⁰ + 1) < 2⁹³` leaves a wide margin; the library chooses from
//! the weights, no caller does. The duals handed back are `i128` ([`Duals`]): below `2⁹⁴`
//! in size (vertex duals `≤ W + 1 + L`, doubled odd-set duals `≤ 2L`), the bound the
//! verifier takes.
//!
//! **Wide weights** (the `_wide` entry points, `i128`): the run refuses `n·W ≥ 2¹²⁰`
//! (twice [`WIDE_LIMIT`](super::WIDE_LIMIT), room for the gadget graph) and otherwise runs
//! on `i128` when the `i64` bounds above do not hold (`W > 2⁵⁹` for the maximum-weight run).
//! The same arguments give: maximum weight, every value within `6W < 2¹²³`; perfect mode,
//! `L = n·(2W + 1) < 3·2¹²⁰` and every value within `12·L < 2¹²⁶`, vertex duals below
//! `W + 1 + L < 2¹²²`, doubled odd-set duals and their sums along a chain below `2¹²³`.

use super::{Duals, MAX_WEIGHT, OddSet, Weight, WeightError, WeightedMatching};

#[cfg(test)]
#[path = "general_tests.rs"]
mod tests;

/// No vertex, edge, endpoint or blossom.
const NONE: usize = usize::MAX;

/// Label of a top-level blossom (or vertex) not in the forest.
const FREE: u8 = 0;
/// Outer label.
const S: u8 = 1;
/// Inner label.
const T: u8 = 2;
/// Temporary mark of [`Engine::scan_blossom`] on an S-blossom (bit 4 set).
const MARK: u8 = 5;

/// A maximum-weight matching of the graph on vertices `0..n` with `edges[i]` weighing
/// `weights[i]`, and its [`Duals`]. Self-loops never match; parallel edges are
/// allowed.
///
/// # Errors
/// [`WeightError::Shape`] if `edges` and `weights` differ in length or an edge names a vertex
/// `>= n`; [`WeightError::TooWide`] if `n · max|w|` reaches twice
/// [`WIDE_LIMIT`](super::WIDE_LIMIT) (room for the gadget graph of the maximum-cardinality
/// question, see the module docs, overflow).
///
/// # Complexity
/// O(n·(m log n + n²)) time worst case (growth about n^1.25 measured on sparse random graphs
/// up to 10⁵ vertices); O(n + m) memory; no recursion (see the module docs).
pub fn max_weight_matching(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
) -> Result<WeightedMatching, WeightError> {
    run(n, edges, weights, Mode::Matching).map(|found| found.expect("every graph has a matching"))
}

/// [`max_weight_matching`] for `i128` weights (within twice
/// [`WIDE_LIMIT`](super::WIDE_LIMIT), see the module docs, overflow); computes in `i64` when
/// they allow it, as [`max_weight_matching`] does.
///
/// # Errors
/// As [`max_weight_matching`].
pub fn max_weight_matching_wide(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
) -> Result<WeightedMatching, WeightError> {
    run(n, edges, weights, Mode::Matching).map(|found| found.expect("every graph has a matching"))
}

/// A maximum-weight *perfect* matching of the graph on vertices `0..n` with `edges[i]`
/// weighing `weights[i]` (every sign allowed), and its [`Duals`] for the perfect-matching LP:
/// vertex duals of any sign, odd-set duals positive (see the module docs, perfect mode);
/// `Ok(None)` if the graph has no perfect matching. A minimum-cost perfect matching is the
/// maximum-weight one of the negated weights. Self-loops never match; parallel edges are
/// allowed.
///
/// # Errors
/// As [`max_weight_matching`].
///
/// # Complexity
/// As [`max_weight_matching`].
pub fn max_weight_perfect_matching(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
) -> Result<Option<WeightedMatching>, WeightError> {
    run(n, edges, weights, Mode::Perfect)
}

/// [`max_weight_perfect_matching`] for `i128` weights, as [`max_weight_matching_wide`].
///
/// # Errors
/// As [`max_weight_matching`].
pub fn max_weight_perfect_matching_wide(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
) -> Result<Option<WeightedMatching>, WeightError> {
    run(n, edges, weights, Mode::Perfect)
}

/// Whether perfect mode runs within `i64` on `n` vertices with weights at most `largest` in
/// absolute value: `n·(2·largest + 1) ≤ 2⁵⁸` (see the module docs, overflow).
pub fn perfect_fits_i64(n: usize, largest: u64) -> bool {
    (n as u128) * (2 * u128::from(largest) + 1) <= 1 << 58
}

/// The engine's integers: `i64` where the module docs prove it enough, `i128` otherwise.
trait Num:
    Copy
    + Ord
    + std::fmt::Debug
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Rem<Output = Self>
    + std::ops::Neg<Output = Self>
    + std::ops::AddAssign
    + std::ops::SubAssign
    + From<i64>
    + Into<i128>
{
    /// The largest value.
    const MAX: Self;
    /// `x`, which the caller has proved in range (see the module docs, overflow).
    fn wide(x: i128) -> Self;
    /// `x`, or [`Num::MAX`] if it does not fit.
    fn saturating(x: u128) -> Self;
}

impl Num for i64 {
    const MAX: i64 = i64::MAX;
    fn wide(x: i128) -> i64 {
        debug_assert!(i64::try_from(x).is_ok(), "{x} beyond i64");
        x as i64
    }
    fn saturating(x: u128) -> i64 {
        i64::try_from(x).unwrap_or(i64::MAX)
    }
}

impl Num for i128 {
    const MAX: i128 = i128::MAX;
    fn wide(x: i128) -> i128 {
        x
    }
    fn saturating(x: u128) -> i128 {
        i128::try_from(x).unwrap_or(i128::MAX)
    }
}

/// Which LP the engine solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Maximum weight over all matchings: vertex duals ≥ 0, exposed vertices at dual 0 (δ1).
    Matching,
    /// Maximum weight over perfect matchings: free vertex duals, every vertex matched.
    Perfect,
}

/// The engine run behind both entry points; `None` if a perfect matching was asked for and
/// the graph has none.
fn run<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    mode: Mode,
) -> Result<Option<WeightedMatching>, WeightError> {
    if edges.len() != weights.len() {
        return Err(WeightError::Shape(format!(
            "{} edges but {} weights",
            edges.len(),
            weights.len()
        )));
    }
    for (i, &(u, v)) in edges.iter().enumerate() {
        if u as usize >= n || v as usize >= n {
            return Err(WeightError::Shape(format!(
                "edge {i} ({u}, {v}) names a vertex >= n = {n}"
            )));
        }
    }
    // Twice the library's limit: the gadget graph has up to 2n vertices.
    if let Some(edge) = super::beyond_limit(2 * super::WIDE_LIMIT, n, weights) {
        return Err(WeightError::TooWide {
            edge,
            weight: weights[edge].into(),
            vertices: n,
        });
    }
    // Keep the heaviest copy of each vertex pair; self-loops go, and so (for the maximum
    // weight over all matchings) do edges of weight <= 0.
    let perfect = mode == Mode::Perfect;
    if perfect && n % 2 == 1 {
        return Ok(None);
    }
    let mut kept: Vec<usize> = (0..edges.len())
        .filter(|&i| edges[i].0 != edges[i].1 && (perfect || weights[i].into() > 0))
        .collect();
    let key = |i: usize| {
        let (u, v) = edges[i];
        (u.min(v), u.max(v))
    };
    kept.sort_unstable_by(|&a, &b| {
        key(a)
            .cmp(&key(b))
            .then(weights[b].cmp(&weights[a]))
            .then(a.cmp(&b))
    });
    kept.dedup_by(|b, a| key(*a) == key(*b));

    // The maximum-weight run fits in i64 when W ≤ 2^59; perfect mode when n·(2W + 1) ≤ 2^58.
    let largest = kept
        .iter()
        .map(|&i| weights[i].into().unsigned_abs())
        .max()
        .unwrap_or(0);
    let narrow = if perfect {
        u64::try_from(largest).is_ok_and(|w| perfect_fits_i64(n, w))
    } else {
        largest <= MAX_WEIGHT as u128
    };
    if narrow {
        Ok(finish(
            Engine::<i64>::new(n, edges, weights, &kept, mode),
            &kept,
        ))
    } else {
        Ok(finish(
            Engine::<i128>::new(n, edges, weights, &kept, mode),
            &kept,
        ))
    }
}

/// Runs `engine` and reads off the matching (indices into the caller's edges through
/// `kept`) and its duals; `None` if perfect mode found no perfect matching.
fn finish<N: Num>(mut engine: Engine<N>, kept: &[usize]) -> Option<WeightedMatching> {
    let n = engine.n;
    if !engine.solve() {
        return None;
    }

    let mut matched: Vec<usize> = Vec::with_capacity(n / 2);
    for v in 0..n {
        let p = engine.mate[v];
        if p != NONE && engine.endpoint[p] > v {
            matched.push(kept[p / 2]);
        }
    }
    matched.sort_unstable();
    let vertex: Vec<i128> = engine.dual[..n].iter().map(|&d| d.into()).collect();
    // Doubled in i128: no overflow (see the module docs).
    let blossoms = odd_set_forest(n, &engine.parent, |b| {
        (engine.base[b] != NONE && engine.dual[b] > N::from(0)).then(|| 2 * engine.dual[b].into())
    });
    Some(WeightedMatching {
        edges: matched,
        duals: Duals { vertex, blossoms },
    })
}

/// The odd sets of the answer as the forest of [`Duals::blossoms`], from the nesting
/// `parent` of vertices `0..n` and blossoms `n..` (`NONE` at a top level) and `dual_of(b)`, the
/// doubled dual of blossom `b` if it is a live blossom with a positive dual. Blossoms with no
/// positive dual are flattened: their vertices and sub-blossoms go to the nearest ancestor
/// with one. Sets are numbered children first (by decreasing depth), and each set's vertices
/// and children come out in increasing order without a sort.
///
/// # Complexity
/// O(n + number of blossoms): each node's nearest positive ancestor and depth are found once
/// (walks stop at a node already known), with no recursion.
fn odd_set_forest(
    n: usize,
    parent: &[usize],
    dual_of: impl Fn(usize) -> Option<i128>,
) -> Vec<OddSet> {
    let nodes = parent.len();
    // `up[x]`: the nearest strict ancestor of node x with a positive dual (NONE if none);
    // `depth[b]` for such a blossom: how many such ancestors it has. `UNKNOWN` until found.
    const UNKNOWN: usize = NONE - 1;
    let mut positive: Vec<Option<i128>> = (0..nodes)
        .map(|b| if b < n { None } else { dual_of(b) })
        .collect();
    let mut up = vec![UNKNOWN; nodes];
    let mut depth = vec![0usize; nodes];
    let mut path: Vec<usize> = Vec::new();
    // Only the chains above the vertices: every live blossom holds a vertex, and the parent
    // pointers of blossoms no longer in use are never followed.
    for x in 0..n {
        // Climb until a node whose answer is known (or a root), then fill the path down.
        let mut y = x;
        while y != NONE && up[y] == UNKNOWN {
            path.push(y);
            y = parent[y];
        }
        // `y`'s nearest positive node at or above it, and that node's depth.
        let (mut above, mut d) = match y {
            NONE => (NONE, 0),
            y if positive[y].is_some() => (y, depth[y]),
            y => (up[y], if up[y] == NONE { 0 } else { depth[up[y]] }),
        };
        while let Some(z) = path.pop() {
            up[z] = above;
            if positive[z].is_some() {
                depth[z] = if above == NONE { 0 } else { d + 1 };
                above = z;
                d = depth[z];
            }
        }
    }
    for (b, p) in positive.iter_mut().enumerate() {
        if up[b] == UNKNOWN {
            *p = None;
        }
    }
    // Children first: number the positive blossoms by decreasing depth (a counting sort).
    let max_depth = (n..nodes)
        .filter(|&b| positive[b].is_some())
        .map(|b| depth[b])
        .max();
    let Some(max_depth) = max_depth else {
        return Vec::new();
    };
    let mut start = vec![0usize; max_depth + 2];
    for b in (n..nodes).filter(|&b| positive[b].is_some()) {
        start[max_depth - depth[b] + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut slot = vec![NONE; nodes];
    for b in (n..nodes).filter(|&b| positive[b].is_some()) {
        let at = &mut start[max_depth - depth[b]];
        slot[b] = *at;
        *at += 1;
    }
    let k = start[max_depth];
    let mut sets: Vec<OddSet> = vec![
        OddSet {
            vertices: Vec::new(),
            children: Vec::new(),
            dual: 0,
        };
        k
    ];
    let mut by_slot = vec![NONE; k];
    for b in (n..nodes).filter(|&b| positive[b].is_some()) {
        by_slot[slot[b]] = b;
        sets[slot[b]].dual = positive[b].unwrap_or(0);
    }
    for v in 0..n {
        if up[v] != NONE {
            sets[slot[up[v]]].vertices.push(v as u32);
        }
    }
    for (i, &b) in by_slot.iter().enumerate() {
        if up[b] != NONE {
            sets[slot[up[b]]].children.push(i as u32);
        }
    }
    sets
}

/// Calls `f` on every vertex inside blossom (or vertex) `b` (`childs` as in [`Engine`]).
fn leaves_of(
    n: usize,
    childs: &[Vec<usize>],
    b: usize,
    stack: &mut Vec<usize>,
    mut f: impl FnMut(usize),
) {
    stack.clear();
    stack.push(b);
    while let Some(x) = stack.pop() {
        if x < n {
            f(x);
        } else {
            stack.extend_from_slice(&childs[x]);
        }
    }
}

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
struct MinHeap<N> {
    items: Vec<(N, usize)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    live: usize,
}

impl<N: Num> Default for MinHeap<N> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
        }
    }
}

impl<N: Num> MinHeap<N> {
    fn push(&mut self, key: N, item: usize) {
        let mut i = self.items.len();
        self.items.push((key, item));
        while i > 0 {
            let up = (i - 1) / 4;
            if self.items[up].0 <= key {
                break;
            }
            self.items.swap(i, up);
            i = up;
        }
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    /// Keeps the items `key_of` gives a key (their new key), each item once.
    fn rebuild(&mut self, mut key_of: impl FnMut(usize) -> Option<N>) {
        let mut items: Vec<(N, usize)> = std::mem::take(&mut self.items)
            .into_iter()
            .filter_map(|(_, x)| key_of(x).map(|k| (k, x)))
            .collect();
        items.sort_unstable_by_key(|&(_, x)| x);
        items.dedup_by_key(|&mut (_, x)| x);
        // Sorted by key, the array is a heap.
        items.sort_unstable();
        self.live = items.len();
        self.items = items;
    }

    fn peek(&self) -> Option<(N, usize)> {
        self.items.first().copied()
    }

    fn pop(&mut self) {
        let Some(last) = self.items.pop() else { return };
        let len = self.items.len();
        if len == 0 {
            return;
        }
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            if first >= len {
                break;
            }
            let end = (first + 4).min(len);
            let mut best = first;
            for c in first + 1..end {
                if self.items[c].0 < self.items[best].0 {
                    best = c;
                }
            }
            if self.items[best].0 >= last.0 {
                break;
            }
            self.items[i] = self.items[best];
            i = best;
        }
        self.items[i] = last;
    }
}

/// The search state. Vertices are `0..n`, blossoms `n..2n`; edge `k` of the kept list has
/// endpoints `2k` and `2k + 1`, and `endpoint[p]` is the vertex at endpoint `p` (so `p ^ 1`
/// is the other end). Duals here are in the units of the doubled weights `2w`: `dual[v]` is
/// `2y_v` and `dual[b]` is `z_B` (stored relative to the clock while labelled: see
/// [`Engine::vdual`]; slack = `2y_u + 2y_v − 2w`, plus twice the blossom
/// duals containing both ends).
struct Engine<N> {
    n: usize,
    /// Vertex at each endpoint.
    endpoint: Vec<usize>,
    /// Doubled weight of each kept edge.
    wt2: Vec<N>,
    /// Remote endpoints of the edges at each vertex, CSR.
    adj_start: Vec<usize>,
    /// (remote vertex, remote endpoint) of each edge at a vertex.
    adj: Vec<(usize, usize)>,
    /// Remote endpoint of the matched edge at a vertex, or NONE.
    mate: Vec<usize>,
    /// Label of each top-level blossom or vertex (and of T-blossom entry vertices).
    label: Vec<u8>,
    /// Endpoint through which the label was reached (the remote end is the parent side).
    labelend: Vec<usize>,
    /// Top-level blossom of each vertex.
    inblossom: Vec<usize>,
    /// Parent blossom, or NONE at top level.
    parent: Vec<usize>,
    /// Sub-blossoms of a blossom, in cycle order starting at the base.
    childs: Vec<Vec<usize>>,
    /// `endps[b][i]` joins `childs[b][i]` to `childs[b][i + 1]` (endpoint in the former).
    endps: Vec<Vec<usize>>,
    /// Base vertex of a blossom (NONE when the slot is unused).
    base: Vec<usize>,
    /// Unused blossom slots.
    unused: Vec<usize>,
    /// Doubled vertex duals, then blossom duals z_B in doubled-weight units, stored
    /// relative to [`Engine::clock`] while their top-level blossom is labelled (see
    /// [`Engine::vdual`] and [`Engine::bdual`]), so that a dual step costs O(1).
    dual: Vec<N>,
    /// Sum of all dual steps so far.
    clock: N,
    /// The dual of every exposed vertex at clock 0 (they all start at `max w`, and all are
    /// S-vertices throughout, so they stay equal).
    start: N,
    /// Candidate δ2 edges (S-vertex to unlabelled vertex), keyed by slack + clock.
    heap2: MinHeap<N>,
    /// Candidate δ3 edges (between S-blossoms), keyed by slack + 2·clock.
    heap3: MinHeap<N>,
    /// Candidate δ4 T-blossoms, keyed by their dual + clock.
    heap4: MinHeap<N>,
    /// Edge known tight (usable by the forest) in this stage.
    allowed: Vec<bool>,
    /// S-vertices still to scan.
    queue: Vec<usize>,
    /// Scratch stack for leaf walks.
    stack: Vec<usize>,
    /// Root (exposed vertex) of the tree of each labelled vertex, NONE if unlabelled.
    root: Vec<usize>,
    /// Vertices labelled into the tree of each root (may hold stale or repeated entries).
    members: Vec<Vec<usize>>,
    /// Visit stamps of [`Engine::dissolve`] over vertices and blossoms.
    stamp: Vec<u32>,
    /// Current stamp.
    epoch: u32,
    /// Edges to scan from an S-vertex (by the endpoint at the far end of it).
    pending: Vec<usize>,
    /// Exposed vertices left.
    exposed: usize,
    /// Perfect mode: no δ1, vertex duals free, every vertex a root until matched.
    perfect: bool,
    /// Perfect mode: past this clock no perfect matching exists (see the module docs).
    clock_limit: N,
}

impl<N: Num> Engine<N> {
    fn new<W: Weight>(
        n: usize,
        edges: &[(u32, u32)],
        weights: &[W],
        kept: &[usize],
        mode: Mode,
    ) -> Self {
        let m = kept.len();
        let mut endpoint = Vec::with_capacity(2 * m);
        let mut wt2 = Vec::with_capacity(m);
        let mut degree = vec![0usize; n + 1];
        let mut max_w = 0i128;
        for &i in kept {
            let (u, v) = (edges[i].0 as usize, edges[i].1 as usize);
            let w: i128 = weights[i].into();
            endpoint.push(u);
            endpoint.push(v);
            wt2.push(N::wide(2 * w));
            max_w = max_w.max(w);
            degree[u] += 1;
            degree[v] += 1;
        }
        let mut adj_start = vec![0usize; n + 1];
        for v in 0..n {
            adj_start[v + 1] = adj_start[v] + degree[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![(0usize, 0usize); 2 * m];
        for k in 0..m {
            let (u, v) = (endpoint[2 * k], endpoint[2 * k + 1]);
            adj[fill[u]] = (v, 2 * k + 1);
            fill[u] += 1;
            adj[fill[v]] = (u, 2 * k);
            fill[v] += 1;
        }
        let perfect = mode == Mode::Perfect;
        let dual: Vec<i128> = if perfect {
            // Each vertex at its heaviest edge (2y_v = max w, so every edge is covered and
            // each vertex's heaviest edge is tight), raised by 1 where needed so that every
            // dual has the parity of the heaviest weight overall: then all S-vertices share
            // the parity of `max_w − clock` and S–S slacks stay even (δ3 an integer).
            let mut top = vec![i128::MIN; n];
            let mut max_all = i128::MIN;
            for &i in kept {
                let (u, v) = (edges[i].0 as usize, edges[i].1 as usize);
                let w: i128 = weights[i].into();
                top[u] = top[u].max(w);
                top[v] = top[v].max(w);
                max_all = max_all.max(w);
            }
            top.into_iter()
                // (A vertex without an edge ends the run before the search.)
                .map(|t| {
                    if t == i128::MIN {
                        0
                    } else if (max_all - t) % 2 == 0 {
                        t
                    } else {
                        t + 1
                    }
                })
                .collect()
        } else {
            // A vertex without a kept edge is never matched: dual 0, and it stays out of the
            // forest (else its dual would have to fall to 0 with the clock, which keeps every
            // other tree growing, and nesting blossoms, far longer than needed).
            (0..n)
                .map(|v| if degree[v] == 0 { 0 } else { max_w })
                .collect()
        };
        let mut dual: Vec<N> = dual.into_iter().map(N::wide).collect();
        dual.resize(2 * n, N::from(0));
        // With a perfect matching M, the doubled dual objective Σ dual[v] + Σ 2z_B(|B|−1)/2
        // starts at most n·(W + 1) and never drops below 2w(M) ≥ −n·W (W = max |w|), and
        // each dual step lowers it by at least the step: the clock stays within
        // n·(2W + 1). Past that, no perfect matching exists.
        let big_w = kept
            .iter()
            .map(|&i| weights[i].into().unsigned_abs())
            .max()
            .unwrap_or(0);
        let clock_limit = N::saturating((n as u128).saturating_mul(2 * big_w + 1));
        Engine {
            n,
            endpoint,
            wt2,
            adj_start,
            adj,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            unused: (n..2 * n).rev().collect(),
            dual,
            clock: N::from(0),
            start: N::wide(max_w),
            heap2: MinHeap::default(),
            heap3: MinHeap::default(),
            heap4: MinHeap::default(),
            allowed: vec![false; m],
            queue: Vec::new(),
            stack: Vec::new(),
            root: vec![NONE; n],
            members: vec![Vec::new(); n],
            stamp: vec![0; 2 * n],
            epoch: 0,
            pending: Vec::new(),
            exposed: 0,
            perfect,
            clock_limit,
        }
    }

    /// Slack of kept edge `k` (blossoms ignored: only used between different top-level
    /// blossoms, where no blossom contains both ends).
    #[inline]
    fn slack(&self, k: usize) -> N {
        self.vdual(self.endpoint[2 * k]) + self.vdual(self.endpoint[2 * k + 1]) - self.wt2[k]
    }

    /// The current dual of vertex `v`: S-vertices lose and T-vertices gain each dual step.
    #[inline]
    fn vdual(&self, v: usize) -> N {
        match self.label[self.inblossom[v]] {
            S => self.dual[v] - self.clock,
            T => self.dual[v] + self.clock,
            _ => self.dual[v],
        }
    }

    /// The current dual of blossom `b`, if top-level (S-blossoms gain, T-blossoms lose);
    /// nested blossoms store theirs as it is.
    #[inline]
    fn bdual(&self, b: usize) -> N {
        if self.parent[b] != NONE {
            return self.dual[b];
        }
        match self.label[b] {
            S => self.dual[b] + self.clock,
            T => self.dual[b] - self.clock,
            _ => self.dual[b],
        }
    }

    /// Gives the unlabelled top-level blossom (or vertex) `b` the label `t`, re-encoding the
    /// stored duals of its vertices and its own; `f` sees each of its vertices.
    fn set_top_label(&mut self, b: usize, t: u8, mut f: impl FnMut(usize)) {
        debug_assert_eq!(self.label[b], FREE);
        debug_assert_eq!(self.parent[b], NONE);
        let clock = if t == S { self.clock } else { -self.clock };
        let dual = &mut self.dual;
        let mut stack = std::mem::take(&mut self.stack);
        leaves_of(self.n, &self.childs, b, &mut stack, |v| {
            dual[v] += clock;
            f(v);
        });
        self.stack = stack;
        if b >= self.n {
            self.dual[b] -= clock;
            if t == T {
                self.heap4.push(self.dual[b], b);
            }
        }
        self.label[b] = t;
    }

    /// Makes labelled top-level blossom (or vertex) `b` unlabelled, storing its duals as
    /// they are now.
    fn clear_top_label(&mut self, b: usize) {
        let t = self.label[b];
        if t != S && t != T {
            self.label[b] = FREE;
            return;
        }
        let clock = if t == S { self.clock } else { -self.clock };
        let dual = &mut self.dual;
        let mut stack = std::mem::take(&mut self.stack);
        leaves_of(self.n, &self.childs, b, &mut stack, |v| dual[v] -= clock);
        self.stack = stack;
        if b >= self.n {
            self.dual[b] += clock;
        }
        self.label[b] = FREE;
    }

    /// Calls `f` on every vertex inside blossom (or vertex) `b`.
    fn leaves(&self, b: usize, stack: &mut Vec<usize>, f: impl FnMut(usize)) {
        leaves_of(self.n, &self.childs, b, stack, f);
    }

    /// The vertices inside `b`, into `out` (cleared first).
    fn leaves_into(&mut self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = std::mem::take(&mut self.stack);
        self.leaves(b, &mut stack, |v| out.push(v));
        self.stack = stack;
    }

    /// Labels the top-level blossom of `w` with `t`, reached through endpoint `p`; a T label
    /// makes the blossom's mate S in turn.
    fn assign_label(&mut self, mut w: usize, mut t: u8, mut p: usize) {
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            let r = if p == NONE {
                w
            } else {
                self.root[self.endpoint[p]]
            };
            debug_assert!(r != NONE);
            let mut queue = std::mem::take(&mut self.queue);
            let mut members = std::mem::take(&mut self.members[r]);
            let mut root = std::mem::take(&mut self.root);
            self.set_top_label(b, t, |v| {
                root[v] = r;
                members.push(v);
                if t == S {
                    queue.push(v);
                }
            });
            self.root = root;
            self.queue = queue;
            self.members[r] = members;
            self.label[w] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            if t == S {
                return;
            }
            let base = self.base[b];
            let mb = self.mate[base];
            debug_assert!(mb != NONE);
            w = self.endpoint[mb];
            t = S;
            p = mb ^ 1;
        }
    }

    /// Follows the tree paths up from `v` and `w` (S-vertices of the forest joined by a tight
    /// edge): the base of the new blossom if they meet, NONE if they reach two roots.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = MARK;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], T);
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    /// Makes a new blossom with base `base` from the S–S edge `k` and the tree paths.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("at most n blossoms at once");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = std::mem::take(&mut self.childs[b]);
        let mut endps = std::mem::take(&mut self.endps[b]);
        path.clear();
        endps.clear();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.labelend[b] = self.labelend[bb];
        self.childs[b] = path;
        self.endps[b] = endps;
        let mut leaves = Vec::new();
        self.leaves_into(b, &mut leaves);
        let clock2 = self.clock + self.clock;
        for &x in &leaves {
            if self.label[self.inblossom[x]] == T {
                // T-vertices become S-vertices of the new blossom: scan them.
                self.queue.push(x);
                self.dual[x] += clock2;
            }
            self.inblossom[x] = b;
        }
        // The sub-blossoms' duals are fixed from now on; store them as they are.
        let childs = std::mem::take(&mut self.childs[b]);
        for &c in &childs {
            if c >= self.n {
                self.dual[c] = match self.label[c] {
                    S => self.dual[c] + self.clock,
                    T => self.dual[c] - self.clock,
                    _ => self.dual[c],
                };
            }
            self.label[c] = FREE;
        }
        self.childs[b] = childs;
        self.label[b] = S;
        self.dual[b] = -self.clock;
    }

    /// Position of `x` in `childs[b]`.
    fn child_index(&self, b: usize, x: usize) -> usize {
        self.childs[b]
            .iter()
            .position(|&c| c == x)
            .expect("a sub-blossom of b")
    }

    /// Expands top-level blossom `b`: at the end of a stage (`endstage`, its zero-dual
    /// sub-blossoms too), or as a T-blossom whose dual reached zero, relabelling the
    /// sub-blossoms on the tree path through it.
    fn expand_blossom(&mut self, b0: usize, endstage: bool) {
        let mut todo = vec![b0];
        let mut leaves = Vec::new();
        if !endstage {
            // Its vertices' duals, stored relative to the clock as T-vertices, are fixed
            // until the sub-blossoms get their labels.
            let clock = self.clock;
            self.leaves_into(b0, &mut leaves);
            for &x in &leaves {
                self.dual[x] += clock;
            }
        } else {
            debug_assert_eq!(self.label[b0], FREE);
        }
        while let Some(b) = todo.pop() {
            let childs = std::mem::take(&mut self.childs[b]);
            for &s in &childs {
                self.parent[s] = NONE;
                if s < self.n {
                    self.inblossom[s] = s;
                } else if endstage && self.dual[s] == N::from(0) {
                    todo.push(s);
                } else {
                    self.leaves_into(s, &mut leaves);
                    for &x in &leaves {
                        self.inblossom[x] = s;
                    }
                }
            }
            self.childs[b] = childs;
            if !endstage && self.label[b] == T {
                self.label[b] = FREE;
                self.relabel_expanded(b, &mut leaves);
                // Its vertices left unlabelled may have lost their δ2 candidates while
                // inside a T-blossom: look at their edges again.
                self.leaves_into(b, &mut leaves);
                for &x in &leaves {
                    if self.label[self.inblossom[x]] != FREE {
                        continue;
                    }
                    for a in self.adj_start[x]..self.adj_start[x + 1] {
                        let (y, p) = self.adj[a];
                        if self.label[self.inblossom[y]] == S {
                            let key = self.slack(p / 2) + self.clock;
                            self.heap2.push(key, p / 2);
                        }
                    }
                }
            }
            self.label[b] = FREE;
            self.labelend[b] = NONE;
            self.childs[b].clear();
            self.endps[b].clear();
            self.base[b] = NONE;
            self.unused.push(b);
        }
    }

    /// After the T-blossom `b` lost its top level: labels the sub-blossoms on the even path
    /// from its entry child to its base, and T-labels the others that were reached.
    fn relabel_expanded(&mut self, b: usize, leaves: &mut Vec<usize>) {
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let entry = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
        let mut j = self.child_index(b, entry) as isize;
        let (jstep, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.labelend[b];
        while j != 0 {
            let ep = self.endps[b][at(j - trick as isize)];
            self.label[self.endpoint[p ^ 1]] = FREE;
            self.label[self.endpoint[ep ^ trick ^ 1]] = FREE;
            self.assign_label(self.endpoint[p ^ 1], T, p);
            self.allowed[ep / 2] = true;
            j += jstep;
            p = self.endps[b][at(j - trick as isize)] ^ trick;
            self.allowed[p / 2] = true;
            j += jstep;
        }
        let bv = self.childs[b][at(j)];
        let x = self.endpoint[p ^ 1];
        // A vertex child entered from outside carries a T mark already.
        self.label[bv] = FREE;
        self.set_top_label(bv, T, |_| {});
        self.label[x] = T;
        self.labelend[x] = p;
        self.labelend[bv] = p;
        j += jstep;
        while self.childs[b][at(j)] != entry {
            let bv = self.childs[b][at(j)];
            j += jstep;
            if self.label[bv] == S {
                continue;
            }
            self.leaves_into(bv, leaves);
            if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != FREE) {
                debug_assert_eq!(self.label[v], T);
                debug_assert_eq!(self.inblossom[v], bv);
                self.label[v] = FREE;
                let mb = self.mate[self.base[bv]];
                self.label[self.endpoint[mb]] = FREE;
                self.assign_label(v, T, self.labelend[v]);
            }
        }
    }

    /// Swaps matched and unmatched edges on the even path inside blossom `b0` from vertex
    /// `v0` to its base, making `v0` the base (nested blossoms through an explicit stack).
    fn augment_blossom(&mut self, b0: usize, v0: usize) {
        let mut todo = vec![(b0, v0)];
        while let Some((b, v)) = todo.pop() {
            let mut t = v;
            while self.parent[t] != b {
                t = self.parent[t];
            }
            if t >= self.n {
                todo.push((t, v));
            }
            let len = self.childs[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let i = self.child_index(b, t);
            let mut j = i as isize;
            let (jstep, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            while j != 0 {
                j += jstep;
                let t = self.childs[b][at(j)];
                let p = self.endps[b][at(j - trick as isize)] ^ trick;
                if t >= self.n {
                    todo.push((t, self.endpoint[p]));
                }
                j += jstep;
                let t = self.childs[b][at(j)];
                if t >= self.n {
                    todo.push((t, self.endpoint[p ^ 1]));
                }
                self.mate[self.endpoint[p]] = p ^ 1;
                self.mate[self.endpoint[p ^ 1]] = p;
            }
            self.childs[b].rotate_left(i);
            self.endps[b].rotate_left(i);
            // The child now first is the one holding v, which becomes its base too.
            self.base[b] = v;
        }
    }

    /// Augments along the path through the S–S edge `k` between two trees.
    fn augment_matching(&mut self, k: usize) {
        for (mut s, mut p) in [
            (self.endpoint[2 * k], 2 * k + 1),
            (self.endpoint[2 * k + 1], 2 * k),
        ] {
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], T);
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Unlabels the trees rooted at `roots` after an augmentation through them (their
    /// vertices are all matched now), expands their zero-dual S-blossoms, forgets which of
    /// their edges were tight, and queues the S-vertices of other trees next to them so that
    /// the freed vertices are reached again. The other trees keep their labels.
    fn dissolve(&mut self, roots: [usize; 2]) {
        self.epoch = self.epoch.wrapping_add(2);
        if self.epoch < 2 {
            self.stamp.fill(0);
            self.epoch = 2;
        }
        let epoch = self.epoch;
        let mut gone = Vec::new();
        for r in roots {
            let list = std::mem::take(&mut self.members[r]);
            for &x in &list {
                if self.root[x] == r && self.stamp[x] != epoch {
                    self.stamp[x] = epoch;
                    self.root[x] = NONE;
                    gone.push(x);
                }
            }
        }
        // Each top-level blossom once: store its duals, unlabel it; note the S-blossoms
        // with a zero dual, expanded as at the end of a stage.
        let mut zero = Vec::new();
        for &x in &gone {
            let b = self.inblossom[x];
            if b >= self.n {
                if self.stamp[b] == epoch {
                    continue;
                }
                self.stamp[b] = epoch;
                if self.label[b] == S && self.bdual(b) == N::from(0) {
                    zero.push(b);
                }
            }
            self.clear_top_label(b);
            self.labelend[b] = NONE;
        }
        // Nested blossoms' and vertices' labels go too (a blossom made in a dissolved tree
        // may be labelled T later, and its expansion reads its sub-blossoms' labels).
        for &x in &gone {
            let mut t = x;
            loop {
                self.label[t] = FREE;
                self.labelend[t] = NONE;
                let up = self.parent[t];
                if up == NONE || self.stamp[up] == epoch + 1 {
                    break;
                }
                self.stamp[up] = epoch + 1;
                t = up;
            }
        }
        for b in zero {
            self.expand_blossom(b, true);
        }
        for &x in &gone {
            for a in self.adj_start[x]..self.adj_start[x + 1] {
                let (y, p) = self.adj[a];
                // A vertex inside another tree's T-blossom that `x` reached (scan_edge's
                // inner T mark) loses that mark: `x` has left the forest, so the edge may
                // stop being tight (x's dual is now fixed while y's grows), and expanding
                // that blossom must not label through it. Its sub-blossom is then either
                // reached along the blossom's even path or looked at again as unlabelled.
                if self.label[y] == T
                    && self.labelend[y] == (p ^ 1)
                    && self.inblossom[y] != y
                    && self.label[self.inblossom[y]] == T
                {
                    self.label[y] = FREE;
                    self.labelend[y] = NONE;
                }
                self.allowed[p / 2] = false;
                if self.label[self.inblossom[y]] == S {
                    self.pending.push(p ^ 1);
                }
            }
        }
    }

    /// The δ2 key (slack + clock) of edge `e` if it joins an S-vertex to an unlabelled one.
    fn key2(&self, e: usize) -> Option<N> {
        let (i, j) = (self.endpoint[2 * e], self.endpoint[2 * e + 1]);
        let (li, lj) = (self.label[self.inblossom[i]], self.label[self.inblossom[j]]);
        ((li == S && lj == FREE) || (li == FREE && lj == S)).then(|| self.slack(e) + self.clock)
    }

    /// The δ3 key (slack + 2·clock) of edge `e` if it joins two different S-blossoms.
    fn key3(&self, e: usize) -> Option<N> {
        let (bi, bj) = (
            self.inblossom[self.endpoint[2 * e]],
            self.inblossom[self.endpoint[2 * e + 1]],
        );
        (bi != bj && self.label[bi] == S && self.label[bj] == S)
            .then(|| self.slack(e) + self.clock + self.clock)
    }

    /// The δ4 key (dual + clock, as stored) of blossom `b` if it is a top-level T-blossom.
    fn key4(&self, b: usize) -> Option<N> {
        (self.base[b] != NONE && self.parent[b] == NONE && self.label[b] == T)
            .then_some(self.dual[b])
    }

    /// The least δ2 (slack of an edge from an S-vertex to an unlabelled vertex) and its
    /// edge, dropping stale candidates and re-keying moved ones.
    fn min2(&mut self) -> Option<(N, usize)> {
        while let Some((key, e)) = self.heap2.peek() {
            match self.key2(e) {
                Some(now) if now == key => {
                    return Some((key - self.clock, e));
                }
                Some(now) => {
                    self.heap2.pop();
                    self.heap2.push(now, e);
                }
                None => self.heap2.pop(),
            }
        }
        None
    }

    /// The least δ3 (half the slack of an edge between two S-blossoms) and its edge.
    fn min3(&mut self) -> Option<(N, usize)> {
        while let Some((key, e)) = self.heap3.peek() {
            match self.key3(e) {
                Some(now) if now == key => {
                    let s = key - self.clock - self.clock;
                    debug_assert!(s % N::from(2) == N::from(0), "S–S slack is even");
                    return Some((s / N::from(2), e));
                }
                Some(now) => {
                    self.heap3.pop();
                    self.heap3.push(now, e);
                }
                None => self.heap3.pop(),
            }
        }
        None
    }

    /// The least δ4 (dual of a top-level T-blossom) and its blossom.
    fn min4(&mut self) -> Option<(N, usize)> {
        while let Some((key, b)) = self.heap4.peek() {
            if self.key4(b) == Some(key) {
                return Some((key - self.clock, b));
            }
            self.heap4.pop();
        }
        None
    }

    /// Looks at the edge from S-vertex `v` to the vertex `w` at endpoint `p`: grows the tree, makes
    /// a blossom or augments if it is tight, records it as a dual-step candidate otherwise.
    fn scan_edge(&mut self, v: usize, w: usize, p: usize) {
        let k = p / 2;
        debug_assert_eq!(w, self.endpoint[p]);
        let bv = self.inblossom[v];
        let bw = self.inblossom[w];
        if bv == bw {
            return;
        }
        let mut kslack = N::from(0);
        if !self.allowed[k] {
            kslack = self.slack(k);
            if kslack <= N::from(0) {
                self.allowed[k] = true;
            }
        }
        if self.allowed[k] {
            if self.label[bw] == FREE {
                self.assign_label(w, T, p ^ 1);
            } else if self.label[bw] == S {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    let roots = [self.root[v], self.root[w]];
                    self.augment_matching(k);
                    self.exposed -= 2;
                    self.dissolve(roots);
                }
            } else if self.label[w] == FREE {
                debug_assert_eq!(self.label[bw], T);
                self.label[w] = T;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[bw] == S {
            // Keyed in clock units; a key at or past 2·start (δ3 ≥ δ1) stays there while
            // both ends stay S, and a label change rescans the edge: no need to keep it.
            let key = kslack + self.clock + self.clock;
            if self.perfect || key < self.start + self.start {
                self.heap3.push(key, k);
            }
        } else if self.label[w] == FREE {
            // Likewise: δ2 ≥ δ1 from a key at or past start on.
            let key = kslack + self.clock;
            if self.perfect || key < self.start {
                self.heap2.push(key, k);
            }
        }
    }

    /// Runs the search until the duals prove the matching optimal: one forest grown from all
    /// exposed vertices, the two trees of each augmentation dissolved and the others kept.
    /// Returns `false` in perfect mode if the graph has no perfect matching.
    fn solve(&mut self) -> bool {
        let n = self.n;
        if self.perfect && (0..n).any(|v| self.adj_start[v] == self.adj_start[v + 1]) {
            return false;
        }
        for v in 0..n {
            if self.mate[v] == NONE
                && self.label[self.inblossom[v]] == FREE
                && self.adj_start[v] < self.adj_start[v + 1]
            {
                self.assign_label(v, S, NONE);
                self.exposed += 1;
            }
        }
        loop {
            loop {
                if let Some(p) = self.pending.pop() {
                    // The edge from S-vertex endpoint[p ^ 1] to endpoint[p].
                    if self.label[self.inblossom[self.endpoint[p ^ 1]]] == S {
                        self.scan_edge(self.endpoint[p ^ 1], self.endpoint[p], p);
                    }
                    continue;
                }
                let Some(v) = self.queue.pop() else { break };
                for a in self.adj_start[v]..self.adj_start[v + 1] {
                    if self.label[self.inblossom[v]] != S {
                        // Its tree was dissolved by an augmentation.
                        break;
                    }
                    let (w, p) = self.adj[a];
                    self.scan_edge(v, w, p);
                }
            }
            if self.exposed == 0 {
                break;
            }
            // No tight edge left to use: a dual step. Every exposed vertex has the dual
            // start − clock (δ1).
            // Lazily deleted candidates pile up: past 2(m + n) entries, or four times the
            // entries kept by the last rebuild (a small heap is faster), rebuild a heap from
            // the live ones (each edge once), so memory stays O(n + m); at least 3·live +
            // 4096 pushes come between two rebuilds, so they cost O(log) per push.
            // (Under test, on small graphs: at every step, to exercise the rebuild.)
            let test = cfg!(test) && n < 64;
            let limit = |heap: &MinHeap<N>| {
                if test {
                    0
                } else {
                    (2 * (self.wt2.len() + n) + 1024).min(4 * heap.live + 4096)
                }
            };
            if self.heap2.len() > limit(&self.heap2) {
                let mut heap = std::mem::take(&mut self.heap2);
                heap.rebuild(|e| self.key2(e));
                self.heap2 = heap;
            }
            if self.heap3.len() > limit(&self.heap3) {
                let mut heap = std::mem::take(&mut self.heap3);
                heap.rebuild(|e| self.key3(e));
                self.heap3 = heap;
            }
            if self.heap4.len() > limit(&self.heap4) {
                let mut heap = std::mem::take(&mut self.heap4);
                heap.rebuild(|b| self.key4(b));
                self.heap4 = heap;
            }
            // In perfect mode there is no δ1: with no candidate at all the duals of the
            // forest could grow without bound, so no perfect matching exists.
            let mut delta = if self.perfect {
                N::MAX
            } else {
                self.start - self.clock
            };
            let mut kind = if self.perfect { 0u8 } else { 1u8 };
            let mut what = NONE;
            if let Some((d, e)) = self.min2()
                && d < delta
            {
                (delta, kind, what) = (d, 2, e);
            }
            if let Some((d, e)) = self.min3()
                && d < delta
            {
                (delta, kind, what) = (d, 3, e);
            }
            if let Some((d, b)) = self.min4()
                && d < delta
            {
                (delta, kind, what) = (d, 4, b);
            }
            if kind == 0 || delta > self.clock_limit - self.clock {
                return false;
            }
            debug_assert!(delta >= N::from(0));
            self.clock += delta;
            match kind {
                1 => break,
                2 => {
                    self.allowed[what] = true;
                    let (mut i, j) = (self.endpoint[2 * what], self.endpoint[2 * what + 1]);
                    if self.label[self.inblossom[i]] == FREE {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.allowed[what] = true;
                    self.queue.push(self.endpoint[2 * what]);
                }
                _ => self.expand_blossom(what, false),
            }
        }
        // Store every dual as it is now.
        let top: Vec<usize> = (0..2 * n)
            .filter(|&b| self.parent[b] == NONE && self.base[b] != NONE)
            .collect();
        for b in top {
            self.clear_top_label(b);
        }
        true
    }
}
