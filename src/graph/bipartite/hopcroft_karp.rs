//! Hopcroft–Karp phases with dead-end marks, disjoint walks and a frozen-tree tail.
//!
//! A phase: a breadth-first search from the free left vertices layers the graph up to the
//! first free right vertex, an iterative depth-first search finds a maximal set of
//! vertex-disjoint shortest augmenting paths (a vertex whose subtree failed is marked and never
//! entered again in the phase — without that mark the layered graphs of scipy issue #26147
//! take exponential time), and a second depth-first pass ("disjoint walks", Duff, Kaya & Uçar
//! 2011) with a free-neighbour lookahead picks up longer paths the layers missed. Free left
//! vertices with no augmenting path at all are dropped once, up front. When a phase gains fewer
//! than 64 paths, the remaining roots are augmented one at a time by a breadth-first search
//! whose tree, if it fails, stays frozen for good (no augmenting path can cross it later).

use super::{BipartiteGraph, Matching, NONE, greedy_start};

/// Maximum matching by Hopcroft–Karp phases after the greedy warm start.
///
/// # Constraints
/// None beyond the graph's.
/// # Panics
/// Never.
/// # Complexity
/// O(E·(√V + t)) time (t: paths left for the tail, see the module docs), O(V) extra memory,
/// no recursion.
pub fn hopcroft_karp(g: &BipartiteGraph) -> Matching {
    hopcroft_karp_from(g, greedy_start(g))
}

/// Hopcroft–Karp phases from the matching `start` of `g`.
pub(super) fn hopcroft_karp_from(g: &BipartiteGraph, start: Matching) -> Matching {
    const INF: u32 = u32::MAX;
    let nl = g.n_left();
    let Matching {
        mut left,
        mut right,
        mut size,
    } = start;
    let mut dist = vec![INF; nl];
    let mut next = vec![0usize; nl]; // next edge to try, per left vertex
    let mut look = g.offsets[..nl].to_vec(); // lookahead for a free neighbour, per left vertex
    let mut stamp = vec![0u32; g.n_right()]; // phase in which a right vertex was last entered
    let mut phase = 0u32;
    let mut queue: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    // Free left vertices with no augmenting path stay so for good (each augmentation keeps
    // them unreachable), so they are dropped as roots once and for all.
    let dead = dead_roots(g, &left, &right, &mut next, &mut stack);
    let mut size_at_phase_start = size;
    loop {
        // BFS layering from all free left vertices.
        queue.clear();
        for (u, (d, &mate)) in dist.iter_mut().zip(&left).enumerate() {
            if mate == NONE && !dead[u] {
                *d = 0;
                queue.push(u as u32);
            } else {
                *d = INF;
            }
        }
        // Layers stop at the first one that reaches a free right vertex (shortest paths only).
        let mut limit = INF;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            if dist[u as usize] >= limit {
                break;
            }
            for &v in g.neighbors(u) {
                let w = right[v as usize];
                if w == NONE {
                    limit = dist[u as usize];
                } else if dist[w as usize] == INF {
                    dist[w as usize] = dist[u as usize] + 1;
                    queue.push(w);
                }
            }
        }
        let found = limit != INF;
        if !found {
            break;
        }
        if size - size_at_phase_start < TAIL_PHASE_GAIN && phase > 0 {
            // The last phase found few paths: each further phase would scan the same large
            // region again for a handful of augmentations. Finish root by root instead.
            augment_one_by_one(g, &mut left, &mut right, &dead, &mut size);
            break;
        }
        size_at_phase_start = size;
        // Iterative DFS along the layers; dead ends get dist = INF so they are never retried.
        next.copy_from_slice(&g.offsets[..nl]);
        for root in 0..nl {
            if left[root] != NONE || dead[root] {
                continue;
            }
            stack.clear();
            stack.push(root as u32);
            while let Some(&u) = stack.last() {
                let ui = u as usize;
                if next[ui] == g.offsets[ui + 1] {
                    dist[ui] = INF;
                    stack.pop();
                    continue;
                }
                let v = g.targets[next[ui]];
                let w = right[v as usize];
                if w == NONE {
                    // Augment along the stack: each vertex takes the edge it is pointing at.
                    for &x in &stack {
                        let y = g.targets[next[x as usize]];
                        left[x as usize] = y;
                        right[y as usize] = x;
                    }
                    size += 1;
                    break;
                } else if dist[w as usize] != INF && dist[w as usize] == dist[ui] + 1 {
                    stack.push(w);
                } else {
                    next[ui] += 1;
                }
            }
        }
        // Disjoint walks (Duff, Kaya & Uçar): from each root still free, one more depth-first
        // search, not bound to the layers, each right vertex entered at most once per phase.
        // A free neighbour is looked for first ("lookahead"); since free right vertices only
        // ever become matched, the lookahead pointer never has to move back.
        phase += 1;
        for root in 0..nl {
            if left[root] != NONE || dead[root] {
                continue;
            }
            stack.clear();
            stack.push(root as u32);
            next[root] = g.offsets[root];
            while let Some(&u) = stack.last() {
                let ui = u as usize;
                let end = g.offsets[ui + 1];
                while look[ui] < end && right[g.targets[look[ui]] as usize] != NONE {
                    look[ui] += 1;
                }
                if look[ui] < end {
                    // u has a free neighbour: augment along the stack and it.
                    let v = g.targets[look[ui]];
                    stamp[v as usize] = phase;
                    for &x in &stack[..stack.len() - 1] {
                        let y = g.targets[next[x as usize]];
                        left[x as usize] = y;
                        right[y as usize] = x;
                    }
                    left[ui] = v;
                    right[v as usize] = u;
                    size += 1;
                    break;
                }
                // Descend through the next right neighbour not yet entered in this phase.
                let mut pushed = false;
                while next[ui] < end {
                    let v = g.targets[next[ui]] as usize;
                    if stamp[v] != phase {
                        stamp[v] = phase;
                        let w = right[v];
                        next[w as usize] = g.offsets[w as usize];
                        stack.push(w);
                        pushed = true;
                        break;
                    }
                    next[ui] += 1;
                }
                if !pushed {
                    stack.pop();
                    if let Some(&p) = stack.last() {
                        next[p as usize] += 1;
                    }
                }
            }
        }
    }
    Matching { left, right, size }
}

