//! Push–relabel (FIFO, fair, with global relabelling): the default engine of
//! [`maximum_matching`](super::maximum_matching).

use std::collections::VecDeque;

use super::{BipartiteGraph, Matching, NONE, greedy_start};

/// Pushes between two global relabels, as a fraction of the number of vertices V: of the
/// periods tried on rooks run graphs at every pawn density (0.05·V, 0.1·V, 0.25·V, V), 0.1·V
/// was the best or close to it everywhere (docs/BENCHMARKS.md, *Relabel period*).
const RELABEL_PERIOD: f64 = 0.1;

/// Maximum matching by push–relabel: FIFO order of the active (free) left vertices, double
/// pushes, fair neighbour scans and periodic global relabelling (Kaya, Langguth, Manne & Uçar
/// 2013, "Push-relabel based algorithms for the maximum transversal problem"), after the greedy
/// warm start. The side with fewer vertices is the active one (fewer vertices that end up
/// unmatched to bounce around).
///
/// # Constraints
/// None beyond the graph's.
/// # Panics
/// Never.
/// # Complexity
/// O(V · E) worst case, O(V + E) extra memory (the transposed adjacency); no recursion.
pub fn push_relabel(g: &BipartiteGraph) -> Matching {
    let start = greedy_start(g);
    if start.len() == g.n_left().min(g.n_right()) {
        return start; // one side is saturated: nothing can be larger
    }
    let t = g.transpose();
    if g.n_left() <= g.n_right() {
        push_relabel_from(g, &t, start)
    } else {
        push_relabel_from(&t, g, start.swap_sides()).swap_sides()
    }
}

/// Push–relabel from the matching `start` of `g`; `t` is `g.transpose()`.
///
/// Every right vertex `v` carries a label `psi[v]`, a lower bound on the length of a shortest
/// alternating path from `v` to a free right vertex (0 for a free one; valid labels: for
/// matched `v` and every other neighbour `w` of `v`'s mate, `psi[v] ≤ psi[w] + 2`). An active
/// left vertex `u` takes its neighbour `v` of smallest label (a *push*), `v`'s former mate, if
/// any, becomes active (the second half of the *double push*), and `v` is relabelled to the
/// second-smallest label among `u`'s neighbours plus 2 — valid again, and larger than before,
/// so labels only grow. A left vertex whose neighbours all have labels of at least `limit`
/// (longer than any alternating path) has no augmenting path, now or later, and is dropped.
/// When no vertex is active, no free left vertex has an augmenting path: the matching is
/// maximum. A global relabel, a breadth-first search from the free right vertices over `t`,
/// makes the labels exact every [`RELABEL_PERIOD`]·V pushes (and before the first). It stops
/// early once it has met every active vertex; when it runs to the end instead, the active
/// vertices it never met have no augmenting path and are dropped at once, so they stop bouncing
/// between relabels (docs/BENCHMARKS.md, *Dead vertices*).
pub(super) fn push_relabel_from(
    g: &BipartiteGraph,
    t: &BipartiteGraph,
    start: Matching,
) -> Matching {
    let Matching {
        mut left,
        mut right,
        mut size,
    } = start;
    let nl = g.n_left();
    let nr = g.n_right();
    // An alternating path from a right vertex to a free one visits each matched right vertex
    // at most once, so it is shorter than 2·min(nl, nr) + 2.
    let limit = u32::try_from(2 * nl.min(nr) + 2).unwrap_or(u32::MAX);
    let mut psi = vec![0u32; nr];
    let mut active: VecDeque<u32> = (0..nl as u32)
        .filter(|&u| left[u as usize] == NONE && !g.neighbors(u).is_empty())
        .collect();
    // Fairness: each visit of a left vertex scans its neighbours in the other direction, so
    // ties between equal labels do not always go to the same neighbour.
    let mut reversed = vec![false; nl];
    let mut queue: Vec<u32> = Vec::new();
    let mut reached = vec![0u32; nl]; // stamp of the last global relabel that met a free vertex
    let mut seen = vec![0u32; nr]; // stamp of the last global relabel that reached a right vertex
    let mut relabels = 0u32;
    let period = (((nl + nr) as f64 * RELABEL_PERIOD) as usize).max(1);
    let mut pushes = period; // relabel before the first push
    while let Some(u) = active.pop_front() {
        if pushes >= period {
            pushes = 0;
            relabels += 1;
            let n_active = active.len() + 1;
            let complete = global_relabel(
                t,
                &left,
                &right,
                &mut psi,
                limit,
                &mut queue,
                &mut seen,
                &mut reached,
                relabels,
                n_active,
            );
            if complete {
                // Free vertices the complete search did not meet have no augmenting path.
                active.retain(|&x| reached[x as usize] == relabels);
                if reached[u as usize] != relabels {
                    continue;
                }
            }
        }
        let ui = u as usize;
        // The smallest label among u's neighbours (ties: the first seen), and the next one.
        let (mut best, mut first, mut second) = (NONE, u32::MAX, u32::MAX);
        let mut consider = |v: u32| {
            let l = psi[v as usize];
            if l < first {
                second = first;
                first = l;
                best = v;
            } else if l < second {
                second = l;
            }
        };
        let nbrs = g.neighbors(u);
        if reversed[ui] {
            nbrs.iter().rev().for_each(|&v| consider(v));
        } else {
            nbrs.iter().for_each(|&v| consider(v));
        }
        reversed[ui] = !reversed[ui];
        if first >= limit {
            continue; // no augmenting path from u, now or later
        }
        let v = best as usize;
        let previous = right[v];
        left[ui] = best;
        right[v] = u;
        psi[v] = second.saturating_add(2).min(limit);
        pushes += 1;
        if previous == NONE {
            size += 1;
        } else {
            left[previous as usize] = NONE;
            active.push_back(previous);
        }
    }
    Matching { left, right, size }
}

