//! The input with its isolated vertices left out, so that what the engines cost follows the
//! edges a file holds rather than the vertex count its header declares (`p edge 50000000 1`).
//!
//! **Why it changes no answer.** A vertex with no edge is exposed in every matching, has dual 0
//! and lies in no odd set; left out of a graph it changes no matching, no cover, no edge's
//! class and no other vertex's geography. A Tutte–Berge barrier `X` of the smaller graph is one
//! of the whole graph too: each left-out vertex adds one vertex and one odd component of
//! `G − X`, both sides of `n − 2|M| = odd(G − X) − |X|` alike. Only a perfect matching notices
//! them: with one left out there is none ([`weighted`] answers so at once). The weighted shift
//! of the maximum-cardinality and perfect questions is computed from the vertices kept (it only
//! has to exceed what one more pair could gain); a certificate still verifies against the file.
//!
//! **Numbering.** The smaller input keeps the file's numbers in [`Parts::ids`] (for a
//! matrix: its rows' numbers, then its columns'), so [`Vertices`] of it names every vertex as the
//! file does and certificates built from it are in the file's numbering.
//!
//! **Complexity:** O(n/64 + m) time and memory when the declared vertices are at most 64 per
//! edge (a bit per vertex), O(m log m) otherwise (the named vertices sorted); nothing per
//! declared vertex then. An input without isolated vertices is borrowed, not copied.
//!
//! **Status:** the tests below compare every question on the smaller input with the whole one
//! on small random graphs with many isolated vertices, certificates verified against the
//! whole input.

use std::collections::TryReserveError;

use super::Vertices;
use super::weighted::WeightedCertificate;
use super::{Parts, PartsBuf, Shape};
use crate::graph::weighted::{Cardinality, Question, WeightError};

/// The vertices of `0..n` that `ends` names, in increasing order; `None` when that is all of
/// them. Allocates O(n/64 + m) or O(m), whichever the size ratio makes smaller (module docs).
fn named(
    n: usize,
    ends: &mut dyn Iterator<Item = u32>,
    m: usize,
) -> Result<Option<Vec<u32>>, TryReserveError> {
    let mut kept: Vec<u32> = Vec::new();
    if n / 64 <= m + 1 {
        let mut seen: Vec<u64> = Vec::new();
        seen.try_reserve_exact(n.div_ceil(64))?;
        seen.resize(n.div_ceil(64), 0);
        for v in ends {
            seen[v as usize / 64] |= 1 << (v % 64);
        }
        let present: usize = seen.iter().map(|w| w.count_ones() as usize).sum();
        if present == n {
            return Ok(None);
        }
        kept.try_reserve_exact(present)?;
        for (i, &w) in seen.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                kept.push((i * 64) as u32 + w.trailing_zeros());
                w &= w - 1;
            }
        }
    } else {
        kept.try_reserve_exact(2 * m)?;
        kept.extend(ends);
        kept.sort_unstable();
        kept.dedup();
        if kept.len() == n {
            return Ok(None);
        }
    }
    Ok(Some(kept))
}

/// `v`'s index among `kept` (which holds it).
fn rank(kept: &[u32], v: u32) -> u32 {
    kept.binary_search(&v).expect("a vertex some edge names") as u32
}

/// `input` without the vertices no edge names (see the module docs); `None` when every vertex
/// has an edge. A self-loop keeps its vertex (`--classify` lists it).
///
/// # Errors
/// The smaller input's tables could not be allocated.
///
/// # Complexity
/// See the module docs.
pub fn without_isolated<'a>(
    input: impl Into<Parts<'a>>,
) -> Result<Option<PartsBuf>, TryReserveError> {
    keeping(input, &[])
}

