//! The weighted record's question words: written and read by name (`Sense` and `Cardinality`
//! by name, in `graph::weighted`), a wrong word refused with the words allowed.

use super::WeightedRecord;
use crate::graph::read::{Limits, read_weighted_graph};

#[test]
fn the_question_is_written_by_name_and_a_wrong_name_fails() {
    let g = read_weighted_graph(&b"0 1 5\n1 2 3\n"[..], "w.txt", None, Limits::default()).unwrap();
    let (input, weights) = (&g.graph, &g.weights.values);
    let line = r#"{"certificate":"weighted_matching","version":2,"format":"edges","objective":"max","cardinality":"any","decimals":0,"result":"optimum","total":5,"size":1,"matching":[[0,1,5]],"shift":0,"duals":{"vertex":[[1,10]]}}"#;
    let record: WeightedRecord = serde_json::from_str(line).unwrap();
    assert_eq!(record.verify(input, weights, 0), Ok(()));
    assert_eq!(serde_json::to_string(&record).unwrap(), line);
    for (field, bad, message) in [
        ("objective", "mux", "objective \"mux\": expected max or min"),
        (
            "cardinality",
            "all",
            "cardinality \"all\": expected any, maximum or perfect",
        ),
    ] {
        let mut tampered = record.clone();
        match field {
            "objective" => tampered.objective = bad.into(),
            _ => tampered.cardinality = bad.into(),
        }
        let err = tampered.verify(input, weights, 0).unwrap_err();
        assert_eq!(err.to_string(), message, "{field}");
    }
}
