//! The search loop: scanning S-vertices' edges, the dual-step candidates (δ1..δ4) and the
//! dual steps.

use super::engine::Engine;
use super::heap::{End, prefetch};
use super::{FREE, MARKED, NONE, Num, S, T};

impl<N: Num> Engine<N> {
    /// The δ2 key (slack + clock) of the candidate `c` (see [`Engine::candidate`]) if the
    /// tree of its root `c.root` is still there, its endpoint `c.p` is at an unlabelled
    /// vertex and the other end at an S-vertex. Most candidates die (they are met at heap
    /// rebuilds): those whose tree was dissolved (an S-vertex stays in its tree until the
    /// tree is dissolved, and scans all its edges when it joins another tree, so such a
    /// candidate is never owed: the edge gets a candidate of its own again, from that scan,
    /// or if its far end was labelled then, from `dissolve`'s walk, `expand_blossom` or the
    /// move out of heap3, when that end is unlabelled again) are dropped by one look-up of
    /// `root`, in an array few roots touch; the others whose end was labelled since after
    /// the edge's record and that vertex's look-up. An edge whose ends swapped roles has a
    /// candidate of its own, pushed when the new S-end scanned it or when it left heap3.
    pub(super) fn key2(&self, c: End) -> Option<N> {
        let r = c.root as usize;
        if self.root[r] != r {
            return None;
        }
        let f = c.p as usize;
        let e = self.edges.edge(f / 2);
        let (_, lf, df) = self.look(e.ends[f & 1] as usize);
        if lf != FREE {
            return None;
        }
        let (_, ls, ds) = self.look(e.ends[(f & 1) ^ 1] as usize);
        (ls == S).then(|| ds + df - e.wt2 + self.clock)
    }

    /// Prefetches what [`Engine::key2`] reads of `c`: its root's entry and its edge's record
    /// (stage 0), then its ends' records (stage 1, the record read).
    #[inline(always)]
    fn ahead2(&self, c: End, stage: u8) {
        if stage == 0 {
            prefetch(&self.root[c.root as usize]);
            prefetch(&self.edges.0[c.p as usize / 2]);
        } else {
            let e = &self.edges.0[c.p as usize / 2];
            prefetch(&self.vx[e.ends[0] as usize]);
            prefetch(&self.vx[e.ends[1] as usize]);
        }
    }

    /// Prefetches what [`Engine::key3`] reads of edge `e` (as [`Engine::ahead2`]).
    #[inline(always)]
    fn ahead3(&self, e: usize, stage: u8) {
        if stage == 0 {
            prefetch(&self.edges.0[e]);
        } else {
            let e = &self.edges.0[e];
            prefetch(&self.vx[e.ends[0] as usize]);
            prefetch(&self.vx[e.ends[1] as usize]);
        }
    }

    /// The δ2 candidate of the edge at endpoint `f`, at an unlabelled vertex, whose other
    /// end is S-vertex `s`: `f` and the root of `s`'s tree (see [`Engine::key2`]).
    #[inline]
    pub(super) fn candidate(&self, f: usize, s: usize) -> End {
        debug_assert!(self.root[s] != NONE && self.top_label(s) == S);
        End::new(f, self.root[s])
    }

