//! gridmatch: board puzzles reduced to classic graph problems, with answers that carry proofs.
//!
//! | puzzle | reduction | proof of the answer |
//! |---|---|---|
//! | [Rooks](puzzles::rooks) (UVa 12668) | row runs × column runs, [bipartite matching](graph::bipartite) | König vertex cover |
//! | [L-puzzle](puzzles::lpuzzle) (NWERC 2011) | each black picks up/down and left/right, [2-SAT](graph::twosat) | a tiling, or a chain of forced choices |
//! | [King](puzzles::king) (GCJ 2008) | free squares, [general matching](graph::general) + Gallai–Edmonds | matchings and [Tutte–Berge barriers](graph::barrier) |
//!
//! ```
//! use gridmatch::board::Grid;
//! use gridmatch::puzzles::{king, lpuzzle, rooks};
//!
//! let pawns = Grid::from_rows(&["X....", "X....", "..X..", ".X...", "....X"]);
//! let placement = rooks::solve(&pawns);
//! assert_eq!(placement.rooks.len(), 7);
//! assert!(rooks::verify(&pawns, 7, &placement).is_ok());
//!
//! let pattern = Grid::from_rows(&["BWB.", "WWW."]);
//! match lpuzzle::solve(&pattern) {
//!     lpuzzle::Answer::No(reason) => assert!(lpuzzle::verify_no(&pattern, &reason).is_ok()),
//!     lpuzzle::Answer::Yes(_) => unreachable!("the two blacks fight over one white"),
//! }
//!
//! let board = Grid::from_rows(&["K#", ".#", ".#", ".#"]);
//! let game = king::Analysis::new(&board, king::Moves::King);
//! assert_eq!(game.winner((0, 0)), Some(king::Player::Alice));
//! ```
//!
//! Layers: [`graph`] knows nothing of boards; [`board`] reads grids; [`puzzles`] hold each
//! reduction, its certificate and an independent verifier (no I/O); [`formats`] speak the judges'
//! formats, JSON and pictures; [`app`] drives a whole input through a puzzle for the command-line
//! tool; [`generate`] makes random instances; [`serve`] is the local web playground.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod app;
pub mod board;
pub mod formats;
pub mod generate;
pub mod graph;
pub mod puzzles;
pub mod serve;

/// The README's Rust example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
