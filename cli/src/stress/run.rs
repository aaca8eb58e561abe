//! Running the program under test once: its stdin is one judge input, its stdout and stderr are
//! captured up to [`OUTPUT_CAP`] bytes each, and it is killed when it runs out of time.
//!
//! On Unix the program starts in a process group of its own, and the whole group is killed
//! (SIGKILL) when its time is up, when it prints too much, and when it has exited — so a
//! `sh -c 'sleep 100'` whose grandchild keeps the pipes open neither hangs the tester nor
//! outlives its case. The input is written from a thread, so a program that never reads stdin
//! cannot deadlock the tester; after the program is gone, the pipes are read for at most
//! [`DRAIN`] more. A run can be stopped early from outside (`stop`): its group is killed and the
//! run ends as [`Ending::Stopped`].
//!
//! Every running program's group is listed, so that [`interrupt`] (SIGINT or SIGTERM to
//! `stress`) can pass the signal on to each group, kill what is left of them and start no
//! more: the groups are not in the terminal's foreground group, so Ctrl-C never reaches them.
//!
//! # Complexity
//! One process; threads for stdin, stdout and stderr; O(input + [`OUTPUT_CAP`]) memory.
//!
//! # Status
//! Complete; process-group killing is Unix-only (elsewhere only the program itself is killed).

use std::collections::BTreeSet;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The most bytes kept of stdout and of stderr; a program that prints more has failed.
pub const OUTPUT_CAP: usize = 1 << 20;

/// How long the pipes are still read after the program has exited or was killed.
pub const DRAIN: Duration = Duration::from_millis(500);

/// How one run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited (or was killed by a signal not from us).
    Exited(ExitStatus),
    /// It was still running at the time limit and was killed.
    TimedOut,
    /// It printed more than [`OUTPUT_CAP`] bytes on stdout (`false`) or stderr (`true`) and
    /// was killed.
    TooMuchOutput {
        /// The stream: stderr if true.
        stderr: bool,
    },
    /// It was stopped from outside (`stop`) and killed.
    Stopped,
}

/// What one run left behind.
#[derive(Clone, Debug)]
pub struct Output {
    /// How it ended.
    pub ending: Ending,
    /// Its stdout (at most [`OUTPUT_CAP`] bytes).
    pub stdout: Vec<u8>,
    /// Its stderr (at most [`OUTPUT_CAP`] bytes).
    pub stderr: Vec<u8>,
}

/// A captured stream: the bytes so far, and whether it went past the cap.
#[derive(Default)]
struct Capture {
    bytes: Vec<u8>,
    overflow: bool,
    done: bool,
}

/// The process groups of the programs running now, and whether an interrupt has stopped new
/// runs from starting.
struct Running {
    groups: BTreeSet<u32>,
    interrupted: bool,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    groups: BTreeSet::new(),
    interrupted: false,
});

fn running() -> MutexGuard<'static, Running> {
    RUNNING.lock().unwrap_or_else(|e| e.into_inner())
}

/// After [`interrupt`], blocks the calling thread for good (the process is about to exit);
/// otherwise returns at once. For the threads that would start a run or print a report.
pub fn halt_if_interrupted() {
    if running().interrupted {
        halt();
    }
}

/// Blocks the calling thread for good.
fn halt() -> ! {
    loop {
        thread::park();
    }
}

/// How long the programs get to end after the signal is passed on, before they are killed.
pub const GRACE: Duration = Duration::from_millis(500);

/// On SIGINT or SIGTERM (`sig`): no run starts any more; `sig` is sent to the process group of
/// every running program, and after at most [`GRACE`] what is left of them is killed. Returns
/// when nothing of them runs.
pub fn interrupt(sig: i32) {
    let groups: Vec<u32> = {
        let mut running = running();
        running.interrupted = true;
        running.groups.iter().copied().collect()
    };
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process_group};
        let signal = Signal::from_named_raw(sig).unwrap_or(Signal::TERM);
        for &g in &groups {
            if let Some(pid) = Pid::from_raw(g as i32) {
                let _ = kill_process_group(pid, signal);
            }
        }
        // Each run takes its group off the list once the program has exited (and kills the
        // group then): wait for that, briefly.
        let deadline = Instant::now() + GRACE;
        while !running().groups.is_empty() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(10));
        }
        // Only the groups still listed: a group taken off the list was killed by its run, and
        // its id may have been reused since.
        let left: Vec<u32> = running().groups.iter().copied().collect();
        for g in left {
            if let Some(pid) = Pid::from_raw(g as i32) {
                let _ = kill_process_group(pid, Signal::KILL);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (sig, groups);
}

/// Kills the program's process group (Unix) and the program.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = rustix::process::kill_process_group(
            rustix::process::Pid::from_child(child),
            rustix::process::Signal::KILL,
        );
    }
    let _ = child.kill();
}

