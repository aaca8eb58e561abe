//! Independent checkers for the tests: validity of a matching, the
//! Tutte–Berge and Gallai–Edmonds certificates, and brute force (the oracles
//! crate's bitmask DP for ν and exhaustive augmenting-path search) on small graphs.

use super::super::forest::Forest;
use super::super::{
    Class, Decomposition, Graph, Matching, NONE, gallai_edmonds, maximum_matching,
    maximum_matching_and_decomposition, maximum_matching_avoiding, maximum_matching_from,
};
use super::families::{Rng, random_matching};
use rand::RngExt;

pub(super) fn assert_valid(g: &Graph, m: &Matching) {
    let n = g.num_vertices();
    assert_eq!(m.mates().len(), n);
    let mut matched = 0;
    for v in 0..n as u32 {
        if let Some(u) = m.mate(v) {
            assert_ne!(u, v);
            assert_eq!(m.mate(u), Some(v), "asymmetric at {v}");
            assert!(g.neighbors(v).contains(&u), "({v},{u}) not an edge");
            assert!(m.is_matched(v));
            matched += 1;
        } else {
            assert!(!m.is_matched(v));
        }
    }
    assert_eq!(matched, 2 * m.len());
    assert_eq!(m.is_empty(), m.edges().next().is_none());
    let edges: Vec<_> = m.edges().collect();
    assert_eq!(edges.len(), m.len());
    assert!(edges.iter().all(|&(u, v)| u < v && m.mate(u) == Some(v)));
}

