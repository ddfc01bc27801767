//! Isolation of every judged process (program, interactor, checker, validator, compiler) by
//! the kernel's own mechanisms, without root and without set-up: one file per mechanism,
//! the strongest available chosen by `--isolation auto` ([`choose`]):
//! - `namespaces.rs`: user, mount, PID, network, IPC and UTS namespaces; a read-only root of
//!   the system with private writable mounts, `chroot`ed into;
//! - `landlock.rs` (where unprivileged namespaces are forbidden): Landlock's rules and a
//!   seccomp filter for what they cannot see;
//! - `none.rs`: every guarantee that needs the kernel's help not enforced.
//!
//! Here is what they share: the supervisor's side ([`Jail`]: set up once when it starts,
//! prepared before each run, confining the program's process between its fork and its
//! `exec`), the runs' private folders, and the steps every program takes before its `exec`:
//! a session of its own (no controlling terminal), every signal at its default, the run's
//! resource limits, no descriptor but 0, 1 and 2 across the `exec`; then, under a confining
//! mechanism, its own confinement, no capability left (`capabilities.rs`, root's too) and
//! the seccomp filter (`seccomp.rs`). As root, the files of `/etc` only root may read are
//! kept from programs (see [`root_only_files`]). Builds run in the same jail, with their own
//! folder writable.
//!
//! A new mechanism is a file here implementing [`Confinement`], its name in [`Mechanism`]
//! and [`Isolation`], and its line in [`Jail::enter`], [`describe`] and [`choose`]. Like
//! `sys.rs`, a fenced place of `unsafe`: each system call is wrapped once, with its
//! `// SAFETY:`.

mod capabilities;
mod landlock;
mod namespaces;
mod none;
mod seccomp;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What `--isolation` asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Isolation {
    /// The strongest available: namespaces, else Landlock, else none (said in the header).
    #[default]
    Auto,
    /// Unprivileged user, PID, mount, network, IPC and UTS namespaces (an error if absent).
    Namespaces,
    /// Landlock and a seccomp filter (an error if Landlock is absent).
    Landlock,
    /// No isolation: the program runs as the user, in the user's folder.
    None,
}

/// The mechanism in force, as a supervisor is told it (`--serve MECHANISM`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mechanism {
    Namespaces,
    Landlock,
    None,
}

impl Mechanism {
    /// Every mechanism, strongest first.
    pub const ALL: [Mechanism; 3] = [Mechanism::Namespaces, Mechanism::Landlock, Mechanism::None];

    pub fn name(self) -> &'static str {
        match self {
            Mechanism::Namespaces => "namespaces",
            Mechanism::Landlock => "landlock",
            Mechanism::None => "none",
        }
    }

    pub fn from_name(name: &str) -> Option<Mechanism> {
        Mechanism::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// What the header says of the isolation in force.
pub fn describe(m: Mechanism, why_none: Option<&str>) -> String {
    match m {
        Mechanism::Namespaces => namespaces::describe(),
        Mechanism::Landlock => landlock::describe(),
        Mechanism::None => none::describe(why_none),
    }
}

/// An explicit `--isolation` this machine does not offer: a setup error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unavailable {
    pub mechanism: Mechanism,
    /// What the machine lacks.
    pub why: String,
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let others: Vec<String> = Mechanism::ALL
            .into_iter()
            .filter(|&m| m != self.mechanism)
            .map(|m| format!("--isolation {}", m.name()))
            .collect();
        write!(
            f,
            "--isolation {}: {}; use {}",
            self.mechanism.name(),
            self.why,
            others.join(" or ")
        )
    }
}

impl std::error::Error for Unavailable {}

impl From<Unavailable> for String {
    fn from(e: Unavailable) -> String {
        e.to_string()
    }
}

/// The mechanism `wanted` resolves to on this machine, with, for `none` under `auto`, why;
/// `Err` when an explicit mechanism is not available.
pub fn choose(wanted: Isolation) -> Result<(Mechanism, Option<String>), Unavailable> {
    let explicit = |mechanism: Mechanism, available: Result<(), String>| {
        available
            .map(|()| (mechanism, None))
            .map_err(|why| Unavailable { mechanism, why })
    };
    match wanted {
        Isolation::None => Ok((Mechanism::None, Some("as asked (--isolation none)".into()))),
        Isolation::Namespaces => explicit(Mechanism::Namespaces, namespaces::available()),
        Isolation::Landlock => explicit(Mechanism::Landlock, landlock::available()),
        Isolation::Auto => match namespaces::probe() {
            Ok(()) => Ok((Mechanism::Namespaces, None)),
            Err(_) if landlock::available().is_ok() => Ok((Mechanism::Landlock, None)),
            Err(e) => Ok((
                Mechanism::None,
                Some(format!(
                    "neither unprivileged namespaces ({e}) nor Landlock available"
                )),
            )),
        },
    }
}

