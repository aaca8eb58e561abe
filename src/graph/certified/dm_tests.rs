//! [`verify_dm`] on the decompositions of random matrices and bipartite graphs: it accepts them
//! and their equivalent reorderings, and rejects every mutant that claims other parts or blocks.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dm::{DmCertificate, DmError, dulmage_mendelsohn, verify_dm};
use crate::graph::certified::{PartsBuf, Shape};

/// A random matrix (rows × cols) or a random bipartite graph (random sides, a few self-loops).
fn random_input(rng: &mut ChaCha8Rng) -> PartsBuf {
    let per = [0.05, 0.1, 0.2, 0.35, 0.6][rng.random_range(0..5)];
    if rng.random_bool(0.6) {
        let (rows, cols) = (rng.random_range(0..=12usize), rng.random_range(0..=12usize));
        let mut edges = Vec::new();
        for i in 0..rows as u32 {
            for j in 0..cols as u32 {
                if rng.random_bool(per) {
                    edges.push((i, j));
                }
            }
        }
        PartsBuf {
            base: 1,
            shape: Shape::Bipartite { rows, cols },
            edges,
            ids: Vec::new(),
        }
    } else {
        let n = rng.random_range(0..=16usize);
        let side: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let mut edges = Vec::new();
        for u in 0..n as u32 {
            for v in u + 1..n as u32 {
                if side[u as usize] != side[v as usize] && rng.random_bool(per) {
                    edges.push(if rng.random_bool(0.5) { (u, v) } else { (v, u) });
                }
            }
            if rng.random_bool(0.05) {
                edges.push((u, u));
            }
        }
        PartsBuf {
            base: 1,
            shape: Shape::General { vertices: n },
            edges,
            ids: Vec::new(),
        }
    }
}

/// The fine block of each position of `bounds`.
fn blocks(bounds: &[usize], len: usize) -> Vec<usize> {
    let mut out = vec![0; len];
    for b in 0..bounds.len() - 1 {
        out[bounds[b]..bounds[b + 1]].fill(b);
    }
    out
}

#[test]
fn accepts_decompositions_and_rejects_mutants() {
    let mut rng = ChaCha8Rng::seed_from_u64(1990);
    let mut rejected = 0;
    for _ in 0..3000 {
        let input = random_input(&mut rng);
        let cert = dulmage_mendelsohn(&input).expect("bipartite");
        assert_eq!(verify_dm(&input, &cert), Ok(()), "{input:?}\n{cert:?}");
        let d = &cert.dm;
        let (m, n) = (d.n_rows(), d.n_cols());

        // Equivalent reorderings verify too: the unmatched columns among themselves, the
        // unmatched rows among themselves, and a square block's rows and columns together.
        let mut same = cert.clone();
        same.dm.q[..d.cc[1]].reverse();
        same.dm.p[d.rr[3]..].reverse();
        if let Some(b) = d.square_block_indices().next() {
            same.dm.p[d.r[b]..d.r[b + 1]].reverse();
            same.dm.q[d.s[b]..d.s[b + 1]].reverse();
        }
        assert_eq!(verify_dm(&input, &same), Ok(()));

        let mut mutants: Vec<DmCertificate> = Vec::new();
        // A row or a column moved to another block.
        let (row_block, col_block) = (blocks(&d.r, m), blocks(&d.s, n));
        if m >= 2 {
            let (a, b) = (rng.random_range(0..m), rng.random_range(0..m));
            if row_block[a] != row_block[b] {
                let mut t = cert.clone();
                t.dm.p.swap(a, b);
                mutants.push(t);
            }
        }
        if n >= 2 {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            if col_block[a] != col_block[b] {
                let mut t = cert.clone();
                t.dm.q.swap(a, b);
                mutants.push(t);
            }
        }
        // A boundary moved by one.
        for k in 1..4 {
            for delta in [1usize, usize::MAX] {
                let mut t = cert.clone();
                t.dm.cc[k] = t.dm.cc[k].wrapping_add(delta);
                mutants.push(t);
                let mut t = cert.clone();
                t.dm.rr[k] = t.dm.rr[k].wrapping_add(delta);
                mutants.push(t);
            }
        }
        if d.r.len() > 2 {
            let k = rng.random_range(1..d.r.len() - 1);
            let mut t = cert.clone();
            t.dm.r[k] = t.dm.r[k].wrapping_add(1);
            mutants.push(t);
            let mut t = cert.clone();
            t.dm.s[k] = t.dm.s[k].wrapping_sub(1);
            mutants.push(t);
            // Two blocks merged.
            let mut t = cert.clone();
            t.dm.r.remove(k);
            t.dm.s.remove(k);
            mutants.push(t);
        }
        // A square block split in two.
        if let Some(b) = d.square_block_indices().find(|&b| d.r[b + 1] - d.r[b] >= 2) {
            let mut t = cert.clone();
            t.dm.r.insert(b + 1, d.r[b] + 1);
            t.dm.s.insert(b + 1, d.s[b] + 1);
            mutants.push(t);
        }
        // A matrix's rows and columns swapped (for a graph, the other side may be the rows:
        // its decomposition is then another one, also valid).
        if matches!(input.shape, Shape::Bipartite { .. }) && m + n > 0 {
            let mut t = cert.clone();
            std::mem::swap(&mut t.rows, &mut t.cols);
            std::mem::swap(&mut t.dm.p, &mut t.dm.q);
            mutants.push(t);
        }
        // A graph's row vertex moved to the columns.
        if matches!(input.shape, Shape::General { .. }) && m > 0 {
            let mut t = cert.clone();
            let x = t.rows.pop().expect("a row");
            t.cols.push(x);
            mutants.push(t);
        }
        for t in mutants {
            assert!(
                verify_dm(&input, &t).is_err(),
                "accepted a mutant\n{input:?}\n{cert:?}\n{t:?}"
            );
            rejected += 1;
        }
    }
    assert!(rejected > 20_000, "only {rejected} mutants");
}

