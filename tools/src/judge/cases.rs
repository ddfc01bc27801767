//! Finding the cases of a problem folder: `tests/NAME.in` with its answer `NAME.out` (and
//! extra arguments in `NAME.args`), and for our own programs `invalid/NAME.in` with the error
//! expected (`NAME.err`, a fragment of the one stderr line; `NAME.out`, what stdout keeps).

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
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
    /// `NAME` for tests, `invalid/NAME` for invalid-input cases, as shown: a byte that is
    /// not UTF-8 or a control character escaped (`\xff`, `\x0a`), so one case is one line.
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

/// Reads a small text file of a case (`NAME.args`, `NAME.err`), which must be a regular
/// file; `None` when there is none.
fn read_small(path: &Path) -> Result<Option<String>, String> {
    let shown = || crate::text::name(path.as_os_str().as_bytes());
    let mut f = match crate::run::sys::open_regular(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", shown())),
    };
    let mut text = String::new();
    f.by_ref()
        .take(1 << 20)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", shown()))?;
    Ok(Some(text))
}

fn read_args(path: &Path) -> Result<Vec<String>, String> {
    Ok(read_small(path)?
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default())
}

/// `path` must be a regular file (a FIFO would block the judge, a folder cannot be read).
fn regular(path: &Path) -> Result<(), String> {
    let shown = || crate::text::name(path.as_os_str().as_bytes());
    match fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(format!(
            "{}: not a regular file ({}); a case is a NAME.in file with its NAME.out",
            shown(),
            crate::run::sys::file_kind(&m.file_type())
        )),
        Err(e) => Err(format!("{}: {e}", shown())),
    }
}

/// Naturally sorted (`2` before `10`) `*.in` stems of a folder (empty when the folder does
/// not exist), as bytes: a name that is not UTF-8 is a case too, shown escaped.
fn stems(dir: &Path) -> Result<Vec<OsString>, String> {
    let mut v: Vec<OsString> = crate::judge::layout::entries(dir)?
        .into_iter()
        .filter_map(|name| {
            let stem = name.as_bytes().strip_suffix(b".in")?;
            Some(OsString::from_vec(stem.to_vec()))
        })
        .collect();
    // Sorted again by the stems: `a-1.in` comes before `a.in`, but `a` before `a-1`.
    v.sort_by(|a, b| {
        crate::judge::layout::natural_cmp(&a.to_string_lossy(), &b.to_string_lossy())
            .then_with(|| a.cmp(b))
    });
    Ok(v)
}

/// `dir/STEM.EXT`.
fn file(dir: &Path, stem: &OsStr, ext: &str) -> PathBuf {
    let mut name = stem.to_owned();
    name.push(".");
    name.push(ext);
    dir.join(name)
}

/// The cases in `tests` (problem number `problem`), and those in `invalid` when given. Every
/// case file must be a regular file: anything else is an error, found without reading it.
pub fn discover(tests: &Path, invalid: Option<&Path>, problem: usize) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for stem in stems(tests)? {
        let input = file(tests, &stem, "in");
        let out = file(tests, &stem, "out");
        regular(&input)?;
        if !out.exists() {
            return Err(format!(
                "{}: missing",
                crate::text::name(out.as_os_str().as_bytes())
            ));
        }
        regular(&out)?;
        cases.push(Case {
            problem,
            args: read_args(&file(tests, &stem, "args"))?,
            input,
            expect: Expect::Output(out),
            name: crate::text::name(stem.as_bytes()),
            checker_args: Vec::new(),
        });
    }
    if let Some(dir) = invalid {
        for stem in stems(dir)? {
            let input = file(dir, &stem, "in");
            regular(&input)?;
            let err = file(dir, &stem, "err");
            let fragment = read_small(&err)?
                .ok_or_else(|| format!("{}: missing", err.display()))?
                .trim_end_matches(['\n', '\r'])
                .to_string();
            let out = file(dir, &stem, "out");
            let stdout = match fs::metadata(&out) {
                Ok(_) => {
                    regular(&out)?;
                    Some(out)
                }
                Err(_) => None,
            };
            cases.push(Case {
                problem,
                args: read_args(&file(dir, &stem, "args"))?,
                input,
                expect: Expect::Invalid { fragment, stdout },
                name: format!("invalid/{}", crate::text::name(stem.as_bytes())),
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
