//! The reductions (`reduce.rs`) against brute force and against the
//! unreduced engine: matching size, Gallai–Edmonds classes and barrier, on
//! trees, paths, cycles, caterpillars, chains of odd cycles and random
//! graphs with many vertices of degree 1 and 2, shuffled and not.

use super::super::reduce::reduce;
use super::super::*;
use super::families::*;
use super::oracle::*;
use rand::RngExt;

/// A random tree on `n` vertices (each vertex joins an earlier one).
fn tree(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    (1..n as u32)
        .map(|v| (rng.random_range(0..v as u64) as u32, v))
        .collect()
}

/// A path of `spine` vertices with `leaves` leaves hung at random on it.
fn caterpillar(rng: &mut Rng, spine: usize, leaves: usize) -> (usize, Vec<(u32, u32)>) {
    let mut e = path(spine);
    for l in 0..leaves {
        let at = rng.random_range(0..spine.max(1) as u64) as u32;
        e.push((at, (spine + l) as u32));
    }
    (spine + leaves, e)
}

/// `k` cycles of length `len`, consecutive ones joined by an edge.
fn cycle_chain(k: usize, len: usize) -> (usize, Vec<(u32, u32)>) {
    let mut e = Vec::new();
    for c in 0..k {
        let b = (c * len) as u32;
        e.extend(cycle(len).iter().map(|&(u, v)| (u + b, v + b)));
        if c > 0 {
            e.push((b - len as u32 / 2, b));
        }
    }
    (k * len, e)
}

/// A sparse random graph: a random forest or tree, plus a few random edges
/// and a few pendant paths (many vertices of degree 1 and 2).
fn sparse(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let mut e = tree(rng, n);
    e.retain(|_| rng.random_ratio(9, 10));
    for _ in 0..rng.random_range(0..(n as u64 / 3 + 2)) {
        let u = rng.random_range(0..n as u64) as u32;
        let v = rng.random_range(0..n as u64) as u32;
        e.push((u, v));
    }
    e
}

/// A family member of about `n` vertices, chosen by `kind`.
fn family(rng: &mut Rng, kind: u32, n: usize) -> (usize, Vec<(u32, u32)>) {
    let n = n.max(1);
    match kind {
        0 => (n, tree(rng, n)),
        1 => (n, path(n)),
        2 => (n, cycle(n)),
        3 => caterpillar(rng, n.div_ceil(2), n / 2),
        4 => cycle_chain(n.div_ceil(5), 5),
        5 => cycle_chain(n.div_ceil(3), 3),
        6 => {
            let (a, ea) = (n / 2 + 1, cycle(n / 2 + 1));
            let (b, eb) = (n - n / 2, tree(rng, n - n / 2));
            union(&[(a, ea), (b, eb)])
        }
        _ => (n, sparse(rng, n)),
    }
}

const KINDS: u32 = 8;

#[test]
fn reduce_small_families_vs_brute_force() {
    let mut rng = seeded(0x5EED_0D01);
    let mut reduced = 0;
    for round in 0..2400 {
        let kind = round % KINDS;
        let n = 1 + rng.random_range(0..14) as usize;
        let (n, e) = family(&mut rng, kind, n);
        if n > 16 {
            continue;
        }
        let e = if rng.random_ratio(1, 2) {
            permuted(&mut rng, n, &e)
        } else {
            e
        };
        let g = Graph::from_edges(n, &e);
        reduced += usize::from(reduce(&g, n).is_some());
        check_small(&g, &mut rng);
        compare_with_unreduced(&g);
    }
    assert!(reduced >= 2000, "the reductions ran on {reduced} graphs");
}

#[test]
fn reduce_larger_families_vs_unreduced() {
    let mut rng = seeded(0x5EED_0D02);
    for round in 0..400 {
        let kind = round % KINDS;
        let n = 17 + rng.random_range(0..3000) as usize;
        let (n, e) = family(&mut rng, kind, n);
        let e = if rng.random_ratio(1, 2) {
            permuted(&mut rng, n, &e)
        } else {
            e
        };
        let g = Graph::from_edges(n, &e);
        let m = maximum_matching(&g);
        check_large(&g, &m, &mut rng, 5);
        compare_with_unreduced(&g);
    }
}

#[test]
fn reduce_sparse_random_graphs_vs_brute_force() {
    // G(n, p) with mean degree 1–3: many vertices of degree 1 and 2, and
    // blossoms.
    let mut rng = seeded(0x5EED_0D03);
    for _ in 0..1500 {
        let n = 2 + rng.random_range(0..13) as usize;
        let mean = 1 + rng.random_range(0..3) as u32;
        let den = 100 * (n as u32 - 1);
        let g = Graph::from_edges(n, random_edges(&mut rng, n, (mean * 100).min(den), den));
        check_small(&g, &mut rng);
        compare_with_unreduced(&g);
    }
}

/// The reduced and unreduced engines agree on size and classes (the
/// classes do not depend on the matching), and both certify.
fn compare_with_unreduced(g: &Graph) {
    let n = g.num_vertices();
    let (m, d) = maximum_matching_and_decomposition(g);
    let (mu, du) = maximum_matching_and_decomposition_unreduced(g);
    assert_valid(g, &m);
    assert_eq!(m.len(), mu.len(), "matching size, reduced vs unreduced");
    assert_eq!(d, du, "classes, reduced vs unreduced");
    assert_eq!(d.barrier(), du.barrier());
    assert_barrier(g, &m, &d);
    assert_structure(g, &m, &d);
    let plain = maximum_matching(g);
    assert_valid(g, &plain);
    assert_eq!(plain.len(), mu.len());
    let unreduced = maximum_matching_unreduced(g, Matching::empty(n));
    assert_eq!(unreduced.len(), mu.len());
    // The lifted matching of the reductions alone (kernel matched by the
    // engine) is maximum too, whatever the size limit.
    if let Some(r) = reduce(g, n) {
        let k = maximum_matching_unreduced(&r.kernel, Matching::empty(r.kernel.num_vertices()));
        let lifted = Matching::from_mates(r.lift(g, k.mates()));
        assert_valid(g, &lifted);
        assert_eq!(lifted.len(), mu.len(), "lifted matching size");
        assert_eq!(
            gallai_edmonds(g, &lifted),
            du,
            "classes from the lifted matching"
        );
    }
}

#[test]
fn reduce_big_shuffled_corridors_certified() {
    // Long cycles and 5-cycle chains are solved by folding alone.
    let mut rng = seeded(0x5EED_0D04);
    for (n, e) in [
        (100_001, cycle(100_001)),
        cycle_chain(20_000, 5),
        (100_000, tree(&mut rng, 100_000)),
        caterpillar(&mut rng, 50_000, 50_000),
    ] {
        let g = Graph::from_edges(n, permuted(&mut rng, n, &e));
        let r = reduce(&g, n).expect("reducible");
        assert!(
            r.kernel.num_vertices() <= n / 100,
            "kernel {}",
            r.kernel.num_vertices()
        );
        let m = maximum_matching(&g);
        check_large(&g, &m, &mut rng, 20);
        compare_with_unreduced(&g);
    }
}
