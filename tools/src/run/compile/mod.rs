//! Building programs from source, each compiler run like a judged program (see `spec.rs`):
//! in the judge's isolation, with no stdin, writing only its build's folder and its private
//! /tmp, under a build's limits (`compile_time_limit`, `compile_memory_limit`), past which
//! it is killed with all it started and the program's verdict is a compile error. By job:
//! - `source.rs`: one source file in its language, with a user's commands (`bfs-judge test
//!   main.cpp`, a package's one-file submission), cached by a hash of its bytes and the
//!   commands; a compile error is kept too, so a broken source is not compiled again;
//! - `folder.rs`: a package's program: a file, a folder of one language's sources, or a
//!   folder with its own `build` and `run` scripts; and the C++ checkers of packages.
//!
//! The languages and their commands are `lang.rs`'s table. A build goes to a folder of the
//! cache of its own, made under another name and renamed into place when done (see
//! [`Scratch`]), so that two judges building at once never see half a build.

mod folder;
mod source;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::run::files::{read_capped, Private};
pub use crate::run::lang::{
    table, verify_help, BuildLimits, LangSpec, Langs, COMPILE_MEMORY_LIMIT_MIB,
    COMPILE_TIME_LIMIT_S,
};
use crate::run::program::Program;
use crate::run::spec::{Limits, RunError, Spec};
use crate::run::supervise::{self, Kill};
use crate::run::sys::{self, Status};
pub use folder::{build, build_cpp, build_from, build_with, kattis_python, BuildError};
pub use source::{build_source, SourceError};

/// The most a compiler may write to stdout (its messages go to stderr, of which the
/// supervisor keeps the first and last 64 KiB whatever the amount).
const COMPILE_OUTPUT_BYTES: u64 = 16 << 20;

/// How many of the compiler's lines a CE shows, from its first error on.
pub const CE_LINES: usize = 10;

/// A compiler's run: it ended (whether it succeeded, and what it said), or it was stopped
/// at one of its limits (why, in words).
enum Compiled {
    Ended {
        success: bool,
        ended: String,
        said: String,
    },
    Stopped(String),
}

/// Runs the compiler `argv` as a judged program is run (see `spec.rs`): in the
/// judge's isolation, with no stdin, in `cwd` (`None`: the judge's folder), writing only in
/// `writable` (the build's own folders) and its private /tmp, under `limits`; what it says
/// on stdout and stderr is collected. A compiler past a limit is killed with everything it
/// started, and named. `Err`: it cannot be started (not installed), or the judge failed.
fn run_compiler(
    argv: Vec<String>,
    cwd: Option<&Path>,
    writable: &[PathBuf],
    limits: BuildLimits,
) -> Result<Compiled, RunError> {
    let private =
        Private::for_output(COMPILE_OUTPUT_BYTES).map_err(|e| RunError::Judge(e.to_string()))?;
    let (out, err) = (private.join("stdout"), private.join("stderr"));
    let compiler = Program::Direct(argv);
    let run = Spec::of(
        &compiler,
        &out,
        &err,
        Limits {
            time_ms: limits.time.as_millis() as u64,
            wall_time: true,
            memory_kib: limits.memory_mib.saturating_mul(1024),
            output_bytes: COMPILE_OUTPUT_BYTES,
            stack_kib: None,
        },
    )
    .cwd(cwd)
    .writable(writable)
    .run()?;
    let limit = |what: String| Ok(Compiled::Stopped(what));
    match run.killed {
        Some(Kill::Wall | Kill::Cpu) => return limit(too_long(limits.time)),
        Some(Kill::Memory) => {
            return limit(format!(
                "the compiler passed the build's memory limit of {} MiB \
                 (compile_memory_limit in a config file raises it)",
                limits.memory_mib
            ))
        }
        Some(Kill::Processes) => {
            return limit(format!(
                "the build passed the process limit of {} processes and threads",
                run.task_limit.max(supervise::PROCESSES)
            ))
        }
        Some(Kill::Output) => {
            return limit(format!(
                "the compiler wrote more than {} MiB to stdout",
                COMPILE_OUTPUT_BYTES >> 20
            ))
        }
        Some(Kill::Cancelled) => return limit("the build was interrupted".to_string()),
        Some(Kill::SupervisorKilled | Kill::SupervisorStopped) | None => {}
    }
    let mut said = String::from_utf8_lossy(&read_capped(&err, 1 << 20)).into_owned();
    said.push_str(&String::from_utf8_lossy(&read_capped(&out, 1 << 20)));
    let (success, ended) = match run.status {
        Status::Code(0) => (true, "exit code 0".to_string()),
        Status::Code(c) => (false, format!("exit code {c}")),
        Status::Signal(sig) => (false, format!("signal {}", sys::signal_name(sig))),
    };
    Ok(Compiled::Ended {
        success,
        ended,
        said,
    })
}

/// The compile error of a compiler stopped at `limit`.
fn too_long(limit: Duration) -> String {
    format!("compilation took longer than {} s", limit.as_secs())
}

/// Makes the program a build wrote executable, as the judge itself: a Landlock-confined
/// linker may not `chmod` it (see `jail/landlock.rs`), and `ld` does not fail when it cannot.
fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(m) = fs::metadata(path) {
        if m.is_file() && m.permissions().mode() & 0o100 == 0 {
            let mode = m.permissions().mode() | 0o111;
            let _ = fs::set_permissions(path, fs::Permissions::from_mode(mode));
        }
    }
}

/// The compiler's first error lines: from the first line that says `error`, at most
/// [`CE_LINES`], each as the compiler printed it (control characters escaped: see
/// [`crate::text::message`]).
pub fn first_error_lines(said: &str) -> Vec<String> {
    let lines: Vec<&str> = said.lines().filter(|l| !l.trim().is_empty()).collect();
    // A Python traceback: from its last frame, the user's file and line, to the error.
    let traceback = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("File \""))
        .filter(|_| said.contains("Traceback (most recent call last)"));
    let from = traceback.unwrap_or_else(|| {
        lines
            .iter()
            .position(|l| l.to_ascii_lowercase().contains("error"))
            .unwrap_or(0)
    });
    lines[from..]
        .iter()
        .take(CE_LINES)
        .map(|l| crate::text::message(l.trim_end().as_bytes()))
        .collect()
}

/// A build in progress: a folder of this process's beside the one it is to become (`.NAME.
/// building-PID`), removed with all it holds unless it is kept.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A fresh scratch folder for the build `done`.
    fn new(done: &Path) -> io::Result<Scratch> {
        let name = done.file_name().unwrap_or_default().to_string_lossy();
        let path = done.with_file_name(format!(".{name}.building-{}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        Ok(Scratch { path })
    }

    fn path(&self) -> &Path {
        &self.path
    }

    /// The build is done: its `prog` made executable, the folder renamed to `done`.
    /// Another judge may have finished the same build first: either is as good.
    fn keep(self, done: &Path) -> io::Result<()> {
        make_executable(&self.path.join("prog"));
        if fs::rename(&self.path, done).is_err() && !done.is_dir() {
            return Err(io::Error::other(format!(
                "cannot move the build into {}",
                done.display()
            )));
        }
        Ok(())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Words of a command line from strings.
fn words<const N: usize>(parts: [&str; N]) -> Vec<String> {
    parts.iter().map(|p| p.to_string()).collect()
}
