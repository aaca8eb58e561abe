//! King (Google Code Jam 2008 "King"): who wins the game of moving a king to unvisited, unburned
//! squares — for the given start and for every other start at once — and how to play it.
//!
//! **Complexity:** one maximum matching and one Gallai–Edmonds decomposition of the board graph:
//! near-linear in the cells in practice (Edmonds' blossom algorithm with union–find), O(n) memory.
//!
//! **Reduction.** Free squares are vertices; two squares are adjacent if the piece moves between
//! them ([`Moves::King`] is GCJ's game: the 8 neighbours). In the game "move the token to an
//! unvisited neighbour; who cannot move loses", the first player (Alice) wins from `s` exactly when
//! every maximum matching covers `s`: if one, `M`, misses `s`, Bob answers each move along `M`
//! (Alice never reaches an unmatched square, or `M` would not be maximum); if all cover `s`, Alice
//! moves along a maximum matching and Bob can never step off it. By Gallai–Edmonds, the squares
//! missed by some maximum matching form the set D, so one decomposition answers every start
//! square: Bob wins exactly from the squares of D.
//!
//! **Certificates** ([`Certificate`], one shape per winner), checked by [`verify()`] in linear
//! time on the board alone:
//! - Bob wins: a matching leaving the start free, and a *barrier* X with
//!   `|V| − 2|M| = odd_components(G − X) − |X|` (Tutte–Berge), which proves `M` maximum.
//! - Alice wins: a matching `M` (with its barrier) and a barrier Y of `G − start` with
//!   `|V| − 1 − 2(|M| − 1) = odd_components(G − start − Y) − |Y|`: removing the start loses a
//!   matched edge, so every maximum matching covers it.
//!
//! **Status:** on 1500 random boards of at most 16 cells (every move set), the winner from every
//! free square equals an exhaustive game search and its certificate verifies
//! (`every_start_against_exhaustive_game_search`); [`winner_from`] equals that search on 1500
//! more such boards and the whole-board analysis on 400 boards up to 39 × 39 burned 0–80%
//! (`winner_from_matches_exhaustive_search_and_the_whole_board_analysis`); mutated certificates
//! of 3000 boards are rejected (`mutated_certificates_are_rejected`); the engine's strategy wins
//! every won start against every reply on 300 boards (`engine_never_loses_a_won_position`); a
//! 300 × 300 serpentine is analysed and certified on a 256 KiB stack. The tests are in
//! `king/tests.rs`.
//!
//! [`game::Position`] plays the game itself: legal moves, a move with the reason it is illegal,
//! the engine's reply and who wins from here; the terminal and the web playground both drive it.

pub mod game;
#[cfg(test)]
mod tests;
mod verify;

use crate::graph::NONE;
use crate::graph::general::Graph;
pub use crate::graph::geography::Player;
use crate::graph::geography::{self, Geography};
pub use crate::grid::Cell;
use crate::grid::Grid;
pub use verify::{KingError, verify, verify_map};

/// The input alphabet: free, burned, the king's start.
pub const ALPHABET: &[u8] = b".#K";

/// How the piece moves; any symmetric move set gives the same theorem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Moves {
    /// The 8 neighbours (GCJ 2008's game).
    #[default]
    King,
    /// The 4 orthogonal neighbours.
    Wazir,
    /// The 4 diagonal neighbours.
    Ferz,
    /// The chess knight's 8 jumps.
    Knight,
}

impl Moves {
    /// All move sets.
    pub const ALL: [Moves; 4] = [Moves::King, Moves::Wazir, Moves::Ferz, Moves::Knight];

    /// Row and column offsets of one move.
    pub fn offsets(self) -> &'static [(i64, i64)] {
        match self {
            Moves::King => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Moves::Wazir => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Moves::Ferz => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            Moves::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        }
    }

    /// Parses a [`name`](Self::name).
    pub fn from_name(s: &str) -> Option<Moves> {
        Moves::ALL.into_iter().find(|m| m.name() == s)
    }
}

// In JSON a player is `"A"` or `"B"`, as the judge prints it.
super::serde_by_name!(Player, "A or B", Player::Alice => "A", Player::Bob => "B");
super::serde_by_name!(fn name, Moves, "a move set",
    Moves::King => "king", Moves::Wazir => "wazir", Moves::Ferz => "ferz", Moves::Knight => "knight");