    /// Pushes the δ2 candidate `c` with key `key` found by [`Engine::scan_edge`] at its
    /// unlabelled end `w`, unless one pushed before dominates it.
    ///
    /// A candidate's key (slack + clock) is constant while it is live (see
    /// [`Engine::key2`]: its S-end stays S in the tree of `c.root` until that tree is
    /// dissolved, and `w`'s dual is fixed while `w` is unlabelled), and all candidates at
    /// `w` naming one root are live under the same condition: that tree is there and `w`
    /// unlabelled. A live entry stays in `heap2` (`min2` pops only dead or re-keyed ones; a
    /// rebuild keeps the one live entry of a slot, as a slot's S-end is in one tree), so
    /// while they are live the least of them keeps `min2` at or below every other's slack
    /// (no edge is left uncovered), and when a step takes it `w` is labelled, which kills
    /// them all. So `best2[w]` remembers the root and key of the last candidate pushed
    /// here at `w`, and one of the same root and no smaller key is left out.
    /// [`Engine::assign_label`] forgets it (root `u32::MAX`) when `w` is labelled, so the
    /// one remembered has been live since its push: `w` unlabelled again (its tree
    /// dissolved, its T-blossom expanded) has another dual, and the old entries' keys are
    /// stale. The other pushes to `heap2` (`min2`'s re-keying, the moves out of heap3,
    /// `expand_blossom`'s second look) are not filtered and leave the record alone: each
    /// pushes every candidate it must. (On Euclidean 10-NN with 10⁵ points 39 % of these
    /// pushes are left out, see docs/BENCHMARKS.md.)
    fn push2(&mut self, w: usize, key: N, c: End) {
        let best = &mut self.best2[w];
        if best.0 == c.root && best.1 <= key {
            self.dominated += 1;
            return;
        }
        *best = (c.root, key);
        self.heap2.push(key, c);
    }

    /// The δ2 candidate (key, candidate) of edge `e` if it joins an S-vertex to an
    /// unlabelled one, either way round.
    fn candidate2(&self, e: usize) -> Option<(N, End)> {
        let edge = self.edges.edge(e);
        let (i, j) = (edge.ends[0] as usize, edge.ends[1] as usize);
        let (_, li, di) = self.look(i);
        let (_, lj, dj) = self.look(j);
        let key = di + dj - edge.wt2 + self.clock;
        match (li, lj) {
            (S, FREE) => Some((key, self.candidate(2 * e + 1, i))),
            (FREE, S) => Some((key, self.candidate(2 * e, j))),
            _ => None,
        }
    }

    /// The δ3 key (slack + 2·clock) of edge `e` if it joins two different S-blossoms.
    pub(super) fn key3(&self, e: usize) -> Option<N> {
        let edge = self.edges.edge(e);
        let (bi, li, di) = self.look(edge.ends[0] as usize);
        let (bj, lj, dj) = self.look(edge.ends[1] as usize);
        (bi != bj && li == S && lj == S).then(|| di + dj - edge.wt2 + self.clock + self.clock)
    }

    /// The δ4 key (dual + clock, as stored) of blossom `b` if it is a top-level T-blossom.
    pub(super) fn key4(&self, b: usize) -> Option<N> {
        (self.base[b] != NONE && self.parent[b] == NONE && self.label[b] == T)
            .then_some(self.dual[b])
    }

    /// The δ1 key (stored dual) of vertex `v` if it is an S-vertex.
    fn key1(&self, v: usize) -> Option<N> {
        (self.top_label(v) == S).then_some(self.stored(v))
    }

    /// The least δ1 (dual of an S-vertex) and its vertex (maximum weight).
    fn min1(&mut self) -> Option<(N, usize)> {
        while let Some((key, v)) = self.heap1.peek() {
            match self.key1(v) {
                Some(now) if now == key => return Some((key - self.clock, v)),
                Some(now) => {
                    self.heap1.pop();
                    self.heap1.push(now, v);
                }
                None => self.heap1.pop(),
            }
        }
        None
    }

    /// The least δ2 (slack of an edge from an S-vertex to an unlabelled vertex) and the
    /// endpoint at its unlabelled end, dropping stale candidates and re-keying moved ones.
    pub(super) fn min2(&mut self) -> Option<(N, usize)> {
        while let Some((key, c)) = self.heap2.peek() {
            match self.key2(c) {
                Some(now) if now == key => {
                    return Some((key - self.clock, c.p as usize));
                }
                Some(now) => {
                    self.heap2.pop();
                    self.heap2.push(now, c);
                }
                None => self.heap2.pop(),
            }
        }
        None
    }

