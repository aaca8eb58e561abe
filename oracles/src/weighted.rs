//! Weighted matchings by exhaustive dynamic programming over vertex subsets: the best total
//! weight of a matching, of a maximum-cardinality matching, of a perfect matching, and of an
//! assignment (every row of a cost matrix to its own column).
//!
//! Edges are `(u, v, w)` with any `i64` or `i128` weight (any `Into<i128>`; sums of `i128`
//! weights below 2¹²⁰ on at most 20 vertices stay within `i128`) (negative, zero, parallel edges, self-loops,
//! which never match). Totals are `i128`, so no sum overflows.
//!
//! The search: `best[mask]` is the best matching of the subgraph induced by `mask`; the lowest
//! vertex of `mask` is either left exposed or matched along each of its edges into `mask`. Each
//! state is a pair (matched edges, total weight) compared in the order the question asks.
//! At most [`MAX_VERTICES`] vertices (2²⁰ states).
//!
//! **Status:** hand-solved graphs in the tests below (a triangle, a path whose heaviest edge is
//! in no maximum-weight matching, a perfect matching forced through a negative edge, a 3×3
//! assignment), and maximum cardinality against [`crate::matching::max_matching`] on random
//! graphs.

/// The most vertices the searches take.
pub const MAX_VERTICES: usize = 20;

/// Which matchings compete, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Largest total weight.
    Weight,
    /// Most edges, then largest total weight.
    CardinalityThenWeight,
}

fn check<W>(n: usize, edges: &[(usize, usize, W)]) {
    assert!(
        n <= MAX_VERTICES,
        "weighted oracle: {n} vertices, at most {MAX_VERTICES}"
    );
    for &(u, v, _) in edges {
        assert!(
            u < n && v < n,
            "weighted oracle: edge ({u}, {v}) with {n} vertices"
        );
    }
}

/// (edges, total) of the best matching of the whole graph in `order`.
fn best<W: Copy + Into<i128>>(
    n: usize,
    edges: &[(usize, usize, W)],
    order: Order,
) -> (usize, i128) {
    check(n, edges);
    let mut adj: Vec<Vec<(usize, i128)>> = vec![Vec::new(); n];
    for &(u, v, w) in edges.iter().filter(|e| e.0 != e.1) {
        adj[u].push((v, w.into()));
        adj[v].push((u, w.into()));
    }
    let better = |a: (usize, i128), b: (usize, i128)| match order {
        Order::Weight => a.1 > b.1,
        Order::CardinalityThenWeight => a > b,
    };
    let mut table = vec![(0usize, 0i128); 1 << n];
    for mask in 1..1usize << n {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut top = table[rest];
        for &(j, w) in &adj[i] {
            if rest & (1 << j) != 0 {
                let (k, t) = table[rest & !(1 << j)];
                let cand = (k + 1, t + w);
                if better(cand, top) {
                    top = cand;
                }
            }
        }
        table[mask] = top;
    }
    table[(1 << n) - 1]
}

/// The largest total weight of any matching (the empty matching weighs 0, so this is never
/// negative).
///
/// Panics if `n` is above [`MAX_VERTICES`] or an edge names a vertex `>= n`.
pub fn max_weight<W: Copy + Into<i128>>(n: usize, edges: &[(usize, usize, W)]) -> i128 {
    best(n, edges, Order::Weight).1
}

/// The size of a maximum matching and the largest total weight among matchings of that size.
///
/// Panics as [`max_weight`].
pub fn max_weight_max_cardinality<W: Copy + Into<i128>>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> (usize, i128) {
    best(n, edges, Order::CardinalityThenWeight)
}

/// The smallest total weight of a perfect matching, `None` if there is none.
///
/// Panics as [`max_weight`].
pub fn min_weight_perfect<W: Copy + Into<i128>>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Option<i128> {
    let negated: Vec<(usize, usize, i128)> =
        edges.iter().map(|&(u, v, w)| (u, v, -w.into())).collect();
    let (k, t) = best(n, &negated, Order::CardinalityThenWeight);
    (2 * k == n).then_some(-t)
}

