//! `data/` of a Kattis package as a tree: its groups (`sample`, `secret` and the folders
//! below), each with its settings from `testdata.yaml` (legacy, 2023-07-draft) or
//! `test_group.yaml` (2025-09) over the ones it inherits, and its cases in natural order.
//! A folder reached twice (a link back up the tree) is named and skipped, so the walk ends.
//! Cost: one listing and one small file a group.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use yaml_rust2::Yaml;

use super::{as_f64, hash_keys, words, Version};
use crate::judge::format::error::FormatError;
use crate::judge::format::files as layout;
use crate::judge::format::yaml::load;
use crate::judge::format::Found;

/// A group's settings from `testdata.yaml` or `test_group.yaml` (inherited where the version
/// says so).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    // Legacy grading.
    pub on_reject_continue: bool,
    pub grader_flags: Vec<String>,
    pub accept_score: f64,
    pub reject_score: f64,
    pub range: (f64, f64),
    // 2025-09 scoring.
    pub max_score: Option<f64>,
    pub aggregation: Option<String>,
    pub require_pass: Vec<String>,
    // Both.
    pub output_validator_args: Vec<String>,
    pub input_validator_args: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            on_reject_continue: false,
            grader_flags: vec![],
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
            max_score: None,
            aggregation: None,
            require_pass: vec![],
            output_validator_args: vec![],
            input_validator_args: vec![],
        }
    }
}

/// A node of `data/`: a group with its cases and subgroups, in order.
#[derive(Clone, Debug)]
pub struct Group {
    /// The path under `data/` (`""` for data itself, `secret/group1`).
    pub name: String,
    pub config: Config,
    /// Whether `test_group.yaml` makes this a test data group (2025-09).
    pub declared: bool,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub enum Item {
    /// A case, by its name (`secret/group1/01`).
    Case(String),
    Group(Box<Group>),
}

impl Group {
    /// Every case below this group, in order.
    pub fn cases(&self) -> Vec<&str> {
        let mut v = Vec::new();
        for item in &self.items {
            match item {
                Item::Case(c) => v.push(c.as_str()),
                Item::Group(g) => v.extend(g.cases()),
            }
        }
        v
    }

