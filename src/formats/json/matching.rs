//! `gridmatch match --json`: a maximum matching of a graph file and its proof.

use serde::{Deserialize, Serialize};

use crate::graph::certified::{self, MatchingCertificate, Proof, Vertices};
use crate::read::GraphInput;

/// The proof part of a [`MatchingRecord`]: a König cover or a Tutte–Berge barrier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchingProof {
    /// A vertex cover of a graph, in the file's numbering.
    Cover(Vec<u64>),
    /// A vertex cover of a matrix: rows and columns, 1-based.
    #[serde(rename = "matrix_cover")]
    MatrixCover {
        /// Rows in the cover.
        rows: Vec<u64>,
        /// Columns in the cover.
        cols: Vec<u64>,
    },
    /// A Tutte–Berge barrier, in the file's numbering.
    Barrier(Vec<u64>),
}

/// `gridmatch match --json`: a maximum matching of a graph file and its proof, every vertex in
/// the file's own numbering (`[row, col]` pairs for a Matrix Market matrix):
/// `{"certificate":"matching","format":"dimacs","size":2,"matching":[[1,2],[3,4]],
/// "proof":{"cover":[2,3]}}` (or `"proof":{"barrier":[…]}`, or for a matrix
/// `"proof":{"matrix_cover":{"rows":[…],"cols":[…]}}`). It holds no copy of the graph:
/// `gridmatch verify --graph FILE` checks it against the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchingRecord {
    /// Always `"matching"`.
    pub certificate: String,
    /// The graph file's format (`dimacs`, `mtx`, `edges`), which fixes its numbering.
    pub format: String,
    /// Matched pairs.
    pub size: usize,
    /// The matched pairs.
    pub matching: Vec<[u64; 2]>,
    /// Why no matching is larger.
    pub proof: MatchingProof,
}

/// Why a matching record does not fit its graph file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchingRecordError {
    /// Not a matching certificate, or for another format.
    #[error("{0}")]
    Shape(String),
    /// A vertex number outside the graph.
    #[error("{what} {number} is not in the graph, which has {numbering}")]
    OutOfRange {
        /// Vertex, row or column.
        what: &'static str,
        /// The number written.
        number: u64,
        /// The numbers the graph has, in words (`vertices 1 to 6`, `rows 1 to 3`).
        numbering: String,
    },
    /// A weighted certificate's proof fails (the reason names vertices in the file's
    /// numbering).
    #[error("{why}")]
    Weighted {
        /// The verifier's verdict.
        error: Box<crate::graph::certified::weighted::WeightedError>,
        /// Its reason in the file's numbering.
        why: String,
    },
    /// The proof fails (the reason names vertices in the file's numbering).
    #[error("{why}")]
    Proof {
        /// The verifier's verdict.
        error: crate::graph::certified::MatchingError,
        /// Its reason in the file's numbering.
        why: String,
    },
}

impl MatchingRecord {
    /// The record of a matching certificate of `input`.
    pub fn new(input: &GraphInput, cert: &MatchingCertificate) -> MatchingRecord {
        let v = Vertices::of(input);
        let number = |x: u32| v.number(x);
        let proof = MatchingProof::new(&cert.proof, &v);
        MatchingRecord {
            certificate: "matching".into(),
            format: input.format.name().into(),
            size: cert.pairs.len(),
            matching: cert
                .pairs
                .iter()
                .map(|&(a, b)| [number(a), number(b)])
                .collect(),
            proof,
        }
    }

