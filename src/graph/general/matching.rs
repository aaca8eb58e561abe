//! [`Matching`]: a set of vertex-disjoint pairs, as a symmetric mate array.

use super::{Graph, NONE};

/// A matching, stored as a symmetric mate array (`mate[v] == NONE` for an
/// exposed vertex). Invariant: `mate[mate[v]] == v` for matched `v`, and no
/// vertex is its own mate. Whether the pairs are edges of some graph is not
/// part of the invariant; functions taking a graph check it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    /// Mate of each vertex, `NONE` if exposed.
    pub(super) mate: Vec<u32>,
    /// Number of matched edges.
    pub(super) size: usize,
}

impl Matching {
    /// The empty matching on `n` vertices.
    ///
    /// # Constraints
    /// `n < u32::MAX`.
    ///
    /// # Panics
    /// If `n >= u32::MAX as usize`.
    ///
    /// # Complexity
    /// O(n).
    pub fn empty(n: usize) -> Matching {
        assert!(n < NONE as usize, "Matching: n = {n} must be < u32::MAX");
        Matching {
            mate: vec![NONE; n],
            size: 0,
        }
    }

    /// Wraps a mate array (`NONE` for exposed vertices).
    ///
    /// # Constraints
    /// `mate.len() < u32::MAX`; for every `v` with `mate[v] != NONE`:
    /// `mate[v] < n`, `mate[v] != v` and `mate[mate[v]] == v`.
    ///
    /// # Panics
    /// If any constraint is violated (in particular if `mate` is not
    /// symmetric).
    ///
    /// # Complexity
    /// O(n).
    pub fn from_mates(mate: Vec<u32>) -> Matching {
        let n = mate.len();
        assert!(n < NONE as usize, "Matching: n = {n} must be < u32::MAX");
        let mut matched = 0usize;
        for (v, &u) in mate.iter().enumerate() {
            if u != NONE {
                assert!(
                    (u as usize) < n && u as usize != v && mate[u as usize] as usize == v,
                    "Matching::from_mates: mate array is not a symmetric matching at vertex {v}"
                );
                matched += 1;
            }
        }
        Matching {
            mate,
            size: matched / 2,
        }
    }

    /// Mate of `v`, or `None` if `v` is exposed.
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn mate(&self, v: u32) -> Option<u32> {
        match self.mate[v as usize] {
            NONE => None,
            u => Some(u),
        }
    }

    /// Whether `v` is covered by the matching.
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_matched(&self, v: u32) -> bool {
        self.mate[v as usize] != NONE
    }

    /// Number of matched edges.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether no edge is matched.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Whether the matching is perfect: every vertex is matched (so `n` is
    /// even and `len() == n / 2`). The matching on zero vertices is perfect.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_perfect(&self) -> bool {
        2 * self.size == self.mate.len()
    }

    /// Removes the matched edge at `v`, if any, and returns `v`'s former
    /// mate (`None` if `v` was exposed, in which case nothing changes). Both
    /// endpoints become exposed and [`len`](Matching::len) drops by one.
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    /// ```
    /// use gridmatch::graph::general::{Graph, Matching, maximum_matching};
    ///
    /// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]);
    /// let mut m = maximum_matching(&g);
    /// assert!(m.is_perfect());
    /// assert_eq!(m.unmatch(0), Some(1));
    /// assert_eq!(m.unmatch(1), None);
    /// assert_eq!((m.len(), m.mate(0), m.mate(1)), (1, None, None));
    /// assert!(!m.is_perfect());
    /// ```
    pub fn unmatch(&mut self, v: u32) -> Option<u32> {
        let u = self.mate[v as usize];
        if u == NONE {
            return None;
        }
        self.mate[v as usize] = NONE;
        self.mate[u as usize] = NONE;
        self.size -= 1;
        Some(u)
    }

    /// Number of vertices the matching is defined on.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn num_vertices(&self) -> usize {
        self.mate.len()
    }

    /// The mate array (`NONE` for exposed vertices).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn mates(&self) -> &[u32] {
        &self.mate
    }

    /// The matched edges, each once as `(u, v)` with `u < v`, in increasing
    /// order of `u`.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(n) for a full iteration.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.mate
            .iter()
            .enumerate()
            .filter(|&(v, &u)| u != NONE && (v as u32) < u)
            .map(|(v, &u)| (v as u32, u))
    }

    /// Whether this is a matching of `g`: same vertex count and every matched
    /// pair is an edge of `g`.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(n + m).
    pub fn is_matching_of(&self, g: &Graph) -> bool {
        self.mate.len() == g.num_vertices()
            && self.edges().all(|(u, v)| g.neighbors(u).contains(&v))
    }
}

/// Panics unless `m` is a matching of `g` (used at every public entry point).
pub(super) fn check_matching(g: &Graph, m: &Matching, what: &str) {
    assert_eq!(
        m.num_vertices(),
        g.num_vertices(),
        "{what}: matching has {} vertices, graph has {}",
        m.num_vertices(),
        g.num_vertices()
    );
    // Sequential over the CSR arrays (cache-friendly), one side per pair.
    for (v, &u) in m.mate.iter().enumerate() {
        if u != NONE && (v as u32) < u && !g.neighbors(v as u32).contains(&u) {
            panic!("{what}: matched pair ({v}, {u}) is not an edge of the graph");
        }
    }
}
