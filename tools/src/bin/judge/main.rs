//! `judge`: an online judge on the user's own machine (run it through `scripts/judge`).
//!
//! What: runs a program (ours from `target/release`, a bundle from `target/bundle`, or any
//! command given with `--cmd`) over `problems/<problem>/tests/NAME.in` (+ `NAME.out`, optional
//! `NAME.args`) and, for our own programs, `problems/<problem>/invalid/NAME.in` (+ `NAME.err`,
//! optional `NAME.out`), and prints a verdict per case (`AC WA RE TLE MLE`), its wall time and
//! its peak memory, a summary per problem and a closing `N passed, N failed` line. `--stress`
//! compares a command with our binary (or the checker) on generated inputs instead.
//!
//! Approach: every run is a child in its own process group with stdin/stdout/stderr on files.
//! One thread blocks in `waitid(WNOWAIT)` (exit noticed, child not yet reaped, so its pid and
//! group cannot be reused), a watcher thread kills the whole group when the wall-clock limit
//! passes or the child's `VmHWM` exceeds the memory limit, and `wait4` on that one pid then
//! reaps it and returns its own peak RSS (`ru_maxrss`, the maximum over the child and the
//! descendants it waited for, never a sum over the judge's children). All `unsafe` lives in
//! `mod sys`. Comparison streams both outputs line by line (CRLF/LF, trailing whitespace and
//! trailing blank lines ignored, like `oj test`); `--checker` runs `examples/checker` with
//! testlib's `INPUT OUTPUT ANSWER` convention.
//!
//! Complexity: O(total output size) per case; the judge holds one case's output at a time.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const HELP: &str = "\
usage: scripts/judge [OPTIONS] [PROBLEM...]
       scripts/judge --stress PROBLEM (--cmd COMMAND | --bundle) [--seed S] [--count N]
                     [--kind K] [--size N...] [--checker]

Judge a program on problems/<problem>/tests (all problems when none is named).
One line per case: verdict (AC WA RE TLE MLE), wall time, peak memory, case name;
a summary per problem; last line `N passed, N failed`. Exit status 0 only when all AC.

options:
  --cmd COMMAND        judge COMMAND instead of our binary (practice mode, any language):
                       --cmd ./a.out   --cmd 'python3 my.py'   --cmd 'java Main'
                       A command with shell syntax runs via `sh -c`; the case's extra
                       arguments (NAME.args, e.g. --path) are appended.
                       The invalid-input cases (problems/<p>/invalid: exit code 1 and our
                       exact error message) are skipped: a foreign program cannot know
                       our messages.
  --bundle             judge target/bundle/<problem> (compiled from target/bundle/<problem>.rs,
                       made by scripts/bundle, with rustc when missing or older than the .rs)
  --checker            accept any valid optimal answer where the problem has a checker
                       (examples/checker: `checker PROBLEM INPUT OUTPUT ANSWER`, exit 0 = AC);
                       problems without one keep the exact comparison
  -j N, --jobs N       run N cases in parallel (default 1: steadier times)
  --time-limit-ms MS   override every problem's time limit
  --memory-limit-mib M override every problem's memory limit
  --stress PROBLEM     generate inputs with examples/gen, compare COMMAND with our binary (or
                       with the checker), stop at the first disagreement, save it under
                       target/judge/stress/PROBLEM and print the seed that reproduces it
    --seed S           first seed (default: from the clock); case i uses seed S+i
    --count N          number of cases (default 500)
    --kind K           generator kind (default: the problem's random kind)
    --size N...        generator sizes (default: small random sizes drawn from the seed)
  --args ARGS          (stress) extra arguments for both programs, e.g. --args=--path
  --root DIR           repository root (default: this checkout)
  --bin-dir DIR        where our binaries are (default: ROOT/target/release)
  --problems-dir DIR   default: ROOT/problems
  --out-dir DIR        where failing outputs are kept (default: ROOT/target/judge)
  -h, --help           this text

Comparison is exact except that CRLF/LF, trailing whitespace on a line and trailing blank
lines are ignored. Failing cases keep CASE.got, CASE.expected and CASE.stderr under
target/judge/<problem>/. Memory is the child's own peak RSS (wait4); it includes a floor of
about 1 MiB that any fork-based measurement has.";

/// `println!` that ends the judge quietly when stdout is gone (`scripts/judge | head`) instead of
/// panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        let mut out = io::stdout().lock();
        if writeln!(out, $($arg)*).and_then(|_| out.flush()).is_err() {
            std::process::exit(1);
        }
    }};
}

// ---------------------------------------------------------------------------------------------
// The only unsafe code: process control through libc.

