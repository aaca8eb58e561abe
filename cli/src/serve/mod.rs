//! `gridmatch serve`: a local web playground on 127.0.0.1 — paint a board, see the answer, its
//! picture and its certificate update live (for rooks the role of every cell across all maximum
//! placements, for the L-puzzle whether the tiling is unique and where a second one differs),
//! and play King against the engine.
//!
//! One page (`web/`, embedded in the binary) over a small JSON API of the same solvers the
//! command line uses; the King game is [`gridmatch::puzzles::king::game::Position`], as in
//! `gridmatch king play`, so the page knows no rules of its own (it asks for the legal moves):
//!
//! | route | request | answer |
//! |---|---|---|
//! | `GET /` | | the page (`/app.js`, `/style.css`, `/favicon.svg` beside it) |
//! | `POST /api/solve` | `{"puzzle":"rooks"\|"lpuzzle"\|"king","board":[rows],"moves"?:"king"}` | `{answer, headline, text, svg, record, judge_input, judge_output, command, …}` (rooks also `roles`, the role of every cell across all maximum placements as rows of `R`/`r`/`.`/`X`, `role_counts` and `roles_svg`; L-puzzle also `unique` (`null` for NO), `forced` and, when not unique, `second`, `differ` and `second_svg`; King also `map`, `start` and `legal`, the first player's moves) |
//! | `POST /api/parse` | `{"puzzle":…,"text":"judge input"}` | `{boards:[[rows]…], count}` |
//! | `POST /api/king/move` | `{"board":[rows],"moves"?,"visited":[[r,c]…],"at":[r,c],"play"?:[r,c]}` | `{played, engine, at, visited, legal, over, winner, you_can_win, message}` |
//!
//! Mistakes get a 4xx status and `{"error":"…"}`: 400 for a body that is not the JSON asked
//! for (a field the request type does not know included: the message names it and the expected
//! ones), 404 for no such page, 405 for a method the route does not take (the message and the
//! `Allow` header list those it takes), 408 for a body not complete within [`BODY_TIMEOUT`], 413
//! for a board over [`PLAYGROUND_MAX_CELLS`] cells (or a body over [`MAX_BODY`] bytes), 415 for a body not
//! sent as `application/json`, 422 for a board or move that breaks the puzzle's rules, 403 for a
//! request addressed to another host name than this machine's loopback (against DNS rebinding).
//! A busy server answers `503` with `{"error":"…"}` and `Retry-After` instead of making a request
//! wait without bound. Errors hyper answers itself, before a request exists (malformed or
//! oversized headers), have no body.
//!
//! # Limits
//!
//! The server listens on 127.0.0.1 only and speaks HTTP/1.1. Every limit is a constant below
//! (the defaults of [`ServeConfig`]); each bounds what a client, or many, can make it hold:
//!
//! | limit | default | past it |
//! |---|---|---|
//! | open connections, [`MAX_CONNECTIONS`] | 2048 (at most the descriptor limit less [`RESERVED_FDS`]) | the connection gets `503` at once and is closed |
//! | request headers, [`HEADER_TIMEOUT`] | complete 10 s after the connection opens | the connection is closed |
//! | idle keep-alive, [`HEADER_TIMEOUT`] (hyper times the wait for the next request and its headers as one period) | 10 s from the end of an answer to the next request's headers | the connection is closed |
//! | request body, [`BODY_TIMEOUT`] | complete 30 s after its headers | `408`, the connection is closed |
//! | sending, [`SEND_TIMEOUT`] | 30 s without the client taking any of its answer | the connection is closed, the answer freed |
//! | body size, [`MAX_BODY`] | 8 MiB | `413` (before reading, if the length is declared) |
//! | bytes buffered, [`MAX_BUFFERED`] | 128 MiB of request bodies over [`QUICK_BODY`] (being read, waiting or parsed) and of the heavy lane's answers not yet sent, across all requests | `503` at once (before reading, if the length is declared) |
//! | board size, [`PLAYGROUND_MAX_CELLS`] | 250 000 cells, counted while the JSON is read (rows beyond it are never stored) | `413` |
//! | work | two lanes of blocking threads, one worker per core each: bodies up to [`QUICK_BODY`] (16 KiB) in the quick lane, queue [`QUICK_QUEUE`] (64); larger in the heavy lane, queue [`HEAVY_QUEUE`] (16) | `503` at once |
//! | stopping, [`SHUTDOWN_GRACE`] | on SIGINT or SIGTERM, answers under way get 2 s | the server exits anyway |
//!
//! JSON parsing and solving never run on the async threads, so pages and small boards are
//! answered while big boards are solved; a small board waits only behind other small ones.
//!
//! Every request gets one line on standard error (unless [`ServeConfig::access_log`] is off:
//! `gridmatch serve --quiet`): method, path, status, bytes of the answer's body and
//! milliseconds to the answer, as in `POST /api/solve 200 51234 bytes 12.3 ms`.

