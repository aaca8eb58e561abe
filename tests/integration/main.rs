//! The library's integration tests, one binary (`cargo test --release --test integration`):
//!
//! - `reference`: the solvers against independent references (Kuhn, the Tutte matrix, the
//!   oracles crate's exhaustive searches);
//! - `props`: property tests across the layers (judge text, `--json` certificates, `verify`,
//!   exhaustive searches on tiny boards, tampered certificates, any bytes);
//! - `dm`: `dmperm` against the oracles crate's Dulmage–Mendelsohn decomposition on random
//!   patterns up to 10⁶ × 10⁶, and through the independent verifier;
//! - `docs_pictures`: the pictures in docs/ are what the code draws;
//! - `testdata`: the shared weighted cases of `testdata/weighted/` (also read by the CLI and
//!   Python suites), their answers against the subset DP, `solve` and the verifier;
//! - `testdata_cases`: the shared 2-SAT and cardinality-matching cases of `testdata/twosat/` and
//!   `testdata/matching/` (also read by the CLI and Python suites) against the brute forces,
//!   the solvers and the verifiers;
//! - `hostile`: inputs built to make `verify` use memory or time out of proportion to them;
//! - `weighted_medium`: every weighted question on widened random families (ties, negative
//!   weights, parallel edges, nested odd cycles, 2–200 vertices) against the subset DP, the
//!   verifier and renumbered copies; its ignored `hunt` is the long run of fuzz/README.md.
//!
//! `tests/memory.rs` is a binary of its own: it installs a counting global allocator.

mod dm;
mod docs_pictures;
mod hostile;
mod props;
mod reference;
mod testdata;
mod testdata_cases;
mod weighted_medium;
