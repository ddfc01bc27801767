//! Building a package's program: submissions, output validators, input validators,
//! checkers. A program is a file or a folder of files in one language (the Kattis format's
//! rule): a file is built by `source.rs` with our commands; a folder by its language's row
//! of `lang.rs` (which of its files `{src}` stands for, and its entry); a folder with a
//! `build` or `run` script by those. A language whose compiler is not installed, or one
//! outside the table, is [`BuildError::Unsupported`]: the caller lists the program as
//! skipped with that reason. Folder builds go to `CACHE/<name>-<hash>/`, the hash taken over
//! the sources' paths, sizes and times and the build command, so an unchanged program is
//! built once.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{
    first_error_lines, make_executable, run_compiler, words, BuildLimits, Compiled, Scratch,
};
use crate::run::compile::{build_source, SourceError};
use crate::run::hash::Fnv1a;
use crate::run::lang::{on_path, Entry, LangSpec, Langs, LANGUAGES};
use crate::run::program::Program;
use crate::run::spec::RunError;

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

impl std::error::Error for BuildError {}

/// Files a program's folder may hold that are no one's sources.
const NOT_SOURCES: &[&str] = &["h", "hpp", "hh", "txt", "md", "yaml", "desc"];

/// Builds the program at `path` (a file or a folder) into a folder under `cache`; `Ok` is
/// the command that runs it.
pub fn build(path: &Path, cache: &Path) -> Result<Program, BuildError> {
    build_from(path, None, cache)
}

/// [`build`], a folder's program starting from the file `entrypoint` where it is given
/// (the Python file run, the Rust file compiled, the Java class run); otherwise from its
/// language's entry (`__main__.py`, `main.rs`, the class with `main`) or the first source.
pub fn build_from(
    path: &Path,
    entrypoint: Option<&str>,
    cache: &Path,
) -> Result<Program, BuildError> {
    build_with(path, entrypoint, cache, &Langs::defaults())
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

/// [`build_from`] with the commands of `langs` (ours with Python 3 run by PyPy for a Kattis
/// package, or as a package's judge builds: see [`Langs::built_by`]).
pub fn build_with(
    path: &Path,
    entrypoint: Option<&str>,
    cache: &Path,
    langs: &Langs,
) -> Result<Program, BuildError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if path.is_dir() && (path.join("build").is_file() || path.join("run").is_file()) {
        return scripts(path, &name, cache);
    }
    if path.is_file() {
        return one_file(path, &name, cache, langs);
    }
    let srcs = sources(path);
    let lang = language(&srcs, langs, &name)?;
    let files: Vec<PathBuf> = srcs
        .into_iter()
        .filter(|s| lang_of(s, langs).ok().flatten().is_some_and(|l| l == lang))
        .collect();
    folder(path, &name, entrypoint, cache, lang, &files)
}

/// One file: the one builder of single sources (`test main.cpp` builds the same way).
fn one_file(path: &Path, name: &str, cache: &Path, langs: &Langs) -> Result<Program, BuildError> {
    lang_of(path, langs)?;
    match build_source(path, cache, langs) {
        Ok(Some(program)) => Ok(program),
        Ok(None) => Err(BuildError::Unsupported(format!(
            "{name}: not a source file in a known language"
        ))),
        Err(SourceError::Unsupported(why)) => Err(BuildError::Unsupported(why)),
        Err(e @ SourceError::Rejected { .. }) => Err(BuildError::Failed(format!("{name}: {e}"))),
        Err(SourceError::Judge(why)) => Err(BuildError::Failed(why)),
    }
}

