//! The **namespaces** mechanism, the strongest: the supervisor enters, once for all its runs,
//! new user, mount, PID, network, IPC and UTS namespaces and becomes the init (PID 1) of its
//! PID namespace. It builds a root of its own once: every top-level folder of `/` bound
//! read-only (so interpreters, libraries and `$HOME` tools such as pyenv keep working), a
//! private `/tmp` and `/dev/shm` (tmpfs), a minimal `/dev` (null, zero, full, random, urandom;
//! no tty), a `/proc` of the namespace, and as root the files of `/etc` only root may read
//! shown empty. Per run it only refreshes what a run may write (the two tmpfs and a
//! copy-on-write overlay of the working folder, each bounded by the memory limit and counted
//! as the run's memory), binds in the judge's own files the run's command line names (a
//! checker's input, answer and feedback folder) and covers the tests' folders; the program is
//! then `chroot`ed into that root with no capability left, under the common seccomp filter
//! (see `seccomp.rs`). Each run gets an IPC namespace of its own.
//!
//! Only `lo` exists (down): no network. The judge is outside the PID namespace, so the
//! program cannot see, signal or trace it; a signal to its supervisor (PID 1) is dropped
//! (SIGKILL, SIGSTOP) or noted as the program's own doing. When the supervisor dies, the
//! kernel kills every process of the namespace: nothing outlives it by construction.
//!
//! Cost: ~1 ms once per supervisor; per run only the binds of what its command line names,
//! and fresh writable mounts only after a run that left something in them (a run that left
//! them empty and unchanged hands them on).

use std::ffi::CString;
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::{named_paths, private_base, seccomp, with_path, Confinement, Enter, Setup, Shared};

/// What the header says of this mechanism.
pub(super) fn describe() -> String {
    "isolation: namespaces (user, pid, mount, net, ipc, uts; system read-only, private /tmp, \
     /dev/shm and working folder, no network, no terminal)"
        .to_string()
}

/// Whether this machine offers the mechanism, `Err` with what it lacks.
pub(super) fn available() -> Result<(), String> {
    probe().map_err(|e| format!("unprivileged user namespaces are not available here ({e})"))
}

