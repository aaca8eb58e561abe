//! The Dulmage–Mendelsohn decomposition of an m × n pattern (rows, columns, `(row, column)`
//! entries), computed the plain way, for comparison with gridmatch's `dmperm`.
//!
//! - [`hopcroft_karp`]: a maximum matching by Hopcroft–Karp phases in their textbook form
//!   (breadth-first layers from the free rows, depth-first searches along the layers).
//! - [`decompose`]: the coarse parts by two breadth-first searches — from the unmatched
//!   columns over the transposed pattern (a column's rows, a row's matched column) and from the
//!   unmatched rows (a row's columns, a column's matched row) — and the square part's blocks by
//!   Kosaraju's algorithm on its matched digraph (row i → row mate(j) for each entry (i, j)),
//!   numbered in Kosaraju's discovery order, which is a topological order (blocks only reach
//!   later blocks).
//!
//! Unlike the other modules this is not an exhaustive search (the decomposition of a 10⁶ × 10⁶
//! pattern has to be checked too): it is polynomial, shares nothing with gridmatch's code
//! (another matching algorithm, another component algorithm, the transposed pattern), and is
//! itself checked against exhaustive definitions on every small pattern of its tests.
//!
//! **Status:** the coarse parts against their characterisations by *all* maximum matchings
//! (the columns some maximum matching leaves unmatched are the under-determined ones, the
//! rows some leaves unmatched the over-determined ones, the rows meeting the former and the
//! columns meeting the latter complete them; [`crate::matching::maximum_bipartite_matchings`])
//! and the blocks against mutual reachability by transitive closure, on thousands of random
//! patterns up to 7 × 7; the matching's size against [`crate::matching::kuhn`].

/// Where a row or column is in the coarse decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Under-determined: reached by an alternating path from an unmatched column.
    Under,
    /// The square part.
    Square,
    /// Over-determined: reached by an alternating path from an unmatched row.
    Over,
}

/// The decomposition of a pattern, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    /// The maximum matching used: each row's column.
    pub matching: Vec<Option<usize>>,
    /// Each row's part.
    pub row_part: Vec<Part>,
    /// Each column's part.
    pub col_part: Vec<Part>,
    /// For a row of the square part, its block (0.. in a topological order: an entry (i, j) of
    /// the square part has `row_block[i] <= col_block[j]`); `usize::MAX` elsewhere.
    pub row_block: Vec<usize>,
    /// For a column of the square part, its block; `usize::MAX` elsewhere.
    pub col_block: Vec<usize>,
    /// The size of each block, in block order.
    pub block_sizes: Vec<usize>,
}

impl Decomposition {
    /// (rows, columns) of a part.
    pub fn shape(&self, part: Part) -> (usize, usize) {
        (
            self.row_part.iter().filter(|&&p| p == part).count(),
            self.col_part.iter().filter(|&&p| p == part).count(),
        )
    }

    /// The size of the maximum matching (the structural rank).
    pub fn rank(&self) -> usize {
        self.matching.iter().filter(|c| c.is_some()).count()
    }
}

const NIL: usize = usize::MAX;

/// Compressed adjacency: `targets[offsets[v]..offsets[v + 1]]`.
struct Csr {
    offsets: Vec<usize>,
    targets: Vec<usize>,
}

impl Csr {
    fn new(n: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Csr {
        let mut offsets = vec![0usize; n + 1];
        for (a, _) in pairs.clone() {
            offsets[a + 1] += 1;
        }
        for k in 0..n {
            offsets[k + 1] += offsets[k];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0usize; offsets[n]];
        for (a, b) in pairs {
            targets[fill[a]] = b;
            fill[a] += 1;
        }
        Csr { offsets, targets }
    }

    fn of(&self, v: usize) -> &[usize] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }
}

fn check(rows: usize, cols: usize, entries: &[(usize, usize)]) {
    for &(i, j) in entries {
        assert!(
            i < rows && j < cols,
            "dm oracle: entry ({i}, {j}) in a {rows} × {cols} pattern"
        );
    }
}

