//! Running one program under limits, from the judge's side: start a supervisor (this same
//! binary as `judge __supervise …`, see `supervise.rs`) for the run, and read back its report.
//!
//! The judge itself holds no output of the program in memory and starts no process of the
//! program's: whatever the program does, its cost to the judge is one small report line.
//!
//! The program runs as the same user as its supervisor, so it can stop or kill it. The judge
//! does not trust the supervisor to end: it waits for it until the wall backstop plus a
//! grace period, then kills it (a stopped supervisor is named as such), and every process
//! the program left, now orphaned to the judge (a subreaper too), is killed by the judge.
//! Each supervisor is registered while it lives, so that this sweep, which kills the judge's
//! children that are not supervisors, never touches another case's run.

use std::fs;
use std::io::{self, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::run::program::Program;
use crate::run::supervise::{self, Kill, Report, Request};
use crate::run::sys::{self, Status};
use crate::run::tree;
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
}

/// Why a run could not be judged.
#[derive(Debug)]
pub enum RunError {
    /// The program cannot be started at all (a setup error: every case would fail alike).
    CannotStart(String),
    /// The judge's own machinery failed (no disk space, a broken supervisor).
    Judge(String),
}

/// How long the judge waits for a supervisor past the run's wall backstop before it looks:
/// a supervisor kills the tree, reaps it and copies the output in this time.
const GRACE: Duration = Duration::from_millis(1000);

/// And how much longer it gives a supervisor that is not stopped, only slow (a large tree to
/// kill on a loaded machine), before it kills it as broken.
const SLOW_GRACE: Duration = Duration::from_millis(5000);

/// The judge's live supervisors. Spawning one and sweeping orphans both hold the lock, so
/// that a supervisor just started is never mistaken for an orphan.
static SUPERVISORS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Runs `program extra...` with `stdin` (a regular file; `None`: `/dev/null`), its stdout and
/// stderr written to the two paths.
pub fn run(
    program: &Program,
    extra: &[String],
    stdin: Option<&Path>,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Run, RunError> {
    let request = Request {
        cpu_ms: (!limits.wall_time).then_some(limits.time_ms),
        wall_ms: limits.wall_backstop_ms(),
        memory_kib: limits.memory_kib,
        output_bytes: limits.output_bytes,
        stdin: stdin.map(absolute),
        stdout: absolute(stdout),
        stderr: absolute(stderr),
        argv: program.argv(extra),
    };
    let me = std::env::current_exe()
        .map_err(|e| RunError::Judge(format!("cannot find the judge's own binary: {e}")))?;
    let mut cmd = Command::new(&me);
    cmd.arg(supervise::ARG)
        .args(request.to_args())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = {
        let mut live = SUPERVISORS.lock().unwrap_or_else(|e| e.into_inner());
        let child = cmd
            .spawn()
            .map_err(|e| RunError::Judge(format!("cannot start the supervisor: {e}")))?;
        live.push(child.id() as i32);
        child
    };
    let pid = child.id() as i32;
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut v = Vec::new();
            let _ = (&mut pipe).take(64 * 1024).read_to_end(&mut v);
            v
        })
    };
    let out_reader = read_all(Box::new(child.stdout.take().expect("piped")));
    let err_reader = read_all(Box::new(child.stderr.take().expect("piped")));
    let backstop = Duration::from_millis(request.wall_ms);
    let (status, late) = wait_with_deadline(&mut child, start + backstop + GRACE);
    SUPERVISORS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
    let status = status.map_err(|e| RunError::Judge(format!("waiting for the supervisor: {e}")))?;
    let wall_ms = start.elapsed().as_millis() as u64;
    let report = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let said = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let killed_by = status.signal();
    if late.is_some() || killed_by.is_some() {
        // The supervisor could not clean up: what the program left is the judge's now.
        sweep_orphans();
    }
    let gone = |kill: Kill, sig: i32| Run {
        wall_ms,
        cpu_ms: 0,
        peak_kib: 0,
        status: Status::Signal(sig),
        killed: Some(kill),
    };
    match late {
        Some(Late::Stopped) => return Ok(gone(Kill::SupervisorStopped, sys::SIGSTOP)),
        Some(Late::Slow) => {
            return Err(RunError::Judge(format!(
                "the supervisor did not end within {} ms of its {} ms backstop",
                (GRACE + SLOW_GRACE).as_millis(),
                request.wall_ms
            )))
        }
        None => {}
    }
    if report.trim().is_empty() {
        if let Some(sig) = killed_by {
            return Ok(gone(Kill::SupervisorKilled, sig));
        }
        return Err(RunError::Judge(format!(
            "the supervisor failed ({status}){}",
            match said.trim() {
                "" => String::new(),
                why => format!(": {}", printable(why.as_bytes())),
            }
        )));
    }
    // The last line is the report (anything before it was not written by the supervisor).
    let last = report
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    match last.parse::<Report>().map_err(RunError::Judge)? {
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

/// Why a supervisor had to be killed by the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Late {
    /// It was stopped (the program sent it SIGSTOP).
    Stopped,
    /// It ran, but did not end even after [`SLOW_GRACE`] more.
    Slow,
}

