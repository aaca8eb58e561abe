//! `gridmatch match --weights --json`: an optimal weighted matching of a graph file and its
//! proof (LP duals, and a cardinality proof where the question needs one).

use std::borrow::Cow;
use std::collections::TryReserveError;

use serde::{Deserialize, Serialize};

use super::matching::{MatchingProof, MatchingRecordError, pair_vertices, to_vertex};
use crate::graph::certified::compact;
use crate::graph::certified::weighted::gadget;
use crate::graph::certified::weighted::{
    Reduction, WeightedCertificate, WeightedError, WeightedOutcome, verify_weighted_of,
};
use crate::graph::certified::{MatchingCertificate, Proof, Vertices, edges as one_set};
use crate::graph::weighted::verify::DualError;
use crate::graph::weighted::{Cardinality, Duals, OddSet, Question, Sense};
use crate::read::{GraphInput, Weights, Wide};

pub mod gap;

/// The certificate of `gridmatch match --weights --json`, every vertex in the file's own
/// numbering (`[row, col, w]` for a Matrix Market matrix), every weight and dual an integer in
/// units of 10^−`decimals` of the file's weights:
///
/// `{"certificate":"weighted_matching","version":2,"format":"edges","objective":"max",
/// "cardinality":"any","decimals":0,"result":"optimum","total":7,"size":1,
/// "matching":[[0,1,7]],"shift":0,"duals":{"vertex":[[0,8],[1,6]]}}`
///
/// - `version` is 2 for this shape; a record without it (written before the odd sets were a
///   forest) is read in the first shape, where each odd set lists all its vertices and has no
///   `children`, and its sets are turned into the forest before the check;
/// - `result` is `optimum`, or `no perfect matching` (then `matching` is a maximum matching,
///   each pair with the file's weight, and `proof` the barrier or cover showing it is smaller
///   than a perfect one);
/// - `duals` prove that `matching` has the largest total of `w' = ±w + shift` (`+` for
///   `max`, `−` for `min`) over all matchings: `vertex` (or `rows` and `cols` for a matrix)
///   lists each vertex's dual, **doubled**, where it is not 0; `blossoms` lists the odd sets
///   with a positive dual as a forest: `{"dual":2z,"vertices":[…],"children":[…]}`, where
///   `vertices` are the set's own vertices (in no child) in increasing order and `children`
///   (left out when empty) the positions in `blossoms`, counting from 0, of its largest proper
///   sub-sets, increasing and each before the set itself;
/// - `proof` (cardinality `maximum`): the König cover or Tutte–Berge barrier proving that no
///   matching has more pairs;
/// - `reduction` (cardinality `maximum`, left out otherwise): `"gallai-edmonds"` when the duals
///   are for the perfect-matching LP of the gadget graph G* built from the barrier in `proof`
///   (with `shift` 0; see [`Reduction::GallaiEdmonds`]): then the doubled duals of G*'s added
///   vertices are listed, where not 0, in `duals.k` as `[v, 2·y]` for the vertex `k` of the odd
///   component of the graph without the barrier whose smallest vertex is `v`, and in `duals.a`
///   as `[a, 2·y]` for the added vertex `a'` of barrier vertex `a`; each odd set lists its own
///   added vertices likewise in `k` and `a` (increasing, left out when empty). Named by the
///   vertices they stand for, they mean the same with the file's isolated vertices left out
///   (each of which is an odd component whose `k` has dual 0). Only graphs (not matrices) have
///   such records. Records without `reduction` have duals for the graph itself.
///
/// It holds no copy of the graph: `gridmatch verify --graph FILE` checks it against the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightedRecord {
    /// Always `"weighted_matching"`.
    pub certificate: String,
    /// The record's shape: 2 (odd sets as a forest); absent in records of the first shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    /// The graph file's format (`dimacs`, `mtx`, `edges`), which fixes its numbering.
    pub format: String,
    /// `max` or `min`.
    pub objective: String,
    /// `any`, `maximum` or `perfect`.
    pub cardinality: String,
    /// Weights and duals are integers in units of 10^−decimals.
    pub decimals: u32,
    /// `"gap"` for a proven-gap answer (see [`grid`](Self::grid)); left out for an exact one
    /// (`"exact"`, which a record may also state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimality: Option<String>,
    /// A proven-gap answer: weights, totals and duals are integers in units of 10^−grid
    /// (`grid` may be negative; `decimals` is then 0) of the weights *rounded* to that grid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<i32>,
    /// A proven-gap answer: no matching (of the question's kind) beats the matching's total
    /// for the weights as given by more than this, an exact decimal (see [`gap::figures`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap: Option<String>,
    /// `optimum` or `no perfect matching`.
    pub result: String,
    /// The matching's total weight (optimum only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i128>,
    /// Matched pairs.
    pub size: usize,
    /// The matched pairs with their weights.
    pub matching: Vec<(u64, u64, i128)>,
    /// The duals are for `w' = ±w + shift` (optimum only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shift: Option<i128>,
    /// The duals (optimum only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duals: Option<DualsRecord>,
    /// Why no matching has more pairs (maximum cardinality; no perfect matching).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<MatchingProof>,
    /// `"gallai-edmonds"`: the duals are for the gadget graph G* (see above).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduction: Option<String>,
}

