//! The supervisor: runs programs under limits, one at a time, as a process of its own, and
//! leaves nothing behind any of them. The judge starts one per thread that runs programs
//! (`judge __supervise --serve`, see `sandbox.rs`) and sends it one run after another.
//!
//! Why a process of its own: to find and kill *everything* a program started, including
//! `setsid`, double-forked and process-group-leaving processes, the killer must be their child
//! subreaper (`PR_SET_CHILD_SUBREAPER`), so that orphans come back to it instead of to init.
//! A judge running cases in parallel cannot be that reaper for all of them and still tell
//! whose orphan is whose; a supervisor per job slot can, and it is single-purpose, with one
//! run at a time: while a run lasts its children are exactly that run's tree, and "kill all
//! my children until I have none" ends the run with nothing of it left for the next one.
//!
//! Why one per slot rather than one per run: starting the 22 MB judge binary again for every
//! run (the dynamic loader, which traps on `cpuid` in a VM, relocations, a first read of
//! /proc) cost about 1.5 ms a run, more than the tiny programs a judge mostly runs. What a
//! run could leave in a long-lived supervisor is closed off:
//! - processes: none survives its run (see above), and their usage is the run's;
//! - the program's own state (environment, folder, signal mask and dispositions, open
//!   files): a program cannot change its parent's; the child starts from the supervisor's,
//!   which never changes them (std's spawn empties the signal mask and restores SIGPIPE;
//!   handlers do not survive `exec`; every descriptor of ours is close-on-exec, and 0, 1, 2
//!   are the run's own);
//! - what another process of the same user can change in the supervisor from outside and a
//!   child would inherit (limits by `prlimit`, nice value, scheduling policy, CPU affinity,
//!   I/O priority; see [`sys::inherited`]): compared after every run, and if a program changed
//!   it the supervisor reports the run and exits, and the judge starts another;
//! - its memory and descriptors: it is not dumpable, so it cannot be traced or read through
//!   `/proc/PID/mem` or `/proc/PID/fd`; stopping or killing it ends it (see below).
//!
//! What it enforces while the program runs, on the whole tree (see `tree.rs`):
//! - CPU time (user + system of every process, waited for or not), peak memory (proportional
//!   set sizes, shared pages once) and wall time: the tree is read from `/proc` every 5 ms
//!   (the first time 5 ms in: a run that ends sooner costs no read of /proc, `wait4` says what
//!   it used) and the tree is killed when one passes its limit; `RLIMIT_CPU` stands behind it
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
//! One thread does all of it: it waits in `poll` on the program's pidfd, the two pipes and
//! the time of the next look at the tree, so a run starts no thread.
//!
//! The run ends when the program (the direct child) ends, or is killed at a limit; then
//! every descendant still alive is killed, wherever it moved (its own group or session), by
//! killing the supervisor's children until it has none; all of them are reaped, and their
//! `wait4` usage is added to the run's.
//!
//! Requests come on stdin (see [`Request::write_to`]); each gets one report line on stdout
//! (see [`Report`]), after the run's tree is gone. The supervisor exits at the end of its
//! requests (the judge is done, or gone), and after a report that ends with [`LAST`].
//! SIGINT, SIGTERM, SIGHUP and the end of the judge's thread that started it
//! (`PR_SET_PDEATHSIG`) make it kill the running program and its descendants, report, and
//! exit. If the program stops or kills the supervisor, the judge notices (see `sandbox.rs`),
//! cleans up in its place and starts another for the next run.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Seek, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::{ChildStderr, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use crate::run::jail::{Jail, Mechanism};
use crate::run::outcome::STARVED_BACKSTOPS;
use crate::run::sys::{self, Status};
use crate::run::tree;

/// The first argument that makes the judge binary a supervisor.
pub const ARG: &str = "__supervise";

