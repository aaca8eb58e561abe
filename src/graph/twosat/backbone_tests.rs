//! Tests of the backbone, second-model and chain-clause functions: enumeration of all models on
//! random small formulas, a bit-parallel reachability sweep and unit-clause `solve` calls as
//! oracles on larger ones, and deep chains on a small stack (the timings quoted in
//! `backbone.rs` are `benches/twosat.rs`).

use super::backbone::{components, sinks_first};
use super::*;
use std::time::{Duration, Instant};

use super::tests::{RandomLit, Rng, TestResult, dimacs, satisfies, seeded};
use rand::RngExt;

/// All models of a formula with at most 20 variables, as assignments (the oracles crate's
/// enumeration).
fn all_models(f: &Formula) -> Vec<Vec<bool>> {
    gridmatch_oracles::twosat::models(f.num_vars(), &dimacs(f))
}

/// The literals true in every model (the oracles crate's), sorted by variable; `None` without a
/// model.
fn common_literals(f: &Formula) -> Option<Vec<Lit>> {
    let lits = gridmatch_oracles::twosat::backbone(f.num_vars(), &dimacs(f))?;
    Some(
        lits.into_iter()
            .map(|l| Lit::new(l.unsigned_abs() - 1, l < 0))
            .collect(),
    )
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

/// Checks `chain_clauses` against the clause list: each step by its clause (the checker of
/// `twosat/verify.rs`), and that clause the first to give it.
fn check_chain_clauses(f: &Formula, chain: &[Lit]) -> Result<(), String> {
    let idx = chain_clauses(f, chain);
    let dimacs: Vec<i64> = chain.iter().map(|l| l.to_dimacs()).collect();
    let steps: Vec<i64> = idx.iter().map(|&i| i as i64).collect();
    verify::check_steps(f.clauses(), &dimacs, &steps).map_err(|e| e.to_string())?;
    for (step, &i) in chain.windows(2).zip(&idx) {
        let (p, q) = (step[0], step[1]);
        // The first such clause (checked on small formulas only: quadratic).
        if f.clauses().len() <= 1_000
            && f.clauses()[..i]
                .iter()
                .any(|&(c, d)| (c, d) == (!p, q) || (d, c) == (!p, q))
        {
            return Err(format!("clause {i} is not the first for {p} => {q}"));
        }
    }
    Ok(())
}

/// Bit-parallel reachability over the condensation: for each batch of 64 false components `c`
/// of `solve`'s model, one sweep (sinks first) computes which of them reach their complements.
/// The alternative to probing measured in `backbone.rs`, and an independent oracle.
fn backbone_bitparallel<G: ImplicationGraph + ?Sized>(g: &G) -> Option<Vec<Lit>> {
    let ids = components(g)?;
    let n = ids.len();
    let order = sinks_first(&ids);
    // Component ranges of `order`, sinks first.
    let mut ranges = Vec::new();
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && ids[order[end] as usize] == ids[order[start] as usize] {
            end += 1;
        }
        ranges.push(start..end);
        start = end;
    }
    // One representative per false component (x false iff ids[x] < ids[¬x]).
    let sources: Vec<u32> = ranges
        .iter()
        .map(|r| order[r.start])
        .filter(|&x| ids[x as usize] < ids[x as usize ^ 1])
        .collect();
    let mut failed = vec![false; n];
    // mask[id]: bit i set iff the component reaches the complement of sources[batch + i].
    let mut mask = vec![0u64; n + 1];
    let mut target = vec![0u64; n + 1];
    for batch in sources.chunks(64) {
        // The sweep only needs components between the lowest source id (processed last)
        // and the highest target id (processed first).
        let lo = batch.iter().map(|&x| ids[x as usize]).min().unwrap_or(0);
        let hi = batch
            .iter()
            .map(|&x| ids[x as usize ^ 1])
            .max()
            .unwrap_or(0);
        for (i, &x) in batch.iter().enumerate() {
            target[ids[x as usize ^ 1] as usize] |= 1 << i;
        }
        for r in &ranges {
            let id = ids[order[r.start] as usize];
            if id > hi {
                continue;
            }
            if id < lo {
                break;
            }
            let mut m = target[id as usize];
            for &u in &order[r.clone()] {
                let u = Lit(u);
                for k in 0..g.out_degree(u) {
                    let v = ids[g.successor(u, k).code()];
                    if v != id {
                        m |= mask[v as usize];
                    }
                }
            }
            mask[id as usize] = m;
        }
        for (i, &x) in batch.iter().enumerate() {
            let id = ids[x as usize] as usize;
            if mask[id] >> i & 1 == 1 {
                failed[x as usize] = true;
            }
            target[ids[x as usize ^ 1] as usize] = 0;
        }
        for r in &ranges {
            let id = ids[order[r.start] as usize];
            if id < lo {
                break;
            }
            mask[id as usize] = 0;
        }
    }
    // Spread each representative's answer over its component.
    for r in &ranges {
        let rep = failed[order[r.start] as usize];
        for &u in &order[r.clone()] {
            failed[u as usize] = rep;
        }
    }
    Some(
        (0..n / 2)
            .filter_map(|v| {
                let (x, nx) = (2 * v, 2 * v + 1);
                if failed[x] {
                    Some(Lit::neg(v as u32))
                } else if failed[nx] {
                    Some(Lit::pos(v as u32))
                } else {
                    None
                }
            })
            .collect(),
    )
}

