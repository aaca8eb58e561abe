//! Rooks (UVa 12668 "Attacking Rooks"): the most rooks that do not attack each other on a board
//! with pawns, proved optimal by a König vertex cover.
//!
//! **Complexity:** O(n²) time in the worst case and O(n) memory for n cells: the run graph has
//! at most 2n vertices and n edges, and its matching engine, push–relabel
//! ([`maximum_matching`]), is O(V·E); it is close to linear on boards at every pawn density
//! (docs/BENCHMARKS.md). Hopcroft–Karp, the second engine (O(E·√V) phases), is what the tests
//! compare it with.
//!
//! **Reduction.** A rook attacks along its row and column up to a pawn `X`. Cut every row at its
//! pawns: each maximal horizontal run of `.` cells is a *left vertex*; likewise each vertical run
//! is a *right vertex*. Every empty cell lies in exactly one row run and one column run: it is the
//! edge between them. Two rooks attack each other exactly when they share a run, so a placement
//! is a matching and the most rooks is a [maximum matching](crate::graph::bipartite).
//!
//! **Certificate.** A set of runs touching every empty cell, as many runs as there are rooks
//! (a minimum vertex cover): each run holds at most one rook, so no placement can beat it.
//! [`verify`] checks a placement and a cover against the board with its own sweeps, sharing no
//! code with the solver.
//!
//! **Roles.** [`roles`] tells for each cell whether a rook stands there in every maximum
//! placement, in some, or in none: the Dulmage–Mendelsohn class of its edge
//! ([`classify`]), linear after one matching.
//!
//! **Status:** [`solve`] agrees with exhaustive search on 1500 random boards up to 5 × 5 and
//! every certificate verifies (`random_boards_against_brute_force`); mutated certificates of 500
//! random 6 × 6 boards are rejected (`mutated_certificates_are_rejected`); [`roles`] agrees with
//! the roles counted over *all* maximum placements (exhaustive enumeration) on 3000 random boards
//! up to 4 × 5 (`roles_against_all_maximum_placements`); the tests are at the end of this file.
//!
//! ```
//! use gridmatch::Grid;
//! use gridmatch::puzzles::rooks;
//! let board: Grid = "X....\nX....\n..X..\n.X...\n....X".parse()?;
//! let sol = rooks::solve(&board);
//! assert_eq!(sol.rooks.len(), 7);
//! assert!(rooks::verify(&board, &sol).is_ok());
//! # Ok::<(), gridmatch::grid::GridError>(())
//! ```

use crate::graph::NONE;
use crate::graph::bipartite::{
    BipartiteGraph, EdgeClass, Matching, classify, konig_cover, maximum_matching,
};
use crate::grid::Grid;

mod verify;
pub use verify::{RooksError, verify, verify_answer, verify_roles};

/// An empty cell.
pub const EMPTY: u8 = b'.';
/// A pawn.
pub const PAWN: u8 = b'X';
/// The input alphabet.
pub const ALPHABET: &[u8] = b".X";

/// A maximal run of empty cells: in row (or column) `line`, cells `start..=end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment {
    /// Row index for a row run, column index for a column run.
    pub line: usize,
    /// First cell of the run along the line.
    pub start: usize,
    /// Last cell of the run along the line (inclusive).
    pub end: usize,
}

/// A placement and its optimality proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Rook cells `(row, col)`, row-major order.
    pub rooks: Vec<(usize, usize)>,
    /// Row runs in the cover.
    pub row_cover: Vec<Segment>,
    /// Column runs in the cover.
    pub col_cover: Vec<Segment>,
}

