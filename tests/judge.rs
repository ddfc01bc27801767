//! The judge (`tools/src/bin/judge`, run by `scripts/judge`) judged: our binaries are all AC, a
//! deliberately wrong program gets each verdict (WA, RE, TLE, MLE), a different valid shortest
//! path is WA by default and AC with `--checker`, and `--stress` finds a planted bug.
//!
//! The judge, gen and checker tools are built once per test run in this run's profile
//! (`cargo build -p bfs-judge-tools`, beside the `CARGO_BIN_EXE_*` binaries). The misbehaving programs
//! are shell one-liners (`--cmd`) using only `sh`, `cat`, `printf`, `dd` and `awk`, so a machine
//! with Rust alone runs them. Limits are generous (10 s) except where a test wants TLE.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::support;

/// The folder of this run's binaries (`target/debug` or `target/release`), with the judge,
/// gen and checker tools built beside them.
fn bin_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| support::build_tools(&["judge", "gen", "checker"]))
}

/// A fresh scratch folder under this run's target folder.
fn scratch(name: &str) -> PathBuf {
    let dir = bin_dir()
        .join("judge-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Judged {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Judged {
    /// The closing `N passed, N failed` line, as numbers.
    fn tally(&self) -> (usize, usize) {
        let last = self.stdout.lines().last().unwrap_or("");
        let nums: Vec<usize> = last
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(
            last.ends_with(" failed") && nums.len() == 2,
            "no closing `N passed, N failed` line:\n{}",
            self.stdout
        );
        (nums[0], nums[1])
    }

    /// The verdict lines (`VERDICT ms MiB name`), as (verdict, name).
    fn verdicts(&self) -> Vec<(String, String)> {
        self.stdout
            .lines()
            .filter(|l| l.contains(" MiB  "))
            .map(|l| {
                let verdict = l.split_whitespace().next().unwrap().to_string();
                let name = l.rsplit("  ").next().unwrap().to_string();
                (verdict, name)
            })
            .collect()
    }
}

impl std::fmt::Display for Judged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs the judge with `args`, its failing outputs kept in `out`.
fn judge(out: &Path, args: &[&str]) -> Judged {
    let exe = bin_dir().join("judge");
    let o = Command::new(&exe)
        .arg("--bin-dir")
        .arg(bin_dir())
        .arg("--out-dir")
        .arg(out)
        .args(args)
        .env("COLUMNS", "100")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    Judged {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Judges robot-maze's tests with `--cmd cmd` plus `extra` options; asserts every case got
/// `verdict` and the exit status is 1.
fn expect_all(name: &str, cmd: &str, extra: &[&str], verdict: &str) -> Judged {
    let out = scratch(name);
    let mut args = vec!["robot-maze", "--cmd", cmd];
    args.extend_from_slice(extra);
    let j = judge(&out, &args);
    let cases = support::cases("robot-maze").len();
    assert_eq!(j.code, Some(1), "{j}");
    assert_eq!(j.tally(), (0, cases), "{j}");
    let verdicts = j.verdicts();
    assert_eq!(verdicts.len(), cases, "{j}");
    assert!(verdicts.iter().all(|(v, _)| v == verdict), "{j}");
    j
}

// (a) ---------------------------------------------------------------------------------------

#[test]
fn our_binaries_are_all_accepted() {
    let out = scratch("ours");
    // Debug builds under `cargo test`: the real limits are enforced by `scripts/judge` in CI.
    let j = judge(&out, &["--time-limit-ms", "10000", "-j", "2"]);
    assert_eq!(j.code, Some(0), "{j}");
    let (passed, failed) = j.tally();
    assert_eq!(failed, 0, "{j}");
    for problem in support::PROBLEMS {
        // The tests and, for our own binaries, the invalid-input cases.
        let invalid = std::fs::read_dir(support::problem_dir(problem).join("invalid"))
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .filter(|e| e.file_name().to_string_lossy().ends_with(".in"))
                    .count()
            })
            .unwrap_or(0);
        let n = support::cases(problem).len() + invalid;
        assert!(n > 0 && passed >= n, "{j}");
        let summary = format!("{problem}: {n} of {n} AC");
        assert!(j.stdout.contains(&summary), "no `{summary}`:\n{j}");
    }
}

// (b) ---------------------------------------------------------------------------------------

#[test]
fn wrong_answer_shows_the_first_differing_line_and_keeps_the_outputs() {
    // `cat` echoes the input: line 1 is the header `R C r1 c1 r2 c2`, never a path cell.
    let j = expect_all("wa", "cat", &[], "WA");
    assert!(j.stdout.contains("first difference at line 1:"), "{j}");
    let sample = support::cases("robot-maze")
        .into_iter()
        .find(|c| c.name == "sample")
        .expect("robot-maze has its sample");
    let first_expected = String::from_utf8_lossy(&sample.expected)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        j.stdout
            .contains(&format!("      expected: {first_expected}\n")),
        "{j}"
    );
    assert!(
        j.stdout.contains("judge-tests/wa-"),
        "summary names the folder:\n{j}"
    );
    let dir = scratch_path("wa").join("robot-maze");
    assert_eq!(std::fs::read(dir.join("sample.got")).unwrap(), sample.input);
    assert_eq!(
        std::fs::read(dir.join("sample.expected")).unwrap(),
        sample.expected
    );
    assert!(dir.join("sample.stderr").is_file());
}

