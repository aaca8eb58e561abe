//! The edge list format: `U V` per line, vertices from 0, `#` comments.

use std::io::BufRead;

use super::{Format, GraphInput, Item, Limits, Next, Shape, Tokens, count, looks_like, to_usize};
use crate::InputError;

/// Reads an edge list.
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
) -> Result<GraphInput, InputError> {
    let max_vertices = limits.vertices();
    let mut edges = Vec::new();
    let mut vertices = 0u64;
    loop {
        if (edges.len() as u64) < limits.max_edges
            && max_vertices > 0
            && let Some((u, v)) = t.fast_pair(b"", 0, (max_vertices - 1, max_vertices - 1))
        {
            vertices = vertices.max(u.max(v) + 1);
            // Both < max_vertices < u32::MAX.
            edges.push((u as u32, v as u32));
            continue;
        }
        match t.next_nonblank()? {
            Next::End { .. } => break,
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
                    e
                })?
            } else {
                t.number_on_line("a second vertex number")?
            };
            if v.value >= max_vertices {
                let most = match max_vertices {
                    0 => "no vertex number".to_string(),
                    n => format!("a vertex number from 0 to {}", n - 1),
                };
                return Err(t
                    .bad_token(most)
                    .with_hint(format!("the vertex limit is {max_vertices}")));
            }
            vertices = vertices.max(v.value + 1);
            // v < max_vertices < u32::MAX.
            *end = v.value as u32;
        }
        match t.next()? {
            Item::Token if t.tok.first() == Some(&b'#') => t.skip_line()?,
            Item::Token => {
                return Err(t.bad_token("end of line").with_hint(
                    "an edge list line holds two vertex numbers (weights are not read)",
                ));
            }
            Item::LineEnd { .. } | Item::End { .. } => {}
        }
        edges.push((ends[0], ends[1]));
    }
    Ok(GraphInput {
        format: Format::EdgeList,
        shape: Shape::General {
            vertices: to_usize(vertices),
        },
        edges,
    })
}
