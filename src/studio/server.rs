//! The studio's web server: the page and the JSON API on one local port.
//!
//! Every search runs on tokio's blocking pool, so a long fill never holds up
//! the page or another request. A candidates request supersedes the ones
//! before it (the constructor has moved on), which stop at the next word
//! they would have decided. Bodies are capped and every malformed request
//! gets a JSON error naming what was wrong, as the API functions do.

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;

use super::api;
use super::error::ApiError;
use super::lists::{Lists, WordSource, MOST_LIST_TEXT};
use crate::puzzle::Puzzle;
use crate::wordlist::megabytes;

/// Largest request body: a 31×31 grid with its region or clues is a few
/// KB; a .puz file sent for import, as JSON numbers, a few tens.
const MOST_BODY_BYTES: usize = 1024 * 1024;

/// Largest body of a list upload: the list's own limit, with room for
/// JSON's escapes (a newline is two bytes there).
const MOST_LIST_BYTES: usize = MOST_LIST_TEXT * 2;

const PAGE: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/studio.css");

/// The page's JavaScript modules, by path: the entry module and the three
/// it imports. Modules run only when served as JavaScript.
const SCRIPTS: [(&str, &str); 4] = [
    ("/studio.js", include_str!("page/studio.js")),
    ("/state.js", include_str!("page/state.js")),
    ("/api.js", include_str!("page/api.js")),
    ("/view.js", include_str!("page/view.js")),
];

#[derive(Clone)]
struct Shared {
    lists: Lists,
    /// The puzzle the studio was started on.
    start: Option<Arc<Puzzle>>,
    /// The .ipuz file Save writes to: the one the studio was started on.
    file: Option<Arc<PathBuf>>,
    /// Fills found by candidates requests, for the next one.
    witnesses: Arc<api::Witnesses>,
    /// The cancel flag of the latest candidates request, which the next
    /// one sets: only the latest question is worth answering.
    latest: Arc<Mutex<Arc<AtomicBool>>>,
}

/// Serves the studio on `listener` until `shutdown` completes; requests in
/// flight then finish first. `start` is the puzzle the page opens with;
/// `file`, the only file the server ever writes (Save).
pub async fn serve(
    listener: tokio::net::TcpListener,
    lists: Lists,
    start: Option<Puzzle>,
    file: Option<PathBuf>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let shared = Shared {
        lists,
        start: start.map(Arc::new),
        file: file.map(Arc::new),
        latest: Arc::default(),
        witnesses: Arc::default(),
    };
    axum::serve(listener, router(shared))
        .with_graceful_shutdown(shutdown)
        .await
}

fn router(shared: Shared) -> Router {
    let mut router = Router::new();
    for (path, script) in SCRIPTS {
        router = router.route(
            path,
            get(move || async move { static_file("text/javascript; charset=utf-8", script) }),
        );
    }
    router
        .route(
            "/",
            get(|| async { static_file("text/html; charset=utf-8", PAGE) }),
        )
        .route(
            "/studio.css",
            get(|| async { static_file("text/css; charset=utf-8", STYLE) }),
        )
        .route("/api/start", get(start))
        .route("/api/candidates", post(candidates))
        .route("/api/fill", post(fill))
        .route("/api/analyze", post(analyze))
        .route("/api/pattern", post(pattern))
        .route(
            "/api/lists",
            get(lists)
                .post(add_list)
                .delete(remove_list)
                .layer(DefaultBodyLimit::max(MOST_LIST_BYTES)),
        )
        .route("/api/import", post(import))
        .route("/api/clues", post(clues))
        .route("/api/save", post(save))
        .route("/api/export", post(export))
        .fallback(|| async {
            error(ApiError {
                status: 404,
                message: "no such page or API call".into(),
                extra: Value::Null,
            })
        })
        .method_not_allowed_fallback(
            |method: axum::http::Method, uri: axum::http::Uri| async move {
                error(ApiError {
                    status: 405,
                    message: format!("{} does not take {method}", uri.path()),
                    extra: Value::Null,
                })
            },
        )
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(middleware::from_fn(body_in_time))
        .layer(middleware::from_fn(addressed_directly))
        .with_state(shared)
}

