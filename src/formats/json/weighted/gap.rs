//! Proven-gap answers: weights too far apart in magnitude for exact integers (`1e-300` beside
//! `1e300`, `5e-324`, or `n·max|w|` beyond [`WIDE_LIMIT`]) are solved rounded to the finest
//! grid `10^-grid` that fits, and the answer proves how far from the best it can be.
//!
//! **The proof** (the same as the Python binding's). The duals prove the matching optimal for
//! the rounded weights `w̃` (in units of `step = 10^-grid`). Each weight as given is within half
//! a step of its rounded value, so raising every vertex dual (of the graph the duals are for:
//! with the gadget graph's vertices for the maximum-cardinality reduction) by a quarter step
//! covers every edge for the weights as given: `sign·w ≤ sign·w̃·step + step/2`. Only the
//! vertices of the graph that are an end of an edge (not a self-loop) need the raise: the
//! gadget graph's added edges weigh exactly 0, and raising a dual only loosens them. By weak LP
//! duality every competing matching's `sign·w` (plus the shift times its size, the same for
//! every competitor) is then at most the raised dual objective, the rounded optimum plus
//! `N·step/4` (`N` the vertices raised; the Python binding raises every vertex of the duals,
//! a gap larger by a quarter step per other vertex). So no competitor beats the matching by
//! more than
//! `gap = N·step/4 + Σ_pairs sign·(w̃·step − w)`, each pair counted at the worst (the least
//! `sign·w`) of the parallel edges of its rounded weight, as the record names a pair by its
//! ends and rounded weight only.
//!
//! **The greedy pass** ([`greedy`]). An edge whose weight rounds to 0 is worth nothing to the
//! rounded problem, so its solver may leave both ends exposed even where the weight as given
//! improves the objective (`sign·w > 0`). For the question over all matchings (not the
//! perfect or the maximum-cardinality one, whose matchings cannot grow), such edges between
//! exposed vertices are added, best first, each at the worst of its parallel edges of rounded
//! weight 0 (as the gap counts it). The proof still holds, unchanged: on the rounded problem an
//! exposed vertex has dual 0 (the duals' objective equals the matching's weight, which leaves
//! no slack at an exposed vertex), and no odd set of positive dual holds both ends (such a set
//! is matched within itself but for one vertex), so the added edge `uv` is tight
//! (`y_u + y_v + Σ z_B = 0 = w̃`), the odd sets stay full, and the rounded total and the duals
//! are those of the rounded optimum: the matching is still optimal for the rounded weights.
//! The raised duals bound every competitor as before; the total as given grows by the pair's
//! `sign·w`, and its gap term `sign·(w̃·step − w) = −sign·w < 0` lowers the gap by as much. The
//! verifier ([`verify`], and `verify --graph`) needs no change and takes none: it checks the
//! record's pairs and duals on the rounded weights and recomputes the gap from the pairs.
//!
//! **Complexity:** O(n + m) expected (a hash map of the edges) plus [`exact_sum`]'s digits;
//! the greedy pass O(n + m + k log k) for `k` candidate edges, no [`exact_sum`].
//! **Status:** tested in `gap_tests.rs` (against a brute force: within the gap, the greedy
//! pass never worse, its answers verified and tampered ones refused) and by the command line's
//! tests (gap answers verified, tampered gaps and grids refused).

use std::cmp::Ordering;
use std::collections::HashMap;

use super::{MatchingRecordError, WeightedRecord};
use crate::decimal::scale::{exact_sum, pow10, rounded, rounds_to};
use crate::graph::certified::weighted::{WeightedCertificate, WeightedOutcome};
use crate::graph::certified::{Vertices, edges as one_set};
use crate::graph::weighted::{Cardinality, WIDE_LIMIT};
use crate::read::{GraphInput, Shape};

/// What a proven-gap answer states: its gap and its total for the weights as given (exact
/// decimals), and each pair's weight as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// No matching of the question's kind beats the total by more than this.
    pub gap: String,
    /// The gap as a sum of `(m, e)` for `m·10^e` ([`exact_sum`] of them is `gap`).
    pub gap_terms: Vec<(i128, i32)>,
    /// The pairs' total for the weights as given.
    pub total: String,
    /// Each pair's weight as given, `(m, e)` for `m·10^e`, in the order of the pairs.
    pub pairs: Vec<(i128, i32)>,
}

