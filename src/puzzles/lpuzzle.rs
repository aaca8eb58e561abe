//! L-puzzle (NWERC 2011 "Piece it together", BOJ 3654): can a pattern of black, white and empty
//! cells be built from L pieces, and if not, why?
//!
//! **Complexity:** O(n) time for n cells; memory is the board plus four `u32` words per black
//! cell (the implication graph is never stored: it is computed from the board on demand).
//!
//! **Reduction.** A piece is a black corner with one white neighbour vertically and one
//! horizontally. So every black `B` picks *up or down* (variable `v`, true = down) and *left or
//! right* (variable `h`, true = right). Two rules remain, both 2-SAT clauses:
//! - a choice that points at no white cell is impossible: the unit clause `¬(b goes up)`;
//! - two blacks may not take the same white: `¬(b₁ takes w) ∨ ¬(b₂ takes w)`.
//!
//! If there are exactly twice as many whites as blacks, "each white taken at most once" becomes
//! "exactly once", and a satisfying assignment is a tiling. Before 2-SAT, two cheap checks give
//! their own reasons: a black with no white neighbour on an axis, and the count.
//!
//! **Why not.** An unsatisfiable formula has a variable `x` with a chain of implications
//! `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`; every step is "this black takes that white, so that other black cannot
//! and must turn the other way". The blacks and whites along the chain are the culprit cells.
//! [`verify_tiling`] and [`verify_no`] check both kinds of answer against the board alone.

use crate::board::Grid;
use crate::graph::twosat::{self, ImplicationGraph, Lit, Outcome};

/// The input alphabet.
pub const ALPHABET: &[u8] = b"BW.";

/// A direction a black can take its white in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// The cell above.
    Up,
    /// The cell below.
    Down,
    /// The cell to the left.
    Left,
    /// The cell to the right.
    Right,
}

impl Dir {
    /// All four, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The other choice on the same axis.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// Lower-case name (`up`, `down`, `left`, `right`).
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }

    /// Parses a [`name`](Self::name).
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == s)
    }

    /// The neighbour of `(r, c)` this way, if on a `rows × cols` board.
    pub fn step(self, r: usize, c: usize, rows: usize, cols: usize) -> Option<(usize, usize)> {
        match self {
            Dir::Up => r.checked_sub(1).map(|r| (r, c)),
            Dir::Down => (r + 1 < rows).then_some((r + 1, c)),
            Dir::Left => c.checked_sub(1).map(|c| (r, c)),
            Dir::Right => (c + 1 < cols).then_some((r, c + 1)),
        }
    }

    fn vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }
}

/// "The black at `cell` takes its white in direction `dir`" — a literal of the formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The black cell `(row, col)`.
    pub cell: (usize, usize),
    /// The way it takes a white.
    pub dir: Dir,
}

/// One L piece: the black corner and its two arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The black corner.
    pub black: (usize, usize),
    /// The white above or below it.
    pub vertical: (usize, usize),
    /// The white left or right of it.
    pub horizontal: (usize, usize),
}

/// Why a pattern cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Whites must be exactly twice the blacks.
    Count {
        /// Black cells.
        blacks: usize,
        /// White cells.
        whites: usize,
    },
    /// A black has no white neighbour on one axis.
    Stranded {
        /// The black cell.
        cell: (usize, usize),
        /// True if it lacks a white above and below, false if left and right.
        vertical: bool,
    },
    /// A chain of forced choices `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`.
    Conflict {
        /// `chain[0] == chain.last()`, and the opposite of `chain[0]` occurs in between.
        chain: Vec<Choice>,
    },
}

