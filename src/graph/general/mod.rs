//! General (non-bipartite) maximum-cardinality matching, Gallai–Edmonds
//! decomposition, and maximum matchings that avoid a given vertex.
//!
//! **Complexity:** [`maximum_matching`], [`maximum_matching_from`] and
//! [`maximum_matching_and_decomposition`] run in O(n + m) time for the
//! warm start and the local searches, O((n + m) log n) at worst for the
//! reductions (`reduce.rs`), plus O((n + m) · α(n)) for the forest
//! and, per augmentation found there, the size of the two trees it
//! dissolves: O(k · (n + m) · α(n)) worst case for k augmentations (so
//! O(n · m · α(n))), near-linear on grid-like graphs, including corridors
//! whose augmenting paths are very long (knight moves on serpentines);
//! [`gallai_edmonds`] and [`maximum_matching_avoiding`] run in
//! O((n + m) · α(n)). Memory is O(n + m). Nothing recurses (explicit heap
//! stacks and queues only), so graphs with tens of millions of vertices are
//! fine on any thread stack.
//!
//! **Algorithm.** Edmonds' blossom algorithm in Gabow's formulation, with
//! blossoms shrunk implicitly by a union–find structure over their bases.
//! 1. Warm start: Karp–Sipser-style greedy (a vertex with a single exposed
//!    neighbour is matched to it, otherwise vertices are matched in id order
//!    to their least-constrained neighbour). If it is perfect, or made
//!    forced (single-neighbour) choices only (forests), it is maximum and
//!    nothing else runs but, for the classes, step 4's forest. Otherwise,
//!    on graphs of 1024 vertices or more,
//!    when it left at least n/64 vertices exposed and the numbering is not
//!    local (sampled mean id distance of neighbours above n/64), the degree-0/1/2
//!    reductions (`reduce.rs`: Karp–Sipser's rules with folding, proof
//!    there) run from scratch; if their kernel keeps at most 15/16 of the
//!    vertices, steps 2–3 run on the kernel, its matching is lifted back,
//!    and the classes come from step 4's forest grown on the whole graph
//!    from the lifted matching. Otherwise the connected components are
//!    computed (union–find) and steps 2–3 run from the greedy matching.
//! 2. Local searches: from each exposed vertex `r` in id order, grow an
//!    alternating tree breadth-first. An even–even edge closes an odd cycle:
//!    the blossoms on both tree paths up to their lowest common ancestor are
//!    merged base by base, the inner vertices on them becoming outer with a
//!    "bridge" label. Reaching an exposed vertex augments along the path
//!    rebuilt from the labels (with an explicit stack); the search state is
//!    then reset through a list of touched vertices, never in O(n). A tree
//!    that stops growing is Hungarian: its vertices can never lie on a later
//!    augmenting path, and it keeps its labels, which are already their
//!    Gallai–Edmonds classes. A search is skipped when its component holds
//!    no other live exposed vertex (e.g. the last exposed vertex of an odd
//!    component). Together the local searches label at most about 2n
//!    vertices; a search that would exceed that is undone, and the
//!    remaining exposed vertices go to step 3. Most partners are near on
//!    random boards, but on a corridor each search
//!    may walk half the graph, which made one search per exposed vertex
//!    quadratic (knight serpentines: about √n exposed vertices after the
//!    warm start, each search labelling about n/2 vertices).
//! 3. Multi-source forest: all remaining live exposed vertices grow trees
//!    at once, breadth-first, so partners far apart meet half-way. An
//!    even–even edge between two trees is an augmenting path: it is
//!    flipped, and only those two trees are dissolved (the matching changed
//!    on their vertices alone); the outer vertices of other trees next to
//!    them are queued again to take the freed vertices over. When the queue
//!    runs dry the forest is complete with no augmenting edge, so the
//!    matching is maximum (Edmonds).
//! 4. [`gallai_edmonds`] grows one forest from *all* exposed vertices of a
//!    maximum matching: outer vertices are D, inner vertices A, unreached
//!    vertices C (Gallai–Edmonds structure theorem). The labels do not
//!    depend on the scanning order, so pending outer vertices are scanned
//!    smallest id first (a hierarchical bitmap), a near-sequential sweep of
//!    the CSR arrays with fewer cache misses than BFS order.
//!    [`maximum_matching_and_decomposition`] does not regrow it: the
//!    Hungarian trees of step 2 and the forest of step 3 are complete
//!    already, and only the trees of the exposed vertices that step 2
//!    skipped (alone in their component) are grown that way.
//!    [`maximum_matching_avoiding`] flips the even alternating path from a
//!    vertex of D to the root of its tree.
//!
//! **Status:** verified against brute force (bitmask DP for ν(G) and every
//! ν(G − v), exhaustive augmenting-path search) on thousands of random
//! graphs with ≤ 12 vertices of varied density, on random graphs with 13–18
//! vertices, on explicit families (odd cycles, nested blossoms, flowers,
//! K1..K9, Petersen, paths, stars, disjoint unions) and on small King
//! boards and serpentine corridors for the king, wazir, ferz and knight
//! moves, with every vertex of D avoided and random warm starts; the forest
//! state after augmenting is checked white-box (maximum matching, labels =
//! the brute-force classes). Larger random graphs, nested blossoms up to
//! 3^9 vertices, 200k-vertex paths and cycles, burnt king grids and
//! serpentine corridors up to 101×102 for all four move sets are certified
//! by the Tutte–Berge equality |V| − 2ν = odd(G − A) − |A| for the returned
//! barrier A, counted independently; the biggest of them run on a 256 KiB
//! thread stack. Hand-made mutants of the core (path rebuilding,
//! contraction, resets, skipping rules, the re-queueing after a
//! dissolution) are caught by the tests (`tests.rs`, `tests/`). The
//! reductions are compared with brute force and with the unreduced engine
//! (size, classes, barrier; `tests/reductions.rs`) on trees, paths, cycles,
//! caterpillars, chains of odd cycles and sparse random graphs, shuffled
//! and not; a mutant of the lifting is caught. Timings
//! (knight serpentines, burnt king boards) are in docs/BENCHMARKS.md.
//!
//! **Layout:** [`Graph`] (`graph.rs`), its 2-colouring
//! [`Graph::bipartition`] (`bipartition.rs`, with its own tests),
//! [`Matching`] (`matching.rs`), the blossom search state (`forest.rs`), the greedy warm start
//! (`greedy.rs`), the locality measure and breadth-first renumbering that
//! [`maximum_matching`] and [`maximum_matching_and_decomposition`] apply
//! to far-numbered graphs ([`order`], `order.rs`, with its own tests), the
//! degree-0/1/2 reductions (`reduce.rs`), the entry points and the
//! Gallai–Edmonds types (this
//! file), and the tests (`tests.rs`, with generators and brute-force
//! oracles in `tests/`). The union–find is the crate's shared one
//! (`graph/dsu.rs`) and [`NONE`] is the graph core's one sentinel.

