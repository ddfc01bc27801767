//! `bfs-judge panel` as a user meets it: the real binary serves the page, real headless
//! Chromium (driven over the DevTools protocol, `support::browser::Tab`) opens it, clicks
//! and types, and waits for what the page shows; the folder's files are then looked at on
//! disk. The security rules are tried with real curl. Skipped with a NOTICE where there is
//! no browser (or no python3, the language of the programs judged here).
//!
//! `PANEL_WRITE_DOCS=1` also writes the screenshots into docs/ (`docs/panel-wa.png`,
//! `docs/panel-robot-maze.png`). No timed assertions: every wait is for the page to show
//! something, bounded only by a generous backstop.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::support::browser::{chromium, Tab};
use crate::support::{have, root, scratch, write_files, Judge};

/// A running panel: its address (with the token), port and token.
struct Panel {
    child: Child,
    url: String,
    port: u16,
    token: String,
}

impl Panel {
    /// `bfs-judge panel ARGS` in `dir`, its cache in `dir/.cache`.
    fn start(dir: &Path, args: &[&str]) -> Panel {
        let mut child = Judge::new(["panel"])
            .args(args)
            .cwd(dir)
            .cache(&dir.join(".cache"))
            .command()
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut first)
            .unwrap();
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://127.0.0.1:"))
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        let port = url["http://127.0.0.1:".len()..]
            .split('/')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap();
        let token = url.split("token=").nth(1).unwrap().to_string();
        Panel {
            child,
            url,
            port,
            token,
        }
    }

    /// The HTTP status of a curl request (`args` before the URL).
    fn curl(&self, args: &[&str], path: &str) -> u16 {
        let o = Command::new("curl")
            .args([
                "-s",
                "-o",
                "/dev/null",
                "-w",
                "%{http_code}",
                "--max-time",
                "60",
            ])
            .args(args)
            .arg(format!("http://127.0.0.1:{}{path}", self.port))
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout)
            .trim()
            .parse()
            .unwrap_or(0)
    }
}

impl Drop for Panel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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

/// Where the browser tests can run, a tab and the profile folder; else a NOTICE.
fn browser(test: &str) -> Option<(PathBuf, PathBuf)> {
    let Some(exe) = chromium() else {
        eprintln!("NOTICE: skipping {test}: no chromium");
        return None;
    };
    if !have("python3") {
        return None;
    }
    Some((exe, scratch("panel-profile")))
}

fn row_is(name: &str, verdict: &str) -> String {
    format!(
        "document.querySelector('tr[data-name=\"{name}\"]')?.dataset.verdict === '{verdict}' && \
         !document.querySelector('tr[data-name=\"{name}\"]').classList.contains('stale')"
    )
}

fn keep_screenshot(shot: &Path, name: &str) {
    if std::env::var_os("PANEL_WRITE_DOCS").is_some_and(|v| v == "1") {
        std::fs::copy(shot, root().join("docs").join(name)).unwrap();
    }
}

#[test]
fn the_panel_judges_edits_and_stresses_a_folder_in_a_real_browser() {
    let Some((exe, profile)) =
        browser("the_panel_judges_edits_and_stresses_a_folder_in_a_real_browser")
    else {
        return;
    };
    let dir = folder();
    let panel = Panel::start(&dir, &["a.py"]);
    let mut tab = Tab::start(&exe, &profile, (1280, 800));
    tab.open(&panel.url, &row_is("2", "WA"));
    assert_eq!(
        tab.text("document.querySelector('tr[data-name=\"1\"]').dataset.verdict"),
        "AC"
    );
    assert!(tab
        .text("document.getElementById('summary').textContent")
        .contains("1/2 AC"));

    // The keyboard's "next failing case" opens the WA case: its outputs side by side, the
    // first difference marked in both.
    tab.key("n");
    tab.wait("document.getElementById('case').dataset.name === '2' && document.querySelector('#col-got .first')");
    assert_eq!(
        tab.text("document.querySelector('#col-expected .first').textContent"),
        "110"
    );
    assert_eq!(
        tab.text("document.querySelector('#col-got .first').textContent"),
        "125"
    );
    assert_eq!(
        tab.text("document.querySelector('#col-got .tok').textContent"),
        "25"
    );
    assert_eq!(
        tab.text("document.getElementById('col-input').textContent"),
        "15 5\n"
    );
    assert!(tab
        .text("document.getElementById('case-verdict').textContent")
        .contains("WA"));
    let shot = dir.join("wa.png");
    tab.screenshot(&shot);
    keep_screenshot(&shot, "panel-wa.png");

    // The source saved fixed: the case turns AC on the same page, not reloaded.
    tab.run("window.notReloaded = true");
    std::fs::write(dir.join("a.py"), RIGHT).unwrap();
    tab.wait(&row_is("2", "AC"));
    assert_eq!(
        tab.eval("window.notReloaded === true"),
        serde_json::json!(true)
    );

    // A case added from the page is two files of the folder, judged.
    tab.run("document.getElementById('add').click()");
    tab.wait("!document.getElementById('editor').hidden");
    tab.run(
        "document.getElementById('ed-name').value = 'added'; \
         document.getElementById('ed-input').value = '2 2\\n'; \
         document.getElementById('ed-expected').value = '4\\n'; \
         document.getElementById('ed-save').click()",
    );
    tab.wait(&row_is("added", "AC"));
    let tests = dir.join("tests");
    assert_eq!(
        std::fs::read_to_string(tests.join("added.in")).unwrap(),
        "2 2\n"
    );
    assert_eq!(
        std::fs::read_to_string(tests.join("added.out")).unwrap(),
        "4\n"
    );

    // Deleted from the page: gone from the folder, kept in the trash, and restored.
    tab.wait("document.getElementById('case').dataset.name === 'added'");
    tab.run("document.getElementById('case-delete').click()");
    tab.wait("!document.querySelector('tr[data-name=\"added\"]') && document.querySelector('[data-restore=\"added\"]')");
    assert!(!tests.join("added.in").exists());
    assert!(dir.join(".tests.trash/added/added.in").is_file());
    tab.run("document.querySelector('[data-restore=\"added\"]').click()");
    tab.wait(&row_is("added", "AC"));
    assert_eq!(
        std::fs::read_to_string(tests.join("added.out")).unwrap(),
        "4\n"
    );
    assert!(!dir.join(".tests.trash/added").exists());

    // A custom input: what the source prints on it.
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

    // A compile error is shown as the compiler said it, its line marked in the source.
    std::fs::write(dir.join("a.py"), "a = 1\nb = (\n").unwrap();
    tab.wait(
        "!document.getElementById('compile').hidden && document.querySelector('#ce-excerpt .hl')",
    );
    assert!(tab
        .text("document.querySelector('#ce-excerpt .hl').textContent")
        .contains("b = ("));

    // Stress: the wrong source against the brute force; the counterexample becomes a case.
    std::fs::write(dir.join("a.py"), WRONG).unwrap();
    tab.wait(&row_is("2", "WA"));
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
fn a_robot_maze_case_shows_its_drawn_routes() {
    let Some((exe, profile)) = browser("a_robot_maze_case_shows_its_drawn_routes") else {
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
    let panel = Panel::start(&dir, &["a.py", "robot-maze", "--problems-dir", &problems]);
    let mut tab = Tab::start(&exe, &profile, (1280, 800));
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
    keep_screenshot(&shot, "panel-robot-maze.png");
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
