//! What a run is given and gives back, below the run itself: its [`Limits`], how it went
//! ([`Run`]) and why it could not be judged ([`RunError`]). `spec.rs` (what to run) and
//! `sandbox.rs` (the supervisor that runs it) both speak these.

use crate::run::supervise::Kill;
use crate::run::sys::Status;

/// The most a starved program's wall-clock backstop is drawn out to, in backstops: under a
/// CPU-time limit the time a busy machine kept the program from running is added to it
/// (`supervise.rs`); a machine busier than this is named in the verdict instead ("starved of
/// CPU by a busy machine").
pub const STARVED_BACKSTOPS: u32 = 10;

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
    /// limit, twice the limit plus a second (a program that sleeps or waits on I/O), which
    /// the supervisor draws out for a program a busy machine keeps from running (see
    /// [`Limits::longest_wall_ms`]).
    pub fn wall_backstop_ms(&self) -> u64 {
        if self.wall_time {
            self.time_ms
        } else {
            self.time_ms.saturating_mul(2).saturating_add(1000)
        }
    }

    /// The longest a run under these limits lasts: its wall backstop, drawn out as far as
    /// it is for a starved program.
    pub fn longest_wall_ms(&self) -> u64 {
        if self.wall_time {
            self.time_ms
        } else {
            self.wall_backstop_ms()
                .saturating_mul(u64::from(STARVED_BACKSTOPS))
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
    /// The program was never started: the other end of its stdin or stdout FIFO (an
    /// interactive run's) was not opened in the `waited_ms` the wall backstop allows. The
    /// caller knows whose end that is (a CMS manager's, see `judge::interact`).
    Unpaired {
        fifo: std::path::PathBuf,
        waited_ms: u64,
    },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::CannotStart { program, why } => write!(f, "cannot run `{program}`: {why}"),
            RunError::Judge(why) => write!(f, "judge error: {why}"),
            RunError::Unpaired { fifo, waited_ms } => write!(
                f,
                "judge error: the other end of the FIFO {} was not opened in {waited_ms} ms",
                fifo.display()
            ),
        }
    }
}

impl std::error::Error for RunError {}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        e.to_string()
    }
}
