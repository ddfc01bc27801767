//! Isolation of every judged process (program, interactor, checker, validator) by the
//! kernel's own mechanisms, without root and without set-up. Like `sys.rs`, a fenced place of
//! `unsafe`: each system call is wrapped once, with its `// SAFETY:`.
//!
//! Three mechanisms, the strongest available chosen by `--isolation auto`:
//! - **namespaces**: the supervisor enters, once for all its runs, new user, mount, PID,
//!   network, IPC and UTS namespaces and becomes the init (PID 1) of its PID namespace. It
//!   builds a root of its own once: every top-level folder of `/` bound read-only (so
//!   interpreters, libraries and `$HOME` tools such as pyenv keep working), a private `/tmp`
//!   and `/dev/shm` (tmpfs), a minimal `/dev` (null, zero, full, random, urandom; no tty), a
//!   `/proc` of the namespace. Per run it only refreshes what a run may write (the two tmpfs
//!   and a copy-on-write overlay of the working folder, each bounded by the memory limit and
//!   counted as the run's memory) and binds in the judge's own files the run's command line
//!   names (a checker's input, answer and feedback folder); the program is then `chroot`ed
//!   into that root with no capability left. Only `lo` exists (down): no network. The
//!   judge is outside the PID namespace, so the program cannot see, signal or trace it; a
//!   signal to its supervisor (PID 1) is dropped (SIGKILL, SIGSTOP) or noted as the
//!   program's own doing. When the supervisor dies, the kernel kills every process of the
//!   namespace: nothing outlives it by construction. Cost: ~1 ms once per supervisor; per
//!   run only the binds of what its command line names, and fresh writable mounts only
//!   after a run that left something in them (a run that left them empty and unchanged
//!   hands them on).
//! - **landlock** (where unprivileged namespaces are forbidden): the program reads the whole
//!   system but the tests' folders and the judge's own (see [`Jail::landlock_view`]), and
//!   writes only its private folder (HOME, TMPDIR, /dev/null and friends); on
//!   ABI 4+ it can neither bind nor connect TCP, on ABI 6+ it cannot signal processes outside
//!   its domain nor reach abstract sockets; Landlock also forbids tracing out of it. A
//!   seccomp filter denies what Landlock leaves open (see [`seccomp_filter`]): calls on other
//!   processes, changing files' modes, owners, times and extended attributes, sockets but
//!   Unix ones, System V IPC and POSIX message queues, keyrings. What its private folder's
//!   files hold counts as the run's memory.
//! - **none**: today's behaviour, every guarantee that needs the kernel's help not enforced.
//!
//! Under namespaces each run also gets an IPC namespace of its own, and under both the
//! program gives up every capability (root's too) before its `exec`; as root, the files of
//! `/etc` only root may read are hidden (see [`root_only_files`]). Every mechanism starts the
//! program in a session of its own (no controlling terminal), and no descriptor but 0, 1
//! and 2 crosses its `exec`. Builds run in the same jail, with their own folder writable.

