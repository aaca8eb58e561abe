//! The fractional (half-integral) jump start of both modes.
//!
//! **Guarantee.** [`Engine::fractional_start`], run after the greedy start, either leaves the
//! engine as it was and returns `None`, or sets every vertex dual and a matching such that:
//! every edge is covered (doubled slack `d_u + d_v − 2w ≥ 0`), every matched edge is tight,
//! blossom duals are zero (none exist yet), and the duals are within the engine's starting
//! bounds (see the [module docs](super), overflow):
//! - *perfect mode*: every vertex dual is within `L = n·(2W + 1)` of 0 (`W = max |w|`), and
//!   every exposed vertex's dual has one parity (so every S–S slack of the search is even, as
//!   after the greedy start). When no search was given up ([`Fractional::complete`]) the
//!   duals, before that parity step, are an optimal solution of the dual of the
//!   perfect-matching LP *without* odd-set constraints,
//!   `Σ_v d_v = 2·max { Σ w_e x_e : x(δ(v)) = 1, x ≥ 0 }`, and exactly one vertex per odd
//!   cycle of a half-integral optimum is left exposed. `None` is returned when the graph has
//!   no fractional perfect matching (then it has no perfect matching either, and the search
//!   says so), when a value would leave the bounds above, or when memory cannot be had.
//! - *maximum weight*: every dual is in `[0, 2W + 1]` (`W = max w`, over the kept edges,
//!   all `> 0`); the exposed vertices at dual 0 meet complementary slackness already and are
//!   no roots of the search (as those [`Engine::free_vertex`] leaves); the others, the roots,
//!   have one parity and duals at most `start`, which is raised to the largest of them (the
//!   engine's heap cutoffs assume the clock stops by `start`). With `f = W mod 2` (the
//!   parity of every dual after the greedy start) and no search given up, the duals less the
//!   parity raises, plus what the last step lowered, and less `f` at each vertex with an
//!   edge, are an optimal dual of the matching LP without odd-set constraints on the weights
//!   `w − f`: `Σ_v (d_v − f) = 2·max { Σ (w_e − f) x_e : x(δ(v)) ≤ 1, x ≥ 0 }`. `None` only
//!   when memory cannot be had.
//!
//! **Algorithm.** The LP relaxation without odd-set constraints is the assignment problem on
//! the bipartite double cover (each vertex `v` a row `v` and a column `v`, each edge `uv` the
//! arcs row `u` → column `v` and row `v` → column `u`, both of weight `w_uv`), as in the
//! fractional initialisation of Kolmogorov's Blossom V (2009; read, not copied): an
//! assignment `σ` and duals `a` (rows), `b` (columns) with `a_u + b_v ≥ 2w_uv` (doubled units,
//! as the engine's) and equality on `σ`'s arcs. Then `d_v = (a_v + b_v)/2` covers every edge:
//! `d_u + d_v = ((a_u + b_v) + (a_v + b_u))/2 ≥ 2w_uv`, with equality exactly when both arcs
//! of `uv` are tight. It starts from the greedy start: `a = b = d` (feasible), each matched
//! edge assigned both ways, so only the greedy start's exposed vertices are unassigned rows
//! and untaken columns. From each free row in turn (in the engine's vertex order, breadth-first
//! where the engine renumbered, so consecutive searches work in nearby memory; see below), a
//! shortest augmenting path (Dijkstra on
//! the arcs' slacks, a binary heap with lazy deletion, potentials moved only on the vertices
//! the search settled, as in Jonker–Volgenant's augmentation) reassigns the rows along it. A
//! search that has settled `BUDGET` columns (64; `MAX_BUDGET` = 16 for maximum weight)
//! without reaching a free one is given up: the potentials of the settled vertices still
//! move by the distance reached (every slack stays ≥ 0 and every assigned arc tight, as in a
//! completed search) and its row stays unassigned. On random graphs without locality
//! (G(n, 5n)) unbounded searches settled 500 columns on average and took 13 s where the whole
//! run takes 1.5 s; on Euclidean 10-NN they settle 4.7 (18 186 searches at 10⁵ points, 4
//! given up). Each vertex's potentials, assigned arcs and search state sit in one 64-byte
//! record, so a scanned arc costs one cache miss there, not five — measured alike to six
//! separate arrays (a search is a chain of dependent misses, not many independent ones).
//! Two things shorten that chain: a row's arcs are read in two loops, the first computing
//! every arc's key (far record and edge weight) with no data-dependent branch, so that their
//! misses overlap, the second doing the comparisons and heap pushes on records then in
//! cache; and each record keeps the vertex at the far end of its assigned arcs, so a settled
//! column's row is found without a look-up in the edges (G(10⁵, 5·10⁵), whose numbers have
//! no locality: the start 25–30 % and another 12–15 % less time, all questions;
//! docs/BENCHMARKS.md, "card8"). What paid before is the order: the roots in the input's
//! order, random on renumbered graphs, took 0.95–1.2 s at 10⁶ points, in the engine's order
//! 0.38–0.5 s (busy machine;
//! docs/BENCHMARKS.md, "the start in the engine's order").
//!
//! *Maximum weight* is the bipartite matching that need not be perfect: duals `a, b ≥ 0`,
//! and a free row or column at dual 0 (complementary slackness). Every potential keeps the
//! parity `f` of the greedy start's duals, so the least a potential may take is `f` (the
//! problem on the weights `w − f`, whose duals are `a − f`, `b − f`). A search then has a
//! second way to end, as the Hungarian method for non-perfect matching (and the engine's own
//! δ1) has: when the potential of a settled row, which drops by the distance beyond the one
//! at which it was settled, would pass `f` before the next column is settled (or no column
//! is left), the search stops at that distance; that row is left free at `f` and the path
//! from the root to it is flipped (nothing, if it is the root). Settled columns come at
//! distances no greater (a row is settled at its column's distance, and its own stop is at
//! least that), so no column potential drops. Free rows then sit at `f`, but the greedy
//! start's untaken columns still sit at their duals: a second round of the same searches on
//! the transposed cover (columns as rows; the cover is symmetric, so the same code with the
//! two sides swapped) starts from each untaken column above `f`. Neither round frees what
//! the other settled: a row search only raises the potentials of assigned columns (and of
//! its sink, by 0), a column search only those of assigned rows. So when no search was
//! given up, every free row and column is at `f`, and `σ` with `(a − f, b − f)` is optimal.
//!
//! Every potential stays even in perfect mode and of parity `f` in maximum weight: the
//! greedy start's duals share one parity, so every slack and distance is even, and so is
//! every stop at `f`. So `d` is an integer. When `σ` is optimal, every arc of `σ` is tight in
//! *both* directions: `σ⁻¹` is an optimal assignment too (the cover is symmetric) and `(a, b)`
//! an optimal dual, so complementary slackness holds between them, `a_v + b_u = 2w_uv`
//! whenever `σ(u) = v` — and (maximum weight) a vertex whose row is free or whose column is
//! untaken has both potentials at `f`. The matching is read off the paths and cycles of `σ`,
//! each walked from its start (a vertex whose column no row takes; on a cycle its smallest
//! vertex, or for an odd cycle the vertex after its least dual): two consecutive vertices
//! are matched along their arc when it is tight in `d` (checked, not assumed) — all of an
//! even cycle or path and all but one vertex of an odd one, the last walked, so an odd
//! cycle leaves its least-dual vertex exposed (the first met from its smallest vertex, on
//! ties). That choice changes no work of the search (Euclidean 10-NN 10⁵: 2 880 099 edge
//! scans and 62 145 dual steps against 2 879 755 and 61 830 leaving the vertex before the
//! smallest exposed, 2 879 647 and 61 648 the one of largest dual), but the existence
//! check's cardinality engine, which starts from this matching, takes 10 ms instead of 24
//! at 10⁵ points (four runs each) and about 10 % less at 10⁶. For maximum weight, an exposed vertex none of whose edges is tight and whose dual is
//! within its least slack goes down to 0 (its path end at `d = f = 1`, typically). The
//! exposed vertices' duals above 0 are then given one parity, the more common one, by raising
//! the others by 1 (an exposed vertex has no tight matched edge to keep).
//!
//! **Complexity.** O(n + m) memory. Time O(n + m) for the set-up and the read-off, plus per
//! search O(k log k) for the `k` arcs of its at most `BUDGET` settled rows. No recursion.
//! Perfect mode: every value computed stays within `13·L` of 0: potentials and settled
//! distances are kept within `4·L` (else the start gives up), a slack is at most
//! `2W + 8·L`, and a heap key a distance plus a slack — within `i64` when the engine runs on
//! it (`L ≤ 2⁵⁸`), within `i128` otherwise (`L < 3·2¹²⁰`). Maximum weight: every potential
//! is in `[0, 2W]` (an assigned arc is tight, `a_u + b_v = 2w_uv ≤ 2W` with both ≥ 0; a free
//! row or column never rises above its greedy dual `≤ W`), a search stops by the distance
//! at which its root reaches `f`, at most `W`, so settled distances are within `W`, slacks
//! within `4W` and heap keys within `5W`; `d ≤ 2W + 1` after the parity step — within
//! `i64` when the engine runs on it (`W ≤ 2⁵⁹`), within `i128` otherwise (`W < 2¹²⁰`).
//!
//! **Status.** Used in both modes (the dense engine keeps its greedy start). Tested
//! (`fractional_tests.rs`): perfect mode, on 6 000 small random graphs (odd cycles, ties,
//! zero and negative weights, weights near 2⁵⁹ on `i128`, disconnected, parallel edges and
//! self-loops in the input; a third with searches given up after one or two columns) the
//! duals are feasible, matched edges tight, exposed duals of one parity, within `L`, and
//! `Σ d_v` (before the parity step) equal to twice the fractional optimum computed by an
//! independent subset DP over the double cover when no search was given up; it gives up
//! only where no fractional perfect matching exists. Maximum weight, on 6 000 more (the same
//! kinds, edges of weight ≤ 0 dropped by the engine; `i64` and `i128` agreeing): duals in
//! `[0, 2W + 1]`, feasible, matched edges tight, roots of one parity and within `start`, and
//! the LP value above against a "≤ 1" variant of the DP (rows may stay unassigned; it fails
//! without the column round). Rows of triangles joined by light edges (200 graphs): each
//! triangle leaves its least-dual vertex exposed. Both modes on the sparse engine with this start, with it
//! given up after one column, and with the greedy start alone, against the exhaustive oracle
//! on 6 000 more each, every proof checked by the verifier; the unit tests also pass in a
//! debug build (the engine's assertions: S–S slacks even, edges covered). The medium hunt
//! `fuzz/weighted_hunt.sh`: perfect mode on 64 000 graphs (60 000 of 20–200 vertices,
//! 4 000 of 200–2 000), both modes (this start in maximum weight too) on 24 000 more of 20–200
//! and 2 000 of 200–2 000: no failure. Measured (CPU, busy
//! machine; docs/BENCHMARKS.md, "fractional start"): perfect mode, exposed vertices after
//! the start 18 % → 7.7 % on Euclidean 10-NN and 23.5 % → 4.6 % on G(10⁵, 5·10⁵);
//! min-cost perfect about 20 % faster on the latter, up to 8 % on the former (within the
//! noise at 10⁵ points). Maximum weight (docs/BENCHMARKS.md, "fractional start for maximum
//! weight"): exposed vertices 23.5 % → 3.1 % on G(10⁵, 5·10⁵) (2.8 % roots, the rest at
//! dual 0) and 26.3 % → 3.2 % on Euclidean 10-NN 10⁵, the whole run about 20 % and 40 % faster (CPU 0.64–0.71 s against
//! 0.81–0.94 s, LEMON 2.4–2.6 s; 0.67–0.75 s against 1.11–1.33 s, LEMON 2.0–2.3 s).

