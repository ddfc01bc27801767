//! Tests a package makes rather than ships, in one cache: Polygon's generated inputs and its
//! main solution's answers, italy_yaml's inputs from `gen/GEN` and `sol/soluzione`'s
//! answers. All live in the package's own cache folder ([`Context::scratch`]): `build/` for
//! the programs, `inputs/KEY` and `answers/KEY` for what they make, where KEY is FNV-1a
//! ([`key`]) of everything that makes the file (sources, arguments, the input, the file
//! I/O). A changed source or command line is a new key, made anew beside the old; a second
//! read finds every file and builds and runs nothing. A file is made under a temporary name
//! and renamed, so an interrupted run never leaves half a file that passes for a whole one.
//!
//! Tools (generators, validators) are built with our commands, a shell script run as
//! `cmsMake` runs it ([`script`]); a solution that makes answers is built as the package's
//! judge builds it ([`Cache::build_judged`]: CMS's `-DEVAL`, Codeforces' `ONLINE_JUDGE`).
//! The package's programs run under the judge's sandbox with the limits the reader gives;
//! one that does not end with exit code 0 is an [`Ended`], which the reader words into its
//! error. Cost: a hash of the sources and inputs per read; the first read builds each
//! program once and runs it once per file it makes.
//!
//! [`Context::scratch`]: crate::judge::format::Context::scratch
//! [`key`]: crate::judge::format::files::key

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::judge::format::error::{self, FormatError};
use crate::run::compile::{self, Judge};
use crate::run::files::Private;
use crate::run::program::Program;
use crate::run::spec::{run_program_in, Limits};
use crate::run::supervise::Kill;
use crate::run::sys::Status;

/// The cache of what one package makes, and the programs built for it in this read.
pub struct Cache<'a> {
    scratch: &'a Path,
    /// By source and by the judge it is built as (a tool is built as ours).
    built: HashMap<(PathBuf, Judge), Program>,
    /// Said on stderr before the first build (the first read takes a while), once.
    announce: Option<String>,
}

