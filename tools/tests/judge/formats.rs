//! Problems in other people's formats (issue 19), each a small package of our own written
//! from the format's specification and kept as a folder of files in `tests/packages/`, with
//! what each run must get in its `expect.toml`: a Library Checker folder (in/, out/,
//! info.toml, a testlib checker built from source against a testlib.h found in the tree,
//! [[solutions]]), Kattis packages (groups, scoring, a custom output validator with build/run
//! scripts, the default validator's flags, submissions to verify, an interactive one), a
//! testlib interactor, float tolerance, natural order and unpaired files on a flat folder, and
//! shrinking that keeps to a validator. Packages that probe one rule of the reader (a YAML
//! bomb, links that loop) are made here, in a few lines each.
//!
//! Programs are shell and awk where the judge only runs them; `--verify` builds its
//! submissions, and those are Rust (rustc is on every machine that builds this).

use std::fs;
use std::path::{Path, PathBuf};

use super::hostile::UNHURRIED;
use crate::support::judge::single_verdict;
use crate::support::{have, judge, path_without, scratch, write_files, Judge, Judged, Package};

fn verdict_of(j: &Judged, case: &str) -> String {
    let v = j.verdicts();
    match v.iter().find(|(_, n)| n.ends_with(case)) {
        Some((verdict, _)) => verdict.clone(),
        None => panic!("no case {case}:\n{j}"),
    }
}

/// The knight problem's answer, as a Library Checker folder (`graph/knight_sum`): `in/`,
/// `out/`, `info.toml` with `timelimit` and `[[solutions]]`, `checker.cpp` with our own small
/// `testlib.h` in `common/` two levels up (as Library Checker keeps it), `sol/`.
#[test]
fn a_library_checker_folder_is_judged_as_it_is() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("library-checker");
    // Its checker is built from checker.cpp with the tree's testlib.h; its time limit read;
    // cases in natural order (random_2 before random_10); `--tests DIR/in` is the folder too.
    for run in ["judged", "judged-by-its-in-folder"] {
        let j = p.expect(run);
        assert_eq!(verdict_of(&j, "random_10"), "WA", "{j}");
    }
    // --verify: sol/correct.cpp must be AC, sol/wrong.sh is not a language we build: skipped.
    p.expect("verified");
}

#[test]
fn a_library_checker_folder_gives_a_deep_recursion_the_stack_it_has_on_the_site() {
    if !have("gcc") {
        return;
    }
    // About 100 MiB of stack at depth 10^6: far past the usual 8 MiB, well within 1 GiB.
    let p = Package::copy("library-checker-stack");
    let built = std::process::Command::new("gcc")
        // -O0: an optimiser would make the recursion a loop.
        .args(["-O0", "-o"])
        .arg(p.path("deep"))
        .arg(p.path("tree/depth/deep.c"))
        .status()
        .unwrap();
    assert!(built.success());
    p.expect("the-sites-stack");
    // The recursion really is deep: under the usual 8 MiB stack it overflows.
    p.expect("the-usual-stack");
}

/// The `checker N ms` figure of the case line that ends with `case`.
fn checker_ms(j: &Judged, case: &str) -> Option<u64> {
    let line = j.stdout.lines().find(|l| l.ends_with(case))?;
    let after = line.split("checker").nth(1)?;
    after.split_whitespace().next()?.parse().ok()
}

#[test]
fn every_kind_of_checker_shows_its_time_on_the_case_line() {
    let p = Package::copy("checker-time");
    // A testlib-style checker that sleeps 100 ms: its wall time, not 0.
    let j = p.expect("a-checker-command");
    let ms = checker_ms(&j, "t/1").unwrap_or_else(|| panic!("no checker time: {j}"));
    assert!(ms >= 100, "checker {ms} ms: {j}");
    // A DMOJ named checker runs inside the judge: it has a time too.
    let j = p.expect("a-dmoj-named-checker");
    assert!(checker_ms(&j, "named/1").is_some(), "no checker time: {j}");
}

