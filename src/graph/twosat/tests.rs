//! Tests of the 2-SAT solver: brute force over all assignments, conflict
//! chains checked edge by edge, SCC ids against transitive closure, implicit
//! graphs and deep chains on a small stack.

use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet, VecDeque};

pub(super) type TestResult = Result<(), Box<dyn std::error::Error>>;

/// The tests' generator: rand's ChaCha8 (also for `backbone_tests.rs`), seeded with
/// [`seeded`].
pub(super) type Rng = ChaCha8Rng;

/// The generator seeded with `seed`.
pub(super) fn seeded(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random literal over the generator.
pub(super) trait RandomLit {
    /// A literal of one of `num_vars` variables, either sign.
    fn lit(&mut self, num_vars: usize) -> Lit;
}

impl RandomLit for Rng {
    fn lit(&mut self, num_vars: usize) -> Lit {
        Lit::new(self.random_range(0..num_vars as u32), self.random_bool(0.5))
    }
}

/// The formula's clauses as DIMACS literals, for the oracles crate.
pub(super) fn dimacs(f: &Formula) -> Vec<(i32, i32)> {
    // |l| <= 2^31 - 1 for the tests' variables.
    let d = |l: Lit| l.to_dimacs() as i32;
    f.clauses().iter().map(|&(a, b)| (d(a), d(b))).collect()
}

pub(super) fn eval(lit: Lit, a: &[bool]) -> bool {
    a[lit.var() as usize] != lit.is_neg()
}

/// Whether `a` is a model of `f`, by the checker of `twosat/verify.rs`.
pub(super) fn satisfies(f: &Formula, a: &[bool]) -> bool {
    verify::check_model(f.num_vars() as u64, f.clauses(), a).is_ok()
}

/// Satisfiability over all assignments (the oracles crate's enumeration).
fn brute_force_sat(f: &Formula) -> bool {
    gridmatch_oracles::twosat::satisfiable(f.num_vars(), &dimacs(f))
}

/// Checks a conflict chain against the clause list only (no CSR): each step by the first
/// clause that gives it (found here), through the checker of `twosat/verify.rs`.
fn check_conflict(f: &Formula, c: &Conflict) -> Result<(), String> {
    let index: HashMap<(Lit, Lit), usize> = f
        .clauses()
        .iter()
        .enumerate()
        .rev()
        .flat_map(|(k, &(a, b))| [((a, b), k), ((b, a), k)])
        .collect();
    let chain = &c.chain;
    let steps: Vec<i64> = chain
        .windows(2)
        .map(|step| index.get(&(!step[0], step[1])).map_or(-1, |&k| k as i64))
        .collect();
    let dimacs: Vec<i64> = chain.iter().map(|l| l.to_dimacs()).collect();
    verify::check_refutation(f.clauses(), &dimacs, &steps).map_err(|e| format!("{e}: {c}"))?;
    if c.var() != chain[0].var() {
        return Err("var() mismatch".into());
    }
    Ok(())
}

/// All-pairs shortest path lengths in the clause graph (small n only).
fn distances(f: &Formula) -> Vec<Vec<Option<usize>>> {
    let n = 2 * f.num_vars();
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in f.clauses() {
        adj[(!a).code()].push(b.code());
        adj[(!b).code()].push(a.code());
    }
    (0..n)
        .map(|s| {
            let mut d = vec![None; n];
            d[s] = Some(0);
            let mut q = VecDeque::from([s]);
            while let Some(u) = q.pop_front() {
                for &w in &adj[u] {
                    if d[w].is_none() {
                        d[w] = d[u].map(|x| x + 1);
                        q.push_back(w);
                    }
                }
            }
            d
        })
        .collect()
}

fn random_formula(rng: &mut Rng) -> Formula {
    let n = 1 + rng.random_range(0..10) as usize;
    let m = rng.random_range(0..31) as usize;
    let mut f = Formula::new(n);
    for _ in 0..m {
        let a = rng.lit(n);
        let (a, b) = match rng.random_range(0..10) {
            0 => (a, a),  // unit clause
            1 => (a, !a), // tautology
            2 if !f.clauses().is_empty() => {
                // duplicate of an earlier clause
                let i = rng.random_range(0..f.clauses().len());
                f.clauses()[i]
            }
            _ => (a, rng.lit(n)),
        };
        f.add_clause(a, b);
    }
    f
}

#[test]
fn lit_encoding() {
    let x = Lit::pos(7);
    let nx = Lit::neg(7);
    assert_eq!(x.code(), 14);
    assert_eq!(nx.code(), 15);
    assert_eq!(!x, nx);
    assert_eq!(!nx, x);
    assert_eq!(x.var(), 7);
    assert_eq!(nx.var(), 7);
    assert!(!x.is_neg() && nx.is_neg());
    assert_eq!(Lit::new(7, true), nx);
    assert_eq!(Lit::from_code(15), nx);
    assert_eq!(Lit::new((1 << 31) - 1, true).code(), u32::MAX as usize);
    assert_eq!(format!("{x} {nx}"), "x7 !x7");
    assert_eq!((x.to_dimacs(), nx.to_dimacs()), (8, -8));
    assert_eq!(
        (Lit::from_dimacs(8), Lit::from_dimacs(-8)),
        (Some(x), Some(nx))
    );
    let last = Lit::neg((1 << 31) - 1);
    assert_eq!(last.to_dimacs(), -(1 << 31));
    assert_eq!(Lit::from_dimacs(-(1 << 31)), Some(last));
    for l in [0, 1 + (1 << 31), -1 - (1 << 31), i64::MIN, i64::MAX] {
        assert_eq!(Lit::from_dimacs(l), None, "{l}");
    }
}

#[test]
#[should_panic]
fn lit_var_out_of_range_panics() {
    let _ = Lit::pos(1 << 31);
}

#[test]
#[should_panic]
fn clause_var_out_of_range_panics() {
    Formula::new(2).add_clause(Lit::pos(0), Lit::neg(2));
}

#[test]
fn empty_and_trivial() -> TestResult {
    assert_eq!(Formula::new(0).solve(), Outcome::Satisfiable(vec![]));
    let mut f = Formula::new(2);
    f.add_clause(Lit::pos(0), Lit::pos(1));
    f.add_clause(Lit::neg(0), Lit::neg(0));
    assert_eq!(f.solve(), Outcome::Satisfiable(vec![false, true]));
    let mut f = Formula::new(1);
    f.add_clause(Lit::pos(0), Lit::pos(0));
    f.add_clause(Lit::neg(0), Lit::neg(0));
    let Outcome::Unsatisfiable(c) = f.solve() else {
        panic!("x ∧ ¬x must be unsatisfiable");
    };
    assert_eq!(c.var(), 0);
    assert_eq!(c.chain.len(), 3);
    check_conflict(&f, &c)?;
    assert!(c.to_string() == "x0 => !x0 => x0" || c.to_string() == "!x0 => x0 => !x0");
    Ok(())
}

#[test]
fn outcome_accessors() {
    let sat = Outcome::Satisfiable(vec![true, false]);
    assert!(sat.is_satisfiable());
    assert_eq!(sat.assignment(), Some(&[true, false][..]));
    assert_eq!(sat.conflict(), None);
    let empty = Formula::new(0).solve();
    assert!(empty.is_satisfiable());
    assert_eq!(empty.assignment(), Some(&[][..]));
    let mut f = Formula::new(1);
    f.add_clause(Lit::pos(0), Lit::pos(0));
    f.add_clause(Lit::neg(0), Lit::neg(0));
    let unsat = f.solve();
    assert!(!unsat.is_satisfiable());
    assert_eq!(unsat.assignment(), None);
    let Outcome::Unsatisfiable(c) = &unsat else {
        panic!("x ∧ ¬x must be unsatisfiable");
    };
    assert_eq!(unsat.conflict(), Some(c));
    assert_eq!(unsat.conflict().map(Conflict::var), Some(0));
}

#[test]
fn csr_edges_per_clause() {
    let mut f = Formula::new(3);
    f.add_clause(Lit::pos(0), Lit::neg(2));
    f.add_clause(Lit::pos(1), Lit::pos(1));
    let g = f.implication_graph();
    assert_eq!(g.num_vars(), 3);
    assert_eq!(g.num_edges(), 4);
    let succ = |l: Lit| -> Vec<Lit> { (0..g.out_degree(l)).map(|k| g.successor(l, k)).collect() };
    assert_eq!(succ(Lit::neg(0)), vec![Lit::neg(2)]);
    assert_eq!(succ(Lit::pos(2)), vec![Lit::pos(0)]);
    assert_eq!(succ(Lit::neg(1)), vec![Lit::pos(1), Lit::pos(1)]);
    assert_eq!(succ(Lit::pos(0)), vec![]);
}

/// The main randomized test: brute force, assignments, chains, minimality.
#[test]
fn random_small_formulas_match_brute_force() {
    let mut rng = seeded(0x2_5A7);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..30_000 {
        let f = random_formula(&mut rng);
        let expected = brute_force_sat(&f);
        match f.solve() {
            Outcome::Satisfiable(a) => {
                sat += 1;
                assert!(expected, "solver says SAT, brute force says UNSAT: {f:?}");
                assert!(satisfies(&f, &a), "bad assignment {a:?} for {f:?}");
            }
            Outcome::Unsatisfiable(c) => {
                unsat += 1;
                assert!(!expected, "solver says UNSAT, brute force says SAT: {f:?}");
                if let Err(e) = check_conflict(&f, &c) {
                    panic!("{e} for {f:?}");
                }
                // Shortest: |chain| - 1 == d(x, ¬x) + d(¬x, x).
                let d = distances(&f);
                let x = c.chain[0];
                let want = d[x.code()][(!x).code()].zip(d[(!x).code()][x.code()]);
                let want = want.map(|(p, q)| p + q);
                assert_eq!(Some(c.chain.len() - 1), want, "chain not shortest: {c}");
            }
        }
    }
    assert!(
        sat > 5_000 && unsat > 5_000,
        "weak coverage: {sat} sat, {unsat} unsat"
    );
}

/// The checkers themselves must be able to fail.
#[test]
fn checkers_reject_bad_answers() -> TestResult {
    let mut f = Formula::new(2);
    f.add_clause(Lit::neg(0), Lit::pos(1)); // x0 ⇒ x1
    f.add_clause(Lit::neg(1), Lit::neg(0)); // x1 ⇒ ¬x0
    f.add_clause(Lit::pos(0), Lit::pos(0)); // ¬x0 ⇒ x0
    let Outcome::Unsatisfiable(c) = f.solve() else {
        panic!("expected UNSAT");
    };
    check_conflict(&f, &c)?;
    let mut bad = c.clone();
    bad.chain.swap(1, 2);
    assert!(check_conflict(&f, &bad).is_err());
    let mut bad = c.clone();
    bad.chain.pop();
    assert!(check_conflict(&f, &bad).is_err());
    let skip = Conflict {
        chain: vec![Lit::pos(0), Lit::neg(0), Lit::pos(0)],
    };
    assert!(check_conflict(&f, &skip).is_err());
    assert!(!satisfies(&f, &[true, true]));
    assert!(!brute_force_sat(&f));
    Ok(())
}

/// A test-only adjacency-list digraph; not required to be skew-symmetric
/// (the SCC core does not care).
struct AdjGraph(Vec<Vec<Lit>>);

impl ImplicationGraph for AdjGraph {
    fn num_vars(&self) -> usize {
        self.0.len() / 2
    }
    fn out_degree(&self, lit: Lit) -> usize {
        self.0[lit.code()].len()
    }
    fn successor(&self, lit: Lit, k: usize) -> Lit {
        self.0[lit.code()][k]
    }
}

/// SCC ids: same id iff mutually reachable; ids never increase along an
/// edge (reverse topological order); the assignment follows the rule.
#[test]
fn scc_numbering_matches_transitive_closure() {
    let mut rng = seeded(99);
    for round in 0..3_000 {
        let n = 2 * (1 + rng.random_range(0..6) as usize);
        let m = rng.random_range(0..3 * n as u64) as usize;
        let mut adj = vec![Vec::new(); n];
        for _ in 0..m {
            let u = rng.random_range(0..n as u64) as usize;
            adj[u].push(Lit::from_code(rng.random_range(0..n as u64) as usize));
        }
        let g = AdjGraph(adj);
        let mut reach = vec![vec![false; n]; n];
        for (u, row) in reach.iter_mut().enumerate() {
            row[u] = true;
            let mut todo = vec![u];
            while let Some(v) = todo.pop() {
                for w in &g.0[v] {
                    if !row[w.code()] {
                        row[w.code()] = true;
                        todo.push(w.code());
                    }
                }
            }
        }
        let mut scc = Tarjan::new(vec![UNVISITED; n]);
        assert_eq!(run(&mut scc, &g, false), None);
        let id = &scc.recs;
        for u in 0..n {
            assert!((1..=n as u32).contains(&id[u]), "round {round}");
            for v in 0..n {
                assert_eq!(id[u] == id[v], reach[u][v] && reach[v][u], "round {round}");
            }
            for w in &g.0[u] {
                assert!(id[u] <= id[w.code()], "not reverse topological");
            }
        }
        let clash = (0..n / 2).any(|x| id[2 * x] == id[2 * x + 1]);
        match solve(&g) {
            Outcome::Satisfiable(a) => {
                assert!(!clash);
                for x in 0..n / 2 {
                    // completion order: comp(x) < comp(¬x) <=> id(x) > id(¬x)
                    assert_eq!(a[x], id[2 * x] > id[2 * x + 1]);
                }
            }
            Outcome::Unsatisfiable(c) => {
                assert!(clash);
                let x = c.chain[0];
                assert_eq!(c.chain.last(), Some(&x));
                assert!(c.chain.contains(&!x));
                for s in c.chain.windows(2) {
                    assert!(g.0[s[0].code()].contains(&s[1]), "not an edge");
                }
            }
        }
    }
}

/// Implicit graph: a ring of equivalences `x_i ⇔ x_{i+1}` closed by
/// `x_{n-1} ⇔ x_0` (plain) or `x_{n-1} ⇔ ¬x_0` (twisted, unsatisfiable).
/// Each literal has exactly two successors, computed arithmetically.
struct Ring {
    n: u32,
    twisted: bool,
}

impl Ring {
    /// The neighbour of `lit` one step forward/backward around the ring
    /// (crossing the x_{n-1}–x_0 seam flips the sign if twisted).
    fn step(&self, lit: Lit, forward: bool) -> Lit {
        let (i, neg) = (lit.var(), lit.is_neg());
        if forward {
            if i + 1 < self.n {
                Lit::new(i + 1, neg)
            } else {
                Lit::new(0, neg ^ self.twisted)
            }
        } else if i > 0 {
            Lit::new(i - 1, neg)
        } else {
            Lit::new(self.n - 1, neg ^ self.twisted)
        }
    }

    fn is_edge(&self, p: Lit, q: Lit) -> bool {
        self.step(p, true) == q || self.step(p, false) == q
    }
}

impl ImplicationGraph for Ring {
    fn num_vars(&self) -> usize {
        self.n as usize
    }
    fn out_degree(&self, _lit: Lit) -> usize {
        2
    }
    fn successor(&self, lit: Lit, k: usize) -> Lit {
        self.step(lit, k == 0)
    }
}

fn check_ring(n: u32) {
    let plain = Ring { n, twisted: false };
    for lit in (0..2 * n as usize).map(Lit::from_code) {
        for k in 0..2 {
            let q = plain.successor(lit, k);
            assert!(plain.is_edge(!q, !lit), "ring not skew-symmetric");
        }
    }
    let Outcome::Satisfiable(a) = solve(&plain) else {
        panic!("plain ring is satisfiable");
    };
    assert!(a.iter().all(|&v| v == a[0]), "ring forces equal values");
    let twisted = Ring { n, twisted: true };
    let Outcome::Unsatisfiable(c) = solve(&twisted) else {
        panic!("twisted ring is unsatisfiable");
    };
    let x = c.chain[0];
    assert_eq!(c.chain.last(), Some(&x));
    assert!(c.chain.contains(&!x));
    assert!(c.chain.windows(2).all(|s| twisted.is_edge(s[0], s[1])));
    // Both shortest paths go half way round the 2n-cycle of literals.
    assert_eq!(c.chain.len(), 2 * n as usize + 1);
}

#[test]
fn implicit_graph_without_csr() {
    for n in [1, 2, 3, 10, 1000] {
        check_ring(n);
    }
}

/// Runs `f` on a thread with a 256 KiB stack; its error, or its panic, fails the test.
fn run_with_small_stack(f: impl FnOnce() -> Result<(), String> + Send + 'static) -> TestResult {
    let outcome = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)?
        .join()
        .map_err(|_| "small-stack worker panicked")?;
    outcome?;
    Ok(())
}

