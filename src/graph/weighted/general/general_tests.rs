//! Tests of [`max_weight_matching`] against the exhaustive oracle, every answer's duals
//! checked by the independent verifier ([`verify`](super::super::verify::verify)).

use super::super::{Duals, MAX_WEIGHT, OddSet, WeightError};
use super::{
    Engine, Mode, NONE, kept_edges, max_weight_matching, max_weight_matching_wide,
    max_weight_perfect_matching, max_weight_perfect_matching_wide, odd_set_forest,
    perfect_fits_i64,
};
use crate::graph::weighted::verify::{Lp, verify, verify_lp};
use gridmatch_oracles::weighted::{max_weight, max_weight_max_cardinality, min_weight_perfect};
use rand::distr::uniform::SampleUniform;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks `matched` and its duals with the independent verifier; returns (its total weight,
/// the deepest nesting of the blossom family: the most sets holding one vertex).
fn check(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    matched: &[usize],
    duals: &Duals,
) -> Result<(i128, usize), String> {
    let total = verify(n, edges, weights, matched, duals).map_err(|e| e.to_string())?;
    // The nesting depth: sets are listed children first, so parents' depths come first
    // walking backwards (the verifier has checked the forest).
    let k = duals.blossoms.len();
    let mut depth = vec![1usize; k];
    let mut deepest = 0;
    for b in (0..k).rev() {
        deepest = deepest.max(depth[b]);
        for &c in &duals.blossoms[b].children {
            depth[c as usize] = depth[b] + 1;
        }
    }
    Ok((total, deepest))
}

/// Runs the engine, checks its duals and compares with the oracle; returns the nesting depth.
fn run(n: usize, edges: &[(u32, u32)], weights: &[i64]) -> usize {
    let got = max_weight_matching(n, edges, weights).expect("valid input");
    let (total, depth) = check(n, edges, weights, &got.edges, &got.duals)
        .unwrap_or_else(|e| panic!("{e}: n={n} edges={edges:?} weights={weights:?} got={got:?}"));
    let list: Vec<_> = edges
        .iter()
        .zip(weights)
        .map(|(&(u, v), &w)| (u as usize, v as usize, w))
        .collect();
    assert_eq!(
        total,
        max_weight(n, &list),
        "n={n} edges={edges:?} weights={weights:?}"
    );
    depth
}

/// The weight types the engines' tests draw: `i64` (within the documented ±2⁵⁹) and `i128`
/// (also near ±2¹⁰⁰, where only the wide engines reach).
pub(super) trait TestWeight:
    Copy
    + PartialOrd
    + From<i64>
    + SampleUniform
    + std::ops::Sub<Output = Self>
    + std::ops::Neg<Output = Self>
{
    /// How many kinds of weight [`random_weight`] draws for this type.
    const KINDS: u32;
    /// 2¹⁰⁰, where the type holds it (kinds 6 and 7).
    const HUGE: Option<Self>;
}

impl TestWeight for i64 {
    const KINDS: u32 = 6;
    const HUGE: Option<i64> = None;
}

impl TestWeight for i128 {
    const KINDS: u32 = 8;
    const HUGE: Option<i128> = Some(1 << 100);
}

/// A weight of one `kind` (`0..W::KINDS`): within ±3, with ties and zeros (0); 0, 1 or 2 (1);
/// within ±1000 (2); 1 to 10⁶ (3); ties just below the limit 2⁵⁹ (4); anywhere within ±2⁵⁹
/// (5); for `i128` also ties just below 2¹⁰⁰ (6) and anywhere within ±2¹⁰⁰ (7).
pub(super) fn random_weight<W: TestWeight>(rng: &mut ChaCha8Rng, kind: u32) -> W {
    let w = W::from;
    let huge = || W::HUGE.expect("kinds 6 and 7 are i128's");
    match kind {
        0 => rng.random_range(w(-3)..=w(3)),
        1 => rng.random_range(w(0)..=w(2)),
        2 => rng.random_range(w(-1000)..=w(1000)),
        3 => rng.random_range(w(1)..=w(1_000_000)),
        4 => w(MAX_WEIGHT) - rng.random_range(w(0)..=w(3)),
        5 => rng.random_range(-w(MAX_WEIGHT)..=w(MAX_WEIGHT)),
        6 => huge() - rng.random_range(w(0)..=w(3)),
        _ => rng.random_range(-huge()..=huge()),
    }
}

/// A random graph on 0 to `nmax` vertices, every weight of one random kind of
/// [`random_weight`], in one of three shapes: complete (every pair once, either way round, in
/// a random order), dense (n(n−1)/2 plus up to n random pairs) or sparse (up to 2n random
/// pairs); in the last two one edge in 20 is a self-loop, and parallel edges come by chance.
pub(super) fn random_graph<W: TestWeight>(
    rng: &mut ChaCha8Rng,
    nmax: usize,
) -> (usize, Vec<(u32, u32)>, Vec<W>) {
    let n = rng.random_range(0..=nmax);
    let kind = rng.random_range(0..W::KINDS);
    let mut edges = Vec::new();
    let m = match rng.random_range(0..3) {
        _ if n == 0 => 0,
        0 => {
            for u in 0..n as u32 {
                for v in u + 1..n as u32 {
                    edges.push(if rng.random_range(0..2) == 0 {
                        (u, v)
                    } else {
                        (v, u)
                    });
                }
            }
            for i in (1..edges.len()).rev() {
                edges.swap(i, rng.random_range(0..=i));
            }
            0
        }
        1 => n * (n - 1) / 2 + rng.random_range(0..=n),
        _ => rng.random_range(0..=2 * n),
    };
    for _ in 0..m {
        let u = rng.random_range(0..n) as u32;
        let v = if rng.random_range(0..20) == 0 {
            u
        } else {
            rng.random_range(0..n) as u32
        };
        edges.push((u, v));
    }
    let weights = edges.iter().map(|_| random_weight(rng, kind)).collect();
    (n, edges, weights)
}

/// Odd cycles of odd cycles (blossoms nested two or three levels), plus noise edges.
pub(super) fn nested_graph(rng: &mut ChaCha8Rng) -> (usize, Vec<(u32, u32)>, Vec<i64>) {
    // An odd cycle of `outer` parts, each a triangle or a single vertex.
    let outer = [3usize, 5][rng.random_range(0..2)];
    let mut parts: Vec<Vec<u32>> = Vec::new();
    let mut n = 0u32;
    for _ in 0..outer {
        let size = if n + 3 <= 12 - (outer as u32 - parts.len() as u32 - 1)
            && rng.random_range(0..3) != 0
        {
            3
        } else {
            1
        };
        parts.push((n..n + size).collect());
        n += size;
    }
    let mut edges = Vec::new();
    let mut weights = Vec::new();
    let heavy = rng.random_range(5..20);
    for p in &parts {
        if p.len() == 3 {
            for (a, b) in [(0, 1), (1, 2), (0, 2)] {
                edges.push((p[a], p[b]));
                weights.push(heavy + rng.random_range(-1..=1));
            }
        }
    }
    for i in 0..outer {
        let (a, b) = (&parts[i], &parts[(i + 1) % outer]);
        edges.push((
            a[rng.random_range(0..a.len())],
            b[rng.random_range(0..b.len())],
        ));
        weights.push(rng.random_range(1..heavy));
    }
    // A pendant or two, and noise.
    let total = n as usize + rng.random_range(0..=1);
    for _ in 0..rng.random_range(0..4) {
        let u = rng.random_range(0..total) as u32;
        let v = rng.random_range(0..total) as u32;
        edges.push((u, v));
        weights.push(rng.random_range(-2..heavy));
    }
    (total, edges, weights)
}

/// Runs perfect mode, checks its duals under [`Lp::Perfect`] and compares with the oracle (the
/// maximum-weight perfect matching is the minimum-cost one of the negated weights); returns
/// whether a perfect matching exists.
pub(super) fn run_perfect(n: usize, edges: &[(u32, u32)], weights: &[i64]) -> bool {
    let got = max_weight_perfect_matching(n, edges, weights).expect("valid input");
    let negated: Vec<_> = edges
        .iter()
        .zip(weights)
        .map(|(&(u, v), &w)| (u as usize, v as usize, -w))
        .collect();
    let want = min_weight_perfect(n, &negated).map(|t| -t);
    let ctx = || format!("n={n} edges={edges:?} weights={weights:?} got={got:?}");
    match &got {
        None => {
            assert_eq!(want, None, "{}", ctx());
            false
        }
        Some(found) => {
            let total = verify_lp(n, edges, weights, &found.edges, &found.duals, Lp::Perfect)
                .unwrap_or_else(|e| panic!("{e}: {}", ctx()));
            assert_eq!(Some(total), want, "{}", ctx());
            true
        }
    }
}

/// A random graph with a planted perfect matching (sometimes broken by dropping a vertex's
/// edges), more edges of any kind, and blossoms' shape of odd cycles.
pub(super) fn perfect_graph(
    rng: &mut ChaCha8Rng,
    nmax: usize,
) -> (usize, Vec<(u32, u32)>, Vec<i64>) {
    let n = 2 * rng.random_range(0..=nmax / 2) + usize::from(rng.random_range(0..10) == 0);
    let mode = rng.random_range(0..i64::KINDS);
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut edges = Vec::new();
    let mut weights = Vec::new();
    for pair in order.chunks_exact(2) {
        edges.push((pair[0], pair[1]));
        weights.push(random_weight(rng, mode));
    }
    let extra = if n == 0 {
        0
    } else if rng.random_range(0..3) == 0 {
        n * (n - 1) / 2
    } else {
        rng.random_range(0..=2 * n)
    };
    for _ in 0..extra {
        let u = rng.random_range(0..n) as u32;
        let v = if rng.random_range(0..20) == 0 {
            u
        } else {
            rng.random_range(0..n) as u32
        };
        edges.push((u, v));
        weights.push(random_weight(rng, mode));
    }
    if n > 0 && rng.random_range(0..8) == 0 {
        let gone = rng.random_range(0..n) as u32;
        let keep: Vec<bool> = edges.iter().map(|&(u, v)| u != gone && v != gone).collect();
        let mut k = keep.iter();
        edges.retain(|_| *k.next().unwrap());
        let mut k = keep.iter();
        weights.retain(|_| *k.next().unwrap());
    }
    (n, edges, weights)
}

#[test]
fn perfect_mode_matches_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let (mut found, mut none, mut wide) = (0, 0, 0);
    for _ in 0..4000 {
        let (n, edges, weights) = perfect_graph(&mut rng, 11);
        let largest = weights.iter().map(|w| w.unsigned_abs()).max().unwrap_or(0);
        wide += usize::from(!perfect_fits_i64(n, largest));
        if run_perfect(n, &edges, &weights) {
            found += 1;
        } else {
            none += 1;
        }
    }
    for _ in 0..3000 {
        let (n, edges, weights) = random_graph(&mut rng, 11);
        if run_perfect(n, &edges, &weights) {
            found += 1;
        }
    }
    for _ in 0..3000 {
        let (n, edges, weights) = nested_graph(&mut rng);
        if run_perfect(n, &edges, &weights) {
            found += 1;
        }
    }
    // Weights near ±2^59 run on i128 (n·(2W + 1) > 2^58), the others on i64: both tested.
    assert!(
        found > 2000 && none > 100 && wide > 500,
        "found {found}, none {none}, wide {wide}"
    );
}

