//! The search state of the blossom algorithm: an alternating [`Forest`] with
//! blossoms shrunk implicitly by a union–find over their bases, its vertex
//! labels, the explicit-stack path reconstruction ([`Step`]), and the
//! smallest-id-first work set ([`MinIdSet`]) of the full-forest growth.

use super::{Graph, NONE};
use crate::graph::dsu::{Dsu, Rank};

/// Vertex not (yet) in the forest.
pub(super) const UNLABELED: u8 = 0;
/// Outer vertex (even distance to the root, or inside an outer blossom).
pub(super) const EVEN: u8 = 1;
/// Inner vertex (odd distance to the root, not inside a blossom).
pub(super) const ODD: u8 = 2;
/// Vertex of a Hungarian tree: never again on an augmenting path.
pub(super) const DEAD: u8 = 3;

// Per-tree flags of a phase of [`Forest::augment_all`].
/// The tree augmented: ignored for the rest of the phase.
const USED: u8 = 1;
/// The tree met a vertex of another tree: it may not be Hungarian.
const TAINTED: u8 = 2;
/// The tree finished growing untainted: it is Hungarian.
const HUNGARIAN: u8 = 4;

/// Per-phase tree bookkeeping of [`Forest::augment_all`]; entries indexed
/// by a tree's root are valid for the roots of the current phase only.
struct Trees {
    /// Root of the tree of each vertex labelled in the current phase.
    root: Vec<u32>,
    /// Per root: outer vertices of the tree queued but not yet scanned.
    pending: Vec<u32>,
    /// Per root: `USED | TAINTED | HUNGARIAN` flags.
    state: Vec<u8>,
    /// Per component id: whether the current phase augmented in it.
    augmented: Vec<bool>,
}

/// One step of the iterative reconstruction of the alternating path `P(x)`
/// (see [`Forest`]); an explicit stack of these replaces recursion.
#[derive(Clone, Copy)]
enum Step {
    /// Emit `P(x)` up to and including `stop` (up to the root if `NONE`).
    Forward(u32, u32),
    /// Emit the reverse of the prefix of `P(x)` that ends at `stop`.
    Reverse(u32, u32),
    /// Emit one vertex.
    Emit(u32),
}

/// The search state shared by all algorithms of this module: an
/// alternating forest with shrunken blossoms (Gabow's labelling, as in
/// Tarjan's "Data Structures and Network Algorithms", ch. 9).
///
/// Every outer (`EVEN`) vertex `x` has an even-length alternating path
/// `P(x)` to the exposed root of its tree, starting with its matched edge:
/// * a root: `P(x) = x`;
/// * outer as the mate of an inner vertex `w` (vertex label):
///   `P(x) = x, w, P(pred[w])`;
/// * a former inner vertex made outer by the blossom closed by the edge
///   `{x1, y1}`, `x1` on its side (bridge label `bridge[x] = (x1, y1)`):
///   `P(x) = reverse(P(x1) up to x), P(y1)`.
///
/// Labels never change once set, so neither does `P(x)`. Contraction walks
/// blossom base to blossom base (no walk inside blossoms), which gives
/// O((n + m) α(n)) per search; paths are only materialised to augment.
pub(super) struct Forest<'g> {
    g: &'g Graph,
    pub(super) mate: Vec<u32>,
    pub(super) label: Vec<u8>,
    /// For an inner vertex: the outer vertex that labelled it.
    pred: Vec<u32>,
    /// Bridge label of outer vertices that were inner; `[NONE, NONE]` else.
    pub(super) bridge: Vec<[u32; 2]>,
    /// Union–find over vertices, by rank; a set is an (outer) blossom.
    pub(super) dsu: Dsu<Rank>,
    /// Base of the blossom (valid at union–find roots).
    pub(super) base: Vec<u32>,
    /// Visit stamps for lowest-common-ancestor walks (valid at set roots).
    stamp: Vec<u32>,
    pub(super) cur_stamp: u32,
    /// BFS queue of `EVEN` vertices (`head` = next to scan); also where
    /// [`Forest::blossom`] reports vertices that just became `EVEN`.
    queue: Vec<u32>,
    head: usize,
    /// Vertices labelled during the current single-root search.
    touched: Vec<u32>,
    /// Scratch for path reconstruction.
    path: Vec<u32>,
    steps: Vec<Step>,
}

