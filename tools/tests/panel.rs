//! `bfs-judge panel` as a user meets it: the real binary serves the page, real headless
//! Chromium (driven over the DevTools protocol, `support::browser::Browser`) opens it, clicks
//! and types, and waits for what the page shows; the folder's files are then looked at on
//! disk. The security rules are tried with real curl. Skipped with a NOTICE where there is
//! no browser (or no python3, the language of the programs judged here).
//!
//! `WRITE_DOCS=1` also writes the screenshots into docs/ (`docs/panel-wa.png`,
//! `docs/panel-robot-maze.png`). No timed assertions: every wait is for the page to show
//! something, bounded only by a generous backstop.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;

use crate::support::browser::{keep_for_docs, Browser};
use crate::support::{
    backstop, bin_dir, curl_status, have, root, scratch, served_on, write_files, Judge,
};

/// A running panel: its address (with the token), port and token.
struct Panel {
    child: Child,
    /// Where the panel's stderr goes: shown when the test fails.
    said: PathBuf,
    url: String,
    port: u16,
    token: String,
}

impl Panel {
    /// `bfs-judge panel ARGS` in `dir`, its cache in `dir/.cache`.
    fn start(dir: &Path, args: &[&str]) -> Panel {
        let said = dir.with_extension("stderr");
        let mut child = Judge::new(["panel"])
            .args(args)
            .cwd(dir)
            .cache(&dir.join(".cache"))
            .command()
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&said).unwrap())
            .spawn()
            .unwrap();
        let (first, port) = served_on(&mut child);
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        let token = url.split("token=").nth(1).unwrap().to_string();
        Panel {
            child,
            said,
            url,
            port,
            token,
        }
    }

    /// The HTTP status of a curl request (`args` before the URL).
    fn curl(&self, args: &[&str], path: &str) -> u16 {
        curl_status(args, &format!("http://127.0.0.1:{}{path}", self.port))
    }
}

impl Drop for Panel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let said = std::fs::read_to_string(&self.said).unwrap_or_default();
            eprintln!("the panel's stderr:\n{said}");
        }
    }
}

/// A sum of two numbers that is wrong when the first is 5.
const WRONG: &str = "a, b = map(int, input().split())\nprint(a * b if a == 5 else a + b)\n";
const RIGHT: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// The folder of a contestant: `a.py` (wrong) and two cases, the second failing.
fn folder() -> PathBuf {
    let dir = scratch("panel");
    write_files(
        &dir,
        &[
            ("a.py", WRONG),
            ("tests/1.in", "1 2\n"),
            ("tests/1.out", "3\n"),
            ("tests/2.in", "5 5\n"),
            ("tests/2.out", "10\n"),
            ("gen.py", "import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(random.randint(1, 9), random.randint(1, 9))\n"),
            ("brute.py", RIGHT),
        ],
    );
    dir
}

/// The browser for a panel test, a tab at 1280 x 800; else (no browser, or no python3 to
/// judge with) a NOTICE.
fn browser(test: &str) -> Option<Browser> {
    if !have("python3") {
        return None;
    }
    let mut tab = Browser::for_test(test, &scratch("panel-profile"))?;
    tab.resize((1280, 800));
    Some(tab)
}

fn row_is(name: &str, verdict: &str) -> String {
    format!(
        "document.querySelector('tr[data-name=\"{name}\"]')?.dataset.verdict === '{verdict}' && \
         !document.querySelector('tr[data-name=\"{name}\"]').classList.contains('stale')"
    )
}

#[test]
fn the_panel_judges_edits_and_stresses_a_folder_in_a_real_browser() {
    let Some(mut tab) = browser("the_panel_judges_edits_and_stresses_a_folder_in_a_real_browser")
    else {
        return;
    };
    let dir = folder();
    let panel = Panel::start(&dir, &["a.py"]);
    tab.open(&panel.url, &row_is("2", "WA"));
    the_wrong_answer_is_opened_side_by_side(&mut tab, &dir);
    // The source saved fixed: the case turns AC on the same page, not reloaded.
    tab.run("window.notReloaded = true");
    std::fs::write(dir.join("a.py"), RIGHT).unwrap();
    tab.wait(&row_is("2", "AC"));
    assert_eq!(tab.eval("window.notReloaded === true"), json!(true));
    cases_are_added_edited_deleted_and_restored(&mut tab, &dir.join("tests"));
    a_custom_input_and_a_compile_error_are_shown(&mut tab, &dir);
    a_stress_counterexample_becomes_a_case(&mut tab, &dir);
    // The page asked for nothing the panel refused (a browser's own /favicon.ico, once).
    let said = std::fs::read_to_string(&panel.said).unwrap();
    assert!(!said.contains("refused"), "{said}");
}