/// The doubled duals of a [`WeightedRecord`], zeros left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DualsRecord {
    /// A graph's vertices: `[vertex, 2·y]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vertex: Vec<(u64, i128)>,
    /// A matrix's rows: `[row, 2·y]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<(u64, i128)>,
    /// A matrix's columns: `[column, 2·y]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cols: Vec<(u64, i128)>,
    /// With `reduction`: the added vertex `k` of each odd component, named by the
    /// component's smallest vertex: `[v, 2·y]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub k: Vec<(u64, i128)>,
    /// With `reduction`: the added vertex `a'` of each barrier vertex `a`: `[a, 2·y]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub a: Vec<(u64, i128)>,
    /// Odd sets with their doubled duals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blossoms: Vec<BlossomRecord>,
}

/// An odd set of vertices and its doubled dual.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlossomRecord {
    /// 2·z.
    pub dual: i128,
    /// Version 2: the vertices directly in it (in no child), increasing; the first shape: all
    /// its vertices.
    pub vertices: Vec<u64>,
    /// Version 2: its largest proper sub-sets, as positions in the list of sets (each before
    /// this set), increasing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<u32>,
    /// With `reduction`: the added vertices `k` directly in it, named as in
    /// [`DualsRecord::k`], increasing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub k: Vec<u64>,
    /// With `reduction`: the added vertices `a'` directly in it, named as in
    /// [`DualsRecord::a`], increasing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub a: Vec<u64>,
}

/// The record shape [`WeightedRecord::new`] writes.
pub const VERSION: u32 = 2;

const OPTIMUM: &str = "optimum";
const NO_PERFECT: &str = "no perfect matching";
const GALLAI_EDMONDS: &str = "gallai-edmonds";

/// The barrier's size, for a reduced answer (its added vertices `a'`); 0 otherwise.
fn cardinality_len(cardinality: &Option<Proof>, reduction: Option<Reduction>) -> usize {
    match (reduction, cardinality) {
        (Some(_), Some(Proof::Barrier(b))) => b.len(),
        _ => 0,
    }
}

