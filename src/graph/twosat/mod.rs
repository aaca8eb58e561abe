//! 2-SAT in `O(n + m)` time and at most three `u32` words of working memory
//! per literal (`n` = number of literals = `2 * num_vars`, `m` = number of
//! implication edges), with no recursion and no per-literal `Vec`s.
//!
//! # Reduction
//!
//! A clause `(a ∨ b)` is equivalent to the two implications `¬a ⇒ b` and
//! `¬b ⇒ a`. The formula is unsatisfiable iff some variable `x` has `x` and
//! `¬x` in the same strongly connected component (SCC) of this implication
//! graph (then `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`). Otherwise, numbering the SCCs in the
//! order in which Tarjan's algorithm completes them (a reverse topological
//! order: a component is completed only after everything it reaches),
//!
//! > **`x` is true iff `comp(x) < comp(¬x)`** (x's component was completed
//! > first, i.e. it lies "downstream" of ¬x's),
//!
//! which never makes a true literal imply a false one.
//!
//! The SCCs are found by the crate's one iterative Tarjan search
//! (`graph/scc.rs`, Pearce's space-efficient variant) with a `u32` record per
//! literal: its `rindex` serves as DFS index, low-link and finally component
//! id (ids count *down* from `n`, so internally the rule reads
//! `rindex[x] > rindex[¬x]`); beside it the search keeps its two stack arrays,
//! touched only as deep as it goes. Its `labelled` hook checks each literal
//! as it gets its component id.
//!
//! When a conflicting variable is met (the first SCC completed that contains
//! both `x` and `¬x`; the search stops right there), two breadth-first
//! searches restricted to that SCC give a shortest path `x ⇒ ¬x` and a
//! shortest path `¬x ⇒ x`, reusing the stack arrays for queue and parents.
//!
//! The implication graph can be explicit ([`Formula`] /
//! [`CsrImplications`]) or implicit: anything implementing
//! [`ImplicationGraph`], e.g. a graph computed on the fly from a board.
//!
//! What all models share is in `twosat/backbone.rs` (tests in
//! `twosat/backbone_tests.rs`): [`backbone`] (every literal true in all
//! models), [`second_model`] (is a model the only one?) and
//! [`chain_clauses`] (the input clause behind each step of a conflict chain).
//!
//! ```
//! use gridmatch::graph::twosat::{Formula, Lit, Outcome};
//!
//! let mut f = Formula::new(2);
//! f.add_clause(Lit::pos(0), Lit::pos(1)); // x0 ∨ x1
//! f.add_clause(Lit::neg(0), Lit::neg(0)); // ¬x0
//! assert_eq!(f.solve(), Outcome::Satisfiable(vec![false, true]));
//! assert_eq!(f.solve().assignment(), Some(&[false, true][..]));
//!
//! f.add_clause(Lit::neg(1), Lit::neg(1)); // ¬x1: now x0 ∨ x1 fails
//! let outcome = f.solve();
//! assert!(!outcome.is_satisfiable());
//! let conflict = outcome.conflict().expect("unsatisfiable");
//! assert_eq!(conflict.chain.first(), conflict.chain.last());
//! ```
//!
//! Status: stress-tested against brute force over all `2^n` assignments on
//! 30 000 random formulas (1..=10 variables, 0..=30 clauses incl. unit,
//! duplicate and tautological clauses): every assignment checked against
//! every clause, every conflict chain checked edge by edge against the clause
//! list and for shortest length; SCC ids checked against transitive closure
//! on random digraphs; implicit graphs and 10^6-variable deep chains run on a
//! 256 KiB stack; hand-made mutants of the core are caught by the tests.

use std::fmt;
use std::ops::Not;

use crate::graph::scc::{Search, Tarjan, UNVISITED};

mod backbone;
pub mod verify;
pub use backbone::{backbone, backbone_of, chain_clauses, second_model, second_model_of};

/// Largest supported number of variables. With `n = 2 * num_vars` literals,
/// all DFS indices and component ids (`1..=n`) stay below the two BFS marks.
const MAX_VARS: usize = (u32::MAX as usize - 2) / 2;
/// Largest supported out-degree: a DFS frame is `(left << 1) | flag` in a `u32`.
const MAX_DEGREE: usize = (1 << 31) - 1;
/// `rindex` value of a literal reached by the first conflict BFS.
const MARK_FORWARD: u32 = u32::MAX;
/// `rindex` value of a literal reached by the second conflict BFS.
const MARK_BACKWARD: u32 = u32::MAX - 1;

