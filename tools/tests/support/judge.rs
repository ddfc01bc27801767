//! The ways to run `bfs-judge`, each defined once, and what a run printed ([`Judged`]).
//!
//! - [`judge`], [`judge_in`]: the flat judge over this run's binaries (`--bin-dir`), its
//!   failing cases kept in a folder of the test's (`--out-dir`), our problems or another
//!   folder of them (`--problems-dir`);
//! - [`judge_at`]: the same, run in a folder (where `.bfs-judge.toml` is found);
//! - [`installed`]: `bfs-judge ARGS` as a user types it, in a folder, with a cache of its own;
//! - [`Judge`]: any other way (an environment, a launcher, the checkout's `scripts/judge`
//!   words), built up from one of those;
//! - [`crate::support::Package::judge`]: on a package's copy, with a cache of its own.
//!
//! Every run samples the judge's own peak memory (`VmHWM`) and bytes read (`rchar`) while it
//! runs, and is killed, failing the test, if it is still running after ten minutes: a hang.

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{beside_others, bin_dir, root};

/// This run's `bfs-judge`.
pub const BFS_JUDGE: &str = env!("CARGO_BIN_EXE_bfs-judge");

/// What one run of the judge did.
pub struct Judged {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// The judge process's own peak RSS (`VmHWM`), sampled while it ran, KiB.
    pub peak_kib: u64,
    /// The most the judge process was seen to have read (`rchar`), bytes.
    pub read_bytes: u64,
    /// Its own wall time, start to exit.
    pub took: Duration,
    /// Its process id.
    pub pid: u32,
}

impl Judged {
    /// The closing `N passed, N failed` line, as numbers.
    pub fn tally(&self) -> (usize, usize) {
        let last = self.stdout.lines().last().unwrap_or("");
        let nums: Vec<usize> = last
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(
            last.ends_with(" failed") && nums.len() == 2,
            "no closing `N passed, N failed` line:\n{self}"
        );
        (nums[0], nums[1])
    }

    /// The case lines (`VERDICT ms cpu ms wall MiB  name`), as (verdict, name).
    pub fn verdicts(&self) -> Vec<(String, String)> {
        self.case_lines()
            .map(|l| {
                let verdict = l.split_whitespace().next().unwrap().to_string();
                let name = l.rsplit("  ").next().unwrap().to_string();
                (verdict, name)
            })
            .collect()
    }

    pub fn case_lines(&self) -> impl Iterator<Item = &str> {
        self.stdout
            .lines()
            .filter(|l| l.contains(" ms wall ") && l.contains(" MiB  "))
    }
}

impl std::fmt::Display for Judged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}, judge peak {} KiB, {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.peak_kib, self.took, self.stdout, self.stderr
        )
    }
}

/// The verdict of the one case judged.
pub fn single_verdict(j: &Judged) -> String {
    let v = j.verdicts();
    assert_eq!(v.len(), 1, "{j}");
    v[0].0.clone()
}

