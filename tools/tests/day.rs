//! A contestant's day with `bfs-judge test`, in a folder of their own: a source file judged
//! by its name (built by its extension, cached, a compile error as CE), the config file's
//! own commands, case selection and "did you mean", a folder with no tests, a file I/O
//! problem, and `--watch` judging again after the file is rewritten. Real compilers (g++,
//! python3), skipped with a notice where one is missing.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::{backstop, contestant, have, pasted, scratch, Judged};

/// A fresh folder `NAME/sum/` with `tests/1.in`, `tests/1.out`, `tests/sample.in`,
/// `tests/sample.out` (a + b), and a cache and config folder beside it.
pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = scratch(name).join("sum");
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    for (case, a, b) in [("1", 1, 2), ("sample", 40, 2)] {
        std::fs::write(dir.join(format!("tests/{case}.in")), format!("{a} {b}\n")).unwrap();
        std::fs::write(
            dir.join(format!("tests/{case}.out")),
            format!("{}\n", a + b),
        )
        .unwrap();
    }
    dir
}

pub(crate) fn judge(cwd: &Path, args: &[&str]) -> Judged {
    contestant(cwd, args).run()
}

/// The build folders in the cache.
fn builds(dir: &Path) -> usize {
    let cache = dir.parent().unwrap().join("cache/bfs-judge/build");
    std::fs::read_dir(cache).map_or(0, |d| {
        d.flatten()
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .count()
    })
}

pub(crate) const SUM_CPP: &str = "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b); }\n";
const WRONG_CPP: &str = "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b + (a > 9)); }\n";

#[test]
fn a_cpp_and_a_python_source_are_judged_by_their_file_names() {
    let dir = folder("sources");
    if have("g++") {
        std::fs::write(dir.join("main.cpp"), SUM_CPP).unwrap();
        for args in [
            &["test", "main.cpp"][..],
            &["test", "--cmd", "main.cpp"],
            &["test", "--cmd", "./main.cpp"],
        ] {
            let j = judge(&dir, args);
            assert_eq!(j.code, Some(0), "{args:?}: {j}");
            assert!(
                j.stdout.contains("# sum: ") && j.stdout.contains("main.cpp (C++)"),
                "{j}"
            );
            assert!(j.stdout.contains("2 passed, 0 failed"), "{j}");
        }
        // Built once, whichever way it was named: the cache is keyed by content and commands.
        assert_eq!(builds(&dir), 1);
        std::fs::write(dir.join("main.cpp"), WRONG_CPP).unwrap();
        let j = judge(&dir, &["test", "main.cpp"]);
        assert_eq!(j.code, Some(1), "{j}");
        assert!(
            j.stdout.contains("WA") && j.stdout.contains("1 passed, 1 failed"),
            "{j}"
        );
        assert_eq!(builds(&dir), 2, "a changed source is built anew");
        // The source's own folder gets nothing: no binary, no object file.
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["main.cpp", "tests"]);
    }
    if have("python3") {
        std::fs::write(
            dir.join("a.py"),
            "a, b = map(int, input().split())\nprint(a + b)\n",
        )
        .unwrap();
        let j = judge(&dir, &["test", "a.py"]);
        assert_eq!(j.code, Some(0), "{j}");
        assert!(j.stdout.contains("a.py (Python 3)"), "{j}");
        // A case by name, as in our problems.
        let j = judge(&dir, &["test", "a.py", "1"]);
        assert!(
            j.stdout.contains("1 passed, 0 failed") && j.stdout.contains("sum/1"),
            "{j}"
        );
        let j = judge(&dir, &["test", "--cmd", "python3 a.py", "samp"]);
        assert_eq!(j.code, Some(2), "{j}");
        assert!(j.stderr.contains("did you mean `sample`?"), "{j}");
        // A syntax error is a compile error too.
        std::fs::write(dir.join("bad.py"), "print(1 +\n").unwrap();
        let j = judge(&dir, &["test", "bad.py"]);
        assert_eq!(j.code, Some(1), "{j}");
        assert!(j.stdout.starts_with("CE bad.py"), "{j}");
    }
}