/// The argument after [`ARG`]: serve runs one after another, as the judge asks.
pub const SERVE: &str = "--serve";
/// Ends the writable folders of [`SERVE`]'s arguments; the folders after it are hidden from
/// the programs (see `jail/`).
pub const HIDE: &str = "--hide";

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
    /// The stack limit (`RLIMIT_STACK`) of every process of the run.
    pub stack_kib: u64,
    /// The most stdout may hold; one byte more and the tree is killed (OLE).
    pub output_bytes: u64,
    /// `false`: stdout past `output_bytes` is counted but neither kept nor a reason to kill,
    /// and the run is an OLE only if nothing else ended it first (problemtools checks the
    /// output's size after the run, so a program that floods it until its time runs out
    /// is a TLE there).
    pub output_kills: bool,
    /// A regular file; `None`: `/dev/null`.
    pub stdin: Option<PathBuf>,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
    /// The program's working folder (a file I/O problem's private folder); `None`: the
    /// supervisor's own.
    pub cwd: Option<PathBuf>,
    /// Folders the run may write besides its private ones (a build's own folder).
    pub writable: Vec<PathBuf>,
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
    /// More processes and threads at a look than [`PROCESSES`]: where the kernel does not
    /// count them (outside namespaces, or for root, whom `RLIMIT_NPROC` spares) the looks do.
    Processes = 8,
}

impl Kill {
    const ALL: [Kill; 8] = [
        Kill::Cpu,
        Kill::Wall,
        Kill::Memory,
        Kill::Output,
        Kill::Cancelled,
        Kill::SupervisorKilled,
        Kill::SupervisorStopped,
        Kill::Processes,
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
            Kill::Processes => "processes",
        }
    }

    pub fn from_name(name: &str) -> Option<Kill> {
        Kill::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A request or a report that does not follow the wire format (see [`Request::write_to`] and
/// [`Report`]'s `Display`): what is wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
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
        /// The share of the looks at the tree that found a process ready to run, percent.
        runnable_pct: u64,
        /// The largest stack a look saw, KiB.
        stack_kib: u64,
        /// The most processes and threads of the run seen at once: at a look, or those left
        /// when the program ended (killed and reaped then).
        tasks: u64,
        /// The process limit in force (`RLIMIT_NPROC`), 0 when there is none.
        task_limit: u64,
    },
    /// The program could not be started (missing, not executable): a setup error, not a
    /// verdict.
    CannotStart(String),
    /// The program was not started: the other end of its stdin or stdout FIFO (an
    /// interactive run's) was not opened within the wall backstop; whose fault that is, the
    /// judge says (a CMS manager's, which opens its ends itself).
    Unpaired { waited_ms: u64, fifo: PathBuf },
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
            self.stack_kib.to_string().into(),
            self.output_bytes.to_string().into(),
            if self.output_kills { "kill" } else { "count" }.into(),
            self.stdin
                .as_ref()
                .map_or("-".into(), |p| p.as_os_str().to_owned()),
            self.stdout.as_os_str().to_owned(),
            self.stderr.as_os_str().to_owned(),
            self.cwd
                .as_ref()
                .map_or("-".into(), |p| p.as_os_str().to_owned()),
            self.writable.len().to_string().into(),
        ];
        v.extend(self.writable.iter().map(|p| p.as_os_str().to_owned()));
        v.push("--".into());
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
            .map_err(|e| io::Error::other(e.0))
    }

    pub fn from_args(args: &[OsString]) -> Result<Request, Unreadable> {
        let usage = || {
            Unreadable(format!("usage: judge {ARG} CPU_MS|- WALL_MS MEMORY_KIB STACK_KIB OUTPUT_BYTES kill|count STDIN|- STDOUT STDERR CWD|- N WRITABLE_FOLDER... -- PROGRAM ARGS..."))
        };
        let num = |s: &OsString| {
            s.to_str()
                .and_then(|s| s.parse::<u64>().ok())
                .ok_or_else(usage)
        };
        let writable = match args.get(10).map(num) {
            Some(Ok(n)) if n <= 64 => n as usize,
            _ => return Err(usage()),
        };
        let dashes = 11 + writable;
        if args.len() < dashes + 2 || args[dashes] != "--" {
            return Err(usage());
        }
        let argv = args[dashes + 1..]
            .iter()
            .map(|a| a.to_str().map(String::from).ok_or_else(usage))
            .collect::<Result<Vec<String>, Unreadable>>()?;
        Ok(Request {
            cpu_ms: if args[0] == "-" {
                None
            } else {
                Some(num(&args[0])?)
            },
            wall_ms: num(&args[1])?,
            memory_kib: num(&args[2])?,
            stack_kib: num(&args[3])?,
            output_bytes: num(&args[4])?,
            output_kills: match args[5].to_str() {
                Some("kill") => true,
                Some("count") => false,
                _ => return Err(usage()),
            },
            stdin: (args[6] != "-").then(|| args[6].clone().into()),
            stdout: args[7].clone().into(),
            stderr: args[8].clone().into(),
            cwd: (args[9] != "-").then(|| args[9].clone().into()),
            writable: args[11..dashes].iter().map(PathBuf::from).collect(),
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
                runnable_pct,
                stack_kib,
                tasks,
                task_limit,
            } => {
                let status = match status {
                    Status::Code(c) => format!("code:{c}"),
                    Status::Signal(s) => format!("signal:{s}"),
                };
                write!(
                    f,
                    "ran status={status} cpu_us={cpu_us} wall_us={wall_us} peak_kib={peak_kib} \
                     killed={} stdout_bytes={stdout_bytes} stderr_bytes={stderr_bytes} \
                     runnable_pct={runnable_pct} stack_kib={stack_kib} tasks={tasks} \
                     task_limit={task_limit}",
                    killed.map_or("none", Kill::name)
                )
            }
            Report::CannotStart(why) => write!(f, "cannot-start {}", why.replace('\n', " ")),
            // The path last: it may hold spaces (not a newline: the judge made it).
            Report::Unpaired { waited_ms, fifo } => {
                write!(f, "unpaired waited_ms={waited_ms} {}", fifo.display())
            }
        }
    }
}

