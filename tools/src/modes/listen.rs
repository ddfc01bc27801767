//! `bfs-judge listen`: receives problems from the Competitive Companion browser extension
//! and writes each as a folder that `bfs-judge test --cmd ...` judges with no other flag.
//!
//! The extension POSTs one JSON object per problem to `http://localhost:PORT/` on each of
//! its ports (its documented format: `name`, `group`, `url`, `interactive`, `memoryLimit`
//! in MB, `timeLimit` in ms, `tests` as `[{input, output}]`, `batch` `{id, size}`, ...).
//! A problem becomes `DIR/<name>/` (a contest's, `DIR/<group>/<name>/`) holding
//! `tests/1.in`, `tests/1.out`, ... and an `info.toml` with its limits, name, group and URL.
//!
//! The server listens on the loopback address only, and answers only the extension: any web
//! page open in the browser can POST to 127.0.0.1 too (a cross-site form, or a `fetch` with
//! a `text/plain` body, is sent without asking the server first), and a page whose own
//! domain its DNS turns into 127.0.0.1 (DNS rebinding) reaches the port under that domain's
//! name. So a request is taken only when its `Host` is `localhost`, `127.0.0.1` or `[::1]`
//! with the port listened on, and its `Origin`, if any, is a browser extension's, which no
//! page can claim (`session::http::admit`: a look at two headers). Anything else gets 403 and one line on
//! stderr, and writes nothing.
//!
//! A request that is not a POST of the extension's JSON, or a body over [`MAX_BODY`], gets a
//! 4xx answer and one line on stderr, and writes nothing. A problem's name is never a reason
//! to refuse it: any name (`B. Two/Three`, `..`, control characters) becomes a safe folder
//! name by its words ([`folder_name`]), which can never reach outside `DIR`. A problem file is written beside its place and renamed into it, so no
//! file is ever half written. Every text of a request that is printed (a name, a file name, a
//! refused header or URL, the parser's complaint quoting the body) is escaped as a judged
//! program's output is ([`crate::text::printable`]): a name holding `ESC ] 52 ; c ; ... BEL`
//! would otherwise write the user's clipboard on many terminals.
//!
//! The user's files are never lost: the folder's [`MANIFEST`] records each file `listen`
//! wrote and its hash, and a problem received again replaces or removes only those, and only
//! while unchanged. A case the user added (`tests/custom.in`), a sample they corrected, an
//! `info.toml` they edited stay as they are, and the line printed names them, and what the
//! receipt changed (a sample updated, added, or removed because the page no longer has it).
//!
//! A starter file is made on receive from the user's template (`template = "PATH"` in a
//! config file, `session::source`), as cph and cargo-compete do: `main.EXT` (the template's
//! extension), never over an existing file.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Deserialize;

use crate::run::hash::fnv1a;
use crate::say;
use crate::session::http;

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
    /// Where the program reads: stdin (absent too), or a file of its working folder.
    #[serde(default)]
    pub input: Option<Stream>,
    /// Where the program writes: stdout (absent too), or a file of its working folder.
    #[serde(default)]
    pub output: Option<Stream>,
}

/// The extension's `input` or `output`: `{"type": "stdin" | "stdout" | "file" | "regex",
/// "fileName": ..., "pattern": ...}`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stream {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub file_name: Option<String>,
    #[serde(default)]
    pub pattern: Option<String>,
}