/// Perfect mode's certificates: tampered copies are refused under `Lp::Perfect`, and the
/// negative duals it writes are refused under `Lp::Matching`.
#[test]
fn perfect_mode_tampered_duals_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(341);
    let mut negative = 0;
    for _ in 0..2000 {
        let (n, edges, weights) = perfect_graph(&mut rng, 11);
        let Some(found) = max_weight_perfect_matching(n, &edges, &weights).unwrap() else {
            continue;
        };
        let ok = |d: &Duals, m: &[usize]| verify_lp(n, &edges, &weights, m, d, Lp::Perfect);
        assert!(ok(&found.duals, &found.edges).is_ok());
        if n > 0 {
            let v = rng.random_range(0..n);
            let mut d = found.duals.clone();
            d.vertex[v] -= 1;
            assert!(ok(&d, &found.edges).is_err(), "dual of {v} lowered");
            let mut d = found.duals.clone();
            d.vertex[v] += 1;
            assert!(ok(&d, &found.edges).is_err(), "dual of {v} raised");
            assert!(
                ok(&found.duals, &found.edges[1..]).is_err(),
                "a pair dropped"
            );
        }
        if let Some(b) = found.duals.blossoms.first() {
            let mut d = found.duals.clone();
            d.blossoms[0].dual = b.dual - 1;
            let e = ok(&d, &found.edges);
            assert!(e.is_err(), "odd set dual lowered");
        }
        if found.duals.vertex.iter().any(|&d| d < 0) {
            negative += 1;
            assert!(
                verify(n, &edges, &weights, &found.edges, &found.duals).is_err(),
                "negative duals accepted for the maximum-weight LP"
            );
        }
    }
    assert!(negative > 100, "{negative}");
}

