//! The Dulmage–Mendelsohn decomposition of a bipartite input ([`dulmage_mendelsohn`]), and its
//! independent check ([`verify_dm`]).
//!
//! **Rows and columns.** A Matrix Market matrix's rows and columns are its own. A DIMACS file or
//! an edge list must be bipartite; its rows are then the side of its 2-colouring that holds
//! each connected component's smallest vertex, its columns the other side (an isolated vertex
//! is a row).
//!
//! **What [`verify_dm`] checks**, against the graph alone and with code of its own (it shares
//! nothing with [`bipartite::dmperm`](crate::graph::bipartite::dmperm)): with m rows and n
//! columns,
//! 1. the rows and columns are the graph's vertices, each once, and every edge (self-loops
//!    aside) joins a row and a column;
//! 2. `p` and `q` are permutations of `0..m` and `0..n`; `cc` and `rr` rise from 0 to n and m,
//!    with |R1| = |C1|, |R2| = |C2|, |R3| = |C3| (R1 = `p[rr[0]..rr[1]]`, C0 = `q[cc[0]..cc[1]]`,
//!    …, R0 = `p[rr[3]..rr[4]]`);
//! 3. the diagonals of A12, A23 and A34 are edges (a matching M of size `rr[3]` that leaves C0
//!    and R0 unmatched);
//! 4. `r` and `s` are CSparse's: the under-determined part as one block if `cc[2] > 0`, then
//!    square blocks of at least one row tiling the square part along its diagonal, then the
//!    over-determined part as one block if `rr[2] < m`, ending at (m, n);
//! 5. `A(p, q)` is block upper triangular for `r`, `s`: every edge's row block is at or before
//!    its column block (this puts the coarse zeros in place: C0 ∪ C1 meet only R1, and
//!    R3 ∪ R0 meet only C3);
//! 6. every row of R1 is reached from C0 by alternating paths (a column's rows, a row's
//!    matched column), and every row of R3 from R0 (a row's columns, a column's matched row);
//! 7. every square block is irreducible: its matched digraph (block row t → block row t′ for an
//!    entry in t's row and t′'s column) is strongly connected, by a forward and a backward
//!    search from its first row.
//!
//! These make it *the* decomposition: by 5, alternating paths from R0 stay in R3 ∪ R0 ∪ C3,
//! so none reaches an unmatched column and M is maximum; by 5 and 6 the rows and columns
//! reached from the unmatched columns C0 are exactly R1, C0, C1, and those reached from the
//! unmatched rows R0 exactly R0, R3, C3 — the coarse parts of the theory, which every maximum
//! matching gives alike; what is left, the square part, has the perfect matching M, and by 5
//! and 7 its blocks are the strongly connected components of its matched digraph (the fine
//! decomposition, the same for every perfect matching) in a topological order. Under- and
//! over-determined parts then have more columns than rows (C0 is not empty) and more rows than
//! columns, or are empty.
//!
//! **Complexity:** O(m + n + E) for both (plus one maximum matching for the decomposition).

use super::{Built, NotBipartite, Parts};
use crate::graph::bipartite::Dmperm;

mod verify;
pub use verify::{DmError, check_blocks, check_coarse, verify_dm};

/// The decomposition of a bipartite input and how its rows and columns are the input's
/// vertices (in the one vertex set of [`Vertices`](super::Vertices)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DmCertificate {
    /// The input vertex of each row `0..m`.
    pub rows: Vec<u32>,
    /// The input vertex of each column `0..n`.
    pub cols: Vec<u32>,
    /// The decomposition, on row and column indices.
    pub dm: Dmperm,
}

/// The Dulmage–Mendelsohn decomposition of the input (module docs for which vertices are
/// rows), or [`NotBipartite`].
///
/// # Complexity
/// O(n + m) plus one maximum matching.
pub fn dulmage_mendelsohn<'a>(input: impl Into<Parts<'a>>) -> Result<DmCertificate, NotBipartite> {
    let input = input.into();
    // In the input's numbering (no renumbering), so that the rows are the side of each
    // component's smallest input vertex.
    let built = Built::of(input, true);
    let g = match &built {
        Built::Matrix(g) | Built::Split(_, g, _) => g,
        Built::General(..) => return Err(NotBipartite),
    };
    let dm = Dmperm::new(g);
    Ok(DmCertificate {
        rows: (0..g.n_left() as u32)
            .map(|l| built.vertex(false, l))
            .collect(),
        cols: (0..g.n_right() as u32)
            .map(|r| built.vertex(true, r))
            .collect(),
        dm,
    })
}
