//! Building one source file in its language (by extension, from [`Langs`]: ours with a
//! user's config laid over them): `bfs-judge test main.cpp` and a package's one-file
//! submissions alike. A build is cached by a hash of the source's bytes, the language's
//! commands and the compiler's file, so that an unchanged source with unchanged flags is
//! built once, whichever folder it is judged from; a compile error is kept beside the
//! builds under the same key (`NAME-HASH.ce`, JSON) and shown again without compiling. A
//! compiler stopped at a limit is a compile error that is not kept (a loaded machine may
//! build it next time), nor one that could not open a file (`No such file or directory`:
//! the setup's trouble, which the source's bytes do not key). Cost of a cached build: reading the source and hashing it.

use std::fs;
use std::path::Path;

use super::{first_error_lines, run_compiler, Compiled, Scratch};
use crate::run::hash::Fnv1a;
use crate::run::lang::{on_path, BuildLimits, LangSpec, Langs};
use crate::run::program::{shell_quote, Program};
use crate::run::spec::RunError;

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

impl std::error::Error for SourceError {}

/// Builds the single source file `src` in its language into a folder of `cache` named by
/// its key (see the module's doc); `Ok(None)`: not a source of any of `langs`. The program
/// it returns runs from any folder.
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
    let tool = lang.tool();
    if !tool.contains('{') && !on_path(tool) {
        return Err(SourceError::Unsupported(format!(
            "{} is not installed ({tool} not on PATH), and it is needed to build {}; give your \
             own command in [lang.{}] of ~/.config/bfs-judge/config.toml",
            lang.name,
            src.display(),
            lang.key
        )));
    }
    let name = format!("{}-{:016x}", safe_stem(&src), key(&src, &text, lang));
    let done = cache.join(&name);
    let class = main_class(&String::from_utf8_lossy(&text));
    let run = Program::Direct(LangSpec::fill(&lang.run, &[src], &done, &class));
    if done.is_dir() || lang.build.is_empty() {
        return Ok(Some(run));
    }
    // A source that did not compile is not compiled again: its compile error is kept
    // beside the builds, under the same key.
    let failed = cache.join(format!("{name}.ce"));
    if let Some(ce) = fs::read(&failed)
        .ok()
        .and_then(|b| serde_json::from_slice::<CachedError>(&b).ok())
    {
        return Err(SourceError::Rejected {
            command: ce.command,
            lines: ce.lines,
        });
    }
    compile(given, lang, &class, (&done, &failed), langs.limits)?;
    Ok(Some(run))
}

/// The build's key: FNV-1a of the source's bytes, the language's commands, the compiler's
/// file (its size and time: an upgraded g++ builds anew) and the source's name (Java's
/// class name comes from it: the same text in two files differs). The same in every judge
/// version: a cache outlives the judge that filled it.
fn key(src: &Path, text: &[u8], lang: &LangSpec) -> u64 {
    let mut h = Fnv1a::new().bytes(text);
    let between = "\0run".to_string();
    for w in lang.build.iter().chain([&between]).chain(&lang.run) {
        h = h.bytes(w.as_bytes()).bytes(b"\0");
    }
    let tool = lang.tool();
    let found = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(tool))
            .find(|c| c.is_file())
    });
    if let Some(m) = found.and_then(|f| fs::metadata(f).ok()) {
        h = h.bytes(&m.len().to_le_bytes());
        let t = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        h = h.bytes(&t.map_or(0, |d| d.as_nanos()).to_le_bytes());
    }
    h.bytes(src.file_name().unwrap_or_default().as_encoded_bytes())
        .value()
}

/// The source's name as a folder name: its stem, anything but letters, digits and `-` as
/// `_`.
fn safe_stem(src: &Path) -> String {
    let stem = src.file_stem().unwrap_or_default().to_string_lossy();
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Compiles `given` (the path as the user gave it) in `lang` into `done`, keeping a compile
/// error at `failed`.
fn compile(
    given: &Path,
    lang: &LangSpec,
    class: &str,
    (done, failed): (&Path, &Path),
    limits: BuildLimits,
) -> Result<(), SourceError> {
    let cache = done.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(cache)
        .map_err(|e| SourceError::Judge(format!("{}: {e}", cache.display())))?;
    let scratch = Scratch::new(done).map_err(|e| SourceError::Judge(e.to_string()))?;
    let src = [given.to_path_buf()];
    let argv = LangSpec::fill(&lang.build, &src, scratch.path(), class);
    // Shown as the user would type it: the build folder's files by their own names.
    let command = LangSpec::fill(&lang.build, &src, Path::new("."), class)
        .iter()
        .map(|w| shell_quote(w.strip_prefix("./").unwrap_or(w)))
        .collect::<Vec<_>>()
        .join(" ");
    let tool = argv[0].clone();
    let writable = [scratch.path().to_path_buf()];
    match run_compiler(argv, None, &writable, limits) {
        Ok(Compiled::Ended { success: true, .. }) => {}
        Ok(Compiled::Ended { ended, said, .. }) => {
            let mut lines = first_error_lines(&said);
            if lines.is_empty() {
                lines.push(format!("{tool} ended with {ended} and said nothing"));
            }
            let ce = CachedError { command, lines };
            // A compiler that could not open the source (a link the isolation did not show)
            // says nothing of the source itself: not kept, so that it is compiled again.
            if !said.contains("No such file or directory") {
                keep_error(failed, &ce);
            }
            return Err(SourceError::Rejected {
                command: ce.command,
                lines: ce.lines,
            });
        }
        // Not kept: a build stopped on a loaded machine may finish on the next try.
        Ok(Compiled::Stopped(why)) => {
            return Err(SourceError::Rejected {
                command,
                lines: vec![why],
            })
        }
        Err(RunError::CannotStart { why, .. }) => {
            return Err(SourceError::Unsupported(format!(
                "cannot run {command}: {why}"
            )))
        }
        Err(RunError::Judge(why)) => {
            return Err(SourceError::Judge(format!("building {command}: {why}")))
        }
        // A build has no FIFOs; said as it is if it ever did.
        Err(e @ RunError::Unpaired { .. }) => {
            return Err(SourceError::Judge(format!("building {command}: {e}")))
        }
    }
    scratch
        .keep(done)
        .map_err(|e| SourceError::Judge(e.to_string()))
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
    let _ = crate::run::files::write_whole(path, &json);
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_java_sources_main_class_is_its_public_class() {
        assert_eq!(
            main_class("import x;\nclass Helper {}\npublic class Sol { }"),
            "Sol"
        );
        assert_eq!(main_class("class Main {}"), "Main");
    }
}
