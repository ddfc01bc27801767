//! The process control that `std` does not offer, through `libc` (with `jail/` and one
//! block of `tree.rs`, the crate's only `unsafe`). Each function is a thin, checked wrapper
//! around one system call, so that the modules above it (the supervisor, the sandbox) read
//! as plain Rust.
//!
//! Linux only: `PR_SET_CHILD_SUBREAPER`, `PR_SET_PDEATHSIG`, `/proc`.

use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Code(i32),
    Signal(i32),
}

impl Status {
    /// The exit code a shell reports for it: the code, or 128 + the signal.
    pub fn shell_code(self) -> i32 {
        match self {
            Status::Code(c) => c,
            Status::Signal(s) => 128 + s,
        }
    }
}

/// What `wait4` says of a reaped child: its own CPU time and peak resident set size, each the
/// maximum or sum over the child and the descendants it waited for.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    pub cpu_us: u64,
    pub peak_kib: u64,
}

/// The result of a system call that returns 0 on success and sets errno otherwise (`prctl`,
/// `capset`, `close_range`...). Async-signal-safe: it only reads errno.
pub fn zero_or_errno(r: impl Into<i64>) -> io::Result<()> {
    if r.into() == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// `call`, made again while it fails because a signal interrupted it (EINTR).
pub fn retry_interrupted<T>(mut call: impl FnMut() -> io::Result<T>) -> io::Result<T> {
    loop {
        match call() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// Reaps child `pid` (`-1`: any child): its pid, exit status and resource usage. With
/// `nohang`, `Ok(None)` when no child has ended yet.
pub fn reap(pid: i32, nohang: bool) -> io::Result<Option<(i32, Status, Usage)>> {
    retry_interrupted(|| {
        let mut status: libc::c_int = 0;
        // SAFETY: rusage is plain old data for which all-zero bytes are a valid value.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if nohang { libc::WNOHANG } else { 0 };
        // SAFETY: both pointers refer to live, writable locals; wait4 only writes into them.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut ru) };
        if r < 0 {
            return Err(io::Error::last_os_error());
        }
        if r == 0 {
            return Ok(None);
        }
        let st = if libc::WIFSIGNALED(status) {
            Status::Signal(libc::WTERMSIG(status))
        } else {
            Status::Code(libc::WEXITSTATUS(status))
        };
        let micros =
            |t: libc::timeval| t.tv_sec.max(0) as u64 * 1_000_000 + t.tv_usec.max(0) as u64;
        let usage = Usage {
            cpu_us: micros(ru.ru_utime) + micros(ru.ru_stime),
            peak_kib: ru.ru_maxrss.max(0) as u64,
        };
        Ok(Some((r, st, usage)))
    })
}

/// SIGKILL to process `pid`, or to every process of group `-pid` when `pid` is negative.
/// ESRCH (nobody there any more) is not an error worth reporting.
pub fn kill(pid: i32) {
    // SAFETY: kill has no memory effects. Callers pass only pids they own: unreaped children
    // (so the pid cannot have been reused) or the group such a child leads.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
    }
}

/// SIGKILL to every process this one may signal but itself: in a PID namespace whose init
/// this process is, every other process of the namespace, however deep or newly forked
/// (a fork racing the signal fails), in one call.
pub fn kill_all_but_me() {
    // SAFETY: kill has no memory effects. Only the init of a PID namespace calls it, where
    // -1 reaches that namespace's processes and no other.
    unsafe {
        libc::kill(-1, libc::SIGKILL);
    }
}

/// The space of the file system mounted at `path`: bytes used, bytes free for us, and
/// whether it is a tmpfs (memory). `None` where `path` cannot be looked at.
pub fn fs_space(path: &std::path::Path) -> Option<FsSpace> {
    use std::os::unix::ffi::OsStrExt;
    let p = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statfs is plain old data; statfs only writes into the live local.
    let mut s: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: a live NUL-terminated path and a live, writable statfs.
    if unsafe { libc::statfs(p.as_ptr(), &mut s) } != 0 {
        return None;
    }
    let block = s.f_bsize as u64;
    Some(FsSpace {
        used: s.f_blocks.saturating_sub(s.f_bfree) * block,
        available: s.f_bavail * block,
        tmpfs: s.f_type == libc::TMPFS_MAGIC,
    })
}

/// What [`fs_space`] reads.
#[derive(Clone, Copy, Debug)]
pub struct FsSpace {
    pub used: u64,
    pub available: u64,
    pub tmpfs: bool,
}

/// Makes this process the reaper of every orphan among its descendants, so that a program that
/// double-forks or calls `setsid` still leaves its processes as our children, to be killed.
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: prctl with these arguments reads and writes no memory of ours.
    zero_or_errno(unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

/// Asks the kernel to send SIGTERM to this process when its parent (the judge) dies, so a
/// judge killed outright still has its supervisors clean up their programs.
pub fn terminate_with_parent() -> io::Result<()> {
    // SAFETY: as above, prctl with integer arguments only.
    zero_or_errno(unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM, 0, 0, 0) })
}

static CANCELLED: AtomicBool = AtomicBool::new(false);
/// The judge's pid (0: unknown, or outside our PID namespace, where it shows as 0 too).
static JUDGE: AtomicI32 = AtomicI32::new(0);
/// A signal the program (any process but the judge and the kernel) sent us; 0: none.
static FROM_PROGRAM: AtomicI32 = AtomicI32::new(0);

extern "C" fn note_cancel(sig: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    let from = unsafe { (*info).si_pid() };
    // From the judge, the terminal (the kernel: 0) or the parent namespace (0 too): a cancel.
    if from == 0 || from == JUDGE.load(Ordering::SeqCst) {
        CANCELLED.store(true, Ordering::SeqCst);
    } else {
        FROM_PROGRAM.store(sig, Ordering::SeqCst);
    }
}

/// Notes the judge's pid, whose signals are cancels; any other sender's are the program's.
pub fn note_judge(pid: i32) {
    JUDGE.store(pid, Ordering::SeqCst);
}

/// From now on SIGINT, SIGTERM and SIGHUP only set a flag, which the supervisor's watcher
/// turns into killing its program, instead of ending the supervisor with the program still
/// running: [`cancelled`] when the judge or the terminal sent it, [`signalled_by_program`]
/// when another process did (only the program's are there to do it).
pub fn catch_cancel_signals() {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only loads and stores atomics, which is async-signal-safe; the
        // sigaction struct is fully initialised (zeroed, then the handler and flags set)
        // before the call.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = note_cancel
                as extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void)
                as usize;
            action.sa_flags = libc::SA_SIGINFO;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// The signal a process other than the judge sent this supervisor, if any.
pub fn signalled_by_program() -> Option<i32> {
    match FROM_PROGRAM.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// Whether a signal caught by [`catch_cancel_signals`] has arrived.
pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::SeqCst)
}