impl Received {
    /// The input and output files of a file I/O problem (`None`: stdin, stdout). A `regex`
    /// input (some judges: "any file matching PATTERN") names no file: it is refused, with
    /// the pattern, so that the user can name the file in `info.toml`.
    pub fn files(&self) -> Result<(Option<String>, Option<String>), String> {
        let file = |s: &Option<Stream>, what: &str| -> Result<Option<String>, String> {
            let Some(s) = s else { return Ok(None) };
            match (s.kind.as_str(), &s.file_name) {
                ("stdin" | "stdout", _) => Ok(None),
                ("file", Some(name)) => crate::judge::problem::file_name(name)
                    .map(Some)
                    .map_err(|e| format!("{what} file \"{name}\": {e}")),
                ("file", None) => Err(format!("{what} is a file, but no fileName is given")),
                (kind, _) => Err(format!(
                    "{what} of type \"{kind}\"{}: only stdin/stdout and named files are judged \
                     here",
                    s.pattern
                        .as_deref()
                        .map(|p| format!(" (pattern \"{p}\")"))
                        .unwrap_or_default()
                )),
            }
        };
        Ok((
            file(&self.input, "the input")?,
            file(&self.output, "the output")?,
        ))
    }
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
    let other = if l.port == DEFAULT_PORT {
        27121
    } else {
        DEFAULT_PORT
    };
    let (server, port) = http::bind(l.port, other)?;
    say!(
        "listening on 127.0.0.1:{port} for Competitive Companion; problems go to {}",
        crate::text::name(dir.as_os_str().as_bytes())
    );
    let mut received = 0;
    for mut request in server.incoming_requests() {
        let answer = take(&mut request, &dir, port);
        let (status, text) = match answer {
            Ok(line) => {
                say!("{line}");
                received += 1;
                (200, "ok".to_string())
            }
            Err((status, why)) => (status, http::say_refused("listen", status, &why)),
        };
        let _ = request.respond(tiny_http::Response::from_string(text).with_status_code(status));
        if l.count.is_some_and(|n| received >= n) {
            break;
        }
    }
    Ok(())
}

/// One request: the line to print, or the status and reason it was refused for (raw: the
/// caller escapes it).
fn take(request: &mut tiny_http::Request, dir: &Path, port: u16) -> Result<String, (u16, String)> {
    http::admit(request, port, extension_origin)
        .map_err(|why| (403, format!("{} {why}", request.method())))?;
    if *request.method() != tiny_http::Method::Post {
        return Err((
            405,
            format!("{} {}: only POST", request.method(), request.url()),
        ));
    }
    let body = http::body(request, MAX_BODY)?;
    let problem: Received = serde_json::from_slice(&body)
        .map_err(|e| (400, format!("not Competitive Companion's JSON: {e}")))?;
    problem
        .files()
        .map_err(|e| (422, format!("\"{}\": {e}", problem.name)))?;
    let folder = place(&problem, dir).map_err(|e| (400, e))?;
    let written = write(&problem, &folder).map_err(|e| (500, e))?;
    let mut line = announce(&problem, &folder);
    line.push_str(&written.changes());
    // The problem is written by now: a template that cannot be read costs the starter file
    // only, and is said under the problem's line.
    match starter(&folder) {
        Ok(Some(made)) => {
            let _ = write!(line, "\n  {made}");
        }
        Ok(None) => {}
        Err(why) => {
            let _ = write!(line, "\n  no starter file: {why}");
        }
    }
    Ok(line)
}

/// Makes the folder's starter file from the user's template (`template = "PATH"` in a config
/// file): `main.EXT`, `EXT` the template's. Says what it did, or nothing when no template
/// is set or `main.EXT` exists (never overwritten: it may be the user's work).
fn starter(folder: &Path) -> Result<Option<String>, String> {
    let settings = crate::session::source::settings().map_err(|e| e.to_string())?;
    let Some(template) = settings.template else {
        return Ok(None);
    };
    let ext = template
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let name = format!("main{ext}");
    let to = folder.join(&name);
    if fs::symlink_metadata(&to).is_ok() {
        return Ok(None);
    }
    let text = fs::read(&template).map_err(|e| {
        format!(
            "the template {} (`template` in {}): {e}",
            template.display(),
            settings.template_from.display()
        )
    })?;
    // `create_new`: a file made in the meantime is not overwritten either.
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&to)
        .and_then(|mut f| std::io::Write::write_all(&mut f, &text))
        .map_err(io(&to))?;
    Ok(Some(format!(
        "made {name} from your template {}",
        crate::text::short(&crate::text::name(template.as_os_str().as_bytes()))
    )))
}

