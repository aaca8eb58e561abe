//! The search against a reachability closure on small random digraphs.

use super::*;

/// A digraph by adjacency lists; records are `(rindex, discovery index)`.
struct Adj {
    arcs: Vec<Vec<u32>>,
    /// Components in completion order: root first, then the others in discovery order.
    done: Vec<Vec<u32>>,
    disc: Vec<u32>,
    /// The vertices labelled since the last completed component, in order.
    labelled: Vec<u32>,
}

#[derive(Clone, Copy)]
struct Rec(u32);

impl Record for Rec {
    fn rindex(&self) -> u32 {
        self.0
    }
    fn set_rindex(&mut self, r: u32) {
        self.0 = r;
    }
}

impl Search for Adj {
    type Rec = Rec;
    fn enter(&mut self, x: u32, index: u32, _: &mut Rec) -> u32 {
        self.disc[x as usize] = index;
        0
    }
    fn next(&mut self, x: u32, cursor: &mut u32, _: &mut Rec) -> Option<u32> {
        let w = self.arcs[x as usize].get(*cursor as usize)?;
        *cursor += 1;
        Some(*w)
    }
    fn merge(&mut self, _: &mut Rec, _: &Rec) {}
    fn labelled(&mut self, recs: &[Rec], x: u32, id: u32) {
        // Exactly the vertices labelled so far in this component carry its id.
        assert_eq!(recs[x as usize].0, id);
        self.labelled.push(x);
        if recs.len() <= 64 {
            let carry = recs.iter().filter(|r| r.0 == id).count();
            assert_eq!(carry, self.labelled.len(), "labelled one at a time");
        }
    }
    fn complete(&mut self, recs: &mut [Rec], root: u32, members: &[u32], id: u32) -> bool {
        // Members in the order given here, then the root.
        let mut order = members.to_vec();
        order.push(root);
        assert_eq!(std::mem::take(&mut self.labelled), order, "labelling order");
        assert!(order.iter().all(|&w| recs[w as usize].0 == id));
        let r = self.disc[root as usize];
        let mut c = vec![root; members.len() + 1];
        for &w in members {
            let at = (self.disc[w as usize] - r) as usize;
            assert!(
                at >= 1 && at <= members.len() && c[at] == root,
                "discovery positions"
            );
            c[at] = w;
        }
        self.done.push(c);
        false
    }
}

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn components_match_reachability() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..4_000 {
        let n = 1 + (xorshift(&mut seed) % 12) as usize;
        let m = (xorshift(&mut seed) % (3 * n as u64 + 1)) as usize;
        let mut arcs = vec![Vec::new(); n];
        for _ in 0..m {
            let u = (xorshift(&mut seed) % n as u64) as usize;
            let v = (xorshift(&mut seed) % n as u64) as u32;
            arcs[u].push(v);
        }
        let excluded: Vec<bool> = (0..n)
            .map(|_| xorshift(&mut seed).is_multiple_of(6))
            .collect();
        // Closure over the vertices kept.
        let mut reach = vec![vec![false; n]; n];
        for s in 0..n {
            if excluded[s] {
                continue;
            }
            let mut todo = vec![s];
            reach[s][s] = true;
            while let Some(u) = todo.pop() {
                for &w in &arcs[u] {
                    let w = w as usize;
                    if !excluded[w] && !reach[s][w] {
                        reach[s][w] = true;
                        todo.push(w);
                    }
                }
            }
        }
        let recs = excluded
            .iter()
            .map(|&e| Rec(if e { EXCLUDED } else { UNVISITED }))
            .collect();
        let mut t = Tarjan::new(recs);
        let mut g = Adj {
            arcs: arcs.clone(),
            done: Vec::new(),
            disc: vec![0; n],
            labelled: Vec::new(),
        };
        assert_eq!(t.run(&mut g), None);
        let id: Vec<u32> = t.recs.iter().map(|r| r.0).collect();
        for u in 0..n {
            if excluded[u] {
                assert_eq!(id[u], EXCLUDED);
                continue;
            }
            assert!(id[u] >= 1 && id[u] as usize <= n);
            for v in 0..n {
                if excluded[v] {
                    continue;
                }
                assert_eq!(id[u] == id[v], reach[u][v] && reach[v][u], "{arcs:?}");
                // Reverse topological order: a reached component completes first, so its
                // id (counting down) is not smaller.
                if reach[u][v] {
                    assert!(id[u] <= id[v], "{arcs:?}");
                }
            }
        }
        // Each component reported once, ids counting down in completion order.
        let kept = excluded.iter().filter(|&&e| !e).count();
        assert_eq!(g.done.iter().map(Vec::len).sum::<usize>(), kept);
        for (k, c) in g.done.iter().enumerate() {
            for &w in c {
                assert_eq!(id[w as usize], (n - k) as u32);
            }
            // The root is the member discovered first.
            assert!(
                c.iter()
                    .all(|&w| g.disc[w as usize] >= g.disc[c[0] as usize])
            );
        }
    }
}

/// A path of 10⁶ vertices on a small thread stack.
#[test]
fn deep_path_runs_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let n = 1_000_000;
            let arcs: Vec<Vec<u32>> = (0..n)
                .map(|i| {
                    if i + 1 < n {
                        vec![i as u32 + 1]
                    } else {
                        vec![0]
                    }
                })
                .collect();
            let mut t = Tarjan::new(vec![Rec(UNVISITED); n]);
            let mut g = Adj {
                arcs,
                done: Vec::new(),
                disc: vec![0; n],
                labelled: Vec::new(),
            };
            t.run(&mut g);
            assert_eq!(g.done.len(), 1);
            assert_eq!(g.done[0], (0..n as u32).collect::<Vec<_>>());
        });
    assert!(handle.map(|h| h.join().is_ok()).unwrap_or(false));
}
