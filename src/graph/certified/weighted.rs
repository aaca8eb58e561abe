//! Weighted matching of a user's graph as read, with its proof, and the check of that proof
//! against the graph and its weights alone.
//!
//! **Guarantee:** [`weighted_matching`] answers a [`Question`] with an optimal matching and
//! the duals that prove it (see [`weighted`](crate::graph::weighted)), plus, when the question
//! is about maximum-cardinality matchings, the König cover or Tutte–Berge barrier that proves
//! the cardinality; or, when a perfect matching is asked for and none exists, a maximum
//! matching with the barrier that proves it too small. [`verify_weighted`] accepts exactly the
//! certificates whose claims follow: it reads nothing of the engines' state, only the pairs,
//! the shift, the duals and the cardinality proof, and checks them with
//! [`weighted::verify`](crate::graph::weighted::verify) and [`verify_edges`].
//!
//! **Why the checks prove the answer.** For the questions over all matchings and over
//! maximum-cardinality matchings the duals are for the maximum-weight matching LP
//! ([`Lp::Matching`]) and prove that the pairs maximise `w' = sign·w + shift` over all
//! matchings. With no shift (the question "any matching") that is the answer. Among
//! maximum-cardinality matchings (all of one size, which the cover or barrier proves the
//! pairs have) `w'` differs from `sign·w` by the same `shift × size` for every competitor, so
//! the pairs are best for `sign·w` too. For the perfect question the duals are for the
//! perfect-matching LP ([`Lp::Perfect`]: vertex duals of any sign, every vertex matched) and
//! prove that the pairs maximise `w'` over perfect matchings; the engine writes them with no
//! shift, and records of the earlier shift form (duals of the maximum-weight LP for a
//! positive shift, a perfect matching) satisfy the same rules, and all perfect matchings
//! have n/2 pairs, so both prove the pairs best for `sign·w`.
//!
//! A maximum-cardinality answer on the general engine has a [`Reduction`]: its duals are for
//! the perfect-matching LP of the gadget graph G* (see the
//! [weighted module docs](crate::graph::weighted)), which [`verify_weighted`] rebuilds from
//! the file and the answer's barrier alone, after checking that the barrier is tight for the
//! pairs (so they are a maximum matching); it extends the pairs by the added pairs the proof
//! there names, and checks the duals on G*. Every perfect matching of G* restricts to a
//! maximum matching of G of the same weight, so the pairs are best among those.
//!
//! **Complexity:** [`weighted_matching`]: O(n + m) to 2-colour and transform, the engine's run,
//! and for the maximum-cardinality question one run of the cardinality engine.
//! [`verify_weighted`]: O(n + m) expected (a hash map of the edges) plus the dual check's
//! O(n + m log n) (the odd sets are a forest of size O(n)).
//!
//! **Status:** see the tests in `certified/weighted_tests.rs`: every question on thousands of
//! small random graphs of both shapes against the brute force, every certificate verified,
//! tampered ones refused.

use std::collections::HashMap;

use super::{MatchingCertificate, MatchingError, Proof, Vertices, edges as one_set, verify_edges};
use super::{Parts, Shape};
use crate::graph::general::bipartition_of_edges;
use crate::graph::weighted::verify::{DualError, Lp, verify_lp_of};
use crate::graph::weighted::{
    Cardinality, Duals, Question, Sides, Solution, Weight, WeightError, solve_reducing,
};

/// A weighted answer, vertices in the one set `0..n` (see [`Vertices`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedCertificate {
    /// What was asked.
    pub question: Question,
    /// The answer and its proof.
    pub outcome: WeightedOutcome,
}

