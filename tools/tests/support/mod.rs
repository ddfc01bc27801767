//! What the tests share, each defined once: the repository, this run's binaries, scratch
//! folders, the tools a test needs from the machine, the ways to run the judge ([`judge`]:
//! [`Judge`] and what it returns, [`Judged`]), the packages kept as folders of files
//! ([`package`]), the headless browser ([`browser`]) and the knight problem's oracle.
//!
//! Time: nothing here asserts how long anything takes. A bound on the judge's own time is a
//! backstop against a hang ([`backstop`]); what a test measures for its own sake it prints.

pub mod browser;
pub mod judge;
pub mod package;

pub use judge::{installed, judge, judge_at, judge_in, mode_of, Judge, Judged, BFS_JUDGE};
pub use package::Package;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{OnceLock, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

/// The repository root.
pub fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("tools/ is inside the repository")
            .to_path_buf()
    })
}

/// The folder of this run's binaries (`target/debug` or `target/release`): the judge, and
/// our five solvers, built here once (`cargo build -p bfs-judge`) in this run's profile and
/// target folder.
pub fn bin_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(BFS_JUDGE)
            .parent()
            .expect("a binary has a folder")
            .to_path_buf();
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        cmd.args(["build", "--quiet", "--package", "bfs-judge", "--bins"])
            .arg("--manifest-path")
            .arg(root().join("Cargo.toml"))
            .arg("--target-dir")
            .arg(target_dir());
        if dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        assert!(
            cmd.status().expect("cannot run cargo").success(),
            "building the solvers failed"
        );
        dir
    })
}

/// This run's target folder (the parent of the profile's folder).
pub fn target_dir() -> &'static Path {
    Path::new(BFS_JUDGE)
        .parent()
        .and_then(Path::parent)
        .expect("a binary lies in TARGET/PROFILE")
}

/// The cargo profile this run's binaries were built in (`dev` for `target/debug`).
pub fn profile() -> &'static str {
    match Path::new(BFS_JUDGE)
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
    {
        Some("debug") | None => "dev",
        Some(other) => other,
    }
}

/// The environment under which the checkout's `scripts/judge` runs without its build: over
/// this run's judge and solvers, in this run's profile and target folder.
pub fn scripts_judge_env() -> [(&'static str, String); 3] {
    [
        ("BFS_JUDGE_BUILT", "1".to_string()),
        ("BFS_JUDGE_TOOLS_PROFILE", profile().to_string()),
        ("CARGO_TARGET_DIR", target_dir().display().to_string()),
    ]
}

/// A fresh, empty scratch folder for `name` beside this run's binaries, its own however many
/// tests (or calls of one test) ask for the same name.
pub fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = Path::new(BFS_JUDGE)
        .with_file_name("tools-tests")
        .join(format!("{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `bfs-judge ARGS` as a contestant types it in `cwd`, the folder's cache and config beside
/// it (`../cache`, `../config`), 200 columns wide, without colours.
pub fn contestant(cwd: &Path, args: &[&str]) -> Judge {
    let scratch = cwd.parent().unwrap();
    Judge::new(args)
        .cwd(cwd)
        .cache(&scratch.join("cache"))
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .env("COLUMNS", "200")
        .env("NO_COLOR", "1")
}

/// The first line a server of ours (`listen`, `panel`) prints on stdout, and the port on
/// 127.0.0.1 it names there.
pub fn served_on(child: &mut std::process::Child) -> (String, u16) {
    use std::io::BufRead;
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.as_mut().expect("stdout piped"))
        .read_line(&mut first)
        .unwrap();
    let port = first
        .split("127.0.0.1:")
        .nth(1)
        .map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next().unwrap())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    (first, port)
}

/// A command line the judge printed to be pasted (`cd DIR && bfs-judge ...`), run by `sh`
/// from another folder with the cache and config of the scratch folder `scratch`: its exit
/// code and stdout.
pub fn pasted(line: &str, scratch: &Path) -> (Option<i32>, String) {
    let o = Command::new("sh")
        .args(["-c", line])
        .current_dir(std::env::temp_dir())
        .env("XDG_CACHE_HOME", scratch.join("cache"))
        .env("XDG_CONFIG_HOME", scratch.join("config"))
        .output()
        .expect("cannot run sh");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

/// The HTTP status of a real curl request to `url` (`args` before it: method, headers,
/// body); 0 when no answer came (curl's own limit, a minute, is a backstop).
pub fn curl_status(args: &[&str], url: &str) -> u16 {
    let o = Command::new("curl")
        .args([
            "-s",
            "-o",
            "/dev/null",
            "-w",
            "%{http_code}",
            "--max-time",
            "60",
        ])
        .args(args)
        .arg(url)
        .output()
        .expect("cannot run curl");
    String::from_utf8_lossy(&o.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

/// Whether `tool` is a file in a folder of PATH; where it is not, a notice says that the part
/// of the test that needs it is skipped.
pub fn have(tool: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()));
    if !found {
        eprintln!("NOTICE: no {tool} on this machine; what needs it is skipped");
    }
    found
}

/// `PATH` as a machine without `tool` has it: each folder of `PATH` that holds `tool` is
/// replaced by a folder under `scratch` of links to everything else it holds.
pub fn path_without(tool: &str, scratch: &Path) -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .enumerate()
        .map(|(i, d)| {
            if !d.join(tool).exists() {
                return d;
            }
            let shadow = scratch.join(format!("path-without-{tool}-{i}"));
            std::fs::create_dir_all(&shadow).unwrap();
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let link = shadow.join(e.file_name());
                if e.file_name() != tool && !link.exists() {
                    let _ = std::os::unix::fs::symlink(e.path(), link);
                }
            }
            shadow
        })
        .collect();
    std::env::join_paths(dirs)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Writes `files` (path, text) under `dir`; a path ending in `*` is made executable.
pub fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let (name, exec) = match name.strip_suffix('*') {
            Some(n) => (n, true),
            None => (*name, false),
        };
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        if exec {
            make_executable(&p);
        }
    }
}

