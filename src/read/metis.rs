//! The METIS graph format (METIS, KaHIP, the DIMACS10 challenge graphs): `%` comment lines, the
//! header `N M [FMT [NCON]]`, then one line per vertex listing its neighbours (from 1), each
//! edge in the lines of both its ends.
//!
//! FMT is up to three digits 0 or 1: vertex sizes, vertex weights, edge weights (`1` = edge
//! weights, `10` = vertex weights, `11` both, `100` sizes); NCON is the number of weights per
//! vertex (default 1). A vertex line is then `[SIZE] [W1 … WNCON] V1 [E1] V2 [E2] …`. Sizes and
//! vertex weights must be whole numbers and are ignored; edge weights are decimal numbers,
//! the edge's weight for [`super::read_weighted_graph`], checked and ignored otherwise.
//!
//! **Symmetry, checked as the lines come:** an edge `{u, v}`, `u < v`, is kept where vertex
//! u's line lists v (in file order), and vertex v's line must list u back, with the same
//! weight; a self-loop is listed once, in its vertex's line. M counts each edge once. The
//! pending listings `u → v` wait in a bucket per block of 4096 vertices (v's), sorted by v
//! when the block's first line comes (a counting sort; listings into the current block wait in
//! a chain per vertex, in cache), while the buckets cover no more than the input read so far
//! (four times the lines and listings, plus 4096), else in a heap ordered by v, so memory
//! grows with the input whatever N says and the check reads memory mostly in order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::BufRead;

use super::{
    Format, GraphInput, Item, Limits, Number, Shape, Tokens, count, is_blank, looks_like,
    out_of_memory, push, reserve, to_usize, weights,
};
use crate::InputError;

/// The header, as expected.
const HEADER: &str = "the header 'VERTICES EDGES [FMT [NCON]]'";

/// The hint for an edge listed at one end only.
const SYMMETRIC: &str = "a METIS graph lists each edge in the lines of both its ends";

/// No edge (the end of a chain).
const NONE: u32 = u32::MAX;

/// Vertices per block of pending listings (sorted when their block's first line comes).
const BLOCK: usize = 1 << 12;

/// What the header announced.
struct Header {
    line: u64,
    n: Number,
    m: Number,
    /// Numbers before the neighbours on each vertex line (size, vertex weights).
    prefix: u64,
    /// The neighbours are followed by edge weights.
    edge_weights: bool,
    /// FMT as written (`0` if absent).
    fmt: String,
}

/// The listings `u → v`, `u < v`, whose mirror `v → u` has not been read yet, by v; and the
/// current line's count of them by u.
struct Pending {
    /// Pending edges to the vertices of each block of [`BLOCK`] vertices below
    /// `blocks.len()`, read before the block's first line: (vertex, first end, edge).
    blocks: Vec<Vec<(u32, u32, u32)>>,
    /// The current block (the current line's vertex's).
    current: usize,
    /// Its pending edges at its first line, sorted by vertex: `sorted[at[k]..at[k + 1]]` are
    /// those to its k-th vertex: (first end, edge).
    sorted: Vec<(u32, u32)>,
    at: Vec<u32>,
    /// Pending edges read since, into the current block, chained by vertex: the first for its
    /// k-th vertex is `late[late_head[k]]`: (next, first end, edge).
    late: Vec<(u32, u32, u32)>,
    late_head: Vec<u32>,
    /// Neighbours listed so far, mirrors included.
    listings: usize,
    /// Pending edges to vertices of blocks at or beyond `blocks.len()`: (vertex, edge).
    far: BinaryHeap<Reverse<(u32, u32)>>,
    /// For each vertex read, how many of its listings of the current vertex are still to be
    /// matched by the current line.
    count: Vec<u32>,
    /// With weights: the sum of those listings' weights, in units of 10^-18, less the weights
    /// of the current line's listings matched (wrapping: exact for a single edge); a weight
    /// that is no `i128` in those units counts as a 128-bit mix of its digits and exponent
    /// ([`weights::key`]).
    sum: Vec<i128>,
    /// Some weight counted as a mix: sums are not shown as numbers.
    mixed: bool,
    /// The line of each vertex read.
    line_of: Vec<u64>,
    /// The vertices with a nonzero count.
    listed: Vec<u32>,
}

