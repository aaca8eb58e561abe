//! The Matrix Market format: rows on the left, columns on the right. A coordinate matrix lists
//! its entries `I J [VALUE]`; an array (dense) matrix lists every value, column after column,
//! and each of its entries, zero or not, is an edge.

use std::io::BufRead;

use super::{
    Format, GraphInput, Limits, Next, Number, Shape, Tokens, count, looks_like, push, reserve,
    to_usize, weights,
};
use crate::InputError;
use crate::graph::MAX_VERTICES;

/// The banner, as expected.
const BANNER: &str = "the banner '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY'";

/// Reads a Matrix Market coordinate matrix as a bipartite graph; with `weights`, also each
/// entry's value.
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let (values, field, mirrored, skew, array) = banner(t, weights.is_some())?;
    if let Some(acc) = weights.as_deref_mut() {
        acc.fortran = true;
    }
    if array {
        return read_array(t, limits, weights, values, field, mirrored, skew);
    }
    size_line(t, "the size line 'ROWS COLS ENTRIES'")?;
    let size_line = t.tok_line;
    let rows = t.number("the number of rows")?;
    t.check_limit(rows, limits.vertices(), "rows", "vertex")?;
    let cols = t.number_on_line("the number of columns")?;
    t.check_limit(cols, limits.vertices(), "columns", "vertex")?;
    together(t, rows.value, cols)?;
    let nnz = t.number_on_line("the number of entries")?;
    t.check_limit(nnz, limits.max_edges, "entries", "edge")?;
    t.line_end("the size line is 'ROWS COLS ENTRIES'")?;
    if mirrored && rows.value != cols.value {
        return Err(t
            .error(
                rows.line,
                rows.col,
                format!("a {} × {} matrix", rows.value, cols.value),
                "a square matrix",
            )
            .with_hint("only a square matrix can be symmetric (the banner says it is)"));
    }
    let mut edges = Vec::with_capacity(reserve(nnz.value));
    if let Some(acc) = weights.as_deref_mut()
        && !acc.room(reserve(nnz.value))
    {
        return Err(super::out_of_memory(t, 0, "weight"));
    }
    let mut entries = 0u64;
    let announced = format!(
        "the size line (line {size_line}) announced {}",
        count(nnz.value, "entry", "entries")
    );
    let shape = match values {
        0 => "'I J' (no value)",
        1 => "'I J VALUE'",
        _ => "'I J REAL IMAGINARY'",
    };
    let article = if field == "integer" { "an" } else { "a" };
    let entry_hint = format!("{article} {field} matrix entry is {shape}");
    loop {
        if let Some(acc) = weights.as_deref_mut() {
            if entries < nnz.value
                && (edges.len() as u64) + 2 <= limits.max_edges
                && let Some((i, j, w, col, len)) = t.fast_weighted(b"", 1, (rows.value, cols.value))
                && weights::add_fast(
                    acc,
                    w,
                    t.line,
                    col,
                    1 + usize::from(mirrored && i != j),
                    skew,
                )
            {
                t.commit_line(len);
                entries += 1;
                // Both ≤ max_vertices < u32::MAX.
                let (r, c) = ((i - 1) as u32, (j - 1) as u32);
                push(t, &mut edges, (r, c), "edge")?;
                if mirrored && r != c {
                    push(t, &mut edges, (c, r), "edge")?;
                }
                continue;
            }
        } else if values == 0 && entries < nnz.value && (edges.len() as u64) + 2 <= limits.max_edges
        {
            // Each entry makes at most two edges; rows, cols ≤ max_vertices < u32::MAX.
            let room = (limits.max_edges - edges.len() as u64) / 2;
            let most = (nnz.value - entries).min(room);
            let hi = (rows.value, cols.value);
            let (k, _) = t.fast_pairs(None, 1, hi, most, mirrored, &mut edges);
            if k > 0 {
                entries += k;
                continue;
            }
        }
        match t.next_nonblank()? {
            Next::End { line, col } => {
                if entries < nnz.value {
                    return Err(InputError::end_of_input(
                        &t.file,
                        line,
                        col,
                        count(nnz.value - entries, "more entry", "more entries"),
                    )
                    .with_hint(format!("{announced}, the file has {entries}")));
                }
                break;
            }
            Next::Token if t.tok.first() == Some(&b'%') => {
                t.skip_line()?;
                continue;
            }
            Next::Token => {}
        }
        let (line, col) = (t.tok_line, t.tok_col);
        if entries == nnz.value {
            return Err(t
                .error(
                    line,
                    col,
                    format!("entry {}", entries + 1),
                    format!("at most {}", count(nnz.value, "entry", "entries")),
                )
                .with_hint(announced));
        }
        let i = t.number("a row number")?;
        if i.value == 0 || i.value > rows.value {
            return Err(t
                .bad_token(format!("a row number from 1 to {}", rows.value))
                .with_hint(format!(
                    "the size line (line {size_line}) announced {}",
                    count(rows.value, "row", "rows")
                )));
        }
        let j = t.number_on_line("a column number")?;
        if j.value == 0 || j.value > cols.value {
            return Err(t
                .bad_token(format!("a column number from 1 to {}", cols.value))
                .with_hint(format!(
                    "the size line (line {size_line}) announced {}",
                    count(cols.value, "column", "columns")
                )));
        }
        if let Some(acc) = weights.as_deref_mut() {
            // values == 1: the banner refused the other fields.
            t.token_or(|| weights::WEIGHT.to_string())
                .map_err(|e| e.with_hint(entry_hint.as_str()))?;
            let copies = if mirrored && i.value != j.value { 2 } else { 1 };
            weights::take(t, acc, copies, skew, &entry_hint)?;
        }
        for _ in 0..values * usize::from(weights.is_none()) {
            t.token_on_line("a value (a number)")?;
            if !is_value(&t.tok, t.cut) {
                return Err(t
                    .bad_token("a value (a number)")
                    .with_hint(entry_hint.as_str()));
            }
        }
        t.line_end(&entry_hint)?;
        entries += 1;
        // Both ≤ rows = cols ≤ max_vertices < u32::MAX.
        let (r, c) = ((i.value - 1) as u32, (j.value - 1) as u32);
        for (k, e) in [(r, c), (c, r)].into_iter().enumerate() {
            if k == 1 && (!mirrored || r == c) {
                break;
            }
            if edges.len() as u64 == limits.max_edges {
                return Err(t
                    .error(
                        line,
                        col,
                        format!("more than {}", count(limits.max_edges, "edge", "edges")),
                        format!("at most {}", count(limits.max_edges, "edge", "edges")),
                    )
                    .with_hint(format!(
                        "the edge limit is {}; a symmetric matrix has two edges for each \
                         entry off the diagonal",
                        limits.max_edges
                    )));
            }
            push(t, &mut edges, e, "edge")?;
        }
    }
    Ok(GraphInput {
        format: Format::MatrixMarket,
        shape: Shape::Bipartite {
            rows: to_usize(rows.value),
            cols: to_usize(cols.value),
        },
        edges,
        ids: Vec::new(),
    })
}