#[test]
fn a_flat_folder_sorts_naturally_warns_about_strays_and_compares_floats() {
    let p = Package::copy("flat");
    // A program that prints a close value in another format.
    p.expect("within-the-tolerance");
    // Without the tolerance the same outputs are wrong; tokens alone do not forgive numbers.
    p.expect("tokens-alone");
    // Twice --tests: both folders, each under its own name.
    p.expect("two-folders");
}

/// A Kattis package in the 2023-07-draft form problemtools' examples use: scoring, two
/// subtasks graded by `min` with 50 points each, the sample ignored, secret accepted when any
/// subtask is; the default validator (tokens, case-insensitive); Rust submissions.
#[test]
fn a_kattis_scoring_package_is_judged_and_verified_with_its_groups() {
    let p = Package::copy("kattis-scoring");
    p.expect("judged");
    p.expect("verified");
    // A submission in the wrong place is a failure that says why.
    p.write(
        "echo/submissions/wrong_answer/right.rs",
        &p.read("echo/submissions/accepted/echo.rs"),
    );
    p.expect("a-submission-in-the-wrong-place");
    // Wrong on the ignored sample only: the full score, the sample not named beside it.
    fs::remove_file(p.path("echo/submissions/wrong_answer/right.rs")).unwrap();
    if have("python3") {
        p.write(
            "echo/submissions/accepted/sample-only.py",
            &p.read("sample-only.py"),
        );
        p.expect("wrong-on-the-ignored-sample");
    }
}

