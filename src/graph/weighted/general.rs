//! Maximum-weight matching of a general graph (Edmonds' primal–dual blossom algorithm).

use super::{WeightError, WeightedMatching};

/// A maximum-weight matching of the graph on vertices `0..n` with `edges[i]` weighing
/// `weights[i]`, and its [`Duals`](super::Duals). Self-loops never match; parallel edges are
/// allowed.
pub fn max_weight_matching(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
) -> Result<WeightedMatching, WeightError> {
    let _ = (n, edges, weights);
    unimplemented!("being written")
}