/// The main randomized test: backbone, second model from every model, chain clauses.
#[test]
fn random_small_formulas_match_enumeration() {
    let mut rng = seeded(0xBAC_B0E);
    let (mut unsat, mut unique, mut several, mut forced) = (0, 0, 0, 0);
    for _ in 0..20_000 {
        let f = random_formula(&mut rng);
        let models = all_models(&f);
        let bb = backbone(&f);
        assert_eq!(bb, backbone_bitparallel(&f.implication_graph()), "{f:?}");
        if models.is_empty() {
            unsat += 1;
            assert_eq!(bb, None, "{f:?}");
            let outcome = f.solve();
            let Some(conflict) = outcome.conflict() else {
                panic!("no model, yet solve found one: {f:?}");
            };
            if let Err(e) = check_chain_clauses(&f, &conflict.chain) {
                panic!("{e} for {f:?}");
            }
            continue;
        }
        let want = common_literals(&f).expect("a formula with models");
        forced += want.len();
        assert_eq!(bb.as_ref(), Some(&want), "{f:?}");
        for m in &models {
            match second_model(&f, m) {
                None => assert_eq!(models.len(), 1, "missed a second model of {f:?}"),
                Some(other) => {
                    assert!(models.len() >= 2, "invented a second model of {f:?}");
                    assert_ne!(&other, m, "{f:?}");
                    assert!(satisfies(&f, &other), "{other:?} for {f:?}");
                }
            }
        }
        if models.len() == 1 {
            unique += 1;
        } else {
            several += 1;
        }
    }
    assert!(
        unsat > 2_000 && unique > 1_000 && several > 5_000 && forced > 10_000,
        "weak coverage: {unsat} unsat, {unique} unique, {several} several, {forced} forced"
    );
}

/// Chains of the form the solver builds, and arbitrary edge walks, on random formulas.
#[test]
fn chain_clauses_of_random_walks() {
    let mut rng = seeded(77);
    for _ in 0..3_000 {
        let f = random_formula(&mut rng);
        let g = f.implication_graph();
        let mut walk = vec![rng.lit(f.num_vars())];
        for _ in 0..rng.random_range(0..12) {
            let Some(&u) = walk.last() else { break };
            let deg = g.out_degree(u);
            if deg == 0 {
                break;
            }
            walk.push(g.successor(u, rng.random_range(0..deg as u64) as usize));
        }
        if let Err(e) = check_chain_clauses(&f, &walk) {
            panic!("{e} for {f:?}");
        }
    }
    assert!(chain_clauses(&Formula::new(1), &[]).is_empty());
    assert!(chain_clauses(&Formula::new(1), &[Lit::pos(0)]).is_empty());
}

#[test]
#[should_panic(expected = "no clause justifies")]
fn chain_clauses_rejects_a_non_edge() {
    let mut f = Formula::new(2);
    f.add_clause(Lit::neg(0), Lit::pos(1));
    let _ = chain_clauses(&f, &[Lit::pos(0), Lit::pos(1), Lit::pos(0)]);
}

