//! The judge's side of running programs: this thread's supervisor (this same binary as
//! `judge __supervise --serve`, see `supervise.rs`; started on the thread's first run, and
//! again whenever one did not survive a run), which [`Spec::run`] hands each run to, and
//! the settings every supervisor starts with (isolation, environment, what the judge had).
//!
//! The judge itself holds no output of the program in memory and starts no process of the
//! program's: whatever the program does, its cost to the judge is one small report line.
//!
//! The program runs as the same user as its supervisor, so it can stop or kill it. The judge
//! does not trust the supervisor to answer: it waits for the report until the wall backstop
//! plus a grace period, then kills the supervisor (a stopped one is named as such); one that
//! died without a report was killed (by the program, the only one there to do it). Either
//! way every process the program left, now orphaned to the judge (a subreaper too), is
//! killed by the judge, and the next run gets a fresh supervisor. Each supervisor is
//! registered while it lives, so that this sweep, which kills the judge's children that are
//! not supervisors, never touches another slot's run.

use std::cell::RefCell;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use crate::run::jail::Mechanism;
use crate::run::outcome::{Run, RunError};
use crate::run::program::Program;
use crate::run::supervise::{self, Kill, Report, Request};
use crate::run::sys::{self, Status};
use crate::run::tree;
use crate::text::printable;

/// How long the judge waits for a supervisor past the run's wall backstop before it looks:
/// a supervisor kills the tree, reaps it and copies the output in this time.
const GRACE: Duration = Duration::from_millis(1000);

/// And how much longer it gives a supervisor that is not stopped, only slow, before it kills
/// it as broken: a backstop, not a measure. Killing and reaping a tree of a thousand
/// processes takes a supervisor well under a second alone, but 5 s did not suffice with
/// the machine's load in the hundreds ("judge error" where the verdict was TLE); a
/// supervisor that runs is ours and reports, so it is waited for as long as a minute.
const SLOW_GRACE: Duration = Duration::from_secs(60);

/// The judge's live supervisors. Spawning one and sweeping orphans both hold the lock, so
/// that a supervisor just started is never mistaken for an orphan.
static SUPERVISORS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Hands `request`, a run of `program`, to this thread's supervisor and reads its report.
pub(super) fn serve(request: &Request, program: &Program) -> Result<Run, RunError> {
    SERVER.with(|slot| {
        let mut slot = slot.borrow_mut();
        let mut server = match slot.take() {
            Some(s) => s,
            None => Server::start()?,
        };
        if let Err(e) = server.send(request) {
            // It ended while idle (no program of ours was alive to end it: killed from
            // outside the judge): a fresh one takes the run.
            drop(server.finish(e));
            server = Server::start()?;
            server
                .send(request)
                .map_err(|e| RunError::Judge(format!("cannot reach the supervisor: {e}")))?;
        }
        let run = server.answer(request, program);
        if !server.ended {
            *slot = Some(server);
        }
        run
    })
}

