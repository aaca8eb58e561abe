//! Solver + verifier target for the L-puzzle, on patterns of at most 6 × 6 built from the fuzz
//! bytes (random cells, or random L pieces dropped on an empty board).
//!
//! 1. `solve` → `verify_tiling` / `verify_no` accept its answer, `can_build` agrees, a tiling
//!    passes the independent coverage check, and the answer equals an exhaustive search;
//!    `is_unique` agrees with `tilings` (whose tilings verify and differ) and `forced_pieces`.
//! 2. The remaining bytes edit the answer (and maybe the pattern); whenever a verifier accepts
//!    the edited answer, it must be true: a tiling passes the independent coverage check, a
//!    "no" is backed by the exhaustive search.
#![no_main]

use gridmatch::Grid;
use gridmatch::formats::text;
use gridmatch::puzzles::lpuzzle::{self, Axis, Choice, Dir, Outcome, Piece, Reason};
use gridmatch_fuzz::*;
use libfuzzer_sys::fuzz_target;

fn cell(u: &mut Unstructured, rows: usize, cols: usize) -> (usize, usize) {
    (coord(u, rows), coord(u, cols))
}

fn mutate(u: &mut Unstructured, grid: &mut Grid, answer: &mut Outcome) {
    let (rows, cols) = (grid.rows(), grid.cols());
    match answer {
        Outcome::Yes(pieces) => match byte(u) % 8 {
            0 if !pieces.is_empty() => {
                let i = range(u, 0, pieces.len() - 1);
                pieces.remove(i);
            }
            1 if !pieces.is_empty() => {
                let i = range(u, 0, pieces.len() - 1);
                pieces.push(pieces[i]);
            }
            2 if !pieces.is_empty() => {
                let i = range(u, 0, pieces.len() - 1);
                let p = &mut pieces[i];
                match byte(u) % 3 {
                    0 => p.black = cell(u, rows, cols),
                    1 => p.vertical = cell(u, rows, cols),
                    _ => p.horizontal = cell(u, rows, cols),
                }
            }
            3 if !pieces.is_empty() => {
                let i = range(u, 0, pieces.len() - 1);
                let p = &mut pieces[i];
                std::mem::swap(&mut p.vertical, &mut p.horizontal);
            }
            4 => pieces.push(Piece {
                black: cell(u, rows, cols),
                vertical: cell(u, rows, cols),
                horizontal: cell(u, rows, cols),
            }),
            5 if pieces.len() >= 2 => {
                // Two pieces trade an arm.
                let (i, j) = (range(u, 0, pieces.len() - 1), range(u, 0, pieces.len() - 1));
                let t = pieces[i].horizontal;
                pieces[i].horizontal = pieces[j].horizontal;
                pieces[j].horizontal = t;
            }
            6 => *answer = Outcome::No(reason(u, rows, cols)),
            _ => flip_cell(u, grid),
        },
        Outcome::No(r) => match byte(u) % 6 {
            0 => *r = reason(u, rows, cols),
            1 => {
                if let Reason::Conflict { chain } = r
                    && !chain.is_empty()
                {
                    let i = range(u, 0, chain.len() - 1);
                    match byte(u) % 4 {
                        0 => {
                            chain.remove(i);
                        }
                        1 => chain[i].dir = Dir::ALL[byte(u) as usize % 4],
                        2 => chain[i].cell = cell(u, rows, cols),
                        _ => {
                            let c = chain[i];
                            chain.insert(i, c);
                        }
                    }
                }
            }
            2 => {
                if let Reason::Count { blacks, whites } = r {
                    *blacks = (*blacks + range(u, 0, 2)).saturating_sub(1);
                    *whites = (*whites + range(u, 0, 2)).saturating_sub(1);
                }
            }
            3 => {
                if let Reason::Stranded { cell: c, axis } = r {
                    if byte(u) & 1 == 0 {
                        *axis = other_axis(*axis);
                    } else {
                        *c = cell(u, rows, cols);
                    }
                }
            }
            4 => {
                let n = range(u, 0, 3);
                let pieces = (0..n)
                    .map(|_| Piece {
                        black: cell(u, rows, cols),
                        vertical: cell(u, rows, cols),
                        horizontal: cell(u, rows, cols),
                    })
                    .collect();
                *answer = Outcome::Yes(pieces);
            }
            _ => flip_cell(u, grid),
        },
    }
}

