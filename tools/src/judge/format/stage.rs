//! Sources staged before they are built, as a package's own tool stages them: a
//! submission with the files the package puts beside it (Kattis' `include/`, CMS graders)
//! and `{{constants}}` substituted in its text, and a package's tool (a validator) likewise.
//! Each stage is made in a folder of its own and then named by its contents, never changed
//! in place, so that judges building at once do not tear each other's stages. Cost: a copy
//! of each staged file (at most 16 MiB each) and a hash of it, once a build.

use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::judge::format::error::{self, FormatError};
use crate::judge::format::files as layout;
use crate::judge::format::Package;
use crate::run::hash::Fnv1a;

/// The spec's codes for the languages built here (its appendix "Languages") with their file
/// endings: `include/<code>/` is looked up by them.
pub const LANGUAGE_CODES: [(&str, &[&str]); 5] = [
    ("c", &["c"]),
    ("cpp", &["cc", "cpp", "cxx", "c++", "C"]),
    ("python3", &["py", "py3"]),
    ("java", &["java"]),
    ("rust", &["rs"]),
];

/// The language code of a submission (a file, or a folder's first file with a known ending).
pub fn language_code(path: &Path) -> Option<&'static str> {
    let files: Vec<PathBuf> = if path.is_dir() {
        layout::file_names(path)
            .unwrap_or_default()
            .into_iter()
            .map(|n| path.join(n))
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    files.iter().find_map(|f| {
        let ext = f.extension()?.to_str()?;
        LANGUAGE_CODES
            .iter()
            .find(|(_, e)| e.contains(&ext))
            .map(|(code, _)| *code)
    })
}

/// A submission as the package's tool builds it: with a Kattis package's (2025-09)
/// `include/default/` and `include/<language>/` copied beside it and problem.yaml's
/// `{{constants}}` substituted in its text files, with the package's grader files of its
/// language (and their headers) beside it (CMS), a Java file of a CMS task named after the
/// task (as CMS names every submission); the submission itself where there is none of
/// these. Python and Rust run the submission's own file, its included modules beside it;
/// C, C++ and Java build the folder as one program (a grader linked with the submission).
pub fn submission(
    path: &Path,
    shown: &str,
    package: &Package,
    build: &Path,
) -> Result<PathBuf, FormatError> {
    let code = language_code(path);
    if let Some(signature) = &package.signature {
        return signed(path, shown, package, signature, build);
    }
    let renamed = cms_name(path, package);
    let constants = &package.constants[..];
    let dirs: Vec<&PathBuf> = package
        .include
        .iter()
        .filter(|(lang, _)| lang.is_none() || *lang == code)
        .map(|(_, d)| d)
        .collect();
    let graders: Vec<&PathBuf> = package
        .grader
        .iter()
        .filter(|g| {
            let theirs = language_code(g);
            theirs.is_none() || theirs == code
        })
        .collect();
    if dirs.is_empty() && constants.is_empty() && graders.is_empty() && renamed.is_none() {
        return Ok(path.to_path_buf());
    }
    let stage = new_stage(&build.join("staged"))?;
    for d in &dirs {
        stage_tree(d, &stage, constants)?;
    }
    for g in &graders {
        let name = g.file_name().unwrap_or_default();
        stage_file(g, &stage.join(name), constants)?;
    }
    if path.is_dir() {
        stage_tree(path, &stage, constants)?;
        return settle(&stage, shown);
    }
    let name = match &renamed {
        Some(n) => std::ffi::OsStr::new(n),
        None => path.file_name().unwrap_or_default(),
    };
    stage_file(path, &stage.join(name), constants)?;
    let stage = settle(&stage, shown)?;
    Ok(match code {
        Some("python3" | "rust") if graders.is_empty() => stage.join(name),
        _ => stage,
    })
}

/// What DMOJ's signature grader puts before the submission's source: its header, and its
/// `main` renamed unless the problem allows one (DMOJ names it after a random UUID; any
/// name the handler does not use will do). `SIGNATURE_GRADER` is defined, as DMOJ passes
/// `-DSIGNATURE_GRADER` to the compiler.
fn signature_prefix(signature: &crate::judge::format::Signature, name: &str) -> String {
    let mut s = format!(
        "#define SIGNATURE_GRADER 1\n#include \"{}\"\n",
        signature.header
    );
    if !signature.allow_main {
        s.push_str("#define main main_of_the_submission_bfs_judge\n");
    }
    s.push_str(&format!("#line 1 \"{name}\"\n"));
    s
}

