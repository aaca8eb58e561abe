//! Proven-gap answers against a brute force: on small random graphs and matrices whose weights
//! span far beyond `i128` at one scale (`10^-330` beside `10^300`), every question's answer is
//! within its stated gap of the exact optimum (all matchings enumerated, sums compared
//! exactly), its record verifies against the weights as given, and tampered records fail; the
//! greedy pass adds only what helps and keeps all of that true.

use std::cmp::Ordering;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{cmp, figures, greedy, limit, verify};
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

/// `m` weights `m·10^e`, `|m| < 1000` (zero too), `e` from `exps`, as [`parts`] writes them.
///
/// [`parts`]: crate::decimal::scale::parts
fn random_weights(rng: &mut ChaCha8Rng, m: usize, exps: &[i32]) -> Vec<(i128, i32)> {
    (0..m)
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
        .collect()
}

/// The fast exact comparison of `m·10^e` values against the sign of their difference.
#[test]
fn comparisons_are_exact() {
    let mut rng = ChaCha8Rng::seed_from_u64(3600);
    for _ in 0..20_000 {
        let pick = |rng: &mut ChaCha8Rng| -> (i128, i32) {
            let m = match rng.random_range(0..4) {
                0 => rng.random_range(-9..=9),
                1 => rng.random_range(-1_000_000..=1_000_000),
                2 => rng.random_range(-(10i128.pow(37))..=10i128.pow(37)),
                _ => [i128::MAX, -i128::MAX, 1, -1][rng.random_range(0..4)],
            };
            (m, rng.random_range(-45..=45))
        };
        let (a, b) = (pick(&mut rng), pick(&mut rng));
        let want = sign_of(&[a, (-b.0, b.1)]).cmp(&0);
        assert_eq!(cmp(a, b), want, "{a:?} {b:?}");
        assert_eq!(cmp(a, a), Ordering::Equal);
    }
}

