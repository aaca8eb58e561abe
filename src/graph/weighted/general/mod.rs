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
//! `MaxWeightedMatching` and Blossom V (read, not copied); all duals are kept doubled, so
//! integer weights give integer duals and steps.
//! 0. **Start** (`engine.rs`, `init.rs`; both modes): each vertex at its heaviest edge
//!    (`2y_v = max_{e ∋ v} w_e`, so every edge is covered and each vertex's heaviest edge is
//!    tight), plus 1 where needed so that all start with the parity of the heaviest weight
//!    overall; then a greedy pass: each vertex still exposed, in turn, lowers its dual to the
//!    least value keeping its edges covered (`max_u (2w_uv − 2y_u)`, which keeps the parity;
//!    for maximum weight no lower than 0, or 1 with odd parity) and is matched along a tight
//!    edge to a vertex still exposed, if any — the greedy jump start of Blossom V. The
//!    fractional start (`fractional.rs`) continues from there: short shortest-path searches
//!    on the bipartite double cover solve (most of) the LP without odd-set constraints,
//!    whose half-integral solution leaves about one vertex per odd cycle exposed (min-cost
//!    perfect on Euclidean 10-NN 10⁵: 7.7 % of the vertices instead of 18 %; maximum weight
//!    there 3.2 % instead of 26 %). Both passes go in the engine's vertex order
//!    (breadth-first where it renumbers, see 4: consecutive vertices and searches then work
//!    in nearby memory; in the input's order, as before, they walked the engine's arrays at
//!    random: on Euclidean 10-NN 10⁶ min-cost perfect the greedy pass took 0.39 s and the
//!    fractional start 0.95–1.2 s, now 0.05 s and 0.38–0.5 s, busy machine;
//!    docs/BENCHMARKS.md, "the start in the engine's order"), and an odd cycle of the
//!    fractional solution leaves its least-dual vertex exposed (the existence check of
//!    perfect mode, below, then has less to do). The start leaves almost no tight augmenting
//!    path: on Euclidean 10-NN 10⁵ min-cost perfect the search's growth over tight edges
//!    before its first dual step makes 1 augmentation of 3 847 (a pass for tight paths of 1
//!    and 3 edges found 2; docs/BENCHMARKS.md, "after the start"). Every vertex left exposed is a tree root — for maximum
//!    weight, but those at dual 0, which already meet complementary slackness and are left
//!    as δ1 leaves the vertices it frees (see 2); the roots' duals share one parity and every
//!    S-vertex (joined to its root by tight edges) has that parity less the clock's, so
//!    every S–S slack is even and δ3 stays an integer. Measured on G(10⁵, 5·10⁵): the greedy pass matches most vertices
//!    and halves the time of both questions (before it, every start match was an
//!    augmentation dissolving two one-vertex trees, each rescanning its neighbours' edges).
//! 1. One alternating forest is grown from all exposed vertices at once over tight edges,
//!    top-level blossoms labelled S (outer) or T (inner). A tight S–S edge inside a tree
//!    closes a new blossom; between two trees it is an augmenting path: the matching is
//!    flipped along it (through nested blossoms with an explicit stack), and only those two
//!    trees are dissolved — their zero-dual S-blossoms expanded and the edges of their
//!    T-vertices (top-level or inside T-blossoms) to S-vertices of other trees looked at
//!    again. The other trees keep their labels (no O(n) restart per augmentation). The edges
//!    of their S-vertices are not walked (lazy dissolve, `augment.rs`): an S-vertex that has
//!    scanned all its edges left every edge to an S-vertex of another tree in the δ3 heap
//!    (step 2), and such an entry, surfacing there once one end is unlabelled, moves to the
//!    δ2 heap with its δ2 key — in time, since its δ3 key `K` was fixed while both ends were
//!    S, the edge's δ2 key after its end left at clock `t` is `K − t ≥ K/2` (its slack
//!    `K − 2t` was ≥ 0), and no dual step takes the clock past the δ3 of the heap's least
//!    live entry, `≤ K/2` while this one is in it (the δ3 heap is read before the δ2 heap).
//!    Only S-vertices that had not finished their scan are walked. The inner T marks their
//!    S-vertices set in other trees' T-blossoms (step 2's scan) are kept on the tree's
//!    member list and cleared from there. Measured on Euclidean 10-NN 10⁵ min-cost perfect:
//!    3.74 M edges walked by dissolving → 0.97 M (Blossom V walks about 1.2 M), 29 K δ3
//!    entries moved.
//! 2. With no tight edge left the duals move by the least of δ1 (maximum weight: the least
//!    dual of an S-vertex — when it reaches 0 the path from its root to it is flipped, so the
//!    root is matched and that vertex left exposed at dual 0, which complementary slackness
//!    allows; its tree is dissolved, and a tight edge that later reaches it, or the blossom
//!    it is the base of, ends an augmenting path; the search ends when no root is left), δ2 (slack of an S-vertex's edge to an unlabelled vertex), δ3 (half the slack of an edge
//!    between S-blossoms) and δ4 (dual of a T-blossom, which is then expanded and its
//!    sub-blossoms relabelled along the even path). A dual step costs O(1): labelled duals are
//!    stored relative to a clock (the sum of the steps), and the δ1..δ4 candidates sit in
//!    4-ary heaps keyed in clock units, deleted lazily (checked and re-keyed when they reach
//!    the top) and rebuilt in linear time from their live entries once they pass 2(n + m)
//!    entries or twice the entries of the last rebuild (repeated entries found by a bit per
//!    slot, which stays in cache; the δ2 and δ3 entries pushed before the first step count as
//!    that first rebuild's: a rebuild there kept 94 % of them). A δ2 candidate names the endpoint at its unlabelled end
//!    and the root of its S-end's tree, so the many that die because that tree dissolved
//!    (most of the dead, found at a rebuild) cost one look-up in a small hot array, and
//!    those whose end was labelled the edge's record and that end's; none is pushed to a
//!    vertex inside a
//!    T-blossom (its slack is fixed while the blossom is T, and its edges are looked at again
//!    when the blossom is expanded or its tree dissolved), nor one dominated by the last pushed
//!    at the same unlabelled vertex from the same tree (`Engine::push2`: both live and die
//!    together, their keys fixed meanwhile). A δ2 or δ3 step looks again at the
//!    edge it made tight alone, from its S-end; edges made tight by the same step come up as
//!    steps of 0. (Rescanning every edge of that S-vertex, as before, pushed a duplicate
//!    candidate for each of its other edges: 16 % of the edge scans and 17 % and 24 % of the
//!    δ2 and δ3 pushes on Euclidean 10-NN with 10⁵ points; docs/BENCHMARKS.md, "where the
//!    search does more work than Blossom V's".) No flag remembers which edges are tight: no
//!    blossom holds both ends of an edge between two top-level blossoms, so its slack is read
//!    from its two vertex duals, and blossoms are only expanded at dual 0, so the edges
//!    inside one that were tight read as tight from their vertex duals afterwards.
//! 3. **Blossom bookkeeping in the smaller part** (`engine.rs`). Each vertex names a
//!    *representative* of its top-level blossom, which holds that blossom, its label (a copy
//!    every label write keeps) and a dual offset added to the stored duals of its vertices. Labelling or unlabelling a blossom (the clock
//!    re-encoding of its duals) moves the offset: O(1), not O(|B|). A new blossom keeps the
//!    representative of its largest sub-blossom and an expanded one hands its own to its
//!    largest child (a vertex child takes itself if free), so only the vertices of the other parts are visited (their stored duals
//!    re-encoded to the kept offset). Vertices are still visited where the search needs them:
//!    a T-part becoming S (its vertices are scanned), a labelled blossom's vertices joining
//!    their tree, the unlabelled parts of an expanded T-blossom. Representatives are vertex
//!    numbers, and one 32-byte record per vertex holds its stored dual, its representative
//!    and, while it is one, that representative's blossom, label and offset: a vertex outside
//!    blossoms is looked up in one cache line. Measured on Euclidean 10-NN
//!    with 2.5·10⁵ points, these walks had visited 115 M vertices (blossoms up to 20 000
//!    vertices, reformed and expanded again and again): that was the growth beyond Blossom V's.
//! 4. **Locality** (`init.rs`). When the input's numbers put neighbours far apart (the measure
//!    of [`crate::graph::general::order`]: at least 2¹⁶ vertices and most sampled kept edges
//!    joining numbers more than 2¹⁴ apart, as on points listed in random order), the engine
//!    renumbers the vertices in breadth-first order and the edges in the order the renumbered
//!    lists first name them; each list keeps its order. The roots of the search still go in
//!    the input's order; the start (step 0) goes in the engine's, so a renumbered run may
//!    end at another of several optima than the same graph unrenumbered would (never another
//!    value; every certificate is checked); answers are mapped back.
//!    The setup (`Engine::build`) is handed the kept edges' ends and weights in kept order by
//!    `kept_list` (which rebuilds the ends from its buckets and carries the weights in its
//!    entries, so the input is only read in order), counts degrees and heaviest edges in
//!    one per-vertex record, builds the neighbour lists once in the input's numbers (32-bit
//!    entries), lets the breadth-first search walk those (counting at each vertex the edges
//!    it names first), and then places the engine's edges and lists in one pass over the
//!    kept edges in order: a stable counting sort on the end that names an edge first, each
//!    edge's far end read in one record (new number, next list slot, next edge number), the
//!    writes at random (the old copy walked the lists in the new order and read three
//!    arrays at random behind an unpredictable branch: at 10⁶ points 0.87–0.91 → 0.39–0.44 s,
//!    the build 1.61–1.66 → 1.16–1.21 s CPU, busy machine; docs/BENCHMARKS.md, "the
//!    renumbered copy as a placement pass"). The engine's lists are 32-bit too: adjacency
//!    entries (remote vertex, remote endpoint) read through `Engine::arc`, and each kept
//!    edge is one record of its two 32-bit ends and its doubled weight (`Edge`, read through
//!    `Edges::edge` and, by endpoint, `Edges::at`: one cache line per edge for the heaps'
//!    look-ups; at most 2³¹ − 1 kept edges, checked before the build). The heaps' rebuilds
//!    find repeated slots by a bit per slot. Measured
//!    (docs/BENCHMARKS.md, "the engine's setup and 32-bit lists"; CPU seconds, busy 2-core
//!    machine): Euclidean 10-NN 10⁶ points, min-cost perfect, `kept_list` plus the build
//!    2.1–2.5 s → 1.7–1.8 s (the build alone 1.9–2.2 → 1.4–1.7 s), the whole process 14.1–15.8 s → 12.9–13.8 s (Blossom
//!    V 20.0 s in the same rounds), peak memory 1 029 → 896 MB; output unchanged. (Before: about 6 % of the whole run on Euclidean
//!    10-NN 10⁵ min-cost perfect, against two list builds and four passes before that.)
//!    Tried and left out: the copy and the breadth-first search without a branch on "new
//!    edge / new vertex" (no gain in the copy, the search twice as slow: its next slot then
//!    waits on each look-up); 2 MiB pages for the large blocks (`MADV_HUGEPAGE` in the CLI's
//!    allocator: the search 12 % less user time at 10⁶, but 3 s more system time compacting
//!    memory on this machine).
//!
//! **Perfect mode** is Edmonds' algorithm as he stated it for perfect matchings: the vertex
//! duals are free, so there is no δ1 and every exposed vertex stays a tree root until it is
//! matched; the search ends when every vertex is matched. Every edge (of any weight) is kept,
//! self-loops aside; the start (step 0) is the same. The heap cutoffs of maximum weight (an
//! edge whose key cannot come due before the clock reaches `max w`) do not apply: every
//! candidate is kept. If no dual step is possible while vertices are exposed (no candidate
//! at all), the forest's duals could grow without bound, so the perfect-matching LP's dual is
//! unbounded and no perfect matching exists; the run says so (it never loops). The same
//! answer is given when the clock passes `n·(2W + 1)` (`W = max |w|`), which it cannot do
//! when a perfect matching `M` exists: the doubled dual objective `D = Σ 2y_v + Σ 2z_B(|B|−1)/2`
//! starts at most at `n·(W + 1)` (the greedy pass only lowers it), each dual step of `δ` lowers it by `δ` per tree (a tree's
//! S-blossoms lose `δ` net each, its T-blossoms gain as much, and it has one more S than T),
//! and `D ≥ 2w(M) ≥ −n·W` by weak duality.
//! Both would come late: without a perfect matching the search grows its forest to a
//! standstill (measured: 44 s on G(10⁵, 5·10⁵) with two pendant vertices on one vertex). So
//! [`max_weight_perfect_matching`] first settles whether a perfect matching exists with the
//! cardinality engine ([`crate::graph::general`], near-linear in practice; a proof either way),
//! run at the end of the start (step 0) on the engine's own adjacency lists and from the
//! start's matching (`Engine::has_perfect_matching` in `init.rs`: in the engine's breadth-first
//! numbering when it renumbers, so not renumbered again, without another copy of the input's
//! edges, and with 92 % of the vertices matched already on Euclidean 10-NN, so the cardinality
//! engine's greedy pass has little left to do), or on the kept edges before the dense engine's
//! matrix. The gadget graph of the maximum-cardinality question has a perfect matching by
//! construction and skips the check (`max_weight_perfect_matching_of_perfect`). Measured
//! (docs/BENCHMARKS.md, "outside the search"): on its own renumbered copy of the graph the
//! check took 6.6 % of the Euclidean 10-NN 10⁵ min-cost perfect run, 3.2 % this way (without
//! the connected components, see `maximum_matching_from_trusted`); G(10⁵, 5·10⁵) 3.5 → 0.9 %.
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
//! **Dense graphs** (`dense.rs`): when the kept edges join at least ¾ of the `n(n − 1)/2`
//! vertex pairs (`dense::DENSE_SHARE`) and the `n × n` matrix of doubled weights takes at
//! most `dense::MATRIX_BYTES` = 1 GiB (`n²` times 8 bytes on `i64`, 16 on `i128`; about
//! `n ≤ 11 585` and `n ≤ 8 192`), both questions are answered by the dense engine instead:
//! the same method, start, modes and proof, in O(n³) time without heaps (Gabow's and
//! Lawler's least-slack edges per vertex and per blossom, see its docs). Its matrix is
//! allocated fallibly; if that fails the sparse engine answers. There `n(n − 1) ≤ 8m/3`, so
//! the `i64` matrix takes at most about 22 bytes per kept edge, as much as the edge list the
//! engines are given (16 bytes per edge, 8 more per kept index). The share was chosen by
//! measurement (a one-off test, `dense_tests::crossover` at commit def1f42, CPU seconds of each engine on the same
//! graph, busy shared machine; docs/BENCHMARKS.md, "weighted frontier — dense graphs"): on
//! complete graphs the dense engine wins every case measured — 1 000 Euclidean points
//! (weight = distance + 1) maximum weight 1.54 s against 7.90 s, maximum-weight perfect 1.01
//! against 7.21, min-cost perfect 0.12 against 0.27; 2 000 points 8.4 against 66 s; uniform
//! weights 1..10⁶ on 1 000 and 2 000 vertices 0.14 against 0.29 and 1.00 against 1.32 s; at
//! ¾ of the pairs it wins 1.4–3.5× on Euclidean weights and loses by at most 1.2× on uniform
//! ones (0.22 against 0.18 s); at ½ it loses up to 2.2× (uniform weights, min-cost perfect on
//! Euclidean ones), so the share stays at ¾. Sparse families (G(n, 5n), Euclidean 10-NN)
//! never come near it.
//!
//! **Complexity:** O(n + m) memory (the lists take 44 bytes per kept edge on `i64`: the
//! 16-byte edge record (two 4-byte ends, the 8-byte doubled weight), two 8-byte adjacency entries, the 4-byte
//! renumbering index and the 8-byte index into the caller's edges; the δ2/δ3 heaps'
//! candidates come on top). Time: at most n/2 augmentations; between two of them
//! every vertex is scanned at most once as an S-vertex (an S label lasts until its tree is
//! dissolved), so O(m) heap pushes of O(log m) each,
//! while blossom creations and expansions cost O(n) each with O(n) of them, so the
//! worst case is O(n·(m log n + n²)) — the O(n³)-class bound of the textbook method, not the
//! O(nm log n) of Galil–Micali–Gabow (blossom operations are not yet done with mergeable
//! queues); with the representatives of step 3 a blossom's forming or expansion visits only
//! its smaller parts' vertices, besides those the search scans anyway. Measured (release build, shared 2-core machine, ignored test `timing`, every
//! answer's proof checked): G(n, 5n) with weights 1..10⁶: 0.07–0.1 s at n = 10⁴, 1.7–2.5 s at
//! 10⁵ (up to 4.7 s when the machine was busy); 2-D grids with the same weights: 0.014 s at
//! 100×100, 0.35–0.5 s at 316×316 (both before the greedy start). With the greedy start
//! (docs/BENCHMARKS.md, "after the greedy start", one run on the shared machine, CPU seconds of the
//! whole process): G(10⁵, 5·10⁵) maximum weight 1.03 s (2.24 s before, LEMON 2.75 s),
//! min-cost perfect 1.86 s (5.02 s before, LEMON 4.56 s, Blossom V 5.20 s); Euclidean
//! 10-NN 10⁵ min-cost perfect 1.77 s (2.79 s before, Blossom V 1.28 s); complete Euclidean
//! 1 000 points maximum weight 6.25 s (21.5 s before). Most of the time left is in the
//! heaps (lazily deleted entries) and in rescanning the edges of vertices that are labelled
//! again after their tree was dissolved; Blossom V's per-tree dual steps and per-tree-pair
//! queues are the lever not yet pulled. After steps 3 and 4 (docs/BENCHMARKS.md, "after the
//! blossom representatives"): Euclidean 10-NN min-cost perfect 10⁶ points 27 s (155 s
//! before, Blossom V 28 s in the same run), 2.5·10⁵ 5.3 s (12.1 s before, Blossom V 4.2 s),
//! 10⁵ 1.36 s (1.64 s before, Blossom V 1.28 s). On G(10⁵, 5·10⁵), where no numbering is
//! local, the extra look-up of the representative cost about 25 % (maximum weight 1.1–1.3 s
//! → 1.3–1.7 s against LEMON's 3.0 s; min-cost perfect 1.4–1.8 s → 2.1–2.4 s against
//! Blossom V's 5.5 s and LEMON's 4.4 s); the per-vertex record of step 3 (commit 4c47c24)
//! won most of it back (CPU seconds, 3 runs each alternated, busy machine: maximum weight
//! 1.00–1.23 s before the representatives, 1.17–1.36 with them, 1.03–1.11 with the record;
//! min-cost perfect 1.36–1.83, 1.58–2.25, 1.40–1.91; Euclidean 10-NN 10⁶ points
//! unchanged, 23.2 s against 23.1). The same graphs with every weight shifted by `K = (n − 1)·10⁶ + 1` (the
//! maximum-cardinality question): 0.3 s at 10⁴, 11–14 s of search at 10⁵, plus the answer
//! itself: the few exposed vertices left make the clock run to about `K`, their trees' S-blossoms
//! nest ever deeper with positive duals: written as explicit vertex lists the odd sets held
//! Σ|B| ≈ 1.8·10⁹ vertices (about 7 GB) on the first 10⁵-vertex instance of `timing`; as the
//! forest of [`OddSet`]s they hold each vertex at most once (9 928 sets listing 58 429
//! vertices there, and `verify` checks them with the rest in the same test).
//!
//! **Status:** steps 3 and 4: the tests below pass with every graph of 4 or more vertices
//! renumbered (under test the renumbering ignores the measure), and shuffled copies of graphs
//! up to 60 vertices (nested blossoms, many trees) get verified answers of equal totals; the
//! frontier files give the peers' totals. Compared on thousands of random small graphs (up to 11 vertices; every weight
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
//! The start of step 0 and the per-vertex δ1: the same oracle tests, plus 3 000 random graphs
//! on which both new paths of maximum weight run (a vertex left exposed at dual 0, an
//! augmenting path ending at one) and 3 000 graphs of tied weights (one or two values, of
//! every sign, up to 2⁵⁹) for both questions; the medium hunt `fuzz/weighted_hunt.sh` (every
//! question through the certified layer, each certificate through the verifier) for 10
//! minutes without a failure (17 318 graphs); the unit tests also pass in a debug build, with
//! the debug assertions (parity of S–S slacks, label invariants, every edge still covered in
//! the greedy pass).
//! On G(10⁵, 5·10⁵) (a planted perfect matching, weights 1..10⁶) the minimum-cost perfect
//! question takes about as long as the plain maximum-weight one (6.3 s against 5.9 s whole
//! process, one run each on the busy shared machine, where the plain one takes 1.5 s when
//! quiet; the shift design took 7.7 s there), and its certificate is 2.5 MB against the
//! shift design's 8.1 MB. Whether a perfect matching exists at all is settled by the
//! cardinality engine before the search (perfect mode above): on the same graph with two
//! pendant vertices on one vertex, 0.75 s (the search alone took 44 s to stall, the shift
//! design 90 s and 7 GB); since the check runs at the end of the start rather than before
//! the engine is built, such an answer pays the setup and the start too: 0.70 s CPU for the
//! whole process on the frontier's G(10⁵, 5·10⁵) file with two such vertices added, against
//! 0.22 s with the check first (commit 4840250), for a check that costs 3.2 % instead of 6.6 %
//! of the Euclidean run above, which has a perfect matching (docs/BENCHMARKS.md, "outside the
//! search"). The check on the engine's lists: the same answer as an exhaustive
//! subset search on 4 000 random graphs of 2–14 vertices (about half without a perfect
//! matching), on both engines, every optimum verified (`existence_tests.rs`), and the run
//! without it equal to the run with it on 1 500 graphs with a perfect matching.
//!
//! The linear heap rebuild and the bucketed `kept_edges` (same order as one sort of all edges, checked against that sort on
//! 3 000 random multigraphs): the weighted unit tests, a 2 × 1 500-graph medium hunt without
//! a failure, and byte-identical output to the binary before them on the golden corpus and on
//! the frontier files (Euclidean 10-NN 10⁵ and 2.5·10⁵, G(10⁵, 5·10⁵) both questions; totals
//! equal to Blossom V's and LEMON's).
//!
//! A δ2/δ3 step's edge looked at alone and no tightness flags (step 2): the weighted unit
//! tests in release and debug builds (with a debug assertion that every edge scanned is
//! covered), two medium hunts (2 000 and 4 000 graphs) without a failure, totals equal to
//! Blossom V's on Euclidean 10-NN 10⁵ and 10⁶; on the golden corpus 3 of 1 267 cases differ,
//! one graph's `--min --json` runs: another optimal matching of the same total, verified.
//! Measured against Blossom V's operation counts (docs/BENCHMARKS.md, "where the search does
//! more work than Blossom V's"): Euclidean 10-NN 10⁵ min-cost perfect 0.79–0.84 s CPU
//! against 0.87–0.93 s before and Blossom V's 0.87–1.10 s in the same rounds (busy machine),
//! 10⁶ points 14.5 s against 15.2 s (Blossom V 21.5 s); the work left beyond Blossom V's is
//! in dissolving trees (every edge of their vertices) and in trees 1.4× larger when they
//! augment (one dual step for all trees).
//!
//! The lazy dissolve (step 1: only T-vertices' edges walked, δ3 entries moved to δ2 as they
//! surface, inner T marks cleared from the tree's list): the weighted unit tests, which now
//! check after every dual step on small graphs that every edge between two top-level
//! blossoms is still covered (a lost candidate fails there: with the moves of `min3`
//! disabled, four small-graph tests fail on that check, a medium one on its answer) and
//! rebuild the heaps at every other step only, so that both `min3`'s moves and the rebuild's run; the medium hunt; byte-identical
//! output to the binary before it on the golden corpus (1 295 cases) and on Euclidean 10-NN
//! 10⁵ and 10⁶. Measured (docs/BENCHMARKS.md, "lazy dissolve"): edges walked by dissolving
//! 3.74 M → 0.97 M on 10⁵ points (10.3 M on 10⁶), scan_edge calls 2.88 M → 2.84 M; whole
//! process 0.77–1.09 s → 0.69–0.88 s CPU on 10⁵ points (six alternated runs each, busy
//! machine), 15.0–15.2 → 14.5–15.1 s on 10⁶: a few per cent, not the target's 30 %.
//!
//! No rebuild at the first dual step (step 2): the weighted unit tests, the medium hunt (5 000
//! graphs, seed 883), byte-identical output on the golden corpus and G(10⁵, 5·10⁵); on
//! Euclidean 10-NN 10⁵ and 10⁶ another optimum among ties (equal totals, certificates verified);
//! 1.3 % fewer instructions there (docs/BENCHMARKS.md, "after the start").
//!
//! Dominated δ2 candidates left out (`Engine::push2`): a test on random small and medium
//! graphs, both questions, that fails on the covered-edge check when the record is not
//! forgotten as its vertex is labelled; the weighted unit tests in release and debug
//! builds; medium hunts of 5 000 and 20 000 graphs without a failure; byte-identical output on the golden corpus (1 295 cases) and on
//! Euclidean 10-NN 10⁵ and 10⁶. Measured (docs/BENCHMARKS.md, "dominated δ2 candidates"):
//! 39 % of `scan_edge`'s δ2 pushes left out, instructions −3.4 % at 10⁵, CPU time −6 to
//! −8 % at 10⁶.
//!
//! **Overflow.** Weights are at most [`MAX_WEIGHT`] = 2⁵⁹ in absolute value
//! and only positive ones take part, `W = max w ≤ 2⁵⁹`. Vertex duals start in `[0, W]` after the greedy pass
//! (which only lowers them, not below 0) and in `[0, 2W + 1]` after the fractional start
//! (`fractional.rs`, which raises `start`, the clock's bound below, to its roots' largest
//! dual), and stay there: an exposed vertex's dual only decreases, and a matched vertex `v` with partner `u`
//! has `d_v ≤ 2w_uv − d_u ≤ 2W` since its matched edge is tight and every dual is ≥ 0. A
//! blossom holds a tight matched edge `xy`, and every blossom containing it contains `x, y`, so
//! the blossom duals along any chain of nested blossoms sum to at most `2W`. A slack
//! `d_u + d_v + Σ d_B − 2w` is therefore at most `(2W + 1) + (2W + 1) + 2W = 6W + 2`, and at least
//! `−2W`: all `i64`. The clock (the sum of the dual steps) never passes `start ≤ 2W + 1`
//! (every root's dual starts at most at `start`, and δ1 takes it out of the forest when it
//! reaches 0; no vertex becomes a root later), so the clock-relative stored duals stay
//! within `[−2W − 1, 4W + 2]` and the heap keys (slack + 2·clock ≤ 10W + 4 < 2⁶³) within
//! `i64` too.
//! Totals are summed in `i128`.
//!
//! In perfect mode the vertex duals are free and the clock is bounded by
//! `L = n·(2W + 1)` instead (see perfect mode above; `W = max |w| ≤ 2⁵⁹`), and a step that
//! would take it past `L` is never taken (the run ends first). Every vertex dual starts within
//! `B = 3W + 1` of 0 after the greedy start (at most `W + 1` at the heaviest edge, and the
//! greedy pass lowers it to no less than `2w_uv − d_u ≥ −2W − (W + 1)`), within `B = L` after
//! the fractional start (`fractional.rs`, which checks it; `3W + 1 ≤ L` as `n ≥ 2` here), and
//! moves by at most the clock, so `|d_v| ≤ B + L ≤ 2L`; a blossom's dual grows
//! only while it is a top-level S-blossom, by at most the clock, and a chain of nested
//! blossoms holds a tight matched edge `xy`, so its duals sum to at most
//! `(2W + |d_x| + |d_y|)/2 ≤ W + 2L`. Stored (clock-relative) duals are within `3L`,
//! slacks within `|d_u| + |d_v| + 2·Σ d_B + 2W ≤ 8L + 4W`, heap keys (slack + 2·clock)
//! within `10L + 4W ≤ 11L` (`L ≥ 2·(2W + 1)`), and a step (a slack, or a T-blossom's dual)
//! within that too: all below `12·L`. The start's own values stay within `13·L` (see
//! `fractional.rs`). The engine is generic over its integer type (the private trait `Num`)
//! and runs on `i64` when `L ≤ 2⁵⁸` ([`perfect_fits_i64`]: then `12·L < 2⁶³`), on `i128`
//! otherwise, where `L < 2³²·(2⁶⁰ + 1) < 2⁹³` leaves a wide margin; the library chooses from
//! the weights, no caller does. The duals handed back are `i128` ([`Duals`]): below `2⁹⁴`
//! in size (vertex duals `≤ 2L`, doubled odd-set duals `≤ 2L`), within the bound the
//! verifier takes.
//!
//! **Wide weights** (the `_wide` entry points, `i128`): the run refuses `n·W ≥ 2¹²⁰`
//! (twice [`WIDE_LIMIT`](super::WIDE_LIMIT), room for the gadget graph) and otherwise runs
//! on `i128` when the `i64` bounds above do not hold (`W > 2⁵⁹` for the maximum-weight run).
//! The same arguments give: maximum weight, every value within `10W + 4 < 2¹²⁴`; perfect mode,
//! `L = n·(2W + 1) < 3·2¹²⁰` and every value within `13·L < 2¹²⁶`, vertex duals below
//! `2L < 2¹²³`, doubled odd-set duals and their sums along a chain below `2¹²³`.

