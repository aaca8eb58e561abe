//! General maximum matching on King grid graphs (free cells of an n × n board with 10% of the
//! squares burned, 8-neighbour moves) at three sizes, the Gallai–Edmonds decomposition, the whole
//! King analysis, and petgraph's `maximum_matching` as an in-process peer on the same graphs
//! (only at the sizes where its O(V³) algorithm finishes in reasonable time).
//!
//! `cargo bench --bench general`; the cross-engine comparison is `bench/run.sh`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gridmatch::Grid;
use gridmatch::generate;
use gridmatch::graph::general::{Graph, gallai_edmonds, maximum_matching};
use gridmatch::puzzles::{Answer, Puzzle, Request};
use petgraph::graph::UnGraph;

const SIZES: [usize; 3] = [100, 300, 1000];
/// Sizes at which petgraph also runs.
const PETGRAPH_SIZES: [usize; 2] = [100, 300];
const BURNED: f64 = 0.1;

fn board(n: usize) -> Grid {
    generate::king(&mut generate::rng(n as u64), n, n, BURNED)
}

/// Free cells numbered row-major and each king move listed once.
fn king_edges(grid: &Grid) -> (usize, Vec<(u32, u32)>) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut id = vec![u32::MAX; rows * cols];
    let mut n = 0u32;
    for (i, &cell) in grid.cells().iter().enumerate() {
        if cell != b'#' {
            id[i] = n;
            n += 1;
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let u = id[r * cols + c];
            if u == u32::MAX {
                continue;
            }
            for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < rows as isize && c2 >= 0 && c2 < cols as isize {
                    let v = id[r2 as usize * cols + c2 as usize];
                    if v != u32::MAX {
                        edges.push((u, v));
                    }
                }
            }
        }
    }
    (n as usize, edges)
}

fn petgraph_of(n: usize, edges: &[(u32, u32)]) -> UnGraph<(), ()> {
    let mut g = UnGraph::<(), ()>::with_capacity(n, edges.len());
    for _ in 0..n {
        g.add_node(());
    }
    g.extend_with_edges(edges);
    g
}

fn slow(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, n: usize) {
    if n >= 1000 {
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(15));
    } else if n >= 300 {
        group
            .sample_size(20)
            .measurement_time(Duration::from_secs(8));
    }
}

fn bench_maximum_matching(c: &mut Criterion) {
    let mut group = c.benchmark_group("general/maximum_matching");
    for n in SIZES {
        let (v, edges) = king_edges(&board(n));
        let g = Graph::from_edges(v, &edges);
        slow(&mut group, n);
        group.throughput(Throughput::Elements(v as u64));
        group.bench_with_input(
            BenchmarkId::new("gridmatch", format!("{n}x{n}")),
            &g,
            |b, g| b.iter(|| maximum_matching(black_box(g)).len()),
        );
        if PETGRAPH_SIZES.contains(&n) {
            let pg = petgraph_of(v, &edges);
            // Same graph, same answer.
            assert_eq!(
                petgraph::algo::maximum_matching(&pg).len(),
                maximum_matching(&g).len(),
                "petgraph and gridmatch disagree on {n}x{n}"
            );
            group.bench_with_input(
                BenchmarkId::new("petgraph", format!("{n}x{n}")),
                &pg,
                |b, pg| b.iter(|| petgraph::algo::maximum_matching(black_box(pg)).len()),
            );
        }
    }
    group.finish();
}

fn bench_gallai_edmonds(c: &mut Criterion) {
    let mut group = c.benchmark_group("general/gallai_edmonds");
    for n in SIZES {
        let (v, edges) = king_edges(&board(n));
        let g = Graph::from_edges(v, &edges);
        let m = maximum_matching(&g);
        slow(&mut group, n);
        group.throughput(Throughput::Elements(v as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &g,
            |b, g| b.iter(|| gallai_edmonds(black_box(g), &m).classes().len()),
        );
    }
    group.finish();
}

fn bench_king_analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("general/king_analysis");
    for n in SIZES {
        let grid = board(n);
        slow(&mut group, n);
        group.throughput(Throughput::Elements((n * n) as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &grid,
            |b, grid| {
                // The whole-board analysis (the winner from every square), not the judge's
                // start-component fast path.
                let request = Request {
                    map: true,
                    ..Request::judge()
                };
                b.iter(|| match Puzzle::King.answer(black_box(grid), &request) {
                    Ok(Answer::King(a)) => a.map.map(|m| m.rows()),
                    _ => unreachable!("a King board has a King answer"),
                })
            },
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_maximum_matching,
    bench_gallai_edmonds,
    bench_king_analysis
);
criterion_main!(benches);