use std::ffi::CString;
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
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
    pub fn name(self) -> &'static str {
        match self {
            Mechanism::Namespaces => "namespaces",
            Mechanism::Landlock => "landlock",
            Mechanism::None => "none",
        }
    }

    pub fn from_name(name: &str) -> Option<Mechanism> {
        [Mechanism::Namespaces, Mechanism::Landlock, Mechanism::None]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// What the header says of the isolation in force.
pub fn describe(m: Mechanism, why_none: Option<&str>) -> String {
    match m {
        Mechanism::Namespaces => "isolation: namespaces (user, pid, mount, net, ipc, uts; \
             system read-only, private /tmp, /dev/shm and working folder, no network, no \
             terminal)"
            .to_string(),
        Mechanism::Landlock => format!(
            "isolation: landlock ABI {} + seccomp (writes only to a private folder{}; no \
             terminal; not enforced: {})",
            landlock_abi(),
            if landlock_abi() >= 4 {
                ", no network"
            } else {
                ", no UDP or raw sockets"
            },
            landlock_gaps()
        ),
        Mechanism::None => format!(
            "isolation: none{} (not enforced: the program can read and write the user's \
             files, use the network and the terminal, leave IPC objects and keys behind, \
             and signal or re-limit the judge)",
            why_none.map_or(String::new(), |w| format!(", {w}"))
        ),
    }
}

/// What Landlock at this kernel's ABI leaves open, in words.
fn landlock_gaps() -> String {
    let abi = landlock_abi();
    let mut gaps = vec!["reading the user's files"];
    if abi < 4 {
        // UDP and raw sockets are seccomp's to deny, TCP Landlock's from ABI 4.
        gaps.push("TCP");
    }
    if abi < 6 {
        gaps.push("signals to the judge");
    }
    gaps.join(", ")
}

/// The Landlock ABI version of this kernel, 0 when it has none (or it is disabled).
pub fn landlock_abi() -> i64 {
    // SAFETY: landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) reads no
    // memory: it returns the ABI version or -1.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    v.max(0)
}

/// The mechanism `wanted` resolves to on this machine, with, for `none` under `auto`, why;
/// `Err` when an explicit mechanism is not available (a setup error).
pub fn choose(wanted: Isolation) -> Result<(Mechanism, Option<String>), String> {
    let namespaces = || probe_namespaces();
    match wanted {
        Isolation::None => Ok((Mechanism::None, Some("as asked (--isolation none)".into()))),
        Isolation::Namespaces => namespaces()
            .map(|()| (Mechanism::Namespaces, None))
            .map_err(|e| {
                format!(
                    "--isolation namespaces: unprivileged user namespaces are not available here \
                 ({e}); use --isolation landlock or --isolation none"
                )
            }),
        Isolation::Landlock if landlock_abi() > 0 => Ok((Mechanism::Landlock, None)),
        Isolation::Landlock => Err(
            "--isolation landlock: this kernel has no Landlock (or it is disabled); use \
             --isolation namespaces or --isolation none"
                .into(),
        ),
        Isolation::Auto => match namespaces() {
            Ok(()) => Ok((Mechanism::Namespaces, None)),
            Err(_) if landlock_abi() > 0 => Ok((Mechanism::Landlock, None)),
            Err(e) => Ok((
                Mechanism::None,
                Some(format!(
                    "neither unprivileged namespaces ({e}) nor Landlock available"
                )),
            )),
        },
    }
}

/// Whether this process may create the namespaces a supervisor needs: a child of ours tries
/// (a process of its own, as a supervisor will be: `unshare` of a user namespace needs a
/// single-threaded caller).
fn probe_namespaces() -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let mut cmd = std::process::Command::new("/proc/self/exe");
    cmd.arg("--version")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // SAFETY: the closure runs in the forked child before exec and calls only unshare,
    // which is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            if libc::unshare(NAMESPACES & !libc::CLONE_NEWPID) != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("a test child ended with {s}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The namespaces a supervisor enters.
const NAMESPACES: libc::c_int = libc::CLONE_NEWUSER
    | libc::CLONE_NEWNS
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS;

fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

fn cstr(p: &Path) -> io::Result<CString> {
    CString::new(p.as_os_str().as_bytes()).map_err(|_| io::Error::other("a path with a NUL"))
}

fn with_path(e: io::Error, what: &str, p: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", p.display()))
}

fn mount(
    source: &str,
    target: &Path,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> io::Result<()> {
    let source = CString::new(source).expect("no NUL");
    let t = cstr(target)?;
    let fstype = fstype.map(|f| CString::new(f).expect("no NUL"));
    let data = data.map(|d| CString::new(d).expect("no NUL"));
    // SAFETY: every pointer is a live NUL-terminated string or null; mount reads them only.
    let r = unsafe {
        libc::mount(
            source.as_ptr(),
            t.as_ptr(),
            fstype.as_ref().map_or(std::ptr::null(), |f| f.as_ptr()),
            flags,
            data.as_ref()
                .map_or(std::ptr::null(), |d| d.as_ptr().cast::<libc::c_void>()),
        )
    };
    check(r).map_err(|e| with_path(e, "mounting on", target))
}

fn bind(source: &Path, target: &Path) -> io::Result<()> {
    let s = source
        .to_str()
        .ok_or_else(|| io::Error::other("a path not in UTF-8"))?;
    mount(s, target, None, libc::MS_BIND | libc::MS_REC, None)
}

fn unmount(target: &Path) {
    if let Ok(t) = cstr(target) {
        // SAFETY: a live NUL-terminated path; a target that is not a mount is EINVAL, ignored.
        unsafe { libc::umount2(t.as_ptr(), libc::MNT_DETACH) };
    }
}

/// Makes the mount at `target` and every mount below it read-only, without set-uid and
/// device files (`mount_setattr`, Linux 5.12).
fn read_only_recursive(target: &Path) -> io::Result<()> {
    #[repr(C)]
    struct MountAttr {
        attr_set: u64,
        attr_clr: u64,
        propagation: u64,
        userns_fd: u64,
    }
    const MOUNT_ATTR_RDONLY: u64 = 0x1;
    const MOUNT_ATTR_NOSUID: u64 = 0x2;
    const MOUNT_ATTR_NODEV: u64 = 0x4;
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let t = cstr(target)?;
    // SAFETY: `t` is a live path and `attr` a live struct of the size passed; the call
    // reads both only.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            t.as_ptr(),
            libc::AT_RECURSIVE as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(r as libc::c_int).map_err(|e| with_path(e, "making read-only", target))
}

/// Bytes used on the file system mounted at `path` (a tmpfs: the memory its files hold).
fn used_bytes(path: &Path) -> u64 {
    crate::run::sys::fs_space(path).map_or(0, |s| s.used)
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

/// The System V shared memory segments this process's IPC namespace holds: each one's id
/// and resident bytes (`/proc/sysvipc/shm`'s `shmid` and `rss` columns).
fn shm_segments() -> Vec<(i32, u64)> {
    let Ok(table) = fs::read_to_string("/proc/sysvipc/shm") else {
        return Vec::new();
    };
    table
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f.get(1)?.parse().ok()?, f.get(14)?.parse().ok()?))
        })
        .collect()
}

/// The supervisor's side of isolation: set up once when it starts, refreshed per run.
pub struct Jail {
    pub mechanism: Mechanism,
    /// namespaces: the root the programs are `chroot`ed into, and its writable parts.
    root: PathBuf,
    /// The folder the jail's mounts hang from (namespaces), or holds the runs' private
    /// folders (landlock, none); removed when the supervisor ends.
    base: PathBuf,
    /// The judge's working folder, which programs start in (namespaces: a copy-on-write
    /// overlay of it).
    cwd: PathBuf,
    /// The writable mounts, in order: /tmp, /dev/shm, the upper layer, the overlay
    /// (namespaces).
    bound: Vec<PathBuf>,
    /// Binds of what the run's command line names, gone at its end.
    named: Vec<PathBuf>,
    /// The writable mounts stand (empty, as mounted) for the next run: their size, the
    /// working folder, their modes.
    standing: Option<(u64, PathBuf, Modes)>,
    /// The modes of the writable mounts as the run in hand found them.
    fresh_modes: Modes,
    /// The working folder of the run in hand.
    run_cwd: PathBuf,
    /// The run's writable tmpfs mounts: /tmp, /dev/shm, the working folder's upper layer.
    writable: Vec<PathBuf>,
    /// The size of the writable mounts, set per run to its memory limit.
    size_kib: u64,
    /// The judge's folders outside /tmp where a command line's named files may be written
    /// (where it keeps outputs: an interactor's output file, a validator's feedback).
    judges_folders: Vec<PathBuf>,
    /// The seccomp filter of the landlock mechanism, compiled once.
    filter: Option<seccompiler::BpfProgram>,
    /// landlock, none: the run's private folder (HOME, TMPDIR).
    private: Option<PathBuf>,
    /// namespaces: folders covered by an empty read-only tmpfs in the root (the tests'
    /// folders, whose files the judge has copied): a program cannot read an answer by name.
    hidden: Vec<PathBuf>,
    /// The covers of hidden folders mounted now (see [`Jail::cover_hidden`]).
    covers: Vec<PathBuf>,
    /// The system's files only root may read, shown empty (see [`root_only_files`]).
    secrets: Vec<PathBuf>,
}

