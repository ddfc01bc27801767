//! A DMOJ problem: a folder with `init.yml` (DMOJ's judge-server format, as its
//! documentation describes it), whose `test_cases` list cases (`in`, `out`, `points`) and
//! batches (`batched`, `points`, `dependencies`), `pretest_test_cases` run before them, the
//! data read from the folder or from the zip named by `archive`, and the checker named by
//! `checker` (DMOJ's named ones, see `judge/check/named.rs`, or `bridged`: a compiled checker of
//! the package's own, called as testlib's are).
//!
//! As DMOJ resolves them: a key missing on a case is taken from its batch, then from the
//! top of the file (`points` defaults to 1, `checker` to `standard`); a file is looked for
//! in the folder first, then in the archive; a case without `in` has an empty input and one
//! without `out` an empty answer. The archive is never unpacked into the package: each file
//! a case names is copied out of it, once, into the package's cache folder (keyed by its
//! name, size and CRC, so a changed archive is read again), with caps on each file and on
//! the whole that a zip bomb cannot pass (its declared sizes are not trusted: the bytes are
//! counted as they come).
//!
//! Scoring, as DMOJ's judge scores: a case earns its points when accepted (a `linecount`
//! checker's fraction of them), a batch its points only when all its cases are accepted, a
//! batch nothing unless the batches its `dependencies` name (1-based, in the order batches
//! are run) passed, and once a case or batch of 0 points (a pretest) has failed, nothing
//! after it earns anything. What DMOJ's judge skips (`SC`: the rest of a batch after a
//! failure, a batch whose dependencies failed, everything after a failed 0-point case;
//! `Package::reached`) `test` still judges but shows as skipped and does not count, and
//! `verify` does not judge.
//!
//! A `signature_grader` (`entry`, `header`, `allow_main`) makes the submission a set of C or
//! C++ functions that the handler calls: both files are the package's graders, built with
//! each submission as DMOJ's signature grader builds it (`stage::submission`).
//!
//! Not read (each an error that names it, where a problem needs it): generators
//! (`generator`), interactive problems (`interactive`), `custom_judge`, Python checker modules (`checker: check.py`), `bridged` checkers of
//! the `coci` and `peg` types or of several files, and test cases given by the
//! `input_format` / `output_format` patterns instead of a list. DMOJ keeps a problem's time
//! and memory limits on its site, not in `init.yml`: the judge's defaults apply unless
//! `--time-limit-ms` and `--memory-limit-mib` say otherwise (`output_limit_length` is read).
//!
//! Cost: `init.yml` is read with the YAML guards of `yaml.rs`; the archive's central
//! directory once, and each file a case names is copied once (later runs find it cached).

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

use yaml_rust2::Yaml;

use crate::judge::check::named::{self, ErrorMode, Named, SplitOn};
use crate::judge::check::{Check, Protocol};
use crate::judge::format::error::{self, FormatError};
use crate::judge::format::files::name_of;
use crate::judge::format::info::{check_limit, MAX_OUTPUT_LIMIT_MIB};
use crate::judge::format::yaml::load;
use crate::judge::format::{
    Build, Context, Found, Grading, Kind, Names, Package, Policy, Reader, Rule, ScoredGroup,
    Signature, Submission, Tool,
};

pub const READER: Reader = Reader {
    name: "DMOJ",
    looks_for: "init.yml",
    claims: |dir| dir.join("init.yml").is_file(),
    read,
};

/// The most one file copied out of an archive may hold, and all of them together: far above
/// a real problem's data, and what a zip bomb (a few KiB that inflate to terabytes) meets.
pub const ENTRY_CAP: u64 = 1 << 30;
pub const ARCHIVE_CAP: u64 = 4 << 30;

/// The keys of `init.yml` (and of its cases and batches) read or knowingly passed over; any
/// other is warned about, as a misspelt key would be.
const KNOWN_KEYS: &[&str] = &[
    "archive",
    "test_cases",
    "pretest_test_cases",
    "points",
    "in",
    "out",
    "batched",
    "dependencies",
    "checker",
    "output_limit_length",
    "signature_grader",
    // What only DMOJ's own judging or its site uses: nothing here to do.
    "output_prefix_length",
    "symlinks",
    "hints",
    "unbuffered",
    "wall_time_factor",
    "binary_data",
    "meta",
    "short_circuit",
    "generator_args",
    "generator_in",
];

/// The keys that make a problem this reader cannot judge faithfully, with why.
const REFUSED_KEYS: &[(&str, &str)] = &[
    (
        "interactive",
        "an interactive problem (a Python interactor for DMOJ's judge)",
    ),
    (
        "custom_judge",
        "a custom grader (a Python module for DMOJ's judge)",
    ),
];

