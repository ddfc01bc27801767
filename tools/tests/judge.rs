//! The judge judged, as a user meets it: the real `judge` binary runs real programs (shell
//! one-liners, so a machine with Rust alone runs them) over real problem folders.
//!
//! - our binaries are all AC; each verdict (WA, RE, TLE, MLE, OLE) has its program;
//! - hostile programs: a gigabyte on stderr, a flood on stdout, `setsid` and double-forked
//!   background processes, a bounded fork bomb; none may cost the judge memory or disk, and
//!   none may outlive its case;
//! - setup errors (a missing or non-executable command, a failing checker, a bad info.toml,
//!   an unknown problem) exit 2, said once, with no verdict lines;
//! - CPU time against wall time;
//! - `--checker` and `--stress`.
//!
//! Our solver binaries are built once per run (`cargo build -p bfs-judge`) in this run's
//! profile and target folder; the tools are this package's own binaries.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::judge::single_verdict;
use crate::support::{
    alone, bin_dir, installed, judge, judge_in, make_executable, none_left, root, scratch, Judge,
    Judged, BFS_JUDGE,
};

/// A problem folder `NAME` under `dir/problems` with one test case (`1 2 3` in, `1 2 3`
/// out), `info.toml` from `info`; returns the problems folder.
fn one_case_problem(dir: &Path, name: &str, info: &str) -> PathBuf {
    let problems = dir.join("problems");
    let p = problems.join(name);
    std::fs::create_dir_all(p.join("tests")).unwrap();
    std::fs::write(p.join("info.toml"), info).unwrap();
    std::fs::write(p.join("tests/one.in"), "1 2 3\n").unwrap();
    std::fs::write(p.join("tests/one.out"), "1 2 3\n").unwrap();
    problems
}

const ONE_CASE_INFO: &str = "time_limit_ms = 10_000\nmemory_limit_mib = 256\n";

/// Judges `cmd` on a one-case problem with `extra` options.
fn judge_one(name: &str, cmd: &str, extra: &[&str]) -> (Judged, PathBuf) {
    let dir = scratch(name);
    let problems = one_case_problem(&dir, "one", ONE_CASE_INFO);
    let out = dir.join("out");
    let mut args = vec!["one", "--cmd", cmd];
    args.extend_from_slice(extra);
    (judge_in(&out, &args, Some(&problems)), out)
}

/// The folder a problem's failing cases are kept in under `out`: `NAME` for ours, `NAME-HASH`
/// for any other folder of problems or tests.
fn kept(out: &Path, name: &str) -> PathBuf {
    std::fs::read_dir(out)
        .unwrap_or_else(|e| panic!("{}: {e}", out.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            p.is_dir()
                && (n == name
                    || n.strip_prefix(name)
                        .and_then(|r| r.strip_prefix('-'))
                        .is_some_and(|h| h.len() == 8 && h.bytes().all(|b| b.is_ascii_hexdigit())))
        })
        .unwrap_or_else(|| panic!("no kept folder for {name} in {}", out.display()))
}

/// The bytes under a folder, recursively.
fn disk_bytes(dir: &Path) -> u64 {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return 0;
    };
    rd.filter_map(|e| e.ok())
        .map(|e| {
            let m = e.metadata().unwrap();
            if m.is_dir() {
                disk_bytes(&e.path())
            } else {
                m.len()
            }
        })
        .sum()
}

/// Asserts that no process with `marker` in its command line is alive (once those killed
/// have left /proc).
fn assert_none_left(marker: &str, j: &Judged) {
    if let Err(left) = none_left(marker) {
        panic!(
            "{} processes outlived their case: {left:?}\n{j}",
            left.len()
        );
    }
}

// Our binaries, and one program per verdict. --------------------------------------------------

#[test]
fn our_binaries_are_all_accepted() {
    let out = scratch("ours");
    // Debug builds under `cargo test`: the real limits are enforced by `scripts/judge` in CI.
    let j = judge(&out, &["--time-limit-ms", "10000", "-j", "2"]);
    assert_eq!(j.code, Some(0), "{j}");
    let (_, failed) = j.tally();
    assert_eq!(failed, 0, "{j}");
    for problem in ["robot-maze", "swap-game", "chase", "wave", "pushing-boxes"] {
        let dir = root().join("problems").join(problem);
        let count = |sub: &str| {
            std::fs::read_dir(dir.join(sub)).map_or(0, |rd| {
                rd.filter_map(|e| e.ok())
                    .filter(|e| e.file_name().to_string_lossy().ends_with(".in"))
                    .count()
            })
        };
        let n = count("tests") + count("invalid");
        let summary = format!("{problem}: {n} of {n} AC");
        assert!(n > 0 && j.stdout.contains(&summary), "no `{summary}`:\n{j}");
    }
}