/// The largest magnitude the weights may be rounded to on `input` for the question's
/// `cardinality`, so that the library answers it ([`WIDE_LIMIT`] over the vertices; a matrix's
/// maximum-cardinality question on weights this wide is answered with a shift, which needs
/// `n·(n·max|w| + 1) < 2·WIDE_LIMIT`).
pub fn limit(input: &GraphInput, cardinality: Cardinality) -> i128 {
    let n = Vertices::of(input).n.max(1) as u128;
    let l = match (input.shape, cardinality) {
        (Shape::Bipartite { .. }, Cardinality::Maximum) => {
            ((2 * WIDE_LIMIT - 1) / n).saturating_sub(1) / n
        }
        _ => (WIDE_LIMIT - 1) / n,
    };
    l.max(10) as i128
}

/// `a` against `b`, both `(m, e)` for `m·10^e`, exactly.
fn cmp((m, e): (i128, i32), (n, f): (i128, i32)) -> Ordering {
    let by_sign = m.signum().cmp(&n.signum());
    if by_sign != Ordering::Equal || m == 0 {
        return by_sign;
    }
    let (a, b) = (m.unsigned_abs(), n.unsigned_abs());
    let magnitude = if e >= f {
        scaled_cmp(a, i64::from(e) - i64::from(f), b)
    } else {
        scaled_cmp(b, i64::from(f) - i64::from(e), a).reverse()
    };
    if m < 0 {
        magnitude.reverse()
    } else {
        magnitude
    }
}

/// `a·10^p` against `b`, for `a ≥ 1` and `p ≥ 0`.
fn scaled_cmp(a: u128, p: i64, b: u128) -> Ordering {
    // Beyond u128 (10^39 > u128::MAX when p > 38) it is the greater.
    match pow10(p).and_then(|t| a.checked_mul(t as u128)) {
        Some(x) => x.cmp(&b),
        None => Ordering::Greater,
    }
}

/// The greedy pass of a proven-gap answer (see the module docs): for the question over all
/// matchings, adds to `cert`'s pairs each edge of `input` whose weight rounds to 0 (`rounded`,
/// one per edge) but whose weight as given (`given`, `(m, e)` for `m·10^e`) improves the
/// objective, `sign·w > 0` at the worst of its parallel edges of rounded weight 0, joining two
/// vertices the matching leaves exposed; best first (ties in the order of the edges), after the
/// solver's pairs. Other questions, "no perfect matching" and answers with a shift or a
/// reduction are left as they are. Returns how many pairs it added.
pub fn greedy(
    input: &GraphInput,
    cert: &mut WeightedCertificate,
    given: &[(i128, i32)],
    rounded: &[i128],
) -> usize {
    if cert.question.cardinality != Cardinality::Any {
        return 0;
    }
    let WeightedOutcome::Optimum {
        pairs,
        shift: 0,
        reduction: None,
        ..
    } = &mut cert.outcome
    else {
        return 0;
    };
    let sign = i128::from(cert.question.sense.sign());
    let edges = one_set(input);
    let mut exposed = vec![true; Vertices::of(input).n];
    for &(u, v, _) in pairs.iter() {
        exposed[u as usize] = false;
        exposed[v as usize] = false;
    }
    // Per pair of exposed ends: its first edge of rounded weight 0 and the worst `sign·w`.
    let mut worst: HashMap<(u32, u32), (usize, (i128, i32))> = HashMap::new();
    for (e, (&(u, v), (&r, &(m, x)))) in edges.iter().zip(rounded.iter().zip(given)).enumerate() {
        if r != 0 || u == v || !exposed[u as usize] || !exposed[v as usize] {
            continue;
        }
        let w = (sign * m, x);
        worst
            .entry((u.min(v), u.max(v)))
            .and_modify(|(_, least)| {
                if cmp(w, *least) == Ordering::Less {
                    *least = w;
                }
            })
            .or_insert((e, w));
    }
    let mut best: Vec<(usize, (i128, i32))> =
        worst.into_values().filter(|&(_, w)| w.0 > 0).collect();
    best.sort_unstable_by(|a, b| cmp(b.1, a.1).then(a.0.cmp(&b.0)));
    let before = pairs.len();
    for (e, _) in best {
        let (u, v) = edges[e];
        if exposed[u as usize] && exposed[v as usize] {
            exposed[u as usize] = false;
            exposed[v as usize] = false;
            pairs.push((u, v, 0));
        }
    }
    pairs.len() - before
}