mod api;
mod log;
mod server;
mod work;

use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde::de::DeserializeOwned;

use api::ApiError;
use log::Logger;
use work::{Budget, Lane};

/// The largest board the playground solves (cells); bigger ones are refused with 413. Counted
/// while the request is parsed: no row past the limit is stored.
pub const PLAYGROUND_MAX_CELLS: usize = 250_000;
/// The largest request body accepted (bytes); a bigger one is refused with 413.
pub const MAX_BODY: usize = 8 << 20;
/// Connections open at once; the next is answered 503 and closed at once. Lowered to the
/// descriptor limit less [`RESERVED_FDS`] when that is smaller.
pub const MAX_CONNECTIONS: usize = 2048;
/// Descriptors kept out of the connection cap for the server's own use.
pub const RESERVED_FDS: usize = 64;
/// How long a connection may take, from its opening, to send complete request headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request body may take to arrive, from the end of its headers (then 408).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a client may take none of its answer before the connection is closed.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(30);
/// Bytes of request bodies over [`QUICK_BODY`] (being read, waiting or parsed) and of the
/// heavy lane's answers not yet sent, held at once across all requests; a large body that does
/// not fit is refused with 503 and `Retry-After`. A computed answer is always sent, so the
/// count may pass this by the answers of the heavy lane's requests (running or waiting), and
/// no large body is admitted until they are sent. Small bodies, and their answers, are not
/// counted: one request at a time per connection, so [`MAX_CONNECTIONS`] bounds them.
pub const MAX_BUFFERED: usize = 128 << 20;
/// Requests with a body up to this many bytes go to the quick lane, larger ones to the heavy
/// lane (a board has at most about as many cells as its body has bytes).
pub const QUICK_BODY: usize = 16 << 10;
/// Requests that may wait in the quick lane beyond those running; past it, 503.
pub const QUICK_QUEUE: usize = 64;
/// Requests that may wait in the heavy lane beyond those running; past it, 503.
pub const HEAVY_QUEUE: usize = 16;
/// After SIGINT or SIGTERM, how long answers under way may take before the server exits.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);
/// The `Retry-After` of a 503 (seconds).
pub const RETRY_AFTER: u64 = 1;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const FAVICON_SVG: &str = include_str!("../../web/favicon.svg");