    pub fn find(&self, name: &str) -> Option<&Group> {
        if self.name == name {
            return Some(self);
        }
        self.items.iter().find_map(|i| match i {
            Item::Group(g) => g.find(name),
            Item::Case(_) => None,
        })
    }
}

/// `data/` of the package at `dir`: its tree (`sample` and `secret` under the root, which
/// holds the settings of `data/`'s own file) and its cases in the tree's order.
pub fn read(
    dir: &Path,
    version: Version,
    warnings: &mut Vec<String>,
) -> Result<(Group, Vec<Found>), FormatError> {
    let mut cases = Vec::new();
    let data_dir = dir.join("data");
    let root = group_config(&data_dir, &Config::default(), version, warnings)?;
    let mut data = Group {
        name: String::new(),
        config: root.clone(),
        declared: false,
        items: vec![],
    };
    let mut walk = Walk {
        cases: &mut cases,
        warnings,
        seen: &mut HashSet::new(),
    };
    for top in ["sample", "secret"] {
        let d = data_dir.join(top);
        if d.is_dir() {
            let g = read_group(&d, top, &root, version, &mut walk)?;
            data.items.push(Item::Group(Box::new(g)));
        }
    }
    if cases.is_empty() {
        return Err(FormatError::said(
            "no test cases (NAME.in with NAME.ans under data/sample or data/secret)",
        )
        .in_file(dir));
    }
    Ok((data, cases))
}

/// Sets `on_reject` in `g` and every group below it (problem.yaml's `grading: on_reject`
/// overrides the groups' own, as problemtools reads it).
pub fn force_on_reject(g: &mut Group, continues: bool) {
    g.config.on_reject_continue = continues;
    for item in &mut g.items {
        if let Item::Group(sub) = item {
            force_on_reject(sub, continues);
        }
    }
}

/// A group's config: `test_group.yaml` or `testdata.yaml` in `dir` over the inherited one
/// (`parent`): its keys checked, then the legacy grader's settings, 2025-09's scoring and
/// the validators' arguments.
fn group_config(
    dir: &Path,
    parent: &Config,
    version: Version,
    warnings: &mut Vec<String>,
) -> Result<Config, FormatError> {
    let mut c = parent.clone();
    // In 2025-09 scoring settings belong to one group and are not inherited.
    if !version.legacy_grading() {
        c.max_score = None;
        c.aggregation = None;
        c.require_pass = vec![];
    }
    let file = [dir.join("test_group.yaml"), dir.join("testdata.yaml")]
        .into_iter()
        .find(|p| p.is_file());
    let Some(file) = file else { return Ok(c) };
    let y = load(&file, warnings)?;
    let in_file = |e: FormatError| e.in_file(&file);
    for k in check_keys(&y, version).map_err(in_file)? {
        warnings.push(format!("{}: unknown key `{k}` (ignored)", file.display()));
    }
    legacy_grading(&y, &mut c).map_err(in_file)?;
    scoring(&y, &mut c).map_err(in_file)?;
    for key in ["output_validator_args", "output_validator_flags"] {
        if let Some(w) = group_words(&y, key).map_err(in_file)? {
            c.output_validator_args = w;
        }
    }
    for key in ["input_validator_args", "input_validator_flags"] {
        if let Some(w) = group_words(&y, key).map_err(in_file)? {
            c.input_validator_args = w;
        }
    }
    Ok(c)
}

/// The legacy grader's keys, which 2025-09 does not define.
const LEGACY_ONLY: [&str; 8] = [
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
    "input_validator_flags",
    "output_validator_flags",
];

/// Every key a group's file may hold, in any version.
const KNOWN: [&str; 19] = [
    "on_reject",
    "grading",
    "grader_flags",
    "input_validator_flags",
    "output_validator_flags",
    "accept_score",
    "reject_score",
    "range",
    "max_score",
    "score_aggregation",
    "require_pass",
    "args",
    "input_validator_args",
    "output_validator_args",
    "static_validator_args",
    "static_validation_score",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
];

/// The keys of a group's file that no version defines (to warn about); a legacy key in a
/// 2025-09 package is an error.
fn check_keys(y: &Yaml, version: Version) -> Result<Vec<String>, FormatError> {
    let mut unknown = Vec::new();
    for k in hash_keys(y) {
        // The legacy grader's settings have no meaning in 2025-09, whose groups are scored by
        // max_score, score_aggregation and require_pass: a package that mixes them is invalid
        // (the spec: "Any unknown keys should be treated as an error"), and judged by
        // neither version's rules it would get a score no tool gives.
        if !version.legacy_grading() && LEGACY_ONLY.contains(&k.as_str()) {
            return Err(FormatError::said(format!(
                "`{k}` is a legacy key (testdata.yaml's grader), not one the 2025-09 format \
                 defines: the package is invalid (2025-09 scores groups by max_score, \
                 score_aggregation and require_pass; see the spec's \"Test data \
                 configuration\")"
            )));
        }
        if !KNOWN.contains(&k.as_str()) {
            unknown.push(k);
        }
    }
    Ok(unknown)
}

/// The legacy grader's settings: `on_reject`, `grading` (only the default one is run),
/// `grader_flags`, `accept_score`, `reject_score` and `range`.
fn legacy_grading(y: &Yaml, c: &mut Config) -> Result<(), FormatError> {
    match &y["on_reject"] {
        Yaml::BadValue => {}
        Yaml::String(s) if s == "break" => c.on_reject_continue = false,
        Yaml::String(s) if s == "continue" => c.on_reject_continue = true,
        v => {
            return Err(
                FormatError::expected("on_reject", "break or continue").found(format!("{v:?}"))
            )
        }
    }
    if matches!(&y["grading"], Yaml::String(g) if g == "custom") {
        return Err(FormatError::said(
            "grading: custom: custom graders are not run here",
        ));
    }
    if let Some(w) = group_words(y, "grader_flags")? {
        c.grader_flags = w;
    }
    if let Some(x) = group_number(y, "accept_score")? {
        c.accept_score = x;
    }
    if let Some(x) = group_number(y, "reject_score")? {
        c.reject_score = x;
    }
    if let Some(w) = group_words(y, "range")? {
        let parse = |s: &str| match s {
            "inf" | "+inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            s => s.parse().ok(),
        };
        let number = |s: &str| {
            parse(s).ok_or_else(|| FormatError::said(format!("range: `{s}` is not a number")))
        };
        match w.as_slice() {
            [a, b] => c.range = (number(a)?, number(b)?),
            _ => return Err(FormatError::expected("range", "two numbers")),
        }
    }
    Ok(())
}

/// 2025-09's scoring: `max_score`, `score_aggregation` and `require_pass`.
fn scoring(y: &Yaml, c: &mut Config) -> Result<(), FormatError> {
    match &y["max_score"] {
        Yaml::BadValue | Yaml::Null => {}
        Yaml::String(s) if s == "unbounded" => c.max_score = Some(f64::INFINITY),
        v => {
            c.max_score = Some(as_f64(v).ok_or_else(|| {
                FormatError::expected("max_score", "a number or unbounded").found(format!("{v:?}"))
            })?)
        }
    }
    if let Yaml::String(s) = &y["score_aggregation"] {
        if !["pass-fail", "sum", "min"].contains(&s.as_str()) {
            return Err(
                FormatError::expected("score_aggregation", "pass-fail, sum or min")
                    .found(format!("`{s}`")),
            );
        }
        c.aggregation = Some(s.clone());
    }
    if let Some(w) = group_words(y, "require_pass")? {
        c.require_pass = w;
    }
    Ok(())
}

/// A number of a group's file, if it has the key.
fn group_number(y: &Yaml, k: &str) -> Result<Option<f64>, FormatError> {
    match &y[k] {
        Yaml::BadValue | Yaml::Null => Ok(None),
        v => as_f64(v)
            .map(Some)
            .ok_or_else(|| FormatError::expected(k, "a number").found(format!("{v:?}"))),
    }
}

/// The words of a group's file (a string or a list), if it has the key.
fn group_words(y: &Yaml, k: &str) -> Result<Option<Vec<String>>, FormatError> {
    match &y[k] {
        Yaml::BadValue => Ok(None),
        Yaml::Hash(_) => Err(FormatError::said(format!(
            "{k}: per-program maps are not supported here; give a list"
        ))),
        v => words(v)
            .map(Some)
            .ok_or_else(|| FormatError::expected(k, "a string or a list")),
    }
}

/// What the walk over `data/` has found so far.
struct Walk<'a> {
    cases: &'a mut Vec<Found>,
    warnings: &'a mut Vec<String>,
    /// The folders read, as (device, inode): a link back to one of them (`a -> .`, or to a
    /// group read before) is named and skipped, so that the walk ends and each case is
    /// judged once.
    seen: &'a mut HashSet<(u64, u64)>,
}

