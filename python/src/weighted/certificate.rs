//! The library's certificate from the pieces a Python [`WeightedMatching`](super::matching::WeightedMatching)
//! holds (checked for shape and range), and the odd-set forest as arrays.

use crate::convert::{self, Column, Result, value};
use gridmatch::graph::certified::Proof;
use gridmatch::graph::certified::weighted::{Reduction, WeightedCertificate, WeightedOutcome};
use gridmatch::graph::weighted::{Duals, OddSet, Question};
use pyo3::prelude::*;

/// The library's certificate from the pieces a `WeightedMatching` holds, checked for shape
/// and range.
#[allow(clippy::too_many_arguments)]
pub(super) fn certificate(
    n: usize,
    reduction: bool,
    q: Question,
    pairs: &[i64],
    pair_weights: &[i128],
    total: i128,
    shift: i128,
    vertex: &[i128],
    blossom_offsets: &[i64],
    blossom_vertices: &[i64],
    blossom_duals: &[i128],
    blossom_children: Option<(&[i64], &[i64])>,
    proof_kind: u8,
    proof: &[i64],
) -> Result<WeightedCertificate> {
    let col = Column::vertex(Some(n as u64));
    if proof_kind == 0 && !proof.is_empty() {
        return Err(value("proof: given, but no kind (cover or barrier) for it"));
    }
    let (pairs, _) = convert::pairs(pairs, "pairs", [col; 2])?;
    let proof_ids = convert::ids(proof, "proof", col)?;
    let proof = match proof_kind {
        0 => None,
        1 => Some(Proof::Cover(proof_ids)),
        2 => Some(Proof::Barrier(proof_ids)),
        k => return Err(value(format!("proof kind {k}: expected 0, 1 or 2"))),
    };
    if pair_weights.len() != pairs.len() {
        return Err(value(format!(
            "pair_weights: {} weights for {} pairs",
            pair_weights.len(),
            pairs.len()
        )));
    }
    let vertex = vertex.to_vec();
    // The gadget graph's duals name its added vertices too (the verifier checks how many).
    if vertex.len() != n && !(reduction && vertex.len() > n) {
        return Err(value(format!(
            "vertex duals: {} for {}",
            gridmatch::formats::count(vertex.len(), "value", "values"),
            gridmatch::formats::count(n, "vertex", "vertices")
        )));
    }
    let offsets = blossom_offsets;
    let members = convert::ids(
        blossom_vertices,
        "blossom vertices",
        Column::vertex(Some(vertex.len() as u64)),
    )?;
    let duals = blossom_duals;
    let bad_offsets = || value("blossom offsets: not increasing from 0 to the number of members");
    if offsets.len() != duals.len() + 1
        || offsets.first() != Some(&0)
        || offsets.last().map(|&o| o as u64) != Some(members.len() as u64)
        || offsets.windows(2).any(|w| w[0] > w[1])
    {
        return Err(bad_offsets());
    }
    let k = duals.len();
    let (child_offsets, children): (Vec<i64>, Vec<u32>) = match blossom_children {
        None => (vec![0; k + 1], Vec::new()),
        Some((o, c)) => {
            let c = c
                .iter()
                .map(|&x| {
                    u32::try_from(x)
                        .ok()
                        .filter(|&x| (x as usize) < k)
                        .ok_or_else(|| value(format!("blossom children: {x} is not a set")))
                })
                .collect::<Result<Vec<u32>>>()?;
            if o.len() != k + 1
                || o.first() != Some(&0)
                || o.last().map(|&x| x as u64) != Some(c.len() as u64)
                || o.windows(2).any(|w| w[0] > w[1])
            {
                return Err(value(
                    "blossom child offsets: not increasing from 0 to the number of children",
                ));
            }
            (o.to_vec(), c)
        }
    };
    let blossoms = offsets
        .windows(2)
        .zip(child_offsets.windows(2))
        .zip(duals)
        .map(|((w, c), &dual)| OddSet {
            vertices: members[w[0] as usize..w[1] as usize].to_vec(),
            children: children[c[0] as usize..c[1] as usize].to_vec(),
            dual,
        })
        .collect();
    Ok(WeightedCertificate {
        question: q,
        outcome: WeightedOutcome::Optimum {
            pairs: pairs
                .into_iter()
                .zip(pair_weights.iter().copied())
                .map(|((u, v), w)| (u, v, w))
                .collect(),
            total,
            shift,
            duals: Duals { vertex, blossoms },
            cardinality: proof,
            reduction: reduction.then_some(Reduction::GallaiEdmonds),
        },
    })
}

/// The odd sets as flat arrays: own-vertex offsets and vertices, duals, child offsets and
/// children.
/// Own-vertex offsets, own vertices, duals, child offsets, children.
pub(super) type ForestArrays = (Vec<i64>, Vec<i64>, Vec<i128>, Vec<i64>, Vec<i64>);

pub(super) fn forest_arrays(sets: &[OddSet]) -> ForestArrays {
    let mut offsets = Vec::with_capacity(sets.len() + 1);
    let mut child_offsets = Vec::with_capacity(sets.len() + 1);
    offsets.push(0i64);
    child_offsets.push(0i64);
    let (mut members, mut children) = (Vec::new(), Vec::new());
    for b in sets {
        members.extend(b.vertices.iter().map(|&v| i64::from(v)));
        offsets.push(members.len() as i64);
        children.extend(b.children.iter().map(|&c| i64::from(c)));
        child_offsets.push(children.len() as i64);
    }
    let duals = sets.iter().map(|b| b.dual).collect();
    (offsets, members, duals, child_offsets, children)
}

/// Sets of the first shape (each listing all its vertices, as flat offsets and members) as
/// the forest, or `None` if the arrays are malformed or the sets not a laminar family.
pub(super) fn first_shape(
    n: u64,
    offsets: &[i64],
    members: &[i64],
    duals: &[i64],
) -> Option<Vec<OddSet>> {
    if offsets.len() != duals.len() + 1 || offsets.first() != Some(&0) {
        return None;
    }
    let mut sets = Vec::with_capacity(duals.len());
    for (w, &dual) in offsets.windows(2).zip(duals) {
        let (a, b) = (usize::try_from(w[0]).ok()?, usize::try_from(w[1]).ok()?);
        let vs = members
            .get(a..b)?
            .iter()
            .map(|&x| u32::try_from(x).ok().filter(|&x| u64::from(x) < n))
            .collect::<Option<Vec<u32>>>()?;
        sets.push((vs, i128::from(dual)));
    }
    Duals::from_full_sets(usize::try_from(n).ok()?, &sets).ok()
}

/// The library's `i128` duals as this binding's `int64` arrays (a minimal bridge: duals
/// beyond `int64`, which only perfect matchings of huge weights on many vertices reach, are
/// refused here rather than truncated).
pub(super) fn narrow(values: Vec<i128>) -> PyResult<Vec<i64>> {
    values
        .into_iter()
        .map(|d| {
            i64::try_from(d).map_err(|_| {
                pyo3::exceptions::PyOverflowError::new_err(format!(
                    "a dual of {d} (doubled) does not fit the int64 arrays of this binding"
                ))
            })
        })
        .collect()
}