mod bipartition;
mod forest;
mod graph;
mod greedy;
mod matching;
pub mod order;
mod reduce;
#[cfg(test)]
mod tests;

pub use super::NONE;
pub use bipartition::bipartition_of_edges;
pub use graph::Graph;
pub use matching::Matching;

use forest::{EVEN, Forest, ODD};
use greedy::{components, greedy_extend, greedy_extend_exact};
use matching::check_matching;

// ---------------------------------------------------------------------------
// Maximum matching
// ---------------------------------------------------------------------------

/// Maximum-cardinality matching of `g`: greedy warm start, then Edmonds'
/// blossom algorithm (see the module documentation).
///
/// # Constraints
/// None beyond those of [`Graph`].
///
/// # Panics
/// Never.
///
/// # Complexity
/// O(k · (n + m) · α(n)) time with k the number of vertices left exposed by
/// the greedy pass (O(n · m · α(n)) worst case, near-linear in practice on
/// sparse geometric graphs, long corridors included); O(n + m) memory.
pub fn maximum_matching(g: &Graph) -> Matching {
    // Locality (order.rs): a far-numbered graph is solved renumbered, the answer mapped back.
    if order::should_renumber(g) {
        let (r, h) = order::Renumbering::breadth_first(g);
        return r.matching_back(&matching(&h));
    }
    matching(g)
}

/// [`maximum_matching`] in the graph's own numbering, never renumbered: for callers whose
/// numbering is local already (the weighted engine's breadth-first one, see
/// `graph::weighted::general`) or was measured so.
pub(crate) fn maximum_matching_as_numbered(g: &Graph) -> Matching {
    matching(g)
}

