//! `gridmatch serve`: a local web playground on 127.0.0.1 — paint a board, see the answer, its
//! picture and its certificate update live (for rooks the role of every cell across all maximum
//! placements, for the L-puzzle whether the tiling is unique and where a second one differs),
//! and play King against the engine.
//!
//! One page (`web/`, embedded in the binary) over a small JSON API of the same solvers the
//! command line uses; the King game is [`crate::puzzles::king::game::Position`], as in
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
//! for, 413 for a board over [`MAX_CELLS`] cells (or a body over [`MAX_BODY`] bytes), 415 for a
//! body not sent as `application/json`, 422 for a board or move that breaks the puzzle's rules,
//! 403 for a request addressed to another host name than this machine's loopback (against DNS
//! rebinding). The server listens on 127.0.0.1 only, solves at most as many boards at once as the
//! machine has cores, and runs every solve off the async threads.

mod api;

use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;

use api::ApiError;

/// The largest board the playground solves (cells); bigger ones are refused with 413.
pub const MAX_CELLS: usize = 250_000;
/// The largest request body accepted (bytes).
pub const MAX_BODY: usize = 8 << 20;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const FAVICON_SVG: &str = include_str!("../../web/favicon.svg");

#[derive(Clone)]
struct AppState {
    /// One permit per solve running at once.
    permits: Arc<Semaphore>,
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

/// The playground's routes (the page, its assets and the API), ready to serve.
pub fn router() -> Router {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let state = AppState {
        permits: Arc::new(Semaphore::new(cores)),
    };
    Router::new()
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
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(guard))
        .with_state(state)
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

/// Refuses requests for other host names, and sets the security headers of every answer.
async fn guard(req: Request, next: Next) -> Response {
    if let Some(host) = req.headers().get(header::HOST)
        && !host.to_str().is_ok_and(loopback_host)
    {
        return error_response(
            StatusCode::FORBIDDEN,
            "the playground answers only requests addressed to 127.0.0.1 or localhost",
        );
    }
    let mut res = next.run(req).await;
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

/// Reads a JSON request, runs `f` on a blocking thread (at most one per core at once), and
/// writes its answer or its refusal.
async fn call<Q, A>(
    state: AppState,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    what: &'static str,
    f: fn(&Q) -> Result<A, ApiError>,
) -> Response
where
    Q: DeserializeOwned + Send + 'static,
    A: Serialize + Send + 'static,
{
    let body = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error_response(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request is over {MAX_BODY} bytes"),
            );
        }
        Err(e) => {
            return error_response(e.status(), format!("cannot read the request: {e}"));
        }
    };
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as Content-Type: application/json",
        );
    }
    let req: Q = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                format!("the request is not the JSON expected ({e}); expected {what}"),
            );
        }
    };
    let Ok(_permit) = state.permits.acquire_owned().await else {
        return error_response(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    match tokio::task::spawn_blocking(move || f(&req)).await {
        Ok(Ok(answer)) => json_response(StatusCode::OK, &answer),
        Ok(Err(e)) => e.into_response(),
        Err(e) => error_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the solver failed: {e}"),
        ),
    }
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    call(
        state,
        &headers,
        body,
        r#"{"puzzle":"rooks"|"lpuzzle"|"king","board":["row",…],"moves"?:"king"|"wazir"|"ferz"|"knight"}"#,
        api::solve,
    )
    .await
}

async fn parse(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    call(
        state,
        &headers,
        body,
        r#"{"puzzle":"rooks"|"lpuzzle"|"king","text":"the judge's input"}"#,
        api::parse,
    )
    .await
}

async fn king_move(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    call(
        state,
        &headers,
        body,
        r#"{"board":["row",…],"moves"?:"king","visited":[[r,c],…],"at":[r,c],"play"?:[r,c]}"#,
        api::king_move,
    )
    .await
}

/// Serves the playground on 127.0.0.1:`port` until interrupted (Ctrl-C). Port 0 picks a free
/// port. The URL is printed on standard output once the port is open.
pub fn run(port: u16) -> io::Result<()> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
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
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        axum::serve(listener, router())
            .with_graceful_shutdown(async {
                // If the signal handler cannot be installed, serve until killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use serde_json::{Value, json};
    use tower::ServiceExt;

    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

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
        let res = router().oneshot(req).await?;
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
            let res = router()
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
        let rec: crate::formats::json::Record = serde_json::from_value(v["record"].clone())?;
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
        let grid = crate::grid::Grid::from_rows(&rows);
        assert_eq!(
            v["roles"],
            json!(crate::puzzles::rooks::roles(&grid).to_lines())
        );
        // Other puzzles have no roles.
        let v = solve_ok("lpuzzle", json!(["BW", "W."])).await?;
        assert!(v.get("roles").is_none() && v.get("roles_svg").is_none());
        Ok(())
    }

    #[tokio::test]
    async fn solve_lpuzzle_uniqueness() -> TestResult {
        use crate::puzzles::lpuzzle::{self, Piece};
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
        let grid = crate::grid::Grid::from_rows(&pinwheel);
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
            let rec: crate::formats::json::Record = serde_json::from_value(v["record"].clone())?;
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
}
