//! Tests of the fractional start ([`fractional`](super::fractional)): its invariants and its
//! LP value against an independent subset DP over the double cover, and perfect mode through
//! it (and, switched off, through the greedy start alone) against the exhaustive oracle.

use super::super::MAX_WEIGHT;
use super::fractional::{BUDGET_TEST, ENABLED, Fractional};
use super::tests::{nested_graph, perfect_graph, random_graph};
use super::{Choice, Engine, Mode, NONE, Num, kept_edges, perfect_fits_i64, run_with};
use crate::graph::weighted::verify::{Lp, verify_lp};
use gridmatch_oracles::weighted::{max_weight, min_weight_perfect};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The maximum-weight perfect assignment of the double cover (row `u` to column `v` along an
/// edge `uv`, self-loops excluded), by a DP over the sets of columns taken by the first rows;
/// `None` if there is none. Its value is twice the optimum of the perfect-matching LP without
/// odd-set constraints.
fn cover_optimum(n: usize, edges: &[(u32, u32)], weights: &[i64]) -> Option<i128> {
    let mut w: Vec<Vec<Option<i128>>> = vec![vec![None; n]; n];
    for (&(u, v), &x) in edges.iter().zip(weights) {
        if u == v {
            continue;
        }
        let (u, v) = (u as usize, v as usize);
        let x = i128::from(x);
        for (i, j) in [(u, v), (v, u)] {
            w[i][j] = Some(w[i][j].map_or(x, |y| y.max(x)));
        }
    }
    let mut best: Vec<Option<i128>> = vec![None; 1 << n];
    best[0] = Some(0);
    for mask in 0usize..1 << n {
        let Some(here) = best[mask] else { continue };
        let row = mask.count_ones() as usize;
        if row == n {
            continue;
        }
        for (col, &x) in w[row].iter().enumerate() {
            if mask & (1 << col) == 0
                && let Some(x) = x
            {
                let next = &mut best[mask | 1 << col];
                *next = Some(next.map_or(here + x, |y| y.max(here + x)));
            }
        }
    }
    best[(1 << n) - 1]
}

/// Every edge covered by the start's duals, matched edges tight, the matching consistent.
fn covered_and_tight<N: Num>(engine: &Engine<N>, ctx: &dyn Fn() -> String) {
    let d = |v: usize| -> i128 { engine.vx[v].dual.into() };
    for k in 0..engine.edges.len() {
        let (u, v) = (engine.edges.at(2 * k), engine.edges.at(2 * k + 1));
        let slack = d(u) + d(v) - engine.edges.wt2(k).into();
        assert!(slack >= 0, "edge {k} not covered: {}", ctx());
        if engine.mate[u] == 2 * k + 1 {
            assert_eq!(engine.mate[v], 2 * k, "{}", ctx());
            assert_eq!(slack, 0, "matched edge {k} not tight: {}", ctx());
        }
    }
}

/// Runs the greedy start then the fractional start on one engine and checks the result; the
/// start's report, or `None` where it gave up (the engine then as the greedy start left it).
fn start_checked<N: Num>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    want: Option<i128>,
) -> Option<Fractional> {
    let kept = kept_edges(edges, weights, true);
    let mut engine = Engine::<N>::new(n, edges, weights, &kept, Mode::Perfect);
    if (0..n).any(|v| engine.adj_start[v] == engine.adj_start[v + 1]) {
        // (The search ends before any start.)
        return None;
    }
    ENABLED.with(|on| on.set(false));
    engine.greedy_start();
    ENABLED.with(|on| on.set(true));
    let before: Vec<N> = engine.vx.iter().map(|x| x.dual).collect();
    let mate_before = engine.mate.clone();
    let ctx = || format!("n={n} edges={edges:?} weights={weights:?}");
    let got = engine.fractional_start();
    let Some(got) = got else {
        assert!(
            engine.vx.iter().map(|x| x.dual).eq(before.iter().copied())
                && engine.mate == mate_before,
            "the engine is left as it was: {}",
            ctx()
        );
        return None;
    };
    // (A search given up never learns that no fractional perfect matching exists.)
    assert!(
        want.is_some() || !got.complete,
        "a complete fractional start without a fractional perfect matching: {}",
        ctx()
    );
    let d = |v: usize| -> i128 { engine.vx[v].dual.into() };
    // Every edge covered, matched edges tight, the matching consistent.
    covered_and_tight(&engine, &ctx);
    let mut exposed = Vec::new();
    for v in 0..n {
        let p = engine.mate[v];
        if p == NONE {
            exposed.push(v);
        } else {
            assert_eq!(engine.edges.at(p ^ 1), v, "{}", ctx());
            assert_eq!(engine.mate[engine.edges.at(p)], p ^ 1, "{}", ctx());
        }
    }
    assert_eq!(exposed.len(), got.exposed, "{}", ctx());
    // One exposed vertex per odd cycle: n − exposed is even.
    assert_eq!((n - exposed.len()) % 2, 0, "{}", ctx());
    assert!(
        exposed.windows(2).all(|w| (d(w[0]) - d(w[1])) % 2 == 0),
        "exposed duals of two parities: {}",
        ctx()
    );
    // Within the engine's starting bound L = n·(2W + 1), W over kept edges.
    let big_w = (0..engine.edges.len())
        .map(|k| (engine.edges.wt2(k).into() / 2).abs())
        .max()
        .unwrap_or(0);
    let bound = n as i128 * (2 * big_w + 1);
    assert!((0..n).all(|v| d(v).abs() <= bound), "{}", ctx());
    // The LP value: Σ d_v, less the parity raises, is the double cover's optimum (when no
    // search was given up; otherwise at least it, the duals being feasible).
    let sum: i128 = (0..n).map(d).sum();
    if let Some(want) = want {
        if got.complete {
            assert_eq!(sum - got.raised as i128, want, "{}", ctx());
        } else {
            assert!(sum - got.raised as i128 >= want, "{}", ctx());
        }
    }
    Some(got)
}