/// x0 ⇒ x1 ⇒ … ⇒ x_{n-1} ⇒ ¬x0 (satisfiable only with x0 false), and with
/// the unit clause x0 added (unsatisfiable); the DFS goes ~n deep.
#[test]
fn long_chain_on_small_stack() -> TestResult {
    run_with_small_stack(|| {
        let n = 1_000_000u32;
        let mut f = Formula::new(n as usize);
        for i in 0..n - 1 {
            f.add_clause(Lit::neg(i), Lit::pos(i + 1));
        }
        f.add_clause(Lit::neg(n - 1), Lit::neg(0));
        let Outcome::Satisfiable(a) = f.solve() else {
            panic!("chain is satisfiable");
        };
        assert!(!a[0]);
        assert!(satisfies(&f, &a));
        f.add_clause(Lit::pos(0), Lit::pos(0));
        let Outcome::Unsatisfiable(c) = f.solve() else {
            panic!("chain plus unit x0 is unsatisfiable");
        };
        // Every literal is in one SCC (x0 ⇒ ¬x_{n-1} ⇒ … ⇒ ¬x0 ⇒ x0 too),
        // so any variable may be reported.
        check_conflict(&f, &c)
    })
}

#[test]
fn implicit_ring_on_small_stack() -> TestResult {
    run_with_small_stack(|| {
        check_ring(1_000_000);
        Ok(())
    })
}

