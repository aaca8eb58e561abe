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

    /// Grows an alternating tree from the exposed vertex `r`; augments and
    /// returns `true` as soon as an exposed vertex is reached, otherwise
    /// freezes the (Hungarian) tree as `DEAD` and returns `false`.
    fn search_from(&mut self, r: u32) -> bool {
        let g = self.g;
        self.queue.clear();
        self.head = 0;
        self.touched.clear();
        self.label_touch(r, EVEN);
        self.queue.push(r);
        let mut found = false;
        // Software "prefetch" without `unsafe`: touching the CSR entries of
        // vertices a few places ahead in the queue overlaps their cache and
        // TLB misses with the current work (~20% faster BFS on 10^7-vertex
        // grids, where BFS order is hostile to caches).
        let mut sink = 0u32;
        'bfs: while self.head < self.queue.len() {
            if let Some(&a) = self.queue.get(self.head + 8) {
                sink = sink.wrapping_add(g.offsets[a as usize] as u32);
            }
            let soon = self.queue.get(self.head + 4);
            if let Some(&t) = soon.and_then(|&a| g.targets.get(g.offsets[a as usize])) {
                sink = sink.wrapping_add(t) ^ u32::from(self.label[t as usize]);
            }
            let x = self.queue[self.head];
            self.head += 1;
            let mut rx = self.dsu.find(x);
            for &y in g.neighbors(x) {
                let label = self.label[y as usize];
                match label {
                    UNLABELED => {
                        self.pred[y as usize] = x;
                        self.label_touch(y, ODD);
                        let m = self.mate[y as usize];
                        if m == NONE {
                            self.augment(y, x);
                            found = true;
                            break 'bfs;
                        }
                        self.label_touch(m, EVEN);
                        self.queue.push(m);
                    }
                    EVEN if self.dsu.find(y) != rx => {
                        let l = self.lca(x, y);
                        // One tree only: the walks always meet.
                        debug_assert_ne!(l, NONE);
                        self.blossom(x, y, l);
                        self.blossom(y, x, l);
                        rx = self.dsu.find(x);
                    }
                    _ => {} // same blossom, ODD, or DEAD (frozen Hungarian tree)
                }
            }
        }
        std::hint::black_box(sink);
        let touched = std::mem::take(&mut self.touched);
        if found {
            for &t in &touched {
                let t = t as usize;
                self.label[t] = UNLABELED;
                self.bridge[t] = [NONE; 2];
                self.dsu.reset(t as u32);
                self.base[t] = t as u32;
            }
        } else {
            for &t in &touched {
                self.label[t as usize] = DEAD;
            }
        }
        self.touched = touched;
        found
    }

    /// Runs one single-root search from every exposed vertex; afterwards the
    /// matching is maximum. `comp[v]` identifies the connected component of
    /// `v` (a vertex id shared by exactly the vertices of that component).
    ///
    /// A search from `r` is skipped when no other exposed vertex outside the
    /// frozen Hungarian trees is left in its component: an augmenting path
    /// needs two such endpoints, so it would fail anyway (e.g. the last
    /// exposed vertex of an odd component), after exploring the whole
    /// component.
    pub(super) fn augment_all(&mut self, comp: &[u32]) {
        let n = self.g.num_vertices();
        // Exposed, not-yet-frozen vertices per component (indexed by root).
        let mut live = vec![0u32; n];
        for v in 0..n {
            if self.mate[v] == NONE {
                live[comp[v] as usize] += 1;
            }
        }
        for r in 0..n as u32 {
            let c = comp[r as usize] as usize;
            if self.mate[r as usize] == NONE && self.label[r as usize] == UNLABELED && live[c] >= 2
            {
                live[c] -= if self.search_from(r) { 2 } else { 1 };
            }
        }
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
