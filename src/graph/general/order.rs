//! Locality: measuring how far apart a [`Graph`]'s vertex numbers put neighbours, and
//! renumbering it in breadth-first order when they are far, so that the engines' arrays are
//! walked near-sequentially; then mapping answers (matchings, Gallai–Edmonds classes, vertex
//! sets) back to the original numbers.
//!
//! **Why:** every engine indexes per-vertex arrays by vertex id (mate, labels, union–find,
//! CSR offsets). When neighbours have nearby ids, one cache line serves several of them; when
//! the ids are a random permutation, nearly every step misses the cache. The same path took
//! 0.10 s numbered along it and 1.59 s shuffled (issue 26); the 5-cycle chain 0.12 s against
//! 1.54 s. Renumbered, the shuffled twin costs the renumbering (one breadth-first pass) more.
//!
//! **Complexity:** [`Locality::of`] reads at most [`SAMPLE`] vertices and
//! [`SAMPLE_DEGREE`] of each one's neighbours: O(1) for a graph of any size.
//! [`Renumbering::breadth_first`] is O(n + m) time and builds the renumbered CSR in the same
//! breadth-first pass that finds the order (each list is written while its vertex is scanned:
//! every neighbour then has its new number, or gets it there); O(n + m) memory for the new
//! graph and O(n) for the two maps. Mapping a matching or the classes back is O(n), a vertex
//! set O(k log k).
//!
//! **Algorithm.** *Measure:* [`SAMPLE`] vertices evenly spread over `0..n`, up to
//! [`SAMPLE_DEGREE`] neighbours each; an edge `{u, v}` is *far* when `|u − v| > WINDOW`
//! (about [`WINDOW`] vertices of every per-vertex array fit in the second-level cache
//! together). [`should_renumber`] says yes when the graph has at least [`MIN_VERTICES`]
//! vertices (smaller ones fit in cache whatever their numbering) and more than half of the
//! sampled edges are far. In-order paths, cycles, corridors, row-major 2-D grids (`|u − v|` ≤
//! the side) and a file of disjoint edges have no far edge; random numberings have nearly
//! only far edges; a caterpillar numbered along its spine, leaves after it, about half.
//! *Order:* one breadth-first search per component, the first from a vertex of smallest
//! positive degree (an end of a path or corridor, a leaf, a corner), the others from the
//! smallest vertex no search reached yet. A breadth-first level only has edges to its own level
//! and the ones next to it, so on graphs whose levels are small (paths, cycles, corridors,
//! planar meshes: levels of O(√n) vertices) neighbours get near numbers, and a path or a
//! corridor comes out numbered along it, as the in-order twin is: the greedy warm starts then
//! leave as few vertices exposed as on the in-order twin. Measured on the issue-26 families
//! (cachegrind, 2 MiB last-level cache) against two variants: starting from vertex 0 (the
//! middle of a shuffled path: its two halves interleave, the bipartite greedy start leaves
//! vertices exposed and push–relabel runs 212 M instructions that the path numbered from an
//! end does not need), and 256 searches at once whose regions are then laid out one after the
//! other (independent searches overlap their cache misses, but the second pass and the
//! region boundaries cost more than that saves: 1.48 G instructions and 19 M last-level
//! misses against 0.78 G and 11 M on the shuffled 10⁶-vertex path). Reverse Cuthill–McKee
//! (neighbours by degree, reversed) was not tried: it needs a sort per list and a search for a
//! pseudo-peripheral start. On expanders (random regular graphs, G(n, m)) no numbering is
//! local; the renumbering still pays a little there (the engines' first passes become
//! sequential), see docs/BENCHMARKS.md.
//!
//! **Answers:** a renumbering is a graph isomorphism, so a maximum matching maps to a maximum
//! matching and the Gallai–Edmonds classes of a vertex are those of its image (they are defined
//! by the graph alone); a barrier maps to a barrier. [`Renumbering`] maps each back. The
//! general engine's entry points [`maximum_matching`](super::maximum_matching) and
//! [`maximum_matching_and_decomposition`](super::maximum_matching_and_decomposition) renumber
//! when [`should_renumber`] says so (so King boards, numbered row by row, never are); the
//! certified answers for users' files ([`crate::graph::certified`]) renumber before the
//! 2-colouring, so that the bipartite engine gets the local numbering too.
//!
//! **Status:** tested (this module's tests) that the order is a permutation and the renumbered
//! graph is isomorphic to the original through it (each list the image of the original one),
//! on random graphs with isolated vertices, parallel edges and self-loops and on random
//! forests with a few chords (many vertices of degree 1 and 2); that the matching size and the
//! Gallai–Edmonds classes with and without renumbering are equal and equal brute force on
//! hundreds of small random graphs, the mapped-back matching being a maximum matching of the
//! original graph and the barrier mapping to its barrier; that the measure says no on in-order
//! paths, odd cycles, 5-cycle chains, grids and a perfect matching of 2^17 vertices and yes on
//! their shuffled twins, and no on small graphs; that a shuffled path comes out numbered along
//! it; and that the entry points and the certified answers on shuffled 2^17-vertex graphs
//! equal those on the in-order twins (classes vertex by vertex, proofs by the independent
//! verifier).