/// Reads the problem at `dir`: init.yml's cases and batches with their files and the
/// checker they name, its output limit, and the testsuite's submissions.
fn read(dir: &Path, ctx: &Context) -> Result<Package, FormatError> {
    let path = dir.join("init.yml");
    let mut warnings = Vec::new();
    let doc = load(&path, &mut warnings)?;
    let (read, checker) = cases(dir, ctx, &doc, &mut warnings).map_err(|e| e.or_in_file(&path))?;
    let mut package = Package::plain(Kind::Dmoj, name_of(dir), dir.to_path_buf(), read.cases);
    let full = read.groups.iter().map(|g| g.points).sum();
    package.grading = Grading::Groups {
        groups: read.groups,
        full,
    };
    match checker {
        Judged::Named(c) => package.compare = Some(Check::Named(c)),
        Judged::Tool(t) => package.checker = Some(t),
    }
    let limit = match &doc["output_limit_length"] {
        Yaml::BadValue => 25_165_824,
        y => y
            .as_i64()
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| {
                FormatError::expected("output_limit_length", "a number of bytes").in_file(&path)
            })?,
    };
    package.info.output_limit_mib = Some(check_limit(
        "output_limit_mib",
        limit.div_ceil(1 << 20),
        MAX_OUTPUT_LIMIT_MIB,
    )?);
    if let Some((files, signature)) = signature_grader(dir, &doc).map_err(|e| e.in_file(&path))? {
        package.grader = files;
        package.signature = Some(signature);
    }
    package.info_path = Some(path);
    package.warnings = warnings;
    let (subs, said) = submissions(dir)?;
    package.submissions = subs;
    package.submission_warnings = said;
    Ok(package)
}

/// init.yml's cases and batches (pretests first) with their files, and the one checker
/// they name; its errors name no file unless about another (the archive's).
fn cases(
    dir: &Path,
    ctx: &Context,
    doc: &Yaml,
    warnings: &mut Vec<String>,
) -> Result<(Items, Judged), FormatError> {
    let top = match doc {
        Yaml::Hash(_) => doc,
        Yaml::Null => {
            return Err(FormatError::said(
                "empty; a DMOJ problem lists its test_cases",
            ))
        }
        _ => {
            return Err(FormatError::said(
                "expected a mapping of keys (test_cases, archive...)",
            ))
        }
    };
    for (key, why) in REFUSED_KEYS {
        if !top[*key].is_badvalue() {
            return Err(FormatError::said(format!(
                "`{key}`: {why}, which the judge does not run; judge its cases with \
                 a checker or interactor of your own (`--tests` on a folder of NAME.in + \
                 NAME.out, `--checker-cmd`, `--interactor`)"
            )));
        }
    }
    let archive = match str_key(top, "archive")? {
        Some(name) => Some(Archive::open(dir, &name, &ctx.scratch)?),
        None => None,
    };
    let mut data = Data {
        dir,
        scratch: &ctx.scratch,
        archive,
        copied: 0,
    };
    let list = |key: &str| -> Result<Vec<Yaml>, FormatError> {
        match &top[key] {
            Yaml::BadValue | Yaml::Null => Ok(Vec::new()),
            Yaml::Array(a) => Ok(a.clone()),
            Yaml::Hash(_) if key == "test_cases" => Err(FormatError::said(
                "test_cases by input_format/output_format patterns (DMOJ matches \
                 them as Python regular expressions): not read; list the cases instead \
                 (`- {in: x.1.in, out: x.1.out, points: 1}`)",
            )),
            other => Err(FormatError::said(format!(
                "`{key}`: expected a list of cases, found {}",
                kind(other)
            ))),
        }
    };
    let (pretests, tests) = (list("pretest_test_cases")?, list("test_cases")?);
    if tests.is_empty() && pretests.is_empty() {
        let why = match &top["test_cases"] {
            Yaml::BadValue | Yaml::Null => {
                "no test_cases (DMOJ would guess them from the archive's file names by its \
                 default patterns: not done here); list them \
                 (`test_cases: [{in: x.1.in, out: x.1.out, points: 1}]`)"
            }
            _ => "test_cases is an empty list: no cases to judge",
        };
        return Err(FormatError::said(why));
    }
    warn_unknown(top, "init.yml", warnings);
    if matches!(&top["symlinks"], Yaml::Hash(h) if !h.is_empty()) {
        warnings.push(
            "init.yml: symlinks: the links DMOJ makes in the program's folder are not made here"
                .to_string(),
        );
    }
    let mut read = Items::default();
    // Pretests first, each worth nothing (DMOJ forces their points to 0), batches numbered
    // in the order they are run, as DMOJ's `dependencies` count them.
    for (prefix, items, pretest) in [("pretest/", &pretests, true), ("", &tests, false)] {
        for (i, item) in items.iter().enumerate() {
            read.item(item, i + 1, prefix, pretest, top, &mut data, warnings)?;
        }
    }
    let checker = checker_of(&read.checkers, dir, warnings)?;
    Ok((read, checker))
}

/// `signature_grader: {entry: handler.cpp, header: header.h, allow_main: false}`: the
/// handler and the header (files of the problem folder) that every submission, a set of C
/// or C++ functions, is built with, as DMOJ's signature grader builds it.
fn signature_grader(
    dir: &Path,
    doc: &Yaml,
) -> Result<Option<(Vec<PathBuf>, Signature)>, FormatError> {
    let node = &doc["signature_grader"];
    if node.is_badvalue() {
        return Ok(None);
    }
    let file = |key: &str| -> Result<(String, PathBuf), FormatError> {
        let name = str_key(node, key)?.ok_or_else(|| {
            FormatError::expected(
                format!("signature_grader: {key}"),
                "a file of the problem folder",
            )
        })?;
        match inside(dir, &name) {
            Some(p) if p.is_file() => Ok((name, p)),
            _ => Err(FormatError::said(format!(
                "signature_grader: {key}: no file {name} in the problem folder"
            ))),
        }
    };
    let (_, entry) = file("entry")?;
    let (header, header_path) = file("header")?;
    let allow_main = match &node["allow_main"] {
        Yaml::BadValue | Yaml::Null => false,
        Yaml::Boolean(b) => *b,
        other => {
            return Err(FormatError::said(format!(
                "signature_grader: allow_main: expected true or false, found {}",
                kind(other)
            )))
        }
    };
    Ok(Some((
        vec![entry, header_path],
        Signature { header, allow_main },
    )))
}

