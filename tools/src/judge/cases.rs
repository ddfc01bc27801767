//! The cases a run judges, made from what a format reader found ([`of_package`]; our own
//! problem folders are read by `format/own.rs` like any package): an input with its answer,
//! or, for our own programs, an input to refuse with the error expected (a fragment of the
//! one stderr line, and what stdout keeps).
//!
//! Before any program runs, [`hold`] takes every file the judge reads to decide a verdict
//! (each case's input and answer): each is opened without blocking, must be a regular file,
//! and is copied into a folder of the judge's own (in memory, `/dev/shm`, up to
//! [`MEMORY_BUDGET`]; past it on disk), where the cases then point. So nothing a
//! program does to the tests folder (overwrite an answer, delete it or the whole folder, put
//! a FIFO or a link to `/dev/zero` in its place) changes its verdict or a later case's, and
//! its stdin leads to a copy, not back to the tests folder. An answer over [`COPY_CAP`] is
//! judged in place instead (a copy of it would cost more than the comparison, which stops at
//! the first difference). Every held file is fingerprinted (inode, size, change times), and
//! [`Case::intact`] checks the fingerprints after each run: a file changed under the judge
//! (an answer held in place, or a copy some program reached) is a setup error naming it,
//! never a verdict. Cost: one copy per file per session (0.15 ms a case of two small files
//! on a loaded machine; four times that on a journalled disk), a `stat` per file per case.

use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::run::files::Private;

#[derive(Clone, Debug)]
pub enum Expect {
    /// Exit code 0 and this stdout.
    Output(PathBuf),
    /// Exit code 1, stderr containing the fragment, stdout equal to the file (or empty).
    Invalid {
        fragment: String,
        stdout: Option<PathBuf>,
    },
    /// No answer (an input a contestant wrote): the program runs, within the limits, and
    /// its output is shown, not judged (`RAN`).
    Nothing,
}

#[derive(Clone, Debug)]
pub struct Case {
    /// Index of the problem in the run's list.
    pub problem: usize,
    /// `NAME` for tests, `invalid/NAME` for invalid-input cases, as shown: a byte that is
    /// not UTF-8 or a control character escaped (`\xff`, `\x0a`), so one case is one line.
    pub name: String,
    pub input: PathBuf,
    pub args: Vec<String>,
    pub expect: Expect,
    /// Extra arguments for the output validator (a Kattis group's `output_validator_args`).
    pub checker_args: Vec<String>,
    /// The case's points, where the package gives each case its own (a DMOJ case's, which
    /// a DMOJ testlib bridge awards some of).
    pub points: Option<f64>,
    /// The files the judge holds for this case (empty until [`hold`]).
    pub held: Vec<Held>,
}

impl Case {
    /// The exit code the program must end with.
    pub fn exit_code(&self) -> i32 {
        match self.expect {
            Expect::Output(_) | Expect::Nothing => 0,
            Expect::Invalid { .. } => 1,
        }
    }

    /// The file holding the expected stdout, if any.
    pub fn answer(&self) -> Option<&Path> {
        match &self.expect {
            Expect::Output(p) => Some(p),
            Expect::Invalid { stdout, .. } => stdout.as_deref(),
            Expect::Nothing => None,
        }
    }

    fn answer_mut(&mut self) -> Option<&mut PathBuf> {
        match &mut self.expect {
            Expect::Output(p) => Some(p),
            Expect::Invalid { stdout, .. } => stdout.as_mut(),
            Expect::Nothing => None,
        }
    }

    /// Checks, after a run, that every file the judge holds for this case is as it was taken:
    /// `Err` names one that changed (a setup error: its verdict could not be trusted).
    pub fn intact(&self) -> Result<(), String> {
        self.held.iter().try_for_each(Held::intact)
    }
}

/// The largest answer that is copied; a larger one is judged in place, fingerprinted.
pub const COPY_CAP: u64 = 64 << 20;

