//! Weighted matching: the general engine (`max_weight_matching`) on G(n, 5n) and 2-D grids with
//! weights 1..10⁶, the maximum-cardinality question (`solve`) on G(n, 5n), the assignment
//! engines (dense uniform matrices; sparse 5 entries a row plus the diagonal), and the
//! independent verifier on the engine's answer for G(10⁵, 5·10⁵), and dense graphs on both
//! sides of the library's dense-engine threshold (¾ of the vertex pairs: `general`'s module
//! docs), both questions. These were the `#[ignore]`d timing tests of the weighted modules.
//!
//! `cargo bench --bench weighted`; the cross-engine comparison is `bench/run.sh` (`bench/weighted.py`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gridmatch::graph::weighted::general::{max_weight_matching, max_weight_perfect_matching};
use gridmatch::graph::weighted::verify::verify;
use gridmatch::graph::weighted::{Cardinality, Question, Sense, assignment, solve};

/// Vertices of the random graphs G(n, 5n).
const SIZES: [usize; 2] = [1_000, 10_000];
/// Sides of the square grids.
const SIDES: [usize; 2] = [32, 100];
/// Sides of the dense assignment matrices.
const DENSE: [usize; 2] = [200, 1_000];
/// Rows (= columns) of the sparse assignment instances.
const SPARSE: [usize; 2] = [3_000, 30_000];
/// Vertices of the dense graphs, and the share of their vertex pairs joined (percent).
const DENSE_GRAPH: (usize, [u64; 3]) = (600, [50, 75, 100]);
/// Vertices of the graph whose answer is verified.
const VERIFY_N: usize = 100_000;

/// A small deterministic generator (SplitMix64), so instances do not depend on `rand`'s API.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn weight(&mut self) -> i64 {
        1 + self.below(1_000_000) as i64
    }
}

/// G(n, 5n): 5n edges with uniform ends (self-loops and parallel edges left in, as drawn).
fn random_graph(n: usize, seed: u64) -> (Vec<(u32, u32)>, Vec<i64>) {
    let mut rng = SplitMix(seed);
    let edges: Vec<(u32, u32)> = (0..5 * n)
        .map(|_| (rng.below(n as u64) as u32, rng.below(n as u64) as u32))
        .collect();
    let weights = edges.iter().map(|_| rng.weight()).collect();
    (edges, weights)
}

/// The side × side grid, each cell joined to its right and lower neighbours.
fn grid(side: usize, seed: u64) -> (Vec<(u32, u32)>, Vec<i64>) {
    let mut rng = SplitMix(seed);
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let v = (r * side + c) as u32;
            if c + 1 < side {
                edges.push((v, v + 1));
            }
            if r + 1 < side {
                edges.push((v, v + side as u32));
            }
        }
    }
    let weights = edges.iter().map(|_| rng.weight()).collect();
    (edges, weights)
}

fn slow(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
}