use super::engine::Engine;
use super::{NONE, Num};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What the fractional start did (for the tests and the measurements).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Fractional {
    /// Vertices left exposed (one per odd cycle; maximum weight: also those at dual 0).
    pub(super) exposed: usize,
    /// Maximum weight: exposed vertices at dual 0, which are not roots of the search.
    pub(super) zero: usize,
    /// Exposed vertices whose dual was raised by 1 for the common parity.
    pub(super) raised: usize,
    /// Maximum weight: the sum of what exposed vertices' duals were lowered by (to 0, where
    /// none of their edges was tight).
    pub(super) lowered: i128,
    /// Whether every search ended (σ perfect or, for maximum weight, every free row and
    /// column at the floor): the duals are LP-optimal.
    pub(super) complete: bool,
}

/// The most columns one shortest-path search settles before it gives up (its root is then
/// left to the engine's search, the duals moved by the distance reached): perfect mode.
const BUDGET: usize = 64;

/// [`BUDGET`] for maximum weight, whose searches have two sides to serve and whose engine
/// search is cheaper per root (measured: 8 to 24 alike, 64 slower; see the module docs).
const MAX_BUDGET: usize = 16;

/// A vector of `len` copies of `x`, or `None` if the memory cannot be had.
fn filled<T: Clone>(len: usize, x: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, x);
    Some(v)
}