    /// Checks the record against the graph file's contents (not against anything the record
    /// says of the graph): numbers in range, then [`certified::verify`].
    pub fn verify(&self, input: &GraphInput) -> Result<(), MatchingRecordError> {
        if self.certificate != "matching" {
            return Err(MatchingRecordError::Shape(format!(
                "expected a matching certificate, found {:?}",
                self.certificate
            )));
        }
        if self.format != input.format.name() {
            return Err(MatchingRecordError::Shape(format!(
                "the certificate is for a {} file, the graph is {}",
                self.format,
                input.format.name()
            )));
        }
        if self.size != self.matching.len() {
            return Err(MatchingRecordError::Shape(format!(
                "size {} but {}",
                self.size,
                crate::error::count(self.matching.len(), "pair", "pairs")
            )));
        }
        let v = Vertices::of(input);
        let pairs = self
            .matching
            .iter()
            .map(|&[a, b]| pair_vertices(&v, a, b))
            .collect::<Result<Vec<_>, MatchingRecordError>>()?;
        let proof = self.proof.proof(&v)?;
        let cert = MatchingCertificate { pairs, proof };
        certified::verify(input, &cert).map_err(|error| {
            let why = error.describe(&|x| v.name(x));
            MatchingRecordError::Proof { error, why }
        })
    }
}

impl MatchingProof {
    /// A proof in the file's numbering.
    pub(super) fn new(proof: &Proof, v: &Vertices<'_>) -> MatchingProof {
        let number = |x: u32| v.number(x);
        match (proof, v.rows) {
            (Proof::Cover(c), Some(_)) => {
                let (cols, rows): (Vec<u32>, Vec<u32>) =
                    c.iter().partition(|&&x| v.column(x).is_some());
                MatchingProof::MatrixCover {
                    rows: rows.into_iter().map(number).collect(),
                    cols: cols.into_iter().map(number).collect(),
                }
            }
            (Proof::Cover(c), None) => MatchingProof::Cover(c.iter().map(|&x| number(x)).collect()),
            (Proof::Barrier(b), _) => {
                MatchingProof::Barrier(b.iter().map(|&x| number(x)).collect())
            }
        }
    }

    /// The proof in the one vertex set of the graph `v` describes.
    pub(super) fn proof(&self, v: &Vertices<'_>) -> Result<Proof, MatchingRecordError> {
        let matrix = v.rows.is_some();
        let all = |what, xs: &[u64]| {
            xs.iter()
                .map(|&x| to_vertex(v, what, x))
                .collect::<Result<Vec<u32>, _>>()
        };
        Ok(match (self, matrix) {
            (MatchingProof::Cover(c), false) => Proof::Cover(all("vertex", c)?),
            (MatchingProof::Barrier(b), false) => Proof::Barrier(all("vertex", b)?),
            (MatchingProof::MatrixCover { rows: r, cols: c }, true) => {
                let mut cover = all("row", r)?;
                cover.extend(all("column", c)?);
                Proof::Cover(cover)
            }
            (MatchingProof::Barrier(_), true) | (MatchingProof::Cover(_), true) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix's proof is a matrix_cover of rows and columns".into(),
                ));
            }
            (MatchingProof::MatrixCover { .. }, false) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix_cover proves a matching of a matrix, the graph is not one".into(),
                ));
            }
        })
    }
}

/// The vertex the file numbers `x`, as a `what` (`vertex`, `row` or `column`).
pub(super) fn to_vertex(
    v: &Vertices<'_>,
    what: &'static str,
    x: u64,
) -> Result<u32, MatchingRecordError> {
    v.vertex(x, what == "column")
        .ok_or_else(|| MatchingRecordError::OutOfRange {
            what,
            number: x,
            numbering: match (v.rows, what) {
                (Some(rows), "row") => format!("rows {} to {rows}", v.base),
                (Some(rows), _) => format!("columns {} to {}", v.base, v.n - rows),
                (None, _) => v.numbering(),
            },
        })
}

/// A pair as written (`[row, column]` for a matrix) in the one vertex set.
pub(super) fn pair_vertices(
    v: &Vertices<'_>,
    a: u64,
    b: u64,
) -> Result<(u32, u32), MatchingRecordError> {
    let (first, second) = if v.rows.is_some() {
        ("row", "column")
    } else {
        ("vertex", "vertex")
    };
    Ok((to_vertex(v, first, a)?, to_vertex(v, second, b)?))
}