/// What every mechanism is told when the supervisor starts.
struct Shared {
    /// The judge's working folder, where programs start.
    cwd: PathBuf,
    /// The judge's folders (absolute) where the files a command line names may be written:
    /// where it keeps outputs (an interactor's output file, a validator's feedback).
    judges_folders: Vec<PathBuf>,
    /// The tests' folders, kept from programs once the judge holds its own copies.
    hidden: Vec<PathBuf>,
    /// The system's files only root may read (see [`root_only_files`]).
    secrets: Vec<PathBuf>,
}

/// What a run's program gets, decided by the supervisor before it forks.
pub struct Setup {
    /// Where the program starts.
    pub cwd: PathBuf,
    /// HOME and TMPDIR.
    pub home: PathBuf,
}

/// What a mechanism does in the program's process between its fork and its `exec`, made
/// before the fork (it allocates nothing when called).
type Enter = Box<dyn FnMut() -> io::Result<()> + Send + Sync>;

/// One mechanism, as the supervisor drives it: one implementation a file.
trait Confinement {
    /// Prepares the run of `argv` (its words and the working folder asked for, every path a
    /// program is shown by): fresh writable places, bounded by `memory_kib` where the
    /// mechanism can, and the folders `writable` (a build's own, absolute) writable too.
    /// The program starts in `cwd` where given (the caller sets it), else where [`Setup`]
    /// says.
    fn before_run(
        &mut self,
        argv: &[String],
        memory_kib: u64,
        writable: &[PathBuf],
        cwd: Option<&Path>,
    ) -> io::Result<Setup>;

    /// What the run's own files hold (see [`Jail::memory_kib`]).
    fn memory_kib(&self) -> u64;

    /// Ends a run (see [`Jail::after_run`]).
    fn after_run(&mut self) -> bool;

    /// What the program's process does to itself before it gives up its privileges; `None`:
    /// it is not confined, and keeps them.
    fn enter(&self, setup: &Setup) -> Option<Enter>;

    /// The seccomp filter its programs get.
    fn filter(&self) -> Option<&seccompiler::BpfProgram>;
}

/// The supervisor's side of isolation: set up once when it starts, refreshed per run.
pub struct Jail {
    pub mechanism: Mechanism,
    confinement: Box<dyn Confinement>,
}

impl Jail {
    /// Enters `mechanism` (namespaces: this process forks, and only the child, the init of
    /// the new PID namespace, returns; the parent waits for it and exits with its status).
    /// Must be called while the process is single-threaded. The judge's folders `writable`
    /// hold what a command line names that a program may write; the folders `hidden` are
    /// kept from every program.
    pub fn enter(
        mechanism: Mechanism,
        writable: Vec<PathBuf>,
        hidden: Vec<PathBuf>,
    ) -> io::Result<Jail> {
        let shared = Shared {
            cwd: std::env::current_dir()?,
            judges_folders: writable,
            hidden,
            secrets: root_only_files(),
        };
        let confinement: Box<dyn Confinement> = match mechanism {
            Mechanism::Namespaces => Box::new(namespaces::Namespaces::enter(shared)?),
            Mechanism::Landlock => Box::new(landlock::Landlock::enter(shared)?),
            Mechanism::None => Box::new(none::Plain::enter(shared)?),
        };
        Ok(Jail {
            mechanism,
            confinement,
        })
    }

    /// Prepares the run of `argv` with memory limit `memory_kib`, writing besides its
    /// private places in the folders `writable` (a build's own, absolute), started in `cwd`
    /// (a file I/O problem's working folder, shown to it like a folder its command line
    /// names) or where the mechanism starts programs. `argv` with every relative path made
    /// absolute is the caller's.
    pub fn before_run(
        &mut self,
        argv: &[String],
        memory_kib: u64,
        writable: &[PathBuf],
        cwd: Option<&Path>,
    ) -> io::Result<Setup> {
        let mut named = argv.to_vec();
        named.extend(cwd.map(|d| d.display().to_string()));
        let mut setup = self
            .confinement
            .before_run(&named, memory_kib, writable, cwd)?;
        if let Some(dir) = cwd {
            setup.cwd = dir.to_path_buf();
        }
        Ok(setup)
    }

