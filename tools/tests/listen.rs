//! `bfs-judge listen` as the browser extension meets it: a real HTTP client (curl) posts
//! Competitive Companion's JSON to the real server, and the received folder is then judged
//! by `bfs-judge test --cmd ...` with no other flag. Bad requests get a 4xx and write nothing.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{curl_status, have, installed, scratch, served_on, Judge, Judged};

/// A running `bfs-judge listen` on a free port, stopped after `count` problems.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Started in `dir`, with no config file of the user's (`XDG_CONFIG_HOME` a folder
    /// beside it that [`Server::start_with_config`] may fill).
    fn start(dir: &Path, count: u32) -> Server {
        Server::start_with_config(dir, count, &dir.with_extension("config"))
    }

    fn start_with_config(dir: &Path, count: u32, config: &Path) -> Server {
        let mut child = Judge::new([
            "listen",
            "--port",
            "0",
            "--count",
            &count.to_string(),
            "--dir",
        ])
        .arg(dir)
        .cwd(dir)
        .env("XDG_CONFIG_HOME", config)
        .command()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
        let (_, port) = served_on(&mut child);
        Server { child, port }
    }

    /// POSTs `body` as the extension's JSON with curl; returns the HTTP status.
    fn post(&self, body: &[u8]) -> u16 {
        self.post_with(body, &["Content-Type: application/json"])
    }

    /// POSTs `body` with curl and these headers (`Host:` alone drops curl's own); returns the
    /// HTTP status.
    fn post_with(&self, body: &[u8], headers: &[&str]) -> u16 {
        let file =
            std::env::temp_dir().join(format!("listen-body-{}-{}", std::process::id(), self.port));
        std::fs::write(&file, body).unwrap();
        let data = format!("@{}", file.display());
        let mut args = vec!["-X", "POST", "--data-binary", &data];
        for h in headers {
            args.extend(["-H", h]);
        }
        let status = self.curl(&args);
        let _ = std::fs::remove_file(&file);
        status
    }

    fn curl(&self, args: &[&str]) -> u16 {
        curl_status(args, &format!("http://127.0.0.1:{}/", self.port))
    }

    /// Waits for the server to stop by itself (after its last problem; a minute at most, a
    /// backstop); returns what it printed.
    fn finish(self) -> (String, String) {
        let (stdout, stderr) = self.finish_bytes();
        (
            String::from_utf8_lossy(&stdout).into_owned(),
            String::from_utf8_lossy(&stderr).into_owned(),
        )
    }

    /// [`Server::finish`], the bytes as printed.
    fn finish_bytes(mut self) -> (Vec<u8>, Vec<u8>) {
        let start = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "listen did not stop"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let o = self.child.wait_with_output().unwrap();
        (o.stdout, o.stderr)
    }
}

/// Competitive Companion's documented example: Codeforces 954G with its three samples.
const CASTLE_DEFENSE: &str = r#"{
  "name": "G. Castle Defense",
  "group": "Educational Codeforces Round 40 (Rated for Div. 2)",
  "url": "https://codeforces.com/problemset/problem/954/G",
  "interactive": false,
  "memoryLimit": 256,
  "timeLimit": 1500,
  "tests": [
    {"input": "5 0 6\n5 4 3 4 9\n", "output": "5\n"},
    {"input": "4 2 0\n1 2 3 4\n", "output": "6\n"},
    {"input": "5 1 1\n2 1 2 1 2\n", "output": "3\n"}
  ],
  "testType": "single",
  "input": {"type": "stdin"},
  "output": {"type": "stdout"},
  "languages": {"java": {"mainClass": "Main", "taskClass": "GCastleDefense"}},
  "batch": {"id": "123e67c8-03c6-44a4-a3f9-5918def48d5b", "size": 1}
}"#;

/// A solution of 954G: binary search on the answer, archers placed greedily as far right
/// as they still cover the section that needs them.
const SOLUTION: &str = r#"import sys
def main():
    d = sys.stdin.buffer.read().split()
    n, r, k = int(d[0]), int(d[1]), int(d[2])
    a = list(map(int, d[3:3 + n]))
    pre = [0] * (n + 1)
    for i in range(n):
        pre[i + 1] = pre[i] + a[i]
    base = [pre[min(n, i + r + 1)] - pre[max(0, i - r)] for i in range(n)]
    def ok(x):
        added = [0] * (n + 1)
        run = used = 0
        for i in range(n):
            run += added[i]
            if base[i] + run < x:
                need = x - base[i] - run
                used += need
                if used > k:
                    return False
                run += need
                added[min(n, i + 2 * r + 1)] -= need
        return True
    lo, hi = 0, max(base) + k
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    print(lo)
main()
"#;

