//! Tests of the general matching: brute force on small graphs, certificates
//! on large ones, explicit families, white-box checks of the search state,
//! and small-stack runs proving that nothing recurses.

#[path = "tests_families.rs"]
mod families;
#[path = "tests_oracle.rs"]
mod oracle;
#[path = "tests_reductions.rs"]
mod reductions;

use super::forest::{EVEN, Forest, ODD, UNLABELED};
use super::greedy::{components, greedy_extend};
use super::*;
use families::*;
use oracle::*;
use rand::RngExt;

type TestResult = Result<(), Box<dyn std::error::Error>>;

#[test]
fn random_small_graphs_vs_brute_force() {
    let mut rng = seeded(0x5EED_0001);
    let mut count = 0;
    for n in 0..=12usize {
        for density in [5u32, 10, 15, 20, 30, 40, 50, 65, 80, 95] {
            for _ in 0..25 {
                let mut e = random_edges(&mut rng, n, density, 100);
                if n > 0 && rng.random_ratio(1, 4) {
                    // Parallel edges and self-loops must be harmless.
                    let k = e.len();
                    for i in 0..k.min(3) {
                        e.push((e[i].1, e[i].0));
                    }
                    let v = rng.random_range(0..n as u64) as u32;
                    e.push((v, v));
                }
                check_small(&Graph::from_edges(n, &e), &mut rng);
                count += 1;
            }
        }
    }
    assert!(count >= 3000);
}

#[test]
fn random_medium_graphs_vs_brute_force_size() {
    // 13..=18 vertices: bitmask DP for ν(G) and ν(G − v) only.
    let mut rng = seeded(0x5EED_0002);
    for _ in 0..150 {
        let n = 13 + rng.random_range(0..6) as usize;
        let density = [8u32, 12, 18, 25, 40][rng.random_range(0..5) as usize];
        let g = Graph::from_edges(n, random_edges(&mut rng, n, density, 100));
        let f = nu_table(&g);
        let full = (1usize << n) - 1;
        let nu = f[full] as usize;
        let m = maximum_matching_from(&g, random_matching(&mut rng, &g));
        assert_valid(&g, &m);
        assert_eq!(m.len(), nu);
        let d = gallai_edmonds(&g, &m);
        for v in 0..n {
            assert_eq!(
                d.class(v as u32) == Class::D,
                f[full ^ (1 << v)] as usize == nu
            );
        }
        assert_barrier(&g, &m, &d);
    }
}

#[test]
fn explicit_families_vs_brute_force() {
    let mut rng = seeded(0x5EED_0003);
    let mut graphs: Vec<(usize, Vec<(u32, u32)>)> = Vec::new();
    for n in 1..=16 {
        graphs.push((n, path(n)));
    }
    for n in 3..=15 {
        graphs.push((n, cycle(n)));
    }
    for n in 1..=9 {
        graphs.push((n, complete(n)));
    }
    for k in 0..=10 {
        graphs.push((k + 1, star(k)));
    }
    graphs.push((10, petersen()));
    for petals in 1..=5 {
        for stem in 0..=3 {
            graphs.push(flower(petals, stem));
        }
    }
    graphs.push(nested(2, &mut |_| 0));
    graphs.push(nested(2, &mut |n| n - 1));
    graphs.push(nested(2, &mut |n| n / 2));
    // Nested blossoms with a stem (perfect matching must go through them).
    let (n, mut e) = nested(2, &mut |n| n - 1);
    e.push((4, n as u32));
    graphs.push((n + 1, e));
    // Odd cycle with pendant paths on two vertices (blossom + stems).
    let mut e = cycle(7);
    e.extend([(0, 7), (7, 8), (3, 9), (9, 10), (10, 11)]);
    graphs.push((12, e));
    // Two triangles joined by a path (blossom, path, blossom).
    graphs.push((
        8,
        vec![
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 5),
        ],
    ));
    // Disjoint unions.
    graphs.push(union(&[
        (3, cycle(3)),
        (4, path(4)),
        (4, star(3)),
        (5, cycle(5)),
    ]));
    graphs.push(union(&[(1, vec![]), (9, complete(9)), (2, path(2))]));
    graphs.push(union(&[(10, petersen()), (5, cycle(5))]));
    graphs.push(union(&[flower(2, 1), flower(3, 0)]));
    graphs.push((0, vec![]));
    graphs.push((5, vec![]));
    for (n, e) in &graphs {
        let g = Graph::from_edges(*n, e);
        check_small(&g, &mut rng);
        // Same graph, shuffled vertex ids (changes search order).
        for _ in 0..3 {
            check_small(&Graph::from_edges(*n, permuted(&mut rng, *n, e)), &mut rng);
        }
    }
}

