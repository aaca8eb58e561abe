//! End-to-end tests of `gridmatch stress`: the planted bugs of `tests/stress/` are found and
//! shrunk to small boards on which the program really is wrong (checked here again, apart from
//! the stress tester), a correct program passes, crashes and hangs are reported, the output is
//! the same for a seed and for every `--jobs`, and usage errors exit 2.
//!
//! The programs are Python 3, run as `python3 -S` through the interpreter's own path (a version
//! manager's `python3` shim costs a tenth of a second per run).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::common::{BIN, Run, run, temp_file};

/// The Python interpreter behind `python3`.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 is needed by the stress tests");
        let path = String::from_utf8(out.stdout).unwrap().trim().to_string();
        if path.is_empty() {
            "python3".into()
        } else {
            path
        }
    })
}

fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/stress")
        .join(name)
        .display()
        .to_string()
}

/// The command line running one of the programs.
fn program(name: &str) -> Vec<String> {
    vec![python().to_string(), "-S".into(), script(name)]
}

/// `gridmatch stress ARGS --save SAVE -- CMD`.
fn stress(args: &str, save: &Path, cmd: &[String]) -> Run {
    let mut full: Vec<String> = vec!["stress".into()];
    full.extend(args.split_whitespace().map(String::from));
    full.extend(["--save".into(), save.display().to_string(), "--".into()]);
    full.extend(cmd.iter().cloned());
    let refs: Vec<&str> = full.iter().map(String::as_str).collect();
    run(&refs, "")
}

/// A fresh path for `--save` (removed when dropped).
fn save_path(name: &str) -> crate::common::TempFile {
    let f = temp_file(name, b"");
    let _ = std::fs::remove_file(&f.0);
    f
}

/// The cells of the one board in a judge file of `puzzle`.
fn cells(puzzle: &str, input: &str) -> usize {
    let lines: Vec<&str> = input.lines().collect();
    let (header, rows) = if puzzle == "rooks" {
        (lines[0], &lines[1..])
    } else {
        assert_eq!(lines[0], "1", "T = 1:\n{input}");
        (lines[1], &lines[2..])
    };
    let dims: Vec<usize> = header
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let (r, c) = if dims.len() == 1 {
        (dims[0], dims[0])
    } else {
        (dims[0], dims[1])
    };
    assert_eq!(rows.len(), r, "{input}");
    assert!(rows.iter().all(|row| row.len() == c), "{input}");
    r * c
}

