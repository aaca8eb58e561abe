//! Property tests across the layers, for every puzzle:
//!
//! - random boards, written in the judge's text format and answered by `output::answer_all`:
//!   judge answer == `--json` certificate answer, and `Record::verify` accepts every certificate;
//! - on tiny boards, all of those equal the oracles crate's exhaustive searches (rooks
//!   placement search, L tiling search, King game search memoised on the visited set), which
//!   share no code with the crate;
//! - certificates edited to claim a wrong answer are rejected by `Record::verify`;
//! - any byte string fed to any driver gives `Ok` or an `Error::Input` with line ≥ 1 and
//!   column ≥ 1, never a panic.
//!
//! Sized to run in a few seconds with `cargo test --release`.

use gridmatch::RunError as AppError;
use gridmatch::certificate::verify_records;
use gridmatch::formats::json::{Record, YesNo};
use gridmatch::formats::judge::{BoardReader, Header};
use gridmatch::formats::output::{Style as Mode, answer_all};
use gridmatch::puzzles::king::{Moves, Player};
use gridmatch::puzzles::{Puzzle, Request};
use proptest::prelude::*;
use proptest::sample::select;

/// A board as rows of bytes.
type Rows = Vec<Vec<u8>>;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // No regression files next to the tests (tests/integration/ holds only sources).
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ------------------------------------------------------------------------------------------
// Running the drivers on text
// ------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Driver {
    Rooks,
    RooksRect,
    Lpuzzle,
    King(Moves),
}

fn run(input: &[u8], driver: Driver, mode: Mode) -> Result<String, AppError> {
    let mut reader = BoardReader::new(input, "prop").with_max_cells(10_000);
    let mut out = Vec::new();
    let (puzzle, rect, moves) = match driver {
        Driver::Rooks => (Puzzle::Rooks, false, Moves::King),
        Driver::RooksRect => (Puzzle::Rooks, true, Moves::King),
        Driver::Lpuzzle => (Puzzle::Lpuzzle, false, Moves::King),
        Driver::King(moves) => (Puzzle::King, false, moves),
    };
    let extras = Request {
        moves,
        ..Request::judge()
    };
    let header = Header::of(puzzle, rect);
    answer_all(&mut reader, &mut out, puzzle, header, mode, &extras)?;
    Ok(String::from_utf8(out).expect("output is UTF-8"))
}

/// Writes boards in a judge format: `counted` puts the number of boards first; `square` writes
/// `N` headers, otherwise `R C`.
fn judge_text(boards: &[Rows], counted: bool, square: bool) -> String {
    let mut s = String::new();
    if counted {
        s += &format!("{}\n", boards.len());
    }
    for b in boards {
        if square {
            s += &format!("{}\n", b.len());
        } else {
            s += &format!("{} {}\n", b.len(), b[0].len());
        }
        for row in b {
            s += std::str::from_utf8(row).unwrap();
            s.push('\n');
        }
    }
    s
}

/// Runs the judge and `--json` modes on the same text and checks they agree and that every
/// certificate verifies; returns the judge's answer lines.
fn answers(text: &str, driver: Driver) -> Vec<String> {
    let judge = run(text.as_bytes(), driver, Mode::Judge).expect("judge mode");
    let json = run(text.as_bytes(), driver, Mode::Json).expect("json mode");
    let judge: Vec<String> = judge.lines().map(str::to_string).collect();
    let json: Vec<&str> = json.lines().collect();
    assert_eq!(
        judge.len(),
        json.len(),
        "one certificate per answer\n{text}"
    );
    for (i, (j, line)) in judge.iter().zip(&json).enumerate() {
        let rec: Record = serde_json::from_str(line).expect("a certificate");
        assert_eq!(rec.case(), i as u64 + 1);
        if let Err(why) = rec.verify() {
            panic!("certificate {} rejected: {why}\n{line}", i + 1);
        }
        let from_json = match &rec {
            Record::Rooks(r) => r.answer.to_string(),
            Record::Lpuzzle(r) => if r.answer == YesNo::Yes { "YES" } else { "NO" }.to_string(),
            Record::King(r) => format!("Case #{}: {}", i + 1, r.answer.letter()),
        };
        assert_eq!(*j, from_json, "judge answer vs certificate");
    }
    judge
}