/// The list, the keyboard's "next failing case", and the WA case opened: its outputs side
/// by side, the first difference marked in both; the page fits 1280 x 800, light or dark.
fn the_wrong_answer_is_opened_side_by_side(tab: &mut Browser, dir: &Path) {
    let text = |tab: &mut Browser, selector: &str| {
        tab.text(&format!("document.querySelector('{selector}').textContent"))
    };
    assert_eq!(
        tab.text("document.querySelector('tr[data-name=\"1\"]').dataset.verdict"),
        "AC"
    );
    assert!(text(tab, "#summary").contains("1/2 AC"));
    tab.key("n");
    tab.wait("document.getElementById('case').dataset.name === '2' && document.querySelector('#col-got .first')");
    assert_eq!(text(tab, "#col-expected .first"), "110");
    assert_eq!(text(tab, "#col-got .first"), "125");
    assert_eq!(text(tab, "#col-got .tok"), "25");
    assert_eq!(text(tab, "#col-input"), "15 5\n");
    assert!(text(tab, "#case-verdict").contains("\u{2717} WA"));
    // Run the case opened (enter), then all (r): each a round of its own.
    let round = |tab: &mut Browser| {
        tab.text("document.body.dataset.round")
            .parse::<u64>()
            .unwrap()
    };
    let before = round(tab);
    tab.key("Enter");
    tab.wait(&format!(
        "Number(document.body.dataset.round) > {before} && !document.body.dataset.busy"
    ));
    tab.key("r");
    tab.wait(&format!(
        "Number(document.body.dataset.round) > {} && !document.body.dataset.busy",
        before + 1
    ));
    tab.wait(&row_is("2", "WA"));
    let fits = "document.documentElement.scrollWidth <= 1280 && document.documentElement.scrollHeight <= 800";
    assert_eq!(tab.eval(fits), json!(true));
    let shot = dir.join("wa.png");
    tab.screenshot(&shot);
    keep_for_docs(&shot, "panel-wa");
    // Dark where the system asks for it.
    let background = "getComputedStyle(document.body).backgroundColor";
    let light = tab.text(background);
    let dark = json!([{"name": "prefers-color-scheme", "value": "dark"}]);
    tab.call("Emulation.setEmulatedMedia", json!({"features": dark}));
    assert_ne!(tab.text(background), light);
    let light_again = json!([{"name": "prefers-color-scheme", "value": "light"}]);
    tab.call(
        "Emulation.setEmulatedMedia",
        json!({"features": light_again}),
    );
}

/// Fills the case editor and saves.
fn save_case(tab: &mut Browser, name: &str, input: &str, expected: &str) {
    tab.wait("!document.getElementById('editor').hidden");
    tab.run(&format!(
        "document.getElementById('ed-name').value = {name:?}; \
         document.getElementById('ed-input').value = {input:?}; \
         document.getElementById('ed-expected').value = {expected:?}; \
         document.getElementById('ed-save').click()"
    ));
}

