//! The greedy start of the search (before any label or blossom exists).

use super::engine::Engine;
use super::{NONE, Num};

impl<N: Num> Engine<N> {
    /// Greedy start: each vertex in turn, if still exposed, lowers its dual to the least value
    /// that keeps its edges covered, `max_u (2w_uv − d_u)` (in perfect mode; for maximum
    /// weight no lower than 0, or 1 where the parity of the duals is odd), which makes its
    /// best edges tight, and is matched along one of them whose other end is still exposed.
    /// Every edge stays covered, matched edges are tight, and every dual keeps the parity
    /// of the heaviest weight (`2w` is even), so the search starts from a feasible point
    /// with most vertices matched and only the rest as roots. O(n + m).
    pub(super) fn greedy_start(&mut self) {
        let two = N::from(2);
        let floor = if self.perfect {
            None
        } else {
            // (`start` = max w > 0 in this mode.)
            Some(self.start % two)
        };
        for v in 0..self.n {
            let (lo, hi) = (self.adj_start[v], self.adj_start[v + 1]);
            if self.mate[v] != NONE || lo == hi {
                continue;
            }
            let (adj, wt2, dual) = (&self.adj, &self.wt2, &self.dual);
            let need = |a: usize| {
                let (u, p) = adj[a];
                wt2[p / 2] - dual[u]
            };
            let mut best = need(lo);
            for a in lo + 1..hi {
                best = best.max(need(a));
            }
            debug_assert!(best <= self.dual[v], "every edge covered");
            if let Some(f) = floor
                && best < f
            {
                self.dual[v] = f;
                continue;
            }
            let mate = &self.mate;
            let tight = (lo..hi).find(|&a| mate[adj[a].0] == NONE && need(a) == best);
            self.dual[v] = best;
            if let Some(a) = tight {
                let (u, p) = self.adj[a];
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
    }
}