/// The answer to a weighted question and what proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightedOutcome {
    /// The best matching.
    Optimum {
        /// Matched pairs and each pair's weight (for a matrix `(row, column)`, the column
        /// shifted past the rows).
        pairs: Vec<(u32, u32, i128)>,
        /// Their total weight.
        total: i128,
        /// The duals are for `w' = sign·w + shift`.
        shift: i128,
        /// Duals proving the pairs maximise `w'`.
        duals: Duals,
        /// For the maximum-cardinality question: why no matching has more pairs.
        cardinality: Option<Proof>,
        /// How the duals relate to the graph: `None`, for the graph itself; or for the gadget
        /// graph G* built from the barrier in `cardinality` (see [`Reduction`]).
        reduction: Option<Reduction>,
    },
    /// A perfect matching was asked for and none exists: a maximum matching, smaller than
    /// n/2, with its proof.
    NoPerfectMatching {
        /// The maximum matching and the proof of its size.
        matching: MatchingCertificate,
        /// Each pair's weight in the graph (one edge joining the pair), in the order of
        /// `matching.pairs`. Certificates written before pairs carried their weights have 0
        /// for every pair, which [`verify_weighted`] accepts too.
        weights: Vec<i128>,
    },
}

/// A graph derived from the user's that the duals of an optimum are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// The maximum-cardinality question as a perfect-matching one (see the
    /// [module docs](crate::graph::weighted)): G* is G plus a vertex `k_i = n + i` for the
    /// i-th odd component of G − A (components numbered by their smallest vertex, A the
    /// barrier of the cardinality proof), joined to each vertex of that component, plus a
    /// vertex `a'_j = n + c + j` for the j-th barrier vertex in increasing order, joined to
    /// `k_i` for each odd component its barrier vertex has a neighbour in; gadget edges weigh
    /// 0. The duals are for the perfect-matching LP of G* with weights `sign·w`, and the
    /// gadget pairs are derived from the matching (each barrier vertex's `a'_j` with the
    /// `k_i` of its mate's component, each other `k_i` with its component's exposed vertex).
    GallaiEdmonds,
}

/// The answer "no perfect matching" on `input`: a maximum matching with its proof, each pair
/// with its weight in the graph (that of the first edge of the file joining it).
pub(super) fn no_perfect_matching<'a, W: Weight>(
    input: impl Into<Parts<'a>>,
    weights: &[W],
) -> WeightedOutcome {
    let input = input.into();
    let edges = one_set(input);
    let matching = super::maximum_matching(input);
    let mut first: HashMap<(u32, u32), i128> = HashMap::with_capacity(edges.len());
    for (&(u, v), &w) in edges.iter().zip(weights).rev() {
        first.insert((u.min(v), u.max(v)), w.into());
    }
    let weights = matching
        .pairs
        .iter()
        .map(|&(u, v)| first.get(&(u.min(v), u.max(v))).copied().unwrap_or(0))
        .collect();
    WeightedOutcome::NoPerfectMatching { matching, weights }
}

/// Answers `question` on `input` with `weights` (one per edge of `input.edges`).
///
/// # Errors
/// As [`solve`](crate::graph::weighted::solve): weights beyond
/// [`WIDE_LIMIT`](crate::graph::weighted::WIDE_LIMIT).
pub fn weighted_matching<'a>(
    input: impl Into<Parts<'a>>,
    weights: &[i64],
    question: Question,
) -> Result<WeightedCertificate, WeightError> {
    let input = input.into();
    weighted_matching_as(input, weights, question, true)
}

/// [`weighted_matching`] for `i128` weights, up to
/// [`WIDE_LIMIT`](crate::graph::weighted::WIDE_LIMIT): the engines compute in `i64` when
/// the values allow it, else in `i128` (see [`solve`](crate::graph::weighted::solve)).
///
/// # Errors
/// As [`weighted_matching`].
pub fn weighted_matching_wide<'a>(
    input: impl Into<Parts<'a>>,
    weights: &[i128],
    question: Question,
) -> Result<WeightedCertificate, WeightError> {
    weighted_matching_as(input, weights, question, true)
}

