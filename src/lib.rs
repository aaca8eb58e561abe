//! gridmatch: board puzzles reduced to classic graph problems, with answers that carry proofs.
//!
//! | puzzle | reduction | proof of the answer |
//! |---|---|---|
//! | [Rooks](puzzles::rooks) (UVa 12668) | row runs × column runs, [bipartite matching](graph::bipartite) | König vertex cover |
//!
//! Layers: [`graph`] knows nothing of boards; [`board`] reads grids; [`puzzles`] hold each
//! reduction, its certificate and an independent verifier (no I/O); [`formats`] speak the judges'
//! formats and JSON; [`app`] drives a whole input through a puzzle for the command-line tool.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod app;
pub mod board;
pub mod formats;
pub mod generate;
pub mod graph;
pub mod puzzles;
pub mod serve;
