//! Every weighted question on small random graphs of both shapes against the brute force; every
//! certificate verified; tampered certificates refused.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    WeightedCertificate, WeightedError, WeightedOutcome, verify_weighted, verify_weighted_wide,
    weighted_matching, weighted_matching_wide,
};
use crate::graph::certified::{PartsBuf, Shape};
use crate::graph::certified::{Proof, edges as one_set};
use crate::graph::weighted::{Cardinality, OddSet, Question, Sense};
use gridmatch_oracles::weighted as oracle;

/// A random small graph: a matrix (bipartite by shape), a bipartite general graph, or any
/// general graph; self-loops and parallel edges included; weights of every sign with ties.
fn random_input(rng: &mut ChaCha8Rng) -> (PartsBuf, Vec<i64>) {
    let kind = rng.random_range(0..3);
    let spread = [1i64, 3, 10, 1000][rng.random_range(0..4usize)];
    let (shape, n_edges) = if kind == 0 {
        let rows = rng.random_range(1..=5usize);
        let cols = rng.random_range(1..=5usize);
        (
            Shape::Bipartite { rows, cols },
            rng.random_range(0..=14usize),
        )
    } else {
        let vertices = rng.random_range(1..=10usize);
        (Shape::General { vertices }, rng.random_range(0..=18usize))
    };
    let mut edges = Vec::new();
    let mut weights = Vec::new();
    for _ in 0..n_edges {
        let e = match shape {
            Shape::Bipartite { rows, cols } => (
                rng.random_range(0..rows as u32),
                rng.random_range(0..cols as u32),
            ),
            Shape::General { vertices } => {
                let u = rng.random_range(0..vertices as u32);
                // kind 1: even to odd vertices only, so the graph is bipartite.
                if kind == 1 {
                    let v = rng.random_range(0..vertices as u32);
                    if (u + v) % 2 == 0 {
                        (u, (v + 1) % vertices as u32)
                    } else {
                        (u, v)
                    }
                } else {
                    (u, rng.random_range(0..vertices as u32))
                }
            }
        };
        edges.push(e);
        weights.push(rng.random_range(-spread..=spread));
    }
    let input = PartsBuf {
        base: if kind == 0 { 1 } else { 0 },
        shape,
        edges,
        ids: Vec::new(),
    };
    (input, weights)
}

fn oracle_edges<W: Copy + Into<i128>>(
    input: &PartsBuf,
    weights: &[W],
) -> Vec<(usize, usize, i128)> {
    one_set(input)
        .iter()
        .zip(weights)
        .map(|(&(u, v), &w)| (u as usize, v as usize, w.into()))
        .collect()
}

fn n_of(input: &PartsBuf) -> usize {
    match input.shape {
        Shape::General { vertices } => vertices,
        Shape::Bipartite { rows, cols } => rows + cols,
    }
}

/// The brute force's answer: the best total, `None` for "no perfect matching".
fn expected<W: Copy + Into<i128>>(input: &PartsBuf, weights: &[W], q: Question) -> Option<i128> {
    let n = n_of(input);
    let sign = i128::from(q.sense.sign());
    let signed: Vec<_> = oracle_edges(input, weights)
        .into_iter()
        .map(|(u, v, w)| (u, v, sign * w))
        .collect();
    let best = match q.cardinality {
        Cardinality::Any => Some(oracle::max_weight(n, &signed)),
        Cardinality::Maximum => Some(oracle::max_weight_max_cardinality(n, &signed).1),
        Cardinality::Perfect => oracle::min_weight_perfect(
            n,
            &signed
                .iter()
                .map(|&(u, v, w)| (u, v, -w))
                .collect::<Vec<_>>(),
        )
        .map(|t| -t),
    };
    best.map(|t| t * sign)
}

const QUESTIONS: [Question; 6] = [
    Question {
        sense: Sense::Max,
        cardinality: Cardinality::Any,
    },
    Question {
        sense: Sense::Min,
        cardinality: Cardinality::Any,
    },
    Question {
        sense: Sense::Max,
        cardinality: Cardinality::Maximum,
    },
    Question {
        sense: Sense::Min,
        cardinality: Cardinality::Maximum,
    },
    Question {
        sense: Sense::Max,
        cardinality: Cardinality::Perfect,
    },
    Question {
        sense: Sense::Min,
        cardinality: Cardinality::Perfect,
    },
];