/// A few kinds of small graphs, some with every weight tied.
fn small_graph(rng: &mut ChaCha8Rng, round: usize) -> (usize, Vec<(u32, u32)>, Vec<i64>) {
    let (n, edges, mut weights) = match round % 4 {
        0 | 1 => perfect_graph(rng, 12),
        2 => random_graph(rng, 11),
        _ => nested_graph(rng),
    };
    if round.is_multiple_of(7) {
        let c = [1, 0, -1, 7, MAX_WEIGHT][round % 5];
        for w in &mut weights {
            *w = if rng.random_range(0..3) == 0 {
                c.saturating_sub(1)
            } else {
                c
            };
        }
    }
    (n, edges, weights)
}

/// The start's invariants (covered edges, tight matched edges, one parity for the exposed
/// duals, the engine's dual bound) and its LP value against [`cover_optimum`], on `i64` and
/// on `i128`; it gives up only where no fractional perfect matching exists.
#[test]
fn fractional_start_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(3437);
    let (mut started, mut odd, mut raised, mut none, mut wide) = (0, 0, 0, 0, 0);
    let mut partial = 0;
    for round in 0..6000 {
        let (n, edges, weights) = small_graph(&mut rng, round);
        // Every third graph with searches given up after one or two columns.
        BUDGET_TEST.with(|b| b.set([64, 1, 2][round % 3]));
        let want = cover_optimum(n, &edges, &weights);
        let largest = weights.iter().map(|w| w.unsigned_abs()).max().unwrap_or(0);
        let got = if perfect_fits_i64(n, largest) {
            let got = start_checked::<i64>(n, &edges, &weights, want);
            assert_eq!(got, start_checked::<i128>(n, &edges, &weights, want));
            got
        } else {
            wide += 1;
            start_checked::<i128>(n, &edges, &weights, want)
        };
        match got {
            Some(got) => {
                started += 1;
                partial += usize::from(!got.complete);
                odd += usize::from(got.exposed > 0);
                raised += got.raised;
            }
            None => {
                none += 1;
                let edgeless = (0..n as u32)
                    .any(|v| !edges.iter().any(|&(a, b)| a != b && (a == v || b == v)));
                assert!(
                    n == 0 || want.is_none() || edgeless,
                    "gave up with a fractional perfect matching: n={n} edges={edges:?} weights={weights:?}"
                );
            }
        }
    }
    BUDGET_TEST.with(|b| b.set(0));
    assert!(
        started > 2000 && odd > 300 && raised > 50 && none > 100 && wide > 300 && partial > 100,
        "started {started}, with odd cycles {odd}, raised {raised}, none {none}, wide {wide}, \
         partial {partial}"
    );
}