/// [`weighted_matching`]; with `reduce` false, the maximum-cardinality question on the
/// general engine is answered on shifted weights (duals of the graph itself, never a
/// [`Reduction`]), which refuses weights with `n·max|w| ≥ 2⁵⁹`: for callers whose answers
/// cannot yet hold the gadget graph's duals (the Python binding).
///
/// # Errors
/// As [`solve`](crate::graph::weighted::solve), and the shift's refusal.
pub fn weighted_matching_as<'a, W: Weight>(
    input: impl Into<Parts<'a>>,
    weights: &[W],
    question: Question,
    reduce: bool,
) -> Result<WeightedCertificate, WeightError> {
    let input = input.into();
    let v = Vertices::of(input);
    // The edges in the one vertex set: the input's own (no copy) for a general graph.
    let edges: std::borrow::Cow<'_, [(u32, u32)]> = match input.shape {
        Shape::General { .. } => input.edges.into(),
        Shape::Bipartite { .. } => one_set(input).into(),
    };
    let side: Option<Vec<bool>> = match input.shape {
        Shape::Bipartite { rows, .. } => Some((0..v.n).map(|x| x >= rows).collect()),
        Shape::General { vertices } => bipartition_of_edges(vertices, &edges),
    };
    let sides = side.as_deref().map(|side| Sides { side });
    // A matrix's record names rows and columns and has no names for the gadget graph's added
    // vertices: its maximum-cardinality question keeps the shift when the assignment engine
    // cannot answer it.
    let reduce = reduce && !matches!(input.shape, Shape::Bipartite { .. });
    let outcome = match solve_reducing(v.n, &edges, weights, question, sides, reduce)? {
        Solution::NoPerfectMatching => no_perfect_matching(input, weights),
        Solution::Optimum(o) => {
            let pairs: Vec<(u32, u32, i128)> = o
                .edges
                .iter()
                .map(|&e| (edges[e].0, edges[e].1, weights[e].into()))
                .collect();
            let reduction = o.barrier.is_some().then_some(Reduction::GallaiEdmonds);
            let cardinality = match o.barrier {
                Some(barrier) => Some(Proof::Barrier(barrier)),
                None => (question.cardinality == Cardinality::Maximum).then(|| {
                    let cert = super::maximum_matching(input);
                    debug_assert_eq!(cert.pairs.len(), pairs.len());
                    cert.proof
                }),
            };
            WeightedOutcome::Optimum {
                pairs,
                total: o.total,
                shift: o.shift,
                duals: o.duals,
                cardinality,
                reduction,
            }
        }
    };
    Ok(WeightedCertificate { question, outcome })
}