fn bench_general(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted/general");
    slow(&mut group);
    for n in SIZES {
        let (edges, weights) = random_graph(n, n as u64);
        group.throughput(Throughput::Elements(edges.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("G(n,5n)", n),
            &(edges, weights),
            |b, (e, w)| b.iter(|| max_weight_matching(n, black_box(e), w).map(|m| m.edges.len())),
        );
    }
    for side in SIDES {
        let (edges, weights) = grid(side, side as u64);
        let n = side * side;
        group.throughput(Throughput::Elements(edges.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("grid", format!("{side}x{side}")),
            &(edges, weights),
            |b, (e, w)| b.iter(|| max_weight_matching(n, black_box(e), w).map(|m| m.edges.len())),
        );
    }
    group.finish();
}

fn bench_maximum_cardinality(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted/max_cardinality");
    slow(&mut group);
    let question = Question {
        sense: Sense::Max,
        cardinality: Cardinality::Maximum,
    };
    for n in SIZES {
        let (edges, weights) = random_graph(n, 7 * n as u64);
        group.throughput(Throughput::Elements(edges.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("G(n,5n)", n),
            &(edges, weights),
            |b, (e, w)| b.iter(|| solve(n, black_box(e), w, question, None).is_ok()),
        );
    }
    group.finish();
}

fn bench_assignment(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted/assignment");
    slow(&mut group);
    for side in DENSE {
        let mut rng = SplitMix(side as u64);
        let cost: Vec<i64> = (0..side * side).map(|_| rng.weight()).collect();
        group.throughput(Throughput::Elements(cost.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("dense", format!("{side}x{side}")),
            &cost,
            |b, cost| b.iter(|| assignment::dense(side, side, black_box(cost)).is_ok()),
        );
    }
    for rows in SPARSE {
        let mut rng = SplitMix(3 * rows as u64);
        let mut edges: Vec<(u32, u32)> = (0..rows as u32).map(|i| (i, i)).collect();
        edges.extend(
            (0..5 * rows).map(|_| (rng.below(rows as u64) as u32, rng.below(rows as u64) as u32)),
        );
        let costs: Vec<i64> = edges.iter().map(|_| rng.weight()).collect();
        group.throughput(Throughput::Elements(edges.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("sparse", format!("{rows}+{rows}")),
            &(edges, costs),
            |b, (e, w)| {
                b.iter(|| matches!(assignment::sparse(rows, rows, black_box(e), w), Ok(Some(_))))
            },
        );
    }
    group.finish();
}

/// G(n, p) on points of a 10⁵ square, weight = distance + 1, for the densities of
/// [`DENSE_GRAPH`]: the library answers below ¾ with the sparse engine, from ¾ on with the
/// dense one (the crossover measured in docs/BENCHMARKS.md, "weighted frontier — dense graphs").
fn bench_dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted/dense");
    slow(&mut group);
    let (n, shares) = DENSE_GRAPH;
    for p in shares {
        let mut rng = SplitMix(p);
        let pts: Vec<(f64, f64)> = (0..n)
            .map(|_| (rng.below(100_000) as f64, rng.below(100_000) as f64))
            .collect();
        let mut edges = Vec::new();
        let mut weights = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(100) < p {
                    let (dx, dy) = (pts[u].0 - pts[v].0, pts[u].1 - pts[v].1);
                    edges.push((u as u32, v as u32));
                    weights.push((dx * dx + dy * dy).sqrt().round() as i64 + 1);
                }
            }
        }
        let negated: Vec<i64> = weights.iter().map(|&w| -w).collect();
        group.throughput(Throughput::Elements(edges.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("Euclid max weight", format!("{n},{p}%")),
            &(&edges, &weights),
            |b, (e, w)| b.iter(|| max_weight_matching(n, black_box(e), w).map(|m| m.edges.len())),
        );
        group.bench_with_input(
            BenchmarkId::new("Euclid min-cost perfect", format!("{n},{p}%")),
            &(&edges, &negated),
            |b, (e, w)| {
                b.iter(|| max_weight_perfect_matching(n, black_box(e), w).map(|m| m.is_some()))
            },
        );
    }
    group.finish();
}

fn bench_verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("weighted/verify");
    slow(&mut group);
    let n = VERIFY_N;
    let (edges, weights) = random_graph(n, 11);
    let found = max_weight_matching(n, &edges, &weights).expect("weights in range");
    assert!(verify(n, &edges, &weights, &found.edges, &found.duals).is_ok());
    group.throughput(Throughput::Elements(edges.len() as u64));
    group.bench_function(BenchmarkId::new("G(n,5n)", n), |b| {
        b.iter(|| verify(n, black_box(&edges), &weights, &found.edges, &found.duals).is_ok())
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_general,
    bench_maximum_cardinality,
    bench_assignment,
    bench_dense,
    bench_verify
);
criterion_main!(benches);