/// Mutations of a certificate of an optimum, each of which must be refused.
fn tampered(
    cert: &WeightedCertificate,
    n: usize,
    edges: &[(u32, u32)],
) -> Vec<(&'static str, WeightedCertificate)> {
    let mut out = Vec::new();
    let WeightedOutcome::Optimum {
        pairs,
        total,
        shift,
        duals,
        cardinality,
        reduction,
    } = &cert.outcome
    else {
        return out;
    };
    let reduction = *reduction;
    let with =
        |pairs: Vec<(u32, u32, i128)>, total, shift, duals, cardinality| WeightedCertificate {
            question: cert.question,
            outcome: WeightedOutcome::Optimum {
                pairs,
                total,
                shift,
                duals,
                cardinality,
                reduction,
            },
        };
    // A vertex dual lowered where it is positive (some edge or the objective then fails).
    // (Among perfect matchings every vertex is matched and its dual may have any sign; so on
    // the gadget graph, whose added vertices come after the graph's.)
    let perfect = cert.question.cardinality == Cardinality::Perfect || reduction.is_some();
    if let Some(v) = (0..n).find(|&v| duals.vertex[v] > 0 || (perfect && duals.vertex[v] != 0)) {
        let mut d = duals.clone();
        d.vertex[v] -= 1;
        out.push((
            "dual lowered",
            with(pairs.clone(), *total, *shift, d, cardinality.clone()),
        ));
    }
    if let Some(v) = (n..duals.vertex.len()).find(|&v| duals.vertex[v] != 0) {
        let mut d = duals.clone();
        d.vertex[v] -= 1;
        out.push((
            "added vertex's dual lowered",
            with(pairs.clone(), *total, *shift, d, cardinality.clone()),
        ));
    }
    if reduction.is_some() && duals.vertex.len() > n {
        // The duals read as the graph's own (when G* adds vertices; otherwise duals of the
        // perfect LP that are ≥ 0 prove the answer over all matchings too).
        out.push((
            "reduction dropped",
            WeightedCertificate {
                question: cert.question,
                outcome: WeightedOutcome::Optimum {
                    pairs: pairs.clone(),
                    total: *total,
                    shift: *shift,
                    duals: duals.clone(),
                    cardinality: cardinality.clone(),
                    reduction: None,
                },
            },
        ));
    }
    if reduction.is_some() {
        out.push((
            "shift added to a reduced answer",
            with(
                pairs.clone(),
                *total,
                *shift + 1,
                duals.clone(),
                cardinality.clone(),
            ),
        ));
        if let Some(Proof::Barrier(b)) = cardinality {
            // A barrier that is not tight for the matching: one more vertex.
            if let Some(x) = (0..n as u32).find(|x| !b.contains(x)) {
                let mut wrong = b.clone();
                wrong.push(x);
                wrong.sort_unstable();
                let plain = crate::graph::certified::MatchingCertificate {
                    pairs: pairs.iter().map(|&(u, v, _)| (u, v)).collect(),
                    proof: Proof::Barrier(wrong.clone()),
                };
                if crate::graph::certified::verify_edges(n, edges, &plain).is_err() {
                    out.push((
                        "barrier not tight",
                        with(
                            pairs.clone(),
                            *total,
                            *shift,
                            duals.clone(),
                            Some(Proof::Barrier(wrong)),
                        ),
                    ));
                }
            }
            out.push((
                "cover for a reduced answer",
                with(
                    pairs.clone(),
                    *total,
                    *shift,
                    duals.clone(),
                    Some(Proof::Cover(b.clone())),
                ),
            ));
        }
    }
    if !duals.blossoms.is_empty() {
        let mut d = duals.clone();
        d.blossoms.pop();
        out.push((
            "blossom dropped",
            with(pairs.clone(), *total, *shift, d, cardinality.clone()),
        ));
    }
    // An odd set that is even (a set the forest holds no vertex of, wrapping the first).
    if !duals.blossoms.is_empty() {
        let mut d = duals.clone();
        let v = (0..n as u32).find(|v| !duals.blossoms.iter().any(|b| b.vertices.contains(v)));
        d.blossoms.push(OddSet {
            vertices: v.into_iter().collect(),
            children: vec![0],
            dual: 2,
        });
        out.push((
            "even set",
            with(pairs.clone(), *total, *shift, d, cardinality.clone()),
        ));
    }
    if let Some(&p) = pairs.first() {
        // A pair dropped.
        out.push((
            "pair dropped",
            with(
                pairs[1..].to_vec(),
                *total - p.2,
                *shift,
                duals.clone(),
                cardinality.clone(),
            ),
        ));
        // A pair's weight changed.
        let mut changed = pairs.clone();
        changed[0].2 += 1;
        out.push((
            "weight changed",
            with(
                changed,
                *total + 1,
                *shift,
                duals.clone(),
                cardinality.clone(),
            ),
        ));
    }
    out.push((
        "total off by one",
        with(
            pairs.clone(),
            *total + 1,
            *shift,
            duals.clone(),
            cardinality.clone(),
        ),
    ));
    if cert.question.cardinality == Cardinality::Maximum {
        out.push((
            "no cardinality proof",
            with(pairs.clone(), *total, *shift, duals.clone(), None),
        ));
        if let Some(Proof::Cover(c) | Proof::Barrier(c)) = cardinality
            && !c.is_empty()
        {
            let smaller = match cardinality {
                Some(Proof::Cover(c)) => Proof::Cover(c[1..].to_vec()),
                Some(Proof::Barrier(b)) => Proof::Barrier(b[1..].to_vec()),
                None => unreachable!(),
            };
            // A smaller barrier can still be valid; a smaller cover never is.
            if matches!(smaller, Proof::Cover(_)) {
                out.push((
                    "cover shrunk",
                    with(pairs.clone(), *total, *shift, duals.clone(), Some(smaller)),
                ));
            }
        }
    }
    if perfect {
        out.push((
            "shift added to a perfect answer",
            with(
                pairs.clone(),
                *total,
                *shift + 1,
                duals.clone(),
                cardinality.clone(),
            ),
        ));
    }
    if cert.question.cardinality == Cardinality::Any {
        out.push((
            "shift added",
            with(pairs.clone(), *total, 1, duals.clone(), cardinality.clone()),
        ));
    }
    out
}