/// The smallest total cost of an assignment of every row of `cost` (rows of equal length, at
/// most as many rows as columns) to a column of its own, using only the entries that are
/// `Some`; `None` if no such assignment exists. Rows and columns together are at most
/// [`MAX_VERTICES`].
///
/// Panics if the rows differ in length, there are more rows than columns, or the matrix is
/// too big.
pub fn min_cost_assignment(cost: &[Vec<Option<i64>>]) -> Option<i128> {
    let rows = cost.len();
    let cols = cost.first().map_or(0, Vec::len);
    assert!(
        cost.iter().all(|r| r.len() == cols),
        "weighted oracle: ragged cost matrix"
    );
    assert!(
        rows <= cols,
        "weighted oracle: {rows} rows > {cols} columns"
    );
    let edges: Vec<_> = cost
        .iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(j, c)| c.map(|c| (i, rows + j, -c)))
        })
        .collect();
    let (k, t) = best(rows + cols, &edges, Order::CardinalityThenWeight);
    (k == rows).then_some(-t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_solved() {
        // Triangle: one edge, the heaviest.
        assert_eq!(max_weight(3, &[(0, 1, 4), (1, 2, 5), (0, 2, 3)]), 5);
        // Path 0-1-2-3 with a heavy middle: 0-1 and 2-3 together weigh more.
        let path = [(0, 1, 3), (1, 2, 5), (2, 3, 3)];
        assert_eq!(max_weight(4, &path), 6);
        // Middle heavier than both ends: max weight takes it alone, max cardinality does not.
        let path = [(0, 1, 2), (1, 2, 5), (2, 3, 2)];
        assert_eq!(max_weight(4, &path), 5);
        assert_eq!(max_weight_max_cardinality(4, &path), (2, 4));
        // Negative edges are never worth taking, unless a perfect matching needs one.
        assert_eq!(max_weight(2, &[(0, 1, -7)]), 0);
        assert_eq!(min_weight_perfect(2, &[(0, 1, -7)]), Some(-7));
        assert_eq!(min_weight_perfect(4, &[(0, 1, 1), (1, 2, 1)]), None);
        assert_eq!(
            min_weight_perfect(4, &[(0, 1, 1), (2, 3, 10), (0, 2, 2), (1, 3, 2)]),
            Some(4)
        );
        // Self-loops never match; parallel edges: the better one counts.
        assert_eq!(max_weight(2, &[(0, 0, 9), (0, 1, 1), (1, 0, 3)]), 3);
        // 3×3 assignment: the diagonal is not the best.
        let c = |v: [i64; 3]| v.map(Some).to_vec();
        let cost = vec![c([4, 1, 3]), c([2, 0, 5]), c([3, 2, 2])];
        assert_eq!(min_cost_assignment(&cost), Some(5));
        // Rectangular, with a missing entry forcing row 0 to column 1.
        let cost = vec![vec![None, Some(5), Some(9)], vec![Some(1), Some(1), None]];
        assert_eq!(min_cost_assignment(&cost), Some(6));
        let cost = vec![vec![None, Some(5)], vec![None, Some(1)]];
        assert_eq!(min_cost_assignment(&cost), None);
    }

    #[test]
    fn cardinality_agrees_with_the_unweighted_oracle() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let n = (next() % 11) as usize;
            let m = if n == 0 { 0 } else { (next() % 20) as usize };
            let edges: Vec<_> = (0..m)
                .map(|_| {
                    let u = (next() % n as u64) as usize;
                    let v = (next() % n as u64) as usize;
                    (u, v, (next() % 21) as i64 - 10)
                })
                .collect();
            let plain: Vec<_> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
            let (k, _) = max_weight_max_cardinality(n, &edges);
            assert_eq!(k, crate::matching::max_matching(n, &plain));
            assert!(max_weight(n, &edges) >= 0);
        }
    }
}
