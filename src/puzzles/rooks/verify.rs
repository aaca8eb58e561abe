//! The rooks certificate's independent check: sweeps of the board's rows and columns and a
//! hash set of the cover runs, none of the solver's matching code: every function here reads the board and
//! the certificate only.

use super::{EMPTY, Segment, Solution};
use crate::grid::Grid;

/// A run in words: `row 0, columns 1 to 4` (`what` is `row` or `column`).
fn run_words(what: &str, run: &Segment) -> String {
    let across = if what == "row" { "columns" } else { "rows" };
    if run.start == run.end {
        format!(
            "{what} {}, {} {}",
            run.line,
            &across[..across.len() - 1],
            run.start
        )
    } else {
        format!("{what} {}, {across} {} to {}", run.line, run.start, run.end)
    }
}

/// The first rule a rooks certificate breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RooksError {
    /// A rook off the board.
    #[error("rook at ({},{}) is off the board", .0.0, .0.1)]
    RookOffBoard((usize, usize)),
    /// A rook on a pawn.
    #[error("rook at ({},{}) stands on a pawn", .0.0, .0.1)]
    RookOnPawn((usize, usize)),
    /// Two rooks on one cell.
    #[error("two rooks at ({},{})", .0.0, .0.1)]
    TwoRooks((usize, usize)),
    /// Two rooks in one row run.
    #[error("rooks at ({},{}) and ({},{}) attack along the row", .0.0, .0.1, .1.0, .1.1)]
    AttackRow((usize, usize), (usize, usize)),
    /// Two rooks in one column run.
    #[error("rooks at ({},{}) and ({},{}) attack along the column", .0.0, .0.1, .1.0, .1.1)]
    AttackColumn((usize, usize), (usize, usize)),
    /// A cover run off the board.
    #[error("cover {what} run ({}) is off the board", run_words(.what, .run))]
    RunOffBoard {
        /// `row` or `column`.
        what: &'static str,
        /// The run.
        run: Segment,
    },
    /// A cover run that could be longer.
    #[error("cover {what} run ({}) is not a maximal run", run_words(.what, .run))]
    RunNotMaximal {
        /// `row` or `column`.
        what: &'static str,
        /// The run.
        run: Segment,
    },
    /// A cover run across a pawn.
    #[error("cover {what} run ({}) crosses a pawn at ({},{})", run_words(.what, .run), .pawn.0, .pawn.1)]
    RunCrossesPawn {
        /// `row` or `column`.
        what: &'static str,
        /// The run.
        run: Segment,
        /// The pawn.
        pawn: (usize, usize),
    },
    /// A cover run given twice.
    #[error("cover {what} run ({}) is listed twice", run_words(.what, .run))]
    RunTwice {
        /// `row` or `column`.
        what: &'static str,
        /// The run.
        run: Segment,
    },
    /// An empty cell no cover run touches.
    #[error("empty cell ({},{}) is in no cover run, so the cover does not prove optimality", .0.0, .0.1)]
    Uncovered((usize, usize)),
    /// An answer that is not the number of rooks placed.
    #[error("answer {answer} but {} placed", crate::formats::count(*.rooks, "rook", "rooks"))]
    Answer {
        /// The answer claimed.
        answer: usize,
        /// The rooks placed.
        rooks: usize,
    },
    /// A roles board with another number of rows than the board.
    #[error("roles: {}, the board has {board}", crate::formats::count(*.rows, "row", "rows"))]
    RolesRows {
        /// The roles board's rows.
        rows: usize,
        /// The board's.
        board: usize,
    },
    /// A roles row with another number of cells than the board's rows.
    #[error("roles: row {row} has {}, the board has {board}", crate::formats::count(*.cells, "cell", "cells"))]
    RolesRow {
        /// The row, from 0.
        row: usize,
        /// Its cells.
        cells: usize,
        /// The board's columns.
        board: usize,
    },
    /// A role that the board or the placement refutes.
    #[error("roles: ({},{}) is {:?} on a {} cell{}", .cell.0, .cell.1, .role, if *.pawn { "pawn" } else { "free" }, if *.rook { " with a rook" } else { "" })]
    Role {
        /// The cell.
        cell: (usize, usize),
        /// Its letter.
        role: char,
        /// Whether the cell holds a pawn.
        pawn: bool,
        /// Whether the placement has a rook there.
        rook: bool,
    },
    /// As many rooks as cover runs is what proves the placement maximum.
    #[error("{} but {}: sizes must be equal", crate::formats::count(*.rooks, "rook", "rooks"), crate::formats::count(*.runs, "cover run", "cover runs"))]
    Sizes {
        /// Rooks placed.
        rooks: usize,
        /// Cover runs.
        runs: usize,
    },
}

/// Checks a rooks answer as a whole: the placement and its cover ([`verify`]), the roles board
/// if one is claimed ([`verify_roles`]), and that `answer` is the number of rooks placed.
///
/// # Complexity
/// O(cells + rooks + segments).
pub fn verify_answer<S: AsRef<[u8]>>(
    grid: &Grid,
    answer: usize,
    sol: &Solution,
    roles: Option<&[S]>,
) -> Result<(), RooksError> {
    verify(grid, sol)?;
    if let Some(roles) = roles {
        verify_roles(grid, sol, roles)?;
    }
    if answer != sol.rooks.len() {
        return Err(RooksError::Answer {
            answer,
            rooks: sol.rooks.len(),
        });
    }
    Ok(())
}

