//! The greedy start of the search (before any label or blossom exists), and the engine's
//! vertex numbering.

use super::engine::Engine;
use super::{NONE, Num};
use crate::graph::general::order::{MIN_VERTICES, SAMPLE, WINDOW};
use crate::graph::general::{
    Graph, Matching, maximum_matching_as_numbered, maximum_matching_from_trusted,
};

/// Whether the engine renumbers its vertices breadth-first (see [`breadth_first`]): when the
/// input's numbers put neighbours far apart: at least [`MIN_VERTICES`] vertices and more
/// than half of about [`SAMPLE`] kept edges (their `ends`), evenly spread, join numbers more
/// than [`WINDOW`] apart (the measure of [`crate::graph::general::order`], on the edge list).
/// Neighbours then have near numbers and the per-vertex arrays are walked with fewer cache
/// misses; on Euclidean 10-NN graphs whose points come in random order, see the module docs.
/// Under test, every graph of 4 or more vertices is renumbered, so that the small random
/// graphs exercise the mapping. O(1) time (a sample).
pub(super) fn renumbering_pays(n: usize, ends: &[(u32, u32)]) -> bool {
    if cfg!(test) {
        return n >= 4;
    }
    if n < MIN_VERTICES || ends.is_empty() {
        return false;
    }
    let step = (ends.len() / SAMPLE).max(1);
    let (mut far, mut sampled) = (0usize, 0usize);
    for &(u, v) in ends.iter().step_by(step) {
        sampled += 1;
        far += usize::from(u.abs_diff(v) > WINDOW);
    }
    2 * far > sampled
}

/// The breadth-first numbering over the adjacency lists `near[start[x]..start[x + 1]]` of
/// each vertex `x` (its neighbours): one search per component, from the smallest vertex not
/// reached yet. Returns the new number of each vertex, the vertices in their new order, and
/// for each new number the count of the list's entries whose neighbour comes later in the
/// new order (the edges first named there). O(n + m) time and memory.
pub(super) fn breadth_first(
    n: usize,
    start: &[usize],
    near: &[u32],
) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut new_of = vec![u32::MAX; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut later: Vec<u32> = Vec::with_capacity(n);
    for s in 0..n {
        if new_of[s] != u32::MAX {
            continue;
        }
        new_of[s] = order.len() as u32;
        order.push(s as u32);
        let mut head = order.len() - 1;
        while head < order.len() {
            let x = order[head] as usize;
            let nx = head as u32;
            head += 1;
            let mut count = 0u32;
            for &y in &near[start[x]..start[x + 1]] {
                let ny = new_of[y as usize];
                // (Without a branch: half the neighbours come later.)
                count += std::hint::select_unpredictable(ny > nx, 1, 0);
                if ny == u32::MAX {
                    new_of[y as usize] = order.len() as u32;
                    order.push(y);
                }
            }
            later.push(count);
        }
    }
    (new_of, order, later)
}

