use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// The edges as the oracles crate takes them.
fn plain(edges: &[(u32, u32)]) -> Vec<(usize, usize)> {
    edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .collect()
}

/// Exhaustive maximum matching (the oracles crate's bitmask DP, independent of HK).
fn brute_max(nl: usize, nr: usize, edges: &[(u32, u32)]) -> usize {
    gridmatch_oracles::matching::max_bipartite_matching(nl, nr, &plain(edges))
}

/// Every engine, from its own warm start and from `starts` other matchings.
type Engine = (&'static str, fn(&BipartiteGraph, Matching) -> Matching);

const ENGINES: [Engine; 2] = [
    ("hopcroft_karp", hopcroft_karp::hopcroft_karp_from),
    ("push_relabel", |g, start| {
        push_relabel::push_relabel_from(g, &g.transpose(), start)
    }),
];

/// The matchings every engine is checked on for `g`: each public entry point, and each engine
/// from the empty matching and from a random maximal one (not the greedy warm start).
fn all_matchings(g: &BipartiteGraph, rng: &mut ChaCha8Rng) -> Vec<(String, Matching)> {
    let mut out = vec![
        ("maximum_matching".to_string(), maximum_matching(g)),
        ("hopcroft_karp".to_string(), hopcroft_karp(g)),
        ("push_relabel".to_string(), push_relabel(g)),
        (
            "push_relabel on the transpose".to_string(),
            push_relabel(&g.transpose()).swap_sides(),
        ),
    ];
    for (name, engine) in ENGINES {
        out.push((format!("{name} from empty"), engine(g, Matching::empty(g))));
        out.push((
            format!("{name} from random"),
            engine(g, random_maximal(g, rng)),
        ));
    }
    out
}

/// A random maximal matching: left vertices in random order, each taking a random free
/// neighbour.
fn random_maximal(g: &BipartiteGraph, rng: &mut ChaCha8Rng) -> Matching {
    let mut m = Matching::empty(g);
    let mut order: Vec<u32> = (0..g.n_left() as u32).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    for u in order {
        let free: Vec<u32> = g
            .neighbors(u)
            .iter()
            .copied()
            .filter(|&v| m.right[v as usize] == NONE)
            .collect();
        if !free.is_empty() {
            let v = free[rng.random_range(0..free.len())];
            m.left[u as usize] = v;
            m.right[v as usize] = u;
            m.size += 1;
        }
    }
    m
}

/// Checks that `m` is a matching of `g` of size `want`, consistent both ways, and that the
/// König cover built from it covers every edge with `want` vertices.
fn check_matching(g: &BipartiteGraph, m: &Matching, want: usize, name: &str) {
    let mut count = 0;
    for (u, v) in m.pairs() {
        assert!(g.neighbors(u).contains(&v), "{name}: matched a non-edge");
        assert_eq!(m.right_mate(v), Some(u), "{name}: mates disagree");
        count += 1;
    }
    let right_count = (0..g.n_right() as u32)
        .filter(|&v| m.right_mate(v).is_some())
        .count();
    assert_eq!(count, m.len(), "{name}: size field");
    assert_eq!(right_count, m.len(), "{name}: right side");
    assert_eq!(m.len(), want, "{name}: not maximum");
    let c = konig_cover(g, m);
    assert_eq!(c.len(), want, "{name}: cover size");
    for u in 0..g.n_left() as u32 {
        for &v in g.neighbors(u) {
            assert!(
                c.left.binary_search(&u).is_ok() || c.right.binary_search(&v).is_ok(),
                "{name}: edge uncovered"
            );
        }
    }
}

fn check(nl: usize, nr: usize, edges: &[(u32, u32)]) {
    let g = BipartiteGraph::from_edges(nl, nr, edges);
    let want = brute_max(nl, nr, edges);
    let mut rng = ChaCha8Rng::seed_from_u64(edges.len() as u64);
    for (name, m) in all_matchings(&g, &mut rng) {
        check_matching(&g, &m, want, &format!("{name} on {nl} + {nr}, {edges:?}"));
    }
}

#[test]
fn random_graphs_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(12668);
    for _ in 0..4000 {
        let nl = rng.random_range(0..=7);
        let nr = rng.random_range(0..=7);
        let p: f64 = rng.random_range(0.0..1.0);
        let mut edges = Vec::new();
        for u in 0..nl {
            for v in 0..nr {
                if rng.random_bool(p) {
                    edges.push((u as u32, v as u32));
                    if rng.random_bool(0.1) {
                        edges.push((u as u32, v as u32)); // parallel edge
                    }
                }
            }
        }
        check(nl, nr, &edges);
    }
}

/// Kuhn's simple augmenting-path algorithm (the oracles crate's), as an independent reference
/// on larger graphs.
fn kuhn(nl: usize, nr: usize, edges: &[(u32, u32)]) -> usize {
    gridmatch_oracles::matching::kuhn(nl, nr, &plain(edges))
}

