//! The King game itself: a [`Position`] (board, visited squares, where the king stands, who
//! moves), its legal moves, a move checked with the reason it is illegal, the engine's reply and
//! who wins from here with perfect play.
//!
//! ```
//! use gridmatch::Grid;
//! use gridmatch::puzzles::king::game::Position;
//! use gridmatch::puzzles::king::{Moves, Player};
//! let mut game = Position::new(Grid::from_rows(&["K#", ".#", ".#", ".#"]), Moves::King)?;
//! assert_eq!(game.legal_moves(), vec![(1, 0)]);
//! assert_eq!(game.winner(), Player::Alice);
//! game.play((1, 0))?;
//! let reply = game.engine_move().ok_or("Bob can move")?;
//! game.play(reply)?;
//! assert!(game.play((0, 0)).is_err(), "visited");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Analysis, BoardGraph, Cell, Moves, Player, StartError, start_of};
use crate::graph::geography::Geography;
use crate::grid::Grid;

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The square is not on the board.
    #[error("({},{}) is not a legal move: it is off the board", .to.0, .to.1)]
    OffBoard {
        /// The square.
        to: Cell,
    },
    /// The square is burned.
    #[error("({},{}) is not a legal move: that square is burned", .to.0, .to.1)]
    Burned {
        /// The square.
        to: Cell,
    },
    /// The square was visited before.
    #[error("({},{}) is not a legal move: that square was already visited", .to.0, .to.1)]
    Visited {
        /// The square.
        to: Cell,
    },
    /// The piece does not move that way.
    #[error("({},{}) is not a legal move: it is not one {} move from ({},{})", .to.0, .to.1, .moves.name(), .at.0, .at.1)]
    NotAMove {
        /// The square.
        to: Cell,
        /// Where the king stands.
        at: Cell,
        /// How it moves.
        moves: Moves,
    },
}

/// A position of the game on one board.
#[derive(Clone, Debug)]
pub struct Position {
    grid: Grid,
    moves: Moves,
    visited: Vec<bool>,
    /// The squares visited, the start first, in the order played.
    history: Vec<Cell>,
    at: Cell,
    to_move: Player,
}

impl Position {
    /// The start of a game: the king on the board's single `K`, Alice to move.
    ///
    /// # Complexity
    /// O(cells).
    pub fn new(grid: Grid, moves: Moves) -> Result<Position, StartError> {
        let start = start_of(&grid)?;
        let mut visited = vec![false; grid.cells().len()];
        visited[grid.index(start)] = true;
        Ok(Position {
            grid,
            moves,
            visited,
            history: vec![start],
            at: start,
            to_move: Player::Alice,
        })
    }

    /// The board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// How the piece moves.
    pub fn moves(&self) -> Moves {
        self.moves
    }

    /// Where the king stands.
    pub fn at(&self) -> Cell {
        self.at
    }

    /// Who moves next.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Whether a square was visited (the king's own included).
    pub fn is_visited(&self, cell: Cell) -> bool {
        self.visited[self.grid.index(cell)]
    }

    /// Which squares were visited, row-major.
    pub fn visited(&self) -> &[bool] {
        &self.visited
    }

    /// The squares visited, the start first, in the order played.
    pub fn history(&self) -> &[Cell] {
        &self.history
    }

    /// The squares the king may move to now, in the order of [`Moves::offsets`].
    pub fn legal_moves(&self) -> Vec<Cell> {
        self.grid
            .neighbours(self.at(), self.moves.offsets())
            .filter(|&to| self.is_open(to))
            .collect()
    }

    /// The player to move has no move: the other one has won.
    pub fn is_over(&self) -> bool {
        self.legal_moves().is_empty()
    }

    fn is_open(&self, cell: Cell) -> bool {
        self.grid.get(cell.0, cell.1) != b'#' && !self.is_visited(cell)
    }

    /// Checks that `to` is a legal move now.
    pub fn check(&self, to: Cell) -> Result<(), IllegalMove> {
        let at = self.at();
        if !self.grid.contains(to) {
            Err(IllegalMove::OffBoard { to })
        } else if self.grid.get(to.0, to.1) == b'#' {
            Err(IllegalMove::Burned { to })
        } else if self.is_visited(to) {
            Err(IllegalMove::Visited { to })
        } else if !self.legal_moves().contains(&to) {
            Err(IllegalMove::NotAMove {
                to,
                at,
                moves: self.moves,
            })
        } else {
            Ok(())
        }
    }

    /// Moves the king to `to` if that is legal; the other player moves next.
    pub fn play(&mut self, to: Cell) -> Result<(), IllegalMove> {
        self.check(to)?;
        self.place(to);
        self.to_move = self.to_move.other();
        Ok(())
    }

    /// Marks `cell` visited without a move (positions sent by a client: squares it says were
    /// visited). A square already visited is left as it is.
    ///
    /// # Panics
    /// If the square is off the board.
    pub fn visit(&mut self, cell: Cell) {
        let i = self.grid.index(cell);
        if !std::mem::replace(&mut self.visited[i], true) {
            self.history.push(cell);
        }
    }

    /// Puts the king on `cell` (marking it visited) without a move.
    ///
    /// # Panics
    /// If the square is off the board.
    pub fn place(&mut self, cell: Cell) {
        self.visit(cell);
        self.at = cell;
    }

    /// The board that is left: the visited squares burned, the king's square free.
    fn rest(&self) -> BoardGraph {
        let at = self.grid.index(self.at());
        BoardGraph::new(&self.grid, self.moves, &|i| self.visited[i] && i != at)
    }

    /// Who wins from here with perfect play.
    ///
    /// # Complexity
    /// One maximum matching and decomposition of the board that is left.
    pub fn winner(&self) -> Player {
        let board = self.rest();
        let wins = board
            .vertex(self.at())
            .is_some_and(|v| Geography::new(board.graph).winner(v) == Player::Alice);
        if wins {
            self.to_move
        } else {
            self.to_move.other()
        }
    }

    /// The engine's move for the player to move: along a maximum matching of the board that is
    /// left when that player wins from here, otherwise the first legal move (`None` if there
    /// is none). The engine never loses a won position.
    ///
    /// # Complexity
    /// One maximum matching and decomposition of the board that is left.
    pub fn engine_move(&self) -> Option<Cell> {
        let board = self.rest();
        let v = board.vertex(self.at())?;
        let first = board.graph.neighbors(v).first().copied();
        let game = Geography::new(board.graph);
        let to = match game.winner(v) {
            Player::Alice => game.matching().mate(v),
            Player::Bob => first,
        };
        to.map(|u| board.cells.cell(u))
    }

    /// The analysis of the whole board from its start (every square's winner, certificates).
    pub fn analysis(&self) -> Analysis {
        Analysis::new(&self.grid, self.moves)
    }
}
