//! A folder with `in/` and `out/`: Library Checker's problem folder after its `generate.py`
//! (`in/NAME.in`, `out/NAME.out`, `info.toml` with `timelimit` in seconds and the
//! `[[solutions]]` the problem setter expects, a testlib `checker` compiled beside
//! `checker.cpp`, a `verifier` beside `verifier.cpp`), or AtCoder's test sets
//! (`in/NAME.txt`, `out/NAME.txt`).
//!
//! The checker and the verifier are used as they are when compiled; where only the source
//! is there they are built with g++ (`-O2 -std=c++17`, as Library Checker builds them) and
//! the `testlib.h` found in the folder or one of its ancestors (Library Checker keeps it in
//! `common/`), and the error says how to get one when there is none. The site runs
//! programs with an unlimited stack: here the stack limit is the memory limit (named in the
//! header), unless info.toml or `--stack-limit-mib` says otherwise. Cost: two listings and
//! info.toml; nothing is built while reading.

use std::fs;
use std::path::{Path, PathBuf};

use crate::judge::check::Protocol;
use crate::judge::format::files::{self, name_of};
use crate::judge::format::info::read_required;
use crate::judge::format::info::Info;
use crate::judge::format::{
    Build, Context, FormatError, Kind, Names, Package, Reader, Rule, Submission, Tool,
};
use crate::run::compile;
use crate::run::program::Program;

/// What Library Checker's `info.toml` says beyond the time limit.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    /// `[[solutions]]`: each a file under `sol/` with the verdict it must get.
    pub solutions: Vec<Solution>,
    /// The checker's source (`checker.cpp`, or `checker = ...` in info.toml), if present.
    pub checker_src: Option<PathBuf>,
    /// The verifier's source (`verifier.cpp`, or `verifier = ...`), if present.
    pub verifier_src: Option<PathBuf>,
}

/// One `[[solutions]]` entry (and `sol/correct.cpp`, which must be accepted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub path: PathBuf,
    /// `expect`: the verdict that must appear (`AC` when none is named).
    pub expect: String,
    /// The verdicts allowed besides `AC` and `expect` (`allow_wa`, `allow_re`, `allow_tle`).
    pub allow: Vec<String>,
    /// `function = true`: a function for the problem's grader, not a program; not run.
    pub function: bool,
}

pub const READER: Reader = Reader {
    name: "Library Checker",
    looks_for: "in/ and out/",
    claims: |dir| dir.join("in").is_dir() && dir.join("out").is_dir(),
    read,
};

/// Reads the folder `dir` (which has `in/` and `out/`).
fn read(dir: &Path, _: &Context) -> Result<Package, FormatError> {
    let name = name_of(dir);
    let mut warnings = Vec::new();
    let (in_dir, out_dir) = (dir.join("in"), dir.join("out"));
    let has = |d: &Path, ext: &str| {
        files::file_names(d)
            .unwrap_or_default()
            .iter()
            .any(|n| n.ends_with(ext))
    };
    let (in_ext, out_ext) = if has(&in_dir, ".in") || !has(&in_dir, ".txt") {
        (".in", ".out")
    } else {
        (".txt", ".txt")
    };
    let cases = files::pair(&in_dir, &[in_ext], &out_dir, &[out_ext], "", &mut warnings)?;
    let info_path = dir.join("info.toml");
    let (info, spec) = if info_path.is_file() {
        let info = Info::load_foreign(&info_path)?;
        let spec = solutions(dir, &info_path)?;
        (info, Some(spec))
    } else {
        (Info::default(), None)
    };
    let library_checker =
        spec.is_some() || dir.join("checker.cpp").is_file() || dir.join("checker").is_file();
    let mut info = info;
    if library_checker && info.memory_limit_mib.is_none() {
        // info.toml has no memory limit: the site's, 1 GiB (our 256 MiB default would fail
        // its own slower solutions on the dense cases for memory instead of time).
        info.memory_limit_mib = Some(1024);
    }
    if library_checker && info.stack_limit_mib.is_none() {
        // The site runs with an unlimited stack (deep recursion is how many of its solutions
        // walk a tree); a stack can never outgrow the memory limit, so that is its limit.
        info.stack_limit_mib = info.memory_limit_mib;
    }
    let spec = spec.or_else(|| {
        library_checker.then(|| Spec {
            checker_src: Some(dir.join("checker.cpp")),
            ..Spec::default()
        })
    });
    let mut package = Package::plain(
        Kind::InOut { library_checker },
        name,
        dir.to_path_buf(),
        cases,
    );
    package.info_path = info_path.is_file().then_some(info_path);
    package.info = info;
    package.warnings = warnings;
    if let Some(spec) = &spec {
        package.checker = spec.checker_src.clone().map(|path| Tool {
            path,
            protocol: Protocol::Testlib,
            build: Build::Testlib,
        });
        package.submissions = spec.solutions.iter().map(submission).collect();
        package.validators = spec
            .verifier_src
            .iter()
            .map(|path| Tool {
                path: path.clone(),
                protocol: Protocol::Testlib,
                build: Build::Testlib,
            })
            .collect();
    }
    Ok(package)
}