/// Reads the group at `dir` (named `name` under data/), appending its cases to `walk`'s.
fn read_group(
    dir: &Path,
    name: &str,
    parent: &Config,
    version: Version,
    walk: &mut Walk<'_>,
) -> Result<Group, FormatError> {
    use std::os::unix::fs::MetadataExt;
    if let Ok(m) = std::fs::metadata(dir) {
        walk.seen.insert((m.dev(), m.ino()));
    }
    let warnings = &mut *walk.warnings;
    let config = group_config(dir, parent, version, warnings)?;
    let mut group = Group {
        name: name.to_string(),
        declared: dir.join("test_group.yaml").is_file(),
        config: config.clone(),
        items: vec![],
    };
    let names = layout::file_names(dir)?;
    let mut in_group = Vec::new();
    // An interactive sample's `.interaction` (shown in the statement, not run) is no case.
    let found = layout::pair(
        dir,
        &[".in"],
        dir,
        &[".ans"],
        &format!("{name}/"),
        &mut in_group,
    )?;
    for w in in_group {
        warnings.push(w);
    }
    let mut by_stem: HashMap<String, Found> = found
        .into_iter()
        .map(|f| (f.name.rsplit('/').next().unwrap_or("").to_string(), f))
        .collect();
    for n in names {
        let path = dir.join(&n);
        let meta = std::fs::metadata(&path);
        if let Err(e) = &meta {
            if e.raw_os_error() == Some(libc::ELOOP) {
                walk.warnings.push(format!(
                    "{name}/{n}: a symbolic link loop (it never reaches a file): skipped"
                ));
            }
            continue;
        }
        if path.is_dir() {
            if meta.is_ok_and(|m| walk.seen.contains(&(m.dev(), m.ino()))) {
                walk.warnings.push(format!(
                    "{name}/{n}: a link to a folder already read ({}): skipped, so that \
                     each case is judged once",
                    std::fs::read_link(&path)
                        .map(|t| t.display().to_string())
                        .unwrap_or_else(|_| "a hard link".into())
                ));
                continue;
            }
            let g = read_group(&path, &format!("{name}/{n}"), &config, version, walk)?;
            if !g.items.is_empty() {
                group.items.push(Item::Group(Box::new(g)));
            }
        } else if let Some(stem) = n.strip_suffix(".in") {
            if let Some(mut f) = by_stem.remove(stem) {
                f.validator_args = config.output_validator_args.clone();
                group.items.push(Item::Case(f.name.clone()));
                walk.cases.push(f);
            }
        }
    }
    Ok(group)
}