/// A DMOJ signature-graded submission (C or C++), staged as DMOJ's signature grader builds
/// it: the handler (in the submission's language: [`handler_name`]) and header beside it,
/// the handler with `SIGNATURE_GRADER` defined and the submission after
/// [`signature_prefix`], all built as one program.
fn signed(
    path: &Path,
    shown: &str,
    package: &Package,
    signature: &crate::judge::format::Signature,
    build: &Path,
) -> Result<PathBuf, FormatError> {
    if path.is_dir() || !matches!(language_code(path), Some("c" | "cpp")) {
        return Err(FormatError::said(format!(
            "{}: a signature grader's submission is one C or C++ source (DMOJ's \
             signature-gradable languages)",
            path.display()
        )));
    }
    let stage = new_stage(&build.join("staged"))?;
    for g in &package.grader {
        let name = g.file_name().unwrap_or_default();
        stage_file(g, &stage.join(name), &[])?;
    }
    let name = path.file_name().unwrap_or_default();
    if let Some(entry) = package.grader.first() {
        let staged = stage.join(entry.file_name().unwrap_or_default());
        let to = stage.join(handler_name(entry, path));
        fs::rename(&staged, &to).map_err(error::io(&staged))?;
        let shown = entry.file_name().unwrap_or_default().to_string_lossy();
        prefix_file(
            &to,
            &format!("#define SIGNATURE_GRADER 1\n#line 1 \"{shown}\"\n"),
        )?;
    }
    let to = stage.join(name);
    stage_file(path, &to, &[])?;
    prefix_file(&to, &signature_prefix(signature, &name.to_string_lossy()))?;
    settle(&stage, shown)
}

/// The name a signature grader's handler `entry` is built under beside the submission
/// `submission`: the handler's stem with the submission's extension, as DMOJ writes the
/// handler as the submission's executor's own source (`PROBLEM.cpp` for a C++ submission),
/// so a C handler is built as C++ with a C++ submission and its calls link to C++ names.
/// A name the submission has already gets `_handler` added.
fn handler_name(entry: &Path, submission: &Path) -> String {
    let stem = entry.file_stem().unwrap_or_default().to_string_lossy();
    let ext = submission.extension().unwrap_or_default().to_string_lossy();
    let name = format!("{stem}.{ext}");
    if submission.file_name() == Some(std::ffi::OsStr::new(&name)) {
        format!("{stem}_handler.{ext}")
    } else {
        name
    }
}

/// Puts `prefix` before the text of the staged file `file`.
fn prefix_file(file: &Path, prefix: &str) -> Result<(), FormatError> {
    let mut bytes = prefix.as_bytes().to_vec();
    bytes.extend(fs::read(file).map_err(error::io(file))?);
    fs::write(file, bytes).map_err(error::io(file))
}

/// The name CMS compiles the one-file submission `path` under, where it matters: CMS names
/// every submission after the task (its submission format `TASK.%l`), and a Java
/// submission's public class must be named as its file, so after the task.
pub fn cms_name(path: &Path, package: &Package) -> Option<String> {
    let java = path.is_file() && language_code(path) == Some("java");
    (java && package.kind.judge() == crate::run::lang::Judge::Cms)
        .then(|| format!("{}.java", package.name))
}