#[test]
fn known_answers() {
    let nu = |n: usize, e: &[(u32, u32)]| maximum_matching(&Graph::from_edges(n, e)).len();
    for n in 1..=9 {
        assert_eq!(nu(n, &complete(n)), n / 2);
    }
    assert_eq!(nu(10, &petersen()), 5);
    assert_eq!(nu(6, &star(5)), 1);
    for n in 3..=21 {
        assert_eq!(nu(n, &cycle(n)), n / 2);
    }
    // Star: centre is A, leaves D.
    let g = Graph::from_edges(5, star(4));
    let d = gallai_edmonds(&g, &maximum_matching(&g));
    assert_eq!(d.barrier(), vec![0]);
    assert!((1..5).all(|v| d.class(v) == Class::D));
    // Even path: everything C; odd path: even positions D, odd A.
    let g = Graph::from_edges(6, path(6));
    let d = gallai_edmonds(&g, &maximum_matching(&g));
    assert!(d.classes().iter().all(|&c| c == Class::C));
    let g = Graph::from_edges(7, path(7));
    let d = gallai_edmonds(&g, &maximum_matching(&g));
    for v in 0..7 {
        let want = if v % 2 == 0 { Class::D } else { Class::A };
        assert_eq!(d.class(v), want);
    }
}

#[test]
fn deep_nested_blossoms_certified() {
    let mut rng = seeded(0x5EED_0004);
    for level in 3..=6u32 {
        for pick in 0..3 {
            let mut r2 = seeded(level as u64 * 7 + pick);
            let (n, e) = nested(level, &mut |n| match pick {
                0 => 0,
                1 => n - 1,
                _ => r2.random_range(0..n as u64) as usize,
            });
            let e = permuted(&mut rng, n, &e);
            let g = Graph::from_edges(n, &e);
            let m = maximum_matching(&g);
            assert_eq!(m.len(), (n - 1) / 2);
            let d = gallai_edmonds(&g, &m);
            // Factor-critical: every vertex in D, barrier empty.
            assert!(d.classes().iter().all(|&c| c == Class::D));
            check_large(&g, &m, &mut rng, 20);
            // A pendant vertex anywhere makes the matching perfect.
            let mut e2 = e.clone();
            e2.push((rng.random_range(0..n as u64) as u32, n as u32));
            let g2 = Graph::from_edges(n + 1, &e2);
            for _ in 0..3 {
                let m2 = maximum_matching_from(&g2, random_matching(&mut rng, &g2));
                assert_valid(&g2, &m2);
                assert_eq!(m2.len(), n.div_ceil(2));
            }
        }
    }
}

#[test]
fn random_larger_graphs_certified() {
    let mut rng = seeded(0x5EED_0005);
    for _ in 0..300 {
        let n = 20 + rng.random_range(0..280) as usize;
        let avg_deg = 1 + rng.random_range(0..5);
        let m_edges = (n as u64 * avg_deg / 2) as usize;
        let e: Vec<(u32, u32)> = (0..m_edges)
            .map(|_| {
                (
                    rng.random_range(0..n as u64) as u32,
                    rng.random_range(0..n as u64) as u32,
                )
            })
            .collect();
        let g = Graph::from_edges(n, &e);
        let m = maximum_matching(&g);
        check_large(&g, &m, &mut rng, 5);
        let s = random_matching(&mut rng, &g);
        let m2 = maximum_matching_from(&g, s.clone());
        assert_eq!(m2.len(), m.len());
        assert!((0..n as u32).all(|v| !s.is_matched(v) || m2.is_matched(v)));
        assert_eq!(gallai_edmonds(&g, &m2), gallai_edmonds(&g, &m));
    }
}