mod sys {
    use std::io;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// How a child ended.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Status {
        Code(i32),
        Signal(i32),
    }

    /// Blocks until child `pid` has exited but leaves it unreaped (a zombie), so that neither its
    /// pid nor its process group id can be reused while the watcher may still signal them.
    pub fn wait_exited(pid: i32) -> io::Result<()> {
        loop {
            // SAFETY: siginfo_t is plain old data for which all-zero bytes are a valid value.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            // SAFETY: `info` is a live, writable siginfo_t; waitid only writes into it.
            let r = unsafe {
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if r == 0 {
                return Ok(());
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }

    /// Reaps child `pid`: its exit status and its own peak resident set size in KiB.
    pub fn reap(pid: i32) -> io::Result<(Status, u64)> {
        loop {
            let mut status: libc::c_int = 0;
            // SAFETY: rusage is plain old data for which all-zero bytes are a valid value.
            let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: both pointers refer to live, writable locals; wait4 only writes into them.
            let r = unsafe { libc::wait4(pid, &mut status, 0, &mut ru) };
            if r == pid {
                let st = if libc::WIFSIGNALED(status) {
                    Status::Signal(libc::WTERMSIG(status))
                } else {
                    Status::Code(libc::WEXITSTATUS(status))
                };
                return Ok((st, ru.ru_maxrss.max(0) as u64));
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }

    /// SIGKILL to every process of group `pgid` (our unreaped child's own group).
    pub fn kill_group(pgid: i32) {
        // SAFETY: killpg has no memory effects; `pgid` is the group of a child we have not reaped
        // yet, so it cannot name anybody else's group. ESRCH (nobody left) is fine.
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }

    /// A CPU-time backstop for the child (the watcher's wall-clock kill is the real limit): if
    /// the judge itself is interrupted, an endless loop it started still dies.
    pub fn limit_cpu(cmd: &mut Command, secs: u64) {
        let lim = libc::rlimit {
            rlim_cur: secs as libc::rlim_t,
            rlim_max: secs as libc::rlim_t + 1,
        };
        // SAFETY: the closure runs in the forked child before exec and calls only setrlimit,
        // which is async-signal-safe; it reads only `lim`, copied into the closure.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setrlimit(libc::RLIMIT_CPU, &lim) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }

    pub fn signal_name(sig: i32) -> String {
        let name = match sig {
            libc::SIGSEGV => "SIGSEGV",
            libc::SIGABRT => "SIGABRT",
            libc::SIGKILL => "SIGKILL",
            libc::SIGFPE => "SIGFPE",
            libc::SIGBUS => "SIGBUS",
            libc::SIGILL => "SIGILL",
            libc::SIGTERM => "SIGTERM",
            libc::SIGPIPE => "SIGPIPE",
            libc::SIGXCPU => "SIGXCPU",
            libc::SIGXFSZ => "SIGXFSZ",
            libc::SIGINT => "SIGINT",
            libc::SIGHUP => "SIGHUP",
            libc::SIGTRAP => "SIGTRAP",
            libc::SIGSYS => "SIGSYS",
            _ => return format!("signal {sig}"),
        };
        format!("{name} (signal {sig})")
    }

    pub const SIGXCPU: i32 = libc::SIGXCPU;
}

use sys::Status;

// ---------------------------------------------------------------------------------------------
// Problems, limits and cases.

/// `problems/<problem>/info.toml`: flat `key = value` lines, `#` comments.
#[derive(Clone, Debug)]
struct Info {
    binary: String,
    time_limit_ms: u64,
    memory_limit_mib: u64,
    checker: bool,
}

fn parse_info(problem: &str, text: &str) -> Result<Info, String> {
    let mut info = Info {
        binary: problem.to_string(),
        time_limit_ms: 1000,
        memory_limit_mib: 256,
        checker: false,
    };
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() || line.starts_with('[') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: expected `key = value`, found `{raw}`", i + 1))?;
        let (key, value) = (key.trim(), value.trim());
        let unquoted = value.trim_matches('"');
        let number = || {
            unquoted
                .replace('_', "")
                .parse::<u64>()
                .map_err(|_| format!("line {}: {key}: expected a number, found `{value}`", i + 1))
        };
        match key {
            "binary" => info.binary = unquoted.to_string(),
            "time_limit_ms" => info.time_limit_ms = number()?,
            "memory_limit_mib" => info.memory_limit_mib = number()?,
            "checker" => info.checker = unquoted == "true",
            _ => {}
        }
    }
    Ok(info)
}

/// Drops a `#` comment that is not inside a quoted string.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

#[derive(Clone, Debug)]
enum Expect {
    /// Exit code 0 and this stdout.
    Output(PathBuf),
    /// Exit code 1, stderr containing the fragment, stdout equal to the file (or empty).
    Invalid {
        fragment: String,
        stdout: Option<PathBuf>,
    },
}

#[derive(Clone, Debug)]
struct Case {
    problem: usize,
    /// `NAME` for tests, `invalid/NAME` for invalid-input cases.
    name: String,
    input: PathBuf,
    args: Vec<String>,
    expect: Expect,
}

/// What to run for one problem.
#[derive(Clone, Debug)]
enum Program {
    /// argv executed directly.
    Direct(Vec<String>),
    /// A command line for `sh -c`.
    Shell(String),
}

impl Program {
    fn from_cmd(cmd: &str) -> Program {
        let plain = cmd
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " _./:,+@%=-".contains(c));
        let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
        if plain && !argv.is_empty() {
            // Exec'd directly, the program itself is our child: its own peak memory is measured
            // and no shell start-up is timed.
            Program::Direct(argv)
        } else {
            Program::Shell(cmd.to_string())
        }
    }

    fn command(&self, extra: &[String]) -> Command {
        match self {
            Program::Direct(argv) => {
                let mut c = Command::new(&argv[0]);
                c.args(&argv[1..]).args(extra);
                c
            }
            Program::Shell(line) => {
                let mut c = Command::new("sh");
                let line = if extra.is_empty() {
                    line.clone()
                } else {
                    format!("{line} \"$@\"")
                };
                c.arg("-c").arg(line).arg("sh").args(extra);
                c
            }
        }
    }

    fn describe(&self) -> String {
        match self {
            Program::Direct(argv) => argv.join(" "),
            Program::Shell(line) => format!("sh -c {}", shell_quote(line)),
        }
    }
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:,+@%=-".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn read_args(path: &Path) -> Result<Vec<String>, String> {
    match fs::read_to_string(path) {
        Ok(s) => Ok(s.split_whitespace().map(String::from).collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Sorted `*.in` stems of a folder (empty when the folder does not exist).
fn stems(dir: &Path) -> Result<Vec<String>, String> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut v = Vec::new();
    for entry in rd {
        let name = entry
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .file_name();
        if let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".in")) {
            v.push(stem.to_string());
        }
    }
    v.sort();
    Ok(v)
}

fn discover(problem_dir: &Path, problem: usize, invalid: bool) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let tests = problem_dir.join("tests");
    for stem in stems(&tests)? {
        let out = tests.join(format!("{stem}.out"));
        if !out.exists() {
            return Err(format!("{}: missing", out.display()));
        }
        cases.push(Case {
            problem,
            args: read_args(&tests.join(format!("{stem}.args")))?,
            input: tests.join(format!("{stem}.in")),
            expect: Expect::Output(out),
            name: stem,
        });
    }
    if invalid {
        let dir = problem_dir.join("invalid");
        for stem in stems(&dir)? {
            let err = dir.join(format!("{stem}.err"));
            let fragment = fs::read_to_string(&err)
                .map_err(|e| format!("{}: {e}", err.display()))?
                .trim_end_matches(['\n', '\r'])
                .to_string();
            let out = dir.join(format!("{stem}.out"));
            cases.push(Case {
                problem,
                args: read_args(&dir.join(format!("{stem}.args")))?,
                input: dir.join(format!("{stem}.in")),
                expect: Expect::Invalid {
                    fragment,
                    stdout: out.exists().then_some(out),
                },
                name: format!("invalid/{stem}"),
            });
        }
    }
    Ok(cases)
}

// ---------------------------------------------------------------------------------------------
// Running one program under limits.

#[derive(Clone, Copy, Debug)]
struct Limits {
    time_ms: u64,
    memory_kib: u64,
    output_bytes: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kill {
    Time = 1,
    Memory = 2,
    Output = 3,
}

#[derive(Clone, Copy, Debug)]
struct Run {
    ms: u64,
    peak_kib: u64,
    status: Status,
    killed: Option<Kill>,
}

/// `VmHWM` (peak RSS, KiB) of a live process, if readable.
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

fn run(
    prog: &Program,
    extra: &[String],
    stdin: &Path,
    stdout: &Path,
    stderr: &Path,
    lim: Limits,
) -> Result<Run, String> {
    let ctx = |e: io::Error, what: &Path| format!("{}: {e}", what.display());
    let mut cmd = prog.command(extra);
    cmd.stdin(fs::File::open(stdin).map_err(|e| ctx(e, stdin))?)
        .stdout(fs::File::create(stdout).map_err(|e| ctx(e, stdout))?)
        .stderr(fs::File::create(stderr).map_err(|e| ctx(e, stderr))?);
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    sys::limit_cpu(&mut cmd, 5 + 4 * lim.time_ms.div_ceil(1000));
    let start = Instant::now();
    let child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", prog.describe()))?;
    let pid = child.id() as i32;
    let done = AtomicBool::new(false);
    let killed = AtomicU8::new(0);
    let mut elapsed = Duration::ZERO;
    let mut waited = Ok(());
    thread::scope(|s| {
        let watcher = s.spawn(|| {
            let limit = Duration::from_millis(lim.time_ms);
            while !done.load(Ordering::Acquire) {
                let now = start.elapsed();
                let over = if now >= limit {
                    Some(Kill::Time)
                } else if vm_hwm_kib(pid).is_some_and(|k| k > lim.memory_kib) {
                    Some(Kill::Memory)
                } else if fs::metadata(stdout).is_ok_and(|m| m.len() > lim.output_bytes) {
                    Some(Kill::Output)
                } else {
                    None
                };
                if let Some(k) = over {
                    killed.store(k as u8, Ordering::Release);
                    sys::kill_group(pid);
                    return;
                }
                thread::park_timeout((limit - now).min(Duration::from_millis(5)));
            }
        });
        waited = sys::wait_exited(pid);
        elapsed = start.elapsed();
        done.store(true, Ordering::Release);
        watcher.thread().unpark();
    });
    waited.map_err(|e| format!("waitid: {e}"))?;
    // Whatever the program left behind in its group (background processes) dies with it.
    sys::kill_group(pid);
    let (status, peak_kib) = sys::reap(pid).map_err(|e| format!("wait4: {e}"))?;
    drop(child); // already reaped: std's handle neither waits nor kills on drop
    let killed = match killed.load(Ordering::Acquire) {
        1 => Some(Kill::Time),
        2 => Some(Kill::Memory),
        3 => Some(Kill::Output),
        _ => None,
    };
    Ok(Run {
        ms: elapsed.as_millis() as u64,
        peak_kib,
        status,
        killed,
    })
}

// ---------------------------------------------------------------------------------------------
// Verdicts and comparison.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Ac,
    Wa,
    Re,
    Tle,
    Mle,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Re => "RE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
        }
    }
}

