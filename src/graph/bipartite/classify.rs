//! Dulmage–Mendelsohn edge classes: which edges are in every, some or no maximum matching.
//!
//! **Guarantee:** from any maximum matching M of g, [`classify`] tells for each edge whether
//! its vertex pair u–v is used by every maximum matching, by some but not all, or by none. The
//! classes belong to g alone: every maximum matching M gives the same answer, and parallel
//! copies of a pair share its class. A matching that is not maximum, or not a matching of g,
//! is rejected with a panic.
//!
//! **Complexity:** O(V + E) time; O(V) memory besides the output (no transposed graph); nothing
//! recurses (an explicit call stack), so a 2·10⁵-vertex chain runs on a 256 KiB thread stack.
//!
//! **Algorithm** (Tassa 2012, "Finding all maximally-matchable edges in a bipartite graph";
//! the fine Dulmage–Mendelsohn decomposition). Orient every unmatched edge left → right and
//! every matched edge right → left, leaving out the unmatched parallel copies of matched pairs;
//! in this digraph D a directed path is an alternating path and a directed cycle an (even)
//! alternating cycle. For another maximum matching M′, M Δ M′ splits into even alternating
//! cycles and even alternating paths with one end exposed in M, and flipping any such cycle or
//! path of M gives a maximum matching; so a pair is in some maximum matching other than M, or
//! missing from one, exactly when it lies on such a cycle or path. With RL the vertices reachable
//! in D from an exposed left vertex (breadth-first) and RR those that reach an exposed right
//! vertex, a pair u–v lies on one iff u ∈ RL, v ∈ RR, or u and v share a strongly connected
//! component of D: an arc lies on a directed cycle iff its ends share a component, and for
//! u ∈ RL a shortest path from an exposed vertex to u, followed by u → v → mate(v), is an even
//! alternating path, unless it already passes v and so closes a cycle with u → v (symmetrically
//! for v ∈ RR; a matched pair's ends are in RL together and in RR together). So a matched
//! pair is [`EdgeClass::Every`] unless it lies on one (then [`EdgeClass::Some`]), and an
//! unmatched pair is [`EdgeClass::Some`] if it lies on one, [`EdgeClass::None`] otherwise. The
//! components come from one iterative Tarjan pass ([`scc`](crate::graph::scc)), which also computes RR: components are
//! completed sinks first, so a component reaches an exposed right vertex iff it holds one or has
//! an arc into a completed component that does.
//!
//! **Status:** compared, for every edge, with the classes counted over *all* maximum matchings
//! (exhaustive enumeration) on thousands of random graphs (≤ 6 + 6 vertices, parallel edges,
//! isolated vertices, shuffled edge order) and on rooks run graphs of random boards up to 5 × 5,
//! starting from the matchings of [`maximum_matching`](super::maximum_matching),
//! [`hopcroft_karp`](super::hopcroft_karp), push–relabel on the transposed graph and up to 24
//! maximum matchings drawn from the enumeration; on hundreds of random graphs up to 60 + 60 with a
//! deletion oracle (u–v is in some maximum matching iff ν(G − u − v) = ν − 1, in every one iff
//! ν drops when its copies are deleted); the transposed graph gives the same classes. Chains of
//! 2·10⁵ + 2·10⁵ vertices (unique perfect matching, one even cycle, one exposed end) run on a
//! 256 KiB stack.

use super::{BipartiteGraph, Matching, NONE};
use crate::graph::scc::{self, Record, Search, Tarjan};

/// Whether an edge is in every, some or no maximum matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeClass {
    /// Every maximum matching uses the pair (it is in M and on no even alternating cycle or
    /// path from an exposed vertex).
    Every,
    /// Some maximum matchings use the pair and some do not.
    Some,
    /// No maximum matching uses the pair.
    None,
}

impl EdgeClass {
    /// `"every"`, `"some"` or `"none"`.
    ///
    /// # Constraints
    /// None.
    /// # Panics
    /// Never.
    /// # Complexity
    /// O(1).
    pub fn name(self) -> &'static str {
        match self {
            EdgeClass::Every => "every",
            EdgeClass::Some => "some",
            EdgeClass::None => "none",
        }
    }
}

