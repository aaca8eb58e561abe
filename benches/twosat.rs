//! 2-SAT: random satisfiable formulas (a planted assignment; every clause has a true literal) at
//! three sizes; uniformly random formulas on both sides of the threshold (building the
//! implication graph, and solving); implicit implication graphs computed on the fly (a ring of
//! equivalences, whose search goes n deep — the memory worst case — and a planted grid stored
//! a byte per cell, like a board); the backbone and a second model (random formulas near the
//! threshold, chains forced by a unit clause at their end); and L-puzzle boards (random
//! tilings, always YES) at three sizes, solved with a tiling and decided only. The timing tests
//! these replace were `#[ignore]`d in `twosat/tests.rs` and `twosat/backbone_tests.rs` (their
//! checks stay there as medium tests).
//!
//! `cargo bench --bench twosat`; the cross-engine comparison is `bench/run.sh`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gridmatch::Grid;
use gridmatch::generate::{self, LStyle};
use gridmatch::graph::twosat::{
    Formula, ImplicationGraph, Lit, Outcome, backbone_of, second_model_of, solve,
};
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

/// `ratio · vars` clauses of two uniformly random literals.
fn uniform(vars: usize, ratio: f64, seed: u64) -> Formula {
    let mut rng = SplitMix(seed);
    let mut lit = || Lit::new(rng.below(vars) as u32, rng.next() & 1 == 1);
    let mut f = Formula::new(vars);
    for _ in 0..(ratio * vars as f64) as usize {
        let (a, b) = (lit(), lit());
        f.add_clause(a, b);
    }
    f
}

/// Variables of the uniformly random formulas.
const UNIFORM_VARS: usize = 1_000_000;

/// Uniformly random formulas below (0.5: satisfiable) and above (1.5: unsatisfiable, a conflict
/// chain found) the threshold: building the implication graph, and solving it.
fn bench_uniform(c: &mut Criterion) {
    let mut group = c.benchmark_group("twosat/uniform");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for ratio in [0.5, 1.5] {
        let f = uniform(UNIFORM_VARS, ratio, ratio.to_bits());
        let g = f.implication_graph();
        assert_eq!(solve(&g).is_satisfiable(), ratio < 1.0);
        group.throughput(Throughput::Elements(f.clauses().len() as u64));
        group.bench_with_input(BenchmarkId::new("build", ratio), &f, |b, f| {
            b.iter(|| black_box(f).implication_graph())
        });
        group.bench_with_input(BenchmarkId::new("solve", ratio), &g, |b, g| {
            b.iter(|| solve(black_box(g)))
        });
    }
    group.finish();
}

/// A ring of equivalences `x_i ⇔ x_{i+1}`, closed by `x_{n-1} ⇔ x_0`: satisfiable, and the
/// search goes n deep, so all its working arrays are touched.
struct Ring(u32);

impl ImplicationGraph for Ring {
    fn num_vars(&self) -> usize {
        self.0 as usize
    }
    fn out_degree(&self, _lit: Lit) -> usize {
        2
    }
    fn successor(&self, lit: Lit, k: usize) -> Lit {
        let (i, n) = (lit.var(), self.0);
        let j = if k == 0 { (i + 1) % n } else { (i + n - 1) % n };
        Lit::new(j, lit.is_neg())
    }
}

/// A planted formula on a `side × side` grid, stored a byte per cell: each grid edge carries a
/// clause with probability ~3/4 (random signs, kept if a hidden assignment satisfies it), and
/// successors are computed on the fly.
struct Grid2Sat {
    side: usize,
    /// Per cell: bits 0..3 the edge to the right, bits 3..6 the edge down: (present, the
    /// cell's literal negated, the neighbour's negated).
    cells: Vec<u8>,
}

impl Grid2Sat {
    fn new(side: usize, seed: u64) -> Grid2Sat {
        let mut rng = SplitMix(seed);
        let n = side * side;
        let hidden: Vec<bool> = (0..n).map(|_| rng.next() & 1 == 1).collect();
        let mut cells = vec![0u8; n];
        for u in 0..n {
            let (r, c) = (u / side, u % side);
            for (shift, ok, v) in [(0, c + 1 < side, u + 1), (3, r + 1 < side, u + side)] {
                let bits = (rng.next() & 3) as u8;
                if ok && (hidden[u] != (bits & 1 == 1) || hidden[v] != (bits & 2 == 2)) {
                    cells[u] |= (1 | bits << 1) << shift;
                }
            }
        }
        Grid2Sat { side, cells }
    }

