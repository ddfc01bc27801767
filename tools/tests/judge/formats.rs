//! Problems in other people's formats (issue 19), each a small package written here from the
//! format's specification: a Library Checker folder (in/, out/, info.toml, a testlib checker
//! built from source against a testlib.h found in the tree, [[solutions]]), Kattis packages
//! (groups, scoring, a custom output validator with build/run scripts, the default validator's
//! flags, submissions to verify, an interactive one), a testlib interactor, float tolerance,
//! natural order and unpaired files on a flat folder, and shrinking that keeps to a validator.
//!
//! Programs are shell and awk where the judge only runs them; `--verify` builds its
//! submissions, and those are Rust (rustc is on every machine that builds this).

use std::fs;
use std::path::{Path, PathBuf};

use crate::support::judge::single_verdict;
use crate::support::{have, judge, scratch, write_files, Judge, Judged};

fn verdict_of(j: &Judged, case: &str) -> String {
    let v = j.verdicts();
    match v.iter().find(|(_, n)| n.ends_with(case)) {
        Some((verdict, _)) => verdict.clone(),
        None => panic!("no case {case}:\n{j}"),
    }
}

/// The knight problem's answer, as a Library Checker folder: `in/`, `out/`, `info.toml` with
/// `timelimit` and `[[solutions]]`, `checker.cpp` with our own small `testlib.h` in
/// `common/` two levels up (as Library Checker keeps it), `sol/`.
fn library_checker_folder(root: &Path) -> PathBuf {
    let dir = root.join("graph/knight_sum");
    write_files(
        root,
        &[(
            "common/testlib.h",
            "// A stand-in written for this test: the checker below needs only these.\n\
             #include <cstdio>\n#include <cstdlib>\n\
             static long read_num(const char* p) { FILE* f = std::fopen(p, \"r\"); long x = 0; \
             if (!f || std::fscanf(f, \"%ld\", &x) != 1) { std::printf(\"FAIL cannot read %s\\n\", p); std::exit(3); } \
             std::fclose(f); return x; }\n",
        )],
    );
    write_files(
        &dir,
        &[
            ("info.toml", "title = 'Knight sum'\ntimelimit = 2.0\n\n[[tests]]\n  name = \"example.in\"\n  number = 2\n\n[[solutions]]\n  name = 'wrong.sh'\n  expect = \"WA\"\n"),
            ("checker.cpp", "#include \"testlib.h\"\nint main(int, char** argv) {\n  long got = read_num(argv[2]), want = read_num(argv[3]);\n  if (got != want) { std::printf(\"wrong answer expected %ld, found %ld\\n\", want, got); return 1; }\n  std::printf(\"ok\\n\");\n  return 0;\n}\n"),
            ("in/example_00.in", "1 2\n"),
            ("out/example_00.out", "3\n"),
            ("in/example_01.in", "40 2\n"),
            ("out/example_01.out", "42\n"),
            ("in/random_10.in", "90 9\n"),
            ("out/random_10.out", "99\n"),
            ("in/random_2.in", "5 5\n"),
            ("out/random_2.out", "10\n"),
        ],
    );
    dir
}

