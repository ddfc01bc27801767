//! The loopback HTTP server the modes that take requests share (`listen`, `panel`): the
//! server on 127.0.0.1 ([`bind`]), the guard every request passes first ([`admit`]), a
//! body read within a bound ([`body`]) and the line a refusal prints ([`say_refused`]).
//!
//! Any web page open in the browser can send requests to 127.0.0.1 (a cross-site form, or a
//! `fetch` with a `text/plain` body, goes out without asking the server first), and a page
//! whose own domain its DNS turns into 127.0.0.1 (DNS rebinding) reaches the port under that
//! domain's name. So a request is taken only when its `Host` is the loopback's, with the
//! port listened on (a rebinding page sends its own domain), and its `Origin`, if any, is
//! one the mode calls its own (a cross-site page sends its site's). Everything of a request
//! that is printed is escaped as a judged program's output is ([`crate::text::printable`]):
//! a name holding `ESC ] 52 ; c ; ... BEL` would otherwise write the user's clipboard on
//! many terminals. Cost: a look at two headers a request.

use std::io::Read;

use tiny_http::{Request, Server};

/// A request refused: the status it is answered with and why, in the request's own words
/// (raw: [`say_refused`] escapes them when they are printed).
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub status: u16,
    pub why: String,
}

impl Refused {
    pub fn new(status: u16, why: impl Into<String>) -> Refused {
        Refused {
            status,
            why: why.into(),
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// The modes answer a request's failure as a status and its reason.
impl From<Refused> for (u16, String) {
    fn from(r: Refused) -> (u16, String) {
        (r.status, r.why)
    }
}

/// The names a request may give in its `Host`, each with the port listened on.
const LOOPBACK_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// A server on 127.0.0.1:`port` (0: any free port) and the port it has; a port taken is
/// an error that suggests `--port other`.
pub fn bind(port: u16, other: u16) -> Result<(Server, u16), String> {
    let server = Server::http(("127.0.0.1", port)).map_err(|e| {
        format!("cannot listen on 127.0.0.1:{port}: {e} (another tool on that port? try --port {other})")
    })?;
    let port = server.server_addr().to_ip().map_or(port, |a| a.port());
    Ok((server, port))
}

/// Whether a request to `port` is the user's rather than a web page's: `Err` says why not.
/// Its `Host` must be the loopback's with `port` ([`check_host`]); an `Origin`, if it has
/// one (only one), must pass `origin`.
pub fn admit(
    request: &Request,
    port: u16,
    origin: impl Fn(&str) -> Result<(), String>,
) -> Result<(), Refused> {
    let values = |name: &'static str| -> Vec<&str> {
        request
            .headers()
            .iter()
            .filter(|h| h.field.equiv(name))
            .map(|h| h.value.as_str())
            .collect()
    };
    check_host(&values("Host"), port)?;
    match values("Origin")[..] {
        [] => Ok(()),
        [one] => origin(one).map_err(|why| Refused::new(403, why)),
        ref many => Err(Refused::new(
            403,
            format!("with {} Origin headers", many.len()),
        )),
    }
}

/// [`admit`]'s rule for the `Host` headers of a request to `port`: one, a loopback name
/// with the port. A name without a port means port 80, as a browser writes it for 80 only.
pub fn check_host(hosts: &[&str], port: u16) -> Result<(), Refused> {
    let ours = |host: &str| {
        LOOPBACK_NAMES.iter().any(|name| {
            host.eq_ignore_ascii_case(&format!("{name}:{port}"))
                || (port == 80 && host.eq_ignore_ascii_case(name))
        })
    };
    let why = match hosts {
        [host] if ours(host) => return Ok(()),
        [] => format!(
            "without a Host header: HTTP/1.1 requires one, and a browser sends \
             localhost:{port}"
        ),
        [host] => format!(
            "with Host \"{host}\": only localhost:{port}, 127.0.0.1:{port} or [::1]:{port} \
             are answered (a web page that turns its own domain into 127.0.0.1, DNS \
             rebinding, sends that domain)"
        ),
        _ => format!("with {} Host headers", hosts.len()),
    };
    Err(Refused::new(403, why))
}

/// Whether `origin` is a page of the server on `port` itself (`http://NAME:PORT`, a
/// loopback name).
pub fn is_own_origin(origin: &str, port: u16) -> bool {
    origin
        .strip_prefix("http://")
        .is_some_and(|host| check_host(&[host], port).is_ok())
}

/// A request's body, at most `max` bytes: `Err` is the status and why not (413 for a body
/// over `max`).
pub fn body(request: &mut Request, max: u64) -> Result<Vec<u8>, Refused> {
    let over = || Refused::new(413, format!("a body over {} MiB", max >> 20));
    if request.body_length().is_some_and(|n| n as u64 > max) {
        return Err(over());
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Refused::new(400, format!("reading the body: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(over());
    }
    Ok(bytes)
}

/// Prints the one line on stderr of a request refused with `status`, escaped whole: any
/// part of `why` may be the request's own text. Returns it escaped, for the answer's body.
pub fn say_refused(mode: &str, status: u16, why: &str) -> String {
    let why = crate::text::printable(why.as_bytes());
    eprintln!("{mode}: refused ({status}): {why}");
    why
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_with_the_port_are_answered() {
        for host in [
            "localhost:10043",
            "LocalHost:10043",
            "127.0.0.1:10043",
            "[::1]:10043",
        ] {
            assert_eq!(check_host(&[host], 10043), Ok(()), "{host}");
        }
        for host in [
            "attacker.example:10043",
            "localhost:10044",
            "localhost",
            "localhost.:10043",
            "127.0.0.2:10043",
            "localhost:10043.attacker.example",
            "",
        ] {
            assert!(check_host(&[host], 10043).is_err(), "{host}");
        }
        assert!(check_host(&[], 10043).is_err());
        assert!(check_host(&["localhost:10043", "attacker.example:10043"], 10043).is_err());
        // A browser leaves out port 80, http's own.
        assert_eq!(check_host(&["localhost"], 80), Ok(()));
        assert!(check_host(&["localhost:80"], 10043).is_err());
    }

    #[test]
    fn an_own_origin_is_a_loopback_name_with_the_port() {
        assert!(is_own_origin("http://127.0.0.1:8000", 8000));
        assert!(is_own_origin("http://localhost:8000", 8000));
        for other in [
            "https://evil.example",
            "null",
            "http://127.0.0.1:8001",
            "https://127.0.0.1:8000",
            "http://evil.example:8000",
            "",
        ] {
            assert!(!is_own_origin(other, 8000), "{other}");
        }
    }
}