#[cfg(test)]
thread_local! {
    /// Under test: whether the fractional start runs (tests of the greedy start alone turn
    /// it off).
    pub(super) static ENABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    /// Under test: the budget of the searches, which tests lower to exercise the searches
    /// given up; 0: the mode's own, [`BUDGET`] or [`MAX_BUDGET`].
    pub(super) static BUDGET_TEST: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Everything the searches know of vertex `v`, in one record so that an arc scanned costs
/// one cache miss at its far end, not one per array (the arcs of a search join vertices
/// far apart in memory when the numbers are not local): the potentials of its row
/// (`pot[0]`, `a_v`) and of its column (`pot[1]`, `b_v`); its assigned arcs, `end[0]` an
/// endpoint `p` of its row's (`edges.at(p)` the column, `NONE`: free) and `end[1]` of its
/// column's (`edges.at(p)` the row), `end[1]` of a column `= p ^ 1` for its row's `p`, and
/// `far[k] = edges.at(end[k])` where `end[k]` is set (so that a search reaches the row of a
/// settled column without a look-up in the edges, a cache miss on graphs without locality);
/// the state of the current search at its column (distance, the arc that reached it, and
/// the search's epoch when it was reached and when it was settled). A search with side `S`
/// (0: from free rows; 1: from free columns, the transposed cover) lowers `pot[S]` and
/// raises `pot[1 - S]`.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Rec<N> {
    pot: [N; 2],
    end: [usize; 2],
    far: [u32; 2],
    dist: N,
    pred: usize,
    seen: u32,
    done: u32,
}

