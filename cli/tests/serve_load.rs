//! A bounded load test of `gridmatch serve` on loopback: the release binary under 1 000 idle
//! connections, 20 clients trickling their headers, 40 clients sending 8 MB bodies of two
//! million one-character rows, 60 clients solving 500 × 500 boards in a loop and 20 that post a
//! 500 × 500 board and never read the answer — all at once. It asserts limits, not speed:
//!
//! - a 2 × 2 solve and `GET /` each answer within 1 s throughout;
//! - the server's peak resident memory (VmHWM) stays under 600 MB;
//! - every refusal is a quick status (413, or 503 with `Retry-After`), never a hang;
//! - trickling clients and idle connections are cut off by the header timeout (10 s);
//! - SIGINT ends the server within 5 s while a client is stuck mid-body and others never read.
//!
//! About 20 s on 2 cores. If the descriptor limit is too low for 1 000 idle connections their
//! number is scaled down (with a note) rather than failing.
#![cfg(target_os = "linux")]

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

mod serve_common;
use serve_common::{
    Answer, Server, connect, nofile_limit, proc_status_kb, read_answer, request, request_head,
    timed, wait_closed,
};

const IDLE: usize = 1000;
const TRICKLE: usize = 20;
const BIG: usize = 40;
const HEAVY: usize = 60;
const NEVER_READ: usize = 20;
/// How long the probes run under the full load.
const PRESSURE: Duration = Duration::from_secs(8);
/// Rounds each big-body client sends at most.
const BIG_ROUNDS: usize = 4;
const PROBE_LIMIT: Duration = Duration::from_secs(1);
const PEAK_RSS_LIMIT_MB: u64 = 600;
/// The server's header timeout, as documented.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
const SMALL: &[u8] = br#"{"puzzle":"rooks","board":["..",".X"]}"#;

/// A deterministic pseudo-random board of `rows` × `cols` cells.
fn board(rows: usize, cols: usize, seed: u64, cell: impl Fn(u64) -> char) -> Vec<String> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    cell(x >> 33)
                })
                .collect()
        })
        .collect()
}

/// 500 × 500 boards of every puzzle, each a solve of a tenth of a second or more.
fn heavy_bodies() -> Vec<Arc<Vec<u8>>> {
    let rooks = board(500, 500, 1, |r| if r % 5 == 0 { 'X' } else { '.' });
    let mut king = board(500, 500, 2, |r| if r % 5 == 0 { '#' } else { '.' });
    king[0].replace_range(0..1, "K");
    let lpuzzle = board(500, 500, 3, |r| ['B', 'W', 'W', '.'][(r % 4) as usize]);
    [("rooks", rooks), ("king", king), ("lpuzzle", lpuzzle)]
        .into_iter()
        .map(|(puzzle, rows)| {
            Arc::new(
                serde_json::to_vec(&serde_json::json!({"puzzle": puzzle, "board": rows}))
                    .expect("JSON"),
            )
        })
        .collect()
}

/// Just under 8 MB of two million one-character rows.
fn big_body() -> Vec<u8> {
    let mut body = b"{\"puzzle\":\"rooks\",\"board\":[\".\"".to_vec();
    body.extend(std::iter::repeat_n(&b",\".\""[..], 1_999_999).flatten());
    body.extend_from_slice(b"]}");
    assert!(body.len() <= 8 << 20, "{} bytes", body.len());
    assert!(serde_json::from_slice::<serde_json::Value>(&body).is_ok());
    body
}

/// What a load client saw.
#[derive(Debug, Default)]
struct Tally {
    statuses: Vec<u16>,
    /// Connections the server reset or closed before answering (refused while sending).
    resets: usize,
    /// 503s without `Retry-After`.
    bare_503: usize,
    /// Requests that hit the client's own timeout (a hang).
    hangs: usize,
}