/// A case added from the page is two files of the folder, judged; edited, it is judged
/// again; deleted, it waits in the trash and is restored; an input alone is run and what it
/// prints kept as the expected answer; a program's text is shown as text, not markup.
fn cases_are_added_edited_deleted_and_restored(tab: &mut Browser, tests: &Path) {
    let read = |name: &str| std::fs::read_to_string(tests.join(name)).unwrap();
    tab.key("a");
    save_case(tab, "added", "2 2\n", "4\n");
    tab.wait(&row_is("added", "AC"));
    assert_eq!(
        (read("added.in"), read("added.out")),
        ("2 2\n".into(), "4\n".into())
    );
    tab.wait("document.getElementById('case').dataset.name === 'added'");
    tab.key("e");
    save_case(tab, "added", "2 2\n", "5\n");
    tab.wait(&row_is("added", "WA"));
    assert_eq!(read("added.out"), "5\n");
    tab.wait("document.getElementById('case').dataset.name === 'added'");
    tab.run("document.getElementById('case-delete').click()");
    tab.wait("!document.querySelector('tr[data-name=\"added\"]') && document.querySelector('[data-restore=\"added\"]')");
    assert!(!tests.join("added.in").exists());
    let trash = tests.with_file_name(".tests.trash");
    assert!(trash.join("added/added.in").is_file());
    // A case of that name made meanwhile: the restore is refused on the page's line (no
    // dialog: the browser support fails on one), and nothing is replaced or lost.
    std::fs::write(tests.join("added.in"), "9 9\n").unwrap();
    tab.run("document.querySelector('[data-restore=\"added\"]').click()");
    tab.wait("!document.getElementById('said').hidden && document.getElementById('said').textContent.includes('a case added exists')");
    assert_eq!(read("added.in"), "9 9\n");
    assert!(trash.join("added/added.in").is_file());
    std::fs::remove_file(tests.join("added.in")).unwrap();
    tab.run("document.querySelector('[data-restore=\"added\"]').click()");
    tab.wait(&row_is("added", "WA"));
    // The line goes with the next action's answer (waited for: the row's event may come
    // first).
    tab.wait("document.getElementById('said').hidden");
    assert_eq!(read("added.out"), "5\n");
    assert!(!trash.join("added").exists());
    // An input alone runs (RAN), what it printed is shown and kept as the expected answer.
    tab.key("a");
    save_case(tab, "only", "7 1\n", "");
    tab.wait(&row_is("only", "RAN"));
    assert!(!tests.join("only.out").exists());
    // Clicked in the turn it shows: a round of the watch's may hide it again a moment later.
    tab.wait_then(
        "document.getElementById('case').dataset.name === 'only' && document.getElementById('col-got').textContent === '18\\n' && !document.getElementById('case-keep').hidden",
        "document.getElementById('case-keep').click()",
    );
    tab.wait(&row_is("only", "AC"));
    assert_eq!(read("only.out"), "8\n");
    // Markup in a case and in what the program says is shown as text.
    tab.key("a");
    save_case(tab, "markup", "<b>7</b> 1\n", "<i>8</i>\n");
    tab.wait(&row_is("markup", "RE"));
    tab.wait("document.getElementById('case').dataset.name === 'markup' && document.getElementById('col-stderr').textContent.includes('<b>7</b>')");
    assert!(tab
        .text("document.getElementById('col-input').textContent")
        .contains("<b>7</b>"));
    assert_eq!(
        tab.eval("document.querySelector('#view b, #view i') === null"),
        json!(true)
    );
}

/// A custom input: what the source prints on it; then a compile error, shown as the
/// compiler said it, its line marked in the source.
fn a_custom_input_and_a_compile_error_are_shown(tab: &mut Browser, dir: &Path) {
    tab.key("c");
    tab.run(
        "document.getElementById('cu-input').value = '40 2\\n'; \
         document.getElementById('cu-run').click()",
    );
    tab.wait("document.getElementById('runner').dataset.done === 'yes'");
    assert_eq!(
        tab.text("document.getElementById('cu-stdout').textContent"),
        "42\n"
    );
    std::fs::write(dir.join("a.py"), "a = 1\nb = (\n").unwrap();
    tab.wait(
        "!document.getElementById('compile').hidden && document.querySelector('#ce-excerpt .hl')",
    );
    let marked = tab.text("document.querySelector('#ce-excerpt .hl').textContent");
    assert!(marked.contains("b = ("), "{marked}");
}

