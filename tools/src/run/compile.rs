//! Building a package's programs from source: submissions, output validators, input
//! validators, checkers. One table of languages, each with the command that builds it and the
//! command that runs it, shown by `verify --help` and `bfs-judge languages` (with whether
//! each is installed here):
//!
//! | language | files        | build                                            | run                 |
//! |----------|--------------|--------------------------------------------------|---------------------|
//! | C        | `.c`         | `gcc -O2 -std=gnu17 -o EXE SRC... -lm`           | `EXE`               |
//! | C++      | `.cc .cpp .cxx .c++ .C` | `g++ -O2 -std=gnu++20 -o EXE SRC...`  | `EXE`               |
//! | Rust     | `.rs`        | `rustc --edition 2021 -O -o EXE SRC`             | `EXE`               |
//! | Python 3 | `.py .py3`   | (none)                                           | `python3 SRC`       |
//! | Java     | `.java`      | `javac -encoding UTF-8 -d DIR SRC...`            | `java -Xss64m -cp DIR CLASS` |
//! | Kotlin   | `.kt`        | `kotlinc SRC -include-runtime -d DIR/prog.jar`   | `java -Xss64m -jar DIR/prog.jar` |
//! | Go       | `.go`        | `go build -o EXE SRC`                            | `EXE`               |
//!
//! A single file is built by [`build_source`], from [`Langs`] (these commands, with a user's
//! config laid over them): `bfs-judge test main.cpp` and `verify`'s one-file submissions
//! alike, cached by a hash of the source's bytes and the commands (a compile error too, so
//! a broken source is not compiled again). Folders (Kattis submissions of several files) are
//! built by the rest of [`build`]. Every compiler runs under a time limit
//! ([`COMPILE_TIME_LIMIT_S`], or `compile_time_limit` in a config file): past it, it is
//! killed and the program's verdict is a compile error.
//!
//! A program is a file or a folder of files in one language (the Kattis format's rule); a
//! folder with a `build` or `run` script is built and run by those. A language whose compiler
//! is not installed, or one outside the table, is [`BuildError::Unsupported`]: the caller
//! lists the program as skipped with that reason. Builds go to `DIR/<name>-<hash>/`, the hash
//! taken over the sources' paths, sizes and times, so an unchanged program is built once.

use std::ffi::OsStr;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::run::files::Private;
use crate::run::hash::Fnv1a;
use crate::run::program::Program;
use crate::run::spec::{Limits, RunError, Spec};
use crate::run::supervise::Kill;
use crate::run::sys::{self, Status};

/// How long a compiler may run, by default (CMS and DOMjudge have such a limit too): a
/// template bomb or a compiler waiting on a terminal is stopped, and is a compile error.
pub const COMPILE_TIME_LIMIT_S: u64 = 60;

/// How much memory a build may hold, by default, MiB: `g++` on a large template program
/// needs a few hundred; `#include </dev/zero>` would take every byte of the machine.
pub const COMPILE_MEMORY_LIMIT_MIB: u64 = 2048;

/// The most a compiler may write to stdout (its messages go to stderr, of which the
/// supervisor keeps the first and last 64 KiB whatever the amount).
const COMPILE_OUTPUT_BYTES: u64 = 16 << 20;

/// A build's limits: wall time (`compile_time_limit`) and memory (`compile_memory_limit`);
/// processes and file sizes are bounded as for every run (see `supervise.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    pub time: Duration,
    pub memory_mib: u64,
}

impl Default for BuildLimits {
    fn default() -> BuildLimits {
        BuildLimits {
            time: Duration::from_secs(COMPILE_TIME_LIMIT_S),
            memory_mib: COMPILE_MEMORY_LIMIT_MIB,
        }
    }
}

/// A compiler's run: it ended (whether it succeeded, and what it said), or it was stopped
/// at one of its limits (why, in words).
enum Compiled {
    Ended {
        success: bool,
        ended: String,
        said: String,
    },
    Stopped(String),
}