/// Perfect questions with weights at the limit ±2^59 on graphs of every size up to 11
/// (the i128 path), against the oracle.
#[test]
fn perfect_mode_extreme_weights() {
    let mut rng = ChaCha8Rng::seed_from_u64(59);
    for _ in 0..1500 {
        let (n, edges, mut weights) = perfect_graph(&mut rng, 11);
        for w in &mut weights {
            *w = match rng.random_range(0..4) {
                0 => MAX_WEIGHT - rng.random_range(0..3),
                1 => -MAX_WEIGHT + rng.random_range(0..3),
                2 => rng.random_range(-MAX_WEIGHT..=MAX_WEIGHT),
                _ => rng.random_range(-2..=2),
            };
        }
        run_perfect(n, &edges, &weights);
    }
}

#[test]
fn random_small_graphs_match_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut deepest = 0;
    for _ in 0..4000 {
        let (n, edges, weights) = random_graph(&mut rng, 11);
        deepest = deepest.max(run(n, &edges, &weights));
    }
    assert!(
        deepest >= 2,
        "no nested blossom in the duals (deepest {deepest})"
    );
}

#[test]
fn nested_odd_cycles_match_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut deepest = 0;
    for _ in 0..3000 {
        let (n, edges, weights) = nested_graph(&mut rng);
        deepest = deepest.max(run(n, &edges, &weights));
    }
    assert!(
        deepest >= 2,
        "no nested blossom in the duals (deepest {deepest})"
    );
}

