//! The L-puzzle certificates' independent checks: a tiling cell by cell, a reason step by step
//! on the board, none of the solver's code.

use super::{Axis, Choice, Dir, Piece, Reason};
use crate::grid::Grid;

/// The first rule an L-puzzle certificate breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A piece leaves the board.
    #[error("piece {piece} has cell ({},{}) off the board", .cell.0, .cell.1)]
    PieceOffBoard {
        /// The piece, from 0.
        piece: usize,
        /// The cell.
        cell: (usize, usize),
    },
    /// A piece's corner is not black.
    #[error("piece {piece}: its corner ({},{}) is not black", .cell.0, .cell.1)]
    CornerNotBlack {
        /// The piece.
        piece: usize,
        /// The corner.
        cell: (usize, usize),
    },
    /// A piece's vertical arm is not above or below its corner.
    #[error("piece {piece}: ({},{}) is not directly above or below its corner", .cell.0, .cell.1)]
    VerticalArm {
        /// The piece.
        piece: usize,
        /// The arm.
        cell: (usize, usize),
    },
    /// A piece's horizontal arm is not left or right of its corner.
    #[error("piece {piece}: ({},{}) is not directly left or right of its corner", .cell.0, .cell.1)]
    HorizontalArm {
        /// The piece.
        piece: usize,
        /// The arm.
        cell: (usize, usize),
    },
    /// An arm on a cell that is not white.
    #[error("piece {piece}: its arm ({},{}) is not white", .cell.0, .cell.1)]
    ArmNotWhite {
        /// The piece.
        piece: usize,
        /// The arm.
        cell: (usize, usize),
    },
    /// Two pieces on one cell.
    #[error("cell ({},{}) is covered twice", .0.0, .0.1)]
    CoveredTwice((usize, usize)),
    /// A black or white cell no piece covers.
    #[error("cell ({},{}) is not covered", .0.0, .0.1)]
    NotCovered((usize, usize)),
    /// The counts are not the board's.
    #[error(
        "the board has {blacks} blacks and {whites} whites, not {claimed_blacks} and {claimed_whites}"
    )]
    WrongCount {
        /// The board's blacks.
        blacks: usize,
        /// The board's whites.
        whites: usize,
        /// The reason's blacks.
        claimed_blacks: usize,
        /// The reason's whites.
        claimed_whites: usize,
    },
    /// The counts are fine.
    #[error("whites are exactly twice the blacks: the count is no reason")]
    CountFine,
    /// A stranded cell that is not black.
    #[error("({},{}) is not a black cell", .0.0, .0.1)]
    NotBlack((usize, usize)),
    /// A "stranded" black that has a white on that axis.
    #[error("the black at ({},{}) has a white at ({},{})", .black.0, .black.1, .white.0, .white.1)]
    NotStranded {
        /// The black.
        black: (usize, usize),
        /// Its white.
        white: (usize, usize),
    },
    /// An empty chain.
    #[error("the chain is empty")]
    EmptyChain,
    /// A chain that is not a cycle.
    #[error("the chain must start and end with the same choice")]
    NotACycle,
    /// A chain that never meets the opposite choice.
    #[error("the chain never reaches the opposite of its first choice")]
    NoOpposite,
    /// A chain through a cell that is not black.
    #[error("({},{}) in the chain is not a black cell", .0.0, .0.1)]
    ChainNotBlack((usize, usize)),
    /// A step of the chain that is not forced.
    #[error("step {step} does not follow: ({},{}) {} does not force ({},{}) {}", .from.cell.0, .from.cell.1, .from.dir.name(), .to.cell.0, .to.cell.1, .to.dir.name())]
    NotForced {
        /// The step, from 1.
        step: usize,
        /// Its choice.
        from: Choice,
        /// The next.
        to: Choice,
    },
}

/// Checks a tiling against the board, independently of the solver: every piece an L whose corner
/// is a black cell and whose arms are one vertical and one horizontal white neighbour; every `B`
/// and `W` covered exactly once; no `.` covered.
///
/// # Complexity
/// O(cells + pieces).
pub fn verify_tiling(grid: &Grid, pieces: &[Piece]) -> Result<(), VerifyError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut used = vec![false; rows * cols];
    for (i, p) in pieces.iter().enumerate() {
        let (br, bc) = p.black;
        let (vr, vc) = p.vertical;
        let (hr, hc) = p.horizontal;
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if r >= rows || c >= cols {
                return Err(VerifyError::PieceOffBoard {
                    piece: i,
                    cell: (r, c),
                });
            }
        }
        if grid.get(br, bc) != b'B' {
            return Err(VerifyError::CornerNotBlack {
                piece: i,
                cell: (br, bc),
            });
        }
        if vc != bc || vr.abs_diff(br) != 1 {
            return Err(VerifyError::VerticalArm {
                piece: i,
                cell: (vr, vc),
            });
        }
        if hr != br || hc.abs_diff(bc) != 1 {
            return Err(VerifyError::HorizontalArm {
                piece: i,
                cell: (hr, hc),
            });
        }
        for (r, c) in [p.vertical, p.horizontal] {
            if grid.get(r, c) != b'W' {
                return Err(VerifyError::ArmNotWhite {
                    piece: i,
                    cell: (r, c),
                });
            }
        }
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if std::mem::replace(&mut used[r * cols + c], true) {
                return Err(VerifyError::CoveredTwice((r, c)));
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if grid.get(r, c) != b'.' && !used[r * cols + c] {
                return Err(VerifyError::NotCovered((r, c)));
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
pub fn verify_no(grid: &Grid, reason: &Reason) -> Result<(), VerifyError> {
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
                return Err(VerifyError::WrongCount {
                    blacks: b,
                    whites: w,
                    claimed_blacks: *blacks,
                    claimed_whites: *whites,
                });
            }
            if w == 2 * b {
                return Err(VerifyError::CountFine);
            }
            Ok(())
        }
        Reason::Stranded { cell, axis } => {
            if !is(*cell, b'B') {
                return Err(VerifyError::NotBlack(*cell));
            }
            let dirs = match axis {
                Axis::Vertical => [Dir::Up, Dir::Down],
                Axis::Horizontal => [Dir::Left, Dir::Right],
            };
            for d in dirs {
                let ch = Choice {
                    cell: *cell,
                    dir: d,
                };
                if let Some(w) = target(&ch) {
                    return Err(VerifyError::NotStranded {
                        black: *cell,
                        white: w,
                    });
                }
            }
            Ok(())
        }
        Reason::Conflict { chain } => {
            let (Some(first), Some(last)) = (chain.first(), chain.last()) else {
                return Err(VerifyError::EmptyChain);
            };
            if chain.len() < 3 || first != last {
                return Err(VerifyError::NotACycle);
            }
            let opposite = Choice {
                cell: first.cell,
                dir: first.dir.opposite(),
            };
            if !chain.contains(&opposite) {
                return Err(VerifyError::NoOpposite);
            }
            for ch in chain {
                if !is(ch.cell, b'B') {
                    return Err(VerifyError::ChainNotBlack(ch.cell));
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
                    return Err(VerifyError::NotForced {
                        step: i + 1,
                        from: *p,
                        to: *q,
                    });
                }
            }
            Ok(())
        }
    }
}