/// The class of every edge of `g`, in CSR order: the edges of left vertex 0 first, in the order
/// of `g.neighbors(0)`, then those of left vertex 1, and so on (so `result.len() ==
/// g.num_edges()`). Classes are of vertex pairs: a pair is [`EdgeClass::Every`] if every maximum
/// matching matches u with v, and parallel copies of a pair all get its class (only one copy can
/// be in a matching, but any one can).
///
/// # Constraints
/// `m` is a maximum matching of `g` (any one: the classes do not depend on it);
/// `n_left + n_right < u32::MAX`.
/// # Panics
/// If `m` is not a matching of `g` (other vertex counts, mates that disagree, a matched pair
/// that is not an edge), if it is not maximum (an augmenting path is found; always detected),
/// or if `n_left + n_right >= u32::MAX`.
/// # Complexity
/// O(V + E) time, O(V) memory besides the output; no recursion.
/// # Examples
/// ```
/// use gridmatch::graph::bipartite::{BipartiteGraph, EdgeClass, classify, maximum_matching};
///
/// // A 4-cycle 0–0–1–1 with a pendant edge: left 2 can only take right 1.
/// let g = BipartiteGraph::from_edges(3, 2, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 1)]);
/// let classes = classify(&g, &maximum_matching(&g));
/// // Right 1 is taken by left 2 or by one of 0, 1 (then right 0 by the other), so any pair can
/// // be matched, and none always is.
/// assert!(classes.iter().all(|&c| c == EdgeClass::Some));
///
/// // A path 0–0–1–1: its perfect matching is unique.
/// let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (0, 1), (1, 1)]);
/// let classes = classify(&g, &maximum_matching(&g));
/// assert_eq!(classes, [EdgeClass::Every, EdgeClass::None, EdgeClass::Every]);
/// assert_eq!(classes[1].name(), "none");
/// ```
pub fn classify(g: &BipartiteGraph, m: &Matching) -> Vec<EdgeClass> {
    check_matching(g, m, "classify");
    let nl = g.n_left();
    assert!(
        nl + g.n_right() < NONE as usize,
        "classify: n_left + n_right must be < u32::MAX"
    );
    let (from_exposed_left, right_reached) = super::alternating_reach(g, m);
    let Components {
        comp,
        to_exposed_right,
    } = components(g, m, &from_exposed_left, &right_reached);
    let mut out = Vec::with_capacity(g.num_edges());
    for u in 0..nl as u32 {
        let mate = m.left[u as usize];
        for &v in g.neighbors(u) {
            let (x, y) = (u as usize, nl + v as usize);
            // For a matched pair u ∈ RL ⇔ v ∈ RL and u ∈ RR ⇔ v ∈ RR (u's only arc in, v's
            // only arc out, is the matched one), so one test covers both orientations.
            let movable = from_exposed_left[x] || to_exposed_right[y] || comp[x] == comp[y];
            out.push(match (v == mate, movable) {
                (true, false) => EdgeClass::Every,
                (_, true) => EdgeClass::Some,
                (false, false) => EdgeClass::None,
            });
        }
    }
    out
}

/// Panics unless `m` is a matching of `g`: vertex counts, mates both ways, matched pairs are
/// edges, size; the message starts with `who`. O(V + E).
pub(super) fn check_matching(g: &BipartiteGraph, m: &Matching, who: &str) {
    let (nl, nr) = (g.n_left(), g.n_right());
    assert!(
        m.left.len() == nl && m.right.len() == nr,
        "{who}: the matching has other vertex counts than the graph"
    );
    let mut size = 0;
    for (u, &v) in m.left.iter().enumerate() {
        if v != NONE {
            assert!(
                (v as usize) < nr && m.right[v as usize] as usize == u,
                "{who}: the mates disagree"
            );
            assert!(
                g.neighbors(u as u32).contains(&v),
                "{who}: the matching matches a non-edge"
            );
            size += 1;
        }
    }
    for (v, &u) in m.right.iter().enumerate() {
        if u != NONE {
            assert!(
                (u as usize) < nl && m.left[u as usize] as usize == v,
                "{who}: the mates disagree"
            );
        }
    }
    assert_eq!(size, m.size, "{who}: the matching's size is wrong");
}