/// Replaces each `{{name}}` and `{{name.variant}}` of `constants` in `text`; other `{{...}}`
/// are left as they are, as the spec says.
pub fn substitute(text: &str, constants: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let found = after.find("}}").and_then(|end| {
            let key = &after[..end];
            constants
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| (v, end))
        });
        match found {
            Some((v, end)) => {
                out.push_str(v);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The most a staged source file may hold (submissions and included files are small).
const STAGED_FILE_CAP: u64 = 16 << 20;

/// Copies the files of `from` into `to` (folders recursively; a link is followed only to a
/// file, so no loop), with `{{constants}}` substituted in text files.
pub fn stage_tree(
    from: &Path,
    to: &Path,
    constants: &[(String, String)],
) -> Result<(), FormatError> {
    fs::create_dir_all(to).map_err(error::io(to))?;
    for name in layout::entries(from)? {
        let (src, dst) = (from.join(&name), to.join(&name));
        let kind = fs::symlink_metadata(&src).map_err(error::io(&src))?;
        if kind.is_dir() {
            stage_tree(&src, &dst, constants)?;
        } else if src.is_file() {
            stage_file(&src, &dst, constants)?;
        }
    }
    Ok(())
}

/// Copies the file `from` to `to` with `{{constants}}` substituted if it is text.
pub fn stage_file(
    from: &Path,
    to: &Path,
    constants: &[(String, String)],
) -> Result<(), FormatError> {
    let len = fs::metadata(from).map_or(0, |m| m.len());
    if len > STAGED_FILE_CAP {
        return Err(FormatError::said(format!(
            "{len} bytes, more than a source file may hold here ({STAGED_FILE_CAP})"
        ))
        .in_file(from));
    }
    let bytes = fs::read(from).map_err(error::io(from))?;
    let bytes = match String::from_utf8(bytes) {
        Ok(text) if !constants.is_empty() => substitute(&text, constants).into_bytes(),
        Ok(text) => text.into_bytes(),
        Err(e) => e.into_bytes(),
    };
    fs::write(to, bytes).map_err(error::io(to))?;
    // An executable `build` or `run` script stays one.
    if let Ok(m) = fs::metadata(from) {
        let _ = fs::set_permissions(to, m.permissions());
    }
    Ok(())
}

/// The program at `path` (a validator), built with problem.yaml's
/// `{{constants}}` substituted in its sources (staged in `build` first) where there are any.
pub fn build_program(
    path: &Path,
    constants: &[(String, String)],
    build: &Path,
) -> Result<crate::run::program::Program, crate::run::compile::BuildError> {
    use crate::run::compile::{self, BuildError};
    if constants.is_empty() {
        return compile::build(path, build);
    }
    let name = path.file_name().unwrap_or_default();
    let staged = new_stage(&build.join("staged-validators"))
        .and_then(|stage| {
            if path.is_dir() {
                stage_tree(path, &stage, constants)?;
                settle(&stage, &name.to_string_lossy())
            } else {
                stage_file(path, &stage.join(name), constants)?;
                Ok(settle(&stage, &name.to_string_lossy())?.join(name))
            }
        })
        .map_err(|e| BuildError::Failed(e.to_string()))?;
    compile::build(&staged, build)
}

/// A new, empty folder of this process's own under `parent`, to stage a build in. A stage
/// is never made again in place: two judges staging the same source at once (a watch beside
/// a stress, `verify -j`, runs side by side) removed and rewrote each other's files while
/// one of them compiled them.
fn new_stage(parent: &Path) -> Result<PathBuf, FormatError> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let stage = parent.join(format!(".new-{}-{n}", std::process::id()));
    // One a dead process of the same id left.
    let _ = fs::remove_dir_all(&stage);
    fs::create_dir_all(&stage).map_err(error::io(&stage))?;
    Ok(stage)
}

/// Puts the finished stage `new` in its place, `NAME-HASH` beside it, named by all it holds,
/// so that it never changes once there; where one with the same contents is there already
/// (another judge's), that one is used and `new` removed.
fn settle(new: &Path, name: &str) -> Result<PathBuf, FormatError> {
    let mut hash = Fnv1a::new();
    hash_tree(new, &mut hash)?;
    let to = new.with_file_name(format!("{}-{:016x}", name.replace('/', "__"), hash.value()));
    match fs::rename(new, &to) {
        Ok(()) => Ok(to),
        Err(_) if to.is_dir() => {
            let _ = fs::remove_dir_all(new);
            Ok(to)
        }
        Err(e) => Err(error::io(new)(e)),
    }
}

/// Adds the names, kinds and bytes of everything below `dir` to `hash`, in name order.
fn hash_tree(dir: &Path, hash: &mut Fnv1a) -> Result<(), FormatError> {
    let mut names: Vec<_> = fs::read_dir(dir)
        .map_err(error::io(dir))?
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    names.sort();
    for name in names {
        let path = dir.join(&name);
        hash.write(name.as_encoded_bytes());
        if path.is_dir() {
            hash.write(b"/\0");
            hash_tree(&path, hash)?;
            hash.write(b"\0/");
        } else {
            let bytes = fs::read(&path).map_err(error::io(&path))?;
            hash.write(&(bytes.len() as u64).to_le_bytes());
            hash.write(&bytes);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_stage_once_in_place_is_never_made_again_and_is_named_by_its_contents() {
        let build = crate::run::files::Private::new().unwrap();
        let parent = build.join("staged");
        let stage_with = |text: &str| {
            let new = new_stage(&parent).unwrap();
            fs::write(new.join("sol.cpp"), text).unwrap();
            settle(&new, "a/sol.cpp").unwrap()
        };
        let first = stage_with("int main() {}\n");
        let inode = fs::metadata(first.join("sol.cpp")).unwrap().ino();
        // The same contents staged again (another judge's build): the stage in place is
        // used as it is, its file untouched, and the second copy is gone.
        let again = stage_with("int main() {}\n");
        assert_eq!(again, first);
        assert_eq!(fs::metadata(again.join("sol.cpp")).unwrap().ino(), inode);
        let left: Vec<_> = fs::read_dir(&parent).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
        // Other contents, another stage beside it.
        let other = stage_with("int main() { return 1; }\n");
        assert_ne!(other, first);
        assert!(first.join("sol.cpp").is_file());
        assert!(other
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("a__sol.cpp-"));
    }
}
