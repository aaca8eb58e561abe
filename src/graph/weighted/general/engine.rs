//! The engine's state and its primal steps: labels and blossoms (augmentation and dissolving
//! trees are in [`augment`](super::augment), the search loop and the dual steps in
//! [`search`](super::search)).

use super::forest::odd_set_forest;
use super::heap::{End, MinHeap};
use super::init::{breadth_first, renumbering_pays};
use super::{Duals, FREE, MARK, Mode, NONE, Num, S, T, Weight, WeightedMatching};

/// Runs `engine` and reads off the matching (indices into the caller's edges through
/// `kept`) and its duals; `None` if perfect mode found no perfect matching.
pub(super) fn finish<N: Num>(mut engine: Engine<N>, kept: &[usize]) -> Option<WeightedMatching> {
    let n = engine.n;
    if !engine.solve() {
        return None;
    }

    let mut matched: Vec<usize> = Vec::with_capacity(n / 2);
    for v in 0..n {
        let p = engine.mate[v];
        if p != NONE && engine.edges.at(p) > v {
            matched.push(kept[engine.kept_at.get(p / 2).map_or(p / 2, |&k| k as usize)]);
        }
    }
    matched.sort_unstable();
    let vertex: Vec<i128> = (0..n).map(|i| engine.stored(engine.at(i)).into()).collect();
    // The blossom nesting with the input's vertex numbers.
    let mut parent = engine.parent.clone();
    for (i, up) in parent[..n].iter_mut().enumerate() {
        *up = engine.parent[engine.at(i)];
    }
    // Doubled in i128: no overflow (see the module docs).
    let blossoms = odd_set_forest(n, &parent, |b| {
        (engine.base[b] != NONE && engine.dual[b] > N::from(0)).then(|| 2 * engine.dual[b].into())
    });
    Some(WeightedMatching {
        edges: matched,
        duals: Duals { vertex, blossoms },
    })
}

/// The adjacency lists of the edges `ends` (CSR offsets `start`, from their degrees), each
/// in edge order: `entry(remote vertex, remote endpoint)`, endpoints `2k` and `2k + 1` of
/// edge `k`. O(n + m).
fn adjacency<T: Copy + Default>(
    start: &[usize],
    ends: &[(u32, u32)],
    entry: impl Fn(usize, usize) -> T,
) -> Vec<T> {
    let n = start.len() - 1;
    let mut out = vec![T::default(); start[n]];
    let mut fill = start[..n].to_vec();
    for (k, &(u, v)) in ends.iter().enumerate() {
        let (u, v) = (u as usize, v as usize);
        out[fill[u]] = entry(v, 2 * k + 1);
        fill[u] += 1;
        out[fill[v]] = entry(u, 2 * k);
        fill[v] += 1;
    }
    out
}

/// Calls `f` on every vertex inside blossom (or vertex) `b` (`childs` as in [`Engine`]).
fn leaves_of(
    n: usize,
    childs: &[Vec<usize>],
    b: usize,
    stack: &mut Vec<usize>,
    mut f: impl FnMut(usize),
) {
    stack.clear();
    stack.push(b);
    while let Some(x) = stack.pop() {
        if x < n {
            f(x);
        } else {
            stack.extend_from_slice(&childs[x]);
        }
    }
}

/// One kept edge: its two ends (endpoints `2k` and `2k + 1` of edge `k`, in 32 bits: the
/// input's vertex numbers are) and its doubled weight, in one record, so that the search's
/// look-ups of an edge (its ends and its slack) read one cache line (16 bytes on `i64`).
#[derive(Clone, Copy)]
pub(super) struct Edge<N> {
    /// The vertices at endpoints `2k` and `2k + 1`.
    pub(super) ends: [u32; 2],
    /// The doubled weight `2w`.
    pub(super) wt2: N,
}

/// The kept edges' records ([`Edge`]), read by edge ([`Edges::edge`]) or by endpoint
/// ([`Edges::at`]).
pub(super) struct Edges<N>(pub(super) Vec<Edge<N>>);

impl<N: Num> Edges<N> {
    /// The vertex at endpoint `p`.
    #[inline]
    pub(super) fn at(&self, p: usize) -> usize {
        self.0[p / 2].ends[p & 1] as usize
    }

    /// Edge `k`'s record.
    #[inline]
    pub(super) fn edge(&self, k: usize) -> Edge<N> {
        self.0[k]
    }

    /// The doubled weight of edge `k`.
    #[inline]
    pub(super) fn wt2(&self, k: usize) -> N {
        self.0[k].wt2
    }

