//! The graph core: algorithms that know nothing of boards.
//!
//! - [`bipartite`]: maximum matching (push–relabel; Hopcroft–Karp is the second, independent
//!   engine), the König minimum vertex cover, the Dulmage–Mendelsohn edge classes
//!   (`bipartite/classify.rs`: in every, some or no maximum matching) and the decomposition
//!   itself (`bipartite/dm.rs`: MATLAB's `dmperm`).
//! - [`general`]: Edmonds' blossom maximum matching and the Gallai–Edmonds decomposition, one
//!   file per part:
//!   - `general/mod.rs`: the entry points (`maximum_matching`, `gallai_edmonds`, …) and the
//!     Gallai–Edmonds types;
//!   - `general/graph.rs`: [`Graph`](general::Graph), the CSR multigraph;
//!   - `general/bipartition.rs`: [`Graph::bipartition`](general::Graph::bipartition), the
//!     breadth-first 2-colouring;
//!   - `general/matching.rs`: [`Matching`](general::Matching), the mate array;
//!   - `general/forest.rs`: the alternating forest with implicit blossoms (the search state);
//!   - `general/greedy.rs`: the Karp–Sipser-style greedy warm start;
//!   - `general/order.rs`: locality — when a graph's numbering puts neighbours far apart, a
//!     breadth-first renumbering, and the answers mapped back;
//!   - `general/tests.rs` and `general/tests_*.rs`: the tests, their graph families and oracles.
//! - [`certified`]: a user's graph as read, solved by the engine that fits it: a maximum
//!   matching with its proof (König cover or Tutte–Berge barrier) and an independent verifier,
//!   edge classes, geography.
//! - [`geography`]: undirected vertex geography (who wins moving a token to unvisited
//!   vertices) from one matching and its decomposition, with certificates and their verifier.
//! - [`barrier`]: Tutte–Berge barriers (deficiency, inclusion-minimal shrinking).
//! - [`twosat`]: 2-SAT by iterative SCC, with conflict chains as proofs of unsatisfiability
//!   (`twosat/mod.rs`; its tests in `twosat/tests.rs`); the backbone, model uniqueness and the
//!   clauses behind a chain (`twosat/backbone.rs`; its tests in `twosat/backbone_tests.rs`).
//! - [`weighted`]: maximum-weight matchings (blossom) and assignments, each with the LP duals
//!   that prove it optimal, and their independent verifier.
//! - `dsu.rs`: the one union–find of the graph core (path halving, union by rank or by size).
//! - [`NONE`]: the "no vertex" sentinel of the matchings the engines return (a mate, a vertex
//!   result); engines keep private markers of their own where the meaning differs (edge
//!   indices in `weighted`, "no row/column" in the assignment engines, dead vertices in
//!   `general/reduce.rs`, search states).

pub mod barrier;
pub mod bipartite;
pub mod certified;
pub(crate) mod dsu;
pub mod general;
pub mod geography;
pub mod scc;
pub mod twosat;
pub mod weighted;

/// Sentinel vertex id meaning "no vertex" (e.g. the mate of an exposed vertex) in the matchings
/// and vertex results of the graph core ([`general::NONE`] and [`bipartite::NONE`] are this
/// constant; private markers inside the engines are their own). Valid vertex ids are therefore
/// `< u32::MAX`.
pub const NONE: u32 = u32::MAX;

/// The largest vertex count any graph of the core takes: every id stays below [`NONE`]. The
/// readers' default limit and the Python binding's both are this constant.
pub const MAX_VERTICES: u64 = NONE as u64 - 1;
