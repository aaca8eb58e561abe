//! Proper 2-colourings of a graph, by trying every colouring.
//!
//! **Status:** its unit tests check paths, cycles and a triangle by hand; gridmatch's
//! `Graph::bipartition` is compared with it on 4000 random graphs of up to 10 vertices.

/// The most vertices [`two_colourings`] takes (it tries all 2ⁿ colourings).
pub const MAX_VERTICES: usize = 16;

/// Every proper 2-colouring of the graph on `0..n` with `edges` (self-loops ignored), with the
/// smallest vertex of each connected component coloured `false`: at most one when the graph is
/// bipartite, none otherwise.
///
/// Panics if `n` is over [`MAX_VERTICES`] or an edge names a vertex of `n` or more.
pub fn two_colourings(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
    assert!(
        n <= MAX_VERTICES,
        "two_colourings: {n} vertices, at most {MAX_VERTICES}"
    );
    assert!(
        edges.iter().all(|&(u, v)| u < n && v < n),
        "two_colourings: an edge names a vertex of {n} or more"
    );
    let smallest = smallest_in_component(n, edges);
    (0u32..1 << n)
        .filter(|&mask| {
            let side = |v: usize| mask >> v & 1 == 1;
            edges.iter().all(|&(u, v)| u == v || side(u) != side(v))
                && (0..n).all(|v| smallest[v] != v || !side(v))
        })
        .map(|mask| (0..n).map(|v| mask >> v & 1 == 1).collect())
        .collect()
}

/// The smallest vertex of each vertex's component, by repeated relaxation (no cleverness).
fn smallest_in_component(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut label: Vec<usize> = (0..n).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for &(u, v) in edges {
            let m = label[u].min(label[v]);
            if label[u] != m || label[v] != m {
                label[u] = m;
                label[v] = m;
                changed = true;
            }
        }
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // A path 0-1-2: one colouring with 0 false.
        assert_eq!(
            two_colourings(3, &[(0, 1), (1, 2)]),
            [vec![false, true, false]]
        );
        // A triangle: none; a 4-cycle: one; two isolated vertices: both false.
        assert!(two_colourings(3, &[(0, 1), (1, 2), (2, 0)]).is_empty());
        assert_eq!(
            two_colourings(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).len(),
            1
        );
        assert_eq!(two_colourings(2, &[]), [vec![false, false]]);
        // A self-loop is ignored.
        assert_eq!(two_colourings(1, &[(0, 0)]), [vec![false]]);
    }
}