/// Reads a METIS graph; with `weights`, also its edge weights (FMT must announce them).
pub(super) fn read<R: BufRead>(
    t: &mut Tokens<R>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let h = header(t, limits)?;
    let (n, m) = (h.n.value, h.m.value);
    if weights.is_some() && !h.edge_weights {
        return Err(t
            .error(
                h.n.line,
                h.n.col,
                "a METIS graph without edge weights",
                "a METIS graph with edge weights (FMT 1 or 11)",
            )
            .with_hint("the header's third number, FMT, ends in 1 when the edges have weights")
            .with_remedy(crate::Remedy::Weights));
    }
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(reserve(m));
    if let Some(acc) = weights.as_deref_mut()
        && !acc.room(reserve(m))
    {
        return Err(out_of_memory(t, 0, "weight"));
    }
    let mut p = Pending {
        blocks: Vec::new(),
        current: usize::MAX,
        sorted: Vec::new(),
        at: Vec::new(),
        late: Vec::new(),
        late_head: Vec::new(),
        listings: 0,
        far: BinaryHeap::new(),
        count: Vec::new(),
        sum: Vec::new(),
        mixed: false,
        line_of: Vec::new(),
        listed: Vec::new(),
    };
    // Checks edge weights without keeping them.
    let scratch = weights::Acc::default();
    let edge_hint = "a METIS vertex line is '[SIZE] [WEIGHTS…] NEIGHBOUR EDGE_WEIGHT …'";
    let mut u = 0u64;
    // The last line ended at the end of input, not with a line end.
    let mut ended = false;
    // The fast path's copy of a line and its numbers (value, column), reused.
    let mut text: Vec<u8> = Vec::new();
    let mut numbers: Vec<(u64, u64)> = Vec::new();
    let fast = h.prefix == 0 && !h.edge_weights;
    loop {
        if fast && u < n && t.fast_whole_line(&mut text) && plain_list(&text, n, &mut numbers) {
            let line = t.line;
            prepare(t, &mut p, u as u32, line, &edges, weights.as_deref())?;
            for &(value, col) in &numbers {
                let v = Number { value, line, col };
                if value <= u {
                    // Only an error needs the token itself.
                    let end = to_usize(col - 1)
                        + text[to_usize(col - 1)..]
                            .iter()
                            .take_while(|c| c.is_ascii_digit())
                            .count();
                    t.as_token(&text[to_usize(col - 1)..end], line, col);
                }
                listing(t, &mut p, &mut edges, &h, u, &v)?;
            }
            let content_end = text
                .iter()
                .rposition(|&c| !is_blank(c))
                .map_or(1, |k| k as u64 + 2);
            finish(t, &mut p, u as u32, line, content_end, false)?;
            t.commit_line(text.len() + 1);
            u += 1;
            continue;
        }
        let item = t.next()?;
        if u == n {
            match item {
                Item::LineEnd { .. } => continue,
                Item::End { .. } => break,
                Item::Token if t.tok.first() == Some(&b'%') => {
                    t.skip_line()?;
                    continue;
                }
                Item::Token => {
                    return Err(t
                        .bad_token("the end of the file or a '%' comment")
                        .with_hint(format!(
                            "the header (line {}) announced {}, one line each: this would be \
                             the line of vertex {}",
                            h.line,
                            count(n, "vertex", "vertices"),
                            n + 1
                        )));
                }
            }
        }
        match item {
            Item::Token if t.tok.first() == Some(&b'%') => {
                t.skip_line()?;
                continue;
            }
            Item::End { line, col } if ended || u + 1 < n => {
                return Err(InputError::end_of_input(
                    &t.file,
                    line,
                    col,
                    count(n - u, "more vertex line", "more vertex lines"),
                )
                .with_hint(format!(
                    "the header (line {}) announced {}, one line each (an empty line for a \
                     vertex without neighbours); the file has {u}",
                    h.line,
                    count(n, "vertex", "vertices")
                )));
            }
            _ => {}
        }
        // Vertex u's line: its first item is read.
        let line = match item {
            Item::Token => t.tok_line,
            Item::LineEnd { line, .. } | Item::End { line, .. } => line,
        };
        prepare(t, &mut p, u as u32, line, &edges, weights.as_deref())?;
        let mut item = item;
        let mut k = 0u64;
        let mut neighbour: Option<(u32, Number)> = None;
        let (end_line, end_col) = loop {
            match item {
                Item::LineEnd { line, col } => break (line, col),
                Item::End { line, col } => {
                    ended = true;
                    break (line, col);
                }
                Item::Token => {}
            }
            if k < h.prefix {
                t.number(&format!("vertex {}'s size or weight", u + 1))?;
            } else if let Some((x, v)) = neighbour.take() {
                // An edge weight, of the edge to x.
                match weights.as_deref_mut() {
                    Some(acc) if x >= u as u32 => weights::take(t, acc, 1, false, edge_hint)?,
                    Some(acc) => {
                        let w = weights::token(t, acc, edge_hint)?;
                        mirror_weight(t, &mut p, x, v, w)?;
                    }
                    None => {
                        weights::token(t, &scratch, edge_hint)?;
                    }
                }
            } else {
                let v = t.number("a vertex number")?;
                if v.value == 0 || v.value > n {
                    let mut e = t.bad_token(format!("a vertex number from 1 to {n}"));
                    e.hint = Some(if v.value == 0 {
                        "METIS vertices are numbered from 1".into()
                    } else {
                        format!(
                            "the header (line {}) announced {}",
                            h.line,
                            count(n, "vertex", "vertices")
                        )
                    });
                    return Err(e);
                }
                let x = listing(t, &mut p, &mut edges, &h, u, &v)?;
                if h.edge_weights {
                    neighbour = Some((x, v));
                }
            }
            k += 1;
            item = t.next()?;
        };
        if k < h.prefix || neighbour.is_some() {
            let expected = if k < h.prefix {
                format!("vertex {}'s size or weight (a whole number)", u + 1)
            } else {
                weights::WEIGHT.to_string()
            };
            let e = if ended {
                InputError::end_of_input(&t.file, end_line, end_col, expected)
            } else {
                t.error(end_line, end_col, "end of line", expected)
            };
            return Err(e.with_hint(format!(
                "the header's FMT ({}) announces {}{}",
                h.fmt,
                count(h.prefix, "number", "numbers"),
                if h.edge_weights {
                    " before the neighbours, and a weight after each"
                } else {
                    " before the neighbours"
                }
            )));
        }
        finish(t, &mut p, u as u32, end_line, end_col, ended)?;
        u += 1;
    }
    if edges.len() as u64 != m {
        return Err(t
            .error(
                h.m.line,
                h.m.col,
                count(m, "edge", "edges"),
                format!("the number of edges the lines list, {}", edges.len()),
            )
            .with_hint(
                "EDGES counts each edge once, though it is listed in the lines of both its ends \
                 (a self-loop once, in its vertex's line)",
            ));
    }
    Ok(GraphInput {
        format: Format::Metis,
        shape: Shape::General {
            vertices: to_usize(n),
        },
        edges,
        ids: Vec::new(),
    })
}

