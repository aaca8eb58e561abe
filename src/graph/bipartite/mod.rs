//! Maximum bipartite matching, a König minimum vertex cover that proves it, and which edges
//! every, some or no maximum matching uses.
//!
//! **Guarantee:** [`maximum_matching`] returns a maximum-cardinality matching, and
//! [`konig_cover`] turns any maximum matching into a vertex cover of the same size — by König's
//! theorem the proof that no larger matching exists (it checks the sizes itself and panics
//! otherwise). [`classify`] turns any maximum matching into the Dulmage–Mendelsohn class of
//! every edge ([`EdgeClass`]: in every, some or no maximum matching; `classify.rs`, where its
//! algorithm and tests are described), and [`dmperm`] into the Dulmage–Mendelsohn decomposition
//! itself, as MATLAB's `dmperm` gives it ([`Dmperm`]: coarse parts and the block triangular
//! form of the square part; `dm.rs`).
//!
//! **Complexity:** [`push_relabel`] (the engine of [`maximum_matching`]) is O(V·E) in the worst
//! case and close to linear on board graphs at every density; [`hopcroft_karp`] is
//! O(E·(√V + t)), t being the augmenting paths still missing when a phase first gains fewer
//! than 64 (see its module); [`konig_cover`], [`classify`] and [`dmperm`] are O(V + E). Memory O(V + E); nothing recurses
//! (explicit stacks and queues), so graphs of 10⁸ edges run on any thread stack.
//!
//! **Algorithm.** Both engines start from the same greedy matching (left vertices by
//! increasing degree, each taking its free neighbour of smallest degree).
//! - `push_relabel.rs`: push–relabel with FIFO order, fair neighbour scans and a global
//!   relabel (breadth-first from the free right vertices) every 0.1·V pushes, the best variant
//!   of Kaya, Langguth, Manne & Uçar (2013); the side with fewer vertices is the active one; a
//!   relabel stops early once it has met every active vertex, and one that runs to the end
//!   drops the active vertices it never met (they have no augmenting path).
//! - `hopcroft_karp.rs`: Hopcroft–Karp phases (breadth-first layers, depth-first augmentation
//!   that marks dead ends, then "disjoint walks" with a free-neighbour lookahead as in Duff, Kaya
//!   & Uçar 2011), dead free roots dropped up front, and a root-by-root tail with frozen
//!   Hungarian trees once phases gain little.
//!
//! On rooks run graphs (row runs × column runs) push–relabel is faster than these
//! Hopcroft–Karp phases wherever augmenting paths are long (low pawn densities) and level
//! where the greedy start is nearly maximum (figures in docs/BENCHMARKS.md, *Profiling*), so it
//! is the default; Hopcroft–Karp stays as a second, independent engine that the tests compare
//! with it.
//!
//! **Status:** every engine — from its own warm start, from the empty matching and from random
//! maximal matchings, and push–relabel on the transposed graph — is compared with an exhaustive
//! maximum matching on thousands of random graphs (≤ 7 + 7 vertices, parallel edges included),
//! with Kuhn's algorithm on hundreds of random graphs up to 300 + 300 and on rooks run graphs
//! of random boards at pawn densities 0–80%; every cover is checked to cover all edges with
//! |cover| = |matching|. The layered dead-end trap of scipy issue #26147 (a ladder that a
//! Hopcroft–Karp search without dead-end marks explores 2^60 times) is in the tests, and so is
//! a 2·10⁵-vertex augmenting path on a 128 KiB stack.

use std::borrow::Borrow;

mod classify;
#[cfg(test)]
mod classify_tests;
mod dm;
#[cfg(test)]
mod dm_tests;
mod hopcroft_karp;
mod push_relabel;
#[cfg(test)]
mod tests;

pub use classify::{EdgeClass, classify};
pub use dm::{Dmperm, dmperm};
pub use hopcroft_karp::hopcroft_karp;
pub use push_relabel::push_relabel;

/// Marks "no vertex" (the graph core's one sentinel, [`crate::graph::NONE`]).
pub use super::NONE;

