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
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use serde_json::{Value, json};
    use tower::ServiceExt;

    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    fn quiet() -> ServeConfig {
        ServeConfig {
            access_log: false,
            ..ServeConfig::default()
        }
    }

    fn quiet_router() -> Router {
        router_with(&quiet())
    }

    /// The string field `key` of `v`; an error naming it when absent or not a string.
    fn str_field<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
        v[key]
            .as_str()
            .ok_or_else(|| format!("no string field {key:?} in {v}"))
    }

    /// The array field `key` of `v`; an error naming it when absent or not an array.
    fn array_field<'a>(v: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
        v[key]
            .as_array()
            .ok_or_else(|| format!("no array field {key:?} in {v}"))
    }

    async fn send(
        method: &str,
        uri: &str,
        body: Option<Value>,
    ) -> TestResult<(StatusCode, Value, String)> {
        let mut req = Request::builder().method(method).uri(uri);
        let body = match body {
            Some(v) => {
                req = req.header("content-type", "application/json");
                Body::from(v.to_string())
            }
            None => Body::empty(),
        };
        raw(req.body(body)?).await
    }

    async fn raw(req: Request<Body>) -> TestResult<(StatusCode, Value, String)> {
        let res = quiet_router().oneshot(req).await?;
        let status = res.status();
        // No content-type header means the body is not JSON: the value is Null.
        let ctype = match res.headers().get("content-type") {
            Some(v) => v.to_str()?.to_string(),
            None => String::new(),
        };
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await?;
        let text = String::from_utf8(bytes.to_vec())?;
        let value = if ctype.starts_with("application/json") {
            serde_json::from_str(&text)?
        } else {
            Value::Null
        };
        Ok((status, value, text))
    }

    fn svg_ok(v: &Value) -> TestResult {
        let svg = str_field(v, "svg")?;
        roxmltree::Document::parse(svg)?;
        Ok(())
    }

    #[tokio::test]
    async fn page_and_assets() -> TestResult {
        for (path, kind) in [
            ("/", "text/html"),
            ("/app.js", "text/javascript"),
            ("/style.css", "text/css"),
            ("/favicon.svg", "image/svg+xml"),
        ] {
            let res = quiet_router()
                .oneshot(Request::get(path).body(Body::empty())?)
                .await?;
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            let ct = res.headers()["content-type"].to_str()?;
            assert!(ct.starts_with(kind), "{path}: {ct}");
            assert!(res.headers().contains_key("content-security-policy"));
        }
        let (status, v, _) = send("GET", "/nope", None).await?;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(str_field(&v, "error")?.contains("/nope"));
        Ok(())
    }

    #[tokio::test]
    async fn solve_rooks() -> TestResult {
        let board = json!(["X....", "X....", "..X..", ".X...", "....X"]);
        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": "rooks", "board": board})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["answer"], "7");
        assert_eq!(v["record"]["puzzle"], "rooks");
        assert_eq!(v["record"]["answer"], 7);
        assert!(str_field(&v, "judge_input")?.starts_with("5\nX....\n"));
        assert_eq!(v["judge_output"], "7\n");
        svg_ok(&v)?;
        // The record is a certificate the verifier accepts.
        let rec: gridmatch::formats::json::Record = serde_json::from_value(v["record"].clone())?;
        assert_eq!(rec.verify(), Ok(()));

        // Rectangular boards use the --rect format.
        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": "rooks", "board": ["...", "..."]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["answer"], "2");
        assert!(str_field(&v, "judge_input")?.starts_with("2 3\n"));
        assert!(str_field(&v, "command")?.contains("--rect"));
        Ok(())
    }

    #[tokio::test]
    async fn solve_lpuzzle_yes_and_no() -> TestResult {
        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": "lpuzzle", "board": ["BWW.", "WWBW", "..WB"]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["answer"], "YES");
        assert_eq!(
            v["record"]["pieces"]
                .as_array()
                .ok_or_else(|| format!("no array record.pieces in {v}"))?
                .len(),
            3
        );
        svg_ok(&v)?;

        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": "lpuzzle", "board": ["W..", "BW.", "WBW"]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["answer"], "NO");
        assert!(str_field(&v, "headline")?.starts_with("NO: "));
        assert!(!array_field(&v, "culprits")?.is_empty());
        assert_eq!(v["judge_input"], "1\n3 3\nW..\nBW.\nWBW\n");
        svg_ok(&v)?;
        Ok(())
    }

    async fn solve_ok(puzzle: &str, board: Value) -> TestResult<Value> {
        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": puzzle, "board": board})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        Ok(v)
    }

    #[tokio::test]
    async fn solve_rooks_roles() -> TestResult {
        // The ends of the L the pawn leaves hold a rook in every placement, its corner in none.
        let v = solve_ok("rooks", json!(["..", ".X"])).await?;
        assert_eq!(v["roles"], json!([".R", "RX"]));
        assert_eq!(v["role_counts"], json!({"every": 2, "some": 0, "none": 1}));
        assert!(
            str_field(&v, "headline")?.contains("every / some / no maximum placement: 2 / 0 / 1")
        );
        let roles_svg = str_field(&v, "roles_svg")?;
        roxmltree::Document::parse(roles_svg)?;
        assert!(roles_svg.contains("role-every") && !roles_svg.contains("role-some"));
        // The plain picture has no roles.
        assert!(!str_field(&v, "svg")?.contains("role-"));

        let v = solve_ok("rooks", json!(["..", ".."])).await?;
        assert_eq!(v["roles"], json!(["rr", "rr"]));
        assert_eq!(v["role_counts"], json!({"every": 0, "some": 4, "none": 0}));

        // The library's roles, row for row.
        let rows = ["X....", "X....", "..X..", ".X...", "....X"];
        let v = solve_ok("rooks", json!(rows)).await?;
        let grid = gridmatch::grid::Grid::from_rows(&rows);
        assert_eq!(
            v["roles"],
            json!(gridmatch::puzzles::rooks::roles(&grid).to_lines())
        );
        // Other puzzles have no roles.
        let v = solve_ok("lpuzzle", json!(["BW", "W."])).await?;
        assert!(v.get("roles").is_none() && v.get("roles_svg").is_none());
        Ok(())
    }

    #[tokio::test]
    async fn solve_lpuzzle_uniqueness() -> TestResult {
        use gridmatch::puzzles::lpuzzle::{self, Piece};
        let pinwheel = [".WBW.", "WBWBW", "WWBWW", "BWWWB"];
        let v = solve_ok("lpuzzle", json!(pinwheel)).await?;
        assert_eq!(v["answer"], "YES");
        assert_eq!(v["unique"], false);
        let headline = str_field(&v, "headline")?;
        assert!(headline.starts_with("YES, not unique: "), "{headline}");
        let differ = array_field(&v, "differ")?;
        assert!(!differ.is_empty());
        assert!(headline.contains(&format!("{} cells differ in a second tiling", differ.len())));
        // The second tiling is a tiling, and differs from the first exactly on `differ`.
        let pieces = |value: &Value| -> TestResult<Vec<Piece>> {
            let cells: Vec<[[usize; 2]; 3]> = serde_json::from_value(value.clone())?;
            Ok(cells
                .into_iter()
                .map(|[b, ve, h]| Piece {
                    black: (b[0], b[1]),
                    vertical: (ve[0], ve[1]),
                    horizontal: (h[0], h[1]),
                })
                .collect())
        };
        let grid = gridmatch::grid::Grid::from_rows(&pinwheel);
        let second = pieces(&v["second"])?;
        assert_eq!(lpuzzle::verify_tiling(&grid, &second), Ok(()));
        let first = pieces(&v["record"]["pieces"])?;
        let expected: Vec<[usize; 2]> = lpuzzle::differing_cells(&grid, &first, &second)
            .into_iter()
            .map(|(r, c)| [r, c])
            .collect();
        assert_eq!(v["differ"], json!(expected));
        assert!(v["forced"].is_u64());
        for key in ["svg", "second_svg"] {
            let picture = str_field(&v, key)?;
            roxmltree::Document::parse(picture)?;
            assert!(picture.contains("class=\"differ\""), "{key}");
        }

        // One piece: unique, forced, nothing differs.
        let v = solve_ok("lpuzzle", json!(["BW", "W."])).await?;
        assert_eq!(v["unique"], true);
        assert_eq!(v["forced"], 1);
        assert!(str_field(&v, "headline")?.starts_with("YES, unique: 1 L piece"));
        for key in ["differ", "second", "second_svg"] {
            assert!(v.get(key).is_none(), "{key} in {v}");
        }

        // NO: `unique` is null, not absent.
        let v = solve_ok("lpuzzle", json!(["BW", "WB"])).await?;
        assert_eq!(v["answer"], "NO");
        assert!(v.get("unique").is_some_and(Value::is_null), "{v}");
        assert!(v.get("forced").is_none());
        // Not an L-puzzle: no `unique` at all.
        let v = solve_ok("king", json!(["K.", ".#"])).await?;
        assert!(v.get("unique").is_none());
        Ok(())
    }

    #[tokio::test]
    async fn solve_king_a_and_b() -> TestResult {
        for (board, letter, legal) in [
            (json!(["K.", ".#"]), "B", json!([[0, 1], [1, 0]])),
            (json!(["K#", ".#", ".#", ".#"]), "A", json!([[1, 0]])),
        ] {
            let (status, v, _) = send(
                "POST",
                "/api/solve",
                Some(json!({"puzzle": "king", "board": board})),
            )
            .await?;
            assert_eq!(status, StatusCode::OK, "{v}");
            assert_eq!(v["answer"], letter);
            assert_eq!(v["start"], json!([0, 0]));
            assert_eq!(v["legal"], legal, "the first player's moves");
            assert_eq!(v["judge_output"], format!("Case #1: {letter}\n"));
            assert!(v["map"].is_array());
            svg_ok(&v)?;
            let rec: gridmatch::formats::json::Record =
                serde_json::from_value(v["record"].clone())?;
            assert_eq!(rec.verify(), Ok(()));
        }
        let (status, v, _) = send(
            "POST",
            "/api/solve",
            Some(json!({"puzzle": "king", "board": ["K..", "..."], "moves": "knight"})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert!(str_field(&v, "command")?.contains("knight"));
        Ok(())
    }

    #[tokio::test]
    async fn refusals_are_4xx_json() -> TestResult {
        let cases = [
            // Over the cell limit.
            (
                json!({"puzzle": "rooks", "board": vec![".".repeat(501); 500]}),
                StatusCode::PAYLOAD_TOO_LARGE,
                "at most 250000 cells",
            ),
            // Ragged rows.
            (
                json!({"puzzle": "rooks", "board": ["..", "."]}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "row 1",
            ),
            // Wrong alphabet.
            (
                json!({"puzzle": "lpuzzle", "board": ["BX"]}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "(0,1)",
            ),
            (
                json!({"puzzle": "king", "board": ["..", ".."]}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "exactly one K",
            ),
            (
                json!({"puzzle": "king", "board": ["K."], "moves": "queen"}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "unknown moves",
            ),
            (
                json!({"puzzle": "rooks", "board": []}),
                StatusCode::UNPROCESSABLE_ENTITY,
                "empty",
            ),
            (
                json!({"puzzle": "chess", "board": ["."]}),
                StatusCode::BAD_REQUEST,
                "unknown variant",
            ),
            (json!({"board": ["."]}), StatusCode::BAD_REQUEST, "puzzle"),
        ];
        for (body, status, needle) in cases {
            let (got, v, _) = send("POST", "/api/solve", Some(body.clone())).await?;
            assert_eq!(got, status, "{body}: {v}");
            let msg = str_field(&v, "error")?;
            assert!(msg.contains(needle), "{msg:?} lacks {needle:?}");
        }
        // Not JSON at all.
        let req = Request::post("/api/solve")
            .header("content-type", "application/json")
            .body(Body::from("{board"))?;
        let (status, v, _) = raw(req).await?;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(str_field(&v, "error")?.contains("expected"));
        // Not sent as JSON.
        let req = Request::post("/api/solve")
            .header("content-type", "text/plain")
            .body(Body::from(r#"{"puzzle":"rooks","board":["."]}"#))?;
        let (status, v, _) = raw(req).await?;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(v["error"].is_string());
        // Over the body limit.
        let req = Request::post("/api/solve")
            .header("content-type", "application/json")
            .body(Body::from(vec![b' '; MAX_BODY + 1]))?;
        let (status, v, _) = raw(req).await?;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(v["error"].is_string());
        // Another host name (DNS rebinding).
        let req = Request::get("/")
            .header("host", "evil.example:8080")
            .body(Body::empty())?;
        let (status, v, _) = raw(req).await?;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(v["error"].is_string());
        Ok(())
    }

    #[test]
    fn loopback_hosts() {
        for h in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:1",
            "[::1]:80",
            "127.0.0.1",
        ] {
            assert!(loopback_host(h), "{h}");
        }
        for h in [
            "example.com",
            "127.0.0.1.evil.com",
            "[::2]:80",
            "",
            "10.0.0.1:80",
        ] {
            assert!(!loopback_host(h), "{h}");
        }
    }

    #[tokio::test]
    async fn parse_judge_text() -> TestResult {
        let (status, v, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "rooks", "text": "2\n..\n.X\n1\nX\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["count"], 2);
        assert_eq!(v["boards"][0], json!(["..", ".X"]));
        let (status, v, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "rooks", "text": "2 3\n...\n.X.\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["boards"][0], json!(["...", ".X."]));
        let (status, v, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "king", "text": "2\n2 2\nK.\n.#\n4 2\nK#\n.#\n.#\n.#\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["count"], 2);
        let (status, v, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "lpuzzle", "text": "1\n2 2\nBW\nWQ\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(str_field(&v, "error")?.contains("<pasted>:4:"), "{v}");
        let (status, v, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "king", "text": "1\n1 2\n..\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(str_field(&v, "error")?.contains("K"), "{v}");
        let (status, _, _) = send(
            "POST",
            "/api/parse",
            Some(json!({"puzzle": "rooks", "text": "\n\n"})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        Ok(())
    }

    #[tokio::test]
    async fn king_game() -> TestResult {
        // GCJ sample 1: Bob wins. The person plays Alice.
        let board = json!(["K.", ".#"]);
        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": board, "visited": [[0, 0]], "at": [0, 0], "play": [1, 1]})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(str_field(&v, "error")?.contains("burned"), "{}", v["error"]);
        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": ["K..."], "at": [0, 0], "play": [0, 2]})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(str_field(&v, "error")?.contains("not one king move"));

        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": board, "visited": [[0, 0]], "at": [0, 0], "play": [0, 1]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["played"], json!([0, 1]));
        assert_eq!(v["engine"], json!([1, 0]));
        assert_eq!(v["over"], true);
        assert_eq!(v["winner"], "engine");
        assert_eq!(v["visited"], json!([[0, 0], [0, 1], [1, 0]]));

        // Replaying a visited square is refused.
        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": board, "visited": [[0, 0], [0, 1], [1, 0]], "at": [1, 0], "play": [0, 1]})),
        )
        .await?;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(str_field(&v, "error")?.contains("already visited"));

        // The person plays Bob: the engine (Alice) moves first on a board Alice wins.
        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": ["K#", ".#", ".#", ".#"], "visited": [], "at": [0, 0]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["engine"], json!([1, 0]));
        assert_eq!(v["legal"], json!([[2, 0]]));
        assert_eq!(v["you_can_win"], false);
        let (status, v, _) = send(
            "POST",
            "/api/king/move",
            Some(json!({"board": ["K#", ".#", ".#", ".#"], "visited": [[0, 0], [1, 0]], "at": [1, 0], "play": [2, 0]})),
        )
        .await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["engine"], json!([3, 0]));
        assert_eq!(v["winner"], "engine");
        Ok(())
    }

    /// The status, headers and JSON body of `req` sent to `app`.
    async fn raw_with(
        app: Router,
        req: Request<Body>,
    ) -> TestResult<(StatusCode, HeaderMap, Value)> {
        let res = app.oneshot(req).await?;
        let status = res.status();
        let headers = res.headers().clone();
        assert_eq!(
            headers.get("content-type").map(|v| v.as_bytes()),
            Some(&b"application/json"[..]),
            "{status}: not JSON"
        );
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await?;
        Ok((status, headers, serde_json::from_slice(&bytes)?))
    }

    fn json_post(uri: &str, body: &str) -> TestResult<Request<Body>> {
        Ok(Request::post(uri)
            .header("content-type", "application/json")
            .header("content-length", body.len())
            .body(Body::from(body.to_string()))?)
    }

    #[tokio::test]
    async fn unknown_fields_are_refused_by_name() -> TestResult {
        let cases = [
            (
                "/api/solve",
                json!({"puzzle": "king", "board": ["K."], "move": "knight"}),
                "`move`",
                "`moves`",
            ),
            (
                "/api/parse",
                json!({"puzzle": "rooks", "text": "1\n.\n", "txt": ""}),
                "`txt`",
                "`text`",
            ),
            (
                "/api/king/move",
                json!({"board": ["K."], "at": [0, 0], "visted": []}),
                "`visted`",
                "`visited`",
            ),
        ];
        for (uri, body, unknown, expected) in cases {
            let (status, _, v) =
                raw_with(quiet_router(), json_post(uri, &body.to_string())?).await?;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {v}");
            let msg = str_field(&v, "error")?;
            assert!(msg.contains(&format!("unknown field {unknown}")), "{msg}");
            assert!(msg.contains(expected), "{msg}");
        }
        Ok(())
    }

    #[tokio::test]
    async fn errors_have_json_bodies() -> TestResult {
        // 404.
        let req = Request::get("/nope").body(Body::empty())?;
        let (status, _, v) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(str_field(&v, "error")?.contains("/nope"));
        // 405, with the Allow header and the allowed methods in the message.
        let req = Request::put("/api/solve").body(Body::empty())?;
        let (status, headers, v) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(headers["allow"], "POST");
        assert!(str_field(&v, "error")?.contains("takes POST"), "{v}");
        assert!(headers.contains_key("content-security-policy"));
        let req = Request::delete("/").body(Body::empty())?;
        let (status, headers, v) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert!(headers["allow"].to_str()?.contains("GET"));
        assert!(str_field(&v, "error")?.contains("GET"), "{v}");
        // 413 on a declared length, before the body is read (none is sent here).
        let req = Request::post("/api/solve")
            .header("content-type", "application/json")
            .header("content-length", MAX_BODY + 1)
            .body(Body::empty())?;
        let (status, _, v) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(str_field(&v, "error")?.contains("bytes"));
        // 413 on a body of undeclared length that grows past the limit.
        let req = Request::post("/api/parse")
            .header("content-type", "application/json")
            .body(Body::from(vec![b' '; MAX_BODY + 1]))?;
        let (status, _, _) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        // 415.
        let req = Request::post("/api/king/move").body(Body::from("{}"))?;
        let (status, _, v) = raw_with(quiet_router(), req).await?;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(str_field(&v, "error")?.contains("application/json"));
        Ok(())
    }

    #[tokio::test]
    async fn full_queue_is_503_with_retry_after() -> TestResult {
        let config = ServeConfig {
            workers: 1,
            quick_queue: 0,
            heavy_queue: 0,
            ..quiet()
        };
        let state = AppState::new(&config);
        let app = app(state.clone(), Logger::new(None));
        let small = r#"{"puzzle":"rooks","board":[".."]}"#;
        let (status, _, _) = raw_with(app.clone(), json_post("/api/solve", small)?).await?;
        assert_eq!(status, StatusCode::OK);
        // Every place of the quick lane taken: a small board is refused at once…
        let held = state.0.quick.fill().ok_or("cannot fill the quick lane")?;
        let (status, headers, v) = raw_with(app.clone(), json_post("/api/solve", small)?).await?;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert_eq!(headers["retry-after"], RETRY_AFTER.to_string());
        assert!(str_field(&v, "error")?.contains("quick lane"), "{v}");
        // …while a large one still has the heavy lane.
        let big = json!({"puzzle": "rooks", "board": vec!["."; QUICK_BODY / 3]}).to_string();
        let (status, _, v) = raw_with(app.clone(), json_post("/api/solve", &big)?).await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        drop(held);
        let held = state.0.heavy.fill().ok_or("cannot fill the heavy lane")?;
        let (status, headers, _) = raw_with(app.clone(), json_post("/api/solve", &big)?).await?;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(headers.contains_key("retry-after"));
        let (status, _, _) = raw_with(app.clone(), json_post("/api/solve", small)?).await?;
        assert_eq!(status, StatusCode::OK);
        drop(held);
        let (status, _, _) = raw_with(app, json_post("/api/solve", &big)?).await?;
        assert_eq!(status, StatusCode::OK);
        Ok(())
    }

    #[tokio::test]
    async fn byte_budget_is_503_with_retry_after() -> TestResult {
        let config = ServeConfig {
            max_buffered: 1 << 20,
            ..quiet()
        };
        let state = AppState::new(&config);
        let budget = &state.0.budget;
        let app = app(state.clone(), Logger::new(None));
        let body = json!({"puzzle": "rooks", "board": vec![".".repeat(500); 500]}).to_string();
        // A heavy answer counts until it is sent (here: read), then all the budget is back.
        let res = app.clone().oneshot(json_post("/api/solve", &body)?).await?;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(budget.free() < (1 << 20) - 100_000, "{}", budget.free());
        let answer = axum::body::to_bytes(res.into_body(), usize::MAX).await?;
        assert!(answer.len() > 100_000);
        // (The bytes read are the answer's own: the charge goes with the last of them.)
        drop(answer);
        assert_eq!(budget.free(), 1 << 20);
        let held = budget.hold((1 << 20) - 1000);
        // A declared body over what is left: refused before it is read.
        let (status, headers, v) = raw_with(app.clone(), json_post("/api/solve", &body)?).await?;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert_eq!(headers["retry-after"], "1");
        assert!(str_field(&v, "error")?.contains("busy"), "{v}");
        // An undeclared one, as it grows past it.
        let req = Request::post("/api/solve")
            .header("content-type", "application/json")
            .body(Body::from(body.clone()))?;
        let (status, headers, _) = raw_with(app.clone(), req).await?;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(headers.contains_key("retry-after"));
        // Small requests are not counted: still answered with the budget spent.
        let _overdrawn = budget.hold(1 << 20);
        let small = r#"{"puzzle":"rooks","board":[".."]}"#;
        let (status, _, v) = raw_with(app.clone(), json_post("/api/solve", small)?).await?;
        assert_eq!(status, StatusCode::OK, "{v}");
        drop((held, _overdrawn));
        assert_eq!(budget.free(), 1 << 20);
        Ok(())
    }

    /// A writer into shared memory, for the access log.
    #[derive(Clone, Default)]
    struct Shared(Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn access_log_lines() -> TestResult {
        let out = Shared::default();
        let app = app(
            AppState::new(&quiet()),
            Logger::new(Some(Box::new(out.clone()))),
        );
        let (status, _, _) = raw_with(
            app.clone(),
            json_post("/api/solve", r#"{"puzzle":"rooks","board":[".."]}"#)?,
        )
        .await?;
        assert_eq!(status, StatusCode::OK);
        let res = app
            .clone()
            .oneshot(Request::get("/nope?x=1").body(Body::empty())?)
            .await?;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let not_found_len = axum::body::to_bytes(res.into_body(), usize::MAX)
            .await?
            .len();
        // The log thread writes soon after.
        let mut text = String::new();
        for _ in 0..200 {
            text = String::from_utf8(out.0.lock().map_err(|_| "poisoned")?.clone())?;
            if text.lines().count() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        let words: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(words[..3], ["POST", "/api/solve", "200"], "{}", lines[0]);
        assert!(words[3].parse::<u64>()? > 100, "{}", lines[0]);
        assert_eq!(words[4], "bytes");
        assert!(words[5].parse::<f64>()? >= 0.0);
        assert_eq!(words[6], "ms");
        assert_eq!(words.len(), 7);
        // The path without the query; the body's exact size.
        assert!(
            lines[1].starts_with(&format!("GET /nope 404 {not_found_len} bytes ")),
            "{}",
            lines[1]
        );
        Ok(())
    }

    /// A body that never sends anything: a client stuck mid-body.
    struct Stuck;

    impl axum::body::HttpBody for Stuck {
        type Data = axum::body::Bytes;
        type Error = std::convert::Infallible;

        fn poll_frame(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
            std::task::Poll::Pending
        }
    }

    #[tokio::test]
    async fn body_timeout_is_408_and_closes() -> TestResult {
        let config = ServeConfig {
            body_timeout: Duration::from_millis(200),
            ..quiet()
        };
        let state = AppState::new(&config);
        let req = Request::post("/api/solve")
            .header("content-type", "application/json")
            .header("content-length", 100)
            .body(Body::new(Stuck))?;
        let (status, headers, v) = raw_with(app(state.clone(), Logger::new(None)), req).await?;
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
        assert_eq!(headers["connection"], "close");
        assert!(str_field(&v, "error")?.contains("did not arrive"), "{v}");
        // Its share of the budget is back.
        assert_eq!(state.0.budget.free(), MAX_BUFFERED);
        Ok(())
    }
}