/// Refuses requests whose `Host` is a domain name other than `localhost`.
/// A page elsewhere can point a name of its own at 127.0.0.1 (DNS
/// rebinding) and then call the API as if it were the studio's own page;
/// the studio's address is always an IP address or `localhost`.
async fn addressed_directly(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok() {
        return next.run(request).await;
    }
    error(ApiError {
        status: 403,
        message: format!("the studio answers requests to its own address, not to host {host:?}"),
        extra: Value::Null,
    })
}

/// Longest a request's body may take to arrive: a client that declares a
/// body and then stalls is answered 408 and its connection freed.
const BODY_SECONDS: u64 = 10;

/// Reads the request's whole body within [`BODY_SECONDS`] (and at most
/// [`MOST_LIST_BYTES`], the largest any call takes; each call's own limit
/// still applies) before the call sees it.
async fn body_in_time(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // A body declared too big is refused before a byte of it is read.
    if let Some(size) = declared.filter(|&size| size > MOST_LIST_BYTES as u64) {
        return error(ApiError {
            status: 413,
            message: format!(
                "the request body is {}; the studio takes at most {}",
                megabytes(size),
                megabytes(MOST_LIST_BYTES as u64)
            ),
            extra: Value::Null,
        });
    }
    let read = axum::body::to_bytes(body, MOST_LIST_BYTES);
    match tokio::time::timeout(std::time::Duration::from_secs(BODY_SECONDS), read).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
                .await
        }
        Ok(Err(_)) => error(ApiError {
            status: 413,
            message: format!(
                "the request body is over {}, or ended before its declared length",
                megabytes(MOST_LIST_BYTES as u64)
            ),
            extra: Value::Null,
        }),
        Err(_) => error(ApiError {
            status: 408,
            message: format!("the request body did not arrive within {BODY_SECONDS} s"),
            extra: Value::Null,
        }),
    }
}

fn static_file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

fn error(e: ApiError) -> Response {
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(e.body())).into_response()
}

/// A body that is not a request (bad JSON, wrong shape, too big, not JSON
/// at all), in the API's error form.
fn rejected(rejection: JsonRejection) -> Response {
    error(ApiError {
        status: rejection.status().as_u16(),
        message: rejection.body_text(),
        extra: Value::Null,
    })
}

/// Runs `work` on the request on the blocking pool and renders its reply.
async fn answer<T: Send + 'static>(
    body: Result<Json<T>, JsonRejection>,
    work: impl FnOnce(T) -> Result<Value, ApiError> + Send + 'static,
) -> Response {
    let request = match body {
        Ok(Json(request)) => request,
        Err(rejection) => return rejected(rejection),
    };
    match tokio::task::spawn_blocking(move || work(request)).await {
        Ok(Ok(value)) => Json(value).into_response(),
        Ok(Err(e)) => error(e),
        Err(_) => error(ApiError {
            status: 500,
            message: "the request failed inside the server".into(),
            extra: Value::Null,
        }),
    }
}

/// [`answer`] for a request that names a word list (see [`api::Listed`]).
async fn with_list<T: api::Listed + Send + 'static>(
    shared: Shared,
    body: Result<Json<T>, JsonRejection>,
    work: impl FnOnce(&T, &WordSource) -> Result<Value, ApiError> + Send + 'static,
) -> Response {
    answer(body, move |mut request: T| {
        request.default_min_score(shared.lists.min_score());
        let source = shared.lists.get(request.list())?;
        work(&request, &source)
    })
    .await
}

async fn start(State(shared): State<Shared>) -> Response {
    let file = shared.file.as_deref().map(|f| f.as_path());
    Json(api::start(
        shared.start.as_deref(),
        file,
        shared.lists.min_score(),
    ))
    .into_response()
}

