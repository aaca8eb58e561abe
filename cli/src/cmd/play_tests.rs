//! Hostile play scripts: each test failed before its fix.

use std::io::{BufReader, Read};

use super::{PLAY_MAX_CELLS, play as play_board_file};
use crate::error::Error;
use gridmatch::formats::judge::BoardReader;
use gridmatch::puzzles::king::{Moves, Player};

// ---------------------------------------------------------------------------------------------
// king play
// ---------------------------------------------------------------------------------------------

/// Plays `board` (a King judge file) with `input` as what the person types.
fn play(board: &str, human: Player, input: impl Read) -> (Result<(), Error>, String) {
    let mut reader = BoardReader::new(board.as_bytes(), "board.in");
    let mut out = Vec::new();
    let result = play_board_file(
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
    let Err(Error::Input(e)) = result else {
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
    let Err(Error::Input(e)) = result else {
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
    assert!(matches!(result, Err(Error::Input(_))), "{result:?}");

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
