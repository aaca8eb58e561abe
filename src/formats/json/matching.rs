//! `gridmatch match --json`: a maximum matching of a graph file and its proof.

use serde::{Deserialize, Serialize};

use crate::graph::certified::{self, MatchingCertificate, Proof, Vertices};
use crate::graph::read::{GraphInput, Shape};

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
    #[error("{what} {number} is not in the graph (it numbers them {first}..={last})")]
    OutOfRange {
        /// Vertex, row or column.
        what: &'static str,
        /// The number written.
        number: u64,
        /// The first number.
        first: u64,
        /// The last number.
        last: u64,
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
        let base = input.format.base();
        let number = |x: u32| u64::from(v.column(x).unwrap_or(x)) + base;
        let proof = match (&cert.proof, v.rows) {
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
        };
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
                "size {} but {} pairs",
                self.size,
                self.matching.len()
            )));
        }
        let base = input.format.base();
        // One vertex set: rows, then columns past them.
        let (rows, cols) = match input.shape {
            Shape::Bipartite { rows, cols } => (rows, Some(cols)),
            Shape::General { vertices } => (vertices, None),
        };
        let to_vertex = |what: &'static str, x: u64, size: usize, shift: usize| {
            if x < base || x - base >= size as u64 {
                Err(MatchingRecordError::OutOfRange {
                    what,
                    number: x,
                    first: base,
                    last: (size as u64 + base).saturating_sub(1),
                })
            } else {
                Ok((x - base) as u32 + shift as u32)
            }
        };
        let (first, second) = match cols {
            Some(c) => (("row", rows, 0), ("column", c, rows)),
            None => (("vertex", rows, 0), ("vertex", rows, 0)),
        };
        let pairs = self
            .matching
            .iter()
            .map(|&[a, b]| {
                Ok((
                    to_vertex(first.0, a, first.1, first.2)?,
                    to_vertex(second.0, b, second.1, second.2)?,
                ))
            })
            .collect::<Result<Vec<_>, MatchingRecordError>>()?;
        let all = |what, xs: &[u64], size, shift| {
            xs.iter()
                .map(|&x| to_vertex(what, x, size, shift))
                .collect::<Result<Vec<u32>, _>>()
        };
        let proof = match (&self.proof, cols) {
            (MatchingProof::Cover(c), None) => Proof::Cover(all("vertex", c, rows, 0)?),
            (MatchingProof::Barrier(b), None) => Proof::Barrier(all("vertex", b, rows, 0)?),
            (MatchingProof::MatrixCover { rows: r, cols: c }, Some(nc)) => {
                let mut cover = all("row", r, rows, 0)?;
                cover.extend(all("column", c, nc, rows)?);
                Proof::Cover(cover)
            }
            (MatchingProof::Barrier(_), Some(_)) | (MatchingProof::Cover(_), Some(_)) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix's proof is a matrix_cover of rows and columns".into(),
                ));
            }
            (MatchingProof::MatrixCover { .. }, None) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix_cover proves a matching of a matrix, the graph is not one".into(),
                ));
            }
        };
        let cert = MatchingCertificate { pairs, proof };
        certified::verify(input, &cert).map_err(|error| {
            let v = Vertices::of(input);
            let name = |x: u32| match (v.rows, v.column(x)) {
                (Some(_), Some(c)) => format!("column {}", u64::from(c) + base),
                (Some(_), None) => format!("row {}", u64::from(x) + base),
                (None, _) => format!("{}", u64::from(x) + base),
            };
            let why = error.describe(&name);
            MatchingRecordError::Proof { error, why }
        })
    }
}
