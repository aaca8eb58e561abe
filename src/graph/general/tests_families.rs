//! Test inputs: the seeded generator, graph families (paths, cycles,
//! complete graphs, flowers, nested blossoms, burnt king grids, ...) and
//! random matchings.

use super::super::{Graph, Matching, NONE};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The tests' generator: rand's ChaCha8 (seeded with [`seeded`]).
pub(super) type Rng = ChaCha8Rng;

/// The generator seeded with `seed`.
pub(super) fn seeded(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

// ----- graph generators -------------------------------------------------

pub(super) fn random_edges(rng: &mut Rng, n: usize, num: u32, den: u32) -> Vec<(u32, u32)> {
    let mut e = Vec::new();
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            if rng.random_ratio(num, den) {
                e.push(if rng.random_ratio(1, 2) {
                    (u, v)
                } else {
                    (v, u)
                });
            }
        }
    }
    e.shuffle(rng);
    e
}

/// Relabels the vertices of an edge list by a random permutation.
pub(super) fn permuted(rng: &mut Rng, n: usize, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut p: Vec<u32> = (0..n as u32).collect();
    p.shuffle(rng);
    edges
        .iter()
        .map(|&(u, v)| (p[u as usize], p[v as usize]))
        .collect()
}

pub(super) fn path(n: usize) -> Vec<(u32, u32)> {
    (1..n as u32).map(|v| (v - 1, v)).collect()
}

pub(super) fn cycle(n: usize) -> Vec<(u32, u32)> {
    let mut e = path(n);
    if n >= 3 {
        e.push((n as u32 - 1, 0));
    }
    e
}

pub(super) fn complete(n: usize) -> Vec<(u32, u32)> {
    let mut e = Vec::new();
    for u in 0..n as u32 {
        for v in u + 1..n as u32 {
            e.push((u, v));
        }
    }
    e
}

pub(super) fn star(leaves: usize) -> Vec<(u32, u32)> {
    (1..=leaves as u32).map(|v| (0, v)).collect()
}

pub(super) fn petersen() -> Vec<(u32, u32)> {
    let mut e = Vec::new();
    for i in 0..5u32 {
        e.push((i, (i + 1) % 5)); // outer 5-cycle
        e.push((i, i + 5)); // spokes
        e.push((5 + i, 5 + (i + 2) % 5)); // inner pentagram
    }
    e
}

/// Friendship graph / flower: `petals` triangles sharing vertex 0, plus a
/// stem path of `stem` extra vertices hanging off vertex 0.
pub(super) fn flower(petals: usize, stem: usize) -> (usize, Vec<(u32, u32)>) {
    let mut e = Vec::new();
    for p in 0..petals as u32 {
        let (a, b) = (1 + 2 * p, 2 + 2 * p);
        e.extend([(0, a), (a, b), (b, 0)]);
    }
    let mut prev = 0u32;
    let mut n = 1 + 2 * petals as u32;
    for _ in 0..stem {
        e.push((prev, n));
        prev = n;
        n += 1;
    }
    (n as usize, e)
}

/// Nested blossoms: level 0 is a single vertex; level k+1 joins three
/// copies of level k in a triangle through one "port" vertex per copy.
/// The result is factor-critical on 3^k vertices, with blossoms nested
/// k deep. `port_pick` chooses which vertex of a copy is its port.
pub(super) fn nested(
    level: u32,
    port_pick: &mut dyn FnMut(usize) -> usize,
) -> (usize, Vec<(u32, u32)>) {
    let mut n = 1usize;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for _ in 0..level {
        let ports: Vec<u32> = (0..3).map(|c| (c * n + port_pick(n)) as u32).collect();
        let mut next = Vec::with_capacity(3 * edges.len() + 3);
        for c in 0..3u32 {
            let off = c * n as u32;
            next.extend(edges.iter().map(|&(u, v)| (u + off, v + off)));
        }
        next.extend([
            (ports[0], ports[1]),
            (ports[1], ports[2]),
            (ports[2], ports[0]),
        ]);
        edges = next;
        n *= 3;
    }
    (n, edges)
}