#[test]
fn gap_answers_are_within_their_gap_of_the_brute_force_optimum() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let mut checked = 0;
    for _ in 0..600 {
        let input = random_input(&mut rng);
        let given = random_weights(&mut rng, input.edges.len(), &[-330, -20, 0, 15, 300]);
        let all = one_set(&input);
        let n = Vertices::of(&input).n;
        let found = matchings(n, &all);
        let most = found.iter().map(Vec::len).max().unwrap_or(0);
        for sense in [Sense::Max, Sense::Min] {
            for cardinality in [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect] {
                let q = Question { sense, cardinality };
                let (rounded, k) = grid(&given, limit(&input, cardinality));
                let mut cert = compact::weighted_wide(&input, &input, &rounded, q).unwrap();
                greedy(&input, &mut cert, &given, &rounded);
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

/// The greedy pass on graphs and matrices with tiny weights (rounding to 0) beside huge ones,
/// the question over all matchings both ways: it never lowers the total as given nor raises
/// the gap, it leaves no edge it could add (rounded weight 0, improving at its worst parallel
/// edge, both ends exposed), the answer stays within its gap of the brute-force optimum, its
/// record verifies, and records that keep the old gap, or add a pair at a matched vertex, fail.
#[test]
fn the_greedy_pass_adds_what_helps_and_keeps_the_proof() {
    let mut rng = ChaCha8Rng::seed_from_u64(3601);
    let (mut added, mut checked) = (0, 0);
    for _ in 0..1500 {
        let input = random_input(&mut rng);
        let given = random_weights(&mut rng, input.edges.len(), &[-40, -30, -20, 0, 25, 60]);
        let all = one_set(&input);
        let n = Vertices::of(&input).n;
        for sense in [Sense::Max, Sense::Min] {
            let q = Question {
                sense,
                cardinality: Cardinality::Any,
            };
            let sign = i128::from(sense.sign());
            let (rounded, k) = grid(&given, limit(&input, Cardinality::Any));
            let old = compact::weighted_wide(&input, &input, &rounded, q).unwrap();
            let mut cert = old.clone();
            let more = greedy(&input, &mut cert, &given, &rounded);
            let (f0, f) = (
                figures(&input, &old, &given, &rounded, k).unwrap(),
                figures(&input, &cert, &given, &rounded, k).unwrap(),
            );
            let WeightedOutcome::Optimum { pairs, .. } = &cert.outcome else {
                panic!("{q:?}: no answer")
            };
            assert_eq!(more == 0, f.pairs.len() == f0.pairs.len());
            // sign·(total − old total) ≥ 0, > 0 when pairs were added; the gap as much lower.
            let mut gain: Vec<(i128, i32)> = f.pairs.iter().map(|&(m, e)| (sign * m, e)).collect();
            gain.extend(f0.pairs.iter().map(|&(m, e)| (-sign * m, e)));
            assert_eq!(sign_of(&gain), i32::from(more > 0), "{input:?} {given:?}");
            let mut drop = f0.gap_terms.clone();
            drop.extend(f.gap_terms.iter().map(|&(m, e)| (-m, e)));
            gain.extend(drop.iter().map(|&(m, e)| (-m, e)));
            assert_eq!(sign_of(&gain), 0, "the gap falls by the gain");
            // No edge left that the pass could add.
            let mut exposed = vec![true; n];
            for &(u, v, _) in pairs {
                exposed[u as usize] = false;
                exposed[v as usize] = false;
            }
            for (i, &(u, v)) in all.iter().enumerate() {
                if u == v || rounded[i] != 0 || !exposed[u as usize] || !exposed[v as usize] {
                    continue;
                }
                let worst = all
                    .iter()
                    .zip(&rounded)
                    .zip(&given)
                    .filter(|&((&(a, b), &r), _)| {
                        r == 0 && a.min(b) == u.min(v) && a.max(b) == u.max(v)
                    })
                    .map(|(_, &(m, e))| (sign * m, e))
                    .min_by(|&a, &b| sign_of(&[a, (-b.0, b.1)]).cmp(&0))
                    .unwrap();
                assert!(
                    worst.0 <= 0,
                    "{u}-{v} left out: {input:?} {given:?} {pairs:?}"
                );
            }
            // Within the gap of every matching.
            for c in matchings(n, &all) {
                let mut terms: Vec<(i128, i32)> =
                    c.iter().map(|&e| (sign * given[e].0, given[e].1)).collect();
                terms.extend(f.pairs.iter().map(|&(m, e)| (-sign * m, e)));
                terms.extend(f.gap_terms.iter().map(|&(m, e)| (-m, e)));
                assert!(sign_of(&terms) <= 0, "{q:?} {input:?} {given:?}: {c:?}");
            }
            // The record verifies; with the old gap, or a pair at a matched vertex, it fails.
            let mut record = WeightedRecord::new(&input, 0, &cert);
            record.optimality = Some("gap".into());
            record.grid = Some(k);
            record.gap = Some(f.gap.clone());
            assert_eq!(verify(&record, &input, &given), Ok(()), "{record:?}");
            if more > 0 {
                let mut t = record.clone();
                t.gap = Some(f0.gap.clone());
                assert!(verify(&t, &input, &given).is_err(), "{t:?}");
                // The last added pair twice: its ends in two pairs.
                let mut bad = cert.clone();
                let WeightedOutcome::Optimum { pairs, .. } = &mut bad.outcome else {
                    unreachable!()
                };
                pairs.push(pairs[pairs.len() - 1]);
                let mut t = WeightedRecord::new(&input, 0, &bad);
                t.optimality = Some("gap".into());
                t.grid = Some(k);
                t.gap = Some(f.gap.clone());
                assert!(verify(&t, &input, &given).is_err(), "{t:?}");
            }
            added += more;
            checked += 1;
        }
    }
    assert!(checked == 3000 && added > 300, "{checked} {added}");
}