/// The Kattis format's own scripts: `build` in a copy of the folder, then `run`.
fn scripts(path: &Path, name: &str, cache: &Path) -> Result<Program, BuildError> {
    let failed = |e: io::Error| BuildError::Failed(e.to_string());
    let copy = cache
        .join(folder_name(name, &sources(path), "scripts"))
        .join("prog");
    if !copy.join("run").is_file() {
        let _ = fs::remove_dir_all(&copy);
        copy_dir(path, &copy).map_err(failed)?;
        if copy.join("build").is_file() {
            let what = format!("{name}/build");
            compile(words(["sh", "build"]), Some(&copy), &copy, &what)?;
        }
    }
    let run = copy.join("run");
    make_executable(&run);
    if !run.is_file() {
        return Err(BuildError::Failed(format!(
            "{name}: no `run` after `build`"
        )));
    }
    Ok(Program::Direct(vec![run.display().to_string()]))
}

/// The language of one source file of a program, from its extension (and a Python file's
/// `#!` line); `None`: no one's source, or one built as a single file only (Go, Kotlin).
fn lang_of<'a>(path: &Path, langs: &'a Langs) -> Result<Option<&'a LangSpec>, BuildError> {
    let Some(ext) = path.extension().map(|e| e.to_string_lossy()) else {
        return Ok(None);
    };
    match langs.of(path) {
        Some(l) if l.folder.is_none() => Ok(None),
        Some(l) if l.key == "python" && ext == "py" => {
            let text = fs::read_to_string(path).unwrap_or_default();
            let first = text.lines().next().unwrap_or("");
            if first.starts_with("#!") && first.contains("python2") {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                return Err(BuildError::Unsupported(format!(
                    "{name} is Python 2 (its #! line): not supported"
                )));
            }
            Ok(Some(l))
        }
        Some(l) => Ok(Some(l)),
        None if NOT_SOURCES.contains(&ext.as_ref()) => Ok(None),
        None => {
            let built: Vec<&str> = LANGUAGES
                .iter()
                .filter(|l| l.folder.is_some())
                .map(|l| l.name)
                .collect();
            Err(BuildError::Unsupported(format!(
                "the language of .{ext} is not one built here ({})",
                built.join(", ")
            )))
        }
    }
}

/// The one language of a folder's sources `srcs` (a language that gives way to another
/// present is left out), whose tools are installed.
fn language<'a>(
    srcs: &[PathBuf],
    langs: &'a Langs,
    name: &str,
) -> Result<&'a LangSpec, BuildError> {
    let mut found: Vec<&LangSpec> = Vec::new();
    for s in srcs {
        if let Some(l) = lang_of(s, langs)? {
            if !found.contains(&l) {
                found.push(l);
            }
        }
    }
    let keys: Vec<String> = found.iter().map(|l| l.key.clone()).collect();
    found.retain(|l| {
        !l.folder
            .and_then(|f| f.gives_way_to)
            .is_some_and(|k| keys.iter().any(|o| o == k))
    });
    let lang = match found[..] {
        [l] => l,
        [] => {
            return Err(BuildError::Unsupported(format!(
                "{name}: no source file in a known language"
            )))
        }
        _ => {
            let names: Vec<&str> = found.iter().map(|l| l.name.as_str()).collect();
            return Err(BuildError::Unsupported(format!(
                "{name}: sources in several languages ({})",
                names.join(", ")
            )));
        }
    };
    let built = lang.folder.is_some_and(|f| f.built);
    let tools = [
        built.then(|| lang.build.first()).flatten(),
        lang.run.first(),
    ];
    for tool in tools.into_iter().flatten().filter(|t| !t.contains('{')) {
        if !on_path(tool) {
            return Err(BuildError::Unsupported(format!(
                "{} is not installed ({tool} not on PATH)",
                lang.name
            )));
        }
    }
    Ok(lang)
}