/// Disjoint union of edge lists with the given vertex counts.
pub(super) fn union(parts: &[(usize, Vec<(u32, u32)>)]) -> (usize, Vec<(u32, u32)>) {
    let mut n = 0u32;
    let mut e = Vec::new();
    for (k, part) in parts {
        e.extend(part.iter().map(|&(u, v)| (u + n, v + n)));
        n += *k as u32;
    }
    (n as usize, e)
}

/// King-move grid with `burn_pct`% of the cells deleted (deterministic).
pub(super) fn king_grid(rows: usize, cols: usize, burn_pct: u64, seed: u64) -> Graph {
    let mut rng = seeded(seed);
    let mut id = vec![NONE; rows * cols];
    let mut n = 0u32;
    for cell in id.iter_mut() {
        if rng.random_range(0..100) >= burn_pct {
            *cell = n;
            n += 1;
        }
    }
    let mut edges = Vec::with_capacity(4 * n as usize);
    for r in 0..rows {
        for c in 0..cols {
            let u = id[r * cols + c];
            if u == NONE {
                continue;
            }
            let mut nb = |rr: usize, cc: usize| {
                let v = id[rr * cols + cc];
                if v != NONE {
                    edges.push((u, v));
                }
            };
            if c + 1 < cols {
                nb(r, c + 1);
            }
            if r + 1 < rows {
                nb(r + 1, c);
                if c + 1 < cols {
                    nb(r + 1, c + 1);
                }
                if c > 0 {
                    nb(r + 1, c - 1);
                }
            }
        }
    }
    Graph::from_edges(n as usize, &edges)
}

pub(super) fn random_matching(rng: &mut Rng, g: &Graph) -> Matching {
    let n = g.num_vertices();
    let mut e: Vec<(u32, u32)> = (0..n as u32)
        .flat_map(|u| g.neighbors(u).iter().map(move |&v| (u, v)))
        .filter(|&(u, v)| u < v)
        .collect();
    e.shuffle(rng);
    let mut mate = vec![NONE; n];
    for (u, v) in e {
        if mate[u as usize] == NONE && mate[v as usize] == NONE && rng.random_ratio(1, 2) {
            mate[u as usize] = v;
            mate[v as usize] = u;
        }
    }
    Matching::from_mates(mate)
}

/// The King puzzle's move sets (row, column offsets), from their one definition.
pub(super) fn move_sets() -> [&'static [(i64, i64)]; 4] {
    crate::puzzles::king::Moves::ALL.map(crate::puzzles::king::Moves::offsets)
}

/// Move graph of the free cells of a `rows × cols` board (row-major ids,
/// as the King puzzle numbers them).
pub(super) fn board(
    rows: usize,
    cols: usize,
    free: &dyn Fn(usize, usize) -> bool,
    moves: &[(i64, i64)],
) -> Graph {
    let mut id = vec![NONE; rows * cols];
    let mut n = 0u32;
    for r in 0..rows {
        for c in 0..cols {
            if free(r, c) {
                id[r * cols + c] = n;
                n += 1;
            }
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let u = id[(r as usize) * cols + c as usize];
            for &(dr, dc) in moves {
                let (rr, cc) = (r + dr, c + dc);
                if u == NONE || rr < 0 || cc < 0 || rr >= rows as i64 || cc >= cols as i64 {
                    continue;
                }
                let v = id[(rr as usize) * cols + cc as usize];
                if v != NONE && u < v {
                    edges.push((u, v));
                }
            }
        }
    }
    Graph::from_edges(n as usize, &edges)
}

/// Free cells of a serpentine corridor of the given `width` on a
/// board with `cols` columns: bands of `width` free rows separated by burned rows
/// with one gap, alternately at the right and the left end (the layout of
/// the benchmark generator `serp.py`).
pub(super) fn serpentine(cols: usize, width: usize) -> impl Fn(usize, usize) -> bool {
    move |r, c| {
        let band = r / (width + 1);
        if r % (width + 1) < width {
            true
        } else if band.is_multiple_of(2) {
            c == cols - 1
        } else {
            c == 0
        }
    }
}
