//! Certified answers against exhaustive search, and their proofs against mutants.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{MatchingCertificate, Proof, Vertices, classify, edges, maximum_matching, verify};
use crate::graph::bipartite::EdgeClass;
use crate::graph::certified::{PartsBuf, Shape};

/// The size of a maximum matching of a small graph (self-loops never match), by the oracles
/// crate's dynamic programming over vertex subsets.
fn brute_matching_size(n: usize, edges: &[(u32, u32)]) -> usize {
    let edges: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .collect();
    gridmatch_oracles::matching::max_matching(n, &edges)
}

fn random_input(rng: &mut ChaCha8Rng) -> PartsBuf {
    let matrix = rng.random_bool(0.4);
    let (shape, n_edges) = if matrix {
        let rows = rng.random_range(1..=5usize);
        let cols = rng.random_range(1..=5usize);
        (
            Shape::Bipartite { rows, cols },
            rng.random_range(0..=12usize),
        )
    } else {
        let vertices = rng.random_range(1..=9usize);
        (Shape::General { vertices }, rng.random_range(0..=13usize))
    };
    let mut list = Vec::new();
    for _ in 0..n_edges {
        let e = match shape {
            Shape::Bipartite { rows, cols } => (
                rng.random_range(0..rows as u32),
                rng.random_range(0..cols as u32),
            ),
            Shape::General { vertices } => {
                // Sometimes a bipartite graph: only edges between even and odd vertices.
                let u = rng.random_range(0..vertices as u32);
                let v = rng.random_range(0..vertices as u32);
                (u, v)
            }
        };
        list.push(e);
        if rng.random_bool(0.1) {
            list.push(e); // repeated
        }
    }
    if !matrix && rng.random_bool(0.5) {
        list.retain(|&(u, v)| (u + v) % 2 == 1); // bipartite by parity
    }
    PartsBuf {
        base: if matrix { 1 } else { 0 },
        shape,
        edges: list,
        ids: Vec::new(),
    }
}

#[test]
fn matching_sizes_and_proofs_against_exhaustive_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut covers, mut barriers) = (0, 0);
    for _ in 0..4000 {
        let input = random_input(&mut rng);
        let n = Vertices::of(&input).n;
        let es = edges(&input);
        let best = brute_matching_size(n, &es);
        let cert = maximum_matching(&input);
        assert_eq!(cert.pairs.len(), best, "{input:?}");
        assert_eq!(super::matching_size(&input), best);
        assert_eq!(verify(&input, &cert), Ok(()), "{input:?}: {cert:?}");
        match &cert.proof {
            Proof::Cover(_) => covers += 1,
            Proof::Barrier(_) => barriers += 1,
        }
        assert_eq!(
            matches!(cert.proof, Proof::Cover(_)),
            super::is_bipartite(&input)
        );
        // Mutants: one pair fewer, one proof vertex fewer, a non-edge pair.
        if !cert.pairs.is_empty() {
            let mut bad = cert.clone();
            bad.pairs.pop();
            assert!(verify(&input, &bad).is_err(), "{input:?}: {bad:?}");
        }
        let mut bad = cert.clone();
        let dropped = match &mut bad.proof {
            Proof::Cover(c) => c.pop().is_some(),
            Proof::Barrier(x) => x.pop().is_some(),
        };
        if dropped {
            assert!(verify(&input, &bad).is_err(), "{input:?}: {bad:?}");
        }
        if n >= 2 && !es.contains(&(0, 1)) && !es.contains(&(1, 0)) {
            let bad = MatchingCertificate {
                pairs: vec![(0, 1)],
                proof: Proof::Cover(vec![0]),
            };
            assert!(verify(&input, &bad).is_err());
        }
    }
    assert!(
        covers > 1000 && barriers > 300,
        "{covers} covers, {barriers} barriers"
    );
}

