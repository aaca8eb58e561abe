//! Data reduction before the blossom search: the degree-0, degree-1 and
//! degree-2 rules of Karp and Sipser (as engineered by Koana, Korenwein,
//! Nichterlein, Niedermeier and Zschoche, "Data reduction for maximum
//! matching on real-world graphs", JEA 2021), applied to exhaustion with a
//! queue; the blossom engine then runs on the kernel, and the kernel's
//! matching is lifted back to a maximum matching of the whole graph.
//!
//! **Complexity:** O((n + m) · log n) time in the worst case, O(n + m) on
//! graphs whose folds stay small, and O(n + m) memory. Every step costs the
//! adjacency of the vertices it touches: a vertex is scanned once when it is
//! removed, and a fold scans the smaller (by adjacency size) of the two
//! vertices it merges, so every adjacency entry is scanned O(log m) times
//! (small to large). Lifting costs O(log n) per fold (a walk in a union–find
//! forest without path compression, union by rank). Nothing is O(n) per
//! step and nothing recurses.
//!
//! **Algorithm.** The reduced graph's vertices are disjoint sets of the
//! original vertices (a union–find with path halving for the current sets,
//! and a copy of its links with their times, never compressed, to ask later
//! which set a vertex belonged to before a given fold). `deg[x]` counts the
//! adjacency entries from members of `x` to members of other live sets,
//! with multiplicity, exactly. Every set of degree ≤ 2 is queued; popping
//! one:
//! - degree 0: removed, left exposed;
//! - degree 1, or degree 2 with both entries to the same set `u`: matched
//!   to `u` along the original edge found; both are removed, and every live
//!   neighbour of `u` loses the entries to it (and is queued at degree ≤ 2);
//! - degree 2 towards two sets `u ≠ w` (the *fold*): `v` is removed and `u`
//!   and `w` are merged into one set `x`, with
//!   `deg[x] = deg[u] + deg[w] − 2 − 2·mult(u, w)` (the entries to `v` and
//!   the edges between `u` and `w`, now inside `x`, go); the fold is recorded
//!   with the two original edges `v–u` and `v–w` it used.
//!
//! The kernel (the live sets, with the original edges between them) is
//! matched by the unreduced engine. Lifting, last step first through an
//! explicit stack: a set matched along an original edge ending at its
//! member `a` (or exposed, with `a` its union–find root; the members of a
//! set's union–find set are never the centre of one of its folds, which
//! stay apart as removed sets) is unfolded by the fold that made it: if `a` was in
//! `u`, the centre `v` is matched to `w` along the recorded edge and `u`
//! (with `a`), `w` (with the edge's end) and `v` (with its end) are unfolded
//! in turn; symmetrically if `a` was in `w`. A matched pair of the degree-1
//! rule unfolds both of its sets the same way.
//!
//! **Why it is maximum.** Each rule keeps ν(G) − (edges it matched)
//! invariant:
//! - degree 1 (Karp–Sipser): for `v` with only neighbour `u`, some maximum
//!   matching contains `vu` (if `u` is matched to `z ≠ v`, swap `uz` for
//!   `uv`), so ν(G) = ν(G − u − v) + 1; with two parallel entries to `u`
//!   the same holds;
//! - degree 2, neighbours `u ≠ w`, `G'` = G with `u`, `v`, `w` contracted to
//!   `x` (self-loops dropped): ν(G) = ν(G') + 1. A matching `M'` of `G'`
//!   lifts to `|M'| + 1` edges of G as above (`x` matched through `u` gives
//!   `vw`, through `w` gives `vu`, exposed gives either). Conversely a maximum
//!   matching M of G can be taken to match `v` (else `u` is matched to some
//!   `z`, and `uz` can be swapped for `uv`), say to `u`; then M − `vu` has no
//!   edge at `u` and at most one at `w`, so it maps to a matching of `G'` of
//!   size |M| − 1.
//!   Applied to sets instead of vertices this is the same statement on the
//!   reduced graph; every member of a set except the centres of its folds
//!   can be its exposed or externally matched vertex, and the rest of the
//!   set is then matched perfectly inside it (induction over the folds).
//!   An external edge never ends at a centre: when `v` is folded, all its
//!   live entries go to `u` and `w` (degree 2, counted exactly), and a
//!   removed set never becomes live again.
//!
//! So the lifted matching is maximum for the whole graph. The entry points
//! (`mod.rs`) run the reductions only after a greedy pass that was neither
//! perfect nor forced throughout and left at least n/64 vertices exposed,
//! on a graph whose numbering is not local (measured there),
//! and use the kernel only when it keeps at most 15/16 of the vertices. The Gallai–Edmonds
//! classes are not lifted: [`super::maximum_matching_and_decomposition`]
//! grows the complete alternating forest of the whole graph from the lifted
//! matching (the labels of a complete forest of *any* maximum matching are
//! the classes, as in [`super::gallai_edmonds`]), so they and the barrier
//! are exactly those of the unreduced engine.
//!
//! On asymmetric adjacency (which [`Graph::from_csr`] forbids) the result is
//! unspecified but still a matching: every lifted pair is set only between
//! two exposed vertices, and every loop ends.
//!
//! **Status:** compared with the unreduced engine and with brute force
//! (matching size, Gallai–Edmonds classes, Tutte–Berge barrier) on random
//! trees, paths, cycles, caterpillars, chains of odd cycles and random
//! graphs with many vertices of degree 1 and 2, shuffled and not
//! (`tests/reductions.rs`, with every small graph also checked by the
//! brute-force oracles of `tests/oracle.rs`). Turning the lifting's side
//! test around is caught.