#[test]
#[should_panic(expected = "not a model")]
fn second_model_rejects_a_non_model() {
    let mut f = Formula::new(2);
    f.add_clause(Lit::neg(0), Lit::pos(1));
    let _ = second_model(&f, &[true, false]);
}

#[test]
#[should_panic(expected = "model length")]
fn second_model_rejects_a_wrong_length() {
    let _ = second_model(&Formula::new(2), &[true]);
}

#[test]
fn empty_and_trivial() {
    assert_eq!(backbone(&Formula::new(0)), Some(vec![]));
    assert_eq!(second_model(&Formula::new(0), &[]), None);
    assert_eq!(backbone(&Formula::new(3)), Some(vec![]));
    let other = second_model(&Formula::new(3), &[true, false, true]);
    assert!(other.is_some_and(|o| o != [true, false, true]));
    let mut f = Formula::new(2);
    f.add_clause(Lit::pos(1), Lit::pos(1));
    f.add_clause(Lit::neg(0), Lit::neg(0));
    assert_eq!(backbone(&f), Some(vec![Lit::neg(0), Lit::pos(1)]));
    assert_eq!(second_model(&f, &[false, true]), None);
}

/// Random formulas of a few hundred variables around the threshold: probing against the
/// bit-parallel sweep, and each answer against `solve` with a unit clause added.
#[test]
fn medium_formulas_match_unit_clause_solves() {
    let mut rng = seeded(2024);
    let mut checked = 0;
    for round in 0..60 {
        let n = 50 + rng.random_range(0..250) as usize;
        let ratio = [0.5, 0.8, 0.9, 1.0, 1.1][round % 5];
        let mut f = Formula::new(n);
        for _ in 0..(ratio * n as f64) as usize {
            let (a, b) = (rng.lit(n), rng.lit(n));
            f.add_clause(a, b);
        }
        let bb = backbone(&f);
        assert_eq!(bb, backbone_bitparallel(&f.implication_graph()));
        let Some(bb) = bb else {
            assert!(!f.solve().is_satisfiable());
            continue;
        };
        checked += 1;
        let mut forced = vec![None; n];
        for &l in &bb {
            forced[l.var() as usize] = Some(l);
        }
        for (v, want) in forced.iter().enumerate() {
            for neg in [false, true] {
                let l = Lit::new(v as u32, neg);
                let mut g = f.clone();
                g.add_clause(l, l);
                // l is possible iff ¬l is not forced.
                assert_eq!(
                    g.solve().is_satisfiable(),
                    *want != Some(!l),
                    "{l} in round {round}"
                );
            }
        }
        let Some(model) = f.solve().assignment().map(<[bool]>::to_vec) else {
            panic!("backbone says satisfiable");
        };
        match second_model(&f, &model) {
            None => assert_eq!(bb.len(), n),
            Some(other) => {
                assert!(bb.len() < n);
                assert!(satisfies(&f, &other) && other != model);
            }
        }
    }
    assert!(checked > 30, "only {checked} satisfiable");
}

/// Implicit ring of equivalences (each literal has two successors computed arithmetically):
/// exactly two models, so nothing is forced; with a unit clause everything is.
struct Ring {
    n: u32,
    /// The literal made true by a unit clause, if any.
    unit: Option<Lit>,
}

impl ImplicationGraph for Ring {
    fn num_vars(&self) -> usize {
        self.n as usize
    }
    fn out_degree(&self, lit: Lit) -> usize {
        2 + usize::from(self.unit == Some(!lit))
    }
    fn successor(&self, lit: Lit, k: usize) -> Lit {
        let (i, neg) = (lit.var(), lit.is_neg());
        match k {
            0 => Lit::new((i + 1) % self.n, neg),
            1 => Lit::new((i + self.n - 1) % self.n, neg),
            _ => !lit,
        }
    }
}

