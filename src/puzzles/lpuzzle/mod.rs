//! L-puzzle (NWERC 2011 "Piece it together", BOJ 3654): can a pattern of black, white and empty
//! cells be built from L pieces, and if not, why?
//!
//! **Complexity:** O(n) time for n cells. Both paths first copy the board into a byte per cell
//! (with a one-cell border) holding each black's white directions and each white's black
//! directions; the implication graph is never stored: it is read from those bytes on demand.
//! [`solve`] adds a bit per cell and, per black, a cell index (8 bytes) and [`twosat::solve`]'s
//! working memory over its 4 literals (48 bytes). [`can_build`] adds the propagation stack and the
//! same per-black cost for the open blacks only (few on random tilings); its state bytes and stack
//! stay allocated per thread for the next board, unless the board has more than 4 Mi padded cells.
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
//! **Deciding only.** [`can_build`] (the judge's YES/NO) first propagates forced choices: a black
//! with a white on one side of an axis only must take it, which forbids that white to the blacks
//! next to it, which must turn the other way, and so on (unit propagation; two blacks forced onto
//! one white is a NO). On random tilings this settles most of the blacks (docs/BENCHMARKS.md,
//! *L-puzzle*); only the clauses among the choices left open go to 2-SAT, which is equisatisfiable
//! (every clause touching a settled choice is already satisfied). [`solve`] runs 2-SAT on the whole
//! formula, so its tilings and conflict chains are those of the whole implication graph (a conflict
//! chain is a shortest path `x ⇒ ¬x` and a shortest path back, see [`twosat`]).
//!
//! **Why not.** An unsatisfiable formula has a variable `x` with a chain of implications
//! `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`; every step is "this black takes that white, so that other black cannot
//! and must turn the other way". The blacks and whites along the chain are the culprit cells.
//! [`verify_tiling`] and [`verify_no`] check both kinds of answer against the board alone.
//!
//! **Uniqueness** (for designers: a puzzle's solution should be unique). With whites twice the
//! blacks, the formula's models are the tilings, so [`tilings`] finds a second tiling as a
//! second model ([`twosat::second_model_of`], linear: Hansen & Jaumard 1985), and
//! [`forced_pieces`] the pieces in every tiling from the formula's backbone
//! ([`twosat::backbone_of`], on the choices propagation leaves open). [`is_unique`] decides alone, as fast as [`can_build`] nearly:
//! the propagated choices are the same in every tiling, so only the open rest, with those
//! choices pinned, is searched for a second model.
//!
//! **Status:** [`solve`] and [`can_build`] agree with exhaustive tiling search on 26 000 random,
//! tiled and near-miss boards up to 6 × 6, and with each other up to 16 × 16; propagation and
//! the open rest are also checked without the count (the formula alone) against exhaustive
//! search over choices and against whole-board 2-SAT, including boards where nothing is forced
//! (framed checkerboards) and open rests that conflict; every certificate is verified.
//! [`is_unique`], [`tilings`] and [`forced_pieces`] agree with the enumeration of every tiling on
//! 10 000 boards up to 6 × 7 (generated patterns, and pinwheels — the smallest second tilings —
//! with random pieces around them); the fast and the whole-formula uniqueness agree on 900
//! generated patterns up to 20 × 31 (cli/tests/integration/designer.rs,
//! `fast_uniqueness_agrees_with_the_two_tilings`).

mod forced;
#[cfg(test)]
mod tests;
mod verify;

use crate::graph::twosat::{self, ImplicationGraph, Lit};
use crate::grid::Grid;
pub use verify::{
    LpuzzleError, TilingClaims, verify_claims, verify_no, verify_no_claims, verify_tiling,
};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
pub enum Outcome {
    /// A tiling, one piece per black.
    Yes(Vec<Piece>),
    /// No tiling, and why.
    No(Reason),
}

impl Outcome {
    /// True for a tiling.
    pub fn is_yes(&self) -> bool {
        matches!(self, Outcome::Yes(_))
    }
}

/// The board's implication graph, computed on demand from the state bytes of
/// [`forced::encode`] (a black's white directions, a white's black directions). Variable `2b` is
/// black `b`'s vertical choice (true = down), `2b + 1` its horizontal one (true = right), blacks
/// numbered in row-major order.
struct Board {
    padded: forced::Padded,
    blacks: forced::Ranked,
}

impl Board {
    fn new(padded: forced::Padded) -> Board {
        let blacks = forced::Ranked::new(padded.state(), forced::is_black);
        Board { padded, blacks }
    }

    /// The black's padded index and direction index (up 0, down 1, left 2, right 3) of `lit`.
    fn black_and_dir(&self, lit: Lit) -> (usize, usize) {
        let b = self.blacks.cells[(lit.var() / 2) as usize];
        (b, 2 * (lit.var() as usize % 2) + usize::from(!lit.is_neg()))
    }