/// The mode and owner of each writable mount's root (see [`Jail::modes`]).
type Modes = Vec<(u32, u32)>;

/// What a run's program gets, decided by the supervisor before it forks.
pub struct Setup {
    /// Where the program starts.
    pub cwd: PathBuf,
    /// HOME and TMPDIR.
    pub home: PathBuf,
    /// landlock: what the run may read and what it may write besides its private folder
    /// (see [`Jail::landlock_view`]).
    pub view: View,
}

impl Jail {
    /// Enters `mechanism` (namespaces: this process forks, and only the child, the init of
    /// the new PID namespace, returns; the parent waits for it and exits with its status).
    /// Must be called while the process is single-threaded.
    pub fn enter(
        mechanism: Mechanism,
        writable: Vec<PathBuf>,
        hidden: Vec<PathBuf>,
    ) -> io::Result<Jail> {
        let cwd = std::env::current_dir()?;
        let base = private_base()?;
        let mut jail = Jail {
            mechanism,
            root: base.join("root"),
            base,
            cwd,
            bound: Vec::new(),
            named: Vec::new(),
            standing: None,
            fresh_modes: Vec::new(),
            run_cwd: PathBuf::new(),
            writable: Vec::new(),
            size_kib: 0,
            filter: None,
            judges_folders: writable,
            hidden,
            covers: Vec::new(),
            private: None,
            secrets: root_only_files(),
        };
        match mechanism {
            Mechanism::Namespaces => {
                let (uid, gid) = unsafe_ids();
                // SAFETY: unshare takes flags only; the process is single-threaded (the
                // supervisor's main, before it starts anything).
                check(unsafe { libc::unshare(NAMESPACES) })
                    .map_err(|e| io::Error::new(e.kind(), format!("unshare: {e}")))?;
                fs::write("/proc/self/setgroups", "deny")?;
                fs::write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
                fs::write("/proc/self/gid_map", format!("{gid} {gid} 1"))?;
                init_of_new_pid_namespace(&jail.base);
                jail.build_root()?;
                jail.filter = Some(seccomp_filter(mechanism)?);
            }
            Mechanism::Landlock => jail.filter = Some(seccomp_filter(mechanism)?),
            Mechanism::None => {}
        }
        Ok(jail)
    }

