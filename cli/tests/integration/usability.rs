//! What a new user hits first, through the binary: terminals (stdin typed by hand, progress on
//! stderr), `king play` from stdin and its messages, `--svg` paths, `verify` on stdin, byte-order
//! marks, and the hints for a file given to the wrong command. Each test failed before its fix.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{BIN, Run, run, run_bytes, run_within, temp_file};
use crate::pty::pty;
use serde_json::Value;

/// Generous: these are liveness checks (an answer comes at all), not speed checks.
const PATIENCE: Duration = Duration::from_secs(30);

/// Runs `gridmatch ARGS` with `stdin` for at most `PATIENCE`.
fn run_patiently(args: &[&str], stdin: &[u8]) -> Run {
    run_within(args, stdin, PATIENCE)
}

/// Waits for `child` at most `PATIENCE`.
fn wait_or_kill(child: &mut Child, what: &str) -> Option<i32> {
    crate::common::wait_or_kill(child, what, PATIENCE)
}

// ---------------------------------------------------------------------------------------------
// A terminal on stdin: each board is answered as soon as it is typed
// ---------------------------------------------------------------------------------------------

/// Reads lines of `out` on a thread, so the test can wait for one with a deadline.
fn line_reader(out: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

#[test]
fn boards_typed_on_a_terminal_are_answered_one_by_one() {
    for (args, boards, answers) in [
        (
            &["rooks"][..],
            ["2\n..\n..\n", "1\nX\n", "3\n.X.\nX.X\n.X.\n"],
            ["2", "0", "5"],
        ),
        (
            &["king"][..],
            ["3\n1 2\nK.\n", "1 1\nK\n", "1 3\nK..\n"],
            ["Case #1: A", "Case #2: B", "Case #3: B"],
        ),
    ] {
        let term = pty();
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(term.open_slave())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let echo = term.drain();
        let lines = line_reader(child.stdout.take().unwrap());
        let mut typing = term.master.try_clone().unwrap();
        for (board, answer) in boards.iter().zip(answers) {
            typing.write_all(board.as_bytes()).unwrap();
            let got = lines.recv_timeout(PATIENCE);
            assert_eq!(
                got.as_deref(),
                Ok(answer),
                "{args:?}: the answer to {board:?} should come while the terminal stays open"
            );
        }
        // Ctrl-D at the start of a line: end of input.
        typing.write_all(b"\x04").unwrap();
        assert_eq!(wait_or_kill(&mut child, "after Ctrl-D"), Some(0));
        drop((typing, term));
        let _ = echo;
    }
}

// ---------------------------------------------------------------------------------------------
// Progress on a terminal's stderr
// ---------------------------------------------------------------------------------------------

/// Runs `gridmatch ARGS FILE` with stderr on a terminal and stdout in a pipe of which `lines`
/// lines are read (all if `None`) before it is closed; returns what the terminal showed.
fn progress_run(args: &[&str], lines: Option<usize>) -> (Option<i32>, String) {
    let term = pty();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(term.open_slave())
        .spawn()
        .unwrap();
    let screen = term.drain();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let mut read = 0;
    while lines.is_none_or(|n| read < n) {
        line.clear();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        read += 1;
    }
    drop(out);
    let code = wait_or_kill(&mut child, &format!("{args:?}"));
    drop(term);
    let shown = screen.join().unwrap();
    (code, String::from_utf8_lossy(&shown).into_owned())
}

/// What is left on a terminal line after the last "erase the line" sequence.
fn left_on_screen(shown: &str) -> &str {
    let after = shown.rsplit("\x1b[2K").next().unwrap_or(shown);
    after.trim_matches(|c: char| c.is_whitespace())
}

fn many_boards(puzzle: &str, rows: usize, count: usize) -> crate::common::TempFile {
    let text = run(
        &[
            "gen",
            puzzle,
            "--rows",
            &rows.to_string(),
            "--count",
            &count.to_string(),
        ],
        "",
    )
    .ok();
    temp_file(&format!("progress-{puzzle}.in"), text.as_bytes())
}

#[test]
fn progress_is_a_bar_with_a_rate_and_eta_when_the_count_is_known() {
    let file = many_boards("king", 60, 400);
    let (code, shown) = progress_run(&["king", "--all", file.to_str().unwrap()], None);
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains("/400"),
        "a count out of the total: {shown:?}"
    );
    assert!(shown.contains("ETA"), "an ETA: {shown:?}");
    assert!(shown.contains("boards/s"), "a rate: {shown:?}");
    assert_eq!(left_on_screen(&shown), "", "cleared at the end: {shown:?}");
}

