//! `dmperm` against the oracles crate's independent Dulmage–Mendelsohn decomposition
//! (Hopcroft–Karp, breadth-first searches over the transpose, Kosaraju) on random patterns up
//! to 10⁶ × 10⁶ — the same coarse parts, the same blocks — and its output through the
//! independent verifier `certified::dm::verify_dm`. Sized for `cargo test --release` (a few
//! seconds); without optimisations the patterns are 100 times smaller.

use std::time::Instant;

use gridmatch::graph::bipartite::{BipartiteGraph, Dmperm};
use gridmatch::graph::certified::dm::{DmCertificate, verify_dm};
use gridmatch::read::{Format, GraphInput, Shape};
use gridmatch_oracles::dm::{Decomposition, Part, decompose};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 10⁶ with optimisations, 10⁴ without.
const SCALE: usize = if cfg!(debug_assertions) {
    10_000
} else {
    1_000_000
};

/// An m × n pattern: `per_row` random entries per row on average, plus, if `band`, the
/// diagonal and the superdiagonal with a few entries just below (many square blocks, some
/// long ones).
fn pattern(seed: u64, m: usize, n: usize, per_row: f64, band: bool) -> Vec<(u32, u32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let count = (per_row * m as f64) as usize;
    let mut entries: Vec<(u32, u32)> = (0..count)
        .map(|_| (rng.random_range(0..m as u32), rng.random_range(0..n as u32)))
        .collect();
    if band {
        let k = m.min(n) as u32;
        entries.extend((0..k).map(|i| (i, i)));
        entries.extend((1..k).map(|i| (i - 1, i)));
        entries.extend((1..k).filter(|i| i % 97 == 0).map(|i| (i, i - 1 - i % 5)));
    }
    entries
}

/// Compares `d` with `o` (coarse sets and block partition) and checks block upper
/// triangularity of A(p, q) directly.
fn compare(g: &BipartiteGraph, d: &Dmperm, o: &Decomposition) {
    let (m, n) = (g.n_left(), g.n_right());
    assert_eq!(d.structural_rank(), o.rank());
    assert_eq!(d.under(), o.shape(Part::Under));
    assert_eq!((d.square(), d.square()), o.shape(Part::Square));
    assert_eq!(d.over(), o.shape(Part::Over));
    assert_eq!(d.square_blocks(), o.block_sizes.len());
    let (cc, rr) = (d.cc, d.rr);
    for (k, &i) in d.p.iter().enumerate() {
        let want = if k < rr[1] {
            Part::Under
        } else if k < rr[2] {
            Part::Square
        } else {
            Part::Over
        };
        assert_eq!(o.row_part[i as usize], want, "row {i}");
    }
    for (k, &j) in d.q.iter().enumerate() {
        let want = if k < cc[2] {
            Part::Under
        } else if k < cc[3] {
            Part::Square
        } else {
            Part::Over
        };
        assert_eq!(o.col_part[j as usize], want, "column {j}");
    }
    // Each square block is one oracle block of the same size (so the partitions agree).
    let mut used = vec![false; o.block_sizes.len()];
    for b in d.square_block_indices() {
        let rows = &d.p[d.r[b]..d.r[b + 1]];
        let ob = o.row_block[rows[0] as usize];
        assert!(!std::mem::replace(&mut used[ob], true));
        assert_eq!(rows.len(), o.block_sizes[ob]);
        assert!(rows.iter().all(|&i| o.row_block[i as usize] == ob));
    }
    let mut sizes: Vec<usize> = d
        .square_block_indices()
        .map(|b| d.r[b + 1] - d.r[b])
        .collect();
    let mut want = o.block_sizes.clone();
    sizes.sort_unstable();
    want.sort_unstable();
    assert_eq!(sizes, want);
    // Block upper triangular.
    let mut row_block = vec![0usize; m];
    let mut col_block = vec![0usize; n];
    for b in 0..d.num_blocks() {
        for &i in &d.p[d.r[b]..d.r[b + 1]] {
            row_block[i as usize] = b;
        }
        for &j in &d.q[d.s[b]..d.s[b + 1]] {
            col_block[j as usize] = b;
        }
    }
    for i in 0..m as u32 {
        for &j in g.neighbors(i) {
            assert!(row_block[i as usize] <= col_block[j as usize]);
        }
    }
}

#[test]
fn dmperm_agrees_with_the_oracle_up_to_a_million() {
    let big = SCALE;
    let cases = [
        // (rows, columns, entries per row, band)
        (big, big, 2.0, false),
        (big, big, 0.00002, true),
        (big / 5, big / 5 - big / 50, 1.5, true),
        (big / 5 - big / 25, big / 5, 3.0, false),
        (big / 10, big / 10, 0.2, true),
    ];
    for (seed, &(m, n, per_row, band)) in cases.iter().enumerate() {
        let entries = pattern(seed as u64, m, n, per_row, band);
        let g = BipartiteGraph::from_edges(m, n, &entries);
        let t = Instant::now();
        let d = Dmperm::new(&g);
        let ours = t.elapsed();
        let plain: Vec<(usize, usize)> = entries
            .iter()
            .map(|&(i, j)| (i as usize, j as usize))
            .collect();
        let t = Instant::now();
        let o = decompose(m, n, &plain);
        let oracle = t.elapsed();
        compare(&g, &d, &o);
        let input = GraphInput {
            format: Format::MatrixMarket,
            shape: Shape::Bipartite { rows: m, cols: n },
            edges: entries,
            ids: Vec::new(),
        };
        let cert = DmCertificate {
            rows: (0..m as u32).collect(),
            cols: (m as u32..(m + n) as u32).collect(),
            dm: d,
        };
        let t = Instant::now();
        verify_dm(&input, &cert).expect("dmperm's output verifies");
        let check = t.elapsed();
        eprintln!(
            "{m} x {n}, {} entries: dmperm {ours:.2?}, oracle {oracle:.2?}, verify {check:.2?}; \
             under {:?}, square {}, over {:?}, {} square blocks",
            g.num_edges(),
            cert.dm.under(),
            cert.dm.square(),
            cert.dm.over(),
            cert.dm.square_blocks()
        );
    }
}
