//! The supervisor: runs one program under limits, as a process of its own, and leaves nothing
//! behind. The judge starts it as `judge __supervise …` once per run (see `sandbox.rs`).
//!
//! Why a process of its own: to find and kill *everything* a program started, including
//! `setsid`, double-forked and process-group-leaving processes, the killer must be their child
//! subreaper (`PR_SET_CHILD_SUBREAPER`), so that orphans come back to it instead of to init.
//! A judge running cases in parallel cannot be that reaper for all of them and still tell
//! whose orphan is whose; a supervisor per run can, and it is single-purpose, so "the tree
//! under me" and "kill all my children until I have none" are exactly right for it.
//!
//! What it enforces while the program runs, on the whole tree (see `tree.rs`):
//! - CPU time (user + system of every process, waited for or not), peak memory (proportional
//!   set sizes, shared pages once) and wall time: a watcher polls `/proc` every few
//!   milliseconds and kills the tree when one passes its limit; `RLIMIT_CPU` stands behind it
//!   per process.
//! - stdout goes through a pipe that the supervisor drains into a file of its own, unlinked
//!   at once (no other process can open it: the supervisor is not dumpable, so not even its
//!   `/proc/PID/fd`), counting the bytes: past the output limit the tree is killed. After the
//!   tree is gone the bytes are copied to the path the judge named. The program's own files
//!   are not limited.
//! - stderr goes through a pipe too: the first and last 64 KiB are kept, the rest is counted
//!   and dropped, so a program writing gigabytes to stderr costs neither memory nor disk.
//! - stdin must be a regular file, opened without blocking (a FIFO is refused, not waited on).
//!
//! The run ends when the program (the direct child) ends, or is killed at a limit; then
//! every descendant still alive is killed, wherever it moved (its own group or session), by
//! killing the supervisor's children until it has none; all of them are reaped, and their
//! `wait4` usage is added to the run's.
//!
//! It prints one report line on its stdout (see [`Report`]) and exits 0; the judge reads it.
//! SIGINT, SIGTERM, SIGHUP and the judge's death (`PR_SET_PDEATHSIG`) make it kill the program
//! and its descendants before it goes. If the program stops or kills the supervisor, the
//! judge notices (see `sandbox.rs`) and cleans up in its place.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::run::sys::{self, Status};
use crate::run::tree;

/// The first argument that makes the judge binary a supervisor.
pub const ARG: &str = "__supervise";

/// The argument after [`ARG`]: serve runs one after another, as the judge asks.
pub const SERVE: &str = "--serve";

/// Ends the report of a supervisor's last run: it exits after it (it was cancelled, a program
/// changed what it hands down, or it failed), and the judge starts another for the next run.
pub const LAST: &str = " then=exit";

/// Starts the line of a run the supervisor could not carry out (its own failure).
pub const ERROR: &str = "error ";

/// Bytes of stderr kept at each end.
pub const STDERR_KEEP: usize = 64 * 1024;

/// What the judge asks of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// CPU-time limit (user + system); `None` when only wall time is limited.
    pub cpu_ms: Option<u64>,
    pub wall_ms: u64,
    pub memory_kib: u64,
    /// The most stdout may hold; one byte more and the tree is killed (OLE).
    pub output_bytes: u64,
    /// A regular file; `None`: `/dev/null`.
    pub stdin: Option<PathBuf>,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
    pub argv: Vec<String>,
}

/// Why the supervisor killed the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kill {
    Cpu = 1,
    Wall = 2,
    Memory = 3,
    Output = 4,
    Cancelled = 5,
    /// The supervisor itself was killed by a signal while the program ran (said by the
    /// judge, which saw it die; the program is the only one there to do it).
    SupervisorKilled = 6,
    /// The supervisor was stopped (SIGSTOP) and never reported; the judge ended the run at
    /// its own deadline.
    SupervisorStopped = 7,
}

