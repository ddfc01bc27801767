//! The cache of failing cases: `bfs-judge clean` empties it, and every run keeps it small.
//!
//! A contestant's folders keep their failing cases in `$XDG_CACHE_HOME/bfs-judge/` (else
//! `~/.cache/bfs-judge/`), one folder per judged folder. It holds failing cases only: a
//! problem whose cases all passed leaves neither its folder nor its lock file behind
//! ([`forget_passed`]), and every run into the cache removes what no run has touched for
//! [`MAX_AGE_DAYS`] days ([`trim`]). Costs a `read_dir` of the cache's top level per run.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use crate::args::cache_dir;

/// How long a folder of failing cases stays in the cache untouched.
pub const MAX_AGE_DAYS: u64 = 14;

/// `bfs-judge clean`: empties the cache of failing cases.
#[derive(Clone, Debug, clap::Args)]
pub struct CleanCmd {
    /// The folder to empty [default: the cache, $XDG_CACHE_HOME/bfs-judge, else
    /// ~/.cache/bfs-judge].
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// Runs `bfs-judge clean`: exit code 2 when something could not be removed.
pub fn main(c: &CleanCmd) -> ExitCode {
    let dir = c.out_dir.clone().unwrap_or_else(cache_dir);
    let (mut entries, mut bytes) = (0, 0);
    let listing = match fs::read_dir(&dir) {
        Ok(l) => l,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::say!("{} is empty already", dir.display());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("clean: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    for entry in listing.filter_map(Result::ok) {
        let path = entry.path();
        bytes += size(&path);
        if let Err(e) = remove(&path) {
            eprintln!("clean: cannot remove {}: {e}", path.display());
            return ExitCode::from(2);
        }
        entries += 1;
    }
    crate::say!(
        "removed {entries} entries ({}) from {}",
        crate::text::mib(bytes / 1024),
        dir.display()
    );
    ExitCode::SUCCESS
}

/// Removes the folder `kept` of a problem whose cases all passed, and its lock file
/// `kept.lock` beside it (its caller still holds the lock: no other judge is using them).
pub fn forget_passed(kept: &Path) {
    let _ = fs::remove_dir_all(kept);
    if let (Some(parent), Some(name)) = (kept.parent(), kept.file_name()) {
        let mut lock = name.to_os_string();
        lock.push(".lock");
        let _ = fs::remove_file(parent.join(lock));
    }
}

/// Removes the entries of `out` that nothing has touched for [`MAX_AGE_DAYS`] days.
pub fn trim(out: &Path) {
    let Some(limit) = SystemTime::now().checked_sub(Duration::from_secs(MAX_AGE_DAYS * 24 * 3600))
    else {
        return;
    };
    let Ok(listing) = fs::read_dir(out) else {
        return;
    };
    for entry in listing.filter_map(Result::ok) {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t < limit);
        if old {
            let _ = remove(&entry.path());
        }
    }
}

fn remove(path: &Path) -> std::io::Result<()> {
    match fs::symlink_metadata(path)?.is_dir() {
        true => fs::remove_dir_all(path),
        false => fs::remove_file(path),
    }
}

/// The bytes under `path` (symbolic links not followed).
fn size(path: &Path) -> u64 {
    let Ok(m) = fs::symlink_metadata(path) else {
        return 0;
    };
    if !m.is_dir() {
        return m.len();
    }
    fs::read_dir(path)
        .map(|l| l.filter_map(Result::ok).map(|e| size(&e.path())).sum())
        .unwrap_or(0)
}