use super::{Duals, MAX_WEIGHT, OddSet, Weight, WeightError, WeightedMatching};

mod augment;
mod dense;
mod engine;
mod forest;
mod fractional;
mod heap;
mod init;
mod search;

use engine::{Engine, finish};
#[cfg(test)]
use forest::odd_set_forest;

#[cfg(test)]
#[path = "general_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "dense_tests.rs"]
mod dense_tests;

#[cfg(test)]
#[path = "fractional_tests.rs"]
mod fractional_tests;

#[cfg(test)]
#[path = "existence_tests.rs"]
mod existence_tests;

/// The most kept edges the sparse engine takes (after self-loops and parallel copies are
/// dropped): its adjacency lists name endpoints `2k + 1` in 32 bits.
const MAX_EDGES: usize = (u32::MAX / 2) as usize;

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
/// Tag of an inner T mark's vertex in a tree's member list (see [`Engine::members`]).
const MARKED: usize = 1 << (usize::BITS - 1);

/// A maximum-weight matching of the graph on vertices `0..n` with `edges[i]` weighing
/// `weights[i]`, and its [`Duals`]. Self-loops never match; parallel edges are
/// allowed.
///
/// # Errors
/// [`WeightError::Shape`] if `edges` and `weights` differ in length, an edge names a vertex
/// `>= n`, or more than 2³¹ − 1 edges are left once self-loops and parallel copies are
/// dropped; [`WeightError::TooWide`] if `n · max|w|` reaches twice
/// [`WIDE_LIMIT`](super::WIDE_LIMIT) (room for the gadget graph of the maximum-cardinality
/// question, see the module docs, overflow).
///
/// # Complexity
/// O(n·(m log n + n²)) time worst case (growth about n^1.25 measured on sparse random graphs
/// up to 10⁵ vertices); O(n + m) memory; no recursion (see the module docs). On dense graphs
/// (the module docs, dense graphs) O(n³) time and O(n²) = O(m) memory.
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
    run_with(n, edges, weights, mode, Choice::Library)
}

