//! The decomposition's independent check, the rules of the [module docs](super): permutations,
//! block bounds, alternating-path searches and irreducibility searches of its own, none of the
//! engine's code.

use super::super::{Parts, Vertices, edges};
use super::DmCertificate;
use crate::graph::NONE;
use crate::graph::bipartite::Dmperm;

/// Why a decomposition is rejected: the first rule of [`verify_dm`] it breaks, with rows,
/// columns and vertices named in the file's numbering.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DmError {
    /// Rules 1, 2 and 4: the rows and columns, the permutations or the boundaries.
    #[error("{0}")]
    Shape(String),
    /// Rule 3: a diagonal position of A12, A23 or A34 is not an edge.
    #[error("{0}")]
    Diagonal(String),
    /// Rule 5: an edge below the block diagonal.
    #[error("{0}")]
    BelowBlocks(String),
    /// Rule 6: a row of the under- or over-determined part that its unmatched columns or
    /// rows do not reach.
    #[error("{0}")]
    Unreached(String),
    /// Rule 7: a square block that is not irreducible.
    #[error("{0}")]
    Reducible(String),
}

fn shape(why: String) -> DmError {
    DmError::Shape(why)
}

/// Whether `xs` is a permutation of `0..len`.
fn is_permutation(xs: &[u32], len: usize) -> bool {
    let mut seen = vec![false; len];
    xs.len() == len
        && xs
            .iter()
            .all(|&x| (x as usize) < len && !std::mem::replace(&mut seen[x as usize], true))
}

/// Adjacency in positions of `A(p, q)`: for each row position the column positions of its
/// entries, sorted, and for each column position its row positions.
struct Positions {
    row_start: Vec<usize>,
    row_cols: Vec<u32>,
    col_start: Vec<usize>,
    col_rows: Vec<u32>,
}

impl Positions {
    fn new(m: usize, n: usize, entries: &[(u32, u32)]) -> Positions {
        let group = |len: usize, flip: bool| {
            let key = |&(a, b): &(u32, u32)| if flip { (b, a) } else { (a, b) };
            let mut start = vec![0usize; len + 1];
            for e in entries {
                start[key(e).0 as usize + 1] += 1;
            }
            for k in 0..len {
                start[k + 1] += start[k];
            }
            let mut fill = start.clone();
            let mut out = vec![0u32; entries.len()];
            for e in entries {
                let (a, b) = key(e);
                out[fill[a as usize]] = b;
                fill[a as usize] += 1;
            }
            for k in 0..len {
                out[start[k]..start[k + 1]].sort_unstable();
            }
            (start, out)
        };
        let (row_start, row_cols) = group(m, false);
        let (col_start, col_rows) = group(n, true);
        Positions {
            row_start,
            row_cols,
            col_start,
            col_rows,
        }
    }

    fn cols(&self, a: usize) -> &[u32] {
        &self.row_cols[self.row_start[a]..self.row_start[a + 1]]
    }

    fn rows(&self, b: usize) -> &[u32] {
        &self.col_rows[self.col_start[b]..self.col_start[b + 1]]
    }
}

/// Rule 2, which needs no graph: `p` and `q` are permutations of `0..m` and `0..n`, `cc` and
/// `rr` rise from 0 to `n` and `m`, and the matched coarse parts R1–C1, R2–C2, R3–C3 are
/// square. With [`check_blocks`], what a decomposition's arrays must satisfy whatever the
/// pattern (the Python `Dmperm` constructor checks unpickled arrays with both).
///
/// # Complexity
/// O(m + n).
pub fn check_coarse(dm: &Dmperm, m: usize, n: usize) -> Result<(), DmError> {
    let Dmperm { p, q, cc, rr, .. } = dm;
    if !is_permutation(p, m) {
        return Err(shape(format!("p is not a permutation of 0..{m}")));
    }
    if !is_permutation(q, n) {
        return Err(shape(format!("q is not a permutation of 0..{n}")));
    }
    let rising = |b: &[usize; 5], end: usize| b[0] == 0 && b[4] == end && b.is_sorted();
    if !rising(cc, n) || !rising(rr, m) {
        return Err(shape(format!(
            "cc must rise from 0 to {n} and rr from 0 to {m}"
        )));
    }
    for (k, (rows_k, cols_k)) in [(rr[1], cc[2] - cc[1]), (rr[2] - rr[1], cc[3] - cc[2])]
        .into_iter()
        .chain([(rr[3] - rr[2], cc[4] - cc[3])])
        .enumerate()
    {
        if rows_k != cols_k {
            return Err(shape(format!(
                "R{0} has {1} but C{0} {2}",
                k + 1,
                crate::error::count(rows_k, "row", "rows"),
                crate::error::count(cols_k, "column", "columns")
            )));
        }
    }
    Ok(())
}