impl WeightedRecord {
    /// The record of `cert`, an answer on `input` whose weights have `decimals` decimals.
    pub fn new(input: &GraphInput, decimals: u32, cert: &WeightedCertificate) -> WeightedRecord {
        let v = Vertices::of(input);
        let number = |x: u32| v.number(x);
        let triple = |&(a, b, w): &(u32, u32, i128)| (number(a), number(b), w);
        let mut record = WeightedRecord {
            certificate: "weighted_matching".into(),
            version: Some(VERSION),
            format: input.format.name().into(),
            objective: cert.question.sense.to_string(),
            cardinality: cert.question.cardinality.to_string(),
            decimals,
            optimality: None,
            grid: None,
            gap: None,
            result: OPTIMUM.into(),
            total: None,
            size: 0,
            matching: Vec::new(),
            shift: None,
            duals: None,
            proof: None,
            reduction: None,
        };
        match &cert.outcome {
            WeightedOutcome::NoPerfectMatching {
                matching: m,
                weights,
            } => {
                record.result = NO_PERFECT.into();
                record.size = m.pairs.len();
                // The pairs of a maximum matching, each with its weight in the file.
                record.matching = m
                    .pairs
                    .iter()
                    .zip(weights)
                    .map(|(&(a, b), &w)| (number(a), number(b), w))
                    .collect();
                record.proof = Some(MatchingProof::new(&m.proof, &v));
            }
            WeightedOutcome::Optimum {
                pairs,
                total,
                shift,
                duals,
                cardinality,
                reduction,
            } => {
                let n = v.n as u32;
                // What each added vertex of the gadget graph stands for: the smallest vertex
                // of its odd component (k), then the barrier vertex (a').
                let stands: Vec<u32> = match (reduction, cardinality) {
                    (Some(Reduction::GallaiEdmonds), Some(Proof::Barrier(b))) => {
                        let mut s = gadget(v.n, &one_set(input), b).k_root;
                        s.extend_from_slice(b);
                        s
                    }
                    _ => Vec::new(),
                };
                let c = stands.len() - cardinality_len(cardinality, *reduction);
                let name_of = |x: u32| number(stands[(x - n) as usize]);
                record.reduction = reduction.map(|r| match r {
                    Reduction::GallaiEdmonds => GALLAI_EDMONDS.to_string(),
                });
                record.total = Some(*total);
                record.size = pairs.len();
                record.matching = pairs.iter().map(triple).collect();
                record.shift = Some(*shift);
                let mut d = DualsRecord::default();
                for (x, &y) in duals.vertex.iter().enumerate().filter(|(_, y)| **y != 0) {
                    if x as u32 >= n {
                        let list = if ((x as u32 - n) as usize) < c {
                            &mut d.k
                        } else {
                            &mut d.a
                        };
                        list.push((name_of(x as u32), y));
                        continue;
                    }
                    let entry = (number(x as u32), y);
                    match (v.rows, v.column(x as u32)) {
                        (None, _) => d.vertex.push(entry),
                        (Some(_), None) => d.rows.push(entry),
                        (Some(_), Some(_)) => d.cols.push(entry),
                    }
                }
                d.blossoms = duals
                    .blossoms
                    .iter()
                    .map(|b| BlossomRecord {
                        dual: b.dual,
                        vertices: b
                            .vertices
                            .iter()
                            .filter(|&&x| x < n)
                            .map(|&x| number(x))
                            .collect(),
                        children: b.children.clone(),
                        k: b.vertices
                            .iter()
                            .filter(|&&x| x >= n && ((x - n) as usize) < c)
                            .map(|&x| name_of(x))
                            .collect(),
                        a: b.vertices
                            .iter()
                            .filter(|&&x| x >= n && ((x - n) as usize) >= c)
                            .map(|&x| name_of(x))
                            .collect(),
                    })
                    .collect();
                record.duals = Some(d);
                record.proof = cardinality.as_ref().map(|p| MatchingProof::new(p, &v));
            }
        }
        record
    }

