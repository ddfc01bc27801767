//! The judge on someone else's problem, as a competitive programmer meets it: a made-up
//! problem ("print a + b") in a temporary folder, with its tests, a checker, a generator, a
//! brute force and solutions, all shell and awk so that a machine with Rust alone runs them.
//! The judge runs from that folder, with relative paths, as a user would type them.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::judge::scripts_judge;
use crate::support::{mode_of, root, scripts_judge_env, Judge, Judged, Package, BFS_JUDGE};

/// Runs a command line the judge printed (`scripts/judge ...`) through the real script,
/// without its build: over this run's judge and tools.
fn through_the_script(line: &str) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(line).envs(scripts_judge_env());
    cmd
}

/// A fresh copy of the problem folder `sum/` of `packages/own-problem`: `tests/` (oj's
/// layout), `info.toml`, `sol.sh` (right), `wrong.sh` (wrong when a > 50), `gen.sh SEED`,
/// `brute.sh`, `crash.sh`, and `check.sh CODE` (a testlib-style checker that ends with CODE).
fn sum_problem() -> PathBuf {
    Package::copy("own-problem").path("sum")
}

/// Runs the judge in `cwd` with `args` (a subcommand first, else `test`), as
/// `scripts/judge` runs it.
fn judge(cwd: &Path, args: &[&str]) -> Judged {
    judge_env(cwd, args, &[])
}

fn judge_env(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Judged {
    let (mode, args) = mode_of(args);
    // Failing outputs of a folder's tests go to the user's cache: this run's own, here.
    let cache = Path::new(BFS_JUDGE).with_file_name("own-problem-cache");
    let mut judge = Judge::new([mode])
        .args(args)
        .like_the_script()
        .cwd(cwd)
        .cache(&cache)
        .env("COLUMNS", "120")
        .env_remove("NO_COLOR");
    for (k, v) in env {
        judge = judge.env(k, v);
    }
    judge.run()
}

fn out_dir(dir: &Path) -> String {
    dir.join("out").display().to_string()
}

#[test]
fn any_folder_of_tests_judges_a_right_and_a_wrong_solution() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let j = judge(
        &dir,
        &[
            "--tests",
            "tests",
            "--cmd",
            "sh sol.sh",
            "--out-dir",
            &out,
            "-v",
        ],
    );
    assert_eq!(j.code, Some(0), "{j}");
    let names: Vec<String> = j
        .verdicts()
        .into_iter()
        .map(|(v, n)| format!("{v} {n}"))
        .collect();
    assert_eq!(
        names,
        ["AC sum/big-1", "AC sum/sample-1", "AC sum/sample-2"],
        "{j}"
    );
    // The limits come from ../info.toml, and the header says so (with -v).
    assert!(
        j.stdout
            .contains("limits 5000 ms cpu (11000 ms wall), 256 MiB, output 64 MiB (from"),
        "{j}"
    );
    assert!(j.stdout.ends_with("3 passed, 0 failed\n"), "{j}");

    let j = judge(
        &dir,
        &[
            "--tests",
            "tests",
            "--cmd",
            "sh wrong.sh",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert_eq!(j.verdicts()[0], ("WA".into(), "sum/big-1".into()), "{j}");
    assert!(
        j.stdout.contains(
            "    first difference at line 1 (- expected, + got):\n    - 1  99\n    + 1  100\n"
        ),
        "{j}"
    );
    assert!(j.stdout.ends_with("2 passed, 1 failed\n"), "{j}");
}

#[test]
fn cases_are_chosen_by_name_and_by_glob() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let names = |j: &Judged| -> Vec<String> { j.verdicts().into_iter().map(|(_, n)| n).collect() };
    let select = |pattern: &str| {
        let args = [
            "--tests",
            "tests",
            "--cmd",
            "sh sol.sh",
            "--out-dir",
            &out,
            pattern,
        ];
        judge(&dir, &args)
    };
    let j = select("sample-1");
    assert_eq!(names(&j), ["sum/sample-1"], "{j}");
    let j = select("sample-*");
    assert_eq!(names(&j), ["sum/sample-1", "sum/sample-2"], "{j}");
    let j = select("nothing*");
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("no case of sum matches nothing*"), "{j}");
    // Our own problems, by PROBLEM/CASE and PROBLEM/GLOB (our binaries are not needed to
    // choose: a command is judged).
    let problems = root().join("problems").display().to_string();
    let args = [
        "--problems-dir",
        &problems,
        "--out-dir",
        &out,
        "--cmd",
        "cat",
    ];
    let j = judge(
        &dir,
        &[&args[..], &["robot-maze/sample", "wave/open*"]].concat(),
    );
    let chosen = names(&j);
    // `lenient-*` cases go beyond the statements' formats: skipped under --cmd unless named.
    let all = judge(&dir, &[&args[..], &["robot-maze"]].concat());
    assert!(
        !names(&all).is_empty() && names(&all).iter().all(|n| !n.contains("/lenient-")),
        "{all}"
    );
    let lenient = judge(&dir, &[&args[..], &["robot-maze/lenient-*"]].concat());
    assert!(
        !names(&lenient).is_empty()
            && names(&lenient)
                .iter()
                .all(|n| n.starts_with("robot-maze/lenient-")),
        "{lenient}"
    );
    assert!(chosen.contains(&"robot-maze/sample".to_string()), "{j}");
    assert!(
        !chosen.is_empty() && chosen[1..].iter().all(|n| n.starts_with("wave/open")),
        "{j}"
    );
}