/// Runs the compiler `argv` as a judged program is run (see `spec.rs`): in the
/// judge's isolation, with no stdin, in `cwd` (`None`: the judge's folder), writing only in
/// `writable` (the build's own folders) and its private /tmp, under `limits`; what it says
/// on stdout and stderr is collected. A compiler past a limit is killed with everything it
/// started, and named. `Err`: it cannot be started (not installed), or the judge failed.
fn run_limited(
    argv: Vec<String>,
    cwd: Option<&Path>,
    writable: &[PathBuf],
    limits: BuildLimits,
) -> Result<Compiled, RunError> {
    let private =
        Private::for_output(COMPILE_OUTPUT_BYTES).map_err(|e| RunError::Judge(e.to_string()))?;
    let (out, err) = (private.join("stdout"), private.join("stderr"));
    let compiler = Program::Direct(argv);
    let run = Spec::of(
        &compiler,
        &out,
        &err,
        Limits {
            time_ms: limits.time.as_millis() as u64,
            wall_time: true,
            memory_kib: limits.memory_mib.saturating_mul(1024),
            output_bytes: COMPILE_OUTPUT_BYTES,
            stack_kib: None,
        },
    )
    .cwd(cwd)
    .writable(writable)
    .run()?;
    let limit = |what: String| Ok(Compiled::Stopped(what));
    match run.killed {
        Some(Kill::Wall | Kill::Cpu) => return limit(too_long(limits.time)),
        Some(Kill::Memory) => {
            return limit(format!(
                "the compiler passed the build's memory limit of {} MiB \
                 (compile_memory_limit in a config file raises it)",
                limits.memory_mib
            ))
        }
        Some(Kill::Processes) => {
            return limit(format!(
                "the build passed the process limit of {} processes and threads",
                run.task_limit.max(crate::run::supervise::PROCESSES)
            ))
        }
        Some(Kill::Output) => {
            return limit(format!(
                "the compiler wrote more than {} MiB to stdout",
                COMPILE_OUTPUT_BYTES >> 20
            ))
        }
        Some(Kill::Cancelled) => return limit("the build was interrupted".to_string()),
        Some(Kill::SupervisorKilled | Kill::SupervisorStopped) | None => {}
    }
    let mut said =
        String::from_utf8_lossy(&crate::run::files::read_capped(&err, 1 << 20)).into_owned();
    said.push_str(&String::from_utf8_lossy(&crate::run::files::read_capped(
        &out,
        1 << 20,
    )));
    let (success, ended) = match run.status {
        Status::Code(0) => (true, "exit code 0".to_string()),
        Status::Code(c) => (false, format!("exit code {c}")),
        Status::Signal(sig) => (false, format!("signal {}", sys::signal_name(sig))),
    };
    Ok(Compiled::Ended {
        success,
        ended,
        said,
    })
}

/// The compile error of a compiler stopped at `limit`.
fn too_long(limit: Duration) -> String {
    format!("compilation took longer than {} s", limit.as_secs())
}

/// Makes the program a build wrote executable, as the judge itself: a Landlock-confined
/// linker may not `chmod` it (see `jail/landlock.rs`), and `ld` does not fail when it cannot.
fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(m) = fs::metadata(path) {
        if m.is_file() && m.permissions().mode() & 0o100 == 0 {
            let mode = m.permissions().mode() | 0o111;
            let _ = fs::set_permissions(path, fs::Permissions::from_mode(mode));
        }
    }
}

/// Words of a command line from paths and strings.
fn words<I, S>(parts: I) -> Vec<String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    parts
        .into_iter()
        .map(|p| p.as_ref().to_string_lossy().into_owned())
        .collect()
}

/// The languages as a table, one line each: name, extensions, the build and run commands
/// (`{src}`, `{exe}`... as a config file writes them), and whether the tool each needs is on
/// this machine's PATH (looked up now: a few `stat`s per language).
pub fn table(langs: &Langs) -> String {
    let rows: Vec<[String; 4]> = langs
        .list
        .iter()
        .map(|l| {
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            let missing: Vec<&str> = l
                .build
                .first()
                .into_iter()
                .chain(l.run.first())
                .filter(|t| !t.contains('{') && !on_path(t))
                .map(|t| t.as_str())
                .collect();
            let here = if missing.is_empty() {
                "found".to_string()
            } else {
                format!("missing {}", missing.join(", "))
            };
            let build = if l.build.is_empty() {
                String::new()
            } else {
                format!("build: {}; ", l.build.join(" "))
            };
            [
                l.name.clone(),
                exts.join(" "),
                here,
                format!("{build}run: {}", l.run.join(" ")),
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    rows.iter()
        .map(|r| format!("  {:<w0$}  {:<w1$}  {:<w2$}  {}", r[0], r[1], r[2], r[3]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `verify`'s long help: what it does and the languages, found or not on this machine.
pub fn verify_help() -> String {
    format!(
        "The problem setter's check: build and judge every submission PACKAGE lists \
         (submissions/<verdict>/ of a Kattis package, sol/ and [[solutions]] of a Library \
         Checker folder), one line each: expected and actual verdict, and the case that \
         decided it. Exit 0 when every submission that could be built got its expected \
         verdict; one in a language not installed is listed as skipped with the reason. \
         A folder submission of C or C++ is built with all its files, with its own `build`/\
         `run` scripts where it has them. A Kattis package's Python 3 runs by pypy3 where it \
         is installed (pypy3 is {}), as Kattis runs it.\n\
         Languages (`bfs-judge languages` shows them with your config's commands):\n{}",
        if on_path("pypy3") { "here" } else { "not here" },
        table(&Langs::defaults())
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    C,
    Cpp,
    Rust,
    Python3,
    Java,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "C",
            Lang::Cpp => "C++",
            Lang::Rust => "Rust",
            Lang::Python3 => "Python 3",
            Lang::Java => "Java",
        }
    }

    /// The tool the language needs on PATH.
    fn tool(self) -> &'static str {
        match self {
            Lang::C => "gcc",
            Lang::Cpp => "g++",
            Lang::Rust => "rustc",
            Lang::Python3 => "python3",
            Lang::Java => "javac",
        }
    }
}

/// Why a program was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// Not a language we build here, or its compiler is missing: skipped, with the reason.
    Unsupported(String),
    /// The compiler rejected it: its message.
    Failed(String),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Unsupported(s) | BuildError::Failed(s) => f.write_str(s),
        }
    }
}

/// The language of one source file, from its extension (and a Python file's `#!` line).
fn lang_of(path: &Path) -> Result<Option<Lang>, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
    Ok(match ext.as_deref() {
        Some("c") => Some(Lang::C),
        Some("cc" | "cpp" | "cxx" | "c++" | "C") => Some(Lang::Cpp),
        Some("rs") => Some(Lang::Rust),
        Some("java") => Some(Lang::Java),
        // Built as single files only (by `build_source`), never as part of a folder.
        Some("go" | "kt") if path.is_file() => None,
        Some("py3") => Some(Lang::Python3),
        Some("py") => {
            let text = fs::read_to_string(path).unwrap_or_default();
            let first = text.lines().next().unwrap_or("");
            if first.starts_with("#!") && first.contains("python2") {
                return Err(format!(
                    "{} is Python 2 (its #! line): not supported",
                    name.unwrap_or_default()
                ));
            }
            Some(Lang::Python3)
        }
        Some("h" | "hpp" | "hh" | "txt" | "md" | "yaml" | "desc") => None,
        Some(other) => {
            return Err(format!(
                "the language of .{other} is not one built here (C, C++, Rust, Python 3, Java)"
            ))
        }
        None => None,
    })
}