/// Prepares the program's process: a CPU-seconds backstop behind the watcher (`RLIMIT_CPU`:
/// SIGXCPU, then SIGKILL; inherited by everything it starts), and SIGKILL when the supervisor
/// thread that started it dies (`PR_SET_PDEATHSIG`), so a supervisor killed outright does not
/// leave the program running. Its session and process group of its own, and its other
/// limits, come from `jail::Jail::confine`.
pub fn limit_child(cmd: &mut Command, cpu_secs: u64) {
    let cpu = libc::rlimit {
        rlim_cur: cpu_secs as libc::rlim_t,
        rlim_max: cpu_secs.saturating_add(1) as libc::rlim_t,
    };
    // SAFETY: the closure runs in the forked child before exec and calls only setrlimit and
    // prctl, both async-signal-safe; it reads only the struct copied into it.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_CPU, &cpu) != 0
                || libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0
            {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// A child that has exited, left unreaped (`WNOWAIT`): its pid, `None` when none has yet.
/// The caller then reaps it with [`reap`], or keeps it a zombie while its pid may still be
/// signalled.
pub fn exited_child() -> io::Result<Option<i32>> {
    retry_interrupted(|| {
        // SAFETY: siginfo_t is plain old data for which all-zero bytes are a valid value.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOWAIT | libc::WNOHANG;
        // SAFETY: `info` is a live, writable siginfo_t; waitid only writes into it.
        let r = unsafe { libc::waitid(libc::P_ALL, 0, &mut info, flags) };
        zero_or_errno(r)?;
        // SAFETY: waitid succeeded; with WNOHANG and no child ended, si_pid is left zero.
        let pid = unsafe { info.si_pid() };
        Ok((pid != 0).then_some(pid))
    })
}

/// Makes this process non-dumpable: other processes of the same user (the program it runs)
/// can no longer open its `/proc/PID/fd/*` or trace it, so the captured output it holds
/// cannot be reached from outside.
pub fn make_undumpable() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    zero_or_errno(unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) })
}

