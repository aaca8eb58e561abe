//! The engine's augmentations: flipping the matching along an augmenting path (through nested
//! blossoms with an explicit stack), freeing a root whose dual reached 0 (maximum weight), and
//! dissolving the two trees an augmentation ends (the state is in [`engine`](super::engine)).

use super::engine::Engine;
use super::heap::prefetch;
use super::{FREE, MARKED, NONE, Num, S, T};

impl<N: Num> Engine<N> {
    /// Swaps matched and unmatched edges on the even path inside blossom `b0` from vertex
    /// `v0` to its base, making `v0` the base (nested blossoms through an explicit stack).
    pub(super) fn augment_blossom(&mut self, b0: usize, v0: usize) {
        let mut todo = vec![(b0, v0)];
        while let Some((b, v)) = todo.pop() {
            let mut t = v;
            while self.parent[t] != b {
                t = self.parent[t];
            }
            if t >= self.n {
                todo.push((t, v));
            }
            let len = self.childs[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let i = self.child_index(b, t);
            let mut j = i as isize;
            let (jstep, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            while j != 0 {
                j += jstep;
                let t = self.childs[b][at(j)];
                let p = self.endps[b][at(j - trick as isize)] ^ trick;
                if t >= self.n {
                    todo.push((t, self.edges.at(p)));
                }
                j += jstep;
                let t = self.childs[b][at(j)];
                if t >= self.n {
                    todo.push((t, self.edges.at(p ^ 1)));
                }
                self.mate[self.edges.at(p)] = p ^ 1;
                self.mate[self.edges.at(p ^ 1)] = p;
            }
            self.childs[b].rotate_left(i);
            self.endps[b].rotate_left(i);
            // The child now first is the one holding v, which becomes its base too.
            self.base[b] = v;
        }
    }

    /// Augments along the path through the S–S edge `k` between two trees.
    pub(super) fn augment_matching(&mut self, k: usize) {
        self.augment_path(self.edges.at(2 * k), 2 * k + 1);
        self.augment_path(self.edges.at(2 * k + 1), 2 * k);
    }

    /// Swaps matched and unmatched edges on the tree path from S-vertex `s` up to its root,
    /// and matches `s` through endpoint `p` (`NONE`: leaves `s` exposed, its root matched).
    pub(super) fn augment_path(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom(s);
            debug_assert_eq!(self.label[bs], S);
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.edges.at(self.labelend[bs]);
            let bt = self.inblossom(t);
            debug_assert_eq!(self.label[bt], T);
            s = self.edges.at(self.labelend[bt]);
            let j = self.edges.at(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Maximum weight: S-vertex `v`'s dual reached 0 (δ1). The path from its root to it is
    /// flipped (the root matched, `v` exposed: an exposed vertex at dual 0 meets
    /// complementary slackness) and its tree dissolved; `v` is never a root again.
    pub(super) fn free_vertex(&mut self, v: usize) {
        let r = self.root[v];
        self.augment_path(v, NONE);
        self.exposed -= 1;
        self.freed[0] += 1;
        self.dissolve(&[r]);
    }

    /// Maximum weight: the tight edge from S-vertex `v` to `w` (at endpoint `p`), whose
    /// unlabelled top-level blossom has an exposed base (a vertex left at dual 0 by
    /// [`Engine::free_vertex`]), ends an augmenting path: `v`'s root and `w` get matched.
    pub(super) fn augment_to_free(&mut self, v: usize, w: usize, p: usize) {
        let r = self.root[v];
        let bw = self.inblossom(w);
        self.augment_path(v, p);
        if bw >= self.n {
            self.augment_blossom(bw, w);
        }
        self.mate[w] = p ^ 1;
        self.exposed -= 1;
        self.freed[1] += 1;
        self.dissolve(&[r]);
    }

    /// Unlabels the trees rooted at `roots` after an augmentation through them (their
    /// vertices are all matched now), expands their zero-dual S-blossoms, and queues the
    /// edges from S-vertices of other trees to them so that the freed vertices are reached
    /// again. The other trees keep their labels.
    pub(super) fn dissolve(&mut self, roots: &[usize]) {
        self.epoch = self.epoch.wrapping_add(2);
        if self.epoch < 2 {
            self.stamp.fill(0);
            self.epoch = 2;
        }
        let epoch = self.epoch;
        let mut gone = Vec::new();
        let mut walk = Vec::new();
        let mut marks = Vec::new();
        for &r in roots {
            let list = std::mem::take(&mut self.members[r]);
            for (i, &x) in list.iter().enumerate() {
                // (The records of the members a few ahead, their misses overlapping.)
                if let Some(&y) = list.get(i + 8)
                    && y & MARKED == 0
                {
                    prefetch(&self.root[y]);
                    prefetch(&self.stamp[y]);
                    prefetch(&self.vx[y]);
                }
                if x & MARKED != 0 {
                    marks.push(x & !MARKED);
                } else if self.root[x] == r && self.stamp[x] != epoch {
                    self.stamp[x] = epoch;
                    self.root[x] = NONE;
                    gone.push(x);
                    if self.top_label(x) != S || !self.scanned[x] {
                        walk.push(x);
                    }
                }
            }
        }
        // Each top-level blossom once: store its duals, unlabel it; note the S-blossoms
        // with a zero dual, expanded as at the end of a stage.
        let mut zero = Vec::new();
        for &x in &gone {
            let b = self.inblossom(x);
            if b >= self.n {
                if self.stamp[b] == epoch {
                    continue;
                }
                self.stamp[b] = epoch;
                if self.label[b] == S && self.bdual(b) == N::from(0) {
                    zero.push(b);
                }
            }
            self.clear_top_label(b);
            self.labelend[b] = NONE;
        }
        // Nested blossoms' and vertices' labels go too (a blossom made in a dissolved tree
        // may be labelled T later, and its expansion reads its sub-blossoms' labels).
        for &x in &gone {
            let mut t = x;
            loop {
                self.set_label(t, FREE);
                self.labelend[t] = NONE;
                let up = self.parent[t];
                if up == NONE || self.stamp[up] == epoch + 1 {
                    break;
                }
                self.stamp[up] = epoch + 1;
                t = up;
            }
        }
        for b in zero {
            self.expand_blossom(b, true);
        }
        // A vertex inside another tree's T-blossom that a vertex `x` of these trees reached
        // (scan_edge's inner T mark) loses that mark: `x` has left the forest, so the edge
        // may stop being tight (x's dual is now fixed while y's grows), and expanding that
        // blossom must not label through it. Its sub-blossom is then either reached along
        // the blossom's even path or looked at again as unlabelled.
        for y in marks {
            if self.label[y] == T
                && self.labelend[y] != NONE
                && self.stamp[self.edges.at(self.labelend[y])] == epoch
                && self.inblossom(y) != y
                && self.top_label(y) == T
            {
                self.set_label(y, FREE);
                self.labelend[y] = NONE;
            }
        }
        // The edges from S-vertices of other trees to the vertices that were T here (and to
        // the S-vertices that had not scanned all their edges) are looked at again. Those
        // to an S-vertex `x` that had are δ3 candidates already (every S–S edge not tight
        // is, once both ends have scanned it; in maximum weight but those keyed past
        // 2·start, whose δ2 key would be past start) and move to the δ2 candidates when
        // they come up in heap3 (`min3`). That is in time: while both ends were S the
        // edge's δ3 key K = slack + 2·clock stayed fixed; once `x` is unlabelled at clock
        // t its δ2 key is K − t ≥ K/2, as its slack K − 2t was ≥ 0, and the clock never
        // passes K/2 while its entry is in heap3, since every dual step is at most the δ3
        // of heap3's least live entry (min3 runs before min2).
        for (i, &x) in walk.iter().enumerate() {
            // (Likewise: where the arcs of the vertex 4 ahead start, the arcs of the one 2
            // ahead, the far ends of this one's.)
            if let Some(&y) = walk.get(i + 4) {
                prefetch(&self.adj_start[y]);
            }
            if let Some(&y) = walk.get(i + 2) {
                let (first, end) = (self.adj_start[y], self.adj_start[y + 1]);
                if first < end {
                    prefetch(&self.adj[first]);
                    prefetch(&self.adj[end - 1]);
                }
            }
            for a in self.adj_start[x]..self.adj_start[x + 1] {
                prefetch(&self.vx[self.arc(a).0]);
            }
            for a in self.adj_start[x]..self.adj_start[x + 1] {
                let (y, p) = self.arc(a);
                if self.top_label(y) == S {
                    self.pending.push(p ^ 1);
                }
            }
        }
    }
}
