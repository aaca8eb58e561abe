//! Geography against exhaustive game search; certificates against the verifier and mutants.

use gridmatch_oracles::king::Game;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Certificate, Geography, GeographyError, Player, Strategy, verify};
use crate::graph::general::Graph;

/// The oracles crate's exhaustive game search (memoised on the visited set) on the graph.
fn game_search(n: usize, edges: &[(u32, u32)]) -> Game {
    let edges: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .collect();
    Game::new(n, &edges)
}

fn random_graph(rng: &mut ChaCha8Rng) -> (usize, Vec<(u32, u32)>) {
    let n = rng.random_range(1..=10usize);
    let p = rng.random_range(0.05..0.7);
    let mut edges = Vec::new();
    for u in 0..n as u32 {
        for v in u..n as u32 {
            if rng.random_bool(p) {
                edges.push((u, v));
                if rng.random_bool(0.1) {
                    edges.push((v, u)); // a repeated edge
                }
            }
        }
    }
    (n, edges)
}

fn adjacency(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        if u != v {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
    }
    adj
}

#[test]
fn every_start_against_exhaustive_game_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..3000 {
        let (n, edges) = random_graph(&mut rng);
        let adj = adjacency(n, &edges);
        let game = Geography::new(Graph::from_edges(n, edges.iter().copied()));
        let mut search = game_search(n, &edges);
        for s in 0..n as u32 {
            let alice = search.first_player_wins(s as usize);
            let want = if alice { Player::Alice } else { Player::Bob };
            assert_eq!(
                game.winner(s),
                want,
                "n = {n}, edges = {edges:?}, start = {s}"
            );
            assert_eq!(game.winners()[s as usize], want);
            let cert = game.certificate(s);
            assert_eq!(cert.winner(), want);
            assert_eq!(
                verify(n, &edges, s, &cert),
                Ok(()),
                "{edges:?} from {s}: {cert:?}"
            );
            // The strategy's moves are legal and lead to positions the mover wins.
            match game.strategy(s) {
                Strategy::Alice { first } => {
                    assert!(adj[s as usize].contains(&first));
                    let visited = [s as usize, first as usize];
                    assert!(!search.mover_wins(&visited, first as usize));
                }
                Strategy::Bob { replies } => {
                    let mut moves: Vec<u32> = adj[s as usize].clone();
                    moves.sort_unstable();
                    moves.dedup();
                    let mut answered: Vec<u32> = replies.iter().map(|&(a, _)| a).collect();
                    answered.sort_unstable();
                    assert_eq!(answered, moves, "Bob answers every first move once");
                    for (a, b) in replies {
                        assert!(adj[a as usize].contains(&b) && b != s);
                        let visited = [s as usize, a as usize, b as usize];
                        assert!(!search.mover_wins(&visited, b as usize));
                    }
                }
            }
        }
    }
}

#[test]
fn mutated_certificates_are_rejected() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut rejected = 0;
    for _ in 0..2000 {
        let (n, edges) = random_graph(&mut rng);
        let game = Geography::new(Graph::from_edges(n, edges.iter().copied()));
        let s = rng.random_range(0..n as u32);
        let cert = game.certificate(s);
        // Drop a matched edge: the Tutte–Berge equality must fail.
        if !cert.matching().is_empty() {
            let mut bad = cert.clone();
            match &mut bad {
                Certificate::Alice { matching, .. } | Certificate::Bob { matching, .. } => {
                    matching.pop();
                }
            }
            assert!(verify(n, &edges, s, &bad).is_err(), "{edges:?}: {bad:?}");
            rejected += 1;
        }
        // Drop a barrier vertex (each barrier is inclusion-minimal, so this must fail).
        if !cert.barrier().is_empty() {
            let mut bad = cert.clone();
            match &mut bad {
                Certificate::Alice { barrier, .. } | Certificate::Bob { barrier, .. } => {
                    barrier.pop();
                }
            }
            assert!(verify(n, &edges, s, &bad).is_err(), "{edges:?}: {bad:?}");
            rejected += 1;
        }
        // Claim the other winner with the same matching and barrier.
        let flipped = match cert.clone() {
            Certificate::Alice {
                matching, barrier, ..
            } => Certificate::Bob { matching, barrier },
            Certificate::Bob { matching, barrier } => Certificate::Alice {
                matching,
                barrier: barrier.clone(),
                barrier_without_start: barrier,
            },
        };
        assert!(
            verify(n, &edges, s, &flipped).is_err(),
            "{edges:?} {flipped:?}"
        );
        rejected += 1;
    }
    assert!(rejected > 3000);
    // A pair that is not an edge, and a vertex out of range.
    let cert = Certificate::Bob {
        matching: vec![(0, 2)],
        barrier: vec![],
    };
    assert_eq!(
        verify(3, &[(0, 1), (1, 2)], 1, &cert),
        Err(GeographyError::NotAnEdge(0, 2))
    );
    assert_eq!(
        verify(2, &[(0, 1)], 5, &cert),
        Err(GeographyError::StartOutOfRange(5, 2))
    );
}