fn problem_json(name: &str, group: &str, batch: (&str, u32), sample: (&str, &str)) -> String {
    serde_json::json!({
        "name": name, "group": group, "url": "https://example.com/p",
        "interactive": false, "memoryLimit": 64, "timeLimit": 1000,
        "tests": [{"input": sample.0, "output": sample.1}],
        "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "languages": {}, "batch": {"id": batch.0, "size": batch.1}
    })
    .to_string()
}

/// `bfs-judge test --cmd CMD` in a received folder, with no other flag, the cache in it.
fn judge_received(folder: &Path, cmd: &str) -> Judged {
    installed(folder, &folder.join(".cache"), &["test", "--cmd", cmd])
}

#[test]
fn a_received_problem_is_judged_with_its_limits_and_no_other_flag() {
    if !have("curl") {
        return;
    }
    let dir = scratch("one");
    let server = Server::start(&dir, 1);
    assert_eq!(server.post(CASTLE_DEFENSE.as_bytes()), 200);
    let (stdout, stderr) = server.finish();
    let folder = dir.join("G-Castle-Defense");
    assert!(
        stdout.contains("G. Castle Defense: 3 tests, 1500 ms, 256 MiB"),
        "{stdout}{stderr}"
    );
    assert!(stdout.contains("bfs-judge test main.cpp"), "{stdout}");
    for case in 1..=3 {
        assert!(folder.join(format!("tests/{case}.in")).is_file());
        assert!(folder.join(format!("tests/{case}.out")).is_file());
    }
    assert_eq!(
        std::fs::read_to_string(folder.join("tests/2.out")).unwrap(),
        "6\n"
    );
    let info = std::fs::read_to_string(folder.join("info.toml")).unwrap();
    assert!(info.contains("url = \"https://codeforces.com/problemset/problem/954/G\""));
    assert!(info.contains("interactive = false"), "{info}");

    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("NOTICE: no python3; the received problem is not judged");
        return;
    }
    std::fs::write(folder.join("sol.py"), SOLUTION).unwrap();
    let o = judge_received(&folder, "python3 sol.py");
    let out = o.stdout.as_str();
    assert_eq!(o.code, Some(0), "{out}{}", o.stderr.as_str());
    assert!(
        out.contains("# G-Castle-Defense: python3 sol.py | limits 1500 ms cpu"),
        "{out}"
    );
    assert!(out.contains("256 MiB"), "{out}");
    assert!(out.contains("3 passed, 0 failed"), "{out}");
    // A wrong answer is judged wrong, and its outputs go to the cache, not the folder.
    let o = judge_received(&folder, "echo 5");
    let out = o.stdout.as_str();
    assert_eq!(o.code, Some(1), "{out}");
    assert!(out.contains("1 passed, 2 failed"), "{out}");
    assert!(out.contains("outputs of the failing cases"), "{out}");
    assert!(out.contains(".cache/bfs-judge/"), "{out}");
    assert!(!folder.join("tests/2.got").exists());
}

#[test]
fn a_contest_becomes_one_folder_with_a_folder_per_problem() {
    if !have("curl") {
        return;
    }
    let dir = scratch("contest");
    let server = Server::start(&dir, 2);
    let batch = ("c0ffee", 2);
    let a = problem_json("A. Sum", "Round 1", batch, ("1 2\n", "3\n"));
    let b = problem_json("B. Echo", "Round 1", batch, ("7\n", "7\n"));
    assert_eq!(server.post(a.as_bytes()), 200);
    assert_eq!(server.post(b.as_bytes()), 200);
    let (stdout, _) = server.finish();
    // (The first line, the port, was read by `Server::start`.)
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let contest = dir.join("Round-1");
    let mut names: Vec<String> = std::fs::read_dir(&contest)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["A-Sum", "B-Echo"]);
    let o = judge_received(&contest.join("B-Echo"), "cat");
    assert_eq!(o.code, Some(0), "{}", o.stdout.as_str());
}