    /// The number of kept edges.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no kept edge.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The record of vertex `v` (see [`Engine::vx`]): its own stored dual and representative,
/// and the fields of representative `v` (used while `v` is one). A vertex that is its own
/// representative (every vertex outside blossoms, as a rule) is looked up in one cache line.
#[derive(Clone, Copy)]
#[repr(align(32))]
pub(super) struct Vx<N> {
    /// Vertex `v`'s doubled dual, stored (the offset of its representative is added).
    pub(super) dual: N,
    /// Representative `v`: added to the stored duals of its vertices.
    pub(super) off: N,
    /// Representative `v`: its top-level blossom (or vertex), NONE while not in use.
    pub(super) top: usize,
    /// Vertex `v`'s representative.
    pub(super) rep: u32,
    /// Representative `v`: the label of `top` (a copy kept by [`Engine::set_label`]).
    pub(super) label: u8,
}

/// The search state. Vertices are `0..n`, blossoms `n..2n`; edge `k` of the kept list has
/// endpoints `2k` and `2k + 1`, and `edges.at(p)` is the vertex at endpoint `p` (so `p ^ 1`
/// is the other end). Duals here are in the units of the doubled weights `2w`: `dual[v]` is
/// `2y_v` and `dual[b]` is `z_B` (stored relative to the clock while labelled: see
/// [`Engine::vdual`]; slack = `2y_u + 2y_v − 2w`, plus twice the blossom
/// duals containing both ends).
pub(super) struct Engine<N> {
    pub(super) n: usize,
    /// The engine's number of each input vertex (empty: the same numbers), see
    /// [`renumbering_pays`].
    pub(super) new_of: Vec<u32>,
    /// The index into the kept edges of each engine edge (empty: the same), see
    /// [`Engine::build`].
    pub(super) kept_at: Vec<u32>,
    /// Each kept edge's ends and doubled weight, in one record.
    pub(super) edges: Edges<N>,
    /// Remote endpoints of the edges at each vertex, CSR.
    pub(super) adj_start: Vec<usize>,
    /// (remote vertex, remote endpoint) of each edge at a vertex, in 32 bits (see
    /// [`Engine::arc`]; at most `u32::MAX` endpoints, checked by the caller).
    pub(super) adj: Vec<(u32, u32)>,
    /// Remote endpoint of the matched edge at a vertex, or NONE.
    pub(super) mate: Vec<usize>,
    /// Label of each top-level blossom or vertex (and of T-blossom entry vertices).
    pub(super) label: Vec<u8>,
    /// Endpoint through which the label was reached (the remote end is the parent side).
    pub(super) labelend: Vec<usize>,
    /// Of each vertex `v`: its stored dual and the representative `r = vx[v].rep` of its
    /// top-level blossom, which is `vx[r].top` ([`Engine::inblossom`]) with the label
    /// `vx[r].label` and the dual offset `vx[r].off` of its vertices (added to their stored
    /// duals, see [`Engine::vdual`]: a label change moves the offset, not every vertex's
    /// dual). Representatives are vertex numbers; one record holds what a look-up reads,
    /// in one cache line when `v` is its own representative. Forming a blossom keeps the
    /// representative of its largest sub-blossom and expanding one gives it to its largest
    /// non-vertex child, so only the vertices of the smaller ones are visited; a vertex
    /// child takes itself as representative when free ([`Engine::take_rep`]).
    pub(super) vx: Vec<Vx<N>>,
    /// Representative of each top-level blossom or vertex (NONE below the top level).
    pub(super) rep_of: Vec<usize>,
    /// Number of vertices in each blossom (1 for a vertex).
    pub(super) size: Vec<usize>,
    /// Representatives not in use (may hold stale entries: see [`Engine::take_rep`]).
    pub(super) free_reps: Vec<usize>,
    /// Parent blossom, or NONE at top level.
    pub(super) parent: Vec<usize>,
    /// Sub-blossoms of a blossom, in cycle order starting at the base.
    pub(super) childs: Vec<Vec<usize>>,
    /// `endps[b][i]` joins `childs[b][i]` to `childs[b][i + 1]` (endpoint in the former).
    pub(super) endps: Vec<Vec<usize>>,
    /// Base vertex of a blossom (NONE when the slot is unused).
    pub(super) base: Vec<usize>,
    /// Unused blossom slots.
    pub(super) unused: Vec<usize>,
    /// Blossom duals z_B (at `n..2n`; the vertices' are in [`Engine::vx`]) in
    /// doubled-weight units, stored relative to [`Engine::clock`] while their top-level
    /// blossom is labelled (see [`Engine::bdual`]), so that a dual step costs O(1).
    pub(super) dual: Vec<N>,
    /// Sum of all dual steps so far.
    pub(super) clock: N,
    /// At least every root's starting dual (`max w`, raised by the fractional start to its
    /// roots' largest dual): every root's dual has reached 0 by this clock (maximum weight),
    /// so the clock never passes it.
    pub(super) start: N,
    /// Maximum weight: candidate δ1 S-vertices, keyed by their stored dual (dual + clock).
    pub(super) heap1: MinHeap<N>,
    /// Candidate δ2 edges (S-vertex to unlabelled vertex), keyed by slack + clock, each
    /// named by its unlabelled end and its S-end's root ([`End`]).
    pub(super) heap2: MinHeap<N, End>,
    /// Candidate δ3 edges (between S-blossoms), keyed by slack + 2·clock.
    pub(super) heap3: MinHeap<N>,
    /// Candidate δ4 T-blossoms, keyed by their dual + clock.
    pub(super) heap4: MinHeap<N>,
    /// S-vertices still to scan.
    pub(super) queue: Vec<usize>,
    /// Scratch stack for leaf walks.
    pub(super) stack: Vec<usize>,
    /// Root (exposed vertex) of the tree of each labelled vertex, NONE if unlabelled.
    pub(super) root: Vec<usize>,
    /// Vertices labelled into the tree of each root (may hold stale or repeated entries),
    /// and, tagged with [`MARKED`](super::MARKED), the vertices inside other trees' T-blossoms that its
    /// S-vertices gave an inner T mark ([`Engine::scan_edge`]), cleared when it dissolves.
    pub(super) members: Vec<Vec<usize>>,
    /// Of each vertex: whether it has scanned all its edges since it last became an
    /// S-vertex (see [`Engine::dissolve`]; sized by [`Engine::solve`]).
    pub(super) scanned: Vec<bool>,
    /// Of each vertex `w`: the root and key of the last δ2 candidate at `w` that
    /// [`Engine::scan_edge`] pushed, the root `u32::MAX` once `w` is labelled since (see
    /// [`Engine::push2`]; sized by [`Engine::solve`]).
    pub(super) best2: Vec<(u32, N)>,
    /// δ2 candidates [`Engine::push2`] left out as dominated (counted for the tests).
    pub(super) dominated: usize,
    /// Visit stamps of [`Engine::dissolve`] over vertices and blossoms.
    pub(super) stamp: Vec<u32>,
    /// Current stamp.
    pub(super) epoch: u32,
    /// Edges to scan from an S-vertex (by the endpoint at the far end of it).
    pub(super) pending: Vec<usize>,
    /// Roots (exposed vertices of the forest) left.
    pub(super) exposed: usize,
    /// Maximum weight: S-vertices whose dual reached 0 and were left exposed (δ1), and
    /// augmentations that ended at such a vertex (counted for the tests).
    pub(super) freed: [usize; 2],
    /// Perfect mode: no δ1, vertex duals free, every vertex a root until matched.
    pub(super) perfect: bool,
    /// Perfect mode: past this clock no perfect matching exists (see the module docs).
    pub(super) clock_limit: N,
    /// Perfect mode: whether the start settles first that a perfect matching exists
    /// ([`Engine::has_perfect_matching`]).
    pub(super) check: bool,
}

impl<N: Num> Engine<N> {
    /// The engine for the `kept` edges of `edges` (tests: see [`Engine::build`]).
    #[cfg(test)]
    pub(super) fn new<W: Weight>(
        n: usize,
        edges: &[(u32, u32)],
        weights: &[W],
        kept: &[usize],
        mode: Mode,
    ) -> Self {
        let ends = kept.iter().map(|&i| edges[i]).collect();
        let weight = kept.iter().map(|&i| weights[i]).collect();
        Self::build(n, ends, weight, mode)
    }

