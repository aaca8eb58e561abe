//! Shortest augmenting paths over a sparse matrix, Dijkstra with a binary heap (see the parent
//! module). Potentials are computed in a type `P` (i64, then i128 if i64 overflowed) with
//! checked arithmetic throughout.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Assignment, NONE, WeightError};

/// A potential type: checked addition and subtraction.
trait Pot: Copy + Ord + std::fmt::Debug {
    const MAX: Self;
    const ZERO: Self;
    fn of(x: i64) -> Self;
    fn add(self, o: Self) -> Result<Self, Overflow>;
    fn sub(self, o: Self) -> Result<Self, Overflow>;
    fn to_i64(self) -> Option<i64>;
}

/// An arithmetic overflow in the potential type.
#[derive(Debug)]
struct Overflow;

macro_rules! pot {
    ($t:ty) => {
        impl Pot for $t {
            const MAX: Self = <$t>::MAX;
            const ZERO: Self = 0;
            fn of(x: i64) -> Self {
                x.into()
            }
            fn add(self, o: Self) -> Result<Self, Overflow> {
                self.checked_add(o).ok_or(Overflow)
            }
            fn sub(self, o: Self) -> Result<Self, Overflow> {
                self.checked_sub(o).ok_or(Overflow)
            }
            fn to_i64(self) -> Option<i64> {
                i64::try_from(self).ok()
            }
        }
    };
}
pot!(i64);
pot!(i128);

/// The entries in compressed rows, parallel entries merged to the cheapest.
struct Csr {
    start: Vec<usize>,
    col: Vec<u32>,
    cost: Vec<i64>,
}

impl Csr {
    fn new(rows: usize, cols: usize, edges: &[(u32, u32)], costs: &[i64]) -> Csr {
        let mut start = vec![0usize; rows + 1];
        for &(r, _) in edges {
            start[r as usize + 1] += 1;
        }
        for r in 0..rows {
            start[r + 1] += start[r];
        }
        let mut fill = start.clone();
        let mut col = vec![0u32; edges.len()];
        let mut cost = vec![0i64; edges.len()];
        for (&(r, c), &w) in edges.iter().zip(costs) {
            let p = &mut fill[r as usize];
            col[*p] = c;
            cost[*p] = w;
            *p += 1;
        }
        // Merge parallel entries in place: `seen[c]` is 1 + the row that last had column c,
        // `at[c]` where its entry went.
        let mut seen = vec![0u32; cols];
        let mut at = vec![0usize; cols];
        let mut out = 0;
        let mut begin = 0;
        for r in 0..rows {
            let end = start[r + 1];
            start[r] = out;
            for k in begin..end {
                let (c, w) = (col[k], cost[k]);
                if seen[c as usize] == r as u32 + 1 {
                    let p = at[c as usize];
                    cost[p] = cost[p].min(w);
                } else {
                    seen[c as usize] = r as u32 + 1;
                    at[c as usize] = out;
                    col[out] = c;
                    cost[out] = w;
                    out += 1;
                }
            }
            begin = end;
        }
        start[rows] = out;
        col.truncate(out);
        cost.truncate(out);
        Csr { start, col, cost }
    }

    fn row(&self, i: usize) -> (&[u32], &[i64]) {
        let (a, b) = (self.start[i], self.start[i + 1]);
        (&self.col[a..b], &self.cost[a..b])
    }
}

/// The engine's result: each row's column and the potentials (rows, columns).
type Solved<P> = Option<(Vec<u32>, Vec<P>, Vec<P>)>;

pub(super) fn solve(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i64],
) -> Result<Option<Assignment>, WeightError> {
    let g = Csr::new(rows, cols, edges, costs);
    if let Ok(r) = engine::<i64>(&g, rows, cols) {
        return Ok(r.map(|(x, u, v)| Assignment {
            col_of_row: x,
            row: u,
            col: v,
        }));
    }
    let too_big = || {
        WeightError::Shape(format!(
            "the potentials proving the cheapest assignment of these {rows} rows exceed the \
             64-bit range; scale the costs down"
        ))
    };
    let Ok(r) = engine::<i128>(&g, rows, cols) else {
        return Err(too_big());
    };
    let Some((x, u, v)) = r else {
        return Ok(None);
    };
    let conv = |p: Vec<i128>| {
        p.into_iter()
            .map(|p| p.to_i64())
            .collect::<Option<Vec<_>>>()
    };
    match (conv(u), conv(v)) {
        (Some(row), Some(col)) => Ok(Some(Assignment {
            col_of_row: x,
            row,
            col,
        })),
        _ => Err(too_big()),
    }
}

