//! The files of a tests folder, as every reader finds them: names in natural order (`2`
//! before `10`, as people number files), case files that must be regular files, and inputs
//! paired with their answers by stem, with a warning (not an error) for each file that cannot
//! be a case. Also FNV-1a, the one hash of the names the judge keeps for a package. Cost:
//! a listing a folder and a `stat` a case file; pairing is a sort and a search per input.

use std::cmp::Ordering;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::judge::format::error::{self, FormatError};
use crate::judge::format::Found;

/// `a` before `b` in natural order: runs of digits compare as numbers (`2` < `10`), the rest
/// byte by byte; equal numbers with more leading zeros come after (`1` < `01`), so the order
/// is total.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    let mut zeros = Ordering::Equal;
    while i < a.len() && j < b.len() {
        if a[i].is_ascii_digit() && b[j].is_ascii_digit() {
            let run = |s: &[u8], mut k: usize| {
                let start = k;
                while k < s.len() && s[k].is_ascii_digit() {
                    k += 1;
                }
                (start, k)
            };
            let ((sa, ea), (sb, eb)) = (run(a, i), run(b, j));
            let trim = |s: &[u8], from: usize, to: usize| {
                let mut k = from;
                while k + 1 < to && s[k] == b'0' {
                    k += 1;
                }
                k
            };
            let (ta, tb) = (trim(a, sa, ea), trim(b, sb, eb));
            let by_value = (ea - ta)
                .cmp(&(eb - tb))
                .then_with(|| a[ta..ea].cmp(&b[tb..eb]));
            if by_value != Ordering::Equal {
                return by_value;
            }
            if zeros == Ordering::Equal {
                zeros = (ea - sa).cmp(&(eb - sb));
            }
            i = ea;
            j = eb;
        } else {
            match a[i].cmp(&b[j]) {
                Ordering::Equal => {
                    i += 1;
                    j += 1;
                }
                other => return other,
            }
        }
    }
    (a.len() - i).cmp(&(b.len() - j)).then(zeros)
}

/// The file names in `dir` (not recursive), naturally sorted; empty when it does not exist.
/// Names that are not UTF-8 are shown escaped (see [`entries`] for the real names).
pub fn file_names(dir: &Path) -> Result<Vec<String>, FormatError> {
    Ok(entries(dir)?
        .into_iter()
        .map(|n| crate::text::name(n.as_bytes()))
        .collect())
}

/// The names in `dir` as bytes, naturally sorted (by their text, then their bytes).
pub fn entries(dir: &Path) -> Result<Vec<OsString>, FormatError> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(error::io(dir)(e)),
    };
    let mut v = Vec::new();
    for entry in rd {
        let entry = entry.map_err(error::io(dir))?;
        v.push(entry.file_name());
    }
    v.sort_by(|a, b| {
        natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()).then_with(|| a.cmp(b))
    });
    Ok(v)
}

/// `dir/STEM` + `ext`.
fn join(dir: &Path, stem: &[u8], ext: &str) -> PathBuf {
    dir.join(OsStr::from_bytes(&[stem, ext.as_bytes()].concat()))
}

/// A case file must be a regular file (a FIFO would block the judge, a folder cannot be
/// read): anything else is an error, found without opening it.
pub fn regular(path: &Path) -> Result<(), FormatError> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(FormatError::said(format!(
            "{}: not a regular file ({}); a case is a NAME.in file with its answer",
            crate::text::name(path.as_os_str().as_bytes()),
            crate::run::sys::file_kind(&m.file_type())
        ))),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => Err(FormatError::said(format!(
            "{}: a symbolic link loop (it never reaches a file); remove the link",
            crate::text::name(path.as_os_str().as_bytes())
        ))),
        // The folder lists the name, yet it "does not exist": a link whose target is gone
        // (say so, or the user looks at a file `ls` shows and reads that it is missing).
        Err(e) if e.kind() == io::ErrorKind::NotFound => match fs::read_link(path) {
            Ok(target) => Err(FormatError::said(format!(
                "{}: a symbolic link to {}, which does not exist; remove the link or restore \
                 its target",
                crate::text::name(path.as_os_str().as_bytes()),
                crate::text::name(target.as_os_str().as_bytes())
            ))),
            Err(_) => Err(error::io(path)(e)),
        },
        Err(e) => Err(error::io(path)(e)),
    }
}

