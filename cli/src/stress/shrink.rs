//! The shrinker: makes a failing board smaller while it still fails the same way.
//!
//! Greedy and deterministic. Each pass tries, in this order: dropping blocks of rows and of
//! columns (halves, quarters, … down to 2), single rows, single columns, clearing each cell to
//! `.` (L-puzzle: also each whole L piece, a `B` with a white beside it and one above or below,
//! since a single cell changes the white-to-black count that decides a board alone), and
//! flipping each cell to every other value of the puzzle (King: `.`↔`#`, and moving `K` to
//! every other square; L-puzzle: also swapping it with its right and lower neighbour). The
//! first candidate that still fails replaces the board and the pass goes on from the same
//! place in the (new) board's candidate list. Passes repeat while they make the board smaller
//! (fewer cells, then fewer non-`.` cells); a pass that only flipped gets one more pass, to use
//! what the flips opened up. The result is the smallest failing board met (a flip may be a
//! step sideways).
//!
//! Every candidate is a valid board of the format: non-empty; square for square rooks boards
//! (a row and a column are dropped together); King boards keep their one `K` (its row and
//! column are never dropped; moving it is a flip). No board is tested twice, so a flip never
//! cycles back, and at most `limit` candidates are tested in all.
//!
//! Candidates may be tested several at a time (`width`, for parallel runs); the result and the
//! run count are those of testing them one by one: after the first candidate that fails, the
//! rest of its batch is not counted.
//!
//! # Complexity
//! Per pass O(rows · cols) candidates for rectangular boards, O(n²) row–column pairs for
//! square ones; each candidate costs one test and O(cells) to build.
//!
//! # Status
//! Complete.

use std::collections::HashSet;

use gridmatch::Grid;
use gridmatch::puzzles::Puzzle;

/// What makes a board valid while shrinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The puzzle (its alphabet; King's single `K`).
    pub puzzle: Puzzle,
    /// Boards stay square (rooks in the UVa format).
    pub square: bool,
}

impl Rules {
    /// The rules of `puzzle`'s judge format (`rect`: rooks with `R C` headers).
    pub fn of(puzzle: Puzzle, rect: bool) -> Rules {
        Rules {
            puzzle,
            square: puzzle == Puzzle::Rooks && !rect,
        }
    }

    /// Whether `g` is a board of the format.
    pub fn valid(self, g: &Grid) -> bool {
        g.rows() > 0
            && g.cols() > 0
            && (!self.square || g.rows() == g.cols())
            && g.cells().iter().all(|c| self.puzzle.alphabet().contains(c))
            && (self.puzzle != Puzzle::King
                || g.cells().iter().filter(|&&c| c == b'K').count() == 1)
    }
}

/// The shrinker's result.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing board found.
    pub grid: Grid,
    /// Candidates tested (as if one at a time).
    pub runs: usize,
    /// Whether the run limit stopped the shrinking early.
    pub limited: bool,
}

/// `g` without the rows in `rows` and the columns in `cols` (both sorted ranges as masks).
fn without(g: &Grid, drop_row: &dyn Fn(usize) -> bool, drop_col: &dyn Fn(usize) -> bool) -> Grid {
    let rows: Vec<usize> = (0..g.rows()).filter(|&r| !drop_row(r)).collect();
    let cols: Vec<usize> = (0..g.cols()).filter(|&c| !drop_col(c)).collect();
    let mut cells = Vec::with_capacity(rows.len() * cols.len());
    for &r in &rows {
        cells.extend(cols.iter().map(|&c| g.get(r, c)));
    }
    Grid::from_cells(rows.len(), cols.len(), cells)
}

/// Block sizes for dropping from `n` lines: n/2, n/4, … down to 2.
fn block_sizes(n: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut k = n / 2;
    while k >= 2 {
        sizes.push(k);
        k /= 2;
    }
    sizes
}

/// The stages of a pass, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Blocks,
    Rows,
    Cols,
    Clear,
    Flip,
}

const STAGES: [Stage; 5] = [
    Stage::Blocks,
    Stage::Rows,
    Stage::Cols,
    Stage::Clear,
    Stage::Flip,
];