/// A bipartite graph with CSR adjacency from the left side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BipartiteGraph {
    n_right: usize,
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl BipartiteGraph {
    /// Builds the graph from an edge list of `(left, right)` pairs: any iterable of pairs or of
    /// references to them (`&[(u32, u32)]`, `&Vec<_>`, a `Vec`, an array, an iterator such as
    /// `(0..n).map(|i| (i, i))`). Each left vertex lists its neighbours in edge order; parallel
    /// edges are kept.
    ///
    /// The edges are read twice through a clone of the iterator (degrees first, then the
    /// placement), so borrowed edge lists are not copied; an iterator that cannot be cloned is
    /// rejected at compile time (`collect` it first).
    ///
    /// # Constraints
    /// `n_left, n_right < u32::MAX`; every `left < n_left`, every `right < n_right`; cloning the
    /// iterator yields the same edges.
    /// # Panics
    /// If an endpoint is out of range, or `n_left` or `n_right` is `>= u32::MAX`.
    /// # Complexity
    /// O(n_left + E) time and memory (plus one clone of the iterator: free for borrowed edges,
    /// a copy of the remaining edges for `vec::IntoIter`).
    /// # Examples
    /// ```
    /// use gridmatch::graph::bipartite::{BipartiteGraph, hopcroft_karp};
    ///
    /// let g = BipartiteGraph::from_edges(2, 3, [(0, 0), (0, 1), (1, 1), (1, 2)]);
    /// assert_eq!(g, BipartiteGraph::from_edges(2, 3, &vec![(0, 0), (0, 1), (1, 1), (1, 2)]));
    /// assert_eq!(g.neighbors(1), &[1, 2]);
    /// assert!(hopcroft_karp(&g).is_left_perfect());
    /// ```
    pub fn from_edges<I>(n_left: usize, n_right: usize, edges: I) -> Self
    where
        I: IntoIterator,
        I::Item: Borrow<(u32, u32)>,
        I::IntoIter: Clone,
    {
        let edges = edges.into_iter();
        let mut offsets = vec![0usize; n_left + 1];
        for e in edges.clone() {
            let (u, v) = *e.borrow();
            assert!(
                (u as usize) < n_left && (v as usize) < n_right,
                "edge out of range"
            );
            offsets[u as usize + 1] += 1;
        }
        for i in 0..n_left {
            offsets[i + 1] += offsets[i];
        }
        let mut pos = offsets.clone();
        let mut targets = vec![0u32; offsets[n_left]];
        for e in edges {
            let (u, v) = *e.borrow();
            targets[pos[u as usize]] = v;
            pos[u as usize] += 1;
        }
        BipartiteGraph::from_csr(n_right, offsets, targets)
    }

    /// Wraps ready CSR arrays: `offsets` has `n_left + 1` non-decreasing entries starting at 0 and
    /// ending at `targets.len()`.
    ///
    /// # Constraints
    /// `n_left, n_right < u32::MAX`.
    /// # Panics
    /// If the offsets are malformed or a target is `>= n_right`.
    /// # Complexity
    /// O(n_left + E) for the checks.
    pub fn from_csr(n_right: usize, offsets: Vec<usize>, targets: Vec<u32>) -> Self {
        assert!(
            !offsets.is_empty() && offsets[0] == 0,
            "offsets must start at 0"
        );
        assert_eq!(
            offsets[offsets.len() - 1],
            targets.len(),
            "offsets must end at E"
        );
        assert!(
            offsets.windows(2).all(|w| w[0] <= w[1]),
            "offsets must not decrease"
        );
        assert!(
            offsets.len() - 1 < NONE as usize && n_right < NONE as usize,
            "too many vertices"
        );
        assert!(
            targets.iter().all(|&v| (v as usize) < n_right),
            "target out of range"
        );
        BipartiteGraph {
            n_right,
            offsets,
            targets,
        }
    }

    /// Number of left vertices.
    pub fn n_left(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of right vertices.
    pub fn n_right(&self) -> usize {
        self.n_right
    }

    /// Number of edges.
    pub fn num_edges(&self) -> usize {
        self.targets.len()
    }

    /// The same graph with the sides swapped: right vertex `v` of `self` is left vertex `v` of
    /// the result, with its left neighbours in increasing order.
    ///
    /// # Constraints
    /// None.
    /// # Panics
    /// Never.
    /// # Complexity
    /// O(n_left + n_right + E) time and memory.
    pub fn transpose(&self) -> BipartiteGraph {
        let mut offsets = vec![0usize; self.n_right + 1];
        for &v in &self.targets {
            offsets[v as usize + 1] += 1;
        }
        for i in 0..self.n_right {
            offsets[i + 1] += offsets[i];
        }
        let mut pos = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for u in 0..self.n_left() as u32 {
            for &v in self.neighbors(u) {
                targets[pos[v as usize]] = u;
                pos[v as usize] += 1;
            }
        }
        BipartiteGraph {
            n_right: self.n_left(),
            offsets,
            targets,
        }
    }

    /// Right neighbours of left vertex `u`.
    ///
    /// # Panics
    /// If `u >= n_left`.
    pub fn neighbors(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.targets[self.offsets[u]..self.offsets[u + 1]]
    }
}

/// A matching: each matched left vertex knows its right mate and vice versa.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    left: Vec<u32>,
    right: Vec<u32>,
    size: usize,
}