#[test]
fn a_checker_speaks_with_testlibs_exit_codes() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let with = |code: &str| {
        let checker = format!("sh check.sh {code}");
        judge(
            &dir,
            &[
                "--tests",
                "tests",
                "--cmd",
                "sh sol.sh",
                "--checker-cmd",
                &checker,
                "--out-dir",
                &out,
                "sample-1",
            ],
        )
    };
    let j = with("0");
    assert_eq!(j.verdicts()[0].0, "AC", "{j}");
    let j = with("1");
    assert_eq!(j.verdicts()[0].0, "WA", "{j}");
    assert!(
        j.stdout
            .contains("    checker: wrong answer: expected 3, found 3\n"),
        "{j}"
    );
    let j = with("2");
    assert_eq!(j.verdicts()[0].0, "PE", "{j}");
    assert!(
        j.stdout
            .contains("checker: presentation error: extra spaces"),
        "{j}"
    );
    let j = with("7");
    assert_eq!(j.verdicts()[0].0, "PTS", "{j}");
    assert!(j.stdout.contains("checker: points 0.5: half of it"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
    // Exit 3 is the checker's own failure: a setup error, said once, no verdict.
    let j = with("3");
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.verdicts().is_empty(), "{j}");
    assert_eq!(j.stderr.lines().count(), 1, "{j}");
    assert!(
        j.stderr
            .contains("failed (exit code 3): checker failed: cannot read answer"),
        "{j}"
    );
}

#[test]
fn stress_with_the_users_generator_and_brute_force_finds_the_planted_bug() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let args = [
        "stress",
        "--gen",
        "sh gen.sh",
        "--brute",
        "sh brute.sh",
        "--cmd",
        "sh wrong.sh",
        "--seed",
        "1",
        "--count",
        "200",
        "--out-dir",
        &out,
        "--tests",
        "tests",
    ];
    let j = judge(&dir, &args);
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("WA on case "), "{j}");
    assert!(
        j.stdout
            .lines()
            .last()
            .unwrap()
            .ends_with(" passed, 1 failed"),
        "{j}"
    );
    // The counterexample joins the tests, with the brute force's answer.
    let seed = j
        .stdout
        .split("(seed ")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .unwrap();
    let added = dir.join(format!("tests/stress-{seed}.in"));
    assert!(
        added.is_file() && dir.join(format!("tests/stress-{seed}.out")).is_file(),
        "{j}"
    );
    let input = std::fs::read_to_string(&added).unwrap();
    let a: i64 = input.split_whitespace().next().unwrap().parse().unwrap();
    assert!(a > 50, "the planted bug needs a > 50: {input}");

    // The printed reproduce command runs unchanged from another folder, through the real
    // scripts/judge (without its build: over the judge under test).
    let line = j
        .stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce:"))
        .unwrap()
        .trim();
    assert!(
        line.contains(&scripts_judge().display().to_string()),
        "{line}"
    );
    let elsewhere = std::env::temp_dir();
    let again = through_the_script(&format!("{line} --out-dir {out}"))
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    let again_out = String::from_utf8_lossy(&again.stdout);
    assert_eq!(
        again.status.code(),
        Some(1),
        "{again_out}\n{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert!(
        again_out.contains(&format!("WA on case 1 of 1 (seed {seed})")),
        "{again_out}"
    );

    // The right solution survives as many cases.
    let mut clean = args.to_vec();
    clean[6] = "sh sol.sh";
    let j = judge(&dir, &clean[..clean.len() - 2]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(j.stdout.ends_with("200 passed, 0 failed\n"), "{j}");
}

