//! The dense engine: the same primal–dual blossom method on an `n × n` weight matrix, in
//! O(n³) time with no heaps, for graphs with most vertex pairs joined.
//!
//! **Guarantee:** the same answer and proof as the sparse engine ([`super`]): a maximum-weight
//! matching (or, in perfect mode, a maximum-weight perfect matching, or `None` if there is
//! none) of the kept edges, with doubled vertex duals and the odd-set forest of
//! [`Duals`](super::Duals), which the independent verifier checks. The library runs it instead
//! of the sparse engine only when [`worth_it`] says so (see the module docs of [`super`],
//! "Dense graphs"); a caller never chooses.
//!
//! **Algorithm.** Edmonds' primal–dual method with the least-slack bookkeeping of Gabow (1976)
//! and Lawler (1976, ch. 6) that makes it O(n³), arranged as in van Rantwijk's well-known
//! implementation (read, not copied; written afresh on a matrix): the search runs in
//! *stages*, each growing one alternating forest from every root at once over tight edges
//! and ending at an augmentation (or, for maximum weight, at a root's path flipped by δ1, see
//! below); every label is dropped between stages. For the dual step each vertex outside the
//! forest keeps its least-slack edge to an S-vertex (δ2), and each top-level S-blossom its
//! least-slack edge to another S-blossom (δ3) together with the list of its least-slack edge
//! to each other S-blossom, merged when blossoms merge; δ4 is the least dual of a T-blossom.
//! A dual step scans these O(n) candidates and moves O(n) duals. Duals are doubled
//! (`dual[v] = 2y_v`; a blossom's doubled odd-set dual is `2·dual[b]`), so integer weights
//! give integer steps; edges are read from the matrix of doubled weights, and an edge's slack
//! is `dual[u] + dual[v] − 2w` between different top-level blossoms.
//!
//! Start and the two modes are the sparse engine's: each vertex at its heaviest edge with
//! one parity for all, then the greedy pass (every vertex still exposed lowers its dual to
//! the least value keeping its edges covered and takes a tight edge to an exposed vertex).
//! For maximum weight the roots are the exposed vertices with a positive dual, and their
//! duals need not be equal, so δ1 is the least dual of an S-vertex `v`: when it reaches 0
//! the path from `v`'s root to `v` is flipped (the root is matched, `v` left exposed at dual
//! 0, which complementary slackness allows) and the stage ends. An exposed vertex at dual 0
//! (or a blossom whose base is one) is never a root; a tight edge from an S-vertex to it
//! ends an augmenting path there. Perfect mode has no δ1, and ends with `None` when no dual
//! step is left or the steps pass `n·(2W + 1)` (the bound proved in [`super`]).
//!
//! No recursion: blossom leaves, augmentation inside nested blossoms and the expansion of
//! nested zero-dual blossoms at the end of a stage use explicit stacks.
//!
//! **Complexity:** O(n²) memory: the matrix of doubled weights (`n²` values of the engine's
//! integer, `i64` or `i128`), allocated fallibly after checking it stays below
//! [`MATRIX_BYTES`]; everything else is O(n) per vertex or blossom. Time O(n³): at most n
//! stages (each augments or frees a root), each scanning every vertex's row at most once as
//! an S-vertex, once more when it first joins a blossom, and one row per dual step (the S
//! end of the edge the step made tight) — O(n²) — with O(n) blossom creations and expansions
//! of O(n) each and O(n) dual steps of O(n) each. Measured: docs/BENCHMARKS.md ("weighted
//! frontier — dense graphs"); on the complete Euclidean graph of 1 000 points the maximum
//! weight takes 406 stages and 217 786 row scans.
//!
//! **Status:** tested against the subset-DP oracle on thousands of small random graphs
//! (complete ones included; ties, zero and negative weights, parallel edges, self-loops,
//! disconnected graphs, weights near 2¹⁰⁰) and against the sparse engine on medium random
//! dense graphs, every answer's proof checked by the independent verifier (`dense_tests.rs`).
//! The unit tests also pass in a debug build (with the debug assertions: even S–S slacks,
//! covered edges, label invariants), and fail when δ3 is not halved. The medium hunt
//! (`fuzz/weighted_hunt.sh`, whose complete graphs of up to 30 vertices, and small graphs
//! dense enough, now take this engine for every question): seed 3434, 100 000 graphs of
//! 10–120 vertices (10 000 of them against the subset DP), six questions each and a
//! renumbered copy, every certificate verified: 0 failed.

