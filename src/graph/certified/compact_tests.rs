//! Every question on the input without its isolated vertices against the whole input: the same
//! sizes, totals, classes and winners, and every certificate, mapped back to the whole input,
//! verified against it.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{weighted, without_isolated};
use crate::graph::certified::weighted::{
    WeightedCertificate, WeightedOutcome, verify_weighted, weighted_matching,
};
use crate::graph::certified::{
    MatchingCertificate, Proof, Vertices, classify, geography, matching_size, maximum_matching,
    verify,
};
use crate::graph::certified::{PartsBuf, Shape};
use crate::graph::geography::Player;
use crate::graph::weighted::{Cardinality, Duals, OddSet, Question, Sense};

/// A small graph (DIMACS or Matrix Market numbering) whose edges touch a random part of its
/// vertices, and a weight per edge (some negative, some tied).
fn random_input(rng: &mut ChaCha8Rng) -> (PartsBuf, Vec<i64>) {
    let matrix = rng.random_bool(0.3);
    let shape = if matrix {
        Shape::Bipartite {
            rows: rng.random_range(1..=8usize),
            cols: rng.random_range(1..=8usize),
        }
    } else {
        Shape::General {
            vertices: rng.random_range(1..=14usize),
        }
    };
    let (a, b) = match shape {
        Shape::Bipartite { rows, cols } => (rows as u32, cols as u32),
        Shape::General { vertices } => (vertices as u32, vertices as u32),
    };
    // The vertices edges may touch: a random part of each side.
    let pick = |rng: &mut ChaCha8Rng, k: u32| -> Vec<u32> {
        let part: Vec<u32> = (0..k).filter(|_| rng.random_bool(0.5)).collect();
        if part.is_empty() { vec![0] } else { part }
    };
    let (left, right) = (pick(rng, a), pick(rng, b));
    let right = if matrix { right } else { left.clone() };
    let mut edges = Vec::new();
    for _ in 0..rng.random_range(0..=12usize) {
        let u = left[rng.random_range(0..left.len())];
        let v = right[rng.random_range(0..right.len())];
        edges.push((u, v));
    }
    if !matrix && rng.random_bool(0.4) {
        edges.retain(|&(u, v)| (u + v) % 2 == 1);
    }
    let weights = edges.iter().map(|_| rng.random_range(-4..=9i64)).collect();
    let input = PartsBuf {
        base: 1,
        shape,
        edges,
        ids: Vec::new(),
    };
    (input, weights)
}

/// `whole` without its isolated vertices, or `whole` itself when it has none.
fn shrink(whole: &PartsBuf) -> PartsBuf {
    without_isolated(whole)
        .expect("small tables")
        .unwrap_or_else(|| whole.clone())
}

/// The whole input's vertex that `small`'s vertex `x` is.
fn back(whole: &PartsBuf, small: &PartsBuf, x: u32) -> u32 {
    let (w, s) = (Vertices::of(whole), Vertices::of(small));
    w.vertex(s.number(x), s.column(x).is_some())
        .expect("a vertex of the whole input")
}

fn proof_back(whole: &PartsBuf, small: &PartsBuf, p: &Proof) -> Proof {
    let f = |xs: &Vec<u32>| xs.iter().map(|&x| back(whole, small, x)).collect();
    match p {
        Proof::Cover(c) => Proof::Cover(f(c)),
        Proof::Barrier(b) => Proof::Barrier(f(b)),
    }
}

fn matching_back(
    whole: &PartsBuf,
    small: &PartsBuf,
    c: &MatchingCertificate,
) -> MatchingCertificate {
    MatchingCertificate {
        pairs: c
            .pairs
            .iter()
            .map(|&(u, v)| (back(whole, small, u), back(whole, small, v)))
            .collect(),
        proof: proof_back(whole, small, &c.proof),
    }
}

fn weighted_back(
    whole: &PartsBuf,
    small: &PartsBuf,
    c: &WeightedCertificate,
) -> WeightedCertificate {
    let f = |x: u32| back(whole, small, x);
    let outcome = match &c.outcome {
        WeightedOutcome::NoPerfectMatching { matching, weights } => {
            WeightedOutcome::NoPerfectMatching {
                matching: matching_back(whole, small, matching),
                weights: weights.clone(),
            }
        }
        WeightedOutcome::Optimum {
            pairs,
            total,
            shift,
            duals,
            cardinality,
            reduction,
        } => {
            assert!(
                reduction.is_none(),
                "reduced answers are mapped by their record"
            );
            let mut vertex = vec![0; Vertices::of(whole).n];
            for (x, &y) in duals.vertex.iter().enumerate() {
                vertex[f(x as u32) as usize] = y;
            }
            WeightedOutcome::Optimum {
                pairs: pairs.iter().map(|&(u, v, w)| (f(u), f(v), w)).collect(),
                total: *total,
                shift: *shift,
                duals: Duals {
                    vertex,
                    blossoms: duals
                        .blossoms
                        .iter()
                        .map(|b| OddSet {
                            vertices: b.vertices.iter().map(|&x| f(x)).collect(),
                            children: b.children.clone(),
                            dual: b.dual,
                        })
                        .collect(),
                },
                cardinality: cardinality.as_ref().map(|p| proof_back(whole, small, p)),
                reduction: None,
            }
        }
    };
    WeightedCertificate {
        question: c.question,
        outcome,
    }
}

