//! The L-puzzle certificates' independent checks: a tiling cell by cell, a reason step by step
//! on the board, none of the solver's code.

use super::{Axis, Choice, Dir, Piece, Reason};
use crate::grid::Grid;

/// The first rule an L-puzzle certificate breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LpuzzleError {
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
        "the board has {} and {}, not {claimed_blacks} and {claimed_whites}",
        crate::formats::count(*.blacks, "black", "blacks"),
        crate::formats::count(*.whites, "white", "whites")
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
    /// A tiling claimed unique, with a second one.
    #[error("a unique tiling with a second one")]
    UniqueWithSecond,
    /// A tiling claimed not unique, without the second tiling that shows it.
    #[error("not unique, but no second tiling")]
    NoSecond,
    /// A second tiling without the claim that the first is not unique.
    #[error("a second tiling without \"unique\": false")]
    SecondWithoutClaim,
    /// A "second" tiling that is the first one.
    #[error("the second tiling is the first one")]
    SecondIsFirst,
    /// A forced piece that the tiling does not use (named by its black corner).
    #[error("the forced piece at ({},{}) is not in the tiling", .0.0, .0.1)]
    ForcedNotInTiling((usize, usize)),
    /// A forced piece that the second tiling does not use: it is not in every tiling.
    #[error("the forced piece at ({},{}) is not in the second tiling, so not in every tiling", .0.0, .0.1)]
    ForcedNotInSecond((usize, usize)),
    /// A forced piece listed twice.
    #[error("the forced piece at ({},{}) is listed twice", .0.0, .0.1)]
    ForcedTwice((usize, usize)),
    /// A unique tiling whose pieces are not all listed as forced (each is in every tiling).
    #[error("a unique tiling has every piece forced, but {forced} of its {pieces} {} listed", if *.forced == 1 { "is" } else { "are" })]
    UniqueNotAllForced {
        /// The tiling's pieces.
        pieces: usize,
        /// The pieces listed as forced.
        forced: usize,
    },
    /// Uniqueness or forced pieces claimed for a pattern that has no tiling.
    #[error("a NO record with uniqueness or forced pieces")]
    ClaimsWithoutTiling,
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

/// What an L-puzzle answer claims about a tiling beyond the tiling itself (the designer's
/// questions): `unique`, a `second` tiling, the `forced` pieces. `None`: not claimed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TilingClaims<'a> {
    /// Whether the tiling is the only one.
    pub unique: Option<bool>,
    /// Another tiling (claimed exactly when `unique` is `Some(false)`).
    pub second: Option<&'a [Piece]>,
    /// The pieces in every tiling.
    pub forced: Option<&'a [Piece]>,
}

impl TilingClaims<'_> {
    /// Whether anything is claimed.
    pub fn any(&self) -> bool {
        self.unique.is_some() || self.second.is_some() || self.forced.is_some()
    }
}

/// Checks a tiling and what is claimed about it, independently of the solver: the tiling
/// ([`verify_tiling`]); a second tiling is a tiling, is there exactly when the first is claimed
/// not unique, and differs from the first; forced pieces are listed once each and are pieces
/// of the tiling and of the second tiling (a piece missing from a tiling is not in every
/// tiling); a unique tiling has every piece forced. (That a tiling is unique, or a piece forced,
/// needs every tiling; this checks all that the claims can refute.)
///
/// # Complexity
/// O(cells + pieces), expected (hashing).
pub fn verify_claims(
    grid: &Grid,
    pieces: &[Piece],
    claims: &TilingClaims,
) -> Result<(), LpuzzleError> {
    use std::collections::HashSet;
    verify_tiling(grid, pieces)?;
    let first: HashSet<Piece> = pieces.iter().copied().collect();
    let mut second_set = None;
    match (claims.unique, claims.second) {
        (Some(true), Some(_)) => return Err(LpuzzleError::UniqueWithSecond),
        (Some(false), None) => return Err(LpuzzleError::NoSecond),
        (None, Some(_)) => return Err(LpuzzleError::SecondWithoutClaim),
        (_, Some(second)) => {
            verify_tiling(grid, second)?;
            let set: HashSet<Piece> = second.iter().copied().collect();
            // Two tilings of one board have one piece per black each: equal sets are equal
            // tilings.
            if set == first {
                return Err(LpuzzleError::SecondIsFirst);
            }
            second_set = Some(set);
        }
        _ => {}
    }
    if let Some(forced) = claims.forced {
        let mut seen = HashSet::with_capacity(forced.len());
        for p in forced {
            if !first.contains(p) {
                return Err(LpuzzleError::ForcedNotInTiling(p.black));
            }
            if second_set.as_ref().is_some_and(|s| !s.contains(p)) {
                return Err(LpuzzleError::ForcedNotInSecond(p.black));
            }
            if !seen.insert(*p) {
                return Err(LpuzzleError::ForcedTwice(p.black));
            }
        }
        if claims.unique == Some(true) && forced.len() != pieces.len() {
            return Err(LpuzzleError::UniqueNotAllForced {
                pieces: pieces.len(),
                forced: forced.len(),
            });
        }
    }
    Ok(())
}