#[test]
fn wrong_answer_shows_the_first_differing_line_and_keeps_the_outputs() {
    let (j, out) = judge_one("wa", "printf '1 2 4\\n'", &[]);
    assert_eq!(single_verdict(&j), "WA");
    assert_eq!(j.code, Some(1), "{j}");
    assert!(
        j.stdout.contains(
            "    first difference at line 1 (- expected, + got):\n    - 1  1 2 3\n    + 1  1 2 4\n"
        ),
        "{j}"
    );
    // Colour is off in a pipe: the differing token is pointed at with a caret.
    assert!(
        j.stdout.contains("\n             ^\n") && !j.stdout.contains('\u{1b}'),
        "{j}"
    );
    assert_eq!(
        std::fs::read(kept(&out, "one").join("one.got")).unwrap(),
        b"1 2 4\n"
    );
    assert_eq!(
        std::fs::read(kept(&out, "one").join("one.expected")).unwrap(),
        b"1 2 3\n"
    );
    assert!(kept(&out, "one").join("one.stderr").is_file());
    // CRLF, trailing spaces and trailing blank lines are not differences.
    let (j, _) = judge_one("wa-lenient", "printf '1 2 3  \\r\\n\\r\\n\\n'", &[]);
    assert_eq!(single_verdict(&j), "AC", "{j}");
}

#[test]
fn a_crash_is_a_runtime_error_naming_the_signal() {
    let (j, _) = judge_one("re-signal", "kill -SEGV $$", &[]);
    assert_eq!(single_verdict(&j), "RE");
    assert!(j.stdout.contains("killed by SIGSEGV (signal 11)"), "{j}");
}

#[test]
fn a_runtime_error_shows_the_last_stderr_line_escaped() {
    // Python puts the exception last; the first line is always the same "Traceback".
    let traceback = "printf 'Traceback (most recent call last):\\n  File \"a.py\", line 3\\n\
                     ZeroDivisionError: division by zero\\n\\n' >&2; exit 1";
    let (j, _) = judge_one("re-traceback", traceback, &[]);
    assert_eq!(single_verdict(&j), "RE");
    assert!(j.stdout.contains("exit code 1, expected 0"), "{j}");
    assert!(
        j.stdout
            .contains("    stderr: ZeroDivisionError: division by zero\n"),
        "{j}"
    );
    // Control characters never reach the terminal raw; a long line is cut to its width.
    let (j, _) = judge_one(
        "re-control",
        "printf '\\033[2J\\033[31mboom %0200d\\n' 0 >&2; exit 3",
        &[],
    );
    assert!(!j.stdout.contains('\u{1b}'), "{j}");
    let line = j
        .stdout
        .lines()
        .find(|l| l.contains("stderr: "))
        .expect("a stderr line");
    assert!(line.contains("\\x1b[2J\\x1b[31mboom 000"), "{j}");
    // In a pipe a message is never cut: the whole line, all 200 zeros, whatever COLUMNS says.
    assert!(
        line.ends_with(&format!("boom {}", "0".repeat(200))),
        "{line}"
    );
}

#[test]
fn an_endless_loop_is_a_time_limit_on_cpu_time() {
    let (j, _) = judge_one(
        "tle-cpu",
        "while :; do :; done",
        &["--time-limit-ms", "300"],
    );
    assert_eq!(single_verdict(&j), "TLE");
    assert!(j.stdout.contains("ms of CPU time (limit 300 ms)"), "{j}");
}

