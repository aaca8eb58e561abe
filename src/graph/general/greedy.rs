//! The warm start of [`maximum_matching_from`](super::maximum_matching_from):
//! a Karp–Sipser-style greedy matching; and the connected components.

use super::{Graph, NONE};
use crate::graph::dsu::{Dsu, Rank};

/// Greedy warm start in the style of Karp–Sipser: a vertex with exactly
/// one exposed neighbour is always matched to it (this never loses
/// optimality); otherwise the next exposed vertex in id order is matched to
/// its exposed neighbour with the fewest exposed neighbours. Vertex ids of
/// grid-like graphs are usually spatially ordered, so the sweep stays
/// cache-friendly. Returns the number of vertices left exposed.
pub(super) fn greedy_extend(g: &Graph, mate: &mut [u32]) -> usize {
    greedy_extend_exact(g, mate).0
}

/// [`greedy_extend`], also telling whether every pair it added was forced
/// (a vertex with a single exposed neighbour). Then, from an empty start,
/// the result is a maximum matching: the degree-1 rule never loses
/// optimality (Karp–Sipser), and when it stops every exposed vertex has no
/// exposed neighbour left (trees and forests end this way).
pub(super) fn greedy_extend_exact(g: &Graph, mate: &mut [u32]) -> (usize, bool) {
    let mut exact = true;
    let n = g.num_vertices();
    // deg[v] = number of edges from the exposed vertex v to exposed vertices.
    let mut deg = vec![0u32; n];
    let mut ones: Vec<u32> = Vec::new();
    // From an empty matching every neighbour is exposed: deg = degree.
    let fresh = mate.iter().all(|&m| m == NONE);
    for v in 0..n as u32 {
        if mate[v as usize] == NONE {
            let nb = g.neighbors(v);
            let d = if fresh {
                nb.len() as u32
            } else {
                nb.iter().filter(|&&u| mate[u as usize] == NONE).count() as u32
            };
            deg[v as usize] = d;
            if d == 1 {
                ones.push(v);
            }
        }
    }
    let pair = |v: u32, u: u32, mate: &mut [u32], deg: &mut [u32], ones: &mut Vec<u32>| {
        mate[v as usize] = u;
        mate[u as usize] = v;
        for &w in g.neighbors(v).iter().chain(g.neighbors(u)) {
            if mate[w as usize] == NONE {
                // (saturating: stays robust on asymmetric adjacency)
                deg[w as usize] = deg[w as usize].saturating_sub(1);
                if deg[w as usize] == 1 {
                    ones.push(w);
                }
            }
        }
    };
    let mut next = 0usize;
    loop {
        while let Some(v) = ones.pop() {
            if mate[v as usize] != NONE || deg[v as usize] == 0 {
                continue;
            }
            if let Some(&u) = g.neighbors(v).iter().find(|&&u| mate[u as usize] == NONE) {
                pair(v, u, mate, &mut deg, &mut ones);
            }
        }
        while next < n && (mate[next] != NONE || deg[next] == 0) {
            next += 1;
        }
        if next == n {
            break;
        }
        let v = next as u32;
        let mut best = NONE;
        let mut best_deg = u32::MAX;
        for &u in g.neighbors(v) {
            if mate[u as usize] == NONE && deg[u as usize] < best_deg {
                best = u;
                best_deg = deg[u as usize];
            }
        }
        if best != NONE {
            exact = false;
            pair(v, best, mate, &mut deg, &mut ones);
        } else {
            // Unreachable for symmetric adjacency (deg[v] > 0 means v has an
            // exposed neighbour); guarantees progress on asymmetric input.
            deg[v as usize] = 0;
        }
    }
    (mate.iter().filter(|&&m| m == NONE).count(), exact)
}

/// The connected components: `comp[v]` is a vertex id shared by exactly the
/// vertices of the component of `v` (union–find by rank with path halving).
pub(super) fn components(g: &Graph) -> Vec<u32> {
    let n = g.num_vertices();
    let mut dsu = Dsu::<Rank>::new(n);
    for v in 0..n as u32 {
        let mut a = dsu.find(v);
        for &u in g.neighbors(v) {
            if u > v {
                let b = dsu.find(u);
                if a != b {
                    // On a tie of ranks `a` stays root.
                    a = dsu.link(b, a);
                }
            }
        }
    }
    dsu.into_roots()
}