#[test]
fn reasons_name_the_files_rows_and_columns() {
    // Rows 1 and 2 of a 2 × 2 upper triangular matrix: two blocks, row 1 first.
    let input = PartsBuf {
        base: 1,
        shape: Shape::Bipartite { rows: 2, cols: 2 },
        edges: vec![(0, 0), (0, 1), (1, 1)],
        ids: Vec::new(),
    };
    let cert = dulmage_mendelsohn(&input).unwrap();
    assert_eq!(
        (cert.dm.p.clone(), cert.dm.q.clone()),
        (vec![0, 1], vec![0, 1])
    );
    // The blocks in the wrong order.
    let mut t = cert.clone();
    t.dm.p = vec![1, 0];
    t.dm.q = vec![1, 0];
    assert_eq!(
        verify_dm(&input, &t),
        Err(DmError::BelowBlocks(
            "the edge row 1 column 2 is below the block diagonal of A(p,q) (row 1 is in block \
             1, column 0 in block 0)"
                .into()
        ))
    );
    // One block claimed: reducible.
    let mut t = cert.clone();
    t.dm.r = vec![0, 2];
    t.dm.s = vec![0, 2];
    assert!(matches!(verify_dm(&input, &t), Err(DmError::Reducible(_))));
    // A 1 × 2 matrix [x 0]: column 2 is unmatched and reaches nothing, so row 1 and column 1
    // are square; claiming them under-determined leaves row 1 unreached.
    let input = PartsBuf {
        base: 1,
        shape: Shape::Bipartite { rows: 1, cols: 2 },
        edges: vec![(0, 0)],
        ids: Vec::new(),
    };
    let cert = dulmage_mendelsohn(&input).unwrap();
    assert_eq!((cert.dm.cc, cert.dm.rr), ([0, 1, 1, 2, 2], [0, 0, 1, 1, 1]));
    assert_eq!(cert.dm.q, [1, 0]);
    assert_eq!(
        (cert.dm.r.clone(), cert.dm.s.clone()),
        (vec![0, 0, 1], vec![0, 1, 2])
    );
    let mut t = cert.clone();
    t.dm.cc = [0, 1, 2, 2, 2];
    t.dm.rr = [0, 1, 1, 1, 1];
    t.dm.r = vec![0, 1];
    t.dm.s = vec![0, 2];
    assert_eq!(
        verify_dm(&input, &t),
        Err(DmError::Unreached(
            "row 1 is in the under-determined part but no alternating path from an unmatched \
             column reaches it"
                .into()
        ))
    );
}