#[test]
fn implicit_ring() {
    let ring = Ring {
        n: 1000,
        unit: None,
    };
    assert_eq!(backbone_of(&ring), Some(vec![]));
    let other = second_model_of(&ring, &vec![false; 1000]);
    assert_eq!(other, Some(vec![true; 1000]));
    let unit = Ring {
        n: 1000,
        unit: Some(Lit::neg(7)),
    };
    assert_eq!(backbone_of(&unit), Some((0..1000).map(Lit::neg).collect()));
    assert_eq!(second_model_of(&unit, &vec![false; 1000]), None);
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

/// `x_{p(0)} ⇒ x_{p(1)} ⇒ … ⇒ x_{p(n-1)}` for the identity or the reversed numbering `p`.
fn chain(n: u32, reversed: bool) -> Formula {
    let p = |i: u32| if reversed { n - 1 - i } else { i };
    let mut f = Formula::new(n as usize);
    for i in 0..n - 1 {
        f.add_clause(Lit::neg(p(i)), Lit::pos(p(i + 1)));
    }
    f
}

/// The chain has n + 1 models (a threshold), so nothing is forced; with `¬x_{p(n-1)}` all are
/// forced false and the model is unique; with `x_{p(0)}` too it is unsatisfiable.
#[test]
fn long_chain_on_small_stack() -> TestResult {
    run_with_small_stack(|| {
        let n = 1_000_000u32;
        for reversed in [false, true] {
            let p = |i: u32| if reversed { n - 1 - i } else { i };
            let mut f = chain(n, reversed);
            let t = Instant::now();
            if backbone(&f) != Some(vec![]) {
                return Err("a plain chain forces nothing".into());
            }
            let all_false = vec![false; n as usize];
            let Some(other) = second_model(&f, &all_false) else {
                return Err("a plain chain has n + 1 models".into());
            };
            if !satisfies(&f, &other) || other == all_false {
                return Err("bad second model".into());
            }
            f.add_clause(Lit::neg(p(n - 1)), Lit::neg(p(n - 1)));
            if backbone(&f) != Some((0..n).map(Lit::neg).collect()) {
                return Err("the unit clause forces every variable false".into());
            }
            if second_model(&f, &all_false).is_some() {
                return Err("the model is unique".into());
            }
            f.add_clause(Lit::pos(p(0)), Lit::pos(p(0)));
            if backbone(&f).is_some() {
                return Err("x0 and ¬x_n contradict".into());
            }
            let Some(c) = f.solve().conflict().cloned() else {
                return Err("solve must find the conflict".into());
            };
            check_chain_clauses(&f, &c.chain)?;
            // Linear on a chain: well under a second even in debug builds on a slow machine.
            if t.elapsed() > Duration::from_secs(60) {
                return Err(format!("chain took {:?}", t.elapsed()));
            }
        }
        Ok(())
    })
}

/// Random 2-SAT with `ratio * n` uniformly random clauses.
fn random_2sat(n: usize, ratio: f64, seed: u64) -> Formula {
    let mut rng = seeded(seed);
    let mut f = Formula::new(n);
    for _ in 0..(ratio * n as f64) as usize {
        let (a, b) = (rng.lit(n), rng.lit(n));
        f.add_clause(a, b);
    }
    f
}

/// Probing against the bit-parallel sweep on medium formulas: random ones near the threshold
/// (the first satisfiable seed, or seed 20) and chains with a unit clause at their end, in both
/// numberings; a second model exists exactly when the backbone leaves a variable free. (Their
/// timing is `benches/twosat.rs`.)
#[test]
fn medium_formulas_probing_matches_the_sweep() {
    let n = 10_000usize;
    let mut formulas = Vec::new();
    for ratio in [0.5, 0.9, 1.0] {
        let mut seed = 1;
        formulas.push(loop {
            let f = random_2sat(n, ratio, seed);
            if f.solve().is_satisfiable() || seed == 20 {
                break f;
            }
            seed += 1;
        });
    }
    for reversed in [false, true] {
        let mut f = chain(n as u32, reversed);
        let last = if reversed { 0 } else { n as u32 - 1 };
        f.add_clause(Lit::neg(last), Lit::neg(last));
        formulas.push(f);
    }
    for (i, f) in formulas.iter().enumerate() {
        let g = f.implication_graph();
        let bb = backbone_of(&g);
        assert_eq!(bb, backbone_bitparallel(&g), "formula {i}");
        if let Outcome::Satisfiable(a) = solve(&g) {
            let free = bb.as_ref().is_some_and(|b| b.len() < n);
            let second = second_model_of(&g, &a);
            assert_eq!(second.is_some(), free, "formula {i}");
            if let Some(other) = second {
                assert!(other != a && satisfies(f, &other), "formula {i}");
            }
        }
    }
}