    /// The successors of `lit` (at most 4).
    fn succ(&self, lit: Lit) -> ([Lit; 4], usize) {
        let (u, s) = (lit.var() as usize, self.side);
        let mut out = [lit; 4];
        let mut len = 0;
        let mut consider = |bits: u8, u_first: bool, v: usize| {
            if bits & 1 == 0 {
                return;
            }
            let (nu, nv) = (bits & 2 == 2, bits & 4 == 4);
            let (mine, other) = if u_first { (nu, nv) } else { (nv, nu) };
            // The clause (u^mine ∨ v^other) gives ¬(u^mine) ⇒ v^other.
            if mine != lit.is_neg() {
                out[len] = Lit::new(v as u32, other);
                len += 1;
            }
        };
        if u >= s {
            consider(self.cells[u - s] >> 3, false, u - s);
        }
        if u % s > 0 {
            consider(self.cells[u - 1] & 7, false, u - 1);
        }
        consider(self.cells[u] & 7, true, u + 1);
        consider(self.cells[u] >> 3, true, u + s);
        (out, len)
    }
}

impl ImplicationGraph for Grid2Sat {
    fn num_vars(&self) -> usize {
        self.cells.len()
    }
    fn out_degree(&self, lit: Lit) -> usize {
        self.succ(lit).1
    }
    fn successor(&self, lit: Lit, k: usize) -> Lit {
        self.succ(lit).0[k]
    }
}

/// Solving implicit implication graphs: rings of 10⁶ and 10⁷ variables, grids of 1000² and
/// 3000².
fn bench_implicit(c: &mut Criterion) {
    let mut group = c.benchmark_group("twosat/implicit");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for n in [1_000_000u32, 10_000_000] {
        let ring = Ring(n);
        assert!(solve(&ring).is_satisfiable());
        group.throughput(Throughput::Elements(u64::from(n)));
        group.bench_with_input(BenchmarkId::new("ring", n), &ring, |b, g| {
            b.iter(|| solve(black_box(g)))
        });
    }
    for side in [1000, 3000] {
        let grid = Grid2Sat::new(side, side as u64);
        assert!(solve(&grid).is_satisfiable());
        group.throughput(Throughput::Elements((side * side) as u64));
        group.bench_with_input(
            BenchmarkId::new("grid", format!("{side}x{side}")),
            &grid,
            |b, g| b.iter(|| solve(black_box(g))),
        );
    }
    group.finish();
}

/// The backbone (probing) and a second model: uniformly random formulas of 10⁵ and 10⁶
/// variables at ratio 0.9 (the first satisfiable seed), and a chain
/// `x_0 ⇒ x_1 ⇒ … ⇒ x_{n-1}` of 10⁶ variables with `¬x_{n-1}`, numbered forward and reversed.
fn bench_backbone(c: &mut Criterion) {
    let mut group = c.benchmark_group("twosat/backbone");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let mut cases = Vec::new();
    for n in [100_000usize, 1_000_000] {
        let f = (1..=20)
            .map(|seed| uniform(n, 0.9, seed))
            .find(|f| f.solve().is_satisfiable())
            .expect("a satisfiable seed");
        cases.push((format!("uniform0.9/{n}"), f));
    }
    let n = 1_000_000u32;
    for reversed in [false, true] {
        let p = |i: u32| if reversed { n - 1 - i } else { i };
        let mut f = Formula::new(n as usize);
        for i in 0..n - 1 {
            f.add_clause(Lit::neg(p(i)), Lit::pos(p(i + 1)));
        }
        f.add_clause(Lit::neg(p(n - 1)), Lit::neg(p(n - 1)));
        let name = if reversed { "chain_reversed" } else { "chain" };
        cases.push((format!("{name}/{n}"), f));
    }
    for (name, f) in &cases {
        let g = f.implication_graph();
        let Outcome::Satisfiable(model) = solve(&g) else {
            unreachable!("the cases are satisfiable")
        };
        group.bench_with_input(BenchmarkId::new("probing", name), &g, |b, g| {
            b.iter(|| backbone_of(black_box(g)))
        });
        group.bench_with_input(BenchmarkId::new("second_model", name), &g, |b, g| {
            b.iter(|| second_model_of(black_box(g), &model))
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

criterion_group!(
    benches,
    bench_formulas,
    bench_uniform,
    bench_implicit,
    bench_backbone,
    bench_lpuzzle
);
criterion_main!(benches);