#[test]
fn a_kattis_output_validator_speaks_42_and_43_with_its_feedback() {
    // Legacy: validation custom, the validator a folder with build and run scripts.
    let p = Package::copy("kattis-validator");
    let j = p.expect("accepted");
    // The validator's time is its own (it sleeps 200 ms), not 0.
    let checker_ms: u64 = j
        .stdout
        .lines()
        .find_map(|l| {
            l.split("checker")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or(0);
    assert!(checker_ms >= 150, "checker {checker_ms} ms\n{j}");
    p.expect("rejected-with-feedback");
    // Exit 0 is not an answer in this protocol: a setup error that says so.
    p.write(
        "parity/output_validators/parity/check.sh",
        "#!/bin/sh\nexit 0\n",
    );
    let _ = fs::remove_dir_all(p.path("out/.build"));
    p.expect("exit-0");
}

/// Guess a number in 1..=N: the program asks `? X`, the interactor answers `<`, `>` or `=`.
/// (`interactive/expect.toml` judges the same program.)
#[test]
fn interactive_problems_run_with_both_conventions() {
    let p = Package::copy("interactive");
    // testlib: `interactor INPUT OUTPUT ANSWER`, stdin the program's stdout; it writes OUTPUT.
    p.expect("testlib");
    // A program that always guesses 1: rejected, with the exchange kept.
    p.expect("testlib-always-1");
    // Kept under the problem's folder (its name and a hash of its path).
    let out = p.path("out");
    let kept = fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("1.interaction"))
        .find(|p| p.is_file())
        .map(|p| fs::read_to_string(p).unwrap())
        .unwrap_or_else(|| panic!("no 1.interaction under {}", out.display()));
    assert!(kept.starts_with("< 100\n> ? 1\n< >\n"), "{kept}");
    // A program that never flushes (it waits, asks nothing): TLE by the wall backstop.
    let j = p.expect("testlib-never-flushes");
    assert_eq!(single_verdict(&j), "TLE", "{j}");

    // Kattis: an interactive package, its validator `run` reading INPUT ANSWER FEEDBACK_DIR.
    p.expect("kattis");
    // The program ended first, badly: its own verdict, not the validator's.
    let j = p.expect("kattis-the-program-ends-first");
    assert_eq!(single_verdict(&j), "RE", "{j}");
}

/// Every case's verdict, which must all be `want`.
fn all_verdicts_are(j: &Judged, want: &str, cases: usize) {
    let v = j.verdicts();
    assert_eq!(v.len(), cases, "{j}");
    assert!(v.iter().all(|(got, _)| got == want), "not all {want}:\n{j}");
}

/// The order in which the two sides end, and `SIGPIPE` on either side, never change the
/// verdict (issue 29): each exchange judged 20 times, every verdict the same. The packages
/// (`reject`, `chatty`, `accept`) hold one case, copied here to 20; the verdicts are WA, RE
/// and AC, never TLE, so the time limit is far above their need (issue 42: a busy machine
/// once kept a supervisor past its backstop).
#[test]
fn interactive_verdicts_never_depend_on_which_side_ends_first() {
    const N: usize = 20;
    let p = Package::copy("interactive-races");
    for race in ["reject", "chatty", "accept"] {
        let secret = p.path(race).join("data/secret");
        for i in 2..=N {
            for ext in ["in", "ans"] {
                fs::copy(
                    secret.join(format!("01.{ext}")),
                    secret.join(format!("{i:02}.{ext}")),
                )
                .unwrap();
            }
        }
    }
    let judge = |race: &str, cmd: &str| {
        let tests = p.arg(race);
        p.judge(&[&["--tests", &tests, "--cmd", cmd][..], &UNHURRIED].concat())
    };
    // The validator rejects the first line and exits while the program keeps writing: the
    // program dies of SIGPIPE (or reads EOF), always after the rejection: WA.
    let j = judge("reject", "while :; do echo '? 1'; done");
    all_verdicts_are(&j, "WA", N);
    assert!(
        j.stdout.contains("interactor: rejected at once: ? 1"),
        "{j}"
    );
    assert!(!j.stdout.contains("SIGPIPE"), "{j}");

    // The validator writes 120 KB (more than any pipe holds) before it reads; the program reads
    // one line and leaves. The validator is never cut off (no SIGPIPE, no judge error): it
    // reads EOF and rejects. The program ended first: exit 0 is WA, exit 3 its own RE.
    let j = judge("chatty", "read n; exit 0");
    assert_eq!(j.code, Some(1), "{j}");
    all_verdicts_are(&j, "WA", N);
    assert!(j.stdout.contains("interactor: no guess"), "{j}");
    let j = judge("chatty", "read n; exit 3");
    all_verdicts_are(&j, "RE", N);

    // The validator accepts the first line and exits while the program still has lines to
    // write: they are read and dropped, the program is not killed by SIGPIPE: AC.
    let j = judge(
        "accept",
        "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done",
    );
    assert_eq!(j.code, Some(0), "{j}");
    all_verdicts_are(&j, "AC", N);
}

/// YAML whose aliases nest `levels` deep, each level a list of ten of the one below: a few
/// hundred bytes that stand for 10^levels nodes.
fn yaml_bomb(levels: usize) -> String {
    let mut y = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n".to_string();
    for i in 1..=levels {
        let p = format!("*a{}", i - 1);
        y.push_str(&format!("a{i}: &a{i} [{}]\n", vec![p; 10].join(", ")));
    }
    y
}

/// Hostile packages (issue 26, item 6): a YAML bomb, an oversized or non-regular
/// configuration file and too deep a nesting are refused with the file and the rule, in
/// bounded memory; symbolic link loops in `data/` are named and each case judged once.
/// Each package probes one rule, so each is made here from its one `problem.yaml`.
#[test]
fn hostile_package_files_are_refused_in_bounded_memory() {
    let dir = scratch("hostile-packages");
    let out = dir.join("out");
    let package = |name: &str, yaml: &str| {
        let p = dir.join(name);
        write_files(
            &p,
            &[
                ("problem.yaml", yaml),
                ("data/secret/1.in", "1\n"),
                ("data/secret/1.ans", "1\n"),
            ],
        );
        p.display().to_string()
    };
    // A million nodes once expanded (the judge would build them all): refused at the cap.
    let bomb = yaml_bomb(5);
    assert!(bomb.len() < 400, "{}", bomb.len());
    let p = package("bomb", &format!("name: Bomb\n{bomb}"));
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("problem.yaml: line ")
            && j.stderr
                .contains("more than 100000 nodes once its aliases are expanded"),
        "{j}"
    );
    assert!(j.peak_kib < 64 * 1024, "{} KiB\n{j}", j.peak_kib);
    // The same in a group's test_group.yaml.
    let p = package("group-bomb", "name: Group bomb\n");
    write_files(Path::new(&p), &[("data/secret/test_group.yaml", &bomb)]);
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("test_group.yaml: line "), "{j}");
    // 150 lists in lists: refused by the depth cap; ten thousand: by the parser's own.
    let p = package(
        "deep",
        &format!("name: {}{}\n", "[".repeat(150), "]".repeat(150)),
    );
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("nested more than 100 deep"), "{j}");
    let p = package("deeper", &format!("name: {}\n", "[".repeat(10_000)));
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("problem.yaml: line 1"), "{j}");
    // 2 MiB of problem.yaml: refused by its size, unread.
    let p = package("huge", &format!("name: Huge\n#{}\n", "x".repeat(2 << 20)));
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("more than a configuration file may hold (1048576 bytes)"),
        "{j}"
    );

    // Two links back to their own folder: the walk ends, the one case is judged once, and
    // both links are named. A link that loops on itself is named too.
    let p = package("loops", "name: Loops\nlimits:\n  time_limit: 2\n");
    for (link, to) in [("a", "."), ("b", "."), ("c", "../secret"), ("self", "self")] {
        std::os::unix::fs::symlink(to, Path::new(&p).join("data/secret").join(link)).unwrap();
    }
    let j = judge(
        &out,
        &[&["--tests", &p, "--cmd", "cat"][..], &UNHURRIED].concat(),
    );
    assert_eq!(j.code, Some(0), "{j}");
    assert_eq!(j.verdicts().len(), 1, "{j}");
    for w in [
        "secret/a: a link to a folder already read (.): skipped",
        "secret/b: a link to a folder already read (.): skipped",
        "secret/c: a link to a folder already read (../secret): skipped",
        "secret/self: a symbolic link loop",
    ] {
        assert!(j.stderr.contains(w), "missing `{w}`:\n{j}");
    }
    // A flat folder (oj's test/) whose case is a link to itself: named, not followed.
    let flat = dir.join("flat");
    write_files(&flat, &[("1.in", "1\n"), ("1.out", "1\n")]);
    std::os::unix::fs::symlink("2.in", flat.join("2.in")).unwrap();
    let j = judge(
        &out,
        &["--tests", &flat.display().to_string(), "--cmd", "cat"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("2.in: a symbolic link loop"), "{j}");
}