impl std::str::FromStr for Report {
    type Err = Unreadable;

    fn from_str(line: &str) -> Result<Report, Unreadable> {
        let line = line.trim_end();
        if let Some(why) = line.strip_prefix("cannot-start ") {
            return Ok(Report::CannotStart(why.to_string()));
        }
        let bad = || Unreadable(format!("unreadable supervisor report `{line}`"));
        if let Some(rest) = line.strip_prefix("unpaired waited_ms=") {
            let (ms, fifo) = rest.split_once(' ').ok_or_else(bad)?;
            return Ok(Report::Unpaired {
                waited_ms: ms.parse().map_err(|_| bad())?,
                fifo: PathBuf::from(fifo),
            });
        }
        let rest = line.strip_prefix("ran ").ok_or_else(bad)?;
        let field = |key: &str| -> Result<&str, Unreadable> {
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
            runnable_pct: num(field("runnable_pct")?)?,
            stack_kib: num(field("stack_kib")?)?,
            tasks: num(field("tasks")?)?,
            task_limit: num(field("task_limit")?)?,
        })
    }
}

/// The supervisor's `main`: `args` are those after [`ARG`]: [`SERVE`] and the isolation
/// mechanism's name (see `jail/`).
pub fn main(args: &[OsString]) -> ExitCode {
    let mechanism = match args {
        [serve, m, ..] if serve == SERVE => m.to_str().and_then(Mechanism::from_name),
        _ => None,
    };
    let folders = args.get(2..).unwrap_or_default();
    let split = folders
        .iter()
        .position(|a| a == HIDE)
        .unwrap_or(folders.len());
    let writable: Vec<PathBuf> = folders[..split].iter().map(PathBuf::from).collect();
    let hidden: Vec<PathBuf> = folders.iter().skip(split + 1).map(PathBuf::from).collect();
    let Some(mechanism) = mechanism else {
        eprintln!(
            "usage: judge {ARG} {SERVE} namespaces|landlock|none [WRITABLE_FOLDER...] [{HIDE} \
             HIDDEN_FOLDER...] (requests on stdin, reports on stdout)"
        );
        return ExitCode::from(2);
    };
    // The judge's pid, before a PID namespace hides it: a signal it sends is a cancel.
    sys::note_judge(std::os::unix::process::parent_id() as i32);
    let mut jail = match Jail::enter(mechanism, writable, hidden) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("judge: supervisor: isolation by {}: {e}", mechanism.name());
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = become_supervisor() {
        eprintln!("judge: supervisor: {e}");
        return ExitCode::FAILURE;
    }
    // What a program could change in us from outside and its successors would inherit.
    let inherited = sys::inherited();
    let mut requests = io::stdin().lock();
    let mut reports = io::stdout().lock();
    // What the pipes are read into, for every run.
    let mut buf = vec![0u8; CHUNK];
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
        let result = supervise(&request, &mut buf, &mut jail);
        let fresh = jail.after_run();
        let (line, last) = match result {
            Ok(report) => (
                report.to_string(),
                sys::cancelled()
                    || sys::signalled_by_program().is_some()
                    || sys::inherited() != inherited
                    || !fresh,
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
fn supervise(req: &Request, buf: &mut [u8], jail: &mut Jail) -> io::Result<Report> {
    // An interactive run's wall clock starts before its FIFOs are opened: waiting for the
    // other side counts, and never lasts past the backstop.
    let began = Instant::now();
    let deadline = began + Duration::from_millis(req.wall_ms);
    let (stdin, stdout, capture) = match streams(req, deadline)? {
        Streams::Open(stdin, stdout, capture) => (stdin, stdout, capture),
        Streams::Unpaired(fifo) => {
            return Ok(Report::Unpaired {
                waited_ms: began.elapsed().as_millis() as u64,
                fifo,
            })
        }
    };
    let live = capture.is_none();
    // A file I/O problem's working folder is the judge's, named like a folder on the
    // command line: bound in read-write, and the program's HOME under Landlock (the one
    // folder it may write).
    let setup = jail.before_run(&req.argv, req.memory_kib, &req.writable, req.cwd.as_deref())?;
    let mut cmd = Command::new(&req.argv[0]);
    cmd.args(&req.argv[1..])
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .current_dir(&setup.cwd)
        .env("HOME", &setup.home)
        .env("TMPDIR", &setup.home);
    let backstop_ms = req.cpu_ms.unwrap_or(req.wall_ms);
    sys::limit_child(&mut cmd, backstop_ms.div_ceil(1000).saturating_add(1));
    jail.confine(&mut cmd, &setup, program_limits(req, jail.mechanism));
    let start = if live { began } else { Instant::now() };
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Ok(Report::CannotStart(format!("{}: {e}", req.argv[0]))),
    };
    let pid = child.id() as i32;
    let mut run = Running {
        pid,
        req,
        start,
        // A live FIFO is the program's own: nothing to read or keep.
        stdout: child.stdout.take(),
        capture,
        stderr: child.stderr.take(),
        // Without pidfds (Linux before 5.3) the loop looks every millisecond instead.
        ended: sys::pidfd(pid).ok(),
        kept: StderrKeeper::default(),
        stdout_bytes: 0,
        reaped: sys::Usage {
            cpu_us: 0,
            peak_kib: 0,
        },
        peak_kib: 0,
        seen_ms: 0,
        looks: 0,
        runnable_looks: 0,
        runnable_time: Duration::ZERO,
        last_look: start,
        deadline: Duration::from_millis(req.wall_ms),
        stack_kib: 0,
        tasks: 0,
        killed: None,
    };
    let watched = run.until_the_program_ends(buf, jail);
    let wall = start.elapsed();
    if watched.is_err() {
        // We cannot watch it (nor keep its output): it ends now, with all it started.
        kill_program(pid);
    }
    // Whatever is left in its group dies now; then the program is reaped (its pid and group
    // id are free again) and every process it left, wherever it moved, is killed and reaped.
    sys::kill(-pid);
    let Some((_, status, usage)) = sys::reap(pid, false)? else {
        return Err(io::Error::other("a blocking wait4 returned no child"));
    };
    run.add(usage);
    // Reaped above: std's handle neither waits nor kills on drop.
    drop(child);
    run.end_tree()?;
    watched?;
    run.finish(status, wall, buf, jail)
}

/// The program's stdin and stdout and where its stdout is captured, or the FIFO whose other
/// end never came.
enum Streams {
    Open(Stdio, Stdio, Option<Capture>),
    Unpaired(PathBuf),
}

/// The program's stdin and stdout, and where its stdout is captured. An interactive run
/// (`judge::interact`) passes FIFOs: they are the program's stdin and stdout as they are,
/// live, opened stdin first (the relay on the other side opens in the order that pairs with
/// it; a CMS manager must too), each waiting for its other end until `deadline` at most
/// (`sys::open_fifo`); everything else is a regular file, and stdout is captured through a
/// pipe.
fn streams(req: &Request, deadline: Instant) -> io::Result<Streams> {
    let fifo = |p: &Path| {
        use std::os::unix::fs::FileTypeExt;
        fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_fifo())
    };
    let stdin = match &req.stdin {
        Some(path) if fifo(path) => {
            match sys::open_fifo(path, false, deadline).map_err(|e| with_path(e, path))? {
                Some(f) => Stdio::from(f),
                None => return Ok(Streams::Unpaired(path.clone())),
            }
        }
        Some(path) => Stdio::from(sys::open_regular(path).map_err(|e| with_path(e, path))?),
        None => Stdio::null(),
    };
    if fifo(&req.stdout) {
        let path = &req.stdout;
        return Ok(
            match sys::open_fifo(path, true, deadline).map_err(|e| with_path(e, path))? {
                Some(live) => Streams::Open(stdin, Stdio::from(live), None),
                None => Streams::Unpaired(path.clone()),
            },
        );
    }
    let capture = Capture::new(&req.stdout).map_err(|e| with_path(e, &req.stdout))?;
    Ok(Streams::Open(stdin, Stdio::piped(), Some(capture)))
}

/// `e` with the path it happened on.
fn with_path(e: io::Error, p: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", p.display()))
}

/// The resource limits every process of a run gets, whatever the supervisor was handed: the
/// stack (the run's own), no core files, no file larger than twice the memory limit (under
/// namespaces the private tmpfs, the size of the memory limit, is full first), at most
/// [`OPEN_FILES`] open files, and at most [`PROCESSES`] processes and threads (counted per
/// user namespace, so only under namespaces do they count the run's processes alone).
fn program_limits(req: &Request, mechanism: Mechanism) -> Vec<(u32, u64)> {
    let mut limits = vec![
        (libc::RLIMIT_STACK, req.stack_kib.saturating_mul(1024)),
        (libc::RLIMIT_CORE, 0),
        (libc::RLIMIT_FSIZE, req.memory_kib.saturating_mul(2048)),
        (libc::RLIMIT_NOFILE, OPEN_FILES),
    ];
    if mechanism == Mechanism::Namespaces {
        limits.push((libc::RLIMIT_NPROC, PROCESSES));
    }
    limits
}

/// The open files of each process of a run (`RLIMIT_NOFILE`, the usual soft limit of a
/// shell): it bounds what a process can hold in pipes and sockets besides what the looks
/// count, and the descriptors in flight in a Unix socket's messages, which no look sees.
pub const OPEN_FILES: u64 = 1024;

/// The process limit of a run (processes and threads): `RLIMIT_NPROC` under namespaces
/// (counted per user namespace, so the run's alone; but the kernel exempts root), and
/// everywhere a look that finds more kills the tree ([`Kill::Processes`]). A bomb that
/// forks faster than the looks (5 ms apart) can pass it by what it makes between two.
pub const PROCESSES: u64 = 1024;

/// A run in progress, watched by one thread: the supervisor waits in `poll` for the
/// program's end (a pidfd), its stdout and stderr, or the next look at its tree, whichever
/// comes first. No thread is started for a run, and a run that ends before the first look
/// costs no read of /proc.
struct Running<'a> {
    pid: i32,
    req: &'a Request,
    start: Instant,
    /// The stdout pipe until its end, and where it is captured.
    stdout: Option<ChildStdout>,
    capture: Option<Capture>,
    stderr: Option<ChildStderr>,
    /// Readable once the program has ended.
    ended: Option<OwnedFd>,
    kept: StderrKeeper,
    stdout_bytes: u64,
    /// What the processes reaped so far used: CPU time summed, peak RSS the largest.
    reaped: sys::Usage,
    /// The largest memory the looks at the tree saw.
    peak_kib: u64,
    /// The CPU time of every process the looks saw (see `tree::Sample::seen_ms`).
    seen_ms: u64,
    /// How many looks there were, and how many found a process ready to run.
    looks: u64,
    runnable_looks: u64,
    /// The time between looks that ended finding a process ready to run, and when the last
    /// look was: with the CPU time, how long a busy machine kept the program from running
    /// (see [`Running::wall_deadline`]).
    runnable_time: Duration,
    last_look: Instant,
    /// When the wall clock ends the run, as the last look saw it (from the start).
    deadline: Duration,
    /// The largest stack the looks saw (see `tree::Sample::stack_kib`).
    stack_kib: u64,
    /// The most processes and threads seen at once (see `tree::Sample::tasks`).
    tasks: u64,
    killed: Option<Kill>,
}