/// Why a weighted certificate is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightedError {
    /// A pair is not an edge of the graph with the weight written.
    #[error("the pair {0} {1} of weight {2} is not an edge of the graph")]
    NotAnEdge(u32, u32, i128),
    /// A pair is listed twice (each edge of the file can be used once).
    #[error("the pair {0} {1} of weight {2} is listed more often than the graph has it")]
    Repeated(u32, u32, i128),
    /// The shift makes some transformed weight overflow.
    #[error("the shift {0} is too large")]
    Shift(i128),
    /// The question "any matching" needs no shift.
    #[error("the shift is {0}, but over all matchings it must be 0")]
    ShiftNotZero(i128),
    /// The duals do not prove the pairs optimal.
    #[error(transparent)]
    Duals(#[from] DualError),
    /// The duals do not prove the pairs optimal, found on the transformed weights
    /// `w' = sign·w + shift` of a minimum or shifted question; said with the file's weights.
    #[error("{}", transformed(.error, *.sign, *.shift, *.pairs, &|x| x.to_string()))]
    Transformed {
        /// What failed, in the transformed weights.
        error: DualError,
        /// +1 or −1.
        sign: i64,
        /// The shift.
        shift: i128,
        /// The number of matched pairs.
        pairs: usize,
    },
    /// The cardinality proof fails.
    #[error(transparent)]
    Cardinality(#[from] MatchingError),
    /// A maximum-cardinality answer without its cardinality proof.
    #[error("a maximum-cardinality answer needs a cover or barrier proving its size")]
    NoCardinalityProof,
    /// A perfect matching was asked for and the pairs leave vertices exposed.
    #[error(
        "the matching has {}; a perfect one on {} has {}",
        crate::error::count(*.pairs, "pair", "pairs"),
        crate::error::count(*.vertices, "vertex", "vertices"),
        .vertices / 2
    )]
    NotPerfect {
        /// Pairs written.
        pairs: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// "No perfect matching" with a weight list not one per pair.
    #[error(
        "{} but {}",
        crate::error::count(*.pairs, "pair", "pairs"),
        crate::error::count(*.weights, "pair weight", "pair weights")
    )]
    PairWeights {
        /// Pairs of the maximum matching.
        pairs: usize,
        /// Weights given.
        weights: usize,
    },
    /// "No perfect matching" while the maximum matching given is perfect.
    #[error("the certificate says there is no perfect matching, but its matching is perfect")]
    PerfectAfterAll,
    /// A reduction to a gadget graph for a question it does not answer, or without the
    /// barrier it is built from, or with a shift.
    #[error("{0}")]
    Reduction(String),
    /// The duals do not prove the pairs (extended by the gadget pairs) optimal on the gadget
    /// graph G* ([`Reduction::GallaiEdmonds`]), whose weights are `sign·w` and 0 on the added
    /// edges; vertices from `vertices` on are G*'s added ones.
    #[error("on the gadget graph: {}", gadget_failure(.error, *.vertices, *.sign, *.pairs, &|x| x.to_string()))]
    Gadget {
        /// What failed.
        error: DualError,
        /// Vertices of the graph (G* adds the ones from here on).
        vertices: usize,
        /// +1 or −1.
        sign: i64,
        /// Pairs of the perfect matching of G*.
        pairs: usize,
    },
    /// The total written is not the pairs' total.
    #[error("the total is written as {written}, but the pairs weigh {actual}")]
    Total {
        /// As written.
        written: i128,
        /// The sum of the pairs' weights.
        actual: i128,
    },
}

impl WeightedError {
    /// The reason with every vertex named by `name` (e.g. in the file's numbering).
    pub fn describe(&self, name: &dyn Fn(u32) -> String) -> String {
        match self {
            WeightedError::NotAnEdge(u, v, w) => format!(
                "the pair {} {} of weight {w} is not an edge of the graph",
                name(*u),
                name(*v)
            ),
            WeightedError::Repeated(u, v, w) => format!(
                "the pair {} {} of weight {w} is listed more often than the graph has it",
                name(*u),
                name(*v)
            ),
            WeightedError::Duals(e) => e.describe(name),
            WeightedError::Transformed {
                error,
                sign,
                shift,
                pairs,
            } => transformed(error, *sign, *shift, *pairs, name),
            WeightedError::Cardinality(e) => e.describe(name),
            WeightedError::Gadget {
                error,
                vertices,
                sign,
                pairs,
            } => format!(
                "on the gadget graph: {}",
                gadget_failure(error, *vertices, *sign, *pairs, name)
            ),
            other => other.to_string(),
        }
    }
}

/// Checks a weighted certificate against `input` and `weights` alone (see the module docs);
/// returns the total weight it proves optimal (`None` for "no perfect matching").
///
/// # Complexity
/// O(n + m) expected plus the dual check's O(n + m log n).
pub fn verify_weighted<'a>(
    input: impl Into<Parts<'a>>,
    weights: &[i64],
    cert: &WeightedCertificate,
) -> Result<Option<i128>, WeightedError> {
    verify_weighted_of(input, weights, cert)
}

/// [`verify_weighted`] for `i128` weights.
///
/// # Complexity
/// As [`verify_weighted`].
pub fn verify_weighted_wide<'a>(
    input: impl Into<Parts<'a>>,
    weights: &[i128],
    cert: &WeightedCertificate,
) -> Result<Option<i128>, WeightedError> {
    verify_weighted_of(input, weights, cert)
}