/// DOMjudge-style packages (issue 29): `output_validators/` holding a checker's source beside
/// the header it includes (one program, built with the header, as problemtools does), the
/// same for an interactor, and `domjudge-problem.ini`'s `timelimit` where problem.yaml has none.
/// The header is our own stand-in for the one such packages ship (testlib.h or their own).
#[test]
fn domjudge_validator_folders_build_with_their_headers() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("domjudge");
    p.expect("double");
    let j = p.expect("double-wrong");
    assert_eq!(single_verdict(&j), "WA", "{j}");
    // An interactor: `interactor.cpp` with the header, in a legacy interactive package.
    p.expect("echo-back");
    let j = p.expect("echo-back-wrong");
    assert_eq!(single_verdict(&j), "WA", "{j}");
}

/// Kattis' choice of interpreter for Python: PyPy where it is installed, else CPython, and
/// the header says which.
#[test]
fn a_kattis_package_runs_python_with_pypy_where_it_is_installed() {
    if !have("python3") {
        return;
    }
    let p = Package::copy("kattis-pypy");
    // A stand-in PyPy: it records each call, then is CPython. Its record is a file of the
    // test's, which no isolated build or run may write: the package is judged with
    // `--isolation none`, which changes nothing of the choice of interpreter.
    let calls = p.path("pypy-calls");
    let bin = p.path("bin");
    write_files(
        &bin,
        &[(
            "pypy3*",
            &format!(
                "#!/bin/sh\necho \"$@\" >> '{}'\nexec python3 \"$@\"\n",
                calls.display()
            ),
        )],
    );
    let path = std::env::var("PATH").unwrap_or_default();
    let verify = |path: &str| {
        Judge::new(["verify"])
            .arg(p.path("echo"))
            .args(["--out-dir", &p.arg("out"), "--isolation", "none", "-v"])
            .env("PATH", path)
            .run()
            .stdout
    };
    let said = verify(&format!("{}:{path}", bin.display()));
    assert!(said.contains("| Python 3 by pypy3 (as Kattis)"), "{said}");
    assert!(said.contains("OK    accepted/echo.py"), "{said}");
    let called = fs::read_to_string(&calls).unwrap_or_default();
    assert!(
        called.contains("echo.py"),
        "pypy3 built it: {called:?}\n{said}"
    );
    // Without it, CPython, and the header says so (why, with -v).
    let said = verify(&path_without("pypy3", &p.path("paths")));
    assert!(
        said.contains("| Python 3 by python3 (pypy3, Kattis' choice, is not installed)"),
        "{said}"
    );
    assert!(said.contains("OK    accepted/echo.py"), "{said}");
}