use super::{Graph, NONE};

/// `deg` of a removed set.
const DEAD: u32 = u32::MAX;

/// One degree-2 fold: centre `v` (a set) between the sets `u` and `w`.
#[derive(Clone, Copy)]
struct Fold {
    /// Root of `u` just before the fold (any other member was in `w`).
    ru: u32,
    /// The folds that made `u`, `v`, `w` (`NONE` for a single vertex).
    made: [u32; 3],
    /// Original edge from `v` (`pv`) to `u` (`p`).
    pv: u32,
    p: u32,
    /// Original edge from `v` (`qv`) to `w` (`q`).
    qv: u32,
    q: u32,
}

/// The outcome of [`reduce`]: what the rules decided, and the kernel.
pub(super) struct Reduced {
    /// The kernel graph on the live sets, numbered in order of their roots.
    pub(super) kernel: Graph,
    /// Root (an original vertex) of each kernel vertex.
    roots: Vec<u32>,
    /// Per vertex `[parent, deg]`: the union–find parent (path halving; a
    /// root is its own parent) and, at roots, the live degree of the set or
    /// [`DEAD`]. One array, so that the common test "root, and alive?" of a
    /// neighbour costs one cache miss.
    node: Vec<[u32; 2]>,
    /// The arrays below are empty until the first fold (a graph reduced by
    /// degree 0 and 1 alone never needs them), then of length n:
    /// adjacency size of every set (at roots; union by it, small to large);
    weight: Vec<u32>,
    /// the link of every non-root (the uncompressed union–find, for
    /// [`Reduced::root_before`]) and the fold that made it, `NONE` at roots;
    plink: Vec<u32>,
    ptime: Vec<u32>,
    /// the members of every set, as circular lists;
    ring: Vec<u32>,
    /// at roots, the fold that made the set (`NONE`: a single vertex).
    made: Vec<u32>,
    folds: Vec<Fold>,
    /// Pairs matched by the degree-1 rule (original edges).
    pairs: Vec<(u32, u32)>,
    /// Sets removed exposed (degree 0).
    exposed: Vec<u32>,
}