use super::{Class, Decomposition, Graph, Matching, NONE};

/// Vertices sampled by [`Locality::of`].
pub const SAMPLE: usize = 1024;
/// Neighbours of each sampled vertex looked at by [`Locality::of`].
pub const SAMPLE_DEGREE: usize = 8;
/// An edge `{u, v}` is far when `|u − v|` exceeds this.
pub const WINDOW: u32 = 1 << 14;
/// Graphs with fewer vertices are never renumbered.
pub const MIN_VERTICES: usize = 1 << 16;

/// How local a graph's numbering is, on a sample of its edges (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locality {
    /// Edges looked at.
    pub sampled: usize,
    /// Of those, the ones whose ends are more than `window` apart.
    pub far: usize,
}

impl Locality {
    /// The locality of `g` with the default [`WINDOW`].
    ///
    /// # Complexity
    /// O([`SAMPLE`] · [`SAMPLE_DEGREE`]).
    pub fn of(g: &Graph) -> Locality {
        Locality::with_window(g, WINDOW)
    }

    /// The locality of `g`, an edge being far when its ends are more than `window` apart.
    ///
    /// # Complexity
    /// O([`SAMPLE`] · [`SAMPLE_DEGREE`]).
    pub fn with_window(g: &Graph, window: u32) -> Locality {
        let n = g.num_vertices();
        let picks = n.min(SAMPLE);
        let (mut sampled, mut far) = (0, 0);
        for i in 0..picks {
            // Evenly spread: i·n/picks < n (as u128: no overflow for any n).
            let v = (i as u128 * n as u128 / picks as u128) as u32;
            for &u in g.neighbors(v).iter().take(SAMPLE_DEGREE) {
                sampled += 1;
                far += usize::from(u.abs_diff(v) > window);
            }
        }
        Locality { sampled, far }
    }

    /// Whether more than half of the sampled edges are far.
    pub fn is_far(&self) -> bool {
        2 * self.far > self.sampled
    }
}

/// Whether renumbering `g` ([`Renumbering::breadth_first`]) is expected to pay: at least
/// [`MIN_VERTICES`] vertices and a far numbering ([`Locality::is_far`]).
///
/// # Complexity
/// O(1) (a sample).
pub fn should_renumber(g: &Graph) -> bool {
    g.num_vertices() >= MIN_VERTICES && Locality::of(g).is_far()
}

/// A renumbering of a graph's vertices, with the maps both ways (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renumbering {
    /// New number → original number.
    old: Vec<u32>,
    /// Original number → new number.
    new: Vec<u32>,
}