    /// The engine for the kept edges with these `ends` and weights (in kept order, see
    /// `kept_list`; self-loops and parallel edges gone, fewer than 2³¹ edges: see
    /// [`MAX_EDGES`](super::MAX_EDGES)), before the start.
    pub(super) fn build<W: Weight>(
        n: usize,
        ends: Vec<(u32, u32)>,
        weight: Vec<W>,
        mode: Mode,
    ) -> Self {
        let m = ends.len();
        debug_assert_eq!(m, weight.len());
        assert!(m <= super::MAX_EDGES, "checked by the caller");
        // One pass over the kept edges, in order (the smaller ends in order, the larger at
        // random): each vertex's degree and heaviest edge in one record, and the weights'
        // extremes.
        let mut acc: Vec<(usize, N)> = vec![(0, -N::MAX); n];
        let (mut max_all, mut big_w) = (i128::MIN, 0u128);
        for (&(u, v), &w) in ends.iter().zip(&weight) {
            let w: i128 = w.into();
            let wn = N::wide(w);
            for x in [u as usize, v as usize] {
                let a = &mut acc[x];
                a.0 += 1;
                a.1 = a.1.max(wn);
            }
            max_all = max_all.max(w);
            big_w = big_w.max(w.unsigned_abs());
        }
        let max_w = max_all.max(0);
        let mut start = Vec::with_capacity(n + 1);
        start.push(0usize);
        let mut at = 0;
        for &(d, _) in &acc {
            at += d;
            start.push(at);
        }
        // Vertex `u` of the input is vertex `new_of[u]` here (see `renumbering_pays`); the
        // edges are renumbered too, in the order the renumbered adjacency lists first name
        // them (each list keeps its order), so that the per-edge arrays are walked
        // near-sequentially as well: edge `k` is first named at its end `a` that comes first
        // in the new order, after the edges first named at the vertices before `a` and after
        // the edges before `k` first named at `a` (a list is in edge order). The
        // breadth-first search walks the adjacency lists in the input's numbers (neighbours
        // alone, 32 bits) and counts the edges first named at each vertex; then one pass over
        // the kept edges, in kept order (a counting sort, stable), places each edge and its
        // two adjacency entries at their new positions: the writes go at random, the reads
        // are in order but one record per edge (its far end's, below). See the module docs,
        // step 4.
        let (new_of, order, adj_start, adj, kept_at, edges) = if renumbering_pays(n, &ends) {
            let near = adjacency(&start, &ends, |y, _| y as u32);
            let (new_of, order, later) = breadth_first(n, &start, &near);
            drop(near);
            // Of each input vertex, in one record (one cache miss for the far end of an
            // edge): its new number, the next slot of its new list, and the next number of
            // an edge first named at it (fewer than 2³² endpoints, see MAX_EDGES).
            let mut next = vec![[0u32; 3]; n];
            let mut adj_start = Vec::with_capacity(n + 1);
            let (mut slot, mut edge) = (0usize, 0u32);
            for (nx, (&x, &later)) in order.iter().zip(&later).enumerate() {
                adj_start.push(slot);
                next[x as usize] = [nx as u32, slot as u32, edge];
                slot += acc[x as usize].0;
                edge += later;
            }
            adj_start.push(slot);
            drop(later);
            let mut adj = vec![(0u32, 0u32); 2 * m];
            let mut kept_at = vec![0u32; m];
            let mut edges = vec![
                Edge {
                    ends: [0, 0],
                    wt2: N::from(0),
                };
                m
            ];
            for (k, (&(u, v), &w)) in ends.iter().zip(&weight).enumerate() {
                let (u, v) = (u as usize, v as usize);
                debug_assert_ne!(u, v, "no self-loop is kept");
                let (nu, nv) = (next[u][0], next[v][0]);
                let a = &mut next[if nu < nv { u } else { v }][2];
                let e = *a as usize;
                *a += 1;
                let at = &mut next[u][1];
                adj[*at as usize] = (nv, 2 * e as u32 + 1);
                *at += 1;
                let at = &mut next[v][1];
                adj[*at as usize] = (nu, 2 * e as u32);
                *at += 1;
                kept_at[e] = k as u32;
                edges[e] = Edge {
                    ends: [nu, nv],
                    wt2: N::wide(2 * w.into()),
                };
            }
            drop(next);
            drop(ends);
            (new_of, order, adj_start, adj, kept_at, edges)
        } else {
            let adj = adjacency(&start, &ends, |y, p| (y as u32, p as u32));
            let edges = ends
                .iter()
                .zip(&weight)
                .map(|(&(u, v), &w)| Edge {
                    ends: [u, v],
                    wt2: N::wide(2 * w.into()),
                })
                .collect();
            (Vec::new(), Vec::new(), start, adj, Vec::new(), edges)
        };
        drop(weight);
        let perfect = mode == Mode::Perfect;
        // Each vertex at its heaviest edge (2y_v = max w, so every edge is covered and each
        // vertex's heaviest edge is tight: a greedy jump start), raised by 1 where needed so
        // that every dual has the parity of the heaviest weight overall: then all S-vertices
        // share the parity of `max_w − clock` and S–S slacks stay even (δ3 an integer).
        // Maximum weight: every kept edge weighs > 0, so these duals are ≥ 0; a vertex
        // without a kept edge is never matched: dual 0, and it stays out of the forest. (In
        // perfect mode a vertex without an edge ends the run before the search.)
        let vx: Vec<Vx<N>> = (0..n)
            .map(|v| {
                let (deg, t) = acc[order.get(v).map_or(v, |&x| x as usize)];
                let t: i128 = t.into();
                let d = if deg == 0 {
                    0
                } else if (max_all - t) % 2 == 0 {
                    t
                } else {
                    t + 1
                };
                Vx {
                    dual: N::wide(d),
                    off: N::from(0),
                    top: v,
                    rep: v as u32,
                    label: FREE,
                }
            })
            .collect();
        drop((acc, order));
        // With a perfect matching M, the doubled dual objective Σ dual[v] + Σ 2z_B(|B|−1)/2
        // starts at most n·(W + 1) and never drops below 2w(M) ≥ −n·W (W = max |w|), and
        // each dual step lowers it by at least the step: the clock stays within
        // n·(2W + 1). Past that, no perfect matching exists.
        let clock_limit = N::saturating((n as u128).saturating_mul(2 * big_w + 1));
        Engine {
            n,
            new_of,
            kept_at,
            edges: Edges(edges),
            adj_start,
            adj,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NONE; 2 * n],
            vx,
            rep_of: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            size: std::iter::repeat_n(1, n)
                .chain(std::iter::repeat_n(0, n))
                .collect(),
            free_reps: Vec::new(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            unused: (n..2 * n).rev().collect(),
            dual: vec![N::from(0); 2 * n],
            clock: N::from(0),
            start: N::wide(max_w),
            heap1: MinHeap::default(),
            heap2: MinHeap::default(),
            heap3: MinHeap::default(),
            heap4: MinHeap::default(),
            queue: Vec::new(),
            stack: Vec::new(),
            root: vec![NONE; n],
            members: vec![Vec::new(); n],
            scanned: Vec::new(),
            best2: Vec::new(),
            dominated: 0,
            stamp: vec![0; 2 * n],
            epoch: 0,
            pending: Vec::new(),
            exposed: 0,
            freed: [0; 2],
            perfect,
            clock_limit,
            check: false,
        }
    }