#[derive(Clone, Debug)]
struct Outcome {
    verdict: Verdict,
    ms: u64,
    peak_kib: u64,
    /// Lines shown under the verdict line (already trimmed to the terminal).
    detail: Vec<String>,
}

/// A verdict from the way the run ended, before looking at its output.
fn verdict_of_run(r: &Run, lim: Limits, exit_expected: i32) -> Option<(Verdict, String)> {
    match r.killed {
        Some(Kill::Time) => {
            return Some((
                Verdict::Tle,
                format!("killed after {} ms (limit {} ms)", r.ms, lim.time_ms),
            ))
        }
        Some(Kill::Memory) => {
            return Some((
                Verdict::Mle,
                format!(
                    "killed at {} (limit {})",
                    mib(r.peak_kib),
                    mib(lim.memory_kib)
                ),
            ))
        }
        Some(Kill::Output) => {
            return Some((
                Verdict::Wa,
                format!("output limit exceeded (over {} bytes)", lim.output_bytes),
            ))
        }
        None => {}
    }
    if r.peak_kib > lim.memory_kib {
        return Some((
            Verdict::Mle,
            format!("peak {} (limit {})", mib(r.peak_kib), mib(lim.memory_kib)),
        ));
    }
    if r.ms > lim.time_ms || r.status == Status::Signal(sys::SIGXCPU) {
        return Some((
            Verdict::Tle,
            format!("{} ms (limit {} ms)", r.ms, lim.time_ms),
        ));
    }
    match r.status {
        Status::Signal(sig) => Some((Verdict::Re, format!("killed by {}", sys::signal_name(sig)))),
        Status::Code(c) if c == exit_expected => None,
        Status::Code(0) => Some((
            Verdict::Wa,
            format!("exit code 0, expected {exit_expected}"),
        )),
        Status::Code(c) => Some((
            Verdict::Re,
            format!("exit code {c}, expected {exit_expected}"),
        )),
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// Lines with trailing whitespace (and `\r`) removed.
fn norm_lines(b: &[u8]) -> impl Iterator<Item = &[u8]> {
    b.split(|&c| c == b'\n').map(|l| {
        let end = l
            .iter()
            .rposition(|c| !c.is_ascii_whitespace())
            .map_or(0, |p| p + 1);
        &l[..end]
    })
}

/// First difference under the exact comparison: (1-based line, expected, got), `None` for
/// "end of output".
type Diff<'a> = (usize, Option<&'a [u8]>, Option<&'a [u8]>);

/// The number of lines up to the last non-blank one (trailing blank lines do not count).
fn effective_lines(b: &[u8]) -> usize {
    norm_lines(b)
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .last()
        .map_or(0, |(i, _)| i + 1)
}

fn first_diff<'a>(expected: &'a [u8], got: &'a [u8]) -> Option<Diff<'a>> {
    let mut e = norm_lines(expected).take(effective_lines(expected));
    let mut g = norm_lines(got).take(effective_lines(got));
    let mut n = 0;
    loop {
        n += 1;
        match (e.next(), g.next()) {
            (None, None) => return None,
            (a, b) if a == b => {}
            (a, b) => return Some((n, a, b)),
        }
    }
}

fn term_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .filter(|&w: &usize| w >= 20)
        .unwrap_or(100)
}

/// `s` cut to `width` characters (an ellipsis marks the cut).
fn fit(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

fn show_line(l: Option<&[u8]>) -> String {
    match l {
        None => "(end of output)".to_string(),
        Some([]) => "(empty line)".to_string(),
        Some(b) => String::from_utf8_lossy(b)
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect(),
    }
}

fn diff_detail(d: Diff<'_>) -> Vec<String> {
    let w = term_width();
    let (n, e, g) = d;
    vec![
        fit(&format!("    first difference at line {n}:"), w),
        fit(&format!("      expected: {}", show_line(e)), w),
        fit(&format!("      got:      {}", show_line(g)), w),
    ]
}

// ---------------------------------------------------------------------------------------------
// Options.

#[derive(Clone, Debug, Default)]
struct Opts {
    problems: Vec<String>,
    cmd: Option<String>,
    bundle: bool,
    checker: bool,
    jobs: usize,
    time_limit_ms: Option<u64>,
    memory_limit_mib: Option<u64>,
    stress: Option<String>,
    seed: Option<u64>,
    count: u64,
    kind: Option<String>,
    sizes: Vec<String>,
    args: Vec<String>,
    root: PathBuf,
    bin_dir: Option<PathBuf>,
    problems_dir: Option<PathBuf>,
    out_dir: Option<PathBuf>,
}

fn parse_opts(argv: Vec<String>) -> Result<Option<Opts>, String> {
    let mut o = Opts {
        jobs: 1,
        count: 500,
        root: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")),
        ..Opts::default()
    };
    let mut it = argv.into_iter().peekable();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let num = |name: &str, v: String| -> Result<u64, String> {
            v.parse()
                .map_err(|_| format!("{name}: expected a number, found `{v}`"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--cmd" => o.cmd = Some(value("--cmd")?),
            "--bundle" => o.bundle = true,
            "--checker" => o.checker = true,
            "-j" | "--jobs" => o.jobs = num("-j", value("-j")?)?.max(1) as usize,
            "--time-limit-ms" => o.time_limit_ms = Some(num(&flag, value(&flag)?)?),
            "--memory-limit-mib" => o.memory_limit_mib = Some(num(&flag, value(&flag)?)?),
            "--stress" => o.stress = Some(value("--stress")?),
            "--seed" => o.seed = Some(num("--seed", value("--seed")?)?),
            "--count" => o.count = num("--count", value("--count")?)?,
            "--kind" => o.kind = Some(value("--kind")?),
            "--size" => {
                o.sizes.push(value("--size")?);
                while let Some(next) = it.peek() {
                    if next.chars().all(|c| c.is_ascii_digit()) && !next.is_empty() {
                        o.sizes.push(it.next().unwrap_or_default());
                    } else {
                        break;
                    }
                }
            }
            "--args" => o
                .args
                .extend(value("--args")?.split_whitespace().map(String::from)),
            "--root" => o.root = PathBuf::from(value("--root")?),
            "--bin-dir" => o.bin_dir = Some(PathBuf::from(value("--bin-dir")?)),
            "--problems-dir" => o.problems_dir = Some(PathBuf::from(value("--problems-dir")?)),
            "--out-dir" => o.out_dir = Some(PathBuf::from(value("--out-dir")?)),
            f if f.starts_with('-') => return Err(format!("unknown option {f} (see --help)")),
            _ => o.problems.push(arg),
        }
    }
    if o.cmd.is_some() && o.bundle {
        return Err("--cmd and --bundle exclude each other".into());
    }
    if o.stress.is_some() {
        if o.cmd.is_none() && !o.bundle {
            return Err("--stress needs --cmd COMMAND (or --bundle) to compare with ours".into());
        }
        if !o.problems.is_empty() {
            return Err("--stress takes one problem: --stress PROBLEM".into());
        }
    }
    Ok(Some(o))
}

struct Env {
    bin_dir: PathBuf,
    problems_dir: PathBuf,
    out_dir: PathBuf,
}

impl Env {
    fn new(o: &Opts) -> Env {
        Env {
            bin_dir: o
                .bin_dir
                .clone()
                .unwrap_or_else(|| o.root.join("target/release")),
            problems_dir: o
                .problems_dir
                .clone()
                .unwrap_or_else(|| o.root.join("problems")),
            out_dir: o
                .out_dir
                .clone()
                .unwrap_or_else(|| o.root.join("target/judge")),
        }
    }

    fn info(&self, problem: &str, o: &Opts) -> Result<Info, String> {
        let dir = self.problems_dir.join(problem);
        if !dir.is_dir() {
            return Err(format!(
                "no problem `{problem}` (no folder {})",
                dir.display()
            ));
        }
        let path = dir.join("info.toml");
        let mut info = match fs::read_to_string(&path) {
            Ok(text) => {
                parse_info(problem, &text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => parse_info(problem, "")?,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        if let Some(t) = o.time_limit_ms {
            info.time_limit_ms = t;
        }
        if let Some(m) = o.memory_limit_mib {
            info.memory_limit_mib = m;
        }
        Ok(info)
    }

    fn ours(&self, info: &Info) -> Result<Program, String> {
        let exe = self.bin_dir.join(&info.binary);
        if !exe.is_file() {
            return Err(format!(
                "{} not found: build it with `cargo build --release` (scripts/judge does)",
                exe.display()
            ));
        }
        Ok(Program::Direct(vec![exe.display().to_string()]))
    }

    /// `target/bundle/<problem>`, compiled from `target/bundle/<problem>.rs` when that is newer.
    fn bundle(&self, problem: &str) -> Result<Program, String> {
        let dir = self
            .bin_dir
            .parent()
            .unwrap_or(Path::new("."))
            .join("bundle");
        let exe = dir.join(problem);
        let src = dir.join(format!("{problem}.rs"));
        let mtime = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
        if let Some(src_time) = mtime(&src) {
            if mtime(&exe).is_none_or(|t| t < src_time) {
                let out = Command::new("rustc")
                    .args(["--edition", "2021", "-O", "-o"])
                    .arg(&exe)
                    .arg(&src)
                    .output()
                    .map_err(|e| format!("cannot run rustc: {e}"))?;
                if !out.status.success() {
                    return Err(format!(
                        "rustc {} failed:\n{}",
                        src.display(),
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
        if !exe.is_file() {
            return Err(format!(
                "--bundle: neither {} nor {} exists: make it with `scripts/bundle {problem}`",
                exe.display(),
                src.display()
            ));
        }
        Ok(Program::Direct(vec![exe.display().to_string()]))
    }

    fn program(&self, problem: &str, info: &Info, o: &Opts) -> Result<Program, String> {
        if let Some(cmd) = &o.cmd {
            Ok(Program::from_cmd(cmd))
        } else if o.bundle {
            self.bundle(problem)
        } else {
            self.ours(info)
        }
    }

    fn checker_exe(&self) -> Result<PathBuf, String> {
        let exe = self.bin_dir.join("checker");
        if exe.is_file() {
            Ok(exe)
        } else {
            Err(format!(
                "{} not found: build it with `cargo build --release --example checker`",
                exe.display()
            ))
        }
    }
}

/// `s` with the current directory's prefix removed from the paths in it (shorter lines).
fn short(s: &str) -> String {
    match std::env::current_dir() {
        Ok(cwd) => s.replace(&format!("{}/", cwd.display()), ""),
        Err(_) => s.to_string(),
    }
}

fn list_problems(dir: &Path) -> Result<Vec<String>, String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("tests").is_dir() || e.path().join("info.toml").is_file())
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .collect();
    v.sort();
    Ok(v)
}

// ---------------------------------------------------------------------------------------------
// Judging one case.

/// Runs the checker: `None` when it accepts, else its reason.
fn check(
    checker: &Path,
    problem: &str,
    input: &Path,
    output: &Path,
    answer: &Path,
) -> Option<String> {
    let out = match Command::new(checker)
        .arg(problem)
        .arg(input)
        .arg(output)
        .arg(answer)
        .stdin(Stdio::null())
        .output()
    {
        Ok(out) => out,
        Err(e) => return Some(format!("cannot run the checker {}: {e}", checker.display())),
    };
    if out.status.success() {
        return None;
    }
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let reason = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("rejected (no reason given)")
        .to_string();
    Some(match out.status.code() {
        Some(1) => reason,
        c => format!("checker failed ({c:?}): {reason}"),
    })
}

struct Judged {
    problem: String,
    info: Info,
    program: Program,
    checker: Option<PathBuf>,
    dir: PathBuf,
}

fn judge_case(case: &Case, p: &Judged) -> Outcome {
    match judge_case_inner(case, p) {
        Ok(o) => o,
        Err(e) => Outcome {
            verdict: Verdict::Re,
            ms: 0,
            peak_kib: 0,
            detail: vec![format!("    judge error: {e}")],
        },
    }
}

fn judge_case_inner(case: &Case, p: &Judged) -> Result<Outcome, String> {
    let base = p.dir.join(&case.name);
    if let Some(parent) = base.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let got = base.with_extension("got");
    let stderr = base.with_extension("stderr");
    let expected_path = match &case.expect {
        Expect::Output(p) => Some(p.clone()),
        Expect::Invalid { stdout, .. } => stdout.clone(),
    };
    let expected = match &expected_path {
        Some(path) => fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?,
        None => Vec::new(),
    };
    let lim = Limits {
        time_ms: p.info.time_limit_ms,
        memory_kib: p.info.memory_limit_mib * 1024,
        output_bytes: 64 * 1024 * 1024 + 4 * expected.len() as u64,
    };
    let r = run(&p.program, &case.args, &case.input, &got, &stderr, lim)?;
    let exit_expected = match case.expect {
        Expect::Output(_) => 0,
        Expect::Invalid { .. } => 1,
    };
    let w = term_width();
    let mut detail = Vec::new();
    let verdict = if let Some((v, why)) = verdict_of_run(&r, lim, exit_expected) {
        detail.push(fit(&format!("    {why}"), w));
        if v == Verdict::Re {
            let err = fs::read(&stderr).unwrap_or_default();
            if let Some(l) = String::from_utf8_lossy(&err)
                .lines()
                .find(|l| !l.trim().is_empty())
            {
                detail.push(fit(&format!("    stderr: {l}"), w));
            }
        }
        v
    } else {
        let out = fs::read(&got).map_err(|e| format!("{}: {e}", got.display()))?;
        let mut v = Verdict::Ac;
        if let Expect::Invalid { fragment, .. } = &case.expect {
            let err = fs::read(&stderr).unwrap_or_default();
            let err = String::from_utf8_lossy(&err);
            if !err.contains(fragment.as_str()) {
                v = Verdict::Wa;
                detail.push(fit(&format!("    stderr lacks: {fragment}"), w));
                let first = err.lines().next().unwrap_or("(empty)");
                detail.push(fit(&format!("    stderr was:   {first}"), w));
            }
        }
        if v == Verdict::Ac {
            match (&p.checker, &case.expect) {
                (Some(checker), Expect::Output(ans)) => {
                    if let Some(reason) = check(checker, &p.problem, &case.input, &got, ans) {
                        v = Verdict::Wa;
                        detail.push(fit(&format!("    checker: {reason}"), w));
                    }
                }
                _ => {
                    if let Some(d) = first_diff(&expected, &out) {
                        v = Verdict::Wa;
                        detail.extend(diff_detail(d));
                    }
                }
            }
        }
        v
    };
    if verdict == Verdict::Ac {
        let _ = fs::remove_file(&got);
        let _ = fs::remove_file(&stderr);
    } else {
        fs::write(base.with_extension("expected"), &expected)
            .map_err(|e| format!("{}: {e}", base.display()))?;
    }
    Ok(Outcome {
        verdict,
        ms: r.ms,
        peak_kib: r.peak_kib,
        detail,
    })
}

// ---------------------------------------------------------------------------------------------
// Reporting.

struct Progress {
    on: bool,
    shown: bool,
    start: Instant,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            on: io::stderr().is_terminal(),
            shown: false,
            start: Instant::now(),
        }
    }
    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
    /// Shown only on a terminal and once the run has lasted a second.
    fn update(&mut self, done: usize, total: usize, what: &str) {
        if self.on && self.start.elapsed() >= Duration::from_secs(1) {
            eprint!("\r\x1b[K[{done}/{total}] {}", fit(what, 60));
            let _ = io::stderr().flush();
            self.shown = true;
        }
    }
}

fn case_line(o: &Outcome, name: &str) -> String {
    let mut s = format!(
        "{:<3} {:>6} ms {:>7.1} MiB  {name}",
        o.verdict.name(),
        o.ms,
        o.peak_kib as f64 / 1024.0
    );
    for d in &o.detail {
        let _ = write!(s, "\n{d}");
    }
    s
}

#[derive(Default)]
struct Tally {
    counts: BTreeMap<&'static str, usize>,
    max_ms: u64,
    max_kib: u64,
    passed: usize,
    failed: usize,
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        *self.counts.entry(o.verdict.name()).or_default() += 1;
        self.max_ms = self.max_ms.max(o.ms);
        self.max_kib = self.max_kib.max(o.peak_kib);
        if o.verdict == Verdict::Ac {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }
    fn summary(&self, problem: &str, info: &Info) -> String {
        let counts: Vec<String> = ["AC", "WA", "RE", "TLE", "MLE"]
            .iter()
            .filter_map(|v| self.counts.get(v).map(|n| format!("{n} {v}")))
            .collect();
        format!(
            "{problem}: {} of {} AC{}  (max {} ms of {} ms, {} of {} MiB)",
            self.passed,
            self.passed + self.failed,
            if self.failed > 0 {
                format!(" [{}]", counts.join(", "))
            } else {
                String::new()
            },
            self.max_ms,
            info.time_limit_ms,
            mib(self.max_kib).trim_end_matches(" MiB"),
            info.memory_limit_mib,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Mode: judge the tests.

fn judge_tests(o: &Opts, env: &Env) -> Result<bool, String> {
    let names = if o.problems.is_empty() {
        list_problems(&env.problems_dir)?
    } else {
        o.problems.clone()
    };
    if names.is_empty() {
        return Err(format!("no problems in {}", env.problems_dir.display()));
    }
    let mut judged = Vec::new();
    let mut cases = Vec::new();
    for (i, problem) in names.iter().enumerate() {
        let info = env.info(problem, o)?;
        let program = env.program(problem, &info, o)?;
        let checker = if o.checker && info.checker {
            Some(env.checker_exe()?)
        } else {
            None
        };
        // Invalid-input cases need our exact messages: our binaries and bundles only.
        let mut found = discover(&env.problems_dir.join(problem), i, o.cmd.is_none())?;
        if found.is_empty() {
            return Err(format!("{problem}: no test cases found"));
        }
        cases.append(&mut found);
        let dir = env.out_dir.join(problem);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        judged.push(Judged {
            problem: problem.clone(),
            info,
            program,
            checker,
            dir,
        });
    }
    for p in &judged {
        let mode = match (&p.checker, o.checker) {
            (Some(_), _) => "checker",
            (None, true) => "exact (no checker for this problem)",
            (None, false) => "exact",
        };
        say!(
            "# {}: {} | limits {} ms, {} MiB | {mode}",
            p.problem,
            short(&p.program.describe()),
            p.info.time_limit_ms,
            p.info.memory_limit_mib
        );
    }

    let total = cases.len();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
    let mut tallies: Vec<Tally> = judged.iter().map(|_| Tally::default()).collect();
    let mut progress = Progress::new();
    thread::scope(|s| {
        for _ in 0..o.jobs.min(total) {
            let tx = tx.clone();
            let (cases, judged, next) = (&cases, &judged, &next);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                if tx
                    .send((i, judge_case(case, &judged[case.problem])))
                    .is_err()
                {
                    break;
                }
            });
        }
        drop(tx);
        // Print in case order, whatever order the workers finish in.
        let mut pending = BTreeMap::new();
        let mut printed = 0;
        let mut received = 0;
        for (i, outcome) in rx {
            received += 1;
            pending.insert(i, outcome);
            while let Some(outcome) = pending.remove(&printed) {
                let case = &cases[printed];
                let p = &judged[case.problem];
                progress.clear();
                say!(
                    "{}",
                    case_line(&outcome, &format!("{}/{}", p.problem, case.name))
                );
                tallies[case.problem].add(&outcome);
                printed += 1;
                let last_of_problem = cases.get(printed).is_none_or(|c| c.problem != case.problem);
                if last_of_problem {
                    say!("{}", tallies[case.problem].summary(&p.problem, &p.info));
                }
            }
            let now = cases.get(printed).map_or("", |c| c.name.as_str());
            progress.update(received, total, now);
        }
        progress.clear();
    });

    let passed: usize = tallies.iter().map(|t| t.passed).sum();
    let failed: usize = tallies.iter().map(|t| t.failed).sum();
    if failed > 0 {
        say!(
            "outputs of the failing cases (CASE.got, CASE.expected, CASE.stderr): {}/",
            short(&env.out_dir.display().to_string())
        );
    }
    say!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

// ---------------------------------------------------------------------------------------------
// Mode: stress.

/// SplitMix64: the sizes drawn for a seed are the same on every platform.
fn splitmix(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The generator's kind and sizes for case `seed` when not given (see `gen --help`): small
/// shapes, where a disagreement is easy to read, and for the `random` layout a density of 0 to
/// 45% walls. Drawn from the seed alone, so `--seed S --count 1` replays case S.
fn default_shape(problem: &str, seed: u64, o: &Opts) -> (String, Vec<String>) {
    let mut rng = splitmix(seed);
    let mut pick = |lo: u64, hi: u64| (lo + rng() % (hi - lo + 1)).to_string();
    let kind = o.kind.clone().unwrap_or_else(|| "random".to_string());
    if !o.sizes.is_empty() {
        return (kind, o.sizes.clone());
    }
    let base = kind.split(',').next().unwrap_or("");
    let mut sizes = match (problem, base) {
        ("swap-game", "all") => vec![],
        ("swap-game", "distance") => vec![pick(1, 20), pick(0, 16)],
        ("swap-game", _) => vec![pick(1, 20)],
        ("pushing-boxes", "corridor") => vec![pick(1, 3), pick(3, 12)],
        ("pushing-boxes", _) => vec![pick(1, 3), pick(1, 8), pick(3, 8)],
        ("chase" | "wave", _) => vec![pick(1, 12), pick(2, 12)],
        _ => vec![pick(1, 12), pick(1, 12)],
    };
    if base == "random" && problem != "swap-game" {
        sizes.push(pick(0, 45));
    }
    (kind, sizes)
}

fn stress(o: &Opts, env: &Env, problem: &str) -> Result<bool, String> {
    let info = env.info(problem, o)?;
    let ours = env.ours(&info)?;
    let candidate = env.program(problem, &info, o)?;
    let gen = env.bin_dir.join("gen");
    if !gen.is_file() {
        return Err(format!(
            "{} not found: build it with `cargo build --release --example gen`",
            gen.display()
        ));
    }
    let checker = if o.checker && info.checker {
        Some(env.checker_exe()?)
    } else {
        None
    };
    let dir = env.out_dir.join("stress").join(problem);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let input = dir.join("input.in");
    let (expected, expected_err) = (dir.join("expected"), dir.join("expected.stderr"));
    let (got, got_err) = (dir.join("got"), dir.join("stderr"));
    let seed0 = o.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000_000)
    });
    say!(
        "# stress {problem}: {} against {} | {} cases from seed {seed0} | {}",
        short(&candidate.describe()),
        short(&ours.describe()),
        o.count,
        if checker.is_some() {
            "checker"
        } else {
            "exact"
        }
    );
    let lim = Limits {
        time_ms: info.time_limit_ms,
        memory_kib: info.memory_limit_mib * 1024,
        output_bytes: 1 << 30,
    };
    let mut progress = Progress::new();
    for i in 0..o.count {
        let seed = seed0.wrapping_add(i);
        let (kind, sizes) = default_shape(problem, seed, o);
        let gen_args: Vec<String> = [problem.to_string(), kind.clone()]
            .into_iter()
            .chain(sizes.iter().cloned())
            .chain(["--seed".to_string(), seed.to_string()])
            .collect();
        let out = Command::new(&gen)
            .args(&gen_args)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", gen.display()))?;
        if !out.status.success() {
            return Err(format!(
                "gen {} failed: {}",
                gen_args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        fs::write(&input, &out.stdout).map_err(|e| format!("{}: {e}", input.display()))?;
        let reference = run(&ours, &o.args, &input, &expected, &expected_err, lim)?;
        if let Some((v, why)) = verdict_of_run(&reference, lim, 0) {
            return Err(format!(
                "our own binary failed ({} {why}) on seed {seed}: input in {}",
                v.name(),
                input.display()
            ));
        }
        let mut lim_c = lim;
        lim_c.output_bytes = 64 * 1024 * 1024 + 4 * fs::metadata(&expected).map_or(0, |m| m.len());
        let r = run(&candidate, &o.args, &input, &got, &got_err, lim_c)?;
        let mut detail = Vec::new();
        let verdict = if let Some((v, why)) = verdict_of_run(&r, lim_c, 0) {
            detail.push(format!("    {why}"));
            v
        } else if let Some(checker) = &checker {
            match check(checker, problem, &input, &got, &expected) {
                Some(reason) => {
                    detail.push(format!("    checker: {reason}"));
                    Verdict::Wa
                }
                None => Verdict::Ac,
            }
        } else {
            let e = fs::read(&expected).map_err(|e| format!("{}: {e}", expected.display()))?;
            let g = fs::read(&got).map_err(|e| format!("{}: {e}", got.display()))?;
            match first_diff(&e, &g) {
                Some(d) => {
                    detail.extend(diff_detail(d));
                    Verdict::Wa
                }
                None => Verdict::Ac,
            }
        };
        progress.update(i as usize + 1, o.count as usize, &format!("seed {seed}"));
        if verdict != Verdict::Ac {
            progress.clear();
            let w = term_width();
            say!(
                "{} on case {} of {} (seed {seed}): {} ms, {}",
                verdict.name(),
                i + 1,
                o.count,
                r.ms,
                mib(r.peak_kib)
            );
            for d in detail {
                say!("{}", fit(&d, w));
            }
            say!("  input:     {}", short(&input.display().to_string()));
            say!(
                "  expected:  {} (ours)",
                short(&expected.display().to_string())
            );
            say!(
                "  got:       {} (stderr: {})",
                short(&got.display().to_string()),
                short(&got_err.display().to_string())
            );
            say!(
                "  input from: cargo run --release --example gen -- {}",
                gen_args.join(" ")
            );
            let mut again = format!("scripts/judge --stress {problem}");
            match &o.cmd {
                Some(c) => {
                    let _ = write!(again, " --cmd {}", shell_quote(c));
                }
                None => again.push_str(" --bundle"),
            }
            let _ = write!(again, " --seed {seed} --count 1");
            if let Some(k) = &o.kind {
                let _ = write!(again, " --kind {k}");
            }
            if !o.sizes.is_empty() {
                let _ = write!(again, " --size {}", o.sizes.join(" "));
            }
            if !o.args.is_empty() {
                let _ = write!(again, " --args={}", shell_quote(&o.args.join(" ")));
            }
            if o.checker {
                again.push_str(" --checker");
            }
            say!("  reproduce: {again}");
            say!("{i} passed, 1 failed");
            return Ok(false);
        }
    }
    progress.clear();
    say!("{} passed, 0 failed", o.count);
    Ok(true)
}

fn main() -> ExitCode {
    let o = match parse_opts(std::env::args().skip(1).collect()) {
        Ok(Some(o)) => o,
        Ok(None) => {
            say!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(2);
        }
    };
    let env = Env::new(&o);
    let result = match &o.stress {
        Some(problem) => stress(&o, &env, problem),
        None => judge_tests(&o, &env),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("judge: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_ignores_line_endings_trailing_space_and_blank_lines() {
        assert_eq!(first_diff(b"1 2\n3\n", b"1 2 \r\n3\t\r\n\r\n\n"), None);
        assert_eq!(first_diff(b"1\n\n2\n", b"1\n\n2"), None);
        assert_eq!(first_diff(b"", b"\n\n"), None);
        let d = first_diff(b"1\n2\n3\n", b"1\n2\n").unwrap();
        assert_eq!(d, (3, Some(&b"3"[..]), None));
        let d = first_diff(b"1\n", b"1\n\nx\n").unwrap();
        assert_eq!(d, (2, None, Some(&b""[..])));
        let d = first_diff(b"a b\n", b" a b\n").unwrap();
        assert_eq!(d.0, 1, "leading space is a difference");
    }

    #[test]
    fn info_toml_is_read_flat() {
        let i = parse_info(
            "p",
            "# c\nname = \"p\"\nbinary = \"p-bin\" # x\ntime_limit_ms = 2_000\n\
             memory_limit_mib = 64\ncompare = \"exact\"\nchecker = true\nmax_rows = 10\n",
        )
        .unwrap();
        assert_eq!(
            (
                i.binary.as_str(),
                i.time_limit_ms,
                i.memory_limit_mib,
                i.checker
            ),
            ("p-bin", 2000, 64, true)
        );
        assert!(parse_info("p", "time_limit_ms = fast\n").is_err());
        assert_eq!(parse_info("q", "").unwrap().binary, "q");
    }

    #[test]
    fn plain_commands_are_exec_d_and_the_rest_go_through_sh() {
        assert!(matches!(Program::from_cmd("./a.out"), Program::Direct(_)));
        assert!(matches!(
            Program::from_cmd("python3 my.py"),
            Program::Direct(_)
        ));
        assert!(matches!(Program::from_cmd("a | b"), Program::Shell(_)));
        assert!(matches!(Program::from_cmd("~/a"), Program::Shell(_)));
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
    }
}
