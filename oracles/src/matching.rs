//! Matchings: sets of edges no two of which share a vertex (a self-loop never matches).
//!
//! - [`induced_sizes`] / [`max_matching`]: the largest matching of every induced subgraph of a
//!   general graph, by dynamic programming over vertex subsets (the lowest vertex of a subset is
//!   left out or matched to each of its neighbours in it). At most [`MAX_VERTICES`] vertices.
//! - [`maximum_matchings`]: every maximum matching of a general graph as a set of edges, edge
//!   by edge (in it or not). At most [`MAX_VERTICES`] vertices.
//! - [`max_bipartite_matching`]: dynamic programming over the subsets of right vertices used by
//!   the first left vertices. At most [`MAX_VERTICES`] right vertices.
//! - [`maximum_bipartite_matchings`]: every maximum matching of the simple graph, left vertex by
//!   left vertex (exposed, or any free neighbour). At most [`MAX_VERTICES`] left and
//!   [`MAX_ENUMERATED_RIGHT`] right vertices.
//! - [`has_augmenting_path`]: search over (path end, vertices on the path), memoised. At most
//!   16 vertices.
//! - [`kuhn`]: Kuhn's augmenting paths, one search per left vertex: polynomial, the reference
//!   for bipartite graphs too big to enumerate.
//!
//! **Status:** hand-solved graphs, the bipartite oracles against the general one and against
//! Kuhn on every bipartite graph up to 3 + 3 vertices and on random ones, and augmenting paths
//! against the sizes in its tests; gridmatch's blossom, Hopcroft–Karp, push–relabel, edge
//! classes and certified answers against them on thousands of random graphs.

/// The most vertices the enumerations take (right vertices for [`max_bipartite_matching`]).
pub const MAX_VERTICES: usize = 20;

/// The most right vertices [`maximum_bipartite_matchings`] takes.
pub const MAX_ENUMERATED_RIGHT: usize = 64;

/// The most vertices [`has_augmenting_path`] takes.
pub const MAX_AUGMENTING_VERTICES: usize = 16;

fn check_edges(n: usize, edges: &[(usize, usize)], limit: usize, what: &str) {
    assert!(n <= limit, "matching oracle: {n} {what}, at most {limit}");
    for &(u, v) in edges {
        assert!(
            u < n && v < n,
            "matching oracle: edge ({u}, {v}) with {n} vertices"
        );
    }
}

/// `sizes[mask]`: the largest matching of the subgraph induced by the vertices of `mask`, for
/// every subset of the `n` vertices.
///
/// Panics if `n` is above [`MAX_VERTICES`] or an edge names a vertex `>= n`.
pub fn induced_sizes(n: usize, edges: &[(usize, usize)]) -> Vec<u8> {
    check_edges(n, edges, MAX_VERTICES, "vertices");
    let mut adj = vec![0u32; n];
    for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    let mut sizes = vec![0u8; 1 << n];
    for mask in 1..1usize << n {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut best = sizes[rest];
        let mut cand = adj[i] as usize & rest;
        while cand != 0 {
            let j = cand.trailing_zeros();
            cand &= cand - 1;
            best = best.max(1 + sizes[rest & !(1 << j)]);
        }
        sizes[mask] = best;
    }
    sizes
}

/// The size of a maximum matching of the graph of `n` vertices and `edges`.
///
/// Panics as [`induced_sizes`] does.
pub fn max_matching(n: usize, edges: &[(usize, usize)]) -> usize {
    usize::from(induced_sizes(n, edges)[(1 << n) - 1])
}

/// Every maximum matching of the graph of `n` vertices and `edges`, each as the sorted indices
/// (in `edges`) of its edges; parallel edges make different matchings. The graph without edges
/// has one, the empty matching.
///
/// Panics as [`induced_sizes`] does.
pub fn maximum_matchings(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    check_edges(n, edges, MAX_VERTICES, "vertices");
    let mut all: Vec<Vec<usize>> = Vec::new();
    let mut most = 0;
    // (next edge, vertices used, edges chosen)
    let mut stack = vec![(0usize, 0u32, Vec::new())];
    while let Some((i, used, chosen)) = stack.pop() {
        if i == edges.len() {
            if chosen.len() > most {
                most = chosen.len();
                all.clear();
            }
            if chosen.len() == most {
                all.push(chosen);
            }
            continue;
        }
        let (u, v) = edges[i];
        let ends = 1u32 << u | 1 << v;
        if u != v && used & ends == 0 {
            let mut with = chosen.clone();
            with.push(i);
            stack.push((i + 1, used | ends, with));
        }
        stack.push((i + 1, used, chosen));
    }
    all
}

