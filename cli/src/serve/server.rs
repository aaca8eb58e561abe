//! The accept loop: HTTP/1.1 connections under a cap, with header, idle and send timeouts, and a
//! graceful shutdown with a hard deadline.
//!
//! Guarantees:
//! - at most [`ServeConfig::max_connections`] connections are open at once (fewer if the
//!   descriptor limit is lower: it less [`RESERVED_FDS`]); the next one gets a `503` with
//!   `Retry-After` written at once (if its socket takes it) and is closed, never left waiting;
//! - a connection's request headers must be complete within the header timeout of its opening,
//!   or of the end of the previous answer on a kept-alive connection (the idle timeout);
//!   otherwise hyper closes it;
//! - a client that takes nothing of its answer for the send timeout is cut off, and the
//!   answer's memory freed;
//! - on SIGINT or SIGTERM the server stops accepting, lets answers under way finish for at most
//!   the shutdown grace, then returns whatever its clients do.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;

use super::{RESERVED_FDS, RETRY_AFTER, ServeConfig};

/// hyper's read buffer per connection at most (bytes): request headers larger than this are
/// refused with 431, and an idle or trickling connection holds no more than this.
const READ_BUFFER: usize = 64 << 10;

/// The connection cap: `wanted`, or the descriptor limit less [`RESERVED_FDS`] if lower.
pub(super) fn connection_cap(wanted: usize) -> usize {
    #[cfg(unix)]
    if let Some(limit) = rustix::process::getrlimit(rustix::process::Resource::Nofile).current {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        return wanted.min(limit.saturating_sub(RESERVED_FDS)).max(1);
    }
    wanted.max(1)
}

/// Answers a connection over the cap and closes it, without waiting for anything.
fn refuse(stream: TcpStream, cap: usize) {
    let body = format!(
        "{{\"error\":\"the server has {cap} connections open, as many as it takes; try again in a moment\"}}"
    );
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: {RETRY_AFTER}\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    // A fresh socket's send buffer takes these few hundred bytes at once (the socket is
    // non-blocking); if not, closing is the answer.
    if let Ok(mut stream) = stream.into_std() {
        let _ = stream.write_all(format!("{head}{body}").as_bytes());
    }
}

/// Resolves on SIGINT (Ctrl-C) or, on Unix, SIGTERM; never if no handler can be installed.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    () = interrupt => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => interrupt.await,
        }
    }
    #[cfg(not(unix))]
    interrupt.await;
}

/// Serves `app` on `listener` until a stop signal, then shuts down within the grace period.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    config: &ServeConfig,
) -> io::Result<()> {
    let cap = connection_cap(config.max_connections);
    let open = Arc::new(Semaphore::new(cap));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .max_buf_size(READ_BUFFER)
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            biased;
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // A connection that failed before it was accepted is of no concern; anything
                    // else (out of descriptors, of memory) gets a pause instead of a busy loop.
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
                    ) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            refuse(stream, cap);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let mut io = TimeoutStream::new(stream);
        io.set_write_timeout(Some(config.send_timeout));
        let conn = http.serve_connection(
            TokioIo::new(Box::pin(io)),
            TowerToHyperService::new(app.clone()),
        );
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // Errors are the client's (a timeout, a reset, a malformed request): nothing to do.
            let _ = conn.await;
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(config.shutdown_grace, graceful.shutdown())
        .await
        .is_err()
        && config.access_log
    {
        eprintln!(
            "gridmatch serve: stopped {} s after the signal with connections still open",
            config.shutdown_grace.as_secs_f64()
        );
    }
    Ok(())
}