    /// The least δ3 (half the slack of an edge between two S-blossoms) and its edge.
    pub(super) fn min3(&mut self) -> Option<(N, usize)> {
        while let Some((key, e)) = self.heap3.peek() {
            match self.key3(e) {
                Some(now) if now == key => {
                    let s = key - self.clock - self.clock;
                    debug_assert!(s % N::from(2) == N::from(0), "S–S slack is even");
                    return Some((s / N::from(2), e));
                }
                Some(now) => {
                    self.heap3.pop();
                    self.heap3.push(now, e);
                }
                None => {
                    // An edge between S-blossoms whose one end has left the forest (its
                    // tree dissolved) is an edge from an S-vertex to an unlabelled one now:
                    // it moves to the δ2 candidates (see [`Engine::dissolve`]).
                    self.heap3.pop();
                    if let Some((now, f)) = self.candidate2(e) {
                        self.heap2.push(now, f);
                    }
                }
            }
        }
        None
    }

    /// The least δ4 (dual of a top-level T-blossom) and its blossom.
    pub(super) fn min4(&mut self) -> Option<(N, usize)> {
        while let Some((key, b)) = self.heap4.peek() {
            if self.key4(b) == Some(key) {
                return Some((key - self.clock, b));
            }
            self.heap4.pop();
        }
        None
    }