/// Checks a NO answer: its reason ([`verify_no`]), and that it claims nothing about tilings
/// (uniqueness, a second tiling or forced pieces of a pattern that has none).
///
/// # Complexity
/// As [`verify_no`].
pub fn verify_no_claims(
    grid: &Grid,
    reason: &Reason,
    claims: &TilingClaims,
) -> Result<(), LpuzzleError> {
    if claims.any() {
        return Err(LpuzzleError::ClaimsWithoutTiling);
    }
    verify_no(grid, reason)
}

/// Checks a tiling against the board, independently of the solver: every piece an L whose corner
/// is a black cell and whose arms are one vertical and one horizontal white neighbour; every `B`
/// and `W` covered exactly once; no `.` covered.
///
/// # Complexity
/// O(cells + pieces).
pub fn verify_tiling(grid: &Grid, pieces: &[Piece]) -> Result<(), LpuzzleError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut used = vec![false; rows * cols];
    for (i, p) in pieces.iter().enumerate() {
        let (br, bc) = p.black;
        let (vr, vc) = p.vertical;
        let (hr, hc) = p.horizontal;
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if r >= rows || c >= cols {
                return Err(LpuzzleError::PieceOffBoard {
                    piece: i,
                    cell: (r, c),
                });
            }
        }
        if grid.get(br, bc) != b'B' {
            return Err(LpuzzleError::CornerNotBlack {
                piece: i,
                cell: (br, bc),
            });
        }
        if vc != bc || vr.abs_diff(br) != 1 {
            return Err(LpuzzleError::VerticalArm {
                piece: i,
                cell: (vr, vc),
            });
        }
        if hr != br || hc.abs_diff(bc) != 1 {
            return Err(LpuzzleError::HorizontalArm {
                piece: i,
                cell: (hr, hc),
            });
        }
        for (r, c) in [p.vertical, p.horizontal] {
            if grid.get(r, c) != b'W' {
                return Err(LpuzzleError::ArmNotWhite {
                    piece: i,
                    cell: (r, c),
                });
            }
        }
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if std::mem::replace(&mut used[r * cols + c], true) {
                return Err(LpuzzleError::CoveredTwice((r, c)));
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if grid.get(r, c) != b'.' && !used[r * cols + c] {
                return Err(LpuzzleError::NotCovered((r, c)));
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
pub fn verify_no(grid: &Grid, reason: &Reason) -> Result<(), LpuzzleError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let is = |cell: (usize, usize), want: u8| {
        cell.0 < rows && cell.1 < cols && grid.get(cell.0, cell.1) == want
    };
    // The white a choice points at, worked out here rather than with the solver's `Dir::step`.
    let target = |ch: &Choice| {
        let (r, c) = ch.cell;
        let cell = match ch.dir {
            Dir::Up => r.checked_sub(1).map(|r| (r, c)),
            Dir::Down => r.checked_add(1).map(|r| (r, c)),
            Dir::Left => c.checked_sub(1).map(|c| (r, c)),
            Dir::Right => c.checked_add(1).map(|c| (r, c)),
        };
        cell.filter(|&w| is(w, b'W'))
    };
    match reason {
        Reason::Count { blacks, whites } => {
            let count = |x: u8| grid.cells().iter().filter(|&&c| c == x).count();
            let (b, w) = (count(b'B'), count(b'W'));
            if (b, w) != (*blacks, *whites) {
                return Err(LpuzzleError::WrongCount {
                    blacks: b,
                    whites: w,
                    claimed_blacks: *blacks,
                    claimed_whites: *whites,
                });
            }
            if w == 2 * b {
                return Err(LpuzzleError::CountFine);
            }
            Ok(())
        }
        Reason::Stranded { cell, axis } => {
            if !is(*cell, b'B') {
                return Err(LpuzzleError::NotBlack(*cell));
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
                    return Err(LpuzzleError::NotStranded {
                        black: *cell,
                        white: w,
                    });
                }
            }
            Ok(())
        }
        Reason::Conflict { chain } => {
            let (Some(first), Some(last)) = (chain.first(), chain.last()) else {
                return Err(LpuzzleError::EmptyChain);
            };
            if chain.len() < 3 || first != last {
                return Err(LpuzzleError::NotACycle);
            }
            let opposite = Choice {
                cell: first.cell,
                dir: first.dir.opposite(),
            };
            if !chain.contains(&opposite) {
                return Err(LpuzzleError::NoOpposite);
            }
            for ch in chain {
                if !is(ch.cell, b'B') {
                    return Err(LpuzzleError::ChainNotBlack(ch.cell));
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
                    return Err(LpuzzleError::NotForced {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{Answer, Puzzle, Request};

    /// The pinwheel has two tilings; its first tiling, second tiling and forced pieces.
    fn pinwheel() -> (Grid, Vec<Piece>, Vec<Piece>, Vec<Piece>) {
        let grid = Grid::from_rows(&[".WBW.", "WBWBW", "WWBWW", "BWWWB"]);
        let Ok(Answer::Lpuzzle(a)) =
            Puzzle::Lpuzzle.answer(&grid, &Request::everything(Default::default()))
        else {
            panic!("the pinwheel has an answer");
        };
        let Some(super::super::Outcome::Yes(first)) = a.solution else {
            panic!("the pinwheel has a tiling");
        };
        let second = a.second.expect("the pinwheel has two tilings");
        let forced = a.forced.expect("forced pieces were asked for");
        let forced: Vec<Piece> = forced.pieces().copied().collect();
        (grid, first, second, forced)
    }

    #[test]
    fn claims_of_the_solver_hold() {
        let (grid, first, second, forced) = pinwheel();
        assert!(!forced.is_empty() && forced.len() < first.len());
        let claims = TilingClaims {
            unique: Some(false),
            second: Some(&second),
            forced: Some(&forced),
        };
        assert_eq!(verify_claims(&grid, &first, &claims), Ok(()));
    }

    #[test]
    fn forced_piece_must_be_in_the_second_tiling() {
        let (grid, first, second, forced) = pinwheel();
        // A piece of the first tiling that the second one does not use.
        let loose = *first
            .iter()
            .find(|p| !second.contains(p))
            .expect("they differ");
        let mut claimed = forced.clone();
        claimed.push(loose);
        let claims = TilingClaims {
            unique: Some(false),
            second: Some(&second),
            forced: Some(&claimed),
        };
        assert_eq!(
            verify_claims(&grid, &first, &claims),
            Err(LpuzzleError::ForcedNotInSecond(loose.black))
        );
    }

    #[test]
    fn forced_piece_listed_twice_is_refused() {
        let (grid, first, second, forced) = pinwheel();
        let mut claimed = forced.clone();
        claimed.push(forced[0]);
        let claims = TilingClaims {
            unique: Some(false),
            second: Some(&second),
            forced: Some(&claimed),
        };
        assert_eq!(
            verify_claims(&grid, &first, &claims),
            Err(LpuzzleError::ForcedTwice(forced[0].black))
        );
    }

    #[test]
    fn a_no_answer_claims_nothing_about_tilings() {
        let grid = Grid::from_rows(&["BWB.", "WWW."]);
        let Ok(Answer::Lpuzzle(a)) = Puzzle::Lpuzzle.answer(
            &grid,
            &Request {
                certificate: true,
                ..Request::judge()
            },
        ) else {
            panic!("the pattern has an answer");
        };
        let Some(super::super::Outcome::No(reason)) = a.solution else {
            panic!("two blacks share one white");
        };
        assert_eq!(
            verify_no_claims(&grid, &reason, &TilingClaims::default()),
            Ok(())
        );
        for claims in [
            TilingClaims {
                unique: Some(true),
                ..TilingClaims::default()
            },
            TilingClaims {
                forced: Some(&[]),
                ..TilingClaims::default()
            },
        ] {
            assert_eq!(
                verify_no_claims(&grid, &reason, &claims),
                Err(LpuzzleError::ClaimsWithoutTiling)
            );
        }
    }

    #[test]
    fn unique_tiling_has_every_piece_forced() {
        let grid = Grid::from_rows(&["BW", "W."]);
        let only = vec![Piece {
            black: (0, 0),
            vertical: (1, 0),
            horizontal: (0, 1),
        }];
        fn claims(forced: &[Piece]) -> TilingClaims<'_> {
            TilingClaims {
                unique: Some(true),
                second: None,
                forced: Some(forced),
            }
        }
        assert_eq!(
            verify_claims(&grid, &only, &claims(&[])),
            Err(LpuzzleError::UniqueNotAllForced {
                pieces: 1,
                forced: 0
            })
        );
        assert_eq!(verify_claims(&grid, &only, &claims(&only)), Ok(()));
        // Not claimed: nothing to refute.
        assert_eq!(
            verify_claims(&grid, &only, &TilingClaims::default()),
            Ok(())
        );
    }
}