/// The graph and the limits every search shares.
struct Arcs<'a, N> {
    adj_start: &'a [usize],
    adj: &'a [(u32, u32)],
    edges: &'a super::engine::Edges<N>,
    /// Maximum weight: the least value of a potential (the parity of all of them); `None`
    /// in perfect mode (free potentials).
    floor: Option<N>,
    /// No key or potential may pass it (else the start gives up).
    cap: N,
    budget: usize,
}

/// How a search ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// At a free vertex of the other side: the root is assigned.
    Free,
    /// Maximum weight: a settled vertex's potential reached the floor; it is left free
    /// there (the root assigned, unless it is that vertex).
    Floor,
    /// After [`BUDGET`] (or [`MAX_BUDGET`]) settled vertices: the root stays free.
    GivenUp,
}

/// The scratch space of the searches, reused from one to the next (the per-vertex part is
/// in [`Rec`]).
struct Scratch<N> {
    epoch: u32,
    /// The settled vertices of the searching side with their distances.
    rows: Vec<(usize, N)>,
    /// The settled vertices of the other side.
    cols: Vec<usize>,
    heap: BinaryHeap<Reverse<(N, usize)>>,
    /// The keys of a row's arcs with their far vertex and endpoint, gathered before any is
    /// used (see [`search`]).
    keys: Vec<(N, u32, u32)>,
}