/// The size of a maximum matching of the bipartite graph with `n_left` left and `n_right`
/// right vertices and `edges` (left, right).
///
/// Panics if `n_right` is above [`MAX_VERTICES`] or an edge is out of range.
pub fn max_bipartite_matching(n_left: usize, n_right: usize, edges: &[(usize, usize)]) -> usize {
    assert!(
        n_right <= MAX_VERTICES,
        "matching oracle: {n_right} right vertices, at most {MAX_VERTICES}"
    );
    let mut adj = vec![0u32; n_left];
    for &(u, v) in edges {
        assert!(
            u < n_left && v < n_right,
            "matching oracle: edge ({u}, {v}) with {n_left} + {n_right} vertices"
        );
        adj[u] |= 1 << v;
    }
    // best[mask]: the most left vertices so far matched onto exactly the right vertices of
    // `mask` (-1: none).
    let mut best = vec![-1i32; 1 << n_right];
    best[0] = 0;
    for &a in &adj {
        let mut next = best.clone();
        for (mask, &b) in best.iter().enumerate().filter(|(_, b)| **b >= 0) {
            for v in (0..n_right).filter(|&v| a >> v & 1 == 1 && mask >> v & 1 == 0) {
                next[mask | 1 << v] = next[mask | 1 << v].max(b + 1);
            }
        }
        best = next;
    }
    best.into_iter().max().unwrap_or(0) as usize
}

/// Every maximum matching of the simple graph underlying the bipartite graph (parallel edges
/// are one pair), each as the mate of every left vertex (`None`: exposed). In the order of the
/// search: left vertex 0 exposed first, then matched to its neighbours in the order of `edges`,
/// and so on.
///
/// Panics if there are more than [`MAX_VERTICES`] left or [`MAX_ENUMERATED_RIGHT`] right
/// vertices, or an edge is out of range.
pub fn maximum_bipartite_matchings(
    n_left: usize,
    n_right: usize,
    edges: &[(usize, usize)],
) -> Vec<Vec<Option<usize>>> {
    assert!(
        n_left <= MAX_VERTICES && n_right <= MAX_ENUMERATED_RIGHT,
        "matching oracle: {n_left} + {n_right} vertices, at most {MAX_VERTICES} + \
         {MAX_ENUMERATED_RIGHT}"
    );
    let mut adj = vec![Vec::new(); n_left];
    for &(u, v) in edges {
        assert!(
            u < n_left && v < n_right,
            "matching oracle: edge ({u}, {v}) with {n_left} + {n_right} vertices"
        );
        if !adj[u].contains(&v) {
            adj[u].push(v);
        }
    }
    let mut all = Vec::new();
    // (left mates chosen so far, right vertices used); children pushed last first, so that they
    // come off the stack in the order of the search.
    let mut stack = vec![(Vec::new(), 0u64)];
    while let Some((mates, used)) = stack.pop() {
        let u = mates.len();
        if u == n_left {
            all.push(mates);
            continue;
        }
        for &v in adj[u].iter().rev() {
            if used >> v & 1 == 0 {
                let mut m: Vec<Option<usize>> = mates.clone();
                m.push(Some(v));
                stack.push((m, used | 1 << v));
            }
        }
        let mut m = mates;
        m.push(None);
        stack.push((m, used));
    }
    let size = |m: &Vec<Option<usize>>| m.iter().flatten().count();
    let most = all.iter().map(size).max().unwrap_or(0);
    all.retain(|m| size(m) == most);
    all
}

/// Whether the matching `mate` (the mate of every vertex, `None`: exposed) of the graph has an
/// augmenting path: a path between two exposed vertices whose edges alternate between unmatched
/// and matched ones.
///
/// Panics if there are more than [`MAX_AUGMENTING_VERTICES`] vertices or an edge is out of
/// range.
pub fn has_augmenting_path(n: usize, edges: &[(usize, usize)], mate: &[Option<usize>]) -> bool {
    check_edges(n, edges, MAX_AUGMENTING_VERTICES, "vertices");
    assert_eq!(
        mate.len(),
        n,
        "matching oracle: {} mates for {n} vertices",
        mate.len()
    );
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
        adj[u].push(v);
        adj[v].push(u);
    }
    // (the path's end, reached by a matched edge or the start; the vertices on the path)
    let mut seen = vec![false; n << n];
    let mut stack: Vec<(usize, usize)> = (0..n)
        .filter(|&s| mate[s].is_none())
        .map(|s| (s, 1 << s))
        .collect();
    while let Some((w, on_path)) = stack.pop() {
        for &u in &adj[w] {
            if on_path >> u & 1 == 1 {
                continue;
            }
            let Some(next) = mate[u] else {
                return true;
            };
            let m = on_path | 1 << u | 1 << next;
            if !seen[(next << n) | m] {
                seen[(next << n) | m] = true;
                stack.push((next, m));
            }
        }
    }
    false
}