#[test]
fn shifted_weights_give_maximum_cardinality() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for _ in 0..2000 {
        let (n, edges, mut weights) = random_graph::<i64>(&mut rng, 10);
        for w in &mut weights {
            *w = (*w).clamp(-1000, 1000);
        }
        let maxw = weights.iter().map(|w| w.abs()).max().unwrap_or(0);
        let k = 1 + 2 * n as i64 * maxw;
        let shifted: Vec<i64> = weights.iter().map(|&w| w + k).collect();
        let got = max_weight_matching(n, &edges, &shifted).expect("valid input");
        check(n, &edges, &shifted, &got.edges, &got.duals)
            .unwrap_or_else(|e| panic!("{e}: n={n} edges={edges:?} weights={shifted:?}"));
        let list: Vec<_> = edges
            .iter()
            .zip(&weights)
            .map(|(&(u, v), &w)| (u as usize, v as usize, w))
            .collect();
        let (card, best) = max_weight_max_cardinality(n, &list);
        let mine: i128 = got.edges.iter().map(|&e| i128::from(weights[e])).sum();
        assert_eq!(
            (got.edges.len(), mine),
            (card, best),
            "n={n} edges={edges:?} weights={weights:?}"
        );
    }
}

#[test]
fn hand_made_graphs() {
    // Triangle: the heaviest edge.
    let r = max_weight_matching(3, &[(0, 1), (1, 2), (0, 2)], &[5, 6, 7]).unwrap();
    assert_eq!(r.edges, vec![2]);
    // Path where the middle edge is heaviest yet not chosen.
    let r = max_weight_matching(4, &[(0, 1), (1, 2), (2, 3)], &[5, 8, 5]).unwrap();
    assert_eq!(r.edges, vec![0, 2]);
    // Parallel edges: the heavier copy; self-loop ignored.
    let r = max_weight_matching(2, &[(0, 1), (1, 0), (0, 0)], &[3, 4, 100]).unwrap();
    assert_eq!(r.edges, vec![1]);
    // Nothing positive: empty matching, zero duals.
    let r = max_weight_matching(3, &[(0, 1), (1, 2)], &[0, -4]).unwrap();
    assert!(r.edges.is_empty());
    assert_eq!(r.duals.vertex, vec![0, 0, 0]);
    let r = max_weight_matching(0, &[], &[]).unwrap();
    assert!(r.edges.is_empty() && r.duals.vertex.is_empty());
}

#[test]
fn bad_input_is_refused() {
    assert!(matches!(
        max_weight_matching(2, &[(0, 1)], &[]),
        Err(WeightError::Shape(_))
    ));
    assert!(matches!(
        max_weight_matching(2, &[(0, 2)], &[1]),
        Err(WeightError::Shape(_))
    ));
    // Past twice the wide limit (n·|w| ≥ 2^120; room for the gadget graph).
    assert_eq!(
        max_weight_matching_wide(2, &[(0, 1), (0, 1)], &[1, 1 << 119]),
        Err(WeightError::TooWide {
            edge: 1,
            weight: 1 << 119,
            vertices: 2
        })
    );
    assert!(matches!(
        max_weight_perfect_matching_wide(2, &[(0, 1)], &[-(1 << 119)]),
        Err(WeightError::TooWide { edge: 0, .. })
    ));
    // Every i64 weight is taken (beyond MAX_WEIGHT on the i128 engine), and just below the
    // limit too.
    let r = max_weight_matching(2, &[(0, 1), (0, 1)], &[1, i64::MAX]).unwrap();
    assert_eq!(r.edges, vec![1]);
    let r = max_weight_matching(2, &[(0, 1)], &[i64::MIN]).unwrap();
    assert_eq!(r.edges, Vec::<usize>::new());
    let r = max_weight_perfect_matching(2, &[(0, 1)], &[i64::MIN])
        .unwrap()
        .unwrap();
    assert_eq!(r.edges, vec![0]);
    let r = max_weight_matching_wide(2, &[(0, 1)], &[(1 << 119) - 1]).unwrap();
    assert_eq!(r.edges, vec![0]);
    // The extremes themselves are fine.
    let r = max_weight_matching(3, &[(0, 1), (1, 2)], &[MAX_WEIGHT, -MAX_WEIGHT]).unwrap();
    assert_eq!(r.edges, vec![0]);
}

