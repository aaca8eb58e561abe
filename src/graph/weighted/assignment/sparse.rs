//! Shortest augmenting paths over a sparse matrix, bidirectional Dijkstra with binary heaps
//! (see the parent module). Potentials are computed in a type `P` (i64, then i128 if i64
//! overflowed) with checked arithmetic throughout.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Assignment, NONE, WeightError};

/// A potential type: checked addition and subtraction.
trait Pot: Copy + Ord + std::fmt::Debug {
    const MAX: Self;
    const ZERO: Self;
    /// A cost as a potential, or [`Overflow`] if it does not fit.
    fn of(x: i128) -> Result<Self, Overflow>;
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
            fn of(x: i128) -> Result<Self, Overflow> {
                <$t>::try_from(x).map_err(|_| Overflow)
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

/// A cost type: `i64`, or `i128` for [`solve_wide`].
trait Entry: Copy + Ord + Default + Into<i128> {}
impl Entry for i64 {}
impl Entry for i128 {}

/// The entries in compressed rows, parallel entries merged to the cheapest.
struct Csr<C> {
    start: Vec<usize>,
    col: Vec<u32>,
    cost: Vec<C>,
}

impl<C: Entry> Csr<C> {
    fn new(rows: usize, cols: usize, edges: &[(u32, u32)], costs: &[C]) -> Csr<C> {
        let mut start = vec![0usize; rows + 1];
        for &(r, _) in edges {
            start[r as usize + 1] += 1;
        }
        for r in 0..rows {
            start[r + 1] += start[r];
        }
        let mut fill = start.clone();
        let mut col = vec![0u32; edges.len()];
        let mut cost = vec![C::default(); edges.len()];
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

    fn row(&self, i: usize) -> (&[u32], &[C]) {
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
    solve_with(rows, cols, edges, costs, SWITCH)
}

/// [`solve`] with the given [`SWITCH`] (the tests also run 0: both ways from the start).
pub(super) fn solve_with(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i64],
    switch: usize,
) -> Result<Option<Assignment>, WeightError> {
    let g = Csr::new(rows, cols, edges, costs);
    if let Ok(r) = engine::<i64, i64>(&g, rows, cols, switch) {
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
    let Ok(r) = engine::<i128, i64>(&g, rows, cols, switch) else {
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

/// [`solve`] for `i128` costs: potentials in `i64` while they fit, else in `i128` (checked:
/// [`WeightError::Shape`] if even those overflow).
pub(super) fn solve_wide(
    rows: usize,
    cols: usize,
    edges: &[(u32, u32)],
    costs: &[i128],
) -> Result<Option<Assignment<i128>>, WeightError> {
    let g = Csr::new(rows, cols, edges, costs);
    let widen = |r: Solved<i64>| {
        r.map(|(x, u, v)| Assignment {
            col_of_row: x,
            row: u.into_iter().map(i128::from).collect(),
            col: v.into_iter().map(i128::from).collect(),
        })
    };
    if let Ok(r) = engine::<i64, i128>(&g, rows, cols, SWITCH) {
        return Ok(widen(r));
    }
    match engine::<i128, i128>(&g, rows, cols, SWITCH) {
        Ok(r) => Ok(r.map(|(x, u, v)| Assignment {
            col_of_row: x,
            row: u,
            col: v,
        })),
        Err(Overflow) => Err(WeightError::Shape(format!(
            "the potentials proving the cheapest assignment of these {rows} rows exceed the \
             128-bit range; scale the costs down"
        ))),
    }
}

/// The engine proper.
fn engine<P: Pot, C: Entry>(
    g: &Csr<C>,
    rows: usize,
    cols: usize,
    switch: usize,
) -> Result<Solved<P>, Overflow> {
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
                let (j, w) = (j as usize, P::of(w.into())?);
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
            let h = P::of(w.into())?.sub(v[j as usize])?;
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

    // Shortest augmenting paths, one search per row still free (see `search`).
    let gt = Transposed::new(g, cols);
    let mut s = Search::new(cols);
    let mut free_cols: Vec<u32> = (0..cols as u32)
        .filter(|&j| y[j as usize] == NONE)
        .collect();
    let mut st = State {
        x: &mut x,
        c: y.iter().zip(&v).map(|(&y, &v)| Col { v, y }).collect(),
        u: &mut u,
        g: P::ZERO,
    };
    for &r in &free {
        if !s.search(g, &gt, &mut st, r as usize, &mut free_cols, switch)? {
            return Ok(None);
        }
    }
    // Undo the lazy offset: taken columns and rows are stored shifted by `g`.
    let off = st.g;
    for (j, c) in st.c.iter().enumerate() {
        (y[j], v[j]) = (c.y, c.v);
    }
    for j in 0..cols {
        if y[j] != NONE {
            v[j] = v[j].sub(off)?;
        }
    }
    for p in &mut u {
        *p = p.add(off)?;
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
fn row_reduction<P: Pot, C: Entry>(
    g: &Csr<C>,
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
        let (mut j1, mut u1) = (cs[0] as usize, P::of(ws[0].into())?.sub(v[cs[0] as usize])?);
        let (mut j2, mut u2) = (NONE as usize, P::MAX);
        for (&j, &w) in cs.iter().zip(ws).skip(1) {
            let h = P::of(w.into())?.sub(v[j as usize])?;
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

/// The entries in compressed columns (from the merged rows): each column's rows and costs.
struct Transposed<C> {
    start: Vec<usize>,
    row: Vec<u32>,
    cost: Vec<C>,
}

impl<C: Entry> Transposed<C> {
    fn new(g: &Csr<C>, cols: usize) -> Transposed<C> {
        let mut start = vec![0usize; cols + 1];
        for &c in &g.col {
            start[c as usize + 1] += 1;
        }
        for c in 0..cols {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut row = vec![0u32; g.col.len()];
        let mut cost = vec![C::default(); g.col.len()];
        for r in 0..g.start.len() - 1 {
            let (cs, ws) = g.row(r);
            for (&c, &w) in cs.iter().zip(ws) {
                let p = &mut fill[c as usize];
                row[*p] = r as u32;
                cost[*p] = w;
                *p += 1;
            }
        }
        Transposed { start, row, cost }
    }

    fn col(&self, j: usize) -> (&[u32], &[C]) {
        let (a, b) = (self.start[j], self.start[j + 1]);
        (&self.row[a..b], &self.cost[a..b])
    }
}

/// The assignment and the potentials during the searches. Potentials are stored with a lazy
/// offset `g`: a taken column's potential is `v[j] − g`, a row's `u[i] + g` (only the rows
/// with a column matter), a free column's is `v[j]` itself, so a change of every taken
/// column and row by the same amount is one addition to `g`, while the free columns stay put.
struct State<'a, P> {
    x: &'a mut [u32],
    /// Each column's potential and row, together for locality.
    c: Vec<Col<P>>,
    u: &'a mut [P],
    g: P,
}

/// A column's (stored) potential and row.
#[derive(Clone, Copy)]
struct Col<P> {
    v: P,
    y: u32,
}

impl<P: Pot> State<'_, P> {
    /// The reduced cost `c − u[i] − v[k]` of entry (i, k) costing `w`, row i taken.
    fn reduced<C: Entry>(&self, i: usize, k: usize, w: C) -> Result<P, Overflow> {
        let r = P::of(w.into())?.sub(self.u[i])?.sub(self.c[k].v)?;
        if self.c[k].y == NONE {
            r.sub(self.g)
        } else {
            Ok(r)
        }
    }

    /// Column k's actual potential.
    fn col(&self, k: usize) -> Result<P, Overflow> {
        if self.c[k].y == NONE {
            Ok(self.c[k].v)
        } else {
            self.c[k].v.sub(self.g)
        }
    }
}

/// A search goes both ways once its forward work exceeds this many times the number of free
/// columns (whose scan starts the backward half).
const SWITCH: usize = 32;

/// A column's labels in a search, together for locality: forward, its distance from the free
/// row, the row it was reached from, whether it is settled; backward, its distance to a free
/// column, the column its row goes on to, whether it is settled.
#[derive(Clone, Copy)]
struct Label<P> {
    fdist: P,
    bdist: P,
    fpred: u32,
    bsucc: u32,
    fdone: bool,
    bdone: bool,
}

/// The per-search arrays of the bidirectional Dijkstra, reset through `touched`.
struct Search<P> {
    /// Each column's labels.
    lab: Vec<Label<P>>,
    touched: Vec<u32>,
    fheap: BinaryHeap<Reverse<(P, u32)>>,
    bheap: BinaryHeap<Reverse<(P, u32)>>,
}

impl<P: Pot> Search<P> {
    fn new(cols: usize) -> Search<P> {
        Search {
            lab: vec![
                Label {
                    fdist: P::MAX,
                    bdist: P::MAX,
                    fpred: NONE,
                    bsucc: NONE,
                    fdone: false,
                    bdone: false,
                };
                cols
            ],
            touched: Vec::new(),
            fheap: BinaryHeap::new(),
            bheap: BinaryHeap::new(),
        }
    }

    fn touch(&mut self, k: usize) {
        if self.lab[k].fdist == P::MAX && self.lab[k].bdist == P::MAX {
            self.touched.push(k as u32);
        }
    }

    /// The least key of a heap after dropping stale entries (`P::MAX` if empty).
    fn top(heap: &mut BinaryHeap<Reverse<(P, u32)>>, lab: &[Label<P>], forward: bool) -> P {
        while let Some(&Reverse((d, j))) = heap.peek() {
            let l = &lab[j as usize];
            let (done, dist) = if forward {
                (l.fdone, l.fdist)
            } else {
                (l.bdone, l.bdist)
            };
            if done || d > dist {
                heap.pop();
            } else {
                return d;
            }
        }
        P::MAX
    }

    /// Finds a shortest augmenting path from the free row `s`, moves the potentials so that it
    /// is tight and augments along it; `false` if no free column is reachable from `s`.
    fn search<C: Entry>(
        &mut self,
        g: &Csr<C>,
        gt: &Transposed<C>,
        st: &mut State<'_, P>,
        s: usize,
        free_cols: &mut Vec<u32>,
        switch: usize,
    ) -> Result<bool, Overflow> {
        self.fheap.clear();
        self.bheap.clear();
        // The free row's potential: its least reduced cost, so its entries' are >= 0.
        let (cs, ws) = g.row(s);
        let mut ms = P::MAX;
        for (&k, &w) in cs.iter().zip(ws) {
            ms = ms.min(P::of(w.into())?.sub(st.col(k as usize)?)?);
        }
        if ms == P::MAX {
            return Ok(false);
        }
        // The best path so far: its length and its meeting entry (row ma, column mb).
        let mut best = (P::MAX, NONE, NONE);
        for (&k, &w) in cs.iter().zip(ws) {
            let ku = k as usize;
            let rc = P::of(w.into())?.sub(st.col(ku)?)?.sub(ms)?;
            if st.c[ku].y == NONE {
                if rc < best.0 {
                    best = (rc, s as u32, k);
                }
            } else if rc < self.lab[ku].fdist {
                self.touch(ku);
                self.lab[ku].fdist = rc;
                self.lab[ku].fpred = s as u32;
                self.fheap.push(Reverse((rc, k)));
            }
        }
        let (mut fwork, mut bwork) = (cs.len(), 0usize);
        let mut bidir = false;
        let (tf, tb) = loop {
            let tf = Self::top(&mut self.fheap, &self.lab, true);
            let tb = if bidir {
                Self::top(&mut self.bheap, &self.lab, false)
            } else {
                P::ZERO
            };
            if best.0 != P::MAX && (tf == P::MAX || tb == P::MAX || tf.add(tb)? >= best.0) {
                break (tf, tb);
            }
            if best.0 == P::MAX && (tf == P::MAX || tb == P::MAX) {
                // Every column reachable from s (forward) or reaching a free column
                // (backward) is settled without meeting: Hall's condition fails.
                self.reset();
                return Ok(false);
            }
            if !bidir && fwork > switch.saturating_mul(free_cols.len()) {
                // A long search: also search backward from every free column at once.
                bidir = true;
                free_cols.retain(|&j| st.c[j as usize].y == NONE);
                // Every free column is settled at 0 at once, without the heap.
                for &j in free_cols.iter() {
                    self.touch(j as usize);
                    self.lab[j as usize].bdist = P::ZERO;
                    bwork += self.backward(gt, st, s, ms, j, P::ZERO, &mut best)?;
                }
                continue;
            }
            if !bidir || 2 * fwork <= bwork {
                // Forward: settle the nearest column, scan its row.
                let Some(Reverse((d, j))) = self.fheap.pop() else {
                    continue; // not reached: the heap's top was just read
                };
                let ju = j as usize;
                self.lab[ju].fdone = true;
                if self.lab[ju].bdone {
                    let c = d.add(self.lab[ju].bdist)?;
                    if c < best.0 {
                        best = (c, self.lab[ju].fpred, j);
                    }
                }
                let i = st.c[ju].y as usize;
                let (cs, ws) = g.row(i);
                fwork += cs.len() + 1;
                for (&k, &w) in cs.iter().zip(ws) {
                    let ku = k as usize;
                    if self.lab[ku].fdone {
                        continue;
                    }
                    let nd = d.add(st.reduced(i, ku, w)?)?;
                    if st.c[ku].y == NONE {
                        if nd < best.0 {
                            best = (nd, i as u32, k);
                        }
                        continue;
                    }
                    if self.lab[ku].bdone {
                        let c = nd.add(self.lab[ku].bdist)?;
                        if c < best.0 {
                            best = (c, i as u32, k);
                        }
                    }
                    if nd < self.lab[ku].fdist && nd < best.0 {
                        self.touch(ku);
                        self.lab[ku].fdist = nd;
                        self.lab[ku].fpred = i as u32;
                        self.fheap.push(Reverse((nd, k)));
                    }
                }
            } else {
                // Backward: settle the column nearest to a free column, scan its entries.
                let Some(Reverse((d, j))) = self.bheap.pop() else {
                    continue; // not reached: the heap's top was just read
                };
                bwork += self.backward(gt, st, s, ms, j, d, &mut best)?;
            }
        };
        // Potentials: with F = min(tf, D), B = D − F, every column j moves by the label
        // min(df, F) + B − min(db, B) (see the module docs), the taken columns and rows by B
        // through the offset.
        let (big_d, ma, mb) = best;
        let rf = tf.min(big_d);
        let rb = if tb == P::MAX && tf == P::MAX {
            P::ZERO
        } else {
            big_d.sub(rf)?
        };
        let _ = tb;
        for t in 0..self.touched.len() {
            let j = self.touched[t] as usize;
            if st.c[j].y == NONE {
                continue;
            }
            let dfc = if self.lab[j].fdone {
                self.lab[j].fdist.min(rf)
            } else {
                rf
            };
            let dbc = if self.lab[j].bdone {
                self.lab[j].bdist.min(rb)
            } else {
                rb
            };
            let delta = rf.sub(dfc)?.add(dbc.sub(rb)?)?;
            if delta != P::ZERO {
                st.c[j].v = st.c[j].v.sub(delta)?;
                let i = st.c[j].y as usize;
                st.u[i] = st.u[i].add(delta)?;
            }
        }
        st.g = st.g.add(rb)?;
        st.u[s] = ms.add(big_d)?.sub(st.g)?;
        // The path: forward from s to row ma, the entry (ma, mb), backward from mb to a free
        // column. The halves share no column: one on both would have been settled both ways
        // before the meeting was recorded, and met there first at a length no greater (the
        // cycle through it costs >= 0), which a later meeting only replaces when shorter.
        let (a, b) = (ma as usize, mb as usize);
        // Augment: the backward half, then the forward half.
        let old = if a == s { NONE } else { st.x[a] };
        let (mut c, mut r) = (b, a);
        loop {
            let nr = st.c[c].y;
            if nr == NONE {
                // The free column is taken: store it with the offset.
                st.c[c].v = st.c[c].v.add(st.g)?;
            }
            st.c[c].y = r as u32;
            st.x[r] = c as u32;
            if nr == NONE {
                break;
            }
            c = self.lab[c].bsucc as usize;
            r = nr as usize;
        }
        if old != NONE {
            let mut j = old as usize;
            loop {
                let i = self.lab[j].fpred as usize;
                st.c[j].y = i as u32;
                let next = st.x[i];
                st.x[i] = j as u32;
                if i == s {
                    break;
                }
                j = next as usize;
            }
        }
        self.reset();
        Ok(true)
    }

    /// Settles column `j` at distance `d` from the free columns (backward) and scans its
    /// entries; returns the work done.
    #[allow(clippy::too_many_arguments)]
    fn backward<C: Entry>(
        &mut self,
        gt: &Transposed<C>,
        st: &State<'_, P>,
        s: usize,
        ms: P,
        j: u32,
        d: P,
        best: &mut (P, u32, u32),
    ) -> Result<usize, Overflow> {
        let ju = j as usize;
        self.lab[ju].bdone = true;
        if self.lab[ju].fdone {
            let c = d.add(self.lab[ju].fdist)?;
            if c < best.0 {
                *best = (c, self.lab[ju].fpred, j);
            }
        }
        let (rs, ws) = gt.col(ju);
        for (&i, &w) in rs.iter().zip(ws) {
            let iu = i as usize;
            if st.c[ju].y == i {
                continue;
            }
            let k = st.x[iu];
            if k == NONE {
                if iu == s {
                    let c = d.add(P::of(w.into())?.sub(st.col(ju)?)?.sub(ms)?)?;
                    if c < best.0 {
                        *best = (c, i, j);
                    }
                }
                continue;
            }
            let ku = k as usize;
            if self.lab[ku].bdone {
                continue;
            }
            let nd = d.add(st.reduced(iu, ju, w)?)?;
            if self.lab[ku].fdone {
                let c = nd.add(self.lab[ku].fdist)?;
                if c < best.0 {
                    *best = (c, i, j);
                }
            }
            if nd < self.lab[ku].bdist && nd < best.0 {
                self.touch(ku);
                self.lab[ku].bdist = nd;
                self.lab[ku].bsucc = j;
                self.bheap.push(Reverse((nd, k)));
            }
        }
        Ok(rs.len() + 1)
    }

    fn reset(&mut self) {
        for &k in &self.touched {
            let l = &mut self.lab[k as usize];
            (l.fdist, l.bdist, l.fdone, l.bdone) = (P::MAX, P::MAX, false, false);
        }
        self.touched.clear();
    }
}
