//! Rooks: the most rooks on the empty cells (`.`) of a board such that no two attack each other.
//! Every other byte is a pawn. Two rooks attack when they share a row or a column and every cell
//! between them (both included) is empty.
//!
//! By search over the subsets of empty cells (each in row-major order: a rook or not), pruned
//! when the cells left cannot beat the best found. Boards of at most [`MAX_EMPTY`] empty cells
//! ([`MAX_PLACEMENTS_EMPTY`] for [`maximum_placements`]).
//!
//! **Status:** hand-solved boards and Kuhn's matching on the run graph ([`crate::matching`]) in
//! its tests; gridmatch's rooks solver against it on every board up to 4 × 4 and thousands of
//! random ones up to 5 × 5.

use crate::shape;

/// The most empty cells [`max_rooks`] takes.
pub const MAX_EMPTY: usize = 30;

/// The most empty cells [`maximum_placements`] takes.
pub const MAX_PLACEMENTS_EMPTY: usize = 20;

/// The empty cells of the board in row-major order, and for each the bitmask (over that list)
/// of the empty cells it attacks, itself included.
fn attacks<R: AsRef<[u8]>>(rows: &[R], limit: usize) -> (Vec<(usize, usize)>, Vec<u64>) {
    let (h, w) = shape(rows);
    let empty = |r: usize, c: usize| rows[r].as_ref()[c] == b'.';
    let cells: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| empty(r, c))
        .collect();
    assert!(
        cells.len() <= limit,
        "rooks oracle: {} empty cells, at most {limit}",
        cells.len()
    );
    let sees = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
        (r1 == r2 && (c1.min(c2)..=c1.max(c2)).all(|c| empty(r1, c)))
            || (c1 == c2 && (r1.min(r2)..=r1.max(r2)).all(|r| empty(r, c1)))
    };
    let masks = cells
        .iter()
        .map(|&a| {
            (0..cells.len())
                .filter(|&j| sees(a, cells[j]))
                .fold(0u64, |m, j| m | 1 << j)
        })
        .collect();
    (cells, masks)
}

/// The most non-attacking rooks on the board (rows of equal length; `.` empty, anything else a
/// pawn).
///
/// Panics if the rows differ in length or the board has more than [`MAX_EMPTY`] empty cells.
pub fn max_rooks<R: AsRef<[u8]>>(rows: &[R]) -> usize {
    let (_, masks) = attacks(rows, MAX_EMPTY);
    best(&masks)
}

/// The largest set of cells no two of which attack each other: (next cell, cells attacked by
/// the rooks so far, rooks so far), depth first.
fn best(masks: &[u64]) -> usize {
    let n = masks.len();
    let mut best = 0;
    let mut stack = vec![(0usize, 0u64, 0usize)];
    while let Some((i, attacked, k)) = stack.pop() {
        best = best.max(k);
        if i == n || k + (n - i) <= best {
            continue;
        }
        stack.push((i + 1, attacked, k));
        if attacked >> i & 1 == 0 {
            stack.push((i + 1, attacked | masks[i], k + 1));
        }
    }
    best
}

/// Every placement of [`max_rooks`] non-attacking rooks, each as its cells in row-major order.
/// The board without empty cells has one placement, the empty one.
///
/// Panics if the rows differ in length or the board has more than [`MAX_PLACEMENTS_EMPTY`]
/// empty cells.
pub fn maximum_placements<R: AsRef<[u8]>>(rows: &[R]) -> Vec<Vec<(usize, usize)>> {
    let (cells, masks) = attacks(rows, MAX_PLACEMENTS_EMPTY);
    let n = cells.len();
    let most = best(&masks);
    let mut found = Vec::new();
    // (next cell, cells attacked so far, rooks so far as a bitmask over `cells`)
    let mut stack = vec![(0usize, 0u64, 0u64)];
    while let Some((i, attacked, chosen)) = stack.pop() {
        let k = chosen.count_ones() as usize;
        if k + (n - i) < most {
            continue;
        }
        if i == n {
            found.push(
                (0..n)
                    .filter(|&j| chosen >> j & 1 == 1)
                    .map(|j| cells[j])
                    .collect(),
            );
            continue;
        }
        stack.push((i + 1, attacked, chosen));
        if attacked >> i & 1 == 0 {
            stack.push((i + 1, attacked | masks[i], chosen | 1 << i));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::kuhn;

    /// The run graph: an edge from each row run to the column run of each of its cells.
    fn run_graph(rows: &[Vec<u8>]) -> (usize, usize, Vec<(usize, usize)>) {
        let (h, w) = shape(rows);
        let mut col_run = vec![vec![usize::MAX; w]; h];
        let mut n_cols = 0;
        for c in 0..w {
            for r in 0..h {
                if rows[r][c] == b'.' {
                    if r == 0 || rows[r - 1][c] != b'.' {
                        n_cols += 1;
                    }
                    col_run[r][c] = n_cols - 1;
                }
            }
        }
        let (mut n_rows, mut edges) = (0, Vec::new());
        for r in 0..h {
            for c in 0..w {
                if rows[r][c] == b'.' {
                    if c == 0 || rows[r][c - 1] != b'.' {
                        n_rows += 1;
                    }
                    edges.push((n_rows - 1, col_run[r][c]));
                }
            }
        }
        (n_rows, n_cols, edges)
    }

    #[test]
    fn hand_solved_boards() {
        assert_eq!(max_rooks(&["X....", "X....", "..X..", ".X...", "....X"]), 7);
        assert_eq!(max_rooks(&["....", "....", "....", "...."]), 4);
        assert_eq!(max_rooks(&["X"]), 0);
        assert_eq!(max_rooks::<&str>(&[]), 0);
        assert_eq!(max_rooks(&[".X.X."]), 3);
        let mut two = maximum_placements(&["..", ".."]);
        two.sort();
        assert_eq!(two, vec![vec![(0, 0), (1, 1)], vec![(0, 1), (1, 0)]]);
        assert_eq!(maximum_placements(&["X"]), vec![Vec::new()]);
    }

    #[test]
    fn every_board_up_to_3x4_against_kuhn() {
        for (h, w) in [(1, 4), (2, 2), (2, 4), (3, 3), (3, 4), (4, 3)] {
            for mask in 0u32..1 << (h * w) {
                let rows: Vec<Vec<u8>> = (0..h)
                    .map(|r| {
                        (0..w)
                            .map(|c| {
                                if mask >> (r * w + c) & 1 == 1 {
                                    b'X'
                                } else {
                                    b'.'
                                }
                            })
                            .collect()
                    })
                    .collect();
                let (nl, nr, edges) = run_graph(&rows);
                let most = max_rooks(&rows);
                assert_eq!(most, kuhn(nl, nr, &edges), "{rows:?}");
                let all = maximum_placements(&rows);
                assert!(all.iter().all(|p| p.len() == most));
                let mut dedup = all.clone();
                dedup.sort();
                dedup.dedup();
                assert_eq!(dedup.len(), all.len());
            }
        }
    }

    #[test]
    #[should_panic(expected = "at most 30")]
    fn refuses_big_boards() {
        max_rooks(&["........"; 4]);
    }
}
