//! gridmatch: board puzzles reduced to classic graph problems, with answers that carry proofs.
//!
//! | puzzle | reduction | proof of the answer |
//! |---|---|---|
//! | [Rooks](puzzles::rooks) (UVa 12668) | row runs × column runs, [bipartite matching](graph::bipartite) | König vertex cover |
//! | [L-puzzle](puzzles::lpuzzle) (NWERC 2011) | each black picks up/down and left/right, [2-SAT](graph::twosat) | a tiling, or a chain of forced choices |
//! | [King](puzzles::king) (GCJ 2008) | free squares, [general matching](graph::general) + Gallai–Edmonds | matchings and [Tutte–Berge barriers](graph::barrier) |
//!
//! [`Puzzle::answer`] is the one way in: a board and a [`puzzles::Request`] (what you want to
//! know beyond the judge's answer) give an [`puzzles::Answer`] value, whose certificates the
//! puzzles' verifiers check.
//!
//! ```
//! use gridmatch::Grid;
//! use gridmatch::puzzles::{Answer, Puzzle, Request, king, lpuzzle, rooks};
//!
//! let proof = Request { certificate: true, ..Request::judge() };
//! let pawns: Grid = "X....\nX....\n..X..\n.X...\n....X".parse()?;
//! let Answer::Rooks(rooks) = Puzzle::Rooks.answer(&pawns, &proof)? else { unreachable!() };
//! let placement = rooks.solution.unwrap();
//! assert_eq!(placement.rooks.len(), 7);
//! assert!(rooks::verify(&pawns, &placement).is_ok());
//!
//! let pattern: Grid = "BWB.\nWWW.".parse()?;
//! let Answer::Lpuzzle(tiling) = Puzzle::Lpuzzle.answer(&pattern, &proof)? else { unreachable!() };
//! match tiling.solution.unwrap() {
//!     lpuzzle::Outcome::No(reason) => assert!(lpuzzle::verify_no(&pattern, &reason).is_ok()),
//!     lpuzzle::Outcome::Yes(_) => unreachable!("the two blacks fight over one white"),
//! }
//!
//! let board: Grid = "K#\n.#\n.#\n.#".parse()?;
//! let Answer::King(game) = Puzzle::King.answer(&board, &Request::judge())? else { unreachable!() };
//! assert_eq!(game.winner, king::Player::Alice);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The engines also take graphs and formulas of the user's own: [`read`] reads DIMACS
//! graphs and assignment problems, Matrix Market and dense matrices, edge lists, METIS graphs
//! and DIMACS CNF (errors at file, line and column),
//! and [`graph::certified`] answers with proofs (a maximum matching with a König cover or a
//! Tutte–Berge barrier and its verifier, the Dulmage–Mendelsohn class of every edge, vertex
//! geography); [`graph::twosat`] decides the formulas, with the backbone, uniqueness and
//! conflict chains.
//!
//! Layers, each knowing only those before it: [`graph`] (algorithms, no boards); [`grid`] (the
//! board type); [`puzzles`] (each reduction, its certificate and an independent verifier, and
//! [`Puzzle`], the one list of them; no I/O, no prose); [`read`] (users' graph and formula
//! files, read into the parts the graph core takes); [`formats`] (the judges' formats, JSON,
//! words and pictures of the values the puzzles return); [`generate`] (random instances).
//!
//! **Features.** None by default: the library depends on no command-line or server crate (the
//! `gridmatch` command is the separate `gridmatch-cli` crate). `clap` derives clap's
//! `ValueEnum` on the enums a command line takes as arguments ([`Puzzle`],
//! [`puzzles::king::Moves`], …).
#![deny(missing_docs)]
// One exception, allowed where it stands: the prefetch hint in graph/weighted/general/heap.rs.
#![deny(unsafe_code)]

pub mod certificate;
pub mod decimal;
pub mod encoding;
mod error;
pub mod formats;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod puzzles;
pub mod read;
/// The former name of [`certificate`], kept for callers written before the rename.
pub use certificate as verify;

pub use error::{CertificateFound, InputError, Remedy, RunError};
pub use grid::Grid;
pub use puzzles::Puzzle;

/// The README's Rust example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