/// Rule 4, which needs no graph, after [`check_coarse`]: `r` and `s` lay out the blocks as
/// dmperm does — the under-determined block when it has a column, square nonempty blocks along
/// the square part's diagonal, the over-determined block when it has a row, then `(m, n)`.
/// Returns the range of the square part's blocks (first, end).
///
/// # Complexity
/// O(number of blocks).
pub fn check_blocks(dm: &Dmperm) -> Result<(usize, usize), DmError> {
    let Dmperm { r, s, cc, rr, .. } = dm;
    let (m, n) = (dm.p.len(), dm.q.len());
    if r.len() != s.len() || r.is_empty() {
        return Err(shape(
            "r and s must have the same length, at least 1".into(),
        ));
    }
    let bounds: Vec<(usize, usize)> = r.iter().copied().zip(s.iter().copied()).collect();
    let mut k = 0;
    let expect = |k: usize, want: (usize, usize), what: &str| {
        if bounds.get(k) == Some(&want) {
            Ok(())
        } else {
            Err(shape(format!(
                "block boundary {k} must be {want:?} ({what}), found {:?}",
                bounds.get(k)
            )))
        }
    };
    if cc[2] > 0 {
        expect(0, (0, 0), "the under-determined block")?;
        k = 1;
    }
    let first_square = k;
    let mut last = None;
    while bounds.get(k).is_some_and(|&(x, _)| x < rr[2]) {
        let (x, y) = bounds[k];
        let t = x.wrapping_sub(rr[1]);
        if x < rr[1]
            || cc[2].checked_add(t) != Some(y)
            || last.is_some_and(|l| t <= l)
            || (last.is_none() && t != 0)
        {
            return Err(shape(format!(
                "block boundary {k} ({x}, {y}) does not start a square block on the square \
                 part's diagonal, after the previous one"
            )));
        }
        last = Some(t);
        k += 1;
    }
    let end_square = k;
    if rr[2] > rr[1] && last.is_none() {
        return Err(shape(format!(
            "block boundary {k} must start the square part's first block at ({}, {})",
            rr[1], cc[2]
        )));
    }
    if rr[2] < m {
        expect(k, (rr[2], cc[3]), "the over-determined block")?;
        k += 1;
    }
    expect(k, (m, n), "the end")?;
    if k + 1 != bounds.len() {
        return Err(shape(format!(
            "r and s have {} after the end",
            crate::error::count(bounds.len() - k - 1, "entry", "entries")
        )));
    }
    Ok((first_square, end_square))
}

