//! A contestant's first hour in a folder of their own (issue 42), as they meet it through the
//! real binary: an input they wrote without an answer runs and shows its output (`RAN`),
//! `--fail-fast`, a checker and a starter template named in `.bfs-judge.toml`, expected and
//! received side by side, and `bfs-judge answer` writing the answers a reference solution
//! gives. The programs are shell scripts (`sh` is everywhere).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::{
    backstop, beside_others, contestant, none_left, processes_with, scratch, write_files, Judged,
};

/// A fresh folder `NAME/sum/` with `tests/1.in` + `tests/1.out` (`1 2` -> `3`) and
/// `tests/2.in` + `tests/2.out` (`40 2` -> `42`), and `sum.sh`, which adds (and prints a
/// hundred lines for an input of one number).
fn folder(name: &str) -> PathBuf {
    let dir = scratch(name).join("sum");
    write_files(
        &dir,
        &[
            ("tests/1.in", "1 2\n"),
            ("tests/1.out", "3\n"),
            ("tests/2.in", "40 2\n"),
            ("tests/2.out", "42\n"),
            (
                "sum.sh",
                "read a b\nif [ -z \"$b\" ]; then seq 1 100; exit 0; fi\n\
                 if [ \"$a\" = crash ]; then exit 3; fi\necho $((a + b))\n",
            ),
        ],
    );
    dir
}

fn judge(cwd: &Path, args: &[&str]) -> Judged {
    // 100 columns: the side-by-side diffs are read at that width.
    contestant(cwd, args).env("COLUMNS", "100").run()
}

