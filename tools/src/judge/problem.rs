//! A problem folder (`problems/<name>/`): its `info.toml` (limits, binary, checker), and what
//! to run for it (our binary, its bundle, or the user's command).

use std::fs;
use std::path::{Path, PathBuf};

use crate::bundle::fresh_bundle;
pub use crate::judge::format::info::{
    check_limit, file_name, read_config, Compare, Info, CONFIG_CAP, DEFAULT_MEMORY_LIMIT_MIB,
    DEFAULT_OUTPUT_LIMIT_MIB, DEFAULT_TIME_LIMIT_MS, MAX_MEMORY_LIMIT_MIB, MAX_OUTPUT_LIMIT_MIB,
    MAX_TIME_LIMIT_MS,
};
use crate::judge::format::{own, FormatError, Kind, Package};
use crate::run::program::Program;

/// The name among `names` that `word` was likely meant to be, for "did you mean": one that
/// starts with it (`samp` -> `sample`; several: the glob `samp*`), else the nearest within
/// a third of its length in edits (`robot-maz` -> `robot-maze`, `smaple` -> `sample`).
pub fn did_you_mean(word: &str, names: &[&str]) -> Option<String> {
    if word.is_empty() || word.contains(['*', '?', '[', '{']) {
        return None;
    }
    let starting: Vec<&&str> = names.iter().filter(|n| n.starts_with(word)).collect();
    match starting[..] {
        [one] => return Some(one.to_string()),
        [_, _, ..] => return Some(format!("{word}*")),
        [] => {}
    }
    let budget = (word.chars().count() / 3).max(1);
    let whole = names
        .iter()
        .map(|n| (edits(word, n), *n))
        .filter(|&(d, _)| d <= budget)
        .min()
        .map(|(_, n)| n.to_string());
    if whole.is_some() {
        return whole;
    }
    // A mistyped start (`opne` for the `open-*` cases): the names whose start is near it.
    let len = word.chars().count();
    let near: Vec<String> = names
        .iter()
        .map(|n| n.chars().take(len).collect::<String>())
        .filter(|start| edits(word, start) <= budget)
        .collect();
    match &near[..] {
        [] => None,
        [first, ..] if near.iter().all(|s| s == first) => {
            let mut with = names.iter().filter(|n| n.starts_with(first.as_str()));
            match (with.next(), with.next()) {
                (Some(one), None) => Some(one.to_string()),
                (Some(_), Some(_)) => Some(format!("{first}*")),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Levenshtein distance, with a swap of two neighbours counted as one edit.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// A problem being judged: a package, as its format's reader read it (our problem folders
/// by `judge/format/own.rs`, a user's folder by the reader that claims it). What only the
/// judge needs beside the model is here: opening one, its tests folder, where its kept
/// outputs go, and what runs for it.
pub type Problem = Package;

impl Package {
    /// `problems_dir/<name>`, read by our problems' reader; an unknown problem, a bad
    /// `info.toml` or a case without its answer is an error.
    pub fn open(problems_dir: &Path, name: &str) -> Result<Problem, FormatError> {
        let dir = problems_dir.join(name);
        if !dir.is_dir() {
            let known = list(problems_dir).unwrap_or_default();
            let names: Vec<&str> = known.iter().map(String::as_str).collect();
            if let Some(like) = did_you_mean(name, &names) {
                return Err(FormatError::said(format!(
                    "no problem `{name}`: did you mean `{like}`?"
                )));
            }
            return Err(FormatError::said(format!(
                "no problem `{name}` (no folder {}){}",
                dir.display(),
                if known.is_empty() {
                    String::new()
                } else {
                    format!("; problems: {}", known.join(", "))
                }
            )));
        }
        let mut package = own::read_folder(&dir)?;
        package.name = name.to_string();
        Ok(package)
    }

    /// Any folder or package of tests (`--tests PATH`), read by its format's reader (see
    /// `judge/format`): named after it, limits from its `info.toml` or `problem.yaml`.
    pub fn from_tests_dir(dir: &Path) -> Result<Problem, FormatError> {
        Problem::from_tests_dir_testset(dir, None)
    }

    /// As [`Package::from_tests_dir`], with the testset named `testset` where the format
    /// has several (Polygon's `pretests`).
    pub fn from_tests_dir_testset(
        dir: &Path,
        testset: Option<&str>,
    ) -> Result<Problem, FormatError> {
        crate::judge::format::detect_testset(dir, testset)
    }

    /// Whether it is one of our problem folders (`problems/<name>/`), whose binaries and
    /// invalid-input cases are ours.
    pub fn is_ours(&self) -> bool {
        self.kind == Kind::Ours
    }

    /// Where the cases are: `DIR/tests` for ours, the package's folder for any other.
    pub fn tests_dir(&self) -> PathBuf {
        if self.is_ours() {
            self.root.join("tests")
        } else {
            self.root.clone()
        }
    }

    /// The folder name this problem's kept outputs go under (in the out folder): its name
    /// for one of ours (`ours`: from our own problems folder), else its name and a short hash
    /// of its tests folder's canonical path, so that two folders of the same name never
    /// share one.
    pub fn kept_name(&self, ours: bool) -> String {
        if ours {
            return self.name.clone();
        }
        format!("{}-{}", self.name, self.path_hash())
    }

    /// Eight hex digits that tell this problem's tests folder from any other of the same
    /// name: a hash of its canonical path (FNV-1a, stable across runs and machines).
    pub fn path_hash(&self) -> String {
        let tests = self.tests_dir();
        let path = fs::canonicalize(&tests).unwrap_or(tests);
        let hash = crate::run::hash::fnv1a(path.as_os_str().as_encoded_bytes());
        format!("{:08x}", hash as u32)
    }

    pub fn binary(&self) -> &str {
        self.info.binary.as_deref().unwrap_or(&self.name)
    }

    /// Our release binary for this problem, which must exist.
    pub fn ours(&self, bin_dir: &Path) -> Result<Program, String> {
        let exe = bin_dir.join(self.binary());
        if !exe.is_file() {
            return Err(format!(
                "{} not found: build it with `cargo build --release` (scripts/judge does)",
                exe.display()
            ));
        }
        Ok(Program::Direct(vec![exe.display().to_string()]))
    }

    /// The bundle of this problem in `dir` (`target/bundle` unless `--bundle-dir`), compiled
    /// from its source when that is newer, as `bfs-judge bundle` compiles it.
    pub fn bundle(&self, dir: &Path) -> Result<Program, String> {
        match fresh_bundle(dir, &self.name).map_err(|e| e.to_string())? {
            Some(exe) => Ok(Program::Direct(vec![exe.display().to_string()])),
            None => Err(format!(
                "--bundle: neither {} nor {}.rs exists: make it with `scripts/bundle {}`",
                dir.join(&self.name).display(),
                dir.join(&self.name).display(),
                self.name
            )),
        }
    }
}

/// The problems under `dir`: folders with `tests/` or an `info.toml`, sorted.
pub fn list(dir: &Path) -> Result<Vec<String>, String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("tests").is_dir() || e.path().join("info.toml").is_file())
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .collect();
    v.sort();
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_toml_is_typed() {
        let i = Info::parse(
            "# c\nname = \"p\"\nbinary = \"p-bin\" # x\ntime_limit_ms = 2_000\n\
             memory_limit_mib = 64\ncompare = \"exact\"\nchecker = true\nmax_rows = 10\n",
        )
        .unwrap();
        assert_eq!(
            (
                i.binary.as_deref(),
                i.time_limit_ms,
                i.memory_limit_mib,
                i.checker
            ),
            (Some("p-bin"), Some(2000), Some(64), true)
        );
        assert!(!Info::parse("").unwrap().checker);
    }

    #[test]
    fn a_bad_info_toml_names_its_line() {
        let e = Info::parse("name = \"p\"\ntime_limit_ms = \"fast\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 2, column 17: "), "{e}");
        let e = Info::parse("name = \"p\"\n\ntime_limit = 5\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("line 3, column 1: ") && e.contains("time_limit"),
            "{e}"
        );
        let e = Info::parse("compare = \"tokens\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 1, "), "{e}");
    }

    #[test]
    fn a_foreign_info_toml_gives_its_limits_and_keeps_its_other_keys() {
        let dir = std::env::temp_dir().join(format!("judge-foreign-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("tests")).unwrap();
        // Library Checker's format: seconds, and keys of its own.
        std::fs::write(
            dir.join("info.toml"),
            "title = \"A + B\"\ntimelimit = 2.5\n[[tests]]\nname = \"example.in\"\n",
        )
        .unwrap();
        let p = Problem::from_tests_dir(&dir.join("tests")).unwrap();
        assert_eq!(p.info.time_limit_ms, Some(2500));
        assert_eq!(p.name, dir.file_name().unwrap().to_string_lossy());
        std::fs::write(
            dir.join("info.toml"),
            "time_limit_ms = 300\nmemory_limit_mib = \"a lot\"\n",
        )
        .unwrap();
        let e = Problem::from_tests_dir(&dir.join("tests"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory_limit_mib: expected a whole number"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_problem_of_ours_opens_as_a_package_of_ours() {
        let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems");
        let names = list(&problems).unwrap();
        assert!(names.len() >= 5, "{names:?}");
        for name in names {
            let p = Problem::open(&problems, &name).unwrap();
            assert_eq!(p.info.name.as_deref(), Some(name.as_str()));
            assert!(p.info.time_limit_ms.is_some() && p.info.memory_limit_mib.is_some());
            // Read by our problems' reader, cases and all, like any package by its own.
            assert!(p.is_ours() && !p.cases.is_empty(), "{name}");
            assert_eq!(p.tests_dir(), problems.join(&name).join("tests"));
        }
    }

    #[test]
    fn did_you_mean_finds_the_likely_name() {
        let cases = ["sample", "open-field", "open-maze", "wall", "1"];
        assert_eq!(did_you_mean("samp", &cases).as_deref(), Some("sample"));
        assert_eq!(did_you_mean("smaple", &cases).as_deref(), Some("sample"));
        assert_eq!(did_you_mean("open", &cases).as_deref(), Some("open*"));
        assert_eq!(did_you_mean("opne", &cases).as_deref(), Some("open*"));
        assert_eq!(
            did_you_mean("robot-maz", &["robot-maze", "chase"]).as_deref(),
            Some("robot-maze")
        );
        assert_eq!(did_you_mean("zzz", &cases), None);
        assert_eq!(did_you_mean("open*", &cases), None);
    }
}
