//! The independent check of a weighted matching and its duals.

use super::Duals;

/// Why a matching and its duals do not prove optimality.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DualError {
    /// Placeholder.
    #[error("{0}")]
    Other(String),
}

impl DualError {
    /// The reason with every vertex named by `name`.
    pub fn describe(&self, name: &dyn Fn(u32) -> String) -> String {
        let _ = name;
        self.to_string()
    }
}

/// Checks that `matched` (indices into `edges`) is a matching and that `duals` prove it has
/// the largest total of `weights`; returns that total.
pub fn verify(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    matched: &[usize],
    duals: &Duals,
) -> Result<i128, DualError> {
    let _ = (n, edges, weights, matched, duals);
    unimplemented!("being written")
}