/// The size of a maximum matching of the bipartite graph by Kuhn's algorithm: from each left
/// vertex in turn, one search for an augmenting path (explicit stack, parent links), applied
/// when found. O(V · E); any size.
///
/// Panics if an edge is out of range.
pub fn kuhn(n_left: usize, n_right: usize, edges: &[(usize, usize)]) -> usize {
    let mut adj = vec![Vec::new(); n_left];
    for &(u, v) in edges {
        assert!(
            u < n_left && v < n_right,
            "matching oracle: edge ({u}, {v}) with {n_left} + {n_right} vertices"
        );
        adj[u].push(v);
    }
    const FREE: usize = usize::MAX;
    let mut mate_r = vec![FREE; n_right];
    let mut size = 0;
    for root in 0..n_left {
        let mut seen = vec![false; n_right];
        let mut parent = vec![FREE; n_right]; // right v -> the left vertex that reached it
        let mut from_right = vec![FREE; n_left]; // left u -> the right vertex it was reached by
        let mut stack = vec![root];
        let mut found = None;
        'search: while let Some(u) = stack.pop() {
            for &v in &adj[u] {
                if !seen[v] {
                    seen[v] = true;
                    parent[v] = u;
                    if mate_r[v] == FREE {
                        found = Some(v);
                        break 'search;
                    }
                    from_right[mate_r[v]] = v;
                    stack.push(mate_r[v]);
                }
            }
        }
        if let Some(mut v) = found {
            loop {
                let u = parent[v];
                let prev = from_right[u];
                mate_r[v] = u;
                if u == root {
                    break;
                }
                v = prev;
            }
            size += 1;
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_solved_graphs() {
        assert_eq!(max_matching(0, &[]), 0);
        assert_eq!(max_matching(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        assert_eq!(max_matching(4, &[(0, 1), (1, 2), (2, 3)]), 2);
        assert_eq!(max_matching(2, &[(0, 0), (1, 1)]), 0);
        assert_eq!(
            maximum_matchings(2, &[(0, 0), (1, 1)]),
            vec![Vec::<usize>::new()]
        );
        assert_eq!(maximum_matchings(3, &[(0, 1), (1, 2), (0, 1)]).len(), 3);
        // A triangle with a pendant vertex on each corner: 3.
        let sun = [(0, 1), (1, 2), (2, 0), (0, 3), (1, 4), (2, 5)];
        assert_eq!(max_matching(6, &sun), 3);
        let sizes = induced_sizes(6, &sun);
        assert_eq!(sizes[0b000111], 1);
        assert_eq!(max_bipartite_matching(2, 2, &[(0, 0), (1, 0), (0, 1)]), 2);
        assert_eq!(max_bipartite_matching(3, 1, &[(0, 0), (1, 0), (2, 0)]), 1);
        assert_eq!(
            maximum_bipartite_matchings(2, 2, &[(0, 0), (0, 0), (1, 0), (0, 1), (1, 1)]).len(),
            2
        );
        assert_eq!(maximum_bipartite_matchings(1, 0, &[]), vec![vec![None]]);
        assert!(has_augmenting_path(
            4,
            &[(0, 1), (1, 2), (2, 3)],
            &[None, Some(2), Some(1), None]
        ));
        assert!(!has_augmenting_path(
            4,
            &[(0, 1), (1, 2), (2, 3)],
            &[Some(1), Some(0), Some(3), Some(2)]
        ));
    }

    #[test]
    fn the_oracles_agree_on_bipartite_graphs() {
        // Every bipartite graph on 3 + 3 vertices.
        let pairs: Vec<(usize, usize)> = (0..3).flat_map(|u| (0..3).map(move |v| (u, v))).collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let general: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (u, 3 + v)).collect();
            let want = max_matching(6, &general);
            assert_eq!(max_bipartite_matching(3, 3, &edges), want, "{edges:?}");
            assert_eq!(kuhn(3, 3, &edges), want, "{edges:?}");
            let every = maximum_matchings(6, &general);
            assert!(every.iter().all(|m| m.len() == want));
            let all = maximum_bipartite_matchings(3, 3, &edges);
            assert!(all.iter().all(|m| m.iter().flatten().count() == want));
            // A maximum matching has no augmenting path; one edge fewer has one.
            let mut mate = vec![None; 6];
            for (u, v) in all[0].iter().enumerate() {
                if let Some(v) = v {
                    mate[u] = Some(3 + v);
                    mate[3 + v] = Some(u);
                }
            }
            assert!(!has_augmenting_path(6, &general, &mate));
            if let Some(u) = (0..3).find(|&u| mate[u].is_some()) {
                let v = mate[u].unwrap();
                mate[u] = None;
                mate[v] = None;
                assert!(has_augmenting_path(6, &general, &mate));
            }
        }
    }
}