/// Builds the folder `path`, its sources `files` in `lang`, starting from `entrypoint`.
fn folder(
    path: &Path,
    name: &str,
    entrypoint: Option<&str>,
    cache: &Path,
    lang: &LangSpec,
    files: &[PathBuf],
) -> Result<Program, BuildError> {
    let rule = lang.folder.expect("a folder's language has a folder rule");
    let entry = rule.entry.and_then(|e| entry(files, entrypoint, e));
    let class = entry
        .as_deref()
        .and_then(Path::file_stem)
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let src: Vec<PathBuf> = match rule.every_source {
        true => files.to_vec(),
        false => entry.into_iter().collect(),
    };
    if !rule.built || lang.build.is_empty() {
        return Ok(Program::Direct(LangSpec::fill(
            &lang.run,
            &src,
            Path::new(""),
            &class,
        )));
    }
    let done = cache.join(folder_name(name, files, &lang.build.join(" ")));
    let run = Program::Direct(LangSpec::fill(&lang.run, &src, &done, &class));
    if done.is_dir() {
        return Ok(run);
    }
    let failed = |e: io::Error| BuildError::Failed(e.to_string());
    fs::create_dir_all(cache)
        .map_err(|e| BuildError::Failed(format!("{}: {e}", cache.display())))?;
    let scratch = Scratch::new(&done).map_err(failed)?;
    let mut argv = LangSpec::fill(&lang.build, &src, scratch.path(), &class);
    if let Some(flag) = rule.include {
        argv.extend([flag.to_string(), path.display().to_string()]);
    }
    compile(argv, None, scratch.path(), name)?;
    scratch.keep(&done).map_err(failed)?;
    Ok(run)
}

/// A folder program's entry: the file `entrypoint` names (by its name or, for a Java class,
/// its stem), else the language's own, else the first source.
fn entry(files: &[PathBuf], entrypoint: Option<&str>, rule: Entry) -> Option<PathBuf> {
    let named = |f: &&PathBuf| {
        entrypoint.is_some_and(|e| {
            f.file_name() == Some(OsStr::new(e)) || f.file_stem() == Some(OsStr::new(e))
        })
    };
    let own = |f: &&PathBuf| match rule {
        Entry::Named(n) => f.file_name().is_some_and(|x| x == n),
        Entry::DeclaresMain => fs::read_to_string(f)
            .is_ok_and(|t| t.contains("static void main") || t.contains("void main(")),
    };
    files
        .iter()
        .find(named)
        .or_else(|| files.iter().find(own))
        .or(files.first())
        .cloned()
}

/// Builds C++ sources with g++ at `-std=STD` and include folders (testlib checkers), into
/// `CACHE/<stem>-<hash>/<stem>`. Its error in words: a forward for the callers outside run/
/// (see [`cpp`]).
pub fn build_cpp(
    srcs: &[PathBuf],
    includes: &[PathBuf],
    std: &str,
    cache: &Path,
    what: &str,
) -> Result<Program, String> {
    let command = words(["g++", "-O2", &format!("-std={std}"), "-o", "{exe}", "{src}"]);
    cpp(srcs, includes, &command, cache, what).map_err(|e| e.to_string())
}

/// [`build_cpp`] with the build command `command` (a language's, with `{exe}` and `{src}`:
/// a judge's C++ command from [`Langs::built_by`]), the include folders added after it.
pub fn build_cpp_as(
    srcs: &[PathBuf],
    includes: &[PathBuf],
    command: &[String],
    cache: &Path,
    what: &str,
) -> Result<Program, String> {
    cpp(srcs, includes, command, cache, what).map_err(|e| e.to_string())
}

/// [`build_cpp_as`], its error typed.
fn cpp(
    srcs: &[PathBuf],
    includes: &[PathBuf],
    command: &[String],
    cache: &Path,
    what: &str,
) -> Result<Program, BuildError> {
    if !on_path("g++") {
        return Err(BuildError::Unsupported(format!(
            "{what}: g++ is not installed, and it is needed to build {}",
            srcs[0].display()
        )));
    }
    let name = srcs[0]
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = cache.join(folder_name(&name, srcs, &command.join(" ")));
    fs::create_dir_all(&dir).map_err(|e| BuildError::Failed(format!("{}: {e}", dir.display())))?;
    // The program is named by its source (a checker's messages name it), not `prog`.
    let exe = dir.join(&name);
    if !exe.is_file() {
        let prog = dir.join("prog").display().to_string();
        let mut argv: Vec<String> = LangSpec::fill(command, srcs, &dir, "")
            .into_iter()
            .map(|w| w.replace(&prog, &exe.display().to_string()))
            .collect();
        for i in includes {
            argv.extend(["-I".to_string(), i.display().to_string()]);
        }
        compile(argv, None, &dir, what)?;
        make_executable(&exe);
    }
    Ok(Program::Direct(vec![exe.display().to_string()]))
}