/// Stress: the wrong source against the brute force; the counterexample becomes a case.
fn a_stress_counterexample_becomes_a_case(tab: &mut Browser, dir: &Path) {
    std::fs::write(dir.join("a.py"), WRONG).unwrap();
    tab.wait(&row_is("2", "WA"));
    tab.key("Escape");
    tab.key("s");
    tab.run(
        "document.getElementById('st-gen').value = 'gen.py'; \
         document.getElementById('st-brute').value = 'brute.py'; \
         document.getElementById('st-count').value = '500'; \
         document.getElementById('st-start').click()",
    );
    tab.wait("!document.getElementById('st-found').hidden && document.getElementById('st-verdict').dataset.verdict === 'WA'");
    let input = tab.text("document.getElementById('st-input').textContent");
    assert!(input.starts_with("5 "), "{input}");
    tab.run("document.getElementById('st-add').click()");
    tab.wait("[...document.querySelectorAll('tr[data-name^=\"stress-\"]')].some(t => t.dataset.verdict === 'WA')");
    let tests = dir.join("tests");
    let added: Vec<PathBuf> = std::fs::read_dir(&tests)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("stress-")
        })
        .collect();
    assert_eq!(added.len(), 2, "{added:?}");
    let stem = added[0].with_extension("");
    assert_eq!(
        std::fs::read_to_string(stem.with_extension("in")).unwrap(),
        input
    );
}

#[test]
fn a_robot_maze_case_shows_its_drawn_routes_and_stresses_against_ours() {
    let Some(mut tab) =
        browser("a_robot_maze_case_shows_its_drawn_routes_and_stresses_against_ours")
    else {
        return;
    };
    // One of our problems, from a problems folder of the test's own with one case.
    let dir = scratch("panel-maze");
    let problem = dir.join("problems/robot-maze");
    std::fs::create_dir_all(&problem).unwrap();
    std::fs::copy(
        root().join("problems/robot-maze/info.toml"),
        problem.join("info.toml"),
    )
    .unwrap();
    // Shortest, but not the route the tie-break rule gives (down the left column first).
    let route = "1 1\n2 1\n3 1\n3 2\n3 3\n4 3\n5 3\n5 4\n5 5\n";
    write_files(
        &dir,
        &[
            (
                "problems/robot-maze/tests/maze.in",
                "5 5 1 1 5 5\n00000\n01110\n00010\n01010\n00000\n",
            ),
            (
                "problems/robot-maze/tests/maze.out",
                "1 1\n2 1\n3 1\n4 1\n5 1\n5 2\n5 3\n5 4\n5 5\n",
            ),
            (
                "a.py",
                &format!("import sys\nsys.stdin.read()\nprint({route:?}, end='')\n"),
            ),
        ],
    );
    let problems = problem.parent().unwrap().display().to_string();
    let bin = bin_dir().display().to_string();
    let panel = Panel::start(
        &dir,
        &[
            "a.py",
            "robot-maze",
            "--problems-dir",
            &problems,
            "--bin-dir",
            &bin,
        ],
    );
    tab.open(&panel.url, &row_is("maze", "WA"));
    tab.key("n");
    tab.wait("document.getElementById('case').dataset.name === 'maze' && !document.getElementById('drawn').hidden && document.getElementById('search-link')");
    assert!(tab
        .text("document.getElementById('case-detail').textContent")
        .contains("tie-break"));
    // The drawn page loads in its frame (its own script, sandboxed).
    // The drawn page loads in its frame (its own script, sandboxed).
    tab.wait("document.getElementById('drawn').dataset.loaded === 'yes'");
    let shot = dir.join("maze.png");
    tab.run("document.getElementById('drawn').scrollIntoView()");
    tab.screenshot(&shot);
    keep_for_docs(&shot, "panel-robot-maze");
    // Stress with no generator named: our generator and our binary, as `stress robot-maze`.
    tab.key("s");
    tab.run("document.getElementById('st-start').click()");
    tab.wait("!document.getElementById('st-found').hidden");
    let verdict = tab.text("document.getElementById('st-verdict').dataset.verdict");
    assert_eq!(verdict, "WA");
    let expected = tab.text("document.getElementById('st-expected').textContent");
    assert!(!expected.is_empty());
}