/// [`without_isolated`], but keeping the vertices of `extra` too (in the one vertex set `0..n`
/// of [`Vertices`], columns after rows; each below n): a certificate's vertices, checked
/// against the file ([`WeightedRecord`](crate::formats::json::WeightedRecord)). `None` when
/// every vertex is kept.
///
/// # Errors
/// The smaller input's tables could not be allocated.
///
/// # Complexity
/// As [`without_isolated`], with `extra` counted as edge ends.
pub fn keeping<'a>(
    input: impl Into<Parts<'a>>,
    extra: &[u32],
) -> Result<Option<PartsBuf>, TryReserveError> {
    let input = input.into();
    let m = input.edges.len() + extra.len();
    let base = input.base;
    // The file's number of vertex `v` of a general graph.
    let number = |v: u32| match input.ids.get(v as usize) {
        Some(&id) => id,
        None => (u64::from(v) + base) as u32,
    };
    let mut edges: Vec<(u32, u32)> = Vec::new();
    match input.shape {
        Shape::General { vertices } => {
            let Some(kept) = named(
                vertices,
                &mut input
                    .edges
                    .iter()
                    .flat_map(|&(u, v)| [u, v])
                    .chain(extra.iter().copied()),
                m,
            )?
            else {
                return Ok(None);
            };
            edges.try_reserve_exact(m)?;
            edges.extend(
                input
                    .edges
                    .iter()
                    .map(|&(u, v)| (rank(&kept, u), rank(&kept, v))),
            );
            let mut ids = kept;
            for id in ids.iter_mut() {
                *id = number(*id);
            }
            Ok(Some(PartsBuf {
                base,
                shape: Shape::General {
                    vertices: ids.len(),
                },
                edges,
                ids,
            }))
        }
        Shape::Bipartite { rows, cols } => {
            let split = rows as u32;
            let kept_rows = named(
                rows,
                &mut input
                    .edges
                    .iter()
                    .map(|&(r, _)| r)
                    .chain(extra.iter().copied().filter(|&x| x < split)),
                m,
            )?;
            let kept_cols = named(
                cols,
                &mut input
                    .edges
                    .iter()
                    .map(|&(_, c)| c)
                    .chain(extra.iter().filter(|&&x| x >= split).map(|&x| x - split)),
                m,
            )?;
            if kept_rows.is_none() && kept_cols.is_none() {
                return Ok(None);
            }
            let all = |k: usize| (0..k as u32).collect::<Vec<u32>>();
            let kept_rows = kept_rows.unwrap_or_else(|| all(rows));
            let kept_cols = kept_cols.unwrap_or_else(|| all(cols));
            edges.try_reserve_exact(m)?;
            edges.extend(
                input
                    .edges
                    .iter()
                    .map(|&(r, c)| (rank(&kept_rows, r), rank(&kept_cols, c))),
            );
            let mut ids: Vec<u32> = Vec::new();
            ids.try_reserve_exact(kept_rows.len() + kept_cols.len())?;
            // The file's numbers: its ids where it has them (rows', then columns'), else from
            // the base.
            let named = |x: u32, shift: usize| match input.ids.get(x as usize + shift) {
                Some(&id) => id,
                None => (u64::from(x) + base) as u32,
            };
            ids.extend(kept_rows.iter().map(|&r| named(r, 0)));
            ids.extend(kept_cols.iter().map(|&c| named(c, rows)));
            Ok(Some(PartsBuf {
                base,
                shape: Shape::Bipartite {
                    rows: kept_rows.len(),
                    cols: kept_cols.len(),
                },
                edges,
                ids,
            }))
        }
    }
}

/// [`weighted_matching`](super::weighted::weighted_matching) on `small`, the input `input` without its isolated vertices
/// ([`without_isolated`]): the certificate is in `small`'s numbering (which names every vertex
/// as the file does). A perfect matching asked of a graph with an isolated vertex has no answer
/// but "none", proved by a maximum matching of `small` and its cover or barrier.
///
/// # Errors
/// As [`weighted_matching`](super::weighted::weighted_matching).
pub fn weighted<'a, 'b>(
    input: impl Into<Parts<'a>>,
    small: impl Into<Parts<'b>>,
    weights: &[i64],
    question: Question,
) -> Result<WeightedCertificate, WeightError> {
    weighted_of(input.into(), small.into(), weights, question)
}

/// [`weighted`] for `i128` weights ([`weighted_matching_wide`](super::weighted::weighted_matching_wide)).
///
/// # Errors
/// As [`weighted`].
pub fn weighted_wide<'a, 'b>(
    input: impl Into<Parts<'a>>,
    small: impl Into<Parts<'b>>,
    weights: &[i128],
    question: Question,
) -> Result<WeightedCertificate, WeightError> {
    weighted_of(input.into(), small.into(), weights, question)
}

fn weighted_of<W: crate::graph::weighted::Weight>(
    input: Parts<'_>,
    small: Parts<'_>,
    weights: &[W],
    question: Question,
) -> Result<WeightedCertificate, WeightError> {
    if question.cardinality == Cardinality::Perfect && Vertices::of(small).n < Vertices::of(input).n
    {
        return Ok(WeightedCertificate {
            question,
            outcome: super::weighted::no_perfect_matching(small, weights),
        });
    }
    super::weighted::weighted_matching_as(small, weights, question, true)
}

#[cfg(test)]
#[path = "compact_tests.rs"]
mod tests;
