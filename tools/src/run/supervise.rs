//! The supervisor: runs one program under limits, as a process of its own, and leaves nothing
//! behind. The judge starts it as `judge __supervise …` once per run (see `sandbox.rs`).
//!
//! Why a process of its own: to kill *everything* a program started, including `setsid` and
//! double-forked processes, the killer must be their child subreaper
//! (`PR_SET_CHILD_SUBREAPER`), so that orphans come back to it instead of to init. A judge
//! running cases in parallel cannot be that reaper for all of them and still tell whose
//! orphan is whose; a supervisor per run can, and it is single-purpose, so "kill all my
//! children until I have none" is exactly right for it.
//!
//! What it enforces while the program runs:
//! - CPU time (user + system, live from `/proc/PID/stat`), wall time, peak memory (`VmHWM`):
//!   a watcher polls every few milliseconds and kills the program's process group when one
//!   passes its limit; `RLIMIT_CPU` stands behind it.
//! - stdout goes to a file capped by `RLIMIT_FSIZE` at the output limit + 1 byte, so disk use
//!   is bounded by the kernel, not by polling.
//! - stderr goes through a pipe: the first and last 64 KiB are kept, the rest is counted and
//!   dropped, so a program writing gigabytes to stderr costs neither memory nor disk.
//!
//! It prints one report line on its stdout (see [`Report`]) and exits 0; the judge reads it.
//! SIGINT, SIGTERM, SIGHUP and the judge's death (`PR_SET_PDEATHSIG`) make it kill the program
//! and its descendants before it goes.

use std::collections::VecDeque;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::run::sys::{self, Status};

/// The first argument that makes the judge binary a supervisor.
pub const ARG: &str = "__supervise";

/// Bytes of stderr kept at each end.
pub const STDERR_KEEP: usize = 64 * 1024;

/// What the judge asks of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// CPU-time limit (user + system); `None` when only wall time is limited.
    pub cpu_ms: Option<u64>,
    pub wall_ms: u64,
    pub memory_kib: u64,
    pub output_bytes: u64,
    pub stdin: PathBuf,
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
}