/// What a solution must get: `sol/correct.cpp` AC; a `[[solutions]]` entry its `expect`
/// verdict on some case, and nothing but AC, that and what its `allow_*` keys allow.
fn submission(s: &Solution) -> Submission {
    let name = |v: &str| -> &'static str {
        match v {
            "WA" => "WA",
            "RE" => "RE",
            "TLE" => "TLE",
            _ => "AC",
        }
    };
    let mut permitted: Vec<&'static str> = vec!["AC"];
    permitted.push(name(&s.expect));
    permitted.extend(s.allow.iter().map(|a| name(a)));
    permitted.dedup();
    let required = if s.expect == "AC" {
        vec![]
    } else {
        vec![name(&s.expect)]
    };
    let label = if s.allow.is_empty() {
        s.expect.clone()
    } else {
        format!("{} (allowed: {})", s.expect, s.allow.join(", "))
    };
    let file = s
        .path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let rule = Rule {
        label,
        ..Rule::new("", &permitted, &required)
    };
    Submission {
        skip: s.function.then(|| {
            "a function for the problem's grader (function = true), not a program: not run"
                .to_string()
        }),
        ..Submission::new(
            format!("sol/{file}"),
            s.path.clone(),
            rule,
            Names::LibraryChecker,
        )
    }
}

/// The `[[solutions]]` (and checker and verifier names) of an `info.toml`.
fn solutions(dir: &Path, info_path: &Path) -> Result<Spec, FormatError> {
    let text = read_required(info_path)?;
    let table: toml::Table =
        toml::from_str(&text).map_err(|e| FormatError::said(e.to_string()).in_file(info_path))?;
    let bad = |what: FormatError| what.in_file(info_path);
    let file = |key: &str, default: &str| -> Result<Option<PathBuf>, FormatError> {
        let name = match table.get(key) {
            None => default,
            Some(toml::Value::String(s)) => s.as_str(),
            Some(other) => return Err(bad(FormatError::expected(key, "a file name").found(other))),
        };
        // The source, or where it would be beside the compiled program (which `compiled`
        // uses as it is when there is no source).
        let p = dir.join(name);
        let exe = p.with_extension("");
        Ok((p.is_file() || exe.is_file()).then_some(p))
    };
    let mut sols = Vec::new();
    let correct = dir.join("sol/correct.cpp");
    if correct.is_file() {
        sols.push(Solution {
            path: correct,
            expect: "AC".to_string(),
            allow: vec![],
            function: false,
        });
    }
    if let Some(list) = table.get("solutions") {
        let list = list
            .as_array()
            .ok_or_else(|| bad(FormatError::expected("solutions", "[[solutions]] tables")))?;
        for (i, s) in list.iter().enumerate() {
            let t = s.as_table().ok_or_else(|| {
                bad(FormatError::expected(
                    format!("solutions #{}", i + 1),
                    "a table",
                ))
            })?;
            let name = t
                .get("name")
                .and_then(|v| v.as_str())
                .ok_or_else(|| bad(FormatError::said(format!("solutions #{}: no name", i + 1))))?;
            let flag = |k: &str| t.get(k).and_then(|v| v.as_bool()).unwrap_or(false);
            let expect = t
                .get("expect")
                .and_then(|v| v.as_str())
                .unwrap_or("AC")
                .to_string();
            let allow = [("allow_wa", "WA"), ("allow_re", "RE"), ("allow_tle", "TLE")]
                .into_iter()
                .filter(|(k, _)| flag(k))
                .map(|(_, v)| v.to_string())
                .collect();
            sols.push(Solution {
                path: dir.join("sol").join(name),
                expect,
                allow,
                function: flag("function"),
            });
        }
    }
    Ok(Spec {
        solutions: sols,
        checker_src: file("checker", "checker.cpp")?,
        verifier_src: file("verifier", "verifier.cpp")?,
    })
}

/// The compiled program beside `src` (`checker` for `checker.cpp`), built with g++ and the
/// tree's `testlib.h` when missing or older than its source; `what` names it in errors.
pub fn compiled(src: &Path, what: &str, build_dir: &Path) -> Result<Program, String> {
    let exe = src.with_extension("");
    let mtime = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let fresh = match (mtime(&exe), mtime(src)) {
        (Some(e), Some(s)) => e >= s,
        (Some(_), None) => true,
        _ => false,
    };
    if fresh && exe.is_file() {
        return Ok(Program::Direct(vec![exe.display().to_string()]));
    }
    let Some(testlib) = find_testlib(src.parent().unwrap_or(Path::new("."))) else {
        return Err(format!(
            "{what} {} is not compiled and no testlib.h was found beside it or above it: put \
             testlib.h (from the testlib project) in {} or an ancestor folder (Library Checker \
             keeps it in common/), or compile it yourself: g++ -O2 -std=c++17 -I DIR_OF_TESTLIB \
             -o {} {}",
            src.display(),
            src.parent().unwrap_or(Path::new(".")).display(),
            exe.display(),
            src.display()
        ));
    };
    let include = testlib.parent().unwrap_or(Path::new(".")).to_path_buf();
    // Library Checker's sources also include the problem's own headers (params.h, fastio.h).
    let mut includes = vec![include];
    if let Some(d) = src.parent() {
        includes.push(d.to_path_buf());
    }
    compile::build_cpp(&[src.to_path_buf()], &includes, "c++17", build_dir, what)
}

/// `testlib.h` in `dir`, `dir/common` or the same in an ancestor.
fn find_testlib(dir: &Path) -> Option<PathBuf> {
    let mut d = std::path::absolute(dir).ok()?;
    loop {
        for c in [d.join("testlib.h"), d.join("common/testlib.h")] {
            if c.is_file() {
                return Some(c);
            }
        }
        if !d.pop() {
            return None;
        }
    }
}
