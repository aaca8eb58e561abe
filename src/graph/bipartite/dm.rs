//! The Dulmage–Mendelsohn decomposition of a bipartite graph (a sparse matrix's pattern), in
//! the form of MATLAB's `dmperm` and CSparse's `cs_dmperm`: row and column permutations, fine
//! and coarse block boundaries, all 0-based.
//!
//! **Guarantee:** rows are the left vertices, columns the right ones, and an edge `(i, j)` is a
//! nonzero `A(i, j)`. [`dmperm`] (from any maximum matching) and [`Dmperm::new`] return the
//! decomposition, which belongs to the graph alone (only the order of rows and columns inside a
//! part or block may depend on the matching). `C = A(p, q)` splits into coarse blocks, with
//! `R1 = p[rr[0]..rr[1]]`, …, `C0 = q[cc[0]..cc[1]]`, …:
//!
//! ```text
//!          C0   C1   C2   C3
//!     R1  A11  A12  A13  A14     under-determined part: rows R1, columns C0 ∪ C1
//!     R2   0    0   A23  A24     square part:           rows R2, columns C2
//!     R3   0    0    0   A34     over-determined part:  rows R3 ∪ R0, columns C3
//!     R0   0    0    0   A44
//! ```
//!
//! C0 are the unmatched columns and R0 the unmatched rows; C1 and R1 are the columns and rows
//! reached from C0 by alternating paths (an edge from a column to a row, the row's matched edge
//! to a column), R3 and C3 those reached from R0; the rest is the square part. A12, A23 and A34
//! are square and their diagonals are matched pairs (`p[rr[1] + t]` is matched to
//! `q[cc[2] + t]`, and likewise in A12 and A34), so `rr[3]` is the structural rank. The square
//! part A23 is block upper triangular with irreducible diagonal blocks (the strongly connected
//! components of its matched digraph), in an order where every entry lies in a block's row and
//! a block's column at or after it.
//!
//! **Conventions (CSparse's `cs_dmperm`, which MATLAB's `dmperm` uses):** the fine blocks `r`,
//! `s` (block `b` is rows `p[r[b]..r[b + 1]]` and columns `q[s[b]..s[b + 1]]`) are the whole
//! under-determined part as one leading block if it has a column (`cc[2] > 0`; it may have no
//! row), then the square part's blocks, then the whole over-determined part as one trailing
//! block if it has a row (`rr[2] < m`; it may have no column). CSparse does not split the
//! rectangular parts further, and neither does this. C0, C1, C3 and R0 are in increasing index
//! order (R1 and R3 follow their matched columns), as in CSparse; inside the square part the
//! order of blocks and within blocks is this module's own (any valid block triangular order may
//! differ from CSparse's). `cc[4] = n`, `rr[4] = m`; `cc[1]` counts the unmatched columns and
//! `m − rr[3]` the unmatched rows.
//!
//! **Complexity:** O(m + n + E) time and O(m + n) memory besides the output, plus the maximum
//! matching for [`Dmperm::new`]; nothing recurses (an explicit call stack), so a chain of 10⁶
//! blocks runs on any thread stack.
//!
//! **Algorithm.** The over-determined part is one breadth-first search from the unmatched rows
//! ([`alternating_reach`](super::alternating_reach), which also proves the matching maximum:
//! it panics on an augmenting path). Then one iterative Tarjan pass ([`scc`](crate::graph::scc)) over the matched rows left,
//! with an arc from row i to row mate(j) for each edge (i, j) other than i's matched one — the
//! matched digraph of the matrix whose diagonal is the matching (Duff & Reid 1978, Pothen & Fan
//! 1990). Its components complete sinks first, so a component reaches an unmatched column
//! (is in the under-determined part) iff one of its rows has an edge to one or an arc into a
//! completed component that does (as in `classify.rs`); the components that do not are the
//! square part's blocks, and their reverse completion order is a topological order, which
//! makes A23 block upper triangular.
//!
//! **Status:** compared with the oracles crate's independent decomposition (Hopcroft–Karp by
//! plain phases, breadth-first searches over the transpose and Kosaraju's algorithm) on
//! thousands of random matrices up to 40 × 40 of every density and shape, parallel entries and
//! empty rows and columns included, from several maximum matchings: the same coarse sets, the
//! same partition of the square part into blocks, a block upper triangular `A(p, q)` with
//! matched diagonals; on random matrices up to 10⁶ × 10⁶ in `tests/integration/dm.rs` (release
//! mode); chains of 2·10⁵ one-by-one blocks (both orders), a 2·10⁵-row cycle and a 2·10⁵-step
//! under-determined path on a 256 KiB stack. `gridmatch verify` checks the `gridmatch match
//! --dm --json` output with code of its own (`certified/dm.rs`), and on two 10⁶ × 10⁶ patterns
//! the coarse boundaries and block counts equal CSparse's (docs/BENCHMARKS.md).