/// The engine proper.
fn engine<P: Pot>(g: &Csr, rows: usize, cols: usize) -> Result<Solved<P>, Overflow> {
    let mut x = vec![NONE; rows];
    let mut y = vec![NONE; cols];
    let mut u = vec![P::ZERO; rows];
    let mut v = vec![P::ZERO; cols];

    // Start: each row's potential its least reduced cost, and its cheapest column if that
    // is still free. Column potentials start at 0, except on square inputs (no column ends up
    // free, so their potentials need not stay 0): there each column starts at its least entry,
    // which leaves fewer rows free and shortens the searches (random 10⁵ + 10⁵ with 5·10⁵
    // entries: 24 % of the rows free instead of 35 %, a fifth fewer columns settled).
    if rows == cols {
        let mut seen = vec![false; cols];
        for i in 0..rows {
            let (cs, ws) = g.row(i);
            for (&j, &w) in cs.iter().zip(ws) {
                let (j, w) = (j as usize, P::of(w));
                if !seen[j] || w < v[j] {
                    v[j] = w;
                    seen[j] = true;
                }
            }
        }
        if seen.contains(&false) {
            return Ok(None);
        }
    }
    let mut free = Vec::new();
    for i in 0..rows {
        let (cs, ws) = g.row(i);
        let mut best: Option<(P, usize)> = None;
        for (&j, &w) in cs.iter().zip(ws) {
            let h = P::of(w).sub(v[j as usize])?;
            if best.is_none_or(|(b, _)| h < b) {
                best = Some((h, j as usize));
            }
        }
        let Some((h, j)) = best else {
            return Ok(None);
        };
        u[i] = h;
        if y[j] == NONE {
            y[j] = i as u32;
            x[i] = j as u32;
        } else {
            free.push(i as u32);
        }
    }

    // Augmenting row reduction: a few cheap passes leave far fewer rows to the searches
    // (random 10⁵ + 10⁵ with 5·10⁵ entries: 24 % of the rows free after the start, 1.6 %
    // after these passes; two passes leave 5 %).
    for _ in 0..16 {
        if free.is_empty() {
            break;
        }
        free = row_reduction(g, &mut free, &mut x, &mut y, &mut u, &mut v)?;
    }

    // Shortest augmenting paths.
    let mut dist = vec![P::MAX; cols];
    let mut done = vec![false; cols];
    let mut pred = vec![NONE; cols];
    let mut touched: Vec<u32> = Vec::new();
    let mut settled: Vec<u32> = Vec::new();
    let mut heap: BinaryHeap<Reverse<(P, u32)>> = BinaryHeap::new();
    for &s in &free {
        let s = s as usize;
        heap.clear();
        let (cs, ws) = g.row(s);
        for (&k, &w) in cs.iter().zip(ws) {
            let nd = P::of(w).sub(v[k as usize])?;
            if nd < dist[k as usize] {
                if dist[k as usize] == P::MAX {
                    touched.push(k);
                }
                dist[k as usize] = nd;
                pred[k as usize] = s as u32;
                heap.push(Reverse((nd, k)));
            }
        }
        let mut sink = NONE;
        let mut big_d = P::ZERO;
        // The least distance of a free column reached so far: nothing at or beyond it can be
        // settled before the sink, so it is not pushed.
        let mut bound = P::MAX;
        for &k in &touched {
            if y[k as usize] == NONE {
                bound = bound.min(dist[k as usize]);
            }
        }
        'search: while let Some(Reverse((d, j))) = heap.pop() {
            let ju = j as usize;
            if done[ju] || d > dist[ju] {
                continue;
            }
            if y[ju] == NONE {
                sink = j;
                big_d = d;
                break;
            }
            done[ju] = true;
            settled.push(j);
            let i = y[ju] as usize;
            let ui = u[i];
            let (cs, ws) = g.row(i);
            for (&k, &w) in cs.iter().zip(ws) {
                let ku = k as usize;
                if done[ku] {
                    continue;
                }
                // Reduced costs of assigned rows are >= 0, so nd >= d.
                let nd = d.add(P::of(w).sub(ui)?.sub(v[ku])?)?;
                if nd < dist[ku] && (nd < bound || y[ku] == NONE) {
                    if dist[ku] == P::MAX {
                        touched.push(k);
                    }
                    dist[ku] = nd;
                    pred[ku] = i as u32;
                    if y[ku] == NONE {
                        if nd == d {
                            sink = k;
                            big_d = d;
                            break 'search;
                        }
                        bound = bound.min(nd);
                    }
                    heap.push(Reverse((nd, k)));
                }
            }
        }
        if sink == NONE {
            // Every column reachable from s is settled and taken: Hall's condition fails.
            return Ok(None);
        }
        // Settled columns move down, their rows up, by how much nearer than the sink they are.
        for &j in &settled {
            let ju = j as usize;
            let delta = big_d.sub(dist[ju])?;
            v[ju] = v[ju].sub(delta)?;
            let i = y[ju] as usize;
            u[i] = u[i].add(delta)?;
        }
        u[s] = big_d;
        // Augment along the path.
        let mut j = sink as usize;
        loop {
            let i = pred[j] as usize;
            y[j] = i as u32;
            let next = x[i];
            x[i] = j as u32;
            if i == s {
                break;
            }
            j = next as usize;
        }
        for &k in &touched {
            dist[k as usize] = P::MAX;
            done[k as usize] = false;
        }
        touched.clear();
        settled.clear();
    }

    // Shift so that the largest column potential is 0 (a no-op when a column is free).
    if let Some(&top) = v.iter().max()
        && top != P::ZERO
    {
        for p in &mut v {
            *p = p.sub(top)?;
        }
        for p in &mut u {
            *p = p.add(top)?;
        }
    }
    Ok(Some((x, u, v)))
}

