//! The playground's tests: every route driven through the router in memory (no socket), its
//! refusals, the queue and byte budget, the access log and the body timeout.

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
    assert!(str_field(&v, "headline")?.contains("every / some / no maximum placement: 2 / 0 / 1"));
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
        let rec: gridmatch::formats::json::Record = serde_json::from_value(v["record"].clone())?;
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
async fn raw_with(app: Router, req: Request<Body>) -> TestResult<(StatusCode, HeaderMap, Value)> {
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
        let (status, _, v) = raw_with(quiet_router(), json_post(uri, &body.to_string())?).await?;
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