/// [`max_weight_perfect_matching`] (or its `_wide` twin) on a graph the caller knows to have
/// a perfect matching (the gadget graph G* of the maximum-cardinality question): the same run
/// without the existence check (see the module docs, perfect mode).
pub(crate) fn max_weight_perfect_matching_of_perfect<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
) -> Result<Option<WeightedMatching>, WeightError> {
    run_checked(n, edges, weights, Mode::Perfect, Choice::Library, false)
}

/// Which engine answers: the library's choice, or (tests) one of the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The dense engine where [`dense::worth_it`], else the sparse one.
    Library,
    /// Always the sparse engine.
    #[cfg(test)]
    Sparse,
    /// The dense engine whenever its matrix can be allocated.
    #[cfg(test)]
    Dense,
}

/// [`run`] with the engine chosen by `choice`.
fn run_with<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    mode: Mode,
    choice: Choice,
) -> Result<Option<WeightedMatching>, WeightError> {
    run_checked(n, edges, weights, mode, choice, mode == Mode::Perfect)
}

/// [`run_with`]; in perfect mode with `check`, whether a perfect matching exists is settled
/// by the cardinality engine before the search (see the module docs, perfect mode).
fn run_checked<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    mode: Mode,
    choice: Choice,
    check: bool,
) -> Result<Option<WeightedMatching>, WeightError> {
    if edges.len() != weights.len() {
        return Err(WeightError::Shape(format!(
            "{} but {}",
            crate::error::count(edges.len(), "edge", "edges"),
            crate::error::count(weights.len(), "weight", "weights")
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
    let Kept {
        index: kept,
        ends,
        weight,
    } = kept_list(edges, weights, perfect);
    if kept.len() > MAX_EDGES {
        return Err(WeightError::Shape(format!(
            "{} kept (self-loops and parallel copies aside), beyond the {MAX_EDGES} the \
             engine takes",
            crate::error::count(kept.len(), "edge", "edges")
        )));
    }

    // The maximum-weight run fits in i64 when W ≤ 2^59; perfect mode when n·(2W + 1) ≤ 2^58.
    let largest = weight
        .iter()
        .map(|&w| w.into().unsigned_abs())
        .max()
        .unwrap_or(0);
    let narrow = if perfect {
        u64::try_from(largest).is_ok_and(|w| perfect_fits_i64(n, w))
    } else {
        largest <= MAX_WEIGHT as u128
    };
    let size = if narrow { 8 } else { 16 };
    let dense = match choice {
        Choice::Library => dense::worth_it(n, kept.len(), size),
        #[cfg(test)]
        Choice::Sparse => false,
        #[cfg(test)]
        Choice::Dense => true,
    };
    let (ends, weight) = if dense {
        // The dense engine reads the kept edges through `kept`: their lists go while it runs
        // (its matrix is about as large), and come back if it cannot run.
        drop((ends, weight));
        if perfect && check && !has_perfect_matching(n, edges, &kept) {
            return Ok(None);
        }
        let found = if narrow {
            dense::run::<i64, W>(n, edges, weights, &kept, mode)
        } else {
            dense::run::<i128, W>(n, edges, weights, &kept, mode)
        };
        // `None`: the matrix could not be allocated; the sparse engine answers.
        if let Some(found) = found {
            return Ok(found);
        }
        (
            kept.iter().map(|&i| edges[i]).collect(),
            kept.iter().map(|&i| weights[i]).collect(),
        )
    } else {
        (ends, weight)
    };
    // The existence check runs at the end of the start, on the engine's own adjacency lists
    // and from its matching (see `Engine::has_perfect_matching`), unless the dense engine's
    // check above ran.
    let check = perfect && check && !dense;
    if narrow {
        let mut engine = Engine::<i64>::build(n, ends, weight, mode);
        engine.check = check;
        Ok(finish(engine, &kept))
    } else {
        let mut engine = Engine::<i128>::build(n, ends, weight, mode);
        engine.check = check;
        Ok(finish(engine, &kept))
    }
}

/// Whether the graph of the `kept` edges has a perfect matching: the cardinality engine's
/// answer ([`maximum_matching`](crate::graph::general::maximum_matching)), a proof either
/// way (a perfect matching, or a maximum one that is smaller). O(n + m) beyond that run.
fn has_perfect_matching(n: usize, edges: &[(u32, u32)], kept: &[usize]) -> bool {
    let g = crate::graph::general::Graph::from_edges(n, kept.iter().map(|&i| edges[i]));
    2 * crate::graph::general::maximum_matching(&g).len() == n
}

/// The edges the engine keeps: the heaviest copy of each vertex pair (the first such edge
/// among equally heavy copies), no self-loops, and (unless `perfect`) no edge of weight ≤ 0;
/// in the order of their pairs `(min, max)`. (The tests' entry: [`kept_list`] without the
/// ends and weights.)
#[cfg(test)]
fn kept_edges<W: Weight>(edges: &[(u32, u32)], weights: &[W], perfect: bool) -> Vec<usize> {
    kept_list(edges, weights, perfect).index
}

/// The kept edges (see [`kept_list`]): their indices into the caller's edges, and in the same
/// order their ends (as the caller's edge names them) and weights, so that the engine's setup
/// reads them in order rather than through `index` again.
struct Kept<W> {
    /// Index into the caller's edges of each kept edge.
    index: Vec<usize>,
    /// `edges[index[k]]`.
    ends: Vec<(u32, u32)>,
    /// `weights[index[k]]`.
    weight: Vec<W>,
}

/// The edges the engine keeps: the heaviest copy of each vertex pair (the first such edge
/// among equally heavy copies), no self-loops, and (unless `perfect`) no edge of weight ≤ 0;
/// in the order of their pairs `(min, max)`, with their ends and weights. A counting sort on
/// the smaller end into `(larger end, 2·index + whether the first end is the larger, weight)`
/// entries, then each (small) bucket sorted on its own, and only the runs of parallel copies
/// compare weights: O(n + m) beyond the buckets' sorts, which compare the entries themselves,
/// with no look-up of an edge or weight (measured: one sort of all the edges by an indirect
/// key took 150 ms of the 2.1 s of Euclidean 10-NN with 10⁵ points; the buckets sorted by an
/// indirect key 1.2 % of a 0.75 s run). The ends are rebuilt from the bucket and the entry,
/// and the weights travel in the entries: the edges and weights are only read in order
/// (reading each kept weight through its index instead: 0.52–0.54 s against 0.34–0.36 s CPU
/// on Euclidean 10-NN with 10⁶ points).
fn kept_list<W: Weight>(edges: &[(u32, u32)], weights: &[W], perfect: bool) -> Kept<W> {
    // (Below 2³¹ edges, as a rule, the counts and tags fit 32 bits: entries of 16 bytes with
    // `i64` weights instead of 24, and a counter array half as large.)
    if edges.len() < 1 << 31 {
        kept_list_in::<W, u32>(edges, weights, perfect)
    } else {
        kept_list_in::<W, u64>(edges, weights, perfect)
    }
}

/// The counters and tags of [`kept_list`]: `u32` below 2³¹ edges, else `u64`.
trait Tag: Copy + Ord + Default + std::ops::AddAssign {
    /// `x`, which the caller knows to fit.
    fn of(x: usize) -> Self;
    /// The value.
    fn get(self) -> usize;
}

impl Tag for u32 {
    fn of(x: usize) -> u32 {
        debug_assert!(u32::try_from(x).is_ok());
        x as u32
    }
    fn get(self) -> usize {
        self as usize
    }
}

impl Tag for u64 {
    fn of(x: usize) -> u64 {
        x as u64
    }
    fn get(self) -> usize {
        self as usize
    }
}

/// [`kept_list`] with counters and tags (`2·index + whether the first end is the larger`,
/// below `2·edges.len()`) of type `T`.
fn kept_list_in<W: Weight, T: Tag>(edges: &[(u32, u32)], weights: &[W], perfect: bool) -> Kept<W> {
    let wanted = |i: usize| edges[i].0 != edges[i].1 && (perfect || weights[i].into() > 0);
    // (Edges name vertices below n, checked by the caller; the largest end bounds them.)
    let top = edges
        .iter()
        .map(|&(u, v)| u.max(v) as usize + 1)
        .max()
        .unwrap_or(0);
    // `start[v + 1]` counts the wanted edges whose smaller end is `v`; after the prefix sums
    // and the fill below, `start[v]` is the end of `v`'s bucket (the start of `v + 1`'s).
    let mut start = vec![T::default(); top + 1];
    for (i, &(u, v)) in edges.iter().enumerate() {
        if wanted(i) {
            start[u.min(v) as usize + 1] += T::of(1);
        }
    }
    for v in 0..top {
        let before = start[v];
        start[v + 1] += before;
    }
    let mut entries = vec![(0u32, T::default(), W::default()); start[top].get()];
    for (i, (&(u, v), &w)) in edges.iter().zip(weights).enumerate() {
        if wanted(i) {
            let at = &mut start[u.min(v) as usize];
            entries[at.get()] = (u.max(v), T::of(2 * i + usize::from(u > v)), w);
            *at += T::of(1);
        }
    }
    let mut index = Vec::with_capacity(entries.len());
    let mut ends = Vec::with_capacity(entries.len());
    let mut weight = Vec::with_capacity(entries.len());
    let mut from = 0;
    for (low, &to) in start[..top].iter().enumerate() {
        let to = to.get();
        let bucket = &mut entries[from..to];
        from = to;
        // By larger end, then index: the copies of a pair together, the first one first.
        bucket.sort_unstable_by_key(|&(high, tag, _)| (high, tag));
        let mut j = 0;
        while j < bucket.len() {
            let (high, mut best, mut w) = bucket[j];
            j += 1;
            while j < bucket.len() && bucket[j].0 == high {
                // A later copy replaces the best only when strictly heavier.
                if bucket[j].2 > w {
                    (_, best, w) = bucket[j];
                }
                j += 1;
            }
            let best = best.get();
            let i = best >> 1;
            let low = low as u32;
            index.push(i);
            ends.push(if best & 1 == 1 {
                (high, low)
            } else {
                (low, high)
            });
            weight.push(w);
        }
    }
    Kept {
        index,
        ends,
        weight,
    }
}
