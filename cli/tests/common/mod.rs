//! What the end-to-end tests share: running the binary, temporary files.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_gridmatch");

/// What a run of the binary left behind.
#[derive(Debug)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts a clean success and returns stdout.
    pub fn ok(self) -> String {
        assert_eq!(
            self.code,
            Some(0),
            "expected success; stderr:\n{}",
            self.stderr
        );
        assert!(
            self.stderr.is_empty(),
            "unexpected stderr:\n{}",
            self.stderr
        );
        self.stdout
    }

    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// How long any one run of the binary may take before the test fails (a hang is a failure,
/// not a CI timeout).
pub const RUN_LIMIT: Duration = Duration::from_secs(600);

/// Runs `gridmatch ARGS` with `stdin` fed from another thread (so big inputs cannot deadlock),
/// for at most [`RUN_LIMIT`].
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Run {
    run_within(args, stdin, RUN_LIMIT)
}

/// [`run_bytes`] with a time limit: a run still going after `limit` is killed and fails the
/// test.
pub fn run_within(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn gridmatch");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // The child may stop reading early (bad input): a failed write is fine.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = r.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let code = wait_or_kill(&mut child, &format!("gridmatch {args:?}"), limit);
    feeder.join().unwrap();
    Run {
        code,
        stdout: String::from_utf8(stdout.join().unwrap()).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr.join().unwrap()).expect("stderr is UTF-8"),
    }
}

/// Waits for `child` at most `limit`; kills it and fails the test if it is still running.
pub fn wait_or_kill(child: &mut Child, what: &str, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for gridmatch") {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?} (killed)");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub fn run(args: &[&str], stdin: &str) -> Run {
    run_bytes(args, stdin.as_bytes())
}

/// A file under the target's temp dir, removed when dropped (named uniquely per process and
/// call, since the target dir is shared by concurrent runs).
pub struct TempFile(pub PathBuf);

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

pub fn temp_file(name: &str, contents: &[u8]) -> TempFile {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gridmatch-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{}-{n}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    TempFile(path)
}

/// Runs `gridmatch ARGS FILE` on a temporary file named `name` holding `contents`, with empty
/// stdin.
pub fn on_file(args: &[&str], name: &str, contents: impl AsRef<[u8]>) -> Run {
    let f = temp_file(name, contents.as_ref());
    let path = f.to_str().unwrap().to_string();
    let mut full: Vec<&str> = args.to_vec();
    full.push(&path);
    run_bytes(&full, b"")
}

/// `gridmatch verify --graph` of the certificate `line` for the graph file `contents` (each
/// written to a temporary file; `name` gives the graph file its extension).
pub fn verify_graph(name: &str, contents: &str, line: &str) -> Run {
    let g = temp_file(name, contents.as_bytes());
    let c = temp_file(&format!("{name}.jsonl"), line.as_bytes());
    run(
        &[
            "verify",
            "--graph",
            g.to_str().unwrap(),
            c.to_str().unwrap(),
        ],
        "",
    )
}