/// [`verify_weighted`] for either weight type.
pub(crate) fn verify_weighted_of<'a, W: Weight>(
    input: impl Into<Parts<'a>>,
    weights: &[W],
    cert: &WeightedCertificate,
) -> Result<Option<i128>, WeightedError> {
    let input = input.into();
    let n = Vertices::of(input).n;
    let edges = one_set(input);
    let (pairs, total, shift, duals, cardinality, reduction) = match &cert.outcome {
        WeightedOutcome::NoPerfectMatching {
            matching,
            weights: w,
        } => {
            if w.len() != matching.pairs.len() {
                return Err(WeightedError::PairWeights {
                    pairs: matching.pairs.len(),
                    weights: w.len(),
                });
            }
            // Each pair with its weight is an edge of the file (each edge used once); a
            // certificate of the first shape has 0 in every pair, which says nothing.
            if w.iter().any(|&x| x != 0) {
                let pairs: Vec<(u32, u32, i128)> = matching
                    .pairs
                    .iter()
                    .zip(w)
                    .map(|(&(u, v), &x)| (u, v, x))
                    .collect();
                edges_of(&edges, weights, &pairs)?;
            }
            verify_edges(n, &edges, matching)?;
            if 2 * matching.pairs.len() == n {
                return Err(WeightedError::PerfectAfterAll);
            }
            return Ok(None);
        }
        WeightedOutcome::Optimum {
            pairs,
            total,
            shift,
            duals,
            cardinality,
            reduction,
        } => (pairs, *total, *shift, duals, cardinality, *reduction),
    };
    let matched = edges_of(&edges, weights, pairs)?;
    if let Some(Reduction::GallaiEdmonds) = reduction {
        let actual = pair_total(pairs);
        if Some(total) != actual {
            return Err(WeightedError::Total {
                written: total,
                actual: actual.unwrap_or(i128::MAX),
            });
        }
        return verify_reduced(
            n,
            &edges,
            weights,
            cert,
            pairs,
            &matched,
            shift,
            duals,
            cardinality,
        )
        .map(|()| Some(total));
    }
    let actual = pair_total(pairs);
    if Some(total) != actual {
        return Err(WeightedError::Total {
            written: total,
            actual: actual.unwrap_or(i128::MAX),
        });
    }
    let sign = i128::from(cert.question.sense.sign());
    let transformed = weights
        .iter()
        .map(|&w| (sign * w.into()).checked_add(shift))
        .collect::<Option<Vec<i128>>>()
        .ok_or(WeightedError::Shift(shift))?;
    // Among perfect matchings the duals are for the perfect-matching LP (vertex duals of any
    // sign; the matching must be perfect). Records of the shift form carry duals of the
    // maximum-weight LP, which are duals of the perfect-matching LP too once the matching is
    // perfect, so they verify under the same rule.
    let lp = match cert.question.cardinality {
        Cardinality::Perfect => Lp::Perfect,
        Cardinality::Any | Cardinality::Maximum => Lp::Matching,
    };
    verify_lp_of(n, &edges, &transformed, &matched, duals, lp).map_err(|error| match error {
        DualError::EdgeNotCovered { .. }
        | DualError::NotTight { .. }
        | DualError::ObjectiveMismatch { .. }
            if sign != 1 || shift != 0 =>
        {
            WeightedError::Transformed {
                error,
                sign: sign as i64,
                shift,
                pairs: pairs.len(),
            }
        }
        error => WeightedError::Duals(error),
    })?;
    match cert.question.cardinality {
        Cardinality::Any if shift != 0 => return Err(WeightedError::ShiftNotZero(shift)),
        Cardinality::Any => {}
        Cardinality::Maximum => {
            let proof = cardinality
                .clone()
                .ok_or(WeightedError::NoCardinalityProof)?;
            let plain = MatchingCertificate {
                pairs: pairs.iter().map(|&(u, v, _)| (u, v)).collect(),
                proof,
            };
            verify_edges(n, &edges, &plain)?;
        }
        Cardinality::Perfect => {
            if 2 * pairs.len() != n {
                return Err(WeightedError::NotPerfect {
                    pairs: pairs.len(),
                    vertices: n,
                });
            }
        }
    }
    Ok(Some(total))
}

