//! DIMACS assignment files (the first DIMACS implementation challenge's `asn` problems): `c`
//! comments, the problem line `p asn NODES ARCS`, then one `n ID` line per source node, then
//! `ARCS` lines `a SRC DST COST`, each from a source node to a node no `n` line names (a sink).
//! The format asks for a minimum-cost assignment: `match --weights --min --perfect` on a square
//! file (as many sources as sinks), `--min --max-cardinality` on a rectangular one.
//!
//! **Guarantee:** the graph is bipartite, the sources (in increasing node number) on the left,
//! the sinks (likewise) on the right; the file's node numbers are kept in
//! [`GraphInput::ids`] (the sources', then the sinks'), so every answer names nodes as the
//! file does. Every `n` line comes before the first `a` line (the format says so); a node named
//! twice, an arc from a node no `n` line names or to one an `n` line names, a node outside
//! `1..=NODES` and a count other than `ARCS` are refused at their line and column. Without
//! weights, each cost is checked as a number and ignored.
//!
//! **Complexity:** O(bytes + NODES + s log s) time for s sources (each arc end found by binary
//! search among them: O(log s)); memory O(arcs + NODES) (the ids: 4 bytes per node), allocated
//! fallibly; NODES is bounded by the edge limit as well as the vertex limit (`dimacs.rs`).
//!
//! **Status:** `asn_tests.rs`: random square and rectangular files read back to their arcs and
//! costs and solved to a brute force's minimum; every error at its line and column.

use std::io::BufRead;

use super::{
    Format, GraphInput, Next, Number, Shape, Tokens, count, out_of_memory, push, reserve, to_usize,
    weights,
};
use crate::InputError;

/// What an arc line holds, for hints.
const ARC_LINE: &str = "an arc line is 'a SRC DST COST'";