/// submissions.yaml as BAPCtools reads it (issue 29): brace alternatives with spaces, a place
/// named only for `use_for_time_limit` still run, a replaced promise named as coming from
/// submissions.yaml, and `.gitkeep` or a header never listed as a submission.
#[test]
fn submissions_yaml_reads_as_bapctools_reads_it() {
    Package::copy("kattis-submissions-bapc").expect("verified");
}

/// 2025-09's `include/` and `constants` (issue 29): a Python submission imports a module from
/// `include/python3/`, a C++ submission is linked with the grader in `include/cpp/`, and
/// `{{factor}}` is the constant's value in the output validator and the submissions.
#[test]
fn included_files_and_constants_reach_submissions_and_validators() {
    if !have("g++") {
        return;
    }
    Package::copy("kattis-include").expect("verified");
}

/// A key that testdata.yaml gives twice keeps its last value, as PyYAML (problemtools)
/// keeps it, with a warning naming the key and both lines; the package is read (issue 44).
#[test]
fn a_repeated_yaml_key_keeps_its_last_value() {
    let p = Package::copy("kattis-repeated-key");
    p.expect("last-value-kept");
    p.expect("right");
}

/// A 2025-09 scoring package whose group uses the legacy grader's keys is invalid, named as
/// such with the file and the key, not scored by a mix of both versions' rules (issue 29).
#[test]
fn legacy_keys_in_a_2025_09_package_are_named_invalid() {
    Package::copy("kattis-invalid").expect("judged");
}

#[test]
fn shrinking_keeps_to_the_validator() {
    // One number; the "right" answer is the number, the wrong program adds one past 50; only
    // even numbers are valid inputs (testlib's convention: exit 0 accepts).
    let p = Package::copy("stress-validator");
    let j = p.expect("shrunk");
    let shrunk_line = j
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("shrunk:"))
        .expect("a shrunk case");
    let path = shrunk_line.split_whitespace().last().unwrap();
    let path = if Path::new(path).is_absolute() {
        PathBuf::from(path)
    } else {
        std::env::current_dir().unwrap().join(path)
    };
    let x: i64 = fs::read_to_string(&path).unwrap().trim().parse().unwrap();
    // Halving stops at the smallest even number above 50 the halving reaches, never at an
    // odd one (without the validator it would end on an odd number such as 51 or 63).
    assert!(x % 2 == 0 && x > 50, "{x}\n{j}");
}

/// `verify` judges every submission even when the package fails on one (issue 29): the
/// validator crashes on one submission's output; that submission gets an ERROR line naming
/// the case, the others their lines, and the exit code says the package is broken (2).
#[test]
fn verify_never_stops_at_a_submission_the_package_fails_on() {
    Package::copy("kattis-never-aborts").expect("verified");
}