impl Kill {
    const ALL: [Kill; 7] = [
        Kill::Cpu,
        Kill::Wall,
        Kill::Memory,
        Kill::Output,
        Kill::Cancelled,
        Kill::SupervisorKilled,
        Kill::SupervisorStopped,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kill::Cpu => "cpu",
            Kill::Wall => "wall",
            Kill::Memory => "memory",
            Kill::Output => "output",
            Kill::Cancelled => "cancelled",
            Kill::SupervisorKilled => "supervisor-killed",
            Kill::SupervisorStopped => "supervisor-stopped",
        }
    }

    pub fn from_name(name: &str) -> Option<Kill> {
        Kill::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// How a run went: the supervisor's one line of output, `key=value` words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Ran {
        status: Status,
        cpu_us: u64,
        wall_us: u64,
        peak_kib: u64,
        killed: Option<Kill>,
        stdout_bytes: u64,
        stderr_bytes: u64,
    },
    /// The program could not be started (missing, not executable): a setup error, not a
    /// verdict.
    CannotStart(String),
}

impl Request {
    /// The supervisor's arguments after [`ARG`] (paths as they are, UTF-8 or not).
    pub fn to_args(&self) -> Vec<OsString> {
        let mut v: Vec<OsString> = vec![
            self.cpu_ms
                .map_or("-".to_string(), |c| c.to_string())
                .into(),
            self.wall_ms.to_string().into(),
            self.memory_kib.to_string().into(),
            self.output_bytes.to_string().into(),
            self.stdin
                .as_ref()
                .map_or("-".into(), |p| p.as_os_str().to_owned()),
            self.stdout.as_os_str().to_owned(),
            self.stderr.as_os_str().to_owned(),
            "--".into(),
        ];
        v.extend(self.argv.iter().map(OsString::from));
        v
    }

    /// The request as the judge sends it: the number of arguments, then each argument, every
    /// one ended by a NUL (which no argument or path can hold).
    pub fn write_to(&self, to: &mut impl Write) -> io::Result<()> {
        use std::os::unix::ffi::OsStrExt;
        let args = self.to_args();
        let mut bytes = format!("{}\0", args.len()).into_bytes();
        for a in &args {
            bytes.extend_from_slice(a.as_bytes());
            bytes.push(0);
        }
        to.write_all(&bytes)?;
        to.flush()
    }

    /// The next request from the judge; `None` at the end of its requests.
    pub fn read_from(from: &mut impl io::BufRead) -> io::Result<Option<Request>> {
        use std::os::unix::ffi::OsStringExt;
        let field = |from: &mut dyn io::BufRead| -> io::Result<Option<Vec<u8>>> {
            let mut v = Vec::new();
            if from.read_until(0, &mut v)? == 0 {
                return Ok(None);
            }
            if v.pop() != Some(0) {
                return Err(io::Error::other("a request ended in the middle"));
            }
            Ok(Some(v))
        };
        let Some(count) = field(from)? else {
            return Ok(None);
        };
        let count: usize = std::str::from_utf8(&count)
            .ok()
            .and_then(|c| c.parse().ok())
            .filter(|&c| c <= 1 << 16)
            .ok_or_else(|| io::Error::other("a request that does not start with its length"))?;
        let mut args = Vec::with_capacity(count);
        for _ in 0..count {
            let a = field(from)?.ok_or_else(|| io::Error::other("a request ended early"))?;
            args.push(OsString::from_vec(a));
        }
        Request::from_args(&args)
            .map(Some)
            .map_err(io::Error::other)
    }

