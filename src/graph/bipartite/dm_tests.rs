//! Tests of [`dmperm`]: the layout MATLAB's `dmperm` promises, and the oracles crate's
//! independent decomposition (Hopcroft–Karp, breadth-first searches over the transpose,
//! Kosaraju) on random patterns, from several maximum matchings; deep chains on a small stack.

use super::*;
use gridmatch_oracles::dm::{Decomposition, Part, decompose};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// A random m × n pattern of the given density, some entries repeated, in random order.
fn random_pattern(rng: &mut ChaCha8Rng, m: usize, n: usize, density: f64) -> Vec<(u32, u32)> {
    let mut entries = Vec::new();
    for i in 0..m as u32 {
        for j in 0..n as u32 {
            if rng.random_bool(density) {
                entries.push((i, j));
                if rng.random_bool(0.05) {
                    entries.push((i, j));
                }
            }
        }
    }
    for k in (1..entries.len()).rev() {
        entries.swap(k, rng.random_range(0..=k));
    }
    entries
}

/// The block (index into r) of position `k` of `bounds`.
fn block_of(bounds: &[usize], len: usize) -> Vec<usize> {
    let mut out = vec![usize::MAX; len];
    for b in 0..bounds.len() - 1 {
        for x in &mut out[bounds[b]..bounds[b + 1]] {
            *x = b;
        }
    }
    out
}