impl Kill {
    const ALL: [Kill; 5] = [
        Kill::Cpu,
        Kill::Wall,
        Kill::Memory,
        Kill::Output,
        Kill::Cancelled,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kill::Cpu => "cpu",
            Kill::Wall => "wall",
            Kill::Memory => "memory",
            Kill::Output => "output",
            Kill::Cancelled => "cancelled",
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
    /// The supervisor's arguments after [`ARG`].
    pub fn to_args(&self) -> Vec<String> {
        let mut v = vec![
            self.cpu_ms.map_or("-".to_string(), |c| c.to_string()),
            self.wall_ms.to_string(),
            self.memory_kib.to_string(),
            self.output_bytes.to_string(),
            self.stdin.display().to_string(),
            self.stdout.display().to_string(),
            self.stderr.display().to_string(),
            "--".to_string(),
        ];
        v.extend(self.argv.iter().cloned());
        v
    }

    pub fn from_args(args: &[String]) -> Result<Request, String> {
        let usage = || {
            format!("usage: judge {ARG} CPU_MS|- WALL_MS MEMORY_KIB OUTPUT_BYTES STDIN STDOUT STDERR -- PROGRAM ARGS...")
        };
        if args.len() < 9 || args[7] != "--" {
            return Err(usage());
        }
        let num = |s: &String| s.parse::<u64>().map_err(|_| usage());
        Ok(Request {
            cpu_ms: if args[0] == "-" {
                None
            } else {
                Some(num(&args[0])?)
            },
            wall_ms: num(&args[1])?,
            memory_kib: num(&args[2])?,
            output_bytes: num(&args[3])?,
            stdin: args[4].clone().into(),
            stdout: args[5].clone().into(),
            stderr: args[6].clone().into(),
            argv: args[8..].to_vec(),
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

/// The supervisor's `main`: `args` are those after [`ARG`].
pub fn main(args: &[String]) -> ExitCode {
    let request = match Request::from_args(args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(2);
        }
    };
    match supervise(&request) {
        Ok(report) => {
            let mut out = io::stdout().lock();
            if writeln!(out, "{report}")
                .and_then(|()| out.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("judge: supervisor: {e}");
            ExitCode::FAILURE
        }
    }
}

fn supervise(req: &Request) -> io::Result<Report> {
    sys::become_subreaper()?;
    sys::terminate_with_parent()?;
    sys::catch_cancel_signals();
    let with_path =
        |e: io::Error, p: &PathBuf| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
    let stdin = File::open(&req.stdin).map_err(|e| with_path(e, &req.stdin))?;
    let stdout = File::create(&req.stdout).map_err(|e| with_path(e, &req.stdout))?;
    let mut cmd = Command::new(&req.argv[0]);
    cmd.args(&req.argv[1..])
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    let backstop_ms = req.cpu_ms.unwrap_or(req.wall_ms);
    sys::limit_child(
        &mut cmd,
        backstop_ms.div_ceil(1000) + 1,
        req.output_bytes + 1,
    );
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Ok(Report::CannotStart(format!("{}: {e}", req.argv[0]))),
    };
    let pid = child.id() as i32;
    let stderr_pipe = child.stderr.take().expect("stderr was piped");
    let reader = thread::spawn(move || StderrKeeper::drain(stderr_pipe));

    let done = AtomicBool::new(false);
    let killed = AtomicU8::new(0);
    let mut wall = Duration::ZERO;
    let mut waited = Ok(());
    thread::scope(|s| {
        let watcher = s.spawn(|| watch(pid, req, start, &done, &killed));
        waited = sys::wait_exited(pid);
        wall = start.elapsed();
        done.store(true, Ordering::Release);
        watcher.thread().unpark();
    });
    waited?;
    // Whatever is left in its group dies now; then the program is reaped (its pid and group
    // id are free again) and every orphan it left, wherever it moved, is killed.
    sys::kill(-pid);
    let (status, usage) = match sys::reap(pid, false)? {
        Some((_, status, usage)) => (status, usage),
        None => unreachable!("a blocking wait4 returns a child"),
    };
    drop(child); // reaped above: std's handle neither waits nor kills on drop
    kill_all_descendants()?;
    let kept = reader
        .join()
        .map_err(|_| io::Error::other("the stderr reader panicked"))?;
    kept.write_to(&req.stderr)
        .map_err(|e| with_path(e, &req.stderr))?;
    let stdout_bytes = fs::metadata(&req.stdout).map_or(0, |m| m.len());
    let mut killed = Kill::ALL
        .into_iter()
        .find(|k| *k as u8 == killed.load(Ordering::Acquire));
    if killed.is_none()
        && (stdout_bytes > req.output_bytes || status == Status::Signal(sys::SIGXFSZ))
    {
        killed = Some(Kill::Output);
    }
    Ok(Report::Ran {
        status,
        cpu_us: usage.cpu_us,
        wall_us: wall.as_micros() as u64,
        peak_kib: usage.peak_kib,
        killed,
        stdout_bytes,
        stderr_bytes: kept.total,
    })
}

/// Polls the running program until `done`, killing its group when a limit is passed.
fn watch(pid: i32, req: &Request, start: Instant, done: &AtomicBool, killed: &AtomicU8) {
    let ticks = sys::clock_ticks_per_second();
    let wall_limit = Duration::from_millis(req.wall_ms);
    while !done.load(Ordering::Acquire) {
        let now = start.elapsed();
        let over = if sys::cancelled() {
            Some(Kill::Cancelled)
        } else if now >= wall_limit {
            Some(Kill::Wall)
        } else if req
            .cpu_ms
            .is_some_and(|limit| cpu_ms_so_far(pid, ticks).is_some_and(|c| c > limit))
        {
            Some(Kill::Cpu)
        } else if vm_hwm_kib(pid).is_some_and(|k| k > req.memory_kib) {
            Some(Kill::Memory)
        } else if fs::metadata(&req.stdout).is_ok_and(|m| m.len() > req.output_bytes) {
            Some(Kill::Output)
        } else {
            None
        };
        if let Some(k) = over {
            killed.store(k as u8, Ordering::Release);
            sys::kill(-pid);
            return;
        }
        thread::park_timeout((wall_limit - now).min(Duration::from_millis(5)));
    }
}

/// CPU time (user + system, the process and the children it waited for) of a live process.
fn cpu_ms_so_far(pid: i32, ticks_per_second: u64) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may contain spaces: count fields after its `)`.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields
        .get(11..15)?
        .iter()
        .map(|f| f.parse::<u64>().unwrap_or(0))
        .sum();
    Some(ticks * 1000 / ticks_per_second)
}

/// `VmHWM` (peak RSS, KiB) of a live process.
fn vm_hwm_kib(pid: i32) -> Option<u64> {
    let s = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// This process's children, from `/proc/*/stat` (the parent pid is the second field after
/// the command name).
fn children() -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(dir) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|s| {
                    let rest = s.rsplit_once(')')?.1.to_string();
                    rest.split_whitespace().nth(1)?.parse::<i32>().ok()
                })
                == Some(me)
        })
        .collect()
}

/// Kills and reaps children until none is left. As the subreaper, every orphan of the program
/// (background, `setsid`, double-forked, a fork bomb's offspring) becomes our child when its
/// parent dies, so this ends only when the whole tree is gone.
pub fn kill_all_descendants() -> io::Result<()> {
    loop {
        for pid in children() {
            sys::kill(pid);
        }
        // Reap whatever has ended; block for one more only when nothing had, so that a tree
        // still dying is waited for without spinning.
        let mut reaped = false;
        loop {
            match sys::reap(-1, true) {
                Ok(Some(_)) => reaped = true,
                Ok(None) => break,
                Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        if !reaped {
            match sys::reap(-1, false) {
                Ok(_) => {}
                Err(e) if e.raw_os_error() == Some(libc::ECHILD) => return Ok(()),
                Err(e) => return Err(e),
            }
        }
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
            stdin: "in put".into(),
            stdout: "out".into(),
            stderr: "err".into(),
            argv: vec!["sh".into(), "-c".into(), "echo hi; exit 3".into()],
        };
        assert_eq!(Request::from_args(&req.to_args()).unwrap(), req);
        let wall_only = Request {
            cpu_ms: None,
            ..req
        };
        assert_eq!(Request::from_args(&wall_only.to_args()).unwrap(), wall_only);
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