/// One pass of augmenting row reduction (as in the dense engine, over each row's entries and
/// with a budget of 32 visits per free row instead of one per column); returns the rows left
/// free.
fn row_reduction<P: Pot>(
    g: &Csr,
    free: &mut [u32],
    x: &mut [u32],
    y: &mut [u32],
    u: &mut [P],
    v: &mut [P],
) -> Result<Vec<u32>, Overflow> {
    const BUDGET: usize = 32;
    let n_free = free.len();
    let (mut current, mut new_free, mut rounds) = (0usize, 0usize, 0usize);
    while current < n_free {
        rounds += 1;
        let fi = free[current] as usize;
        current += 1;
        let (cs, ws) = g.row(fi);
        // Rows without entries were refused at the start.
        let (mut j1, mut u1) = (cs[0] as usize, P::of(ws[0]).sub(v[cs[0] as usize])?);
        let (mut j2, mut u2) = (NONE as usize, P::MAX);
        for (&j, &w) in cs.iter().zip(ws).skip(1) {
            let h = P::of(w).sub(v[j as usize])?;
            if h < u2 {
                if h >= u1 {
                    u2 = h;
                    j2 = j as usize;
                } else {
                    (u2, j2, u1, j1) = (u1, j1, h, j as usize);
                }
            }
        }
        let mut i0 = y[j1];
        // A row with a single entry has no second column: nothing to lower.
        let mut lowers = j2 != NONE as usize && u2 > u1;
        if rounds < current * BUDGET {
            if lowers {
                v[j1] = v[j1].sub(u2.sub(u1)?)?;
            } else if i0 != NONE && j2 != NONE as usize {
                j1 = j2;
                i0 = y[j2];
            }
            if i0 != NONE {
                if lowers {
                    current -= 1;
                    free[current] = i0;
                } else {
                    free[new_free] = i0;
                    new_free += 1;
                }
            }
        } else {
            // Out of budget: the row takes its cheapest column as it is.
            lowers = false;
            if i0 != NONE {
                free[new_free] = i0;
                new_free += 1;
            }
        }
        if i0 != NONE {
            x[i0 as usize] = NONE;
        }
        x[fi] = j1 as u32;
        y[j1] = fi as u32;
        u[fi] = if lowers { u2 } else { u1 };
    }
    Ok(free[..new_free].to_vec())
}