use std::ops::Range;

use super::{BipartiteGraph, Matching, NONE};
use crate::graph::scc::{self, Record, Search, Tarjan};

/// The Dulmage–Mendelsohn decomposition of an m × n pattern as MATLAB's
/// `[p, q, r, s, cc, rr] = dmperm(A)` gives it, 0-based (see the module docs for the layout).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dmperm {
    /// Row permutation: row `p[k]` of the graph is row `k` of `A(p, q)` (length m).
    pub p: Vec<u32>,
    /// Column permutation: column `q[k]` of the graph is column `k` of `A(p, q)` (length n).
    pub q: Vec<u32>,
    /// Fine block boundaries on the rows of `A(p, q)`: block `b` is rows `r[b]..r[b + 1]`
    /// (`r[0] = 0`, last entry m; one entry more than there are blocks).
    pub r: Vec<usize>,
    /// Fine block boundaries on the columns: block `b` is columns `s[b]..s[b + 1]`.
    pub s: Vec<usize>,
    /// Coarse column boundaries `[0, |C0|, |C0|+|C1|, |C0|+|C1|+|C2|, n]`.
    pub cc: [usize; 5],
    /// Coarse row boundaries `[0, |R1|, |R1|+|R2|, |R1|+|R2|+|R3|, m]`.
    pub rr: [usize; 5],
}

impl Dmperm {
    /// The decomposition of `g` from a maximum matching of its own
    /// ([`maximum_matching`](super::maximum_matching)).
    ///
    /// # Constraints
    /// None beyond the graph's.
    /// # Panics
    /// Never.
    /// # Complexity
    /// That of [`dmperm`] plus one maximum matching.
    /// # Examples
    /// ```
    /// use gridmatch::graph::bipartite::{BipartiteGraph, Dmperm};
    ///
    /// // Row 0 has entries in columns 0 and 1; row 1 in column 1; row 2 in column 2 only,
    /// // which row 3 also wants.
    /// let g = BipartiteGraph::from_edges(4, 3, [(0, 0), (0, 1), (1, 1), (2, 2), (3, 2)]);
    /// let d = Dmperm::new(&g);
    /// assert_eq!(d.structural_rank(), 3);
    /// assert_eq!(d.under(), (0, 0));
    /// assert_eq!((d.square(), d.square_blocks()), (2, 2)); // rows 0, 1 and columns 0, 1
    /// assert_eq!(d.over(), (2, 1)); // rows 2, 3 share column 2
    /// assert_eq!(d.q[2], 2);
    /// assert_eq!(d.cc, [0, 0, 0, 2, 3]);
    /// assert_eq!(d.rr, [0, 0, 2, 3, 4]);
    /// assert_eq!((d.r, d.s), (vec![0, 1, 2, 4], vec![0, 1, 2, 3]));
    /// ```
    pub fn new(g: &BipartiteGraph) -> Dmperm {
        dmperm(g, &super::maximum_matching(g))
    }

    /// Rows m of the pattern.
    pub fn n_rows(&self) -> usize {
        self.p.len()
    }

    /// Columns n of the pattern.
    pub fn n_cols(&self) -> usize {
        self.q.len()
    }

    /// The structural rank: the size of a maximum matching (`rr[3]`).
    pub fn structural_rank(&self) -> usize {
        self.rr[3]
    }

    /// The under-determined part's (rows, columns): `(|R1|, |C0| + |C1|)`; more columns than
    /// rows, or `(0, 0)`.
    pub fn under(&self) -> (usize, usize) {
        (self.rr[1], self.cc[2])
    }

    /// The square part's size: `|R2| = |C2|`.
    pub fn square(&self) -> usize {
        self.rr[2] - self.rr[1]
    }

