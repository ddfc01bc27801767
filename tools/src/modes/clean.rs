//! The cache of failing cases: `bfs-judge clean` empties it, and every run keeps it small.
//!
//! A contestant's folders keep their failing cases in `$XDG_CACHE_HOME/bfs-judge/` (else
//! `~/.cache/bfs-judge/`), one folder per judged folder. It holds failing cases only: a
//! problem whose cases all passed leaves neither its folder nor its lock file behind, and
//! every run into the cache removes what no run has touched for two weeks (the policy is
//! `session::cache`'s). `clean` costs a walk of the cache.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::args::cache_dir;
use crate::session::cache::remove;

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
