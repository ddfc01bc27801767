//! Helpers shared by the integration tests: the problem folders, running a binary,
//! and a seeded loop that reports how to replay a failing case.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folder `problems/<problem>`.
pub fn problem_dir(problem: &str) -> PathBuf {
    root().join("problems").join(problem)
}

/// The path of a problem's release-or-debug binary built for this test run.
pub fn binary(problem: &str) -> &'static str {
    match problem {
        "robot-maze" => env!("CARGO_BIN_EXE_robot-maze"),
        "chase" => env!("CARGO_BIN_EXE_chase"),
        "wave" => env!("CARGO_BIN_EXE_wave"),
        "swap-game" => env!("CARGO_BIN_EXE_swap-game"),
        "pushing-boxes" => env!("CARGO_BIN_EXE_pushing-boxes"),
        other => panic!("no binary for problem {other:?}"),
    }
}

/// Every problem that has a binary (and so a folder of tests).
pub const PROBLEMS: &[&str] = &["robot-maze", "swap-game", "chase", "wave", "pushing-boxes"];

/// A test case: `NAME.in`, its expected `NAME.out`, extra arguments from `NAME.args`, and
/// for the full-size tests the command that generated the input, from `NAME.gen`
/// (`bfs-judge gen PROBLEM KIND SIZES... [--seed S]`).
pub struct Case {
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Vec<u8>,
    pub args: Vec<String>,
    pub generated: Option<String>,
}

/// The names `NAME` of the `NAME.in` files in `dir`, sorted.
fn input_names(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The cases of `problems/<problem>/tests`, sorted by name.
pub fn cases(problem: &str) -> Vec<Case> {
    let dir = problem_dir(problem).join("tests");
    let names = input_names(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    names
        .into_iter()
        .map(|name| {
            let read = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}")));
            let args = read("args")
                .map(|a| {
                    String::from_utf8(a)
                        .expect("args file is UTF-8")
                        .split_whitespace()
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            let generated = read("gen").ok().map(|g| {
                String::from_utf8(g)
                    .expect("gen file is UTF-8")
                    .trim()
                    .to_string()
            });
            Case {
                input: read("in").unwrap(),
                expected: read("out")
                    .unwrap_or_else(|e| panic!("{problem}/{name}.out missing: {e}")),
                args,
                generated,
                name,
            }
        })
        .collect()
}

/// What a process did: exit code, stdout, stderr.
pub struct Outcome {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `program` with `args`, feeding `input` on stdin.
pub fn run_program(program: &Path, args: &[String], input: &[u8]) -> Outcome {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Feed stdin from a thread so a large output cannot deadlock against it.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Outcome {
        code: output.status.code(),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The number of random cases a stress test runs: `default`, or `BFS_JUDGE_STRESS`
/// when set (long runs are opt-in).
pub fn stress_count(default: u64) -> u64 {
    std::env::var("BFS_JUDGE_STRESS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Shows an input for a failure message: as text when printable, cut when long.
pub fn show(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    if text.len() > 4000 {
        format!("{}... ({} bytes)", &text[..4000], input.len())
    } else {
        text.into_owned()
    }
}

/// A malformed input from `problems/<problem>/invalid`: the binary must exit with code 1,
/// print `stdout` (answers to earlier valid cases, usually nothing) and one stderr line
/// containing `fragment`.
pub struct InvalidCase {
    pub name: String,
    pub input: Vec<u8>,
    pub fragment: String,
    pub stdout: Vec<u8>,
}

/// The cases of `problems/<problem>/invalid`, sorted by name (none if the folder is absent).
pub fn invalid_cases(problem: &str) -> Vec<InvalidCase> {
    let dir = problem_dir(problem).join("invalid");
    let Ok(names) = input_names(&dir) else {
        return Vec::new();
    };
    names
        .into_iter()
        .map(|name| {
            let read = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}")));
            let fragment = String::from_utf8(
                read("err").unwrap_or_else(|e| panic!("{problem}/invalid/{name}.err: {e}")),
            )
            .expect(".err files are UTF-8");
            InvalidCase {
                input: read("in").unwrap(),
                fragment: fragment.trim_end().to_string(),
                stdout: read("out").unwrap_or_default(),
                name,
            }
        })
        .collect()
}

/// Builds `bfs-judge` and the bench helpers (package `bfs-judge-tools`) in this test
/// run's own profile and target folder, so that the solvers under test and the tools are
/// the same build, and returns the folder of this run's binaries (`target/debug` or
/// `target/release`), where both are.
pub fn build_tools() -> PathBuf {
    let dir = Path::new(binary("robot-maze"))
        .parent()
        .expect("binary has a folder")
        .to_path_buf();
    let target = dir.parent().expect("profile folder has a parent");
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.args(["build", "--quiet", "--manifest-path"])
        .arg(root().join("Cargo.toml"))
        .args(["--package", "bfs-judge-tools"])
        .arg("--target-dir")
        .arg(target);
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    cmd.args(["--bin", "bfs-judge", "--examples"]);
    let status = cmd.status().expect("cannot run cargo");
    assert!(
        status.success(),
        "building bfs-judge and its examples failed"
    );
    dir
}
