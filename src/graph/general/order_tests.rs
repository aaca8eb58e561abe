use super::*;
use crate::graph::general::{gallai_edmonds, maximum_matching, maximum_matching_and_decomposition};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random graph on `n` vertices: each pair an edge with probability `p`, some edges
/// repeated, a self-loop or two, lines in random order.
fn random_graph(rng: &mut ChaCha8Rng, n: usize, p: f64) -> Graph {
    let mut e = Vec::new();
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            if rng.random_bool(p) {
                e.push(if rng.random_bool(0.5) { (u, v) } else { (v, u) });
                if rng.random_bool(0.05) {
                    e.push((v, u));
                }
            }
        }
        if rng.random_bool(0.03) {
            e.push((u, u));
        }
    }
    e.shuffle(rng);
    Graph::from_edges(n, &e)
}

/// A graph with many vertices of degree 1 and 2: a random forest plus a few chords.
fn sparse_graph(rng: &mut ChaCha8Rng, n: usize) -> Graph {
    let mut e = Vec::new();
    for v in 1..n as u32 {
        if rng.random_bool(0.85) {
            e.push((rng.random_range(0..v), v));
        }
    }
    for _ in 0..rng.random_range(0..3) {
        let (u, v) = (rng.random_range(0..n as u32), rng.random_range(0..n as u32));
        e.push((u, v));
    }
    Graph::from_edges(n, &e)
}

/// Checks that `r` is a permutation and `h` is `g` renumbered through it, list by list.
fn assert_renumbered(g: &Graph, r: &Renumbering, h: &Graph) {
    let n = g.num_vertices();
    assert_eq!(h.num_vertices(), n);
    assert_eq!(h.num_edges(), g.num_edges());
    let mut seen = vec![false; n];
    for i in 0..n as u32 {
        let v = r.old(i);
        assert!(!seen[v as usize], "{v} numbered twice");
        seen[v as usize] = true;
        assert_eq!(r.new_number(v), i);
        let image: Vec<u32> = g.neighbors(v).iter().map(|&w| r.new_number(w)).collect();
        assert_eq!(h.neighbors(i), &image[..]);
    }
    assert_eq!(r.order().len(), n);
}

/// Gallai–Edmonds classes by brute force: D = the vertices some maximum matching misses
/// (ν(G − v) = ν(G)), A = their other neighbours, C = the rest.
fn brute_classes(g: &Graph) -> (usize, Vec<Class>) {
    let n = g.num_vertices();
    let edges: Vec<(usize, usize)> = (0..n as u32)
        .flat_map(|v| {
            g.neighbors(v)
                .iter()
                .filter(move |&&u| v < u)
                .map(move |&u| (v as usize, u as usize))
        })
        .collect();
    let f = gridmatch_oracles::matching::induced_sizes(n, &edges);
    let full = (1usize << n) - 1;
    let nu = f[full];
    let d: Vec<bool> = (0..n).map(|v| f[full ^ (1 << v)] == nu).collect();
    let class = (0..n)
        .map(|v| {
            if d[v] {
                Class::D
            } else if g.neighbors(v as u32).iter().any(|&u| d[u as usize]) {
                Class::A
            } else {
                Class::C
            }
        })
        .collect();
    (nu as usize, class)
}

#[test]
fn renumbering_is_a_permutation_and_an_isomorphism() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0DE2_0001);
    for n in 0..=40usize {
        for _ in 0..20 {
            let g = if rng.random_bool(0.5) {
                let p = rng.random_range(0.0..0.3);
                random_graph(&mut rng, n, p)
            } else {
                sparse_graph(&mut rng, n.max(1))
            };
            let (r, h) = Renumbering::breadth_first(&g);
            assert_renumbered(&g, &r, &h);
        }
    }
}

#[test]
fn breadth_first_order_of_a_shuffled_path_is_along_it() {
    // The search starts at an end (smallest positive degree), so a shuffled path comes out
    // numbered along it: every edge joins consecutive numbers.
    let n = 1000u32;
    let mut name: Vec<u32> = (0..n).collect();
    name.shuffle(&mut ChaCha8Rng::seed_from_u64(7));
    let g = Graph::from_edges(
        n as usize,
        (1..n).map(|v| (name[v as usize - 1], name[v as usize])),
    );
    let (r, h) = Renumbering::breadth_first(&g);
    assert_renumbered(&g, &r, &h);
    for v in 0..n {
        assert!(h.neighbors(v).iter().all(|&u| u.abs_diff(v) == 1));
    }
}