impl Renumbering {
    /// Renumbers `g` in breadth-first order (see the module docs): the renumbering, and the
    /// renumbered graph, in which vertex `i` is the original `renumbering.old(i)`, its
    /// neighbours listed in the original order, renumbered.
    ///
    /// # Constraints
    /// None beyond those of [`Graph`].
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(n + m) time and memory.
    pub fn breadth_first(g: &Graph) -> (Renumbering, Graph) {
        let n = g.num_vertices();
        // `old` is the breadth-first queue itself: vertex `i` of the new graph is `old[i]`.
        let mut old: Vec<u32> = Vec::with_capacity(n);
        let mut new = vec![NONE; n];
        let mut offsets: Vec<usize> = Vec::with_capacity(n + 1);
        let mut targets: Vec<u32> = Vec::with_capacity(g.targets.len());
        offsets.push(0);
        // The first root has the smallest positive degree: an end of a path or a corridor, a
        // leaf, a corner; then every vertex in order, a root if no search reached it yet.
        let first = (0..n as u32)
            .filter(|&v| g.degree(v) > 0)
            .min_by_key(|&v| g.degree(v));
        for root in first.into_iter().chain(0..n as u32) {
            if new[root as usize] != NONE {
                continue;
            }
            new[root as usize] = old.len() as u32;
            old.push(root);
            // Scan the queue from this component's root on: every vertex scanned writes its
            // list, each neighbour numbered already or numbered (and queued) here.
            // (`offsets.len() - 1` lists are written: that is the queue's head.)
            while offsets.len() - 1 < old.len() {
                let u = old[offsets.len() - 1];
                for &w in g.neighbors(u) {
                    let mut x = new[w as usize];
                    if x == NONE {
                        x = old.len() as u32;
                        new[w as usize] = x;
                        old.push(w);
                    }
                    targets.push(x);
                }
                offsets.push(targets.len());
            }
        }
        debug_assert_eq!(offsets.len(), n + 1);
        (Renumbering { old, new }, Graph { offsets, targets })
    }

    /// The original number of the renumbered vertex `v`.
    ///
    /// # Panics
    /// If `v >= n`.
    pub fn old(&self, v: u32) -> u32 {
        self.old[v as usize]
    }

    /// The new number of the original vertex `v`.
    ///
    /// # Panics
    /// If `v >= n`.
    pub fn new_number(&self, v: u32) -> u32 {
        self.new[v as usize]
    }

    /// New number → original number, for every vertex.
    pub fn order(&self) -> &[u32] {
        &self.old
    }

    /// A matching of the renumbered graph as a matching of the original one.
    ///
    /// # Panics
    /// If `m` has a different number of vertices.
    ///
    /// # Complexity
    /// O(n).
    pub fn matching_back(&self, m: &Matching) -> Matching {
        assert_eq!(m.num_vertices(), self.old.len());
        let mate = self
            .new
            .iter()
            .map(|&x| match m.mate[x as usize] {
                NONE => NONE,
                y => self.old[y as usize],
            })
            .collect();
        Matching { mate, size: m.size }
    }

    /// Gallai–Edmonds classes of the renumbered graph as those of the original one.
    ///
    /// # Panics
    /// If `d` has a different number of vertices.
    ///
    /// # Complexity
    /// O(n).
    pub fn decomposition_back(&self, d: &Decomposition) -> Decomposition {
        assert_eq!(d.class.len(), self.old.len());
        let class: Vec<Class> = self.new.iter().map(|&x| d.class[x as usize]).collect();
        Decomposition { class }
    }

    /// A set of renumbered vertices (a barrier, a cover) as original numbers, in increasing
    /// order.
    ///
    /// # Panics
    /// If a vertex is `>= n`.
    ///
    /// # Complexity
    /// O(k log k).
    pub fn set_back(&self, set: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = set.iter().map(|&v| self.old[v as usize]).collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
#[path = "order_tests.rs"]
mod tests;
