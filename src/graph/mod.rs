//! The graph core: algorithms that know nothing of boards.
//!
//! - [`bipartite`]: Hopcroft–Karp maximum matching and the König minimum vertex cover.
//! - [`general`]: Edmonds' blossom maximum matching and the Gallai–Edmonds decomposition.
//! - [`barrier`]: Tutte–Berge barriers (deficiency, inclusion-minimal shrinking).
//! - [`twosat`]: 2-SAT by iterative SCC, with conflict chains as proofs of unsatisfiability.

pub mod barrier;
pub mod bipartite;
pub mod general;
pub mod twosat;
