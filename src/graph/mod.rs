//! The graph core: algorithms that know nothing of boards.
//!
//! - [`bipartite`]: Hopcroft–Karp maximum matching and the König minimum vertex cover.

pub mod barrier;
pub mod bipartite;
pub mod general;
pub mod twosat;