    /// Looks at the edge from S-vertex `v` to the vertex `w` at endpoint `p`: grows the tree, makes
    /// a blossom or augments if it is tight, records it as a dual-step candidate otherwise.
    ///
    /// Its slack is computed from the two vertex duals alone: no blossom holds both ends (they
    /// are in different top-level blossoms), so no blossom dual counts. (So no flag remembers
    /// which edges are tight: an expanded blossom's dual is 0, so the edges inside it that
    /// were tight still read as tight from their vertex duals.)
    pub(super) fn scan_edge(&mut self, v: usize, w: usize, p: usize) {
        let k = p / 2;
        debug_assert_eq!(w, self.edges.at(p));
        let (bv, lv, dv) = self.look(v);
        let (bw, lw, dw) = self.look(w);
        if bv == bw {
            return;
        }
        debug_assert_eq!(lv, S);
        let kslack = dv + dw - self.edges.wt2(k);
        debug_assert!(kslack >= N::from(0), "edge covered");
        if kslack <= N::from(0) {
            if lw == FREE {
                if self.mate[self.base[bw]] == NONE {
                    // (Maximum weight only: in perfect mode every exposed vertex is a root.)
                    self.augment_to_free(v, w, p);
                } else {
                    self.assign_label(w, T, p ^ 1);
                }
            } else if self.label[bw] == S {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    let roots = [self.root[v], self.root[w]];
                    self.augment_matching(k);
                    self.exposed -= 2;
                    self.dissolve(&roots);
                }
            } else if self.label[w] == FREE {
                debug_assert_eq!(self.label[bw], T);
                self.set_label(w, T);
                self.labelend[w] = p ^ 1;
                // Cleared if `v`'s tree dissolves first (see `dissolve`).
                self.members[self.root[v]].push(w | MARKED);
            }
        } else if lw == S {
            // Keyed in clock units. Maximum weight: the clock never passes `start` (every
            // root's dual has reached 0 by then), so an edge keyed at or past 2·start is not
            // tight before the search ends while both ends stay S, and a label change
            // rescans the edge: no need to keep it.
            let key = kslack + self.clock + self.clock;
            if self.perfect || key < self.start + self.start {
                self.heap3.push(key, k);
            }
        } else if lw == FREE {
            // Likewise from a key at or past start on. (Not to a vertex inside a T-blossom:
            // its slack stays fixed while its blossom is T, and when the blossom is expanded
            // its unlabelled parts' edges are looked at again, see `expand_blossom`; when
            // its tree dissolves, its T-vertices' edges are, see `dissolve`.)
            let key = kslack + self.clock;
            if self.perfect || key < self.start {
                self.push2(w, key, self.candidate(p, v));
            }
        }
    }

    /// Runs the search until the duals prove the matching optimal: one forest grown from all
    /// exposed vertices, the two trees of each augmentation dissolved and the others kept.
    /// Returns `false` in perfect mode if the graph has no perfect matching.
    pub(super) fn solve(&mut self) -> bool {
        let n = self.n;
        if self.perfect && (0..n).any(|v| self.adj_start[v] == self.adj_start[v + 1]) {
            return false;
        }
        if !self.greedy_start() {
            return false;
        }
        self.scanned = vec![false; n];
        self.best2 = vec![(u32::MAX, N::from(0)); n];
        let mut steps = 0usize;
        // (In the input's order, as without renumbering.)
        for i in 0..n {
            let v = self.at(i);
            // (Maximum weight: an exposed vertex at dual 0 is no root; it already meets
            // complementary slackness, like those `free_vertex` leaves.)
            if self.mate[v] == NONE
                && self.top_label(v) == FREE
                && self.adj_start[v] < self.adj_start[v + 1]
                && (self.perfect || self.vdual(v) != N::from(0))
            {
                self.assign_label(v, S, NONE);
                self.exposed += 1;
            }
        }
        loop {
            loop {
                if let Some(p) = self.pending.pop() {
                    // The edge from the S-vertex at endpoint p ^ 1 to the one at p.
                    if self.top_label(self.edges.at(p ^ 1)) == S {
                        self.scan_edge(self.edges.at(p ^ 1), self.edges.at(p), p);
                    }
                    continue;
                }
                let Some(v) = self.queue.pop() else { break };
                // The next vertices' arcs, likewise (if no vertex is queued before them):
                // the next one's list, whose start was prefetched a vertex ago, and the
                // start of the one after it.
                if let [.., u, _] = self.queue[..] {
                    prefetch(&self.adj_start[u]);
                }
                if let Some(&t) = self.queue.last()
                    && let Some(arc) = self.adj.get(self.adj_start[t])
                {
                    prefetch(arc);
                }
                // The far ends' records and the edges' first, all at once: their misses
                // overlap, where `scan_edge` alone would wait for each in turn.
                for a in self.adj_start[v]..self.adj_start[v + 1] {
                    let (w, p) = self.arc(a);
                    prefetch(&self.vx[w]);
                    prefetch(&self.edges.0[p / 2]);
                }
                for a in self.adj_start[v]..self.adj_start[v + 1] {
                    if self.top_label(v) != S {
                        // Its tree was dissolved by an augmentation.
                        break;
                    }
                    let (w, p) = self.arc(a);
                    self.scan_edge(v, w, p);
                }
                if self.top_label(v) == S {
                    self.scanned[v] = true;
                }
            }
            if self.exposed == 0 {
                break;
            }
            // No tight edge left to use: a dual step.
            // Lazily deleted candidates pile up: past 2(m + n) entries, or twice the entries
            // kept by the last rebuild (a small heap is faster: its pops touch fewer cache
            // lines), rebuild a heap from the live ones (each edge once), so memory stays
            // O(n + m); a rebuild costs O(entries) and at least live + 1024 pushes come
            // between two rebuilds, so they cost O(1) per push. (Measured on Euclidean 10-NN
            // with 10⁵ points: the same time at 1.5·live, more at 4·live, more again with no
            // bound from the live entries.)
            // (Under test, on small graphs: at every other step, to exercise the rebuild
            // and the moves of `min3` both.)
            let test = cfg!(test) && n < 64;
            steps += 1;
            if steps == 1 {
                // The forest grown on the start's tight edges pushed its candidates, few of
                // them dead yet: they count as live (a rebuild now kept 94 % of them on
                // Euclidean 10-NN 10⁵; docs/BENCHMARKS.md, "start8").
                (self.heap2.live, self.heap3.live) = (self.heap2.len(), self.heap3.len());
            }
            let limit = |live: usize| {
                if test && steps.is_multiple_of(2) {
                    0
                } else {
                    (2 * (self.edges.len() + n) + 1024).min(2 * live + 1024)
                }
            };
            if self.heap1.len() > limit(self.heap1.live) {
                let mut heap = std::mem::take(&mut self.heap1);
                heap.rebuild(|v| self.key1(v), |_, _| {});
                self.heap1 = heap;
            }
            if self.heap2.len() > limit(self.heap2.live) {
                let mut heap = std::mem::take(&mut self.heap2);
                heap.rebuild(|c| self.key2(c), |c, stage| self.ahead2(c, stage));
                self.heap2 = heap;
            }
            if self.heap3.len() > limit(self.heap3.live) {
                // (Its entries that min3 would move to the δ2 candidates move there.)
                let mut heap = std::mem::take(&mut self.heap3);
                let mut moved = Vec::new();
                heap.rebuild(
                    |e| {
                        let key = self.key3(e);
                        if key.is_none()
                            && let Some(moving) = self.candidate2(e)
                        {
                            moved.push(moving);
                        }
                        key
                    },
                    |e, stage| self.ahead3(e, stage),
                );
                self.heap3 = heap;
                for (key, f) in moved {
                    self.heap2.push(key, f);
                }
            }
            if self.heap4.len() > limit(self.heap4.live) {
                let mut heap = std::mem::take(&mut self.heap4);
                heap.rebuild(|b| self.key4(b), |_, _| {});
                self.heap4 = heap;
            }
            // δ1 (maximum weight): the least dual of an S-vertex (there is one: every root
            // is). In perfect mode there is no δ1: with no candidate at all the duals of the
            // forest could grow without bound, so no perfect matching exists.
            let (mut delta, mut kind, mut what) = (N::MAX, 0u8, NONE);
            if !self.perfect
                && let Some((d, v)) = self.min1()
            {
                (delta, kind, what) = (d, 1, v);
            }
            // (δ3 first: it moves candidates to δ2, see `min3`.)
            let three = self.min3();
            if let Some((d, e)) = self.min2()
                && d < delta
            {
                (delta, kind, what) = (d, 2, e);
            }
            if let Some((d, e)) = three
                && d < delta
            {
                (delta, kind, what) = (d, 3, e);
            }
            if let Some((d, b)) = self.min4()
                && d < delta
            {
                (delta, kind, what) = (d, 4, b);
            }
            if kind == 0 || delta > self.clock_limit - self.clock {
                return false;
            }
            debug_assert!(delta >= N::from(0));
            self.clock += delta;
            if test {
                // Every edge between two top-level blossoms stays covered: no candidate
                // was lost (the tests' check of the step's bookkeeping).
                for k in 0..self.edges.len() {
                    let (u, v) = (self.edges.at(2 * k), self.edges.at(2 * k + 1));
                    assert!(
                        self.inblossom(u) == self.inblossom(v) || self.slack(k) >= N::from(0),
                        "edge {k} left uncovered by a dual step of kind {kind}"
                    );
                }
            }
            // A δ2 or δ3 step made edge `what` tight: it alone is looked at again (from its
            // S-end, as `pending` takes it); the other edges of that S-vertex keep their
            // candidates, and those made tight by the same step come up at the next steps,
            // of 0.
            match kind {
                1 => self.free_vertex(what),
                2 => self.pending.push(what),
                3 => self.pending.push(2 * what + 1),
                _ => self.expand_blossom(what, false),
            }
        }
        // Store every dual as it is now.
        let top: Vec<usize> = (0..2 * n)
            .filter(|&b| self.parent[b] == NONE && self.base[b] != NONE)
            .collect();
        for b in top {
            self.clear_top_label(b);
        }
        true
    }
}