/// The submissions of DMOJ's judge-server testsuite beside a problem: `tests/NAME/test.yml`
/// (or `test.posix.yml`, `test.linux.yml`) names its `source` and the codes its cases must
/// get, `expect` for all of them (default AC) and `cases` case by case. The judge keeps one
/// rule per submission: the codes any case may get (`SC` allows any: `verify` judges no
/// case DMOJ would skip) and, unless AC is among them, that at least one case gets one
/// of the failing codes listed; `IR` (a non-zero exit) is the judge's RTE. Python 2 is tried
/// as Python 3 (skipped, said why, where it is not valid Python 3); several source files are
/// skipped with the reason; `time` and `memory` are not read.
fn submissions(dir: &Path) -> Result<(Vec<Submission>, Vec<String>), FormatError> {
    let tests = dir.join("tests");
    let mut subs = Vec::new();
    let mut said = Vec::new();
    for name in crate::judge::format::files::file_names(&tests)? {
        let folder = tests.join(&name);
        let Some(yml) = ["test.yml", "test.posix.yml", "test.linux.yml"]
            .iter()
            .map(|f| folder.join(f))
            .find(|f| f.is_file())
        else {
            continue;
        };
        let y = load(&yml, &mut said)?;
        let shown = format!("tests/{name}");
        let source = match &y["source"] {
            Yaml::String(s) => s.clone(),
            Yaml::Array(a) => {
                said.push(format!("{shown}: {} source files: skipped", a.len()));
                continue;
            }
            _ => {
                said.push(format!("{}: no `source`: skipped", yml.display()));
                continue;
            }
        };
        let codes = |y: &Yaml| -> Vec<String> {
            match y {
                Yaml::String(s) => vec![s.clone()],
                Yaml::Array(a) => a
                    .iter()
                    .filter_map(|c| c.as_str().map(String::from))
                    .collect(),
                _ => Vec::new(),
            }
        };
        let mut listed: Vec<String> = match &y["cases"] {
            Yaml::Array(a) => a.iter().flat_map(codes).collect(),
            Yaml::Hash(h) => h.values().flat_map(codes).collect(),
            _ => Vec::new(),
        };
        if listed.is_empty() {
            listed = match &y["expect"] {
                Yaml::BadValue => vec!["AC".to_string()],
                other => codes(other),
            };
        }
        let rule = dmoj_rule(&listed);
        let language = y["language"].as_str().unwrap_or("").to_string();
        let unchecked = listed
            .iter()
            .find(|c| matches!(c.as_str(), "CE" | "IE" | "AB"));
        let skip = match () {
            _ if y["skip"].as_bool() == Some(true) => Some("skip: true in its test.yml".into()),
            _ if unchecked.is_some() => Some(format!(
                "expects {} (a compile error, an internal error or an abort), which verify \
                 does not check",
                unchecked.map_or("", String::as_str)
            )),
            _ => None,
        };
        // Python 2 is not run here; much of it is valid Python 3, tried as such.
        let skip_unless_built = matches!(language.as_str(), "PY2" | "PYPY2").then(|| {
            format!("{language} (Python 2), which the judge runs only where it is valid Python 3")
        });
        subs.push(Submission {
            skip,
            skip_unless_built,
            ..Submission::new(shown, folder.join(&source), rule, Names::Dmoj)
        });
    }
    Ok((subs, said))
}

/// The rule of a testsuite submission whose cases must get the DMOJ codes `listed`: every
/// case one of them (any code, where a case may be skipped), and at least one case one of
/// the failing codes listed, if any is.
fn dmoj_rule(listed: &[String]) -> Rule {
    const ALL: &[&str] = &["AC", "WA", "TLE", "MLE", "OLE", "RTE"];
    let skipped = listed.iter().any(|c| c == "*" || c == "SC");
    let mut codes: Vec<&'static str> = listed
        .iter()
        .filter_map(|c| match c.as_str() {
            "IR" => Some("RTE"),
            c => ALL.iter().copied().find(|a| *a == c),
        })
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let failing: Vec<&'static str> = codes.iter().copied().filter(|c| *c != "AC").collect();
    let label = match (codes.contains(&"AC"), failing.is_empty()) {
        (false, true) => "any".to_string(),
        (true, true) => "AC".to_string(),
        (true, false) => format!(
            "AC or {}, at least one {}",
            failing.join(" or "),
            failing.join(" or ")
        ),
        (false, false) => failing.join(" or "),
    };
    let permitted = if skipped { Vec::new() } else { codes };
    Rule::new(&label, &permitted, &failing)
}