/// The path `scratch(name)` made (without clearing it).
fn scratch_path(name: &str) -> PathBuf {
    bin_dir()
        .join("judge-tests")
        .join(format!("{name}-{}", std::process::id()))
}

#[test]
fn a_crash_is_a_runtime_error_naming_the_signal() {
    let j = expect_all("re-signal", "kill -SEGV $$", &[], "RE");
    assert!(j.stdout.contains("killed by SIGSEGV"), "{j}");
}

#[test]
fn a_non_zero_exit_is_a_runtime_error_with_its_stderr() {
    let j = expect_all("re-exit", "echo oops >&2; exit 3", &[], "RE");
    assert!(j.stdout.contains("exit code 3"), "{j}");
    assert!(j.stdout.contains("stderr: oops"), "{j}");
}

#[test]
fn an_endless_loop_is_killed_with_its_process_group() {
    let j = expect_all(
        "tle",
        "while :; do :; done",
        &["--time-limit-ms", "300"],
        "TLE",
    );
    assert!(j.stdout.contains("killed after"), "{j}");

    // A grandchild in the background dies with the group: the marker is never written. Any
    // marker would be written within 2 s of its case's start, so before the judge's end + 2 s.
    let dir = fake_problem("tle-group");
    let marker = dir.join("marker");
    // (`; :` takes the case's extra arguments.)
    let cmd = format!("(sleep 2; touch {}) & wait; :", marker.display());
    let problems = dir.join("problems").display().to_string();
    let j = judge(
        &dir.join("out"),
        &[
            "fake",
            "--problems-dir",
            &problems,
            "--cmd",
            &cmd,
            "--time-limit-ms",
            "300",
        ],
    );
    assert_eq!(j.verdicts().len(), 2, "{j}");
    assert!(j.verdicts().iter().all(|(v, _)| v == "TLE"), "{j}");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    assert!(!marker.exists(), "the background grandchild survived");
}

#[test]
fn touching_a_gibibyte_is_a_memory_limit_exceeded() {
    // dd allocates its 1 GiB block and fills it from /dev/zero.
    let j = expect_all(
        "mle",
        "dd if=/dev/zero of=/dev/null bs=1G count=1",
        // A generous time limit: on a loaded machine dd may take seconds to reach 256 MiB.
        &["--memory-limit-mib", "256", "--time-limit-ms", "20000"],
        "MLE",
    );
    assert!(j.stdout.contains("(limit 256.0 MiB)"), "{j}");
}

#[test]
fn peak_memory_is_the_childs_own() {
    // Each run reads 100 MiB into dd's block: each line reports about 100 MiB, neither the sum
    // over earlier runs nor the shell's own few MiB (dd is the shell's child: `wait4` gives
    // the maximum over the program and what it waited for).
    let dir = fake_problem("mem");
    let problems = dir.join("problems").display().to_string();
    let j = judge(
        &dir.join("out"),
        &[
            "fake",
            "--problems-dir",
            &problems,
            "--cmd",
            "dd if=/dev/zero of=/dev/null bs=100M count=1 2>/dev/null; echo 1 2 3; :",
            "--memory-limit-mib",
            "1024",
            "--time-limit-ms",
            "20000",
        ],
    );
    let lines: Vec<&str> = j.stdout.lines().filter(|l| l.contains(" MiB  ")).collect();
    assert_eq!(lines.len(), 2, "{j}");
    for line in lines {
        let mib: f64 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert!((95.0..140.0).contains(&mib), "{line}\n{j}");
    }
}

// Invalid-input cases and the problem folder format, on a problem made here. -----------------