/// A long chain of triangles hung on a path nests blossoms deeply; nothing may recurse.
#[test]
fn deep_nesting_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            // Vertices 0..2k+1: a "fan" whose odd cycles nest as the search grows them.
            let k = 2000u32;
            let n = 2 * k as usize + 1;
            let mut edges = Vec::new();
            let mut weights = Vec::new();
            for i in 0..k {
                let (a, b, c) = (2 * i, 2 * i + 1, 2 * i + 2);
                edges.extend([(a, b), (b, c), (a, c)]);
                weights.extend([10, 10, 10]);
            }
            let got = max_weight_matching(n, &edges, &weights).unwrap();
            assert_eq!(got.edges.len(), k as usize);
            got.duals.vertex.len()
        })
        .unwrap();
    assert_eq!(handle.join().unwrap(), 4001);
}
/// Issue 33's panics: a tree dissolved by an augmentation left its inner T marks on vertices
/// inside another tree's T-blossom, and expanding that blossom labelled through them. The
/// first graph in every one of a few hundred renumberings (about half panicked), with the
/// weight of `6 0` from 1 to 8 and negated for the smallest weight; the second as asked
/// (maximum cardinality, through the shift).
#[test]
fn issue_33_stale_inner_marks() {
    let base: [(u32, u32, i64); 8] = [
        (3, 4, 9),
        (7, 5, 6),
        (6, 0, 5),
        (1, 4, 5),
        (3, 7, 10),
        (2, 7, 6),
        (1, 8, 2),
        (4, 7, 9),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    for w60 in 1..=8 {
        for round in 0..200 {
            let mut perm: Vec<u32> = (0..9).collect();
            if round > 0 {
                for i in (1..9).rev() {
                    perm.swap(i, rng.random_range(0..=i));
                }
            }
            let edges: Vec<(u32, u32)> = base
                .iter()
                .map(|&(u, v, _)| (perm[u as usize], perm[v as usize]))
                .collect();
            let weights: Vec<i64> = base
                .iter()
                .map(|&(u, v, w)| if (u, v) == (6, 0) { w60 } else { w })
                .collect();
            run(9, &edges, &weights);
            let got = max_weight_matching(9, &edges, &weights).unwrap();
            if w60 == 5 {
                let total: i64 = got.edges.iter().map(|&i| weights[i]).sum();
                assert_eq!((total, got.edges.len()), (22, 4));
            }
        }
    }
    let second: [(u32, u32, i64); 28] = [
        (13, 17, 3),
        (20, 21, 3),
        (25, 3, 3),
        (14, 24, 1),
        (23, 12, 3),
        (3, 12, 3),
        (13, 28, 3),
        (17, 21, 2),
        (26, 7, 3),
        (25, 1, 3),
        (27, 20, 2),
        (4, 27, 3),
        (24, 23, 2),
        (18, 2, 0),
        (28, 19, 2),
        (26, 10, 3),
        (6, 10, 1),
        (7, 19, 2),
        (16, 4, 3),
        (8, 10, 0),
        (12, 16, 2),
        (14, 0, 2),
        (6, 1, 2),
        (5, 0, 3),
        (5, 11, 1),
        (23, 22, 3),
        (4, 9, 2),
        (15, 22, 1),
    ];
    let edges: Vec<(u32, u32)> = second.iter().map(|&(u, v, _)| (u, v)).collect();
    let weights: Vec<i64> = second.iter().map(|&(_, _, w)| w).collect();
    let got = max_weight_matching(29, &edges, &weights).unwrap();
    check(29, &edges, &weights, &got.edges, &got.duals).unwrap();
    // Shifted as the maximum-cardinality question shifts them.
    let shift = 28 * 3 + 1;
    let shifted: Vec<i64> = weights.iter().map(|&w| w + shift).collect();
    let got = max_weight_matching(29, &edges, &shifted).unwrap();
    check(29, &edges, &shifted, &got.edges, &got.duals).unwrap();
    // networkx's max_weight_matching(maxcardinality=True): 14 pairs weighing 27 (29 vertices
    // are past the exhaustive oracle's reach); the verified duals prove the weight.
    let ours: i64 = got.edges.iter().map(|&i| weights[i]).sum();
    assert_eq!((got.edges.len(), ours), (14, 27));
}

/// Medium graphs (20–160 vertices, beyond the oracle): perfect mode against the maximum-weight
/// run on weights shifted by `1 + n·max|w|` (every maximum-weight matching of those is a
/// maximum-cardinality one, so perfect when one exists), both proved by the verifier.
/// A random multigraph on `n` vertices: a random perfect matching first when `planted`
/// (`n` even), then a number drawn from `extra` of random pairs (self-loops and parallel
/// edges included).
pub(super) fn planted_graph(
    rng: &mut ChaCha8Rng,
    n: usize,
    planted: bool,
    extra: std::ops::RangeInclusive<usize>,
) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    if planted {
        let mut order: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        edges.extend(order.chunks_exact(2).map(|p| (p[0], p[1])));
    }
    for _ in 0..rng.random_range(extra) {
        edges.push((rng.random_range(0..n) as u32, rng.random_range(0..n) as u32));
    }
    edges
}