/// Calls `f(row, col, row_run, col_run)` for every empty cell in row-major order. Row runs are
/// numbered in row-major order; column runs in the order they are first met, or column by
/// column on a board wider than tall — so that the column runs of a row run's neighbouring
/// cells have nearby numbers whichever way the board lies (a 10³ × 10⁴ board then matches as
/// fast as its transpose).
fn for_each_empty(grid: &Grid, mut f: impl FnMut(usize, usize, u32, u32)) {
    let cols = grid.cols();
    // next[c]: the number of the next column run to start in column c (column-major), or NONE
    // when numbering in the order met.
    let mut next = vec![NONE; cols];
    if cols > grid.rows() {
        let mut starts = vec![0u32; cols];
        let mut above_empty = vec![false; cols];
        for r in 0..grid.rows() {
            for (c, &cell) in grid.row(r).iter().enumerate() {
                let empty = cell == EMPTY;
                starts[c] += u32::from(empty && !above_empty[c]);
                above_empty[c] = empty;
            }
        }
        let mut total = 0u32;
        for (n, s) in next.iter_mut().zip(&starts) {
            *n = total;
            total += s;
        }
    }
    let mut col_run = vec![NONE; cols];
    let mut n_row = 0u32;
    let mut n_col = 0u32;
    for r in 0..grid.rows() {
        let mut in_run = false;
        for (c, &cell) in grid.row(r).iter().enumerate() {
            if cell == EMPTY {
                if !in_run {
                    in_run = true;
                    n_row += 1;
                }
                if col_run[c] == NONE {
                    if next[c] == NONE {
                        col_run[c] = n_col;
                        n_col += 1;
                    } else {
                        col_run[c] = next[c];
                        next[c] += 1;
                    }
                }
                f(r, c, n_row - 1, col_run[c]);
            } else {
                in_run = false;
                col_run[c] = NONE;
            }
        }
    }
}

/// Builds the run graph directly in CSR form: row runs are contiguous in row-major order.
fn reduce(grid: &Grid) -> BipartiteGraph {
    let mut offsets = Vec::new();
    let mut targets = Vec::new();
    let mut n_col = 0;
    for_each_empty(grid, |_, _, rr, cr| {
        if rr as usize == offsets.len() {
            offsets.push(targets.len());
        }
        targets.push(cr);
        n_col = n_col.max(cr as usize + 1);
    });
    offsets.push(targets.len());
    BipartiteGraph::from_csr(n_col, offsets, targets)
}

fn check_size(grid: &Grid) {
    assert!(
        grid.cells().len() < NONE as usize,
        "rooks: boards are limited to 2^32 - 1 cells"
    );
}

/// The most non-attacking rooks (the judge's answer), without building the certificate.
///
/// # Constraints
/// Cells are `.` or `X` (anything else counts as a pawn); fewer than 2³² − 1 cells.
/// # Panics
/// If the board has 2³² − 1 cells or more.
/// # Complexity
/// O(n²) time in the worst case (push–relabel on the run graph), O(n) memory for n cells.
pub fn max_rooks(grid: &Grid) -> usize {
    check_size(grid);
    maximum_matching(&reduce(grid)).len()
}

/// A maximum placement with its König cover.
///
/// # Constraints
/// As [`max_rooks`].
/// # Panics
/// As [`max_rooks`].
/// # Complexity
/// As [`max_rooks`], plus O(n) for the König cover.
pub fn solve(grid: &Grid) -> Solution {
    check_size(grid);
    let g = reduce(grid);
    let m = maximum_matching(&g);
    let cover = konig_cover(&g, &m);
    certificate(grid, &g, &m, &cover.left, &cover.right)
}

/// What a cell is across all maximum placements: the designer's view of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A rook stands here in every maximum placement (`R`).
    Every,
    /// In some maximum placements but not all (`r`).
    Some,
    /// In none (`.`): an empty cell no maximum placement uses.
    None,
    /// A pawn (`X`).
    Pawn,
}

impl Role {
    /// The role's letter on a roles board: `R`, `r`, `.` or `X`.
    pub fn letter(self) -> u8 {
        match self {
            Role::Every => b'R',
            Role::Some => b'r',
            Role::None => EMPTY,
            Role::Pawn => PAWN,
        }
    }
}

/// The role of every cell of a board, and the most rooks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles {
    /// The most non-attacking rooks (the judge's answer).
    pub max_rooks: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Each cell's role, row-major.
    pub cells: Vec<Role>,
}

impl Roles {
    /// The role of cell `(row, col)`.
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn get(&self, row: usize, col: usize) -> Role {
        assert!(col < self.cols, "roles: column {col} is off the board");
        self.cells[row * self.cols + col]
    }

    /// The roles board as rows of letters ([`Role::letter`]).
    pub fn to_lines(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols.max(1))
            .map(|row| row.iter().map(|r| char::from(r.letter())).collect())
            .collect()
    }
}