/// Checks everything MATLAB's `dmperm` promises of `d` for `g`, by definition.
fn check_layout(g: &BipartiteGraph, d: &Dmperm) {
    let (m, n) = (g.n_left(), g.n_right());
    let perm = |xs: &[u32], len: usize| {
        let mut seen = vec![false; len];
        xs.len() == len
            && xs
                .iter()
                .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
    };
    assert!(perm(&d.p, m) && perm(&d.q, n), "p, q are not permutations");
    let (cc, rr) = (d.cc, d.rr);
    assert!(cc[0] == 0 && cc[4] == n && rr[0] == 0 && rr[4] == m);
    assert!(cc.windows(2).all(|w| w[0] <= w[1]) && rr.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(rr[1], cc[2] - cc[1]);
    assert_eq!(rr[2] - rr[1], cc[3] - cc[2]);
    assert_eq!(rr[3] - rr[2], cc[4] - cc[3]);
    // The diagonals of A12, A23, A34 are edges (a matching of size rr[3]).
    let has = |i: u32, j: u32| g.neighbors(i).contains(&j);
    for t in 0..rr[3] {
        let col = if t < rr[1] {
            cc[1] + t
        } else {
            cc[2] + t - rr[1]
        };
        assert!(has(d.p[t], d.q[col]), "diagonal {t} is not an entry");
    }
    // r, s: leading block, square blocks, trailing block.
    assert_eq!(d.r.len(), d.s.len());
    assert_eq!((d.r[0], d.s[0]), (0, 0));
    assert_eq!((*d.r.last().unwrap(), *d.s.last().unwrap()), (m, n));
    let lead = cc[2] > 0;
    let trail = rr[2] < m;
    if lead {
        assert_eq!((d.r[1], d.s[1]), (rr[1], cc[2]));
    }
    if trail {
        let k = d.r.len() - 2;
        assert_eq!((d.r[k], d.s[k]), (rr[2], cc[3]));
    }
    for b in d.square_block_indices() {
        let (h, w) = (d.r[b + 1] - d.r[b], d.s[b + 1] - d.s[b]);
        assert!(h == w && h > 0, "square block {b} is {h} × {w}");
        assert_eq!(d.r[b] - rr[1], d.s[b] - cc[2]);
        assert!(d.r[b] >= rr[1] && d.r[b + 1] <= rr[2]);
    }
    assert_eq!(
        d.num_blocks(),
        d.square_blocks() + usize::from(lead) + usize::from(trail)
    );
    // Block upper triangular, with the coarse zeros.
    let row_block = block_of(&d.r, m);
    let col_block = block_of(&d.s, n);
    let mut row_pos = vec![0; m];
    let mut col_pos = vec![0; n];
    d.p.iter()
        .enumerate()
        .for_each(|(k, &i)| row_pos[i as usize] = k);
    d.q.iter()
        .enumerate()
        .for_each(|(k, &j)| col_pos[j as usize] = k);
    for i in 0..m as u32 {
        for &j in g.neighbors(i) {
            let (a, b) = (row_pos[i as usize], col_pos[j as usize]);
            assert!(
                row_block[a] <= col_block[b],
                "entry ({i}, {j}) below the blocks"
            );
            if a >= rr[1] {
                assert!(b >= cc[2], "entry ({i}, {j}) in a coarse zero block");
            }
            if a >= rr[2] {
                assert!(b >= cc[3], "entry ({i}, {j}) in a coarse zero block");
            }
        }
    }
}

/// Compares `d` with the oracle's decomposition: the same coarse sets and the same partition
/// of the square part into blocks.
fn check_against(d: &Dmperm, o: &Decomposition) {
    let rows_in = |range: Range<usize>| d.p[range].iter().map(|&i| i as usize).collect::<Vec<_>>();
    let cols_in = |range: Range<usize>| d.q[range].iter().map(|&j| j as usize).collect::<Vec<_>>();
    let (cc, rr) = (d.cc, d.rr);
    for (rows, part) in [
        (rows_in(0..rr[1]), Part::Under),
        (rows_in(rr[1]..rr[2]), Part::Square),
        (rows_in(rr[2]..rr[4]), Part::Over),
    ] {
        assert!(
            rows.iter().all(|&i| o.row_part[i] == part),
            "rows of {part:?}"
        );
    }
    for (cols, part) in [
        (cols_in(0..cc[2]), Part::Under),
        (cols_in(cc[2]..cc[3]), Part::Square),
        (cols_in(cc[3]..cc[4]), Part::Over),
    ] {
        assert!(
            cols.iter().all(|&j| o.col_part[j] == part),
            "columns of {part:?}"
        );
    }
    assert_eq!(d.structural_rank(), o.rank());
    assert_eq!(d.under(), o.shape(Part::Under));
    assert_eq!((d.square(), d.square()), o.shape(Part::Square));
    assert_eq!(d.over(), o.shape(Part::Over));
    assert_eq!(d.square_blocks(), o.block_sizes.len());
    // Each block of d is one block of the oracle's, of the same size.
    let mut used = vec![false; o.block_sizes.len()];
    for b in d.square_block_indices() {
        let rows = rows_in(d.r[b]..d.r[b + 1]);
        let ob = o.row_block[rows[0]];
        assert!(
            !std::mem::replace(&mut used[ob], true),
            "two blocks are one"
        );
        assert!(
            rows.iter().all(|&i| o.row_block[i] == ob),
            "a block is split"
        );
        assert_eq!(rows.len(), o.block_sizes[ob]);
        let cols = cols_in(d.s[b]..d.s[b + 1]);
        assert!(cols.iter().all(|&j| o.col_block[j] == ob));
    }
}

/// Maximum matchings of `g` from different engines.
fn matchings(g: &BipartiteGraph) -> Vec<Matching> {
    vec![
        maximum_matching(g),
        hopcroft_karp(g),
        push_relabel(&g.transpose()).swap_sides(),
    ]
}

#[test]
fn hand_solved() {
    // The example of MATLAB's documentation shape: everything empty.
    let d = Dmperm::new(&BipartiteGraph::from_edges(0, 0, &[] as &[(u32, u32)]));
    assert_eq!((d.r, d.s, d.cc, d.rr), (vec![0], vec![0], [0; 5], [0; 5]));
    // Only columns: one leading block with no rows; only rows: one trailing block.
    let d = Dmperm::new(&BipartiteGraph::from_edges(0, 3, &[] as &[(u32, u32)]));
    assert_eq!((d.r, d.s, d.cc), (vec![0, 0], vec![0, 3], [0, 3, 3, 3, 3]));
    let d = Dmperm::new(&BipartiteGraph::from_edges(2, 0, &[] as &[(u32, u32)]));
    assert_eq!((d.r, d.s, d.rr), (vec![0, 2], vec![0, 0], [0, 0, 0, 0, 2]));
    // An upper bidiagonal 3 × 3: three 1 × 1 blocks in order 0, 1, 2.
    let g = BipartiteGraph::from_edges(3, 3, [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]);
    let d = Dmperm::new(&g);
    assert_eq!((d.p, d.q), (vec![0, 1, 2], vec![0, 1, 2]));
    assert_eq!((d.r, d.s), (vec![0, 1, 2, 3], vec![0, 1, 2, 3]));
    // A lower bidiagonal one: the blocks in the reverse order.
    let g = BipartiteGraph::from_edges(3, 3, [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]);
    let d = Dmperm::new(&g);
    assert_eq!((d.p, d.q), (vec![2, 1, 0], vec![2, 1, 0]));
    // A 3-cycle with a diagonal: one irreducible block.
    let g = BipartiteGraph::from_edges(3, 3, [(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (2, 0)]);
    assert_eq!(Dmperm::new(&g).square_blocks(), 1);
    // All three parts: column 0 is wanted by row 0 only, with an unmatched column 1; rows 1,
    // 2 share column 2; row 3 and column 3 form the square part, with an entry into column 2.
    let g = BipartiteGraph::from_edges(4, 4, [(0, 0), (0, 1), (1, 2), (2, 2), (3, 3), (3, 2)]);
    let d = dmperm(&g, &maximum_matching(&g));
    check_layout(&g, &d);
    assert_eq!((d.under(), d.square(), d.over()), ((1, 2), 1, (2, 1)));
    assert_eq!(d.cc, [0, 1, 2, 3, 4]);
    assert_eq!(d.rr, [0, 1, 2, 3, 4]);
    assert_eq!((d.p[1], d.q[2]), (3, 3));
    assert_eq!((&d.r, &d.s), (&vec![0, 1, 2, 4], &vec![0, 2, 3, 4]));
    assert_eq!(d.square_block_indices(), 1..2);
}

#[test]
fn against_the_oracle_on_random_patterns() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for case in 0..4000 {
        let max = if case < 3000 { 8 } else { 40 };
        let (m, n) = (rng.random_range(0..=max), rng.random_range(0..=max));
        let density = [0.0, 0.03, 0.08, 0.15, 0.3, 0.6, 1.0][rng.random_range(0..7)];
        let entries = random_pattern(&mut rng, m, n, density);
        let g = BipartiteGraph::from_edges(m, n, &entries);
        let plain: Vec<(usize, usize)> = entries
            .iter()
            .map(|&(i, j)| (i as usize, j as usize))
            .collect();
        let o = decompose(m, n, &plain);
        let mut first: Option<Dmperm> = None;
        for mm in matchings(&g) {
            let d = dmperm(&g, &mm);
            check_layout(&g, &d);
            check_against(&d, &o);
            // The coarse boundaries, being the graph's, do not depend on the matching.
            if let Some(f) = &first {
                assert_eq!((f.cc, f.rr, f.r.len()), (d.cc, d.rr, d.r.len()));
            }
            first = Some(d);
        }
    }
}

#[test]
fn transposed_pattern_swaps_the_parts() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..500 {
        let (m, n) = (rng.random_range(0..20), rng.random_range(0..20));
        let g = BipartiteGraph::from_edges(m, n, random_pattern(&mut rng, m, n, 0.12));
        let (d, t) = (Dmperm::new(&g), Dmperm::new(&g.transpose()));
        let flip = |(a, b): (usize, usize)| (b, a);
        assert_eq!(d.under(), flip(t.over()));
        assert_eq!(d.over(), flip(t.under()));
        assert_eq!(
            (d.square(), d.square_blocks()),
            (t.square(), t.square_blocks())
        );
    }
}