/// [`verify_weighted`] for duals of the gadget graph G* ([`Reduction::GallaiEdmonds`]): the
/// barrier proves the pairs a maximum matching of G; then every perfect matching of G*
/// restricts to a maximum matching of G and every maximum matching of G extends to one (see
/// the [module docs](crate::graph::weighted)), with the same weight as gadget edges weigh 0;
/// so duals of the perfect-matching LP of G* proving the extended pairs best prove the pairs
/// best among maximum matchings. G* and the extension are rebuilt here from the file and the
/// barrier alone.
#[allow(clippy::too_many_arguments)]
fn verify_reduced<W: Weight>(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[W],
    cert: &WeightedCertificate,
    pairs: &[(u32, u32, i128)],
    matched: &[usize],
    shift: i128,
    duals: &Duals,
    cardinality: &Option<Proof>,
) -> Result<(), WeightedError> {
    let refuse = |why: &str| Err(WeightedError::Reduction(why.to_string()));
    if cert.question.cardinality != Cardinality::Maximum {
        return refuse("only a maximum-cardinality answer is proved on the gadget graph");
    }
    if shift != 0 {
        return Err(WeightedError::Reduction(format!(
            "the shift is {shift}, but with the gadget graph it must be 0"
        )));
    }
    let Some(Proof::Barrier(barrier)) = cardinality else {
        return refuse("the gadget graph is built from a Tutte–Berge barrier, and none is given");
    };
    // The barrier proves the pairs a maximum matching (it checks them a matching of G too).
    let plain = MatchingCertificate {
        pairs: pairs.iter().map(|&(u, v, _)| (u, v)).collect(),
        proof: Proof::Barrier(barrier.clone()),
    };
    verify_edges(n, edges, &plain)?;
    let Gadget {
        slot,
        root,
        k_of,
        k_root,
    } = gadget(n, edges, barrier);
    let c = k_root.len() as u32;
    let big = n as u64 + u64::from(c) + barrier.len() as u64;
    if big > u64::from(u32::MAX) {
        return refuse("the gadget graph has too many vertices");
    }
    let (base, big) = (n as u32, big as usize);
    if duals.vertex.len() != big {
        return Err(WeightedError::Reduction(format!(
            "the duals are for {}, but the gadget graph has {big} ({n} of the graph, {c} for the \
             odd components of the graph without the barrier, {} for the barrier)",
            crate::error::count(duals.vertex.len(), "vertex", "vertices"),
            barrier.len()
        )));
    }
    let sign = cert.question.sense.sign();
    let mut all: Vec<(u32, u32)> = edges.to_vec();
    let mut w: Vec<i128> = weights
        .iter()
        .map(|&x| i128::from(sign) * x.into())
        .collect();
    // The gadget edge k–v of each vertex v of an odd component.
    let mut to_k = vec![usize::MAX; n];
    for v in 0..n {
        if root[v] != NO && k_of[root[v] as usize] != NO {
            to_k[v] = all.len();
            all.push((v as u32, base + k_of[root[v] as usize]));
        }
    }
    // The gadget edges a'_j–k_i, each once.
    let mut a_k: HashMap<(u32, u32), usize> = HashMap::new();
    for &(u, v) in edges {
        for (a, x) in [(u, v), (v, u)] {
            let j = slot[a as usize];
            if j == NO || slot[x as usize] != NO {
                continue;
            }
            let k = k_of[root[x as usize] as usize];
            if k != NO {
                let len = all.len();
                a_k.entry((j, k)).or_insert_with(|| {
                    all.push((base + c + j, base + k));
                    len
                });
            }
        }
    }
    w.resize(all.len(), 0);
    // The pairs extended by the gadget pairs.
    let mut mate = vec![NO; n];
    for &(u, v, _) in pairs {
        mate[u as usize] = v;
        mate[v as usize] = u;
    }
    let mut covered = vec![false; c as usize];
    let mut extended = matched.to_vec();
    for (j, &a) in barrier.iter().enumerate() {
        let m = mate[a as usize];
        let k = if m == NO || slot[m as usize] != NO {
            NO
        } else {
            k_of[root[m as usize] as usize]
        };
        if k == NO || covered[k as usize] {
            return Err(WeightedError::Reduction(format!(
                "barrier vertex {a} is not matched into an odd component of its own"
            )));
        }
        covered[k as usize] = true;
        // Present: the pair a m is an edge of the file, with m outside the barrier.
        let e = a_k.get(&(j as u32, k)).copied().ok_or_else(|| {
            WeightedError::Reduction(format!(
                "barrier vertex {a} has no edge into its mate's component"
            ))
        })?;
        extended.push(e);
    }
    for v in 0..n {
        if mate[v] == NO && slot[v] == NO {
            let k = k_of[root[v] as usize];
            if k == NO || covered[k as usize] {
                return Err(WeightedError::Reduction(format!(
                    "vertex {v} is exposed, but not as the one exposed vertex of an odd \
                     component"
                )));
            }
            covered[k as usize] = true;
            extended.push(to_k[v]);
        }
    }
    verify_lp_of(big, &all, &w, &extended, duals, Lp::Perfect).map_err(|error| {
        WeightedError::Gadget {
            error,
            vertices: n,
            sign,
            pairs: pairs.len() + c as usize,
        }
    })?;
    Ok(())
}