/// Corridors and burnt boards for every move set of the King puzzle, small
/// enough for brute force: width-1..3 serpentines (knight moves make long
/// zigzags there, whose augmenting paths run the whole corridor) and random
/// boards.
#[test]
fn boards_and_corridors_vs_brute_force() {
    let mut rng = seeded(0x5EED_000B);
    let mut count = 0;
    for moves in move_sets() {
        for rows in 1..=8usize {
            for cols in 1..=8usize {
                for width in 1..=3 {
                    let g = board(rows, cols, &serpentine(cols, width), moves);
                    if g.num_vertices() <= 16 {
                        check_small(&g, &mut rng);
                        count += 1;
                    }
                }
                for burn in [10u32, 30, 50] {
                    let mut cells = Vec::new();
                    for _ in 0..rows * cols {
                        cells.push(!rng.random_ratio(burn, 100));
                    }
                    let free = |r: usize, c: usize| cells[r * cols + c];
                    let g = board(rows, cols, &free, moves);
                    if g.num_vertices() <= 16 {
                        check_small(&g, &mut rng);
                        count += 1;
                    }
                }
            }
        }
    }
    assert!(count >= 400, "only {count} boards checked");
}

/// Larger serpentine corridors (the knight's worst case for one search per
/// exposed vertex), certified by the Tutte–Berge barrier, for every move
/// set, with the warm start and with random or empty ones.
#[test]
fn serpentines_certified() {
    let mut rng = seeded(0x5EED_000C);
    for moves in move_sets() {
        for (side, width) in [
            (20, 1),
            (31, 1),
            (64, 1),
            (101, 1),
            (40, 2),
            (57, 3),
            (90, 2),
        ] {
            for cols in [side, side + 1] {
                let g = board(side, cols, &serpentine(cols, width), moves);
                let m = maximum_matching(&g);
                check_large(&g, &m, &mut rng, 4);
                let n = g.num_vertices();
                for start in [Matching::empty(n), random_matching(&mut rng, &g)] {
                    let m2 = maximum_matching_from(&g, start);
                    assert_valid(&g, &m2);
                    assert_eq!(m2.len(), m.len());
                }
            }
        }
    }
    // A long knight corridor with a burnt king board around it.
    let side = 150;
    let serp = serpentine(side, 1);
    let mut cells = Vec::new();
    for r in 0..side {
        for c in 0..side {
            cells.push(serp(r, c) && (r < side / 2 || !rng.random_ratio(1, 10)));
        }
    }
    let free = |r: usize, c: usize| cells[r * side + c];
    for moves in move_sets() {
        let g = board(side, side, &free, moves);
        let m = maximum_matching(&g);
        check_large(&g, &m, &mut rng, 4);
    }
}

#[test]
fn stamp_wraparound() {
    // Start the lca stamps just below u32::MAX; results must not change.
    let mut rng = seeded(0x5EED_0006);
    for _ in 0..200 {
        let n = 1 + rng.random_range(0..12) as usize;
        let g = Graph::from_edges(n, random_edges(&mut rng, n, 45, 100));
        let m = maximum_matching(&g);
        // No greedy matching: the searches do all the work.
        let comp = components(&g);
        let mut f = Forest::new(&g, vec![NONE; n]);
        f.cur_stamp = u32::MAX - 1;
        f.augment_all(&comp);
        assert_eq!(Matching::from_mates(f.mate).len(), m.len());
        let mut f = Forest::new(&g, m.mates().to_vec());
        f.cur_stamp = u32::MAX - 1;
        assert!(f.grow_full_forest());
        let want = gallai_edmonds(&g, &m);
        for v in 0..n {
            assert_eq!(f.label[v] == EVEN, want.class(v as u32) == Class::D);
            assert_eq!(f.label[v] == ODD, want.class(v as u32) == Class::A);
        }
    }
}

