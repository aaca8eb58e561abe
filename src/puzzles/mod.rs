//! The puzzles: each module holds a reduction to the graph core, the certificate of its answer,
//! and a verifier that checks a certificate against the board without the solver's code. No I/O.

pub mod king;
pub mod lpuzzle;
pub mod rooks;