/// Applies the degree-0/1/2 rules to exhaustion. `None` when no vertex has
/// degree ≤ 2 (nothing to reduce), or when the kernel keeps more than
/// `limit` vertices.
pub(super) fn reduce(g: &Graph, limit: usize) -> Option<Reduced> {
    let n = g.num_vertices();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| g.degree(v) <= 2).collect();
    if queue.is_empty() {
        return None;
    }
    let mut r = Reduced {
        kernel: Graph {
            offsets: vec![0],
            targets: Vec::new(),
        },
        roots: Vec::new(),
        node: (0..n as u32)
            .map(|v| [v, g.degree(v).min(DEAD as usize - 1) as u32])
            .collect(),
        weight: Vec::new(),
        plink: Vec::new(),
        ptime: Vec::new(),
        ring: Vec::new(),
        made: Vec::new(),
        folds: Vec::new(),
        pairs: Vec::new(),
        exposed: Vec::new(),
    };
    // Live entries found at a set: (member, neighbour, neighbour's root).
    let mut found: Vec<(u32, u32, u32)> = Vec::with_capacity(2);
    let mut removed = 0usize;
    while let Some(x) = queue.pop() {
        let [parent, d] = r.node[x as usize];
        if parent != x || d > 2 {
            continue; // merged, removed, or degree above 2 by now
        }
        found.clear();
        r.scan(g, x, |a, b, rb| {
            found.push((a, b, rb));
            found.len() < 2
        });
        let (a, b, u) = match found[..] {
            [] => {
                // Degree 0 (or asymmetric input): exposed.
                r.node[x as usize][1] = DEAD;
                r.exposed.push(x);
                removed += 1;
                continue;
            }
            [e] => e,
            [e, f] if e.2 == f.2 => e,
            [(pv, p, u), (qv, q, w)] => {
                // Fold: x is the centre, u and w merge.
                r.node[x as usize][1] = DEAD;
                removed += 1;
                let root = r.fold(
                    g,
                    x,
                    Fold {
                        ru: u,
                        made: [NONE; 3],
                        pv,
                        p,
                        qv,
                        q,
                    },
                    w,
                );
                if r.node[root as usize][1] <= 2 {
                    queue.push(root);
                }
                continue;
            }
            _ => unreachable!("at most two entries are collected"),
        };
        // Degree 1: match x to u along (a, b); remove both.
        r.node[x as usize][1] = DEAD;
        r.node[u as usize][1] = DEAD;
        removed += 2;
        r.pairs.push((a, b));
        let mut node = std::mem::take(&mut r.node);
        r.scan_with(g, &mut node, u, |node, _, _, rc| {
            let d = &mut node[rc as usize][1];
            *d = d.saturating_sub(1);
            if *d <= 2 {
                queue.push(rc);
            }
            true
        });
        r.node = node;
    }
    if n - removed > limit {
        return None;
    }
    // The kernel: live roots, in id order, with the original edges between
    // them.
    let mut index = vec![NONE; n];
    for v in 0..n as u32 {
        if r.node[v as usize][0] == v && r.node[v as usize][1] != DEAD {
            index[v as usize] = r.roots.len() as u32;
            r.roots.push(v);
        }
    }
    let mut offsets = Vec::with_capacity(r.roots.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for i in 0..r.roots.len() {
        let x = r.roots[i];
        r.scan(g, x, |_, _, rb| {
            targets.push(index[rb as usize]);
            true
        });
        offsets.push(targets.len());
    }
    // (Built directly: on asymmetric input `from_csr`'s debug check would
    // fire, and there the result is only required to be a matching.)
    r.kernel = Graph { offsets, targets };
    Some(r)
}

impl Reduced {
    /// Root of the set of `x` (path halving).
    #[inline]
    fn find(node: &mut [[u32; 2]], mut x: u32) -> u32 {
        loop {
            let p = node[x as usize][0];
            if p == x {
                return x;
            }
            let gp = node[p as usize][0];
            node[x as usize][0] = gp;
            x = gp;
        }
    }

    /// The next member after `a` in its set's circular list.
    #[inline]
    fn next_member(&self, a: u32) -> u32 {
        self.ring.get(a as usize).copied().unwrap_or(a)
    }

    /// The fold that made the set rooted at `x` (`NONE`: a single vertex).
    fn made(&self, x: u32) -> u32 {
        self.made.get(x as usize).copied().unwrap_or(NONE)
    }

    /// Calls `f(a, b, root of b)` for every adjacency entry from a member
    /// `a` of the set `x` to a vertex `b` of another live set, until `f`
    /// returns `false`.
    fn scan(&mut self, g: &Graph, x: u32, mut f: impl FnMut(u32, u32, u32) -> bool) {
        let mut node = std::mem::take(&mut self.node);
        self.scan_with(g, &mut node, x, |_, a, b, rb| f(a, b, rb));
        self.node = node;
    }

    /// [`Reduced::scan`] with the node array handed to `f` too.
    fn scan_with(
        &self,
        g: &Graph,
        node: &mut [[u32; 2]],
        x: u32,
        mut f: impl FnMut(&mut [[u32; 2]], u32, u32, u32) -> bool,
    ) {
        let mut a = x;
        loop {
            for &b in g.neighbors(a) {
                let rb = Self::find(node, b);
                if rb != x && node[rb as usize][1] != DEAD && !f(node, a, b, rb) {
                    return;
                }
            }
            a = self.next_member(a);
            if a == x {
                return;
            }
        }
    }