#[test]
fn sleeping_is_not_slow_under_a_cpu_limit_but_is_under_wall_time() {
    // Four seconds asleep, then the right answer: within a 3000 ms CPU limit (the wall-clock
    // backstop is 2 x 3000 + 1000 ms: three seconds to spare for a busy machine to start the
    // shell), over a 3000 ms wall-time limit.
    let cmd = "sleep 4; echo 1 2 3";
    let (j, _) = judge_one("cpu-sleep", cmd, &["--time-limit-ms", "3000", "-v"]);
    assert_eq!(single_verdict(&j), "AC", "{j}");
    let line = j.case_lines().next().unwrap().to_string();
    let wall: u64 = line.split_whitespace().nth(4).unwrap().parse().unwrap();
    let cpu: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(
        wall >= 4000 && cpu < 3000,
        "cpu {cpu} ms, wall {wall} ms: {line}"
    );
    assert!(
        j.stdout.contains("limits 3000 ms cpu (7000 ms wall)"),
        "{j}"
    );

    let (j, _) = judge_one(
        "wall-sleep",
        cmd,
        &["--time-limit-ms", "3000", "--wall-time"],
    );
    assert_eq!(single_verdict(&j), "TLE", "{j}");
    assert!(
        j.stdout
            .contains("of wall time (limit 3000 ms, --wall-time)"),
        "{j}"
    );

    // Asleep for good: the backstop ends it, and says why.
    let (j, _) = judge_one("cpu-backstop", "sleep 30", &["--time-limit-ms", "200"]);
    assert_eq!(single_verdict(&j), "TLE", "{j}");
    assert!(j.stdout.contains("sleeping or waiting for input?"), "{j}");
}

#[test]
fn touching_a_gibibyte_is_a_memory_limit_exceeded() {
    let (j, _) = judge_one(
        "mle",
        "dd if=/dev/zero of=/dev/null bs=1G count=1",
        &["--memory-limit-mib", "256", "--time-limit-ms", "20000"],
    );
    assert_eq!(single_verdict(&j), "MLE", "{j}");
    assert!(j.stdout.contains("(limit 256.0 MiB)"), "{j}");
}

#[test]
fn peak_memory_is_the_programs_own() {
    // 100 MiB in dd's block: about 100 MiB, not the shell's few MiB (dd is the shell's
    // child, and wait4 gives the maximum over the program and what it waited for).
    let (j, _) = judge_one(
        "mem",
        "dd if=/dev/zero of=/dev/null bs=100M count=1 2>/dev/null; echo 1 2 3",
        &["--memory-limit-mib", "1024", "--time-limit-ms", "20000"],
    );
    assert_eq!(single_verdict(&j), "AC", "{j}");
    let line = j.case_lines().next().unwrap();
    let mib: f64 = line.split_whitespace().nth(7).unwrap().parse().unwrap();
    assert!((95.0..140.0).contains(&mib), "{line}\n{j}");
}

// Hostile programs. ---------------------------------------------------------------------------

#[test]
fn a_gibibyte_on_stderr_costs_the_judge_neither_memory_nor_disk() {
    let (j, out) = judge_one(
        "stderr-flood",
        "head -c 1073741824 /dev/zero >&2; exit 3",
        &[],
    );
    assert_eq!(single_verdict(&j), "RE", "{j}");
    assert!(
        j.peak_kib < 64 * 1024,
        "the judge's peak RSS was {} KiB\n{j}",
        j.peak_kib
    );
    let kept = std::fs::read(kept(&out, "one").join("one.stderr")).unwrap();
    assert!(
        kept.len() < 140 * 1024,
        "{} bytes of stderr kept",
        kept.len()
    );
    assert!(String::from_utf8_lossy(&kept).contains("bytes of stderr not kept]"));
    assert!(
        disk_bytes(&out) < 4 << 20,
        "{} bytes left on disk",
        disk_bytes(&out)
    );
}

#[test]
fn output_past_the_limit_is_ole_and_the_kept_output_is_capped() {
    let (j, out) = judge_one("ole", "head -c 300000000 /dev/zero", &[]);
    assert_eq!(single_verdict(&j), "OLE", "{j}");
    assert!(
        j.stdout
            .contains("stdout passed the output limit of 64 MiB"),
        "{j}"
    );
    assert!(
        j.peak_kib < 64 * 1024,
        "the judge's peak RSS was {} KiB\n{j}",
        j.peak_kib
    );
    assert!(
        disk_bytes(&out) < 4 << 20,
        "{} bytes left on disk",
        disk_bytes(&out)
    );
    // The limit is an option.
    let (j, _) = judge_one(
        "ole-option",
        "head -c 3000000 /dev/zero",
        &["--output-limit-mib", "2"],
    );
    assert_eq!(single_verdict(&j), "OLE", "{j}");
    let (j, _) = judge_one(
        "ole-under",
        "head -c 3000000 /dev/zero",
        &["--output-limit-mib", "4"],
    );
    assert_eq!(single_verdict(&j), "WA", "{j}");
}

