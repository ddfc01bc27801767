//! The panel's HTTP side: one server on 127.0.0.1 (`session::http`, as `listen`'s), a
//! thread a request, and the rules that keep it the user's alone.
//!
//! Any web page open in the browser can send requests to 127.0.0.1, and a page whose own
//! domain its DNS turns into 127.0.0.1 (DNS rebinding) reaches the port under that domain's
//! name. So a request is answered only when (1) its `Host` is `127.0.0.1:PORT`,
//! `localhost:PORT` or `[::1]:PORT` (a rebinding page sends its own domain: the rule
//! `listen` has too, `session::http::admit`), (2) it carries this session's
//! token (`?token=`, 128 random bits, printed with the address: no other page knows it),
//! and (3) a POST's `Origin`, if any, is the panel's own (a cross-site form or `fetch`
//! sends the other site's). Anything else gets 403 and one line on stderr. The page's
//! answers forbid framing and sniffing and load nothing from elsewhere (CSP); everything a
//! program or a test wrote reaches the page as JSON and is put in the page as text, never
//! as markup. The pages our problems draw (a failing case's maze, its search) are served
//! sandboxed, with no access to the panel.
//!
//! The page's events are Server-Sent Events on `/events`: the connection is taken over
//! from tiny_http (its chunked writer would hold small events back) and written to
//! directly by the board.

use std::io::{Read, Write};
use std::sync::Arc;

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response};

use super::board::{Board, Job};
use super::store;
use crate::session::{http, SetupError};

/// The page, its style and its script, embedded: the panel needs nothing from the network.
const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The largest request body taken: a case's input and answer.
const MAX_BODY: u64 = 32 << 20;

/// Serves the board on `port` (0: any free one) until the process ends.
pub fn serve(board: Arc<Board>, port: u16) -> Result<(), SetupError> {
    let (server, port) = http::bind(port, 0)?;
    let token = token()?;
    crate::say!(
        "panel for {} ({}): http://127.0.0.1:{port}/?token={token}   (Ctrl-C ends it)",
        crate::text::printable(board.tests.as_os_str().as_encoded_bytes()),
        crate::text::printable(board.options.run.cmd.as_deref().unwrap_or("").as_bytes()),
    );
    let token = Arc::new(token);
    for request in server.incoming_requests() {
        let (board, token) = (Arc::clone(&board), Arc::clone(&token));
        std::thread::spawn(move || answer(request, &board, port, &token));
    }
    Ok(())
}

/// 128 random bits from the kernel, as hex.
fn token() -> Result<String, SetupError> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| format!("/dev/urandom: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("our own headers are ASCII")
}

/// What every answer carries: no framing by other pages, no sniffing, no referrer (the
/// address holds the token).
fn guarded<R: Read>(r: Response<R>, csp: &str) -> Response<R> {
    r.with_header(header("Content-Security-Policy", csp))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header("Cache-Control", "no-store"))
}

/// The panel's own pages: its script and style only, its own address only.
const OWN: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
                   form-action 'none'";

/// Our problems' pages (a maze, a search): their own inline script and style, in a sandbox
/// of their own (no access to the panel), framed by the panel only.
const DRAWN: &str = "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; \
                     style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

fn reply(request: Request, status: u16, kind: &str, body: String, csp: &str) {
    let r = Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind));
    let _ = request.respond(guarded(r, csp));
}

fn not_found(request: Request) {
    reply(
        request,
        404,
        "text/plain",
        "no such page\n".to_string(),
        OWN,
    );
}

fn reply_json(request: Request, status: u16, v: &Value) {
    reply(request, status, "application/json", v.to_string(), OWN);
}