fn on_path(tool: &str) -> bool {
    Program::Direct(vec![tool.to_string()])
        .check_runnable()
        .is_ok()
}

/// The source files of a program (a file, or every file of a folder, recursively), sorted.
fn sources(program: &Path) -> Vec<PathBuf> {
    if program.is_file() {
        return vec![program.to_path_buf()];
    }
    let mut v = Vec::new();
    let mut stack = vec![program.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

/// `dir/<name>-<hash of the sources>`, created.
fn build_dir(dir: &Path, name: &str, srcs: &[PathBuf], salt: &str) -> Result<PathBuf, String> {
    let mut h = Fnv1a::new();
    salt.hash(&mut h);
    for s in srcs {
        s.hash(&mut h);
        if let Ok(m) = fs::metadata(s) {
            m.len().hash(&mut h);
            m.modified().ok().hash(&mut h);
        }
    }
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let d = dir.join(format!("{safe}-{:016x}", h.finish()));
    fs::create_dir_all(&d).map_err(|e| format!("{}: {e}", d.display()))?;
    Ok(d)
}

/// Runs the compiler `argv` for the program `what`, writing in `dir` (and starting in `cwd`
/// where given): `Err` is its first error line (a verdict), or why it could not run.
fn run_compiler(
    argv: Vec<String>,
    cwd: Option<&Path>,
    dir: &Path,
    what: &str,
) -> Result<(), BuildError> {
    let shown = argv.join(" ");
    let out = match run_limited(argv, cwd, &[dir.to_path_buf()], BuildLimits::default()) {
        Ok(Compiled::Ended { success: true, .. }) => return Ok(()),
        Ok(Compiled::Ended { said, .. }) => said,
        Ok(Compiled::Stopped(why)) => return Err(BuildError::Failed(format!("{what}: {why}"))),
        Err(RunError::CannotStart { why: e, .. }) => {
            return Err(BuildError::Unsupported(format!("cannot run {shown}: {e}")))
        }
        Err(RunError::Judge(e)) => {
            return Err(BuildError::Failed(format!("{what}: judge error: {e}")))
        }
    };
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines
        .iter()
        .find(|l| l.contains("error"))
        .or(lines.first())
        .copied()
        .unwrap_or("");
    Err(BuildError::Failed(format!(
        "{what}: compile error: {}",
        crate::text::printable(first.trim().as_bytes())
    )))
}

/// Builds the program at `path` (a file or a folder) into a folder under `cache`; `Ok` is
/// the command that runs it.
pub fn build(path: &Path, cache: &Path) -> Result<Program, BuildError> {
    build_from(path, None, cache)
}

/// Whether `file` is the one `entrypoint` names: by its name or, for a Java class, its stem.
fn is_entry(file: &Path, entrypoint: Option<&str>) -> bool {
    entrypoint.is_some_and(|e| {
        file.file_name() == Some(OsStr::new(e)) || file.file_stem() == Some(OsStr::new(e))
    })
}

/// [`build`], a folder's program starting from the file `entrypoint` where it is given
/// (the Python file run, the Rust file compiled, the Java class run); otherwise from
/// `__main__.py`, `main.rs`, the class with `main`, or the first source.
pub fn build_from(
    path: &Path,
    entrypoint: Option<&str>,
    cache: &Path,
) -> Result<Program, BuildError> {
    build_with(path, entrypoint, cache, "python3")
}

/// The Python 3 a Kattis package's own tool runs submissions with: problemtools'
/// `languages.yaml` runs them with PyPy (`pypy3`) where it is installed, else CPython.
pub fn kattis_python() -> &'static str {
    if on_path("pypy3") {
        "pypy3"
    } else {
        "python3"
    }
}

/// [`build_from`], Python 3 sources run (and syntax-checked) by `python` (`python3` or
/// `pypy3`).
pub fn build_with(
    path: &Path,
    entrypoint: Option<&str>,
    cache: &Path,
    python: &str,
) -> Result<Program, BuildError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let failed = |e: String| BuildError::Failed(e);
    if path.is_dir() && (path.join("build").is_file() || path.join("run").is_file()) {
        // The Kattis format's own scripts: `build` in a copy of the folder, then `run`.
        let srcs = sources(path);
        let dir = build_dir(cache, &name, &srcs, "scripts").map_err(failed)?;
        let copy = dir.join("prog");
        if !copy.join("run").is_file() {
            let _ = fs::remove_dir_all(&copy);
            copy_dir(path, &copy).map_err(failed)?;
            if copy.join("build").is_file() {
                run_compiler(
                    words(["sh", "build"]),
                    Some(&copy),
                    &copy,
                    &format!("{name}/build"),
                )?;
            }
        }
        let run = copy.join("run");
        make_executable(&run);
        if !run.is_file() {
            return Err(failed(format!("{name}: no `run` after `build`")));
        }
        return Ok(Program::Direct(vec![run.display().to_string()]));
    }
    if path.is_file() {
        // One file: the one builder of single sources (`test main.cpp` builds the same way).
        lang_of(path).map_err(BuildError::Unsupported)?;
        return match build_source(path, cache, &Langs::defaults().with_python(python)) {
            Ok(Some(program)) => Ok(program),
            Ok(None) => Err(BuildError::Unsupported(format!(
                "{name}: not a source file in a known language"
            ))),
            Err(SourceError::Unsupported(why)) => Err(BuildError::Unsupported(why)),
            Err(e @ SourceError::Rejected { .. }) => {
                Err(BuildError::Failed(format!("{name}: {e}")))
            }
            Err(SourceError::Judge(why)) => Err(BuildError::Failed(why)),
        };
    }
    let srcs = sources(path);
    let mut langs = Vec::new();
    for s in &srcs {
        if let Some(l) = lang_of(s).map_err(BuildError::Unsupported)? {
            if !langs.contains(&l) {
                langs.push(l);
            }
        }
    }
    // C++ folders often hold a C-compatible header or helper: C++ wins over C.
    if langs.contains(&Lang::Cpp) {
        langs.retain(|l| *l != Lang::C);
    }
    let lang = match langs[..] {
        [l] => l,
        [] => {
            return Err(BuildError::Unsupported(format!(
                "{name}: no source file in a known language"
            )))
        }
        _ => {
            return Err(BuildError::Unsupported(format!(
                "{name}: sources in several languages ({})",
                langs
                    .iter()
                    .map(|l| l.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )))
        }
    };
    if !on_path(lang.tool()) {
        return Err(BuildError::Unsupported(format!(
            "{} is not installed ({} not on PATH)",
            lang.name(),
            lang.tool()
        )));
    }
    let of = |l: Lang| -> Vec<PathBuf> {
        srcs.iter()
            .filter(|s| lang_of(s).ok().flatten() == Some(l))
            .cloned()
            .collect()
    };
    match lang {
        Lang::C | Lang::Cpp => {
            let files = of(lang);
            let dir = build_dir(cache, &name, &files, lang.tool()).map_err(failed)?;
            let exe = dir.join("prog");
            if !exe.is_file() {
                let std = if lang == Lang::C {
                    "-std=gnu17"
                } else {
                    "-std=gnu++20"
                };
                let mut argv = words([lang.tool(), "-O2", std, "-o"]);
                argv.extend(words([&exe]).into_iter().chain(words(&files)));
                if lang == Lang::C {
                    argv.push("-lm".to_string());
                }
                if path.is_dir() {
                    argv.extend(words([Path::new("-I"), path]));
                }
                run_compiler(argv, None, &dir, &name)?;
                make_executable(&exe);
            }
            Ok(Program::Direct(vec![exe.display().to_string()]))
        }
        Lang::Rust => {
            let files = of(lang);
            let main = files
                .iter()
                .find(|f| is_entry(f, entrypoint))
                .or_else(|| {
                    files
                        .iter()
                        .find(|f| f.file_name().is_some_and(|n| n == "main.rs"))
                })
                .or(files.first())
                .cloned()
                .ok_or_else(|| failed(format!("{name}: no .rs file")))?;
            let dir = build_dir(cache, &name, &files, "rustc").map_err(failed)?;
            let exe = dir.join("prog");
            if !exe.is_file() {
                let mut argv = words(["rustc", "--edition", "2021", "-O", "-o"]);
                argv.extend(words([&exe, &main]));
                run_compiler(argv, None, &dir, &name)?;
                make_executable(&exe);
            }
            Ok(Program::Direct(vec![exe.display().to_string()]))
        }
        Lang::Python3 => {
            let files = of(lang);
            let main = if path.is_dir() {
                files
                    .iter()
                    .find(|f| is_entry(f, entrypoint))
                    .or_else(|| {
                        files
                            .iter()
                            .find(|f| f.file_name().is_some_and(|n| n == "__main__.py"))
                    })
                    .or(files.first())
                    .cloned()
            } else {
                Some(path.to_path_buf())
            }
            .ok_or_else(|| failed(format!("{name}: no .py file")))?;
            Ok(Program::Direct(vec![
                python.to_string(),
                main.display().to_string(),
            ]))
        }
        Lang::Java => {
            if !on_path("java") {
                return Err(BuildError::Unsupported(
                    "Java is not installed (java not on PATH)".to_string(),
                ));
            }
            let files = of(lang);
            let dir = build_dir(cache, &name, &files, "javac").map_err(failed)?;
            let classes = dir.join("classes");
            // The class with `main`: the file that declares it, named as its class.
            let main = files
                .iter()
                .find(|f| is_entry(f, entrypoint))
                .or_else(|| {
                    files.iter().find(|f| {
                        fs::read_to_string(f).is_ok_and(|t| {
                            t.contains("static void main") || t.contains("void main(")
                        })
                    })
                })
                .or(files.first())
                .and_then(|f| f.file_stem())
                .map(|s| s.to_string_lossy().into_owned())
                .ok_or_else(|| failed(format!("{name}: no .java file")))?;
            if !classes.join(format!("{main}.class")).is_file() {
                fs::create_dir_all(&classes).map_err(|e| failed(e.to_string()))?;
                let mut argv = words(["javac", "-encoding", "UTF-8", "-d"]);
                argv.extend(words([&classes]).into_iter().chain(words(&files)));
                run_compiler(argv, None, &dir, &name)?;
            }
            Ok(Program::Direct(vec![
                "java".to_string(),
                "-Xss64m".to_string(),
                "-cp".to_string(),
                classes.display().to_string(),
                main,
            ]))
        }
    }
}

/// Builds C++ sources with g++ at `-std=STD` and include folders (testlib checkers).
pub fn build_cpp(
    srcs: &[PathBuf],
    includes: &[PathBuf],
    std: &str,
    cache: &Path,
    what: &str,
) -> Result<Program, String> {
    if !on_path("g++") {
        return Err(format!(
            "{what}: g++ is not installed, and it is needed to build {}",
            srcs[0].display()
        ));
    }
    let name = srcs[0]
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = build_dir(cache, &name, srcs, std)?;
    let exe = dir.join(&name);
    if !exe.is_file() {
        let mut argv = words([
            "g++".to_string(),
            "-O2".into(),
            format!("-std={std}"),
            "-o".into(),
        ]);
        argv.extend(words([&exe]).into_iter().chain(words(srcs)));
        for i in includes {
            argv.extend(words([Path::new("-I"), i]));
        }
        run_compiler(argv, None, &dir, what).map_err(|e| e.to_string())?;
        make_executable(&exe);
    }
    Ok(Program::Direct(vec![exe.display().to_string()]))
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for e in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst)?;
        } else {
            fs::copy(&src, &dst).map_err(|e| format!("{}: {e}", dst.display()))?;
        }
    }
    Ok(())
}