/// Runs the compiler `argv` for the program `what`, writing in `dir` (and starting in `cwd`
/// where given): `Err` is its first error line (a verdict), or why it could not run.
fn compile(
    argv: Vec<String>,
    cwd: Option<&Path>,
    dir: &Path,
    what: &str,
) -> Result<(), BuildError> {
    let shown = argv.join(" ");
    let said = match run_compiler(argv, cwd, &[dir.to_path_buf()], BuildLimits::default()) {
        Ok(Compiled::Ended { success: true, .. }) => return Ok(()),
        Ok(Compiled::Ended { said, .. }) => said,
        Ok(Compiled::Stopped(why)) => return Err(BuildError::Failed(format!("{what}: {why}"))),
        Err(RunError::CannotStart { why, .. }) => {
            return Err(BuildError::Unsupported(format!(
                "cannot run {shown}: {why}"
            )))
        }
        Err(RunError::Judge(why)) => {
            return Err(BuildError::Failed(format!("{what}: judge error: {why}")))
        }
        // A build has no FIFOs; said as it is if it ever did.
        Err(e @ RunError::Unpaired { .. }) => {
            return Err(BuildError::Failed(format!("{what}: {e}")))
        }
    };
    let first = first_error_lines(&said)
        .into_iter()
        .next()
        .unwrap_or_default();
    Err(BuildError::Failed(format!(
        "{what}: compile error: {}",
        first.trim()
    )))
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

/// `<name>-<hash>`: the name made safe for a folder, the hash over `salt` and the sources'
/// paths, sizes and times.
fn folder_name(name: &str, srcs: &[PathBuf], salt: &str) -> String {
    use std::hash::{Hash, Hasher};
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
        .map(
            |c| match c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                true => c,
                false => '_',
            },
        )
        .collect();
    format!("{safe}-{:016x}", h.finish())
}

/// Copies the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) -> io::Result<()> {
    let at = |p: &Path, e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
    fs::create_dir_all(to).map_err(|e| at(to, e))?;
    for e in fs::read_dir(from).map_err(|e| at(from, e))? {
        let e = e?;
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst)?;
        } else {
            fs::copy(&src, &dst).map_err(|e| at(&dst, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_come_from_extensions_and_python2_is_refused() {
        let langs = Langs::defaults();
        let key = |p: &str| lang_of(Path::new(p), &langs).map(|l| l.map(|l| l.key.clone()));
        assert_eq!(key("a.cc").unwrap().as_deref(), Some("cpp"));
        assert_eq!(key("A.java").unwrap().as_deref(), Some("java"));
        assert_eq!(key("x.h").unwrap(), None);
        assert_eq!(key("a.go").unwrap(), None, "built as a single file only");
        let zig = key("a.zig").unwrap_err().to_string();
        assert_eq!(
            zig,
            "the language of .zig is not one built here (C, C++, Rust, Python 3, Java)"
        );
        let dir = std::env::temp_dir().join(format!("judge-lang-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("old.py"), "#!/usr/bin/env python2\nprint 1\n").unwrap();
        let old = lang_of(&dir.join("old.py"), &langs).unwrap_err();
        fs::remove_dir_all(&dir).unwrap();
        assert!(old.to_string().contains("Python 2"));
    }

    #[test]
    fn a_folders_entry_is_named_or_its_languages_own() {
        let files = [PathBuf::from("a/lib.rs"), PathBuf::from("a/main.rs")];
        let main = Entry::Named("main.rs");
        assert_eq!(entry(&files, None, main), Some(files[1].clone()));
        assert_eq!(entry(&files, Some("lib"), main), Some(files[0].clone()));
        assert_eq!(entry(&files[..1], None, main), Some(files[0].clone()));
    }
}
