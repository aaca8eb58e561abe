//! Tests of [`classify`]: exhaustive enumeration of all maximum matchings, a deletion oracle,
//! structured families and deep chains on a small stack.

use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// A matching of `g` from the right mate of every left vertex (`NONE` for exposed ones).
fn from_left_mates(g: &BipartiteGraph, left: &[u32]) -> Matching {
    let mut m = Matching::empty(g);
    for (u, &v) in left.iter().enumerate() {
        if v != NONE {
            m.left[u] = v;
            m.right[v as usize] = u as u32;
            m.size += 1;
        }
    }
    m
}

/// Every maximum matching of the simple graph underlying `g`, as left-mate arrays, by the
/// oracles crate's exhaustive search (left vertex by left vertex: exposed, or any free
/// neighbour).
fn all_maximum_matchings(g: &BipartiteGraph) -> Vec<Vec<u32>> {
    let edges: Vec<(usize, usize)> = (0..g.n_left() as u32)
        .flat_map(|u| {
            g.neighbors(u)
                .iter()
                .map(move |&v| (u as usize, v as usize))
        })
        .collect();
    gridmatch_oracles::matching::maximum_bipartite_matchings(g.n_left(), g.n_right(), &edges)
        .into_iter()
        .map(|m| {
            m.into_iter()
                .map(|v| v.map_or(NONE, |v| v as u32))
                .collect()
        })
        .collect()
}

/// The classes by definition: how many of the maximum matchings `all` use each pair.
fn brute_classes(g: &BipartiteGraph, all: &[Vec<u32>]) -> Vec<EdgeClass> {
    let mut out = Vec::new();
    for u in 0..g.n_left() as u32 {
        for &v in g.neighbors(u) {
            let used = all.iter().filter(|m| m[u as usize] == v).count();
            out.push(if used == all.len() {
                EdgeClass::Every
            } else if used > 0 {
                EdgeClass::Some
            } else {
                EdgeClass::None
            });
        }
    }
    out
}

/// The maximum matchings `classify` is run from: the engines', and up to `drawn` of `all`
/// (every one if there are at most that many).
fn starts(
    g: &BipartiteGraph,
    all: &[Vec<u32>],
    drawn: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<(String, Matching)> {
    let mut out = vec![
        ("maximum_matching".to_string(), maximum_matching(g)),
        ("hopcroft_karp".to_string(), hopcroft_karp(g)),
        (
            "push_relabel on the transpose".to_string(),
            push_relabel(&g.transpose()).swap_sides(),
        ),
    ];
    if all.len() <= drawn {
        for (i, m) in all.iter().enumerate() {
            out.push((format!("enumerated #{i}"), from_left_mates(g, m)));
        }
    } else {
        for _ in 0..drawn {
            let i = rng.random_range(0..all.len());
            out.push((format!("enumerated #{i}"), from_left_mates(g, &all[i])));
        }
    }
    out
}

/// The classes of the transposed graph, put back in the CSR order of `g`.
fn classes_via_transpose(g: &BipartiteGraph, m: &Matching) -> Vec<EdgeClass> {
    let t = g.transpose();
    let ct = classify(&t, &m.clone().swap_sides());
    let mut by_pair = std::collections::HashMap::new();
    let mut i = 0;
    for v in 0..t.n_left() as u32 {
        for &u in t.neighbors(v) {
            let old = by_pair.insert((u, v), ct[i]);
            assert!(old.is_none() || old == Some(ct[i]), "copies disagree");
            i += 1;
        }
    }
    (0..g.n_left() as u32)
        .flat_map(|u| g.neighbors(u).iter().map(move |&v| (u, v)))
        .map(|p| by_pair[&p])
        .collect()
}

/// Checks `classify` on `g` against exhaustive enumeration, from several maximum matchings.
/// Returns the number of `classify` runs.
fn check_exhaustive(g: &BipartiteGraph, rng: &mut ChaCha8Rng, what: &str) -> usize {
    let all = all_maximum_matchings(g);
    let want = brute_classes(g, &all);
    let mut runs = 0;
    for (name, m) in starts(g, &all, 24, rng) {
        assert_eq!(m.len(), all[0].iter().filter(|&&v| v != NONE).count());
        assert_eq!(classify(g, &m), want, "{name} on {what}");
        runs += 1;
    }
    assert_eq!(
        classes_via_transpose(g, &maximum_matching(g)),
        want,
        "transposed {what}"
    );
    runs
}

/// A random graph on ≤ `max` + `max` vertices with parallel edges, in shuffled edge order.
fn random_graph(rng: &mut ChaCha8Rng, max: usize) -> (usize, usize, Vec<(u32, u32)>) {
    let nl = rng.random_range(0..=max);
    let nr = rng.random_range(0..=max);
    let p: f64 = rng.random_range(0.0..1.0);
    let mut edges = Vec::new();
    for u in 0..nl as u32 {
        for v in 0..nr as u32 {
            if rng.random_bool(p) {
                edges.push((u, v));
                while rng.random_bool(0.15) {
                    edges.push((u, v));
                }
            }
        }
    }
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.random_range(0..=i));
    }
    (nl, nr, edges)
}

