//! Issue 24, through the binary: `stress` stops the program under test on Ctrl-C or SIGTERM,
//! sets gridmatch's judge answer beside the program's and echoes the command shell-quoted,
//! reports a hang as soon as it happens; `--svg` pictures get the user's umask; the progress
//! line is cleared on Ctrl-C. Each test failed before its fix.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::{BIN, run_within};
use crate::pty::pty;
use rustix::process::{Pid, Signal, kill_process};

/// Generous: these are liveness checks, not speed checks (the speed checks say their bound).
const PATIENCE: Duration = Duration::from_secs(60);

/// A directory of this test's own under the target's temp dir, emptied.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("gridmatch-stress-and-output")
        .join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Sends `signal` to `child`.
fn signal(child: &Child, signal: Signal) {
    kill_process(Pid::from_child(child), signal).expect("the child is there to signal");
}

/// Whether process `pid` is still running (a zombie has ended: it only waits to be reaped).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // `PID (COMM) STATE …`: COMM may hold spaces and parentheses, STATE follows the last `)`.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Kills the processes listed when dropped: what a failing test would otherwise leave spinning.
struct KillOnDrop(Vec<i32>);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        for &pid in &self.0 {
            if let Some(pid) = Pid::from_raw(pid) {
                let _ = kill_process(pid, Signal::KILL);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Ctrl-C and SIGTERM on `stress` stop the program under test
// ---------------------------------------------------------------------------------------------

#[test]
fn ctrl_c_or_sigterm_on_stress_leaves_nothing_of_the_program_running() {
    for (sig, code) in [(Signal::INT, 130), (Signal::TERM, 143)] {
        let dir = scratch_dir(&format!("spin-{}", code));
        let pids = dir.join("pids");
        // The script and a background child of its own (which ignores SIGINT, as every
        // background job of a non-interactive shell does) both spin until killed.
        let script = dir.join("spin.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\necho $$ >> '{p}'\nsleep 1000 &\necho $! >> '{p}'\nwhile :; do :; done\n",
                p = pids.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let mut child = Command::new(BIN)
            .args([
                "stress",
                "rooks",
                "--jobs",
                "2",
                "--timeout",
                "60",
                "--save",
            ])
            .arg(dir.join("failure.in"))
            .arg("--")
            .arg(&script)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Both runs (two scripts, each with its `sleep`) have started: then a second more.
        let listed = || -> Vec<i32> {
            std::fs::read_to_string(&pids)
                .unwrap_or_default()
                .lines()
                .filter_map(|l| l.trim().parse().ok())
                .collect()
        };
        let start = Instant::now();
        while listed().len() < 4 && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_secs(1));
        let started = KillOnDrop(listed());
        assert_eq!(started.0.len(), 4, "two runs at once: {:?}", started.0);
        assert!(started.0.iter().all(|&p| alive(p)), "{:?}", started.0);
        signal(&child, sig);
        let exited = crate::common::wait_or_kill(&mut child, "stress after the signal", PATIENCE);
        let mut stdout = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        assert_eq!(
            exited,
            Some(code),
            "{sig:?}: the exit code; stdout: {stdout}"
        );
        assert!(
            stdout.is_empty(),
            "{sig:?}: a program stopped by the signal is no failure to report: {stdout}"
        );
        // Nothing of the scripts runs any more (the dead wait for init to reap them).
        let deadline = Instant::now() + Duration::from_secs(2);
        let left = loop {
            let left: Vec<i32> = started.0.iter().copied().filter(|&p| alive(p)).collect();
            if left.is_empty() || Instant::now() > deadline {
                break left;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            left.is_empty(),
            "{sig:?}: still running after stress exited: {left:?} of {:?}",
            started.0
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

// ---------------------------------------------------------------------------------------------
// 2. The report: judge answer beside judge answer, the command shell-quoted
// ---------------------------------------------------------------------------------------------

#[test]
fn the_report_sets_the_judge_answers_side_by_side_and_quotes_the_command() {
    let dir = scratch_dir("report");
    let save = dir.join("failure.in");
    // Right answer, then a stray line: a wrong answer on the first board (1 × 1, empty).
    let script = "cat > /dev/null; echo 1; echo done";
    let r = run_within(
        &[
            "stress",
            "rooks",
            "--cases",
            "5",
            "--save",
            save.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            script,
        ],
        b"",
        PATIENCE,
    );
    assert_eq!(r.code, Some(1), "{r:?}");
    let quoted = "sh -c 'cat > /dev/null; echo 1; echo done'";
    assert_eq!(
        r.lines()[1],
        format!("case 1 failed: {quoted} printed a wrong answer"),
        "{}",
        r.stdout
    );
    let report = r.stdout.split("the board (saved to ").nth(1).unwrap();
    let after_board = report.split_once("\n1\n.\n").map(|(_, rest)| rest);
    assert_eq!(
        after_board,
        Some("expected:\n1\ngot:\n1\ndone\ngridmatch's answer drawn:\n1\nR\n\n"),
        "the judge answers side by side, then the picture, labelled:\n{}",
        r.stdout
    );
    // The echoed command pasted back into a shell runs the program again.
    let again = Command::new("sh")
        .arg("-c")
        .arg(format!("{quoted} < '{}'", save.display()))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&again.stdout), "1\ndone\n");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 3. A hang is reported as soon as its run ends
// ---------------------------------------------------------------------------------------------

/// Lines of `out`, each with the time it arrived, from a thread.
fn timed_lines(out: impl Read + Send + 'static) -> mpsc::Receiver<(Instant, String)> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    rx
}

#[test]
fn a_hang_is_reported_within_twice_the_timeout() {
    // Measured: the time from the start to the `case 1 failed` line on stdout (the report's
    // first two lines come before the shrinking), and the time to exit. Before the fix the
    // report came at the end, after a batch of 4 × jobs cases had timed out in turn (4 × the
    // timeout) and the shrinking.
    let timeout = 2.0;
    let dir = scratch_dir("hang");
    let mut child = Command::new(BIN)
        .args(["stress", "rooks", "--jobs", "2", "--timeout", "2", "--save"])
        .arg(dir.join("failure.in"))
        .args(["--", "sleep", "30"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let lines = timed_lines(child.stdout.take().unwrap());
    let mut reported = None;
    let mut all = Vec::new();
    while let Ok((at, line)) = lines.recv_timeout(PATIENCE) {
        if line.starts_with("case 1 failed") && reported.is_none() {
            reported = Some(at - start);
        }
        all.push(line);
    }
    let code = crate::common::wait_or_kill(&mut child, "stress on a hang", PATIENCE);
    let exited = start.elapsed();
    let report = all.join("\n");
    assert_eq!(code, Some(1), "{report}");
    assert_eq!(all[1], "case 1 failed: sleep 30 ran out of time (2 s)");
    let bound = Duration::from_secs_f64(2.0 * timeout + 2.0);
    let reported = reported.expect("a failure line");
    assert!(
        reported <= bound,
        "the hang was reported after {reported:?}, more than {bound:?}:\n{report}"
    );
    // The 1 × 1 board shrinks in one more run, which times out too.
    let bound = Duration::from_secs_f64(3.0 * timeout + 2.0);
    assert!(
        exited <= bound,
        "stress ended after {exited:?}, more than {bound:?}:\n{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 6. `--svg` pictures get the mode of any new file: 0666 less the umask
// ---------------------------------------------------------------------------------------------

#[test]
fn svg_pictures_get_the_users_umask() {
    for (umask, mode) in [("022", 0o644), ("002", 0o664), ("077", 0o600)] {
        let dir = scratch_dir(&format!("svg-umask-{umask}"));
        let pictures = dir.join("pictures");
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("umask {umask}; exec \"$0\" rooks --svg \"$1\"",))
            .arg(BIN)
            .arg(&pictures)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"2\n..\n..\n")
            .unwrap();
        let code = crate::common::wait_or_kill(&mut child, "rooks --svg", PATIENCE);
        assert_eq!(code, Some(0));
        let meta = std::fs::symlink_metadata(pictures.join("case-0001.svg")).unwrap();
        assert!(meta.is_file());
        assert_eq!(
            meta.permissions().mode() & 0o777,
            mode,
            "umask {umask}: {:o}",
            meta.permissions().mode()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Ctrl-C clears the progress line
// ---------------------------------------------------------------------------------------------

/// What the terminal was shown after the last "erase the line" sequence.
fn after_last_erase(shown: &str) -> Option<&str> {
    shown
        .rfind("\x1b[2K")
        .map(|i| &shown[i + "\x1b[2K".len()..])
}

#[test]
fn ctrl_c_clears_the_progress_line() {
    for (sig, code) in [(Signal::INT, 130), (Signal::TERM, 143)] {
        let term = pty();
        // Boards come through a pipe the test keeps open: the run goes on, with its bar shown,
        // until the signal.
        let mut child = Command::new(BIN)
            .args(["king", "--jobs", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(term.open_slave())
            .spawn()
            .unwrap();
        let chunks = term.chunks();
        let mut boards = child.stdin.take().unwrap();
        boards.write_all(b"200\n").unwrap();
        let mut shown = Vec::new();
        let start = Instant::now();
        while !String::from_utf8_lossy(&shown).contains("boards,") && start.elapsed() < PATIENCE {
            // One board at a time: the bar is drawn as they are solved.
            boards.write_all(b"2 3\nK..\n.#.\n").unwrap();
            boards.flush().unwrap();
            while let Ok(chunk) = chunks.recv_timeout(Duration::from_millis(50)) {
                shown.extend(chunk);
            }
        }
        let text = String::from_utf8_lossy(&shown).into_owned();
        assert!(text.contains("/200 boards,"), "the bar is shown: {text:?}");
        signal(&child, sig);
        let exited = crate::common::wait_or_kill(&mut child, "king after the signal", PATIENCE);
        drop(boards);
        drop(child);
        // Everything until the last slave handle (the child's) closed.
        while let Ok(chunk) = chunks.recv_timeout(Duration::from_secs(5)) {
            shown.extend(chunk);
        }
        let shown = String::from_utf8_lossy(&shown).into_owned();
        assert_eq!(exited, Some(code), "{sig:?}: {shown:?}");
        let after = after_last_erase(&shown).unwrap_or(&shown);
        assert!(
            after.trim().is_empty(),
            "{sig:?}: the line is erased last, nothing after it: {after:?} in {shown:?}"
        );
        assert!(
            shown.ends_with("\r\x1b[2K") || shown.ends_with("\x1b[2K\r"),
            "{sig:?}: the last thing written erases the line: {shown:?}"
        );
    }
}