#[test]
fn long_paths_need_no_deep_stack() {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let n = 200_001u32;
            let edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
            let game = Geography::new(Graph::from_edges(n as usize, edges.iter().copied()));
            // An odd path: the ends and every even position are missed by some maximum matching.
            assert_eq!(game.winner(0), Player::Bob);
            assert_eq!(game.winner(1), Player::Alice);
            assert_eq!(verify(n as usize, &edges, 0, &game.certificate(0)), Ok(()));
            assert_eq!(verify(n as usize, &edges, 1, &game.certificate(1)), Ok(()));
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow");
}

/// The shared Tutte–Berge check against a count of its own (components by repeated relabelling
/// to the smallest label, no search): random graphs on slots of which some are absent, random
/// barriers (absent, out-of-range and repeated entries among them) and removed vertices. Every
/// fault is found at its first entry, and the count is accepted exactly for the `matched` the
/// equality gives.
#[test]
fn shared_tutte_berge_check_against_relabelling() {
    use super::verify::{BarrierFault, tutte_berge};
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let (mut counted, mut faults) = (0, 0);
    for _ in 0..3000 {
        let (slots, edges) = random_graph(&mut rng);
        let present: Vec<bool> = (0..slots).map(|_| rng.random_bool(0.8)).collect();
        let adj = adjacency(slots, &edges);
        let removed = rng
            .random_bool(0.3)
            .then(|| rng.random_range(0..slots))
            .filter(|&s| present[s]);
        let barrier: Vec<u32> = (0..rng.random_range(0..4))
            .map(|_| rng.random_range(0..slots as u32 + 1))
            .collect();
        // The first fault, by the rules.
        let mut seen = vec![false; slots];
        if let Some(s) = removed {
            seen[s] = true;
        }
        let mut fault = None;
        for (k, &x) in barrier.iter().enumerate() {
            if x as usize >= slots || !present[x as usize] {
                fault = Some(BarrierFault::NotAVertex(k));
                break;
            }
            if std::mem::replace(&mut seen[x as usize], true) {
                fault = Some(BarrierFault::Twice(k));
                break;
            }
        }
        let check = |matched: usize| {
            tutte_berge(
                slots,
                |i| present[i],
                |u| adj[u].iter().map(|&w| w as usize),
                &barrier,
                |&x: &u32| Some(x as usize),
                removed,
                matched,
            )
        };
        if let Some(f) = fault {
            assert_eq!(check(0), Err(f));
            faults += 1;
            continue;
        }
        // Components of the vertices left, by relabelling to the smallest label until stable.
        let alive: Vec<bool> = (0..slots).map(|i| present[i] && !seen[i]).collect();
        let mut label: Vec<usize> = (0..slots).collect();
        loop {
            let mut changed = false;
            for &(u, v) in &edges {
                let (u, v) = (u as usize, v as usize);
                if alive[u] && alive[v] && label[u] != label[v] {
                    let low = label[u].min(label[v]);
                    label[u] = low;
                    label[v] = low;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let odd = (0..slots)
            .filter(|&r| alive[r] && label[r] == r)
            .filter(|&r| (0..slots).filter(|&i| alive[i] && label[i] == r).count() % 2 == 1)
            .count();
        let vertices = present.iter().filter(|&&p| p).count() - usize::from(removed.is_some());
        let lhs = vertices as i64 - odd as i64 + barrier.len() as i64;
        for matched in 0..=slots / 2 {
            let got = check(matched);
            if 2 * matched as i64 == lhs {
                assert_eq!(got, Ok(()));
                counted += 1;
            } else {
                assert_eq!(got, Err(BarrierFault::Count { vertices, odd }));
            }
        }
    }
    assert!(
        counted > 300 && faults > 300,
        "weak sample: {counted} {faults}"
    );
}

/// The verifier's graph with slots for the touched vertices only gives the same answer as with
/// one slot per vertex, on random graphs with isolated vertices around them, random barriers
/// (isolated, out-of-range and repeated entries among them), removed vertices and matchings.
#[test]
fn compact_slots_agree_with_one_slot_per_vertex() {
    use super::verify::Tutte;
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let mut accepted = 0;
    for _ in 0..3000 {
        let (k, mut edges) = random_graph(&mut rng);
        // Shift the graph among isolated vertices.
        let (n, shift) = (k + rng.random_range(0..8), rng.random_range(0..4u32));
        let n = n + shift as usize;
        for e in &mut edges {
            *e = (e.0 + shift, e.1 + shift);
        }
        let plain = Tutte::with_slots(n, &edges, false);
        let compact = Tutte::with_slots(n, &edges, true);
        let some = |rng: &mut ChaCha8Rng| rng.random_range(0..n as u32 + 1);
        let pairs: Vec<(u32, u32)> = if rng.random_bool(0.5) {
            edges
                .iter()
                .copied()
                .filter(|_| rng.random_bool(0.3))
                .collect()
        } else {
            (0..rng.random_range(0..3))
                .map(|_| (some(&mut rng), some(&mut rng)))
                .collect()
        };
        assert_eq!(
            plain.matching(&pairs),
            compact.matching(&pairs),
            "{n} {edges:?} {pairs:?}"
        );
        let barrier: Vec<u32> = (0..rng.random_range(0..4))
            .map(|_| some(&mut rng))
            .collect();
        let removed = rng.random_bool(0.3).then(|| rng.random_range(0..n as u32));
        for matched in 0..=n / 2 {
            let want = plain.barrier(&barrier, removed, matched, "barrier");
            assert_eq!(
                compact.barrier(&barrier, removed, matched, "barrier"),
                want,
                "{n} {edges:?} {barrier:?} {removed:?} {matched}"
            );
            accepted += usize::from(want.is_ok());
        }
    }
    assert!(accepted > 300, "weak sample: {accepted}");
}

/// A small graph declaring 4·10⁹ vertices is checked in memory that follows its edges (one
/// slot per declared vertex would take ~100 GB): its certificates are accepted, tampered ones
/// refused, and the counts in the refusal are the whole graph's.
#[test]
fn a_huge_declared_vertex_count_costs_only_its_edges() {
    let n = 4_000_000_000usize;
    let edges = [(0, 1), (1, 2), (2, 0), (7, 3_999_999_999)];
    let g = Geography::new(Graph::from_edges(16, edges[..3].iter().copied()));
    // Vertex 15 is isolated in the small graph and in the huge one alike.
    for v in [0, 15] {
        let cert = g.certificate(v);
        let mut cert_huge = cert.clone();
        let (Certificate::Bob { matching, .. } | Certificate::Alice { matching, .. }) =
            &mut cert_huge;
        matching.push((7, 3_999_999_999));
        verify(n, &edges, v, &cert_huge).unwrap_or_else(|e| panic!("{v}: {e}"));
        // Without the far pair, the matching is not maximum.
        let e = verify(n, &edges, v, &cert).unwrap_err();
        assert!(
            matches!(e, GeographyError::TutteBerge { vertices, .. } if vertices == n || vertices == n - 1),
            "{e}"
        );
    }
    let e = verify(n, &edges, 4_000_000_000, &g.certificate(0)).unwrap_err();
    assert_eq!(e, GeographyError::StartOutOfRange(4_000_000_000, n));
    let cert = Certificate::Bob {
        matching: vec![(0, 1), (7, 3_999_999_999)],
        barrier: vec![5, 5],
    };
    assert!(matches!(
        verify(n, &edges, 2, &cert),
        Err(GeographyError::BarrierTwice { vertex: 5, .. })
    ));
}