#[test]
fn barrier_without_a_vertex_fails() {
    // A triangle plus a pendant vertex on each corner: the barrier is the three corners.
    let input = PartsBuf {
        base: 0,
        shape: Shape::General { vertices: 6 },
        edges: vec![(0, 1), (1, 2), (2, 0), (0, 3), (1, 4), (2, 5), (0, 1)],
        ids: Vec::new(),
    };
    let cert = maximum_matching(&input);
    assert_eq!(cert.pairs.len(), 3);
    assert_eq!(verify(&input, &cert), Ok(()));
    // A star K1,3 plus a triangle (odd cycle): barrier {centre}.
    let input = PartsBuf {
        base: 0,
        shape: Shape::General { vertices: 7 },
        edges: vec![(0, 1), (0, 2), (0, 3), (4, 5), (5, 6), (6, 4)],
        ids: Vec::new(),
    };
    let cert = maximum_matching(&input);
    assert_eq!(cert.pairs.len(), 2);
    assert_eq!(verify(&input, &cert), Ok(()));
    let Proof::Barrier(x) = &cert.proof else {
        panic!("not bipartite")
    };
    assert!(!x.is_empty());
    let bad = MatchingCertificate {
        pairs: cert.pairs.clone(),
        proof: Proof::Barrier(Vec::new()),
    };
    assert!(verify(&input, &bad).is_err());
}

#[test]
fn classify_against_every_maximum_matching() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut counts = [0usize; 3];
    for _ in 0..4000 {
        let input = random_input(&mut rng);
        let n = Vertices::of(&input).n;
        let es = edges(&input);
        let Ok(classes) = classify(&input) else {
            assert!(!super::is_bipartite(&input));
            continue;
        };
        assert_eq!(classes.len(), es.len());
        let plain: Vec<(usize, usize)> =
            es.iter().map(|&(u, v)| (u as usize, v as usize)).collect();
        let all = gridmatch_oracles::matching::maximum_matchings(n, &plain);
        let key = |(u, v): (u32, u32)| (u.min(v), u.max(v));
        for (i, &(u, v)) in es.iter().enumerate() {
            let uses = |m: &Vec<usize>| m.iter().any(|&j| key(es[j]) == key((u, v)));
            let want = if u == v || !all.iter().any(uses) {
                EdgeClass::None
            } else if all.iter().all(uses) {
                EdgeClass::Every
            } else {
                EdgeClass::Some
            };
            assert_eq!(classes[i], want, "edge {i} of {input:?}");
            counts[want as usize] += 1;
        }
    }
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}

/// Large far-numbered inputs are renumbered before the engines (`general::order`): the answers
/// come back in the input's numbers, proved by `verify`, with the sizes of the in-order twins.
#[test]
fn renumbered_inputs_give_verified_answers_in_the_input_numbers() {
    use crate::graph::general::{Graph, order};
    use rand::seq::SliceRandom;
    let n = 1u32 << 17;
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let path: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
    // 5-cycles joined in a chain, the last vertices a pendant path: not bipartite.
    let chain: Vec<(u32, u32)> = (0..n / 5)
        .flat_map(|c| {
            let b = 5 * c;
            (0..5)
                .map(move |i| (b + i, b + (i + 1) % 5))
                .chain([(b + 2, b + 5)])
        })
        .filter(|&(u, v)| u < n && v < n)
        .collect();
    for (what, list, bipartite) in [("path", path, true), ("5-cycle chain", chain, false)] {
        let mut name: Vec<u32> = (0..n).collect();
        name.shuffle(&mut rng);
        let mut shuffled: Vec<(u32, u32)> = list
            .iter()
            .map(|&(u, v)| (name[u as usize], name[v as usize]))
            .collect();
        shuffled.shuffle(&mut rng);
        let input = |edges: Vec<(u32, u32)>| PartsBuf {
            base: 1,
            shape: Shape::General {
                vertices: n as usize,
            },
            edges,
            ids: Vec::new(),
        };
        let (plain, far) = (input(list), input(shuffled));
        assert!(!order::should_renumber(&Graph::from_edges(
            n as usize,
            &plain.edges
        )));
        assert!(order::should_renumber(&Graph::from_edges(
            n as usize, &far.edges
        )));
        let (a, b) = (maximum_matching(&plain), maximum_matching(&far));
        assert_eq!(a.pairs.len(), b.pairs.len(), "{what}");
        assert_eq!(super::matching_size(&far), b.pairs.len(), "{what}");
        assert_eq!(verify(&far, &b), Ok(()), "{what}");
        assert_eq!(matches!(b.proof, Proof::Cover(_)), bipartite, "{what}");
        // In the input's order, as without renumbering.
        assert!(b.pairs.windows(2).all(|w| w[0].0 < w[1].0), "{what}");
    }
}