/// A maximum matching of the pattern (each row's column) by Hopcroft–Karp phases.
///
/// Panics if an entry is out of range.
pub fn hopcroft_karp(rows: usize, cols: usize, entries: &[(usize, usize)]) -> Vec<Option<usize>> {
    check(rows, cols, entries);
    let adj = Csr::new(rows, entries.iter().copied());
    let mut row_mate = vec![NIL; rows];
    let mut col_mate = vec![NIL; cols];
    let mut dist = vec![NIL; rows];
    let mut next = vec![0usize; rows];
    let mut queue = Vec::with_capacity(rows);
    let mut path: Vec<usize> = Vec::new();
    loop {
        // Layers from the free rows.
        queue.clear();
        for i in 0..rows {
            dist[i] = if row_mate[i] == NIL { 0 } else { NIL };
            if row_mate[i] == NIL {
                queue.push(i);
            }
        }
        let mut found = false;
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            for &j in adj.of(i) {
                let i2 = col_mate[j];
                if i2 == NIL {
                    found = true;
                } else if dist[i2] == NIL {
                    dist[i2] = dist[i] + 1;
                    queue.push(i2);
                }
            }
        }
        if !found {
            break;
        }
        // Depth-first searches along the layers; a row that leads nowhere is closed.
        next.iter_mut()
            .enumerate()
            .for_each(|(i, n)| *n = adj.offsets[i]);
        for root in 0..rows {
            if row_mate[root] != NIL || dist[root] != 0 {
                continue;
            }
            path.clear();
            path.push(root);
            while let Some(&i) = path.last() {
                if next[i] == adj.offsets[i + 1] {
                    dist[i] = NIL;
                    path.pop();
                    continue;
                }
                let j = adj.targets[next[i]];
                next[i] += 1;
                let i2 = col_mate[j];
                if i2 == NIL {
                    // Augment: each row on the path takes the column it last looked at.
                    for &r in &path {
                        let c = adj.targets[next[r] - 1];
                        row_mate[r] = c;
                        col_mate[c] = r;
                    }
                    break;
                }
                if dist[i2] != NIL && dist[i2] == dist[i] + 1 {
                    path.push(i2);
                }
            }
        }
    }
    row_mate
        .into_iter()
        .map(|c| (c != NIL).then_some(c))
        .collect()
}

