//! The cache of failing cases, as every run keeps it: a problem whose cases all passed
//! leaves neither its folder nor its lock file behind ([`forget_passed`]), and every run into
//! the cache removes what no run has touched for [`MAX_AGE_DAYS`] days ([`trim`]). Costs a
//! `read_dir` of the cache's top level per run. (`bfs-judge clean` empties it.)

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// How long a folder of failing cases stays in the cache untouched.
pub const MAX_AGE_DAYS: u64 = 14;

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

/// Removes `path`, a folder with all it holds or a file.
pub fn remove(path: &Path) -> std::io::Result<()> {
    match fs::symlink_metadata(path)?.is_dir() {
        true => fs::remove_dir_all(path),
        false => fs::remove_file(path),
    }
}