/// One shortest augmenting path search from the free vertex `root` of side `S` (its rows,
/// the other side its columns; see the module docs and [`Rec`]): Dijkstra on the arcs'
/// slacks, ended by a free column, by a settled row's potential reaching the floor
/// (maximum weight), or by the budget; then the potentials of the settled vertices move by
/// the distance reached and the path found is flipped. `None`: no free column is reachable
/// (perfect mode: no perfect assignment) or a value would pass the cap.
fn search<N: Num, const S: usize>(
    root: usize,
    rec: &mut [Rec<N>],
    g: &Arcs<'_, N>,
    s: &mut Scratch<N>,
) -> Option<Ended> {
    let far_side = 1 - S;
    let zero = N::from(0);
    if s.epoch == u32::MAX {
        for r in rec.iter_mut() {
            r.seen = 0;
            r.done = 0;
        }
        s.epoch = 0;
    }
    s.epoch += 1;
    let epoch = s.epoch;
    s.rows.clear();
    s.cols.clear();
    s.heap.clear();
    // The least distance at which a settled row's potential reaches the floor, and that row.
    let mut low = (N::MAX, NONE);
    let (mut row, mut at) = (root, zero);
    let (ended, sink, far) = loop {
        s.rows.push((row, at));
        let base = at + rec[row].pot[S];
        if let Some(f) = g.floor {
            let reach = base - f;
            if reach < low.0 {
                low = (reach, row);
            }
        }
        // Every arc's key first, in a loop without a data-dependent branch, so that the
        // cache misses on the far ends' records and the edges' weights overlap; then the
        // branches and heap pushes, on records in cache.
        let arcs = &g.adj[g.adj_start[row]..g.adj_start[row + 1]];
        s.keys.clear();
        s.keys.extend(arcs.iter().map(|&(j, p)| {
            let key = base + rec[j as usize].pot[far_side] - g.edges.wt2(p as usize / 2);
            (key, j, p)
        }));
        for &(key, j, p) in &s.keys {
            let (j, p) = (j as usize, p as usize);
            let r = &mut rec[j];
            if r.done == epoch {
                continue;
            }
            if r.seen != epoch || key < r.dist {
                r.seen = epoch;
                r.dist = key;
                r.pred = p;
                s.heap.push(Reverse((key, j)));
            }
        }
        let next = loop {
            let Some(Reverse((key, j))) = s.heap.pop() else {
                break None;
            };
            if rec[j].done != epoch && key == rec[j].dist {
                break Some((key, j));
            }
        };
        // Maximum weight: a potential reaches the floor before the next column.
        if g.floor.is_some() && next.is_none_or(|(key, _)| low.0 < key) {
            break (Ended::Floor, low.1, low.0);
        }
        // (Perfect mode, no column left: no perfect assignment, so no perfect matching.)
        let (key, j) = next?;
        if key > g.cap {
            return None;
        }
        if s.cols.len() >= g.budget {
            // Given up: the potentials still move by the distance reached.
            break (Ended::GivenUp, NONE, key);
        }
        rec[j].done = epoch;
        s.cols.push(j);
        if rec[j].end[far_side] == NONE {
            break (Ended::Free, j, key);
        }
        (row, at) = (rec[j].far[far_side] as usize, key);
    };
    for &(i, d) in &s.rows {
        let pot = &mut rec[i].pot[S];
        *pot -= far - d;
        if *pot < -g.cap {
            return None;
        }
    }
    for &j in &s.cols {
        let r = &mut rec[j];
        r.pot[far_side] += far - r.dist;
        if r.pot[far_side] > g.cap {
            return None;
        }
    }
    // The path to flip ends at the sink column, or (floor) at the column of the row left free.
    let mut j = match ended {
        Ended::Free => sink,
        Ended::Floor if sink != root => {
            let p = std::mem::replace(&mut rec[sink].end[S], NONE);
            g.edges.at(p)
        }
        _ => NONE,
    };
    while j != NONE {
        let pred = rec[j].pred;
        let i = g.edges.at(pred ^ 1);
        let old = std::mem::replace(&mut rec[i].end[S], pred);
        let old_far = std::mem::replace(&mut rec[i].far[S], j as u32);
        rec[j].end[far_side] = pred ^ 1;
        rec[j].far[far_side] = i as u32;
        if old == NONE {
            debug_assert_eq!(i, root);
            break;
        }
        debug_assert_eq!(old_far as usize, g.edges.at(old));
        j = old_far as usize;
    }
    Some(ended)
}

