//! End-to-end tests of the `gridmatch` binary, one test binary
//! (`cargo test --release -p gridmatch-cli --test integration`). Every test drives the real
//! binary with `std::process::Command`:
//!
//! - `puzzles`: judge output, tolerance, error reporting, certificates and their verifier,
//!   pipes, demo and interactive play;
//! - `designer`: `rooks --roles`, `lpuzzle --unique` / `--forced`, `gen lpuzzle --unique`;
//! - `docs`: docs/ERRORS.md is what the binary says to every bad input;
//! - `graphs`: `match`, `geography`, `twosat` and `verify --graph` on the user's own files;
//! - `hostile`: `king play` on a board too large to play;
//! - `stress`: `gridmatch stress` against the planted bugs of `tests/stress/`;
//! - `usability`: what a new user hits first (terminals, `king play` from stdin, hints).
//!
//! The `serve` tests (`serve.rs`, and the load test `serve_load.rs`, which holds a thousand
//! connections and measures the server's memory) are binaries of their own, built with the
//! `serve` feature.

#[path = "../common/mod.rs"]
mod common;

mod designer;
#[cfg(unix)]
mod docs;
mod graphs;
mod hostile;
mod puzzles;
mod stress;
mod usability;
