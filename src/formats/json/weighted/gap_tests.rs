//! Proven-gap answers against a brute force: on small random graphs and matrices whose weights
//! span far beyond `i128` at one scale (`10^-330` beside `10^300`), every question's answer is
//! within its stated gap of the exact optimum (all matchings enumerated, sums compared
//! exactly), its record verifies against the weights as given, and tampered records fail.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{figures, limit, verify};
use crate::decimal::scale::{exact_sum, grid};
use crate::formats::json::WeightedRecord;
use crate::graph::certified::compact;
use crate::graph::certified::weighted::WeightedOutcome;
use crate::graph::certified::{Vertices, edges as one_set};
use crate::graph::weighted::{Cardinality, Question, Sense};
use crate::read::{Format, GraphInput, Shape};

/// The sign of `Σ terms`.
fn sign_of(terms: &[(i128, i32)]) -> i32 {
    let s = exact_sum(terms);
    if s == "0" {
        0
    } else if s.starts_with('-') {
        -1
    } else {
        1
    }
}

/// Every matching of `edges` on `n` vertices (as edge index lists), by brute force.
fn matchings(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    let mut stack: Vec<(usize, Vec<usize>, Vec<bool>)> = vec![(0, Vec::new(), vec![false; n])];
    while let Some((from, chosen, used)) = stack.pop() {
        for (e, &(u, v)) in edges.iter().enumerate().skip(from) {
            let (u, v) = (u as usize, v as usize);
            if u != v && !used[u] && !used[v] {
                let mut c = chosen.clone();
                c.push(e);
                let mut us = used.clone();
                us[u] = true;
                us[v] = true;
                out.push(c.clone());
                stack.push((e + 1, c, us));
            }
        }
    }
    out
}

fn random_input(rng: &mut ChaCha8Rng) -> GraphInput {
    if rng.random_bool(0.5) {
        let n = rng.random_range(2..=7usize);
        let m = rng.random_range(1..=10usize);
        let edges = (0..m)
            .map(|_| (rng.random_range(0..n as u32), rng.random_range(0..n as u32)))
            .collect();
        GraphInput {
            format: Format::EdgeList,
            shape: Shape::General { vertices: n },
            edges,
            ids: Vec::new(),
        }
    } else {
        let (rows, cols) = (rng.random_range(1..=4usize), rng.random_range(1..=4usize));
        let m = rng.random_range(1..=10usize);
        let edges = (0..m)
            .map(|_| {
                (
                    rng.random_range(0..rows as u32),
                    rng.random_range(0..cols as u32),
                )
            })
            .collect();
        GraphInput {
            format: Format::MatrixMarket,
            shape: Shape::Bipartite { rows, cols },
            edges,
            ids: Vec::new(),
        }
    }
}

#[test]
fn gap_answers_are_within_their_gap_of_the_brute_force_optimum() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let mut checked = 0;
    for _ in 0..600 {
        let input = random_input(&mut rng);
        let exps = [-330, -20, 0, 15, 300];
        let given: Vec<(i128, i32)> = input
            .edges
            .iter()
            .map(|_| {
                let (mut m, mut e): (i128, i32) = (
                    rng.random_range(-999..=999),
                    exps[rng.random_range(0..exps.len())],
                );
                while m != 0 && m % 10 == 0 {
                    m /= 10;
                    e += 1;
                }
                if m == 0 { (0, 0) } else { (m, e) }
            })
            .collect();
        let all = one_set(&input);
        let n = Vertices::of(&input).n;
        let found = matchings(n, &all);
        let most = found.iter().map(Vec::len).max().unwrap_or(0);
        for sense in [Sense::Max, Sense::Min] {
            for cardinality in [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect] {
                let q = Question { sense, cardinality };
                let (rounded, k) = grid(&given, limit(&input, cardinality));
                let cert = compact::weighted_wide(&input, &input, &rounded, q).unwrap();
                let f = figures(&input, &cert, &given, &rounded, k).unwrap();
                let sign = i128::from(sense.sign());
                let competitors: Vec<&Vec<usize>> = found
                    .iter()
                    .filter(|c| match cardinality {
                        Cardinality::Any => true,
                        Cardinality::Maximum => c.len() == most,
                        Cardinality::Perfect => 2 * c.len() == n,
                    })
                    .collect();
                let WeightedOutcome::Optimum { pairs, .. } = &cert.outcome else {
                    assert!(
                        competitors.is_empty(),
                        "no perfect matching, yet one exists"
                    );
                    continue;
                };
                if cardinality != Cardinality::Any {
                    assert_eq!(pairs.len(), competitors[0].len(), "{q:?}");
                }
                // sign·(c − total) − gap ≤ 0 for every competitor c.
                for c in competitors {
                    let mut terms: Vec<(i128, i32)> =
                        c.iter().map(|&e| (sign * given[e].0, given[e].1)).collect();
                    terms.extend(f.pairs.iter().map(|&(m, e)| (-sign * m, e)));
                    terms.extend(f.gap_terms.iter().map(|&(m, e)| (-m, e)));
                    assert!(
                        sign_of(&terms) <= 0,
                        "{q:?} {input:?} {given:?}: {c:?} beats by more than {}",
                        f.gap
                    );
                }
                // The gap is not negative.
                assert!(sign_of(&f.gap_terms) >= 0);
                // The record verifies against the weights as given; tampered ones fail.
                let mut record = WeightedRecord::new(&input, 0, &cert);
                record.optimality = Some("gap".into());
                record.grid = Some(k);
                record.gap = Some(f.gap.clone());
                assert_eq!(verify(&record, &input, &given), Ok(()), "{record:?}");
                if f.gap != "0" {
                    let mut t = record.clone();
                    t.gap = Some(exact_sum(&[(1, -k - 3)]));
                    assert!(verify(&t, &input, &given).is_err());
                    let mut t = record.clone();
                    t.grid = Some(k - 1);
                    assert!(verify(&t, &input, &given).is_err(), "{record:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}