    /// The root: the system's top-level folders bound read-only, a minimal /dev, /proc of the
    /// namespace; /tmp, /dev/shm and the working folder are mounted per run.
    fn build_root(&mut self) -> io::Result<()> {
        mount(
            "none",
            Path::new("/"),
            None,
            libc::MS_REC | libc::MS_PRIVATE,
            None,
        )?;
        mount(
            "judge-root",
            &self.base,
            Some("tmpfs"),
            libc::MS_NOSUID | libc::MS_NODEV,
            Some("size=1m,mode=0755"),
        )?;
        let root = self.root.clone();
        fs::create_dir(&root)?;
        // Where the working folder's upper layer is mounted per run: outside the root.
        fs::create_dir(self.base.join("up"))?;
        // What is laid over the system's secrets (see [`root_only_files`]).
        let empty = self.base.join("empty");
        fs::write(&empty, "")?;
        for entry in fs::read_dir("/")? {
            let entry = entry?;
            let name = entry.file_name();
            if [&b"tmp"[..], b"dev", b"proc"].contains(&name.as_bytes()) {
                continue;
            }
            let host = Path::new("/").join(&name);
            let inside = root.join(&name);
            let kind = entry.file_type()?;
            if kind.is_symlink() {
                std::os::unix::fs::symlink(fs::read_link(&host)?, &inside)?;
            } else if kind.is_dir() {
                fs::create_dir(&inside)?;
                bind(&host, &inside)?;
                read_only_recursive(&inside)?;
            }
        }
        for secret in &self.secrets {
            let Ok(rest) = secret.strip_prefix("/") else {
                continue;
            };
            let at = root.join(rest);
            bind(&empty, &at)?;
            read_only_recursive(&at)?;
        }
        for dir in ["tmp", "dev", "proc"] {
            fs::create_dir(root.join(dir))?;
        }
        let dev = root.join("dev");
        mount(
            "judge-dev",
            &dev,
            Some("tmpfs"),
            libc::MS_NOSUID | libc::MS_NOEXEC,
            Some("size=64k,mode=0755"),
        )?;
        for node in ["null", "zero", "full", "random", "urandom"] {
            let at = dev.join(node);
            fs::write(&at, "")?;
            bind(&Path::new("/dev").join(node), &at)?;
        }
        for (name, to) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            std::os::unix::fs::symlink(to, dev.join(name))?;
        }
        fs::create_dir(dev.join("shm"))?;
        let proc_flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        mount("proc", &root.join("proc"), Some("proc"), proc_flags, None)?;
        // The supervisor's own /proc: the namespace's, so that the pids it reads there are
        // those it forks.
        mount("proc", Path::new("/proc"), Some("proc"), proc_flags, None)?;
        // The skeleton itself read-only: nothing can be created at the root.
        mount(
            "none",
            &self.base,
            None,
            libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
            None,
        )
    }

    /// Prepares the run of `argv` with memory limit `memory_kib`: fresh writable mounts
    /// (namespaces) or a fresh private folder (landlock, none); `argv` with every relative
    /// path made absolute is the caller's. The folders `writable` (a build's own, absolute)
    /// the run may write too, as they are.
    pub fn before_run(
        &mut self,
        argv: &[String],
        memory_kib: u64,
        writable: &[PathBuf],
    ) -> io::Result<Setup> {
        self.size_kib = memory_kib.max(1024);
        match self.mechanism {
            Mechanism::Namespaces => {
                let tmp = self.root.join("tmp");
                let cwd = match self.standing.take() {
                    // The last run's mounts, found empty and unchanged when it ended.
                    Some((size, cwd, modes)) if size == self.size_kib && modes == self.modes() => {
                        cwd
                    }
                    _ => {
                        self.unmount_standing();
                        let size = format!("size={}k,mode=1777", self.size_kib);
                        let flags = libc::MS_NOSUID | libc::MS_NODEV;
                        mount("judge-tmp", &tmp, Some("tmpfs"), flags, Some(&size))?;
                        let shm = self.root.join("dev/shm");
                        mount("judge-shm", &shm, Some("tmpfs"), flags, Some(&size))?;
                        self.bound = vec![tmp.clone(), shm.clone()];
                        self.writable = vec![tmp.clone(), shm];
                        self.overlay_cwd(&size)?
                    }
                };
                self.run_cwd = cwd.clone();
                self.fresh_modes = self.modes();
                // What a command line names is the process's own view (a checker's input,
                // answer and feedback folder, an interactor's output file): a file of the
                // judge's under /tmp (hidden otherwise) is bound in read-only, a folder
                // read-write, a file not there yet is created and bound read-write.
                let shm = self.root.join("dev/shm");
                // A path that cannot be shown stays unseen: the program meets "no such file",
                // and a word that only looks like a path costs nothing more.
                // So is a folder of the program's PATH under /tmp (a virtualenv, a tool
                // made there): the command's own name is looked up in it.
                let on_path = std::env::var_os("PATH").map_or_else(Vec::new, |p| {
                    std::env::split_paths(&p)
                        .filter(|d| d.starts_with("/tmp") && d.is_dir())
                        .collect()
                });
                for dir in writable {
                    self.bind_writable(dir, &tmp)?;
                }
                for arg in named_paths(argv).into_iter().chain(on_path) {
                    if !writable.iter().any(|w| arg.starts_with(w)) {
                        let _ = self.bind_named(&arg, &tmp, &shm);
                    }
                }
                // The tests' folders covered last, over whatever the binds above show.
                self.cover_hidden(argv)?;
                Ok(Setup {
                    cwd,
                    home: PathBuf::from("/tmp"),
                    view: View::default(),
                })
            }
            Mechanism::Landlock | Mechanism::None => {
                use std::os::unix::fs::DirBuilderExt;
                let private = self.base.join("run");
                fs::DirBuilder::new().mode(0o700).create(&private)?;
                self.private = Some(private.clone());
                let mut view = match self.mechanism {
                    Mechanism::Landlock => self.landlock_view(argv),
                    _ => View::default(),
                };
                view.write
                    .extend(writable.iter().filter(|w| w.is_dir()).cloned());
                Ok(Setup {
                    // The judge's folder, read-only to a Landlock-confined program.
                    cwd: self.cwd.clone(),
                    home: private,
                    view,
                })
            }
        }
    }

    /// Binds the folder `dir` read-write at its own place in the root (under /tmp, in the
    /// run's /tmp): a build's folder, which the compiler writes its program into.
    fn bind_writable(&mut self, dir: &Path, tmp: &Path) -> io::Result<()> {
        if !dir.is_dir() {
            return Err(with_path(
                io::Error::from(io::ErrorKind::NotFound),
                "a writable folder",
                dir,
            ));
        }
        if dir.starts_with("/tmp") {
            return self.bind_users_tmp(dir, tmp, true);
        }
        let Ok(rest) = dir.strip_prefix("/") else {
            return Ok(());
        };
        let at = self.root.join(rest);
        bind(dir, &at)?;
        self.named.push(at);
        Ok(())
    }

    /// Binds `arg`, a path a command line names, into the root (see [`Jail::before_run`]).
    fn bind_named(&mut self, arg: &Path, tmp: &Path, shm: &Path) -> io::Result<()> {
        // The judge's own private files live in `bfs-judge-*` folders under /tmp or /dev/shm
        // (the copies of a case's input and answer a checker is given), hidden by the run's
        // fresh mounts there: such a path is made again inside the run's mount of the same
        // name. Anything else under /tmp (a checkout or a problem folder there) is the user's:
        // shown read-only, its whole folder, so that a program finds the files beside it.
        let judges_own = |host: &Path| {
            arg.strip_prefix(host)
                .ok()
                .and_then(|r| r.components().next())
                .is_some_and(|c| c.as_os_str().to_string_lossy().starts_with("bfs-judge-"))
        };
        let private = [(Path::new("/tmp"), tmp), (Path::new("/dev/shm"), shm)]
            .into_iter()
            .filter(|(host, _)| judges_own(host))
            .find_map(|(host, inside)| Some((arg.strip_prefix(host).ok()?, inside)));
        if private.is_none() && arg.starts_with("/tmp") && arg != Path::new("/tmp") {
            if arg.to_string_lossy().contains(['*', '?', '[']) {
                return Ok(());
            }
            if self.judges_folders.iter().any(|w| arg.starts_with(w)) {
                // In the judge's outputs folder: a folder (a validator's feedback) or a file
                // to be written (an interactor's output, made first) is the run's to write.
                if arg.is_dir() {
                    return self.bind_users_tmp(arg, tmp, true);
                }
                if !arg.exists() && arg.parent().is_some_and(|p| p.is_dir()) {
                    fs::write(arg, "")?;
                    return self.bind_users_tmp(arg, tmp, true);
                }
            }
            let folder = if arg.is_dir() {
                arg
            } else {
                arg.parent().unwrap_or(arg)
            };
            if folder != Path::new("/tmp") && folder.is_dir() {
                return self.bind_users_tmp(folder, tmp, false);
            }
            return Ok(());
        }
        let meta = match fs::metadata(arg) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(_) => return Ok(()),
        };
        let new_file = meta.is_none();
        let judges = private.is_some() || self.judges_folders.iter().any(|w| arg.starts_with(w));
        if new_file && judges {
            // Only a file to be written in a folder that exists (an interactor's output).
            if !arg.parent().is_some_and(|p| p.is_dir()) || arg.file_name().is_none() {
                return Ok(());
            }
            fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(arg)?;
        }
        let is_dir = meta.as_ref().is_some_and(|m| m.is_dir());
        let under_tmp = private;
        // Writable only among the judge's own files: /tmp and /dev/shm (its private folders)
        // and the folders it keeps outputs in; a folder a program's command line names (the
        // tests' folder, say) stays read-only.
        if !judges {
            return Ok(());
        }
        if !is_dir && !new_file && under_tmp.is_none() {
            // Visible read-only already.
            return Ok(());
        }
        let Some(at) = (match under_tmp {
            Some((rest, inside)) => Some(inside.join(rest)),
            None => arg.strip_prefix("/").ok().map(|rest| self.root.join(rest)),
        }) else {
            return Ok(());
        };
        if let Some((_, inside)) = under_tmp {
            if is_dir {
                fs::create_dir_all(&at)?;
            } else {
                fs::create_dir_all(at.parent().unwrap_or(inside))?;
                fs::write(&at, "")?;
            }
        }
        if !at.exists() {
            return Ok(());
        }
        bind(arg, &at)?;
        self.named.push(at.clone());
        if !is_dir && !new_file {
            read_only_recursive(&at)?;
        }
        Ok(())
    }

    /// Shows `path`, a user's file or folder under the host's /tmp, at the same place in the
    /// run's /tmp: read-only, or (a file or folder in the judge's outputs folder)
    /// read-write.
    fn bind_users_tmp(&mut self, path: &Path, tmp: &Path, writable: bool) -> io::Result<()> {
        let Ok(rest) = path.strip_prefix("/tmp") else {
            return Ok(());
        };
        let at = tmp.join(rest);
        if self.named.iter().any(|n| at.starts_with(n)) {
            return Ok(());
        }
        if path.is_dir() {
            fs::create_dir_all(&at)?;
        } else if path.is_file() {
            fs::create_dir_all(at.parent().unwrap_or(tmp))?;
            fs::write(&at, "")?;
        } else {
            return Ok(());
        }
        bind(path, &at)?;
        self.named.push(at.clone());
        if !writable {
            read_only_recursive(&at)?;
        }
        Ok(())
    }

    /// What a Landlock-confined run sees, Landlock's rules being grants only: the whole
    /// system read-only but for the hidden folders (the tests' folders, as under namespaces
    /// not one that a path on the command line lies in) and the judge's own `bfs-judge-*`
    /// folders in /tmp and /dev/shm (the held copies of inputs and answers). A folder that
    /// holds a hidden one is not granted itself, only each of its other entries: its files
    /// open by name, but it cannot be listed. What the command line names in the judge's
    /// folders (a checker's copies of a case: read; a feedback folder or an interactor's
    /// output file, made first: written) is granted by itself.
    fn landlock_view(&self, argv: &[String]) -> View {
        let named = named_paths(argv);
        let mut hidden: Vec<PathBuf> = self
            .hidden
            .iter()
            .filter(|f| !named.iter().any(|a| a.starts_with(f)))
            .cloned()
            .collect();
        hidden.extend(self.secrets.iter().cloned());
        for area in ["/tmp", "/dev/shm"] {
            if let Ok(rd) = fs::read_dir(area) {
                hidden.extend(
                    rd.filter_map(|e| e.ok())
                        .filter(|e| e.file_name().to_string_lossy().starts_with("bfs-judge-"))
                        .map(|e| e.path()),
                );
            }
        }
        let mut view = View::default();
        readable_beside(Path::new("/"), &hidden, &mut view.read);
        for arg in named {
            // (A named path in a tests' folder left that folder visible, above: what is
            // still hidden here is the judge's own.)
            let writable = self.judges_folders.iter().any(|w| arg.starts_with(w));
            if !writable && !hidden.iter().any(|h| arg.starts_with(h)) {
                continue;
            }
            if arg.is_dir() || (arg.is_file() && !writable) {
                view.read.push(arg.clone());
            }
            // A file not there yet (an interactor's output) is made first, to be granted.
            let made = || {
                !arg.exists()
                    && arg.parent().is_some_and(Path::is_dir)
                    && fs::write(&arg, "").is_ok()
            };
            if writable && (arg.is_dir() || arg.is_file() || made()) {
                view.write.push(arg);
            }
        }
        view
    }

    /// Covers each hidden folder in the root, the working folder's overlay included, with an
    /// empty tmpfs that nothing can be written to (after the writable mounts, so that the
    /// overlay does not cover it in turn); but not a folder that a path on this run's
    /// command line lies in (an interactor or a checker kept beside the tests: the user wrote
    /// that command line, the program cannot), which that run needs to see. The covers end
    /// with the run (they may lie on its binds).
    fn cover_hidden(&mut self, argv: &[String]) -> io::Result<()> {
        let named: Vec<&Path> = argv
            .iter()
            .map(Path::new)
            .filter(|a| a.is_absolute())
            .collect();
        for i in 0..self.hidden.len() {
            let folder = self.hidden[i].clone();
            let Ok(rest) = folder.strip_prefix("/") else {
                continue;
            };
            let at = self.root.join(rest);
            let wanted =
                !named.iter().any(|a| a.starts_with(&folder)) && !folder.starts_with("/dev");
            let covered = self.covers.contains(&at);
            if wanted && !covered && at.is_dir() {
                let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY;
                mount(
                    "judge-hidden",
                    &at,
                    Some("tmpfs"),
                    flags,
                    Some("size=4k,mode=0555"),
                )?;
                self.covers.push(at);
            } else if !wanted && covered {
                unmount(&at);
                self.covers.retain(|c| c != &at);
            }
        }
        Ok(())
    }

    /// The working folder inside the root: the judge's, as a copy-on-write overlay whose
    /// writes go to a fresh tmpfs (the user's files are never changed); `/tmp` when the
    /// judge's folder cannot be laid over.
    fn overlay_cwd(&mut self, size: &str) -> io::Result<PathBuf> {
        let Ok(rest) = self.cwd.strip_prefix("/") else {
            return Ok(PathBuf::from("/tmp"));
        };
        let at = self.root.join(rest);
        // /tmp itself would show the judge's private folders: the program starts in its
        // private /tmp instead. A folder under /tmp gets its mount point in the fresh tmpfs.
        if self.cwd == Path::new("/tmp")
            || self.cwd.starts_with("/proc")
            || self.cwd.starts_with("/dev")
        {
            return Ok(PathBuf::from("/tmp"));
        }
        if self.cwd.starts_with("/tmp") {
            fs::create_dir_all(&at)?;
        }
        if !at.is_dir() {
            return Ok(PathBuf::from("/tmp"));
        }
        let layer = self.base.join("up");
        let flags = libc::MS_NOSUID | libc::MS_NODEV;
        mount("judge-cwd", &layer, Some("tmpfs"), flags, Some(size))?;
        fs::create_dir(layer.join("u"))?;
        fs::create_dir(layer.join("w"))?;
        let options = format!(
            "lowerdir={},upperdir={},workdir={}",
            self.cwd.display(),
            layer.join("u").display(),
            layer.join("w").display()
        );
        mount("judge-overlay", &at, Some("overlay"), flags, Some(&options))?;
        self.bound.push(layer.clone());
        self.writable.push(layer);
        self.bound.push(at);
        Ok(self.cwd.clone())
    }

    /// What the run's files hold in the jail's writable mounts (memory: tmpfs pages), and
    /// the System V shared memory segments of its IPC namespace, attached or not.
    /// Under Landlock and none, what the files of the run's private folder (HOME, TMPDIR, on
    /// the disk) hold: bounded by the memory limit as the tmpfs of namespaces is.
    pub fn memory_kib(&self) -> u64 {
        if self.mechanism != Mechanism::Namespaces {
            return self.private.as_deref().map_or(0, |p| files_kib(p, 0));
        }
        let files: u64 = self.writable.iter().map(|m| used_bytes(m) / 1024).sum();
        let shm: u64 = shm_segments().iter().map(|&(_, bytes)| bytes / 1024).sum();
        files + shm
    }

    /// Ends a run: its writable mounts and private folder are gone, with all they held.
    /// `false`: the jail cannot serve another run as fresh as this one (its IPC namespace
    /// could not be renewed); the supervisor retires and the judge starts another.
    pub fn after_run(&mut self) -> bool {
        let mut ready = true;
        // A segment a program left outlives it (System V's rule), and the namespace serves
        // the next run: it goes now.
        if self.mechanism == Mechanism::Namespaces {
            for (id, _) in shm_segments() {
                // SAFETY: IPC_RMID on an id takes no buffer; a stale id only fails.
                unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
            }
            // And every other IPC object (message queues, semaphores, POSIX message
            // queues): the next run starts in an IPC namespace of its own, and the last one,
            // with all a run left in it, is freed with its last process. Cost: ~30 us.
            // SAFETY: unshare takes flags only; the supervisor is single-threaded.
            if unsafe { libc::unshare(libc::CLONE_NEWIPC) } != 0 {
                ready = false;
            }
        }
        for m in self.covers.drain(..).rev() {
            unmount(&m);
        }
        for m in self.named.drain(..).rev() {
            unmount(&m);
        }
        // Mounting them again is most of a run's cost: mounts the run left empty and as
        // they were (no entry, the same modes) stand for the next run.
        let empty = |p: &PathBuf| fs::read_dir(p).is_ok_and(|mut d| d.next().is_none());
        let upper = self.base.join("up/u");
        if self.mechanism == Mechanism::Namespaces
            && !self.bound.is_empty()
            && self.writable.iter().take(2).all(empty)
            && (self.writable.get(2).is_none() || empty(&upper))
            && self.modes() == self.fresh_modes
        {
            self.standing = Some((
                self.size_kib,
                self.run_cwd.clone(),
                self.fresh_modes.clone(),
            ));
        } else {
            self.unmount_standing();
        }
        if let Some(p) = self.private.take() {
            let _ = fs::remove_dir_all(p);
        }
        ready
    }

    /// Unmounts the writable mounts of the last run.
    fn unmount_standing(&mut self) {
        self.standing = None;
        self.writable.clear();
        // The covers first: some lie on the working folder's overlay.
        for m in self.covers.drain(..).rev() {
            unmount(&m);
        }
        for m in self.bound.drain(..).rev() {
            unmount(&m);
        }
    }

    /// The modes and owners of the writable mounts' roots (and of the working folder's
    /// upper layer), which a run could change without leaving an entry.
    fn modes(&self) -> Modes {
        use std::os::unix::fs::MetadataExt;
        let upper = self.base.join("up/u");
        self.writable
            .iter()
            .take(2)
            .chain(self.writable.get(2).map(|_| &upper))
            .chain(self.bound.get(3))
            .map(|p| fs::metadata(p).map_or((0, u32::MAX), |m| (m.mode(), m.uid())))
            .collect()
    }

    /// Arranges, in `cmd`'s child before exec, what the mechanism does to the program (the
    /// session, the root, the capabilities, Landlock and seccomp) and the resource limits
    /// in `limits`. Under every mechanism, no descriptor but 0, 1 and 2 crosses the `exec`.
    pub fn confine(&self, cmd: &mut std::process::Command, setup: &Setup, limits: Vec<(u32, u64)>) {
        use std::os::unix::process::CommandExt;
        let mechanism = self.mechanism;
        let root = cstr(&self.root).ok();
        let cwd = cstr(&setup.cwd).ok();
        let filter = self.filter.clone();
        let mut ruleset = (mechanism == Mechanism::Landlock)
            .then(|| landlock_ruleset(&setup.home, &setup.view).ok())
            .flatten();
        // SAFETY: the closure runs in the forked child of a single-threaded supervisor before
        // exec: it calls setsid, signal, setrlimit, close_range, prctl, capset, chroot and
        // chdir (all async-signal-safe), and the landlock and seccomp calls, which only issue
        // system calls on what was prepared before the fork.
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
                    if libc::setrlimit(resource as _, &r) != 0 {
                        return Err(io::Error::last_os_error());
                    }
                }
                // The judge marked what it inherited at its start (`sys::close_inherited_on_
                // exec`); this holds whatever opened a descriptor since, where close_range
                // exists. Marked, not closed: std's exec-error pipe is among them.
                let _ = crate::run::sys::mark_close_on_exec_from(3);
                match mechanism {
                    Mechanism::Namespaces => {
                        let (Some(root), Some(cwd)) = (&root, &cwd) else {
                            return Err(io::Error::other("a path with a NUL"));
                        };
                        if libc::chroot(root.as_ptr()) != 0 || libc::chdir(cwd.as_ptr()) != 0 {
                            return Err(io::Error::last_os_error());
                        }
                    }
                    Mechanism::Landlock => {
                        let Some(rs) = ruleset.take() else {
                            return Err(io::Error::other("the Landlock rules could not be made"));
                        };
                        rs.restrict_self().map_err(io::Error::other)?;
                    }
                    Mechanism::None => return Ok(()),
                }
                give_up_privileges()?;
                if let Some(f) = &filter {
                    seccompiler::apply_filter(f).map_err(io::Error::other)?;
                }
                // Last: the calls above needed the capabilities (dropping the bounding set
                // needs CAP_SETPCAP). Then root's too are gone, and no exec gives any back.
                clear_capability_sets()
            });
        }
    }
}