/// How `gridmatch serve` runs; [`ServeConfig::default`] is the command's, with the limits
/// above.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ServeConfig {
    /// TCP port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// One line per request on standard error (`--quiet` turns it off).
    pub access_log: bool,
    /// [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// [`MAX_BUFFERED`].
    pub max_buffered: usize,
    /// Requests each lane runs at once (default: the machine's cores).
    pub workers: usize,
    /// [`QUICK_QUEUE`].
    pub quick_queue: usize,
    /// [`HEAVY_QUEUE`].
    pub heavy_queue: usize,
    /// [`HEADER_TIMEOUT`] (also the idle keep-alive limit).
    pub header_timeout: Duration,
    /// [`BODY_TIMEOUT`].
    pub body_timeout: Duration,
    /// [`SEND_TIMEOUT`].
    pub send_timeout: Duration,
    /// [`SHUTDOWN_GRACE`].
    pub shutdown_grace: Duration,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            port: 8080,
            access_log: true,
            max_connections: MAX_CONNECTIONS,
            max_buffered: MAX_BUFFERED,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            quick_queue: QUICK_QUEUE,
            heavy_queue: HEAVY_QUEUE,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            send_timeout: SEND_TIMEOUT,
            shutdown_grace: SHUTDOWN_GRACE,
        }
    }
}

#[derive(Clone)]
struct AppState(Arc<Shared>);

struct Shared {
    budget: Budget,
    quick: Lane,
    heavy: Lane,
    body_timeout: Duration,
}

impl AppState {
    fn new(config: &ServeConfig) -> AppState {
        AppState(Arc::new(Shared {
            budget: Budget::new(config.max_buffered),
            quick: Lane::new("quick", config.workers, config.quick_queue),
            heavy: Lane::new("heavy", config.workers, config.heavy_queue),
            body_timeout: config.body_timeout,
        }))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error_response(self.status, self.message)
    }
}

#[derive(Serialize)]
struct ErrorBody {
    error: String,
}

fn error_response(status: StatusCode, message: impl Into<String>) -> Response {
    let body = ErrorBody {
        error: message.into(),
    };
    json_response(status, &body)
}

fn json_response<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_vec(value) {
        Ok(bytes) => (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            bytes,
        )
            .into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write the answer: {e}"),
        )
            .into_response(),
    }
}

/// The playground's routes with `config`'s limits (its port and connection settings are the
/// accept loop's: see [`run_with`]).
pub fn router_with(config: &ServeConfig) -> Router {
    let log = if config.access_log {
        Logger::stderr()
    } else {
        Logger::new(None)
    };
    app(AppState::new(config), log)
}

fn app(state: AppState, log: Logger) -> Router {
    let routes = Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/index.html",
            get(|| asset("text/html; charset=utf-8", INDEX_HTML)),
        )
        .route(
            "/app.js",
            get(|| asset("text/javascript; charset=utf-8", APP_JS)),
        )
        .route(
            "/style.css",
            get(|| asset("text/css; charset=utf-8", STYLE_CSS)),
        )
        .route("/favicon.svg", get(|| asset("image/svg+xml", FAVICON_SVG)))
        .route("/api/solve", post(solve))
        .route("/api/parse", post(parse))
        .route("/api/king/move", post(king_move))
        .fallback(not_found)
        .with_state(state);
    // The routes inside another router, so that the middleware sees their answers complete
    // (axum adds a 405's `Allow` header outside a route's own layers).
    Router::new()
        .fallback_service(routes)
        .layer(middleware::from_fn(guard))
        .layer(middleware::from_fn_with_state(log, log::access_log))
}

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
        body,
    )
        .into_response()
}

async fn not_found(method: Method, uri: axum::http::Uri) -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        format!(
            "no such page: {method} {}; the API is POST /api/solve, /api/parse, /api/king/move",
            uri.path()
        ),
    )
}

/// Whether a `Host` header names this machine's loopback (any port).
fn loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host.split(':').next().unwrap_or("")
    };
    matches!(
        name.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "localhost" | "::1"
    )
}

