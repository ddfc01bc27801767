//! The **none** mechanism: no isolation, every guarantee that needs the kernel's help not
//! enforced. The program runs as the user, in the judge's folder, with a private folder of
//! its own for HOME and TMPDIR (whose files count as the run's memory), no seccomp filter, and
//! its capabilities as they are.

use std::io;
use std::path::{Path, PathBuf};

use super::{Confinement, Enter, Folder, Setup, Shared};

/// What the header says of this mechanism, and why it is in force (`as asked`, or what the
/// stronger ones lacked).
pub(super) fn describe(why_none: Option<&str>) -> String {
    format!(
        "isolation: none{} (not enforced: the program can read and write the user's files, \
         use the network and the terminal, leave IPC objects and keys behind, and signal or \
         re-limit the judge)",
        why_none.map_or(String::new(), |w| format!(", {w}"))
    )
}

pub(super) struct Plain {
    /// The supervisor's folder, and the run's private folder in it.
    folder: Folder,
    /// The judge's working folder, where programs start.
    cwd: PathBuf,
}

impl Plain {
    pub(super) fn enter(shared: Shared) -> io::Result<Plain> {
        Ok(Plain {
            folder: Folder::new()?,
            cwd: shared.cwd,
        })
    }
}

impl Confinement for Plain {
    fn before_run(
        &mut self,
        _argv: &[String],
        _memory_kib: u64,
        _writable: &[PathBuf],
        _cwd: Option<&Path>,
    ) -> io::Result<Setup> {
        Ok(Setup {
            cwd: self.cwd.clone(),
            home: self.folder.fresh_run()?,
        })
    }

    fn memory_kib(&self) -> u64 {
        self.folder.memory_kib()
    }

    fn after_run(&mut self) -> bool {
        self.folder.end_run();
        true
    }

    fn enter(&self, _setup: &Setup) -> Option<Enter> {
        None
    }

    fn filter(&self) -> Option<&seccompiler::BpfProgram> {
        None
    }
}