/// What YAML value `y` is, for messages.
fn kind(y: &Yaml) -> &'static str {
    match y {
        Yaml::Real(_) | Yaml::Integer(_) => "a number",
        Yaml::String(_) => "a string",
        Yaml::Boolean(_) => "a boolean",
        Yaml::Array(_) => "a list",
        Yaml::Hash(_) => "a mapping",
        Yaml::Alias(_) | Yaml::Null | Yaml::BadValue => "nothing",
    }
}

fn str_key(node: &Yaml, key: &str) -> Result<Option<String>, FormatError> {
    match &node[key] {
        Yaml::BadValue | Yaml::Null => Ok(None),
        Yaml::String(s) => Ok(Some(s.clone())),
        Yaml::Integer(i) => Ok(Some(i.to_string())),
        other => Err(FormatError::said(format!(
            "`{key}`: expected a file name, found {}",
            kind(other)
        ))),
    }
}

fn warn_unknown(node: &Yaml, what: &str, warnings: &mut Vec<String>) {
    let Yaml::Hash(h) = node else { return };
    for k in h.keys() {
        let name = k.as_str().unwrap_or("?");
        let refused = REFUSED_KEYS.iter().any(|(r, _)| *r == name);
        if !KNOWN_KEYS.contains(&name) && !refused && name != "generator" {
            warnings.push(format!("{what}: unknown key `{name}`: ignored"));
        }
    }
}

/// `key` from the first node of `chain` (a case, its batch, the file) that has it, as DMOJ's
/// configuration nodes inherit.
fn inherited<'a>(chain: &[&'a Yaml], key: &str) -> Option<&'a Yaml> {
    chain
        .iter()
        .map(|n| &n[key])
        .find(|y| !y.is_badvalue() && !y.is_null())
}

fn points_of(chain: &[&Yaml], at: &str) -> Result<f64, FormatError> {
    let Some(y) = inherited(chain, "points") else {
        return Ok(1.0);
    };
    let p = match y {
        Yaml::Integer(i) => *i as f64,
        Yaml::Real(_) => y.as_f64().unwrap_or(f64::NAN),
        _ => f64::NAN,
    };
    if !(p.is_finite() && p >= 0.0) {
        return Err(FormatError::said(format!(
            "{at}: points: expected a number of at least 0, found {}",
            match y {
                Yaml::String(s) => format!("`{s}`"),
                other => kind(other).to_string(),
            }
        )));
    }
    Ok(p)
}

/// The cases and groups read so far, and the checker each case names.
#[derive(Default)]
struct Items {
    cases: Vec<Found>,
    groups: Vec<ScoredGroup>,
    checkers: Vec<(String, Yaml)>,
    /// The batches' group names, in order: `dependencies` count them from 1.
    batches: Vec<String>,
    /// The groups of 0 points so far: everything after them depends on them.
    gates: Vec<String>,
}

impl Items {
    #[allow(clippy::too_many_arguments)]
    fn item(
        &mut self,
        item: &Yaml,
        number: usize,
        prefix: &str,
        pretest: bool,
        top: &Yaml,
        data: &mut Data<'_>,
        warnings: &mut Vec<String>,
    ) -> Result<(), FormatError> {
        let list = if pretest {
            "pretest_test_cases"
        } else {
            "test_cases"
        };
        let at = format!("{list} item {number}");
        if !matches!(item, Yaml::Hash(_)) {
            return Err(FormatError::said(format!(
                "{at}: expected a case (`{{in: ..., out: ..., points: ...}}`) or a \
                 batch (`{{batched: [...], points: ...}}`), found {}",
                kind(item)
            )));
        }
        warn_unknown(item, &at, warnings);
        let points = if pretest {
            0.0
        } else {
            points_of(&[item, top], &at)?
        };
        let mut depends = self.gates.clone();
        let (name, cases) = match &item["batched"] {
            Yaml::BadValue => {
                let name = format!("{prefix}{number}");
                let mut case = self.case(&name, &[item, top], &at, data)?;
                case.points = Some(points);
                (name, vec![case])
            }
            Yaml::Array(inner) => {
                let b = self.batches.len() + 1;
                let name = format!("{prefix}batch{b}");
                if inner.is_empty() {
                    return Err(FormatError::said(format!("{at}: a batch with no cases")));
                }
                for d in deps(item, b, &at)? {
                    depends.push(self.batches[d - 1].clone());
                }
                self.batches.push(name.clone());
                let mut cases = Vec::new();
                for (k, c) in inner.iter().enumerate() {
                    let cat = format!("{at}, batched case {}", k + 1);
                    if !matches!(c, Yaml::Hash(_)) {
                        return Err(FormatError::said(format!(
                            "{cat}: expected a case (`{{in: ..., out: ...}}`), found {}",
                            kind(c)
                        )));
                    }
                    if !c["batched"].is_badvalue() {
                        return Err(FormatError::said(format!("{cat}: a batch inside a batch")));
                    }
                    warn_unknown(c, &cat, warnings);
                    let case_name = format!("{name}/{}", k + 1);
                    let mut case = self.case(&case_name, &[c, item, top], &cat, data)?;
                    // What a testlib bridge may award: the batch's points, as a batched
                    // case inherits them (its own where it names some).
                    case.points = Some(if pretest {
                        0.0
                    } else {
                        points_of(&[c, item, top], &cat)?
                    });
                    cases.push(case);
                }
                (name, cases)
            }
            other => {
                return Err(FormatError::said(format!(
                    "{at}: batched: expected a list of cases, found {}",
                    kind(other)
                )))
            }
        };
        depends.dedup();
        if points == 0.0 {
            self.gates.push(name.clone());
        }
        self.groups.push(ScoredGroup {
            name,
            points,
            policy: Policy::Min,
            cases: cases.iter().map(|c| c.name.clone()).collect(),
            depends,
        });
        self.cases.extend(cases);
        Ok(())
    }