#[test]
fn medium_random_graphs_against_kuhn() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for _ in 0..300 {
        let nl = rng.random_range(1..300);
        let nr = rng.random_range(1..300);
        let m = rng.random_range(0..4 * (nl + nr));
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| {
                (
                    rng.random_range(0..nl) as u32,
                    rng.random_range(0..nr) as u32,
                )
            })
            .collect();
        let g = BipartiteGraph::from_edges(nl, nr, &edges);
        let want = kuhn(nl, nr, &edges);
        for (name, m) in all_matchings(&g, &mut rng) {
            check_matching(&g, &m, want, &name);
        }
    }
}

#[test]
fn families() {
    check(0, 0, &[]);
    check(3, 0, &[]);
    let complete: Vec<_> = (0..6).flat_map(|u| (0..6).map(move |v| (u, v))).collect();
    check(6, 6, &complete);
    let star: Vec<_> = (0..7).map(|v| (0, v)).collect();
    check(1, 7, &star);
    // A path where greedy picks wrong and an augmenting path of length 5 is needed.
    check(3, 3, &[(0, 0), (0, 1), (1, 0), (1, 2), (2, 1)]);
}

#[test]
fn from_edges_accepts_every_edge_source() {
    let e: Vec<(u32, u32)> = vec![(0, 1), (2, 0), (0, 0), (1, 2), (2, 1)];
    let want = BipartiteGraph::from_edges(3, 3, &e);
    assert_eq!(want.neighbors(0), &[1, 0]);
    assert_eq!(want.neighbors(2), &[0, 1]);
    assert_eq!(BipartiteGraph::from_edges(3, 3, &e[..]), want);
    assert_eq!(BipartiteGraph::from_edges(3, 3, e.iter()), want);
    assert_eq!(BipartiteGraph::from_edges(3, 3, e.iter().copied()), want);
    assert_eq!(
        BipartiteGraph::from_edges(3, 3, e.clone().into_iter()),
        want
    );
    assert_eq!(BipartiteGraph::from_edges(3, 3, e.clone()), want);
    let diagonal = BipartiteGraph::from_edges(4, 4, (0..4).map(|i| (i, i)));
    assert_eq!(diagonal.num_edges(), 4);
    assert!(hopcroft_karp(&diagonal).is_perfect());
}

#[test]
#[should_panic(expected = "edge out of range")]
fn from_edges_iterator_rejects_out_of_range() {
    BipartiteGraph::from_edges(2, 2, (0..3).map(|i| (0, i)));
}

#[test]
fn perfect_sides() {
    // 2 + 3: the left side can be saturated, the right cannot.
    let g = BipartiteGraph::from_edges(2, 3, [(0, 0), (0, 1), (1, 1), (1, 2)]);
    let m = hopcroft_karp(&g);
    assert!(m.is_left_perfect() && !m.is_right_perfect() && !m.is_perfect());
    // 3 + 2: the mirror image.
    let g = BipartiteGraph::from_edges(3, 2, [(0, 0), (1, 0), (1, 1), (2, 1)]);
    let m = hopcroft_karp(&g);
    assert!(!m.is_left_perfect() && m.is_right_perfect() && !m.is_perfect());
    // 2 + 2 with a perfect matching, and one without.
    let m = hopcroft_karp(&BipartiteGraph::from_edges(2, 2, [(0, 1), (1, 0)]));
    assert!(m.is_left_perfect() && m.is_right_perfect() && m.is_perfect());
    let m = hopcroft_karp(&BipartiteGraph::from_edges(2, 2, [(0, 0), (1, 0)]));
    assert!(!m.is_left_perfect() && !m.is_right_perfect() && !m.is_perfect());
    // No vertices at all: vacuously perfect; no left vertices: left-perfect only.
    assert!(
        hopcroft_karp(&BipartiteGraph::from_edges(0, 0, Vec::<(u32, u32)>::new())).is_perfect()
    );
    let m = hopcroft_karp(&BipartiteGraph::from_edges(0, 2, Vec::<(u32, u32)>::new()));
    assert!(m.is_left_perfect() && !m.is_right_perfect());
}

#[test]
fn long_paths_need_no_deep_stack() -> TestResult {
    // Left i has rights i+1 (listed first, so greedy takes it) and i; left n-1 has only
    // right n-1. Greedy leaves one augmenting path of length 2n through the whole graph.
    let n = 200_000u32;
    let mut edges = Vec::new();
    for i in 0..n - 1 {
        edges.push((i, i + 1));
        edges.push((i, i));
    }
    edges.push((n - 1, n - 1));
    let handle = std::thread::Builder::new()
        .stack_size(128 * 1024)
        .spawn(move || {
            let g = BipartiteGraph::from_edges(n as usize, n as usize, &edges);
            let m = hopcroft_karp(&g);
            let c = konig_cover(&g, &m);
            (m.len(), c.len())
        })?;
    let (m, c) = handle.join().map_err(|_| "worker thread panicked")?;
    assert_eq!(m, n as usize);
    assert_eq!(c, m);
    Ok(())
}