/// Whether this process may create the namespaces a supervisor needs, `Err` with the
/// kernel's answer: a child of ours tries (a process of its own, as a supervisor will be:
/// `unshare` of a user namespace needs a single-threaded caller).
pub(super) fn probe() -> Result<(), String> {
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
            crate::run::sys::zero_or_errno(libc::unshare(NAMESPACES & !libc::CLONE_NEWPID))
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

/// What the user's path `arg` under /tmp leads to through its links, when that differs and
/// lies in the same folder of /tmp (`/tmp/pkg/submissions/accepted/a.py ->
/// ../wrong_answer/a.py`): the package's own folder as far as the jail can tell, so that a
/// link never shows another of /tmp's folders, nor the judge's own (`bfs-judge-*`). A
/// target in a tests' folder is covered afterwards like any other path there. Outside /tmp
/// the system is shown read-only already.
fn link_target(arg: &Path) -> Option<PathBuf> {
    let top = |p: &Path| -> Option<std::ffi::OsString> {
        let first = p.strip_prefix("/tmp").ok()?.components().next()?;
        let name = first.as_os_str().to_os_string();
        (!name.to_string_lossy().starts_with("bfs-judge-")).then_some(name)
    };
    let folder = top(arg)?;
    let target = fs::canonicalize(arg).ok()?;
    (target != arg && top(&target)? == folder).then_some(target)
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

/// The supervisor's namespaces and the root its programs are `chroot`ed into.
pub(super) struct Namespaces {
    /// The root the programs are `chroot`ed into, and its writable parts.
    root: PathBuf,
    /// The folder the jail's mounts hang from (removed by the supervisor's parent, outside
    /// the mount namespace, when it ends).
    base: PathBuf,
    /// The judge's working folder, which programs start in as a copy-on-write overlay.
    cwd: PathBuf,
    /// The writable mounts, in order: /tmp, /dev/shm, the upper layer, the overlay.
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
    /// The seccomp filter, compiled once.
    filter: seccompiler::BpfProgram,
    /// Folders covered by an empty read-only tmpfs in the root (the tests' folders, whose
    /// files the judge has copied): a program cannot read an answer by name.
    hidden: Vec<PathBuf>,
    /// The covers of hidden folders mounted now (see [`Namespaces::cover_hidden`]).
    covers: Vec<PathBuf>,
    /// The system's files only root may read, shown empty (see `root_only_files`).
    secrets: Vec<PathBuf>,
}

/// The mode and owner of each writable mount's root (see [`Namespaces::modes`]).
type Modes = Vec<(u32, u32)>;

impl Namespaces {
    /// Enters the namespaces: this process forks, and only the child, the init of the new
    /// PID namespace, returns; the parent waits for it and exits with its status. Must be
    /// called while the process is single-threaded.
    pub(super) fn enter(shared: Shared) -> io::Result<Namespaces> {
        let base = private_base()?;
        let mut jail = Namespaces {
            root: base.join("root"),
            base,
            cwd: shared.cwd,
            bound: Vec::new(),
            named: Vec::new(),
            standing: None,
            fresh_modes: Vec::new(),
            run_cwd: PathBuf::new(),
            writable: Vec::new(),
            size_kib: 0,
            filter: seccomp::filter(Vec::new())?,
            judges_folders: shared.judges_folders,
            hidden: shared.hidden,
            covers: Vec::new(),
            secrets: shared.secrets,
        };
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

    /// Prepares the run of `argv`: fresh writable mounts of `size_kib` (unless the last
    /// run's stand), what the command line names and the folders `writable` (a build's own,
    /// absolute) bound in, the tests' folders covered. The program starts in the overlay of
    /// the judge's folder, its HOME and TMPDIR the private /tmp.
    fn prepare(&mut self, argv: &[String], writable: &[PathBuf]) -> io::Result<Setup> {
        let tmp = self.root.join("tmp");
        let shm = self.root.join("dev/shm");
        let cwd = match self.standing.take() {
            // The last run's mounts, found empty and unchanged when it ended.
            Some((size, cwd, modes)) if size == self.size_kib && modes == self.modes() => cwd,
            _ => {
                self.unmount_standing();
                let size = format!("size={}k,mode=1777", self.size_kib);
                let flags = libc::MS_NOSUID | libc::MS_NODEV;
                mount("judge-tmp", &tmp, Some("tmpfs"), flags, Some(&size))?;
                mount("judge-shm", &shm, Some("tmpfs"), flags, Some(&size))?;
                self.bound = vec![tmp.clone(), shm.clone()];
                self.writable = vec![tmp.clone(), shm.clone()];
                self.overlay_cwd(&size)?
            }
        };
        self.run_cwd = cwd.clone();
        self.fresh_modes = self.modes();
        // What a command line names is the process's own view (a checker's input, answer
        // and feedback folder, an interactor's output file): a file of the judge's under
        // /tmp (hidden otherwise) is bound in read-only, a folder read-write, a file not
        // there yet is created and bound read-write. So is a folder of the program's PATH
        // under /tmp (a virtualenv, a tool made there): the command's own name is looked up
        // in it. A path that cannot be shown stays unseen: the program meets "no such
        // file", and a word that only looks like a path costs nothing more. A named path
        // that is a link (a package's submission linked into a second folder) shows what it
        // leads to as well, within its own folder of /tmp ([`link_target`]).
        let on_path = std::env::var_os("PATH").map_or_else(Vec::new, |p| {
            std::env::split_paths(&p)
                .filter(|d| d.starts_with("/tmp") && d.is_dir())
                .collect()
        });
        for arg in named_paths(argv).into_iter().chain(on_path) {
            if !writable.iter().any(|w| arg.starts_with(w)) {
                let _ = self.bind_named(&arg, &tmp, &shm);
                if let Some(target) = link_target(&arg) {
                    let _ = self.bind_named(&target, &tmp, &shm);
                }
            }
        }
        // After the named paths: a folder named read-only (the source's, under /tmp) may
        // hold the build's folder, which must stay writable on top of it.
        for dir in writable {
            self.bind_writable(dir, &tmp)?;
        }
        // The tests' folders covered last, over whatever the binds above show.
        self.cover_hidden(argv)?;
        Ok(Setup {
            cwd,
            home: PathBuf::from("/tmp"),
        })
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
        // Under /tmp it has a place of its own in the run's /tmp (made there, or shown by a
        // folder bound read-only above it); elsewhere its place is the system's, read-only.
        let at = match (dir.strip_prefix("/tmp"), dir.strip_prefix("/")) {
            (Ok(rest), _) => tmp.join(rest),
            (_, Ok(rest)) => self.root.join(rest),
            _ => return Ok(()),
        };
        if dir.starts_with("/tmp") && !at.is_dir() {
            fs::create_dir_all(&at)?;
        }
        bind(dir, &at)?;
        self.named.push(at);
        Ok(())
    }

    /// Binds `arg`, a path a command line names, into the root (see [`Namespaces::prepare`]).
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
            || self.cwd == Path::new("/")
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
}

impl Confinement for Namespaces {
    fn before_run(
        &mut self,
        argv: &[String],
        memory_kib: u64,
        writable: &[PathBuf],
        _cwd: Option<&Path>,
    ) -> io::Result<Setup> {
        self.size_kib = memory_kib.max(1024);
        self.prepare(argv, writable)
    }

    /// What the run's files hold in the jail's writable mounts (memory: tmpfs pages), and
    /// the System V shared memory segments of its IPC namespace, attached or not.
    fn memory_kib(&self) -> u64 {
        let files: u64 = self.writable.iter().map(|m| used_bytes(m) / 1024).sum();
        let shm: u64 = shm_segments().iter().map(|&(_, bytes)| bytes / 1024).sum();
        files + shm
    }

    /// Ends a run: its writable mounts are gone, with all they held.
    /// `false`: the jail cannot serve another run as fresh as this one (its IPC namespace
    /// could not be renewed); the supervisor retires and the judge starts another.
    fn after_run(&mut self) -> bool {
        // A segment a program left outlives it (System V's rule), and the namespace serves
        // the next run: it goes now.
        for (id, _) in shm_segments() {
            // SAFETY: IPC_RMID on an id takes no buffer; a stale id only fails.
            unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
        }
        // And every other IPC object (message queues, semaphores, POSIX message queues):
        // the next run starts in an IPC namespace of its own, and the last one, with all a
        // run left in it, is freed with its last process. Cost: ~30 us.
        // SAFETY: unshare takes flags only; the supervisor is single-threaded.
        let ready = unsafe { libc::unshare(libc::CLONE_NEWIPC) } == 0;
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
        if !self.bound.is_empty()
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
        ready
    }

    /// The program `chroot`s into the root and starts in its folder there.
    fn enter(&self, setup: &Setup) -> Option<Enter> {
        let root = cstr(&self.root).ok();
        let cwd = cstr(&setup.cwd).ok();
        Some(Box::new(move || {
            let (Some(root), Some(cwd)) = (&root, &cwd) else {
                return Err(io::Error::other("a path with a NUL"));
            };
            // SAFETY: two live NUL-terminated paths; chroot and chdir are
            // async-signal-safe.
            if unsafe { libc::chroot(root.as_ptr()) } != 0
                || unsafe { libc::chdir(cwd.as_ptr()) } != 0
            {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        }))
    }

    fn filter(&self) -> Option<&seccompiler::BpfProgram> {
        Some(&self.filter)
    }
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
    let code = match crate::run::sys::reap(pid, false) {
        Ok(Some((_, status, _))) => status.shell_code(),
        _ => 2,
    };
    // The parent is in the new mount namespace too, where the folder is a mount point.
    unmount(base);
    let _ = fs::remove_dir(base);
    std::process::exit(code);
}