    /// One case: its files (from the folder or the archive), and the checker it names.
    fn case(
        &mut self,
        name: &str,
        chain: &[&Yaml],
        at: &str,
        data: &mut Data<'_>,
    ) -> Result<Found, FormatError> {
        let file = |key: &str| -> Result<Option<String>, FormatError> {
            match inherited(chain, key) {
                None => Ok(None),
                Some(Yaml::String(s)) => Ok(Some(s.clone())),
                Some(Yaml::Integer(i)) => Ok(Some(i.to_string())),
                Some(other) => Err(FormatError::said(format!(
                    "{at}: `{key}`: expected a file name, found {}",
                    kind(other)
                ))),
            }
        };
        let (input, answer) = (file("in")?, file("out")?);
        if input.is_none() && inherited(chain, "generator").is_some() {
            return Err(FormatError::said(format!(
                "{at}: its input is made by the `generator`, which the judge does not \
                 run; generate the cases yourself and list them with `in` and `out`"
            )));
        }
        let input = data.file(input.as_deref(), at)?;
        let answer = data.file(answer.as_deref(), at)?;
        let checker = inherited(chain, "checker").cloned().unwrap_or(Yaml::Null);
        self.checkers.push((name.to_string(), checker));
        Ok(Found::new(name.to_string(), input, answer))
    }
}

/// A batch's `dependencies`: 1-based numbers of earlier batches.
fn deps(batch: &Yaml, number: usize, at: &str) -> Result<Vec<usize>, FormatError> {
    let list = match &batch["dependencies"] {
        Yaml::BadValue | Yaml::Null => return Ok(Vec::new()),
        Yaml::Array(a) => a,
        other => {
            return Err(FormatError::said(format!(
                "{at}: dependencies: expected a list of batch numbers, found {}",
                kind(other)
            )))
        }
    };
    list.iter()
        .map(|d| match d.as_i64() {
            Some(n) if n >= 1 && (n as usize) < number => Ok(n as usize),
            _ => Err(FormatError::said(format!(
                "{at}: dependencies: `{}` is not an earlier batch (batches are \
                 numbered from 1 in the order they run; this is batch {number})",
                match d {
                    Yaml::Integer(n) => n.to_string(),
                    Yaml::String(s) => s.clone(),
                    other => kind(other).to_string(),
                }
            ))),
        })
        .collect()
}

/// How outputs are judged: one of DMOJ's named checkers, or the package's own program.
enum Judged {
    Named(Named),
    Tool(Tool),
}

/// The checker every case names (DMOJ lets each case name its own; the judge has one per
/// problem, so differing ones are an error that names two), with a warning for each
/// argument it does not take.
fn checker_of(
    named: &[(String, Yaml)],
    dir: &Path,
    warnings: &mut Vec<String>,
) -> Result<Judged, FormatError> {
    let (first_case, first) = &named[0];
    if let Some((other_case, _)) = named.iter().find(|(_, c)| c != first) {
        return Err(FormatError::said(format!(
            "cases {first_case} and {other_case} name different checkers; the judge \
             has one checker per problem"
        )));
    }
    let (name, args) = name_and_args(first)?;
    let (checker, takes) = judged(&name, &args, dir)?;
    for k in args.keys() {
        let k = k.as_str().unwrap_or("?");
        if !takes.contains(&k) {
            warnings.push(format!(
                "init.yml: checker {name}: argument `{k}` is not one it takes: ignored"
            ));
        }
    }
    Ok(checker)
}

/// A case's `checker`: a name (`floats`), or `{name: floats, args: {precision: 6}}`.
fn name_and_args(checker: &Yaml) -> Result<(String, Args), FormatError> {
    let (name, args) = match checker {
        Yaml::Null => ("standard".to_string(), &Yaml::BadValue),
        Yaml::String(s) => (s.clone(), &Yaml::BadValue),
        Yaml::Hash(_) => match &checker["name"] {
            Yaml::String(s) => (s.clone(), &checker["args"]),
            _ => {
                return Err(FormatError::said(
                    "checker: expected a name (`checker: floats`) or \
                     `{name: floats, args: {precision: 6}}`",
                ))
            }
        },
        other => {
            return Err(FormatError::expected("checker", "a name or a mapping").found(kind(other)))
        }
    };
    match args {
        Yaml::BadValue | Yaml::Null => Ok((name, Args::new())),
        Yaml::Hash(map) => Ok((name, map.clone())),
        other => Err(
            FormatError::expected(format!("checker {name}: args"), "a mapping").found(kind(other)),
        ),
    }
}