    /// Merges the sets `fold.ru` and `w` around the removed centre `x`;
    /// returns the new root.
    fn fold(&mut self, g: &Graph, x: u32, mut fold: Fold, w: u32) -> u32 {
        let n = g.num_vertices();
        if self.ring.is_empty() {
            self.weight = (0..n as u32)
                .map(|v| g.degree(v).min(u32::MAX as usize) as u32)
                .collect();
            self.plink = vec![NONE; n];
            self.ptime = vec![NONE; n];
            self.ring = (0..n as u32).collect();
            self.made = vec![NONE; n];
        }
        let u = fold.ru;
        let (small, big) = if self.weight[u as usize] <= self.weight[w as usize] {
            (u, w)
        } else {
            (w, u)
        };
        let mut mult = 0u32;
        self.scan(g, small, |_, _, rb| {
            mult += u32::from(rb == big);
            true
        });
        let d = (u64::from(self.node[u as usize][1]) + u64::from(self.node[w as usize][1]))
            .saturating_sub(2 + 2 * u64::from(mult))
            .min(u64::from(DEAD - 1)) as u32;
        let k = self.folds.len() as u32;
        fold.made = [
            self.made[u as usize],
            self.made[x as usize],
            self.made[w as usize],
        ];
        self.folds.push(fold);
        // Union by adjacency size: every member's depth grows only when its
        // set's size at least doubles, so the links stay O(log m) deep.
        let (child, root) = (small, big);
        self.node[child as usize][0] = root;
        self.plink[child as usize] = root;
        self.ptime[child as usize] = k;
        self.ring.swap(u as usize, w as usize);
        self.weight[root as usize] =
            self.weight[u as usize].saturating_add(self.weight[w as usize]);
        self.made[root as usize] = k;
        self.node[root as usize][1] = d;
        root
    }

    /// Root of `a`'s set just before fold `k`.
    fn root_before(&self, mut a: u32, k: u32) -> u32 {
        while let Some(&p) = self.plink.get(a as usize) {
            if p == NONE || self.ptime[a as usize] >= k {
                break;
            }
            a = p;
        }
        a
    }

    /// Lifts a matching of the kernel (its mate array) to a maximum matching
    /// of `g`, as a mate array.
    pub(super) fn lift(mut self, g: &Graph, kernel_mate: &[u32]) -> Vec<u32> {
        let n = g.num_vertices();
        let mut mate = vec![NONE; n];
        // (fold that made a set, its member matched outside it or exposed;
        // the root of a set is a member that is no fold's centre)
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let pair = |mate: &mut [u32], a: u32, b: u32| {
            if a != b && mate[a as usize] == NONE && mate[b as usize] == NONE {
                mate[a as usize] = b;
                mate[b as usize] = a;
            }
        };
        let roots = std::mem::take(&mut self.roots);
        for (i, &x) in roots.iter().enumerate() {
            let j = kernel_mate[i];
            if j == NONE {
                stack.push((self.made(x), x));
            } else if (i as u32) < j {
                let y = roots[j as usize];
                let mut edge = (x, y); // (only kept on asymmetric input)
                self.scan(g, x, |a, b, rb| {
                    if rb == y {
                        edge = (a, b);
                    }
                    rb != y
                });
                pair(&mut mate, edge.0, edge.1);
                stack.push((self.made(x), edge.0));
                stack.push((self.made(y), edge.1));
            }
        }
        for &x in &self.exposed {
            stack.push((self.made(x), x));
        }
        for i in 0..self.pairs.len() {
            let (a, b) = self.pairs[i];
            pair(&mut mate, a, b);
            let (ra, rb) = (Self::find(&mut self.node, a), Self::find(&mut self.node, b));
            stack.push((self.made(ra), a));
            stack.push((self.made(rb), b));
        }
        while let Some((k, a)) = stack.pop() {
            if k == NONE {
                continue; // a single vertex
            }
            let f = self.folds[k as usize];
            let [mu, mv, mw] = f.made;
            if self.root_before(a, k) == f.ru {
                pair(&mut mate, f.qv, f.q);
                stack.extend([(mu, a), (mv, f.qv), (mw, f.q)]);
            } else {
                pair(&mut mate, f.pv, f.p);
                stack.extend([(mw, a), (mv, f.pv), (mu, f.p)]);
            }
        }
        mate
    }
}