/// How often the tree is read (at most).
const POLL: Duration = Duration::from_millis(5);

/// The most read from a pipe at once.
const CHUNK: usize = 64 * 1024;

impl Running<'_> {
    fn add(&mut self, usage: sys::Usage) {
        self.reaped.cpu_us += usage.cpu_us;
        self.reaped.peak_kib = self.reaped.peak_kib.max(usage.peak_kib);
    }

    /// Once the program is reaped: kills and reaps every process it left, counting them
    /// with it (the count a fork bomb reached, even when it ended between two looks).
    fn end_tree(&mut self) -> io::Result<()> {
        let mut left = 1;
        kill_all_descendants(|usage| {
            self.add(usage);
            left += 1;
        })?;
        self.tasks = self.tasks.max(left);
        if left > PROCESSES && self.killed.is_none() {
            // Past the limit between two looks (or where the kernel does not count).
            self.killed = Some(Kill::Processes);
        }
        Ok(())
    }

    /// Once the whole tree is gone: the output saved where the judge asked, and the report
    /// of a program that ended with `status` after `wall`.
    fn finish(
        mut self,
        status: Status,
        wall: Duration,
        buf: &mut [u8],
        jail: &Jail,
    ) -> io::Result<Report> {
        let req = self.req;
        // Nothing of the tree is left to write: what the pipes hold is all there is.
        self.drain_to_end(buf)?;
        if let Some(captured) = self.capture.take() {
            captured
                .save(&req.stdout)
                .map_err(|e| with_path(e, &req.stdout))?;
        }
        self.kept
            .write_to(&req.stderr)
            .map_err(|e| with_path(e, &req.stderr))?;
        if self.killed.is_none() && self.stdout_bytes > req.output_bytes {
            self.killed = Some(Kill::Output);
        }
        // A signal the program sent its supervisor is the program's end, named.
        let status = match (self.killed, sys::signalled_by_program()) {
            (Some(Kill::SupervisorKilled), Some(sig)) => Status::Signal(sig),
            _ => status,
        };
        // Files left in the private /tmp and /dev/shm are memory the run held.
        self.peak_kib = self.peak_kib.max(jail.memory_kib());
        Ok(Report::Ran {
            status,
            cpu_us: self.reaped.cpu_us.max(self.seen_ms * 1000),
            wall_us: wall.as_micros() as u64,
            peak_kib: self.peak_kib.max(self.reaped.peak_kib),
            killed: self.killed,
            stdout_bytes: self.stdout_bytes,
            stderr_bytes: self.kept.total,
            runnable_pct: (self.runnable_looks * 100)
                .checked_div(self.looks)
                .unwrap_or(0),
            stack_kib: self.stack_kib,
            tasks: self.tasks,
            // RLIMIT_NPROC where the kernel counts the run's processes alone, and the
            // looks everywhere.
            task_limit: PROCESSES,
        })
    }

    /// Copies the program's output as it comes and looks at its tree every [`POLL`] (less
    /// often when a look takes long), killing the program when a limit is passed, until the
    /// program has ended; it is left a zombie, so that neither its pid nor its group id can
    /// be reused while they may still be signalled. Orphans that end meanwhile are reaped.
    fn until_the_program_ends(&mut self, buf: &mut [u8], jail: &Jail) -> io::Result<()> {
        let mut watched = tree::Watch::new(std::process::id() as i32, PROCESSES);
        let wall_limit = Duration::from_millis(self.req.wall_ms);
        // The first look comes after the first pause, not at once: a program just started
        // has used nothing yet, and what one that ends sooner used comes from `wait4`.
        let mut next_look = self.start + POLL;
        loop {
            while let Some(ended) = sys::exited_child()? {
                if ended == self.pid {
                    return Ok(());
                }
                if let Some((_, _, usage)) = sys::reap(ended, false)? {
                    self.add(usage);
                }
            }
            let now = Instant::now();
            if now >= next_look && self.killed.is_none() {
                let took = Instant::now();
                if let Some(k) = self.look(&mut watched, wall_limit, jail) {
                    self.killed = Some(k);
                    kill_program(self.pid);
                }
                // Less often when a look itself takes long (a large tree, a loaded machine),
                // so that watching never costs more than a third of a core.
                let pause = (took.elapsed() * 2).clamp(POLL, Duration::from_millis(50));
                next_look = (Instant::now() + pause).min(self.start + self.deadline);
            }
            let wait = match (&self.ended, self.killed) {
                // Killed: only its end is waited for.
                (_, Some(_)) | (None, _) => Duration::from_millis(1),
                (Some(_), None) => next_look.saturating_duration_since(Instant::now()),
            };
            let ready = {
                let mut fds = Vec::with_capacity(3);
                fds.extend(self.stdout.as_ref().map(|p| p.as_fd()));
                fds.extend(self.stderr.as_ref().map(|p| p.as_fd()));
                fds.extend(self.ended.as_ref().map(|p| p.as_fd()));
                sys::poll(&fds, wait)?
            };
            let stdout_ready = self.stdout.is_some() && ready & 1 != 0;
            let stderr_at = u32::from(self.stdout.is_some());
            let stderr_ready = self.stderr.is_some() && ready & (1 << stderr_at) != 0;
            if stdout_ready {
                self.read_stdout(buf)?;
                let over = self.stdout_bytes > self.req.output_bytes;
                if over && self.req.output_kills && self.killed.is_none() {
                    self.killed = Some(Kill::Output);
                    kill_program(self.pid);
                }
            }
            if stderr_ready {
                self.read_stderr(buf);
            }
        }
    }

    /// When the wall clock ends the run. Under a wall-time limit, at the limit. Under a CPU
    /// limit the wall clock is a backstop for a program that sleeps or waits, not for one a
    /// busy machine keeps from running: the time the looks found it ready to run, less the
    /// CPU time it got, is added (it errs short: CPU time used between looks that found it
    /// asleep counts against it), up to [`STARVED_BACKSTOPS`] backstops in all. Without it a
    /// program that needs 150 ms of CPU time, given 2% of a CPU, was a TLE at 3 s.
    fn wall_deadline(&self, wall_limit: Duration, cpu_ms: u64) -> Duration {
        if self.req.cpu_ms.is_none() {
            return wall_limit;
        }
        let kept_waiting = self
            .runnable_time
            .saturating_sub(Duration::from_millis(cpu_ms));
        wall_limit
            .saturating_add(kept_waiting)
            .min(wall_limit.saturating_mul(STARVED_BACKSTOPS))
    }

    /// One look at the tree: the limit it passed, if any.
    fn look(
        &mut self,
        watched: &mut tree::Watch,
        wall_limit: Duration,
        jail: &Jail,
    ) -> Option<Kill> {
        let tree = watched.sample();
        self.seen_ms = self.seen_ms.max(tree.seen_ms);
        self.looks += 1;
        self.runnable_looks += u64::from(tree.runnable);
        let now = Instant::now();
        if tree.runnable {
            self.runnable_time += now.saturating_duration_since(self.last_look);
        }
        self.last_look = now;
        self.stack_kib = self.stack_kib.max(tree.stack_kib);
        self.tasks = self.tasks.max(tree.tasks);
        // What its files in the private /tmp, /dev/shm and folder hold is memory too.
        let memory_kib = tree.memory_kib + jail.memory_kib();
        self.peak_kib = self.peak_kib.max(memory_kib);
        let reaped_ms = self.reaped.cpu_us / 1000;
        let cpu_ms = (reaped_ms + tree.cpu_ms).max(tree.seen_ms);
        self.deadline = self.wall_deadline(wall_limit, cpu_ms);
        if sys::cancelled() {
            Some(Kill::Cancelled)
        } else if sys::signalled_by_program().is_some() {
            Some(Kill::SupervisorKilled)
        } else if tree.tasks > PROCESSES {
            // Before the time limits: under a bomb the looks come late, and by then its
            // forks have spent the CPU time too; the processes are the cause.
            Some(Kill::Processes)
        } else if self.start.elapsed() >= self.deadline {
            Some(Kill::Wall)
        } else if self.req.cpu_ms.is_some_and(|limit| cpu_ms > limit) {
            Some(Kill::Cpu)
        } else if memory_kib > self.req.memory_kib {
            Some(Kill::Memory)
        } else {
            None
        }
    }

    /// Reads what the stdout pipe holds (one read: it was ready), keeping the first
    /// `limit + 1` bytes; the rest is read and dropped, so that nothing writing to the pipe
    /// blocks on us. The pipe is closed at its end.
    fn read_stdout(&mut self, buf: &mut [u8]) -> io::Result<()> {
        let (Some(pipe), Some(capture)) = (&mut self.stdout, &mut self.capture) else {
            return Ok(());
        };
        let n = match pipe.read(buf) {
            // Its end, or a pipe that cannot be read, which is the same to us.
            Ok(0) | Err(_) => {
                self.stdout = None;
                return Ok(());
            }
            Ok(n) => n,
        };
        let limit = self.req.output_bytes;
        let keep = (n as u64).min((limit + 1).saturating_sub(self.stdout_bytes)) as usize;
        capture.file.write_all(&buf[..keep])?;
        self.stdout_bytes += n as u64;
        Ok(())
    }

    /// Reads what the stderr pipe holds into the keeper; the pipe is closed at its end.
    fn read_stderr(&mut self, buf: &mut [u8]) {
        let Some(pipe) = &mut self.stderr else {
            return;
        };
        match pipe.read(buf) {
            Ok(0) | Err(_) => self.stderr = None,
            Ok(n) => self.kept.feed(&buf[..n]),
        }
    }

    /// Reads both pipes to their ends (once the whole tree is gone).
    fn drain_to_end(&mut self, buf: &mut [u8]) -> io::Result<()> {
        while self.stdout.is_some() {
            self.read_stdout(buf)?;
        }
        while self.stderr.is_some() {
            self.read_stderr(buf);
        }
        Ok(())
    }
}

