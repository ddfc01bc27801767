//! The **landlock** mechanism, where unprivileged namespaces are forbidden: the program reads
//! the whole system but the tests' folders and the judge's own (see [`Landlock::view`]), and
//! writes only its private folder (HOME, TMPDIR, /dev/null and friends); on ABI 4+ it can
//! neither bind nor connect TCP, on ABI 6+ it cannot signal processes outside its domain nor
//! reach abstract sockets; Landlock also forbids tracing out of it. A seccomp filter denies
//! what Landlock leaves open (see [`seccomp_rules`]): changing files' modes, owners, times
//! and extended attributes, sockets but Unix ones, System V IPC and POSIX message queues,
//! besides the calls every confined program is denied (see `seccomp.rs`). What its private
//! folder's files hold counts as the run's memory. The program gives up every capability
//! (root's too) before its `exec`; as root, the files of `/etc` only root may read are not
//! granted.
//!
//! Cost: the rules are made per run (a listing of each folder on the way to a hidden one),
//! and the private folder is made and removed per run.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use seccompiler::{SeccompCmpOp, SeccompRule};

use super::{named_paths, seccomp, Confinement, Enter, Folder, Setup, Shared};

/// Whether this machine offers the mechanism, `Err` with what it lacks.
pub(super) fn available() -> Result<(), String> {
    if abi() > 0 {
        Ok(())
    } else {
        Err("this kernel has no Landlock (or it is disabled)".to_string())
    }
}

/// What the header says of this mechanism, at this kernel's ABI.
pub(super) fn describe() -> String {
    format!(
        "isolation: landlock ABI {} + seccomp (writes only to a private folder{}; no \
         terminal; not enforced: {})",
        abi(),
        if abi() >= 4 {
            ", no network"
        } else {
            ", no UDP or raw sockets"
        },
        gaps()
    )
}