#[test]
fn a_setsid_background_process_does_not_outlive_its_case() {
    let marker = "301.0625";
    let (j, _) = judge_one(
        "setsid",
        &format!("setsid sleep {marker} & echo 1 2 3"),
        &[],
    );
    assert_eq!(single_verdict(&j), "AC", "{j}");
    assert_none_left(marker, &j);
}

#[test]
fn a_double_forked_process_does_not_outlive_its_case() {
    // The subshell's child forks `sleep` and exits at once: sleep's parent is gone before
    // the case ends, so only a subreaper can still find it.
    let marker = "302.0625";
    let (j, _) = judge_one(
        "double-fork",
        &format!("(sh -c 'sleep {marker} >/dev/null 2>&1 &' &); sleep 0.2; echo 1 2 3"),
        &[],
    );
    assert_eq!(single_verdict(&j), "AC", "{j}");
    assert_none_left(marker, &j);
}

#[test]
fn a_bounded_fork_bomb_leaves_nothing_behind() {
    // 2^8 - 1 forked shells, each sleeping, some of them in new sessions.
    let marker = "303.0625";
    let cmd = format!(
        "bomb() {{ if [ $1 -gt 0 ]; then bomb $(($1-1)) & setsid sh -c 'sleep {marker}' & bomb $(($1-1)) & fi; sleep {marker}; }}; bomb 7 & sleep 1; echo 1 2 3"
    );
    // Alone: its shells count against every other run's process limit.
    let _alone = alone();
    let (j, _) = judge_one("fork-bomb", &cmd, &[]);
    assert_eq!(single_verdict(&j), "AC", "{j}");
    assert_none_left(marker, &j);
}

// Setup errors: exit 2, said once, no verdict lines. ---------------------------------------

fn assert_setup_error(j: &Judged, fragment: &str) {
    assert_eq!(j.code, Some(2), "{j}");
    assert_eq!(
        j.verdicts().len(),
        0,
        "no verdict lines for a setup error\n{j}"
    );
    let lines: Vec<&str> = j.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "said once\n{j}");
    assert!(
        lines[0].starts_with("judge: ") && lines[0].contains(fragment),
        "{j}"
    );
}

/// Our problem folder is read whole, by its own reader, when it is opened: a case without
/// its answer is one setup error naming the file, in `test` and in `stress` alike.
#[test]
fn a_case_of_our_problem_without_its_answer_is_a_setup_error() {
    let dir = scratch("no-answer");
    let problems = one_case_problem(&dir, "one", ONE_CASE_INFO);
    std::fs::remove_file(problems.join("one/tests/one.out")).unwrap();
    let missing = problems.join("one/tests/one.out").display().to_string();
    for args in [
        &["one", "--cmd", "cat"][..],
        &["stress", "one", "--cmd", "cat"],
    ] {
        let j = judge_in(&dir.join("out"), args, Some(&problems));
        assert_setup_error(&j, &format!("{missing}: missing"));
    }
}

#[test]
fn a_command_that_cannot_run_is_a_setup_error() {
    let (j, _) = judge_one("missing", "./no-such-program", &[]);
    assert_setup_error(&j, "cannot run `./no-such-program`: no such file");
    let (j, _) = judge_one("missing-on-path", "no-such-program-xyz < /dev/null", &[]);
    assert_setup_error(&j, "not found");
    let dir = scratch("not-executable");
    let script = dir.join("a.out");
    std::fs::write(&script, "echo 1 2 3\n").unwrap();
    let (j, _) = judge_one("not-executable-run", &script.display().to_string(), &[]);
    assert_setup_error(&j, "not an executable file");
}

#[test]
fn a_failing_checker_is_a_setup_error_not_a_wrong_answer() {
    // `checker = true` for a problem our checker tool does not know: it exits 3.
    let dir = scratch("checker-fails");
    let problems = one_case_problem(&dir, "mine", "checker = true\n");
    let j = judge_in(
        &dir.join("out"),
        &["mine", "--checker", "--cmd", "echo 1 2 3"],
        Some(&problems),
    );
    assert_setup_error(&j, "checker");
    assert!(
        j.stderr.contains("exit code 3") && !j.stderr.contains("Some("),
        "{j}"
    );
}