/// Answers one request.
fn answer(mut request: Request, board: &Board, port: u16, token: &str) {
    if let Err(refused) = admit(&request, port, token) {
        let why = format!("{} {} {refused}", request.method(), path_of(request.url()));
        let why = http::say_refused("panel", 403, &why);
        reply(request, 403, "text/plain", format!("refused: {why}\n"), OWN);
        return;
    }
    let url = request.url().to_string();
    let path = path_of(&url);
    match (request.method().clone(), path) {
        (Method::Get, "/") => {
            let page = PAGE.replace("{{TOKEN}}", token);
            reply(request, 200, "text/html; charset=utf-8", page, OWN)
        }
        (Method::Get, "/page.css") => reply(request, 200, "text/css", STYLE.to_string(), OWN),
        (Method::Get, "/page.js") => {
            reply(request, 200, "text/javascript", SCRIPT.to_string(), OWN)
        }
        (Method::Get, "/events") => events(request, board),
        (Method::Get, "/api/case") => match board.case(&query(&url, "name").unwrap_or_default()) {
            Some(v) => reply_json(request, 200, &v),
            None => reply_json(request, 404, &json!({"error": "no such case"})),
        },
        (Method::Get, "/drawn") => drawn(
            request,
            board,
            &query(&url, "file").unwrap_or_default(),
            token,
        ),
        (Method::Post, _) => {
            let body = match body(&mut request) {
                Ok(b) => b,
                Err((status, why)) => return reply_json(request, status, &json!({"error": why})),
            };
            let (status, v) = match post(board, path, &body) {
                Ok(v) => (200, v),
                Err((status, why)) => (status, json!({"error": why})),
            };
            reply_json(request, status, &v)
        }
        _ => not_found(request),
    }
}

/// A POST's answer: what it did, or the status and why not.
fn post(board: &Board, path: &str, body: &Value) -> Result<Value, (u16, String)> {
    let name = || body["name"].as_str().unwrap_or_default().to_string();
    let said = match path {
        "/api/run" => {
            match body["name"].as_str() {
                Some(n) => board.ask(Job::One(n.to_string())),
                None => board.ask(Job::All),
            }
            "asked".to_string()
        }
        "/api/save" => {
            let saved: store::Saved = serde_json::from_value(body.clone())
                .map_err(|e| (400, format!("not a case: {e}")))?;
            store::save(board, &saved)?
        }
        "/api/delete" => store::delete(board, &name())?,
        "/api/restore" => store::restore(board, &name())?,
        "/api/custom" => {
            let input = body["input"]
                .as_str()
                .unwrap_or_default()
                .as_bytes()
                .to_vec();
            let (tx, rx) = std::sync::mpsc::channel();
            board.ask(Job::Custom(input, tx));
            return rx
                .recv()
                .map_err(|_| (500, "the worker is gone".to_string()));
        }
        "/api/stress" => {
            let ask: store::StressAsk = serde_json::from_value(body.clone())
                .map_err(|e| (400, format!("not a stress run: {e}")))?;
            board.ask(Job::Stress(ask));
            "asked".to_string()
        }
        "/api/stress/add" => store::add_counterexample(board)?,
        _ => return Err((404, format!("no action {path}"))),
    };
    Ok(json!({"said": said}))
}

/// A POST's JSON body, at most [`MAX_BODY`].
fn body(request: &mut Request) -> Result<Value, (u16, String)> {
    let bytes = http::body(request, MAX_BODY)?;
    if bytes.is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_slice(&bytes).map_err(|e| (400, format!("not JSON: {e}")))
}

/// `/events`: the connection becomes the page's event stream, if a place is free (each
/// stream holds a thread: `streams::MAX_STREAMS` at most); else 503 and one line.
fn events(request: Request, board: &Board) {
    let Some(slot) = board.stream_slot() else {
        let why = format!(
            "GET /events: {} event streams are open already (a page has one): close a \
             panel's tab",
            super::streams::MAX_STREAMS
        );
        let why = http::say_refused("panel", 503, &why);
        return reply(request, 503, "text/plain", format!("refused: {why}\n"), OWN);
    };
    let head =
        guarded(Response::empty(200), OWN).with_header(header("Content-Type", "text/event-stream"));
    let stream = request.upgrade("event-stream", head);
    board.subscribe(slot, Box::new(Stream(stream)));
}

