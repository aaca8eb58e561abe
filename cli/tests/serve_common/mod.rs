//! What the `gridmatch serve` tests share: starting the release binary on a free loopback port,
//! raw HTTP/1.1 over `TcpStream`, signals and the server's peak memory.
#![allow(dead_code)]

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_gridmatch");

/// A running `gridmatch serve`, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    stderr: Arc<Mutex<String>>,
}

impl Server {
    /// `gridmatch serve --port 0 ARGS…`, once it has printed its URL.
    pub fn start(args: &[&str]) -> Server {
        Server::start_with(Command::new(BIN), args)
    }

    /// The server under `sh -c 'ulimit -n NOFILE; exec …'`.
    pub fn start_with_nofile(nofile: u32, args: &[&str]) -> Server {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("ulimit -n {nofile} && exec \"$0\" \"$@\""))
            .arg(BIN);
        Server::start_with(cmd, args)
    }

    fn start_with(mut cmd: Command, args: &[&str]) -> Server {
        let mut child = cmd
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start gridmatch serve");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().expect("piped stderr");
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .expect("stderr lock")
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        out.read_line(&mut line).expect("read the URL line");
        // Keep draining stdout so the server never blocks on it.
        thread::spawn(move || io::copy(&mut out, &mut io::sink()));
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        Server {
            child,
            addr,
            stderr,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the server wrote on standard error so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().expect("stderr lock").clone()
    }

    /// Sends `signal` (`INT`, `TERM`) and returns how long the server took to exit, or `None`
    /// if it was still running after `limit` (then it is killed).
    pub fn stop(&mut self, signal: &str, limit: Duration) -> Option<Duration> {
        let sent = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.pid().to_string())
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill -{signal} failed");
        let start = Instant::now();
        while start.elapsed() < limit {
            if self
                .child
                .try_wait()
                .expect("wait for the server")
                .is_some()
            {
                return Some(start.elapsed());
            }
            thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// The server's peak resident memory (VmHWM), in kB.
    pub fn peak_rss_kb(&self) -> u64 {
        proc_status_kb(self.pid(), "VmHWM:")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `kB` field of /proc/PID/status.
pub fn proc_status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"))
}

/// This process's soft limit of open files (the server inherits it).
pub fn nofile_limit() -> usize {
    let limits = std::fs::read_to_string("/proc/self/limits").expect("read /proc/self/limits");
    limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024)
}

/// An answer read off the wire.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    /// A header's value (name in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// A connection with read and write timeouts.
pub fn connect(addr: SocketAddr, timeout: Duration) -> io::Result<TcpStream> {
    let stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Reads one answer (headers, then a `Content-Length` body or up to EOF).
pub fn read_answer(stream: &mut TcpStream) -> io::Result<Answer> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 64 << 10];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!("closed after {} bytes", buf.len()),
            ));
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::other(format!("no status in {head:?}")))?;
    let mut answer = Answer {
        status,
        head,
        body: String::new(),
    };
    let mut body = buf[head_end..].to_vec();
    match answer
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok())
    {
        Some(len) => {
            while body.len() < len {
                let n = stream.read(&mut chunk)?;
                if n == 0 {
                    return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "short body"));
                }
                body.extend_from_slice(&chunk[..n]);
            }
        }
        None => {
            stream.read_to_end(&mut body)?;
        }
    }
    answer.body = String::from_utf8_lossy(&body).into_owned();
    Ok(answer)
}

/// The head of a request (`Connection: close` unless `keep_alive`).
pub fn request_head(method: &str, path: &str, body_len: Option<usize>, keep_alive: bool) -> String {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if let Some(len) = body_len {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {len}\r\n"
        ));
    }
    if !keep_alive {
        head.push_str("Connection: close\r\n");
    }
    head.push_str("\r\n");
    head
}

/// One request on a fresh connection, and its answer.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
    timeout: Duration,
) -> io::Result<Answer> {
    let mut stream = connect(addr, timeout)?;
    let len = (method == "POST").then_some(body.len());
    stream.write_all(request_head(method, path, len, false).as_bytes())?;
    stream.write_all(body)?;
    read_answer(&mut stream)
}

/// A request's answer and how long it took.
pub fn timed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
    timeout: Duration,
) -> (io::Result<Answer>, Duration) {
    let start = Instant::now();
    let answer = request(addr, method, path, body, timeout);
    (answer, start.elapsed())
}

/// Waits until a read on `stream` ends (EOF, an answer, a reset or the read timeout), and
/// returns whether the server ended it (not the timeout) and what it sent.
pub fn wait_closed(stream: &mut TcpStream) -> (bool, Vec<u8>) {
    let mut got = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return (true, got),
            Ok(n) => got.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return (false, got);
            }
            Err(_) => return (true, got),
        }
    }
}