#[test]
fn every_question_against_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut blossoms = 0;
    let (mut reduced, mut reduced_sets) = (0, 0);
    for case in 0..3000 {
        let (input, weights) = random_input(&mut rng);
        let n = n_of(&input);
        for q in QUESTIONS {
            let cert = weighted_matching(&input, &weights, q).unwrap();
            let want = expected(&input, &weights, q);
            let proved = verify_weighted(&input, &weights, &cert).unwrap_or_else(|e| {
                panic!("case {case} {q:?}: {e}\n{input:?}\n{weights:?}\n{cert:?}")
            });
            assert_eq!(
                proved, want,
                "case {case} {q:?}\n{input:?}\n{weights:?}\n{cert:?}"
            );
            if let WeightedOutcome::Optimum {
                duals, reduction, ..
            } = &cert.outcome
            {
                blossoms += duals.blossoms.len();
                if reduction.is_some() && duals.vertex.len() > n {
                    reduced += 1;
                    // Odd sets holding added vertices.
                    reduced_sets += duals
                        .blossoms
                        .iter()
                        .filter(|b| b.vertices.iter().any(|&x| x as usize >= n))
                        .count();
                }
            }
            for (what, bad) in tampered(&cert, n, &one_set(&input)) {
                assert!(
                    verify_weighted(&input, &weights, &bad).is_err(),
                    "case {case} {q:?}: {what} accepted\n{input:?}\n{weights:?}\n{bad:?}"
                );
            }
        }
    }
    // The general graphs must exercise odd sets, or the blossom checks are untested here.
    assert!(
        blossoms > 100,
        "only {blossoms} blossoms with a positive dual"
    );
    // The maximum-cardinality answers on general graphs must exercise the gadget graph.
    assert!(
        reduced > 1000 && reduced_sets > 10,
        "{reduced} answers on a gadget graph, {reduced_sets} odd sets with added vertices"
    );
}

