//! The search state of the blossom algorithm: an alternating [`Forest`] with
//! blossoms shrunk implicitly by a union–find over their bases, its vertex
//! labels, the explicit-stack path reconstruction ([`Step`]), the local
//! searches and the multi-source forest that make a matching maximum, and
//! the smallest-id-first work set ([`MinIdSet`]) of the full-forest growth.

use super::{Graph, NONE};
use crate::graph::dsu::{Dsu, Rank};

/// Vertex not (yet) in the forest.
pub(super) const UNLABELED: u8 = 0;
/// Outer vertex (even distance to the root, or inside an outer blossom).
pub(super) const EVEN: u8 = 1;
/// Inner vertex (odd distance to the root, not inside a blossom).
pub(super) const ODD: u8 = 2;

/// Outcome of [`Forest::local_search`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Local {
    /// Reached an exposed vertex and augmented.
    Augmented,
    /// The tree stopped growing: Hungarian, labels kept.
    Hungarian,
    /// The tree outgrew the budget and was undone.
    Abandoned,
}

/// Total labelling work of the local searches of [`Forest::augment_all`]:
/// `LOCAL_WORK · n + LOCAL_MIN` labels.
const LOCAL_WORK: usize = 2;
/// See [`LOCAL_WORK`].
const LOCAL_MIN: usize = 64;

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
/// Labels never change while their tree lives (a tree is only ever undone
/// as a whole), so neither does `P(x)`. Contraction walks
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
    /// Scratch: the vertices of dissolved trees.
    freed: Vec<u32>,
    /// Vertices labelled during the current local search.
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
            freed: Vec::new(),
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

    /// Grows an alternating tree from the exposed vertex `r` alone,
    /// breadth-first, labelling at most about `budget` vertices. Augments
    /// and returns [`Local::Augmented`] as soon as an exposed vertex is
    /// reached. A tree that stops growing first is Hungarian: it keeps its
    /// labels (its vertices are then never again on an augmenting path, and
    /// its labels are their final Gallai–Edmonds classes; see
    /// [`Forest::augment_all`]). A tree that outgrows the budget is undone.
    fn local_search(&mut self, r: u32, budget: usize) -> Local {
        let g = self.g;
        self.queue.clear();
        self.head = 0;
        self.touched.clear();
        self.label_touch(r, EVEN);
        self.queue.push(r);
        let mut outcome = Local::Hungarian;
        // Software "prefetch" without `unsafe`: touching the CSR entries of
        // vertices a few places ahead in the queue overlaps their cache and
        // TLB misses with the current work.
        let mut sink = 0u32;
        'bfs: while self.head < self.queue.len() {
            if self.touched.len() > budget {
                outcome = Local::Abandoned;
                break;
            }
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
                match self.label[y as usize] {
                    UNLABELED => {
                        self.pred[y as usize] = x;
                        self.label_touch(y, ODD);
                        let m = self.mate[y as usize];
                        if m == NONE {
                            self.augment(y, x);
                            outcome = Local::Augmented;
                            break 'bfs;
                        }
                        self.label_touch(m, EVEN);
                        self.queue.push(m);
                    }
                    // An outer vertex of an earlier Hungarian tree has no
                    // neighbour outside it: `y` is in this tree.
                    EVEN if self.dsu.find(y) != rx => {
                        let l = self.lca(x, y);
                        // One tree only: the walks always meet (on
                        // asymmetric input `y` may be in a Hungarian tree).
                        if l != NONE {
                            self.blossom(x, y, l);
                            self.blossom(y, x, l);
                            rx = self.dsu.find(x);
                        }
                    }
                    _ => {} // same blossom, or ODD (here or in a Hungarian tree)
                }
            }
        }
        std::hint::black_box(sink);
        if outcome != Local::Hungarian {
            for &t in &self.touched {
                let i = t as usize;
                self.label[i] = UNLABELED;
                self.bridge[i] = [NONE; 2];
                self.dsu.reset(t);
                self.base[i] = t;
            }
        }
        outcome
    }

    /// Makes the matching maximum by growing one alternating forest from
    /// exposed vertices, breadth-first and all at once (trees grow at the
    /// same pace, so partners far apart meet half-way), and augmenting
    /// wherever two trees meet.
    ///
    /// With `comp = None` every exposed vertex is a root, and the final
    /// forest is complete: its labels are the Gallai–Edmonds classes (outer
    /// = D, inner = A, unlabelled = C). With `comp = Some(c)`, where `c[v]`
    /// identifies the connected component of `v` (a vertex id shared by
    /// exactly the vertices of that component), exposed vertices alone in
    /// their component are not roots (no augmenting path can start there;
    /// e.g. the last exposed vertex of an odd component), which saves
    /// growing their trees when only the matching is wanted.
    ///
    /// An even–even edge `{x, y}` between two trees closes an augmenting
    /// path, flipped at once. Only the two trees lose their meaning: they
    /// are *dissolved* (their vertices unlabelled, their blossoms undone)
    /// and every other tree stays valid, since the matching changed on the
    /// dissolved vertices only. Every outer vertex of another tree adjacent
    /// to a dissolved vertex is queued again, so that the freed vertices can
    /// be taken over. The forest is thus never regrown from scratch, and the
    /// growth ends with a complete forest without an augmenting edge: the
    /// matching is maximum (Edmonds). Invariant when the queue is empty: an
    /// outer vertex has no unlabelled neighbour (it was scanned after its
    /// neighbours were last dissolved) and no outer neighbour outside its
    /// blossom (a vertex that turns outer is queued and scans that edge).
    ///
    /// Cost: O((n + m) α(n)) for the growth plus, per augmentation, the
    /// sizes and degrees of the two dissolved trees, so O(k (n + m) α(n))
    /// for k augmentations in the worst case.
    pub(super) fn augment_all(&mut self, comp: &[u32]) {
        let g = self.g;
        let n = g.num_vertices();
        // Tree (root) of every labelled vertex, and a list of each tree's
        // vertices threaded through `next`, starting at its root.
        let mut root = vec![NONE; n];
        let mut next = vec![NONE; n];
        // Stage 1: a local search from each exposed vertex (in id order)
        // finds the nearby partners cheaply; all of them together may label
        // about LOCAL_WORK · n vertices, which keeps the stage linear.
        let exposed: Vec<u32> = (0..n as u32)
            .filter(|&v| self.mate[v as usize] == NONE)
            .collect();
        let mut work = LOCAL_WORK * n + LOCAL_MIN;
        // Live (exposed, not in a Hungarian tree) vertices per component.
        let mut live = vec![0u32; n];
        for &v in &exposed {
            live[comp[v as usize] as usize] += 1;
        }
        for &r in &exposed {
            if self.mate[r as usize] != NONE {
                continue;
            }
            if live[comp[r as usize] as usize] < 2 {
                continue;
            }
            if work == 0 {
                break;
            }
            let outcome = self.local_search(r, work);
            work = work.saturating_sub(self.touched.len());
            live[comp[r as usize] as usize] -= match outcome {
                Local::Augmented => 2,
                Local::Hungarian => 1,
                Local::Abandoned => 0,
            };
        }
        // Stage 2: the forest from all remaining exposed vertices.
        self.queue.clear();
        self.head = 0;
        for r in 0..n as u32 {
            let is_root = self.mate[r as usize] == NONE
                && self.label[r as usize] == UNLABELED
                && live[comp[r as usize] as usize] >= 2;
            if is_root {
                self.label[r as usize] = EVEN;
                root[r as usize] = r;
                self.queue.push(r);
            }
        }
        while self.head < self.queue.len() {
            let x = self.queue[self.head];
            self.head += 1;
            if self.head >= 1 << 16 && 2 * self.head >= self.queue.len() {
                // Drop the scanned prefix: memory stays O(n).
                self.queue.drain(..self.head);
                self.head = 0;
            }
            // Stale entry (dissolved since it was queued)?
            if self.label[x as usize] != EVEN {
                continue;
            }
            let t = root[x as usize];
            let mut rx = self.dsu.find(x);
            for &y in g.neighbors(x) {
                match self.label[y as usize] {
                    UNLABELED => {
                        self.pred[y as usize] = x;
                        self.label[y as usize] = ODD;
                        root[y as usize] = t;
                        next[y as usize] = next[t as usize];
                        next[t as usize] = y;
                        let m = self.mate[y as usize];
                        if m == NONE {
                            // An exposed vertex that is no root (alone in
                            // its component; reachable on asymmetric input).
                            self.augment(y, x);
                            self.dissolve(&[t], &mut next);
                            break;
                        }
                        self.label[m as usize] = EVEN;
                        root[m as usize] = t;
                        next[m as usize] = next[t as usize];
                        next[t as usize] = m;
                        self.queue.push(m);
                    }
                    EVEN => {
                        let ty = root[y as usize];
                        if ty == NONE {
                            // In a Hungarian tree of a local search: only
                            // on asymmetric input (see `local_search`).
                            continue;
                        }
                        if ty != t {
                            self.augment_between(x, y);
                            self.dissolve(&[t, ty], &mut next);
                            break;
                        }
                        if self.dsu.find(y) != rx {
                            let l = self.lca(x, y);
                            // Same tree: the walks always meet.
                            debug_assert_ne!(l, NONE);
                            self.blossom(x, y, l);
                            self.blossom(y, x, l);
                            rx = self.dsu.find(x);
                        }
                    }
                    _ => {} // ODD
                }
            }
        }
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

    /// Unlabels every vertex of the trees rooted at `roots` (lists threaded
    /// through `next`), undoes their blossoms, and queues every outer vertex
    /// of the remaining trees adjacent to one of them.
    fn dissolve(&mut self, roots: &[u32], next: &mut [u32]) {
        let g = self.g;
        let mut freed = std::mem::take(&mut self.freed);
        freed.clear();
        for &r in roots {
            let mut v = r;
            while v != NONE {
                freed.push(v);
                let i = v as usize;
                self.label[i] = UNLABELED;
                self.bridge[i] = [NONE; 2];
                self.dsu.reset(v);
                self.base[i] = v;
                v = std::mem::replace(&mut next[i], NONE);
            }
        }
        for &v in &freed {
            for &u in g.neighbors(v) {
                if self.label[u as usize] == EVEN {
                    self.queue.push(u);
                }
            }
        }
        self.freed = freed;
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
        // Exposed vertices already labelled are roots of complete trees
        // grown before (see `augment_all`); they stay as they are.
        for v in 0..n as u32 {
            if self.mate[v as usize] == NONE && self.label[v as usize] == UNLABELED {
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