/// A phase that gains fewer paths than this ends the phases; the remaining roots are augmented
/// one at a time by [`augment_one_by_one`].
const TAIL_PHASE_GAIN: usize = 64;

/// The tail: one breadth-first alternating search per free root. A search that fails leaves
/// its whole tree frozen for good (no later augmenting path can pass through it, as it would
/// then give the failed root one), so each vertex is scanned by at most one failed search.
fn augment_one_by_one(
    g: &BipartiteGraph,
    left: &mut [u32],
    right: &mut [u32],
    dead: &[bool],
    size: &mut usize,
) {
    const FROZEN: u32 = u32::MAX;
    let mut seen = vec![0u32; g.n_right()]; // search id that entered a right vertex, or FROZEN
    let mut parent = vec![NONE; g.n_right()]; // left vertex a right vertex was entered from
    let mut queue: Vec<u32> = Vec::new();
    let mut entered: Vec<u32> = Vec::new();
    let mut search = 0u32;
    for root in 0..left.len() {
        if left[root] != NONE || dead[root] {
            continue;
        }
        search += 1; // < FROZEN: at most one search per left vertex
        queue.clear();
        entered.clear();
        queue.push(root as u32);
        let mut free = None;
        let mut head = 0;
        'bfs: while head < queue.len() {
            let u = queue[head];
            head += 1;
            for &v in g.neighbors(u) {
                let vi = v as usize;
                if seen[vi] == search || seen[vi] == FROZEN {
                    continue;
                }
                seen[vi] = search;
                parent[vi] = u;
                entered.push(v);
                if right[vi] == NONE {
                    free = Some(v);
                    break 'bfs;
                }
                queue.push(right[vi]);
            }
        }
        match free {
            Some(mut v) => {
                // Flip the path back to the root.
                loop {
                    let u = parent[v as usize];
                    let previous = left[u as usize];
                    left[u as usize] = v;
                    right[v as usize] = u;
                    if u as usize == root {
                        break;
                    }
                    v = previous;
                }
                *size += 1;
            }
            None => {
                for &v in &entered {
                    seen[v as usize] = FROZEN;
                }
            }
        }
    }
}

/// Marks the free left vertices from which no augmenting path exists: one depth-first sweep in
/// which every right vertex is entered once; a search that meets a free right vertex, or a
/// vertex of such a search, is "maybe live" — the others are certainly dead.
fn dead_roots(
    g: &BipartiteGraph,
    left: &[u32],
    right: &[u32],
    next: &mut [usize],
    stack: &mut Vec<u32>,
) -> Vec<bool> {
    const UNSEEN: u8 = 0;
    const LIVE: u8 = 1;
    const DEAD: u8 = 2;
    const OPEN: u8 = 3;
    let mut state = vec![UNSEEN; g.n_right()];
    let mut dead = vec![false; left.len()];
    let mut entered: Vec<u32> = Vec::new();
    for root in 0..left.len() {
        if left[root] != NONE {
            continue;
        }
        entered.clear();
        stack.clear();
        stack.push(root as u32);
        next[root] = g.offsets[root];
        let mut live = false;
        'search: while let Some(&u) = stack.last() {
            let ui = u as usize;
            while next[ui] < g.offsets[ui + 1] {
                let v = g.targets[next[ui]];
                next[ui] += 1;
                match state[v as usize] {
                    UNSEEN if right[v as usize] == NONE => {
                        live = true;
                        break 'search;
                    }
                    UNSEEN => {
                        state[v as usize] = OPEN;
                        entered.push(v);
                        let w = right[v as usize];
                        next[w as usize] = g.offsets[w as usize];
                        stack.push(w);
                        continue 'search;
                    }
                    LIVE => {
                        live = true;
                        break 'search;
                    }
                    _ => {}
                }
            }
            stack.pop();
        }
        let verdict = if live { LIVE } else { DEAD };
        for &v in &entered {
            state[v as usize] = verdict;
        }
        dead[root] = !live;
    }
    dead
}