/// Reads `pipe` into `capture` up to the cap; past it, marks the overflow and kills `group`.
fn reader(
    mut pipe: impl Read + Send + 'static,
    capture: Arc<Mutex<Capture>>,
    child: Arc<Mutex<Child>>,
) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let mut cap = capture.lock().unwrap_or_else(|e| e.into_inner());
                    let room = OUTPUT_CAP - cap.bytes.len();
                    cap.bytes.extend_from_slice(&buf[..n.min(room)]);
                    if n > room {
                        cap.overflow = true;
                        drop(cap);
                        kill(&mut child.lock().unwrap_or_else(|e| e.into_inner()));
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        capture.lock().unwrap_or_else(|e| e.into_inner()).done = true;
    })
}

/// Runs `cmd` (program and arguments) with `input` on stdin for at most `timeout`.
///
/// `Err` only when the program cannot be started (or waited for).
///
/// `stop` is asked every few milliseconds: once it says true, the run is killed and ends as
/// [`Ending::Stopped`]. After [`interrupt`], no program is started: the call blocks for good.
pub fn run(
    cmd: &[String],
    input: &[u8],
    timeout: Duration,
    stop: &dyn Fn() -> bool,
) -> io::Result<Output> {
    let (program, args) = cmd
        .split_first()
        .ok_or_else(|| io::Error::other("no command"))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    // Started and listed under the lock, so that an interrupt sees every program it must stop.
    let mut child = {
        let mut running = running();
        if running.interrupted {
            drop(running);
            halt();
        }
        let child = command.spawn()?;
        running.groups.insert(child.id());
        child
    };
    let group = child.id();
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let input = input.to_vec();
    // A program that exits without reading its input closes the pipe: the failed write is fine.
    let feeder = thread::spawn(move || {
        if let Some(mut pipe) = stdin {
            let _ = pipe.write_all(&input);
        }
    });
    let child = Arc::new(Mutex::new(child));
    let out = Arc::new(Mutex::new(Capture::default()));
    let err = Arc::new(Mutex::new(Capture::default()));
    let readers: Vec<_> = [
        stdout.map(|p| reader(p, out.clone(), child.clone())),
        stderr.map(|p| reader(p, err.clone(), child.clone())),
    ]
    .into_iter()
    .flatten()
    .collect();
    let deadline = Instant::now() + timeout;
    // Waits in short slices so that the readers can take the lock to kill a flood.
    let waited = (|| -> io::Result<Result<ExitStatus, Ending>> {
        loop {
            let mut c = child.lock().unwrap_or_else(|e| e.into_inner());
            let left = deadline.saturating_duration_since(Instant::now());
            if stop() || left.is_zero() {
                kill(&mut c);
                c.wait()?;
                break Ok(Err(if left.is_zero() {
                    Ending::TimedOut
                } else {
                    Ending::Stopped
                }));
            }
            if let Some(status) = c.wait_timeout(left.min(Duration::from_millis(20)))? {
                // Whatever it left running in its group goes with it.
                kill(&mut c);
                break Ok(Ok(status));
            }
        }
    })();
    running().groups.remove(&group);
    let status = waited?;
    let drain_until = Instant::now() + DRAIN;
    for capture in [&out, &err] {
        while !capture.lock().unwrap_or_else(|e| e.into_inner()).done
            && Instant::now() < drain_until
        {
            thread::sleep(Duration::from_millis(2));
        }
    }
    // Readers still blocked (a pipe held open outside the group) are left to finish alone.
    for r in readers {
        if r.is_finished() {
            let _ = r.join();
        }
    }
    if feeder.is_finished() {
        let _ = feeder.join();
    }
    let take = |c: &Arc<Mutex<Capture>>| {
        let mut c = c.lock().unwrap_or_else(|e| e.into_inner());
        (std::mem::take(&mut c.bytes), c.overflow)
    };
    let (stdout, out_flood) = take(&out);
    let (stderr, err_flood) = take(&err);
    let ending = match status {
        Err(Ending::Stopped) => Ending::Stopped,
        _ if out_flood || err_flood => Ending::TooMuchOutput { stderr: !out_flood },
        Ok(status) => Ending::Exited(status),
        Err(ending) => ending,
    };
    Ok(Output {
        ending,
        stdout,
        stderr,
    })
}

/// Whether `program` can be started: a path that is an executable file, or a name found on
/// `PATH`. `Err` says why not.
pub fn check_program(program: &str) -> Result<(), String> {
    use std::path::Path;
    fn runnable(p: &Path) -> bool {
        match std::fs::metadata(p) {
            Ok(m) if m.is_file() => {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    m.permissions().mode() & 0o111 != 0
                }
                #[cfg(not(unix))]
                {
                    true
                }
            }
            _ => false,
        }
    }
    if program.is_empty() {
        return Err("the command is empty".into());
    }
    if program.contains(std::path::MAIN_SEPARATOR) || program.contains('/') {
        let p = Path::new(program);
        return if runnable(p) {
            Ok(())
        } else if p.exists() {
            Err(format!(
                "cannot run {program}: it is not an executable file"
            ))
        } else {
            Err(format!("cannot run {program}: no such file"))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|dir| {
        let p = dir.join(program);
        runnable(&p) || (cfg!(windows) && runnable(&p.with_extension("exe")))
    });
    if found {
        Ok(())
    } else {
        Err(format!("cannot run {program}: not found on PATH"))
    }
}

#[cfg(all(test, unix))]
#[path = "run_tests.rs"]
mod tests;
