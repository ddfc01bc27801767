//! Our own problem folders (`problems/<name>/`), read into the model every package is read
//! into: `info.toml` (limits, our binary, whether our checker decides; read strictly, so a
//! misspelt key is an error), `tests/NAME.in` with its answer `NAME.out` and extra arguments
//! in `NAME.args`, and `invalid/NAME.in`, an input the program must refuse with exit code 1
//! and a stderr line holding `NAME.err`, its stdout being `NAME.out` where there is one (else
//! nothing). Cases are named `NAME` and `invalid/NAME`, in natural order; a case file must
//! be a regular file.
//!
//! This reader is asked for by name only ([`READER`] is not in `READERS`): no user's folder
//! is ever taken for one of ours. Cost: two listings, and one small file read per case that
//! has arguments or an expected error.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::judge::format::files::{self, entries, natural_cmp, regular};
use crate::judge::format::info::Info;
use crate::judge::format::{Context, FormatError, Found, Kind, Package, Reader};

/// Our problems' reader, for `Reader::read` by name.
pub const READER: Reader = Reader {
    name: "ours",
    looks_for: "info.toml with tests/",
    claims: |dir| dir.join("info.toml").is_file() && dir.join("tests").is_dir(),
    read,
};

/// Reads our problem folder `dir` (`problems/robot-maze`), as the format's reader.
pub fn read(dir: &Path, _: &Context) -> Result<Package, FormatError> {
    read_folder(dir)
}

/// Reads our problem folder `dir` (`problems/robot-maze`).
pub fn read_folder(dir: &Path) -> Result<Package, FormatError> {
    let info_path = dir.join("info.toml");
    let info = Info::load(&info_path)?;
    let mut cases = answered(&dir.join("tests"))?;
    cases.extend(refused(&dir.join("invalid"))?);
    let mut package = Package::plain(Kind::Ours, files::name_of(dir), dir.to_path_buf(), cases);
    package.info = info;
    package.info_path = info_path.is_file().then_some(info_path);
    Ok(package)
}

/// The cases of `tests/`: each `NAME.in` with its `NAME.out`, which must be there, and the
/// arguments of `NAME.args`.
fn answered(tests: &Path) -> Result<Vec<Found>, FormatError> {
    let mut cases = Vec::new();
    for stem in stems(tests)? {
        let input = file(tests, &stem, "in");
        let answer = file(tests, &stem, "out");
        regular(&input)?;
        if !answer.exists() {
            return Err(missing(&answer));
        }
        regular(&answer)?;
        cases.push(Found {
            args: args(&file(tests, &stem, "args"))?,
            ..Found::new(crate::text::name(stem.as_bytes()), input, answer)
        });
    }
    Ok(cases)
}

/// The cases of `invalid/`: each `NAME.in` with the error `NAME.err` it must get (which
/// must be there), the stdout `NAME.out` where there is one, and `NAME.args`.
fn refused(invalid: &Path) -> Result<Vec<Found>, FormatError> {
    let mut cases = Vec::new();
    for stem in stems(invalid)? {
        let input = file(invalid, &stem, "in");
        regular(&input)?;
        let err = file(invalid, &stem, "err");
        let fragment = small(&err)?.ok_or_else(|| missing(&err))?;
        let out = file(invalid, &stem, "out");
        let answer = match fs::metadata(&out) {
            Ok(_) => {
                regular(&out)?;
                out
            }
            Err(_) => PathBuf::from("/dev/null"),
        };
        let name = format!("invalid/{}", crate::text::name(stem.as_bytes()));
        cases.push(Found {
            args: args(&file(invalid, &stem, "args"))?,
            refusal: Some(fragment.trim_end_matches(['\n', '\r']).to_string()),
            ..Found::new(name, input, answer)
        });
    }
    Ok(cases)
}

/// The stems of the `*.in` files in `dir` (none when it does not exist), naturally sorted
/// by the stems themselves (`a` before `a-1`), as bytes: a name that is not UTF-8 is a case
/// too, shown escaped.
fn stems(dir: &Path) -> Result<Vec<OsString>, FormatError> {
    let mut v: Vec<OsString> = entries(dir)?
        .into_iter()
        .filter_map(|n| {
            Some(OsString::from_vec(
                n.as_bytes().strip_suffix(b".in")?.to_vec(),
            ))
        })
        .collect();
    v.sort_by(|a, b| {
        natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()).then_with(|| a.cmp(b))
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

/// `NAME.args`' words (none without one).
fn args(path: &Path) -> Result<Vec<String>, FormatError> {
    Ok(small(path)?
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default())
}

/// A small text file of a case (`NAME.args`, `NAME.err`), which must be a regular file, up
/// to 1 MiB of it; `None` when there is none.
fn small(path: &Path) -> Result<Option<String>, FormatError> {
    let shown = || crate::text::name(path.as_os_str().as_bytes());
    let failed = |e: io::Error| FormatError::said(format!("{}: {e}", shown()));
    let mut f = match crate::run::sys::open_regular(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(failed(e)),
    };
    let mut text = String::new();
    f.by_ref()
        .take(1 << 20)
        .read_to_string(&mut text)
        .map_err(failed)?;
    Ok(Some(text))
}

/// A case file that must be there and is not.
fn missing(path: &Path) -> FormatError {
    FormatError::said(format!(
        "{}: missing",
        crate::text::name(path.as_os_str().as_bytes())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every problem of ours reads into one case a `tests/NAME.in` (answered by its
    /// `NAME.out`) and one a `invalid/NAME.in` (refused with its `NAME.err`), with its
    /// `NAME.args`.
    #[test]
    fn every_problem_of_ours_reads_into_its_cases() {
        let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems");
        let mut read = 0;
        for name in files::file_names(&problems).unwrap() {
            let dir = problems.join(&name);
            if !(READER.claims)(&dir) {
                continue;
            }
            let package = read_folder(&dir).unwrap();
            assert_eq!(
                (package.kind.clone(), package.name.clone()),
                (Kind::Ours, name.clone())
            );
            let ins = |d: &str| {
                files::file_names(&dir.join(d))
                    .map_or(0, |n| n.iter().filter(|f| f.ends_with(".in")).count())
            };
            assert_eq!(package.cases.len(), ins("tests") + ins("invalid"), "{name}");
            for case in &package.cases {
                let stem = case.name.trim_start_matches("invalid/");
                let folder = if case.refusal.is_some() {
                    "invalid"
                } else {
                    "tests"
                };
                assert_eq!(
                    case.input,
                    dir.join(folder).join(format!("{stem}.in")),
                    "{name}"
                );
                match &case.refusal {
                    Some(fragment) => {
                        let err = fs::read_to_string(dir.join(folder).join(format!("{stem}.err")));
                        assert_eq!(err.unwrap().trim_end(), fragment, "{name}/{stem}");
                    }
                    None => assert_eq!(case.answer, dir.join("tests").join(format!("{stem}.out"))),
                }
                let args = fs::read_to_string(dir.join(folder).join(format!("{stem}.args")));
                let words: Vec<String> = args
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(String::from)
                    .collect();
                assert_eq!(case.args, words, "{name}/{stem}");
            }
            read += 1;
        }
        assert_eq!(read, 5, "our five problems");
    }
}