    /// The certificate this record writes, in `input`'s one vertex set.
    pub(super) fn certificate(
        &self,
        input: &GraphInput,
    ) -> Result<WeightedCertificate, MatchingRecordError> {
        let shape = |why: String| MatchingRecordError::Shape(why);
        if self.certificate != "weighted_matching" {
            return Err(shape(format!(
                "expected a weighted_matching certificate, found {:?}",
                self.certificate
            )));
        }
        let forest = match self.version {
            None => false,
            Some(VERSION) => true,
            Some(other) => {
                return Err(shape(format!(
                    "version {other}: expected {VERSION}, or none for the first shape"
                )));
            }
        };
        if self.format != input.format.name() {
            return Err(shape(format!(
                "the certificate is for a {} file, the graph is {}",
                self.format,
                input.format.name()
            )));
        }
        if self.size != self.matching.len() {
            return Err(shape(format!(
                "size {} but {}",
                self.size,
                crate::error::count(self.matching.len(), "pair", "pairs")
            )));
        }
        let sense = self
            .objective
            .parse::<Sense>()
            .map_err(|e| shape(e.to_string()))?;
        let cardinality = self
            .cardinality
            .parse::<Cardinality>()
            .map_err(|e| shape(e.to_string()))?;
        let question = Question { sense, cardinality };
        let v = Vertices::of(input);
        let pairs = self
            .matching
            .iter()
            .map(|&(a, b, w)| pair_vertices(&v, a, b).map(|(a, b)| (a, b, w)))
            .collect::<Result<Vec<_>, _>>()?;
        let proof = self.proof.as_ref().map(|p| p.proof(&v)).transpose()?;
        let outcome = match self.result.as_str() {
            NO_PERFECT => {
                if cardinality != Cardinality::Perfect {
                    return Err(shape(format!(
                        "\"no perfect matching\" answers only cardinality \"perfect\", not {:?}",
                        self.cardinality
                    )));
                }
                let proof = proof.ok_or_else(|| {
                    shape("\"no perfect matching\" needs a proof (barrier or cover)".into())
                })?;
                WeightedOutcome::NoPerfectMatching {
                    matching: MatchingCertificate {
                        pairs: pairs.iter().map(|&(a, b, _)| (a, b)).collect(),
                        proof,
                    },
                    weights: pairs.iter().map(|&(_, _, w)| w).collect(),
                }
            }
            OPTIMUM => {
                let missing = |what: &str| shape(format!("an optimum needs its {what}"));
                let d = self.duals.as_ref().ok_or_else(|| missing("duals"))?;
                let reduction = match self.reduction.as_deref() {
                    None => None,
                    Some(GALLAI_EDMONDS) => Some(Reduction::GallaiEdmonds),
                    Some(other) => {
                        return Err(shape(format!(
                            "reduction {other:?}: expected \"{GALLAI_EDMONDS}\" or none"
                        )));
                    }
                };
                let gadget_used = !d.k.is_empty()
                    || !d.a.is_empty()
                    || d.blossoms
                        .iter()
                        .any(|b| !b.k.is_empty() || !b.a.is_empty());
                if reduction.is_some() && !forest {
                    return Err(shape(format!(
                        "\"reduction\" needs a record of version {VERSION}"
                    )));
                }
                if reduction.is_none() && gadget_used {
                    return Err(shape(format!(
                        "duals of added vertices (\"k\", \"a\") belong only to a record with \
                         \"reduction\":\"{GALLAI_EDMONDS}\""
                    )));
                }
                // The gadget graph's added vertices, rebuilt from the file and the barrier.
                let (slot, k_of, c, extra) = match (reduction, &proof) {
                    (None, _) => (Vec::new(), Vec::new(), 0, 0),
                    (Some(_), Some(Proof::Barrier(b))) if v.rows.is_none() => {
                        let g = gadget(v.n, &one_set(input), b);
                        let c = g.k_root.len();
                        (g.slot, g.k_of, c, c + b.len())
                    }
                    (Some(_), _) => {
                        return Err(shape(
                            "\"reduction\" needs a graph (not a matrix) and a barrier as its \
                             proof"
                                .into(),
                        ));
                    }
                };
                let added = |list: &str, x: u64| -> Result<u32, MatchingRecordError> {
                    let y = to_vertex(&v, "vertex", x)? as usize;
                    let (index, base) = if list == "k" {
                        (k_of[y], v.n)
                    } else {
                        (slot[y], v.n + c)
                    };
                    if index == u32::MAX {
                        return Err(shape(format!(
                            "added vertex {list} of {}: it stands for {}",
                            v.name(y as u32),
                            if list == "k" {
                                "the smallest vertex of an odd component of the graph \
                                 without the barrier"
                            } else {
                                "a barrier vertex"
                            }
                        )));
                    }
                    Ok((base + index as usize) as u32)
                };
                let mut vertex = vec![0i128; v.n + extra];
                for (list, entries) in [("k", &d.k), ("a", &d.a)] {
                    for &(x, y) in entries {
                        let z = added(list, x)?;
                        if vertex[z as usize] != 0 {
                            return Err(shape(format!(
                                "the dual of added vertex {list} of {} is listed twice",
                                v.name(to_vertex(&v, "vertex", x)?)
                            )));
                        }
                        vertex[z as usize] = y;
                    }
                }
                let lists: [(&'static str, &[(u64, i128)]); 3] = match v.rows {
                    None => [("vertex", &d.vertex), ("row", &[]), ("column", &[])],
                    Some(_) => [("vertex", &[]), ("row", &d.rows), ("column", &d.cols)],
                };
                let stray = match v.rows {
                    None => !d.rows.is_empty() || !d.cols.is_empty(),
                    Some(_) => !d.vertex.is_empty(),
                };
                if stray {
                    return Err(shape(
                        "a graph's duals are listed as \"vertex\", a matrix's as \"rows\" and \
                         \"cols\""
                            .into(),
                    ));
                }
                for (what, list) in lists {
                    for &(x, y) in list {
                        let x = to_vertex(&v, what, x)?;
                        if vertex[x as usize] != 0 {
                            return Err(shape(format!(
                                "the dual of {} is listed twice",
                                v.name(x)
                            )));
                        }
                        vertex[x as usize] = y;
                    }
                }
                let what = if v.rows.is_some() { "row" } else { "vertex" };
                let mut blossoms = Vec::with_capacity(d.blossoms.len());
                for b in &d.blossoms {
                    let mut vertices = b
                        .vertices
                        .iter()
                        .map(|&x| to_vertex(&v, what, x))
                        .collect::<Result<Vec<u32>, _>>()?;
                    for &x in &b.k {
                        vertices.push(added("k", x)?);
                    }
                    for &x in &b.a {
                        vertices.push(added("a", x)?);
                    }
                    blossoms.push(OddSet {
                        vertices,
                        children: b.children.clone(),
                        dual: b.dual,
                    });
                }
                if !forest {
                    if d.blossoms.iter().any(|b| !b.children.is_empty()) {
                        return Err(shape(format!(
                            "odd sets name \"children\" only in records of version {VERSION}; \
                             this record has no version, so each set lists all its vertices"
                        )));
                    }
                    let full: Vec<(Vec<u32>, i128)> =
                        blossoms.into_iter().map(|b| (b.vertices, b.dual)).collect();
                    blossoms = Duals::from_full_sets(v.n, &full).map_err(|why| {
                        shape(format!(
                            "the odd sets (each listing all its vertices: a record without a \
                             version) are not a laminar family: {why}"
                        ))
                    })?;
                }
                WeightedOutcome::Optimum {
                    pairs,
                    total: self.total.ok_or_else(|| missing("total"))?,
                    shift: self.shift.ok_or_else(|| missing("shift"))?,
                    duals: Duals { vertex, blossoms },
                    cardinality: proof,
                    reduction,
                }
            }
            other => {
                return Err(shape(format!(
                    "result {other:?}: expected \"optimum\" or \"no perfect matching\""
                )));
            }
        };
        Ok(WeightedCertificate { question, outcome })
    }

    /// Checks the record against the graph file's contents and weights (`weights[i]` is the
    /// weight of `input.edges[i]` in units of 10^−`decimals`): numbers in range, then
    /// [`verify_weighted`](crate::graph::certified::weighted::verify_weighted).
    pub fn verify(
        &self,
        input: &GraphInput,
        weights: &[i64],
        decimals: u32,
    ) -> Result<(), MatchingRecordError> {
        self.verify_of(input, weights, decimals)
    }

    /// [`verify`](Self::verify) for `i128` weights.
    pub fn verify_wide(
        &self,
        input: &GraphInput,
        weights: &[i128],
        decimals: u32,
    ) -> Result<(), MatchingRecordError> {
        self.verify_of(input, weights, decimals)
    }

    /// Checks the record against the graph file's contents and weights, whichever way they
    /// are held: an exact record with [`verify`](Self::verify) or
    /// [`verify_wide`](Self::verify_wide), a proven-gap one (`grid`) with
    /// [`gap::verify`].
    pub fn verify_weights(
        &self,
        input: &GraphInput,
        weights: &Weights,
    ) -> Result<(), MatchingRecordError> {
        let gap = match self.optimality.as_deref() {
            None | Some("exact") => false,
            Some("gap") => true,
            Some(other) => {
                return Err(MatchingRecordError::Shape(format!(
                    "optimality {other:?}: expected \"exact\" or \"gap\""
                )));
            }
        };
        if gap != self.grid.is_some() || gap != self.gap.is_some() {
            return Err(MatchingRecordError::Shape(
                "a proven-gap record has \"optimality\":\"gap\", its \"grid\" and its \"gap\"; \
                 an exact one none of them"
                    .into(),
            ));
        }
        if gap {
            return gap::verify(self, input, &weights.parts());
        }
        match &weights.wide {
            None => self.verify(input, &weights.values, weights.decimals),
            Some(Wide::Exact(values)) => self.verify_wide(input, values, weights.decimals),
            Some(Wide::Parts(_)) => Err(MatchingRecordError::Shape(
                "the file's weights are too far apart in magnitude for one common scale: its \
                 answers are proven-gap records (\"optimality\":\"gap\"), and this one is not"
                    .into(),
            )),
        }
    }

    pub(super) fn verify_of<W: crate::graph::weighted::Weight>(
        &self,
        input: &GraphInput,
        weights: &[W],
        decimals: u32,
    ) -> Result<(), MatchingRecordError> {
        if self.decimals != decimals {
            return Err(MatchingRecordError::Shape(format!(
                "the certificate counts weights in units of 10^-{}, the file's weights need \
                 10^-{decimals}",
                self.decimals
            )));
        }
        let small = self.smaller(input)?;
        let whole = Vertices::of(input);
        let kept = Vertices::of(&*small);
        let verdict = self.verify_on(&small, weights);
        if kept.n == whole.n {
            return verdict;
        }
        // The vertices left out have no edge and the record names none of them.
        match verdict {
            // One of them is exposed in every matching: no perfect one.
            Err(MatchingRecordError::Weighted { error, .. })
                if matches!(*error, WeightedError::PerfectAfterAll)
                    && self.result == NO_PERFECT =>
            {
                Ok(())
            }
            Ok(())
                if self.result == OPTIMUM
                    && self.cardinality.parse::<Cardinality>() == Ok(Cardinality::Perfect) =>
            {
                let error = WeightedError::Duals(DualError::NotPerfect {
                    vertex: first_left_out(&whole, &kept),
                });
                let why = error.describe(&|x| whole.name(x));
                Err(MatchingRecordError::Weighted {
                    error: Box::new(error),
                    why,
                })
            }
            // A number the file has no vertex for, in the file's words.
            Err(MatchingRecordError::OutOfRange { what, number, .. }) => {
                Err(to_vertex(&whole, what, number).err().unwrap_or_else(|| {
                    MatchingRecordError::Shape(format!("{what} {number} could not be read"))
                }))
            }
            other => other,
        }
    }

    /// The record checked on `input` as it is, every vertex in its tables.
    pub(super) fn verify_on<W: crate::graph::weighted::Weight>(
        &self,
        input: &GraphInput,
        weights: &[W],
    ) -> Result<(), MatchingRecordError> {
        let v = Vertices::of(input);
        let cert = self.certificate(input)?;
        verify_weighted_of(input, weights, &cert)
            .map(|_| ())
            .map_err(|error| {
                let why = error.describe(&|x| v.name(x));
                MatchingRecordError::Weighted {
                    error: Box::new(error),
                    why,
                }
            })
    }

    /// `input` without the vertices that have no edge and that the record does not name
    /// ([`compact::keeping`]), so that the check costs what the edges and the record hold,
    /// not what the file declares (`p edge 290000000 1`). Sound: a vertex left out has no
    /// edge, dual 0 and no odd set, so it is exposed, and every condition of the maximum-weight
    /// LP holds at it; it adds one vertex and one odd component to a barrier's count (both
    /// sides of Tutte–Berge alike) and one isolated pair `v`–`k` of weight 0 to the gadget
    /// graph; only a perfect matching notices it ([`verify_of`](Self::verify_of) says so).
    /// Numbers the file has no vertex for are left for the check to refuse.
    pub(super) fn smaller<'a>(
        &self,
        input: &'a GraphInput,
    ) -> Result<Cow<'a, GraphInput>, MatchingRecordError> {
        let oom = || {
            MatchingRecordError::Shape(
                "out of memory while gathering the vertices the record names".into(),
            )
        };
        let named = self
            .named_vertices(&Vertices::of(input))
            .map_err(|_| oom())?;
        Ok(match compact::keeping(input, &named).map_err(|_| oom())? {
            None => Cow::Borrowed(input),
            Some(small) => Cow::Owned(GraphInput {
                format: input.format,
                shape: small.shape,
                edges: small.edges,
                ids: small.ids,
            }),
        })
    }

    /// Every vertex the record names that `v` has (pairs, proof, duals, odd sets, and the
    /// vertices the gadget's added vertices are named by), as [`certificate`](Self::certificate)
    /// reads each; repeats allowed.
    fn named_vertices(&self, v: &Vertices<'_>) -> Result<Vec<u32>, TryReserveError> {
        let matrix = v.rows.is_some();
        let (first, second) = if matrix {
            ("row", "column")
        } else {
            ("vertex", "vertex")
        };
        let mut lists: Vec<(&'static str, Vec<u64>)> = Vec::new();
        let pairs = || self.matching.iter();
        lists.push((first, pairs().map(|&(a, _, _)| a).collect()));
        lists.push((second, pairs().map(|&(_, b, _)| b).collect()));
        match &self.proof {
            Some(MatchingProof::Cover(c) | MatchingProof::Barrier(c)) => {
                lists.push(("vertex", c.clone()));
            }
            Some(MatchingProof::MatrixCover { rows, cols }) => {
                lists.push(("row", rows.clone()));
                lists.push(("column", cols.clone()));
            }
            None => {}
        }
        if let Some(d) = &self.duals {
            let names = |l: &[(u64, i128)]| l.iter().map(|&(x, _)| x).collect::<Vec<u64>>();
            lists.push(("vertex", names(&d.vertex)));
            lists.push(("row", names(&d.rows)));
            lists.push(("column", names(&d.cols)));
            lists.push(("vertex", names(&d.k)));
            lists.push(("vertex", names(&d.a)));
            for b in &d.blossoms {
                lists.push((if matrix { "row" } else { "vertex" }, b.vertices.clone()));
                lists.push(("vertex", b.k.clone()));
                lists.push(("vertex", b.a.clone()));
            }
        }
        let mut out = Vec::new();
        out.try_reserve_exact(lists.iter().map(|(_, l)| l.len()).sum())?;
        for (what, list) in &lists {
            out.extend(list.iter().filter_map(|&x| to_vertex(v, what, x).ok()));
        }
        Ok(out)
    }
}

/// The first vertex of `whole` that `kept` (the same vertices with some left out, in the same
/// order: rows, then columns) does not have.
fn first_left_out(whole: &Vertices<'_>, kept: &Vertices<'_>) -> u32 {
    let same = |i: u32, j: u32| {
        whole.column(i).is_some() == kept.column(j).is_some() && whole.number(i) == kept.number(j)
    };
    let mut j = 0;
    for i in 0..whole.n as u32 {
        if (j as usize) < kept.n && same(i, j) {
            j += 1;
        } else {
            return i;
        }
    }
    // Not reached: `kept` has fewer vertices.
    whole.n as u32
}

#[cfg(test)]
#[path = "weighted_tests.rs"]
mod tests;