    /// Marks representative `r` unused.
    pub(super) fn free_rep(&mut self, r: usize) {
        self.vx[r].top = NONE;
        self.free_reps.push(r);
    }

    /// An unused representative: `prefer` if it is one, else one from `free_reps` (whose
    /// entries taken through `prefer` stay behind, skipped here; past 2n entries the list
    /// is compacted, so it stays O(n)).
    pub(super) fn take_rep(&mut self, prefer: usize) -> usize {
        if self.vx[prefer].top == NONE {
            self.vx[prefer].top = prefer;
            return prefer;
        }
        if self.free_reps.len() > 2 * self.n {
            let vx = &self.vx;
            self.free_reps.retain(|&r| vx[r].top == NONE);
            self.free_reps.sort_unstable();
            self.free_reps.dedup();
        }
        loop {
            let r = self.free_reps.pop().expect("at most n top-level blossoms");
            if self.vx[r].top == NONE {
                self.vx[r].top = r;
                return r;
            }
        }
    }

    /// The (remote vertex, remote endpoint) of entry `a` of the adjacency lists.
    #[inline]
    pub(super) fn arc(&self, a: usize) -> (usize, usize) {
        let (y, p) = self.adj[a];
        (y as usize, p as usize)
    }

    /// The engine's number of input vertex `i`.
    #[inline]
    pub(super) fn at(&self, i: usize) -> usize {
        self.new_of.get(i).map_or(i, |&x| x as usize)
    }