#[test]
fn perfect_mode_agrees_with_the_shift_at_medium_sizes() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434);
    let mut perfect = 0;
    for _ in 0..300 {
        let n = 2 * rng.random_range(10..=80);
        let planted = rng.random_range(0..4) != 0;
        let edges = planted_graph(&mut rng, n, planted, n..=4 * n);
        let spread = [2i64, 10, 1000][rng.random_range(0..3)];
        let weights: Vec<i64> = edges
            .iter()
            .map(|_| rng.random_range(-spread..=spread))
            .collect();
        let got = max_weight_perfect_matching(n, &edges, &weights).unwrap();
        let shift = 1 + n as i64 * spread;
        let shifted: Vec<i64> = weights.iter().map(|&w| w + shift).collect();
        let other = max_weight_matching(n, &edges, &shifted).unwrap();
        verify(n, &edges, &shifted, &other.edges, &other.duals).unwrap();
        let ctx = || format!("n={n} edges={edges:?} weights={weights:?}");
        match got {
            None => assert!(2 * other.edges.len() < n, "{}", ctx()),
            Some(found) => {
                perfect += 1;
                let total = verify_lp(n, &edges, &weights, &found.edges, &found.duals, Lp::Perfect)
                    .unwrap_or_else(|e| panic!("{e}: {}", ctx()));
                assert_eq!(2 * other.edges.len(), n, "{}", ctx());
                let theirs: i128 = other.edges.iter().map(|&e| i128::from(weights[e])).sum();
                assert_eq!(total, theirs, "{}", ctx());
            }
        }
    }
    assert!(perfect > 150, "{perfect}");
}

#[test]
fn odd_set_forest_flattens_zero_duals_and_lists_children_first() {
    // Vertices 0..7, blossoms 7..14: 7 = {0, 1, 2} (dual 6), 8 = {7, 3, 4} (dual 0: flattened),
    // 9 = {8, 5, 6} (dual 2); blossom 10 is not in use (its stale parent is never followed).
    let n = 7;
    let mut parent = vec![NONE; 2 * n];
    for v in [0, 1, 2] {
        parent[v] = 7;
    }
    for x in [7, 3, 4] {
        parent[x] = 8;
    }
    for x in [8, 5, 6] {
        parent[x] = 9;
    }
    parent[10] = 10;
    let sets = odd_set_forest(n, &parent, |b| match b {
        7 => Some(6),
        9 => Some(2),
        _ => None,
    });
    assert_eq!(
        sets,
        vec![
            OddSet {
                vertices: vec![0, 1, 2],
                children: vec![],
                dual: 6
            },
            OddSet {
                vertices: vec![3, 4, 5, 6],
                children: vec![0],
                dual: 2
            },
        ]
    );
    assert!(odd_set_forest(n, &[NONE; 14], |_| Some(1)).is_empty());
}

/// The jump start of the maximum-weight search (every vertex at its heaviest edge) leaves
/// exposed vertices with different duals: an S-vertex whose dual reaches 0 is left exposed
/// (δ1, `free_vertex`) and a later tight edge to it ends an augmenting path
/// (`augment_to_free`). Both paths are taken on random graphs, and every answer there agrees
/// with the oracle and passes the verifier.
#[test]
fn jump_start_frees_vertices_and_augments_to_them() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434);
    let mut freed = [0usize; 2];
    for round in 0..3000 {
        let (n, edges, weights) = if round % 3 == 0 {
            nested_graph(&mut rng)
        } else {
            random_graph(&mut rng, 11)
        };
        run(n, &edges, &weights);
        let kept = kept_edges(&edges, &weights, false);
        let mut engine = Engine::<i64>::new(n, &edges, &weights, &kept, Mode::Matching);
        assert!(engine.solve());
        freed[0] += engine.freed[0];
        freed[1] += engine.freed[1];
    }
    assert!(
        freed[0] > 0 && freed[1] > 0,
        "paths not exercised: {freed:?}"
    );
}