#[test]
fn an_input_without_an_answer_runs_and_shows_what_the_program_wrote() {
    let dir = folder("ran");
    write_files(
        &dir,
        &[("tests/mine.in", "5 6\n"), ("tests/long.in", "7\n")],
    );
    let j = judge(&dir, &["test", "--cmd", "sh sum.sh"]);
    assert_eq!(j.code, Some(0), "{j}");
    let verdicts = j.verdicts();
    let of = |case: &str| {
        verdicts
            .iter()
            .find(|(_, n)| n.ends_with(&format!("/{case}")))
            .map(|(v, _)| v.as_str())
    };
    assert_eq!((of("1"), of("2")), (Some("AC"), Some("AC")), "{j}");
    assert_eq!((of("mine"), of("long")), (Some("RAN"), Some("RAN")), "{j}");
    assert!(!j.stderr.contains("no answer"), "{j}");
    // Its output, under it; a long one cut, with where the whole of it is.
    assert!(
        j.stdout.contains("RAN") && j.stdout.contains("    output:\n      11\n"),
        "{j}"
    );
    assert!(
        j.stdout
            .contains("      20\n      ... (the first 20 lines shown; all 292 bytes: "),
        "{j}"
    );
    let cache = dir.parent().unwrap().join("cache/bfs-judge");
    let kept = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("long.got"))
        .find(|p| p.is_file())
        .expect("long.got kept in the cache");
    assert!(j.stdout.contains("long.got)"), "{j}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap().lines().count(), 100);
    assert!(j.stdout.ends_with("\n2 passed, 0 failed\n"), "{j}");
    assert!(
        j.stdout.contains("sum: 2 of 2 AC, 2 ran without an answer"),
        "{j}"
    );

    // The same in JSON: the verdict, the output in the detail, the count in the summary.
    let j = judge(&dir, &["test", "--cmd", "sh sum.sh", "--json", "mine"]);
    assert_eq!(j.code, Some(0), "{j}");
    let lines: Vec<serde_json::Value> = j
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["verdict"], "RAN", "{j}");
    // The detail loses only the indentation all its lines share: the output's own lines
    // stay indented under their heading, as the terminal shows them.
    assert_eq!(lines[0]["detail"], "output:\n  11", "{j}");
    assert_eq!(lines[1]["ran"], 1, "{j}");
    assert_eq!(lines[1]["failed"], 0, "{j}");

    // A crash on it is still the crash it is, and a failure.
    write_files(&dir, &[("tests/mine.in", "crash 1\n")]);
    let j = judge(&dir, &["test", "--cmd", "sh sum.sh", "mine"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert_eq!(j.verdicts()[0].0, "RE", "{j}");
}

/// `--fail-fast` stops at the first failing case in case order, whatever finished first
/// under `-j`: the cases before it shown, none after, and how many were not judged.
#[test]
fn fail_fast_stops_at_the_first_failure_in_case_order_at_any_jobs() {
    let dir = folder("fail-fast");
    // Cases 3 to 6; 4 and 6 expect a wrong answer. Case 1 is slow: under -j 3 the later
    // cases end first, and the first failure in order is still 4.
    for (case, a, b, sum) in [(3, 1, 1, 2), (4, 2, 2, 5), (5, 3, 3, 6), (6, 4, 4, 9)] {
        write_files(
            &dir,
            &[
                (&format!("tests/{case}.in"), &format!("{a} {b}\n")),
                (&format!("tests/{case}.out"), &format!("{sum}\n")),
            ],
        );
    }
    write_files(
        &dir,
        &[(
            "slow.sh",
            "read a b\n[ \"$a\" = 1 ] && sleep 0.3\necho $((a + b))\n",
        )],
    );
    for jobs in ["1", "3"] {
        let j = judge(
            &dir,
            &["test", "--cmd", "sh slow.sh", "--fail-fast", "-j", jobs],
        );
        assert_eq!(j.code, Some(1), "{j}");
        let names: Vec<(String, String)> = j.verdicts();
        let shown: Vec<(&str, &str)> = names
            .iter()
            .map(|(v, n)| (v.as_str(), n.rsplit('/').next().unwrap()))
            .collect();
        assert_eq!(
            shown,
            [("AC", "1"), ("AC", "2"), ("AC", "3"), ("WA", "4")],
            "-j {jobs}: {j}"
        );
        assert!(
            j.stdout
                .ends_with("stopped at the first failure (--fail-fast): 2 cases not judged\n"),
            "{j}"
        );
        assert!(j.stdout.contains("3 passed, 1 failed\n"), "{j}");
    }
    // In JSON, the last object says so.
    let j = judge(
        &dir,
        &["test", "--cmd", "sh slow.sh", "--fail-fast", "--json"],
    );
    let last: serde_json::Value = serde_json::from_str(j.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["not_judged"], 2, "{j}");
    // Without it, every case.
    let j = judge(&dir, &["test", "--cmd", "sh slow.sh", "-j", "3"]);
    assert_eq!(j.verdicts().len(), 6, "{j}");
}

/// A checker named once in `.bfs-judge.toml` (`checker = "./check.sh"`) judges `test`,
/// `test --watch` and `stress` without `--checker-cmd`; a tests folder's own file counts
/// when the tests are named from elsewhere; `--checker-cmd` on the command line wins.
#[test]
fn a_checker_saved_in_the_folders_config_is_used_until_the_command_line_says_otherwise() {
    let dir = folder("saved-checker");
    write_files(
        &dir,
        &[
            // Prints 3.0 where 3 is expected: a numeric checker accepts it.
            ("float.sh", "read a b\necho \"$((a + b)).0\"\n"),
            (
                "check.sh*",
                "#!/bin/sh\n[ \"$(awk '{ print $1 + 0 }' \"$2\")\" = \"$(awk '{ print $1 + 0 }' \"$3\")\" ] \
                 && exit 0\necho 'numbers differ' >&2\nexit 1\n",
            ),
            ("no.sh*", "#!/bin/sh\necho 'never' >&2\nexit 1\n"),
        ],
    );
    let j = judge(&dir, &["test", "--cmd", "sh float.sh"]);
    assert_eq!(j.code, Some(1), "without a checker, 3.0 is not 3: {j}");
    write_files(&dir, &[(".bfs-judge.toml", "checker = \"./check.sh\"\n")]);
    let j = judge(&dir, &["test", "--cmd", "sh float.sh"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(
        j.stdout
            .contains("| checker check.sh (from .bfs-judge.toml) |"),
        "{j}"
    );
    // The command line wins.
    let j = judge(
        &dir,
        &["test", "--cmd", "sh float.sh", "--checker-cmd", "./no.sh"],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("never"), "{j}");
    // stress reads it too: 3.0 against the brute force's 3 is no disagreement.
    write_files(
        &dir,
        &[
            ("gen.sh", "echo \"$1 2\"\n"),
            ("brute.sh", "read a b\necho $((a + b))\n"),
        ],
    );
    let j = judge(
        &dir,
        &[
            "stress",
            "--gen",
            "sh gen.sh",
            "--brute",
            "sh brute.sh",
            "--cmd",
            "sh float.sh",
            "--count",
            "3",
        ],
    );
    assert_eq!(j.code, Some(0), "{j}");
    // From another folder, with --tests: the tests folder's parent's file.
    let elsewhere = dir.parent().unwrap().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let float = dir.join("float.sh").display().to_string();
    let tests = dir.join("tests").display().to_string();
    let j = judge(
        &elsewhere,
        &["test", "--cmd", &format!("sh {float}"), "--tests", &tests],
    );
    assert_eq!(j.code, Some(0), "{j}");
}

/// `bfs-judge answer` writes the answers a trusted reference gives to the inputs a
/// contestant wrote (as `oj generate-output`), never over an answer unless `--overwrite`,
/// and writes nothing for an input the reference fails on.
#[test]
fn answer_writes_the_missing_answers_from_a_reference_and_refuses_a_failing_one() {
    let dir = folder("answer");
    write_files(
        &dir,
        &[
            ("tests/big.in", "1000 2000\n"),
            ("tests/neg.in", "-5 3\n"),
            // A wrong answer of the user's: left alone unless asked.
            ("tests/2.out", "41\n"),
        ],
    );
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/big.out")).unwrap(),
        "3000\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/neg.out")).unwrap(),
        "-2\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/2.out")).unwrap(),
        "41\n"
    );
    assert!(j.stdout.contains("wrote tests/big.out (5 bytes"), "{j}");
    assert!(j.stdout.ends_with("2 answers written\n"), "{j}");
    // Nothing left to answer; then the wrong one again, by name.
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh"]);
    assert!(
        j.stdout
            .contains("no input to answer (4 already answered; --overwrite"),
        "{j}"
    );
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh", "--overwrite", "2"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/2.out")).unwrap(),
        "42\n"
    );
    assert!(j.stdout.contains("rewrote tests/2.out"), "{j}");
    let j = judge(&dir, &["test", "--cmd", "sh sum.sh"]);
    assert_eq!((j.code, j.verdicts().len()), (Some(0), 4), "{j}");

    // A reference that fails on an input answers none of it, and says which.
    write_files(
        &dir,
        &[("tests/bad.in", "crash 1\n"), ("tests/ok.in", "1 1\n")],
    );
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("RE  bad: no answer written"), "{j}");
    assert!(
        j.stdout
            .contains("stopped: the reference failed on tests/bad.in; 0 of 2 inputs answered"),
        "{j}"
    );
    assert!(!dir.join("tests/bad.out").exists() && !dir.join("tests/ok.out").exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.join("tests"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // In JSON: an object for the input, and the summary.
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh", "--json", "bad"]);
    let lines: Vec<serde_json::Value> = j
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{j}");
    assert_eq!(
        (
            &lines[0]["case"],
            &lines[0]["verdict"],
            &lines[0]["written"]
        ),
        (&"bad".into(), &"RE".into(), &false.into()),
        "{j}"
    );
    assert_eq!(lines[1]["failed"], 1, "{j}");
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh", "--json", "ok"]);
    let last: serde_json::Value = serde_json::from_str(j.stdout.lines().last().unwrap()).unwrap();
    assert_eq!((j.code, &last["written"]), (Some(0), &1.into()), "{j}");
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/ok.out")).unwrap(),
        "2\n"
    );
    // A name that matches no input is a typo, said with a suggestion.
    let j = judge(&dir, &["answer", "--cmd", "sh sum.sh", "bg"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("no input of sum matches bg: did you mean `big`?"),
        "{j}"
    );
    // Without a reference: a setup error that says how to name one.
    let j = judge(&dir, &["answer"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("say which reference solution answers"),
        "{j}"
    );
}

/// A judge killed outright (SIGKILL) while its reference runs leaves its hidden temporary
/// answer (`.NAME.out.answering-PID`, made before the reference runs); the next `answer` in
/// that folder removes it and answers as usual, and leaves a live judge's (here, one named by
/// this test's own PID). Every wait is for an event (the file there and the reference
/// running, the reference gone), with a backstop.
#[test]
fn answer_after_a_judge_killed_mid_answer_leaves_nothing() {
    let dir = folder("answer-killed");
    // The reference: on `wait`, sleeps (its command line the marker it is found by).
    write_files(
        &dir,
        &[
            ("tests/3.in", "wait\n"),
            (
                "ref.sh",
                "read a b\nif [ \"$a\" = wait ]; then exec sleep 3017; fi\necho $((a + b))\n",
            ),
        ],
    );
    // Spawned here rather than run by the support: held as the support holds its runs.
    let _beside = beside_others();
    let mut killed = contestant(&dir, &["answer", "--cmd", "sh ref.sh"])
        .command()
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let left = dir.join(format!("tests/.3.out.answering-{}", killed.id()));
    let until = Instant::now() + backstop(Duration::from_secs(6));
    let mid_answer = || left.exists() && !processes_with("sleep 3017").is_empty();
    while !mid_answer() {
        assert!(Instant::now() < until, "the reference never ran");
        if let Some(status) = killed.try_wait().unwrap() {
            panic!("the judge ended ({status}) before it was killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert!(
        left.exists(),
        "no leftover to clear: the test proves nothing"
    );
    // Its supervisor ends with it, and its reference with the supervisor.
    none_left("sleep 3017").unwrap();
    let live = dir.join(format!("tests/.3.out.answering-{}", std::process::id()));
    std::fs::write(&live, "").unwrap();
    std::fs::write(dir.join("tests/3.in"), "1 1\n").unwrap();
    let j = judge(&dir, &["answer", "--cmd", "sh ref.sh"]);
    let hidden: Vec<_> = std::fs::read_dir(dir.join("tests"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    let _ = std::fs::remove_file(&live);
    assert_eq!(j.code, Some(0), "{j}");
    assert_eq!(
        std::fs::read_to_string(dir.join("tests/3.out")).unwrap(),
        "2\n"
    );
    assert_eq!(hidden, [live], "{j}");
}

/// An answer that is a symbolic link to a file that is gone (a link into a folder since
/// moved) is named as such, in one line, a setup error (exit 2): the folder lists the file,
/// so "No such file or directory" alone would send the user looking at the wrong thing.
#[test]
fn answer_says_an_answer_is_a_link_to_a_missing_file() {
    let dir = folder("dangling");
    write_files(&dir, &[("tests/3.in", "2 2\n")]);
    let gone = dir.join("moved-away/3.out");
    std::os::unix::fs::symlink(&gone, dir.join("tests/3.out")).unwrap();
    for args in [
        &["answer", "--cmd", "sh sum.sh"][..],
        &["test", "--cmd", "sh sum.sh"],
    ] {
        let j = judge(&dir, args);
        assert_eq!(j.code, Some(2), "{j}");
        let line = format!(
            "{}: a symbolic link to {}, which does not exist; remove the link or restore its \
             target",
            dir.join("tests/3.out").display(),
            gone.display()
        );
        assert!(j.stderr.lines().any(|l| l.ends_with(&line)), "{j}");
        assert_eq!(j.stderr.lines().count(), 1, "{j}");
    }
}

/// `--diff side`: a WA's lines with expected and got in two columns, numbered, each cut to
/// half the width (100 columns here), marked as `sdiff` marks them.
#[test]
fn diff_side_shows_expected_and_got_side_by_side() {
    let dir = folder("side");
    write_files(
        &dir,
        &[
            ("tests/3.in", "1 1\n"),
            ("tests/3.out", "2\nend\n"),
            ("three.sh", "read a b\necho $((a + b + 1))\n"),
        ],
    );
    let j = judge(
        &dir,
        &["test", "--cmd", "sh three.sh", "--diff", "side", "3"],
    );
    assert_eq!(j.code, Some(1), "{j}");
    let column = (100 - 10) / 2;
    let want = format!(
        "    first difference at line 1 (expected | got):\n    1  {:<column$} | 3\n    2  {:<column$} <\n",
        "2", "end"
    );
    let at = j
        .stdout
        .find("    first difference")
        .expect("a difference shown");
    assert!(j.stdout[at..].starts_with(&want), "{j}");
}
