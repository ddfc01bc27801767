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

pub use crate::run::outcome::{Limits, Run, RunError};
use crate::run::program::Program;
use crate::run::supervise::Request;

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
    output_kills: bool,
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
            output_kills: true,
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

    /// The output limit checked when the run ends, as problemtools checks it, instead of
    /// killing the program at it: a flood of output cut short by the time limit is a TLE.
    /// What passes the limit is counted, not kept.
    pub fn output_checked_after(self, after: bool) -> Self {
        Spec {
            output_kills: !after,
            ..self
        }
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
            output_kills: self.output_kills,
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

/// [`Spec`] with the parts a judged program, a checker or a generator has: `program
/// args...` whose error is said in words.
pub fn run_program(
    program: &Program,
    args: &[String],
    input: Option<&Path>,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Run, String> {
    run_program_in(program, args, input, stdout, stderr, limits, None)
}

/// [`run_program`] in the working folder `cwd` (see [`Spec::cwd`]).
pub fn run_program_in(
    program: &Program,
    args: &[String],
    input: Option<&Path>,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
    cwd: Option<&Path>,
) -> Result<Run, String> {
    let spec = Spec::of(program, stdout, stderr, limits);
    Ok(spec.args(args).stdin(input).cwd(cwd).run()?)
}
