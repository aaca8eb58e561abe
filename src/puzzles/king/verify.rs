//! The King certificate's independent check: counts on the board, and the barriers' Tutte–Berge
//! count by the verifiers' shared [`tutte_berge`] on the board's own graph (free cells, one move
//! apart), none of the solver's matching code.

use super::{Cell, Certificate, Moves, start_of};
use crate::graph::geography::{BarrierFault, tutte_berge};
use crate::grid::Grid;

/// The first rule a King certificate breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KingError {
    /// The board has no single `K`.
    #[error("the board must hold exactly one K")]
    Start,
    /// A matched pair leaves the board.
    #[error("matched pair ({},{})-({},{}) is off the board", .0.0, .0.1, .1.0, .1.1)]
    PairOffBoard(Cell, Cell),
    /// A matched pair uses a burned square.
    #[error("matched pair ({},{})-({},{}) uses a burned cell", .0.0, .0.1, .1.0, .1.1)]
    PairBurned(Cell, Cell),
    /// A matched pair is not one move apart.
    #[error("({},{}) and ({},{}) are not one {} move apart", .0.0, .0.1, .1.0, .1.1, .2.name())]
    PairNotAMove(Cell, Cell, Moves),
    /// A square is in two matched pairs.
    #[error("cell ({},{}) is matched twice", .0.0, .0.1)]
    MatchedTwice(Cell),
    /// A barrier square is off the board or burned.
    #[error("{what} cell ({},{}) is not a free cell", .cell.0, .cell.1)]
    BarrierNotFree {
        /// Which barrier.
        what: &'static str,
        /// The square.
        cell: Cell,
    },
    /// A barrier square is listed twice (or is the start, for the barrier without it).
    #[error("{what} cell ({},{}) is listed twice or is the start", .cell.0, .cell.1)]
    BarrierTwice {
        /// Which barrier.
        what: &'static str,
        /// The square.
        cell: Cell,
    },
    /// The Tutte–Berge equality fails.
    #[error(
        "{what}: {} − 2×{matched} matched ≠ {} − {}",
        crate::formats::count(*.vertices, "cell", "cells"),
        crate::formats::count(*.odd, "odd component", "odd components"),
        crate::formats::count(*.size, "barrier cell", "barrier cells")
    )]
    TutteBerge {
        /// Which barrier.
        what: &'static str,
        /// Free squares.
        vertices: usize,
        /// Matched pairs.
        matched: usize,
        /// Odd components left by the barrier.
        odd: usize,
        /// Barrier squares.
        size: usize,
    },
    /// Bob's matching covers the start.
    #[error("Bob's matching covers the start")]
    StartCovered,
    /// Alice's matching is empty.
    #[error("Alice's claim needs a non-empty matching")]
    EmptyMatching,
    /// A map with another number of rows than the board.
    #[error("map: {} for a board of {board}", crate::formats::count(*.rows, "row", "rows"))]
    MapRows {
        /// The map's rows.
        rows: usize,
        /// The board's.
        board: usize,
    },
    /// A map row with another number of squares than the board's rows.
    #[error("map: row {row} has {}, not {board}", crate::formats::count(*.squares, "square", "squares"))]
    MapRow {
        /// The row, from 0.
        row: usize,
        /// Its squares.
        squares: usize,
        /// The board's columns.
        board: usize,
    },
    /// A map letter that does not fit the square: `#` on burned squares, `A` or `B` elsewhere.
    #[error("map: ({},{}) should be {}", .0.0, .0.1, if *.1 { "'#'" } else { "'A' or 'B'" })]
    MapSquare(Cell, bool),
    /// The map's letter on the start is not the certificate's winner.
    #[error("map: the start says {0}")]
    MapStart(char),
    /// A square the certificate's maximum matching leaves exposed that the map gives to Alice.
    #[error("map: ({},{}) is exposed by a maximum matching, so Bob wins there", .0.0, .0.1)]
    MapExposed(Cell),
    /// A barrier square that the map gives to Bob.
    #[error("map: ({},{}) is in the barrier, so every maximum matching covers it and Alice wins there", .0.0, .0.1)]
    MapBarrier(Cell),
}

