//! Tests of the dense engine ([`dense`](super::dense)): against the exhaustive oracle on small
//! graphs, against the sparse engine on medium dense ones, every answer's proof checked by
//! the independent verifier, tampered proofs refused.

use super::super::{Duals, WeightedMatching};
use super::tests::{random_graph, random_weight};
use super::{Choice, Mode, dense, run_with};
use crate::graph::weighted::verify::{Lp, verify_lp_wide};
use gridmatch_oracles::weighted::{max_weight, min_weight_perfect};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Runs one engine on `i128` weights (each engine picks `i64` or `i128` inside, as the
/// library does).
fn solve(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i128],
    mode: Mode,
    choice: Choice,
) -> Option<WeightedMatching> {
    run_with(n, edges, weights, mode, choice).expect("valid input")
}

fn lp(mode: Mode) -> Lp {
    match mode {
        Mode::Matching => Lp::Matching,
        Mode::Perfect => Lp::Perfect,
    }
}

/// The dense engine's answer, its proof checked by the verifier; its total (None: no perfect
/// matching).
fn checked_dense(n: usize, edges: &[(u32, u32)], weights: &[i128], mode: Mode) -> Option<i128> {
    let got = solve(n, edges, weights, mode, Choice::Dense)?;
    let total = verify_lp_wide(n, edges, weights, &got.edges, &got.duals, lp(mode))
        .unwrap_or_else(|e| panic!("{e}: n={n} edges={edges:?} weights={weights:?} got={got:?}"));
    Some(total)
}

/// Compares the dense engine with the oracle on one graph; returns the nesting depth of its
/// odd sets.
fn against_oracle(n: usize, edges: &[(u32, u32)], weights: &[i128], mode: Mode) -> usize {
    let list: Vec<_> = edges
        .iter()
        .zip(weights)
        .map(|(&(u, v), &w)| (u as usize, v as usize, w))
        .collect();
    let ctx = || format!("{mode:?} n={n} edges={edges:?} weights={weights:?}");
    let got = checked_dense(n, edges, weights, mode);
    match mode {
        Mode::Matching => assert_eq!(got, Some(max_weight(n, &list)), "{}", ctx()),
        Mode::Perfect => {
            let negated: Vec<_> = list.iter().map(|&(u, v, w)| (u, v, -w)).collect();
            let want = min_weight_perfect(n, &negated).map(|t| -t);
            assert_eq!(got, want, "{}", ctx());
        }
    }
    solve(n, edges, weights, mode, Choice::Dense).map_or(0, |m| depth(&m.duals))
}

/// The deepest nesting of the odd sets (sets are listed children first).
fn depth(duals: &Duals) -> usize {
    let k = duals.blossoms.len();
    let mut depth = vec![1usize; k];
    let mut deepest = 0;
    for b in (0..k).rev() {
        deepest = deepest.max(depth[b]);
        for &c in &duals.blossoms[b].children {
            depth[c as usize] = depth[b] + 1;
        }
    }
    deepest
}

#[test]
fn small_graphs_match_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let mut deepest = 0;
    for _ in 0..4000 {
        let (n, edges, weights) = random_graph(&mut rng, 11);
        deepest = deepest.max(against_oracle(n, &edges, &weights, Mode::Matching));
    }
    assert!(deepest >= 2, "no nested odd set (deepest {deepest})");
}

#[test]
fn small_graphs_match_the_oracle_perfect() {
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let mut found = 0;
    for _ in 0..3000 {
        let (n, edges, weights) = random_graph(&mut rng, 10);
        let n = n & !1;
        let keep: Vec<bool> = edges
            .iter()
            .map(|&(u, v)| (u as usize) < n && (v as usize) < n)
            .collect();
        let mut k = keep.iter();
        let mut edges = edges;
        edges.retain(|_| *k.next().unwrap());
        let mut k = keep.iter();
        let mut weights = weights;
        weights.retain(|_| *k.next().unwrap());
        against_oracle(n, &edges, &weights, Mode::Perfect);
        found += usize::from(checked_dense(n, &edges, &weights, Mode::Perfect).is_some());
    }
    assert!(found > 1000, "{found}");
}