/// What Landlock at this kernel's ABI leaves open, in words.
fn gaps() -> String {
    let abi = abi();
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
pub(super) fn abi() -> i64 {
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

/// A Landlock-confined supervisor's state: the runs' private folders and what each run sees.
pub(super) struct Landlock {
    /// The supervisor's folder, and the run's private folder in it (HOME and TMPDIR).
    folder: Folder,
    /// The judge's working folder, where programs start (read-only to them).
    cwd: PathBuf,
    /// The judge's folders where the files a command line names may be written.
    judges_folders: Vec<PathBuf>,
    /// The tests' folders, not granted.
    hidden: Vec<PathBuf>,
    /// The system's files only root may read, not granted.
    secrets: Vec<PathBuf>,
    /// The seccomp filter, compiled once.
    filter: seccompiler::BpfProgram,
    /// What the run in hand may read, and write besides its private folder.
    view: View,
}

impl Landlock {
    pub(super) fn enter(shared: Shared) -> io::Result<Landlock> {
        Ok(Landlock {
            folder: Folder::new()?,
            cwd: shared.cwd,
            judges_folders: shared.judges_folders,
            hidden: shared.hidden,
            secrets: shared.secrets,
            filter: seccomp::filter(seccomp_rules()?)?,
            view: View::default(),
        })
    }

    /// What a Landlock-confined run sees, Landlock's rules being grants only: the whole
    /// system read-only but for the hidden folders (the tests' folders, as under namespaces
    /// not one that a path on the command line lies in) and the judge's own `bfs-judge-*`
    /// folders in /tmp and /dev/shm (the held copies of inputs and answers). A folder that
    /// holds a hidden one is not granted itself, only each of its other entries: its files
    /// open by name, but it cannot be listed. What the command line names in the judge's
    /// folders (a checker's copies of a case: read; a feedback folder or an interactor's
    /// output file, made first: written) is granted by itself.
    fn view(&self, argv: &[String]) -> View {
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
            // A FIFO named (a CMS manager's, a fifo_io program's) is opened like a file.
            let file = arg.is_file() || is_fifo(&arg);
            if arg.is_dir() || (file && !writable) {
                view.read.push(arg.clone());
            }
            // A file not there yet (an interactor's output) is made first, to be granted.
            let made = || {
                !arg.exists()
                    && arg.parent().is_some_and(Path::is_dir)
                    && fs::write(&arg, "").is_ok()
            };
            if writable && (arg.is_dir() || file || made()) {
                view.write.push(arg);
            }
        }
        view
    }
}

impl Confinement for Landlock {
    /// A fresh private folder, HOME and TMPDIR (or the working folder asked for, the one
    /// folder a file I/O program may write); the program starts in the judge's folder.
    fn before_run(
        &mut self,
        argv: &[String],
        _memory_kib: u64,
        writable: &[PathBuf],
        cwd: Option<&Path>,
    ) -> io::Result<Setup> {
        let private = self.folder.fresh_run()?;
        let mut view = self.view(argv);
        view.write
            .extend(writable.iter().filter(|w| w.is_dir()).cloned());
        self.view = view;
        Ok(Setup {
            // The judge's folder, read-only to a Landlock-confined program.
            cwd: self.cwd.clone(),
            home: cwd.map_or(private, Path::to_path_buf),
        })
    }

    /// What the files of the run's private folder (on the disk) hold: bounded by the memory
    /// limit as the tmpfs of namespaces is.
    fn memory_kib(&self) -> u64 {
        self.folder.memory_kib()
    }

    fn after_run(&mut self) -> bool {
        self.folder.end_run();
        true
    }

    /// The program restricts itself to the run's rules (made here, before the fork).
    fn enter(&self, setup: &Setup) -> Option<Enter> {
        let mut rules = ruleset(&setup.home, &self.view).ok();
        Some(Box::new(move || {
            let Some(rs) = rules.take() else {
                return Err(io::Error::other("the Landlock rules could not be made"));
            };
            rs.restrict_self().map_err(io::Error::other)?;
            Ok(())
        }))
    }

    fn filter(&self) -> Option<&seccompiler::BpfProgram> {
        Some(&self.filter)
    }
}

/// What a Landlock-confined run may read, and write besides its private folder.
#[derive(Clone, Debug, Default)]
struct View {
    read: Vec<PathBuf>,
    write: Vec<PathBuf>,
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

/// Landlock rules for a run: read and execute the whole system, write only `private` and
/// the harmless devices; no TCP (ABI 4+), no signals or abstract sockets out of the domain
/// (ABI 6+). Best effort below the kernel's ABI: what it cannot enforce is said in the header.
fn ruleset(
    private: &Path,
    view: &View,
) -> Result<landlock::RulesetCreated, landlock::RulesetError> {
    use landlock::{
        Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, ABI,
    };
    let want = ABI::V6;
    let mut rs = Ruleset::default().handle_access(AccessFs::from_all(want))?;
    if abi() >= 4 {
        rs = rs.handle_access(AccessNet::from_all(want))?;
    }
    if abi() >= 6 {
        rs = rs.scope(Scope::from_all(want))?;
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
            AccessFs::from_read(want),
        ))?
        .add_rules(landlock::path_beneath_rules(
            &view.write,
            AccessFs::from_all(want),
        ))?
        .add_rules(landlock::path_beneath_rules(
            [private],
            AccessFs::from_all(want),
        ))?
        .add_rules(landlock::path_beneath_rules(
            devices,
            AccessFs::from_read(want) | AccessFs::WriteFile,
        ))
}

/// `setxattrat` and `removexattrat` (Linux 6.13; the same number on every architecture with
/// the common table, and not yet named by `libc`).
const SYS_SETXATTRAT: i64 = 463;
const SYS_REMOVEXATTRAT: i64 = 466;

/// What Landlock's rules cannot see, since the program shares the host's file systems and
/// kernel objects, denied by seccomp besides the common rules: changing a file's mode, owner,
/// times or extended attributes (no Landlock right covers them, and they work on any file the
/// user owns, the tests' folders included); sockets other than Unix ones (Landlock stops TCP
/// only: UDP, raw and packet sockets stay open); System V message queues, semaphores and
/// shared memory and POSIX message queues, which would outlive the run on the host.
fn seccomp_rules() -> io::Result<seccomp::Rules> {
    let mut rules: seccomp::Rules = [
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
    .map(|call| (call, Vec::<SeccompRule>::new()))
    .into();
    rules.push((
        libc::SYS_socket,
        vec![seccomp::arg(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64)?],
    ));
    Ok(rules)
}

/// Whether `path` is a FIFO (not followed if a link).
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}