/// Number of odd connected components of G − removed (explicit-stack
/// DFS, no recursion).
pub(super) fn odd_components(g: &Graph, removed: &[bool]) -> usize {
    let n = g.num_vertices();
    let mut seen = removed.to_vec();
    let mut stack = Vec::new();
    let mut odd = 0;
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        stack.push(s as u32);
        let mut size = 0usize;
        while let Some(x) = stack.pop() {
            size += 1;
            for &y in g.neighbors(x) {
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        odd += size % 2;
    }
    odd
}

/// Tutte–Berge certificate: proves `m` maximum and `A` a barrier.
pub(super) fn assert_barrier(g: &Graph, m: &Matching, d: &Decomposition) {
    let n = g.num_vertices();
    let a = d.barrier();
    assert!(a.windows(2).all(|w| w[0] < w[1]));
    let mut removed = vec![false; n];
    for &v in &a {
        removed[v as usize] = true;
    }
    let odd = odd_components(g, &removed);
    assert_eq!(
        (n - 2 * m.len()) as isize,
        odd as isize - a.len() as isize,
        "Tutte–Berge equality fails"
    );
}

/// A = N(D) \ D, C = rest, and the matching structure the
/// Gallai–Edmonds theorem forces on every maximum matching.
pub(super) fn assert_structure(g: &Graph, m: &Matching, d: &Decomposition) {
    let n = g.num_vertices();
    assert_eq!(d.classes().len(), n);
    for v in 0..n as u32 {
        let c = d.class(v);
        assert_eq!(c, d.classes()[v as usize]);
        let touches_d = g.neighbors(v).iter().any(|&u| d.class(u) == Class::D);
        match c {
            Class::D => {}
            Class::A => assert!(touches_d, "A-vertex {v} has no D neighbour"),
            Class::C => assert!(!touches_d, "C-vertex {v} has a D neighbour"),
        }
        match (c, m.mate(v)) {
            (Class::A, Some(u)) => assert_eq!(d.class(u), Class::D),
            (Class::C, Some(u)) => assert_eq!(d.class(u), Class::C),
            (Class::D, Some(u)) => assert_ne!(d.class(u), Class::C),
            (Class::D, None) => {}
            (_, None) => panic!("{c:?}-vertex {v} exposed by a maximum matching"),
        }
    }
}

/// The graph's edges as the oracles crate takes them (each once, smaller end first).
fn plain_edges(g: &Graph) -> Vec<(usize, usize)> {
    (0..g.num_vertices() as u32)
        .flat_map(|v| {
            g.neighbors(v)
                .iter()
                .filter(move |&&u| v < u)
                .map(move |&u| (v as usize, u as usize))
        })
        .collect()
}

/// `f[mask]` = maximum matching size of the subgraph induced by `mask` (the oracles crate's
/// dynamic programming over vertex subsets).
pub(super) fn nu_table(g: &Graph) -> Vec<u8> {
    gridmatch_oracles::matching::induced_sizes(g.num_vertices(), &plain_edges(g))
}

/// Exhaustive search for an augmenting path (the oracles crate's: explicit stack, memoised on
/// (endpoint, vertex set)).
pub(super) fn has_augmenting_path(g: &Graph, mate: &[u32]) -> bool {
    let mate: Vec<Option<usize>> = mate
        .iter()
        .map(|&m| (m != NONE).then_some(m as usize))
        .collect();
    gridmatch_oracles::matching::has_augmenting_path(g.num_vertices(), &plain_edges(g), &mate)
}

/// Everything, against brute force (n <= 16).
pub(super) fn check_small(g: &Graph, rng: &mut Rng) {
    let n = g.num_vertices();
    assert!(n <= 16);
    let f = nu_table(g);
    let full = (1usize << n) - 1;
    let nu = f[full] as usize;

    let m = maximum_matching(g);
    assert_valid(g, &m);
    assert_eq!(m.len(), nu, "wrong matching size");
    assert!(!has_augmenting_path(g, m.mates()));

    let d = gallai_edmonds(g, &m);
    for v in 0..n {
        let in_d = f[full ^ (1 << v)] as usize == nu;
        assert_eq!(d.class(v as u32) == Class::D, in_d, "class of {v}");
    }
    assert_structure(g, &m, &d);
    assert_barrier(g, &m, &d);
    let (mc, dc) = maximum_matching_and_decomposition(g);
    assert_valid(g, &mc);
    assert_eq!(mc.len(), nu, "wrong matching size (with decomposition)");
    assert_eq!(dc, d, "classes (with the matching)");

    for v in 0..n as u32 {
        match maximum_matching_avoiding(g, &m, v) {
            Some(m2) => {
                assert_eq!(d.class(v), Class::D);
                assert_valid(g, &m2);
                assert_eq!(m2.len(), nu);
                assert!(!m2.is_matched(v));
                // The decomposition does not depend on the matching.
                assert_eq!(gallai_edmonds(g, &m2), d);
            }
            None => assert_ne!(d.class(v), Class::D),
        }
    }

    for _ in 0..3 {
        let s = random_matching(rng, g);
        let m3 = maximum_matching_from(g, s.clone());
        assert_valid(g, &m3);
        assert_eq!(m3.len(), nu);
        assert!((0..n as u32).all(|v| !s.is_matched(v) || m3.is_matched(v)));
        assert_eq!(gallai_edmonds(g, &m3), d);
        if s.len() < nu {
            // The forest must detect that `s` is not maximum.
            let mut fr = Forest::new(g, s.mates().to_vec());
            assert!(!fr.grow_full_forest());
        } else {
            let mut fr = Forest::new(g, s.mates().to_vec());
            assert!(fr.grow_full_forest());
        }
    }
}

/// Certificate-based checks for graphs too large for brute force.
pub(super) fn check_large(g: &Graph, m: &Matching, rng: &mut Rng, avoid_samples: usize) {
    assert_valid(g, m);
    let d = gallai_edmonds(g, m);
    assert_structure(g, m, &d);
    assert_barrier(g, m, &d);
    let (mc, dc) = maximum_matching_and_decomposition(g);
    assert_valid(g, &mc);
    assert_eq!(mc.len(), m.len(), "matching size (with decomposition)");
    assert_eq!(dc, d, "classes (with the matching)");
    assert_structure(g, &mc, &dc);
    let n = g.num_vertices();
    for _ in 0..avoid_samples.min(n) {
        let v = rng.random_range(0..n as u64) as u32;
        match maximum_matching_avoiding(g, m, v) {
            Some(m2) => {
                assert_eq!(d.class(v), Class::D);
                assert_valid(g, &m2);
                assert_eq!(m2.len(), m.len());
                assert!(!m2.is_matched(v));
            }
            None => assert_ne!(d.class(v), Class::D),
        }
    }
}