/// Checks a roles board (rows of [`Role::letter`](super::Role::letter)s) against the board and a placement: `X`
/// exactly on pawns, a rook on every `R`, none on a `.` (an `r` may or may not hold one). That
/// a role is right needs every maximum placement; this checks what one placement can refute.
///
/// # Complexity
/// O(cells + rooks), expected (hashing).
pub fn verify_roles<S: AsRef<[u8]>>(
    grid: &Grid,
    sol: &Solution,
    roles: &[S],
) -> Result<(), RooksError> {
    if roles.len() != grid.rows() {
        return Err(RooksError::RolesRows {
            rows: roles.len(),
            board: grid.rows(),
        });
    }
    let rook: std::collections::HashSet<(usize, usize)> = sol.rooks.iter().copied().collect();
    for (r, line) in roles.iter().enumerate() {
        let line = line.as_ref();
        if line.len() != grid.cols() {
            return Err(RooksError::RolesRow {
                row: r,
                cells: line.len(),
                board: grid.cols(),
            });
        }
        for (c, &role) in line.iter().enumerate() {
            let pawn = grid.get(r, c) != EMPTY;
            let has = rook.contains(&(r, c));
            let wrong = match role {
                b'X' => !pawn,
                b'R' => pawn || !has,
                b'.' => pawn || has,
                b'r' => pawn,
                _ => true,
            };
            if wrong {
                return Err(RooksError::Role {
                    cell: (r, c),
                    role: char::from(role),
                    pawn,
                    rook: has,
                });
            }
        }
    }
    Ok(())
}

/// Checks a placement and its cover against the board, with code independent of the solver.
/// Returns the first rule broken.
///
/// Rules: every rook on an empty cell of the board; no two rooks in one row run or one column
/// run; every cover segment a maximal run of empty cells, none twice; every empty cell in a
/// covered row run or column run; |rooks| = |cover|. The answer is then `sol.rooks.len()`.
///
/// # Complexity
/// O(cells + rooks + segments).
pub fn verify(grid: &Grid, sol: &Solution) -> Result<(), RooksError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let empty = |r: usize, c: usize| grid.get(r, c) == EMPTY;
    let mut has_rook = vec![false; rows * cols];
    for &(r, c) in &sol.rooks {
        if r >= rows || c >= cols {
            return Err(RooksError::RookOffBoard((r, c)));
        }
        if !empty(r, c) {
            return Err(RooksError::RookOnPawn((r, c)));
        }
        if std::mem::replace(&mut has_rook[r * cols + c], true) {
            return Err(RooksError::TwoRooks((r, c)));
        }
    }
    // Sweep each row and each column; a pawn ends the stretch a rook can attack along.
    for r in 0..rows {
        let mut seen: Option<usize> = None;
        for c in 0..cols {
            if !empty(r, c) {
                seen = None;
            } else if has_rook[r * cols + c] {
                if let Some(c0) = seen {
                    return Err(RooksError::AttackRow((r, c0), (r, c)));
                }
                seen = Some(c);
            }
        }
    }
    for c in 0..cols {
        let mut seen: Option<usize> = None;
        for r in 0..rows {
            if !empty(r, c) {
                seen = None;
            } else if has_rook[r * cols + c] {
                if let Some(r0) = seen {
                    return Err(RooksError::AttackColumn((r0, c), (r, c)));
                }
                seen = Some(r);
            }
        }
    }
    drop(has_rook);
    // Paint the cover: bit 1 = row run covered, bit 2 = column run covered.
    let mut paint = vec![0u8; rows * cols];
    for (segs, horizontal, bit) in [(&sol.row_cover, true, 1u8), (&sol.col_cover, false, 2u8)] {
        let (len, lines) = if horizontal {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let at = |line: usize, k: usize| if horizontal { (line, k) } else { (k, line) };
        let what = if horizontal { "row" } else { "column" };
        for s in segs.iter() {
            if s.line >= lines || s.start > s.end || s.end >= len {
                return Err(RooksError::RunOffBoard { what, run: *s });
            }
            let open_before = s.start > 0 && {
                let (r, c) = at(s.line, s.start - 1);
                empty(r, c)
            };
            let open_after = s.end + 1 < len && {
                let (r, c) = at(s.line, s.end + 1);
                empty(r, c)
            };
            if open_before || open_after {
                return Err(RooksError::RunNotMaximal { what, run: *s });
            }
            for k in s.start..=s.end {
                let (r, c) = at(s.line, k);
                if !empty(r, c) {
                    return Err(RooksError::RunCrossesPawn {
                        what,
                        run: *s,
                        pawn: (r, c),
                    });
                }
                if paint[r * cols + c] & bit != 0 {
                    return Err(RooksError::RunTwice { what, run: *s });
                }
                paint[r * cols + c] |= bit;
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if empty(r, c) && paint[r * cols + c] == 0 {
                return Err(RooksError::Uncovered((r, c)));
            }
        }
    }
    let cover = sol.row_cover.len() + sol.col_cover.len();
    if cover != sol.rooks.len() {
        return Err(RooksError::Sizes {
            rooks: sol.rooks.len(),
            runs: cover,
        });
    }
    Ok(())
}
