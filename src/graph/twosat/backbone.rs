//! What all models of a 2-CNF formula share: the backbone (every literal true in all models),
//! whether a model is the only one (and if not, a second one), and the clauses behind a
//! conflict chain.
//!
//! Guarantees: [`backbone`] returns exactly the literals true in every model (sorted by
//! variable), `None` iff the formula is unsatisfiable; [`second_model`] returns a model different
//! from the given one iff one exists; [`chain_clauses`] names, for each step of a chain, an input
//! clause that justifies it.
//!
//! # Facts used
//!
//! Write `x ⇒* y` for a path in the implication graph, `C(x)` for the closure of `x` (everything
//! `x` implies) and let `M` be any model.
//!
//! 1. *Flipping a consistent closure gives a model.* If `C(x)` holds no pair `y, ¬y`, then
//!    "`C(x)` true, every other variable as in `M`" is a model: a clause `(a ∨ b)` could only
//!    fail if, say, `¬a ∈ C(x)`; but `¬a ⇒ b` is an edge, so `b ∈ C(x)` is true.
//! 2. *Forced iff failed.* In a satisfiable formula `L` is in the backbone iff `¬L ⇒* L`. If the
//!    path exists, every model with `¬L` would make `L` true too. If not, `C(¬L)` is consistent
//!    (a pair `y, ¬y` in it gives `¬L ⇒* y ⇒* L`, the second path by skew symmetry from
//!    `¬L ⇒* ¬y`), so fact 1 gives a model with `¬L`.
//! 3. *Only the false side needs searching.* Let `F` be the literals false in `M` and `C_F(x)`
//!    the part of `C(x)` reachable from a false `x` through false literals only (everything a
//!    true literal implies is true). `C(x)` is inconsistent iff `C_F(x)` holds `u` and `w` with
//!    an edge `u ⇒ ¬w` (a clause `(¬u ∨ ¬w)`, `u == w` for a unit clause): the only possible
//!    pairs are a false `y ∈ C_F(x)` with a true `¬y`, and the first true literal `t` on the path
//!    `x ⇒* ¬y` gives `u ⇒ t ⇒* ¬y` with `u ∈ C_F(x)`, and by skew symmetry `y ⇒* ¬t` inside the
//!    false literals, so `w = ¬t ∈ C_F(x)`. Flipping a consistent `C_F(x)` is then a model.
//! 4. *Failed literals propagate backwards.* If `x ⇒ y` and `y ⇒* ¬y`, then
//!    `x ⇒ y ⇒* ¬y ⇒ ¬x` (skew symmetry), so `x` fails too: a probe may stop as soon as it
//!    reaches a literal already known to fail. (A literal known *not* to fail is no shortcut: the
//!    conflict of `x` may pair a literal below it with one reached another way.)
//!
//! # Algorithm
//!
//! **[`backbone`]: failed-literal probing.** One SCC search gives the components in completion
//! order (sinks first) and a model `M`; the candidates are the literals true in `M`. Components
//! are then visited sinks first; for each still-false literal `x` whose variable is still a
//! candidate, a breadth-first probe walks `C_F(x)` in the *current* model (fact 3), stopping with
//! "failed" at a literal known to fail (fact 4) or at a clause `(¬u ∨ ¬w)` with both ends
//! reached. A failed probe marks the whole component failed (`¬x` is forced); a successful one
//! flips everything it reached, which is a new current model (fact 3) and removes from the
//! candidates every variable it flipped (each has now had both values). Sinks first means that
//! when `x` is probed, the false literals below it are mostly known to fail (the probe stops at
//! once) or were flipped true by earlier probes (the probe does not enter them), so a probe
//! usually touches little more than its own component: on the implication chain
//! `x_0 ⇒ … ⇒ x_n ⇒ ¬x_n` every probe stops after one edge.
//!
//! No linear-time backbone algorithm is to be expected: with `s_i ⇒ a_j` for the edges of a
//! bipartite graph and clauses `(¬a_j ∨ ¬a_k)` for the edges of a graph `H`, `s_i` is forced
//! false iff two of its neighbours are adjacent in `H`, a triangle-type question. The issue's
//! alternative, bit-parallel reachability over the condensation (64 probes per sweep of the
//! whole graph, in `backbone_tests.rs`), was measured against probing and lost (*Measured*).
//!
//! **[`second_model`]: linear (in the spirit of Hansen & Jaumard, "Uniquely solvable quadratic
//! Boolean equations", 1985).** Given a model `M`, call a component `c` of false literals
//! *free* if no edge leaves it to another false component nor to its complement `¬c`. Flipping a
//! free component is a model (fact 3 with `C_F(x) = c`). Conversely, if some false `x` does not
//! fail, take a sink `c` of the false components inside `C_F(x)`: it has no edge to another
//! false component, and an edge `c ⇒ ¬c` would make `x` fail, so `c` is free. Hence `M` is the
//! only model iff no false component is free, which one scan over the edges decides.
//!
//! **[`chain_clauses`]:** the chain's steps go into a hash map (small: one entry per step),
//! then one pass over the clauses fills it.
//!
//! # Complexity
//!
//! With `n = 2 * num_vars` literals, `m` edges, `c` components:
//! * [`backbone`]: `O(n + m)` for the SCC search, the sort of the literals by component and the
//!   output, plus one probe per component probed, each `O(n + m)` at worst, so `O(c · (n + m))`
//!   in the worst case; in practice close to linear (*Measured*). Memory: `16n + 2 *
//!   num_vars` bytes beside the CSR graph.
//! * [`second_model`]: `O(n + m)` time; the SCC search's `12n` bytes, then `5n` bytes plus
//!   the output.
//! * [`chain_clauses`]: `O(clauses + chain)` expected time, `O(chain)` memory.
//!
//! # Measured
//!
//! `cargo bench --bench twosat -- twosat/backbone` times [`backbone`] (probing) and
//! [`second_model`] on random formulas and implication chains. The table in docs/BENCHMARKS.md
//! (*2-SAT backbone*) also times the bit-parallel sweep of the tests and `solve` (measured with
//! the timing test these benches replaced). Probing costs a few `solve`s, the sweep is far
//! slower (it does `O(n + m)` work per 64 false components, and it has to look at every one of
//! them), so `backbone` probes. Probing and the sweep agreed wherever both ran.
//!
//! # Status
//!
//! Tested (`backbone_tests.rs`) against enumeration of all models on 20 000 random small formulas
//! (1..=10 variables, 0..=30 clauses incl. unit, duplicate and tautological clauses): the backbone
//! equals the literals true in all models, [`second_model`] answers from every model of each
//! formula, and every conflict chain's clauses justify its steps (also on 3 000 random walks). 60
//! random formulas of 50..300 variables around the threshold are checked against the bit-parallel
//! sweep and against `solve` with each literal added as a unit clause, and so are 10⁴-variable
//! ones (random near the threshold, chains forced by a unit clause); an implicit ring is
//! checked, and 10^6-variable implication chains (both numberings) run on a 256 KiB stack; the
//! tests catch hand-made mutants (no conflict check in a probe; either condition of a free
//! component dropped).

