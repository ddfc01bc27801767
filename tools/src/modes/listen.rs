//! `bfs-judge listen`: receives problems from the Competitive Companion browser extension
//! and writes each as a folder that `bfs-judge test --cmd ...` judges with no other flag.
//!
//! The extension POSTs one JSON object per problem to `http://localhost:PORT/` on each of
//! its ports (its documented format: `name`, `group`, `url`, `interactive`, `memoryLimit`
//! in MB, `timeLimit` in ms, `tests` as `[{input, output}]`, `batch` `{id, size}`, ...).
//! A problem becomes `DIR/<name>/` (a contest's, `DIR/<group>/<name>/`) holding
//! `tests/1.in`, `tests/1.out`, ... and an `info.toml` with its limits, name, group and URL.
//!
//! The server listens on the loopback address only. A request that is not a POST of the
//! extension's JSON, a body over [`MAX_BODY`], or a name that would reach outside `DIR`
//! (`/`, `\`, `..`) gets a 4xx answer and one line on stderr, and writes nothing. A problem
//! is written into a scratch folder first and moved into place, so a folder is never half
//! written; a problem received again replaces its `tests/` and `info.toml`, and leaves the
//! user's own files in the folder alone.

use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Deserialize;

use crate::say;

/// The extension's built-in port this server takes unless told otherwise. The extension
/// sends every problem to all its built-in ports (27121, 10043, 10045, 1327, 4244, 6174,
/// 10042) at once, so any of them needs no set-up; another port is added in the
/// extension's settings ("Custom ports").
pub const DEFAULT_PORT: u16 = 10043;

/// The largest request body taken: the extension's JSON with its samples is a few KiB.
pub const MAX_BODY: u64 = 4 << 20;

/// `bfs-judge listen`: receive problems from Competitive Companion.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Install Competitive Companion in the browser, run `bfs-judge listen` in the folder where
problems should go, and click the extension's green plus on a problem or contest page.
Each problem prints one line with the command that judges it. Port 10043 is one of the
extension's built-in ports, so it needs no set-up; for another port, add it under
\"Custom ports\" in the extension's options and give it here with --port.")]
pub struct ListenCmd {
    /// The port on 127.0.0.1 (0: any free port, printed on the first line).
    #[arg(long, value_name = "PORT", default_value_t = DEFAULT_PORT)]
    pub port: u16,

    /// Where the problem folders go.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,

    /// Stop after receiving N problems (default: run until interrupted).
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
}

/// A problem as the extension sends it; fields it may add later are ignored.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Received {
    pub name: String,
    #[serde(default)]
    pub group: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub interactive: bool,
    /// Megabytes.
    pub memory_limit: u64,
    /// Milliseconds.
    pub time_limit: u64,
    pub tests: Vec<Sample>,
    #[serde(default)]
    pub batch: Option<Batch>,
}

#[derive(Debug, Deserialize)]
pub struct Sample {
    pub input: String,
    pub output: String,
}

/// Which of a contest's problems this is: `size` problems share one `id`.
#[derive(Debug, Deserialize)]
pub struct Batch {
    pub id: String,
    pub size: u64,
}

pub fn main(l: &ListenCmd) -> ExitCode {
    match serve(l) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("listen: {e}");
            ExitCode::from(2)
        }
    }
}

fn serve(l: &ListenCmd) -> Result<(), String> {
    fs::create_dir_all(&l.dir).map_err(|e| format!("{}: {e}", l.dir.display()))?;
    let dir = l
        .dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", l.dir.display()))?;
    let server = tiny_http::Server::http(("127.0.0.1", l.port)).map_err(|e| {
        format!(
            "cannot listen on 127.0.0.1:{}: {e} (another tool on that port? try --port {})",
            l.port,
            if l.port == DEFAULT_PORT {
                27121
            } else {
                DEFAULT_PORT
            }
        )
    })?;
    let port = server.server_addr().to_ip().map_or(l.port, |a| a.port());
    say!(
        "listening on 127.0.0.1:{port} for Competitive Companion; problems go to {}",
        dir.display()
    );
    let mut received = 0;
    for mut request in server.incoming_requests() {
        let answer = take(&mut request, &dir);
        let (status, text) = match &answer {
            Ok(line) => {
                say!("{line}");
                received += 1;
                (200, "ok".to_string())
            }
            Err((status, why)) => {
                eprintln!("listen: refused ({status}): {why}");
                (*status, why.clone())
            }
        };
        let _ = request.respond(tiny_http::Response::from_string(text).with_status_code(status));
        if l.count.is_some_and(|n| received >= n) {
            break;
        }
    }
    Ok(())
}

/// One request: the line to print, or the status and reason it was refused for.
fn take(request: &mut tiny_http::Request, dir: &Path) -> Result<String, (u16, String)> {
    if *request.method() != tiny_http::Method::Post {
        return Err((
            405,
            format!("{} {}: only POST", request.method(), request.url()),
        ));
    }
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err((413, format!("a body over {} MiB", MAX_BODY >> 20)));
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body)
        .map_err(|e| (400, format!("reading the body: {e}")))?;
    if body.len() as u64 > MAX_BODY {
        return Err((413, format!("a body over {} MiB", MAX_BODY >> 20)));
    }
    let problem: Received = serde_json::from_slice(&body)
        .map_err(|e| (400, format!("not Competitive Companion's JSON: {e}")))?;
    let folder = place(&problem, dir).map_err(|e| (400, e))?;
    write(&problem, &folder).map_err(|e| (500, e))?;
    Ok(announce(&problem, &folder))
}

