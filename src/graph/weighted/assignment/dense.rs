//! LAPJV over a dense row-major matrix (see the parent module for the algorithm and the
//! overflow bounds: every value here stays within ±11·max |cost|, so plain arithmetic in the
//! costs' own integer, `i64` or `i128`).

use super::{Assignment, Cost, NONE};

/// Augmenting row reduction's rounds per free row taken
/// (`ROW_REDUCTION_BUDGET` times the position in the free list). JV's bound is the number
/// of columns; on costs without ties a displaced row is nearly always tried again at once
/// and the rounds grow towards that bound (measured on 2000² random costs near 10¹⁷:
/// 193 455 rounds, 0.65 s, where eight per row leave 43 rows to the searches, 0.03 s).
const ROW_REDUCTION_BUDGET: usize = 8;

/// The matrix and the state of the algorithm: `x[i]` is row i's column, `y[j]` column j's row
/// (`NONE` when free), `v[j]` column j's potential.
struct State<'a, T> {
    cols: usize,
    cost: &'a [T],
    x: Vec<u32>,
    y: Vec<u32>,
    v: Vec<T>,
}

impl<T: Cost> State<'_, T> {
    fn row(&self, i: usize) -> &[T] {
        &self.cost[i * self.cols..(i + 1) * self.cols]
    }

    /// Square start: column reduction and reduction transfer; returns the free rows.
    fn column_reduction(&mut self, n: usize) -> Vec<u32> {
        // Each column's minimum and the first row reaching it, row by row (cache friendly).
        let mut argmin = vec![0u32; n];
        self.v.copy_from_slice(&self.cost[..n]);
        for i in 1..n {
            let row = &self.cost[i * n..(i + 1) * n];
            for (j, &c) in row.iter().enumerate() {
                if c < self.v[j] {
                    self.v[j] = c;
                    argmin[j] = i as u32;
                }
            }
        }
        // From the last column back, a column goes to its minimum's row if that row has none.
        let mut unique = vec![true; n];
        for j in (0..n).rev() {
            let i = argmin[j] as usize;
            if self.x[i] == NONE {
                self.x[i] = j as u32;
                self.y[j] = i as u32;
            } else {
                unique[i] = false;
            }
        }
        // Reduction transfer: a row with a single column-minimum hands its slack to it.
        let mut free = Vec::new();
        for (i, &unique) in unique.iter().enumerate() {
            let j = self.x[i];
            if j == NONE {
                free.push(i as u32);
            } else if unique {
                let j = j as usize;
                let row = self.row(i);
                let mut min = T::MAX;
                for (k, (&c, &vk)) in row.iter().zip(&self.v).enumerate() {
                    if k != j && c - vk < min {
                        min = c - vk;
                    }
                }
                self.v[j] -= min;
            }
        }
        free
    }

    /// Rectangular start: potentials 0, each row takes its cheapest column if free.
    fn row_minima(&mut self, rows: usize) -> Vec<u32> {
        let mut free = Vec::new();
        for i in 0..rows {
            let row = self.row(i);
            let mut best = 0;
            for (j, &c) in row.iter().enumerate().skip(1) {
                if c < row[best] {
                    best = j;
                }
            }
            if self.y[best] == NONE {
                self.y[best] = i as u32;
                self.x[i] = best as u32;
            } else {
                free.push(i as u32);
            }
        }
        free
    }

    /// One pass of augmenting row reduction over `free`; returns the rows left free.
    /// Needs at least two columns.
    fn row_reduction(&mut self, mut free: Vec<u32>) -> Vec<u32> {
        let n_free = free.len();
        let (mut current, mut new_free, mut rounds) = (0usize, 0usize, 0usize);
        while current < n_free {
            rounds += 1;
            let fi = free[current] as usize;
            current += 1;
            // The least and second least reduced costs of row fi.
            let row = &self.cost[fi * self.cols..(fi + 1) * self.cols];
            let (mut j1, mut u1) = (0usize, row[0] - self.v[0]);
            let (mut j2, mut u2) = (NONE as usize, T::MAX);
            for (j, (&c, &vj)) in row.iter().zip(&self.v).enumerate().skip(1) {
                let h = c - vj;
                if h < u2 {
                    if h >= u1 {
                        u2 = h;
                        j2 = j;
                    } else {
                        (u2, j2, u1, j1) = (u1, j1, h, j);
                    }
                }
            }
            let mut i0 = self.y[j1];
            let lowers = u2 > u1;
            if rounds < current * ROW_REDUCTION_BUDGET {
                if lowers {
                    // Row fi now finds j1 and j2 equally cheap; the row it displaces is
                    // tried again at once.
                    self.v[j1] -= u2 - u1;
                } else if i0 != NONE {
                    j1 = j2;
                    i0 = self.y[j2];
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
            } else if i0 != NONE {
                free[new_free] = i0;
                new_free += 1;
            }
            if i0 != NONE {
                self.x[i0 as usize] = NONE;
            }
            self.x[fi] = j1 as u32;
            self.y[j1] = fi as u32;
        }
        free.truncate(new_free);
        free
    }
}