/// Reads the rest of an assignment file, after its problem line (line `p_line`, announcing `n`
/// nodes and `m` arcs).
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    mut weights: Option<&mut weights::Acc>,
    p_line: u64,
    n: Number,
    m: Number,
) -> Result<GraphInput, InputError> {
    let range = format!("a node number from 1 to {}", n.value);
    let announced = format!(
        "the p line (line {p_line}) announced {}",
        count(n.value, "node", "nodes")
    );
    // Source nodes as (number, line, col) while the `n` lines come; sorted at the first arc.
    let mut named: Vec<(u64, u64, u64)> = Vec::new();
    let mut sources: Option<Vec<u64>> = None;
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(reserve(m.value));
    if let Some(acc) = weights.as_deref_mut()
        && !acc.room(reserve(m.value))
    {
        return Err(out_of_memory(t, 0, "weight"));
    }
    let ignored = weights::Acc::default();
    loop {
        let end = match t.next_nonblank()? {
            Next::End { line, col } => Some((line, col)),
            Next::Token => None,
        };
        if let Some((line, col)) = end {
            let read = edges.len() as u64;
            if read < m.value {
                return Err(super::dimacs::fewer_lines(
                    &t.file,
                    (line, col),
                    p_line,
                    m.value,
                    read,
                    'a',
                ));
            }
            break;
        }
        if t.tok.first() == Some(&b'c') {
            t.skip_line()?;
            continue;
        }
        if t.is("p") {
            return Err(t
                .error(
                    t.tok_line,
                    t.tok_col,
                    "a second p line",
                    "an 'n' line, an 'a' line or a 'c' comment",
                )
                .with_hint(format!("the p line is line {p_line}")));
        }
        if t.is("n") {
            if sources.is_some() {
                return Err(t
                    .bad_token("an 'a' line or a 'c' comment")
                    .with_hint("every 'n' line comes before the first 'a' line"));
            }
            let v = node(t, &range, &announced, n.value)?;
            if named.len() == named.capacity() && named.try_reserve(1).is_err() {
                return Err(out_of_memory(t, named.len(), "node"));
            }
            named.push((v.value, v.line, v.col));
            t.line_end("an 'n' line names one source node")?;
            continue;
        }
        if !t.is("a") {
            return Err(t.bad_token(if sources.is_some() {
                "an 'a' line or a 'c' comment"
            } else {
                "an 'n' line, an 'a' line or a 'c' comment"
            }));
        }
        let (line, col) = (t.tok_line, t.tok_col);
        if sources.is_none() {
            sources = Some(sorted(t, &mut named)?);
        }
        let Some(sources) = sources.as_deref() else {
            unreachable!("set just above")
        };
        if edges.len() as u64 == m.value {
            return Err(t
                .error(
                    line,
                    col,
                    format!("arc {}", m.value + 1),
                    format!("at most {}", count(m.value, "arc", "arcs")),
                )
                .with_hint(format!(
                    "the p line (line {p_line}) announced {}",
                    count(m.value, "arc", "arcs")
                )));
        }
        let src = node(t, &range, &announced, n.value)?;
        let Ok(row) = sources.binary_search(&src.value) else {
            return Err(t
                .bad_token("a source node (one an 'n' line names)")
                .with_hint(format!(
                    "no 'n' line names node {}: an arc goes from a source node to a sink",
                    src.value
                )));
        };
        let dst = node(t, &range, &announced, n.value)?;
        if sources.binary_search(&dst.value).is_ok() {
            let at = named
                .iter()
                .find(|&&(v, _, _)| v == dst.value)
                .map_or(0, |&(_, l, _)| l);
            return Err(t
                .bad_token("a sink node (one no 'n' line names)")
                .with_hint(format!(
                    "node {} is a source (its 'n' line is line {at}): an arc goes from a source \
                     node to a sink",
                    dst.value
                )));
        }
        // The sinks before DST: the nodes below it that are not sources.
        let col_index = dst.value - 1 - sources.partition_point(|&s| s < dst.value) as u64;
        t.token_or(|| weights::WEIGHT.to_string())
            .map_err(|e| e.with_hint(ARC_LINE))?;
        match weights.as_deref_mut() {
            Some(acc) => weights::take(t, acc, 1, false, ARC_LINE)?,
            None => {
                weights::token(t, &ignored, ARC_LINE)?;
            }
        }
        t.line_end(ARC_LINE)?;
        // row < sources ≤ n, col_index < n ≤ max_vertices < u32::MAX.
        push(t, &mut edges, (row as u32, col_index as u32), "arc")?;
    }
    let sources = match sources {
        Some(s) => s,
        None => sorted(t, &mut named)?,
    };
    // The file's numbers: the sources', then the sinks' (every other node), each increasing.
    let mut ids: Vec<u32> = Vec::new();
    if ids.try_reserve_exact(to_usize(n.value)).is_err() {
        return Err(out_of_memory(t, 0, "node"));
    }
    // n ≤ max_vertices < u32::MAX.
    ids.extend(sources.iter().map(|&s| s as u32));
    let mut next = sources.iter().peekable();
    for v in 1..=n.value {
        if next.peek() == Some(&&v) {
            next.next();
        } else {
            ids.push(v as u32);
        }
    }
    Ok(GraphInput {
        format: Format::Assignment,
        shape: Shape::Bipartite {
            rows: sources.len(),
            cols: to_usize(n.value) - sources.len(),
        },
        edges,
        ids,
    })
}

/// Reads a node number `1..=n` on the current line.
fn node<R: BufRead>(
    t: &mut Tokens<R>,
    range: &str,
    announced: &str,
    n: u64,
) -> Result<Number, InputError> {
    let v = t.number_on_line("a node number")?;
    if v.value == 0 {
        return Err(t
            .bad_token(range)
            .with_hint("DIMACS nodes are numbered from 1"));
    }
    if v.value > n {
        return Err(t.bad_token(range).with_hint(announced));
    }
    Ok(v)
}

/// The source nodes the `n` lines named, in increasing order; refuses a node named twice (at
/// its second `n` line).
fn sorted<R: BufRead>(
    t: &Tokens<R>,
    named: &mut [(u64, u64, u64)],
) -> Result<Vec<u64>, InputError> {
    named.sort_unstable();
    if let Some(w) = named.windows(2).find(|w| w[0].0 == w[1].0) {
        let (v, line, col) = w[1];
        return Err(t
            .error(
                line,
                col,
                format!("node {v} again"),
                "a node no 'n' line named before",
            )
            .with_hint(format!("line {} names it already", w[0].1)));
    }
    Ok(named.iter().map(|&(v, _, _)| v).collect())
}

#[cfg(test)]
#[path = "asn_tests.rs"]
mod tests;
