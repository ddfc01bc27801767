//! Packages kept as folders of files (issue 41), as DMOJ's testsuite keeps its problems:
//! `tools/tests/packages/NAME/` holds a package (or a few) in some format, the programs the
//! tests judge there, and `expect.toml`, what each named run of the judge must get
//! (`packages/README.md` says what its keys mean). A test copies the folder to a scratch
//! folder of its own, so that the judge may write beside the package and the test change
//! it, then runs what `expect.toml` names, and checks in code only what is no line of output
//! (a file in a cache, a figure).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{root, scratch, Judge, Judged};

/// A copy of `tools/tests/packages/NAME` in a scratch folder, and its `expect.toml`.
pub struct Package {
    /// The copy: `{dir}` in `expect.toml`.
    pub dir: PathBuf,
    name: String,
    runs: BTreeMap<String, Expect>,
}

/// One run of the judge and what it must print: a table of `expect.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// The judge's arguments, a subcommand first (else `test`); `{dir}` is the copy's folder.
    args: Vec<String>,
    /// The judge's exit code.
    code: Option<i32>,
    /// Every case line, in order, as `VERDICT NAME`.
    cases: Option<Vec<String>>,
    /// Every case's name, in order.
    names: Option<Vec<String>>,
    /// The closing `N passed, N failed`.
    tally: Option<(usize, usize)>,
    /// Text that the first line of stdout (the header) holds, each.
    #[serde(default)]
    header: Vec<String>,
    /// Text that stdout holds, each.
    #[serde(default)]
    stdout: Vec<String>,
    /// Text that stderr holds, each.
    #[serde(default)]
    stderr: Vec<String>,
    /// Text that stdout or stderr holds, each.
    #[serde(default)]
    output: Vec<String>,
    /// Text that stdout does not hold, each.
    #[serde(default)]
    not_stdout: Vec<String>,
    /// Text that stderr does not hold, each.
    #[serde(default)]
    not_stderr: Vec<String>,
    /// The first line of stdout that holds `with` starts with `starts` and holds `has`.
    #[serde(default)]
    lines: Vec<Line>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    with: String,
    starts: Option<String>,
    has: Option<String>,
}

impl Package {
    /// A fresh copy of `tools/tests/packages/NAME`.
    pub fn copy(name: &str) -> Package {
        Package::copy_into(name, &scratch(name))
    }

    /// A copy of `tools/tests/packages/NAME` in the folder `dir` (made; elsewhere than the
    /// scratch folders: under /tmp, where the isolation treats a user's files apart).
    pub fn copy_into(name: &str, dir: &Path) -> Package {
        let from = root().join("tools/tests/packages").join(name);
        let dir = dir.to_path_buf();
        copy_tree(&from, &dir);
        let runs = match std::fs::read_to_string(from.join("expect.toml")) {
            Ok(text) => toml::from_str(&text)
                .unwrap_or_else(|e| panic!("{}/expect.toml: {e}", from.display())),
            Err(_) => BTreeMap::new(),
        };
        Package {
            dir,
            name: name.to_string(),
            runs,
        }
    }

    /// A path in the copy.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// A path in the copy, as an argument.
    pub fn arg(&self, rel: &str) -> String {
        self.path(rel).display().to_string()
    }