/// The arrays of the shortest path searches, allocated once.
struct Search<T> {
    /// Columns: `[0, done)` settled, the rest still to do.
    order: Vec<u32>,
    d: Vec<T>,
    pred: Vec<u32>,
}

impl<T: Cost> Search<T> {
    /// Dijkstra from the free row `s` to the nearest free column; updates the settled
    /// columns' potentials and returns the free column reached (`pred` leads back to `s`).
    /// One pass over the columns still to do per settled column: it relaxes them through the
    /// settled column's row and finds the next nearest at once (a free one among equals).
    fn find_path(&mut self, st: &mut State<'_, T>, s: usize) -> usize {
        let n = st.cols;
        let row = st.row(s);
        let (mut best, mut at) = (T::MAX, 0usize);
        for (j, (&c, &vj)) in row.iter().zip(&st.v).enumerate() {
            self.order[j] = j as u32;
            self.pred[j] = s as u32;
            let dj = c - vj;
            self.d[j] = dj;
            if dj < best || (dj == best && st.y[j] == NONE) {
                (best, at) = (dj, j);
            }
        }
        let mut done = 0usize;
        let sink = loop {
            let j = self.order[at] as usize;
            if st.y[j] == NONE {
                break j;
            }
            // Settle j (always assigned: the search stops at the first free column, and a
            // free column exists while a row is free) and relax through its row.
            self.order.swap(at, done);
            done += 1;
            let i = st.y[j] as usize;
            let row = st.row(i);
            let h = row[j] - st.v[j] - self.d[j];
            best = T::MAX;
            for k in done..n {
                let j2 = self.order[k] as usize;
                let cred = row[j2] - st.v[j2] - h;
                let mut dk = self.d[j2];
                if cred < dk {
                    self.d[j2] = cred;
                    self.pred[j2] = i as u32;
                    dk = cred;
                }
                if dk < best || (dk == best && st.y[j2] == NONE) {
                    (best, at) = (dk, k);
                }
            }
        };
        // The settled columns move by how much nearer than the free column they are.
        let mind = self.d[sink];
        for &j in &self.order[..done] {
            let j = j as usize;
            st.v[j] += self.d[j] - mind;
        }
        sink
    }
}

/// The cheapest assignment of a checked `rows × cols` matrix, `rows <= cols`.
pub(super) fn solve<T: Cost>(rows: usize, cols: usize, cost: &[T]) -> Assignment<T> {
    let mut st = State {
        cols,
        cost,
        x: vec![NONE; rows],
        y: vec![NONE; cols],
        v: vec![T::default(); cols],
    };
    if rows > 0 {
        if cols == 1 {
            // One row, one column.
            st.x[0] = 0;
            st.y[0] = 0;
            st.v[0] = cost[0];
        } else {
            let mut free = if rows == cols {
                st.column_reduction(cols)
            } else {
                st.row_minima(rows)
            };
            for _ in 0..2 {
                if free.is_empty() {
                    break;
                }
                free = st.row_reduction(free);
            }
            st.augment(&free);
        }
    }
    st.finish(rows)
}

/// The cheapest assignment of a checked square `n × n` matrix of `i128` costs, started from
/// the `i64` engine's answer on the costs rounded to multiples of 2^s (the least s that
/// brings them within ±2⁵⁸): its assignment and its column potentials times 2^s are the guess
/// of [`solve_started`].
pub(super) fn solve_wide_square(n: usize, cost: &[i128]) -> Assignment<i128> {
    let largest = cost.iter().map(|c| c.unsigned_abs()).max().unwrap_or(0);
    let s = (128 - largest.leading_zeros()).saturating_sub(58);
    let half = if s == 0 { 0 } else { 1i128 << (s - 1) };
    // |c| < 2^(58 + s), so |(c + half) >> s| <= 2^58.
    let narrow: Vec<i64> = cost.iter().map(|&c| ((c + half) >> s) as i64).collect();
    let start = solve(n, n, &narrow);
    drop(narrow);
    let v = start.col.iter().map(|&v| i128::from(v) << s).collect();
    // Below 2**119 (the limit).
    solve_started(n, cost, largest as i128, start.col_of_row, v)
}

/// Rounds of [`State::settle`] allowed per row (the first round scans every row once).
const SETTLE_ROUNDS: usize = 4;