async fn save(
    State(shared): State<Shared>,
    body: Result<Json<api::SaveRequest>, JsonRejection>,
) -> Response {
    let Some(file) = shared.file.clone() else {
        return error(ApiError {
            status: 409,
            message: "the studio was not started on a puzzle file, so there is nowhere to save; export instead".into(),
            extra: Value::Null,
        });
    };
    answer(body, move |request| api::save(&request, &file)).await
}

async fn candidates(
    State(shared): State<Shared>,
    body: Result<Json<api::CandidatesRequest>, JsonRejection>,
) -> Response {
    let superseded = Arc::new(AtomicBool::new(false));
    {
        let mut latest = shared.latest.lock().unwrap_or_else(|e| e.into_inner());
        latest.store(true, Ordering::SeqCst);
        *latest = superseded.clone();
    }
    let witnesses = shared.witnesses.clone();
    with_list(shared, body, move |request, source| {
        api::candidates(request, source, &witnesses, superseded)
    })
    .await
}

async fn fill(
    State(shared): State<Shared>,
    body: Result<Json<api::FillRequest>, JsonRejection>,
) -> Response {
    // The server drops this future when the client goes: the guard then
    // tells the fill, which runs on a blocking thread, to stop.
    let gone = ClientGone::default();
    let flag = gone.0.clone();
    with_list(shared, body, move |request, source| {
        api::fill(request, &source.index, flag)
    })
    .await
}

/// Set when dropped: when its request's future is dropped, finished or
/// abandoned by its client.
#[derive(Default)]
struct ClientGone(Arc<AtomicBool>);

impl Drop for ClientGone {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn analyze(
    State(shared): State<Shared>,
    body: Result<Json<api::AnalyzeRequest>, JsonRejection>,
) -> Response {
    with_list(shared, body, |request, source| {
        api::analyze(request, &source.index)
    })
    .await
}

async fn clues(
    State(shared): State<Shared>,
    body: Result<Json<api::CluesRequest>, JsonRejection>,
) -> Response {
    with_list(shared, body, |request, source| {
        api::clues(request, &source.list)
    })
    .await
}

async fn lists(State(shared): State<Shared>) -> Response {
    Json(shared.lists.describe()).into_response()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AddList {
    name: String,
    /// The list file's text.
    text: String,
}

async fn add_list(
    State(shared): State<Shared>,
    body: Result<Json<AddList>, JsonRejection>,
) -> Response {
    answer(body, move |request| {
        shared.lists.add(&request.name, &request.text)
    })
    .await
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RemoveList {
    name: String,
}

async fn remove_list(
    State(shared): State<Shared>,
    query: Result<axum::extract::Query<RemoveList>, axum::extract::rejection::QueryRejection>,
) -> Response {
    match query {
        Ok(axum::extract::Query(RemoveList { name })) => match shared.lists.remove(&name) {
            Ok(reply) => Json(reply).into_response(),
            Err(e) => error(e),
        },
        Err(rejection) => error(ApiError::bad_request(format!(
            "DELETE /api/lists takes ?name=LIST: {}",
            rejection.body_text()
        ))),
    }
}

async fn import(body: Result<Json<api::ImportRequest>, JsonRejection>) -> Response {
    answer(body, move |request| api::import(&request)).await
}

/// `POST /api/export`: a file to download, or the API's JSON error.
async fn export(body: Result<Json<api::ExportRequest>, JsonRejection>) -> Response {
    let request = match body {
        Ok(Json(request)) => request,
        Err(rejection) => return rejected(rejection),
    };
    match api::export(&request) {
        Ok(file) => (
            [
                (header::CONTENT_TYPE, file.media_type.to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}\"", file.file_name),
                ),
            ],
            file.bytes,
        )
            .into_response(),
        Err(e) => error(e),
    }
}

async fn pattern(
    State(shared): State<Shared>,
    body: Result<Json<api::PatternRequest>, JsonRejection>,
) -> Response {
    // As for a fill: the search stops when the client goes.
    let gone = ClientGone::default();
    let flag = gone.0.clone();
    with_list(shared, body, move |request, source| {
        api::pattern(request, &source.index, flag)
    })
    .await
}
