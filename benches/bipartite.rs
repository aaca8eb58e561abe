//! Both bipartite engines (push–relabel, the default, and Hopcroft–Karp) on rooks run graphs
//! (row runs × column runs) of boards with 2% and 10% pawns at three board sizes, plus the whole
//! rooks reduction and the König cover.
//!
//! `cargo bench --bench bipartite`; the cross-engine comparison is `bench/run.sh`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gridmatch::Grid;
use gridmatch::generate;
use gridmatch::graph::bipartite::{
    BipartiteGraph, Matching, hopcroft_karp, konig_cover, maximum_matching, push_relabel,
};
use gridmatch::puzzles::{Answer, Puzzle, Request};

const SIZES: [usize; 3] = [100, 300, 1000];
const PAWNS: f64 = 0.1;

/// The run graph of a rooks board, built independently of `gridmatch::puzzles::rooks`.
fn run_graph(grid: &Grid) -> BipartiteGraph {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut row_run = vec![0u32; rows * cols];
    let mut col_run = vec![0u32; rows * cols];
    let (mut n_row, mut n_col) = (0u32, 0u32);
    for r in 0..rows {
        for c in 0..cols {
            if grid.get(r, c) == b'.' {
                if c == 0 || grid.get(r, c - 1) != b'.' {
                    n_row += 1;
                }
                row_run[r * cols + c] = n_row - 1;
            }
        }
    }
    for c in 0..cols {
        for r in 0..rows {
            if grid.get(r, c) == b'.' {
                if r == 0 || grid.get(r - 1, c) != b'.' {
                    n_col += 1;
                }
                col_run[r * cols + c] = n_col - 1;
            }
        }
    }
    let edges: Vec<(u32, u32)> = (0..rows * cols)
        .filter(|&i| grid.cells()[i] == b'.')
        .map(|i| (row_run[i], col_run[i]))
        .collect();
    BipartiteGraph::from_edges(n_row as usize, n_col as usize, &edges)
}

fn board(n: usize) -> Grid {
    board_with(n, PAWNS)
}

fn board_with(n: usize, pawns: f64) -> Grid {
    generate::rooks(&mut generate::rng(n as u64), n, n, pawns)
}

/// A bipartite matching engine.
type Engine = fn(&BipartiteGraph) -> Matching;

fn bench_engines(c: &mut Criterion) {
    let engines: [(&str, Engine); 2] = [
        ("push_relabel", push_relabel),
        ("hopcroft_karp", hopcroft_karp),
    ];
    for pawns in [0.02, PAWNS] {
        let mut group = c.benchmark_group(format!("bipartite/{}%_pawns", pawns * 100.0));
        for n in SIZES {
            let g = run_graph(&board_with(n, pawns));
            if n >= 1000 {
                group
                    .sample_size(10)
                    .measurement_time(Duration::from_secs(10));
            }
            group.throughput(Throughput::Elements(g.num_edges() as u64));
            for (name, engine) in engines {
                group.bench_with_input(BenchmarkId::new(name, format!("{n}x{n}")), &g, |b, g| {
                    b.iter(|| engine(black_box(g)).len())
                });
            }
        }
        group.finish();
    }
}

fn bench_konig_cover(c: &mut Criterion) {
    let mut group = c.benchmark_group("bipartite/konig_cover");
    for n in SIZES {
        let g = run_graph(&board(n));
        let m = maximum_matching(&g);
        group.throughput(Throughput::Elements(g.num_edges() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &g,
            |b, g| b.iter(|| konig_cover(black_box(g), &m).len()),
        );
    }
    group.finish();
}

fn bench_max_rooks(c: &mut Criterion) {
    let mut group = c.benchmark_group("bipartite/rooks_max_rooks");
    for n in SIZES {
        let grid = board(n);
        if n >= 1000 {
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(10));
        }
        group.throughput(Throughput::Elements((n * n) as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &grid,
            |b, grid| {
                b.iter(
                    || match Puzzle::Rooks.answer(black_box(grid), &Request::judge()) {
                        Ok(Answer::Rooks(a)) => a.max_rooks,
                        _ => unreachable!("a rooks board has a rooks answer"),
                    },
                )
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_engines, bench_konig_cover, bench_max_rooks);
criterion_main!(benches);