/// How a browser extension's `Origin` begins: Chromium's (Chrome, Edge, Opera, Brave),
/// Firefox's, Safari's. The browser sets the header; no web page can claim these.
const EXTENSION_ORIGINS: [&str; 3] = [
    "chrome-extension://",
    "moz-extension://",
    "safari-web-extension://",
];

/// [`http::admit`]'s rule for the `Origin` of a request: a browser extension's, as the
/// extension is the only sender `listen` takes (the `Host` is the loopback's, by `admit`).
///
/// What Competitive Companion sends (jmerle/competitive-companion 2.65.0): its background
/// script posts each problem with ``fetch(`http://localhost:${port}/`, {method: 'POST', body,
/// headers: {'Content-Type': 'application/json'}})`` (src/hosts/CustomHost.ts, Host.ts) under
/// the host permission `http://localhost/` (scripts/build/extension.ts), so its `Host` is
/// `localhost:PORT`, always with the port. Its `Origin` is the extension's: Chrome names
/// "origin 'chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl'" (the extension's store ID)
/// when it blocks a send (jmerle/competitive-companion#620), Firefox sends
/// `moz-extension://<UUID of the installation>` (ipfs/ipfs-companion#622,
/// RESTEDClient/RESTED#143), and a browser may send none. The extension is built for Chrome
/// and Firefox only; Safari's scheme is taken too, since no page can send it either.
/// `Origin: null` is refused although Firefox 85 sent it from extensions for a while
/// (ipfs/ipfs-companion#955): it is also what a sandboxed frame, a `data:` document or a
/// `file://` page sends, the cheapest way round this check.
fn extension_origin(origin: &str) -> Result<(), String> {
    let extension = EXTENSION_ORIGINS
        .iter()
        .any(|scheme| origin.strip_prefix(scheme).is_some_and(|id| !id.is_empty()));
    if extension {
        return Ok(());
    }
    Err(format!(
        "with Origin \"{origin}\": a web page's, not a browser extension's (any page open \
         in the browser can post to 127.0.0.1; the extension sends {} or no Origin)",
        EXTENSION_ORIGINS.map(|s| format!("{s}...")).join(", ")
    ))
}

/// The folder a problem goes to: `DIR/<name>`, or `DIR/<group>/<name>` for a contest. Any
/// name gives one ([`folder_name`]); `Err` is kept in the signature for what a later rule
/// may refuse, and is never given today.
pub fn place(p: &Received, dir: &Path) -> Result<PathBuf, String> {
    let name = folder_name(&p.name);
    let in_contest = p.batch.as_ref().is_some_and(|b| b.size > 1);
    if in_contest {
        Ok(dir.join(folder_name(&p.group)).join(name))
    } else {
        Ok(dir.join(name))
    }
}

/// A name as a folder name, whatever the name: its words (letters and digits) joined by `-`,
/// so that it needs no quoting in a shell and can name nothing but one folder inside `DIR`
/// (`G. Castle Defense` -> `G-Castle-Defense`, `B. Two/Three` -> `B-Two-Three`: a `/`, a
/// `\`, `..` or a control character is a separator like a space). A name with no letter or
/// digit (`?!`, `..`, empty) is `problem-HASH`, the same folder each time it is received.
pub fn folder_name(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return format!("problem-{:08x}", fnv1a(name.as_bytes()) as u32);
    }
    let mut folder = words.join("-");
    // A file name's limit is 255 bytes; a name this long is cut at a character boundary.
    while folder.len() > 120 {
        folder.pop();
    }
    folder
}

/// An I/O error that names its file.
fn io(path: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("{}: {e}", path.display())
}

/// The record, in a received folder, of the files `listen` wrote there and their hashes: the
/// only files a later receipt of the same problem may replace or remove.
pub const MANIFEST: &str = ".bfs-judge-received";

/// What receiving a problem did to its folder.
#[derive(Debug, Default)]
pub struct Written {
    /// Files of the folder that were the user's (added or changed by them) where the
    /// received problem has a file of that name: left as they were.
    pub kept: Vec<String>,
    /// Files written where there was none (empty on a first receipt: everything is new).
    pub added: Vec<String>,
    /// Files of ours rewritten with what the page has now.
    pub updated: Vec<String>,
    /// Files of ours removed: the page no longer has them (a sample fewer).
    pub removed: Vec<String>,
}