/// Where rooks stand in every, some or no maximum placement (Dulmage–Mendelsohn on the run
/// graph: a cell is an edge, a placement a matching, so a cell's role is its edge's class).
///
/// # Constraints
/// As [`max_rooks`].
/// # Panics
/// As [`max_rooks`].
/// # Complexity
/// One maximum matching (as [`max_rooks`]) plus O(n) for n cells
/// ([`classify`] is linear).
/// # Examples
/// ```
/// use gridmatch::Grid;
/// use gridmatch::puzzles::rooks::{self, Role};
/// // Two rooks fit, at the ends of the L the pawn leaves; its corner is never used.
/// let roles = rooks::roles(&"..\n.X".parse::<Grid>()?);
/// assert_eq!(roles.max_rooks, 2);
/// assert_eq!(roles.to_lines(), [".R", "RX"]);
/// assert_eq!(roles.get(0, 0), Role::None);
/// # Ok::<(), gridmatch::grid::GridError>(())
/// ```
pub fn roles(grid: &Grid) -> Roles {
    check_size(grid);
    let g = reduce(grid);
    let m = maximum_matching(&g);
    // The run graph's CSR order is the empty cells' row-major order (see `reduce`).
    let mut classes = classify(&g, &m).into_iter();
    let cells = grid
        .cells()
        .iter()
        .map(|&cell| {
            if cell != EMPTY {
                return Role::Pawn;
            }
            match classes.next() {
                Some(EdgeClass::Every) => Role::Every,
                Some(EdgeClass::Some) => Role::Some,
                _ => Role::None,
            }
        })
        .collect();
    Roles {
        max_rooks: m.len(),
        cols: grid.cols(),
        cells,
    }
}