    pub fn from_args(args: &[OsString]) -> Result<Request, String> {
        let usage = || {
            format!("usage: judge {ARG} CPU_MS|- WALL_MS MEMORY_KIB OUTPUT_BYTES STDIN|- STDOUT STDERR -- PROGRAM ARGS...")
        };
        if args.len() < 9 || args[7] != "--" {
            return Err(usage());
        }
        let num = |s: &OsString| {
            s.to_str()
                .and_then(|s| s.parse::<u64>().ok())
                .ok_or_else(usage)
        };
        let argv = args[8..]
            .iter()
            .map(|a| a.to_str().map(String::from).ok_or_else(usage))
            .collect::<Result<Vec<String>, String>>()?;
        Ok(Request {
            cpu_ms: if args[0] == "-" {
                None
            } else {
                Some(num(&args[0])?)
            },
            wall_ms: num(&args[1])?,
            memory_kib: num(&args[2])?,
            output_bytes: num(&args[3])?,
            stdin: (args[4] != "-").then(|| args[4].clone().into()),
            stdout: args[5].clone().into(),
            stderr: args[6].clone().into(),
            argv,
        })
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Report::Ran {
                status,
                cpu_us,
                wall_us,
                peak_kib,
                killed,
                stdout_bytes,
                stderr_bytes,
            } => {
                let status = match status {
                    Status::Code(c) => format!("code:{c}"),
                    Status::Signal(s) => format!("signal:{s}"),
                };
                write!(
                    f,
                    "ran status={status} cpu_us={cpu_us} wall_us={wall_us} peak_kib={peak_kib} \
                     killed={} stdout_bytes={stdout_bytes} stderr_bytes={stderr_bytes}",
                    killed.map_or("none", Kill::name)
                )
            }
            Report::CannotStart(why) => write!(f, "cannot-start {}", why.replace('\n', " ")),
        }
    }
}

impl std::str::FromStr for Report {
    type Err = String;

    fn from_str(line: &str) -> Result<Report, String> {
        let line = line.trim_end();
        if let Some(why) = line.strip_prefix("cannot-start ") {
            return Ok(Report::CannotStart(why.to_string()));
        }
        let bad = || format!("unreadable supervisor report `{line}`");
        let rest = line.strip_prefix("ran ").ok_or_else(bad)?;
        let field = |key: &str| -> Result<&str, String> {
            rest.split(' ')
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
                .ok_or_else(bad)
        };
        let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
        let status = match field("status")?.split_once(':') {
            Some(("code", c)) => Status::Code(c.parse().map_err(|_| bad())?),
            Some(("signal", s)) => Status::Signal(s.parse().map_err(|_| bad())?),
            _ => return Err(bad()),
        };
        let killed = match field("killed")? {
            "none" => None,
            k => Some(Kill::from_name(k).ok_or_else(bad)?),
        };
        Ok(Report::Ran {
            status,
            cpu_us: num(field("cpu_us")?)?,
            wall_us: num(field("wall_us")?)?,
            peak_kib: num(field("peak_kib")?)?,
            killed,
            stdout_bytes: num(field("stdout_bytes")?)?,
            stderr_bytes: num(field("stderr_bytes")?)?,
        })
    }
}

/// The supervisor's `main`: `args` are those after [`ARG`], which must be [`SERVE`].
pub fn main(args: &[OsString]) -> ExitCode {
    if args.len() != 1 || args[0] != SERVE {
        eprintln!("usage: judge {ARG} {SERVE} (requests on stdin, reports on stdout)");
        return ExitCode::from(2);
    }
    if let Err(e) = become_supervisor() {
        eprintln!("judge: supervisor: {e}");
        return ExitCode::FAILURE;
    }
    // What a program could change in us from outside and its successors would inherit.
    let inherited = sys::inherited();
    let mut requests = io::stdin().lock();
    let mut reports = io::stdout().lock();
    loop {
        let request = match Request::read_from(&mut requests) {
            Ok(Some(r)) => r,
            // The judge closed its end: it is done with us (or gone).
            Ok(None) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("judge: supervisor: {e}");
                return ExitCode::from(2);
            }
        };
        let (line, last) = match supervise(&request) {
            Ok(report) => (
                report.to_string(),
                sys::cancelled() || sys::inherited() != inherited,
            ),
            Err(e) => (format!("{ERROR}{}", e.to_string().replace('\n', " ")), true),
        };
        let then = if last { LAST } else { "" };
        if writeln!(reports, "{line}{then}")
            .and_then(|()| reports.flush())
            .is_err()
        {
            return ExitCode::FAILURE;
        }
        if last {
            return ExitCode::SUCCESS;
        }
    }
}