    fn choice(&self, lit: Lit) -> Choice {
        let (b, k) = self.black_and_dir(lit);
        Choice {
            cell: self.padded.cell(b),
            dir: [Dir::Up, Dir::Down, Dir::Left, Dir::Right][k],
        }
    }

    /// For `lit`: `None` if it points at no white, else the white and the directions (as bits,
    /// up 1, down 2, left 4, right 8) from it to its other black neighbours.
    fn rivals(&self, lit: Lit) -> Option<(usize, u8)> {
        let (b, k) = self.black_and_dir(lit);
        let state = self.padded.state();
        // A black's low bits: the directions of its whites.
        if state[b] & (1 << k) == 0 {
            return None;
        }
        let w = self.padded.step(b, k);
        // A white's low bits: the directions of its blacks; all but b.
        Some((w, state[w] & 0x0f & !(1 << (k ^ 1))))
    }
}

impl Board {
    /// The tiling of a model of the board's formula: a piece per black, in row-major order.
    fn pieces(&self, grid: &Grid, assign: &[bool]) -> Vec<Piece> {
        let (rows, cols) = (grid.rows(), grid.cols());
        (0..self.blacks.cells.len())
            .map(|b| {
                let black = self.padded.cell(self.blacks.cells[b]);
                let v = if assign[2 * b] { Dir::Down } else { Dir::Up };
                let h = if assign[2 * b + 1] {
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
            .collect()
    }
}

/// Implications of the board's clauses, computed on demand: from "black takes white w", "each
/// other black next to w does not take it" (in the order up, down, left, right from w); from a
/// choice pointing at no white, its negation.
impl ImplicationGraph for Board {
    fn num_vars(&self) -> usize {
        2 * self.blacks.cells.len()
    }

    fn out_degree(&self, lit: Lit) -> usize {
        match self.rivals(lit) {
            None => 1,
            Some((_, rivals)) => rivals.count_ones() as usize,
        }
    }

    fn successor(&self, lit: Lit, k: usize) -> Lit {
        let Some((w, mut rivals)) = self.rivals(lit) else {
            return !lit;
        };
        for _ in 0..k {
            rivals &= rivals.wrapping_sub(1);
        }
        // The k-th other black r, toward e from w, must not take w: it goes toward e too.
        let e = (rivals.trailing_zeros() as usize).min(3);
        let r = self.padded.step(w, e);
        Lit::new(2 * self.blacks.index(r) + (e >> 1) as u32, e & 1 == 0)
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

/// The first black in row-major order with no white on an axis (vertical checked first).
fn first_stranded(grid: &Grid) -> Option<Reason> {
    let (rows, cols) = (grid.rows(), grid.cols());
    for r in 0..rows {
        for c in 0..cols {
            if grid.get(r, c) != b'B' {
                continue;
            }
            for (axis, dirs) in [
                (Axis::Vertical, [Dir::Up, Dir::Down]),
                (Axis::Horizontal, [Dir::Left, Dir::Right]),
            ] {
                let has_white = dirs.iter().any(|d| {
                    d.step(r, c, rows, cols)
                        .is_some_and(|(r2, c2)| grid.get(r2, c2) == b'W')
                });
                if !has_white {
                    return Some(Reason::Stranded { cell: (r, c), axis });
                }
            }
        }
    }
    None
}

/// The checks and the 2-SAT search; a satisfying assignment, or the reason there is none.
fn decide(grid: &Grid) -> Result<(Board, Vec<bool>), Reason> {
    assert!(
        grid.cells().len() < u32::MAX as usize,
        "lpuzzle: boards are limited to 2^32 - 1 cells"
    );
    let forced::Encoded {
        board,
        blacks,
        whites,
        stranded,
    } = forced::encode(grid);
    if stranded && let Some(reason) = first_stranded(grid) {
        return Err(reason);
    }
    if whites != 2 * blacks {
        return Err(Reason::Count { blacks, whites });
    }
    let board = Board::new(board);
    match twosat::solve(&board) {
        twosat::Outcome::Satisfiable(assign) => Ok((board, assign)),
        twosat::Outcome::Unsatisfiable(conflict) => Err(Reason::Conflict {
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
pub fn solve(grid: &Grid) -> Outcome {
    match decide(grid) {
        Ok((board, assign)) => Outcome::Yes(board.pieces(grid, &assign)),
        Err(reason) => Outcome::No(reason),
    }
}

/// Whether the pattern has one tiling or more; `None` if it has none. (The answer of
/// [`tilings`], found with less work: forced choices are propagated first, as in
/// [`can_build`], and only the choices left open are searched for a second tiling.)
///
/// # Constraints
/// As [`solve`].
/// # Panics
/// As [`solve`].
/// # Complexity
/// O(n) for n cells (Hansen & Jaumard: a 2-SAT formula's second model is found in linear time).
pub fn is_unique(grid: &Grid) -> Option<bool> {
    assert!(
        grid.cells().len() < u32::MAX as usize,
        "lpuzzle: boards are limited to 2^32 - 1 cells"
    );
    forced::unique(grid)
}

/// How many tilings a pattern has, shown: none (and why), exactly one, or two different ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tilings {
    /// No tiling, and why.
    None(Reason),
    /// The only tiling.
    Unique(Vec<Piece>),
    /// Two different tilings (there may be more).
    Several(Vec<Piece>, Vec<Piece>),
}

/// A tiling, and a second one if there is one (what a designer checks: a puzzle's solution
/// should be unique). The first tiling is [`solve`]'s; the second differs from it in at least
/// one piece.
///
/// # Constraints
/// As [`solve`].
/// # Panics
/// As [`solve`].
/// # Complexity
/// O(n) for n cells: [`solve`], then [`twosat::second_model_of`] on the same implication graph.
pub fn tilings(grid: &Grid) -> Tilings {
    let (board, assign) = match decide(grid) {
        Ok(found) => found,
        Err(reason) => return Tilings::None(reason),
    };
    let first = board.pieces(grid, &assign);
    // With whites twice the blacks, a model is a tiling and two models are two tilings.
    match twosat::second_model_of(&board, &assign) {
        Some(other) => Tilings::Several(first, board.pieces(grid, &other)),
        None => Tilings::Unique(first),
    }
}

/// The cells whose piece is not the same in two tilings of `grid`, row-major.
///
/// # Complexity
/// O(cells + pieces).
pub fn differing_cells(grid: &Grid, a: &[Piece], b: &[Piece]) -> Vec<(usize, usize)> {
    let cols = grid.cols();
    // The index of the piece owning each cell (u32::MAX: none): 4 bytes a cell, not a piece.
    let owner = |pieces: &[Piece]| {
        let mut owner = vec![u32::MAX; grid.cells().len()];
        for (i, p) in pieces.iter().enumerate() {
            for (r, c) in [p.black, p.vertical, p.horizontal] {
                if r < grid.rows() && c < cols {
                    owner[r * cols + c] = i as u32;
                }
            }
        }
        owner
    };
    let (oa, ob) = (owner(a), owner(b));
    let piece = |pieces: &[Piece], i: u32| pieces.get(i as usize).copied();
    (0..grid.cells().len())
        .filter(|&i| piece(a, oa[i]) != piece(b, ob[i]))
        .map(|i| (i / cols, i % cols))
        .collect()
}

/// A tiling, and which of its pieces are in every tiling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// A tiling ([`solve`]'s), one piece per black in row-major order.
    pub tiling: Vec<Piece>,
    /// `forced[i]`: every tiling has `tiling[i]`.
    pub forced: Vec<bool>,
}

impl Forced {
    /// The pieces in every tiling.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> {
        self.tiling
            .iter()
            .zip(&self.forced)
            .filter_map(|(p, &f)| f.then_some(p))
    }
}

/// The pieces that are the same in every tiling, marked on a tiling; or why there is none.
///
/// # Constraints
/// As [`solve`].
/// # Panics
/// As [`solve`].
/// # Complexity
/// [`solve`], plus propagation and [`twosat::backbone_of`] on the choices propagation leaves
/// open (failed-literal probing: O(c·n) at worst for c open choices; few blacks are open on
/// random tilings).
pub fn forced_pieces(grid: &Grid) -> Result<Forced, Reason> {
    // The whole-formula solve's memory is freed before the forced choices are searched.
    let tiling = match solve(grid) {
        Outcome::Yes(tiling) => tiling,
        Outcome::No(reason) => return Err(reason),
    };
    Ok(forced_on(grid, tiling))
}

/// [`Forced`] for `tiling`, a tiling of `grid` with one piece per black in row-major order (as
/// [`solve`] and [`tilings`] give them): which of its pieces are in every tiling, from
/// propagation and the backbone of the open rest. For a caller that already has the tiling.
pub(crate) fn forced_on(grid: &Grid, tiling: Vec<Piece>) -> Forced {
    assert!(
        grid.cells().len() < u32::MAX as usize,
        "lpuzzle: boards are limited to 2^32 - 1 cells"
    );
    // There is a tiling, so the fast path finds one too (both are tested to agree).
    let forced = forced::forced_blacks(grid).unwrap_or_else(|| vec![false; tiling.len()]);
    Forced { tiling, forced }
}