/// One language a single source file is built in: which files are its, the command that
/// builds one (none: nothing to build) and the command that runs it. Commands are words,
/// executed directly (no shell), in which `{src}` is the source file, `{exe}` the program
/// built, `{dir}` the build's own folder and `{class}` a Java/Kotlin file's main class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangSpec {
    /// The config file's key: `cpp` for `[lang.cpp]`.
    pub key: String,
    pub name: String,
    pub extensions: Vec<String>,
    pub build: Vec<String>,
    pub run: Vec<String>,
    /// The config file that gave the build command, `None`: ours. Said in the header: a
    /// folder's `.bfs-judge.toml` may come with a contest's files.
    pub build_from: Option<PathBuf>,
}

/// The languages of single source files: ours ([`Langs::defaults`]) with a user's config
/// tables laid over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Langs {
    pub list: Vec<LangSpec>,
    /// How long one build may take and how much memory it may hold: [`BuildLimits`]'s
    /// defaults, or a config file's `compile_time_limit` (seconds) and
    /// `compile_memory_limit` (MiB).
    pub limits: BuildLimits,
}

/// The default commands, the flags judges use (Codeforces' and AtCoder's `-O2`, GNU C++20;
/// `ONLINE_JUDGE` is not defined: a local run is not the judge's, and `#ifndef ONLINE_JUDGE`
/// debug output goes to stderr, which is not judged).
/// key, name, extensions, build, run.
type Default5 = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const DEFAULTS: &[Default5] = &[
    (
        "c",
        "C",
        &["c"],
        &["gcc", "-std=gnu17", "-O2", "-o", "{exe}", "{src}", "-lm"],
        &["{exe}"],
    ),
    (
        "cpp",
        "C++",
        &["cpp", "cc", "cxx", "c++", "C"],
        &["g++", "-std=gnu++20", "-O2", "-o", "{exe}", "{src}"],
        &["{exe}"],
    ),
    (
        "rust",
        "Rust",
        &["rs"],
        &["rustc", "--edition", "2021", "-O", "-o", "{exe}", "{src}"],
        &["{exe}"],
    ),
    (
        "python",
        "Python 3",
        &["py", "py3"],
        // A syntax error is a compile error, as judges report it; nothing is written (no
        // __pycache__ in the user's folder).
        &[
            "python3",
            "-c",
            "import sys; compile(open(sys.argv[1], \"rb\").read(), sys.argv[1], \"exec\")",
            "{src}",
        ],
        &["python3", "{src}"],
    ),
    (
        "java",
        "Java",
        &["java"],
        &["javac", "-encoding", "UTF-8", "-d", "{dir}", "{src}"],
        &["java", "-Xss64m", "-cp", "{dir}", "{class}"],
    ),
    (
        "kotlin",
        "Kotlin",
        &["kt"],
        &[
            "kotlinc",
            "{src}",
            "-include-runtime",
            "-d",
            "{dir}/prog.jar",
        ],
        &["java", "-Xss64m", "-jar", "{dir}/prog.jar"],
    ),
    (
        "go",
        "Go",
        &["go"],
        &["go", "build", "-o", "{exe}", "{src}"],
        &["{exe}"],
    ),
];