    /// The over-determined part's (rows, columns): `(|R3| + |R0|, |C3|)`; more rows than
    /// columns, or `(0, 0)`.
    pub fn over(&self) -> (usize, usize) {
        (self.n_rows() - self.rr[2], self.n_cols() - self.cc[3])
    }

    /// Fine blocks in all (`r.len() - 1`): the square ones and the rectangular parts.
    pub fn num_blocks(&self) -> usize {
        self.r.len() - 1
    }

    /// The indices `b` (into `r`, `s`) of the square part's blocks, in their order.
    pub fn square_block_indices(&self) -> Range<usize> {
        let first = usize::from(self.cc[2] > 0);
        let last = self.num_blocks() - usize::from(self.rr[2] < self.n_rows());
        first..last
    }

    /// Number of blocks of the square part (its strongly connected components).
    pub fn square_blocks(&self) -> usize {
        self.square_block_indices().len()
    }
}

/// The Dulmage–Mendelsohn decomposition of `g` (rows = left vertices, columns = right ones)
/// from a maximum matching `m` of it, as MATLAB's `dmperm` (module docs).
///
/// # Constraints
/// `m` is a maximum matching of `g` (any one).
/// # Panics
/// If `m` is not a matching of `g` (other vertex counts, mates that disagree, a matched pair
/// that is not an edge) or not a maximum one (an augmenting path is found; always detected).
/// # Complexity
/// O(m + n + E) time, O(m + n) memory besides the output; no recursion.
/// # Examples
/// ```
/// use gridmatch::graph::bipartite::{BipartiteGraph, dmperm, maximum_matching};
///
/// // A 2 × 3 pattern: one row too few, so everything is under-determined.
/// let g = BipartiteGraph::from_edges(2, 3, [(0, 0), (0, 1), (1, 1), (1, 2)]);
/// let d = dmperm(&g, &maximum_matching(&g));
/// assert_eq!((d.under(), d.square(), d.over()), ((2, 3), 0, (0, 0)));
/// assert_eq!((d.num_blocks(), d.square_blocks()), (1, 0));
/// assert_eq!((d.r, d.s), (vec![0, 2], vec![0, 3]));
/// ```
pub fn dmperm(g: &BipartiteGraph, m: &Matching) -> Dmperm {
    super::classify::check_matching(g, m, "dmperm");
    let (nl, nr) = (g.n_left(), g.n_right());
    // The over-determined part: rows and columns reached from the unmatched rows.
    let (over_row, over_col) = super::alternating_reach(g, m);
    let Blocks { under, rows, ends } = blocks(g, m, &over_row);

    let mut p = Vec::with_capacity(nl);
    let mut q = Vec::with_capacity(nr);
    let mut cc = [0usize; 5];
    let mut rr = [0usize; 5];
    // C0: the unmatched columns.
    q.extend((0..nr as u32).filter(|&j| m.right[j as usize] == NONE));
    cc[1] = q.len();
    // C1 and R1, in column order.
    for j in 0..nr as u32 {
        let i = m.right[j as usize];
        if i != NONE && !over_row[i as usize] && under[i as usize] {
            q.push(j);
            p.push(i);
        }
    }
    cc[2] = q.len();
    rr[1] = p.len();
    // Fine blocks by their first row and column: the leading under-determined block if it
    // has a column, the square blocks in reverse completion order (a topological order), the
    // trailing over-determined block if it has a row; then the end (m, n).
    let mut starts: Vec<(usize, usize)> = Vec::new();
    if cc[2] > 0 {
        starts.push((0, 0));
    }
    let mut end = rows.len();
    for &begin in ends.iter().rev() {
        let block = &rows[begin..end];
        end = begin;
        if under[block[0] as usize] {
            continue;
        }
        starts.push((p.len(), q.len()));
        for &i in block {
            p.push(i);
            q.push(m.left[i as usize]);
        }
    }
    cc[3] = q.len();
    rr[2] = p.len();
    if rr[2] < nl {
        starts.push((rr[2], cc[3]));
    }
    // C3 and R3, in column order, then R0: the unmatched rows.
    for j in 0..nr as u32 {
        if over_col[j as usize] {
            q.push(j);
            p.push(m.right[j as usize]);
        }
    }
    cc[4] = q.len();
    rr[3] = p.len();
    p.extend((0..nl as u32).filter(|&i| m.left[i as usize] == NONE));
    rr[4] = p.len();
    debug_assert_eq!((p.len(), q.len()), (nl, nr));
    starts.push((nl, nr));
    let (r, s) = starts.into_iter().unzip();
    Dmperm { p, q, r, s, cc, rr }
}