use super::forest::odd_set_forest;
use super::{Duals, MARK, Mode, NONE, Num, S, T, Weight, WeightedMatching};

/// Label of a top-level blossom (or vertex) not in the forest.
const FREE: u8 = super::FREE;

/// The most bytes the weight matrix may take; past it the sparse engine runs.
pub const MATRIX_BYTES: usize = 1 << 30;

/// The graph counts as dense when its kept edges join at least `DENSE_SHARE` (numerator,
/// denominator) of its `n(n − 1)/2` vertex pairs: ¾, chosen by measurement (see [`super`],
/// "Dense graphs").
pub const DENSE_SHARE: (usize, usize) = (3, 4);

/// Whether the dense engine should answer on `n` vertices with `m` kept edges (at most one
/// per vertex pair), with `size` bytes per matrix entry: the edges join at least
/// [`DENSE_SHARE`] of the vertex pairs, and the matrix (`n² · size` bytes) fits in
/// [`MATRIX_BYTES`].
pub fn worth_it(n: usize, m: usize, size: usize) -> bool {
    let (num, den) = DENSE_SHARE;
    let pairs = n.saturating_mul(n.saturating_sub(1)) / 2;
    n >= 2
        && m.saturating_mul(den) >= pairs.saturating_mul(num)
        && n.checked_mul(n)
            .and_then(|c| c.checked_mul(size))
            .is_some_and(|bytes| bytes <= MATRIX_BYTES)
}

/// Runs the dense engine on the kept edges (`kept` as the sparse engine keeps them: the
/// heaviest copy of each pair, no self-loops, no weight ≤ 0 unless perfect); `None` if the
/// matrix could not be allocated (the caller then runs the sparse engine), `Some(None)` if
/// perfect mode found no perfect matching.
pub(super) fn run<N: Num, W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    kept: &[usize],
    mode: Mode,
) -> Option<Option<WeightedMatching>> {
    let mut dense = Dense::<N>::new(n, edges, weights, kept, mode)?;
    if !dense.solve() {
        return Some(None);
    }
    let mut matched: Vec<usize> = kept
        .iter()
        .copied()
        .filter(|&i| {
            let (u, v) = (edges[i].0 as usize, edges[i].1 as usize);
            dense.mate[u] == v
        })
        .collect();
    matched.sort_unstable();
    let vertex: Vec<i128> = dense.dual[..n].iter().map(|&d| d.into()).collect();
    let blossoms = odd_set_forest(n, &dense.parent, |b| {
        (dense.base[b] != NONE && dense.dual[b] > N::from(0)).then(|| 2 * dense.dual[b].into())
    });
    Some(Some(WeightedMatching {
        edges: matched,
        duals: Duals { vertex, blossoms },
    }))
}

/// An edge between two vertices, oriented: `(a, b)`. As a label's source, `a` is the vertex
/// on the parent's side and `b` the one inside the labelled blossom; in a blossom's cycle,
/// `a` lies in one sub-blossom and `b` in the next.
type Pair = (usize, usize);

const NO_PAIR: Pair = (NONE, NONE);