/// The engine's number of each input vertex: [`breadth_first`] over the `kept` edges where
/// [`renumbering_pays`], else `None` (the input's numbers). (The engine builds the adjacency
/// lists once and calls the two itself; this is the tests' entry.)
#[cfg(test)]
pub(super) fn locality_order(n: usize, edges: &[(u32, u32)], kept: &[usize]) -> Option<Vec<u32>> {
    let ends: Vec<(u32, u32)> = kept.iter().map(|&i| edges[i]).collect();
    if !renumbering_pays(n, &ends) {
        return None;
    }
    let mut start = vec![0usize; n + 1];
    for &i in kept {
        let (u, v) = edges[i];
        start[u as usize + 1] += 1;
        start[v as usize + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut near = vec![0u32; start[n]];
    for &i in kept {
        let (u, v) = edges[i];
        let (u, v) = (u as usize, v as usize);
        near[fill[u]] = v as u32;
        fill[u] += 1;
        near[fill[v]] = u as u32;
        fill[v] += 1;
    }
    Some(breadth_first(n, &start, &near).0)
}

impl<N: Num> Engine<N> {
    /// Whether the engine's graph has a perfect matching, settled by the cardinality engine
    /// on the engine's own adjacency lists (the kept edges, in the engine's numbers: after
    /// [`breadth_first`] where [`renumbering_pays`], so walked with few cache misses and not
    /// renumbered again; parallel edges are gone, which changes no matching's existence),
    /// from the engine's matching (after the start, most vertices are matched already: the
    /// cardinality engine's greedy pass and searches are left only the rest). A proof either
    /// way: a perfect matching, or a maximum matching that is smaller (Edmonds). Run at the
    /// end of the start in perfect mode when [`Engine::check`] is set: the search would only
    /// find out by growing its forest to a standstill (see the module docs, perfect mode).
    /// O(n + m) beyond the cardinality engine's run; no copy of the input's edges, no second
    /// renumbering.
    pub(super) fn has_perfect_matching(&self) -> bool {
        let n = self.n;
        if n % 2 == 1 || (0..n).any(|v| self.adj_start[v] == self.adj_start[v + 1]) {
            return false;
        }
        if n >= u32::MAX as usize {
            // (Beyond the cardinality engine's 32-bit numbers: the search decides.)
            return true;
        }
        let targets: Vec<u32> = self.adj.iter().map(|&(y, _)| y).collect();
        let g = Graph::from_csr(self.adj_start.clone(), targets);
        // (`mate` holds the far endpoint of the matched edge; vertices are below n < u32::MAX.)
        let mate: Vec<u32> = self
            .mate
            .iter()
            .map(|&p| {
                if p == NONE {
                    u32::MAX
                } else {
                    self.edges.at(p) as u32
                }
            })
            .collect();
        let found = if mate.iter().all(|&u| u == u32::MAX) {
            // Nothing to start from: the greedy pass and the reductions of a fresh run.
            maximum_matching_as_numbered(&g)
        } else {
            maximum_matching_from_trusted(&g, Matching::from_mates(mate))
        };
        2 * found.len() == n
    }

    /// Greedy start: each vertex in turn (in the engine's order), if still exposed, lowers its dual to the least value
    /// that keeps its edges covered, `max_u (2w_uv − d_u)` (in perfect mode; for maximum
    /// weight no lower than 0, or 1 where the parity of the duals is odd), which makes its
    /// best edges tight, and is matched along one of them whose other end is still exposed.
    /// Every edge stays covered, matched edges are tight, and every dual keeps the parity
    /// of the heaviest weight (`2w` is even), so the search starts from a feasible point
    /// with most vertices matched and only the rest as roots. O(n + m).
    ///
    /// The fractional start ([`Engine::fractional_start`]) then continues from this point;
    /// where it gives up, this point stands. Then, in perfect mode with [`Engine::check`],
    /// [`Engine::has_perfect_matching`] from the start's matching: returns `false` (the run
    /// ends) if the graph has no perfect matching, else `true`.
    pub(super) fn greedy_start(&mut self) -> bool {
        let two = N::from(2);
        let floor = if self.perfect {
            None
        } else {
            // (`start` = max w > 0 in this mode.)
            Some(self.start % two)
        };
        // In the engine's order: near-sequential memory accesses where the vertices were
        // renumbered breadth-first (the input's order walks them at random; see the
        // module docs, step 0).
        for v in 0..self.n {
            let (lo, hi) = (self.adj_start[v], self.adj_start[v + 1]);
            if self.mate[v] != NONE || lo == hi {
                continue;
            }
            let (adj, edges, vx) = (&self.adj, &self.edges, &self.vx);
            let need = |a: usize| {
                let (u, p) = adj[a];
                edges.wt2(p as usize / 2) - vx[u as usize].dual
            };
            let mut best = need(lo);
            for a in lo + 1..hi {
                best = best.max(need(a));
            }
            debug_assert!(best <= self.vx[v].dual, "every edge covered");
            if let Some(f) = floor
                && best < f
            {
                self.vx[v].dual = f;
                continue;
            }
            let mate = &self.mate;
            let tight = (lo..hi).find(|&a| mate[adj[a].0 as usize] == NONE && need(a) == best);
            self.vx[v].dual = best;
            if let Some(a) = tight {
                let (u, p) = self.arc(a);
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
        // (`None`: the greedy start stands.)
        let _ = self.fractional_start();
        if self.perfect && self.check && !self.has_perfect_matching() {
            return false;
        }
        true
    }
}
