//! What every confined program gives up in its own process before its `exec`: capabilities
//! (root's too) and the right to gain new privileges. Each function is async-signal-safe (it
//! runs between fork and exec) and wraps its system calls with their `// SAFETY:`.

use std::io;

/// No capability survives the exec, even for uid 0 (the namespaces' root, or the real
/// root under Landlock): an empty bounding set and no ambient capabilities leave an exec
/// nothing to grant, and no new privileges (no set-uid or file capabilities) can be gained.
/// Async-signal-safe: prctl only. A bounding set that cannot be changed (an ordinary user's,
/// without CAP_SETPCAP) holds nothing such a user could use.
pub(super) fn give_up() -> io::Result<()> {
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
        crate::run::sys::zero_or_errno(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
    }
    Ok(())
}

/// Empties this process's effective, permitted and inheritable capability sets (`capset`,
/// version 3). Async-signal-safe: one system call on two structs on the stack.
pub(super) fn clear_sets() -> io::Result<()> {
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
    crate::run::sys::zero_or_errno(unsafe {
        libc::syscall(libc::SYS_capset, &header, none.as_ptr())
    })
}
