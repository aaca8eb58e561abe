//! The edge list format: `U V` per line, vertices from 0, `#` comments; the vertices are the
//! ids the edges name, compacted to `0..n` in increasing order when they are not all of
//! `0..=max id` ([`GraphInput::ids`] keeps the file's ids).

use std::io::BufRead;

use super::{
    Format, GraphInput, Item, Limits, MAX_VERTICES, Next, Shape, Tokens, count, looks_like,
    out_of_memory, push, to_usize, weights,
};
use crate::InputError;

/// What a weighted line holds, for hints.
const WEIGHTED_LINE: &str = "a weighted edge list line is 'U V WEIGHT'";

/// Reads an edge list; with `weights`, also each line's weight.
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    // Ids are the file's names for vertices, not a count: any below the engines' largest
    // vertex count; `limits.max_vertices` bounds the vertices the ids name (checked at the end).
    let max_vertices = MAX_VERTICES;
    let mut edges = Vec::new();
    let mut vertices = 0u64;
    let end = loop {
        if let Some(acc) = weights.as_deref_mut() {
            if (edges.len() as u64) < limits.max_edges
                && max_vertices > 0
                && let Some((u, v, w, col, len)) =
                    t.fast_weighted(b"", 0, (max_vertices - 1, max_vertices - 1))
                && weights::add_fast(acc, w, t.line, col, 1, false)
            {
                t.commit_line(len);
                vertices = vertices.max(u.max(v) + 1);
                // Both < max_vertices < u32::MAX.
                push(t, &mut edges, (u as u32, v as u32), "edge")?;
                continue;
            }
        } else if (edges.len() as u64) < limits.max_edges && max_vertices > 0 {
            // Both < max_vertices < u32::MAX.
            let most = limits.max_edges - edges.len() as u64;
            let hi = max_vertices - 1;
            let (k, top) = t.fast_pairs(None, 0, (hi, hi), most, false, &mut edges);
            if k > 0 {
                vertices = vertices.max(top + 1);
                continue;
            }
        }
        match t.next_nonblank()? {
            Next::End { line, col } => break (line, col),
            Next::Token if t.tok.first() == Some(&b'#') => {
                t.skip_line()?;
                continue;
            }
            Next::Token => {}
        }
        if edges.len() as u64 == limits.max_edges {
            return Err(t
                .error(
                    t.tok_line,
                    t.tok_col,
                    format!("edge {}", limits.max_edges + 1),
                    format!("at most {}", count(limits.max_edges, "edge", "edges")),
                )
                .with_hint(format!("the edge limit is {}", limits.max_edges)));
        }
        let mut ends = [0u32; 2];
        for (k, end) in ends.iter_mut().enumerate() {
            let v = if k == 0 {
                t.number("a vertex number").map_err(|mut e| {
                    if edges.is_empty() {
                        e.hint = looks_like(&t.tok, Format::EdgeList).or(e.hint);
                    }
                    e.hint = csv_hint(&t.tok).or(e.hint);
                    e
                })?
            } else {
                t.number_on_line("a second vertex number")
                    .map_err(|mut e| {
                        e.hint = csv_hint(&t.tok).or(e.hint.take());
                        // A first line holding one number: the count or size line of a board
                        // file, or a dense matrix's size line.
                        if edges.is_empty() && e.found == "end of line" {
                            e.hint = Some(format!(
                                "an edge list's lines hold two vertex numbers; {}; a dense \
                                 matrix's size line is one number too: name its format (dense)",
                                super::BOARD_FILE_HINT
                            ));
                        }
                        e
                    })?
            };
            if v.value >= max_vertices {
                return Err(t
                    .bad_token(format!("a vertex number from 0 to {}", max_vertices - 1))
                    .with_hint(format!(
                        "an edge list's vertex numbers are below {max_vertices}: renumber the \
                         vertices"
                    )));
            }
            vertices = vertices.max(v.value + 1);
            // v < max_vertices < u32::MAX.
            *end = v.value as u32;
        }
        if let Some(acc) = weights.as_deref_mut() {
            t.token_or(|| weights::WEIGHT.to_string())
                .map_err(|e| e.with_hint(WEIGHTED_LINE))?;
            weights::take(t, acc, 1, false, WEIGHTED_LINE)?;
        }
        match t.next()? {
            Item::Token if t.tok.first() == Some(&b'#') => t.skip_line()?,
            Item::Token if weights.is_some() => {
                return Err(t.bad_token("end of line").with_hint(WEIGHTED_LINE));
            }
            Item::Token => {
                t.unread();
                t.edge_line_end("an edge list line holds two vertex numbers")?;
            }
            Item::LineEnd { .. } | Item::End { .. } => {}
        }
        push(t, &mut edges, (ends[0], ends[1]), "edge")?;
    };
    // The renaming's tables take no more than the edges read, but may still not fit after a
    // raised limit: refused like the edges themselves.
    let ids = compact(&mut edges, vertices).ok_or_else(|| out_of_memory(t, edges.len(), "edge"))?;
    let n = if ids.is_empty() {
        vertices
    } else {
        ids.len() as u64
    };
    if n > limits.vertices() {
        return Err(t
            .error(
                end.0,
                end.1,
                format!("edges naming {}", count(n, "vertex", "vertices")),
                format!("at most {}", count(limits.vertices(), "vertex", "vertices")),
            )
            .with_hint(format!("the vertex limit is {}", limits.vertices())));
    }
    Ok(GraphInput {
        format: Format::EdgeList,
        shape: Shape::General {
            vertices: to_usize(n),
        },
        edges,
        ids,
    })
}