/// The candidates of `stage` for `g`, in order (all valid for `rules`).
fn candidates(g: &Grid, rules: Rules, stage: Stage) -> Vec<Grid> {
    let (rows, cols) = (g.rows(), g.cols());
    let mut out = Vec::new();
    // Lines holding the King's start are never dropped.
    let king = g
        .cells()
        .iter()
        .position(|&c| c == b'K')
        .map(|i| (i / cols, i % cols));
    let row_ok = |lo: usize, hi: usize| !king.is_some_and(|(r, _)| (lo..hi).contains(&r));
    let col_ok = |lo: usize, hi: usize| !king.is_some_and(|(_, c)| (lo..hi).contains(&c));
    match stage {
        Stage::Blocks if rules.square => {
            for k in block_sizes(rows) {
                for a in (0..rows).step_by(k) {
                    for b in (0..cols).step_by(k) {
                        let (ra, ca) = ((a + k).min(rows), (b + k).min(cols));
                        if ra - a == ca - b && ra - a < rows {
                            out.push(without(g, &|r| (a..ra).contains(&r), &|c| {
                                (b..ca).contains(&c)
                            }));
                        }
                    }
                }
            }
        }
        Stage::Blocks => {
            for k in block_sizes(rows) {
                for a in (0..rows).step_by(k) {
                    let hi = (a + k).min(rows);
                    if hi - a < rows && row_ok(a, hi) {
                        out.push(without(g, &|r| (a..hi).contains(&r), &|_| false));
                    }
                }
            }
            for k in block_sizes(cols) {
                for a in (0..cols).step_by(k) {
                    let hi = (a + k).min(cols);
                    if hi - a < cols && col_ok(a, hi) {
                        out.push(without(g, &|_| false, &|c| (a..hi).contains(&c)));
                    }
                }
            }
        }
        Stage::Rows if rules.square => {
            if rows > 1 {
                for a in 0..rows {
                    for b in 0..cols {
                        out.push(without(g, &|r| r == a, &|c| c == b));
                    }
                }
            }
        }
        Stage::Rows => {
            if rows > 1 {
                for a in (0..rows).filter(|&a| row_ok(a, a + 1)) {
                    out.push(without(g, &|r| r == a, &|_| false));
                }
            }
        }
        Stage::Cols if rules.square => {}
        Stage::Cols => {
            if cols > 1 {
                for a in (0..cols).filter(|&a| col_ok(a, a + 1)) {
                    out.push(without(g, &|_| false, &|c| c == a));
                }
            }
        }
        Stage::Clear => {
            for (i, &v) in g.cells().iter().enumerate() {
                if v != b'.' && v != b'K' {
                    let mut cells = g.cells().to_vec();
                    cells[i] = b'.';
                    out.push(Grid::from_cells(rows, cols, cells));
                }
            }
            if rules.puzzle == Puzzle::Lpuzzle {
                out.extend(l_pieces_cleared(g));
            }
        }
        Stage::Flip => {
            for (i, &v) in g.cells().iter().enumerate() {
                if v == b'K' {
                    continue;
                }
                // King's `K` moves instead of being flipped.
                for &to in rules.puzzle.cell_kinds() {
                    if to != v {
                        let mut cells = g.cells().to_vec();
                        cells[i] = to;
                        out.push(Grid::from_cells(rows, cols, cells));
                    }
                }
                if rules.puzzle == Puzzle::Lpuzzle {
                    // Swapping with the right and the lower neighbour keeps the counts.
                    let (r, c) = (i / cols, i % cols);
                    for j in [
                        (c + 1 < cols).then_some(i + 1),
                        (r + 1 < rows).then_some(i + cols),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        if g.cells()[j] != v {
                            let mut cells = g.cells().to_vec();
                            cells.swap(i, j);
                            out.push(Grid::from_cells(rows, cols, cells));
                        }
                    }
                }
                if let Some((kr, kc)) = king {
                    let mut cells = g.cells().to_vec();
                    cells[kr * cols + kc] = b'.';
                    cells[i] = b'K';
                    out.push(Grid::from_cells(rows, cols, cells));
                }
            }
        }
    }
    out.retain(|c| rules.valid(c));
    out
}

