//! End-to-end tests of `gridmatch serve` over real sockets: the access log and `--quiet`, the
//! connection cap (under a lowered descriptor limit), the idle keep-alive timeout, and SIGTERM
//! while a client is stuck mid-body. The load test is `serve_load.rs`; the
//! binary's other end-to-end tests are `integration/`.
#![cfg(target_os = "linux")]

use std::io::Write;
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

mod serve_common;
use serve_common::{Server, connect, read_answer, request, request_head, wait_closed};

const T: Duration = Duration::from_secs(10);
const SMALL: &[u8] = br#"{"puzzle":"rooks","board":["..",".X"]}"#;

/// The access log's lines, once there are `n` of them (or after 5 s).
fn log_lines(server: &Server, n: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let text = server.stderr();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        if lines.len() >= n || start.elapsed() > Duration::from_secs(5) {
            return lines;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn access_log_lines_and_quiet() {
    let mut server = Server::start(&[]);
    let ok = request(server.addr, "POST", "/api/solve", SMALL, T).expect("solve");
    assert_eq!(ok.status, 200, "{}", ok.body);
    let page = request(server.addr, "GET", "/", b"", T).expect("page");
    assert_eq!(page.status, 200);
    let missing = request(server.addr, "GET", "/missing?q=1", b"", T).expect("404");
    assert_eq!(missing.status, 404);
    let not_allowed = request(server.addr, "PUT", "/api/solve", b"", T).expect("405");
    assert_eq!(not_allowed.status, 405);
    let lines = log_lines(&server, 4);
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (line, (method, path, status, answer)) in lines.iter().zip([
        ("POST", "/api/solve", 200, &ok),
        ("GET", "/", 200, &page),
        ("GET", "/missing", 404, &missing),
        ("PUT", "/api/solve", 405, &not_allowed),
    ]) {
        // METHOD PATH STATUS BYTES bytes MS ms
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.len(), 7, "{line}");
        assert_eq!(words[0], method, "{line}");
        assert_eq!(words[1], path, "{line}");
        assert_eq!(words[2], status.to_string(), "{line}");
        assert_eq!(words[3], answer.body.len().to_string(), "{line}");
        assert_eq!(words[4], "bytes", "{line}");
        let ms: f64 = words[5].parse().unwrap_or_else(|_| panic!("{line}"));
        assert!((0.0..10_000.0).contains(&ms), "{line}");
        assert_eq!(words[6], "ms", "{line}");
    }
    server.stop("INT", Duration::from_secs(5)).expect("stops");

    let mut quiet = Server::start(&["--quiet"]);
    let ok = request(quiet.addr, "POST", "/api/solve", SMALL, T).expect("solve");
    assert_eq!(ok.status, 200);
    let missing = request(quiet.addr, "GET", "/missing", b"", T).expect("404");
    assert_eq!(missing.status, 404);
    quiet.stop("INT", Duration::from_secs(5)).expect("stops");
    thread::sleep(Duration::from_millis(100));
    assert_eq!(quiet.stderr(), "", "--quiet logs nothing");
}

#[test]
fn connections_over_the_cap_are_refused_at_once() {
    // Descriptor limit 160: the cap is 160 - 64 = 96 connections.
    let server = Server::start_with_nofile(160, &["--quiet"]);
    let cap = 96;
    let held: Vec<TcpStream> = (0..cap)
        .map(|i| connect(server.addr, T).unwrap_or_else(|e| panic!("connection {i}: {e}")))
        .collect();
    // Every held connection is accepted (the server answers on one of them)…
    thread::sleep(Duration::from_millis(300));
    let mut first = held[0].try_clone().expect("clone");
    first
        .write_all(request_head("GET", "/favicon.svg", None, true).as_bytes())
        .expect("request on a held connection");
    assert_eq!(read_answer(&mut first).expect("answer").status, 200);
    // …and the next is refused at once with a 503 and closed, not left waiting.
    let start = Instant::now();
    let mut over = connect(server.addr, T).expect("connect over the cap");
    let (closed, got) = wait_closed(&mut over);
    let took = start.elapsed();
    let text = String::from_utf8_lossy(&got);
    assert!(closed, "the server kept the connection over the cap open");
    assert!(took < Duration::from_secs(1), "refused after {took:?}");
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(
        text.to_ascii_lowercase().contains("retry-after: 1"),
        "{text}"
    );
    assert!(text.contains(r#"{"error":"#), "{text}");
    // Once connections close, new ones are served again.
    drop(held);
    drop(first);
    let start = Instant::now();
    loop {
        match request(server.addr, "POST", "/api/solve", SMALL, T) {
            Ok(a) if a.status == 200 => break,
            other => assert!(
                start.elapsed() < Duration::from_secs(5),
                "not served again: {other:?}"
            ),
        }
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn idle_keep_alive_connections_are_closed() {
    let server = Server::start(&["--quiet"]);
    let mut stream = connect(server.addr, Duration::from_secs(20)).expect("connect");
    stream
        .write_all(request_head("GET", "/style.css", None, true).as_bytes())
        .expect("request");
    let answer = read_answer(&mut stream).expect("answer");
    assert_eq!(answer.status, 200);
    assert_ne!(answer.header("connection"), Some("close"));
    // Kept alive, then idle: closed after IDLE_TIMEOUT (10 s), not before, not never.
    let start = Instant::now();
    let (closed, _) = wait_closed(&mut stream);
    let idle = start.elapsed();
    assert!(
        closed,
        "an idle kept-alive connection is still open after {idle:?}"
    );
    assert!(
        (Duration::from_secs(9)..Duration::from_secs(13)).contains(&idle),
        "closed after {idle:?}"
    );
    println!("idle keep-alive connection closed after {idle:?}");
}

#[test]
fn sigterm_stops_the_server_while_a_client_is_stuck_mid_body() {
    let mut server = Server::start(&["--quiet"]);
    let mut stuck = connect(server.addr, T).expect("connect");
    stuck
        .write_all(request_head("POST", "/api/solve", Some(1000), true).as_bytes())
        .expect("head");
    stuck
        .write_all(br#"{"puzzle":"rooks","#)
        .expect("part of the body");
    thread::sleep(Duration::from_millis(300));
    let took = server
        .stop("TERM", Duration::from_secs(5))
        .expect("the server is still running 5 s after SIGTERM");
    println!("SIGTERM with a client stuck mid-body: exited after {took:?}");
    assert!(
        server
            .child
            .try_wait()
            .expect("status")
            .is_some_and(|s| s.success())
    );
}