/// The subcommand `args` start with, and the rest: `test` when they start with none.
pub fn mode_of<'a, 'b>(args: &'a [&'b str]) -> (&'b str, &'a [&'b str]) {
    match args.first() {
        Some(&m @ ("test" | "stress" | "scale" | "verify")) => (m, &args[1..]),
        _ => ("test", args),
    }
}

/// The flat judge with `args` (a subcommand first, else `test`): our binaries and tools from
/// this run, failing outputs kept in `out`.
pub fn judge(out: &Path, args: &[&str]) -> Judged {
    Judge::flat(out, args).run()
}

/// [`judge`] over the problems in `problems` (ours when `None`).
pub fn judge_in(out: &Path, args: &[&str], problems: Option<&Path>) -> Judged {
    let judge = Judge::flat(out, args);
    match problems {
        Some(p) => judge.problems(p),
        None => judge,
    }
    .run()
}

/// [`judge`] run in `dir` (where a folder's `.bfs-judge.toml` is found, and a user's files lie
/// beside the tests), its outputs in `dir/out` and its cache in `dir/out/cache`.
pub fn judge_at(dir: &Path, args: &[&str]) -> Judged {
    let out = dir.join("out");
    Judge::flat(&out, args)
        .cwd(dir)
        .cache(&out.join("cache"))
        .run()
}

/// `bfs-judge ARGS...` as a user types it, in `cwd`, with the cache at `cache`.
pub fn installed(cwd: &Path, cache: &Path, args: &[&str]) -> Judged {
    Judge::new(args).cwd(cwd).cache(cache).run()
}

/// A run of the judge, built up: `bfs-judge [PRE...] [ARGS...]`, with `COLUMNS=100` and stdin
/// empty unless told otherwise.
pub struct Judge {
    cmd: Command,
    /// The options before the test's own arguments (`--bin-dir`, `--problems-dir`).
    pre: Vec<OsString>,
    args: Vec<OsString>,
    /// A program (and its arguments) that runs the judge: `setpriv`, `taskset`, a shell.
    launcher: Vec<OsString>,
    hang: Duration,
}

impl Judge {
    /// `bfs-judge ARGS...`, nothing added.
    pub fn new<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Judge {
        let mut cmd = Command::new(BFS_JUDGE);
        cmd.env("COLUMNS", "100").stdin(Stdio::null());
        Judge {
            cmd,
            pre: Vec::new(),
            args: args.into_iter().map(|a| a.as_ref().to_owned()).collect(),
            launcher: Vec::new(),
            hang: Duration::from_secs(600),
        }
    }

    /// The flat judge: `bfs-judge MODE --bin-dir BIN --out-dir OUT ARGS...`, MODE the
    /// subcommand `args` start with, else `test`.
    pub fn flat(out: &Path, args: &[&str]) -> Judge {
        let (mode, rest) = mode_of(args);
        let mut judge = Judge::new([mode]);
        judge.pre.extend([
            "--bin-dir".into(),
            bin_dir().into(),
            "--out-dir".into(),
            out.into(),
        ]);
        judge.args.extend(rest.iter().map(OsString::from));
        judge
    }

    /// The problems in `dir` instead of ours (`--problems-dir`).
    pub fn problems(mut self, dir: &Path) -> Judge {
        self.pre.extend(["--problems-dir".into(), dir.into()]);
        self
    }

    /// One more argument, after the others.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Judge {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// More arguments, after the others.
    pub fn args<S: AsRef<OsStr>>(mut self, args: impl IntoIterator<Item = S>) -> Judge {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// Run in `dir`.
    pub fn cwd(mut self, dir: &Path) -> Judge {
        self.cmd.current_dir(dir);
        self
    }

    /// With the cache (`XDG_CACHE_HOME`) at `dir`.
    pub fn cache(self, dir: &Path) -> Judge {
        self.env("XDG_CACHE_HOME", dir)
    }

    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Judge {
        self.cmd.env(key, value);
        self
    }

    pub fn env_remove(mut self, key: &str) -> Judge {
        self.cmd.env_remove(key);
        self
    }

    /// Told that it runs as the checkout's `scripts/judge`, so that the commands it prints
    /// are the script's (the script itself, and its build, are not run).
    pub fn like_the_script(self) -> Judge {
        self.env("BFS_JUDGE_SCRIPT", scripts_judge())
    }

    /// Started by `launcher` (a program and its arguments), which runs the judge's command
    /// line after them: `setpriv ...`, `taskset -c 0`, `sh -c '...; exec "$@"' sh`.
    pub fn launched_by<S: AsRef<OsStr>>(mut self, launcher: impl IntoIterator<Item = S>) -> Judge {
        self.launcher = launcher
            .into_iter()
            .map(|a| a.as_ref().to_owned())
            .collect();
        self
    }

    /// The command line as built, to run otherwise (in the background, say).
    pub fn command(self) -> Command {
        let Judge {
            cmd,
            pre,
            args,
            launcher,
            ..
        } = self;
        let mut line: Vec<OsString> = launcher;
        line.push(BFS_JUDGE.into());
        let mut rest = args.into_iter();
        // The subcommand first, then the options the helpers add, then the test's own.
        if let Some(first) = rest.next() {
            line.push(first);
        }
        line.extend(pre);
        line.extend(rest);
        let mut out = Command::new(&line[0]);
        out.args(&line[1..]);
        for (k, v) in cmd.get_envs() {
            match v {
                Some(v) => out.env(k, v),
                None => out.env_remove(k),
            };
        }
        if let Some(dir) = cmd.get_current_dir() {
            out.current_dir(dir);
        }
        out.stdin(Stdio::null());
        out
    }

    /// Runs it to its end; what it printed, and what it took. A judge that could not start
    /// a run for want of processes (EAGAIN: the machine's other work, as root, held the
    /// user's count past a run's process limit) is a setup error of the machine's, not of
    /// the test's: it is run again, for a minute at most.
    pub fn run(self) -> Judged {
        let _beside = beside_others();
        let hang = self.hang;
        let mut cmd = self.command();
        let since = Instant::now();
        loop {
            let j = run_once(&mut cmd, hang);
            let eagain = j.code == Some(2) && j.stderr.contains("(os error 11)");
            if !eagain || since.elapsed() > Duration::from_secs(60) {
                return j;
            }
            eprintln!("NOTICE: the judge could not start (EAGAIN), run again:\n{j}");
            std::thread::sleep(Duration::from_secs(1));
        }
    }
}

/// One run of `cmd`, killed as hung past `hang`.
fn run_once(cmd: &mut Command, hang: Duration) -> Judged {
    let started = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run bfs-judge: {e}"));
    let pid = child.id();
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let readers = (
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = stdout.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        }),
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = stderr.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        }),
    );
    let (mut peak_kib, mut read_bytes) = (0, 0);
    let status = loop {
        if let Some(kib) = proc_field(pid, "status", "VmHWM:") {
            peak_kib = peak_kib.max(kib);
        }
        if let Some(n) = proc_field(pid, "io", "rchar:") {
            read_bytes = read_bytes.max(n);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > hang {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the judge hung: killed after {hang:?}\n--- stdout\n{}--- stderr\n{}",
                readers.0.join().unwrap(),
                readers.1.join().unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = started.elapsed();
    Judged {
        code: status.code(),
        stdout: readers.0.join().unwrap(),
        stderr: readers.1.join().unwrap(),
        peak_kib,
        read_bytes,
        took,
        pid,
    }
}

/// A number field of `/proc/PID/FILE` (`VmHWM:` of `status` in KiB, `rchar:` of `io`), while
/// the process lives.
fn proc_field(pid: u32, file: &str, field: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/{file}")).ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The checkout's `scripts/judge`, canonical, as the judge names it in what it prints.
pub fn scripts_judge() -> PathBuf {
    root().join("scripts/judge").canonicalize().unwrap()
}
