//! Reader + solver target for the users' own graph files: raw bytes read as a graph in every
//! format (and detected). Errors are fine; panics are not. A graph that reads (kept small) is
//! matched, its certificate must pass `certified::verify`, its edge classes (when bipartite)
//! must be as many as its edges, and its geography certificates must verify.
#![no_main]

use gridmatch::graph::certified;
use gridmatch::graph::geography;
use gridmatch::graph::read::{Format, Limits, read_graph};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_vertices: 64,
        max_edges: 256,
    };
    for format in [
        None,
        Some(Format::Dimacs),
        Some(Format::MatrixMarket),
        Some(Format::EdgeList),
        Some(Format::Metis),
    ] {
        let Ok(g) = read_graph(data, "fuzz", format, limits) else {
            continue;
        };
        let cert = certified::maximum_matching(&g);
        assert_eq!(cert.pairs.len(), certified::matching_size(&g));
        if let Err(why) = certified::verify(&g, &cert) {
            panic!("the solver's certificate fails: {why}\n{g:?}\n{cert:?}");
        }
        if let Ok(classes) = certified::classify(&g) {
            assert_eq!(classes.len(), g.edges.len());
        }
        let n = certified::Vertices::of(&g).n;
        let edges = certified::edges(&g);
        let game = certified::geography(&g);
        for v in 0..n as u32 {
            let c = game.certificate(v);
            assert_eq!(c.winner(), game.winner(v));
            if let Err(why) = geography::verify(n, &edges, v, &c) {
                panic!("geography certificate from {v} fails: {why}\n{g:?}");
            }
        }
    }
});