use std::collections::HashMap;

use super::{Formula, ImplicationGraph, Lit, MAX_VARS, run};
use crate::graph::scc::{Tarjan, UNVISITED};

/// `stamp` value of a literal known to fail (`x ⇒* ¬x`): false in every model.
const FAILED: u32 = u32::MAX;

/// Every literal true in all models of `f` (the backbone), sorted by variable; `None` if `f` is
/// unsatisfiable. Equivalent to [`backbone_of`]`(&f.implication_graph())`.
///
/// ```
/// use gridmatch::graph::twosat::{Formula, Lit, backbone};
///
/// let mut f = Formula::new(3);
/// f.add_clause(Lit::neg(0), Lit::pos(1)); // x0 ⇒ x1
/// f.add_clause(Lit::neg(0), Lit::neg(1)); // x0 ⇒ ¬x1
/// f.add_clause(Lit::pos(1), Lit::pos(2)); // x1 ∨ x2
/// assert_eq!(backbone(&f), Some(vec![Lit::neg(0)]));
/// f.add_clause(Lit::pos(0), Lit::pos(0)); // x0
/// assert_eq!(backbone(&f), None);
/// ```
///
/// # Constraints
/// As [`Formula::implication_graph`].
///
/// # Panics
/// As [`Formula::implication_graph`].
///
/// # Complexity
/// As [`backbone_of`], plus building the CSR graph.
pub fn backbone(f: &Formula) -> Option<Vec<Lit>> {
    backbone_of(&f.implication_graph())
}

