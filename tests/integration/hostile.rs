//! Hostile inputs: certificates built to make `gridmatch` use memory or time out of proportion
//! to them. Each test failed before its fix (`king play`'s are in the binary crate).
//!
//! The memory of `verify`'s reader is measured in tests/memory.rs (a test binary of its own,
//! since it counts every allocation of the process).

use gridmatch::formats::json::{ChoiceRecord, ReasonRecord};
use gridmatch::puzzles::lpuzzle::{Axis, Dir};
use proptest::prelude::*;
use serde::Deserialize;

// ---------------------------------------------------------------------------------------------
// verify: the L-puzzle reason reads what serde's derived reader read (its memory: tests/memory.rs)
// ---------------------------------------------------------------------------------------------

/// What `#[derive(Deserialize)]` reads for `ReasonRecord` (its former reader), to compare with.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum DerivedReason {
    Count {
        message: String,
        blacks: usize,
        whites: usize,
        cells: Vec<[usize; 2]>,
    },
    Stranded {
        message: String,
        cell: [usize; 2],
        axis: Axis,
        cells: Vec<[usize; 2]>,
    },
    Conflict {
        message: String,
        chain: Vec<DerivedChoice>,
        cells: Vec<[usize; 2]>,
    },
}

#[derive(Debug, PartialEq, Deserialize)]
struct DerivedChoice {
    cell: [usize; 2],
    dir: Dir,
}

impl From<DerivedReason> for ReasonRecord {
    fn from(r: DerivedReason) -> ReasonRecord {
        match r {
            DerivedReason::Count {
                message,
                blacks,
                whites,
                cells,
            } => ReasonRecord::Count {
                message,
                blacks,
                whites,
                cells,
            },
            DerivedReason::Stranded {
                message,
                cell,
                axis,
                cells,
            } => ReasonRecord::Stranded {
                message,
                cell,
                axis,
                cells,
            },
            DerivedReason::Conflict {
                message,
                chain,
                cells,
            } => ReasonRecord::Conflict {
                message,
                chain: chain
                    .into_iter()
                    .map(|c| ChoiceRecord {
                        cell: c.cell,
                        dir: c.dir,
                    })
                    .collect(),
                cells,
            },
        }
    }
}

fn assert_reads_like_derive(text: &str) -> Result<(), TestCaseError> {
    let ours = serde_json::from_str::<ReasonRecord>(text).ok();
    let derived = serde_json::from_str::<DerivedReason>(text)
        .ok()
        .map(ReasonRecord::from);
    prop_assert_eq!(ours, derived, "{}", text);
    Ok(())
}

const REASONS: [&str; 6] = [
    r#"{"kind":"count","message":"m","blacks":1,"whites":0,"cells":[]}"#,
    r#"{"kind":"stranded","message":"m","cell":[0,0],"axis":"vertical","cells":[[0,0]]}"#,
    r#"{"kind":"conflict","message":"m","chain":[{"cell":[0,0],"dir":"up"},{"cell":[0,0],"dir":"down"}],"cells":[[0,0]]}"#,
    r#"{"message":"m","kind":"stranded","cells":[],"axis":"horizontal","cell":[2,3],"blacks":"x"}"#,
    r#"["count","m",1,0,[[1,2]]]"#,
    r#"["conflict","m",[{"cell":[0,0],"dir":"up"}],[]]"#,
];

#[test]
fn reason_reads_what_serde_derive_read() {
    for text in REASONS {
        assert!(serde_json::from_str::<ReasonRecord>(text).is_ok(), "{text}");
        assert_reads_like_derive(text).unwrap();
    }
    for text in [
        // Keys of another variant after `kind` are skipped, whatever they hold.
        r#"{"kind":"count","message":"m","blacks":1,"whites":0,"cells":[],"chain":5,"chain":{}}"#,
        r#"{"kind":"count","message":"m","blacks":1,"whites":0,"cells":[],"kind":"count"}"#,
        r#"{"kind":"count","message":"m","blacks":1,"whites":0}"#,
        r#"{"kind":"count","message":"m","blacks":1,"whites":0,"cells":[],"cells":[]}"#,
        r#"{"kind":"cross","message":"m","cells":[]}"#,
        r#"{"kind":0,"message":"m","blacks":1,"whites":0,"cells":[]}"#,
        r#"{"message":"m","blacks":1,"whites":0,"cells":[]}"#,
        r#"["count","m",1,0]"#,
        r#"["count","m",1,0,[],5]"#,
        r#"[]"#,
        r#"5"#,
        r#"null"#,
    ] {
        assert_reads_like_derive(text).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random edits of good reasons (`kind` first, as `--json` writes it) read the same.
    #[test]
    fn edited_reasons_read_what_serde_derive_read(
        seed in prop::sample::select(&REASONS[..3]),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let mut bytes = seed.as_bytes().to_vec();
        for (i, v) in edits {
            let i = i.index(bytes.len());
            bytes[i] = if v < 128 { v } else { b"0123456789[],:\"{}"[v as usize % 17] };
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            assert_reads_like_derive(text)?;
        }
    }
}