/// No capability survives the exec, even for uid 0 (the namespaces' root, or the real
/// root under Landlock): an empty bounding set and no ambient capabilities leave an exec
/// nothing to grant, and no new privileges (no set-uid or file capabilities) can be gained.
/// Async-signal-safe: prctl only. A bounding set that cannot be changed (an ordinary user's,
/// without CAP_SETPCAP) holds nothing such a user could use.
fn give_up_privileges() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    unsafe {
        for cap in 0..64 {
            libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0);
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Empties this process's effective, permitted and inheritable capability sets (`capset`,
/// version 3). Async-signal-safe: one system call on two structs on the stack.
fn clear_capability_sets() -> io::Result<()> {
    /// `_LINUX_CAPABILITY_VERSION_3`: two 32-bit words of each set.
    const VERSION_3: u32 = 0x2008_0522;
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let none = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: capset reads the header and two Data structs, both live for the call and laid
    // out as the kernel's __user_cap_header_struct and __user_cap_data_struct.
    let r = unsafe { libc::syscall(libc::SYS_capset, &header, none.as_ptr()) };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

impl Drop for Jail {
    fn drop(&mut self) {
        let _ = self.after_run();
        if self.mechanism != Mechanism::Namespaces {
            let _ = fs::remove_dir_all(&self.base);
        }
    }
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

fn unsafe_ids() -> (u32, u32) {
    // SAFETY: getuid and getgid cannot fail and touch no memory.
    unsafe { (libc::getuid(), libc::getgid()) }
}

/// Forks: the child, PID 1 of the new PID namespace, returns (killed when its parent dies);
/// the parent waits for it, removes the supervisor's folder and exits with its status, so
/// that the judge's child is still the one that ends with the supervisor's status.
fn init_of_new_pid_namespace(base: &Path) {
    // SAFETY: the process is single-threaded; both sides go on with their own copy.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        eprintln!("judge: supervisor: fork: {}", io::Error::last_os_error());
        std::process::exit(2);
    }
    if pid == 0 {
        // SAFETY: prctl with integer arguments only. SIGKILL from the parent's namespace
        // reaches even an init.
        unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) };
        return;
    }
    // SAFETY: prctl and signal with integer arguments only: the parent dies with the
    // judge's thread, and leaves a cancel (the terminal's SIGINT reaches the child too) to
    // the child, which reports it.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::signal(sig, libc::SIG_IGN);
        }
    }
    let code = loop {
        let mut status = 0;
        // SAFETY: a live, writable int.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            break if libc::WIFSIGNALED(status) {
                128 + libc::WTERMSIG(status)
            } else {
                libc::WEXITSTATUS(status)
            };
        }
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break 2;
        }
    };
    // The parent is in the new mount namespace too, where the folder is a mount point.
    unmount(base);
    let _ = fs::remove_dir(base);
    std::process::exit(code);
}