impl Written {
    /// The lines printed under the problem's line: what this receipt changed in a folder
    /// received before, and the user's files it left alone. Nothing when nothing changed.
    pub fn changes(&self) -> String {
        let mut out = String::new();
        for (what, files) in [
            ("added", &self.added),
            ("updated", &self.updated),
            ("removed (the page no longer has them)", &self.removed),
        ] {
            if !files.is_empty() {
                let _ = write!(out, "\n  {what}: {}", files.join(", "));
            }
        }
        if !self.kept.is_empty() {
            let _ = write!(
                out,
                "\n  kept your own {} (changed or added by you; the received one is not written)",
                self.kept.join(", ")
            );
        }
        out
    }
}

/// The manifest's entries: a folder-relative path to the hash of what we wrote there. A
/// missing or unreadable manifest is empty: then nothing in the folder is ours.
fn read_manifest(folder: &Path) -> BTreeMap<String, u64> {
    let text = fs::read_to_string(folder.join(MANIFEST)).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (hash, path) = l.split_once("  ")?;
            Some((path.to_string(), u64::from_str_radix(hash, 16).ok()?))
        })
        .collect()
}

/// [`crate::run::files::write_whole`], its error naming the file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::run::files::write_whole(path, bytes).map_err(io(path))
}

/// Writes the problem's files (`tests/N.in`, `tests/N.out`, `info.toml`) into `folder`,
/// replacing only what the manifest says we wrote and the user has not changed since (or a
/// file that already holds exactly what we write). A file the user added or changed is
/// never replaced or removed: it is named in [`Written::kept`]. Files we wrote before that
/// this receipt no longer has (a sample fewer) are removed when unchanged.
pub fn write(p: &Received, folder: &Path) -> Result<Written, String> {
    let tests = folder.join("tests");
    fs::create_dir_all(&tests).map_err(io(&tests))?;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for (i, sample) in p.tests.iter().enumerate() {
        for (ext, text) in [("in", &sample.input), ("out", &sample.output)] {
            files.push((format!("tests/{}.{ext}", i + 1), text.clone().into_bytes()));
        }
    }
    files.push(("info.toml".to_string(), info_toml(p).into_bytes()));
    let before = read_manifest(folder);
    // Ours: recorded, and still as we wrote it.
    let ours = |rel: &str, now: Option<&[u8]>| match (before.get(rel), now) {
        (Some(&hash), Some(now)) => fnv1a(now) == hash,
        _ => false,
    };
    let mut written = Written::default();
    let mut after = BTreeMap::new();
    for (rel, bytes) in &files {
        let path = folder.join(rel);
        let now = match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("{}: {e}", path.display())),
            Ok(m) if !m.is_file() => {
                written.kept.push(rel.clone());
                continue;
            }
            Ok(_) => Some(fs::read(&path).map_err(io(&path))?),
        };
        let replace = match &now {
            None => true,
            Some(now) => now == bytes || ours(rel, Some(now)),
        };
        if !replace {
            written.kept.push(rel.clone());
            continue;
        }
        if now.as_deref() != Some(bytes.as_slice()) {
            write_whole(&path, bytes)?;
            // A first receipt adds everything: only a receipt again says what changed.
            match (&now, before.is_empty()) {
                (Some(_), _) => written.updated.push(rel.clone()),
                (None, false) => written.added.push(rel.clone()),
                (None, true) => {}
            }
        }
        after.insert(rel.clone(), fnv1a(bytes));
    }
    for (rel, _) in before.iter().filter(|(rel, _)| !after.contains_key(*rel)) {
        let path = folder.join(rel);
        if written.kept.contains(rel) {
            continue;
        }
        match fs::read(&path) {
            Ok(now) if ours(rel, Some(&now)) => {
                fs::remove_file(&path).map_err(io(&path))?;
                written.removed.push(rel.clone());
            }
            // Gone already, or the user's now: no longer ours to record.
            _ => {}
        }
    }
    let mut manifest = String::from(
        "# Files `bfs-judge listen` wrote here, with their FNV-1a hashes. Receiving the problem\n\
         # again replaces only these, and only while unchanged; every other file is yours.\n",
    );
    for (rel, hash) in &after {
        let _ = writeln!(manifest, "{hash:016x}  {rel}");
    }
    write_whole(&folder.join(MANIFEST), manifest.as_bytes())?;
    Ok(written)
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
        t.push_str(
            "# Its samples show one exchange: `bfs-judge test` judges it only with --interactor.\n",
        );
    }
    let _ = writeln!(t, "interactive = {}", p.interactive);
    // Checked by `take` before anything is written.
    let (input, output) = p.files().unwrap_or_default();
    if input.is_some() || output.is_some() {
        t.push_str("# File I/O: the program reads and writes these files in its working folder.\n");
    }
    if let Some(name) = input {
        let _ = writeln!(t, "input_file = {}", quoted(&name));
    }
    if let Some(name) = output {
        let _ = writeln!(t, "output_file = {}", quoted(&name));
    }
    t
}