/// [`backbone`] of the formula given by an implication graph: every literal true in all
/// models, sorted by variable; `None` if unsatisfiable.
///
/// # Constraints
/// As [`solve`](super::solve).
///
/// # Panics
/// As [`solve`](super::solve).
///
/// # Complexity
/// `O(n + m)` plus one probe per component probed, each `O(n + m)` at worst (see the module
/// documentation); `16n + 2 * num_vars` bytes of working memory.
pub fn backbone_of<G: ImplicationGraph + ?Sized>(g: &G) -> Option<Vec<Lit>> {
    let ids = components(g)?;
    let num_vars = g.num_vars();
    let n = 2 * num_vars;
    // Value of each variable in the current model; starts as `solve`'s model.
    let mut cur: Vec<bool> = ids.chunks_exact(2).map(|p| p[0] > p[1]).collect();
    // Whether every model seen so far gave the variable its value in `cur`.
    let mut cand = vec![true; num_vars];
    let order = sinks_first(&ids);
    // `stamp[l] == epoch`: reached by the current probe; `FAILED`: known to fail.
    let mut stamp = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut epoch = 0u32;
    let mut start = 0;
    while start < n {
        let id = ids[order[start] as usize];
        let mut end = start + 1;
        while end < n && ids[order[end] as usize] == id {
            end += 1;
        }
        let comp = &order[start..end];
        start = end;
        // Members of a component are equivalent: all have the same value and candidacy.
        let x = Lit(comp[0]);
        if is_true(x, &cur) || !cand[x.var() as usize] {
            continue;
        }
        // At most one probe per component, so `epoch <= n < FAILED`.
        epoch += 1;
        if probe(g, x, &cur, &mut stamp, epoch, &mut queue) {
            for &u in &queue {
                let u = Lit(u);
                cur[u.var() as usize] = !u.is_neg();
                cand[u.var() as usize] = false;
            }
        } else {
            for &u in comp {
                stamp[u as usize] = FAILED;
            }
        }
    }
    Some(
        (0..num_vars)
            .filter(|&v| cand[v])
            .map(|v| Lit::new(v as u32, !cur[v]))
            .collect(),
    )
}

/// Breadth-first walk of `C_F(x)` (the literals reached from `x` through literals false in
/// `cur`), marking them with `epoch` and leaving them in `queue`. Returns whether the closure of
/// `x` is consistent: `false` at a literal known to fail or at an edge `u ⇒ t` with `u` and `¬t`
/// both reached.
fn probe<G: ImplicationGraph + ?Sized>(
    g: &G,
    x: Lit,
    cur: &[bool],
    stamp: &mut [u32],
    epoch: u32,
    queue: &mut Vec<u32>,
) -> bool {
    queue.clear();
    queue.push(x.0);
    stamp[x.code()] = epoch;
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        let u = Lit(u);
        for k in 0..g.out_degree(u) {
            let v = g.successor(u, k);
            let sv = stamp[v.code()];
            if sv == FAILED {
                return false;
            }
            if is_true(v, cur) {
                // An edge u ⇒ ¬w with both u and w = ¬v reached. If w is reached later, its
                // edge w ⇒ ¬u (skew symmetry) is checked then.
                if stamp[(!v).code()] == epoch {
                    return false;
                }
            } else if sv != epoch {
                stamp[v.code()] = epoch;
                queue.push(v.0);
            }
        }
    }
    true
}

