//! Building a package's programs from source: submissions, output validators, input
//! validators, checkers. One table of languages, each with the command that builds it and the
//! command that runs it, shown by `--help`:
//!
//! | language | files        | build                                            | run                 |
//! |----------|--------------|--------------------------------------------------|---------------------|
//! | C        | `.c`         | `gcc -O2 -std=gnu17 -o EXE SRC... -lm`           | `EXE`               |
//! | C++      | `.cc .cpp .cxx .c++ .C` | `g++ -O2 -std=gnu++20 -o EXE SRC...`  | `EXE`               |
//! | Rust     | `.rs`        | `rustc --edition 2021 -O -o EXE SRC`             | `EXE`               |
//! | Python 3 | `.py .py3`   | (none)                                           | `python3 SRC`       |
//! | Java     | `.java`      | `javac -encoding UTF-8 -d DIR SRC...`            | `java -Xss64m -cp DIR CLASS` |
//!
//! A program is a file or a folder of files in one language (the Kattis format's rule); a
//! folder with a `build` or `run` script is built and run by those. A language whose compiler
//! is not installed, or one outside the table, is [`BuildError::Unsupported`]: the caller
//! lists the program as skipped with that reason. Builds go to `DIR/<name>-<hash>/`, the hash
//! taken over the sources' paths, sizes and times, so an unchanged program is built once.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::program::Program;

/// The table `--help` prints.
pub const TABLE: &str = "\
  C         .c                      gcc -O2 -std=gnu17 -o EXE SRC... -lm
  C++       .cc .cpp .cxx .c++ .C   g++ -O2 -std=gnu++20 -o EXE SRC...
  Rust      .rs                     rustc --edition 2021 -O -o EXE SRC
  Python 3  .py .py3                python3 SRC            (a #!...python2 line: not supported)
  Java      .java                   javac -encoding UTF-8 -d DIR SRC...; java -Xss64m -cp DIR CLASS";

/// `--verify`'s long help: what it does and the table above.
pub fn verify_help() -> String {
    format!(
        "The problem setter's check: build and judge every submission PACKAGE lists \
         (submissions/<verdict>/ of a Kattis package, sol/ and [[solutions]] of a Library \
         Checker folder), one line each: expected and actual verdict, and the case that \
         decided it. Exit 0 when every submission that could be built got its expected \
         verdict; one in a language not installed is listed as skipped with the reason.\n\
         Languages, built and run as:\n{TABLE}"
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
    let mut h = DefaultHasher::new();
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

fn run_compiler(cmd: &mut Command, what: &str) -> Result<(), BuildError> {
    let shown = format!("{cmd:?}").replace('"', "");
    let out = cmd
        .output()
        .map_err(|e| BuildError::Unsupported(format!("cannot run {shown}: {e}")))?;
    if out.status.success() {
        return Ok(());
    }
    let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
    msg.push_str(&String::from_utf8_lossy(&out.stdout));
    let lines: Vec<&str> = msg.lines().filter(|l| !l.trim().is_empty()).collect();
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
                    Command::new("sh").arg("build").current_dir(&copy),
                    &format!("{name}/build"),
                )?;
            }
        }
        let run = copy.join("run");
        if !run.is_file() {
            return Err(failed(format!("{name}: no `run` after `build`")));
        }
        return Ok(Program::Direct(vec![run.display().to_string()]));
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
                let mut cmd = Command::new(lang.tool());
                if lang == Lang::C {
                    cmd.args(["-O2", "-std=gnu17", "-o"])
                        .arg(&exe)
                        .args(&files)
                        .arg("-lm");
                } else {
                    cmd.args(["-O2", "-std=gnu++20", "-o"])
                        .arg(&exe)
                        .args(&files);
                }
                if path.is_dir() {
                    cmd.arg("-I").arg(path);
                }
                run_compiler(&mut cmd, &name)?;
            }
            Ok(Program::Direct(vec![exe.display().to_string()]))
        }
        Lang::Rust => {
            let files = of(lang);
            let main = files
                .iter()
                .find(|f| f.file_name().is_some_and(|n| n == "main.rs"))
                .or(files.first())
                .cloned()
                .ok_or_else(|| failed(format!("{name}: no .rs file")))?;
            let dir = build_dir(cache, &name, &files, "rustc").map_err(failed)?;
            let exe = dir.join("prog");
            if !exe.is_file() {
                run_compiler(
                    Command::new("rustc")
                        .args(["--edition", "2021", "-O", "-o"])
                        .arg(&exe)
                        .arg(&main),
                    &name,
                )?;
            }
            Ok(Program::Direct(vec![exe.display().to_string()]))
        }
        Lang::Python3 => {
            let files = of(lang);
            let main = if path.is_dir() {
                files
                    .iter()
                    .find(|f| f.file_name().is_some_and(|n| n == "__main__.py"))
                    .or(files.first())
                    .cloned()
            } else {
                Some(path.to_path_buf())
            }
            .ok_or_else(|| failed(format!("{name}: no .py file")))?;
            Ok(Program::Direct(vec![
                "python3".to_string(),
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
                .find(|f| {
                    fs::read_to_string(f)
                        .is_ok_and(|t| t.contains("static void main") || t.contains("void main("))
                })
                .or(files.first())
                .and_then(|f| f.file_stem())
                .map(|s| s.to_string_lossy().into_owned())
                .ok_or_else(|| failed(format!("{name}: no .java file")))?;
            if !classes.join(format!("{main}.class")).is_file() {
                fs::create_dir_all(&classes).map_err(|e| failed(e.to_string()))?;
                run_compiler(
                    Command::new("javac")
                        .args(["-encoding", "UTF-8", "-d"])
                        .arg(&classes)
                        .args(&files),
                    &name,
                )?;
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
        let mut cmd = Command::new("g++");
        cmd.args(["-O2", &format!("-std={std}"), "-o"])
            .arg(&exe)
            .args(srcs);
        for i in includes {
            cmd.arg("-I").arg(i);
        }
        run_compiler(&mut cmd, what).map_err(|e| e.to_string())?;
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
}
