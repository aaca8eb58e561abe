//! Memory of `verify`'s reader, measured in-process: this test binary counts every allocation
//! (stats_alloc around the system allocator) and holds a single test, so nothing else allocates
//! while it measures.
//!
//! serde's derived reader of an internally tagged enum buffers the whole value as a tree before
//! it looks at the tag: about 30 bytes per byte of input (a 48 MB `cells` list in an L-puzzle
//! "NO" reason made `gridmatch verify` take 1.5 GB). `Record::from_json` and `ReasonRecord`'s
//! reader read each field straight into its place; the bytes they allocate stay a small
//! multiple of the line.

use gridmatch::formats::json::Record;
use serde::Deserialize;

#[path = "common/allocated.rs"]
mod allocated;
use allocated::allocated;

fn repeated(item: &str, n: usize) -> String {
    vec![item; n].join(",")
}

/// The buffering reader `ReasonRecord` used to have (`#[derive(Deserialize)]` on the tagged
/// enum), for the count variant: the measure below must be able to tell the two apart.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[allow(dead_code)] // read only to be measured
enum Buffered {
    Count {
        message: String,
        blacks: usize,
        whites: usize,
        cells: Vec<[usize; 2]>,
    },
}

#[test]
fn verify_reads_certificates_without_a_buffered_copy() {
    let n = 400_000;
    let cells = repeated("[0,0]", n);
    let cases = [
        // 16 bytes per 6-byte `[0,0],` once read, plus the vector's growth.
        (
            "cells",
            format!(r#""kind":"count","message":"","blacks":1,"whites":0,"cells":[{cells}]"#),
        ),
        // The same list before `kind`.
        (
            "cells first",
            format!(r#""cells":[{cells}],"kind":"count","message":"","blacks":1,"whites":0"#),
        ),
        // A key the reason does not have: skipped, not kept.
        (
            "unknown key",
            format!(
                r#""kind":"count","message":"","blacks":1,"whites":0,"cells":[],"junk":[{cells}]"#
            ),
        ),
        // A chain: 40 bytes and a small string per 26-byte choice.
        (
            "chain",
            format!(
                r#""kind":"conflict","message":"","cells":[],"chain":[{}]"#,
                repeated(r#"{"cell":[0,0],"dir":"up"}"#, n / 4)
            ),
        ),
    ];
    const LIMIT: usize = 10; // bytes allocated per byte of input (7.0 for `cells`)
    for (what, body) in &cases {
        let line = format!(
            r#"{{"puzzle":"lpuzzle","case":1,"board":["B"],"answer":"NO","reason":{{{body}}}}}"#
        );
        let (record, bytes) = allocated(|| Record::from_json(&line));
        assert_eq!(
            record.map(|r| r.puzzle().name()).ok(),
            Some("lpuzzle"),
            "{what}"
        );
        let per_byte = bytes as f64 / line.len() as f64;
        assert!(
            bytes < LIMIT * line.len(),
            "{what}: reading a {} byte line allocated {bytes} bytes ({per_byte:.1} per input byte)",
            line.len()
        );
    }
    // The measure is not blind: serde's buffering reader goes far over the limit.
    let body = format!("{{{}}}", cases[0].1);
    let (record, bytes) = allocated(|| serde_json::from_str::<Buffered>(&body));
    assert!(record.is_ok());
    eprintln!(
        "buffered: {:.1} bytes per input byte",
        bytes as f64 / body.len() as f64
    );
    assert!(
        bytes > 2 * LIMIT * body.len(),
        "the buffered reader allocated only {bytes} bytes for {} bytes",
        body.len()
    );
}