#[test]
fn graph_construction() {
    let e = [(0, 1), (1, 2), (2, 2), (2, 0), (3, 1), (0, 1)];
    let g = Graph::from_edges(5, e);
    assert_eq!(g.num_vertices(), 5);
    assert_eq!(g.num_edges(), 5); // loop dropped, parallel edge kept
    assert_eq!(g.neighbors(2).len(), 2);
    assert_eq!(g.degree(4), 0);
    assert!(g.has_edge(3, 1) && !g.has_edge(3, 2));
    let h = Graph::from_csr(g.offsets.clone(), g.targets.clone());
    assert_eq!(h, g);
    // CSR with a self-loop: removed.
    let h = Graph::from_csr(vec![0, 2, 3], vec![0, 1, 0]);
    assert_eq!(h.neighbors(0), &[1]);
    assert_eq!(h.num_edges(), 1);
    let w = g.without_vertex(1);
    assert_eq!(w.num_vertices(), 5);
    assert!(w.neighbors(1).is_empty());
    assert_eq!(w.neighbors(0), &[2]);
    assert_eq!(w.num_edges(), 1);
    let empty = Graph::from_csr(vec![0], vec![]);
    assert_eq!(empty.num_vertices(), 0);
    assert!(maximum_matching(&empty).is_empty());
    let d = gallai_edmonds(&empty, &Matching::empty(0));
    assert!(d.barrier().is_empty());
}

#[test]
fn without_vertex_matches_brute_force() {
    let mut rng = seeded(0x5EED_0007);
    for _ in 0..200 {
        let n = 1 + rng.random_range(0..12) as usize;
        let g = Graph::from_edges(n, random_edges(&mut rng, n, 35, 100));
        let f = nu_table(&g);
        let full = (1usize << n) - 1;
        for v in 0..n {
            let gv = g.without_vertex(v as u32);
            assert_eq!(maximum_matching(&gv).len(), f[full ^ (1 << v)] as usize);
        }
    }
}

#[test]
fn matching_accessors() {
    let m = Matching::from_mates(vec![2, NONE, 0, 4, 3]);
    assert_eq!(m.len(), 2);
    assert_eq!(m.mate(0), Some(2));
    assert_eq!(m.mate(1), None);
    assert_eq!(m.edges().collect::<Vec<_>>(), vec![(0, 2), (3, 4)]);
    let g = Graph::from_edges(5, [(0, 2), (3, 4)]);
    assert!(m.is_matching_of(&g));
    assert!(!m.is_matching_of(&Graph::from_edges(5, [(0, 2)])));
    assert!(Matching::empty(3).is_empty());
}

#[test]
fn from_edges_accepts_every_edge_source() {
    let mut rng = seeded(0x5EED_000B);
    for _ in 0..50 {
        let n = 1 + rng.random_range(0..20) as usize;
        let e = random_edges(&mut rng, n, 30, 100);
        let want = Graph::from_edges(n, &e);
        assert_eq!(Graph::from_edges(n, &e[..]), want);
        assert_eq!(Graph::from_edges(n, e.iter()), want);
        assert_eq!(Graph::from_edges(n, e.iter().copied()), want);
        assert_eq!(Graph::from_edges(n, e.iter().map(|&(u, v)| (u, v))), want);
        assert_eq!(Graph::from_edges(n, e.clone().into_iter()), want);
        assert_eq!(Graph::from_edges(n, e.clone()), want);
        // Neighbours are listed in edge order, as `from_csr` would take them.
        let h = Graph::from_csr(want.offsets.clone(), want.targets.clone());
        assert_eq!(h, want);
        for v in 0..n as u32 {
            let listed: Vec<u32> = e
                .iter()
                .filter(|&&(a, b)| a != b && (a == v || b == v))
                .map(|&(a, b)| if a == v { b } else { a })
                .collect();
            assert_eq!(want.neighbors(v), &listed[..]);
        }
    }
    // A half-consumed iterator contributes only what is left.
    let e = [(0, 1), (1, 2), (2, 3)];
    let mut it = e.iter();
    it.next();
    assert_eq!(Graph::from_edges(4, it), Graph::from_edges(4, &e[1..]));
    assert_eq!(
        Graph::from_edges(3, std::iter::empty::<(u32, u32)>()).num_edges(),
        0
    );
}