/// Perfect mode on the sparse engine, with the fractional start and with the greedy start
/// alone, against the exhaustive oracle, every proof checked by the verifier.
#[test]
fn sparse_perfect_mode_both_starts_match_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(3438);
    let mut found = [0usize; 2];
    for round in 0..6000 {
        let (n, edges, weights) = small_graph(&mut rng, round);
        let negated: Vec<_> = edges
            .iter()
            .zip(&weights)
            .map(|(&(u, v), &w)| (u as usize, v as usize, -w))
            .collect();
        let want = min_weight_perfect(n, &negated).map(|t| -t);
        // The fractional start, the same with its searches given up after one column, the
        // greedy start alone.
        for (on, budget) in [(true, 64), (true, 1), (false, 64)] {
            ENABLED.with(|e| e.set(on));
            BUDGET_TEST.with(|b| b.set(budget));
            let got =
                run_with(n, &edges, &weights, Mode::Perfect, Choice::Sparse).expect("valid input");
            ENABLED.with(|e| e.set(true));
            BUDGET_TEST.with(|b| b.set(0));
            let ctx = || format!("start {on} {budget}: n={n} edges={edges:?} weights={weights:?}");
            let total = got.map(|found| {
                verify_lp(n, &edges, &weights, &found.edges, &found.duals, Lp::Perfect)
                    .unwrap_or_else(|e| panic!("{e}: {}", ctx()))
            });
            assert_eq!(total, want, "{}", ctx());
            found[usize::from(on)] += usize::from(total.is_some());
        }
    }
    assert!(found[0] * 2 == found[1] && found[0] > 2000, "{found:?}");
}

/// The maximum-weight (not necessarily perfect) assignment of the double cover with every
/// weight lowered by `floor` (row `u` to column `v` along an edge `uv` of weight `w > 0`,
/// self-loops excluded; rows may stay unassigned), by a DP over the rows in turn and the set
/// of columns taken so far. Its value is twice the optimum of the matching LP
/// (`x(δ(v)) ≤ 1`) without odd-set constraints on the weights `w − floor`.
fn cover_optimum_at_most(n: usize, edges: &[(u32, u32)], weights: &[i64], floor: i128) -> i128 {
    let mut w: Vec<Vec<i128>> = vec![vec![0; n]; n];
    for (&(u, v), &x) in edges.iter().zip(weights) {
        if u == v || x <= 0 {
            continue;
        }
        let (u, v) = (u as usize, v as usize);
        let x = i128::from(x) - floor;
        for (i, j) in [(u, v), (v, u)] {
            w[i][j] = w[i][j].max(x);
        }
    }
    let mut best: Vec<Option<i128>> = vec![None; 1 << n];
    best[0] = Some(0);
    for row in w.iter() {
        // Masks in decreasing order: each row takes at most one column.
        for mask in (0usize..1 << n).rev() {
            let Some(here) = best[mask] else { continue };
            for (col, &x) in row.iter().enumerate() {
                if mask & (1 << col) == 0 && x > 0 {
                    let next = &mut best[mask | 1 << col];
                    *next = Some(next.map_or(here + x, |y| y.max(here + x)));
                }
            }
        }
    }
    best.iter().flatten().copied().max().unwrap_or(0)
}

