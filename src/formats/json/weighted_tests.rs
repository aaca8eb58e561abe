//! The weighted record against the file: a reduced answer's record (the Gallai–Edmonds gadget's
//! added vertices named by what they stand for) verifies against the whole file, also when the
//! answer was found on the file without its isolated vertices, and tampered records fail; the
//! question's words are written and read by name (`Sense` and `Cardinality` by name, in
//! `graph::weighted`), a wrong word refused with the words allowed.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::WeightedRecord;
use crate::graph::certified::compact;
use crate::graph::certified::weighted::{WeightedOutcome, verify_weighted, weighted_matching};
use crate::graph::weighted::{Cardinality, Question, Sense};
use crate::read::{Format, GraphInput, Limits, Shape, read_weighted_graph};

/// A reduced answer's record names the added vertices by the vertices they stand for; it
/// verifies, and tampered records are refused: an added vertex named by a vertex that stands
/// for none, a dual of an added vertex lowered, the reduction marker dropped.
#[test]
fn reduced_records_verify_and_tampered_ones_fail() {
    // Two triangles hanging off vertex 6, which also holds the pendant vertices 7 and 8;
    // 9 is isolated.
    let input = GraphInput {
        format: Format::EdgeList,
        shape: Shape::General { vertices: 10 },
        edges: vec![
            (0, 1),
            (1, 2),
            (2, 0),
            (3, 4),
            (4, 5),
            (5, 3),
            (6, 0),
            (6, 3),
            (6, 7),
            (6, 8),
        ],
        ids: Vec::new(),
    };
    let weights = vec![3, -2, 5, 1, 1, 1, 4, 9, -7, 2];
    for sense in [Sense::Max, Sense::Min] {
        let q = Question {
            sense,
            cardinality: Cardinality::Maximum,
        };
        let cert = weighted_matching(&input, &weights, q).unwrap();
        let record = WeightedRecord::new(&input, 0, &cert);
        assert_eq!(record.reduction.as_deref(), Some("gallai-edmonds"));
        assert!(record.verify(&input, &weights, 0).is_ok(), "{record:?}");
        assert_eq!(
            verify_weighted(&input, &weights, &cert).map(|t| t.is_some()),
            Ok(true)
        );
        let d = record.duals.as_ref().unwrap();
        let mut bad = Vec::new();
        // Vertex 1 is in no barrier and is no component's smallest vertex.
        for (list, is_k) in [(&d.k, true), (&d.a, false)] {
            if !list.is_empty() {
                let mut t = record.clone();
                let l = if is_k {
                    &mut t.duals.as_mut().unwrap().k
                } else {
                    &mut t.duals.as_mut().unwrap().a
                };
                l[0].0 = 1;
                bad.push(("added vertex misnamed", t));
                let mut t = record.clone();
                let l = if is_k {
                    &mut t.duals.as_mut().unwrap().k
                } else {
                    &mut t.duals.as_mut().unwrap().a
                };
                l[0].1 -= 1;
                bad.push(("added vertex's dual lowered", t));
            }
        }
        assert!(bad.len() >= 2, "{record:?}");
        let mut t = record.clone();
        t.reduction = None;
        bad.push(("reduction dropped", t));
        let mut t = record.clone();
        t.proof = None;
        bad.push(("barrier dropped", t));
        for (what, t) in bad {
            assert!(
                t.verify(&input, &weights, 0).is_err(),
                "{what} accepted: {t:?}"
            );
        }
    }
}

/// Reduced answers found on the file without its isolated vertices
/// ([`compact::weighted`]): their records verify against the whole file.
#[test]
fn reduced_records_of_the_smaller_input_verify_against_the_file() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut reduced = 0;
    for _ in 0..3000 {
        let n = rng.random_range(1..=14usize);
        let part: Vec<u32> = (0..n as u32).filter(|_| rng.random_bool(0.5)).collect();
        let part = if part.is_empty() { vec![0] } else { part };
        let edges: Vec<(u32, u32)> = (0..rng.random_range(0..=12usize))
            .map(|_| {
                let u = part[rng.random_range(0..part.len())];
                (u, part[rng.random_range(0..part.len())])
            })
            .collect();
        let weights: Vec<i64> = edges.iter().map(|_| rng.random_range(-4..=9i64)).collect();
        let whole = GraphInput {
            format: Format::Dimacs,
            shape: Shape::General { vertices: n },
            edges,
            ids: Vec::new(),
        };
        let small = whole.without_isolated().expect("small tables");
        for sense in [Sense::Max, Sense::Min] {
            for cardinality in [Cardinality::Maximum, Cardinality::Perfect] {
                let q = Question { sense, cardinality };
                let got = compact::weighted(&whole, &*small, &weights, q).expect("small weights");
                if let WeightedOutcome::Optimum {
                    reduction: Some(_), ..
                } = got.outcome
                {
                    let record = WeightedRecord::new(&small, 0, &got);
                    assert_eq!(
                        record
                            .verify(&whole, &weights, 0)
                            .map_err(|e| e.to_string()),
                        Ok(()),
                        "{whole:?} {weights:?} {q:?}: {record:?}"
                    );
                    reduced += 1;
                }
            }
        }
    }
    assert!(reduced > 300, "only {reduced} reduced answers");
}

