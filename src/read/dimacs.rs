//! The DIMACS graph format: `c` comments, `p edge N M` (or `p col N M`), then `e U V` lines;
//! a `p asn` line hands the file to the assignment reader ([`super::asn`]).

use std::io::BufRead;

use super::{
    Format, GraphInput, Limits, Next, Number, Shape, Tokens, count, looks_like, push, reserve,
    to_usize, weights,
};
use crate::InputError;

/// What a weighted edge line holds, for hints.
const WEIGHTED_LINE: &str = "a weighted edge line is 'e U V WEIGHT'";

/// The problem line, as expected.
const P_LINE: &str = "the p line ('p edge VERTICES EDGES')";

/// Reads a DIMACS graph; with `weights`, also each edge line's weight.
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let (p_line, n, m, assignment) = problem_line(t, limits)?;
    if assignment {
        return super::asn::read(t, weights, p_line, n, m);
    }
    let mut edges = Vec::with_capacity(reserve(m.value));
    let range = format!("a vertex number from 1 to {}", n.value);
    let announced_vertices = format!(
        "the p line (line {p_line}) announced {}",
        count(n.value, "vertex", "vertices")
    );
    if let Some(acc) = weights.as_deref_mut()
        && !acc.room(reserve(m.value))
    {
        return Err(super::out_of_memory(t, 0, "weight"));
    }
    loop {
        if let Some(acc) = weights.as_deref_mut() {
            if (edges.len() as u64) < m.value {
                // n ≤ max_vertices < u32::MAX.
                let most = m.value - edges.len() as u64;
                if t.fast_weighted_integers(b"e ", 1, (n.value, n.value), most, &mut edges, acc) > 0
                {
                    continue;
                }
            }
            if (edges.len() as u64) < m.value
                && let Some((u, v, w, col, len)) = t.fast_weighted(b"e ", 1, (n.value, n.value))
                && weights::add_fast(acc, w, t.line, col, 1, false)
            {
                t.commit_line(len);
                // 1 ≤ u, v ≤ n ≤ max_vertices < u32::MAX.
                push(t, &mut edges, ((u - 1) as u32, (v - 1) as u32), "edge")?;
                continue;
            }
        } else if (edges.len() as u64) < m.value {
            // n ≤ max_vertices < u32::MAX.
            let most = m.value - edges.len() as u64;
            let (k, _) = t.fast_pairs(Some(b'e'), 1, (n.value, n.value), most, false, &mut edges);
            if k > 0 {
                continue;
            }
        }
        match t.next_nonblank()? {
            Next::End { line, col } => {
                let read = edges.len() as u64;
                if read < m.value {
                    return Err(fewer_lines(
                        &t.file,
                        (line, col),
                        p_line,
                        m.value,
                        read,
                        'e',
                    ));
                }
                break;
            }
            Next::Token => {}
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
                    "an 'e' line or a 'c' comment",
                )
                .with_hint(format!("the p line is line {p_line}")));
        }
        if !t.is("e") {
            return Err(t.bad_token("an 'e' line or a 'c' comment"));
        }
        let (line, col) = (t.tok_line, t.tok_col);
        if edges.len() as u64 == m.value {
            return Err(t
                .error(
                    line,
                    col,
                    format!("edge {}", m.value + 1),
                    format!("at most {}", count(m.value, "edge", "edges")),
                )
                .with_hint(format!(
                    "the p line (line {p_line}) announced {}",
                    count(m.value, "edge", "edges")
                )));
        }
        let mut ends = [0u32; 2];
        for end in &mut ends {
            let v = t.number_on_line("a vertex number")?;
            if v.value == 0 {
                return Err(t
                    .bad_token(range.as_str())
                    .with_hint("DIMACS vertices are numbered from 1"));
            }
            if v.value > n.value {
                return Err(t
                    .bad_token(range.as_str())
                    .with_hint(announced_vertices.as_str()));
            }
            // v ≤ n ≤ max_vertices < u32::MAX.
            *end = (v.value - 1) as u32;
        }
        match weights.as_deref_mut() {
            Some(acc) => {
                t.token_or(|| weights::WEIGHT.to_string())
                    .map_err(|e| e.with_hint(WEIGHTED_LINE))?;
                weights::take(t, acc, 1, false, WEIGHTED_LINE)?;
                t.line_end(WEIGHTED_LINE)?;
            }
            None => t.edge_line_end("an 'e' line holds two vertex numbers")?,
        }
        push(t, &mut edges, (ends[0], ends[1]), "edge")?;
    }
    Ok(GraphInput {
        format: Format::Dimacs,
        shape: Shape::General {
            vertices: to_usize(n.value),
        },
        edges,
        ids: Vec::new(),
    })
}

