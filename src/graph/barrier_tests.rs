use super::*;
use crate::graph::general::{gallai_edmonds, maximum_matching};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn minimized_barriers_stay_barriers_and_are_minimal() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut shrunk = 0;
    for _ in 0..3000 {
        let n = rng.random_range(1..=12usize);
        let p = rng.random_range(0.05..0.6);
        let mut edges = Vec::new();
        for u in 0..n as u32 {
            for v in u + 1..n as u32 {
                if rng.random_bool(p) {
                    edges.push((u, v));
                }
            }
        }
        let g = Graph::from_edges(n, &edges);
        let m = maximum_matching(&g);
        let target = n as i64 - 2 * m.len() as i64;
        let a = gallai_edmonds(&g, &m).barrier();
        assert_eq!(deficiency(&g, &a), target);
        let x = minimize(&g, &a);
        assert_eq!(deficiency(&g, &x), target, "not a barrier any more");
        assert!(x.iter().all(|v| a.contains(v)));
        shrunk += usize::from(x.len() < a.len());
        for i in 0..x.len() {
            let mut y = x.clone();
            y.remove(i);
            assert!(
                deficiency(&g, &y) < target,
                "vertex {} could be dropped",
                x[i]
            );
        }
    }
    assert!(shrunk > 100, "minimisation rarely did anything: {shrunk}");
}