/// Pairs the inputs of `in_dir` (files ending in one of `in_exts`) with the answers of
/// `ans_dir` (same stem, one of `ans_exts`): the cases, in natural order, named
/// `prefix` + stem (escaped where it is not printable UTF-8), and a warning for each input
/// without an answer and each answer without an input. A case file that is not a regular
/// file is an error.
pub fn pair(
    in_dir: &Path,
    in_exts: &[&str],
    ans_dir: &Path,
    ans_exts: &[&str],
    prefix: &str,
    warnings: &mut Vec<String>,
) -> Result<Vec<Found>, FormatError> {
    pair_keeping(in_dir, in_exts, ans_dir, ans_exts, prefix, warnings, None)
}

/// [`pair`], an input without an answer put in `unanswered` (its `answer` the first name it
/// could have had) instead of warned about, where the caller runs such inputs.
pub fn pair_keeping(
    in_dir: &Path,
    in_exts: &[&str],
    ans_dir: &Path,
    ans_exts: &[&str],
    prefix: &str,
    warnings: &mut Vec<String>,
    mut unanswered: Option<&mut Vec<Found>>,
) -> Result<Vec<Found>, FormatError> {
    let split = |dir: &Path,
                 name: &OsString,
                 exts: &[&str]|
     -> Result<Option<(Vec<u8>, String)>, FormatError> {
        let bytes = name.as_bytes();
        let Some((stem, ext)) = exts.iter().find_map(|ext| {
            bytes
                .strip_suffix(ext.as_bytes())
                .filter(|stem| !stem.is_empty())
                .map(|stem| (stem.to_vec(), ext.to_string()))
        }) else {
            return Ok(None);
        };
        let path = dir.join(name);
        if path.is_dir() {
            return Ok(None);
        }
        regular(&path)?;
        Ok(Some((stem, ext)))
    };
    let mut inputs = Vec::new();
    for n in entries(in_dir)? {
        if let Some(x) = split(in_dir, &n, in_exts)? {
            inputs.push(x);
        }
    }
    let mut answers = Vec::new();
    for n in entries(ans_dir)? {
        if let Some(x) = split(ans_dir, &n, ans_exts)? {
            answers.push(x);
        }
    }
    let shown = |p: &Path| crate::text::short(&crate::text::name(p.as_os_str().as_bytes()));
    let mut cases = Vec::new();
    for (stem, ext) in &inputs {
        let input = join(in_dir, stem, ext);
        match answers.iter().find(|(s, _)| s == stem) {
            Some((_, aext)) => cases.push(Found::new(
                format!("{prefix}{}", crate::text::name(stem)),
                input,
                join(ans_dir, stem, aext),
            )),
            None if unanswered.is_some() => {
                if let Some(u) = unanswered.as_deref_mut() {
                    u.push(Found::new(
                        format!("{prefix}{}", crate::text::name(stem)),
                        input,
                        join(ans_dir, stem, ans_exts[0]),
                    ));
                }
            }
            None => warnings.push(format!(
                "{}: no answer ({} in {}): skipped",
                shown(&input),
                ans_exts
                    .iter()
                    .map(|e| format!("{}{e}", crate::text::name(stem)))
                    .collect::<Vec<_>>()
                    .join(" or "),
                shown(ans_dir)
            )),
        }
    }
    // In one folder an answer file can also be an input (AtCoder's `.txt` on both sides is
    // only read from in/ and out/), so only answers in a folder of their own, or with an
    // extension no input has, can be orphans.
    for (stem, ext) in &answers {
        let same_file = in_dir == ans_dir && in_exts.contains(&ext.as_str());
        if !same_file && !inputs.iter().any(|(s, _)| s == stem) {
            warnings.push(format!(
                "{}: no input ({}{} in {}): skipped",
                shown(&join(ans_dir, stem, ext)),
                crate::text::name(stem),
                in_exts[0],
                shown(in_dir)
            ));
        }
    }
    Ok(cases)
}

/// `dir/STEM.cpp` and the C++ headers beside it, if `dir/STEM.cpp` exists: a grader or stub
/// that is compiled together with every C++ submission (CMS's `graders/`, italy_yaml's
/// `sol/`).
pub fn cpp_with_headers(dir: &Path, stem: &str) -> Result<Vec<PathBuf>, FormatError> {
    let main = dir.join(format!("{stem}.cpp"));
    if !main.is_file() {
        return Ok(Vec::new());
    }
    let mut files = vec![main];
    for f in file_names(dir)? {
        if f.ends_with(".h") || f.ends_with(".hpp") {
            files.push(dir.join(f));
        }
    }
    Ok(files)
}