#[test]
fn stress_stops_and_blames_the_brute_force_when_it_fails() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let j = judge(
        &dir,
        &[
            "stress",
            "--gen",
            "sh gen.sh",
            "--brute",
            "sh crash.sh",
            "--cmd",
            "sh sol.sh",
            "--seed",
            "5",
            "--count",
            "10",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(j.code, Some(2), "{j}");
    // Said once, on stderr: whose fault, why, its last stderr line.
    assert!(
        j.stderr.contains("the brute force `sh /")
            && j.stderr
                .contains("/crash.sh` failed on seed 5: RE exit code 3"),
        "{j}"
    );
    assert!(j.stderr.contains("(stderr: brute: out of ideas)"), "{j}");
    assert_eq!(
        j.stderr
            .matches("the brute force is blamed, not your solution")
            .count(),
        1,
        "{j}"
    );
    assert!(!j.stdout.contains("WA on"), "{j}");
}

#[test]
fn json_is_one_object_per_case_and_a_summary() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let j = judge(
        &dir,
        &[
            "--tests",
            "tests",
            "--cmd",
            "sh wrong.sh",
            "--json",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    let objects: Vec<serde_json::Value> = j
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(objects.len(), 4, "{j}");
    let first = &objects[0];
    assert_eq!(
        (first["problem"].as_str(), first["case"].as_str()),
        (Some("sum"), Some("big-1"))
    );
    assert_eq!(first["verdict"], "WA");
    for key in ["wall_ms", "cpu_ms", "peak_rss_kib"] {
        assert!(first[key].is_u64(), "{key}: {first}");
    }
    assert!(
        first["detail"]
            .as_str()
            .unwrap()
            .starts_with("first difference at line 1"),
        "{first}"
    );
    assert_eq!(objects[1]["verdict"], "AC");
    assert_eq!(objects[1]["detail"], "");
    let summary = &objects[3];
    assert_eq!(
        (summary["passed"].as_u64(), summary["failed"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(summary["verdicts"]["WA"], 1);
}

#[test]
fn colour_only_where_asked_for_and_never_in_a_pipe() {
    let dir = sum_problem();
    let out = out_dir(&dir);
    let args = [
        "--tests",
        "tests",
        "--cmd",
        "sh wrong.sh",
        "--out-dir",
        &out,
    ];
    // stdout is a pipe here: auto means plain text.
    let j = judge(&dir, &args);
    assert!(!j.stdout.contains('\u{1b}'), "{j}");
    let j = judge(&dir, &[&args[..], &["--color", "always"]].concat());
    assert!(j.stdout.contains("\u{1b}["), "{j}");
    // NO_COLOR does not override an explicit --color always; --color never is plain.
    let j = judge_env(
        &dir,
        &[&args[..], &["--color", "always"]].concat(),
        &[("NO_COLOR", "1")],
    );
    assert!(j.stdout.contains("\u{1b}["), "{j}");
    let j = judge(&dir, &[&args[..], &["--color", "never"]].concat());
    assert!(!j.stdout.contains('\u{1b}'), "{j}");
}

#[test]
fn full_diff_shows_every_difference() {
    let dir = sum_problem();
    std::fs::write(dir.join("tests/many.in"), "1 1\n").unwrap();
    // Twelve lines: more than a small output, which is shown whole.
    std::fs::write(
        dir.join("tests/many.out"),
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("many.sh"),
        "printf '1\\n2\\nX\\n4\\n5\\n6\\n7\\n8\\nY\\n10\\n11\\n12\\n'\n",
    )
    .unwrap();
    let out = out_dir(&dir);
    let args = [
        "--tests",
        "tests",
        "--cmd",
        "sh many.sh",
        "--out-dir",
        &out,
        "many",
    ];
    let j = judge(&dir, &args);
    assert!(
        j.stdout.contains("+ 3  X") && !j.stdout.contains("+Y"),
        "{j}"
    );
    let j = judge(&dir, &[&args[..], &["--diff", "full"]].concat());
    assert!(
        j.stdout.contains("    +X\n")
            && j.stdout.contains("    +Y\n")
            && j.stdout.contains("    -9\n"),
        "{j}"
    );
}

/// The walk-through's problem (docs/examples/knight, in Python) behaves as the README says:
/// the brute force and the buggy solution pass the samples with the checker, and stress finds
/// the bug. Skipped, with a notice, where there is no python3.
#[test]
fn the_readme_example_problem_behaves_as_documented() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("notice: python3 not found; docs/examples/knight not judged");
        return;
    }
    let knight = root().join("docs/examples/knight");
    let out = std::env::temp_dir().join(format!("knight-out-{}", std::process::id()));
    let out = out.display().to_string();
    for solution in ["python3 brute.py", "python3 sol.py"] {
        let j = judge(
            &knight,
            &[
                "--tests",
                "tests",
                "--cmd",
                solution,
                "--checker-cmd",
                "python3 check.py",
                "--out-dir",
                &out,
            ],
        );
        assert_eq!(j.code, Some(0), "{solution}: {j}");
    }
    let j = judge(
        &knight,
        &[
            "--tests",
            "tests",
            "--cmd",
            "python3 sol.py",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(
        j.code,
        Some(1),
        "another shortest route is WA without the checker: {j}"
    );
    let j = judge(
        &knight,
        &[
            "stress",
            "--gen",
            "python3 gen.py",
            "--brute",
            "python3 brute.py",
            "--cmd",
            "python3 sol.py",
            "--checker-cmd",
            "python3 check.py",
            "--seed",
            "1",
            "--count",
            "100",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("WA on case 5 of 100 (seed 5)"), "{j}");
    assert!(
        j.stdout.contains("checker: 5 moves, but the fewest is 1"),
        "{j}"
    );
}

/// `--shrink` on the user's own generator's input, whose format the judge does not know:
/// lines, tokens and numbers are cut while the same disagreement stays, and the printed
/// command judges the shrunk case as a folder of tests, from any folder.
#[test]
fn stress_shrinks_an_unknown_format_as_text() {
    let dir = sum_problem();
    // Three lines of noise around the pair: only the first line is read.
    std::fs::write(
        dir.join("gen3.sh"),
        "awk -v seed=\"$1\" 'BEGIN { srand(seed); print int(rand() * 100), int(rand() * 10); \
         print 7, 7, 7; print 8; print 9, 9 }'\n",
    )
    .unwrap();
    let out = out_dir(&dir);
    let j = judge(
        &dir,
        &[
            "stress",
            "--gen",
            "sh gen3.sh",
            "--brute",
            "sh brute.sh",
            "--cmd",
            "sh wrong.sh",
            "--seed",
            "1",
            "--count",
            "200",
            "--shrink",
            "--out-dir",
            &out,
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(
        j.stdout
            .contains("shrunk from 4 lines, 8 tokens to 1 lines, "),
        "{j}"
    );
    // The stress folder of a folder of tests is under a hash of its path.
    let stress = std::fs::read_dir(dir.join("out/stress"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("sum"))
        .find(|p| p.is_dir())
        .expect("a stress folder HASH/sum");
    let shrunk = std::fs::read_to_string(stress.join("shrunk.in")).unwrap();
    let a: i64 = shrunk.split_whitespace().next().unwrap().parse().unwrap();
    assert!(a > 50 && a < 100 && shrunk.lines().count() == 1, "{shrunk}");
    let line = j
        .stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce:"))
        .unwrap()
        .trim();
    assert!(
        line.contains(" --tests /") && line.contains("/sum/tests"),
        "{line}"
    );
    assert!(
        line.contains(&scripts_judge().display().to_string()),
        "{line}"
    );
    let again = through_the_script(&format!("{line} --out-dir {out}"))
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    let again_out = String::from_utf8_lossy(&again.stdout);
    assert!(
        again_out.contains("WA ") && again_out.contains("  sum/shrunk"),
        "{again_out}"
    );
}