#[test]
fn progress_without_a_known_count_is_a_plain_counter() {
    let file = many_boards("rooks", 60, 3000);
    let (code, shown) = progress_run(&["rooks", "--show", file.to_str().unwrap()], None);
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("boards solved"), "a counter: {shown:?}");
    // Never `178/178`: there is no total to show.
    let fraction = regex_like_fraction(&shown);
    assert!(
        fraction.is_none(),
        "no total is known: {fraction:?} in {shown:?}"
    );
    assert_eq!(left_on_screen(&shown), "", "cleared at the end: {shown:?}");
}

/// The first `digits/digits` in `s`, if any.
fn regex_like_fraction(s: &str) -> Option<String> {
    let b = s.as_bytes();
    (1..b.len().saturating_sub(1)).find_map(|i| {
        (b[i] == b'/' && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit()).then(|| {
            let start = s[..i]
                .rfind(|c: char| !c.is_ascii_digit())
                .map_or(0, |k| k + 1);
            let end = s[i + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(s.len(), |k| i + 1 + k);
            s[start..end].to_string()
        })
    })
}

#[test]
fn progress_is_cleared_when_the_reader_of_stdout_stops_early() {
    let file = many_boards("king", 60, 2000);
    let (code, shown) = progress_run(&["king", "--all", file.to_str().unwrap()], Some(3));
    assert_eq!(code, Some(0), "a closed pipe is success: {shown}");
    assert_eq!(left_on_screen(&shown), "", "cleared: {shown:?}");
}

#[test]
fn no_progress_turns_it_off() {
    let file = many_boards("king", 60, 400);
    let (code, shown) = progress_run(
        &["king", "--all", "--no-progress", file.to_str().unwrap()],
        None,
    );
    assert_eq!(code, Some(0), "{shown}");
    assert_eq!(shown, "", "nothing on the terminal");
}

// ---------------------------------------------------------------------------------------------
// king play
// ---------------------------------------------------------------------------------------------

#[test]
fn king_play_reads_the_board_and_then_the_moves_from_stdin() {
    // The board, then the moves, all on stdin.
    let r = run_patiently(&["king", "play", "-"], b"1\n1 3\nK..\n1\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("You are Alice"), "{}", r.stdout);
    assert!(
        r.stdout
            .trim_end()
            .ends_with("Alice cannot move: Bob wins."),
        "{}",
        r.stdout
    );
    // Only the board: the game starts and ends with the input.
    let r = run_patiently(&["king", "play", "-"], b"1\n2 2\nK.\n..\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("game abandoned"), "{}", r.stdout);
}

fn play(board: &str, args: &[&str], script: &str) -> String {
    let path = temp_file("play.in", board.as_bytes());
    let mut full = vec!["king", "play", path.to_str().unwrap()];
    full.extend_from_slice(args);
    run_patiently(&full, script.as_bytes()).ok()
}

#[test]
fn king_play_shows_the_numbered_moves_only_to_the_person() {
    // Bob is the person: Alice (the engine) moves first, from a board with three moves.
    let out = play("1\n3 3\nK..\n...\n..#\n", &["--side", "bob"], "");
    let engine = out.find("Alice (engine) moves").expect(&out);
    assert!(
        !out[..engine].contains("moves: 1="),
        "the engine's turn lists no numbered moves:\n{out}"
    );
    assert!(
        out[engine..].contains("moves: 1="),
        "Bob's turn does:\n{out}"
    );
}

#[test]
fn king_play_understands_quit_and_help() {
    for quit in ["q", "quit", "exit"] {
        let out = play("1\n3 3\nK..\n...\n..#\n", &[], &format!("{quit}\n1\n"));
        assert!(out.contains("game abandoned"), "{quit}: {out}");
        assert!(!out.contains("not a move"), "{quit}: {out}");
        assert!(
            !out.contains("Alice moves to") && !out.contains("(engine) moves"),
            "{quit}: the game stops at once: {out}"
        );
    }
    for help in ["help", "h", "?"] {
        let out = play("1\n3 3\nK..\n...\n..#\n", &[], &format!("{help}\n"));
        assert!(!out.contains("not a move"), "{help}: {out}");
        assert!(out.contains("row col"), "{help}: explains moves: {out}");
        assert!(out.contains("quit"), "{help}: explains quitting: {out}");
    }
}

#[test]
fn king_play_says_which_squares_are_on_the_board() {
    for off in ["9 9", "-1 0", "0 -1", "99999999999999999999 0"] {
        let out = play("1\n3 3\nK..\n...\n..#\n", &[], &format!("{off}\n"));
        assert!(out.contains("off the board"), "{off}: {out}");
        assert!(
            out.contains("rows 0 to 2") && out.contains("columns 0 to 2"),
            "{off}: names the board's squares: {out}"
        );
        assert!(!out.contains("not a move:"), "{off}: {out}");
    }
}

#[test]
fn king_play_with_one_move_says_so() {
    // From the corner of a 1×3 board the only move is (0,1).
    let out = play("1\n1 3\nK..\n", &[], "2\n");
    assert!(!out.contains("choose 1 to 1"), "{out}");
    assert!(out.contains("the only move is 1"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// --svg paths
// ---------------------------------------------------------------------------------------------

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("gridmatch-usability")
        .join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn svg_into_a_file_or_an_impossible_place_names_the_path() {
    let dir = scratch_dir("svg-paths");
    let file = dir.join("a-file");
    std::fs::write(&file, "keep me").unwrap();
    let under_file = file.join("sub");
    for target in [&file, &under_file] {
        let t = target.to_str().unwrap();
        let r = run(&["rooks", "--svg", t], "1\n.\n");
        assert_eq!(r.code, Some(2), "{t}: {}", r.stderr);
        assert!(r.stderr.contains(t), "{t}: the path is named: {}", r.stderr);
        assert!(
            r.stderr.contains("directory"),
            "{t}: says a directory is expected: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("os error"), "{t}: {}", r.stderr);
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
}

#[test]
fn svg_replaces_a_planted_symlink_instead_of_writing_through_it() {
    let dir = scratch_dir("svg-symlink");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let pictures = dir.join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let planted = pictures.join("case-0001.svg");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let r = run(&["rooks", "--svg", pictures.to_str().unwrap()], "1\n.\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "precious",
        "the symlink's target is untouched"
    );
    let meta = std::fs::symlink_metadata(&planted).unwrap();
    assert!(meta.is_file(), "the picture is a file of its own now");
    assert!(std::fs::read_to_string(&planted).unwrap().contains("<svg"));
}

// ---------------------------------------------------------------------------------------------
// king --json --all, verify on stdin
// ---------------------------------------------------------------------------------------------

#[test]
fn king_json_all_carries_the_map_and_verify_checks_it() {
    let input = "1\n2 3\nK.#\n...\n";
    let out = run(&["king", "--json", "--all"], input).ok();
    let rec: Value = serde_json::from_str(out.trim()).unwrap();
    let map: Vec<String> = rec["map"]
        .as_array()
        .expect("a map")
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let judge = run(&["king", "--all"], input).ok();
    let rows: Vec<&str> = judge.lines().skip(1).collect();
    assert_eq!(map, rows, "the map is the one --all prints");
    let ok = run(&["verify"], &out);
    assert_eq!(ok.code, Some(0), "{}{}", ok.stdout, ok.stderr);
    // A map that does not fit the board, or contradicts the certificate's winner, fails.
    for bad in [
        serde_json::json!(["AA#", "AAA"]),
        serde_json::json!(["BB", "BBB"]),
        serde_json::json!(["BBB", "BBB"]),
    ] {
        let mut tampered = rec.clone();
        tampered["map"] = bad.clone();
        let r = run(&["verify"], &format!("{tampered}\n"));
        assert_eq!(r.code, Some(1), "{bad}: {}{}", r.stdout, r.stderr);
    }
}

/// Sets square `(r, c)` of a record's map to `letter`.
fn with_map_letter(rec: &Value, (r, c): (usize, usize), letter: char) -> Value {
    let mut m = rec.clone();
    let row = m["map"][r].as_str().unwrap();
    let mut row: Vec<char> = row.chars().collect();
    row[c] = letter;
    m["map"][r] = Value::String(row.into_iter().collect());
    m
}

#[test]
fn king_maps_of_generated_boards_verify_and_their_contradictions_fail() {
    let squares = |v: &Value| -> Vec<(usize, usize)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c[0].as_u64().unwrap() as usize,
                    c[1].as_u64().unwrap() as usize,
                )
            })
            .collect()
    };
    for moves in ["king", "wazir", "ferz", "knight"] {
        let input = run(
            &[
                "gen",
                "king",
                "--rows",
                "6",
                "--density",
                "0.3",
                "--count",
                "40",
                "--seed",
                "5",
            ],
            "",
        )
        .ok();
        let out = run(&["king", "--json", "--all", "--moves", moves], &input).ok();
        let judge = run(&["king", "--all", "--moves", moves], &input).ok();
        let mut rows = judge.lines();
        let records: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 40);
        let mut broken = Vec::new();
        for rec in &records {
            rows.next(); // Case #x: …
            let map: Vec<String> = serde_json::from_value(rec["map"].clone()).unwrap();
            let printed: Vec<&str> = rows.by_ref().take(map.len()).collect();
            assert_eq!(map, printed, "{moves}: the map --all prints");
            let board: Vec<String> = serde_json::from_value(rec["board"].clone()).unwrap();
            let mut covered = std::collections::HashSet::new();
            for m in rec["matching"].as_array().unwrap() {
                let m: Vec<usize> = serde_json::from_value(m.clone()).unwrap();
                covered.insert((m[0], m[1]));
                covered.insert((m[2], m[3]));
            }
            let exposed = (0..board.len())
                .flat_map(|r| (0..board[0].len()).map(move |c| (r, c)))
                .find(|&(r, c)| board[r].as_bytes()[c] != b'#' && !covered.contains(&(r, c)));
            if let Some(sq) = exposed {
                broken.push(with_map_letter(rec, sq, 'A'));
            }
            if let Some(&sq) = squares(&rec["barrier"]).first() {
                broken.push(with_map_letter(rec, sq, 'B'));
            }
            let start = (0..board.len())
                .find_map(|r| board[r].find('K').map(|c| (r, c)))
                .unwrap();
            let other = if rec["answer"] == "A" { 'B' } else { 'A' };
            broken.push(with_map_letter(rec, start, other));
        }
        let all: String = records.iter().map(|r| format!("{r}\n")).collect();
        let ok = run(&["verify"], &all);
        assert_eq!(ok.code, Some(0), "{moves}: {}{}", ok.stdout, ok.stderr);
        for bad in &broken {
            let r = run(&["verify"], &format!("{bad}\n"));
            assert_eq!(r.code, Some(1), "{moves}: {bad}: {}", r.stdout);
            assert!(r.stdout.contains("map:"), "{}", r.stdout);
        }
        assert!(
            broken.len() > 40,
            "{moves}: exposed and barrier squares were tried"
        );
    }
}

#[test]
fn verify_reads_stdin_without_a_dash() {
    let cert = run(&["rooks", "--json"], "2\n..\n.X\n").ok();
    let r = run_patiently(&["verify"], cert.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("rooks case 1: ok"), "{}", r.stdout);
}

// ---------------------------------------------------------------------------------------------
// Byte-order marks
// ---------------------------------------------------------------------------------------------

#[test]
fn a_byte_order_mark_is_skipped() {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    for (args, input) in [
        (&["rooks"][..], &b"2\n..\n.X\n"[..]),
        (&["lpuzzle"], b"1\n2 2\nBW\nW.\n"),
        (&["king"], b"1\n1 2\nK.\n"),
        (&["match"], b"p edge 2 1\ne 1 2\n"),
        (&["twosat"], b"p cnf 1 1\n1 0\n"),
    ] {
        let plain = run_bytes(args, input);
        let marked = run_bytes(args, &[BOM, input].concat());
        assert!(
            !marked.stderr.contains("feff"),
            "{args:?}: {}",
            marked.stderr
        );
        assert_eq!(marked.code, plain.code, "{args:?}: {}", marked.stderr);
        assert_eq!(marked.stdout, plain.stdout, "{args:?}");
        // From a file, too.
        let file = temp_file("bom.in", &[BOM, input].concat());
        let from_file = run(&[args, &[file.to_str().unwrap()]].concat(), "");
        assert_eq!(from_file.stdout, plain.stdout, "{args:?} from a file");
    }
}

// ---------------------------------------------------------------------------------------------
// Hints for a file given to the wrong command
// ---------------------------------------------------------------------------------------------

fn refusal(args: &[&str], input: &str) -> String {
    let r = run(args, input);
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.stdout);
    r.stderr
}

#[test]
fn a_rectangular_header_to_rooks_suggests_rect() {
    let err = refusal(&["rooks"], "2 3\n...\n.X.\n");
    assert!(err.contains("--rect"), "{err}");
}

#[test]
fn the_wrong_puzzles_file_is_named() {
    let king = "1\n2 3\nK.#\n...\n";
    let lpuzzle = "1\n2 2\nBW\nW.\n";
    let rooks = "3\n..X\n...\nX..\n";
    for (args, input, wanted) in [
        (&["lpuzzle"][..], king, "gridmatch king"),
        (&["rooks"], king, "gridmatch king"),
        (&["king"], lpuzzle, "gridmatch lpuzzle"),
        (&["rooks"], lpuzzle, "gridmatch lpuzzle"),
        (&["king"], rooks, "gridmatch rooks"),
        (&["lpuzzle"], rooks, "gridmatch rooks"),
    ] {
        let err = refusal(args, input);
        assert!(
            err.contains(wanted),
            "{args:?} on a file for {wanted}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// clap's own messages
// ---------------------------------------------------------------------------------------------

/// The `Usage:` line of stderr (or of stdout, for `--help`).
fn usage_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("Usage: "))
        .unwrap_or_else(|| panic!("no usage line in:\n{text}"))
}

#[test]
fn usage_lines_show_an_optional_file_as_optional() {
    // FILE is optional everywhere but `king play` (standard input when absent); clap's error
    // message printed the FILE that was given as `<FILE>`, a required argument.
    let f = temp_file("usage.txt", b"1\nX\n");
    let file = f.to_str().unwrap();
    for (command, mistake) in [
        ("rooks", &["--show", "--json"][..]),
        ("lpuzzle", &["--show", "--json"]),
        ("king", &["--show", "--json"]),
        ("match", &["--pairs", "--dm"]),
        ("geography", &["--all", "--start", "1"]),
        ("twosat", &["extra"]),
        ("verify", &["--format", "dimacs"]),
    ] {
        let mut args = vec![command, file];
        args.extend(mistake);
        let r = run(&args, "");
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        let help = run(&[command, "--help"], "").ok();
        let expected = usage_line(&help);
        assert!(expected.contains(" [FILE]"), "{command} --help: {expected}");
        assert_eq!(usage_line(&r.stderr), expected, "{args:?}");
        assert!(!r.stderr.contains("<FILE>"), "{args:?}: {}", r.stderr);
    }
    // Where FILE is required, it stays `<FILE>`.
    let r = run(&["king", "play"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        usage_line(&r.stderr),
        "Usage: gridmatch king play [OPTIONS] <FILE>"
    );
}

#[test]
fn twosat_json_says_what_twosat_writes() {
    for args in [
        &["twosat", "--json"][..],
        &["twosat", "--proof", "--json", "f.cnf"],
    ] {
        let r = run(args, "p cnf 1 1\n1 0\n");
        assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""), "{args:?}");
        assert!(!r.stderr.contains("tip:"), "{}", r.stderr);
        assert!(
            r.stderr
                .starts_with("error: twosat has no --json: it writes the SAT competition's")
                && r.stderr.contains("`s SATISFIABLE`")
                && r.stderr.contains("--proof"),
            "{}",
            r.stderr
        );
    }
    // Not advertised: the help, the man page and the completions do not list it.
    assert!(!run(&["twosat", "--help"], "").ok().contains("--json"));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("twosat-man-{}", std::process::id()));
    run(&["--generate", "man", dir.to_str().unwrap()], "").ok();
    let page = std::fs::read_to_string(dir.join("gridmatch-twosat.1")).unwrap();
    assert!(
        page.contains("max\\-clauses") && !page.contains("json"),
        "{page}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let bash = run(&["--generate", "complete-bash"], "").ok();
    let twosat_opts = bash
        .lines()
        .skip_while(|l| !l.trim().starts_with("gridmatch__subcmd__twosat)"))
        .find(|l| l.contains("opts="))
        .unwrap();
    assert!(
        twosat_opts.contains("--proof") && !twosat_opts.contains("--json"),
        "{twosat_opts}"
    );
}