#[test]
fn a_compile_error_is_ce_with_the_compilers_first_lines_and_judges_nothing() {
    if !have("g++") {
        return;
    }
    let dir = folder("ce");
    std::fs::write(dir.join("main.cpp"), "int main() { return x; }\n").unwrap();
    let j = judge(&dir, &["test", "main.cpp"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert!(
        j.stdout
            .starts_with("CE main.cpp: compile error (g++ -std=gnu++20 -O2 -o prog main.cpp)"),
        "{j}"
    );
    assert!(
        j.stdout
            .contains("main.cpp:1:21: error: 'x' was not declared")
            || j.stdout
                .contains("main.cpp:1:21: error: ‘x’ was not declared"),
        "{j}"
    );
    assert!(!j.stdout.contains(" ms wall "), "nothing is judged: {j}");
    let j = judge(&dir, &["test", "main.cpp", "--json"]);
    assert!(j.stdout.contains("\"verdict\":\"CE\""), "{j}");
}

#[test]
fn the_users_config_gives_the_commands() {
    if !have("g++") {
        return;
    }
    let dir = folder("config");
    // -DLOCAL from the folder's config: the source prints the sum only when it is defined.
    std::fs::write(
        dir.join("main.cpp"),
        "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b);\n#ifdef LOCAL\nprintf(\"%ld\\n\", a + b);\n#endif\n}\n",
    )
    .unwrap();
    let j = judge(&dir, &["test", "main.cpp"]);
    assert_eq!(j.code, Some(1), "without the config: {j}");
    std::fs::write(
        dir.join(".bfs-judge.toml"),
        "[lang.cpp]\nbuild = \"g++ -std=gnu++17 -O2 -DLOCAL -o {exe} {src}\"\n",
    )
    .unwrap();
    let j = judge(&dir, &["test", "main.cpp"]);
    assert_eq!(j.code, Some(0), "with it: {j}");
    // The user's config file, a bad one: an error that names it.
    let config = dir.parent().unwrap().join("config/bfs-judge");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[lang.cpp]\nbiuld = \"g++\"\n").unwrap();
    let j = judge(&dir, &["test", "main.cpp"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("config.toml") && j.stderr.contains("biuld"),
        "{j}"
    );
}

#[test]
fn outside_a_folder_with_tests_the_judge_says_what_it_looked_for() {
    let dir = folder("empty");
    let empty = dir.parent().unwrap().join("elsewhere");
    std::fs::create_dir_all(&empty).unwrap();
    let j = judge(&empty, &["test", "--cmd", "true"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("no tests here") && j.stderr.contains("tests/ or test/"),
        "{j}"
    );
    assert!(j.stderr.contains("--tests DIR"), "{j}");
    assert!(!j.stdout.contains("passed"), "nothing ran: {j}");
    // Bare `test` in a folder with tests: not our self-test.
    let j = judge(&dir, &["test"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("say which program to judge"), "{j}");
    // `--cmd NAME` beside ./NAME: the hint.
    std::fs::write(dir.join("rooms"), "#!/bin/sh\ncat\n").unwrap();
    let j = judge(&dir, &["test", "--cmd", "rooms"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("write `./rooms`"), "{j}");
}

#[test]
fn a_file_io_problem_reads_and_writes_its_files_in_a_private_folder() {
    let dir = folder("files");
    // USACO's way: info.toml names the files.
    std::fs::write(
        dir.join("info.toml"),
        "input_file = \"sum.in\"\noutput_file = \"sum.out\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("files.sh"),
        "read a b < sum.in; echo $((a + b)) > sum.out\n",
    )
    .unwrap();
    std::fs::write(dir.join("stdin.sh"), "read a b; echo $((a + b))\n").unwrap();
    let j = judge(&dir, &["test", "--cmd", "sh files.sh"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(j.stdout.contains("file I/O: sum.in -> sum.out"), "{j}");
    assert!(
        !dir.join("sum.out").exists(),
        "the run's files stay in its own folder"
    );
    // Reading stdin finds nothing there; the output file is what is judged.
    let j = judge(&dir, &["test", "--cmd", "sh stdin.sh"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("no sum.out written"), "{j}");
    std::fs::write(dir.join("info.toml"), "input_file = \"../sum.in\"\n").unwrap();
    let j = judge(&dir, &["test", "--cmd", "sh files.sh"]);
    assert_eq!(j.code, Some(2), "a path is not a file name: {j}");
}

#[test]
fn watch_judges_again_when_the_source_is_rewritten() {
    if !have("python3") {
        return;
    }
    let dir = folder("watch");
    std::fs::write(
        dir.join("a.py"),
        "a, b = map(int, input().split())\nprint(a - b)\n",
    )
    .unwrap();
    let mut watch = contestant(&dir, &["test", "a.py", "--watch"]).command();
    // Ctrl-C as a terminal sends it, to a judge that does not ignore it: a test run started
    // as a background job (`cmd &` in a script) hands SIGINT down ignored, and the watcher
    // would never end.
    // SAFETY: signal() is async-signal-safe; the closure runs in the child before exec.
    unsafe {
        use std::os::unix::process::CommandExt;
        watch.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = watch
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    // Generous bounds: the machine may be loaded; no timing is asserted.
    let until = |what: &str, seen: &mut Vec<String>| {
        while let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) {
            seen.push(line.clone());
            if line.contains(what) {
                return true;
            }
        }
        false
    };
    let mut seen = Vec::new();
    let first = until("0 passed, 2 failed", &mut seen);
    if first {
        std::fs::write(
            dir.join("a.py"),
            "a, b = map(int, input().split())\nprint(a + b)\n",
        )
        .unwrap();
    }
    let second = first && until("2 passed, 0 failed", &mut seen);
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    let seen = seen.join("\n");
    assert!(first && second, "{seen}");
    assert!(seen.contains("== round 1 (start)"), "{seen}");
    // Each round's header is one line of a wide terminal (issue 42; -v says the rest).
    assert!(
        seen.lines()
            .filter(|l| l.starts_with("# "))
            .all(|l| l.chars().count() <= 160 && l.contains("| isolation: ")),
        "{seen}"
    );
    assert!(seen.contains("== round 2 (a.py changed)"), "{seen}");
    assert!(!status.success(), "Ctrl-C ends it");
}

/// A compiler of the folder's config, `sh cc.sh`: it counts its calls in `calls` and
/// rejects every source. Its count is a file of the user's folder, which an isolated build
/// cannot write (see `judge.rs`' builds probes): the tests that count judge with
/// `--isolation none`, under which a build runs as the user.
fn counting_compiler(dir: &Path) -> PathBuf {
    let calls = dir.join("calls");
    std::fs::write(
        dir.join("cc.sh"),
        format!(
            "echo called >> '{}'\necho \"$1:1:1: error: nothing compiles here\" >&2\nexit 1\n",
            calls.display()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join(".bfs-judge.toml"),
        format!(
            "[lang.toy]\nextensions = [\"toy\"]\nbuild = [\"sh\", \"{}\", \"{{src}}\"]\nrun = \"{{exe}}\"\n",
            dir.join("cc.sh").display()
        ),
    )
    .unwrap();
    calls
}

#[test]
fn a_source_that_failed_to_compile_is_not_compiled_again() {
    let dir = folder("ce-cached");
    let calls = counting_compiler(&dir);
    let count = || {
        std::fs::read_to_string(&calls)
            .unwrap_or_default()
            .lines()
            .count()
    };
    std::fs::write(dir.join("main.toy"), "broken\n").unwrap();
    for round in 1..=2 {
        let j = judge(&dir, &["test", "main.toy", "--isolation", "none"]);
        assert_eq!(j.code, Some(1), "round {round}: {j}");
        assert!(
            j.stdout.starts_with("CE main.toy: compile error (sh ")
                && j.stdout
                    .contains("main.toy:1:1: error: nothing compiles here"),
            "round {round}: the same CE: {j}"
        );
    }
    assert_eq!(
        count(),
        1,
        "the second judging reused the first's compile error"
    );
    std::fs::write(dir.join("main.toy"), "broken again\n").unwrap();
    let j = judge(&dir, &["test", "main.toy", "--isolation", "none"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert_eq!(count(), 2, "a changed source is compiled anew");
    // A compiler that could not open a file (a link the isolation did not show, issue 44)
    // says nothing of the source: its CE is not kept, and the next judging compiles again.
    let cc = std::fs::read_to_string(dir.join("cc.sh")).unwrap();
    let unopened = cc.replace("error: nothing compiles here", "No such file or directory");
    std::fs::write(dir.join("cc.sh"), unopened).unwrap();
    std::fs::write(dir.join("main.toy"), "unopened\n").unwrap();
    for round in 1..=2 {
        let j = judge(&dir, &["test", "main.toy", "--isolation", "none"]);
        assert!(j.stdout.contains("No such file or directory"), "{j}");
        assert_eq!(count(), 2 + round, "round {round}: compiled again\n{j}");
    }
}

#[test]
fn a_compiler_that_runs_too_long_is_stopped_and_is_ce() {
    let dir = folder("ce-slow");
    // The compiler's own child sleeps, past the judge's backstop: the whole process group
    // must go.
    std::fs::write(
        dir.join(".bfs-judge.toml"),
        "compile_time_limit = 1\n[lang.slow]\nextensions = [\"slow\"]\n\
         build = [\"sh\", \"-c\", \"sleep 300; : {src}\"]\nrun = \"{exe}\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("main.slow"), "anything\n").unwrap();
    let j = judge(&dir, &["test", "main.slow"]);
    let took = j.took;
    assert_eq!(j.code, Some(1), "{j}");
    assert!(
        j.stdout.starts_with("CE main.slow: compile error")
            && j.stdout.contains("compilation took longer than 1 s"),
        "{j}"
    );
    assert!(!j.stdout.contains(" ms wall "), "nothing is judged: {j}");
    // About a second alone; the backstop (a minute) is far below the sleep's five.
    assert!(
        took < backstop(Duration::from_secs(2)),
        "stopped at the limit, not after the sleep: {took:?}"
    );
    std::fs::write(dir.join(".bfs-judge.toml"), "compile_time_limit = 0\n").unwrap();
    let j = judge(&dir, &["test", "main.slow"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("compile_time_limit = 0"), "{j}");
}

#[test]
fn stress_reproduces_a_source_by_the_name_it_was_given() {
    if !have("g++") || !have("python3") {
        return;
    }
    let dir = folder("stress-source");
    std::fs::write(dir.join("main.cpp"), WRONG_CPP).unwrap();
    std::fs::write(
        dir.join("gen.py"),
        "import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(random.randint(0, 99), random.randint(0, 9))\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("brute.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    let args = [
        "stress", "--gen", "gen.py", "--brute", "brute.py", "--cmd", "main.cpp", "--count", "200",
    ];
    let j = judge(&dir, &args);
    assert_eq!(j.code, Some(1), "{j}");
    let line = j
        .stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce:"))
        .unwrap_or_else(|| panic!("a reproduce line: {j}"))
        .trim()
        .to_string();
    assert!(
        line.contains(" --gen gen.py --brute brute.py ") && line.contains(" --cmd main.cpp "),
        "the sources as given, not their builds: {line}"
    );
    assert!(!line.contains("bfs-judge/build"), "{line}");
    // It runs as printed from another folder: it starts in this one.
    assert!(line.starts_with("cd "), "{line}");
    let (code, said) = pasted(&line, dir.parent().unwrap());
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("1 failed"), "{said}");
}

#[test]
fn languages_lists_the_table_with_the_users_commands_and_what_is_installed() {
    let dir = folder("languages");
    std::fs::write(
        dir.join(".bfs-judge.toml"),
        "[lang.zig]\nextensions = [\"zig\"]\nbuild = \"no-such-zig build-exe {src}\"\nrun = \"{exe}\"\n",
    )
    .unwrap();
    let j = judge(&dir, &["languages"]);
    assert_eq!(j.code, Some(0), "{j}");
    let zig = j
        .stdout
        .lines()
        .find(|l| l.contains(".zig"))
        .unwrap_or_default();
    assert!(
        zig.contains("missing no-such-zig") && zig.contains("build: no-such-zig build-exe {src}"),
        "{j}"
    );
    let cpp = j
        .stdout
        .lines()
        .any(|l| l.contains("C++") && l.contains(".cpp"));
    assert!(cpp, "{j}");
    // `verify --help` shows ours, with what is installed, and the Kattis Python rule.
    let j = judge(&dir, &["verify", "--help"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(
        j.stdout.contains("Python 3") && j.stdout.contains("pypy3"),
        "{j}"
    );
    assert!(
        j.stdout.contains("found") || j.stdout.contains("missing"),
        "{j}"
    );
    assert!(!j.stdout.contains(".zig"), "{j}");
}
