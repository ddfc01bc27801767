//! Finding the cases of a problem folder: `tests/NAME.in` with its answer `NAME.out` (and
//! extra arguments in `NAME.args`), and for our own programs `invalid/NAME.in` with the error
//! expected (`NAME.err`, a fragment of the one stderr line; `NAME.out`, what stdout keeps).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub enum Expect {
    /// Exit code 0 and this stdout.
    Output(PathBuf),
    /// Exit code 1, stderr containing the fragment, stdout equal to the file (or empty).
    Invalid {
        fragment: String,
        stdout: Option<PathBuf>,
    },
}

#[derive(Clone, Debug)]
pub struct Case {
    /// Index of the problem in the run's list.
    pub problem: usize,
    /// `NAME` for tests, `invalid/NAME` for invalid-input cases.
    pub name: String,
    pub input: PathBuf,
    pub args: Vec<String>,
    pub expect: Expect,
    /// Extra arguments for the output validator (a Kattis group's `output_validator_args`).
    pub checker_args: Vec<String>,
}

impl Case {
    /// The exit code the program must end with.
    pub fn exit_code(&self) -> i32 {
        match self.expect {
            Expect::Output(_) => 0,
            Expect::Invalid { .. } => 1,
        }
    }

    /// The file holding the expected stdout, if any.
    pub fn answer(&self) -> Option<&Path> {
        match &self.expect {
            Expect::Output(p) => Some(p),
            Expect::Invalid { stdout, .. } => stdout.as_deref(),
        }
    }
}

fn read_args(path: &Path) -> Result<Vec<String>, String> {
    match fs::read_to_string(path) {
        Ok(s) => Ok(s.split_whitespace().map(String::from).collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Naturally sorted (`2` before `10`) `*.in` stems of a folder (empty when the folder does not exist).
fn stems(dir: &Path) -> Result<Vec<String>, String> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut v = Vec::new();
    for entry in rd {
        let name = entry
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .file_name();
        if let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".in")) {
            v.push(stem.to_string());
        }
    }
    v.sort_by(|a, b| crate::judge::layout::natural_cmp(a, b));
    Ok(v)
}

/// The cases in `tests` (problem number `problem`), and those in `invalid` when given.
pub fn discover(tests: &Path, invalid: Option<&Path>, problem: usize) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for stem in stems(tests)? {
        let out = tests.join(format!("{stem}.out"));
        if !out.exists() {
            return Err(format!("{}: missing", out.display()));
        }
        cases.push(Case {
            problem,
            args: read_args(&tests.join(format!("{stem}.args")))?,
            input: tests.join(format!("{stem}.in")),
            expect: Expect::Output(out),
            name: stem,
            checker_args: Vec::new(),
        });
    }
    if let Some(dir) = invalid {
        for stem in stems(dir)? {
            let err = dir.join(format!("{stem}.err"));
            let fragment = fs::read_to_string(&err)
                .map_err(|e| format!("{}: {e}", err.display()))?
                .trim_end_matches(['\n', '\r'])
                .to_string();
            let out = dir.join(format!("{stem}.out"));
            cases.push(Case {
                problem,
                args: read_args(&dir.join(format!("{stem}.args")))?,
                input: dir.join(format!("{stem}.in")),
                expect: Expect::Invalid {
                    fragment,
                    stdout: out.exists().then_some(out),
                },
                name: format!("invalid/{stem}"),
                checker_args: Vec::new(),
            });
        }
    }
    Ok(cases)
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

#[cfg(test)]
mod tests {
    use super::selector;

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