/// The line printed for a received problem, with the command that judges it. The request's
/// texts in it are escaped; so is the folder, as the judge shows every path.
fn announce(p: &Received, folder: &Path) -> String {
    let printable = |s: &str| crate::text::printable(s.as_bytes());
    let shown = crate::text::short(&crate::text::name(folder.as_os_str().as_bytes()));
    let contest = match &p.batch {
        Some(b) if b.size > 1 => format!(" (contest of {})", b.size),
        _ => String::new(),
    };
    let mut how = String::new();
    if p.interactive {
        how.push_str(", interactive");
    }
    let (input, output) = p.files().unwrap_or_default();
    if let Some(name) = input {
        let _ = write!(how, ", reads {}", printable(&name));
    }
    if let Some(name) = output {
        let _ = write!(how, ", writes {}", printable(&name));
    }
    let judge = if p.interactive {
        "bfs-judge test main.cpp --interactor ./interactor"
    } else {
        "bfs-judge test main.cpp"
    };
    format!(
        "{}{contest}: {} test{}, {} ms, {} MiB{how} -> {shown}   judge: cd {} && {judge}",
        printable(&p.name),
        p.tests.len(),
        if p.tests.len() == 1 { "" } else { "s" },
        p.time_limit,
        p.memory_limit,
        crate::run::program::shell_quote(&shown),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_becomes_one_safe_folder_name() {
        assert_eq!(folder_name("G. Castle Defense"), "G-Castle-Defense");
        assert_eq!(folder_name("A + B"), "A-B");
        assert_eq!(folder_name("Задача Ж"), "Задача-Ж");
        assert_eq!(folder_name("B. Two/Three"), "B-Two-Three");
        assert_eq!(folder_name("../../etc"), "etc");
        assert_eq!(folder_name("/tmp/x"), "tmp-x");
        assert_eq!(folder_name("a\\b"), "a-b");
        assert_eq!(folder_name("a\x1b]52;c;b\x07"), "a-52-c-b");
        for nameless in [" .. ", "?!", ""] {
            let f = folder_name(nameless);
            assert!(f.starts_with("problem-") && f.len() == 16, "{f}");
            assert_eq!(f, folder_name(nameless));
        }
        assert_ne!(folder_name("?!"), folder_name("!?"));
        assert!(folder_name(&"x".repeat(1000)).len() <= 120);
    }

    #[test]
    fn only_extensions_origins_are_answered() {
        for origin in [
            "chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl",
            "moz-extension://0f334731-19e3-42f8-85e2-03dbf50026df",
            "safari-web-extension://2F3D0A4C-5B7E-4C1A-9D8E-6F0A1B2C3D4E",
        ] {
            assert_eq!(extension_origin(origin), Ok(()), "{origin}");
        }
        for origin in [
            "https://evil.example",
            "http://localhost:10043",
            "null",
            "moz-extension://",
            "",
        ] {
            assert!(extension_origin(origin).is_err(), "{origin}");
        }
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