/// Whether the model `M` of `f` is its only one; if not, a second, different model. Equivalent
/// to [`second_model_of`]`(&f.implication_graph(), model)`.
///
/// ```
/// use gridmatch::graph::twosat::{Formula, Lit, second_model};
///
/// let mut f = Formula::new(2);
/// f.add_clause(Lit::neg(0), Lit::pos(1)); // x0 ⇒ x1
/// f.add_clause(Lit::pos(0), Lit::pos(0)); // x0
/// assert_eq!(second_model(&f, &[true, true]), None);
/// let mut g = Formula::new(2);
/// g.add_clause(Lit::neg(0), Lit::pos(1)); // x0 ⇒ x1
/// let other = second_model(&g, &[false, false]).expect("three models");
/// assert_ne!(other, [false, false]);
/// ```
///
/// # Constraints
/// `model` is a model of `f` (`model.len() == f.num_vars()`); as
/// [`Formula::implication_graph`].
///
/// # Panics
/// If `model` is not a model of `f`; as [`Formula::implication_graph`].
///
/// # Complexity
/// As [`second_model_of`], plus building the CSR graph.
pub fn second_model(f: &Formula, model: &[bool]) -> Option<Vec<bool>> {
    second_model_of(&f.implication_graph(), model)
}

/// [`second_model`] for an implication graph: `None` if `model` is the only model, else a
/// different one (the given model with one component of false literals flipped).
///
/// # Constraints
/// `model` is a model (`model.len() == g.num_vars()`); as [`solve`](super::solve).
///
/// # Panics
/// If `model` has the wrong length or some edge `u ⇒ v` has `u` true and `v` false; as
/// [`solve`](super::solve).
///
/// # Complexity
/// `O(n + m)` time (one check of the model, one SCC search, one scan of the edges); the SCC
/// search's `12n` bytes, then `5n` bytes plus the output.
pub fn second_model_of<G: ImplicationGraph + ?Sized>(g: &G, model: &[bool]) -> Option<Vec<bool>> {
    let num_vars = g.num_vars();
    assert_eq!(
        model.len(),
        num_vars,
        "second_model: model length must be num_vars"
    );
    let n = 2 * num_vars;
    for u in (0..n).map(Lit::from_code) {
        if is_true(u, model) {
            for k in 0..g.out_degree(u) {
                assert!(
                    is_true(g.successor(u, k), model),
                    "second_model: not a model (an implication {u} => {} fails)",
                    g.successor(u, k)
                );
            }
        }
    }
    let Some(ids) = components(g) else {
        panic!("second_model: a model exists, so the SCC search cannot conflict");
    };
    // blocked[id]: the false component `id` has an edge to another false component or to its
    // complement. Ids are in 1..=n.
    let mut blocked = vec![false; n + 1];
    for u in (0..n).map(Lit::from_code) {
        if is_true(u, model) {
            continue;
        }
        let cu = ids[u.code()];
        for k in 0..g.out_degree(u) {
            let v = g.successor(u, k);
            let to_other_false = !is_true(v, model) && ids[v.code()] != cu;
            let to_complement = ids[(!v).code()] == cu;
            if to_other_false || to_complement {
                blocked[cu as usize] = true;
                break;
            }
        }
    }
    let free = (0..n)
        .map(Lit::from_code)
        .find(|&u| !is_true(u, model) && !blocked[ids[u.code()] as usize])?;
    let c = ids[free.code()];
    let mut other = model.to_vec();
    for u in (0..n).map(Lit::from_code) {
        if ids[u.code()] == c {
            other[u.var() as usize] = !u.is_neg();
        }
    }
    Some(other)
}

