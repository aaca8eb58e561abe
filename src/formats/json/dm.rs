//! `gridmatch match --dm --json`: the Dulmage–Mendelsohn decomposition of a bipartite graph
//! file, as MATLAB's `dmperm` gives it.

use serde::{Deserialize, Serialize};

use super::matching::{MatchingRecordError, to_vertex};
use crate::graph::bipartite::Dmperm;
use crate::graph::certified::Vertices;
use crate::graph::certified::dm::{DmCertificate, DmError, verify_dm};
use crate::read::{GraphInput, Shape};

/// The sizes of the coarse parts, `[rows, columns]` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoarseRecord {
    /// The under-determined part (more columns than rows, or empty).
    pub under: [usize; 2],
    /// The square part.
    pub square: [usize; 2],
    /// The over-determined part (more rows than columns, or empty).
    pub over: [usize; 2],
}

/// The certificate of `gridmatch match --dm --json`:
///
/// `{"certificate":"dulmage_mendelsohn","format":"mtx","shape":[4,4],"structural_rank":3,
/// "coarse":{"under":[1,2],"square":[1,1],"over":[2,1]},"square_blocks":1,
/// "p":[0,3,1,2],"q":[1,0,3,2],"r":[0,1,2,4],"s":[0,2,3,4],"cc":[0,1,2,3,4],"rr":[0,1,2,3,4]}`
///
/// `p`, `q`, `r`, `s`, `cc`, `rr` are MATLAB's `[p,q,r,s,cc,rr] = dmperm(A)`, 0-based, with
/// CSparse's conventions ([`crate::graph::bipartite::Dmperm`]): row `p[k]` and column `q[k]`
/// are the k-th of `A(p,q)`, which is block upper triangular with fine blocks `r[b]..r[b+1]` ×
/// `s[b]..s[b+1]` (the under-determined part one leading block, the over-determined part one
/// trailing block, the square part's irreducible blocks between) and coarse boundaries `cc`,
/// `rr`; matched pairs lie on the diagonals of the coarse blocks A12, A23, A34. A matrix's row
/// `k` is its row `k + 1` in the file. A graph's rows and columns are vertices named by
/// `row_vertices` and `col_vertices` in the file's numbering (row `k` is `row_vertices[k]`);
/// a matrix has neither. It holds no copy of the graph: `gridmatch verify --graph FILE` checks
/// it against the file ([`crate::graph::certified::dm`] lists the rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DmRecord {
    /// Always `"dulmage_mendelsohn"`.
    pub certificate: String,
    /// The graph file's format (`dimacs`, `mtx`, `edges`), which fixes its numbering.
    pub format: String,
    /// `[rows, columns]`.
    pub shape: [usize; 2],
    /// The size of a maximum matching (`rr[3]`).
    pub structural_rank: usize,
    /// The coarse parts' sizes.
    pub coarse: CoarseRecord,
    /// The number of blocks of the square part.
    pub square_blocks: usize,
    /// Row permutation.
    pub p: Vec<u32>,
    /// Column permutation.
    pub q: Vec<u32>,
    /// Fine block boundaries on rows.
    pub r: Vec<usize>,
    /// Fine block boundaries on columns.
    pub s: Vec<usize>,
    /// Coarse column boundaries.
    pub cc: [usize; 5],
    /// Coarse row boundaries.
    pub rr: [usize; 5],
    /// A graph's rows, in the file's numbering (absent for a matrix).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub row_vertices: Vec<u64>,
    /// A graph's columns, in the file's numbering (absent for a matrix).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub col_vertices: Vec<u64>,
}