/// A config file's `[lang.KEY]` table: any field given replaces ours; a new KEY is a new
/// language (it then needs `extensions` and `run`).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LangTable {
    name: Option<String>,
    extensions: Option<Vec<String>>,
    build: Option<Words>,
    run: Option<Words>,
}

/// A command as one string split on whitespace, or as a list of words (for a word with
/// spaces in it).
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
enum Words {
    Line(String),
    List(Vec<String>),
}

impl Words {
    fn words(self) -> Vec<String> {
        match self {
            Words::Line(l) => l.split_whitespace().map(String::from).collect(),
            Words::List(v) => v,
        }
    }
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    /// Seconds a build may take.
    compile_time_limit: Option<u64>,
    /// MiB a build may hold.
    compile_memory_limit: Option<u64>,
    #[serde(default)]
    lang: std::collections::BTreeMap<String, LangTable>,
}

impl Default for Langs {
    fn default() -> Langs {
        Langs::defaults()
    }
}

impl Langs {
    pub fn defaults() -> Langs {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect();
        Langs {
            list: DEFAULTS
                .iter()
                .map(|(key, name, exts, build, run)| LangSpec {
                    key: key.to_string(),
                    name: name.to_string(),
                    extensions: words(exts),
                    build: words(build),
                    run: words(run),
                    build_from: None,
                })
                .collect(),
            limits: BuildLimits::default(),
        }
    }