    /// Slack of kept edge `k` (blossoms ignored: only used between different top-level
    /// blossoms, where no blossom contains both ends).
    #[inline]
    pub(super) fn slack(&self, k: usize) -> N {
        let e = self.edges.edge(k);
        self.vdual(e.ends[0] as usize) + self.vdual(e.ends[1] as usize) - e.wt2
    }

    /// The top-level blossom (or vertex) containing vertex `v`.
    #[inline]
    pub(super) fn inblossom(&self, v: usize) -> usize {
        self.vx[self.vx[v].rep as usize].top
    }

    /// The stored dual of vertex `v`: its own part plus its representative's offset (the
    /// current dual, plus the clock for an S-vertex, minus it for a T-vertex).
    #[inline]
    pub(super) fn stored(&self, v: usize) -> N {
        let x = &self.vx[v];
        x.dual + self.vx[x.rep as usize].off
    }

    /// The top-level blossom of vertex `v`, its label and `v`'s current dual (S-vertices lose
    /// and T-vertices gain each dual step), with one look-up of its representative.
    #[inline]
    pub(super) fn look(&self, v: usize) -> (usize, u8, N) {
        let x = &self.vx[v];
        let r = &self.vx[x.rep as usize];
        let (b, t) = (r.top, r.label);
        debug_assert_eq!(t, self.label[b], "label copy");
        let d = x.dual + r.off;
        let d = match t {
            S => d - self.clock,
            T => d + self.clock,
            _ => d,
        };
        (b, t, d)
    }

