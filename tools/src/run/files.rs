//! Small file helpers the runs share: a run's private folder ([`Private`]), a case's sibling
//! files, a file written whole or not at all ([`write_whole`]), files moved without
//! replacing any ([`move_all_new`]), and reads capped at a size so that what a program
//! wrote can never cost the judge more than it asked for.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

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

/// Writes `bytes` to `path` through a file beside it (`.NAME.part-PID-N`) renamed over it: a
/// reader never sees the file half written. `Err` is the write's or the rename's error; the
/// file beside is then removed.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    // Each write its own part file: two writes of one path at once (two requests of the
    // panel's) would otherwise write into one part file, and one of them rename the other's
    // half-written bytes into place.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let part = path.with_file_name(format!(".{name}.part-{}-{n}", std::process::id()));
    let done = fs::write(&part, bytes).and_then(|()| fs::rename(&part, path));
    if done.is_err() {
        let _ = fs::remove_file(&part);
    }
    done
}

/// Moves each `(from, to)` pair, all or none, never over an existing file: each is linked
/// to its new name first (a link fails where a file of that name exists, even one made a
/// moment ago, where a check and a rename would replace it), and the old names are removed
/// only once every link is made. `Err` (the first link's that failed, `AlreadyExists` for a
/// file in the way) leaves everything as it was. Both names of a pair on one file system.
pub fn move_all_new(pairs: &[(PathBuf, PathBuf)]) -> io::Result<()> {
    for (i, (from, to)) in pairs.iter().enumerate() {
        if let Err(e) = fs::hard_link(from, to) {
            for (_, made) in &pairs[..i] {
                let _ = fs::remove_file(made);
            }
            return Err(e);
        }
    }
    for (from, _) in pairs {
        fs::remove_file(from)?;
    }
    Ok(())
}

/// The first `cap` bytes of a file (none when it cannot be read).
pub fn read_capped(path: &Path, cap: u64) -> Vec<u8> {
    let mut v = Vec::new();
    if let Ok(f) = File::open(path) {
        let _ = f.take(cap).read_to_end(&mut v);
    }
    v
}

/// A file's first and last `cap` bytes, whole lines of each, with a line `...` between
/// where something was left out (none when it cannot be read):
/// where a runtime names an error in a long stderr, at its start (Java's `Exception in
/// thread`, above a thousand frames) or at its end (Python's). Two reads of `cap` at most.
pub fn read_ends(path: &Path, cap: u64) -> Vec<u8> {
    use std::io::{Seek, SeekFrom};
    let Ok(mut f) = File::open(path) else {
        return Vec::new();
    };
    let len = f.metadata().map_or(0, |m| m.len());
    let mut head = Vec::new();
    let _ = (&mut f).take(cap.saturating_mul(2)).read_to_end(&mut head);
    if len <= cap.saturating_mul(2) {
        return head;
    }
    // A line cut at either seam is dropped, so no line is glued to another.
    let first = &head[..head.len().min(cap as usize)];
    head.truncate(first.iter().rposition(|&b| b == b'\n').unwrap_or(0));
    let mut tail = Vec::new();
    if f.seek(SeekFrom::Start(len - cap)).is_ok() {
        let _ = f.read_to_end(&mut tail);
    }
    let from = tail
        .iter()
        .position(|&b| b == b'\n')
        .map_or(tail.len(), |i| i + 1);
    head.extend_from_slice(b"\n...\n");
    head.extend_from_slice(&tail[from..]);
    head
}

/// `$XDG_CACHE_HOME/bfs-judge`, else `~/.cache/bfs-judge`, else the temp folder's.
pub fn cache_dir() -> PathBuf {
    xdg_base("XDG_CACHE_HOME", ".cache")
        .unwrap_or_else(std::env::temp_dir)
        .join("bfs-judge")
}

/// An XDG base folder: `$VAR`, else `~/IN_HOME` (`.cache`, `.config`); a value that is not
/// an absolute path is ignored, as the XDG spec says.
pub fn xdg_base(var: &str, in_home: &str) -> Option<PathBuf> {
    let absolute = |v: OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    std::env::var_os(var).and_then(absolute).or_else(|| {
        std::env::var_os("HOME")
            .and_then(absolute)
            .map(|h| h.join(in_home))
    })
}

/// A folder of one run's own, under the OS's temporary folder: created anew with a name no
/// other run has (the judge's pid and a counter; `create_dir` fails rather than share),
/// readable by its user only, and removed with everything in it when dropped. What a run
/// writes and what is compared lives here, so two judges at once never see each other's
/// files.
pub struct Private {
    path: PathBuf,
}