/// The strongly connected components of D and RR, on the vertex ids `0..n_left` (left) and
/// `n_left..n_left + n_right` (right).
struct Components {
    /// Component id of each vertex.
    comp: Vec<u32>,
    /// Whether the vertex reaches an exposed right vertex in D (RR).
    to_exposed_right: Vec<bool>,
}

/// The strongly connected components of D without the vertices in RL (`left_rl`,
/// `right_rl`), by [`scc`](crate::graph::scc). Leaving RL out changes no component and no RR
/// flag of the rest: a cycle through an RL vertex lies in RL (each of its vertices is reached
/// from it), and no RL vertex reaches an exposed right vertex (that would be an augmenting
/// path); their pairs are movable anyway. On boards with many exposed runs RL is a large part of
/// the graph. `to_exposed_right` is propagated along the way: every arc x → w is looked at once,
/// and `w`'s flag is final then unless `w` is still live, i.e. in x's component; when a
/// component is completed its members' flags are OR-ed together and shared, so each completed
/// component's flag is final.
fn components(g: &BipartiteGraph, m: &Matching, left_rl: &[bool], right_rl: &[bool]) -> Components {
    let nl = g.n_left();
    let n = nl + g.n_right();
    let recs = (0..n)
        .map(|x| {
            let (rl, exposed_right) = if x < nl {
                (left_rl[x], false)
            } else {
                (right_rl[x - nl], m.right[x - nl] == NONE)
            };
            Rec {
                rindex: if rl { scc::EXCLUDED } else { scc::UNVISITED },
                to_exposed_right: exposed_right,
            }
        })
        .collect();
    let mut tarjan = Tarjan::new(recs);
    tarjan.run(&mut D { g, m });
    Components {
        comp: tarjan.recs.iter().map(|r| r.rindex).collect(),
        to_exposed_right: tarjan.recs.iter().map(|r| r.to_exposed_right).collect(),
    }
}

/// A vertex of D in [`components`]' search.
#[derive(Clone, Copy)]
struct Rec {
    /// The search's word.
    rindex: u32,
    /// Whether the vertex reaches an exposed right vertex (final once its component is).
    to_exposed_right: bool,
}

impl Record for Rec {
    fn rindex(&self) -> u32 {
        self.rindex
    }
    fn set_rindex(&mut self, r: u32) {
        self.rindex = r;
    }
}

/// The digraph D of a graph and its matching, for [`scc`](crate::graph::scc).
struct D<'a> {
    g: &'a BipartiteGraph,
    m: &'a Matching,
}

impl Search for D<'_> {
    type Rec = Rec;
    fn enter(&mut self, _: u32, _: u32, _: &mut Rec) -> u32 {
        0
    }
    fn next(&mut self, x: u32, cursor: &mut u32, _: &mut Rec) -> Option<u32> {
        // Positions stay below the degree + 1 <= n_right + 1 < 2^31.
        let (w, next) = next_arc(self.g, self.m, x as usize, *cursor as usize);
        *cursor = next as u32;
        w.map(|w| w as u32)
    }
    fn merge(&mut self, rec: &mut Rec, head: &Rec) {
        rec.to_exposed_right |= head.to_exposed_right;
    }
    fn complete(&mut self, recs: &mut [Rec], root: u32, members: &[u32], _: u32) -> bool {
        let reach = recs[root as usize].to_exposed_right
            || members.iter().any(|&y| recs[y as usize].to_exposed_right);
        recs[root as usize].to_exposed_right = reach;
        for &y in members {
            recs[y as usize].to_exposed_right = reach;
        }
        false
    }
}

/// The arc of D out of vertex `x` at position `pos` or later, and the position after it: a left
/// vertex's neighbours other than its mate (unmatched copies of the matched pair are not arcs),
/// a right vertex's mate.
fn next_arc(g: &BipartiteGraph, m: &Matching, x: usize, mut pos: usize) -> (Option<usize>, usize) {
    let nl = g.n_left();
    if x < nl {
        let nbrs = g.neighbors(x as u32);
        let mate = m.left[x];
        while pos < nbrs.len() {
            let v = nbrs[pos];
            pos += 1;
            if v != mate {
                return (Some(nl + v as usize), pos);
            }
        }
        (None, pos)
    } else {
        let u = m.right[x - nl];
        if pos == 0 && u != NONE {
            (Some(u as usize), 1)
        } else {
            (None, 1)
        }
    }
}