/// A literal: a variable or its negation, encoded as `2 * var + negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// The positive literal `x_var`.
    ///
    /// # Constraints
    /// `var < 2^31`.
    ///
    /// # Panics
    /// If `var >= 2^31` (the code would not fit in a `u32`).
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn pos(var: u32) -> Lit {
        Lit::new(var, false)
    }

    /// The negative literal `¬x_var`.
    ///
    /// # Constraints
    /// `var < 2^31`.
    ///
    /// # Panics
    /// If `var >= 2^31`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn neg(var: u32) -> Lit {
        Lit::new(var, true)
    }

    /// The literal `x_var` if `!negated`, `¬x_var` if `negated`.
    ///
    /// # Constraints
    /// `var < 2^31`.
    ///
    /// # Panics
    /// If `var >= 2^31`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn new(var: u32, negated: bool) -> Lit {
        assert!(var < 1 << 31, "Lit: variable index must be < 2^31");
        Lit(2 * var + negated as u32)
    }

    /// The variable of this literal.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn var(self) -> u32 {
        self.0 >> 1
    }

    /// Whether this is a negative literal `¬x`.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }

    /// The code `2 * var + negated`, usable as an index into per-literal
    /// arrays of length `2 * num_vars`.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The literal with the given [`code`](Lit::code).
    ///
    /// # Constraints
    /// `c <= u32::MAX`.
    ///
    /// # Panics
    /// If `c > u32::MAX`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn from_code(c: usize) -> Lit {
        assert!(c <= u32::MAX as usize, "Lit: code must fit in a u32");
        Lit(c as u32)
    }

    /// The literal as DIMACS writes it: `v` or `-v` for `x_(v-1)` or `¬x_(v-1)` (1-based).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn to_dimacs(self) -> i64 {
        let v = self.var() as i64 + 1;
        if self.is_neg() { -v } else { v }
    }

    /// The literal DIMACS writes `l` (`v` or `-v`, 1-based), or `None` for `0` (which ends a
    /// DIMACS clause) and for variables past the largest [`Lit`] (`|l| > 2^31`). Whether `|l|`
    /// is at most the formula's variable count is the caller's check.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub const fn from_dimacs(l: i64) -> Option<Lit> {
        let var = l.unsigned_abs();
        if var == 0 || var > 1 << 31 {
            return None;
        }
        Some(Lit::new((var - 1) as u32, l < 0))
    }
}

impl Not for Lit {
    type Output = Lit;

    /// The complementary literal (`x` ↔ `¬x`).
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    /// `x3` for a positive literal, `!x3` for a negative one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_neg() {
            write!(f, "!x{}", self.var())
        } else {
            write!(f, "x{}", self.var())
        }
    }
}

/// An implication graph over the `2 * num_vars()` literals.
///
/// Contract (not checked; violating it gives meaningless but memory-safe
/// results, or a documented panic of [`solve`]):
/// * skew-symmetric: `a ⇒ b` is an edge iff `¬b ⇒ ¬a` is;
/// * every successor has `var() < num_vars()`;
/// * answers are deterministic (the same for repeated calls).
pub trait ImplicationGraph {
    /// Number of variables; literals have codes `0..2 * num_vars()`.
    fn num_vars(&self) -> usize;

    /// Number of literals directly implied by `lit`.
    fn out_degree(&self, lit: Lit) -> usize;

    /// The `k`-th literal directly implied by `lit`, for
    /// `0 <= k < out_degree(lit)`.
    fn successor(&self, lit: Lit, k: usize) -> Lit;
}

/// An explicit 2-CNF formula: a conjunction of clauses `(a ∨ b)`.
/// A unit clause `a` is written `(a ∨ a)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    num_vars: usize,
    clauses: Vec<(Lit, Lit)>,
}

