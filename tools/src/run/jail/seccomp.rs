//! The seccomp filter every confined program gets (namespaces and landlock; none has none),
//! made once per supervisor and applied in the program's process just before its `exec`,
//! after it gave up its privileges. A denied call fails with EPERM.
//!
//! Denied everywhere: calls that act on another process by pid (its limits, priority,
//! affinity, scheduler, I/O priority) unless the pid is 0 (the caller itself); the `TIOCSTI`
//! ioctl (pushing input into a terminal); growing a pipe past its 64 KiB (`F_SETPIPE_SZ`: the
//! accounting charges each pipe that much, see `tree.rs`); making itself not dumpable
//! (`PR_SET_DUMPABLE`: its memory and descriptors would hide from the looks of a supervisor
//! that is not root); and the kernel's keyrings (`add_key`, `request_key`, `keyctl`): a key
//! outlives its process in the user's keyring, which no namespace here makes private. A
//! mechanism adds its own rules (landlock: what its rules cannot see).

use std::io;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// System calls and, for each, the rules under which it is denied (none: always).
pub(super) type Rules = Vec<(i64, Vec<SeccompRule>)>;

fn bad(e: seccompiler::BackendError) -> io::Error {
    io::Error::other(format!("seccomp: {e}"))
}

/// The rule "argument `index` compares to `value` by `op`".
pub(super) fn arg(index: u8, op: SeccompCmpOp, value: u64) -> io::Result<SeccompRule> {
    let condition =
        SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value).map_err(bad)?;
    SeccompRule::new(vec![condition]).map_err(bad)
}

/// The filter: the calls every confined program is denied, and `extra`.
pub(super) fn filter(extra: Rules) -> io::Result<BpfProgram> {
    let arch = std::env::consts::ARCH
        .try_into()
        .map_err(|_| io::Error::other("seccomp: an unknown architecture"))?;
    let not_zero = |index: u8| arg(index, SeccompCmpOp::Ne, 0);
    let mut rules: Rules = vec![
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
    rules.extend(extra);
    let filter = SeccompFilter::new(
        rules.into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(bad)?;
    filter.try_into().map_err(bad)
}