/// The cheapest assignment of a checked square `n × n` matrix of `i128` costs (n >= 2)
/// started from a guess: an assignment `x` (a permutation of the columns) and column
/// potentials `v` within [−2C, 0] (C = `largest` = max |cost|), typically an optimal answer for costs
/// rounded coarser. First [`State::settle`] keeps every row on its column and lowers
/// potentials until each row's column is its least reduced cost (invariant I); that succeeds
/// when the guessed assignment is optimal for the exact costs, as it nearly always is when the
/// rounding is fine (on random costs the cost gaps between assignments dwarf it). Otherwise
/// the guess's potentials are taken back, each row keeps its column where that is still its
/// least reduced cost, the other rows are freed and added by the shortest path searches
/// (about a third of the rows on random costs rounded to 2⁵⁸ steps, each search short).
/// (Measurements: the module docs.)
pub(super) fn solve_started(
    n: usize,
    cost: &[i128],
    largest: i128,
    x: Vec<u32>,
    v: Vec<i128>,
) -> Assignment<i128> {
    let mut y = vec![NONE; n];
    for (i, &j) in x.iter().enumerate() {
        y[j as usize] = i as u32;
    }
    let mut st = State {
        cols: n,
        cost,
        x,
        y,
        v,
    };
    let guess = st.v.clone();
    if st.settle(SETTLE_ROUNDS * n, -6 * largest) {
        return st.finish(n);
    }
    st.v = guess;
    let mut free = Vec::new();
    for i in 0..n {
        let j = st.x[i] as usize;
        let row = st.row(i);
        let own = row[j] - st.v[j];
        if row.iter().zip(&st.v).any(|(&c, &vk)| c - vk < own) {
            st.x[i] = NONE;
            st.y[j] = NONE;
            free.push(i as u32);
        }
    }
    st.augment(&free);
    st.finish(n)
}

impl State<'_, i128> {
    /// With every row assigned (square), lowers column potentials, never the assignment, until
    /// invariant I holds: `v[j] <= v[a] + c(i, j) − c(i, a)` for each row i on column a. These
    /// are shortest path constraints (an arc a → j of length c(i, j) − c(i, a)), settled by a
    /// queue of columns whose potential fell (Bellman–Ford, every column queued at first);
    /// they have a solution exactly when no cycle is negative, that is when the assignment is
    /// optimal. Returns false, with `v` changed, after `budget` row scans or when a potential
    /// would fall below `floor` (the potentials then stay within [floor − 2C, 2C]).
    fn settle(&mut self, budget: usize, floor: i128) -> bool {
        let n = self.cols;
        let mut queue: std::collections::VecDeque<u32> = (0..n as u32).collect();
        let mut queued = vec![true; n];
        let mut scans = 0usize;
        while let Some(a) = queue.pop_front() {
            let a = a as usize;
            queued[a] = false;
            scans += 1;
            if scans > budget {
                return false;
            }
            let i = self.y[a] as usize;
            let cost = self.cost;
            let row = &cost[i * n..(i + 1) * n];
            // v[j] > v[a] + c(i, j) − c(i, a)  ⇔  c(i, j) − v[j] < own.
            let own = row[a] - self.v[a];
            for (j, (&c, vj)) in row.iter().zip(self.v.iter_mut()).enumerate() {
                if c - *vj < own {
                    *vj = c - own;
                    if *vj < floor {
                        return false;
                    }
                    if !queued[j] {
                        queued[j] = true;
                        queue.push_back(j as u32);
                    }
                }
            }
        }
        true
    }
}

impl<T: Cost> State<'_, T> {
    /// Adds each row of `free` by a shortest augmenting path.
    fn augment(&mut self, free: &[u32]) {
        let cols = self.cols;
        let mut search = Search {
            order: vec![0; cols],
            d: vec![T::default(); cols],
            pred: vec![0; cols],
        };
        for &s in free {
            let s = s as usize;
            let mut j = search.find_path(self, s);
            loop {
                let i = search.pred[j] as usize;
                self.y[j] = i as u32;
                let next = self.x[i];
                self.x[i] = j as u32;
                if i == s {
                    break;
                }
                j = next as usize;
            }
        }
    }

    /// The answer: column potentials shifted so that the largest is 0 (a no-op when a column
    /// is free), each row's potential its assigned entry's cost minus its column's.
    fn finish(self, rows: usize) -> Assignment<T> {
        let top = self.v.iter().copied().max().unwrap_or_default();
        let col: Vec<T> = self.v.iter().map(|&v| v - top).collect();
        let row = (0..rows)
            .map(|i| {
                let j = self.x[i] as usize;
                self.cost[i * self.cols + j] - col[j]
            })
            .collect();
        Assignment {
            col_of_row: self.x,
            row,
            col,
        }
    }
}