impl<'a> Cache<'a> {
    /// The cache in `scratch`, saying `announce` (if any) before it first builds.
    pub fn new(scratch: &'a Path, announce: Option<String>) -> Cache<'a> {
        Cache {
            scratch,
            built: HashMap::new(),
            announce,
        }
    }

    /// The package's cache folder.
    pub fn scratch(&self) -> &Path {
        self.scratch
    }

    /// `kind/key` (`inputs/...`, `answers/...`): the file kept there, or made now by `make`
    /// (given this cache, to build with) into a temporary file beside it; nothing is kept
    /// when `make` fails.
    pub fn keep(
        &mut self,
        kind: &str,
        key: &str,
        make: impl FnOnce(&mut Self, &Path) -> Result<(), FormatError>,
    ) -> Result<PathBuf, FormatError> {
        let kept = self.scratch.join(kind).join(key);
        if kept.is_file() {
            return Ok(kept);
        }
        let folder = self.scratch.join(kind);
        fs::create_dir_all(&folder).map_err(error::io(&folder))?;
        let part = kept.with_extension(format!("part{}", std::process::id()));
        let made =
            make(self, &part).and_then(|()| fs::rename(&part, &kept).map_err(error::io(&kept)));
        if made.is_err() {
            let _ = fs::remove_file(&part);
        }
        made.map(|()| kept)
    }

    /// The program `src` (a source, or a folder of sources as one program) built into
    /// `build/`, once a read, with our commands: a package's tool (a generator, a
    /// validator); `testlib`: a C++ source is built with g++ (`-std=gnu++17`) and the
    /// headers of its folder (testlib.h), as Polygon builds its generators. A shell script
    /// (`.sh`) is not built but run as `cmsMake` runs one (see [`script`]).
    pub fn build(&mut self, src: &Path, what: &str, testlib: bool) -> Result<Program, FormatError> {
        self.build_as(src, what, testlib, Judge::Ours)
    }

    /// [`Cache::build`] of a program the package's judge would judge (an official or main
    /// solution), built as `judge` builds it (CMS's `-DEVAL`, Codeforces' `ONLINE_JUDGE`:
    /// see `run/lang.rs`); `testlib`: a C++ source with the headers of its folder too.
    pub fn build_judged(
        &mut self,
        src: &Path,
        what: &str,
        judge: Judge,
        testlib: bool,
    ) -> Result<Program, FormatError> {
        self.build_as(src, what, testlib, judge)
    }

    fn build_as(
        &mut self,
        src: &Path,
        what: &str,
        testlib: bool,
        judge: Judge,
    ) -> Result<Program, FormatError> {
        let key = (src.to_path_buf(), judge);
        if let Some(p) = self.built.get(&key) {
            return Ok(p.clone());
        }
        if src.extension().is_some_and(|e| e == "sh") {
            let program = script(src)?;
            self.built.insert(key, program.clone());
            return Ok(program);
        }
        if let Some(said) = self.announce.take() {
            eprintln!("{said}");
        }
        let cache = self.scratch.join("build");
        fs::create_dir_all(&cache).map_err(error::io(&cache))?;
        let is_cpp = src
            .extension()
            .is_some_and(|e| ["cpp", "cc", "cxx", "c++"].iter().any(|x| e == *x));
        let langs = compile::Langs::defaults().built_by(judge);
        let program = if testlib && is_cpp {
            let includes: Vec<PathBuf> = src.parent().map(Path::to_path_buf).into_iter().collect();
            let srcs = [src.to_path_buf()];
            match langs.of(src).filter(|l| l.built_as.is_some()) {
                Some(l) => compile::build_cpp_as(&srcs, &includes, &l.build, &cache, what)?,
                None => compile::build_cpp(&srcs, &includes, "gnu++17", &cache, what)?,
            }
        } else {
            compile::build_with(src, None, &cache, &langs)
                .map_err(|e| FormatError::said(format!("{what}: {e}")))?
        };
        self.built.insert(key, program.clone());
        Ok(program)
    }
}

/// A package's shell script (`gen/generatore.sh`, `gen/valida.sh`) as a program, run as
/// `cmsMake` runs one (it links `gen/generatore` to the script and executes that): a link
/// to a program (`/bin/echo`, `/bin/true`, the usual generator of a task whose inputs are
/// its `gen/GEN` lines) runs that program; a script runs by its `#!` line, or by `sh` when
/// it has none (or is not executable, as a package unpacked from an archive may not be).
pub fn script(src: &Path) -> Result<Program, FormatError> {
    use std::io::Read;
    let target = fs::canonicalize(src).map_err(error::io(src))?;
    let mut start = [0u8; 256];
    let n = fs::File::open(&target)
        .and_then(|mut f| f.read(&mut start))
        .map_err(error::io(&target))?;
    let start = &start[..n];
    let file = target.display().to_string();
    let argv = if start.starts_with(b"\x7fELF") {
        vec![file]
    } else if let Some(line) = start.strip_prefix(b"#!") {
        let line = line.split(|b| *b == b'\n').next().unwrap_or_default();
        let mut words: Vec<String> = String::from_utf8_lossy(line)
            .split_whitespace()
            .map(String::from)
            .collect();
        if words.is_empty() {
            words.push("sh".to_string());
        }
        words.push(file);
        words
    } else {
        vec!["sh".to_string(), file]
    };
    Ok(Program::Direct(argv))
}

/// An empty file in the package's cache folder: the answer (or input) of a case that has
/// none.
pub fn empty(scratch: &Path) -> Result<PathBuf, FormatError> {
    let path = scratch.join("empty");
    if !fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() == 0) {
        fs::create_dir_all(scratch)
            .and_then(|()| fs::write(&path, b""))
            .map_err(error::io(&path))?;
    }
    Ok(path)
}

/// How a program of the package ended, when it did not end well.
#[derive(Debug)]
pub enum Ended {
    /// It could not be started: the sandbox's message.
    Unstarted(String),
    /// It ran, and was stopped or ended with another exit code than 0; what it said on
    /// stderr (its start and its end, when it said much: see [`said`]).
    Badly {
        killed: Option<Kill>,
        status: Status,
        stderr: Vec<u8>,
    },
}