/// Maximum weight: runs the greedy start then the fractional start on one engine and checks
/// the result; the start's report, or `None` where it gave up.
fn max_start_checked<N: Num>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
) -> Option<Fractional> {
    let kept = kept_edges(edges, weights, false);
    let mut engine = Engine::<N>::new(n, edges, weights, &kept, Mode::Matching);
    ENABLED.with(|on| on.set(false));
    engine.greedy_start();
    ENABLED.with(|on| on.set(true));
    let before: Vec<N> = engine.vx.iter().map(|x| x.dual).collect();
    let (mate_before, start_before) = (engine.mate.clone(), engine.start);
    let ctx = || format!("n={n} edges={edges:?} weights={weights:?}");
    let Some(got) = engine.fractional_start() else {
        assert!(
            engine.vx.iter().map(|x| x.dual).eq(before.iter().copied())
                && engine.mate == mate_before
                && engine.start == start_before,
            "the engine is left as it was: {}",
            ctx()
        );
        return None;
    };
    let d = |v: usize| -> i128 { engine.vx[v].dual.into() };
    // The heaviest kept weight, and the floor of the duals (its parity).
    let big_w = (0..engine.edges.len())
        .map(|k| engine.edges.wt2(k).into() / 2)
        .max()
        .unwrap_or(0);
    let floor = big_w % 2;
    covered_and_tight(&engine, &ctx);
    let mut roots = Vec::new();
    let mut zero = 0;
    for v in 0..n {
        assert!(d(v) >= 0, "negative dual at {v}: {}", ctx());
        assert!(
            d(v) <= 2 * big_w + 1,
            "dual beyond 2W + 1 at {v}: {}",
            ctx()
        );
        let p = engine.mate[v];
        if p == NONE {
            if d(v) == 0 {
                zero += 1;
            } else {
                roots.push(v);
                // The engine's heap cutoffs need every root's dual within `start`.
                assert!(
                    d(v) <= engine.start.into(),
                    "root {v} above start: {}",
                    ctx()
                );
            }
        } else {
            assert_eq!(engine.edges.at(p ^ 1), v, "{}", ctx());
            assert_eq!(engine.mate[engine.edges.at(p)], p ^ 1, "{}", ctx());
        }
    }
    assert_eq!(roots.len() + zero, got.exposed, "{}", ctx());
    assert_eq!(zero, got.zero, "{}", ctx());
    assert!(
        roots.windows(2).all(|w| (d(w[0]) - d(w[1])) % 2 == 0),
        "roots' duals of two parities: {}",
        ctx()
    );
    // The LP value: the duals (less the parity raises, plus what exposed vertices were
    // lowered by), each less the floor where the vertex has a kept edge, sum to twice the
    // optimum of the LP on the weights `w − floor` when no search was given up; otherwise at
    // least that (the duals being feasible for those weights).
    let with_edges = (0..n)
        .filter(|&v| engine.adj_start[v] < engine.adj_start[v + 1])
        .count() as i128;
    let sum: i128 =
        (0..n).map(d).sum::<i128>() - got.raised as i128 + got.lowered - floor * with_edges;
    let want = cover_optimum_at_most(n, edges, weights, floor);
    if got.complete {
        assert_eq!(sum, want, "{}", ctx());
    } else {
        assert!(sum >= want, "{}", ctx());
    }
    Some(got)
}

/// Maximum weight: the start's invariants (covered edges, tight matched edges, duals ≥ 0,
/// roots' duals of one parity and within the engine's `start`) and its LP value against
/// [`cover_optimum_at_most`], on `i64` and on `i128`.
#[test]
fn fractional_start_max_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(3439);
    let (mut started, mut roots, mut zero, mut raised, mut lowered) = (0, 0, 0, 0, 0);
    let (mut partial, mut odd_floor) = (0, 0);
    for round in 0..6000 {
        let (n, edges, weights) = small_graph(&mut rng, round);
        // Every third graph with searches given up after one or two columns.
        BUDGET_TEST.with(|b| b.set([0, 1, 2][round % 3]));
        let got = start_max_both(n, &edges, &weights);
        if let Some(got) = got {
            started += 1;
            partial += usize::from(!got.complete);
            roots += usize::from(got.exposed > got.zero);
            zero += usize::from(got.zero > 0);
            raised += got.raised;
            lowered += usize::from(got.lowered > 0);
            let top = weights.iter().copied().max().unwrap_or(0);
            odd_floor += usize::from(top % 2 == 1);
        }
    }
    BUDGET_TEST.with(|b| b.set(0));
    assert!(
        started > 4000
            && roots > 300
            && zero > 1000
            && raised > 50
            && lowered > 50
            && partial > 100
            && odd_floor > 1000,
        "started {started}, with roots {roots}, zero {zero}, raised {raised}, lowered \
         {lowered}, partial {partial}, odd floor {odd_floor}"
    );
}

