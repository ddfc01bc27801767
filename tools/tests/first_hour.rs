//! A contestant's first hour (issue 42): every cargo command we show or run is locked to
//! Cargo.lock; a script that builds says so, with cargo's progress, rather than sit silent
//! for minutes; and the header of every mode is one line of a wide terminal, in full with
//! `-v`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{have, judge_at, root, scratch, write_files, Package};

/// The files under `dir` (recursively), sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The cargo commands of `line` (`cargo SUB -...`, a subcommand of `subs` with options) that
/// lack `--locked` before the command's end (a backtick, a quote closing it, or the line's).
fn unlocked<'a>(line: &'a str, subs: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for sub in subs {
        let word = format!("cargo {sub} -");
        for (at, _) in line.match_indices(&word) {
            let rest = &line[at..];
            let command = rest.split(['`', '#']).next().unwrap_or(rest);
            if !command.split_whitespace().any(|w| w == "--locked") {
                out.push(command.trim_end());
            }
        }
    }
    out
}

/// `cargo install` without `--locked` resolves the dependencies anew and builds the newest
/// versions Cargo.toml allows, not Cargo.lock's (issue 42: the README's install once did).
/// So every `cargo install` with options in the README, the docs, the scripts, CI and the
/// tools' own words carries `--locked`; and every cargo command the scripts and CI run
/// (build, run, test, install, clippy) does too, and none builds with `--quiet` (minutes
/// without a word on a first build).
#[test]
fn every_cargo_command_we_show_or_run_is_locked() {
    let root = root();
    let mut shown: Vec<PathBuf> = vec![root.join("README.md")];
    shown.extend(
        files_under(&root.join("docs"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "md")),
    );
    shown.extend(
        files_under(&root.join("tools/src"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "rs")),
    );
    let mut run: Vec<PathBuf> = files_under(&root.join("scripts"));
    run.push(root.join(".ci/run"));
    let mut wrong = Vec::new();
    let mut installs = 0;
    let mut commands = 0;
    let mut check = |file: &Path, subs: &[&str], code: bool| {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if code && line.trim_start().starts_with('#') {
                continue;
            }
            installs += line.matches("cargo install -").count();
            commands += subs
                .iter()
                .map(|s| line.matches(&format!("cargo {s} -")).count())
                .sum::<usize>();
            let at = format!("{}:{}", file.strip_prefix(root).unwrap().display(), n + 1);
            for c in unlocked(line, subs) {
                wrong.push(format!("{at}: `{c}` lacks --locked"));
            }
            if code
                && ["cargo build ", "cargo run ", "cargo install "]
                    .iter()
                    .any(|c| line.contains(c) && line.contains("--quiet"))
            {
                wrong.push(format!("{at}: a build with --quiet: {}", line.trim()));
            }
        }
    };
    for file in &shown {
        check(file, &["install"], false);
    }
    for file in &run {
        check(file, &["build", "run", "test", "install", "clippy"], true);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // README's and the manual's install lines, and scripts/test's install.
    assert!(installs >= 3, "only {installs} `cargo install` lines found");
    assert!(commands >= 8, "only {commands} cargo commands found");
    // The check itself: what it must catch.
    assert_eq!(
        unlocked(
            "cargo install --profile tools --path tools   # offline",
            &["install"]
        ),
        ["cargo install --profile tools --path tools"]
    );
    assert!(unlocked("`cargo install --locked --path tools`", &["install"]).is_empty());
}

/// A tiny crate of its own (no dependencies, its Cargo.lock given), in `dir`.
fn tiny_crate(dir: &Path, main: &str) {
    write_files(
        dir,
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
            ),
            (
                "Cargo.lock",
                "version = 3\n\n[[package]]\nname = \"tiny\"\nversion = \"0.1.0\"\n",
            ),
            ("src/main.rs", main),
        ],
    );
}

/// `cargo_build` of scripts/lib/cargo.sh (what scripts/judge, bench and bundle build with)
/// on `dir`'s crate, as a script calls it: its exit code and what it said on stderr.
fn cargo_build(dir: &Path) -> (Option<i32>, String) {
    let lib = root().join("scripts/lib/cargo.sh");
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "set -euo pipefail; . '{}'; cargo_build scripts/tiny 'the tiny crate' \
             --manifest-path '{}' --target-dir '{}'",
            lib.display(),
            dir.join("Cargo.toml").display(),
            dir.join("target").display()
        ))
        .output()
        .unwrap();
    assert!(out.stdout.is_empty(), "{out:?}");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A script's build is never minutes of silence (issue 42): one that compiles first says
