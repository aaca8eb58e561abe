//! The odd sets of an answer as a forest (each set's own vertices and its children).

use super::{NONE, OddSet};

/// The odd sets of the answer as the forest of [`Duals::blossoms`], from the nesting
/// `parent` of vertices `0..n` and blossoms `n..` (`NONE` at a top level) and `dual_of(b)`, the
/// doubled dual of blossom `b` if it is a live blossom with a positive dual. Blossoms with no
/// positive dual are flattened: their vertices and sub-blossoms go to the nearest ancestor
/// with one. Sets are numbered children first (by decreasing depth), and each set's vertices
/// and children come out in increasing order without a sort.
///
/// # Complexity
/// O(n + number of blossoms): each node's nearest positive ancestor and depth are found once
/// (walks stop at a node already known), with no recursion.
pub(super) fn odd_set_forest(
    n: usize,
    parent: &[usize],
    dual_of: impl Fn(usize) -> Option<i128>,
) -> Vec<OddSet> {
    let nodes = parent.len();
    // `up[x]`: the nearest strict ancestor of node x with a positive dual (NONE if none);
    // `depth[b]` for such a blossom: how many such ancestors it has. `UNKNOWN` until found.
    const UNKNOWN: usize = NONE - 1;
    // (A flag per node, not the dual: 1 byte a node instead of 32; the duals are asked for
    // again when the sets are filled.)
    let mut positive: Vec<bool> = (0..nodes).map(|b| b >= n && dual_of(b).is_some()).collect();
    let mut up = vec![UNKNOWN; nodes];
    let mut depth = vec![0usize; nodes];
    let mut path: Vec<usize> = Vec::new();
    // Only the chains above the vertices: every live blossom holds a vertex, and the parent
    // pointers of blossoms no longer in use are never followed.
    for x in 0..n {
        // Climb until a node whose answer is known (or a root), then fill the path down.
        let mut y = x;
        while y != NONE && up[y] == UNKNOWN {
            path.push(y);
            y = parent[y];
        }
        // `y`'s nearest positive node at or above it, and that node's depth.
        let (mut above, mut d) = match y {
            NONE => (NONE, 0),
            y if positive[y] => (y, depth[y]),
            y => (up[y], if up[y] == NONE { 0 } else { depth[up[y]] }),
        };
        while let Some(z) = path.pop() {
            up[z] = above;
            if positive[z] {
                depth[z] = if above == NONE { 0 } else { d + 1 };
                above = z;
                d = depth[z];
            }
        }
    }
    for (b, p) in positive.iter_mut().enumerate() {
        if up[b] == UNKNOWN {
            *p = false;
        }
    }
    // Children first: number the positive blossoms by decreasing depth (a counting sort).
    let max_depth = (n..nodes).filter(|&b| positive[b]).map(|b| depth[b]).max();
    let Some(max_depth) = max_depth else {
        return Vec::new();
    };
    let mut start = vec![0usize; max_depth + 2];
    for b in (n..nodes).filter(|&b| positive[b]) {
        start[max_depth - depth[b] + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut slot = vec![NONE; nodes];
    for b in (n..nodes).filter(|&b| positive[b]) {
        let at = &mut start[max_depth - depth[b]];
        slot[b] = *at;
        *at += 1;
    }
    let k = start[max_depth];
    let mut sets: Vec<OddSet> = vec![
        OddSet {
            vertices: Vec::new(),
            children: Vec::new(),
            dual: 0,
        };
        k
    ];
    let mut by_slot = vec![NONE; k];
    for b in (n..nodes).filter(|&b| positive[b]) {
        by_slot[slot[b]] = b;
        sets[slot[b]].dual = dual_of(b).unwrap_or(0);
    }
    for v in 0..n {
        if up[v] != NONE {
            sets[slot[up[v]]].vertices.push(v as u32);
        }
    }
    for (i, &b) in by_slot.iter().enumerate() {
        if up[b] != NONE {
            sets[slot[up[b]]].children.push(i as u32);
        }
    }
    sets
}