/// Refuses requests for other host names, gives 405s a JSON body naming the allowed methods,
/// and sets the security headers of every answer.
async fn guard(req: Request, next: Next) -> Response {
    if let Some(host) = req.headers().get(header::HOST)
        && !host.to_str().is_ok_and(loopback_host)
    {
        return error_response(
            StatusCode::FORBIDDEN,
            "the playground answers only requests addressed to 127.0.0.1 or localhost",
        );
    }
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let mut res = next.run(req).await;
    if res.status() == StatusCode::METHOD_NOT_ALLOWED {
        let allow = res.headers().get(header::ALLOW).cloned();
        let allowed = allow
            .as_ref()
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .replace(',', ", ");
        res = error_response(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("{method} is not allowed on {path}; it takes {allowed}"),
        );
        if let Some(allow) = allow {
            res.headers_mut().insert(header::ALLOW, allow);
        }
    }
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

/// Whether the request says its body is JSON.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        })
}

/// Reads a JSON request under the byte budget, parses it and runs `f` on a blocking thread of
/// the lane its size picks, and writes its answer or its refusal.
async fn call<Q, A>(
    state: AppState,
    req: Request,
    what: &'static str,
    f: fn(&Q) -> Result<A, ApiError>,
) -> Response
where
    Q: DeserializeOwned + 'static,
    A: Serialize + 'static,
{
    let (parts, body) = req.into_parts();
    if !is_json(&parts.headers) {
        return error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as Content-Type: application/json",
        );
    }
    let shared = &state.0;
    let body =
        match work::read_body(&shared.budget, &parts.headers, body, shared.body_timeout).await {
            Ok(b) => b,
            Err(res) => return res,
        };
    let heavy = body.bytes.len() > QUICK_BODY;
    let lane = if heavy { &shared.heavy } else { &shared.quick };
    let job = move || -> Result<Vec<u8>, ApiError> {
        let req: Q = serde_json::from_slice(&body.bytes).map_err(|e| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the request is not the JSON expected ({e}); expected {what}"),
            )
        })?;
        // The body and its share of the budget are free before the solve starts.
        drop(body);
        let answer = f(&req)?;
        drop(req);
        serde_json::to_vec(&answer).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot write the answer: {e}"),
            )
        })
    };
    match lane.run(job).await {
        Ok(Ok(bytes)) => work::send_json(&shared.budget, bytes, heavy),
        Ok(Err(e)) => e.into_response(),
        Err(refusal) => refusal,
    }
}

async fn solve(State(state): State<AppState>, req: Request) -> Response {
    call(
        state,
        req,
        r#"{"puzzle":"rooks"|"lpuzzle"|"king","board":["row",…],"moves"?:"king"|"wazir"|"ferz"|"knight"}"#,
        api::solve,
    )
    .await
}

async fn parse(State(state): State<AppState>, req: Request) -> Response {
    call(
        state,
        req,
        r#"{"puzzle":"rooks"|"lpuzzle"|"king","text":"the judge's input"}"#,
        api::parse,
    )
    .await
}

async fn king_move(State(state): State<AppState>, req: Request) -> Response {
    call(
        state,
        req,
        r#"{"board":["row",…],"moves"?:"king","visited":[[r,c],…],"at":[r,c],"play"?:[r,c]}"#,
        api::king_move,
    )
    .await
}

/// Serves the playground on 127.0.0.1 with `config` until SIGINT (Ctrl-C) or SIGTERM, then
/// returns within [`ServeConfig::shutdown_grace`] whatever the clients do. Port 0 picks a free
/// port. The URL is printed on standard output once the port is open.
pub fn run_with(config: &ServeConfig) -> io::Result<()> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
    let listener = std::net::TcpListener::bind(addr).map_err(|e| {
        let hint = if e.kind() == io::ErrorKind::AddrInUse {
            "; another program uses it: try another --port"
        } else {
            ""
        };
        io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}{hint}"))
    })?;
    listener.set_nonblocking(true)?;
    let local = listener.local_addr()?;
    let mut stdout = io::stdout();
    writeln!(
        stdout,
        "gridmatch playground: http://{local}/  (127.0.0.1 only; Ctrl-C stops)"
    )?;
    stdout.flush()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        server::serve(listener, router_with(config), config).await
    });
    // Solves still running on blocking threads are not waited for: the process is ending.
    runtime.shutdown_background();
    served
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