/// What a file that is not a regular one is, in words.
pub fn file_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_file() {
        "a regular file"
    } else if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "a symbolic link"
    }
}

/// Opens `path` for reading only if it is a regular file, without ever blocking: a FIFO is
/// opened non-blocking (an open of a FIFO with no writer would wait for one), found not to be
/// a regular file and refused. The returned file is blocking again.
pub fn open_regular(path: &std::path::Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let t = f.metadata()?.file_type();
    if !t.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a regular file ({})", file_kind(&t)),
        ));
    }
    let fd = f.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, with integer arguments only.
    let r = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 {
            -1
        } else {
            libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK)
        }
    };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(f)
}

/// How often a FIFO's open is interrupted to look at the clock and for a cancel (see
/// [`open_fifo`]).
const FIFO_TICK: std::time::Duration = std::time::Duration::from_millis(20);

extern "C" fn interrupt_only(_: libc::c_int) {}

/// Sets the real-time interval timer (`SIGALRM`): first after `first`, then every
/// `every`; zero for both disarms it.
fn set_alarm(first: std::time::Duration, every: std::time::Duration) {
    let tv = |d: std::time::Duration| libc::timeval {
        tv_sec: d.as_secs() as libc::time_t,
        tv_usec: d.subsec_micros() as libc::suseconds_t,
    };
    let timer = libc::itimerval {
        it_interval: tv(every),
        it_value: tv(first),
    };
    // SAFETY: setitimer reads the fully initialised local and writes nothing (null old value).
    unsafe { libc::setitimer(libc::ITIMER_REAL, &timer, std::ptr::null_mut()) };
}

/// Opens the FIFO at `path` for reading (`write` false) or writing, which waits until its
/// other end is opened too, but never past `deadline`: `Ok(None)` then. A supervisor must
/// not wait there for good (a manager that never opens its end, or opens them in another
/// order, would hang the judge), and no thread is started for it: `SIGALRM` interrupts the
/// wait every [`FIFO_TICK`] (its handler is installed without `SA_RESTART`, so `open` fails
/// with `EINTR`; std's `File::open` would retry it), and the clock and [`cancelled`] are
/// looked at between tries. An open interrupted before its other end came leaves nothing
/// behind (the kernel counts the end it took back), and one whose other end came succeeds
/// even when the signal is pending, so trying again loses nothing. The caller must be its
/// process's only thread (the supervisor is): `SIGALRM` goes to the process, and another
/// thread could take it instead.
pub fn open_fifo(
    path: &std::path::Path,
    write: bool,
    deadline: std::time::Instant,
) -> io::Result<Option<std::fs::File>> {
    use std::os::fd::FromRawFd;
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in the path"))?;
    let mode = if write {
        libc::O_WRONLY
    } else {
        libc::O_RDONLY
    };
    // SAFETY: the handler does nothing (async-signal-safe); the sigaction struct is fully
    // initialised (zeroed, then the handler set) before the call.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = interrupt_only as extern "C" fn(libc::c_int) as usize;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGALRM, &action, std::ptr::null_mut());
    }
    set_alarm(FIFO_TICK, FIFO_TICK);
    let opened = loop {
        // SAFETY: a live NUL-terminated path; open reads no other memory of ours.
        let fd = unsafe { libc::open(c_path.as_ptr(), mode | libc::O_CLOEXEC | libc::O_NOCTTY) };
        if fd >= 0 {
            // SAFETY: open just returned this descriptor, owned by no one else.
            break Ok(Some(unsafe { std::fs::File::from_raw_fd(fd) }));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            break Err(e);
        }
        if cancelled() {
            break Err(e);
        }
        if std::time::Instant::now() >= deadline {
            break Ok(None);
        }
    };
    set_alarm(std::time::Duration::ZERO, std::time::Duration::ZERO);
    opened
}

