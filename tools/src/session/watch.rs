//! What a watch waits on, shared by `test --watch` and `panel`: the files a round depends on
//! (the source or the program file `--cmd` names, every file of the tests folders, two
//! levels down, the `info.toml` beside them, and the config files) and a wait until one of
//! them changes.
//!
//! It polls their sizes and modification times (and small files' bytes) every [`POLL`],
//! rather than asking the kernel (inotify via the `notify` crate): a contestant's watch set
//! is a few dozen files, a poll of them costs microseconds, it sees an editor's
//! save-by-rename as well as a write, and it behaves the same on every filesystem (network
//! mounts, WSL, containers' bind mounts, where inotify is silent) with no dependency to
//! keep. A change is taken once the files have been
//! quiet for one more poll, so that an editor's several writes make one round.

use std::fs;
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, SystemTime};

use crate::args::Options;
use crate::session::source;

/// How often the watched files are looked at.
pub const POLL: Duration = Duration::from_millis(150);

/// A file's size, modification time and, for a small file, a hash of its bytes (two saves
/// within one tick of the file system's clock, of the same size, still differ); nothing
/// when it is gone.
pub type Stamp = Option<(u64, SystemTime, u64)>;

/// Files up to this size are hashed at every poll: sources and samples, never a big test.
const HASHED: u64 = 256 << 10;

/// The files a round depends on.
pub fn watched(o: &Options) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(cmd) = &o.run.cmd {
        // The source, or the program's own file (`./a.out`, `python3 a.py`'s `a.py`).
        files.extend(
            cmd.split_whitespace()
                .map(PathBuf::from)
                .filter(|p| p.is_file()),
        );
    }
    for dir in &o.run.tests {
        let mut stack = vec![(dir.clone(), 0)];
        while let Some((d, depth)) = stack.pop() {
            for e in fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() && depth < 2 {
                    stack.push((p, depth + 1));
                } else if p.is_file() {
                    files.push(p);
                }
            }
        }
        if let Some(parent) = dir.parent() {
            files.push(parent.join("info.toml"));
        }
        files.push(dir.clone());
    }
    files.extend(source::config_files());
    files.sort();
    files.dedup();
    files
}

pub fn stamps(files: &[PathBuf]) -> Vec<Stamp> {
    files
        .iter()
        .map(|f| {
            let m = fs::metadata(f).ok()?;
            let hash = match m.is_file() && m.len() <= HASHED {
                true => fs::read(f).map_or(0, |bytes| crate::run::hash::fnv1a(&bytes)),
                false => 0,
            };
            Some((
                m.len(),
                m.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                hash,
            ))
        })
        .collect()
}

/// Waits until a file of `o`'s watch set differs from `files` as they were at `before`
/// (taken before the round began, so that a change made while it ran counts); returns the
/// first that did.
pub fn changed(o: &Options, files: &[PathBuf], before: &[Stamp]) -> PathBuf {
    loop {
        thread::sleep(POLL);
        let now_files = watched(o);
        let now = stamps(&now_files);
        if now_files == files && now == before {
            continue;
        }
        // Quiet for one more poll: an editor's several writes make one round.
        let mut settled = now;
        loop {
            thread::sleep(POLL);
            let again = stamps(&watched(o));
            if again == settled {
                break;
            }
            settled = again;
        }
        let first = now_files
            .iter()
            .find(|f| match files.iter().position(|g| g == *f) {
                Some(i) => stamps(std::slice::from_ref(f))[0] != before[i],
                None => true,
            })
            .or(files.iter().find(|f| !now_files.contains(f)))
            .cloned();
        return first.unwrap_or_default();
    }
}