/// The run graph of a rooks board (row runs × column runs, an edge per free cell), built
/// here independently of `puzzles::rooks`.
fn run_graph(rows: usize, cols: usize, pawn: &[bool]) -> (usize, usize, Vec<(u32, u32)>) {
    let mut row_run = vec![0u32; rows * cols];
    let mut col_run = vec![0u32; rows * cols];
    let mut n_row = 0u32;
    for r in 0..rows {
        let mut open = false;
        for c in 0..cols {
            if pawn[r * cols + c] {
                open = false;
            } else {
                if !open {
                    n_row += 1;
                    open = true;
                }
                row_run[r * cols + c] = n_row - 1;
            }
        }
    }
    let mut n_col = 0u32;
    for c in 0..cols {
        let mut open = false;
        for r in 0..rows {
            if pawn[r * cols + c] {
                open = false;
            } else {
                if !open {
                    n_col += 1;
                    open = true;
                }
                col_run[r * cols + c] = n_col - 1;
            }
        }
    }
    let edges = (0..rows * cols)
        .filter(|&i| !pawn[i])
        .map(|i| (row_run[i], col_run[i]))
        .collect();
    (n_row as usize, n_col as usize, edges)
}

#[test]
fn rooks_run_graphs_at_every_density_against_kuhn() {
    // Low pawn densities give long runs and long augmenting paths (where Hopcroft–Karp's phases
    // were slow); high ones give a deficient matching with many unmatched vertices on both sides.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for density in [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8] {
        for _ in 0..12 {
            let rows = rng.random_range(1..40);
            let cols = rng.random_range(1..40);
            let pawn: Vec<bool> = (0..rows * cols).map(|_| rng.random_bool(density)).collect();
            let (nl, nr, edges) = run_graph(rows, cols, &pawn);
            let g = BipartiteGraph::from_edges(nl, nr, &edges);
            let want = kuhn(nl, nr, &edges);
            for (name, m) in all_matchings(&g, &mut rng) {
                check_matching(&g, &m, want, &format!("{name}, {rows}×{cols} at {density}"));
            }
        }
    }
}

/// The layered trap of scipy issue #26147: a depth-first search along the Hopcroft–Karp layers
/// that never marks dead ends expands a vertex once per layered path to it. Here a ladder of
/// `levels` levels, each two matched pairs with both left vertices adjacent to both right
/// vertices of the next level, leads nowhere (no free right vertex), and is the first choice of
/// the free root, whose only augmenting path is a separate corridor longer than the ladder
/// (so the layers reach the whole ladder): 2^levels paths into the dead end.
fn ladder(levels: u32) -> (BipartiteGraph, Matching) {
    // Ladder level i: left 2i, 2i + 1 matched to right 2i, 2i + 1.
    // Corridor j = 0..=levels: left 2·levels + j matched to right 2·levels + j, each adjacent to
    // the next corridor right; the last one to the free right vertex 3·levels + 1.
    // Root: left 3·levels + 1, adjacent to rights 0, 1 (the ladder) and then the corridor.
    let corridor = 2 * levels;
    let free_right = corridor + levels + 1;
    let root = corridor + levels + 1;
    let mut edges = Vec::new();
    for i in 0..levels {
        for side in 0..2 {
            let u = 2 * i + side;
            edges.push((u, u));
            if i + 1 < levels {
                edges.push((u, 2 * (i + 1)));
                edges.push((u, 2 * (i + 1) + 1));
            }
        }
    }
    for j in 0..=levels {
        edges.push((corridor + j, corridor + j));
        edges.push((corridor + j, corridor + j + 1)); // the last: the free right vertex
    }
    edges.extend([(root, 0), (root, 1), (root, corridor)]);
    let (nl, nr) = (root as usize + 1, free_right as usize + 1);
    let g = BipartiteGraph::from_edges(nl, nr, &edges);
    let mut start = Matching::empty(&g);
    for v in 0..corridor + levels + 1 {
        start.left[v as usize] = v;
        start.right[v as usize] = v;
        start.size += 1;
    }
    (g, start)
}

#[test]
fn layered_dead_ends_are_explored_once() {
    // Without dead-end marking, 2^60 expansions: the test would never finish.
    for levels in [1, 2, 3, 10, 60, 2000] {
        let (g, start) = ladder(levels);
        let want = kuhn(
            g.n_left(),
            g.n_right(),
            &(0..g.n_left() as u32)
                .flat_map(|u| g.neighbors(u).iter().map(move |&v| (u, v)))
                .collect::<Vec<_>>(),
        );
        assert_eq!(want, start.len() + 1);
        for (name, engine) in ENGINES {
            let m = engine(&g, start.clone());
            check_matching(
                &g,
                &m,
                want,
                &format!("{name} on the {levels}-level ladder"),
            );
        }
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(levels));
        for (name, m) in all_matchings(&g, &mut rng) {
            check_matching(
                &g,
                &m,
                want,
                &format!("{name} on the {levels}-level ladder"),
            );
        }
    }
}