#[test]
fn requests_from_another_host_without_the_token_or_from_another_origin_are_refused() {
    if !have("curl") || !have("python3") {
        return;
    }
    let dir = folder();
    let panel = Panel::start(&dir, &["a.py"]);
    let (port, token) = (panel.port, panel.token.clone());
    let with = format!("/?token={token}");
    assert_eq!(panel.curl(&[], &with), 200);
    assert_eq!(panel.curl(&[], "/"), 403);
    assert_eq!(panel.curl(&[], "/?token=0123"), 403);
    assert_eq!(
        panel.curl(&["-H", &format!("Host: evil.example:{port}")], &with),
        403
    );
    assert_eq!(panel.curl(&["-H", "Host: 127.0.0.1:1"], &with), 403);
    assert_eq!(
        panel.curl(&["-H", &format!("Host: localhost:{port}")], &with),
        200
    );
    // A cross-site POST (a form, a fetch from another page) writes nothing.
    let save = format!("/api/save?token={token}");
    let body = r#"{"name":"evil","input":"1 1\n","expected":"2\n"}"#;
    let post = ["-X", "POST", "--data-binary", body];
    let from_elsewhere = [&post[..], &["-H", "Origin: https://evil.example"]].concat();
    assert_eq!(panel.curl(&from_elsewhere, &save), 403);
    assert_eq!(panel.curl(&post, "/api/save"), 403);
    let from_a_site = [&post[..], &["-H", "Sec-Fetch-Site: cross-site"]].concat();
    assert_eq!(panel.curl(&from_a_site, &save), 403);
    assert!(!dir.join("tests/evil.in").exists());
    let own = format!("Origin: http://127.0.0.1:{port}");
    assert_eq!(panel.curl(&[&post[..], &["-H", &own]].concat(), &save), 200);
    assert!(dir.join("tests/evil.in").exists());
    // A name that would reach outside the folder is refused.
    let outside = r#"{"name":"../x","input":"1\n","expected":"1\n"}"#;
    assert_eq!(
        panel.curl(&["-X", "POST", "--data-binary", outside], &save),
        400
    );
    assert!(!dir.join("x.in").exists());
}

/// The figures of the panel, printed, not asserted (a machine's load would move them): the
/// page's bytes, the time to load a folder of 200 judged cases, and the median time from
/// saving the source to its new verdicts on the page.
/// `cargo test -p bfs-judge-tools --test tests panel::figures -- --ignored --nocapture`.
#[test]
#[ignore = "measures; run by hand for the figures"]
fn figures() {
    use std::time::Instant;
    let Some(mut tab) = browser("figures") else {
        return;
    };
    let dir = scratch("panel-figures");
    write_files(&dir, &[("a.py", RIGHT)]);
    for i in 0..200 {
        let name = format!("tests/{i:03}");
        write_files(
            &dir,
            &[
                (&format!("{name}.in"), &format!("{i} 1\n")),
                (&format!("{name}.out"), &format!("{}\n", i + 1)),
            ],
        );
    }
    let panel = Panel::start(&dir, &["a.py", "-j", "2"]);
    let bytes: u64 = ["/", "/page.css", "/page.js"]
        .iter()
        .map(|p| {
            let o = Command::new("curl")
                .args(["-s", "-o", "/dev/null", "-w", "%{size_download}"])
                .arg(format!(
                    "http://127.0.0.1:{}{p}?token={}",
                    panel.port, panel.token
                ))
                .output()
                .unwrap();
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    tab.open(&panel.url, "document.body.dataset.round === '1'");
    tab.open("about:blank", "true");
    let start = Instant::now();
    tab.open(
        &panel.url,
        "document.querySelectorAll('tr[data-verdict=\"AC\"]').length === 200",
    );
    let load = start.elapsed();
    println!("page: {bytes} bytes (HTML, CSS, script); 200 judged cases loaded in {load:?}");

    let small = folder();
    let panel = Panel::start(&small, &["a.py"]);
    tab.open(&panel.url, &row_is("2", "WA"));
    let mut times = Vec::new();
    for k in 0..9 {
        let (source, verdict) = if k % 2 == 0 {
            (RIGHT, "AC")
        } else {
            (WRONG, "WA")
        };
        let start = Instant::now();
        std::fs::write(small.join("a.py"), source).unwrap();
        tab.wait(&row_is("2", verdict));
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "save to verdict on the page: median {:?} of {times:?}",
        times[times.len() / 2]
    );
}

#[test]
fn a_panel_without_a_source_or_without_tests_says_what_it_needs() {
    let dir = folder();
    let j = Judge::new(["panel"])
        .cwd(&dir)
        .cache(&dir.join(".cache"))
        .run();
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("say which program to judge"), "{j}");
    assert_eq!(j.stderr.lines().count(), 1, "{j}");
    let empty = scratch("panel-empty");
    write_files(&empty, &[("a.py", RIGHT)]);
    let j = Judge::new(["panel", "a.py"])
        .cwd(&empty)
        .cache(&empty.join(".cache"))
        .run();
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.starts_with("panel: no tests here"), "{j}");
    assert_eq!(j.stderr.lines().count(), 1, "{j}");
}