/// Landlock rules for a run: read and execute the whole system, write only `private` and
/// the harmless devices; no TCP (ABI 4+), no signals or abstract sockets out of the domain
/// (ABI 6+). Best effort below the kernel's ABI: what it cannot enforce is said in the header.
/// What a Landlock-confined run may read, and write besides its private folder.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub read: Vec<PathBuf>,
    pub write: Vec<PathBuf>,
}

/// Pushes onto `grants` the folders and files beneath `dir` that hold none of `hidden`,
/// as few as cover them: `dir` itself when it holds no hidden folder, else each of its
/// entries in turn (symbolic links left out: a link is followed to what it names, which
/// is granted or not on its own). Cost: one listing per folder on the way to a hidden one.
fn readable_beside(dir: &Path, hidden: &[PathBuf], grants: &mut Vec<PathBuf>) {
    if hidden.iter().any(|h| h == dir) {
        return;
    }
    if !hidden.iter().any(|h| h.starts_with(dir)) {
        grants.push(dir.to_path_buf());
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        if entry.file_type().is_ok_and(|t| !t.is_symlink()) {
            readable_beside(&entry.path(), hidden, grants);
        }
    }
}

fn landlock_ruleset(
    private: &Path,
    view: &View,
) -> Result<landlock::RulesetCreated, landlock::RulesetError> {
    use landlock::{
        Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, ABI,
    };
    let abi = ABI::V6;
    let mut rs = Ruleset::default().handle_access(AccessFs::from_all(abi))?;
    if landlock_abi() >= 4 {
        rs = rs.handle_access(AccessNet::from_all(abi))?;
    }
    if landlock_abi() >= 6 {
        rs = rs.scope(Scope::from_all(abi))?;
    }
    let devices = [
        "/dev/null",
        "/dev/zero",
        "/dev/full",
        "/dev/random",
        "/dev/urandom",
    ];
    rs.create()?
        .add_rules(landlock::path_beneath_rules(
            &view.read,
            AccessFs::from_read(abi),
        ))?
        .add_rules(landlock::path_beneath_rules(
            &view.write,
            AccessFs::from_all(abi),
        ))?
        .add_rules(landlock::path_beneath_rules(
            [private],
            AccessFs::from_all(abi),
        ))?
        .add_rules(landlock::path_beneath_rules(
            devices,
            AccessFs::from_read(abi) | AccessFs::WriteFile,
        ))
}