    /// These languages with Python 3 built and run by `python` instead of `python3`.
    pub fn with_python(mut self, python: &str) -> Langs {
        for l in self.list.iter_mut().filter(|l| l.key == "python") {
            for w in l.build.iter_mut().chain(l.run.iter_mut()) {
                if w == "python3" {
                    *w = python.to_string();
                }
            }
        }
        self
    }

    /// These languages with a config file's `[lang.*]` tables laid over them; `from` names
    /// the file in errors.
    pub fn overlay(mut self, text: &str, from: &Path) -> Result<Langs, String> {
        let config: ConfigFile =
            toml::from_str(text).map_err(|e| format!("{}: {}", from.display(), e.message()))?;
        if let Some(secs) = config.compile_time_limit {
            if secs == 0 {
                return Err(format!(
                    "{}: compile_time_limit = 0: a build needs at least 1 second",
                    from.display()
                ));
            }
            self.limits.time = Duration::from_secs(secs);
        }
        if let Some(mib) = config.compile_memory_limit {
            if mib < 16 {
                return Err(format!(
                    "{}: compile_memory_limit = {mib}: a build needs at least 16 MiB",
                    from.display()
                ));
            }
            self.limits.memory_mib = mib;
        }
        for (key, t) in config.lang {
            let at =
                match self.list.iter().position(|l| l.key == key) {
                    Some(at) => at,
                    None => {
                        if t.extensions.is_none() || t.run.is_none() {
                            return Err(format!(
                            "{}: [lang.{key}] is a language of yours: it needs `extensions` and \
                             `run` (known: {})",
                            from.display(),
                            self.list.iter().map(|l| l.key.as_str()).collect::<Vec<_>>().join(", ")
                        ));
                        }
                        self.list.push(LangSpec {
                            key: key.clone(),
                            name: key.clone(),
                            extensions: Vec::new(),
                            build: Vec::new(),
                            run: Vec::new(),
                            build_from: None,
                        });
                        self.list.len() - 1
                    }
                };
            let l = &mut self.list[at];
            if let Some(name) = t.name {
                l.name = name;
            }
            if let Some(exts) = t.extensions {
                let exts: Vec<String> = exts
                    .into_iter()
                    .map(|e| e.trim_start_matches('.').to_string())
                    .collect();
                // An extension claimed by a user's language is no longer another's.
                let claimed = exts.clone();
                l.extensions = exts;
                let key = l.key.clone();
                for other in self.list.iter_mut().filter(|o| o.key != key) {
                    other.extensions.retain(|e| !claimed.contains(e));
                }
            }
            let l = &mut self.list[at];
            if let Some(build) = t.build {
                l.build = build.words();
                l.build_from = Some(from.to_path_buf());
            }
            if let Some(run) = t.run {
                l.run = run.words();
                if l.run.is_empty() {
                    return Err(format!("{}: [lang.{key}] run is empty", from.display()));
                }
            }
        }
        Ok(self)
    }

    /// The language of `path` by its extension, if it is one of these.
    pub fn of(&self, path: &Path) -> Option<&LangSpec> {
        let ext = path.extension()?.to_str()?;
        self.list
            .iter()
            .find(|l| l.extensions.iter().any(|e| e == ext))
    }
}

/// Why a source was not made into a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceError {
    /// Its compiler is not installed, or it cannot be run: a setup error.
    Unsupported(String),
    /// The compiler rejected it (a verdict: CE): the command, and its first error lines.
    Rejected { command: String, lines: Vec<String> },
    /// The judge's own trouble (the cache folder).
    Judge(String),
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourceError::Unsupported(s) | SourceError::Judge(s) => f.write_str(s),
            SourceError::Rejected { lines, .. } => {
                write!(
                    f,
                    "compile error: {}",
                    lines.first().map_or("", |l| l.as_str())
                )
            }
        }
    }
}