/// The hint for a vertex number glued to a comma (`0,1`, `0,`): a CSV file.
pub(super) fn csv_hint(tok: &[u8]) -> Option<String> {
    tok.contains(&b',').then(|| {
        "an edge list separates its numbers with spaces or tabs, not commas: is this CSV? \
         Convert it, e.g. with `tr ',' ' '` (and drop a header line)"
            .to_string()
    })
}

/// Renames the ids of `edges` (all below `bound`) to `0..n` in increasing order, and returns the
/// ids in that order; returns nothing (and renames nothing) when the ids are all of `0..bound`.
/// `None` when its tables cannot be allocated (nothing renamed then).
///
/// # Complexity
/// O(m) time and memory when `bound` is at most about twice the edges (a table indexed by id),
/// O(m log m) otherwise (the ids sorted): never more than the edges read.
fn compact(edges: &mut [(u32, u32)], bound: u64) -> Option<Vec<u32>> {
    let m = edges.len() as u64;
    if bound <= 2 * m + 1 {
        // Usually every id appears: a bit per id tells, in a table 32 times smaller than ranks.
        let words = to_usize(bound.div_ceil(64));
        let mut seen: Vec<u64> = Vec::new();
        seen.try_reserve_exact(words).ok()?;
        seen.resize(words, 0);
        for &(u, v) in edges.iter() {
            seen[u as usize / 64] |= 1 << (u % 64);
            seen[v as usize / 64] |= 1 << (v % 64);
        }
        let present: u64 = seen.iter().map(|w| u64::from(w.count_ones())).sum();
        if present == bound {
            return Some(Vec::new());
        }
        drop(seen);
        let mut rank = Vec::new();
        rank.try_reserve_exact(to_usize(bound)).ok()?;
        rank.resize(to_usize(bound), u32::MAX);
        for &(u, v) in edges.iter() {
            rank[u as usize] = 0;
            rank[v as usize] = 0;
        }
        let mut ids = Vec::new();
        ids.try_reserve_exact(to_usize(bound)).ok()?;
        for (id, r) in rank.iter_mut().enumerate() {
            if *r == 0 {
                *r = ids.len() as u32;
                ids.push(id as u32);
            }
        }
        for (u, v) in edges.iter_mut() {
            *u = rank[*u as usize];
            *v = rank[*v as usize];
        }
        Some(ids)
    } else {
        let mut ids: Vec<u32> = Vec::new();
        ids.try_reserve_exact(edges.len() * 2).ok()?;
        ids.extend(edges.iter().flat_map(|&(u, v)| [u, v]));
        ids.sort_unstable();
        ids.dedup();
        let rank = |x: u32| ids.binary_search(&x).expect("an id of an edge") as u32;
        for (u, v) in edges.iter_mut() {
            *u = rank(*u);
            *v = rank(*v);
        }
        Some(ids)
    }
}