/// [`max_start_checked`] on `i64` (where the weights allow it) and `i128`, which must agree.
fn start_max_both(n: usize, edges: &[(u32, u32)], weights: &[i64]) -> Option<Fractional> {
    let largest = weights.iter().map(|w| w.unsigned_abs()).max().unwrap_or(0);
    let wide = max_start_checked::<i128>(n, edges, weights);
    if largest <= MAX_WEIGHT as u64 {
        assert_eq!(max_start_checked::<i64>(n, edges, weights), wide);
    }
    wide
}

/// Maximum weight on the sparse engine, with the fractional start (also given up after one
/// column) and with the greedy start alone, against the exhaustive oracle, every proof
/// checked by the verifier.
#[test]
fn sparse_max_weight_both_starts_match_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(3440);
    for round in 0..6000 {
        let (n, edges, weights) = small_graph(&mut rng, round);
        let list: Vec<_> = edges
            .iter()
            .zip(&weights)
            .map(|(&(u, v), &w)| (u as usize, v as usize, w))
            .collect();
        let want = max_weight(n, &list);
        for (on, budget) in [(true, 0), (true, 1), (false, 0)] {
            ENABLED.with(|e| e.set(on));
            BUDGET_TEST.with(|b| b.set(budget));
            let got = run_with(n, &edges, &weights, Mode::Matching, Choice::Sparse)
                .expect("valid input")
                .expect("every graph has a matching");
            ENABLED.with(|e| e.set(true));
            BUDGET_TEST.with(|b| b.set(0));
            let ctx = || format!("start {on} {budget}: n={n} edges={edges:?} weights={weights:?}");
            let total = verify_lp(n, &edges, &weights, &got.edges, &got.duals, Lp::Matching)
                .unwrap_or_else(|e| panic!("{e}: {}", ctx()));
            assert_eq!(total, want, "{}", ctx());
        }
    }
}

/// Triangles in a row, each joined to the next by an edge too light to be in a fractional
/// optimum: each triangle is an odd cycle of the half-integral optimum (duals
/// `d_u = w_uv + w_uw − w_vw`, distinct and of one parity here), and the vertex it leaves
/// exposed is the one of least dual (one of three otherwise: fails on about every graph).
#[test]
fn an_odd_cycle_leaves_its_least_dual_exposed() {
    let mut rng = ChaCha8Rng::seed_from_u64(3441);
    for _ in 0..200 {
        let t = rng.random_range(1..8usize);
        let n = 3 * t;
        let (mut edges, mut weights) = (Vec::new(), Vec::new());
        let mut least = Vec::new();
        for c in 0..t {
            let v = (3 * c) as u32;
            let w: [i64; 3] = loop {
                let w = [0; 3].map(|_| 2 * rng.random_range(1..50i64));
                let d = [w[0] + w[2] - w[1], w[0] + w[1] - w[2], w[1] + w[2] - w[0]];
                if d[0] != d[1] && d[1] != d[2] && d[0] != d[2] {
                    break w;
                }
            };
            // Edges v(v+1), (v+1)(v+2), v(v+2) of weights w[0], w[1], w[2].
            edges.extend([(v, v + 1), (v + 1, v + 2), (v, v + 2)]);
            weights.extend(w);
            let d = [w[0] + w[2] - w[1], w[0] + w[1] - w[2], w[1] + w[2] - w[0]];
            let i = (0..3).min_by_key(|&i| d[i]).expect("three");
            least.push(v as usize + i);
            if c + 1 < t {
                edges.push((v + 2, v + 3));
                weights.push(-1000);
            }
        }
        let kept = kept_edges(&edges, &weights, true);
        let mut engine = Engine::<i64>::new(n, &edges, &weights, &kept, Mode::Perfect);
        ENABLED.with(|on| on.set(false));
        engine.greedy_start();
        ENABLED.with(|on| on.set(true));
        let got = engine
            .fractional_start()
            .expect("a fractional perfect matching");
        let ctx = || format!("edges={edges:?} weights={weights:?}");
        assert!(got.complete, "{}", ctx());
        assert_eq!(got.exposed, t, "{}", ctx());
        for &v in &least {
            assert_eq!(engine.mate[engine.at(v)], NONE, "{}", ctx());
        }
    }
}