/// The taken-over connection, as the board writes to it.
struct Stream(Box<dyn tiny_http::ReadWrite + Send>);

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// A page our problems drew for a failing case (`CASE.html`, `CASE.search.html` in the
/// kept folder), served sandboxed; the maze's link to its search page leads to the search
/// page as served here.
fn drawn(request: Request, board: &Board, file: &str, token: &str) {
    // The name is checked before anything is opened: `/dev/zero` or a FIFO, opened, would
    // fill the memory or wait for good.
    let ok = file.ends_with(".html") && !file.contains(['/', '\\', '\0']) && !file.starts_with('.');
    let path = board.out_dir.join(file);
    let regular = || std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
    match ok && regular() {
        false => not_found(request),
        true => match std::fs::read_to_string(&path) {
            Ok(page) => {
                let stem = file.trim_end_matches(".html");
                let link = format!("href=\"/drawn?token={token}&file={stem}.search.html");
                let page = page.replace(&format!("href=\"{stem}.search.html"), &link);
                reply(request, 200, "text/html; charset=utf-8", page, DRAWN)
            }
            Err(_) => not_found(request),
        },
    }
}

/// The path of a request's URL, without its query.
fn path_of(url: &str) -> &str {
    url.split_once('?').map_or(url, |(p, _)| p)
}

/// The value of `key` in a URL's query, percent-decoded.
fn query(url: &str, key: &str) -> Option<String> {
    let (_, q) = url.split_once('?')?;
    q.split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| decode(v))
}

fn decode(s: &str) -> String {
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let pair = (b[i] == b'%' && i + 2 < b.len())
            .then(|| Some(hex(b[i + 1])? * 16 + hex(b[i + 2])?))
            .flatten();
        match (pair, b[i]) {
            (Some(v), _) => {
                out.push(v);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, c) => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a request is the user's page's: `Err` says why not. Beyond the loopback's `Host`
/// ([`http::admit`]): this session's token, and for a change, no `Origin` but the panel's
/// own and no `Sec-Fetch-Site` but `same-origin` (or `none`: typed by the user).
fn admit(request: &Request, port: u16, token: &str) -> Result<(), http::Refused> {
    let change = *request.method() != Method::Get;
    http::admit(request, port, |origin| {
        if !change || http::is_own_origin(origin, port) {
            Ok(())
        } else {
            Err(format!("from Origin \"{origin}\": another site's page"))
        }
    })?;
    // A browser says where a request comes from in `Sec-Fetch-Site` too: a change from
    // another site's page is refused even where no `Origin` came with it.
    let site = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Sec-Fetch-Site"))
        .map(|h| h.value.as_str());
    if let Some(site) = site.filter(|s| change && !["same-origin", "none"].contains(s)) {
        return Err(http::Refused::new(
            403,
            format!("with Sec-Fetch-Site \"{site}\": another site's page"),
        ));
    }
    if !same_secret(query(request.url(), "token").as_deref(), token) {
        return Err(http::Refused::new(
            403,
            "without this session's token (open the address the panel printed)",
        ));
    }
    Ok(())
}

/// Whether `given` is the token, compared in a time that does not tell how much of it
/// matched (a page that times its refused requests learns nothing of the token).
fn same_secret(given: Option<&str>, token: &str) -> bool {
    let Some(given) = given else {
        return false;
    };
    let differ = given
        .bytes()
        .zip(token.bytes())
        .fold(0u8, |acc, (a, b)| acc | (a ^ b));
    given.len() == token.len() && std::hint::black_box(differ) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_the_whole_token() {
        let token = "0e8f8b0143a19e3a06e98b38bc52557a";
        assert!(same_secret(Some(token), token));
        for other in [
            "",
            "0e8f",
            "0e8f8b0143a19e3a06e98b38bc52557b",
            &format!("{token}0"),
        ] {
            assert!(!same_secret(Some(other), token), "{other}");
        }
        assert!(!same_secret(None, token));
    }

    #[test]
    fn queries_are_decoded() {
        assert_eq!(
            query("/x?a=1&name=a%2Fb+c", "name").as_deref(),
            Some("a/b c")
        );
        assert_eq!(query("/x?name=%zz", "name").as_deref(), Some("%zz"));
        assert_eq!(query("/x", "name"), None);
    }
}
