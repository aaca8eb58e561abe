//! Admission and work: the byte budget shared by request bodies and unsent answers, reading a
//! body under it, and the two lanes of blocking threads where requests are parsed and solved.
//!
//! Guarantees:
//! - the bytes of request bodies being read, waiting or parsed, plus those of answers not yet
//!   sent, never exceed the budget ([`super::MAX_BUFFERED`] by default); a body that does not
//!   fit is refused at once with `503` and `Retry-After` (before it is read when it declares its
//!   length), never queued;
//! - a body larger than [`super::MAX_BODY`] gets `413` (at once when it declares its length);
//!   one that is not complete within the body timeout gets `408` and its connection is closed;
//! - JSON parsing and solving run on blocking threads, never on the async workers, in two lanes
//!   chosen by body size ([`super::QUICK_BODY`]): each lane runs as many requests at once as it
//!   has workers and holds a bounded queue; a request finding its lane's queue full gets `503`
//!   and `Retry-After` at once. A small board therefore waits only behind other small ones.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::{MAX_BODY, RETRY_AFTER, error_response};

/// A `503` with `Retry-After`: the server is busy, not the request wrong.
pub(super) fn busy(message: impl Into<String>) -> Response {
    let mut res = error_response(StatusCode::SERVICE_UNAVAILABLE, message);
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER));
    res
}

/// The bytes the server may hold at once for request bodies and unsent answers.
pub(super) struct Budget {
    permits: Arc<Semaphore>,
    total: usize,
}

impl Budget {
    pub(super) fn new(total: usize) -> Budget {
        let total = total.min(Semaphore::MAX_PERMITS).min(u32::MAX as usize);
        Budget {
            permits: Arc::new(Semaphore::new(total)),
            total,
        }
    }

    /// `bytes` more of the budget now, or a `503`.
    fn reserve(&self, bytes: usize) -> Result<OwnedSemaphorePermit, Response> {
        let refused = || {
            busy(format!(
                "the server is busy: it holds as many request and answer bytes as it buffers at once ({} MiB); try again in a moment",
                self.total >> 20
            ))
        };
        let n = u32::try_from(bytes).map_err(|_| refused())?;
        self.permits
            .clone()
            .try_acquire_many_owned(n)
            .map_err(|_| refused())
    }

    /// `bytes` of the budget (at most all of it) for an answer, waiting up to `wait` for other
    /// answers to be sent; a `503` if they are not.
    async fn reserve_answer(
        &self,
        bytes: usize,
        wait: Duration,
    ) -> Result<OwnedSemaphorePermit, Response> {
        // The whole budget at most, so an answer larger than it is still sent, alone.
        let n = u32::try_from(bytes.min(self.total)).unwrap_or(u32::MAX);
        match tokio::time::timeout(wait, self.permits.clone().acquire_many_owned(n)).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy(
                "the server is busy sending other answers; try again in a moment",
            )),
        }
    }

    /// Bytes of the budget free now (for tests).
    #[cfg(test)]
    pub(super) fn available(&self) -> usize {
        self.permits.available_permits()
    }

    /// Takes `bytes` of the budget until the permit is dropped (for tests).
    #[cfg(test)]
    pub(super) fn hold(&self, bytes: u32) -> Option<OwnedSemaphorePermit> {
        self.permits.clone().try_acquire_many_owned(bytes).ok()
    }
}

/// A request body, holding its share of the budget until dropped.
pub(super) struct Buffered {
    pub(super) bytes: Vec<u8>,
    _permit: OwnedSemaphorePermit,
}

/// Reads a whole body under the budget, [`MAX_BODY`] and `timeout`.
pub(super) async fn read_body(
    budget: &Budget,
    headers: &HeaderMap,
    body: Body,
    timeout: Duration,
) -> Result<Buffered, Response> {
    let too_large = || {
        error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request is over {MAX_BODY} bytes"),
        )
    };
    // hyper has checked that a Content-Length is a number and that the body matches it.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let declared = match declared {
        Some(n) if n > MAX_BODY as u64 => return Err(too_large()),
        Some(n) => usize::try_from(n).unwrap_or(MAX_BODY),
        None => 0,
    };
    let mut permit = budget.reserve(declared)?;
    let mut bytes = Vec::with_capacity(declared);
    let mut body = body;
    let read = async {
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|e| {
                error_response(
                    StatusCode::BAD_REQUEST,
                    format!("cannot read the request: {e}"),
                )
            })?;
            let Ok(data) = frame.into_data() else {
                continue;
            };
            let need = bytes.len() + data.len();
            if need > MAX_BODY {
                return Err(too_large());
            }
            let held = permit.num_permits();
            if need > held {
                // No declared length: the budget (and the buffer) grow by doubling.
                let want = need.max(held.saturating_mul(2)).clamp(16 << 10, MAX_BODY);
                permit.merge(budget.reserve(want - held)?);
                bytes.reserve_exact(want - bytes.len());
            }
            bytes.extend_from_slice(&data);
        }
        Ok(())
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(Ok(())) => Ok(Buffered {
            bytes,
            _permit: permit,
        }),
        Ok(Err(res)) => Err(res),
        Err(_) => {
            let mut res = error_response(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    timeout.as_secs()
                ),
            );
            res.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            Err(res)
        }
    }
}

/// An answer's bytes with their share of the budget: released when hyper has written (and
/// dropped) the last of them, or the connection is gone.
struct Held {
    bytes: Vec<u8>,
    _permit: OwnedSemaphorePermit,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

/// A `200` JSON answer whose bytes count against the budget until they are sent.
pub(super) async fn send_json(budget: &Budget, bytes: Vec<u8>, wait: Duration) -> Response {
    let permit = match budget.reserve_answer(bytes.len(), wait).await {
        Ok(p) => p,
        Err(res) => return res,
    };
    let body = Bytes::from_owner(Held {
        bytes,
        _permit: permit,
    });
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

/// Blocking threads for one kind of request, with a bounded queue.
pub(super) struct Lane {
    name: &'static str,
    /// One permit per job running.
    running: Arc<Semaphore>,
    /// One permit per job running or waiting.
    slots: Arc<Semaphore>,
    capacity: usize,
}

impl Lane {
    pub(super) fn new(name: &'static str, workers: usize, queue: usize) -> Lane {
        let workers = workers.max(1);
        Lane {
            name,
            running: Arc::new(Semaphore::new(workers)),
            slots: Arc::new(Semaphore::new(workers + queue)),
            capacity: workers + queue,
        }
    }

    /// Runs `job` on a blocking thread once a worker is free, or refuses it with `503` at once
    /// if the lane's queue is full. The job keeps its place until it returns, even if its
    /// client has left.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Response> {
        let Ok(slot) = self.slots.clone().try_acquire_owned() else {
            return Err(busy(format!(
                "the server is busy: the {} lane holds {} requests, running or waiting; try again in a moment",
                self.name, self.capacity
            )));
        };
        let Ok(worker) = self.running.clone().acquire_owned().await else {
            return Err(busy("the server is stopping"));
        };
        tokio::task::spawn_blocking(move || {
            let _held = (slot, worker);
            job()
        })
        .await
        .map_err(|e| {
            error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the solver failed: {e}"),
            )
        })
    }

    /// Takes every place of the lane, running and waiting (for tests).
    #[cfg(test)]
    pub(super) fn fill(&self) -> Option<OwnedSemaphorePermit> {
        self.slots
            .clone()
            .try_acquire_many_owned(u32::try_from(self.capacity).ok()?)
            .ok()
    }
}