/// The names the judge gives what it keeps for a package (its cache folder, the files
/// copied out of an archive, the tests it makes): FNV-1a, the crate's one stable hash.
pub use crate::run::hash::fnv1a;

/// The key of a file made from `parts` (sources, arguments, inputs): FNV-1a over them, each
/// closed by a NUL so that no two splits of the same bytes meet, in 16 hex digits.
pub fn key(parts: &[&[u8]]) -> String {
    let h = parts
        .iter()
        .fold(crate::run::hash::Fnv1a::new(), |h, part| {
            h.bytes(part).bytes(b"\0")
        });
    format!("{:016x}", h.value())
}

/// The folder name a problem is called by: the folder's own, or its parent's when it is
/// called `test`, `tests`, `in` or `data`.
pub fn name_of(dir: &Path) -> String {
    let folder_name = |d: &Path| d.file_name().map(|n| n.to_string_lossy().into_owned());
    let own = folder_name(dir).unwrap_or_else(|| "tests".to_string());
    match own.as_str() {
        "test" | "tests" | "in" | "data" => dir.parent().and_then(folder_name).unwrap_or(own),
        _ => own,
    }
}

/// Whether the glob `pattern` (a `*` within a name, `{a,b}`) matches `path` or one of its
/// parent folders: how submissions.yaml's globs pick submissions and cases.
///
/// As BAPCtools reads them: a trailing `/` is dropped, and the alternatives of a brace are
/// trimmed (`secret/*{ 4 }{ 2 }` is `secret/*{4}{2}`).
pub fn glob_covers(pattern: &str, path: &str) -> bool {
    let mut tidy = String::with_capacity(pattern.len());
    let mut depth = 0usize;
    let mut alternative = String::new();
    for c in pattern.trim_end_matches('/').chars() {
        match c {
            '{' => {
                if depth > 0 {
                    tidy.push_str(alternative.trim());
                    alternative.clear();
                }
                depth += 1;
                tidy.push(c);
            }
            ',' | '}' if depth > 0 => {
                tidy.push_str(alternative.trim());
                alternative.clear();
                tidy.push(c);
                if c == '}' {
                    depth -= 1;
                }
            }
            _ if depth > 0 => alternative.push(c),
            _ => tidy.push(c),
        }
    }
    tidy.push_str(&alternative);
    let Ok(g) = globset::GlobBuilder::new(&tidy)
        .literal_separator(true)
        .build()
    else {
        return false;
    };
    let m = g.compile_matcher();
    let mut p = path;
    loop {
        if m.is_match(p) {
            return true;
        }
        match p.rfind('/') {
            Some(i) => p = &p[..i],
            None => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_reads_numbers_as_numbers() {
        let mut v = vec![
            "10",
            "2",
            "1",
            "01",
            "a10",
            "a9",
            "a",
            "b",
            "sample-10",
            "sample-2",
            "x1y2",
            "x1y10",
        ];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            v,
            [
                "1",
                "01",
                "2",
                "10",
                "a",
                "a9",
                "a10",
                "b",
                "sample-2",
                "sample-10",
                "x1y2",
                "x1y10"
            ]
        );
        assert_eq!(natural_cmp("same", "same"), Ordering::Equal);
        assert_eq!(natural_cmp("007", "7"), Ordering::Greater);
    }

    #[test]
    fn globs_match_as_bapctools_reads_them() {
        // Brace alternatives are trimmed; a product of braces; `*` never crosses a `/`.
        assert!(glob_covers("secret/*{ 4 }{ 2 }", "secret/42"));
        assert!(!glob_covers("secret/*{ 4 }{ 2 }", "secret/43"));
        assert!(glob_covers("secret/*{,0,1}{0,2}", "secret/12"));
        assert!(glob_covers("expansion/ac.{py, cpp}", "expansion/ac.cpp"));
        assert!(glob_covers("wa/", "wa/odd.py"));
        assert!(!glob_covers("*/nested_wa.py", "match/nested/nested_wa.py"));
        assert!(glob_covers("secret", "secret/group/1"));
    }

    #[test]
    fn fnv1a_is_the_published_function() {
        // The reference values of FNV's authors (64-bit FNV-1a).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        assert_ne!(key(&[b"ab", b"c"]), key(&[b"a", b"bc"]));
    }
}