/// The clause behind each step of a conflict chain: for each `chain[i] ⇒ chain[i + 1]`, the
/// index into `f.clauses()` of the first clause `(a ∨ b)` with `a == ¬chain[i]` and
/// `b == chain[i + 1]` or the other way round (a unit clause `(a ∨ a)` justifies `¬a ⇒ a`).
/// The result has `chain.len() - 1` entries (none for a chain of at most one literal).
///
/// ```
/// use gridmatch::graph::twosat::{Formula, Lit, chain_clauses};
///
/// let mut f = Formula::new(2);
/// f.add_clause(Lit::neg(0), Lit::pos(1)); // 0: x0 ⇒ x1
/// f.add_clause(Lit::neg(1), Lit::neg(0)); // 1: x1 ⇒ ¬x0
/// f.add_clause(Lit::pos(0), Lit::pos(0)); // 2: ¬x0 ⇒ x0
/// let conflict = f.solve().conflict().expect("unsatisfiable").clone();
/// for (step, &i) in conflict.chain.windows(2).zip(&chain_clauses(&f, &conflict.chain)) {
///     let (a, b) = f.clauses()[i];
///     assert!((a, b) == (!step[0], step[1]) || (b, a) == (!step[0], step[1]));
/// }
/// ```
///
/// # Constraints
/// Every step of `chain` is an edge of `f.implication_graph()` (true of the chains built by
/// [`solve`](super::solve) for `f`).
///
/// # Panics
/// If some step is justified by no clause of `f`.
///
/// # Complexity
/// `O(clauses + chain)` expected time; `O(chain)` memory.
pub fn chain_clauses(f: &Formula, chain: &[Lit]) -> Vec<usize> {
    // Step p ⇒ q needs the clause {¬p, q}, keyed as an ordered pair.
    let key = |a: Lit, b: Lit| if a <= b { (a, b) } else { (b, a) };
    let mut found: HashMap<(Lit, Lit), usize> = chain
        .windows(2)
        .map(|s| (key(!s[0], s[1]), usize::MAX))
        .collect();
    if !found.is_empty() {
        for (i, &(a, b)) in f.clauses().iter().enumerate() {
            if let Some(slot) = found.get_mut(&key(a, b))
                && *slot == usize::MAX
            {
                *slot = i;
            }
        }
    }
    chain
        .windows(2)
        .map(|s| match found.get(&key(!s[0], s[1])) {
            Some(&i) if i != usize::MAX => i,
            _ => panic!("chain_clauses: no clause justifies {} => {}", s[0], s[1]),
        })
        .collect()
}

/// Whether `lit` holds under `values` (indexed by variable).
fn is_true(lit: Lit, values: &[bool]) -> bool {
    values[lit.var() as usize] != lit.is_neg()
}

/// Component ids of all literals (ids in `1..=n` counting down in completion order, so an edge
/// never leads to a smaller id), or `None` if some component holds a literal and its
/// complement.
pub(super) fn components<G: ImplicationGraph + ?Sized>(g: &G) -> Option<Vec<u32>> {
    let num_vars = g.num_vars();
    assert!(num_vars <= MAX_VARS, "backbone: at most 2^31 - 2 variables");
    let mut scc = Tarjan::new(vec![UNVISITED; 2 * num_vars]);
    if run(&mut scc, g, true).is_some() {
        return None;
    }
    Some(scc.recs)
}

/// Literal codes sorted by descending component id (counting sort): sinks first, the members
/// of each component contiguous.
pub(super) fn sinks_first(ids: &[u32]) -> Vec<u32> {
    let n = ids.len();
    // Bucket of literal l: n - ids[l] (ids are in 1..=n), so the largest id comes first.
    let mut next = vec![0u32; n + 1];
    for &id in ids {
        next[n - id as usize + 1] += 1;
    }
    for i in 1..next.len() {
        next[i] += next[i - 1];
    }
    let mut order = vec![0u32; n];
    for (l, &id) in ids.iter().enumerate() {
        let slot = &mut next[n - id as usize];
        order[*slot as usize] = l as u32;
        *slot += 1;
    }
    order
}