/// What makes this process a supervisor, once for all its runs: the subreaper of what its
/// programs start, told when the judge's thread that started it ends, cancelled (not killed)
/// by SIGINT, SIGTERM and SIGHUP, and not dumpable.
fn become_supervisor() -> io::Result<()> {
    sys::become_subreaper()?;
    sys::terminate_with_parent()?;
    sys::catch_cancel_signals();
    sys::make_undumpable()
}

/// One run: the program started, watched, ended with all it started, its report.
fn supervise(req: &Request) -> io::Result<Report> {
    let with_path =
        |e: io::Error, p: &PathBuf| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
    // An interactive run (`judge::interact`) passes FIFOs: they are the program's stdin and
    // stdout as they are, live, opened stdin first (the relay on the other side opens in
    // the order that pairs with it); everything else is a regular file, and stdout is
    // captured through a pipe.
    let fifo = |p: &Path| {
        use std::os::unix::fs::FileTypeExt;
        fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_fifo())
    };
    let stdin = match &req.stdin {
        Some(path) if fifo(path) => Stdio::from(File::open(path).map_err(|e| with_path(e, path))?),
        Some(path) => Stdio::from(sys::open_regular(path).map_err(|e| with_path(e, path))?),
        None => Stdio::null(),
    };
    let (stdout, capture) = if fifo(&req.stdout) {
        let live = fs::OpenOptions::new()
            .write(true)
            .open(&req.stdout)
            .map_err(|e| with_path(e, &req.stdout))?;
        (Stdio::from(live), None)
    } else {
        let capture = Capture::new(&req.stdout).map_err(|e| with_path(e, &req.stdout))?;
        (Stdio::piped(), Some(capture))
    };
    let mut cmd = Command::new(&req.argv[0]);
    cmd.args(&req.argv[1..])
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    let backstop_ms = req.cpu_ms.unwrap_or(req.wall_ms);
    sys::limit_child(&mut cmd, backstop_ms.div_ceil(1000).saturating_add(1));
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Ok(Report::CannotStart(format!("{}: {e}", req.argv[0]))),
    };
    let pid = child.id() as i32;
    let stdout_pipe = child.stdout.take();
    let stderr_pipe = child.stderr.take().expect("stderr was piped");
    let limit = req.output_bytes;
    let over = Arc::new(AtomicBool::new(false));
    let stdout_reader = match (capture, stdout_pipe) {
        (Some(capture), Some(pipe)) => {
            let over = Arc::clone(&over);
            Some(thread::spawn(move || capture.drain(pipe, limit, &over)))
        }
        _ => None,
    };
    let stderr_reader = thread::spawn(move || StderrKeeper::drain(stderr_pipe));

    let done = AtomicBool::new(false);
    let killed = AtomicU8::new(0);
    let reaped = Reaped::default();
    let mut wall = Duration::ZERO;
    let mut peak_kib = 0;
    let mut waited = Ok(());
    thread::scope(|s| {
        let watcher = s.spawn(|| watch(pid, req, start, &done, &killed, &over, &reaped));
        waited = wait_for_program(pid, &reaped);
        wall = start.elapsed();
        done.store(true, Ordering::Release);
        watcher.thread().unpark();
        peak_kib = watcher.join().unwrap_or(0);
    });
    waited?;
    // Whatever is left in its group dies now; then the program is reaped (its pid and group
    // id are free again) and every process it left, wherever it moved, is killed and reaped.
    sys::kill(-pid);
    let status = match sys::reap(pid, false)? {
        Some((_, status, usage)) => {
            reaped.add(usage);
            status
        }
        None => unreachable!("a blocking wait4 returns a child"),
    };
    drop(child); // reaped above: std's handle neither waits nor kills on drop
    kill_all_descendants(|usage| reaped.add(usage))?;
    let stdout_bytes = match stdout_reader {
        Some(reader) => {
            let (captured, bytes) = reader
                .join()
                .map_err(|_| io::Error::other("the stdout reader panicked"))??;
            captured
                .save(&req.stdout)
                .map_err(|e| with_path(e, &req.stdout))?;
            bytes
        }
        None => 0,
    };
    let kept = stderr_reader
        .join()
        .map_err(|_| io::Error::other("the stderr reader panicked"))?;
    kept.write_to(&req.stderr)
        .map_err(|e| with_path(e, &req.stderr))?;
    let mut killed = Kill::ALL
        .into_iter()
        .find(|k| *k as u8 == killed.load(Ordering::Acquire));
    if killed.is_none() && stdout_bytes > req.output_bytes {
        killed = Some(Kill::Output);
    }
    Ok(Report::Ran {
        status,
        cpu_us: reaped.cpu_us.load(Ordering::Acquire),
        wall_us: wall.as_micros() as u64,
        peak_kib: peak_kib.max(reaped.peak_kib.load(Ordering::Acquire)),
        killed,
        stdout_bytes,
        stderr_bytes: kept.total,
    })
}

