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
//! member `a` (or exposed, with `a` its *anchor*, a member that is never the
//! centre of a fold) is unfolded by the fold that made it: if `a` was in
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
//! So the lifted matching is maximum for the whole graph. The Gallai–Edmonds
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
//! (`tests.rs`, `reduce_*`).

use super::{Graph, NONE};
use crate::graph::dsu::{Dsu, Rank};

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
    dsu: Dsu<Rank>,
    /// Link of every non-root of the union–find (uncompressed copy) and the
    /// fold index at which it was made; `NONE` at roots.
    plink: Vec<u32>,
    ptime: Vec<u32>,
    /// Members of every set, as circular lists.
    ring: Vec<u32>,
    /// At roots: the fold that made the set, and its anchor.
    made: Vec<u32>,
    anchor: Vec<u32>,
    folds: Vec<Fold>,
    /// Pairs matched by the degree-1 rule (original edges).
    pairs: Vec<(u32, u32)>,
    /// Sets removed exposed (degree 0).
    exposed: Vec<u32>,
}

/// Applies the degree-0/1/2 rules to exhaustion. `None` when no vertex has
/// degree ≤ 2 (nothing to reduce). `limit`: give up (`None`) when the kernel
/// keeps more than this many vertices.
pub(super) fn reduce(g: &Graph, limit: usize) -> Option<Reduced> {
    let n = g.num_vertices();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| g.degree(v) <= 2).collect();
    if queue.is_empty() {
        return None;
    }
    let mut deg: Vec<u32> = (0..n as u32).map(|v| g.degree(v) as u32).collect();
    // Adjacency size of every set (at roots), for small-to-large scans.
    let mut weight: Vec<usize> = deg.iter().map(|&d| d as usize).collect();
    let mut dead = vec![false; n];
    let mut r = Reduced {
        kernel: Graph {
            offsets: vec![0],
            targets: Vec::new(),
        },
        roots: Vec::new(),
        dsu: Dsu::new(n),
        plink: vec![NONE; n],
        ptime: vec![NONE; n],
        ring: (0..n as u32).collect(),
        made: vec![NONE; n],
        anchor: (0..n as u32).collect(),
        folds: Vec::new(),
        pairs: Vec::new(),
        exposed: Vec::new(),
    };
    // Live entries found at a set: (member, neighbour, neighbour's root).
    let mut found: Vec<(u32, u32, u32)> = Vec::with_capacity(2);
    let mut removed = 0usize;
    while let Some(x) = queue.pop() {
        if r.dsu.find(x) != x || dead[x as usize] || deg[x as usize] > 2 {
            continue;
        }
        found.clear();
        r.scan(g, x, &dead, |a, b, rb| {
            found.push((a, b, rb));
            found.len() < 2
        });
        let (a, b, u) = match found[..] {
            [] => {
                // Degree 0 (or asymmetric input): exposed.
                dead[x as usize] = true;
                r.exposed.push(x);
                removed += 1;
                continue;
            }
            [e] => e,
            [e, f] if e.2 == f.2 => e,
            [(pv, p, u), (qv, q, w)] => {
                // Fold: x is the centre, u and w merge.
                dead[x as usize] = true;
                removed += 1;
                let (small, big) = if weight[u as usize] <= weight[w as usize] {
                    (u, w)
                } else {
                    (w, u)
                };
                let mut mult = 0u32;
                r.scan(g, small, &dead, |_, _, rb| {
                    mult += u32::from(rb == big);
                    true
                });
                let d = (deg[u as usize] + deg[w as usize]).saturating_sub(2 + 2 * mult);
                let k = r.folds.len() as u32;
                r.folds.push(Fold {
                    ru: u,
                    made: [r.made[u as usize], r.made[x as usize], r.made[w as usize]],
                    pv,
                    p,
                    qv,
                    q,
                });
                let root = r.dsu.link(u, w);
                let child = if root == u { w } else { u };
                r.plink[child as usize] = root;
                r.ptime[child as usize] = k;
                r.ring.swap(u as usize, w as usize);
                weight[root as usize] = weight[u as usize] + weight[w as usize];
                r.anchor[root as usize] = r.anchor[u as usize];
                r.made[root as usize] = k;
                deg[root as usize] = d;
                if d <= 2 {
                    queue.push(root);
                }
                continue;
            }
            _ => unreachable!("at most two entries are collected"),
        };
        // Degree 1: match x to u along (a, b); remove both.
        dead[x as usize] = true;
        dead[u as usize] = true;
        removed += 2;
        r.pairs.push((a, b));
        r.scan(g, u, &dead, |_, _, rc| {
            let d = &mut deg[rc as usize];
            *d = d.saturating_sub(1);
            if *d <= 2 {
                queue.push(rc);
            }
            true
        });
    }
    if n - removed > limit {
        return None;
    }
    // The kernel: live roots, in id order, with the original edges between
    // them.
    let mut index = vec![NONE; n];
    for v in 0..n as u32 {
        if !dead[v as usize] && r.dsu.find(v) == v {
            index[v as usize] = r.roots.len() as u32;
            r.roots.push(v);
        }
    }
    let mut offsets = Vec::with_capacity(r.roots.len() + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for i in 0..r.roots.len() {
        let x = r.roots[i];
        r.scan(g, x, &dead, |_, _, rb| {
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
    /// Calls `f(a, b, root of b)` for every adjacency entry from a member
    /// `a` of the set `x` to a vertex `b` of another live set, until `f`
    /// returns `false`.
    fn scan(
        &mut self,
        g: &Graph,
        x: u32,
        dead: &[bool],
        mut f: impl FnMut(u32, u32, u32) -> bool,
    ) {
        let mut a = x;
        loop {
            for &b in g.neighbors(a) {
                let rb = self.dsu.find(b);
                if rb != x && !dead[rb as usize] && !f(a, b, rb) {
                    return;
                }
            }
            a = self.ring[a as usize];
            if a == x {
                return;
            }
        }
    }

    /// Root of `a`'s set just before fold `k`.
    fn root_before(&self, mut a: u32, k: u32) -> u32 {
        while self.plink[a as usize] != NONE && self.ptime[a as usize] < k {
            a = self.plink[a as usize];
        }
        a
    }

    /// Lifts a matching of the kernel (its mate array) to a maximum matching
    /// of `g`, as a mate array.
    pub(super) fn lift(mut self, g: &Graph, kernel_mate: &[u32]) -> Vec<u32> {
        let n = g.num_vertices();
        let mut mate = vec![NONE; n];
        // (fold that made a set, its member matched outside it or exposed)
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
                stack.push((self.made[x as usize], self.anchor[x as usize]));
            } else if (i as u32) < j {
                let y = roots[j as usize];
                let mut edge = None;
                self.scan_to(g, x, y, &mut edge);
                if let Some((a, b)) = edge {
                    pair(&mut mate, a, b);
                    stack.push((self.made[x as usize], a));
                    stack.push((self.made[y as usize], b));
                } else {
                    // Only on asymmetric input.
                    stack.push((self.made[x as usize], self.anchor[x as usize]));
                    stack.push((self.made[y as usize], self.anchor[y as usize]));
                }
            }
        }
        for &x in &self.exposed {
            stack.push((self.made[x as usize], self.anchor[x as usize]));
        }
        for &(a, b) in &self.pairs {
            pair(&mut mate, a, b);
            stack.push((self.made[self.dsu.find(a) as usize], a));
            stack.push((self.made[self.dsu.find(b) as usize], b));
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

    /// An original edge `(a, b)` from the set `x` to the set `y`.
    fn scan_to(&mut self, g: &Graph, x: u32, y: u32, edge: &mut Option<(u32, u32)>) {
        let mut a = x;
        loop {
            for &b in g.neighbors(a) {
                if self.dsu.find(b) == y {
                    *edge = Some((a, b));
                    return;
                }
            }
            a = self.ring[a as usize];
            if a == x {
                return;
            }
        }
    }
}