/// Checks `cert` against the input alone (the rules in the module docs).
///
/// # Complexity
/// O(n + m + E log E) (each row's entries are sorted once).
pub fn verify_dm<'a>(input: impl Into<Parts<'a>>, cert: &DmCertificate) -> Result<(), DmError> {
    let input = input.into();
    let v = Vertices::of(input);
    let DmCertificate { rows, cols, dm } = cert;
    let Dmperm { p, q, r, s, cc, rr } = dm;
    let (m, n) = (rows.len(), cols.len());
    // Rule 1.
    if m.checked_add(n) != Some(v.n) {
        return Err(shape(format!(
            "{} and {}, but the graph has {}",
            crate::error::count(m, "row", "rows"),
            crate::error::count(n, "column", "columns"),
            crate::error::count(v.n, "vertex", "vertices")
        )));
    }
    if v.rows.is_some_and(|rows_of_matrix| {
        rows_of_matrix != m
            || rows.iter().zip(0u32..).any(|(&x, k)| x != k)
            || cols.iter().zip(m as u32..).any(|(&x, k)| x != k)
    }) {
        return Err(shape(
            "a matrix's rows must be its rows, in order (and its columns its columns)".into(),
        ));
    }
    let mut row_of = vec![NONE; v.n];
    let mut col_of = vec![NONE; v.n];
    for (k, &x) in rows.iter().enumerate() {
        if x as usize >= v.n || row_of[x as usize] != NONE {
            return Err(shape(format!("row {k} is not a vertex or repeats one")));
        }
        row_of[x as usize] = k as u32;
    }
    for (k, &x) in cols.iter().enumerate() {
        if x as usize >= v.n || row_of[x as usize] != NONE || col_of[x as usize] != NONE {
            return Err(shape(format!("column {k} is not a vertex or repeats one")));
        }
        col_of[x as usize] = k as u32;
    }
    // Rule 2.
    check_coarse(dm, m, n)?;
    // Positions in A(p, q).
    let mut row_pos = vec![0u32; m];
    let mut col_pos = vec![0u32; n];
    p.iter()
        .enumerate()
        .for_each(|(k, &i)| row_pos[i as usize] = k as u32);
    q.iter()
        .enumerate()
        .for_each(|(k, &j)| col_pos[j as usize] = k as u32);
    let name = |x: u32| match v.rows {
        Some(_) => v.name(x),
        None => format!("vertex {}", v.number(x)),
    };
    let row_name = |a: usize| name(rows[p[a] as usize]);
    let col_name = |b: usize| name(cols[q[b] as usize]);
    let mut entries: Vec<(u32, u32)> = Vec::with_capacity(input.edges.len());
    for (x, y) in edges(input) {
        if x == y {
            continue;
        }
        let (a, b) = match (row_of[x as usize], col_of[y as usize]) {
            (a, b) if a != NONE && b != NONE => (a, b),
            _ => match (row_of[y as usize], col_of[x as usize]) {
                (a, b) if a != NONE && b != NONE => (a, b),
                _ => {
                    return Err(shape(format!(
                        "the edge {} {} joins two {}",
                        v.number(x),
                        v.number(y),
                        if row_of[x as usize] != NONE {
                            "rows"
                        } else {
                            "columns"
                        }
                    )));
                }
            },
        };
        entries.push((row_pos[a as usize], col_pos[b as usize]));
    }
    let at = Positions::new(m, n, &entries);
    drop(entries);
    // Rule 3: the diagonal of position t of R1, R2, R3 is column position diag(t).
    let diag = |t: usize| {
        if t < rr[1] {
            cc[1] + t
        } else if t < rr[2] {
            cc[2] + t - rr[1]
        } else {
            cc[3] + t - rr[2]
        }
    };
    for t in 0..rr[3] {
        if at.cols(t).binary_search(&(diag(t) as u32)).is_err() {
            return Err(DmError::Diagonal(format!(
                "{} and {} are on the diagonal (row {t} of A(p,q)) but are not an edge",
                row_name(t),
                col_name(diag(t))
            )));
        }
    }
    // Rule 4.
    let (first_square, end_square) = check_blocks(dm)?;
    // Rule 5.
    let block_of = |b: &[usize], len: usize| {
        let mut out = vec![0u32; len];
        for w in 0..b.len() - 1 {
            out[b[w]..b[w + 1]].fill(w as u32);
        }
        out
    };
    let row_block = block_of(r, m);
    let col_block = block_of(s, n);
    for (a, &block) in row_block.iter().enumerate() {
        if let Some(&b) = at.cols(a).first()
            && block > col_block[b as usize]
        {
            return Err(DmError::BelowBlocks(format!(
                "the edge {} {} is below the block diagonal of A(p,q) (row {a} is in block {}, \
                 column {b} in block {})",
                row_name(a),
                col_name(b as usize),
                block,
                col_block[b as usize]
            )));
        }
    }
    // Rule 6: from C0 through the columns' rows (all in R1 by rule 5) to their diagonal
    // columns; from R0 through the rows' columns (all in C3) to their diagonal rows.
    let mut seen = vec![false; m];
    let mut queue: Vec<u32> = (0..cc[1] as u32).collect();
    let mut head = 0;
    while head < queue.len() {
        let b = queue[head] as usize;
        head += 1;
        for &a in at.rows(b) {
            if !std::mem::replace(&mut seen[a as usize], true) {
                queue.push(diag(a as usize) as u32);
            }
        }
    }
    if let Some(a) = (0..rr[1]).find(|&a| !seen[a]) {
        return Err(DmError::Unreached(format!(
            "{} is in the under-determined part but no alternating path from an unmatched \
             column reaches it",
            row_name(a)
        )));
    }
    let mut queue: Vec<u32> = (rr[3] as u32..m as u32).collect();
    let mut head = 0;
    while head < queue.len() {
        let a = queue[head] as usize;
        head += 1;
        for &b in at.cols(a) {
            // By rule 5 b is in C3, whose diagonal row is rr[2] + (b − cc[3]).
            let row = rr[2] + b as usize - cc[3];
            if !std::mem::replace(&mut seen[row], true) {
                queue.push(row as u32);
            }
        }
    }
    if let Some(a) = (rr[2]..rr[3]).find(|&a| !seen[a]) {
        return Err(DmError::Unreached(format!(
            "{} is in the over-determined part but no alternating path from an unmatched row \
             reaches it",
            row_name(a)
        )));
    }
    // Rule 7: block row t ↔ row position t, column position diag(t); forward arcs along the
    // row's entries, backward along the column's.
    let mut forward = vec![false; m];
    let mut backward = vec![false; m];
    let mut stack: Vec<u32> = Vec::new();
    for w in first_square..end_square {
        let (lo, hi) = (r[w], r[w + 1]);
        let row_of_col = |b: usize| rr[1] + b - cc[2];
        for (marks, dir) in [(&mut forward, true), (&mut backward, false)] {
            marks[lo] = true;
            stack.push(lo as u32);
            while let Some(t) = stack.pop() {
                let t = t as usize;
                let next: &[u32] = if dir { at.cols(t) } else { at.rows(diag(t)) };
                for &x in next {
                    let x = x as usize;
                    let u = match dir {
                        true if (s[w]..s[w + 1]).contains(&x) => row_of_col(x),
                        false if (lo..hi).contains(&x) => x,
                        _ => continue,
                    };
                    if !std::mem::replace(&mut marks[u], true) {
                        stack.push(u as u32);
                    }
                }
            }
        }
        if let Some(t) = (lo..hi).find(|&t| !forward[t] || !backward[t]) {
            return Err(DmError::Reducible(format!(
                "square block {w} (rows {lo}..{hi} of A(p,q)) is not irreducible: {} {} {}",
                row_name(t),
                if forward[t] {
                    "cannot reach"
                } else {
                    "is not reached from"
                },
                row_name(lo)
            )));
        }
    }
    Ok(())
}