/// Why a decomposition record does not fit its graph file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DmRecordError {
    /// Not a decomposition certificate, for another format, or its sizes disagree.
    #[error("{0}")]
    Shape(String),
    /// A vertex number outside the graph.
    #[error(transparent)]
    Vertex(#[from] MatchingRecordError),
    /// The decomposition is wrong.
    #[error(transparent)]
    Dm(#[from] DmError),
}

impl DmRecord {
    /// The record of a decomposition of `input`.
    pub fn new(input: &GraphInput, cert: &DmCertificate) -> DmRecord {
        let v = Vertices::of(input);
        let d = &cert.dm;
        let (m, n) = (d.n_rows(), d.n_cols());
        let (under, over) = (d.under(), d.over());
        let graph = matches!(input.shape, Shape::General { .. });
        let names = |xs: &[u32]| match graph {
            true => xs.iter().map(|&x| v.number(x)).collect(),
            false => Vec::new(),
        };
        DmRecord {
            certificate: "dulmage_mendelsohn".into(),
            format: input.format.name().into(),
            shape: [m, n],
            structural_rank: d.structural_rank(),
            coarse: CoarseRecord {
                under: [under.0, under.1],
                square: [d.square(), d.square()],
                over: [over.0, over.1],
            },
            square_blocks: d.square_blocks(),
            p: d.p.clone(),
            q: d.q.clone(),
            r: d.r.clone(),
            s: d.s.clone(),
            cc: d.cc,
            rr: d.rr,
            row_vertices: names(&cert.rows),
            col_vertices: names(&cert.cols),
        }
    }

    /// Checks the record against the graph file's contents: numbers in range, the
    /// decomposition by [`verify_dm`], then the summary (`shape`, `structural_rank`, `coarse`,
    /// `square_blocks`) against `p`, …, `rr`.
    pub fn verify(&self, input: &GraphInput) -> Result<(), DmRecordError> {
        let shape = |why: String| Err(DmRecordError::Shape(why));
        if self.certificate != "dulmage_mendelsohn" {
            return shape(format!(
                "expected a dulmage_mendelsohn certificate, found {:?}",
                self.certificate
            ));
        }
        if self.format != input.format.name() {
            return shape(format!(
                "the certificate is for a {} file, the graph is {}",
                self.format,
                input.format.name()
            ));
        }
        let v = Vertices::of(input);
        let (rows, cols): (Vec<u32>, Vec<u32>) = match input.shape {
            Shape::Bipartite { rows, cols } => {
                if !self.row_vertices.is_empty() || !self.col_vertices.is_empty() {
                    return shape(
                        "a matrix's rows and columns are its own: no row_vertices or col_vertices"
                            .into(),
                    );
                }
                // Checked before the rows and columns are listed, so that a short record on a
                // file declaring many rows costs what the record holds (the same words as
                // below and as the decomposition's check).
                if self.shape != [rows, cols] {
                    return shape(format!(
                        "shape {:?} but the graph has {} and {}",
                        self.shape,
                        crate::error::count(rows, "row", "rows"),
                        crate::error::count(cols, "column", "columns")
                    ));
                }
                if self.p.len() != rows {
                    return shape(format!("p is not a permutation of 0..{rows}"));
                }
                if self.q.len() != cols {
                    return shape(format!("q is not a permutation of 0..{cols}"));
                }
                (
                    (0..rows as u32).collect(),
                    (rows as u32..(rows + cols) as u32).collect(),
                )
            }
            Shape::General { .. } => {
                let all = |xs: &[u64]| {
                    xs.iter()
                        .map(|&x| to_vertex(&v, "vertex", x))
                        .collect::<Result<Vec<u32>, _>>()
                };
                (all(&self.row_vertices)?, all(&self.col_vertices)?)
            }
        };
        let (m, n) = (rows.len(), cols.len());
        if self.shape != [m, n] {
            return shape(format!(
                "shape {:?} but the graph has {} and {}",
                self.shape,
                crate::error::count(m, "row", "rows"),
                crate::error::count(n, "column", "columns")
            ));
        }
        let cert = DmCertificate {
            rows,
            cols,
            dm: Dmperm {
                p: self.p.clone(),
                q: self.q.clone(),
                r: self.r.clone(),
                s: self.s.clone(),
                cc: self.cc,
                rr: self.rr,
            },
        };
        verify_dm(input, &cert)?;
        // The decomposition is valid, so cc and rr rise and r, s have their layout.
        let (cc, rr) = (self.cc, self.rr);
        if self.structural_rank != rr[3] {
            return shape(format!(
                "structural_rank {} but rr[3] = {}",
                self.structural_rank, rr[3]
            ));
        }
        let coarse = CoarseRecord {
            under: [rr[1], cc[2]],
            square: [rr[2] - rr[1], cc[3] - cc[2]],
            over: [m - rr[2], n - cc[3]],
        };
        if self.coarse != coarse {
            return shape(format!(
                "coarse {:?} but cc and rr say {coarse:?}",
                self.coarse
            ));
        }
        let rectangular = usize::from(cc[2] > 0) + usize::from(rr[2] < m);
        let blocks = self.r.len() - 1 - rectangular;
        if self.square_blocks != blocks {
            return shape(format!(
                "square_blocks {} but r and s have {blocks}",
                self.square_blocks
            ));
        }
        Ok(())
    }
}
