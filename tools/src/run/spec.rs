//! One run of a program, as every layer above asks for it: a [`Spec`] says what to run, its
//! arguments, its stdin, where its stdout and stderr go, its [`Limits`], its working folder
//! and the folders it may write; [`Spec::run`] hands it to this thread's supervisor (see
//! `sandbox.rs`) and says how it went ([`Run`]) or why it could not be judged ([`RunError`]).
//! A judged program, a checker, a generator and a compiler are all run so.
//!
//! ```ignore
//! let run = Spec::of(&program, &stdout, &stderr, limits)
//!     .args(&extra)
//!     .stdin(Some(&input))
//!     .cwd(Some(&folder))
//!     .run()?;
//! ```

use std::path::{Path, PathBuf};

use crate::run::program::Program;
use crate::run::supervise::{Kill, Request};
use crate::run::sys::Status;

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
    /// The stack limit; `None`: the memory limit (as Kattis and Codeforces have it).
    pub stack_kib: Option<u64>,
}

impl Limits {
    /// The stack limit in force: the one set, else the memory limit.
    pub fn stack_limit_kib(&self) -> u64 {
        self.stack_kib.unwrap_or(self.memory_kib)
    }

    /// When the wall clock stops a run: under a wall-time limit, the limit; under a CPU-time
    /// limit, twice the limit plus a second (a program that sleeps or waits on I/O).
    pub fn wall_backstop_ms(&self) -> u64 {
        if self.wall_time {
            self.time_ms
        } else {
            self.time_ms.saturating_mul(2).saturating_add(1000)
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
    /// The share of the watcher's looks that found the program ready to run, percent: high
    /// with little CPU time, the machine starved it.
    pub runnable_pct: u64,
    /// The largest stack the watcher saw (`VmStk`), KiB.
    pub stack_kib: u64,
    /// The most processes and threads the run had at once (see `supervise::Report`).
    pub tasks: u64,
    /// The process limit in force, 0 when there is none.
    pub task_limit: u64,
}

/// Why a run could not be judged. Only a program that really cannot be started (the
/// supervisor's exec failed) is [`RunError::CannotStart`]; whatever a started program does,
/// its own exit code 127 included, is its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The program cannot be started at all (a setup error: every case would fail alike):
    /// the program as a user reads it, and why.
    CannotStart { program: String, why: String },
    /// The judge's own machinery failed (no disk space, a broken supervisor).
    Judge(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::CannotStart { program, why } => write!(f, "cannot run `{program}`: {why}"),
            RunError::Judge(why) => write!(f, "judge error: {why}"),
        }
    }
}

impl std::error::Error for RunError {}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        e.to_string()
    }
}

/// One run, built up from what it must have ([`Spec::of`]) and what it may have.
#[derive(Clone, Debug)]
#[must_use = "a Spec does nothing until it is run"]
pub struct Spec<'a> {
    program: &'a Program,
    args: &'a [String],
    stdin: Option<&'a Path>,
    stdout: &'a Path,
    stderr: &'a Path,
    limits: Limits,
    cwd: Option<&'a Path>,
    writable: &'a [PathBuf],
}

impl<'a> Spec<'a> {
    /// `program` with no arguments, stdin `/dev/null`, stdout and stderr written to the two
    /// paths, under `limits`, in the judge's own folder, writing only its private folders.
    pub fn of(program: &'a Program, stdout: &'a Path, stderr: &'a Path, limits: Limits) -> Self {
        Spec {
            program,
            args: &[],
            stdin: None,
            stdout,
            stderr,
            limits,
            cwd: None,
            writable: &[],
        }
    }

    /// Arguments after the program's own (a shell line gets them as `"$@"`).
    pub fn args(self, args: &'a [String]) -> Self {
        Spec { args, ..self }
    }

    /// stdin: a regular file (or an interaction's FIFO); `None`: `/dev/null`.
    pub fn stdin(self, stdin: Option<&'a Path>) -> Self {
        Spec { stdin, ..self }
    }

    /// The folder the program starts in (a file I/O problem's private working folder, where
    /// its input file waits and its output file is read back from); `None`: the judge's.
    pub fn cwd(self, cwd: Option<&'a Path>) -> Self {
        Spec { cwd, ..self }
    }

    /// Folders the run may write besides its private ones (a build's own).
    pub fn writable(self, writable: &'a [PathBuf]) -> Self {
        Spec { writable, ..self }
    }

    /// Runs it through this thread's supervisor (started on the thread's first run, and
    /// again after one that did not survive its run) and reads back its report.
    pub fn run(self) -> Result<Run, RunError> {
        let limits = self.limits;
        let request = Request {
            cwd: self.cwd.map(absolute),
            cpu_ms: (!limits.wall_time).then_some(limits.time_ms),
            wall_ms: limits.wall_backstop_ms(),
            memory_kib: limits.memory_kib,
            stack_kib: limits.stack_limit_kib(),
            output_bytes: limits.output_bytes,
            stdin: self.stdin.map(absolute),
            stdout: absolute(self.stdout),
            stderr: absolute(self.stderr),
            writable: self.writable.iter().map(|p| absolute(p)).collect(),
            argv: self.program.argv(self.args),
        };
        crate::run::sandbox::serve(&request, self.program)
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}
