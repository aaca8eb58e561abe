//! The matching certificate's independent check: the pairs against a hash set of the edges,
//! a cover against every edge, a barrier by the Tutte–Berge count of
//! [`geography`](crate::graph::geography)'s checker — none of the engines' code.

use std::collections::HashSet;

use super::{MatchingCertificate, Parts, Proof, Vertices, edges};
use crate::graph::geography::{GeographyError, Tutte};

/// Why a matching certificate is rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchingError {
    /// The matching itself is broken.
    #[error(transparent)]
    Matching(#[from] GeographyError),
    /// The cover has a different size than the matching.
    #[error(
        "the cover has {} but the matching {}",
        crate::error::count(*.cover, "vertex", "vertices"),
        crate::error::count(*.matching, "edge", "edges")
    )]
    CoverSize {
        /// Cover vertices.
        cover: usize,
        /// Matched pairs.
        matching: usize,
    },
    /// An edge has neither end in the cover.
    #[error("the edge {0} {1} has neither end in the cover")]
    Uncovered(u32, u32),
    /// A cover vertex is out of range or listed twice.
    #[error("cover vertex {0} is not a vertex or is listed twice")]
    BadCoverVertex(u32),
}

impl MatchingError {
    /// The reason with every vertex named by `name` (e.g. in the file's own numbering) instead
    /// of its index in the one vertex set.
    pub fn describe(&self, name: &dyn Fn(u32) -> String) -> String {
        match self {
            MatchingError::Matching(e) => match e {
                GeographyError::OutOfRange(v, _) => {
                    format!("{} is not a vertex of the graph", name(*v))
                }
                GeographyError::NotAnEdge(u, v) => {
                    format!(
                        "the pair {} {} is not an edge of the graph",
                        name(*u),
                        name(*v)
                    )
                }
                GeographyError::MatchedTwice(v) => format!("{} is matched twice", name(*v)),
                GeographyError::BarrierTwice { what, vertex } => {
                    format!("the {what} lists {} twice", name(*vertex))
                }
                other => other.to_string(),
            },
            MatchingError::Uncovered(u, v) => {
                format!(
                    "the edge {} {} has neither end in the cover",
                    name(*u),
                    name(*v)
                )
            }
            MatchingError::BadCoverVertex(v) => {
                format!("cover vertex {} is listed twice", name(*v))
            }
            other => other.to_string(),
        }
    }
}

/// Checks a matching certificate against the graph alone, without the engines' code: the pairs
/// are edges and disjoint; a cover has one vertex per pair and touches every edge other than a
/// self-loop; a barrier satisfies the Tutte–Berge equality, counted by a search of its own.
///
/// # Complexity
/// O(n + m) expected.
pub fn verify<'a>(
    input: impl Into<Parts<'a>>,
    cert: &MatchingCertificate,
) -> Result<(), MatchingError> {
    let input = input.into();
    verify_edges(Vertices::of(input).n, &edges(input), cert)
}

/// [`verify`] on a graph given by its `n` vertices and its edges in the one vertex set.
///
/// # Complexity
/// O(n + m) expected.
pub fn verify_edges(
    n: usize,
    edges: &[(u32, u32)],
    cert: &MatchingCertificate,
) -> Result<(), MatchingError> {
    let tutte = Tutte::new(n, edges);
    tutte.matching(&cert.pairs)?;
    match &cert.proof {
        Proof::Barrier(x) => Ok(tutte.barrier(x, None, cert.pairs.len(), "barrier")?),
        Proof::Cover(cover) => {
            if cover.len() != cert.pairs.len() {
                return Err(MatchingError::CoverSize {
                    cover: cover.len(),
                    matching: cert.pairs.len(),
                });
            }
            let mut seen = HashSet::with_capacity(cover.len());
            for &v in cover {
                if v as usize >= n || !seen.insert(v) {
                    return Err(MatchingError::BadCoverVertex(v));
                }
            }
            match edges
                .iter()
                .find(|&&(u, v)| u != v && !seen.contains(&u) && !seen.contains(&v))
            {
                Some(&(u, v)) => Err(MatchingError::Uncovered(u, v)),
                None => Ok(()),
            }
        }
    }
}
