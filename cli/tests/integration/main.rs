//! End-to-end tests of the `gridmatch` binary, one test binary
//! (`cargo test --release -p gridmatch-cli --test integration`). Every test drives the real
//! binary with `std::process::Command`:
//!
//! - `puzzles`: judge output, tolerance, error reporting, certificates and their verifier,
//!   pipes, demo and interactive play;
//! - `designer`: `rooks --roles`, `lpuzzle --unique` / `--forced`, `gen lpuzzle --unique`;
//! - `dm`: `match --dm` (plain and `--json`) against the oracles crate's decomposition, its
//!   certificates through `verify --graph`, tampered ones failing;
//! - `docs`: docs/ERRORS.md is what the binary says to every bad input;
//! - `graphs`: `match`, `geography`, `twosat` and `verify --graph` on the user's own files;
//! - `hostile`: `king play` on a board too large to play;
//! - `input_hints`: METIS told from an edge list by content, Matrix Market array files, and
//!   the hints naming a flag where a user is lost (issue 33);
//! - `isolated`: tiny files declaring millions of vertices answer within 256 MB, certificates
//!   verified; memory that runs out is exit 2 with one line;
//! - `stress`: `gridmatch stress` against the planted bugs of `tests/stress/`;
//! - `manpages_and_formats`: a man page for every command, the README's input formats and
//!   their sample files, standard input on a terminal announced;
//! - `metis`: METIS graph files answer as their DIMACS twins; malformed ones refused in place;
//! - `messages`: messages in words, wrong-file and UTF-16 hints, sparse edge lists, limits past
//!   memory;
//! - `stress_and_output`: signals on `stress` and the progress line, failures reported as they
//!   happen, picture file modes;
//! - `testdata`: the shared cases of `testdata/` (also read by the library and Python suites):
//!   the weighted ones through `match --weights` and `verify --graph`, the 2-SAT ones through
//!   `twosat`, the cardinality-matching ones through `match` and `verify --graph`;
//! - `usability`: what a new user hits first (terminals, `king play` from stdin, hints);
//! - `weighted`: `match --weights` (every question, exact decimals, matrices) and its
//!   certificates through `verify --graph`, bad weights refused.
//!
//! The `serve` tests (`serve.rs`, and the load test `serve_load.rs`, which holds a thousand
//! connections and measures the server's memory) are binaries of their own, built with the
//! `serve` feature.

#[path = "../common/mod.rs"]
mod common;

mod designer;
mod dm;
#[cfg(unix)]
mod docs;
mod graphs;
mod hostile;
mod input_hints;
mod isolated;
mod manpages_and_formats;
mod messages;
mod metis;
#[cfg(unix)]
mod pty;
mod puzzles;
mod stress;
mod stress_and_output;
mod testdata;
mod usability;
mod weighted;