/// `test`'s options that a page cannot honour are not the panel's: a user who gives one is
/// told, by clap's usage error (exit 2), instead of seeing it silently do nothing; its
/// `--help` lists none of them, and still lists those the panel uses.
#[test]
fn the_panel_refuses_the_options_of_tests_it_could_only_ignore() {
    let dir = folder();
    let refused: [&[&str]; 9] = [
        &["--json"],
        &["--fail-fast"],
        &["--watch"],
        &["--color", "never"],
        &["-v"],
        &["--bundle"],
        &["--bundle-dir", "b"],
        &["--outputs", "o"],
        &["--testset", "t"],
    ];
    // The help first: before the panel refused them, a refused option's run served for
    // good (until the support's backstop).
    let help = Judge::new(["panel", "--help"]).run();
    assert_eq!(help.code, Some(0), "{help}");
    // An option's own line (indented 2 or 6 columns; its description is indented further
    // and may name other options, `-v` among them).
    let listed = |option: &str| {
        help.stdout.lines().any(|l| {
            let text = l.trim_start();
            l.len() - text.len() <= 6
                && text.starts_with('-')
                && text.split([',', ' ']).any(|w| w == option)
        })
    };
    for option in refused {
        assert!(!listed(option[0]), "{} in panel --help", option[0]);
    }
    for kept in [
        "--port",
        "--cmd",
        "--tests",
        "--time-limit-ms",
        "--isolation",
        "--env",
        "--checker-cmd",
        "--float-tolerance",
        "--interactor",
        "--jobs",
        "--out-dir",
    ] {
        assert!(listed(kept), "{kept} not in panel --help:\n{}", help.stdout);
    }
    for option in refused {
        let j = Judge::new(["panel", "a.py"])
            .args(option)
            .cwd(&dir)
            .cache(&dir.join(".cache"))
            .run();
        assert_eq!(j.code, Some(2), "{option:?}: {j}");
        assert!(
            j.stderr
                .starts_with(&format!("error: unexpected argument '{}' found", option[0])),
            "{option:?}: {j}"
        );
        assert!(j.stdout.is_empty(), "{option:?}: {j}");
    }
}

/// An open `/events` stream on a real connection: the request sent, and the answer's head
/// read (and, where it is a stream, its first frame, the whole board). `Err` is the answer
/// that is not a stream, whole (`Connection: close`: the server ends a plain answer).
fn open_events(port: u16, token: &str) -> Result<std::net::TcpStream, String> {
    use std::io::{Read, Write};
    let mut c = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    // A backstop against a hang, never a measure: the answer comes in milliseconds alone.
    c.set_read_timeout(Some(backstop(Duration::from_secs(6))))
        .unwrap();
    write!(
        c,
        "GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&got).into_owned();
        if text.starts_with("HTTP/1.1 200") && text.contains("event: state\n") {
            return Ok(c);
        }
        let n = c
            .read(&mut buf)
            .expect("the answer came before the backstop");
        if n == 0 {
            return Err(text);
        }
        got.extend_from_slice(&buf[..n]);
    }
}