impl<N: Num> Engine<N> {
    /// The fractional start (see the module docs); `None` leaves the engine as it was.
    pub(super) fn fractional_start(&mut self) -> Option<Fractional> {
        #[cfg(test)]
        if !ENABLED.with(std::cell::Cell::get) {
            return None;
        }
        let n = self.n;
        if n == 0 || self.edges.is_empty() {
            return None;
        }
        let zero = N::from(0);
        let two = N::from(2);
        let big_w: u128 = self
            .edges
            .0
            .iter()
            .map(|e| (e.wt2.into() / 2).unsigned_abs())
            .max()
            .unwrap_or(0);
        // L = n·(2W + 1) ≤ 2^58 on i64 (see the engine's overflow bounds); values within 4L.
        let limit = (n as u128).saturating_mul(2 * big_w + 1);
        let cap = N::saturating(limit.saturating_mul(4));
        let dual_bound = N::saturating(limit);
        // Maximum weight: every potential keeps the parity of the greedy start's duals (that
        // of `start`), so the least it may take is 0 or 1.
        let floor = (!self.perfect).then(|| self.start % two);
        // The greedy start's duals on both sides, its matched edges assigned both ways.
        let mut rec: Vec<Rec<N>> = filled(
            n,
            Rec {
                pot: [zero; 2],
                end: [NONE; 2],
                far: [0; 2],
                dist: zero,
                pred: NONE,
                seen: 0,
                done: 0,
            },
        )?;
        for v in 0..n {
            let d = self.vx[v].dual;
            rec[v].pot = [d, d];
            let p = self.mate[v];
            if p != NONE {
                let u = self.edges.at(p);
                rec[v].end[0] = p;
                rec[v].far[0] = u as u32;
                rec[u].end[1] = p ^ 1;
                rec[u].far[1] = v as u32;
            }
        }
        let mut scratch = Scratch {
            epoch: 0,
            rows: Vec::new(),
            cols: Vec::new(),
            heap: BinaryHeap::new(),
            keys: Vec::new(),
        };
        let budget = if self.perfect { BUDGET } else { MAX_BUDGET };
        #[cfg(test)]
        let budget = match BUDGET_TEST.with(std::cell::Cell::get) {
            0 => budget,
            b => b,
        };
        let arcs = Arcs {
            adj_start: &self.adj_start,
            adj: &self.adj,
            edges: &self.edges,
            floor,
            cap,
            budget,
        };
        let mut complete = true;
        // Shortest augmenting paths from the rows left free, then (maximum weight) from the
        // columns left free above the floor, the same searches on the transposed cover.
        let phases = if self.perfect { 1 } else { 2 };
        for phase in 0..phases {
            for root in 0..n {
                if rec[root].end[phase] != NONE
                    || floor.is_some_and(|f| rec[root].pot[phase] == f)
                    || self.adj_start[root] == self.adj_start[root + 1]
                {
                    continue;
                }
                let ended = if phase == 0 {
                    search::<N, 0>(root, &mut rec, &arcs, &mut scratch)?
                } else {
                    search::<N, 1>(root, &mut rec, &arcs, &mut scratch)?
                };
                if ended == Ended::GivenUp {
                    complete = false;
                }
            }
        }
        drop(scratch);
        let edges = &self.edges;
        // The duals, within the engine's bounds.
        let mut d: Vec<N> = filled(n, zero)?;
        for v in 0..n {
            let s = rec[v].pot[0] + rec[v].pot[1];
            debug_assert!(s % two == zero, "potentials of one parity");
            d[v] = s / two;
            if d[v] > dual_bound || d[v] < -dual_bound {
                return None;
            }
        }
        // The paths and cycles of σ (row `v` assigned to column `u`: `v` → `u`), each walked
        // from its start (a vertex whose column is not taken, or any vertex of a cycle):
        // consecutive vertices are matched along their arc where it is tight in `d`, which
        // is every arc when the searches all ended (see the module docs); so all of an even
        // cycle or path and all but its last vertex of an odd one.
        let mut mate: Vec<usize> = filled(n, NONE)?;
        let mut visited: Vec<bool> = filled(n, false)?;
        let tight = |p: usize| d[edges.at(p)] + d[edges.at(p ^ 1)] == edges.wt2(p / 2);
        let walk = |s: usize, visited: &mut Vec<bool>, mate: &mut Vec<usize>| {
            let mut v = s;
            while !visited[v] {
                visited[v] = true;
                let p = rec[v].end[0];
                if p == NONE {
                    break;
                }
                let u = edges.at(p);
                if mate[v] == NONE && !visited[u] && tight(p) {
                    mate[v] = p;
                    mate[u] = p ^ 1;
                    visited[u] = true;
                    if rec[u].end[0] == NONE {
                        break;
                    }
                    v = edges.at(rec[u].end[0]);
                } else {
                    v = u;
                }
            }
        };
        for (v, r) in rec.iter().enumerate() {
            if r.end[1] == NONE {
                walk(v, &mut visited, &mut mate);
            }
        }
        // The cycles: an odd one is walked from the vertex after its smallest dual (the first
        // met from its smallest vertex), which is then the one left exposed (measured: the
        // existence check's cardinality engine then has less to do; see the module docs).
        for v in 0..n {
            if visited[v] {
                continue;
            }
            let (mut len, mut least, mut x) = (0usize, v, v);
            loop {
                len += 1;
                if d[x] < d[least] {
                    least = x;
                }
                let p = rec[x].end[0];
                if p == NONE {
                    break;
                }
                x = edges.at(p);
                if x == v || visited[x] {
                    break;
                }
            }
            let first = match rec[least].end[0] {
                p if x == v && len % 2 == 1 && p != NONE => edges.at(p),
                _ => v,
            };
            walk(first, &mut visited, &mut mate);
        }
        drop((visited, rec));
        let mut exposed: Vec<usize> = (0..n).filter(|&v| mate[v] == NONE).collect();
        let all_exposed = exposed.len();
        // Maximum weight: an exposed vertex none of whose edges is tight goes down to 0 if
        // its least slack allows (complementary slackness then holds there), and exposed
        // vertices at 0 are no roots of the search (as those the search leaves at 0 itself,
        // see `Engine::free_vertex`): only the others need one parity.
        let mut lowered = 0i128;
        if !self.perfect {
            let (adj_start, adj) = (&self.adj_start, &self.adj);
            for &v in &exposed {
                if d[v] == zero {
                    continue;
                }
                let least = adj[adj_start[v]..adj_start[v + 1]]
                    .iter()
                    .map(|&(u, p)| d[v] + d[u as usize] - edges.wt2(p as usize / 2))
                    .min();
                if least.is_some_and(|s| s >= d[v]) {
                    lowered += d[v].into();
                    d[v] = zero;
                }
            }
            exposed.retain(|&v| d[v] != zero);
        }
        let zeros = all_exposed - exposed.len();
        // One parity for the exposed vertices: the more common one.
        let odd = exposed.iter().filter(|&&v| d[v] % two != zero).count();
        let parity_odd = 2 * odd > exposed.len();
        let mut raised = 0;
        for &v in &exposed {
            if (d[v] % two != zero) != parity_odd {
                d[v] += N::from(1);
                raised += 1;
            }
        }
        #[cfg(debug_assertions)]
        for v in 0..n {
            for arc in self.adj_start[v]..self.adj_start[v + 1] {
                let (u, p) = self.arc(arc);
                let slack = d[v] + d[u] - edges.wt2(p / 2);
                debug_assert!(slack >= zero, "edge covered");
                debug_assert!(mate[v] != p || slack == zero, "matched edge tight");
            }
        }
        // Maximum weight: the clock runs until every root's dual reaches 0, and the search's
        // heap cutoffs assume it stops by `start` (see `Engine::scan_edge`).
        if !self.perfect {
            for &v in &exposed {
                self.start = self.start.max(d[v]);
            }
        }
        for (v, dv) in d.into_iter().enumerate() {
            self.vx[v].dual = dv;
        }
        self.mate = mate;
        Some(Fractional {
            exposed: all_exposed,
            zero: zeros,
            raised,
            lowered,
            complete,
        })
    }
}