fn reason(u: &mut Unstructured, rows: usize, cols: usize) -> Reason {
    match byte(u) % 3 {
        0 => Reason::Count {
            blacks: range(u, 0, rows * cols),
            whites: range(u, 0, rows * cols),
        },
        1 => Reason::Stranded {
            cell: cell(u, rows, cols),
            axis: if byte(u) & 1 == 0 {
                Axis::Vertical
            } else {
                Axis::Horizontal
            },
        },
        _ => {
            let n = range(u, 0, 8);
            let chain = (0..n)
                .map(|_| Choice {
                    cell: cell(u, rows, cols),
                    dir: Dir::ALL[byte(u) as usize % 4],
                })
                .collect();
            Reason::Conflict { chain }
        }
    }
}

/// The other axis (the old `vertical: bool` negated).
fn other_axis(axis: Axis) -> Axis {
    match axis {
        Axis::Vertical => Axis::Horizontal,
        Axis::Horizontal => Axis::Vertical,
    }
}

fn flip_cell(u: &mut Unstructured, grid: &mut Grid) {
    let (r, c) = (range(u, 0, grid.rows() - 1), range(u, 0, grid.cols() - 1));
    let v = b"BW."[byte(u) as usize % 3];
    *grid = with_cell(grid, r, c, v);
}

fn accepted(grid: &Grid, answer: &Outcome) -> bool {
    match answer {
        Outcome::Yes(p) => lpuzzle::verify_tiling(grid, p).is_ok(),
        Outcome::No(r) => lpuzzle::verify_no(grid, r).is_ok(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let mut grid = if byte(&mut u) & 1 == 0 {
        tiled_pattern(&mut u, 6, 6)
    } else {
        board(&mut u, 6, 6, b"BWW.")
    };
    let answer = lpuzzle::solve(&grid);
    match &answer {
        Outcome::Yes(pieces) => {
            if let Err(why) = lpuzzle::verify_tiling(&grid, pieces) {
                panic!(
                    "verify_tiling rejects the solver's tiling: {why}\n{:?}",
                    grid.to_lines()
                );
            }
            if let Err(why) = tiling_ok(&grid, pieces) {
                panic!(
                    "the solver's tiling is invalid: {why}\n{:?}",
                    grid.to_lines()
                );
            }
        }
        Outcome::No(reason) => {
            if let Err(why) = lpuzzle::verify_no(&grid, reason) {
                panic!(
                    "verify_no rejects the solver's reason {reason:?}: {why}\n{:?}",
                    grid.to_lines()
                );
            }
            // The words and culprit cells of every solver reason are built without a panic.
            let _ = (
                text::reason_message(&grid, reason),
                text::reason_steps(&grid, reason),
                reason.cells(&grid),
            );
        }
    }
    assert_eq!(
        lpuzzle::can_build(&grid),
        answer.is_yes(),
        "can_build differs from solve"
    );
    // Uniqueness: the fast decision agrees with the two tilings, which both verify and differ;
    // forced pieces are pieces of the tiling.
    let unique = lpuzzle::is_unique(&grid);
    match lpuzzle::tilings(&grid) {
        lpuzzle::Tilings::None(_) => assert_eq!(unique, None, "{:?}", grid.to_lines()),
        lpuzzle::Tilings::Unique(t) => {
            assert_eq!(unique, Some(true), "{:?}", grid.to_lines());
            assert!(lpuzzle::verify_tiling(&grid, &t).is_ok());
        }
        lpuzzle::Tilings::Several(a, b) => {
            assert_eq!(unique, Some(false), "{:?}", grid.to_lines());
            assert!(lpuzzle::verify_tiling(&grid, &a).is_ok() && tiling_ok(&grid, &b).is_ok());
            assert!(!lpuzzle::differing_cells(&grid, &a, &b).is_empty());
        }
    }
    if let Ok(f) = lpuzzle::forced_pieces(&grid) {
        assert!(f.pieces().all(|p| f.tiling.contains(p)));
        if unique == Some(true) {
            assert_eq!(
                f.pieces().count(),
                f.tiling.len(),
                "a unique tiling is all forced"
            );
        }
    }
    if let Some(truth) = lpuzzle_brute(&grid) {
        assert_eq!(
            answer.is_yes(),
            truth,
            "exhaustive search differs: {:?}",
            grid.to_lines()
        );
    }

    let mut edited = answer;
    for _ in 0..range(&mut u, 1, 3) {
        mutate(&mut u, &mut grid, &mut edited);
    }
    if accepted(&grid, &edited) {
        match &edited {
            Outcome::Yes(pieces) => check_tiling_accepted(&grid, pieces),
            Outcome::No(_) => check_no_accepted(&grid),
        }
    }
});