/// [`maximum_matching`] in the graph's own numbering: greedy, the reductions, the engine.
fn matching(g: &Graph) -> Matching {
    let mut mate = vec![NONE; g.num_vertices()];
    let (exposed, exact) = greedy_extend_exact(g, &mut mate);
    if exposed == 0 || exact {
        return Matching::from_mates(mate);
    }
    if let Some(mate) = reduced_matching(g, exposed) {
        return Matching::from_mates(mate);
    }
    Matching::from_mates(engine(g, mate))
}

// --- reductions (reduce.rs): the entry points try them first --------------
//
// Order: the greedy warm start first (one cheap pass; when it is perfect,
// or made forced choices only, it is maximum and nothing else runs but the
// classes' forest), then the reductions from scratch, whose
// kernel goes to the engine; when they remove too little, the engine runs
// on the whole graph from the greedy matching.

/// The kernel of the degree-0/1/2 rules is used when it keeps at most this
/// fraction (numerator over 16) of the vertices; otherwise copying it costs
/// more than it saves, and the engine runs on the whole graph.
const KERNEL_AT_MOST_SIXTEENTHS: usize = 15;

/// Graphs smaller than this are matched without the reductions (nothing to
/// gain, and small outputs stay as they were); not in the unit tests, so
/// that the brute-force comparisons run through the reductions.
const MIN_VERTICES: usize = 1024;

/// When the greedy matching leaves fewer than n / this many vertices
/// exposed, the engine's local searches from them cost less than the
/// reductions (an odd cycle: one exposed vertex).
const FEW_EXPOSED: usize = 64;

/// An edge is far for the reductions when its ends' ids are more than n / this apart.
const LOCAL_SPAN: usize = 64;

/// Whether the numbering looks local to the reductions: at most half of the
/// edges sampled by [`order::Locality`] join ids more than n/64 apart (grids
/// numbered row by row, files numbered along their structure; the
/// renumbering's own test uses a fixed window instead). Measured: on such
/// graphs the engine's searches are cheap and the reductions cost more than
/// they save (King boards with wazir or knight moves); on shuffled ones the
/// engine's searches miss the cache and the reductions save half or more (a
/// shuffled chain of 5-cycles).
fn is_local(g: &Graph) -> bool {
    let window = u32::try_from(g.num_vertices() / LOCAL_SPAN).unwrap_or(u32::MAX);
    !order::Locality::with_window(g, window).is_far()
}

/// A maximum matching (mate array) through the reductions and the engine on
/// their kernel, or `None` when they remove too little to pay off.
fn reduced_matching(g: &Graph, exposed: usize) -> Option<Vec<u32>> {
    let n = g.num_vertices();
    let small = n < MIN_VERTICES && !cfg!(test);
    if small || exposed < n / FEW_EXPOSED || is_local(g) {
        return None;
    }
    let r = reduce::reduce(g, n / 16 * KERNEL_AT_MOST_SIXTEENTHS + n % 16)?;
    let kernel = maximum_matching_unreduced(&r.kernel, Matching::empty(r.kernel.num_vertices()));
    Some(r.lift(g, &kernel.mate))
}

// --- end of reductions -----------------------------------------------------

/// Maximum-cardinality matching of `g` obtained from `start` by augmenting
/// only: every vertex matched in `start` is matched in the result.
///
/// # Constraints
/// `start` is a matching of `g` (same vertex count, matched pairs are edges).
///
/// # Panics
/// If `start` has a different number of vertices than `g` or matches a pair
/// that is not an edge of `g`.
///
/// # Complexity
/// O(k · (n + m) · α(n)) time with k the number of vertices exposed by
/// `start` after a greedy extension; O(n + m) memory.
pub fn maximum_matching_from(g: &Graph, start: Matching) -> Matching {
    check_matching(g, &start, "maximum_matching_from");
    if start.is_empty() {
        return maximum_matching(g);
    }
    maximum_matching_unreduced(g, start)
}