#[test]
fn a_bad_info_toml_is_a_setup_error_naming_file_and_line() {
    let dir = scratch("bad-info");
    let problems = one_case_problem(&dir, "bad", "time_limit_ms = 1000\nmemory_limit = 64\n");
    let j = judge_in(&dir.join("out"), &["bad", "--cmd", "cat"], Some(&problems));
    assert_setup_error(
        &j,
        "info.toml: line 2, column 1: unknown field `memory_limit`",
    );
    let j = judge_in(&dir.join("out"), &["no-such-problem"], Some(&problems));
    assert_setup_error(&j, "no problem `no-such-problem`");
}

#[test]
fn usage_errors_exit_2() {
    let out = scratch("usage");
    let j = judge(&out, &["stress", "robot-maze"]);
    assert_eq!(j.code, Some(2), "{j}");
    let j = judge(&out, &["--cmd", "a", "--bundle"]);
    assert_eq!(j.code, Some(2), "{j}");
    // --bundle without ROOT/target/bundle/robot-maze(.rs): a clear error, not a silent pass.
    // The folder is the root's, where `bfs-judge bundle` writes, wherever the binaries are.
    let checkout = out.join("root");
    let j = Judge::flat(&out, &["test", "robot-maze", "--bundle", "--root"])
        .arg(&checkout)
        .env_remove("CARGO_TARGET_DIR")
        .problems(&root().join("problems"))
        .run();
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("scripts/bundle robot-maze"), "{j}");
    let looked = checkout.join("target/bundle/robot-maze");
    assert!(j.stderr.contains(&looked.display().to_string()), "{j}");
}

/// `--bundle` runs `DIR/PROBLEM`, compiled from `DIR/PROBLEM.rs` when that is newer, as
/// `bfs-judge bundle` compiles it: a warning from rustc is an error, and leaves no program.
#[test]
fn a_bundle_newer_than_its_program_is_compiled_as_bundle_compiles_it() {
    let out = scratch("bundle-fresh");
    let dir = out.join("bundles");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("robot-maze.rs");
    let exe = dir.join("robot-maze");
    let run = || {
        Judge::flat(&out, &["test", "robot-maze/invalid/blank-only", "--bundle"])
            .arg("--bundle-dir")
            .arg(&dir)
            .run()
    };
    // Exits 0 without a word where the input must be refused: compiled, run, judged.
    std::fs::write(&source, "fn main() {}\n").unwrap();
    let j = run();
    assert_eq!(single_verdict(&j), "WA", "{j}");
    assert!(j.stdout.contains("exit code 0, expected 1"), "{j}");
    assert!(exe.is_file(), "{j}");
    // A newer source with a warning: compiled again, refused, and no program is left.
    std::fs::write(&source, "fn main() {\n    let unused = 1;\n}\n").unwrap();
    let later =
        std::fs::metadata(&exe).unwrap().modified().unwrap() + std::time::Duration::from_secs(2);
    let file = std::fs::File::options().write(true).open(&source).unwrap();
    file.set_modified(later).unwrap();
    let j = run();
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("unused"), "{j}");
    assert!(!exe.exists(), "{j}");
}

// Invalid-input cases, for our binaries only. -----------------------------------------------

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
        "# made by tools/tests/judge.rs\nname = \"fake\"\nbinary = \"fake-bin\"\n\
         time_limit_ms = 10_000  # generous\nmemory_limit_mib = 256\ncompare = \"exact\"\n",
    );
    // Echoes valid input (a line of digits) and its arguments with CRLF endings, rejects
    // anything else like our binaries do.
    let script = "#!/bin/sh\nread -r line\ncase \"$line\" in\n\
                  *[!0-9\\ ]*) echo \"fake-bin: line 1: expected a number, found $line\" >&2; exit 1;;\n\
                  esac\nprintf '%s\\r\\n' \"$line\" \"$@\"\n";
    let bin = dir.join("bin/fake-bin");
    write(&bin, script);
    make_executable(&bin);
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
    let run = |extra: &[&str]| {
        Judge::new(["test", "--problems-dir"])
            .arg(&problems)
            .arg("--bin-dir")
            .arg(&bins)
            .arg("--out-dir")
            .arg(&out)
            .args(extra)
            .run()
    };
    let j = run(&["fake"]);
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
    assert_eq!(j.verdicts(), want, "{j}");
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