const NO: u32 = u32::MAX;

/// The added vertices of the gadget graph G* of `barrier` ([`Reduction::GallaiEdmonds`]).
pub(crate) struct Gadget {
    /// Each vertex's position in the barrier (`a'` of it is `n + c + slot`), or `u32::MAX`.
    pub slot: Vec<u32>,
    /// Each vertex outside the barrier: the smallest vertex of its component of G − A.
    pub root: Vec<u32>,
    /// For each vertex that is the smallest of an odd component: that component's `i` (its
    /// `k_i` is `n + i`); `u32::MAX` elsewhere.
    pub k_of: Vec<u32>,
    /// The smallest vertex of each odd component, by `i`: increasing.
    pub k_root: Vec<u32>,
}

/// G*'s added vertices for `barrier` (vertices `< n`) on the graph `0..n` with `edges`:
/// components of G − A by union–find, numbered by their smallest vertex.
///
/// # Complexity
/// O((n + m) α(n)).
pub(crate) fn gadget(n: usize, edges: &[(u32, u32)], barrier: &[u32]) -> Gadget {
    let mut slot = vec![NO; n];
    for (j, &a) in barrier.iter().enumerate() {
        slot[a as usize] = j as u32;
    }
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let find = |parent: &mut Vec<u32>, mut x: u32| {
        while parent[x as usize] != x {
            let p = parent[parent[x as usize] as usize];
            parent[x as usize] = p;
            x = p;
        }
        x
    };
    for &(u, v) in edges {
        if slot[u as usize] == NO && slot[v as usize] == NO {
            let (ru, rv) = (find(&mut parent, u), find(&mut parent, v));
            // The smaller root stays: a component's root is its smallest vertex.
            if ru < rv {
                parent[rv as usize] = ru;
            } else if rv < ru {
                parent[ru as usize] = rv;
            }
        }
    }
    let mut size = vec![0usize; n];
    let mut root = vec![NO; n];
    for v in 0..n as u32 {
        if slot[v as usize] == NO {
            let r = find(&mut parent, v);
            root[v as usize] = r;
            size[r as usize] += 1;
        }
    }
    let mut k_of = vec![NO; n];
    let mut k_root = Vec::new();
    for v in 0..n {
        if root[v] == v as u32 && size[v] % 2 == 1 {
            k_of[v] = k_root.len() as u32;
            k_root.push(v as u32);
        }
    }
    Gadget {
        slot,
        root,
        k_of,
        k_root,
    }
}

/// A dual check's failure on the gadget graph, added vertices named `added vertex g`.
fn gadget_failure(
    error: &DualError,
    n: usize,
    sign: i64,
    pairs: usize,
    name: &dyn Fn(u32) -> String,
) -> String {
    let named = |x: u32| {
        if (x as usize) < n {
            name(x)
        } else {
            format!("added vertex {}", x as usize - n)
        }
    };
    match error {
        DualError::EdgeNotCovered { .. }
        | DualError::NotTight { .. }
        | DualError::ObjectiveMismatch { .. }
            if sign != 1 =>
        {
            transformed(error, sign, 0, pairs, &named)
        }
        other => other.describe(&named),
    }
}