// ------------------------------------------------------------------------------------------
// Exhaustive searches (the oracles crate's, independent of this one)
// ------------------------------------------------------------------------------------------

/// Most non-attacking rooks.
fn brute_rooks(b: &Rows) -> usize {
    gridmatch_oracles::rooks::max_rooks(b)
}

/// Can the pattern be tiled by L pieces (a black corner, a white above or below it, a white
/// left or right of it)?
fn brute_tiling(b: &Rows) -> bool {
    gridmatch_oracles::lpuzzle::tileable(b)
}

/// Who wins the King game from the board's K ('A' if the first player does): a game search
/// over (visited cells, position), memoised.
fn brute_king(b: &Rows, moves: Moves) -> char {
    use gridmatch_oracles::king::{BoardGame, steps};
    let steps = steps(moves.name()).expect("a move set the oracles know");
    let cols = b[0].len();
    let k = b.concat().iter().position(|&c| c == b'K').expect("a K");
    if BoardGame::new(b, steps).first_player_wins((k / cols, k % cols)) {
        'A'
    } else {
        'B'
    }
}

// ------------------------------------------------------------------------------------------
// Board strategies
// ------------------------------------------------------------------------------------------

/// A `rows × cols` board (sizes drawn from the ranges) over `cells` (repeat a byte to weight it).
fn board(
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
    cells: &'static [u8],
) -> impl Strategy<Value = Rows> {
    (rows, cols).prop_flat_map(move |(r, c)| {
        prop::collection::vec(prop::collection::vec(select(cells), c), r)
    })
}