/// Output without trailing whitespace per line and trailing blank lines.
fn trimmed(s: &str) -> String {
    s.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

/// Runs `cmd` on the file `input`.
fn run_on(cmd: &[String], input: &Path) -> String {
    let out = Command::new(&cmd[0])
        .args(&cmd[1..])
        .stdin(std::fs::File::open(input).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// A planted bug is found and shrunk to at most `max_cells` cells, on which the program's
/// answer really differs from gridmatch's.
fn planted(puzzle: &str, args: &str, name: &str, max_cells: usize) -> String {
    let save = save_path(&format!("{puzzle}-{name}.in"));
    let cmd = program(name);
    let r = stress(&format!("{puzzle} {args}"), &save, &cmd);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("printed a wrong answer"), "{}", r.stdout);
    let saved = std::fs::read_to_string(&save.0).expect("the board is saved");
    assert!(
        r.stdout.contains(&saved),
        "the report shows the board:\n{}",
        r.stdout
    );
    let n = cells(puzzle, &saved);
    assert!(
        n <= max_cells,
        "{puzzle}: {n} cells:\n{saved}\n{}",
        r.stdout
    );
    let theirs = run_on(&cmd, &save);
    let ours = run(&[puzzle, &save.display().to_string()], "").ok();
    assert_ne!(trimmed(&theirs), trimmed(&ours), "{saved}");
    // The report holds the expected answer, the program's answer, and the expected answer
    // drawn with its explanation.
    let expected = r.stdout.split("expected:\n").nth(1).unwrap();
    assert!(expected.starts_with(ours.as_str()), "{}", r.stdout);
    let got = r.stdout.split("got:\n").nth(1).unwrap();
    let (got, drawn) = got.split_once("gridmatch's answer drawn:\n").unwrap();
    assert_eq!(trimmed(got), trimmed(&theirs));
    let shown = run(&[puzzle, "--show", &save.display().to_string()], "").ok();
    assert_eq!(drawn, shown, "{}", r.stdout);
    r.stdout
}

/// The cells before and after shrinking, from the `shrunk from RxC to rxc` line.
fn shrunk(report: &str) -> (usize, usize) {
    let line = report
        .lines()
        .find(|l| l.starts_with("shrunk from "))
        .unwrap();
    let size = |s: &str| -> usize { s.split('x').map(|x| x.parse::<usize>().unwrap()).product() };
    let words: Vec<&str> = line.split_whitespace().collect();
    (size(words[2]), size(words[4]))
}

#[test]
fn greedy_rooks_is_shrunk() {
    let out = planted("rooks", "--cases 20 --max-cells 100", "greedy_rooks.py", 9);
    let (from, to) = shrunk(&out);
    assert!(from > to, "{out}");
}

#[test]
fn king_parity_is_shrunk() {
    let out = planted("king", "--cases 20 --max-cells 100", "king_parity.py", 9);
    let (from, to) = shrunk(&out);
    assert!(from > to, "{out}");
}

#[test]
fn lpuzzle_variable_zero_is_shrunk() {
    // The bug as it was found: both blacks need the white at (0,1), the program says YES.
    let board = temp_file("var0.in", b"1\n2 4\nBWB.\nWWW.\n");
    assert_eq!(run_on(&program("lpuzzle_var0.py"), &board), "YES\n");
    assert_eq!(
        run(&["lpuzzle", &board.display().to_string()], "").ok(),
        "NO\n"
    );
    let out = planted(
        "lpuzzle",
        "--cases 100 --max-cells 64 --seed 3",
        "lpuzzle_var0.py",
        12,
    );
    let (from, to) = shrunk(&out);
    assert!(from > to, "{out}");
}

#[test]
fn a_correct_program_passes() {
    let save = save_path("kuhn.in");
    let r = stress("rooks --cases 200", &save, &program("rooks_kuhn.py"));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stdout, "all 200 cases passed\n");
    assert!(!save.exists(), "nothing is saved when every case passes");
}

#[test]
fn crashes_are_reported_with_status_and_stderr() {
    let save = save_path("crash.in");
    let r = stress("king --cases 50 --seed 4", &save, &program("crash.py"));
    assert_eq!(r.code, Some(1), "{r:?}");
    let lines = r.lines();
    assert_eq!(lines[0], "0 cases passed");
    assert!(
        lines[1].ends_with("crash.py exited with status 3"),
        "{}",
        r.stdout
    );
    assert!(
        lines[2].starts_with("shrunk from 1x1 to 1x1 in"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("stderr (last lines):\nsomething went wrong\n"),
        "{}",
        r.stdout
    );
    assert_eq!(std::fs::read_to_string(&save.0).unwrap(), "1\n1 1\nK\n");
}

#[test]
fn hangs_are_timeouts_and_end_quickly() {
    for cmd in [
        program("hang.py"),
        // The grandchild `sleep` keeps the pipes open after `sh` is gone.
        vec!["sh".into(), "-c".into(), "sleep 100; echo 0".into()],
    ] {
        let save = save_path("hang.in");
        let start = Instant::now();
        let r = stress("rooks --timeout 0.5 --cases 10", &save, &cmd);
        assert!(start.elapsed() < Duration::from_secs(20), "{r:?}");
        assert_eq!(r.code, Some(1), "{r:?}");
        assert!(
            r.lines()[1].ends_with("ran out of time (0.5 s)"),
            "{}",
            r.stdout
        );
        assert!(
            r.stdout
                .contains("got:\n(nothing)\ngridmatch's answer drawn:\n"),
            "{}",
            r.stdout
        );
        assert_eq!(std::fs::read_to_string(&save.0).unwrap(), "1\n.\n");
    }
}

#[test]
fn same_output_for_a_seed_and_every_jobs() {
    let cmd = program("king_parity.py");
    let save = save_path("det.in");
    let args = "king --cases 20 --max-cells 100 --seed 1";
    let one = stress(&format!("{args} --jobs 1"), &save, &cmd);
    let two = stress(&format!("{args} --jobs 2"), &save, &cmd);
    let again = stress(&format!("{args} --jobs 3"), &save, &cmd);
    assert_eq!(one.code, Some(1), "{one:?}");
    // A shrink of many steps, tested in parallel batches: the same steps and run count.
    let (from, to) = shrunk(&one.stdout);
    assert!(from >= 4 * to, "{}", one.stdout);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(two.stdout, again.stdout);
    let other = stress("king --cases 20 --max-cells 100 --seed 2", &save, &cmd);
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn floods_and_signals_are_failures() {
    let save = save_path("flood.in");
    let yes = vec!["sh".into(), "-c".into(), "yes".into()];
    let r = stress("rooks --cases 5", &save, &yes);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.lines()[1].ends_with("printed more than 1 MiB on stdout"),
        "{}",
        r.stdout
    );
    let killed = vec!["sh".into(), "-c".into(), "kill -9 $$".into()];
    let r = stress("lpuzzle --cases 5", &save, &killed);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.lines()[1].ends_with("was killed by signal 9"),
        "{}",
        r.stdout
    );
}

#[test]
fn default_save_is_a_new_file_in_the_temporary_directory() {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("stress-default-save-{}", std::process::id()));
    let (cwd, tmp) = (base.join("cwd"), base.join("tmp"));
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::create_dir_all(&tmp).unwrap();
    let mut cmd = vec!["stress".to_string(), "lpuzzle".into(), "--".into()];
    cmd.extend(program("crash.py"));
    let out = Command::new(BIN)
        .args(&cmd)
        .current_dir(&cwd)
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    // Nothing in the working directory; one new file in the temporary one, named in the report.
    assert_eq!(std::fs::read_dir(&cwd).unwrap().count(), 0, "{stdout}");
    let saved: Vec<PathBuf> = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let name = saved[0].file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with("gridmatch-stress-") && name.ends_with(".in"),
        "{name}"
    );
    assert!(
        stdout.contains(&format!("(saved to {}):", saved[0].display())),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&saved[0]).unwrap(), "1\n1 1\n.\n");
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn usage_errors_exit_2() {
    let py = program("rooks_kuhn.py");
    let py: Vec<&str> = py.iter().map(String::as_str).collect();
    let with = |args: &[&str]| {
        let mut full = vec!["stress"];
        full.extend(args);
        run(&full, "")
    };
    for args in [
        vec!["rooks"],
        vec!["rooks", "--"],
        vec!["chess", "--", py[0]],
        vec!["rooks", "--cases", "0", "--", py[0]],
        vec!["rooks", "--timeout", "0", "--", py[0]],
        vec!["rooks", "--timeout", "soon", "--", py[0]],
        vec!["rooks", "--moves", "wazir", "--", py[0]],
        vec!["king", "--rect", "--", py[0]],
        vec!["rooks", "--", "no-such-program-for-gridmatch"],
        vec!["rooks", "--", "./no/such/program"],
    ] {
        let r = with(&args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stdout.is_empty(), "{args:?}: nothing runs: {}", r.stdout);
    }
    let r = with(&["rooks", "--", "no-such-program-for-gridmatch"]);
    assert!(r.stderr.contains("not found"), "{}", r.stderr);
}