/// Vertex u's line lists v (in range): a mirror of an earlier listing, or a new edge (a
/// self-loop, or one waiting for its mirror). Returns v's index.
fn listing<R: BufRead>(
    t: &Tokens<R>,
    p: &mut Pending,
    edges: &mut Vec<(u32, u32)>,
    h: &Header,
    u: u64,
    v: &Number,
) -> Result<u32, InputError> {
    let m = h.m.value;
    p.listings += 1;
    // v ≤ n ≤ max_vertices < u32::MAX.
    let x = (v.value - 1) as u32;
    if u64::from(x) < u {
        mirror(t, p, x, u as u32, v)?;
    } else {
        if edges.len() as u64 == m {
            return Err(t
                .error(
                    v.line,
                    v.col,
                    format!("edge {}", m + 1),
                    format!("at most {}", count(m, "edge", "edges")),
                )
                .with_hint(format!(
                    "the header (line {}) announced {}; each is counted once, \
                     though listed in the lines of both its ends",
                    h.line,
                    count(m, "edge", "edges")
                )));
        }
        let e = edges.len() as u32;
        push(t, edges, (u as u32, x), "edge")?;
        if u64::from(x) > u {
            p.wait(x, u as u32, e)
                .ok_or_else(|| out_of_memory(t, edges.len() - 1, "edge"))?;
        }
    }
    Ok(x)
}

