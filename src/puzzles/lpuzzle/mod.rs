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

mod forced;
#[cfg(test)]
mod tests;
mod verify;

use crate::graph::twosat::{self, ImplicationGraph, Lit, Outcome};
use crate::grid::Grid;
pub use verify::{VerifyError, verify_no, verify_tiling};

/// The input alphabet.
pub const ALPHABET: &[u8] = b"BW.";

/// A direction a black can take its white in (in JSON: `up`, `down`, `left`, `right`).
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

    /// Parses a [`name`](Self::name).
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == s)
    }

    /// The neighbour of `(r, c)` this way, if on a `rows × cols` board.
    /// `None` when `(r, c)` itself is off the board.
    pub fn step(self, r: usize, c: usize, rows: usize, cols: usize) -> Option<(usize, usize)> {
        if r >= rows || c >= cols {
            return None;
        }
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

    /// The axis it lies on.
    pub fn axis(self) -> Axis {
        if self.vertical() {
            Axis::Vertical
        } else {
            Axis::Horizontal
        }
    }
}

/// Up-and-down or left-and-right (in JSON: `vertical`, `horizontal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Up or down.
    Vertical,
    /// Left or right.
    Horizontal,
}

super::serde_by_name!(fn name, Dir, "a direction",
    Dir::Up => "up", Dir::Down => "down", Dir::Left => "left", Dir::Right => "right");
super::serde_by_name!(Axis, "an axis (vertical or horizontal)",
    Axis::Vertical => "vertical", Axis::Horizontal => "horizontal");

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
        /// The axis on which it has no white.
        axis: Axis,
    },
    /// A chain of forced choices `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`.
    Conflict {
        /// `chain[0] == chain.last()`, and the opposite of `chain[0]` occurs in between.
        chain: Vec<Choice>,
    },
}

impl Reason {
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

/// A colouring of a tiling's pieces in which no two pieces sharing an edge share a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// The piece owning each cell, row-major (`u32::MAX` for none).
    pub owner: Vec<u32>,
    /// Each piece's colour, below 11.
    pub colour: Vec<usize>,
}

/// Colours the pieces of a tiling of `grid` greedily, in order: each takes the smallest colour
/// no earlier piece touching it has. A piece touches at most 10 others, so 11 colours suffice.
///
/// # Complexity
/// O(cells + pieces).
pub fn colour_pieces(grid: &Grid, pieces: &[Piece]) -> Colouring {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut owner = vec![u32::MAX; rows * cols];
    for (i, p) in pieces.iter().enumerate() {
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if r < rows && c < cols {
                owner[r * cols + c] = i as u32;
            }
        }
    }
    let mut colour = vec![0usize; pieces.len()];
    for (i, p) in pieces.iter().enumerate() {
        let mut taken = 0u32;
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            let around = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (r2, c2) in around {
                if r2 < rows && c2 < cols {
                    let o = owner[r2 * cols + c2];
                    if o != u32::MAX && (o as usize) < i {
                        taken |= 1 << colour[o as usize];
                    }
                }
            }
        }
        colour[i] = ((!taken).trailing_zeros() as usize).min(31);
    }
    Colouring { owner, colour }
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

/// Only the decision: can the pattern be built? (The answer of [`solve`], found with less work:
/// forced choices are propagated first, and 2-SAT runs only on the choices left open.)
///
/// # Constraints
/// As [`solve`].
/// # Panics
/// As [`solve`].
/// # Complexity
/// O(n) for n cells; memory: the board plus a byte per cell, and O(open blacks) words.
pub fn can_build(grid: &Grid) -> bool {
    assert!(
        grid.cells().len() < u32::MAX as usize,
        "lpuzzle: boards are limited to 2^32 - 1 cells"
    );
    forced::decide(grid).yes()
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
                                axis: if vertical {
                                    Axis::Vertical
                                } else {
                                    Axis::Horizontal
                                },
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