#[test]
fn random_graphs_against_all_maximum_matchings() {
    let mut rng = ChaCha8Rng::seed_from_u64(1960);
    let mut runs = 0;
    for _ in 0..5000 {
        let (nl, nr, edges) = random_graph(&mut rng, 6);
        let g = BipartiteGraph::from_edges(nl, nr, &edges);
        runs += check_exhaustive(&g, &mut rng, &format!("{nl} + {nr}, {edges:?}"));
    }
    assert!(runs > 5000 * 4);
}

/// The run graph of a rooks board (row runs × column runs, an edge per free cell).
fn run_graph(rows: usize, cols: usize, pawn: &[bool]) -> BipartiteGraph {
    let run = |outer: usize, inner: usize, cell: &dyn Fn(usize, usize) -> usize| {
        let mut id = vec![NONE; rows * cols];
        let mut n = 0u32;
        for a in 0..outer {
            let mut open = false;
            for b in 0..inner {
                let i = cell(a, b);
                if pawn[i] {
                    open = false;
                } else {
                    if !open {
                        n += 1;
                        open = true;
                    }
                    id[i] = n - 1;
                }
            }
        }
        (n as usize, id)
    };
    let (n_row, row) = run(rows, cols, &|r, c| r * cols + c);
    let (n_col, col) = run(cols, rows, &|c, r| r * cols + c);
    let edges: Vec<(u32, u32)> = (0..rows * cols)
        .filter(|&i| !pawn[i])
        .map(|i| (row[i], col[i]))
        .collect();
    BipartiteGraph::from_edges(n_row, n_col, &edges)
}

#[test]
fn rooks_run_graphs_against_all_maximum_matchings() {
    let mut rng = ChaCha8Rng::seed_from_u64(12668);
    for density in [0.0, 0.1, 0.2, 0.3, 0.5, 0.7] {
        for _ in 0..40 {
            let rows = rng.random_range(1..=5);
            let cols = rng.random_range(1..=5);
            let pawn: Vec<bool> = (0..rows * cols).map(|_| rng.random_bool(density)).collect();
            let g = run_graph(rows, cols, &pawn);
            check_exhaustive(&g, &mut rng, &format!("{rows}×{cols} board {pawn:?}"));
        }
    }
}

#[test]
fn families() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Complete graphs K_{a,b}: every pair is in some maximum matching, none in all (unless
    // a = b = 1).
    for a in 1..=5 {
        for b in 1..=5 {
            let edges: Vec<(u32, u32)> = (0..a).flat_map(|u| (0..b).map(move |v| (u, v))).collect();
            let g = BipartiteGraph::from_edges(a as usize, b as usize, &edges);
            check_exhaustive(&g, &mut rng, &format!("K_{a},{b}"));
            let want = if a == 1 && b == 1 {
                EdgeClass::Every
            } else {
                EdgeClass::Some
            };
            assert!(
                classify(&g, &maximum_matching(&g))
                    .iter()
                    .all(|&c| c == want)
            );
        }
    }
    // A doubled matched pair beside a free edge: the copies share the class Every.
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (0, 0), (1, 1)]);
    assert_eq!(classify(&g, &maximum_matching(&g)), [EdgeClass::Every; 3]);
    // Parallel copies on an even cycle and on a pendant path.
    let g = BipartiteGraph::from_edges(
        3,
        3,
        [
            (0, 0),
            (0, 1),
            (0, 1),
            (1, 0),
            (1, 1),
            (2, 1),
            (2, 2),
            (2, 2),
        ],
    );
    check_exhaustive(&g, &mut rng, "doubled cycle");
    // No vertices, no edges, isolated vertices only.
    let empty: [(u32, u32); 0] = [];
    for (nl, nr) in [(0, 0), (3, 0), (0, 3), (2, 2)] {
        let g = BipartiteGraph::from_edges(nl, nr, empty);
        assert!(classify(&g, &maximum_matching(&g)).is_empty());
    }
    // Ladders (two rows of a rooks board): classes from the enumeration.
    for len in 1..=6u32 {
        let mut edges = Vec::new();
        for i in 0..len {
            edges.extend([(i, i), (i, i + 1)]);
        }
        let g = BipartiteGraph::from_edges(len as usize, len as usize + 1, &edges);
        // One right vertex stays exposed; the path is even from either end: all Some.
        assert!(
            classify(&g, &maximum_matching(&g))
                .iter()
                .all(|&c| c == EdgeClass::Some)
        );
        check_exhaustive(&g, &mut rng, &format!("path of {len}"));
    }
}