    /// The text of a file of the copy.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel))
            .unwrap_or_else(|e| panic!("{}: {e}", self.path(rel).display()))
    }

    /// Writes (or rewrites) a file of the copy.
    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The judge with `args` (`{dir}` in them the copy's folder): the flat judge, its failing
    /// cases in `{dir}/out` and its cache in `{dir}/cache`.
    pub fn judge(&self, args: &[&str]) -> Judged {
        self.judge_with(args, None)
    }

    /// [`Package::judge`] with `PATH` set to `path`, where one is given.
    fn judge_with(&self, args: &[&str], path: Option<&str>) -> Judged {
        let args: Vec<String> = args.iter().map(|a| self.fill(a)).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let judge = Judge::flat(&self.path("out"), &args).cache(&self.path("cache"));
        match path {
            Some(p) => judge.env("PATH", p).run(),
            None => judge.run(),
        }
    }

    /// Runs `run` of `expect.toml` and asserts all it says; the run, for more.
    pub fn expect(&self, run: &str) -> Judged {
        self.expect_with_path(run, None)
    }

    /// [`Package::expect`] with `PATH` set to `path`, where one is given (a machine without
    /// a tool: see [`super::path_without`]).
    pub fn expect_with_path(&self, run: &str, path: Option<&str>) -> Judged {
        self.expect_full(run, path, &[])
    }

    /// [`Package::expect`] under the isolation mechanism `isolation` (`--isolation` appended
    /// to the run's arguments).
    pub fn expect_isolated(&self, run: &str, isolation: &str) -> Judged {
        self.expect_full(run, None, &["--isolation", isolation])
    }

    fn expect_full(&self, run: &str, path: Option<&str>, extra: &[&str]) -> Judged {
        let e = self
            .runs
            .get(run)
            .unwrap_or_else(|| panic!("packages/{}/expect.toml has no [{run}]", self.name));
        let mut args: Vec<&str> = e.args.iter().map(String::as_str).collect();
        args.extend(extra);
        let j = self.judge_with(&args, path);
        let at = format!(
            "packages/{}/expect.toml [{run}]{}",
            self.name,
            extra.iter().map(|a| format!(" {a}")).collect::<String>()
        );
        if let Some(code) = e.code {
            assert_eq!(j.code, Some(code), "{at}: exit code\n{j}");
        }
        if let Some(cases) = &e.cases {
            let got: Vec<String> = j
                .verdicts()
                .iter()
                .map(|(v, n)| format!("{v} {n}"))
                .collect();
            assert_eq!(&got, cases, "{at}: cases\n{j}");
        }
        if let Some(names) = &e.names {
            let got: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
            assert_eq!(&got, names, "{at}: names\n{j}");
        }
        if let Some(tally) = e.tally {
            assert_eq!(j.tally(), tally, "{at}: tally\n{j}");
        }
        let all = format!("{}{}", j.stdout, j.stderr);
        let header = j.stdout.lines().next().unwrap_or("").to_string();
        for (texts, within, holds, what) in [
            (&e.header, &header, true, "the header lacks"),
            (&e.stdout, &j.stdout, true, "stdout lacks"),
            (&e.stderr, &j.stderr, true, "stderr lacks"),
            (&e.output, &all, true, "stdout and stderr lack"),
            (&e.not_stdout, &j.stdout, false, "stdout holds"),
            (&e.not_stderr, &j.stderr, false, "stderr holds"),
        ] {
            for text in texts {
                let text = self.fill(text);
                assert_eq!(within.contains(&text), holds, "{at}: {what} `{text}`\n{j}");
            }
        }
        for line in &e.lines {
            let found = j
                .stdout
                .lines()
                .find(|l| l.contains(&line.with))
                .unwrap_or_else(|| panic!("{at}: no line with `{}`\n{j}", line.with));
            let starts = line.starts.as_deref().is_none_or(|s| found.starts_with(s));
            let has = line.has.as_deref().is_none_or(|s| found.contains(s));
            assert!(starts && has, "{at}: the line with `{}`\n{j}", line.with);
        }
        j
    }

    /// `text` with `{dir}` the copy's folder.
    fn fill(&self, text: &str) -> String {
        text.replace("{dir}", &self.dir.display().to_string())
    }
}

/// Copies the folder `from` into `to`, files with their modes (the executable bit), links as
/// links (a package's `gen/generatore.sh -> /bin/echo`, a submission linked into two folders).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    let entries =
        std::fs::read_dir(from).unwrap_or_else(|e| panic!("no package {}: {e}", from.display()));
    for e in entries {
        let e = e.unwrap();
        let (src, dst) = (e.path(), to.join(e.file_name()));
        let kind = e.file_type().unwrap();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&src).unwrap(), &dst).unwrap();
        } else if kind.is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}