/// what it builds, then shows cargo's own lines; one with nothing to do says nothing (so
/// every later `scripts/judge` prints only the judge's report); a failing build or a
/// Cargo.lock that no longer fits Cargo.toml is cargo's error and its exit status.
#[test]
fn a_script_says_what_it_builds_and_nothing_when_it_is_built() {
    let dir = scratch("tiny-crate");
    tiny_crate(&dir, "fn main() {}\n");
    let (code, said) = cargo_build(&dir);
    assert_eq!(code, Some(0), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert!(
        lines
            .first()
            .is_some_and(|l| l
                .starts_with("scripts/tiny: building the tiny crate (cargo's progress follows")),
        "{said}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.trim_start().starts_with("Compiling tiny v0.1.0")),
        "{said}"
    );
    assert!(
        lines
            .last()
            .is_some_and(|l| l.trim_start().starts_with("Finished")),
        "{said}"
    );

    let (code, said) = cargo_build(&dir);
    assert_eq!((code, said.as_str()), (Some(0), ""), "a built crate");

    std::fs::write(dir.join("src/main.rs"), "fn main() { nonesuch() }\n").unwrap();
    let (code, said) = cargo_build(&dir);
    assert_ne!(code, Some(0), "{said}");
    assert!(said.contains("nonesuch"), "{said}");

    // Cargo.toml's version moved on, Cargo.lock did not: --locked refuses to re-resolve.
    tiny_crate(&dir, "fn main() {}\n");
    let toml = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), toml.replace("0.1.0", "0.2.0")).unwrap();
    let (code, said) = cargo_build(&dir);
    assert_ne!(code, Some(0), "{said}");
    assert!(said.contains("--locked"), "{said}");
}

/// The width the short header fits in: a wide terminal's line.
const COLUMNS: usize = 160;

/// The header of each mode that prints one (test on a folder, on our problem, with no
/// isolation; scale; stress against ours and against a brute force; verify), as a contestant's run shows it: one line of 160 columns
/// (issue 42: the isolation's details made it 330 characters, three lines on every run),
/// naming the limits and the isolation mechanism; with `-v` in full, the details there.
/// (`watch` prints test's header each round: day.rs's watch test checks it there.)
#[test]
fn every_header_is_one_line_and_says_the_rest_with_v() {
    // A contestant's folder, named for its problem as the header names it.
    let dir = scratch("headers").join("knight");
    write_files(
        &dir,
        &[
            ("tests/1.in", "1 2\n"),
            ("tests/1.out", "3\n"),
            ("info.toml", "time_limit_ms = 2000\n"),
            ("sol.sh", "read a b; echo $((a + b))\n"),
            ("gen.sh*", "#!/bin/sh\necho \"$1 $1\"\n"),
        ],
    );
    let mut runs: Vec<(&str, Vec<String>)> = vec![
        (
            "test, a folder",
            vec!["--tests", "tests", "--cmd", "sh sol.sh"],
        ),
        (
            "test, no isolation",
            vec![
                "--tests",
                "tests",
                "--cmd",
                "sh sol.sh",
                "--isolation",
                "none",
            ],
        ),
        (
            "test, our problem",
            vec!["swap-game/hardest", "--cmd", "cat"],
        ),
        ("scale", vec!["scale", "robot-maze", "--cmd", "cat"]),
        (
            "stress, ours",
            vec!["stress", "robot-maze", "--cmd", "cat", "--count", "1"],
        ),
        (
            "stress",
            vec![
                "stress",
                "--gen",
                "./gen.sh",
                "--brute",
                "sh sol.sh",
                "--cmd",
                "sh sol.sh",
                "--count",
                "2",
                "--tests",
                "tests",
            ],
        ),
    ]
    .into_iter()
    .map(|(what, args)| (what, args.into_iter().map(String::from).collect()))
    .collect();
    let package = Package::copy("kattis-derived");
    if have("python3") {
        runs.push(("verify", vec!["verify".into(), package.arg("double")]));
    }
    for (what, args) in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let header = |j: &crate::support::Judged| {
            j.stdout
                .lines()
                .find(|l| l.starts_with("# "))
                .unwrap_or_else(|| panic!("{what}: no header\n{j}"))
                .to_string()
        };
        let j = judge_at(&dir, &args);
        let short = header(&j);
        assert!(
            short.chars().count() <= COLUMNS,
            "{what}: a header of {} characters, over {COLUMNS}:\n{short}",
            short.chars().count()
        );
        let none = args.contains(&"none");
        let isolation = if none {
            "isolation: none (-v says why and what it leaves open)"
        } else {
            "isolation: "
        };
        assert!(
            short.contains(isolation) && !short.contains("accounted from /proc"),
            "{what}: {short}"
        );
        assert!(short.contains(" MiB"), "{what}: the memory limit: {short}");
        let j = judge_at(&dir, &[&args[..], &["-v"]].concat());
        let full = header(&j);
        assert!(full.len() > short.len(), "{what}: -v says no more: {full}");
        // With -v, the mechanism's details: what it enforces, or what it leaves open.
        assert!(
            [
                "isolation: namespaces (",
                "isolation: landlock ABI",
                "not enforced: the program"
            ]
            .iter()
            .any(|d| full.contains(d)),
            "{what}: no details of the isolation: {full}"
        );
        if !what.starts_with("verify") {
            assert!(full.contains("accounted from /proc"), "{what}: {full}");
            assert!(full.contains(" ms wall)"), "{what}: the backstop: {full}");
        }
    }
}

/// When a stage of scripts/test fails, its last line says which, and which stages did not
/// run (a CI log read from its end). The real script and the real cargo, failing at once on
/// an option it does not know (before it builds or locks anything).
#[test]
fn scripts_test_names_the_stage_that_failed_and_those_that_did_not_run() {
    let out = Command::new(root().join("scripts/test"))
        .arg("--no-such-flag")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("scripts/test: FAILED in cargo test (exit 1, at ")
            && last.ends_with(
                "not run: scripts/judge (release binaries); cargo install --locked --offline \
                 --path tools; the bundles; scripts/check-solutions"
            ),
        "{stderr}"
    );
}