/// How many of the compiler's lines a CE shows, from its first error on.
pub const CE_LINES: usize = 10;

/// A Java or Kotlin source's main class: its public class, else its first class, else
/// `Main` (which a judge requires anyway).
fn main_class(text: &str) -> String {
    let after = |key: &str| {
        text.split(key)
            .nth(1)
            .and_then(|rest| {
                rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next()
            })
            .filter(|w| !w.is_empty())
            .map(String::from)
    };
    after("public class ")
        .or_else(|| after("class "))
        .unwrap_or_else(|| "Main".to_string())
}

/// The compiler's first error lines: from the first line that says `error`, at most
/// [`CE_LINES`], each made printable.
pub fn first_error_lines(said: &str) -> Vec<String> {
    let lines: Vec<&str> = said.lines().filter(|l| !l.trim().is_empty()).collect();
    // A Python traceback: from its last frame, the user's file and line, to the error.
    let traceback = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("File \""))
        .filter(|_| said.contains("Traceback (most recent call last)"));
    let from = traceback.unwrap_or_else(|| {
        lines
            .iter()
            .position(|l| l.to_ascii_lowercase().contains("error"))
            .unwrap_or(0)
    });
    lines[from..]
        .iter()
        .take(CE_LINES)
        .map(|l| crate::text::printable(l.trim_end().as_bytes()))
        .collect()
}

/// A compile error as the build cache keeps it (`NAME-HASH.ce`, JSON).
#[derive(serde::Serialize, serde::Deserialize)]
struct CachedError {
    command: String,
    lines: Vec<String>,
}

/// Keeps `ce` at `path`, written aside and renamed into place; a cache that cannot be
/// written only costs a compile next time.
fn keep_error(path: &Path, ce: &CachedError) {
    let Ok(json) = serde_json::to_vec(ce) else {
        return;
    };
    let aside = path.with_extension(format!("ce-{}", std::process::id()));
    if fs::write(&aside, json).is_err() || fs::rename(&aside, path).is_err() {
        let _ = fs::remove_file(&aside);
    }
}