/// A weight near `scale` (±scale ± a few, a small one, or a middle one), for the wide tests.
fn wide_weight(rng: &mut ChaCha8Rng, scale: i128) -> i128 {
    let small = rng.random_range(-3..=3i128);
    match rng.random_range(0..5) {
        0 => scale - small.abs(),
        1 => -scale + small.abs(),
        2 => small,
        3 => rng.random_range(-scale..=scale),
        _ => scale / 2 + small,
    }
}

/// Every question with weights near 2¹⁰⁰ (the i128 engines), near the i64 engines' bounds
/// (2⁵⁷ for perfect mode on small graphs, 2⁵⁹ for the maximum-weight run, 2⁶³: both engines
/// and the switch between them) and on renumbered copies, against the brute force; every
/// certificate verified, tampered ones refused.
#[test]
fn wide_weights_against_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let scales = [1i128 << 100, 1 << 57, 1 << 59, 1 << 63, (1 << 116) / 10];
    for case in 0..800 {
        let (input, _) = random_input(&mut rng);
        let scale = scales[case % scales.len()];
        let n = n_of(&input);
        let weights: Vec<i128> = (0..input.edges.len())
            .map(|_| wide_weight(&mut rng, scale))
            .collect();
        // A renumbered copy of a general graph: vertex v becomes n − 1 − v.
        let mut copy = input.clone();
        if let Shape::General { vertices } = copy.shape {
            for e in &mut copy.edges {
                *e = (vertices as u32 - 1 - e.0, vertices as u32 - 1 - e.1);
            }
        }
        for input in [&input, &copy] {
            for q in QUESTIONS {
                let cert = weighted_matching_wide(input, &weights, q)
                    .unwrap_or_else(|e| panic!("case {case} {q:?}: {e}\n{input:?}\n{weights:?}"));
                let want = expected(input, &weights, q);
                let proved = verify_weighted_wide(input, &weights, &cert).unwrap_or_else(|e| {
                    panic!("case {case} {q:?}: {e}\n{input:?}\n{weights:?}\n{cert:?}")
                });
                assert_eq!(proved, want, "case {case} {q:?}\n{input:?}\n{weights:?}");
                for (what, bad) in tampered(&cert, n, &one_set(input)) {
                    assert!(
                        verify_weighted_wide(input, &weights, &bad).is_err(),
                        "case {case} {q:?}: {what} accepted\n{input:?}\n{weights:?}\n{bad:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn no_perfect_matching_is_proved() {
    // A path on three vertices: no perfect matching.
    let input = PartsBuf {
        base: 0,
        shape: Shape::General { vertices: 3 },
        edges: vec![(0, 1), (1, 2)],
        ids: Vec::new(),
    };
    let q = Question {
        sense: Sense::Min,
        cardinality: Cardinality::Perfect,
    };
    let cert = weighted_matching(&input, &[5, 7], q).unwrap();
    let WeightedOutcome::NoPerfectMatching {
        matching: m,
        weights,
    } = &cert.outcome
    else {
        panic!("{cert:?}")
    };
    // The pair carries the file's weight.
    let (u, v) = m.pairs[0];
    assert_eq!(weights, &[if u.max(v) == 1 { 5 } else { 7 }]);
    assert_eq!(verify_weighted(&input, &[5, 7], &cert), Ok(None));
    let with = |weights: Vec<i128>| WeightedCertificate {
        question: q,
        outcome: WeightedOutcome::NoPerfectMatching {
            matching: m.clone(),
            weights,
        },
    };
    // A certificate of the first shape (weight 0 in every pair) still verifies; any other
    // weight that is not the file's fails, and so does a missing one.
    assert_eq!(verify_weighted(&input, &[5, 7], &with(vec![0])), Ok(None));
    assert!(matches!(
        verify_weighted(&input, &[5, 7], &with(vec![12345])),
        Err(WeightedError::NotAnEdge(_, _, 12345))
    ));
    assert!(matches!(
        verify_weighted(&input, &[5, 7], &with(vec![weights[0] + 1])),
        Err(WeightedError::NotAnEdge(..))
    ));
    assert!(matches!(
        verify_weighted(&input, &[5, 7], &with(vec![])),
        Err(WeightedError::PairWeights { .. })
    ));
    // Claiming "no perfect matching" with an empty matching fails its barrier.
    let mut empty = m.clone();
    empty.pairs.clear();
    let bad = WeightedCertificate {
        question: q,
        outcome: WeightedOutcome::NoPerfectMatching {
            matching: empty,
            weights: vec![],
        },
    };
    assert!(matches!(
        verify_weighted(&input, &[5, 7], &bad),
        Err(WeightedError::Cardinality(_))
    ));
}

/// Records of the earlier shift form (duals of the maximum-weight LP for `sign·w + shift`,
/// written before the perfect question was answered natively) still verify, and a
/// perfect answer's duals may be negative.
#[test]
fn shift_form_perfect_records_still_verify() {
    use crate::graph::weighted::general::max_weight_matching;
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut checked = 0;
    let mut negative = 0;
    for _ in 0..600 {
        let (input, weights) = random_input(&mut rng);
        let n = n_of(&input);
        let edges = one_set(&input);
        for sense in [Sense::Max, Sense::Min] {
            let q = Question {
                sense,
                cardinality: Cardinality::Perfect,
            };
            let sign = sense.sign();
            let largest = weights.iter().map(|w| w.abs()).max().unwrap_or(0);
            let shift = largest * n.saturating_sub(1) as i64 + 1;
            let shifted: Vec<i64> = weights.iter().map(|&w| sign * w + shift).collect();
            let found = max_weight_matching(n, &edges, &shifted).unwrap();
            if 2 * found.edges.len() != n {
                continue;
            }
            let pairs: Vec<(u32, u32, i128)> = found
                .edges
                .iter()
                .map(|&e| (edges[e].0, edges[e].1, i128::from(weights[e])))
                .collect();
            let total = pairs.iter().map(|p| p.2).sum();
            let old = WeightedCertificate {
                question: q,
                outcome: WeightedOutcome::Optimum {
                    pairs,
                    total,
                    shift: i128::from(shift),
                    duals: found.duals,
                    cardinality: None,
                    reduction: None,
                },
            };
            assert_eq!(
                verify_weighted(&input, &weights, &old),
                Ok(expected(&input, &weights, q)),
                "{input:?} {weights:?} {old:?}"
            );
            let new = weighted_matching(&input, &weights, q).unwrap();
            if let WeightedOutcome::Optimum { shift, duals, .. } = &new.outcome
                && matches!(input.shape, Shape::General { .. })
                && *shift == 0
            {
                negative += usize::from(duals.vertex.iter().any(|&d| d < 0));
            }
            checked += 1;
        }
    }
    assert!(
        checked > 200 && negative > 10,
        "checked {checked}, negative {negative}"
    );
}

/// The perfect questions with weights near ±2^59 (the engine's i128 path): answered, never
/// refused, verified, equal to the brute force; a dual beyond the verifier's bound refused.
#[test]
fn perfect_questions_with_extreme_weights() {
    use crate::graph::weighted::MAX_WEIGHT;
    let mut rng = ChaCha8Rng::seed_from_u64(59);
    let mut answered = 0;
    for case in 0..1500 {
        let (input, mut weights) = random_input(&mut rng);
        for w in &mut weights {
            *w = match rng.random_range(0..3) {
                0 => MAX_WEIGHT - rng.random_range(0..3),
                1 => -MAX_WEIGHT + rng.random_range(0..3),
                _ => rng.random_range(-MAX_WEIGHT..=MAX_WEIGHT),
            };
        }
        for sense in [Sense::Max, Sense::Min] {
            let q = Question {
                sense,
                cardinality: Cardinality::Perfect,
            };
            let cert = weighted_matching(&input, &weights, q).unwrap();
            let proved = verify_weighted(&input, &weights, &cert)
                .unwrap_or_else(|e| panic!("case {case}: {e}\n{input:?}\n{weights:?}\n{cert:?}"));
            assert_eq!(proved, expected(&input, &weights, q), "case {case}");
            if let WeightedOutcome::Optimum {
                pairs,
                total,
                shift,
                duals,
                cardinality,
                reduction,
            } = &cert.outcome
            {
                answered += 1;
                let mut d = duals.clone();
                if let Some(v) = d.vertex.first_mut() {
                    *v = 1 << 100;
                    let bad = WeightedCertificate {
                        question: q,
                        outcome: WeightedOutcome::Optimum {
                            pairs: pairs.clone(),
                            total: *total,
                            shift: *shift,
                            duals: d,
                            cardinality: cardinality.clone(),
                            reduction: *reduction,
                        },
                    };
                    assert!(verify_weighted(&input, &weights, &bad).is_err());
                }
            }
        }
    }
    assert!(answered > 300, "{answered}");
}

#[test]
fn transformed_failures_name_the_files_weights() {
    use crate::graph::weighted::verify::DualError;
    // A minimum question on 2 pairs with shift 10: the pairs weigh 3 and 4 in the file, so
    // 2·Σ(−w + 10) = 26.
    let e = WeightedError::Transformed {
        error: DualError::ObjectiveMismatch {
            dual: 24,
            primal: 26,
        },
        sign: -1,
        shift: 10,
        pairs: 2,
    };
    let words = e.describe(&|x| x.to_string());
    assert!(
        words.contains("of weight 7 in the file, counts 13"),
        "{words}"
    );
    assert!(words.contains("-w + 10"), "{words}");
    assert_eq!(e.to_string(), words);
    let e = WeightedError::Transformed {
        error: DualError::EdgeNotCovered {
            edge: 0,
            u: 0,
            v: 1,
            weight: 6,
            dual_sum: 11,
        },
        sign: -1,
        shift: 10,
        pairs: 1,
    };
    let words = e.describe(&|x| format!("v{x}"));
    assert!(
        words.contains("edge v0 v1 of weight 4 is not covered"),
        "{words}"
    );
    assert!(words.contains("-(4) + 10 = 6"), "{words}");
    assert!(words.contains("sum to 5.5"), "{words}");
}

/// The maximum-cardinality question with weights near ±2⁵⁹ on general graphs: answered with
/// no shift (so never refused for the size of its weights), verified, equal to the brute force.
#[test]
fn maximum_cardinality_with_extreme_weights() {
    use crate::graph::weighted::MAX_WEIGHT;
    let mut rng = ChaCha8Rng::seed_from_u64(60);
    let mut answered = 0;
    for case in 0..1500 {
        let (input, mut weights) = random_input(&mut rng);
        if !matches!(input.shape, Shape::General { .. }) {
            continue;
        }
        for w in &mut weights {
            *w = match rng.random_range(0..3) {
                0 => MAX_WEIGHT - rng.random_range(0..3),
                1 => -MAX_WEIGHT + rng.random_range(0..3),
                _ => rng.random_range(-MAX_WEIGHT..=MAX_WEIGHT),
            };
        }
        for sense in [Sense::Max, Sense::Min] {
            let q = Question {
                sense,
                cardinality: Cardinality::Maximum,
            };
            let cert = weighted_matching(&input, &weights, q)
                .unwrap_or_else(|e| panic!("case {case}: refused: {e}"));
            let proved = verify_weighted(&input, &weights, &cert)
                .unwrap_or_else(|e| panic!("case {case}: {e}\n{input:?}\n{weights:?}\n{cert:?}"));
            assert_eq!(proved, expected(&input, &weights, q), "case {case}");
            answered += 1;
        }
    }
    assert!(answered > 1500, "{answered}");
}

/// Nested odd cycles hanging off a barrier, in several components with isolated vertices: the
/// gadget graph is proved on, and a dual of an added vertex lowered is refused.
#[test]
fn nested_odd_cycles_beside_a_barrier() {
    // A pentagon 0..5 with a triangle 5,6,7 attached at 4–5, both hanging off vertex 8, which
    // also holds the pendant vertices 9 and 10; a triangle 11,12,13; 14 isolated.
    let edges = vec![
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 0),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 5),
        (8, 0),
        (8, 6),
        (8, 9),
        (8, 10),
        (11, 12),
        (12, 13),
        (13, 11),
        (2, 2),
        (9, 8),
    ];
    let input = PartsBuf {
        base: 0,
        shape: Shape::General { vertices: 15 },
        edges,
        ids: Vec::new(),
    };
    let weights: Vec<i64> = (0..input.edges.len() as i64)
        .map(|i| (i * 7) % 11 - 4)
        .collect();
    for q in QUESTIONS {
        let cert = weighted_matching(&input, &weights, q).unwrap();
        assert_eq!(
            verify_weighted(&input, &weights, &cert),
            Ok(expected(&input, &weights, q)),
            "{q:?}: {cert:?}"
        );
        if q.cardinality == Cardinality::Maximum {
            let WeightedOutcome::Optimum {
                duals, reduction, ..
            } = &cert.outcome
            else {
                panic!("{cert:?}")
            };
            assert!(reduction.is_some() && duals.vertex.len() > 15, "{cert:?}");
            for (what, bad) in tampered(&cert, 15, &one_set(&input)) {
                assert!(
                    verify_weighted(&input, &weights, &bad).is_err(),
                    "{what} accepted: {bad:?}"
                );
            }
        }
    }
}

/// Graphs with a perfect matching (a planted one plus random edges, self-loops and parallel
/// copies, ties, every weight sign): the maximum-cardinality question takes the reduction's
/// short way (G* is G: no gadget vertex, an empty barrier); every answer is the brute force's,
/// every proof verifies, and tampered ones are refused.
#[test]
fn maximum_cardinality_with_a_perfect_matching() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let mut reduced = 0;
    for case in 0..1500 {
        let n = 2 * rng.random_range(1..=5usize);
        let mut order: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut edges: Vec<(u32, u32)> = order.chunks(2).map(|p| (p[0], p[1])).collect();
        for _ in 0..rng.random_range(0..=12usize) {
            edges.push((rng.random_range(0..n as u32), rng.random_range(0..n as u32)));
        }
        for i in (1..edges.len()).rev() {
            edges.swap(i, rng.random_range(0..=i));
        }
        let spread = [1i64, 3, 1000][rng.random_range(0..3usize)];
        let weights: Vec<i64> = edges
            .iter()
            .map(|_| rng.random_range(-spread..=spread))
            .collect();
        let input = PartsBuf {
            base: 0,
            shape: Shape::General { vertices: n },
            edges,
            ids: Vec::new(),
        };
        for sense in [Sense::Max, Sense::Min] {
            let q = Question {
                sense,
                cardinality: Cardinality::Maximum,
            };
            let cert = weighted_matching(&input, &weights, q)
                .unwrap_or_else(|e| panic!("case {case}: refused: {e}"));
            assert_eq!(
                verify_weighted(&input, &weights, &cert),
                Ok(expected(&input, &weights, q)),
                "case {case}: {input:?}\n{weights:?}\n{cert:?}"
            );
            let WeightedOutcome::Optimum {
                pairs,
                duals,
                reduction,
                ..
            } = &cert.outcome
            else {
                panic!("case {case}: {cert:?}")
            };
            // (Bipartite ones may go to the assignment engine, without the reduction.)
            assert_eq!(2 * pairs.len(), n, "case {case}: {cert:?}");
            if reduction.is_some() {
                assert_eq!(duals.vertex.len(), n, "case {case}: {cert:?}");
                reduced += 1;
            }
            if case % 10 == 0 {
                for (what, bad) in tampered(&cert, n, &one_set(&input)) {
                    assert!(
                        verify_weighted(&input, &weights, &bad).is_err(),
                        "case {case}: {what} accepted: {bad:?}"
                    );
                }
            }
        }
    }
    assert!(reduced > 1000, "{reduced}");
}