impl Reason {
    /// One sentence for people.
    pub fn message(&self) -> String {
        match self {
            Reason::Count { blacks, whites } => format!(
                "{whites} white cells but {blacks} black cells: every piece has 1 black and 2 whites, so whites must be {}",
                2 * blacks
            ),
            Reason::Stranded { cell, vertical } => format!(
                "the black at ({},{}) has no white neighbour {}",
                cell.0,
                cell.1,
                if *vertical {
                    "above or below"
                } else {
                    "left or right"
                }
            ),
            Reason::Conflict { chain } => {
                let x = chain[0];
                format!(
                    "the black at ({},{}) can take neither its {} nor its {} white: each choice forces, step by step, the other",
                    x.cell.0,
                    x.cell.1,
                    x.dir.name(),
                    x.dir.opposite().name()
                )
            }
        }
    }

    /// For a conflict, one sentence per step of the chain; empty for the other reasons.
    pub fn steps(&self, grid: &Grid) -> Vec<String> {
        let Reason::Conflict { chain } = self else {
            return Vec::new();
        };
        chain
            .windows(2)
            .map(|w| {
                let (p, q) = (w[0], w[1]);
                let at = |c: (usize, usize)| format!("({},{})", c.0, c.1);
                let white = p
                    .dir
                    .step(p.cell.0, p.cell.1, grid.rows(), grid.cols())
                    .filter(|&(r, c)| grid.get(r, c) == b'W');
                match white {
                    None => format!(
                        "{} cannot go {}: no white there, so it goes {}",
                        at(p.cell),
                        p.dir.name(),
                        q.dir.name()
                    ),
                    Some(wc) => format!(
                        "{} goes {} and takes the white {}, so {} cannot take it and goes {}",
                        at(p.cell),
                        p.dir.name(),
                        at(wc),
                        at(q.cell),
                        q.dir.name()
                    ),
                }
            })
            .collect()
    }

    /// The board cells involved: the blacks of the chain and the whites they fight over.
    pub fn cells(&self, grid: &Grid) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        match self {
            Reason::Count { .. } => {}
            Reason::Stranded { cell, .. } => cells.push(*cell),
            Reason::Conflict { chain } => {
                for ch in chain {
                    cells.push(ch.cell);
                    if let Some(w) = ch.dir.step(ch.cell.0, ch.cell.1, grid.rows(), grid.cols())
                        && grid.get(w.0, w.1) == b'W'
                    {
                        cells.push(w);
                    }
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// The answer for one pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A tiling, one piece per black.
    Yes(Vec<Piece>),
    /// No tiling, and why.
    No(Reason),
}

impl Answer {
    /// True for a tiling.
    pub fn is_yes(&self) -> bool {
        matches!(self, Answer::Yes(_))
    }
}

/// Black cells numbered in row-major order, with O(1) rank lookup from a bitmap
/// (one bit per cell plus a `u32` per 64 cells, instead of a `u32` per cell).
struct Blacks {
    cols: usize,
    bits: Vec<u64>,
    rank: Vec<u32>,
    cells: Vec<u32>,
}

impl Blacks {
    fn new(grid: &Grid) -> Blacks {
        let n = grid.cells().len();
        let mut bits = vec![0u64; n.div_ceil(64)];
        let mut rank = Vec::with_capacity(bits.len());
        let mut cells = Vec::new();
        for (i, &cell) in grid.cells().iter().enumerate() {
            if i % 64 == 0 {
                rank.push(cells.len() as u32);
            }
            if cell == b'B' {
                bits[i / 64] |= 1 << (i % 64);
                cells.push(i as u32);
            }
        }
        Blacks {
            cols: grid.cols(),
            bits,
            rank,
            cells,
        }
    }

    /// Index of the black at cell `i` (which must be black).
    fn index(&self, i: usize) -> u32 {
        let below = self.bits[i / 64] & ((1u64 << (i % 64)) - 1);
        self.rank[i / 64] + below.count_ones()
    }

    fn cell(&self, b: u32) -> (usize, usize) {
        let i = self.cells[b as usize] as usize;
        (i / self.cols, i % self.cols)
    }
}

/// The board's implication graph, computed on demand. Variable `2b` is black `b`'s vertical
/// choice (true = down), `2b + 1` its horizontal one (true = right).
struct Board<'a> {
    grid: &'a Grid,
    blacks: Blacks,
}

impl Board<'_> {
    fn choice(&self, lit: Lit) -> Choice {
        let b = lit.var() / 2;
        let dir = match (lit.var().is_multiple_of(2), lit.is_neg()) {
            (true, false) => Dir::Down,
            (true, true) => Dir::Up,
            (false, false) => Dir::Right,
            (false, true) => Dir::Left,
        };
        Choice {
            cell: self.blacks.cell(b),
            dir,
        }
    }

    /// The literal "the black at cell index `i` takes its white toward `dir`".
    fn lit_at(&self, i: usize, dir: Dir) -> Lit {
        let var = 2 * self.blacks.index(i) + u32::from(!dir.vertical());
        Lit::new(var, matches!(dir, Dir::Up | Dir::Left))
    }

    /// The cell index one step from `i` toward `dir`, if on the board.
    fn step(&self, i: usize, dir: Dir) -> Option<usize> {
        let cols = self.grid.cols();
        match dir {
            Dir::Up => i.checked_sub(cols),
            Dir::Down => Some(i + cols).filter(|&j| j < self.grid.cells().len()),
            Dir::Left => (!i.is_multiple_of(cols)).then(|| i - 1),
            Dir::Right => (!(i + 1).is_multiple_of(cols)).then_some(i + 1),
        }
    }

    /// For `lit`: its black's cell index and the white cell it would take, if that is white.
    fn target(&self, lit: Lit) -> (usize, Option<usize>) {
        let i = self.blacks.cells[(lit.var() / 2) as usize] as usize;
        let dir = match (lit.var().is_multiple_of(2), lit.is_neg()) {
            (true, false) => Dir::Down,
            (true, true) => Dir::Up,
            (false, false) => Dir::Right,
            (false, true) => Dir::Left,
        };
        let white = self.step(i, dir).filter(|&w| self.grid.cells()[w] == b'W');
        (i, white)
    }

    /// The other blacks next to white `w` (each takes `w` by going the opposite way of `d`).
    fn rivals(&self, i: usize, w: usize) -> impl Iterator<Item = (usize, Dir)> + '_ {
        Dir::ALL.into_iter().filter_map(move |d| {
            self.step(w, d)
                .filter(|&j| j != i && self.grid.cells()[j] == b'B')
                .map(|j| (j, d))
        })
    }
}

