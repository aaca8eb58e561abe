//! Tests of perfect mode's existence check (`Engine::has_perfect_matching`, and the dense
//! engine's `has_perfect_matching`): against an exhaustive subset search on thousands of small
//! random graphs, with and without a perfect matching, on both engines; the run without the
//! check (`max_weight_perfect_matching_of_perfect`, for graphs known to have a perfect
//! matching) against the run with it; and the pendant-vertex case the check exists for.

use super::tests::planted_graph;
use super::{
    Choice, Engine, Mode, kept_edges, max_weight_perfect_matching_of_perfect, run_checked,
};
use crate::graph::weighted::verify::{Lp, verify_lp};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Whether the graph has a perfect matching, by a subset search sharing nothing with the
/// engines: `ok[s]` tells whether the vertex set `s` can be matched perfectly among itself,
/// pairing its lowest vertex with each neighbour in turn. `n ≤ 16`.
fn perfect_by_subsets(n: usize, edges: &[(u32, u32)]) -> bool {
    let mut adjacent = vec![0u32; n];
    for &(u, v) in edges {
        if u != v {
            adjacent[u as usize] |= 1 << v;
            adjacent[v as usize] |= 1 << u;
        }
    }
    let full = (1usize << n) - 1;
    let mut ok = vec![false; full + 1];
    ok[0] = true;
    for s in 1..=full {
        if s.count_ones() % 2 == 1 {
            continue;
        }
        let low = s.trailing_zeros() as usize;
        let mut others = adjacent[low] as usize & s & !(1 << low);
        while others != 0 {
            let v = others.trailing_zeros() as usize;
            others &= others - 1;
            if ok[s & !(1 << low) & !(1 << v)] {
                ok[s] = true;
                break;
            }
        }
    }
    ok[full]
}

/// A random multigraph on `n` vertices: a random perfect matching first when `planted`, then
/// `extra` random pairs (self-loops and parallel edges included), pendant vertices sometimes.
fn random_graph(rng: &mut ChaCha8Rng, n: usize, planted: bool, extra: usize) -> Vec<(u32, u32)> {
    let mut edges = planted_graph(rng, n, planted, extra..=extra);
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.random_range(0..=i));
    }
    edges
}

#[test]
fn the_check_agrees_with_the_subset_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434_0034);
    let (mut with, mut without) = (0, 0);
    for round in 0..4000 {
        let n = 2 * rng.random_range(1..=7usize);
        let planted = rng.random_range(0..3) == 0;
        let extra = rng.random_range(0..=2 * n);
        let edges = random_graph(&mut rng, n, planted, extra);
        let weights: Vec<i64> = (0..edges.len()).map(|_| rng.random_range(-5..=5)).collect();
        let expected = perfect_by_subsets(n, &edges);
        if expected {
            with += 1;
        } else {
            without += 1;
        }
        // The sparse engine's check on its own lists (renumbered under test for n ≥ 4).
        let kept = kept_edges(&edges, &weights, true);
        let engine = Engine::<i64>::new(n, &edges, &weights, &kept, Mode::Perfect);
        assert_eq!(
            engine.has_perfect_matching(),
            expected,
            "round {round}: n={n} {edges:?}"
        );
        // Both engines' whole runs: `None` exactly without a perfect matching, and a verified
        // optimum otherwise.
        for choice in [Choice::Sparse, Choice::Dense] {
            let found =
                run_checked(n, &edges, &weights, Mode::Perfect, choice, true).expect("valid input");
            assert_eq!(
                found.is_some(),
                expected,
                "round {round}, {choice:?}: n={n} {edges:?}"
            );
            if let Some(found) = found {
                verify_lp(n, &edges, &weights, &found.edges, &found.duals, Lp::Perfect)
                    .unwrap_or_else(|e| panic!("round {round}, {choice:?}: {e}"));
            }
        }
    }
    // Both answers are common (a test that cannot fail one way is no test).
    assert!(
        with > 800 && without > 800,
        "{with} with, {without} without"
    );
}

#[test]
fn without_the_check_the_same_answers_where_a_perfect_matching_exists() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434_0035);
    for round in 0..1500 {
        let n = 2 * rng.random_range(1..=12usize);
        let extra = rng.random_range(0..=3 * n);
        let edges = random_graph(&mut rng, n, true, extra);
        let weights: Vec<i64> = (0..edges.len()).map(|_| rng.random_range(-9..=9)).collect();
        let checked = run_checked(n, &edges, &weights, Mode::Perfect, Choice::Library, true)
            .expect("valid input")
            .expect("a planted perfect matching");
        let known = max_weight_perfect_matching_of_perfect(n, &edges, &weights)
            .expect("valid input")
            .expect("a planted perfect matching");
        assert_eq!(checked, known, "round {round}: n={n} {edges:?} {weights:?}");
    }
}

#[test]
fn two_pendant_vertices_on_one_vertex_have_no_perfect_matching() {
    // A planted perfect matching on 2 000 vertices plus random edges, then two more vertices
    // hanging on vertex 0 alone: no perfect matching (both would need vertex 0). Without the
    // check, perfect mode would grow its forest to a standstill (see the module docs).
    let mut rng = ChaCha8Rng::seed_from_u64(3434_0036);
    let n = 2000;
    let mut edges = random_graph(&mut rng, n, true, 3 * n);
    edges.push((0, n as u32));
    edges.push((n as u32 + 1, 0));
    let weights: Vec<i64> = (0..edges.len())
        .map(|_| rng.random_range(1..=1_000_000))
        .collect();
    for choice in [Choice::Sparse, Choice::Dense] {
        assert_eq!(
            run_checked(n + 2, &edges, &weights, Mode::Perfect, choice, true),
            Ok(None),
            "{choice:?}"
        );
    }
    // Without the pendant pair the same graph has one.
    let m = edges.len() - 2;
    assert!(
        run_checked(
            n,
            &edges[..m],
            &weights[..m],
            Mode::Perfect,
            Choice::Library,
            true
        )
        .expect("valid input")
        .is_some()
    );
}