#[test]
fn the_question_is_written_by_name_and_a_wrong_name_fails() {
    let g = read_weighted_graph(&b"0 1 5\n1 2 3\n"[..], "w.txt", None, Limits::default()).unwrap();
    let (input, weights) = (&g.graph, &g.weights.values);
    let line = r#"{"certificate":"weighted_matching","version":2,"format":"edges","objective":"max","cardinality":"any","decimals":0,"result":"optimum","total":5,"size":1,"matching":[[0,1,5]],"shift":0,"duals":{"vertex":[[1,10]]}}"#;
    let record: WeightedRecord = serde_json::from_str(line).unwrap();
    assert_eq!(record.verify(input, weights, 0), Ok(()));
    assert_eq!(serde_json::to_string(&record).unwrap(), line);
    for (field, bad, message) in [
        ("objective", "mux", "objective \"mux\": expected max or min"),
        (
            "cardinality",
            "all",
            "cardinality \"all\": expected any, maximum or perfect",
        ),
    ] {
        let mut tampered = record.clone();
        match field {
            "objective" => tampered.objective = bad.into(),
            _ => tampered.cardinality = bad.into(),
        }
        let err = tampered.verify(input, weights, 0).unwrap_err();
        assert_eq!(err.to_string(), message, "{field}");
    }
}

/// [`WeightedRecord::verify`] checks a record on the vertices the edges and the record name
/// ([`WeightedRecord::smaller`]): on random graphs and matrices with many isolated vertices,
/// its verdict is that of the check on every vertex of the file ([`WeightedRecord::verify_on`])
/// for the answers of every question and for tampered copies of them (duals given to isolated
/// vertices, of either sign; odd sets over them; pairs moved onto them; the question changed).
#[test]
fn records_checked_on_the_named_vertices_get_the_whole_files_verdict() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let (mut accepted, mut refused, mut same_words) = (0, 0, 0);
    for round in 0..2500 {
        let matrix = round % 3 == 2;
        let (rows, cols) = (rng.random_range(1..=7usize), rng.random_range(1..=7usize));
        let n = if matrix {
            rows + cols
        } else {
            rng.random_range(1..=14usize)
        };
        let edges: Vec<(u32, u32)> = (0..rng.random_range(0..=8usize))
            .map(|_| {
                if matrix {
                    (
                        rng.random_range(0..rows as u32),
                        rng.random_range(0..cols as u32),
                    )
                } else {
                    (rng.random_range(0..n as u32), rng.random_range(0..n as u32))
                }
            })
            .collect();
        let weights: Vec<i64> = edges.iter().map(|_| rng.random_range(-3..=6i64)).collect();
        let whole = GraphInput {
            format: if matrix {
                Format::MatrixMarket
            } else {
                Format::Dimacs
            },
            shape: if matrix {
                Shape::Bipartite { rows, cols }
            } else {
                Shape::General { vertices: n }
            },
            edges,
            ids: Vec::new(),
        };
        let small = whole.without_isolated().expect("small tables");
        let sense = if rng.random_bool(0.5) {
            Sense::Max
        } else {
            Sense::Min
        };
        let cardinality = [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect]
            [rng.random_range(0..3usize)];
        let q = Question { sense, cardinality };
        let Ok(cert) = compact::weighted(&whole, &*small, &weights, q) else {
            continue;
        };
        let record = WeightedRecord::new(&small, 0, &cert);
        // A file number of a random vertex (a row's or a column's for a matrix).
        let number = |rng: &mut ChaCha8Rng, column: bool| -> u64 {
            let count = match (matrix, column) {
                (false, _) => n,
                (true, false) => rows,
                (true, true) => cols,
            };
            1 + rng.random_range(0..count as u64)
        };
        let mut copies = vec![record.clone()];
        for _ in 0..6 {
            let mut t = record.clone();
            let kind = rng.random_range(0..6u32);
            let column = matrix && rng.random_bool(0.5);
            let x = number(&mut rng, column);
            let y = number(&mut rng, matrix);
            let dual = rng.random_range(-3..=3i128);
            match kind {
                0 | 1 => {
                    let d = t.duals.get_or_insert_with(Default::default);
                    let list = match (matrix, column) {
                        (false, _) => &mut d.vertex,
                        (true, false) => &mut d.rows,
                        (true, true) => &mut d.cols,
                    };
                    match list.iter_mut().find(|(v, _)| *v == x) {
                        Some(entry) => entry.1 += dual,
                        None => list.push((x, dual)),
                    }
                }
                2 => {
                    let d = t.duals.get_or_insert_with(Default::default);
                    let mut vs = vec![x, y, number(&mut rng, false)];
                    vs.sort_unstable();
                    vs.dedup();
                    d.blossoms.push(super::BlossomRecord {
                        dual: 2,
                        vertices: vs,
                        children: Vec::new(),
                        k: Vec::new(),
                        a: Vec::new(),
                    });
                }
                3 if !t.matching.is_empty() => {
                    let i = rng.random_range(0..t.matching.len());
                    t.matching[i].1 = y;
                }
                3 | 4 => t.cardinality = "perfect".into(),
                _ => {
                    t.result = if t.result == "optimum" {
                        "no perfect matching".into()
                    } else {
                        "optimum".into()
                    };
                    t.cardinality = "perfect".into();
                    if t.proof.is_none() {
                        t.proof = Some(super::MatchingProof::Cover(vec![x]));
                    }
                }
            }
            copies.push(t);
        }
        for t in copies {
            let got = t.verify(&whole, &weights, 0);
            let want = t.verify_on(&whole, &weights);
            assert_eq!(
                got.is_ok(),
                want.is_ok(),
                "{whole:?} {weights:?}\n{t:?}\nnamed: {got:?}\nwhole: {want:?}"
            );
            match (got, want) {
                (Err(got), Err(want)) => {
                    refused += 1;
                    same_words += usize::from(got.to_string() == want.to_string());
                }
                _ => accepted += 1,
            }
        }
    }
    assert!(
        accepted > 2000 && refused > 5000,
        "{accepted} accepted, {refused} refused"
    );
    // Most refusals in the same words (a left-out vertex changes which check comes first).
    assert!(same_words * 10 > refused * 8, "{same_words} of {refused}");
}