/// Odd cycles of triangles (blossoms nested two levels), complete graphs of tied weights,
/// and renumbered copies: the same totals.
#[test]
fn nested_ties_and_renumbered_copies() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    for _ in 0..1500 {
        // Five triangles in a cycle, heavy inside, light between, plus noise.
        let mut edges = Vec::new();
        let mut weights = Vec::new();
        let heavy = rng.random_range(5..20);
        for t in 0..5u32 {
            for (a, b) in [(0, 1), (1, 2), (0, 2)] {
                edges.push((3 * t + a, 3 * t + b));
                weights.push(heavy + rng.random_range(-1..=1));
            }
            edges.push((
                3 * t + rng.random_range(0..3),
                (3 * t + 3 + rng.random_range(0..3)) % 15,
            ));
            weights.push(rng.random_range(1..heavy));
        }
        for _ in 0..rng.random_range(0..4) {
            edges.push((rng.random_range(0..15), rng.random_range(0..15)));
            weights.push(rng.random_range(-2..heavy));
        }
        let n = 15;
        let total = checked_dense(n, &edges, &weights, Mode::Matching);
        let sparse = solve(n, &edges, &weights, Mode::Matching, Choice::Sparse).unwrap();
        let want = verify_lp_wide(
            n,
            &edges,
            &weights,
            &sparse.edges,
            &sparse.duals,
            Lp::Matching,
        );
        assert_eq!(total, want.ok());
        // A renumbered copy, edges shuffled.
        let mut perm: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            perm.swap(i, rng.random_range(0..=i));
        }
        let mut pairs: Vec<((u32, u32), i128)> = edges
            .iter()
            .zip(&weights)
            .map(|(&(u, v), &w)| ((perm[u as usize], perm[v as usize]), w))
            .collect();
        for i in (1..pairs.len()).rev() {
            pairs.swap(i, rng.random_range(0..=i));
        }
        let (e2, w2): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
        assert_eq!(checked_dense(n, &e2, &w2, Mode::Matching), total);
    }
    // Complete graphs of one or two tied weights.
    for _ in 0..500 {
        let n = rng.random_range(2..=11);
        let kind = rng.random_range(0..8);
        let a = random_weight(&mut rng, kind);
        let b = if rng.random_range(0..2) == 0 {
            a
        } else {
            a - 1
        };
        let mut edges = Vec::new();
        let mut weights = Vec::new();
        for u in 0..n as u32 {
            for v in u + 1..n as u32 {
                edges.push((u, v));
                weights.push(if rng.random_range(0..2) == 0 { a } else { b });
            }
        }
        against_oracle(n, &edges, &weights, Mode::Matching);
        against_oracle(
            n & !1,
            &edges_within(&edges, n & !1),
            &weights_within(&edges, &weights, n & !1),
            Mode::Perfect,
        );
    }
}

fn edges_within(edges: &[(u32, u32)], n: usize) -> Vec<(u32, u32)> {
    edges
        .iter()
        .copied()
        .filter(|&(u, v)| (u as usize) < n && (v as usize) < n)
        .collect()
}

fn weights_within(edges: &[(u32, u32)], weights: &[i128], n: usize) -> Vec<i128> {
    edges
        .iter()
        .zip(weights)
        .filter(|&(&(u, v), _)| (u as usize) < n && (v as usize) < n)
        .map(|(_, &w)| w)
        .collect()
}

/// A random graph on `n` vertices with each pair joined with probability `p`%.
fn medium_graph(rng: &mut ChaCha8Rng, n: usize, p: u32, kind: u32) -> (Vec<(u32, u32)>, Vec<i128>) {
    let mut edges = Vec::new();
    let mut weights = Vec::new();
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            if rng.random_range(0..100) < p {
                edges.push((u, v));
                weights.push(random_weight(rng, kind));
            }
        }
    }
    (edges, weights)
}

