//! Hostile inputs: certificates and play scripts built to make `gridmatch` use memory or time out
//! of proportion to them. Each test failed before its fix.
//!
//! The memory of `verify`'s reader is measured in tests/memory.rs (a test binary of its own,
//! since it counts every allocation of the process).

use std::io::{BufReader, Read};
use std::process::{Command, Stdio};

use gridmatch::cli::{self, Error as AppError, PLAY_MAX_CELLS};
use gridmatch::formats::json::{ChoiceRecord, ReasonRecord};
use gridmatch::formats::judge::BoardReader;
use gridmatch::puzzles::king::{Moves, Player};
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

// ---------------------------------------------------------------------------------------------
// king play
// ---------------------------------------------------------------------------------------------

/// Plays `board` (a King judge file) with `input` as what the person types.
fn play(board: &str, human: Player, input: impl Read) -> (Result<(), AppError>, String) {
    let mut reader = BoardReader::new(board.as_bytes(), "board.in");
    let mut out = Vec::new();
    let result = cli::play(
        &mut reader,
        1,
        Moves::King,
        human,
        &mut BufReader::new(input),
        &mut out,
    );
    (result, String::from_utf8_lossy(&out).into_owned())
}

/// A King file holding one open `rows × cols` board with K in the corner.
fn open_board(rows: usize, cols: usize) -> String {
    let mut text = format!("1\n{rows} {cols}\nK{}\n", ".".repeat(cols - 1));
    for _ in 1..rows {
        text.push_str(&".".repeat(cols));
        text.push('\n');
    }
    text
}

/// Each turn redrew the whole board and each engine move solved the rest of it again: a game on
/// an open 200 × 200 board (a 40 kB file) with "1" typed at every turn ran 50 s and printed
/// gigabytes. Boards above `PLAY_MAX_CELLS` are refused (exit 2); the largest allowed is played.
#[test]
fn play_refuses_boards_too_large_to_play() {
    let (result, out) = play(&open_board(101, 100), Player::Alice, &b""[..]);
    let Err(AppError::Input(e)) = result else {
        panic!("a 101 × 100 board was played: {out}");
    };
    let message = e.to_string();
    assert!(
        message.starts_with("board.in:2:1: found a board of 101 × 100 cells, expected at most"),
        "{message}"
    );
    assert!(out.is_empty(), "{out}");

    assert_eq!(PLAY_MAX_CELLS, 100 * 100);
    let (result, out) = play(&open_board(100, 100), Player::Bob, &b""[..]);
    assert!(result.is_ok(), "{result:?}");
    assert!(out.contains("Alice (engine) moves to"), "{out}");
    assert!(out.ends_with("game abandoned\n"), "{out}");
}

/// The person's moves were read with `read_line`: a line without an end (`king play FILE <
/// /dev/zero`) was buffered whole, 10 GB in 10 s. Now at most 257 bytes of a line are read, and
/// a longer line is bad input.
#[test]
fn play_reads_a_bounded_line() {
    let endless = std::io::repeat(0).take(1 << 23);
    let (result, out) = play("1\n1 3\nK..\n", Player::Alice, endless);
    let Err(AppError::Input(e)) = result else {
        panic!("an 8 MB line was read as a move: {result:?}");
    };
    assert_eq!(
        e.to_string(),
        "<stdin>:1:257: found a line longer than 256 characters, expected a move: a number \
         from the list or `row col`"
    );
    assert!(out.len() < 1000, "{} bytes of output", out.len());

    // A long line that ends is refused the same way, and only its first 257 bytes are read.
    let mut long = vec![b'1'; 300];
    long.extend_from_slice(b"\n1\n");
    let (result, _) = play("1\n1 3\nK..\n", Player::Alice, &long[..]);
    assert!(matches!(result, Err(AppError::Input(_))), "{result:?}");

    // 256 bytes still make a move.
    let mut full = vec![b' '; 255];
    full.extend_from_slice(b"1\n");
    let (result, out) = play("1\n1 3\nK..\n", Player::Alice, &full[..]);
    assert!(result.is_ok(), "{result:?}");
    assert!(out.contains("Bob (engine) moves to (0,2)"), "{out}");
}

/// A byte that is not UTF-8 in a typed move ended the game with `error: stream did not contain
/// valid UTF-8` (an I/O error without a position); now it is a move that is not understood.
#[test]
fn play_takes_a_non_utf8_line_as_a_bad_move() {
    let (result, out) = play("1\n1 3\nK..\n", Player::Alice, &b"\xff\n1 \xc3\n1\n"[..]);
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(out.matches("is not a move").count(), 2, "{out}");
    assert!(
        out.trim_end().ends_with("Alice cannot move: Bob wins."),
        "{out}"
    );
}

/// The binary exits 2 with the message (the refused board is never drawn).
#[test]
fn play_binary_refuses_a_large_board() {
    let dir = std::env::temp_dir().join(format!("gridmatch-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.in");
    std::fs::write(&path, open_board(300, 300)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridmatch"))
        .args(["king", "play", path.to_str().unwrap(), "--side", "alice"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("found a board of 300 × 300 cells"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