/// What every supervisor of this judge starts with: the isolation mechanism, the programs'
/// environment, and the limits, nice value and affinity the judge had when it started.
#[derive(Clone, Debug)]
pub struct Settings {
    pub mechanism: Mechanism,
    /// Why there is no isolation, when there is none.
    pub why_none: Option<String>,
    pub env: Vec<(String, String)>,
    pub start: sys::Inherited,
    /// The judge's folders (absolute) where the files a judged command line names may be
    /// written (see `jail/`): where it keeps outputs.
    pub writable: Vec<PathBuf>,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// The folders every isolated program is kept from seeing (the tests' folders, once the
/// judge holds its own copies of them; see `judge::cases::hold`).
static HIDDEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Hides `folders` from the programs of every supervisor started from now on (call it
/// before the first run).
pub fn hide(folders: Vec<PathBuf>) {
    let mut hidden = HIDDEN.lock().unwrap_or_else(|e| e.into_inner());
    for f in folders {
        if !hidden.contains(&f) {
            hidden.push(f);
        }
    }
}

/// Whether this judge's [`Settings`] are set.
pub fn configured() -> bool {
    SETTINGS.get().is_some()
}

/// Sets this judge's [`Settings`], once, before its first run (later calls change nothing).
pub fn configure(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

/// The settings in force: those configured, else (a tool that never configured them) no
/// isolation and the fixed environment.
pub fn settings() -> &'static Settings {
    SETTINGS.get_or_init(|| Settings {
        mechanism: Mechanism::None,
        why_none: Some("not configured".into()),
        env: program_env(&[]),
        start: sys::inherited(),
        writable: Vec::new(),
    })
}

/// Variables passed on as the judge has them, when it has them: what interpreters need to
/// find themselves (pyenv's version, a virtualenv, a JDK).
pub const PASSED_ON: &[&str] = &[
    "PYENV_ROOT",
    "PYENV_VERSION",
    "VIRTUAL_ENV",
    "JAVA_HOME",
    "RUSTUP_HOME",
    "RUSTUP_TOOLCHAIN",
    "CARGO_HOME",
];

/// Where rustup and cargo keep themselves when the variable is not set: `~/.rustup` and
/// `~/.cargo`. A program's HOME is its private folder, where rustup's `rustc` proxy would
/// look and find no toolchain: the user's own folder is passed on when it exists.
const HOME_DEFAULTS: &[(&str, &str)] = &[("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")];

/// The environment every judged program gets (the supervisor adds HOME and TMPDIR, its
/// private folder): the judge's PATH, a UTF-8 locale, [`PASSED_ON`], and `extra`
/// (`--env NAME=VALUE`, or `NAME` for the judge's own value). Nothing else of the user's
/// shell: `PYTHONUNBUFFERED`, `LD_PRELOAD` and the like stay out.
pub fn program_env(extra: &[String]) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = vec![
        (
            "PATH".into(),
            std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".into()),
        ),
        ("LANG".into(), "C.UTF-8".into()),
        ("LC_ALL".into(), "C.UTF-8".into()),
    ];
    for name in PASSED_ON {
        if let Ok(v) = std::env::var(name) {
            env.push((name.to_string(), v));
        }
    }
    if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
        for (name, folder) in HOME_DEFAULTS {
            let dir = home.join(folder);
            if std::env::var_os(name).is_none() && dir.is_dir() {
                env.push((name.to_string(), dir.display().to_string()));
            }
        }
    }
    for e in extra {
        let (name, value) = match e.split_once('=') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => match std::env::var(e) {
                Ok(v) => (e.clone(), v),
                Err(_) => continue,
            },
        };
        env.retain(|(n, _)| *n != name);
        env.push((name, value));
    }
    env
}

/// Ends this thread's supervisor, if it has one, and waits for it: a thread that is done
/// with runs says so rather than leave it to the thread's end.
pub fn release() {
    let _ = SERVER.try_with(|slot| slot.borrow_mut().take());
}

thread_local! {
    /// This thread's supervisor. One per thread, never shared: its runs are one at a time,
    /// so its children are exactly one run's tree; and the thread that started it is the
    /// one whose end tells it the judge is gone (`PR_SET_PDEATHSIG` is per thread).
    static SERVER: RefCell<Option<Server>> = const { RefCell::new(None) };
}

/// A supervisor (`judge __supervise --serve`, see `supervise.rs`) that runs this thread's
/// programs one after another: a request on its stdin, a report line on its stdout.
struct Server {
    /// Its stdin takes the requests, its stdout gives the reports, its stderr is read only
    /// when it failed.
    child: Child,
    pid: i32,
    /// When the run in hand was sent.
    start: Instant,
    /// Reaped already (and no longer registered).
    ended: bool,
}

/// The most a supervisor says on stderr that the judge reads (when it failed).
const SAID_CAP: u64 = 64 * 1024;

