//! Reader + solver target for the users' own graph files: raw bytes read as a graph in every
//! format (and detected). Errors are fine; panics are not. A graph that reads (kept small) is
//! matched, its certificate must pass `certified::verify`, its edge classes (when bipartite)
//! must be as many as its edges, and its geography certificates must verify. Detection is
//! one of the forced readings: METIS and edge list as the rule of `read/detect.rs` says.
#![no_main]

use gridmatch::graph::certified;
use gridmatch::graph::geography;
use gridmatch::read::{AMBIGUOUS, Format, Limits, read_graph};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_vertices: 64,
        max_edges: 256,
    };
    let detected = read_graph(data, "fuzz", None, limits);
    // The first byte that tells the format (after a byte order mark and blanks).
    let first = data
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(data)
        .iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
    let number = first.is_some_and(|b| b.is_ascii_digit() || *b == b'+');
    let metis = read_graph(data, "fuzz", Some(Format::Metis), limits);
    let edges = read_graph(data, "fuzz", Some(Format::EdgeList), limits);
    match &detected {
        Ok(g) if g.format == Format::Metis && number => {
            // Only METIS reads it, or the edge list would start with the self-loop `N N`.
            assert_eq!(metis.as_ref(), Ok(g));
            if let Ok(e) = &edges {
                assert!(!g.edges.is_empty(), "{g:?}");
                assert_eq!(e.edges.first().map(|&(u, v)| u == v), Some(true), "{e:?}");
            }
        }
        Ok(g) if g.format == Format::EdgeList => {
            assert_eq!(edges.as_ref(), Ok(g));
            assert!(metis.as_ref().map_or(true, |m| m.edges.is_empty()) || !number);
        }
        Err(e) if e.expected == AMBIGUOUS && !e.found.contains("too large") => {
            assert!(metis.is_ok() && edges.is_ok(), "{e}");
        }
        _ => {}
    }
    for format in [
        None,
        Some(Format::Dimacs),
        Some(Format::MatrixMarket),
        Some(Format::EdgeList),
        Some(Format::Metis),
        Some(Format::Dense),
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