/// The matched rows outside the over-determined part, grouped into the strongly connected
/// components of their matched digraph.
struct Blocks {
    /// Whether row i reaches an unmatched column (R1); meaningful for the rows in `rows`.
    under: Vec<bool>,
    /// The rows of each component, components in completion order (sinks first).
    rows: Vec<u32>,
    /// Where each component starts in `rows`.
    ends: Vec<usize>,
}

/// The components, by [`scc`](crate::graph::scc), of the matched rows i outside the
/// over-determined part, with an arc i → mate(j) for each edge (i, j), j ≠ mate(i), whose
/// column is matched to such a row. An edge to an unmatched column sets `under[i]`, which is
/// propagated: every arc x → w is looked at once, and `w`'s flag is final then unless `w` is
/// still live, i.e. in x's component; when a component is completed its members' flags are
/// OR-ed together and shared, so each completed component's flag is final. Each component's
/// rows are listed in discovery order (root first), by their discovery positions.
fn blocks(g: &BipartiteGraph, m: &Matching, over_row: &[bool]) -> Blocks {
    // One record per row, so that looking at an arc's head touches one cache line (on random
    // 10⁶ × 10⁶ patterns separate arrays cost a cache miss each).
    let recs: Vec<Node> = over_row
        .iter()
        .map(|&over| Node {
            rindex: if over { scc::EXCLUDED } else { scc::UNVISITED },
            index: 0,
            under: false,
        })
        .collect();
    let mut tarjan = Tarjan::new(recs);
    let mut search = Rows {
        g,
        m,
        rows: Vec::new(),
        ends: Vec::new(),
    };
    tarjan.run(&mut search);
    let under = tarjan.recs.iter().map(|n| n.under).collect();
    Blocks {
        under,
        rows: search.rows,
        ends: search.ends,
    }
}

/// The matched digraph of [`blocks`] and the components it completes.
struct Rows<'a> {
    g: &'a BipartiteGraph,
    m: &'a Matching,
    /// The rows of each component, components in completion order.
    rows: Vec<u32>,
    /// Where each component starts in `rows`.
    ends: Vec<usize>,
}

impl Search for Rows<'_> {
    type Rec = Node;
    fn enter(&mut self, _: u32, index: u32, rec: &mut Node) -> u32 {
        rec.index = index;
        0
    }
    fn next(&mut self, x: u32, cursor: &mut u32, rec: &mut Node) -> Option<u32> {
        let nbrs = self.g.neighbors(x);
        let mate = self.m.left[x as usize];
        // Positions stay below the degree + 1 <= n_right + 1 < 2^31.
        while let Some(&j) = nbrs.get(*cursor as usize) {
            *cursor += 1;
            if j == mate {
                continue;
            }
            let w = self.m.right[j as usize];
            if w == NONE {
                rec.under = true;
                continue;
            }
            return Some(w);
        }
        None
    }
    fn merge(&mut self, rec: &mut Node, head: &Node) {
        rec.under |= head.under;
    }
    fn complete(&mut self, recs: &mut [Node], root: u32, members: &[u32], _: u32) -> bool {
        let first = recs[root as usize].index;
        let reach = recs[root as usize].under || members.iter().any(|&y| recs[y as usize].under);
        let start = self.rows.len();
        self.ends.push(start);
        self.rows.resize(start + members.len() + 1, root);
        for &y in members {
            let node = &mut recs[y as usize];
            node.under = reach;
            // The members' discovery indices are first + 1 ..= first + members.len().
            self.rows[start + (node.index - first) as usize] = y;
        }
        recs[root as usize].under = reach;
        false
    }
}

/// The search's record of a row in [`blocks`].
#[derive(Clone, Copy)]
struct Node {
    /// The search's word ([`scc`](crate::graph::scc)).
    rindex: u32,
    /// Discovery index.
    index: u32,
    /// Whether the row reaches an unmatched column (final once its component is complete).
    under: bool,
}

impl Record for Node {
    fn rindex(&self) -> u32 {
        self.rindex
    }
    fn set_rindex(&mut self, r: u32) {
        self.rindex = r;
    }
}