/// A checker's arguments.
type Args = yaml_rust2::yaml::Hash;

/// The checker called `name` with `args`, and the arguments it takes (`feedback`: whether
/// DMOJ shows linecount's per-line marks; the judge always names the lines).
fn judged(
    name: &str,
    args: &Args,
    dir: &Path,
) -> Result<(Judged, &'static [&'static str]), FormatError> {
    let arg = |key: &str| args.get(&Yaml::String(key.to_string()));
    let bad = |key: &str, want: &str| FormatError::expected(format!("checker {name}: {key}"), want);
    let flag = |key: &str, default: bool| match arg(key) {
        None => Ok(default),
        Some(Yaml::Boolean(b)) => Ok(*b),
        Some(_) => Err(bad(key, "true or false")),
    };
    let floats = |fixed| floats(arg("precision"), arg("error_mode"), fixed, bad);
    let by = Judged::Named;
    Ok(match name {
        "standard" => (by(Named::Standard), &[]),
        "easy" => (by(Named::Easy), &[]),
        "floats" => (by(floats(None)?), &["precision", "error_mode"]),
        "floatsabs" => (by(floats(Some(ErrorMode::Absolute))?), &["precision"]),
        "floatsrel" => (by(floats(Some(ErrorMode::Relative))?), &["precision"]),
        "identical" => (
            by(Named::Identical {
                pe_allowed: flag("pe_allowed", true)?,
            }),
            &["pe_allowed"],
        ),
        "linecount" => (by(Named::Linecount), &["feedback"]),
        "sorted" => {
            let split = match arg("split_on").map(Yaml::as_str) {
                None | Some(Some("lines")) => SplitOn::Lines,
                Some(Some("whitespace")) => SplitOn::Whitespace,
                Some(_) => return Err(bad("split_on", "lines or whitespace")),
            };
            (by(Named::Sorted(split)), &["split_on"])
        }
        "unordered" => (by(Named::Sorted(SplitOn::Whitespace)), &[]),
        "rstripped" => (
            by(Named::Rstripped {
                filter_new_line: flag("filter_new_line", false)?,
            }),
            &["filter_new_line"],
        ),
        "bridged" => (Judged::Tool(bridged(args, dir)?), BRIDGED_ARGS),
        n if n.contains('.') => {
            return Err(FormatError::said(format!(
                "checker {n}: a Python checker module for DMOJ's judge (its \
                 check(process_output, judge_output, ...)), which the judge does not run; \
                 judge with a checker of your own that speaks testlib's protocol \
                 (`--checker-cmd`)"
            )))
        }
        n => {
            return Err(FormatError::said(format!(
                "checker `{n}`: not one of DMOJ's named checkers ({})",
                named::KNOWN.join(", ")
            )))
        }
    })
}

/// The `floats` checkers' `precision` (6 digits by default) and `error_mode` (`fixed` for
/// `floatsabs` and `floatsrel`, which take none).
fn floats(
    precision: Option<&Yaml>,
    error_mode: Option<&Yaml>,
    fixed: Option<ErrorMode>,
    bad: impl Fn(&str, &str) -> FormatError,
) -> Result<Named, FormatError> {
    let precision = match precision {
        None => 6,
        Some(y) => y
            .as_i64()
            .or_else(|| y.as_str().and_then(|s| s.trim().parse().ok()))
            .filter(|p| (0..=30).contains(p))
            .ok_or_else(|| bad("precision", "a whole number of digits, 0 to 30"))?
            as i32,
    };
    let mode = match (fixed, error_mode.map(Yaml::as_str)) {
        (Some(m), _) => m,
        (None, None | Some(Some("default"))) => ErrorMode::Default,
        (None, Some(Some("absolute"))) => ErrorMode::Absolute,
        (None, Some(Some("relative"))) => ErrorMode::Relative,
        (None, Some(_)) => return Err(bad("error_mode", "default, absolute or relative")),
    };
    Ok(Named::Floats { precision, mode })
}

/// The arguments of a `bridged` checker (its limits are DMOJ's business; its `flags` go to
/// its compiler, as DMOJ's `compile_with_auxiliary_files` passes them).
const BRIDGED_ARGS: &[&str] = &[
    "files",
    "type",
    "lang",
    "time_limit",
    "memory_limit",
    "compiler_time_limit",
    "feedback",
    "flags",
];