/// A problem `fake` whose "binary" is a shell script printing our kind of error message.
fn fake_problem(name: &str) -> PathBuf {
    let dir = scratch(name);
    let p = dir.join("problems/fake");
    std::fs::create_dir_all(p.join("tests")).unwrap();
    std::fs::create_dir_all(p.join("invalid")).unwrap();
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let write = |path: &Path, text: &str| std::fs::write(path, text).unwrap();
    write(
        &p.join("info.toml"),
        "# made by tests/judge.rs\nname = \"fake\"\nbinary = \"fake-bin\"\n\
         time_limit_ms = 10_000  # generous\nmemory_limit_mib = 256\ncompare = \"exact\"\n",
    );
    // Echoes valid input (a line of digits) and its arguments with CRLF endings, rejects
    // anything else like our binaries do.
    let script = "#!/bin/sh\nread -r line\ncase \"$line\" in\n\
                  *[!0-9\\ ]*) echo \"fake-bin: line 1: expected a number, found $line\" >&2; exit 1;;\n\
                  esac\nprintf '%s\\r\\n' \"$line\" \"$@\"\n";
    let bin = dir.join("bin/fake-bin");
    write(&bin, script);
    Command::new("chmod").arg("+x").arg(&bin).status().unwrap();
    write(&p.join("tests/one.in"), "1 2 3\n");
    write(&p.join("tests/one.out"), "1 2 3  \n\n\n");
    write(&p.join("tests/args.in"), "7\n");
    write(&p.join("tests/args.out"), "7\n--flag\n");
    write(&p.join("tests/args.args"), "--flag\n");
    write(&p.join("invalid/letter.in"), "x\n");
    write(
        &p.join("invalid/letter.err"),
        "line 1: expected a number, found x\n",
    );
    write(&p.join("invalid/wrong-message.in"), "y\n");
    write(
        &p.join("invalid/wrong-message.err"),
        "line 1: expected a grid\n",
    );
    write(&p.join("invalid/accepted.in"), "5\n");
    write(&p.join("invalid/accepted.err"), "line 1:\n");
    dir
}