/// Reads the banner line: the number of values per entry, the field's name, whether the
/// matrix is symmetric in any sense, and whether it is skew-symmetric. With `weighted`, a
/// field without one value per entry is refused.
fn banner<R: BufRead>(
    t: &mut Tokens<R>,
    weighted: bool,
) -> Result<(usize, &'static str, bool, bool, bool), InputError> {
    match t.next_nonblank()? {
        Next::End { line, col } => {
            return Err(InputError::end_of_input(&t.file, line, col, BANNER));
        }
        Next::Token => {}
    }
    if !t.is("%%MatrixMarket") {
        let hint = looks_like(&t.tok, Format::MatrixMarket)
            .unwrap_or_else(|| "a Matrix Market file starts with its banner line".into());
        return Err(t.bad_token(BANNER).with_hint(hint));
    }
    t.token_on_line("'matrix'")?;
    if !t.is("matrix") {
        return Err(t
            .bad_token("'matrix'")
            .with_hint("only matrices are graphs"));
    }
    t.token_on_line("'coordinate' or 'array'")?;
    let array = t.is("array");
    if !array && !t.is("coordinate") {
        return Err(t.bad_token("'coordinate' or 'array'"));
    }
    const FIELDS: &str = "'pattern', 'real', 'integer' or 'complex'";
    t.token_on_line(FIELDS)?;
    let (values, field) = if t.is("pattern") {
        (0, "pattern")
    } else if t.is("real") {
        (1, "real")
    } else if t.is("integer") {
        (1, "integer")
    } else if t.is("complex") {
        (2, "complex")
    } else {
        return Err(t.bad_token(FIELDS));
    };
    if array && values == 0 {
        return Err(t
            .bad_token("'real', 'integer' or 'complex'")
            .with_hint("an array matrix lists every value: it cannot be a pattern"));
    }
    if weighted && values != 1 {
        return Err(t
            .bad_token("a Matrix Market file with values (integer or real)")
            .with_hint(if values == 0 {
                "a pattern matrix gives no weights: only where its entries are"
            } else {
                "a complex matrix's entries have two values each, not one weight"
            })
            .with_remedy(crate::Remedy::Weights));
    }
    const SYMMETRIES: &str = "'general', 'symmetric', 'skew-symmetric' or 'hermitian'";
    t.token_on_line(SYMMETRIES)?;
    let skew = t.is("skew-symmetric");
    let mirrored = if t.is("general") {
        false
    } else if t.is("symmetric") || skew || t.is("hermitian") {
        true
    } else {
        return Err(t.bad_token(SYMMETRIES));
    };
    t.line_end("the banner is '%%MatrixMarket matrix coordinate|array FIELD SYMMETRY'")?;
    Ok((values, field, mirrored, skew, array))
}