#[test]
#[should_panic(expected = "has an endpoint >= n")]
fn from_edges_iterator_rejects_out_of_range() {
    Graph::from_edges(3, (0..4).map(|v| (v, (v + 1) % 4)));
}

#[test]
fn is_perfect_and_unmatch() {
    // Even path: perfect; odd path: not; no vertices: perfect.
    assert!(maximum_matching(&Graph::from_edges(6, path(6))).is_perfect());
    assert!(!maximum_matching(&Graph::from_edges(7, path(7))).is_perfect());
    assert!(Matching::empty(0).is_perfect());
    assert!(!Matching::empty(2).is_perfect());
    let mut m = Matching::from_mates(vec![1, 0, 3, 2]);
    assert!(m.is_perfect());
    assert_eq!(m.unmatch(3), Some(2));
    assert_eq!((m.len(), m.mate(2), m.mate(3)), (1, None, None));
    assert!(!m.is_perfect());
    assert_eq!(m.unmatch(3), None, "already exposed: nothing changes");
    assert_eq!(m.unmatch(2), None);
    assert_eq!(m.len(), 1);
    assert_eq!(m.unmatch(0), Some(1));
    assert!(m.is_empty());
    assert_eq!(m, Matching::empty(4));
    // What callers did by hand: rebuild from an edited mate array.
    let mut rng = seeded(0x5EED_000C);
    for _ in 0..100 {
        let n = 2 + rng.random_range(0..20) as usize;
        let g = Graph::from_edges(n, random_edges(&mut rng, n, 30, 100));
        let m = maximum_matching(&g);
        let v = rng.random_range(0..n as u64) as u32;
        let mut by_hand = m.mates().to_vec();
        if let Some(u) = m.mate(v) {
            by_hand[u as usize] = NONE;
            by_hand[v as usize] = NONE;
        }
        let mut edited = m.clone();
        assert_eq!(edited.unmatch(v), m.mate(v));
        assert_eq!(edited, Matching::from_mates(by_hand));
        assert!(edited.is_matching_of(&g));
    }
}

#[test]
#[should_panic]
fn unmatch_rejects_out_of_range() {
    Matching::empty(2).unmatch(2);
}

#[test]
#[should_panic(expected = "not a symmetric matching")]
fn from_mates_rejects_asymmetric() {
    Matching::from_mates(vec![1, 2, 1]);
}

#[test]
#[should_panic(expected = "endpoint >= n")]
fn from_edges_rejects_out_of_range() {
    Graph::from_edges(3, [(0, 3)]);
}

#[test]
#[should_panic(expected = "non-decreasing")]
fn from_csr_rejects_bad_offsets() {
    Graph::from_csr(vec![0, 2, 1, 2], vec![1, 2]);
}

#[test]
#[should_panic(expected = "not maximum")]
fn gallai_edmonds_rejects_non_maximum() {
    let g = Graph::from_edges(4, path(4));
    gallai_edmonds(&g, &Matching::from_mates(vec![NONE, 2, 1, NONE]));
}

#[test]
#[should_panic(expected = "not an edge")]
fn maximum_matching_from_rejects_non_edges() {
    let g = Graph::from_edges(4, path(4));
    maximum_matching_from(&g, Matching::from_mates(vec![3, NONE, NONE, 0]));
}

#[test]
#[should_panic(expected = "not an edge")]
fn gallai_edmonds_rejects_non_edges() {
    let g = Graph::from_edges(4, path(4));
    gallai_edmonds(&g, &Matching::from_mates(vec![3, 2, 1, 0]));
}