/// The numbers of a line of neighbours only (`text`, without its line end): digit runs of 1 to
/// 18 digits from 1 to n, separated by spaces or tabs, each with its column, into `out`; `false`
/// for anything else (a comment, a sign, a CR, a number out of range), left to the tokenizer.
fn plain_list(text: &[u8], n: u64, out: &mut Vec<(u64, u64)>) -> bool {
    out.clear();
    let mut j = super::fast::blanks(text, 0);
    while j < text.len() {
        let Some((v, k)) = super::fast::digit_run(text, j) else {
            return false;
        };
        if v == 0 || v > n {
            return false;
        }
        out.push((v, j as u64 + 1));
        j = super::fast::blanks(text, k);
        if j == k && j < text.len() {
            return false;
        }
    }
    true
}

impl Pending {
    /// Notes that edge `e` (`u → x`, `u < x`) waits for x's line (vertex u's line is being
    /// read). `None` if memory ran out.
    fn wait(&mut self, x: u32, u: u32, e: u32) -> Option<()> {
        let b = x as usize / BLOCK;
        if b == self.current {
            let k = x as usize % BLOCK;
            self.late.try_reserve(1).ok()?;
            self.late.push((self.late_head[k], u, e));
            self.late_head[k] = (self.late.len() - 1) as u32;
            return Some(());
        }
        if b >= self.blocks.len() {
            // The table grows with the input read (at least 2 bytes a listing, 1 a line).
            let cap = (4 * (u as usize + self.listings) + 4096) / BLOCK + 1;
            if b < cap {
                let len = (2 * self.blocks.len()).max(b + 1).min(cap);
                self.blocks.try_reserve(len - self.blocks.len()).ok()?;
                self.blocks.resize_with(len, Vec::new);
            }
        }
        if let Some(bucket) = self.blocks.get_mut(b) {
            bucket.try_reserve(1).ok()?;
            bucket.push((x, u, e));
        } else {
            self.far.try_reserve(1).ok()?;
            self.far.push(Reverse((x, e)));
        }
        Some(())
    }