/// [`maximum_matching_from`] for a caller whose `start` is a matching of `g` already (checked
/// in debug builds only), without the connected components: every vertex the greedy extension
/// leaves exposed may root a search, as on a connected graph. Skipping the search of a vertex
/// alone in its component is only a saving (see `Forest::augment_all`), so the matching is
/// maximum on any graph; the components' union–find pass was 13 % of the weighted engine's
/// existence check on Euclidean 10-NN 10⁵, whose graph is connected.
pub(crate) fn maximum_matching_from_trusted(g: &Graph, start: Matching) -> Matching {
    debug_assert!(
        start.is_matching_of(g),
        "maximum_matching_from_trusted: not a matching"
    );
    let mut mate = start.mate;
    if greedy_extend(g, &mut mate) == 0 {
        return Matching::from_mates(mate);
    }
    let mut f = Forest::new(g, mate);
    f.augment_all(&vec![0; g.num_vertices()]);
    Matching::from_mates(f.mate)
}

/// [`maximum_matching_from`] without the reductions (the engine alone; the
/// tests compare the two).
pub(crate) fn maximum_matching_unreduced(g: &Graph, start: Matching) -> Matching {
    let mut mate = start.mate;
    if greedy_extend(g, &mut mate) == 0 {
        return Matching::from_mates(mate);
    }
    Matching::from_mates(engine(g, mate))
}

/// The blossom engine on a greedy matching (greedy extension done): the
/// local searches and the forest.
fn engine(g: &Graph, mate: Vec<u32>) -> Vec<u32> {
    let mut f = Forest::new(g, mate);
    f.augment_all(&components(g));
    f.mate
}

/// A maximum matching of `g` and the Gallai–Edmonds decomposition, in one
/// run: the forest that makes the matching maximum is grown from every
/// exposed vertex, so when it is complete its labels are the classes.
/// Same matching size and classes as [`maximum_matching`] followed by
/// [`gallai_edmonds`], without growing a second forest.
///
/// # Constraints
/// None beyond those of [`Graph`].
///
/// # Panics
/// Never.
///
/// # Complexity
/// As [`maximum_matching`].
pub fn maximum_matching_and_decomposition(g: &Graph) -> (Matching, Decomposition) {
    // Locality (order.rs): a far-numbered graph is solved renumbered, the answer mapped back.
    if order::should_renumber(g) {
        let (r, h) = order::Renumbering::breadth_first(g);
        let (m, d) = matching_and_decomposition(&h);
        return (r.matching_back(&m), r.decomposition_back(&d));
    }
    matching_and_decomposition(g)
}

/// [`maximum_matching_and_decomposition`] in the graph's own numbering (for callers that
/// renumbered it already).
pub(crate) fn matching_and_decomposition(g: &Graph) -> (Matching, Decomposition) {
    let n = g.num_vertices();
    let mut mate = vec![NONE; n];
    let (exposed, exact) = greedy_extend_exact(g, &mut mate);
    if exposed == 0 {
        // Perfect: D and A are empty.
        let class = vec![Class::C; n];
        return (Matching::from_mates(mate), Decomposition { class });
    }
    let maximum = if exact {
        Ok(mate)
    } else {
        reduced_matching(g, exposed).ok_or(mate)
    };
    match maximum {
        Ok(maximum) => {
            // The classes of the whole graph, from its complete forest.
            let mut f = Forest::new(g, maximum);
            if f.grow_full_forest() {
                let class = classes(&f.label);
                return (Matching::from_mates(f.mate), Decomposition { class });
            }
            // Unreachable on symmetric input (the matching is maximum).
            maximum_matching_and_decomposition_unreduced(g)
        }
        Err(greedy) => decomposition_from(g, greedy),
    }
}

/// [`maximum_matching_and_decomposition`] without the reductions.
pub(crate) fn maximum_matching_and_decomposition_unreduced(g: &Graph) -> (Matching, Decomposition) {
    let n = g.num_vertices();
    let mut mate = vec![NONE; n];
    if greedy_extend(g, &mut mate) == 0 {
        // Perfect: D and A are empty.
        let class = vec![Class::C; n];
        return (Matching::from_mates(mate), Decomposition { class });
    }
    decomposition_from(g, mate)
}