/// Clock ticks per second, the unit of the CPU times in `/proc/<pid>/stat`.
pub fn clock_ticks_per_second() -> u64 {
    // SAFETY: sysconf reads no memory of ours.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as u64
    } else {
        100
    }
}

pub const SIGXCPU: i32 = libc::SIGXCPU;
pub const SIGSTOP: i32 = libc::SIGSTOP;

/// `SIGSEGV (signal 11)`: the name judges and contestants know, with its number.
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
        libc::SIGSTOP => "SIGSTOP",
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {sig}"),
    };
    format!("{name} (signal {sig})")
}

/// Waits until one of `fds` has something to read (or its writer is gone, or for a pidfd:
/// its process has ended), at most `timeout`: a mask of those that are ready (bit `i` for
/// `fds[i]`; at most 32 of them).
pub fn poll(fds: &[std::os::fd::BorrowedFd<'_>], timeout: std::time::Duration) -> io::Result<u32> {
    use std::os::fd::AsRawFd;
    assert!(fds.len() <= 32, "poll: at most 32 descriptors");
    let mut p: Vec<libc::pollfd> = fds
        .iter()
        .map(|fd| libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    // Rounded up: a timeout of 0.4 ms must not become a poll that returns at once, again
    // and again, until the deadline.
    let ms = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
    // SAFETY: `p` is a live, writable array of as many pollfds as the count says; poll only
    // writes their `revents`. An interrupted poll is retried with the same timeout (late by
    // at most that much).
    retry_interrupted(
        || match unsafe { libc::poll(p.as_mut_ptr(), p.len() as libc::nfds_t, ms) } {
            r if r < 0 => Err(io::Error::last_os_error()),
            _ => Ok(p
                .iter()
                .enumerate()
                .filter(|(_, q)| q.revents != 0)
                .fold(0, |mask, (i, _)| mask | 1 << i)),
        },
    )
}

/// A descriptor that becomes readable when child `pid` ends (`pidfd_open`, Linux 5.3).
pub fn pidfd(pid: i32) -> io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open takes integers only; a descriptor it returns is ours alone.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` was just returned to us, open, and owned by nothing else.
    Ok(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as i32) })
}

/// What another process of the same user can change in this one from outside, and its
/// children inherit: every resource limit (`prlimit`), the nice value (`setpriority`), the
/// scheduling policy (`sched_setscheduler`), the CPU affinity (`sched_setaffinity`) and the
/// I/O priority (`ioprio_set`). A long-lived supervisor compares it before and after each run
/// and retires when a program has changed it, so that no run inherits what another did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Inherited {
    limits: Vec<(libc::rlim_t, libc::rlim_t)>,
    nice: i32,
    policy: i32,
    affinity: Vec<u64>,
    ioprio: i64,
}

/// This process's [`Inherited`] attributes, now.
pub fn inherited() -> Inherited {
    // RLIMIT_CPU .. RLIMIT_RTTIME: the 16 limits Linux has.
    let limits = (0..16)
        .map(|resource| {
            let mut r = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `r` is a live, writable rlimit; getrlimit only writes into it (an
            // unknown resource is EINVAL and leaves it zero).
            unsafe { libc::getrlimit(resource as _, &mut r) };
            (r.rlim_cur, r.rlim_max)
        })
        .collect();
    // SAFETY: getpriority and sched_getscheduler read no memory of ours (-1 with errno is a
    // value like any other here: it is only compared).
    let (nice, policy) = unsafe {
        (
            libc::getpriority(libc::PRIO_PROCESS, 0),
            libc::sched_getscheduler(0),
        )
    };
    // SAFETY: cpu_set_t is plain old data; sched_getaffinity writes at most its size into it.
    let affinity = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set);
        std::slice::from_raw_parts(
            (&set as *const libc::cpu_set_t).cast::<u64>(),
            std::mem::size_of::<libc::cpu_set_t>() / 8,
        )
        .to_vec()
    };
    // SAFETY: ioprio_get(IOPRIO_WHO_PROCESS, self) takes integers only.
    let ioprio = unsafe { libc::syscall(libc::SYS_ioprio_get, 1, 0) };
    Inherited {
        limits,
        nice,
        policy,
        affinity,
        ioprio,
    }
}

/// Gives this process (in a child before exec) the [`Inherited`] attributes `to` recorded:
/// each limit, the nice value and the CPU affinity, so that a supervisor starts from the
/// judge's state at its start, whatever a program did to the judge since. Async-signal-safe:
/// system calls only.
pub fn restore_inherited(to: &Inherited) -> io::Result<()> {
    for (resource, &(cur, max)) in to.limits.iter().enumerate() {
        let r = libc::rlimit {
            rlim_cur: cur,
            rlim_max: max,
        };
        // SAFETY: a live rlimit read by setrlimit only. A limit we may not raise again (the
        // hard one was lowered) stays as it is: EPERM is not fatal here.
        unsafe { libc::setrlimit(resource as _, &r) };
    }
    // SAFETY: integer arguments; the affinity set is a live copy of the recorded words.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, to.nice);
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        let words = std::mem::size_of::<libc::cpu_set_t>() / 8;
        std::ptr::copy_nonoverlapping(
            to.affinity.as_ptr(),
            (&mut set as *mut libc::cpu_set_t).cast::<u64>(),
            to.affinity.len().min(words),
        );
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
    Ok(())
}

/// `close_range`'s flag that marks the descriptors close-on-exec instead of closing them
/// (Linux 5.11; `libc` does not name it).
const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;

/// Marks every descriptor of this process from 3 up close-on-exec: what a shell, an editor or
/// a CI runner left open when it started the judge (`exec 9<folder`, `exec 7>>log`) reaches
/// no process the judge starts, neither a program nor a compiler. The judge's own
/// descriptors are close-on-exec already (std opens them so). Called first thing in `main`,
/// while nothing else runs. Where the kernel lacks `close_range` (before 5.11), each
/// descriptor `/proc/self/fd` lists is marked by `fcntl`.
pub fn close_inherited_on_exec() {
    if mark_close_on_exec_from(3).is_ok() {
        return;
    }
    let Ok(listed) = std::fs::read_dir("/proc/self/fd") else {
        return;
    };
    let fds: Vec<i32> = listed
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd > 2)
        .collect();
    for fd in fds {
        // SAFETY: fcntl on an integer descriptor; one that was the listing's own (closed by
        // now) only fails with EBADF.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

/// `close_range(from, ~0, CLOSE_RANGE_CLOEXEC)`: every descriptor from `from` up marked
/// close-on-exec. Async-signal-safe (one system call), so a child may call it before `exec`;
/// marking rather than closing keeps std's own exec-error pipe working until the `exec`.
pub fn mark_close_on_exec_from(from: u32) -> io::Result<()> {
    // SAFETY: close_range takes integers only and touches no memory of ours.
    zero_or_errno(unsafe {
        libc::syscall(libc::SYS_close_range, from, u32::MAX, CLOSE_RANGE_CLOEXEC)
    })
}
