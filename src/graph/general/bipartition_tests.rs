use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The oracles crate's proper 2-colourings, each component's smallest vertex `false`.
fn brute(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<bool>> {
    let edges: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .collect();
    gridmatch_oracles::colouring::two_colourings(n, &edges)
}

#[test]
fn random_graphs_against_all_colourings() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut bipartite = 0;
    for round in 0..4000 {
        let n = rng.random_range(0..=10usize);
        let mut edges = Vec::new();
        if round % 2 == 0 {
            // Built bipartite often enough: a random 2-colouring, edges mostly across it.
            let colour: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
            let p: f64 = rng.random_range(0.0..0.6);
            for u in 0..n {
                for v in u + 1..n {
                    if colour[u] != colour[v] && rng.random_bool(p) {
                        edges.push((u as u32, v as u32));
                    }
                }
            }
            if rng.random_bool(0.2) && n > 1 {
                let u = rng.random_range(0..n) as u32;
                edges.push((u, rng.random_range(0..n) as u32)); // may spoil it
            }
        } else {
            let m = rng.random_range(0..=2 * n);
            for _ in 0..m {
                edges.push((rng.random_range(0..n) as u32, rng.random_range(0..n) as u32));
            }
        }
        if !edges.is_empty() && rng.random_bool(0.3) {
            let e = edges[rng.random_range(0..edges.len())];
            edges.push(e); // parallel edge
        }
        if n > 0 && rng.random_bool(0.2) {
            let v = rng.random_range(0..n) as u32;
            edges.push((v, v)); // self-loop: dropped by the constructor
        }
        for i in (1..edges.len()).rev() {
            edges.swap(i, rng.random_range(0..=i));
        }
        let g = Graph::from_edges(n, &edges);
        let want = brute(n, &edges);
        assert!(want.len() <= 1, "canonical colouring is unique");
        assert_eq!(g.bipartition(), want.into_iter().next(), "{n}, {edges:?}");
        bipartite += usize::from(g.bipartition().is_some());
    }
    assert!(bipartite > 1000 && bipartite < 3900, "{bipartite}");
}

#[test]
fn families() {
    for k in 3..=40u32 {
        let cycle = Graph::from_edges(k as usize, (0..k).map(|i| (i, (i + 1) % k)));
        let want = (k % 2 == 0).then(|| (0..k).map(|i| i % 2 == 1).collect::<Vec<_>>());
        assert_eq!(cycle.bipartition(), want, "C{k}");
        // Two copies of the cycle with vertex ids interleaved: components numbered apart.
        let two = Graph::from_edges(
            2 * k as usize,
            (0..k).flat_map(|i| {
                [
                    (2 * i, 2 * ((i + 1) % k)),
                    (2 * i + 1, 2 * ((i + 1) % k) + 1),
                ]
            }),
        );
        assert_eq!(two.bipartition().is_some(), k % 2 == 0);
    }
    for n in 0..=6u32 {
        let complete = Graph::from_edges(
            n as usize,
            (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))),
        );
        assert_eq!(complete.bipartition().is_some(), n <= 2, "K{n}");
    }
    // A star centred at its largest vertex: the centre is `true`, every leaf `false`.
    let star = Graph::from_edges(6, (0..5).map(|v| (v, 5)));
    assert_eq!(
        star.bipartition(),
        Some(vec![false, false, false, false, false, true])
    );
    // The same through from_csr, with self-loops listed (and removed).
    let csr = Graph::from_csr(vec![0, 2, 4], vec![0, 1, 1, 0]);
    assert_eq!(csr.bipartition(), Some(vec![false, true]));
    assert_eq!(
        Graph::from_edges(0, [(0u32, 0u32); 0]).bipartition(),
        Some(vec![])
    );
}

#[test]
fn long_path_needs_no_deep_stack() -> Result<(), String> {
    let n = 1_000_000u32;
    let sides = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            // Ids scrambled along the path (a multiplicative permutation of 0..n).
            let id = |i: u32| ((u64::from(i) * 999_983) % u64::from(n)) as u32;
            let g = Graph::from_edges(n as usize, (1..n).map(|i| (id(i - 1), id(i))));
            let side = g.bipartition();
            let closed = Graph::from_edges(
                n as usize + 1,
                (1..n)
                    .map(|i| (id(i - 1), id(i)))
                    .chain([(id(n - 1), n), (n, id(0))]),
            );
            (side, closed.bipartition().is_none())
        })
        .map_err(|e| e.to_string())?
        .join()
        .map_err(|_| "worker thread panicked".to_string())?;
    let (side, odd_cycle_rejected) = sides;
    let side = side.ok_or("a path is bipartite")?;
    let id = |i: u32| ((u64::from(i) * 999_983) % u64::from(n)) as usize;
    // Vertex 0 = id(0) starts the path: sides alternate from `false` there.
    assert!((0..n).all(|i| side[id(i)] == (i % 2 == 1)));
    assert!(odd_cycle_rejected, "a closed odd cycle of n + 1 vertices");
    Ok(())
}