fn square_board(n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Rows> {
    n.prop_flat_map(|n| prop::collection::vec(prop::collection::vec(select(&b"...X"[..]), n), n))
}

/// An L pattern made by dropping pieces on an empty board (usually tileable), then maybe
/// changing one cell (usually not).
fn tiled_pattern(max: usize) -> impl Strategy<Value = Rows> {
    (1..=max, 1..=max)
        .prop_flat_map(move |(r, c)| {
            (
                Just((r, c)),
                prop::collection::vec((0..r, 0..c, any::<bool>(), any::<bool>()), 0..=r * c),
                prop::option::of((0..r, 0..c, select(&b"BW."[..]))),
            )
        })
        .prop_map(|((rows, cols), drops, flip)| {
            let mut b = vec![vec![b'.'; cols]; rows];
            for (r, c, down, right) in drops {
                let vr = if down { r + 1 } else { r.wrapping_sub(1) };
                let hc = if right { c + 1 } else { c.wrapping_sub(1) };
                if vr >= rows || hc >= cols {
                    continue;
                }
                if b[r][c] == b'.' && b[vr][c] == b'.' && b[r][hc] == b'.' {
                    b[r][c] = b'B';
                    b[vr][c] = b'W';
                    b[r][hc] = b'W';
                }
            }
            if let Some((r, c, v)) = flip {
                b[r][c] = v;
            }
            b
        })
}

/// A King board with exactly one K.
fn king_board(max_r: usize, max_c: usize) -> impl Strategy<Value = Rows> {
    board(1..=max_r, 1..=max_c, b"...#").prop_flat_map(|b| {
        let (r, c) = (b.len(), b[0].len());
        (Just(b), 0..r, 0..c).prop_map(|(mut b, kr, kc)| {
            b[kr][kc] = b'K';
            b
        })
    })
}

fn moves() -> impl Strategy<Value = Moves> {
    select(&Moves::ALL[..])
}

// ------------------------------------------------------------------------------------------
// Answers: judge == certificate == verifier == exhaustive search
// ------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn rooks_judge_json_verify_and_brute(boards in prop::collection::vec(square_board(1..=5), 1..=4)) {
        let got = answers(&judge_text(&boards, false, true), Driver::Rooks);
        let want: Vec<String> = boards.iter().map(|b| brute_rooks(b).to_string()).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn rooks_rect_judge_json_verify_and_brute(boards in prop::collection::vec(board(1..=4, 1..=6, b"...X"), 1..=4)) {
        let got = answers(&judge_text(&boards, false, false), Driver::RooksRect);
        let want: Vec<String> = boards.iter().map(|b| brute_rooks(b).to_string()).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn lpuzzle_judge_json_verify_and_brute(
        boards in prop::collection::vec(prop_oneof![tiled_pattern(5), board(1..=4, 1..=4, b"BWW.")], 1..=4)
    ) {
        let got = answers(&judge_text(&boards, true, false), Driver::Lpuzzle);
        let want: Vec<String> = boards
            .iter()
            .map(|b| if brute_tiling(b) { "YES" } else { "NO" }.to_string())
            .collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn king_judge_json_verify_and_brute(boards in prop::collection::vec(king_board(4, 4), 1..=3), moves in moves()) {
        let got = answers(&judge_text(&boards, true, false), Driver::King(moves));
        let want: Vec<String> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| format!("Case #{}: {}", i + 1, brute_king(b, moves)))
            .collect();
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(config(100))]

    /// Bigger boards: no exhaustive search, but the layers must still agree.
    #[test]
    fn larger_boards_layers_agree(
        rooks in prop::collection::vec(square_board(6..=30), 1..=2),
        lp in prop::collection::vec(prop_oneof![tiled_pattern(24), board(2..=12, 2..=12, b"BWW.")], 1..=2),
        kings in prop::collection::vec(king_board(16, 16), 1..=2),
        moves in moves(),
    ) {
        answers(&judge_text(&rooks, false, true), Driver::Rooks);
        answers(&judge_text(&lp, true, false), Driver::Lpuzzle);
        answers(&judge_text(&kings, true, false), Driver::King(moves));
    }
}

// ------------------------------------------------------------------------------------------
// Tampered certificates: the verifier must reject every claim of a wrong answer
// ------------------------------------------------------------------------------------------

/// The `--json` records of one board.
fn records(text: &str, driver: Driver) -> Vec<Record> {
    run(text.as_bytes(), driver, Mode::Json)
        .expect("json mode")
        .lines()
        .map(|l| {
            let rec = Record::from_json(l).expect("a certificate");
            assert_eq!(serde_json::from_str::<Record>(l).ok().as_ref(), Some(&rec));
            rec
        })
        .collect()
}

proptest! {
    #![proptest_config(config(300))]

    /// Claiming one rook more (with any extra rook and any extra cover run) or one fewer is
    /// always rejected.
    #[test]
    fn rooks_wrong_answers_rejected(b in square_board(1..=5), r in 0usize..6, c in 0usize..6, grow in any::<bool>()) {
        for rec in records(&judge_text(&[b], false, true), Driver::Rooks) {
            let Record::Rooks(mut rec) = rec else { unreachable!() };
            if grow {
                rec.answer += 1;
                rec.rooks.push([r, c]);
                rec.cover.rows.push([r, c, c]);
            } else if rec.answer > 0 {
                rec.answer -= 1;
                rec.rooks.pop();
                rec.cover.rows.pop();
            } else {
                continue;
            }
            prop_assert!(Record::Rooks(rec).verify().is_err());
        }
    }

    /// Naming the other winner, with the same matching and barriers (and the start barrier
    /// added or dropped), is always rejected.
    #[test]
    fn king_wrong_winner_rejected(b in king_board(4, 4), moves in moves()) {
        for rec in records(&judge_text(&[b], true, false), Driver::King(moves)) {
            let Record::King(mut rec) = rec else { unreachable!() };
            if rec.answer == Player::Alice {
                rec.answer = Player::Bob;
                rec.barrier_without_start = None;
            } else {
                rec.answer = Player::Alice;
                rec.barrier_without_start = Some(rec.barrier.clone());
            }
            prop_assert!(Record::King(rec).verify().is_err());
        }
    }

    /// A tiling with a piece dropped or doubled is rejected; so is "NO" for a tileable
    /// pattern, whatever the reason.
    #[test]
    fn lpuzzle_broken_answers_rejected(b in tiled_pattern(5), which in any::<prop::sample::Index>(), double in any::<bool>()) {
        for rec in records(&judge_text(&[b], true, false), Driver::Lpuzzle) {
            let Record::Lpuzzle(rec) = rec else { unreachable!() };
            let Some(pieces) = rec.pieces.clone() else { continue };
            if pieces.is_empty() {
                continue;
            }
            let mut broken = rec.clone();
            let i = which.index(pieces.len());
            let p = broken.pieces.as_mut().unwrap();
            if double {
                p.push(pieces[i]);
            } else {
                p.remove(i);
            }
            prop_assert!(Record::Lpuzzle(broken).verify().is_err());
            let mut no = rec.clone();
            no.answer = YesNo::No;
            no.pieces = None;
            no.reason = Some(gridmatch::formats::json::ReasonRecord::Count {
                message: String::new(),
                blacks: pieces.len(),
                whites: 2 * pieces.len(),
                cells: vec![],
            });
            prop_assert!(Record::Lpuzzle(no).verify().is_err());
        }
    }
}

// ------------------------------------------------------------------------------------------
// Any bytes: Ok or a positioned input error, never a panic
// ------------------------------------------------------------------------------------------

/// Checks the contract on one input for one driver.
fn positioned_or_ok(input: &[u8], driver: Driver) -> Result<(), TestCaseError> {
    for mode in [Mode::Judge, Mode::Json, Mode::Show] {
        match run(input, driver, mode) {
            Ok(_) => {}
            Err(AppError::Input(e)) => {
                prop_assert!(e.line >= 1 && e.col >= 1, "{driver:?}: {e:?}");
            }
            Err(e) => prop_assert!(false, "{driver:?}: not an input error: {e}"),
        }
    }
    Ok(())
}

/// The same contract for `verify`: invalid UTF-8 and JSON errors that serde_json reports
/// without a column included (F1, F2 of fuzz/README.md, fixed in 4f56825).
fn verify_positioned_or_ok(input: &[u8]) -> Result<(), TestCaseError> {
    let mut out = Vec::new();
    match verify_records(input, "prop", &mut out, 1 << 30, None) {
        Ok(s) => prop_assert!(s.failed <= s.checked),
        Err(AppError::Input(e)) => prop_assert!(e.line >= 1 && e.col >= 1, "verify: {e:?}"),
        Err(e) => prop_assert!(false, "verify: not an input error: {e}"),
    }
    Ok(())
}

/// Bytes that look like judge input: digits, signs, blanks, line ends and board characters,
/// with the odd stray byte.
fn judge_like() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            8 => select(&b"0123456789"[..]),
            6 => select(&b" \n\n\n"[..]),
            6 => select(&b".X#KBW"[..]),
            1 => select(&b"-+\t\r"[..]),
            1 => any::<u8>(),
        ],
        0..120,
    )
}