/// A `bridged` checker: one source of the package's own, called with the input, the output
/// and the answer, exit 0 for accepted and 1 for wrong (DMOJ's `default` type), or as testlib
/// (`testlib`: also 2 presentation, 3 failure, 7 points).
fn bridged(args: &Args, dir: &Path) -> Result<Tool, FormatError> {
    let get = |k: &str| args.get(&Yaml::String(k.to_string()));
    let files: Vec<String> = match get("files") {
        Some(Yaml::String(s)) => vec![s.clone()],
        Some(Yaml::Array(a)) => a
            .iter()
            .filter_map(|y| y.as_str().map(String::from))
            .collect(),
        _ => {
            return Err(FormatError::expected(
                "checker bridged: args.files",
                "the checker's source file",
            ))
        }
    };
    let kind = get("type").and_then(Yaml::as_str).unwrap_or("default");
    if !matches!(kind, "default" | "testlib") {
        return Err(FormatError::said(format!(
            "checker bridged of type `{kind}`: its protocol is DMOJ's own, which the \
             judge does not speak (it reads `default` and `testlib`); judge with \
             `--checker-cmd`"
        )));
    }
    let sources: Vec<&String> = files
        .iter()
        .filter(|f| ![".h", ".hpp", ".hh"].iter().any(|e| f.ends_with(e)))
        .collect();
    let [source] = sources[..] else {
        return Err(FormatError::said(format!(
            "checker bridged: {} source files ({}); the judge builds a checker of one \
             source (headers beside it are found)",
            sources.len(),
            files.join(", ")
        )));
    };
    let path = inside(dir, source).ok_or_else(|| {
        FormatError::said(format!(
            "checker bridged: {source}: not a file inside the problem folder"
        ))
    })?;
    if !path.is_file() {
        return Err(FormatError::said(format!(
            "checker bridged: no file {} (a bridged checker lives in the problem \
             folder, not in the archive)",
            path.display()
        )));
    }
    let testlib = kind == "testlib" && [".cpp", ".cc", ".cxx"].iter().any(|e| source.ends_with(e));
    let flags = match get("flags") {
        None | Some(Yaml::Null) => Vec::new(),
        Some(Yaml::Array(a)) if a.iter().all(|f| f.as_str().is_some()) => a
            .iter()
            .filter_map(|f| f.as_str().map(String::from))
            .collect(),
        Some(other) => {
            return Err(FormatError::expected(
                "checker bridged: args.flags",
                "a list of compiler flags ([-DFLAG])",
            )
            .found(self::kind(other)))
        }
    };
    if testlib && !flags.is_empty() {
        return Err(FormatError::said(format!(
            "checker bridged: flags {}: the judge builds a testlib checker with its own \
             command, without flags",
            flags.join(" ")
        )));
    }
    Ok(Tool {
        path,
        protocol: if kind == "testlib" {
            Protocol::DmojTestlib
        } else {
            Protocol::DmojDefault
        },
        build: if testlib {
            Build::Testlib
        } else if flags.is_empty() {
            Build::Plain
        } else {
            Build::Flags(flags)
        },
    })
}

/// `dir/name` when `name` is a relative path that stays inside `dir`.
fn inside(dir: &Path, name: &str) -> Option<PathBuf> {
    let rel = Path::new(name);
    let plain = rel
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    (plain && !name.is_empty()).then(|| dir.join(rel))
}

/// Where a case's files come from: the problem folder first, then its archive.
struct Data<'a> {
    dir: &'a Path,
    scratch: &'a Path,
    archive: Option<Archive>,
    /// Bytes copied out of the archive by this read.
    copied: u64,
}

impl Data<'_> {
    /// The file a case names (`None`: the empty file), as a path the judge can open.
    fn file(&mut self, name: Option<&str>, at: &str) -> Result<PathBuf, FormatError> {
        let Some(name) = name else {
            return crate::judge::format::made::empty(self.scratch);
        };
        let path = inside(self.dir, name).ok_or_else(|| {
            FormatError::said(format!(
                "{at}: `{name}`: not a file name inside the problem (no `..`, no `/` first)"
            ))
        })?;
        if path.is_file() {
            return Ok(path);
        }
        let Some(archive) = self.archive.as_mut() else {
            return Err(FormatError::said(format!(
                "{at}: no file {} (and no `archive` to look in)",
                path.display()
            )));
        };
        archive.copy(name, &mut self.copied, at)
    }
}

/// A problem's zip, read in place.
struct Archive {
    path: PathBuf,
    zip: zip::ZipArchive<fs::File>,
    /// Where its files are copied to: the package's cache folder.
    cache: PathBuf,
    /// The most one file, and all files, copied out of it may hold.
    caps: (u64, u64),
}

impl Archive {
    fn open(dir: &Path, name: &str, scratch: &Path) -> Result<Archive, FormatError> {
        let path = inside(dir, name).ok_or_else(|| {
            FormatError::said(format!("archive {name}: not a file inside the problem"))
        })?;
        let file = crate::run::sys::open_regular(&path).map_err(|e| {
            FormatError::said(format!(
                "archive {name}: {e} (it names the zip beside init.yml)"
            ))
        })?;
        let zip = zip::ZipArchive::new(file)
            .map_err(|e| FormatError::said(format!("not a zip archive DMOJ could read: {e}")))?;
        Ok(Archive {
            path,
            zip,
            cache: scratch.join("archive"),
            caps: (ENTRY_CAP, ARCHIVE_CAP),
        })
    }

