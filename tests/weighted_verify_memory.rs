//! Memory of `verify --graph` on a weighted certificate, measured in-process (this test binary
//! counts every allocation, stats_alloc around the system allocator, and holds a single test).
//!
//! A file may declare far more vertices than its edges name (`p edge 290000000 1`): the check
//! of a weighted record used to allocate tables for every declared vertex (12.4 GB for a
//! 214-byte record on that file). It now costs what the edges and the record name; an
//! unnamed vertex without an edge is exposed with dual 0, and only a perfect matching notices
//! it (the record is refused).

use gridmatch::formats::json::WeightedRecord;
use gridmatch::read::{Limits, read_weighted_graph};

#[path = "common/allocated.rs"]
mod allocated;
use allocated::allocated;

#[test]
fn weighted_records_cost_what_they_and_the_edges_name() {
    let n = 5_000_000u64;
    let file = format!("p edge {n} 2\ne 1 2 5\ne 2 3 4\n");
    let g = read_weighted_graph(file.as_bytes(), "big.col", None, Limits::default()).unwrap();
    let head = r#"{"certificate":"weighted_matching","version":2,"format":"dimacs","decimals":0,"#;
    let cases = [
        // Every question's answer, as `match --weights --json` writes it.
        (
            r#""objective":"max","cardinality":"any","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[2,10]]}}"#,
            None,
        ),
        (
            r#""objective":"min","cardinality":"maximum","result":"optimum","total":4,"size":1,"matching":[[2,3,4]],"shift":4,"duals":{},"proof":{"cover":[2]}}"#,
            None,
        ),
        (
            r#""objective":"max","cardinality":"perfect","result":"no perfect matching","size":1,"matching":[[1,2,5]],"proof":{"cover":[2]}}"#,
            None,
        ),
        // A dual on an isolated vertex, of either sign; an odd set over isolated vertices.
        (
            r#""objective":"max","cardinality":"any","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[2,10],[4000000,2]]}}"#,
            Some("4000000 is not matched but its dual is 1, positive"),
        ),
        (
            r#""objective":"max","cardinality":"any","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[1,2],[2,10],[4000000,-2]]}}"#,
            Some("the dual of 4000000 is -1, negative"),
        ),
        (
            r#""objective":"max","cardinality":"any","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[1,6],[2,4]],"blossoms":[{"dual":2,"vertices":[7,8,9]}]}}"#,
            Some("odd set"),
        ),
        // An optimum among perfect matchings, which the isolated vertices rule out.
        (
            r#""objective":"max","cardinality":"perfect","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[2,10]]}}"#,
            Some("3 is not matched"),
        ),
        // A vertex the file does not have, named in the file's words.
        (
            r#""objective":"max","cardinality":"any","result":"optimum","total":5,"size":1,"matching":[[1,2,5]],"shift":0,"duals":{"vertex":[[2,10],[5000001,0]]}}"#,
            Some("vertex 5000001 is not in the graph, which has vertices 1 to 5000000"),
        ),
    ];
    const LIMIT: usize = 64 << 10;
    for (body, refusal) in cases {
        let record: WeightedRecord = serde_json::from_str(&format!("{head}{body}")).unwrap();
        let (verdict, bytes) = allocated(|| record.verify_weights(&g.graph, &g.weights));
        match refusal {
            None => assert_eq!(verdict, Ok(()), "{body}"),
            Some(words) => {
                let why = verdict.expect_err(body).to_string();
                assert!(why.contains(words), "{body}: {why}");
            }
        }
        assert!(
            bytes < LIMIT,
            "{bytes} bytes allocated for {n} declared vertices: {body}"
        );
    }
}