/// Who wins from the free cell `start` — the judge's question, and only it: the game never
/// leaves the start's connected component, and a vertex's Gallai–Edmonds class is decided
/// within its component, so when that component is small (at most 3/5 of the free cells: on
/// boards with many burned squares, and with ferz moves, which never change a square's colour)
/// only it is built and matched; otherwise this is
/// [`Analysis::new`]`(grid, moves).winner(start)`. Much faster where the component is small,
/// within noise of the whole-board analysis elsewhere (the abandoned flood fill costs little;
/// docs/BENCHMARKS.md, *King*).
///
/// # Constraints
/// `start` is a free cell of `grid`.
/// # Panics
/// If `start` is off the board or burned, or the board has 2³² − 1 cells or more.
/// # Complexity
/// O(cells) to count, plus the flood fill (stopped once it passes 3/5) and one matching
/// and decomposition of the component (or of the board).
pub fn winner_from(grid: &Grid, moves: Moves, start: Cell) -> Player {
    let free = grid.cells().iter().filter(|&&c| c != b'#').count();
    let analysis = match component_within(grid, moves, start, component_cap(free)) {
        Some(inside) => Analysis::of(BoardGraph::new(grid, moves, &|i| !inside[i])),
        None => Analysis::new(grid, moves),
    };
    analysis
        .winner(start)
        .expect("winner_from: the start must be a free cell")
}

/// The largest start component [`winner_from`] builds on its own, for `free` free cells.
fn component_cap(free: usize) -> usize {
    free / 5 * 3
}

/// The cells of `start`'s connected component under `moves` (by cell index), if it has at most
/// `cap` cells; `None` as soon as the flood fill passes `cap`. Breadth-first with an explicit
/// queue.
fn component_within(grid: &Grid, moves: Moves, start: Cell, cap: usize) -> Option<Vec<bool>> {
    let cols = grid.cols();
    let index = |(r, c): Cell| r * cols + c;
    assert!(
        grid.contains(start) && grid.cells()[index(start)] != b'#',
        "the start must be a free cell"
    );
    let mut inside = vec![false; grid.cells().len()];
    inside[index(start)] = true;
    let mut queue = vec![start];
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        for next in grid.neighbours(at, moves.offsets()) {
            let i = index(next);
            if !inside[i] && grid.cells()[i] != b'#' {
                if queue.len() == cap {
                    return None;
                }
                inside[i] = true;
                queue.push(next);
            }
        }
    }
    Some(inside)
}

/// The board as a graph: free cells numbered row-major.
pub struct BoardGraph {
    /// The move graph on free cells.
    pub graph: Graph,
    cells: Cells,
}

/// Which vertex each free cell is, and back.
struct Cells {
    /// Vertex of each cell (`NONE` for burned cells).
    vertex: Vec<u32>,
    /// Cell index of each vertex.
    cell: Vec<u32>,
    cols: usize,
}

impl Cells {
    fn vertex(&self, (r, c): Cell) -> Option<u32> {
        Some(self.vertex[r * self.cols + c]).filter(|&v| v != NONE)
    }

    fn cell(&self, v: u32) -> Cell {
        let i = self.cell[v as usize] as usize;
        (i / self.cols, i % self.cols)
    }
}

impl BoardGraph {
    /// Builds the move graph of the free cells (`.` and `K`) of `grid`; `blocked` cells (by
    /// index) count as burned too.
    ///
    /// # Panics
    /// If the board has 2³² − 1 cells or more.
    /// # Complexity
    /// O(cells × moves).
    pub fn new(grid: &Grid, moves: Moves, blocked: &dyn Fn(usize) -> bool) -> BoardGraph {
        let cols = grid.cols();
        assert!(grid.cells().len() < NONE as usize, "king: board too large");
        let mut vertex = vec![NONE; grid.cells().len()];
        let mut cell = Vec::new();
        for (i, &c) in grid.cells().iter().enumerate() {
            if c != b'#' && !blocked(i) {
                vertex[i] = cell.len() as u32;
                cell.push(i as u32);
            }
        }
        let rows = grid.rows() as i64;
        let moves = moves.offsets();
        let mut offsets = Vec::with_capacity(cell.len() + 1);
        let mut targets = Vec::with_capacity(cell.len() * moves.len());
        offsets.push(0);
        for &i in &cell {
            let (r, c) = ((i as usize / cols) as i64, (i as usize % cols) as i64);
            for &(dr, dc) in moves {
                let (tr, tc) = (r + dr, c + dc);
                if (0..rows).contains(&tr) && (0..cols as i64).contains(&tc) {
                    let v = vertex[(tr as usize) * cols + tc as usize];
                    if v != NONE {
                        targets.push(v);
                    }
                }
            }
            offsets.push(targets.len());
        }
        BoardGraph {
            graph: Graph::from_csr(offsets, targets),
            cells: Cells { vertex, cell, cols },
        }
    }

    /// The vertex of a cell, if free.
    pub fn vertex(&self, cell: Cell) -> Option<u32> {
        self.cells.vertex(cell)
    }