/// What the processes reaped so far used: CPU time summed, peak RSS the largest.
#[derive(Default)]
struct Reaped {
    cpu_us: AtomicU64,
    peak_kib: AtomicU64,
}

impl Reaped {
    fn add(&self, usage: sys::Usage) {
        self.cpu_us.fetch_add(usage.cpu_us, Ordering::AcqRel);
        self.peak_kib.fetch_max(usage.peak_kib, Ordering::AcqRel);
    }
}

/// Waits until the program (`pid`) has exited, leaving it a zombie (so neither its pid nor
/// its group id can be reused while the watcher may signal them), and reaps every orphan
/// that ends meanwhile, adding its usage.
fn wait_for_program(pid: i32, reaped: &Reaped) -> io::Result<()> {
    loop {
        let ended = sys::wait_any_exited()?;
        if ended == pid {
            return Ok(());
        }
        if let Some((_, _, usage)) = sys::reap(ended, false)? {
            reaped.add(usage);
        }
    }
}

/// Kills the program: its process group (it may have left it: the program itself is
/// killed too), while it is unreaped. Its descendants, in whatever group, are orphaned by
/// its death and killed after it by [`kill_all_descendants`].
fn kill_program(pid: i32) {
    sys::kill(-pid);
    sys::kill(pid);
}

/// Polls the tree until `done`, killing the program when a limit is passed; returns the
/// peak memory seen.
fn watch(
    pid: i32,
    req: &Request,
    start: Instant,
    done: &AtomicBool,
    killed: &AtomicU8,
    stdout_over: &AtomicBool,
    reaped: &Reaped,
) -> u64 {
    let mut watched = tree::Watch::new(std::process::id() as i32);
    let wall_limit = Duration::from_millis(req.wall_ms);
    let mut peak_kib = 0;
    // The first poll comes after the first pause, not at once: a program just started has
    // used nothing yet, and one that ends within the pause (most of a judge's runs) costs
    // no read of /proc at all; what it used comes from `wait4`.
    let mut pause = POLL;
    loop {
        thread::park_timeout(pause.min(wall_limit.saturating_sub(start.elapsed())));
        if done.load(Ordering::Acquire) {
            return peak_kib;
        }
        let polled = Instant::now();
        // What was reaped is read before the tree: a process reaped in between is then
        // missed once rather than counted twice.
        let reaped_ms = reaped.cpu_us.load(Ordering::Acquire) / 1000;
        let tree = watched.sample();
        peak_kib = peak_kib.max(tree.memory_kib);
        let now = start.elapsed();
        let over = if sys::cancelled() {
            Some(Kill::Cancelled)
        } else if stdout_over.load(Ordering::Acquire) {
            Some(Kill::Output)
        } else if now >= wall_limit {
            Some(Kill::Wall)
        } else if req
            .cpu_ms
            .is_some_and(|limit| reaped_ms + tree.cpu_ms > limit)
        {
            Some(Kill::Cpu)
        } else if tree.memory_kib > req.memory_kib {
            Some(Kill::Memory)
        } else {
            None
        };
        if let Some(k) = over {
            killed.store(k as u8, Ordering::Release);
            kill_program(pid);
            return peak_kib;
        }
        // Poll every 5 ms, less often when reading the tree itself takes long (a large tree,
        // a loaded machine), so that the watcher never costs more than a third of a core.
        pause = (polled.elapsed() * 2).clamp(POLL, Duration::from_millis(50));
    }
}