/// `setxattrat` and `removexattrat` (Linux 6.13; the same number on every architecture with
/// the common table, and not yet named by `libc`).
const SYS_SETXATTRAT: i64 = 463;
const SYS_REMOVEXATTRAT: i64 = 466;

/// The seccomp filter of a mechanism; a denied call fails with EPERM.
///
/// Under both mechanisms: calls that act on another process by pid (its limits, priority,
/// affinity, scheduler, I/O priority) unless the pid is 0 (the caller itself); the
/// `TIOCSTI` ioctl (pushing input into a terminal); growing a pipe past its 64 KiB
/// (`F_SETPIPE_SZ`: the accounting charges each pipe that much, see `tree.rs`); making itself
/// not dumpable (`PR_SET_DUMPABLE`: its memory and descriptors would hide from the looks of a
/// supervisor that is not root); and the kernel's keyrings (`add_key`, `request_key`, `keyctl`): a key outlives its process in the
/// user's keyring, which no namespace here makes private.
///
/// Under Landlock alone, what its rules cannot see, since the program shares the host's file
/// systems and kernel objects: changing a file's mode, owner, times or extended attributes
/// (no Landlock right covers them, and they work on any file the user owns, the tests'
/// folders included); sockets other than Unix ones (Landlock stops TCP only: UDP, raw and
/// packet sockets stay open); System V message queues, semaphores and shared memory and POSIX
/// message queues, which would outlive the run on the host.
fn seccomp_filter(mechanism: Mechanism) -> io::Result<seccompiler::BpfProgram> {
    use seccompiler::{
        SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
    };
    let arch = std::env::consts::ARCH
        .try_into()
        .map_err(|_| io::Error::other("seccomp: an unknown architecture"))?;
    let bad = |e: seccompiler::BackendError| io::Error::other(format!("seccomp: {e}"));
    let arg = |index: u8, op: SeccompCmpOp, value: u64| -> io::Result<SeccompRule> {
        SeccompRule::new(vec![SeccompCondition::new(
            index,
            SeccompCmpArgLen::Dword,
            op,
            value,
        )
        .map_err(bad)?])
        .map_err(bad)
    };
    let not_zero = |index: u8| arg(index, SeccompCmpOp::Ne, 0);
    let mut rules: Vec<(i64, Vec<SeccompRule>)> = vec![
        (libc::SYS_prlimit64, vec![not_zero(0)?]),
        (libc::SYS_setpriority, vec![not_zero(1)?]),
        (libc::SYS_sched_setaffinity, vec![not_zero(0)?]),
        (libc::SYS_sched_setscheduler, vec![not_zero(0)?]),
        (libc::SYS_sched_setparam, vec![not_zero(0)?]),
        (libc::SYS_ioprio_set, vec![not_zero(1)?]),
        (
            libc::SYS_ioctl,
            vec![arg(1, SeccompCmpOp::Eq, libc::TIOCSTI)?],
        ),
        (
            libc::SYS_fcntl,
            vec![arg(1, SeccompCmpOp::Eq, libc::F_SETPIPE_SZ as u64)?],
        ),
        // A process that makes itself not dumpable hides its /proc/PID/fd and smaps_rollup
        // from a supervisor that is not root: its memory and descriptors go uncounted.
        (
            libc::SYS_prctl,
            vec![arg(0, SeccompCmpOp::Eq, libc::PR_SET_DUMPABLE as u64)?],
        ),
        // An empty list of rules: the call is denied whatever its arguments.
        (libc::SYS_add_key, vec![]),
        (libc::SYS_request_key, vec![]),
        (libc::SYS_keyctl, vec![]),
    ];
    if mechanism == Mechanism::Landlock {
        rules.extend(
            [
                libc::SYS_chmod,
                libc::SYS_fchmod,
                libc::SYS_fchmodat,
                libc::SYS_fchmodat2,
                libc::SYS_chown,
                libc::SYS_fchown,
                libc::SYS_lchown,
                libc::SYS_fchownat,
                libc::SYS_utime,
                libc::SYS_utimes,
                libc::SYS_futimesat,
                libc::SYS_utimensat,
                libc::SYS_setxattr,
                libc::SYS_lsetxattr,
                libc::SYS_fsetxattr,
                SYS_SETXATTRAT,
                libc::SYS_removexattr,
                libc::SYS_lremovexattr,
                libc::SYS_fremovexattr,
                SYS_REMOVEXATTRAT,
                libc::SYS_msgget,
                libc::SYS_semget,
                libc::SYS_shmget,
                libc::SYS_mq_open,
            ]
            .map(|call| (call, vec![])),
        );
        rules.push((
            libc::SYS_socket,
            vec![arg(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64)?],
        ));
    }
    let filter = SeccompFilter::new(
        rules.into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(bad)?;
    filter.try_into().map_err(bad)
}