impl Tally {
    fn record(&mut self, answer: io::Result<Answer>) {
        match answer {
            Ok(a) => {
                if a.status == 503 && a.header("retry-after").is_none() {
                    self.bare_503 += 1;
                }
                self.statuses.push(a.status);
            }
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                self.hangs += 1;
            }
            Err(_) => self.resets += 1,
        }
    }

    fn count(&self, status: u16) -> usize {
        self.statuses.iter().filter(|&&s| s == status).count()
    }

    fn merge(&mut self, other: Tally) {
        self.statuses.extend(other.statuses);
        self.resets += other.resets;
        self.bare_503 += other.bare_503;
        self.hangs += other.hangs;
    }
}

/// A POST whose answer is read even if the server stopped reading the body early.
fn post_tolerant(addr: SocketAddr, body: &[u8], timeout: Duration) -> io::Result<Answer> {
    let mut stream = connect(addr, timeout)?;
    stream.write_all(request_head("POST", "/api/solve", Some(body.len()), false).as_bytes())?;
    // A refusal before the body is read closes the connection: the write fails, the answer may
    // still be there to read.
    let sent = stream.write_all(body);
    let answer = read_answer(&mut stream);
    match (sent, answer) {
        (_, Ok(a)) => Ok(a),
        (Err(e), Err(_)) | (Ok(()), Err(e)) => Err(e),
    }
}