#[test]
fn bad_requests_get_4xx_and_write_nothing() {
    if !have("curl") {
        return;
    }
    let dir = scratch("bad");
    let server = Server::start(&dir, 1);
    assert_eq!(server.curl(&[]), 405, "GET");
    assert_eq!(
        server.post(b"{\"name\": 3}"),
        400,
        "not the extension's JSON"
    );
    assert_eq!(server.post(b"hello"), 400, "not JSON");
    let big = vec![b' '; 5 << 20];
    assert_eq!(server.post(&big), 413, "a body over 4 MiB");
    let entries: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(entries.is_empty(), "something was written: {entries:?}");
    // The server still takes a good problem after all that.
    let good = problem_json("Fine", "g", ("x", 1), ("1\n", "1\n"));
    assert_eq!(server.post(good.as_bytes()), 200);
    let (_, stderr) = server.finish();
    assert_eq!(
        stderr.lines().filter(|l| l.contains("refused")).count(),
        4,
        "{stderr}"
    );
    assert!(dir.join("Fine/tests/1.in").is_file());
}

/// Competitive Companion's `name` is the page's title: any text. Every one is received, into
/// a folder named by its words inside `DIR`, never refused (issue 42: "B. Two/Three" was
/// refused and lost).
#[test]
fn any_name_is_received_into_a_safe_folder_of_its_own() {
    if !have("curl") {
        return;
    }
    let dir = scratch("names");
    let names = [
        "B. Two/Three",
        "../../escaped",
        "/tmp/absolute",
        "a\\b",
        "..",
        "tab\there",
    ];
    let server = Server::start(&dir, names.len() as u32 + 1);
    for name in names {
        let body = problem_json(name, "g", ("x", 1), ("1\n", "1\n"));
        assert_eq!(server.post(body.as_bytes()), 200, "{name}");
    }
    let contest = problem_json("A", "../up", ("x", 2), ("1\n", "1\n"));
    assert_eq!(server.post(contest.as_bytes()), 200, "a group that climbs");
    let (stdout, stderr) = server.finish();
    assert!(!stderr.contains("refused"), "{stderr}");
    let nameless = entries(&dir)
        .into_iter()
        .find(|e| e.starts_with("problem-"))
        .unwrap_or_else(|| panic!("no folder for \"..\": {stdout}"));
    let mut want = vec![
        "B-Two-Three".to_string(),
        "a-b".to_string(),
        "escaped".to_string(),
        nameless,
        "tab-here".to_string(),
        "tmp-absolute".to_string(),
        "up".to_string(),
    ];
    want.sort();
    assert_eq!(entries(&dir), want, "{stdout}");
    assert!(dir.join("up/A/tests/1.in").is_file());
    assert!(!dir.parent().unwrap().join("escaped").exists());
    // One sample is "1 test", the name printed as it came.
    assert!(
        stdout.contains("B. Two/Three: 1 test, 1000 ms, 64 MiB -> "),
        "{stdout}"
    );
    assert!(dir.join("B-Two-Three/tests/1.out").is_file());
}