fn certificate(
    grid: &Grid,
    g: &BipartiteGraph,
    m: &Matching,
    left: &[u32],
    right: &[u32],
) -> Solution {
    let mut in_left = vec![false; g.n_left()];
    for &u in left {
        in_left[u as usize] = true;
    }
    // Per column run: NONE = not in the cover, UNSEEN = in the cover but not met yet,
    // otherwise the index of its segment in `col_cover`.
    const UNSEEN: u32 = NONE - 1;
    let mut col_seg = vec![NONE; g.n_right()];
    for &v in right {
        col_seg[v as usize] = UNSEEN;
    }
    let mut col_cover: Vec<Segment> = Vec::with_capacity(right.len());
    let mut sol = Solution {
        rooks: Vec::with_capacity(m.len()),
        row_cover: Vec::with_capacity(left.len()),
        col_cover: Vec::new(),
    };
    let mut last_row_run = NONE;
    for_each_empty(grid, |r, c, rr, cr| {
        if m.left_mate(rr) == Some(cr) {
            sol.rooks.push((r, c));
        }
        if in_left[rr as usize] {
            if rr != last_row_run {
                sol.row_cover.push(Segment {
                    line: r,
                    start: c,
                    end: c,
                });
            } else if let Some(s) = sol.row_cover.last_mut() {
                s.end = c;
            }
        }
        last_row_run = rr;
        match col_seg[cr as usize] {
            NONE => {}
            UNSEEN => {
                // First (topmost) cell of a covered column run.
                col_seg[cr as usize] = col_cover.len() as u32;
                col_cover.push(Segment {
                    line: c,
                    start: r,
                    end: r,
                });
            }
            i => col_cover[i as usize].end = r,
        }
    });
    col_cover.sort_unstable();
    sol.col_cover = col_cover;
    sol
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// The exhaustive search of the oracles crate.
    fn brute(grid: &Grid) -> usize {
        gridmatch_oracles::rooks::max_rooks(&grid.to_lines())
    }

    fn random_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize, p: f64) -> Grid {
        let cells = (0..rows * cols)
            .map(|_| if rng.random_bool(p) { b'X' } else { b'.' })
            .collect();
        Grid::from_cells(rows, cols, cells)
    }

    #[test]
    fn sample() {
        let g = Grid::from_rows(&["X....", "X....", "..X..", ".X...", "....X"]);
        assert_eq!(max_rooks(&g), 7);
        assert_eq!(
            max_rooks(&Grid::from_rows(&["....", "....", "....", "...."])),
            4
        );
        assert_eq!(max_rooks(&Grid::from_rows(&["X"])), 0);
    }

    #[test]
    fn random_boards_against_brute_force() -> TestResult {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..1500 {
            let rows = rng.random_range(1..=5);
            let cols = rng.random_range(1..=5);
            let p = rng.random_range(0.0..0.8);
            let g = random_grid(&mut rng, rows, cols, p);
            let sol = solve(&g);
            assert_eq!(sol.rooks.len(), brute(&g), "{:?}", g.to_lines());
            assert_eq!(max_rooks(&g), sol.rooks.len());
            verify(&g, &sol).map_err(|e| format!("{e} for {:?}", g.to_lines()))?;
        }
        Ok(())
    }

    /// Every maximum placement (the oracles crate's exhaustive search), as the cells each
    /// holds.
    fn all_maximum_placements(grid: &Grid) -> Vec<Vec<bool>> {
        gridmatch_oracles::rooks::maximum_placements(&grid.to_lines())
            .into_iter()
            .map(|rooks| {
                let mut placed = vec![false; grid.cells().len()];
                for (r, c) in rooks {
                    placed[r * grid.cols() + c] = true;
                }
                placed
            })
            .collect()
    }

    #[test]
    fn roles_against_all_maximum_placements() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0usize; 3];
        for _ in 0..3000 {
            let rows = rng.random_range(1..=4);
            let cols = rng.random_range(1..=5);
            let p = rng.random_range(0.0..0.6);
            let g = random_grid(&mut rng, rows, cols, p);
            let all = all_maximum_placements(&g);
            let r = roles(&g);
            assert_eq!(r.max_rooks, max_rooks(&g));
            assert_eq!(
                r.max_rooks,
                all[0].iter().filter(|&&x| x).count(),
                "{:?}",
                g.to_lines()
            );
            for (i, &cell) in g.cells().iter().enumerate() {
                let used = all.iter().filter(|p| p[i]).count();
                let want = if cell != b'.' {
                    Role::Pawn
                } else if used == all.len() {
                    Role::Every
                } else if used > 0 {
                    Role::Some
                } else {
                    Role::None
                };
                assert_eq!(r.cells[i], want, "cell {i} of {:?}", g.to_lines());
                if cell == b'.' {
                    seen[want as usize] += 1;
                }
            }
        }
        // Every role occurs often (the test sees all three kinds of cell).
        assert!(seen.iter().all(|&k| k > 1000), "{seen:?}");
    }

    #[test]
    fn mutated_certificates_are_rejected() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut checked = 0;
        for _ in 0..500 {
            let g = random_grid(&mut rng, 6, 6, 0.25);
            let sol = solve(&g);
            // Drop one cover segment.
            let mut s = sol.clone();
            if s.row_cover.pop().is_some() || s.col_cover.pop().is_some() {
                assert!(verify(&g, &s).is_err());
            }
            // Move one rook into a cell another rook attacks.
            for (i, &(r, c)) in sol.rooks.iter().enumerate() {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 < 6 && c2 < 6 && g.get(r2, c2) == b'.' {
                        let mut s = sol.clone();
                        s.rooks[i] = (r2, c2);
                        let attacked = sol.rooks.iter().enumerate().any(|(j, &(a, b))| {
                            let row_open = || (b.min(c2)..=b.max(c2)).all(|k| g.get(a, k) == b'.');
                            let col_open = || (a.min(r2)..=a.max(r2)).all(|k| g.get(k, b) == b'.');
                            j != i && ((a == r2 && row_open()) || (b == c2 && col_open()))
                        });
                        if attacked {
                            assert!(verify(&g, &s).is_err());
                            checked += 1;
                        }
                    }
                }
            }
            // One cover run short is rejected.
            let mut fewer = sol.clone();
            if fewer
                .row_cover
                .pop()
                .or_else(|| fewer.col_cover.pop())
                .is_some()
            {
                assert!(verify(&g, &fewer).is_err());
            }
        }
        assert!(checked > 100, "too few attacked moves tried: {checked}");
    }

    #[test]
    fn extremes() -> TestResult {
        let all_pawns = Grid::from_cells(7, 7, vec![b'X'; 49]);
        assert_eq!(solve(&all_pawns).rooks.len(), 0);
        let open = Grid::from_cells(9, 4, vec![b'.'; 36]);
        let s = solve(&open);
        assert_eq!(s.rooks.len(), 4);
        verify(&open, &s)?;
        // A 1 × 10⁵ row of alternating pawns: 5·10⁴ runs, no recursion anywhere.
        let line: Vec<u8> = (0..100_000)
            .map(|i| if i % 2 == 0 { b'.' } else { b'X' })
            .collect();
        let g = Grid::from_cells(1, 100_000, line);
        assert_eq!(max_rooks(&g), 50_000);
        Ok(())
    }
}