/// The δ2 filter (`Engine::push2`): on random graphs both questions leave dominated
/// candidates out, and every answer passes the verifier (small graphs: and agrees with the
/// oracle), with the check after every dual step (below 64 vertices) that no edge is left
/// uncovered: a candidate left out whose dominating one is dead or stale fails it (checked
/// by not forgetting the record on labelling: this test then fails).
#[test]
fn dominated_delta2_candidates_are_left_out_safely() {
    let mut rng = ChaCha8Rng::seed_from_u64(3437);
    let mut dominated = [0usize; 2];
    for round in 0..2000 {
        let perfect = round % 2 == 0;
        let (n, edges, weights) = if round % 4 < 2 {
            // Medium: many trees, blossoms and dissolves; the verifier alone.
            let n = 2 * rng.random_range(10..=31);
            let edges = planted_graph(&mut rng, n, true, n..=5 * n);
            let kind = rng.random_range(0..i64::KINDS);
            let weights: Vec<i64> = edges
                .iter()
                .map(|_| random_weight(&mut rng, kind))
                .collect();
            if perfect {
                let got = max_weight_perfect_matching(n, &edges, &weights).unwrap();
                let found = got.expect("a planted perfect matching");
                verify_lp(n, &edges, &weights, &found.edges, &found.duals, Lp::Perfect).unwrap();
            } else {
                let got = max_weight_matching(n, &edges, &weights).unwrap();
                verify(n, &edges, &weights, &got.edges, &got.duals).unwrap();
            }
            (n, edges, weights)
        } else {
            let (n, edges, weights) = match round % 3 {
                0 => nested_graph(&mut rng),
                1 => random_graph(&mut rng, 13),
                _ => perfect_graph(&mut rng, 14),
            };
            if perfect {
                run_perfect(n, &edges, &weights);
            } else {
                run(n, &edges, &weights);
            }
            (n, edges, weights)
        };
        let largest = weights.iter().map(|w| w.unsigned_abs()).max().unwrap_or(0);
        if perfect && !perfect_fits_i64(n, largest) {
            continue;
        }
        let kept = kept_edges(&edges, &weights, perfect);
        let mode = if perfect {
            Mode::Perfect
        } else {
            Mode::Matching
        };
        let mut engine = Engine::<i64>::new(n, &edges, &weights, &kept, mode);
        engine.solve();
        dominated[usize::from(perfect)] += engine.dominated;
    }
    assert!(
        dominated[0] > 1000 && dominated[1] > 1000,
        "filter not exercised: {dominated:?}"
    );
}

/// The greedy start on ties: every edge of one weight (so every edge is tight at the start
/// and the greedy pass's choices decide which vertices are left as roots), or weights from
/// two close values; both questions against the oracle, with negative and zero weights too.
#[test]
fn greedy_start_on_ties_matches_the_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(3435);
    let mut perfect = [0usize; 2];
    for round in 0..3000 {
        let (n, edges, mut weights) = if round % 2 == 0 {
            random_graph(&mut rng, 11)
        } else {
            perfect_graph(&mut rng, 12)
        };
        let c = [1, 0, -1, 7, MAX_WEIGHT][round % 5];
        let two = round % 3 == 0;
        for w in &mut weights {
            *w = if two && rng.random_range(0..2) == 0 {
                c.saturating_sub(1)
            } else {
                c
            };
        }
        run(n, &edges, &weights);
        perfect[usize::from(run_perfect(n, &edges, &weights))] += 1;
    }
    assert!(perfect[0] > 0 && perfect[1] > 0, "{perfect:?}");
}