/// A `template` in the user's config: each problem received gets `main.EXT` made from it,
/// as cph and cargo-compete make one; an existing `main.EXT` is never overwritten.
#[test]
fn a_received_problem_gets_a_starter_file_from_the_users_template() {
    if !have("curl") {
        return;
    }
    let dir = scratch("template");
    let config = dir.with_extension("config");
    std::fs::create_dir_all(config.join("bfs-judge")).unwrap();
    std::fs::write(config.join("template.cpp"), "// my template\n").unwrap();
    std::fs::write(
        config.join("bfs-judge/config.toml"),
        "template = \"../template.cpp\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("Mine")).unwrap();
    std::fs::write(dir.join("Mine/main.cpp"), "// my work\n").unwrap();
    let server = Server::start_with_config(&dir, 2, &config);
    for name in ["Fresh", "Mine"] {
        let body = problem_json(name, "g", ("x", 1), ("1\n", "1\n"));
        assert_eq!(server.post(body.as_bytes()), 200, "{name}");
    }
    let (stdout, stderr) = server.finish();
    assert_eq!(
        read(&dir.join("Fresh/main.cpp")),
        "// my template\n",
        "{stdout}{stderr}"
    );
    assert!(
        stdout.contains("made main.cpp from your template"),
        "{stdout}"
    );
    assert_eq!(read(&dir.join("Mine/main.cpp")), "// my work\n");
    assert_eq!(stdout.matches("made main.cpp").count(), 1, "{stdout}");
    // A template that is gone costs the starter file only: the problem is received.
    std::fs::remove_file(config.join("template.cpp")).unwrap();
    let server = Server::start_with_config(&dir, 1, &config);
    let body = problem_json("Later", "g", ("x", 1), ("1\n", "1\n"));
    assert_eq!(server.post(body.as_bytes()), 200);
    let (stdout, _) = server.finish();
    assert!(dir.join("Later/tests/1.in").is_file());
    assert!(
        stdout.contains("\n  no starter file: the template "),
        "{stdout}"
    );
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_web_page_or_a_foreign_host_gets_403_and_writes_nothing() {
    if !have("curl") {
        return;
    }
    let dir = scratch("foreign");
    let server = Server::start(&dir, 3);
    let port = server.port;
    let json = "Content-Type: application/json";
    let ours = format!("Host: localhost:{port}");
    let planted = problem_json("Planted", "g", ("p", 1), ("1\n", "1\n"));
    let planted = planted.as_bytes();
    // A page's form or fetch: a text/plain body needs no preflight, so the browser sends it.
    let cross_site = ["Content-Type: text/plain", "Origin: https://evil.example"];
    assert_eq!(server.post_with(planted, &cross_site), 403, "cross-site");
    let evil_to_ours = [json, &ours, "Origin: https://evil.example"];
    assert_eq!(server.post_with(planted, &evil_to_ours), 403, "cross-site");
    // A sandboxed frame, a data: document, a file:// page.
    let null = [json, "Origin: null"];
    assert_eq!(server.post_with(planted, &null), 403, "Origin: null");
    // DNS rebinding: attacker.example now resolves to 127.0.0.1, and the page is same-origin
    // with it.
    let rebound = format!("Host: attacker.example:{port}");
    assert_eq!(
        server.post_with(planted, &[json, &rebound]),
        403,
        "rebinding"
    );
    let same_origin = format!("Origin: http://attacker.example:{port}");
    let rebinding = [json, &rebound, &same_origin];
    assert_eq!(server.post_with(planted, &rebinding), 403, "rebinding");
    let other_port = format!("Host: localhost:{}", port.wrapping_add(1));
    assert_eq!(server.post_with(planted, &[json, &other_port]), 403, "port");
    assert_eq!(
        server.post_with(planted, &[json, "Host: localhost"]),
        403,
        "no port"
    );
    assert_eq!(server.post_with(planted, &[json, "Host:"]), 403, "no Host");
    assert!(entries(&dir).is_empty(), "written: {:?}", entries(&dir));

    // The extension's requests as Chrome and Firefox send them; Safari's scheme is taken too.
    for (name, origin, host) in [
        (
            "From Chrome",
            "chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl",
            &ours,
        ),
        (
            "From Firefox",
            "moz-extension://0f334731-19e3-42f8-85e2-03dbf50026df",
            &ours,
        ),
        (
            "From Safari",
            "safari-web-extension://2F3D0A4C-5B7E-4C1A-9D8E-6F0A1B2C3D4E",
            &format!("Host: [::1]:{port}"),
        ),
    ] {
        let body = problem_json(name, "g", ("e", 1), ("1\n", "1\n"));
        let origin = format!("Origin: {origin}");
        let status = server.post_with(body.as_bytes(), &[json, host, &origin]);
        assert_eq!(status, 200, "{name}");
    }
    let (_, stderr) = server.finish();
    assert_eq!(
        entries(&dir),
        ["From-Chrome", "From-Firefox", "From-Safari"],
        "{stderr}"
    );
    let refused: Vec<&str> = stderr.lines().filter(|l| l.contains("refused")).collect();
    assert_eq!(refused.len(), 8, "{stderr}");
    assert!(refused.iter().all(|l| l.contains("(403)")), "{stderr}");
    assert!(
        refused[0].contains("POST with Origin \"https://evil.example\": a web page's"),
        "{stderr}"
    );
    assert!(
        refused[3].contains(&format!("Host \"attacker.example:{port}\"")),
        "{stderr}"
    );
    assert!(refused[7].contains("without a Host header"), "{stderr}");
}

/// Whether bytes printed could drive a terminal: a C0 control but the newline, DEL, a C1
/// control (U+0080..U+009F), or bytes that are not UTF-8 (a bare C1 byte).
fn drives_a_terminal(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f)
        || std::str::from_utf8(bytes).map_or(true, |s| {
            s.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c))
        })
}