/// Waits for the supervisor until `deadline`; past it, a stopped supervisor is killed at
/// once, a running one after [`SLOW_GRACE`] more. A thread waits for it to exit without
/// reaping it (`WNOWAIT`), so its pid stays its own while it may still be killed here.
fn wait_with_deadline(
    child: &mut Child,
    deadline: Instant,
) -> (io::Result<ExitStatus>, Option<Late>) {
    let pid = child.id() as i32;
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(sys::wait_exited(pid));
    });
    let mut deadline = deadline;
    let mut extended = false;
    let late = loop {
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Ok(())) => break None,
            Ok(Err(e)) => return (Err(e), None),
            Err(mpsc::RecvTimeoutError::Disconnected) => break None,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let stopped = tree::stat(pid).is_some_and(|p| matches!(p.state, b'T' | b't'));
        if stopped || extended {
            sys::kill(pid);
            break Some(if stopped { Late::Stopped } else { Late::Slow });
        }
        deadline = Instant::now() + SLOW_GRACE;
        extended = true;
    };
    (child.wait(), late)
}

/// Kills and reaps the judge's children that are not live supervisors: what a killed or
/// stopped supervisor's program left (orphans come to the judge, a subreaper), however deep,
/// until none is left or five seconds have passed.
fn sweep_orphans() {
    let me = std::process::id() as i32;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let orphans: Vec<i32> = {
            let live = SUPERVISORS.lock().unwrap_or_else(|e| e.into_inner());
            let orphans: Vec<i32> = tree::children(me)
                .into_iter()
                .filter(|p| !live.contains(p))
                .collect();
            for &pid in &orphans {
                sys::kill(pid);
            }
            orphans
        };
        if orphans.is_empty() || Instant::now() >= deadline {
            return;
        }
        for pid in orphans {
            // Each is our child and killed: reap it by its pid, never another's (-1 could
            // take a supervisor's status from the thread that waits for it).
            let _ = sys::reap(pid, false);
        }
    }
}

/// A folder of one run's own, under the OS's temporary folder: created anew with a name no
/// other run has (the judge's pid and a counter; `create_dir` fails rather than share),
/// readable by its user only, and removed with everything in it when dropped. What a run
/// writes and what is compared lives here, so two judges at once never see each other's
/// files.
pub struct Private {
    path: PathBuf,
}

impl Private {
    pub fn new() -> Result<Private, String> {
        use std::os::unix::fs::DirBuilderExt;
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for _ in 0..1000 {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("bfs-judge-{}-{n}-{nanos:x}", std::process::id()));
            match fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => return Ok(Private { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", path.display())),
            }
        }
        Err(format!("no free folder name in {}", base.display()))
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Runs `program` and maps a start failure to a setup error: only a program that really
/// cannot be started (the supervisor's exec failed) is one; whatever a started program does,
/// its own exit code 127 included, is its verdict.
pub fn run_program(
    program: &Program,
    args: &[String],
    input: Option<&Path>,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Run, String> {
    run(program, args, input, stdout, stderr, limits).map_err(|e| match e {
        RunError::CannotStart(why) => format!("cannot run `{}`: {why}", program.describe()),
        RunError::Judge(why) => format!("judge error: {why}"),
    })
}