/// Text that looks like certificates: a real one with a few bytes changed.
fn json_like() -> impl Strategy<Value = Vec<u8>> {
    let seeds = vec![
        r#"{"puzzle":"rooks","case":1,"board":["X.",".."],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[1,0,1]],"cols":[[1,0,1]]}}"#,
        r#"{"puzzle":"lpuzzle","case":1,"board":["BW","W."],"answer":"YES","pieces":[[[0,0],[1,0],[0,1]]]}"#,
        r#"{"puzzle":"lpuzzle","case":2,"board":["B"],"answer":"NO","reason":{"kind":"count","message":"m","blacks":1,"whites":0,"cells":[]}}"#,
        r#"{"puzzle":"king","case":1,"moves":"king","board":["K.",".#"],"answer":"B","matching":[[0,1,1,0]],"barrier":[]}"#,
    ];
    (
        select(seeds),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    )
        .prop_map(|(s, edits)| {
            let mut b = s.as_bytes().to_vec();
            for (i, v) in edits {
                let i = i.index(b.len());
                b[i] = if v < 128 {
                    v
                } else {
                    b"0123456789[],:\"-"[v as usize % 16]
                };
            }
            b
        })
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn any_bytes_rooks(input in prop::collection::vec(any::<u8>(), 0..200)) {
        positioned_or_ok(&input, Driver::Rooks)?;
        positioned_or_ok(&input, Driver::RooksRect)?;
    }

    #[test]
    fn any_bytes_lpuzzle(input in prop::collection::vec(any::<u8>(), 0..200)) {
        positioned_or_ok(&input, Driver::Lpuzzle)?;
    }

    #[test]
    fn any_bytes_king(input in prop::collection::vec(any::<u8>(), 0..200)) {
        positioned_or_ok(&input, Driver::King(Moves::King))?;
    }

    #[test]
    fn judge_like_bytes_every_driver(input in judge_like()) {
        positioned_or_ok(&input, Driver::Rooks)?;
        positioned_or_ok(&input, Driver::RooksRect)?;
        positioned_or_ok(&input, Driver::Lpuzzle)?;
        positioned_or_ok(&input, Driver::King(Moves::King))?;
        positioned_or_ok(&input, Driver::King(Moves::Knight))?;
    }

    /// `verify` on arbitrary text.
    #[test]
    fn any_text_verify(input in ".{0,200}") {
        verify_positioned_or_ok(input.as_bytes())?;
    }

    #[test]
    fn json_like_verify(input in json_like()) {
        verify_positioned_or_ok(&input)?;
    }

    /// `Record::from_json` (tag first, no buffering) reads what serde's derived, buffering
    /// reader for `Record` reads: the same record, or an error for the same lines (arrays
    /// aside). Both read an L-puzzle reason with `ReasonRecord`'s own reader, which
    /// tests/integration/hostile.rs compares with a derived copy of the enum.
    #[test]
    fn from_json_agrees_with_serde_derive(input in json_like()) {
        let Ok(line) = std::str::from_utf8(&input) else { return Ok(()) };
        let fast = Record::from_json(line);
        let derived = serde_json::from_str::<Record>(line);
        match (&fast, &derived) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(_), Err(_)) => {}
            // Only the derived reader takes a whole record written as an array.
            (Err(_), Ok(_)) if line.trim_start().starts_with('[') => {}
            _ => prop_assert!(false, "{line}: from_json {fast:?}, derived {derived:?}"),
        }
    }
}