// --checker -----------------------------------------------------------------------------------

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
    std::fs::write(tests.join("two.in"), "2 2 1 1 2 2\n00\n00\n").unwrap();
    std::fs::write(tests.join("two.out"), "1 1\n2 1\n2 2\n").unwrap();
    dir
}

const ALTERNATIVE: &str = "printf '1 1\\n1 2\\n2 2\\n'";

#[test]
fn another_shortest_path_is_wrong_by_default_and_accepted_by_the_checker() {
    let dir = two_paths("two-paths");
    let problems = dir.join("problems");
    let out = dir.join("out");
    let ours = bin_dir().join("robot-maze").display().to_string();
    let j_ours = judge_in(&out, &["--cmd", &ours], Some(&problems));
    assert_eq!(
        j_ours.verdicts(),
        [("AC".into(), "robot-maze/two".into())],
        "ours goes down first\n{j_ours}"
    );
    let j = judge_in(&out, &["--cmd", ALTERNATIVE], Some(&problems));
    assert_eq!(
        j.verdicts(),
        [("WA".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert!(
        j.stdout
            .contains("first difference at line 2 (- expected, + got):"),
        "{j}"
    );
    let j = judge_in(&out, &["--checker", "--cmd", ALTERNATIVE], Some(&problems));
    assert_eq!(
        j.verdicts(),
        [("AC".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert_eq!(j.code, Some(0), "{j}");
    // A path through a gap (not adjacent cells) is rejected with the checker's reason, named.
    let j = judge_in(
        &out,
        &["--checker", "--cmd", "printf '1 1\\n2 2\\n2 2\\n'"],
        Some(&problems),
    );
    assert_eq!(
        j.verdicts(),
        [("WA".into(), "robot-maze/two".into())],
        "{j}"
    );
    assert!(j.stdout.contains("    illegal move: step 1 jumps: "), "{j}");
}

// --stress ------------------------------------------------------------------------------------

#[test]
fn stress_finds_a_planted_bug_and_its_seed_reproduces_it() {
    let ours = bin_dir().join("robot-maze").display().to_string();
    // Correct except that it drops the 9th line: wrong exactly on paths of 9 cells or more.
    let buggy = format!("{ours} | awk 'NR != 9'");
    let out = scratch("stress");
    let j = judge(
        &out,
        &[
            "stress",
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
    assert!(
        j.stdout
            .contains("first difference at line 9 (- expected, + got):"),
        "{j}"
    );
    assert!(j.stdout.contains("bfs-judge gen robot-maze "), "{j}");
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
            "stress",
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
            "stress",
            "robot-maze",
            "--cmd",
            &ours,
            "--seed",
            "1",
            "--count",
            "50",
        ],
    );
    assert_eq!(clean.tally(), (50, 0), "{clean}");
    assert_eq!(clean.code, Some(0), "{clean}");
}

// Show me, and every option does what it says (issue 27). ---------------------------------

/// A contestant's folder: `tests/1.in` (`2 1`) with `tests/1.out` (`2 1`), and shell
/// programs `gen` (prints its seed), `brute` (`cat`) and those in `programs` (`DIR` in them
/// is the folder).
fn contestant(name: &str, programs: &[(&str, &str)]) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("tests/1.in"), "2 1\n").unwrap();
    std::fs::write(dir.join("tests/1.out"), "2 1\n").unwrap();
    let all = [("gen", "echo \"$1 1\""), ("brute", "cat")];
    for (file, body) in all.iter().chain(programs) {
        let path = dir.join(file);
        let body = body.replace("DIR", &dir.display().to_string());
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        make_executable(&path);
    }
    dir
}

#[test]
fn a_small_failing_case_shows_its_input_and_both_outputs_with_carets_by_token() {
    let dir = contestant("show-me", &[("swap", "read a b; echo \"$b $a\"")]);
    let j = installed(&dir, &dir.join("cache"), &["test", "--cmd", "./swap"]);
    assert_eq!(single_verdict(&j), "WA");
    // Both outputs whole, both swapped tokens marked (not a shifted one), then the input.
    let shown = concat!(
        "    first difference at line 1 (- expected, + got):\n",
        "    - 1  2 1\n",
        "    + 1  1 2\n",
        "         ^ ^\n",
        "    input:\n",
        "      2 1\n",
    );
    assert!(j.stdout.contains(shown), "{j}");
}

#[test]
fn the_cache_keeps_only_failing_cases_and_clean_empties_it() {
    let dir = contestant("cache", &[("right", "cat"), ("wrong", "echo 0")]);
    let cache = dir.join("cache");
    let j = installed(&dir, &cache, &["test", "--cmd", "./right"]);
    assert_eq!(j.tally(), (1, 0), "{j}");
    // All passed: no folder, no lock file; nothing at all under the cache's folder.
    let left: Vec<_> = std::fs::read_dir(cache.join("bfs-judge"))
        .map(|l| l.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}\n{j}");
    let j = installed(&dir, &cache, &["test", "--cmd", "./wrong"]);
    assert_eq!(j.tally(), (0, 1), "{j}");
    let kept = std::fs::read_dir(cache.join("bfs-judge"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.is_dir())
        .expect("a folder of failing cases");
    assert!(kept.join("1.got").is_file(), "{j}");
    let j = installed(&dir, &cache, &["clean"]);
    assert_eq!(j.code, Some(0), "{j}");
    assert!(j.stdout.starts_with("removed 2 entries"), "{j}");
    assert_eq!(
        std::fs::read_dir(cache.join("bfs-judge")).unwrap().count(),
        0
    );
}

#[test]
fn stress_j_2_runs_two_cases_at_once() {
    // Each candidate announces itself, then waits (`tries` tenths of a second) to see another
    // one alive: only cases that run at the same time see each other. Having seen one, it
    // stays until that one has seen it too (the count of sightings is even again; a minute
    // at most), however late the judge starts it on a busy machine: an event, not a clock
    // (issue 42: it stayed 2 s).
    let wait = |tries: u32| {
        format!(
            "cd DIR; touch \"live.$$\"; n=0; while [ $n -lt {tries} ]; do \
             if [ $(ls live.* | wc -l) -gt 1 ]; then echo saw >> seen; m=0; \
             while [ $(($(wc -l < seen) % 2)) -ne 0 ] && [ $m -lt 600 ]; do \
             sleep 0.1; m=$((m+1)); done; break; fi; \
             sleep 0.1; n=$((n+1)); done; rm -f \"live.$$\"; cat"
        )
    };
    // -j 2: a minute to meet another (a backstop); -j 1: 2 s in which none may be seen.
    let (long, short) = (wait(600), wait(20));
    let dir = contestant("stress-jobs", &[("waits", &long), ("waits-2s", &short)]);
    let cache = dir.join("cache");
    let run = |jobs, count, program| {
        let _ = std::fs::remove_file(dir.join("seen"));
        let j = installed(
            &dir,
            &cache,
            &[
                "stress",
                "--gen",
                "./gen",
                "--brute",
                "./brute",
                "--cmd",
                program,
                "--seed",
                "1",
                "--count",
                count,
                "-j",
                jobs,
                "--time-limit-ms",
                "60000",
                // The candidates meet through files in DIR, which isolation would hide
                // from each other (each run writes only in a private copy of it).
                "--isolation",
                "none",
            ],
        );
        assert_eq!(j.code, Some(0), "{j}");
        std::fs::read_to_string(dir.join("seen"))
            .unwrap_or_default()
            .lines()
            .count()
    };
    assert_eq!(
        run("2", "4", "./waits"),
        4,
        "every case of -j 2 ran beside another"
    );
    assert_eq!(
        run("1", "2", "./waits-2s"),
        0,
        "-j 1 runs one case at a time"
    );
}

#[test]
fn a_slow_brute_force_has_its_own_time_limit_and_is_blamed_once() {
    let dir = contestant(
        "stress-brute",
        &[("spin", "while :; do :; done"), ("sol", "cat")],
    );
    let cache = dir.join("cache");
    let stress = ["stress", "--cmd", "./sol", "--seed", "1", "--count", "1"];
    let mut args = stress.to_vec();
    args.extend(["--gen", "./gen"]);
    // Wall time, so that the message names the limit however loaded the machine is.
    args.extend(["--brute", "./spin", "--time-limit-ms", "200", "--wall-time"]);
    let j = installed(&dir, &cache, &args);
    assert_eq!(j.code, Some(2), "{j}");
    // Five times the program's limit by default; said once, on stderr.
    assert!(j.stderr.contains("(limit 1000 ms, --wall-time)"), "{j}");
    assert_eq!(j.stderr.matches("is blamed").count(), 1, "{j}");
    assert!(
        !j.stdout.contains("is blamed") && !j.stdout.contains("TLE"),
        "{j}"
    );
    args.extend(["--brute-time-limit-ms", "300"]);
    let j = installed(&dir, &cache, &args);
    assert!(j.stderr.contains("(limit 300 ms, --wall-time)"), "{j}");
    // A slow generator is stopped at its own limit.
    let mut args = stress.to_vec();
    args.extend([
        "--brute",
        "./brute",
        "--gen",
        "./spin",
        "--gen-time-limit-ms",
        "300",
    ]);
    let j = installed(&dir, &cache, &args);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("the generator") && j.stderr.contains("TLE"),
        "{j}"
    );
}

#[test]
fn stress_reproduces_with_the_command_invoked_and_keeps_its_files_in_the_cache() {
    let dir = contestant("stress-again", &[("wrong", "echo 0")]);
    let cache = dir.join("cache");
    let j = installed(
        &dir,
        &cache,
        &[
            "stress", "--gen", "./gen", "--brute", "./brute", "--cmd", "./wrong", "--count", "3",
        ],
    );
    assert_eq!(j.code, Some(1), "{j}");
    let line = j
        .stdout
        .lines()
        .find(|l| l.contains("reproduce:"))
        .expect("a reproduce line");
    let exe = std::path::absolute(BFS_JUDGE).unwrap();
    assert!(
        line.contains(&format!("{} stress --gen ", exe.display())),
        "{line}"
    );
    assert!(!line.contains("scripts/judge"), "{line}");
    // The input is under the cache, as `test`'s failing cases are, not in the checkout.
    let input = j.stdout.lines().find(|l| l.contains("input: ")).unwrap();
    assert!(
        input.contains(&cache.join("bfs-judge").display().to_string()),
        "{input}"
    );
    // The reproduce line runs as printed, from anywhere.
    let again = Command::new("sh")
        .arg("-c")
        .arg(line.split("reproduce:").nth(1).unwrap().trim())
        .env("XDG_CACHE_HOME", &cache)
        .output()
        .unwrap();
    assert_eq!(
        again.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
}

#[test]
fn a_mode_refuses_and_hides_the_options_it_cannot_use() {
    let dir = scratch("unusable");
    for (args, flag) in [
        (
            &[
                "stress",
                "--gen",
                "g",
                "--brute",
                "b",
                "--cmd",
                "c",
                "--interactor",
                "i",
            ][..],
            "--interactor",
        ),
        (&["scale", "robot-maze", "--tests", "t"][..], "--tests"),
        (&["scale", "robot-maze", "--bundle"][..], "--bundle"),
        (&["verify", "p", "--bundle-dir", "d"][..], "--bundle-dir"),
    ] {
        let j = installed(&dir, &dir, args);
        assert_eq!(j.code, Some(2), "{j}");
        // Not one of its options: clap's own refusal, as of any unknown option.
        assert!(
            j.stderr.contains(&format!("unexpected argument '{flag}'")),
            "{j}"
        );
        let help = installed(&dir, &dir, &[args[0], "--help"]);
        assert!(
            !help.stdout.contains(&format!("{flag} ")),
            "{}",
            help.stdout
        );
    }
    let help = installed(&dir, &dir, &["verify", "--help"]);
    assert!(
        help.stdout
            .contains("Languages (`bfs-judge languages` shows them")
            && help.stdout.contains("C++       .cpp"),
        "{}",
        help.stdout
    );
    let help = installed(&dir, &dir, &["bundle", "--help"]);
    assert_eq!(
        help.stdout.matches("[default:").count(),
        3,
        "{}",
        help.stdout
    );
}

// Why a path is wrong: named mistakes, --draw, the HTML page, --shrink (issue 12). ---------

mod why;

// Hostile programs: limits on the whole tree, no hangs, no shared state (issue 18). ------

mod hostile;

// Other people's formats: Library Checker, Kattis packages, interactive problems (issue 19).

mod formats;

// The judge holds the answers; a huge answer is read up to its first difference (issue 26).

mod answers;

// DMOJ problems: init.yml, a zip, batches, named checkers (issue 28).

mod dmoj;

// CMS's formats: TPS/IOI exports with graders, Communication, italy_yaml (issue 28).

mod cms;

// Polygon packages: generated tests, main's answers, groups and tags (issue 28). --------

mod polygon;

// What the kernel holds for a program, and CPU time no wait4 of ours sees (issue 40). -----

mod kernel;
