//! 2-SAT: random satisfiable formulas (a planted assignment; every clause has a true literal) at
//! three sizes, and L-puzzle boards (random tilings, always YES) at three sizes, solved with a
//! tiling and decided only.
//!
//! `cargo bench --bench twosat`; the cross-engine comparison is `bench/run.sh`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gridmatch::Grid;
use gridmatch::generate::{self, LStyle};
use gridmatch::graph::twosat::{Formula, Lit, Outcome};
use gridmatch::puzzles::{Answer, Puzzle, Request};

/// Variables of the random formulas (clauses: twice as many).
const VARS: [usize; 3] = [10_000, 100_000, 1_000_000];
/// L-puzzle board sides.
const SIDES: [usize; 3] = [100, 300, 1000];

/// A small deterministic generator (SplitMix64), so formulas do not depend on `rand`'s API.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `2 * vars` random clauses over `vars` variables, each satisfied by a hidden assignment.
fn planted(vars: usize, seed: u64) -> Formula {
    let mut rng = SplitMix(seed);
    let truth: Vec<bool> = (0..vars).map(|_| rng.next() & 1 == 1).collect();
    let lit = |v: usize, positive: bool| {
        if positive {
            Lit::pos(v as u32)
        } else {
            Lit::neg(v as u32)
        }
    };
    let mut f = Formula::new(vars);
    for _ in 0..2 * vars {
        let (a, b) = (rng.below(vars), rng.below(vars));
        // `a` gets its true value; `b` a random one.
        let sign_b = rng.next() & 1 == 1;
        f.add_clause(lit(a, truth[a]), lit(b, sign_b));
    }
    f
}

fn bench_formulas(c: &mut Criterion) {
    let mut group = c.benchmark_group("twosat/planted_formula");
    for vars in VARS {
        let f = planted(vars, vars as u64);
        assert!(matches!(f.solve(), Outcome::Satisfiable(_)));
        if vars >= 1_000_000 {
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(10));
        }
        group.throughput(Throughput::Elements(f.clauses().len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(vars), &f, |b, f| {
            b.iter(|| matches!(black_box(f).solve(), Outcome::Satisfiable(_)))
        });
    }
    group.finish();
}

/// An L-puzzle decision.
type Decide = fn(&Grid) -> bool;

/// Whether `g` can be built, through the puzzle interface: with a tiling or the reason
/// (`certificate`), or the decision alone.
fn yes(g: &Grid, certificate: bool) -> bool {
    let request = Request {
        certificate,
        ..Request::judge()
    };
    match Puzzle::Lpuzzle.answer(g, &request) {
        Ok(Answer::Lpuzzle(a)) => a.yes,
        _ => unreachable!("an L-puzzle pattern has an L-puzzle answer"),
    }
}

/// The whole solve (tiling or reason) and the decision alone (the judge's YES/NO: propagation
/// of forced choices, 2-SAT on the rest), on the same tiled boards.
fn bench_lpuzzle(c: &mut Criterion) {
    let engines: [(&str, Decide); 2] = [
        ("twosat/lpuzzle_solve", |g| yes(g, true)),
        ("twosat/lpuzzle_can_build", |g| yes(g, false)),
    ];
    for (name, decide) in engines {
        let mut group = c.benchmark_group(name);
        for n in SIDES {
            let grid = generate::lpuzzle(&mut generate::rng(n as u64), n, n, 0.9, LStyle::Tiled);
            assert!(decide(&grid));
            if n >= 1000 {
                group
                    .sample_size(10)
                    .measurement_time(Duration::from_secs(10));
            }
            group.throughput(Throughput::Elements((n * n) as u64));
            group.bench_with_input(
                BenchmarkId::from_parameter(format!("{n}x{n}")),
                &grid,
                |b, grid| b.iter(|| decide(black_box(grid))),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench_formulas, bench_lpuzzle);
criterion_main!(benches);