/// Medium dense graphs: the dense and the sparse engine agree on the total, both proofs
/// verify, and tampered dense proofs are refused.
#[test]
fn medium_dense_graphs_agree_with_the_sparse_engine() {
    let mut rng = ChaCha8Rng::seed_from_u64(3400);
    let mut nested = 0;
    for round in 0..24 {
        let n = [100, 160, 240, 300][round % 4] + round % 2;
        let p = [100, 60, 30][round % 3];
        let kind = [0, 1, 2, 3, 5, 7][round % 6];
        let (edges, weights) = medium_graph(&mut rng, n, p, kind);
        for mode in [Mode::Matching, Mode::Perfect] {
            let n = if mode == Mode::Perfect { n & !1 } else { n };
            let (edges, weights) = (edges_within(&edges, n), weights_within(&edges, &weights, n));
            let dense = solve(n, &edges, &weights, mode, Choice::Dense);
            let sparse = solve(n, &edges, &weights, mode, Choice::Sparse);
            let check = |m: &WeightedMatching| {
                verify_lp_wide(n, &edges, &weights, &m.edges, &m.duals, lp(mode))
                    .unwrap_or_else(|e| panic!("{e}: round {round} {mode:?}"))
            };
            assert_eq!(
                dense.as_ref().map(check),
                sparse.as_ref().map(check),
                "round {round} {mode:?}"
            );
            let Some(found) = dense else { continue };
            nested += usize::from(depth(&found.duals) >= 2);
            let ok = |d: &Duals, m: &[usize]| {
                verify_lp_wide(n, &edges, &weights, m, d, lp(mode)).is_ok()
            };
            let v = rng.random_range(0..n);
            let mut d = found.duals.clone();
            d.vertex[v] -= 1;
            assert!(!ok(&d, &found.edges), "dual of {v} lowered");
            if !found.edges.is_empty() {
                assert!(!ok(&found.duals, &found.edges[1..]), "a pair dropped");
            }
            for b in 0..found.duals.blossoms.len() {
                let mut d = found.duals.clone();
                d.blossoms[b].dual -= 1;
                assert!(!ok(&d, &found.edges), "odd set {b} lowered");
            }
            if let Some(b) = found
                .duals
                .blossoms
                .iter()
                .position(|s| !s.children.is_empty())
            {
                let mut d = found.duals.clone();
                d.blossoms[b].children.pop();
                assert!(!ok(&d, &found.edges), "a child set dropped");
            }
        }
    }
    assert!(nested > 0, "no nested odd sets at medium sizes");
}

/// The library picks the dense engine on graphs joining at least ¾ of the vertex pairs (and
/// within the matrix's memory bound), for both questions.
#[test]
fn the_library_chooses_by_density() {
    assert!(dense::worth_it(1000, 499_500, 8));
    assert!(!dense::worth_it(100_000, 500_000, 8));
    assert!(!dense::worth_it(1000, 10_000, 8));
    // Three quarters of the pairs, and one edge fewer.
    assert!(dense::worth_it(1000, 374_625, 8));
    assert!(!dense::worth_it(1000, 374_624, 8));
    assert!(dense::worth_it(2, 1, 16));
    assert!(!dense::worth_it(1, 0, 8));
    // Past the memory bound: n² · 16 bytes > MATRIX_BYTES.
    assert!(!dense::worth_it(1 << 14, 1 << 27, 16));
    let mut rng = ChaCha8Rng::seed_from_u64(3401);
    let (edges, weights) = medium_graph(&mut rng, 120, 100, 3);
    for mode in [Mode::Matching, Mode::Perfect] {
        let library = solve(120, &edges, &weights, mode, Choice::Library);
        let dense = solve(120, &edges, &weights, mode, Choice::Dense);
        assert_eq!(library, dense);
    }
}