impl Formula {
    /// An empty (trivially satisfiable) formula over `num_vars` variables.
    ///
    /// # Constraints
    /// `num_vars <= 2^31 - 2`.
    ///
    /// # Panics
    /// If `num_vars > 2^31 - 2`.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn new(num_vars: usize) -> Self {
        assert!(num_vars <= MAX_VARS, "Formula: at most 2^31 - 2 variables");
        Formula {
            num_vars,
            clauses: Vec::new(),
        }
    }

    /// Adds the clause `(a ∨ b)`; use `a == b` for a unit clause.
    ///
    /// # Constraints
    /// `a.var() < num_vars()` and `b.var() < num_vars()`.
    ///
    /// # Panics
    /// If a literal's variable is out of range.
    ///
    /// # Complexity
    /// Amortised `O(1)`.
    pub fn add_clause(&mut self, a: Lit, b: Lit) {
        assert!(
            (a.var() as usize) < self.num_vars && (b.var() as usize) < self.num_vars,
            "Formula::add_clause: variable out of range"
        );
        self.clauses.push((a, b));
    }

    /// The clauses, in insertion order.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn clauses(&self) -> &[(Lit, Lit)] {
        &self.clauses
    }

    /// Number of variables.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// The implication graph in compressed sparse row form: each clause
    /// `(a ∨ b)` contributes the edges `¬a ⇒ b` and `¬b ⇒ a` (a unit clause
    /// gives `¬a ⇒ a` twice, a tautology two self-loops). Successors of a
    /// literal are listed in clause order.
    ///
    /// # Constraints
    /// At most `2^31 - 1` clauses (`2 * clauses` must fit in a `u32`).
    ///
    /// # Panics
    /// If there are more than `2^31 - 1` clauses.
    ///
    /// # Complexity
    /// `O(n + m)` time; `4 * (n + 1) + 8 * clauses` bytes.
    pub fn implication_graph(&self) -> CsrImplications {
        let edges = 2 * self.clauses.len();
        assert!(
            edges <= u32::MAX as usize,
            "Formula::implication_graph: too many clauses"
        );
        let n = 2 * self.num_vars;
        // Count into offsets[src + 2]; after the prefix sum offsets[src + 1]
        // is the start of src; filling bumps it to the end of src, which is
        // the start of src + 1. The last slot is then dropped.
        let mut offsets = vec![0u32; n + 2];
        for &(a, b) in &self.clauses {
            offsets[(!a).code() + 2] += 1;
            offsets[(!b).code() + 2] += 1;
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut targets = vec![0u32; edges];
        for &(a, b) in &self.clauses {
            for (src, dst) in [(!a, b), (!b, a)] {
                let slot = &mut offsets[src.code() + 1];
                targets[*slot as usize] = dst.0;
                *slot += 1;
            }
        }
        offsets.pop();
        CsrImplications {
            num_vars: self.num_vars,
            offsets,
            targets,
        }
    }

    /// Solves the formula: `solve(&self.implication_graph())`.
    ///
    /// # Constraints
    /// As [`Formula::implication_graph`].
    ///
    /// # Panics
    /// As [`Formula::implication_graph`].
    ///
    /// # Complexity
    /// `O(n + m)` time; the CSR graph plus [`solve`]'s `12n` bytes.
    pub fn solve(&self) -> Outcome {
        solve(&self.implication_graph())
    }
}

/// An explicit implication graph in compressed sparse row form, built by
/// [`Formula::implication_graph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsrImplications {
    num_vars: usize,
    /// `offsets[l]..offsets[l + 1]` is the range of `targets` for code `l`.
    offsets: Vec<u32>,
    /// Successor literal codes.
    targets: Vec<u32>,
}

impl CsrImplications {
    /// Total number of implication edges.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn num_edges(&self) -> usize {
        self.targets.len()
    }
}

impl ImplicationGraph for CsrImplications {
    fn num_vars(&self) -> usize {
        self.num_vars
    }

    fn out_degree(&self, lit: Lit) -> usize {
        let c = lit.code();
        (self.offsets[c + 1] - self.offsets[c]) as usize
    }

    fn successor(&self, lit: Lit, k: usize) -> Lit {
        let c = lit.code();
        let i = self.offsets[c] as usize + k;
        debug_assert!(
            i < self.offsets[c + 1] as usize,
            "successor index out of range"
        );
        Lit(self.targets[i])
    }
}

/// Result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A satisfying assignment, indexed by variable (`true` = `x` holds).
    Satisfiable(Vec<bool>),
    /// A proof that no satisfying assignment exists.
    Unsatisfiable(Conflict),
}

