//! Dense matrices as text (`dense`): a whole cost matrix, every entry an edge (zeros included,
//! as `scipy.optimize.linear_sum_assignment` treats them), rows on the left, columns on the
//! right. Two layouts:
//! - with a size line, `N` (N × N) or `R C`, then the R·C entries row after row, separated by
//!   any whitespace and broken across lines in any way (Library Checker's `assignment` input,
//!   OR-Library's `assign*.txt`);
//! - without one, one row per line, every row as long as the first.
//!
//! A first line of one or two whole numbers (digits only) is the size line; any other first
//! line is the first row (a matrix of one or two whole-number columns needs its size line).
//! Read when named (`--format dense`), or detected from content only where no other reading
//! holds: a first line of one whole number N > 0, which an edge list and a METIS header both
//! refuse, followed by exactly N × N entries (`detect.rs`); a row of numbers or an `R C` line
//! also starts an edge list, a METIS graph or a board file, so those are read when named.
//!
//! **Guarantee:** entry `k` (from 0, row-major) is edge `(k / C, k % C)`, its value the weight;
//! a size over the limits is refused before anything is allocated for it; a row too short or
//! too long, fewer or more entries than the size line announced, and an entry that is not a
//! number are refused at their line and column. Without weights each entry is checked as a
//! number and ignored.
//!
//! **Complexity:** O(bytes) time, O(R·C) memory (the edges and weights).
//!
//! **Status:** `dense_tests.rs`: random matrices in both layouts, every entry written several
//! ways and broken across lines at random, read back to their entries, also through 1–5 byte
//! buffers; detection; every error at its line and column.

use std::io::BufRead;

use super::{
    Format, GraphInput, Item, Limits, Next, Shape, Tokens, count, out_of_memory, push, reserve,
    to_usize, weights,
};
use crate::InputError;

