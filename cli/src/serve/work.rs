//! Admission and work: the byte budget shared by request bodies and unsent answers, reading a
//! body under it, and the two lanes of blocking threads where requests are parsed and solved.
//!
//! Guarantees:
//! - a request body over [`QUICK_BODY`] (or of undeclared length) is read only while the bytes
//!   of such bodies (being read, waiting or parsed) plus those of the heavy lane's unsent
//!   answers are within the budget ([`super::MAX_BUFFERED`] by default); one that does not fit
//!   is refused at once with `503` and `Retry-After` (before it is read when it declares its
//!   length), never queued. An answer is never refused once computed, so the count can pass the
//!   budget by the answers of the heavy lane's running and waiting requests at most; then no
//!   large body is admitted until they are sent;
//! - small bodies (declared length up to [`QUICK_BODY`]) and the quick lane's answers are not
//!   counted: HTTP/1.1 handles one request at a time per connection, so the connection cap
//!   bounds them;
//! - a body larger than [`super::MAX_BODY`] gets `413` (at once when it declares its length);
//!   one that is not complete within the body timeout gets `408` and its connection is closed;
//! - JSON parsing and solving run on blocking threads, never on the async workers, in two lanes
//!   chosen by body size ([`super::QUICK_BODY`]): each lane runs as many requests at once as it
//!   has workers and holds a bounded queue; a request finding its lane's queue full gets `503`
//!   and `Retry-After` at once. A small board therefore waits only behind other small ones.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use tokio::sync::Semaphore;

use super::{MAX_BODY, QUICK_BODY, RETRY_AFTER, error_response};

/// A `503` with `Retry-After`: the server is busy, not the request wrong.
pub(super) fn busy(message: impl Into<String>) -> Response {
    let mut res = error_response(StatusCode::SERVICE_UNAVAILABLE, message);
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER));
    res
}

/// The bytes the server holds at once for request bodies over [`QUICK_BODY`] and the answers
/// of the heavy lane until they are sent. A cheap handle: clones share one count.
#[derive(Clone)]
pub(super) struct Budget(Arc<Count>);

struct Count {
    used: AtomicUsize,
    total: usize,
}

impl Budget {
    pub(super) fn new(total: usize) -> Budget {
        Budget(Arc::new(Count {
            used: AtomicUsize::new(0),
            total,
        }))
    }

    /// Takes `bytes` if they fit now.
    fn take(&self, bytes: usize) -> bool {
        let total = self.0.total;
        self.0
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(bytes).filter(|&sum| sum <= total)
            })
            .is_ok()
    }

    /// The `503` of a body that does not fit.
    fn refusal(&self) -> Response {
        busy(format!(
            "the server is busy: it holds as many request and answer bytes as it buffers at once ({} MiB); try again in a moment",
            self.0.total >> 20
        ))
    }

    /// `bytes` of the budget if they fit now.
    fn try_charge(&self, bytes: usize) -> Option<Charge> {
        self.take(bytes).then(|| Charge {
            budget: self.clone(),
            bytes,
        })
    }

    /// `bytes` of the budget even if they do not fit: an answer already computed is sent, and
    /// new large bodies wait until it has been.
    fn charge(&self, bytes: usize) -> Charge {
        self.0.used.fetch_add(bytes, Ordering::AcqRel);
        Charge {
            budget: self.clone(),
            bytes,
        }
    }

    /// Bytes of the budget free now (for tests).
    #[cfg(test)]
    pub(super) fn free(&self) -> usize {
        self.0
            .total
            .saturating_sub(self.0.used.load(Ordering::Acquire))
    }

    /// Takes `bytes` of the budget until the charge is dropped (for tests).
    #[cfg(test)]
    pub(super) fn hold(&self, bytes: usize) -> Charge {
        self.charge(bytes)
    }
}

/// Bytes taken from the budget, given back when dropped.
pub(super) struct Charge {
    budget: Budget,
    bytes: usize,
}

impl Charge {
    /// `more` bytes if they fit now.
    fn grow(&mut self, more: usize) -> bool {
        let taken = self.budget.take(more);
        if taken {
            self.bytes += more;
        }
        taken
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.budget.0.used.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

/// A request body, holding its share of the budget (if any) until dropped.
pub(super) struct Buffered {
    pub(super) bytes: Vec<u8>,
    _charge: Option<Charge>,
}

/// Reads a whole body under [`MAX_BODY`] and `timeout`, and under the budget unless it
/// declares a length of at most [`QUICK_BODY`].
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
    let (mut charge, capacity) = match declared {
        Some(n) if n > MAX_BODY as u64 => return Err(too_large()),
        // A small declared body: bounded per connection, never refused for the budget.
        Some(n) if n <= QUICK_BODY as u64 => (None, n as usize),
        Some(n) => {
            let n = usize::try_from(n).unwrap_or(MAX_BODY);
            let charge = budget.try_charge(n).ok_or_else(|| budget.refusal())?;
            (Some(charge), n)
        }
        None => (
            Some(budget.try_charge(0).ok_or_else(|| budget.refusal())?),
            0,
        ),
    };
    let mut bytes = Vec::with_capacity(capacity);
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
            if need > bytes.capacity()
                && let Some(charge) = charge.as_mut()
            {
                // No declared length: the charge (and the buffer) grow by doubling.
                let want = need.max(bytes.capacity() * 2).clamp(16 << 10, MAX_BODY);
                if !charge.grow(want - charge.bytes) {
                    return Err(budget.refusal());
                }
                bytes.reserve_exact(want - bytes.len());
            }
            bytes.extend_from_slice(&data);
        }
        Ok(())
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(Ok(())) => Ok(Buffered {
            bytes,
            _charge: charge,
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

/// An answer's bytes with their share of the budget: given back when hyper has written (and
/// dropped) the last of them, or the connection is gone.
struct Held {
    bytes: Vec<u8>,
    _charge: Charge,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

/// A `200` JSON answer; a heavy one's bytes count against the budget until they are sent.
pub(super) fn send_json(budget: &Budget, bytes: Vec<u8>, heavy: bool) -> Response {
    let body = if heavy {
        let charge = budget.charge(bytes.len());
        Bytes::from_owner(Held {
            bytes,
            _charge: charge,
        })
    } else {
        Bytes::from(bytes)
    };
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
    pub(super) fn fill(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.slots
            .clone()
            .try_acquire_many_owned(u32::try_from(self.capacity).ok()?)
            .ok()
    }
}