/// Implications of the board's clauses, computed on demand: from "black takes white w", "each
/// other black next to w does not take it"; from a choice pointing at no white, its negation.
impl ImplicationGraph for Board<'_> {
    fn num_vars(&self) -> usize {
        2 * self.blacks.cells.len()
    }

    fn out_degree(&self, lit: Lit) -> usize {
        match self.target(lit) {
            (_, None) => 1,
            (i, Some(w)) => self.rivals(i, w).count(),
        }
    }

    fn successor(&self, lit: Lit, k: usize) -> Lit {
        match self.target(lit) {
            (_, None) => !lit,
            (i, Some(w)) => match self.rivals(i, w).nth(k) {
                // That black takes w by going back toward it: the opposite of d.
                Some((j, d)) => !self.lit_at(j, d.opposite()),
                None => !lit, // k < out_degree by the trait's contract; never reached
            },
        }
    }
}

/// Only the decision: can the pattern be built? (Same work as [`solve`], without spelling out
/// the tiling.)
///
/// # Constraints
/// As [`solve`].
/// # Panics
/// As [`solve`].
/// # Complexity
/// O(n) for n cells.
pub fn can_build(grid: &Grid) -> bool {
    decide(grid).is_ok()
}

/// The checks and the 2-SAT search; a satisfying assignment, or the reason there is none.
fn decide(grid: &Grid) -> Result<(Board<'_>, Vec<bool>), Reason> {
    assert!(
        grid.cells().len() < u32::MAX as usize,
        "lpuzzle: boards are limited to 2^32 - 1 cells"
    );
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut blacks = 0usize;
    let mut whites = 0usize;
    for r in 0..rows {
        for c in 0..cols {
            match grid.get(r, c) {
                b'W' => whites += 1,
                b'B' => {
                    blacks += 1;
                    for (vertical, dirs) in [
                        (true, [Dir::Up, Dir::Down]),
                        (false, [Dir::Left, Dir::Right]),
                    ] {
                        let has_white = dirs.iter().any(|d| {
                            d.step(r, c, rows, cols)
                                .is_some_and(|(r2, c2)| grid.get(r2, c2) == b'W')
                        });
                        if !has_white {
                            return Err(Reason::Stranded {
                                cell: (r, c),
                                vertical,
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }
    if whites != 2 * blacks {
        return Err(Reason::Count { blacks, whites });
    }
    let board = Board {
        grid,
        blacks: Blacks::new(grid),
    };
    match twosat::solve(&board) {
        Outcome::Satisfiable(assign) => Ok((board, assign)),
        Outcome::Unsatisfiable(conflict) => Err(Reason::Conflict {
            chain: conflict.chain.iter().map(|&l| board.choice(l)).collect(),
        }),
    }
}

/// Solves a pattern: a tiling, or the reason there is none.
///
/// # Constraints
/// Cells are `B`, `W`, `.`; fewer than 2³² − 1 cells.
/// # Panics
/// If the board has 2³² − 1 cells or more.
/// # Complexity
/// O(n) time for n cells; memory: the board plus O(blacks) words.
pub fn solve(grid: &Grid) -> Answer {
    let (board, assign) = match decide(grid) {
        Ok(found) => found,
        Err(reason) => return Answer::No(reason),
    };
    let (rows, cols) = (grid.rows(), grid.cols());
    let pieces = (0..board.blacks.cells.len() as u32)
        .map(|b| {
            let black = board.blacks.cell(b);
            let v = if assign[2 * b as usize] {
                Dir::Down
            } else {
                Dir::Up
            };
            let h = if assign[2 * b as usize + 1] {
                Dir::Right
            } else {
                Dir::Left
            };
            let arm = |d: Dir| d.step(black.0, black.1, rows, cols).unwrap_or(black);
            Piece {
                black,
                vertical: arm(v),
                horizontal: arm(h),
            }
        })
        .collect();
    Answer::Yes(pieces)
}

/// Checks a tiling against the board, independently of the solver: every piece an L whose corner
/// is a black cell and whose arms are one vertical and one horizontal white neighbour; every `B`
/// and `W` covered exactly once; no `.` covered.
///
/// # Complexity
/// O(cells + pieces).
pub fn verify_tiling(grid: &Grid, pieces: &[Piece]) -> Result<(), String> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut used = vec![false; rows * cols];
    for (i, p) in pieces.iter().enumerate() {
        let (br, bc) = p.black;
        let (vr, vc) = p.vertical;
        let (hr, hc) = p.horizontal;
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if r >= rows || c >= cols {
                return Err(format!("piece {i} has cell ({r},{c}) off the board"));
            }
        }
        if grid.get(br, bc) != b'B' {
            return Err(format!("piece {i}: its corner ({br},{bc}) is not black"));
        }
        if vc != bc || vr.abs_diff(br) != 1 {
            return Err(format!(
                "piece {i}: ({vr},{vc}) is not directly above or below its corner"
            ));
        }
        if hr != br || hc.abs_diff(bc) != 1 {
            return Err(format!(
                "piece {i}: ({hr},{hc}) is not directly left or right of its corner"
            ));
        }
        for (r, c) in [p.vertical, p.horizontal] {
            if grid.get(r, c) != b'W' {
                return Err(format!("piece {i}: its arm ({r},{c}) is not white"));
            }
        }
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if std::mem::replace(&mut used[r * cols + c], true) {
                return Err(format!("cell ({r},{c}) is covered twice"));
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if grid.get(r, c) != b'.' && !used[r * cols + c] {
                return Err(format!("cell ({r},{c}) is not covered"));
            }
        }
    }
    Ok(())
}

/// Checks a reason for "no tiling" against the board, independently of the solver.
///
/// - `Count`: the counts are the board's and whites ≠ 2 × blacks.
/// - `Stranded`: the cell is black and has no white on that axis.
/// - `Conflict`: the chain starts and ends with the same choice, passes its opposite, names
///   only black cells, and every step is forced: either the choice points at no white (so the
///   black must turn the other way), or it takes a white that the next step's black could
///   also take, which therefore turns the other way.
///
/// # Complexity
/// O(cells) for `Count`, O(chain) otherwise.
pub fn verify_no(grid: &Grid, reason: &Reason) -> Result<(), String> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let is = |cell: (usize, usize), want: u8| {
        cell.0 < rows && cell.1 < cols && grid.get(cell.0, cell.1) == want
    };
    let target = |ch: &Choice| {
        ch.dir
            .step(ch.cell.0, ch.cell.1, rows, cols)
            .filter(|&w| is(w, b'W'))
    };
    match reason {
        Reason::Count { blacks, whites } => {
            let count = |x: u8| grid.cells().iter().filter(|&&c| c == x).count();
            let (b, w) = (count(b'B'), count(b'W'));
            if (b, w) != (*blacks, *whites) {
                return Err(format!(
                    "the board has {b} blacks and {w} whites, not {blacks} and {whites}"
                ));
            }
            if w == 2 * b {
                return Err("whites are exactly twice the blacks: the count is no reason".into());
            }
            Ok(())
        }
        Reason::Stranded { cell, vertical } => {
            if !is(*cell, b'B') {
                return Err(format!("({},{}) is not a black cell", cell.0, cell.1));
            }
            let dirs = if *vertical {
                [Dir::Up, Dir::Down]
            } else {
                [Dir::Left, Dir::Right]
            };
            for d in dirs {
                let ch = Choice {
                    cell: *cell,
                    dir: d,
                };
                if let Some(w) = target(&ch) {
                    return Err(format!(
                        "the black at ({},{}) has a white at ({},{})",
                        cell.0, cell.1, w.0, w.1
                    ));
                }
            }
            Ok(())
        }
        Reason::Conflict { chain } => {
            let (Some(first), Some(last)) = (chain.first(), chain.last()) else {
                return Err("the chain is empty".into());
            };
            if chain.len() < 3 || first != last {
                return Err("the chain must start and end with the same choice".into());
            }
            let opposite = Choice {
                cell: first.cell,
                dir: first.dir.opposite(),
            };
            if !chain.contains(&opposite) {
                return Err("the chain never reaches the opposite of its first choice".into());
            }
            for ch in chain {
                if !is(ch.cell, b'B') {
                    return Err(format!(
                        "({},{}) in the chain is not a black cell",
                        ch.cell.0, ch.cell.1
                    ));
                }
            }
            for (i, pair) in chain.windows(2).enumerate() {
                let (p, q) = (&pair[0], &pair[1]);
                let forced = match target(p) {
                    // p is impossible, so its black turns the other way.
                    None => q.cell == p.cell && q.dir == p.dir.opposite(),
                    // p takes w; q's black, next to w, must then turn away from w.
                    Some(w) => {
                        let toward = Choice {
                            cell: q.cell,
                            dir: q.dir.opposite(),
                        };
                        q.cell != p.cell && target(&toward) == Some(w)
                    }
                };
                if !forced {
                    return Err(format!(
                        "step {} does not follow: ({},{}) {} does not force ({},{}) {}",
                        i + 1,
                        p.cell.0,
                        p.cell.1,
                        p.dir.name(),
                        q.cell.0,
                        q.cell.1,
                        q.dir.name()
                    ));
                }
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// Exhaustive tiling search: the first uncovered B/W cell in row-major order must be covered
    /// by some piece; try all 4 orientations of every piece containing it.
    fn brute(grid: &Grid) -> bool {
        let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
        let at = |r: i64, c: i64| {
            if r < 0 || c < 0 || r >= rows || c >= cols {
                b'.'
            } else {
                grid.get(r as usize, c as usize)
            }
        };
        let mut stack = vec![vec![false; (rows * cols) as usize]];
        while let Some(used) = stack.pop() {
            let Some(i) =
                (0..rows * cols).find(|&i| at(i / cols, i % cols) != b'.' && !used[i as usize])
            else {
                return true;
            };
            let (r, c) = (i / cols, i % cols);
            // Pieces containing (r, c): as the corner, or as an arm of a neighbouring corner.
            let mut corners = vec![(r, c)];
            corners.extend([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]);
            for (br, bc) in corners {
                if at(br, bc) != b'B' || used[(br * cols + bc) as usize] {
                    continue;
                }
                for dv in [-1, 1] {
                    for dh in [-1, 1] {
                        let cells = [(br, bc), (br + dv, bc), (br, bc + dh)];
                        if at(br + dv, bc) != b'W' || at(br, bc + dh) != b'W' {
                            continue;
                        }
                        if !cells.contains(&(r, c))
                            || cells.iter().any(|&(a, b)| used[(a * cols + b) as usize])
                        {
                            continue;
                        }
                        let mut u = used.clone();
                        for (a, b) in cells {
                            u[(a * cols + b) as usize] = true;
                        }
                        stack.push(u);
                    }
                }
            }
        }
        false
    }

    fn random_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
        let pb = rng.random_range(0.1..0.5);
        let pw = rng.random_range(0.2..0.9);
        let cells = (0..rows * cols)
            .map(|_| {
                if rng.random_bool(pb) {
                    b'B'
                } else if rng.random_bool(pw) {
                    b'W'
                } else {
                    b'.'
                }
            })
            .collect();
        Grid::from_cells(rows, cols, cells)
    }

    /// A random tiling: place random L pieces greedily, the rest `.` — always solvable.
    fn tiled_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
        let mut cells = vec![b'.'; rows * cols];
        for _ in 0..rows * cols {
            let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
            let d = [Dir::Up, Dir::Down][rng.random_range(0..2)];
            let h = [Dir::Left, Dir::Right][rng.random_range(0..2)];
            if let (Some(v), Some(w)) = (d.step(r, c, rows, cols), h.step(r, c, rows, cols)) {
                let idx = [r * cols + c, v.0 * cols + v.1, w.0 * cols + w.1];
                if idx.iter().all(|&i| cells[i] == b'.') {
                    cells[idx[0]] = b'B';
                    cells[idx[1]] = b'W';
                    cells[idx[2]] = b'W';
                }
            }
        }
        Grid::from_cells(rows, cols, cells)
    }

    /// A tiling with a few adjacent cells swapped: counts stay right, so most failures are
    /// 2-SAT conflicts.
    fn near_miss(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
        let g = tiled_grid(rng, rows, cols);
        let mut cells = g.cells().to_vec();
        for _ in 0..rng.random_range(1..=3) {
            let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
            let d = Dir::ALL[rng.random_range(0..4)];
            if let Some((r2, c2)) = d.step(r, c, rows, cols) {
                cells.swap(r * cols + c, r2 * cols + c2);
            }
        }
        Grid::from_cells(rows, cols, cells)
    }

    /// Solves `grid` and verifies the certificate; `Ok(true)` for a tiling, `Ok(false)` for a
    /// proven NO, `Err` when the certificate does not check.
    fn check(grid: &Grid) -> Result<bool, String> {
        let answer = solve(grid);
        match &answer {
            Answer::Yes(pieces) => verify_tiling(grid, pieces)
                .map_err(|e| format!("{e}: {:?} {pieces:?}", grid.to_lines()))?,
            Answer::No(reason) => verify_no(grid, reason)
                .map_err(|e| format!("{e}: {:?} {reason:?}", grid.to_lines()))?,
        }
        Ok(answer.is_yes())
    }

    #[test]
    fn samples() -> TestResult {
        assert!(check(&Grid::from_rows(&["BWW.", "WWBW", "..WB"]))?);
        assert!(!check(&Grid::from_rows(&["W..", "BW.", "WBW"]))?);
        assert!(!check(&Grid::from_rows(&["BWB.", "WWW."]))?);
        assert!(check(&Grid::from_rows(&["..", ".."]))?);
        assert!(!check(&Grid::from_rows(&["B"]))?);
        assert!(!check(&Grid::from_rows(&["W"]))?);
        Ok(())
    }

    #[test]
    fn random_patterns_against_brute_force() -> TestResult {
        let mut rng = ChaCha8Rng::seed_from_u64(3654);
        let (mut yes, mut conflicts) = (0, 0);
        for i in 0..6000 {
            let rows = rng.random_range(1..=5);
            let cols = rng.random_range(1..=5);
            let g = match i % 3 {
                0 => tiled_grid(&mut rng, rows, cols),
                1 => near_miss(&mut rng, rows, cols),
                _ => random_grid(&mut rng, rows, cols),
            };
            let got = check(&g)?;
            assert_eq!(got, brute(&g), "{:?}", g.to_lines());
            yes += usize::from(got);
            conflicts += usize::from(matches!(solve(&g), Answer::No(Reason::Conflict { .. })));
        }
        assert!(
            yes > 1000 && conflicts > 50,
            "weak sample: {yes} yes, {conflicts} conflicts"
        );
        Ok(())
    }

    #[test]
    fn mutated_answers_are_rejected() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut flips, mut cuts) = (0, 0);
        for _ in 0..3000 {
            let g = if rng.random_bool(0.5) {
                tiled_grid(&mut rng, 5, 5)
            } else {
                near_miss(&mut rng, 5, 5)
            };
            match solve(&g) {
                Answer::Yes(pieces) if !pieces.is_empty() => {
                    // Flip one piece: its arms mirrored through the corner.
                    let mut p = pieces.clone();
                    let k = rng.random_range(0..p.len());
                    let (br, bc) = p[k].black;
                    let (vr, _) = p[k].vertical;
                    let (_, hc) = p[k].horizontal;
                    if let (Some(vr2), Some(hc2)) =
                        ((2 * br).checked_sub(vr), (2 * bc).checked_sub(hc))
                    {
                        p[k].vertical = (vr2, bc);
                        p[k].horizontal = (br, hc2);
                        assert!(verify_tiling(&g, &p).is_err());
                        flips += 1;
                    }
                    let mut p = pieces.clone();
                    p.pop();
                    assert!(verify_tiling(&g, &p).is_err());
                }
                Answer::No(Reason::Conflict { chain }) => {
                    for i in 1..chain.len() - 1 {
                        let mut c = chain.clone();
                        c.remove(i);
                        assert!(
                            verify_no(&g, &Reason::Conflict { chain: c }).is_err(),
                            "{:?} {chain:?} {i}",
                            g.to_lines()
                        );
                        cuts += 1;
                    }
                }
                _ => {}
            }
        }
        assert!(
            flips > 100 && cuts > 20,
            "weak sample: {flips} flips, {cuts} cuts"
        );
    }

    #[test]
    fn deep_serpentine_needs_no_deep_stack() -> TestResult {
        // `BWBW…BW` over `W.W.…W.`: the only tiling has every black take the white on its
        // right, and the forcing ripples along the whole strip — an implication chain as long
        // as the board, solved on a small stack.
        let cols = 60_000;
        let mut rows = vec![Vec::new(); 2];
        for c in 0..cols {
            rows[0].push(if c % 2 == 0 { b'B' } else { b'W' });
            rows[1].push(if c % 2 == 0 { b'W' } else { b'.' });
        }
        let cells = rows.concat();
        let g = Grid::from_cells(2, cols, cells);
        let handle = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || check(&g))?;
        let tiled = handle.join().map_err(|_| "worker thread panicked")?;
        assert!(tiled?);
        Ok(())
    }
}