/// Kills the program: its process group (it may have left it: the program itself is
/// killed too), while it is unreaped. Its descendants, in whatever group, are orphaned by
/// its death and killed after it by [`kill_all_descendants`].
fn kill_program(pid: i32) {
    sys::kill(-pid);
    sys::kill(pid);
}

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
        // As the init of the run's PID namespace, one call reaches every process at any
        // depth; otherwise each round kills the children seen, whose orphans come back to us
        // for the next (a scan of /proc each: a deep fork bomb costs rounds times processes).
        if std::process::id() == 1 {
            sys::kill_all_but_me();
        } else {
            for pid in tree::children(std::process::id() as i32) {
                sys::kill(pid);
            }
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

/// The first and last [`STDERR_KEEP`] bytes of a stream, and its length (nothing is
/// allocated for a stream that stays empty, the usual stderr).
#[derive(Default)]
struct StderrKeeper {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
}

impl StderrKeeper {
    fn feed(&mut self, mut chunk: &[u8]) {
        self.total += chunk.len() as u64;
        let room = STDERR_KEEP - self.head.len();
        if room > 0 {
            let take = room.min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
        }
        if chunk.len() >= STDERR_KEEP {
            self.tail.clear();
            chunk = &chunk[chunk.len() - STDERR_KEEP..];
        }
        let overflow = (self.tail.len() + chunk.len()).saturating_sub(STDERR_KEEP);
        self.tail.drain(..overflow);
        self.tail.extend(chunk);
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
            stack_kib: 262_144,
            output_bytes: 1 << 26,
            output_kills: false,
            stdin: Some("in put".into()),
            stdout: "out".into(),
            stderr: "err".into(),
            cwd: Some("work dir".into()),
            writable: vec!["build one".into(), "--".into()],
            argv: vec!["sh".into(), "-c".into(), "echo hi; exit 3".into()],
        };
        assert_eq!(Request::from_args(&req.to_args()).unwrap(), req);
        let wall_only = Request {
            cpu_ms: None,
            stdin: None,
            cwd: None,
            writable: Vec::new(),
            ..req.clone()
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
                runnable_pct: 9,
                stack_kib: 10,
                tasks: 11,
                task_limit: 1024,
            },
            Report::Ran {
                status: Status::Code(0),
                cpu_us: 0,
                wall_us: 0,
                peak_kib: 0,
                killed: None,
                stdout_bytes: 0,
                stderr_bytes: 0,
                runnable_pct: 0,
                stack_kib: 0,
                tasks: 0,
                task_limit: 0,
            },
            Report::CannotStart("./a.out: No such file or directory (os error 2)".into()),
            Report::Unpaired {
                waited_ms: 3000,
                fifo: "/tmp/out/001.pipes/m-to-u0 with space".into(),
            },
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
        let mut kept = StderrKeeper::default();
        for chunk in data.chunks(7777) {
            kept.feed(chunk);
        }
        assert_eq!(kept.total, data.len() as u64);
        assert_eq!(kept.head, &data[..STDERR_KEEP]);
        let tail: Vec<u8> = kept.tail.iter().copied().collect();
        assert_eq!(tail, &data[data.len() - STDERR_KEEP..]);
        let mut short = StderrKeeper::default();
        short.feed(b"oops\n");
        assert_eq!(
            (short.head.as_slice(), short.tail.len()),
            (&b"oops\n"[..], 0)
        );
    }
}