/// How often the watcher reads the tree (at most).
const POLL: Duration = Duration::from_millis(5);

/// Kills and reaps children until none is left, handing each reaped one's usage to
/// `reaped`. As the subreaper, every orphan of the program (background, `setsid`,
/// double-forked, in a group of its own, a fork bomb's offspring) becomes our child when its
/// parent dies, so this ends only when the whole tree is gone.
pub fn kill_all_descendants(mut reaped: impl FnMut(sys::Usage)) -> io::Result<()> {
    loop {
        // Reap whatever has ended; no child at all (ECHILD) is the end, known without a
        // read of /proc (the usual end of a run: the program left nothing).
        let mut any = false;
        loop {
            match sys::reap(-1, true) {
                Ok(Some((_, _, usage))) => {
                    reaped(usage);
                    any = true;
                }
                Ok(None) => break,
                Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        for pid in tree::children(std::process::id() as i32) {
            sys::kill(pid);
        }
        // Block for one more only when nothing had ended, so that a tree still dying is
        // waited for without spinning.
        if !any {
            match sys::reap(-1, false) {
                Ok(Some((_, _, usage))) => reaped(usage),
                Ok(None) => {}
                Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
    }
}

/// The program's stdout as the supervisor received it: a file that only the supervisor can
/// reach (created in the run's private folder and unlinked at once), filled from the pipe.
struct Capture {
    file: File,
}

impl Capture {
    fn new(stdout: &Path) -> io::Result<Capture> {
        let dir = stdout.parent().unwrap_or(Path::new("."));
        for n in 0..100u32 {
            let path = dir.join(format!(".capture-{}-{n}", std::process::id()));
            match fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(file) => {
                    fs::remove_file(&path)?;
                    return Ok(Capture { file });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other("no free name for the capture file"))
    }

    /// Reads the pipe to its end, keeping the first `limit + 1` bytes and raising `over`
    /// past them; the rest is read and dropped, so the writer never blocks on us. Returns the
    /// capture and the number of bytes read.
    fn drain(
        mut self,
        mut pipe: impl Read,
        limit: u64,
        over: &AtomicBool,
    ) -> io::Result<(Capture, u64)> {
        let mut buf = vec![0u8; 64 * 1024];
        let mut total: u64 = 0;
        let mut out = io::BufWriter::with_capacity(256 * 1024, &mut self.file);
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let room = (limit + 1).saturating_sub(total);
            let keep = (n as u64).min(room) as usize;
            out.write_all(&buf[..keep])?;
            total += n as u64;
            if total > limit {
                over.store(true, Ordering::Release);
            }
        }
        out.flush()?;
        drop(out);
        Ok((self, total))
    }

    /// Copies the capture to `path`, replacing whatever is there (called once the program's
    /// tree is gone, so nothing can race with it).
    fn save(mut self, path: &Path) -> io::Result<()> {
        match fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let mut to = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)?;
        self.file.seek(io::SeekFrom::Start(0))?;
        io::copy(&mut self.file, &mut to)?;
        Ok(())
    }
}

/// The first and last [`STDERR_KEEP`] bytes of a stream, and its length.
struct StderrKeeper {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
}

impl StderrKeeper {
    fn drain(mut pipe: impl Read) -> StderrKeeper {
        let mut kept = StderrKeeper {
            head: Vec::with_capacity(STDERR_KEEP),
            tail: VecDeque::with_capacity(STDERR_KEEP),
            total: 0,
        };
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            kept.total += n as u64;
            let mut chunk = &buf[..n];
            let room = STDERR_KEEP - kept.head.len();
            if room > 0 {
                let take = room.min(chunk.len());
                kept.head.extend_from_slice(&chunk[..take]);
                chunk = &chunk[take..];
            }
            if chunk.len() >= STDERR_KEEP {
                kept.tail.clear();
                chunk = &chunk[chunk.len() - STDERR_KEEP..];
            }
            let overflow = (kept.tail.len() + chunk.len()).saturating_sub(STDERR_KEEP);
            kept.tail.drain(..overflow);
            kept.tail.extend(chunk);
        }
        kept
    }

    fn write_to(&self, path: &PathBuf) -> io::Result<()> {
        let mut f = io::BufWriter::new(File::create(path)?);
        f.write_all(&self.head)?;
        let dropped = self.total - self.head.len() as u64 - self.tail.len() as u64;
        if dropped > 0 {
            write!(f, "\n[judge: {dropped} bytes of stderr not kept]\n")?;
        }
        let (a, b) = self.tail.as_slices();
        f.write_all(a)?;
        f.write_all(b)?;
        f.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_reports_survive_their_round_trip() {
        let req = Request {
            cpu_ms: Some(1500),
            wall_ms: 4000,
            memory_kib: 262_144,
            output_bytes: 1 << 26,
            stdin: Some("in put".into()),
            stdout: "out".into(),
            stderr: "err".into(),
            argv: vec!["sh".into(), "-c".into(), "echo hi; exit 3".into()],
        };
        assert_eq!(Request::from_args(&req.to_args()).unwrap(), req);
        let wall_only = Request {
            cpu_ms: None,
            stdin: None,
            ..req
        };
        assert_eq!(Request::from_args(&wall_only.to_args()).unwrap(), wall_only);
        let mut wire = Vec::new();
        req.write_to(&mut wire).unwrap();
        wall_only.write_to(&mut wire).unwrap();
        let mut from = &wire[..];
        assert_eq!(Request::read_from(&mut from).unwrap(), Some(req));
        assert_eq!(Request::read_from(&mut from).unwrap(), Some(wall_only));
        assert_eq!(Request::read_from(&mut from).unwrap(), None);
        assert!(Request::read_from(&mut &b"3\0a\0"[..]).is_err());
        for report in [
            Report::Ran {
                status: Status::Signal(9),
                cpu_us: 12,
                wall_us: 34,
                peak_kib: 56,
                killed: Some(Kill::Output),
                stdout_bytes: 7,
                stderr_bytes: 8,
            },
            Report::Ran {
                status: Status::Code(0),
                cpu_us: 0,
                wall_us: 0,
                peak_kib: 0,
                killed: None,
                stdout_bytes: 0,
                stderr_bytes: 0,
            },
            Report::CannotStart("./a.out: No such file or directory (os error 2)".into()),
        ] {
            assert_eq!(report.to_string().parse::<Report>().unwrap(), report);
        }
        assert!("ran status=code:0".parse::<Report>().is_err());
    }

    #[test]
    fn stderr_keeps_both_ends_and_counts_the_rest() {
        let data: Vec<u8> = (0..(3 * STDERR_KEEP + 123))
            .map(|i| (i % 251) as u8)
            .collect();
        let kept = StderrKeeper::drain(&data[..]);
        assert_eq!(kept.total, data.len() as u64);
        assert_eq!(kept.head, &data[..STDERR_KEEP]);
        let tail: Vec<u8> = kept.tail.iter().copied().collect();
        assert_eq!(tail, &data[data.len() - STDERR_KEEP..]);
        let short = StderrKeeper::drain(&b"oops\n"[..]);
        assert_eq!(
            (short.head.as_slice(), short.tail.len()),
            (&b"oops\n"[..], 0)
        );
    }
}