impl Private {
    /// The folder itself (a file I/O problem's working folder is a folder inside it).
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn new() -> Result<Private, NoFolder> {
        Private::under(&std::env::temp_dir())
    }

    /// A folder for one run's captured output of at most `output_bytes`: in `/dev/shm` when
    /// it is a tmpfs with room for four such outputs and 256 MiB more (it holds them for the
    /// length of a case only), else under the temporary folder. On a disk's file system the
    /// journal of creating and removing a run's files and folder was a fifth of the judge's
    /// own time on a tiny case; a small `/dev/shm` (a container's 64 MiB) is never filled.
    pub fn for_output(output_bytes: u64) -> Result<Private, NoFolder> {
        let shm = Path::new("/dev/shm");
        let room = output_bytes.saturating_mul(4).saturating_add(256 << 20);
        match crate::run::sys::fs_space(shm) {
            Some(s) if s.tmpfs && s.available >= room => {
                Private::under(shm).or_else(|_| Private::new())
            }
            _ => Private::new(),
        }
    }

    /// A folder of its own under `base` instead.
    pub fn under(base: &Path) -> Result<Private, NoFolder> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for _ in 0..1000 {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("bfs-judge-{}-{n}-{nanos:x}", std::process::id()));
            match fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => return Ok(Private { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(NoFolder::Create(path, e)),
            }
        }
        Err(NoFolder::NoFreeName(base.to_path_buf()))
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Why a [`Private`] folder could not be made.
#[derive(Debug)]
pub enum NoFolder {
    /// Creating this folder failed.
    Create(PathBuf, io::Error),
    /// Every name tried in this folder was taken.
    NoFreeName(PathBuf),
}

impl std::fmt::Display for NoFolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoFolder::Create(path, e) => write!(f, "{}: {e}", path.display()),
            NoFolder::NoFreeName(base) => write!(f, "no free folder name in {}", base.display()),
        }
    }
}

impl std::error::Error for NoFolder {}

impl From<NoFolder> for String {
    fn from(e: NoFolder) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_of_several_files_is_all_or_none_and_replaces_nothing() {
        let dir = Private::new().unwrap();
        let path = |name: &str| dir.join(name);
        for (name, text) in [("a.in", "A"), ("a.out", "B"), ("b.out", "there")] {
            fs::write(path(name), text).unwrap();
        }
        let pairs = |to: &str| {
            vec![
                (path("a.in"), path(&format!("{to}.in"))),
                (path("a.out"), path(&format!("{to}.out"))),
            ]
        };
        // b.out is in the way: nothing moves, b.in made on the way is gone again.
        let refused = move_all_new(&pairs("b")).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(path("b.out")).unwrap(), "there");
        assert!(!path("b.in").exists());
        assert_eq!(fs::read_to_string(path("a.out")).unwrap(), "B");
        // Nothing in the way: both move.
        move_all_new(&pairs("c")).unwrap();
        assert_eq!(fs::read_to_string(path("c.in")).unwrap(), "A");
        assert_eq!(fs::read_to_string(path("c.out")).unwrap(), "B");
        assert!(!path("a.in").exists() && !path("a.out").exists());
    }

    #[test]
    fn writes_of_one_file_at_once_each_place_a_whole_file() {
        // Two threads write one path over and over (as two requests of the panel's saving
        // one case); a third reads it meanwhile. Each write succeeds, and each read sees one
        // write's bytes whole, never a mix or a part.
        let dir = Private::new().unwrap();
        let path = dir.join("a.in");
        let size = 1 << 20;
        write_whole(&path, &vec![b'a'; size]).unwrap();
        let done = std::sync::atomic::AtomicBool::new(false);
        let (written, read) = std::thread::scope(|s| {
            let writers: Vec<_> = [b'a', b'b']
                .into_iter()
                .map(|byte| {
                    let path = &path;
                    s.spawn(move || (0..30).try_for_each(|_| write_whole(path, &vec![byte; size])))
                })
                .collect();
            let reader = s.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    let bytes = fs::read(&path).unwrap_or_default();
                    if bytes.len() != size {
                        return Err(format!("a part of a write was read: {} bytes", bytes.len()));
                    }
                    if bytes.iter().any(|&b| b != bytes[0]) {
                        return Err("two writes were mixed".to_string());
                    }
                }
                Ok(())
            });
            // Every writer ends, failed or not; then the reader is stopped.
            let written: Vec<io::Result<()>> =
                writers.into_iter().map(|w| w.join().unwrap()).collect();
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            (written, reader.join().unwrap())
        });
        for w in written {
            w.expect("a write failed");
        }
        read.expect("a read saw no whole write");
        let left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, ["a.in"]);
    }
}