    /// Enters block `b` at its first line: sorts its pending edges by vertex.
    fn enter(&mut self, b: usize) -> Option<()> {
        self.current = b;
        let bucket = self
            .blocks
            .get_mut(b)
            .map(std::mem::take)
            .unwrap_or_default();
        self.at.clear();
        self.at.try_reserve(BLOCK + 1).ok()?;
        self.at.resize(BLOCK + 1, 0);
        for &(x, _, _) in &bucket {
            self.at[x as usize % BLOCK + 1] += 1;
        }
        for k in 0..BLOCK {
            self.at[k + 1] += self.at[k];
        }
        self.sorted.clear();
        self.sorted.try_reserve(bucket.len()).ok()?;
        self.sorted.resize(bucket.len(), (0, 0));
        // Placed from each vertex's start, which then moves to the next one's; shifted back.
        for &(x, first, e) in &bucket {
            let k = x as usize % BLOCK;
            self.sorted[self.at[k] as usize] = (first, e);
            self.at[k] += 1;
        }
        self.at.copy_within(0..BLOCK, 1);
        self.at[0] = 0;
        self.late.clear();
        self.late_head.clear();
        self.late_head.try_reserve(BLOCK).ok()?;
        self.late_head.resize(BLOCK, NONE);
        Some(())
    }
}

/// Before vertex u's line (at `line`): counts the listings of u by earlier vertices.
fn prepare<R: BufRead>(
    t: &Tokens<R>,
    p: &mut Pending,
    u: u32,
    line: u64,
    edges: &[(u32, u32)],
    weights: Option<&weights::Acc>,
) -> Result<(), InputError> {
    push(t, &mut p.count, 0, "vertex")?;
    push(t, &mut p.line_of, line, "vertex")?;
    if weights.is_some() {
        push(t, &mut p.sum, 0, "vertex")?;
    }
    let b = u as usize / BLOCK;
    if b != p.current && p.enter(b).is_none() {
        return Err(out_of_memory(t, edges.len(), "edge"));
    }
    let k = u as usize % BLOCK;
    let (from, to) = (p.at[k] as usize, p.at[k + 1] as usize);
    let mut chain = p.late_head[k];
    let mut i = from;
    loop {
        let (first, edge) = if i < to {
            i += 1;
            p.sorted[i - 1]
        } else if chain != NONE {
            let (next, first, edge) = p.late[chain as usize];
            chain = next;
            (first, edge)
        } else {
            match p.far.peek() {
                Some(Reverse((x, edge))) if *x == u => {
                    let edge = *edge;
                    p.far.pop();
                    (edges[edge as usize].0, edge)
                }
                _ => break,
            }
        };
        let w = first as usize;
        if p.count[w] == 0 {
            p.listed.push(w as u32);
        }
        p.count[w] += 1;
        if let Some(acc) = weights {
            let (at, exact) = acc.key(edge as usize);
            p.mixed |= !exact;
            p.sum[w] = p.sum[w].wrapping_add(at);
        }
    }
    Ok(())
}

/// Vertex u's line lists x < u (the number `v`): x's line must have listed u.
fn mirror<R: BufRead>(
    t: &Tokens<R>,
    p: &mut Pending,
    x: u32,
    u: u32,
    v: &Number,
) -> Result<(), InputError> {
    let c = &mut p.count[x as usize];
    if *c == 0 {
        return Err(t
            .bad_token(format!("a vertex whose line lists vertex {}", u + 1))
            .with_hint(format!(
                "vertex {}'s line (line {}) lists vertex {} fewer times than this line lists \
                 vertex {}: {SYMMETRIC}",
                v.value,
                p.line_of[x as usize],
                u + 1,
                v.value,
            )));
    }
    *c -= 1;
    Ok(())
}

/// The weight `w` of the listing of x < u just read: the same as x's listing of u gave.
fn mirror_weight<R: BufRead>(
    t: &Tokens<R>,
    p: &mut Pending,
    x: u32,
    v: Number,
    w: weights::Read,
) -> Result<(), InputError> {
    let x = x as usize;
    let before = p.sum[x];
    let (key, exact) = weights::key(w.parts());
    p.mixed |= !exact;
    p.sum[x] = before.wrapping_sub(key);
    if p.count[x] == 0 && p.sum[x] != 0 {
        let expected = if p.mixed {
            format!("the weight vertex {}'s line gives this edge", v.value)
        } else {
            format!(
                "the weight {} (as in vertex {}'s line)",
                weights::show(before, weights::MAX_DECIMALS),
                v.value
            )
        };
        return Err(t.bad_token(expected).with_hint(format!(
            "vertex {}'s line (line {}) gives this edge another weight: a METIS graph \
                 gives each edge the same weight in the lines of both its ends",
            v.value, p.line_of[x]
        )));
    }
    Ok(())
}