#[test]
fn a_name_that_would_write_the_clipboard_is_printed_escaped() {
    if !have("curl") {
        return;
    }
    // OSC 52: many terminals put the base64 text ("hi") on the clipboard.
    const OSC52: &str = "\x1b]52;c;aGk=\x07";
    const SHOWN: &str = "\\x1b]52;c;aGk=\\x07";
    let dir = scratch("escape");
    let server = Server::start(&dir, 1);
    let name = format!("{OSC52}Clipboard\u{9b}31m");
    let mut taken: serde_json::Value =
        serde_json::from_str(&problem_json(&name, "g", ("o", 1), ("1\n", "1\n"))).unwrap();
    taken["input"] = serde_json::json!({"type": "file", "fileName": format!("in{OSC52}.txt")});
    // Refused, each quoting the sequence: a file name naming a path, a pattern, a header.
    let mut path = taken.clone();
    path["input"] = serde_json::json!({"type": "file", "fileName": format!("{OSC52}/x")});
    assert_eq!(server.post(path.to_string().as_bytes()), 422);
    let mut regex = taken.clone();
    regex["input"] = serde_json::json!({"type": "regex", "pattern": OSC52});
    assert_eq!(server.post(regex.to_string().as_bytes()), 422);
    let origin = format!("Origin: https://{OSC52}.example");
    let headers = ["Content-Type: application/json", &origin];
    assert_eq!(
        server.post_with(taken.to_string().as_bytes(), &headers),
        403
    );
    // (The server stops after this one.)
    assert_eq!(server.post(taken.to_string().as_bytes()), 200);
    let (stdout, stderr) = server.finish_bytes();
    let (out, err) = (
        String::from_utf8_lossy(&stdout),
        String::from_utf8_lossy(&stderr),
    );
    assert!(!drives_a_terminal(&stdout), "{out:?}");
    assert!(!drives_a_terminal(&stderr), "{err:?}");
    assert!(
        out.contains(&format!("{SHOWN}Clipboard\\u{{9b}}31m: 1 test,")),
        "{out}"
    );
    assert!(out.contains(&format!("reads in{SHOWN}.txt")), "{out}");
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.lines().all(|l| l.contains(SHOWN)), "{err}");
    // The folder is named by the name's words, as any name is.
    assert_eq!(entries(&dir), ["52-c-aGk-Clipboard-31m"]);
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn receiving_a_problem_again_keeps_every_file_the_user_added_or_changed() {
    if !have("curl") {
        return;
    }
    let dir = scratch("again");
    let first = problem_json("Twice", "g", ("x", 1), ("1 2\n", "3\n"));
    let server = Server::start(&dir, 1);
    assert_eq!(server.post(first.as_bytes()), 200);
    server.finish();
    let folder = dir.join("Twice");
    let tests = folder.join("tests");
    assert_eq!(read(&tests.join("1.out")), "3\n");
    // The user's own cases, one stress kept, and an edited limit.
    std::fs::write(tests.join("custom.in"), "40 2\n").unwrap();
    std::fs::write(tests.join("custom.out"), "42\n").unwrap();
    std::fs::write(tests.join("stress-7.in"), "5 5\n").unwrap();
    std::fs::write(tests.join("stress-7.out"), "10\n").unwrap();
    std::fs::write(folder.join("main.cpp"), "// mine\n").unwrap();
    let info =
        read(&folder.join("info.toml")).replace("time_limit_ms = 1000", "time_limit_ms = 3000");
    std::fs::write(folder.join("info.toml"), &info).unwrap();

    // The same problem again, its sample corrected and a second one added.
    let server = Server::start(&dir, 1);
    let again = serde_json::json!({
        "name": "Twice", "group": "g", "url": "https://example.com/p",
        "interactive": false, "memoryLimit": 64, "timeLimit": 1000,
        "tests": [{"input": "1 2\n", "output": "3\n"}, {"input": "2 2\n", "output": "4\n"}],
        "batch": {"id": "y", "size": 1}
    })
    .to_string();
    assert_eq!(server.post(again.as_bytes()), 200);
    let (stdout, stderr) = server.finish();
    assert_eq!(read(&tests.join("custom.in")), "40 2\n", "{stdout}{stderr}");
    assert_eq!(read(&tests.join("custom.out")), "42\n");
    assert_eq!(read(&tests.join("stress-7.in")), "5 5\n");
    assert_eq!(read(&tests.join("stress-7.out")), "10\n");
    assert_eq!(read(&folder.join("main.cpp")), "// mine\n");
    assert_eq!(
        read(&tests.join("2.out")),
        "4\n",
        "the new sample is written"
    );
    assert_eq!(
        read(&folder.join("info.toml")),
        info,
        "the user's edit stays"
    );
    assert!(stdout.contains("kept your own info.toml"), "{stdout}");
    assert!(
        stdout.contains("\n  added: tests/2.in, tests/2.out\n"),
        "{stdout}"
    );

    // Once more with one sample only: the second, ours and unchanged, goes; the user's
    // edit of the first stays.
    std::fs::write(tests.join("1.out"), "3 \n").unwrap();
    let server = Server::start(&dir, 1);
    assert_eq!(server.post(first.as_bytes()), 200);
    let (stdout, _) = server.finish();
    assert!(!tests.join("2.in").exists() && !tests.join("2.out").exists());
    assert_eq!(read(&tests.join("1.out")), "3 \n");
    assert!(stdout.contains("tests/1.out"), "{stdout}");
    // Said, not done silently.
    assert!(
        stdout.contains("removed (the page no longer has them): tests/2.in, tests/2.out"),
        "{stdout}"
    );
    assert_eq!(read(&tests.join("custom.out")), "42\n");
    // And all of it is judged: the user's cases with the samples.
    std::fs::write(folder.join("sum.sh"), "awk '{ print $1 + $2 }'\n").unwrap();
    let o = judge_received(&folder, "sh sum.sh");
    let out = o.stdout.as_str();
    assert!(
        out.contains("3 passed, 0 failed"),
        "{out}{}",
        o.stderr.as_str()
    );
}