/// The breadth-first renumbering (`init::locality_order`, used under test on every graph of 4
/// or more vertices): a permutation of the vertices, and a shuffled copy of a graph gets
/// answers of the same total for both questions, each proof checked in the input's numbers
/// (vertex duals and odd sets mapped back), on graphs of up to 60 vertices with nested
/// blossoms, many trees at once and several components.
#[test]
fn renumbering_is_a_permutation_and_shuffled_copies_agree() {
    let mut rng = ChaCha8Rng::seed_from_u64(3436);
    for round in 0..400 {
        let (n, edges, weights) = if round % 2 == 0 {
            nested_graph(&mut rng)
        } else {
            perfect_graph(&mut rng, 60)
        };
        let kept = kept_edges(&edges, &weights, true);
        if let Some(new_of) = super::init::locality_order(n, &edges, &kept) {
            let mut seen = vec![false; n];
            for &x in &new_of {
                assert!(
                    !std::mem::replace(&mut seen[x as usize], true),
                    "{new_of:?}"
                );
            }
        }
        let mut shuffle: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            shuffle.swap(i, rng.random_range(0..=i));
        }
        let copy: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(u, v)| (shuffle[u as usize], shuffle[v as usize]))
            .collect();
        let mut totals = Vec::new();
        for e in [&edges, &copy] {
            let got = max_weight_matching(n, e, &weights).expect("valid input");
            let total = verify(n, e, &weights, &got.edges, &got.duals).expect("verified");
            let perfect = max_weight_perfect_matching(n, e, &weights)
                .expect("valid input")
                .map(|found| {
                    verify_lp(n, e, &weights, &found.edges, &found.duals, Lp::Perfect)
                        .expect("verified")
                });
            totals.push((total, perfect));
        }
        assert_eq!(
            totals[0], totals[1],
            "n={n} edges={edges:?} weights={weights:?}"
        );
    }
}

/// The kept edges by one sort of all of them (the definition): pairs `(min, max)`, heavier
/// first, then by index; the first of each pair kept.
fn kept_by_one_sort(edges: &[(u32, u32)], weights: &[i64], perfect: bool) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..edges.len())
        .filter(|&i| edges[i].0 != edges[i].1 && (perfect || weights[i] > 0))
        .collect();
    let key = |i: usize| (edges[i].0.min(edges[i].1), edges[i].0.max(edges[i].1));
    kept.sort_by_key(|&i| (key(i), -weights[i], i));
    kept.dedup_by_key(|i| key(*i));
    kept
}

#[test]
fn kept_edges_are_the_heaviest_first_copies_in_pair_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(3434);
    for round in 0..3000 {
        let n = rng.random_range(1..12usize);
        let m = rng.random_range(0..40usize);
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng.random_range(0..n as u32), rng.random_range(0..n as u32)))
            .collect();
        let weights: Vec<i64> = (0..m).map(|_| rng.random_range(-3..4)).collect();
        for perfect in [false, true] {
            let want = kept_by_one_sort(&edges, &weights, perfect);
            assert_eq!(
                kept_edges(&edges, &weights, perfect),
                want,
                "round {round}, perfect {perfect}: {edges:?} {weights:?}"
            );
            // The ends and weights in kept order, as the caller's edges name them.
            let kept = super::kept_list(&edges, &weights, perfect);
            let ends: Vec<(u32, u32)> = want.iter().map(|&i| edges[i]).collect();
            let weight: Vec<i64> = want.iter().map(|&i| weights[i]).collect();
            assert_eq!(kept.ends, ends, "round {round}: {edges:?}");
            assert_eq!(kept.weight, weight, "round {round}: {edges:?} {weights:?}");
        }
    }
}

/// The kept list (`kept_list`) with 32-bit and 64-bit counters and tags (the second is used
/// from 2³¹ input edges on, too many for a test): the same edges, ends and weights, and
/// those of a plain recount: of each vertex pair, the first among its heaviest wanted
/// copies, in the order of the pairs `(min, max)`, each with its ends as the input names
/// them.
#[test]
fn kept_list_with_either_tag_width_keeps_the_first_heaviest_copy() {
    use super::{Kept, kept_list_in};
    let mut rng = ChaCha8Rng::seed_from_u64(3436);
    for round in 0..2000 {
        let (_, edges, weights) = random_graph::<i64>(&mut rng, 12);
        let perfect = round % 2 == 0;
        let mut best: std::collections::BTreeMap<(u32, u32), usize> = Default::default();
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u == v || (!perfect && weights[i] <= 0) {
                continue;
            }
            let at = best.entry((u.min(v), u.max(v))).or_insert(i);
            if weights[i] > weights[*at] {
                *at = i;
            }
        }
        let index: Vec<usize> = best.values().copied().collect();
        let Kept {
            index: i32s,
            ends: e32,
            weight: w32,
        } = kept_list_in::<i64, u32>(&edges, &weights, perfect);
        let Kept {
            index: i64s,
            ends: e64,
            weight: w64,
        } = kept_list_in::<i64, u64>(&edges, &weights, perfect);
        assert_eq!(i32s, index);
        assert_eq!(i64s, index);
        let ends: Vec<(u32, u32)> = index.iter().map(|&i| edges[i]).collect();
        let weight: Vec<i64> = index.iter().map(|&i| weights[i]).collect();
        assert_eq!((&e32, &w32), (&ends, &weight));
        assert_eq!((&e64, &w64), (&ends, &weight));
    }
}
