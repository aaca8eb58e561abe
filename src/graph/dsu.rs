//! Union–find (disjoint-set forest) over the vertex ids `0..n`, the one used by the whole graph
//! core: the blossom forest of [`general`](super::general), the component pass of its greedy warm
//! start, and the barrier shrinking of [`barrier`](super::barrier).
//!
//! [`Dsu::find`] is iterative path halving (no recursion, so no stack depth to worry about);
//! [`Dsu::link`] unites two roots by weight, the weight being a rank ([`Rank`]: union by rank) or
//! a set size ([`Size`]: union by size, with [`Dsu::weight`] the size of a set). Where a caller
//! needs a set to be known by a vertex other than its root (the base of a blossom), it keeps that
//! per root itself: the root of a set is an implementation detail, only [`Dsu::link`]'s tie rule
//! fixes it.
//!
//! **Complexity:** `find` and `union` run in O(α(n)) amortised time; memory is one `u32` per
//! vertex plus one weight (`u8` for ranks, `u32` for sizes).
//!
//! **Status:** unit tests of the sets, the tie rules, the weights and `reset` (at the end of this
//! file); its users (the blossom forest, the greedy warm start, barrier shrinking) are checked
//! against brute-force matchings in their own tests.

/// What a set root records, and how it grows when another set is linked below it.
pub(crate) trait Weight: Copy + Ord {
    /// Weight of a singleton set.
    const SINGLETON: Self;
    /// Updates the weight `root` of the surviving root when the set of weight `child`
    /// (`child <= *root`) is linked below it.
    fn absorb(root: &mut Self, child: Self);
}

/// Union by rank: an upper bound on the height of the tree, which grows only when two trees of
/// equal rank are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Rank(u8);

impl Weight for Rank {
    const SINGLETON: Self = Rank(0);

    #[inline]
    fn absorb(root: &mut Self, child: Self) {
        // Ranks stay below log2(n) + 1 <= 33, so this never overflows.
        if root.0 == child.0 {
            root.0 += 1;
        }
    }
}

/// Union by size: the number of vertices in the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Size(pub(crate) u32);

impl Weight for Size {
    const SINGLETON: Self = Size(1);

    #[inline]
    fn absorb(root: &mut Self, child: Self) {
        // Sizes sum to at most n < 2^32.
        root.0 += child.0;
    }
}

/// Disjoint sets over `0..n`, initially all singletons.
#[derive(Clone, Debug)]
pub(crate) struct Dsu<W: Weight> {
    /// Parent of each vertex; roots are their own parent.
    parent: Vec<u32>,
    /// Weight of each set (valid at roots).
    weight: Vec<W>,
}

impl<W: Weight> Dsu<W> {
    /// `n` singleton sets.
    ///
    /// # Constraints
    /// `n <= u32::MAX as usize + 1`.
    ///
    /// # Panics
    /// Never (ids beyond `u32::MAX` would wrap; callers keep `n < u32::MAX`).
    ///
    /// # Complexity
    /// O(n).
    pub(crate) fn new(n: usize) -> Self {
        Dsu {
            parent: (0..n as u32).collect(),
            weight: vec![W::SINGLETON; n],
        }
    }

    /// Root of the set of `x`, halving the path on the way (every vertex on it is pointed at its
    /// grandparent).
    ///
    /// # Constraints
    /// `x < n`.
    ///
    /// # Panics
    /// If `x >= n`.
    ///
    /// # Complexity
    /// O(α(n)) amortised, iterative.
    #[inline]
    pub(crate) fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let p = self.parent[x as usize];
            if p == x {
                return x;
            }
            let gp = self.parent[p as usize];
            self.parent[x as usize] = gp;
            x = gp;
        }
    }

    /// Unites the sets with roots `a != b` and returns the new root: the root of larger weight
    /// stays root; on a tie, `b` does.
    ///
    /// # Constraints
    /// `a` and `b` are distinct roots.
    ///
    /// # Panics
    /// If `a >= n` or `b >= n`; in debug builds also if they are not distinct roots.
    ///
    /// # Complexity
    /// O(1).
    #[inline]
    pub(crate) fn link(&mut self, a: u32, b: u32) -> u32 {
        debug_assert!(a != b && self.parent[a as usize] == a && self.parent[b as usize] == b);
        let (wa, wb) = (self.weight[a as usize], self.weight[b as usize]);
        let (child, root, wc) = if wa > wb { (b, a, wb) } else { (a, b, wa) };
        self.parent[child as usize] = root;
        W::absorb(&mut self.weight[root as usize], wc);
        root
    }

    /// Unites the sets of `a` and `b` (if different) and returns the root of the union; on a tie
    /// of weights the root of `a` stays root.
    ///
    /// # Constraints
    /// `a < n`, `b < n`.
    ///
    /// # Panics
    /// If `a >= n` or `b >= n`.
    ///
    /// # Complexity
    /// O(α(n)) amortised.
    #[inline]
    pub(crate) fn union(&mut self, a: u32, b: u32) -> u32 {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb { ra } else { self.link(rb, ra) }
    }

    /// Weight of the set with root `root` (its size for [`Size`]).
    ///
    /// # Constraints
    /// `root` is a root (else the value is meaningless).
    ///
    /// # Panics
    /// If `root >= n`.
    ///
    /// # Complexity
    /// O(1).
    #[inline]
    pub(crate) fn weight(&self, root: u32) -> W {
        self.weight[root as usize]
    }

    /// Makes `v` a singleton again. Only sound when no other vertex has `v` as parent, e.g. when
    /// every vertex of `v`'s set is reset together.
    ///
    /// # Constraints
    /// `v < n`; no vertex outside the reset group points at `v`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    #[inline]
    pub(crate) fn reset(&mut self, v: u32) {
        self.parent[v as usize] = v;
        self.weight[v as usize] = W::SINGLETON;
    }

    /// Whether `v` is a singleton root of initial weight, as after [`Dsu::new`] or
    /// [`Dsu::reset`] (for white-box tests).
    #[cfg(test)]
    pub(crate) fn is_fresh(&self, v: u32) -> bool {
        self.parent[v as usize] == v && self.weight[v as usize] == W::SINGLETON
    }

    /// The root of every vertex, indexed by vertex: a component id shared by exactly the vertices
    /// of each set.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(n α(n)); reuses the parent array.
    pub(crate) fn into_roots(mut self) -> Vec<u32> {
        for v in 0..self.parent.len() as u32 {
            self.parent[v as usize] = self.find(v);
        }
        self.parent
    }
}

#[cfg(test)]
#[path = "dsu_tests.rs"]
mod tests;