/// After vertex u's line, ended at `line:col`: every earlier listing of u was matched.
fn finish<R: BufRead>(
    t: &Tokens<R>,
    p: &mut Pending,
    u: u32,
    line: u64,
    col: u64,
    at_end: bool,
) -> Result<(), InputError> {
    for k in 0..p.listed.len() {
        let w = p.listed[k] as usize;
        if p.count[w] > 0 {
            let expected = format!("vertex {} in vertex {}'s line", w + 1, u + 1);
            let e = if at_end {
                InputError::end_of_input(&t.file, line, col, expected)
            } else {
                t.error(line, col, "end of line", expected)
            };
            return Err(e.with_hint(format!(
                "vertex {}'s line (line {}) lists vertex {} more often than this line lists \
                 vertex {}: {SYMMETRIC}",
                w + 1,
                p.line_of[w],
                u + 1,
                w + 1,
            )));
        }
        if let Some(s) = p.sum.get_mut(w) {
            *s = 0;
        }
    }
    p.listed.clear();
    Ok(())
}

/// Reads comment lines and the header line.
fn header<R: BufRead>(t: &mut Tokens<R>, limits: Limits) -> Result<Header, InputError> {
    loop {
        match t.next()? {
            Item::LineEnd { .. } => {}
            Item::End { line, col } => {
                return Err(InputError::end_of_input(&t.file, line, col, HEADER));
            }
            Item::Token if t.tok.first() == Some(&b'%') => t.skip_line()?,
            Item::Token => break,
        }
    }
    let line = t.tok_line;
    let n = t.number("the number of vertices").map_err(|mut e| {
        e.hint = looks_like(&t.tok, Format::Metis).or(e.hint);
        e
    })?;
    t.check_limit(n, limits.vertices(), "vertices", "vertex")?;
    let m = t.number_on_line("the number of edges")?;
    t.check_limit(m, limits.max_edges, "edges", "edge")?;
    let mut h = Header {
        line,
        n,
        m,
        prefix: 0,
        edge_weights: false,
        fmt: "0".into(),
    };
    const FMT: &str = "FMT: up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights)";
    match t.next()? {
        Item::Token => {
            let digits = &t.tok;
            if t.cut
                || digits.is_empty()
                || digits.len() > 3
                || !digits.iter().all(|&d| d == b'0' || d == b'1')
            {
                return Err(t.bad_token(FMT).with_hint(
                    "the header is 'VERTICES EDGES [FMT [NCON]]': FMT 1 = edge weights, 10 = \
                     vertex weights, 11 = both, 100 = vertex sizes",
                ));
            }
            let bit = |k: usize| digits.len() > k && digits[digits.len() - 1 - k] == b'1';
            h.edge_weights = bit(0);
            let vertex_weights = bit(1);
            h.prefix = u64::from(bit(2));
            h.fmt = String::from_utf8_lossy(digits).into_owned();
            let mut ncon = 1;
            match t.next()? {
                Item::Token => {
                    let c = t.number("NCON, the number of weights per vertex")?;
                    if c.value == 0 {
                        return Err(t
                            .bad_token("NCON, the number of weights per vertex (at least 1)")
                            .with_hint("leave NCON out for one weight per vertex"));
                    }
                    ncon = c.value;
                    t.line_end(&format!("{HEADER} holds at most four numbers"))?;
                }
                Item::LineEnd { .. } | Item::End { .. } => {}
            }
            if vertex_weights {
                h.prefix += ncon;
            }
        }
        Item::LineEnd { .. } | Item::End { .. } => {}
    }
    Ok(h)
}