#[test]
#[should_panic(expected = "augmenting path")]
fn rejects_a_matching_that_is_not_maximum() {
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (1, 1)]);
    dmperm(&g, &Matching::empty(&g));
}

#[test]
#[should_panic(expected = "dmperm: the matching has other vertex counts")]
fn rejects_a_matching_of_another_graph() {
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (1, 1)]);
    let h = BipartiteGraph::from_edges(3, 2, [(0, 0), (1, 1)]);
    dmperm(&g, &maximum_matching(&h));
}

/// Chains of 2·10⁵ one-by-one blocks (a bidiagonal matrix, in both orientations) and one
/// 2·10⁵ block (a cycle), on a 256 KiB stack: nothing recurses.
#[test]
fn long_chains_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let n = 200_000u32;
            let upper = (0..n).flat_map(|i| [(i, i), (i, (i + 1).min(n - 1))]);
            let g = BipartiteGraph::from_edges(n as usize, n as usize, upper.collect::<Vec<_>>());
            let d = Dmperm::new(&g);
            assert_eq!(d.square_blocks(), n as usize);
            assert!(d.p.iter().zip(0..).all(|(&i, k)| i == k));
            let lower = (0..n).flat_map(|i| [(i, i), ((i + 1).min(n - 1), i)]);
            let g = BipartiteGraph::from_edges(n as usize, n as usize, lower.collect::<Vec<_>>());
            let d = Dmperm::new(&g);
            assert_eq!(d.square_blocks(), n as usize);
            assert!(d.p.iter().zip(0..).all(|(&i, k)| i == n - 1 - k));
            let cycle = (0..n).flat_map(|i| [(i, i), (i, (i + 1) % n)]);
            let g = BipartiteGraph::from_edges(n as usize, n as usize, cycle.collect::<Vec<_>>());
            assert_eq!(Dmperm::new(&g).square_blocks(), 1);
            // A path with one more column: all under-determined, reached 2·10⁵ steps deep.
            let path = (0..n).flat_map(|i| [(i, i), (i, i + 1)]);
            let g =
                BipartiteGraph::from_edges(n as usize, n as usize + 1, path.collect::<Vec<_>>());
            assert_eq!(Dmperm::new(&g).under(), (n as usize, n as usize + 1));
        })
        .unwrap()
        .join()
        .unwrap();
}