/// The engine and the classes from a greedy matching (greedy extension
/// done, not perfect).
fn decomposition_from(g: &Graph, mate: Vec<u32>) -> (Matching, Decomposition) {
    let mut f = Forest::new(g, mate);
    f.augment_all(&components(g));
    // The forest is complete wherever it grew; trees from the exposed
    // vertices left alone in their component complete it.
    let complete = f.grow_full_forest();
    debug_assert!(complete, "no augmenting path is left");
    let class = classes(&f.label);
    (Matching::from_mates(f.mate), Decomposition { class })
}

/// Gallai–Edmonds classes from the labels of a complete forest.
fn classes(label: &[u8]) -> Vec<Class> {
    label
        .iter()
        .map(|&l| match l {
            EVEN => Class::D,
            ODD => Class::A,
            _ => Class::C,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Gallai–Edmonds decomposition
// ---------------------------------------------------------------------------

/// Gallai–Edmonds class of a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Missed by some maximum matching (outer/even vertices of the final
    /// alternating forest).
    D,
    /// Neighbours of D that are not in D (inner/odd vertices); every maximum
    /// matching matches each of them into D.
    A,
    /// All other vertices; every maximum matching matches them perfectly
    /// among themselves.
    C,
}

/// Gallai–Edmonds decomposition V = D ∪ A ∪ C of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    class: Vec<Class>,
}

impl Decomposition {
    /// Class of `v`.
    ///
    /// # Constraints
    /// `v < n`.
    ///
    /// # Panics
    /// If `v >= n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self, v: u32) -> Class {
        self.class[v as usize]
    }

    /// Classes of all vertices, indexed by vertex id.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(1).
    pub fn classes(&self) -> &[Class] {
        &self.class
    }

    /// The set A in increasing order. It is a Tutte–Berge barrier:
    /// |V| − 2ν(G) = odd(G − A) − |A|, where odd(·) counts odd components.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// O(n).
    pub fn barrier(&self) -> Vec<u32> {
        self.class
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == Class::A)
            .map(|(v, _)| v as u32)
            .collect()
    }
}

/// Gallai–Edmonds decomposition of `g`, computed from a maximum matching `m`
/// by growing one alternating forest (with blossom contraction) from all
/// exposed vertices: outer vertices are D, inner vertices A, unreached C.
///
/// # Constraints
/// `m` is a maximum matching of `g` (e.g. from [`maximum_matching`]).
///
/// # Panics
/// If `m` has a different number of vertices than `g`, matches a non-edge,
/// or is not maximum. Non-maximality is always detected (in release builds
/// too): the forest then finds an augmenting path.
///
/// # Complexity
/// O((n + m) · α(n)) time, O(n) extra memory.
pub fn gallai_edmonds(g: &Graph, m: &Matching) -> Decomposition {
    check_matching(g, m, "gallai_edmonds");
    let mut f = Forest::new(g, m.mate.clone());
    assert!(
        f.grow_full_forest(),
        "gallai_edmonds: the matching is not maximum (an augmenting path exists)"
    );
    Decomposition {
        class: classes(&f.label),
    }
}

/// For `v` in D: a maximum matching of `g` that leaves `v` exposed, obtained
/// from `m` by flipping the even alternating path (through blossoms as
/// needed) between `v` and an exposed vertex. `None` if `v` is not in D,
/// i.e. every maximum matching covers `v`.
///
/// # Constraints
/// `m` is a maximum matching of `g`; `v < n`.
///
/// # Panics
/// If `v >= n`, `m` has a different number of vertices than `g`, matches a
/// non-edge, or is not maximum (always detected, as in [`gallai_edmonds`]).
///
/// # Complexity
/// O((n + m) · α(n)) time, O(n) extra memory.
pub fn maximum_matching_avoiding(g: &Graph, m: &Matching, v: u32) -> Option<Matching> {
    check_matching(g, m, "maximum_matching_avoiding");
    assert!(
        (v as usize) < g.num_vertices(),
        "maximum_matching_avoiding: v = {v} >= n = {}",
        g.num_vertices()
    );
    let mut f = Forest::new(g, m.mate.clone());
    assert!(
        f.grow_full_forest(),
        "maximum_matching_avoiding: the matching is not maximum (an augmenting path exists)"
    );
    if f.label[v as usize] != EVEN {
        return None;
    }
    // Roots (exposed vertices) are outer too; flipping from one is a no-op.
    f.flip_to_root(v);
    Some(Matching {
        mate: f.mate,
        size: m.size,
    })
}