/// Builds the single source file `src` in its language (by extension, from `langs`) into a
/// folder of `cache` named by a hash of the source's bytes and the language's commands, so
/// that an unchanged source with unchanged flags is built once, whichever folder it is
/// judged from; one that failed to compile is kept as its compile error (`NAME-HASH.ce`),
/// shown again without compiling. A compiler that runs past `langs.compile_limit` is
/// killed, with its process group: a compile error that is not kept. `Ok(None)`: not a source of any of these languages. The build goes to a
/// folder of its own, renamed into place when done, so that two judges building at once
/// never see half a build.
pub fn build_source(
    src: &Path,
    cache: &Path,
    langs: &Langs,
) -> Result<Option<Program>, SourceError> {
    let Some(lang) = langs.of(src) else {
        return Ok(None);
    };
    // The compiler gets the path as given (its messages then name the file as the user
    // does); the run, which may start in another folder, gets it absolute.
    let given = src;
    let src = std::path::absolute(src).map_err(|e| SourceError::Judge(e.to_string()))?;
    let text =
        fs::read(&src).map_err(|e| SourceError::Unsupported(format!("{}: {e}", src.display())))?;
    let tool = lang.build.first().unwrap_or(&lang.run[0]);
    if !tool.contains('{') && !on_path(tool) {
        return Err(SourceError::Unsupported(format!(
            "{} is not installed ({tool} not on PATH), and it is needed to build {}; give your \
             own command in [lang.{}] of ~/.config/bfs-judge/config.toml",
            lang.name,
            src.display(),
            lang.key
        )));
    }
    let mut h = Fnv1a::new().bytes(&text);
    let between = "\0run".to_string();
    for w in lang.build.iter().chain([&between]).chain(&lang.run) {
        h = h.bytes(w.as_bytes()).bytes(b"\0");
    }
    // The compiler itself (its file's size and time): an upgraded g++ builds anew.
    if let Some(found) = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(tool))
            .find(|c| c.is_file())
    }) {
        if let Ok(m) = fs::metadata(&found) {
            h = h.bytes(&m.len().to_le_bytes());
            let t = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
            h = h.bytes(&t.map_or(0, |d| d.as_nanos()).to_le_bytes());
        }
    }
    // Java's class name comes from the file's name: the same text in two files differs.
    let h = h
        .bytes(src.file_name().unwrap_or_default().as_encoded_bytes())
        .value();
    let stem = src
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let safe: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let done = cache.join(format!("{safe}-{:016x}", h));
    let class = main_class(&String::from_utf8_lossy(&text));
    let fill = |words: &[String], src: &Path, dir: &Path| -> Vec<String> {
        words
            .iter()
            .map(|w| {
                w.replace("{src}", &src.display().to_string())
                    .replace("{exe}", &dir.join("prog").display().to_string())
                    .replace("{dir}", &dir.display().to_string())
                    .replace("{class}", &class)
            })
            .collect()
    };
    let run = Program::Direct(fill(&lang.run, &src, &done));
    if done.is_dir() || lang.build.is_empty() {
        return Ok(Some(run));
    }
    // A source that did not compile is not compiled again: its compile error is kept
    // beside the builds, under the same key.
    let failed = cache.join(format!("{safe}-{h:016x}.ce"));
    if let Some(ce) = fs::read(&failed)
        .ok()
        .and_then(|b| serde_json::from_slice::<CachedError>(&b).ok())
    {
        return Err(SourceError::Rejected {
            command: ce.command,
            lines: ce.lines,
        });
    }
    fs::create_dir_all(cache)
        .map_err(|e| SourceError::Judge(format!("{}: {e}", cache.display())))?;
    let scratch = cache.join(format!(
        ".{safe}-{:016x}.building-{}",
        h,
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch)
        .map_err(|e| SourceError::Judge(format!("{}: {e}", scratch.display())))?;
    let argv = fill(&lang.build, given, &scratch);
    // Shown as the user would type it: the build folder's files by their own names.
    let command = fill(&lang.build, given, Path::new("."))
        .iter()
        .map(|w| crate::run::program::shell_quote(w.strip_prefix("./").unwrap_or(w)))
        .collect::<Vec<_>>()
        .join(" ");
    let tool = argv[0].clone();
    let out = run_limited(argv, None, std::slice::from_ref(&scratch), langs.limits);
    let (success, ended, said) = match out {
        Ok(Compiled::Ended {
            success,
            ended,
            said,
        }) => (success, ended, said),
        // Not kept: a build stopped on a loaded machine may finish on the next try.
        Ok(Compiled::Stopped(why)) => {
            let _ = fs::remove_dir_all(&scratch);
            return Err(SourceError::Rejected {
                command,
                lines: vec![why],
            });
        }
        Err(RunError::CannotStart { why: e, .. }) => {
            let _ = fs::remove_dir_all(&scratch);
            return Err(SourceError::Unsupported(format!(
                "cannot run {command}: {e}"
            )));
        }
        Err(RunError::Judge(e)) => {
            let _ = fs::remove_dir_all(&scratch);
            return Err(SourceError::Judge(format!("building {command}: {e}")));
        }
    };
    if !success {
        let _ = fs::remove_dir_all(&scratch);
        let mut lines = first_error_lines(&said);
        if lines.is_empty() {
            lines.push(format!("{tool} ended with {ended} and said nothing"));
        }
        let ce = CachedError { command, lines };
        keep_error(&failed, &ce);
        return Err(SourceError::Rejected {
            command: ce.command,
            lines: ce.lines,
        });
    }
    make_executable(&scratch.join("prog"));
    // Another judge may have finished the same build first: either is as good.
    if fs::rename(&scratch, &done).is_err() {
        let _ = fs::remove_dir_all(&scratch);
        if !done.is_dir() {
            return Err(SourceError::Judge(format!(
                "cannot move the build into {}",
                done.display()
            )));
        }
    }
    Ok(Some(run))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_come_from_extensions_and_python2_is_refused() {
        assert_eq!(lang_of(Path::new("a.cc")).unwrap(), Some(Lang::Cpp));
        assert_eq!(lang_of(Path::new("A.java")).unwrap(), Some(Lang::Java));
        assert_eq!(lang_of(Path::new("x.h")).unwrap(), None);
        assert!(lang_of(Path::new("a.go")).unwrap_err().contains(".go"));
        let dir = std::env::temp_dir().join(format!("judge-lang-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("old.py"), "#!/usr/bin/env python2\nprint 1\n").unwrap();
        assert!(lang_of(&dir.join("old.py"))
            .unwrap_err()
            .contains("Python 2"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_config_lays_its_commands_over_ours() {
        let from = Path::new("config.toml");
        let langs = Langs::defaults()
            .overlay(
                "[lang.cpp]\nbuild = \"g++ -std=gnu++17 -o {exe} {src}\"\n\
                 [lang.pypy]\nextensions = [\".py\"]\nrun = [\"pypy3\", \"{src}\"]\n",
                from,
            )
            .unwrap();
        let cpp = langs.of(Path::new("a.cpp")).unwrap();
        assert_eq!(cpp.build, ["g++", "-std=gnu++17", "-o", "{exe}", "{src}"]);
        assert_eq!(cpp.run, ["{exe}"], "a field not given stays ours");
        // A user's language takes the extension from ours.
        assert_eq!(langs.of(Path::new("a.py")).unwrap().key, "pypy");
        assert!(langs.of(Path::new("a.out")).is_none());
        let unknown = Langs::defaults().overlay("[lang.zig]\nbuild = \"zig\"\n", from);
        assert!(unknown
            .unwrap_err()
            .contains("needs `extensions` and `run`"));
        let typo = Langs::defaults().overlay("[lang.cpp]\nbiuld = \"g++\"\n", from);
        assert!(typo.unwrap_err().contains("biuld"));
    }

    #[test]
    fn a_compile_error_shows_the_lines_from_the_first_error() {
        let said = "a.cpp: In function 'int main()':\na.cpp:1:21: error: 'x' was not declared\n    1 | x\n";
        assert_eq!(
            first_error_lines(said),
            ["a.cpp:1:21: error: 'x' was not declared", "    1 | x"]
        );
        assert_eq!(
            main_class("import x;\nclass Helper {}\npublic class Sol { }"),
            "Sol"
        );
        assert_eq!(main_class("class Main {}"), "Main");
    }
}
