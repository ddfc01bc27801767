//! Why the bench stopped: [`BenchError`], whose `Display` is the line `bfs-judge bench`
//! prints before it exits with code 2. A baseline that cannot be built is not an error
//! (the report says it was not run); a missed target is not either.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;

/// Why the bench stopped.
#[derive(Debug)]
pub enum BenchError {
    /// A file or folder that cannot be opened, created, read, written or renamed.
    File {
        doing: &'static str,
        path: PathBuf,
        error: io::Error,
    },
    /// A file whose size cannot be read.
    Size { path: PathBuf, error: io::Error },
    /// This binary's own path, which runs `gen` and `test`, is unknown.
    OwnExe(io::Error),
    /// A program that cannot be started, as the message names it.
    Spawn { program: String, error: io::Error },
    /// A command that failed while timed or judged, as the message names it.
    Failed { command: String, status: ExitStatus },
    /// A program run once for its peak memory that exited with `code`.
    Exited { command: String, code: i32 },
    /// `bfs-judge gen` failed on a workload's arguments.
    Generator {
        problem: &'static str,
        args: &'static [&'static str],
    },
    /// A judge-overhead contender that failed its check run: the last lines it printed.
    Check {
        label: String,
        status: ExitStatus,
        said: String,
    },
    /// A generated input that `far_corners` cannot rewrite; `None`: not a robot-maze input
    /// with its rows written together.
    FarCorners(Option<io::Error>),
    /// hyperfine failed: the commands and what it printed.
    Hyperfine {
        status: ExitStatus,
        commands: Vec<String>,
        stderr: String,
    },
    /// hyperfine's CSV export has no `median` column.
    NoMedianColumn,
    /// A line of hyperfine's CSV with fewer fields than its header.
    ShortCsvLine(String),
    /// A median in hyperfine's CSV that is not a number.
    BadMedian(String),
    /// hyperfine's CSV has `found` results for `expected` commands.
    CsvResults { found: usize, expected: usize },
}

impl BenchError {
    /// `doing` (`"opening"`, `"writing"`, ...) `path` failed with `error`.
    pub fn file(doing: &'static str, path: &Path, error: io::Error) -> BenchError {
        let path = path.to_path_buf();
        BenchError::File { doing, path, error }
    }

    /// `program` (as the message shows it) cannot be started.
    pub fn spawn(program: impl fmt::Display, error: io::Error) -> BenchError {
        let program = program.to_string();
        BenchError::Spawn { program, error }
    }
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::File { doing, path, error } => write!(f, "{doing} {path:?}: {error}"),
            BenchError::Size { path, error } => write!(f, "{path:?}: {error}"),
            BenchError::OwnExe(error) => write!(f, "cannot find bfs-judge: {error}"),
            BenchError::Spawn { program, error } => write!(f, "cannot run {program}: {error}"),
            BenchError::Failed { command, status } => write!(f, "{command} failed: {status}"),
            BenchError::Exited { command, code } => write!(f, "{command} exited with {code}"),
            BenchError::Generator { problem, args } => {
                write!(f, "the generator failed on {problem} {args:?}")
            }
            BenchError::Check {
                label,
                status,
                said,
            } => write!(f, "{label} failed ({status}): {said}"),
            BenchError::FarCorners(Some(error)) => write!(f, "far corners: {error}"),
            BenchError::FarCorners(None) => {
                f.write_str("far corners: not a robot-maze input with rows written together")
            }
            BenchError::Hyperfine {
                status,
                commands,
                stderr,
            } => write!(f, "hyperfine failed ({status}) on {commands:?}: {stderr}"),
            BenchError::NoMedianColumn => f.write_str("hyperfine's CSV has no median column"),
            BenchError::ShortCsvLine(line) => write!(f, "short hyperfine CSV line `{line}`"),
            BenchError::BadMedian(field) => {
                write!(f, "bad median `{field}` in hyperfine's CSV")
            }
            BenchError::CsvResults { found, expected } => {
                write!(
                    f,
                    "hyperfine's CSV has {found} results, expected {expected}"
                )
            }
        }
    }
}

impl std::error::Error for BenchError {}