/// Implicit planted 2-SAT on a `side × side` grid, stored as one byte per
/// cell (like a board): each grid edge gets a clause with probability
/// ~3/4 (random signs, kept only if a hidden assignment satisfies it), so
/// the instance is satisfiable. Successors are computed on the fly.
struct PlantedGrid {
    side: u32,
    /// Per cell: bits 0..3 describe the edge to the right neighbour,
    /// bits 3..6 the edge to the lower one: (present, u negated, v negated).
    cells: Vec<u8>,
}

impl PlantedGrid {
    fn new(side: u32, seed: u64) -> Self {
        let mut rng = seeded(seed);
        let cells_n = side as usize * side as usize;
        let hidden: Vec<bool> = (0..cells_n).map(|_| rng.random_range(0..2) == 1).collect();
        let mut cells = vec![0u8; cells_n];
        for u in 0..cells_n {
            let (r, c) = (u / side as usize, u % side as usize);
            for (shift, ok, v) in [
                (0, c + 1 < side as usize, u + 1),
                (3, r + 1 < side as usize, u + side as usize),
            ] {
                let bits = rng.random_range(0..4) as u8;
                let (nu, nv) = (bits & 1 == 1, bits & 2 == 2);
                // clause (u^nu ∨ v^nv) holds under the hidden assignment
                if ok && (hidden[u] != nu || hidden[v] != nv) {
                    cells[u] |= (1 | bits << 1) << shift;
                }
            }
        }
        PlantedGrid { side, cells }
    }