fn total(c: &WeightedCertificate) -> Option<i128> {
    match c.outcome {
        WeightedOutcome::Optimum { total, .. } => Some(total),
        WeightedOutcome::NoPerfectMatching { .. } => None,
    }
}

#[test]
fn every_question_as_on_the_whole_input() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut smaller = 0;
    let mut reduced = 0;
    for _ in 0..3000 {
        let (whole, weights) = random_input(&mut rng);
        let small = shrink(&whole);
        let n = Vertices::of(&whole).n;
        assert!(Vertices::of(&small).n <= n);
        if Vertices::of(&small).n < n {
            smaller += 1;
        }
        // Every vertex kept has an edge.
        let mut touched = vec![false; Vertices::of(&small).n];
        for (u, v) in super::super::edges(&small) {
            touched[u as usize] = true;
            touched[v as usize] = true;
        }
        assert!(touched.iter().all(|&t| t), "{whole:?} -> {small:?}");

        let cert = maximum_matching(&small);
        assert_eq!(cert.pairs.len(), matching_size(&whole), "{whole:?}");
        assert_eq!(matching_size(&small), cert.pairs.len());
        let mapped = matching_back(&whole, &small, &cert);
        assert_eq!(verify(&whole, &mapped), Ok(()), "{whole:?}: {mapped:?}");
        assert_eq!(classify(&small), classify(&whole), "{whole:?}");

        if let Shape::General { vertices } = whole.shape {
            let (all, kept) = (geography(&whole).winners(), geography(&small).winners());
            for v in 0..vertices as u32 {
                let w = Vertices::of(&small)
                    .vertex(Vertices::of(&whole).number(v), false)
                    .map_or(Player::Bob, |x| kept[x as usize]);
                assert_eq!(all[v as usize], w, "{whole:?}, vertex {v}");
            }
        }

        for sense in [Sense::Max, Sense::Min] {
            for cardinality in [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect] {
                let q = Question { sense, cardinality };
                let expected = weighted_matching(&whole, &weights, q).expect("small weights");
                let got = weighted(&whole, &small, &weights, q).expect("small weights");
                assert_eq!(total(&got), total(&expected), "{whole:?} {weights:?} {q:?}");
                if let WeightedOutcome::Optimum {
                    reduction: Some(_), ..
                } = got.outcome
                {
                    // Its added vertices have no names in the whole input: the answer is
                    // checked against the graph it was found on (the JSON record, which names
                    // them by what they stand for, verifies against the whole file:
                    // formats/json's tests).
                    assert_eq!(
                        verify_weighted(&small, &weights, &got),
                        Ok(total(&expected)),
                        "{whole:?} {weights:?} {q:?}: {got:?}"
                    );
                    reduced += 1;
                    continue;
                }
                let mapped = weighted_back(&whole, &small, &got);
                assert_eq!(
                    verify_weighted(&whole, &weights, &mapped),
                    Ok(total(&expected)),
                    "{whole:?} {weights:?} {q:?}: {mapped:?}"
                );
            }
        }
    }
    assert!(smaller > 1500, "only {smaller} inputs lost a vertex");
    assert!(reduced > 500, "only {reduced} reduced answers");
}

#[test]
fn nothing_isolated_is_none() {
    let input = PartsBuf {
        base: 1,
        shape: Shape::General { vertices: 3 },
        edges: vec![(0, 1), (2, 2)],
        ids: Vec::new(),
    };
    assert!(matches!(without_isolated(&input), Ok(None)));
}

/// Far more vertices than edges (the sorted path): the file's numbers survive.
#[test]
fn a_few_edges_among_many_vertices() {
    let input = PartsBuf {
        base: 1,
        shape: Shape::General {
            vertices: 50_000_000,
        },
        edges: vec![(0, 1), (49_999_999, 7)],
        ids: Vec::new(),
    };
    let small = shrink(&input);
    assert_eq!(small.shape, Shape::General { vertices: 4 });
    assert_eq!(small.ids, vec![1, 2, 8, 50_000_000]);
    assert_eq!(small.edges, vec![(0, 1), (3, 2)]);
    let matrix = PartsBuf {
        base: 1,
        shape: Shape::Bipartite {
            rows: 1,
            cols: 20_000_000,
        },
        edges: vec![(0, 19_999_999)],
        ids: Vec::new(),
    };
    let small = shrink(&matrix);
    assert_eq!(small.shape, Shape::Bipartite { rows: 1, cols: 1 });
    assert_eq!(small.ids, vec![1, 20_000_000]);
    let v = Vertices::of(&small);
    assert_eq!(
        (v.name(0), v.name(1)),
        ("row 1".into(), "column 20000000".into())
    );
    assert_eq!(v.vertex(20_000_000, true), Some(1));
    assert_eq!(v.vertex(1, true), None);
    assert_eq!(v.vertex(1, false), Some(0));
}