/// Sets the executable bits of `path` (`chmod 755`).
pub fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A bound on the judge's own time for work that takes `alone` on an idle machine: ten times
/// that, and never under a minute. A backstop against a hang, never a measure: a machine
/// busy with other work must not fail a test by its load (issue 42).
pub fn backstop(alone: Duration) -> Duration {
    (alone * 10).max(Duration::from_secs(60))
}

/// Held for writing by a test that fills the user's count of processes (a fork bomb, a
/// thousand sleepers), for reading by every run of the judge ([`beside_others`]): the kernel
/// checks each run's process limit (`RLIMIT_NPROC`, 1024) against all of the user's
/// processes, so beside a bomb another run's sandbox cannot start (EAGAIN), and its looks at
/// /proc and its CPU time slow down.
static ALONE: RwLock<()> = RwLock::new(());

thread_local! {
    /// Whether this thread holds [`ALONE`] for writing (its own runs then take no read).
    static HOLDS_ALONE: Cell<bool> = const { Cell::new(false) };
    /// Whether this thread holds [`ALONE`] for reading already: a second read would wait for
    /// good behind a test waiting to run alone (std's RwLock lets a waiting writer go first),
    /// and that writer for the first read.
    static READS_ALONE: Cell<bool> = const { Cell::new(false) };
}

/// No other run of the judge while this lives: for a test whose processes fill the user's
/// count of processes. Its own runs, on this thread, go on.
pub struct Alone {
    _guard: RwLockWriteGuard<'static, ()>,
}

pub fn alone() -> Alone {
    let guard = ALONE.write().unwrap_or_else(|e| e.into_inner());
    HOLDS_ALONE.with(|h| h.set(true));
    Alone { _guard: guard }
}

impl Drop for Alone {
    fn drop(&mut self) {
        HOLDS_ALONE.with(|h| h.set(false));
    }
}

/// For one run of the judge: waits while a test runs [`alone`] on another thread. Within
/// another hold of this thread's (a test that spawns a judge itself and then runs one by the
/// support) it takes nothing more.
pub fn beside_others() -> Option<Beside> {
    if HOLDS_ALONE.with(Cell::get) || READS_ALONE.with(Cell::get) {
        return None;
    }
    let guard = ALONE.read().unwrap_or_else(|e| e.into_inner());
    READS_ALONE.with(|r| r.set(true));
    Some(Beside { _guard: guard })
}

/// A hold of [`beside_others`].
pub struct Beside {
    _guard: RwLockReadGuard<'static, ()>,
}

impl Drop for Beside {
    fn drop(&mut self) {
        READS_ALONE.with(|r| r.set(false));
    }
}

/// The processes whose command line contains `marker`.
pub fn processes_with(marker: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|e| {
            let cmdline = std::fs::read(e.path().join("cmdline")).ok()?;
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            text.contains(marker)
                .then(|| format!("{}: {text}", e.file_name().to_string_lossy()))
        })
        .collect()
}

/// Waits until no process with `marker` in its command line is alive: a killed process may
/// take a moment to leave /proc once reaped, longer on a busy machine. Those still alive
/// after a minute, if any.
pub fn none_left(marker: &str) -> Result<(), Vec<String>> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = processes_with(marker);
        if left.is_empty() {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(left);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The fewest knight moves from `from` to `to` (row, column, from 1) on an `n` x `n` board,
/// -1 when the knight cannot get there: the oracle that the knight packages' answers (DMOJ,
/// CMS, Polygon) are checked against.
pub fn knight_moves(n: i64, from: (i64, i64), to: (i64, i64)) -> i64 {
    let idx = |(r, c): (i64, i64)| ((r - 1) * n + (c - 1)) as usize;
    let mut dist = vec![-1i64; (n * n) as usize];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[idx(from)] = 0;
    while let Some((r, c)) = queue.pop_front() {
        for (dr, dc) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let (a, b) = (r + dr, c + dc);
            if (1..=n).contains(&a) && (1..=n).contains(&b) && dist[idx((a, b))] < 0 {
                dist[idx((a, b))] = dist[idx((r, c))] + 1;
                queue.push_back((a, b));
            }
        }
    }
    dist[idx(to)]
}