#[test]
fn medium_random_graphs_against_deletion_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(2012);
    let mut pairs_checked = 0;
    for _ in 0..150 {
        let nl = rng.random_range(1..=60);
        let nr = rng.random_range(1..=60);
        let m = rng.random_range(0..2 * (nl + nr));
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| {
                (
                    rng.random_range(0..nl) as u32,
                    rng.random_range(0..nr) as u32,
                )
            })
            .collect();
        let g = BipartiteGraph::from_edges(nl, nr, &edges);
        let nu = maximum_matching(&g).len();
        let got = classify(&g, &maximum_matching(&g));
        assert_eq!(classify(&g, &hopcroft_karp(&g)), got);
        assert_eq!(classes_via_transpose(&g, &hopcroft_karp(&g)), got);
        let mut i = 0;
        for u in 0..nl as u32 {
            for &v in g.neighbors(u) {
                let without_ends: Vec<_> = edges
                    .iter()
                    .copied()
                    .filter(|&(a, b)| a != u && b != v)
                    .collect();
                let without_pair: Vec<_> = edges.iter().copied().filter(|&e| e != (u, v)).collect();
                let in_some = maximum_matching(&BipartiteGraph::from_edges(nl, nr, &without_ends))
                    .len()
                    == nu - 1;
                let in_every =
                    maximum_matching(&BipartiteGraph::from_edges(nl, nr, &without_pair)).len() < nu;
                let want = match (in_some, in_every) {
                    (_, true) => EdgeClass::Every,
                    (true, false) => EdgeClass::Some,
                    (false, false) => EdgeClass::None,
                };
                assert_eq!(got[i], want, "edge {u}–{v} of {nl} + {nr}, {edges:?}");
                i += 1;
                pairs_checked += 1;
            }
        }
    }
    assert!(pairs_checked > 1000);
}

#[test]
fn names() {
    assert_eq!(EdgeClass::Every.name(), "every");
    assert_eq!(EdgeClass::Some.name(), "some");
    assert_eq!(EdgeClass::None.name(), "none");
}

#[test]
#[should_panic(expected = "not maximum")]
fn rejects_a_matching_that_is_not_maximum() {
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (0, 1), (1, 1)]);
    let m = from_left_mates(&g, &[1, NONE]);
    classify(&g, &m);
}

#[test]
#[should_panic(expected = "not maximum")]
fn rejects_the_empty_matching() {
    let g = BipartiteGraph::from_edges(1, 1, [(0, 0)]);
    classify(&g, &Matching::empty(&g));
}

#[test]
#[should_panic(expected = "non-edge")]
fn rejects_a_non_edge() {
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (1, 1)]);
    let m = from_left_mates(&g, &[1, 0]);
    classify(&g, &m);
}

#[test]
#[should_panic(expected = "vertex counts")]
fn rejects_a_matching_of_another_graph() {
    let g = BipartiteGraph::from_edges(2, 2, [(0, 0), (1, 1)]);
    let h = BipartiteGraph::from_edges(2, 3, [(0, 0), (1, 1)]);
    classify(&g, &maximum_matching(&h));
}

/// Runs `f` on a thread with a 256 KiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "worker thread panicked".to_string())
}

#[test]
fn deep_chains_need_no_deep_stack() -> TestResult {
    let n = 200_000u32;
    // Left i – right i (listed second) and right i + 1: a path with a unique perfect
    // matching when right n is dropped; D is one directed path of 2n vertices from left 0.
    let path = move |close: bool, extra_right: bool| {
        let mut edges = Vec::new();
        for i in 0..n {
            if i + 1 < n || extra_right {
                edges.push((i, i + 1));
            }
            edges.push((i, i));
        }
        if close {
            edges.push((n - 1, 0)); // one even cycle through every vertex
        }
        let nr = n as usize + usize::from(extra_right);
        BipartiteGraph::from_edges(n as usize, nr, &edges)
    };
    let counts = |c: &[EdgeClass]| {
        [EdgeClass::Every, EdgeClass::Some, EdgeClass::None]
            .map(|k| c.iter().filter(|&&x| x == k).count())
    };
    let got = on_small_stack(move || {
        let mut out = Vec::new();
        for (close, extra) in [(false, false), (true, false), (false, true)] {
            let g = path(close, extra);
            let c = classify(&g, &maximum_matching(&g));
            out.push(counts(&c));
            // The mirror image: exposed left vertex instead of an exposed right one.
            let t = g.transpose();
            out.push(counts(&classify(&t, &maximum_matching(&t))));
        }
        out
    })?;
    let n = n as usize;
    assert_eq!(got[0], [n, 0, n - 1]);
    assert_eq!(got[1], [n, 0, n - 1]);
    assert_eq!(got[2], [0, 2 * n, 0]);
    assert_eq!(got[3], [0, 2 * n, 0]);
    assert_eq!(got[4], [0, 2 * n, 0]);
    assert_eq!(got[5], [0, 2 * n, 0]);
    Ok(())
}
