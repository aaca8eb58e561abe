//! The access log: one line per request on standard error,
//!
//! ```text
//! POST /api/solve 200 51234 bytes 12.3 ms
//! ```
//!
//! (method, path without the query, status, bytes of the answer's body, milliseconds from the
//! request's headers to the answer's). Lines are written by a thread of their own through a
//! bounded queue, so a slow or blocked standard error never holds up a request: when the queue
//! is full, lines are dropped.

use std::io::Write;
use std::sync::mpsc::{self, SyncSender};
use std::time::Instant;

use axum::body::HttpBody;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;

/// Lines waiting to be written before new ones are dropped.
const QUEUE: usize = 4096;

/// Where the access log goes (nowhere when quiet).
#[derive(Clone)]
pub(super) struct Logger(Option<SyncSender<String>>);

impl Logger {
    /// A logger writing to `out` on a thread of its own, or none.
    pub(super) fn new(out: Option<Box<dyn Write + Send>>) -> Logger {
        let Some(mut out) = out else {
            return Logger(None);
        };
        let (tx, rx) = mpsc::sync_channel::<String>(QUEUE);
        let spawned = std::thread::Builder::new()
            .name("gridmatch-access-log".into())
            .spawn(move || {
                // Ends when every sender (every copy of the router) is gone.
                for line in rx {
                    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                        break;
                    }
                }
            });
        Logger(spawned.ok().map(|_| tx))
    }

    /// The access log on standard error.
    pub(super) fn stderr() -> Logger {
        Logger::new(Some(Box::new(std::io::stderr())))
    }

    fn write(&self, line: String) {
        if let Some(tx) = &self.0 {
            // Full (or the writer gone): the line is dropped rather than waited for.
            let _ = tx.try_send(line);
        }
    }
}

/// The middleware writing one line per request.
pub(super) async fn access_log(State(log): State<Logger>, req: Request, next: Next) -> Response {
    if log.0.is_none() {
        return next.run(req).await;
    }
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let res = next.run(req).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let bytes = match res.body().size_hint().exact() {
        Some(n) => n.to_string(),
        None => "-".to_string(),
    };
    log.write(format!(
        "{method} {path} {} {bytes} bytes {ms:.1} ms",
        res.status().as_u16()
    ));
    res
}