impl<'g> Forest<'g> {
    pub(super) fn new(g: &'g Graph, mate: Vec<u32>) -> Self {
        let n = g.num_vertices();
        debug_assert_eq!(mate.len(), n);
        Forest {
            g,
            mate,
            label: vec![UNLABELED; n],
            pred: vec![NONE; n],
            bridge: vec![[NONE; 2]; n],
            dsu: Dsu::new(n),
            base: (0..n as u32).collect(),
            stamp: vec![0; n],
            cur_stamp: 0,
            queue: Vec::new(),
            head: 0,
            touched: Vec::new(),
            path: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Base of the lowest common ancestor blossom of the (outer) blossoms
    /// containing `a` and `b`, or `NONE` if they lie in different trees.
    /// Walks up from both sides alternately, so the cost is proportional to
    /// the blossoms about to be merged (plus as many more on one side).
    fn lca(&mut self, mut a: u32, mut b: u32) -> u32 {
        if self.cur_stamp == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.cur_stamp = 0;
        }
        self.cur_stamp += 1;
        let s = self.cur_stamp;
        loop {
            if a != NONE {
                // Stamps live at union–find roots, one per blossom.
                let r = self.dsu.find(a);
                let base = self.base[r as usize];
                if self.stamp[r as usize] == s {
                    return base;
                }
                self.stamp[r as usize] = s;
                let m = self.mate[base as usize];
                a = if m == NONE {
                    NONE
                } else {
                    self.pred[m as usize]
                };
            } else if b == NONE {
                return NONE;
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// Contracts the blossom closed by the even–even edge `{x, y}` on the
    /// side of `x`: walks from the blossom of `x` up to the one based at `l`
    /// (their lowest common ancestor), base by base; every inner vertex met
    /// becomes outer with bridge label `(x, y)` (and is queued), and every
    /// blossom met is merged into the one based at `l`.
    fn blossom(&mut self, x: u32, y: u32, l: u32) {
        let mut lr = self.dsu.find(l);
        let mut r = self.dsu.find(x);
        while r != lr {
            // The blossom below `l` has a matched base whose mate `v` is a
            // singleton inner vertex (its own union–find root).
            let v = self.mate[self.base[r as usize] as usize];
            debug_assert!(v != NONE && self.label[v as usize] == ODD);
            self.bridge[v as usize] = [x, y];
            self.label[v as usize] = EVEN;
            self.queue.push(v);
            lr = self.dsu.link(r, lr);
            lr = self.dsu.link(v, lr);
            self.base[lr as usize] = l;
            let up = self.pred[v as usize];
            r = self.dsu.find(up);
        }
    }

    /// Appends `P(x)` to `self.path` (iteratively, see [`Step`]).
    fn push_path(&mut self, x: u32) {
        let mut steps = std::mem::take(&mut self.steps);
        steps.clear();
        steps.push(Step::Forward(x, NONE));
        while let Some(step) = steps.pop() {
            match step {
                Step::Emit(v) => self.path.push(v),
                Step::Forward(mut x, stop) => loop {
                    let [x1, y1] = self.bridge[x as usize];
                    if x1 != NONE {
                        // P(x) = reverse(P(x1) up to x), P(y1).
                        steps.push(Step::Forward(y1, stop));
                        steps.push(Step::Reverse(x1, x));
                        break;
                    }
                    self.path.push(x);
                    let w = self.mate[x as usize];
                    if x == stop || w == NONE {
                        break; // reached `stop`, or the root
                    }
                    // P(x) = x, w, P(pred[w]).
                    self.path.push(w);
                    if w == stop {
                        break;
                    }
                    x = self.pred[w as usize];
                },
                Step::Reverse(x, stop) => {
                    let [x1, y1] = self.bridge[x as usize];
                    if x == stop {
                        self.path.push(x);
                    } else if x1 != NONE {
                        // reverse(prefix) = reverse(P(y1) up to stop), P(x1) up to x
                        // (`stop` is never inside the blossom part of P(x)).
                        steps.push(Step::Forward(x1, x));
                        steps.push(Step::Reverse(y1, stop));
                    } else {
                        // `stop` lies strictly after `x` on P(x), so `x` is
                        // not a root and `w` is its (inner) mate.
                        let w = self.mate[x as usize];
                        debug_assert_ne!(w, NONE);
                        if w == stop {
                            self.path.push(w);
                            self.path.push(x);
                        } else {
                            steps.push(Step::Emit(x));
                            steps.push(Step::Emit(w));
                            steps.push(Step::Reverse(self.pred[w as usize], stop));
                        }
                    }
                }
            }
        }
        self.steps = steps;
    }

    /// Augments along `y, P(x)`, where `y` is exposed and adjacent to the
    /// outer vertex `x`.
    fn augment(&mut self, y: u32, x: u32) {
        self.path.clear();
        self.path.push(y);
        self.push_path(x);
        debug_assert_eq!(self.path.len() % 2, 0);
        for pair in self.path.chunks_exact(2) {
            self.mate[pair[0] as usize] = pair[1];
            self.mate[pair[1] as usize] = pair[0];
        }
    }

    /// Makes the outer vertex `v` exposed and the root of its tree matched
    /// by flipping the even alternating path `P(v)`.
    pub(super) fn flip_to_root(&mut self, v: u32) {
        self.path.clear();
        self.push_path(v);
        debug_assert_eq!(self.path.len() % 2, 1);
        self.mate[v as usize] = NONE;
        for pair in self.path[1..].chunks_exact(2) {
            self.mate[pair[0] as usize] = pair[1];
            self.mate[pair[1] as usize] = pair[0];
        }
    }

    fn label_touch(&mut self, v: u32, l: u8) {
        self.label[v as usize] = l;
        self.touched.push(v);
    }

    /// Augments along `P(x)` reversed, the edge `{x, y}`, then `P(y)`: the
    /// augmenting path closed by an even–even edge between two trees. The
    /// trees are disjoint, so flipping one never changes the other's paths.
    fn augment_between(&mut self, x: u32, y: u32) {
        self.flip_to_root(x);
        self.flip_to_root(y);
        self.mate[x as usize] = y;
        self.mate[y as usize] = x;
    }

    /// Makes the matching maximum by phases. `comp[v]` identifies the
    /// connected component of `v` (a vertex id shared by exactly the
    /// vertices of that component).
    ///
    /// A phase grows one alternating forest breadth-first from *all* live
    /// exposed vertices at once (trees grow at the same pace, so partners far
    /// apart meet half-way). An even–even edge between two trees closes an
    /// augmenting path: it is flipped at once, and both trees are *used*:
    /// ignored for the rest of the phase (their labels no longer describe
    /// the matching), which keeps every later path of the phase valid. After
    /// the phase all labels are reset through the list of touched vertices
    /// (never in O(n)). Soundness does not depend on which paths a phase
    /// finds, only on the last one:
    /// * A component in which a phase augments nothing is finished: that
    ///   phase grew a complete alternating forest there (no used tree can
    ///   block it) without meeting an augmenting path, so its matching is
    ///   maximum (Edmonds) and it takes no part in later phases.
    /// * A tree that finishes growing without ever meeting a vertex of
    ///   another tree is Hungarian: no later augmenting path can use its
    ///   vertices (Edmonds), so they are frozen as `DEAD` and ignored from
    ///   then on, and its root no longer counts as live.
    /// * A component with fewer than two live exposed vertices is skipped
    ///   (an augmenting path needs two endpoints), e.g. the last exposed
    ///   vertex of an odd component.
    ///
    /// Every phase that runs augments at least once, so there are at most
    /// k/2 + 1 phases for k exposed vertices, each O((n + m) α(n)).
    pub(super) fn augment_all(&mut self, comp: &[u32]) {
        let n = self.g.num_vertices();
        // Exposed vertices outside Hungarian trees, per component (indexed by
        // the component id); 0 once the component is finished.
        let mut live = vec![0u32; n];
        let mut roots: Vec<u32> = (0..n as u32)
            .filter(|&v| self.mate[v as usize] == NONE)
            .collect();
        for &r in &roots {
            live[comp[r as usize] as usize] += 1;
        }
        let mut trees = Trees {
            root: vec![NONE; n],
            pending: vec![0; n],
            state: vec![0; n],
            augmented: vec![false; n],
        };
        loop {
            roots.retain(|&r| {
                self.mate[r as usize] == NONE
                    && self.label[r as usize] == UNLABELED
                    && live[comp[r as usize] as usize] >= 2
            });
            if roots.is_empty() {
                break;
            }
            self.phase(&roots, comp, &mut trees);
            for &r in &roots {
                let c = comp[r as usize] as usize;
                if !trees.augmented[c] {
                    live[c] = 0; // finished
                } else if self.mate[r as usize] != NONE || self.label[r as usize] == DEAD {
                    live[c] -= 1;
                }
            }
            for &r in &roots {
                trees.augmented[comp[r as usize] as usize] = false;
            }
        }
    }

    /// One phase of [`Forest::augment_all`] from the exposed `roots`.
    fn phase(&mut self, roots: &[u32], comp: &[u32], trees: &mut Trees) {
        let g = self.g;
        self.queue.clear();
        self.head = 0;
        self.touched.clear();
        for &r in roots {
            self.label_touch(r, EVEN);
            self.queue.push(r);
            trees.root[r as usize] = r;
            trees.pending[r as usize] = 1;
            trees.state[r as usize] = 0;
        }
        while self.head < self.queue.len() {
            let x = self.queue[self.head];
            self.head += 1;
            let t = trees.root[x as usize];
            if trees.state[t as usize] & USED != 0 {
                continue;
            }
            let mut rx = self.dsu.find(x);
            for &y in g.neighbors(x) {
                match self.label[y as usize] {
                    UNLABELED => {
                        self.pred[y as usize] = x;
                        self.label_touch(y, ODD);
                        trees.root[y as usize] = t;
                        let m = self.mate[y as usize];
                        if m == NONE {
                            // Only on asymmetric adjacency: every exposed
                            // vertex a search can reach is a root.
                            self.augment(y, x);
                            trees.state[t as usize] |= USED;
                            trees.augmented[comp[x as usize] as usize] = true;
                            break;
                        }
                        self.label_touch(m, EVEN);
                        trees.root[m as usize] = t;
                        self.queue.push(m);
                        trees.pending[t as usize] += 1;
                    }
                    EVEN => {
                        let ty = trees.root[y as usize];
                        if ty != t {
                            trees.state[t as usize] |= TAINTED;
                            if trees.state[ty as usize] & USED == 0 {
                                self.augment_between(x, y);
                                trees.state[t as usize] |= USED;
                                trees.state[ty as usize] |= USED;
                                trees.augmented[comp[x as usize] as usize] = true;
                                break;
                            }
                        } else if self.dsu.find(y) != rx {
                            let l = self.lca(x, y);
                            // Same tree: the walks always meet.
                            debug_assert_ne!(l, NONE);
                            let before = self.queue.len();
                            self.blossom(x, y, l);
                            self.blossom(y, x, l);
                            trees.pending[t as usize] += (self.queue.len() - before) as u32;
                            rx = self.dsu.find(x);
                        }
                    }
                    ODD => {
                        if trees.root[y as usize] != t {
                            trees.state[t as usize] |= TAINTED;
                        }
                    }
                    _ => {} // DEAD: frozen Hungarian tree, as if deleted
                }
            }
            let st = &mut trees.state[t as usize];
            if *st & USED == 0 {
                trees.pending[t as usize] -= 1;
                if trees.pending[t as usize] == 0 && *st & TAINTED == 0 {
                    *st |= HUNGARIAN;
                }
            }
        }
        let touched = std::mem::take(&mut self.touched);
        for &v in &touched {
            let i = v as usize;
            if trees.state[trees.root[i] as usize] & HUNGARIAN != 0 {
                self.label[i] = DEAD;
            } else {
                self.label[i] = UNLABELED;
                self.bridge[i] = [NONE; 2];
                self.dsu.reset(v);
                self.base[i] = v;
            }
        }
        self.touched = touched;
    }

    /// Grows the complete alternating forest rooted at all exposed vertices.
    /// Returns `false` (and stops early) if an augmenting path exists, i.e.
    /// the matching is not maximum.
    pub(super) fn grow_full_forest(&mut self) -> bool {
        let g = self.g;
        let n = g.num_vertices();
        self.queue.clear();
        // Outer vertices waiting to be scanned. Any scanning order yields the
        // same final labels; always scanning the smallest pending id keeps
        // the growth a near-sequential sweep over the CSR arrays, about twice
        // as fast as BFS order on large grids (far fewer cache misses).
        let mut pending = MinIdSet::new(n);
        for v in 0..n as u32 {
            if self.mate[v as usize] == NONE {
                self.label[v as usize] = EVEN;
                pending.insert(v);
            }
        }
        while let Some(x) = pending.pop_min() {
            // Union–find root of x's blossom; only changes when it grows.
            let mut rx = self.dsu.find(x);
            for &y in g.neighbors(x) {
                let label = self.label[y as usize];
                match label {
                    UNLABELED => {
                        // Every exposed vertex is a root, so `y` is matched.
                        let m = self.mate[y as usize];
                        if m == NONE {
                            return false;
                        }
                        self.pred[y as usize] = x;
                        self.label[y as usize] = ODD;
                        self.label[m as usize] = EVEN;
                        pending.insert(m);
                    }
                    EVEN if self.dsu.find(y) != rx => {
                        let l = self.lca(x, y);
                        if l == NONE {
                            // Even–even edge between two trees.
                            return false;
                        }
                        self.blossom(x, y, l);
                        self.blossom(y, x, l);
                        rx = self.dsu.find(x);
                        // Inner vertices that just became outer.
                        for &z in &self.queue {
                            pending.insert(z);
                        }
                        self.queue.clear();
                    }
                    _ => {} // same blossom, or ODD
                }
            }
        }
        true
    }
}

/// Set of vertex ids with O(log₆₄ n) insert and pop-minimum: a hierarchy
/// of bitmaps where a bit of level k + 1 says whether the corresponding
/// 64-bit word of level k is non-zero.
struct MinIdSet {
    levels: Vec<Vec<u64>>,
}

impl MinIdSet {
    fn new(n: usize) -> Self {
        let mut levels = Vec::new();
        let mut len = n;
        loop {
            let words = len.div_ceil(64).max(1);
            levels.push(vec![0u64; words]);
            if words == 1 {
                break;
            }
            len = words;
        }
        MinIdSet { levels }
    }

    #[inline]
    fn insert(&mut self, v: u32) {
        let mut i = v as usize;
        for level in &mut self.levels {
            let w = &mut level[i >> 6];
            let was = *w;
            *w |= 1 << (i & 63);
            if was != 0 {
                return;
            }
            i >>= 6;
        }
    }

    #[inline]
    fn pop_min(&mut self) -> Option<u32> {
        let mut i = 0usize;
        for level in self.levels.iter().rev() {
            let w = level[i];
            if w == 0 {
                return None; // only possible at the top level: set empty
            }
            i = (i << 6) | w.trailing_zeros() as usize;
        }
        let v = i;
        for level in &mut self.levels {
            let w = &mut level[i >> 6];
            *w &= !(1u64 << (i & 63));
            if *w != 0 {
                break;
            }
            i >>= 6;
        }
        Some(v as u32)
    }
}