#[test]
fn invalid_input_cases_need_exit_1_and_the_message_for_our_binaries_only() {
    let dir = fake_problem("invalid");
    let problems = dir.join("problems");
    let bins = dir.join("bin");
    let out = dir.join("out");
    let exe = bin_dir().join("judge");
    let run = |extra: &[&str]| {
        let o = Command::new(&exe)
            .arg("--problems-dir")
            .arg(&problems)
            .arg("--bin-dir")
            .arg(&bins)
            .arg("--out-dir")
            .arg(&out)
            .args(extra)
            .output()
            .unwrap();
        Judged {
            code: o.status.code(),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        }
    };
    let j = run(&["fake"]);
    let got: Vec<(String, String)> = j.verdicts();
    let want = [
        ("AC", "fake/args"),
        ("AC", "fake/one"),
        ("WA", "fake/invalid/accepted"),
        ("AC", "fake/invalid/letter"),
        ("WA", "fake/invalid/wrong-message"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(v, n)| (v.to_string(), n.to_string()))
        .collect();
    assert_eq!(got, want, "{j}");
    assert!(j.stdout.contains("exit code 0, expected 1"), "{j}");
    assert!(
        j.stdout.contains("stderr lacks: line 1: expected a grid"),
        "{j}"
    );
    assert_eq!(j.tally(), (3, 2), "{j}");
    assert_eq!(j.code, Some(1), "{j}");

    // A foreign program cannot know our messages: --cmd judges the tests only.
    let script = bins.join("fake-bin").display().to_string();
    let j = run(&["fake", "--cmd", &script]);
    assert_eq!(j.tally(), (2, 0), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
}

#[test]
fn usage_errors_exit_2() {
    let out = scratch("usage");
    let j = judge(&out, &["no-such-problem"]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("no problem `no-such-problem`"), "{j}");
    let j = judge(&out, &["--stress", "robot-maze"]);
    assert_eq!(j.code, Some(2), "{j}");
    // --bundle without target/bundle/robot-maze(.rs): a clear error, not a silent pass.
    let empty = out.join("release");
    let j = judge(
        &out,
        &[
            "robot-maze",
            "--bundle",
            "--bin-dir",
            &empty.display().to_string(),
        ],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("scripts/bundle robot-maze"), "{j}");
}

// (c) ---------------------------------------------------------------------------------------

/// A robot-maze problem folder with one case that has two shortest paths: the 2x2 open grid
/// from (1, 1) to (2, 2). Ours goes down first (U < D < L < R); `ALTERNATIVE` goes right.
fn two_paths(name: &str) -> PathBuf {
    let dir = scratch(name);
    let tests = dir.join("problems/robot-maze/tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(
        dir.join("problems/robot-maze/info.toml"),
        "name = \"robot-maze\"\nbinary = \"robot-maze\"\ntime_limit_ms = 10000\n\
         memory_limit_mib = 256\ncompare = \"exact\"\nchecker = true\n",
    )
    .unwrap();
    let input = b"2 2 1 1 2 2\n00\n00\n";
    let ours = support::run_program(Path::new(support::binary("robot-maze")), &[], input);
    assert_eq!(ours.stdout, b"1 1\n2 1\n2 2\n", "ours goes down first");
    std::fs::write(tests.join("two.in"), input).unwrap();
    std::fs::write(tests.join("two.out"), &ours.stdout).unwrap();
    dir
}

const ALTERNATIVE: &str = "printf '1 1\\n1 2\\n2 2\\n'";

#[test]
fn another_shortest_path_is_wrong_by_default() {
    let dir = two_paths("two-paths-exact");
    let problems = dir.join("problems").display().to_string();
    let j = judge(
        &dir.join("out"),
        &["--problems-dir", &problems, "--cmd", ALTERNATIVE],
    );
    assert_eq!(
        j.verdicts(),
        [("WA".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert!(j.stdout.contains("first difference at line 2:"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
}

#[test]
fn another_shortest_path_is_accepted_by_the_checker() {
    let dir = two_paths("two-paths-checker");
    let problems = dir.join("problems").display().to_string();
    let j = judge(
        &dir.join("out"),
        &[
            "--problems-dir",
            &problems,
            "--checker",
            "--cmd",
            ALTERNATIVE,
        ],
    );
    assert_eq!(
        j.verdicts(),
        [("AC".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert_eq!(j.code, Some(0), "{j}");
    // A path through a gap (not adjacent cells) is rejected with the checker's reason.
    let j = judge(
        &dir.join("out"),
        &[
            "--problems-dir",
            &problems,
            "--checker",
            "--cmd",
            "printf '1 1\\n2 2\\n2 2\\n'",
        ],
    );
    assert_eq!(
        j.verdicts(),
        [("WA".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert!(j.stdout.contains("    checker: "), "{j}");
}

// (d) ---------------------------------------------------------------------------------------

#[test]
fn stress_finds_a_planted_bug_and_its_seed_reproduces_it() {
    if !support::root().join("tools/src/bin/gen/main.rs").is_file() {
        panic!("tools/src/bin/gen/main.rs (the generator) is missing");
    }
    let ours = support::binary("robot-maze");
    // Correct except that it drops the 9th line: wrong exactly on paths of 9 cells or more.
    let buggy = format!("{ours} | awk 'NR != 9'");
    let out = scratch("stress");
    let j = judge(
        &out,
        &[
            "--stress",
            "robot-maze",
            "--cmd",
            &buggy,
            "--seed",
            "1",
            "--count",
            "300",
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    let (passed, failed) = j.tally();
    assert_eq!(failed, 1, "{j}");
    assert!(passed < 300, "{j}");
    assert!(j.stdout.contains("first difference at line 9:"), "{j}");
    assert!(
        j.stdout
            .contains("cargo run --release --example gen -- robot-maze "),
        "{j}"
    );
    let dir = out.join("stress/robot-maze");
    for file in ["input.in", "expected", "got"] {
        assert!(dir.join(file).is_file(), "{file} not saved\n{j}");
    }
    // The printed seed alone reproduces the disagreement.
    let seed = j
        .stdout
        .split("(seed ")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .expect("the failure names its seed")
        .to_string();
    let again = judge(
        &scratch("stress-again"),
        &[
            "--stress",
            "robot-maze",
            "--cmd",
            &buggy,
            "--seed",
            &seed,
            "--count",
            "1",
        ],
    );
    assert_eq!(again.tally(), (0, 1), "{again}");

    // Our own binary as the command: no disagreement in as many cases.
    let clean = judge(
        &scratch("stress-clean"),
        &[
            "--stress",
            "robot-maze",
            "--cmd",
            ours,
            "--seed",
            "1",
            "--count",
            "50",
        ],
    );
    assert_eq!(clean.tally(), (50, 0), "{clean}");
    assert_eq!(clean.code, Some(0), "{clean}");
}
