//! The formats problems are published in, read into one model (`model`): each format is a
//! reader in a file of its own, and [`detect`] asks each in turn whether a folder is its
//! own. A new format touches three files: its reader, this one (`pub mod` and its line in
//! [`READERS`]) and `model.rs` (its [`Kind`] and how the header names it).
//!
//! Dependencies go one way: below the readers `error` (the one error of reading a
//! package), `info` (limits files and the guard on every configuration file), `yaml`,
//! `files` (naming and pairing case files, FNV-1a keys), `made` (the cache of tests a
//! package makes) and `stage` (sources staged before a build); the readers above them,
//! this dispatcher above the readers; no reader knows another. Our own problems have a
//! reader too (`own`), asked for by name only. Cost: detection reads at most a file or two
//! a reader; what reading costs is each reader's to say.

pub mod cms;
pub mod dmoj;
pub mod error;
pub mod files;
pub mod flat;
pub mod info;
pub mod italy_yaml;
pub mod kattis;
pub mod libchecker;
pub mod made;
pub mod model;
pub mod own;
pub mod polygon;
pub mod stage;
pub mod yaml;

pub use error::FormatError;
pub use model::*;

use std::path::{Path, PathBuf};

use crate::judge::check::Protocol;
use crate::run::compile::BuildError;
use crate::run::program::Program;

/// A format's reader: whether a folder is in its format, and reading it.
pub struct Reader {
    /// The format's name, for messages.
    pub name: &'static str,
    /// What it looks for, for the message when no reader claims a folder.
    pub looks_for: &'static str,
    pub claims: fn(&Path) -> bool,
    pub read: fn(&Path, &Context) -> Result<Package, FormatError>,
}

/// What a reader may use besides the package.
pub struct Context {
    /// This package's own folder in the judge's cache (generated tests, unpacked archives),
    /// created by the reader when it needs it.
    pub scratch: PathBuf,
    /// The testset asked for (`--testset`), for a format that has several (Polygon).
    pub testset: Option<String>,
}

/// The readers, asked in this order; the flat folder last, as it claims any folder. Our own
/// problems' reader (`own::READER`) is not among them: it is asked for by name only, so that
/// no user's folder is ever taken for one of ours.
pub const READERS: &[Reader] = &[
    kattis::READER,
    dmoj::READER,
    libchecker::READER,
    cms::READER,
    italy_yaml::READER,
    polygon::READER,
    flat::READER,
];

/// The package's cache folder: named after it and a hash of its path, so that two packages
/// of one name never share one.
fn scratch_for(dir: &Path) -> PathBuf {
    let hash = files::fnv1a(dir.as_os_str().as_encoded_bytes());
    crate::run::files::cache_dir().join("formats").join(format!(
        "{}-{:08x}",
        files::name_of(dir),
        hash as u32
    ))
}

/// Detects the format of `path` and reads it.
pub fn detect(path: &Path) -> Result<Package, FormatError> {
    detect_testset(path, None)
}

/// Detects the format of `path` and reads it with the testset named `testset` where the
/// format has testsets (Polygon); `None`: its default.
pub fn detect_testset(path: &Path, testset: Option<&str>) -> Result<Package, FormatError> {
    let dir = std::path::absolute(path)
        .map_err(|e| FormatError::said(format!("--tests {}: {e}", path.display())))?;
    if !dir.is_dir() {
        return Err(FormatError::said(format!(
            "--tests: no folder {}",
            dir.display()
        )));
    }
    // `PKG/in` (with `PKG/out`) and `PKG/data` are read as the package they belong to.
    if let (Some(parent), Some(leaf)) = (dir.parent(), dir.file_name()) {
        let inner = (leaf == "in" && parent.join("out").is_dir())
            || (leaf == "data" && package_reader(parent).is_some());
        if inner {
            return detect_testset(parent, testset);
        }
    }
    let context = Context {
        scratch: scratch_for(&dir),
        testset: testset.map(str::to_string),
    };
    let reader = READERS
        .iter()
        .find(|r| (r.claims)(&dir))
        .expect("the flat reader claims every folder");
    (reader.read)(&dir, &context)
}

/// The reader of a package format (not the flat folder, which claims any folder) that
/// claims `dir`, if one does.
pub fn package_reader(dir: &Path) -> Option<&'static Reader> {
    READERS
        .iter()
        .find(|r| r.name != flat::READER.name && (r.claims)(dir))
}

/// What each package reader looks for, for a folder in which nothing was found.
pub fn looked_for() -> String {
    READERS
        .iter()
        .filter(|r| r.name != flat::READER.name)
        .map(|r| format!("{} ({})", r.name, r.looks_for))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a folder in which no format found a case holds, and what each format looked for:
/// `it holds a.txt, b.txt and 3 more; looked for NAME.in with NAME.out or NAME.ans, or a
/// package: Kattis (problem.yaml...), ...`.
pub fn nothing_found(dir: &Path) -> String {
    const SHOWN: usize = 8;
    let names = files::entries(dir).unwrap_or_default();
    let mut shown: Vec<String> = names
        .iter()
        .take(SHOWN)
        .map(|n| {
            let name = crate::text::name(n.as_encoded_bytes());
            if dir.join(n).is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .collect();
    if names.len() > SHOWN {
        shown.push(format!("{} more", names.len() - SHOWN));
    }
    let held = match shown.len() {
        0 => "it is empty".to_string(),
        1 => format!("it holds {}", shown[0]),
        n => format!(
            "it holds {} and {}",
            shown[..n - 1].join(", "),
            shown[n - 1]
        ),
    };
    format!(
        "{held}; looked for {} side by side, or a package: {}",
        flat::READER.looks_for,
        looked_for()
    )
}

impl Tool {
    /// A checker or manager source, built with the `testlib.h` beside it when there is one,
    /// else by its ending.
    pub fn source(path: PathBuf, protocol: Protocol) -> Tool {
        let testlib = path.parent().is_some_and(|d| d.join("testlib.h").is_file());
        Tool {
            path,
            protocol,
            build: if testlib {
                Build::Testlib
            } else {
                Build::Plain
            },
        }
    }

    /// Builds the tool in `build_dir` (or finds it built): by its ending, with the testlib.h
    /// of its tree, with Kattis' constants substituted, or with its compiler flags added.
    pub fn build(&self, what: &str, build_dir: &Path) -> Result<Program, String> {
        let shown = |e: BuildError| match e {
            BuildError::Failed(why) | BuildError::Unsupported(why) => {
                format!("{what} {}: {why}", self.path.display())
            }
        };
        match &self.build {
            Build::Plain => crate::run::compile::build(&self.path, build_dir).map_err(shown),
            Build::Testlib => libchecker::compiled(&self.path, what, build_dir),
            Build::Kattis(constants) => {
                stage::build_program(&self.path, constants, build_dir).map_err(shown)
            }
            Build::Flags(flags) => {
                let mut langs = crate::run::lang::Langs::defaults();
                for l in langs.list.iter_mut().filter(|l| !l.build.is_empty()) {
                    l.build.extend(flags.iter().cloned());
                }
                crate::run::compile::build_with(&self.path, None, build_dir, &langs).map_err(shown)
            }
        }
    }
}