/// The state of the search. Vertices are `0..n`, blossoms `n..2n`.
struct Dense<N> {
    n: usize,
    /// Doubled weight of the edge `uv` at `u·n + v`, or `absent`.
    w2: Vec<N>,
    /// The value marking a pair without an edge.
    absent: N,
    /// Matched vertex of each vertex, or NONE.
    mate: Vec<usize>,
    /// Label of each top-level blossom or vertex, and of the entry vertices of T-blossoms.
    label: Vec<u8>,
    /// The edge through which each labelled blossom (and entry vertex) was reached.
    labelend: Vec<Pair>,
    /// Top-level blossom of each vertex.
    inblossom: Vec<usize>,
    /// Parent blossom of each vertex or blossom, NONE at top level.
    parent: Vec<usize>,
    /// Sub-blossoms of each blossom, in cycle order from the one holding the base.
    childs: Vec<Vec<usize>>,
    /// `endps[b][i]` joins `childs[b][i]` (its `.0`) to `childs[b][i + 1]` (its `.1`).
    endps: Vec<Vec<Pair>>,
    /// Base vertex of each vertex or blossom (NONE for an unused blossom slot).
    base: Vec<usize>,
    /// Unused blossom slots.
    unused: Vec<usize>,
    /// Doubled vertex duals `2y_v`, then blossom duals (half the doubled odd-set dual).
    dual: Vec<N>,
    /// Least-slack edge (S-vertex, this vertex) of a vertex to an S-vertex (δ2), or of a
    /// top-level S-blossom (its vertex first) to another S-blossom (δ3).
    /// (Each with its doubled weight, so that its slack needs no look-up in the matrix.)
    bestedge: Vec<(Pair, N)>,
    /// Of a top-level S-blossom made in this stage: its least-slack edge (its vertex first)
    /// to each other S-blossom.
    bestedges: Vec<Option<Vec<(Pair, N)>>>,
    /// S-vertices to scan.
    queue: Vec<usize>,
    /// Scratch stack.
    stack: Vec<usize>,
    /// Scratch: the least-slack edge to each S-blossom (while a blossom is made).
    bestto: Vec<(Pair, N)>,
    /// Perfect mode: free vertex duals, no δ1.
    perfect: bool,
    /// Perfect mode: the sum of the dual steps, and the bound past which no perfect matching
    /// exists.
    clock: N,
    clock_limit: N,
}

impl<N: Num> Dense<N> {
    /// The state after the greedy start; `None` if the matrix cannot be allocated.
    fn new<W: Weight>(
        n: usize,
        edges: &[(u32, u32)],
        weights: &[W],
        kept: &[usize],
        mode: Mode,
    ) -> Option<Self> {
        let cells = n.checked_mul(n)?;
        let absent = -N::MAX;
        let mut w2: Vec<N> = Vec::new();
        w2.try_reserve_exact(cells).ok()?;
        w2.resize(cells, absent);
        let mut top = vec![i128::MIN; n];
        let mut max_all = i128::MIN;
        let mut big_w = 0u128;
        for &i in kept {
            let (u, v) = (edges[i].0 as usize, edges[i].1 as usize);
            let w: i128 = weights[i].into();
            w2[u * n + v] = N::wide(2 * w);
            w2[v * n + u] = N::wide(2 * w);
            top[u] = top[u].max(w);
            top[v] = top[v].max(w);
            max_all = max_all.max(w);
            big_w = big_w.max(w.unsigned_abs());
        }
        // Each vertex at its heaviest edge, raised by 1 where needed so that every dual has
        // the parity of the heaviest weight (then S–S slacks are even: δ3 an integer).
        let mut dual: Vec<N> = top
            .iter()
            .map(|&t| {
                N::wide(if t == i128::MIN {
                    0
                } else if (max_all - t) % 2 == 0 {
                    t
                } else {
                    t + 1
                })
            })
            .collect();
        dual.resize(2 * n, N::from(0));
        let perfect = mode == Mode::Perfect;
        let mut dense = Dense {
            n,
            w2,
            absent,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NO_PAIR; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            unused: (n..2 * n).rev().collect(),
            dual,
            bestedge: vec![(NO_PAIR, absent); 2 * n],
            bestedges: vec![None; 2 * n],
            queue: Vec::new(),
            stack: Vec::new(),
            bestto: vec![(NO_PAIR, absent); 2 * n],
            perfect,
            clock: N::from(0),
            clock_limit: N::saturating((n as u128).saturating_mul(2 * big_w + 1)),
        };
        if max_all != i128::MIN {
            dense.greedy_start(if perfect {
                None
            } else {
                Some(N::wide(max_all % 2))
            });
        }
        Some(dense)
    }