/// The figures of `cert`, an answer on `input` for the weights `rounded` to the grid
/// `10^-grid` from `given` (one of each per edge of `input`, `(m, e)` for `m·10^e`); see the
/// module docs. "No perfect matching" has gap 0 and total 0.
///
/// # Errors
/// A pair that is no edge of `input` with its rounded weight.
pub fn figures(
    input: &GraphInput,
    cert: &WeightedCertificate,
    given: &[(i128, i32)],
    rounded: &[i128],
    grid: i32,
) -> Result<Figures, String> {
    let WeightedOutcome::Optimum { pairs, .. } = &cert.outcome else {
        return Ok(Figures {
            gap: "0".into(),
            gap_terms: Vec::new(),
            total: "0".into(),
            pairs: Vec::new(),
        });
    };
    let sign = i128::from(cert.question.sense.sign());
    let edges = one_set(input);
    let mut by_pair: HashMap<(u32, u32, i128), (i128, i32)> = HashMap::new();
    for ((&(u, v), &r), &w) in edges.iter().zip(rounded).zip(given) {
        by_pair
            .entry((u.min(v), u.max(v), r))
            .and_modify(|worst| {
                if cmp((sign * w.0, w.1), (sign * worst.0, worst.1)) == Ordering::Less {
                    *worst = w;
                }
            })
            .or_insert(w);
    }
    let mut touched = vec![false; Vertices::of(input).n];
    for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
        touched[u as usize] = true;
        touched[v as usize] = true;
    }
    let raised = touched.iter().filter(|&&t| t).count() as i128;
    let step = -grid;
    // N·step/4 = 25·N·10^(−grid − 2).
    let mut terms = vec![(25 * raised, step - 2)];
    let mut weights = Vec::with_capacity(pairs.len());
    for &(u, v, r) in pairs {
        let w = *by_pair.get(&(u.min(v), u.max(v), r)).ok_or_else(|| {
            format!("the pair {u} {v} of rounded weight {r} is not an edge of the graph")
        })?;
        terms.push((sign * r, step));
        terms.push((-sign * w.0, w.1));
        weights.push(w);
    }
    Ok(Figures {
        gap: exact_sum(&terms),
        gap_terms: terms,
        total: exact_sum(&weights),
        pairs: weights,
    })
}

/// Checks a proven-gap record against the file's weights as given (`given`, one per edge of
/// `input`): every weight rounded to the record's grid (checked exactly to be within half a
/// step), the record verified on those rounded weights, and its gap recomputed.
pub fn verify(
    record: &WeightedRecord,
    input: &GraphInput,
    given: &[(i128, i32)],
) -> Result<(), MatchingRecordError> {
    let shape = MatchingRecordError::Shape;
    let (Some(grid), Some(gap)) = (record.grid, record.gap.as_deref()) else {
        return Err(shape(
            "a proven-gap record needs its grid and its gap".into(),
        ));
    };
    if record.decimals != 0 {
        return Err(shape(format!(
            "a proven-gap record counts in units of 10^-grid, with decimals 0, not {}",
            record.decimals
        )));
    }
    let mut on_grid = Vec::with_capacity(given.len());
    for (i, &(m, e)) in given.iter().enumerate() {
        match rounded(m, e, grid).filter(|&r| rounds_to(m, e, grid, r)) {
            Some(r) => on_grid.push(r),
            None => {
                return Err(shape(format!(
                    "weight {} of the file does not round to an integer of 128 bits on the \
                     grid 10^{}",
                    i + 1,
                    -i64::from(grid)
                )));
            }
        }
    }
    record.verify_of(input, &on_grid, 0)?;
    // Checked against the file: figured on the vertices the edges and the record name.
    let small = record.smaller(input)?;
    let cert = record.certificate(&small)?;
    let figures = figures(&small, &cert, given, &on_grid, grid).map_err(shape)?;
    if figures.gap != gap {
        return Err(shape(format!(
            "the gap is written as {gap}, but the answer proves {}",
            figures.gap
        )));
    }
    Ok(())
}

#[cfg(test)]
#[path = "gap_tests.rs"]
mod tests;