#[test]
fn an_interactive_problem_is_refused_and_a_file_problem_judged_through_its_files() {
    if !have("curl") {
        return;
    }
    let dir = scratch("kinds");
    let server = Server::start(&dir, 2);
    let mut interactive: serde_json::Value =
        serde_json::from_str(&problem_json("Guess", "g", ("i", 1), ("5\n", "? 3\n! 5\n"))).unwrap();
    interactive["interactive"] = true.into();
    assert_eq!(server.post(interactive.to_string().as_bytes()), 200);
    let mut files: serde_json::Value =
        serde_json::from_str(&problem_json("Files", "g", ("f", 1), ("1 2\n", "3\n"))).unwrap();
    files["input"] = serde_json::json!({"type": "file", "fileName": "input.txt"});
    files["output"] = serde_json::json!({"type": "file", "fileName": "output.txt"});
    assert_eq!(server.post(files.to_string().as_bytes()), 200);
    let (stdout, _) = server.finish();
    assert!(stdout.contains("interactive"), "{stdout}");
    assert!(
        stdout.contains("reads input.txt, writes output.txt"),
        "{stdout}"
    );

    let o = judge_received(&dir.join("Guess"), "cat");
    let err = o.stderr.as_str();
    assert_eq!(o.code, Some(2), "{err}");
    assert!(
        err.contains("is interactive") && err.contains("--interactor"),
        "{err}"
    );

    let folder = dir.join("Files");
    let info = read(&folder.join("info.toml"));
    assert!(info.contains("input_file = \"input.txt\""), "{info}");
    std::fs::write(
        folder.join("sum.sh"),
        "#!/bin/sh\nread a b < input.txt; echo $((a + b)) > output.txt\n",
    )
    .unwrap();
    let o = judge_received(&folder, "sh sum.sh");
    let out = o.stdout.as_str();
    assert_eq!(o.code, Some(0), "{out}{}", o.stderr.as_str());
    assert!(out.contains("file I/O: input.txt -> output.txt"), "{out}");
    // Nothing of the run lands in the user's folder.
    assert!(!folder.join("output.txt").exists() && !folder.join("input.txt").exists());
    // The answer on stdout is not the output: WA, and the reason.
    let o = judge_received(&folder, "sh -c 'read a b < input.txt; echo $((a + b))'");
    let out = o.stdout.as_str();
    assert_eq!(o.code, Some(2), "a shell line is refused: {out}");
    std::fs::write(
        folder.join("stdout.sh"),
        "read a b < input.txt; echo $((a + b))\n",
    )
    .unwrap();
    let o = judge_received(&folder, "sh stdout.sh");
    let out = o.stdout.as_str();
    assert_eq!(o.code, Some(1), "{out}");
    assert!(out.contains("no output.txt written"), "{out}");
}