#[test]
fn a_library_checker_folder_is_judged_as_it_is() {
    if !have("g++") {
        return;
    }
    let dir = scratch("lc");
    let p = library_checker_folder(&dir);
    let out = dir.join("out");
    let p_s = p.display().to_string();
    // Its checker is built from checker.cpp with the tree's testlib.h; its time limit read;
    // cases in natural order (random_2 before random_10); `--tests DIR/in` is the folder too.
    for tests in [p_s.clone(), format!("{p_s}/in")] {
        let j = judge(
            &out,
            &[
                "--tests",
                &tests,
                "--cmd",
                "awk '{ print $1 + $2 + ($1 > 50) }'",
            ],
        );
        assert_eq!(j.code, Some(1), "{j}");
        let names: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
        assert_eq!(
            names,
            [
                "knight_sum/example_00",
                "knight_sum/example_01",
                "knight_sum/random_2",
                "knight_sum/random_10"
            ],
            "{j}"
        );
        assert_eq!(verdict_of(&j, "random_10"), "WA", "{j}");
        assert!(
            j.stdout
                .contains("checker: wrong answer expected 99, found 100"),
            "{j}"
        );
        assert!(j.stdout.contains("limits 2000 ms cpu"), "{j}");
        assert!(j.stdout.contains("Library Checker folder"), "{j}");
    }
    // --verify: sol/correct.cpp must be AC, sol/wrong.sh is not a language we build: skipped.
    write_files(
        &p,
        &[
            ("sol/correct.cpp", "#include <cstdio>\nint main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); std::printf(\"%ld\\n\", a + b); }\n"),
            ("sol/wrong.sh", "awk '{ print $1 - $2 }'\n"),
        ],
    );
    let j = judge(&out, &["verify", &p_s]);
    assert!(j.stdout.contains("OK    sol/correct.cpp"), "{j}");
    assert!(j.stdout.contains("SKIP  sol/wrong.sh"), "{j}");
    assert!(j.stdout.contains("1 passed, 0 failed, 1 skipped"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
}

#[test]
fn a_library_checker_folder_gives_a_deep_recursion_the_stack_it_has_on_the_site() {
    if !have("gcc") {
        return;
    }
    let dir = scratch("lc-stack");
    let p = dir.join("tree/depth");
    // About 100 MiB of stack at depth 10^6: far past the usual 8 MiB, well within 1 GiB.
    write_files(
        &p,
        &[
            ("info.toml", "timelimit = 10.0\n"),
            ("in/deep_00.in", "1000000\n"),
            ("out/deep_00.out", "1000000\n"),
            (
                "deep.c",
                "#include <stdio.h>\n\
                static long down(long n) { volatile char frame[64]; frame[0] = (char)n; \
                if (n == 0) return 0; return down(n - 1) + 1 + frame[0] * 0; }\n\
                int main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; \
                printf(\"%ld\\n\", down(n)); return 0; }\n",
            ),
        ],
    );
    let exe = dir.join("deep");
    let built = std::process::Command::new("gcc")
        // -O0: an optimiser would make the recursion a loop.
        .args(["-O0", "-o"])
        .arg(&exe)
        .arg(p.join("deep.c"))
        .status()
        .unwrap();
    assert!(built.success());
    let (tests, cmd) = (p.display().to_string(), exe.display().to_string());
    let j = judge(&dir, &["--tests", &tests, "--cmd", &cmd]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(j.stdout.contains("1024 MiB, stack 1024 MiB"), "{j}");
    assert!(j.stdout.contains("the site's unlimited stack"), "{j}");
    let deep = j
        .stdout
        .lines()
        .find(|l| l.ends_with("depth/deep_00"))
        .unwrap();
    assert!(deep.starts_with("AC"), "{deep}");
    // The recursion really is deep: under the usual 8 MiB stack it overflows.
    let j = judge(
        &dir,
        &["--tests", &tests, "--cmd", &cmd, "--stack-limit-mib", "8"],
    );
    assert_eq!(verdict_of(&j, "deep_00"), "RE", "{j}");
    assert!(j.stdout.contains("stack 8 MiB"), "{j}");
}

/// The `checker N ms` figure of the case line that ends with `case`.
fn checker_ms(j: &Judged, case: &str) -> Option<u64> {
    let line = j.stdout.lines().find(|l| l.ends_with(case))?;
    let after = line.split("checker").nth(1)?;
    after.split_whitespace().next()?.parse().ok()
}

#[test]
fn every_kind_of_checker_shows_its_time_on_the_case_line() {
    let dir = scratch("checker-time");
    let out = dir.join("out");
    // A testlib-style checker that sleeps 100 ms: its wall time, not 0.
    write_files(
        &dir,
        &[
            ("t/1.in", "1 2\n"),
            ("t/1.out", "3\n"),
            ("slow.sh", "sleep 0.1\nexit 0\n"),
        ],
    );
    let (t, slow) = (dir.join("t"), dir.join("slow.sh"));
    let j = judge(
        &out,
        &[
            "--tests",
            &t.display().to_string(),
            "--cmd",
            "echo 3",
            "--checker-cmd",
            &format!("sh {}", slow.display()),
        ],
    );
    let ms = checker_ms(&j, "t/1").unwrap_or_else(|| panic!("no checker time: {j}"));
    assert!(ms >= 100, "checker {ms} ms: {j}");
    // A DMOJ named checker runs inside the judge: it has a time too.
    write_files(
        &dir,
        &[
            (
                "named/init.yml",
                "checker: identical\ntest_cases:\n- {in: 1.in, out: 1.out, points: 1}\n",
            ),
            ("named/1.in", "1 2\n"),
            ("named/1.out", "3\n"),
        ],
    );
    let named = dir.join("named").display().to_string();
    let j = judge(&out, &["--tests", &named, "--cmd", "echo 3"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(checker_ms(&j, "named/1").is_some(), "no checker time: {j}");
    assert!(j.stdout.contains(" ms in all)"), "and in the summary: {j}");
}

#[test]
fn a_flat_folder_sorts_naturally_warns_about_strays_and_compares_floats() {
    let dir = scratch("flat");
    let t = dir.join("t");
    write_files(
        &t,
        &[
            ("10.in", "0.5\n"),
            ("10.out", "0.3333333\n"),
            ("2.in", "1\n"),
            ("2.ans", "0.0314\n"),
            ("1.in", "2\n"),
            ("orphan.in", "3\n"),
            ("stray.out", "4\n"),
        ],
    );
    let t_s = t.display().to_string();
    let out = dir.join("out");
    // A program that prints a close value in another format.
    let cmd = "awk '{ if ($1 == 1) print \"3.14e-2\"; else print \"0.33333331\" }'";
    let j = judge(
        &out,
        &["--tests", &t_s, "--cmd", cmd, "--float-tolerance", "1e-6"],
    );
    assert_eq!(j.code, Some(0), "{j}");
    let names: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["t/2", "t/10"], "{j}");
    assert!(j.stderr.contains("1.in: no answer"), "{j}");
    assert!(j.stderr.contains("orphan.in: no answer"), "{j}");
    assert!(j.stderr.contains("stray.out: no input"), "{j}");
    assert!(j.stdout.contains("tokens float_tolerance 0.000001"), "{j}");
    // Without the tolerance the same outputs are wrong; tokens alone do not forgive numbers.
    let j = judge(
        &out,
        &["--tests", &t_s, "--cmd", cmd, "--compare", "tokens"],
    );
    assert_eq!(j.tally(), (0, 2), "{j}");
    // Twice --tests: both folders, each under its own name.
    let u = dir.join("u");
    write_files(&u, &[("a.in", "1\n"), ("a.out", "0.0314\n")]);
    let u_s = u.display().to_string();
    let j = judge(
        &out,
        &[
            "--tests",
            &t_s,
            "--tests",
            &u_s,
            "--cmd",
            cmd,
            "--float-tolerance",
            "1e-6",
        ],
    );
    assert_eq!(j.tally(), (3, 0), "{j}");
}

/// A Kattis package in the 2023-07-draft form problemtools' examples use: scoring, two
/// subtasks graded by `min` with 50 points each, the sample ignored, secret accepted when any
/// subtask is; the default validator (tokens, case-insensitive); Rust submissions.
fn scoring_package(root: &Path) -> PathBuf {
    let p = root.join("echo");
    let group = "on_reject: break\naccept_score: 50\nrange: 0 50\ngrader_flags: min\n";
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2023-07-draft\nname: Echo\ntype: scoring\nlimits:\n  memory: 64\n  time_limit: 2\n"),
            ("data/testdata.yaml", "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n"),
            ("data/secret/testdata.yaml", "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n"),
            ("data/sample/1.in", "2\nhello world\n"),
            ("data/sample/1.ans", "hello world\nhello world\n"),
            ("data/secret/group1/testdata.yaml", group),
            ("data/secret/group1/1.in", "1\nA\n"),
            ("data/secret/group1/1.ans", "a\n"),
            ("data/secret/group2/testdata.yaml", group),
            ("data/secret/group2/1.in", "3\nx y\n"),
            ("data/secret/group2/1.ans", "x y x y x y\n"),
            ("data/secret/group2/10.in", "5\nz\n"),
            ("data/secret/group2/10.ans", "z z z z z\n"),
            // Prints the line n times; all caps, which the default validator forgives.
            ("submissions/accepted/echo.rs", "use std::io::*;\nfn main() { let mut s = String::new(); stdin().read_to_string(&mut s).unwrap(); let mut l = s.lines(); let n: usize = l.next().unwrap().trim().parse().unwrap(); let w = l.next().unwrap_or(\"\"); for _ in 0..n { println!(\"{}\", w.to_uppercase()); } }\n"),
            // Right for n <= 2 only: group1 and the sample, not group2.
            ("submissions/partially_accepted/twice.rs", "use std::io::*;\nfn main() { let mut s = String::new(); stdin().read_to_string(&mut s).unwrap(); let mut l = s.lines(); let n: usize = l.next().unwrap().trim().parse().unwrap(); let w = l.next().unwrap_or(\"\"); for _ in 0..n.min(2) { println!(\"{w}\"); } }\n"),
            ("submissions/wrong_answer/nothing.rs", "fn main() { println!(\"?\"); }\n"),
            ("submissions/run_time_error/panics.rs", "fn main() { panic!(\"no\"); }\n"),
            ("submissions/accepted/echo.kt", "fun main() {}\n"),
        ],
    );
    p
}

#[test]
fn a_kattis_scoring_package_is_judged_and_verified_with_its_groups() {
    let dir = scratch("kattis-scoring");
    let p = scoring_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let j = judge(
        &out,
        &[
            "--tests",
            &p_s,
            "--cmd",
            "awk 'NR == 1 { n = $1 } NR == 2 { for (i = 0; i < n && i < 2; i++) print $0 }'",
        ],
    );
    let names: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
    assert_eq!(
        names,
        [
            "echo/sample/1",
            "echo/secret/group1/1",
            "echo/secret/group2/1",
            "echo/secret/group2/10"
        ],
        "{j}"
    );
    assert!(
        j.stdout.contains("Kattis package, format 2023-07-draft"),
        "{j}"
    );
    assert!(
        j.stdout
            .contains("score: 50 of 100 (AC): secret/group1 50, secret/group2 0"),
        "{j}"
    );
    assert!(
        j.stdout.contains("limits 2000 ms cpu") && j.stdout.contains(" 64 MiB"),
        "{j}"
    );
    let j = judge(&out, &["verify", &p_s]);
    for line in [
        "OK    accepted/echo.rs",
        "expected AC with a partial score, got AC with score 50",
        "OK    wrong_answer/nothing.rs",
        "OK    run_time_error/panics.rs",
        "SKIP  accepted/echo.kt",
        "4 passed, 0 failed, 1 skipped",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert_eq!(j.code, Some(0), "{j}");
    // A submission in the wrong place is a failure that says why.
    write_files(
        &p,
        &[(
            "submissions/wrong_answer/right.rs",
            &fs::read_to_string(p.join("submissions/accepted/echo.rs")).unwrap(),
        )],
    );
    let j = judge(&out, &["verify", &p_s]);
    assert!(j.stdout.contains("FAIL  wrong_answer/right.rs"), "{j}");
    assert!(j.stdout.contains("expected WA, got AC"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
}

#[test]
fn a_kattis_output_validator_speaks_42_and_43_with_its_feedback() {
    let dir = scratch("kattis-validator");
    let p = dir.join("parity");
    // Legacy: validation custom, the validator a folder with build and run scripts.
    write_files(
        &p,
        &[
            ("problem.yaml", "name: Parity\nvalidation: custom\nvalidator_flags: even\nlimits:\n  memory: 128\n"),
            ("data/secret/1.in", "4\n"),
            ("data/secret/1.ans", "any even number\n"),
            ("output_validators/parity/build*", "cp check.sh run && chmod +x run\n"),
            ("output_validators/parity/check.sh", "#!/bin/sh\n# INPUT ANSWER FEEDBACK_DIR FLAGS < OUTPUT\nsleep 0.2\nread x\n[ \"$4\" = even ] || exit 1\nif [ $((x % 2)) -eq 0 ]; then exit 42; fi\necho \"$x is odd\" > \"$3/judgemessage.txt\"\nexit 43\n"),
        ],
    );
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let j = judge(
        &out,
        &[
            "--tests",
            &p_s,
            "--cmd",
            "echo 6",
            "--time-limit-ms",
            "2000",
        ],
    );
    assert_eq!(j.code, Some(0), "{j}");
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
    let j = judge(
        &out,
        &[
            "--tests",
            &p_s,
            "--cmd",
            "echo 7",
            "--time-limit-ms",
            "2000",
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("checker: 7 is odd"), "{j}");
    // Exit 0 is not an answer in this protocol: a setup error that says so.
    write_files(
        &p,
        &[("output_validators/parity/check.sh", "#!/bin/sh\nexit 0\n")],
    );
    let _ = fs::remove_dir_all(out.join(".build"));
    let j = judge(
        &out,
        &[
            "--tests",
            &p_s,
            "--cmd",
            "echo 6",
            "--time-limit-ms",
            "2000",
        ],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("ended with exit code 0 (Kattis' codes: 42 accepted, 43 wrong answer)"),
        "{j}"
    );
}

/// Guess a number in 1..=N: the program asks `? X`, the interactor answers `<`, `>` or `=`.
const GUESSER: &str = "read n; lo=1; hi=$n; while :; do m=$(( (lo + hi) / 2 )); echo \"? $m\"; read r; \
                       case $r in '=') exit 0;; '<') hi=$((m - 1));; '>') lo=$((m + 1));; esac; done";

#[test]
fn interactive_problems_run_with_both_conventions() {
    let dir = scratch("interactive");
    let t = dir.join("guess");
    // testlib: `interactor INPUT OUTPUT ANSWER`, stdin the program's stdout; it writes OUTPUT.
    write_files(
        &t,
        &[
            ("1.in", "100 37\n"),
            ("1.out", "37\n"),
            ("2.in", "10 10\n"),
            ("2.out", "10\n"),
            ("interactor*", "#!/bin/sh\nread n x < \"$1\"\necho $n\nk=0\nwhile read q g; do k=$((k+1)); if [ $k -gt 20 ]; then echo 'too many guesses' >&2; exit 1; fi\n\
              if [ \"$g\" -lt $x ]; then echo '>'; elif [ \"$g\" -gt $x ]; then echo '<'; else echo '='; echo $g > \"$2\"; exit 0; fi; done\necho 'no guess' >&2; exit 1\n"),
            ("check*", "#!/bin/sh\n[ \"$(cat $2)\" = \"$(cat $3)\" ] && exit 0; echo \"found $(cat $2)\"; exit 1\n"),
        ],
    );
    let t_s = t.display().to_string();
    let interactor = t.join("interactor").display().to_string();
    let check = t.join("check").display().to_string();
    let out = dir.join("out");
    let j = judge(
        &out,
        &[
            "--tests",
            &t_s,
            "--cmd",
            GUESSER,
            "--interactor",
            &interactor,
            "--checker-cmd",
            &check,
        ],
    );
    assert_eq!(j.tally(), (2, 0), "{j}");
    // A program that always guesses 1: rejected, with the exchange kept.
    let j = judge(
        &out,
        &[
            "--tests",
            &t_s,
            "--cmd",
            "read n; while :; do echo '? 1'; read r; done",
            "--interactor",
            &interactor,
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("interactor: too many guesses"), "{j}");
    // Kept under the problem's folder (its name and a hash of its path).
    let kept = fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("1.interaction"))
        .find(|p| p.is_file())
        .map(|p| fs::read_to_string(p).unwrap())
        .unwrap_or_else(|| panic!("no 1.interaction under {}\n{j}", out.display()));
    assert!(kept.starts_with("< 100\n> ? 1\n< >\n"), "{kept}");
    // A program that never flushes (it waits, asks nothing): TLE by the wall backstop.
    let j = judge(
        &out,
        &[
            "--tests",
            &t_s,
            "--cmd",
            "sleep 30",
            "--interactor",
            &interactor,
            "--time-limit-ms",
            "300",
            "1",
        ],
    );
    assert_eq!(single_verdict(&j), "TLE", "{j}");
    assert!(j.stdout.contains("wall-clock backstop"), "{j}");

    // Kattis: an interactive package, its validator `run` reading INPUT ANSWER FEEDBACK_DIR.
    let p = dir.join("kguess");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Guess\nuuid: 00000000-0000-0000-0000-000000000000\ntype: interactive\nlimits:\n  time_limit: 2\n"),
            ("data/secret/1.in", "100 37\n"),
            ("data/secret/1.ans", "\n"),
            ("output_validator/run*", "#!/bin/sh\nread n x < \"$1\"\necho $n\nk=0\nwhile read q g; do k=$((k+1)); if [ $k -gt 20 ]; then echo 'too many guesses' > \"$3/judgemessage.txt\"; exit 43; fi\n\
              if [ \"$g\" -lt $x ]; then echo '>'; elif [ \"$g\" -gt $x ]; then echo '<'; else echo '='; exit 42; fi; done\necho 'no guess' > \"$3/judgemessage.txt\"; exit 43\n"),
        ],
    );
    let p_s = p.display().to_string();
    let j = judge(&out, &["--tests", &p_s, "--cmd", GUESSER]);
    assert_eq!(j.tally(), (1, 0), "{j}");
    assert!(j.stdout.contains("interactive validator"), "{j}");
    let j = judge(&out, &["--tests", &p_s, "--cmd", "read n; exit 3"]);
    // The program ended first, badly: its own verdict, not the validator's.
    assert_eq!(single_verdict(&j), "RE", "{j}");
}

/// A Kattis interactive package of `cases` identical cases with validator `run` (a shell
/// script): each case judged once, so one run judges the same exchange `cases` times.
fn repeated_interactive(dir: &Path, run: &str, cases: usize) -> String {
    let mut files = vec![
        ("problem.yaml".to_string(), "problem_format_version: 2025-09\nname: Race\nuuid: 00000000-0000-0000-0000-000000000000\ntype: interactive\nlimits:\n  time_limit: 2\n".to_string()),
        ("output_validator/run*".to_string(), run.to_string()),
    ];
    for i in 1..=cases {
        files.push((format!("data/secret/{i:02}.in"), "7\n".into()));
        files.push((format!("data/secret/{i:02}.ans"), "\n".into()));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write_files(dir, &files);
    dir.display().to_string()
}

/// Every case's verdict, which must all be `want`.
fn all_verdicts_are(j: &Judged, want: &str, cases: usize) {
    let v = j.verdicts();
    assert_eq!(v.len(), cases, "{j}");
    assert!(v.iter().all(|(got, _)| got == want), "not all {want}:\n{j}");
}

/// The order in which the two sides end, and `SIGPIPE` on either side, never change the
/// verdict (issue 29): each exchange judged 20 times, every verdict the same.
#[test]
fn interactive_verdicts_never_depend_on_which_side_ends_first() {
    const N: usize = 20;
    let dir = scratch("interactive-races");
    let out = dir.join("out");
    // The validator rejects the first line and exits while the program keeps writing: the
    // program dies of SIGPIPE (or reads EOF), always after the rejection: WA.
    let reject = repeated_interactive(
        &dir.join("reject"),
        "#!/bin/sh\nread line\necho \"rejected at once: $line\" > \"$3/judgemessage.txt\"\nexit 43\n",
        N,
    );
    let j = judge(
        &out,
        &["--tests", &reject, "--cmd", "while :; do echo '? 1'; done"],
    );
    all_verdicts_are(&j, "WA", N);
    assert!(
        j.stdout.contains("interactor: rejected at once: ? 1"),
        "{j}"
    );
    assert!(!j.stdout.contains("SIGPIPE"), "{j}");

    // The validator writes 120 KB (more than any pipe holds) before it reads; the program reads
    // one line and leaves. The validator is never cut off (no SIGPIPE, no judge error): it
    // reads EOF and rejects. The program ended first: exit 0 is WA, exit 3 its own RE.
    let chatty = repeated_interactive(
        &dir.join("chatty"),
        "#!/bin/sh\ni=0\nwhile [ $i -lt 20000 ]; do echo hello; i=$((i+1)); done\n\
         read g || { echo 'no guess' > \"$3/judgemessage.txt\"; exit 43; }\nexit 42\n",
        N,
    );
    let j = judge(&out, &["--tests", &chatty, "--cmd", "read n; exit 0"]);
    assert_eq!(j.code, Some(1), "{j}");
    all_verdicts_are(&j, "WA", N);
    assert!(j.stdout.contains("interactor: no guess"), "{j}");
    let j = judge(&out, &["--tests", &chatty, "--cmd", "read n; exit 3"]);
    all_verdicts_are(&j, "RE", N);

    // The validator accepts the first line and exits while the program still has lines to
    // write: they are read and dropped, the program is not killed by SIGPIPE: AC.
    let accept = repeated_interactive(&dir.join("accept"), "#!/bin/sh\nread line\nexit 42\n", N);
    let j = judge(
        &out,
        &[
            "--tests",
            &accept,
            "--cmd",
            "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done",
        ],
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
    let j = judge(&out, &["--tests", &p, "--cmd", "cat"]);
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
#[test]
fn domjudge_validator_folders_build_with_their_headers() {
    if !have("g++") {
        return;
    }
    let dir = scratch("domjudge-folders");
    let out = dir.join("out");
    // Our own stand-in for the header such packages ship (testlib.h or their own).
    let header = "#include <cstdio>\n#include <cstdlib>\n\
                  inline long read_long(std::FILE* f) { long x; if (std::fscanf(f, \"%ld\", &x) != 1) std::exit(43); return x; }\n\
                  inline int verdict(bool ok) { return ok ? 42 : 43; }\n";
    let p = dir.join("double");
    write_files(
        &p,
        &[
            ("problem.yaml", "name: Double\nvalidation: custom\n"),
            ("domjudge-problem.ini", "probid='double'\ntimelimit='3'\n"),
            ("data/secret/1.in", "21\n"),
            ("data/secret/1.ans", "42\n"),
            ("output_validators/testlib.h", header),
            ("output_validators/README.md", "How the checker works.\n"),
            ("output_validators/checker.cpp", "#include \"testlib.h\"\nint main(int, char** argv) {\n  std::FILE* a = std::fopen(argv[2], \"r\");\n  return verdict(read_long(stdin) == read_long(a));\n}\n"),
        ],
    );
    let p_s = p.display().to_string();
    let j = judge(&out, &["--tests", &p_s, "--cmd", "awk '{ print 2 * $1 }'"]);
    assert_eq!(j.tally(), (1, 0), "{j}");
    assert!(j.stdout.contains("limits 3000 ms cpu"), "{j}");
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", "awk '{ print 2 * $1 + 1 }'"],
    );
    assert_eq!(single_verdict(&j), "WA", "{j}");

    // An interactor: `interactor.cpp` with the header, in a legacy interactive package.
    let q = dir.join("echo-back");
    write_files(
        &q,
        &[
            ("problem.yaml", "name: Echo back\nvalidation: custom interactive\nlimits:\n  time_limit: 2\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "\n"),
            ("output_validators/testlib.h", header),
            ("output_validators/interactor.cpp", "#include \"testlib.h\"\nint main(int, char** argv) {\n  std::FILE* in = std::fopen(argv[1], \"r\");\n  long x = read_long(in);\n  std::printf(\"%ld\\n\", x); std::fflush(stdout);\n  return verdict(read_long(stdin) == x + 1);\n}\n"),
        ],
    );
    let q_s = q.display().to_string();
    let j = judge(&out, &["--tests", &q_s, "--cmd", "read x; echo $((x + 1))"]);
    assert_eq!(j.tally(), (1, 0), "{j}");
    assert!(j.stdout.contains("interactive validator"), "{j}");
    let j = judge(&out, &["--tests", &q_s, "--cmd", "read x; echo $x"]);
    assert_eq!(single_verdict(&j), "WA", "{j}");
}

/// submissions.yaml as BAPCtools reads it (issue 29): brace alternatives with spaces, a place
/// named only for `use_for_time_limit` still run, a replaced promise named as coming from
/// submissions.yaml, and `.gitkeep` or a header never listed as a submission.
#[test]
fn a_kattis_package_runs_python_with_pypy_where_it_is_installed() {
    if !have("python3") {
        return;
    }
    let dir = scratch("kattis-pypy");
    let p = dir.join("echo");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Echo\nuuid: 00000000-0000-0000-0000-000000000004\nlimits:\n  time_limit: 2\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "7\n"),
            ("submissions/accepted/echo.py", "print(input())\n"),
        ],
    );
    // A stand-in PyPy: it records each call, then is CPython. Its record is a file of the
    // test's, which no isolated build or run may write: the package is judged with
    // `--isolation none`, which changes nothing of the choice of interpreter.
    let calls = dir.join("pypy-calls");
    let bin = dir.join("bin");
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
            .arg(&p)
            .args(["--out-dir", &dir.join("out").display().to_string()])
            .args(["--isolation", "none"])
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
    // Without it, CPython, and the header says so.
    let said = verify(&path);
    assert!(
        said.contains("| Python 3 by python3 (pypy3, Kattis' choice, is not installed)"),
        "{said}"
    );
    assert!(said.contains("OK    accepted/echo.py"), "{said}");
}

#[test]
fn submissions_yaml_reads_as_bapctools_reads_it() {
    let dir = scratch("kattis-yaml-bapc");
    let p = dir.join("echo");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Echo\nuuid: 00000000-0000-0000-0000-000000000003\nlimits:\n  time_limit: 2\n"),
            ("data/secret/42.in", "42\n"),
            ("data/secret/42.ans", "42\n"),
            ("data/secret/5.in", "5\n"),
            ("data/secret/5.ans", "5\n"),
            ("submissions/accepted/.gitkeep", ""),
            ("submissions/accepted/wa.py", "print(0)\n"),
            ("submissions/accepted/helper.h", "// not a submission\n"),
            ("submissions/tle/echo.py", "print(input())\n"),
            ("submissions/wa/42.py", "x = input()\nprint(x if x == '42' else 0)\n"),
            ("submissions/submissions.yaml", "accepted:\n  permitted: [WA]\n  required: [WA]\n\
              tle:\n  sample:\n    use_for_time_limit: lower\n\
              wa:\n  permitted: [AC, WA]\n  required: [WA]\n\
              wa/42.py:\n  \"secret/*{ 4 }{ 2 }\":\n    required: [AC]\n"),
        ],
    );
    let j = judge(&dir.join("out"), &["verify", &p.display().to_string()]);
    for line in [
        "OK    accepted/wa.py",
        "expected as submissions.yaml `accepted` says (permitted WA, required WA), got WA",
        "OK    tle/echo.py",
        "OK    wa/42.py",
        "3 passed, 0 failed, 0 skipped",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert!(
        !j.stdout.contains(".gitkeep") && !j.stdout.contains("helper.h"),
        "{j}"
    );
    assert!(!j.stderr.contains("submissions/tle/: not a place"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
}

/// 2025-09's `include/` and `constants` (issue 29): a Python submission imports a module from
/// `include/python3/`, a C++ submission is linked with the grader in `include/cpp/`, and
/// `{{factor}}` is the constant's value in the output validator and the submissions.
#[test]
fn included_files_and_constants_reach_submissions_and_validators() {
    if !have("g++") {
        return;
    }
    let dir = scratch("kattis-include");
    let p = dir.join("times");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Times\nuuid: 00000000-0000-0000-0000-000000000004\nlimits:\n  time_limit: 2\nconstants:\n  factor: 3\n  max_n:\n    value: 1000\n    tex: 10^3\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "15\n"),
            // The answer times one: the validator's `{{factor}}` must be 3 for this to pass.
            ("output_validator/validator.py", "import sys\nn = int(open(sys.argv[1]).read())\ngot = sys.stdin.read().split()\nsys.exit(42 if got == [str(n * {{factor}})] else 43)\n"),
            ("include/python3/times.py", "def times(n):\n    return n * {{factor}}\n"),
            ("include/cpp/grader.cpp", "#include <cstdio>\nlong solve(long n);\nint main() { long n; if (std::scanf(\"%ld\", &n) != 1) return 1; std::printf(\"%ld\\n\", solve(n)); }\n"),
            ("submissions/accepted/uses_include.py", "from times import times\nprint(times(int(input())))\n"),
            ("submissions/accepted/solve.cpp", "long solve(long n) { return n * {{factor}}; }\n"),
            ("submissions/wrong_answer/once.py", "print(int(input()) * ({{max_n}} // 1000))\n"),
        ],
    );
    let j = judge(&dir.join("out"), &["verify", &p.display().to_string()]);
    for line in [
        "OK    accepted/uses_include.py",
        "OK    accepted/solve.cpp",
        "OK    wrong_answer/once.py",
        "3 passed, 0 failed",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert_eq!(j.code, Some(0), "{j}");
}

/// A 2025-09 scoring package whose group uses the legacy grader's keys is invalid, named as
/// such with the file and the key, not scored by a mix of both versions' rules (issue 29).
#[test]
fn legacy_keys_in_a_2025_09_package_are_named_invalid() {
    let dir = scratch("kattis-invalid");
    let p = dir.join("mixed");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Mixed\nuuid: 00000000-0000-0000-0000-000000000005\ntype: scoring\nlimits:\n  time_limit: 2\n"),
            ("data/secret/g1/test_group.yaml", "max_score: 40\naccept_score: 40\n"),
            ("data/secret/g1/1.in", "1\n"),
            ("data/secret/g1/1.ans", "1\n"),
        ],
    );
    let j = judge(
        &dir.join("out"),
        &["--tests", &p.display().to_string(), "--cmd", "cat"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("g1/test_group.yaml: `accept_score` is a legacy key")
            && j.stderr.contains("the package is invalid"),
        "{j}"
    );
}

#[test]
fn shrinking_keeps_to_the_validator() {
    let dir = scratch("shrink-validator");
    write_files(
        &dir,
        &[
            // One number; the "right" answer is the number, the wrong program adds one past 50.
            ("gen.sh", "echo $(( ($1 * 7919) % 900 + 100 ))\n"),
            ("brute.sh", "read x; echo $x\n"),
            (
                "wrong.sh",
                "read x; if [ $x -gt 50 ]; then echo $((x + 1)); else echo $x; fi\n",
            ),
            // Only even numbers are valid inputs (testlib's convention: exit 0 accepts).
            (
                "even.sh",
                "read x; [ $((x % 2)) -eq 0 ] || { echo \"odd: $x\" >&2; exit 1; }\n",
            ),
        ],
    );
    let sh = |f: &str| format!("sh {}", dir.join(f).display());
    let out = dir.join("out");
    let j = judge(
        &out,
        &[
            "stress",
            "--gen",
            &sh("gen.sh"),
            "--brute",
            &sh("brute.sh"),
            "--cmd",
            &sh("wrong.sh"),
            "--validator",
            &sh("even.sh"),
            "--shrink",
            "--seed",
            "2",
            "--count",
            "5",
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("inputs must pass:"), "{j}");
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
    let dir = scratch("kattis-never-aborts");
    let p = dir.join("echo");
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Echo\nuuid: 00000000-0000-0000-0000-000000000002\nlimits:\n  time_limit: 2\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "5\n"),
            ("data/secret/2.in", "6\n"),
            ("data/secret/2.ans", "6\n"),
            // Crashes (exit 1, neither 42 nor 43) on the output `boom`.
            ("output_validator/run*", "#!/bin/sh\ngot=$(cat)\n[ \"$got\" = boom ] && exit 1\n[ \"$got\" = \"$(cat \"$2\")\" ] && exit 42\nexit 43\n"),
            ("submissions/accepted/echo.py", "print(input())\n"),
            ("submissions/wrong_answer/boom.py", "print('boom')\n"),
            ("submissions/wrong_answer/zero.py", "print(0)\n"),
            ("submissions/run_time_error/raise.py", "raise SystemExit(3)\n"),
        ],
    );
    let p_s = p.display().to_string();
    let j = judge(&dir.join("out"), &["verify", &p_s]);
    for line in [
        "OK    accepted/echo.py",
        "ERROR wrong_answer/boom.py",
        "the package failed on secret/1: ",
        "exit code 1",
        "OK    wrong_answer/zero.py",
        "OK    run_time_error/raise.py",
        "3 passed, 0 failed, 0 skipped, 1 not judged: the package failed",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert!(
        j.stderr.contains("the package itself failed the judge"),
        "{j}"
    );
    assert_eq!(j.code, Some(2), "{j}");
}

#[test]
fn verify_applies_submissions_yaml() {
    let dir = scratch("kattis-yaml");
    let p = dir.join("sum");
    let sum = "use std::io::*;\nfn main() { let mut s = String::new(); stdin().read_to_string(&mut s).unwrap(); \
               let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); ";
    write_files(
        &p,
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Sum\nuuid: 00000000-0000-0000-0000-000000000001\nlimits:\n  time_limit: 2\n"),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/small/1.in", "4 5\n"),
            ("data/secret/small/1.ans", "9\n"),
            ("data/secret/big/1.in", "90 9\n"),
            ("data/secret/big/1.ans", "99\n"),
            ("submissions/accepted/sum.rs", &format!("{sum}println!(\"{{}}\", v[0] + v[1]); }}\n")),
            ("submissions/wrong_answer/big.rs", &format!("{sum}println!(\"{{}}\", v[0] + v[1] + (v[0] > 50) as i64); }}\n")),
            ("submissions/other/zero.rs", "fn main() { println!(\"0\"); }\n"),
            ("submissions/submissions.yaml", "wrong_answer/big.rs:\n  sample:\n    permitted: [AC]\n  secret/small:\n    permitted: [AC]\n  secret/big:\n    required: [WA]\nother:\n  permitted: [AC, WA]\n  required: [WA]\n"),
        ],
    );
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let j = judge(&out, &["verify", &p_s]);
    for line in [
        "OK    accepted/sum.rs",
        "OK    wrong_answer/big.rs",
        "OK    other/zero.rs",
        "3 passed, 0 failed",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    // A rule the submission breaks: it must be right on the big cases too.
    write_files(
        &p,
        &[(
            "submissions/submissions.yaml",
            "wrong_answer/big.rs:\n  secret/big:\n    permitted: [AC]\n",
        )],
    );
    let j = judge(&out, &["verify", &p_s]);
    assert!(j.stdout.contains("FAIL  wrong_answer/big.rs"), "{j}");
    assert!(j.stdout.contains("submissions.yaml `wrong_answer/big.rs` on secret/big: WA on secret/big/1 is not permitted (AC)"), "{j}");
    // `other/` is no longer named: a warning, not a run.
    assert!(j.stderr.contains("submissions/other/: not a place"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
}

/// A Kattis package without `time_limit`: `test` derives the limit from the accepted
/// submission once, keeps it, and says so on the next run; a change to the accepted
/// submission derives it again.
#[test]
fn a_derived_time_limit_is_kept_until_what_it_depends_on_changes() {
    if !have("python3") {
        return;
    }
    let dir = scratch("kattis-derived");
    let p = dir.join("double");
    write_files(
        &p,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Double\n",
            ),
            ("data/sample/1.in", "21\n"),
            ("data/sample/1.ans", "42\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "10\n"),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
        ],
    );
    let (p_s, out) = (p.display().to_string(), dir.join("out"));
    let run = || {
        judge(
            &out,
            &[
                "--tests",
                &p_s,
                "--cmd",
                "python3 -c 'print(2 * int(input()))'",
            ],
        )
    };
    let header = |j: &Judged| j.stdout.lines().next().unwrap_or("").to_string();
    let first = run();
    assert_eq!(first.code, Some(0), "{first}");
    assert!(
        header(&first).contains("derived: slowest accepted"),
        "{first}"
    );
    assert!(!header(&first).contains("earlier run"), "{first}");
    let second = run();
    assert_eq!(second.code, Some(0), "{second}");
    assert!(
        header(&second).contains("derived: slowest accepted")
            && header(&second).contains("on an earlier run"),
        "{second}"
    );
    fs::write(
        p.join("submissions/accepted/double.py"),
        "n = int(input())\nprint(n + n)\n",
    )
    .unwrap();
    let third = run();
    assert!(!header(&third).contains("earlier run"), "{third}");
}

/// A folder submission starts from the entrypoint submissions.yaml names (2025-09), not from
/// its first file.
#[test]
fn a_folder_submission_starts_from_its_entrypoint() {
    if !have("python3") {
        return;
    }
    let dir = scratch("kattis-entrypoint");
    let p = dir.join("double");
    write_files(
        &p,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Double\nlimits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", "21\n"),
            ("data/sample/1.ans", "42\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "10\n"),
            // The first file by name is a helper that, run alone, answers wrongly.
            ("submissions/accepted/pair/a_helper.py", "print(0)\n"),
            (
                "submissions/accepted/pair/main.py",
                "import a_helper_free\nprint(a_helper_free.double(int(input())))\n",
            ),
            (
                "submissions/accepted/pair/a_helper_free.py",
                "def double(n):\n    return 2 * n\n",
            ),
        ],
    );
    let (p_s, out) = (p.display().to_string(), dir.join("out"));
    let without = judge(&out, &["verify", &p_s]);
    assert!(without.stdout.contains("FAIL  accepted/pair"), "{without}");
    fs::write(
        p.join("submissions/submissions.yaml"),
        "accepted/pair:\n  entrypoint: main.py\n",
    )
    .unwrap();
    let with = judge(&out, &["verify", &p_s]);
    assert!(with.stdout.contains("OK    accepted/pair"), "{with}");
    assert_eq!(with.code, Some(0), "{with}");
}