/// The decomposition of the pattern (module docs), from [`hopcroft_karp`]'s matching.
///
/// Panics if an entry is out of range.
pub fn decompose(rows: usize, cols: usize, entries: &[(usize, usize)]) -> Decomposition {
    let matching = hopcroft_karp(rows, cols, entries);
    let row_mate: Vec<usize> = matching.iter().map(|c| c.unwrap_or(NIL)).collect();
    let mut col_mate = vec![NIL; cols];
    for (i, &j) in row_mate.iter().enumerate() {
        if j != NIL {
            col_mate[j] = i;
        }
    }
    let by_row = Csr::new(rows, entries.iter().copied());
    let by_col = Csr::new(cols, entries.iter().map(|&(i, j)| (j, i)));

    let mut row_part = vec![Part::Square; rows];
    let mut col_part = vec![Part::Square; cols];
    // From the unmatched columns: column → its rows → their matched columns.
    let mut queue: Vec<usize> = (0..cols).filter(|&j| col_mate[j] == NIL).collect();
    for &j in &queue {
        col_part[j] = Part::Under;
    }
    let mut head = 0;
    while head < queue.len() {
        let j = queue[head];
        head += 1;
        for &i in by_col.of(j) {
            if row_part[i] == Part::Square {
                row_part[i] = Part::Under;
                let j2 = row_mate[i];
                assert!(j2 != NIL, "dm oracle: the matching is not maximum");
                if col_part[j2] == Part::Square {
                    col_part[j2] = Part::Under;
                    queue.push(j2);
                }
            }
        }
    }
    // From the unmatched rows: row → its columns → their matched rows.
    let mut queue: Vec<usize> = (0..rows).filter(|&i| row_mate[i] == NIL).collect();
    for &i in &queue {
        row_part[i] = Part::Over;
    }
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        for &j in by_row.of(i) {
            if col_part[j] == Part::Square {
                col_part[j] = Part::Over;
                let i2 = col_mate[j];
                assert!(i2 != NIL, "dm oracle: the matching is not maximum");
                if row_part[i2] == Part::Square {
                    row_part[i2] = Part::Over;
                    queue.push(i2);
                }
            }
        }
    }
    for (i, p) in row_part.iter().enumerate() {
        assert!(
            *p != Part::Under || row_mate[i] == NIL || col_part[row_mate[i]] == Part::Under,
            "dm oracle: a row reached from both sides (the matching is not maximum)"
        );
    }

    // Kosaraju on the square rows: first pass forward (row i → row col_mate[j] for each entry
    // (i, j) of the square part), finishing order; second pass backward in reverse finishing
    // order (row i′ ← the rows with an entry in column row_mate[i′]).
    let square = |i: usize| row_part[i] == Part::Square;
    let mut seen = vec![false; rows];
    let mut finished: Vec<usize> = Vec::new();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in (0..rows).filter(|&i| square(i)) {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (i, k) = *top;
            let out = by_row.of(i);
            if k == out.len() {
                finished.push(i);
                stack.pop();
                continue;
            }
            top.1 += 1;
            let w = col_mate[out[k]];
            if w != NIL && square(w) && !seen[w] {
                seen[w] = true;
                stack.push((w, 0));
            }
        }
    }
    let mut row_block = vec![NIL; rows];
    let mut block_sizes = Vec::new();
    let mut todo: Vec<usize> = Vec::new();
    for &root in finished.iter().rev() {
        if row_block[root] != NIL {
            continue;
        }
        let b = block_sizes.len();
        let mut size = 0;
        row_block[root] = b;
        todo.push(root);
        while let Some(i) = todo.pop() {
            size += 1;
            for &w in by_col.of(row_mate[i]) {
                if square(w) && row_block[w] == NIL {
                    row_block[w] = b;
                    todo.push(w);
                }
            }
        }
        block_sizes.push(size);
    }
    let mut col_block = vec![NIL; cols];
    for (i, &b) in row_block.iter().enumerate() {
        if b != NIL {
            col_block[row_mate[i]] = b;
        }
    }
    Decomposition {
        matching,
        row_part,
        col_part,
        row_block,
        col_block,
        block_sizes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::{kuhn, maximum_bipartite_matchings};

    /// xorshift64*: the crate has no dependencies.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    fn random(rng: &mut Rng, max: usize) -> (usize, usize, Vec<(usize, usize)>) {
        let (m, n) = (rng.below(max + 1), rng.below(max + 1));
        let density = rng.below(101);
        let mut entries = Vec::new();
        for i in 0..m {
            for j in 0..n {
                if rng.below(100) < density {
                    entries.push((i, j));
                    if rng.below(10) == 0 {
                        entries.push((i, j));
                    }
                }
            }
        }
        // Shuffle, so that entry order is not row order.
        for k in (1..entries.len()).rev() {
            entries.swap(k, rng.below(k + 1));
        }
        (m, n, entries)
    }

    #[test]
    fn hand_solved() {
        // Row 0: columns 0, 1; row 1: column 1; rows 2 and 3: column 2.
        let d = decompose(4, 3, &[(0, 0), (0, 1), (1, 1), (2, 2), (3, 2)]);
        assert_eq!(d.rank(), 3);
        assert_eq!(d.shape(Part::Under), (0, 0));
        assert_eq!(d.shape(Part::Square), (2, 2));
        assert_eq!(d.shape(Part::Over), (2, 1));
        assert_eq!(d.block_sizes, [1, 1]);
        // Entry (0, 1) goes from row 0's block to row 1's: row 0 first.
        assert!(d.row_block[0] < d.row_block[1]);
        // A 2 × 3 pattern: all under-determined; an empty one.
        let d = decompose(2, 3, &[(0, 0), (0, 1), (1, 1), (1, 2)]);
        assert_eq!(d.shape(Part::Under), (2, 3));
        let d = decompose(0, 0, &[]);
        assert_eq!(d.block_sizes, Vec::<usize>::new());
        // A full 3 × 3: one block.
        let full: Vec<_> = (0..9).map(|k| (k / 3, k % 3)).collect();
        assert_eq!(decompose(3, 3, &full).block_sizes, [3]);
    }

    #[test]
    fn against_all_maximum_matchings_and_closure() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let (m, n, entries) = random(&mut rng, 7);
            let d = decompose(m, n, &entries);
            assert_eq!(d.rank(), kuhn(m, n, &entries), "{m}×{n} {entries:?}");
            for (i, c) in d.matching.iter().enumerate() {
                if let Some(j) = c {
                    assert!(entries.contains(&(i, *j)));
                }
            }
            let all = maximum_bipartite_matchings(m, n, &entries);
            let row_exposed: Vec<bool> = (0..m)
                .map(|i| all.iter().any(|mm| mm[i].is_none()))
                .collect();
            let col_exposed: Vec<bool> = (0..n)
                .map(|j| all.iter().any(|mm| !mm.contains(&Some(j))))
                .collect();
            for (j, &under) in col_exposed.iter().enumerate() {
                let over = entries.iter().any(|&(i, c)| c == j && row_exposed[i]);
                let want = match (under, over) {
                    (true, _) => Part::Under,
                    (false, true) => Part::Over,
                    _ => Part::Square,
                };
                assert_eq!(d.col_part[j], want, "column {j} of {m}×{n} {entries:?}");
            }
            for (i, &over) in row_exposed.iter().enumerate() {
                let under = entries.iter().any(|&(r, c)| r == i && col_exposed[c]);
                let want = match (under, over) {
                    (true, _) => Part::Under,
                    (false, true) => Part::Over,
                    _ => Part::Square,
                };
                assert_eq!(d.row_part[i], want, "row {i} of {m}×{n} {entries:?}");
            }
            // Blocks: mutual reachability in the matched digraph of the square part, by
            // transitive closure; every entry goes forward.
            let mate = |i: usize| d.matching[i].expect("square rows are matched");
            let sq: Vec<usize> = (0..m).filter(|&i| d.row_part[i] == Part::Square).collect();
            let mut reach = vec![vec![false; m]; m];
            for &i in &sq {
                reach[i][i] = true;
            }
            for &(i, j) in &entries {
                if d.row_part[i] == Part::Square && d.col_part[j] == Part::Square {
                    let w = sq.iter().copied().find(|&w| mate(w) == j).expect("matched");
                    reach[i][w] = true;
                    assert!(d.row_block[i] <= d.col_block[j]);
                }
                if d.row_part[i] == Part::Square {
                    assert_ne!(d.col_part[j], Part::Under);
                }
                if d.row_part[i] == Part::Over {
                    assert_eq!(d.col_part[j], Part::Over);
                }
            }
            for &k in &sq {
                for &a in &sq {
                    for &b in &sq {
                        if reach[a][k] && reach[k][b] {
                            reach[a][b] = true;
                        }
                    }
                }
            }
            for &a in &sq {
                assert_eq!(d.col_block[mate(a)], d.row_block[a]);
                for &b in &sq {
                    let same = reach[a][b] && reach[b][a];
                    assert_eq!(d.row_block[a] == d.row_block[b], same);
                }
            }
            let total: usize = d.block_sizes.iter().sum();
            assert_eq!(total, sq.len());
        }
    }

    #[test]
    fn matching_size_against_kuhn_on_larger_patterns() {
        let mut rng = Rng(42);
        for _ in 0..300 {
            let (m, n, entries) = random(&mut rng, 60);
            let d = decompose(m, n, &entries);
            assert_eq!(d.rank(), kuhn(m, n, &entries));
        }
    }
}