impl Outcome {
    /// Whether a satisfying assignment was found.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn is_satisfiable(&self) -> bool {
        matches!(self, Outcome::Satisfiable(_))
    }

    /// The satisfying assignment, indexed by variable (`true` = `x` holds), or `None` if the
    /// formula is unsatisfiable.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn assignment(&self) -> Option<&[bool]> {
        match self {
            Outcome::Satisfiable(assignment) => Some(assignment),
            Outcome::Unsatisfiable(_) => None,
        }
    }

    /// The proof of unsatisfiability, or `None` if the formula is satisfiable.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Panics
    /// Never.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn conflict(&self) -> Option<&Conflict> {
        match self {
            Outcome::Satisfiable(_) => None,
            Outcome::Unsatisfiable(conflict) => Some(conflict),
        }
    }
}

/// Proof of unsatisfiability: `chain[0] == x`, `chain.last() == x`, `¬x`
/// occurs in between, and each consecutive pair `(chain[i], chain[i + 1])`
/// is an edge of the implication graph: `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`.
///
/// Chains built by [`solve`] consist of a shortest path `x ⇒ ¬x` followed by
/// a shortest path `¬x ⇒ x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The cycle of implications, first and last element equal to `x`.
    pub chain: Vec<Lit>,
}

impl Conflict {
    /// The variable forced both ways (the variable of `chain[0]`).
    ///
    /// # Constraints
    /// `chain` is non-empty (always true for conflicts built by [`solve`]).
    ///
    /// # Panics
    /// If `chain` is empty.
    ///
    /// # Complexity
    /// `O(1)`.
    pub fn var(&self) -> u32 {
        match self.chain.first() {
            Some(x) => x.var(),
            None => panic!("Conflict::var: empty chain"),
        }
    }
}

impl fmt::Display for Conflict {
    /// The chain joined by `" => "`, e.g. `x0 => !x0 => x0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, lit) in self.chain.iter().enumerate() {
            if i > 0 {
                f.write_str(" => ")?;
            }
            write!(f, "{lit}")?;
        }
        Ok(())
    }
}

/// Solves the 2-SAT instance given by the implication graph `g`.
///
/// Returns a satisfying assignment (`x` true iff `comp(x) < comp(¬x)` with
/// SCCs numbered in Tarjan completion order), or a [`Conflict`] for the
/// first SCC completed that contains some `x` and `¬x`.
///
/// # Constraints
/// `g` satisfies the [`ImplicationGraph`] contract (skew-symmetric,
/// in-range, deterministic); `g.num_vars() <= 2^31 - 2`; every out-degree
/// `< 2^31`.
///
/// # Panics
/// If `g.num_vars() > 2^31 - 2`, if an out-degree is `>= 2^31`, if a
/// successor's variable is `>= g.num_vars()` (index out of bounds), or if `g`
/// answers differently on repeated calls so that the conflict path cannot be
/// re-traced.
///
/// # Complexity
/// `O(n + m)` time with `n = 2 * num_vars` literals and `m` edges; each
/// `(lit, k)` pair is passed to `successor` once by the SCC search, and
/// `out_degree` is called once per literal (conflict extraction adds at most
/// two more calls of each per literal of the conflicting SCC). Memory: three
/// `u32` arrays of length `n` (`12n` bytes, the two stack arrays touched only
/// as deep as used), plus the output (`num_vars` bytes, or the chain).
pub fn solve<G: ImplicationGraph + ?Sized>(g: &G) -> Outcome {
    let num_vars = g.num_vars();
    assert!(num_vars <= MAX_VARS, "solve: at most 2^31 - 2 variables");
    let mut scc = Tarjan::new(vec![UNVISITED; 2 * num_vars]);
    match run(&mut scc, g, true) {
        None => {
            let Tarjan {
                recs: rindex,
                stack,
                frames,
            } = scc;
            drop(stack);
            drop(frames);
            // Ids count down in completion order, so `comp(x) < comp(¬x)` in
            // completion order is `rindex[x] > rindex[¬x]`.
            let assignment = rindex
                .chunks_exact(2)
                .map(|pair| pair[0] > pair[1])
                .collect();
            Outcome::Satisfiable(assignment)
        }
        Some((x, comp)) => Outcome::Unsatisfiable(conflict(scc, g, x, comp)),
    }
}

/// The implication graph as seen by the SCC search (`graph/scc.rs`), with
/// the clash check as its hook.
struct Implications<'g, G: ?Sized> {
    g: &'g G,
    /// Whether to stop at the first component holding some `x` and `¬x`.
    stop_on_conflict: bool,
    /// The first literal labelled while its complement already carried the
    /// same component id.
    clash: Option<u32>,
}