/// Checks a certificate ([`verify`], first) and a map of the winner from every square (rows of
/// `A`, `B` and `#`) against the board: `#` exactly on burned squares, the
/// certificate's winner on the start; a maximum matching misses every square it leaves exposed,
/// so Bob wins there; every maximum matching covers a barrier square (it is matched into its
/// own odd component), so Alice wins there. (That the other letters are right needs every
/// maximum matching; this checks what one certificate can refute.)
///
/// # Complexity
/// O(cells + certificate): [`verify`] and one pass over the map.
pub fn verify_map<S: AsRef<[u8]>>(
    grid: &Grid,
    moves: Moves,
    cert: &Certificate,
    map: &[S],
) -> Result<(), KingError> {
    // Every cell of the certificate is on the board once it holds.
    verify(grid, moves, cert)?;
    let (rows, cols) = (grid.rows(), grid.cols());
    if map.len() != rows {
        return Err(KingError::MapRows {
            rows: map.len(),
            board: rows,
        });
    }
    for (r, row) in map.iter().enumerate() {
        let row = row.as_ref();
        if row.len() != cols {
            return Err(KingError::MapRow {
                row: r,
                squares: row.len(),
                board: cols,
            });
        }
        for (c, &letter) in row.iter().enumerate() {
            let burned = grid.get(r, c) == b'#';
            match letter {
                b'#' if burned => {}
                b'A' | b'B' if !burned => {}
                _ => return Err(KingError::MapSquare((r, c), burned)),
            }
        }
    }
    let at = |(r, c): Cell| map[r].as_ref()[c];
    let start = start_of(grid).map_err(|_| KingError::Start)?;
    if at(start) != cert.winner().letter() as u8 {
        return Err(KingError::MapStart(char::from(at(start))));
    }
    let mut covered = vec![false; rows * cols];
    for &(a, b) in cert.matching() {
        covered[a.0 * cols + a.1] = true;
        covered[b.0 * cols + b.1] = true;
    }
    for (i, &cell) in grid.cells().iter().enumerate() {
        if cell != b'#' && !covered[i] && at((i / cols, i % cols)) != b'B' {
            return Err(KingError::MapExposed((i / cols, i % cols)));
        }
    }
    for &sq in cert.barrier() {
        if at(sq) != b'A' {
            return Err(KingError::MapBarrier(sq));
        }
    }
    Ok(())
}

/// Checks a certificate against the board, in linear time and without the solver's code:
/// the matching pairs are distinct free cells one move apart; barriers hold distinct free cells;
/// odd components are counted by a search of the board (`tutte_berge`, in `graph::geography::verify`); then the Tutte–Berge equalities
/// (see the module docs) must hold, and the start must be free in Bob's matching.
pub fn verify(grid: &Grid, moves: Moves, cert: &Certificate) -> Result<(), KingError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let start = grid.index(start_of(grid).map_err(|_| KingError::Start)?);
    let free = |i: usize| grid.cells()[i] != b'#';
    let steps: Vec<(i64, i64)> = match moves {
        Moves::King => (-1..=1)
            .flat_map(|a| (-1..=1).map(move |b| (a, b)))
            .filter(|&s| s != (0, 0))
            .collect(),
        Moves::Wazir => vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
        Moves::Ferz => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Moves::Knight => [(1, 2), (2, 1)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (a, -b), (-a, b), (-a, -b)])
            .collect(),
    };
    let index = |(r, c): Cell| (r < rows && c < cols).then(|| r * cols + c);
    let mut matched = vec![false; rows * cols];
    for &(a, b) in cert.matching() {
        let (Some(i), Some(j)) = (index(a), index(b)) else {
            return Err(KingError::PairOffBoard(a, b));
        };
        if !free(i) || !free(j) {
            return Err(KingError::PairBurned(a, b));
        }
        let d = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        if !steps.contains(&d) {
            return Err(KingError::PairNotAMove(a, b, moves));
        }
        for k in [i, j] {
            if std::mem::replace(&mut matched[k], true) {
                return Err(KingError::MatchedTwice((k / cols, k % cols)));
            }
        }
    }
    let m = cert.matching().len();
    // The board's graph for the shared Tutte–Berge check: free cells, one move apart.
    let neighbours = |i: usize| {
        let (r, c) = ((i / cols) as i64, (i % cols) as i64);
        steps.iter().filter_map(move |&(dr, dc)| {
            let (r2, c2) = (r + dr, c + dc);
            (r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols)
                .then(|| r2 as usize * cols + c2 as usize)
        })
    };
    let check_barrier =
        |barrier: &[Cell], also_removed: Option<usize>, matched: usize, what: &'static str| {
            let slot = |&x: &Cell| index(x);
            tutte_berge(
                rows * cols,
                free,
                neighbours,
                barrier,
                slot,
                also_removed,
                matched,
            )
            .map_err(|fault| match fault {
                BarrierFault::NotAVertex(k) => KingError::BarrierNotFree {
                    what,
                    cell: barrier[k],
                },
                BarrierFault::Twice(k) => KingError::BarrierTwice {
                    what,
                    cell: barrier[k],
                },
                BarrierFault::Count { vertices, odd } => KingError::TutteBerge {
                    what,
                    vertices,
                    matched,
                    odd,
                    size: barrier.len(),
                },
            })
        };
    check_barrier(cert.barrier(), None, m, "barrier")?;
    match cert {
        Certificate::Bob { .. } => {
            if matched[start] {
                return Err(KingError::StartCovered);
            }
            Ok(())
        }
        Certificate::Alice {
            barrier_without_start,
            ..
        } => {
            if m == 0 {
                return Err(KingError::EmptyMatching);
            }
            check_barrier(
                barrier_without_start,
                Some(start),
                m - 1,
                "barrier without the start",
            )
        }
    }
}

#[cfg(test)]
mod map_tests {
    use super::*;

    /// The map's check verifies the certificate first: an off-board pair is refused, not read
    /// out of bounds.
    #[test]
    fn map_check_refuses_an_off_board_certificate() {
        let grid = Grid::from_rows(&["K.", ".."]);
        for far in [(5, 9), (0, 7), (9, 0)] {
            let cert = Certificate::Bob {
                matching: vec![((0, 1), far)],
                barrier: vec![],
            };
            assert!(matches!(
                verify_map(&grid, Moves::King, &cert, &["BB", "BB"]),
                Err(KingError::PairOffBoard(..))
            ));
        }
    }
}