    /// The label of the top-level blossom (or vertex) containing vertex `v`.
    #[inline]
    pub(super) fn top_label(&self, v: usize) -> u8 {
        let r = &self.vx[self.vx[v].rep as usize];
        debug_assert_eq!(r.label, self.label[r.top], "label copy");
        r.label
    }

    /// Sets the label of blossom or vertex `x` (and its representative's copy if `x` is at
    /// the top level).
    #[inline]
    pub(super) fn set_label(&mut self, x: usize, t: u8) {
        self.label[x] = t;
        let r = self.rep_of[x];
        if r != NONE {
            self.vx[r].label = t;
        }
    }

    /// The current dual of vertex `v`.
    #[inline]
    pub(super) fn vdual(&self, v: usize) -> N {
        self.look(v).2
    }

    /// The current dual of blossom `b`, if top-level (S-blossoms gain, T-blossoms lose);
    /// nested blossoms store theirs as it is.
    #[inline]
    pub(super) fn bdual(&self, b: usize) -> N {
        if self.parent[b] != NONE {
            return self.dual[b];
        }
        match self.label[b] {
            S => self.dual[b] + self.clock,
            T => self.dual[b] - self.clock,
            _ => self.dual[b],
        }
    }

    /// Gives the unlabelled top-level blossom (or vertex) `b` the label `t`, re-encoding the
    /// stored duals of its vertices (through their representative's offset, O(1)) and its own.
    pub(super) fn set_top_label(&mut self, b: usize, t: u8) {
        debug_assert_eq!(self.label[b], FREE);
        debug_assert_eq!(self.parent[b], NONE);
        let clock = if t == S { self.clock } else { -self.clock };
        self.vx[self.rep_of[b]].off += clock;
        if b >= self.n {
            self.dual[b] -= clock;
            if t == T {
                self.heap4.push(self.dual[b], b);
            }
        }
        self.set_label(b, t);
    }

    /// Makes labelled top-level blossom (or vertex) `b` unlabelled, storing its duals as
    /// they are now.
    pub(super) fn clear_top_label(&mut self, b: usize) {
        let t = self.label[b];
        if t != S && t != T {
            self.set_label(b, FREE);
            return;
        }
        let clock = if t == S { self.clock } else { -self.clock };
        self.vx[self.rep_of[b]].off -= clock;
        if b >= self.n {
            self.dual[b] += clock;
        }
        self.set_label(b, FREE);
    }

    /// Calls `f` on every vertex inside blossom (or vertex) `b`.
    pub(super) fn leaves(&self, b: usize, stack: &mut Vec<usize>, f: impl FnMut(usize)) {
        leaves_of(self.n, &self.childs, b, stack, f);
    }

    /// The vertices inside `b`, into `out` (cleared first).
    pub(super) fn leaves_into(&mut self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = std::mem::take(&mut self.stack);
        self.leaves(b, &mut stack, |v| out.push(v));
        self.stack = stack;
    }

    /// Labels the top-level blossom of `w` with `t`, reached through endpoint `p`; a T label
    /// makes the blossom's mate S in turn.
    pub(super) fn assign_label(&mut self, mut w: usize, mut t: u8, mut p: usize) {
        loop {
            let b = self.inblossom(w);
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            let r = if p == NONE {
                w
            } else {
                self.root[self.edges.at(p)]
            };
            debug_assert!(r != NONE);
            let before = self.queue.len();
            let mut queue = std::mem::take(&mut self.queue);
            let mut members = std::mem::take(&mut self.members[r]);
            let mut root = std::mem::take(&mut self.root);
            let mut stack = std::mem::take(&mut self.stack);
            self.set_top_label(b, t);
            let scanned = &mut self.scanned;
            let adj_start = &self.adj_start;
            let best2 = &mut self.best2;
            leaves_of(self.n, &self.childs, b, &mut stack, |v| {
                root[v] = r;
                // Labelled: its δ2 record is forgotten (see `push2`).
                best2[v].0 = u32::MAX;
                members.push(v);
                if t == S {
                    queue.push(v);
                    scanned[v] = false;
                    // (Where its arcs start, for its scan: see `solve`.)
                    super::heap::prefetch(&adj_start[v]);
                }
            });
            self.stack = stack;
            self.root = root;
            self.queue = queue;
            self.members[r] = members;
            if !self.perfect {
                for i in before..self.queue.len() {
                    let v = self.queue[i];
                    self.heap1.push(self.stored(v), v);
                }
            }
            self.set_label(w, t);
            self.labelend[w] = p;
            self.labelend[b] = p;
            if t == S {
                return;
            }
            let base = self.base[b];
            let mb = self.mate[base];
            debug_assert!(mb != NONE);
            w = self.edges.at(mb);
            t = S;
            p = mb ^ 1;
        }
    }