impl Ended {
    /// `exited with code 1: FIRST LINE` (`was stopped (cpu)`, `was killed by signal 9`),
    /// from the first 400 bytes of stderr, as the Polygon reader says it.
    pub fn briefly(&self) -> String {
        let Ended::Badly {
            killed,
            status,
            stderr,
        } = self
        else {
            return self.fully();
        };
        let text = String::from_utf8_lossy(&stderr[..stderr.len().min(400)]);
        let said = match text.trim() {
            "" => String::new(),
            t => format!(": {}", t.lines().next().unwrap_or("")),
        };
        match (killed, status) {
            (Some(kill), _) => format!("was stopped ({}){said}", kill.name()),
            (None, Status::Code(code)) => format!("exited with code {code}{said}"),
            (None, Status::Signal(sig)) => format!("was killed by signal {sig}{said}"),
        }
    }

    /// `ended with exit code 1: LINE; LINE; LINE` (`went over its cpu limit`, `was killed
    /// by SIGKILL`), from three lines of stderr, as the italy_yaml reader says it: the
    /// first three, or of a Python traceback its last frame and the error, which come last.
    pub fn fully(&self) -> String {
        let (killed, status, stderr) = match self {
            Ended::Unstarted(why) => return why.clone(),
            Ended::Badly {
                killed,
                status,
                stderr,
            } => (killed, status, stderr),
        };
        let text = String::from_utf8_lossy(stderr);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let from = match text.contains("Traceback (most recent call last)") {
            true => lines.len().saturating_sub(3),
            false => 0,
        };
        let said = lines[from..]
            .iter()
            .take(3)
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join("; ");
        let how = match (killed, status) {
            (Some(k), _) => format!("went over its {} limit", k.name()),
            (None, Status::Code(c)) => format!("ended with exit code {c}"),
            (None, Status::Signal(s)) => {
                format!("was killed by {}", crate::run::sys::signal_name(*s))
            }
        };
        match said.as_str() {
            "" => how,
            _ => format!("{how}: {said}"),
        }
    }
}

/// How much of a program's stderr is kept at each end.
const SAID_BYTES: u64 = 2048;

/// What a program said on stderr: all of it up to twice [`SAID_BYTES`], else its first and
/// its last [`SAID_BYTES`] with a line `...` between (a Python traceback says its error
/// last).
fn said(stderr: &Path) -> Vec<u8> {
    crate::run::files::read_ends(stderr, SAID_BYTES)
}

/// Runs `program` with `args` in `cwd` under `limits`, `stdin` its input (none: empty) and
/// its stdout written to `stdout`; `Err` unless it ended with exit code 0.
pub fn run(
    program: &Program,
    args: &[String],
    stdin: Option<&Path>,
    stdout: &Path,
    cwd: &Path,
    limits: Limits,
) -> Result<(), Ended> {
    let stderr = stdout.with_extension("stderr");
    let run = run_program_in(program, args, stdin, stdout, &stderr, limits, Some(cwd))
        .map_err(Ended::Unstarted)?;
    let said = said(&stderr);
    let _ = fs::remove_file(&stderr);
    if run.killed.is_none() && run.status == Status::Code(0) {
        return Ok(());
    }
    Err(Ended::Badly {
        killed: run.killed,
        status: run.status,
        stderr: said,
    })
}

/// What a solution wrote for one input, in a folder of the run's own (gone when this is
/// dropped).
pub struct Solved {
    _folder: Private,
    /// Its output file (`output_file` in its working folder, or its stdout), which may be
    /// missing when it wrote none.
    pub output: PathBuf,
}

/// Runs the solution `program` on `input` with the problem's file I/O (`input_file` copied
/// into its working folder, else on stdin; its `output_file` there, else its stdout); the
/// outer `Err` is the judge's own trouble, the inner one the program's.
pub fn solve(
    program: &Program,
    input: &Path,
    input_file: Option<&str>,
    output_file: Option<&str>,
    limits: Limits,
) -> Result<Result<Solved, Ended>, FormatError> {
    // A folder of the run's own, which isolation lets it write in (as a case's).
    let folder = Private::new()?;
    let work = folder.join("work");
    fs::create_dir(&work).map_err(error::io(&work))?;
    let stdin = match input_file {
        Some(name) => {
            let to = work.join(name);
            fs::copy(input, &to).map_err(error::io(&to))?;
            None
        }
        None => Some(input),
    };
    let stdout = folder.join("stdout");
    if let Err(ended) = run(program, &[], stdin, &stdout, &work, limits) {
        return Ok(Err(ended));
    }
    let output = match output_file {
        Some(name) => work.join(name),
        None => stdout,
    };
    Ok(Ok(Solved {
        _folder: folder,
        output,
    }))
}