    /// The greedy pass of the sparse engine's start on the matrix: each vertex in turn, if
    /// still exposed, lowers its dual to the least value keeping its edges covered (no lower
    /// than `floor` for maximum weight) and is matched along a tight edge to a vertex still
    /// exposed, if any. Every dual keeps its parity. O(n²).
    fn greedy_start(&mut self, floor: Option<N>) {
        let n = self.n;
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            let row = &self.w2[v * n..(v + 1) * n];
            let mut best: Option<N> = None;
            for (u, &w) in row.iter().enumerate() {
                if w != self.absent {
                    let need = w - self.dual[u];
                    best = Some(best.map_or(need, |b| b.max(need)));
                }
            }
            let Some(best) = best else { continue };
            debug_assert!(best <= self.dual[v], "every edge covered");
            if let Some(f) = floor
                && best < f
            {
                self.dual[v] = f;
                continue;
            }
            self.dual[v] = best;
            let tight = (0..n).find(|&u| {
                self.mate[u] == NONE && row[u] != self.absent && row[u] - self.dual[u] == best
            });
            if let Some(u) = tight {
                self.mate[v] = u;
                self.mate[u] = v;
            }
        }
    }

    /// Slack of the edge `uv` of doubled weight `w` (both ends in different top-level
    /// blossoms).
    #[inline]
    fn slack(&self, ((u, v), w): (Pair, N)) -> N {
        self.dual[u] + self.dual[v] - w
    }

    /// No least-slack edge.
    fn no_edge(&self) -> (Pair, N) {
        (NO_PAIR, self.absent)
    }

    /// Calls `f` on each vertex inside blossom (or vertex) `b`.
    fn leaves(&mut self, b: usize, mut f: impl FnMut(&mut Self, usize)) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if x < self.n {
                f(self, x);
            } else {
                stack.extend_from_slice(&self.childs[x]);
            }
        }
        self.stack = stack;
    }

    /// Labels the top-level blossom of `w` with `t`, reached through `from`; a T label makes
    /// the mate of the blossom's base S in turn.
    fn assign_label(&mut self, w: usize, t: u8, from: Pair) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = from;
        self.labelend[b] = from;
        self.bestedge[w] = self.no_edge();
        self.bestedge[b] = self.no_edge();
        if t == S {
            self.leaves(b, |d, v| d.queue.push(v));
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            debug_assert!(m != NONE);
            self.assign_label(m, S, (base, m));
        }
    }

    /// Walks up from S-vertices `v` and `w` (joined by a tight edge): the base of the new
    /// blossom if their tree paths meet, NONE if they reach two roots.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = MARK;
            let from = self.labelend[b].0;
            if from == NONE {
                v = NONE;
            } else {
                let bt = self.inblossom[from];
                debug_assert_eq!(self.label[bt], T);
                v = self.labelend[bt].0;
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

    /// Makes the blossom closed by the tight edge `vw` between S-vertices, with base `base`.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("at most n blossoms at once");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            let from = self.labelend[bv];
            endps.push(from);
            bv = self.inblossom[from.0];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push((v, w));
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            let from = self.labelend[bw];
            endps.push((from.1, from.0));
            bw = self.inblossom[from.0];
        }
        debug_assert_eq!(self.label[bb], S);
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = N::from(0);
        self.childs[b] = path;
        self.endps[b] = endps;
        self.leaves(b, |d, x| {
            if d.label[d.inblossom[x]] == T {
                // A T-vertex becomes S: scan it.
                d.queue.push(x);
            }
            d.inblossom[x] = b;
        });
        // Its least-slack edge to each other S-blossom, from the sub-blossoms' lists or, for
        // those without one, the rows of their vertices.
        let childs = std::mem::take(&mut self.childs[b]);
        let mut touched: Vec<usize> = Vec::new();
        let mut bestto = std::mem::take(&mut self.bestto);
        for &c in &childs {
            let mut consider = |d: &Self, e: (Pair, N), touched: &mut Vec<usize>| {
                let by = d.inblossom[e.0.1];
                if by != b && d.label[by] == S {
                    if bestto[by].0 == NO_PAIR {
                        touched.push(by);
                        bestto[by] = e;
                    } else if d.slack(e) < d.slack(bestto[by]) {
                        bestto[by] = e;
                    }
                }
            };
            if let Some(list) = self.bestedges[c].take() {
                for &e in &list {
                    consider(self, e, &mut touched);
                }
            } else {
                let mut verts = Vec::new();
                self.leaves(c, |_, x| verts.push(x));
                for x in verts {
                    for y in 0..n {
                        let w = self.w2[x * n + y];
                        if w != self.absent {
                            consider(self, ((x, y), w), &mut touched);
                        }
                    }
                }
            }
            self.bestedge[c] = self.no_edge();
        }
        self.childs[b] = childs;
        let mut list = Vec::with_capacity(touched.len());
        let mut best = self.no_edge();
        for by in touched {
            let e = bestto[by];
            bestto[by] = self.no_edge();
            if best.0 == NO_PAIR || self.slack(e) < self.slack(best) {
                best = e;
            }
            list.push(e);
        }
        self.bestto = bestto;
        self.bestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    /// Expands top-level blossom `b`: at the end of a stage (`endstage`, an S-blossom of
    /// dual 0, with its nested sub-blossoms of dual 0), or a T-blossom whose dual reached 0,
    /// whose sub-blossoms are relabelled along the even side of the cycle.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        let mut work = vec![b];
        while let Some(b) = work.pop() {
            let childs = std::mem::take(&mut self.childs[b]);
            for &s in &childs {
                self.parent[s] = NONE;
                if s < n {
                    self.inblossom[s] = s;
                } else if endstage && self.dual[s] == N::from(0) {
                    work.push(s);
                } else {
                    self.leaves(s, |d, v| d.inblossom[v] = s);
                }
            }
            self.childs[b] = childs;
            if !endstage && self.label[b] == T {
                self.relabel_expanded(b);
            }
            self.label[b] = FREE;
            self.labelend[b] = NO_PAIR;
            self.childs[b] = Vec::new();
            self.endps[b] = Vec::new();
            self.base[b] = NONE;
            self.bestedges[b] = None;
            self.bestedge[b] = self.no_edge();
            self.unused.push(b);
        }
    }

    /// After T-blossom `b`'s sub-blossoms became top-level: labels T and S alternately the
    /// sub-blossoms on the even path from the entry child to the base's, T the ones on the
    /// other side that were reached by a tight edge, and leaves the rest unlabelled.
    fn relabel_expanded(&mut self, b: usize) {
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let mut p = self.labelend[b];
        let entry = self.inblossom[p.1];
        let mut j = self.childs[b]
            .iter()
            .position(|&c| c == entry)
            .expect("entry child") as isize;
        // Go round the side of even length to the base's child.
        let (step, trick) = if j & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        let endp = |d: &Self, j: isize| d.endps[b][at(j - isize::from(trick))];
        while j != 0 {
            // The T-sub-blossom entered at p.1, whose base's mate is the next child's vertex.
            self.label[p.1] = FREE;
            let e = endp(self, j);
            self.label[if trick { e.0 } else { e.1 }] = FREE;
            self.assign_label(p.1, T, p);
            j += step;
            let e = endp(self, j);
            p = if trick { (e.1, e.0) } else { e };
            j += step;
        }
        // The base's child: T, entered through p.
        let bv = self.childs[b][at(j)];
        self.label[p.1] = T;
        self.label[bv] = T;
        self.labelend[p.1] = p;
        self.labelend[bv] = p;
        self.bestedge[bv] = self.no_edge();
        j += step;
        // The other side: a sub-blossom reached by a tight edge (one of its vertices kept a T
        // label) becomes T; the rest stay unlabelled.
        while self.childs[b][at(j)] != entry {
            let bv = self.childs[b][at(j)];
            j += step;
            if self.label[bv] == S {
                continue;
            }
            let mut found = NONE;
            self.leaves(bv, |d, v| {
                if found == NONE && d.label[v] != FREE {
                    found = v;
                }
            });
            if found != NONE {
                debug_assert_eq!(self.label[found], T);
                debug_assert_eq!(self.inblossom[found], bv);
                self.label[found] = FREE;
                let m = self.mate[self.base[bv]];
                self.label[m] = FREE;
                let from = self.labelend[found];
                self.assign_label(found, T, from);
            }
        }
    }

    /// Flips the matching inside blossom `b` so that its vertex `v` becomes its base (the
    /// caller matches `v`); nested blossoms through a stack of (blossom, new base) tasks,
    /// which touch disjoint blossoms.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut work = vec![(b, v)];
        while let Some((b, v)) = work.pop() {
            let mut t = v;
            while self.parent[t] != b {
                t = self.parent[t];
            }
            if t >= n {
                work.push((t, v));
            }
            let len = self.childs[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let i = self.childs[b].iter().position(|&c| c == t).expect("child") as isize;
            let mut j = i;
            let (step, trick) = if i & 1 == 1 {
                j -= len;
                (1, false)
            } else {
                (-1, true)
            };
            while j != 0 {
                j += step;
                let t = self.childs[b][at(j)];
                let e = self.endps[b][at(j - isize::from(trick))];
                let p = if trick { (e.1, e.0) } else { e };
                if t >= n {
                    work.push((t, p.0));
                }
                j += step;
                let t = self.childs[b][at(j)];
                if t >= n {
                    work.push((t, p.1));
                }
                self.mate[p.0] = p.1;
                self.mate[p.1] = p.0;
            }
            self.childs[b].rotate_left(i as usize);
            self.endps[b].rotate_left(i as usize);
            self.base[b] = v;
        }
    }

    /// Flips the tree path from S-vertex `s` up to its root; `s` is matched to `partner`
    /// (NONE: left exposed).
    fn flip_to_root(&mut self, mut s: usize, mut partner: usize) {
        let n = self.n;
        loop {
            let bs = self.inblossom[s];
            if bs >= n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = partner;
            let from = self.labelend[bs].0;
            if from == NONE {
                break;
            }
            let bt = self.inblossom[from];
            let (up, j) = self.labelend[bt];
            if bt >= n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = up;
            s = up;
            partner = j;
        }
    }

    /// Whether vertex `v` is a root: exposed, and (maximum weight) with a positive dual.
    fn is_root(&self, v: usize) -> bool {
        self.mate[v] == NONE && (self.perfect || self.dual[v] > N::from(0))
    }

    /// The search; false if perfect mode finds no perfect matching.
    fn solve(&mut self) -> bool {
        let n = self.n;
        let zero = N::from(0);
        loop {
            // A new stage: every label dropped, every root S.
            self.label.fill(FREE);
            self.labelend.fill(NO_PAIR);
            let none = self.no_edge();
            self.bestedge.fill(none);
            for l in &mut self.bestedges[n..] {
                *l = None;
            }
            self.queue.clear();
            let mut roots = 0usize;
            for v in 0..n {
                if self.is_root(v) && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, S, NO_PAIR);
                    roots += 1;
                }
            }
            if roots == 0 {
                return true;
            }
            if !self.stage() {
                return false;
            }
            // Expand S-blossoms whose dual is 0 (their sub-blossoms of dual 0 with them).
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == S
                    && self.dual[b] == zero
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// One stage: grows the forest until an augmentation (or δ1's flip) ends it (true);
    /// false if perfect mode finds the dual unbounded (no perfect matching).
    fn stage(&mut self) -> bool {
        let n = self.n;
        let zero = N::from(0);
        loop {
            while let Some(v) = self.queue.pop() {
                debug_assert_eq!(self.label[self.inblossom[v]], S);
                if self.scan(v) {
                    return true;
                }
            }
            // The dual step: δ1 (maximum weight), δ2, δ3, δ4.
            let mut delta: Option<N> = None;
            let mut kind = 0u8;
            let mut what = NO_PAIR;
            if !self.perfect {
                for v in 0..n {
                    if self.label[self.inblossom[v]] == S && delta.is_none_or(|d| self.dual[v] < d)
                    {
                        delta = Some(self.dual[v]);
                        kind = 1;
                        what = (v, v);
                    }
                }
            }
            for v in 0..n {
                let e = self.bestedge[v];
                if e.0 != NO_PAIR && self.label[self.inblossom[v]] == FREE {
                    let d = self.slack(e);
                    if delta.is_none_or(|x| d < x) {
                        delta = Some(d);
                        kind = 2;
                        what = e.0;
                    }
                }
            }
            let two = N::from(2);
            for b in 0..2 * n {
                if self.parent[b] == NONE && self.label[b] == S && self.bestedge[b].0 != NO_PAIR {
                    let s = self.slack(self.bestedge[b]);
                    debug_assert!(s % two == zero, "S–S slacks are even");
                    let d = s / two;
                    if delta.is_none_or(|x| d < x) {
                        delta = Some(d);
                        kind = 3;
                        what = self.bestedge[b].0;
                    }
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE
                    && self.parent[b] == NONE
                    && self.label[b] == T
                    && delta.is_none_or(|x| self.dual[b] < x)
                {
                    delta = Some(self.dual[b]);
                    kind = 4;
                    what = (b, b);
                }
            }
            let Some(delta) = delta else {
                // Perfect mode with nothing to step to: the dual is unbounded.
                return false;
            };
            debug_assert!(delta >= zero);
            if self.perfect {
                self.clock += delta;
                if self.clock > self.clock_limit {
                    return false;
                }
            }
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    S => self.dual[v] -= delta,
                    T => self.dual[v] += delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE && self.parent[b] == NONE {
                    match self.label[b] {
                        S => self.dual[b] += delta,
                        T => self.dual[b] -= delta,
                        _ => {}
                    }
                }
            }
            match kind {
                1 => {
                    // An S-vertex at dual 0: flip its root's path to it and leave it exposed.
                    self.flip_to_root(what.0, NONE);
                    return true;
                }
                2 | 3 => {
                    // `what.0` is an S-vertex and the edge is tight now: scan it again.
                    self.queue.push(what.0);
                }
                _ => self.expand_blossom(what.0, false),
            }
        }
    }

    /// Scans the edges of S-vertex `v`; true if it augmented the matching.
    fn scan(&mut self, v: usize) -> bool {
        let n = self.n;
        let zero = N::from(0);
        let row = v * n;
        // `v`'s dual does not change during the scan; its blossom only when one is made.
        let dv = self.dual[v];
        let mut bv = self.inblossom[v];
        for w in 0..n {
            let wt = self.w2[row + w];
            if wt == self.absent {
                continue;
            }
            let bw = self.inblossom[w];
            if bv == bw {
                continue;
            }
            let slack = dv + self.dual[w] - wt;
            if slack <= zero {
                debug_assert!(slack == zero, "edges stay covered");
                match self.label[bw] {
                    FREE => {
                        if self.mate[self.base[bw]] == NONE {
                            // An exposed vertex at dual 0 (or a blossom on one): augment.
                            self.flip_to_root(v, w);
                            let bw = self.inblossom[w];
                            if bw >= n {
                                self.augment_blossom(bw, w);
                            }
                            self.mate[w] = v;
                            return true;
                        }
                        self.assign_label(w, T, (v, w));
                    }
                    S => {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, v, w);
                            bv = self.inblossom[v];
                        } else {
                            self.flip_to_root(v, w);
                            self.flip_to_root(w, v);
                            return true;
                        }
                    }
                    _ => {
                        if self.label[w] == FREE {
                            // A vertex inside a T-blossom, reached by a tight edge.
                            self.label[w] = T;
                            self.labelend[w] = (v, w);
                        }
                    }
                }
            } else if self.label[bw] == S {
                let e = self.bestedge[bv];
                if e.0 == NO_PAIR || slack < self.slack(e) {
                    self.bestedge[bv] = ((v, w), wt);
                }
            } else if self.label[w] == FREE {
                let e = self.bestedge[w];
                if e.0 == NO_PAIR || slack < self.slack(e) {
                    self.bestedge[w] = ((v, w), wt);
                }
            }
        }
        false
    }
}