    /// Follows the tree paths up from `v` and `w` (S-vertices of the forest joined by a tight
    /// edge): the base of the new blossom if they meet, NONE if they reach two roots.
    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom(v);
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.set_label(b, MARK);
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.edges.at(self.labelend[b]);
                b = self.inblossom(v);
                debug_assert_eq!(self.label[b], T);
                v = self.edges.at(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.set_label(b, S);
        }
        base
    }

    /// Makes a new blossom with base `base` from the S–S edge `k` and the tree paths.
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.edges.at(2 * k), self.edges.at(2 * k + 1));
        let bb = self.inblossom(base);
        let mut bv = self.inblossom(v);
        let mut bw = self.inblossom(w);
        let b = self.unused.pop().expect("at most n blossoms at once");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = std::mem::take(&mut self.childs[b]);
        let mut endps = std::mem::take(&mut self.endps[b]);
        path.clear();
        endps.clear();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.edges.at(self.labelend[bv]);
            bv = self.inblossom(v);
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.edges.at(self.labelend[bw]);
            bw = self.inblossom(w);
        }
        self.labelend[b] = self.labelend[bb];
        // The new blossom keeps the representative of its largest sub-blossom; the vertices
        // of the others move to it, their stored duals re-encoded. T-vertices become
        // S-vertices of the new blossom (their stored duals gain twice the clock): scan them.
        let big = *path
            .iter()
            .max_by_key(|&&c| self.size[c])
            .expect("a blossom has sub-blossoms");
        let keep = self.rep_of[big];
        let clock2 = self.clock + self.clock;
        if self.label[big] == T {
            self.vx[keep].off += clock2;
        }
        let mut leaves = Vec::new();
        let mut size = 0;
        for &c in &path {
            size += self.size[c];
            let r = self.rep_of[c];
            self.rep_of[c] = NONE;
            let was_t = self.label[c] == T;
            if c == big && !was_t {
                continue;
            }
            let mut stack = std::mem::take(&mut self.stack);
            leaves.clear();
            leaves_of(self.n, &self.childs, c, &mut stack, |x| leaves.push(x));
            self.stack = stack;
            if c != big {
                let shift =
                    self.vx[r].off - self.vx[keep].off + if was_t { clock2 } else { N::from(0) };
                for &x in &leaves {
                    self.vx[x].dual += shift;
                    self.vx[x].rep = keep as u32;
                }
                self.free_rep(r);
            }
            if was_t {
                for &x in &leaves {
                    self.queue.push(x);
                    self.scanned[x] = false;
                    if !self.perfect {
                        self.heap1.push(self.vx[x].dual + self.vx[keep].off, x);
                    }
                }
            }
        }
        self.vx[keep].top = b;
        self.vx[keep].label = self.label[b];
        self.rep_of[b] = keep;
        self.size[b] = size;
        self.childs[b] = path;
        self.endps[b] = endps;
        // The sub-blossoms' duals are fixed from now on; store them as they are.
        let childs = std::mem::take(&mut self.childs[b]);
        for &c in &childs {
            if c >= self.n {
                self.dual[c] = match self.label[c] {
                    S => self.dual[c] + self.clock,
                    T => self.dual[c] - self.clock,
                    _ => self.dual[c],
                };
            }
            self.set_label(c, FREE);
        }
        self.childs[b] = childs;
        self.set_label(b, S);
        self.dual[b] = -self.clock;
    }

    /// Position of `x` in `childs[b]`.
    pub(super) fn child_index(&self, b: usize, x: usize) -> usize {
        self.childs[b]
            .iter()
            .position(|&c| c == x)
            .expect("a sub-blossom of b")
    }

    /// Expands top-level blossom `b`: at the end of a stage (`endstage`, its zero-dual
    /// sub-blossoms too), or as a T-blossom whose dual reached zero, relabelling the
    /// sub-blossoms on the tree path through it.
    pub(super) fn expand_blossom(&mut self, b0: usize, endstage: bool) {
        let mut todo = vec![b0];
        let mut leaves = Vec::new();
        if !endstage {
            // Its vertices' duals, stored relative to the clock as T-vertices, are fixed
            // until the sub-blossoms get their labels.
            self.vx[self.rep_of[b0]].off += self.clock;
        } else {
            debug_assert_eq!(self.label[b0], FREE);
        }
        while let Some(b) = todo.pop() {
            let childs = std::mem::take(&mut self.childs[b]);
            // The largest child keeps the blossom's representative (unless it is a vertex
            // that is not it: then every child gets one); the vertices of the others get new
            // ones (with the same offset), a vertex itself if free.
            let keep = self.rep_of[b];
            self.rep_of[b] = NONE;
            let off = self.vx[keep].off;
            let big = *childs
                .iter()
                .max_by_key(|&&c| self.size[c])
                .expect("a blossom has sub-blossoms");
            let keep_big = big >= self.n || big == keep;
            if !keep_big {
                self.free_rep(keep);
            }
            for &s in &childs {
                self.parent[s] = NONE;
                if s == big && keep_big {
                    self.vx[keep].top = s;
                    self.vx[keep].label = self.label[s];
                    self.rep_of[s] = keep;
                } else {
                    let r = self.take_rep(self.base[s]);
                    self.vx[r].off = off;
                    self.vx[r].top = s;
                    self.vx[r].label = self.label[s];
                    self.rep_of[s] = r;
                    let mut stack = std::mem::take(&mut self.stack);
                    let vx = &mut self.vx;
                    leaves_of(self.n, &self.childs, s, &mut stack, |x| {
                        vx[x].rep = r as u32
                    });
                    self.stack = stack;
                }
                if s >= self.n && endstage && self.dual[s] == N::from(0) {
                    todo.push(s);
                }
            }
            self.childs[b] = childs;
            if !endstage && self.label[b] == T {
                self.set_label(b, FREE);
                self.relabel_expanded(b, &mut leaves);
                // Its vertices left unlabelled may have lost their δ2 candidates while
                // inside a T-blossom: look at their edges again.
                let childs = std::mem::take(&mut self.childs[b]);
                for &c in &childs {
                    if self.label[c] != FREE {
                        continue;
                    }
                    self.leaves_into(c, &mut leaves);
                    for &x in &leaves {
                        for a in self.adj_start[x]..self.adj_start[x + 1] {
                            let (y, p) = self.arc(a);
                            if self.top_label(y) == S {
                                let key = self.slack(p / 2) + self.clock;
                                self.heap2.push(key, self.candidate(p ^ 1, y));
                            }
                        }
                    }
                }
                self.childs[b] = childs;
            }
            self.set_label(b, FREE);
            self.labelend[b] = NONE;
            self.childs[b].clear();
            self.endps[b].clear();
            self.base[b] = NONE;
            self.unused.push(b);
        }
    }

    /// After the T-blossom `b` lost its top level: labels the sub-blossoms on the even path
    /// from its entry child to its base, and T-labels the others that were reached.
    pub(super) fn relabel_expanded(&mut self, b: usize, leaves: &mut Vec<usize>) {
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let entry = self.inblossom(self.edges.at(self.labelend[b] ^ 1));
        let mut j = self.child_index(b, entry) as isize;
        let (jstep, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.labelend[b];
        while j != 0 {
            let ep = self.endps[b][at(j - trick as isize)];
            self.set_label(self.edges.at(p ^ 1), FREE);
            self.set_label(self.edges.at(ep ^ trick ^ 1), FREE);
            self.assign_label(self.edges.at(p ^ 1), T, p);
            j += jstep;
            p = self.endps[b][at(j - trick as isize)] ^ trick;
            j += jstep;
        }
        let bv = self.childs[b][at(j)];
        let x = self.edges.at(p ^ 1);
        // A vertex child entered from outside carries a T mark already.
        self.set_label(bv, FREE);
        self.set_top_label(bv, T);
        self.set_label(x, T);
        self.labelend[x] = p;
        self.labelend[bv] = p;
        j += jstep;
        while self.childs[b][at(j)] != entry {
            let bv = self.childs[b][at(j)];
            j += jstep;
            if self.label[bv] == S {
                continue;
            }
            self.leaves_into(bv, leaves);
            if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != FREE) {
                debug_assert_eq!(self.label[v], T);
                debug_assert_eq!(self.inblossom(v), bv);
                self.set_label(v, FREE);
                let mb = self.mate[self.base[bv]];
                self.set_label(self.edges.at(mb), FREE);
                self.assign_label(v, T, self.labelend[v]);
            }
        }
    }
}