impl Server {
    fn start() -> Result<Server, RunError> {
        // Once a judge: what supervisors of judges killed outright left behind.
        static SWEPT: std::sync::Once = std::sync::Once::new();
        SWEPT.call_once(crate::run::jail::remove_leftovers_of_the_dead);
        let me = std::env::current_exe()
            .map_err(|e| RunError::Judge(format!("cannot find the judge's own binary: {e}")))?;
        let settings = settings();
        let mut cmd = Command::new(&me);
        cmd.args([supervise::ARG, supervise::SERVE, settings.mechanism.name()])
            .args(&settings.writable)
            .arg(supervise::HIDE)
            .args(HIDDEN.lock().unwrap_or_else(|e| e.into_inner()).iter())
            .env_clear()
            .envs(settings.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let start = settings.start.clone();
        // SAFETY: the closure runs in the forked child before exec and makes system calls
        // only (setrlimit, setpriority, sched_setaffinity) on a copy moved into it.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(move || sys::restore_inherited(&start));
        }
        let child = {
            let mut live = SUPERVISORS.lock().unwrap_or_else(|e| e.into_inner());
            let child = cmd
                .spawn()
                .map_err(|e| RunError::Judge(format!("cannot start the supervisor: {e}")))?;
            live.push(child.id() as i32);
            child
        };
        Ok(Server {
            pid: child.id() as i32,
            child,
            start: Instant::now(),
            ended: false,
        })
    }

    fn send(&mut self, request: &Request) -> io::Result<()> {
        self.start = Instant::now();
        request.write_to(self.child.stdin.as_mut().expect("piped"))
    }