#[test]
#[should_panic(expected = "not an edge")]
fn avoiding_rejects_non_edges() {
    let g = Graph::from_edges(3, path(3));
    maximum_matching_avoiding(&g, &Matching::from_mates(vec![2, NONE, 0]), 1);
}

#[test]
#[should_panic(expected = "not maximum")]
fn avoiding_rejects_non_maximum() {
    let g = Graph::from_edges(4, path(4));
    maximum_matching_avoiding(&g, &Matching::from_mates(vec![NONE, 2, 1, NONE]), 0);
}

/// White-box: the forest grown by `augment_all` from random, often poor
/// warm starts (many augmentations, dissolved trees with blossoms) ends
/// with a maximum matching; grown from every exposed vertex it is
/// complete, so its labels are the Gallai–Edmonds classes (checked by
/// brute force), and every unlabelled vertex is left clean (singleton
/// blossom, no bridge label).
#[test]
fn forest_state_after_augmenting() {
    let mut rng = seeded(0x5EED_0009);
    let mut augmented = 0;
    for _ in 0..600 {
        let n = 2 + rng.random_range(0..15) as usize;
        // Sparse graphs with stars and pendant paths, and denser ones
        // full of blossoms.
        let density = 1 + rng.random_range(0..40);
        let mut e = random_edges(&mut rng, n, density, 100);
        for _ in 0..rng.random_range(0..3) {
            let c = rng.random_range(0..n as u64) as u32;
            for _ in 0..3 {
                e.push((c, rng.random_range(0..n as u64) as u32));
            }
        }
        let g = Graph::from_edges(n, &e);
        let nu_g = nu_table(&g);
        let full = (1usize << n) - 1;
        let nu = nu_g[full] as usize;
        // Empty, random, or random and greedily extended warm start.
        let mut mate = match rng.random_range(0..3) {
            0 => vec![NONE; n],
            _ => random_matching(&mut rng, &g).mates().to_vec(),
        };
        if rng.random_ratio(1, 3) {
            greedy_extend(&g, &mut mate);
        }
        let comp = components(&g);
        let start = Matching::from_mates(mate.clone()).len();
        augmented += nu - start;
        for complete in [false, true] {
            let mut f = Forest::new(&g, mate.clone());
            f.augment_all(&comp);
            if complete {
                assert!(f.grow_full_forest());
            }
            let m = Matching::from_mates(f.mate.clone());
            assert_valid(&g, &m);
            assert_eq!(m.len(), nu);
            for v in 0..n {
                if f.label[v] == UNLABELED {
                    assert!(f.dsu.is_fresh(v as u32));
                    assert_eq!(f.base[v], v as u32);
                    assert_eq!(f.bridge[v], [NONE; 2]);
                }
                if complete {
                    let in_d = nu_g[full ^ (1 << v)] as usize == nu;
                    assert_eq!(f.label[v] == EVEN, in_d, "vertex {v}: D");
                    let in_a = !in_d
                        && (0..n).any(|u| {
                            g.neighbors(v as u32).contains(&(u as u32))
                                && nu_g[full ^ (1 << u)] as usize == nu
                        });
                    assert_eq!(f.label[v] == ODD, in_a, "vertex {v}: A");
                }
            }
        }
    }
    assert!(
        augmented > 500,
        "too few augmentations exercised: {augmented}"
    );
}

/// Asymmetric adjacency breaks the documented constraint of
/// `from_csr`; the result is then unspecified, but must still be a
/// matching and the run must terminate (no infinite loop).
#[test]
fn asymmetric_input_terminates() {
    let mut rng = seeded(0x5EED_000A);
    for _ in 0..300 {
        let n = 1 + rng.random_range(0..30) as usize;
        let g0 = Graph::from_edges(n, random_edges(&mut rng, n, 20, 100));
        // Drop every adjacency entry with probability 1/4, on one side.
        let mut offsets = vec![0usize];
        let mut targets = Vec::new();
        for v in 0..n as u32 {
            targets.extend(
                g0.neighbors(v)
                    .iter()
                    .copied()
                    .filter(|_| rng.random_ratio(3, 4)),
            );
            offsets.push(targets.len());
        }
        let g = Graph { offsets, targets };
        let m = maximum_matching(&g);
        assert_eq!(m.mates().len(), n);
    }
}