    /// What the run's files hold in its private places (namespaces: the writable tmpfs
    /// mounts and System V shared memory; landlock and none: its private folder), KiB:
    /// memory the run holds.
    pub fn memory_kib(&self) -> u64 {
        self.confinement.memory_kib()
    }

    /// Ends a run: its private places are gone, with all they held. `false`: the jail cannot
    /// serve another run as fresh as this one; the supervisor retires and the judge starts
    /// another.
    pub fn after_run(&mut self) -> bool {
        self.confinement.after_run()
    }

    /// Arranges, in `cmd`'s child before exec, the steps every program takes (see the
    /// module's doc; the resource limits are `limits`) and, under a confining mechanism, its
    /// own confinement, the capabilities given up and the seccomp filter.
    pub fn confine(&self, cmd: &mut std::process::Command, setup: &Setup, limits: Vec<(u32, u64)>) {
        use std::os::unix::process::CommandExt;
        let mut enter = self.confinement.enter(setup);
        let filter = self.confinement.filter().cloned();
        // SAFETY: the closure runs in the forked child of a single-threaded supervisor before
        // exec: it calls setsid, signal, setrlimit, close_range, prctl and capset (all
        // async-signal-safe), the mechanism's `enter` (chroot and chdir; Landlock's calls) and
        // seccomp's, which only issue system calls on what was prepared before the fork.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                // Dispositions the judge was started with (SIG_IGN survives exec) are not
                // the program's: every signal starts at its default.
                for sig in 1..32 {
                    if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                        libc::signal(sig, libc::SIG_DFL);
                    }
                }
                for &(resource, value) in &limits {
                    let r = libc::rlimit {
                        rlim_cur: value as libc::rlim_t,
                        rlim_max: value as libc::rlim_t,
                    };
                    crate::run::sys::zero_or_errno(libc::setrlimit(resource as _, &r))?;
                }
                // The judge marked what it inherited at its start (`sys::close_inherited_on_
                // exec`); this holds whatever opened a descriptor since, where close_range
                // exists. Marked, not closed: std's exec-error pipe is among them.
                let _ = crate::run::sys::mark_close_on_exec_from(3);
                let Some(enter) = enter.as_mut() else {
                    return Ok(());
                };
                enter()?;
                capabilities::give_up()?;
                if let Some(f) = &filter {
                    seccompiler::apply_filter(f).map_err(io::Error::other)?;
                }
                // Last: the calls above needed the capabilities (dropping the bounding set
                // needs CAP_SETPCAP). Then root's too are gone, and no exec gives any back.
                capabilities::clear_sets()
            });
        }
    }
}

impl Drop for Jail {
    /// The supervisor is done: the last run ends (each mechanism removes its own folder when
    /// dropped).
    fn drop(&mut self) {
        let _ = self.after_run();
    }
}

/// The supervisor's own folder under /tmp and, per run, the run's private folder in it
/// (HOME and TMPDIR under landlock and none); removed with all it holds when dropped.
struct Folder {
    base: PathBuf,
    run: Option<PathBuf>,
}

impl Folder {
    fn new() -> io::Result<Folder> {
        Ok(Folder {
            base: private_base()?,
            run: None,
        })
    }

    /// A fresh private folder for the run (mode 0700).
    fn fresh_run(&mut self) -> io::Result<PathBuf> {
        use std::os::unix::fs::DirBuilderExt;
        let private = self.base.join("run");
        fs::DirBuilder::new().mode(0o700).create(&private)?;
        self.run = Some(private.clone());
        Ok(private)
    }

    /// What the files of the run's private folder (on the disk) hold, KiB.
    fn memory_kib(&self) -> u64 {
        self.run.as_deref().map_or(0, |p| files_kib(p, 0))
    }

    /// The run's private folder goes, with all it holds.
    fn end_run(&mut self) {
        if let Some(p) = self.run.take() {
            let _ = fs::remove_dir_all(p);
        }
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.base);
    }
}