    /// Successors of `lit` (at most 4), in a fixed neighbour order.
    fn succ(&self, lit: Lit) -> ([Lit; 4], usize) {
        let (u, s) = (lit.var() as usize, self.side as usize);
        let mut out = [lit; 4];
        let mut len = 0;
        // (edge bits, is u the first cell of the edge, other cell)
        let mut consider = |bits: u8, u_first: bool, v: usize| {
            if bits & 1 == 0 {
                return;
            }
            let (nu, nv) = (bits & 2 == 2, bits & 4 == 4);
            let (mine, other) = if u_first { (nu, nv) } else { (nv, nu) };
            // clause (u^mine ∨ v^other) gives ¬(u^mine) ⇒ v^other
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

impl ImplicationGraph for PlantedGrid {
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

#[test]
fn implicit_planted_grid() {
    let g = PlantedGrid::new(60, 5);
    let mut edges = 0;
    let mut edge_set = HashSet::new();
    for lit in (0..2 * g.num_vars()).map(Lit::from_code) {
        let (succ, len) = g.succ(lit);
        for &q in &succ[..len] {
            edge_set.insert((lit, q));
            edges += 1;
        }
    }
    assert!(edges > 4_000, "grid too sparse: {edges} edges");
    assert!(edge_set.iter().all(|&(p, q)| edge_set.contains(&(!q, !p))));
    let Outcome::Satisfiable(a) = solve(&g) else {
        panic!("planted instance is satisfiable");
    };
    for &(p, q) in &edge_set {
        assert!(!eval(p, &a) || eval(q, &a), "{p} => {q} violated");
    }
}

/// Medium random formulas on both sides of the threshold (ratio 0.5: satisfiable, 1.5:
/// unsatisfiable, for these seeds): the model satisfies every clause, the conflict's chain is
/// checked edge by edge. (Their timing at 10⁶ variables is `benches/twosat.rs`.)
#[test]
fn medium_random_formulas_are_proved() -> TestResult {
    let n = 100_000usize;
    for (ratio, sat) in [(0.5f64, true), (1.5, false)] {
        let mut rng = seeded(ratio.to_bits());
        let mut f = Formula::new(n);
        for _ in 0..(ratio * n as f64) as usize {
            let (a, b) = (rng.lit(n), rng.lit(n));
            f.add_clause(a, b);
        }
        match solve(&f.implication_graph()) {
            Outcome::Satisfiable(a) => {
                assert!(sat, "ratio {ratio}: satisfiable");
                assert!(satisfies(&f, &a));
            }
            Outcome::Unsatisfiable(c) => {
                assert!(!sat, "ratio {ratio}: unsatisfiable");
                check_conflict(&f, &c)?;
            }
        }
    }
    Ok(())
}