    /// The cell of a vertex.
    pub fn cell(&self, v: u32) -> Cell {
        self.cells.cell(v)
    }
}

/// Why a board has no single start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// No `K` at all.
    #[error("the board has no K (the king's start)")]
    Missing,
    /// More than one `K`.
    #[error("the board has {count} K, the king starts on one")]
    Several {
        /// The first `K`, row-major.
        first: Cell,
        /// The second.
        second: Cell,
        /// How many there are.
        count: usize,
    },
}

/// The square of the board's single `K` (the king's start). The one place a start is found.
///
/// # Complexity
/// O(cells).
pub fn start_of(grid: &Grid) -> Result<Cell, StartError> {
    let mut ks = memchr::memchr_iter(b'K', grid.cells());
    match (ks.next(), ks.next()) {
        (None, _) => Err(StartError::Missing),
        (Some(i), None) => Ok(grid.cell(i)),
        (Some(i), Some(j)) => Err(StartError::Several {
            first: grid.cell(i),
            second: grid.cell(j),
            count: 2 + ks.count(),
        }),
    }
}

/// Who wins from every square of a board: the answer to every start at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinnerMap {
    cols: usize,
    winners: Vec<Option<Player>>,
}

impl WinnerMap {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.winners.len().checked_div(self.cols).unwrap_or(0)
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Who wins from `(r, c)`; `None` for a burned square.
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn get(&self, (r, c): Cell) -> Option<Player> {
        assert!(c < self.cols, "cell off the board");
        self.winners[r * self.cols + c]
    }

    /// Row `r`: the winner from each of its squares.
    pub fn row(&self, r: usize) -> &[Option<Player>] {
        &self.winners[r * self.cols..(r + 1) * self.cols]
    }
}

/// The solved board: the [vertex geography](crate::graph::geography) of its move graph, for every start
/// square at once.
pub struct Analysis {
    cells: Cells,
    game: Geography,
}

impl Analysis {
    /// Solves the board for every start square at once.
    ///
    /// # Constraints
    /// Cells are `.`, `#`, `K` (anything but `#` is free).
    /// # Complexity
    /// One maximum matching plus one decomposition of the board graph.
    pub fn new(grid: &Grid, moves: Moves) -> Analysis {
        Analysis::of(BoardGraph::new(grid, moves, &|_| false))
    }

    /// The analysis of a board graph (perhaps of part of the board).
    fn of(board: BoardGraph) -> Analysis {
        Analysis {
            cells: board.cells,
            game: Geography::new(board.graph),
        }
    }

    /// The game on the board's graph (vertices are free cells, row-major).
    pub fn geography(&self) -> &Geography {
        &self.game
    }

    /// Who wins when the king starts on the free cell `start` (`None` for a burned cell).
    pub fn winner(&self, start: Cell) -> Option<Player> {
        Some(self.game.winner(self.cells.vertex(start)?))
    }

    /// Who wins from every square.
    ///
    /// # Complexity
    /// O(cells).
    pub fn map(&self) -> WinnerMap {
        WinnerMap {
            cols: self.cells.cols,
            winners: self
                .cells
                .vertex
                .iter()
                .map(|&v| (v != NONE).then(|| self.game.winner(v)))
                .collect(),
        }
    }

    /// The winner's strategy from `start`: for Alice her first move; for Bob his reply to each
    /// of Alice's possible first moves. Following the same matching afterwards wins the game.
    pub fn strategy(&self, start: Cell) -> Option<Strategy> {
        let s = self.cells.vertex(start)?;
        Some(self.game.strategy(s).map(|v| self.cells.cell(v)))
    }

    /// The maximum matching the winner from `start` plays along: for Bob one that leaves the
    /// start free, for Alice one that covers it.
    ///
    /// # Complexity
    /// Linear: at most one alternating-path flip.
    pub fn winning_matching(&self, start: Cell) -> Option<Vec<(Cell, Cell)>> {
        let s = self.cells.vertex(start)?;
        let m = self.game.winning_matching(s);
        Some(
            m.edges()
                .map(|(u, v)| (self.cells.cell(u), self.cells.cell(v)))
                .collect(),
        )
    }

    /// The certificate of who wins from `start`.
    ///
    /// # Complexity
    /// Near-linear: at most one alternating-path flip and one more decomposition.
    pub fn certificate(&self, start: Cell) -> Option<Certificate> {
        let s = self.cells.vertex(start)?;
        Some(self.game.certificate(s).map(|v| self.cells.cell(v)))
    }
}

/// How the winner plays from the start, in board cells.
pub type Strategy = geography::Strategy<Cell>;

/// The proof of who wins from the start, in board cells (see the module docs).
pub type Certificate = geography::Certificate<Cell>;