impl<G: ImplicationGraph + ?Sized> Search for Implications<'_, G> {
    type Rec = u32;

    /// The cursor is the number of successors left to scan: they are
    /// scanned from the last down.
    fn enter(&mut self, x: u32, _: u32, _: &mut u32) -> u32 {
        let deg = self.g.out_degree(Lit(x));
        assert!(deg <= MAX_DEGREE, "solve: out-degree must be < 2^31");
        // deg <= MAX_DEGREE < 2^31.
        deg as u32
    }

    #[inline]
    fn next(&mut self, x: u32, cursor: &mut u32, _: &mut u32) -> Option<u32> {
        if *cursor == 0 {
            return None;
        }
        *cursor -= 1;
        Some(self.g.successor(Lit(x), *cursor as usize).0)
    }

    #[inline]
    fn merge(&mut self, _: &mut u32, _: &u32) {}

    /// A pair `x`, `¬x` in the component is caught when the second of the
    /// two is labelled.
    #[inline]
    fn labelled(&mut self, rindex: &[u32], x: u32, id: u32) {
        if rindex[(x ^ 1) as usize] == id && self.clash.is_none() {
            self.clash = Some(x);
        }
    }

    fn complete(&mut self, _: &mut [u32], _: u32, _: &[u32], _: u32) -> bool {
        self.stop_on_conflict && self.clash.is_some()
    }
}

/// Runs the SCC search over all literals. Component ids are assigned
/// counting down from `n` in completion order (= reverse topological
/// order). If `stop_on_conflict`, returns `Some((x, id))` as soon as a
/// completed component `id` contains both `x` and `¬x` (the whole component
/// labelled, so that the conflict BFS sees all of it).
fn run<G: ImplicationGraph + ?Sized>(
    scc: &mut Tarjan<u32>,
    g: &G,
    stop_on_conflict: bool,
) -> Option<(u32, u32)> {
    let mut hook = Implications {
        g,
        stop_on_conflict,
        clash: None,
    };
    let id = scc.run(&mut hook)?;
    hook.clash.map(|x| (x, id))
}

/// Builds the conflict chain for literal `x` whose component `comp` also
/// contains `¬x`. Consumes the SCC state (it is overwritten).
fn conflict<G: ImplicationGraph + ?Sized>(
    mut scc: Tarjan<u32>,
    g: &G,
    x: u32,
    comp: u32,
) -> Conflict {
    let not_x = x ^ 1;
    let mut chain = bfs_path(&mut scc, g, x, not_x, [comp, comp], MARK_FORWARD);
    // Every literal of the component is now `comp` or `MARK_FORWARD`.
    let back = bfs_path(&mut scc, g, not_x, x, [comp, MARK_FORWARD], MARK_BACKWARD);
    chain.extend_from_slice(&back[1..]);
    Conflict { chain }
}

/// Shortest path `from ⇒ … ⇒ to` through literals whose `rindex` is in
/// `open` (both ends must be in the same completed component, and every
/// literal of that component must have its `rindex` in `open` or be
/// `from`). Reached literals get `rindex = mark`. The search's stack arrays
/// serve as queue and parents.
fn bfs_path<G: ImplicationGraph + ?Sized>(
    scc: &mut Tarjan<u32>,
    g: &G,
    from: u32,
    to: u32,
    open: [u32; 2],
    mark: u32,
) -> Vec<Lit> {
    let Tarjan {
        recs: rindex,
        stack: queue,
        frames: parent,
    } = scc;

    rindex[from as usize] = mark;
    queue[0] = from;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let u = queue[head];
        head += 1;
        for k in 0..g.out_degree(Lit(u)) {
            let w = g.successor(Lit(u), k).0;
            let r = rindex[w as usize];
            if r != open[0] && r != open[1] {
                continue;
            }
            rindex[w as usize] = mark;
            parent[w as usize] = u;
            if w == to {
                let mut path = vec![Lit(to)];
                let mut cur = to;
                while cur != from {
                    cur = parent[cur as usize];
                    path.push(Lit(cur));
                }
                path.reverse();
                return path;
            }
            // Each literal is enqueued at most once, so tail < n.
            queue[tail] = w;
            tail += 1;
        }
    }
    // `from` and `to` are in one SCC, so a path inside it exists unless
    // the graph changed its answers since the SCC search.
    panic!("solve: implication graph is not deterministic");
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod backbone_tests;