/// A dual check's failure on `w' = sign·w + shift`, in words naming the file's weights `w`.
fn transformed(
    error: &DualError,
    sign: i64,
    shift: i128,
    pairs: usize,
    name: &dyn Fn(u32) -> String,
) -> String {
    // Inverse of w' = sign·w + shift (sign is ±1): w = sign·(w' − shift).
    let file = |w: i128| i128::from(sign) * (w - shift);
    let rule = |w: i128| {
        let signed = if sign < 0 {
            format!("-({w})")
        } else {
            w.to_string()
        };
        format!("{signed} + {shift}")
    };
    let half = |x: i128| {
        let a = x.unsigned_abs();
        let sign = if x < 0 { "-" } else { "" };
        if a.is_multiple_of(2) {
            format!("{sign}{}", a / 2)
        } else {
            format!("{sign}{}.5", a / 2)
        }
    };
    match *error {
        DualError::EdgeNotCovered {
            u,
            v,
            weight,
            dual_sum,
            ..
        } => {
            let w = file(weight);
            format!(
                "the edge {} {} of weight {w} is not covered: for this question its weight \
                 counts as {} = {weight}, and the duals of its ends and of the odd sets holding \
                 both sum to {}, less than that, so the duals prove no bound",
                name(u),
                name(v),
                rule(w),
                half(dual_sum)
            )
        }
        DualError::NotTight {
            u,
            v,
            weight,
            dual_sum,
            ..
        } => {
            let w = file(weight);
            format!(
                "the matched edge {} {} of weight {w} is not tight: for this question its \
                 weight counts as {} = {weight}, and the duals of its ends and of the odd sets \
                 holding both sum to {}, more than that",
                name(u),
                name(v),
                rule(w),
                half(dual_sum)
            )
        }
        DualError::ObjectiveMismatch { dual, primal } => {
            // primal = 2·Σ w' over the pairs = 2·(sign·total + shift·pairs).
            let counted = primal / 2;
            let total = i128::from(sign) * (counted - shift * pairs as i128);
            let each = if sign < 0 { "-w" } else { "w" };
            format!(
                "the duals add up to {}, but the matching, of weight {total} in the file, \
                 counts {counted} for this question (each pair's weight w counted as \
                 {each} + {shift}), so they prove no bound",
                half(dual),
            )
        }
        ref other => other.describe(name),
    }
}

/// The edge of the file each pair is, matching its weight too, each edge used once.
fn edges_of<W: Weight>(
    edges: &[(u32, u32)],
    weights: &[W],
    pairs: &[(u32, u32, i128)],
) -> Result<Vec<usize>, WeightedError> {
    let mut unused: HashMap<(u32, u32, i128), Vec<usize>> = HashMap::with_capacity(edges.len());
    for (e, (&(u, v), &w)) in edges.iter().zip(weights).enumerate() {
        unused
            .entry((u.min(v), u.max(v), w.into()))
            .or_default()
            .push(e);
    }
    let mut matched = Vec::with_capacity(pairs.len());
    for &(u, v, w) in pairs {
        let e = unused
            .get_mut(&(u.min(v), u.max(v), w))
            .ok_or(WeightedError::NotAnEdge(u, v, w))?
            .pop()
            .ok_or(WeightedError::Repeated(u, v, w))?;
        matched.push(e);
    }
    Ok(matched)
}

/// The sum of the pairs' weights, if it fits in `i128` (a record's pairs may weigh anything).
fn pair_total(pairs: &[(u32, u32, i128)]) -> Option<i128> {
    pairs
        .iter()
        .try_fold(0i128, |sum, &(_, _, w)| sum.checked_add(w))
}

#[cfg(test)]
#[path = "weighted_tests.rs"]
mod tests;