/// L-puzzle boards with one L piece cleared: a `B` with a `W` beside it and a `W` above or
/// below it. Single cells cleared change the count of whites against blacks (which decides a
/// board alone); a whole piece keeps it.
fn l_pieces_cleared(g: &Grid) -> Vec<Grid> {
    let (rows, cols) = (g.rows(), g.cols());
    let mut out = Vec::new();
    let white = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) if r < rows && c < cols && g.get(r, c) == b'W' => Some(r * cols + c),
        _ => None,
    };
    for (i, _) in g.cells().iter().enumerate().filter(|(_, v)| **v == b'B') {
        let (r, c) = (i / cols, i % cols);
        let beside = [
            white(Some(r), c.checked_sub(1)),
            white(Some(r), Some(c + 1)),
        ];
        let above_below = [
            white(r.checked_sub(1), Some(c)),
            white(Some(r + 1), Some(c)),
        ];
        for h in beside.into_iter().flatten() {
            for v in above_below.into_iter().flatten() {
                let mut cells = g.cells().to_vec();
                for k in [i, h, v] {
                    cells[k] = b'.';
                }
                out.push(Grid::from_cells(rows, cols, cells));
            }
        }
    }
    out
}

/// A board's size for "did the pass make it smaller" and "the smallest board met": cells, then
/// non-`.` cells.
pub fn measure(g: &Grid) -> (usize, usize) {
    (
        g.cells().len(),
        g.cells().iter().filter(|&&c| c != b'.').count(),
    )
}

/// Shrinks `start` (which fails) while `fails` says a candidate still fails the same way.
///
/// `fails` gets up to `width` candidates at a time and answers one bool per candidate, in order
/// (it may test them in parallel). At most `limit` candidates are counted as tested.
pub fn shrink<F>(start: Grid, rules: Rules, limit: usize, width: usize, mut fails: F) -> Shrunk
where
    F: FnMut(&[Grid]) -> Vec<bool>,
{
    let width = width.max(1);
    let mut grid = start;
    let mut seen: HashSet<(usize, usize, Vec<u8>)> = HashSet::new();
    let key = |g: &Grid| (g.rows(), g.cols(), g.cells().to_vec());
    seen.insert(key(&grid));
    // Flips may be sideways moves: the smallest failing board seen is the answer.
    let mut best = grid.clone();
    let mut runs = 0;
    let mut idle_passes = 0;
    loop {
        let before = measure(&grid);
        let mut accepted = false;
        for stage in STAGES {
            let mut idx = 0;
            loop {
                let cands = candidates(&grid, rules, stage);
                // The next untested candidates from idx on, at most `width` and what the limit
                // leaves.
                let mut batch = Vec::new();
                let mut at = idx;
                while at < cands.len() && batch.len() < width.min(limit - runs) {
                    if seen.insert(key(&cands[at])) {
                        batch.push((at, cands[at].clone()));
                    }
                    at += 1;
                }
                if batch.is_empty() {
                    break;
                }
                let boards: Vec<Grid> = batch.iter().map(|(_, g)| g.clone()).collect();
                let verdicts = fails(&boards);
                match verdicts.iter().position(|&f| f) {
                    Some(j) => {
                        runs += j + 1;
                        // The rest of the batch counts as untested.
                        for (_, g) in &batch[j + 1..] {
                            seen.remove(&key(g));
                        }
                        idx = batch[j].0;
                        grid = batch[j].1.clone();
                        if measure(&grid) < measure(&best) {
                            best = grid.clone();
                        }
                        accepted = true;
                    }
                    None => {
                        runs += batch.len();
                        idx = at;
                    }
                }
                if runs >= limit {
                    return Shrunk {
                        grid: best,
                        runs,
                        limited: true,
                    };
                }
            }
        }
        if !accepted {
            break;
        }
        if measure(&grid) < before {
            idle_passes = 0;
        } else {
            idle_passes += 1;
            if idle_passes >= 2 {
                break;
            }
        }
    }
    Shrunk {
        grid: best,
        runs,
        limited: false,
    }
}

#[cfg(test)]
#[path = "shrink_tests.rs"]
mod tests;