impl Matching {
    /// Number of matched pairs.
    pub fn len(&self) -> usize {
        self.size
    }

    /// True if nothing is matched.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Right mate of left vertex `u`.
    pub fn left_mate(&self, u: u32) -> Option<u32> {
        Some(self.left[u as usize]).filter(|&v| v != NONE)
    }

    /// Left mate of right vertex `v`.
    pub fn right_mate(&self, v: u32) -> Option<u32> {
        Some(self.right[v as usize]).filter(|&u| u != NONE)
    }

    /// Whether every left vertex is matched (`len() == n_left`): the matching saturates the left
    /// side, as when every row run of a board gets a rook. True for zero left vertices.
    ///
    /// # Constraints
    /// None.
    /// # Panics
    /// Never.
    /// # Complexity
    /// O(1).
    pub fn is_left_perfect(&self) -> bool {
        self.size == self.left.len()
    }

    /// Whether every right vertex is matched (`len() == n_right`). True for zero right vertices.
    ///
    /// # Constraints
    /// None.
    /// # Panics
    /// Never.
    /// # Complexity
    /// O(1).
    pub fn is_right_perfect(&self) -> bool {
        self.size == self.right.len()
    }

    /// Whether the matching is perfect: every vertex on *both* sides is matched, so
    /// `n_left == n_right == len()` (the usual graph-theoretic meaning). True for the empty graph.
    /// For a matching that only has to cover one side, see [`is_left_perfect`](Self::is_left_perfect)
    /// and [`is_right_perfect`](Self::is_right_perfect).
    ///
    /// # Constraints
    /// None.
    /// # Panics
    /// Never.
    /// # Complexity
    /// O(1).
    pub fn is_perfect(&self) -> bool {
        self.is_left_perfect() && self.is_right_perfect()
    }

    /// The empty matching of `g`.
    #[cfg(test)]
    fn empty(g: &BipartiteGraph) -> Matching {
        Matching {
            left: vec![NONE; g.n_left()],
            right: vec![NONE; g.n_right()],
            size: 0,
        }
    }

    /// The same pairs seen from the other side: a matching of `g.transpose()`.
    fn swap_sides(self) -> Matching {
        Matching {
            left: self.right,
            right: self.left,
            size: self.size,
        }
    }

    /// Matched pairs `(left, right)` in left order.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0u32..)
            .zip(self.left.iter().copied())
            .filter(|&(_, v)| v != NONE)
    }
}

/// Maximum-cardinality matching of `g` by the engine that measured fastest on every graph
/// family of the benchmarks: [`push_relabel`] (see the module documentation).
///
/// # Constraints
/// None beyond the graph's.
/// # Panics
/// Never.
/// # Complexity
/// That of [`push_relabel`].
/// # Examples
/// ```
/// use gridmatch::graph::bipartite::{BipartiteGraph, konig_cover, maximum_matching};
///
/// // Left 0 likes rights 0 and 1, left 1 only right 0: both can be matched.
/// let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (0, 1), (1, 0)]);
/// let m = maximum_matching(&g);
/// assert_eq!(m.len(), 2);
/// assert_eq!(m.left_mate(1), Some(0));
/// assert_eq!(konig_cover(&g, &m).len(), 2); // the proof: two vertices cover every edge
/// ```
pub fn maximum_matching(g: &BipartiteGraph) -> Matching {
    push_relabel(g)
}