/// Reads a dense matrix; with `weights`, also each entry's value.
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let ignored = weights::Acc::default();
    // The first line's tokens: a size line, or the first row.
    let mut first: Vec<(Vec<u8>, u64, u64)> = Vec::new();
    loop {
        match t.next()? {
            Item::Token => {
                if first.is_empty() && t.tok.first() == Some(&b'#') {
                    t.skip_line()?;
                    continue;
                }
                if first.len() == first.capacity() && first.try_reserve(1).is_err() {
                    return Err(out_of_memory(t, first.len(), "entry"));
                }
                first.push((t.tok.clone(), t.tok_line, t.tok_col));
            }
            Item::LineEnd { .. } if !first.is_empty() => break,
            Item::LineEnd { .. } => {}
            Item::End { line, col } if first.is_empty() => {
                return Err(InputError::end_of_input(
                    &t.file,
                    line,
                    col,
                    "a matrix: a size line 'N' or 'R C', or its first row",
                ));
            }
            Item::End { .. } => break,
        }
    }
    let whole = |tok: &[u8]| !tok.is_empty() && tok.iter().all(u8::is_ascii_digit);
    let size_line = first.len() <= 2 && first.iter().all(|(tok, _, _)| whole(tok));
    let mut edges: Vec<(u32, u32)> = Vec::new();
    // Takes the entry in `t`'s current token (or `tok`) as entry `k` of a row of `cols`.
    let entry = |t: &mut Tokens<R>,
                 edges: &mut Vec<(u32, u32)>,
                 weights: &mut Option<&mut weights::Acc>,
                 k: u64,
                 cols: u64|
     -> Result<(), InputError> {
        match weights.as_deref_mut() {
            Some(acc) => weights::take(
                t,
                acc,
                1,
                false,
                "every entry of a dense matrix is a weight",
            )?,
            None => {
                weights::token(t, &ignored, "every entry of a dense matrix is a weight")
                    .map(|_| ())?;
            }
        }
        // k < rows·cols ≤ max_edges, rows and cols ≤ max_vertices < u32::MAX.
        push(t, edges, ((k / cols) as u32, (k % cols) as u32), "entry")
    };
    if size_line {
        let rows = t_number(t, &first[0].0, first[0].1, first[0].2)?;
        let cols = match first.get(1) {
            Some((tok, line, col)) => t_number(t, tok, *line, *col)?,
            None => rows,
        };
        for n in [rows, cols] {
            t.check_limit(n, limits.vertices(), "rows or columns", "vertex")?;
        }
        let total = rows.value.saturating_mul(cols.value);
        if total > limits.max_edges {
            return Err(t
                .error(
                    rows.line,
                    rows.col,
                    format!("{} × {} entries", rows.value, cols.value),
                    format!("at most {}", count(limits.max_edges, "entry", "entries")),
                )
                .with_hint(format!("the edge limit is {}", limits.max_edges)));
        }
        edges = Vec::with_capacity(reserve(total));
        if let Some(acc) = weights.as_deref_mut()
            && !acc.room(reserve(total))
        {
            return Err(out_of_memory(t, 0, "weight"));
        }
        let announced = format!(
            "the size line (line {}) announced {} × {} = {}",
            rows.line,
            rows.value,
            cols.value,
            count(total, "entry", "entries")
        );
        let mut k = 0u64;
        loop {
            match t.next_nonblank()? {
                Next::End { line, col } => {
                    if k < total {
                        return Err(InputError::end_of_input(
                            &t.file,
                            line,
                            col,
                            count(total - k, "more entry", "more entries"),
                        )
                        .with_hint(format!("{announced}; the file has {k}")));
                    }
                    break;
                }
                Next::Token => {}
            }
            if k == total {
                return Err(t.bad_token("end of input").with_hint(announced));
            }
            entry(t, &mut edges, &mut weights, k, cols.value)?;
            k += 1;
        }
        return Ok(matrix(to_usize(rows.value), to_usize(cols.value), edges));
    }
    // One row per line, each as long as the first.
    let cols = first.len() as u64;
    t.check_limit(
        super::Number {
            value: cols,
            line: first[0].1,
            col: first[0].2,
        },
        limits.vertices(),
        "columns",
        "vertex",
    )?;
    let (mut rows, mut k) = (0u64, 0u64);
    // The first row, from the tokens kept.
    for (tok, line, col) in std::mem::take(&mut first) {
        t.as_token(&tok, line, col);
        entry(t, &mut edges, &mut weights, k, cols)?;
        k += 1;
    }
    rows += 1;
    let mut on_row = 0u64;
    loop {
        let item = t.next()?;
        match item {
            Item::Token => {
                if on_row == cols {
                    return Err(t.bad_token("end of line").with_hint(format!(
                        "every row has as many entries as the first ({cols}): this one has more"
                    )));
                }
                if on_row == 0 && rows >= limits.vertices() {
                    return Err(t
                        .bad_token("end of input")
                        .with_hint(format!("the vertex limit is {}", limits.vertices())));
                }
                if k == limits.max_edges {
                    return Err(t
                        .bad_token("end of input")
                        .with_hint(format!("the edge limit is {}", limits.max_edges)));
                }
                entry(t, &mut edges, &mut weights, k, cols)?;
                k += 1;
                on_row += 1;
            }
            Item::LineEnd { line, col } | Item::End { line, col } => {
                let at_end = matches!(item, Item::End { .. });
                if on_row != 0 && on_row < cols {
                    let e = if at_end {
                        InputError::end_of_input(&t.file, line, col, "")
                    } else {
                        t.error(line, col, "end of line", "")
                    };
                    return Err(InputError {
                        expected: format!("entry {} of row {}", on_row + 1, rows + 1),
                        ..e
                    }
                    .with_hint(format!(
                        "every row has as many entries as the first ({cols}): this one has {on_row}"
                    )));
                }
                if on_row == cols {
                    rows += 1;
                }
                on_row = 0;
                if at_end {
                    break;
                }
            }
        }
    }
    Ok(matrix(to_usize(rows), to_usize(cols), edges))
}

/// `tok` (read at `line:col`) as a whole number.
fn t_number<R: BufRead>(
    t: &mut Tokens<R>,
    tok: &[u8],
    line: u64,
    col: u64,
) -> Result<super::Number, InputError> {
    t.as_token(tok, line, col);
    t.number("the number of rows")
}

/// The graph of a `rows` × `cols` matrix with `edges`.
fn matrix(rows: usize, cols: usize, edges: Vec<(u32, u32)>) -> GraphInput {
    GraphInput {
        format: Format::Dense,
        shape: Shape::Bipartite { rows, cols },
        edges,
        ids: Vec::new(),
    }
}

#[cfg(test)]
#[path = "dense_tests.rs"]
mod tests;