/// Exact labels: breadth-first from the free right vertices along alternating paths backwards
/// (right `v`, a left neighbour `u` of `v`, `u`'s mate); `limit` for the right vertices from
/// which no free one can be reached. Right vertices reached get `seen[v] = stamp`, free left
/// vertices met on the way `reached[u] = stamp`.
///
/// The search stops early once it has met `n_active` free left vertices (all the active ones)
/// and finished their level `d`: every label up to `d + 2` is then exact, and every right vertex
/// not reached gets at least `d + 4`, a valid lower bound (it keeps its old label if that is
/// larger). Labels therefore never decrease — exact distances are at least any valid lower
/// bound — which bounds the number of pushes. Returns whether the search was complete (then a
/// free left vertex not reached has no augmenting path at all).
#[allow(clippy::too_many_arguments)]
fn global_relabel(
    t: &BipartiteGraph,
    left: &[u32],
    right: &[u32],
    psi: &mut [u32],
    limit: u32,
    queue: &mut Vec<u32>,
    seen: &mut [u32],
    reached: &mut [u32],
    stamp: u32,
    n_active: usize,
) -> bool {
    queue.clear();
    for (v, &mate) in right.iter().enumerate() {
        if mate == NONE {
            psi[v] = 0;
            seen[v] = stamp;
            queue.push(v as u32);
        }
    }
    let mut met = 0usize;
    let mut stop = u32::MAX; // the level after which the search may stop
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let level = psi[v as usize];
        if level > stop {
            let floor = stop.saturating_add(4).min(limit);
            for (l, &s) in psi.iter_mut().zip(seen.iter()) {
                if s != stamp {
                    *l = (*l).max(floor);
                }
            }
            return false;
        }
        let d = (level + 2).min(limit);
        for &u in t.neighbors(v) {
            let w = left[u as usize];
            if w == NONE {
                if reached[u as usize] != stamp {
                    reached[u as usize] = stamp;
                    met += 1;
                    if met == n_active {
                        stop = level;
                    }
                }
            } else if seen[w as usize] != stamp {
                seen[w as usize] = stamp;
                psi[w as usize] = d;
                queue.push(w);
            }
        }
    }
    for (l, &s) in psi.iter_mut().zip(seen.iter()) {
        if s != stamp {
            *l = limit;
        }
    }
    true
}
