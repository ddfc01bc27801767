//! Small file helpers the runs share: a case's sibling files, and reads capped at a size so
//! that what a program wrote can never cost the judge more than it asked for.

use std::ffi::OsString;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// `base` + `.ext` (not `with_extension`, which would eat a dot in the case's own name).
pub fn sibling(base: &Path, ext: &str) -> PathBuf {
    let mut s = OsString::from(base.as_os_str());
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Creates `path` anew for writing: whatever was there (a symbolic link a program planted,
/// say) is removed first and never written through.
pub fn create_fresh(path: &Path) -> std::io::Result<File> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// The first `cap` bytes of a file (none when it cannot be read).
pub fn read_capped(path: &Path, cap: u64) -> Vec<u8> {
    let mut v = Vec::new();
    if let Ok(f) = File::open(path) {
        let _ = f.take(cap).read_to_end(&mut v);
    }
    v
}

/// The last `cap` bytes of a file.
pub fn read_tail(path: &Path, cap: u64) -> Vec<u8> {
    use std::io::{Seek, SeekFrom};
    let mut v = Vec::new();
    if let Ok(mut f) = File::open(path) {
        let len = f.metadata().map_or(0, |m| m.len());
        let _ = f.seek(SeekFrom::Start(len.saturating_sub(cap)));
        let _ = f.read_to_end(&mut v);
    }
    v
}

/// `$XDG_CACHE_HOME/bfs-judge`, else `~/.cache/bfs-judge`, else the temp folder's.
pub fn cache_dir() -> PathBuf {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    std::env::var_os("XDG_CACHE_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".cache"))
        })
        .unwrap_or_else(std::env::temp_dir)
        .join("bfs-judge")
}