/// Refuses (at `cols`) a matrix whose rows and columns together are more vertices than
/// can be numbered: the one vertex set numbers the columns after the rows.
fn together<R: BufRead>(t: &Tokens<R>, rows: u64, cols: Number) -> Result<(), InputError> {
    if rows.saturating_add(cols.value) <= MAX_VERTICES {
        return Ok(());
    }
    Err(t
        .error(
            cols.line,
            cols.col,
            format!("{} columns", cols.value),
            format!(
                "at most {}",
                count(MAX_VERTICES - rows, "column", "columns")
            ),
        )
        .with_hint(format!(
            "the rows and the columns are numbered together, at most {MAX_VERTICES} in all"
        )))
}

/// Reads the rest of an array (dense) matrix after its banner: `%` comment lines, the size
/// line `ROWS COLS`, then every value, column after column (`values` numbers each: 1, or 2
/// when complex), one entry per line. Each entry is an edge (row, column), zero or not; a
/// symmetric or hermitian matrix lists its lower triangle, diagonal included, and gets the
/// mirrored edge of each entry off the diagonal (weight the same); a skew-symmetric one lists
/// the triangle below the diagonal (whose entries are zero, and no edges), the mirrored weight
/// negated. The edges come in the order of the coordinate file listing the same entries
/// column after column.
fn read_array<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
    values: usize,
    field: &str,
    mirrored: bool,
    skew: bool,
) -> Result<GraphInput, InputError> {
    size_line(t, "the size line 'ROWS COLS'")?;
    let size_line = t.tok_line;
    let rows = t.number("the number of rows")?;
    t.check_limit(rows, limits.vertices(), "rows", "vertex")?;
    let cols = t.number_on_line("the number of columns")?;
    t.check_limit(cols, limits.vertices(), "columns", "vertex")?;
    together(t, rows.value, cols)?;
    t.line_end("an array matrix's size line is 'ROWS COLS' (every entry is listed)")?;
    let (r, c) = (rows.value, cols.value);
    if mirrored && r != c {
        return Err(t
            .error(
                rows.line,
                rows.col,
                format!("a {r} × {c} matrix"),
                "a square matrix",
            )
            .with_hint("only a square matrix can be symmetric (the banner says it is)"));
    }
    // Entries listed, and edges: every position (a skew-symmetric matrix's diagonal is none).
    let entries = match (mirrored, skew) {
        (false, _) => u128::from(r) * u128::from(c),
        (true, false) => u128::from(r) * u128::from(r + 1) / 2,
        (true, true) => u128::from(r) * u128::from(r.saturating_sub(1)) / 2,
    };
    let edge_count = if skew {
        u128::from(r) * u128::from(r) - u128::from(r)
    } else {
        u128::from(r) * u128::from(c)
    };
    if edge_count > u128::from(limits.max_edges) {
        return Err(t
            .error(
                rows.line,
                rows.col,
                format!("a {r} × {c} array matrix: {edge_count} edges, one per entry"),
                format!("at most {}", count(limits.max_edges, "edge", "edges")),
            )
            .with_hint(format!("the edge limit is {}", limits.max_edges)));
    }
    // entries ≤ edges ≤ max_edges.
    let entries = entries as u64;
    let mut edges = Vec::with_capacity(reserve(edge_count as u64));
    if let Some(acc) = weights.as_deref_mut()
        && !acc.room(reserve(edge_count as u64))
    {
        return Err(super::out_of_memory(t, 0, "weight"));
    }
    let announced = format!(
        "the size line (line {size_line}) announced a {r} × {c} {}matrix: {} listed, column \
         after column",
        if skew {
            "skew-symmetric "
        } else if mirrored {
            "symmetric "
        } else {
            ""
        },
        count(entries, "entry", "entries")
    );
    let article = if field == "integer" { "an" } else { "a" };
    let entry_hint = if values == 1 {
        format!("{article} {field} array matrix lists one value per line")
    } else {
        "a complex array matrix lists 'REAL IMAGINARY' per line".to_string()
    };
    // The next position (row, column), 0-based, column after column.
    let (mut i, mut j) = (if skew { 1 } else { 0 }, 0u64);
    for read in 0..entries {
        match t.next_nonblank()? {
            Next::End { line, col } => {
                return Err(InputError::end_of_input(
                    &t.file,
                    line,
                    col,
                    count(entries - read, "more entry", "more entries"),
                )
                .with_hint(format!("{announced}; the file has {read}")));
            }
            Next::Token if t.tok.first() == Some(&b'%') => {
                t.skip_line()?;
                continue;
            }
            Next::Token => {}
        }
        let copies = if mirrored && i != j { 2 } else { 1 };
        if let Some(acc) = weights.as_deref_mut() {
            weights::take(t, acc, copies, skew, &entry_hint)?;
        } else {
            for k in 0..values {
                if k > 0 {
                    t.token_on_line("a value (a number)")?;
                }
                if !is_value(&t.tok, t.cut) {
                    return Err(t
                        .bad_token("a value (a number)")
                        .with_hint(entry_hint.as_str()));
                }
            }
        }
        t.line_end(&entry_hint)?;
        // i < rows, j < cols ≤ max_vertices < u32::MAX.
        let (a, b) = (i as u32, j as u32);
        push(t, &mut edges, (a, b), "edge")?;
        if copies == 2 {
            push(t, &mut edges, (b, a), "edge")?;
        }
        i += 1;
        if i == r {
            j += 1;
            i = if mirrored { j + u64::from(skew) } else { 0 };
        }
    }
    loop {
        match t.next_nonblank()? {
            Next::End { .. } => break,
            Next::Token if t.tok.first() == Some(&b'%') => t.skip_line()?,
            Next::Token => {
                return Err(t
                    .bad_token("the end of the file")
                    .with_hint(announced.as_str()));
            }
        }
    }
    Ok(GraphInput {
        format: Format::MatrixMarket,
        shape: Shape::Bipartite {
            rows: to_usize(r),
            cols: to_usize(c),
        },
        edges,
        ids: Vec::new(),
    })
}

/// Whether `tok` reads as a number (decimal, exponent with `e`, `E`, `d` or `D`, `inf`, `nan`);
/// a `cut` token must consist of number characters as far as it was kept.
fn is_value(tok: &[u8], cut: bool) -> bool {
    if cut {
        return tok.iter().all(|b| {
            matches!(
                b,
                b'0'..=b'9' | b'.' | b'+' | b'-' | b'e' | b'E' | b'd' | b'D'
            )
        });
    }
    let Ok(s) = std::str::from_utf8(tok) else {
        return false;
    };
    s.replace(['d', 'D'], "e").parse::<f64>().is_ok()
}

/// Skips the comment lines (`%…`) after the banner, up to the first token of the size line;
/// `expected` names that line when the input ends first.
fn size_line<R: BufRead>(t: &mut Tokens<R>, expected: &str) -> Result<(), InputError> {
    loop {
        match t.next_nonblank()? {
            Next::End { line, col } => {
                return Err(InputError::end_of_input(&t.file, line, col, expected));
            }
            Next::Token if t.tok.first() == Some(&b'%') => t.skip_line()?,
            Next::Token => return Ok(()),
        }
    }
}