/// Reads up to and including the problem line: its line, N and M (checked against `limits`),
/// and whether it is an assignment problem's (`p asn`, [`super::asn`]).
fn problem_line<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
) -> Result<(u64, Number, Number, bool), InputError> {
    loop {
        match t.next_nonblank()? {
            Next::End { line, col } => {
                return Err(InputError::end_of_input(&t.file, line, col, P_LINE));
            }
            Next::Token => {}
        }
        if t.tok.first() == Some(&b'c') {
            t.skip_line()?;
            continue;
        }
        if !t.is("p") {
            let mut e = t.bad_token(format!("{P_LINE} or a 'c' comment"));
            e.hint = if t.is("e") {
                Some("the p line must come before the edges".into())
            } else {
                looks_like(&t.tok, Format::Dimacs)
            };
            return Err(e);
        }
        break;
    }
    let p_line = t.tok_line;
    t.token_on_line("'edge'")?;
    if t.is("cnf") {
        return Err(t
            .bad_token("'edge'")
            .with_hint("this is a CNF formula: use `gridmatch twosat`"));
    }
    if t.is("asn") {
        let n = t.number_on_line("the number of nodes")?;
        t.check_limit(n, limits.vertices(), "vertices", "vertex")?;
        // Every node's number is kept (the sinks are the nodes no `n` line names), 4 bytes
        // each: the nodes count against the edge limit too.
        if n.value > limits.max_edges {
            return Err(t
                .error(
                    n.line,
                    n.col,
                    count(n.value, "node", "nodes"),
                    format!("at most {}", count(limits.max_edges, "node", "nodes")),
                )
                .with_hint(format!(
                    "an assignment file's nodes are all kept, each like an edge: the edge \
                     limit is {}",
                    limits.max_edges
                )));
        }
        let m = t.number_on_line("the number of arcs")?;
        t.check_limit(m, limits.max_edges, "edges", "edge")?;
        t.line_end("the p line of an assignment problem is 'p asn NODES ARCS'")?;
        return Ok((p_line, n, m, true));
    }
    if !t.is("edge") && !t.is("col") {
        return Err(t.bad_token("'edge'"));
    }
    let n = t.number_on_line("the number of vertices")?;
    t.check_limit(n, limits.vertices(), "vertices", "vertex")?;
    let m = t.number_on_line("the number of edges")?;
    t.check_limit(m, limits.max_edges, "edges", "edge")?;
    t.line_end(&format!(
        "the p line holds the format's two counts, 'p edge VERTICES EDGES' (here {} and {}); a \
         third number is not part of DIMACS graphs: delete it",
        count(n.value, "vertex", "vertices"),
        count(m.value, "edge", "edges")
    ))?;
    Ok((p_line, n, m, false))
}

/// The end of a DIMACS file (`p edge`, `p asn`) before the `announced` lines starting with
/// `letter` (`e` edges, `a` arcs) that its p line (at `p_line`) promised; `read` came.
pub(super) fn fewer_lines(
    file: &str,
    (line, col): (u64, u64),
    p_line: u64,
    announced: u64,
    read: u64,
    letter: char,
) -> InputError {
    let (one, many) = if letter == 'a' {
        ("arc", "arcs")
    } else {
        ("edge", "edges")
    };
    InputError::end_of_input(
        file,
        line,
        col,
        count(
            announced - read,
            &format!("more '{letter}' line"),
            &format!("more '{letter}' lines"),
        ),
    )
    .with_hint(format!(
        "the p line (line {p_line}) announced {}, the file has {read}",
        count(announced, one, many)
    ))
}