#[test]
fn answers_equal_with_and_without_renumbering_vs_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0DE2_0002);
    let mut count = 0;
    for n in 1..=13usize {
        for _ in 0..60 {
            let g = if rng.random_bool(0.5) {
                let p = [0.1, 0.2, 0.35, 0.6][rng.random_range(0..4)];
                random_graph(&mut rng, n, p)
            } else {
                sparse_graph(&mut rng, n)
            };
            let (nu, brute) = brute_classes(&g);
            let (plain_m, plain_d) = maximum_matching_and_decomposition(&g);
            let (r, h) = Renumbering::breadth_first(&g);
            let (m, d) = maximum_matching_and_decomposition(&h);
            let (m, d) = (r.matching_back(&m), r.decomposition_back(&d));
            assert!(m.is_matching_of(&g));
            assert_eq!((m.len(), plain_m.len()), (nu, nu));
            assert_eq!(d.classes(), &brute[..]);
            assert_eq!(d, plain_d);
            // The mapped-back matching is maximum for g: the decomposition grown from it
            // (which panics otherwise) has the same classes.
            assert_eq!(gallai_edmonds(&g, &m), d);
            assert_eq!(maximum_matching(&h).len(), nu);
            // A barrier maps to a barrier: A of the original graph.
            assert_eq!(
                r.set_back(&gallai_edmonds(&h, &maximum_matching(&h)).barrier()),
                d.barrier()
            );
            count += 1;
        }
    }
    assert!(count >= 700);
}

/// `n` vertices numbered by `name`, edges `edges` (in the original numbers).
fn named(n: usize, edges: &[(u32, u32)], name: Option<&[u32]>) -> Graph {
    match name {
        None => Graph::from_edges(n, edges),
        Some(p) => Graph::from_edges(
            n,
            edges.iter().map(|&(u, v)| (p[u as usize], p[v as usize])),
        ),
    }
}

#[test]
fn measure_says_no_in_order_and_yes_shuffled() {
    let n = 1usize << 17;
    let side = 400u32; // 160 000 vertices
    let grid: Vec<(u32, u32)> = (0..side * side)
        .flat_map(|v| {
            let right = (v % side + 1 < side).then_some((v, v + 1));
            let down = (v + side < side * side).then_some((v, v + side));
            right.into_iter().chain(down)
        })
        .collect();
    let path: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
    let mut cycle = path.clone();
    cycle.push((n as u32 - 2, 0)); // odd: n - 1 vertices used
    let chain: Vec<(u32, u32)> = (0..n as u32 / 5)
        .flat_map(|c| {
            let b = 5 * c;
            let link = (c + 1 < n as u32 / 5).then_some((b + 2, b + 5));
            (0..5).map(move |i| (b + i, b + (i + 1) % 5)).chain(link)
        })
        .collect();
    let floor: Vec<(u32, u32)> = (0..n as u32 / 2).map(|i| (2 * i, 2 * i + 1)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x0DE2_0003);
    for (what, vertices, edges) in [
        ("path", n, &path),
        ("odd cycle", n, &cycle),
        ("5-cycle chain", n, &chain),
        ("grid", (side * side) as usize, &grid),
        ("perfect matching", n, &floor),
    ] {
        let g = named(vertices, edges, None);
        let l = Locality::of(&g);
        assert!(l.sampled >= SAMPLE, "{what}: {l:?}");
        assert!(
            !l.is_far() && !should_renumber(&g),
            "{what} in order: {l:?}"
        );
        let mut p: Vec<u32> = (0..vertices as u32).collect();
        p.shuffle(&mut rng);
        let s = named(vertices, edges, Some(&p));
        let l = Locality::of(&s);
        assert!(l.is_far() && should_renumber(&s), "{what} shuffled: {l:?}");
        // Renumbered, it is local again, and the answer is the same.
        let (r, h) = Renumbering::breadth_first(&s);
        assert!(!Locality::of(&h).is_far(), "{what} renumbered");
        let m = r.matching_back(&maximum_matching(&h));
        assert!(m.is_matching_of(&s));
        assert_eq!(m.len(), maximum_matching(&g).len(), "{what}");
    }
    // Small graphs are never renumbered, however shuffled.
    let mut p: Vec<u32> = (0..1000).collect();
    p.shuffle(&mut rng);
    let small = named(1000, &path[..999], Some(&p));
    assert!(Locality::with_window(&small, 16).is_far() && !should_renumber(&small));
}

#[test]
fn entry_points_renumber_far_graphs_and_map_back() {
    // An odd cycle with pendant paths and random chords, 2^17 vertices, in order and under
    // a random permutation: the public entry points renumber the shuffled one (and only
    // it), and the classes come back in its own numbers.
    let n = 1u32 << 17;
    let mut rng = ChaCha8Rng::seed_from_u64(0x0DE2_0004);
    let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
    edges.push((0, 2 * (n / 4))); // an odd cycle through the start of the path
    for _ in 0..200 {
        let u = rng.random_range(0..n - 2);
        edges.push((u, u + 2)); // short chords (triangles) keep the numbering local
    }
    let mut p: Vec<u32> = (0..n).collect();
    p.shuffle(&mut rng);
    let g = named(n as usize, &edges, None);
    let s = named(n as usize, &edges, Some(&p));
    assert!(!should_renumber(&g) && should_renumber(&s));
    let (mg, dg) = maximum_matching_and_decomposition(&g);
    let (ms, ds) = maximum_matching_and_decomposition(&s);
    assert!(ms.is_matching_of(&s));
    assert_eq!(ms.len(), mg.len());
    assert_eq!(maximum_matching(&s).len(), mg.len());
    for v in 0..n {
        assert_eq!(ds.class(p[v as usize]), dg.class(v), "vertex {v}");
    }
    // The decomposition grown from the mapped-back matching agrees (it is maximum).
    assert_eq!(gallai_edmonds(&s, &ms), ds);
}
