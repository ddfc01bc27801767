//! Running one program under limits, from the judge's side: start a supervisor (this same
//! binary as `judge __supervise …`, see `supervise.rs`) for the run, and read back its report.
//!
//! The judge itself holds no output of the program in memory and starts no process of the
//! program's: whatever the program does, its cost to the judge is one small report line.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::run::files;
use crate::run::program::Program;
use crate::run::supervise::{self, Kill, Report, Request};
use crate::run::sys::Status;
use crate::text::printable;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time limit, in milliseconds.
    pub time_ms: u64,
    /// `true`: the time limit is on wall-clock time; `false`: on CPU time (user + system),
    /// with a wall-clock backstop of [`Limits::wall_backstop_ms`].
    pub wall_time: bool,
    pub memory_kib: u64,
    pub output_bytes: u64,
}

impl Limits {
    /// Under a CPU-time limit, a program that sleeps or waits on I/O is still stopped once the
    /// wall clock passes twice the limit plus a second.
    pub fn wall_backstop_ms(&self) -> u64 {
        if self.wall_time {
            self.time_ms
        } else {
            2 * self.time_ms + 1000
        }
    }
}

/// How a run went.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub wall_ms: u64,
    pub cpu_ms: u64,
    pub peak_kib: u64,
    pub status: Status,
    pub killed: Option<Kill>,
}

/// Why a run could not be judged.
#[derive(Debug)]
pub enum RunError {
    /// The program cannot be started at all (a setup error: every case would fail alike).
    CannotStart(String),
    /// The judge's own machinery failed (no disk space, a broken supervisor).
    Judge(String),
}

/// Runs `program extra...` with `stdin`, its stdout and stderr written to the two paths.
pub fn run(
    program: &Program,
    extra: &[String],
    stdin: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Run, RunError> {
    let request = Request {
        cpu_ms: (!limits.wall_time).then_some(limits.time_ms),
        wall_ms: limits.wall_backstop_ms(),
        memory_kib: limits.memory_kib,
        output_bytes: limits.output_bytes,
        stdin: absolute(stdin),
        stdout: absolute(stdout),
        stderr: absolute(stderr),
        argv: program.argv(extra),
    };
    let me = std::env::current_exe()
        .map_err(|e| RunError::Judge(format!("cannot find the judge's own binary: {e}")))?;
    let out = Command::new(&me)
        .arg(supervise::ARG)
        .args(request.to_args())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| RunError::Judge(format!("cannot start the supervisor: {e}")))?;
    let report = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || report.trim().is_empty() {
        return Err(RunError::Judge(format!(
            "the supervisor failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    match report.parse::<Report>().map_err(RunError::Judge)? {
        Report::CannotStart(why) => Err(RunError::CannotStart(why)),
        Report::Ran {
            status,
            cpu_us,
            wall_us,
            peak_kib,
            killed,
            ..
        } => Ok(Run {
            wall_ms: wall_us / 1000,
            cpu_ms: cpu_us / 1000,
            peak_kib,
            status,
            killed,
        }),
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Runs `program` and maps a start failure to a setup error. A shell line whose command is
/// missing or not executable ends with 127 or 126 and the shell's own message: a setup error
/// too.
pub fn run_program(
    program: &Program,
    args: &[String],
    input: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Run, String> {
    let run = run(program, args, input, stdout, stderr, limits).map_err(|e| match e {
        RunError::CannotStart(why) => format!("cannot run `{}`: {why}", program.describe()),
        RunError::Judge(why) => format!("judge error: {why}"),
    })?;
    if program.is_shell() && matches!(run.status, Status::Code(126 | 127)) {
        let err = files::read_capped(stderr, 4096);
        let text = String::from_utf8_lossy(&err);
        let lost = [
            "not found",
            "No such file",
            "Permission denied",
            "cannot execute",
        ];
        if lost.iter().any(|m| text.contains(m)) {
            return Err(format!(
                "cannot run `{}`: {}",
                program.describe(),
                printable(text.trim().as_bytes())
            ));
        }
    }
    Ok(run)
}