/// A file as the judge took it: what a later look compares with. The change time cannot be
/// set by a program (any write or `utimensat` moves it to the present), so together with the
/// inode and the size it tells a changed file from the one taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fingerprint {
    dev: u64,
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Fingerprint {
    fn of(m: &fs::Metadata) -> Fingerprint {
        Fingerprint {
            dev: m.dev(),
            ino: m.ino(),
            len: m.size(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }

    fn changed(&self) -> SystemTime {
        let (s, ns) = self.ctime;
        let since = Duration::new(s.max(0) as u64, ns.clamp(0, 999_999_999) as u32);
        UNIX_EPOCH + since
    }
}

/// One file the judge holds: the path it reads (a copy, or the file itself when it is judged
/// in place), the file it came from, and its fingerprint.
#[derive(Clone, Debug)]
pub struct Held {
    path: PathBuf,
    source: PathBuf,
    print: Fingerprint,
}

impl Held {
    fn intact(&self) -> Result<(), String> {
        let now = fs::metadata(&self.path).map(|m| Fingerprint::of(&m));
        if now.as_ref().ok() == Some(&self.print) {
            return Ok(());
        }
        let how = match now {
            Ok(_) => "changed".to_string(),
            Err(e) => format!("is gone ({e})"),
        };
        let source = crate::text::name(self.source.as_os_str().as_bytes());
        Err(if self.path == self.source {
            format!(
                "{source}: {how} while the program ran; an answer over {} MiB is judged in \
                 place, so this verdict cannot be trusted (judge it again, with isolation)",
                COPY_CAP >> 20
            )
        } else {
            format!(
                "{}: the judge's copy of {source} {how} while the program ran: a program reached \
                 the judge's own folder (judge it again, with isolation)",
                self.path.display()
            )
        })
    }
}

/// The files the judge took for a session's cases; dropping it removes the copies.
pub struct Holding {
    /// Copies in memory (`/dev/shm`), up to [`MEMORY_BUDGET`] in all: creating a file there
    /// costs a fifth of what it does on a journalled disk, and an isolated program has a
    /// `/dev/shm` of its own.
    memory: Option<Private>,
    /// The rest, in the OS's temporary folder.
    disk: Option<Private>,
    in_memory: u64,
}

/// Removes what judges that were killed before they could clean up left in `dir` (their
/// copies would hold memory until the next boot): `bfs-judge-PID-...` folders whose PID is
/// not alive. A live PID, even another program's now, is left alone.
fn sweep(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let name = e.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("bfs-judge-"))
            .and_then(|n| n.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

/// The most the copies of one session keep in memory.
pub const MEMORY_BUDGET: u64 = 256 << 20;

impl Holding {
    /// The path of a new copy named `name` of a file of `len` bytes.
    fn place(&mut self, name: &str, len: u64) -> Result<PathBuf, String> {
        if self.in_memory + len <= MEMORY_BUDGET {
            if self.memory.is_none() {
                sweep(Path::new("/dev/shm"));
                self.memory = Private::under(Path::new("/dev/shm")).ok();
            }
            if let Some(m) = &self.memory {
                self.in_memory += len;
                return Ok(m.join(name));
            }
        }
        if self.disk.is_none() {
            self.disk = Some(Private::new()?);
        }
        Ok(self.disk.as_ref().expect("just made").join(name))
    }
}

/// Takes every case's input and answer before any program runs (see the module's comment):
/// each case then points at the judge's copies. `Err` names a file that is not a regular
/// file or cannot be read.
pub fn hold(cases: &mut [Case]) -> Result<Holding, String> {
    let mut holding = Holding {
        memory: None,
        disk: None,
        in_memory: 0,
    };
    let mut newest = UNIX_EPOCH;
    for (i, case) in cases.iter_mut().enumerate() {
        // Names that say nothing of the case: the copy of `NAME.in` has no `NAME.out` beside it.
        // The input is always copied: the program's stdin must not lead back to the folder.
        let input = take(&case.input, &format!("{i}.input"), u64::MAX, &mut holding)?;
        case.input = input.path.clone();
        let mut held = vec![input];
        if let Some(answer) = case.answer_mut() {
            let h = take(answer, &format!("{i}.answer"), COPY_CAP, &mut holding)?;
            *answer = h.path.clone();
            held.push(h);
        }
        for h in &held {
            newest = newest.max(h.print.changed());
        }
        case.held = held;
    }
    settle(newest);
    crate::run::sandbox::hide(folders_to_hide(cases));
    Ok(holding)
}

/// The folders the held cases came from, which an isolated program need not see any more
/// (it reads the judge's copies): hidden from it (see `run/jail/`), so that it cannot read
/// an answer by its name. Not a folder an answer is judged in place from (one over
/// [`COPY_CAP`]: a checker reads it there), nor the judge's folder or one above it (where
/// the program itself is).
fn folders_to_hide(cases: &[Case]) -> Vec<PathBuf> {
    let here = std::env::current_dir()
        .ok()
        .and_then(|d| d.canonicalize().ok());
    let folder = |h: &Held| h.source.parent().and_then(|d| d.canonicalize().ok());
    let mut in_place = Vec::new();
    let mut folders = Vec::new();
    for h in cases.iter().flat_map(|c| &c.held) {
        let Some(dir) = folder(h) else { continue };
        if h.path == h.source {
            in_place.push(dir);
        } else if !folders.contains(&dir) {
            folders.push(dir);
        }
    }
    folders.retain(|d| !in_place.contains(d) && !here.as_ref().is_some_and(|h| h.starts_with(d)));
    folders
}

/// Opens `source` without blocking, checks that it is a regular file, and copies it to a new
/// read-only file `name` of `holding` or, when it is larger than `cap`, fingerprints it where
/// it is.
fn take(source: &Path, name: &str, cap: u64, holding: &mut Holding) -> Result<Held, String> {
    let shown = || crate::text::name(source.as_os_str().as_bytes());
    let mut from =
        crate::run::sys::open_regular(source).map_err(|e| format!("{}: {e}", shown()))?;
    let m = from.metadata().map_err(|e| format!("{}: {e}", shown()))?;
    if m.len() > cap {
        return Ok(Held {
            path: source.to_path_buf(),
            source: source.to_path_buf(),
            print: Fingerprint::of(&m),
        });
    }
    let copy = holding.place(name, m.len())?;
    let mut to = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o400)
        .open(&copy)
        .map_err(|e| format!("{}: {e}", copy.display()))?;
    let copied = if m.len() <= SMALL {
        // Most cases: one read and one write, cheaper than io::copy's probing.
        let mut bytes = Vec::with_capacity(m.len() as usize + 1);
        from.read_to_end(&mut bytes)
            .and_then(|_| io::Write::write_all(&mut to, &bytes))
    } else {
        io::copy(&mut from, &mut to).map(drop)
    };
    copied.map_err(|e| format!("copying {}: {e}", shown()))?;
    let m = to
        .metadata()
        .map_err(|e| format!("{}: {e}", copy.display()))?;
    Ok(Held {
        path: copy,
        source: source.to_path_buf(),
        print: Fingerprint::of(&m),
    })
}

/// Files up to this size are copied through memory, larger ones by `copy_file_range`.
const SMALL: u64 = 1 << 20;

/// The longest a file's times lag the clock: one tick of the kernel's coarse clock, which
/// stamps them (HZ is 100 at the least).
const TICK: Duration = Duration::from_millis(10);

/// Waits until a file changed at `newest` can no longer be changed again within the same
/// tick: a change made from now on gets a later change time, so a fingerprint sees it. At
/// most one tick, once a session, and only when a held file is that fresh (the copies are).
fn settle(newest: SystemTime) {
    let until = newest + TICK;
    if let Ok(wait) = until.duration_since(SystemTime::now()) {
        std::thread::sleep(wait.min(TICK));
    }
}

/// The case selector of shell-style globs (`*` any run, `?` one character, `[ab]` a class):
/// a case is chosen when any of them matches its whole name.
pub fn selector(globs: &[String]) -> Result<globset::GlobSet, String> {
    let mut set = globset::GlobSetBuilder::new();
    for g in globs {
        set.add(globset::Glob::new(g).map_err(|e| format!("case selector `{g}`: {e}"))?);
    }
    set.build().map_err(|e| format!("case selectors: {e}"))
}

/// The cases of the problem `p` as the judge runs them (problem number `problem`): its
/// package's, and where `unanswered`, its inputs without an answer too (they run and show
/// their output, as `oj test` and cph do), in the folder's natural order among the others.
pub fn of_problem(
    p: &crate::judge::problem::Problem,
    problem: usize,
    unanswered: bool,
) -> Vec<Case> {
    let mut found = of_package(p, problem);
    if unanswered && !p.unanswered.is_empty() {
        found.extend(unanswered_of(p, problem));
        found.sort_by(|a, b| crate::judge::format::files::natural_cmp(&a.name, &b.name));
    }
    found
}

/// The package's cases as the judge runs them (problem number `problem`).
pub fn of_package(p: &crate::judge::format::Package, problem: usize) -> Vec<Case> {
    p.cases
        .iter()
        .map(|f| Case {
            problem,
            name: f.name.clone(),
            input: f.input.clone(),
            args: f.args.clone(),
            // An input our binaries must refuse (`invalid/NAME.in`): its message, and the
            // stdout it must leave where the folder gives one.
            expect: match &f.refusal {
                Some(fragment) => Expect::Invalid {
                    fragment: fragment.clone(),
                    stdout: (f.answer != Path::new("/dev/null")).then(|| f.answer.clone()),
                },
                None => Expect::Output(f.answer.clone()),
            },
            checker_args: f.validator_args.clone(),
            points: f.points,
            held: Vec::new(),
        })
        .collect()
}

/// The package's inputs without an answer ([`Package::unanswered`]) as cases that run and
/// show their output (problem number `problem`).
///
/// [`Package::unanswered`]: crate::judge::format::Package::unanswered
pub fn unanswered_of(p: &crate::judge::format::Package, problem: usize) -> Vec<Case> {
    p.unanswered
        .iter()
        .map(|f| Case {
            problem,
            name: f.name.clone(),
            input: f.input.clone(),
            args: f.args.clone(),
            expect: Expect::Nothing,
            checker_args: Vec::new(),
            points: None,
            held: Vec::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{hold, selector, Case, Expect, COPY_CAP};
    use std::io::Write;
    use std::path::Path;
    use std::path::PathBuf;

    /// The one case of a [`folder`]: `a.in` with its answer `a.out`.
    fn one_case(dir: &Path) -> Vec<Case> {
        vec![Case {
            problem: 0,
            name: "a".to_string(),
            input: dir.join("a.in"),
            args: Vec::new(),
            expect: Expect::Output(dir.join("a.out")),
            checker_args: Vec::new(),
            points: None,
            held: Vec::new(),
        }]
    }

    /// A fresh folder of tests under the OS's temporary folder: `a` (`1` in, `2` out).
    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bfs-cases-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.in"), "1\n").unwrap();
        std::fs::write(dir.join("a.out"), "2\n").unwrap();
        dir
    }

    #[test]
    fn held_cases_read_copies_that_nothing_in_the_tests_folder_changes() {
        let dir = folder("copies");
        let mut cases = one_case(&dir);
        let holding = hold(&mut cases).unwrap();
        let case = &cases[0];
        let (input, answer) = (case.input.clone(), case.answer().unwrap().to_path_buf());
        assert!(
            !input.starts_with(&dir) && !answer.starts_with(&dir),
            "{case:?}"
        );
        assert!(!input.to_string_lossy().ends_with(".in"), "{case:?}");
        std::fs::write(dir.join("a.out"), "42\n").unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(std::fs::read(&input).unwrap(), b"1\n");
        assert_eq!(std::fs::read(&answer).unwrap(), b"2\n");
        case.intact().unwrap();
        // A copy changed in place, even at once and to the same size, is named.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&answer, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&answer)
            .and_then(|mut f| f.write_all(b"3"))
            .unwrap();
        let e = case.intact().unwrap_err();
        assert!(
            e.contains("the judge's copy of") && e.contains("a.out changed"),
            "{e}"
        );
        drop(holding);
        assert!(!input.exists(), "the copies outlived their holding");
    }

    #[test]
    fn copies_left_by_a_killed_judge_are_swept() {
        // Above any pid_max: never alive.
        let left = std::path::Path::new("/dev/shm/bfs-judge-4194399-0-0");
        if std::fs::create_dir_all(left).is_err() {
            return; // no /dev/shm here: nothing is held in memory either
        }
        std::fs::write(left.join("0.answer"), "x").unwrap();
        let dir = folder("sweep");
        let mut cases = one_case(&dir);
        let _holding = hold(&mut cases).unwrap();
        assert!(!left.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_huge_answer_is_held_in_place_and_a_change_to_it_is_named() {
        let dir = folder("huge");
        std::fs::File::create(dir.join("a.out"))
            .and_then(|f| f.set_len(COPY_CAP + 1))
            .unwrap();
        let mut cases = one_case(&dir);
        let _holding = hold(&mut cases).unwrap();
        let case = &cases[0];
        assert_eq!(case.answer().unwrap(), dir.join("a.out"));
        case.intact().unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.join("a.out"))
            .and_then(|mut f| f.write_all(b"3"))
            .unwrap();
        let e = case.intact().unwrap_err();
        assert!(e.contains("a.out: changed while the program ran"), "{e}");
        std::fs::remove_file(dir.join("a.out")).unwrap();
        let e = case.intact().unwrap_err();
        assert!(e.contains("a.out: is gone"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn glob_match(pattern: &str, name: &str) -> bool {
        selector(&[pattern.to_string()]).unwrap().is_match(name)
    }

    #[test]
    fn globs_match_like_the_shell() {
        assert!(glob_match("open*", "open-tie-break"));
        assert!(glob_match("sample", "sample"));
        assert!(!glob_match("sample", "sample-1"));
        assert!(glob_match("sample-?", "sample-1"));
        assert!(glob_match("*tie*", "open-tie-break"));
        assert!(glob_match("invalid/*", "invalid/nul-byte"));
        assert!(!glob_match("a*b", "acd"));
        assert!(glob_match("*", ""));
        assert!(selector(&["[".to_string()]).is_err());
    }
}