    /// Copies the entry `name` into the cache (unless it is there already) and gives its
    /// path; the bytes copied count against [`ARCHIVE_CAP`] in `copied`.
    fn copy(&mut self, name: &str, copied: &mut u64, at: &str) -> Result<PathBuf, FormatError> {
        let names = || {
            let mut v: Vec<String> = self
                .zip
                .file_names()
                .filter_map(|n| n.ok().map(|n| crate::text::name(n.as_bytes())))
                .collect();
            v.sort_by(|a, b| crate::judge::format::files::natural_cmp(a, b));
            let more = v.len().saturating_sub(8);
            let mut s = v.into_iter().take(8).collect::<Vec<_>>().join(", ");
            if more > 0 {
                s.push_str(&format!(" and {more} more"));
            }
            s
        };
        let index = match self.zip.index_for_name(name) {
            Some(i) => i,
            None => {
                return Err(FormatError::said(format!(
                    "{at}: `{name}` is neither in the problem folder nor in {} (which holds {})",
                    self.path.display(),
                    names()
                )))
            }
        };
        let mut entry = self
            .zip
            .by_index(index)
            .map_err(|e| FormatError::said(format!("{name}: {e}")).in_file(&self.path))?;
        if entry.is_dir() {
            return Err(
                FormatError::said(format!("{name}: a folder, not a case file")).in_file(&self.path),
            );
        }
        let size = entry.size();
        let key = crate::judge::format::files::fnv1a(name.as_bytes());
        let target = self
            .cache
            .join(format!("{key:016x}-{:08x}-{size}", entry.crc32()));
        if fs::metadata(&target).is_ok_and(|m| m.is_file() && m.len() == size) {
            return Ok(target);
        }
        let too_big = |n: u64, cap: u64, what: &str| {
            FormatError::said(format!(
                "{name}: {n} bytes or more, over the {} MiB {what} (a zip bomb?); unpack the \
                 archive beside init.yml yourself (files there are read first) if it is real",
                cap >> 20
            ))
            .in_file(&self.path)
        };
        let (entry_cap, total_cap) = self.caps;
        let one = "a file copied out of an archive may hold";
        if size > entry_cap {
            return Err(too_big(size, entry_cap, one));
        }
        if copied.saturating_add(size) > total_cap {
            return Err(too_big(
                size,
                total_cap,
                "all files copied out of it may hold",
            ));
        }
        fs::create_dir_all(&self.cache).map_err(error::io(&self.cache))?;
        let part = target.with_extension(format!("part{}", std::process::id()));
        let written = (|| -> io::Result<u64> {
            let mut out = fs::File::create(&part)?;
            // The declared size is not trusted: one byte past it (at most past the cap) is
            // read, so an entry that lies about its size costs no more than it declared.
            let n = io::copy(&mut (&mut entry).take(size.min(entry_cap) + 1), &mut out)?;
            out.flush()?;
            Ok(n)
        })();
        let n = match written {
            Ok(n) => n,
            Err(e) => {
                let _ = fs::remove_file(&part);
                return Err(FormatError::said(format!("{name}: {e}")).in_file(&self.path));
            }
        };
        if n != size || n > entry_cap {
            let _ = fs::remove_file(&part);
            if n > entry_cap {
                return Err(too_big(n, entry_cap, one));
            }
            return Err(FormatError::said(format!(
                "{name}: {n} bytes inflated where the archive declares {size}: a \
                 damaged archive"
            ))
            .in_file(&self.path));
        }
        *copied += n;
        fs::rename(&part, &target).map_err(error::io(&target))?;
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zip of `files` (name, bytes), deflated, at `path`.
    fn zip_of(path: &Path, files: &[(&str, &[u8])]) {
        let mut zip = zip::ZipWriter::new(fs::File::create(path).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in files {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
    }

    #[test]
    fn an_archive_that_inflates_past_the_caps_is_refused_and_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("judge-dmoj-bomb-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        // 4 MiB of zeros deflate to a few KiB: a small bomb against caps of 1 MiB a file and
        // 3 MiB in all.
        let zeros = vec![0u8; 4 << 20];
        let small = vec![b'1'; 600 << 10];
        zip_of(
            &dir.join("x.zip"),
            &[
                ("bomb", &zeros),
                ("a", &small),
                ("b", &small),
                ("c", &small),
                ("d", &small),
            ],
        );
        let scratch = dir.join("scratch");
        let mut a = Archive::open(&dir, "x.zip", &scratch).unwrap();
        a.caps = (1 << 20, 2 << 20);
        let mut copied = 0;
        let e = a
            .copy("bomb", &mut copied, "case 1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("4194304 bytes or more, over the 1 MiB"), "{e}");
        assert!(e.contains("zip bomb"), "{e}");
        for n in ["a", "b", "c"] {
            let p = a.copy(n, &mut copied, "case").unwrap();
            assert_eq!(fs::read(&p).unwrap(), small);
        }
        let e = a.copy("d", &mut copied, "case").unwrap_err().to_string();
        assert!(
            e.contains("over the 2 MiB all files copied out of it may hold"),
            "{e}"
        );
        // Copied once: the same entry again is the cached copy, and nothing half-written
        // is left beside them.
        assert_eq!(copied, 3 * (600 << 10));
        a.copy("a", &mut copied, "case").unwrap();
        assert_eq!(copied, 3 * (600 << 10));
        assert_eq!(fs::read_dir(scratch.join("archive")).unwrap().count(), 3);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn paths_that_leave_the_problem_are_refused() {
        let d = Path::new("/p");
        assert_eq!(inside(d, "a/b.in"), Some(PathBuf::from("/p/a/b.in")));
        assert_eq!(inside(d, "../x"), None);
        assert_eq!(inside(d, "/etc/passwd"), None);
        assert_eq!(inside(d, ""), None);
    }
}