/// Long paths, huge blossoms and big grids on a 256 KiB stack: proves
/// nothing recurses.
#[test]
fn deep_structures_small_stack() -> TestResult {
    let worker =
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| -> Result<(), String> {
                let mut rng = seeded(0x5EED_0008);
                // Even path, start matching (1,2),(3,4),…: the only augmenting
                // path has 200k vertices.
                let n = 200_000usize;
                let g = Graph::from_edges(n, path(n));
                let mut mate = vec![NONE; n];
                for v in (1..n - 1).step_by(2) {
                    mate[v] = v as u32 + 1;
                    mate[v + 1] = v as u32;
                }
                let m = maximum_matching_from(&g, Matching::from_mates(mate));
                assert_eq!(m.len(), n / 2);
                check_large(&g, &m, &mut rng, 2);
                // Odd path: D = even positions; avoid the far end.
                let n = 200_001usize;
                let g = Graph::from_edges(n, path(n));
                let m = maximum_matching(&g);
                assert_eq!(m.len(), n / 2);
                let d = gallai_edmonds(&g, &m);
                assert!((0..n as u32).all(|v| (d.class(v) == Class::D) == (v % 2 == 0)));
                for v in [0, n as u32 - 1, n as u32 / 2, n as u32 / 2 + 1] {
                    let a = maximum_matching_avoiding(&g, &m, v);
                    assert_eq!(a.is_some(), v % 2 == 0);
                    if let Some(a) = a {
                        assert_valid(&g, &a);
                        assert!(!a.is_matched(v) && a.len() == m.len());
                    }
                }
                // Huge odd cycle: one blossom of 200k vertices.
                let n = 200_001usize;
                let g = Graph::from_edges(n, cycle(n));
                let m = maximum_matching(&g);
                assert_eq!(m.len(), n / 2);
                let d = gallai_edmonds(&g, &m);
                assert!(d.classes().iter().all(|&c| c == Class::D));
                let exposed = (0..n as u32)
                    .find(|&v| !m.is_matched(v))
                    .ok_or("a maximum matching of an odd cycle leaves a vertex exposed")?;
                let far = (exposed + n as u32 / 2) % n as u32;
                let a = maximum_matching_avoiding(&g, &m, far).ok_or_else(|| {
                    format!("odd cycle is factor-critical, yet nothing avoids {far}")
                })?;
                assert_valid(&g, &a);
                assert!(!a.is_matched(far));
                // Chain of 50k triangles linked by edges: blossoms + long paths.
                let k = 50_000u32;
                let mut e = Vec::new();
                for t in 0..k {
                    let b = 3 * t;
                    e.extend([(b, b + 1), (b + 1, b + 2), (b + 2, b)]);
                    if t + 1 < k {
                        e.push((b + 2, b + 3));
                    }
                }
                let g = Graph::from_edges(3 * k as usize, &e);
                let m = maximum_matching_from(&g, random_matching(&mut rng, &g));
                check_large(&g, &m, &mut rng, 3);
                // Nested blossoms, 9 levels deep (3^9 vertices).
                let (n, e) = nested(9, &mut |n| n / 3);
                let g = Graph::from_edges(n, &e);
                let m = maximum_matching(&g);
                assert_eq!(m.len(), n / 2);
                check_large(&g, &m, &mut rng, 3);
                // A big burnt king grid.
                let g = king_grid(300, 300, 10, 42);
                let m = maximum_matching(&g);
                check_large(&g, &m, &mut rng, 3);
                Ok(())
            })?;
    let outcome = worker
        .join()
        .map_err(|_| "deep structures worker panicked")?;
    outcome?;
    Ok(())
}