/// Each event stream holds a thread of the panel's: past `MAX_STREAMS` (64) open at once, a
/// new one is refused with 503 and one line, while the page and its other requests are
/// still answered; a stream that closes frees its place once the panel writes to it (here:
/// the frames of a round asked for), so a page opened then gets its stream. Real
/// connections (std's TcpStream, curl), and every wait is for an answer or a frame.
#[test]
fn event_streams_past_the_cap_are_refused_until_one_closes() {
    use std::io::Read;
    if !have("curl") {
        return;
    }
    let dir = folder();
    let panel = Panel::start(&dir, &["a.py"]);
    let (port, token) = (panel.port, panel.token.clone());
    let mut open: Vec<_> = (0..64)
        .map(|i| open_events(port, &token).unwrap_or_else(|e| panic!("stream {i}: {e}")))
        .collect();
    let refused = open_events(port, &token).expect_err("a 65th stream was opened");
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(
        refused.ends_with(
            "refused: GET /events: 64 event streams are open already (a page has one): close \
             a panel's tab\n"
        ),
        "{refused}"
    );
    let events = format!("/events?token={token}");
    assert_eq!(panel.curl(&[], &events), 503);
    assert_eq!(panel.curl(&[], &format!("/?token={token}")), 200);
    // One page leaves; the next frames find its connection closed.
    let left = open.pop().unwrap();
    left.shutdown(std::net::Shutdown::Both).unwrap();
    drop(left);
    let run = format!("/api/run?token={token}");
    let mut buf = [0u8; 4096];
    let since = std::time::Instant::now();
    let reopened = loop {
        assert!(
            since.elapsed() < backstop(Duration::from_secs(6)),
            "no place freed"
        );
        match open_events(port, &token) {
            Ok(stream) => break stream,
            Err(refused) => assert!(refused.starts_with("HTTP/1.1 503"), "{refused}"),
        }
        // A round asked for, and its first frame read on a stream that stays: the closed
        // one was written the same frame.
        assert_eq!(panel.curl(&["-X", "POST"], &run), 200);
        let n = open[0]
            .read(&mut buf)
            .expect("a frame came before the backstop");
        assert!(n > 0, "a stream that stays was closed");
    };
    drop(reopened);
}

/// A hostile round against the page's writes, with real HTTP: a rename from a name that
/// is refused or is no case writes nothing; a case deleted twice keeps both deleted
/// versions in the trash (the second under a free name), each restored whole; a drawn
/// page named by a path outside the kept folder (a FIFO there) is refused at once, never
/// opened.
#[test]
fn a_refused_rename_writes_nothing_and_no_deleted_case_is_lost() {
    if !have("curl") || !have("python3") {
        return;
    }
    let dir = folder();
    let tests = dir.join("tests");
    let panel = Panel::start(&dir, &["a.py"]);
    let token = panel.token.clone();
    let post = |action: &str, body: serde_json::Value| {
        let body = body.to_string();
        panel.curl(
            &["-X", "POST", "--data-binary", &body],
            &format!("/api/{action}?token={token}"),
        )
    };
    let read = |path: &Path| std::fs::read_to_string(path).unwrap();

    // A rename from a name outside the folder, or from no case: nothing written.
    let new = json!({"name": "new", "input": "1 1\n", "expected": "2\n", "was": "../x"});
    assert_eq!(post("save", new), 400);
    let new = json!({"name": "new", "input": "1 1\n", "expected": "2\n", "was": "nope"});
    assert_eq!(post("save", new), 404);
    assert!(!tests.join("new.in").exists());

    // Case 1 deleted, added again at once, and deleted again: both versions wait.
    assert_eq!(post("delete", json!({"name": "1"})), 200);
    let again = json!({"name": "1", "input": "4 4\n", "expected": "8\n"});
    assert_eq!(post("save", again), 200);
    assert_eq!(post("delete", json!({"name": "1"})), 200);
    assert!(!tests.join("1.in").exists());
    let trash = dir.join(".tests.trash");
    assert_eq!(read(&trash.join("1/1.in")), "1 2\n");
    assert_eq!(read(&trash.join("1-2/1-2.in")), "4 4\n");
    assert_eq!(post("restore", json!({"name": "1"})), 200);
    assert_eq!(post("restore", json!({"name": "1-2"})), 200);
    assert_eq!(
        (read(&tests.join("1.in")), read(&tests.join("1.out"))),
        ("1 2\n".to_string(), "3\n".to_string())
    );
    assert_eq!(
        (read(&tests.join("1-2.in")), read(&tests.join("1-2.out"))),
        ("4 4\n".to_string(), "8\n".to_string())
    );

    // A FIFO named as a drawn page: refused without being opened (it would wait for a
    // writer for good; curl's own minute is the backstop, and 0 says no answer came).
    let fifo = dir.join("drawn.html");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let named = fifo.to_string_lossy().replace('/', "%2F");
    assert_eq!(
        panel.curl(&[], &format!("/drawn?token={token}&file={named}")),
        404
    );
}