/// Warm start: greedy in order of increasing left degree, each left vertex taking its free
/// neighbour of smallest degree (a cheap Karp–Sipser flavour); on boards it leaves little for
/// the exact algorithms to do.
pub(super) fn greedy_start(g: &BipartiteGraph) -> Matching {
    let nl = g.n_left();
    let mut left = vec![NONE; nl];
    let mut right = vec![NONE; g.n_right()];
    let mut size = 0;
    let mut right_degree = vec![0u32; g.n_right()];
    for &v in &g.targets {
        right_degree[v as usize] = right_degree[v as usize].saturating_add(1);
    }
    let mut by_degree: Vec<u32> = (0..nl as u32).collect();
    by_degree.sort_by_key(|&u| g.neighbors(u).len());
    for &u in &by_degree {
        let best = g
            .neighbors(u)
            .iter()
            .filter(|&&v| right[v as usize] == NONE)
            .min_by_key(|&&v| right_degree[v as usize]);
        if let Some(&v) = best {
            left[u as usize] = v;
            right[v as usize] = u;
            size += 1;
        }
    }
    Matching { left, right, size }
}

/// A vertex cover given as sorted lists of left and right vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexCover {
    /// Left vertices in the cover.
    pub left: Vec<u32>,
    /// Right vertices in the cover.
    pub right: Vec<u32>,
}

impl VertexCover {
    /// Number of vertices in the cover.
    pub fn len(&self) -> usize {
        self.left.len() + self.right.len()
    }

    /// True if the cover is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The vertices reachable by alternating paths from the exposed left vertices (unmatched edges
/// left → right, matched edges right → left), as `(left, right)` flags: breadth-first, no
/// recursion. König's cover and the Dulmage–Mendelsohn classes are both read off it.
///
/// # Panics
/// On reaching an exposed right vertex: that is an augmenting path, so `m` was not maximum.
pub(crate) fn alternating_reach(g: &BipartiteGraph, m: &Matching) -> (Vec<bool>, Vec<bool>) {
    let mut seen_left: Vec<bool> = m.left.iter().map(|&v| v == NONE).collect();
    let mut seen_right = vec![false; g.n_right()];
    let mut queue: Vec<u32> = (0u32..)
        .zip(&seen_left)
        .filter(|(_, s)| **s)
        .map(|(u, _)| u)
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        // The arc to u's own mate (if any) leads back to where u was reached from: harmless.
        for &v in g.neighbors(u) {
            if !seen_right[v as usize] {
                seen_right[v as usize] = true;
                let w = m.right[v as usize];
                assert!(
                    w != NONE,
                    "augmenting path found: the matching is not maximum"
                );
                if !seen_left[w as usize] {
                    seen_left[w as usize] = true;
                    queue.push(w);
                }
            }
        }
    }
    (seen_left, seen_right)
}

/// König's construction: a minimum vertex cover from a maximum matching.
///
/// # Constraints
/// `m` is a maximum matching of `g` (as returned by [`hopcroft_karp`]).
/// # Panics
/// If an augmenting path exists (then `m` was not maximum) — a bug in the caller.
/// # Complexity
/// O(V + E), no recursion.
pub fn konig_cover(g: &BipartiteGraph, m: &Matching) -> VertexCover {
    let (seen_left, seen_right) = alternating_reach(g, m);
    let cover = VertexCover {
        left: (0u32..)
            .zip(&seen_left)
            .filter(|(_, s)| !**s)
            .map(|(u, _)| u)
            .collect(),
        right: (0u32..)
            .zip(&seen_right)
            .filter(|(_, s)| **s)
            .map(|(v, _)| v)
            .collect(),
    };
    // König: the sizes agree exactly when the matching is maximum (KACTL-style runtime check).
    assert_eq!(
        cover.len(),
        m.len(),
        "König cover size differs from the matching"
    );
    cover
}