    /// The report of the run sent; unless it serves the next run too, the supervisor is
    /// ended (and reaped) when it returns.
    fn answer(&mut self, request: &Request, program: &Program) -> Result<Run, RunError> {
        let backstop = Duration::from_millis(request.wall_ms);
        // A starved program's backstop is drawn out (supervise's `wall_deadline`): a
        // supervisor that runs is waited for that long too.
        let patience = match request.cpu_ms {
            Some(_) => SLOW_GRACE.saturating_add(
                backstop.saturating_mul(crate::run::outcome::STARVED_BACKSTOPS - 1),
            ),
            None => SLOW_GRACE,
        };
        let (line, late) = self.read_line(self.start + backstop + GRACE, patience);
        let wall_ms = self.start.elapsed().as_millis() as u64;
        let gone = |kill: Kill, sig: i32| Run {
            wall_ms,
            cpu_ms: 0,
            peak_kib: 0,
            status: Status::Signal(sig),
            killed: Some(kill),
            runnable_pct: 0,
            stack_kib: 0,
            tasks: 0,
            task_limit: 0,
        };
        match late {
            Some(Late::Stopped) => {
                self.finish_killed();
                return Ok(gone(Kill::SupervisorStopped, sys::SIGSTOP));
            }
            Some(Late::Slow) => {
                self.finish_killed();
                return Err(RunError::Judge(format!(
                    "the supervisor did not end within {} ms of its {} ms backstop",
                    (GRACE + patience).as_millis(),
                    request.wall_ms
                )));
            }
            None => {}
        }
        let line = match line {
            Ok(Some(line)) => line,
            Ok(None) => {
                // It ended without a report: killed (by the program, the only one there to
                // do it) or failed.
                let (status, said) = self.finish_ended();
                let status = status
                    .map_err(|e| RunError::Judge(format!("waiting for the supervisor: {e}")))?;
                sweep_orphans();
                if let Some(sig) = status.signal() {
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
            Err(e) => {
                self.finish_killed();
                return Err(RunError::Judge(format!("reading the supervisor: {e}")));
            }
        };
        let (line, last) = match line.strip_suffix(supervise::LAST) {
            Some(l) => (l, true),
            None => (line.as_str(), false),
        };
        let report = match line.strip_prefix(supervise::ERROR) {
            Some(why) => Err(RunError::Judge(format!("the supervisor failed: {why}"))),
            None => line
                .parse::<Report>()
                .map_err(|e| RunError::Judge(e.to_string())),
        };
        if last {
            let _ = self.finish_ended();
        } else if report.is_err() {
            self.finish_killed();
        }
        match report? {
            Report::CannotStart(why) => Err(RunError::CannotStart {
                program: program.describe(),
                why,
            }),
            Report::Unpaired { waited_ms, fifo } => Err(RunError::Unpaired { fifo, waited_ms }),
            Report::Ran {
                status,
                cpu_us,
                wall_us,
                peak_kib,
                killed,
                runnable_pct,
                stack_kib,
                tasks,
                task_limit,
                ..
            } => Ok(Run {
                runnable_pct,
                stack_kib,
                tasks,
                task_limit,
                wall_ms: wall_us / 1000,
                cpu_ms: cpu_us / 1000,
                peak_kib,
                status,
                killed,
            }),
        }
    }

    /// Reads the report line until `deadline`; past it, a stopped supervisor is named at
    /// once, a running one after `patience` more ([`SLOW_GRACE`], and a starved program's
    /// longer backstop). `Ok(None)`: it closed its stdout (ended) first.
    fn read_line(
        &mut self,
        deadline: Instant,
        patience: Duration,
    ) -> (io::Result<Option<String>>, Option<Late>) {
        let mut got = Vec::new();
        let mut deadline = deadline;
        let mut extended = false;
        let mut buf = [0u8; 512];
        let reports = self.child.stdout.as_mut().expect("piped");
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match sys::poll(&[reports.as_fd()], left).map(|ready| ready != 0) {
                Ok(true) => match reports.read(&mut buf) {
                    Ok(0) => return (Ok(None), None),
                    Ok(n) => {
                        got.extend_from_slice(&buf[..n]);
                        if got.len() > SAID_CAP as usize {
                            return (Err(io::Error::other("an endless report")), None);
                        }
                        if let Some(end) = got.iter().position(|&b| b == b'\n') {
                            got.truncate(end);
                            let line = String::from_utf8_lossy(&got).into_owned();
                            return (Ok(Some(line)), None);
                        }
                        continue;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return (Err(e), None),
                },
                Ok(false) => {}
                Err(e) => return (Err(e), None),
            }
            let stopped = tree::stat(self.pid).is_some_and(|p| matches!(p.state, b'T' | b't'));
            if stopped || extended {
                return (
                    Ok(None),
                    Some(if stopped { Late::Stopped } else { Late::Slow }),
                );
            }
            deadline = Instant::now() + patience;
            extended = true;
        }
    }

    /// Kills the supervisor, reaps it and then what its program left.
    fn finish_killed(&mut self) {
        sys::kill(self.pid);
        let _ = self.child.wait();
        self.unregister();
        sweep_orphans();
    }

    /// Waits for a supervisor that ended, or is ending, to exit (killing it if it does not
    /// within [`GRACE`]): its exit status and what it said on stderr.
    fn finish_ended(&mut self) -> (io::Result<ExitStatus>, String) {
        let deadline = Instant::now() + GRACE;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Ok(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
                Ok(None) => {
                    sys::kill(self.pid);
                    break self.child.wait();
                }
                Err(e) => break Err(e),
            }
        };
        self.unregister();
        let mut said = Vec::new();
        if let Some(err) = self.child.stderr.take() {
            // It has exited: what it wrote is all there, and the read ends.
            let _ = err.take(SAID_CAP).read_to_end(&mut said);
        }
        (status, String::from_utf8_lossy(&said).into_owned())
    }

    /// Ends an idle supervisor that could not take a request (`why`).
    fn finish(mut self, why: io::Error) -> io::Error {
        let _ = self.finish_ended();
        why
    }

    /// Once it is reaped: no longer a live supervisor (nor to be waited for when dropped).
    fn unregister(&mut self) {
        SUPERVISORS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&p| p != self.pid);
        self.ended = true;
        // Reaped: what it could not remove itself (it was killed) goes now.
        crate::run::jail::remove_leftovers(self.pid as u32);
    }
}

impl Drop for Server {
    /// An idle supervisor is done with: the end of its requests ends it at once; it is
    /// reaped, so that no zombie is left.
    fn drop(&mut self) {
        if self.ended {
            return;
        }
        drop(self.child.stdin.take());
        let _ = self.finish_ended();
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