/// The folder a problem goes to: `DIR/<name>`, or `DIR/<group>/<name>` for a contest.
pub fn place(p: &Received, dir: &Path) -> Result<PathBuf, String> {
    let name = folder_name(&p.name).map_err(|e| format!("name {:?}: {e}", p.name))?;
    let in_contest = p.batch.as_ref().is_some_and(|b| b.size > 1);
    if in_contest {
        let group = folder_name(&p.group).map_err(|e| format!("group {:?}: {e}", p.group))?;
        Ok(dir.join(group).join(name))
    } else {
        Ok(dir.join(name))
    }
}

/// A name as a folder name: its words (letters and digits) joined by `-`, so that it needs
/// no quoting in a shell (`G. Castle Defense` -> `G-Castle-Defense`). A name that names a
/// path (`/`, `\`, `..`) is refused rather than tidied: it is not a problem's name.
pub fn folder_name(name: &str) -> Result<String, String> {
    if name.contains(['/', '\\', '\0']) || name.split_whitespace().any(|w| w == "..") {
        return Err("it would name a path outside the folder".to_string());
    }
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Err("it has no letters or digits to name a folder by".to_string());
    }
    let mut folder = words.join("-");
    // A file name's limit is 255 bytes; a name this long is cut at a character boundary.
    while folder.len() > 120 {
        folder.pop();
    }
    Ok(folder)
}

/// An I/O error that names its file.
fn io(path: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("{}: {e}", path.display())
}

/// Writes `tests/` and `info.toml` into a scratch folder beside `folder`, then moves them in.
fn write(p: &Received, folder: &Path) -> Result<(), String> {
    let parent = folder.parent().expect("a problem folder has a parent");
    fs::create_dir_all(folder).map_err(io(folder))?;
    let scratch = parent.join(format!(
        ".{}.receiving-{}",
        folder.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&scratch);
    let tests = scratch.join("tests");
    fs::create_dir_all(&tests).map_err(io(&tests))?;
    for (i, sample) in p.tests.iter().enumerate() {
        for (ext, text) in [("in", &sample.input), ("out", &sample.output)] {
            let file = tests.join(format!("{}.{ext}", i + 1));
            fs::write(&file, text).map_err(io(&file))?;
        }
    }
    let info = scratch.join("info.toml");
    fs::write(&info, info_toml(p)).map_err(io(&info))?;
    let old_tests = folder.join("tests");
    if old_tests.exists() {
        fs::remove_dir_all(&old_tests).map_err(io(&old_tests))?;
    }
    fs::rename(&tests, &old_tests).map_err(io(&old_tests))?;
    fs::rename(&info, folder.join("info.toml")).map_err(io(folder))?;
    let _ = fs::remove_dir_all(&scratch);
    Ok(())
}

/// The folder's `info.toml`: the limits the judge reads, and where the problem came from.
pub fn info_toml(p: &Received) -> String {
    let quoted = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut t = String::from("# Received from Competitive Companion by `bfs-judge listen`.\n");
    let _ = writeln!(t, "name = {}", quoted(&p.name));
    if !p.group.is_empty() {
        let _ = writeln!(t, "group = {}", quoted(&p.group));
    }
    if !p.url.is_empty() {
        let _ = writeln!(t, "url = {}", quoted(&p.url));
    }
    let _ = writeln!(t, "time_limit_ms = {}", p.time_limit);
    let _ = writeln!(t, "memory_limit_mib = {}", p.memory_limit);
    if p.interactive {
        t.push_str("# The judge has no interactor for it: its samples show one exchange.\n");
    }
    let _ = writeln!(t, "interactive = {}", p.interactive);
    t
}

/// The line printed for a received problem, with the command that judges it.
fn announce(p: &Received, folder: &Path) -> String {
    let shown = crate::text::short(&folder.display().to_string());
    let contest = match &p.batch {
        Some(b) if b.size > 1 => format!(" (contest of {})", b.size),
        _ => String::new(),
    };
    format!(
        "{}{contest}: {} tests, {} ms, {} MiB{} -> {shown}   judge: cd {} && bfs-judge test --cmd ./a.out",
        p.name,
        p.tests.len(),
        p.time_limit,
        p.memory_limit,
        if p.interactive { ", interactive" } else { "" },
        crate::run::program::shell_quote(&shown),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_folder_names_or_are_refused() {
        assert_eq!(
            folder_name("G. Castle Defense").unwrap(),
            "G-Castle-Defense"
        );
        assert_eq!(folder_name("A + B").unwrap(), "A-B");
        assert_eq!(folder_name("Задача Ж").unwrap(), "Задача-Ж");
        assert!(folder_name("../../etc").is_err());
        assert!(folder_name("/tmp/x").is_err());
        assert!(folder_name("a\\b").is_err());
        assert!(folder_name(" .. ").is_err());
        assert!(folder_name("?!").is_err());
        assert!(folder_name(&"x".repeat(1000)).unwrap().len() <= 120);
    }

    #[test]
    fn info_toml_is_toml_the_judge_reads() {
        let p: Received = serde_json::from_str(
            r#"{"name":"Q \"x\"","group":"G","url":"u","interactive":true,
                "memoryLimit":64,"timeLimit":1500,"tests":[]}"#,
        )
        .unwrap();
        let text = info_toml(&p);
        let table: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(table["name"].as_str(), Some("Q \"x\""));
        assert_eq!(table["time_limit_ms"].as_integer(), Some(1500));
        assert_eq!(table["memory_limit_mib"].as_integer(), Some(64));
        assert_eq!(table["interactive"].as_bool(), Some(true));
    }
}
