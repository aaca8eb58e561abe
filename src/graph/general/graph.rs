//! [`Graph`]: an undirected multigraph on the vertex ids `0..n`, stored as CSR arrays.

use std::borrow::Borrow;

use super::NONE;

/// Undirected multigraph without self-loops in CSR (compressed sparse row)
/// form: every edge `{u, v}` is stored twice, as `v` in the neighbour list of
/// `u` and as `u` in that of `v`. Parallel edges are allowed (and harmless).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// `offsets[v]..offsets[v + 1]` is the range of `targets` holding the
    /// neighbours of `v`; `offsets.len() == n + 1`.
    pub(super) offsets: Vec<usize>,
    /// Concatenated neighbour lists.
    pub(super) targets: Vec<u32>,
}

impl Graph {
    /// Builds a graph on vertices `0..n` from an undirected edge list: any
    /// iterable of `(u32, u32)` pairs or references to them, e.g. `&[(u32,
    /// u32)]`, `&Vec<(u32, u32)>`, `Vec<(u32, u32)>`, an array, or an
    /// iterator such as `(1..n).map(|v| (v - 1, v))`. Self-loops are ignored;
    /// parallel edges are kept. Each vertex lists its neighbours in the order
    /// of the edges.
    ///
    /// The edges are read twice (once to count degrees, once to place them),
    /// through a clone of the iterator, so no copy of the edge list is made
    /// for slices, vectors by reference and iterators over them. An iterator
    /// that cannot be cloned (one borrowing something mutably, say) is
    /// rejected at compile time: `collect` it into a `Vec` first.
    ///
    /// # Constraints
    /// `n < u32::MAX`; every endpoint is `< n`; cloning the iterator yields
    /// the same edges.
    ///
    /// # Panics
    /// If `n >= u32::MAX as usize` or an endpoint is `>= n`.
    ///
    /// # Complexity
    /// O(n + |edges|) time and memory (plus one clone of the iterator: free
    /// for borrowed edges, a copy of the remaining edges for `vec::IntoIter`).
    ///
    /// # Examples
    /// ```
    /// use gridmatch::graph::general::Graph;
    ///
    /// let edges = vec![(0, 1), (1, 2)];
    /// let a = Graph::from_edges(3, &edges);
    /// let b = Graph::from_edges(3, [(0, 1), (1, 2)]);
    /// let c = Graph::from_edges(3, (1..3).map(|v| (v - 1, v)));
    /// assert!(a == b && b == c);
    /// assert_eq!(a.neighbors(1), &[0, 2]);
    /// ```
    pub fn from_edges<I>(n: usize, edges: I) -> Graph
    where
        I: IntoIterator,
        I::Item: Borrow<(u32, u32)>,
        I::IntoIter: Clone,
    {
        assert!(n < NONE as usize, "Graph: n = {n} must be < u32::MAX");
        let edges = edges.into_iter();
        // Counting in place, one array: degrees at v + 1, their prefix sums (the start of each
        // list), then each list filled from its start, which moves offsets[v] to the start of
        // the next list; shifting the array back by one restores the starts.
        let mut offsets = vec![0usize; n + 1];
        for e in edges.clone() {
            let (u, v) = *e.borrow();
            assert!(
                (u as usize) < n && (v as usize) < n,
                "Graph::from_edges: edge ({u}, {v}) has an endpoint >= n = {n}"
            );
            if u != v {
                offsets[u as usize + 1] += 1;
                offsets[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut targets = vec![0u32; offsets[n]];
        for e in edges {
            let (u, v) = *e.borrow();
            if u != v {
                // (a differing second pass is caught by the bounds checks or
                // leaves the graph unspecified, never unsafe)
                targets[offsets[u as usize]] = v;
                offsets[u as usize] += 1;
                targets[offsets[v as usize]] = u;
                offsets[v as usize] += 1;
            }
        }
        // offsets[v] is now the end of v's list, the start of v + 1's.
        offsets.copy_within(0..n, 1);
        offsets[0] = 0;
        assert!(
            offsets.windows(2).all(|w| w[0] <= w[1]) && offsets[n] == targets.len(),
            "Graph::from_edges: the second pass over the edges differs from the first"
        );
        Graph { offsets, targets }
    }

    /// Builds a graph directly from CSR arrays: the neighbours of `v` are
    /// `targets[offsets[v]..offsets[v + 1]]`, with `n = offsets.len() - 1`.
    /// Self-loops (`v` listed among its own neighbours) are removed.
    ///
    /// # Constraints
    /// The adjacency must be symmetric as a multiset (`u` appears in the list
    /// of `v` exactly as often as `v` in the list of `u`); this is only
    /// checked by a `debug_assert!`; on asymmetric input the results of this
    /// module are unspecified (every function still terminates).
    /// `offsets.len() - 1 < u32::MAX`.
    ///
    /// # Panics
    /// If `offsets` is empty, `offsets[0] != 0`, `offsets` decreases
    /// somewhere, `offsets[n] != targets.len()`, a target is `>= n`, or
    /// `n >= u32::MAX`. In debug builds also if the adjacency is asymmetric.
    ///
    /// # Complexity
    /// O(n + m) time (O(m log Δ) more in debug builds for the symmetry
    /// check), reuses the given buffers.
    pub fn from_csr(offsets: Vec<usize>, targets: Vec<u32>) -> Graph {
        assert!(
            !offsets.is_empty(),
            "Graph::from_csr: offsets must have n + 1 >= 1 entries"
        );
        let n = offsets.len() - 1;
        assert!(n < NONE as usize, "Graph: n = {n} must be < u32::MAX");
        assert_eq!(offsets[0], 0, "Graph::from_csr: offsets[0] must be 0");
        assert!(
            offsets.windows(2).all(|w| w[0] <= w[1]),
            "Graph::from_csr: offsets must be non-decreasing"
        );
        assert_eq!(
            offsets[n],
            targets.len(),
            "Graph::from_csr: offsets[n] must equal targets.len()"
        );
        // One pass for both checks (no early exit: branch-free and
        // sequential).
        let (mut out_of_range, mut has_loop) = (false, false);
        for v in 0..n {
            for &t in &targets[offsets[v]..offsets[v + 1]] {
                out_of_range |= t as usize >= n;
                has_loop |= t as usize == v;
            }
        }
        assert!(!out_of_range, "Graph::from_csr: a target is >= n = {n}");
        let mut g = Graph { offsets, targets };
        if has_loop {
            g.remove_self_loops();
        }
        debug_assert!(g.is_symmetric(), "Graph::from_csr: asymmetric adjacency");
        g
    }

    /// In-place compaction dropping every self-loop entry.
    fn remove_self_loops(&mut self) {
        let n = self.num_vertices();
        let mut write = 0usize;
        let mut start = self.offsets[0];
        for v in 0..n {
            let end = self.offsets[v + 1];
            for i in start..end {
                let t = self.targets[i];
                if t as usize != v {
                    self.targets[write] = t;
                    write += 1;
                }
            }
            start = end;
            self.offsets[v + 1] = write;
        }
        self.targets.truncate(write);
    }

    /// Multiset symmetry of the adjacency (used by `debug_assert!`).
    fn is_symmetric(&self) -> bool {
        let n = self.num_vertices();
        // Transposed CSR; filling in increasing source order keeps each
        // transposed list sorted.
        let mut cursor = self.offsets.clone();
        let mut transposed = vec![0u32; self.targets.len()];
        for u in 0..n {
            for &v in self.neighbors(u as u32) {
                transposed[cursor[v as usize]] = u as u32;
                cursor[v as usize] += 1;
            }
        }
        if (0..n).any(|v| cursor[v] != self.offsets[v + 1]) {
            return false;
        }
        let mut buf = Vec::new();
        (0..n).all(|v| {
            buf.clear();
            buf.extend_from_slice(self.neighbors(v as u32));
            buf.sort_unstable();
            buf[..] == transposed[self.offsets[v]..self.offsets[v + 1]]
        })
    }

    /// Returns a copy of the graph with the same vertex ids in which `v` has
    /// no incident edges (i.e. G − v, with `v` kept as an isolated vertex).
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(n + m) time and memory.
    pub fn without_vertex(&self, v: u32) -> Graph {
        let n = self.num_vertices();
        assert!(
            (v as usize) < n,
            "Graph::without_vertex: v = {v} >= n = {n}"
        );
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(self.targets.len());
        offsets.push(0);
        for u in 0..n as u32 {
            if u != v {
                targets.extend(self.neighbors(u).iter().copied().filter(|&t| t != v));
            }
            offsets.push(targets.len());
        }
        Graph { offsets, targets }
    }

    /// Number of vertices n.
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
        self.offsets.len() - 1
    }

    /// Number of undirected edges m (parallel edges counted with
    /// multiplicity).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn num_edges(&self) -> usize {
        self.targets.len() / 2
    }

    /// Neighbours of `v` (with multiplicity for parallel edges).
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn neighbors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// Degree of `v` (with multiplicity for parallel edges).
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn degree(&self, v: u32) -> usize {
        let v = v as usize;
        self.offsets[v + 1] - self.offsets[v]
    }

    /// Whether `u` and `v` are adjacent.
    ///
    /// # Constraints
    /// `u < n`, `v < n`.
    ///
    /// # Panics
    /// If `u >= n` or `v >= n`.
    ///
    /// # Complexity
    /// O(min(deg u, deg v)).
    pub fn has_edge(&self, u: u32, v: u32) -> bool {
        assert!((v as usize) < self.num_vertices());
        let (a, b) = if self.degree(u) <= self.degree(v) {
            (u, v)
        } else {
            (v, u)
        };
        self.neighbors(a).contains(&b)
    }
}