// ------------------------------------------------------------------------------------------
// Regressions of the fuzz findings F1-F3 (fuzz/README.md)
// ------------------------------------------------------------------------------------------

/// A certificate line with a missing field: serde_json gives no column (0); `verify` used to
/// pass it on as `FILE:1:0`.
#[test]
fn verify_missing_field_has_a_column() {
    let mut out = Vec::new();
    match verify_records(&br#"{"puzzle":"rooks"}"#[..], "t", &mut out, 1 << 30, None) {
        Err(AppError::Input(e)) => assert!(e.line == 1 && e.col >= 1, "{e:?}"),
        other => panic!("expected an input error, got {other:?}"),
    }
}

/// Invalid UTF-8 in a certificate file: `verify` used to read with `BufRead::lines` and give an
/// I/O error without file, line or column.
#[test]
fn verify_invalid_utf8_is_an_input_error() {
    let mut out = Vec::new();
    match verify_records(&b"\n\xff\xfe\n"[..], "t", &mut out, 1 << 30, None) {
        Err(AppError::Input(e)) => assert!(e.line == 2 && e.col >= 1, "{e:?}"),
        other => panic!("expected an input error at line 2, got {other:?}"),
    }
}

/// King certificates with coordinates near `usize::MAX` are refused, not overflowed (F3 of
/// fuzz/README.md: a panic in builds with overflow checks, such as `cargo test` without
/// `--release`).
#[test]
fn king_verify_huge_coordinates() {
    for line in [
        r#"{"puzzle":"king","case":1,"moves":"king","board":["K."],"answer":"B","matching":[[18446744073709551615,0,0,1]],"barrier":[]}"#,
        r#"{"puzzle":"king","case":1,"moves":"king","board":["K."],"answer":"B","matching":[],"barrier":[[9223372036854775808,0]]}"#,
    ] {
        let rec: Record = serde_json::from_str(line).unwrap();
        assert!(rec.verify().is_err(), "{line}");
    }
}

/// A certificate whose first board row is long and whose other rows are short: the verifier
/// used to reserve rows × (first row's length) cells, 10¹² here, and abort on the allocation
/// (found in review, session 2). Rows are now compared before anything is allocated.
#[test]
fn verify_ragged_board_allocates_nothing_big() {
    let mut board = vec![".".repeat(1_000_000)];
    board.extend(std::iter::repeat_n(".".to_string(), 1_000_000));
    let err = Puzzle::Rooks.grid_from_lines(&board).unwrap_err();
    assert_eq!(err.to_string(), "board row 1 has 1 cell, row 0 has 1000000");
}

proptest! {
    #![proptest_config(config(400))]

    /// The contract on any bytes, invalid UTF-8 included.
    #[test]
    fn any_bytes_verify(input in prop_oneof![prop::collection::vec(any::<u8>(), 0..200), json_like()]) {
        verify_positioned_or_ok(&input)?;
    }
}