/// `verify --json`, for a CI: every line of stdout is one JSON object, one per submission in
/// the text's order with the text's result and detail, then the summary with the counts and
/// the time limit judged by, then (the package failed on one) the setup error's object.
#[test]
fn verify_json_is_an_object_per_submission_and_a_summary() {
    let p = Package::copy("kattis-never-aborts");
    let j = p.expect("verified-json");
    let objects: Vec<serde_json::Value> = j
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}\n{j}")))
        .collect();
    let submissions: Vec<(&str, &str)> = objects
        .iter()
        .filter(|v| v["mode"] == "verify" && v.get("summary").is_none())
        .map(|v| {
            (
                v["submission"].as_str().unwrap(),
                v["result"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        submissions,
        [
            ("accepted/echo.py", "OK"),
            ("wrong_answer/boom.py", "ERROR"),
            ("wrong_answer/zero.py", "OK"),
            ("run_time_error/raise.py", "OK"),
        ],
        "{j}"
    );
    let boom = objects
        .iter()
        .find(|v| v["submission"] == "wrong_answer/boom.py");
    let detail = boom.unwrap()["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("the package failed on secret/1: "),
        "{j}"
    );
    assert_eq!(boom.unwrap()["expected"], "WA", "{j}");
    let summary = objects
        .iter()
        .find(|v| v["summary"] == true)
        .expect("a summary");
    for (key, n) in [
        ("passed", 3),
        ("failed", 0),
        ("skipped", 0),
        ("not_judged", 1),
    ] {
        assert_eq!(summary[key], n, "{key}: {j}");
    }
    assert!(summary["time_limit_ms"].as_u64().unwrap() > 0, "{j}");
    assert_eq!(objects.last().unwrap()["exit"], 2, "{j}");
}

#[test]
fn verify_applies_submissions_yaml() {
    let p = Package::copy("kattis-submissions-yaml");
    p.expect("verified");
    // A rule the submission breaks: it must be right on the big cases too.
    p.write(
        "sum/submissions/submissions.yaml",
        "wrong_answer/big.rs:\n  secret/big:\n    permitted: [AC]\n",
    );
    // `other/` is no longer named: a warning, not a run.
    p.expect("a-rule-broken");
}

/// A Kattis package without `time_limit`: `test` derives the limit from the accepted
/// submission once, keeps it, and says so on the next run; a change to the accepted
/// submission derives it again.
#[test]
fn a_derived_time_limit_is_kept_until_what_it_depends_on_changes() {
    // Its accepted submission is Python, which sets no limit without Kattis' pypy3.
    if !have("python3") || !have("pypy3") {
        return;
    }
    let p = Package::copy("kattis-derived");
    let header = |j: &Judged| j.stdout.lines().next().unwrap_or("").to_string();
    let first = p.expect("judged");
    assert!(
        header(&first).contains("derived: slowest accepted"),
        "{first}"
    );
    assert!(!header(&first).contains("earlier run"), "{first}");
    let second = p.expect("judged");
    assert!(
        header(&second).contains("derived: slowest accepted")
            && header(&second).contains("on an earlier run"),
        "{second}"
    );
    p.write(
        "double/submissions/accepted/double.py",
        "n = int(input())\nprint(n + n)\n",
    );
    let third = p.expect("judged");
    assert!(!header(&third).contains("earlier run"), "{third}");
}

/// A Kattis package's output limit (problemtools' default 8 MiB) is checked when a run ends,
/// as problemtools checks it: a debug print in an endless loop is the TLE its folder promises
/// (it was stopped at 8 MiB, an OLE counted RTE, before), one that ends in time past the limit
/// an OLE.
#[test]
fn a_kattis_output_flood_cut_short_by_the_time_limit_is_a_tle() {
    if !have("python3") {
        return;
    }
    let p = Package::copy("kattis-output-limit");
    p.expect("verify");
    p.expect("test-flood");
}

/// `verify` stops a group at its first rejection where `on_reject` is `break` (the legacy
/// default), as problemtools does, so a wrong answer followed by an endless loop is the
/// wrong answer its folder promises; `continue` judges the rest. Both at `-j 2`, whose lines
/// come in the submissions' order.
#[test]
fn verify_stops_a_group_at_its_first_rejection_unless_on_reject_continues() {
    if !have("python3") {
        return;
    }
    let p = Package::copy("kattis-on-reject");
    let broke = p.expect("break");
    let lines: Vec<&str> = broke.stdout.lines().collect();
    let at = |s: &str| lines.iter().position(|l| l.starts_with(s));
    assert!(at("OK    accepted/") < at("OK    wrong_answer/"), "{broke}");
    p.write("steps/data/secret/testdata.yaml", "on_reject: continue\n");
    p.expect("continue");
    fs::remove_file(p.path("steps/data/secret/testdata.yaml")).unwrap();
    p.write(
        "steps/problem.yaml",
        "name: Steps\ngrading:\n  on_reject: grade\n",
    );
    p.expect("grade");
}

/// A derived time limit is set by accepted submissions run as Kattis runs them: without
/// pypy3, CPython stands in for the Python ones, whose times then do not count (the others'
/// do; none left is a refusal naming the install command), and each case's time is the
/// least of a few runs where more runs could lower the limit, else fewer (the stand-in
/// PyPy counts its calls).
#[test]
fn a_derived_time_limit_is_not_set_by_a_stand_in_interpreter() {
    if !have("python3") || !have("cc") {
        return;
    }
    let p = Package::copy("kattis-stand-in");
    let without = path_without("pypy3", &p.path("paths"));
    p.expect_with_path("verify-without-pypy", Some(&without));
    // A stand-in PyPy that records each call, then is CPython.
    let calls = p.path("pypy-calls");
    write_files(
        &p.path("bin"),
        &[(
            "pypy3*",
            &format!(
                "#!/bin/sh\necho \"$@\" >> '{}'\nexec python3 \"$@\"\n",
                calls.display()
            ),
        )],
    );
    let with = format!("{}:{without}", p.path("bin").display());
    p.expect_with_path("verify-with-pypy", Some(&with));
    let runs = fs::read_to_string(&calls).unwrap_or_default();
    let runs = runs
        .lines()
        .filter(|l| l.ends_with("echo.py") && !l.starts_with("-c "))
        .count();
    // Two cases, then the slowest (and any within half of it) twice more for its least time.
    assert!(runs >= 4, "pypy3 ran echo.py {runs} times");
    // With only the fast case left, no run could set more than the least limit: one run.
    fs::remove_file(p.path("echo/data/secret/2.in")).unwrap();
    fs::remove_file(p.path("echo/data/secret/2.ans")).unwrap();
    fs::remove_file(&calls).unwrap();
    p.expect_with_path("verify-with-pypy-fast", Some(&with));
    let runs = fs::read_to_string(&calls).unwrap_or_default();
    let runs = runs
        .lines()
        .filter(|l| l.ends_with("echo.py") && !l.starts_with("-c "))
        .count();
    assert_eq!(runs, 1, "pypy3 ran echo.py {runs} times on one fast case");
    fs::remove_file(p.path("echo/submissions/accepted/echo.c")).unwrap();
    p.expect_with_path("verify-only-python-without-pypy", Some(&without));
    p.expect_with_path("test-only-python-without-pypy", Some(&without));
}

/// A folder submission starts from the entrypoint submissions.yaml names (2025-09), not from
/// its first file.
#[test]
fn a_folder_submission_starts_from_its_entrypoint() {
    if !have("python3") {
        return;
    }
    // The first file by name is a helper that, run alone, answers wrongly.
    let p = Package::copy("kattis-entrypoint");
    p.expect("without-an-entrypoint");
    p.write(
        "double/submissions/submissions.yaml",
        "accepted/pair:\n  entrypoint: main.py\n",
    );
    p.expect("with-its-entrypoint");
}