/// The system's secrets, when the judge runs as root: the files under `/etc` that only
/// their owner or group may read (`/etc/shadow`, `/etc/gshadow`, `/etc/sudoers`, SSH host
/// keys...). A program, or a compiler told to `#include "/etc/shadow"` by a package's
/// submission, would read them as root; an ordinary user's kernel already refuses them, so
/// for one nothing is listed. Cost: a walk of `/etc` once per supervisor, as root only.
fn root_only_files() -> Vec<PathBuf> {
    // SAFETY: geteuid cannot fail and touches no memory.
    if unsafe { libc::geteuid() } != 0 {
        return Vec::new();
    }
    fn walk(dir: &Path, depth: u32, found: &mut Vec<PathBuf>) {
        use std::os::unix::fs::PermissionsExt;
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for e in entries.filter_map(|e| e.ok()) {
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() && depth < 4 {
                walk(&e.path(), depth + 1, found);
            } else if kind.is_file()
                && e.metadata()
                    .is_ok_and(|m| m.permissions().mode() & 0o004 == 0)
            {
                found.push(e.path());
            }
        }
    }
    let mut found = Vec::new();
    walk(Path::new("/etc"), 0, &mut found);
    found
}

/// What the files under `dir` occupy, KiB (their allocated blocks, links not followed, a
/// file with several names counted each time: the side a judge errs on). Cost: a `stat` a
/// file; past 64 levels of folders the rest is not counted (a look must end).
fn files_kib(dir: &Path, depth: u32) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|e| e.ok())
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() && depth < 64 => m.blocks() / 2 + files_kib(&e.path(), depth + 1),
            Ok(m) => m.blocks() / 2,
            Err(_) => 0,
        })
        .sum()
}

fn with_path(e: io::Error, what: &str, p: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", p.display()))
}

/// The absolute paths a command line names: its words that are paths, and the paths inside
/// a shell line's words (`sh -c '/tmp/x/grow 1024; echo done'`), split at white space,
/// quotes and the shell's operators. A word that only looks like a path costs a failed look.
fn named_paths(argv: &[String]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for word in argv {
        for token in word.split(|c: char| c.is_whitespace() || "'\"`;|&<>()=".contains(c)) {
            let path = Path::new(token);
            if path.is_absolute() && !paths.iter().any(|p| p == path) {
                paths.push(path.to_path_buf());
            }
        }
    }
    paths
}

/// The name of supervisor `pid`'s own folder, the `n`th tried.
fn base_name(pid: u32, n: u32) -> PathBuf {
    Path::new("/tmp").join(format!("bfs-judge-jail-{pid}-{n}"))
}

/// Removes what a supervisor killed outright (it could not clean up) left in /tmp: its own
/// folder, empty outside its mount namespace, or with a run's private folder in it.
pub fn remove_leftovers(pid: u32) {
    for n in 0..4 {
        let _ = fs::remove_dir_all(base_name(pid, n));
    }
}

/// Removes what supervisors no longer alive left in /tmp: the user's own folders named
/// `bfs-judge-jail-PID-N` whose PID has no live process (gone, or a zombie). A judge killed
/// outright (SIGKILL, or SIGTERM, under which a supervisor cannot remove its folder from
/// inside its mount namespace) never reaps its supervisors to remove theirs
/// ([`remove_leftovers`]); the next judge does. A folder is named by its supervisor's PID before any namespace, and that
/// process lives while the folder is used. Without a /proc to ask, nothing is removed.
/// Cost: one read of /tmp.
pub fn remove_leftovers_of_the_dead() {
    use std::os::unix::fs::MetadataExt;
    let Ok(me) = fs::metadata("/proc/self").map(|m| m.uid()) else {
        return;
    };
    let Ok(entries) = fs::read_dir("/tmp") else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("bfs-judge-jail-"))
            .and_then(|rest| rest.split_once('-'))
            .filter(|(pid, n)| pid.parse::<u32>().is_ok() && n.parse::<u32>().is_ok())
            .map(|(pid, _)| pid.to_string())
        else {
            continue;
        };
        let ours = fs::symlink_metadata(entry.path()).is_ok_and(|m| m.is_dir() && m.uid() == me);
        if ours && !alive(&pid) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether process `pid` runs: it is there and not a zombie (one whose parent died waits for
/// the system's init to reap it, which a loaded machine delays by a minute or more).
pub(crate) fn alive(pid: &str) -> bool {
    fs::read_to_string(Path::new("/proc").join(pid).join("stat")).is_ok_and(|stat| {
        let state = stat
            .rfind(')')
            .and_then(|end| stat[end + 1..].trim_start().chars().next());
        !matches!(state, Some('Z' | 'X'))
    })
}

/// The supervisor's own folder under the temporary folder (mode 0700, a name no other has).
fn private_base() -> io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    for n in 0..1000u32 {
        let path = base_name(std::process::id(), n);
        match fs::DirBuilder::new().mode(0o700).create(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(with_path(e, "creating", &path)),
        }
    }
    Err(io::Error::other(
        "no free name for the supervisor's folder in /tmp",
    ))
}