/// Sends a header byte every half second until the server cuts the connection; how long that
/// took from the connection's opening, or `None` if it had not after 25 s.
fn trickle(addr: SocketAddr) -> Option<Duration> {
    let start = Instant::now();
    let mut stream = connect(addr, Duration::from_secs(5)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .ok()?;
    if stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ")
        .is_err()
    {
        return Some(start.elapsed());
    }
    let mut buf = [0u8; 1024];
    while start.elapsed() < Duration::from_secs(25) {
        if stream.write_all(b"a").is_err() {
            return Some(start.elapsed());
        }
        match stream.read(&mut buf) {
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) => {}
            // EOF, an answer (408) or a reset: cut off.
            _ => return Some(start.elapsed()),
        }
    }
    None
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[test]
fn limits_hold_under_load() {
    let nofile = nofile_limit();
    // The test and the server each hold every connection: leave room for the other clients.
    let idle_count = IDLE.min(nofile.saturating_sub(400));
    if idle_count < IDLE {
        println!(
            "note: the descriptor limit is {nofile}: holding {idle_count} idle connections instead of {IDLE}"
        );
    }
    let heavy = heavy_bodies();
    let big = Arc::new(big_body());
    let mut server = Server::start(&["--quiet"]);
    let addr = server.addr;
    let pid = server.pid();
    let rss_at_start = proc_status_kb(pid, "VmRSS:");

    // Sanity: a heavy solve is a real one.
    let t = Instant::now();
    let a = request(
        addr,
        "POST",
        "/api/solve",
        &heavy[0],
        Duration::from_secs(30),
    )
    .expect("heavy solve");
    assert_eq!(a.status, 200, "{}", &a.body[..a.body.len().min(300)]);
    println!(
        "one 500×500 rooks solve alone: {:?}, answer {} bytes",
        t.elapsed(),
        a.body.len()
    );

    let start = Instant::now();
    let idle: Vec<TcpStream> = (0..idle_count)
        .map(|i| connect(addr, Duration::from_secs(10)).unwrap_or_else(|e| panic!("idle {i}: {e}")))
        .collect();
    let stop = Arc::new(AtomicBool::new(false));

    let trickling: Vec<_> = (0..TRICKLE)
        .map(|_| thread::spawn(move || trickle(addr)))
        .collect();
    let big_clients: Vec<_> = (0..BIG)
        .map(|_| {
            let (big, stop) = (Arc::clone(&big), Arc::clone(&stop));
            thread::spawn(move || {
                let mut tally = Tally::default();
                for _ in 0..BIG_ROUNDS {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    tally.record(post_tolerant(addr, &big, Duration::from_secs(30)));
                }
                tally
            })
        })
        .collect();
    // The big bodies first, so that some of them find room in the heavy lane (and are parsed)
    // before the heavy solves fill it; the probes start while they are being sent.
    let probes_from = Duration::from_millis(300);
    thread::sleep(probes_from);
    let mut solve_times = Vec::new();
    let mut page_times = Vec::new();
    let mut peak_rss_seen = 0;
    let mut probe = || {
        let (solve, t_solve) = timed(addr, "POST", "/api/solve", SMALL, Duration::from_secs(10));
        let solve = solve.expect("2×2 solve under load");
        assert_eq!(solve.status, 200, "2×2 solve under load: {}", solve.body);
        assert!(solve.body.contains(r#""answer":"2""#), "{}", solve.body);
        let (page, t_page) = timed(addr, "GET", "/", b"", Duration::from_secs(10));
        assert_eq!(page.expect("GET / under load").status, 200);
        solve_times.push(t_solve);
        page_times.push(t_page);
        peak_rss_seen = peak_rss_seen.max(proc_status_kb(pid, "VmRSS:"));
        thread::sleep(Duration::from_millis(150));
    };
    probe();
    let heavy_clients: Vec<_> = (0..HEAVY)
        .map(|i| {
            let (body, stop) = (Arc::clone(&heavy[i % heavy.len()]), Arc::clone(&stop));
            thread::spawn(move || {
                let mut tally = Tally::default();
                while !stop.load(Ordering::Relaxed) {
                    let answer = post_tolerant(addr, &body, Duration::from_secs(30));
                    let busy = answer.as_ref().is_ok_and(|a| a.status == 503);
                    tally.record(answer);
                    if busy {
                        thread::sleep(Duration::from_millis(100));
                    }
                }
                tally
            })
        })
        .collect();
    // Clients that post a heavy board and never read the answer; held until the end.
    let never_read = Arc::new(Mutex::new(Vec::new()));
    let posters: Vec<_> = (0..NEVER_READ)
        .map(|i| {
            let (body, held) = (Arc::clone(&heavy[i % heavy.len()]), Arc::clone(&never_read));
            thread::spawn(move || {
                if let Ok(mut s) = connect(addr, Duration::from_secs(10)) {
                    let head = request_head("POST", "/api/solve", Some(body.len()), true);
                    if s.write_all(head.as_bytes())
                        .and_then(|()| s.write_all(&body))
                        .is_ok()
                    {
                        held.lock().expect("lock").push(s);
                    }
                }
            })
        })
        .collect();

    // Probes under the full load.
    while start.elapsed() < PRESSURE {
        probe();
    }
    stop.store(true, Ordering::Relaxed);
    let mut bigs = Tally::default();
    for c in big_clients {
        bigs.merge(c.join().expect("big client"));
    }
    let mut heavies = Tally::default();
    for c in heavy_clients {
        heavies.merge(c.join().expect("heavy client"));
    }
    for p in posters {
        p.join().expect("poster");
    }
    let cuts: Vec<Option<Duration>> = trickling
        .into_iter()
        .map(|t| t.join().expect("trickle client"))
        .collect();

    // Idle connections: closed by the server once the header timeout has passed.
    let since_open = start.elapsed();
    if since_open < HEADER_TIMEOUT + Duration::from_secs(2) {
        thread::sleep(HEADER_TIMEOUT + Duration::from_secs(2) - since_open);
    }
    let mut idle_open = 0;
    for mut s in idle {
        s.set_read_timeout(Some(Duration::from_millis(20)))
            .expect("timeout");
        if !wait_closed(&mut s).0 {
            idle_open += 1;
        }
    }

    let peak_rss_mb = server.peak_rss_kb() / 1024;

    // Shutdown with a client stuck mid-body (and the never-reading ones still connected).
    let mut stuck = connect(addr, Duration::from_secs(10)).expect("connect");
    stuck
        .write_all(request_head("POST", "/api/solve", Some(1 << 20), true).as_bytes())
        .expect("head");
    stuck
        .write_all(br#"{"puzzle":"rooks","board":["#)
        .expect("some body");
    thread::sleep(Duration::from_millis(200));
    let shutdown = server.stop("INT", Duration::from_secs(5));
    let exit = server.child.try_wait().expect("exit status");
    drop(never_read);

    solve_times.sort();
    page_times.sort();
    println!(
        "idle connections held: {idle_count}; trickling: {TRICKLE}; 8 MB bodies: {BIG} clients × ≤{BIG_ROUNDS}; heavy: {HEAVY} looping + {NEVER_READ} never reading"
    );
    println!(
        "2×2 solve under load: {} probes, median {:?}, p90 {:?}, max {:?}; GET /: median {:?}, max {:?}",
        solve_times.len(),
        percentile(&solve_times, 0.5),
        percentile(&solve_times, 0.9),
        solve_times.last().copied().unwrap_or_default(),
        percentile(&page_times, 0.5),
        page_times.last().copied().unwrap_or_default()
    );
    println!(
        "server RSS: {} MB at start, {} MB highest sampled, peak (VmHWM) {peak_rss_mb} MB",
        rss_at_start / 1024,
        peak_rss_seen / 1024
    );
    println!(
        "8 MB bodies: {} × 413, {} × 503, {} refused mid-send, {} hangs; heavy solves: {} × 200, {} × 503, {} resets, {} hangs",
        bigs.count(413),
        bigs.count(503),
        bigs.resets,
        bigs.hangs,
        heavies.count(200),
        heavies.count(503),
        heavies.resets,
        heavies.hangs
    );
    let mut cut_times: Vec<Duration> = cuts.iter().flatten().copied().collect();
    cut_times.sort();
    println!(
        "trickling clients cut: {} of {TRICKLE}, after {:?} to {:?}; idle connections still open after {:?}: {idle_open}",
        cut_times.len(),
        cut_times.first().copied().unwrap_or_default(),
        cut_times.last().copied().unwrap_or_default(),
        start.elapsed()
    );
    println!("SIGINT with a client stuck mid-body: exited after {shutdown:?}");

    assert!(!solve_times.is_empty());
    for (what, times) in [("2×2 solve", &solve_times), ("GET /", &page_times)] {
        let max = times.last().copied().unwrap_or_default();
        assert!(max < PROBE_LIMIT, "{what} took {max:?} under load");
    }
    assert!(
        peak_rss_mb < PEAK_RSS_LIMIT_MB,
        "peak RSS {peak_rss_mb} MB ≥ {PEAK_RSS_LIMIT_MB} MB"
    );
    // 8 MB bodies: refused (cell limit, or busy), never solved, never left hanging.
    assert_eq!(bigs.hangs, 0, "{bigs:?}");
    assert!(bigs.count(413) > 0, "no 8 MB body was parsed: {bigs:?}");
    assert!(
        bigs.statuses.iter().all(|&s| s == 413 || s == 503),
        "{:?}",
        bigs.statuses
    );
    assert_eq!(bigs.bare_503, 0);
    // Heavy solves: answered or refused with Retry-After.
    assert_eq!(heavies.hangs, 0, "{heavies:?}");
    assert!(heavies.count(200) > 0);
    assert!(heavies.statuses.iter().all(|&s| s == 200 || s == 503));
    assert_eq!(heavies.bare_503, 0);
    // The header timeout cuts trickling clients (not before it, not never).
    for cut in &cuts {
        let cut = cut.expect("a trickling client was still connected after 25 s");
        assert!(
            (HEADER_TIMEOUT - Duration::from_secs(1)..HEADER_TIMEOUT + Duration::from_secs(4))
                .contains(&cut),
            "a trickling client was cut after {cut:?}"
        );
    }
    assert_eq!(idle_open, 0, "idle connections outlived the header timeout");
    let shutdown = shutdown.expect("the server was still running 5 s after SIGINT");
    assert!(shutdown < Duration::from_secs(5));
    assert!(exit.is_some_and(|s| s.success()), "{exit:?}");
}
